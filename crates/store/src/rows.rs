//! Plain data going into and coming out of the project file.

use proctor_core::{
    AnswerReading, BloomLevel, ChunkId, DocumentId, ExamId, ExamVersionId, Outcome, QuestionId,
    QuestionType, RunId, RunMode, SystemId, SystemKind, ValidQuestion,
};

/// A document to insert.
#[derive(Debug, Clone)]
pub struct NewDocument {
    /// Display name (usually the file name).
    pub name: String,
    /// Where it was imported from.
    pub source_path: Option<String>,
    /// Format it was read from (txt, md, html, pdf, docx, csv, jsonl).
    pub format: String,
    /// Topic name, if known.
    pub topic: Option<String>,
    /// Extracted plain text.
    pub text: String,
    /// Lines of navigation and page furniture set aside from it on import.
    pub set_aside: usize,
}

/// A stored document, without its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentRow {
    /// Row id.
    pub id: DocumentId,
    /// Display name.
    pub name: String,
    /// Source format.
    pub format: String,
    /// Topic name.
    pub topic: Option<String>,
    /// Length of the text in characters.
    pub chars: usize,
    /// Lines of navigation and page furniture set aside from it on import.
    pub set_aside: usize,
}

/// A stored document's text, for chunking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentText {
    /// Row id.
    pub id: DocumentId,
    /// Its plain text.
    pub text: String,
}

/// A chunk to store: its place in its document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewChunk {
    /// Position in the document, from 0.
    pub ordinal: usize,
    /// The text.
    pub text: String,
    /// Byte offset of its start in the document's text.
    pub start: usize,
    /// Byte offset of its end.
    pub end: usize,
}

/// A stored chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkRow {
    /// Row id.
    pub id: ChunkId,
    /// Its document.
    pub document: DocumentId,
    /// Position in the document.
    pub ordinal: usize,
    /// The text.
    pub text: String,
    /// The document's topic.
    pub topic: Option<String>,
}

/// A validated question with the categories the classifiers gave it.
#[derive(Debug, Clone)]
pub struct NewQuestion {
    /// The question.
    pub question: ValidQuestion,
    /// Bloom levels from the classifier.
    pub bloom_auto: Vec<BloomLevel>,
    /// Question type from the classifier.
    pub question_type_auto: QuestionType,
}

/// A stored question.
#[derive(Debug, Clone, PartialEq)]
pub struct QuestionRow {
    /// Row id.
    pub id: QuestionId,
    /// Id in its source file.
    pub external_id: String,
    /// Position in the exam.
    pub ordinal: usize,
    /// EXAM-mode query.
    pub query: Option<String>,
    /// Question text.
    pub stem: String,
    /// Choice texts.
    pub choices: Vec<String>,
    /// 0-based index of the correct choice.
    pub key: usize,
    /// Topic name.
    pub topic: Option<String>,
    /// Bloom levels in force.
    pub bloom: Vec<BloomLevel>,
    /// Whether `bloom` is a manual override.
    pub bloom_overridden: bool,
    /// Question type in force.
    pub question_type: QuestionType,
    /// Whether `question_type` is a manual override.
    pub question_type_overridden: bool,
    /// The passage the question was written from, if known (the oracle's context).
    pub source_text: Option<String>,
    /// Whether the question counts.
    pub active: bool,
}

/// One version of an exam.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamVersionRow {
    /// The exam.
    pub exam: ExamId,
    /// The exam's name.
    pub exam_name: String,
    /// This version's row id.
    pub id: ExamVersionId,
    /// Version number, from 1.
    pub version: u32,
    /// Whether the version is frozen (immutable).
    pub frozen: bool,
    /// Number of questions.
    pub questions: usize,
}

/// A stored system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemRow {
    /// Row id.
    pub id: SystemId,
    /// Unique name.
    pub name: String,
    /// Where its answers come from.
    pub kind: SystemKind,
    /// Free description.
    pub description: Option<String>,
    /// Factor tags, sorted by factor.
    pub factors: Vec<(String, String)>,
}

/// How an open-answer sitting was graded.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenGrading {
    /// The reader that answered each question from the free answer.
    pub reader: String,
    /// That reader's accuracy given each question's source passage instead, where known.
    pub ceiling: Option<f64>,
}

/// A stored run.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRow {
    /// Row id.
    pub id: RunId,
    /// The system (none for gold runs).
    pub system: Option<SystemId>,
    /// How the run was graded.
    pub mode: RunMode,
    /// The exam version sat.
    pub exam_version: ExamVersionId,
    /// Where the responses came from.
    pub source: Option<String>,
    /// When it began (UTC, ISO 8601).
    pub started_at: String,
    /// When it was last finished, if it was (UTC, ISO 8601).
    pub finished_at: Option<String>,
    /// Set for an open-answer sitting (asked without the choices).
    pub open: Option<OpenGrading>,
}

/// A response to insert.
#[derive(Debug, Clone, PartialEq)]
pub struct NewResponse {
    /// The question answered.
    pub question: QuestionId,
    /// What was handed in.
    pub outcome: Outcome,
    /// The raw answer text, kept verbatim.
    pub raw_text: Option<String>,
    /// Evidence (contexts, article excerpt) the answer rests on.
    pub evidence: Option<String>,
    /// How long answering took.
    pub latency_ms: Option<f64>,
    /// Why answering failed, for `Outcome::Error`.
    pub error: Option<String>,
    /// How the reply was read, where one was read.
    pub reading: Option<AnswerReading>,
}

impl NewResponse {
    /// A response with only an outcome and the raw text.
    pub fn new(question: QuestionId, outcome: Outcome, raw_text: Option<String>) -> Self {
        Self {
            question,
            outcome,
            raw_text,
            evidence: None,
            latency_ms: None,
            error: None,
            reading: None,
        }
    }

    /// A response read from a reply: its outcome is the reading's.
    pub fn read(question: QuestionId, reading: AnswerReading, raw_text: String) -> Self {
        Self {
            outcome: reading.outcome(),
            reading: Some(reading),
            ..Self::new(question, Outcome::Unanswered, Some(raw_text))
        }
    }
}

/// A stored response, as grading needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResponseRow {
    /// The question.
    pub question: QuestionId,
    /// What was handed in.
    pub outcome: Outcome,
}

/// How many rows each table holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Documents.
    pub documents: usize,
    /// Topics.
    pub topics: usize,
    /// Exams.
    pub exams: usize,
    /// Questions over all versions.
    pub questions: usize,
    /// Systems.
    pub systems: usize,
    /// Runs.
    pub runs: usize,
    /// Responses.
    pub responses: usize,
    /// Articles.
    pub articles: usize,
    /// Gold articles.
    pub gold_articles: usize,
    /// Reference nuggets.
    pub nuggets: usize,
    /// Formulation samples (each sample once).
    pub formulation_samples: usize,
}

/// One sitting's answer to one question, for the question's page.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerRow {
    /// The system's name; `None` for the reader over the gold articles.
    pub system: Option<String>,
    /// The system's kind; `None` for the gold articles.
    pub kind: Option<SystemKind>,
    /// How the sitting was graded.
    pub mode: RunMode,
    /// Its outcome; `None` when the sitting has no response to this question.
    pub outcome: Option<Outcome>,
    /// What the system replied, as imported or read.
    pub raw_text: Option<String>,
    /// Time it took, where known.
    pub latency_ms: Option<f64>,
    /// The error, when the outcome is one.
    pub error: Option<String>,
    /// How the reply was read, where one was.
    pub reading: Option<AnswerReading>,
}
