//! What an endpoint system is: how to ask it (method, address, headers, a body template), where
//! its reply holds the answer, the evidence and the token usage, how hard to push it, and what
//! it costs. Secrets are never part of it — a header may only name where its value is read.

use crate::ModelError;
use crate::secrets::SecretSource;
use crate::vendor::paths::JsonPath;
use crate::vendor::template::{self, Fields};
use serde::{Deserialize, Serialize};

/// What the endpoint is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum VendorMode {
    /// One request per question; the reply names a choice (a letter or the choice's text).
    Answers,
    /// EXAM mode: one request per query; the reply is an article, graded by the local reader.
    Articles,
    /// Open answers: one request per question, asked without its choices, as people ask
    /// assistants; the local reader answers the question from the free answer alone.
    Open,
}

/// The HTTP method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum HttpMethod {
    /// POST (with the body).
    #[serde(rename = "POST")]
    Post,
    /// PUT (with the body).
    #[serde(rename = "PUT")]
    Put,
    /// GET (no body; placeholders go into the address).
    #[serde(rename = "GET")]
    Get,
}

impl HttpMethod {
    /// Its name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Post => "POST",
            Self::Put => "PUT",
            Self::Get => "GET",
        }
    }
}

/// Where a header's value comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum HeaderValue {
    /// Plain text, kept in the project (not for secrets).
    Text {
        /// The value.
        value: String,
    },
    /// A secret read from an environment variable when the run starts, after `prefix`
    /// (e.g. "Bearer ").
    Environment {
        /// The variable's name.
        name: String,
        /// Text before the secret.
        prefix: String,
    },
    /// A secret read from the OS keychain (service "Proctor") when the run starts.
    Keychain {
        /// The entry's name.
        name: String,
        /// Text before the secret.
        prefix: String,
    },
}

impl HeaderValue {
    /// Where the secret comes from, for a secret header.
    pub fn secret_source(&self) -> Option<SecretSource> {
        match self {
            Self::Text { .. } => None,
            Self::Environment { name, .. } => Some(SecretSource::Environment(name.clone())),
            Self::Keychain { name, .. } => Some(SecretSource::Keychain(name.clone())),
        }
    }
}

/// One request header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HeaderSpec {
    /// The header's name.
    pub name: String,
    /// Its value.
    pub value: HeaderValue,
}

/// How hard the endpoint is pushed, and how its faults are met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Limits {
    /// Requests in flight at once.
    pub concurrency: u32,
    /// Requests started per minute at most (0: no limit).
    pub requests_per_minute: u32,
    /// Seconds one attempt may take.
    pub timeout_seconds: u32,
    /// Attempts after the first on 429, 5xx, timeouts and broken connections.
    pub retries: u32,
    /// The first wait before a retry, in milliseconds; it doubles each time (with jitter).
    pub backoff_ms: u32,
    /// Questions failed in a row that pause the run (the circuit breaker).
    pub breaker: u32,
    /// The largest reply read, in KiB; a larger one is an error.
    pub max_reply_kib: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            concurrency: 4,
            requests_per_minute: 0,
            timeout_seconds: 60,
            retries: 4,
            backoff_ms: 500,
            breaker: 5,
            max_reply_kib: 2048,
        }
    }
}

/// What the endpoint costs, as its vendor prices it (0: not priced).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Price {
    /// Per million prompt (input) tokens.
    pub input_per_million: f64,
    /// Per million completion (output) tokens.
    pub output_per_million: f64,
    /// Per request.
    pub per_request: f64,
}

impl Price {
    /// Whether any price is set.
    pub fn is_set(&self) -> bool {
        self.input_per_million > 0.0 || self.output_per_million > 0.0 || self.per_request > 0.0
    }

    /// The cost of one request with its token usage.
    pub fn cost(&self, prompt_tokens: Option<u64>, completion_tokens: Option<u64>) -> f64 {
        self.per_request
            + self.input_per_million * prompt_tokens.unwrap_or(0) as f64 / 1e6
            + self.output_per_million * completion_tokens.unwrap_or(0) as f64 / 1e6
    }
}

/// Where the reply holds what Proctor reads (paths like `choices[0].message.content`; an
/// empty path reads nothing).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplyPaths {
    /// The answer (a letter or free text), or the article in EXAM mode.
    pub answer: String,
    /// The evidence: a list of texts or of objects with a text and an id.
    pub evidence: String,
    /// Within an evidence object, its text (empty: `text`, `content`, `page_content`, …).
    pub evidence_text: String,
    /// Within an evidence object, its id (empty: `id`, `chunk_id`, `doc_id`, …).
    pub evidence_id: String,
    /// The prompt tokens used.
    pub prompt_tokens: String,
    /// The completion tokens used.
    pub completion_tokens: String,
}

