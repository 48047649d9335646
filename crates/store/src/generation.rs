//! Generated questions awaiting review (migration 6): generations and their candidates.
//! JSON fields (settings, highlight, parse error, measures, flags, edits) are stored as the
//! caller wrote them; the schema checks they are JSON.

use crate::write::Tx;
use crate::{Result, Store};
use proctor_core::ExamId;
use rusqlite::{OptionalExtension, params};
use std::collections::HashSet;

/// A generation to record.
#[derive(Debug, Clone)]
pub struct NewGeneration<'a> {
    /// The exam it writes for.
    pub exam: ExamId,
    /// "offline", "llm" or "endpoint".
    pub generator: &'a str,
    /// The model file or endpoint, if any.
    pub model: Option<&'a str>,
    /// The model file's hash, or the endpoint's address and model.
    pub model_hash: Option<&'a str>,
    /// The prompt, if any.
    pub prompt: Option<&'a str>,
    /// The seed.
    pub seed: i64,
    /// Settings as JSON.
    pub settings: &'a str,
}

/// A stored generation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerationRow {
    /// Row id.
    pub id: i64,
    /// The exam's row id.
    pub exam: ExamId,
    /// "offline", "llm" or "endpoint".
    pub generator: String,
    /// The model file or endpoint.
    pub model: Option<String>,
    /// The model's hash or the endpoint's address.
    pub model_hash: Option<String>,
    /// The prompt.
    pub prompt: Option<String>,
    /// The seed.
    pub seed: i64,
    /// Settings as JSON.
    pub settings: String,
    /// When it started (UTC, ISO 8601).
    pub started_at: String,
    /// When it finished, if it did.
    pub finished_at: Option<String>,
}

/// A candidate to record.
#[derive(Debug, Clone, Default)]
pub struct NewCandidate {
    /// What the generator was asked for; unique within the generation.
    pub target: String,
    /// The source chunk's row id.
    pub chunk: Option<i64>,
    /// The source passage.
    pub source_text: String,
    /// Byte range of the passage to highlight, as JSON `[start, end]`.
    pub highlight: Option<String>,
    /// The generator's output as received.
    pub raw: Option<String>,
    /// The parsed question: stem, four choices, key (all or none).
    pub question: Option<(String, Vec<String>, usize)>,
    /// The kind of its answer (offline generator).
    pub kind: Option<String>,
    /// Why it did not parse, as JSON (then `question` is None).
    pub parse_error: Option<String>,
}

/// A stored candidate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateRow {
    /// Row id.
    pub id: i64,
    /// Its generation.
    pub generation: i64,
    /// What the generator was asked for.
    pub target: String,
    /// The source chunk's row id.
    pub chunk: Option<i64>,
    /// The topic of the source chunk's document.
    pub topic: Option<String>,
    /// The source chunk's document's name.
    pub document: Option<String>,
    /// The source passage.
    pub source_text: String,
    /// JSON `[start, end]` to highlight.
    pub highlight: Option<String>,
    /// The generator's output.
    pub raw: Option<String>,
    /// The stem (None when unparsed).
    pub stem: Option<String>,
    /// The choices.
    pub choices: Option<Vec<String>>,
    /// The key.
    pub key: Option<usize>,
    /// The kind of its answer.
    pub kind: Option<String>,
    /// Why it did not parse (JSON).
    pub parse_error: Option<String>,
    /// What the filters measured (JSON).
    pub measures: Option<String>,
    /// The filters' flags (JSON array).
    pub flags: String,
    /// "unparsed", "pending", "accepted" or "rejected".
    pub status: String,
    /// The reviewer's reason for a rejection.
    pub reason: Option<String>,
    /// The edits (JSON array of before/after).
    pub edits: String,
    /// The id it has in the exam, once accepted.
    pub question_id: Option<String>,
    /// When it was written.
    pub created_at: String,
    /// When it was last reviewed.
    pub reviewed_at: Option<String>,
}

