//! The models folder: where it is, what its manifest lists, and the models it holds.

use crate::catalogue::{Role, UserModel, read_user_manifest};
use crate::embedder::{EmbedderOptions, OnnxEmbedder};
use crate::local_lm::LocalLanguageModel;
use crate::{INSTALL_HINT, ModelError};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The embedder set-up installs (all-MiniLM-L6-v2 converted to ONNX).
pub const DEFAULT_EMBEDDER: &str = "all-minilm-l6-v2";

#[derive(Debug, Deserialize)]
struct Manifest {
    files: Vec<ManifestFile>,
}

#[derive(Debug, Deserialize)]
struct ManifestFile {
    path: String,
    role: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    bytes: u64,
    #[serde(default)]
    sha256: String,
    #[serde(default)]
    mode: Option<String>,
}

/// One installed file as the manifest lists it, and whether it is there with its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstalledFile {
    /// What it is for ("runtime", "embedder", "embedder-int8", "tokenizer").
    pub role: String,
    /// In words.
    pub description: String,
    /// Where it is.
    pub path: PathBuf,
    /// Its size as installed.
    pub bytes: u64,
    /// Whether the file is there with that size.
    pub present: bool,
    /// Its SHA-256 as installed (hex; empty when the manifest does not say).
    pub sha256: String,
    /// For a language model: the scoring mode measured best for it ("cloze-per-token", …).
    pub mode: Option<String>,
}

/// A models folder with a readable manifest.
#[derive(Debug, Clone)]
pub struct ModelsFolder {
    /// Where the user's own models and their list are kept.
    pub(crate) root: PathBuf,
    /// Where the installed models and their manifest are: `root`, or the package's read-only
    /// folder (`/usr/share/proctor/models`) when the models came with the package.
    installed_root: PathBuf,
    files: Vec<(String, String)>,
    installed: Vec<InstalledFile>,
    pub(crate) user: Vec<UserModel>,
}

impl ModelsFolder {
    /// Whether a model of this role has been added.
    pub fn has_role(&self, role: Role) -> bool {
        self.user.iter().any(|m| m.role == role)
    }

    /// Finds the folder: `setting` if given, else `PROCTOR_MODELS`, else
    /// `$XDG_DATA_HOME/proctor/models` (`~/.local/share/proctor/models`).
    ///
    /// Without a setting, when the user's folder holds no installed models but the package's
    /// folder does (next to the program: `../share/proctor/models`), those are used, and the
    /// user's own models are kept in the user's folder.
    pub fn locate(setting: Option<&Path>) -> Result<Self, ModelError> {
        if let Some(path) = setting {
            return Self::open(path);
        }
        if let Some(path) = std::env::var_os("PROCTOR_MODELS") {
            return Self::open(Path::new(&path));
        }
        let user = default_folder();
        if !user.join("manifest.json").is_file()
            && let Some(packaged) = packaged_folder()
        {
            return Self::open_split(&packaged, &user);
        }
        Self::open(&user)
    }

    /// Opens the folder at `root`, reading its manifest.
    pub fn open(root: &Path) -> Result<Self, ModelError> {
        Self::open_split(root, root)
    }

    /// Opens the installed models at `installed_root` (its manifest) with the user's own
    /// models at `root`.
    fn open_split(installed_root: &Path, root: &Path) -> Result<Self, ModelError> {
        let manifest_path = installed_root.join("manifest.json");
        if !manifest_path.is_file() {
            return Err(ModelError::Missing {
                what: "the models folder".into(),
                path: manifest_path,
                hint: INSTALL_HINT.into(),
            });
        }
        let damaged = |message: String| ModelError::Damaged {
            folder: installed_root.to_owned(),
            message,
            hint: INSTALL_HINT.into(),
        };
        let text = std::fs::read_to_string(&manifest_path)
            .map_err(|e| damaged(format!("cannot read manifest.json: {e}")))?;
        let manifest: Manifest = serde_json::from_str(&text)
            .map_err(|e| damaged(format!("manifest.json is not valid: {e}")))?;
        let installed = manifest
            .files
            .iter()
            .map(|f| {
                let path = installed_root.join(&f.path);
                let present = std::fs::metadata(&path)
                    .is_ok_and(|m| m.is_file() && (f.bytes == 0 || m.len() == f.bytes));
                InstalledFile {
                    role: f.role.clone(),
                    description: f.description.clone(),
                    path,
                    bytes: f.bytes,
                    present,
                    sha256: f.sha256.clone(),
                    mode: f.mode.clone(),
                }
            })
            .collect();
        let user = read_user_manifest(root).map_err(damaged)?.models;
        Ok(Self {
            root: root.to_owned(),
            installed_root: installed_root.to_owned(),
            user,
            files: manifest
                .files
                .into_iter()
                .map(|f| (f.role, f.path))
                .collect(),
            installed,
        })
    }

    /// Every file the manifest lists.
    pub fn installed(&self) -> &[InstalledFile] {
        &self.installed
    }

    /// What is wrong with a file that is there with its size: it does not match the checksum
    /// the set-up recorded (hashed once per change of the file).
    pub fn damage(&self, file: &InstalledFile) -> Option<String> {
        if !file.present {
            return None;
        }
        crate::checksum::verify(&file.path, &file.sha256, &self.installed_root)
            .err()
            .map(|e| e.to_string())
    }

