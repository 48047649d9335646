//! What the doors see: the [`Workbench`] holding the project a window or browser session has
//! open, the table of use cases every door derives from ([`table`]), background jobs
//! ([`jobs`]), files a browser uploads ([`uploads`]) and the TypeScript types ([`bindings`]).

pub mod bindings;
pub(crate) mod jobs;
pub mod table;
pub(crate) mod uploads;

use crate::dto::{JobId, JobStatus, ProjectPath, ProjectSummary, TryReport, TryRequest};
use crate::{ApiError, ApiResult, ErrorCode, NoProgress, Progress, Project, Upload};
use jobs::{Jobs, Listener, Outcome};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Holds at most one open project for a door that keeps state between calls (the desktop
/// window, `proctor serve`). Calls are serialised: a project file has one writer. Its use cases
/// are the lines of [`table`]; the methods here are the ones that work on the workbench's own
/// state (which project is open, its jobs).
#[derive(Debug)]
pub struct Workbench {
    current: Mutex<Option<Project>>,
    data_dir: PathBuf,
    jobs: Jobs,
}

#[expect(
    clippy::needless_pass_by_value,
    reason = "every use case takes its request by value: the one dispatch in table.rs calls them alike"
)]
impl Workbench {
    /// A workbench whose own files (the sample project) live in `data_dir`.
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            current: Mutex::new(None),
            data_dir: data_dir.into(),
            jobs: Jobs::default(),
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

    /// Runs `f` on the open project (a `project` line of the table).
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

    /// Starts `work` as a background job on its own connection to the open project, with the
    /// exam version on view (a `job` line of the table).
    fn start_job(
        &self,
        title: &str,
        work: impl FnOnce(&mut Project, &dyn Progress) -> ApiResult<Outcome> + Send + 'static,
    ) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        self.jobs.start(title, path, move |project, progress| {
            project.on_view = on_view;
            work(project, progress)
        })
    }

    fn replace(&self, project: Project) -> ApiResult<ProjectSummary> {
        let summary = project.summary()?;
        *self.lock()? = Some(project);
        Ok(summary)
    }

    /// Opens a project file and makes it current.
    pub fn open_project(&self, project: ProjectPath) -> ApiResult<ProjectSummary> {
        self.replace(Project::open(Path::new(&project.path))?)
    }

    /// Creates a project file and makes it current.
    pub fn create_project(&self, project: ProjectPath) -> ApiResult<ProjectSummary> {
        self.replace(Project::create(Path::new(&project.path))?)
    }

    /// Opens the sample project, building it first if this workbench has not yet.
    pub fn open_sample(&self, (): ()) -> ApiResult<ProjectSummary> {
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
        self.replace(Project::open(&path)?)
    }

    /// Sends one question with a configuration and shows what came back (nothing stored).
    pub fn try_endpoint(&self, request: TryRequest) -> ApiResult<TryReport> {
        // The request goes out without the project held: other calls go on meanwhile.
        let question = self.with_project(|p| p.try_question(&request))?;
        crate::vendors::try_send(&request, &question)
    }

    /// Where a job stands.
    pub fn job(&self, job: JobId) -> ApiResult<JobStatus> {
        self.jobs.status(job.id)
    }

    /// Asks a job to stop after its current batch; what it finished is kept.
    pub fn cancel_job(&self, job: JobId) -> ApiResult<JobStatus> {
        self.jobs.cancel(job.id)
    }

    /// Every job of this session, newest first.
    pub fn jobs(&self, (): ()) -> ApiResult<Vec<JobStatus>> {
        Ok(self.jobs.list())
    }

    /// Starts receiving a file a browser sends into the current project's folder (or, with no
    /// project open, the workbench's); the door streams its bytes into the answer and finishes it
    /// (browser mode has no local paths).
    pub fn start_upload(&self, name: &str) -> ApiResult<Upload> {
        self.start_upload_in(name, None)
    }

    /// Starts an upload into a sub-folder of the uploads folder (`folder`: "batch/Billing"): a
    /// folder uploaded from a browser keeps its sub-folders, so its import takes their names as
    /// topics, as a folder chosen in the window does.
    pub fn start_upload_in(&self, name: &str, folder: Option<&str>) -> ApiResult<Upload> {
        // Into the open project's folder; with none open (the IRT workbench reads a file
        // without a project), into the workbench's own.
        let mut target = self
            .lock()?
            .as_ref()
            .map_or_else(|| self.data_dir.join("uploads"), Project::uploads_folder);
        if let Some(folder) = folder {
            let parts: Vec<&str> = folder
                .split(['/', '\\'])
                .filter(|p| !p.is_empty())
                .collect();
            if parts.len() > 16 {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    "the uploaded folder is nested more than 16 deep",
                ));
            }
            for part in parts {
                target.push(uploads::safe_name(part)?);
            }
        }
        Upload::start(target, name)
    }

    /// Adds a listener that hears every job's status as it changes (the window's events,
    /// `proctor serve`'s event stream).
    pub fn listen(&self, listener: Listener) {
        self.jobs.listen(listener);
    }
}
