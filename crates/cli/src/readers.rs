//! `proctor readers check`: does a reader read, or does it only guess from the choices?

use crate::{LocalModelArgs, ReaderArg, UserModelArgs, progress, show};
use clap::{Subcommand, ValueEnum};
use proctor_api::dto::{LlmScoring, ReaderCheck, ReaderCheckRequest, UserModelChoice};
use proctor_api::{ApiError, ApiResult, ErrorCode, Project};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The readers subcommands.
#[derive(Subcommand)]
pub(crate) enum ReadersAction {
    /// Check whether the readers read: each answers the questions that carry their passage
    /// with it (its ceiling) and without it (closed book), beside chance and the longest-choice
    /// baseline, with the one verdict test.
    Check {
        /// The project file.
        #[arg(
            short,
            long,
            env = "PROCTOR_PROJECT",
            required_unless_present = "exam_file"
        )]
        project: Option<PathBuf>,
        /// Check on an exam file with a passage column instead, without a project.
        #[arg(long, conflicts_with = "project")]
        exam_file: Option<PathBuf>,
        /// The exam (default: the newest).
        #[arg(long)]
        exam: Option<String>,
        /// Readers (repeatable; default: every reader the installed models allow).
        #[arg(long = "reader", value_enum)]
        readers: Vec<ReaderArg>,
        /// How the language model scores the choices (default: the mode recorded for it).
        #[arg(long, value_enum)]
        llm_mode: Option<ModeArg>,
        #[command(flatten)]
        local: LocalModelArgs,
        #[command(flatten)]
        user: UserModelArgs,
        /// Print the check as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ModeArg {
    Letter,
    Cloze,
    ClozePerToken,
    CalibratedCloze,
}

impl From<ModeArg> for LlmScoring {
    fn from(mode: ModeArg) -> Self {
        match mode {
            ModeArg::Letter => Self::Letter,
            ModeArg::Cloze => Self::Cloze,
            ModeArg::ClozePerToken => Self::ClozePerToken,
            ModeArg::CalibratedCloze => Self::CalibratedCloze,
        }
    }
}

pub(crate) fn readers(action: ReadersAction) -> ApiResult<()> {
    let ReadersAction::Check {
        project,
        exam_file,
        exam,
        readers,
        llm_mode,
        local,
        user,
        json,
    } = action;
    let mut user_models = UserModelChoice::from(user);
    user_models.llm_mode = llm_mode.map(LlmScoring::from);
    let request = ReaderCheckRequest {
        exam,
        readers: readers.into_iter().map(Into::into).collect(),
        models: local.folder(),
        threads: local.threads()?,
        user_models,
    };
    let bar = progress::Bar::new();
    let check = match (exam_file, project) {
        (Some(file), _) => proctor_api::check_exam_file(&file, &request, &bar)?,
        (None, Some(project)) => Project::open(&project)?.check_readers(&request, &bar)?,
        (None, None) => {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "say which project (-p) or exam file (--exam-file) to check",
            ));
        }
    };
    show(&check, json, text)
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The check as text: one block per reader.
pub(crate) fn text(check: &ReaderCheck) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Reader check on {} (version {}): {} questions with their passage{}",
        check.exam.exam,
        check.exam.version,
        check.questions,
        if check.without_passage > 0 {
            format!(" ({} without one left out)", check.without_passage)
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        out,
        "Chance {}; always the longest choice {}.\n",
        percent(check.chance),
        percent(check.longest_choice)
    );
    for row in &check.readers {
        let rate = |r: &proctor_api::dto::Rate| {
            format!(
                "{:>6} [{}, {}]  {}/{}",
                percent(r.accuracy),
                percent(r.low),
                percent(r.high),
                r.right,
                r.of
            )
        };
        let _ = writeln!(out, "{}", row.name);
        let _ = writeln!(out, "  with the passage  {}", rate(&row.with_passage));
        let _ = writeln!(out, "  closed book       {}", rate(&row.closed_book));
        let _ = writeln!(
            out,
            "  right only with {}, only without {}; McNemar p (Holm) {:.4}",
            row.only_with, row.only_without, row.p_value
        );
        let letters: Vec<String> = row
            .positions
            .iter()
            .map(|p| {
                format!(
                    "{} {:.0}% (keys {:.0}%)",
                    p.letter,
                    100.0 * p.chosen,
                    100.0 * p.keys
                )
            })
            .collect();
        let _ = writeln!(out, "  letters chosen    {}", letters.join(", "));
        let _ = writeln!(out, "  {}\n", row.sentence);
    }
    out
}
