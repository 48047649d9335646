//! Each candidate sentence's features explained (METHODS.md §8; 001, 003): the passage match
//! with its idf precision and recall, and the semantic overlap with its recall and precision —
//! what the extractive writers rank sentences by, for one query at a time.

use crate::articles::nuggets::pieces;
use crate::articles::writers::{TERMS, query_text};
use crate::dto::{QueryTerm, SentenceFeature, SentenceFeatures, SentenceFeaturesRequest};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_exam::extractive::{overlap, passage_match, query_groups};
use std::collections::{BTreeMap, BTreeSet};

/// Sentences a request may ask for.
const MOST: u32 = 200;

fn rank_by(values: &[f64]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    let mut ranks = vec![0; values.len()];
    for (rank, i) in order.into_iter().enumerate() {
        ranks[i] = saturating_u32(rank + 1);
    }
    ranks
}

impl Project {
    /// A query's candidate sentences with their passage-match and semantic-overlap features
    /// (exact words only: no synonym list or embeddings), best passage match first.
    pub fn sentence_features(
        &self,
        request: &SentenceFeaturesRequest,
    ) -> ApiResult<SentenceFeatures> {
        let version = self.exam_version(request.exam.as_deref())?;
        let queries: Vec<String> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .filter_map(|q| q.query)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let query = match &request.query {
            Some(q) if queries.contains(q) => q.clone(),
            Some(q) => {
                return Err(ApiError::new(
                    ErrorCode::NotFound,
                    format!("no question of this exam names the query '{q}'"),
                ));
            }
            None => queries.first().cloned().ok_or_else(|| {
                ApiError::new(
                    ErrorCode::InvalidInput,
                    "no question of this exam names its query; sentences are chosen per query",
                )
            })?,
        };
        let corpus = self.writer_corpus()?;
        let text = query_text(&query);
        let candidates = corpus.candidates(&text)?;
        let query_terms: BTreeSet<String> = TERMS.of(&text).into_iter().collect();
        let marked = [(0, query_terms.clone())];
        let groups = query_groups(&text, &corpus.idf, &BTreeMap::new(), false);
        let mut rows: Vec<SentenceFeature> = candidates
            .iter()
            .map(|c| {
                let m = passage_match(&c.terms, &query_terms, &corpus.idf);
                let o = overlap(&c.terms, &groups, c.document_share);
                SentenceFeature {
                    pieces: pieces(&c.text, &marked),
                    matched: c.terms.intersection(&query_terms).cloned().collect(),
                    idf_match: m.score,
                    idf_precision: m.precision,
                    idf_recall: m.recall,
                    document_share: c.document_share,
                    overlap_recall: o.recall,
                    overlap_precision: o.precision,
                    overlap_score: o.score,
                    match_rank: 0,
                    overlap_rank: 0,
                }
            })
            .collect();
        let match_ranks = rank_by(&rows.iter().map(|r| r.idf_match).collect::<Vec<_>>());
        let overlap_ranks = rank_by(&rows.iter().map(|r| r.overlap_score).collect::<Vec<_>>());
        for ((row, a), b) in rows.iter_mut().zip(match_ranks).zip(overlap_ranks) {
            row.match_rank = a;
            row.overlap_rank = b;
        }
        rows.sort_by_key(|r| r.match_rank);
        let candidates = saturating_u32(rows.len());
        rows.truncate(request.limit.clamp(1, MOST) as usize);
        Ok(SentenceFeatures {
            terms: groups
                .iter()
                .map(|g| QueryTerm {
                    idf: corpus.idf.weight(&g.stem),
                    term: g.stem.clone(),
                    weight: g.weight,
                })
                .collect(),
            queries,
            query,
            sentences: rows,
            candidates,
        })
    }
}
