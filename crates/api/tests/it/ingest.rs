use super::*;
use proctor_api::Progress;
use proctor_api::dto::{ChunkUnit, Chunking, IngestRequest};
use std::sync::atomic::{AtomicU64, Ordering};

fn request(chunking: Option<Chunking>) -> IngestRequest {
    IngestRequest {
        chunking,
        models: None,
        int8: true,
        threads: 0,
    }
}

/// Asks to stop once `limit` units of embedding are done.
struct StopAfter {
    limit: u64,
    done: AtomicU64,
    embedding: std::sync::atomic::AtomicBool,
}

impl Progress for StopAfter {
    fn start(&self, stage: &str, _total: u64) {
        self.embedding.store(stage == "Embedding", Ordering::SeqCst);
    }
    fn advance(&self, done: u64) {
        if self.embedding.load(Ordering::SeqCst) {
            self.done.fetch_add(done, Ordering::SeqCst);
        }
    }
    fn finish(&self) {}
    fn cancelled(&self) -> bool {
        self.done.load(Ordering::SeqCst) >= self.limit
    }
}

#[test]
fn the_sample_corpus_is_chunked_embedded_once_and_indexed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();

    // Stopped after the first batch: what was embedded is kept.
    let fine = Chunking {
        size: 200,
        overlap: 0,
        unit: ChunkUnit::Sentence,
    };
    let stop = StopAfter {
        limit: 1,
        done: AtomicU64::new(0),
        embedding: false.into(),
    };
    let err = project.ingest(&request(Some(fine)), &stop).unwrap_err();
    assert_eq!(err.code, ErrorCode::Cancelled);

    let first = project.ingest(&request(None), &NoProgress).unwrap();
    assert_eq!(first.documents, 30);
    assert_eq!(first.chunking, fine, "the settings are remembered");
    assert!(first.chunks > 64, "{first:?}");
    assert_eq!(first.embedder, "all-minilm-l6-v2-int8");
    // The 32 texts of the batch finished before the stop are reused (some texts, like a
    // page's closing line, recur in several chunks).
    assert!(
        first.cached >= 32 && first.cached < first.chunks,
        "{first:?}"
    );
    assert_eq!(first.embedded + first.cached, first.chunks);
    assert!(
        first.index_rebuilt && !first.rechunked,
        "chunked by the stopped run"
    );
    assert!(Path::new(&first.index).join("proctor-stamp.json").is_file());

    // Nothing changed: nothing is redone.
    let again = project.ingest(&request(None), &NoProgress).unwrap();
    assert_eq!((again.embedded, again.cached), (0, first.chunks));
    assert!(!again.index_rebuilt && !again.rechunked);

    // Whole paragraphs: cut again, the index rebuilt, the new texts embedded.
    let coarse = Chunking {
        size: 800,
        overlap: 100,
        unit: ChunkUnit::Paragraph,
    };
    let cut = project.ingest(&request(Some(coarse)), &NoProgress).unwrap();
    assert!(
        cut.rechunked && cut.index_rebuilt && cut.chunks < first.chunks,
        "{cut:?}"
    );
    assert!(cut.embedded > 0);

    // A deleted index is rebuilt from the database.
    std::fs::remove_dir_all(project.index_folder()).unwrap();
    assert!(
        project
            .ingest(&request(None), &NoProgress)
            .unwrap()
            .index_rebuilt
    );

    let bad = project
        .ingest(
            &request(Some(Chunking {
                size: 100,
                overlap: 100,
                unit: ChunkUnit::Paragraph,
            })),
            &NoProgress,
        )
        .unwrap_err();
    assert_eq!(bad.code, ErrorCode::InvalidInput);
}

#[test]
fn without_models_ingest_says_how_to_install_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    let mut req = request(None);
    req.models = Some(dir.path().join("no-models").display().to_string());
    let err = project.ingest(&req, &NoProgress).unwrap_err();
    assert_eq!(err.code, ErrorCode::ModelsMissing);
    assert!(
        err.message.contains("scripts/install-models.sh"),
        "{}",
        err.message
    );
}
