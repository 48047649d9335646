//! Exam generation (METHODS.md §5): the strict parse every generated question passes
//! ([`parse`]), the offline generator's salient spans ([`spans`]), stems ([`stem`]) and
//! distractors ([`offline`]), questions written by a language model ([`llm`]), the order in which
//! passages get questions ([`plan`]), and the filters with their reasons ([`filters`]).

mod clauses;
pub mod filters;
pub mod llm;
pub mod offline;
pub mod parse;
mod placed;
pub mod plan;
mod salience;
mod slot;
pub mod spans;
pub mod stem;
mod stem_words;
pub mod vectors;
mod whole;
mod worthy;

/// A chunk of the corpus as the generator reads it.
#[derive(Debug, Clone, Copy)]
pub struct SourceChunk<'a> {
    /// The chunk's row id.
    pub id: i64,
    /// Its document's row id.
    pub document: i64,
    /// Its document's topic.
    pub topic: Option<&'a str>,
    /// Its text.
    pub text: &'a str,
}
