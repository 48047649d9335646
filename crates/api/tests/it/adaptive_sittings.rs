//! An endpoint system sits the sample exam adaptively (METHODS.md §11) against a vendor-like
//! server on 127.0.0.1: only the questions an adaptive exam picks are sent, in the order the
//! stats crate's CAT picks them from the project's own IRT fit; a second run resumes from the
//! answers already given; the stopping rule and bad requests are honoured.

use proctor_api::dto::{
    AdaptiveAsking, EndpointRunRequest, EndpointSystem, IrtRequest, QuestionsRequest,
    SystemSelection,
};
use proctor_api::{ErrorCode, NoProgress, Project};
use proctor_models::vendor::{HttpMethod, Limits, Price, ReplyPaths, VendorMode, VendorSpec};
use proctor_stats::irt::{Cat, CatSettings, Item};
use proctor_testkit::{Reply, Seen, VendorServer};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The vendor knows the key of every question and answers right on two questions in three.
fn right(number: u32) -> bool {
    !number.is_multiple_of(3)
}

fn spec(url: &str) -> VendorSpec {
    VendorSpec {
        mode: VendorMode::Answers,
        method: HttpMethod::Post,
        url: format!("{url}/ask"),
        headers: Vec::new(),
        body: r#"{"id": "{{id}}", "question": "{{question}}"}"#.into(),
        reply: ReplyPaths {
            answer: "answer".into(),
            ..ReplyPaths::default()
        },
        limits: Limits {
            concurrency: 4,
            requests_per_minute: 0,
            timeout_seconds: 5,
            retries: 0,
            backoff_ms: 10,
            breaker: 20,
            max_reply_kib: 64,
        },
        price: Price::default(),
    }
}

fn request(asking: Option<AdaptiveAsking>) -> EndpointRunRequest {
    EndpointRunRequest {
        adaptive: asking,
        ..crate::vendors::run(&["Vendor A"])
    }
}

