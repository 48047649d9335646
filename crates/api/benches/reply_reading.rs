//! How long reading replies takes as a run reads them — the rules, then a reply that names no
//! choice by its meaning (the installed embedder) — against the rules alone, in the same run
//! (`cargo bench -p proctor-api --bench reply_reading`): the four labelled sets of
//! `crates/exam/tests/data/`, cycled to 2,000 as a 2,000-question run would bring them. A run
//! at 50 ms a reply takes 100 s; reading may add at most 10% of that. Best of 3. Prints
//! Markdown rows for the README.

use proctor_core::Embedder;
use proctor_exam::reading::{ReplyHelpers, read_answer, read_answer_with};
use proctor_models::{EmbedderOptions, ModelsFolder};
use std::time::Instant;

struct Reply {
    choices: Vec<String>,
    text: String,
}

fn load() -> Vec<Reply> {
    let mut out = Vec::new();
    for file in [
        "replies.jsonl",
        "replies-heldout.jsonl",
        "replies-blind.jsonl",
        "replies-blind2.jsonl",
    ] {
        let path = format!("{}/../exam/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the labelled replies");
        out.extend(
            text.lines()
                .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
                .map(|v| Reply {
                    choices: v["choices"]
                        .as_array()
                        .map(|c| {
                            c.iter()
                                .filter_map(|s| s.as_str().map(str::to_owned))
                                .collect()
                        })
                        .unwrap_or_default(),
                    text: v["reply"].as_str().unwrap_or_default().to_owned(),
                }),
        );
    }
    out
}

fn best(run: &dyn Fn()) -> f64 {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn row(what: &str, n: usize, seconds: f64) {
    let share = seconds / (n as f64 * 0.050);
    println!(
        "| {what} | {n} | {:.1} ms | {:.0} µs | {:.3}% of the run (budget 10%) |",
        seconds * 1e3,
        seconds / n as f64 * 1e6,
        share * 100.0
    );
}

fn main() {
    let all = load();
    let replies: Vec<&Reply> = all.iter().cycle().take(2000).collect();
    let folder = ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
    let embedder = folder
        .embedder(&EmbedderOptions {
            threads: 1,
            ..EmbedderOptions::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let rules = best(&|| {
        for r in &replies {
            std::hint::black_box(read_answer(&r.text, &r.choices));
        }
    });
    let helped = best(&|| {
        for r in &replies {
            std::hint::black_box(read_answer_with(
                &r.text,
                &r.choices,
                ReplyHelpers {
                    meaning: Some(&embedder as &dyn Embedder),
                    model: None,
                },
            ));
        }
    });
    println!("| how | replies | reading them | a reply | against a run at 50 ms a reply |");
    println!("|---|---:|---:|---:|---:|");
    row("the rules alone", replies.len(), rules);
    row(
        "the rules, then by meaning (as runs read)",
        replies.len(),
        helped,
    );
}
