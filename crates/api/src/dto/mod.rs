//! Transport types: what crosses the doors. Each has a generated TypeScript twin.

mod articles;
mod browse;
mod correlate;
mod files;
mod formulations;
mod generation;
mod grading;
mod ingest;
mod irt;
mod models;
mod pipelines;
mod vendors;
mod versions;
pub use articles::*;
pub use browse::*;
pub use correlate::*;
pub use files::*;
pub use formulations::*;
pub use generation::*;
pub use grading::*;
pub use ingest::*;
pub use irt::*;
pub use models::*;
pub use pipelines::*;
pub use vendors::*;
pub use versions::*;

use crate::ApiError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A factor tag of a system, e.g. `retriever = bm25`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Factor {
    /// The factor ("llm", "retriever", …).
    pub name: String,
    /// Its level for this system.
    pub level: String,
}

/// Row counts of a project.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Counts {
    /// Documents of the corpus.
    pub documents: u32,
    /// Topics.
    pub topics: u32,
    /// Exams.
    pub exams: u32,
    /// Questions over all exam versions.
    pub questions: u32,
    /// Systems.
    pub systems: u32,
    /// Runs (sittings).
    pub runs: u32,
    /// Responses.
    pub responses: u32,
    /// Articles (EXAM mode).
    pub articles: u32,
    /// Gold articles.
    pub gold_articles: u32,
    /// Reference nuggets.
    pub nuggets: u32,
    /// Samples asked in several formulations.
    pub formulation_samples: u32,
}

/// One version of an exam.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExamVersion {
    /// The exam's name.
    pub exam: String,
    /// Version number, from 1.
    pub version: u32,
    /// Frozen versions never change; systems sit frozen versions.
    pub frozen: bool,
    /// Number of questions.
    pub questions: u32,
}

/// A system's EXAM-mode score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ExamScore {
    /// Mean over queries of the share of the query's questions the reader got right.
    pub exam: f64,
    /// Standard error over queries.
    pub standard_error: f64,
    /// Queries in the bank.
    pub queries: u32,
    /// Queries without an article (scored 0).
    pub skipped_queries: u32,
    /// EXAM relative to the gold articles; can exceed 1.
    pub n_exam: Option<f64>,
    /// Whether EXAM is within one standard error of the gold articles' EXAM.
    pub comparable_to_gold: Option<bool>,
    /// ROUGE-1 F1 of the articles against the gold articles (000's baseline): mean over the
    /// queries with a gold article, a query without the system's article scoring 0; None
    /// without gold articles (and for the gold articles themselves).
    pub rouge1: Option<f64>,
    /// Its standard error over those queries.
    pub rouge1_standard_error: Option<f64>,
}

/// How a sitting was graded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SittingMode {
    /// The system answered the questions.
    Answers,
    /// A reader answered from the system's articles.
    Exam,
    /// The system was asked without the choices; a reader answered from its free answers.
    Open,
}

/// The two groups a leaderboard shows apart: the systems being judged, and the reference
/// pipelines built in (METHODS.md §9's default family is one group against the baseline).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SystemGroup {
    /// Vendors' and the user's systems: answer files, article files, endpoints.
    Systems,
    /// The built-in reference pipelines.
    Pipelines,
}

impl SystemGroup {
    /// The group's name in sentences: "systems", "reference pipelines".
    pub fn describe(self) -> &'static str {
        match self {
            SystemGroup::Systems => "systems",
            SystemGroup::Pipelines => "reference pipelines",
        }
    }
}

