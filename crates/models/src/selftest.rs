//! The self-test a model passes before it is added: it loads, its outputs have the shape its
//! role needs, are finite and repeatable, and do not change when a text is padded in a batch
//! with longer ones (a graph that ignores the attention mask fails that). A last check asks
//! whether it does its job on an easy case; that one is advice, not a gate, as a small or
//! untrained model may still be what the user wants to measure.

use crate::ModelError;
use crate::catalogue::Role;
use crate::embedder::{EmbedderOptions, OnnxEmbedder};
use crate::local_lm::LocalLanguageModel;
use crate::qa::{OnnxExtractiveQa, QaOptions};
use crate::scorer::{OnnxPairScorer, ScorerOptions};
use proctor_core::{Embedder, LanguageScorer};
use std::fmt::Write as _;
use std::path::Path;

/// One check of a self-test.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// What was checked, in words.
    pub what: String,
    /// Whether it held.
    pub passed: bool,
    /// Whether the model is refused when it does not.
    pub required: bool,
    /// The numbers behind it.
    pub detail: String,
}

/// What a self-test found.
#[derive(Debug, Clone, PartialEq)]
pub struct SelfTest {
    /// The model's name.
    pub name: String,
    /// Its role.
    pub role: Role,
    /// The checks, in order.
    pub checks: Vec<Check>,
}

