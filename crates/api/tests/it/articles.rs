use super::*;
use proctor_api::dto::{ReadArticlesRequest, ReaderKind};

#[test]
fn a_local_reader_grades_exam_mode_and_gold() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    let mut request = ReadArticlesRequest {
        exam: None,
        systems: Vec::new(),
        gold: true,
        reader: ReaderKind::Lexical,
        replace: false,
        models: None,
        int8: true,
        threads: 0,
        user_models: UserModelChoice::default(),
    };
    // The sample's EXAM systems came with imported reader outcomes: not overwritten silently.
    let err = project.read_articles(&request, &NoProgress).unwrap_err();
    assert_eq!(err.code, ErrorCode::Conflict, "{}", err.message);
    request.replace = true;
    let report = project.read_articles(&request, &NoProgress).unwrap();
    assert_eq!(report.sittings.len(), 3, "two writers and gold");
    let grades = project.grades(None).unwrap();
    let exam = |name: &str| {
        grades
            .leaderboard
            .iter()
            .find(|s| s.system == name)
            .unwrap()
            .exam
            .clone()
            .unwrap()
    };
    let gold = grades.gold.clone().unwrap();
    let (scribe, brief) = (exam("Scribe Writer"), exam("Brief Writer"));
    // The fuller articles answer more; gold answers most; n-EXAM = Σ EXAM / Σ gold EXAM.
    assert!(
        gold.exam > scribe.exam && scribe.exam > brief.exam,
        "{gold:?} {scribe:?} {brief:?}"
    );
    assert!((scribe.n_exam.unwrap() - scribe.exam / gold.exam).abs() < 1e-9);
    // Reading again with the embedding reader replaces the sitting whole.
    request.reader = ReaderKind::Embedding;
    request.systems = vec!["Scribe Writer".into()];
    request.gold = false;
    let again = project.read_articles(&request, &NoProgress).unwrap();
    assert_eq!(again.sittings.len(), 1);
    assert_eq!(again.sittings[0].answered_now, 120);
}

/// EXAM mode graded by the installed language model (000's method with the LLM reader): the
/// gold articles answer more than the brief writer's, and each run records the model file
/// (name and hash) and the scoring mode it read with.
#[test]
fn the_language_model_grades_exam_mode() {
    let _turn = crate::language_model_turn();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    let report = project
        .read_articles(
            &ReadArticlesRequest {
                exam: None,
                systems: vec!["Brief Writer".into()],
                gold: true,
                reader: ReaderKind::LanguageModel,
                replace: true,
                models: None,
                int8: true,
                threads: 2,
                user_models: UserModelChoice::default(),
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(report.sittings.len(), 2);
    assert!(report.sittings.iter().all(|s| s.answered_now == 120));
    let grades = project.grades(None).unwrap();
    let gold = grades.gold.clone().unwrap();
    let brief = grades
        .leaderboard
        .iter()
        .find(|s| s.system == "Brief Writer")
        .unwrap()
        .exam
        .clone()
        .unwrap();
    assert!(gold.exam > brief.exam, "{gold:?} {brief:?}");
    assert!((brief.n_exam.unwrap() - brief.exam / gold.exam).abs() < 1e-9);
    let db = rusqlite::Connection::open(&path).unwrap();
    let sources: Vec<String> = db
        .prepare("SELECT source FROM runs WHERE mode IN ('exam', 'gold') ORDER BY id")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let read_by_llm: Vec<&String> = sources
        .iter()
        .filter(|s| s.starts_with("local language model reader"))
        .collect();
    assert_eq!(read_by_llm.len(), 2, "{sources:?}");
    for source in read_by_llm {
        // "local language model reader, gemma-3-270m-q4_k_m (a5fd3b62) scoring by cloze-per-token"
        assert!(source.contains("scoring by cloze-per-token"), "{source}");
        assert!(
            source
                .split(['(', ')'])
                .any(|part| part.len() == 8 && part.chars().all(|c| c.is_ascii_hexdigit())),
            "the model's hash: {source}"
        );
    }
}
