//! Overriding a question's categories by hand (METHODS.md §4: the classifiers' labels are
//! defaults a person may correct).

use crate::dto::{CategoryOverride, QuestionCategories};
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::{BloomLevel, QuestionType};

fn invalid(message: String) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, message)
}

impl Project {
    /// Sets or clears a question's Bloom levels and type; returns the categories now in force.
    pub fn override_categories(
        &mut self,
        change: &CategoryOverride,
    ) -> ApiResult<QuestionCategories> {
        let version = self.exam_version(change.exam.as_deref())?;
        let find = |project: &Project| -> ApiResult<proctor_store::QuestionRow> {
            project
                .store
                .questions(version.id)?
                .into_iter()
                .find(|q| q.external_id == change.question_id)
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        format!(
                            "there is no question '{}' in exam '{}'",
                            change.question_id, version.exam_name
                        ),
                    )
                })
        };
        let question = find(self)?;
        let bloom: Option<Option<Vec<BloomLevel>>> = change
            .bloom
            .as_ref()
            .map(|levels| {
                let parsed = levels
                    .iter()
                    .map(|l| l.parse())
                    .collect::<Result<Vec<BloomLevel>, _>>();
                parsed
                    .map(|mut p| {
                        p.sort();
                        p.dedup();
                        (!p.is_empty()).then_some(p)
                    })
                    .map_err(invalid)
            })
            .transpose()?;
        let question_type: Option<Option<QuestionType>> = change
            .question_type
            .as_deref()
            .map(|t| {
                if t.trim().eq_ignore_ascii_case("auto") {
                    Ok(None)
                } else {
                    t.parse().map(Some).map_err(invalid)
                }
            })
            .transpose()?;
        let tx = self.store.transaction()?;
        if let Some(levels) = &bloom {
            tx.set_bloom_override(question.id, levels.as_deref())?;
        }
        if let Some(t) = question_type {
            tx.set_question_type_override(question.id, t)?;
        }
        tx.commit()?;
        let q = find(self)?;
        Ok(QuestionCategories {
            question_id: q.external_id,
            bloom: q.bloom.iter().map(ToString::to_string).collect(),
            bloom_overridden: q.bloom_overridden,
            question_type: q.question_type.to_string(),
            question_type_overridden: q.question_type_overridden,
        })
    }
}
