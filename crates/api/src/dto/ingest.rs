//! Preparing the corpus: chunks, embeddings and the search index.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
