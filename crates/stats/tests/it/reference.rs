//! Running a Python reference tool on JSON produced by the test.
//!
//! The tools live in the venv `scripts/setup.sh` makes (`~/.cache/proctor-venv`, or
//! `PROCTOR_PYTHON`); the scripts are in `tests/reference/`. A missing venv fails the test with
//! the command that installs it — these checks are part of `.ci/run`, never skipped.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn python() -> PathBuf {
    if let Some(path) = std::env::var_os("PROCTOR_PYTHON") {
        return PathBuf::from(path);
    }
    let home = std::env::var_os("HOME").expect("HOME is set");
    PathBuf::from(home).join(".cache/proctor-venv/bin/python")
}

/// Runs `tests/reference/<script>` with `input` as JSON on stdin and returns its JSON output.
pub fn run(script: &str, input: &Value) -> Value {
    let python = python();
    assert!(
        python.exists(),
        "the reference tools are not installed ({} is missing): run scripts/setup.sh",
        python.display()
    );
    let path = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
    )
    .join("tests/reference")
    .join(script);
    let mut child = Command::new(&python)
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("OMP_NUM_THREADS", "1")
        .spawn()
        .unwrap_or_else(|e| panic!("starting {}: {e}", python.display()));
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.to_string().as_bytes())
        .expect("writing to the reference script");
    let output = child
        .wait_with_output()
        .expect("waiting for the reference script");
    assert!(
        output.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the reference script prints JSON")
}

/// Asserts |ours − reference| ≤ tolerance, naming the quantity and both values.
pub fn agree(quantity: &str, ours: f64, reference: f64, tolerance: f64) {
    assert!(
        (ours - reference).abs() <= tolerance,
        "{quantity}: Proctor {ours} vs reference {reference} (tolerance {tolerance})"
    );
}
