//! EXAM mode over HTTP, and trying one question.

use super::*;
use std::sync::Arc;

#[test]
fn exam_mode_fetches_an_article_per_query_and_the_local_reader_grades_it() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let mut by_query: HashMap<String, Vec<String>> = HashMap::new();
    for q in known.values() {
        by_query
            .entry(q.query.clone())
            .or_default()
            .push(q.source.clone());
    }
    // One query's article never comes (the server fails it every time): its questions must
    // end as errors, not as wrong answers of a blank article.
    let failing = by_query.keys().min().cloned().unwrap();
    let failing_query = failing.clone();
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let query = body["query"].as_str().unwrap_or("");
        if query == failing_query {
            return Reply::status(500);
        }
        let article = by_query.get(query).map(|s| s.join(" ")).unwrap_or_default();
        Reply::json(json!({"answer": article}).to_string())
    });
    let mut articles = spec(server.url());
    articles.mode = VendorMode::Articles;
    articles.body = r#"{"id": "{{id}}", "query": "{{query}}"}"#.into();
    articles.reply.evidence.clear();
    project
        .save_endpoint(&EndpointSystem {
            name: "Writer".into(),
            spec: articles,
        })
        .unwrap();
    let queries = known
        .values()
        .map(|q| q.query.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let report = project
        .run_endpoints(
            &EndpointRunRequest {
                grading: Some(ReadArticlesRequest {
                    exam: None,
                    systems: Vec::new(),
                    gold: false,
                    reader: ReaderKind::Lexical,
                    replace: true,
                    models: None,
                    int8: false,
                    threads: 0,
                    user_models: UserModelChoice::default(),
                }),
                ..run(&["Writer"])
            },
            &NoProgress,
        )
        .unwrap();
    assert_eq!(report.sittings[0].answered as usize, queries - 1);
    assert_eq!(report.sittings[0].errors, 1);
    // The failing query was tried 1 + 4 times.
    assert_eq!(server.seen().len(), queries + 4);
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Writer".into(),
        })
        .unwrap();
    assert!(sheet.exam_mode);
    for row in &sheet.rows {
        if known[&row.id].query == failing {
            assert_eq!(row.verdict, AnswerVerdict::Error, "{}", row.id);
            assert!(row.reply.as_deref().unwrap_or("").contains("HTTP 500"));
        } else {
            assert_ne!(row.verdict, AnswerVerdict::Error, "{}", row.id);
        }
    }
    let right = sheet
        .rows
        .iter()
        .filter(|r| r.verdict == AnswerVerdict::Right)
        .count();
    // The articles hold every passage: the lexical reader gets most questions right.
    assert!(right >= 85, "{right} of {}", sheet.rows.len());
    // Speed, errors and cost over the queries asked; accuracy is the reader's.
    let overview = project.systems_overview().unwrap();
    let ops = overview
        .systems
        .iter()
        .find(|s| s.name == "Writer")
        .and_then(|s| s.operations.clone())
        .unwrap();
    assert_eq!(
        (ops.asked as usize, ops.errors, ops.retried),
        (queries, 1, 1)
    );
    assert_eq!(ops.accuracy.unwrap().right as usize, right);
}

