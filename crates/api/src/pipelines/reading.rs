//! How a built-in pipeline answers: the contexts its retriever gives a question (closed book,
//! BM25, dense, hybrid fusion, cross-encoder rerank, oracle), and a batch of questions read
//! from them.

use crate::dto::{PipelineSpec, Retriever};
use crate::pipelines::{FUSION_DEPTH, RERANK_DEPTH};
use crate::{ApiError, ApiResult, ErrorCode};
use proctor_core::{CachedEmbedder, Embedder, Outcome, PairScorer, letter};
use proctor_exam::readers::{Reader, ReaderQuestion};
use proctor_search::{Bm25Index, DenseIndex, Hit, reciprocal_rank_fusion};
use proctor_store::{NewResponse, QuestionRow};
use std::collections::HashMap;

/// Each question of a batch read against its contexts — by as many threads at once as the
/// reader allows (an endpoint serves several), the answers in the batch's order. A reading
/// that fails (a server's fault, a malformed reply) is an error response: it counts against
/// the pipeline, and the run goes on.
pub(crate) fn read_batch(
    reader: &dyn Reader,
    batch: &[&QuestionRow],
    contexts: &[Vec<&str>],
) -> Vec<NewResponse> {
    let read = |question: &QuestionRow, contexts: &[&str]| {
        let started = std::time::Instant::now();
        let reading = reader.read(
            &ReaderQuestion {
                stem: &question.stem,
                choices: &question.choices,
            },
            contexts,
        );
        let mut response = match reading {
            Ok(reading) => {
                let (outcome, raw) = match reading.choice {
                    Some(i) => (Outcome::Chosen(i), Some(letter(i).to_string())),
                    None => (Outcome::Unanswered, None),
                };
                let mut response = NewResponse::new(question.id, outcome, raw);
                response.evidence = reading.evidence;
                response
            }
            Err(e) => {
                let mut response = NewResponse::new(question.id, Outcome::Error, None);
                response.error = Some(e.to_string());
                response
            }
        };
        response.latency_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
        response
    };
    let workers = reader.concurrency().clamp(1, batch.len().max(1));
    if workers == 1 {
        return batch
            .iter()
            .zip(contexts)
            .map(|(q, c)| read(q, c))
            .collect();
    }
    let mut responses: Vec<Option<NewResponse>> = vec![None; batch.len()];
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots = std::sync::Mutex::new(&mut responses);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let at = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    if at >= batch.len() {
                        break;
                    }
                    let response = read(batch[at], &contexts[at]);
                    if let Ok(mut slots) = slots.lock() {
                        slots[at] = Some(response);
                    }
                }
            });
        }
    });
    responses.into_iter().flatten().collect()
}

/// What the retrievers search.
pub(crate) struct Retrieval<'r> {
    pub(crate) bm25: Option<&'r Bm25Index>,
    pub(crate) dense: Option<&'r DenseIndex>,
    pub(crate) embedder: Option<&'r CachedEmbedder<'r>>,
    pub(crate) scorer: Option<&'r dyn PairScorer>,
    pub(crate) text_of: &'r HashMap<i64, &'r str>,
}

