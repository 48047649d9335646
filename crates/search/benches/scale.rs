//! Retrieval at scale (run with `cargo bench -p proctor-search --bench scale`): indexing
//! 50,000 chunks for BM25, building the exact dense index of their 384-wide vectors, searching
//! both, and the process's peak memory. Prints Markdown rows for the README.

use proctor_search::{Bm25Index, DenseIndex, reciprocal_rank_fusion};
use std::time::Instant;

const CHUNKS: usize = 50_000;
const DIMENSION: usize = 384;

/// Peak resident memory of this process so far, from /proc (Linux), in MiB.
fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kib| kib / 1024.0)
}

/// A documentation-like chunk of about 600 characters.
fn chunk(i: usize) -> String {
    let words = [
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
        "the",
        "is",
        "read",
        "from",
        "when",
        "a",
        "change",
        "applies",
    ];
    let mut text = format!("Section {i}. ");
    for k in 0..90 {
        text.push_str(words[(i * 131 + k * 37 + k * k) % words.len()]);
        text.push(if k % 15 == 14 { '.' } else { ' ' });
    }
    text
}

fn vector(i: usize) -> Vec<f32> {
    let mut v: Vec<f32> = (0..DIMENSION)
        .map(|d| (((i * 7919 + d * 104_729) % 1000) as f32 / 1000.0) - 0.5)
        .collect();
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    for x in &mut v {
        *x /= norm;
    }
    v
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let texts: Vec<String> = (0..CHUNKS).map(chunk).collect();
    let before = peak_mib();
    let started = Instant::now();
    let index = Bm25Index::build(
        &dir.path().join("bm25"),
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| (i as i64, t.as_str())),
    )?;
    let indexing = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let queries = 200;
    for q in 0..queries {
        std::hint::black_box(index.search(&chunk(q * 251)[..120], 20)?);
    }
    let bm25_search = started.elapsed().as_secs_f64() / queries as f64;
    let vectors: Vec<(i64, Vec<f32>)> = (0..CHUNKS).map(|i| (i as i64, vector(i))).collect();
    let started = Instant::now();
    let dense = DenseIndex::new(DIMENSION, &vectors)?;
    let building = started.elapsed().as_secs_f64();
    drop(vectors);
    let started = Instant::now();
    for q in 0..queries {
        let hits = dense.search(&vector(q * 13), 20)?;
        std::hint::black_box(reciprocal_rank_fusion(
            &[hits, index.search("backup retention window", 20)?],
            3,
        ));
    }
    let dense_search = started.elapsed().as_secs_f64() / queries as f64;
    println!("| measure | value |");
    println!("|---|---|");
    println!(
        "| BM25 indexing, {CHUNKS} chunks of ≈600 characters | {:.0} chunks/s ({indexing:.1} s) |",
        CHUNKS as f64 / indexing
    );
    println!(
        "| BM25 search, top 20 | {:.2} ms/query |",
        bm25_search * 1000.0
    );
    println!("| dense index build, {CHUNKS} × {DIMENSION} | {building:.2} s |");
    println!(
        "| dense top 20 + BM25 top 20 + rank fusion | {:.2} ms/query |",
        dense_search * 1000.0
    );
    println!(
        "| peak memory (texts, index, vectors) | {:.0} MiB (before: {before:.0} MiB) |",
        peak_mib()
    );
    Ok(())
}
