//! Exam versions: a draft opened from a frozen version, edited question by question, then frozen
//! with the answers to unchanged questions carried over.

use crate::rows::ExamVersionRow;
use crate::{Result, Store, StoreError, Tx};
use proctor_core::{ExamId, ExamVersionId, QuestionId, RunId, RunMode, SystemId};
use rusqlite::{OptionalExtension, params};
use std::collections::HashSet;

const VERSION_COLUMNS: &str = "SELECT e.id, e.name, v.id, v.version, v.frozen_at,
        (SELECT count(*) FROM questions q WHERE q.exam_version_id = v.id)
     FROM exam_versions v JOIN exams e ON e.id = v.exam_id";

/// The content of a question that systems answer: what makes an answer carry over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionContent {
    /// The question.
    pub stem: String,
    /// The choices, in order.
    pub choices: Vec<String>,
    /// The correct choice, from 0.
    pub key: usize,
    /// The EXAM-mode query it belongs to.
    pub query: Option<String>,
}

impl Store {
    /// One version by its row id.
    pub fn version(&self, id: ExamVersionId) -> Result<Option<ExamVersionRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("{VERSION_COLUMNS} WHERE v.id = ?1"),
                [id.0],
                Self::version_row,
            )
            .optional()?)
    }

    /// Version `number` of the exam called `exam_name`.
    pub fn version_of(&self, exam_name: &str, number: u32) -> Result<Option<ExamVersionRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("{VERSION_COLUMNS} WHERE e.name = ?1 AND v.version = ?2"),
                params![exam_name.trim(), number],
                Self::version_row,
            )
            .optional()?)
    }

    /// The version before `version` of the same exam, if any.
    pub fn previous_version(&self, version: ExamVersionId) -> Result<Option<ExamVersionRow>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "{VERSION_COLUMNS} WHERE v.exam_id = (SELECT exam_id FROM exam_versions WHERE id = ?1)
                       AND v.version < (SELECT version FROM exam_versions WHERE id = ?1)
                     ORDER BY v.version DESC LIMIT 1"
                ),
                [version.0],
                Self::version_row,
            )
            .optional()?)
    }
}

