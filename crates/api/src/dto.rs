//! Transport types: what crosses the doors. Each has a generated TypeScript twin.

mod agreement;
mod browse;
mod endpoints;
mod files;
mod generation;
mod pipelines;
mod responses;
mod versions;
pub use agreement::*;
pub use browse::*;
pub use endpoints::*;
pub use files::*;
pub use generation::*;
pub use pipelines::*;
pub use responses::*;
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
    /// Active questions of the exam version: the denominator of accuracy.
    pub questions: u32,
    /// correct / questions: errors and unanswered questions are not right (METHODS.md §1).
    pub accuracy: Option<f64>,
    /// correct / (questions − errors), "accuracy on answered"; only where there are errors.
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
}

impl ImportKind {
    /// Every kind, for menus.
    pub const ALL: [ImportKind; 7] = [
        ImportKind::Documents,
        ImportKind::Exam,
        ImportKind::Answers,
        ImportKind::Articles,
        ImportKind::ReaderOutcomes,
        ImportKind::GoldArticles,
        ImportKind::GoldOutcomes,
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
        }
    }
}

/// An answer that matched no choice and was recorded as unanswered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct UnmappedAnswer {
    /// The question's id.
    pub question_id: String,
    /// Where it is in the file ("line 12").
    pub location: String,
    /// The answer as written.
    pub answer: String,
    /// Why it matched no choice.
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
    /// Answers recorded as unanswered because they matched no choice.
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

/// Which two systems to compare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CompareRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// The first system's name.
    pub first: String,
    /// The second system's name.
    pub second: String,
}

/// The questions behind the counts of a comparison, by id, in exam order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ComparedQuestions {
    /// Right for both.
    pub both: Vec<String>,
    /// Right for the first only.
    pub only_first: Vec<String>,
    /// Right for the second only.
    pub only_second: Vec<String>,
    /// Right for neither.
    pub neither: Vec<String>,
}

/// The one verdict on a difference between two systems (METHODS.md §9): one primary test, the
/// same in every panel and door, corrected by Holm over the family named here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Verdict {
    /// The primary test: "exact McNemar" (accuracy) or "paired randomisation" (EXAM).
    pub test: String,
    /// Its two-sided p-value for this pair.
    pub p_value: f64,
    /// The p-value after Holm's correction over the family.
    pub adjusted_p_value: f64,
    /// Comparisons in the family (1: no correction).
    pub family_size: u32,
    /// The family in words: "the 3 systems, each against Echo Bot".
    pub family: String,
    /// Whether the difference is real: adjusted p < 0.05.
    pub real: bool,
    /// Lin's marker for the first against the second, from the adjusted p-value:
    /// ▲/▼ p < 0.01, △/▽ p < 0.05, ^/v p < 0.10, ◦ not significant.
    pub marker: String,
    /// The verdict as every panel says it.
    pub sentence: String,
    /// Accuracy only: the questions McNemar's test needs to tell this pair apart with 80%
    /// power at α = 0.05, at its discordance and difference (none when they do not differ;
    /// METHODS.md §11, before any family correction).
    pub questions_needed: Option<u32>,
    /// Accuracy only: the smallest difference in accuracy (a share) this exam detects with 80%
    /// power at α = 0.05 for a pair that disagrees as often as this one.
    pub detectable_difference: Option<f64>,
}

/// Two systems compared question by question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Comparison {
    /// The first system.
    pub first: String,
    /// The second system.
    pub second: String,
    /// Questions compared: every active question (errors and unanswered are not right).
    pub pairs: u32,
    /// Right for both.
    pub both: u32,
    /// Right for the first only.
    pub only_first: u32,
    /// Right for the second only.
    pub only_second: u32,
    /// Right for neither.
    pub neither: u32,
    /// The ids of the questions behind each count.
    pub questions: ComparedQuestions,
    /// The first's accuracy on these questions.
    pub first_accuracy: f64,
    /// The second's accuracy on these questions.
    pub second_accuracy: f64,
    /// first − second, in accuracy.
    pub difference: f64,
    /// Lower end of the 95% paired bootstrap interval of the difference (its size).
    pub low: f64,
    /// Upper end of that interval.
    pub high: f64,
    /// Resamples drawn.
    pub resamples: u32,
    /// Their seed: the same data always gives the same interval.
    pub seed: u32,
    /// Whether the interval excludes 0.
    pub excludes_zero: bool,
    /// The verdict on accuracy: exact McNemar, Holm over the family.
    pub verdict: Verdict,
    /// The verdict on the EXAM score, when both systems sat in EXAM mode: paired randomisation
    /// over queries, Holm over the same family.
    pub exam_verdict: Option<Verdict>,
    /// Secondary: two-sided p-value of Wilcoxon's signed-rank test over the questions.
    pub wilcoxon_p: f64,
    /// Secondary: two-sided p-value of the paired t-test (None when the differences do not vary).
    pub t_test_p: Option<f64>,
}

