//! Reviewing generated questions (METHODS.md §5): the queue with each question's source, filter
//! findings and categories; accept (into the exam's draft, with provenance), reject with a
//! reason, reinstate; edits recorded before and after. (Their quality: `quality.rs`.)

use super::{Settings, bloom_of, flags_of, measures_of};
use crate::dto::{
    CandidateEdit, CandidateStatus, ExamRef, FilterFlag, GeneratedDetail, GeneratedEdit,
    GeneratedExam, GeneratedQuestion, GeneratedRef, GenerationInfo, Provenance, QuestionEdit,
    ReviewAction, ReviewReport, ReviewRequest,
};
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::QuestionDraft;
use proctor_exam::classify::{BloomKeywords, question_type};
use proctor_exam::generate::filters::Flag;
use proctor_exam::generate::parse::Unparsed;
use proctor_store::{CandidateRow, ExamVersionRow, GenerationRow, NewQuestion};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, message)
}

/// What a question says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Content {
    stem: String,
    choices: Vec<String>,
    key: usize,
}

/// One stored edit (the `edits` column holds a list of them).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredEdit {
    at: String,
    before: Content,
    after: Content,
}

fn status_of(text: &str) -> CandidateStatus {
    match text {
        "unparsed" => CandidateStatus::Unparsed,
        "accepted" => CandidateStatus::Accepted,
        "rejected" => CandidateStatus::Rejected,
        _ => CandidateStatus::Pending,
    }
}

fn flag_dto(flag: &Flag) -> FilterFlag {
    FilterFlag {
        code: serde_json::to_value(flag.check)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        label: flag.check.label().to_owned(),
        value: flag.value,
        threshold: flag.threshold,
        detail: flag.detail.clone(),
    }
}

fn question_dto(row: &CandidateRow, keywords: &BloomKeywords) -> GeneratedQuestion {
    let stem = row.stem.clone();
    let edits: Vec<StoredEdit> = serde_json::from_str(&row.edits).unwrap_or_default();
    GeneratedQuestion {
        id: saturating_u32(usize::try_from(row.id).unwrap_or(0)),
        status: status_of(&row.status),
        bloom: stem
            .as_deref()
            .map(|s| {
                bloom_of(row, s, keywords)
                    .iter()
                    .map(|l| l.as_str().to_owned())
                    .collect()
            })
            .unwrap_or_default(),
        question_type: stem
            .as_deref()
            .map_or("other", |s| question_type(s).as_str())
            .to_owned(),
        stem,
        choices: row.choices.clone().unwrap_or_default(),
        key: row.key.map(saturating_u32),
        kind: row
            .kind
            .as_deref()
            .and_then(|k| serde_json::from_str::<serde_json::Value>(k).ok())
            .map(|v| match v {
                serde_json::Value::String(s) => s,
                serde_json::Value::Object(m) => m
                    .into_iter()
                    .next()
                    .map(|(k, v)| format!("{k} ({})", v.as_str().unwrap_or_default()))
                    .unwrap_or_default(),
                other => other.to_string(),
            }),
        topic: row.topic.clone(),
        document: row.document.clone(),
        flags: flags_of(row).iter().map(flag_dto).collect(),
        parse_error: row
            .parse_error
            .as_deref()
            .and_then(|e| serde_json::from_str::<Unparsed>(e).ok())
            .map(|e| e.to_string()),
        reason: row.reason.clone(),
        edited: !edits.is_empty(),
        question_id: row.question_id.clone(),
        generation: saturating_u32(usize::try_from(row.generation).unwrap_or(0)),
        lookup: measures_of(row).and_then(|m| m.lookup),
        guessable: measures_of(row).and_then(|m| m.guessable),
    }
}

impl Project {
    /// The generated questions of an exam (default: the one on view), with their quality.
    pub fn generated(&self, exam: &ExamRef) -> ApiResult<GeneratedExam> {
        let version = self.exam_version(exam.exam.as_deref())?;
        let rows = self.store.candidates(version.exam)?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let generations = self.store.generations(version.exam)?;
        Ok(GeneratedExam {
            exam: version.exam_name.clone(),
            questions: rows.iter().map(|r| question_dto(r, &keywords)).collect(),
            quality: self.generation_quality(&version)?,
            generations: generations
                .iter()
                .map(|g| generation_info(g, &rows))
                .collect(),
        })
    }

