//! Plain-text rendering of the facade's answers.

mod agreement;
mod irt;
mod setup;
pub use agreement::*;
pub use irt::*;
pub use setup::*;

use proctor_api::dto::{
    CategoryTable, Comparison, ExamScore, Grades, ImportReport, ProjectSummary, SignificanceTable,
    SittingMode, Standing,
};
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
                    SittingMode::Open => "open".to_owned(),
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
                s.needs_look.to_string(),
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
            "To read",
            "On answered",
            "EXAM ± SE",
            "n-EXAM",
            "ROUGE-1",
        ],
        &rows,
        &[0, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    ));
    out.push_str(
        "Accuracy = right / questions: unanswered questions, errors and replies still to read \
         are not right. \"On answered\" = right / (right + wrong), where some question was not \
         answered. \"To read\": replies Proctor could not read as one choice \
         (proctor replies list).\n",
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
