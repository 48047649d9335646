fn committed_and_current(relative: &str, generated: &str) {
    let root = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
    )
    .join("../..");
    let path = root.join(relative);
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&path, generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is stale: run `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings`",
        path.display()
    );
}

#[test]
fn generated_typescript_is_committed_and_current() {
    committed_and_current(
        proctor_api::workbench::bindings::TYPES_PATH,
        &proctor_api::workbench::bindings::typescript(),
    );
}

#[test]
fn generated_client_is_committed_and_current() {
    committed_and_current(
        proctor_api::workbench::table::CLIENT_PATH,
        &proctor_api::workbench::table::typescript_client(),
    );
}

/// Every line of the table reaches its facade method through the one dispatch: a request
/// of the wrong shape is refused as malformed (not as an unknown use case), and the client
/// names every use case once.
#[test]
fn every_use_case_is_dispatched_and_in_the_client() {
    let dir = tempfile::tempdir().unwrap();
    let bench = proctor_api::Workbench::new(dir.path());
    let client = proctor_api::workbench::table::typescript_client();
    let mut seen = std::collections::BTreeSet::new();
    for case in proctor_api::workbench::table::USE_CASES {
        assert!(seen.insert(case.name), "{} is listed twice", case.name);
        let error = bench
            .call(
                case.name,
                serde_json::json!({"surely": ["not", "a", "request"]}),
            )
            .unwrap_err();
        assert_ne!(
            error.code,
            ErrorCode::NotFound,
            "{}: {}",
            case.name,
            error.message
        );
        assert!(
            client.contains(&format!("send(\"{}\"", case.name)),
            "{} is missing from the client",
            case.name
        );
    }
    let unknown = bench
        .call("drop_everything", serde_json::Value::Null)
        .unwrap_err();
    assert_eq!(unknown.code, ErrorCode::NotFound);
    assert!(
        unknown.message.contains("drop_everything"),
        "{}",
        unknown.message
    );
    // A use case without a request takes JSON null.
    let none = bench.call("summary", serde_json::Value::Null).unwrap_err();
    assert_eq!(none.code, ErrorCode::NoProject, "{}", none.message);
}

use super::ErrorCode;
