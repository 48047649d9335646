//! Reference nuggets per query (METHODS.md §7): the facts a good article for the query states,
//! each vital or okay.
//!
//! - TREC style (any extension other than the table ones, e.g. `.txt`): one nugget a line,
//!   `query nugget-id vital|okay text…`, fields separated by white space; blank lines and lines
//!   starting with `#` are skipped.
//! - CSV, TSV, XLSX, JSON or JSONL with columns `query`, `nugget` (its id), `importance`
//!   (`vital`/`okay`; or a `vital` column of yes/no, true/false, 1/0) and `text`.

use crate::table::read_table;
use crate::{ImportError, Limits, Location, decode_text, extension};
use proctor_core::text::clean_name;
use std::collections::HashMap;

const QUERY: &[&str] = &["query", "query_id", "qid", "topic", "topic_id"];
const ID: &[&str] = &["nugget", "nugget_id", "id", "nid"];
const IMPORTANCE: &[&str] = &["importance", "label", "type", "grade"];
const VITAL: &[&str] = &["vital", "is_vital"];
const TEXT: &[&str] = &["text", "nugget_text", "description", "fact"];

/// Extensions read as tables; anything else is read as TREC lines.
const TABLES: &[&str] = &[
    "csv", "tsv", "tab", "xlsx", "xlsm", "xls", "ods", "xlsb", "json", "jsonl", "ndjson",
];

/// One nugget as written in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NuggetRow {
    /// Where it is in the file.
    pub location: Location,
    /// The query it belongs to.
    pub query: String,
    /// Its id within the query.
    pub id: String,
    /// Vital (must have) or okay (nice to have).
    pub vital: bool,
    /// The fact.
    pub text: String,
}

/// "vital" / "okay" (and their usual spellings) as vital or not.
fn importance(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "vital" | "v" | "must" => Some(true),
        "okay" | "ok" | "o" | "non-vital" | "nonvital" | "non_vital" => Some(false),
        _ => None,
    }
}

/// yes/no spellings of a `vital` column.
fn yes_no(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "1" | "vital" => Some(true),
        "no" | "n" | "false" | "0" | "okay" | "ok" => Some(false),
        _ => None,
    }
}

/// Reads a nuggets file.
pub fn read_nuggets(file: &str, bytes: &[u8]) -> Result<Vec<NuggetRow>, ImportError> {
    let rows = if TABLES.contains(&extension(file).as_str()) {
        read_table_rows(file, bytes)?
    } else {
        read_trec(file, bytes)?
    };
    if rows.is_empty() {
        return Err(ImportError::file(file, "the file holds no nuggets"));
    }
    let mut seen: HashMap<(String, String), Location> = HashMap::new();
    for row in &rows {
        if let Some(first) = seen.insert((row.query.clone(), row.id.clone()), row.location) {
            return Err(ImportError::at(
                file,
                row.location,
                Some("nugget"),
                format!(
                    "query '{}' has two nuggets with id '{}' (first at {})",
                    row.query,
                    row.id,
                    first.describe()
                ),
            ));
        }
    }
    Ok(rows)
}

/// The first white-space-separated field of `line` and what follows it.
fn next_field(line: &str) -> (&str, &str) {
    let line = line.trim_start();
    let end = line.find(char::is_whitespace).unwrap_or(line.len());
    line.split_at(end)
}

fn read_trec(file: &str, bytes: &[u8]) -> Result<Vec<NuggetRow>, ImportError> {
    Limits::current().check_file_size(file, bytes.len() as u64)?;
    let text = decode_text(file, bytes)?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let location = Location::Line(i + 1);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (query, rest) = next_field(trimmed);
        let (id, rest) = next_field(rest);
        let (label, rest) = next_field(rest);
        let text = rest.trim();
        if label.is_empty() || text.is_empty() {
            return Err(ImportError::at(
                file,
                location,
                None,
                "a nugget line has 4 parts (query, nugget id, vital or okay, text)",
            ));
        }
        let vital = importance(label).ok_or_else(|| {
            ImportError::at(
                file,
                location,
                Some("importance"),
                format!("'{label}' is neither vital nor okay"),
            )
        })?;
        let query = clean_name(query);
        if query.is_empty() {
            return Err(ImportError::at(
                file,
                location,
                Some("query"),
                "the query is empty once invisible characters are removed",
            ));
        }
        rows.push(NuggetRow {
            location,
            query,
            id: id.to_owned(),
            vital,
            text: text.to_owned(),
        });
    }
    Ok(rows)
}

