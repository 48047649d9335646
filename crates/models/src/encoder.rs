//! What every transformer role shares: an ONNX session that takes `input_ids`,
//! `attention_mask` and optionally `token_type_ids` (int64, batch × sequence), and a tokenizer
//! that pads each batch to its longest text and cuts at a token limit.

use crate::ModelError;
use crate::runtime::environment;
use ort::session::builder::GraphOptimizationLevel;
use ort::session::{Session, SessionOutputs};
use ort::value::Tensor;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tokenizers::{
    Encoding, PaddingParams, PaddingStrategy, Tokenizer, TruncationParams, TruncationStrategy,
};

const IDS: &str = "input_ids";
const MASK: &str = "attention_mask";
const TYPES: &str = "token_type_ids";

/// How a session and its tokenizer are set up.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EncoderSettings {
    /// Threads ONNX Runtime may use inside one run (0: its default).
    pub threads: usize,
    /// Tokens per input; longer inputs are cut.
    pub max_tokens: usize,
    /// Which text of a pair gives way when a pair is too long.
    pub truncation: TruncationStrategy,
}

/// A transformer encoder: session, tokenizer and the input names the graph takes.
#[derive(Debug)]
pub(crate) struct Encoder {
    model: PathBuf,
    session: Mutex<Session>,
    tokenizer: Tokenizer,
    inputs: Vec<String>,
    outputs: Vec<String>,
}

/// The tokens of one batch, as the graph's inputs want them.
pub(crate) struct Batch {
    /// The encodings, all padded to `length`.
    pub encodings: Vec<Encoding>,
    /// Tokens per row.
    pub length: usize,
    /// The attention mask, row after row.
    pub mask: Vec<i64>,
}

impl Encoder {
    /// Loads the graph at `model` and the tokenizer at `tokenizer` for a `role` ("embedder",
    /// "pair scorer", "extractive QA"), checking the graph's inputs.
    pub fn load(
        role: &str,
        runtime: &Path,
        model: &Path,
        tokenizer: &Path,
        settings: EncoderSettings,
    ) -> Result<Self, ModelError> {
        let env = environment(runtime)?;
        crate::checked_threads(settings.threads)?;
        if !model.is_file() {
            return Err(ModelError::Incompatible {
                model: model.to_owned(),
                message: "there is no such file".into(),
            });
        }
        let mut builder = Session::builder(env)?
            .with_optimization_level(GraphOptimizationLevel::Level3)
            .map_err(ort::Error::from)?;
        if settings.threads > 0 {
            builder = builder
                .with_intra_threads(settings.threads)
                .map_err(ort::Error::from)?;
        }
        let session = builder
            .commit_from_file(model)
            .map_err(|e| ModelError::Incompatible {
                model: model.to_owned(),
                message: format!("ONNX Runtime cannot load it as a model: {e}"),
            })?;
        let inputs: Vec<String> = session
            .inputs()
            .iter()
            .map(|i| i.name().to_owned())
            .collect();
        let outputs: Vec<String> = session
            .outputs()
            .iter()
            .map(|o| o.name().to_owned())
            .collect();
        let incompatible = |message: String| ModelError::Incompatible {
            model: model.to_owned(),
            message,
        };
        for required in [IDS, MASK] {
            if !inputs.iter().any(|i| i == required) {
                return Err(incompatible(format!(
                    "a {role} needs an input named {required}; this model's inputs are {}",
                    inputs.join(", ")
                )));
            }
        }
        if let Some(other) = inputs
            .iter()
            .find(|i| ![IDS, MASK, TYPES].contains(&i.as_str()))
        {
            return Err(incompatible(format!(
                "a {role} takes input_ids, attention_mask and token_type_ids; this model also wants {other}"
            )));
        }
        if outputs.is_empty() {
            return Err(incompatible("the model has no output".into()));
        }
        let mut tokenizer = Tokenizer::from_file(tokenizer)
            .map_err(|e| ModelError::Tokenizer(format!("reading {}: {e}", tokenizer.display())))?;
        // Tokenizers often ship with a fixed padding and truncation (all-MiniLM-L6-v2's: 128):
        // pad each batch to its longest text instead, and cut at max_tokens.
        tokenizer.with_padding(Some(PaddingParams {
            strategy: PaddingStrategy::BatchLongest,
            ..PaddingParams::default()
        }));
        tokenizer
            .with_truncation(Some(TruncationParams {
                max_length: settings.max_tokens.max(8),
                strategy: settings.truncation,
                ..TruncationParams::default()
            }))
            .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
        Ok(Self {
            model: model.to_owned(),
            session: Mutex::new(session),
            tokenizer,
            inputs,
            outputs,
        })
    }

