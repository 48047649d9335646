//! The endpoint harness at scale (run with `cargo bench -p proctor-api --bench endpoints`):
//! 2,000 questions × 3 endpoint systems against a vendor-like server on 127.0.0.1 that answers
//! each request after 50 ms, at concurrency 8 — the whole `run_endpoints` use case (templates,
//! requests with retries and pacing, reply reading, answer mapping, every exchange committed
//! to the project file as it arrives). Beside it, in the same run: the ideal (questions ×
//! systems × latency / concurrency) and a bare loop of 8 threads sending the same requests with
//! the same HTTP client and storing nothing (the reference). Harness overhead per request is the
//! client-side time of a request beyond the server's 50 ms (median over all requests); memory
//! is the process's resident size sampled through the run. Prints Markdown rows for the README.

use proctor_api::dto::{
    Budget, EndpointRunRequest, EndpointSystem, HeaderSpec, HeaderValue, HttpMethod, ImportKind,
    ImportRequest, Limits, Price, ReplyPaths, VendorMode, VendorSpec,
};
use proctor_api::{NoProgress, Progress, Project};
use proctor_testkit::{Reply, VendorServer};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const QUESTIONS: usize = 2_000;
const SYSTEMS: usize = 3;
const LATENCY: Duration = Duration::from_millis(50);
const CONCURRENCY: u32 = 8;

fn rss_mib() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / (1024.0 * 1024.0)
}

fn exam_csv() -> String {
    let mut csv = String::from("id,question,A,B,C,D,answer,topic\n");
    for i in 0..QUESTIONS {
        let _ = writeln!(
            csv,
            "q{i},Which value does setting number {i} take by default?,{i}a,{i}b,{i}c,{i}d,{},T{}",
            ["A", "B", "C", "D"][i % 4],
            i % 5
        );
    }
    csv
}