#[test]
fn trying_one_question_shows_the_request_the_reply_and_what_was_read() {
    let dir = tempfile::tempdir().unwrap();
    let (project, known) = sample(dir.path());
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let q = &known[body["id"].as_str().unwrap_or("")];
        Reply::json(good_reply(q).to_string())
    });
    let tried = project
        .try_endpoint(&TryRequest {
            name: "Vendor Z".into(),
            spec: spec(server.url()),
            question: Some("tw-003".into()),
        })
        .unwrap();
    assert_eq!(tried.status, Some(200));
    assert!(tried.request.starts_with("POST http://127.0.0.1:"));
    assert!(tried.request.contains("\"id\": \"tw-003\""));
    assert!(!tried.request.contains(&secret()));
    assert_eq!(tried.evidence.len(), 1);
    assert_eq!(tried.prompt_tokens, Some(100));
    assert_eq!(tried.right, Some(false), "tw-003 is a planted wrong answer");
    // The question may be named as people name it: its number, or words of its stem.
    for asked in ["3", "#3", "recall the background service that the Linux"] {
        let by = project
            .try_endpoint(&TryRequest {
                name: "Vendor Z".into(),
                spec: spec(server.url()),
                question: Some(asked.into()),
            })
            .unwrap_or_else(|e| panic!("{asked}: {e:?}"));
        assert!(by.request.contains("\"id\": \"tw-003\""), "{asked}");
    }
    let sent = server.seen().len();
    for (asked, says) in [
        ("999", "give a number from 1 to 120"),
        (
            "Linux package",
            "questions hold 'Linux package' (numbers 1, 2",
        ),
        (
            "no such words anywhere",
            "no question 'no such words anywhere'",
        ),
    ] {
        let e = project
            .try_endpoint(&TryRequest {
                name: "Vendor Z".into(),
                spec: spec(server.url()),
                question: Some(asked.into()),
            })
            .unwrap_err();
        assert!(e.message.contains(says), "{asked}: {}", e.message);
    }
    assert_eq!(
        server.seen().len(),
        sent,
        "nothing sent for a question not found"
    );
    assert!(tried.mapping.unwrap().starts_with("the letter"));
    let mut wrong_path = spec(server.url());
    wrong_path.reply.answer = "choices[0].message.content".into();
    let tried = project
        .try_endpoint(&TryRequest {
            name: "Vendor Z".into(),
            spec: wrong_path,
            question: Some("tw-002".into()),
        })
        .unwrap();
    let error = tried.error.unwrap();
    assert!(
        error.contains("no 'choices'") && error.contains("its keys: answer"),
        "{error}"
    );
    assert_eq!(tried.choice, None);
    assert!(tried.reply.unwrap().contains("\"answer\""));
    // A secret that cannot be read stops the try before any request, naming where it looked.
    let mut unset = spec(server.url());
    unset.headers[0].value = HeaderValue::Environment {
        name: "PROCTOR_SURELY_UNSET_KEY".into(),
        prefix: "Bearer ".into(),
    };
    let before = server.seen().len();
    let e = project
        .try_endpoint(&TryRequest {
            name: "Vendor Z".into(),
            spec: unset,
            question: None,
        })
        .unwrap_err();
    assert!(e.message.contains("PROCTOR_SURELY_UNSET_KEY"), "{e:?}");
    assert_eq!(server.seen().len(), before);

    // The exam for vendors, saved where the window's dialog said: no keys; never over a
    // project file.
    let export = ExportRequest {
        exam: None,
        version: None,
        format: ExamFileFormat::VendorJsonl,
    };
    let file = dir.path().join("for-vendors.jsonl");
    let saved = project
        .save_exam(&SaveExamRequest {
            export: export.clone(),
            path: file.display().to_string(),
        })
        .unwrap();
    assert_eq!(saved.questions, 120);
    let lines = std::fs::read_to_string(&file).unwrap();
    let first: Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    assert_eq!(first["question_id"], "tw-001");
    assert_eq!(first["answer"], Value::Null);
    assert!(!lines.contains("\"source_text\""));
    let refused = project
        .save_exam(&SaveExamRequest {
            export,
            path: dir.path().join("s.proctor").display().to_string(),
        })
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::InvalidInput);
}

