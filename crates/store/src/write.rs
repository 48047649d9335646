//! Writes, always inside a transaction.

use crate::rows::{NewChunk, NewDocument, NewQuestion};
use crate::{Result, StoreError};
use proctor_core::text::{composed, look_alike};
use proctor_core::{
    BloomLevel, DocumentId, ExamId, ExamVersionId, QuestionId, QuestionType, RunId, RunMode,
    SystemId, SystemKind, TopicId,
};
use rusqlite::{OptionalExtension, Transaction, params};
use sha2::{Digest, Sha256};

/// A write transaction. Dropping it without [`Tx::commit`] rolls everything back.
#[derive(Debug)]
pub struct Tx<'a> {
    pub(crate) tx: Transaction<'a>,
}

pub(crate) fn bloom_json(levels: &[BloomLevel]) -> String {
    let names: Vec<&str> = levels.iter().map(|l| l.as_str()).collect();
    serde_json::to_string(&names).unwrap_or_else(|_| "[]".to_owned())
}

impl<'a> Tx<'a> {
    pub(crate) fn new(tx: Transaction<'a>) -> Self {
        Self { tx }
    }

    /// Makes every write of this transaction durable.
    pub fn commit(self) -> Result<()> {
        Ok(self.tx.commit()?)
    }

    /// Keeps the result of an analysis (`kind`: "irt_fit" or "irt_improvement") of an exam
    /// version, with the settings that produced it; both are JSON.
    pub fn insert_analysis(
        &self,
        version: ExamVersionId,
        kind: &str,
        settings: &str,
        result: &str,
    ) -> Result<i64> {
        self.tx.execute(
            "INSERT INTO analyses (exam_version_id, kind, settings, result) VALUES (?1, ?2, ?3, ?4)",
            params![version.0, kind, settings, result],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// Replaces a document's chunks. Questions that pointed at an old chunk keep their source
    /// text and lose the link (the schema sets it to NULL).
    pub fn replace_chunks(&self, document: DocumentId, chunks: &[NewChunk]) -> Result<()> {
        self.tx
            .execute("DELETE FROM chunks WHERE document_id = ?1", [document.0])?;
        let mut insert = self.tx.prepare_cached(
            "INSERT INTO chunks (document_id, ordinal, text, start_char, end_char)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        for c in chunks {
            insert.execute(params![document.0, c.ordinal, c.text, c.start, c.end])?;
        }
        Ok(())
    }

    /// Caches an embedding of a text (by its SHA-256) made by `model`.
    pub fn insert_embedding(&self, model: &str, text_hash: &str, vector: &[f32]) -> Result<()> {
        let bytes: Vec<u8> = vector.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.tx.prepare_cached(
            "INSERT OR REPLACE INTO embeddings (model, text_hash, dimension, vector) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![model, text_hash, vector.len(), bytes])?;
        Ok(())
    }

    /// Sets a pipeline system's configuration (JSON).
    pub fn set_pipeline(&self, system: SystemId, config: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO pipelines (system_id, config) VALUES (?1, ?2)
             ON CONFLICT (system_id) DO UPDATE SET config = excluded.config",
            params![system.0, config],
        )?;
        Ok(())
    }

    /// Sets a project setting (JSON text).
    pub fn set_setting(&self, key: &str, value: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO settings (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }

    /// The id of the topic with this name, created if new ([`Tx::topic_named`]).
    pub fn topic_id(&self, name: &str) -> Result<TopicId> {
        Ok(self.topic_named(name)?.0)
    }

    /// The topic with this name, created if new, and the name it is kept under: a topic whose
    /// name looks alike on screen ("Billing" and "billing", "Café" typed two ways) is that
    /// topic, so two folders differing only in capitals make one topic.
    pub fn topic_named(&self, name: &str) -> Result<(TopicId, String)> {
        if let Some(found) = self.existing_topic(name)? {
            return Ok(found);
        }
        let name = composed(name.trim());
        self.tx
            .execute("INSERT INTO topics (name) VALUES (?1)", [&name])?;
        Ok((TopicId(self.tx.last_insert_rowid()), name))
    }

    /// The topic this name denotes, if there is one: the same name, else one that looks alike.
    pub fn existing_topic(&self, name: &str) -> Result<Option<(TopicId, String)>> {
        let name = composed(name.trim());
        let mut stmt = self.tx.prepare_cached("SELECT id, name FROM topics")?;
        let topics = stmt
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(topics
            .iter()
            .find(|(_, n)| *n == name)
            .or_else(|| topics.iter().find(|(_, n)| look_alike(n, &name)))
            .map(|(id, kept)| (TopicId(*id), kept.clone())))
    }

    /// A system (other than `except`) whose name looks like `name` on screen but is not it.
    fn look_alike_system(&self, name: &str, except: Option<SystemId>) -> Result<Option<String>> {
        let mut stmt = self.tx.prepare_cached("SELECT id, name FROM systems")?;
        let names = stmt
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(names
            .into_iter()
            .find(|(id, n)| Some(SystemId(*id)) != except && n != name && look_alike(n, name))
            .map(|(_, n)| n))
    }

    fn refuse_look_alike(&self, name: &str, except: Option<SystemId>) -> Result<()> {
        match self.look_alike_system(name, except)? {
            Some(other) => Err(StoreError::Conflict(format!(
                "a system called '{other}' exists already; '{name}' would look the same in \
                 every table: use '{other}' to add to it, or choose a name that differs in more \
                 than capitals or accents typed another way"
            ))),
            None => Ok(()),
        }
    }

    fn optional_topic(&self, name: Option<&str>) -> Result<Option<TopicId>> {
        name.map(|n| self.topic_id(n)).transpose()
    }

    /// Inserts a document; `None` when a document with the same text is already stored.
    pub fn insert_document(&self, doc: &NewDocument) -> Result<Option<DocumentId>> {
        let content_hash = format!("{:x}", Sha256::digest(doc.text.as_bytes()));
        // A document already here is skipped before its topic is made: a skipped import leaves
        // no empty topic behind.
        let known: bool = self.tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM documents WHERE content_hash = ?1)",
            [&content_hash],
            |r| r.get(0),
        )?;
        if known {
            return Ok(None);
        }
        let topic = self.optional_topic(doc.topic.as_deref())?;
        let inserted = self.tx.execute(
            "INSERT INTO documents (name, source_path, format, topic_id, text, content_hash, set_aside)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (content_hash) DO NOTHING",
            params![
                doc.name,
                doc.source_path,
                doc.format,
                topic.map(|t| t.0),
                doc.text,
                content_hash,
                i64::try_from(doc.set_aside).unwrap_or(i64::MAX)
            ],
        )?;
        Ok((inserted == 1).then(|| DocumentId(self.tx.last_insert_rowid())))
    }

    /// Creates an exam with an empty, unfrozen version 1.
    pub fn create_exam(&self, name: &str) -> Result<(ExamId, ExamVersionId)> {
        self.tx
            .execute("INSERT INTO exams (name) VALUES (?1)", [name.trim()])?;
        let exam = ExamId(self.tx.last_insert_rowid());
        self.tx.execute(
            "INSERT INTO exam_versions (exam_id, version) VALUES (?1, 1)",
            [exam.0],
        )?;
        Ok((exam, ExamVersionId(self.tx.last_insert_rowid())))
    }

    /// Appends questions to an unfrozen version, in order.
    pub fn insert_questions(
        &self,
        version: ExamVersionId,
        questions: &[NewQuestion],
        mut progress: impl FnMut(usize),
    ) -> Result<Vec<QuestionId>> {
        let mut stmt = self.tx.prepare(
            "INSERT INTO questions (exam_version_id, external_id, ordinal, query, stem, choices,
                 key_index, topic_id, bloom_auto, bloom_override, qtype_auto, source_text, generator)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        )?;
        let first: usize = self.tx.query_row(
            "SELECT ifnull(max(ordinal) + 1, 0) FROM questions WHERE exam_version_id = ?1",
            [version.0],
            |r| r.get(0),
        )?;
        let mut ids = Vec::with_capacity(questions.len());
        for (n, nq) in questions.iter().enumerate() {
            let ordinal = first + n;
            let q = &nq.question;
            let topic = self.optional_topic(q.topic.as_deref())?;
            let choices = serde_json::to_string(q.choices.texts()).unwrap_or_default();
            stmt.execute(params![
                version.0,
                q.external_id,
                ordinal,
                q.query,
                q.stem,
                choices,
                q.key,
                topic.map(|t| t.0),
                bloom_json(&nq.bloom_auto),
                q.bloom_override.as_deref().map(bloom_json),
                nq.question_type_auto.as_str(),
                q.source_text,
                q.generator,
            ])?;
            ids.push(QuestionId(self.tx.last_insert_rowid()));
            progress(n + 1);
        }
        Ok(ids)
    }