impl Tx<'_> {
    /// Opens a draft: a new, unfrozen version of `from`'s exam numbered after its newest, holding
    /// a copy of `from`'s questions (with their labels). Refused while the exam has a draft.
    pub fn open_draft(&self, from: ExamVersionId) -> Result<ExamVersionId> {
        let (exam, newest, frozen): (i64, u32, Option<String>) = self.tx.query_row(
            "SELECT v.exam_id, v.version, v.frozen_at FROM exam_versions v
             WHERE v.exam_id = (SELECT exam_id FROM exam_versions WHERE id = ?1)
             ORDER BY v.version DESC LIMIT 1",
            [from.0],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        if frozen.is_none() {
            return Err(StoreError::Conflict(format!(
                "version {newest} of this exam is already a draft; edit or freeze it"
            )));
        }
        self.tx.execute(
            "INSERT INTO exam_versions (exam_id, version) VALUES (?1, ?2)",
            params![ExamId(exam).0, newest + 1],
        )?;
        let draft = ExamVersionId(self.tx.last_insert_rowid());
        self.tx.execute(
            "INSERT INTO questions (exam_version_id, external_id, ordinal, query, stem, choices,
                 key_index, topic_id, bloom_auto, bloom_override, qtype_auto, qtype_override,
                 source_chunk_id, source_text, generator, provenance, active)
             SELECT ?2, external_id, ordinal, query, stem, choices, key_index, topic_id,
                    bloom_auto, bloom_override, qtype_auto, qtype_override, source_chunk_id,
                    source_text, generator, provenance, active
             FROM questions WHERE exam_version_id = ?1 ORDER BY ordinal",
            params![from.0, draft.0],
        )?;
        Ok(draft)
    }

    /// Changes what a question of a draft asks (the schema refuses it on a frozen version).
    pub fn edit_question(&self, question: QuestionId, content: &QuestionContent) -> Result<()> {
        let choices = serde_json::to_string(&content.choices).unwrap_or_default();
        self.tx.execute(
            "UPDATE questions SET stem = ?2, choices = ?3, key_index = ?4, query = ?5 WHERE id = ?1",
            params![
                question.0,
                content.stem,
                choices,
                content.key,
                content.query
            ],
        )?;
        Ok(())
    }

    /// Sets (or, with `None`, clears) a question's topic: a label, editable on any version.
    pub fn set_question_topic(&self, question: QuestionId, topic: Option<&str>) -> Result<()> {
        let topic = topic
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| self.topic_id(t))
            .transpose()?;
        self.tx.execute(
            "UPDATE questions SET topic_id = ?2 WHERE id = ?1",
            params![question.0, topic.map(|t| t.0)],
        )?;
        Ok(())
    }

    /// Takes a question out of a draft (the schema refuses it on a frozen version).
    pub fn delete_question(&self, question: QuestionId) -> Result<()> {
        self.tx
            .execute("DELETE FROM questions WHERE id = ?1", [question.0])?;
        Ok(())
    }

    /// Throws a draft away with its questions; refused once frozen or sat.
    pub fn discard_draft(&self, draft: ExamVersionId) -> Result<()> {
        let gone = self.tx.execute(
            "DELETE FROM exam_versions WHERE id = ?1 AND frozen_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM runs WHERE exam_version_id = ?1)",
            [draft.0],
        )?;
        if gone == 0 {
            return Err(StoreError::Conflict(
                "only a draft no system has sat can be discarded".to_owned(),
            ));
        }
        Ok(())
    }

    /// Gives `to` a sitting for every sitting of `from`, holding the responses to the questions
    /// that did not change (same id, stem, choices, key and query). Returns the responses carried.
    pub fn carry_over(&self, from: ExamVersionId, to: ExamVersionId) -> Result<usize> {
        let runs: Vec<(i64, Option<i64>, String, Option<String>)> = {
            let mut stmt = self.tx.prepare(
                "SELECT id, system_id, mode, source FROM runs WHERE exam_version_id = ?1 ORDER BY id",
            )?;
            let rows = stmt.query_map([from.0], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        let mut carried = 0;
        for (old, system, mode, source) in runs {
            let taken: bool = self.tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM runs WHERE exam_version_id = ?1 AND mode = ?2
                   AND ifnull(system_id, 0) = ifnull(?3, 0))",
                params![to.0, mode, system],
                |r| r.get(0),
            )?;
            if taken {
                continue;
            }
            // An open-answer sitting stays one, graded by the same reader.
            self.tx.execute(
                "INSERT INTO runs (system_id, exam_version_id, mode, source, open_reader, open_ceiling)
                 SELECT ?1, ?2, ?3, ?4, open_reader, open_ceiling FROM runs WHERE id = ?5",
                params![system, to.0, mode, source, old],
            )?;
            let run = self.tx.last_insert_rowid();
            carried += self.tx.execute(
                "INSERT INTO responses (run_id, question_id, outcome, choice_index, raw_text,
                     evidence, latency_ms, error, reading)
                 SELECT ?1, new.id, r.outcome, r.choice_index, r.raw_text, r.evidence,
                        r.latency_ms, r.error, r.reading
                 FROM responses r
                 JOIN questions old ON old.id = r.question_id
                 JOIN questions new ON new.exam_version_id = ?3 AND new.external_id = old.external_id
                   AND new.stem = old.stem AND new.choices = old.choices
                   AND new.key_index = old.key_index AND new.query IS old.query
                 WHERE r.run_id = ?2",
                params![run, old, to.0],
            )?;
            // An endpoint's exchanges go with the answers they stand behind.
            self.tx.execute(
                "INSERT INTO exchanges (run_id, question_id, request, status, reply, reply_bytes,
                     total_ms, attempts, prompt_tokens, completion_tokens, evidence, at)
                 SELECT ?1, new.id, e.request, e.status, e.reply, e.reply_bytes, e.total_ms,
                        e.attempts, e.prompt_tokens, e.completion_tokens, e.evidence, e.at
                 FROM exchanges e
                 JOIN questions old ON old.id = e.question_id
                 JOIN questions new ON new.exam_version_id = ?3 AND new.external_id = old.external_id
                   AND new.stem = old.stem AND new.choices = old.choices
                   AND new.key_index = old.key_index AND new.query IS old.query
                 WHERE e.run_id = ?2",
                params![run, old, to.0],
            )?;
            let complete: bool = self.tx.query_row(
                "SELECT (SELECT count(*) FROM responses WHERE run_id = ?1)
                      = (SELECT count(*) FROM questions WHERE exam_version_id = ?2)",
                params![run, to.0],
                |r| r.get(0),
            )?;
            if complete {
                self.tx.execute(
                    "UPDATE runs SET finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
                    [run],
                )?;
            }
        }
        Ok(carried)
    }

    /// Freezes `version`; when an earlier version of the exam exists, every sitting of the one
    /// just before carries over to it ([`Tx::carry_over`]). A frozen version is left as it is.
    /// Returns (answers carried, sittings carried).
    pub fn freeze_carrying(&self, version: ExamVersionId) -> Result<(usize, usize)> {
        let frozen: Option<String> = self.tx.query_row(
            "SELECT frozen_at FROM exam_versions WHERE id = ?1",
            [version.0],
            |r| r.get(0),
        )?;
        if frozen.is_some() {
            return Ok((0, 0));
        }
        self.freeze(version)?;
        let before: Option<i64> = self
            .tx
            .query_row(
                "SELECT v.id FROM exam_versions v
                 WHERE v.exam_id = (SELECT exam_id FROM exam_versions WHERE id = ?1)
                   AND v.version < (SELECT version FROM exam_versions WHERE id = ?1)
                 ORDER BY v.version DESC LIMIT 1",
                [version.0],
                |r| r.get(0),
            )
            .optional()?;
        let Some(before) = before.map(ExamVersionId) else {
            return Ok((0, 0));
        };
        let sittings: usize = self.tx.query_row(
            "SELECT count(*) FROM runs WHERE exam_version_id = ?1",
            [before.0],
            |r| r.get(0),
        )?;
        Ok((self.carry_over(before, version)?, sittings))
    }

    /// The sitting of `system` (None: the gold articles) in `mode` on `version`, with the
    /// questions it has answered.
    pub fn sitting(
        &self,
        system: Option<SystemId>,
        mode: RunMode,
        version: ExamVersionId,
    ) -> Result<Option<(RunId, HashSet<QuestionId>)>> {
        let Some(run) = self.run_id(system, mode, version)? else {
            return Ok(None);
        };
        let mut stmt = self
            .tx
            .prepare("SELECT question_id FROM responses WHERE run_id = ?1")?;
        let answered = stmt
            .query_map([run.0], |r| r.get(0).map(QuestionId))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(Some((run, answered)))
    }
}

