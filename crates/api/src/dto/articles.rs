//! Articles (EXAM mode): graded here, written by the baseline writers, their lambda sweep and
//! each sentence's features; and the nugget evaluation of articles (METHODS.md §7; Lin 001,
//! Marton & Katz 003): which reference facts each system's article for a query states.

use super::{ReaderKind, UserModelChoice, Verdict};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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

/// How a nugget is found in an article.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum NuggetMethod {
    /// POURPRE: the share of the nugget's words in the article's best sentence.
    Pourpre,
    /// POURPRE, counting a nugget found when any of its words is in a sentence.
    PourpreCount,
    /// Nuggeteer-style: idf-weighted recall of the nugget's words and word pairs, judged found
    /// at or above the threshold.
    Nuggeteer,
}

/// What to score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NuggetRequest {
    /// How nuggets are matched.
    pub method: NuggetMethod,
    /// Treat every nugget as vital (the all-vital variant).
    pub all_vital: bool,
    /// Nuggeteer: a nugget is found when its weighted recall is at least this (0–1).
    pub threshold: f64,
    /// The system every other is compared with (default: the best).
    pub baseline: Option<String>,
}

/// One system's article for one query, scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NuggetCell {
    /// F(β = 3) of precision and recall.
    pub f_beta: f64,
    /// Σ match over vital nuggets / vital nuggets.
    pub recall: f64,
    /// 1 within the length allowance, else 1 − (L − A) / L.
    pub precision: f64,
    /// Nuggets found (vital or okay).
    pub found: u32,
    /// The article's length in non-white-space characters.
    pub length: u32,
    /// Whether the system wrote an article for the query (none scores 0).
    pub written: bool,
}

/// A system's nugget scores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NuggetStanding {
    /// The system ("Gold articles" for the reference row).
    pub system: String,
    /// Whether this is the gold articles' reference row.
    pub gold: bool,
    /// Mean F(β = 3) over the queries with nuggets.
    pub mean: f64,
    /// Its 95% interval over queries.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Mean recall.
    pub recall: f64,
    /// Mean precision.
    pub precision: f64,
    /// One cell per query, in [`NuggetBoard::queries`] order.
    pub cells: Vec<NuggetCell>,
    /// Against the baseline (None for the baseline itself and the gold row).
    pub verdict: Option<Verdict>,
}

/// Nugget scores of every system with articles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NuggetBoard {
    /// The queries with nuggets, in order.
    pub queries: Vec<String>,
    /// Nuggets per query, in the same order.
    pub nuggets_per_query: Vec<u32>,
    /// Nuggets in all.
    pub nuggets: u32,
    /// Of which vital.
    pub vital: u32,
    /// Systems with articles, best mean first.
    pub systems: Vec<NuggetStanding>,
    /// The gold articles scored the same way, when the project has them.
    pub gold: Option<NuggetStanding>,
    /// The system the verdicts compare with.
    pub baseline: Option<String>,
    /// What is missing, in plain words (no nuggets, no articles).
    pub note: Option<String>,
}

/// Where to look: one system's article for one query, or the gold article.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NuggetArticleRequest {
    /// The system (ignored for the gold article).
    pub system: String,
    /// The gold article instead of a system's.
    pub gold: bool,
    /// The query.
    pub query: String,
    /// How nuggets are matched, as on the board.
    pub scoring: NuggetRequest,
}

/// A piece of an article's sentence: its text and the nuggets whose words it is (indices into
/// [`NuggetArticle::nuggets`]); empty for words that match none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ArticlePiece {
    /// The text, white space and punctuation included.
    pub text: String,
    /// Nuggets this word belongs to.
    pub nuggets: Vec<u32>,
}

/// A nugget's match in the article.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NuggetFound {
    /// Its id.
    pub id: String,
    /// The fact.
    pub text: String,
    /// Vital or okay.
    pub vital: bool,
    /// The match in [0, 1] (POURPRE's word share, or the weighted recall).
    pub score: f64,
    /// Whether it counts as found.
    pub found: bool,
    /// The sentence it was found in (index into [`NuggetArticle::sentences`]).
    pub sentence: Option<u32>,
}

/// One article with its nuggets marked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NuggetArticle {
    /// The system.
    pub system: String,
    /// The query.
    pub query: String,
    /// The article's sentences, each as pieces.
    pub sentences: Vec<Vec<ArticlePiece>>,
    /// The query's nuggets and how each was matched.
    pub nuggets: Vec<NuggetFound>,
    /// The article's scores.
    pub cell: NuggetCell,
}
