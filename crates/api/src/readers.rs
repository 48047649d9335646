//! The readers a job uses, and the models they need, loaded once per job: the embedder and the
//! language model from set-up, and the pair scorer or extractive QA model the user added.

use crate::dto::{LlmScoring, ReaderKind, UserModelChoice};
use crate::ingest::models_folder;
use crate::{ApiError, ApiResult, ErrorCode};
use proctor_core::LanguageScorer;
use proctor_core::{Embedder, ExtractiveQa, PairScorer};
use proctor_exam::readers::{
    CombinedReader, DEFAULT_EMBEDDING_THRESHOLD, DEFAULT_PAIR_THRESHOLD, DEFAULT_QA_THRESHOLD,
    EmbeddingReader, LexicalReader, LlmMode, LlmReader, PairReader, QaReader, Reader,
    SlidingWindowReader,
};
use proctor_models::{
    EmbedderOptions, OnnxEmbedder, OnnxExtractiveQa, OnnxPairScorer, QaOptions, ScorerOptions,
};

/// Which models a job needs (one flag per kind of model).
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Needs {
    pub embedder: bool,
    pub scorer: bool,
    pub qa: bool,
    pub llm: bool,
}

impl Needs {
    /// What a reader needs.
    pub fn reader(kind: ReaderKind) -> Self {
        Self {
            embedder: matches!(kind, ReaderKind::Embedding | ReaderKind::Combined),
            scorer: kind == ReaderKind::PairScorer,
            qa: kind == ReaderKind::ExtractiveQa,
            llm: kind == ReaderKind::LanguageModel,
        }
    }

    /// Both needs.
    pub fn and(self, other: Self) -> Self {
        Self {
            embedder: self.embedder || other.embedder,
            scorer: self.scorer || other.scorer,
            qa: self.qa || other.qa,
            llm: self.llm || other.llm,
        }
    }
}

/// The loaded models.
pub(crate) struct Models {
    pub embedder: Option<OnnxEmbedder>,
    pub scorer: Option<OnnxPairScorer>,
    pub qa: Option<OnnxExtractiveQa>,
    pub llm: Option<Box<dyn LanguageScorer>>,
    /// How the language model scores choices.
    pub llm_mode: LlmMode,
}

impl Models {
    /// Loads what `needs` asks for from the models folder (`setting`, else the default).
    pub fn load(
        setting: Option<&str>,
        needs: Needs,
        int8: bool,
        threads: u32,
        choice: &UserModelChoice,
    ) -> ApiResult<Self> {
        let threads = threads as usize;
        if needs == Needs::default() {
            return Ok(Self {
                embedder: None,
                scorer: None,
                qa: None,
                llm: None,
                llm_mode: LlmMode::ClozePerToken,
            });
        }
        let folder = models_folder(setting)?;
        let embedder = if needs.embedder {
            Some(folder.embedder(&EmbedderOptions {
                int8,
                threads,
                ..EmbedderOptions::default()
            })?)
        } else {
            None
        };
        let scorer = if needs.scorer {
            Some(folder.pair_scorer(
                choice.pair_scorer.as_deref(),
                &ScorerOptions {
                    threads,
                    ..ScorerOptions::default()
                },
            )?)
        } else {
            None
        };
        let qa = if needs.qa {
            Some(folder.extractive_qa(
                choice.extractive_qa.as_deref(),
                &QaOptions {
                    threads,
                    ..QaOptions::default()
                },
            )?)
        } else {
            None
        };
        let (llm, recorded) = if needs.llm {
            let (model, mode) = folder.language_model_named(choice.llm.as_deref(), threads)?;
            (Some(model), mode)
        } else {
            (None, folder.language_model_mode())
        };
        let llm_mode = match choice.llm_mode {
            Some(mode) => mode_of(mode),
            None => recorded
                .and_then(|m| LlmMode::parse(&m))
                .unwrap_or(LlmMode::ClozePerToken),
        };
        if let Some(model) = &llm
            && !model.scores_continuations()
            && llm_mode != LlmMode::Letter
        {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "{} names the next token only: it reads by letter, not by {}",
                    model.name(),
                    llm_mode.as_str()
                ),
            ));
        }
        Ok(Self {
            embedder,
            scorer,
            qa,
            llm,
            llm_mode,
        })
    }

    /// The names of the models loaded, for a run's record.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        if let Some(e) = &self.embedder {
            names.push(e.name().to_owned());
        }
        if let Some(s) = &self.scorer {
            names.push(s.name().to_owned());
        }
        if let Some(q) = &self.qa {
            names.push(q.name().to_owned());
        }
        if let Some(l) = &self.llm {
            names.push(format!(
                "{} scoring by {}",
                l.name(),
                self.llm_mode.as_str()
            ));
        }
        names
    }
}