/// Open answers: the vendor is asked without the choices and answers in its own words; the
/// local reader answers each question from that answer alone. A free answer that is the
/// question's own passage is graded as the reader grades the passage (the ceiling); one that is
/// another question's passage is seldom right.
#[test]
fn an_open_answer_sitting_is_graded_by_the_reader_from_the_free_answer() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    // Half the questions get their own passage back, the other half a neighbour's.
    let mut ids: Vec<&String> = known.keys().collect();
    ids.sort_by_key(|id| known[*id].number);
    let answers: HashMap<String, String> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let own = i % 2 == 0;
            let passage = if own {
                known[*id].source.clone()
            } else {
                // A passage of another topic's question, far along the exam.
                known[ids[(i + ids.len() / 2) % ids.len()]].source.clone()
            };
            ((*id).clone(), passage)
        })
        .collect();
    let asked_with_choices = Arc::new(AtomicU64::new(0));
    let seen_choices = Arc::clone(&asked_with_choices);
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        if body.get("choices").is_some() || seen.body.contains("choices") {
            seen_choices.fetch_add(1, Ordering::SeqCst);
        }
        let answer = answers.get(body["id"].as_str().unwrap_or("")).cloned();
        Reply::json(json!({ "answer": answer.unwrap_or_default() }).to_string())
    });
    let mut open = spec(server.url());
    open.mode = VendorMode::Open;
    open.reply.evidence.clear();
    // Asking without the choices is the point: a template that sends them is refused.
    let refused = project
        .save_endpoint(&EndpointSystem {
            name: "Assistant".into(),
            spec: open.clone(),
        })
        .unwrap_err();
    assert!(
        refused.message.contains("without the choices"),
        "{}",
        refused.message
    );
    open.body = r#"{"id": "{{id}}", "question": "{{question}}"}"#.into();
    project
        .save_endpoint(&EndpointSystem {
            name: "Assistant".into(),
            spec: open,
        })
        .unwrap();
    let report = project
        .run_endpoints(&run(&["Assistant"]), &NoProgress)
        .unwrap();
    assert_eq!(asked_with_choices.load(Ordering::SeqCst), 0);
    let said = report.sittings[0].open.clone().unwrap();
    assert!(
        said.contains("the lexical reader answered from the free answers"),
        "{said}"
    );

    let grades = project.grades(None).unwrap();
    let row = grades
        .leaderboard
        .iter()
        .find(|s| s.system == "Assistant")
        .unwrap();
    assert_eq!(row.mode, proctor_api::dto::SittingMode::Open);
    assert_eq!(row.open_reader.as_deref(), Some("lexical"));
    let ceiling = row.open_ceiling.unwrap();

    // Per question: right from its own passage exactly when the reader is right from the
    // passage (the same text); seldom right from a neighbour's.
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Assistant".into(),
        })
        .unwrap();
    let (mut own, mut own_right, mut other, mut other_right) = (0, 0, 0, 0);
    for r in &sheet.rows {
        let right = r.verdict == AnswerVerdict::Right;
        let reading = r.reading.as_deref().unwrap_or("");
        assert!(
            reading.contains("by the reader, from the free answer")
                || reading.contains("the reader found no choice"),
            "{reading}"
        );
        if r.reply.as_deref() == Some(known[&r.id].source.as_str()) {
            own += 1;
            own_right += usize::from(right);
        } else {
            other += 1;
            other_right += usize::from(right);
        }
    }
    assert_eq!(own + other, known.len());
    let own_rate = own_right as f64 / own as f64;
    let other_rate = other_right as f64 / other as f64;
    // The ceiling is over every question; the own-passage half is a sample of it.
    assert!(
        (own_rate - ceiling).abs() < 0.15,
        "{own_rate} against {ceiling}"
    );
    assert!(own_rate > 0.6, "{own_rate}");
    assert!(other_rate < 0.35, "{other_rate}");
    assert_eq!(
        row.correct as usize,
        own_right + other_right,
        "the leaderboard counts the reader's verdicts"
    );
}

/// A vendor that echoes the request's Authorization header in its evidence and its answer (as
/// debug endpoints do), whole and cut: neither a try nor a run keeps or shows the key, nor a
/// piece of it of eight characters or more.
#[test]
fn a_vendor_echoing_the_key_leaves_no_piece_of_it_anywhere() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let q = &known[body["id"].as_str().unwrap_or("")];
        let header = seen.header("authorization").unwrap_or("").to_owned();
        let cut = &header[..header.len() - 4];
        let tail = &header[header.len() - 12..];
        Reply::json(
            json!({
                "answer": format!("{} (debug: {cut})", q.key),
                "contexts": [format!("headers: authorization={header}"), format!("…{tail}")],
            })
            .to_string(),
        )
    });
    let key = secret();
    let pieces = [&key[..10], &key[key.len() - 10..]];
    let clean = |what: &str, text: &str| {
        for piece in pieces {
            assert!(
                !text.contains(piece),
                "{what} holds a piece of the key: {text}"
            );
        }
    };
    let tried = project
        .try_endpoint(&TryRequest {
            name: "Vendor E".into(),
            spec: spec(server.url()),
            question: Some("tw-001".into()),
        })
        .unwrap();
    clean("the answer", tried.answer.as_deref().unwrap_or(""));
    clean("the reply", tried.reply.as_deref().unwrap_or(""));
    for e in &tried.evidence {
        clean("the evidence", &serde_json::to_string(e).unwrap());
    }
    assert_eq!(tried.right, Some(true), "the answer is still read");
    project
        .save_endpoint(&EndpointSystem {
            name: "Vendor E".into(),
            spec: spec(server.url()),
        })
        .unwrap();
    project
        .run_endpoints(&run(&["Vendor E"]), &NoProgress)
        .unwrap();
    drop(project);
    let bytes = String::from_utf8_lossy(&project_bytes(dir.path())).into_owned();
    clean("the project file", &bytes);
}
