//! The Bloom classifier on a hand-labelled set (`tests/data/bloom.jsonl`, made by
//! `scripts/bloom-set.py`; labelled by the question's form and intent, apart from the
//! classifier, by someone who never read it): per-level precision and recall, the share left
//! Uncategorized, and the share of recall questions put above Understanding.
//! `PRINT_TABLE=1 cargo test -p proctor-exam --test bloom -- --nocapture` prints the README's
//! table.

use proctor_core::BloomLevel;
use proctor_exam::classify::BloomKeywords;
use serde::Deserialize;

#[derive(Deserialize)]
struct Labelled {
    source: String,
    question: String,
    levels: Vec<String>,
}

#[test]
fn bloom_levels_fit_a_hand_labelled_set() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bloom.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let set: Vec<Labelled> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(set.len() >= 200, "{}", set.len());
    let keywords = BloomKeywords::standard();
    let levels = BloomLevel::LEVELS;
    // (true positives, predicted, labelled) per level
    let mut counts = [(0usize, 0usize, 0usize); 6];
    let mut uncategorized = 0usize;
    let (mut recall_questions, mut recall_above) = (0usize, 0usize);
    let mut exact = 0usize;
    let print = std::env::var_os("PRINT_TABLE").is_some();
    for q in &set {
        let truth: Vec<BloomLevel> = q
            .levels
            .iter()
            .map(|l| l.parse().unwrap_or_else(|e| panic!("{e}")))
            .collect();
        let got = keywords.classify(&q.question);
        if got == [BloomLevel::Uncategorized] {
            uncategorized += 1;
        }
        let mut sorted = truth.clone();
        sorted.sort();
        exact += usize::from(sorted == got);
        for (k, l) in levels.iter().enumerate() {
            let (t, g) = (truth.contains(l), got.contains(l));
            counts[k].0 += usize::from(t && g);
            counts[k].1 += usize::from(g);
            counts[k].2 += usize::from(t);
        }
        if truth == [BloomLevel::Remembering] {
            recall_questions += 1;
            if got
                .iter()
                .any(|g| *g > BloomLevel::Understanding && *g != BloomLevel::Uncategorized)
            {
                recall_above += 1;
            }
        }
        if print && sorted != got {
            println!(
                "{} | {:?} | got {:?} | {}",
                q.source,
                q.levels,
                got,
                q.question.chars().take(120).collect::<String>()
            );
        }
    }
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    if print {
        println!("| level | labelled | given | precision | recall |");
        println!("|---|---:|---:|---:|---:|");
        for (k, l) in levels.iter().enumerate() {
            let (tp, given, labelled) = counts[k];
            println!(
                "| {l:?} | {labelled} | {given} | {:.0}% | {:.0}% |",
                pct(tp, given),
                pct(tp, labelled)
            );
        }
        println!(
            "| all {} questions: exactly right {:.0}%, Uncategorized {:.1}%, recall questions above Understanding {:.1}% | | | | |",
            set.len(),
            pct(exact, set.len()),
            pct(uncategorized, set.len()),
            pct(recall_above, recall_questions)
        );
    }
    assert!(
        pct(uncategorized, set.len()) <= 15.0,
        "{:.1}% Uncategorized",
        pct(uncategorized, set.len())
    );
    assert!(
        pct(recall_above, recall_questions) <= 5.0,
        "{:.1}% of recall questions above Understanding",
        pct(recall_above, recall_questions)
    );
}
