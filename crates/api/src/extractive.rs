//! Extractive articles as baseline EXAM-mode systems (METHODS.md §8): for each query, the
//! sentences of the best BM25 chunks are ranked by passage match, chosen by MMR, or scored by
//! semantic overlap, until the length quota is filled. Grade them with `read_articles`.

use crate::dto::{ArticleBuilder, BuildArticlesReport, BuildArticlesRequest};
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::SystemKind;
use proctor_exam::extractive::{
    Redundancy, cut_to, mmr, overlap_score, passage_match, query_groups, visible_length,
};
use proctor_exam::readers::Idf;
use proctor_search::Bm25Index;
use proctor_stats::text::{Terms, sentences};
use std::collections::{BTreeMap, BTreeSet};

/// Chunks whose sentences are candidates for a query's article.
const CANDIDATE_CHUNKS: usize = 10;

const TERMS: Terms = Terms {
    stem: true,
    drop_stopwords: true,
};

struct Candidate {
    text: String,
    terms: BTreeSet<String>,
    document_share: f64,
}

/// The idf-weighted cosine of two term sets.
fn similarity(a: &BTreeSet<String>, b: &BTreeSet<String>, idf: &Idf) -> f64 {
    let norm = |s: &BTreeSet<String>| s.iter().map(|t| idf.weight(t).powi(2)).sum::<f64>().sqrt();
    let shared: f64 = a.intersection(b).map(|t| idf.weight(t).powi(2)).sum();
    let denominator = norm(a) * norm(b);
    if denominator > 0.0 {
        shared / denominator
    } else {
        0.0
    }
}

fn builder_name(request: &BuildArticlesRequest) -> String {
    match request.builder {
        ArticleBuilder::PassageMatch => "extractive · passage match".to_owned(),
        ArticleBuilder::Mmr => format!("extractive · MMR λ={}", request.lambda),
        ArticleBuilder::Overlap => "extractive · semantic overlap".to_owned(),
    }
}

impl Project {
    /// Writes an extractive article for every query of the exam and stores them as the articles
    /// of one system (replacing that system's earlier articles for these queries).
    pub fn build_extractive_articles(
        &mut self,
        request: &BuildArticlesRequest,
    ) -> ApiResult<BuildArticlesReport> {
        if !(0.0..=1.0).contains(&request.lambda) || request.quota == 0 {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "λ must be between 0 and 1 and the quota at least one character",
            ));
        }
        let version = self.exam_version(request.exam.as_deref())?;
        let queries: BTreeSet<String> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .filter_map(|q| q.query)
            .collect();
        if queries.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "no question of this exam names its query; extractive articles are written per query",
            ));
        }
        let chunks = self.store.chunks()?;
        if chunks.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the corpus has not been ingested yet; run ingest first",
            ));
        }
        let (bm25, _) = Bm25Index::open_or_build(
            &self.index_folder().join("bm25"),
            chunks.iter().map(|c| (c.id.0, c.text.as_str())),
        )?;
        let idf = Idf::from_passages(chunks.iter().map(|c| c.text.as_str()));
        let text_of: BTreeMap<i64, &str> =
            chunks.iter().map(|c| (c.id.0, c.text.as_str())).collect();
        let quota = request.quota as usize;
        let mut articles = Vec::with_capacity(queries.len());
        for query in &queries {
            let query_text = query.replace(['/', '-', '_'], " ");
            let hits = bm25.search(&query_text, CANDIDATE_CHUNKS)?;
            let best = hits.first().map_or(1.0, |h| h.score.max(f64::MIN_POSITIVE));
            let mut seen = BTreeSet::new();
            let candidates: Vec<Candidate> = hits
                .iter()
                .filter_map(|h| text_of.get(&h.chunk).map(|t| (*t, h.score / best)))
                .flat_map(|(text, share)| {
                    sentences(text)
                        .into_iter()
                        .map(move |(a, b)| (text[a..b].to_owned(), share))
                })
                .filter(|(text, _)| seen.insert(text.clone()))
                .map(|(text, document_share)| Candidate {
                    terms: TERMS.of(&text).into_iter().collect(),
                    text,
                    document_share,
                })
                .collect();
            let query_terms: BTreeSet<String> = TERMS.of(&query_text).into_iter().collect();
            let lengths: Vec<usize> = candidates.iter().map(|c| visible_length(&c.text)).collect();
            let chosen: Vec<usize> = match request.builder {
                ArticleBuilder::PassageMatch | ArticleBuilder::Mmr => {
                    let relevance: Vec<f64> = candidates
                        .iter()
                        .map(|c| passage_match(&c.terms, &query_terms, &idf).score)
                        .collect();
                    let lambda = if request.builder == ArticleBuilder::Mmr {
                        request.lambda
                    } else {
                        0.0
                    };
                    mmr(
                        &relevance,
                        &lengths,
                        |i, j| similarity(&candidates[i].terms, &candidates[j].terms, &idf),
                        lambda,
                        Redundancy::Max,
                        quota,
                    )
                }
                ArticleBuilder::Overlap => {
                    let groups = query_groups(&query_text, &idf, &BTreeMap::new(), false);
                    let mut order: Vec<(usize, f64)> = candidates
                        .iter()
                        .enumerate()
                        .map(|(i, c)| (i, overlap_score(&c.terms, &groups, c.document_share)))
                        .collect();
                    order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                    // Novelty filter: a sentence whose words are all already chosen adds nothing.
                    let mut covered: BTreeSet<String> = BTreeSet::new();
                    let mut filled = 0;
                    let mut picked = Vec::new();
                    for (i, _) in order {
                        if filled >= quota {
                            break;
                        }
                        if !candidates[i].terms.is_empty()
                            && candidates[i].terms.is_subset(&covered)
                        {
                            continue;
                        }
                        covered.extend(candidates[i].terms.iter().cloned());
                        filled += lengths[i];
                        picked.push(i);
                    }
                    picked
                }
            };
            let joined = chosen
                .iter()
                .map(|&i| candidates[i].text.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            articles.push((query.clone(), cut_to(&joined, quota).to_owned()));
        }
        let name = request
            .name
            .clone()
            .unwrap_or_else(|| builder_name(request));
        let tx = self.store.transaction()?;
        let system = tx.system_id(&name, SystemKind::Articles)?;
        let builder = match request.builder {
            ArticleBuilder::PassageMatch => "passage match",
            ArticleBuilder::Mmr => "mmr",
            ArticleBuilder::Overlap => "semantic overlap",
        };
        tx.set_factor(system, "builder", builder)?;
        for (query, text) in &articles {
            tx.upsert_article(system, query, text)?;
        }
        tx.commit()?;
        let total: usize = articles.iter().map(|(_, t)| visible_length(t)).sum();
        Ok(BuildArticlesReport {
            system: name,
            articles: u32::try_from(articles.len()).unwrap_or(u32::MAX),
            mean_length: total as f64 / articles.len() as f64,
        })
    }
}
