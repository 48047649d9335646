//! Plain-text rendering of the facade's answers.

use proctor_api::dto::{
    CategoryTable, Comparison, CorrelationReport, Grades, ImportReport, ImprovementReport,
    IrtAbility, IrtMethod, IrtModel, IrtReport, IrtSettings, LeaderboardMetric, Measurable,
    ProjectSummary, SignificanceTable, SittingMode, Standing,
};
use proctor_api::dto::{
    ChunkUnit, IngestReport, ModelSelfTest, ModelTest, ModelsReport, PipelineInfo, RunReport,
};
use proctor_api::dto::{ExamAgreement, ExamScore};
use std::fmt::Write as _;

fn pct(v: f64) -> String {
    format!("{:.1}%", v * 100.0)
}

/// A table with a header row; columns listed in `right` are right-aligned.
pub(crate) fn table(headers: &[&str], rows: &[Vec<String>], right: &[usize]) -> String {
    let widths: Vec<usize> = (0..headers.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([headers[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let mut out = String::new();
        for (c, cell) in cells.iter().enumerate() {
            let pad = widths[c].saturating_sub(cell.chars().count());
            if c > 0 {
                out.push_str("  ");
            }
            if right.contains(&c) {
                out.push_str(&" ".repeat(pad));
                out.push_str(cell);
            } else {
                out.push_str(cell);
                out.push_str(&" ".repeat(pad));
            }
        }
        out.trim_end().to_owned() + "\n"
    };
    let mut out = line(&headers.iter().map(|h| (*h).to_owned()).collect::<Vec<_>>());
    out.push_str(&line(
        &widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>(),
    ));
    for row in rows {
        out.push_str(&line(row));
    }
    out
}

fn exam_cells(s: &Standing) -> [String; 3] {
    match &s.exam {
        Some(e) => exam_cells_of(e),
        None => ["–".to_owned(), "–".to_owned(), "–".to_owned()],
    }
}

/// An EXAM score's cells: EXAM ± SE (starred when comparable to gold), n-EXAM, ROUGE-1 ± SE.
fn exam_cells_of(e: &ExamScore) -> [String; 3] {
    [
        format!(
            "{:.3} ± {:.3}{}",
            e.exam,
            e.standard_error,
            if e.comparable_to_gold == Some(true) {
                " *"
            } else {
                ""
            }
        ),
        e.n_exam
            .map_or_else(|| "–".to_owned(), |v| format!("{v:.3}")),
        match (e.rouge1, e.rouge1_standard_error) {
            (Some(r), Some(se)) => format!("{r:.3} ± {se:.3}"),
            _ => "–".to_owned(),
        },
    ]
}

/// The leaderboard with intervals, EXAM columns and baselines.
pub fn leaderboard(grades: &Grades) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} (version {}{}) — {} questions\n",
        grades.exam.exam,
        grades.exam.version,
        if grades.exam.frozen { ", frozen" } else { "" },
        grades.questions
    );
    let rows: Vec<Vec<String>> = grades
        .leaderboard
        .iter()
        .map(|s| {
            let [exam, n_exam, rouge] = exam_cells(s);
            vec![
                s.rank.to_string(),
                s.system.clone(),
                match s.mode {
                    SittingMode::Answers => "answers".to_owned(),
                    SittingMode::Exam => "EXAM".to_owned(),
                },
                s.accuracy.map_or_else(|| "–".to_owned(), pct),
                match (s.accuracy_low, s.accuracy_high) {
                    (Some(lo), Some(hi)) => format!("{} – {}", pct(lo), pct(hi)),
                    _ => "–".to_owned(),
                },
                s.correct.to_string(),
                s.wrong.to_string(),
                s.unanswered.to_string(),
                s.errors.to_string(),
                s.accuracy_on_answered.map_or_else(String::new, pct),
                exam,
                n_exam,
                rouge,
            ]
        })
        .collect();
    out.push_str(&table(
        &[
            "#",
            "System",
            "Mode",
            "Accuracy",
            "95% interval",
            "Right",
            "Wrong",
            "Unanswered",
            "Errors",
            "On answered",
            "EXAM ± SE",
            "n-EXAM",
            "ROUGE-1",
        ],
        &rows,
        &[0, 3, 5, 6, 7, 8, 9, 10, 11, 12],
    ));
    out.push_str(
        "Accuracy = right / questions: unanswered questions and errors are not right. \
         \"On answered\" = right / (questions − errors), where a system has errors.\n",
    );
    if let Some(gold) = &grades.gold {
        let _ = writeln!(
            out,
            "\nGold articles: EXAM {:.3} ± {:.3} over {} queries. * = within one standard error of gold.",
            gold.exam, gold.standard_error, gold.queries
        );
    }
    if !grades.reader_ceilings.is_empty() {
        let ceilings: Vec<String> = grades
            .reader_ceilings
            .iter()
            .map(|c| {
                format!(
                    "{} {} [{}, {}]",
                    c.reader,
                    pct(c.accuracy),
                    pct(c.accuracy_low),
                    pct(c.accuracy_high)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "Reader ceilings (each reader given the passage its question was written from): {}.",
            ceilings.join(", ")
        );
    }
    if let Some(bias) = &grades.bias {
        let _ = writeln!(
            out,
            "Answering without reading: always {} scores {}, always the longest choice {}.",
            bias.best_position.letter,
            pct(bias.best_position.accuracy),
            pct(bias.longest_choice)
        );
    }
    out.push_str("The interval is Wilson's 95% score interval.\n");
    out
}

/// A breakdown with one row per system and one column per category (headed with its item
/// count), so it stays readable however many systems sat the exam.
fn category(title: &str, t: &CategoryTable) -> String {
    let labels: Vec<String> = t
        .rows
        .iter()
        .map(|r| format!("{} ({})", r.category, r.items))
        .collect();
    let mut headers = vec!["System"];
    headers.extend(labels.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = t
        .systems
        .iter()
        .enumerate()
        .map(|(s, system)| {
            let mut row = vec![system.clone()];
            row.extend(t.rows.iter().map(|r| {
                r.cells
                    .get(s)
                    .and_then(|c| c.accuracy)
                    .map_or_else(|| "–".to_owned(), pct)
            }));
            row
        })
        .collect();
    let right: Vec<usize> = (1..headers.len()).collect();
    format!(
        "{title} (questions per column in parentheses)\n{}",
        table(&headers, &rows, &right)
    )
}

/// Accuracy per topic, Bloom level and question type.
pub fn breakdowns(grades: &Grades) -> String {
    [
        category(
            "Accuracy by topic (questions per topic in parentheses)",
            &grades.topics,
        ),
        category(
            "Accuracy by Bloom level (a question may count in several levels)",
            &grades.bloom,
        ),
        category("Accuracy by question type", &grades.question_types),
    ]
    .join("\n")
}

/// The leaderboard and the breakdowns.
pub fn grades(grades: &Grades) -> String {
    format!("{}\n{}", leaderboard(grades), breakdowns(grades))
}

/// What a project holds, and its leaderboard.
pub fn summary(s: &ProjectSummary) -> String {
    let c = &s.counts;
    let mut out = format!(
        "Project {} ({})\n{} documents in {} topics · {} exams with {} questions · {} systems · {} responses · {} articles, {} gold\n\n",
        s.name,
        s.path,
        c.documents,
        c.topics,
        c.exams,
        c.questions,
        c.systems,
        c.responses,
        c.articles,
        c.gold_articles
    );
    match &s.grades {
        Some(g) => out.push_str(&leaderboard(g)),
        None => out.push_str(
            "No exam with questions yet: import one with `proctor import exam FILE -p PROJECT`.\n",
        ),
    }
    out
}

/// What an import did.
pub fn import_report(r: &ImportReport) -> String {
    let mut out = format!(
        "Imported {}: {} read, {} added, {} skipped.\n",
        r.source, r.rows, r.added, r.skipped
    );
    for note in &r.notes {
        let _ = writeln!(out, "  · {note}");
    }
    if !r.unmapped.is_empty() {
        out.push('\n');
        let rows: Vec<Vec<String>> = r
            .unmapped
            .iter()
            .map(|u| {
                vec![
                    u.location.clone(),
                    u.question_id.clone(),
                    u.answer.clone(),
                    u.reason.clone(),
                ]
            })
            .collect();
        out.push_str(&table(
            &["Where", "Question", "Answer", "Why unanswered"],
            &rows,
            &[],
        ));
    }
    out
}

fn points(v: f64) -> String {
    format!("{:+.1}", v * 100.0)
}

/// Two systems compared, with the verdict in words.
pub fn comparison(c: &Comparison) -> String {
    let mut out = format!(
        "{} vs {} on the {} active questions (errors and unanswered questions are not right)\n\
         Accuracy {} vs {}: difference {} points, 95% interval {} to {} points\n\
         Right for both {} · only {} {} · only {} {} · neither {}\n",
        c.first,
        c.second,
        c.pairs,
        pct(c.first_accuracy),
        pct(c.second_accuracy),
        points(c.difference),
        points(c.low),
        points(c.high),
        c.both,
        c.first,
        c.only_first,
        c.second,
        c.only_second,
        c.neither
    );
    let _ = writeln!(out, "{} {}", c.verdict.marker, c.verdict.sentence);
    if let Some(exam) = &c.exam_verdict {
        let _ = writeln!(out, "{} {}", exam.marker, exam.sentence);
    }
    let _ = writeln!(out, "Family: {}.", c.verdict.family);
    let _ = writeln!(
        out,
        "(Interval: paired bootstrap over questions, {} resamples, seed {}. Secondary tests: \
         Wilcoxon signed-rank p = {}, paired t-test p = {}.)",
        c.resamples,
        c.seed,
        p_value(c.wilcoxon_p),
        c.t_test_p
            .map_or_else(|| "– (the differences do not vary)".to_owned(), p_value),
    );
    out.push_str(MARKERS);
    out
}

const MARKERS: &str = "Markers (Lin 2006, from the corrected p): ▲/▼ p < 0.01, △/▽ p < 0.05, ^/v p < 0.10, ◦ not significant.\n";

fn p_value(p: f64) -> String {
    if p < 0.0001 {
        "< 0.0001".to_owned()
    } else {
        format!("{p:.4}")
    }
}

/// Every system against a baseline, Holm-corrected within each group.
pub fn significance(t: &SignificanceTable) -> String {
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            vec![
                r.system.clone(),
                r.pairs.to_string(),
                points(r.difference),
                format!("{} to {}", points(r.low), points(r.high)),
                p_value(r.verdict.p_value),
                p_value(r.verdict.adjusted_p_value),
                r.verdict.family_size.to_string(),
                format!(
                    "{} {}",
                    r.verdict.marker,
                    if r.verdict.real {
                        "real"
                    } else {
                        "could be luck"
                    }
                ),
            ]
        })
        .collect();
    let mut out = format!("Every system against {}\n", t.baseline);
    out.push_str(&table(
        &[
            "system",
            "questions",
            "difference",
            "95% interval",
            "p (McNemar)",
            "p (Holm)",
            "family",
            "verdict",
        ],
        &rows,
        &[1, 2, 3, 4, 5, 6],
    ));
    let _ = writeln!(out, "{}", t.method);
    for r in &t.rows {
        let _ = writeln!(out, "{} {}", r.verdict.marker, r.verdict.sentence);
    }
    out.push_str(MARKERS);
    out
}

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

/// What ingest did.
pub fn ingest(r: &IngestReport) -> String {
    let unit = match r.chunking.unit {
        ChunkUnit::Paragraph => "paragraph",
        ChunkUnit::Sentence => "sentence",
    };
    format!(
        "{} documents in {} chunks ({} characters at most, {} overlap, by {unit}{})\n\
         Embedded {} chunks with {} ({} were already in the project)\n\
         BM25 index {}: {}\n",
        r.documents,
        r.chunks,
        r.chunking.size,
        r.chunking.overlap,
        if r.rechunked { "; cut again" } else { "" },
        r.embedded,
        r.embedder,
        r.cached,
        if r.index_rebuilt {
            "built"
        } else {
            "up to date"
        },
        r.index
    )
}

/// A list of pipelines.
pub fn pipelines(all: &[PipelineInfo]) -> String {
    let mut out = format!("{} built-in pipelines\n", all.len());
    for p in all {
        let _ = writeln!(out, "  {}", p.system);
    }
    out
}

/// What a run did.
pub fn run(r: &RunReport) -> String {
    let now: u32 = r.sittings.iter().map(|s| s.answered_now).sum();
    let before: u32 = r.sittings.iter().map(|s| s.answered_before).sum();
    let mut out = format!(
        "{} sitting{} of {} v{}: {now} answers now, {before} kept from an earlier run\n",
        r.sittings.len(),
        if r.sittings.len() == 1 { "" } else { "s" },
        r.exam.exam,
        r.exam.version
    );
    out.push_str("See the leaderboard: proctor grade -p <project>\n");
    out
}

/// The models folder.
pub fn models(r: &ModelsReport) -> String {
    let rows: Vec<Vec<String>> = r
        .files
        .iter()
        .map(|f| {
            vec![
                f.role.clone(),
                f.description.clone(),
                format!("{:.1} MB", f.bytes as f64 / 1e6),
                if f.present {
                    "ok".to_owned()
                } else {
                    "MISSING".to_owned()
                },
            ]
        })
        .collect();
    let mut out = format!("Models folder: {}\n", r.folder);
    out.push_str(&table(&["role", "model", "size", ""], &rows, &[2]));
    if r.user_models.is_empty() {
        out.push_str("\nNo models of your own yet (proctor models add).\n");
    } else {
        let rows: Vec<Vec<String>> = r
            .user_models
            .iter()
            .map(|m| {
                let how = [
                    m.label.map(|l| format!("label {l}")),
                    m.mode.clone(),
                    m.endpoint_model
                        .as_ref()
                        .map(|e| format!("{e} at {}", m.path)),
                    m.key.as_ref().map(|k| format!("key from {k}")),
                ];
                vec![
                    m.name.clone(),
                    m.role.clone(),
                    how.into_iter().flatten().collect::<Vec<_>>().join("; "),
                    m.description.clone(),
                ]
            })
            .collect();
        out.push_str("\nYour models:\n");
        out.push_str(&table(&["name", "role", "how", "description"], &rows, &[]));
    }
    out
}

/// A user model's self-test, one line per check.
pub fn self_test(t: &ModelSelfTest) -> String {
    let mut out = format!("{} ({}):\n", t.name, t.role);
    for c in &t.checks {
        let mark = match (c.passed, c.required) {
            (true, _) => "ok     ",
            (false, true) => "FAILED ",
            (false, false) => "advice ",
        };
        let detail = if c.detail.is_empty() {
            String::new()
        } else {
            format!(" — {}", c.detail)
        };
        let _ = writeln!(out, "  {mark}{}{detail}", c.what);
    }
    out.push_str(if t.passed {
        "It passed its self-test.\n"
    } else {
        "It failed its self-test.\n"
    });
    out
}

/// The embedder's self-test.
pub fn model_test(t: &ModelTest) -> String {
    format!(
        "{}: {} dimensions; paraphrases {:.3}, unrelated sentences {:.3} — {}\n",
        t.embedder,
        t.dimension,
        t.paraphrase_cosine,
        t.unrelated_cosine,
        if t.passed { "works" } else { "FAILED" }
    )
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
