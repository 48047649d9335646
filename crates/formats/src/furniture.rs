//! Page furniture: text that repeats across most pages of one corpus (a site's navigation,
//! its menus, header and footer lines — "Home Menu About Documentation Download", "Small. Fast.
//! Reliable. Choose any three.") is not what the pages say, and is set aside before the
//! documents are stored, counted and shown.

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
}
