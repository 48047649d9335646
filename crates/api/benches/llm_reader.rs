//! The LLM reader against a bare llama.cpp loop on the same prompts (run with
//! `cargo bench -p proctor-api --bench llm_reader [-- --memory 2000]`; needs the installed
//! language model).
//!
//! 40 four-choice questions, each with a 1,600-character passage, at 2 threads, best of three:
//!
//! - "one forward pass": llama.cpp decodes each question's whole prompt (passage, question and
//!   its longest choice) once, tokenised beforehand — what a question costs at the least;
//! - "bare cloze loop": the same scoring as the reader's cloze mode written against llama.cpp
//!   directly, tokenised beforehand: the prefix once, every choice's tokens from its cache (the
//!   choices as sequences of one batch), the log-softmax at each scored position;
//! - "Proctor reader": the LLM reader in its cloze-per-token mode (the installed model's mode)
//!   through `LocalLanguageModel`, as a run reads: it builds the prompt, fits the passage,
//!   tokenises, and hands the work to the model's thread.
//!
//! Overhead = Proctor ÷ bare cloze − 1 (target ≤ 15%); cost = Proctor ÷ one forward pass
//! (target ≤ 1.5×). `--memory N [--memory-chars C]` instead reads N questions (40 in turn, passages
//! of C characters) and prints the resident memory every N/10 questions: one model loaded once,
//! flat over the run. Prints Markdown rows.

use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::token::LlamaToken;
use proctor_core::LanguageScorer;
use proctor_exam::readers::{LlmMode, LlmReader, Reader, ReaderQuestion, Reading};
use proctor_models::{CONTEXT_TOKENS, LocalLanguageModel, ModelsFolder, llama_backend};
use std::fmt::Write as _;
use std::num::NonZeroU32;
use std::time::Instant;

const QUESTIONS: usize = 40;
const THREADS: usize = 2;
const PASSAGE_CHARS: usize = 1600;

const NOUNS: [&str; 24] = [
    "engineer",
    "harbour",
    "lantern",
    "committee",
    "river",
    "village",
    "library",
    "winter",
    "merchant",
    "garden",
    "bridge",
    "teacher",
    "railway",
    "market",
    "island",
    "storm",
    "letter",
    "painter",
    "factory",
    "orchard",
    "captain",
    "valley",
    "doctor",
    "festival",
];
const VERBS: [&str; 12] = [
    "repaired",
    "visited",
    "described",
    "closed",
    "opened",
    "moved",
    "praised",
    "built",
    "crossed",
    "studied",
    "watched",
    "sold",
];
const ADJECTIVES: [&str; 12] = [
    "old", "quiet", "northern", "busy", "narrow", "famous", "small", "wooden", "early", "bright",
    "distant", "new",
];

/// A deterministic word from a list.
fn pick<'a>(list: &[&'a str], seed: usize) -> &'a str {
    list[(seed.wrapping_mul(2_654_435_761) >> 7) % list.len()]
}

struct Item {
    stem: String,
    choices: Vec<String>,
    passage: String,
}

fn items(passage_chars: usize) -> Vec<Item> {
    (0..QUESTIONS)
        .map(|q| {
            let mut passage = String::new();
            let mut s = q * 97;
            while passage.len() < passage_chars {
                s += 1;
                let _ = write!(
                    passage,
                    "In {} the {} {} {} the {} {} near the {} {}. ",
                    1850 + s % 120,
                    pick(&ADJECTIVES, s),
                    pick(&NOUNS, s + 1),
                    pick(&VERBS, s + 2),
                    pick(&ADJECTIVES, s + 3),
                    pick(&NOUNS, s + 4),
                    pick(&NOUNS, s + 5),
                    pick(&NOUNS, s + 6),
                );
            }
            passage.truncate(passage_chars);
            // The reader trims its passages; so does the bare loop's prompt.
            let passage = passage.trim().to_owned();
            let choices = (0..4)
                .map(|c| {
                    let n = q * 4 + c;
                    match c % 2 {
                        0 => format!("the {} {}", pick(&ADJECTIVES, n), pick(&NOUNS, n + 9)),
                        _ => format!(
                            "the {} {} of the {}",
                            pick(&ADJECTIVES, n),
                            pick(&NOUNS, n + 9),
                            pick(&NOUNS, n + 11)
                        ),
                    }
                })
                .collect();
            Item {
                stem: format!(
                    "What did the {} {} {}?",
                    pick(&ADJECTIVES, q + 1),
                    pick(&NOUNS, q + 2),
                    pick(&VERBS, q + 3)
                ),
                choices,
                passage,
            }
        })
        .collect()
}

