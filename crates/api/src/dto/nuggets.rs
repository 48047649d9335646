//! Nugget evaluation of articles (METHODS.md §7; Lin 001, Marton & Katz 003): which reference
//! facts each system's article for a query states, scored per query and per system.

use super::Verdict;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