const CANDIDATE_COLUMNS: &str = "c.id, c.generation_id, c.target, c.chunk_id, t.name, d.name,
    c.source_text, c.highlight, c.raw, c.stem, c.choices, c.key_index, c.kind, c.parse_error,
    c.measures, c.flags, c.status, c.reason, c.edits, c.question_id, c.created_at, c.reviewed_at
    FROM candidates c
    JOIN generations g ON g.id = c.generation_id
    LEFT JOIN chunks k ON k.id = c.chunk_id
    LEFT JOIN documents d ON d.id = k.document_id
    LEFT JOIN topics t ON t.id = d.topic_id";

fn candidate(r: &rusqlite::Row<'_>) -> rusqlite::Result<CandidateRow> {
    let choices: Option<String> = r.get(10)?;
    let key: Option<i64> = r.get(11)?;
    Ok(CandidateRow {
        id: r.get(0)?,
        generation: r.get(1)?,
        target: r.get(2)?,
        chunk: r.get(3)?,
        topic: r.get(4)?,
        document: r.get(5)?,
        source_text: r.get(6)?,
        highlight: r.get(7)?,
        raw: r.get(8)?,
        stem: r.get(9)?,
        choices: choices.and_then(|c| serde_json::from_str(&c).ok()),
        key: key.and_then(|k| usize::try_from(k).ok()),
        kind: r.get(12)?,
        parse_error: r.get(13)?,
        measures: r.get(14)?,
        flags: r.get(15)?,
        status: r.get(16)?,
        reason: r.get(17)?,
        edits: r.get(18)?,
        question_id: r.get(19)?,
        created_at: r.get(20)?,
        reviewed_at: r.get(21)?,
    })
}

fn json_list(items: &[String]) -> String {
    serde_json::to_string(items).unwrap_or_else(|_| "[]".to_owned())
}

fn generation(r: &rusqlite::Row<'_>) -> rusqlite::Result<GenerationRow> {
    Ok(GenerationRow {
        id: r.get(0)?,
        exam: ExamId(r.get(1)?),
        generator: r.get(2)?,
        model: r.get(3)?,
        model_hash: r.get(4)?,
        prompt: r.get(5)?,
        seed: r.get(6)?,
        settings: r.get(7)?,
        started_at: r.get(8)?,
        finished_at: r.get(9)?,
    })
}

const GENERATION_COLUMNS: &str =
    "id, exam_id, generator, model, model_hash, prompt, seed, settings,
    started_at, finished_at FROM generations";

