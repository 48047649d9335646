//! Endpoint systems (vendors over HTTP): their configuration, trying one question, runs with
//! their budget, and what a run cost.

use super::{ExamVersion, Rate, ReadArticlesRequest};
pub use proctor_models::vendor::{
    Budget, EvidenceItem, HeaderSpec, HeaderValue, HttpMethod, Limits, Preset, Price, ReplyPaths,
    VendorMode, VendorSpec,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An endpoint system to create, or to change (same name).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EndpointSystem {
    /// The system's name.
    pub name: String,
    /// How to ask it and read its replies.
    pub spec: VendorSpec,
}

/// Where a secret header's value is read, and whether it is there (masked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SecretHeader {
    /// The header.
    pub header: String,
    /// "the environment variable X (set, ends …3f2a)" or "(not set)".
    pub status: String,
    /// Whether a value is there.
    pub present: bool,
}

/// An endpoint system as kept in the project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EndpointView {
    /// The system's name.
    pub name: String,
    /// Its configuration (no secret: headers name where theirs are read).
    pub spec: VendorSpec,
    /// Its secret headers and whether their values can be read now.
    pub secrets: Vec<SecretHeader>,
}

/// Try a configuration on one question before a run (nothing is stored).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TryRequest {
    /// The system's name (for messages; it need not be saved yet).
    pub name: String,
    /// The configuration to try.
    pub spec: VendorSpec,
    /// The question: its id, its number in the exam on view ("12"), or words of its stem
    /// (default: the first question).
    pub question: Option<String>,
}

/// What one question's request and reply were, and what Proctor read from them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TryReport {
    /// The question asked (its id and stem; in EXAM mode, its query).
    pub question: String,
    /// Its stem, or the query in EXAM mode.
    pub asked: String,
    /// The request exactly as sent, secrets masked.
    pub request: String,
    /// The HTTP status.
    pub status: Option<u16>,
    /// The raw reply (capped at 64 KiB).
    pub reply: Option<String>,
    /// Its size in bytes.
    pub reply_bytes: u32,
    /// Time of the last attempt, ms.
    pub latency_ms: f64,
    /// Attempts made.
    pub attempts: u32,
    /// Why the request failed, if it did.
    pub error: Option<String>,
    /// The answer (or article) read from the reply.
    pub answer: Option<String>,
    /// The choice it maps to (a letter), in answer mode.
    pub choice: Option<String>,
    /// How the answer was mapped, in words.
    pub mapping: Option<String>,
    /// Whether that choice is the key.
    pub right: Option<bool>,
    /// The evidence read.
    pub evidence: Vec<EvidenceItem>,
    /// Prompt tokens reported.
    #[ts(type = "number | null")]
    pub prompt_tokens: Option<u64>,
    /// Completion tokens reported.
    #[ts(type = "number | null")]
    pub completion_tokens: Option<u64>,
    /// The request's cost at the price set.
    pub cost: Option<f64>,
    /// What a path did not find, in words.
    pub problems: Vec<String>,
}

/// Let endpoint systems sit the exam (or write their articles, in EXAM mode).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EndpointRunRequest {
    /// The systems (empty: every endpoint system).
    pub systems: Vec<String>,
    /// The exam (default: the exam on view).
    pub exam: Option<String>,
    /// Where the run stops of its own accord, over all its systems.
    pub budget: Budget,
    /// Ask the questions that ended in an error again.
    pub retry_errors: bool,
    /// Only these questions (ids), asked again even when answered; empty: every question not
    /// yet answered.
    pub questions: Vec<String>,
    /// Forget the systems' answers on this exam and ask everything again.
    pub restart: bool,
    /// EXAM mode: how the fetched articles are graded (none: fetch only).
    pub grading: Option<ReadArticlesRequest>,
    /// Ask each system only the questions that tell the most about it (an adaptive exam,
    /// METHODS.md §11); none: every question.
    pub adaptive: Option<AdaptiveAsking>,
    /// A language model the user added and checked as a reply reader, to read the replies
    /// the rules leave unsure (default: none; they need a look).
    #[serde(default)]
    pub reply_model: Option<String>,
}

/// How an adaptive sitting picks and when it stops.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AdaptiveAsking {
    /// Stop once the ability's standard error is at most this (0: only the count stops it).
    pub target_se: f64,
    /// Stop after this many questions, counting those the system answered before.
    pub max_questions: u32,
    /// Take the topics in turn.
    pub balance_topics: bool,
}

