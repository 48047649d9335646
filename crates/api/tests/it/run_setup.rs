use super::*;
use proctor_api::Progress;
use proctor_api::dto::{
    ChunkUnit, Chunking, GridRequest, IngestRequest, ReaderKind, Retriever, RunRequest,
};
use std::sync::atomic::{AtomicU64, Ordering};

/// Asks to stop once `limit` answers are written.
struct StopAfter {
    limit: u64,
    done: AtomicU64,
}

impl Progress for StopAfter {
    fn start(&self, _stage: &str, _total: u64) {}
    fn advance(&self, done: u64) {
        self.done.fetch_add(done, Ordering::SeqCst);
    }
    fn finish(&self) {}
    fn cancelled(&self) -> bool {
        self.done.load(Ordering::SeqCst) >= self.limit
    }
}

fn run(restart: bool) -> RunRequest {
    RunRequest {
        exam: None,
        systems: Vec::new(),
        models: None,
        int8: true,
        threads: 0,
        user_models: UserModelChoice::default(),
        restart,
    }
}

fn ingest(project: &mut Project, chunking: Option<Chunking>) {
    project
        .ingest(
            &IngestRequest {
                chunking,
                models: None,
                int8: true,
                threads: 0,
            },
            &NoProgress,
        )
        .unwrap();
}

#[test]
fn a_resumed_run_refuses_a_corpus_chunked_differently_and_restart_answers_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    ingest(&mut project, None);
    project
        .add_pipeline_grid(&GridRequest {
            retrievers: vec![Retriever::Bm25],
            readers: vec![ReaderKind::Lexical],
            top_ks: vec![1],
            models: None,
        })
        .unwrap();
    let stopped = project
        .run_pipelines(
            &run(false),
            &StopAfter {
                limit: 40,
                done: AtomicU64::new(0),
            },
        )
        .unwrap_err();
    assert_eq!(stopped.code, ErrorCode::Cancelled);
    // Chunked again by sentence: the 40 answers came from 800-character chunks, so the
    // rest may not be answered from others.
    ingest(
        &mut project,
        Some(Chunking {
            size: 300,
            overlap: 0,
            unit: ChunkUnit::Sentence,
        }),
    );
    let refused = project.run_pipelines(&run(false), &NoProgress).unwrap_err();
    assert_eq!(refused.code, ErrorCode::Conflict);
    assert!(
        refused
            .message
            .contains("'bm25 · lexical · top 1' started this exam with another set-up")
            && refused.message.contains("restart"),
        "{}",
        refused.message
    );
    let again = project.run_pipelines(&run(true), &NoProgress).unwrap();
    assert_eq!(again.sittings[0].answered_now, 120);
    assert_eq!(again.sittings[0].answered_before, 0);
    // Finished, the run may be asked again: nothing to do, nothing refused.
    let idle = project.run_pipelines(&run(false), &NoProgress).unwrap();
    assert_eq!(idle.sittings[0].answered_now, 0);
}
