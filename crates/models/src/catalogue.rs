//! The user's own models as the folder's `user-models.json` lists them: each with its role
//! (what it is for) and files. Read by the models folder, written by the manager.

use crate::{EndpointSettings, ModelError};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What a model is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Texts to vectors: dense retrieval and the embedding reader.
    Embedder,
    /// (query or claim, passage) to a score: cross-encoder rerank, the assertion reader.
    PairScorer,
    /// Question and context to an answer span: the extractive QA reader.
    ExtractiveQa,
    /// A generative language model (a GGUF file, or an OpenAI-compatible endpoint): the LLM
    /// reader.
    Llm,
}

impl Role {
    /// Its name in files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Embedder => "embedder",
            Self::PairScorer => "pair-scorer",
            Self::ExtractiveQa => "extractive-qa",
            Self::Llm => "llm",
        }
    }

    /// Parses a role's name.
    pub fn parse(text: &str) -> Result<Self, ModelError> {
        match text {
            "embedder" => Ok(Self::Embedder),
            "pair-scorer" | "cross-encoder" | "nli" => Ok(Self::PairScorer),
            "extractive-qa" | "qa" => Ok(Self::ExtractiveQa),
            "llm" | "language-model" => Ok(Self::Llm),
            other => Err(ModelError::Invalid(format!(
                "there is no role '{other}'; the roles are embedder, pair-scorer, extractive-qa and llm"
            ))),
        }
    }
}

/// A model the user added.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserModel {
    /// Its name (lower-case letters, digits, '.', '-', '_').
    pub name: String,
    /// What it is for.
    pub role: Role,
    /// In the user's words.
    #[serde(default)]
    pub description: String,
    /// The graph or GGUF file, relative to the models folder (empty for an endpoint).
    #[serde(default)]
    pub model: String,
    /// Its tokenizer.json, relative to the models folder (empty for a language model).
    #[serde(default)]
    pub tokenizer: String,
    /// For a pair scorer with several logits: the one that is the score (NLI "entailment").
    #[serde(default)]
    pub label: Option<usize>,
    /// For a language model: how the LLM reader scores with it ("letter" for a model with a
    /// chat template or an endpoint, "cloze-per-token" for a base model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// For a language model behind an OpenAI-compatible endpoint: how to reach it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<EndpointSettings>,
    /// For a language model: how it read the labelled replies, and the margin it reads the
    /// replies the rules leave unsure with (none until checked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_check: Option<ReplyCheck>,
}

/// How a language model read the labelled replies (METHODS.md §13, step 7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplyCheck {
    /// Replies it was asked.
    pub asked: usize,
    /// Of them, replies the rules leave for a look.
    pub unsure: usize,
    /// The highest lead of a reading it got wrong, if any.
    pub highest_wrong_lead: Option<f64>,
    /// The margin it reads with; None where no margin lets it read an unsure reply as meant
    /// without also reading some reply wrong (then it is not used).
    pub margin: Option<f64>,
    /// Unsure replies it read as meant at that margin.
    pub unsure_read_right: usize,
    /// When (RFC 3339).
    pub at: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct UserManifest {
    pub version: u32,
    pub models: Vec<UserModel>,
}

/// A model to add.
#[derive(Debug, Clone)]
pub struct NewModel<'a> {
    /// The name to give it.
    pub name: &'a str,
    /// What it is for.
    pub role: Role,
    /// In the user's words.
    pub description: &'a str,
    /// The ONNX file (an `<file>.data` beside it, for external weights, is copied too), or the
    /// GGUF file of a language model.
    pub model: &'a Path,
    /// Its tokenizer.json (not for a language model: a GGUF file carries its own).
    pub tokenizer: Option<&'a Path>,
    /// For a pair scorer with several logits: the one that is the score.
    pub label: Option<usize>,
}

pub(crate) const USER_MANIFEST: &str = "user-models.json";

pub(crate) fn read_user_manifest(root: &Path) -> Result<UserManifest, String> {
    let path = root.join(USER_MANIFEST);
    if !path.exists() {
        return Ok(UserManifest::default());
    }
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read {USER_MANIFEST}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{USER_MANIFEST} is not valid: {e}"))
}
