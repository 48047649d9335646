//! A language model behind an OpenAI-compatible `chat/completions` endpoint (Ollama, llama.cpp's
//! server, vLLM, LM Studio, OpenAI, Azure OpenAI) as a [`LanguageScorer`]: it can name the next
//! token, not score a continuation's own text, so the LLM reader asks it for a letter.
//!
//! Each question is one request at temperature 0 for one token. Where the server returns
//! log-probabilities (`logprobs` with `top_logprobs`), the letters' log-probabilities are read
//! from them; otherwise the reply must be exactly one of the letters (a trailing "." or ")" is
//! allowed), which scores 0 for that letter and −∞ for the others. Any other reply is retried
//! once and then is an error — never a guess. Asked to write ([`TextWriter`]), it is asked for a
//! JSON object (`response_format`), at temperature 0, within a token limit; a reply cut at the
//! limit or declined by the server is reported as such, never repaired. The key comes from an environment variable or an OS
//! keychain entry named in the settings, read when the model is opened, never from a file.

use crate::ModelError;
use crate::secrets::SecretSource;
use proctor_core::{EmbedError, LanguageScorer, Likelihood, TextWriter, Writing};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How to reach an endpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndpointSettings {
    /// The API's base address, up to and including its version (`http://127.0.0.1:11434/v1`,
    /// `https://api.openai.com/v1`); `/chat/completions` is appended.
    pub url: String,
    /// The model the server is asked for.
    pub model: String,
    /// The environment variable holding the API key.
    #[serde(default)]
    pub key_env: Option<String>,
    /// The OS keychain entry holding the API key (service "Proctor"); at most one of the two
    /// is set, and with neither no key is sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_keychain: Option<String>,
    /// Seconds one request may take.
    #[serde(default = "default_timeout")]
    pub timeout_seconds: u32,
    /// Questions asked at once.
    #[serde(default = "default_concurrency")]
    pub concurrency: u32,
    /// Tokens the model reads at once (passages are cut to fit).
    #[serde(default = "default_context")]
    pub context_tokens: u32,
}

fn default_timeout() -> u32 {
    60
}

fn default_concurrency() -> u32 {
    2
}

fn default_context() -> u32 {
    8192
}

/// Characters per token assumed when cutting passages to fit (the server's tokenizer is not at
/// hand; English averages about four, so three leaves room).
const CHARS_PER_TOKEN: usize = 3;

/// Log-probabilities asked for with the one token.
const TOP_LOGPROBS: u32 = 20;

impl EndpointSettings {
    /// Where the API key is read from, if one is sent.
    pub fn key_source(&self) -> Option<SecretSource> {
        match (&self.key_env, &self.key_keychain) {
            (Some(var), _) => Some(SecretSource::Environment(var.clone())),
            (None, Some(entry)) => Some(SecretSource::Keychain(entry.clone())),
            (None, None) => None,
        }
    }

    /// The settings with their limits checked.
    pub fn checked(self) -> Result<Self, ModelError> {
        let bad = |what: String| Err(ModelError::Invalid(what));
        let url = self.url.trim().trim_end_matches('/').to_owned();
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return bad(format!(
                "the endpoint's address '{}' must begin with http:// or https://",
                self.url
            ));
        }
        if self.model.trim().is_empty() {
            return bad("say which model the endpoint should use".into());
        }
        if !(1..=600).contains(&self.timeout_seconds) {
            return bad("the timeout must be between 1 and 600 seconds".into());
        }
        if !(1..=16).contains(&self.concurrency) {
            return bad("between 1 and 16 questions may be asked at once".into());
        }
        if !(512..=1_000_000).contains(&self.context_tokens) {
            return bad("the context must be between 512 and 1,000,000 tokens".into());
        }
        if self.key_env.is_some() && self.key_keychain.is_some() {
            return bad(
                "the key comes from an environment variable or the OS keychain, not both".into(),
            );
        }
        if let Some(source) = self.key_source() {
            source.checked()?;
        }
        Ok(Self {
            url,
            model: self.model.trim().to_owned(),
            ..self
        })
    }
}

/// An OpenAI-compatible endpoint.
pub struct EndpointModel {
    settings: EndpointSettings,
    name: String,
    key: Option<String>,
    agent: ureq::Agent,
    /// Cleared when the server refuses or ignores `logprobs`: later requests do not ask.
    logprobs: AtomicBool,
    /// Cleared when the server refuses `response_format`: later requests do not ask.
    json_mode: AtomicBool,
}