/// The readers on models the user added or set-up installed beyond the embedder, in the order
/// the grid and the reader check list them: the pair scorer, extractive QA, the language model.
pub(crate) fn model_readers(folder: Option<&proctor_models::ModelsFolder>) -> Vec<ReaderKind> {
    let Some(folder) = folder else {
        return Vec::new();
    };
    let mut readers = Vec::new();
    if folder.has_role(proctor_models::Role::PairScorer) {
        readers.push(ReaderKind::PairScorer);
    }
    if folder.has_role(proctor_models::Role::ExtractiveQa) {
        readers.push(ReaderKind::ExtractiveQa);
    }
    if folder.has_language_model() {
        readers.push(ReaderKind::LanguageModel);
    }
    readers
}

/// The exam crate's mode for a scoring mode of the transport types.
pub(crate) fn mode_of(scoring: LlmScoring) -> LlmMode {
    match scoring {
        LlmScoring::Letter => LlmMode::Letter,
        LlmScoring::Cloze => LlmMode::Cloze,
        LlmScoring::ClozePerToken => LlmMode::ClozePerToken,
        LlmScoring::CalibratedCloze => LlmMode::Calibrated,
    }
}

/// Every reader the loaded models allow.
pub(crate) struct Readers<'a> {
    lexical: &'a LexicalReader,
    embedding: Option<EmbeddingReader<'a>>,
    combined: Option<CombinedReader<'a>>,
    pair: Option<PairReader<'a>>,
    qa: Option<QaReader<'a>>,
    llm: Option<LlmReader<'a>>,
    window: SlidingWindowReader,
}

impl<'a> Readers<'a> {
    /// The readers on these models (the embedder usually behind a cache).
    pub fn new(
        lexical: &'a LexicalReader,
        embedder: Option<&'a dyn Embedder>,
        scorer: Option<&'a dyn PairScorer>,
        qa: Option<&'a dyn ExtractiveQa>,
        llm: Option<(&'a dyn LanguageScorer, LlmMode)>,
    ) -> Self {
        let embedding = embedder.map(|e| EmbeddingReader::new(e, DEFAULT_EMBEDDING_THRESHOLD));
        Self {
            lexical,
            embedding,
            combined: embedding.map(|e| CombinedReader::new(lexical, e)),
            pair: scorer.map(|s| PairReader::new(s, DEFAULT_PAIR_THRESHOLD)),
            qa: qa.map(|q| QaReader::new(q, DEFAULT_QA_THRESHOLD)),
            llm: llm.map(|(model, mode)| LlmReader::new(model, mode)),
            window: SlidingWindowReader,
        }
    }

    /// The reader of a kind.
    pub fn get(&self, kind: ReaderKind) -> ApiResult<&dyn Reader> {
        let reader: Option<&dyn Reader> = match kind {
            ReaderKind::Lexical => Some(self.lexical),
            ReaderKind::Embedding => self.embedding.as_ref().map(|r| r as &dyn Reader),
            ReaderKind::Combined => self.combined.as_ref().map(|r| r as &dyn Reader),
            ReaderKind::PairScorer => self.pair.as_ref().map(|r| r as &dyn Reader),
            ReaderKind::ExtractiveQa => self.qa.as_ref().map(|r| r as &dyn Reader),
            ReaderKind::LanguageModel => self.llm.as_ref().map(|r| r as &dyn Reader),
            ReaderKind::SlidingWindow => Some(&self.window),
        };
        reader.ok_or_else(|| {
            ApiError::new(
                ErrorCode::Internal,
                format!("the {kind:?} reader was asked for without its model"),
            )
        })
    }
}

/// Runs `read` with the reader a request asks for — the lexical reader weighing terms by their
/// rarity in `passages`, the others on the models the request names (loaded here, dropped
/// after) — and the names of the models loaded, for the sitting's record.
pub(crate) fn with_reader<T>(
    request: &crate::dto::ReadArticlesRequest,
    passages: &[&str],
    read: impl FnOnce(&dyn Reader, &[String]) -> ApiResult<T>,
) -> ApiResult<T> {
    let lexical = LexicalReader::new(
        proctor_exam::readers::Idf::from_passages(passages.iter().copied()),
        proctor_exam::readers::DEFAULT_LEXICAL_THRESHOLD,
    );
    let models = Models::load(
        request.models.as_deref(),
        Needs::reader(request.reader),
        request.int8,
        request.threads,
        &request.user_models,
    )?;
    let cache = models
        .embedder
        .as_ref()
        .map(|e| proctor_core::CachedEmbedder::new(e as &dyn Embedder));
    let readers = Readers::new(
        &lexical,
        cache.as_ref().map(|c| c as &dyn Embedder),
        models.scorer.as_ref().map(|s| s as &dyn PairScorer),
        models.qa.as_ref().map(|q| q as &dyn ExtractiveQa),
        models.llm.as_ref().map(|l| (l.as_ref(), models.llm_mode)),
    );
    read(readers.get(request.reader)?, &models.names())
}