impl<'r> Retrieval<'r> {
    /// The contexts a pipeline's retriever gives for a question.
    pub(crate) fn contexts<'q>(
        &self,
        spec: PipelineSpec,
        question: &'q QuestionRow,
    ) -> ApiResult<Vec<&'q str>>
    where
        'r: 'q,
    {
        let k = spec.top_k as usize;
        let dense_hits = |depth: usize| -> ApiResult<Vec<Hit>> {
            let (Some(dense), Some(embedder)) = (self.dense, self.embedder) else {
                return Err(ApiError::internal("dense retrieval without embeddings"));
            };
            let vector = embedder
                .embed(&[question.stem.as_str()])
                .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
            Ok(dense.search(&vector[0], depth)?)
        };
        let bm25 = |depth: usize| -> ApiResult<Vec<Hit>> {
            let bm25 = self
                .bm25
                .ok_or_else(|| ApiError::internal("BM25 retrieval without the index"))?;
            Ok(bm25.search(&question.stem, depth)?)
        };
        let hits = match spec.retriever {
            Retriever::ClosedBook => return Ok(Vec::new()),
            Retriever::Oracle => return Ok(question.source_text.as_deref().into_iter().collect()),
            Retriever::Bm25 => bm25(k)?,
            Retriever::Dense => dense_hits(k)?,
            Retriever::Hybrid => {
                reciprocal_rank_fusion(&[bm25(FUSION_DEPTH)?, dense_hits(FUSION_DEPTH)?], k)
            }
            Retriever::HybridRerank => {
                let fused = reciprocal_rank_fusion(
                    &[bm25(FUSION_DEPTH)?, dense_hits(FUSION_DEPTH)?],
                    RERANK_DEPTH.max(k),
                );
                let scorer = self
                    .scorer
                    .ok_or_else(|| ApiError::internal("rerank without a pair scorer"))?;
                rerank(scorer, &question.stem, &fused, self.text_of, k)?
            }
        };
        Ok(hits
            .iter()
            .filter_map(|h| self.text_of.get(&h.chunk).copied())
            .collect())
    }
}

/// The `k` candidates a cross-encoder scores highest against the question, best first; ties
/// keep the fused order.
fn rerank(
    scorer: &dyn PairScorer,
    question: &str,
    candidates: &[Hit],
    text_of: &HashMap<i64, &str>,
    k: usize,
) -> ApiResult<Vec<Hit>> {
    let known: Vec<&Hit> = candidates
        .iter()
        .filter(|h| text_of.contains_key(&h.chunk))
        .collect();
    let pairs: Vec<(&str, &str)> = known
        .iter()
        .map(|h| (question, text_of[&h.chunk]))
        .collect();
    let relevance = scorer
        .score(&pairs)
        .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
    let mut order: Vec<(usize, f32)> = relevance.into_iter().enumerate().collect();
    order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    Ok(order
        .into_iter()
        .take(k)
        .map(|(i, score)| Hit {
            chunk: known[i].chunk,
            score: f64::from(score),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::ReaderKind;
    use crate::pipelines::pipeline_name;
    use proctor_core::EmbedError;

    /// A stand-in cross-encoder: the length of the passage, so longer passages rank first.
    struct Longest;

    impl PairScorer for Longest {
        fn name(&self) -> &'static str {
            "longest"
        }

        fn score(&self, pairs: &[(&str, &str)]) -> Result<Vec<f32>, EmbedError> {
            #[expect(clippy::cast_precision_loss, reason = "short texts")]
            Ok(pairs.iter().map(|(_, p)| p.len() as f32).collect())
        }
    }

    #[test]
    fn rerank_reorders_the_fused_candidates_by_the_scorer() {
        let text_of: HashMap<i64, &str> =
            HashMap::from([(1, "short"), (2, "the longest passage"), (3, "medium one")]);
        let fused = [
            Hit {
                chunk: 1,
                score: 0.9,
            },
            Hit {
                chunk: 2,
                score: 0.5,
            },
            Hit {
                chunk: 3,
                score: 0.4,
            },
            Hit {
                chunk: 9,
                score: 0.3,
            },
        ];
        let top = rerank(&Longest, "q", &fused, &text_of, 2).unwrap();
        let chunks: Vec<i64> = top.iter().map(|h| h.chunk).collect();
        assert_eq!(chunks, [2, 3]);
        assert!((top[0].score - 19.0).abs() < 1e-6);
        let names: Vec<String> = [Retriever::HybridRerank, Retriever::Oracle]
            .map(|retriever| {
                pipeline_name(PipelineSpec {
                    retriever,
                    reader: ReaderKind::PairScorer,
                    top_k: 3,
                })
            })
            .to_vec();
        assert_eq!(
            names,
            [
                "hybrid + rerank · pair scorer · top 3",
                "oracle · pair scorer"
            ]
        );
    }
}
