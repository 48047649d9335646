//! Exam logic over plain data: no database, no files.
//!
//! - [`classify`]: Bloom's-taxonomy levels from the question's verbs (METHODS.md §4), with a
//!   small lemmatiser so "identifies", "identified" and "identifying" all hit "identify"; the
//!   question type from its first interrogative word.
//! - [`reading`]: a system's reply read as the choice its writer meant, no answer, or a look.
//! - [`grading`]: accuracy with Wilson intervals, breakdowns by topic, Bloom level and question
//!   type, EXAM and n-EXAM with standard errors, and the bias baselines (METHODS.md §1, §5).
//! - [`extractive`]: extractive articles from corpus sentences — passage match, MMR, semantic
//!   overlap (METHODS.md §8).
//! - [`generate`]: exams generated from the corpus — the offline generator, the strict parse and
//!   the filters (METHODS.md §5).
//! - [`lexicon`]: the parts of speech an English word can be (WordNet 3.0, embedded), so that
//!   the generator asks for whole noun phrases.
//! - [`readers`]: lexical, embedding (assertion) and combined readers that answer a question
//!   from context passages, or leave it unanswered (METHODS.md §6).
//!
//! ```
//! use proctor_core::BloomLevel;
//! use proctor_exam::classify::BloomKeywords;
//!
//! let keywords = BloomKeywords::standard();
//! assert_eq!(keywords.classify("Which tool identifies stale locks?"), vec![BloomLevel::Remembering]);
//! ```

pub mod classify;
pub mod extractive;
pub mod generate;
pub mod grading;
pub mod lexicon;
pub mod readers;
pub mod reading;
