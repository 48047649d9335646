//! The project file: one SQLite database per project.
//!
//! [`Store`] opens (or creates) a `.proctor` file, switches on WAL and foreign keys, and applies
//! the numbered SQL files of `/migrations` that the file has not seen yet, each in its own
//! transaction (`PRAGMA user_version` records how far it got). Reads are methods of [`Store`];
//! every write goes through a [`Tx`], a transaction that either commits whole or leaves the file
//! as it was — which is what makes imports all-or-nothing, even under `SIGKILL`.
//!
//! ```
//! let dir = tempfile::tempdir().unwrap();
//! let mut store = proctor_store::Store::create(&dir.path().join("demo.proctor")).unwrap();
//! let tx = store.transaction().unwrap();
//! let topic = tx.topic_id("Billing").unwrap();
//! tx.commit().unwrap();
//! assert_eq!(store.counts().unwrap().topics, 1);
//! # let _ = topic;
//! ```

mod generation;
mod migrations;
mod read;
mod readings;
mod references;
mod rows;
mod sheets;
mod trash;
mod vendors;
mod versions;
mod write;

pub use generation::{CandidateRow, GenerationRow, NewCandidate, NewGeneration};
pub use migrations::{LATEST_VERSION, MIGRATIONS, Migration};
pub use readings::HandNote;
pub use references::{FormulationRow, NuggetRow};
pub use rows::{
    AnswerRow, ChunkRow, Counts, DocumentRow, DocumentText, ExamVersionRow, NewChunk, NewDocument,
    NewQuestion, NewResponse, OpenGrading, QuestionRow, ResponseRow, RunRow, SystemRow,
};
pub use sheets::SheetAnswer;
pub use trash::DeletedSystem;
pub use vendors::{ExchangeRow, NewExchange};
pub use versions::QuestionContent;
pub use write::Tx;

use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};

/// `PRAGMA application_id` of a Proctor project file ("PRCT").
pub const APPLICATION_ID: i32 = 0x5052_4354;

/// What can go wrong with a project file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused an operation.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// The file to open does not exist.
    #[error("there is no project file at {0}")]
    Missing(PathBuf),
    /// The file to create exists already.
    #[error("a file already exists at {0}")]
    Exists(PathBuf),
    /// The file is a database of some other program.
    #[error("{0} is not a Proctor project file")]
    NotAProject(PathBuf),
    /// The file was written by a newer Proctor.
    #[error(
        "{path} was written by a newer Proctor (schema {found}, this version knows up to {known})"
    )]
    TooNew {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: u32,
        /// The newest version this build knows.
        known: u32,
    },
    /// The file has other names (hard links): SQLite's locks hold per name, so two programs
    /// writing through two names would damage it.
    #[error(
        "{path} has {links} names on disk (hard links, as some backups make): two programs writing \
         through two names would damage it, so Proctor does not open it for writing; \
         copy it (a plain copy, not a link) and open the copy"
    )]
    Linked {
        /// The file.
        path: PathBuf,
        /// How many names it has.
        links: u64,
    },
    /// The file or its folder cannot be written.
    #[error("{path}: {why}")]
    ReadOnly {
        /// The file.
        path: PathBuf,
        /// What cannot be written and what to do.
        why: String,
    },
    /// The write contradicts what the project already holds.
    #[error("{0}")]
    Conflict(String),
    /// A stored value does not parse (the file was edited by hand or is damaged).
    #[error("damaged value in table {table}, row {row}: {message}")]
    Damaged {
        /// Table name.
        table: &'static str,
        /// Row id.
        row: i64,
        /// What is wrong.
        message: String,
    },
}

impl StoreError {
    /// Whether SQLite refused a write because the project was opened for reading only.
    pub fn is_read_only_write(&self) -> bool {
        matches!(self, Self::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::ReadOnly))
    }
}

/// Shorthand for store results.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The path SQLite is given: absolute, so that a name such as `file:x?mode=memory` is a file of
/// that name and never read as an SQLite URI.
fn plain(path: &Path) -> Result<PathBuf> {
    std::path::absolute(path).map_err(|_| StoreError::Missing(path.to_owned()))
}

#[cfg(unix)]
fn link_count(metadata: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(metadata)
}

#[cfg(not(unix))]
fn link_count(_: &std::fs::Metadata) -> u64 {
    1
}

/// Whether no one can write the file while it is read: its file system is read-only, or it
/// grants no one write permission.
fn nobody_writes(path: &Path, metadata: &std::fs::Metadata) -> bool {
    let read_only_file_system = matches!(
        std::fs::OpenOptions::new().write(true).open(path),
        Err(e) if e.kind() == std::io::ErrorKind::ReadOnlyFilesystem
    );
    read_only_file_system || no_write_bits(metadata)
}

#[cfg(unix)]
fn no_write_bits(metadata: &std::fs::Metadata) -> bool {
    std::os::unix::fs::PermissionsExt::mode(&metadata.permissions()) & 0o222 == 0
}

#[cfg(not(unix))]
fn no_write_bits(metadata: &std::fs::Metadata) -> bool {
    metadata.permissions().readonly()
}

/// A path as an SQLite URI's path: `%`, `?` and `#` escaped.
fn uri_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            _ => out.push(c),
        }
    }
    out
}