fn spec(url: &str) -> VendorSpec {
    VendorSpec {
        mode: VendorMode::Answers,
        method: HttpMethod::Post,
        url: format!("{url}/ask"),
        headers: vec![HeaderSpec {
            name: "X-Team".into(),
            value: HeaderValue::Text {
                value: "bench".into(),
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
            concurrency: CONCURRENCY,
            ..Limits::default()
        },
        price: Price::default(),
    }
}

/// Samples the resident size while the run goes on.
struct Sampler {
    done: AtomicU64,
    total: AtomicU64,
    samples: Mutex<Vec<(f64, f64)>>,
}

impl Progress for Sampler {
    fn start(&self, _stage: &str, total: u64) {
        self.total.store(total, Ordering::SeqCst);
    }
    fn advance(&self, done: u64) {
        let now = self.done.fetch_add(done, Ordering::SeqCst) + done;
        let total = self.total.load(Ordering::SeqCst).max(1);
        let step = total / 10;
        if step > 0
            && (now / step) != ((now - done) / step)
            && let Ok(mut s) = self.samples.lock()
        {
            s.push((now as f64 / total as f64, rss_mib()));
        }
    }
    fn finish(&self) {}
}

fn server() -> VendorServer {
    VendorServer::unrecorded(|seen, _| {
        let id_at = seen.body.find("\"id\": \"q").map_or(0, |i| i + 8);
        let number: usize = seen.body[id_at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap_or(0);
        Reply::Slow(
            LATENCY,
            Box::new(Reply::json(format!(
                "{{\"answer\": \"{}\", \"contexts\": [{{\"id\": \"d{number}\", \"text\": \"Setting {number} defaults to {number}a.\"}}], \"usage\": {{\"prompt_tokens\": 80, \"completion_tokens\": 1}}}}",
                ["A", "B", "C", "D"][number % 4]
            ))),
        )
    })
}

/// The reference: 8 threads sending the same requests with ureq, storing nothing.
fn bare(url: &str) -> Duration {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    let next = AtomicUsize::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..CONCURRENCY {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= QUESTIONS * SYSTEMS {
                        break;
                    }
                    let q = i % QUESTIONS;
                    let body = format!(
                        "{{\"id\": \"q{q}\", \"question\": \"Which value does setting number {q} take by default?\", \"choices\": [\"{q}a\",\"{q}b\",\"{q}c\",\"{q}d\"]}}"
                    );
                    let mut response = agent
                        .post(&format!("{url}/ask"))
                        .header("X-Team", "bench")
                        .header("Content-Type", "application/json")
                        .send(body.as_bytes())
                        .expect("the server answers");
                    let text = response.body_mut().read_to_string().expect("a body");
                    let _: serde_json::Value = serde_json::from_str(&text).expect("JSON");
                }
            });
        }
    });
    started.elapsed()
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let exam = dir.path().join("exam.csv");
    std::fs::write(&exam, exam_csv()).expect("the exam file");
    let mut project = Project::create(&dir.path().join("bench.proctor")).expect("a project");
    project
        .import(
            &ImportRequest::new(ImportKind::Exam, exam.display().to_string()),
            &NoProgress,
        )
        .expect("the exam imports");
    let vendor = server();
    for s in 0..SYSTEMS {
        project
            .save_endpoint(&EndpointSystem {
                name: format!("Vendor {s}"),
                spec: spec(vendor.url()),
            })
            .expect("an endpoint system");
    }
    let ideal = LATENCY * u32::try_from(QUESTIONS * SYSTEMS).unwrap_or(u32::MAX) / CONCURRENCY;

    let reference = {
        let reference_server = server();
        bare(reference_server.url())
    };

    let sampler = Arc::new(Sampler {
        done: AtomicU64::new(0),
        total: AtomicU64::new(0),
        samples: Mutex::new(Vec::new()),
    });
    let rss_before = rss_mib();
    let started = Instant::now();
    let report = project
        .run_endpoints(
            &EndpointRunRequest {
                systems: Vec::new(),
                exam: None,
                budget: Budget::default(),
                retry_errors: false,
                questions: Vec::new(),
                restart: false,
                grading: None,
                adaptive: None,
                reply_model: None,
            },
            sampler.as_ref(),
        )
        .expect("the run");
    let took = started.elapsed();
    let answered: u32 = report.sittings.iter().map(|s| s.answered).sum();
    assert_eq!(answered as usize, QUESTIONS * SYSTEMS, "{report:?}");

    // The client-side time of each request beyond the server's 50 ms.
    let overview = project.systems_overview().expect("the overview");
    let mut medians = Vec::new();
    for info in overview.systems {
        if let Some(ops) = info.operations {
            medians.push(ops.median_ms.unwrap_or(0.0) - LATENCY.as_secs_f64() * 1e3);
            assert_eq!(ops.asked as usize, QUESTIONS);
        }
    }
    let overhead = medians.iter().sum::<f64>() / medians.len().max(1) as f64;
    let memory = sampler
        .samples
        .lock()
        .map(|s| s.clone())
        .unwrap_or_default();
    let rss: Vec<String> = memory
        .iter()
        .map(|(at, mib)| format!("{:.0}% {mib:.0}", at * 100.0))
        .collect();
    let flat = AtomicBool::new(true);
    if let (Some(first), Some(last)) = (memory.first(), memory.last()) {
        flat.store(last.1 - first.1 < 20.0, Ordering::SeqCst);
    }
    println!("| run | time | vs ideal | vs bare loop |");
    println!("|---|---|---|---|");
    println!(
        "| ideal ({QUESTIONS} × {SYSTEMS} × {} ms / {CONCURRENCY}) | {:.1} s | 1.00 | |",
        LATENCY.as_millis(),
        ideal.as_secs_f64()
    );
    println!(
        "| bare loop (8 threads of ureq, nothing stored) | {:.1} s | {:.3} | 1.00 |",
        reference.as_secs_f64(),
        reference.as_secs_f64() / ideal.as_secs_f64()
    );
    println!(
        "| `run_endpoints` (harness, reading, mapping, every exchange committed) | {:.1} s | {:.3} | {:.3} |",
        took.as_secs_f64(),
        took.as_secs_f64() / ideal.as_secs_f64(),
        took.as_secs_f64() / reference.as_secs_f64()
    );
    println!();
    // What the harness adds to each request's slot beyond the bare loop.
    let per_request = (took.as_secs_f64() - reference.as_secs_f64()) * f64::from(CONCURRENCY)
        / (QUESTIONS * SYSTEMS) as f64
        * 1e3;
    println!(
        "harness overhead per request (vs the bare loop, per concurrent slot): {per_request:.2} ms; median client-side time beyond the server's 50 ms: {overhead:.2} ms; resident memory before {rss_before:.0} MiB, through the run (MiB at share done): {}; flat (< 20 MiB growth): {}",
        rss.join(", "),
        flat.load(Ordering::SeqCst)
    );
}
