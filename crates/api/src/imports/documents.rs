//! What an import of documents does to their text and topics before storing them: pages joined
//! without their running lines, furniture repeated across pages set aside, look-alike topics
//! named.

use crate::ApiResult;
use proctor_store::NewDocument;

/// Joins the pages of each PDF, setting aside (with `set_aside`) its running headers, footers
/// and page numbers, and joins the words its lines broke; says how many lines went from how
/// many documents, and how many words were joined.
pub(super) fn join_pages(documents: &mut [NewDocument], set_aside: bool) -> Vec<String> {
    use proctor_formats::furniture::{PAGE_BREAK, without_running_lines};
    let (mut lines, mut touched, mut words) = (0usize, 0usize, 0usize);
    for doc in documents.iter_mut().filter(|d| d.text.contains(PAGE_BREAK)) {
        let (text, dropped) = if set_aside {
            without_running_lines(&doc.text)
        } else {
            (String::new(), 0)
        };
        if text.trim().is_empty() {
            doc.text = doc.text.replace(PAGE_BREAK, "\n");
        } else {
            doc.text = text;
            doc.set_aside += dropped;
            lines += dropped;
            touched += usize::from(dropped > 0);
        }
        let (text, joined) = proctor_formats::hyphens::joined_hyphens(&doc.text);
        let (text, paths) = proctor_formats::hyphens::joined_paths(&text);
        doc.text = text;
        words += joined + paths;
    }
    let mut notes = Vec::new();
    if lines > 0 {
        notes.push(format!(
            "running headers, footers and page numbers set aside: {lines} lines from {touched} \
             PDF documents — import again with “keep navigation and repeated lines” to keep them"
        ));
    }
    if words > 0 {
        notes.push(format!(
            "words and paths broken across lines in PDF documents joined again: {words} \
             (“pack-” + “ages” → “packages”, “/usr/” + “sbin” → “/usr/sbin”; a compound keeps \
             its hyphen)"
        ));
    }
    notes
}

/// Sets aside the lines repeated on most of the documents (a site's navigation, menus, headers
/// and footers) and says what went: how many lines from how many documents, with examples.
pub(super) fn set_furniture_aside(documents: &mut [NewDocument]) -> Option<String> {
    let texts: Vec<&str> = documents.iter().map(|d| d.text.as_str()).collect();
    let furniture = proctor_formats::furniture::repeated_lines(&texts);
    if furniture.is_empty() {
        return None;
    }
    let (mut lines, mut touched) = (0usize, 0usize);
    for doc in documents.iter_mut() {
        let (text, dropped) = proctor_formats::furniture::without_lines(&doc.text, &furniture);
        if dropped > 0 && !text.trim().is_empty() {
            doc.text = text;
            doc.set_aside += dropped;
            lines += dropped;
            touched += 1;
        }
    }
    let mut examples: Vec<&String> = furniture.iter().collect();
    examples.sort_by_key(|l| (std::cmp::Reverse(l.len()), (*l).clone()));
    let examples: Vec<String> = examples
        .iter()
        .take(3)
        .map(|l| format!("“{}”", l.chars().take(60).collect::<String>()))
        .collect();
    Some(format!(
        "page furniture set aside: {lines} lines repeated on most pages ({} different, e.g. {}) \
         from {touched} documents — import again with “keep navigation and repeated lines” to \
         keep them",
        furniture.len(),
        examples.join(", ")
    ))
}

/// Topics asked for under one spelling and kept under another that looks alike on screen
/// ("billing" under "Billing"): one note per kept topic.
pub(super) fn look_alike_topics(
    tx: &proctor_store::Tx<'_>,
    documents: &[NewDocument],
) -> ApiResult<Vec<String>> {
    let asked: std::collections::BTreeSet<&str> = documents
        .iter()
        .filter_map(|d| d.topic.as_deref())
        .collect();
    let mut merged: std::collections::BTreeMap<String, Vec<&str>> =
        std::collections::BTreeMap::new();
    for name in asked {
        if let Some((_, kept)) = tx.existing_topic(name)?
            && kept != name
        {
            merged.entry(kept).or_default().push(name);
        }
    }
    Ok(merged
        .into_iter()
        .map(|(kept, names)| {
            let names: Vec<String> = names.iter().map(|n| format!("“{n}”")).collect();
            format!(
                "{} would look like “{kept}” on screen: those documents are under the one \
                 topic “{kept}”",
                names.join(" and ")
            )
        })
        .collect())
}
