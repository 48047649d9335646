//! Reads: plain queries on the open connection.

use crate::rows::{
    AnswerRow, ChunkRow, Counts, DocumentRow, DocumentText, ExamVersionRow, QuestionRow,
    ResponseRow, RunRow, SystemRow,
};
use crate::{Result, Store, StoreError};
use proctor_core::{
    AnswerReading, BloomLevel, ChunkId, DocumentId, ExamId, ExamVersionId, QuestionId,
    QuestionType, RunId, RunMode, SystemId, SystemKind,
};
use rusqlite::{OptionalExtension, Row, params};
use std::collections::BTreeMap;

fn damaged(table: &'static str, row: i64, message: impl Into<String>) -> StoreError {
    StoreError::Damaged {
        table,
        row,
        message: message.into(),
    }
}

fn parse_bloom(row: i64, json: &str) -> Result<Vec<BloomLevel>> {
    let names: Vec<String> =
        serde_json::from_str(json).map_err(|e| damaged("questions", row, e.to_string()))?;
    names
        .iter()
        .map(|n| n.parse().map_err(|e: String| damaged("questions", row, e)))
        .collect()
}

impl Store {
    /// The newest stored analysis of this kind on an exam version: (settings, result) JSON.
    pub fn latest_analysis(
        &self,
        version: ExamVersionId,
        kind: &str,
    ) -> Result<Option<(String, String)>> {
        Ok(self
            .conn
            .query_row(
                "SELECT settings, result FROM analyses WHERE exam_version_id = ?1 AND kind = ?2
                 ORDER BY id DESC LIMIT 1",
                params![version.0, kind],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// Every document's text, in id order.
    pub fn document_texts(&self) -> Result<Vec<DocumentText>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, text FROM documents ORDER BY id")?;
        let rows = stmt.query_map([], |r| {
            Ok(DocumentText {
                id: DocumentId(r.get(0)?),
                text: r.get(1)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every chunk with its document's topic, in document and position order.
    pub fn chunks(&self) -> Result<Vec<ChunkRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT c.id, c.document_id, c.ordinal, c.text, t.name
             FROM chunks c JOIN documents d ON d.id = c.document_id
             LEFT JOIN topics t ON t.id = d.topic_id
             ORDER BY c.document_id, c.ordinal",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(ChunkRow {
                id: ChunkId(r.get(0)?),
                document: DocumentId(r.get(1)?),
                ordinal: r.get(2)?,
                text: r.get(3)?,
                topic: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The cached embeddings by `model` of the texts with these hashes (those it has).
    pub fn embeddings(&self, model: &str, hashes: &[&str]) -> Result<BTreeMap<String, Vec<f32>>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT vector FROM embeddings WHERE model = ?1 AND text_hash = ?2")?;
        let mut out = BTreeMap::new();
        for hash in hashes {
            let found: Option<Vec<u8>> = stmt
                .query_row(params![model, hash], |r| r.get(0))
                .optional()?;
            if let Some(bytes) = found {
                let vector = bytes
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                out.insert((*hash).to_owned(), vector);
            }
        }
        Ok(out)
    }

    /// A project setting (JSON text), if set.
    pub fn setting(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// Every built-in pipeline: its system, name and configuration (JSON), by name.
    pub fn pipelines(&self) -> Result<Vec<(SystemId, String, String)>> {
        let mut stmt = self.conn.prepare(
            "SELECT s.id, s.name, p.config FROM pipelines p JOIN systems s ON s.id = p.system_id
             ORDER BY s.name",
        )?;
        let rows = stmt.query_map([], |r| Ok((SystemId(r.get(0)?), r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The run of `system` in `mode` on `version`, if it has one.
    pub fn run_of(
        &self,
        system: SystemId,
        mode: RunMode,
        version: ExamVersionId,
    ) -> Result<Option<RunId>> {
        Ok(self
            .conn
            .query_row(
                "SELECT id FROM runs WHERE system_id = ?1 AND mode = ?2 AND exam_version_id = ?3",
                params![system.0, mode.as_str(), version.0],
                |r| r.get(0),
            )
            .optional()?
            .map(RunId))
    }

    fn count(&self, table: &str) -> Result<usize> {
        let n: i64 = self
            .conn
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// How many chunks the corpus is cut into.
    pub fn chunk_count(&self) -> Result<usize> {
        self.count("chunks")
    }

    /// How many responses a run holds.
    pub fn response_count(&self, run: RunId) -> Result<usize> {
        let n: i64 = self.conn.query_row(
            "SELECT count(*) FROM responses WHERE run_id = ?1",
            [run.0],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// How many rows each table holds.
    pub fn counts(&self) -> Result<Counts> {
        Ok(Counts {
            documents: self.count("documents")?,
            topics: self.count("topics")?,
            exams: self.count("exams")?,
            questions: self.count("questions")?,
            systems: self.count("systems")?,
            runs: self.count("runs")?,
            responses: self.count("responses")?,
            articles: self.count("articles")?,
            gold_articles: self.count("gold_articles")?,
            nuggets: self.count("nuggets")?,
            formulation_samples: usize::try_from(self.conn.query_row(
                "SELECT count(DISTINCT sample) FROM formulations",
                [],
                |r| r.get::<_, i64>(0),
            )?)
            .unwrap_or(0),
        })
    }

    /// Every document, in import order.
    pub fn documents(&self) -> Result<Vec<DocumentRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT d.id, d.name, d.format, t.name, length(d.text), d.set_aside
             FROM documents d LEFT JOIN topics t ON t.id = d.topic_id ORDER BY d.id",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(DocumentRow {
                id: DocumentId(r.get(0)?),
                name: r.get(1)?,
                format: r.get(2)?,
                topic: r.get(3)?,
                chars: r.get(4)?,
                set_aside: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every topic name, sorted.
    pub fn topics(&self) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare("SELECT name FROM topics ORDER BY name")?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    pub(crate) fn version_row(r: &Row<'_>) -> rusqlite::Result<ExamVersionRow> {
        Ok(ExamVersionRow {
            exam: ExamId(r.get(0)?),
            exam_name: r.get(1)?,
            id: ExamVersionId(r.get(2)?),
            version: r.get(3)?,
            frozen: r.get::<_, Option<String>>(4)?.is_some(),
            questions: r.get(5)?,
        })
    }

    /// Every exam version, newest exam first, then newest version first.
    pub fn exam_versions(&self) -> Result<Vec<ExamVersionRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT e.id, e.name, v.id, v.version, v.frozen_at,
                    (SELECT count(*) FROM questions q WHERE q.exam_version_id = v.id)
             FROM exam_versions v JOIN exams e ON e.id = v.exam_id
             ORDER BY e.id DESC, v.version DESC",
        )?;
        let rows = stmt.query_map([], Self::version_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The latest version of the exam with this name.
    pub fn latest_version_of(&self, exam_name: &str) -> Result<Option<ExamVersionRow>> {
        Ok(self
            .conn
            .query_row(
                "SELECT e.id, e.name, v.id, v.version, v.frozen_at,
                        (SELECT count(*) FROM questions q WHERE q.exam_version_id = v.id)
                 FROM exam_versions v JOIN exams e ON e.id = v.exam_id
                 WHERE e.name = ?1 ORDER BY v.version DESC LIMIT 1",
                [exam_name.trim()],
                Self::version_row,
            )
            .optional()?)
    }

    /// The questions of a version, in exam order.
    pub fn questions(&self, version: ExamVersionId) -> Result<Vec<QuestionRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT q.id, q.external_id, q.ordinal, q.query, q.stem, q.choices, q.key_index,
                    t.name, q.bloom_auto, q.bloom_override, q.qtype_auto, q.qtype_override, q.active,
                    q.source_text
             FROM questions q LEFT JOIN topics t ON t.id = q.topic_id
             WHERE q.exam_version_id = ?1 ORDER BY q.ordinal",
        )?;
        let raw = stmt.query_map([version.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, usize>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, usize>(6)?,
                r.get::<_, Option<String>>(7)?,
                r.get::<_, String>(8)?,
                r.get::<_, Option<String>>(9)?,
                r.get::<_, String>(10)?,
                r.get::<_, Option<String>>(11)?,
                r.get::<_, bool>(12)?,
                r.get::<_, Option<String>>(13)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in raw {
            let (
                id,
                external_id,
                ordinal,
                query,
                stem,
                choices,
                key,
                topic,
                auto,
                over,
                qauto,
                qover,
                active,
                source_text,
            ) = row?;
            let choices: Vec<String> = serde_json::from_str(&choices)
                .map_err(|e| damaged("questions", id, e.to_string()))?;
            if choices.len() < 2 || key >= choices.len() {
                return Err(damaged(
                    "questions",
                    id,
                    format!(
                        "question {external_id} has {} choices and its key is choice number {}",
                        choices.len(),
                        key + 1
                    ),
                ));
            }
            let bloom = parse_bloom(id, over.as_deref().unwrap_or(&auto))?;
            let qtype: QuestionType = qover
                .as_deref()
                .unwrap_or(&qauto)
                .parse()
                .map_err(|e: String| damaged("questions", id, e))?;
            out.push(QuestionRow {
                id: QuestionId(id),
                external_id,
                ordinal,
                query,
                stem,
                choices,
                key,
                topic,
                bloom,
                bloom_overridden: over.is_some(),
                question_type: qtype,
                question_type_overridden: qover.is_some(),
                source_text,
                active,
            });
        }
        Ok(out)
    }

    /// Every system with its factor tags, by name.
    pub fn systems(&self) -> Result<Vec<SystemRow>> {
        let mut factors: BTreeMap<i64, Vec<(String, String)>> = BTreeMap::new();
        let mut stmt = self
            .conn
            .prepare("SELECT system_id, factor, level FROM system_factors ORDER BY factor")?;
        for row in stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?)))? {
            let (id, factor, level) = row?;
            factors.entry(id).or_default().push((factor, level));
        }
        let mut stmt = self
            .conn
            .prepare("SELECT id, name, kind, description FROM systems ORDER BY name")?;
        let raw = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in raw {
            let (id, name, kind, description) = row?;
            out.push(SystemRow {
                id: SystemId(id),
                name,
                kind: kind
                    .parse()
                    .map_err(|e: String| damaged("systems", id, e))?,
                description,
                factors: factors.remove(&id).unwrap_or_default(),
            });
        }
        Ok(out)
    }

    /// The runs on a version.
    pub fn runs(&self, version: ExamVersionId) -> Result<Vec<RunRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, system_id, mode, source, started_at, finished_at, open_reader, open_ceiling
             FROM runs WHERE exam_version_id = ?1 ORDER BY id",
        )?;
        let raw = stmt.query_map([version.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<i64>>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, Option<String>>(6)?,
                r.get::<_, Option<f64>>(7)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in raw {
            let (id, system, mode, source, started_at, finished_at, open_reader, open_ceiling) =
                row?;
            out.push(RunRow {
                id: RunId(id),
                system: system.map(SystemId),
                mode: mode.parse().map_err(|e: String| damaged("runs", id, e))?,
                exam_version: version,
                source,
                started_at,
                finished_at,
                open: open_reader.map(|reader| crate::rows::OpenGrading {
                    reader,
                    ceiling: open_ceiling,
                }),
            });
        }
        Ok(out)
    }

    /// The responses of a run.
    pub fn responses(&self, run: RunId) -> Result<Vec<ResponseRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT question_id, outcome, choice_index,
                    ifnull(json_extract(reading, '$.read') = 'unsure', 0)
             FROM responses WHERE run_id = ?1
             ORDER BY question_id",
        )?;
        let raw = stmt.query_map([run.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<usize>>(2)?,
                r.get::<_, bool>(3)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in raw {
            let (question, outcome, choice, unsure) = row?;
            let outcome = crate::readings::outcome_of(run.0, &outcome, choice, unsure)?;
            out.push(ResponseRow {
                question: QuestionId(question),
                outcome,
            });
        }
        Ok(out)
    }

    /// Every sitting's answer to one question (of the question's version), by system name.
    pub fn answers_to(&self, question: QuestionId) -> Result<Vec<AnswerRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT s.name, s.kind, r.mode, p.outcome, p.choice_index, p.raw_text, p.latency_ms,
                    p.error, p.reading
             FROM runs r
             LEFT JOIN systems s ON s.id = r.system_id
             LEFT JOIN responses p ON p.run_id = r.id AND p.question_id = ?1
             WHERE r.exam_version_id = (SELECT exam_version_id FROM questions WHERE id = ?1)
             ORDER BY s.name IS NULL, s.name, r.mode",
        )?;
        let raw = stmt.query_map([question.0], |r| {
            Ok((
                r.get::<_, Option<String>>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<usize>>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, Option<f64>>(6)?,
                r.get::<_, Option<String>>(7)?,
                r.get::<_, Option<String>>(8)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in raw {
            let (system, kind, mode, outcome, choice, raw_text, latency_ms, error, reading) = row?;
            let reading = crate::readings::reading_of(question.0, reading.as_deref())?;
            let unsure = reading.as_ref().is_some_and(AnswerReading::needs_a_look);
            let outcome = outcome
                .map(|o| crate::readings::outcome_of(question.0, &o, choice, unsure))
                .transpose()?;
            out.push(AnswerRow {
                system,
                kind: kind
                    .map(|k| k.parse::<SystemKind>())
                    .transpose()
                    .map_err(|e| damaged("systems", question.0, e))?,
                mode: mode
                    .parse::<RunMode>()
                    .map_err(|e| damaged("runs", question.0, e))?,
                outcome,
                raw_text,
                latency_ms,
                error,
                reading,
            });
        }
        Ok(out)
    }

    /// A system's mean time per answer over every sitting, where any was timed.
    pub fn mean_latency(&self, system: SystemId) -> Result<Option<f64>> {
        Ok(self.conn.query_row(
            "SELECT avg(p.latency_ms) FROM responses p JOIN runs r ON r.id = p.run_id
             WHERE r.system_id = ?1 AND p.latency_ms IS NOT NULL",
            [system.0],
            |r| r.get(0),
        )?)
    }

    /// One document's extracted text.
    pub fn document_text(&self, document: DocumentId) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row(
                "SELECT text FROM documents WHERE id = ?1",
                [document.0],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Number of chunks of each document.
    pub fn chunk_counts(&self) -> Result<BTreeMap<DocumentId, usize>> {
        let mut stmt = self
            .conn
            .prepare("SELECT document_id, count(*) FROM chunks GROUP BY document_id")?;
        let rows = stmt.query_map([], |r| Ok((DocumentId(r.get(0)?), r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The queries a system wrote articles for.
    pub fn article_queries(&self, system: SystemId) -> Result<Vec<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT query FROM articles WHERE system_id = ?1 ORDER BY query")?;
        let rows = stmt.query_map(params![system.0], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The articles of a system (EXAM mode), by query; `None` gives the gold articles.
    pub fn articles(&self, system: Option<SystemId>) -> Result<BTreeMap<String, String>> {
        let mut stmt = match system {
            Some(_) => self
                .conn
                .prepare("SELECT query, text FROM articles WHERE system_id = ?1")?,
            None => self
                .conn
                .prepare("SELECT query, text FROM gold_articles WHERE ?1 IS NULL")?,
        };
        let rows = stmt.query_map(params![system.map(|s| s.0)], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The systems that wrote articles (EXAM mode), by name.
    pub fn article_systems(&self) -> Result<Vec<(SystemId, String)>> {
        let mut stmt = self.conn.prepare(
            "SELECT DISTINCT s.id, s.name FROM systems s JOIN articles a ON a.system_id = s.id ORDER BY s.name",
        )?;
        let rows = stmt.query_map([], |r| Ok((SystemId(r.get(0)?), r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The Bloom keyword lists of this project, by level.
    pub fn bloom_keywords(&self) -> Result<Vec<(BloomLevel, String)>> {
        let mut stmt = self
            .conn
            .prepare("SELECT level, keyword FROM bloom_keywords ORDER BY level, keyword")?;
        let raw = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        let mut out = Vec::new();
        for row in raw {
            let (level, keyword) = row?;
            let level = level
                .parse()
                .map_err(|e: String| damaged("bloom_keywords", 0, e))?;
            out.push((level, keyword));
        }
        Ok(out)
    }
}
