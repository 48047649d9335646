//! The Workbench facade: every use case Proctor offers, in one place.
//!
//! The desktop shell, the `proctor` command line and `proctor serve` are thin doors over this
//! crate. [`Project`] is one open project file and holds the use cases (import, grade,
//! summarise); [`Workbench`] keeps the project a window or browser session has open. Everything
//! that crosses a door is a DTO from [`dto`] — their TypeScript twins are generated into
//! `ui/src/lib/backend/types.ts` by [`bindings::typescript`] — and every failure is an
//! [`ApiError`] `{code, message}` whose message says what was being done.
//!
//! ```
//! use proctor_api::{NoProgress, Project};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let summary = proctor_api::sample::build(&dir.path().join("s.proctor"), &NoProgress).unwrap();
//! assert_eq!(summary.counts.questions, 120);
//! let grades = summary.grades.unwrap();
//! assert_eq!(grades.leaderboard.len(), 7);
//! # let _ = Project::open;
//! ```

// The use cases, one folder per feature (ARCHITECTURE.md lists what each holds). Shared by all
// of them: the project, its errors, progress and the DTOs.
mod articles;
mod browse;
pub mod charts;
mod correlate;
pub mod dto;
mod error;
mod files;
mod formulations;
mod generation;
mod grading;
mod imports;
mod ingest;
mod irt;
pub mod models;
mod open_answers;
mod pipelines;
mod progress;
mod project;
mod readers;
pub mod reply_model;
mod report;
pub mod responses;
pub mod sample;
mod vendors;
mod versions;
pub mod workbench;

pub use error::{ApiError, ErrorCode};
pub use pipelines::check::check_exam_file;
/// Text for a terminal: control characters spelled out, so a vendor's or a file's text cannot
/// retitle, clear or hide anything (the command line prints through it).
pub use proctor_core::text::visible;
pub use progress::{NoProgress, Progress};
pub use project::Project;
pub use vendors::endpoint_presets;
pub use workbench::Workbench;
pub use workbench::jobs::Listener;
pub use workbench::uploads::Upload;

/// Reads a file the user named: a regular file only (never a pipe, device or folder), within
/// the size limit.
pub fn read_user_file(path: &std::path::Path) -> ApiResult<Vec<u8>> {
    Ok(proctor_formats::user_files::read_regular(
        path,
        &path.display().to_string(),
    )?)
}

/// Writes a file the user named, replacing an earlier one only once the new one is whole on
/// disk (a full disk or a kill mid-write leaves the earlier file as it was).
pub fn write_user_file(path: &std::path::Path, bytes: &[u8]) -> ApiResult<()> {
    proctor_formats::user_files::write_replacing(path, bytes).map_err(|e| {
        ApiError::new(
            ErrorCode::InvalidInput,
            format!("cannot write {}: {e}", path.display()),
        )
    })
}

/// Refuses a thread count the machine cannot run (more than four per core, at least 16), with
/// the count it can; 0 lets the runtime choose.
pub fn check_threads(threads: u32) -> ApiResult<()> {
    proctor_models::checked_threads(usize::try_from(threads).unwrap_or(usize::MAX))?;
    Ok(())
}

/// Refuses `PROCTOR_MAX_*` limit variables that are not whole numbers, naming the variable;
/// called where a program starts.
pub fn check_limits() -> Result<(), String> {
    proctor_formats::Limits::check_environment()
}

/// Shorthand for facade results.
pub type ApiResult<T> = Result<T, ApiError>;

/// A count or an index as the DTOs carry it (u32), saturating rather than wrapping.
pub(crate) fn saturating_u32<T: TryInto<u32>>(v: T) -> u32 {
    v.try_into().unwrap_or(u32::MAX)
}
