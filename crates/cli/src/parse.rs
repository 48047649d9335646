//! Parsers of command-line values: what to import, a factor tag, a report section.

use proctor_api::dto::{Factor, ImportKind, ReportSection};

pub(crate) fn parse_kind(text: &str) -> Result<ImportKind, String> {
    ImportKind::ALL
        .into_iter()
        .find(|k| k.as_str() == text)
        .ok_or_else(|| {
            let names: Vec<&str> = ImportKind::ALL.iter().map(|k| k.as_str()).collect();
            format!(
                "'{text}' is not something Proctor imports; use one of: {}",
                names.join(", ")
            )
        })
}

pub(crate) fn parse_factor(text: &str) -> Result<Factor, String> {
    let (name, level) = text
        .split_once('=')
        .filter(|(n, l)| !n.trim().is_empty() && !l.trim().is_empty())
        .ok_or_else(|| format!("'{text}' is not name=level, e.g. retriever=bm25"))?;
    Ok(Factor {
        name: name.trim().to_owned(),
        level: level.trim().to_owned(),
    })
}

pub(crate) fn parse_section(text: &str) -> Result<ReportSection, String> {
    serde_json::from_value(serde_json::Value::String(text.trim().to_owned())).map_err(|_| {
        format!(
            "'{text}' is not a section (question, exam, leaderboard, head_to_head, articles, formulations, topics, bloom, irt, quality, systems, methods, provenance)"
        )
    })
}