/// Why a project cannot be written, when that is why SQLite failed: the file is read-only, or
/// its folder is (SQLite keeps its journal next to the file). Nothing is left behind.
fn unwritable(path: &Path) -> Option<StoreError> {
    let denied = |e: &std::io::Error| {
        e.kind() == std::io::ErrorKind::PermissionDenied
            || e.kind() == std::io::ErrorKind::ReadOnlyFilesystem
    };
    let read_only = |why: String| StoreError::ReadOnly {
        path: path.to_owned(),
        why,
    };
    if path.exists()
        && let Err(e) = std::fs::OpenOptions::new().write(true).open(path)
        && denied(&e)
    {
        return Some(read_only(
            "the project file is read-only: Proctor writes every change into it; make it \
             writable (its permissions) or copy it somewhere you can write"
                .to_owned(),
        ));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let probe = folder.join(format!(".proctor-write-check-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            None
        }
        Err(e) if denied(&e) => Some(read_only(format!(
            "the folder {} is read-only: Proctor needs to write its journal next to the \
             project; copy the project somewhere writable",
            folder.display()
        ))),
        Err(_) => None,
    }
}

/// An open project file.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Creates a new project file at `path`; refuses to overwrite anything.
    pub fn create(path: &Path) -> Result<Self> {
        let absolute = plain(path)?;
        // The path is claimed at once: of several processes creating one project together,
        // one creates it and the others are told it exists (an empty file is a new database).
        // Other failures (a folder nobody may write) are left to SQLite to name below.
        if let Err(e) = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&absolute)
            && e.kind() == std::io::ErrorKind::AlreadyExists
        {
            return Err(StoreError::Exists(path.to_owned()));
        }
        let conn = Connection::open_with_flags(
            absolute,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )
        .map_err(|e| unwritable(path).unwrap_or(StoreError::Sqlite(e)))?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .map_err(|e| unwritable(path).unwrap_or(StoreError::Sqlite(e)))?;
        Self::prepare(conn, path)
    }

    /// Opens an existing project file and brings its schema up to date. A project that cannot
    /// be written (a read-only file system, a file nobody may write) is opened for reading
    /// where that is safe; a change to it is then refused with what to do.
    pub fn open(path: &Path) -> Result<Self> {
        let Ok(metadata) = std::fs::metadata(path) else {
            return Err(StoreError::Missing(path.to_owned()));
        };
        if !metadata.is_file() {
            return Err(StoreError::Missing(path.to_owned()));
        }
        let links = link_count(&metadata);
        if links > 1 {
            return Err(StoreError::Linked {
                path: path.to_owned(),
                links,
            });
        }
        match Self::open_writable(path) {
            Err(StoreError::ReadOnly { path, why }) => Self::open_for_reading(&path, &metadata)
                .map_err(|e| match e {
                    StoreError::TooNew { .. } | StoreError::NotAProject(_) => e,
                    _ => StoreError::ReadOnly { path, why },
                }),
            other => other,
        }
    }

    fn open_writable(path: &Path) -> Result<Self> {
        let conn = Connection::open_with_flags(plain(path)?, OpenFlags::SQLITE_OPEN_READ_WRITE)
            .map_err(|e| unwritable(path).unwrap_or(StoreError::Sqlite(e)))?;
        let app_id: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|_| {
                unwritable(path).unwrap_or_else(|| StoreError::NotAProject(path.to_owned()))
            })?;
        if app_id != APPLICATION_ID {
            return Err(StoreError::NotAProject(path.to_owned()));
        }
        Self::prepare(conn, path)
    }

    /// A project nobody can change while it is read: opened as immutable (SQLite then needs no
    /// journal beside it). Only when no one may write the file — a read-only file system, or
    /// no write permission for anyone — and its schema is the latest (an older one needs
    /// writing to upgrade).
    fn open_for_reading(path: &Path, metadata: &std::fs::Metadata) -> Result<Self> {
        let read_only = |why: &str| StoreError::ReadOnly {
            path: path.to_owned(),
            why: why.to_owned(),
        };
        if !nobody_writes(path, metadata) {
            return Err(read_only("cannot be opened for reading safely"));
        }
        let uri = format!("file:{}?immutable=1", uri_path(&plain(path)?));
        let conn = Connection::open_with_flags(
            uri,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
        )?;
        let app_id: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|_| StoreError::NotAProject(path.to_owned()))?;
        if app_id != APPLICATION_ID {
            return Err(StoreError::NotAProject(path.to_owned()));
        }
        let version: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version > LATEST_VERSION {
            return Err(StoreError::TooNew {
                path: path.to_owned(),
                found: version,
                known: LATEST_VERSION,
            });
        }
        if version < LATEST_VERSION {
            return Err(read_only(
                "it was written by an older Proctor and cannot be written to upgrade it; copy \
                 it somewhere writable and open the copy",
            ));
        }
        conn.pragma_update(None, "foreign_keys", true)?;
        Ok(Self {
            conn,
            path: path.to_owned(),
        })
    }

    fn prepare(mut conn: Connection, path: &Path) -> Result<Self> {
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| unwritable(path).unwrap_or(StoreError::Sqlite(e)))?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", true)?;
        migrations::migrate(&mut conn, path)?;
        Ok(Self {
            conn,
            path: path.to_owned(),
        })
    }

    /// Where the project file lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version of the open file (after migration, [`LATEST_VERSION`]).
    pub fn schema_version(&self) -> Result<u32> {
        Ok(self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    /// Runs SQLite's own consistency check; `Ok(())` when it answers "ok".
    pub fn integrity_check(&self) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        rows.collect::<rusqlite::Result<Vec<_>>>()
            .map_err(StoreError::from)
    }

    /// Starts a write transaction. Nothing is written unless [`Tx::commit`] is called.
    pub fn transaction(&mut self) -> Result<Tx<'_>> {
        Ok(Tx::new(self.conn.transaction_with_behavior(
            rusqlite::TransactionBehavior::Immediate,
        )?))
    }
}
