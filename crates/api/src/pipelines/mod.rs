//! Built-in pipelines (METHODS.md §6): a retriever (closed book, BM25, dense, hybrid, hybrid +
//! cross-encoder rerank, oracle) and a reader (lexical, embedding, combined, and the pair-scorer
//! and extractive-QA readers on models the user added) run on this machine. A run is long work: answers
//! are written in batches, each in one transaction with the embeddings it made, so a killed run
//! keeps what it finished and the next run answers only the rest — one response per question.

pub(crate) mod check;
pub(crate) mod reading;

use crate::dto::{
    GridRequest, PipelineInfo, PipelineSitting, PipelineSpec, PipelinesOverview, ReaderKind,
    Retriever, RunReport, RunRequest,
};
use crate::ingest::{CHUNKING_SETTING, models_folder, text_hash};
use crate::pipelines::reading::{Retrieval, read_batch};
use crate::project::exam_version_dto;
use crate::readers::{Models, Needs, Readers, model_readers};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{CachedEmbedder, Embedder, PairScorer, RunMode, SystemKind};
use proctor_exam::readers::{DEFAULT_LEXICAL_THRESHOLD, Idf, LexicalReader};
use proctor_models::{EmbedderOptions, Role, embedder_name};
use proctor_search::{Bm25Index, DenseIndex};
use proctor_store::QuestionRow;
use std::collections::{BTreeSet, HashMap};

/// Questions answered, and committed, at a time.
pub(crate) const BATCH: usize = 20;
/// Candidates each ranking contributes to the hybrid fusion.
pub(crate) const FUSION_DEPTH: usize = 20;
/// Fused candidates the cross-encoder reorders.
pub(crate) const RERANK_DEPTH: usize = 10;

fn retriever_name(r: Retriever) -> &'static str {
    match r {
        Retriever::ClosedBook => "closed book",
        Retriever::Bm25 => "bm25",
        Retriever::Dense => "dense",
        Retriever::Hybrid => "hybrid",
        Retriever::HybridRerank => "hybrid + rerank",
        Retriever::Oracle => "oracle",
    }
}

pub(crate) fn reader_name(r: ReaderKind) -> &'static str {
    match r {
        ReaderKind::Lexical => "lexical",
        ReaderKind::Embedding => "embedding",
        ReaderKind::Combined => "combined",
        ReaderKind::PairScorer => "pair scorer",
        ReaderKind::ExtractiveQa => "extractive QA",
        ReaderKind::LanguageModel => "language model",
        ReaderKind::SlidingWindow => "sliding window",
    }
}

fn uses_k(r: Retriever) -> bool {
    matches!(
        r,
        Retriever::Bm25 | Retriever::Dense | Retriever::Hybrid | Retriever::HybridRerank
    )
}

