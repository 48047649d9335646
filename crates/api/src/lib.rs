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

mod adaptive;
mod article_overlap;
mod articles;
pub mod bindings;
mod browse;
mod categories;
pub mod chart_series;
mod charts;
mod correlate;
pub mod doors;
pub mod dto;
mod endpoint_adaptive;
mod endpoint_asking;
mod endpoint_runs;
mod endpoints;
mod error;
mod export;
mod extractive;
mod files;
mod formulations;
mod generate;
mod generated_reading;
mod generation_quality;
mod grades;
mod imports;
mod ingest;
mod irt;
pub mod irt_file;
mod jobs;
mod mmr_sweep;
pub mod models;
mod nuggets;
mod pipeline_reading;
mod pipelines;
mod progress;
mod project;
mod reader_check;
mod readers;
mod reference_imports;
mod report;
mod report_papers;
mod report_sections;
mod review;
pub mod sample;
mod sentence_features;
mod sheets;
pub mod tables;
mod uploads;
mod verdict;
mod versions;
mod workbench;

pub use endpoints::endpoint_presets;
pub use error::{ApiError, ErrorCode};
pub use jobs::Listener;
pub use progress::{NoProgress, Progress};
pub use project::Project;
pub use reader_check::check_exam_file;
pub use uploads::Upload;
pub use workbench::Workbench;

/// Shorthand for facade results.
pub type ApiResult<T> = Result<T, ApiError>;

/// A count or an index as the DTOs carry it (u32), saturating rather than wrapping.
pub(crate) fn saturating_u32<T: TryInto<u32>>(v: T) -> u32 {
    v.try_into().unwrap_or(u32::MAX)
}
