//! Samples asked in two or three formulations (METHODS.md §10; Vakulenko et al. 002): for each
//! sample and formulation (e.g. Original, Rewritten, Human), the question as asked, the metric
//! the system scored with it (P@1, nDCG@3, F1, accuracy… in [0, 1]) and, optionally, the
//! answers it returned.
//!
//! CSV, TSV, XLSX, JSON or JSONL, one row per sample and formulation, with columns `sample`,
//! `formulation`, `question`, `score` and optionally `answers` (a JSON list, or answers
//! separated by `|`). Every sample has the same formulations.

use crate::table::{Value, read_table};
use crate::{ImportError, Location};
use std::collections::{BTreeMap, HashMap};

const SAMPLE: &[&str] = &["sample", "sample_id", "id", "conversation_turn", "turn_id"];
const FORMULATION: &[&str] = &["formulation", "variant", "version", "rewrite"];
const QUESTION: &[&str] = &["question", "query", "utterance", "text"];
const SCORE: &[&str] = &["score", "metric", "value", "correct"];
const ANSWERS: &[&str] = &["answers", "answer", "retrieved", "documents"];

/// One sample under one formulation, as written in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct FormulationRow {
    /// Where it is in the file.
    pub location: Location,
    /// The sample's id.
    pub sample: String,
    /// The formulation's name as written ("Original", "Rewritten", "Human", …).
    pub formulation: String,
    /// The question as asked under this formulation.
    pub question: String,
    /// The metric, in [0, 1].
    pub score: f64,
    /// The answers returned, when the file gives them.
    pub answers: Option<Vec<String>>,
}

fn answers_of(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::List(items) => Some(items.iter().map(|a| a.trim().to_owned()).collect()),
        Value::Text(text) if !text.trim().is_empty() => {
            let text = text.trim();
            if let Ok(list) = serde_json::from_str::<Vec<String>>(text) {
                return Some(list);
            }
            Some(
                text.split('|')
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .map(str::to_owned)
                    .collect(),
            )
        }
        _ => None,
    }
}

/// Reads a formulations file.
pub fn read_formulations(file: &str, bytes: &[u8]) -> Result<Vec<FormulationRow>, ImportError> {
    let table = read_table(file, bytes)?;
    table.require(
        file,
        &[
            ("sample", SAMPLE),
            ("formulation", FORMULATION),
            ("question", QUESTION),
            ("score", SCORE),
        ],
    )?;
    let mut rows = Vec::with_capacity(table.records.len());
    let mut seen: HashMap<(String, String), Location> = HashMap::new();
    // Formulation names by their lower-cased key, in first-seen order, spelt as first written.
    let mut names: Vec<(String, String)> = Vec::new();
    for record in &table.records {
        let required = |aliases: &[&str], what: &str| record.required(file, aliases, what);
        let (_, sample) = record.required_name(file, SAMPLE, "sample id")?;
        let (formulation_field, formulation) =
            record.required_name(file, FORMULATION, "formulation")?;
        let key = formulation.to_lowercase();
        if !names.iter().any(|(k, _)| *k == key) {
            if names.len() == 3 {
                return Err(ImportError::at(
                    file,
                    record.loc,
                    Some(formulation_field),
                    format!(
                        "a fourth formulation '{formulation}': the break-down compares two or \
                         three ({})",
                        names
                            .iter()
                            .map(|(_, n)| n.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            names.push((key.clone(), formulation.clone()));
        }
        let question = required(QUESTION, "question")?.1.to_owned();
        let (score_field, score_text) = required(SCORE, "score")?;
        let score = score_text
            .parse::<f64>()
            .ok()
            .filter(|s| (0.0..=1.0).contains(s))
            .ok_or_else(|| {
                ImportError::at(
                    file,
                    record.loc,
                    Some(score_field),
                    format!("'{score_text}' is not a score between 0 and 1"),
                )
            })?;
        if let Some(first) = seen.insert((sample.clone(), key), record.loc) {
            return Err(ImportError::at(
                file,
                record.loc,
                Some(formulation_field),
                format!(
                    "sample '{sample}' has formulation '{formulation}' twice (first at {})",
                    first.describe()
                ),
            ));
        }
        rows.push(FormulationRow {
            location: record.loc,
            sample,
            // Every row spells the formulation as it was first written.
            formulation: names
                .iter()
                .find(|(k, _)| *k == formulation.to_lowercase())
                .map_or(formulation.clone(), |(_, n)| n.clone()),
            question,
            score,
            answers: record.get(ANSWERS).and_then(|(_, v)| answers_of(v)),
        });
    }
    if names.len() < 2 {
        return Err(ImportError::file(
            file,
            "the break-down compares two or three formulations of each sample; this file has \
             fewer than two",
        ));
    }
    // Every sample has every formulation.
    let mut per_sample: BTreeMap<&str, (Location, usize)> = BTreeMap::new();
    for row in &rows {
        let entry = per_sample.entry(&row.sample).or_insert((row.location, 0));
        entry.1 += 1;
    }
    if let Some((sample, (location, count))) = per_sample
        .iter()
        .find(|(_, (_, count))| *count != names.len())
    {
        return Err(ImportError::at(
            file,
            *location,
            Some("formulation"),
            format!(
                "sample '{sample}' has {count} of the file's {} formulations ({})",
                names.len(),
                names
                    .iter()
                    .map(|(_, n)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &[u8] = b"sample,formulation,question,score,answers\n\
s1,Original,How often?,0,d2|d3\n\
s1,Rewritten,How often does it sync?,1,d1|d2\n\
s1,Human,How often does Tidewater sync?,1,\"[\"\"d1\"\"]\"\n";

    #[test]
    fn reads_samples_with_answers() {
        let rows = read_formulations("f.csv", GOOD).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(
            rows[0].answers.as_deref(),
            Some(&["d2".to_owned(), "d3".to_owned()][..])
        );
        assert_eq!(rows[2].answers.as_deref(), Some(&["d1".to_owned()][..]));
        assert!((rows[1].score - 1.0).abs() < 1e-12);
    }

    #[test]
    fn names_file_line_and_field() {
        let err = read_formulations(
            "f.csv",
            b"sample,formulation,question,score\ns1,Original,Q,0.5\ns1,Human,Q,1.5\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.csv:3:score: '1.5' is not a score between 0 and 1"
        );
        let err = read_formulations(
            "f.csv",
            b"sample,formulation,question,score\ns1,Original,Q,0\ns1,Human,Q,1\ns2,Original,Q,1\n",
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.csv:4:formulation: sample 's2' has 1 of the file's 2 formulations (Original, Human)"
        );
        let err = read_formulations(
            "f.csv",
            b"sample,formulation,question,score\ns1,Original,Q,0\ns1,original,Q,1\n",
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("f.csv:3:formulation: sample 's1' has formulation"),
            "{err}"
        );
        let err = read_formulations("f.csv", b"sample,formulation,question,score\ns1,Only,Q,0\n")
            .unwrap_err();
        assert!(err.to_string().contains("fewer than two"), "{err}");
        let err = read_formulations(
            "f.csv",
            b"sample,formulation,question,score\ns1,A,Q,0\ns1,B,Q,0\ns1,C,Q,0\ns1,D,Q,0\n",
        )
        .unwrap_err();
        assert!(
            err.to_string().starts_with("f.csv:5:formulation: a fourth"),
            "{err}"
        );
    }
}
