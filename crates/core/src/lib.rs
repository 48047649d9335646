//! Proctor's domain: the words every other crate speaks.
//!
//! This crate owns the identifiers ([`QuestionId`], [`SystemId`], ...), the exam vocabulary
//! ([`QuestionDraft`], [`ValidQuestion`], [`Choices`], [`BloomLevel`], [`QuestionType`]) and
//! what a system handed in ([`Outcome`]). It performs no I/O; everything here is plain data plus
//! the validation rules a question must pass before it may be stored.
//!
//! ```
//! use proctor_core::{Choices, QuestionDraft};
//!
//! let draft = QuestionDraft {
//!     external_id: "q1".into(),
//!     stem: "Which port does the service listen on?".into(),
//!     choices: vec!["80".into(), "443".into(), "8080".into()],
//!     key: 1,
//!     ..QuestionDraft::default()
//! };
//! let checked = draft.validate().unwrap();
//! assert_eq!(checked.choices.letter(checked.key), 'B');
//! assert_eq!(Choices::letter_index('c'), Some(2));
//! ```

mod category;
mod embed;
mod ids;
mod lm;
mod question;
mod reading;
mod response;
pub mod text;

pub use category::{BloomLevel, QuestionType};
pub use embed::{
    AnswerSpan, CachedEmbedder, EmbedError, Embedder, ExtractiveQa, PairScorer, cosine,
};
pub use ids::{ChunkId, DocumentId, ExamId, ExamVersionId, QuestionId, RunId, SystemId, TopicId};
pub use lm::{LanguageScorer, Likelihood, TextWriter, Writing};
pub use question::{
    Choices, InvalidQuestion, MAX_CHOICES, MIN_CHOICES, QuestionDraft, ValidQuestion, letter,
};
pub use reading::{AnswerReading, NoAnswer, Unsure, Way};
pub use response::{Outcome, RunMode, SystemKind};
