//! The built-in pipelines: retrievers, readers, the grid of pipelines, their runs, and the
//! reader check (does a reader read, or only guess from the choices' wording?).

use super::ExamVersion;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where a built-in pipeline's reader gets its context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Retriever {
    /// No context: what the reader can tell from the question alone.
    ClosedBook,
    /// BM25 over the chunks (tantivy).
    Bm25,
    /// Exact cosine over the chunk embeddings.
    Dense,
    /// BM25 and dense fused by reciprocal rank.
    Hybrid,
    /// Hybrid, then the fused candidates reordered by a cross-encoder (a pair scorer the user
    /// added).
    HybridRerank,
    /// The passage the question was written from (the ceiling of retrieval).
    Oracle,
}

/// How a built-in pipeline picks a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ReaderKind {
    /// idf-weighted overlap of each choice with the context sentences.
    Lexical,
    /// Cosine of "question + choice" with the context sentences (local embedding model).
    Embedding,
    /// Both, rescaled and averaged.
    Combined,
    /// "question + choice" scored against each passage by a cross-encoder or NLI model the user
    /// added (the assertion reader).
    PairScorer,
    /// An extractive QA model the user added finds its answer in each passage; the choice that
    /// best matches it wins.
    ExtractiveQa,
    /// A local language model (GGUF) scores each choice given the passage and the question.
    LanguageModel,
    /// MCTest's no-model baseline: where the question's and a choice's words stand together.
    SlidingWindow,
}

/// One built-in pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PipelineSpec {
    /// The retriever.
    pub retriever: Retriever,
    /// The reader.
    pub reader: ReaderKind,
    /// Chunks retrieved (ignored by closed book and oracle).
    pub top_k: u32,
}

/// The reference pipelines as a factorial design.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GridRequest {
    /// Retrievers (empty: the five built-in ones, and hybrid + rerank when a pair scorer has
    /// been added).
    pub retrievers: Vec<Retriever>,
    /// Readers (empty: lexical, embedding and combined, and one per kind of model added).
    pub readers: Vec<ReaderKind>,
    /// Chunk counts for the retrievers that use one (empty: 1 and 3).
    pub top_ks: Vec<u32>,
    /// The models folder, to see which models have been added (default: `PROCTOR_MODELS`,
    /// else ~/.local/share/proctor/models).
    pub models: Option<String>,
}

/// A built-in pipeline of the project.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PipelineInfo {
    /// Its system name.
    pub system: String,
    /// What it does.
    pub spec: PipelineSpec,
}

/// Let built-in pipelines sit an exam.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RunRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// The pipelines (empty: all).
    pub systems: Vec<String>,
    /// The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
    pub models: Option<String>,
    /// Use the int8 embedder (must match the ingest's).
    pub int8: bool,
    /// Threads ONNX Runtime may use for one model run (0: its default, all cores).
    pub threads: u32,
    /// The models the user added to use (default: the only one of each role).
    pub user_models: UserModelChoice,
    /// Throw away the chosen pipelines' earlier answers on this exam and answer again (needed
    /// after the corpus was chunked differently or other models were chosen).
    pub restart: bool,
}

/// Which of the models the user added a job uses, when there are several of a role.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct UserModelChoice {
    /// The pair scorer (cross-encoder or NLI) by name.
    pub pair_scorer: Option<String>,
    /// The extractive QA model by name.
    pub extractive_qa: Option<String>,
    /// How the language model scores choices (default: the mode recorded for the model).
    pub llm_mode: Option<LlmScoring>,
    /// The language model the LLM reader runs on, by name: a GGUF file or endpoint the user
    /// added (default: the one set-up installs).
    #[serde(default)]
    pub llm: Option<String>,
}

/// How the language-model reader scores the choices (METHODS.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LlmScoring {
    /// The next-token probability of each choice's letter, averaged over two choice orders.
    Letter,
    /// The log-likelihood of each choice's text after passage + question, summed.
    Cloze,
    /// The same per token.
    ClozePerToken,
    /// Cloze given passage + question minus cloze given the question alone.
    CalibratedCloze,
}

/// One pipeline's sitting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PipelineSitting {
    /// The pipeline.
    pub system: String,
    /// Questions answered in this call.
    pub answered_now: u32,
    /// Questions answered by an earlier, interrupted call (kept, not redone).
    pub answered_before: u32,
}

/// What a run did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RunReport {
    /// The exam version sat.
    pub exam: ExamVersion,
    /// Per pipeline.
    pub sittings: Vec<PipelineSitting>,
}

/// Check whether readers read: each against the questions' own passages (its ceiling) and
/// without them (closed book), on the questions that carry a passage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReaderCheckRequest {
    /// The exam (default: the newest).
    pub exam: Option<String>,
    /// The readers (empty: every reader the installed models allow).
    pub readers: Vec<ReaderKind>,
    /// The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
    pub models: Option<String>,
    /// Threads a model may use (0: all cores).
    pub threads: u32,
    /// The models the user added to use, and the language model's scoring mode.
    pub user_models: UserModelChoice,
}

/// Right answers out of questions, with the Wilson 95% interval of the share.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Rate {
    /// Questions answered right.
    pub right: u32,
    /// Questions asked.
    pub of: u32,
    /// right / of.
    pub accuracy: f64,
    /// Wilson 95% interval, lower end.
    pub low: f64,
    /// Wilson 95% interval, upper end.
    pub high: f64,
}

/// How often a letter was chosen, against how often it is the key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LetterShare {
    /// The letter.
    pub letter: String,
    /// Share of the answered questions where the reader chose it.
    pub chosen: f64,
    /// Share of the questions whose key it is.
    pub keys: f64,
}

/// What the check found for one reader.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReaderCheckRow {
    /// The reader.
    pub reader: ReaderKind,
    /// In words, with the model and mode it ran on ("language model · gemma-3-270m (a5fd3b62),
    /// cloze per token").
    pub name: String,
    /// The pipeline that read with the passage (oracle).
    pub with_system: String,
    /// The pipeline that read without it (closed book).
    pub without_system: String,
    /// With the passage.
    pub with_passage: Rate,
    /// Without it.
    pub closed_book: Rate,
    /// Questions right only with the passage.
    pub only_with: u32,
    /// Questions right only without it.
    pub only_without: u32,
    /// Exact McNemar p-value of with vs without (METHODS.md §9).
    pub p_value: f64,
    /// Whether the reader reads: with the passage it beats closed book (p < 0.05) and its
    /// interval lies above chance and the longest-choice baseline.
    pub reads: bool,
    /// The verdict in a sentence.
    pub sentence: String,
    /// Letters chosen with the passage against the keys (position bias).
    pub positions: Vec<LetterShare>,
}

/// The reader check of an exam.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReaderCheck {
    /// The exam version checked.
    pub exam: ExamVersion,
    /// Active questions that carry their passage (the ones checked).
    pub questions: u32,
    /// Active questions without one (left out).
    pub without_passage: u32,
    /// Expected accuracy of a blind guess (mean of 1 / choices).
    pub chance: f64,
    /// Accuracy of always answering the longest choice.
    pub longest_choice: f64,
    /// One row per reader, best with the passage first.
    pub readers: Vec<ReaderCheckRow>,
}
