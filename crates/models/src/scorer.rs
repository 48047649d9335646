//! Pair scorers: cross-encoders (one logit per pair: its sigmoid) and NLI models (a logit per
//! label: the softmax probability of the entailment label).

use crate::ModelError;
use crate::encoder::{Encoder, EncoderSettings};
use proctor_core::{EmbedError, PairScorer};
use std::path::Path;
use tokenizers::TruncationStrategy;

/// How a pair scorer runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScorerOptions {
    /// Threads ONNX Runtime may use inside one run (0: its default).
    pub threads: usize,
    /// Pairs per run; each batch is padded to its longest pair.
    pub batch_size: usize,
    /// Tokens per pair; the longer text of a pair is cut first.
    pub max_tokens: usize,
    /// For a model with two or more logits per pair: the one whose softmax probability is the
    /// score (the "entailment" label of an NLI model). None: the last one for two logits, and an
    /// error for three or more.
    pub label: Option<usize>,
}

impl Default for ScorerOptions {
    fn default() -> Self {
        Self {
            threads: 0,
            batch_size: 16,
            max_tokens: 512,
            label: None,
        }
    }
}

/// An ONNX cross-encoder or NLI model.
#[derive(Debug)]
pub struct OnnxPairScorer {
    name: String,
    encoder: Encoder,
    output: String,
    labels: usize,
    label: usize,
    batch_size: usize,
}

impl OnnxPairScorer {
    /// Loads a model that takes `input_ids`, `attention_mask` (and maybe `token_type_ids`) and
    /// gives `logits` (or its first output) of shape batch or batch × labels. How many labels
    /// it has is found by a test run.
    pub fn load(
        name: &str,
        runtime: &Path,
        model: &Path,
        tokenizer: &Path,
        options: &ScorerOptions,
    ) -> Result<Self, ModelError> {
        let encoder = Encoder::load(
            "pair scorer",
            runtime,
            model,
            tokenizer,
            EncoderSettings {
                threads: options.threads,
                max_tokens: options.max_tokens,
                truncation: TruncationStrategy::LongestFirst,
            },
        )?;
        let output = encoder.output_named("logits");
        let mut scorer = Self {
            name: name.to_owned(),
            encoder,
            output,
            labels: 1,
            label: 0,
            batch_size: options.batch_size.max(1),
        };
        let probe = scorer.logits(&[("a probe", "for the label count")])?;
        scorer.labels = probe[0].len();
        scorer.label = match (scorer.labels, options.label) {
            (0, _) => return Err(scorer.encoder.incompatible("it gives no logits".into())),
            (k, Some(label)) if label >= k => {
                return Err(scorer.encoder.incompatible(format!(
                    "it gives {k} logits per pair, so there is no label {label} (labels count from 0)"
                )));
            }
            (_, Some(label)) => label,
            (1, None) => 0,
            (2, None) => 1,
            (k, None) => {
                return Err(scorer.encoder.incompatible(format!(
                    "it gives {k} logits per pair (an NLI model?): say which one is \"entailment\" (counting from 0)"
                )));
            }
        };
        Ok(scorer)
    }

    /// Logits per label for each label the model gives.
    pub fn labels(&self) -> usize {
        self.labels
    }

    /// The raw logits of one batch of pairs.
    fn logits(&self, pairs: &[(&str, &str)]) -> Result<Vec<Vec<f32>>, ModelError> {
        let batch = self.encoder.encode_pairs(pairs)?;
        let rows = pairs.len();
        self.encoder.run(&batch, |outputs| {
            let (shape, values) = outputs[self.output.as_str()]
                .try_extract_tensor::<f32>()
                .map_err(|e| {
                    self.encoder
                        .incompatible(format!("its output {} is not float: {e}", self.output))
                })?;
            let dims: Vec<usize> = shape
                .iter()
                .map(|d| usize::try_from(*d).unwrap_or(0))
                .collect();
            let width = match dims[..] {
                [b] if b == rows => 1,
                [b, k] if b == rows => k,
                _ => {
                    return Err(self.encoder.incompatible(format!(
                        "its output {} has shape {dims:?}; batch ({rows}) or batch × labels was expected",
                        self.output
                    )));
                }
            };
            Ok(values.chunks_exact(width.max(1)).map(<[f32]>::to_vec).collect())
        })
    }

    /// Whether it is an NLI model (three or more labels), which reads (premise, hypothesis).
    pub fn is_nli(&self) -> bool {
        self.labels >= 3
    }

    /// One probability per (query or claim, passage) pair, batched. An NLI model is given the
    /// passage as premise and the claim as hypothesis.
    pub fn score_pairs(&self, pairs: &[(&str, &str)]) -> Result<Vec<f32>, ModelError> {
        let mut out = Vec::with_capacity(pairs.len());
        for batch in pairs.chunks(self.batch_size) {
            let ordered: Vec<(&str, &str)> = if self.is_nli() {
                batch
                    .iter()
                    .map(|(claim, passage)| (*passage, *claim))
                    .collect()
            } else {
                batch.to_vec()
            };
            for logits in self.logits(&ordered)? {
                out.push(probability(&logits, self.label));
            }
        }
        Ok(out)
    }
}

/// The sigmoid of a single logit, or the softmax probability of `label` among several.
fn probability(logits: &[f32], label: usize) -> f32 {
    if let [only] = logits {
        return 1.0 / (1.0 + (-only).exp());
    }
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let total: f32 = logits.iter().map(|l| (l - top).exp()).sum();
    (logits[label] - top).exp() / total
}

impl PairScorer for OnnxPairScorer {
    fn name(&self) -> &str {
        &self.name
    }

    fn score(&self, pairs: &[(&str, &str)]) -> Result<Vec<f32>, EmbedError> {
        Ok(self.score_pairs(pairs)?)
    }
}

#[cfg(test)]
mod tests {
    use super::probability;

    #[test]
    fn one_logit_is_a_sigmoid_and_several_a_softmax() {
        assert!((probability(&[0.0], 0) - 0.5).abs() < 1e-7);
        assert!((probability(&[2.0], 0) - 0.880_797).abs() < 1e-6);
        // softmax([1, 2, 3])[2] = e³ / (e + e² + e³) = 0.665241
        assert!((probability(&[1.0, 2.0, 3.0], 2) - 0.665_241).abs() < 1e-6);
        // Large logits do not overflow.
        assert!((probability(&[1000.0, 0.0], 0) - 1.0).abs() < 1e-7);
    }
}
