//! An endpoint system sits the exam against a vendor with every fault, and each is met.

use super::*;

#[test]
fn a_vendor_with_faults_sits_the_exam_and_every_fault_is_met() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let other = VendorServer::start(|_, _| Reply::json("{\"answer\": \"A\"}"));
    let elsewhere = format!("{}/collect", other.url().replace("127.0.0.1", "localhost"));
    let server = vendor(known.clone(), elsewhere);
    project
        .save_endpoint(&EndpointSystem {
            name: "Vendor X".into(),
            spec: spec(server.url()),
        })
        .unwrap();

    let report = project.run_endpoints(&run(&[]), &NoProgress).unwrap();
    let sitting = &report.sittings[0];
    assert_eq!((sitting.answered, sitting.errors), (115, 5), "{report:?}");
    assert_eq!(report.halted, None);

    // The right answers land: letters and free text map to the key, the planted wrong ones
    // are wrong, and every fault that does not pass is an error, never a wrong answer.
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Vendor X".into(),
        })
        .unwrap();
    for row in &sheet.rows {
        let q = &known[&row.id];
        let expected = if PERMANENT.contains(&row.id.as_str()) {
            AnswerVerdict::Error
        } else if q.number % 10 == 3 {
            AnswerVerdict::Wrong
        } else {
            AnswerVerdict::Right
        };
        assert_eq!(row.verdict, expected, "{} {:?}", row.id, row.reply);
    }

    // Retry-After is waited out, in seconds and as a date.
    let seen = server.seen();
    for id in ["tw-005", "tw-006"] {
        let times: Vec<_> = seen
            .iter()
            .filter(|s| s.body.contains(&format!("\"{id}\"")))
            .map(|s| s.at)
            .collect();
        assert_eq!(times.len(), 2, "{id}");
        let gap = times[1] - times[0];
        assert!(gap >= Duration::from_millis(950), "{id}: {gap:?}");
    }
    let exchange = |id: &str| {
        project
            .exchange(&ExchangeRef {
                system: "Vendor X".into(),
                question: id.into(),
            })
            .unwrap()
    };
    assert_eq!(exchange("tw-007").attempts, 4);
    assert_eq!(
        exchange("tw-008").attempts,
        2,
        "the slow reply timed out once"
    );
    assert_eq!(
        exchange("tw-009").attempts,
        2,
        "the closed connection was retried"
    );
    assert!(exchange("tw-010").error.unwrap().contains("not JSON"));
    assert!(exchange("tw-012").error.unwrap().contains("1024 KiB cap"));
    assert!(exchange("tw-013").error.unwrap().contains("another host"));
    assert!(other.seen().is_empty(), "nothing went to the other host");
    assert!(exchange("tw-014").error.unwrap().contains("no 'answer'"));
    let with_evidence = exchange("tw-003");
    assert_eq!(with_evidence.evidence[0].id.as_deref(), Some("c3"));
    assert_eq!(with_evidence.source_in_evidence, Some(true));
    assert_eq!(exchange("tw-004").source_in_evidence, Some(false));

    // The key went out, and no file of the project holds it — not the configuration, not
    // the request copies.
    let key = secret();
    assert!(
        seen.iter()
            .all(|s| s.header("authorization") == Some(&format!("Bearer {key}"))),
        "the key was sent"
    );
    assert!(
        exchange("tw-001")
            .request
            .contains("Bearer ••• (from $CARGO_MANIFEST_DIR)")
    );
    drop(project);
    let bytes = project_bytes(dir.path());
    assert!(
        !bytes.windows(key.len()).any(|w| w == key.as_bytes()),
        "the project file holds the key"
    );
    let mut project = Project::open(&dir.path().join("s.proctor")).unwrap();

    // Latency, errors, retries, cost and evidence beside accuracy.
    let overview = project.systems_overview().unwrap();
    let info = overview
        .systems
        .iter()
        .find(|s| s.name == "Vendor X")
        .unwrap();
    let ops = info.operations.clone().unwrap();
    assert_eq!((ops.asked, ops.errors), (120, 5));
    assert!((ops.error_rate.unwrap() - 5.0 / 120.0).abs() < 1e-12);
    assert!(ops.retried >= 6, "{ops:?}");
    let right = known
        .iter()
        .filter(|(id, q)| !PERMANENT.contains(&id.as_str()) && q.number % 10 != 3)
        .count();
    assert_eq!(ops.accuracy.as_ref().unwrap().right as usize, right);
    assert_eq!(ops.accuracy.as_ref().unwrap().of, 120);
    assert!(ops.median_ms.unwrap() <= ops.p95_ms.unwrap());
    assert_eq!((ops.prompt_tokens, ops.completion_tokens), (11_500, 230));
    let cost_per_100 = 115.0 * (100.0 * 1.0 + 2.0 * 2.0) / 1e6 * 100.0 / 120.0;
    assert!((ops.cost_per_100.unwrap() - cost_per_100).abs() < 1e-12);
    let answered = |q: &&Known| {
        !known
            .iter()
            .any(|(id, k)| k.number == q.number && PERMANENT.contains(&id.as_str()))
    };
    let with = known
        .values()
        .filter(answered)
        .filter(|q| q.number % 3 != 2)
        .count();
    let found = known
        .values()
        .filter(answered)
        .filter(|q| q.number % 3 == 0)
        .count();
    let right_without = known
        .values()
        .filter(answered)
        .filter(|q| q.number % 3 == 1 && q.number % 10 != 3)
        .count();
    assert_eq!(ops.with_evidence as usize, with);
    assert_eq!(
        (ops.source_found as usize, ops.source_known as usize),
        (found, with)
    );
    assert_eq!(ops.right_without_source as usize, right_without);

    // Running again asks nothing; retrying the errors asks exactly those; one question can
    // be asked again alone.
    let before = server.seen().len();
    let again = project.run_endpoints(&run(&[]), &NoProgress).unwrap();
    assert_eq!(again.sittings[0].asked, 0);
    assert_eq!(server.seen().len(), before);
    let retried = project
        .run_endpoints(
            &EndpointRunRequest {
                retry_errors: true,
                ..run(&[])
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(
        (retried.sittings[0].asked, retried.sittings[0].errors),
        (5, 5)
    );
    let asked: Vec<String> = ids_of(&server.seen()[before..]);
    assert!(
        asked.iter().all(|id| PERMANENT.contains(&id.as_str())),
        "{asked:?}"
    );
    let before = server.seen().len();
    let one = project
        .run_endpoints(
            &EndpointRunRequest {
                questions: vec!["tw-021".into()],
                ..run(&[])
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(one.sittings[0].asked, 1);
    assert_eq!(ids_of(&server.seen()[before..]), vec!["tw-021".to_owned()]);

    // Deleted and put back, the system keeps its exchanges.
    project
        .delete_system(&SystemName {
            name: "Vendor X".into(),
        })
        .unwrap();
    project
        .restore_system(&SystemName {
            name: "Vendor X".into(),
        })
        .unwrap();
    let back = project
        .exchange(&ExchangeRef {
            system: "Vendor X".into(),
            question: "tw-007".into(),
        })
        .unwrap();
    assert_eq!(back.attempts, 4);
    assert!(project.endpoint("Vendor X").unwrap().spec == spec(server.url()));
}
