//! The report's analytical sections: the verdicts beside the leaderboard, IRT, exam quality,
//! one note per system and the provenance. Each writes HTML from what the app shows on screen:
//! the last IRT fit and exam improvement kept in the project, the systems' overview, the
//! significance table against the leader.

use crate::charts::series::{improvement_chart, information_chart};
use crate::dto::{
    ExamFileFormat, ExportRequest, Grades, ImprovementReport, IrtReport, Measurable,
    SignificanceRequest, SystemsOverview,
};
use crate::report::{escape, figure, pct};
use crate::{ApiResult, Project};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// A time the project recorded (ISO 8601, UTC) for people: "2026-11-24 11:12 UTC".
pub(crate) fn when(iso: &str) -> String {
    match (iso.get(..10), iso.get(11..16)) {
        (Some(day), Some(time)) if iso.as_bytes().get(10) == Some(&b'T') => {
            format!("{day} {time} UTC")
        }
        _ => iso.to_owned(),
    }
}

/// A number with fixed decimals, or "–".
fn fixed(v: Option<f64>, digits: usize) -> String {
    v.map_or_else(|| "–".to_owned(), |v| format!("{v:.digits$}"))
}

/// The verdict of every system against the leader (METHODS §9), as the leaderboard's
/// significance column says it.
pub(crate) fn verdicts(out: &mut String, project: &Project, grades: &Grades) -> ApiResult<()> {
    let Some(leader) = grades.leaderboard.first() else {
        return Ok(());
    };
    if grades.leaderboard.len() < 2 {
        return Ok(());
    }
    let table = project.significance(&SignificanceRequest {
        exam: None,
        baseline: leader.system.clone(),
        group: None,
    })?;
    let _ = write!(
        out,
        "<h3>Is the difference real? Each system against {}</h3><table><thead><tr><th>System</th><th class=\"num\">Difference</th><th>95% interval</th><th class=\"num\">Adjusted p</th><th>Verdict</th><th class=\"num\">Questions to tell apart</th></tr></thead><tbody>",
        escape(&leader.system)
    );
    // The family is the whole group on view, as on the Results page; the rows are the report's.
    for row in table
        .rows
        .iter()
        .filter(|r| grades.leaderboard.iter().any(|s| s.system == r.system))
    {
        let _ = write!(
            out,
            "<tr data-verdict=\"{}\"><td>{}</td><td class=\"num\">{:+.1} points</td><td>{:+.1} to {:+.1}</td><td class=\"num\">{}</td><td>{} {}</td><td class=\"num\">{}</td></tr>",
            escape(&row.system),
            escape(&row.system),
            row.difference * 100.0,
            row.low * 100.0,
            row.high * 100.0,
            p_value(row.verdict.adjusted_p_value),
            escape(&row.verdict.marker),
            escape(&row.verdict.sentence),
            match (row.verdict.real, row.verdict.questions_needed) {
                (true, _) => String::new(),
                (false, Some(n)) => n.to_string(),
                (false, None) => "–".to_owned(),
            }
        );
    }
    let _ = write!(
        out,
        "</tbody></table><p class=\"note\">{} Beside a difference that could be luck: how many questions McNemar's test would need to tell the pair apart with 80% power at α = 0.05, at how often they disagree and by how much (Connor 1987; before the family correction).</p>",
        escape(&table.method)
    );
    Ok(())
}

fn p_value(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".to_owned()
    } else {
        format!("{p:.3}")
    }
}