/// An endpoint system's whole configuration, as kept in the project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VendorSpec {
    /// Answers per question, or articles per query (EXAM mode).
    pub mode: VendorMode,
    /// The HTTP method.
    pub method: HttpMethod,
    /// The address; placeholders in it are filled in URL-encoded.
    pub url: String,
    /// Request headers.
    pub headers: Vec<HeaderSpec>,
    /// The body template (JSON with placeholders; empty for none).
    pub body: String,
    /// Where the reply holds what is read.
    pub reply: ReplyPaths,
    /// Concurrency, rate, timeouts, retries, breaker, reply cap.
    pub limits: Limits,
    /// The price, for cost per 100 questions.
    pub price: Price,
}

/// Words in a header's or address parameter's name that mark a secret: its value must come
/// from an environment variable or the OS keychain, never from text kept in the project.
const SECRET_WORDS: [&str; 8] = [
    "auth",
    "key",
    "token",
    "secret",
    "password",
    "cookie",
    "signature",
    "credential",
];

fn names_a_secret(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    SECRET_WORDS.iter().any(|w| lower.contains(w))
}

fn invalid(message: impl Into<String>) -> ModelError {
    ModelError::Invalid(message.into())
}

impl VendorSpec {
    /// Checks every field, fills no secret, and says precisely what is wrong.
    pub fn check(&self) -> Result<(), ModelError> {
        let url = self.url.trim();
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(invalid(format!(
                "the address '{url}' must begin with http:// or https://"
            )));
        }
        template::check_url(url)?;
        let authority = url
            .split("://")
            .nth(1)
            .unwrap_or("")
            .split(['/', '?', '#'])
            .next();
        if authority.is_some_and(|a| a.contains('@')) {
            return Err(invalid(
                "the address holds a user name or password: send credentials in a header whose value comes from an environment variable or the OS keychain",
            ));
        }
        if let Some((_, query)) = url.split_once('?')
            && let Some(name) = query
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .find(|(n, v)| names_a_secret(n) && !v.is_empty() && !v.starts_with("{{"))
                .map(|(n, _)| n)
        {
            return Err(invalid(format!(
                "the address carries '{name}', which looks like a key: the project would keep it; send it in a header whose value comes from an environment variable or the OS keychain"
            )));
        }
        for header in &self.headers {
            let name = header.name.trim();
            if name.is_empty()
                || !name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_".contains(&b))
            {
                return Err(invalid(format!(
                    "'{}' is not a header name (letters, digits, '-' and '_')",
                    header.name
                )));
            }
            match &header.value {
                HeaderValue::Text { value } => {
                    if names_a_secret(name) && !value.trim().is_empty() {
                        return Err(invalid(format!(
                            "the header {name} looks like it carries a secret: take its value from an environment variable or the OS keychain, so it never enters the project file"
                        )));
                    }
                    if value.chars().any(char::is_control) {
                        return Err(invalid(format!(
                            "the header {name}'s value holds control characters"
                        )));
                    }
                }
                other => {
                    if let Some(source) = other.secret_source() {
                        source.checked()?;
                    }
                }
            }
        }
        if self.method == HttpMethod::Get && !self.body.trim().is_empty() {
            return Err(invalid(
                "a GET request has no body: put the placeholders into the address, or use POST",
            ));
        }
        if self.method != HttpMethod::Get && self.body.trim().is_empty() {
            return Err(invalid("write the request body (a JSON template)"));
        }
        let example = Fields::example();
        template::render_body(&self.body, &example)?;
        if self.mode == VendorMode::Open
            && ["{{choices}}", "{{choices_lettered}}"]
                .iter()
                .any(|p| self.body.contains(p) || self.url.contains(p))
        {
            return Err(invalid(
                "an open-answer sitting asks without the choices: take {{choices}} and {{choices_lettered}} out of the request",
            ));
        }
        if self.reply.answer.trim().is_empty() {
            return Err(invalid(match self.mode {
                VendorMode::Answers | VendorMode::Open => {
                    "say where the reply holds the answer (the answer path)"
                }
                VendorMode::Articles => "say where the reply holds the article (the answer path)",
            }));
        }
        for (what, path) in [
            ("answer", &self.reply.answer),
            ("evidence", &self.reply.evidence),
            ("evidence text", &self.reply.evidence_text),
            ("evidence id", &self.reply.evidence_id),
            ("prompt tokens", &self.reply.prompt_tokens),
            ("completion tokens", &self.reply.completion_tokens),
        ] {
            JsonPath::parse(path).map_err(|e| invalid(format!("the {what} path: {e}")))?;
        }
        let l = &self.limits;
        let within = |what: &str, value: u32, low: u32, high: u32| {
            if (low..=high).contains(&value) {
                Ok(())
            } else {
                Err(invalid(format!("{what} must be between {low} and {high}")))
            }
        };
        within("concurrency", l.concurrency, 1, 64)?;
        within("requests per minute", l.requests_per_minute, 0, 100_000)?;
        within("the timeout (seconds)", l.timeout_seconds, 1, 600)?;
        within("retries", l.retries, 0, 10)?;
        within("the first back-off (ms)", l.backoff_ms, 1, 60_000)?;
        within(
            "the circuit breaker (failures in a row)",
            l.breaker,
            1,
            1000,
        )?;
        within("the reply cap (KiB)", l.max_reply_kib, 1, 64 * 1024)?;
        for (what, value) in [
            ("the input price", self.price.input_per_million),
            ("the output price", self.price.output_per_million),
            ("the price per request", self.price.per_request),
        ] {
            if !value.is_finite() || value < 0.0 {
                return Err(invalid(format!("{what} must be zero or more")));
            }
        }
        Ok(())
    }

    /// The secret headers' sources.
    pub fn secret_sources(&self) -> Vec<SecretSource> {
        self.headers
            .iter()
            .filter_map(|h| h.value.secret_source())
            .collect()
    }
}

