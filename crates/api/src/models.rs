//! The local models, project-independent: what the models folder holds, and a self-test.

use crate::dto::{
    AddModelRequest, ModelCheck, ModelFile, ModelName, ModelSelfTest, ModelTest, ModelsReport,
    SecretName, SecretRequest, SecretStatus, UserModelInfo,
};
use crate::ingest::models_folder;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode};
use proctor_core::{Embedder, cosine};
use proctor_models::{
    EmbedderOptions, EndpointSettings, ModelsFolder, NewModel, Role, SelfTest, UserModel,
};
use std::path::Path;

pub(crate) fn user_model_info(folder: &ModelsFolder, model: &UserModel) -> UserModelInfo {
    UserModelInfo {
        name: model.name.clone(),
        role: model.role.as_str().to_owned(),
        description: model.description.clone(),
        path: match &model.endpoint {
            Some(endpoint) => endpoint.url.clone(),
            None => folder.root().join(&model.model).display().to_string(),
        },
        label: model.label.map(saturating_u32),
        mode: model.mode.clone(),
        endpoint_model: model.endpoint.as_ref().map(|e| e.model.clone()),
        key: model
            .endpoint
            .as_ref()
            .and_then(EndpointSettings::key_source)
            .map(|source| source.status()),
        reply_reading: (model.role == Role::Llm)
            .then(|| crate::reply_model::check_sentence(model.reply_check.as_ref())),
        reads_replies: model
            .reply_check
            .as_ref()
            .is_some_and(|c| c.margin.is_some()),
    }
}

fn self_test_dto(test: &SelfTest) -> ModelSelfTest {
    ModelSelfTest {
        name: test.name.clone(),
        role: test.role.as_str().to_owned(),
        passed: test.passed(),
        checks: test
            .checks
            .iter()
            .map(|c| ModelCheck {
                what: c.what.clone(),
                passed: c.passed,
                required: c.required,
                detail: c.detail.clone(),
            })
            .collect(),
    }
}

/// Adds the user's own model for a role — an ONNX graph with its tokenizer, a GGUF language
/// model, or a language model behind an endpoint — after checking it and running its
/// self-test; a model that fails is not added and nothing is left behind.
pub fn add(setting: Option<&str>, request: &AddModelRequest) -> ApiResult<ModelSelfTest> {
    let mut folder = models_folder(setting)?;
    let role = Role::parse(&request.role)?;
    let test = match &request.endpoint {
        Some(endpoint) if role == Role::Llm => folder.add_endpoint(
            &request.name,
            &request.description,
            EndpointSettings {
                url: endpoint.url.clone(),
                model: endpoint.model.clone(),
                key_env: endpoint.key_env.clone().filter(|k| !k.trim().is_empty()),
                key_keychain: endpoint
                    .key_keychain
                    .clone()
                    .filter(|k| !k.trim().is_empty()),
                timeout_seconds: endpoint.timeout_seconds,
                concurrency: endpoint.concurrency,
                context_tokens: endpoint.context_tokens,
            },
        )?,
        Some(_) => {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "only a language model (role llm) can be an endpoint",
            ));
        }
        None => folder.add_model(&NewModel {
            name: &request.name,
            role,
            description: &request.description,
            model: Path::new(&request.model),
            tokenizer: Some(request.tokenizer.trim())
                .filter(|t| !t.is_empty())
                .map(Path::new),
            label: request.label.map(|l| l as usize),
        })?,
    };
    Ok(self_test_dto(&test))
}

fn secret_status(entry: &str) -> ApiResult<SecretStatus> {
    let secret = proctor_models::keychain_get(entry)?;
    Ok(SecretStatus {
        entry: entry.to_owned(),
        present: secret.is_some(),
        masked: secret.as_deref().map(proctor_models::mask),
    })
}

/// Keeps a secret (an API key) in the OS keychain under an entry settings can name.
pub fn save_secret(request: &SecretRequest) -> ApiResult<SecretStatus> {
    proctor_models::keychain_set(&request.entry, &request.secret)?;
    secret_status(&request.entry)
}

/// Whether a keychain entry holds a secret (masked).
pub fn secret(name: &SecretName) -> ApiResult<SecretStatus> {
    secret_status(&name.entry)
}

/// Removes a keychain entry (nothing happens when there is none).
pub fn forget_secret(name: &SecretName) -> ApiResult<SecretStatus> {
    proctor_models::keychain_delete(&name.entry)?;
    secret_status(&name.entry)
}

/// Removes a model the user added.
pub fn remove(setting: Option<&str>, name: &str) -> ApiResult<UserModelInfo> {
    let mut folder = models_folder(setting)?;
    let removed = folder.remove_model(name)?;
    Ok(user_model_info(&folder, &removed))
}

/// Runs the self-test of a model the user added.
pub fn test_user_model(setting: Option<&str>, name: &str) -> ApiResult<ModelSelfTest> {
    Ok(self_test_dto(&models_folder(setting)?.test_model(name)?))
}

/// Lists the models folder (a `setting`, else `PROCTOR_MODELS`, else the default place).
pub fn list(setting: Option<&str>) -> ApiResult<ModelsReport> {
    let folder = models_folder(setting)?;
    Ok(ModelsReport {
        folder: folder.installed_root().display().to_string(),
        files: folder
            .installed()
            .iter()
            .map(|f| {
                let problem = folder.damage(f);
                ModelFile {
                    role: f.role.clone(),
                    description: f.description.clone(),
                    path: f.path.display().to_string(),
                    bytes: f.bytes,
                    present: f.present && problem.is_none(),
                    problem,
                }
            })
            .collect(),
        user_models: folder
            .user_models()
            .iter()
            .map(|m| user_model_info(&folder, m))
            .collect(),
    })
}

/// Loads the embedder and checks it behaves: unit vectors, and two paraphrases closer than two
/// unrelated sentences.
pub fn test(setting: Option<&str>, int8: bool) -> ApiResult<ModelTest> {
    let embedder = models_folder(setting)?.embedder(&EmbedderOptions {
        int8,
        ..EmbedderOptions::default()
    })?;
    let vectors = embedder.embed_texts(&[
        "How long are backups kept?",
        "For how many days is a backup retained?",
        "The licence counts one seat per person.",
    ])?;
    let unit = vectors.iter().all(|v| (cosine(v, v) - 1.0).abs() < 1e-3);
    let paraphrase_cosine = cosine(&vectors[0], &vectors[1]);
    let unrelated_cosine = cosine(&vectors[0], &vectors[2]);
    Ok(ModelTest {
        embedder: embedder.name().to_owned(),
        dimension: saturating_u32(embedder.dimension()),
        paraphrase_cosine,
        unrelated_cosine,
        passed: unit && paraphrase_cosine > unrelated_cosine + 0.2,
    })
}

/// What the default models folder holds (the door's setting or `PROCTOR_MODELS`).
pub(crate) fn installed() -> ApiResult<ModelsReport> {
    list(None)
}

/// Adds the user's own ONNX model to the default folder after its self-test.
pub(crate) fn add_to_default(request: &AddModelRequest) -> ApiResult<ModelSelfTest> {
    add(None, request)
}

/// Runs the self-test of a user model of the default folder again.
pub(crate) fn test_in_default(model: &ModelName) -> ApiResult<ModelSelfTest> {
    test_user_model(None, &model.name)
}

/// Removes a model the user added to the default folder.
pub(crate) fn remove_from_default(model: &ModelName) -> ApiResult<UserModelInfo> {
    remove(None, &model.name)
}
