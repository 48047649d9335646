//! Builds the bundled sample project through the same import paths a user takes.

use crate::dto::{
    ChunkUnit, Chunking, Factor, GridRequest, ImportKind, ImportRequest, IngestRequest,
    ProjectSummary, RunRequest, UserModelChoice,
};
use crate::imports::Source;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

fn embedded(path: &str) -> ApiResult<Source> {
    let bytes = proctor_sample::file(path).ok_or_else(|| {
        ApiError::new(
            ErrorCode::Internal,
            format!("the sample file {path} is missing from this build"),
        )
    })?;
    Ok(Source::loaded(path, Cow::Borrowed(bytes), None))
}

fn factors(tags: &BTreeMap<String, String>) -> Vec<Factor> {
    tags.iter()
        .map(|(name, level)| Factor {
            name: name.clone(),
            level: level.clone(),
        })
        .collect()
}

/// Creates the sample project at `path` (which must not exist) and returns its summary.
pub fn build(path: &Path, progress: &dyn Progress) -> ApiResult<ProjectSummary> {
    let manifest = proctor_sample::manifest();
    let mut project = Project::create(path)?;
    let corpus_prefix = format!("{}/", manifest.corpus);
    let documents: Vec<Source> = proctor_sample::files()
        .iter()
        .filter_map(|(p, bytes)| {
            let relative = p.strip_prefix(&corpus_prefix)?;
            let topic = relative.split_once('/').map(|(topic, _)| topic.to_owned());
            Some(Source::loaded(*p, Cow::Borrowed(bytes), topic))
        })
        .collect();
    project.import_sources(
        &ImportRequest::new(ImportKind::Documents, &manifest.corpus),
        &documents,
        progress,
    )?;

    let mut exam = ImportRequest::new(ImportKind::Exam, &manifest.exam);
    exam.exam = Some(manifest.exam_name.clone());
    project.import_sources(&exam, &[embedded(&manifest.exam)?], progress)?;

    for system in &manifest.answers {
        let mut request = ImportRequest::new(ImportKind::Answers, &system.file);
        request.system = Some(system.system.clone());
        request.factors = factors(&system.factors);
        project.import_sources(&request, &[embedded(&system.file)?], progress)?;
    }
    for system in &manifest.articles {
        let mut articles = ImportRequest::new(ImportKind::Articles, &system.articles);
        articles.system = Some(system.system.clone());
        articles.factors = factors(&system.factors);
        project.import_sources(&articles, &[embedded(&system.articles)?], progress)?;
        let mut outcomes = ImportRequest::new(ImportKind::ReaderOutcomes, &system.outcomes);
        outcomes.system = Some(system.system.clone());
        project.import_sources(&outcomes, &[embedded(&system.outcomes)?], progress)?;
    }
    let gold = ImportRequest::new(ImportKind::GoldArticles, &manifest.gold_articles);
    project.import_sources(&gold, &[embedded(&manifest.gold_articles)?], progress)?;
    let gold_outcomes = ImportRequest::new(ImportKind::GoldOutcomes, &manifest.gold_outcomes);
    project.import_sources(
        &gold_outcomes,
        &[embedded(&manifest.gold_outcomes)?],
        progress,
    )?;
    for (kind, file) in [
        (ImportKind::Nuggets, &manifest.nuggets),
        (ImportKind::Formulations, &manifest.formulations),
    ] {
        project.import_sources(
            &ImportRequest::new(kind, file),
            &[embedded(file)?],
            progress,
        )?;
    }
    project.summary()
}

/// The sample project with the built-in pipelines too: [`build`], then ingest the corpus, add
/// the reference grid (5 retrievers × 3 readers, top 1 and 3) and let it sit the exam. The
/// corpus is cut into sentence chunks of at most 300 characters.
/// Needs the local models (`models`: the folder, default `PROCTOR_MODELS` or the usual place).
pub fn build_with_pipelines(
    path: &Path,
    models: Option<&str>,
    progress: &dyn Progress,
) -> ApiResult<ProjectSummary> {
    build(path, progress)?;
    let mut project = Project::open(path)?;
    project.ingest(
        &IngestRequest {
            // The sample's documents are short: at the default 800 characters each is one
            // chunk, and every retriever finds the right one. Sentence chunks make retrieval
            // a real task, so the retrievers and top-k differ as they do on a real corpus.
            chunking: Some(Chunking {
                size: 300,
                overlap: 0,
                unit: ChunkUnit::Sentence,
            }),
            models: models.map(str::to_owned),
            int8: false,
            threads: 0,
        },
        progress,
    )?;
    project.add_pipeline_grid(&GridRequest {
        retrievers: Vec::new(),
        readers: Vec::new(),
        top_ks: Vec::new(),
        models: models.map(str::to_owned),
    })?;
    project.run_pipelines(
        &RunRequest {
            exam: None,
            systems: Vec::new(),
            models: models.map(str::to_owned),
            int8: false,
            threads: 0,
            user_models: UserModelChoice::default(),
            restart: false,
        },
        progress,
    )?;
    project.summary()
}
