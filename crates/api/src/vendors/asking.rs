//! Asking an endpoint system: one item's request through the harness and the reading of its
//! reply (in the worker), the record kept of it (keys masked, reply cut), and the driver that
//! commits what comes back the moment it arrives.

use super::{
    STORED_REPLY_BYTES, Vendor, capped, evidence_json, fields_of, open_fields_of, query_fields,
    read_exchange,
};
use crate::{ApiError, ApiResult, Progress, Project};
use proctor_core::{Outcome, QuestionId, RunId};
use proctor_exam::reading::read_answer;
use proctor_models::vendor::{
    Exchange, Fields, Harness, Reading, Secrets, VendorMode, VendorSpec, prepare,
};
use proctor_store::{NewExchange, NewResponse, QuestionRow};
use std::sync::atomic::{AtomicBool, Ordering};

/// One request's outcome, on its way from a worker to the project file.
pub(crate) struct Asked {
    /// The question (answers) or query's index (articles).
    pub item: usize,
    /// The request as sent, keys masked (empty when it could not be prepared).
    pub copy: String,
    /// What came back (the body already masked and cut).
    pub exchange: Exchange,
    /// What was read from it.
    pub reading: Reading,
    /// Why it is an error, if it is.
    pub error: Option<String>,
}

/// Asks one item through the harness and reads the reply; the harness learns how it went
/// (breaker, budget). `None` when the run halted before the request completed.
fn ask(
    harness: &Harness<'_>,
    spec: &VendorSpec,
    secrets: &Secrets,
    item: usize,
    fields: &Fields,
) -> Option<Asked> {
    let prepared = match prepare(spec, fields, secrets) {
        Ok(prepared) => prepared,
        Err(e) => {
            harness.record(Some(&e.to_string()), 1, None, None);
            return Some(Asked {
                item,
                copy: String::new(),
                exchange: Exchange {
                    attempts: 1,
                    ..Exchange::default()
                },
                reading: Reading::default(),
                error: Some(e.to_string()),
            });
        }
    };
    let mut exchange = harness.send(&prepared.outgoing);
    if exchange.halted() {
        return None;
    }
    // Keys masked before the reply is read: the answer, the evidence and the error are read from
    // a text that holds no key, whatever the vendor echoes.
    exchange.body = exchange.body.map(|b| secrets.redact(&b));
    exchange.error = exchange.error.map(|e| secrets.redact(&e));
    let read = read_exchange(spec, exchange.error.as_deref(), exchange.body.as_deref());
    let reading = read.reading.unwrap_or_default();
    harness.record(
        read.error.as_deref(),
        exchange.attempts,
        reading.prompt_tokens,
        reading.completion_tokens,
    );
    // Read: only what is kept travels on — keys masked above, then cut (a key across the cut
    // would leave its first characters).
    exchange.body = exchange.body.map(|b| capped(&b, STORED_REPLY_BYTES));
    Some(Asked {
        item,
        copy: prepared.copy,
        exchange,
        reading,
        error: read.error,
    })
}

/// The record kept of an exchange, secrets redacted.
pub(crate) fn record_of(asked: &Asked, secrets: &Secrets) -> ApiResult<NewExchange> {
    Ok(NewExchange {
        request: asked.copy.clone(),
        status: asked.exchange.status,
        reply: asked.exchange.body.clone(),
        reply_bytes: asked.exchange.bytes,
        latency_ms: asked.exchange.latency_ms,
        total_ms: asked.exchange.total_ms,
        attempts: asked.exchange.attempts.max(1),
        prompt_tokens: asked.reading.prompt_tokens,
        completion_tokens: asked.reading.completion_tokens,
        evidence: evidence_json(&asked.reading.evidence)?,
        error: asked.error.as_deref().map(|e| secrets.redact(e)),
    })
}

