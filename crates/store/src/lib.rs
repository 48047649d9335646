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

/// Shorthand for store results.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// An open project file.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Creates a new project file at `path`; refuses to overwrite anything.
    pub fn create(path: &Path) -> Result<Self> {
        if path.exists() {
            return Err(StoreError::Exists(path.to_owned()));
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        Self::prepare(conn, path)
    }

    /// Opens an existing project file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Self> {
        if !path.is_file() {
            return Err(StoreError::Missing(path.to_owned()));
        }
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        let app_id: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|_| StoreError::NotAProject(path.to_owned()))?;
        if app_id != APPLICATION_ID {
            return Err(StoreError::NotAProject(path.to_owned()));
        }
        Self::prepare(conn, path)
    }

    fn prepare(mut conn: Connection, path: &Path) -> Result<Self> {
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
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
