//! Page furniture: text that repeats across most pages of one corpus (a site's navigation,
//! its menus, header and footer lines — "Home Menu About Documentation Download", "Small. Fast.
//! Reliable. Choose any three.") is not what the pages say, and is set aside before the
//! documents are stored, counted and shown. Within one PDF, the running headers and footers
//! repeated on most of its pages (their page numbers aside) and the lines that are only a page
//! number are furniture too.

use std::collections::{HashMap, HashSet};

/// The fewest documents an import needs before repetition tells furniture from content.
pub const FURNITURE_MIN_DOCUMENTS: usize = 4;

/// The longest line taken for furniture: a navigation line is short, a repeated paragraph is
/// a licence or a disclaimer the reader may still need.
const FURNITURE_MAX_CHARS: usize = 160;

/// The lines that stand in at least half of the documents (and in at least
/// [`FURNITURE_MIN_DOCUMENTS`] of them): the corpus's page furniture. Lines are compared with
/// their spaces normalised.
pub fn repeated_lines(texts: &[&str]) -> HashSet<String> {
    if texts.len() < FURNITURE_MIN_DOCUMENTS {
        return HashSet::new();
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    for text in texts {
        let lines: HashSet<String> = text
            .lines()
            .map(normal)
            .filter(|l| !l.is_empty() && l.chars().count() <= FURNITURE_MAX_CHARS)
            .collect();
        for line in lines {
            *seen.entry(line).or_default() += 1;
        }
    }
    let needed = texts.len().div_ceil(2).max(FURNITURE_MIN_DOCUMENTS);
    seen.into_iter()
        .filter(|(_, n)| *n >= needed)
        .map(|(line, _)| line)
        .collect()
}

fn normal(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text without the furniture's lines, and how many lines went. The blank lines left
/// where they stood close up (one blank line at most, none at either end).
pub fn without_lines<S: std::hash::BuildHasher>(
    text: &str,
    furniture: &HashSet<String, S>,
) -> (String, usize) {
    if furniture.is_empty() {
        return (text.to_owned(), 0);
    }
    let mut dropped = 0;
    let mut kept: Vec<&str> = Vec::new();
    for line in text.lines() {
        if furniture.contains(&normal(line)) {
            dropped += 1;
        } else if !line.trim().is_empty() || kept.last().is_some_and(|l| !l.trim().is_empty()) {
            kept.push(line);
        }
    }
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    (kept.join("\n"), dropped)
}

/// What separates the pages of a PDF's extracted text until its running lines are set aside.
pub const PAGE_BREAK: char = '\u{c}';

/// A line that is only a page number: "17", "- 17 -", "Page 17", "17 of 240", "xii".
fn page_number(line: &str) -> bool {
    let words: Vec<String> = line
        .split(|c: char| c.is_whitespace() || matches!(c, '-' | '–' | '—' | '|' | '/' | '[' | ']'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let numeric = |w: &str| {
        w.chars().all(|c| c.is_ascii_digit())
            || (w.len() <= 6 && w.chars().all(|c| matches!(c, 'i' | 'v' | 'x' | 'l' | 'c')))
    };
    match words.as_slice() {
        [n] => numeric(n),
        [page, n] => page == "page" && numeric(n),
        [n, of, m] => numeric(n) && of == "of" && numeric(m),
        [page, n, of, m] => page == "page" && numeric(n) && of == "of" && numeric(m),
        _ => false,
    }
}

/// A line with its digits stood for by "#": a running header is the same line on every page but
/// for its page number.
fn shape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in normal(line).chars() {
        if c.is_ascii_digit() {
            if !out.ends_with('#') {
                out.push('#');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A PDF's text (pages separated by [`PAGE_BREAK`]) without its running headers and footers
/// (lines of the same shape on at least half of its pages, and at least
/// [`FURNITURE_MIN_DOCUMENTS`] of them) and page numbers, pages joined by a blank line; and how
/// many lines went.
pub fn without_running_lines(text: &str) -> (String, usize) {
    let pages: Vec<&str> = text.split(PAGE_BREAK).collect();
    let mut running: HashSet<String> = HashSet::new();
    if pages.len() >= FURNITURE_MIN_DOCUMENTS {
        let mut seen: HashMap<String, usize> = HashMap::new();
        for page in &pages {
            let shapes: HashSet<String> = page
                .lines()
                .map(shape)
                .filter(|l| !l.is_empty() && l.chars().count() <= FURNITURE_MAX_CHARS)
                .collect();
            for s in shapes {
                *seen.entry(s).or_default() += 1;
            }
        }
        let needed = pages.len().div_ceil(2).max(FURNITURE_MIN_DOCUMENTS);
        running = seen
            .into_iter()
            .filter(|(_, n)| *n >= needed)
            .map(|(s, _)| s)
            .collect();
    }
    let mut dropped = 0;
    let mut kept: Vec<String> = Vec::with_capacity(pages.len());
    for page in pages {
        let lines: Vec<&str> = page
            .lines()
            .filter(|line| {
                let gone = !line.trim().is_empty()
                    && (page_number(line) || running.contains(&shape(line)));
                dropped += usize::from(gone);
                !gone
            })
            .collect();
        kept.push(lines.join("\n").trim().to_owned());
    }
    kept.retain(|p| !p.is_empty());
    (kept.join("\n\n"), dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_on_most_pages_are_furniture() {
        let pages: Vec<String> = (0..6)
            .map(|i| {
                format!(
                    "Small. Fast. Reliable.\nHome  About Download\nPage {i} says something of its own.\n{}",
                    if i < 2 { "A line two pages share." } else { "" }
                )
            })
            .collect();
        let texts: Vec<&str> = pages.iter().map(String::as_str).collect();
        let furniture = repeated_lines(&texts);
        assert!(furniture.contains("Small. Fast. Reliable."));
        assert!(
            furniture.contains("Home About Download"),
            "spaces normalised"
        );
        assert!(!furniture.contains("A line two pages share."));
        let (text, dropped) = without_lines(&format!("\n\n{}\n\n\n", pages[0]), &furniture);
        assert_eq!(dropped, 2);
        assert_eq!(
            text,
            "Page 0 says something of its own.\nA line two pages share."
        );
        // Too few pages to tell: nothing is furniture.
        assert!(repeated_lines(&texts[..3]).is_empty());
    }

    #[test]
    fn running_headers_and_page_numbers_of_a_pdf_go() {
        let topics = [
            "binary packages",
            "source packages",
            "control files",
            "scripts",
            "menus",
            "files",
        ];
        let pages: Vec<String> = topics
            .iter()
            .zip(1..)
            .map(|(topic, i)| {
                format!(
                    "Debian Policy Manual, Release 4.6.2.{i}\nThis page is about {topic}.\n\n- {i} -\n"
                )
            })
            .collect();
        let text = pages.join(&PAGE_BREAK.to_string());
        let (clean, dropped) = without_running_lines(&text);
        assert_eq!(dropped, 12, "{clean}");
        assert!(
            clean.starts_with("This page is about binary packages.\n\nThis page is about source"),
            "{clean}"
        );
        assert!(!clean.contains(PAGE_BREAK));
        // Lines that only look like numbers in the text stay; "17 of 240" is a page number.
        assert!(page_number("17 of 240") && page_number("Page xii") && page_number("– 3 –"));
        assert!(!page_number("17 packages") && !page_number(""));
        // Too few pages: only the page numbers go.
        let (clean, dropped) = without_running_lines(&pages[..2].join(&PAGE_BREAK.to_string()));
        assert_eq!(dropped, 2);
        assert!(clean.contains("Debian Policy Manual"));
    }
}
