//! Built-in pipelines (METHODS.md §6): a retriever (closed book, BM25, dense, hybrid, oracle)
//! and a reader (lexical, embedding, combined) run on this machine. A run is long work: answers
//! are written in batches, each in one transaction with the embeddings it made, so a killed run
//! keeps what it finished and the next run answers only the rest — one response per question.

use crate::dto::{
    GridRequest, PipelineInfo, PipelineSitting, PipelineSpec, ReaderKind, Retriever, RunReport,
    RunRequest,
};
use crate::ingest::{models_folder, text_hash};
use crate::project::exam_version_dto;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{CachedEmbedder, Embedder, Outcome, RunMode, SystemKind, letter};
use proctor_exam::readers::{
    CombinedReader, DEFAULT_EMBEDDING_THRESHOLD, DEFAULT_LEXICAL_THRESHOLD, EmbeddingReader, Idf,
    LexicalReader, Reader, ReaderQuestion,
};
use proctor_models::{EmbedderOptions, OnnxEmbedder, embedder_name};
use proctor_search::{Bm25Index, DenseIndex, Hit, reciprocal_rank_fusion};
use proctor_store::{NewResponse, QuestionRow};
use std::collections::{BTreeSet, HashMap};

/// Questions answered, and committed, at a time.
const BATCH: usize = 20;
/// Candidates each ranking contributes to the hybrid fusion.
const FUSION_DEPTH: usize = 20;

fn n(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

fn retriever_name(r: Retriever) -> &'static str {
    match r {
        Retriever::ClosedBook => "closed book",
        Retriever::Bm25 => "bm25",
        Retriever::Dense => "dense",
        Retriever::Hybrid => "hybrid",
        Retriever::Oracle => "oracle",
    }
}

fn reader_name(r: ReaderKind) -> &'static str {
    match r {
        ReaderKind::Lexical => "lexical",
        ReaderKind::Embedding => "embedding",
        ReaderKind::Combined => "combined",
    }
}

fn uses_k(r: Retriever) -> bool {
    matches!(r, Retriever::Bm25 | Retriever::Dense | Retriever::Hybrid)
}

/// The system name of a pipeline, e.g. "bm25 · lexical · top 3".
pub fn pipeline_name(spec: PipelineSpec) -> String {
    let base = format!(
        "{} · {}",
        retriever_name(spec.retriever),
        reader_name(spec.reader)
    );
    if uses_k(spec.retriever) {
        format!("{base} · top {}", spec.top_k)
    } else {
        base
    }
}

/// The reader of a kind, among those built (the embedding ones exist only with a model).
pub(crate) fn pick_reader<'a>(
    kind: ReaderKind,
    lexical: &'a LexicalReader,
    embedding: Option<&'a EmbeddingReader<'a>>,
    combined: Option<&'a CombinedReader<'a>>,
) -> ApiResult<&'a dyn Reader> {
    let reader: Option<&dyn Reader> = match kind {
        ReaderKind::Lexical => Some(lexical),
        ReaderKind::Embedding => embedding.map(|r| r as &dyn Reader),
        ReaderKind::Combined => combined.map(|r| r as &dyn Reader),
    };
    reader.ok_or_else(|| internal("the embedding reader was asked for without a model"))
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(ErrorCode::Internal, e.to_string())
}

