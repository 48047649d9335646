//! Long work in the background (ARCHITECTURE.md, the doors): a job runs on its own thread with its own
//! connection to the project file, reports its stage, progress, rate and time left, can be
//! cancelled between batches, and keeps what it finished — starting it again resumes. Progress
//! is pushed: every listener (the window's events, `proctor serve`'s event stream) hears a job's
//! status when it changes, at most a few times a second, and once more when it ends.

use crate::dto::{
    EndpointRunReport, GenerationReport, ImportReport, IngestReport, JobState, JobStatus,
    ReaderCheck, ReaderCheckRow, RunReport, UserModelInfo,
};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What a finished job handed back.
#[derive(Debug, Clone)]
pub(crate) enum Outcome {
    Import(ImportReport),
    Ingest(IngestReport),
    Run(RunReport),
    ReaderCheck(ReaderCheck),
    Generate(Box<GenerationReport>),
    GeneratedReading(Box<ReaderCheckRow>),
    EndpointRun(Box<EndpointRunReport>),
    ReplyCheck(Box<UserModelInfo>),
}

/// Each job's report becomes its outcome (what a `job` line of the table needs).
macro_rules! outcome_from {
    ($($report:ty => $variant:ident $(boxed $boxed:tt)?),* $(,)?) => {$(
        impl From<$report> for Outcome {
            fn from(report: $report) -> Self {
                Self::$variant(outcome_from!(@wrap report $($boxed)?))
            }
        }
    )*};
    (@wrap $report:ident) => { $report };
    (@wrap $report:ident $boxed:tt) => { Box::new($report) };
}

outcome_from! {
    ImportReport => Import,
    IngestReport => Ingest,
    RunReport => Run,
    ReaderCheck => ReaderCheck,
    GenerationReport => Generate boxed !,
    ReaderCheckRow => GeneratedReading boxed !,
    EndpointRunReport => EndpointRun boxed !,
    UserModelInfo => ReplyCheck boxed !,
}

#[derive(Debug)]
struct Stage {
    name: String,
    detail: String,
    total: u64,
    started: Instant,
}

/// One job: its progress (written by the work, read by the doors) and its end.
#[derive(Debug)]
pub(crate) struct Job {
    id: u32,
    title: String,
    started: Instant,
    stage: Mutex<Stage>,
    done: AtomicU64,
    cancel: AtomicBool,
    end: Mutex<Option<Result<Outcome, ApiError>>>,
}

impl Progress for Job {
    fn start(&self, stage: &str, total: u64) {
        *self.stage.lock().unwrap_or_else(PoisonError::into_inner) = Stage {
            name: stage.to_owned(),
            detail: String::new(),
            total,
            started: Instant::now(),
        };
        self.done.store(0, Ordering::SeqCst);
    }

    fn advance(&self, done: u64) {
        self.done.fetch_add(done, Ordering::SeqCst);
    }

    fn finish(&self) {}

    fn detail(&self, text: &str) {
        text.clone_into(
            &mut self
                .stage
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .detail,
        );
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst)
    }
}

impl Job {
    fn running(&self) -> bool {
        self.end
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_none()
    }

    /// Where the job stands.
    pub fn status(&self) -> JobStatus {
        let current = self.stage.lock().unwrap_or_else(PoisonError::into_inner);
        let done = self.done.load(Ordering::SeqCst);
        let in_stage = current.started.elapsed().as_secs_f64();
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let rate = (done > 0 && in_stage > 0.0).then(|| done as f64 / in_stage);
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let eta = rate
            .filter(|_| current.total >= done)
            .map(|r| (current.total - done) as f64 / r);
        let end = self.end.lock().unwrap_or_else(PoisonError::into_inner);
        let (state, error, outcome) = match &*end {
            None => (JobState::Running, None, None),
            Some(Ok(outcome)) => (JobState::Finished, None, Some(outcome.clone())),
            Some(Err(e)) if e.code == ErrorCode::Cancelled => {
                (JobState::Cancelled, Some(e.clone()), None)
            }
            Some(Err(e)) => (JobState::Failed, Some(e.clone()), None),
        };
        JobStatus {
            id: self.id,
            title: self.title.clone(),
            stage: current.name.clone(),
            detail: current.detail.clone(),
            done,
            total: current.total,
            elapsed_seconds: self.started.elapsed().as_secs_f64(),
            rate,
            eta_seconds: if state == JobState::Running {
                eta
            } else {
                None
            },
            state,
            error,
            import: match &outcome {
                Some(Outcome::Import(r)) => Some(r.clone()),
                _ => None,
            },
            ingest: match &outcome {
                Some(Outcome::Ingest(r)) => Some(r.clone()),
                _ => None,
            },
            run: match &outcome {
                Some(Outcome::Run(r)) => Some(r.clone()),
                _ => None,
            },
            reader_check: match &outcome {
                Some(Outcome::ReaderCheck(r)) => Some(r.clone()),
                _ => None,
            },
            generation: match &outcome {
                Some(Outcome::Generate(r)) => Some((**r).clone()),
                _ => None,
            },
            endpoint_run: match &outcome {
                Some(Outcome::EndpointRun(r)) => Some((**r).clone()),
                _ => None,
            },
            reply_check: match &outcome {
                Some(Outcome::ReplyCheck(r)) => Some((**r).clone()),
                _ => None,
            },
            generated_reading: match outcome {
                Some(Outcome::GeneratedReading(r)) => Some(*r),
                _ => None,
            },
        }
    }
}

