//! What reads the replies the rules leave unsure (METHODS.md §13, step 7): the embedder, for a
//! reply that names no choice (by meaning), and a language model the user added, checked on the
//! labelled replies built in, which sets its margin (the least lead above every reading it got
//! wrong). Only a model whose check gave a margin can be chosen for an import or an endpoint
//! run; what the helpers read is recorded with its way and margin and counted in the run.

use crate::dto::{ModelName, UserModelInfo};
use crate::ingest::models_folder;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::Embedder;
use proctor_core::LanguageScorer;
use proctor_exam::reading::{
    AnswerReading, LabelledReply, ReplyHelpers, ReplyModel, Unsure, Way, check_reply_model, helped,
    labelled_replies, read_answer,
};
use proctor_models::{EmbedderOptions, OnnxEmbedder, ReplyCheck, Role};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Of the labelled replies the rules read, every this-many-th is asked too (with every reply
/// the rules leave unsure and every reply that gives no single choice).
const CHECK_STEP: usize = 6;

/// What reads a sitting's replies: the rules; for a reply that names no choice, the embedder
/// set-up installs (loaded the first time one is met); and the language model the run chose,
/// if one was checked and given a margin.
pub(crate) struct ReplyReader {
    embedder: OnceLock<Result<OnnxEmbedder, String>>,
    model: Option<(Box<dyn LanguageScorer>, f64, String)>,
    /// Replies read by meaning, and by the model, since the counts were last taken.
    by_meaning: AtomicUsize,
    by_model: AtomicUsize,
    /// Replies that name no choice left for a look because the embedder is missing.
    unread: AtomicUsize,
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
}

/// What a reader read since its counts were last taken.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Helped {
    /// Read by meaning (the embedder).
    pub by_meaning: usize,
    /// Read by the language model.
    pub by_model: usize,
    /// Naming no choice, left for a look with no embedder to read them.
    pub unread: usize,
}

impl ReplyReader {
    /// The reader, with the language model named, if one is: refuses a model not checked on
    /// the labelled replies, or one whose check gave no margin.
    pub fn load(model: Option<&str>) -> ApiResult<Self> {
        let model = match model.map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => Some(checked_model(name)?),
            None => None,
        };
        Ok(Self {
            embedder: OnceLock::new(),
            model,
            by_meaning: AtomicUsize::new(0),
            by_model: AtomicUsize::new(0),
            unread: AtomicUsize::new(0),
        })
    }

    fn embedder(&self) -> Option<&OnnxEmbedder> {
        self.embedder
            .get_or_init(|| {
                let folder = models_folder(None).map_err(|e| e.message)?;
                folder
                    .embedder(&EmbedderOptions {
                        threads: 1,
                        ..EmbedderOptions::default()
                    })
                    .map_err(|e| e.to_string())
            })
            .as_ref()
            .ok()
    }

    /// Reads a reply: by the rules, and where they are unsure, by meaning or by the model.
    pub fn read(&self, reply: &str, choices: &[String]) -> AnswerReading {
        let reading = read_answer(reply, choices);
        let names_none = matches!(
            reading,
            AnswerReading::Unsure {
                why: Unsure::NoChoiceNamed,
                ..
            }
        );
        if !reading.needs_a_look() || !names_none && self.model.is_none() {
            return reading;
        }
        let meaning = if names_none { self.embedder() } else { None };
        if names_none && meaning.is_none() {
            self.unread.fetch_add(1, Ordering::Relaxed);
        }
        let reading = helped(
            reply,
            choices,
            reading,
            ReplyHelpers {
                meaning: meaning.map(|e| e as &dyn Embedder),
                model: self.model.as_ref().map(|(scorer, margin, _)| ReplyModel {
                    scorer: scorer.as_ref(),
                    margin: *margin,
                }),
            },
        );
        match reading {
            AnswerReading::Chose {
                way: Way::Meaning { .. },
                ..
            } => {
                self.by_meaning.fetch_add(1, Ordering::Relaxed);
            }
            AnswerReading::Chose {
                way: Way::Model { .. },
                ..
            } => {
                self.by_model.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
        reading
    }

    /// What it read since the counts were last taken (then zero again).
    pub fn take(&self) -> Helped {
        Helped {
            by_meaning: self.by_meaning.swap(0, Ordering::Relaxed),
            by_model: self.by_model.swap(0, Ordering::Relaxed),
            unread: self.unread.swap(0, Ordering::Relaxed),
        }
    }

    /// What a run says of the replies the helpers read (nothing when they read none).
    pub fn notes(&self, helped: Helped) -> Vec<String> {
        let replies = |n: usize| if n == 1 { "reply" } else { "replies" };
        let name = |n: usize| if n == 1 { "names" } else { "name" };
        let were = |n: usize| if n == 1 { "was" } else { "were" };
        let mut notes = Vec::new();
        if helped.by_meaning > 0 {
            notes.push(format!(
                "{} {} that {} no choice {} read by meaning: {} one choice in other words, \
                 clearly nearer to it than to any other (see how on the answer sheet)",
                helped.by_meaning,
                replies(helped.by_meaning),
                name(helped.by_meaning),
                were(helped.by_meaning),
                if helped.by_meaning == 1 {
                    "it restates"
                } else {
                    "each restates"
                },
            ));
        }
        if helped.unread > 0 {
            let why = match self.embedder.get() {
                Some(Err(e)) => e.clone(),
                _ => "the embedder is not installed".to_owned(),
            };
            notes.push(format!(
                "{} {} that {} no choice could not be read by meaning ({why}); {} a look",
                helped.unread,
                replies(helped.unread),
                name(helped.unread),
                if helped.unread == 1 {
                    "it needs"
                } else {
                    "they need"
                }
            ));
        }
        if let Some((_, margin, name)) = &self.model
            && helped.by_model > 0
        {
            notes.push(format!(
                "{} {} the rules left unsure {} read by the language model '{name}' (margin \
                 {margin:.2}, set on the labelled replies)",
                helped.by_model,
                replies(helped.by_model),
                were(helped.by_model),
            ));
        }
        notes
    }
}

/// The language model named, loaded, with the margin its check gave it.
fn checked_model(name: &str) -> ApiResult<(Box<dyn LanguageScorer>, f64, String)> {
    let folder = models_folder(None)?;
    let model = folder.user_model(name)?;
    if model.role != Role::Llm {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!("'{name}' is not a language model, so it cannot read replies"),
        ));
    }
    let margin = match &model.reply_check {
        None => {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "'{name}' has not been checked as a reply reader yet: check it under Set-up → \
                     Local models (or proctor models check-replies {name}) first"
                ),
            ));
        }
        Some(ReplyCheck { margin: None, .. }) => {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "'{name}' cannot be trusted to read replies: {}",
                    check_sentence(model.reply_check.as_ref())
                ),
            ));
        }
        Some(ReplyCheck {
            margin: Some(margin),
            ..
        }) => *margin,
    };
    let (scorer, _) = folder.language_model_named(Some(name), threads())?;
    Ok((scorer, margin, name.to_owned()))
}

