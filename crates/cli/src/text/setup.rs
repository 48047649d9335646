//! Preparing the corpus, the built-in pipelines and the local models, as text.

use super::table;
use proctor_api::dto::{
    ChunkUnit, IngestReport, ModelSelfTest, ModelTest, ModelsReport, PipelineInfo, RunReport,
};
use std::fmt::Write as _;

/// What ingest did.
pub fn ingest(r: &IngestReport) -> String {
    let unit = match r.chunking.unit {
        ChunkUnit::Paragraph => "paragraph",
        ChunkUnit::Sentence => "sentence",
    };
    format!(
        "{} documents in {} chunks ({} characters at most, {} overlap, by {unit}{})\n\
         Embedded {} chunks with {} ({} were already in the project)\n\
         BM25 index {}: {}\n",
        r.documents,
        r.chunks,
        r.chunking.size,
        r.chunking.overlap,
        if r.rechunked { "; cut again" } else { "" },
        r.embedded,
        r.embedder,
        r.cached,
        if r.index_rebuilt {
            "built"
        } else {
            "up to date"
        },
        r.index
    )
}

/// A list of pipelines.
pub fn pipelines(all: &[PipelineInfo]) -> String {
    let mut out = format!("{} built-in pipelines\n", all.len());
    for p in all {
        let _ = writeln!(out, "  {}", p.system);
    }
    out
}

/// What a run did.
pub fn run(r: &RunReport) -> String {
    let now: u32 = r.sittings.iter().map(|s| s.answered_now).sum();
    let before: u32 = r.sittings.iter().map(|s| s.answered_before).sum();
    let mut out = format!(
        "{} sitting{} of {} v{}: {now} answers now, {before} kept from an earlier run\n",
        r.sittings.len(),
        if r.sittings.len() == 1 { "" } else { "s" },
        r.exam.exam,
        r.exam.version
    );
    out.push_str("See the leaderboard: proctor grade -p <project>\n");
    out
}

/// The models folder.
pub fn models(r: &ModelsReport) -> String {
    let rows: Vec<Vec<String>> = r
        .files
        .iter()
        .map(|f| {
            vec![
                f.role.clone(),
                f.description.clone(),
                format!("{:.1} MB", f.bytes as f64 / 1e6),
                if f.present {
                    "ok".to_owned()
                } else if f.problem.is_some() {
                    "DAMAGED".to_owned()
                } else {
                    "MISSING".to_owned()
                },
            ]
        })
        .collect();
    let mut out = format!("Models folder: {}\n", r.folder);
    out.push_str(&table(&["role", "model", "size", ""], &rows, &[2]));
    for problem in r.files.iter().filter_map(|f| f.problem.as_deref()) {
        out.push_str(problem);
        out.push('\n');
    }
    if r.user_models.is_empty() {
        out.push_str("\nNo models of your own yet (proctor models add).\n");
    } else {
        let rows: Vec<Vec<String>> = r
            .user_models
            .iter()
            .map(|m| {
                let how = [
                    m.label.map(|l| format!("label {l}")),
                    m.mode.clone(),
                    m.endpoint_model
                        .as_ref()
                        .map(|e| format!("{e} at {}", m.path)),
                    m.key.as_ref().map(|k| format!("key from {k}")),
                ];
                vec![
                    m.name.clone(),
                    m.role.clone(),
                    how.into_iter().flatten().collect::<Vec<_>>().join("; "),
                    m.description.clone(),
                ]
            })
            .collect();
        out.push_str("\nYour models:\n");
        out.push_str(&table(&["name", "role", "how", "description"], &rows, &[]));
    }
    out
}

/// A user model's self-test, one line per check.
pub fn self_test(t: &ModelSelfTest) -> String {
    let mut out = format!("{} ({}):\n", t.name, t.role);
    for c in &t.checks {
        let mark = match (c.passed, c.required) {
            (true, _) => "ok     ",
            (false, true) => "FAILED ",
            (false, false) => "advice ",
        };
        let detail = if c.detail.is_empty() {
            String::new()
        } else {
            format!(" — {}", c.detail)
        };
        let _ = writeln!(out, "  {mark}{}{detail}", c.what);
    }
    out.push_str(if t.passed {
        "It passed its self-test.\n"
    } else {
        "It failed its self-test.\n"
    });
    out
}

/// The embedder's self-test.
pub fn model_test(t: &ModelTest) -> String {
    format!(
        "{}: {} dimensions; paraphrases {:.3}, unrelated sentences {:.3} — {}\n",
        t.embedder,
        t.dimension,
        t.paraphrase_cosine,
        t.unrelated_cosine,
        if t.passed { "works" } else { "FAILED" }
    )
}