/// Hears every job's status as it changes.
pub type Listener = Arc<dyn Fn(&JobStatus) + Send + Sync>;

/// How often a running job's status is pushed at most.
const PUSH_EVERY: Duration = Duration::from_millis(200);

/// The jobs of a session: at most one runs at a time (a project file has one writer).
#[derive(Default)]
pub(crate) struct Jobs {
    all: Mutex<Vec<Arc<Job>>>,
    listeners: Arc<Mutex<Vec<Listener>>>,
}

impl std::fmt::Debug for Jobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jobs")
            .field("all", &self.all)
            .finish_non_exhaustive()
    }
}

/// Tells every listener; a listener that panics is not called again by this push only.
fn push(listeners: &Mutex<Vec<Listener>>, status: &JobStatus) {
    let listeners: Vec<Listener> = listeners
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    for listener in listeners {
        listener(status);
    }
}

/// Pushes a job's status while it runs (when it changed) and once when it ends.
fn report(job: &Job, listeners: &Mutex<Vec<Listener>>) {
    let mut last: Option<(String, String, u64, u64)> = None;
    loop {
        let ended = !job.running();
        let status = job.status();
        let now = (
            status.stage.clone(),
            status.detail.clone(),
            status.done,
            status.total,
        );
        if ended || last.as_ref() != Some(&now) {
            push(listeners, &status);
            last = Some(now);
        }
        if ended {
            return;
        }
        std::thread::sleep(PUSH_EVERY);
    }
}