/// Every system against one baseline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SignificanceRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// The system the others are compared with.
    pub baseline: String,
    /// The group on view (None: both, each its own family).
    pub group: Option<SystemGroup>,
}

/// One system against the baseline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SignificanceRow {
    /// The system.
    pub system: String,
    /// Its group (its family).
    pub group: SystemGroup,
    /// Questions compared.
    pub pairs: u32,
    /// Its accuracy minus the baseline's.
    pub difference: f64,
    /// Lower end of the 95% paired bootstrap interval of the difference.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// The one verdict.
    pub verdict: Verdict,
    /// Secondary: Wilcoxon signed-rank p-value (uncorrected).
    pub wilcoxon_p: f64,
    /// Secondary: paired t-test p-value (uncorrected).
    pub t_test_p: Option<f64>,
}

/// Significance of every system against a baseline, corrected for the number of comparisons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SignificanceTable {
    /// The baseline.
    pub baseline: String,
    /// One row per other system, in leaderboard order.
    pub rows: Vec<SignificanceRow>,
    /// How the verdicts were reached, in one sentence for the note beside the table.
    pub method: String,
}

/// Which item response model to fit (METHODS.md §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum IrtModel {
    /// Rasch: difficulty only.
    #[serde(rename = "1pl")]
    OnePl,
    /// Discrimination and difficulty.
    #[serde(rename = "2pl")]
    TwoPl,
    /// Discrimination, difficulty and guessing.
    #[serde(rename = "3pl")]
    ThreePl,
}

/// How to estimate it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum IrtMethod {
    /// Joint maximum likelihood with box bounds: for few examinees (5–100 systems).
    Joint,
    /// Marginal maximum likelihood by EM, abilities by EAP: for many examinees.
    Marginal,
}

/// The project's one current IRT setting (METHODS.md §3): every panel that ranks or drops
/// questions by IRT uses it, so no two panels disagree because they fitted different models.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct IrtSettings {
    /// The model (default 2PL: with fewer than ~200 examinees the 3PL's guessing parameters are
    /// weakly identified).
    pub model: IrtModel,
    /// The estimation method (default joint: an exam has few examinees).
    pub method: IrtMethod,
    /// Bounds and priors: "standard" (default) or "paper" (004's).
    pub preset: String,
}

impl Default for IrtSettings {
    fn default() -> Self {
        Self {
            model: IrtModel::TwoPl,
            method: IrtMethod::Joint,
            preset: "standard".to_owned(),
        }
    }
}

/// What to fit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// A new setting for the project, used from now on by every panel (None: the project's
    /// current one).
    pub settings: Option<IrtSettings>,
    /// Fit abilities as sums of the systems' factor effects (the hierarchical model; joint
    /// method only). Every system must carry the same factors.
    pub hierarchical: bool,
    /// The level each factor's effects are reported against, e.g. retriever = closed-book
    /// (default: a factor's first level in alphabetical order).
    pub baselines: Vec<Factor>,
    /// The systems the model is fitted on (default: all).
    pub selection: SystemSelection,
}

/// Which systems an analysis uses.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SystemSelection {
    /// These systems by name (empty: every system).
    pub systems: Vec<String>,
    /// Only the systems that carry all of these factors, e.g. reader, retriever, top_k for the
    /// built-in pipelines (empty: no such condition).
    pub tagged: Vec<String>,
}

