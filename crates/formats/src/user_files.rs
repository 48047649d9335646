//! Files the user names. Reading: only a regular file is read, never a pipe, a device or a
//! folder, and never past the size limit; a pipe swapped in after the check cannot block the
//! open either (the file is opened without waiting and checked again through its handle).
//! Writing over an earlier file: the new one is written beside it, flushed to disk and renamed
//! over it, so a full disk or a kill mid-write leaves the earlier file whole.

use crate::{ImportError, Limits};
use std::fs::File;
use std::io::Read;
use std::path::Path;

fn not_regular(file: &str) -> ImportError {
    ImportError::file(
        file,
        "not a regular file (a folder, device or pipe): choose a file",
    )
}

/// Opens a regular file for reading, with its size; `file` is the name used in messages.
pub fn open_regular(path: &Path, file: &str) -> Result<(File, u64), ImportError> {
    let cannot = |e: std::io::Error| ImportError::file(file, format!("cannot read the file: {e}"));
    let metadata = std::fs::metadata(path).map_err(cannot)?;
    if !metadata.is_file() {
        return Err(not_regular(file));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let handle = options.open(path).map_err(cannot)?;
    let metadata = handle.metadata().map_err(cannot)?;
    if !metadata.is_file() {
        return Err(not_regular(file));
    }
    Limits::current().check_file_size(file, metadata.len())?;
    Ok((handle, metadata.len()))
}

/// Reads a regular file whole, refusing one that grows past the size limit while it is read.
pub fn read_regular(path: &Path, file: &str) -> Result<Vec<u8>, ImportError> {
    let (handle, size) = open_regular(path, file)?;
    let limit = Limits::current().max_file_bytes;
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    handle
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ImportError::file(file, format!("cannot read the file: {e}")))?;
    Limits::current().check_file_size(file, bytes.len() as u64)?;
    Ok(bytes)
}

/// Writes `bytes` to `path`, replacing an earlier file only once the new one is whole on disk;
/// on any failure the earlier file is untouched and no partial file is left.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    // A link is followed: the file it names is replaced, the link stays.
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path)?,
        _ => path.to_owned(),
    };
    if path.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "a folder is there",
        ));
    }
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file")
    })?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => std::path::PathBuf::from("."),
    };
    let (temporary, mut file) = (0..1000)
        .find_map(|n| {
            let candidate = folder.join(format!(
                ".{}.{}-{n}.part",
                name.to_string_lossy(),
                std::process::id()
            ));
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&candidate)
            {
                Ok(file) => Some(Ok((candidate, file))),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => None,
                Err(e) => Some(Err(e)),
            }
        })
        .unwrap_or_else(|| {
            Err(std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                "no free name for the temporary file",
            ))
        })?;
    let written = (|| {
        file.write_all(bytes)?;
        if let Ok(earlier) = std::fs::metadata(&path) {
            file.set_permissions(earlier.permissions())?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temporary, &path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    // The rename itself reaches the disk with the folder.
    #[cfg(unix)]
    if let Ok(dir) = File::open(&folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_read() {
        let dir = std::env::temp_dir().join(format!("proctor-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plain = dir.join("a.txt");
        std::fs::write(&plain, "text").unwrap();
        assert_eq!(read_regular(&plain, "a.txt").unwrap(), b"text");
        let err = read_regular(&dir, "folder").unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        #[cfg(unix)]
        {
            let err = read_regular(Path::new("/dev/zero"), "zero").unwrap_err();
            assert!(err.to_string().contains("not a regular file"), "{err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = std::env::temp_dir().join(format!("proctor-replace-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let target = dir.join("report.html");
        write_replacing(&target, b"first").unwrap();
        write_replacing(&target, b"second").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"second");
        // A write that cannot finish (a folder is in the way) leaves no temporary file.
        assert!(write_replacing(&dir.join("sub"), b"x").is_err());
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["report.html", "sub"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
