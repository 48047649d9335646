//! Asking an endpoint system: one item's request through the harness and the reading of its
//! reply (in the worker), the record kept of it (keys masked, reply cut), and the driver that
//! commits what comes back the moment it arrives.

use crate::endpoint_runs::Endpoint;
use crate::endpoints::{STORED_REPLY_BYTES, capped, evidence_json, read_exchange};
use crate::{ApiError, ApiResult, Progress};
use proctor_models::vendor::{Exchange, Fields, Harness, Reading, Secrets, VendorSpec, prepare};
use proctor_store::NewExchange;
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
    let read = read_exchange(spec, exchange.error.as_deref(), exchange.body.as_deref());
    let reading = read.reading.unwrap_or_default();
    harness.record(
        read.error.as_deref(),
        exchange.attempts,
        reading.prompt_tokens,
        reading.completion_tokens,
    );
    // Read: only what is kept travels on — keys masked first, then cut (a key across the cut
    // would leave its first characters).
    exchange.body = exchange
        .body
        .map(|b| capped(&secrets.redact(&b), STORED_REPLY_BYTES));
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
    e: &Endpoint,
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
