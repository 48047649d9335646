//! Exam versions on the workbench: the version picker, the draft every change goes into, freezing
//! with the answers to unchanged questions carried over, and deleting systems with an undo.

pub(crate) mod export;

use crate::browse::no_question;
use crate::dto::CategoryOverride;
use crate::dto::{
    DeletedSystemInfo, DocumentsOverview, DocumentsTopic, DraftChange, ExamRef, FreezeReport,
    ProjectSummary, QuestionEdit, QuestionRequest, QuestionView, Relabel, RenameTopic, SystemName,
    SystemsOverview, VersionRef,
};
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::QuestionDraft;
use proctor_core::text::visible;
use proctor_exam::classify::{BloomKeywords, question_type};
use proctor_store::{ExamVersionRow, NewQuestion, QuestionContent, QuestionRow};

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, message)
}

impl Project {
    /// Puts a version on view: every page shows it from now on.
    pub fn view_version(&mut self, which: &VersionRef) -> ApiResult<()> {
        let row = self
            .store
            .version_of(&which.exam, which.version)?
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!(
                        "exam '{}' has no version {}",
                        visible(&which.exam),
                        which.version
                    ),
                )
            })?;
        self.on_view = Some(row.id);
        Ok(())
    }

    /// The draft of the exam on view (or the named one): its newest version while unfrozen,
    /// else a new draft copied from the newest version. The draft goes on view.
    pub(crate) fn draft(&mut self, exam: Option<&str>) -> ApiResult<ExamVersionRow> {
        let on_view = self.exam_version(exam)?;
        let newest = self
            .store
            .latest_version_of(&on_view.exam_name)?
            .unwrap_or(on_view);
        let draft = if newest.frozen {
            let tx = self.store.transaction()?;
            let id = tx.open_draft(newest.id)?;
            tx.commit()?;
            id
        } else {
            newest.id
        };
        self.on_view = Some(draft);
        self.store.version(draft)?.ok_or_else(|| {
            ApiError::new(
                ErrorCode::Internal,
                "the draft vanished while it was opened",
            )
        })
    }

    fn find(&self, version: &ExamVersionRow, id: &str) -> ApiResult<QuestionRow> {
        self.store
            .questions(version.id)?
            .into_iter()
            .find(|q| q.external_id == id)
            .ok_or_else(|| no_question(version, id))
    }

    fn checked(edit: &QuestionEdit, id: &str, query: Option<String>) -> ApiResult<QuestionDraft> {
        let draft = QuestionDraft {
            external_id: id.to_owned(),
            query,
            stem: edit.stem.clone(),
            choices: edit.choices.iter().map(|c| c.trim().to_owned()).collect(),
            key: edit.key as usize,
            topic: edit.topic.clone(),
            ..QuestionDraft::default()
        };
        draft
            .clone()
            .validate()
            .map_err(|e| invalid(format!("question \"{}\": {e}", visible(id))))?;
        Ok(draft)
    }

    fn changed(
        &self,
        draft: &ExamVersionRow,
        question: &str,
        message: String,
    ) -> ApiResult<DraftChange> {
        let draft = self
            .store
            .version(draft.id)?
            .unwrap_or_else(|| draft.clone());
        Ok(DraftChange {
            draft: exam_version_dto(&draft),
            question: question.to_owned(),
            message,
        })
    }

    /// Changes what a question asks, in the exam's draft.
    pub fn edit_question(&mut self, edit: &QuestionEdit) -> ApiResult<DraftChange> {
        let id = edit
            .id
            .clone()
            .ok_or_else(|| invalid("say which question to edit"))?;
        let draft = self.draft(edit.exam.as_deref())?;
        let question = self.find(&draft, &id)?;
        let valid = Self::checked(edit, &id, question.query.clone())?
            .validate()
            .map_err(|e| invalid(e.to_string()))?;
        let tx = self.store.transaction()?;
        tx.edit_question(
            question.id,
            &QuestionContent {
                stem: valid.stem,
                choices: valid.choices.texts().to_vec(),
                key: valid.key,
                query: valid.query,
            },
        )?;
        tx.commit()?;
        self.changed(
            &draft,
            &id,
            format!(
                "Question {id} changed in version {} (draft).",
                draft.version
            ),
        )
    }

    /// Adds a question at the end of the exam's draft.
    pub fn add_question(&mut self, edit: &QuestionEdit) -> ApiResult<DraftChange> {
        let draft = self.draft(edit.exam.as_deref())?;
        let existing = self.store.questions(draft.id)?;
        let id = match edit.id.as_deref().map(str::trim).filter(|i| !i.is_empty()) {
            Some(id) => id.to_owned(),
            // Among n + 1 candidates one is always free.
            None => (existing.len() + 1..=2 * existing.len() + 1)
                .map(|k| format!("q{k}"))
                .find(|c| existing.iter().all(|q| &q.external_id != c))
                .unwrap_or_default(),
        };
        if existing.iter().any(|q| q.external_id == id) {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!("the exam already has a question \"{}\"", visible(&id)),
            ));
        }
        let valid = Self::checked(edit, &id, None)?
            .validate()
            .map_err(|e| invalid(e.to_string()))?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let new = NewQuestion {
            bloom_auto: keywords.classify(&valid.stem),
            question_type_auto: question_type(&valid.stem),
            question: valid,
        };
        let tx = self.store.transaction()?;
        tx.insert_questions(draft.id, &[new], |_| ())?;
        tx.commit()?;
        self.changed(
            &draft,
            &id,
            format!("Question {id} added to version {} (draft).", draft.version),
        )
    }

    /// Takes a question out of the exam's draft; the versions systems sat keep it.
    pub fn retire_question(&mut self, which: &QuestionRequest) -> ApiResult<DraftChange> {
        let draft = self.draft(which.exam.as_deref())?;
        let question = self.find(&draft, &which.id)?;
        if draft.questions <= 1 {
            return Err(invalid("an exam keeps at least one question"));
        }
        let tx = self.store.transaction()?;
        tx.delete_question(question.id)?;
        tx.commit()?;
        self.changed(
            &draft,
            &which.id,
            format!(
                "Question {} retired from version {} (draft).",
                which.id, draft.version
            ),
        )
    }

    /// Sets a question's topic, Bloom levels or type on the version on view.
    pub fn relabel_question(&mut self, change: &Relabel) -> ApiResult<QuestionView> {
        let version = self.exam_version(change.exam.as_deref())?;
        let question = self.find(&version, &change.id)?;
        if change.bloom.is_some() || change.question_type.is_some() {
            self.override_categories(&CategoryOverride {
                exam: Some(version.exam_name.clone()),
                question_id: change.id.clone(),
                bloom: change.bloom.clone(),
                question_type: change.question_type.clone(),
            })?;
        }
        if let Some(topic) = &change.topic {
            let tx = self.store.transaction()?;
            tx.set_question_topic(question.id, Some(topic.as_str()))?;
            tx.commit()?;
        }
        self.question(&QuestionRequest {
            exam: Some(version.exam_name),
            id: change.id.clone(),
        })
    }

    /// The exam's draft, which must exist to be frozen or discarded (`what`).
    fn existing_draft(&self, exam: &ExamRef, what: &str) -> ApiResult<ExamVersionRow> {
        let on_view = self.exam_version(exam.exam.as_deref())?;
        self.store
            .latest_version_of(&on_view.exam_name)?
            .filter(|v| !v.frozen)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::Conflict,
                    format!("exam '{}' has no draft to {what}", on_view.exam_name),
                )
            })
    }

    /// Freezes the exam's draft: systems sit it from now on, and every sitting of the version
    /// before carries over with its answers to the questions that did not change.
    pub fn freeze_draft(&mut self, exam: &ExamRef) -> ApiResult<FreezeReport> {
        let draft = self.existing_draft(exam, "freeze")?;
        if draft.questions == 0 {
            return Err(invalid("a version needs at least one question"));
        }
        let changes = self.version_changes(&draft)?;
        let to_answer = changes
            .as_ref()
            .map_or(0, |(c, _)| c.edited.len() + c.added.len());
        let tx = self.store.transaction()?;
        let (carried, sittings) = tx.freeze_carrying(draft.id)?;
        tx.commit()?;
        self.on_view = Some(draft.id);
        let version = self.store.version(draft.id)?.unwrap_or(draft);
        Ok(FreezeReport {
            version: exam_version_dto(&version),
            carried: saturating_u32(carried),
            sittings: saturating_u32(sittings),
            to_answer: saturating_u32(to_answer),
        })
    }

    /// Throws the exam's draft away; the version before goes on view.
    pub fn discard_draft(&mut self, exam: &ExamRef) -> ApiResult<()> {
        let draft = self.existing_draft(exam, "discard")?;
        if self.store.previous_version(draft.id)?.is_none() {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "the exam's first version cannot be discarded; edit it instead",
            ));
        }
        let tx = self.store.transaction()?;
        tx.discard_draft(draft.id)?;
        tx.commit()?;
        self.on_view = None;
        Ok(())
    }

    /// Deletes a system with its answers; [`Project::restore_system`] puts it back while the
    /// project stays open.
    pub fn delete_system(&mut self, which: &SystemName) -> ApiResult<DeletedSystemInfo> {
        let system = self.system_named(&which.name)?;
        let tx = self.store.transaction()?;
        let deleted = tx.delete_system(system.id)?;
        tx.commit()?;
        let info = DeletedSystemInfo {
            name: deleted.name.clone(),
            responses: saturating_u32(deleted.responses),
        };
        self.trash.push(deleted);
        Ok(info)
    }

    /// Puts back a system deleted since the project was opened.
    pub fn restore_system(&mut self, which: &SystemName) -> ApiResult<()> {
        let at = self
            .trash
            .iter()
            .rposition(|d| d.name == which.name)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!(
                        "'{}' was not deleted since the project was opened",
                        visible(&which.name)
                    ),
                )
            })?;
        let tx = self.store.transaction()?;
        tx.restore_system(&self.trash[at])?;
        tx.commit()?;
        self.trash.remove(at);
        Ok(())
    }

    /// Puts documents under a topic (a new one is made), or under none; a topic left empty
    /// goes. Answers how many moved.
    pub fn set_documents_topic(&mut self, change: &DocumentsTopic) -> ApiResult<usize> {
        if change.documents.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "choose the documents to put under the topic",
            ));
        }
        let topic = change
            .topic
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| crate::imports::project_name("topic", t))
            .transpose()?;
        let known: std::collections::BTreeSet<u32> = self
            .store
            .documents()?
            .iter()
            .map(|d| saturating_u32(d.id.0))
            .collect();
        if let Some(missing) = change.documents.iter().find(|d| !known.contains(d)) {
            return Err(ApiError::new(
                ErrorCode::NotFound,
                format!("there is no document {missing}"),
            ));
        }
        let ids: Vec<i64> = change.documents.iter().map(|d| i64::from(*d)).collect();
        let tx = self.store.transaction()?;
        let moved = tx.set_documents_topic(&ids, topic.as_deref())?;
        tx.commit()?;
        Ok(moved)
    }

    /// Renames a topic of documents and questions, or merges it into another.
    pub fn rename_topic(&mut self, change: &RenameTopic) -> ApiResult<bool> {
        let new_name = crate::imports::project_name("topic", &change.new_name)?;
        let tx = self.store.transaction()?;
        let merged = tx.rename_topic(change.name.trim(), &new_name)?;
        tx.commit()?;
        Ok(merged)
    }
}

/// Puts an exam version on view and answers with the summary every page then shows.
pub(crate) fn view_version(project: &mut Project, which: &VersionRef) -> ApiResult<ProjectSummary> {
    project.view_version(which)?;
    project.summary()
}

/// Throws an exam's draft away and answers with the project's summary.
pub(crate) fn discard_draft(project: &mut Project, exam: &ExamRef) -> ApiResult<ProjectSummary> {
    project.discard_draft(exam)?;
    project.summary()
}

/// Puts back a deleted system and answers with every system.
pub(crate) fn restore_system(
    project: &mut Project,
    which: &SystemName,
) -> ApiResult<SystemsOverview> {
    project.restore_system(which)?;
    project.systems_overview()
}

/// Puts documents under a topic and answers with every document.
pub(crate) fn set_documents_topic(
    project: &mut Project,
    change: &DocumentsTopic,
) -> ApiResult<DocumentsOverview> {
    project.set_documents_topic(change)?;
    project.documents_overview()
}

/// Renames (or merges) a topic and answers with every document.
pub(crate) fn rename_topic(
    project: &mut Project,
    change: &RenameTopic,
) -> ApiResult<DocumentsOverview> {
    project.rename_topic(change)?;
    project.documents_overview()
}
