//! The local models, the user's own models and endpoints, and API keys.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A file of the models folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelFile {
    /// What it is for (runtime, embedder, embedder-int8, tokenizer).
    pub role: String,
    /// In words.
    pub description: String,
    /// Where it is.
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// Whether it is there, with that size and its checksum.
    pub present: bool,
    /// Why a file that is there cannot be used (it does not match its checksum).
    pub problem: Option<String>,
}

/// The models folder and what it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelsReport {
    /// The folder.
    pub folder: String,
    /// Its files.
    pub files: Vec<ModelFile>,
    /// The models the user added.
    pub user_models: Vec<UserModelInfo>,
}

/// A model the user added to the models folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct UserModelInfo {
    /// Its name.
    pub name: String,
    /// What it is for: "embedder", "pair-scorer", "extractive-qa" or "llm".
    pub role: String,
    /// In the user's words.
    pub description: String,
    /// The graph or GGUF file, or for an endpoint its address.
    pub path: String,
    /// For a pair scorer with several logits: the one that is the score.
    pub label: Option<u32>,
    /// For a language model: how the LLM reader scores with it ("letter", "cloze-per-token").
    pub mode: Option<String>,
    /// For a language model behind an endpoint: the model the server is asked for.
    pub endpoint_model: Option<String>,
    /// For an endpoint that sends a key: where the key is read from and whether it is there,
    /// masked ("the OS keychain entry 'openai' (set, ends …3f2a)").
    pub key: Option<String>,
    /// For a language model: how it read the labelled replies, in words ("reads replies the
    /// rules leave unsure with a margin of 2.55: …", or why it is not used, or not checked yet).
    pub reply_reading: Option<String>,
    /// Whether it can be chosen to read the replies the rules leave unsure.
    pub reads_replies: bool,
}

/// A secret (an API key) to keep in the OS keychain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SecretRequest {
    /// The entry's name (1–100 characters), as settings will name it.
    pub entry: String,
    /// The secret itself: kept in the keychain only, never in a file, a log or an answer.
    pub secret: String,
}

/// An entry of the OS keychain, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SecretName {
    /// The entry's name.
    pub entry: String,
}

/// Whether a keychain entry holds a secret, masked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SecretStatus {
    /// The entry's name.
    pub entry: String,
    /// Whether it holds a secret.
    pub present: bool,
    /// The secret masked ("set, ends …3f2a"), when present.
    pub masked: Option<String>,
}

/// One check of a model's self-test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelCheck {
    /// What was checked, in words.
    pub what: String,
    /// Whether it held.
    pub passed: bool,
    /// Whether the model is refused when it does not (otherwise it is advice).
    pub required: bool,
    /// The numbers behind it.
    pub detail: String,
}

/// A user model's self-test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ModelSelfTest {
    /// The model.
    pub name: String,
    /// Its role.
    pub role: String,
    /// Whether every required check held.
    pub passed: bool,
    /// The checks.
    pub checks: Vec<ModelCheck>,
}

/// A model to add to the models folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct AddModelRequest {
    /// The name to give it (lower-case letters, digits, '.', '-', '_').
    pub name: String,
    /// "embedder", "pair-scorer" (cross-encoder or NLI), "extractive-qa" or "llm".
    pub role: String,
    /// In the user's words.
    pub description: String,
    /// The ONNX file, or a language model's GGUF file (empty for an endpoint).
    pub model: String,
    /// Its tokenizer.json (empty for a language model).
    pub tokenizer: String,
    /// For an NLI model: which logit is "entailment" (counting from 0).
    pub label: Option<u32>,
    /// For a language model behind an OpenAI-compatible endpoint: how to reach it.
    #[serde(default)]
    pub endpoint: Option<EndpointRequest>,
}

/// An OpenAI-compatible chat/completions endpoint (Ollama, llama.cpp's server, vLLM, LM Studio,
/// OpenAI, Azure OpenAI).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EndpointRequest {
    /// The API's base address up to its version, e.g. `http://127.0.0.1:11434/v1`.
    pub url: String,
    /// The model the server is asked for.
    pub model: String,
    /// The environment variable that holds the API key. The key itself is never stored.
    pub key_env: Option<String>,
    /// Or the OS keychain entry that holds it (save it there with `save_secret`); with neither,
    /// no key is sent.
    #[serde(default)]
    pub key_keychain: Option<String>,
    /// Seconds one request may take (1–600).
    pub timeout_seconds: u32,
    /// Questions asked at once (1–16).
    pub concurrency: u32,
    /// Tokens the model reads at once; passages are cut to fit (512 and up).
    pub context_tokens: u32,
}

/// A self-test of the embedder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ModelTest {
    /// The model tested.
    pub embedder: String,
    /// Its vectors' length.
    pub dimension: u32,
    /// Cosine of two paraphrases (should be high).
    pub paraphrase_cosine: f64,
    /// Cosine of two unrelated sentences (should be near 0).
    pub unrelated_cosine: f64,
    /// Whether the model behaves as an embedder should (unit vectors, paraphrases closer than
    /// unrelated sentences).
    pub passed: bool,
}
