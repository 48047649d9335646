//! The user's own models: ONNX graphs with their tokenizer.json, added to the models folder for
//! a role (embedder, pair scorer, extractive QA) after their inputs and outputs are checked and
//! a self-test passes. They live under `user/<name>/` and are listed in `user-models.json`, apart
//! from what set-up installs, so reinstalling the default models keeps them.

use crate::embedder::{EmbedderOptions, OnnxEmbedder};
use crate::qa::{OnnxExtractiveQa, QaOptions};
use crate::scorer::{OnnxPairScorer, ScorerOptions};
use crate::selftest::{self, SelfTest};
use crate::{DEFAULT_EMBEDDER, ModelError, ModelsFolder};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

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
}

impl Role {
    /// Its name in files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Embedder => "embedder",
            Self::PairScorer => "pair-scorer",
            Self::ExtractiveQa => "extractive-qa",
        }
    }

    /// Parses a role's name.
    pub fn parse(text: &str) -> Result<Self, ModelError> {
        match text {
            "embedder" => Ok(Self::Embedder),
            "pair-scorer" | "cross-encoder" | "nli" => Ok(Self::PairScorer),
            "extractive-qa" | "qa" => Ok(Self::ExtractiveQa),
            other => Err(ModelError::Invalid(format!(
                "there is no role '{other}'; the roles are embedder, pair-scorer and extractive-qa"
            ))),
        }
    }
}

/// A model the user added.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserModel {
    /// Its name (lower-case letters, digits, '.', '-', '_').
    pub name: String,
    /// What it is for.
    pub role: Role,
    /// In the user's words.
    #[serde(default)]
    pub description: String,
    /// The graph, relative to the models folder.
    pub model: String,
    /// Its tokenizer.json, relative to the models folder.
    pub tokenizer: String,
    /// For a pair scorer with several logits: the one that is the score (NLI "entailment").
    #[serde(default)]
    pub label: Option<usize>,
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
    /// The ONNX file (an `<file>.data` beside it, for external weights, is copied too).
    pub model: &'a Path,
    /// Its tokenizer.json.
    pub tokenizer: &'a Path,
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

fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name.len() <= 64
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-".contains(c))
}

impl ModelsFolder {
    /// The models the user added.
    pub fn user_models(&self) -> &[UserModel] {
        &self.user
    }

    /// The user model called `name`.
    pub fn user_model(&self, name: &str) -> Result<&UserModel, ModelError> {
        self.user.iter().find(|m| m.name == name).ok_or_else(|| {
            let known: Vec<&str> = self.user.iter().map(|m| m.name.as_str()).collect();
            ModelError::Invalid(if known.is_empty() {
                format!("there is no model named '{name}': no models have been added yet (proctor models add)")
            } else {
                format!("there is no model named '{name}'; the added models are {}", known.join(", "))
            })
        })
    }

    /// The user model for `role`: the one named, or the only one with that role.
    fn model_for(&self, role: Role, name: Option<&str>) -> Result<&UserModel, ModelError> {
        if let Some(name) = name {
            let model = self.user_model(name)?;
            return if model.role == role {
                Ok(model)
            } else {
                Err(ModelError::Invalid(format!(
                    "'{name}' was added with the role {}, not {}",
                    model.role.as_str(),
                    role.as_str()
                )))
            };
        }
        let mut of_role = self.user.iter().filter(|m| m.role == role);
        match (of_role.next(), of_role.next()) {
            (Some(only), None) => Ok(only),
            (None, _) => Err(ModelError::Invalid(format!(
                "no {} model has been added; add one with: proctor models add --role {} --name NAME model.onnx --tokenizer tokenizer.json",
                role.as_str(),
                role.as_str()
            ))),
            (Some(_), Some(_)) => Err(ModelError::Invalid(format!(
                "several {} models have been added; say which one to use",
                role.as_str()
            ))),
        }
    }

    /// Whether a model of this role has been added.
    pub fn has_role(&self, role: Role) -> bool {
        self.user.iter().any(|m| m.role == role)
    }

    /// A user pair scorer (the one named, or the only one).
    pub fn pair_scorer(
        &self,
        name: Option<&str>,
        options: &ScorerOptions,
    ) -> Result<OnnxPairScorer, ModelError> {
        let model = self.model_for(Role::PairScorer, name)?;
        OnnxPairScorer::load(
            &model.name,
            &self.runtime()?,
            &self.root.join(&model.model),
            &self.root.join(&model.tokenizer),
            &ScorerOptions {
                label: model.label,
                ..options.clone()
            },
        )
    }

    /// A user extractive QA model (the one named, or the only one).
    pub fn extractive_qa(
        &self,
        name: Option<&str>,
        options: &QaOptions,
    ) -> Result<OnnxExtractiveQa, ModelError> {
        let model = self.model_for(Role::ExtractiveQa, name)?;
        OnnxExtractiveQa::load(
            &model.name,
            &self.runtime()?,
            &self.root.join(&model.model),
            &self.root.join(&model.tokenizer),
            options,
        )
    }

    /// A user embedder by name.
    pub fn user_embedder(
        &self,
        name: &str,
        options: &EmbedderOptions,
    ) -> Result<OnnxEmbedder, ModelError> {
        let model = self.model_for(Role::Embedder, Some(name))?;
        OnnxEmbedder::load(
            &model.name,
            &self.runtime()?,
            &self.root.join(&model.model),
            &self.root.join(&model.tokenizer),
            options,
        )
    }