/// A leaderboard row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Standing {
    /// 1-based rank by accuracy.
    pub rank: u32,
    /// System name.
    pub system: String,
    /// Its group.
    pub group: SystemGroup,
    /// Answer mode or EXAM mode.
    pub mode: SittingMode,
    /// Factor tags.
    pub factors: Vec<Factor>,
    /// Right answers.
    pub correct: u32,
    /// Wrong answers.
    pub wrong: u32,
    /// Unanswered (not right, shown apart).
    pub unanswered: u32,
    /// Errors: timeouts, malformed replies (not right, shown apart).
    pub errors: u32,
    /// Replies that could not be read as one choice and wait for a person (not right, not
    /// answered, shown apart; METHODS.md §13).
    pub needs_look: u32,
    /// An open-answer sitting: the reader that graded the free answers.
    pub open_reader: Option<String>,
    /// An open-answer sitting: that reader's accuracy given each question's own source
    /// passage instead (what it can read at best), shown beside the accuracy.
    pub open_ceiling: Option<f64>,
    /// Active questions of the exam version: the denominator of accuracy.
    pub questions: u32,
    /// correct / questions: errors, no answers and replies to look at are not right (METHODS.md §1).
    pub accuracy: Option<f64>,
    /// correct / (correct + wrong), "accuracy on answered": only the replies read as a choice
    /// count as answered; shown where some question was not.
    pub accuracy_on_answered: Option<f64>,
    /// Lower end of the 95% Wilson interval.
    pub accuracy_low: Option<f64>,
    /// Upper end of the 95% Wilson interval.
    pub accuracy_high: Option<f64>,
    /// EXAM-mode score.
    pub exam: Option<ExamScore>,
}

/// One cell of a category table: a system's result within a category.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct CategoryCell {
    /// Right answers in the category.
    pub correct: u32,
    /// Questions in the category.
    pub questions: u32,
    /// correct / questions.
    pub accuracy: Option<f64>,
}

/// One category (a topic, a Bloom level, a question type) across systems.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CategoryRow {
    /// The category.
    pub category: String,
    /// Active questions in it.
    pub items: u32,
    /// One cell per system, in leaderboard order.
    pub cells: Vec<CategoryCell>,
}

/// A breakdown table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CategoryTable {
    /// Column headings: systems in leaderboard order.
    pub systems: Vec<String>,
    /// One row per category.
    pub rows: Vec<CategoryRow>,
}

/// Accuracy of always answering one position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PositionBaseline {
    /// The letter.
    pub letter: String,
    /// Accuracy of always answering it.
    pub accuracy: f64,
}

/// Bias baselines: how far answering without reading gets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BiasBaselines {
    /// Each fixed position.
    pub positions: Vec<PositionBaseline>,
    /// The best fixed position.
    pub best_position: PositionBaseline,
    /// Always the longest choice.
    pub longest_choice: f64,
}

/// A reader's ceiling: its accuracy when every question comes with the passage it was written
/// from (the oracle retriever), so what retrieval could at best give it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReaderCeiling {
    /// The reader (its "reader" factor).
    pub reader: String,
    /// The oracle pipeline it comes from.
    pub system: String,
    /// Its accuracy.
    pub accuracy: f64,
    /// Wilson 95% interval, low end.
    pub accuracy_low: f64,
    /// Wilson 95% interval, high end.
    pub accuracy_high: f64,
    /// The reader with the model and scoring mode it ran on, from the reader check.
    pub name: String,
    /// The reader check's verdict, when the reader also sat the exam closed book.
    pub reads: Option<bool>,
    /// The reader check's sentence.
    pub check: Option<String>,
}

/// Everything graded on one exam version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Grades {
    /// The exam version graded.
    pub exam: ExamVersion,
    /// Active questions.
    pub questions: u32,
    /// Systems by accuracy.
    pub leaderboard: Vec<Standing>,
    /// Each built-in reader's accuracy with the oracle context (pipelines tagged
    /// retriever=oracle), best first.
    pub reader_ceilings: Vec<ReaderCeiling>,
    /// The gold articles' EXAM score.
    pub gold: Option<ExamScore>,
    /// By topic.
    pub topics: CategoryTable,
    /// By Bloom level.
    pub bloom: CategoryTable,
    /// By question type.
    pub question_types: CategoryTable,
    /// Bias baselines.
    pub bias: Option<BiasBaselines>,
    /// The systems every page opens on: the analyst's own (answer files, endpoints, articles)
    /// in leaderboard order; where they are fewer than two, the best reference pipelines after
    /// them. Compare two starts from the first two, the charts from the first five.
    pub focus: Vec<String>,
}

