//! Questions written by a language model: an OpenAI-compatible server on 127.0.0.1 that replies
//! well, badly, cut off, twice the same and not at all — every reply counted with its reason —
//! and the local GGUF model set-up installs, refused as too small unless the user insists.

use super::*;
use proctor_api::dto::{
    AddModelRequest, CandidateStatus, EndpointRequest, ExamRef, GenerateRequest, GeneratedRef,
    GeneratorKind,
};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A models folder of the test's own: the installed files by absolute path (the user's models
/// added here stay here).
fn scratch_models(dir: &Path) -> String {
    let installed = proctor_models::ModelsFolder::locate(None).unwrap_or_else(|e| panic!("{e}"));
    let folder = dir.join("models");
    std::fs::create_dir_all(&folder).unwrap();
    let files: Vec<Value> = ["runtime", "embedder", "embedder-int8", "tokenizer", "llm"]
        .iter()
        .filter_map(|role| Some(json!({"path": installed.file(role).ok()?, "role": role})))
        .collect();
    std::fs::write(
        folder.join("manifest.json"),
        json!({"version": 1, "files": files}).to_string(),
    )
    .unwrap();
    folder.to_str().unwrap().to_owned()
}

/// A well-formed question, different for each `n`.
fn question(n: usize) -> Value {
    json!({
        "question": format!("Which setting does the Tidewater guide describe in its item number {n}?"),
        "choices": [format!("setting {n} alpha"), format!("setting {n} beta"), format!("setting {n} gamma"), format!("setting {n} delta")],
        "answer": "B",
    })
}

/// The server's reply to its `n`-th request: by n mod 5, well-formed, not JSON, cut off, the
/// question of request n − 3 again, declined.
fn reply(n: usize) -> Value {
    let (content, finish, refusal) = match n % 5 {
        0 => (question(n).to_string(), "stop", Value::Null),
        1 => (
            "Sure! Here is a good question about the passage.".to_owned(),
            "stop",
            Value::Null,
        ),
        2 => (
            question(n).to_string()[..40].to_owned(),
            "length",
            Value::Null,
        ),
        3 => (question(n - 3).to_string(), "stop", Value::Null),
        _ => (String::new(), "stop", json!("I can't help with that.")),
    };
    let content = if refusal.is_null() {
        json!(content)
    } else {
        Value::Null
    };
    json!({"choices": [{"message": {"role": "assistant", "content": content, "refusal": refusal}, "finish_reason": finish}]})
}

