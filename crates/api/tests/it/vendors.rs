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

#[test]
fn a_vendor_with_faults_sits_the_exam_and_every_fault_is_met() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let other = VendorServer::start(|_, _| Reply::json("{\"answer\": \"A\"}"));
    let elsewhere = format!("{}/collect", other.url().replace("127.0.0.1", "localhost"));
    let server = vendor(known.clone(), elsewhere);
    project
        .save_endpoint(&EndpointSystem {
            name: "Vendor X".into(),
            spec: spec(server.url()),
        })
        .unwrap();

    let report = project.run_endpoints(&run(&[]), &NoProgress).unwrap();
    let sitting = &report.sittings[0];
    assert_eq!((sitting.answered, sitting.errors), (115, 5), "{report:?}");
    assert_eq!(report.halted, None);

    // The right answers land: letters and free text map to the key, the planted wrong ones
    // are wrong, and every fault that does not pass is an error, never a wrong answer.
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Vendor X".into(),
        })
        .unwrap();
    for row in &sheet.rows {
        let q = &known[&row.id];
        let expected = if PERMANENT.contains(&row.id.as_str()) {
            AnswerVerdict::Error
        } else if q.number % 10 == 3 {
            AnswerVerdict::Wrong
        } else {
            AnswerVerdict::Right
        };
        assert_eq!(row.verdict, expected, "{} {:?}", row.id, row.reply);
    }

    // Retry-After is waited out, in seconds and as a date.
    let seen = server.seen();
    for id in ["tw-005", "tw-006"] {
        let times: Vec<_> = seen
            .iter()
            .filter(|s| s.body.contains(&format!("\"{id}\"")))
            .map(|s| s.at)
            .collect();
        assert_eq!(times.len(), 2, "{id}");
        let gap = times[1] - times[0];
        assert!(gap >= Duration::from_millis(950), "{id}: {gap:?}");
    }
    let exchange = |id: &str| {
        project
            .exchange(&ExchangeRef {
                system: "Vendor X".into(),
                question: id.into(),
            })
            .unwrap()
    };
    assert_eq!(exchange("tw-007").attempts, 4);
    assert_eq!(
        exchange("tw-008").attempts,
        2,
        "the slow reply timed out once"
    );
    assert_eq!(
        exchange("tw-009").attempts,
        2,
        "the closed connection was retried"
    );
    assert!(exchange("tw-010").error.unwrap().contains("not JSON"));
    assert!(exchange("tw-012").error.unwrap().contains("1024 KiB cap"));
    assert!(exchange("tw-013").error.unwrap().contains("another host"));
    assert!(other.seen().is_empty(), "nothing went to the other host");
    assert!(exchange("tw-014").error.unwrap().contains("no 'answer'"));
    let with_evidence = exchange("tw-003");
    assert_eq!(with_evidence.evidence[0].id.as_deref(), Some("c3"));
    assert_eq!(with_evidence.source_in_evidence, Some(true));
    assert_eq!(exchange("tw-004").source_in_evidence, Some(false));

    // The key went out, and no file of the project holds it — not the configuration, not
    // the request copies.
    let key = secret();
    assert!(
        seen.iter()
            .all(|s| s.header("authorization") == Some(&format!("Bearer {key}"))),
        "the key was sent"
    );
    assert!(
        exchange("tw-001")
            .request
            .contains("Bearer ••• (from $CARGO_MANIFEST_DIR)")
    );
    drop(project);
    let bytes = project_bytes(dir.path());
    assert!(
        !bytes.windows(key.len()).any(|w| w == key.as_bytes()),
        "the project file holds the key"
    );
    let mut project = Project::open(&dir.path().join("s.proctor")).unwrap();

    // Latency, errors, retries, cost and evidence beside accuracy.
    let overview = project.systems_overview().unwrap();
    let info = overview
        .systems
        .iter()
        .find(|s| s.name == "Vendor X")
        .unwrap();
    let ops = info.operations.clone().unwrap();
    assert_eq!((ops.asked, ops.errors), (120, 5));
    assert!((ops.error_rate.unwrap() - 5.0 / 120.0).abs() < 1e-12);
    assert!(ops.retried >= 6, "{ops:?}");
    let right = known
        .iter()
        .filter(|(id, q)| !PERMANENT.contains(&id.as_str()) && q.number % 10 != 3)
        .count();
    assert_eq!(ops.accuracy.as_ref().unwrap().right as usize, right);
    assert_eq!(ops.accuracy.as_ref().unwrap().of, 120);
    assert!(ops.median_ms.unwrap() <= ops.p95_ms.unwrap());
    assert_eq!((ops.prompt_tokens, ops.completion_tokens), (11_500, 230));
    let cost_per_100 = 115.0 * (100.0 * 1.0 + 2.0 * 2.0) / 1e6 * 100.0 / 120.0;
    assert!((ops.cost_per_100.unwrap() - cost_per_100).abs() < 1e-12);
    let answered = |q: &&Known| {
        !known
            .iter()
            .any(|(id, k)| k.number == q.number && PERMANENT.contains(&id.as_str()))
    };
    let with = known
        .values()
        .filter(answered)
        .filter(|q| q.number % 3 != 2)
        .count();
    let found = known
        .values()
        .filter(answered)
        .filter(|q| q.number % 3 == 0)
        .count();
    let right_without = known
        .values()
        .filter(answered)
        .filter(|q| q.number % 3 == 1 && q.number % 10 != 3)
        .count();
    assert_eq!(ops.with_evidence as usize, with);
    assert_eq!(
        (ops.source_found as usize, ops.source_known as usize),
        (found, with)
    );
    assert_eq!(ops.right_without_source as usize, right_without);

    // Running again asks nothing; retrying the errors asks exactly those; one question can
    // be asked again alone.
    let before = server.seen().len();
    let again = project.run_endpoints(&run(&[]), &NoProgress).unwrap();
    assert_eq!(again.sittings[0].asked, 0);
    assert_eq!(server.seen().len(), before);
    let retried = project
        .run_endpoints(
            &EndpointRunRequest {
                retry_errors: true,
                ..run(&[])
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(
        (retried.sittings[0].asked, retried.sittings[0].errors),
        (5, 5)
    );
    let asked: Vec<String> = ids_of(&server.seen()[before..]);
    assert!(
        asked.iter().all(|id| PERMANENT.contains(&id.as_str())),
        "{asked:?}"
    );
    let before = server.seen().len();
    let one = project
        .run_endpoints(
            &EndpointRunRequest {
                questions: vec!["tw-021".into()],
                ..run(&[])
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(one.sittings[0].asked, 1);
    assert_eq!(ids_of(&server.seen()[before..]), vec!["tw-021".to_owned()]);

    // Deleted and put back, the system keeps its exchanges.
    project
        .delete_system(&SystemName {
            name: "Vendor X".into(),
        })
        .unwrap();
    project
        .restore_system(&SystemName {
            name: "Vendor X".into(),
        })
        .unwrap();
    let back = project
        .exchange(&ExchangeRef {
            system: "Vendor X".into(),
            question: "tw-007".into(),
        })
        .unwrap();
    assert_eq!(back.attempts, 4);
    assert!(project.endpoint("Vendor X").unwrap().spec == spec(server.url()));
}

/// Asks to stop once `limit` answers are in.
struct StopAfter {
    limit: u64,
    done: AtomicU64,
}

impl Progress for StopAfter {
    fn start(&self, _stage: &str, _total: u64) {}
    fn advance(&self, done: u64) {
        self.done.fetch_add(done, Ordering::SeqCst);
    }
    fn finish(&self) {}
    fn cancelled(&self) -> bool {
        self.done.load(Ordering::SeqCst) >= self.limit
    }
}

#[test]
fn a_stopped_run_resumes_without_asking_twice_beyond_what_was_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let q = &known[body["id"].as_str().unwrap_or("")];
        Reply::Slow(
            Duration::from_millis(5),
            Box::new(Reply::json(
                json!({"answer": q.key, "usage": {"prompt_tokens": 10, "completion_tokens": 1}})
                    .to_string(),
            )),
        )
    });
    let mut clean = spec(server.url());
    clean.reply.evidence.clear();
    project
        .save_endpoint(&EndpointSystem {
            name: "Vendor Y".into(),
            spec: clean,
        })
        .unwrap();
    let stop = StopAfter {
        limit: 30,
        done: AtomicU64::new(0),
    };
    let stopped = project
        .run_endpoints(&run(&["Vendor Y"]), &stop)
        .unwrap_err();
    assert_eq!(stopped.code, ErrorCode::Cancelled);
    let first = server.seen().len();
    let overview = project.systems_overview().unwrap();
    let info = overview
        .systems
        .iter()
        .find(|s| s.name == "Vendor Y")
        .unwrap();
    let stored = (120 - info.to_answer) as usize;
    // Every answer that came back is kept; only the requests in flight at the stop are lost.
    assert!(stored >= 30, "{stored}");
    assert!(first <= stored + 4, "{first} sent, {stored} kept");
    let report = project
        .run_endpoints(&run(&["Vendor Y"]), &NoProgress)
        .unwrap();
    let sitting = &report.sittings[0];
    assert_eq!(sitting.answered + sitting.before, 120);
    let ids = ids_of(&server.seen());
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for id in &ids {
        *counts.entry(id.as_str()).or_default() += 1;
    }
    let twice = counts.values().filter(|n| **n > 1).count();
    assert_eq!(counts.len(), 120);
    assert!(
        twice <= 4,
        "only requests in flight at the stop go twice: {twice}"
    );
    let overview = project.systems_overview().unwrap();
    let info = overview
        .systems
        .iter()
        .find(|s| s.name == "Vendor Y")
        .unwrap();
    assert_eq!((info.right, info.errors, info.to_answer), (120, 0, 0));
}