/// Abilities and test information of the last IRT fit.
/// Abilities and test information of the last IRT fit, for the `chosen` systems (the fit's
/// scale comes from every system that sat the exam).
pub(crate) fn irt(out: &mut String, fit: Option<&IrtReport>, chosen: &[String]) -> ApiResult<()> {
    out.push_str("<h2>Item Response Theory</h2>");
    let Some(fit) = fit else {
        out.push_str("<p class=\"note\">No IRT model has been fitted on this exam yet (Results → IRT → Fit).</p>");
        return Ok(());
    };
    let _ = write!(
        out,
        "<p>{} fitted by {} estimation on {} systems and {} questions; prediction error {:.3} against {:.3} for question means alone{}.</p>",
        match fit.settings.model {
            crate::dto::IrtModel::OnePl => "A 1PL (Rasch) model",
            crate::dto::IrtModel::TwoPl => "A 2PL model",
            crate::dto::IrtModel::ThreePl => "A 3PL model",
        },
        escape(&format!("{:?}", fit.settings.method).to_lowercase()),
        fit.systems.len(),
        fit.items.len(),
        fit.rmse,
        fit.item_mean_rmse,
        if fit.converged {
            ""
        } else {
            "; the estimation did not meet its stopping rule"
        }
    );
    figure(
        out,
        Some(information_chart(fit, chosen)),
        "How precisely the exam measures at each ability; the abilities of the systems the report covers are marked.",
    )?;
    out.push_str("<table><thead><tr><th>System</th><th class=\"num\">Ability θ</th><th class=\"num\">± (95%)</th><th class=\"num\">Right</th><th>Note</th></tr></thead><tbody>");
    let covered = fit.systems.iter().any(|s| chosen.contains(&s.system));
    for s in fit
        .systems
        .iter()
        .filter(|s| !covered || chosen.contains(&s.system))
    {
        let _ = write!(
            out,
            "<tr data-ability=\"{}\"><td>{}</td><td class=\"num\">{:.2}</td><td class=\"num\">{:.2}</td><td class=\"num\">{} of {}</td><td>{}</td></tr>",
            escape(&s.system),
            escape(&s.system),
            s.ability,
            1.96 * s.standard_error,
            s.raw_score,
            s.responses,
            match s.measurable {
                Measurable::Within => "",
                Measurable::Above => "above what this exam can measure",
                Measurable::Below => "below what this exam can measure",
            }
        );
    }
    out.push_str("</tbody></table>");
    Ok(())
}

/// The questions worth a look (flags of the last fit) and the last exam improvement.
pub(crate) fn quality(
    out: &mut String,
    fit: Option<&IrtReport>,
    improvement: Option<&ImprovementReport>,
    chosen: &[String],
) -> ApiResult<()> {
    out.push_str("<h2>Exam quality</h2>");
    match fit {
        None => out.push_str(
            "<p class=\"note\">Question quality comes from an IRT fit; none has been made on this exam yet.</p>",
        ),
        Some(fit) => {
            let flagged: Vec<_> = fit.items.iter().filter(|i| !i.flags.is_empty()).collect();
            if flagged.is_empty() {
                let _ = write!(
                    out,
                    "<p>None of the {} questions is flagged by the last IRT fit.</p>",
                    fit.items.len()
                );
            } else {
                let _ = write!(
                    out,
                    "<p>{} of the {} questions are worth a look before the exam is used again:</p><table><thead><tr><th>Question</th><th class=\"num\">Discrimination a</th><th class=\"num\">Difficulty b</th><th class=\"num\">Point-biserial</th><th>Why</th></tr></thead><tbody>",
                    flagged.len(),
                    fit.items.len()
                );
                for item in flagged {
                    let _ = write!(
                        out,
                        "<tr><td>{}</td><td class=\"num\">{:.2}</td><td class=\"num\">{:.2}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                        escape(&item.question),
                        item.discrimination,
                        item.difficulty,
                        fixed(item.point_biserial, 2),
                        escape(&item.flags.join(", "))
                    );
                }
                out.push_str("</tbody></table>");
            }
        }
    }
    if let Some(improvement) = improvement {
        figure(
            out,
            Some(improvement_chart(improvement)?),
            "Test information after each step of dropping the least informative questions and refitting.",
        )?;
        out.push_str("<table><thead><tr><th>Step</th><th class=\"num\">Questions left</th><th>Dropped</th><th>Order of the systems covered after the refit</th></tr></thead><tbody>");
        for s in &improvement.steps {
            let _ = write!(
                out,
                "<tr><td>{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
                if s.step == 0 {
                    "full exam".to_owned()
                } else {
                    s.step.to_string()
                },
                s.remaining,
                escape(&s.dropped.join(", ")),
                escape(
                    &s.leaderboard
                        .iter()
                        .filter(|a| chosen.is_empty() || chosen.contains(&a.system))
                        .take(5)
                        .map(|a| a.system.as_str())
                        .collect::<Vec<_>>()
                        .join(" › ")
                )
            );
        }
        out.push_str("</tbody></table>");
    }
    Ok(())
}

