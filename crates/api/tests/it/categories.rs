use super::*;
use proctor_api::dto::CategoryOverride;

#[test]
fn overrides_replace_the_classifier_and_auto_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project_with_exam(dir.path());
    let before = project.grades(None).unwrap();
    assert!(
        before.bloom.rows.iter().any(|r| r.category == "Analyzing"),
        "q3 says troubleshoot"
    );
    let change = CategoryOverride {
        exam: None,
        question_id: "q3".into(),
        bloom: Some(vec!["Creating".into(), "evaluating".into()]),
        question_type: Some("why".into()),
    };
    let now = project.override_categories(&change).unwrap();
    assert_eq!(now.bloom, ["Evaluating", "Creating"]);
    assert!(now.bloom_overridden && now.question_type_overridden);
    let after = project.grades(None).unwrap();
    assert!(!after.bloom.rows.iter().any(|r| r.category == "Analyzing"));
    assert!(
        after
            .question_types
            .rows
            .iter()
            .any(|r| r.category == "why")
    );

    let back = CategoryOverride {
        bloom: Some(vec![]),
        question_type: Some("auto".into()),
        ..change.clone()
    };
    let restored = project.override_categories(&back).unwrap();
    assert_eq!(
        (restored.bloom.as_slice(), restored.question_type.as_str()),
        (&["Analyzing".to_owned()][..], "how")
    );
    assert!(!restored.bloom_overridden);

    let bad = CategoryOverride {
        bloom: Some(vec!["Remember".into()]),
        ..change.clone()
    };
    let err = project.override_categories(&bad).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert!(
        err.message.starts_with("'Remember' is not a Bloom level"),
        "{}",
        err.message
    );
    let missing = CategoryOverride {
        question_id: "q99".into(),
        ..change
    };
    assert_eq!(
        project.override_categories(&missing).unwrap_err().code,
        ErrorCode::NotFound
    );
}
