//! The embedder against a bare ONNX Runtime loop on the same inputs (run with
//! `cargo bench -p proctor-models --bench embedder`; needs the installed models).
//!
//! "Bare" feeds already-tokenised, padded batches straight to `Session::run`; Proctor's
//! embedder also tokenises, pads each batch to its longest text and mean-pools. The difference
//! is the pipeline's overhead. Prints Markdown rows for the README.

use ort::session::Session;
use ort::session::builder::GraphOptimizationLevel;
use ort::value::Tensor;
use proctor_models::{EmbedderOptions, ModelsFolder, environment};
use std::time::Instant;
use tokenizers::{PaddingParams, PaddingStrategy, Tokenizer, TruncationParams};

/// Sentences like a documentation corpus's, 20–60 words each.
fn texts(count: usize) -> Vec<String> {
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
    ];
    (0..count)
        .map(|i| {
            let length = 20 + (i * 7) % 41;
            (0..length)
                .map(|k| words[(i * 31 + k * 17) % words.len()])
                .collect::<Vec<_>>()
                .join(" ")
                + "."
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let folder = ModelsFolder::locate(None)?;
    let count = 512;
    let corpus = texts(count);
    let refs: Vec<&str> = corpus.iter().map(String::as_str).collect();
    println!("| model | texts | bare ort loop | Proctor embedder | overhead |");
    println!("|---|---|---|---|---|");
    for int8 in [false, true] {
        let options = EmbedderOptions {
            int8,
            threads: 1,
            ..EmbedderOptions::default()
        };
        let embedder = folder.embedder(&options)?;
        // The same batches, tokenised once, for the bare loop.
        let mut tokenizer =
            Tokenizer::from_file(folder.file("tokenizer")?).map_err(|e| e.to_string())?;
        tokenizer.with_padding(Some(PaddingParams {
            strategy: PaddingStrategy::BatchLongest,
            ..PaddingParams::default()
        }));
        tokenizer
            .with_truncation(Some(TruncationParams {
                max_length: options.max_tokens,
                ..TruncationParams::default()
            }))
            .map_err(|e| e.to_string())?;
        let mut batches = Vec::new();
        for batch in refs.chunks(options.batch_size) {
            let encodings = tokenizer
                .encode_batch(batch.to_vec(), true)
                .map_err(|e| e.to_string())?;
            let (rows, width) = (encodings.len(), encodings[0].len());
            let flat = |f: fn(&tokenizers::Encoding) -> &[u32]| -> Vec<i64> {
                encodings
                    .iter()
                    .flat_map(|e| f(e).iter().map(|v| i64::from(*v)))
                    .collect()
            };
            batches.push((
                rows,
                width,
                flat(tokenizers::Encoding::get_ids),
                flat(tokenizers::Encoding::get_attention_mask),
                flat(tokenizers::Encoding::get_type_ids),
            ));
        }
        let model = folder.file(if int8 { "embedder-int8" } else { "embedder" })?;
        let mut session = Session::builder(environment(&folder.runtime()?)?)?
            .with_optimization_level(GraphOptimizationLevel::Level3)
            .map_err(ort::Error::<()>::from)?
            .with_intra_threads(1)
            .map_err(ort::Error::<()>::from)?
            .commit_from_file(&model)?;
        // Warm both up once, then time them in turn, best of three.
        let mut bare = f64::INFINITY;
        let mut ours = f64::INFINITY;
        for round in 0..4 {
            let started = Instant::now();
            for (rows, width, ids, mask, types) in &batches {
                let feeds = vec![
                    (
                        "input_ids",
                        Tensor::from_array(([*rows, *width], ids.clone()))?,
                    ),
                    (
                        "attention_mask",
                        Tensor::from_array(([*rows, *width], mask.clone()))?,
                    ),
                    (
                        "token_type_ids",
                        Tensor::from_array(([*rows, *width], types.clone()))?,
                    ),
                ];
                let outputs = session.run(feeds)?;
                std::hint::black_box(outputs[0].try_extract_tensor::<f32>()?.1.len());
            }
            let t_bare = started.elapsed().as_secs_f64();
            let started = Instant::now();
            std::hint::black_box(embedder.embed_texts(&refs)?);
            let t_ours = started.elapsed().as_secs_f64();
            if round > 0 {
                bare = bare.min(t_bare);
                ours = ours.min(t_ours);
            }
        }
        println!(
            "| all-MiniLM-L6-v2{} | {count} | {:.1} texts/s | {:.1} texts/s | {:+.1}% |",
            if int8 { " int8" } else { "" },
            count as f64 / bare,
            count as f64 / ours,
            100.0 * (ours - bare) / bare
        );
    }
    Ok(())
}