fn ids_of(seen: &[Seen]) -> Vec<String> {
    seen.iter()
        .filter_map(|s| serde_json::from_str::<Value>(&s.body).ok())
        .filter_map(|b| b["id"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn an_endpoint_system_is_asked_only_the_questions_an_adaptive_exam_picks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    let table = project
        .question_table(&QuestionsRequest { exam: None })
        .unwrap();
    // (number, key letter, wrong letter) of every question.
    let known: HashMap<String, (u32, String, String)> = table
        .rows
        .iter()
        .map(|row| {
            let key = row.key.clone();
            let wrong = if key == "A" { "B" } else { "A" }.to_owned();
            (row.id.clone(), (row.number, key, wrong))
        })
        .collect();
    // The calibration the sitting must use: the project's fit on the systems there are now.
    let fit = project
        .fit_irt(&IrtRequest {
            exam: None,
            settings: None,
            hierarchical: false,
            baselines: Vec::new(),
            selection: SystemSelection::default(),
        })
        .unwrap();
    let items: Vec<Item> = fit
        .items
        .iter()
        .map(|i| Item {
            discrimination: i.discrimination,
            difficulty: i.difficulty,
            guessing: i.guessing,
        })
        .collect();
    // The calibrating population: the joint fit's abilities (as fitted, not the EAP shown).
    let abilities: Vec<f64> = fit.systems.iter().map(|s| s.fitted).collect();
    let mean = abilities.iter().sum::<f64>() / abilities.len() as f64;
    let sd =
        (abilities.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / abilities.len() as f64).sqrt();

    let answers = known.clone();
    let server = VendorServer::start(move |seen: &Seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let Some((number, key, wrong)) = answers.get(body["id"].as_str().unwrap_or("")) else {
            return Reply::status(400);
        };
        let answer = if right(*number) { key } else { wrong };
        Reply::json(json!({ "answer": answer }).to_string())
    });
    project
        .save_endpoint(&EndpointSystem {
            name: "Vendor A".into(),
            spec: spec(server.url()),
        })
        .unwrap();

    let asking = AdaptiveAsking {
        target_se: 0.0,
        max_questions: 12,
        balance_topics: false,
    };
    let report = project
        .run_endpoints(&request(Some(asking.clone())), &NoProgress)
        .unwrap();
    let sitting = &report.sittings[0];
    assert_eq!(
        (sitting.asked, sitting.answered, sitting.errors),
        (12, 12, 0)
    );
    let estimate = sitting.adaptive.clone().expect("an adaptive estimate");
    assert_eq!((estimate.used, estimate.questions), (12, 120));
    assert_eq!(estimate.calibrated_on as usize, fit.systems.len());
    assert!(estimate.low <= estimate.predicted && estimate.predicted <= estimate.high);
    assert!(estimate.standard_error > 0.0 && estimate.standard_error < sd);

    // Only those twelve were sent, one at a time, each the most informative at the estimate
    // so far: the same sequence the stats crate's adaptive exam picks.
    let asked = ids_of(&server.seen());
    let order: Vec<&String> = table.rows.iter().map(|r| &r.id).collect();
    let mut cat = Cat::new(
        &items,
        CatSettings {
            target_se: 0.0,
            max_items: 12,
            topics: None,
            prior: (mean, sd),
            max_exposure: None,
        },
    );
    let mut expected = Vec::new();
    while let Some(i) = cat.next() {
        let number = known[order[i]].0;
        cat.answer(i, right(number));
        expected.push(order[i].clone());
    }
    assert_eq!(asked, expected);
    let predicted = cat.predict();
    assert!(
        (predicted.accuracy - estimate.predicted).abs() < 1e-9,
        "{predicted:?} {estimate:?}"
    );
    assert!((predicted.theta - estimate.ability).abs() < 1e-9);

    // A second run resumes: the twelve answers are folded in, eight more are asked.
    let more = project
        .run_endpoints(
            &request(Some(AdaptiveAsking {
                max_questions: 20,
                ..asking.clone()
            })),
            &NoProgress,
        )
        .unwrap();
    assert_eq!((more.sittings[0].asked, more.sittings[0].before), (8, 12));
    assert_eq!(more.sittings[0].adaptive.as_ref().unwrap().used, 20);
    let all = ids_of(&server.seen());
    assert_eq!(all.len(), 20);
    let distinct: std::collections::HashSet<&String> = all.iter().collect();
    assert_eq!(distinct.len(), 20, "no question asked twice");

    // A reached standard error asks nothing more.
    let settled = project
        .run_endpoints(
            &request(Some(AdaptiveAsking {
                target_se: 5.0,
                max_questions: 60,
                balance_topics: false,
            })),
            &NoProgress,
        )
        .unwrap();
    assert_eq!(settled.sittings[0].asked, 0);
    assert_eq!(ids_of(&server.seen()).len(), 20);

    // Topics in turn: with as many questions as topics, each topic once.
    let topics: HashMap<&String, Option<String>> = table
        .rows
        .iter()
        .map(|r| (&r.id, r.topic.clone()))
        .collect();
    let count = topics
        .values()
        .collect::<std::collections::HashSet<_>>()
        .len();
    let balanced = project
        .run_endpoints(
            &EndpointRunRequest {
                restart: true,
                ..request(Some(AdaptiveAsking {
                    target_se: 0.0,
                    max_questions: u32::try_from(count).unwrap(),
                    balance_topics: true,
                }))
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(balanced.sittings[0].asked as usize, count);
    let fresh = &ids_of(&server.seen())[20..];
    let seen_topics: std::collections::HashSet<&Option<String>> =
        fresh.iter().map(|id| &topics[id]).collect();
    assert_eq!(seen_topics.len(), count, "one question of every topic");

    // Bad requests change nothing and name what is wrong.
    let before = server.seen().len();
    let e = project
        .run_endpoints(
            &request(Some(AdaptiveAsking {
                max_questions: 0,
                ..asking.clone()
            })),
            &NoProgress,
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(e.message.contains("at least one question"), "{e:?}");
    let e = project
        .run_endpoints(
            &EndpointRunRequest {
                questions: vec![table.rows[0].id.clone()],
                ..request(Some(asking))
            },
            &NoProgress,
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput, "{e:?}");
    assert!(e.message.contains("picks its own questions"), "{e:?}");
    assert_eq!(server.seen().len(), before);
}
