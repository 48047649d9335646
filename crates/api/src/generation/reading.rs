//! Before an exam is frozen: can its generated questions be answered from their passages, and
//! can they be guessed without? A reader answers every parsed, unrejected generated question
//! twice — with its source passage and closed book — and the reader check's verdict
//! (METHODS.md §6, §9) is kept with the exam's generation quality.

use super::measures_of;
use crate::dto::{GeneratedReadingRequest, ReaderCheckRow, ReaderKind};
use crate::pipelines::BATCH;
use crate::pipelines::check::{judge, row};
use crate::pipelines::reading::read_batch;
use crate::readers::{Models, Needs, Readers};
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{
    CachedEmbedder, Embedder, ExtractiveQa, Outcome, PairScorer, QuestionId, QuestionType,
};
use proctor_exam::readers::{DEFAULT_LEXICAL_THRESHOLD, Idf, LexicalReader};
use proctor_store::QuestionRow;
use std::collections::HashMap;

/// The project setting that keeps an exam's last check of its generated questions.
pub(crate) fn setting(exam: proctor_core::ExamId) -> String {
    format!("generation-reading:{}", exam.0)
}

impl Project {
    /// Reads the exam's generated questions with and without their passages (a job).
    pub fn read_generated(
        &mut self,
        request: &GeneratedReadingRequest,
        progress: &dyn Progress,
    ) -> ApiResult<ReaderCheckRow> {
        let version = self.exam_version(request.exam.as_deref())?;
        let questions: Vec<QuestionRow> = self
            .store
            .candidates(version.exam)?
            .into_iter()
            .filter(|c| c.stem.is_some() && c.status != "rejected")
            .map(|c| QuestionRow {
                id: QuestionId(c.id),
                external_id: format!("g{}", c.id),
                ordinal: 0,
                query: None,
                stem: c.stem.unwrap_or_default(),
                choices: c.choices.unwrap_or_default(),
                key: c.key.unwrap_or(0),
                topic: c.topic,
                bloom: Vec::new(),
                bloom_overridden: false,
                question_type: QuestionType::Other,
                question_type_overridden: false,
                source_text: Some(c.source_text),
                active: true,
            })
            .collect();
        if questions.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "exam '{}' has no generated questions to read yet",
                    version.exam_name
                ),
            ));
        }
        let chunks = self.store.chunks()?;
        let lexical = LexicalReader::new(
            Idf::from_passages(chunks.iter().map(|c| c.text.as_str())),
            DEFAULT_LEXICAL_THRESHOLD,
        );
        progress.start("Loading the reader", 0);
        let models = Models::load(
            request.models.as_deref(),
            Needs::reader(request.reader),
            request.int8,
            request.threads,
            &request.user_models,
        )?;
        progress.finish();
        let cache = models
            .embedder
            .as_ref()
            .map(|e| CachedEmbedder::new(e as &dyn Embedder));
        let readers = Readers::new(
            &lexical,
            cache.as_ref().map(|c| c as &dyn Embedder),
            models.scorer.as_ref().map(|s| s as &dyn PairScorer),
            models.qa.as_ref().map(|q| q as &dyn ExtractiveQa),
            models.llm.as_ref().map(|l| (l.as_ref(), models.llm_mode)),
        );
        let reader = readers.get(request.reader)?;
        let refs: Vec<&QuestionRow> = questions.iter().collect();
        let mut outcomes: [HashMap<QuestionId, Outcome>; 2] = [HashMap::new(), HashMap::new()];
        for (pass, stage) in ["Reading with the passages", "Reading closed book"]
            .iter()
            .enumerate()
        {
            progress.start(stage, refs.len() as u64);
            for batch in refs.chunks(BATCH) {
                if progress.cancelled() {
                    return Err(ApiError::new(
                        ErrorCode::Cancelled,
                        "the check stopped; nothing was kept, start it again to check",
                    ));
                }
                let contexts: Vec<Vec<&str>> = batch
                    .iter()
                    .map(|q| {
                        if pass == 0 {
                            q.source_text.as_deref().into_iter().collect()
                        } else {
                            Vec::new()
                        }
                    })
                    .collect();
                for response in read_batch(reader, batch, &contexts) {
                    outcomes[pass].insert(response.question, response.outcome);
                }
                progress.advance(batch.len() as u64);
            }
            progress.finish();
        }
        let setup = format!("read with {}", models.names().join(", "));
        let mut result = row(request.reader, &refs, &outcomes[0], &outcomes[1], &setup)?;
        let longest = refs
            .iter()
            .filter(|q| {
                let lengths: Vec<usize> = q.choices.iter().map(|c| c.chars().count()).collect();
                let max = lengths.iter().copied().max().unwrap_or(0);
                lengths.iter().position(|l| *l == max) == Some(q.key)
            })
            .count();
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let longest = longest as f64 / refs.len() as f64;
        judge(&mut result, 0.25, longest, refs.len());
        let json = serde_json::to_string(&result)
            .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
        let candidates = if request.reader == ReaderKind::LanguageModel {
            self.store.candidates(version.exam)?
        } else {
            Vec::new()
        };
        let tx = self.store.transaction()?;
        tx.set_setting(&setting(version.exam), &json)?;
        // The language model's closed-book answers say which questions can be guessed.
        if request.reader == ReaderKind::LanguageModel {
            for row in candidates {
                let (Some(mut measures), Some(outcome)) =
                    (measures_of(&row), outcomes[1].get(&QuestionId(row.id)))
                else {
                    continue;
                };
                measures.guessable = Some(*outcome == Outcome::Chosen(row.key.unwrap_or(0)));
                tx.set_checks(
                    row.id,
                    &serde_json::to_string(&measures).map_err(ApiError::internal)?,
                    &row.flags,
                )?;
            }
        }
        tx.commit()?;
        Ok(result)
    }
}
