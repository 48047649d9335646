//! BERT-style sentence embedders: tokenise, run the ONNX graph, mean-pool the last hidden state
//! over the attention mask, normalise to unit length.

use crate::ModelError;
use crate::encoder::{Encoder, EncoderSettings};
use proctor_core::{EmbedError, Embedder};
use std::path::Path;
use tokenizers::TruncationStrategy;

/// How an embedder runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedderOptions {
    /// Use the int8 copy of the default model (≈1.6× faster, cosine ≥ 0.98 to fp32).
    pub int8: bool,
    /// Threads ONNX Runtime may use inside one run (0: its default).
    pub threads: usize,
    /// Texts per run; each batch is padded to its longest text.
    pub batch_size: usize,
    /// Tokens per text; longer texts are cut (all-MiniLM-L6-v2 was trained on 256).
    pub max_tokens: usize,
}

impl Default for EmbedderOptions {
    fn default() -> Self {
        Self {
            int8: false,
            threads: 0,
            batch_size: 32,
            max_tokens: 256,
        }
    }
}

/// An ONNX sentence embedder.
#[derive(Debug)]
pub struct OnnxEmbedder {
    name: String,
    encoder: Encoder,
    output: String,
    dimension: usize,
    batch_size: usize,
}

impl OnnxEmbedder {
    /// Loads the model at `model` with the tokenizer at `tokenizer`, on the ONNX Runtime
    /// library at `runtime`. The model must take `input_ids` and `attention_mask` (and may take
    /// `token_type_ids`), int64, batch × sequence, and give a float batch × sequence × width
    /// output (the first output, or `last_hidden_state`). Its width is found by a test run.
    pub fn load(
        name: &str,
        runtime: &Path,
        model: &Path,
        tokenizer: &Path,
        options: &EmbedderOptions,
    ) -> Result<Self, ModelError> {
        let encoder = Encoder::load(
            "embedder",
            runtime,
            model,
            tokenizer,
            EncoderSettings {
                threads: options.threads,
                max_tokens: options.max_tokens,
                truncation: TruncationStrategy::LongestFirst,
            },
        )?;
        let output = encoder.output_named("last_hidden_state");
        let mut embedder = Self {
            name: name.to_owned(),
            encoder,
            output,
            dimension: 0,
            batch_size: options.batch_size.max(1),
        };
        embedder.dimension = embedder.run(&["dimension probe"])?[0].len();
        if embedder.dimension == 0 {
            return Err(embedder
                .encoder
                .incompatible("its output has no width".into()));
        }
        Ok(embedder)
    }

    /// The model file.
    pub fn model(&self) -> &Path {
        self.encoder.model()
    }

    /// One batch through the model.
    fn run(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, ModelError> {
        let batch = self.encoder.encode(texts)?;
        let (rows, length) = (texts.len(), batch.length);
        self.encoder.run(&batch, |outputs| {
            let (dims, hidden) = self.encoder.float_output(outputs, &self.output, 3, rows)?;
            if dims[1] != length {
                return Err(self.encoder.incompatible(format!(
                    "its output is {} × {} for a {rows} × {length} input",
                    dims[0], dims[1]
                )));
            }
            let width = dims[2];
            Ok((0..rows)
                .map(|row| {
                    mean_pool(
                        &hidden[row * length * width..(row + 1) * length * width],
                        &batch.mask[row * length..(row + 1) * length],
                        width,
                    )
                })
                .collect())
        })
    }
}

/// The mean of the rows whose mask is 1, scaled to unit length (a zero vector stays zero).
fn mean_pool(hidden: &[f32], mask: &[i64], width: usize) -> Vec<f32> {
    let mut sum = vec![0.0f32; width];
    let mut count = 0.0f32;
    for (row, m) in hidden.chunks_exact(width).zip(mask) {
        if *m != 0 {
            count += 1.0;
            for (s, v) in sum.iter_mut().zip(row) {
                *s += v;
            }
        }
    }
    let norm = sum.iter().map(|v| v * v).sum::<f32>().sqrt();
    if count > 0.0 && norm > 0.0 {
        for s in &mut sum {
            *s /= norm;
        }
    }
    sum
}

impl OnnxEmbedder {
    /// One vector per text, batched.
    pub fn embed_texts(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, ModelError> {
        let mut out = Vec::with_capacity(texts.len());
        for batch in texts.chunks(self.batch_size) {
            out.extend(self.run(batch)?);
        }
        Ok(out)
    }
}

impl Embedder for OnnxEmbedder {
    fn name(&self) -> &str {
        &self.name
    }

    fn dimension(&self) -> usize {
        self.dimension
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(self.embed_texts(texts)?)
    }
}

#[cfg(test)]
mod tests {
    use super::mean_pool;

    #[test]
    fn pooling_ignores_padding_and_normalises() {
        // Two real tokens [3, 0] and [1, 0], one padded [100, 100]: mean [2, 0] → [1, 0].
        let pooled = mean_pool(&[3.0, 0.0, 1.0, 0.0, 100.0, 100.0], &[1, 1, 0], 2);
        assert_eq!(pooled, vec![1.0, 0.0]);
        assert_eq!(mean_pool(&[0.0, 0.0], &[0], 2), vec![0.0, 0.0]);
    }
}
