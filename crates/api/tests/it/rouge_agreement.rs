//! EXAM beside ROUGE-1 against the gold articles (000's Table 4) on a worked example whose
//! numbers are computed by hand below.

use super::write;
use proctor_api::dto::{ImportKind, ImportRequest, LeaderboardMetric};
use proctor_api::{NoProgress, Project};
use std::path::Path;

/// Two queries, two questions each; gold articles; three EXAM-mode systems.
fn project(dir: &Path) -> Project {
    let mut project = Project::create(&dir.join("p.proctor")).unwrap();
    let mut import = |kind: ImportKind, name: &str, text: &str, system: Option<&str>| {
        let mut request = ImportRequest::new(kind, write(dir, name, text));
        request.system = system.map(str::to_owned);
        project.import(&request, &NoProgress).unwrap();
    };
    import(
        ImportKind::Exam,
        "exam.csv",
        "id,question,A,B,C,D,answer,topic,query\n\
         t1,Where did the cat sit?,mat,roof,box,bed,A,Pets,q1\n\
         t2,What sat on the mat?,cat,dog,bird,fish,A,Pets,q1\n\
         t3,When do dogs bark?,night,noon,dawn,never,A,Pets,q2\n\
         t4,How do dogs bark?,loudly,softly,never,rarely,A,Pets,q2\n",
        None,
    );
    import(
        ImportKind::GoldArticles,
        "gold.jsonl",
        "{\"query\": \"q1\", \"text\": \"The cat sat on the mat.\"}\n\
         {\"query\": \"q2\", \"text\": \"Dogs bark loudly at night.\"}\n",
        None,
    );
    let systems = [
        (
            "Alpha",
            "{\"query\": \"q1\", \"text\": \"A cat sat on a mat.\"}\n\
             {\"query\": \"q2\", \"text\": \"Dogs bark.\"}\n",
            "question_id,answer\nt1,A\nt2,A\nt3,A\nt4,A\n",
        ),
        (
            "Beta",
            "{\"query\": \"q1\", \"text\": \"The mat.\"}\n",
            "question_id,answer\nt1,A\nt2,B\nt3,A\nt4,A\n",
        ),
        (
            "Gamma",
            "{\"query\": \"q1\", \"text\": \"Birds fly.\"}\n\
             {\"query\": \"q2\", \"text\": \"At night dogs bark loudly.\"}\n",
            "question_id,answer\nt1,B\nt2,C\nt3,A\nt4,A\n",
        ),
    ];
    for (name, articles, outcomes) in systems {
        import(
            ImportKind::Articles,
            &format!("{name}.jsonl"),
            articles,
            Some(name),
        );
        import(
            ImportKind::ReaderOutcomes,
            &format!("{name}-outcomes.csv"),
            outcomes,
            Some(name),
        );
    }
    project
}

#[test]
fn rouge_beside_exam_matches_the_hand_computation() {
    let dir = tempfile::tempdir().unwrap();
    let project = project(dir.path());
    // ROUGE-1 F1 (lowercased, stopwords "the", "on", "a", "at" dropped, Porter-stemmed):
    // Alpha: q1 {cat, sat, mat} = gold's → 1; q2 {dog, bark} of {dog, bark, loudli, night}:
    //        P 1, R 1/2 → 2/3. Mean 5/6; sample sd (1/3)/√2, standard error 1/6.
    // Beta:  q1 {mat}: P 1, R 1/3 → 1/2; q2 no article → 0. Mean 1/4, standard error 1/4.
    // Gamma: q1 {bird, fly}: 0; q2 the gold's four terms → 1. Mean 1/2, standard error 1/2.
    // EXAM: Alpha 1 (both queries 2/2); Beta q1 1/2, q2 without an article 0 → 1/4; Gamma
    // q1 0, q2 1 → 1/2.
    let expected = [
        ("Alpha", 1.0, 5.0 / 6.0, 1.0 / 6.0, 1, 1),
        ("Gamma", 0.5, 0.5, 0.5, 2, 2),
        ("Beta", 0.25, 0.25, 0.25, 3, 3),
    ];
    let table = project.exam_agreement(None).unwrap();
    assert_eq!(table.gold_queries, 2);
    assert_eq!(table.rows.len(), 3);
    for (row, (system, exam, rouge, rouge_se, exam_rank, rouge_rank)) in
        table.rows.iter().zip(expected)
    {
        assert_eq!(row.system, system);
        assert!((row.exam.exam - exam).abs() < 1e-12, "{row:?}");
        assert!((row.exam.rouge1.unwrap() - rouge).abs() < 1e-12, "{row:?}");
        assert!(
            (row.exam.rouge1_standard_error.unwrap() - rouge_se).abs() < 1e-12,
            "{row:?}"
        );
        assert_eq!(
            (row.exam_rank, row.rouge_rank),
            (exam_rank, Some(rouge_rank))
        );
    }
    // The same order on both: τ = ρ = 1 on the raw scores.
    let agreement = table.agreement.expect("three systems with ROUGE");
    assert_eq!(agreement.systems, 3);
    assert!((agreement.kendall - 1.0).abs() < 1e-12);
    assert!((agreement.spearman - 1.0).abs() < 1e-12);
    // Gamma and Beta are within noise of each other on both boards (0.25 apart, standard
    // errors 0.5 and 0.25): their ties broken at random on each board, ten times (seeded),
    // the two orders do not always agree.
    assert_eq!(agreement.repeats, 10);
    assert!(agreement.kendall_ties_broken < 1.0 && agreement.kendall_ties_broken >= -1.0);
    assert!(agreement.kendall_ties_broken_sd > 0.0);
    assert!(table.note.is_none());

    // The leaderboard carries the column, and the correlation panel can take ROUGE-1 as
    // Proctor's side.
    let grades = project.grades(None).unwrap();
    let alpha = grades
        .leaderboard
        .iter()
        .find(|s| s.system == "Alpha")
        .and_then(|s| s.exam.clone())
        .unwrap();
    assert!((alpha.rouge1.unwrap() - 5.0 / 6.0).abs() < 1e-12);
    assert_eq!(grades.gold.as_ref().and_then(|g| g.rouge1), None);
    let board = write(
        dir.path(),
        "board.csv",
        "system,score\nAlpha,3\nGamma,2\nBeta,1\n",
    );
    let report = project
        .correlate(&proctor_api::dto::CorrelateRequest {
            exam: None,
            metric: LeaderboardMetric::Rouge1,
            leaderboard: Some(board),
            qrels: None,
            runs: Vec::new(),
        })
        .unwrap();
    assert!((report.correlations[0].kendall - 1.0).abs() < 1e-12);
}

#[test]
fn without_gold_articles_the_view_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let project = super::project_with_exam(dir.path());
    let table = project.exam_agreement(None).unwrap();
    assert!(table.rows.is_empty() && table.agreement.is_none());
    assert_eq!(table.gold_queries, 0);
    assert!(table.note.unwrap().contains("no gold articles"));
}
