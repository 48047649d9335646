//! The series behind the app's charts, built once from what the panels show (the grades, the
//! comparison, the last IRT fit and improvement, the agreement): the pages draw them, and
//! `proctor-charts` renders the same series to SVG and PNG.

use crate::dto::{
    CategoryTable, Comparison, CorrelationReport, Grades, ImprovementReport, InformationCurve,
    IrtAbility, IrtModel, IrtReport, LeaderboardMetric, SystemGroup,
};
use crate::{ApiError, ApiResult, ErrorCode};
use proctor_charts::{
    Bar, Bars, Chart, Leaderboard, Line, Lines, Mark, Point, Radar, Scatter, Series,
};

/// Topics with fewer questions than this are left off a radar (too few to compare).
pub const RADAR_MIN_ITEMS: u32 = 5;

/// The leaderboard as a chart: every system with an accuracy, best first, with its 95%
/// interval and — for a reference pipeline — its reader's ceiling.
pub fn leaderboard_chart(grades: &Grades) -> Chart {
    let bars = grades
        .leaderboard
        .iter()
        .filter_map(|s| {
            let value = s.accuracy?;
            let reader = s
                .factors
                .iter()
                .find(|f| f.name == "reader")
                .map(|f| f.level.as_str());
            let ceiling = reader.and_then(|r| {
                grades
                    .reader_ceilings
                    .iter()
                    .find(|c| c.reader == r)
                    .map(|c| c.accuracy)
            });
            Some(Bar {
                label: s.system.clone(),
                value,
                low: s.accuracy_low.unwrap_or(value),
                high: s.accuracy_high.unwrap_or(value),
                ceiling,
                reference: s.group == SystemGroup::Pipelines,
            })
        })
        .collect();
    Chart::Leaderboard(Leaderboard {
        title: format!(
            "{}, version {}: accuracy",
            grades.exam.exam, grades.exam.version
        ),
        axis: format!(
            "Share of the {} questions answered right (95% interval)",
            grades.questions
        ),
        bars,
    })
}

/// Accuracy per category (topic, Bloom level) as a radar for the given systems (categories
/// with at least [`RADAR_MIN_ITEMS`] questions); `None` with fewer than three such categories.
pub fn radar_chart(table: &CategoryTable, title: &str, systems: &[String]) -> Option<Chart> {
    let rows: Vec<_> = table
        .rows
        .iter()
        .filter(|r| r.items >= RADAR_MIN_ITEMS)
        .collect();
    if rows.len() < 3 {
        return None;
    }
    let series = systems
        .iter()
        .filter_map(|name| {
            let at = table.systems.iter().position(|s| s == name)?;
            Some(Series {
                name: name.clone(),
                values: rows
                    .iter()
                    .map(|r| r.cells.get(at).and_then(|c| c.accuracy))
                    .collect(),
                reference: false,
            })
        })
        .collect();
    Some(Chart::Radar(Radar {
        title: title.to_owned(),
        axes: rows.iter().map(|r| r.category.clone()).collect(),
        series,
    }))
}

/// The chart with the reference pipelines' series marked, so they are drawn apart (grey) from
/// the analyst's systems.
pub fn references(mut chart: Chart, grades: &Grades) -> Chart {
    let pipelines: Vec<&str> = grades
        .leaderboard
        .iter()
        .filter(|s| s.group == SystemGroup::Pipelines)
        .map(|s| s.system.as_str())
        .collect();
    let series = match &mut chart {
        Chart::Radar(r) => &mut r.series,
        Chart::Bars(b) => &mut b.series,
        _ => return chart,
    };
    for s in series.iter_mut() {
        s.reference = pipelines.contains(&s.name.as_str());
    }
    chart
}

/// At most this many item characteristic curves in one chart (more cannot be told apart).
pub const MAX_ITEM_CURVES: usize = 12;

pub(crate) fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, message)
}

/// Systems a category chart draws when none are asked for.
pub const DEFAULT_DRAWN: usize = 5;

/// The systems a category chart draws: those asked for, or the first of the pages' focus (the
/// analyst's own systems).
pub(crate) fn chosen_systems(
    table: &CategoryTable,
    systems: &[String],
    focus: &[String],
) -> ApiResult<Vec<String>> {
    if systems.is_empty() {
        return Ok(focus
            .iter()
            .filter(|s| table.systems.contains(s))
            .take(DEFAULT_DRAWN)
            .cloned()
            .collect());
    }
    for s in systems {
        if !table.systems.contains(s) {
            return Err(invalid(format!(
                "there is no system named {s:?} on this exam"
            )));
        }
    }
    Ok(systems.to_vec())
}

