//! `proctor endpoint`: vendors' systems over HTTP — add one from a preset or a JSON file, show
//! it, try one question, and let endpoint systems sit the exam (resuming what a stopped or
//! killed run left).

use crate::{progress, show};
use clap::{Subcommand, ValueEnum};
use proctor_api::dto::{
    AdaptiveAsking, Budget, EndpointRunReport, EndpointRunRequest, EndpointSystem, EndpointView,
    HeaderSpec, HeaderValue, ReadArticlesRequest, ReaderKind, TryReport, TryRequest,
    UserModelChoice, VendorSpec,
};
use proctor_api::{ApiError, ApiResult, ErrorCode, Project, endpoint_presets};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The presets an endpoint starts from.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum PresetName {
    /// An OpenAI-compatible chat completion asked for a letter.
    OpenaiChat,
    /// A JSON RAG service returning an answer with its contexts.
    GenericRag,
    /// EXAM mode: an article per query, graded by the local reader.
    ExamMode,
}

/// `proctor endpoint`'s subcommands.
#[derive(Subcommand)]
pub(crate) enum EndpointCommand {
    /// Add an endpoint system (or change one): from a preset with the address and key, or from
    /// a JSON configuration file (`endpoint show --json` writes one).
    Add {
        /// The system's name.
        name: String,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The preset to start from.
        #[arg(long, value_enum, default_value_t = PresetName::GenericRag)]
        preset: PresetName,
        /// A JSON file with the whole configuration (instead of a preset).
        #[arg(long, conflicts_with = "preset")]
        spec: Option<PathBuf>,
        /// The address to send requests to.
        #[arg(long)]
        url: Option<String>,
        /// For the chat preset: the model the server is asked for.
        #[arg(long)]
        model: Option<String>,
        /// Take the key from this environment variable.
        #[arg(long, conflicts_with = "key_keychain")]
        key_env: Option<String>,
        /// Take the key from this OS keychain entry (`proctor keychain set` saves one).
        #[arg(long)]
        key_keychain: Option<String>,
        /// Send no key (a local server).
        #[arg(long, conflicts_with_all = ["key_env", "key_keychain"])]
        no_key: bool,
        /// Requests in flight at once.
        #[arg(long)]
        concurrency: Option<u32>,
        /// Requests per minute at most (0: no limit).
        #[arg(long)]
        rate: Option<u32>,
        /// Seconds one attempt may take.
        #[arg(long)]
        timeout: Option<u32>,
        /// Price per million prompt tokens.
        #[arg(long)]
        price_input: Option<f64>,
        /// Price per million completion tokens.
        #[arg(long)]
        price_output: Option<f64>,
        /// Price per request.
        #[arg(long)]
        price_request: Option<f64>,
    },
    /// Show an endpoint system's configuration and whether its key can be read (masked).
    Show {
        /// The system.
        name: String,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// Print the configuration as JSON (a file `endpoint add --spec` reads).
        #[arg(long)]
        json: bool,
    },
    /// Send one question and show the request (key masked), the raw reply and what was read.
    Try {
        /// The system.
        name: String,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The question's id (default: the first).
        #[arg(long)]
        question: Option<String>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Let endpoint systems sit the exam; a stopped or killed run resumes where it was.
    Run {
        /// The systems (default: every endpoint system).
        systems: Vec<String>,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Stop after this many requests (retries count).
        #[arg(long, default_value_t = 0)]
        max_requests: u64,
        /// Stop after this many tokens.
        #[arg(long, default_value_t = 0)]
        max_tokens: u64,
        /// Stop once this much is spent at the price set.
        #[arg(long, default_value_t = 0.0)]
        max_cost: f64,
        /// Ask the questions that ended in an error again.
        #[arg(long)]
        retry_errors: bool,
        /// Ask only these questions (again), by id; repeatable.
        #[arg(long = "question")]
        questions: Vec<String>,
        /// Forget the systems' answers on this exam and ask everything again.
        #[arg(long)]
        restart: bool,
        /// EXAM mode: grade the articles with the lexical reader once fetched.
        #[arg(long)]
        grade: bool,
        /// Ask each system only the questions that tell the most about it (an adaptive exam,
        /// calibrated on the other systems that sat it), up to this many.
        #[arg(long, value_name = "MAX_QUESTIONS")]
        adaptive: Option<u32>,
        /// With --adaptive: stop once the ability's standard error is at most this.
        #[arg(long, default_value_t = 0.3, requires = "adaptive")]
        target_se: f64,
        /// With --adaptive: take the topics in turn.
        #[arg(long, requires = "adaptive")]
        balance_topics: bool,
        /// A language model you added and checked (proctor models check-replies) to read the
        /// replies the rules leave unsure; without it they need a look.
        #[arg(long, value_name = "MODEL")]
        reply_model: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn invalid(message: String) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, message)
}

#[expect(clippy::too_many_arguments, reason = "the command's flags")]
fn spec_of(
    preset: PresetName,
    file: Option<PathBuf>,
    url: Option<String>,
    model: Option<String>,
    key_env: Option<String>,
    key_keychain: Option<String>,
    no_key: bool,
    limits: (Option<u32>, Option<u32>, Option<u32>),
    price: (Option<f64>, Option<f64>, Option<f64>),
) -> ApiResult<VendorSpec> {
    let mut spec = if let Some(file) = file {
        let bytes = proctor_api::read_user_file(&file)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| invalid(format!("{}: the file is not UTF-8 text", file.display())))?;
        serde_json::from_str(&text)
            .map_err(|e| invalid(format!("{}:{}: {e}", file.display(), e.line())))?
    } else {
        let id = match preset {
            PresetName::OpenaiChat => "openai-chat",
            PresetName::GenericRag => "generic-rag",
            PresetName::ExamMode => "exam-mode",
        };
        endpoint_presets()
            .into_iter()
            .find(|p| p.id == id)
            .map(|p| p.spec)
            .ok_or_else(|| invalid(format!("no preset {id}")))?
    };
    if let Some(url) = url {
        spec.url = url;
    }
    if let Some(model) = model {
        spec.body = spec.body.replace(
            "\"MODEL\"",
            &serde_json::to_string(&model).unwrap_or_default(),
        );
    }
    let key = key_env
        .map(|name| (name, false))
        .or(key_keychain.map(|name| (name, true)));
    if no_key || key.is_some() {
        let secret_at = spec
            .headers
            .iter()
            .position(|h| h.value.secret_source().is_some());
        let prefix = secret_at
            .and_then(|i| match &spec.headers[i].value {
                HeaderValue::Environment { prefix, .. } | HeaderValue::Keychain { prefix, .. } => {
                    Some(prefix.clone())
                }
                HeaderValue::Text { .. } => None,
            })
            .unwrap_or_else(|| "Bearer ".to_owned());
        let header = secret_at.map_or_else(
            || "Authorization".to_owned(),
            |i| spec.headers[i].name.clone(),
        );
        spec.headers.retain(|h| h.value.secret_source().is_none());
        if let Some((name, keychain)) = key {
            let value = if keychain {
                HeaderValue::Keychain { name, prefix }
            } else {
                HeaderValue::Environment { name, prefix }
            };
            spec.headers.push(HeaderSpec {
                name: header,
                value,
            });
        }
    }
    let (concurrency, rate, timeout) = limits;
    if let Some(c) = concurrency {
        spec.limits.concurrency = c;
    }
    if let Some(r) = rate {
        spec.limits.requests_per_minute = r;
    }
    if let Some(t) = timeout {
        spec.limits.timeout_seconds = t;
    }
    let (input, output, request) = price;
    if let Some(p) = input {
        spec.price.input_per_million = p;
    }
    if let Some(p) = output {
        spec.price.output_per_million = p;
    }
    if let Some(p) = request {
        spec.price.per_request = p;
    }
    Ok(spec)
}

