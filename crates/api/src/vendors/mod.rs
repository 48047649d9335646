//! Vendor systems: the systems under test that Proctor asks over HTTP (docs/METHODS.md §12) —
//! their configuration, trying one question, the exchange behind each answer, and what a
//! sitting cost. A run is [`runs`]; asking one question with retries and recording the exchange
//! is [`asking`]; asking adaptively is [`adaptive`]. (An "endpoint" elsewhere is a language
//! model served over HTTP that Proctor uses as a reader.)

pub(crate) mod adaptive;
pub(crate) mod asking;
pub(crate) mod runs;

use crate::dto::{
    EndpointSystem, EndpointView, ExchangeRef, ExchangeView, Operations, SecretHeader, SystemName,
    TryReport, TryRequest,
};
use crate::imports::project_name;
use crate::pipelines::check::rate;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::{Outcome, RunMode, SystemId, SystemKind, letter};
use proctor_exam::reading::AnswerReading;
use proctor_models::vendor::{
    Budget, EvidenceItem, Fields, Harness, Reading, Secrets, VendorMode, VendorSpec, prepare,
    read_reply,
};
use proctor_stats::rouge::rouge1;
use proctor_stats::text::Terms;
use proctor_store::{NewExchange, QuestionRow};
use serde_json::Value;
use std::collections::HashMap;

/// A vendor system of the project with its configuration and the secrets it needs.
pub(crate) struct Vendor {
    pub id: SystemId,
    pub name: String,
    pub spec: VendorSpec,
    pub secrets: Secrets,
    /// A language model that reads the replies the rules leave unsure, if the run chose one.
    pub reader: Option<std::sync::Arc<crate::reply_model::ReplyReader>>,
}

/// The ready-made endpoint configurations: an OpenAI-compatible chat completion, a generic
/// JSON RAG endpoint, and EXAM mode.
pub fn endpoint_presets() -> Vec<proctor_models::vendor::Preset> {
    proctor_models::vendor::presets()
}

/// The most of a raw reply kept (and shown).
pub(crate) const STORED_REPLY_BYTES: usize = 64 * 1024;
/// ROUGE-1 recall of the source passage by the evidence at which it counts as found.
pub(crate) const SOURCE_RECALL: f64 = 0.5;
/// Content terms an evidence item needs to count as a piece of the source by itself.
const SOURCE_PIECE_TERMS: usize = 8;
/// The share of such a piece's terms that must be the source's.
const SOURCE_PIECE_PRECISION: f64 = 0.9;
/// The terms that recall counts: stemmed content words (stopwords alone would let any
/// passage of the same length reach a third of the way).
const SOURCE_TERMS: Terms = Terms {
    stem: true,
    drop_stopwords: true,
};

/// `text` cut to at most `bytes` bytes at a character boundary, marked when cut.
pub(crate) fn capped(text: &str, bytes: usize) -> String {
    if text.len() <= bytes {
        return text.to_owned();
    }
    let mut end = bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n[… cut at {} KiB]", &text[..end], bytes / 1024)
}

/// What a question fills a template with. In EXAM mode the query is asked, with its number
/// as the id.
pub(crate) fn fields_of(question: &QuestionRow) -> Fields {
    Fields {
        question: question.stem.clone(),
        choices: question.choices.clone(),
        query: question
            .query
            .clone()
            .unwrap_or_else(|| question.stem.clone()),
        id: question.external_id.clone(),
    }
}

/// The fields of a question asked without its choices (an open-answer sitting).
pub(crate) fn open_fields_of(question: &QuestionRow) -> Fields {
    Fields {
        choices: Vec::new(),
        ..fields_of(question)
    }
}

/// The fields of a query (EXAM mode).
pub(crate) fn query_fields(query: &str, number: usize) -> Fields {
    Fields {
        question: query.to_owned(),
        choices: Vec::new(),
        query: query.to_owned(),
        id: format!("query-{number}"),
    }
}

