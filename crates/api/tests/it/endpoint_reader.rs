//! The LLM reader on an OpenAI-compatible endpoint: a small server on 127.0.0.1 that behaves
//! like a vendor's (it reads the passage in the prompt and names a letter), with its faults —
//! a malformed reply, a server error that a retry gets past, a wrong key — and with and without
//! log-probabilities.

use proctor_api::dto::{
    AddModelRequest, EndpointRequest, ReaderCheckRequest, ReaderKind, UserModelChoice,
};
use proctor_api::{NoProgress, check_exam_file};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// What the vendor saw.
#[derive(Default)]
struct Seen {
    requests: Mutex<Vec<Value>>,
    authorizations: Mutex<HashSet<String>>,
    in_flight: AtomicUsize,
    most_in_flight: AtomicUsize,
    failed_once: Mutex<HashSet<String>>,
}

struct Vendor {
    url: String,
    seen: Arc<Seen>,
}

/// The words of a text, lower case.
fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 2)
        .map(str::to_lowercase)
        .collect()
}

/// The vendor's answer to one prompt: the letter whose choice shares most words with the text
/// before "Question:" (A when there is none: closed book).
fn pick(prompt: &str) -> String {
    let (passage, rest) = prompt.split_once("Question: ").unwrap_or(("", prompt));
    let known = words(passage);
    let mut best = ("A".to_owned(), 0);
    for line in rest.lines() {
        if let Some((letter, text)) = line.split_once(". ")
            && letter.len() == 1
        {
            let overlap = words(text).intersection(&known).count();
            if overlap > best.1 {
                best = (letter.to_owned(), overlap);
            }
        }
    }
    best.0
}

fn respond(stream: &mut TcpStream, status: &str, body: &str) {
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

fn serve(mut stream: TcpStream, seen: &Seen, logprobs: bool) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut length = 0;
    let mut authorization = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        let lower = line.to_lowercase();
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if lower.starts_with("authorization:") {
            line["authorization:".len()..]
                .trim()
                .clone_into(&mut authorization);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    let request: Value = serde_json::from_slice(&body).unwrap();
    let now = seen.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
    seen.most_in_flight.fetch_max(now, Ordering::SeqCst);
    std::thread::sleep(std::time::Duration::from_millis(15));
    seen.requests.lock().unwrap().push(request.clone());
    seen.authorizations
        .lock()
        .unwrap()
        .insert(authorization.clone());
    let prompt = request["messages"][0]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let expected = format!("Bearer {}", std::env::var("CARGO_PKG_NAME").unwrap());
    let (status, body) = if authorization != expected {
        ("401 Unauthorized", r#"{"error":"bad key"}"#.to_owned())
    } else if prompt.contains("depot 3 ") {
        // A chatty model: never one letter (nor a letter among its first token's likeliest).
        let mut reply = json!({"choices": [{"message": {"role": "assistant", "content": "I think the answer is B"}}]});
        if logprobs && request["logprobs"] == json!(true) {
            let top: Vec<Value> = ["I", "The", "Answer"]
                .iter()
                .map(|t| json!({"token": t, "logprob": -1.0}))
                .collect();
            reply["choices"][0]["logprobs"] =
                json!({"content": [{"token": "I", "logprob": -1.0, "top_logprobs": top}]});
        }
        ("200 OK", reply.to_string())
    } else if prompt.contains("depot 5 ") && seen.failed_once.lock().unwrap().insert(prompt.clone())
    {
        (
            "500 Internal Server Error",
            r#"{"error":"busy"}"#.to_owned(),
        )
    } else {
        let letter = pick(&prompt);
        let mut reply = json!({"choices": [{"message": {"role": "assistant", "content": letter}}]});
        if logprobs && request["logprobs"] == json!(true) {
            let top: Vec<Value> = ["A", "B", "C", "D"]
                .iter()
                .map(|l| json!({"token": l, "logprob": if *l == letter { -0.05 } else { -3.5 }}))
                .collect();
            reply["choices"][0]["logprobs"] =
                json!({"content": [{"token": letter, "logprob": -0.05, "top_logprobs": top}]});
        }
        ("200 OK", reply.to_string())
    };
    // Out of flight before the reply leaves: the client may send its next request as soon as
    // it has read this one, and that request must not find this one still counted.
    seen.in_flight.fetch_sub(1, Ordering::SeqCst);
    respond(&mut stream, status, &body);
}

fn start_vendor(logprobs: bool) -> Vendor {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let seen = Arc::new(Seen::default());
    let shared = Arc::clone(&seen);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let seen = Arc::clone(&shared);
            std::thread::spawn(move || serve(stream, &seen, logprobs));
        }
    });
    Vendor { url, seen }
}

/// Twelve questions whose answer the passage states, keys rotating over the letters.
fn exam(dir: &Path) -> std::path::PathBuf {
    let things = [
        "falcon", "otter", "maple", "copper", "violet", "harbour", "lantern", "glacier", "saffron",
        "meadow", "quartz", "cobalt",
    ];
    let mut csv = String::from("id,passage,question,choice_a,choice_b,choice_c,choice_d,answer\n");
    for i in 0..12 {
        let key = i % 4;
        let mut choices: Vec<&str> = (1..4).map(|k| things[(i + k * 3) % 12]).collect();
        choices.insert(key, things[i]);
        let _ = writeln!(
            csv,
            "q{i},\"The depot {i} keeps a {} in its north wing. Visitors rarely ask about it.\",What does depot {i} keep in its north wing?,{},{},{},{},{}",
            things[i],
            choices[0],
            choices[1],
            choices[2],
            choices[3],
            proctor_core::letter(key)
        );
    }
    let file = dir.join("reading.csv");
    std::fs::write(&file, csv).unwrap();
    file
}