impl EndpointModel {
    /// Prepares requests to the endpoint (nothing is sent yet). A key that is named but not
    /// there (an unset variable, an empty keychain entry) is an error.
    pub fn new(name: &str, settings: EndpointSettings) -> Result<Self, ModelError> {
        let settings = settings.checked()?;
        let key = settings
            .key_source()
            .map(|source| source.read(&format!("the endpoint '{name}'")))
            .transpose()?;
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(u64::from(
                settings.timeout_seconds,
            ))))
            .http_status_as_error(false)
            .build()
            .new_agent();
        Ok(Self {
            name: format!("{name} ({} at {})", settings.model, settings.url),
            settings,
            key,
            agent,
            logprobs: AtomicBool::new(true),
            json_mode: AtomicBool::new(true),
        })
    }

    /// Its settings.
    pub fn settings(&self) -> &EndpointSettings {
        &self.settings
    }

    /// One request; the reply's JSON, or what went wrong.
    fn post(&self, body: &Value) -> Result<Value, String> {
        let address = format!("{}/chat/completions", self.settings.url);
        let mut request = self
            .agent
            .post(&address)
            .header("Content-Type", "application/json");
        if let Some(key) = &self.key {
            request = request
                .header("Authorization", &format!("Bearer {key}"))
                .header("api-key", key);
        }
        let mut response = request
            .send(body.to_string().as_bytes())
            .map_err(|e| format!("{address} did not answer: {e}"))?;
        let status = response.status().as_u16();
        let text = response
            .body_mut()
            .with_config()
            .limit(4 * 1024 * 1024)
            .read_to_string()
            .map_err(|e| format!("{address} sent an unreadable reply: {e}"))?;
        if status != 200 {
            let excerpt: String = text.chars().take(300).collect();
            return Err(format!("{address} answered HTTP {status}: {excerpt}"));
        }
        serde_json::from_str(&text).map_err(|e| format!("{address} sent no JSON ({e})"))
    }

    /// The letter the model picks, with log-probabilities where the server gives them.
    fn ask(&self, prompt: &str, candidates: &[&str]) -> Result<Vec<f64>, String> {
        let mut last = String::new();
        for attempt in 0..2 {
            let with_logprobs = self.logprobs.load(Ordering::Relaxed);
            let mut body = json!({
                "model": self.settings.model,
                "messages": [{"role": "user", "content": prompt}],
                "temperature": 0,
                "max_tokens": 1,
            });
            if with_logprobs {
                body["logprobs"] = json!(true);
                body["top_logprobs"] = json!(TOP_LOGPROBS);
            }
            let reply = match self.post(&body) {
                Ok(reply) => reply,
                Err(e) if with_logprobs && e.contains("HTTP 400") && e.contains("logprob") => {
                    // The server does not do log-probabilities: ask for the letter alone.
                    self.logprobs.store(false, Ordering::Relaxed);
                    last = e;
                    continue;
                }
                Err(e) => {
                    last = e;
                    if attempt == 0 {
                        std::thread::sleep(Duration::from_millis(250));
                    }
                    continue;
                }
            };
            let choice = &reply["choices"][0];
            if with_logprobs {
                match letter_logprobs(&choice["logprobs"], candidates) {
                    Some(scores) => return Ok(scores),
                    None if choice["logprobs"].is_null() => {
                        self.logprobs.store(false, Ordering::Relaxed);
                    }
                    None => {}
                }
            }
            let content = choice["message"]["content"].as_str().unwrap_or_default();
            match strict_letter(content, candidates) {
                Some(at) => {
                    return Ok((0..candidates.len())
                        .map(|i| if i == at { 0.0 } else { f64::NEG_INFINITY })
                        .collect());
                }
                None => {
                    last = format!(
                        "the endpoint answered '{}', which is not one of the letters {}",
                        content.chars().take(80).collect::<String>(),
                        candidates.join(", ")
                    );
                }
            }
        }
        Err(last)
    }
}

/// The candidates' log-probabilities among the first token's top log-probabilities (a
/// candidate not among them gets −∞); None when none of them is there.
fn letter_logprobs(logprobs: &Value, candidates: &[&str]) -> Option<Vec<f64>> {
    let top = logprobs["content"][0]["top_logprobs"].as_array()?;
    let mut scores = vec![f64::NEG_INFINITY; candidates.len()];
    for entry in top {
        let (Some(token), Some(value)) = (entry["token"].as_str(), entry["logprob"].as_f64())
        else {
            continue;
        };
        if let Some(at) = candidates.iter().position(|c| c.trim() == token.trim()) {
            scores[at] = scores[at].max(value);
        }
    }
    scores.iter().any(|s| s.is_finite()).then_some(scores)
}

/// The candidate a reply is, exactly: "B", "B." or "B)" (surrounding space allowed).
fn strict_letter(reply: &str, candidates: &[&str]) -> Option<usize> {
    let reply = reply.trim();
    let reply = reply
        .strip_suffix('.')
        .or_else(|| reply.strip_suffix(')'))
        .unwrap_or(reply);
    candidates.iter().position(|c| c.trim() == reply)
}

