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
    let server = start(dir.path(), None);
    let (addr, token) = (server.addr, server.token.clone());
    assert!(addr.ip().is_loopback());

    let (status, body) = request(addr, "POST", "/api/summary", None, "");
    assert_eq!(status, 401);
    assert_eq!(json_body(&body)["code"], "unauthorized");

    let (status, body) = request(addr, "POST", "/api/summary", Some(&token), "");
    assert_eq!(status, 409);
    assert_eq!(json_body(&body)["code"], "no_project");

    let missing = serde_json::json!({"path": dir.path().join("nope.proctor")}).to_string();
    let (status, body) = request(addr, "POST", "/api/open_project", Some(&token), &missing);
    assert_eq!(status, 404);
    assert!(
        json_body(&body)["message"]
            .as_str()
            .unwrap()
            .contains("there is no project file")
    );

    let (status, body) = request(addr, "POST", "/api/open_sample", Some(&token), "");
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
    let (status, body) = request(addr, "POST", "/api/pipelines", Some(&token), "");
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
            let (status, body) = request(
                addr,
                "POST",
                "/api/job",
                Some(&token),
                &format!("{{\"id\": {id}}}"),
            );
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
    let (status, body) = request(addr, "POST", "/api/start_ingest", Some(&token), &ingest);
    assert_eq!(status, 200, "{body}");
    let job = wait(&body);
    assert_eq!(job["state"], "finished", "{job}");
    assert!(job["ingest"]["chunks"].as_u64().unwrap() >= 30, "{job}");
    let grid = serde_json::json!({
        "retrievers": ["closed_book", "bm25"], "readers": ["lexical"], "top_ks": [1], "models": null
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/add_pipeline_grid", Some(&token), &grid);
    assert_eq!(status, 200, "{body}");
    let run = serde_json::json!({
        "exam": null, "systems": [], "models": null, "int8": true, "threads": 1,
        "user_models": {"pair_scorer": null, "extractive_qa": null}, "restart": false
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/start_run", Some(&token), &run);
    assert_eq!(status, 200, "{body}");
    let job = wait(&body);
    assert_eq!(job["state"], "finished", "{job}");
    assert_eq!(job["run"]["sittings"].as_array().unwrap().len(), 2, "{job}");
    let (_, body) = request(addr, "POST", "/api/pipelines", Some(&token), "");
    assert_eq!(json_body(&body)["unanswered"], 0);
    let (_, body) = request(addr, "POST", "/api/summary", Some(&token), "");
    assert_eq!(
        json_body(&body)["counts"]["systems"],
        9,
        "7 imported and 2 pipelines"
    );
    // IRT from the door: fitted, kept, and read back.
    let (status, body) = request(addr, "POST", "/api/latest_irt", Some(&token), "");
    assert_eq!((status, body.contains("null")), (200, true), "{body}");
    let irt = serde_json::json!({
        "exam": null, "settings": null, "hierarchical": false,
        "baselines": [], "selection": {"systems": [], "tagged": []}
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/fit_irt", Some(&token), &irt);
    assert_eq!(status, 200, "{body}");
    assert_eq!(json_body(&body)["systems"].as_array().unwrap().len(), 9);
    let (_, body) = request(addr, "POST", "/api/latest_irt", Some(&token), "");
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
    let (status, body) = request(addr, "POST", "/api/start_import", Some(&token), &import);
    assert_eq!(status, 200, "{body}");
    let job = wait(&body);
    assert_eq!(job["state"], "finished", "{job}");
    assert_eq!(job["import"]["added"], 120, "{job}");
    let (status, _) = request(
        addr,
        "POST",
        "/api/cancel_job",
        Some(&token),
        "{\"id\": 99}",
    );
    assert_eq!(status, 404);

    server.finish();
}

#[test]
fn refuses_foreign_hosts_other_sites_and_oversized_bodies_with_code_and_message() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), Some("secret"));
    let addr = server.addr;
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
        "POST",
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
        "/api/open_sample",
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
        "POST",
        "/api/summary",
        b"",
    ));
    assert_eq!(status, 409, "its own origin is welcome");
    // Every other error is {code, message} too.
    let (status, code, _) = error_of(raw(
        addr,
        &format!("{host}{auth}"),
        "POST",
        "/api/no_such_use_case",
        b"",
    ));
    assert_eq!((status, code.as_str()), (404, "not_found"));
    let (status, code, _) = error_of(raw(
        addr,
        &format!("{host}{auth}"),
        "GET",
        "/api/no/such/route",
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
    let (status, _) = request(addr, "POST", "/api/open_sample", Some("secret"), "");
    assert_eq!(status, 200);
    server.finish();
}

/// A server on a fresh workbench, running on its own runtime.
struct Running {
    addr: SocketAddr,
    token: String,
    stop: tokio::sync::oneshot::Sender<()>,
    runtime: tokio::runtime::Runtime,
    handle: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Starts one (a random token when none is given).
fn start(dir: &std::path::Path, token: Option<&str>) -> Running {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let workbench = Arc::new(Workbench::new(dir));
    let options = ServeOptions {
        port: 0,
        ui_dir: None,
        token: token.map(str::to_owned),
    };
    let server = runtime.block_on(Server::bind(workbench, options)).unwrap();
    let addr = server.address().unwrap();
    let token = server.token.clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let handle = runtime.spawn(server.run(async {
        stopped.await.ok();
    }));
    Running {
        addr,
        token,
        stop,
        runtime,
        handle,
    }
}

impl Running {
    /// Stops it and checks it ended cleanly.
    fn finish(self) {
        self.stop.send(()).unwrap();
        self.runtime.block_on(self.handle).unwrap().unwrap();
    }
}

/// The routes are the use-case table: every use case answers at `POST /api/<name>` (a
/// malformed request is refused as malformed, never as an unknown route).
#[test]
fn every_use_case_of_the_table_has_its_route() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), Some("secret"));
    let addr = server.addr;
    for case in proctor_api::workbench::table::USE_CASES {
        let (status, body) = request(
            addr,
            "POST",
            &format!("/api/{}", case.name),
            Some("secret"),
            "{\"surely\": [\"not a request\"]}",
        );
        assert_ne!(status, 404, "{}: {body}", case.name);
        let code = json_body(&body)["code"].as_str().unwrap().to_owned();
        assert!(
            code == "invalid_input" || code == "no_project",
            "{}: {body}",
            case.name
        );
    }
    server.finish();
}

