//! The interface the LLM reader needs from a language model: how likely the model finds each of
//! several continuations of one text, and which next token it expects. The models crate
//! implements it on GGUF files run in-process; an OpenAI-compatible endpoint implements the part
//! it can (the next token, through its top log-probabilities).

use crate::EmbedError;

/// How likely a language model finds one continuation of a text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Likelihood {
    /// Σ log P(token | everything before it), natural log.
    pub log_likelihood: f64,
    /// Tokens the continuation was cut into.
    pub tokens: usize,
}

impl Likelihood {
    /// The log-likelihood per token (what "cloze, per token" scores by).
    pub fn per_token(&self) -> f64 {
        self.log_likelihood / self.tokens.max(1) as f64
    }
}

/// A language model asked to score texts rather than write them.
pub trait LanguageScorer: Send + Sync {
    /// A name that identifies the model (its file and a short hash), for a run's record.
    fn name(&self) -> &str;
    /// The longest text (in tokens) it reads at once.
    fn context_tokens(&self) -> usize;
    /// How many tokens a text is cut into.
    fn count_tokens(&self, text: &str) -> Result<usize, EmbedError>;
    /// Whether it can score a continuation's own text ([`Self::continuations`]); an endpoint
    /// that returns only the next token's probabilities cannot.
    fn scores_continuations(&self) -> bool;
    /// How likely each continuation is after `prefix` (a continuation is cut into tokens on its
    /// own: start it with a space where a word would).
    fn continuations(
        &self,
        prefix: &str,
        continuations: &[&str],
    ) -> Result<Vec<Likelihood>, EmbedError>;
    /// log P(the next token is each candidate's first token) after `prefix`.
    fn next_tokens(&self, prefix: &str, candidates: &[&str]) -> Result<Vec<f64>, EmbedError>;
    /// `user` as one user turn through the model's chat template, ready for the reply; None for
    /// a model without one (a base model reads the plain text).
    fn chat(&self, user: &str) -> Option<String>;
    /// How many questions it may be asked at once (a remote server serves several; a local
    /// model runs one at a time on all its threads).
    fn concurrency(&self) -> usize {
        1
    }
}

/// What a language model wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Writing {
    /// The text, as written.
    pub text: String,
    /// It stopped at the length limit, not at its own end.
    pub truncated: bool,
    /// The server said the model declined (an endpoint's `refusal`).
    pub refused: bool,
}

/// A language model asked to write (an exam's questions): one user turn, one reply.
pub trait TextWriter: Send + Sync {
    /// A name that identifies the model (its file and a short hash, or the endpoint).
    fn name(&self) -> &str;
    /// A reply to `prompt` of at most `max_tokens` tokens, held to the JSON that the GBNF
    /// `grammar` describes where the runtime can (a local model); a server is asked for JSON.
    fn write(&self, prompt: &str, grammar: &str, max_tokens: usize) -> Result<Writing, EmbedError>;
    /// How many parameters the model has, where known (a local file).
    fn parameters(&self) -> Option<u64>;
    /// How many replies it may be asked for at once.
    fn concurrency(&self) -> usize {
        1
    }
}
