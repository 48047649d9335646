//! Agreement of leaderboards, and EXAM beside ROUGE-1, as text.

use super::{exam_cells_of, p_value, table};
use proctor_api::dto::{CorrelationReport, ExamAgreement, LeaderboardMetric};
use std::fmt::Write as _;

/// Proctor's leaderboard against others.
pub fn correlation(r: &CorrelationReport) -> String {
    let mut out = String::new();
    if !r.trec.is_empty() {
        out.push_str("Official measures of the runs\n");
        let rows: Vec<Vec<String>> = r
            .trec
            .iter()
            .map(|t| {
                vec![
                    t.system.clone(),
                    t.queries.to_string(),
                    format!("{:.4}", t.map),
                    format!("{:.4}", t.precision_at_10),
                    format!("{:.4}", t.r_precision),
                    format!("{:.4}", t.ndcg_at_20),
                    format!("{:.4}", t.reciprocal_rank),
                ]
            })
            .collect();
        out.push_str(&table(
            &[
                "system", "queries", "MAP", "P@10", "R-prec", "nDCG@20", "MRR",
            ],
            &rows,
            &[1, 2, 3, 4, 5, 6],
        ));
        out.push('\n');
    }
    let metric = match r.metric {
        LeaderboardMetric::Accuracy => "accuracy",
        LeaderboardMetric::Exam => "EXAM",
        LeaderboardMetric::Ability => "IRT ability",
        LeaderboardMetric::Rouge1 => "ROUGE-1",
    };
    let _ = writeln!(out, "Agreement of Proctor's {metric} leaderboard with");
    let rows: Vec<Vec<String>> = r
        .correlations
        .iter()
        .map(|c| {
            vec![
                c.against.clone(),
                c.systems.to_string(),
                format!("{:+.3} (p {})", c.kendall, p_value(c.kendall_p)),
                format!(
                    "{:+.3} ± {:.3}",
                    c.kendall_ties_broken, c.kendall_ties_broken_sd
                ),
                format!("{:+.3} (p {})", c.spearman, p_value(c.spearman_p)),
                format!("{:+.3} (p {})", c.pearson, p_value(c.pearson_p)),
            ]
        })
        .collect();
    out.push_str(&table(
        &[
            "leaderboard",
            "systems",
            "Kendall τ-b",
            "τ, ties in noise broken",
            "Spearman ρ",
            "Pearson r",
        ],
        &rows,
        &[1],
    ));
    if let Some(c) = r.correlations.first() {
        let _ = writeln!(
            out,
            "Ties in noise: systems closer than the larger standard error are ordered at random, {} times (seeded); mean ± sd.",
            c.repeats
        );
    }
    if !r.constant.is_empty() {
        let _ = writeln!(
            out,
            "Not correlated (every system scores the same): {}",
            r.constant.join(", ")
        );
    }
    if !r.left_out.is_empty() {
        let _ = writeln!(
            out,
            "Left out (on one side only): {}",
            r.left_out.join(", ")
        );
    }
    out
}

/// EXAM beside ROUGE-1 against the gold articles, with both ranks and their agreement (000's
/// Table 4).
pub fn exam_agreement(t: &ExamAgreement) -> String {
    let mut out = format!(
        "{} — EXAM-mode systems by EXAM, beside ROUGE-1 F1 against the gold articles ({} queries with one)\n\n",
        t.exam, t.gold_queries
    );
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            let [exam, n_exam, rouge] = exam_cells_of(&r.exam);
            vec![
                r.system.clone(),
                exam,
                n_exam,
                r.exam_rank.to_string(),
                rouge,
                r.rouge_rank
                    .map_or_else(|| "–".to_owned(), |k| k.to_string()),
            ]
        })
        .collect();
    out.push_str(&table(
        &["System", "EXAM ± SE", "n-EXAM", "#", "ROUGE-1 F1 ± SE", "#"],
        &rows,
        &[1, 2, 3, 4, 5],
    ));
    if let Some(gold) = &t.gold {
        let _ = writeln!(
            out,
            "Gold articles: EXAM {:.3} ± {:.3}. * = within one standard error of gold.",
            gold.exam, gold.standard_error
        );
    }
    if let Some(a) = &t.agreement {
        let _ = writeln!(
            out,
            "Agreement of the ROUGE-1 ranking with the EXAM ranking over {} systems: Kendall τ {:.3} (p {:.3}), Spearman ρ {:.3} (p {:.3}); with ties within noise broken at random ({} times): τ {:.3} ± {:.3}, ρ {:.3} ± {:.3}.",
            a.systems,
            a.kendall,
            a.kendall_p,
            a.spearman,
            a.spearman_p,
            a.repeats,
            a.kendall_ties_broken,
            a.kendall_ties_broken_sd,
            a.spearman_ties_broken,
            a.spearman_ties_broken_sd
        );
    }
    if let Some(note) = &t.note {
        let _ = writeln!(out, "No agreement: {note}.");
    }
    out.push_str(
        "ROUGE-1 F1: unigram overlap with the gold article (lowercased, punctuation and stopwords dropped, Porter-stemmed), mean over the queries with a gold article; a query without an article scores 0.\n",
    );
    out
}
