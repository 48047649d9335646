//! Preparing the corpus, EXAM mode graded here, and extractive article writers.

use super::{ReaderKind, UserModelChoice};
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

/// Sweep MMR's λ from 0 to 1 (in steps of 0.1) for the exam's queries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct MmrSweepRequest {
    /// The exam whose queries get articles (default: the newest).
    pub exam: Option<String>,
    /// Length of each article in non-whitespace characters.
    pub quota: u32,
}

/// The articles MMR writes at one λ, graded in memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SweepPoint {
    /// MMR's weight of redundancy.
    pub lambda: f64,
    /// EXAM by the lexical reader: mean over queries of the share of the query's questions
    /// answered right from the article alone.
    pub exam: f64,
    /// Its standard error over queries.
    pub standard_error: f64,
    /// ROUGE-1 F1 against the gold articles, mean over the queries that have one; None without.
    pub rouge1: Option<f64>,
}

/// MMR's λ swept: EXAM and ROUGE-1 at each λ.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MmrSweep {
    /// λ = 0, 0.1, …, 1.
    pub points: Vec<SweepPoint>,
    /// Queries with questions.
    pub queries: u32,
    /// Of them, those with a gold article.
    pub gold_queries: u32,
    /// The articles' length.
    pub quota: u32,
}

/// Which query's candidate sentences to explain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SentenceFeaturesRequest {
    /// The exam whose queries are listed (default: the newest).
    pub exam: Option<String>,
    /// The query (default: the exam's first).
    pub query: Option<String>,
    /// How many sentences to show, best passage match first (at most 200).
    pub limit: u32,
}

/// A query word: its stem, idf and its weight o(g) in semantic overlap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct QueryTerm {
    /// The stemmed word.
    pub term: String,
    /// Its idf over the corpus's chunks.
    pub idf: f64,
    /// Its group's weight o(g) (the weights sum to 1).
    pub weight: f64,
}

/// One candidate sentence and the features each builder scores it by.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SentenceFeature {
    /// The sentence, cut into pieces with the query's words marked.
    pub pieces: Vec<super::ArticlePiece>,
    /// The query words it contains (stems).
    pub matched: Vec<String>,
    /// Passage match: Σ idf of the shared words.
    pub idf_match: f64,
    /// idf precision: the shared words' idf / all its words' idf.
    pub idf_precision: f64,
    /// idf recall: the shared words' idf / the query's words' idf.
    pub idf_recall: f64,
    /// Its chunk's BM25 score relative to the best chunk's.
    pub document_share: f64,
    /// Semantic overlap recall: Σ o(g) of the query groups it matches.
    pub overlap_recall: f64,
    /// Semantic overlap precision: how closely it matches them (1 for exact words).
    pub overlap_precision: f64,
    /// The semantic overlap score F₃(F₂(recall, precision), document share).
    pub overlap_score: f64,
    /// Its rank by passage match (1 = best).
    pub match_rank: u32,
    /// Its rank by semantic overlap.
    pub overlap_rank: u32,
}

/// A query's candidate sentences explained.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SentenceFeatures {
    /// The exam's queries (to choose from).
    pub queries: Vec<String>,
    /// The query explained.
    pub query: String,
    /// Its words as searched.
    pub terms: Vec<QueryTerm>,
    /// Candidate sentences, best passage match first.
    pub sentences: Vec<SentenceFeature>,
    /// Candidates in all (before the limit).
    pub candidates: u32,
}