/// What came of one question's exchange.
pub(crate) struct Read {
    /// The reply as JSON was read through the paths (`None`: no usable reply).
    pub reading: Option<Reading>,
    /// Why it is an error, if it is (transport, status, not JSON, no answer).
    pub error: Option<String>,
}

/// Reads a finished exchange's body: JSON, then the paths. An answer path that finds nothing
/// is an error (the endpoint did not answer), never a wrong answer.
pub(crate) fn read_exchange(spec: &VendorSpec, error: Option<&str>, body: Option<&str>) -> Read {
    if let Some(error) = error {
        return Read {
            reading: None,
            error: Some(error.to_owned()),
        };
    }
    let json: Value = match serde_json::from_str(body.unwrap_or("")) {
        Ok(json) => json,
        Err(e) => {
            return Read {
                reading: None,
                error: Some(format!("the reply is not JSON ({e})")),
            };
        }
    };
    let reading = read_reply(&spec.reply, &json);
    let error = reading.answer.is_none().then(|| {
        reading
            .problems
            .first()
            .cloned()
            .unwrap_or_else(|| "the reply holds no answer".to_owned())
    });
    Read {
        reading: Some(reading),
        error,
    }
}

/// Whether the source passage is in the evidence: ROUGE-1 recall of the passage by the
/// evidence's texts (METHODS §12). `None` without evidence or without a passage.
pub(crate) fn source_in_evidence(source: Option<&str>, evidence: &[EvidenceItem]) -> Option<bool> {
    let source = source.filter(|s| !s.trim().is_empty())?;
    if evidence.is_empty() {
        return None;
    }
    let joined: String = evidence
        .iter()
        .map(|e| e.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    if rouge1(&joined, source, SOURCE_TERMS).recall >= SOURCE_RECALL {
        return Some(true);
    }
    // A vendor cuts its passages where it likes: a piece of the source, long enough to be more
    // than a shared phrase and nearly all of its words the source's, is the source found.
    Some(evidence.iter().any(|item| {
        SOURCE_TERMS.of(&item.text).len() >= SOURCE_PIECE_TERMS
            && rouge1(&item.text, source, SOURCE_TERMS).precision >= SOURCE_PIECE_PRECISION
    }))
}

/// The evidence as stored (a JSON list), or none.
pub(crate) fn evidence_json(evidence: &[EvidenceItem]) -> ApiResult<Option<String>> {
    if evidence.is_empty() {
        return Ok(None);
    }
    serde_json::to_string(evidence)
        .map(Some)
        .map_err(ApiError::internal)
}

pub(crate) fn evidence_of(stored: Option<&str>) -> Vec<EvidenceItem> {
    stored
        .and_then(|json| serde_json::from_str(json).ok())
        .unwrap_or_default()
}

/// Nearest-rank quantile of sorted values.
fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q * sorted.len() as f64).ceil().max(1.0) as usize;
    Some(sorted[rank.min(sorted.len()) - 1])
}

