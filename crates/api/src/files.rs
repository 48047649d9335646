//! Reading the user's files and folders safely: only regular files, within the size limit, in
//! blocks that check for Stop; folders walked without following links out of the chosen folder
//! or round a loop.

use crate::dto::FileContent;
use crate::{ApiError, ApiResult, ErrorCode, Progress};
use proctor_formats::Limits;
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Standard base64 (RFC 4648, with padding), for a binary file (a PNG, a
/// workbook) crossing to the page as text.
pub(crate) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A file name's stem made of `text`: letters, digits and hyphens kept, anything else `_`.
pub(crate) fn file_stem(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A file as the doors carry it: text as it is, a binary file (`binary`) as base64.
pub(crate) fn file_content(
    file_name: String,
    mime: &str,
    bytes: &[u8],
    binary: bool,
) -> FileContent {
    FileContent {
        file_name,
        mime: mime.to_owned(),
        base64: binary,
        content: if binary {
            base64(bytes)
        } else {
            String::from_utf8_lossy(bytes).into_owned()
        },
    }
}

/// Where the user chose to save `what` (a save dialog's answer): refused when empty, and never a
/// project file's name.
pub(crate) fn chosen_path(given: &str, what: &str) -> ApiResult<PathBuf> {
    let path = PathBuf::from(given.trim());
    if path.as_os_str().is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!("choose where to save {what}"),
        ));
    }
    if path.extension().is_some_and(|e| e == "proctor") {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} is a project file's name; choose another for {what}",
                path.display()
            ),
        ));
    }
    Ok(path)
}

/// Writes a file the user chose ([`chosen_path`]); the path as written, for the answer.
pub(crate) fn write_chosen(path: &Path, bytes: &[u8]) -> ApiResult<String> {
    crate::write_user_file(path, bytes)?;
    Ok(path.display().to_string())
}

/// The message of a job stopped while it was still reading (nothing is written by then).
pub(crate) fn stopped_while_reading() -> ApiError {
    ApiError::new(
        ErrorCode::Cancelled,
        "the import stopped before anything was written; nothing was imported",
    )
}

fn io_error(path: &Path, e: &std::io::Error) -> ApiError {
    let code = if e.kind() == std::io::ErrorKind::NotFound {
        ErrorCode::NotFound
    } else {
        ErrorCode::InvalidInput
    };
    ApiError::new(code, format!("cannot read {}: {e}", path.display()))
}

/// Reads a regular file whole, refusing devices, pipes and files past the size limit, and
/// checking for Stop between blocks of a long file.
pub(crate) fn read_file(path: &Path, progress: &dyn Progress) -> ApiResult<Vec<u8>> {
    let limits = Limits::current();
    let metadata = std::fs::metadata(path).map_err(|e| io_error(path, &e))?;
    if !metadata.is_file() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} is not a regular file (a folder, device or pipe); choose a file",
                path.display()
            ),
        ));
    }
    // Opened without waiting and checked again through the handle: a pipe put in the file's
    // place after the check above cannot block the import.
    let (mut file, _) =
        proctor_formats::user_files::open_regular(path, &path.display().to_string())?;
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    let mut block = vec![0u8; 1 << 20];
    loop {
        if progress.cancelled() {
            return Err(stopped_while_reading());
        }
        let read = file.read(&mut block).map_err(|e| io_error(path, &e))?;
        if read == 0 {
            return Ok(bytes);
        }
        bytes.extend_from_slice(&block[..read]);
        // The file may grow while it is read: the limit holds for what is read, not what was
        // announced.
        limits
            .check_file_size(&path.display().to_string(), bytes.len() as u64)
            .map_err(ApiError::from)?;
    }
}

/// A document file found under a folder, with its topic (its first-level sub-folder).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FoundFile {
    pub path: PathBuf,
    pub topic: Option<String>,
}

/// What a folder walk found, and what it left out (said to the user in the import report).
#[derive(Debug, Default)]
pub(crate) struct Walk {
    pub files: Vec<FoundFile>,
    pub skipped: Vec<String>,
}