impl Jobs {
    /// Starts `work` on the project at `path` in the background.
    pub fn start(
        &self,
        title: &str,
        path: PathBuf,
        work: impl FnOnce(&mut Project, &dyn Progress) -> ApiResult<Outcome> + Send + 'static,
    ) -> ApiResult<JobStatus> {
        let mut all = self.all.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(busy) = all.iter().find(|j| j.running()) {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!(
                    "\"{}\" is still running; wait for it or stop it first",
                    busy.title
                ),
            ));
        }
        let job = Arc::new(Job {
            id: saturating_u32(all.len() + 1),
            title: title.to_owned(),
            started: Instant::now(),
            stage: Mutex::new(Stage {
                name: "Starting".into(),
                detail: String::new(),
                total: 0,
                started: Instant::now(),
            }),
            done: AtomicU64::new(0),
            cancel: AtomicBool::new(false),
            end: Mutex::new(None),
        });
        all.push(Arc::clone(&job));
        let status = job.status();
        let worker = Arc::clone(&job);
        std::thread::Builder::new()
            .name(format!("proctor-job-{}", job.id))
            .spawn(move || {
                // A defect that panics ends the job as failed, never as one that runs forever
                // and blocks every later job.
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    Project::open(&path).and_then(|mut project| work(&mut project, &*worker))
                }))
                .unwrap_or_else(|panic| {
                    let what = panic
                        .downcast_ref::<&str>()
                        .map(|s| (*s).to_owned())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    Err(ApiError::new(
                        ErrorCode::Internal,
                        format!("the job failed on a defect of Proctor: {what}"),
                    ))
                });
                *worker.end.lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
            })
            .map_err(|e| {
                ApiError::new(ErrorCode::Internal, format!("cannot start the job: {e}"))
            })?;
        let listeners = Arc::clone(&self.listeners);
        std::thread::Builder::new()
            .name(format!("proctor-job-{}-progress", job.id))
            .spawn(move || report(&job, &listeners))
            .map_err(|e| {
                ApiError::new(ErrorCode::Internal, format!("cannot start the job: {e}"))
            })?;
        Ok(status)
    }

    /// Adds a listener that hears every job's status as it changes.
    pub fn listen(&self, listener: Listener) {
        self.listeners
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(listener);
    }

    /// Every job of the session, newest first.
    pub fn list(&self) -> Vec<JobStatus> {
        let all = self.all.lock().unwrap_or_else(PoisonError::into_inner);
        all.iter().rev().map(|j| j.status()).collect()
    }

    fn find(&self, id: u32) -> ApiResult<Arc<Job>> {
        self.all
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .find(|j| j.id == id)
            .cloned()
            .ok_or_else(|| ApiError::new(ErrorCode::NotFound, format!("there is no job {id}")))
    }

    /// Where a job stands.
    pub fn status(&self, id: u32) -> ApiResult<JobStatus> {
        Ok(self.find(id)?.status())
    }

    /// Asks a job to stop after its current batch.
    pub fn cancel(&self, id: u32) -> ApiResult<JobStatus> {
        let job = self.find(id)?;
        job.cancel.store(true, Ordering::SeqCst);
        Ok(job.status())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::JobState;

    /// Work that advances one unit at a time until it is asked to stop.
    fn until_cancelled(_: &mut Project, progress: &dyn Progress) -> ApiResult<Outcome> {
        progress.start("Waiting", 1000);
        loop {
            if progress.cancelled() {
                return Err(ApiError::new(ErrorCode::Cancelled, "stopped as asked"));
            }
            progress.advance(1);
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    fn wait_for_end(jobs: &Jobs, id: u32) -> JobStatus {
        for _ in 0..2000 {
            let status = jobs.status(id).unwrap();
            if status.state != JobState::Running {
                return status;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("job {id} did not end");
    }

    #[test]
    fn a_job_reports_progress_refuses_a_second_one_and_stops_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.proctor");
        Project::create(&path).unwrap();
        let jobs = Jobs::default();
        let heard = Arc::new(Mutex::new(Vec::<JobStatus>::new()));
        let sink = Arc::clone(&heard);
        jobs.listen(Arc::new(move |s: &JobStatus| {
            sink.lock().unwrap().push(s.clone());
        }));
        let started = jobs
            .start("Waiting", path.clone(), until_cancelled)
            .unwrap();
        assert_eq!((started.id, started.state), (1, JobState::Running));
        // Progress shows once the work has advanced: stage, counts, a rate and time left.
        let mut status = jobs.status(1).unwrap();
        for _ in 0..500 {
            if status.done >= 5 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
            status = jobs.status(1).unwrap();
        }
        assert_eq!((status.stage.as_str(), status.total), ("Waiting", 1000));
        assert!(status.rate.is_some_and(|r| r > 0.0), "{status:?}");
        assert!(status.eta_seconds.is_some_and(|t| t > 0.0), "{status:?}");
        let busy = jobs
            .start("Another", path.clone(), until_cancelled)
            .unwrap_err();
        assert_eq!(busy.code, ErrorCode::Conflict);
        assert!(
            busy.message.contains("\"Waiting\" is still running"),
            "{}",
            busy.message
        );
        // Listeners hear its progress without being asked.
        for _ in 0..200 {
            let pushed = heard
                .lock()
                .unwrap()
                .iter()
                .any(|s| s.id == 1 && s.done > 0);
            if pushed {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        jobs.cancel(1).unwrap();
        let ended = wait_for_end(&jobs, 1);
        assert_eq!(ended.state, JobState::Cancelled);
        assert_eq!(ended.eta_seconds, None);
        // Once it ended, another job may start; a failure is reported with its message.
        let failing = jobs
            .start("Failing", path, |_, _| {
                Err(ApiError::new(ErrorCode::InvalidInput, "nothing to do"))
            })
            .unwrap();
        let failed = wait_for_end(&jobs, failing.id);
        assert_eq!(failed.state, JobState::Failed);
        assert_eq!(failed.error.unwrap().message, "nothing to do");
        assert_eq!(jobs.status(9).unwrap_err().code, ErrorCode::NotFound);
        // Listeners heard progress of the first job and the end of both, pushed without asking
        // (each job's reporter pushes on its own beat: wait for both ends).
        for _ in 0..200 {
            let ends = |id: u32, state: JobState| {
                heard
                    .lock()
                    .unwrap()
                    .iter()
                    .any(|s| s.id == id && s.state == state)
            };
            if ends(failing.id, JobState::Failed) && ends(1, JobState::Cancelled) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let heard = heard.lock().unwrap();
        assert!(
            heard
                .iter()
                .any(|s| s.id == 1 && s.state == JobState::Running && s.done > 0)
        );
        assert!(
            heard
                .iter()
                .any(|s| s.id == 1 && s.state == JobState::Cancelled)
        );
        assert!(
            heard
                .iter()
                .any(|s| s.id == failing.id && s.state == JobState::Failed)
        );
        assert_eq!(
            jobs.list().iter().map(|s| s.id).collect::<Vec<_>>(),
            vec![failing.id, 1]
        );
    }
}
