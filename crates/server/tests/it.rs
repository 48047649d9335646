//! `proctor serve` over a real socket on 127.0.0.1.

use proctor_api::Workbench;
use proctor_server::{ServeOptions, Server};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

/// One HTTP/1.1 request; returns (status, body).
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, String) {
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    raw(
        addr,
        &format!("Host: {addr}\r\n{auth}"),
        method,
        path,
        body.as_bytes(),
    )
}

/// A request with the given header lines (each ending in CRLF).
fn raw(addr: SocketAddr, headers: &str, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\n{headers}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    // The server may answer (413) before it has read a large body: a broken pipe is fine.
    let _ = stream.write_all(body);
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

fn json_body(raw: &str) -> serde_json::Value {
    // The body may be chunked: take the JSON object between the first '{' and the last '}'.
    let start = raw.find('{').unwrap();
    let end = raw.rfind('}').unwrap();
    serde_json::from_str(&raw[start..=end]).unwrap()
}

#[test]
fn serves_the_facade_with_a_token_and_errors_as_code_and_message() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let workbench = Arc::new(Workbench::new(dir.path()));
    let options = ServeOptions {
        port: 0,
        ui_dir: None,
        token: None,
    };
    let server = runtime.block_on(Server::bind(workbench, options)).unwrap();
    let addr = server.address().unwrap();
    assert!(addr.ip().is_loopback());
    let token = server.token.clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let handle = runtime.spawn(server.run(async {
        stopped.await.ok();
    }));

    let (status, body) = request(addr, "GET", "/api/summary", None, "");
    assert_eq!(status, 401);
    assert_eq!(json_body(&body)["code"], "unauthorized");

    let (status, body) = request(addr, "GET", "/api/summary", Some(&token), "");
    assert_eq!(status, 409);
    assert_eq!(json_body(&body)["code"], "no_project");

    let missing = serde_json::json!({"path": dir.path().join("nope.proctor")}).to_string();
    let (status, body) = request(addr, "POST", "/api/projects/open", Some(&token), &missing);
    assert_eq!(status, 404);
    assert!(
        json_body(&body)["message"]
            .as_str()
            .unwrap()
            .contains("there is no project file")
    );

    let (status, body) = request(addr, "POST", "/api/projects/sample", Some(&token), "");
    assert_eq!(status, 200, "{body}");
    let summary = json_body(&body);
    assert_eq!(summary["counts"]["questions"], 120);
    assert_eq!(summary["grades"]["leaderboard"][0]["system"], "Atlas RAG");

    let pair =
        serde_json::json!({"exam": null, "first": "Atlas RAG", "second": "Echo Bot"}).to_string();
    let (status, body) = request(addr, "POST", "/api/compare", Some(&token), &pair);
    assert_eq!(status, 200, "{body}");
    let comparison = json_body(&body);
    assert_eq!(comparison["pairs"], 120);
    assert_eq!(comparison["excludes_zero"], true);

    // The built-in pipelines: prepare the corpus and run them as background jobs, asking for
    // their status until they end.
    let (status, body) = request(addr, "GET", "/api/pipelines", Some(&token), "");
    assert_eq!(status, 200, "{body}");
    let overview = json_body(&body);
    assert_eq!(
        (
            overview["chunks"].as_u64(),
            overview["pipelines"].as_array().map(Vec::len)
        ),
        (Some(0), Some(0))
    );
    assert!(overview["models_problem"].is_null(), "{overview}");
    let wait = |started: &str| -> serde_json::Value {
        let id = json_body(started)["id"].as_u64().unwrap();
        for _ in 0..600 {
            let (status, body) = request(addr, "GET", &format!("/api/jobs/{id}"), Some(&token), "");
            assert_eq!(status, 200, "{body}");
            let job = json_body(&body);
            if job["state"] != "running" {
                return job;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("job {id} did not end");
    };
    let ingest = serde_json::json!({"chunking": null, "models": null, "int8": true, "threads": 1})
        .to_string();
    let (status, body) = request(addr, "POST", "/api/jobs/ingest", Some(&token), &ingest);
    assert_eq!(status, 200, "{body}");
    let job = wait(&body);
    assert_eq!(job["state"], "finished", "{job}");
    assert!(job["ingest"]["chunks"].as_u64().unwrap() >= 30, "{job}");
    let grid = serde_json::json!({
        "retrievers": ["closed_book", "bm25"], "readers": ["lexical"], "top_ks": [1], "models": null
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/pipelines/grid", Some(&token), &grid);
    assert_eq!(status, 200, "{body}");
    let run = serde_json::json!({
        "exam": null, "systems": [], "models": null, "int8": true, "threads": 1,
        "user_models": {"pair_scorer": null, "extractive_qa": null}, "restart": false
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/jobs/run", Some(&token), &run);
    assert_eq!(status, 200, "{body}");
    let job = wait(&body);
    assert_eq!(job["state"], "finished", "{job}");
    assert_eq!(job["run"]["sittings"].as_array().unwrap().len(), 2, "{job}");
    let (_, body) = request(addr, "GET", "/api/pipelines", Some(&token), "");
    assert_eq!(json_body(&body)["unanswered"], 0);
    let (_, body) = request(addr, "GET", "/api/summary", Some(&token), "");
    assert_eq!(
        json_body(&body)["counts"]["systems"],
        9,
        "7 imported and 2 pipelines"
    );
    // IRT from the door: fitted, kept, and read back.
    let (status, body) = request(addr, "GET", "/api/irt", Some(&token), "");
    assert_eq!((status, body.contains("null")), (200, true), "{body}");
    let irt = serde_json::json!({
        "exam": null, "settings": null, "hierarchical": false,
        "baselines": [], "selection": {"systems": [], "tagged": []}
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/irt", Some(&token), &irt);
    assert_eq!(status, 200, "{body}");
    assert_eq!(json_body(&body)["systems"].as_array().unwrap().len(), 9);
    let (_, body) = request(addr, "GET", "/api/irt", Some(&token), "");
    assert_eq!(
        json_body(&body)["settings"]["model"],
        "2pl",
        "the project's default setting"
    );

    // Imports run as jobs too, and hand back their report.
    let answers = dir.path().join("newcomer.csv");
    let csv: String = std::iter::once("question_id,answer\n".to_owned())
        .chain((1..=120).map(|i| format!("tw-{i:03},A\n")))
        .collect();
    std::fs::write(&answers, csv).unwrap();
    let import = serde_json::json!({
        "kind": "answers", "path": answers, "system": "Newcomer", "exam": null, "topic": null,
        "factors": [], "replace": false
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/jobs/import", Some(&token), &import);
    assert_eq!(status, 200, "{body}");
    let job = wait(&body);
    assert_eq!(job["state"], "finished", "{job}");
    assert_eq!(job["import"]["added"], 120, "{job}");
    let (status, _) = request(addr, "POST", "/api/jobs/99/cancel", Some(&token), "");
    assert_eq!(status, 404);

    stop.send(()).unwrap();
    runtime.block_on(handle).unwrap().unwrap();
}

#[test]
fn refuses_foreign_hosts_other_sites_and_oversized_bodies_with_code_and_message() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let workbench = Arc::new(Workbench::new(dir.path()));
    let options = ServeOptions {
        port: 0,
        ui_dir: None,
        token: Some("secret".into()),
    };
    let server = runtime.block_on(Server::bind(workbench, options)).unwrap();
    let addr = server.address().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let handle = runtime.spawn(server.run(async {
        stopped.await.ok();
    }));
    let auth = "Authorization: Bearer secret\r\n";
    let error_of = |(status, body): (u16, String)| -> (u16, String, String) {
        let json = json_body(&body);
        (
            status,
            json["code"].as_str().unwrap().to_owned(),
            json["message"].as_str().unwrap().to_owned(),
        )
    };
    // DNS rebinding: a name that resolves to 127.0.0.1 is not this server's name.
    let (status, code, message) = error_of(raw(
        addr,
        &format!("Host: evil.example:{}\r\n{auth}", addr.port()),
        "GET",
        "/api/summary",
        b"",
    ));
    assert_eq!((status, code.as_str()), (403, "forbidden"), "{message}");
    assert!(message.contains("evil.example"), "{message}");
    let (status, code, _) = error_of(raw(addr, auth, "GET", "/api/summary", b""));
    assert_eq!(
        (status, code.as_str()),
        (403, "forbidden"),
        "no Host header at all"
    );
    // localhost:PORT is the same server.
    let (status, code, _) = error_of(raw(
        addr,
        &format!("Host: localhost:{}\r\n{auth}", addr.port()),
        "GET",
        "/api/summary",
        b"",
    ));
    assert_eq!((status, code.as_str()), (409, "no_project"));
    // A page of another site may not call the API, even with the token.
    let host = format!("Host: {addr}\r\n");
    let (status, code, _) = error_of(raw(
        addr,
        &format!("{host}{auth}Origin: https://evil.example\r\n"),
        "POST",
        "/api/projects/sample",
        b"",
    ));
    assert_eq!((status, code.as_str()), (403, "forbidden"));
    let (status, code, _) = error_of(raw(
        addr,
        &format!("{host}{auth}Sec-Fetch-Site: cross-site\r\n"),
        "GET",
        "/api/summary",
        b"",
    ));
    assert_eq!((status, code.as_str()), (403, "forbidden"));
    let (status, _, _) = error_of(raw(
        addr,
        &format!("{host}{auth}Origin: http://{addr}\r\n"),
        "GET",
        "/api/summary",
        b"",
    ));
    assert_eq!(status, 409, "its own origin is welcome");
    // Every other error is {code, message} too.
    let (status, code, _) = error_of(raw(
        addr,
        &format!("{host}{auth}"),
        "GET",
        "/api/no-such-route",
        b"",
    ));
    assert_eq!((status, code.as_str()), (404, "not_found"));
    let (status, code, _) = error_of(raw(
        addr,
        &format!("{host}{auth}"),
        "DELETE",
        "/api/summary",
        b"",
    ));
    assert_eq!((status, code.as_str()), (405, "invalid_input"));
    let (status, code, message) = error_of(raw(
        addr,
        &format!("{host}{auth}"),
        "POST",
        "/api/compare",
        b"{\"first\": ",
    ));
    assert_eq!((status, code.as_str()), (400, "invalid_input"), "{message}");
    let (status, code, _) = error_of(raw(
        addr,
        &format!("{host}{auth}"),
        "POST",
        "/api/compare",
        b"[1, 2]",
    ));
    assert!(status == 400 || status == 422, "{status}");
    assert_eq!(code, "invalid_input");
    let big = vec![b' '; proctor_server::MAX_BODY_BYTES + 10];
    let (status, code, message) = error_of(raw(
        addr,
        &format!("{host}{auth}"),
        "POST",
        "/api/compare",
        &big,
    ));
    assert_eq!((status, code.as_str()), (413, "invalid_input"), "{message}");
    // After all of that, the server still answers.
    let (status, _) = request(addr, "POST", "/api/projects/sample", Some("secret"), "");
    assert_eq!(status, 200);
    stop.send(()).unwrap();
    runtime.block_on(handle).unwrap().unwrap();
}
