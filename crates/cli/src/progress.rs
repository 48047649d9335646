//! Progress bars on the terminal (hidden when stderr is not one).

use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Mutex;

/// An indicatif bar per stage of long work.
pub struct Bar {
    current: Mutex<Option<ProgressBar>>,
}

impl Bar {
    pub fn new() -> Self {
        Self {
            current: Mutex::new(None),
        }
    }
}

impl proctor_api::Progress for Bar {
    fn start(&self, stage: &str, total: u64) {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(
                "{msg:>20} [{bar:30}] {pos}/{len} ({per_sec}, {eta} left)",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        bar.set_message(stage.to_owned());
        if let Ok(mut current) = self.current.lock() {
            *current = Some(bar);
        }
    }

    fn advance(&self, done: u64) {
        if let Ok(current) = self.current.lock()
            && let Some(bar) = current.as_ref()
        {
            bar.inc(done);
        }
    }

    fn detail(&self, text: &str) {
        if let Ok(current) = self.current.lock()
            && let Some(bar) = current.as_ref()
        {
            bar.set_message(text.to_owned());
        }
    }

    fn finish(&self) {
        if let Ok(mut current) = self.current.lock()
            && let Some(bar) = current.take()
        {
            bar.finish_and_clear();
        }
    }
}