/// Asks the items `todo` through the harness and commits what comes back the moment it arrives:
/// `keep` turns an answer into the rows to write (and says whether it answered), `write`
/// commits the rows that arrived together. Returns (answered, errors) and the store failure
/// that stopped the run, if one did.
pub(crate) fn ask_all<Row>(
    e: &Vendor,
    todo: &[usize],
    fields: impl Fn(usize) -> Fields + Sync,
    mut keep: impl FnMut(Asked) -> ApiResult<(Row, bool)>,
    mut write: impl FnMut(&mut Vec<Row>) -> ApiResult<()>,
    (harness, progress, failed): (&Harness<'_>, &dyn Progress, &AtomicBool),
) -> ((usize, usize), Option<ApiError>) {
    let mut tally = (0, 0);
    let mut problem = None;
    let mut pending: Vec<Row> = Vec::new();
    harness.run(
        todo,
        |&i| ask(harness, &e.spec, &e.secrets, i, &fields(i)),
        |batch| {
            if problem.is_some() {
                return;
            }
            for asked in batch.into_iter().flatten() {
                match keep(asked) {
                    Ok((row, answered)) => {
                        if answered {
                            tally.0 += 1;
                        } else {
                            tally.1 += 1;
                        }
                        pending.push(row);
                    }
                    Err(err) => problem = Some(err),
                }
            }
            let written = pending.len();
            if problem.is_none()
                && !pending.is_empty()
                && let Err(err) = write(&mut pending)
            {
                problem = Some(err);
            }
            progress.advance(written as u64);
            if problem.is_some() {
                failed.store(true, Ordering::SeqCst);
            }
        },
    );
    (tally, problem)
}

impl Project {
    /// Asks one answers-mode system the questions `todo`; returns (answered, errors) and a
    /// store failure, if one stopped it. What each question got is added to `heard`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn ask_questions(
        &mut self,
        e: &Vendor,
        run: RunId,
        questions: &[QuestionRow],
        todo: &[usize],
        (harness, progress, failed): (&Harness<'_>, &dyn Progress, &AtomicBool),
        heard: &mut Vec<(usize, Outcome)>,
    ) -> ((usize, usize), Option<ApiError>) {
        let store = &mut self.store;
        let open = e.spec.mode == VendorMode::Open;
        ask_all(
            e,
            todo,
            |i| {
                if open {
                    open_fields_of(&questions[i])
                } else {
                    fields_of(&questions[i])
                }
            },
            |asked| {
                let question = &questions[asked.item];
                let (mut response, answered) = match (&asked.error, &asked.reading.answer) {
                    // A free answer waits, unread, for the reader that grades the sitting.
                    (None, Some(answer)) if open => {
                        let raw = Some(e.secrets.redact(answer));
                        (
                            NewResponse::new(question.id, Outcome::Unanswered, raw),
                            true,
                        )
                    }
                    (None, Some(answer)) => {
                        let reading = match &e.reader {
                            Some(reader) => reader.read(answer, &question.choices),
                            None => read_answer(answer, &question.choices),
                        };
                        let raw = e.secrets.redact(answer);
                        (NewResponse::read(question.id, reading, raw), true)
                    }
                    (error, _) => {
                        let mut r = NewResponse::new(question.id, Outcome::Error, None);
                        let error = error.as_deref().unwrap_or("the reply holds no answer");
                        r.error = Some(e.secrets.redact(error));
                        (r, false)
                    }
                };
                response.latency_ms = Some(asked.exchange.latency_ms);
                heard.push((asked.item, response.outcome));
                Ok(((response, record_of(&asked, &e.secrets)?), answered))
            },
            |rows: &mut Vec<(NewResponse, NewExchange)>| {
                let tx = store.transaction()?;
                let responses: Vec<NewResponse> = rows.iter().map(|(r, _)| r.clone()).collect();
                tx.insert_responses(run, &responses)?;
                let exchanges: Vec<(QuestionId, NewExchange)> = rows
                    .drain(..)
                    .filter(|(_, x)| !x.request.is_empty())
                    .map(|(r, x)| (r.question, x))
                    .collect();
                tx.insert_exchanges(run, &exchanges)?;
                tx.commit()?;
                Ok(())
            },
            (harness, progress, failed),
        )
    }

    /// Asks one EXAM-mode system for the articles of the queries `todo`.
    pub(crate) fn ask_queries(
        &mut self,
        e: &Vendor,
        queries: &[String],
        todo: &[usize],
        harness: &Harness<'_>,
        progress: &dyn Progress,
        failed: &AtomicBool,
    ) -> ((usize, usize), Option<ApiError>) {
        let store = &mut self.store;
        let system = e.id;
        ask_all(
            e,
            todo,
            |i| query_fields(&queries[i], i + 1),
            |asked| {
                let article = match (&asked.error, &asked.reading.answer) {
                    (None, Some(text)) if !text.trim().is_empty() => Some(e.secrets.redact(text)),
                    _ => None,
                };
                let mut record = record_of(&asked, &e.secrets)?;
                if article.is_none() && record.error.is_none() {
                    record.error = Some("the endpoint wrote an empty article".to_owned());
                }
                let answered = article.is_some();
                Ok(((queries[asked.item].clone(), article, record), answered))
            },
            |rows: &mut Vec<(String, Option<String>, NewExchange)>| {
                let tx = store.transaction()?;
                for (query, article, record) in rows.drain(..) {
                    if let Some(article) = article {
                        tx.upsert_article(system, &query, &article)?;
                    }
                    tx.upsert_article_exchange(system, &query, &record)?;
                }
                tx.commit()?;
                Ok(())
            },
            (harness, progress, failed),
        )
    }
}
