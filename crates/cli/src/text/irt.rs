//! IRT: the fit, its information, and the exam's improvement, as text.

use super::table;
use proctor_api::dto::{
    ImprovementReport, IrtAbility, IrtMethod, IrtModel, IrtReport, IrtSettings, Measurable,
};
use std::fmt::Write as _;

pub(crate) fn optional(value: Option<f64>) -> String {
    value.map_or_else(|| "–".to_owned(), |v| format!("{v:.2}"))
}

pub(crate) fn abilities(systems: &[IrtAbility]) -> String {
    let rows: Vec<Vec<String>> = systems
        .iter()
        .enumerate()
        .map(|(i, s)| {
            vec![
                (i + 1).to_string(),
                s.system.clone(),
                format!("{:+.2}", s.ability),
                format!("{:.2}", s.standard_error),
                format!("{}/{}", s.raw_score, s.responses),
                match s.measurable {
                    Measurable::Within => String::new(),
                    Measurable::Above => "above what this exam can measure".to_owned(),
                    Measurable::Below => "below what this exam can measure".to_owned(),
                },
            ]
        })
        .collect();
    let mut out = table(
        &["#", "system", "ability θ (EAP)", "± sd", "right", ""],
        &rows,
        &[0, 2, 3, 4],
    );
    out.push_str(
        "Abilities are expected a posteriori under θ ~ N(0, 1) given the fitted questions, \
         with their posterior sd.\n",
    );
    out
}

/// "2PL, joint maximum likelihood, preset \"standard\"".
pub(crate) fn settings_text(s: &IrtSettings) -> String {
    let method = match s.method {
        IrtMethod::Joint => "joint maximum likelihood",
        IrtMethod::Marginal => "marginal maximum likelihood (EM)",
    };
    let model = match s.model {
        IrtModel::OnePl => "1PL",
        IrtModel::TwoPl => "2PL",
        IrtModel::ThreePl => "3PL",
    };
    format!("{model} model, {method}, preset \"{}\"", s.preset)
}

/// A fitted IRT model: systems by ability, factor effects, flagged questions, fit.
pub fn irt(r: &IrtReport) -> String {
    let mut out = format!(
        "IRT on {} v{} ({} questions, {} systems): {} (the project's IRT setting){}\n\n",
        r.exam.exam,
        r.exam.version,
        r.items.len(),
        r.systems.len(),
        settings_text(&r.settings),
        if r.converged {
            ""
        } else {
            " — did not converge"
        }
    );
    out.push_str(&abilities(&r.systems));
    if !r.effects.is_empty() {
        out.push_str("\nFactor effects on ability, against each factor's baseline\n");
        let rows: Vec<Vec<String>> = r
            .effects
            .iter()
            .map(|e| {
                vec![
                    e.factor.clone(),
                    e.level.clone(),
                    if e.baseline {
                        "baseline".to_owned()
                    } else {
                        format!("{:+.2}", e.effect)
                    },
                ]
            })
            .collect();
        out.push_str(&table(&["factor", "level", "effect"], &rows, &[2]));
    }
    let flagged: Vec<Vec<String>> = r
        .items
        .iter()
        .filter(|i| !i.flags.is_empty())
        .map(|i| {
            vec![
                i.question.clone(),
                format!("{:.2}", i.discrimination),
                format!("{:.2}", i.difficulty),
                format!("{:.2}", i.guessing),
                optional(i.point_biserial),
                i.flags.join(", "),
            ]
        })
        .collect();
    let _ = writeln!(
        out,
        "\n{} of {} questions are flagged (discrimination below 0.2 or a negative point-biserial)",
        flagged.len(),
        r.items.len()
    );
    if !flagged.is_empty() {
        out.push_str(&table(
            &["question", "a", "b", "c", "pt-bis", "why"],
            &flagged,
            &[1, 2, 3, 4],
        ));
    }
    let _ = writeln!(
        out,
        "\nFit: RMSE {:.3} against {:.3} for predicting each question's share right; log-likelihood {:.2}",
        r.rmse, r.item_mean_rmse, r.log_likelihood
    );
    out.push_str("Kept in the project: `proctor irt info` shows its information curve.\n");
    out
}

/// The test information curve of a fit, every half unit of θ, with the systems marked.
pub fn information(r: &IrtReport) -> String {
    let rows: Vec<Vec<String>> = r
        .information
        .theta
        .iter()
        .enumerate()
        .filter(|(_, t)| ((*t * 2.0).round() - *t * 2.0).abs() < 1e-9)
        .map(|(k, t)| {
            let here: Vec<&str> = r
                .systems
                .iter()
                .filter(|s| {
                    (s.ability - t).abs() < 0.25
                        || (k == 0 && s.ability < *t)
                        || (k + 1 == r.information.theta.len() && s.ability > *t)
                })
                .map(|s| s.system.as_str())
                .collect();
            vec![
                format!("{t:+.1}"),
                format!("{:.3}", r.information.mean[k]),
                format!("{:.2}", r.information.sum[k]),
                here.join(", "),
            ]
        })
        .collect();
    let mut out = format!(
        "Test information of {} v{} ({} questions)\n",
        r.exam.exam,
        r.exam.version,
        r.items.len()
    );
    out.push_str(&table(
        &["θ", "mean I(θ)", "sum I(θ)", "systems near θ"],
        &rows,
        &[0, 1, 2],
    ));
    out.push_str(
        "mean = (1/|Q|) Σ I_i(θ) as in Guinet et al.; sum = Σ I_i(θ), the textbook test information;\n\
         the standard error of an ability at θ is 1/sqrt(sum).\n",
    );
    out
}

/// The steps of an exam improvement run.
pub fn improvement(r: &ImprovementReport) -> String {
    let mut out = format!(
        "Improving {} v{}: dropping {:.0}% of the remaining questions with the lowest discrimination per step\n\
         Refitted each step with the project's IRT setting: {}\n",
        r.exam.exam,
        r.exam.version,
        r.request.fraction * 100.0,
        settings_text(&r.settings)
    );
    for step in &r.steps {
        let peak = step
            .information
            .mean
            .iter()
            .copied()
            .fold(0.0_f64, f64::max);
        let order: Vec<&str> = step.leaderboard.iter().map(|s| s.system.as_str()).collect();
        let _ = writeln!(
            out,
            "\nStep {}: {} questions, peak mean information {:.3}, log-likelihood {:.2}",
            step.step, step.remaining, peak, step.log_likelihood
        );
        if !step.dropped.is_empty() {
            let _ = writeln!(out, "  dropped: {}", step.dropped.join(", "));
        }
        let _ = writeln!(out, "  ranking: {}", order.join(" > "));
    }
    out
}