/// One question's fitted parameters and diagnostics.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtItem {
    /// The question's id in its exam file.
    pub question: String,
    /// a, with its standard error.
    pub discrimination: f64,
    /// SE of a (None when fixed by the model or on a bound).
    pub discrimination_se: Option<f64>,
    /// b.
    pub difficulty: f64,
    /// SE of b.
    pub difficulty_se: Option<f64>,
    /// c.
    pub guessing: f64,
    /// SE of c.
    pub guessing_se: Option<f64>,
    /// Infit mean square (near 1 is good).
    pub infit: Option<f64>,
    /// Outfit mean square.
    pub outfit: Option<f64>,
    /// Correlation of the item with the rest of the exam.
    pub point_biserial: Option<f64>,
    /// Why the item is worth a look: "low discrimination", "negative point-biserial".
    pub flags: Vec<String>,
    /// Its characteristic curve: the chance of a right answer at each θ of the information
    /// curve (empty in fits kept by earlier versions).
    #[serde(default)]
    pub curve: Vec<f64>,
}

/// Whether an exam can place a system on its scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Measurable {
    /// Some right and some not: the ability is a measurement.
    Within,
    /// Every question right: above what this exam can measure.
    Above,
    /// No question right: below what this exam can measure.
    Below,
}

/// A system's ability on the exam's scale, as shown on screen (METHODS.md §3): EAP under
/// θ ~ N(0, 1) given the fitted items, finite for every system, with its posterior sd.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtAbility {
    /// The system.
    pub system: String,
    /// θ: the posterior mean (EAP) under N(0, 1) given the item estimates.
    pub ability: f64,
    /// Its posterior standard deviation (the ± shown with it).
    pub standard_error: f64,
    /// The estimate the fit itself made (joint: maximum likelihood, which runs to its bound
    /// for a perfect or zero score; marginal: the same EAP).
    pub fitted: f64,
    /// Questions right, of those answered or missed (errors are missing here).
    pub raw_score: u32,
    /// Questions with a response (right, wrong or unanswered).
    pub responses: u32,
    /// Whether the exam can measure this system (a perfect or zero raw score cannot).
    pub measurable: Measurable,
}

/// A factor level's effect on ability, against its factor's baseline level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtEffect {
    /// The factor.
    pub factor: String,
    /// The level.
    pub level: String,
    /// Effect relative to the baseline (which has 0).
    pub effect: f64,
    /// Whether this level is the baseline.
    pub baseline: bool,
}

/// Test information over θ, as the mean over items (004's curves) and as the sum (textbook).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct InformationCurve {
    /// θ values.
    pub theta: Vec<f64>,
    /// (1/|Q|) Σ I_i(θ).
    pub mean: Vec<f64>,
    /// Σ I_i(θ).
    pub sum: Vec<f64>,
}

/// A fitted IRT model of an exam.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IrtReport {
    /// The exam version.
    pub exam: ExamVersion,
    /// What was fitted.
    pub request: IrtRequest,
    /// The IRT setting it was fitted with.
    pub settings: IrtSettings,
    /// Items, in exam order.
    pub items: Vec<IrtItem>,
    /// Systems, best first.
    pub systems: Vec<IrtAbility>,
    /// Factor effects (hierarchical fits).
    pub effects: Vec<IrtEffect>,
    /// Log-likelihood at the estimates (marginal for the EM method).
    pub log_likelihood: f64,
    /// RMSE of the predicted probabilities against the 0/1 responses.
    pub rmse: f64,
    /// RMSE of predicting each question's share right (the baseline to beat).
    pub item_mean_rmse: f64,
    /// Test information.
    pub information: InformationCurve,
    /// Whether the estimation met its stopping rule.
    pub converged: bool,
}

/// Iterative exam improvement (004, Algorithm 1, corrected), with the project's IRT setting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImproveRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// Number of steps.
    pub steps: u32,
    /// Share of the active questions dropped at each step (e.g. 0.1).
    pub fraction: f64,
    /// The systems the model is fitted on (default: all).
    pub selection: SystemSelection,
}

/// One step of the improvement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImprovementStep {
    /// 0 is the full exam.
    pub step: u32,
    /// Questions dropped at this step.
    pub dropped: Vec<String>,
    /// Questions still active.
    pub remaining: u32,
    /// Systems by ability after refitting, best first.
    pub leaderboard: Vec<IrtAbility>,
    /// Mean test information of the remaining questions.
    pub information: InformationCurve,
    /// Log-likelihood of the refit.
    pub log_likelihood: f64,
}

