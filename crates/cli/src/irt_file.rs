//! `proctor irt fit --responses FILE` (a response matrix fitted without a project) and
//! `proctor irt cat-check` (adaptive exams against the whole exam), printed.

use crate::text::{abilities, optional, settings_text, table};
use proctor_api::dto::{CatCheck, ResponsesFit, SystemGroup};
use std::fmt::Write as _;

/// At most this many subjects and items are printed; `--json` and `--out` have them all.
const SHOWN: usize = 40;

/// The fit as text: what was read, the subjects by ability, the items' parameters, the fit.
pub fn responses_fit(r: &ResponsesFit) -> String {
    let mut out = format!(
        "IRT on {} ({} layout): {} subjects × {} items, {} missing cells (skipped); {}{}; {:.2} s{}\n\n",
        r.file,
        r.layout,
        r.subjects,
        r.item_count,
        r.missing,
        settings_text(&r.settings),
        if r.converged {
            ""
        } else {
            " — did not converge"
        },
        r.seconds,
        r.peak_memory_mb
            .map(|mb| format!(", peak memory {mb:.0} MB"))
            .unwrap_or_default()
    );
    out.push_str(&abilities(&r.abilities[..r.abilities.len().min(SHOWN)]));
    if r.abilities.len() > SHOWN {
        let _ = writeln!(
            out,
            "… and {} more subjects (--json has them all)",
            r.abilities.len() - SHOWN
        );
    }
    let rows: Vec<Vec<String>> = r
        .items
        .iter()
        .take(SHOWN)
        .map(|i| {
            vec![
                i.question.clone(),
                format!("{:.2}", i.discrimination),
                optional(i.discrimination_se),
                format!("{:.2}", i.difficulty),
                optional(i.difficulty_se),
                format!("{:.2}", i.guessing),
                optional(i.infit),
                optional(i.outfit),
                optional(i.point_biserial),
                i.flags.join(", "),
            ]
        })
        .collect();
    out.push('\n');
    out.push_str(&table(
        &[
            "item", "a", "se", "b", "se", "c", "infit", "outfit", "pt-bis", "flags",
        ],
        &rows,
        &[1, 2, 3, 4, 5, 6, 7, 8],
    ));
    if r.items.len() > SHOWN {
        let _ = writeln!(
            out,
            "… and {} more items (--json or --out params.csv have them all)",
            r.items.len() - SHOWN
        );
    }
    let _ = writeln!(
        out,
        "\nFit: RMSE {:.3} against {:.3} for predicting each item's share right; log-likelihood {:.4}",
        r.rmse, r.item_mean_rmse, r.log_likelihood
    );
    out
}

/// The adaptive-exam check as text: one row per system, then the means.
pub fn cat_check(c: &CatCheck) -> String {
    let used = c.rows.first().map_or(0, |r| r.used);
    let checked = c.request.group.map_or("each system", |group| match group {
        SystemGroup::Pipelines => "each reference pipeline",
        SystemGroup::Systems => "each system being judged",
    });
    let mut out = format!(
        "Adaptive exams of {used} of the {} questions, {checked} left out in turn and the questions calibrated on the other {} systems ({}):\n\n",
        c.questions,
        c.calibrating.saturating_sub(1),
        settings_text(&c.settings)
    );
    let pct = |v: f64| format!("{:.1}%", v * 100.0);
    let rows: Vec<Vec<String>> = c
        .rows
        .iter()
        .map(|r| {
            vec![
                r.system.clone(),
                pct(r.actual),
                pct(r.predicted),
                format!("{} – {}", pct(r.low), pct(r.high)),
                format!("{:.1}", (r.predicted - r.actual).abs() * 100.0),
                format!("{:.1}", r.random_error * 100.0),
            ]
        })
        .collect();
    out.push_str(&table(
        &[
            "system",
            "actual",
            "predicted",
            "95% interval",
            "error (points)",
            "random subsets",
        ],
        &rows,
        &[1, 2, 4, 5],
    ));
    let _ = writeln!(
        out,
        "\nMean error: adaptive {:.1} points, random subsets of as many questions {:.1} points; {:.0}% of the actual accuracies inside their interval.",
        c.mean_error * 100.0,
        c.mean_random_error * 100.0,
        c.coverage * 100.0
    );
    if c.groups.len() > 1 {
        for g in &c.groups {
            let _ = writeln!(
                out,
                "  {} ({}): adaptive {:.1} points, random subsets {:.1} points",
                match g.group {
                    SystemGroup::Pipelines => "Reference pipelines",
                    SystemGroup::Systems => "Systems being judged",
                },
                g.systems,
                g.mean_error * 100.0,
                g.mean_random_error * 100.0
            );
        }
    }
    if let Some(verdict) = &c.verdict {
        let _ = writeln!(out, "{}", verdict.sentence);
    }
    if !c.skipped.is_empty() {
        let _ = writeln!(
            out,
            "Not checked (they have errors, so not every answer is known): {}",
            c.skipped.join(", ")
        );
    }
    out
}
