//! Another leaderboard to correlate with Proctor's: one row per system with its score and,
//! optionally, the score's standard error. CSV, TSV, XLSX, JSON or JSONL.

use crate::ImportError;
use crate::table::read_table;
use std::collections::HashSet;

const SYSTEM: &[&str] = &["system", "name", "run", "model"];
const SCORE: &[&str] = &["score", "value", "metric", "accuracy"];
const ERROR: &[&str] = &["standard_error", "se", "stderr", "std_err"];

/// One system's entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The system's name.
    pub system: String,
    /// Its score (higher is better).
    pub score: f64,
    /// The score's standard error (0 when the file has none).
    pub standard_error: f64,
}

fn number(
    file: &str,
    record: &crate::table::Record,
    aliases: &[&str],
) -> Result<Option<f64>, ImportError> {
    let Some((field, text)) = record.text(aliases) else {
        return Ok(None);
    };
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .map(Some)
        .ok_or_else(|| {
            ImportError::at(
                file,
                record.loc,
                Some(field),
                format!("'{text}' is not a number"),
            )
        })
}

/// Reads a leaderboard file.
pub fn read_leaderboard(file: &str, bytes: &[u8]) -> Result<Vec<Entry>, ImportError> {
    let table = read_table(file, bytes)?;
    table.require(file, &[("system", SYSTEM), ("score", SCORE)])?;
    let mut seen = HashSet::new();
    let mut entries = Vec::with_capacity(table.records.len());
    for record in &table.records {
        let (field, system) = record.text(SYSTEM).ok_or_else(|| {
            ImportError::at(
                file,
                record.loc,
                record.get(SYSTEM).map(|(n, _)| n),
                "the system's name is empty",
            )
        })?;
        if !seen.insert(system.to_owned()) {
            return Err(ImportError::at(
                file,
                record.loc,
                Some(field),
                format!("'{system}' is listed twice"),
            ));
        }
        let score = number(file, record, SCORE)?.ok_or_else(|| {
            ImportError::at(
                file,
                record.loc,
                record.get(SCORE).map(|(n, _)| n),
                "the score is empty",
            )
        })?;
        let standard_error = number(file, record, ERROR)?.unwrap_or(0.0);
        if standard_error < 0.0 {
            return Err(ImportError::at(
                file,
                record.loc,
                record.get(ERROR).map(|(n, _)| n),
                "a standard error cannot be negative",
            ));
        }
        entries.push(Entry {
            system: system.to_owned(),
            score,
            standard_error,
        });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scores_with_and_without_errors() {
        let entries = read_leaderboard("b.csv", b"system,score,se\nA,0.5,0.1\nB,0.25,\n").unwrap();
        assert_eq!((entries[0].score, entries[1].standard_error), (0.5, 0.0));
        let e = read_leaderboard("b.csv", b"system,score\nA,high\n").unwrap_err();
        assert_eq!(e.to_string(), "b.csv:2:score: 'high' is not a number");
        let e = read_leaderboard("b.csv", b"system,score\nA,1\nA,2\n").unwrap_err();
        assert!(e.to_string().contains("listed twice"), "{e}");
        let e = read_leaderboard("b.csv", b"name,points\nA,1\n").unwrap_err();
        assert!(e.to_string().contains("no score column"), "{e}");
    }
}
