//! Readers against a bare ONNX Runtime loop on the same inputs (run with
//! `cargo bench -p proctor-api --bench reader`; needs the installed models).
//!
//! 120 four-choice questions, each with an oracle context of four to seven sentences. The
//! embedding reader embeds "question + choice" for every choice and every context sentence in
//! one batch, then compares them; "bare" runs the session on those same batches, tokenised
//! beforehand, and does nothing with the output. The difference is the reader's overhead
//! (tokenising, sentence splitting, pooling, cosines, the decision). The lexical reader needs no
//! model; its rate is shown for scale. Prints Markdown rows for the README.

use ort::session::Session;
use ort::session::builder::GraphOptimizationLevel;
use ort::value::Tensor;
use proctor_core::Embedder;
use proctor_exam::readers::{EmbeddingReader, Idf, LexicalReader, Reader, ReaderQuestion};
use proctor_models::{EmbedderOptions, ModelsFolder, environment};
use proctor_stats::text::sentences;
use std::time::Instant;
use tokenizers::{PaddingParams, PaddingStrategy, Tokenizer, TruncationParams};

const WORDS: [&str; 24] = [
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

fn phrase(seed: usize, length: usize) -> String {
    (0..length)
        .map(|k| WORDS[(seed * 31 + k * 17 + k * k) % WORDS.len()])
        .collect::<Vec<_>>()
        .join(" ")
}

struct Item {
    stem: String,
    choices: Vec<String>,
    context: String,
}

fn items(count: usize) -> Vec<Item> {
    (0..count)
        .map(|i| Item {
            stem: format!("Which {} does the {} use?", phrase(i, 2), phrase(i + 7, 3)),
            choices: (0..4).map(|c| phrase(i * 4 + c, 2 + c % 3)).collect(),
            context: (0..4 + i % 4)
                .map(|s| {
                    let mut sentence = phrase(i * 11 + s, 12 + (i + s) % 15);
                    sentence[..1].make_ascii_uppercase();
                    sentence + "."
                })
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect()
}

type Batch = (usize, usize, Vec<i64>, Vec<i64>, Vec<i64>);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let folder = ModelsFolder::locate(None)?;
    let questions = items(120);
    let idf = Idf::from_passages(questions.iter().map(|q| q.context.as_str()));
    let lexical = LexicalReader::new(idf, 0.1);
    println!("| reader | questions | bare ort loop | Proctor reader | overhead |");
    println!("|---|---|---|---|---|");
    for int8 in [false, true] {
        let options = EmbedderOptions {
            int8,
            threads: 1,
            ..EmbedderOptions::default()
        };
        let embedder = folder.embedder(&options)?;
        let reader = EmbeddingReader::new(&embedder as &dyn Embedder, 0.2);
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
        // The texts the reader embeds for each question, tokenised once for the bare loop.
        let mut batches: Vec<Batch> = Vec::new();
        for q in &questions {
            let mut texts: Vec<String> = q
                .choices
                .iter()
                .map(|c| format!("{} {c}", q.stem))
                .collect();
            texts.extend(
                sentences(&q.context)
                    .into_iter()
                    .map(|(a, b)| q.context[a..b].to_owned()),
            );
            let encodings = tokenizer
                .encode_batch(texts, true)
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
        let (mut bare, mut ours) = (f64::INFINITY, f64::INFINITY);
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
            for q in &questions {
                let question = ReaderQuestion {
                    stem: &q.stem,
                    choices: &q.choices,
                };
                std::hint::black_box(reader.read(&question, &[q.context.as_str()])?);
            }
            let t_ours = started.elapsed().as_secs_f64();
            if round > 0 {
                bare = bare.min(t_bare);
                ours = ours.min(t_ours);
            }
        }
        let n = questions.len() as f64;
        println!(
            "| embedding (all-MiniLM-L6-v2{}) | {} | {:.1} questions/s | {:.1} questions/s | {:+.1}% |",
            if int8 { " int8" } else { "" },
            questions.len(),
            n / bare,
            n / ours,
            100.0 * (ours - bare) / bare
        );
    }
    let started = Instant::now();
    let rounds = 20;
    for _ in 0..rounds {
        for q in &questions {
            let question = ReaderQuestion {
                stem: &q.stem,
                choices: &q.choices,
            };
            std::hint::black_box(lexical.read(&question, &[q.context.as_str()])?);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "| lexical (no model) | {} | — | {:.0} questions/s | — |",
        questions.len(),
        (rounds * questions.len()) as f64 / elapsed
    );
    Ok(())
}