impl LanguageScorer for EndpointModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn context_tokens(&self) -> usize {
        self.settings.context_tokens as usize
    }

    fn count_tokens(&self, text: &str) -> Result<usize, EmbedError> {
        Ok(text.chars().count().div_ceil(CHARS_PER_TOKEN))
    }

    fn scores_continuations(&self) -> bool {
        false
    }

    fn continuations(
        &self,
        _prefix: &str,
        _continuations: &[&str],
    ) -> Result<Vec<Likelihood>, EmbedError> {
        Err(EmbedError(format!(
            "{} names the next token only: it reads by letter, not by cloze",
            self.name
        )))
    }

    fn next_tokens(&self, prefix: &str, candidates: &[&str]) -> Result<Vec<f64>, EmbedError> {
        self.ask(prefix, candidates).map_err(EmbedError)
    }

    fn chat(&self, user: &str) -> Option<String> {
        // The server applies its own template: the user's turn is sent as it is.
        Some(user.to_owned())
    }

    fn concurrency(&self) -> usize {
        self.settings.concurrency as usize
    }
}

impl EndpointModel {
    /// One written reply: asked for a JSON object first; a server that refuses
    /// `response_format` is asked again without it (and not asked for it again).
    fn write_reply(&self, prompt: &str, max_tokens: usize) -> Result<Writing, String> {
        let mut last = String::new();
        for attempt in 0..3 {
            let json_mode = self.json_mode.load(Ordering::Relaxed);
            let mut body = json!({
                "model": self.settings.model,
                "messages": [{"role": "user", "content": prompt}],
                "temperature": 0,
                "max_tokens": max_tokens,
            });
            if json_mode {
                body["response_format"] = json!({"type": "json_object"});
            }
            let reply = match self.post(&body) {
                Ok(reply) => reply,
                Err(e) if json_mode && e.contains("HTTP 400") && e.contains("response_format") => {
                    self.json_mode.store(false, Ordering::Relaxed);
                    last = e;
                    continue;
                }
                Err(e) => {
                    last = e;
                    if attempt < 2 {
                        std::thread::sleep(Duration::from_millis(250));
                    }
                    continue;
                }
            };
            let choice = &reply["choices"][0];
            let message = &choice["message"];
            let refusal = message["refusal"].as_str().filter(|r| !r.trim().is_empty());
            let Some(text) = message["content"].as_str().or(refusal) else {
                "the endpoint's reply has no message".clone_into(&mut last);
                continue;
            };
            return Ok(Writing {
                text: text.to_owned(),
                truncated: choice["finish_reason"].as_str() == Some("length"),
                refused: refusal.is_some(),
            });
        }
        Err(last)
    }
}

impl TextWriter for EndpointModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn write(
        &self,
        prompt: &str,
        _grammar: &str,
        max_tokens: usize,
    ) -> Result<Writing, EmbedError> {
        self.write_reply(prompt, max_tokens).map_err(EmbedError)
    }

    fn parameters(&self) -> Option<u64> {
        None
    }

    fn concurrency(&self) -> usize {
        self.settings.concurrency as usize
    }
}

#[cfg(test)]
mod tests {
    use super::{EndpointSettings, letter_logprobs, strict_letter};
    use serde_json::json;

    #[test]
    fn replies_are_read_strictly() {
        let letters = ["A", "B", "C", "D"];
        assert_eq!(strict_letter(" B.", &letters), Some(1));
        assert_eq!(strict_letter("D)", &letters), Some(3));
        assert_eq!(strict_letter("The answer is B", &letters), None);
        assert_eq!(strict_letter("b", &letters), None);
        assert_eq!(strict_letter("", &letters), None);
        let logprobs = json!({"content": [{"token": "B", "logprob": -0.1, "top_logprobs": [
            {"token": "B", "logprob": -0.1}, {"token": " A", "logprob": -2.5},
            {"token": "Answer", "logprob": -4.0}]}]});
        let scores = letter_logprobs(&logprobs, &letters).unwrap();
        assert_eq!(&scores[..2], &[-2.5, -0.1]);
        assert!(scores[2].is_infinite() && scores[3].is_infinite());
        assert!(letter_logprobs(&json!({"content": []}), &letters).is_none());
    }

    #[test]
    fn settings_are_checked() {
        let settings = EndpointSettings {
            url: "http://127.0.0.1:8080/v1/".into(),
            model: " local ".into(),
            key_env: None,
            key_keychain: None,
            timeout_seconds: 30,
            concurrency: 2,
            context_tokens: 4096,
        };
        let checked = settings.clone().checked().unwrap();
        assert_eq!(checked.url, "http://127.0.0.1:8080/v1");
        assert_eq!(checked.model, "local");
        for bad in [
            EndpointSettings {
                url: "ftp://x".into(),
                ..settings.clone()
            },
            EndpointSettings {
                concurrency: 0,
                ..settings.clone()
            },
            EndpointSettings {
                key_env: Some("MY KEY".into()),
                ..settings.clone()
            },
            EndpointSettings {
                key_keychain: Some(String::new()),
                ..settings.clone()
            },
            EndpointSettings {
                key_env: Some("MY_KEY".into()),
                key_keychain: Some("mine".into()),
                ..settings.clone()
            },
        ] {
            assert!(bad.checked().is_err());
        }
    }
}