/// A ready-made configuration to start from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Preset {
    /// Its id (`openai-chat`, `generic-rag`, `exam-mode`).
    pub id: String,
    /// Its name in the app.
    pub label: String,
    /// What it is for.
    pub description: String,
    /// The configuration (the address and model to be filled in).
    pub spec: VendorSpec,
}

fn secret_bearer(entry: &str) -> HeaderSpec {
    HeaderSpec {
        name: "Authorization".to_owned(),
        value: HeaderValue::Environment {
            name: entry.to_owned(),
            prefix: "Bearer ".to_owned(),
        },
    }
}

/// The presets: an OpenAI-compatible chat completion asked for a letter, a generic JSON RAG
/// endpoint returning an answer with its contexts, and EXAM mode (an article per query).
pub fn presets() -> Vec<Preset> {
    let chat_body = r#"{
  "model": "MODEL",
  "temperature": 0,
  "max_tokens": 8,
  "messages": [
    {"role": "system", "content": "Answer the multiple-choice question with the letter of the one right choice and nothing else."},
    {"role": "user", "content": "{{question}}\n\n{{choices_lettered}}\n\nAnswer:"}
  ]
}"#;
    let openai_paths = ReplyPaths {
        answer: "choices[0].message.content".to_owned(),
        prompt_tokens: "usage.prompt_tokens".to_owned(),
        completion_tokens: "usage.completion_tokens".to_owned(),
        ..ReplyPaths::default()
    };
    vec![
        Preset {
            id: "openai-chat".to_owned(),
            label: "OpenAI-compatible chat completions".to_owned(),
            description: "A chat model asked for the letter of its answer: OpenAI, Azure OpenAI, Ollama, llama.cpp's server, vLLM, LM Studio. Put the model's name into the body and the key's variable into the Authorization header (or remove it for a local server).".to_owned(),
            spec: VendorSpec {
                mode: VendorMode::Answers,
                method: HttpMethod::Post,
                url: "http://127.0.0.1:11434/v1/chat/completions".to_owned(),
                headers: vec![secret_bearer("OPENAI_API_KEY")],
                body: chat_body.to_owned(),
                reply: openai_paths,
                limits: Limits::default(),
                price: Price::default(),
            },
        },
        Preset {
            id: "generic-rag".to_owned(),
            label: "Generic JSON RAG endpoint".to_owned(),
            description: "A RAG service that takes the question with its choices and returns an answer (a letter or text) with the passages it used.".to_owned(),
            spec: VendorSpec {
                mode: VendorMode::Answers,
                method: HttpMethod::Post,
                url: "https://rag.example.com/api/ask".to_owned(),
                headers: vec![HeaderSpec {
                    name: "X-API-Key".to_owned(),
                    value: HeaderValue::Keychain {
                        name: "vendor".to_owned(),
                        prefix: String::new(),
                    },
                }],
                body: r#"{"id": "{{id}}", "question": "{{question}}", "choices": {{choices}}}"#
                    .to_owned(),
                reply: ReplyPaths {
                    answer: "answer".to_owned(),
                    evidence: "contexts".to_owned(),
                    prompt_tokens: "usage.prompt_tokens".to_owned(),
                    completion_tokens: "usage.completion_tokens".to_owned(),
                    ..ReplyPaths::default()
                },
                limits: Limits::default(),
                price: Price::default(),
            },
        },
        Preset {
            id: "exam-mode".to_owned(),
            label: "EXAM mode (an article per query)".to_owned(),
            description: "The endpoint writes an article for each query without seeing the questions; Proctor's local reader then takes the exam over the articles (METHODS §1).".to_owned(),
            spec: VendorSpec {
                mode: VendorMode::Articles,
                method: HttpMethod::Post,
                url: "https://rag.example.com/api/ask".to_owned(),
                headers: vec![HeaderSpec {
                    name: "X-API-Key".to_owned(),
                    value: HeaderValue::Keychain {
                        name: "vendor".to_owned(),
                        prefix: String::new(),
                    },
                }],
                body: r#"{"id": "{{id}}", "query": "{{query}}"}"#.to_owned(),
                reply: ReplyPaths {
                    answer: "answer".to_owned(),
                    evidence: "contexts".to_owned(),
                    ..ReplyPaths::default()
                },
                limits: Limits::default(),
                price: Price::default(),
            },
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_pass_their_own_checks() {
        for preset in presets() {
            preset
                .spec
                .check()
                .unwrap_or_else(|e| panic!("{}: {e}", preset.id));
        }
    }

    #[test]
    fn a_secret_header_in_plain_text_is_refused() {
        let mut spec = presets().remove(1).spec;
        spec.headers = vec![HeaderSpec {
            name: "Authorization".into(),
            value: HeaderValue::Text {
                value: "Bearer sk-live".into(),
            },
        }];
        let message = spec.check().unwrap_err().to_string();
        assert!(message.contains("environment variable"), "{message}");
    }

    #[test]
    fn secrets_in_the_address_or_a_keyish_header_are_refused() {
        let base = presets().remove(1).spec;
        for url in [
            "https://user:pass@rag.example.com/ask",
            "https://rag.example.com/ask?api_key=sk-123",
            "https://rag.example.com/ask?access_token=abc&x=1",
        ] {
            let mut spec = base.clone();
            spec.url = url.into();
            assert!(spec.check().is_err(), "{url}");
        }
        let mut spec = base.clone();
        spec.url = "https://rag.example.com/ask?id={{id}}&lang=en".into();
        spec.check().unwrap();
        for name in [
            "x-goog-api-key",
            "Ocp-Apim-Subscription-Key",
            "X-Auth-Token",
        ] {
            let mut spec = base.clone();
            spec.headers = vec![HeaderSpec {
                name: name.into(),
                value: HeaderValue::Text {
                    value: "abc123".into(),
                },
            }];
            assert!(spec.check().is_err(), "{name}");
        }
    }

    #[test]
    fn bad_fields_are_named() {
        let base = presets().remove(1).spec;
        let mut spec = base.clone();
        spec.url = "ftp://x".into();
        assert!(spec.check().unwrap_err().to_string().contains("http://"));
        let mut spec = base.clone();
        spec.body = r#"{"q": "{{questoin}}"}"#.into();
        assert!(spec.check().unwrap_err().to_string().contains("questoin"));
        let mut spec = base.clone();
        spec.reply.answer = "a..b".into();
        assert!(
            spec.check()
                .unwrap_err()
                .to_string()
                .contains("answer path")
        );
        let mut spec = base;
        spec.limits.concurrency = 0;
        assert!(
            spec.check()
                .unwrap_err()
                .to_string()
                .contains("concurrency")
        );
    }

    #[test]
    fn cost_adds_tokens_and_requests() {
        let price = Price {
            input_per_million: 2.0,
            output_per_million: 8.0,
            per_request: 0.001,
        };
        let cost = price.cost(Some(1_000), Some(500));
        assert!((cost - (0.001 + 0.002 + 0.004)).abs() < 1e-12);
        assert!(!Price::default().is_set());
    }
}
