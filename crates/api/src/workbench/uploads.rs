//! Files a browser sends (browser mode cannot hand the server a local path): streamed into the
//! project's own folder (`<project>.files/` next to the project file), capped at the import size
//! limit, and only then named, so an interrupted or refused upload leaves nothing behind. The
//! path of a finished upload is what an import then reads, as for any other file.

use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::text::clean_name;
use proctor_formats::Limits;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One upload on its way to disk.
#[derive(Debug)]
pub struct Upload {
    name: String,
    folder: PathBuf,
    partial: Option<PathBuf>,
    file: Option<File>,
    written: u64,
    limit: u64,
}

fn failed(what: &str, path: &Path, e: &std::io::Error) -> ApiError {
    ApiError::new(
        ErrorCode::Internal,
        format!("{what} {}: {e}", path.display()),
    )
}

/// A file name safe to create in the uploads folder: no folders, no control or bidi
/// characters, no leading dots (dropped).
pub(crate) fn safe_name(name: &str) -> ApiResult<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned = clean_name(base);
    let cleaned = cleaned.trim().trim_start_matches('.').trim();
    if cleaned.is_empty() || cleaned.len() > 200 {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "\"{}\" is not a file name Proctor can keep (empty, hidden or longer than 200 bytes)",
                proctor_core::text::visible(name)
            ),
        ));
    }
    Ok(cleaned.to_owned())
}

impl Project {
    /// The folder next to the project file that keeps the files uploaded into it.
    pub fn uploads_folder(&self) -> PathBuf {
        let mut name = self.path().as_os_str().to_owned();
        name.push(".files");
        PathBuf::from(name)
    }
}

impl Upload {
    /// Starts an upload named `name` into `folder`.
    pub(crate) fn start(folder: PathBuf, name: &str) -> ApiResult<Self> {
        let name = safe_name(name)?;
        std::fs::create_dir_all(&folder).map_err(|e| failed("cannot create", &folder, &e))?;
        let partial = folder.join(format!(
            ".{name}.{:016x}.partial",
            rand_suffix(&folder, &name)
        ));
        let file = File::create_new(&partial).map_err(|e| failed("cannot create", &partial, &e))?;
        Ok(Self {
            name,
            folder,
            partial: Some(partial),
            file: Some(file),
            written: 0,
            limit: Limits::current().max_file_bytes,
        })
    }

    /// Appends the next piece; refuses (and forgets the file) past the size limit.
    pub fn write(&mut self, bytes: &[u8]) -> ApiResult<()> {
        self.written += bytes.len() as u64;
        if self.written > self.limit {
            self.discard();
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "{} is larger than {}, the most Proctor imports (set PROCTOR_MAX_FILE_MB to \
                     raise the limit); nothing was kept",
                    self.name,
                    proctor_formats::limits::human_bytes(self.limit)
                ),
            ));
        }
        let (Some(file), Some(partial)) = (self.file.as_mut(), self.partial.as_ref()) else {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "this upload was already refused",
            ));
        };
        file.write_all(bytes)
            .map_err(|e| failed("cannot write", partial, &e))
    }

    /// Names the finished file (`name`, or `name (2)`… when taken) and answers its path.
    pub fn finish(mut self) -> ApiResult<PathBuf> {
        let (Some(file), Some(partial)) = (self.file.take(), self.partial.take()) else {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "this upload was already refused",
            ));
        };
        file.sync_all()
            .map_err(|e| failed("cannot write", &partial, &e))?;
        drop(file);
        let (stem, extension) = match self.name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => (stem.to_owned(), format!(".{ext}")),
            _ => (self.name.clone(), String::new()),
        };
        for n in 1..10_000 {
            let candidate = if n == 1 {
                self.folder.join(&self.name)
            } else {
                self.folder.join(format!("{stem} ({n}){extension}"))
            };
            // A hard link never replaces an existing file: taken names are skipped atomically.
            match std::fs::hard_link(&partial, &candidate) {
                Ok(()) => {
                    let _ = std::fs::remove_file(&partial);
                    return Ok(candidate);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => {
                    let _ = std::fs::remove_file(&partial);
                    return Err(failed("cannot keep", &candidate, &e));
                }
            }
        }
        let _ = std::fs::remove_file(&partial);
        Err(ApiError::new(
            ErrorCode::Conflict,
            format!(
                "too many files named {} in {}",
                self.name,
                self.folder.display()
            ),
        ))
    }

    fn discard(&mut self) {
        self.file = None;
        if let Some(partial) = self.partial.take() {
            let _ = std::fs::remove_file(partial);
        }
    }
}

impl Drop for Upload {
    /// An upload dropped before it finished (the browser went away) leaves nothing behind.
    fn drop(&mut self) {
        self.discard();
    }
}

/// A suffix that keeps two simultaneous uploads of one name apart.
fn rand_suffix(folder: &Path, name: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write(folder.as_os_str().as_encoded_bytes());
    hasher.write(name.as_bytes());
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upload_is_named_only_when_finished_and_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("p.proctor.files");
        let mut first = Upload::start(folder.clone(), "../../etc/answers.csv").unwrap();
        first.write(b"id,answer\n").unwrap();
        assert!(
            !folder.join("answers.csv").exists(),
            "named before it finished"
        );
        let path = first.finish().unwrap();
        assert_eq!(path, folder.join("answers.csv"));
        let mut second = Upload::start(folder.clone(), "answers.csv").unwrap();
        second.write(b"other").unwrap();
        assert_eq!(second.finish().unwrap(), folder.join("answers (2).csv"));
        assert_eq!(std::fs::read(&path).unwrap(), b"id,answer\n");
        // Dropped midway: nothing is left, not even the partial file.
        let mut third = Upload::start(folder.clone(), "gone.csv").unwrap();
        third.write(b"half").unwrap();
        drop(third);
        let left: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
        // Names that are only dots or only a folder are refused; a leading dot is dropped.
        assert!(Upload::start(folder.clone(), "..").is_err());
        assert!(Upload::start(folder.clone(), "some/folder/").is_err());
        let hidden = Upload::start(folder.clone(), ".hidden")
            .unwrap()
            .finish()
            .unwrap();
        assert_eq!(hidden, folder.join("hidden"));
    }

    #[test]
    fn an_upload_past_the_limit_is_refused_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let mut upload = Upload::start(dir.path().to_owned(), "big.csv").unwrap();
        upload.limit = 8;
        upload.write(b"12345").unwrap();
        let error = upload.write(b"6789").unwrap_err();
        assert!(error.message.contains("larger than"), "{}", error.message);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        assert_eq!(upload.finish().unwrap_err().code, ErrorCode::Conflict);
    }
}
