//! Corpus documents: plain text, Markdown, HTML, PDF and DOCX files, and tables (CSV, TSV,
//! XLSX, JSONL, JSON) with one document per row in a text column.

use crate::entities::decode_entities;
use crate::limits::Limits;
use crate::table::read_table_within;
use crate::{ImportError, archive, decode_text, extension};

const TEXT: &[&str] = &["text", "content", "body", "document", "passage"];
const TITLE: &[&str] = &["title", "name", "doc_id", "id"];
const TOPIC: &[&str] = &["topic", "category", "subject"];

/// Text extracted from a file, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractedDocument {
    /// Display name: the file name, or the row's title.
    pub name: String,
    /// The format it was read from.
    pub format: &'static str,
    /// Plain text.
    pub text: String,
    /// The topic named by a table's topic column, if any.
    pub topic: Option<String>,
    /// Lines of the page's navigation left out (HTML menus, breadcrumbs, "on this page" lists).
    pub navigation_lines: usize,
}

/// The extensions [`read_documents`] understands.
pub const DOCUMENT_EXTENSIONS: &[&str] = &[
    "txt", "text", "md", "markdown", "html", "htm", "pdf", "docx", "csv", "tsv", "jsonl", "ndjson",
    "json", "xlsx",
];

/// Extracts the documents a file holds: one for a text-like file, one per row for a table.
pub fn read_documents(file: &str, bytes: &[u8]) -> Result<Vec<ExtractedDocument>, ImportError> {
    read_documents_within(file, bytes, &Limits::current())
}

/// [`read_documents`] under explicit bounds.
pub fn read_documents_within(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
) -> Result<Vec<ExtractedDocument>, ImportError> {
    read_documents_keeping(file, bytes, limits, false)
}

/// [`read_documents_within`], keeping an HTML page's navigation with `keep_navigation`.
pub fn read_documents_keeping(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
    keep_navigation: bool,
) -> Result<Vec<ExtractedDocument>, ImportError> {
    limits.check_file_size(file, bytes.len() as u64)?;
    let name = std::path::Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(file)
        .to_owned();
    let single = |format: &'static str,
                  (text, navigation_lines): (String, usize)|
     -> Result<Vec<ExtractedDocument>, ImportError> {
        let text = tidy(&text);
        if text.is_empty() {
            return Err(ImportError::file(file, "no text found in this file"));
        }
        Ok(vec![ExtractedDocument {
            name: name.clone(),
            format,
            text,
            topic: None,
            navigation_lines,
        }])
    };
    match extension(file).as_str() {
        "txt" | "text" => single("txt", (decode_text(file, bytes)?, 0)),
        "md" | "markdown" => single("md", (markdown_to_text(&decode_text(file, bytes)?), 0)),
        "html" | "htm" => single(
            "html",
            html_to_text_counted(&decode_text(file, bytes)?, keep_navigation),
        ),
        "pdf" => single("pdf", (pdf_to_text(file, bytes, limits)?, 0)),
        "docx" => single("docx", (docx_to_text(file, bytes, limits)?, 0)),
        "csv" | "tsv" | "jsonl" | "ndjson" | "json" | "xlsx" => {
            table_documents(file, bytes, limits)
        }
        other => Err(ImportError::file(
            file,
            format!(
                "cannot read '.{other}' documents; use one of: {}",
                DOCUMENT_EXTENSIONS.join(", ")
            ),
        )),
    }
}

fn table_documents(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
) -> Result<Vec<ExtractedDocument>, ImportError> {
    let table = read_table_within(file, bytes, limits)?;
    table.require(file, &[("text", TEXT)])?;
    let format = match extension(file).as_str() {
        "csv" => "csv",
        "tsv" => "tsv",
        "xlsx" => "xlsx",
        "json" => "json",
        _ => "jsonl",
    };
    table
        .records
        .iter()
        .map(|record| {
            let (_, text) = record.text(TEXT).ok_or_else(|| {
                ImportError::at(
                    file,
                    record.loc,
                    record.get(TEXT).map(|(n, _)| n),
                    "the text is empty",
                )
            })?;
            Ok(ExtractedDocument {
                name: record.text(TITLE).map_or_else(
                    || format!("{file} {}", record.loc.describe()),
                    |(_, t)| t.to_owned(),
                ),
                format,
                text: tidy(text),
                topic: record.text(TOPIC).map(|(_, t)| t.to_owned()),
                navigation_lines: 0,
            })
        })
        .collect()
}