    /// Freezes a version: from now on its questions never change. Freezing twice is a no-op.
    pub fn freeze(&self, version: ExamVersionId) -> Result<()> {
        self.tx.execute(
            "UPDATE exam_versions SET frozen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE id = ?1 AND frozen_at IS NULL",
            [version.0],
        )?;
        Ok(())
    }

    /// The id of the system with this name, created with `kind` if new.
    ///
    /// An existing system keeps its kind; asking for another kind is refused, since one name
    /// must mean one system.
    pub fn system_id(&self, name: &str, kind: SystemKind) -> Result<SystemId> {
        let name = &composed(name.trim());
        let existing: Option<(i64, String)> = self
            .tx
            .query_row(
                "SELECT id, kind FROM systems WHERE name = ?1",
                [name.trim()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        match existing {
            Some((id, stored)) if stored == kind.as_str() => Ok(SystemId(id)),
            Some((_, stored)) => Err(StoreError::Conflict(format!(
                "system '{}' holds {stored} and cannot also hold {}",
                name.trim(),
                kind.as_str()
            ))),
            None => {
                self.refuse_look_alike(name, None)?;
                self.tx.execute(
                    "INSERT INTO systems (name, kind) VALUES (?1, ?2)",
                    params![name.trim(), kind.as_str()],
                )?;
                Ok(SystemId(self.tx.last_insert_rowid()))
            }
        }
    }

    /// Sets (or replaces) a system's factor tag, e.g. `retriever = bm25`.
    pub fn set_factor(&self, system: SystemId, factor: &str, level: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO system_factors (system_id, factor, level) VALUES (?1, ?2, ?3)
             ON CONFLICT (system_id, factor) DO UPDATE SET level = excluded.level",
            params![system.0, factor.trim(), level.trim()],
        )?;
        Ok(())
    }

    /// Renames a system; false when it does not exist. A taken name is refused by the schema.
    /// A name that would look like another system's on screen is refused.
    pub fn rename_system(&self, system: SystemId, name: &str) -> Result<bool> {
        let name = composed(name.trim());
        self.refuse_look_alike(&name, Some(system))?;
        Ok(self.tx.execute(
            "UPDATE systems SET name = ?2 WHERE id = ?1",
            params![system.0, name],
        )? == 1)
    }

    /// Removes every factor tag of a system.
    pub fn clear_factors(&self, system: SystemId) -> Result<()> {
        self.tx.execute(
            "DELETE FROM system_factors WHERE system_id = ?1",
            [system.0],
        )?;
        Ok(())
    }

    /// The run of `system` (None: the gold articles) in `mode` on `version`, if it has one.
    pub(crate) fn run_id(
        &self,
        system: Option<SystemId>,
        mode: RunMode,
        version: ExamVersionId,
    ) -> Result<Option<RunId>> {
        Ok(self
            .tx
            .query_row(
                "SELECT id FROM runs WHERE exam_version_id = ?1 AND mode = ?2
                 AND ifnull(system_id, 0) = ifnull(?3, 0)",
                params![version.0, mode.as_str(), system.map(|s| s.0)],
                |r| r.get(0).map(RunId),
            )
            .optional()?)
    }

    /// Deletes the run of `system` (or the gold run) in `mode` on `version`, with its responses.
    /// Returns how many responses went with it.
    pub fn delete_run(
        &self,
        system: Option<SystemId>,
        mode: RunMode,
        version: ExamVersionId,
    ) -> Result<usize> {
        let Some(run) = self.run_id(system, mode, version)? else {
            return Ok(0);
        };
        let run = run.0;
        let responses = self
            .tx
            .execute("DELETE FROM responses WHERE run_id = ?1", [run])?;
        self.tx.execute("DELETE FROM runs WHERE id = ?1", [run])?;
        Ok(responses)
    }

    /// Starts a run. A system sits a version once per mode: a second run is refused by the
    /// schema (delete the old one first to replace it).
    pub fn create_run(
        &self,
        system: Option<SystemId>,
        mode: RunMode,
        version: ExamVersionId,
        source: &str,
    ) -> Result<RunId> {
        self.tx.execute(
            "INSERT INTO runs (system_id, exam_version_id, mode, source) VALUES (?1, ?2, ?3, ?4)",
            params![system.map(|s| s.0), version.0, mode.as_str(), source],
        )?;
        Ok(RunId(self.tx.last_insert_rowid()))
    }

    /// Marks a run finished.
    pub fn finish_run(&self, run: RunId) -> Result<()> {
        self.tx.execute(
            "UPDATE runs SET finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1",
            [run.0],
        )?;
        Ok(())
    }

    /// Stores (or replaces) a system's article for a query.
    pub fn upsert_article(&self, system: SystemId, query: &str, text: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO articles (system_id, query, text) VALUES (?1, ?2, ?3)
             ON CONFLICT (system_id, query) DO UPDATE SET text = excluded.text",
            params![system.0, query, text],
        )?;
        Ok(())
    }

