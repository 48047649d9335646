//! ONNX Runtime, loaded once per process from the models folder.

use crate::ModelError;
use ort::environment::Environment;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

static ENVIRONMENT: OnceLock<(PathBuf, Environment)> = OnceLock::new();
static LOADING: Mutex<()> = Mutex::new(());

/// The process's ONNX Runtime environment, loading the library at `library` the first time.
/// ONNX Runtime allows one environment per process: a second, different library is refused.
pub fn environment(library: &Path) -> Result<&'static Environment, ModelError> {
    if let Some((loaded, env)) = ENVIRONMENT.get() {
        return same_library(loaded, library).map(|()| env);
    }
    let _guard = LOADING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((loaded, env)) = ENVIRONMENT.get() {
        return same_library(loaded, library).map(|()| env);
    }
    let builder = ort::init_from(library).map_err(|e| {
        ModelError::Runtime(format!("ONNX Runtime, loading {}: {e}", library.display()))
    })?;
    let env = builder
        .with_name("proctor")
        .with_telemetry(false)
        .build()
        .map_err(|e| ModelError::Runtime(format!("ONNX Runtime: {e}")))?;
    let (_, env) = ENVIRONMENT.get_or_init(|| (library.to_owned(), env));
    Ok(env)
}

fn same_library(loaded: &Path, wanted: &Path) -> Result<(), ModelError> {
    if loaded == wanted {
        Ok(())
    } else {
        Err(ModelError::Runtime(format!(
            "ONNX Runtime is already loaded from {}; it cannot also be loaded from {} in the same process",
            loaded.display(),
            wanted.display()
        )))
    }
}
