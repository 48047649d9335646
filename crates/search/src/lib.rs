//! Retrieval for Proctor's built-in pipelines: documents are cut into chunks ([`chunk`]),
//! chunks are indexed for BM25 with tantivy ([`Bm25Index`], on disk next to the project file,
//! rebuilt when missing or stale) and searched densely by exact cosine over stored embeddings
//! ([`DenseIndex`]); the two rankings are fused by reciprocal rank ([`reciprocal_rank_fusion`]).
//!
//! ```
//! use proctor_search::{ChunkSettings, chunk};
//!
//! let chunks = chunk("One.\n\nTwo is longer.\n\nThree.", &ChunkSettings { size: 20, overlap: 0, ..Default::default() });
//! assert_eq!(chunks.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["One.\n\nTwo is longer.", "Three."]);
//! ```

mod bm25;
mod chunking;
mod dense;
mod fusion;

pub use bm25::{Bm25Index, IndexStamp};
pub use chunking::{Chunk, ChunkBy, ChunkSettings, chunk};
pub use dense::DenseIndex;
pub use fusion::{RRF_K, reciprocal_rank_fusion};
pub use proctor_stats::text::sentences;

/// A retrieved chunk: its id and the retriever's score (higher is better).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The chunk's id in the project.
    pub chunk: i64,
    /// BM25 score, cosine, or fused score.
    pub score: f64,
}

/// Why a search could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The tantivy index failed.
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    /// Reading or writing the index folder failed.
    #[error("search index folder: {0}")]
    Io(#[from] std::io::Error),
    /// A vector of the wrong length.
    #[error("a vector has {got} dimensions, the index {expected}")]
    Dimension {
        /// The index's dimension.
        expected: usize,
        /// The vector's.
        got: usize,
    },
}
