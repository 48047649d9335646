//! Row identifiers as newtypes, so a question id can never be passed where a system id is wanted.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

id_type!(
    /// A document of the corpus.
    DocumentId,
    /// A passage of a document, the unit of retrieval.
    ChunkId,
    /// A topic that documents and questions are tagged with.
    TopicId,
    /// An exam: a named series of versions.
    ExamId,
    /// One version of an exam; a frozen version never changes.
    ExamVersionId,
    /// A question of one exam version.
    QuestionId,
    /// A system that sits exams (vendor answers, articles, pipelines).
    SystemId,
    /// One sitting of an exam version by a system, or the grading of gold articles.
    RunId,
);
