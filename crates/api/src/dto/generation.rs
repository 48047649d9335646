//! Exam generation and review: what the Questions page's "Generate" and review queue show.

use super::{ExamVersion, ReaderCheckRow, ReaderKind, UserModelChoice};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which generator writes the questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum GeneratorKind {
    /// Cloze questions from salient sentences, no language model (METHODS.md §5).
    Offline,
    /// A language model writes each passage's question: a GGUF file run here, or an endpoint.
    LanguageModel,
}

impl GeneratorKind {
    /// The name stored with a generation.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Offline => "offline",
            Self::LanguageModel => "llm",
        }
    }
}

/// Generate questions for an exam from the prepared corpus.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GenerateRequest {
    /// The exam they are for (default: the exam on view; a new exam of this name is created).
    pub exam: Option<String>,
    /// The generator.
    pub generator: GeneratorKind,
    /// The language model (a GGUF file or endpoint added on the models page, by name; default:
    /// the one set-up installs).
    pub model: Option<String>,
    /// Let a model too small to write questions try anyway.
    pub allow_small: bool,
    /// How many questions to write (with `per_topic`: for each topic).
    pub count: u32,
    /// Write `count` questions for every topic instead of sharing them by the topics' size.
    pub per_topic: bool,
    /// The seed (default 1): the same seed writes the same questions.
    pub seed: Option<u32>,
    /// The share of questions each distractor filter sets aside (default 0.05).
    pub share: Option<f64>,
    /// Aim: at most this share of the passing questions answered by a keyword lookup; the
    /// last-written lookups above it are set aside (default: no aim, lookups only counted).
    #[serde(default)]
    pub max_lookup: Option<f64>,
    /// The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
    pub models: Option<String>,
    /// Use the int8 embedder (as the corpus was prepared with it).
    pub int8: bool,
}

/// A name and how many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Tally {
    /// What is counted.
    pub name: String,
    /// How many.
    pub count: u32,
}

/// A topic's share of the generated questions beside its share of the corpus.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TopicCoverage {
    /// The topic ("(no topic)" for documents without one).
    pub topic: String,
    /// Generated questions that passed the parse, not rejected.
    pub questions: u32,
    /// Their share of all such questions.
    pub share: f64,
    /// The topic's share of the corpus's chunks.
    pub corpus_share: f64,
}

/// The thresholds the distractor filters use for this exam.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct FilterThresholds {
    /// The share of questions each check sets aside.
    pub share: f64,
    /// A distractor's multiset Jaccard with the source above the key's by more than this.
    pub distractor_words: f64,
    /// A distractor's cosine with the source above the key's by more than this.
    pub distractor_meaning: f64,
    /// The largest n-gram Jaccard between key and distractor above this.
    pub alike_words: f64,
    /// The largest cosine between key and distractor above this.
    pub alike_meaning: f64,
}

/// The quality of the generated questions of an exam, shown before they are frozen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GenerationQuality {
    /// Everything the generators wrote.
    pub made: u32,
    /// That passed the strict parse.
    pub parsed: u32,
    /// That did not, by reason.
    pub unparsed: Vec<Tally>,
    /// Parsed questions a filter set aside, by check (a question may fail several).
    pub flagged: Vec<Tally>,
    /// Parsed questions set aside by at least one filter.
    pub flagged_questions: u32,
    /// Of those, duplicates of an earlier question.
    pub duplicates: u32,
    /// Accepted into the exam.
    pub accepted: u32,
    /// Rejected by the reviewer.
    pub rejected: u32,
    /// Parsed and not reviewed yet.
    pub pending: u32,
    /// Questions (parsed, not rejected) with the key at A, B, C, D.
    pub key_positions: Vec<u32>,
    /// χ² goodness of fit of the key positions against uniform: the p-value.
    pub key_positions_p: Option<f64>,
    /// Accuracy of always picking the longest choice on those questions.
    pub longest_choice: Option<f64>,
    /// Accuracy of always picking the best single position.
    pub best_position: Option<f64>,
    /// Coverage of the corpus's topics.
    pub topics: Vec<TopicCoverage>,
    /// Questions by Bloom level (by the stem's verbs).
    pub bloom: Vec<Tally>,
    /// Questions by type (by the stem's first interrogative word).
    pub question_types: Vec<Tally>,
    /// The thresholds in force, once there are questions to set them on.
    pub thresholds: Option<FilterThresholds>,
    /// The last check of whether a reader answers them from their passages and guesses them
    /// without, and on how many questions it was run.
    pub reading: Option<ReaderCheckRow>,
    /// Kept questions (parsed, not rejected) that fill a blank in a copied sentence.
    pub fill_blank: u32,
    /// Kept questions that pass: accepted, or waiting with no flag — what accepting those that
    /// pass puts in the exam…
    pub passing: u32,
    /// …and of them, those that fill a blank (held to a fifth, rounded up, by the generator).
    pub fill_blank_passing: u32,
    /// Kept questions a keyword lookup answers (BM25's first passage, the lexical reader)…
    pub lookup: u32,
    /// …of this many measured.
    pub lookup_measured: u32,
    /// Kept questions the language model answers closed book…
    pub guessable: u32,
    /// …of this many measured (0 until a reading check with the language model).
    pub guessable_measured: u32,
}