/// Accuracy per category as grouped bars for the given systems (every category, however
/// small: its question count is printed under it).
pub fn category_bars(table: &CategoryTable, title: &str, systems: &[String]) -> Chart {
    let at: Vec<usize> = systems
        .iter()
        .filter_map(|name| table.systems.iter().position(|s| s == name))
        .collect();
    Chart::Bars(Bars {
        title: title.to_owned(),
        subtitle: None,
        axis: "Share of the group's questions answered right".to_owned(),
        top: None,
        categories: table.rows.iter().map(|r| r.category.clone()).collect(),
        items: table.rows.iter().map(|r| r.items).collect(),
        series: at
            .iter()
            .map(|&i| Series {
                name: table.systems[i].clone(),
                values: table
                    .rows
                    .iter()
                    .map(|r| r.cells.get(i).and_then(|c| c.accuracy))
                    .collect(),
                reference: false,
            })
            .collect(),
    })
}

/// Two systems side by side: the whole exam (the comparison's accuracies), then each topic
/// (the topic table's), with the one verdict under the title.
pub fn compare_chart(comparison: &Comparison, topics: &CategoryTable) -> Chart {
    let column = |name: &str| topics.systems.iter().position(|s| s == name);
    let (a, b) = (column(&comparison.first), column(&comparison.second));
    let topic_share = |at: Option<usize>, row: &crate::dto::CategoryRow| {
        at.and_then(|i| row.cells.get(i)).and_then(|c| c.accuracy)
    };
    let mut categories = vec!["Whole exam".to_owned()];
    let mut items = vec![comparison.pairs];
    let mut first = vec![Some(comparison.first_accuracy)];
    let mut second = vec![Some(comparison.second_accuracy)];
    for row in &topics.rows {
        categories.push(row.category.clone());
        items.push(row.items);
        first.push(topic_share(a, row));
        second.push(topic_share(b, row));
    }
    Chart::Bars(Bars {
        title: format!("{} and {}", comparison.first, comparison.second),
        subtitle: Some(comparison.verdict.sentence.clone()),
        axis: "Share of the questions answered right".to_owned(),
        top: None,
        categories,
        items,
        series: vec![
            Series {
                name: comparison.first.clone(),
                values: first,
                reference: false,
            },
            Series {
                name: comparison.second.clone(),
                values: second,
                reference: false,
            },
        ],
    })
}

fn model_name(model: IrtModel) -> &'static str {
    match model {
        IrtModel::OnePl => "1PL",
        IrtModel::TwoPl => "2PL",
        IrtModel::ThreePl => "3PL",
    }
}

fn metric_name(metric: LeaderboardMetric) -> &'static str {
    match metric {
        LeaderboardMetric::Accuracy => "accuracy",
        LeaderboardMetric::Exam => "EXAM score",
        LeaderboardMetric::Ability => "ability θ",
        LeaderboardMetric::Rouge1 => "ROUGE-1 F1",
    }
}

/// The abilities a chart marks: those of the `focus` systems (the analyst's own) that the fit
/// has, or every one when it has none of them.
fn focused<'a>(report: &'a IrtReport, focus: &[String]) -> Vec<&'a IrtAbility> {
    let own: Vec<&IrtAbility> = report
        .systems
        .iter()
        .filter(|s| focus.contains(&s.system))
        .collect();
    if own.is_empty() {
        report.systems.iter().collect()
    } else {
        own
    }
}

fn ability_marks(report: &IrtReport, focus: &[String]) -> Vec<Mark> {
    focused(report, focus)
        .into_iter()
        .map(|s| Mark {
            label: s.system.clone(),
            x: s.ability,
        })
        .collect()
}

/// Item characteristic curves of the chosen questions, with the abilities of the `focus`
/// systems marked (the analyst's own; every system's when the fit has none of them).
pub fn item_curves_chart(
    report: &IrtReport,
    questions: &[String],
    focus: &[String],
) -> ApiResult<Chart> {
    if questions.is_empty() || questions.len() > MAX_ITEM_CURVES {
        return Err(invalid(format!(
            "choose between 1 and {MAX_ITEM_CURVES} questions to draw, not {}",
            questions.len()
        )));
    }
    let lines = questions
        .iter()
        .map(|q| {
            let item = report
                .items
                .iter()
                .find(|i| &i.question == q)
                .ok_or_else(|| invalid(format!("the last IRT fit has no question {q:?}")))?;
            if item.curve.len() != report.information.theta.len() {
                return Err(invalid(
                    "this IRT fit was kept by an earlier version without its curves: fit again",
                ));
            }
            Ok(Line {
                name: q.clone(),
                y: item.curve.clone(),
            })
        })
        .collect::<ApiResult<_>>()?;
    Ok(Chart::Lines(Lines {
        title: "Item characteristic curves".to_owned(),
        subtitle: Some(format!(
            "{}, version {} · {} · abilities of your systems marked",
            report.exam.exam,
            report.exam.version,
            model_name(report.settings.model)
        )),
        x_axis: "Ability θ (the exam's scale)".to_owned(),
        y_axis: "Chance of a right answer".to_owned(),
        y_share: true,
        x: report.information.theta.clone(),
        lines,
        marks: ability_marks(report, focus),
    }))
}