/// What the start page of an open project shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ProjectSummary {
    /// The project file.
    pub path: String,
    /// Its name (the file name without extension).
    pub name: String,
    /// Row counts.
    pub counts: Counts,
    /// Exam versions, newest first.
    pub exams: Vec<ExamVersion>,
    /// The version every page shows (the version picker's choice; the newest by default).
    pub on_view: Option<ExamVersion>,
    /// Grades of the version on view, when it has questions.
    pub grades: Option<Grades>,
}

/// What to import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ImportKind {
    /// Corpus documents (a file or a folder; sub-folders are topics).
    Documents,
    /// An exam (question bank).
    Exam,
    /// A system's answers (answer mode).
    Answers,
    /// A system's articles per query (EXAM mode).
    Articles,
    /// A reader's answers from a system's articles (EXAM mode).
    ReaderOutcomes,
    /// Gold articles per query.
    GoldArticles,
    /// A reader's answers from the gold articles.
    GoldOutcomes,
    /// Reference nuggets per query (TREC style or a table).
    Nuggets,
    /// Samples asked in two or three formulations, with their scores.
    Formulations,
}

impl ImportKind {
    /// Every kind, for menus.
    pub const ALL: [ImportKind; 9] = [
        ImportKind::Documents,
        ImportKind::Exam,
        ImportKind::Answers,
        ImportKind::Articles,
        ImportKind::ReaderOutcomes,
        ImportKind::GoldArticles,
        ImportKind::GoldOutcomes,
        ImportKind::Nuggets,
        ImportKind::Formulations,
    ];

    /// The name used on the command line and in the import log.
    pub fn as_str(self) -> &'static str {
        match self {
            ImportKind::Documents => "documents",
            ImportKind::Exam => "exam",
            ImportKind::Answers => "answers",
            ImportKind::Articles => "articles",
            ImportKind::ReaderOutcomes => "reader-outcomes",
            ImportKind::GoldArticles => "gold-articles",
            ImportKind::GoldOutcomes => "gold-outcomes",
            ImportKind::Nuggets => "nuggets",
            ImportKind::Formulations => "formulations",
        }
    }
}

/// An import request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ImportRequest {
    /// What the file holds.
    pub kind: ImportKind,
    /// The file (or, for documents, folder) to read.
    pub path: String,
    /// The system, for answers, articles and reader outcomes (default: the file name).
    pub system: Option<String>,
    /// The exam: its name for answers (default: the newest exam), a new name for an exam
    /// import (default: the file name).
    pub exam: Option<String>,
    /// For documents: a topic for every document (default: the sub-folder name).
    pub topic: Option<String>,
    /// Factor tags to set on the system.
    pub factors: Vec<Factor>,
    /// Replace the system's earlier answers on this exam instead of refusing.
    pub replace: bool,
    /// Answers: the file holds free answers given without the choices (open answers); the
    /// local lexical reader answers each question from its free answer.
    #[serde(default)]
    pub open: bool,
    /// Answers: a language model the user added and checked as a reply reader, to read the
    /// replies the rules leave unsure (default: none; they need a look).
    #[serde(default)]
    pub reply_model: Option<String>,
    /// Documents: keep the lines repeated on most pages (navigation, menus, headers and
    /// footers), which are otherwise set aside and counted.
    #[serde(default)]
    pub keep_furniture: bool,
}

impl ImportRequest {
    /// A request with defaults for everything but kind and path.
    pub fn new(kind: ImportKind, path: impl Into<String>) -> Self {
        Self {
            kind,
            path: path.into(),
            system: None,
            exam: None,
            topic: None,
            factors: Vec::new(),
            replace: false,
            open: false,
            reply_model: None,
            keep_furniture: false,
        }
    }
}

/// A reply that could not be read as one choice: it needs a look (read it by hand on the
/// answer sheet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct UnmappedAnswer {
    /// The question's id.
    pub question_id: String,
    /// Where it is in the file ("line 12").
    pub location: String,
    /// The answer as written.
    pub answer: String,
    /// Why it could not be read, in words ("needs a look: it names B and D …").
    pub reason: String,
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ImportReport {
    /// What was imported.
    pub kind: ImportKind,
    /// From where.
    pub source: String,
    /// Records read.
    pub rows: u32,
    /// Records added.
    pub added: u32,
    /// Records skipped (e.g. documents already in the project).
    pub skipped: u32,
    /// Things worth knowing, in plain words.
    pub notes: Vec<String>,
    /// Replies recorded as unanswered because they could not be read as one choice.
    pub unmapped: Vec<UnmappedAnswer>,
}