impl Project {
    /// Creates the reference pipelines as a grid: every retriever × reader, and every top-k for
    /// the retrievers that use one. Each is tagged with its factors (retriever, reader, top_k)
    /// for the hierarchical IRT model. Existing pipelines are kept.
    pub fn add_pipeline_grid(&mut self, request: &GridRequest) -> ApiResult<Vec<PipelineInfo>> {
        let or_all = |given: &[Retriever]| -> Vec<Retriever> {
            if given.is_empty() {
                vec![
                    Retriever::ClosedBook,
                    Retriever::Bm25,
                    Retriever::Dense,
                    Retriever::Hybrid,
                    Retriever::Oracle,
                ]
            } else {
                given.to_vec()
            }
        };
        let readers = if request.readers.is_empty() {
            vec![
                ReaderKind::Lexical,
                ReaderKind::Embedding,
                ReaderKind::Combined,
            ]
        } else {
            request.readers.clone()
        };
        let top_ks = if request.top_ks.is_empty() {
            vec![1, 3]
        } else {
            request.top_ks.clone()
        };
        if top_ks.iter().any(|k| *k == 0 || *k > 50) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "top-k must be between 1 and 50",
            ));
        }
        let mut specs = Vec::new();
        for retriever in or_all(&request.retrievers) {
            for &reader in &readers {
                let ks: &[u32] = if uses_k(retriever) { &top_ks } else { &[0] };
                for &top_k in ks {
                    specs.push(PipelineSpec {
                        retriever,
                        reader,
                        top_k,
                    });
                }
            }
        }
        let tx = self.store.transaction()?;
        for spec in &specs {
            let system = tx.system_id(&pipeline_name(*spec), SystemKind::Pipeline)?;
            tx.set_pipeline(system, &serde_json::to_string(spec).map_err(internal)?)?;
            tx.set_factor(system, "retriever", retriever_name(spec.retriever))?;
            tx.set_factor(system, "reader", reader_name(spec.reader))?;
            let k = if uses_k(spec.retriever) {
                spec.top_k.to_string()
            } else {
                "none".to_owned()
            };
            tx.set_factor(system, "top_k", &k)?;
        }
        tx.commit()?;
        Ok(specs
            .into_iter()
            .map(|spec| PipelineInfo {
                system: pipeline_name(spec),
                spec,
            })
            .collect())
    }

    /// The project's built-in pipelines.
    pub fn pipelines(&self) -> ApiResult<Vec<PipelineInfo>> {
        self.store
            .pipelines()?
            .into_iter()
            .map(|(_, system, config)| {
                let spec = serde_json::from_str(&config).map_err(|e| {
                    ApiError::new(
                        ErrorCode::Internal,
                        format!("pipeline '{system}' is damaged: {e}"),
                    )
                })?;
                Ok(PipelineInfo { system, spec })
            })
            .collect()
    }

    /// Lets the pipelines sit the exam. Questions a pipeline already answered are skipped, so
    /// an interrupted run resumes.
    pub fn run_pipelines(
        &mut self,
        request: &RunRequest,
        progress: &dyn Progress,
    ) -> ApiResult<RunReport> {
        let all = self.store.pipelines()?;
        let chosen: Vec<_> = if request.systems.is_empty() {
            all
        } else {
            request
                .systems
                .iter()
                .map(|name| {
                    all.iter()
                        .find(|(_, n, _)| n == name)
                        .cloned()
                        .ok_or_else(|| {
                            ApiError::new(
                                ErrorCode::NotFound,
                                format!("there is no pipeline named '{name}'"),
                            )
                        })
                })
                .collect::<ApiResult<_>>()?
        };
        if chosen.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the project has no built-in pipelines yet; add them first (proctor pipelines add-grid)",
            ));
        }
        let version = self.exam_version(request.exam.as_deref())?;
        let questions: Vec<QuestionRow> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .collect();
        let chunks = self.store.chunks()?;
        if chunks.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the corpus has not been ingested yet; run ingest first",
            ));
        }
        let specs: Vec<(proctor_core::SystemId, String, PipelineSpec)> = chosen
            .into_iter()
            .map(|(id, name, config)| {
                serde_json::from_str(&config)
                    .map(|spec| (id, name.clone(), spec))
                    .map_err(|e| {
                        ApiError::new(
                            ErrorCode::Internal,
                            format!("pipeline '{name}' is damaged: {e}"),
                        )
                    })
            })
            .collect::<ApiResult<_>>()?;

        // What every pipeline shares: the chunk texts, the BM25 index, the idf of the lexical
        // reader, and — when a pipeline needs it — the embedder with its cached vectors.
        let text_of: HashMap<i64, &str> =
            chunks.iter().map(|c| (c.id.0, c.text.as_str())).collect();
        let (bm25, _) = Bm25Index::open_or_build(
            &self.index_folder().join("bm25"),
            chunks.iter().map(|c| (c.id.0, c.text.as_str())),
        )?;
        let idf = Idf::from_passages(chunks.iter().map(|c| c.text.as_str()));
        let lexical = LexicalReader::new(idf, DEFAULT_LEXICAL_THRESHOLD);
        let needs_model = specs.iter().any(|(_, _, s)| {
            matches!(s.retriever, Retriever::Dense | Retriever::Hybrid)
                || s.reader != ReaderKind::Lexical
        });
        let options = EmbedderOptions {
            int8: request.int8,
            ..EmbedderOptions::default()
        };
        let model_name = embedder_name(&options);
        let onnx: Option<OnnxEmbedder> = if needs_model {
            Some(models_folder(request.models.as_deref())?.embedder(&options)?)
        } else {
            None
        };
        let cache = onnx
            .as_ref()
            .map(|e| CachedEmbedder::new(e as &dyn Embedder));
        let mut dense: Option<DenseIndex> = None;
        if let Some(cache) = &cache {
            let hashes: Vec<String> = chunks.iter().map(|c| text_hash(&c.text)).collect();
            let refs: Vec<&str> = hashes.iter().map(String::as_str).collect();
            let stored = self.store.embeddings(&model_name, &refs)?;
            let vectors: Vec<(i64, Vec<f32>)> = chunks
                .iter()
                .zip(&hashes)
                .filter_map(|(c, h)| stored.get(h).map(|v| (c.id.0, v.clone())))
                .collect();
            if vectors.len() < chunks.len() {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    format!(
                        "{} of {} chunks have no {model_name} embedding; run ingest{} first",
                        chunks.len() - vectors.len(),
                        chunks.len(),
                        if request.int8 { " with int8" } else { "" }
                    ),
                ));
            }
            cache.preload(
                chunks
                    .iter()
                    .zip(&vectors)
                    .map(|(c, (_, v))| (c.text.clone(), v.clone())),
            );
            dense = Some(DenseIndex::new(cache.dimension(), &vectors)?);
        }
        let embedding = cache
            .as_ref()
            .map(|c| EmbeddingReader::new(c, DEFAULT_EMBEDDING_THRESHOLD));
        let combined = embedding.as_ref().map(|e| CombinedReader::new(&lexical, e));

        let retrieval = Retrieval {
            bm25: &bm25,
            dense: dense.as_ref(),
            embedder: cache.as_ref(),
            text_of: &text_of,
        };
        let tx = self.store.transaction()?;
        tx.freeze(version.id)?;
        tx.commit()?;
        let mut sittings = Vec::new();
        for (system, name, spec) in &specs {
            let existing = self.store.run_of(*system, RunMode::Answers, version.id)?;
            let run = if let Some(run) = existing {
                run
            } else {
                let tx = self.store.transaction()?;
                let source = format!(
                    "pipeline {}",
                    serde_json::to_string(spec).map_err(internal)?
                );
                let run = tx.create_run(Some(*system), RunMode::Answers, version.id, &source)?;
                tx.commit()?;
                run
            };
            let done: BTreeSet<_> = self
                .store
                .responses(run)?
                .into_iter()
                .map(|r| r.question)
                .collect();
            let todo: Vec<&QuestionRow> =
                questions.iter().filter(|q| !done.contains(&q.id)).collect();
            let reader = pick_reader(spec.reader, &lexical, embedding.as_ref(), combined.as_ref())?;
            progress.start(name, todo.len() as u64);
            for batch in todo.chunks(BATCH) {
                if progress.cancelled() {
                    progress.finish();
                    return Err(ApiError::new(
                        ErrorCode::Cancelled,
                        "the run stopped; the answers so far are kept, and running again resumes",
                    ));
                }
                let mut responses = Vec::with_capacity(batch.len());
                for question in batch {
                    let started = std::time::Instant::now();
                    let contexts = retrieval.contexts(*spec, question)?;
                    let reading = reader
                        .read(
                            &ReaderQuestion {
                                stem: &question.stem,
                                choices: &question.choices,
                            },
                            &contexts,
                        )
                        .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
                    let (outcome, raw) = match reading.choice {
                        Some(i) => (Outcome::Chosen(i), Some(letter(i).to_string())),
                        None => (Outcome::Unanswered, None),
                    };
                    let mut response = NewResponse::new(question.id, outcome, raw);
                    response.evidence = reading.evidence;
                    response.latency_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
                    responses.push(response);
                }
                let tx = self.store.transaction()?;
                tx.insert_responses(run, &responses)?;
                if let Some(cache) = &cache {
                    for (text, vector) in cache.take_fresh() {
                        tx.insert_embedding(&model_name, &text_hash(&text), &vector)?;
                    }
                }
                tx.commit()?;
                progress.advance(batch.len() as u64);
            }
            let tx = self.store.transaction()?;
            tx.finish_run(run)?;
            tx.commit()?;
            progress.finish();
            sittings.push(PipelineSitting {
                system: name.clone(),
                answered_now: n(todo.len()),
                answered_before: n(done.len()),
            });
        }
        Ok(RunReport {
            exam: exam_version_dto(&version),
            sittings,
        })
    }
}