/// Normalises line endings, trims trailing spaces, and collapses runs of blank lines to one.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.replace("\r\n", "\n").replace('\r', "\n").lines() {
        // A PDF's page break stays on a line of its own until the import joins the pages.
        if line.trim_matches([' ', '\t']) == crate::furniture::PAGE_BREAK.to_string() {
            out.push('\n');
            out.push(crate::furniture::PAGE_BREAK);
            blank = 1;
            continue;
        }
        let line = line.trim_end();
        if line.trim().is_empty() {
            blank += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank > 0 { "\n\n" } else { "\n" });
        }
        blank = 0;
        out.push_str(line);
    }
    out
}

/// Drops Markdown markup that is not text: heading marks, code fences, link targets, emphasis.
fn markdown_to_text(md: &str) -> String {
    let mut out = String::with_capacity(md.len());
    for line in md.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            continue;
        }
        let line = if trimmed.starts_with('#') {
            trimmed.trim_start_matches('#').trim_start()
        } else {
            line
        };
        out.push_str(&strip_links(line).replace("**", "").replace("__", ""));
        out.push('\n');
    }
    out
}

/// `[text](url)` → `text`, `![alt](src)` → `alt`.
fn strip_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some(close_rel) = rest[open..].find("](") else {
            break;
        };
        let close = open + close_rel;
        let Some(end_rel) = rest[close..].find(')') else {
            break;
        };
        let before = &rest[..open];
        out.push_str(before.strip_suffix('!').unwrap_or(before));
        out.push_str(&rest[open + 1..close]);
        rest = &rest[close + end_rel + 1..];
    }
    out.push_str(rest);
    out
}

/// Visible text of an HTML page: tags dropped, `<script>`/`<style>`/`<head>` skipped, block
/// elements on their own lines, entities decoded, and the page's navigation left out (see
/// [`html_to_text_counted`]). Imported text is always shown as text.
pub fn html_to_text(html: &str) -> String {
    html_to_text_counted(html, false).0
}

/// Class and id names that mark an element as navigation rather than content: menus, bars of
/// links, breadcrumb trails, "on this page" lists, skip links and cookie notices. Whole names
/// only ("section-header" or "sidebar" are content on many sites).
const NAVIGATION_NAMES: &[&str] = &[
    "nav",
    "navbar",
    "navigation",
    "menu",
    "mainmenu",
    "submenu",
    "menubar",
    "breadcrumb",
    "breadcrumbs",
    "docnav",
    "toc",
    "page-toc",
    "on-this-page",
    "skip",
    "skip-link",
    "skiplink",
    "cookie",
    "cookies",
    "cookie-banner",
    "cookie-notice",
    "consent",
];

/// ARIA roles of navigation, banners, footers and search boxes.
const NAVIGATION_ROLES: &[&str] = &["navigation", "banner", "contentinfo", "search"];

/// The value of an attribute in a tag's text (`div class="menu main"` → "menu main").
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let lower = tag.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find(name) {
        let start = from + at;
        from = start + name.len();
        let before_ok = start > 0 && lower.as_bytes()[start - 1].is_ascii_whitespace();
        let rest = lower[from..].trim_start();
        if !before_ok || !rest.starts_with('=') {
            continue;
        }
        let value_at = tag.len() - rest.len() + 1;
        let value = tag[value_at..].trim_start();
        let (quote, body) = match value.chars().next() {
            Some(q @ ('"' | '\'')) => (Some(q), &value[1..]),
            _ => (None, value),
        };
        let end = match quote {
            Some(q) => body.find(q).unwrap_or(body.len()),
            None => body
                .find(|c: char| c.is_whitespace() || c == '/')
                .unwrap_or(body.len()),
        };
        return Some(&body[..end]);
    }
    None
}