/// A path sent to open or create a project.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ProjectPath {
    /// The `.proctor` file.
    pub path: String,
}

/// A background job, by number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct JobId {
    /// Its number in this session.
    pub id: u32,
}

/// A model the user added, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelName {
    /// Its name.
    pub name: String,
}

/// A change to a question's categories. `None` leaves a category as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CategoryOverride {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// The question's id in its exam file.
    pub question_id: String,
    /// Bloom levels to set by hand; an empty list goes back to the classifier's.
    pub bloom: Option<Vec<String>>,
    /// A question type to set by hand; "auto" goes back to the classifier's.
    pub question_type: Option<String>,
}

/// A question's categories, and whether each was set by hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct QuestionCategories {
    /// The question's id in its exam file.
    pub question_id: String,
    /// Bloom levels in force.
    pub bloom: Vec<String>,
    /// Whether the Bloom levels were set by hand.
    pub bloom_overridden: bool,
    /// Question type in force.
    pub question_type: String,
    /// Whether the type was set by hand.
    pub question_type_overridden: bool,
}

/// Where a long piece of work (a job) stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum JobState {
    /// Still working.
    Running,
    /// Done; its report is there.
    Finished,
    /// Stopped by an error; its message is there.
    Failed,
    /// Stopped by the user; what it finished is kept, and starting it again resumes.
    Cancelled,
}

/// A long piece of work run in the background, and how far it got.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct JobStatus {
    /// Its number in this session.
    pub id: u32,
    /// What it does, in words ("Preparing the corpus").
    pub title: String,
    /// The current stage ("Embedding", "Answering").
    pub stage: String,
    /// What the stage is working on now (a pipeline's name), or empty.
    pub detail: String,
    /// Units of the stage done.
    #[ts(type = "number")]
    pub done: u64,
    /// Units of the stage in all (0 when unknown).
    #[ts(type = "number")]
    pub total: u64,
    /// Seconds since the job started.
    pub elapsed_seconds: f64,
    /// Units per second in the current stage, once there is a measure.
    pub rate: Option<f64>,
    /// Seconds the current stage still needs at that rate.
    pub eta_seconds: Option<f64>,
    /// Where it stands.
    pub state: JobState,
    /// Why it failed or stopped.
    pub error: Option<ApiError>,
    /// The import's report, once finished.
    pub import: Option<ImportReport>,
    /// The ingest's report, once finished.
    pub ingest: Option<IngestReport>,
    /// The run's report, once finished.
    pub run: Option<RunReport>,
    /// A reader check's result, once it finished.
    pub reader_check: Option<ReaderCheck>,
    /// A generation's report, once it finished.
    pub generation: Option<GenerationReport>,
    /// A reading of the generated questions, once it finished.
    pub generated_reading: Option<ReaderCheckRow>,
    /// An endpoint run's report, once it finished.
    pub endpoint_run: Option<EndpointRunReport>,
    /// A language model checked as a reply reader, once the check finished.
    pub reply_check: Option<UserModelInfo>,
}

/// What the built-in pipelines of a project need and have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PipelinesOverview {
    /// Chunks of the corpus (0: not prepared yet).
    pub chunks: u32,
    /// How the corpus was chunked, once it was.
    pub chunking: Option<Chunking>,
    /// The project's built-in pipelines.
    pub pipelines: Vec<PipelineInfo>,
    /// Questions of the newest exam the pipelines have still to answer, over all of them.
    pub unanswered: u32,
    /// Why the local models cannot be used, with how to install them (None: they can).
    pub models_problem: Option<String>,
}

/// How one sitting did on one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AnswerVerdict {
    /// It chose the key.
    Right,
    /// It chose another choice.
    Wrong,
    /// It gave no answer: an empty reply, or one that says it does not know.
    Unanswered,
    /// Its reply could not be read as one choice: a person should read it (not right until then).
    NeedsLook,
    /// Asking it failed (timeout, malformed reply…).
    Error,
    /// Its answers have nothing for this question.
    Missing,
}
