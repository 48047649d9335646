//! Articles per query (EXAM mode) and gold articles: `query` and `text` columns in CSV, TSV,
//! XLSX, JSONL or a JSON list, or a JSON object `{"query id": "article text", …}`.

use crate::table::{json_records, parse_json, read_table};
use crate::{ImportError, Location, extension};
use proctor_core::text::clean_name;
use std::collections::HashMap;

const QUERY: &[&str] = &["query", "query_id", "qid", "topic_id", "id"];
const TEXT: &[&str] = &["article", "text", "content", "body", "response"];

/// One article as written in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleRow {
    /// Where it is in the file.
    pub location: Location,
    /// The query the article answers.
    pub query: String,
    /// The article (may be empty: the system wrote nothing for this query).
    pub text: String,
}

/// Reads an articles file.
pub fn read_articles(file: &str, bytes: &[u8]) -> Result<Vec<ArticleRow>, ImportError> {
    let table = if extension(file) == "json" {
        let text = crate::decode_text(file, bytes)?;
        let doc = parse_json(file, &text)?;
        if let serde_json::Value::Object(map) = &doc
            && !map.is_empty()
            && map.values().all(serde_json::Value::is_string)
        {
            return Ok(map
                .iter()
                .enumerate()
                .map(|(i, (query, text))| ArticleRow {
                    location: Location::Record(i + 1),
                    query: clean_name(query),
                    text: text.as_str().unwrap_or_default().to_owned(),
                })
                .collect());
        }
        json_records(file, &doc)?
    } else {
        read_table(file, bytes)?
    };
    table.require(file, &[("query", QUERY), ("article text", TEXT)])?;
    let mut seen: HashMap<String, Location> = HashMap::new();
    let mut rows = Vec::with_capacity(table.records.len());
    for record in &table.records {
        let (field, query) = record.text(QUERY).ok_or_else(|| {
            ImportError::at(
                file,
                record.loc,
                record.get(QUERY).map(|(n, _)| n),
                "the query is empty",
            )
        })?;
        let query = clean_name(query);
        if let Some(first) = seen.insert(query.clone(), record.loc) {
            return Err(ImportError::at(
                file,
                record.loc,
                Some(field),
                format!(
                    "query '{query}' has two articles (first at {})",
                    first.describe()
                ),
            ));
        }
        rows.push(ArticleRow {
            location: record.loc,
            query,
            text: record
                .text(TEXT)
                .map(|(_, t)| t.to_owned())
                .unwrap_or_default(),
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tables_and_maps() {
        let rows =
            read_articles("a.jsonl", b"{\"query\": \"q1\", \"text\": \"Alpha.\"}\n").unwrap();
        assert_eq!(rows[0].text, "Alpha.");
        let rows = read_articles("a.json", br#"{"q1": "Alpha.", "q2": ""}"#).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].text, "");
    }

    #[test]
    fn refuses_two_articles_for_one_query() {
        let err = read_articles("a.csv", b"query,text\nq1,a\nq1,b\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.csv:3:query: query 'q1' has two articles (first at line 2)"
        );
    }
}