fn view_text(view: &EndpointView) -> String {
    let s = &view.spec;
    let mut out = format!(
        "{}: {:?} {} {}\n",
        view.name,
        s.mode,
        s.method.as_str(),
        s.url
    );
    for h in &s.headers {
        let value = match &h.value {
            HeaderValue::Text { value } => value.clone(),
            HeaderValue::Environment { name, prefix } => format!("{prefix}••• (from ${name})"),
            HeaderValue::Keychain { name, prefix } => {
                format!("{prefix}••• (from keychain entry '{name}')")
            }
        };
        let _ = writeln!(out, "  {}: {value}", h.name);
    }
    for secret in &view.secrets {
        let _ = writeln!(out, "  key of {}: {}", secret.header, secret.status);
    }
    let _ = writeln!(
        out,
        "  answer at '{}', evidence at '{}'; {} at once, {} per minute, {} s timeout, {} retries",
        s.reply.answer,
        s.reply.evidence,
        s.limits.concurrency,
        if s.limits.requests_per_minute == 0 {
            "no limit".to_owned()
        } else {
            s.limits.requests_per_minute.to_string()
        },
        s.limits.timeout_seconds,
        s.limits.retries
    );
    out
}

fn try_text(t: &TryReport) -> String {
    let mut out = format!(
        "Question {}: {}\n\n--- request\n{}\n\n--- reply",
        t.question, t.asked, t.request
    );
    match t.status {
        Some(status) => {
            let _ = write!(
                out,
                " (HTTP {status}, {:.0} ms, {} bytes)",
                t.latency_ms, t.reply_bytes
            );
        }
        None => out.push_str(" (none)"),
    }
    let _ = writeln!(out, "\n{}\n\n--- read", t.reply.as_deref().unwrap_or(""));
    if let Some(error) = &t.error {
        let _ = writeln!(out, "error: {error}");
    }
    if let Some(answer) = &t.answer {
        let _ = writeln!(out, "answer: {answer}");
    }
    if let Some(mapping) = &t.mapping {
        let verdict = match t.right {
            Some(true) => " — right",
            Some(false) => " — wrong",
            None => "",
        };
        let _ = writeln!(out, "mapped: {mapping}{verdict}");
    }
    for e in &t.evidence {
        let text: String = e.text.chars().take(100).collect();
        let _ = writeln!(out, "evidence {}: {text}", e.id.as_deref().unwrap_or("-"));
    }
    if t.prompt_tokens.is_some() || t.completion_tokens.is_some() {
        let _ = writeln!(
            out,
            "tokens: {} in, {} out",
            t.prompt_tokens.unwrap_or(0),
            t.completion_tokens.unwrap_or(0)
        );
    }
    for p in &t.problems {
        let _ = writeln!(out, "note: {p}");
    }
    out
}