impl Project {
    pub(crate) fn endpoint_spec(&self, system: SystemId, name: &str) -> ApiResult<VendorSpec> {
        let config = self
            .store
            .endpoints()?
            .into_iter()
            .find(|(id, _, _)| *id == system)
            .map(|(_, _, config)| config)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!("'{name}' is not an endpoint system"),
                )
            })?;
        serde_json::from_str(&config).map_err(|e| {
            ApiError::new(
                ErrorCode::Internal,
                format!("the endpoint '{name}' is damaged: {e}"),
            )
        })
    }

    fn endpoint_view(name: &str, spec: VendorSpec) -> EndpointView {
        let secrets = spec
            .headers
            .iter()
            .filter_map(|h| {
                h.value.secret_source().map(|source| {
                    let status = source.status();
                    SecretHeader {
                        header: h.name.clone(),
                        present: !status.ends_with("(not set)") && !status.contains(": "),
                        status,
                    }
                })
            })
            .collect();
        EndpointView {
            name: name.to_owned(),
            spec,
            secrets,
        }
    }

    /// Creates an endpoint system, or changes its configuration. The configuration is checked
    /// first (nothing is stored when it is wrong); it never holds a secret.
    pub fn save_endpoint(&mut self, request: &EndpointSystem) -> ApiResult<EndpointView> {
        let name = project_name("system", &request.name)?;
        request.spec.check()?;
        let config = serde_json::to_string(&request.spec).map_err(ApiError::internal)?;
        let tx = self.store.transaction()?;
        let system = tx.system_id(&name, SystemKind::Endpoint)?;
        tx.set_endpoint(system, &config)?;
        tx.commit()?;
        Ok(Self::endpoint_view(&name, request.spec.clone()))
    }

    /// An endpoint system's configuration and whether its secrets can be read.
    pub fn endpoint(&self, name: &str) -> ApiResult<EndpointView> {
        let system = self.system_named(name)?;
        let spec = self.endpoint_spec(system.id, &system.name)?;
        Ok(Self::endpoint_view(&system.name, spec))
    }

    /// Sends one question (or, in EXAM mode, its query) with a configuration — saved or not —
    /// and shows the request, the raw reply and what was read from it. Nothing is stored.
    pub fn try_endpoint(&self, request: &TryRequest) -> ApiResult<TryReport> {
        try_send(request, &self.try_question(request)?)
    }

    /// The question a try sends (the configuration checked first).
    pub(crate) fn try_question(&self, request: &TryRequest) -> ApiResult<QuestionRow> {
        request.spec.check()?;
        let version = self.exam_version(None)?;
        let mut questions = self.store.questions(version.id)?;
        let at = match request.question.as_deref().map(str::trim) {
            Some(asked) if !asked.is_empty() => which_question(&questions, asked)?,
            _ => questions.iter().position(|q| q.active).ok_or_else(|| {
                ApiError::new(ErrorCode::InvalidInput, "the exam on view has no questions")
            })?,
        };
        Ok(questions.swap_remove(at))
    }
}

