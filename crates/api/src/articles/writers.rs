//! Extractive articles as baseline EXAM-mode systems (METHODS.md §8): for each query, the
//! sentences of the best BM25 chunks are ranked by passage match, chosen by MMR, or scored by
//! semantic overlap, until the length quota is filled. Grade them with `read_articles`.

use crate::dto::{ArticleBuilder, BuildArticlesReport, BuildArticlesRequest, UserModelChoice};
use crate::ingest::text_hash;
use crate::readers::{Models, Needs};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::{CachedEmbedder, Embedder, SystemKind};
use proctor_exam::extractive::{
    Redundancy, cut_to, embedding_variants, mmr, overlap_score, passage_match, query_groups,
    variant_words, visible_length,
};
use proctor_exam::readers::Idf;
use proctor_models::{EmbedderOptions, embedder_name};
use proctor_search::Bm25Index;
use proctor_stats::text::{Terms, sentences};
use proctor_store::ChunkRow;
use std::collections::{BTreeMap, BTreeSet};

/// Chunks whose sentences are candidates for a query's article.
const CANDIDATE_CHUNKS: usize = 10;

pub(crate) const TERMS: Terms = Terms {
    stem: true,
    drop_stopwords: true,
};

pub(crate) struct Candidate {
    pub(crate) text: String,
    pub(crate) terms: BTreeSet<String>,
    pub(crate) document_share: f64,
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
        ArticleBuilder::Overlap => {
            let mut name = "extractive · semantic overlap".to_owned();
            if request.synonyms.is_some() {
                name.push_str(" · synonyms");
            }
            if let Some(threshold) = request.embedding_variants {
                name.push_str(" · embeddings ≥ ");
                name.push_str(&threshold.to_string());
            }
            name
        }
    }
}

/// A query's name as words to search for ("install/linux-package" → "install linux package").
pub(crate) fn query_text(query: &str) -> String {
    query.replace(['/', '-', '_'], " ")
}

/// The prepared corpus the extractive writers draw from: its chunks, their BM25 index and the
/// terms' idf.
pub(crate) struct WriterCorpus {
    chunks: Vec<ChunkRow>,
    /// Each chunk's place in `chunks`, by its id.
    at: BTreeMap<i64, usize>,
    bm25: Bm25Index,
    pub(crate) idf: Idf,
}

impl Project {
    /// The corpus the extractive writers draw from; refused before the corpus is ingested.
    pub(crate) fn writer_corpus(&self) -> ApiResult<WriterCorpus> {
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
        Ok(WriterCorpus {
            idf: Idf::from_passages(chunks.iter().map(|c| c.text.as_str())),
            at: chunks
                .iter()
                .enumerate()
                .map(|(i, c)| (c.id.0, i))
                .collect(),
            bm25,
            chunks,
        })
    }
}

impl WriterCorpus {
    /// The candidate sentences of a query's article: those of the best BM25 chunks for it,
    /// each once, with its terms and its chunk's score relative to the best chunk's.
    pub(crate) fn candidates(&self, query_text: &str) -> ApiResult<Vec<Candidate>> {
        let hits = self.bm25.search(query_text, CANDIDATE_CHUNKS)?;
        let best = hits.first().map_or(1.0, |h| h.score.max(f64::MIN_POSITIVE));
        let mut seen = BTreeSet::new();
        Ok(hits
            .iter()
            .filter_map(|h| {
                let text = self.chunks[*self.at.get(&h.chunk)?].text.as_str();
                Some((text, h.score / best))
            })
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
            .collect())
    }
}

/// The chosen candidates' sentences in order, cut to the quota.
fn joined(candidates: &[Candidate], chosen: &[usize], quota: usize) -> String {
    let text = chosen
        .iter()
        .map(|&i| candidates[i].text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    cut_to(&text, quota).to_owned()
}

/// What passage match and MMR choose from: each candidate's passage match with the query,
/// computed once for any λ.
pub(crate) struct Relevance<'a> {
    candidates: &'a [Candidate],
    idf: &'a Idf,
    scores: Vec<f64>,
    lengths: Vec<usize>,
}

impl<'a> Relevance<'a> {
    pub(crate) fn new(candidates: &'a [Candidate], query_text: &str, idf: &'a Idf) -> Self {
        let query_terms: BTreeSet<String> = TERMS.of(query_text).into_iter().collect();
        Self {
            candidates,
            idf,
            scores: candidates
                .iter()
                .map(|c| passage_match(&c.terms, &query_terms, idf).score)
                .collect(),
            lengths: candidates.iter().map(|c| visible_length(&c.text)).collect(),
        }
    }

    /// The article MMR writes at `lambda` (0: passage match order) up to `quota` characters.
    pub(crate) fn article(&self, lambda: f64, quota: usize) -> String {
        let candidates = self.candidates;
        let chosen = mmr(
            &self.scores,
            &self.lengths,
            |i, j| similarity(&candidates[i].terms, &candidates[j].terms, self.idf),
            lambda,
            Redundancy::Max,
            quota,
        );
        joined(candidates, &chosen, quota)
    }
}