    /// One generated question with its source passage, edits and provenance.
    pub fn generated_question(&self, which: &GeneratedRef) -> ApiResult<GeneratedDetail> {
        let (_, row) = self.candidate_of(which.exam.as_deref(), which.id)?;
        let generation = self
            .store
            .generation(row.generation)?
            .ok_or_else(|| ApiError::internal("the question's generation vanished"))?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let (from, to) = row
            .highlight
            .as_deref()
            .and_then(|h| serde_json::from_str::<(usize, usize)>(h).ok())
            .filter(|(a, b)| {
                a <= b
                    && *b <= row.source_text.len()
                    && row.source_text.is_char_boundary(*a)
                    && row.source_text.is_char_boundary(*b)
            })
            .unwrap_or((0, 0));
        let edits: Vec<StoredEdit> = serde_json::from_str(&row.edits).unwrap_or_default();
        Ok(GeneratedDetail {
            question: question_dto(&row, &keywords),
            source_before: row.source_text[..from].to_owned(),
            source_highlight: row.source_text[from..to].to_owned(),
            source_after: row.source_text[to..].to_owned(),
            raw: row.raw.clone(),
            edits: edits
                .into_iter()
                .map(|e| CandidateEdit {
                    at: e.at,
                    stem_before: e.before.stem,
                    choices_before: e.before.choices,
                    key_before: saturating_u32(e.before.key),
                    stem_after: e.after.stem,
                    choices_after: e.after.choices,
                    key_after: saturating_u32(e.after.key),
                })
                .collect(),
            provenance: provenance_of(&generation, &row),
        })
    }

    fn candidate_of(
        &self,
        exam: Option<&str>,
        id: u32,
    ) -> ApiResult<(ExamVersionRow, CandidateRow)> {
        let version = self.exam_version(exam)?;
        let row = self
            .store
            .candidate(i64::from(id))?
            .filter(|r| {
                self.store
                    .generation(r.generation)
                    .ok()
                    .flatten()
                    .is_some_and(|g| g.exam == version.exam)
            })
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!(
                        "exam '{}' has no generated question {id}",
                        version.exam_name
                    ),
                )
            })?;
        Ok((version, row))
    }

    /// Accepts, rejects or reinstates generated questions. Accepted ones go into the exam's
    /// draft (opened from the newest version if that is frozen) with their provenance.
    pub fn review_generated(&mut self, request: &ReviewRequest) -> ApiResult<ReviewReport> {
        if request.ids.is_empty() {
            return Err(invalid("choose at least one question to review"));
        }
        let reason = request
            .reason
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty());
        if request.action == ReviewAction::Reject && reason.is_none() {
            return Err(invalid("say why the questions are rejected"));
        }
        let mut rows = Vec::with_capacity(request.ids.len());
        for id in &request.ids {
            let (_, row) = self.candidate_of(request.exam.as_deref(), *id)?;
            if row.status == "unparsed" {
                return Err(invalid(format!(
                    "generated question {id} did not parse; there is no question to review"
                )));
            }
            rows.push(row);
        }
        let exam_name = self.exam_version(request.exam.as_deref())?.exam_name;
        let draft = self.draft(Some(&exam_name))?;
        let in_draft = self.store.questions(draft.id)?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let mut generations = BTreeMap::new();
        for row in &rows {
            if let Some(g) = self.store.generation(row.generation)? {
                generations.insert(row.generation, g);
            }
        }
        let mut changed = 0;
        let tx = self.store.transaction()?;
        for row in &rows {
            let present = row
                .question_id
                .as_deref()
                .and_then(|id| in_draft.iter().find(|q| q.external_id == id));
            match request.action {
                ReviewAction::Accept => {
                    if row.status == "accepted" && present.is_some() {
                        continue;
                    }
                    let id = row
                        .question_id
                        .clone()
                        .unwrap_or_else(|| format!("g{}", row.id));
                    if in_draft.iter().any(|q| q.external_id == id) {
                        return Err(ApiError::new(
                            ErrorCode::Conflict,
                            format!("the exam already has a question \"{id}\""),
                        ));
                    }
                    let stem = row.stem.clone().unwrap_or_default();
                    let valid = QuestionDraft {
                        external_id: id.clone(),
                        stem: stem.clone(),
                        choices: row.choices.clone().unwrap_or_default(),
                        key: row.key.unwrap_or(0),
                        topic: row.topic.clone(),
                        source_text: Some(row.source_text.clone()),
                        generator: Some(format!("generated ({})", row.generation)),
                        ..QuestionDraft::default()
                    }
                    .validate()
                    .map_err(|e| invalid(format!("generated question {}: {e}", row.id)))?;
                    let new = NewQuestion {
                        bloom_auto: bloom_of(row, &stem, &keywords),
                        question_type_auto: question_type(&stem),
                        question: valid,
                    };
                    let ids = tx.insert_questions(draft.id, &[new], |_| ())?;
                    let generation = generations
                        .get(&row.generation)
                        .ok_or_else(|| ApiError::internal("the question's generation vanished"))?;
                    let provenance = provenance_json(generation, row, &row.edits);
                    for qid in ids {
                        tx.set_provenance(qid, row.chunk, &provenance)?;
                    }
                    tx.review_candidate(row.id, "accepted", None, Some(&id))?;
                }
                ReviewAction::Reject | ReviewAction::Reinstate => {
                    if let Some(q) = present {
                        tx.delete_question(q.id)?;
                    }
                    let (status, why) = if request.action == ReviewAction::Reject {
                        ("rejected", reason)
                    } else {
                        ("pending", None)
                    };
                    tx.review_candidate(row.id, status, why, None)?;
                }
            }
            changed += 1;
        }
        tx.commit()?;
        let draft = self.store.version(draft.id)?.unwrap_or(draft);
        let verb = match request.action {
            ReviewAction::Accept => "accepted into",
            ReviewAction::Reject => "rejected; the draft of",
            ReviewAction::Reinstate => "back in the queue; the draft of",
        };
        Ok(ReviewReport {
            changed,
            message: format!(
                "{changed} generated question{} {verb} version {} of '{}' (now {} questions).",
                if changed == 1 { "" } else { "s" },
                draft.version,
                draft.exam_name,
                draft.questions
            ),
            draft: exam_version_dto(&draft),
        })
    }

    /// Edits a generated question; the edit is recorded before and after, and an accepted
    /// question changes in the draft too.
    pub fn edit_generated(&mut self, edit: &GeneratedEdit) -> ApiResult<GeneratedDetail> {
        let (version, row) = self.candidate_of(edit.exam.as_deref(), edit.id)?;
        let before = Content {
            stem: row
                .stem
                .clone()
                .ok_or_else(|| invalid(format!("generated question {} did not parse", edit.id)))?,
            choices: row.choices.clone().unwrap_or_default(),
            key: row.key.unwrap_or(0),
        };
        let checked = QuestionDraft {
            external_id: format!("g{}", row.id),
            stem: edit.stem.trim().to_owned(),
            choices: edit.choices.iter().map(|c| c.trim().to_owned()).collect(),
            key: edit.key as usize,
            ..QuestionDraft::default()
        }
        .validate()
        .map_err(|e| invalid(format!("generated question {}: {e}", edit.id)))?;
        if checked.choices.len() != 4 {
            return Err(invalid("a generated question keeps four choices"));
        }
        let after = Content {
            stem: checked.stem.clone(),
            choices: checked.choices.texts().to_vec(),
            key: checked.key,
        };
        if after == before {
            return self.generated_question(&GeneratedRef {
                exam: edit.exam.clone(),
                id: edit.id,
            });
        }
        let mut edits: Vec<StoredEdit> = serde_json::from_str(&row.edits).unwrap_or_default();
        edits.push(StoredEdit {
            at: self.store.now()?,
            before,
            after: after.clone(),
        });
        let edits_json = serde_json::to_string(&edits).map_err(ApiError::internal)?;
        if row.status == "accepted"
            && let Some(id) = &row.question_id
        {
            self.edit_question(&QuestionEdit {
                exam: Some(version.exam_name.clone()),
                id: Some(id.clone()),
                stem: after.stem.clone(),
                choices: after.choices.clone(),
                key: saturating_u32(after.key),
                topic: None,
            })?;
            // The draft's copy carries the edit in its provenance too.
            let draft = self.draft(Some(&version.exam_name))?;
            let generation = self
                .store
                .generation(row.generation)?
                .ok_or_else(|| ApiError::internal("the question's generation vanished"))?;
            if let Some(q) = self
                .store
                .questions(draft.id)?
                .into_iter()
                .find(|q| &q.external_id == id)
            {
                let tx = self.store.transaction()?;
                tx.set_provenance(
                    q.id,
                    row.chunk,
                    &provenance_json(&generation, &row, &edits_json),
                )?;
                tx.commit()?;
            }
        }
        let tx = self.store.transaction()?;
        tx.edit_candidate(
            row.id,
            (&after.stem, &after.choices, after.key),
            &edits_json,
        )?;
        // The filters measured the old wording: measure again at the next check.
        tx.set_checks(row.id, "null", &row.flags)?;
        tx.commit()?;
        self.generated_question(&GeneratedRef {
            exam: Some(version.exam_name),
            id: edit.id,
        })
    }
}