/// What a pipeline needs loaded.
fn needs(spec: PipelineSpec) -> Needs {
    Needs {
        embedder: matches!(
            spec.retriever,
            Retriever::Dense | Retriever::Hybrid | Retriever::HybridRerank
        ),
        scorer: spec.retriever == Retriever::HybridRerank,
        qa: false,
        llm: false,
    }
    .and(Needs::reader(spec.reader))
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

impl Project {
    /// Creates the reference pipelines as a grid: every retriever × reader, and every top-k for
    /// the retrievers that use one. Each is tagged with its factors (retriever, reader, top_k)
    /// for the hierarchical IRT model. Existing pipelines are kept.
    pub fn add_pipeline_grid(&mut self, request: &GridRequest) -> ApiResult<Vec<PipelineInfo>> {
        // The defaults grow with the models the user added (none when there is no models
        // folder: the lexical pipelines need none).
        let added = models_folder(request.models.as_deref()).ok();
        let has = |role: Role| added.as_ref().is_some_and(|f| f.has_role(role));
        let retrievers = if request.retrievers.is_empty() {
            let mut all = vec![
                Retriever::ClosedBook,
                Retriever::Bm25,
                Retriever::Dense,
                Retriever::Hybrid,
            ];
            if has(Role::PairScorer) {
                all.push(Retriever::HybridRerank);
            }
            all.push(Retriever::Oracle);
            all
        } else {
            request.retrievers.clone()
        };
        let readers = if request.readers.is_empty() {
            let mut all = vec![
                ReaderKind::Lexical,
                ReaderKind::Embedding,
                ReaderKind::Combined,
            ];
            all.extend(model_readers(added.as_ref()));
            all
        } else {
            request.readers.clone()
        };
        // The language model reads about three questions a second on two cores, and its time
        // grows with the passages' length: by default it sits behind closed book, the oracle
        // (the reader check's pair) and hybrid retrieval at the smallest top-k (one passage, as
        // long as the oracle's), so the grid stays a few minutes' work. Asking for the reader
        // explicitly puts it behind every retriever and top-k.
        let by_default = request.readers.is_empty();
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
        let smallest = top_ks.iter().copied().min().unwrap_or(1);
        let mut specs = Vec::new();
        for retriever in retrievers {
            for &reader in &readers {
                let ks: &[u32] = if uses_k(retriever) { &top_ks } else { &[0] };
                for &top_k in ks {
                    if by_default
                        && reader == ReaderKind::LanguageModel
                        && !(matches!(retriever, Retriever::ClosedBook | Retriever::Oracle)
                            || (retriever == Retriever::Hybrid && top_k == smallest))
                    {
                        continue;
                    }
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
            tx.set_pipeline(
                system,
                &serde_json::to_string(spec).map_err(ApiError::internal)?,
            )?;
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

    /// What the built-in pipelines need and have: the prepared corpus, the pipelines, the
    /// answers still to give on the newest exam, and whether the local models can be used.
    pub fn pipelines_overview(&self, models: Option<&str>) -> ApiResult<PipelinesOverview> {
        let pipelines = self.pipelines()?;
        let mut unanswered = 0;
        if !pipelines.is_empty()
            && let Ok(version) = self.exam_version(None)
        {
            let active = self
                .store
                .questions(version.id)?
                .iter()
                .filter(|q| q.active)
                .count();
            for (system, _, _) in self.store.pipelines()? {
                let answered = match self.store.run_of(system, RunMode::Answers, version.id)? {
                    Some(run) => self.store.response_count(run)?,
                    None => 0,
                };
                unanswered += active.saturating_sub(answered);
            }
        }
        let models_problem = models_folder(models)
            .and_then(|folder| {
                folder.runtime()?;
                folder.file("embedder")?;
                Ok(())
            })
            .err()
            .map(|e| e.message);
        Ok(PipelinesOverview {
            chunks: saturating_u32(self.store.chunk_count()?),
            chunking: self
                .store
                .setting(CHUNKING_SETTING)?
                .and_then(|json| serde_json::from_str(&json).ok()),
            pipelines,
            unanswered: saturating_u32(unanswered),
            models_problem,
        })
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

        // Closed book and oracle read no corpus: an exam whose questions carry their passages
        // is enough for them (the reader check runs on just that).
        let retrieves = specs.iter().any(|(_, _, spec)| uses_k(spec.retriever));
        if retrieves && chunks.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the corpus has not been ingested yet; run ingest first",
            ));
        }
        // What every pipeline shares: the chunk texts, the BM25 index, the idf of the lexical
        // reader (over the chunks, or the questions' passages without a corpus), and — when a
        // pipeline needs it — the embedder with its cached vectors.
        let text_of: HashMap<i64, &str> =
            chunks.iter().map(|c| (c.id.0, c.text.as_str())).collect();
        let bm25 = if retrieves {
            Some(
                Bm25Index::open_or_build(
                    &self.index_folder().join("bm25"),
                    chunks.iter().map(|c| (c.id.0, c.text.as_str())),
                )?
                .0,
            )
        } else {
            None
        };
        let idf = if chunks.is_empty() {
            Idf::from_passages(questions.iter().filter_map(|q| q.source_text.as_deref()))
        } else {
            Idf::from_passages(chunks.iter().map(|c| c.text.as_str()))
        };
        let lexical = LexicalReader::new(idf, DEFAULT_LEXICAL_THRESHOLD);
        let need = specs
            .iter()
            .fold(Needs::default(), |n, (_, _, spec)| n.and(needs(*spec)));
        let models = Models::load(
            request.models.as_deref(),
            need,
            request.int8,
            request.threads,
            &request.user_models,
        )?;
        let model_name = embedder_name(&EmbedderOptions {
            int8: request.int8,
            ..EmbedderOptions::default()
        });
        let cache = models
            .embedder
            .as_ref()
            .map(|e| CachedEmbedder::new(e as &dyn Embedder));
        let mut dense: Option<DenseIndex> = None;
        if let Some(cache) = cache.as_ref().filter(|_| !chunks.is_empty()) {
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
        let scorer = models.scorer.as_ref().map(|s| s as &dyn PairScorer);
        let readers = Readers::new(
            &lexical,
            cache.as_ref().map(|c| c as &dyn Embedder),
            scorer,
            models
                .qa
                .as_ref()
                .map(|q| q as &dyn proctor_core::ExtractiveQa),
            models.llm.as_ref().map(|l| (l.as_ref(), models.llm_mode)),
        );
        let used = models.names().join(", ");
        let chunking = self.store.setting(CHUNKING_SETTING)?.unwrap_or_default();
        let retrieval = Retrieval {
            bm25: bm25.as_ref(),
            dense: dense.as_ref(),
            embedder: cache.as_ref(),
            scorer,
            text_of: &text_of,
        };
        // Systems sit frozen versions; freezing a draft carries over the sittings of the
        // version before, so a pipeline answers only the questions that changed.
        let tx = self.store.transaction()?;
        tx.freeze_carrying(version.id)?;
        tx.commit()?;
        if request.restart {
            let tx = self.store.transaction()?;
            for (system, _, _) in &specs {
                tx.delete_run(Some(*system), RunMode::Answers, version.id)?;
            }
            tx.commit()?;
        }
        // What a pipeline's answers depend on: its spec, the models, and — when it retrieves
        // chunks — how the corpus was chunked. A resumed run must have the same set-up, or its
        // answers would mix two.
        let setup_of = |spec: &PipelineSpec| -> ApiResult<String> {
            let mut setup = format!(
                "pipeline {}",
                serde_json::to_string(spec).map_err(ApiError::internal)?
            );
            if !used.is_empty() {
                setup.push_str(" with ");
                setup.push_str(&used);
            }
            if uses_k(spec.retriever) {
                setup.push_str(" on chunks ");
                setup.push_str(&chunking);
            }
            Ok(setup)
        };
        let runs = self.store.runs(version.id)?;
        for (system, name, spec) in &specs {
            let setup = setup_of(spec)?;
            let earlier = runs
                .iter()
                .find(|r| r.system == Some(*system) && r.mode == RunMode::Answers);
            // A finished sitting has nothing left to mix; only one that would resume is checked.
            if let Some(earlier) = earlier
                && earlier.source.as_deref() != Some(setup.as_str())
                && self.store.response_count(earlier.id)? < questions.len()
            {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    format!(
                        "'{name}' started this exam with another set-up ({}); now it would run {setup}. Run again with restart to answer from scratch, or restore the earlier chunking and models",
                        earlier.source.as_deref().unwrap_or("unknown")
                    ),
                ));
            }
        }
        // One stage for the whole run, so its bar and time left cover every pipeline; the
        // pipeline at work is the stage's detail.
        let mut remaining = 0;
        for (system, _, _) in &specs {
            let answered = match self.store.run_of(*system, RunMode::Answers, version.id)? {
                Some(run) => self.store.response_count(run)?,
                None => 0,
            };
            remaining += questions.len().saturating_sub(answered);
        }
        progress.start("Answering", remaining as u64);
        let mut sittings = Vec::new();
        for (system, name, spec) in &specs {
            let existing = self.store.run_of(*system, RunMode::Answers, version.id)?;
            let run = if let Some(run) = existing {
                run
            } else {
                let tx = self.store.transaction()?;
                let run = tx.create_run(
                    Some(*system),
                    RunMode::Answers,
                    version.id,
                    &setup_of(spec)?,
                )?;
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
            let reader = readers.get(spec.reader)?;
            progress.detail(name);
            for batch in todo.chunks(BATCH) {
                if progress.cancelled() {
                    progress.finish();
                    return Err(ApiError::new(
                        ErrorCode::Cancelled,
                        "the run stopped; the answers so far are kept, and running again resumes",
                    ));
                }
                let mut contexts = Vec::with_capacity(batch.len());
                for question in batch {
                    contexts.push(retrieval.contexts(*spec, question)?);
                }
                let responses = read_batch(reader, batch, &contexts);
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
            sittings.push(PipelineSitting {
                system: name.clone(),
                answered_now: saturating_u32(todo.len()),
                answered_before: saturating_u32(done.len()),
            });
        }
        progress.finish();
        Ok(RunReport {
            exam: exam_version_dto(&version),
            sittings,
        })
    }
}

/// What the built-in pipelines need and have, with the default models folder.
pub(crate) fn overview(project: &Project) -> ApiResult<PipelinesOverview> {
    project.pipelines_overview(None)
}
