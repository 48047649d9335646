//! The report's sections for the paper methods beside EXAM: the article writers by EXAM,
//! ROUGE-1 against the gold articles (000's Table 4) and nugget F(β = 3) with the one verdict
//! (001, 003); and the formulation break-down (002). Each is left out when the project has
//! nothing for it, and its numbers are the ones the Results views show.

use crate::dto::{AnswerSimilarity, FormulationRequest, NuggetMethod, NuggetRequest};
use crate::report::escape;
use crate::{ApiResult, Project};
use std::fmt::Write as _;

fn fixed(v: Option<f64>) -> String {
    v.map_or_else(|| "–".to_owned(), |v| format!("{v:.3}"))
}

/// EXAM, ROUGE-1 and nugget scores of the article writers.
/// The article writers among the `chosen` systems by EXAM, ROUGE-1 and nuggets; nothing when
/// none of them writes articles.
pub(crate) fn articles(
    out: &mut String,
    project: &Project,
    exam: Option<&str>,
    chosen: &[String],
) -> ApiResult<()> {
    let table = project.exam_agreement(exam)?;
    let nuggets = project.nugget_board(&NuggetRequest {
        method: NuggetMethod::Pourpre,
        all_vital: false,
        threshold: 0.5,
        baseline: None,
    })?;
    let mut names: Vec<String> = table.rows.iter().map(|r| r.system.clone()).collect();
    for s in &nuggets.systems {
        if !names.contains(&s.system) {
            names.push(s.system.clone());
        }
    }
    names.retain(|n| chosen.contains(n));
    if names.is_empty() {
        return Ok(());
    }
    out.push_str("<h2>Articles: EXAM, ROUGE-1 and nuggets</h2><p class=\"sub\">Systems that write an article per query, scored three ways: can a reader answer the exam's questions from it (EXAM), how many words it shares with the gold article (ROUGE-1 F1), and how many of the facts a good article states it states (nugget F(β = 3), POURPRE).</p>");
    out.push_str("<table><thead><tr><th>System</th><th class=\"num\">EXAM ± SE</th><th class=\"num\">n-EXAM</th><th class=\"num\">ROUGE-1 F1</th><th class=\"num\">Nugget F(β = 3)</th><th>95% interval</th><th>Against the best by nuggets</th></tr></thead><tbody>");
    for name in &names {
        let row = table.rows.iter().find(|r| &r.system == name);
        let nugget = nuggets.systems.iter().find(|s| &s.system == name);
        let _ = write!(
            out,
            "<tr data-writer=\"{}\"><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\" data-nugget=\"{}\">{}</td><td>{}</td><td>{}</td></tr>",
            escape(name),
            escape(name),
            row.map_or_else(
                || "–".to_owned(),
                |r| format!("{:.3} ± {:.3}", r.exam.exam, r.exam.standard_error)
            ),
            fixed(row.and_then(|r| r.exam.n_exam)),
            fixed(row.and_then(|r| r.exam.rouge1)),
            nugget.map_or_else(String::new, |s| s.mean.to_string()),
            fixed(nugget.map(|s| s.mean)),
            nugget.map_or_else(String::new, |s| format!(
                "{:.3} – {:.3}",
                s.low.max(0.0),
                s.high.min(1.0)
            )),
            nugget.and_then(|s| s.verdict.as_ref()).map_or_else(
                || {
                    if nuggets.baseline.as_deref() == Some(name.as_str()) {
                        "the best".to_owned()
                    } else {
                        String::new()
                    }
                },
                |v| format!(
                    "{} {}",
                    escape(&v.marker),
                    if v.real { "real" } else { "could be luck" }
                )
            ),
        );
    }
    out.push_str("</tbody></table>");
    if let Some(a) = &table.agreement {
        let _ = write!(
            out,
            "<p>Over {} systems, Kendall's τ between the EXAM and ROUGE-1 rankings is {:.2} (Spearman's ρ {:.2}; with near-ties broken at random, τ {:.2} ± {:.2}).</p>",
            a.systems, a.kendall, a.spearman, a.kendall_ties_broken, a.kendall_ties_broken_sd
        );
    }
    let sentences: Vec<String> = nuggets
        .systems
        .iter()
        .filter(|s| names.contains(&s.system))
        .filter_map(|s| s.verdict.as_ref())
        .map(|v| format!("<li>{}</li>", escape(&v.sentence)))
        .collect();
    if !sentences.is_empty() {
        let _ = write!(out, "<ul class=\"note\">{}</ul>", sentences.join(""));
    }
    if nuggets.systems.is_empty() {
        out.push_str(
            "<p class=\"note\">No nuggets in the project: nugget scores are left out.</p>",
        );
    } else {
        let _ = write!(
            out,
            "<p class=\"note\">{} nuggets ({} vital) for {} queries. Nugget F(β = 3): recall over the vital nuggets, precision by a length allowance of 100 characters per nugget found, recall weighted three times (Lin 2006). The verdict: paired randomisation over queries, Holm-corrected.</p>",
            nuggets.nuggets,
            nuggets.vital,
            nuggets.queries.len()
        );
    }
    Ok(())
}