/// Every step of an improvement run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImprovementReport {
    /// The exam version.
    pub exam: ExamVersion,
    /// What was run.
    pub request: ImproveRequest,
    /// The project's IRT setting it ran with.
    pub settings: IrtSettings,
    /// The steps, the full exam first.
    pub steps: Vec<ImprovementStep>,
}

/// Which of Proctor's leaderboards to correlate with another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LeaderboardMetric {
    /// Accuracy (standard error sqrt(p(1 − p)/n)).
    Accuracy,
    /// The EXAM score of EXAM-mode systems, with its standard error over queries.
    Exam,
    /// The ability θ of the last IRT fit kept in the project, with its standard error.
    Ability,
    /// ROUGE-1 F1 of EXAM-mode systems' articles against the gold articles, with its
    /// standard error over queries.
    Rouge1,
}

/// What to correlate Proctor's leaderboard with: another leaderboard file, and/or official IR
/// measures of the systems' TREC runs against qrels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CorrelateRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// Proctor's side.
    pub metric: LeaderboardMetric,
    /// A leaderboard file (system, score, optional standard_error).
    pub leaderboard: Option<String>,
    /// A TREC qrels file, for the runs.
    pub qrels: Option<String>,
    /// TREC run files, one per system (named by its tag, or else by the file's name).
    pub runs: Vec<String>,
}

/// One system on both leaderboards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AgreementPoint {
    /// The system.
    pub system: String,
    /// Its score on Proctor's leaderboard.
    pub proctor: f64,
    /// Its score on the other.
    pub other: f64,
}

/// Agreement of Proctor's leaderboard with one other (METHODS.md §2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BoardCorrelation {
    /// The other leaderboard ("MAP", "board.csv", …).
    pub against: String,
    /// Each system on both: Proctor's score and the other's.
    pub points: Vec<AgreementPoint>,
    /// Systems on both.
    pub systems: u32,
    /// Kendall's τ-b and its p-value.
    pub kendall: f64,
    /// p-value of τ.
    pub kendall_p: f64,
    /// Spearman's ρ.
    pub spearman: f64,
    /// p-value of ρ.
    pub spearman_p: f64,
    /// Pearson's r.
    pub pearson: f64,
    /// p-value of r.
    pub pearson_p: f64,
    /// τ with ties within noise broken at random: mean of the repeats.
    pub kendall_ties_broken: f64,
    /// … and its sd.
    pub kendall_ties_broken_sd: f64,
    /// ρ with ties within noise broken at random: mean.
    pub spearman_ties_broken: f64,
    /// … and its sd.
    pub spearman_ties_broken_sd: f64,
    /// Number of random tie-breaks (seeded).
    pub repeats: u32,
}

/// One run's official measures (means over the queries judged and retrieved).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TrecScores {
    /// The system.
    pub system: String,
    /// Queries evaluated.
    pub queries: u32,
    /// Mean average precision.
    pub map: f64,
    /// P@10.
    pub precision_at_10: f64,
    /// R-precision.
    pub r_precision: f64,
    /// nDCG@20.
    pub ndcg_at_20: f64,
    /// Mean reciprocal rank.
    pub reciprocal_rank: f64,
}

/// Proctor's leaderboard against others.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CorrelationReport {
    /// Proctor's side.
    pub metric: LeaderboardMetric,
    /// Official measures of the runs, when runs were given.
    pub trec: Vec<TrecScores>,
    /// One row per other leaderboard.
    pub correlations: Vec<BoardCorrelation>,
    /// Systems on only one side, left out of the correlations.
    pub left_out: Vec<String>,
    /// Other leaderboards on which every system scores the same, so no correlation exists.
    pub constant: Vec<String>,
}

/// What chunks are packed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ChunkUnit {
    /// Paragraphs (cut into sentences only when too long).
    Paragraph,
    /// Sentences.
    Sentence,
}

/// How documents are cut into chunks for retrieval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Chunking {
    /// Largest chunk, in characters.
    pub size: u32,
    /// Characters repeated from the end of one chunk at the start of the next.
    pub overlap: u32,
    /// The units chunks are packed from.
    pub unit: ChunkUnit,
}