/// Whether an opening tag starts the page's navigation: `<nav>`, a navigation role, a class or
/// id of [`NAVIGATION_NAMES`], or a `<header>`/`<footer>` of the page (outside any `<main>` or
/// `<article>`).
fn is_navigation(name: &str, tag: &str, in_content: bool) -> bool {
    if name == "nav" || (matches!(name, "header" | "footer") && !in_content) {
        return true;
    }
    if attribute(tag, "role").is_some_and(|r| NAVIGATION_ROLES.contains(&r.trim())) {
        return true;
    }
    let named = |value: Option<&str>| {
        value.is_some_and(|v| {
            v.split_whitespace()
                .any(|n| NAVIGATION_NAMES.contains(&n.to_ascii_lowercase().as_str()))
        })
    };
    named(attribute(tag, "class")) || named(attribute(tag, "id"))
}

/// Elements without a closing tag.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// [`html_to_text`], keeping the navigation with `keep_navigation`; and how many lines of text the
/// navigation held (0 when kept).
pub fn html_to_text_counted(html: &str, keep_navigation: bool) -> (String, usize) {
    const BLOCKS: &[&str] = &[
        "p",
        "div",
        "br",
        "li",
        "ul",
        "ol",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "tr",
        "table",
        "section",
        "article",
        "header",
        "footer",
        "pre",
        "blockquote",
        "title",
        "nav",
        "dt",
        "dd",
    ];
    let mut out = String::with_capacity(html.len() / 2);
    let mut navigation = String::new();
    let mut rest = html;
    // The element being skipped: its name, how deep inside it we are, and whether it is
    // navigation (kept aside and counted) or never text (scripts, styles).
    let mut skipping: Option<(String, usize, bool)> = None;
    let mut in_content = 0usize;
    while let Some(lt) = rest.find('<') {
        match &skipping {
            None => out.push_str(&decode_entities(&rest[..lt])),
            Some((_, _, true)) => navigation.push_str(&decode_entities(&rest[..lt])),
            Some(_) => {}
        }
        let after = &rest[lt + 1..];
        if let Some(comment) = after.strip_prefix("!--") {
            rest = comment.find("-->").map_or("", |e| &comment[e + 3..]);
            continue;
        }
        let Some(gt) = after.find('>') else {
            rest = "";
            break;
        };
        let tag = &after[..gt];
        rest = &after[gt + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        let opens = !closing && !tag.ends_with('/') && !VOID.contains(&name.as_str());
        if let Some((until, depth, nav)) = &mut skipping {
            if name == *until {
                if closing {
                    *depth -= 1;
                } else if opens {
                    *depth += 1;
                }
            }
            if *nav && BLOCKS.contains(&name.as_str()) {
                navigation.push('\n');
            }
            let done = *depth == 0;
            if done {
                skipping = None;
            }
            continue;
        }
        if matches!(name.as_str(), "main" | "article") {
            if closing {
                in_content = in_content.saturating_sub(1);
            } else {
                in_content += 1;
            }
        }
        if opens && ["script", "style", "head", "noscript", "template"].contains(&name.as_str()) {
            skipping = Some((name, 1, false));
            continue;
        }
        if opens && !keep_navigation && is_navigation(&name, tag, in_content > 0) {
            skipping = Some((name, 1, true));
            continue;
        }
        if BLOCKS.contains(&name.as_str()) {
            out.push('\n');
        } else if name == "td" || name == "th" {
            out.push('\t');
        }
    }
    if skipping.is_none() {
        out.push_str(&decode_entities(rest));
    }
    let tidy_lines = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    let dropped = tidy_lines(&navigation)
        .iter()
        .filter(|l| !l.is_empty())
        .count();
    (tidy_lines(&out).join("\n"), dropped)
}

fn pdf_to_text(file: &str, bytes: &[u8], limits: &Limits) -> Result<String, ImportError> {
    archive::check_pdf(file, bytes, limits)?;
    // pdf-extract panics on some malformed files; a bad PDF must be a message, not a crash.
    // Page by page: the pages stay apart (crate::furniture::PAGE_BREAK) until the import sets
    // their running headers and page numbers aside.
    let extracted = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(bytes));
    match extracted {
        Ok(Ok(pages)) if pages.iter().any(|p| !p.trim().is_empty()) => {
            Ok(pages.join(&format!("\n{}\n", crate::furniture::PAGE_BREAK)))
        }
        Ok(Ok(_)) => Err(ImportError::file(
            file,
            "the PDF holds no extractable text (a scanned image?); run it through OCR first",
        )),
        Ok(Err(e)) => Err(ImportError::file(file, format!("cannot read the PDF: {e}"))),
        Err(_) => Err(ImportError::file(
            file,
            "cannot read the PDF: the file is damaged or uses unsupported features",
        )),
    }
}