/// Read the exam's generated questions with a reader, with their passages and closed book.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GeneratedReadingRequest {
    /// The exam (default: the one on view).
    pub exam: Option<String>,
    /// The reader.
    pub reader: ReaderKind,
    /// The models folder (default: `PROCTOR_MODELS`, else ~/.local/share/proctor/models).
    pub models: Option<String>,
    /// Use the int8 embedder.
    pub int8: bool,
    /// Threads ONNX Runtime may use for one model run (0: its default, all cores).
    pub threads: u32,
    /// The models the user added to use (default: the only one of each role).
    pub user_models: UserModelChoice,
}

/// Where a generated question stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum CandidateStatus {
    /// The generator's output did not parse.
    Unparsed,
    /// Waiting for review.
    Pending,
    /// In the exam's draft.
    Accepted,
    /// Rejected by the reviewer.
    Rejected,
}

/// A filter's finding on a generated question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FilterFlag {
    /// The check, as a stable code ("duplicate", "choices_alike_in_meaning"…).
    pub code: String,
    /// The check in words.
    pub label: String,
    /// What it measured.
    pub value: Option<f64>,
    /// The threshold that value passed.
    pub threshold: Option<f64>,
    /// The phrase pointing at the source, or the question it repeats.
    pub detail: Option<String>,
}

/// One generated question in the review queue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GeneratedQuestion {
    /// Its number in the queue.
    pub id: u32,
    /// Where it stands.
    pub status: CandidateStatus,
    /// The question (None when unparsed).
    pub stem: Option<String>,
    /// Its choices.
    pub choices: Vec<String>,
    /// The key's index.
    pub key: Option<u32>,
    /// What kind of fact its answer is (offline generator).
    pub kind: Option<String>,
    /// The topic of its source.
    pub topic: Option<String>,
    /// The document of its source.
    pub document: Option<String>,
    /// The filters' findings (empty: passed every filter).
    pub flags: Vec<FilterFlag>,
    /// Why it did not parse.
    pub parse_error: Option<String>,
    /// Bloom levels by the stem's verbs.
    pub bloom: Vec<String>,
    /// Its type by the stem's first interrogative word.
    pub question_type: String,
    /// The reviewer's reason for rejecting it.
    pub reason: Option<String>,
    /// Whether the reviewer edited it.
    pub edited: bool,
    /// Its id in the exam, once accepted.
    pub question_id: Option<String>,
    /// Which generation wrote it.
    pub generation: u32,
    /// A keyword lookup answers it (None: not measured).
    pub lookup: Option<bool>,
    /// The language model answers it closed book (None: not measured).
    pub guessable: Option<bool>,
}

