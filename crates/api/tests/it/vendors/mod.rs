//! Vendors over HTTP: an endpoint system sits the sample exam against a vendor-like server on
//! 127.0.0.1 with its faults — 429 with Retry-After in seconds and as a date, 5xx bursts, a
//! reply past the timeout, a closed connection, malformed and truncated JSON, a 20 MB body, a
//! redirect to another host, a reply without the answer — with answers as letters and as
//! free text, and evidence lists. Also: stop and resume, retrying errors, the circuit breaker,
//! the budget, EXAM mode, trying one question, and deleting and restoring the system.

use proctor_api::dto::{
    AnswerVerdict, EndpointRunRequest, EndpointSystem, ExamFileFormat, ExchangeRef, ExportRequest,
    QuestionRequest, QuestionsRequest, ReadArticlesRequest, ReaderKind, SaveExamRequest,
    SystemName, TryRequest, UserModelChoice,
};
use proctor_api::{ErrorCode, NoProgress, Progress, Project};
use proctor_models::vendor::{
    Budget, HeaderSpec, HeaderValue, HttpMethod, Limits, Price, ReplyPaths, VendorMode, VendorSpec,
};
use proctor_testkit::{Reply, Seen, VendorServer};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The environment variable the key is read from: one cargo sets for every test process, so
/// its value is a secret no file of the project may hold.
const KEY_VARIABLE: &str = "CARGO_MANIFEST_DIR";

fn secret() -> String {
    std::env::var(KEY_VARIABLE).expect("cargo sets it for tests")
}

/// What the vendor knows of a question: its number, key letter, key text and passage.
#[derive(Clone)]
struct Known {
    number: usize,
    key: String,
    key_text: String,
    source: String,
    query: String,
}

fn sample(dir: &Path) -> (Project, HashMap<String, Known>) {
    let path = dir.join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let project = Project::open(&path).unwrap();
    let table = project
        .question_table(&QuestionsRequest { exam: None })
        .unwrap();
    let known = table
        .rows
        .iter()
        .map(|row| {
            let view = project
                .question(&QuestionRequest {
                    exam: None,
                    id: row.id.clone(),
                })
                .unwrap();
            (
                row.id.clone(),
                Known {
                    number: row.number as usize,
                    key: row.key.clone(),
                    key_text: row.key_text.clone(),
                    source: view.source_text.clone().unwrap_or_default(),
                    query: view.query.clone().unwrap_or_default(),
                },
            )
        })
        .collect();
    (project, known)
}

fn spec(url: &str) -> VendorSpec {
    VendorSpec {
        mode: VendorMode::Answers,
        method: HttpMethod::Post,
        url: format!("{url}/ask"),
        headers: vec![HeaderSpec {
            name: "Authorization".into(),
            value: HeaderValue::Environment {
                name: KEY_VARIABLE.into(),
                prefix: "Bearer ".into(),
            },
        }],
        body: r#"{"id": "{{id}}", "question": "{{question}}", "choices": {{choices}}}"#.into(),
        reply: ReplyPaths {
            answer: "answer".into(),
            evidence: "contexts".into(),
            prompt_tokens: "usage.prompt_tokens".into(),
            completion_tokens: "usage.completion_tokens".into(),
            ..ReplyPaths::default()
        },
        limits: Limits {
            concurrency: 4,
            requests_per_minute: 0,
            timeout_seconds: 1,
            retries: 4,
            backoff_ms: 10,
            breaker: 20,
            max_reply_kib: 1024,
        },
        price: Price {
            input_per_million: 1.0,
            output_per_million: 2.0,
            per_request: 0.0,
        },
    }
}

pub(crate) fn run(systems: &[&str]) -> EndpointRunRequest {
    EndpointRunRequest {
        systems: systems.iter().map(|s| (*s).to_owned()).collect(),
        exam: None,
        budget: Budget::default(),
        retry_errors: false,
        questions: Vec::new(),
        restart: false,
        grading: None,
        adaptive: None,
        reply_model: None,
    }
}

/// The vendor's good answer: the key as a letter (odd numbers) or as its text (even), a wrong
/// letter for every tenth-plus-three, evidence with the passage (multiples of 3), an
/// unrelated passage (one more), or none.
fn good_reply(known: &Known) -> Value {
    let answer = if known.number % 10 == 3 {
        let key = known.key.chars().next().unwrap();
        let other = if key == 'A' { "B" } else { "A" };
        other.to_owned()
    } else if known.number % 2 == 1 {
        known.key.clone()
    } else {
        format!("The answer is {}", known.key_text)
    };
    let contexts = match known.number % 3 {
        0 => json!([{"chunk_id": format!("c{}", known.number), "page_content": known.source}]),
        1 => json!(["Boil the pasta for nine minutes in salted water, then drain it."]),
        _ => Value::Null,
    };
    json!({
        "answer": answer,
        "contexts": contexts,
        "usage": {"prompt_tokens": 100, "completion_tokens": 2}
    })
}

/// The vendor: faults on some questions, good answers on the rest.
fn vendor(known: HashMap<String, Known>, elsewhere: String) -> VendorServer {
    let attempts = Attempts(std::sync::Mutex::new(HashMap::new()));
    VendorServer::start(move |seen: &Seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let id = body["id"].as_str().unwrap_or("").to_owned();
        let Some(q) = known.get(&id) else {
            return Reply::status(400);
        };
        let good = Reply::json(good_reply(q).to_string());
        match id.as_str() {
            "tw-005" | "tw-006" | "tw-007" | "tw-008" | "tw-009" => {
                // Transient faults: how many times this question was asked before decides.
                let n = attempts.with_id(&id);
                match (id.as_str(), n) {
                    ("tw-005", 0) => Reply::retry_after_seconds(1),
                    ("tw-006", 0) => Reply::retry_after_date(2),
                    ("tw-007", 0..=2) => Reply::status([500, 502, 503][n]),
                    ("tw-008", 0) => Reply::Slow(Duration::from_millis(1500), Box::new(good)),
                    ("tw-009", 0) => Reply::Close,
                    _ => good,
                }
            }
            "tw-010" => Reply::json(r#"{"answer": B}"#),
            "tw-011" => Reply::Truncated(r#"{"answer": "B", "contexts": ["#.into()),
            "tw-012" => Reply::Huge(20 << 20),
            "tw-013" => Reply::redirect(elsewhere.clone()),
            "tw-014" => Reply::json(r#"{"result": "B"}"#),
            _ => good,
        }
    })
}

/// Counts the requests per question id across the server's threads.
struct Attempts(std::sync::Mutex<HashMap<String, usize>>);

impl Attempts {
    fn with_id(&self, id: &str) -> usize {
        let mut all = self.0.lock().unwrap();
        let n = all.entry(id.to_owned()).or_insert(0);
        *n += 1;
        *n - 1
    }
}

const PERMANENT: [&str; 5] = ["tw-010", "tw-011", "tw-012", "tw-013", "tw-014"];

fn ids_of(seen: &[Seen]) -> Vec<String> {
    seen.iter()
        .filter_map(|s| serde_json::from_str::<Value>(&s.body).ok())
        .filter_map(|b| b["id"].as_str().map(str::to_owned))
        .collect()
}

fn project_bytes(dir: &Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("s.proctor"))
        {
            bytes.extend(std::fs::read(&path).unwrap());
        }
    }
    bytes
}

mod faults;
mod modes;
mod prose;
mod runs;
