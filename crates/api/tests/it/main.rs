//! Integration tests of the facade: real project files in temporary folders.

use proctor_api::dto::{ImportKind, ImportRequest, SittingMode, UserModelChoice};
use proctor_api::{ErrorCode, NoProgress, Project};
use std::path::Path;

/// llama.cpp's threads spin while they wait for each other, so two tests running the local
/// language model at once on two cores slow each other down tenfold: they take turns.
fn language_model_turn() -> std::sync::MutexGuard<'static, ()> {
    static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());
    TURN.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn project_with_exam(dir: &Path) -> Project {
    let mut project = Project::create(&dir.join("p.proctor")).unwrap();
    let exam = write(
        dir,
        "exam.csv",
        "id,question,A,B,C,D,answer,topic,query\n\
         q1,Which port is used?,80,443,22,21,B,Net,a\n\
         q2,Define a quorum.,majority,minority,leader,log,A,Consensus,a\n\
         q3,How would you troubleshoot a crash?,read logs,reboot,ignore,panic,A,Ops,b\n",
    );
    project
        .import(&ImportRequest::new(ImportKind::Exam, exam), &NoProgress)
        .unwrap();
    project
}

mod adaptive_sittings;
mod articles;
mod bindings;
mod browse;
mod categories;
mod compare;
mod correlate;
mod endpoint_reader;
mod endpoint_writer;
mod extractive;
mod formulations;
mod generation;
mod imports;
mod ingest;
mod irt;
mod nuggets;
mod pipelines;
mod reader_check;
mod real_exams;
mod replies;
mod rouge_agreement;
mod run_setup;
mod sample;
mod user_models;
mod vendors;
mod versions;