/// At most this many abilities are marked on an information curve (more cannot be read).
pub const MAX_MARKS: usize = 40;

/// The test information curve, with the abilities of the `focus` systems marked (the
/// analyst's own; every system's when the fit has none of them).
pub fn information_chart(report: &IrtReport, focus: &[String]) -> Chart {
    let marked: Vec<IrtAbility> = focused(report, focus).into_iter().cloned().collect();
    information_lines(
        &format!("{}, version {}", report.exam.exam, report.exam.version),
        report.settings.model,
        &report.information,
        report.items.len(),
        &marked,
    )
}

/// A test information curve of `items` questions from `source`, with the abilities marked
/// (when there are at most [`MAX_MARKS`] of them).
pub fn information_lines(
    source: &str,
    model: IrtModel,
    information: &InformationCurve,
    items: usize,
    abilities: &[IrtAbility],
) -> Chart {
    let marked = abilities.len() <= MAX_MARKS;
    Chart::Lines(Lines {
        title: "Test information".to_owned(),
        subtitle: Some(format!(
            "{source} · {} · where the exam measures precisely{}",
            model_name(model),
            if marked {
                ""
            } else {
                " (too many subjects to mark their abilities)"
            }
        )),
        x_axis: "Ability θ (the exam's scale)".to_owned(),
        y_axis: "Mean information per question".to_owned(),
        y_share: false,
        x: information.theta.clone(),
        lines: vec![Line {
            name: format!("{items} questions"),
            y: information.mean.clone(),
        }],
        marks: if marked {
            abilities
                .iter()
                .map(|s| Mark {
                    label: s.system.clone(),
                    x: s.ability,
                })
                .collect()
        } else {
            Vec::new()
        },
    })
}

/// The mean test information after each step of an exam improvement.
pub fn improvement_chart(report: &ImprovementReport) -> ApiResult<Chart> {
    let first = report
        .steps
        .first()
        .ok_or_else(|| invalid("the improvement has no steps"))?;
    Ok(Chart::Lines(Lines {
        title: "Test information as the weakest questions are dropped".to_owned(),
        subtitle: Some(format!(
            "{}, version {} · {:.0}% of the questions dropped per step",
            report.exam.exam,
            report.exam.version,
            report.request.fraction * 100.0
        )),
        x_axis: "Ability θ (the exam's scale)".to_owned(),
        y_axis: "Mean information per question".to_owned(),
        y_share: false,
        x: first.information.theta.clone(),
        lines: report
            .steps
            .iter()
            .map(|s| Line {
                name: if s.step == 0 {
                    format!("full exam ({})", s.remaining)
                } else {
                    format!("step {} ({})", s.step, s.remaining)
                },
                y: s.information.mean.clone(),
            })
            .collect(),
        marks: Vec::new(),
    }))
}

/// Proctor's scores against another leaderboard's, with the agreement under the title.
pub fn agreement_chart(report: &CorrelationReport, against: Option<&str>) -> ApiResult<Chart> {
    let board = match against {
        Some(name) => report
            .correlations
            .iter()
            .find(|c| c.against == name)
            .ok_or_else(|| invalid(format!("no leaderboard named {name:?} was correlated")))?,
        None => report
            .correlations
            .first()
            .ok_or_else(|| invalid("no leaderboard could be correlated"))?,
    };
    let p = |v: f64| {
        if v < 0.001 {
            "p < 0.001".to_owned()
        } else {
            format!("p = {v:.3}")
        }
    };
    Ok(Chart::Scatter(Scatter {
        title: format!("Agreement with {}", board.against),
        subtitle: Some(format!(
            "{} systems · Kendall's τ = {:.2} ({}) · Spearman's ρ = {:.2} ({})",
            board.systems,
            board.kendall,
            p(board.kendall_p),
            board.spearman,
            p(board.spearman_p)
        )),
        x_axis: format!("Proctor: {}", metric_name(report.metric)),
        y_axis: board.against.clone(),
        points: board
            .points
            .iter()
            .map(|pt| Point {
                label: pt.system.clone(),
                x: pt.proctor,
                y: pt.other,
            })
            .collect(),
    }))
}
