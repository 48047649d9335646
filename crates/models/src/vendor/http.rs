//! One request to an endpoint, with the harness's care: a timeout per attempt, retries with
//! exponential back-off and jitter on 429, 5xx, timeouts and broken connections (a server's
//! `Retry-After`, in seconds or as an HTTP date, is waited out), redirects followed only on the
//! same host (credentials never go to another), and the reply read up to a cap.

use crate::vendor::spec::{HttpMethod, Limits};
use std::time::{Duration, Instant, SystemTime};

/// A request ready to send (secret headers filled in).
#[derive(Clone)]
pub struct Outgoing {
    /// The method.
    pub method: HttpMethod,
    /// The address.
    pub url: String,
    /// The headers, secrets included.
    pub headers: Vec<(String, String)>,
    /// The body, if any.
    pub body: Option<String>,
}

impl std::fmt::Debug for Outgoing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Header values may be secrets: never printed.
        f.debug_struct("Outgoing")
            .field("method", &self.method)
            .field("url", &self.url)
            .field(
                "headers",
                &self.headers.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

/// What came of a request after all its attempts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Exchange {
    /// The HTTP status of the last attempt that got one.
    pub status: Option<u16>,
    /// The reply's body (lossy UTF-8), when it was read.
    pub body: Option<String>,
    /// The body's size in bytes.
    pub bytes: usize,
    /// The last attempt's time, in milliseconds.
    pub latency_ms: f64,
    /// All attempts and waits, in milliseconds.
    pub total_ms: f64,
    /// Attempts made (0 when none was: the run was halted first).
    pub attempts: u32,
    /// The waits before retries, in milliseconds (for the record and the tests).
    pub waits_ms: Vec<f64>,
    /// Why the request failed, in words; `None` when it succeeded.
    pub error: Option<String>,
}

impl Exchange {
    /// Whether the request was never completed because the run halted (not an answer, not
    /// an error: the question is asked again when the run resumes).
    pub fn halted(&self) -> bool {
        self.error.is_some() && self.status.is_none() && self.attempts == 0
    }
}

/// How one attempt ended.
enum Attempt {
    Done {
        status: u16,
        body: Vec<u8>,
    },
    Retry {
        status: Option<u16>,
        body: Option<Vec<u8>>,
        reason: String,
        after: Option<Duration>,
    },
    Fail {
        status: Option<u16>,
        body: Option<Vec<u8>>,
        reason: String,
    },
}

/// What the sender asks of the run around it: pacing, stopping, counting.
pub trait Gate: Sync {
    /// Waits for the next request's slot (the rate limit); false when the run halts instead
    /// (stopped, breaker, budget).
    fn admit(&self) -> bool;
    /// Whether the run is halting.
    fn halted(&self) -> bool;
}

/// The longest `Retry-After` waited out; a server asking for more fails the request.
pub const MAX_RETRY_AFTER: Duration = Duration::from_mins(5);
/// The longest back-off between two attempts.
const MAX_BACKOFF: Duration = Duration::from_mins(1);
/// Redirects followed on the same host.
const MAX_REDIRECTS: usize = 3;

/// Sends requests with one endpoint's limits.
pub struct Sender {
    agent: ureq::Agent,
    limits: Limits,
}

/// The origin (scheme, host, port) of an address.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = authority.rsplit('@').next()?.to_ascii_lowercase();
    let default_port = if scheme.eq_ignore_ascii_case("https") {
        ":443"
    } else {
        ":80"
    };
    let with_port = if authority.contains(':') && !authority.ends_with(']') {
        authority
    } else {
        format!("{authority}{default_port}")
    };
    Some(format!("{}://{with_port}", scheme.to_ascii_lowercase()))
}

/// A `Location` resolved against the address it came from.
fn resolve(base: &str, location: &str) -> String {
    let scheme_end = location.find("://");
    if scheme_end.is_some_and(|at| {
        at > 0
            && location[..at]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    }) {
        return location.to_owned();
    }
    let Some((scheme, rest)) = base.split_once("://") else {
        return location.to_owned();
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if let Some(path) = location.strip_prefix("//") {
        return format!("{scheme}://{path}");
    }
    if location.starts_with('/') {
        return format!("{scheme}://{authority}{location}");
    }
    let path = &rest[authority.len()..];
    let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
    format!("{scheme}://{authority}{dir}/{location}")
}

/// A `Retry-After` value: seconds, or an HTTP date.
pub fn retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let when = httpdate::parse_http_date(value).ok()?;
    Some(when.duration_since(now).unwrap_or(Duration::ZERO))
}