    /// Stores (or replaces) the gold article of a query.
    pub fn upsert_gold_article(&self, query: &str, text: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO gold_articles (query, text) VALUES (?1, ?2)
             ON CONFLICT (query) DO UPDATE SET text = excluded.text",
            params![query, text],
        )?;
        Ok(())
    }

    /// Overrides (or, with `None`, clears the override of) a question's Bloom levels.
    pub fn set_bloom_override(
        &self,
        question: QuestionId,
        levels: Option<&[BloomLevel]>,
    ) -> Result<()> {
        self.tx.execute(
            "UPDATE questions SET bloom_override = ?2 WHERE id = ?1",
            params![question.0, levels.map(bloom_json)],
        )?;
        Ok(())
    }

    /// Overrides (or, with `None`, clears the override of) a question's type.
    pub fn set_question_type_override(
        &self,
        question: QuestionId,
        question_type: Option<QuestionType>,
    ) -> Result<()> {
        self.tx.execute(
            "UPDATE questions SET qtype_override = ?2 WHERE id = ?1",
            params![question.0, question_type.map(QuestionType::as_str)],
        )?;
        Ok(())
    }

    /// Records what an import brought in.
    pub fn log_import(
        &self,
        kind: &str,
        source_path: &str,
        rows: usize,
        report: &serde_json::Value,
    ) -> Result<()> {
        self.tx.execute(
            "INSERT INTO imports (kind, source_path, rows, report) VALUES (?1, ?2, ?3, ?4)",
            params![kind, source_path, rows, report.to_string()],
        )?;
        Ok(())
    }
}