/// What a check says, in words.
pub(crate) fn check_sentence(check: Option<&ReplyCheck>) -> String {
    let Some(check) = check else {
        return "not checked as a reply reader".to_owned();
    };
    let wrong = check.highest_wrong_lead.map_or_else(
        || "it read none of them as a choice not meant".to_owned(),
        |lead| format!("its surest wrong reading led by {lead:.2}"),
    );
    match check.margin {
        Some(margin) => format!(
            "reads replies the rules leave unsure with a margin of {margin:.2}: on {} labelled \
             replies {wrong}, and above that it read {} of the {} unsure ones as meant",
            check.asked, check.unsure_read_right, check.unsure
        ),
        None => format!(
            "on {} labelled replies {wrong}, and above that it read none of the {} unsure ones \
             as meant — so it is not used",
            check.asked, check.unsure
        ),
    }
}

/// Checks a language model the user added on the labelled replies and keeps its margin.
pub fn check_reply_reader(
    models: Option<&str>,
    name: &str,
    progress: &dyn Progress,
) -> ApiResult<UserModelInfo> {
    check_reply_reader_on(models, name, &labelled_replies(), progress)
}

/// [`check_reply_reader`] on these labelled replies.
pub fn check_reply_reader_on(
    models: Option<&str>,
    name: &str,
    replies: &[LabelledReply],
    progress: &dyn Progress,
) -> ApiResult<UserModelInfo> {
    let mut folder = models_folder(models)?;
    let (model, _) = folder.language_model_named(Some(name), threads())?;
    let mut started = false;
    let check = check_reply_model(model.as_ref(), replies, CHECK_STEP, &mut |_, total| {
        if started {
            progress.advance(1);
        } else {
            progress.start("Reading the labelled replies", total as u64);
            started = true;
        }
        !progress.cancelled()
    })
    .map_err(|e| ApiError::new(ErrorCode::Internal, format!("{name}: {}", e.0)))?;
    progress.finish();
    let Some(check) = check else {
        return Err(ApiError::new(
            ErrorCode::Cancelled,
            "the check was stopped; nothing was kept",
        ));
    };
    drop(model);
    folder.set_reply_check(
        name,
        &ReplyCheck {
            asked: check.asked,
            unsure: check.unsure,
            highest_wrong_lead: check.highest_wrong_lead,
            margin: check.margin,
            unsure_read_right: check.unsure_read_right,
            at: now_utc(),
        },
    )?;
    let model = folder.user_model(name)?;
    Ok(crate::models::user_model_info(&folder, model))
}

/// The time now, UTC, as RFC 3339 ("2026-11-26T23:30:00Z").
fn now_utc() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = i64::try_from(days).unwrap_or(0) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The check as a job of the workbench (the default models folder).
pub(crate) fn check_in_default(
    _project: &mut Project,
    request: &ModelName,
    progress: &dyn Progress,
) -> ApiResult<UserModelInfo> {
    check_reply_reader(None, &request.name, progress)
}
