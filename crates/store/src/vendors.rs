//! Vendor systems: their configuration, and the exchange (request copy, raw reply, status,
//! attempts, tokens, evidence) behind each of their responses and articles.

use crate::{Result, Store, Tx};
use proctor_core::{QuestionId, RunId, SystemId};
use rusqlite::{OptionalExtension, params};

/// One request's record, as stored beside its response (or article).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NewExchange {
    /// The request as sent, secrets masked.
    pub request: String,
    /// The last attempt's HTTP status, if it got one.
    pub status: Option<u16>,
    /// The raw reply, capped.
    pub reply: Option<String>,
    /// The reply's full size in bytes.
    pub reply_bytes: usize,
    /// The last attempt's time.
    pub latency_ms: f64,
    /// All attempts and waits.
    pub total_ms: f64,
    /// Attempts made.
    pub attempts: u32,
    /// Prompt tokens reported.
    pub prompt_tokens: Option<u64>,
    /// Completion tokens reported.
    pub completion_tokens: Option<u64>,
    /// The evidence returned (a JSON list of {id, text}).
    pub evidence: Option<String>,
    /// Why it failed (article exchanges; a response carries its own).
    pub error: Option<String>,
}

/// A stored exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeRow {
    /// The question (answers) — `None` for an article's.
    pub question: Option<QuestionId>,
    /// The query (articles) — `None` for a response's.
    pub query: Option<String>,
    /// The record.
    pub exchange: NewExchange,
}

fn u64_of(v: Option<i64>) -> Option<u64> {
    v.and_then(|v| u64::try_from(v).ok())
}

fn i64_of(v: Option<u64>) -> Option<i64> {
    v.and_then(|v| i64::try_from(v).ok())
}

impl Tx<'_> {
    /// Sets an endpoint system's configuration (JSON).
    pub fn set_endpoint(&self, system: SystemId, config: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO endpoints (system_id, config) VALUES (?1, ?2)
             ON CONFLICT (system_id) DO UPDATE SET config = excluded.config",
            params![system.0, config],
        )?;
        Ok(())
    }

    /// Stores the exchanges behind responses of `run` (each response must be there).
    pub fn insert_exchanges(&self, run: RunId, rows: &[(QuestionId, NewExchange)]) -> Result<()> {
        let mut stmt = self.tx.prepare(
            "INSERT INTO exchanges (run_id, question_id, request, status, reply, reply_bytes,
                 total_ms, attempts, prompt_tokens, completion_tokens, evidence)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
             ON CONFLICT (run_id, question_id) DO NOTHING",
        )?;
        for (question, e) in rows {
            stmt.execute(params![
                run.0,
                question.0,
                e.request,
                e.status,
                e.reply,
                i64::try_from(e.reply_bytes).unwrap_or(i64::MAX),
                e.total_ms,
                e.attempts,
                i64_of(e.prompt_tokens),
                i64_of(e.completion_tokens),
                e.evidence,
            ])?;
        }
        Ok(())
    }

    /// Stores (or replaces) the exchange behind a query's article.
    pub fn upsert_article_exchange(
        &self,
        system: SystemId,
        query: &str,
        e: &NewExchange,
    ) -> Result<()> {
        self.tx.execute(
            "INSERT INTO article_exchanges (system_id, query, request, status, reply, reply_bytes,
                 latency_ms, total_ms, attempts, prompt_tokens, completion_tokens, evidence, error)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
             ON CONFLICT (system_id, query) DO UPDATE SET request = excluded.request,
                 status = excluded.status, reply = excluded.reply,
                 reply_bytes = excluded.reply_bytes, latency_ms = excluded.latency_ms,
                 total_ms = excluded.total_ms, attempts = excluded.attempts,
                 prompt_tokens = excluded.prompt_tokens,
                 completion_tokens = excluded.completion_tokens, evidence = excluded.evidence,
                 error = excluded.error, at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            params![
                system.0,
                query,
                e.request,
                e.status,
                e.reply,
                i64::try_from(e.reply_bytes).unwrap_or(i64::MAX),
                e.latency_ms,
                e.total_ms,
                e.attempts,
                i64_of(e.prompt_tokens),
                i64_of(e.completion_tokens),
                e.evidence,
                e.error,
            ],
        )?;
        Ok(())
    }

    /// Makes these responses of `run` errors with their reasons (an EXAM-mode answer whose
    /// article could not be fetched).
    pub fn mark_errors(&self, run: RunId, errors: &[(QuestionId, String)]) -> Result<usize> {
        let mut stmt = self.tx.prepare(
            "UPDATE responses SET outcome = 'error', choice_index = NULL, error = ?3
             WHERE run_id = ?1 AND question_id = ?2",
        )?;
        let mut n = 0;
        for (question, error) in errors {
            n += stmt.execute(params![run.0, question.0, error])?;
        }
        Ok(n)
    }

    /// Deletes responses of `run` so they are asked again: the given questions, or (with
    /// `None`) every error. Their exchanges go with them. Returns how many were deleted.
    pub fn forget_responses(&self, run: RunId, questions: Option<&[QuestionId]>) -> Result<usize> {
        let deleted = match questions {
            None => self.tx.execute(
                "DELETE FROM responses WHERE run_id = ?1 AND outcome = 'error'",
                [run.0],
            )?,
            Some(questions) => {
                let mut stmt = self
                    .tx
                    .prepare("DELETE FROM responses WHERE run_id = ?1 AND question_id = ?2")?;
                let mut n = 0;
                for q in questions {
                    n += stmt.execute(params![run.0, q.0])?;
                }
                n
            }
        };
        Ok(deleted)
    }

    /// Deletes the failed article exchanges of `system` (or the given queries') so they are
    /// asked again; their articles go too. Returns how many.
    pub fn forget_articles(&self, system: SystemId, queries: Option<&[String]>) -> Result<usize> {
        match queries {
            None => Ok(self.tx.execute(
                "DELETE FROM article_exchanges WHERE system_id = ?1 AND error IS NOT NULL",
                [system.0],
            )?),
            Some(queries) => {
                let mut n = 0;
                for q in queries {
                    n += self.tx.execute(
                        "DELETE FROM article_exchanges WHERE system_id = ?1 AND query = ?2",
                        params![system.0, q],
                    )?;
                    self.tx.execute(
                        "DELETE FROM articles WHERE system_id = ?1 AND query = ?2",
                        params![system.0, q],
                    )?;
                }
                Ok(n)
            }
        }
    }
}