fn serve(mut stream: TcpStream, count: &AtomicUsize, seen: &Mutex<Vec<Value>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some(v) = line.to_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    let request: Value = serde_json::from_slice(&body).unwrap();
    // The self-test when the endpoint is added reads a passage: it asks for a letter.
    let body = if request["response_format"].is_null() {
        json!({"choices": [{"message": {"role": "assistant", "content": "A"}, "finish_reason": "stop"}]})
            .to_string()
    } else {
        seen.lock().unwrap().push(request);
        reply(count.fetch_add(1, Ordering::SeqCst)).to_string()
    };
    let _ = write!(
        stream,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

fn request(model: Option<&str>, count: u32, models: &str) -> GenerateRequest {
    GenerateRequest {
        exam: Some("Written".into()),
        generator: GeneratorKind::LanguageModel,
        model: model.map(Into::into),
        allow_small: false,
        count,
        per_topic: false,
        seed: Some(1),
        share: None,
        max_lookup: None,
        models: Some(models.into()),
        int8: true,
    }
}

#[test]
fn an_endpoint_writes_questions_and_every_bad_reply_is_counted_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let models = scratch_models(dir.path());
    let mut project = crate::generation::prepared_with(dir.path(), Some(&models));
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let count = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (c, s) = (Arc::clone(&count), Arc::clone(&seen));
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (c, s) = (Arc::clone(&c), Arc::clone(&s));
            std::thread::spawn(move || serve(stream, &c, &s));
        }
    });
    proctor_api::models::add(
        Some(&models),
        &AddModelRequest {
            name: "writer".into(),
            role: "llm".into(),
            description: "a test server".into(),
            model: String::new(),
            tokenizer: String::new(),
            label: None,
            endpoint: Some(EndpointRequest {
                url: url.clone(),
                model: "writer-1".into(),
                key_env: None,
                key_keychain: None,
                timeout_seconds: 10,
                concurrency: 2,
                context_tokens: 4096,
            }),
        },
    )
    .unwrap();

    let report = project
        .generate(&request(Some("writer"), 10, &models), &NoProgress)
        .unwrap();
    assert_eq!(report.written, 10);
    let q = &report.quality;
    assert_eq!(q.made, 10);
    assert_eq!(q.parsed, 4, "{q:?}");
    let unparsed: std::collections::BTreeMap<&str, u32> = q
        .unparsed
        .iter()
        .map(|t| (t.name.as_str(), t.count))
        .collect();
    assert_eq!(unparsed.get("not JSON"), Some(&2), "{q:?}");
    assert_eq!(unparsed.get("cut off"), Some(&2), "{q:?}");
    assert_eq!(unparsed.get("refused"), Some(&2), "{q:?}");
    // The repeated question is a duplicate of the first.
    assert_eq!(q.duplicates, 2, "{q:?}");

    // The requests asked for JSON, deterministically, within a limit, from the passage.
    let requests = seen.lock().unwrap().clone();
    assert!(requests.iter().all(|r| {
        r["response_format"]["type"] == "json_object"
            && r["temperature"] == 0
            && r["model"] == "writer-1"
            && r["max_tokens"].as_u64().is_some_and(|m| m > 0)
            && r["messages"][0]["content"]
                .as_str()
                .is_some_and(|p| p.contains("Passage:\nTidewater"))
    }));

    // What did not parse keeps what the server sent; the provenance names the endpoint.
    let queue = project
        .generated(&ExamRef {
            exam: Some("Written".into()),
        })
        .unwrap();
    let unparsed = queue
        .questions
        .iter()
        .find(|g| {
            g.status == CandidateStatus::Unparsed
                && g.parse_error
                    .as_deref()
                    .is_some_and(|e| e.contains("not a JSON"))
        })
        .unwrap();
    let detail = project
        .generated_question(&GeneratedRef {
            exam: Some("Written".into()),
            id: unparsed.id,
        })
        .unwrap();
    assert_eq!(
        detail.raw.as_deref(),
        Some("Sure! Here is a good question about the passage.")
    );
    assert_eq!(detail.provenance.generator, "llm");
    assert!(
        detail
            .provenance
            .model_hash
            .as_deref()
            .unwrap()
            .contains(&url)
    );
    assert!(
        detail
            .provenance
            .prompt
            .as_deref()
            .unwrap()
            .contains("Reply with JSON only")
    );
    // The keys were shuffled with the seed: not every parsed question keeps the server's B.
    let keys: std::collections::BTreeSet<u32> =
        queue.questions.iter().filter_map(|g| g.key).collect();
    assert!(keys.len() > 1 || queue.questions.iter().filter(|g| g.key.is_some()).count() < 3);
}

#[test]
fn the_installed_small_model_is_refused_unless_asked_and_then_counted_honestly() {
    let _turn = crate::language_model_turn();
    let dir = tempfile::tempdir().unwrap();
    let models = scratch_models(dir.path());
    let mut project = crate::generation::prepared_with(dir.path(), Some(&models));
    let refused = project
        .generate(&request(None, 3, &models), &NoProgress)
        .unwrap_err();
    assert!(
        refused
            .message
            .contains("too small to write exam questions"),
        "{refused}"
    );
    assert!(
        project
            .generated(&ExamRef {
                exam: Some("Written".into())
            })
            .map_or(true, |g| g.questions.is_empty())
    );

    let mut insist = request(None, 3, &models);
    insist.allow_small = true;
    let report = project.generate(&insist, &NoProgress).unwrap();
    let q = &report.quality;
    assert_eq!(q.made, 3);
    assert_eq!(
        q.parsed + q.unparsed.iter().map(|t| t.count).sum::<u32>(),
        3,
        "{q:?}"
    );
    let queue = project
        .generated(&ExamRef {
            exam: Some("Written".into()),
        })
        .unwrap();
    for g in &queue.questions {
        // Held to the grammar, every reply is JSON of the asked shape: what fails, fails on a
        // rule of the strict parse, with its reason.
        if g.status == CandidateStatus::Unparsed {
            let reason = g.parse_error.as_deref().unwrap();
            assert!(!reason.contains("not a JSON object"), "{reason}");
        } else {
            assert_eq!(g.choices.len(), 4);
        }
    }
}
