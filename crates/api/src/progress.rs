//! Progress of long work, reported to whichever door started it.

/// Receives progress of a long operation. Implementations must be cheap: `advance` may be
/// called once per row.
pub trait Progress: Send + Sync {
    /// A stage begins, with `total` units of work (0 when unknown).
    fn start(&self, stage: &str, total: u64);
    /// `done` more units are finished.
    fn advance(&self, done: u64);
    /// The stage is over.
    fn finish(&self);
    /// What the stage is working on now (e.g. a pipeline's name), for long stages made of
    /// parts.
    fn detail(&self, _text: &str) {}
    /// Whether the user asked to stop. Long work checks it between batches, keeps what it has
    /// finished, and returns a [`crate::ErrorCode::Cancelled`] error.
    fn cancelled(&self) -> bool {
        false
    }
}

/// Progress that goes nowhere.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _stage: &str, _total: u64) {}
    fn advance(&self, _done: u64) {}
    fn finish(&self) {}
}