fn read_table_rows(file: &str, bytes: &[u8]) -> Result<Vec<NuggetRow>, ImportError> {
    let table = read_table(file, bytes)?;
    table.require(file, &[("query", QUERY), ("nugget text", TEXT)])?;
    if !table.has(IMPORTANCE) && !table.has(VITAL) {
        return Err(ImportError::at(
            file,
            Location::Line(1),
            None,
            format!(
                "the file has no importance column (expected one of: {}, or a yes/no column {})",
                IMPORTANCE.join(", "),
                VITAL.join(", ")
            ),
        ));
    }
    let mut rows = Vec::with_capacity(table.records.len());
    let mut count_per_query: HashMap<String, usize> = HashMap::new();
    for record in &table.records {
        let (_, query) = record.required_name(file, QUERY, "query")?;
        let text = record.required(file, TEXT, "nugget's text")?.1.to_owned();
        let vital = if let Some((field, value)) = record.text(IMPORTANCE) {
            importance(value).ok_or_else(|| {
                ImportError::at(
                    file,
                    record.loc,
                    Some(field),
                    format!("'{value}' is neither vital nor okay"),
                )
            })?
        } else {
            let (field, value) = record.required(file, VITAL, "importance")?;
            yes_no(value).ok_or_else(|| {
                ImportError::at(
                    file,
                    record.loc,
                    Some(field),
                    format!("'{value}' is not yes or no"),
                )
            })?
        };
        let counter = count_per_query.entry(query.clone()).or_insert(0);
        *counter += 1;
        // A file without ids numbers each query's nuggets in file order.
        let id = record
            .text(ID)
            .map_or_else(|| counter.to_string(), |(_, id)| id.to_owned());
        rows.push(NuggetRow {
            location: record.loc,
            query,
            id,
            vital,
            text,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_trec_lines() {
        let rows = read_nuggets(
            "n.txt",
            b"# TREC 2005 style\n1.1 1 vital Tidewater stores backups nightly\n\n1.1 2 okay It is a product\n",
        )
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].query, "1.1");
        assert!(rows[0].vital && !rows[1].vital);
        assert_eq!(rows[0].text, "Tidewater stores backups nightly");
        assert_eq!(rows[1].location, Location::Line(4));
    }

    #[test]
    fn reads_tables_with_either_importance_column() {
        let rows = read_nuggets(
            "n.csv",
            b"query,nugget,importance,text\nq1,a,vital,Fact one\nq1,b,okay,Fact two\n",
        )
        .unwrap();
        assert_eq!((rows[0].id.as_str(), rows[0].vital), ("a", true));
        let rows = read_nuggets(
            "n.jsonl",
            b"{\"query\":\"q1\",\"vital\":\"yes\",\"text\":\"A\"}\n{\"query\":\"q1\",\"vital\":\"no\",\"text\":\"B\"}\n",
        )
        .unwrap();
        assert_eq!(rows[1].id, "2");
        assert!(!rows[1].vital);
    }

    #[test]
    fn names_file_line_and_field() {
        let err = read_nuggets("n.txt", b"q1 1 vital Fine\nq1 2 maybe Bad\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "n.txt:2:importance: 'maybe' is neither vital nor okay"
        );
        let err = read_nuggets("n.txt", b"q1 1 vital\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "n.txt:1: a nugget line has 4 parts (query, nugget id, vital or okay, text)"
        );
        let err = read_nuggets(
            "n.csv",
            b"query,id,importance,text\nq1,1,vital,A\nq1,1,okay,B\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "n.csv:3:nugget: query 'q1' has two nuggets with id '1' (first at line 2)"
        );
        let err = read_nuggets("n.csv", b"query,importance,text\nq1,vital,\n").unwrap_err();
        assert_eq!(err.to_string(), "n.csv:2:text: the nugget's text is empty");
        let err = read_nuggets("n.csv", b"query,text\nq1,A\n").unwrap_err();
        assert!(err.to_string().contains("no importance column"), "{err}");
        assert!(read_nuggets("n.txt", b"\n# nothing\n").is_err());
        let err = read_nuggets("n.txt", "\u{200b} 1 vital A fact\n".as_bytes()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "n.txt:1:query: the query is empty once invisible characters are removed"
        );
    }
}