/// Prepare the corpus for retrieval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IngestRequest {
    /// Chunking (default: the project's last, else 800 characters, 100 overlap, by paragraph).
    pub chunking: Option<Chunking>,
    /// The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
    pub models: Option<String>,
    /// Embed with the int8 copy of the embedder (faster, cosine ≥ 0.98 to full precision).
    pub int8: bool,
    /// Threads ONNX Runtime may use for one model run (0: its default, all cores).
    pub threads: u32,
}

/// What ingest did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct IngestReport {
    /// Documents of the corpus.
    pub documents: u32,
    /// Chunks they make.
    pub chunks: u32,
    /// The chunking used.
    pub chunking: Chunking,
    /// Whether the documents were cut again (new documents or new settings).
    pub rechunked: bool,
    /// The embedding model.
    pub embedder: String,
    /// Chunks embedded now (identical texts are embedded once).
    pub embedded: u32,
    /// Chunks whose text's embedding was already in the project.
    pub cached: u32,
    /// Whether the BM25 index was (re)built.
    pub index_rebuilt: bool,
    /// Where the BM25 index is.
    pub index: String,
}

/// EXAM mode graded on this machine: a local reader answers each query's questions from a
/// system's article (METHODS.md §1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReadArticlesRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// Systems whose articles are read (empty: every system with articles).
    pub systems: Vec<String>,
    /// Also read the gold articles (for n-EXAM).
    pub gold: bool,
    /// The reader.
    pub reader: ReaderKind,
    /// Replace the systems' earlier EXAM-mode outcomes (imported or read before).
    pub replace: bool,
    /// The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
    pub models: Option<String>,
    /// Use the int8 embedder.
    pub int8: bool,
    /// Threads ONNX Runtime may use for one model run (0: its default, all cores).
    pub threads: u32,
    /// The models the user added to use (default: the only one of each role).
    pub user_models: UserModelChoice,
}

/// A file of the models folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelFile {
    /// What it is for (runtime, embedder, embedder-int8, tokenizer).
    pub role: String,
    /// In words.
    pub description: String,
    /// Where it is.
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// Whether it is there, with that size.
    pub present: bool,
}

/// The models folder and what it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelsReport {
    /// The folder.
    pub folder: String,
    /// Its files.
    pub files: Vec<ModelFile>,
    /// The models the user added.
    pub user_models: Vec<UserModelInfo>,
}

/// A model the user added to the models folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct UserModelInfo {
    /// Its name.
    pub name: String,
    /// What it is for: "embedder", "pair-scorer", "extractive-qa" or "llm".
    pub role: String,
    /// In the user's words.
    pub description: String,
    /// The graph or GGUF file, or for an endpoint its address.
    pub path: String,
    /// For a pair scorer with several logits: the one that is the score.
    pub label: Option<u32>,
    /// For a language model: how the LLM reader scores with it ("letter", "cloze-per-token").
    pub mode: Option<String>,
    /// For a language model behind an endpoint: the model the server is asked for.
    pub endpoint_model: Option<String>,
    /// For an endpoint that sends a key: where the key is read from and whether it is there,
    /// masked ("the OS keychain entry 'openai' (set, ends …3f2a)").
    pub key: Option<String>,
}

/// A secret (an API key) to keep in the OS keychain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SecretRequest {
    /// The entry's name (1–100 characters), as settings will name it.
    pub entry: String,
    /// The secret itself: kept in the keychain only, never in a file, a log or an answer.
    pub secret: String,
}

/// An entry of the OS keychain, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SecretName {
    /// The entry's name.
    pub entry: String,
}

/// Whether a keychain entry holds a secret, masked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SecretStatus {
    /// The entry's name.
    pub entry: String,
    /// Whether it holds a secret.
    pub present: bool,
    /// The secret masked ("set, ends …3f2a"), when present.
    pub masked: Option<String>,
}

/// One check of a model's self-test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelCheck {
    /// What was checked, in words.
    pub what: String,
    /// Whether it held.
    pub passed: bool,
    /// Whether the model is refused when it does not (otherwise it is advice).
    pub required: bool,
    /// The numbers behind it.
    pub detail: String,
}

