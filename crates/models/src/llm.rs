//! Local language models (GGUF files) run in-process by llama.cpp: how likely a model finds each
//! of several continuations of one text, the shared beginning evaluated once.
//!
//! A reader asks "given this passage and question, how likely is each choice?" ([`Session::
//! continuations`]) or "which letter comes next?" ([`Session::next_tokens`]). The prefix (passage +
//! question) is decoded once; its key/value cache is kept, and the continuations are decoded from
//! there together — one batch, each its own sequence sharing the prefix's cells — and removed from
//! the cache again, so a four-choice question costs one pass over the prefix plus one short one. The weights are memory-mapped and loaded once per
//! [`LanguageModel`]; a [`Session`] holds one context (its buffers are the expensive part) and is
//! reused across questions.

use crate::ModelError;
use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::llama_backend::LlamaBackend;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::model::{LlamaChatMessage, LlamaModel};
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::LlamaToken;
use llama_cpp_2::token::data::LlamaTokenData;
use llama_cpp_2::token::data_array::LlamaTokenDataArray;
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Tokens a session's context holds: a 1,600-character passage, a question and a choice fit with
/// room to spare.
pub const CONTEXT_TOKENS: u32 = 2048;

/// Continuations decoded together in one batch, each a sequence of its own beside the prefix's.
pub const MAX_CONTINUATIONS: usize = 15;

/// llama.cpp's backend, initialised once per process (it may not be initialised twice; code
/// that calls llama.cpp directly, such as a benchmark's bare loop, shares it).
pub fn backend() -> Result<&'static LlamaBackend, ModelError> {
    static BACKEND: OnceLock<Result<LlamaBackend, String>> = OnceLock::new();
    BACKEND
        .get_or_init(|| {
            let mut backend = LlamaBackend::init().map_err(|e| e.to_string())?;
            backend.void_logs();
            Ok(backend)
        })
        .as_ref()
        .map_err(|e| ModelError::Runtime(format!("llama.cpp did not start: {e}")))
}

fn runtime(what: &str, error: impl std::fmt::Display) -> ModelError {
    ModelError::Runtime(format!("llama.cpp, {what}: {error}"))
}

/// A GGUF model, loaded once.
pub struct LanguageModel {
    model: LlamaModel,
    path: PathBuf,
    threads: i32,
}

/// How likely the model finds one continuation.
pub type Continuation = proctor_core::Likelihood;

impl LanguageModel {
    /// Loads a GGUF file (memory-mapped) to run on `threads` threads (0: llama.cpp's default).
    pub fn load(path: &Path, threads: usize) -> Result<Self, ModelError> {
        crate::checked_threads(threads)?;
        if !path.is_file() {
            return Err(ModelError::Missing {
                what: "the language model".to_owned(),
                path: path.to_path_buf(),
                hint: "Install it with scripts/install-models.sh, or add a GGUF file of your own."
                    .to_owned(),
            });
        }
        let model = LlamaModel::load_from_file(backend()?, path, &LlamaModelParams::default())
            .map_err(|e| ModelError::Incompatible {
                model: path.to_path_buf(),
                message: format!("llama.cpp cannot load it as a GGUF language model ({e})"),
            })?;
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get() as i32)
        } else {
            i32::try_from(threads).unwrap_or(i32::MAX)
        };
        Ok(Self {
            model,
            path: path.to_path_buf(),
            threads,
        })
    }

    /// The file it was loaded from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The model's chat template, when its file carries one (instruct models do).
    pub fn chat_template(&self) -> Option<String> {
        self.model
            .meta_val_str("tokenizer.chat_template")
            .ok()
            .filter(|t| !t.trim().is_empty())
    }

    /// Cuts a text into the model's tokens (`start`: with the beginning-of-text token, and the
    /// markers of a chat template read as the model's special tokens).
    pub fn tokenize(&self, text: &str, start: bool) -> Vec<LlamaToken> {
        self.model.vocab().tokenize(text.as_bytes(), start, start)
    }

    /// `user` as one user turn through the model's own chat template, ready for the reply; None
    /// when the file has no template (or llama.cpp does not know it). The beginning-of-text
    /// marker is left off: [`Self::tokenize`] adds it.
    pub fn apply_chat(&self, user: &str) -> Option<String> {
        let template = self.model.chat_template(None).ok()?;
        let message = LlamaChatMessage::new("user".into(), user.into()).ok()?;
        let turn = self
            .model
            .apply_chat_template(&template, &[message], true)
            .ok()?;
        let vocab = self.model.vocab();
        let bos = String::from_utf8(vocab.token_to_piece(vocab.bos(), true, None)).ok()?;
        Some(match turn.strip_prefix(bos.as_str()) {
            Some(rest) if !bos.is_empty() => rest.to_owned(),
            _ => turn,
        })
    }

    /// How many parameters the model has.
    pub fn parameters(&self) -> u64 {
        self.model.n_params()
    }

    /// A context to score texts in (reuse it: its buffers are the expensive part).
    pub fn session(&self) -> Result<Session<'_>, ModelError> {
        let params = LlamaContextParams::default()
            .with_n_ctx(NonZeroU32::new(CONTEXT_TOKENS))
            .with_n_batch(CONTEXT_TOKENS)
            .with_n_threads(self.threads)
            .with_n_threads_batch(self.threads)
            // One sequence for the prefix and one per continuation decoded beside it, all in
            // one cache (unified: the prefix's cells are shared, not copied).
            .with_n_seq_max(MAX_CONTINUATIONS as u32 + 1)
            .with_kv_unified(true);
        let context = self
            .model
            .new_context(backend()?, params)
            .map_err(|e| runtime("making a context", e))?;
        Ok(Session {
            model: self,
            context,
            batch: LlamaBatch::new(CONTEXT_TOKENS as usize, 1),
        })
    }
}