fn retriable_status(status: u16) -> bool {
    matches!(status, 408 | 425 | 429 | 500 | 502 | 503 | 504)
}

fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(300)]);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Sender {
    /// A sender with these limits (redirects handled here, never by the HTTP library).
    pub fn new(limits: Limits) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(u64::from(limits.timeout_seconds))))
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent(concat!("Proctor/", env!("CARGO_PKG_VERSION")))
            .build()
            .new_agent();
        Self { agent, limits }
    }

    fn cap(&self) -> u64 {
        u64::from(self.limits.max_reply_kib) * 1024
    }

    fn once(&self, request: &Outgoing) -> Attempt {
        let mut url = request.url.clone();
        let first_origin = origin(&url);
        for _ in 0..=MAX_REDIRECTS {
            let mut builder = ureq::http::Request::builder()
                .method(request.method.as_str())
                .uri(&url);
            for (name, value) in &request.headers {
                builder = builder.header(name, value);
            }
            let sent = match builder.body(request.body.clone().unwrap_or_default()) {
                Ok(http_request) => self.agent.run(http_request),
                Err(e) => {
                    return Attempt::Fail {
                        status: None,
                        body: None,
                        reason: format!("the request could not be built: {e}"),
                    };
                }
            };
            let mut response = match sent {
                Ok(response) => response,
                Err(e) => return self.transport_failure(&e),
            };
            let status = response.status().as_u16();
            if (300..400).contains(&status)
                && let Some(location) = response
                    .headers()
                    .get("location")
                    .and_then(|v| v.to_str().ok())
            {
                let next = resolve(&url, location);
                if origin(&next) != first_origin {
                    return Attempt::Fail {
                        status: Some(status),
                        body: None,
                        reason: format!(
                            "the endpoint redirected to another host ({}); Proctor does not follow it, so credentials never go there",
                            origin(&next).unwrap_or(next)
                        ),
                    };
                }
                url = next;
                continue;
            }
            let after = response
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| retry_after(v, SystemTime::now()));
            let body = match response
                .body_mut()
                .with_config()
                .limit(self.cap())
                .read_to_vec()
            {
                Ok(body) => body,
                Err(ureq::Error::BodyExceedsLimit(_)) => {
                    return Attempt::Fail {
                        status: Some(status),
                        body: None,
                        reason: format!(
                            "the reply is larger than the {} KiB cap",
                            self.limits.max_reply_kib
                        ),
                    };
                }
                Err(e) => {
                    return Attempt::Retry {
                        status: Some(status),
                        body: None,
                        reason: format!("the reply broke off: {e}"),
                        after: None,
                    };
                }
            };
            return if (200..300).contains(&status) {
                Attempt::Done { status, body }
            } else if retriable_status(status) {
                Attempt::Retry {
                    status: Some(status),
                    reason: format!("HTTP {status}: {}", excerpt(&body)),
                    body: Some(body),
                    after,
                }
            } else {
                let hint = match status {
                    401 | 403 => " (check the key and its header)",
                    404 => " (check the address)",
                    _ => "",
                };
                Attempt::Fail {
                    status: Some(status),
                    reason: format!("HTTP {status}{hint}: {}", excerpt(&body)),
                    body: Some(body),
                }
            };
        }
        Attempt::Fail {
            status: None,
            body: None,
            reason: format!("more than {MAX_REDIRECTS} redirects"),
        }
    }

    fn transport_failure(&self, error: &ureq::Error) -> Attempt {
        let retry = |reason: String| Attempt::Retry {
            status: None,
            body: None,
            reason,
            after: None,
        };
        match error {
            ureq::Error::Timeout(_) => {
                retry(format!("no reply within {} s", self.limits.timeout_seconds))
            }
            ureq::Error::Io(e) => retry(format!("the connection broke: {e}")),
            ureq::Error::ConnectionFailed => retry("could not connect".to_owned()),
            ureq::Error::HostNotFound => retry("the host was not found".to_owned()),
            ureq::Error::Protocol(e) => retry(format!("the reply was not HTTP: {e}")),
            other => Attempt::Fail {
                status: None,
                body: None,
                reason: other.to_string(),
            },
        }
    }

    /// The wait before attempt `attempt + 1` (1-based `attempt`): the back-off doubled each time
    /// with ±50% jitter, or the server's `Retry-After` when longer.
    fn wait(&self, attempt: u32, after: Option<Duration>) -> Duration {
        let base = Duration::from_millis(u64::from(self.limits.backoff_ms))
            .saturating_mul(1 << attempt.saturating_sub(1).min(16));
        let jitter = 0.5 + rand::random::<f64>();
        let backoff = base.mul_f64(jitter).min(MAX_BACKOFF);
        after.map_or(backoff, |a| a.max(backoff))
    }

    /// Sends a request through the gate, retrying what may pass on a second try.
    pub fn send(&self, request: &Outgoing, gate: &dyn Gate) -> Exchange {
        let started = Instant::now();
        let mut exchange = Exchange::default();
        loop {
            if !gate.admit() {
                exchange.error =
                    Some(exchange.error.take().unwrap_or_else(|| {
                        "the run halted before this request was sent".to_owned()
                    }));
                if exchange.attempts > 0 {
                    // Halted between attempts: not an answer; asked again on resume.
                    exchange.attempts = 0;
                    exchange.status = None;
                }
                break;
            }
            exchange.attempts += 1;
            let attempt_started = Instant::now();
            let attempt = self.once(request);
            exchange.latency_ms = attempt_started.elapsed().as_secs_f64() * 1e3;
            let (status, body, outcome) = match attempt {
                Attempt::Done { status, body } => (Some(status), Some(body), None),
                Attempt::Retry {
                    status,
                    body,
                    reason,
                    after,
                } => (status, body, Some((reason, Some(after)))),
                Attempt::Fail {
                    status,
                    body,
                    reason,
                } => (status, body, Some((reason, None))),
            };
            exchange.status = status;
            exchange.bytes = body.as_ref().map_or(0, Vec::len);
            exchange.body = body.map(|b| String::from_utf8_lossy(&b).into_owned());
            match outcome {
                None => {
                    exchange.error = None;
                    break;
                }
                Some((reason, Some(after))) if exchange.attempts <= self.limits.retries => {
                    if after.is_some_and(|a| a > MAX_RETRY_AFTER) {
                        exchange.error = Some(format!(
                            "{reason}; the server asks to wait {} s, longer than Proctor waits",
                            after.unwrap_or_default().as_secs()
                        ));
                        break;
                    }
                    let wait = self.wait(exchange.attempts, after);
                    exchange.waits_ms.push(wait.as_secs_f64() * 1e3);
                    exchange.error = Some(reason);
                    if !sleep_unless(wait, gate) {
                        exchange.attempts = 0;
                        exchange.status = None;
                        break;
                    }
                }
                Some((reason, retriable)) => {
                    exchange.error = Some(if retriable.is_some() && self.limits.retries > 0 {
                        format!("{reason} (after {} attempts)", exchange.attempts)
                    } else {
                        reason
                    });
                    break;
                }
            }
        }
        exchange.total_ms = started.elapsed().as_secs_f64() * 1e3;
        exchange
    }
}