/// A user model's self-test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelSelfTest {
    /// The model.
    pub name: String,
    /// Its role.
    pub role: String,
    /// Whether every required check held.
    pub passed: bool,
    /// The checks.
    pub checks: Vec<ModelCheck>,
}

/// A model to add to the models folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct AddModelRequest {
    /// The name to give it (lower-case letters, digits, '.', '-', '_').
    pub name: String,
    /// "embedder", "pair-scorer" (cross-encoder or NLI), "extractive-qa" or "llm".
    pub role: String,
    /// In the user's words.
    pub description: String,
    /// The ONNX file, or a language model's GGUF file (empty for an endpoint).
    pub model: String,
    /// Its tokenizer.json (empty for a language model).
    pub tokenizer: String,
    /// For an NLI model: which logit is "entailment" (counting from 0).
    pub label: Option<u32>,
    /// For a language model behind an OpenAI-compatible endpoint: how to reach it.
    #[serde(default)]
    pub endpoint: Option<EndpointRequest>,
}

/// An OpenAI-compatible chat/completions endpoint (Ollama, llama.cpp's server, vLLM, LM Studio,
/// OpenAI, Azure OpenAI).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EndpointRequest {
    /// The API's base address up to its version, e.g. `http://127.0.0.1:11434/v1`.
    pub url: String,
    /// The model the server is asked for.
    pub model: String,
    /// The environment variable that holds the API key. The key itself is never stored.
    pub key_env: Option<String>,
    /// Or the OS keychain entry that holds it (save it there with `save_secret`); with neither,
    /// no key is sent.
    #[serde(default)]
    pub key_keychain: Option<String>,
    /// Seconds one request may take (1–600).
    pub timeout_seconds: u32,
    /// Questions asked at once (1–16).
    pub concurrency: u32,
    /// Tokens the model reads at once; passages are cut to fit (512 and up).
    pub context_tokens: u32,
}

/// A self-test of the embedder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ModelTest {
    /// The model tested.
    pub embedder: String,
    /// Its vectors' length.
    pub dimension: u32,
    /// Cosine of two paraphrases (should be high).
    pub paraphrase_cosine: f64,
    /// Cosine of two unrelated sentences (should be near 0).
    pub unrelated_cosine: f64,
    /// Whether the model behaves as an embedder should (unit vectors, paraphrases closer than
    /// unrelated sentences).
    pub passed: bool,
}

/// How an extractive article is assembled from corpus sentences (METHODS.md §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ArticleBuilder {
    /// The sentences with the highest passage match (Σ idf of shared terms).
    PassageMatch,
    /// Maximal marginal relevance: relevant, and unlike what is already chosen.
    Mmr,
    /// Semantic overlap scoring of the query's word groups, with a novelty filter.
    Overlap,
}

/// Write extractive articles for every query of the exam, as a baseline EXAM-mode system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BuildArticlesRequest {
    /// The exam whose queries get articles (default: the newest).
    pub exam: Option<String>,
    /// How sentences are chosen.
    pub builder: ArticleBuilder,
    /// MMR's weight of redundancy, 0 (none) to 1.
    pub lambda: f64,
    /// Length of each article in non-whitespace characters.
    pub quota: u32,
    /// The system's name (default: from the builder).
    pub name: Option<String>,
    /// Semantic overlap: a synonym list (CSV/TSV/XLSX/JSON with columns word, synonym and
    /// optionally similarity) whose synonyms count as the word.
    pub synonyms: Option<String>,
    /// Semantic overlap: also count the candidates' words whose embedding has at least this
    /// cosine with a query word (needs the local embedder; 0.6 is a sensible start).
    pub embedding_variants: Option<f64>,
    /// The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
    pub models: Option<String>,
    /// Use the int8 embedder.
    pub int8: bool,
    /// Threads ONNX Runtime may use for one model run (0: its default, all cores).
    pub threads: u32,
}

/// What was written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct BuildArticlesReport {
    /// The system that holds the articles.
    pub system: String,
    /// Articles written (one per query).
    pub articles: u32,
    /// Their mean length in non-whitespace characters.
    pub mean_length: f64,
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
