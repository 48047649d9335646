//! Proctor's local models: ONNX graphs run with `ort` (ONNX Runtime loaded from the models
//! folder, never downloaded) and Hugging Face tokenizers, behind small traits so that the
//! search and exam code never names a model library.
//!
//! - [`ModelsFolder`] finds the models folder (a setting, `PROCTOR_MODELS`, or the default
//!   `~/.local/share/proctor/models`) and says exactly what is missing and how to install it.
//! - [`Embedder`] turns texts into unit vectors; [`OnnxEmbedder`] is the BERT-style
//!   implementation (mean pooling over the attention mask, then L2 normalisation), batched and
//!   padded to the longest text of each batch.
//! - [`PairScorer`] ([`OnnxPairScorer`]: cross-encoders and NLI models) and [`ExtractiveQa`]
//!   ([`OnnxExtractiveQa`]) are models the user adds for stronger readers and reranking;
//!   [`ModelsFolder::add_model`] checks a model's inputs and outputs and runs its [`SelfTest`]
//!   before it is kept.
//! - [`LanguageModel`] runs a GGUF language model in-process (llama.cpp): the log-likelihood of
//!   continuations of a text, the shared prefix decoded once ([`LlmSession`]).
//!
//! ```no_run
//! use proctor_models::{Embedder, ModelsFolder};
//!
//! let folder = ModelsFolder::locate(None)?;
//! let embedder = folder.embedder(&Default::default())?;
//! let vectors = embedder.embed_texts(&["How do I rotate the backup keys?"])?;
//! assert_eq!(vectors[0].len(), embedder.dimension());
//! # Ok::<(), proctor_models::ModelError>(())
//! ```

mod catalogue;
mod checksum;
mod embedder;
mod encoder;
mod endpoint;
mod folder;
mod llm;
mod local_lm;
mod manager;
mod qa;
mod runtime;
mod scorer;
mod secrets;
mod selftest;
pub mod vendor;

pub use catalogue::{NewModel, ReplyCheck, Role, UserModel};
pub use embedder::{EmbedderOptions, OnnxEmbedder};
pub use endpoint::{EndpointModel, EndpointSettings};
pub use folder::{DEFAULT_EMBEDDER, InstalledFile, ModelsFolder, embedder_name};
pub use llm::{
    CONTEXT_TOKENS, Continuation, LanguageModel, MAX_CONTINUATIONS, Session as LlmSession,
    backend as llama_backend,
};
pub use local_lm::LocalLanguageModel;
pub use qa::{OnnxExtractiveQa, QaOptions};
pub use runtime::environment;
pub use scorer::{OnnxPairScorer, ScorerOptions};
pub use secrets::{SecretSource, keychain_delete, keychain_get, keychain_set, mask};
pub use selftest::{Check, SelfTest};

use std::path::PathBuf;

pub use proctor_core::{
    AnswerSpan, EmbedError, Embedder, ExtractiveQa, LanguageScorer, Likelihood, PairScorer,
};

/// The most threads a model may be asked to run on: four per core (and at least 16). More
/// makes no model faster and can exhaust the machine (100,000 crashed ONNX Runtime, 1,000
/// hung it).
pub fn most_threads() -> usize {
    (std::thread::available_parallelism().map_or(1, std::num::NonZero::get) * 4).max(16)
}

/// `threads` when the machine can run that many (0: the runtime chooses), else an error that
/// says how many it can.
pub fn checked_threads(threads: usize) -> Result<usize, ModelError> {
    let most = most_threads();
    if threads > most {
        return Err(ModelError::Invalid(format!(
            "{threads} threads is more than this machine can use: it has {} cores; ask for at \
             most {most} (0 lets the runtime choose)",
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        )));
    }
    Ok(threads)
}

/// What can go wrong with a model, in words a user can act on.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// A file the models folder should hold is not there.
    #[error("{what} is missing: {path} does not exist. {hint}")]
    Missing {
        /// What the file is.
        what: String,
        /// Where it was looked for.
        path: PathBuf,
        /// How to install it.
        hint: String,
    },
    /// The models folder's manifest is unreadable or does not list a file.
    #[error("the models folder {folder} is damaged: {message}. {hint}")]
    Damaged {
        /// The folder.
        folder: PathBuf,
        /// What is wrong.
        message: String,
        /// How to repair it.
        hint: String,
    },
    /// A runtime (ONNX Runtime, llama.cpp) or the OS (its keychain) refused or failed; the
    /// message names which.
    #[error("{0}")]
    Runtime(String),
    /// The tokenizer could not be read or failed on a text.
    #[error("tokenizer: {0}")]
    Tokenizer(String),
    /// What the user asked for cannot be done (a name, a role, a file).
    #[error("{0}")]
    Invalid(String),
    /// A model failed its self-test and was not added.
    #[error("the model failed its self-test: {0}")]
    SelfTest(String),
    /// A model's inputs or outputs are not what its role needs.
    #[error("{model}: {message}")]
    Incompatible {
        /// The model file.
        model: PathBuf,
        /// What does not fit.
        message: String,
    },
}

impl From<ModelError> for EmbedError {
    fn from(e: ModelError) -> Self {
        Self(e.to_string())
    }
}

impl From<ort::Error> for ModelError {
    fn from(e: ort::Error) -> Self {
        Self::Runtime(format!("ONNX Runtime: {e}"))
    }
}

/// What to tell a user whose models are missing.
pub const INSTALL_HINT: &str = "Install the models with scripts/install-models.sh (scripts/setup.sh runs it), \
or set PROCTOR_MODELS to the folder that holds manifest.json.";

#[cfg(test)]
mod tests {
    #[test]
    fn thread_counts_are_bounded_by_the_machine() {
        let most = super::most_threads();
        assert!(most >= 16);
        assert_eq!(super::checked_threads(0).unwrap(), 0);
        assert_eq!(super::checked_threads(most).unwrap(), most);
        let refused = super::checked_threads(100_000).unwrap_err().to_string();
        assert!(
            refused.contains("100000 threads is more than this machine can use"),
            "{refused}"
        );
    }
}
