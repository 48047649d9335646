//! Writing an exam out: CSV (one column per choice letter), JSON (Proctor's records, with the
//! provenance of generated questions) and auto-rag-eval's `exam.json`. Each reads back with
//! [`crate::exam::read_exam`] to the same questions.

use crate::table_export::csv_field;
use proctor_core::letter;
use serde_json::{Value, json};

/// How to write an exam.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// Comma-separated, a header row, choices in columns A, B, C…
    Csv,
    /// A JSON array of Proctor's records.
    Json,
    /// auto-rag-eval's exam.json: `question`, `documentation`, `choices` as "A) …",
    /// `correct_answer` as a letter.
    AutoRagEval,
    /// For vendors to run themselves, without keys: CSV with `question_id`, `question`, the
    /// choices in columns A, B, C…, `query` and an empty `answer` column to fill in — the file
    /// comes back as an answer file.
    VendorCsv,
    /// The same as JSON Lines: `question_id`, `question`, `choices`, `query`, `answer: null`.
    VendorJsonl,
}

impl ExportFormat {
    /// The format a name or file extension names.
    pub fn parse(text: &str) -> Option<Self> {
        match text.to_ascii_lowercase().as_str() {
            "csv" => Some(Self::Csv),
            "json" => Some(Self::Json),
            "auto-rag-eval" | "autorag" | "exam.json" => Some(Self::AutoRagEval),
            "vendor-csv" => Some(Self::VendorCsv),
            "vendor-jsonl" | "jsonl" => Some(Self::VendorJsonl),
            _ => None,
        }
    }
}

/// One question as exported.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportQuestion {
    /// Its id in the exam.
    pub id: String,
    /// The question.
    pub stem: String,
    /// The choices.
    pub choices: Vec<String>,
    /// The key's index.
    pub key: usize,
    /// Its topic.
    pub topic: Option<String>,
    /// Its Bloom levels.
    pub bloom: Vec<String>,
    /// The passage it was written from.
    pub source_text: Option<String>,
    /// The query it belongs to (EXAM mode).
    pub query: Option<String>,
    /// Its provenance (generated questions), as JSON.
    pub provenance: Option<Value>,
}

/// The exam as bytes in `format`.
pub fn write_exam(questions: &[ExportQuestion], format: ExportFormat) -> Vec<u8> {
    match format {
        ExportFormat::VendorCsv | ExportFormat::VendorJsonl => write_for_vendors(questions, format),
        ExportFormat::Csv => {
            let width = questions.iter().map(|q| q.choices.len()).max().unwrap_or(4);
            let mut header: Vec<String> = vec!["id".into(), "question".into()];
            header.extend((0..width).map(|i| letter(i).to_string()));
            header.extend(["answer", "topic", "bloom", "source_text"].map(String::from));
            let mut out = header.join(",");
            out.push('\n');
            for q in questions {
                let mut row = vec![csv_field(&q.id), csv_field(&q.stem)];
                row.extend(
                    (0..width).map(|i| csv_field(q.choices.get(i).map_or("", String::as_str))),
                );
                row.push(letter(q.key).to_string());
                row.push(csv_field(q.topic.as_deref().unwrap_or("")));
                row.push(csv_field(&q.bloom.join(";")));
                row.push(csv_field(q.source_text.as_deref().unwrap_or("")));
                out.push_str(&row.join(","));
                out.push('\n');
            }
            out.into_bytes()
        }
        ExportFormat::Json => {
            let records: Vec<Value> = questions
                .iter()
                .map(|q| {
                    let mut record = json!({
                        "id": q.id,
                        "question": q.stem,
                        "choices": q.choices,
                        "answer": letter(q.key).to_string(),
                    });
                    if let Some(map) = record.as_object_mut() {
                        if let Some(topic) = &q.topic {
                            map.insert("topic".into(), json!(topic));
                        }
                        if !q.bloom.is_empty() {
                            map.insert("bloom".into(), json!(q.bloom));
                        }
                        if let Some(source) = &q.source_text {
                            map.insert("source_text".into(), json!(source));
                        }
                        if let Some(p) = &q.provenance {
                            map.insert("provenance".into(), p.clone());
                        }
                    }
                    record
                })
                .collect();
            pretty(&Value::Array(records))
        }
        ExportFormat::AutoRagEval => {
            let records: Vec<Value> = questions
                .iter()
                .map(|q| {
                    json!({
                        "question": q.stem,
                        "documentation": q.source_text.as_deref().unwrap_or(""),
                        "choices": q.choices.iter().enumerate()
                            .map(|(i, c)| format!("{}) {c}", letter(i)))
                            .collect::<Vec<_>>(),
                        "correct_answer": letter(q.key).to_string(),
                    })
                })
                .collect();
            pretty(&Value::Array(records))
        }
    }
}