#[test]
fn the_breaker_pauses_a_dead_vendor_and_the_budget_stops_a_run() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let dead = VendorServer::start(|_, _| Reply::status(503));
    let mut broken = spec(dead.url());
    broken.limits.breaker = 3;
    broken.limits.retries = 1;
    broken.limits.concurrency = 1;
    project
        .save_endpoint(&EndpointSystem {
            name: "Dead".into(),
            spec: broken,
        })
        .unwrap();
    let report = project.run_endpoints(&run(&["Dead"]), &NoProgress).unwrap();
    let halted = report.halted.unwrap();
    assert!(
        halted.contains("3 questions in a row") && halted.contains("HTTP 503"),
        "{halted}"
    );
    assert_eq!(report.sittings[0].errors, 3);
    assert_eq!(dead.seen().len(), 6);

    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let q = &known[body["id"].as_str().unwrap_or("")];
        Reply::json(
            json!({"answer": q.key, "usage": {"prompt_tokens": 1000, "completion_tokens": 10}})
                .to_string(),
        )
    });
    project
        .save_endpoint(&EndpointSystem {
            name: "Paid".into(),
            spec: spec(server.url()),
        })
        .unwrap();
    let report = project
        .run_endpoints(
            &EndpointRunRequest {
                budget: Budget {
                    max_requests: 10,
                    ..Budget::default()
                },
                ..run(&["Paid"])
            },
            &NoProgress,
        )
        .unwrap();
    assert!(report.halted.unwrap().contains("10 requests"));
    assert_eq!(report.sittings[0].answered, 10);
    assert_eq!(server.seen().len(), 10);
    // A token budget: 1,010 tokens a question, 5,000 allowed — the run stops once spent.
    let report = project
        .run_endpoints(
            &EndpointRunRequest {
                budget: Budget {
                    max_tokens: 5_000,
                    ..Budget::default()
                },
                ..run(&["Paid"])
            },
            &NoProgress,
        )
        .unwrap();
    assert!(report.halted.unwrap().contains("5000 tokens"));
    let answered = report.sittings[0].answered;
    assert!((5..=8).contains(&answered), "{answered}");
}

