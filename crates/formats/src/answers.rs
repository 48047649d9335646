//! Answer files: for each question id, what the system answered (a letter or free text).
//!
//! Used for vendors' answers (answer mode) and for a reader's answers from articles (EXAM mode
//! reader outcomes). The text is kept verbatim here; mapping it to a choice is the exam crate's
//! job. Formats: CSV/TSV/XLSX/JSONL with `question_id` and `answer` columns (optional `error`,
//! `latency_ms`, `evidence`), a JSON list of such records, or a JSON object `{"q1": "B", …}`.

use crate::table::{Table, json_records, parse_json, read_table};
use crate::{ImportError, Location, extension};
use proctor_core::text::clean_name;
use std::collections::HashMap;

const QUESTION: &[&str] = &["question_id", "id", "qid", "question", "item_id"];
const ANSWER: &[&str] = &[
    "answer",
    "response",
    "choice",
    "prediction",
    "predicted",
    "selected",
    "output",
];
const ERROR: &[&str] = &["error", "failure"];
const LATENCY: &[&str] = &["latency_ms", "latency", "duration_ms"];
const EVIDENCE: &[&str] = &["evidence", "contexts", "context", "sources"];

/// One answer as written in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerRow {
    /// Where it is in the file.
    pub location: Location,
    /// The question's id as the exam file gave it.
    pub question_id: String,
    /// The raw answer; `None` when the cell is empty (unanswered).
    pub answer: Option<String>,
    /// The system's failure, if it reported one.
    pub error: Option<String>,
    /// Time taken, if reported.
    pub latency_ms: Option<f64>,
    /// The evidence the system gave, if any.
    pub evidence: Option<String>,
}

/// Reads an answer file.
pub fn read_answers(file: &str, bytes: &[u8]) -> Result<Vec<AnswerRow>, ImportError> {
    let table = if extension(file) == "json" {
        let text = crate::decode_text(file, bytes)?;
        let doc = parse_json(file, &text)?;
        if let serde_json::Value::Object(map) = &doc
            && map.values().all(|v| v.is_string() || v.is_null())
        {
            return from_map(file, map);
        }
        json_records(file, &doc)?
    } else {
        read_table(file, bytes)?
    };
    from_table(file, &table)
}

fn from_map(
    file: &str,
    map: &serde_json::Map<String, serde_json::Value>,
) -> Result<Vec<AnswerRow>, ImportError> {
    if map.is_empty() {
        return Err(ImportError::file(file, "the file holds no answers"));
    }
    Ok(map
        .iter()
        .enumerate()
        .map(|(i, (id, answer))| AnswerRow {
            location: Location::Record(i + 1),
            question_id: clean_name(id),
            answer: answer
                .as_str()
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .map(str::to_owned),
            error: None,
            latency_ms: None,
            evidence: None,
        })
        .collect())
}

fn from_table(file: &str, table: &Table) -> Result<Vec<AnswerRow>, ImportError> {
    table.require(file, &[("question id", QUESTION), ("answer", ANSWER)])?;
    let mut seen: HashMap<String, Location> = HashMap::new();
    let mut rows = Vec::with_capacity(table.records.len());
    for record in &table.records {
        let (id_field, id) = record.text(QUESTION).ok_or_else(|| {
            ImportError::at(
                file,
                record.loc,
                record.get(QUESTION).map(|(n, _)| n),
                "the question id is empty",
            )
        })?;
        let id = clean_name(id);
        if let Some(first) = seen.insert(id.clone(), record.loc) {
            return Err(ImportError::at(
                file,
                record.loc,
                Some(id_field),
                format!(
                    "question '{id}' is answered twice (first at {})",
                    first.describe()
                ),
            ));
        }
        let latency_ms = match record.text(LATENCY) {
            None => None,
            Some((field, text)) => Some(
                text.parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or_else(|| {
                        ImportError::at(
                            file,
                            record.loc,
                            Some(field),
                            format!("'{text}' is not a duration in milliseconds"),
                        )
                    })?,
            ),
        };
        rows.push(AnswerRow {
            location: record.loc,
            question_id: id,
            answer: record.text(ANSWER).map(|(_, t)| t.to_owned()),
            error: record.text(ERROR).map(|(_, t)| t.to_owned()),
            latency_ms,
            evidence: record.text(EVIDENCE).map(|(_, t)| t.to_owned()),
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_csv_with_optional_columns() {
        let rows = read_answers(
            "a.csv",
            b"question_id,answer,error,latency_ms\nq1,B,,120\nq2,,timeout,\nq3,The blue one,,\n",
        )
        .unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].answer.as_deref(), Some("B"));
        assert_eq!(rows[0].latency_ms, Some(120.0));
        assert_eq!(rows[1].answer, None);
        assert_eq!(rows[1].error.as_deref(), Some("timeout"));
    }

    #[test]
    fn reads_json_maps_and_lists() {
        let rows = read_answers("a.json", br#"{"q1": "A", "q2": null}"#).unwrap();
        assert_eq!(rows[1].answer, None);
        let rows = read_answers("a.json", br#"[{"id": "q1", "response": "C"}]"#).unwrap();
        assert_eq!(rows[0].answer.as_deref(), Some("C"));
    }

    #[test]
    fn refuses_twice_answered_questions_and_bad_latency() {
        let err = read_answers("a.csv", b"id,answer\nq1,A\nq1,B\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.csv:3:id: question 'q1' is answered twice (first at line 2)"
        );
        let err = read_answers("a.csv", b"id,answer,latency_ms\nq1,A,fast\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.csv:2:latency_ms: 'fast' is not a duration in milliseconds"
        );
    }
}