/// The question a person means by what they typed: its id ("tw-012"), its number in the exam
/// ("12", "#12": the twelfth active question), or words of its stem found in one question only
/// ("delta uploader state").
fn which_question(questions: &[QuestionRow], asked: &str) -> ApiResult<usize> {
    if let Some(at) = questions.iter().position(|q| q.external_id == asked) {
        return Ok(at);
    }
    let active: Vec<usize> = (0..questions.len())
        .filter(|&i| questions[i].active)
        .collect();
    if let Ok(n) = asked.trim_start_matches('#').parse::<usize>() {
        return n
            .checked_sub(1)
            .and_then(|k| active.get(k).copied())
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!(
                        "the exam on view has {} questions: give a number from 1 to {}, an id, \
                         or words of the question",
                        active.len(),
                        active.len()
                    ),
                )
            });
    }
    let words: Vec<String> = asked
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let holds = |q: &QuestionRow| {
        let stem = q.stem.to_lowercase();
        words.iter().all(|w| stem.contains(w.as_str()))
    };
    let found: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&i| !words.is_empty() && holds(&questions[i]))
        .collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(ApiError::new(
            ErrorCode::NotFound,
            format!(
                "the exam on view has no question '{asked}': give its id, its number (1 to {}), \
                 or words of its question",
                active.len()
            ),
        )),
        several => Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} questions hold '{asked}' (numbers {}); add words, or give a number",
                several.len(),
                several
                    .iter()
                    .take(8)
                    .filter_map(|i| active
                        .iter()
                        .position(|a| a == i)
                        .map(|p| (p + 1).to_string()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// Sends a try's question; needs no project (the window's other calls go on meanwhile).
pub(crate) fn try_send(request: &TryRequest, question: &QuestionRow) -> ApiResult<TryReport> {
    let spec = &request.spec;
    let secrets = Secrets::read(spec, &request.name)?;
    let fields = match spec.mode {
        VendorMode::Answers => fields_of(question),
        VendorMode::Open => open_fields_of(question),
        VendorMode::Articles => {
            query_fields(question.query.as_deref().unwrap_or(&question.stem), 1)
        }
    };
    let prepared = prepare(spec, &fields, &secrets)?;
    let never = || false;
    let mut limits = spec.limits;
    // Trying shows the first reply as it is: no retries, no waiting.
    limits.retries = 0;
    let harness = Harness::new(limits, spec.price, Budget::default(), &never);
    let mut exchange = harness.send(&prepared.outgoing);
    // Keys masked before the reply is read (see `asking::ask`).
    exchange.body = exchange.body.map(|b| secrets.redact(&b));
    exchange.error = exchange.error.map(|e| secrets.redact(&e));
    let read = read_exchange(spec, exchange.error.as_deref(), exchange.body.as_deref());
    let reading = read.reading.unwrap_or_default();
    let mapped = match (&reading.answer, spec.mode) {
        // Read as a run reads it (the rules, then by meaning).
        (Some(answer), VendorMode::Answers) => {
            Some(crate::reply_model::ReplyReader::load(None)?.read(answer, &question.choices))
        }
        _ => None,
    };
    Ok(TryReport {
        question: question.external_id.clone(),
        asked: fields.question.clone(),
        request: prepared.copy,
        status: exchange.status,
        reply: exchange
            .body
            .as_deref()
            .map(|b| capped(&secrets.redact(b), STORED_REPLY_BYTES)),
        reply_bytes: saturating_u32(exchange.bytes),
        latency_ms: exchange.latency_ms,
        attempts: exchange.attempts,
        error: read.error.map(|e| secrets.redact(&e)),
        choice: mapped
            .as_ref()
            .and_then(AnswerReading::choice)
            .map(|i| letter(i).to_string()),
        // A reply that needs a look is neither right nor wrong yet.
        right: mapped
            .as_ref()
            .filter(|m| !m.needs_a_look())
            .map(|m| m.choice() == Some(question.key)),
        mapping: mapped.as_ref().map(AnswerReading::describe),
        answer: reading.answer.map(|a| secrets.redact(&a)),
        cost: spec.price.is_set().then(|| {
            spec.price
                .cost(reading.prompt_tokens, reading.completion_tokens)
        }),
        evidence: reading.evidence,
        prompt_tokens: reading.prompt_tokens,
        completion_tokens: reading.completion_tokens,
        problems: reading.problems,
    })
}

impl Project {
    /// The exchange behind one answer of an endpoint system on the exam on view.
    pub fn exchange(&self, which: &ExchangeRef) -> ApiResult<ExchangeView> {
        let version = self.exam_version(None)?;
        let system = self.system_named(&which.system)?;
        let question = self
            .store
            .questions(version.id)?
            .into_iter()
            .find(|q| q.external_id == which.question)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!("the exam on view has no question '{}'", which.question),
                )
            })?;
        let missing = || {
            ApiError::new(
                ErrorCode::NotFound,
                format!(
                    "'{}' has no request on record for question '{}'",
                    system.name, which.question
                ),
            )
        };
        let run = self
            .store
            .run_of(system.id, RunMode::Answers, version.id)?
            .ok_or_else(missing)?;
        let e = self.store.exchange(run, question.id)?.ok_or_else(missing)?;
        let evidence = evidence_of(e.evidence.as_deref());
        Ok(ExchangeView {
            system: system.name,
            question: question.external_id,
            request: e.request,
            status: e.status,
            reply: e.reply,
            reply_bytes: saturating_u32(e.reply_bytes),
            latency_ms: e.latency_ms,
            total_ms: e.total_ms,
            attempts: e.attempts,
            error: e.error,
            source_in_evidence: source_in_evidence(question.source_text.as_deref(), &evidence),
            evidence,
            prompt_tokens: e.prompt_tokens,
            completion_tokens: e.completion_tokens,
        })
    }

    /// What an endpoint system's sitting of the version with these `runs` cost and how it
    /// behaved: `None` for other systems, or before it sat. In EXAM mode the items are the
    /// queries asked for articles and accuracy is the local reader's over them.
    pub(crate) fn operations(
        &self,
        system: SystemId,
        name: &str,
        questions: &[QuestionRow],
        runs: &[proctor_store::RunRow],
    ) -> ApiResult<Option<Operations>> {
        let Ok(spec) = self.endpoint_spec(system, name) else {
            return Ok(None);
        };
        let active: HashMap<_, &QuestionRow> = questions
            .iter()
            .filter(|q| q.active)
            .map(|q| (q.id, q))
            .collect();
        let mode = match spec.mode {
            VendorMode::Answers | VendorMode::Open => RunMode::Answers,
            VendorMode::Articles => RunMode::Exam,
        };
        let run = runs
            .iter()
            .find(|r| r.system == Some(system) && r.mode == mode)
            .map(|r| r.id);
        let outcomes: HashMap<_, Outcome> = match run {
            Some(run) => self
                .store
                .responses(run)?
                .into_iter()
                .map(|r| (r.question, r.outcome))
                .collect(),
            None => HashMap::new(),
        };
        let outcome = |q: &QuestionRow| outcomes.get(&q.id).copied();
        let right = active
            .values()
            .filter(|q| outcome(q) == Some(Outcome::Chosen(q.key)))
            .count();
        if spec.mode == VendorMode::Articles {
            let queries: std::collections::HashSet<&str> =
                active.values().filter_map(|q| q.query.as_deref()).collect();
            let items: Vec<Billed> = self
                .store
                .article_exchanges(system)?
                .into_iter()
                .filter(|row| row.query.as_deref().is_some_and(|q| queries.contains(q)))
                .map(|row| Billed::of(&row.exchange, row.exchange.error.is_some()))
                .collect();
            return summary(&spec, &items, run.map(|_| (right, active.len())));
        }
        let Some(run) = run else { return Ok(None) };
        let exchanges: Vec<(&QuestionRow, NewExchange)> = self
            .store
            .exchanges(run)?
            .into_iter()
            .filter_map(|row| {
                row.question
                    .and_then(|q| active.get(&q))
                    .map(|q| (*q, row.exchange))
            })
            .collect();
        // The response's outcome says what is an error.
        let items: Vec<Billed> = exchanges
            .iter()
            .map(|(q, e)| Billed::of(e, outcome(q) == Some(Outcome::Error)))
            .collect();
        let Some(mut ops) = summary(&spec, &items, Some((right, active.len())))? else {
            return Ok(None);
        };
        for (question, e) in &exchanges {
            let evidence = evidence_of(e.evidence.as_deref());
            if evidence.is_empty() {
                continue;
            }
            ops.with_evidence += 1;
            if let Some(found) = source_in_evidence(question.source_text.as_deref(), &evidence) {
                ops.source_known += 1;
                if found {
                    ops.source_found += 1;
                } else if outcome(question) == Some(Outcome::Chosen(question.key)) {
                    ops.right_without_source += 1;
                }
            }
        }
        Ok(Some(ops))
    }
}

