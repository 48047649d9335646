//! `proctor replies`: a system's replies that need a look, and reading them by hand.

use crate::show;
use clap::Subcommand;
use proctor_api::dto::{AnswerSheet, AnswerVerdict, HandChoice, ReadReply, SystemName};
use proctor_api::{ApiResult, Project};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Subcommand)]
pub(crate) enum RepliesCommand {
    /// List a system's replies that need a look (with --all: every reply and how it was read).
    List {
        /// The system.
        system: String,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
        /// Every reply, not only those that need a look.
        #[arg(long)]
        all: bool,
        /// Print the answer sheet as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Read one reply by hand: a letter, "none" (the reply gives no answer) or "auto" (take
    /// the hand reading back).
    Read {
        /// The system.
        system: String,
        /// The question's id, or its number on the answer sheet.
        question: String,
        /// A letter (A, B, …), "none" or "auto".
        reading: String,
        /// Why (kept with the reading).
        #[arg(long)]
        reason: Option<String>,
        /// The project file.
        #[arg(short, long, env = "PROCTOR_PROJECT")]
        project: PathBuf,
    },
}

pub(crate) fn replies(action: RepliesCommand) -> ApiResult<()> {
    match action {
        RepliesCommand::List {
            system,
            project,
            all,
            json,
        } => {
            let mut sheet = Project::open(&project)?.answer_sheet(&SystemName { name: system })?;
            if !all {
                sheet.rows.retain(|r| r.verdict == AnswerVerdict::NeedsLook);
            }
            show(&sheet, json, listing)
        }
        RepliesCommand::Read {
            system,
            question,
            reading,
            reason,
            project,
        } => {
            let reading = match reading.trim().to_ascii_lowercase().as_str() {
                "none" => HandChoice::NoAnswer,
                "auto" => HandChoice::Undo,
                _ => HandChoice::Choice { letter: reading },
            };
            let mut project = Project::open(&project)?;
            // What Proctor read before, so that overriding a clean reading is never silent.
            let before = project
                .answer_sheet(&SystemName {
                    name: system.clone(),
                })?
                .rows
                .into_iter()
                .find(|r| r.id == question || r.number.to_string() == question)
                .and_then(|r| r.reading);
            let sheet = project.read_reply(&ReadReply {
                system,
                question: question.clone(),
                reading,
                reason,
            })?;
            let row = sheet
                .rows
                .iter()
                .find(|r| r.id == question || r.number.to_string() == question);
            let left = sheet
                .rows
                .iter()
                .filter(|r| r.verdict == AnswerVerdict::NeedsLook)
                .count();
            let now = row.and_then(|r| r.reading.as_deref()).unwrap_or("read");
            println!(
                "{}: {now}{} ({left} {} still need{} a look)",
                row.map_or(question.as_str(), |r| r.id.as_str()),
                before
                    .filter(|b| b != now)
                    .map(|b| format!(", was: {b}"))
                    .unwrap_or_default(),
                if left == 1 { "reply" } else { "replies" },
                if left == 1 { "s" } else { "" }
            );
            Ok(())
        }
    }
}

fn listing(sheet: &AnswerSheet) -> String {
    let mut out = String::new();
    if sheet.rows.is_empty() {
        let _ = writeln!(out, "No reply of {} needs a look.", sheet.system);
        return out;
    }
    let _ = writeln!(
        out,
        "{} {} of {} (read one: proctor replies read \"{}\" QUESTION LETTER|none|auto)\n",
        sheet.rows.len(),
        if sheet.rows.len() == 1 {
            "reply"
        } else {
            "replies"
        },
        sheet.system,
        sheet.system
    );
    for r in &sheet.rows {
        let _ = writeln!(out, "{} (question {}): {}", r.id, r.number, r.stem);
        for (i, c) in r.choices.iter().enumerate() {
            let _ = writeln!(out, "    {}) {c}", crate::generate::letter(i));
        }
        let _ = writeln!(
            out,
            "  reply: {}",
            r.reply
                .as_deref()
                .unwrap_or("(none)")
                .replace('\n', "\n         ")
        );
        let _ = writeln!(out, "  read as: {}", r.reading.as_deref().unwrap_or("—"));
        if let Some(h) = &r.hand {
            let _ = writeln!(
                out,
                "  by hand at {}{}; before: {}",
                h.at,
                h.reason
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default(),
                h.original.as_deref().unwrap_or("—")
            );
        }
    }
    out
}
