//! `proctor models`: what the models folder holds, self-tests, and the user's own models (ONNX
//! graphs, GGUF language models, language models behind an endpoint).

use crate::{path_text, show, text};
use clap::Subcommand;
use proctor_api::dto::{AddModelRequest, EndpointRequest};
use proctor_api::{ApiError, ApiResult, ErrorCode};
use std::path::PathBuf;

/// The models subcommands.
#[derive(Subcommand)]
pub(crate) enum ModelsAction {
    /// List the installed models and say whether each file is there.
    List {
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run a self-test: of the default embedder, or of a model you added (by name).
    Test {
        /// A model you added (default: the installed embedder).
        name: Option<String>,
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
        /// Test the int8 copy of the default embedder.
        #[arg(long)]
        int8: bool,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Add your own model for a role, after a self-test: an ONNX file with its tokenizer.json,
    /// or (role llm) a GGUF language model.
    Add {
        /// The ONNX file, or the GGUF file of a language model.
        model: PathBuf,
        /// Its tokenizer.json (not for a GGUF language model).
        #[arg(long)]
        tokenizer: Option<PathBuf>,
        /// embedder, pair-scorer (a cross-encoder or NLI model), extractive-qa or llm.
        #[arg(long)]
        role: String,
        /// The name to give it (lower-case letters, digits, '.', '-', '_').
        #[arg(long)]
        name: String,
        /// In your words (where it comes from, its licence).
        #[arg(long, default_value = "")]
        description: String,
        /// For an NLI model: which logit is "entailment", counting from 0.
        #[arg(long)]
        entailment_label: Option<u32>,
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Add a language model behind an OpenAI-compatible endpoint (Ollama, llama.cpp's server,
    /// vLLM, LM Studio, OpenAI, Azure), after a self-test against it.
    AddEndpoint {
        /// The API's base address up to its version, e.g. http://127.0.0.1:11434/v1.
        #[arg(long)]
        url: String,
        /// The model the server is asked for.
        #[arg(long)]
        model: String,
        /// The environment variable that holds the API key (the key itself is never stored).
        #[arg(long, conflicts_with = "key_keychain")]
        key_env: Option<String>,
        /// Or the OS keychain entry that holds it (save it with `proctor keychain set ENTRY`).
        #[arg(long)]
        key_keychain: Option<String>,
        /// Seconds one request may take.
        #[arg(long, default_value_t = 60)]
        timeout: u32,
        /// Questions asked at once.
        #[arg(long, default_value_t = 2)]
        concurrency: u32,
        /// Tokens the model reads at once (passages are cut to fit).
        #[arg(long, default_value_t = 8192)]
        context_tokens: u32,
        /// The name to give it (lower-case letters, digits, '.', '-', '_').
        #[arg(long)]
        name: String,
        /// In your words (where it runs, its licence).
        #[arg(long, default_value = "")]
        description: String,
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check a language model you added as a reader of replies: it reads Proctor's labelled
    /// replies, which set the margin it reads the replies the rules leave unsure with (or show
    /// that it cannot be trusted with them).
    CheckReplies {
        /// Its name.
        name: String,
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
        /// Print the model as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Remove a model you added.
    Remove {
        /// Its name.
        name: String,
        /// The models folder (installed by scripts/install-models.sh).
        #[arg(long, env = "PROCTOR_MODELS")]
        models: Option<PathBuf>,
    },
}

pub(crate) fn models(action: ModelsAction) -> ApiResult<()> {
    match action {
        ModelsAction::List { models, json } => show(
            &proctor_api::models::list(models.as_deref().map(path_text).as_deref())?,
            json,
            text::models,
        ),
        ModelsAction::Test {
            name: Some(name),
            models,
            json,
            ..
        } => {
            let result = proctor_api::models::test_user_model(
                models.as_deref().map(path_text).as_deref(),
                &name,
            )?;
            show(&result, json, text::self_test)?;
            if result.passed {
                Ok(())
            } else {
                Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    format!("{name} failed its self-test"),
                ))
            }
        }
        ModelsAction::Add {
            model,
            tokenizer,
            role,
            name,
            description,
            entailment_label,
            models,
            json,
        } => show(
            &proctor_api::models::add(
                models.as_deref().map(path_text).as_deref(),
                &AddModelRequest {
                    name,
                    role,
                    description,
                    model: path_text(&model),
                    tokenizer: tokenizer.as_deref().map(path_text).unwrap_or_default(),
                    label: entailment_label,
                    endpoint: None,
                },
            )?,
            json,
            text::self_test,
        ),
        ModelsAction::AddEndpoint {
            url,
            model,
            key_env,
            key_keychain,
            timeout,
            concurrency,
            context_tokens,
            name,
            description,
            models,
            json,
        } => show(
            &proctor_api::models::add(
                models.as_deref().map(path_text).as_deref(),
                &AddModelRequest {
                    name,
                    role: "llm".into(),
                    description,
                    model: String::new(),
                    tokenizer: String::new(),
                    label: None,
                    endpoint: Some(EndpointRequest {
                        url,
                        model,
                        key_env,
                        key_keychain,
                        timeout_seconds: timeout,
                        concurrency,
                        context_tokens,
                    }),
                },
            )?,
            json,
            text::self_test,
        ),
        ModelsAction::CheckReplies { name, models, json } => {
            let model = proctor_api::reply_model::check_reply_reader(
                models.as_deref().map(path_text).as_deref(),
                &name,
                &crate::progress::Bar::new(),
            )?;
            show(&model, json, |m| {
                format!(
                    "{}: {}\n",
                    m.name,
                    m.reply_reading.as_deref().unwrap_or("not a language model")
                )
            })
        }
        ModelsAction::Remove { name, models } => {
            let removed =
                proctor_api::models::remove(models.as_deref().map(path_text).as_deref(), &name)?;
            println!("Removed {} ({}).", removed.name, removed.role);
            Ok(())
        }
        ModelsAction::Test {
            name: None,
            models,
            int8,
            json,
        } => {
            let result =
                proctor_api::models::test(models.as_deref().map(path_text).as_deref(), int8)?;
            show(&result, json, text::model_test)?;
            if result.passed {
                Ok(())
            } else {
                Err(ApiError::new(
                    ErrorCode::Internal,
                    "the embedder failed its self-test",
                ))
            }
        }
    }
}