/// The UI is inside the binary: `/` and any deep link answer the app's page from any folder.
#[test]
fn serves_the_embedded_ui_at_every_page_address() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), Some("secret"));
    let addr = server.addr;
    for path in ["/", "/questions/tw-001", "/results?tab=compare"] {
        let (status, body) = request(addr, "GET", path, None, "");
        assert_eq!(status, 200, "{path}");
        if proctor_server::ui::embedded() {
            assert!(body.contains("<div id=\"app\">"), "{path}: {body}");
        } else {
            assert!(body.contains("scripts/setup.sh"), "{path}: {body}");
        }
    }
    server.finish();
}

/// Browser mode uploads: streamed into the project's folder, or the workbench's own with no
/// project open (the IRT workbench fits a file without one); not held to the JSON body cap.
#[test]
fn uploads_go_into_the_projects_folder() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), Some("secret"));
    let addr = server.addr;
    let host = format!("Host: {addr}\r\nAuthorization: Bearer secret\r\n");
    let (status, body) = raw(
        addr,
        &host,
        "PUT",
        "/api/upload/responses.csv",
        b"id,q1\na,1\n",
    );
    assert_eq!(status, 200, "{body}");
    let kept = json_body(&body)["path"].as_str().unwrap().to_owned();
    assert!(kept.ends_with("uploads/responses.csv"), "{kept}");
    assert!(
        !kept.contains(".proctor.files"),
        "no project's folder: {kept}"
    );
    assert_eq!(std::fs::read(&kept).unwrap(), b"id,q1\na,1\n");
    let project = dir.path().join("p.proctor");
    let open = serde_json::json!({"path": project}).to_string();
    let (status, _) = request(addr, "POST", "/api/create_project", Some("secret"), &open);
    assert_eq!(status, 200);
    let big = vec![b'x'; 3 * 1024 * 1024];
    let (status, body) = raw(addr, &host, "PUT", "/api/upload/answers.csv", &big);
    assert_eq!(
        status, 200,
        "uploads are not held to the JSON body cap: {body}"
    );
    let kept = json_body(&body)["path"].as_str().unwrap().to_owned();
    assert_eq!(
        std::path::Path::new(&kept),
        dir.path().join("p.proctor.files/answers.csv")
    );
    assert_eq!(std::fs::read(&kept).unwrap().len(), big.len());
    server.finish();
}

