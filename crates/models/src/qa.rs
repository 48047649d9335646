//! Extractive question answering (SQuAD-style): the model gives a start and an end logit for
//! every token of `[CLS] question [SEP] context [SEP]`; the answer is the context span with the
//! largest start + end, unless "no answer" (both logits at `[CLS]`) beats it.

use crate::ModelError;
use crate::encoder::{Encoder, EncoderSettings};
use proctor_core::{AnswerSpan, EmbedError, ExtractiveQa};
use std::path::Path;
use tokenizers::{Encoding, TruncationStrategy};

/// How an extractive QA model runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QaOptions {
    /// Threads ONNX Runtime may use inside one run (0: its default).
    pub threads: usize,
    /// Tokens per question + context; the context is cut, never the question.
    pub max_tokens: usize,
    /// The longest answer, in tokens.
    pub max_answer_tokens: usize,
}

impl Default for QaOptions {
    fn default() -> Self {
        Self {
            threads: 0,
            max_tokens: 384,
            max_answer_tokens: 30,
        }
    }
}

/// An ONNX extractive QA model.
#[derive(Debug)]
pub struct OnnxExtractiveQa {
    name: String,
    encoder: Encoder,
    max_answer_tokens: usize,
}

const START: &str = "start_logits";
const END: &str = "end_logits";

impl OnnxExtractiveQa {
    /// Loads a model that takes `input_ids`, `attention_mask` (and maybe `token_type_ids`) and
    /// gives `start_logits` and `end_logits`, both batch × sequence.
    pub fn load(
        name: &str,
        runtime: &Path,
        model: &Path,
        tokenizer: &Path,
        options: &QaOptions,
    ) -> Result<Self, ModelError> {
        let encoder = Encoder::load(
            "extractive QA model",
            runtime,
            model,
            tokenizer,
            EncoderSettings {
                threads: options.threads,
                max_tokens: options.max_tokens,
                truncation: TruncationStrategy::OnlySecond,
            },
        )?;
        for wanted in [START, END] {
            if !encoder.outputs().iter().any(|o| o == wanted) {
                return Err(encoder.incompatible(format!(
                    "an extractive QA model gives {START} and {END}; this model's outputs are {}",
                    encoder.outputs().join(", ")
                )));
            }
        }
        let qa = Self {
            name: name.to_owned(),
            encoder,
            max_answer_tokens: options.max_answer_tokens.max(1),
        };
        qa.spans("What is probed?", &["The shape of the outputs is probed."])?;
        Ok(qa)
    }

    /// The best span in each context.
    pub fn spans(
        &self,
        question: &str,
        contexts: &[&str],
    ) -> Result<Vec<Option<AnswerSpan>>, ModelError> {
        if contexts.is_empty() {
            return Ok(Vec::new());
        }
        let pairs: Vec<(&str, &str)> = contexts.iter().map(|c| (question, *c)).collect();
        let batch = self.encoder.encode_pairs(&pairs)?;
        let (rows, length) = (contexts.len(), batch.length);
        self.encoder.run(&batch, |outputs| {
            let (start_dims, starts) = self.encoder.float_output(outputs, START, 2, rows)?;
            let (end_dims, ends) = self.encoder.float_output(outputs, END, 2, rows)?;
            if start_dims[1] != length || end_dims[1] != length {
                return Err(self.encoder.incompatible(format!(
                    "its logits are {start_dims:?} and {end_dims:?} for a {rows} × {length} input"
                )));
            }
            Ok(batch
                .encodings
                .iter()
                .zip(contexts)
                .enumerate()
                .map(|(row, (encoding, context))| {
                    best_span(
                        encoding,
                        context,
                        &starts[row * length..(row + 1) * length],
                        &ends[row * length..(row + 1) * length],
                        self.max_answer_tokens,
                    )
                })
                .collect())
        })
    }
}

/// The context span with the largest start + end logit, with its softmax probability among
/// every candidate span and "no answer"; None when "no answer" scores higher.
fn best_span(
    encoding: &Encoding,
    context: &str,
    starts: &[f32],
    ends: &[f32],
    max_answer_tokens: usize,
) -> Option<AnswerSpan> {
    let in_context: Vec<usize> = encoding
        .get_sequence_ids()
        .iter()
        .zip(encoding.get_attention_mask())
        .enumerate()
        .filter(|(_, (sequence, mask))| **sequence == Some(1) && **mask == 1)
        .map(|(t, _)| t)
        .collect();
    let null = f64::from(starts[0]) + f64::from(ends[0]);
    let mut scores = vec![null];
    let mut best: Option<(f64, usize, usize)> = None;
    for (a, &i) in in_context.iter().enumerate() {
        for &j in in_context[a..]
            .iter()
            .take_while(|&&j| j - i < max_answer_tokens)
        {
            let score = f64::from(starts[i]) + f64::from(ends[j]);
            scores.push(score);
            if best.is_none_or(|(s, _, _)| score > s) {
                best = Some((score, i, j));
            }
        }
    }
    let (score, i, j) = best?;
    if !score.is_finite() || score <= null {
        return None;
    }
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = scores.iter().map(|s| (s - top).exp()).sum();
    let offsets = encoding.get_offsets();
    let (start, end) = (offsets[i].0, offsets[j].1);
    let text = context.get(start..end)?.to_owned();
    #[expect(clippy::cast_possible_truncation, reason = "a probability fits an f32")]
    let probability = ((score - top).exp() / total) as f32;
    Some(AnswerSpan {
        text,
        start,
        end,
        score: probability,
    })
}

impl ExtractiveQa for OnnxExtractiveQa {
    fn name(&self) -> &str {
        &self.name
    }

    fn answer(
        &self,
        question: &str,
        contexts: &[&str],
    ) -> Result<Vec<Option<AnswerSpan>>, EmbedError> {
        Ok(self.spans(question, contexts)?)
    }
}
