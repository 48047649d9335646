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
    let mut stream = TcpStream::connect(addr).unwrap();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
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

    stop.send(()).unwrap();
    runtime.block_on(handle).unwrap().unwrap();
}