    /// The model file.
    pub fn model(&self) -> &Path {
        &self.model
    }

    /// The graph's output names, in order.
    pub fn outputs(&self) -> &[String] {
        &self.outputs
    }

    /// The output called `name`, else the first one.
    pub fn output_named(&self, name: &str) -> String {
        self.outputs
            .iter()
            .find(|o| *o == name)
            .unwrap_or(&self.outputs[0])
            .clone()
    }

    /// An error about this model.
    pub fn incompatible(&self, message: String) -> ModelError {
        ModelError::Incompatible {
            model: self.model.clone(),
            message,
        }
    }

    /// Tokenises single texts.
    pub fn encode(&self, texts: &[&str]) -> Result<Batch, ModelError> {
        let encodings = self
            .tokenizer
            .encode_batch(texts.to_vec(), true)
            .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
        Ok(Batch::new(encodings))
    }

    /// Tokenises pairs of texts (the tokenizer's own pair template, e.g. `[CLS] a [SEP] b [SEP]`).
    pub fn encode_pairs(&self, pairs: &[(&str, &str)]) -> Result<Batch, ModelError> {
        let inputs: Vec<tokenizers::EncodeInput> = pairs
            .iter()
            .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()).into())
            .collect();
        let encodings = self
            .tokenizer
            .encode_batch(inputs, true)
            .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
        Ok(Batch::new(encodings))
    }

    /// Runs the graph on a batch and hands its outputs to `read`.
    pub fn run<T>(
        &self,
        batch: &Batch,
        read: impl FnOnce(&SessionOutputs<'_>) -> Result<T, ModelError>,
    ) -> Result<T, ModelError> {
        let rows = batch.encodings.len();
        let column = |pick: fn(&Encoding) -> &[u32]| -> Vec<i64> {
            batch
                .encodings
                .iter()
                .flat_map(|e| pick(e).iter().map(|v| i64::from(*v)))
                .collect()
        };
        let mut feeds: Vec<(String, Tensor<i64>)> = Vec::with_capacity(3);
        for name in &self.inputs {
            let values = match name.as_str() {
                IDS => column(Encoding::get_ids),
                MASK => batch.mask.clone(),
                _ => column(Encoding::get_type_ids),
            };
            feeds.push((
                name.clone(),
                Tensor::from_array(([rows, batch.length], values))?,
            ));
        }
        let mut session = self
            .session
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let outputs = session.run(feeds)?;
        read(&outputs)
    }

    /// A float output with its dimensions, checked to have `rank` dimensions of which the
    /// first is the batch.
    pub fn float_output<'o>(
        &self,
        outputs: &'o SessionOutputs<'_>,
        name: &str,
        rank: usize,
        rows: usize,
    ) -> Result<(Vec<usize>, &'o [f32]), ModelError> {
        let (shape, values) = outputs[name]
            .try_extract_tensor::<f32>()
            .map_err(|e| self.incompatible(format!("its output {name} is not float: {e}")))?;
        let dims: Vec<usize> = shape
            .iter()
            .map(|d| usize::try_from(*d).unwrap_or(0))
            .collect();
        if dims.len() != rank || dims.first() != Some(&rows) {
            return Err(self.incompatible(format!(
                "its output {name} has shape {dims:?}; {rank} dimensions starting with the batch ({rows}) were expected"
            )));
        }
        Ok((dims, values))
    }
}

impl Batch {
    fn new(encodings: Vec<Encoding>) -> Self {
        let length = encodings.first().map_or(0, Encoding::len);
        let mask = encodings
            .iter()
            .flat_map(|e| e.get_attention_mask().iter().map(|v| i64::from(*v)))
            .collect();
        Self {
            encodings,
            length,
            mask,
        }
    }
}
