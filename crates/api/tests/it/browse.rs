use super::*;
use proctor_api::dto::{
    AnswerVerdict, DocumentRef, Factor, QuestionRequest, QuestionsRequest, RenameSystem,
    SystemGroup, SystemTags,
};

#[test]
fn pages_show_documents_questions_answers_and_systems_of_the_sample() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();

    let docs = project.documents_overview().unwrap();
    assert!(!docs.documents.is_empty());
    let first = &docs.documents[0];
    let view = project.document(&DocumentRef { id: first.id }).unwrap();
    assert_eq!(view.text.chars().count(), first.chars as usize);
    assert_eq!(
        project
            .document(&DocumentRef { id: 9999 })
            .unwrap_err()
            .code,
        ErrorCode::NotFound
    );

    let table = project
        .question_table(&QuestionsRequest { exam: None })
        .unwrap();
    assert_eq!(table.rows.len(), 120);
    let summary = project.summary().unwrap();
    let grades = summary.grades.unwrap();
    // The table's right counts add up to the leaderboard's.
    let right_in_table: u32 = table.rows.iter().map(|r| r.right + r.pipelines_right).sum();
    let right_on_board: u32 = grades.leaderboard.iter().map(|s| s.correct).sum();
    assert_eq!(right_in_table, right_on_board);

    let id = table.rows[0].id.clone();
    let question = project
        .question(&QuestionRequest {
            exam: None,
            id: id.clone(),
        })
        .unwrap();
    // The question's page counts the same as its row of the table (read another way).
    assert_eq!(question.row, table.rows[0]);
    assert_eq!(question.previous, None);
    assert_eq!(question.next.as_deref(), Some(table.rows[1].id.as_str()));
    assert_eq!(
        question.choices[question.key_index as usize],
        question.row.key_text
    );
    let right = question
        .answers
        .iter()
        .filter(|a| a.verdict == AnswerVerdict::Right && a.system != "gold articles")
        .count();
    assert_eq!(
        right as u32,
        question.row.right + question.row.pipelines_right
    );
    // The sample has no pipelines: every sitting but the reader over the gold articles is a
    // system being judged.
    assert!(
        question
            .answers
            .iter()
            .all(|a| (a.group == SystemGroup::Systems) == (a.system != "gold articles"))
    );
    assert!(
        question.answers.iter().any(|a| a.raw_text.is_some()),
        "{question:?}"
    );
    let missing = project
        .question(&QuestionRequest {
            exam: None,
            id: "nope".into(),
        })
        .unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);

    let systems = project.systems_overview().unwrap();
    assert_eq!(systems.systems.len(), grades.leaderboard.len());
    let atlas = systems
        .systems
        .iter()
        .find(|s| s.name == "Atlas RAG")
        .unwrap();
    assert_eq!(
        atlas.right + atlas.wrong + atlas.unanswered + atlas.errors + atlas.to_answer,
        120
    );
    assert_eq!(atlas.versions, vec![1]);

    let renamed = project
        .rename_system(&RenameSystem {
            name: "Atlas RAG".into(),
            new_name: "Atlas RAG 2".into(),
        })
        .unwrap();
    assert!(renamed.systems.iter().any(|s| s.name == "Atlas RAG 2"));
    let taken = project
        .rename_system(&RenameSystem {
            name: "Atlas RAG 2".into(),
            new_name: "Echo Bot".into(),
        })
        .unwrap_err();
    assert_eq!(taken.code, ErrorCode::Conflict);
    let tagged = project
        .tag_system(&SystemTags {
            name: "Echo Bot".into(),
            factors: vec![Factor {
                name: "llm".into(),
                level: "small".into(),
            }],
        })
        .unwrap();
    let echo = tagged
        .systems
        .iter()
        .find(|s| s.name == "Echo Bot")
        .unwrap();
    assert_eq!(
        echo.factors,
        vec![Factor {
            name: "llm".into(),
            level: "small".into()
        }]
    );
    let twice = project
        .tag_system(&SystemTags {
            name: "Echo Bot".into(),
            factors: vec![
                Factor {
                    name: "llm".into(),
                    level: "a".into(),
                },
                Factor {
                    name: "llm".into(),
                    level: "b".into(),
                },
            ],
        })
        .unwrap_err();
    assert_eq!(twice.code, ErrorCode::InvalidInput);
}
