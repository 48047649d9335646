//! The workbench at scale: the backend calls behind each screen of the app, on a project of 50
//! systems × 2,000 questions × 20 topics (run with `cargo bench -p proctor-api --bench
//! workbench`; `scripts/bench-workbench.sh` adds the time until Chromium has drawn each page).
//!
//! The project is made the way an analyst makes one — 200 documents in 20 topic folders, an exam
//! file, one answer file per system, imported through the facade — from responses simulated by a
//! 3PL model (abilities spread over −1.5…2, 2 % errors, 3 % unanswered), so the leaderboard,
//! intervals and IRT have real work to do. Each call goes through `Workbench::call`, the one
//! dispatch every door uses (JSON in, JSON out). Prints a Markdown table: the median of 7 calls,
//! the budget of issue 10 (300 ms a screen, 100 ms to open a question) and the share of it used.
//!
//! Then the actions of a click: fitting IRT, and the files handed over (the whole report, a
//! workbook, a CSV, a chart).
//!
//! `PROCTOR_BENCH_PROJECT=path` keeps the project there (for the browser half of the benchmark);
//! `PROCTOR_BENCH_ONLY=word` times only the screens whose calls name it (for profiling).

use proctor_api::dto::{ImportKind, ImportRequest};
use proctor_api::{NoProgress, Project, Workbench};
use proctor_stats::SplitMix64;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

const TOPICS: usize = 20;
const DOCUMENTS_PER_TOPIC: usize = 10;
const QUESTIONS: usize = 2_000;
const SYSTEMS: usize = 50;
const REPEATS: usize = 7;

/// Reproducible data: the seeded generator the statistics use, with the two draws the data needs.
struct Rng(SplitMix64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0.unit()
    }
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn normal(&mut self) -> f64 {
        self.0.normal()
    }
}

const WORDS: [&str; 40] = [
    "backup",
    "sync",
    "engine",
    "retention",
    "window",
    "licence",
    "seat",
    "token",
    "upload",
    "conflict",
    "policy",
    "default",
    "setting",
    "key",
    "administrator",
    "agent",
    "folder",
    "encryption",
    "transport",
    "certificate",
    "daemon",
    "schedule",
    "quota",
    "mirror",
    "journal",
    "snapshot",
    "replica",
    "gateway",
    "tenant",
    "archive",
    "checksum",
    "bandwidth",
    "audit",
    "session",
    "cluster",
    "volume",
    "bundle",
    "installer",
    "plan",
    "limit",
];

