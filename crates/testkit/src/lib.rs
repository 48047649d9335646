//! A vendor-like HTTP/1.1 server on 127.0.0.1 for tests and benchmarks: every request is
//! recorded and answered by a script — JSON, statuses with `Retry-After`, slow replies, closed
//! connections, truncated or huge bodies, redirects. Keep-alive is supported (a request with
//! `Connection: close`, or a reply that closes, ends the connection).

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

/// A request as the server saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    /// Its method.
    pub method: String,
    /// Its path with the query.
    pub path: String,
    /// Its headers (names in lower case).
    pub headers: Vec<(String, String)>,
    /// Its body.
    pub body: String,
    /// When it arrived.
    pub at: Instant,
}

impl Seen {
    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// How to answer one request.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A status, extra headers and a body.
    Status {
        /// The status code.
        status: u16,
        /// Extra headers.
        headers: Vec<(String, String)>,
        /// The body.
        body: String,
    },
    /// Wait, then answer.
    Slow(Duration, Box<Reply>),
    /// Close the connection without answering.
    Close,
    /// A 200 whose headers announce more body than is sent before the connection closes.
    Truncated(String),
    /// A 200 with a body of this many bytes (JSON-ish filler), streamed.
    Huge(usize),
}

impl Reply {
    /// 200 with a JSON body.
    pub fn json(body: impl Into<String>) -> Self {
        Self::Status {
            status: 200,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    /// A status with a short JSON body.
    pub fn status(status: u16) -> Self {
        Self::Status {
            status,
            headers: Vec::new(),
            body: format!("{{\"error\": \"status {status}\"}}"),
        }
    }

    /// 429 with `Retry-After` in seconds.
    pub fn retry_after_seconds(seconds: u64) -> Self {
        Self::Status {
            status: 429,
            headers: vec![("Retry-After".to_owned(), seconds.to_string())],
            body: "{\"error\": \"rate limited\"}".to_owned(),
        }
    }

    /// 503 with `Retry-After` as an HTTP date `seconds` from now.
    pub fn retry_after_date(seconds: u64) -> Self {
        let when = SystemTime::now() + Duration::from_secs(seconds);
        Self::Status {
            status: 503,
            headers: vec![("Retry-After".to_owned(), httpdate::fmt_http_date(when))],
            body: "{\"error\": \"busy\"}".to_owned(),
        }
    }

    /// A redirect.
    pub fn redirect(location: impl Into<String>) -> Self {
        Self::Status {
            status: 307,
            headers: vec![("Location".to_owned(), location.into())],
            body: String::new(),
        }
    }
}

type Script = dyn Fn(&Seen, usize) -> Reply + Send + Sync;

struct Shared {
    script: Box<Script>,
    seen: Mutex<Vec<Seen>>,
    in_flight: AtomicUsize,
    most_in_flight: AtomicUsize,
    closing: AtomicBool,
    count: AtomicUsize,
    /// Whether requests are kept for [`VendorServer::seen`] (a benchmark's memory should not
    /// grow with them).
    keep: bool,
}

/// The server; it stops when dropped.
pub struct VendorServer {
    address: String,
    shared: Arc<Shared>,
    accept: Option<JoinHandle<()>>,
}

impl VendorServer {
    /// Starts a server on 127.0.0.1 (any port) answering with `script(request, n)`, where `n`
    /// counts the requests before it (from 0).
    pub fn start(script: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static) -> Self {
        Self::with_record(script, true)
    }

    /// The same server keeping no record of the requests (`seen` stays empty; `n` still counts).
    pub fn unrecorded(script: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static) -> Self {
        Self::with_record(script, false)
    }

    fn with_record(
        script: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static,
        keep: bool,
    ) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
        let address = format!("http://{}", listener.local_addr().expect("an address"));
        let shared = Arc::new(Shared {
            script: Box::new(script),
            seen: Mutex::new(Vec::new()),
            in_flight: AtomicUsize::new(0),
            most_in_flight: AtomicUsize::new(0),
            closing: AtomicBool::new(false),
            keep,
            count: AtomicUsize::new(0),
        });
        let state = Arc::clone(&shared);
        let accept = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if state.closing.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let state = Arc::clone(&state);
                std::thread::spawn(move || serve(stream, &state));
            }
        });
        Self {
            address,
            shared,
            accept: Some(accept),
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> &str {
        &self.address
    }

    /// Every request so far, in arrival order.
    pub fn seen(&self) -> Vec<Seen> {
        self.shared
            .seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The most requests that were being answered at once.
    pub fn most_in_flight(&self) -> usize {
        self.shared.most_in_flight.load(Ordering::SeqCst)
    }
}

impl Drop for VendorServer {
    fn drop(&mut self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        // Wake the accepting thread.
        let _ = TcpStream::connect(self.address.trim_start_matches("http://"));
        if let Some(accept) = self.accept.take() {
            let _ = accept.join();
        }
    }
}

/// Reads one request; `None` at the end of the connection.
fn read_request(reader: &mut BufReader<TcpStream>) -> Option<(Seen, bool)> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let mut parts = line.split_whitespace();
    let method = parts.next()?.to_owned();
    let path = parts.next()?.to_owned();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let length: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length.min(64 << 20)];
    reader.read_exact(&mut body).ok()?;
    let close = headers
        .iter()
        .any(|(n, v)| n == "connection" && v.eq_ignore_ascii_case("close"));
    Some((
        Seen {
            method,
            path,
            headers,
            body: String::from_utf8_lossy(&body).into_owned(),
            at: Instant::now(),
        },
        close,
    ))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        302 => "Found",
        307 => "Temporary Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