/// The user's synonym list, keyed as the overlap scorer keys a query word.
fn read_synonyms(path: &str) -> ApiResult<BTreeMap<String, Vec<(String, f64)>>> {
    let bytes = proctor_formats::user_files::read_regular(std::path::Path::new(path), path)?;
    let mut map: BTreeMap<String, Vec<(String, f64)>> = BTreeMap::new();
    for entry in proctor_formats::synonyms::read_synonyms(path, &bytes)? {
        if let Some(term) = TERMS.of(&entry.word).into_iter().next() {
            map.entry(term)
                .or_default()
                .push((entry.synonym, entry.similarity));
        }
    }
    Ok(map)
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
        let corpus = self.writer_corpus()?;
        let idf = &corpus.idf;
        let quota = request.quota as usize;
        let synonyms = match (&request.synonyms, request.builder) {
            (Some(path), ArticleBuilder::Overlap) => read_synonyms(path)?,
            (Some(_), _) => {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    "a synonym list is used by the semantic overlap builder only",
                ));
            }
            (None, _) => BTreeMap::new(),
        };
        let variants_threshold = match (request.embedding_variants, request.builder) {
            (Some(t), ArticleBuilder::Overlap) if (0.0..=1.0).contains(&t) => Some(t),
            (Some(_), ArticleBuilder::Overlap) => {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    "the embedding similarity threshold must be between 0 and 1",
                ));
            }
            (Some(_), _) => {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    "embedding variants are used by the semantic overlap builder only",
                ));
            }
            (None, _) => None,
        };
        let models = Models::load(
            request.models.as_deref(),
            Needs {
                embedder: variants_threshold.is_some(),
                ..Needs::default()
            },
            request.int8,
            request.threads,
            &UserModelChoice::default(),
        )?;
        let cache = models
            .embedder
            .as_ref()
            .map(|e| CachedEmbedder::new(e as &dyn Embedder));
        let model_name = embedder_name(&EmbedderOptions {
            int8: request.int8,
            ..EmbedderOptions::default()
        });
        let mut articles = Vec::with_capacity(queries.len());
        for query in &queries {
            let query_text = query_text(query);
            let candidates = corpus.candidates(&query_text)?;
            let lengths: Vec<usize> = candidates.iter().map(|c| visible_length(&c.text)).collect();
            let article = match request.builder {
                ArticleBuilder::PassageMatch | ArticleBuilder::Mmr => {
                    let lambda = if request.builder == ArticleBuilder::Mmr {
                        request.lambda
                    } else {
                        0.0
                    };
                    Relevance::new(&candidates, &query_text, idf).article(lambda, quota)
                }
                ArticleBuilder::Overlap => {
                    let mut variants = synonyms.clone();
                    if let (Some(threshold), Some(cache)) = (variants_threshold, &cache) {
                        self.preload_words(cache, &model_name, &query_text, &candidates)?;
                        let close = embedding_variants(
                            &query_text,
                            candidates.iter().map(|c| c.text.as_str()),
                            cache,
                            threshold,
                        )
                        .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
                        for (term, words) in close {
                            variants.entry(term).or_default().extend(words);
                        }
                    }
                    let groups = query_groups(&query_text, idf, &variants, false);
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
                    joined(&candidates, &picked, quota)
                }
            };
            articles.push((query.clone(), article));
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
        // The word vectors made on the way are kept, so the next build reuses them.
        if let Some(cache) = &cache {
            for (text, vector) in cache.take_fresh() {
                tx.insert_embedding(&model_name, &text_hash(&text), &vector)?;
            }
        }
        tx.commit()?;
        let total: usize = articles.iter().map(|(_, t)| visible_length(t)).sum();
        Ok(BuildArticlesReport {
            system: name,
            articles: saturating_u32(articles.len()),
            mean_length: total as f64 / articles.len() as f64,
        })
    }
}

impl Project {
    /// Puts the stored vectors of the words the embedding variants will embed for this query in
    /// front of the embedder.
    fn preload_words(
        &self,
        cache: &CachedEmbedder<'_>,
        model: &str,
        query: &str,
        candidates: &[Candidate],
    ) -> ApiResult<()> {
        let words = variant_words(query, candidates.iter().map(|c| c.text.as_str()));
        let hashes: Vec<(String, String)> = words.into_iter().map(|w| (text_hash(&w), w)).collect();
        let refs: Vec<&str> = hashes.iter().map(|(h, _)| h.as_str()).collect();
        let stored = self.store.embeddings(model, &refs)?;
        cache.preload(
            hashes
                .into_iter()
                .filter_map(|(h, w)| stored.get(&h).map(|v| (w, v.clone()))),
        );
        Ok(())
    }
}