/// The cloze prompt the reader builds (kept in step with `LlmReader`'s cloze mode).
fn prefix(item: &Item) -> String {
    format!("{}\n\nQuestion: {}\nAnswer:", item.passage, item.stem)
}

/// log P(token) under `logits` (a log-softmax).
fn log_probability(logits: &[f32], token: LlamaToken) -> f64 {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let total: f64 = logits.iter().map(|&l| f64::from(l - top).exp()).sum();
    f64::from(logits[token.0 as usize] - top) - total.ln()
}

struct Tokenised {
    whole: Vec<LlamaToken>,
    prefix: Vec<LlamaToken>,
    choices: Vec<Vec<LlamaToken>>,
}

fn best_of_three(mut run: impl FnMut() -> f64) -> f64 {
    (0..3).map(|_| run()).fold(f64::INFINITY, f64::min)
}

/// Resident and peak resident memory of this process, in MB.
fn memory() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let argument = |name: &str| -> Option<usize> {
        std::env::args()
            .skip_while(|a| a != name)
            .nth(1)
            .and_then(|n| n.parse().ok())
    };
    let memory_run = argument("--memory");
    let memory_chars = argument("--memory-chars").unwrap_or(PASSAGE_CHARS);
    let folder = ModelsFolder::locate(None)?;
    let path = folder
        .installed()
        .iter()
        .find(|f| f.role == "llm" && f.present)
        .map(|f| f.path.clone())
        .ok_or("the language model is not installed (scripts/install-models.sh)")?;
    if let Some(total) = memory_run {
        return memory_over(&path, total, memory_chars);
    }
    let items = items(PASSAGE_CHARS);

    // Bare llama.cpp: the same file, the same context settings as a reader's session.
    let backend = llama_backend()?;
    let model = LlamaModel::load_from_file(backend, &path, &LlamaModelParams::default())?;
    let params = LlamaContextParams::default()
        .with_n_ctx(NonZeroU32::new(CONTEXT_TOKENS))
        .with_n_batch(CONTEXT_TOKENS)
        .with_n_threads(THREADS as i32)
        .with_n_threads_batch(THREADS as i32)
        .with_n_seq_max(proctor_models::MAX_CONTINUATIONS as u32 + 1)
        .with_kv_unified(true);
    let mut context = model.new_context(backend, params)?;
    let tokenised: Vec<Tokenised> = items
        .iter()
        .map(|item| {
            let prefix_text = prefix(item);
            let longest = item.choices.iter().max_by_key(|c| c.len()).unwrap();
            let tokenize =
                |text: &str, start: bool| model.vocab().tokenize(text.as_bytes(), start, start);
            Tokenised {
                whole: tokenize(&format!("{prefix_text} {longest}"), true),
                prefix: tokenize(&prefix_text, true),
                choices: item
                    .choices
                    .iter()
                    .map(|c| tokenize(&format!(" {c}"), false))
                    .collect(),
            }
        })
        .collect();
    let prompt_tokens =
        tokenised.iter().map(|t| t.whole.len()).sum::<usize>() as f64 / QUESTIONS as f64;
    let mut batch = LlamaBatch::new(CONTEXT_TOKENS as usize, 1);

    let forward = best_of_three(|| {
        let started = Instant::now();
        for t in &tokenised {
            context.clear_kv_cache();
            batch.clear();
            let last = t.whole.len() - 1;
            for (k, &token) in t.whole.iter().enumerate() {
                batch.add(token, k as i32, &[0], k == last).unwrap();
            }
            context.decode(&mut batch).unwrap();
            std::hint::black_box(context.get_logits_ith(last as i32)[0]);
        }
        started.elapsed().as_secs_f64()
    });

    let mut bare_scores = Vec::new();
    let bare = best_of_three(|| {
        bare_scores.clear();
        let started = Instant::now();
        for t in &tokenised {
            context.clear_kv_cache();
            batch.clear();
            let last = t.prefix.len() - 1;
            for (k, &token) in t.prefix.iter().enumerate() {
                batch.add(token, k as i32, &[0], k == last).unwrap();
            }
            context.decode(&mut batch).unwrap();
            let after = context.get_logits_ith(last as i32).to_vec();
            let at = t.prefix.len();
            batch.clear();
            let mut rows = Vec::new();
            for (c, tokens) in t.choices.iter().enumerate() {
                let seq = c as i32 + 1;
                context.copy_cache(0, seq, at as i32);
                rows.push(batch.n_tokens());
                for (k, &token) in tokens[..tokens.len() - 1].iter().enumerate() {
                    batch.add(token, (at + k) as i32, &[seq], true).unwrap();
                }
            }
            context.decode(&mut batch).unwrap();
            let scores: Vec<f64> = t
                .choices
                .iter()
                .zip(&rows)
                .map(|(tokens, &row)| {
                    let mut sum = log_probability(&after, tokens[0]);
                    for (k, &token) in tokens[1..].iter().enumerate() {
                        sum += log_probability(context.get_logits_ith(row + k as i32), token);
                    }
                    sum / tokens.len() as f64
                })
                .collect();
            for c in 0..t.choices.len() {
                context
                    .clear_kv_cache_seq(Some(c as u32 + 1), None, None)
                    .unwrap();
            }
            bare_scores.push(scores);
        }
        started.elapsed().as_secs_f64()
    });
    drop(context);
    drop(model);

    let lm = LocalLanguageModel::start(&path, THREADS, "gemma")?;
    let reader = LlmReader::new(&lm as &dyn LanguageScorer, LlmMode::ClozePerToken);
    let read = |item: &Item| read_item(&reader, item);
    let argmax = |scores: &[f64]| {
        (0..scores.len()).fold(0, |best, i| if scores[i] > scores[best] { i } else { best })
    };
    let (mut same_pick, mut largest_difference) = (0, 0.0_f64);
    let proctor = best_of_three(|| {
        (same_pick, largest_difference) = (0, 0.0);
        let started = Instant::now();
        for (item, bare) in items.iter().zip(&bare_scores) {
            let reading = read(item);
            for (a, b) in reading.support.iter().zip(bare) {
                largest_difference = largest_difference.max((a - b).abs());
            }
            same_pick += usize::from(argmax(&reading.support) == argmax(bare));
        }
        started.elapsed().as_secs_f64()
    });

    let per_minute = |seconds: f64| QUESTIONS as f64 * 60.0 / seconds;
    println!(
        "{QUESTIONS} questions, {PASSAGE_CHARS}-character passages ({prompt_tokens:.0} prompt tokens on average), 4 choices, {THREADS} threads, best of three:\n"
    );
    println!("| | questions/min | seconds/question | against one forward pass |");
    println!("|---|---|---|---|");
    for (what, seconds) in [
        ("one forward pass over the prompt (bare)", forward),
        ("cloze, 4 choices (bare llama.cpp loop)", bare),
        ("cloze per token, 4 choices (Proctor's LLM reader)", proctor),
    ] {
        println!(
            "| {what} | {:.0} | {:.3} | {:.2}× |",
            per_minute(seconds),
            seconds / QUESTIONS as f64,
            seconds / forward
        );
    }
    println!(
        "\nProctor's overhead against the bare cloze loop: {:+.1}%; the same choice picked on {same_pick} of {QUESTIONS} questions (scores per token differ by at most {largest_difference:.4})",
        (proctor / bare - 1.0) * 100.0
    );
    assert_eq!(
        same_pick, QUESTIONS,
        "the reader and the bare loop must score alike"
    );

    Ok(())
}