/// The exam for a vendor: ids, stems, choices and queries, never the keys, topics, Bloom
/// levels or source passages.
fn write_for_vendors(questions: &[ExportQuestion], format: ExportFormat) -> Vec<u8> {
    if format == ExportFormat::VendorJsonl {
        let mut out = Vec::new();
        for q in questions {
            let line = json!({
                "question_id": q.id,
                "question": q.stem,
                "choices": q.choices,
                "query": q.query,
                "answer": Value::Null,
            });
            out.extend_from_slice(line.to_string().as_bytes());
            out.push(b'\n');
        }
        return out;
    }
    let width = questions.iter().map(|q| q.choices.len()).max().unwrap_or(4);
    let mut header: Vec<String> = vec!["question_id".into(), "question".into()];
    header.extend((0..width).map(|i| letter(i).to_string()));
    header.extend(["query", "answer"].map(String::from));
    let mut out = header.join(",");
    out.push('\n');
    for q in questions {
        let mut row = vec![csv_field(&q.id), csv_field(&q.stem)];
        row.extend((0..width).map(|i| csv_field(q.choices.get(i).map_or("", String::as_str))));
        row.push(csv_field(q.query.as_deref().unwrap_or("")));
        row.push(String::new());
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out.into_bytes()
}

fn pretty(value: &Value) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(value).unwrap_or_default();
    out.push(b'\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exam::read_exam;

    fn sample() -> Vec<ExportQuestion> {
        vec![
            ExportQuestion {
                id: "g1".into(),
                stem: "Which file lists the package sources, \"by default\"?".into(),
                choices: vec![
                    "/etc/apt/sources.list".into(),
                    "/etc/fstab, or tab".into(),
                    "/etc/hosts".into(),
                    "/etc/passwd".into(),
                ],
                key: 0,
                topic: Some("apt".into()),
                bloom: vec!["remembering".into()],
                source_text: Some("Sources are listed in\n/etc/apt/sources.list.".into()),
                query: Some("apt sources".into()),
                provenance: Some(json!({"generator": "offline", "seed": 1})),
            },
            ExportQuestion {
                id: "g2".into(),
                stem: "How many days are snapshots kept?".into(),
                // Text a spreadsheet would take for formulas: neutralised in the CSV, and
                // read back as written.
                choices: vec![
                    "14 days".into(),
                    "-1 (for ever)".into(),
                    "30 days".into(),
                    "=5 days".into(),
                ],
                key: 2,
                topic: None,
                bloom: Vec::new(),
                source_text: None,
                query: None,
                provenance: None,
            },
        ]
    }

    #[test]
    fn the_vendors_file_has_no_keys_and_comes_back_as_answers() {
        for (format, file) in [
            (ExportFormat::VendorCsv, "answers.csv"),
            (ExportFormat::VendorJsonl, "answers.jsonl"),
        ] {
            let text = String::from_utf8(write_exam(&sample(), format)).unwrap();
            assert!(!text.contains("source_text") && !text.contains("Sources are listed"));
            assert!(!text.contains("remembering") && !text.contains("provenance"));
            // The vendor fills the answer column in: B for g1, a choice's text for g2.
            let filled = match format {
                ExportFormat::VendorCsv => {
                    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
                    lines[1].push('B');
                    lines[2].push_str("30 days");
                    lines.join("\n")
                }
                _ => text
                    .replacen("\"answer\":null", "\"answer\":\"B\"", 1)
                    .replacen("\"answer\":null", "\"answer\":\"30 days\"", 1),
            };
            let answers = crate::answers::read_answers(file, filled.as_bytes())
                .unwrap_or_else(|e| panic!("{format:?}: {e}"));
            assert_eq!(answers.len(), 2, "{format:?}");
            assert_eq!(answers[0].question_id, "g1");
            assert_eq!(answers[0].answer.as_deref(), Some("B"));
            assert_eq!(answers[1].answer.as_deref(), Some("30 days"));
        }
    }

    #[test]
    fn every_format_reads_back_to_the_same_questions() {
        for (format, file) in [
            (ExportFormat::Csv, "exam.csv"),
            (ExportFormat::Json, "exam.json"),
            (ExportFormat::AutoRagEval, "exam.json"),
        ] {
            let bytes = write_exam(&sample(), format);
            let exam = read_exam(file, &bytes).unwrap_or_else(|e| panic!("{format:?}: {e}"));
            assert_eq!(exam.questions.len(), 2, "{format:?}");
            for (back, q) in exam.questions.iter().zip(sample()) {
                assert_eq!(back.stem, q.stem, "{format:?}");
                assert_eq!(back.choices.texts(), q.choices.as_slice(), "{format:?}");
                assert_eq!(back.key, q.key, "{format:?}");
                if format != ExportFormat::AutoRagEval {
                    assert_eq!(back.external_id, q.id, "{format:?}");
                    assert_eq!(back.topic, q.topic, "{format:?}");
                }
                if q.source_text.is_some() {
                    assert_eq!(back.source_text, q.source_text, "{format:?}");
                }
            }
        }
        let csv = String::from_utf8(write_exam(&sample(), ExportFormat::Csv)).unwrap();
        assert!(csv.contains(",'-1 (for ever),30 days,'=5 days,"), "{csv}");
        let json: Value =
            serde_json::from_slice(&write_exam(&sample(), ExportFormat::Json)).unwrap();
        assert_eq!(json[0]["provenance"]["generator"], "offline");
        let auto: Value =
            serde_json::from_slice(&write_exam(&sample(), ExportFormat::AutoRagEval)).unwrap();
        assert_eq!(auto[1]["choices"][2], "C) 30 days");
        assert_eq!(auto[1]["correct_answer"], "C");
    }
}