/// One note per system: how it sat, what it got, where it is strongest and weakest, and how it
/// behaved when reached over HTTP.
pub(crate) fn systems(out: &mut String, grades: &Grades, overview: &SystemsOverview) {
    out.push_str("<h2>The systems one by one</h2>");
    for standing in &grades.leaderboard {
        let info = overview.systems.iter().find(|s| s.name == standing.system);
        let _ = write!(
            out,
            "<h3>{}. {}</h3><p>{}, {}: {} right, {} wrong, {} unanswered, {} errors{} of {} questions — accuracy {}.",
            standing.rank,
            escape(&standing.system),
            match standing.group {
                crate::dto::SystemGroup::Systems => "A system under evaluation",
                crate::dto::SystemGroup::Pipelines => "A built-in reference pipeline",
            },
            match standing.mode {
                crate::dto::SittingMode::Answers => "answering the questions",
                crate::dto::SittingMode::Open =>
                    "answering without the choices, a reader grading its free answers",
                crate::dto::SittingMode::Exam =>
                    "writing articles a reader answered from (EXAM mode)",
            },
            standing.correct,
            standing.wrong,
            standing.unanswered,
            standing.errors,
            if standing.needs_look > 0 {
                format!(", {} replies still to read by hand", standing.needs_look)
            } else {
                String::new()
            },
            standing.questions,
            pct(standing.accuracy)
        );
        let at = grades
            .topics
            .systems
            .iter()
            .position(|s| s == &standing.system);
        let topics: Vec<(&str, f64)> = grades
            .topics
            .rows
            .iter()
            .filter(|r| r.items >= crate::charts::series::RADAR_MIN_ITEMS)
            .filter_map(|r| {
                Some((
                    r.category.as_str(),
                    at.and_then(|i| r.cells.get(i))?.accuracy?,
                ))
            })
            .collect();
        let best = topics.iter().max_by(|a, b| a.1.total_cmp(&b.1));
        let worst = topics.iter().min_by(|a, b| a.1.total_cmp(&b.1));
        if let (Some(best), Some(worst)) = (best, worst)
            && best.0 != worst.0
            && (best.1 - worst.1).abs() < 1e-12
        {
            let _ = write!(out, " The same on every topic ({}).", pct(Some(best.1)));
        } else if let (Some(best), Some(worst)) = (best, worst)
            && best.0 != worst.0
        {
            let _ = write!(
                out,
                " Strongest on {} ({}), weakest on {} ({}).",
                escape(best.0),
                pct(Some(best.1)),
                escape(worst.0),
                pct(Some(worst.1))
            );
        }
        if let Some(ops) = info.and_then(|i| i.operations.as_ref()) {
            let _ = write!(
                out,
                " Over HTTP: {} questions asked, median reply {} ms (95th percentile {} ms), {} errors, {} questions retried{}.",
                ops.asked,
                fixed(ops.median_ms, 0),
                fixed(ops.p95_ms, 0),
                ops.errors,
                ops.retried,
                ops.cost_per_100
                    .map_or_else(String::new, |c| format!(", {c:.2} per 100 questions"))
            );
        }
        out.push_str("</p>");
    }
}

/// Proctor's version, the exam version's hash, every sitting's set-up and dates, and the seeds.
pub(crate) fn provenance(out: &mut String, project: &Project, grades: &Grades) -> ApiResult<()> {
    let version = project.exam_version(None)?;
    let json = project.export_exam(&ExportRequest {
        exam: None,
        version: None,
        format: ExamFileFormat::Json,
    })?;
    let hash = format!("{:x}", Sha256::digest(json.content.as_bytes()));
    let _ = write!(
        out,
        "<h2>Provenance</h2><p>Written by Proctor {} from exam '{}' version {}{}.</p>\
         <p>Exam version hash (SHA-256 of its JSON export): <code data-exam-hash>{hash}</code></p>\
         <p>Seeds: paired bootstrap and randomisation tests {}; random tie-breaks in leaderboard agreement {}.</p>\
         <table><thead><tr><th>Sitting</th><th>Mode</th><th>Set-up (models with the start of their SHA-256)</th><th>Started</th><th>Finished</th></tr></thead><tbody>",
        env!("CARGO_PKG_VERSION"),
        escape(&grades.exam.exam),
        grades.exam.version,
        if grades.exam.frozen {
            ", frozen"
        } else {
            ", a draft"
        },
        proctor_exam::grading::SEED,
        crate::correlate::SEED,
    );
    let systems = project.store.systems()?;
    for run in project.store.runs(version.id)? {
        let name = run
            .system
            .and_then(|id| systems.iter().find(|s| s.id == id))
            .map_or("gold articles", |s| s.name.as_str());
        // The sittings of the systems the report covers (and the gold articles' reader).
        if run.system.is_some() && !grades.leaderboard.iter().any(|s| s.system == name) {
            continue;
        }
        // A set-up names no address: an endpoint's is kept out of the report.
        let setup = run.source.as_deref().unwrap_or("imported");
        let setup = if setup.starts_with("endpoint ") {
            "an HTTP endpoint"
        } else {
            setup
        };
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><time>{}</time></td><td><time>{}</time></td></tr>",
            escape(name),
            run.mode.as_str(),
            escape(setup),
            escape(&when(&run.started_at)),
            escape(
                &run.finished_at
                    .as_deref()
                    .map_or_else(|| "–".to_owned(), when)
            )
        );
    }
    out.push_str("</tbody></table>");
    Ok(())
}