/// Sleeps for `wait` in short steps; false when the run halts meanwhile.
pub(crate) fn sleep_unless(wait: Duration, gate: &dyn Gate) -> bool {
    let until = Instant::now() + wait;
    loop {
        if gate.halted() {
            return false;
        }
        let now = Instant::now();
        if now >= until {
            return true;
        }
        std::thread::sleep((until - now).min(Duration::from_millis(25)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_redirects() {
        assert_eq!(
            origin("http://127.0.0.1:8080/a?b").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(
            origin("https://API.example.com/v1").as_deref(),
            Some("https://api.example.com:443")
        );
        assert_eq!(resolve("http://h:1/a/b", "/c"), "http://h:1/c");
        assert_eq!(resolve("http://h:1/a/b", "c"), "http://h:1/a/c");
        assert_eq!(resolve("http://h:1/a/b", "http://x/y"), "http://x/y");
        assert_eq!(
            resolve("http://h:1/a/b", "/login?next=https://x/y"),
            "http://h:1/login?next=https://x/y"
        );
        assert_ne!(origin("http://h:1/a"), origin("http://evil:1/a"));
    }

    #[test]
    fn retry_after_takes_seconds_and_dates() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(784_111_777);
        assert_eq!(retry_after("3", now), Some(Duration::from_secs(3)));
        // 784111777 is Sun, 06 Nov 1994 08:49:37 GMT.
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:49:40 GMT", now),
            Some(Duration::from_secs(3))
        );
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:49:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(retry_after("soon", now), None);
    }
}
