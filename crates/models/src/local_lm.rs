//! A GGUF language model behind [`LanguageScorer`]: one worker thread owns the model and its
//! context (llama.cpp's context may not move between threads), and every call is a message to
//! it. The model is loaded once, when the worker starts, and freed when the handle is dropped.

use crate::ModelError;
use crate::llm::{LanguageModel, Session};
use proctor_core::{EmbedError, LanguageScorer, Likelihood, TextWriter, Writing};
use std::path::Path;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

type Reply<T> = Sender<Result<T, String>>;

enum Request {
    Count(String, Reply<usize>),
    Continuations(String, Vec<String>, Reply<Vec<Likelihood>>),
    NextTokens(String, Vec<String>, Reply<Vec<f64>>),
    Write(String, String, usize, Reply<Writing>),
}

/// A local GGUF model run by its own worker thread.
pub struct LocalLanguageModel {
    name: String,
    context_tokens: usize,
    parameters: u64,
    chat: Option<ChatTemplate>,
    requests: Mutex<Option<Sender<Request>>>,
    worker: Option<JoinHandle<()>>,
}

/// A model's chat template, applied by llama.cpp on the worker (the text is kept here too, so
/// `chat` needs no round trip): the user turn is marked where the question goes.
struct ChatTemplate {
    before: String,
    after: String,
}

/// A marker no question contains, to cut the formatted turn around the user's text.
const MARK: &str = "\u{1}PROCTOR-USER-TURN\u{1}";

impl LocalLanguageModel {
    /// Loads `path` on a new worker thread running `threads` threads (0: llama.cpp's default);
    /// `name` identifies the model in runs (the file and its hash).
    pub fn start(path: &Path, threads: usize, name: &str) -> Result<Self, ModelError> {
        let (ready_tx, ready_rx) =
            channel::<Result<(usize, u64, Option<ChatTemplate>), ModelError>>();
        let (requests, inbox) = channel::<Request>();
        let path = path.to_path_buf();
        let worker = std::thread::Builder::new()
            .name("proctor-llm".into())
            .spawn(move || {
                let model = match LanguageModel::load(&path, threads) {
                    Ok(model) => model,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let session = match model.session() {
                    Ok(session) => session,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let chat = model.apply_chat(MARK).and_then(|turn| {
                    let (before, after) = turn.split_once(MARK)?;
                    Some(ChatTemplate {
                        before: before.to_owned(),
                        after: after.to_owned(),
                    })
                });
                let _ = ready_tx.send(Ok((
                    crate::llm::CONTEXT_TOKENS as usize,
                    model.parameters(),
                    chat,
                )));
                serve(&model, session, &inbox);
            })
            .map_err(|e| ModelError::Runtime(format!("cannot start the model's thread: {e}")))?;
        let (context_tokens, parameters, chat) = ready_rx.recv().map_err(|_| {
            ModelError::Runtime("the model's thread stopped while loading".into())
        })??;
        Ok(Self {
            name: name.to_owned(),
            context_tokens,
            parameters,
            chat,
            requests: Mutex::new(Some(requests)),
            worker: Some(worker),
        })
    }

    fn ask<T>(&self, request: impl FnOnce(Reply<T>) -> Request) -> Result<T, EmbedError> {
        let (reply, answer) = channel();
        {
            let requests = self
                .requests
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let Some(requests) = requests.as_ref() else {
                return Err(EmbedError("the model was closed".into()));
            };
            requests
                .send(request(reply))
                .map_err(|_| EmbedError("the model's thread has stopped".into()))?;
        }
        answer
            .recv()
            .map_err(|_| EmbedError("the model's thread stopped while working".into()))?
            .map_err(EmbedError)
    }
}

fn serve(model: &LanguageModel, mut session: Session<'_>, inbox: &Receiver<Request>) {
    while let Ok(request) = inbox.recv() {
        match request {
            Request::Count(text, reply) => {
                let _ = reply.send(Ok(model.tokenize(&text, true).len()));
            }
            Request::Continuations(prefix, texts, reply) => {
                let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
                let result = session
                    .continuations(&prefix, &texts)
                    .map(|all| {
                        all.into_iter()
                            .map(|c| Likelihood {
                                log_likelihood: c.log_likelihood,
                                tokens: c.tokens,
                            })
                            .collect()
                    })
                    .map_err(|e| e.to_string());
                let _ = reply.send(result);
            }
            Request::NextTokens(prefix, candidates, reply) => {
                let candidates: Vec<&str> = candidates.iter().map(String::as_str).collect();
                let result = session
                    .next_tokens(&prefix, &candidates)
                    .map_err(|e| e.to_string());
                let _ = reply.send(result);
            }
            Request::Write(prompt, grammar, max_tokens, reply) => {
                let result = session
                    .write(&prompt, Some(&grammar), max_tokens)
                    .map_err(|e| e.to_string());
                let _ = reply.send(result);
            }
        }
    }
}

impl Drop for LocalLanguageModel {
    fn drop(&mut self) {
        // Closing the channel ends the worker's loop; wait for it to free the model.
        self.requests
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

impl LanguageScorer for LocalLanguageModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn context_tokens(&self) -> usize {
        self.context_tokens
    }

    fn count_tokens(&self, text: &str) -> Result<usize, EmbedError> {
        self.ask(|reply| Request::Count(text.to_owned(), reply))
    }

    fn scores_continuations(&self) -> bool {
        true
    }

    fn continuations(
        &self,
        prefix: &str,
        continuations: &[&str],
    ) -> Result<Vec<Likelihood>, EmbedError> {
        let texts = continuations.iter().map(|&t| t.to_owned()).collect();
        self.ask(|reply| Request::Continuations(prefix.to_owned(), texts, reply))
    }

    fn next_tokens(&self, prefix: &str, candidates: &[&str]) -> Result<Vec<f64>, EmbedError> {
        let texts = candidates.iter().map(|&t| t.to_owned()).collect();
        self.ask(|reply| Request::NextTokens(prefix.to_owned(), texts, reply))
    }

    fn chat(&self, user: &str) -> Option<String> {
        self.chat
            .as_ref()
            .map(|t| format!("{}{user}{}", t.before, t.after))
    }
}

impl TextWriter for LocalLanguageModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn write(&self, prompt: &str, grammar: &str, max_tokens: usize) -> Result<Writing, EmbedError> {
        // An instruction model reads the request as its user turn; a base model reads it as is.
        let text = self.chat(prompt).unwrap_or_else(|| format!("{prompt}\n"));
        self.ask(|reply| Request::Write(text, grammar.to_owned(), max_tokens, reply))
    }

    fn parameters(&self) -> Option<u64> {
        Some(self.parameters)
    }
}