fn words(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| WORDS[rng.below(WORDS.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

fn cell(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent folder")).expect("a folder");
    std::fs::write(path, text).expect("a written file");
}

/// Writes the corpus, the exam and the answer files; returns the answer files.
fn write_files(dir: &Path) -> Vec<PathBuf> {
    let mut rng = Rng(SplitMix64::new(2026));
    let mut sentences: Vec<Vec<String>> = Vec::new();
    for topic in 0..TOPICS {
        let mut of_topic = Vec::new();
        for doc in 0..DOCUMENTS_PER_TOPIC {
            let mut text = format!("Topic {topic} document {doc}\n\n");
            for _ in 0..6 {
                let paragraph: Vec<String> = (0..5)
                    .map(|_| {
                        let s = format!("The {} is {}.", words(&mut rng, 3), words(&mut rng, 9));
                        of_topic.push(s.clone());
                        s
                    })
                    .collect();
                text.push_str(&paragraph.join(" "));
                text.push_str("\n\n");
            }
            write(
                &dir.join(format!("corpus/topic-{topic:02}/doc-{doc:02}.md")),
                &text,
            );
        }
        sentences.push(of_topic);
    }

    let levels = [
        "Remembering",
        "Understanding",
        "Applying",
        "Analyzing",
        "Evaluating",
        "Creating",
    ];
    let mut exam = String::from("id,question,A,B,C,D,answer,topic,bloom,source\n");
    let mut items = Vec::with_capacity(QUESTIONS);
    for q in 0..QUESTIONS {
        let topic = q % TOPICS;
        let source = &sentences[topic][rng.below(sentences[topic].len())];
        let key = rng.below(4);
        let choices: Vec<String> = (0..4).map(|_| words(&mut rng, 4)).collect();
        let stem = format!(
            "What does the passage say about the {}?",
            words(&mut rng, 3)
        );
        let _ = writeln!(
            exam,
            "q{q:04},{},{},{},{},{},{},topic-{topic:02},{},{}",
            cell(&stem),
            cell(&choices[0]),
            cell(&choices[1]),
            cell(&choices[2]),
            cell(&choices[3]),
            ["A", "B", "C", "D"][key],
            levels[q % levels.len()],
            cell(source),
        );
        // 3PL item: discrimination 0.5–2, difficulty ~ N(0, 1), guessing 0.25.
        items.push((0.5 + 1.5 * rng.unit(), rng.normal(), key));
    }
    write(&dir.join("exam.csv"), &exam);

    (0..SYSTEMS)
        .map(|s| {
            let theta = -1.5 + 3.5 * s as f64 / (SYSTEMS - 1) as f64;
            let mut answers = String::from("question_id,answer,error,latency_ms\n");
            for (q, &(a, b, key)) in items.iter().enumerate() {
                let roll = rng.unit();
                let latency = 200 + rng.below(1800);
                if roll < 0.02 {
                    let _ = writeln!(answers, "q{q:04},,timeout,{latency}");
                    continue;
                }
                if roll < 0.05 {
                    let _ = writeln!(answers, "q{q:04},,,{latency}");
                    continue;
                }
                let p = 0.25 + 0.75 / (1.0 + (-a * (theta - b)).exp());
                let letter = if rng.unit() < p {
                    key
                } else {
                    (key + 1 + rng.below(3)) % 4
                };
                let _ = writeln!(
                    answers,
                    "q{q:04},{},,{latency}",
                    ["A", "B", "C", "D"][letter]
                );
            }
            let path = dir.join(format!("answers/System {s:02}.csv"));
            write(&path, &answers);
            path
        })
        .collect()
}

fn build(project_path: &Path, files: &Path) {
    let started = Instant::now();
    let answer_files = write_files(files);
    let mut project = Project::create(project_path).expect("a new project");
    let import = |project: &mut Project, kind, path: &Path| {
        project
            .import(
                &ImportRequest::new(kind, path.display().to_string()),
                &NoProgress,
            )
            .unwrap_or_else(|e| panic!("importing {}: {}", path.display(), e.message));
    };
    import(&mut project, ImportKind::Documents, &files.join("corpus"));
    import(&mut project, ImportKind::Exam, &files.join("exam.csv"));
    for file in &answer_files {
        import(&mut project, ImportKind::Answers, file);
    }
    eprintln!(
        "built {} ({} systems × {} questions × {} topics) in {:.1} s",
        project_path.display(),
        SYSTEMS,
        QUESTIONS,
        TOPICS,
        started.elapsed().as_secs_f64()
    );
}

/// A screen of the app: its name, the use cases it calls with their requests, its budget in ms.
type Screen<'a> = (&'a str, &'a [(&'a str, Value)], f64);

/// Median milliseconds of `REPEATS` calls (after one warm-up call).
fn time(workbench: &Workbench, name: &str, request: &Value) -> f64 {
    let call = || {
        workbench
            .call(name, request.clone())
            .unwrap_or_else(|e| panic!("{name}: {}", e.message))
    };
    call();
    let mut samples: Vec<f64> = (0..REPEATS)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(call());
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[REPEATS / 2]
}

