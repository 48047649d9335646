//! How much an import may read, unpack and hold: bounds that keep a hostile or careless file
//! (a zip bomb, a spreadsheet cell at XFD1048576, a gigabyte PDF) from taking the machine down.
//!
//! Every reader checks these before it allocates in proportion to what a file *claims*; past a
//! bound, the import is refused with a message that names the file, the bound and how to raise
//! it. The defaults are far above any real exam, answer file or document, and each can be set
//! with an environment variable (in megabytes or counts):
//!
//! | bound | default | variable |
//! |---|---|---|
//! | one file's size | 512 MB | `PROCTOR_MAX_FILE_MB` |
//! | bytes unpacked from one archive (DOCX, XLSX) or PDF | 512 MB | `PROCTOR_MAX_UNPACKED_MB` |
//! | entries of one archive | 10,000 | `PROCTOR_MAX_ARCHIVE_ENTRIES` |
//! | cells of one table (rows × columns) | 5,000,000 | `PROCTOR_MAX_CELLS` |
//! | columns of one table | 512 | `PROCTOR_MAX_COLUMNS` |
//! | files under one folder | 100,000 | `PROCTOR_MAX_FILES` |

use crate::ImportError;
use std::sync::OnceLock;

const MB: u64 = 1024 * 1024;

/// The bounds of one import.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest file read, in bytes.
    pub max_file_bytes: u64,
    /// Most bytes unpacked from one archive or PDF.
    pub max_unpacked_bytes: u64,
    /// Most entries in one archive.
    pub max_archive_entries: usize,
    /// Most cells (rows × columns) of one table.
    pub max_cells: usize,
    /// Most columns of one table.
    pub max_columns: usize,
    /// Most files found under one folder.
    pub max_files: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_file_bytes: 512 * MB,
            max_unpacked_bytes: 512 * MB,
            max_archive_entries: 10_000,
            max_cells: 5_000_000,
            max_columns: 512,
            max_files: 100_000,
        }
    }
}

/// The limit variables, each with what it counts.
const VARIABLES: [(&str, &str); 6] = [
    ("PROCTOR_MAX_FILE_MB", "megabytes"),
    ("PROCTOR_MAX_UNPACKED_MB", "megabytes"),
    ("PROCTOR_MAX_ARCHIVE_ENTRIES", "entries"),
    ("PROCTOR_MAX_CELLS", "cells"),
    ("PROCTOR_MAX_COLUMNS", "columns"),
    ("PROCTOR_MAX_FILES", "files"),
];

/// The largest limit: "no limit" in practice, with room left for arithmetic on it.
const NO_LIMIT: u64 = u64::MAX >> 2;

/// A limit as written: a whole number, digits grouped with `_` or `,` allowed; a number too
/// large to hold means "no limit" ([`NO_LIMIT`]).
fn parse_limit(text: &str) -> Option<u64> {
    let digits: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '_' | ','))
        .collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(NO_LIMIT).min(NO_LIMIT))
}

fn env_number(name: &str) -> Option<u64> {
    parse_limit(&std::env::var(name).ok()?)
}

impl Limits {
    /// Refuses a limit variable that is set to something other than a whole number, naming the
    /// variable and what it holds (called where a program starts, before any import).
    pub fn check_environment() -> Result<(), String> {
        for (name, unit) in VARIABLES {
            if let Ok(value) = std::env::var(name)
                && !value.trim().is_empty()
                && parse_limit(&value).is_none()
            {
                return Err(format!(
                    "{name} is set to {value:?}: it takes a whole number of {unit} \
                     (a very large number means no limit); change or unset it"
                ));
            }
        }
        Ok(())
    }

    /// The defaults, overridden by the `PROCTOR_MAX_*` environment variables (read once).
    pub fn current() -> Self {
        static CURRENT: OnceLock<Limits> = OnceLock::new();
        *CURRENT.get_or_init(|| {
            let d = Limits::default();
            let count = |name: &str, default: usize| {
                env_number(name).map_or(default, |v| usize::try_from(v).unwrap_or(usize::MAX >> 2))
            };
            Limits {
                max_file_bytes: env_number("PROCTOR_MAX_FILE_MB")
                    .map_or(d.max_file_bytes, |v| v.saturating_mul(MB).min(NO_LIMIT)),
                max_unpacked_bytes: env_number("PROCTOR_MAX_UNPACKED_MB")
                    .map_or(d.max_unpacked_bytes, |v| v.saturating_mul(MB).min(NO_LIMIT)),
                max_archive_entries: count("PROCTOR_MAX_ARCHIVE_ENTRIES", d.max_archive_entries),
                max_cells: count("PROCTOR_MAX_CELLS", d.max_cells),
                max_columns: count("PROCTOR_MAX_COLUMNS", d.max_columns),
                max_files: count("PROCTOR_MAX_FILES", d.max_files),
            }
        })
    }

    /// Refuses a file larger than [`Limits::max_file_bytes`].
    pub fn check_file_size(&self, file: &str, bytes: u64) -> Result<(), ImportError> {
        if bytes > self.max_file_bytes {
            return Err(ImportError::file(
                file,
                format!(
                    "the file is {} and Proctor reads files of at most {} \
                     (set PROCTOR_MAX_FILE_MB to raise the limit)",
                    human_bytes(bytes),
                    human_bytes(self.max_file_bytes)
                ),
            ));
        }
        Ok(())
    }

    pub(crate) fn unpacked_too_large(&self, file: &str, what: &str) -> ImportError {
        ImportError::file(
            file,
            format!(
                "{what} unpacks to more than {} (a damaged file or a zip bomb?); \
                 set PROCTOR_MAX_UNPACKED_MB to raise the limit",
                human_bytes(self.max_unpacked_bytes)
            ),
        )
    }
}

/// "1.5 GB", "300 KB", "12 bytes".
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GB", MB * 1024), ("MB", MB), ("KB", 1024)];
    for (unit, size) in UNITS {
        if bytes >= size {
            #[expect(clippy::cast_precision_loss, reason = "a size shown to one decimal")]
            let value = bytes as f64 / size as f64;
            return if value >= 100.0 || value.fract() < 0.05 {
                format!("{value:.0} {unit}")
            } else {
                format!("{value:.1} {unit}")
            };
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_as_people_write_them() {
        assert_eq!(parse_limit(" 64 "), Some(64));
        assert_eq!(parse_limit("1_000"), Some(1000));
        assert_eq!(parse_limit("99999999999999999999999"), Some(NO_LIMIT));
        assert_eq!(
            parse_limit("99999999999999").map(|v| v.saturating_mul(MB).min(NO_LIMIT)),
            Some(NO_LIMIT)
        );
        for bad in ["", "-5", "1.5", "lots", "1e9"] {
            assert_eq!(parse_limit(bad), None, "{bad}");
        }
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_bytes(12), "12 bytes");
        assert_eq!(human_bytes(1536), "1.5 KB");
        assert_eq!(human_bytes(512 * MB), "512 MB");
        assert_eq!(human_bytes(3 * 1024 * MB / 2), "1.5 GB");
    }

    #[test]
    fn a_file_past_the_limit_is_refused_with_the_way_out() {
        let limits = Limits {
            max_file_bytes: MB,
            ..Limits::default()
        };
        assert!(limits.check_file_size("a.pdf", MB).is_ok());
        let err = limits.check_file_size("a.pdf", 2 * MB).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.pdf: the file is 2 MB and Proctor reads files of at most 1 MB \
             (set PROCTOR_MAX_FILE_MB to raise the limit)"
        );
    }
}
