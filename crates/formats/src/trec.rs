//! TREC relevance judgements (qrels) and run files, as trec_eval reads them.
//!
//! qrels: `query iteration document grade`, one judgement a line. Run: `query Q0 document rank
//! score tag`, one retrieved document a line (trec_eval orders by score, not by the rank
//! column). Blank lines are skipped; anything else malformed is refused with its line.

use crate::{ImportError, Location, decode_text};
use std::collections::BTreeMap;

/// Judgements: query → document → grade (grades of at least 1 are relevant).
pub type Qrels = BTreeMap<String, BTreeMap<String, i64>>;

/// A run file: its tag (the system's name in it) and query → (document, score).
#[derive(Debug, Clone, PartialEq)]
pub struct RunFile {
    /// The tag of the run's lines.
    pub tag: String,
    /// Retrieved documents with scores, per query.
    pub queries: BTreeMap<String, Vec<(String, f64)>>,
}

fn lines(text: &str) -> impl Iterator<Item = (Location, Vec<&str>)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            (
                Location::Line(i + 1),
                line.split_whitespace().collect::<Vec<_>>(),
            )
        })
        .filter(|(_, fields)| !fields.is_empty())
}

/// Reads a qrels file.
pub fn read_qrels(file: &str, bytes: &[u8]) -> Result<Qrels, ImportError> {
    let text = decode_text(file, bytes)?;
    let mut qrels = Qrels::new();
    for (location, fields) in lines(&text) {
        let [query, _, document, grade] = fields[..] else {
            return Err(ImportError::at(
                file,
                location,
                None,
                format!(
                    "a judgement has 4 fields (query, iteration, document, grade), this line has {}",
                    fields.len()
                ),
            ));
        };
        let grade: i64 = grade.parse().map_err(|_| {
            ImportError::at(
                file,
                location,
                Some("grade"),
                format!("'{grade}' is not a whole number"),
            )
        })?;
        if qrels
            .entry(query.to_owned())
            .or_default()
            .insert(document.to_owned(), grade)
            .is_some()
        {
            return Err(ImportError::at(
                file,
                location,
                Some("document"),
                format!("document '{document}' is judged twice for query '{query}'"),
            ));
        }
    }
    if qrels.is_empty() {
        return Err(ImportError::file(file, "the file holds no judgements"));
    }
    Ok(qrels)
}

/// Reads a run file.
pub fn read_run(file: &str, bytes: &[u8]) -> Result<RunFile, ImportError> {
    let text = decode_text(file, bytes)?;
    let mut tag: Option<String> = None;
    let mut queries: BTreeMap<String, Vec<(String, f64)>> = BTreeMap::new();
    let mut seen: BTreeMap<(String, String), Location> = BTreeMap::new();
    for (location, fields) in lines(&text) {
        let [query, _, document, _, score, line_tag] = fields[..] else {
            return Err(ImportError::at(
                file,
                location,
                None,
                format!(
                    "a run line has 6 fields (query, Q0, document, rank, score, tag), this line has {}",
                    fields.len()
                ),
            ));
        };
        let score: f64 = score
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite())
            .ok_or_else(|| {
                ImportError::at(
                    file,
                    location,
                    Some("score"),
                    format!("'{score}' is not a number"),
                )
            })?;
        match &tag {
            None => tag = Some(line_tag.to_owned()),
            Some(t) if t != line_tag => {
                return Err(ImportError::at(
                    file,
                    location,
                    Some("tag"),
                    format!(
                        "the run's tag changes from '{t}' to '{line_tag}'; put each run in its own file"
                    ),
                ));
            }
            Some(_) => {}
        }
        if let Some(first) = seen.insert((query.to_owned(), document.to_owned()), location) {
            return Err(ImportError::at(
                file,
                location,
                Some("document"),
                format!(
                    "document '{document}' is retrieved twice for query '{query}' (first on {})",
                    first.describe()
                ),
            ));
        }
        queries
            .entry(query.to_owned())
            .or_default()
            .push((document.to_owned(), score));
    }
    let tag = tag.ok_or_else(|| ImportError::file(file, "the run file holds no results"))?;
    Ok(RunFile { tag, queries })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_qrels_and_runs() {
        let qrels = read_qrels("q.txt", b"q1 0 d1 2\nq1 0 d2 0\n\nq2 0 d9 1\n").unwrap();
        assert_eq!(qrels["q1"]["d1"], 2);
        assert_eq!(qrels.len(), 2);
        let run = read_run("r.txt", b"q1 Q0 d1 1 3.5 bm25\nq1 Q0 d2 2 1e0 bm25\n").unwrap();
        assert_eq!(run.tag, "bm25");
        assert_eq!(
            run.queries["q1"],
            vec![("d1".to_owned(), 3.5), ("d2".to_owned(), 1.0)]
        );
    }

    #[test]
    fn refuses_malformed_lines_with_their_place() {
        let e = read_qrels("q.txt", b"q1 0 d1 2\nq1 0 d2 high\n").unwrap_err();
        assert_eq!(e.to_string(), "q.txt:2:grade: 'high' is not a whole number");
        let e = read_qrels("q.txt", b"q1 0 d1\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("q.txt:1: a judgement has 4 fields"),
            "{e}"
        );
        let e = read_run("r.txt", b"q1 Q0 d1 1 2.0 a\nq1 Q0 d1 2 1.0 a\n").unwrap_err();
        assert!(e.to_string().contains("retrieved twice"), "{e}");
        let e = read_run("r.txt", b"q1 Q0 d1 1 2.0 a\nq1 Q0 d2 2 NaN a\n").unwrap_err();
        assert_eq!(e.to_string(), "r.txt:2:score: 'NaN' is not a number");
        let e = read_run("r.txt", b"q1 Q0 d1 1 2.0 a\nq1 Q0 d2 2 1.0 b\n").unwrap_err();
        assert!(e.to_string().contains("tag changes"), "{e}");
        assert!(read_qrels("q.txt", b"\n\n").is_err());
    }
}