/// What an adaptive sitting found: the ability from the questions asked, and the whole exam
/// predicted from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AdaptiveEstimate {
    /// Questions whose answers the estimate rests on (this run's and earlier ones).
    pub used: u32,
    /// The exam's questions.
    pub questions: u32,
    /// θ̂ (EAP on the calibration's scale).
    pub ability: f64,
    /// Its posterior standard deviation.
    pub standard_error: f64,
    /// The predicted share right on the whole exam.
    pub predicted: f64,
    /// Lower end of its 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// The systems whose answers calibrated the questions.
    pub calibrated_on: u32,
}

/// One endpoint system's part of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EndpointSitting {
    /// The system.
    pub system: String,
    /// Questions (or queries) asked now: answered + no answer + needs a look + errors.
    pub asked: u32,
    /// Of which answered: a reply read as a choice, or an article.
    pub answered: u32,
    /// Of which the reply gave no answer (empty, or "I don't know").
    pub no_answer: u32,
    /// Of which the reply could not be read as one choice: a person should read it.
    pub needs_look: u32,
    /// Of the answered, replies that name no choice read by meaning (the embedder).
    pub by_meaning: u32,
    /// Of the answered, replies the rules left unsure that the chosen language model read.
    pub by_model: u32,
    /// What the run says of how its replies were read (by meaning, by the model, left for a
    /// look for want of the embedder).
    pub notes: Vec<String>,
    /// Of which ended in an error.
    pub errors: u32,
    /// An open-answer sitting: how the reader graded the free answers, and its ceiling.
    pub open: Option<String>,
    /// Answered before this run (skipped).
    pub before: u32,
    /// HTTP requests sent (retries included).
    pub requests: u32,
    /// Why it stopped early (breaker, budget), if it did.
    pub halted: Option<String>,
    /// An adaptive sitting's estimate (none when every question is asked).
    pub adaptive: Option<AdaptiveEstimate>,
}

/// What an endpoint run did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EndpointRunReport {
    /// The exam version.
    pub exam: ExamVersion,
    /// Per system.
    pub sittings: Vec<EndpointSitting>,
    /// Why the run stopped early, if it did (the first system that halted).
    pub halted: Option<String>,
}

/// One response of an endpoint system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExchangeRef {
    /// The system.
    pub system: String,
    /// The question's id.
    pub question: String,
}

/// The exchange behind one response: request, reply and what it cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ExchangeView {
    /// The system.
    pub system: String,
    /// The question's id.
    pub question: String,
    /// The request as sent, secrets masked.
    pub request: String,
    /// The HTTP status of the last attempt.
    pub status: Option<u16>,
    /// The raw reply as stored (capped at 64 KiB).
    pub reply: Option<String>,
    /// Its full size in bytes.
    pub reply_bytes: u32,
    /// The last attempt's time, ms.
    pub latency_ms: f64,
    /// With retries and waits, ms.
    pub total_ms: f64,
    /// Attempts made.
    pub attempts: u32,
    /// Why it failed, if it did.
    pub error: Option<String>,
    /// The evidence returned.
    pub evidence: Vec<EvidenceItem>,
    /// Whether the question's source passage is in the evidence (METHODS §12), when both
    /// are known.
    pub source_in_evidence: Option<bool>,
    /// Prompt tokens.
    #[ts(type = "number | null")]
    pub prompt_tokens: Option<u64>,
    /// Completion tokens.
    #[ts(type = "number | null")]
    pub completion_tokens: Option<u64>,
}

/// What an endpoint system's sitting cost and how it behaved (METHODS §12), on the exam on
/// view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Operations {
    /// Questions with a stored exchange.
    pub asked: u32,
    /// Right answers out of the questions answered or failed, with its interval.
    pub accuracy: Option<Rate>,
    /// Median time per question (last attempt), ms.
    pub median_ms: Option<f64>,
    /// 95th percentile, ms.
    pub p95_ms: Option<f64>,
    /// Questions that ended in an error.
    pub errors: u32,
    /// Errors / asked.
    pub error_rate: Option<f64>,
    /// Questions that needed more than one attempt.
    pub retried: u32,
    /// Attempts beyond the first, over all questions.
    pub retries: u32,
    /// Prompt tokens reported.
    #[ts(type = "number")]
    pub prompt_tokens: u64,
    /// Completion tokens reported.
    #[ts(type = "number")]
    pub completion_tokens: u64,
    /// Cost per 100 questions at the price set (none without a price).
    pub cost_per_100: Option<f64>,
    /// Questions whose reply carried evidence.
    pub with_evidence: u32,
    /// Of the questions with evidence and a source passage: those whose passage is in it.
    pub source_found: u32,
    /// Questions with evidence and a source passage (the evidence recall's denominator).
    pub source_known: u32,
    /// Right answers whose evidence lacks the source passage (worth a look).
    pub right_without_source: u32,
}
