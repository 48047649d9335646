//! BERT-style sentence embedders: tokenise, run the ONNX graph, mean-pool the last hidden state
//! over the attention mask, normalise to unit length.

use crate::ModelError;
use crate::runtime::environment;
use ort::session::Session;
use ort::session::builder::GraphOptimizationLevel;
use ort::value::Tensor;
use proctor_core::{EmbedError, Embedder};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tokenizers::{PaddingParams, PaddingStrategy, Tokenizer, TruncationParams};

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
    model: PathBuf,
    session: Mutex<Session>,
    tokenizer: Tokenizer,
    inputs: Vec<String>,
    output: String,
    dimension: usize,
    batch_size: usize,
}

const IDS: &str = "input_ids";
const MASK: &str = "attention_mask";
const TYPES: &str = "token_type_ids";

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
        let env = environment(runtime)?;
        let incompatible = |message: String| ModelError::Incompatible {
            model: model.to_owned(),
            message,
        };
        let mut builder = Session::builder(env)?
            .with_optimization_level(GraphOptimizationLevel::Level3)
            .map_err(ort::Error::from)?;
        if options.threads > 0 {
            builder = builder
                .with_intra_threads(options.threads)
                .map_err(ort::Error::from)?;
        }
        let session = builder.commit_from_file(model)?;
        let inputs: Vec<String> = session
            .inputs()
            .iter()
            .map(|i| i.name().to_owned())
            .collect();
        for required in [IDS, MASK] {
            if !inputs.iter().any(|i| i == required) {
                return Err(incompatible(format!(
                    "an embedder needs an input named {required}; this model has {}",
                    inputs.join(", ")
                )));
            }
        }
        if let Some(other) = inputs
            .iter()
            .find(|i| ![IDS, MASK, TYPES].contains(&i.as_str()))
        {
            return Err(incompatible(format!(
                "an embedder takes input_ids, attention_mask and token_type_ids; this model also wants {other}"
            )));
        }
        let output = session
            .outputs()
            .iter()
            .find(|o| o.name() == "last_hidden_state")
            .or_else(|| session.outputs().first())
            .map(|o| o.name().to_owned())
            .ok_or_else(|| incompatible("the model has no output".into()))?;
        let mut tokenizer = Tokenizer::from_file(tokenizer)
            .map_err(|e| ModelError::Tokenizer(format!("reading {}: {e}", tokenizer.display())))?;
        // The shipped tokenizer pads and truncates to a fixed 128: pad each batch to its
        // longest text instead, and cut at max_tokens.
        tokenizer.with_padding(Some(PaddingParams {
            strategy: PaddingStrategy::BatchLongest,
            ..PaddingParams::default()
        }));
        tokenizer
            .with_truncation(Some(TruncationParams {
                max_length: options.max_tokens.max(8),
                ..TruncationParams::default()
            }))
            .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
        let mut embedder = Self {
            name: name.to_owned(),
            model: model.to_owned(),
            session: Mutex::new(session),
            tokenizer,
            inputs,
            output,
            dimension: 0,
            batch_size: options.batch_size.max(1),
        };
        embedder.dimension = embedder.run(&["dimension probe"])?[0].len();
        if embedder.dimension == 0 {
            return Err(incompatible("its output has no width".into()));
        }
        Ok(embedder)
    }

    /// The model file.
    pub fn model(&self) -> &Path {
        &self.model
    }

    /// One batch through the model.
    fn run(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, ModelError> {
        let encodings = self
            .tokenizer
            .encode_batch(texts.to_vec(), true)
            .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
        let batch = encodings.len();
        let length = encodings.first().map_or(0, tokenizers::Encoding::len);
        let column = |pick: fn(&tokenizers::Encoding) -> &[u32]| -> Vec<i64> {
            encodings
                .iter()
                .flat_map(|e| pick(e).iter().map(|v| i64::from(*v)))
                .collect()
        };
        let mask = column(tokenizers::Encoding::get_attention_mask);
        let mut feeds: Vec<(String, Tensor<i64>)> = Vec::with_capacity(3);
        for name in &self.inputs {
            let values = match name.as_str() {
                IDS => column(tokenizers::Encoding::get_ids),
                MASK => mask.clone(),
                _ => column(tokenizers::Encoding::get_type_ids),
            };
            feeds.push((name.clone(), Tensor::from_array(([batch, length], values))?));
        }
        let mut session = self
            .session
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let outputs = session.run(feeds)?;
        let (shape, hidden) = outputs[self.output.as_str()].try_extract_tensor::<f32>()?;
        let dims: Vec<usize> = shape
            .iter()
            .map(|d| usize::try_from(*d).unwrap_or(0))
            .collect();
        let [b, s, width] = dims[..] else {
            return Err(ModelError::Incompatible {
                model: self.model.clone(),
                message: format!(
                    "its output {} should be batch × sequence × width, not {dims:?}",
                    self.output
                ),
            });
        };
        if b != batch || s != length {
            return Err(ModelError::Incompatible {
                model: self.model.clone(),
                message: format!("its output is {b} × {s} for a {batch} × {length} input"),
            });
        }
        Ok((0..batch)
            .map(|row| {
                mean_pool(
                    &hidden[row * s * width..(row + 1) * s * width],
                    &mask[row * s..(row + 1) * s],
                    width,
                )
            })
            .collect())
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
