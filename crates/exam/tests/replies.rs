//! The reply reader on a labelled set of prose replies (`tests/data/replies.jsonl`, made by
//! `scripts/reply-set.py`; its README says how): replies in the styles assistants write, to
//! questions of real multiple-choice sets, each with the choice its writer meant. Every reply
//! must be read as meant, or be left for a look — almost never read as another choice.
//!
//! `PRINT_TABLE=1 cargo test -p proctor-exam --test replies -- --nocapture` prints the table the
//! README shows.

use proctor_exam::reading::{AnswerReading, read_answer};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Labelled {
    set: String,
    id: String,
    choices: Vec<String>,
    style: String,
    reply: String,
    meant: String,
}

#[derive(Default, Clone, Copy)]
struct Tally {
    replies: usize,
    as_meant: usize,
    wrong: usize,
    look: usize,
}

/// What became of a reply: as meant, misread (another choice, or no answer where one was
/// meant), or left for a look.
fn judge(reading: &AnswerReading, meant: &str) -> (bool, bool) {
    let letter = |i: usize| char::from(b'A' + u8::try_from(i).unwrap_or(25)).to_string();
    match (reading, meant) {
        (AnswerReading::Chose { choice, .. }, m) => (letter(*choice) == m, letter(*choice) != m),
        (AnswerReading::NoAnswer { .. }, "none" | "unclear")
        | (AnswerReading::Unsure { .. }, "unclear") => (true, false),
        (AnswerReading::NoAnswer { .. }, _) => (false, true),
        (AnswerReading::Unsure { .. }, _) => (false, false),
    }
}

fn load() -> Vec<Labelled> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/replies.jsonl");
    let text = std::fs::read_to_string(path).expect("the labelled replies");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(n, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("replies.jsonl line {}: {e}", n + 1))
        })
        .collect()
}

#[test]
fn prose_replies_are_read_as_their_writers_meant() {
    let replies = load();
    assert!(replies.len() >= 300, "{} replies", replies.len());
    let mut by_style: BTreeMap<String, Tally> = BTreeMap::new();
    let mut total = Tally::default();
    let mut misread = Vec::new();
    let mut sets = std::collections::BTreeSet::new();
    for r in &replies {
        sets.insert(r.set.clone());
        let reading = read_answer(&r.reply, &r.choices);
        let (as_meant, wrong) = judge(&reading, &r.meant);
        let tally = by_style.entry(r.style.clone()).or_default();
        for t in [&mut *tally, &mut total] {
            t.replies += 1;
            t.as_meant += usize::from(as_meant);
            t.wrong += usize::from(wrong);
            t.look += usize::from(!as_meant && !wrong);
        }
        if !as_meant && !wrong && std::env::var_os("PRINT_LOOKS").is_some() {
            println!(
                "look: [{}] meant {}, {}: {}",
                r.style,
                r.meant,
                reading.describe(),
                r.reply.replace('\n', " ⏎ ")
            );
        }
        if wrong {
            misread.push(format!(
                "{}/{} [{}] meant {}, read {}: {}",
                r.set,
                r.id,
                r.style,
                r.meant,
                reading.describe(),
                r.reply.replace('\n', " ⏎ ")
            ));
        }
    }
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    if std::env::var_os("PRINT_TABLE").is_some() {
        println!("| style | replies | read as meant | read as another choice | needs a look |");
        println!("|---|---:|---:|---:|---:|");
        for (style, t) in by_style.iter().chain([(&"all".to_owned(), &total)]) {
            println!(
                "| {style} | {} | {:.1}% | {:.1}% | {:.1}% |",
                t.replies,
                pct(t.as_meant, t.replies),
                pct(t.wrong, t.replies),
                pct(t.look, t.replies)
            );
        }
        for m in &misread {
            println!("misread: {m}");
        }
    }
    assert!(sets.len() >= 2, "questions from at least two sets");
    assert!(by_style.len() >= 25, "{} styles", by_style.len());
    assert!(
        pct(total.wrong, total.replies) <= 0.5,
        "{} of {} replies read as another choice:\n{}",
        total.wrong,
        total.replies,
        misread.join("\n")
    );
    assert!(
        pct(total.as_meant, total.replies) >= 98.0,
        "{:.1}% read as meant",
        pct(total.as_meant, total.replies)
    );
}
