//! Model files are checked against the SHA-256 the set-up recorded before they are used: a
//! damaged or swapped file of the same size is refused, not run. Hashing a 250 MB model takes
//! seconds, so a file's hash is remembered by its size and modification time (in the user's
//! cache folder, since the models folder may be read-only) and computed again only when either
//! changes.

use crate::ModelError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a file was when it was last hashed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Seen {
    bytes: u64,
    modified_ns: u128,
    sha256: String,
}

fn cache_file() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))?;
    Some(base.join("proctor").join("model-checks.json"))
}

fn read_cache(file: &Path) -> BTreeMap<String, Seen> {
    std::fs::read(file)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Remembers a hash; a cache that cannot be written only means hashing again next time.
fn remember(file: &Path, key: String, seen: Seen) {
    let mut cache = read_cache(file);
    cache.insert(key, seen);
    let Some(folder) = file.parent() else { return };
    if std::fs::create_dir_all(folder).is_err() {
        return;
    }
    let temporary = folder.join(format!(".model-checks.{}.part", std::process::id()));
    if let Ok(text) = serde_json::to_vec_pretty(&cache)
        && std::fs::write(&temporary, text).is_ok()
        && std::fs::rename(&temporary, file).is_err()
    {
        let _ = std::fs::remove_file(&temporary);
    }
}

/// The SHA-256 of a file (hex), read in blocks.
pub(crate) fn file_sha256(path: &Path) -> Result<String, ModelError> {
    use sha2::{Digest, Sha256};
    use std::io::Read;
    let failed =
        |e: std::io::Error| ModelError::Invalid(format!("reading {}: {e}", path.display()));
    let mut file = std::fs::File::open(path).map_err(failed)?;
    let mut hasher = Sha256::new();
    let mut block = vec![0u8; 1 << 20];
    loop {
        let read = file.read(&mut block).map_err(failed)?;
        if read == 0 {
            break;
        }
        hasher.update(&block[..read]);
    }
    Ok(format!("{:x}", hasher.finalize()))
}

/// The file's SHA-256, from the cache when its size and modification time are unchanged.
fn current_sha256(path: &Path, cache: Option<&Path>) -> Result<String, ModelError> {
    let metadata = std::fs::metadata(path)
        .map_err(|e| ModelError::Invalid(format!("reading {}: {e}", path.display())))?;
    let modified_ns = metadata
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let key = std::path::absolute(path)
        .unwrap_or_else(|_| path.to_owned())
        .display()
        .to_string();
    if let Some(cache) = cache
        && let Some(seen) = read_cache(cache).get(&key)
        && seen.bytes == metadata.len()
        && seen.modified_ns == modified_ns
    {
        return Ok(seen.sha256.clone());
    }
    let sha256 = file_sha256(path)?;
    if let Some(cache) = cache {
        remember(
            cache,
            key,
            Seen {
                bytes: metadata.len(),
                modified_ns,
                sha256: sha256.clone(),
            },
        );
    }
    Ok(sha256)
}

/// Checks a model file against the SHA-256 its manifest records (nothing to check when it
/// records none); the error names the file and the way out.
pub(crate) fn verify(path: &Path, expected: &str, folder: &Path) -> Result<(), ModelError> {
    verify_with_cache(path, expected, folder, cache_file().as_deref())
}

fn verify_with_cache(
    path: &Path,
    expected: &str,
    folder: &Path,
    cache: Option<&Path>,
) -> Result<(), ModelError> {
    if expected.is_empty() {
        return Ok(());
    }
    let found = current_sha256(path, cache)?;
    if found.eq_ignore_ascii_case(expected) {
        return Ok(());
    }
    Err(ModelError::Damaged {
        folder: folder.to_owned(),
        message: format!(
            "{} is not the file the set-up installed: its SHA-256 is {}…, the manifest says \
             {}… (damaged or replaced)",
            path.display(),
            found.get(..12).unwrap_or(&found),
            expected.get(..12).unwrap_or(expected)
        ),
        hint: "Re-run the set-up (scripts/install-models.sh) to install it again.".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_of_the_same_size_is_caught_and_a_known_one_is_not_hashed_again() {
        let dir = std::env::temp_dir().join(format!("proctor-checksum-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let model = dir.join("model.onnx");
        let cache = dir.join("cache.json");
        std::fs::write(&model, b"weights-a").unwrap();
        let good = file_sha256(&model).unwrap();
        verify_with_cache(&model, &good, &dir, Some(&cache)).unwrap();
        assert!(read_cache(&cache).values().any(|s| s.sha256 == good));
        // Same size, other bytes, a later modification time.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&model, b"weights-b").unwrap();
        let err = verify_with_cache(&model, &good, &dir, Some(&cache)).unwrap_err();
        assert!(
            err.to_string()
                .contains("is not the file the set-up installed"),
            "{err}"
        );
        // A cache entry is trusted only for the size and time it was taken at.
        let key = std::path::absolute(&model).unwrap().display().to_string();
        let mut entries = read_cache(&cache);
        entries.get_mut(&key).unwrap().sha256 = "forged".into();
        std::fs::write(&cache, serde_json::to_vec(&entries).unwrap()).unwrap();
        assert!(verify_with_cache(&model, "forged", &dir, Some(&cache)).is_ok());
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&model, b"weights-c").unwrap();
        assert!(verify_with_cache(&model, "forged", &dir, Some(&cache)).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