fn empty_models_folder(dir: &Path) -> String {
    let folder = dir.join("models");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("manifest.json"),
        r#"{"version": 1, "files": []}"#,
    )
    .unwrap();
    folder.to_str().unwrap().to_owned()
}

fn endpoint(url: &str, key_env: Option<&str>) -> AddModelRequest {
    AddModelRequest {
        name: "vendor".into(),
        role: "llm".into(),
        description: "a test server".into(),
        model: String::new(),
        tokenizer: String::new(),
        label: None,
        endpoint: Some(EndpointRequest {
            url: url.into(),
            model: "reader-1".into(),
            key_env: key_env.map(Into::into),
            key_keychain: None,
            timeout_seconds: 10,
            concurrency: 2,
            context_tokens: 4096,
        }),
    }
}

fn check_with_vendor(logprobs: bool) {
    let dir = tempfile::tempdir().unwrap();
    let models = empty_models_folder(dir.path());
    let vendor = start_vendor(logprobs);
    // A wrong key is refused by the server: the self-test fails and nothing is recorded.
    let refused =
        proctor_api::models::add(Some(&models), &endpoint(&vendor.url, Some("HOME"))).unwrap_err();
    assert!(refused.message.contains("HTTP 401"), "{}", refused.message);
    // A key variable that is not set is named.
    let unset = proctor_api::models::add(
        Some(&models),
        &endpoint(&vendor.url, Some("PROCTOR_NO_SUCH_KEY")),
    )
    .unwrap_err();
    assert!(
        unset.message.contains("PROCTOR_NO_SUCH_KEY"),
        "{}",
        unset.message
    );
    let test = proctor_api::models::add(
        Some(&models),
        &endpoint(&vendor.url, Some("CARGO_PKG_NAME")),
    )
    .unwrap();
    assert!(test.passed, "{test:?}");
    assert!(test.checks.iter().all(|c| c.passed), "{test:?}");
    // The key is never written down; the variable's name is.
    let manifest = std::fs::read_to_string(Path::new(&models).join("user-models.json")).unwrap();
    assert!(manifest.contains("CARGO_PKG_NAME"), "{manifest}");
    assert!(!manifest.contains("\"proctor-api\""), "{manifest}");
    let listed = proctor_api::models::list(Some(&models)).unwrap();
    let added = &listed.user_models[0];
    assert_eq!(
        (added.role.as_str(), added.mode.as_deref()),
        ("llm", Some("letter"))
    );
    assert_eq!(added.endpoint_model.as_deref(), Some("reader-1"));

    let check = check_exam_file(
        &exam(dir.path()),
        &ReaderCheckRequest {
            exam: None,
            readers: vec![ReaderKind::LanguageModel],
            models: Some(models.clone()),
            threads: 1,
            user_models: UserModelChoice {
                llm: Some("vendor".into()),
                ..UserModelChoice::default()
            },
        },
        &NoProgress,
    )
    .unwrap();
    let row = &check.readers[0];
    // Eleven right with the passage: depot 3's chatty replies are errors (retried once, never
    // guessed), and depot 5's server error is got past by the retry.
    assert_eq!(
        (row.with_passage.right, row.with_passage.of),
        (11, 12),
        "{row:?}"
    );
    assert!(row.name.contains("reader-1"), "{}", row.name);
    // Closed book the vendor names A in both orders: the orders disagree, nothing is chosen.
    assert!(row.closed_book.right <= 3, "{row:?}");
    let requests = vendor.seen.requests.lock().unwrap();
    assert!(requests.iter().all(|r| r["temperature"] == json!(0)
        && r["max_tokens"] == json!(1)
        && r["model"] == json!("reader-1")));
    let depot3 = requests
        .iter()
        .filter(|r| {
            r["messages"][0]["content"]
                .as_str()
                .unwrap()
                .contains("depot 3 ")
        })
        .count();
    // With the passage and without: the first order's reply is malformed twice, then the
    // question is given up (the second order is not asked).
    assert_eq!(depot3, 4, "each sitting asks twice and gives up");
    // Log-probabilities are asked for until a reply comes without them: without them, only
    // the refused key's two requests, the self-test's first and the check's first two (asked at
    // once) ask.
    let asked = requests
        .iter()
        .filter(|r| r["logprobs"] == json!(true))
        .count();
    if logprobs {
        assert_eq!(asked, requests.len());
    } else {
        assert!(asked <= 5, "{asked} of {}", requests.len());
    }
    assert_eq!(vendor.seen.most_in_flight.load(Ordering::SeqCst), 2);
    assert!(vendor.seen.authorizations.lock().unwrap().len() >= 2);
}

#[test]
fn an_endpoint_reads_with_strict_letters() {
    check_with_vendor(false);
}

#[test]
fn an_endpoint_reads_with_log_probabilities() {
    check_with_vendor(true);
}

#[test]
fn an_endpoint_that_does_not_answer_is_refused_with_its_address() {
    let dir = tempfile::tempdir().unwrap();
    let models = empty_models_folder(dir.path());
    // A port nothing listens on.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}/v1");
    let error = proctor_api::models::add(Some(&models), &endpoint(&url, None)).unwrap_err();
    assert!(
        error.message.contains(&url) && error.message.contains("did not answer"),
        "{}",
        error.message
    );
    assert!(!Path::new(&models).join("user-models.json").exists());
}