fn run_text(r: &EndpointRunReport) -> String {
    let mut out = format!("{}, version {}:\n", r.exam.exam, r.exam.version);
    for s in &r.sittings {
        let mut parts = vec![format!("{} answered", s.answered)];
        if s.no_answer > 0 {
            parts.push(format!("{} no answer", s.no_answer));
        }
        if s.by_meaning > 0 {
            parts.push(format!("{} read by meaning", s.by_meaning));
        }
        if s.by_model > 0 {
            parts.push(format!("{} read by the language model", s.by_model));
        }
        if s.needs_look > 0 {
            parts.push(format!(
                "{} {} a look",
                s.needs_look,
                if s.needs_look == 1 { "needs" } else { "need" }
            ));
        }
        parts.push(format!("{} errors", s.errors));
        let _ = writeln!(
            out,
            "  {}: asked {} ({}; {} before), {} requests{}",
            s.system,
            s.asked,
            parts.join(", "),
            s.before,
            s.requests,
            s.halted
                .as_deref()
                .map(|h| format!(" — {h}"))
                .unwrap_or_default()
        );
        if let Some(open) = &s.open {
            let _ = writeln!(out, "    open answers: {open}.");
        }
        for note in &s.notes {
            let _ = writeln!(out, "    {note}.");
        }
        if s.needs_look > 0 {
            let _ = writeln!(
                out,
                "    read them by hand: proctor replies list \"{}\"",
                s.system
            );
        }
        if let Some(a) = &s.adaptive {
            let _ = writeln!(
                out,
                "    adaptive: {} of {} questions, ability {:.2} ± {:.2}; predicted accuracy on the whole exam {:.1}% ({:.1}–{:.1}%), calibrated on {} systems",
                a.used,
                a.questions,
                a.ability,
                a.standard_error,
                a.predicted * 100.0,
                a.low * 100.0,
                a.high * 100.0,
                a.calibrated_on
            );
        }
    }
    if let Some(halted) = &r.halted {
        let _ = writeln!(out, "stopped early: {halted}");
    }
    out
}

pub(crate) fn endpoint(command: EndpointCommand) -> ApiResult<()> {
    match command {
        EndpointCommand::Add {
            name,
            project,
            preset,
            spec,
            url,
            model,
            key_env,
            key_keychain,
            no_key,
            concurrency,
            rate,
            timeout,
            price_input,
            price_output,
            price_request,
        } => {
            let spec = spec_of(
                preset,
                spec,
                url,
                model,
                key_env,
                key_keychain,
                no_key,
                (concurrency, rate, timeout),
                (price_input, price_output, price_request),
            )?;
            let view = Project::open(&project)?.save_endpoint(&EndpointSystem { name, spec })?;
            print!("{}", view_text(&view));
            Ok(())
        }
        EndpointCommand::Show {
            name,
            project,
            json,
        } => {
            let view = Project::open(&project)?.endpoint(&name)?;
            if json {
                show(&view.spec, true, |_| String::new())
            } else {
                show(&view, false, view_text)
            }
        }
        EndpointCommand::Try {
            name,
            project,
            question,
            json,
        } => {
            let project = Project::open(&project)?;
            let spec = project.endpoint(&name)?.spec;
            let tried = project.try_endpoint(&TryRequest {
                name,
                spec,
                question,
            })?;
            show(&tried, json, try_text)
        }
        EndpointCommand::Run {
            systems,
            project,
            exam,
            max_requests,
            max_tokens,
            max_cost,
            retry_errors,
            questions,
            restart,
            grade,
            adaptive,
            target_se,
            balance_topics,
            reply_model,
            json,
        } => {
            let grading = grade.then(|| ReadArticlesRequest {
                exam: exam.clone(),
                systems: Vec::new(),
                gold: false,
                reader: ReaderKind::Lexical,
                replace: true,
                models: None,
                int8: false,
                threads: 0,
                user_models: UserModelChoice::default(),
            });
            let report = Project::open(&project)?.run_endpoints(
                &EndpointRunRequest {
                    systems,
                    exam,
                    budget: Budget {
                        max_requests,
                        max_tokens,
                        max_cost,
                    },
                    retry_errors,
                    questions,
                    restart,
                    grading,
                    adaptive: adaptive.map(|max_questions| AdaptiveAsking {
                        target_se,
                        max_questions,
                        balance_topics,
                    }),
                    reply_model,
                },
                &progress::Bar::new(),
            )?;
            show(&report, json, run_text)
        }
    }
}