fn docx_to_text(file: &str, bytes: &[u8], limits: &Limits) -> Result<String, ImportError> {
    use quick_xml::events::Event;
    let xml = archive::read_entry(file, bytes, limits, "a DOCX file", "word/document.xml")?;
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut out = String::new();
    let mut in_text = false;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) if e.name().as_ref() == b"w:t" => in_text = true,
            Ok(Event::End(e)) if e.name().as_ref() == b"w:t" => in_text = false,
            Ok(Event::End(e)) if e.name().as_ref() == b"w:p" => out.push('\n'),
            Ok(Event::Empty(e)) if e.name().as_ref() == b"w:tab" => out.push('\t'),
            Ok(Event::Empty(e)) if e.name().as_ref() == b"w:br" => out.push('\n'),
            Ok(Event::Text(t)) if in_text => {
                let text = t.unescape().map_err(|e| {
                    ImportError::file(file, format!("damaged text in the document: {e}"))
                })?;
                out.push_str(&text);
            }
            Ok(Event::Eof) => break,
            Err(e) => {
                return Err(ImportError::file(
                    file,
                    format!(
                        "the document body is not valid XML at byte {}: {e}",
                        reader.buffer_position()
                    ),
                ));
            }
            Ok(_) => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_keeps_visible_text_only() {
        let html = "<html><head><title>T</title><style>p{}</style></head><body>\
                    <h1>Rates &amp; fees</h1><script>alert(1)</script><p>Fee is &lt;5&#37;.</p>\
                    <!-- hidden --><p>Second&nbsp;para</p></body></html>";
        assert_eq!(
            tidy(&html_to_text(html)),
            "Rates & fees\n\nFee is <5%.\n\nSecond para"
        );
    }

    #[test]
    fn navigation_is_left_out_by_structure_and_counted() {
        let html = r#"<html><body><div class="menu mainmenu"><ul><li>Home</li><li>About</li></ul></div>
            <nav><a>Docs</a><div><a>Nested</a></div></nav><div role="navigation">Back · Next</div>
            <main><header><h1>Write-Ahead Logging</h1></header><p>The WAL file grows.</p>
            <div class="sidebar"><p>A content box stays.</p></div><pre>PRAGMA journal_mode=WAL;</pre>
            </main><footer>Copyright</footer></body></html>"#;
        let (text, dropped) = html_to_text_counted(html, false);
        for kept in [
            "Write-Ahead Logging",
            "The WAL file grows.",
            "A content box stays.",
            "PRAGMA journal_mode=WAL;",
        ] {
            assert!(text.contains(kept), "{text}");
        }
        for gone in ["Home", "About", "Docs", "Nested", "Back", "Copyright"] {
            assert!(!text.contains(gone), "{gone} in {text}");
        }
        assert_eq!(dropped, 6);
        let (all, none) = html_to_text_counted(html, true);
        assert!(all.contains("Home") && all.contains("Nested") && all.contains("Copyright"));
        assert_eq!(none, 0);
    }

    #[test]
    fn markdown_loses_markup_but_keeps_words() {
        let md = "# Title\n\nSee [the guide](http://x) and **bold** text.\n```\ncode\n```\n";
        assert_eq!(
            tidy(&markdown_to_text(md)),
            "Title\n\nSee the guide and bold text.\ncode"
        );
    }

    #[test]
    fn tables_give_one_document_per_row_with_topics() {
        let docs =
            read_documents("c.csv", b"title,topic,text\nA,Billing,First.\nB,,Second.\n").unwrap();
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[0].topic.as_deref(), Some("Billing"));
        assert_eq!(docs[1].name, "B");
        let err = read_documents("c.csv", b"title,text\nA,\n").unwrap_err();
        assert_eq!(err.to_string(), "c.csv:2:text: the text is empty");
    }

    #[test]
    fn damaged_binary_documents_are_messages_not_crashes() {
        assert!(read_documents("x.pdf", b"%PDF-1.4 garbage").is_err());
        let err = read_documents("x.docx", b"not a zip").unwrap_err();
        assert!(err.message.starts_with("not a DOCX file"), "{err}");
    }
}
