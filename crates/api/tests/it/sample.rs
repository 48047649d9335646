use super::*;

#[test]
fn sample_project_grades_every_system_and_exam_mode() {
    let dir = tempfile::tempdir().unwrap();
    let summary = proctor_api::sample::build(&dir.path().join("s.proctor"), &NoProgress).unwrap();
    assert_eq!(summary.counts.documents, 30);
    assert_eq!(summary.counts.topics, 6);
    assert_eq!(summary.counts.questions, 120);
    assert_eq!(summary.counts.systems, 7);
    let grades = summary.grades.unwrap();
    assert_eq!(grades.exam.questions, 120);
    assert!(grades.exam.frozen);
    let names: Vec<&str> = grades
        .leaderboard
        .iter()
        .map(|s| s.system.as_str())
        .collect();
    assert_eq!(names.len(), 7);
    // The generator gives Atlas RAG ≈ 90% and Echo Bot ≈ chance: they must come first and last.
    assert_eq!(names[0], "Atlas RAG", "{names:?}");
    assert_eq!(*names.last().unwrap(), "Echo Bot", "{names:?}");
    for s in &grades.leaderboard {
        let (p, lo, hi) = (
            s.accuracy.unwrap(),
            s.accuracy_low.unwrap(),
            s.accuracy_high.unwrap(),
        );
        assert!(lo < p && p < hi, "{}: {lo} {p} {hi}", s.system);
        // Errors, unanswered questions and replies to read are not right: every system is
        // out of 120.
        assert_eq!(
            s.correct + s.wrong + s.unanswered + s.errors + s.needs_look,
            s.questions
        );
        assert_eq!(s.questions, 120);
        assert!(
            (p - f64::from(s.correct) / 120.0).abs() < 1e-12,
            "{}",
            s.system
        );
        // On answered: right / (right + wrong), shown where some question was not answered.
        let answered = s.correct + s.wrong;
        assert_eq!(
            s.accuracy_on_answered,
            (answered < s.questions).then(|| f64::from(s.correct) / f64::from(answered)),
            "{}",
            s.system
        );
    }
    let scribe = grades
        .leaderboard
        .iter()
        .find(|s| s.system == "Scribe Writer")
        .unwrap();
    let brief = grades
        .leaderboard
        .iter()
        .find(|s| s.system == "Brief Writer")
        .unwrap();
    assert_eq!(scribe.mode, SittingMode::Exam);
    let (scribe, brief) = (scribe.exam.clone().unwrap(), brief.exam.clone().unwrap());
    assert_eq!(scribe.queries, 30);
    assert!(scribe.exam > brief.exam);
    assert!(brief.skipped_queries > 0);
    let gold = grades.gold.unwrap();
    assert!(gold.exam > scribe.exam);
    let n_exam = scribe.n_exam.unwrap();
    assert!(
        (n_exam - scribe.exam / gold.exam).abs() < 1e-9,
        "n-EXAM = Σ EXAM / Σ gold EXAM"
    );
    // Echo Bot leans on choice A; the topic table has 6 topics with 20 questions each.
    assert_eq!(grades.topics.rows.len(), 6);
    assert!(grades.topics.rows.iter().all(|r| r.items == 20));
    let unmapped_answers = grades.leaderboard.iter().map(|s| s.unanswered).sum::<u32>();
    assert!(unmapped_answers > 0);
    assert!(grades.bias.unwrap().best_position.accuracy < 0.4);
}
