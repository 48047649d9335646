//! What the workbench's pages show: documents, questions one by one, systems.

use super::{AnswerVerdict, ExamVersion, Factor, QuestionChange, SystemGroup, VersionChanges};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One imported document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DocumentInfo {
    /// Its number in the project.
    pub id: u32,
    /// Its name (the file's).
    pub name: String,
    /// Its topic, if any.
    pub topic: Option<String>,
    /// The format it was read from (pdf, docx, html, md, txt…).
    pub format: String,
    /// Characters of extracted text.
    pub chars: u32,
    /// Chunks it was split into (0 until the corpus is prepared).
    pub chunks: u32,
    /// Lines set aside when it was imported: its navigation, the lines repeated on most pages,
    /// a PDF's running headers and page numbers.
    pub set_aside: u32,
}

/// Every document of the project and the topics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DocumentsOverview {
    /// The documents, in import order.
    pub documents: Vec<DocumentInfo>,
    /// Every topic name, sorted.
    pub topics: Vec<String>,
}

/// A document, by number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DocumentRef {
    /// Its number.
    pub id: u32,
}

/// One document with its extracted text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DocumentView {
    /// What the table shows of it.
    pub info: DocumentInfo,
    /// The text Proctor extracted (what chunking, search and readers see).
    pub text: String,
}

/// Which exam's questions: the newest exam's latest version when `exam` is null.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct QuestionsRequest {
    /// The exam's name.
    pub exam: Option<String>,
}

/// One question as a row of the exam's table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct QuestionListRow {
    /// Its id in the exam.
    pub id: String,
    /// Its place in the exam, from 1.
    pub number: u32,
    /// How it differs from the version before (null on a first version).
    pub change: Option<QuestionChange>,
    /// The question.
    pub stem: String,
    /// The correct choice's letter.
    pub key: String,
    /// The correct choice's text.
    pub key_text: String,
    /// Its topic.
    pub topic: Option<String>,
    /// Its Bloom levels in force.
    pub bloom: Vec<String>,
    /// Its question type in force.
    pub question_type: String,
    /// Retired questions stay in the table but out of every score.
    pub active: bool,
    /// Systems (not reference pipelines) that got it right.
    pub right: u32,
    /// Systems that sat it.
    pub sat: u32,
    /// Reference pipelines that got it right, and that sat it.
    pub pipelines_right: u32,
    /// Reference pipelines that sat it.
    pub pipelines_sat: u32,
    /// Share of every sitting that got it right (systems and pipelines), when any sat it.
    pub share_right: Option<f64>,
    /// Its IRT discrimination, from the project's latest fit, when there is one.
    pub discrimination: Option<f64>,
    /// Its IRT difficulty, from the latest fit.
    pub difficulty: Option<f64>,
    /// Flags from the latest fit (misfit, low discrimination, …).
    pub flags: Vec<String>,
}

/// The exam as a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct QuestionTable {
    /// The version shown.
    pub exam: ExamVersion,
    /// Whether an IRT fit of this version exists (discrimination and flags come from it).
    pub irt_fitted: bool,
    /// What changed since the version before (null on a first version).
    pub changes: Option<VersionChanges>,
    /// The questions, in exam order.
    pub rows: Vec<QuestionListRow>,
}

/// One question of an exam.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct QuestionRequest {
    /// The exam's name; the newest exam when null.
    pub exam: Option<String>,
    /// The question's id.
    pub id: String,
}

/// One sitting's answer to a question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SystemAnswer {
    /// The system ("gold articles" for the reader over the gold articles).
    pub system: String,
    /// Systems being judged or reference pipelines.
    pub group: SystemGroup,
    /// Answered itself, or read from its articles (EXAM mode).
    pub exam_mode: bool,
    /// How it did.
    pub verdict: AnswerVerdict,
    /// The letter it chose, if any.
    pub choice: Option<String>,
    /// What it replied, word for word, when kept.
    pub raw_text: Option<String>,
    /// How long it took, where known.
    pub latency_ms: Option<f64>,
    /// The error, when asking it failed.
    pub error: Option<String>,
}

/// An item characteristic curve: P(right) along the ability scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ItemCurve {
    /// Ability values.
    pub theta: Vec<f64>,
    /// Probability of a right answer at each.
    pub probability: Vec<f64>,
    /// The systems' abilities, to mark on the curve.
    pub abilities: Vec<(String, f64)>,
}

/// One question with everything behind it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct QuestionView {
    /// The version it belongs to.
    pub exam: ExamVersion,
    /// Its row of the table.
    pub row: QuestionListRow,
    /// The EXAM-mode query it belongs to, if any.
    pub query: Option<String>,
    /// Its choices, in order (A, B, …).
    pub choices: Vec<String>,
    /// The index of the correct choice.
    pub key_index: u32,
    /// The passage it was written from, when the exam file had one.
    pub source_text: Option<String>,
    /// Its curve from the latest IRT fit, when there is one.
    pub curve: Option<ItemCurve>,
    /// Every sitting's answer: systems first, then pipelines.
    pub answers: Vec<SystemAnswer>,
    /// The previous and next question ids, for stepping through the exam.
    pub previous: Option<String>,
    /// See `previous`.
    pub next: Option<String>,
}

/// One system of the project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SystemInfo {
    /// Its name.
    pub name: String,
    /// Where its answers come from: answers, articles, endpoint, pipeline.
    pub kind: String,
    /// Whether it sat the exam on view with open answers (asked without the choices, its free
    /// answers graded by the reader).
    pub open: bool,
    /// Systems being judged or reference pipelines.
    pub group: SystemGroup,
    /// Its factor tags.
    pub factors: Vec<Factor>,
    /// The versions of the exam on view it sat, newest first.
    pub versions: Vec<u32>,
    /// On the exam on view: questions answered right, wrong, unanswered, with an error, whose
    /// reply needs a look, and still to answer (no response yet).
    pub right: u32,
    /// See `right`.
    pub wrong: u32,
    /// See `right`.
    pub unanswered: u32,
    /// See `right`.
    pub errors: u32,
    /// See `right`: replies that could not be read as one choice, waiting for a person.
    pub needs_look: u32,
    /// See `right`.
    pub to_answer: u32,
    /// Mean time per answer, where known.
    pub mean_latency_ms: Option<f64>,
    /// An endpoint system's latency, errors, retries, cost and evidence (METHODS §12).
    pub operations: Option<super::Operations>,
}

/// Every system, for the exam on view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SystemsOverview {
    /// The exam version the counts are on, if the project has an exam.
    pub exam: Option<ExamVersion>,
    /// The systems: the ones being judged first, then the reference pipelines.
    pub systems: Vec<SystemInfo>,
}

/// A new name for a system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RenameSystem {
    /// Its name now.
    pub name: String,
    /// The new name.
    pub new_name: String,
}

/// A system's factor tags, replacing the ones it has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SystemTags {
    /// The system.
    pub name: String,
    /// Its tags (name = level); an empty list removes them all.
    pub factors: Vec<Factor>,
}