fn main() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let project_path = std::env::var_os("PROCTOR_BENCH_PROJECT")
        .map_or_else(|| scratch.path().join("bench.proctor"), PathBuf::from);
    if !project_path.exists() {
        build(&project_path, &scratch.path().join("files"));
    }
    let workbench = Workbench::new(scratch.path().join("data"));
    workbench
        .call(
            "open_project",
            json!({ "path": project_path.display().to_string() }),
        )
        .expect("the project opens");

    let first = "System 49";
    let second = "System 48";
    // The screens of the app and the calls each makes when it opens (in the order it makes them).
    let screens: [Screen; 9] = [
        (
            "Set-up (the project's summary, the pipelines' state)",
            &[("summary", Value::Null), ("pipelines", Value::Null)],
            300.0,
        ),
        (
            "Documents (the table)",
            &[("documents", Value::Null)],
            300.0,
        ),
        (
            "Questions (the table of 2,000)",
            &[("questions", json!({ "exam": null }))],
            300.0,
        ),
        (
            "Open one question (its passage, curve and 50 answers)",
            &[("question", json!({ "exam": null, "id": "q1000" }))],
            100.0,
        ),
        ("Systems (the table)", &[("systems", Value::Null)], 300.0),
        (
            "One system's answer sheet",
            &[("answer_sheet", json!({ "name": first }))],
            300.0,
        ),
        (
            "Results: leaderboard with the verdict against a baseline",
            &[(
                "significance",
                json!({ "exam": null, "baseline": first, "group": null }),
            )],
            300.0,
        ),
        (
            "Results: compare two systems",
            &[(
                "compare",
                json!({ "exam": null, "first": first, "second": second }),
            )],
            300.0,
        ),
        (
            "Results: IRT (the last fit and the settings)",
            &[("latest_irt", Value::Null), ("irt_settings", Value::Null)],
            300.0,
        ),
    ];
    println!("| screen | backend calls | median ms | budget ms | share of budget |");
    println!("|---|---|---:|---:|---:|");
    let only = std::env::var("PROCTOR_BENCH_ONLY").unwrap_or_default();
    for (screen, calls, budget) in screens {
        let names: Vec<&str> = calls.iter().map(|(n, _)| *n).collect();
        if !names.iter().any(|n| n.contains(&only)) {
            continue;
        }
        let ms: f64 = calls.iter().map(|(n, r)| time(&workbench, n, r)).sum();
        println!(
            "| {screen} | {} | {ms:.1} | {budget:.0} | {:.2} |",
            names.join(" + "),
            ms / budget
        );
    }
    // Actions a user starts by a click (not screens): shown for scale.
    if !"fit_irt report".contains(&only) {
        return;
    }
    let fit = json!({ "exam": null, "settings": null, "hierarchical": false, "baselines": [], "selection": { "systems": [], "tagged": [] } });
    println!(
        "| (action) fit the 2PL model, 50 × 2,000 | fit_irt | {:.1} | — | — |",
        time(&workbench, "fit_irt", &fit)
    );
    // The hand-over files (issue 14), with the IRT fit above and one exam improvement kept so
    // that every section of the report has its content. The report's budget is 5 s.
    workbench
        .call(
            "improve_exam",
            json!({ "exam": null, "steps": 3, "fraction": 0.1, "selection": { "systems": [], "tagged": [] } }),
        )
        .expect("the exam improves");
    let files: [(&str, &str, Value, f64); 4] = [
        (
            "(action) the report, every section",
            "report",
            json!({ "exam": null, "sections": [], "question": "" }),
            5_000.0,
        ),
        (
            "(action) the leaderboard as an Excel workbook",
            "table",
            json!({ "table": { "kind": "leaderboard" }, "format": "xlsx" }),
            1_000.0,
        ),
        (
            "(action) the verdicts as CSV",
            "table",
            json!({ "table": { "kind": "significance", "baseline": first }, "format": "csv" }),
            1_000.0,
        ),
        (
            "(action) the leaderboard chart as PNG",
            "chart",
            json!({ "chart": { "kind": "leaderboard" }, "format": "png" }),
            1_000.0,
        ),
    ];
    for (what, name, request, budget) in files {
        let ms = time(&workbench, name, &request);
        println!(
            "| {what} | {name} | {ms:.1} | {budget:.0} | {:.2} |",
            ms / budget
        );
    }
}
