//! The joint IRT fit side by side with the reference on the same responses (run with
//! `cargo bench -p proctor-stats --bench irt`; needs the venv scripts/setup.sh installs): 3PL,
//! paper preset, 60 systems × 2,000 items, Proctor vs scipy's L-BFGS-B on the same likelihood,
//! bounds and start. The marginal fits are measured as a whole `proctor` process against the
//! PyPI `mirt` by `cargo bench -p proctor-cli --bench irt`.
//!
//! Prints a Markdown table (time, log-likelihood, and the time ratio) for the README.

use proctor_stats::SplitMix64;
use proctor_stats::irt::{Item, ItemModel, Preset, ResponseMatrix, fit_joint};
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

fn simulate(examinees: usize, items: usize, guessing: bool, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = SplitMix64::new(seed);
    let truth: Vec<Item> = (0..items)
        .map(|_| Item {
            discrimination: 0.5 + 1.5 * rng.unit(),
            difficulty: rng.normal(),
            guessing: if guessing {
                0.1 + 0.2 * rng.unit()
            } else {
                0.0
            },
        })
        .collect();
    (0..examinees)
        .map(|_| {
            let theta = rng.normal();
            truth
                .iter()
                .map(|item| u8::from(rng.unit() < item.probability(theta)))
                .collect()
        })
        .collect()
}

fn reference(script: &str, input: &Value) -> Value {
    let python = std::env::var_os("PROCTOR_PYTHON").map_or_else(
        || {
            PathBuf::from(std::env::var_os("HOME").expect("HOME"))
                .join(".cache/proctor-venv/bin/python")
        },
        PathBuf::from,
    );
    let path = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
    )
    .join("benches/reference")
    .join(script);
    let mut child = Command::new(&python)
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e} (run scripts/setup.sh)", python.display()));
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.to_string().as_bytes())
        .expect("writing the responses");
    let output = child.wait_with_output().expect("the reference ran");
    assert!(output.status.success(), "{script} failed");
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// One table row: (seconds, log-likelihood, iterations) of Proctor and of the reference.
fn row(name: &str, ours: (f64, f64, usize), reference_name: &str, theirs: &Value) {
    let their_seconds = theirs["seconds"].as_f64().expect("seconds");
    let their_ll = theirs["log_likelihood"].as_f64().expect("log-likelihood");
    let their_iterations = theirs["iterations"].as_u64().expect("iterations");
    println!(
        "| {name} | {:.2} s ({} it.) | {:.3} | {reference_name} | {their_seconds:.2} s ({their_iterations} it.) | {their_ll:.3} | {:.2} |",
        ours.0,
        ours.2,
        ours.1,
        ours.0 / their_seconds
    );
}

fn main() {
    println!(
        "| fit | Proctor | Proctor log-lik | reference | reference time | reference log-lik | time ratio (Proctor / reference) |"
    );
    println!("|---|---|---|---|---|---|---|");

    // Six simulated data sets: the joint 3PL likelihood has many local optima, and which
    // one a minimiser ends in depends on its path, so one data set alone says little about
    // "the same optimum".
    for seed in 1..=6 {
        let rows = simulate(60, 2000, true, seed);
        let responses = ResponseMatrix::from_scores(&rows).expect("a complete matrix");
        let started = Instant::now();
        let fit =
            fit_joint(&responses, ItemModel::ThreePl, &Preset::paper(), None, None).expect("fits");
        let ours = (
            started.elapsed().as_secs_f64(),
            fit.log_likelihood,
            fit.iterations,
        );
        let theirs = reference("jml_scipy.py", &json!({"data": rows}));
        row(
            &format!("JML 3PL, paper preset, 60 × 2,000 (data set {seed})"),
            ours,
            "scipy L-BFGS-B, same likelihood",
            &theirs,
        );
    }
}