/// Every file under `root` whose extension `wanted` accepts, sorted by path. Links are followed
/// only to places inside `root`, each folder is entered once (a link loop ends), and anything
/// that is not a regular file or folder (a device, a pipe, a socket) is skipped and named.
pub(crate) fn walk_folder(
    root: &Path,
    wanted: impl Fn(&Path) -> bool,
    progress: &dyn Progress,
) -> ApiResult<Walk> {
    let limits = Limits::current();
    let canonical_root = root.canonicalize().map_err(|e| io_error(root, &e))?;
    let mut visited: HashSet<PathBuf> = HashSet::from([canonical_root.clone()]);
    let mut pending: Vec<(PathBuf, Option<String>)> = vec![(root.to_owned(), None)];
    let mut walk = Walk::default();
    while let Some((dir, topic)) = pending.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| {
            ApiError::new(
                ErrorCode::InvalidInput,
                format!("cannot list {}: {e}", dir.display()),
            )
        })?;
        for entry in entries {
            if progress.cancelled() {
                return Err(stopped_while_reading());
            }
            let entry = entry.map_err(|e| io_error(&dir, &e))?;
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let child_topic = || topic.clone().or_else(|| Some(name.clone()));
            let kind = entry.file_type().map_err(|e| io_error(&path, &e))?;
            let (is_dir, is_file) = if kind.is_symlink() {
                let Ok(target) = path.canonicalize() else {
                    walk.skipped
                        .push(format!("{} (a broken link)", path.display()));
                    continue;
                };
                if !target.starts_with(&canonical_root) {
                    walk.skipped.push(format!(
                        "{} (a link to {}, outside the folder)",
                        path.display(),
                        target.display()
                    ));
                    continue;
                }
                let metadata = std::fs::metadata(&target).map_err(|e| io_error(&path, &e))?;
                (metadata.is_dir(), metadata.is_file())
            } else {
                (kind.is_dir(), kind.is_file())
            };
            if is_dir {
                let canonical = path.canonicalize().map_err(|e| io_error(&path, &e))?;
                if visited.insert(canonical) {
                    pending.push((path, child_topic()));
                }
            } else if is_file {
                if wanted(&path) {
                    walk.files.push(FoundFile {
                        path,
                        topic: topic.clone(),
                    });
                    if walk.files.len() > limits.max_files {
                        return Err(ApiError::new(
                            ErrorCode::InvalidInput,
                            format!(
                                "{} holds more than {} document files; import its sub-folders \
                                 one at a time (or set PROCTOR_MAX_FILES)",
                                root.display(),
                                limits.max_files
                            ),
                        ));
                    }
                }
            } else {
                walk.skipped.push(format!(
                    "{} (not a regular file: a device, pipe or socket)",
                    path.display()
                ));
            }
        }
    }
    walk.files.sort_by(|a, b| a.path.cmp(&b.path));
    walk.skipped.sort();
    Ok(walk)
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_is_the_standard_alphabet_with_padding() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
    }

    use super::*;
    use crate::NoProgress;

    fn any(_: &Path) -> bool {
        true
    }

    #[test]
    fn regression_symlink_loops_end_and_links_out_of_the_folder_are_skipped() {
        // Defect 2 of issue 9: a folder holding a link to itself was walked forever.
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("corpus");
        std::fs::create_dir_all(root.join("Billing")).unwrap();
        std::fs::write(root.join("Billing/fees.txt"), "Fees.").unwrap();
        std::os::unix::fs::symlink(&root, root.join("Billing/loop")).unwrap();
        std::os::unix::fs::symlink(&root, root.join("again")).unwrap();
        let outside = dir.path().join("secret.txt");
        std::fs::write(&outside, "Not for the corpus.").unwrap();
        std::os::unix::fs::symlink(&outside, root.join("Billing/secret.txt")).unwrap();
        std::os::unix::fs::symlink(root.join("nowhere"), root.join("dangling.txt")).unwrap();
        let walk = walk_folder(&root, any, &NoProgress).unwrap();
        assert_eq!(
            walk.files,
            [FoundFile {
                path: root.join("Billing/fees.txt"),
                topic: Some("Billing".to_owned())
            }]
        );
        assert_eq!(walk.skipped.len(), 2, "{:?}", walk.skipped);
        assert!(
            walk.skipped[0].contains("outside the folder")
                || walk.skipped[1].contains("outside the folder")
        );
    }

    #[test]
    fn devices_and_pipes_are_not_read() {
        let err = read_file(Path::new("/dev/zero"), &NoProgress).unwrap_err();
        assert!(err.message.contains("not a regular file"), "{err:?}");
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.txt");
        std::fs::write(&big, "x").unwrap();
        assert_eq!(read_file(&big, &NoProgress).unwrap(), b"x");
    }

    #[test]
    fn a_stopped_walk_says_nothing_was_imported() {
        struct Stopped;
        impl Progress for Stopped {
            fn start(&self, _: &str, _: u64) {}
            fn advance(&self, _: u64) {}
            fn finish(&self) {}
            fn cancelled(&self) -> bool {
                true
            }
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "A.").unwrap();
        let err = walk_folder(dir.path(), any, &Stopped).unwrap_err();
        assert_eq!(err.code, ErrorCode::Cancelled);
        let err = read_file(&dir.path().join("a.txt"), &Stopped).unwrap_err();
        assert_eq!(err.code, ErrorCode::Cancelled);
    }
}