    /// Runs the self-test of a user model.
    pub fn test_model(&self, name: &str) -> Result<SelfTest, ModelError> {
        let model = self.user_model(name)?;
        selftest::run(
            &model.name,
            model.role,
            &self.runtime()?,
            &self.root.join(&model.model),
            &self.root.join(&model.tokenizer),
            model.label,
        )
    }

    /// Adds a model: checks its inputs and outputs and runs the self-test, then copies it (and
    /// an external-weights `<file>.data` beside it) into `user/<name>/` and records it. On any
    /// failure nothing is left behind.
    pub fn add_model(&mut self, new: &NewModel<'_>) -> Result<SelfTest, ModelError> {
        if !valid_name(new.name) || new.name == DEFAULT_EMBEDDER {
            return Err(ModelError::Invalid(format!(
                "'{}' cannot be a model's name: use lower-case letters, digits, '.', '-' and '_' (at most 64), and not {DEFAULT_EMBEDDER}",
                new.name
            )));
        }
        if self.user.iter().any(|m| m.name == new.name) {
            return Err(ModelError::Invalid(format!(
                "a model named '{}' is already there; remove it first (proctor models remove {})",
                new.name, new.name
            )));
        }
        for (what, path) in [("model", new.model), ("tokenizer", new.tokenizer)] {
            if !path.is_file() {
                return Err(ModelError::Invalid(format!(
                    "the {what} file {} does not exist",
                    path.display()
                )));
            }
        }
        // The self-test runs on the user's files, so its messages name them; only a model
        // that passes is copied in.
        let test = selftest::run(
            new.name,
            new.role,
            &self.runtime()?,
            new.model,
            new.tokenizer,
            new.label,
        )?;
        if !test.passed() {
            return Err(ModelError::SelfTest(test.failures()));
        }
        let user = self.root.join("user");
        let staging = user.join(format!(".{}.partial", new.name));
        let io = |e: std::io::Error| {
            ModelError::Invalid(format!("cannot write into {}: {e}", user.display()))
        };
        let copied = (|| {
            let _ = std::fs::remove_dir_all(&staging);
            std::fs::create_dir_all(&staging)?;
            std::fs::copy(new.model, staging.join("model.onnx"))?;
            let mut external = new.model.as_os_str().to_owned();
            external.push(".data");
            let external = PathBuf::from(external);
            if external.is_file() {
                std::fs::copy(&external, staging.join("model.onnx.data"))?;
            }
            std::fs::copy(new.tokenizer, staging.join("tokenizer.json"))?;
            Ok(())
        })();
        if let Err(e) = copied {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(io(e));
        }
        let home = user.join(new.name);
        let _ = std::fs::remove_dir_all(&home);
        std::fs::rename(&staging, &home).map_err(io)?;
        let mut models = self.user.clone();
        models.push(UserModel {
            name: new.name.to_owned(),
            role: new.role,
            description: new.description.to_owned(),
            model: format!("user/{}/model.onnx", new.name),
            tokenizer: format!("user/{}/tokenizer.json", new.name),
            label: new.label,
        });
        if let Err(e) = self.write_user_manifest(&models) {
            let _ = std::fs::remove_dir_all(&home);
            return Err(e);
        }
        self.user = models;
        Ok(test)
    }

    /// Removes a model the user added.
    pub fn remove_model(&mut self, name: &str) -> Result<UserModel, ModelError> {
        let removed = self.user_model(name)?.clone();
        let models: Vec<UserModel> = self
            .user
            .iter()
            .filter(|m| m.name != name)
            .cloned()
            .collect();
        self.write_user_manifest(&models)?;
        self.user = models;
        let _ = std::fs::remove_dir_all(self.root.join("user").join(name));
        Ok(removed)
    }

    /// Writes `user-models.json` whole (a temporary file renamed over it).
    fn write_user_manifest(&self, models: &[UserModel]) -> Result<(), ModelError> {
        let manifest = UserManifest {
            version: 1,
            models: models.to_vec(),
        };
        let text = serde_json::to_string_pretty(&manifest)
            .map_err(|e| ModelError::Invalid(e.to_string()))?;
        let path = self.root.join(USER_MANIFEST);
        let temporary = self.root.join(format!(".{USER_MANIFEST}.partial"));
        let io = |e: std::io::Error| {
            ModelError::Invalid(format!("cannot write {}: {e}", path.display()))
        };
        std::fs::write(&temporary, text + "\n").map_err(io)?;
        std::fs::rename(&temporary, &path).map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::{Role, valid_name};

    #[test]
    fn names_are_plain_and_roles_parse() {
        assert!(valid_name("ms-marco.minilm_l6"));
        assert!(!valid_name("My Model"));
        assert!(!valid_name("../escape"));
        assert!(!valid_name(""));
        assert_eq!(Role::parse("nli").unwrap(), Role::PairScorer);
        assert_eq!(Role::parse("qa").unwrap(), Role::ExtractiveQa);
        assert!(
            Role::parse("generator")
                .unwrap_err()
                .to_string()
                .contains("pair-scorer")
        );
    }
}
