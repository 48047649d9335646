//! How long reading replies takes, against the budget a run allows it (run with
//! `cargo bench -p proctor-exam --bench reading`): the labelled prose replies of
//! `tests/data/replies.jsonl`, cycled to 2,000 as a 2,000-question run would bring them, and
//! the slowest kind of reply there is — 8,000 characters or more of letters and choice words,
//! which the reader cuts to its beginning and end. A run at 50 ms a reply takes 100 s; reading
//! may add at most 10% of that. Best of 5. Prints Markdown rows for the README.

use proctor_exam::reading::read_answer;
use std::time::Instant;

struct Reply {
    choices: Vec<String>,
    text: String,
}

fn load() -> Vec<Reply> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/replies.jsonl");
    let text = std::fs::read_to_string(path).expect("the labelled replies");
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
        })
        .collect()
}

/// The best of five timings of reading every reply, in seconds.
fn best(replies: &[Reply]) -> f64 {
    (0..5)
        .map(|_| {
            let started = Instant::now();
            for r in replies {
                std::hint::black_box(read_answer(&r.text, &r.choices));
            }
            started.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn row(what: &str, replies: &[Reply]) {
    let seconds = best(replies);
    let n = replies.len() as f64;
    // The share of a run of as many questions at 50 ms a reply.
    let share = seconds / (n * 0.050);
    println!(
        "| {what} | {} | {:.1} ms | {:.0} µs | {:.3}% of the run (budget 10%) |",
        replies.len(),
        seconds * 1e3,
        seconds / n * 1e6,
        share * 100.0
    );
}

fn main() {
    let labelled = load();
    let prose: Vec<Reply> = labelled
        .iter()
        .cycle()
        .take(2_000)
        .map(|r| Reply {
            choices: r.choices.clone(),
            text: r.text.clone(),
        })
        .collect();
    let choices: Vec<String> = labelled
        .first()
        .map(|r| r.choices.clone())
        .unwrap_or_default();
    let worst: Vec<Reply> = (0..200)
        .map(|i| Reply {
            choices: choices.clone(),
            text: format!(
                "{}{}",
                "B C D ".repeat(2_000 + i),
                choices.join(" and ").repeat(20)
            ),
        })
        .collect();
    println!("| replies | how many | reading them | a reply | against a run at 50 ms a reply |");
    println!("|---|---:|---:|---:|---:|");
    row("labelled prose replies, cycled", &prose);
    row("degenerate: 12 KB of letters and choices", &worst);
}