/// A folder uploaded from a browser keeps its sub-folders, so importing it takes their names as
/// topics; a folder name that climbs out of the uploads folder is refused.
#[test]
fn a_folder_upload_keeps_its_sub_folders_as_topics() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), Some("secret"));
    let addr = server.addr;
    let host = format!("Host: {addr}\r\nAuthorization: Bearer secret\r\n");
    let project = dir.path().join("p.proctor");
    let open = serde_json::json!({"path": project}).to_string();
    let (status, _) = request(addr, "POST", "/api/create_project", Some("secret"), &open);
    assert_eq!(status, 200);
    let mut root = None;
    for (folder, name, text) in [
        (
            "site/Billing",
            "invoices.txt",
            "Invoices are sent on the first day of the month.",
        ),
        (
            "site/Billing",
            "refunds.txt",
            "Refunds take five working days to arrive.",
        ),
        (
            "site/Setup",
            "install.txt",
            "The agent needs 512 MB of free memory to start.",
        ),
    ] {
        let path = format!(
            "/api/upload/{name}?folder=batch-1%2F{}",
            folder.replace('/', "%2F")
        );
        let (status, body) = raw(addr, &host, "PUT", &path, text.as_bytes());
        assert_eq!(status, 200, "{body}");
        let kept = std::path::PathBuf::from(json_body(&body)["path"].as_str().unwrap());
        assert_eq!(
            kept,
            dir.path()
                .join(format!("p.proctor.files/batch-1/{folder}/{name}"))
        );
        root = kept
            .parent()
            .and_then(|p| p.parent())
            .map(std::path::Path::to_path_buf);
    }
    let (status, body) = raw(
        addr,
        &host,
        "PUT",
        "/api/upload/x.txt?folder=..%2F..%2Fout",
        b"x",
    );
    assert_eq!(status, 400, "{body}");
    let import = serde_json::json!({"kind": "documents", "path": root.unwrap(), "system": null,
        "exam": null, "topic": null, "factors": [], "replace": false});
    let (status, body) = request(
        addr,
        "POST",
        "/api/start_import",
        Some("secret"),
        &import.to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let mut topics = Vec::new();
    for _ in 0..100 {
        let (_, body) = request(addr, "POST", "/api/documents", Some("secret"), "");
        topics = json_body(&body)["topics"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if !topics.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(
        topics,
        vec![serde_json::json!("Billing"), serde_json::json!("Setup")]
    );
    server.finish();
}

/// Job progress is pushed as Server-Sent Events, without the page asking.
#[test]
fn job_progress_is_pushed_as_server_sent_events() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), Some("secret"));
    let addr = server.addr;
    let project = dir.path().join("p.proctor");
    let open = serde_json::json!({"path": project}).to_string();
    request(addr, "POST", "/api/create_project", Some("secret"), &open);
    let mut events = TcpStream::connect(addr).unwrap();
    write!(
        events,
        "GET /api/events HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer secret\r\n\r\n"
    )
    .unwrap();
    events
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    // Wait for the stream's headers before starting the job, so nothing is missed.
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("\r\n\r\n") {
        let n = events.read(&mut buffer).unwrap();
        seen.extend_from_slice(&buffer[..n]);
    }
    let docs = dir.path().join("docs.md");
    std::fs::write(&docs, "# A\n\nSome text.").unwrap();
    let import = serde_json::json!({
        "kind": "documents", "path": docs, "system": null, "exam": null, "topic": null,
        "factors": [], "replace": false
    })
    .to_string();
    let (status, body) = request(addr, "POST", "/api/start_import", Some("secret"), &import);
    assert_eq!(status, 200, "{body}");
    let text = loop {
        let n = events.read(&mut buffer).unwrap();
        assert!(n > 0, "the event stream ended");
        seen.extend_from_slice(&buffer[..n]);
        let text = String::from_utf8_lossy(&seen).into_owned();
        if text.contains("\"state\":\"finished\"") {
            break text;
        }
    };
    assert!(text.contains("event: job"), "{text}");
    assert!(text.contains("\"title\":\"Importing"), "{text}");
    drop(events);
    server.finish();
}

/// Clients that open connections and drip their headers a byte at a time (or never finish
/// them) cannot starve the page: past the connection cap the oldest make room, the user's
/// request is answered at once, and a connection that never finishes its headers is closed.
#[test]
fn slow_clients_do_not_starve_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(dir.path(), None);
    let mut drippers = Vec::new();
    for _ in 0..400 {
        let mut stream = TcpStream::connect(server.addr).unwrap();
        stream
            .write_all(b"GET /api/summary HTTP/1.1\r\nHo")
            .unwrap();
        drippers.push(stream);
    }
    let started = std::time::Instant::now();
    let (status, _) = request(
        server.addr,
        "POST",
        "/api/open_sample",
        Some(&server.token),
        "",
    );
    assert_eq!(status, 200);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "the page waited {:?} behind slow clients",
        started.elapsed()
    );
    // The first drippers were closed to make room (the server keeps at most 256 open).
    let mut first = drippers.swap_remove(0);
    first
        .set_read_timeout(Some(std::time::Duration::from_secs(1)))
        .unwrap();
    let mut byte = [0u8; 1];
    match first.read(&mut byte) {
        Ok(0) => {}
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        other => panic!("the oldest slow connection is still open: {other:?}"),
    }
    drop(drippers);
    // A connection that never finishes its headers is closed after the header timeout.
    let mut stuck = TcpStream::connect(server.addr).unwrap();
    stuck.write_all(b"GET / HTTP/1.1\r\nHost: x").unwrap();
    stuck
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let waited = std::time::Instant::now();
    let mut rest = Vec::new();
    let _ = stuck.read_to_end(&mut rest);
    assert!(
        waited.elapsed() < std::time::Duration::from_secs(25),
        "a stuck connection stayed open {:?}",
        waited.elapsed()
    );
    server.finish();
}
