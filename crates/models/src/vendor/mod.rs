//! Vendors' systems over HTTP: an endpoint described by a [`VendorSpec`] (a request template,
//! headers whose secrets come from the environment or the OS keychain, paths into the JSON
//! reply) sits the exam through a [`Harness`] that a flaky, rate-limited, paid service needs —
//! bounded concurrency, a rate limit, retries with back-off honouring `Retry-After`, a circuit
//! breaker, a budget, same-host redirects only and a capped reply.

mod harness;
mod http;
mod paths;
mod reply;
mod request;
mod spec;
mod template;

pub use harness::{Budget, Halt, Harness};
pub use http::{Exchange, Gate, MAX_RETRY_AFTER, Outgoing, Sender, retry_after};
pub use paths::JsonPath;
pub use reply::{EvidenceItem, Reading, read_reply};
pub use request::{Prepared, Secrets, prepare};
pub use spec::{
    HeaderSpec, HeaderValue, HttpMethod, Limits, Preset, Price, ReplyPaths, VendorMode, VendorSpec,
    presets,
};
pub use template::{Fields, PLACEHOLDERS};
