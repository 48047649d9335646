//! Importers: turn users' files into validated domain values, or say exactly what is wrong.
//!
//! Every reader here parses a whole file into memory — within the bounds of [`Limits`], so no
//! file can make it allocate without bound — and validates it before anything is written anywhere: the caller stores the result in one transaction, so an import is
//! all-or-nothing. Errors are [`ImportError`]s that name the file, the line (or record) and the
//! field, e.g. `exam.csv:14:answer: 'E' is not one of the 4 choices (A–D)`.
//!
//! - [`documents`]: txt, md, html, pdf, docx; CSV/JSONL with a text column.
//! - [`exam`]: CSV, XLSX, JSON/JSONL, auto-rag-eval `exam.json`.
//! - [`exam_export`]: an exam written out as CSV, JSON or auto-rag-eval `exam.json`.
//! - [`answers`]: answer files (question id → letter or free text), also used for EXAM-mode
//!   reader outcomes.
//! - [`articles`]: articles per query (EXAM mode) and gold articles.
//! - [`trec`]: TREC qrels and run files; [`leaderboard`]: another leaderboard to correlate with.
//! - [`synonyms`]: a synonym list for semantic overlap scoring.
//! - [`nuggets`]: reference nuggets per query (TREC style or a table).
//! - [`formulations`]: samples asked in two or three formulations, with their scores.
//!
//! ```
//! let csv = b"id,question,A,B,C,answer\nq1,Which colour is the sky?,Red,Blue,Green,B\n";
//! let exam = proctor_formats::exam::read_exam("exam.csv", csv).unwrap();
//! assert_eq!(exam.questions[0].key, 1);
//! ```

pub mod answers;
mod archive;
pub mod articles;
pub mod documents;
mod entities;
pub mod exam;
pub mod exam_export;
pub mod formulations;
pub mod furniture;
pub mod hyphens;
mod json;
pub mod leaderboard;
pub mod limits;
pub mod nuggets;
pub mod responses;
pub mod synonyms;
mod table;
pub mod table_export;
mod text;
pub mod trec;
pub mod user_files;

pub use limits::Limits;
pub use text::decode_text;

use std::fmt;

/// Where in a file a record starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// A 1-based line of a text file (CSV, JSONL), or a row of a spreadsheet as the
    /// spreadsheet numbers it.
    Line(usize),
    /// A 1-based element of a JSON array.
    Record(usize),
}

impl Location {
    /// "line 3" or "record 3", for sentences.
    pub fn describe(self) -> String {
        match self {
            Location::Line(n) => format!("line {n}"),
            Location::Record(n) => format!("record {n}"),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Line(n) => write!(f, "{n}"),
            Location::Record(n) => write!(f, "record {n}"),
        }
    }
}

/// A refused import: what is wrong, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ImportError {
    /// The file's name as the user gave it.
    pub file: String,
    /// The line or record, when the problem has one.
    pub location: Option<Location>,
    /// The field (column, key), when the problem has one.
    pub field: Option<String>,
    /// What is wrong, in plain words.
    pub message: String,
}

impl ImportError {
    /// An error about the file as a whole.
    pub fn file(file: &str, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            location: None,
            field: None,
            message: message.into(),
        }
    }

    /// An error at a line or record, optionally in a field.
    pub fn at(
        file: &str,
        location: Location,
        field: Option<&str>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            file: file.to_owned(),
            location: Some(location),
            field: field.map(str::to_owned),
            message: message.into(),
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(location) = &self.location {
            write!(f, ":{location}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ":{field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// The lower-cased extension of a file name ("exam.JSONL" → "jsonl").
pub fn extension(file: &str) -> String {
    std::path::Path::new(file)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default()
}