/// What one request (with its retries) took and cost.
struct Billed {
    latency_ms: f64,
    attempts: u32,
    prompt_tokens: Option<u64>,
    completion_tokens: Option<u64>,
    error: bool,
}

impl Billed {
    fn of(e: &NewExchange, error: bool) -> Self {
        Self {
            latency_ms: e.latency_ms,
            attempts: e.attempts,
            prompt_tokens: e.prompt_tokens,
            completion_tokens: e.completion_tokens,
            error,
        }
    }
}

/// Latency, errors, retries, tokens and cost over the items asked, with accuracy (right of
/// active questions) where the system sat the exam; `None` before anything was asked.
fn summary(
    spec: &VendorSpec,
    items: &[Billed],
    accuracy: Option<(usize, usize)>,
) -> ApiResult<Option<Operations>> {
    if items.is_empty() {
        return Ok(None);
    }
    let mut latencies: Vec<f64> = items.iter().map(|b| b.latency_ms).collect();
    latencies.sort_by(f64::total_cmp);
    let errors = items.iter().filter(|b| b.error).count();
    // Whatever an endpoint reports, the sums saturate rather than wrap.
    let prompt_tokens = items
        .iter()
        .filter_map(|b| b.prompt_tokens)
        .fold(0u64, u64::saturating_add);
    let completion_tokens = items
        .iter()
        .filter_map(|b| b.completion_tokens)
        .fold(0u64, u64::saturating_add);
    // Every attempt is a request the vendor may bill.
    let cost: f64 = items
        .iter()
        .map(|b| {
            spec.price.cost(b.prompt_tokens, b.completion_tokens)
                + spec.price.per_request * f64::from(b.attempts.saturating_sub(1))
        })
        .sum();
    Ok(Some(Operations {
        asked: saturating_u32(items.len()),
        accuracy: accuracy.map(|(right, of)| rate(right, of)).transpose()?,
        median_ms: quantile(&latencies, 0.5),
        p95_ms: quantile(&latencies, 0.95),
        errors: saturating_u32(errors),
        error_rate: Some(errors as f64 / items.len() as f64),
        retried: saturating_u32(items.iter().filter(|b| b.attempts > 1).count()),
        retries: items.iter().map(|b| b.attempts.saturating_sub(1)).sum(),
        prompt_tokens,
        completion_tokens,
        cost_per_100: spec
            .price
            .is_set()
            .then(|| cost * 100.0 / items.len() as f64),
        with_evidence: 0,
        source_found: 0,
        source_known: 0,
        right_without_source: 0,
    }))
}