const EXCHANGE_COLUMNS: &str = "e.request, e.status, e.reply, e.reply_bytes, e.total_ms,
    e.attempts, e.prompt_tokens, e.completion_tokens, e.evidence";

fn exchange_of(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<NewExchange> {
    Ok(NewExchange {
        request: r.get(at)?,
        status: r.get(at + 1)?,
        reply: r.get(at + 2)?,
        reply_bytes: usize::try_from(r.get::<_, i64>(at + 3)?).unwrap_or(0),
        total_ms: r.get(at + 4)?,
        attempts: r.get(at + 5)?,
        prompt_tokens: u64_of(r.get(at + 6)?),
        completion_tokens: u64_of(r.get(at + 7)?),
        evidence: r.get(at + 8)?,
        ..NewExchange::default()
    })
}

impl Store {
    /// Every endpoint system: id, name, configuration.
    pub fn endpoints(&self) -> Result<Vec<(SystemId, String, String)>> {
        let mut stmt = self.conn.prepare(
            "SELECT s.id, s.name, e.config FROM endpoints e JOIN systems s ON s.id = e.system_id
             ORDER BY s.name",
        )?;
        let rows = stmt.query_map([], |r| Ok((SystemId(r.get(0)?), r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The exchanges behind a run's responses (with the response's latency).
    pub fn exchanges(&self, run: RunId) -> Result<Vec<ExchangeRow>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT e.question_id, r.latency_ms, {EXCHANGE_COLUMNS}
             FROM exchanges e JOIN responses r USING (run_id, question_id)
             WHERE e.run_id = ?1 ORDER BY e.question_id"
        ))?;
        let rows = stmt.query_map([run.0], |r| {
            let mut exchange = exchange_of(r, 2)?;
            exchange.latency_ms = r.get::<_, Option<f64>>(1)?.unwrap_or(0.0);
            Ok(ExchangeRow {
                question: Some(QuestionId(r.get(0)?)),
                query: None,
                exchange,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The exchange behind one response, if it has one.
    pub fn exchange(&self, run: RunId, question: QuestionId) -> Result<Option<NewExchange>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT r.latency_ms, r.error, {EXCHANGE_COLUMNS}
                     FROM exchanges e JOIN responses r USING (run_id, question_id)
                     WHERE e.run_id = ?1 AND e.question_id = ?2"
                ),
                params![run.0, question.0],
                |r| {
                    let mut exchange = exchange_of(r, 2)?;
                    exchange.latency_ms = r.get::<_, Option<f64>>(0)?.unwrap_or(0.0);
                    exchange.error = r.get(1)?;
                    Ok(exchange)
                },
            )
            .optional()?)
    }

    /// The exchanges behind a system's articles (EXAM mode), errors included.
    pub fn article_exchanges(&self, system: SystemId) -> Result<Vec<ExchangeRow>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT e.query, e.latency_ms, e.error, {EXCHANGE_COLUMNS}
             FROM article_exchanges e WHERE e.system_id = ?1 ORDER BY e.query"
        ))?;
        let rows = stmt.query_map([system.0], |r| {
            let mut exchange = exchange_of(r, 3)?;
            exchange.latency_ms = r.get(1)?;
            exchange.error = r.get(2)?;
            Ok(ExchangeRow {
                question: None,
                query: Some(r.get(0)?),
                exchange,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
