//! Corpus documents: plain text, Markdown, HTML, PDF and DOCX files, and tables (CSV, TSV,
//! XLSX, JSONL, JSON) with one document per row in a text column.

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
    limits.check_file_size(file, bytes.len() as u64)?;
    let name = std::path::Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(file)
        .to_owned();
    let single =
        |format: &'static str, text: String| -> Result<Vec<ExtractedDocument>, ImportError> {
            let text = tidy(&text);
            if text.is_empty() {
                return Err(ImportError::file(file, "no text found in this file"));
            }
            Ok(vec![ExtractedDocument {
                name: name.clone(),
                format,
                text,
                topic: None,
            }])
        };
    match extension(file).as_str() {
        "txt" | "text" => single("txt", decode_text(file, bytes)?),
        "md" | "markdown" => single("md", markdown_to_text(&decode_text(file, bytes)?)),
        "html" | "htm" => single("html", html_to_text(&decode_text(file, bytes)?)),
        "pdf" => single("pdf", pdf_to_text(file, bytes, limits)?),
        "docx" => single("docx", docx_to_text(file, bytes, limits)?),
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
            })
        })
        .collect()
}

/// Normalises line endings, trims trailing spaces, and collapses runs of blank lines to one.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.replace("\r\n", "\n").replace('\r', "\n").lines() {
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
/// elements on their own lines, entities decoded. Imported text is always shown as text.
pub fn html_to_text(html: &str) -> String {
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
    ];
    let mut out = String::with_capacity(html.len() / 2);
    let mut rest = html;
    let mut skip_until: Option<String> = None;
    while let Some(lt) = rest.find('<') {
        if skip_until.is_none() {
            out.push_str(&decode_entities(&rest[..lt]));
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
        if let Some(until) = &skip_until {
            if closing && name == *until {
                skip_until = None;
            }
            continue;
        }
        if !closing && ["script", "style", "head", "noscript", "template"].contains(&name.as_str())
        {
            skip_until = Some(name);
            continue;
        }
        if BLOCKS.contains(&name.as_str()) {
            out.push('\n');
        } else if name == "td" || name == "th" {
            out.push('\t');
        }
    }
    if skip_until.is_none() {
        out.push_str(&decode_entities(rest));
    }
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        // An entity is short: look for its ';' among the next few bytes only, so that a long
        // run of '&' without one stays linear (defect 6 of issue 9).
        let semi = after.bytes().take(11).position(|b| b == b';');
        let decoded = semi.and_then(|semi| {
            let entity = &after[..semi];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                "mdash" => Some('—'),
                "ndash" => Some('–'),
                "hellip" => Some('…'),
                _ => entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            };
            c.map(|c| (c, semi))
        });
        if let Some((c, semi)) = decoded {
            out.push(c);
            rest = &after[semi + 1..];
        } else {
            out.push('&');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

fn pdf_to_text(file: &str, bytes: &[u8], limits: &Limits) -> Result<String, ImportError> {
    archive::check_pdf(file, bytes, limits)?;
    // pdf-extract panics on some malformed files; a bad PDF must be a message, not a crash.
    let extracted = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem(bytes));
    match extracted {
        Ok(Ok(text)) if !text.trim().is_empty() => Ok(text),
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