/// The ready-made endpoint configurations, as a use case answers.
#[expect(
    clippy::unnecessary_wraps,
    reason = "a use case answers ApiResult, like every other line of the table"
)]
pub(crate) fn presets() -> ApiResult<Vec<proctor_models::vendor::Preset>> {
    Ok(endpoint_presets())
}

/// A vendor system's configuration and whether its secrets can be read.
pub(crate) fn view(project: &Project, which: &SystemName) -> ApiResult<EndpointView> {
    project.endpoint(&which.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_nearest_rank() {
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), Some(10.0));
        assert_eq!(quantile(&v, 0.95), Some(19.0));
        assert_eq!(quantile(&[], 0.5), None);
    }

    #[test]
    fn replies_are_cut_at_a_character() {
        let text = "é".repeat(100);
        let cut = capped(&text, 11);
        assert!(cut.starts_with(&"é".repeat(5)) && cut.contains("cut at"));
        assert_eq!(capped("short", 10), "short");
    }

    #[test]
    fn the_source_is_found_by_its_words() {
        let evidence = [EvidenceItem {
            id: None,
            text: "The sync service listens on port 8443 by default.".into(),
        }];
        let source = "By default the sync service listens on port 8443.";
        assert_eq!(source_in_evidence(Some(source), &evidence), Some(true));
        assert_eq!(
            source_in_evidence(Some("Backups are rotated weekly on Sundays."), &evidence),
            Some(false)
        );
        assert_eq!(source_in_evidence(None, &evidence), None);
        assert_eq!(source_in_evidence(Some(source), &[]), None);
        // A long source the vendor returned a piece of (here a third of it, cut mid-way) is
        // found; a piece of a neighbouring passage that shares a few of its words is not.
        let long = "The sync service listens on port 8443 by default. Administrators change \
                    the port in tidewater.toml under sync.port and restart the agent. Clients \
                    discover the new port through the directory after the next heartbeat, which \
                    arrives every thirty seconds unless the heartbeat interval was changed.";
        let piece = [EvidenceItem {
            id: None,
            text: "Administrators change the port in tidewater.toml under sync.port and \
                   restart the agent."
                .into(),
        }];
        assert_eq!(source_in_evidence(Some(long), &piece), Some(true));
        let neighbour = [EvidenceItem {
            id: None,
            text: "Backups of tidewater.toml are kept for thirty days; administrators restore \
                   one with tw restore and the agent restarts on its own."
                .into(),
        }];
        assert_eq!(source_in_evidence(Some(long), &neighbour), Some(false));
    }
}