impl SelfTest {
    /// Whether every required check held.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.passed || !c.required)
    }

    /// The required checks that failed, in words.
    pub fn failures(&self) -> String {
        self.checks
            .iter()
            .filter(|c| c.required && !c.passed)
            .map(|c| format!("{} ({})", c.what, c.detail))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

const QUESTION: &str = "How long are backups kept?";
const ANSWER: &str = "Backups are kept for thirty days before they are deleted.";
const UNRELATED: &str = "The licence counts one seat per person.";
const LONG: &str = "Tidewater copies every project to the backup store each night, encrypts the copy with the project key, checks it can be read back, and reports the result on the status page the next morning.";
/// How far a padded result may drift from the same input alone.
const PADDING_TOLERANCE: f32 = 1e-3;

fn check(what: &str, passed: bool, required: bool, detail: String) -> Check {
    Check {
        what: what.to_owned(),
        passed,
        required,
        detail,
    }
}

/// Loads the model for its role and runs the checks.
pub fn run(
    name: &str,
    role: Role,
    runtime: &Path,
    model: &Path,
    tokenizer: &Path,
    label: Option<usize>,
) -> Result<SelfTest, ModelError> {
    let checks = match role {
        Role::Embedder => embedder_checks(&OnnxEmbedder::load(
            name,
            runtime,
            model,
            tokenizer,
            &EmbedderOptions::default(),
        )?)?,
        Role::PairScorer => scorer_checks(&OnnxPairScorer::load(
            name,
            runtime,
            model,
            tokenizer,
            &ScorerOptions {
                label,
                ..ScorerOptions::default()
            },
        )?)?,
        Role::ExtractiveQa => qa_checks(&OnnxExtractiveQa::load(
            name,
            runtime,
            model,
            tokenizer,
            &QaOptions::default(),
        )?)?,
        Role::Llm => language_model_checks(&LocalLanguageModel::start(model, 0, name)?)?,
    };
    Ok(SelfTest {
        name: name.to_owned(),
        role,
        checks,
    })
}

fn largest_gap(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

fn embedder_checks(embedder: &OnnxEmbedder) -> Result<Vec<Check>, ModelError> {
    let batch = embedder.embed_texts(&[QUESTION, LONG, UNRELATED, ANSWER])?;
    let again = embedder.embed_texts(&[QUESTION, LONG, UNRELATED, ANSWER])?;
    let alone = embedder.embed_texts(&[QUESTION])?;
    let finite = batch.iter().flatten().all(|v| v.is_finite());
    let lengths: Vec<f32> = batch
        .iter()
        .map(|v| v.iter().map(|x| x * x).sum::<f32>().sqrt())
        .collect();
    let unit = lengths.iter().all(|l| (l - 1.0).abs() < 1e-3);
    let padding = largest_gap(&alone[0], &batch[0]);
    let repeat = batch
        .iter()
        .zip(&again)
        .map(|(a, b)| largest_gap(a, b))
        .fold(0.0, f32::max);
    let dot = |a: &[f32], b: &[f32]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f32>();
    let (related, unrelated) = (dot(&batch[0], &batch[3]), dot(&batch[0], &batch[2]));
    Ok(vec![
        check(
            "vectors are finite and of unit length",
            finite && unit,
            true,
            format!("{} dimensions, lengths {lengths:.4?}", embedder.dimension()),
        ),
        check(
            "the same text gives the same vector twice",
            repeat == 0.0,
            true,
            format!("largest difference {repeat:.2e}"),
        ),
        check(
            "padding in a batch does not change a vector",
            padding < PADDING_TOLERANCE,
            true,
            format!("largest difference {padding:.2e}"),
        ),
        check(
            "a question is closer to its answer than to an unrelated sentence",
            related > unrelated,
            false,
            format!("cosine {related:.3} vs {unrelated:.3}"),
        ),
    ])
}

fn scorer_checks(scorer: &OnnxPairScorer) -> Result<Vec<Check>, ModelError> {
    let pairs = [(QUESTION, ANSWER), (QUESTION, LONG), (QUESTION, UNRELATED)];
    let batch = scorer.score_pairs(&pairs)?;
    let again = scorer.score_pairs(&pairs)?;
    let alone = scorer.score_pairs(&pairs[..1])?;
    let valid = batch
        .iter()
        .all(|s| s.is_finite() && (0.0..=1.0).contains(s));
    let padding = (alone[0] - batch[0]).abs();
    let repeat = largest_gap(&batch, &again);
    Ok(vec![
        check(
            "scores are probabilities",
            valid,
            true,
            format!(
                "{} per pair, scores {batch:.4?}",
                match scorer.labels() {
                    1 => "one logit".to_owned(),
                    n => format!("{n} logits"),
                }
            ),
        ),
        check(
            "the same pair gets the same score twice",
            repeat == 0.0,
            true,
            format!("largest difference {repeat:.2e}"),
        ),
        check(
            "padding in a batch does not change a score",
            padding < PADDING_TOLERANCE,
            true,
            format!("alone {:.5}, in a batch {:.5}", alone[0], batch[0]),
        ),
        check(
            "a passage that answers scores above an unrelated one",
            batch[0] > batch[2],
            false,
            format!("{:.3} vs {:.3}", batch[0], batch[2]),
        ),
    ])
}

fn qa_checks(qa: &OnnxExtractiveQa) -> Result<Vec<Check>, ModelError> {
    let contexts = [ANSWER, LONG, UNRELATED];
    let batch = qa.spans(QUESTION, &contexts)?;
    let again = qa.spans(QUESTION, &contexts)?;
    let alone = qa.spans(QUESTION, &contexts[..1])?;
    let inside = batch.iter().zip(contexts).all(|(span, context)| {
        span.as_ref().is_none_or(|s| {
            context.get(s.start..s.end) == Some(s.text.as_str())
                && s.score.is_finite()
                && (0.0..=1.0).contains(&s.score)
        })
    });
    let same_span =
        |a: &Option<proctor_core::AnswerSpan>, b: &Option<proctor_core::AnswerSpan>| match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => {
                (a.start, a.end) == (b.start, b.end)
                    && (a.score - b.score).abs() < PADDING_TOLERANCE
            }
            _ => false,
        };
    let found = batch[0].as_ref().map_or(String::new(), |s| s.text.clone());
    Ok(vec![
        check(
            "answers are spans of their context with a probability",
            inside,
            true,
            format!("{} of 3 contexts answered", batch.iter().flatten().count()),
        ),
        check(
            "the same question gets the same answer twice",
            batch.iter().zip(&again).all(|(a, b)| same_span(a, b)),
            true,
            String::new(),
        ),
        check(
            "padding in a batch does not change an answer",
            same_span(&alone[0], &batch[0]),
            true,
            format!(
                "alone {:?}, in a batch {:?}",
                alone[0].as_ref().map(|s| &s.text),
                batch[0].as_ref().map(|s| &s.text)
            ),
        ),
        check(
            "it finds \"thirty days\" for \"How long are backups kept?\"",
            found.contains("thirty days"),
            false,
            format!("it found {found:?}"),
        ),
    ])
}

/// The easy reading question a language model is asked: the passage says the answer.
const EASY_CHOICES: [&str; 4] = ["thirty days", "one year", "two hours", "forever"];

/// How a language model scores the easy question's choices: by each choice's text after the
/// passage and question where it can, else by the letter it names.
fn easy_scores(model: &dyn LanguageScorer) -> Result<Vec<f64>, ModelError> {
    let fail = |e: proctor_core::EmbedError| ModelError::Runtime(e.0);
    if model.scores_continuations() {
        let prefix = format!("{ANSWER}\n\nQuestion: {QUESTION}\nAnswer:");
        let texts: Vec<String> = EASY_CHOICES.iter().map(|c| format!(" {c}")).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        return Ok(model
            .continuations(&prefix, &texts)
            .map_err(fail)?
            .iter()
            .map(proctor_core::Likelihood::per_token)
            .collect());
    }
    let mut body = format!("{ANSWER}\n\nQuestion: {QUESTION}\n");
    for (letter, choice) in ["A", "B", "C", "D"].iter().zip(EASY_CHOICES) {
        let _ = writeln!(body, "{letter}. {choice}");
    }
    let prompt = model
        .chat(&format!(
            "{body}\nAnswer with the letter of the correct choice only."
        ))
        .unwrap_or_else(|| format!("{body}Answer:"));
    let letters: Vec<&str> = if model.chat("").is_some() {
        vec!["A", "B", "C", "D"]
    } else {
        vec![" A", " B", " C", " D"]
    };
    model.next_tokens(&prompt, &letters).map_err(fail)
}

/// Scores as a reader reads them: three decimals, "−∞" for a choice the model rules out.
fn scores_text(scores: &[f64]) -> String {
    let each: Vec<String> = scores
        .iter()
        .map(|s| {
            if s.is_infinite() && *s < 0.0 {
                "−∞".to_owned()
            } else {
                format!("{s:.3}")
            }
        })
        .collect();
    each.join(", ")
}

/// The checks of a language model (a GGUF file loaded, or an endpoint reached): its scores are
/// numbers, the same twice, and — as advice — it picks the answer an easy passage states.
pub fn language_model_checks(model: &dyn LanguageScorer) -> Result<Vec<Check>, ModelError> {
    let first = easy_scores(model)?;
    let again = easy_scores(model)?;
    let valid = first.len() == EASY_CHOICES.len() && first.iter().all(|s| !s.is_nan());
    let same = first
        .iter()
        .zip(&again)
        .all(|(a, b)| a.to_bits() == b.to_bits() || (a - b).abs() < 1e-6);
    let best = first
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, _)| i);
    let how = if model.scores_continuations() {
        "each choice's log-likelihood per token"
    } else {
        "the letter it names"
    };
    Ok(vec![
        check(
            "it scores the choices of a question",
            valid,
            true,
            format!("by {how}: {}", scores_text(&first)),
        ),
        check(
            "the same question gets the same scores twice",
            same,
            true,
            format!("{} then {}", scores_text(&first), scores_text(&again)),
        ),
        check(
            "it picks \"thirty days\" for \"How long are backups kept?\" when the passage says so",
            best == Some(0),
            false,
            format!(
                "it picked \"{}\"",
                best.map_or("nothing", |i| EASY_CHOICES[i])
            ),
        ),
    ])
}
