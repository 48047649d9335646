//! The user's own models: ONNX graphs with their tokenizer.json, added to the models folder for
//! a role (embedder, pair scorer, extractive QA) after their inputs and outputs are checked and
//! a self-test passes. They live under `user/<name>/` and are listed in `user-models.json`, apart
//! from what set-up installs, so reinstalling the default models keeps them.

use crate::catalogue::{NewModel, ReplyCheck, Role, USER_MANIFEST, UserManifest, UserModel};
use crate::embedder::{EmbedderOptions, OnnxEmbedder};
use crate::endpoint::{EndpointModel, EndpointSettings};
use crate::local_lm::LocalLanguageModel;
use crate::qa::{OnnxExtractiveQa, QaOptions};
use crate::scorer::{OnnxPairScorer, ScorerOptions};
use crate::selftest::{self, SelfTest};
use crate::{DEFAULT_EMBEDDER, ModelError, ModelsFolder};
use proctor_core::{LanguageScorer, TextWriter};
use std::path::PathBuf;

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
        if model.role == Role::Llm {
            let loaded = self.user_language_model(model, 0)?;
            return Ok(SelfTest {
                name: model.name.clone(),
                role: Role::Llm,
                checks: selftest::language_model_checks(loaded.as_ref())?,
            });
        }
        selftest::run(
            &model.name,
            model.role,
            &self.runtime()?,
            &self.root.join(&model.model),
            &self.root.join(&model.tokenizer),
            model.label,
        )
    }

    /// Refuses a name that is not plain or is taken.
    fn check_new_name(&self, name: &str) -> Result<(), ModelError> {
        if !valid_name(name) || name == DEFAULT_EMBEDDER {
            return Err(ModelError::Invalid(format!(
                "'{name}' cannot be a model's name: use lower-case letters, digits, '.', '-' and '_' (at most 64), and not {DEFAULT_EMBEDDER}"
            )));
        }
        if self.user.iter().any(|m| m.name == name) {
            return Err(ModelError::Invalid(format!(
                "a model named '{name}' is already there; remove it first (proctor models remove {name})"
            )));
        }
        Ok(())
    }

    /// Adds a model: checks its inputs and outputs and runs the self-test, then copies it (and
    /// an external-weights `<file>.data` beside it, or for a language model its GGUF file) into
    /// `user/<name>/` and records it. On any failure nothing is left behind.
    pub fn add_model(&mut self, new: &NewModel<'_>) -> Result<SelfTest, ModelError> {
        self.check_new_name(new.name)?;
        let tokenizer = if new.role == Role::Llm {
            None
        } else {
            Some(new.tokenizer.ok_or_else(|| {
                ModelError::Invalid(format!(
                    "a {} model needs its tokenizer.json",
                    new.role.as_str()
                ))
            })?)
        };
        for (what, path) in [("model", Some(new.model)), ("tokenizer", tokenizer)] {
            if let Some(path) = path
                && !path.is_file()
            {
                return Err(ModelError::Invalid(format!(
                    "the {what} file {} does not exist",
                    path.display()
                )));
            }
        }
        // The self-test runs on the user's files, so its messages name them; only a model
        // that passes is copied in.
        let (test, mode) = match tokenizer {
            None => {
                let model = LocalLanguageModel::start(new.model, 0, new.name)?;
                let test = SelfTest {
                    name: new.name.to_owned(),
                    role: Role::Llm,
                    checks: selftest::language_model_checks(&model)?,
                };
                // An instruct model (one with a chat template) is asked for the letter, a base
                // model scores each choice's text (crates/models/README.md has the numbers).
                let mode = if model.chat("").is_some() {
                    "letter"
                } else {
                    "cloze-per-token"
                };
                (test, Some(mode.to_owned()))
            }
            Some(tokenizer) => (
                selftest::run(
                    new.name,
                    new.role,
                    &self.runtime()?,
                    new.model,
                    tokenizer,
                    new.label,
                )?,
                None,
            ),
        };
        if !test.passed() {
            return Err(ModelError::SelfTest(test.failures()));
        }
        let model_file = if new.role == Role::Llm {
            "model.gguf"
        } else {
            "model.onnx"
        };
        let user = self.root.join("user");
        let staging = user.join(format!(".{}.partial", new.name));
        let io = |e: std::io::Error| {
            ModelError::Invalid(format!("cannot write into {}: {e}", user.display()))
        };
        let copied = (|| {
            let _ = std::fs::remove_dir_all(&staging);
            std::fs::create_dir_all(&staging)?;
            std::fs::copy(new.model, staging.join(model_file))?;
            let mut external = new.model.as_os_str().to_owned();
            external.push(".data");
            let external = PathBuf::from(external);
            if tokenizer.is_some() && external.is_file() {
                std::fs::copy(&external, staging.join("model.onnx.data"))?;
            }
            if let Some(tokenizer) = tokenizer {
                std::fs::copy(tokenizer, staging.join("tokenizer.json"))?;
            }
            Ok(())
        })();
        if let Err(e) = copied {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(io(e));
        }
        let home = user.join(new.name);
        let _ = std::fs::remove_dir_all(&home);
        std::fs::rename(&staging, &home).map_err(io)?;
        let record = UserModel {
            name: new.name.to_owned(),
            role: new.role,
            description: new.description.to_owned(),
            model: format!("user/{}/{model_file}", new.name),
            tokenizer: if tokenizer.is_some() {
                format!("user/{}/tokenizer.json", new.name)
            } else {
                String::new()
            },
            label: new.label,
            mode,
            endpoint: None,
            reply_check: None,
        };
        if let Err(e) = self.record(record) {
            let _ = std::fs::remove_dir_all(&home);
            return Err(e);
        }
        Ok(test)
    }

    /// Adds a language model behind an OpenAI-compatible endpoint, after its self-test (the
    /// server is asked the easy question twice). Nothing is written when it fails.
    pub fn add_endpoint(
        &mut self,
        name: &str,
        description: &str,
        settings: EndpointSettings,
    ) -> Result<SelfTest, ModelError> {
        self.check_new_name(name)?;
        let model = EndpointModel::new(name, settings)?;
        let test = SelfTest {
            name: name.to_owned(),
            role: Role::Llm,
            checks: selftest::language_model_checks(&model)?,
        };
        if !test.passed() {
            return Err(ModelError::SelfTest(test.failures()));
        }
        self.record(UserModel {
            name: name.to_owned(),
            role: Role::Llm,
            description: description.to_owned(),
            model: String::new(),
            tokenizer: String::new(),
            label: None,
            mode: Some("letter".to_owned()),
            endpoint: Some(model.settings().clone()),
            reply_check: None,
        })?;
        Ok(test)
    }

    /// Keeps how a language model the user added read the labelled replies.
    pub fn set_reply_check(&mut self, name: &str, check: &ReplyCheck) -> Result<(), ModelError> {
        let model = self.model_for(Role::Llm, Some(name))?;
        let name = model.name.clone();
        let models: Vec<UserModel> = self
            .user
            .iter()
            .map(|m| {
                let mut m = m.clone();
                if m.name == name {
                    m.reply_check = Some(check.clone());
                }
                m
            })
            .collect();
        self.write_user_manifest(&models)?;
        self.user = models;
        Ok(())
    }

    /// Adds a record to `user-models.json`.
    fn record(&mut self, model: UserModel) -> Result<(), ModelError> {
        let mut models = self.user.clone();
        models.push(model);
        self.write_user_manifest(&models)?;
        self.user = models;
        Ok(())
    }

    /// A language model the user added, loaded (a GGUF file on `threads` threads) or prepared
    /// (an endpoint).
    pub(crate) fn user_language_model(
        &self,
        model: &UserModel,
        threads: usize,
    ) -> Result<Box<dyn LanguageScorer>, ModelError> {
        Ok(match &model.endpoint {
            Some(settings) => Box::new(EndpointModel::new(&model.name, settings.clone())?),
            None => Box::new(LocalLanguageModel::start(
                &self.root.join(&model.model),
                threads,
                &model.name,
            )?),
        })
    }

    /// The language model the LLM reader runs on, and the scoring mode recorded for it: the
    /// user's model named, else the one set-up installs, else the only one the user added.
    pub fn language_model_named(
        &self,
        name: Option<&str>,
        threads: usize,
    ) -> Result<(Box<dyn LanguageScorer>, Option<String>), ModelError> {
        let user = match name {
            Some(name) => Some(self.model_for(Role::Llm, Some(name))?),
            None if self.installed_language_model() => None,
            None => self.user.iter().find(|m| m.role == Role::Llm),
        };
        match user {
            Some(model) => Ok((
                self.user_language_model(model, threads)?,
                model.mode.clone(),
            )),
            None => Ok((
                Box::new(self.language_model(threads)?),
                self.language_model_mode(),
            )),
        }
    }

    /// The language model that writes an exam's questions, and what identifies its weights for
    /// the questions' provenance (the file's SHA-256, or the endpoint's address and model): the
    /// user's model named, else the one set-up installs, else the only one the user added.
    pub fn writer_named(
        &self,
        name: Option<&str>,
        threads: usize,
    ) -> Result<(Box<dyn TextWriter>, String), ModelError> {
        let user = match name {
            Some(name) => Some(self.model_for(Role::Llm, Some(name))?),
            None if self.installed_language_model() => None,
            None => self.user.iter().find(|m| m.role == Role::Llm),
        };
        match user {
            Some(UserModel {
                name,
                endpoint: Some(settings),
                ..
            }) => Ok((
                Box::new(EndpointModel::new(name, settings.clone())?),
                format!("{} · {}", settings.url, settings.model),
            )),
            Some(model) => {
                let path = self.root.join(&model.model);
                let hash = crate::checksum::file_sha256(&path)?;
                Ok((
                    Box::new(LocalLanguageModel::start(&path, threads, &model.name)?),
                    format!("sha256:{hash}"),
                ))
            }
            None => {
                let model = self.language_model(threads)?;
                let hash = self.installed_sha256("llm").unwrap_or_default();
                Ok((Box::new(model), format!("sha256:{hash}")))
            }
        }
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