/// One question read with its passage, as a run reads it.
fn read_item(reader: &LlmReader<'_>, item: &Item) -> Reading {
    reader
        .read(
            &ReaderQuestion {
                stem: &item.stem,
                choices: &item.choices,
            },
            &[item.passage.as_str()],
        )
        .unwrap()
}

/// Reads `total` questions through the LLM reader and prints the resident memory as it goes.
fn memory_over(
    path: &std::path::Path,
    total: usize,
    memory_chars: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let lm = LocalLanguageModel::start(path, THREADS, "gemma")?;
    let reader = LlmReader::new(&lm as &dyn LanguageScorer, LlmMode::ClozePerToken);
    let items = items(memory_chars);
    let step = (total / 10).max(1);
    println!(
        "\nMemory over {total} questions ({memory_chars}-character passages, the {QUESTIONS} in turn):\n\n| questions read | resident memory | peak |\n|---|---|---|"
    );
    let (rss, peak) = memory();
    println!("| 0 | {rss:.0} MB | {peak:.0} MB |");
    for n in 1..=total {
        std::hint::black_box(read_item(&reader, &items[n % QUESTIONS]));
        if n % step == 0 {
            let (rss, peak) = memory();
            println!("| {n} | {rss:.0} MB | {peak:.0} MB |");
        }
    }
    Ok(())
}