    /// The folder of the user's own models.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The folder of the installed models (the user's folder, or the package's).
    pub fn installed_root(&self) -> &Path {
        &self.installed_root
    }

    /// The installed file with this role ("runtime", "embedder", "embedder-int8",
    /// "tokenizer"), checked to exist.
    pub fn file(&self, role: &str) -> Result<PathBuf, ModelError> {
        let relative = self
            .files
            .iter()
            .find(|(r, _)| r == role)
            .map(|(_, p)| p)
            .ok_or_else(|| ModelError::Damaged {
                folder: self.installed_root.clone(),
                message: format!("its manifest lists no {role} file"),
                hint: INSTALL_HINT.into(),
            })?;
        let path = self.installed_root.join(relative);
        if path.is_file() {
            if let Some(installed) = self.installed.iter().find(|f| f.role == role) {
                crate::checksum::verify(&path, &installed.sha256, &self.installed_root)?;
            }
            Ok(path)
        } else {
            Err(ModelError::Missing {
                what: format!("the {role} file"),
                path,
                hint: INSTALL_HINT.into(),
            })
        }
    }

    /// The ONNX Runtime shared library.
    pub fn runtime(&self) -> Result<PathBuf, ModelError> {
        self.file("runtime")
    }

    /// The default embedder (the int8 copy when `options.int8`), ready to use.
    pub fn embedder(&self, options: &EmbedderOptions) -> Result<OnnxEmbedder, ModelError> {
        let model = self.file(if options.int8 {
            "embedder-int8"
        } else {
            "embedder"
        })?;
        let tokenizer = self.file("tokenizer")?;
        OnnxEmbedder::load(
            &embedder_name(options),
            &self.runtime()?,
            &model,
            &tokenizer,
            options,
        )
    }
}

impl ModelsFolder {
    /// The language model set-up installs (role "llm"), loaded on its own thread, named by its
    /// file and the start of its SHA-256 so that a run records exactly which weights answered.
    pub fn language_model(&self, threads: usize) -> Result<LocalLanguageModel, ModelError> {
        let path = self.file("llm").map_err(|e| match e {
            ModelError::Missing { what, path, .. } => ModelError::Missing {
                what: format!("{what} (the language model the LLM reader runs on)"),
                path,
                hint: "Install it with scripts/install-models.sh (scripts/setup.sh does), or add a GGUF file of your own with proctor models add --role llm.".into(),
            },
            other => other,
        })?;
        let installed = self.installed.iter().find(|f| f.role == "llm");
        let hash = installed.map_or("", |f| f.sha256.get(..8).unwrap_or(""));
        LocalLanguageModel::start(&path, threads, &model_label(&path, hash))
    }

    /// The SHA-256 set-up recorded for an installed file of `role`.
    pub fn installed_sha256(&self, role: &str) -> Option<String> {
        self.installed
            .iter()
            .find(|f| f.role == role)
            .map(|f| f.sha256.clone())
    }

    /// The scoring mode recorded for the installed language model, if any.
    pub fn language_model_mode(&self) -> Option<String> {
        self.installed
            .iter()
            .find(|f| f.role == "llm")
            .and_then(|f| f.mode.clone())
    }

    /// Whether the language model set-up installs is there.
    pub fn installed_language_model(&self) -> bool {
        self.installed.iter().any(|f| f.role == "llm" && f.present)
    }

    /// Whether any language model is at hand: the installed one or one the user added.
    pub fn has_language_model(&self) -> bool {
        self.installed_language_model() || self.has_role(Role::Llm)
    }
}

/// "file-stem (sha256 prefix)".
pub(crate) fn model_label(path: &Path, hash: &str) -> String {
    let stem = path
        .file_stem()
        .map_or_else(|| "model".into(), |s| s.to_string_lossy().into_owned());
    if hash.is_empty() {
        stem
    } else {
        format!("{stem} ({hash})")
    }
}

/// The name the default embedder's vectors are cached under: the model, and "-int8" for its
/// int8 copy (their vectors differ, so they must not share a cache).
pub fn embedder_name(options: &EmbedderOptions) -> String {
    if options.int8 {
        format!("{DEFAULT_EMBEDDER}-int8")
    } else {
        DEFAULT_EMBEDDER.to_owned()
    }
}

/// The models a package installed beside the program, when there are: `<prefix>/bin/proctor` →
/// `<prefix>/share/proctor/models` (the .deb and .rpm), else a `models` folder next to the
/// program (a Windows installer's resources) or in the app's `Resources` (a macOS bundle).
fn packaged_folder() -> Option<PathBuf> {
    let program = std::env::current_exe().ok()?;
    let folder = program.parent()?;
    [
        folder
            .parent()
            .map(|prefix| prefix.join("share/proctor/models")),
        Some(folder.join("models")),
        folder
            .parent()
            .map(|contents| contents.join("Resources/models")),
    ]
    .into_iter()
    .flatten()
    .find(|candidate| candidate.join("manifest.json").is_file())
}

fn default_folder() -> PathBuf {
    std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".local/share")))
        // Windows keeps a user's application data here.
        .or_else(|| std::env::var_os("APPDATA").map(PathBuf::from))
        .unwrap_or_else(std::env::temp_dir)
        .join("proctor/models")
}
