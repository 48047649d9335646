//! `proctor nuggets` and `proctor formulations`: the paper methods beside EXAM on the command
//! line — the articles scored against reference nuggets (001, 003) and the formulation
//! break-down (002).

use crate::show;
use clap::{Args, ValueEnum};
use proctor_api::dto::{
    AnswerSimilarity, FormulationBreakdown, FormulationRequest, NuggetBoard, NuggetMethod,
    NuggetRequest,
};
use proctor_api::{ApiResult, Project};
use std::fmt::Write as _;
use std::path::PathBuf;

/// How nuggets are found in an article.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Method {
    /// POURPRE: the share of the nugget's words in the best sentence.
    Pourpre,
    /// POURPRE, a nugget counted found when any of its words is in a sentence.
    PourpreCount,
    /// Nuggeteer-style: idf-weighted words and word pairs, found at --threshold.
    Nuggeteer,
}

/// `proctor nuggets`'s arguments.
#[derive(Args)]
pub(crate) struct NuggetArgs {
    /// The project file.
    #[arg(short, long, env = "PROCTOR_PROJECT")]
    project: PathBuf,
    /// How nuggets are found.
    #[arg(long, value_enum, default_value_t = Method::Pourpre)]
    method: Method,
    /// Count every nugget as vital.
    #[arg(long)]
    all_vital: bool,
    /// Nuggeteer: a nugget is found at this weighted recall or above.
    #[arg(long, default_value_t = 0.5)]
    threshold: f64,
    /// The system every other is compared with (default: the best).
    #[arg(long)]
    baseline: Option<String>,
    /// Print the board as JSON.
    #[arg(long)]
    json: bool,
}

/// `proctor formulations`'s arguments.
#[derive(Args)]
pub(crate) struct FormulationArgs {
    /// The project file.
    #[arg(short, long, env = "PROCTOR_PROJECT")]
    project: PathBuf,
    /// A sample is answered under a formulation when its score is at least this.
    #[arg(long, default_value_t = 0.5)]
    threshold: f64,
    /// Compare answer sets by Jaccard instead of the reference's share returned.
    #[arg(long)]
    jaccard: bool,
    /// Print the break-down as JSON.
    #[arg(long)]
    json: bool,
}

pub(crate) fn nuggets(args: &NuggetArgs) -> ApiResult<()> {
    let project = Project::open(&args.project)?;
    let board = project.nugget_board(&NuggetRequest {
        method: match args.method {
            Method::Pourpre => NuggetMethod::Pourpre,
            Method::PourpreCount => NuggetMethod::PourpreCount,
            Method::Nuggeteer => NuggetMethod::Nuggeteer,
        },
        all_vital: args.all_vital,
        threshold: args.threshold,
        baseline: args.baseline.clone(),
    })?;
    show(&board, args.json, board_text)
}

pub(crate) fn formulations(args: &FormulationArgs) -> ApiResult<()> {
    let project = Project::open(&args.project)?;
    let result = project.formulation_breakdown(&FormulationRequest {
        threshold: args.threshold,
        similarity: if args.jaccard {
            AnswerSimilarity::Jaccard
        } else {
            AnswerSimilarity::Recall
        },
    })?;
    show(&result, args.json, breakdown_text)
}

fn board_text(board: &NuggetBoard) -> String {
    let mut out = String::new();
    if let Some(note) = &board.note {
        let _ = writeln!(out, "{note}.");
    }
    if board.systems.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "{} nuggets ({} vital) for {} queries\n",
        board.nuggets,
        board.vital,
        board.queries.len()
    );
    let width = board
        .systems
        .iter()
        .chain(&board.gold)
        .map(|s| s.system.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(
        out,
        "{:width$}  F(β=3)  95% interval    recall  precision",
        "system"
    );
    for s in board.systems.iter().chain(&board.gold) {
        let marker = s.verdict.as_ref().map_or("", |v| v.marker.as_str());
        let _ = writeln!(
            out,
            "{:width$}  {:.3}   {:.3} – {:.3}   {:.3}   {:.3}  {marker}",
            s.system, s.mean, s.low, s.high, s.recall, s.precision
        );
    }
    for s in &board.systems {
        if let Some(v) = &s.verdict {
            let _ = writeln!(out, "\n{}", v.sentence);
        }
    }
    out
}

fn breakdown_text(result: &FormulationBreakdown) -> String {
    let mut out = String::new();
    if result.samples > 0 {
        let _ = writeln!(
            out,
            "{} samples at threshold {}; formulations: {}\n",
            result.samples,
            result.threshold,
            result.formulations.join(", ")
        );
        for p in &result.patterns {
            let marks: String = p
                .answered
                .iter()
                .map(|a| if *a { '✓' } else { '✗' })
                .collect();
            let unchanged = if result.unchanged.is_some() {
                format!(" ({})", p.unchanged)
            } else {
                String::new()
            };
            let _ = writeln!(out, "{marks}  {}{unchanged}", p.count);
        }
        if let Some(a) = &result.attribution {
            let _ = writeln!(
                out,
                "\nanswering errors {}, rewriting errors {}, answered thanks to rewriting {}, \
                 without rewriting {}",
                a.answering_errors, a.rewriting_errors, a.rewriting_needed, a.rewriting_not_needed
            );
            if let Some(share) = a.answerable_without_rewriting {
                let _ = writeln!(out, "answerable without rewriting: {:.1}%", share * 100.0);
            }
        }
        if let Some(s) = &result.scatter
            && let (Some(r), Some(p)) = (s.r, s.p_value)
        {
            let _ = writeln!(
                out,
                "question against answer similarity ({} against {}, {} samples): r = {r:.3}, p {}",
                s.formulation,
                s.reference,
                s.points.len(),
                if p < 0.001 {
                    "< 0.001".to_owned()
                } else {
                    format!("= {p:.3}")
                }
            );
        }
    }
    for note in &result.notes {
        let _ = writeln!(out, "{note}.");
    }
    out
}
