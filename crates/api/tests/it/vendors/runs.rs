//! A run stopped and resumed, the circuit breaker and the budget.

use super::*;

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
