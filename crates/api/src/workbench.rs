//! The project a window or browser session has open.

use crate::dto::{CompareRequest, Comparison, ImportReport, ImportRequest, ProjectSummary};
use crate::{ApiError, ApiResult, ErrorCode, NoProgress, Progress, Project};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Holds at most one open project for a door that keeps state between calls (the desktop
/// window, `proctor serve`). Calls are serialised: a project file has one writer.
#[derive(Debug)]
pub struct Workbench {
    current: Mutex<Option<Project>>,
    data_dir: PathBuf,
}

impl Workbench {
    /// A workbench whose own files (the sample project) live in `data_dir`.
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            current: Mutex::new(None),
            data_dir: data_dir.into(),
        }
    }

    fn lock(&self) -> ApiResult<MutexGuard<'_, Option<Project>>> {
        self.current.lock().map_err(|_| {
            ApiError::new(
                ErrorCode::Internal,
                "an earlier request failed midway; restart Proctor",
            )
        })
    }

    fn with_project<T>(&self, f: impl FnOnce(&mut Project) -> ApiResult<T>) -> ApiResult<T> {
        let mut guard = self.lock()?;
        let project = guard.as_mut().ok_or_else(|| {
            ApiError::new(
                ErrorCode::NoProject,
                "no project is open; open or create one first",
            )
        })?;
        f(project)
    }

    fn replace(&self, project: Project) -> ApiResult<ProjectSummary> {
        let summary = project.summary()?;
        *self.lock()? = Some(project);
        Ok(summary)
    }

    /// Opens a project file and makes it current.
    pub fn open_project(&self, path: &str) -> ApiResult<ProjectSummary> {
        self.replace(Project::open(Path::new(path))?)
    }

    /// Creates a project file and makes it current.
    pub fn create_project(&self, path: &str) -> ApiResult<ProjectSummary> {
        self.replace(Project::create(Path::new(path))?)
    }

    /// Opens the sample project, building it first if this workbench has not yet.
    pub fn open_sample(&self) -> ApiResult<ProjectSummary> {
        let path = self.data_dir.join("Tidewater sample.proctor");
        if !path.exists() {
            std::fs::create_dir_all(&self.data_dir).map_err(|e| {
                ApiError::new(
                    ErrorCode::Internal,
                    format!("cannot create {}: {e}", self.data_dir.display()),
                )
            })?;
            crate::sample::build(&path, &NoProgress)?;
        }
        self.open_project(&path.display().to_string())
    }

    /// The current project's summary.
    pub fn summary(&self) -> ApiResult<ProjectSummary> {
        self.with_project(|p| p.summary())
    }

    /// Compares two systems of the current project.
    pub fn compare(&self, request: &CompareRequest) -> ApiResult<Comparison> {
        self.with_project(|p| p.compare(request))
    }

    /// Imports into the current project.
    pub fn import(
        &self,
        request: &ImportRequest,
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        self.with_project(|p| p.import(request, progress))
    }
}