/// An edit of a generated question: what it was and what it became.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CandidateEdit {
    /// When (UTC, ISO 8601).
    pub at: String,
    /// The stem before.
    pub stem_before: String,
    /// The choices before.
    pub choices_before: Vec<String>,
    /// The key before.
    pub key_before: u32,
    /// The stem after.
    pub stem_after: String,
    /// The choices after.
    pub choices_after: Vec<String>,
    /// The key after.
    pub key_after: u32,
}

/// Who wrote a generated question, with what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Provenance {
    /// The generator ("offline", …).
    pub generator: String,
    /// The model file or endpoint.
    pub model: Option<String>,
    /// The model file's hash, or the endpoint's address.
    pub model_hash: Option<String>,
    /// The prompt.
    pub prompt: Option<String>,
    /// The seed.
    pub seed: u32,
    /// When it was written (UTC, ISO 8601).
    pub written_at: String,
}

/// One generated question with its source passage, edits and provenance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GeneratedDetail {
    /// The question.
    pub question: GeneratedQuestion,
    /// The source passage before the highlighted part.
    pub source_before: String,
    /// The part of the source the question was written from (the sentence).
    pub source_highlight: String,
    /// The rest of the source passage.
    pub source_after: String,
    /// The generator's output as received.
    pub raw: Option<String>,
    /// The reviewer's edits, oldest first.
    pub edits: Vec<CandidateEdit>,
    /// Who wrote it, with what.
    pub provenance: Provenance,
}

/// One generation of an exam.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GenerationInfo {
    /// Its number.
    pub id: u32,
    /// The generator.
    pub generator: String,
    /// The model, if any.
    pub model: Option<String>,
    /// The seed.
    pub seed: u32,
    /// Questions asked for.
    pub count: u32,
    /// Questions it wrote (parsed or not).
    pub written: u32,
    /// When it started.
    pub started_at: String,
    /// Whether it finished (a stopped one resumes when started again with the same settings).
    pub finished: bool,
}

/// The review queue of an exam's generated questions, with their quality.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GeneratedExam {
    /// The exam.
    pub exam: String,
    /// Every generated question, in the order written.
    pub questions: Vec<GeneratedQuestion>,
    /// Their quality.
    pub quality: GenerationQuality,
    /// The generations, oldest first.
    pub generations: Vec<GenerationInfo>,
}

/// A generated question, by number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GeneratedRef {
    /// The exam (default: the exam on view).
    pub exam: Option<String>,
    /// Its number in the queue.
    pub id: u32,
}

/// What a review does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ReviewAction {
    /// Put the questions into the exam's draft.
    Accept,
    /// Keep them out, with a reason.
    Reject,
    /// Back to the queue (out of the draft, if accepted there).
    Reinstate,
}

/// Review some generated questions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewRequest {
    /// The exam (default: the exam on view).
    pub exam: Option<String>,
    /// The questions, by number.
    pub ids: Vec<u32>,
    /// Accept, reject or reinstate.
    pub action: ReviewAction,
    /// Why (required to reject).
    pub reason: Option<String>,
}

/// What a review changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewReport {
    /// Questions whose status changed.
    pub changed: u32,
    /// The exam's draft after the change.
    pub draft: ExamVersion,
    /// In words.
    pub message: String,
}

/// Edit a generated question (before or after accepting it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GeneratedEdit {
    /// The exam (default: the exam on view).
    pub exam: Option<String>,
    /// Its number in the queue.
    pub id: u32,
    /// The new stem.
    pub stem: String,
    /// The new choices.
    pub choices: Vec<String>,
    /// The new key.
    pub key: u32,
}

/// What a generation did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GenerationReport {
    /// The exam.
    pub exam: String,
    /// The generation's number.
    pub generation: u32,
    /// Questions written now.
    pub written: u32,
    /// Questions it had written before it was stopped (resumed).
    pub resumed: u32,
    /// Sentences the generator could ask about.
    pub available: u32,
    /// Places passed over: too few wrong answers of the same kind.
    pub skipped: u32,
    /// Fill-the-blank questions held back: at most a fifth of the questions asked for copy
    /// their sentence (METHODS.md §5.6).
    pub held_back_blanks: u32,
    /// The exam's generated questions' quality after this generation.
    pub quality: GenerationQuality,
}