#[test]
fn exam_mode_fetches_an_article_per_query_and_the_local_reader_grades_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let mut by_query: HashMap<String, Vec<String>> = HashMap::new();
    for q in known.values() {
        by_query
            .entry(q.query.clone())
            .or_default()
            .push(q.source.clone());
    }
    // One query's article never comes (the server fails it every time): its questions must
    // end as errors, not as wrong answers of a blank article.
    let failing = by_query.keys().min().cloned().unwrap();
    let failing_query = failing.clone();
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let query = body["query"].as_str().unwrap_or("");
        if query == failing_query {
            return Reply::status(500);
        }
        let article = by_query.get(query).map(|s| s.join(" ")).unwrap_or_default();
        Reply::json(json!({"answer": article}).to_string())
    });
    let mut articles = spec(server.url());
    articles.mode = VendorMode::Articles;
    articles.body = r#"{"id": "{{id}}", "query": "{{query}}"}"#.into();
    articles.reply.evidence.clear();
    project
        .save_endpoint(&EndpointSystem {
            name: "Writer".into(),
            spec: articles,
        })
        .unwrap();
    let queries = known
        .values()
        .map(|q| q.query.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let report = project
        .run_endpoints(
            &EndpointRunRequest {
                grading: Some(ReadArticlesRequest {
                    exam: None,
                    systems: Vec::new(),
                    gold: false,
                    reader: ReaderKind::Lexical,
                    replace: true,
                    models: None,
                    int8: false,
                    threads: 0,
                    user_models: UserModelChoice::default(),
                }),
                ..run(&["Writer"])
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(report.sittings[0].answered as usize, queries - 1);
    assert_eq!(report.sittings[0].errors, 1);
    // The failing query was tried 1 + 4 times.
    assert_eq!(server.seen().len(), queries + 4);
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Writer".into(),
        })
        .unwrap();
    assert!(sheet.exam_mode);
    for row in &sheet.rows {
        if known[&row.id].query == failing {
            assert_eq!(row.verdict, AnswerVerdict::Error, "{}", row.id);
            assert!(row.reply.as_deref().unwrap_or("").contains("HTTP 500"));
        } else {
            assert_ne!(row.verdict, AnswerVerdict::Error, "{}", row.id);
        }
    }
    let right = sheet
        .rows
        .iter()
        .filter(|r| r.verdict == AnswerVerdict::Right)
        .count();
    // The articles hold every passage: the lexical reader gets most questions right.
    assert!(right >= 85, "{right} of {}", sheet.rows.len());
    // Speed, errors and cost over the queries asked; accuracy is the reader's.
    let overview = project.systems_overview().unwrap();
    let ops = overview
        .systems
        .iter()
        .find(|s| s.name == "Writer")
        .and_then(|s| s.operations.clone())
        .unwrap();
    assert_eq!(
        (ops.asked as usize, ops.errors, ops.retried),
        (queries, 1, 1)
    );
    assert_eq!(ops.accuracy.unwrap().right as usize, right);
}

