//! The offline generator on real documentation: eight pages of SQLite's own documentation
//! (Debian's sqlite3-doc 3.40.1, in the public domain), site navigation and all, with the real
//! embedder. Whole questions, at most a quarter fill-the-blank, none leaning on its passage,
//! no key that cuts a phrase, Bloom levels placed, and no passage opening with the navigation.

use super::*;
use proctor_api::dto::{
    DocumentRef, ExamRef, GenerateRequest, GeneratorKind, ImportKind, ImportRequest, IngestRequest,
};

fn real_project(dir: &Path) -> Project {
    let pages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sqlite-docs");
    let mut project = Project::create(&dir.join("real.proctor")).unwrap();
    let request = ImportRequest::new(ImportKind::Documents, pages.display().to_string());
    project.import(&request, &NoProgress).unwrap();
    project
        .ingest(
            &IngestRequest {
                chunking: None,
                models: None,
                int8: true,
                threads: 0,
            },
            &NoProgress,
        )
        .unwrap();
    project
}

#[test]
fn real_pages_give_whole_questions() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = real_project(dir.path());
    for document in project.documents_overview().unwrap().documents {
        let text = project
            .document(&DocumentRef { id: document.id })
            .unwrap()
            .text;
        assert!(
            !text.trim_start().starts_with("Small. Fast. Reliable."),
            "{}",
            &text[..200.min(text.len())]
        );
    }
    project
        .generate(
            &GenerateRequest {
                exam: Some("Real".into()),
                generator: GeneratorKind::Offline,
                model: None,
                allow_small: false,
                count: 80,
                per_topic: false,
                seed: Some(1),
                share: None,
                models: None,
                int8: true,
            },
            &NoProgress,
        )
        .unwrap();
    let generated = project
        .generated(&ExamRef {
            exam: Some("Real".into()),
        })
        .unwrap();
    let parsed: Vec<_> = generated
        .questions
        .iter()
        .filter(|q| q.stem.is_some())
        .collect();
    assert!(parsed.len() >= 40, "{}", parsed.len());
    let blanks = parsed
        .iter()
        .filter(|q| {
            q.stem
                .as_deref()
                .unwrap()
                .starts_with("What fills the blank")
        })
        .count();
    assert!(blanks * 4 <= parsed.len(), "{blanks} of {}", parsed.len());
    // Words that end no phrase a key could be: a modal, a participle, a bare verb.
    let cut = [
        "might", "must", "could", "should", "using", "exist", "exists", "would",
    ];
    for q in &parsed {
        let stem = q.stem.as_deref().unwrap();
        assert!(stem.ends_with('?'), "{stem}");
        let leaning = stem.split(|c: char| !c.is_alphanumeric()).any(|w| {
            ["this", "these", "it", "above", "below"].contains(&w.to_lowercase().as_str())
        });
        assert!(!leaning, "{stem}");
        let key = &q.choices[q.key.unwrap() as usize];
        let last = key.rsplit(' ').next().unwrap_or("");
        assert!(!cut.contains(&last), "{key} in {stem}");
        for choice in &q.choices {
            assert!(!stem.contains(&format!(" {choice} ")), "{choice} in {stem}");
        }
    }
    let uncategorized = parsed
        .iter()
        .filter(|q| q.bloom.is_empty() || q.bloom.iter().any(|b| b == "Uncategorized"))
        .count();
    assert!(
        uncategorized * 100 <= parsed.len() * 15,
        "{uncategorized} of {}",
        parsed.len()
    );
}