impl Tx<'_> {
    /// Puts documents under a topic (made when new), or under none; topics left with no
    /// document and no question go. Returns how many documents moved.
    pub fn set_documents_topic(&self, documents: &[i64], topic: Option<&str>) -> Result<usize> {
        let topic = topic.map(|t| self.topic_id(t)).transpose()?;
        let mut moved = 0;
        for id in documents {
            moved += self.tx.execute(
                "UPDATE documents SET topic_id = ?2 WHERE id = ?1 AND topic_id IS NOT ?2",
                params![id, topic.map(|t| t.0)],
            )?;
        }
        self.tx.execute(
            "DELETE FROM topics WHERE id NOT IN (SELECT topic_id FROM documents WHERE topic_id IS NOT NULL)
               AND id NOT IN (SELECT topic_id FROM questions WHERE topic_id IS NOT NULL)",
            [],
        )?;
        Ok(moved)
    }

    /// Renames a topic; when `new_name` is already a topic, the two merge into it. Returns
    /// whether they merged.
    pub fn rename_topic(&self, old_name: &str, new_name: &str) -> Result<bool> {
        let old: Option<i64> = self
            .tx
            .query_row("SELECT id FROM topics WHERE name = ?1", [old_name], |r| {
                r.get(0)
            })
            .optional()?;
        let Some(old) = old else {
            return Err(StoreError::Conflict(format!(
                "there is no topic called '{old_name}'"
            )));
        };
        let existing: Option<i64> = self
            .tx
            .query_row("SELECT id FROM topics WHERE name = ?1", [new_name], |r| {
                r.get(0)
            })
            .optional()?;
        match existing {
            Some(into) if into == old => Ok(false),
            Some(into) => {
                for table in ["documents", "questions"] {
                    self.tx.execute(
                        &format!("UPDATE {table} SET topic_id = ?2 WHERE topic_id = ?1"),
                        params![old, into],
                    )?;
                }
                self.tx.execute("DELETE FROM topics WHERE id = ?1", [old])?;
                Ok(true)
            }
            None => {
                self.tx.execute(
                    "UPDATE topics SET name = ?2 WHERE id = ?1",
                    params![old, new_name],
                )?;
                Ok(false)
            }
        }
    }
}