impl Store {
    /// The generations for an exam, oldest first.
    pub fn generations(&self, exam: ExamId) -> Result<Vec<GenerationRow>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {GENERATION_COLUMNS} WHERE exam_id = ?1 ORDER BY id"
        ))?;
        let rows = stmt.query_map([exam.0], generation)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// One generation.
    pub fn generation(&self, id: i64) -> Result<Option<GenerationRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {GENERATION_COLUMNS} WHERE id = ?1"),
                [id],
                generation,
            )
            .optional()?)
    }

    /// Every candidate written for an exam, in the order they were written.
    pub fn candidates(&self, exam: ExamId) -> Result<Vec<CandidateRow>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {CANDIDATE_COLUMNS} WHERE g.exam_id = ?1 ORDER BY c.id"
        ))?;
        let rows = stmt.query_map([exam.0], candidate)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// One candidate.
    pub fn candidate(&self, id: i64) -> Result<Option<CandidateRow>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {CANDIDATE_COLUMNS} WHERE c.id = ?1"),
                [id],
                candidate,
            )
            .optional()?)
    }

    /// The provenance (JSON) of the questions of a version that have one, by question.
    pub fn provenances(
        &self,
        version: proctor_core::ExamVersionId,
    ) -> Result<std::collections::HashMap<proctor_core::QuestionId, String>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, provenance FROM questions
             WHERE exam_version_id = ?1 AND provenance IS NOT NULL",
        )?;
        let rows = stmt.query_map([version.0], |r| {
            Ok((proctor_core::QuestionId(r.get(0)?), r.get(1)?))
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The time now as the project's tables record it (UTC, ISO 8601).
    pub fn now(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')", [], |r| {
                r.get(0)
            })?)
    }

    /// The targets every generation of an exam by `generator` already wrote.
    pub fn targets_written_for(&self, exam: ExamId, generator: &str) -> Result<HashSet<String>> {
        let mut stmt = self.conn.prepare(
            "SELECT c.target FROM candidates c JOIN generations g ON g.id = c.generation_id
             WHERE g.exam_id = ?1 AND g.generator = ?2",
        )?;
        let rows = stmt.query_map(params![exam.0, generator], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The targets a generation already wrote.
    pub fn targets_written(&self, generation: i64) -> Result<HashSet<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT target FROM candidates WHERE generation_id = ?1")?;
        let rows = stmt.query_map([generation], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

impl Tx<'_> {
    /// Records a generation as started.
    pub fn create_generation(&self, new: &NewGeneration<'_>) -> Result<i64> {
        self.tx.execute(
            "INSERT INTO generations (exam_id, generator, model, model_hash, prompt, seed, settings)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                new.exam.0,
                new.generator,
                new.model,
                new.model_hash,
                new.prompt,
                new.seed,
                new.settings
            ],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// Marks a generation as finished.
    pub fn finish_generation(&self, id: i64) -> Result<()> {
        self.tx.execute(
            "UPDATE generations SET finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE id = ?1",
            [id],
        )?;
        Ok(())
    }

    /// Adds candidates; a target the generation already wrote is skipped. Returns how many were
    /// added.
    pub fn insert_candidates(&self, generation: i64, new: &[NewCandidate]) -> Result<usize> {
        let mut stmt = self.tx.prepare_cached(
            "INSERT OR IGNORE INTO candidates (generation_id, target, chunk_id, source_text,
                highlight, raw, stem, choices, key_index, kind, parse_error, status)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )?;
        let mut added = 0;
        for c in new {
            let (stem, choices, key) = match &c.question {
                Some((stem, choices, key)) => (
                    Some(stem.as_str()),
                    Some(json_list(choices)),
                    Some(i64::try_from(*key).unwrap_or(i64::MAX)),
                ),
                None => (None, None, None),
            };
            let status = if c.question.is_some() {
                "pending"
            } else {
                "unparsed"
            };
            added += stmt.execute(params![
                generation,
                c.target,
                c.chunk,
                c.source_text,
                c.highlight,
                c.raw,
                stem,
                choices,
                key,
                c.kind,
                c.parse_error,
                status
            ])?;
        }
        Ok(added)
    }

    /// Stores what the filters measured and flagged on a candidate.
    pub fn set_checks(&self, candidate: i64, measures: &str, flags: &str) -> Result<()> {
        self.tx
            .prepare_cached("UPDATE candidates SET measures = ?2, flags = ?3 WHERE id = ?1")?
            .execute(params![candidate, measures, flags])?;
        Ok(())
    }

    /// Records a review: the new status, the reviewer's reason and the question id it got.
    pub fn review_candidate(
        &self,
        candidate: i64,
        status: &str,
        reason: Option<&str>,
        question_id: Option<&str>,
    ) -> Result<()> {
        self.tx.execute(
            "UPDATE candidates SET status = ?2, reason = ?3, question_id = ?4,
                reviewed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE id = ?1",
            params![candidate, status, reason, question_id],
        )?;
        Ok(())
    }

    /// Records where a question of a draft came from: its source chunk and its provenance (JSON).
    pub fn set_provenance(
        &self,
        question: proctor_core::QuestionId,
        chunk: Option<i64>,
        provenance: &str,
    ) -> Result<()> {
        self.tx.execute(
            "UPDATE questions SET source_chunk_id = ?2, provenance = ?3 WHERE id = ?1",
            params![question.0, chunk, provenance],
        )?;
        Ok(())
    }

    /// Replaces a candidate's question, with the edit log that records the change.
    pub fn edit_candidate(
        &self,
        candidate: i64,
        question: (&str, &[String], usize),
        edits: &str,
    ) -> Result<()> {
        self.tx.execute(
            "UPDATE candidates SET stem = ?2, choices = ?3, key_index = ?4, edits = ?5,
                reviewed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE id = ?1",
            params![
                candidate,
                question.0,
                json_list(question.1),
                i64::try_from(question.2).unwrap_or(i64::MAX),
                edits
            ],
        )?;
        Ok(())
    }
}