/// What the retrievers search.
struct Retrieval<'r> {
    bm25: &'r Bm25Index,
    dense: Option<&'r DenseIndex>,
    embedder: Option<&'r CachedEmbedder<'r>>,
    text_of: &'r HashMap<i64, &'r str>,
}

impl<'r> Retrieval<'r> {
    /// The contexts a pipeline's retriever gives for a question.
    fn contexts<'q>(&self, spec: PipelineSpec, question: &'q QuestionRow) -> ApiResult<Vec<&'q str>>
    where
        'r: 'q,
    {
        let k = spec.top_k as usize;
        let dense_hits = |depth: usize| -> ApiResult<Vec<Hit>> {
            let (Some(dense), Some(embedder)) = (self.dense, self.embedder) else {
                return Err(internal("dense retrieval without embeddings"));
            };
            let vector = embedder
                .embed(&[question.stem.as_str()])
                .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
            Ok(dense.search(&vector[0], depth)?)
        };
        let hits = match spec.retriever {
            Retriever::ClosedBook => return Ok(Vec::new()),
            Retriever::Oracle => return Ok(question.source_text.as_deref().into_iter().collect()),
            Retriever::Bm25 => self.bm25.search(&question.stem, k)?,
            Retriever::Dense => dense_hits(k)?,
            Retriever::Hybrid => reciprocal_rank_fusion(
                &[
                    self.bm25.search(&question.stem, FUSION_DEPTH)?,
                    dense_hits(FUSION_DEPTH)?,
                ],
                k,
            ),
        };
        Ok(hits
            .iter()
            .filter_map(|h| self.text_of.get(&h.chunk).copied())
            .collect())
    }
}