/// The formulation break-down at the threshold 0.5.
pub(crate) fn formulations(out: &mut String, project: &Project) -> ApiResult<()> {
    let result = project.formulation_breakdown(&FormulationRequest {
        threshold: 0.5,
        similarity: AnswerSimilarity::Recall,
    })?;
    if result.samples == 0 {
        return Ok(());
    }
    let _ = write!(
        out,
        "<h2>Formulations</h2><p class=\"sub\">{} samples asked as {}; a sample is answered under a formulation when its score is at least {} (Vakulenko et al.).</p><table><thead><tr>",
        result.samples,
        escape(&result.formulations.join(", ")),
        result.threshold
    );
    for f in &result.formulations {
        let _ = write!(out, "<th>{}</th>", escape(f));
    }
    out.push_str("<th class=\"num\">Samples</th></tr></thead><tbody>");
    for p in result.patterns.iter().filter(|p| p.count > 0) {
        out.push_str("<tr>");
        for a in &p.answered {
            out.push_str(if *a { "<td>✓</td>" } else { "<td>✗</td>" });
        }
        let unchanged = if result.unchanged.is_some() {
            format!(" ({})", p.unchanged)
        } else {
            String::new()
        };
        let _ = write!(out, "<td class=\"num\">{}{unchanged}</td></tr>", p.count);
    }
    out.push_str("</tbody></table>");
    if let Some(a) = &result.attribution {
        let _ = write!(
            out,
            "<p>Answering errors (not answered even from the human rewrite): {}. Rewriting errors (the human rewrite answered, the model's not): {}. Answered thanks to rewriting: {}; without: {}.{}</p>",
            a.answering_errors,
            a.rewriting_errors,
            a.rewriting_needed,
            a.rewriting_not_needed,
            a.answerable_without_rewriting
                .map_or_else(String::new, |s| format!(
                    " Answerable without rewriting: {:.1}%.",
                    s * 100.0
                ))
        );
    }
    out.push_str(if result.unchanged.is_some() {
        "<p class=\"note\">Patterns no sample shows are left out. (n): of which the human rewrite is the original question unchanged.</p>"
    } else {
        "<p class=\"note\">Patterns no sample shows are left out.</p>"
    });
    if let Some(s) = &result.scatter
        && let (Some(r), Some(p)) = (s.r, s.p_value)
    {
        let _ = write!(
            out,
            "<p>Question against answer similarity, {} against {} over {} samples: Pearson's r = {r:.2} (p {}).</p>",
            escape(&s.formulation),
            escape(&s.reference),
            s.points.len(),
            if p < 0.001 {
                "&lt; 0.001".to_owned()
            } else {
                format!("= {p:.3}")
            }
        );
    }
    Ok(())
}