/// One context of a model: scores continuations of texts.
pub struct Session<'m> {
    model: &'m LanguageModel,
    context: LlamaContext<'m>,
    batch: LlamaBatch<'m>,
}

/// log P(token) under the distribution `logits` (log-softmax, computed stably).
fn log_probability(logits: &[f32], token: LlamaToken) -> f64 {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let total: f64 = logits.iter().map(|&l| f64::from(l - top).exp()).sum();
    let at = usize::try_from(token.0).unwrap_or(usize::MAX);
    logits
        .get(at)
        .map_or(f64::NEG_INFINITY, |&l| f64::from(l - top) - total.ln())
}

impl Session<'_> {
    /// Decodes `tokens` from position 0 with logits for the last only: the output layer over a
    /// large vocabulary costs as much as the rest of a small model, so a long prefix asks for
    /// one row of logits.
    fn decode_prefix(&mut self, tokens: &[LlamaToken]) -> Result<(), ModelError> {
        self.batch.clear();
        let last = tokens.len().saturating_sub(1);
        for (k, &token) in tokens.iter().enumerate() {
            self.batch
                .add(token, k as i32, &[0], k == last)
                .map_err(|e| runtime("preparing a batch", e))?;
        }
        self.context
            .decode(&mut self.batch)
            .map_err(|e| runtime("decoding", e))
    }

    /// The prefix in the cache (from scratch), returning its token count and the log-probability
    /// function of what follows it.
    fn prefix(&mut self, prefix: &str) -> Result<(usize, Vec<f32>), ModelError> {
        let tokens = self.model.tokenize(prefix, true);
        if tokens.len() >= CONTEXT_TOKENS as usize {
            return Err(ModelError::Invalid(format!(
                "the text is {} tokens long; the model reads at most {}",
                tokens.len(),
                CONTEXT_TOKENS - 1
            )));
        }
        self.context.clear_kv_cache();
        self.decode_prefix(&tokens)?;
        let last = self
            .context
            .get_logits_ith(tokens.len() as i32 - 1)
            .to_vec();
        Ok((tokens.len(), last))
    }

    /// How likely each continuation is after `prefix`: Σ log P over its tokens. A continuation
    /// is cut into tokens on its own (start it with a space where a word would).
    ///
    /// The prefix is decoded once; then the continuations are decoded together, each as its own
    /// sequence branching off the prefix's cache (llama.cpp shares the prefix's cells between
    /// the sequences, and one batch reads the weights once for all of them), and removed again.
    pub fn continuations(
        &mut self,
        prefix: &str,
        continuations: &[&str],
    ) -> Result<Vec<Continuation>, ModelError> {
        let (at, after_prefix) = self.prefix(prefix)?;
        let tokens: Vec<Vec<LlamaToken>> = continuations
            .iter()
            .map(|text| self.model.tokenize(text, false))
            .collect();
        let mut scores: Vec<Continuation> = tokens
            .iter()
            .map(|t| Continuation {
                log_likelihood: t
                    .first()
                    .map_or(0.0, |&first| log_probability(&after_prefix, first)),
                tokens: t.len(),
            })
            .collect();
        // Continuations longer than one token need their own tokens decoded, in groups that fit
        // the sequences and the cache. llama.cpp's batched kernels round differently with the
        // batch's shape (by a few hundredths of a nat over a choice), so the batches are laid
        // out in one canonical order of the continuations' tokens: however a question's choices
        // are ordered, each scores exactly the same.
        let room = CONTEXT_TOKENS as usize;
        let mut order: Vec<usize> = (0..tokens.len()).collect();
        order.sort_by(|&a, &b| {
            let key = |i: usize| tokens[i].iter().map(|t| t.0).collect::<Vec<_>>();
            key(a).cmp(&key(b))
        });
        let mut group: Vec<usize> = Vec::new();
        let mut used = at;
        for i in order {
            let t = &tokens[i];
            if at + t.len() > room {
                return Err(ModelError::Invalid(format!(
                    "the text and a continuation are {} tokens long; the model reads at most {}",
                    at + t.len(),
                    CONTEXT_TOKENS
                )));
            }
            if t.len() < 2 {
                continue;
            }
            if group.len() == MAX_CONTINUATIONS || used + t.len() - 1 > room {
                self.score_group(at, &tokens, &group, &mut scores)?;
                group.clear();
                used = at;
            }
            group.push(i);
            used += t.len() - 1;
        }
        if !group.is_empty() {
            self.score_group(at, &tokens, &group, &mut scores)?;
        }
        Ok(scores)
    }

    /// Decodes the continuations `group` (indexes into `tokens`) after the prefix's `at` tokens
    /// in one batch, sequence k + 1 for the group's k-th, and adds the log-probabilities of
    /// their tokens after the first to `scores`; the cache holds the prefix alone afterwards.
    fn score_group(
        &mut self,
        at: usize,
        tokens: &[Vec<LlamaToken>],
        group: &[usize],
        scores: &mut [Continuation],
    ) -> Result<(), ModelError> {
        self.batch.clear();
        let mut rows = Vec::with_capacity(group.len());
        for (k, &i) in group.iter().enumerate() {
            let seq = k as i32 + 1;
            self.context.copy_cache(0, seq, at as i32);
            rows.push(self.batch.n_tokens());
            let own = &tokens[i];
            for (j, &token) in own[..own.len() - 1].iter().enumerate() {
                self.batch
                    .add(token, (at + j) as i32, &[seq], true)
                    .map_err(|e| runtime("preparing a batch", e))?;
            }
        }
        let decoded = self
            .context
            .decode(&mut self.batch)
            .map_err(|e| runtime("decoding", e));
        if decoded.is_ok() {
            for (&i, &row) in group.iter().zip(&rows) {
                for (j, &token) in tokens[i][1..].iter().enumerate() {
                    scores[i].log_likelihood +=
                        log_probability(self.context.get_logits_ith(row + j as i32), token);
                }
            }
        }
        // Back to the prefix alone, whatever happened.
        for k in 0..group.len() {
            self.context
                .clear_kv_cache_seq(Some(k as u32 + 1), None, None)
                .map_err(|e| runtime("trimming the cache", e))?;
        }
        decoded
    }

    /// log P(next token = each candidate's first token) after `prefix` (for letters: " A", " B").
    /// Candidates whose first tokens are the same cannot be told apart this way: refused.
    pub fn next_tokens(
        &mut self,
        prefix: &str,
        candidates: &[&str],
    ) -> Result<Vec<f64>, ModelError> {
        let firsts = candidates
            .iter()
            .map(|text| {
                self.model
                    .tokenize(text, false)
                    .first()
                    .copied()
                    .ok_or_else(|| ModelError::Invalid(format!("'{text}' has no token")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        for (i, a) in firsts.iter().enumerate() {
            if let Some(j) = firsts[i + 1..].iter().position(|b| b == a) {
                return Err(ModelError::Invalid(format!(
                    "'{}' and '{}' begin with the same token: the next token cannot tell them apart",
                    candidates[i],
                    candidates[i + 1 + j]
                )));
            }
        }
        let (_, after_prefix) = self.prefix(prefix)?;
        Ok(firsts
            .into_iter()
            .map(|t| log_probability(&after_prefix, t))
            .collect())
    }
}

impl Session<'_> {
    /// The likeliest next token after logits row `row` that the grammar allows. The likeliest
    /// token of all is tried first (the grammar allows it most of the time, and checking one
    /// token is cheap); only when it is refused is the grammar run over the whole vocabulary.
    /// None when the grammar allows no token at all.
    fn next_token(&self, row: i32, grammar: Option<&mut LlamaSampler>) -> Option<LlamaToken> {
        let logits = self.context.get_logits_ith(row);
        let best = logits
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i);
        let best = LlamaToken(i32::try_from(best).unwrap_or(0));
        let Some(grammar) = grammar else {
            return Some(best);
        };
        let mut one = LlamaTokenDataArray::new(
            vec![LlamaTokenData::new(best, logits[best.0 as usize], 0.0)],
            false,
        );
        one.apply_sampler(grammar);
        if one.data[0].logit().is_finite() {
            return Some(best);
        }
        let mut all = self.context.token_data_array_ith(row);
        all.apply_sampler(grammar);
        all.data
            .iter()
            .filter(|d| d.logit().is_finite())
            .max_by(|a, b| a.logit().total_cmp(&b.logit()))
            .map(LlamaTokenData::id)
    }

    /// The model's reply to `prompt`, greedy (the same prompt gives the same reply), held to
    /// the GBNF `grammar` when one is given, at most `max_tokens` tokens.
    pub fn write(
        &mut self,
        prompt: &str,
        grammar: Option<&str>,
        max_tokens: usize,
    ) -> Result<proctor_core::Writing, ModelError> {
        let tokens = self.model.tokenize(prompt, true);
        if tokens.is_empty() || tokens.len() + max_tokens >= CONTEXT_TOKENS as usize {
            return Err(ModelError::Invalid(format!(
                "the prompt is {} tokens long; with {max_tokens} to write, the model reads at most {}",
                tokens.len(),
                CONTEXT_TOKENS - 1
            )));
        }
        self.context.clear_kv_cache();
        self.decode_prefix(&tokens)?;
        let mut grammar = grammar
            .map(|g| {
                LlamaSampler::grammar(&self.model.model, g, "root")
                    .map_err(|e| runtime("reading the grammar", e))
            })
            .transpose()?;
        let vocab = self.model.model.vocab();
        let mut bytes = Vec::new();
        let mut row = tokens.len() as i32 - 1;
        for position in tokens.len()..tokens.len() + max_tokens {
            let token = self.next_token(row, grammar.as_mut());
            if let (Some(g), Some(token)) = (grammar.as_mut(), token) {
                g.accept(token);
            }
            let Some(token) = token.filter(|t| !vocab.is_eog(*t)) else {
                return Ok(proctor_core::Writing {
                    text: String::from_utf8_lossy(&bytes).into_owned(),
                    truncated: false,
                    refused: false,
                });
            };
            bytes.extend(vocab.token_to_piece(token, false, None));
            self.batch.clear();
            self.batch
                .add(token, position as i32, &[0], true)
                .map_err(|e| runtime("preparing a batch", e))?;
            self.context
                .decode(&mut self.batch)
                .map_err(|e| runtime("decoding", e))?;
            row = 0;
        }
        Ok(proctor_core::Writing {
            text: String::from_utf8_lossy(&bytes).into_owned(),
            truncated: true,
            refused: false,
        })
    }
}
