//! `proctor irt fit --responses FILE` as a whole process (start, reading the file, the fit, the
//! diagnostics, the JSON written) against the PyPI `mirt` 1.2.0's marginal fit timed inside
//! Python on the same responses (`cargo bench -p proctor-cli --bench irt`; needs the venv
//! scripts/setup.sh installs). Both without standard errors, 61 quadrature points, plain ML.
//!
//! - MML 2PL and 3PL, 10,000 examinees × 50 items;
//! - MML 2PL, 1,000 × 10,000 with 30% of the cells missing: Proctor's time and peak memory
//!   (as it reports them), and what mirt does (capped at 12 GB of address space).
//!
//! mirt integrates over θ on Gauss–Hermite nodes, Proctor on mirt (R)'s 61 equally spaced
//! ones, so their log-likelihoods differ by the quadrature; the table also gives Proctor's
//! log-likelihood less that of mirt's items on Proctor's likelihood (≥ 0 when Proctor found the
//! higher optimum of the same function).
//!
//! Prints a Markdown table for the README.

use proctor_stats::SplitMix64;
use proctor_stats::irt::{Item, ResponseMatrix, marginal_log_likelihood};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Responses of `examinees` × `items` from a 2PL (or 3PL with `guessing`) model; a cell is
/// missing with chance `missing`.
fn simulate(
    examinees: usize,
    items: usize,
    guessing: bool,
    missing: f64,
    seed: u64,
) -> Vec<Vec<Option<u8>>> {
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
                .map(|item| {
                    let right = u8::from(rng.unit() < item.probability(theta));
                    (rng.unit() >= missing).then_some(right)
                })
                .collect()
        })
        .collect()
}

/// The matrix as a wide CSV (a subject per row, blank = missing).
fn write_wide(rows: &[Vec<Option<u8>>], path: &Path) {
    let mut text = String::from("subject");
    for i in 0..rows[0].len() {
        let _ = write!(text, ",q{i}");
    }
    text.push('\n');
    for (s, row) in rows.iter().enumerate() {
        let _ = write!(text, "s{s}");
        for cell in row {
            text.push(',');
            if let Some(v) = cell {
                text.push(if *v == 1 { '1' } else { '0' });
            }
        }
        text.push('\n');
    }
    std::fs::write(path, text).expect("writing the responses");
}

/// Runs `proctor irt fit --responses` and returns (wall seconds, its JSON).
fn proctor(path: &Path, model: &str) -> (f64, Value) {
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(["irt", "fit", "--responses"])
        .arg(path)
        .args([
            "--model",
            model,
            "--method",
            "marginal",
            "--preset",
            "unpenalised",
            "--no-errors",
            "--json",
        ])
        .output()
        .expect("proctor ran");
    let seconds = started.elapsed().as_secs_f64();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        seconds,
        serde_json::from_slice(&output.stdout).expect("JSON"),
    )
}

fn mirt(rows: &[Vec<Option<u8>>], model: &str) -> Value {
    let python = std::env::var_os("PROCTOR_PYTHON").map_or_else(
        || {
            PathBuf::from(std::env::var_os("HOME").expect("HOME"))
                .join(".cache/proctor-venv/bin/python")
        },
        PathBuf::from,
    );
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/reference/mirt_fit.py");
    let mut child = Command::new(&python)
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e} (run scripts/setup.sh)", python.display()));
    let input = json!({"data": rows, "model": model, "memory_gb": 12});
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.to_string().as_bytes())
        .expect("writing the responses");
    let output = child.wait_with_output().expect("the reference ran");
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|_| json!({"failed": format!("exited with {}", output.status)}))
}

fn row(name: &str, rows: &[Vec<Option<u8>>], model: &str, dir: &Path) {
    let path = dir.join(format!("{}.csv", name.replace([' ', ',', '×', '%'], "")));
    write_wide(rows, &path);
    let (seconds, ours) = proctor(&path, &model.to_lowercase());
    let ll = ours["log_likelihood"].as_f64().expect("log-likelihood");
    let iterations = ours["iterations"].as_u64().expect("iterations");
    let memory = ours["peak_memory_mb"]
        .as_f64()
        .map_or_else(|| "–".to_owned(), |mb| format!("{mb:.0} MB"));
    let theirs = mirt(rows, model);
    // mirt integrates on Gauss–Hermite nodes, Proctor on mirt (R)'s equally spaced ones: their
    // log-likelihoods are of two quadratures. Its items on Proctor's likelihood compare the
    // two optima on one.
    let on_ours = theirs["items"].as_array().map_or_else(
        || "–".to_owned(),
        |items| {
            let items: Vec<Item> = items
                .iter()
                .map(|abc| Item {
                    discrimination: abc[0].as_f64().expect("a"),
                    difficulty: abc[1].as_f64().expect("b"),
                    guessing: abc[2].as_f64().expect("c"),
                })
                .collect();
            let matrix = ResponseMatrix::new(
                rows.iter()
                    .map(|row| row.iter().map(|cell| cell.map(|v| v == 1)).collect())
                    .collect(),
            )
            .expect("a matrix");
            format!("{:+.4}", ll - marginal_log_likelihood(&matrix, &items))
        },
    );
    let (reference, their_ll, ratio) = match theirs["seconds"].as_f64() {
        Some(t) => (
            format!(
                "{t:.2} s ({} it.)",
                theirs["iterations"].as_u64().unwrap_or(0)
            ),
            format!(
                "{:.3}",
                theirs["log_likelihood"].as_f64().unwrap_or(f64::NAN)
            ),
            format!("{:.3}", seconds / t),
        ),
        None => (
            theirs["failed"].as_str().unwrap_or("failed").to_owned(),
            "–".to_owned(),
            "–".to_owned(),
        ),
    };
    println!(
        "| {name} | {seconds:.2} s ({iterations} EM steps) | {memory} | {ll:.3} | {reference} | {their_ll} | {on_ours} | {ratio} |"
    );
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    println!(
        "| fit | `proctor` process | its peak memory | log-lik | mirt 1.2.0 (PyPI), in Python | mirt log-lik (its quadrature) | Proctor's log-lik less mirt's items' on the same likelihood | time ratio (proctor / mirt) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    row(
        "MML 2PL, 10,000 × 50",
        &simulate(10_000, 50, false, 0.0, 2),
        "2PL",
        dir.path(),
    );
    row(
        "MML 3PL, 10,000 × 50",
        &simulate(10_000, 50, true, 0.0, 3),
        "3PL",
        dir.path(),
    );
    row(
        "MML 2PL, 1,000 × 10,000, 30% missing",
        &simulate(1_000, 10_000, false, 0.3, 4),
        "2PL",
        dir.path(),
    );
}
