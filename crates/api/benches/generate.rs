//! The offline generator's speed against the embedding work it cannot avoid (run with
//! `cargo bench -p proctor-api --bench generate`; needs the installed models).
//!
//! On the sample project (built and prepared here) and, when `GENERATE_BENCH_PROJECT` names a
//! prepared project file (e.g. the handbook of `scripts/measure-generation.sh`), on that one
//! too: the generator writes every question it can (up to `GENERATE_BENCH_COUNT`, default 400),
//! then the filters measure them and look for duplicates — what `proctor generate` does after
//! reading the corpus. "bare" embeds exactly the texts the run embedded, in the same batches,
//! and nothing else: the model's share. Best of 3. Prints Markdown rows for the README.

use proctor_core::{EmbedError, Embedder};
use proctor_exam::generate::SourceChunk;
use proctor_exam::generate::filters::{self, Candidate};
use proctor_exam::generate::offline::OfflineGenerator;
use proctor_models::{EmbedderOptions, ModelsFolder, OnnxEmbedder};
use proctor_store::Store;
use std::sync::Mutex;
use std::time::Instant;

/// An embedder that remembers every batch it was asked for.
struct Recording<'a> {
    inner: &'a OnnxEmbedder,
    batches: Mutex<Vec<Vec<String>>>,
}

impl Embedder for Recording<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn dimension(&self) -> usize {
        self.inner.dimension()
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if let Ok(mut b) = self.batches.lock() {
            b.push(texts.iter().map(|t| (*t).to_owned()).collect());
        }
        self.inner.embed(texts)
    }
}

/// One full generation: questions written, filters measured, duplicates found.
fn generate(chunks: &[SourceChunk<'_>], embedder: &dyn Embedder, count: usize) -> usize {
    let generator = OfflineGenerator::new(chunks, embedder, 1);
    let text_of = |id: i64| chunks.iter().find(|c| c.id == id).map_or("", |c| c.text);
    let mut drafts = Vec::new();
    for target in generator.plan(false) {
        if drafts.len() >= count {
            break;
        }
        if let Ok(Ok(written)) = generator.write(&target)
            && let Ok(draft) = written.draft
        {
            drafts.push((draft, text_of(target.chunk)));
        }
    }
    let candidates: Vec<Candidate<'_>> = drafts
        .iter()
        .map(|(d, source)| Candidate {
            stem: &d.stem,
            choices: &d.choices,
            key: d.key,
            source,
        })
        .collect();
    let measures = filters::measure(&candidates, embedder).expect("measures");
    let pairs: Vec<(&str, &str)> = drafts
        .iter()
        .map(|(d, _)| (d.stem.as_str(), d.choices[d.key].as_str()))
        .collect();
    filters::duplicates(&pairs, embedder).expect("duplicates");
    measures.len()
}

fn bench(label: &str, store: &Store, embedder: &OnnxEmbedder, count: usize) {
    let rows = store.chunks().expect("chunks");
    let chunks: Vec<SourceChunk<'_>> = rows
        .iter()
        .map(|c| SourceChunk {
            id: c.id.0,
            document: c.document.0,
            topic: c.topic.as_deref(),
            text: &c.text,
        })
        .collect();
    let mut best = f64::INFINITY;
    let mut bare = f64::INFINITY;
    let mut questions = 0;
    let mut texts = 0;
    for _ in 0..3 {
        let recording = Recording {
            inner: embedder,
            batches: Mutex::new(Vec::new()),
        };
        let started = Instant::now();
        questions = generate(&chunks, &recording, count);
        best = best.min(started.elapsed().as_secs_f64());
        let batches = recording.batches.into_inner().expect("batches");
        texts = batches.iter().map(Vec::len).sum();
        let started = Instant::now();
        for batch in &batches {
            let refs: Vec<&str> = batch.iter().map(String::as_str).collect();
            embedder.embed_texts(&refs).expect("bare");
        }
        bare = bare.min(started.elapsed().as_secs_f64());
    }
    #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    let per_minute = |seconds: f64| questions as f64 / seconds * 60.0;
    println!(
        "| {label} | {} chunks | {questions} | {texts} | {:.2} s | {:.0} | {:.2} s | {:.0} | {:.0}% |",
        chunks.len(),
        best,
        per_minute(best),
        bare,
        per_minute(bare),
        100.0 * (best - bare) / best
    );
}

fn main() {
    let count: usize = std::env::var("GENERATE_BENCH_COUNT")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(400);
    let folder = ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
    let embedder = folder
        .embedder(&EmbedderOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "| corpus | size | questions | texts embedded | generator + filters | questions/min | bare embedding | questions/min | not in the model |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let dir = tempfile::tempdir().expect("temp dir");
    let sample = dir.path().join("sample.proctor");
    proctor_api::sample::build(&sample, &proctor_api::NoProgress).expect("sample");
    let mut project = proctor_api::Project::open(&sample).expect("open");
    project
        .ingest(
            &proctor_api::dto::IngestRequest {
                chunking: None,
                models: None,
                int8: false,
                threads: 0,
            },
            &proctor_api::NoProgress,
        )
        .expect("ingest");
    drop(project);
    bench(
        "sample",
        &Store::open(&sample).expect("store"),
        &embedder,
        count,
    );
    if let Ok(path) = std::env::var("GENERATE_BENCH_PROJECT") {
        let store = Store::open(std::path::Path::new(&path)).expect("project");
        bench("handbook", &store, &embedder, count);
    }
}