#[test]
fn trying_one_question_shows_the_request_the_reply_and_what_was_read() {
    let dir = tempfile::tempdir().unwrap();
    let (project, known) = sample(dir.path());
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let q = &known[body["id"].as_str().unwrap_or("")];
        Reply::json(good_reply(q).to_string())
    });
    let tried = project
        .try_endpoint(&TryRequest {
            name: "Vendor Z".into(),
            spec: spec(server.url()),
            question: Some("tw-003".into()),
        })
        .unwrap();
    assert_eq!(tried.status, Some(200));
    assert!(tried.request.starts_with("POST http://127.0.0.1:"));
    assert!(tried.request.contains("\"id\": \"tw-003\""));
    assert!(!tried.request.contains(&secret()));
    assert_eq!(tried.evidence.len(), 1);
    assert_eq!(tried.prompt_tokens, Some(100));
    assert_eq!(tried.right, Some(false), "tw-003 is a planted wrong answer");
    assert!(tried.mapping.unwrap().starts_with("the letter"));
    let mut wrong_path = spec(server.url());
    wrong_path.reply.answer = "choices[0].message.content".into();
    let tried = project
        .try_endpoint(&TryRequest {
            name: "Vendor Z".into(),
            spec: wrong_path,
            question: Some("tw-002".into()),
        })
        .unwrap();
    let error = tried.error.unwrap();
    assert!(
        error.contains("no 'choices'") && error.contains("its keys: answer"),
        "{error}"
    );
    assert_eq!(tried.choice, None);
    assert!(tried.reply.unwrap().contains("\"answer\""));
    // A secret that cannot be read stops the try before any request, naming where it looked.
    let mut unset = spec(server.url());
    unset.headers[0].value = HeaderValue::Environment {
        name: "PROCTOR_SURELY_UNSET_KEY".into(),
        prefix: "Bearer ".into(),
    };
    let before = server.seen().len();
    let e = project
        .try_endpoint(&TryRequest {
            name: "Vendor Z".into(),
            spec: unset,
            question: None,
        })
        .unwrap_err();
    assert!(e.message.contains("PROCTOR_SURELY_UNSET_KEY"), "{e:?}");
    assert_eq!(server.seen().len(), before);

    // The exam for vendors, saved where the window's dialog said: no keys; never over a
    // project file.
    let export = ExportRequest {
        exam: None,
        version: None,
        format: ExamFileFormat::VendorJsonl,
    };
    let file = dir.path().join("for-vendors.jsonl");
    let saved = project
        .save_exam(&SaveExamRequest {
            export: export.clone(),
            path: file.display().to_string(),
        })
        .unwrap();
    assert_eq!(saved.questions, 120);
    let lines = std::fs::read_to_string(&file).unwrap();
    let first: Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    assert_eq!(first["question_id"], "tw-001");
    assert_eq!(first["answer"], Value::Null);
    assert!(!lines.contains("\"source_text\""));
    let refused = project
        .save_exam(&SaveExamRequest {
            export,
            path: dir.path().join("s.proctor").display().to_string(),
        })
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::InvalidInput);
}