/// The provenance a question of the exam keeps: the generated question it came from, who wrote
/// it with what, and the reviewer's edits.
fn provenance_json(generation: &GenerationRow, row: &CandidateRow, edits: &str) -> String {
    serde_json::json!({
        "candidate": row.id,
        "provenance": provenance_of(generation, row),
        "edits": serde_json::from_str::<serde_json::Value>(edits).unwrap_or_default(),
    })
    .to_string()
}

fn provenance_of(generation: &GenerationRow, row: &CandidateRow) -> Provenance {
    Provenance {
        generator: generation.generator.clone(),
        model: generation.model.clone(),
        model_hash: generation.model_hash.clone(),
        prompt: generation.prompt.clone(),
        seed: u32::try_from(generation.seed).unwrap_or(0),
        written_at: row.created_at.clone(),
    }
}

fn generation_info(g: &GenerationRow, rows: &[CandidateRow]) -> GenerationInfo {
    let settings: Option<Settings> = serde_json::from_str(&g.settings).ok();
    GenerationInfo {
        id: saturating_u32(usize::try_from(g.id).unwrap_or(0)),
        generator: g.generator.clone(),
        model: g.model.clone(),
        seed: u32::try_from(g.seed).unwrap_or(0),
        count: settings.map_or(0, |s| s.count),
        written: saturating_u32(rows.iter().filter(|r| r.generation == g.id).count()),
        started_at: g.started_at.clone(),
        finished: g.finished_at.is_some(),
    }
}
