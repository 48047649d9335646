//! What changed between an exam version and the one before it: each question edited, added or
//! unchanged, and the questions retired. Shown on the questions' pages; freezing a draft says
//! the same.

use crate::dto::{QuestionChange, VersionChanges};
use crate::project::exam_version_dto;
use crate::{ApiResult, Project};
use proctor_core::QuestionId;
use proctor_store::{ExamVersionRow, QuestionContent, QuestionRow};
use std::collections::HashMap;

/// What a question asks: a change to it is an edit.
fn content(q: &QuestionRow) -> QuestionContent {
    QuestionContent {
        stem: q.stem.clone(),
        choices: q.choices.clone(),
        key: q.key,
        query: q.query.clone(),
    }
}

/// How each question of `now` differs from the one with its id in `before`.
pub(crate) fn changes(
    now: &[QuestionRow],
    before: &[QuestionRow],
) -> HashMap<QuestionId, QuestionChange> {
    let old: HashMap<&str, &QuestionRow> =
        before.iter().map(|q| (q.external_id.as_str(), q)).collect();
    now.iter()
        .map(|q| {
            let change = match old.get(q.external_id.as_str()) {
                None => QuestionChange::Added,
                Some(o) if content(o) == content(q) => QuestionChange::Unchanged,
                Some(_) => QuestionChange::Edited,
            };
            (q.id, change)
        })
        .collect()
}

impl Project {
    /// A version compared with the one before it (None for a first version).
    pub(crate) fn version_changes(
        &self,
        version: &ExamVersionRow,
    ) -> ApiResult<Option<(VersionChanges, HashMap<QuestionId, QuestionChange>)>> {
        let Some(before) = self.store.previous_version(version.id)? else {
            return Ok(None);
        };
        let now = self.store.questions(version.id)?;
        let old = self.store.questions(before.id)?;
        let by_id = changes(&now, &old);
        let pick = |kind: QuestionChange| -> Vec<String> {
            now.iter()
                .filter(|q| by_id.get(&q.id) == Some(&kind))
                .map(|q| q.external_id.clone())
                .collect()
        };
        let retired = old
            .iter()
            .filter(|o| now.iter().all(|q| q.external_id != o.external_id))
            .map(|o| o.external_id.clone())
            .collect();
        Ok(Some((
            VersionChanges {
                version: exam_version_dto(version),
                base: Some(exam_version_dto(&before)),
                edited: pick(QuestionChange::Edited),
                added: pick(QuestionChange::Added),
                retired,
            },
            by_id,
        )))
    }
}