/// Writes a reply; false when the connection must close.
fn write_reply(stream: &mut TcpStream, reply: Reply) -> bool {
    match reply {
        Reply::Status {
            status,
            headers,
            body,
        } => {
            let mut head = format!(
                "HTTP/1.1 {status} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
                reason(status),
                body.len()
            );
            for (name, value) in headers {
                let _ = write!(head, "{name}: {value}\r\n");
            }
            head.push_str("\r\n");
            // One write: a head and body in two segments would wait on the client's delayed
            // acknowledgement (Nagle), 40 ms a reply.
            head.push_str(&body);
            stream.write_all(head.as_bytes()).is_ok() && stream.flush().is_ok()
        }
        Reply::Slow(wait, reply) => {
            std::thread::sleep(wait);
            write_reply(stream, *reply)
        }
        Reply::Close => false,
        Reply::Truncated(body) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len() * 2
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(body.as_bytes());
            let _ = stream.flush();
            false
        }
        Reply::Huge(bytes) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {bytes}\r\n\r\n"
            );
            if stream.write_all(head.as_bytes()).is_err() {
                return false;
            }
            let chunk = vec![b' '; 64 * 1024];
            let mut left = bytes;
            while left > 0 {
                let n = left.min(chunk.len());
                if stream.write_all(&chunk[..n]).is_err() {
                    return false;
                }
                left -= n;
            }
            stream.flush().is_ok()
        }
    }
}

fn serve(stream: TcpStream, shared: &Shared) {
    let _ = stream.set_nodelay(true);
    let Ok(reading) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(reading);
    let mut stream = stream;
    while let Some((seen, close)) = read_request(&mut reader) {
        let now = shared.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        shared.most_in_flight.fetch_max(now, Ordering::SeqCst);
        let n = shared.count.fetch_add(1, Ordering::SeqCst);
        if shared.keep {
            shared
                .seen
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(seen.clone());
        }
        let reply = (shared.script)(&seen, n);
        let open = write_reply(&mut stream, reply);
        shared.in_flight.fetch_sub(1, Ordering::SeqCst);
        if !open || close {
            break;
        }
    }
}
