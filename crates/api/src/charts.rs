//! The series behind the app's charts, built once from the grades: the UI draws them, and
//! `proctor-charts` renders the same series to SVG and PNG.

use crate::dto::{
    CategoryTable, ChartRequest, ChartSpec, CompareRequest, Comparison, CorrelationReport,
    FileContent, Grades, ImageFormat, ImprovementReport, IrtModel, IrtReport, LeaderboardMetric,
    SaveChartRequest,
};
use crate::files::{base64, chosen_path, write_chosen};
use crate::{ApiError, ApiResult, ErrorCode, Project};
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
            })
        })
        .collect();
    Some(Chart::Radar(Radar {
        title: title.to_owned(),
        axes: rows.iter().map(|r| r.category.clone()).collect(),
        series,
    }))
}

fn chart_error(e: &proctor_charts::ChartError) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, e.to_string())
}

/// At most this many item characteristic curves in one chart (more cannot be told apart).
pub const MAX_ITEM_CURVES: usize = 12;

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, message)
}

/// The systems a category chart draws: those asked for, or the first three.
fn chosen_systems(table: &CategoryTable, systems: &[String]) -> ApiResult<Vec<String>> {
    if systems.is_empty() {
        return Ok(table.systems.iter().take(3).cloned().collect());
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
        categories,
        items,
        series: vec![
            Series {
                name: comparison.first.clone(),
                values: first,
            },
            Series {
                name: comparison.second.clone(),
                values: second,
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
    }
}

fn ability_marks(report: &IrtReport) -> Vec<Mark> {
    report
        .systems
        .iter()
        .map(|s| Mark {
            label: s.system.clone(),
            x: s.ability,
        })
        .collect()
}

/// Item characteristic curves of the chosen questions, with the systems' abilities marked.
pub fn item_curves_chart(report: &IrtReport, questions: &[String]) -> ApiResult<Chart> {
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
            "{}, version {} · {} · abilities of the systems marked",
            report.exam.exam,
            report.exam.version,
            model_name(report.settings.model)
        )),
        x_axis: "Ability θ (the exam's scale)".to_owned(),
        y_axis: "Chance of a right answer".to_owned(),
        y_share: true,
        x: report.information.theta.clone(),
        lines,
        marks: ability_marks(report),
    }))
}

/// The test information curve, with the systems' abilities marked.
pub fn information_chart(report: &IrtReport) -> Chart {
    Chart::Lines(Lines {
        title: "Test information".to_owned(),
        subtitle: Some(format!(
            "{}, version {} · {} · where the exam measures precisely",
            report.exam.exam,
            report.exam.version,
            model_name(report.settings.model)
        )),
        x_axis: "Ability θ (the exam's scale)".to_owned(),
        y_axis: "Mean information per question".to_owned(),
        y_share: false,
        x: report.information.theta.clone(),
        lines: vec![Line {
            name: format!("{} questions", report.items.len()),
            y: report.information.mean.clone(),
        }],
        marks: ability_marks(report),
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

impl Project {
    /// The series of a chart of the exam on view: what the page draws and the files render.
    pub fn chart_series(&self, spec: &ChartSpec) -> ApiResult<Chart> {
        let no_radar = || {
            invalid(format!(
                "fewer than three topics have {RADAR_MIN_ITEMS} questions or more: no radar to draw"
            ))
        };
        Ok(match spec {
            ChartSpec::Leaderboard => leaderboard_chart(&self.grades(None)?),
            ChartSpec::Topics { systems } => {
                let grades = self.grades(None)?;
                let systems = chosen_systems(&grades.topics, systems)?;
                radar_chart(&grades.topics, "Accuracy per topic", &systems).ok_or_else(no_radar)?
            }
            ChartSpec::Bloom { systems } => {
                let grades = self.grades(None)?;
                let systems = chosen_systems(&grades.bloom, systems)?;
                category_bars(&grades.bloom, "Accuracy per Bloom level", &systems)
            }
            ChartSpec::QuestionTypes { systems } => {
                let grades = self.grades(None)?;
                let systems = chosen_systems(&grades.question_types, systems)?;
                category_bars(
                    &grades.question_types,
                    "Accuracy per question type",
                    &systems,
                )
            }
            ChartSpec::Compare { first, second } => {
                let comparison = self.compare(&CompareRequest {
                    exam: None,
                    first: first.clone(),
                    second: second.clone(),
                })?;
                compare_chart(&comparison, &self.grades(None)?.topics)
            }
            ChartSpec::ItemCurves { questions } => item_curves_chart(&self.last_fit()?, questions)?,
            ChartSpec::Information => information_chart(&self.last_fit()?),
            ChartSpec::Improvement => {
                improvement_chart(&self.latest_improvement(None)?.ok_or_else(|| {
                    invalid("the exam has not been improved yet: run Exam quality first")
                })?)?
            }
            ChartSpec::Agreement { request, against } => {
                agreement_chart(&self.correlate(request)?, against.as_deref())?
            }
        })
    }

    fn last_fit(&self) -> ApiResult<IrtReport> {
        self.latest_irt(None)?
            .ok_or_else(|| invalid("no IRT model has been fitted on this exam yet: fit one first"))
    }

    fn chart_bytes(&self, request: &ChartRequest) -> ApiResult<(String, Vec<u8>)> {
        let chart = self.chart_series(&request.chart)?;
        let exam = self.grades(None)?.exam;
        let name = match &request.chart {
            ChartSpec::Leaderboard => "leaderboard",
            ChartSpec::Topics { .. } => "topics",
            ChartSpec::Bloom { .. } => "bloom-levels",
            ChartSpec::QuestionTypes { .. } => "question-types",
            ChartSpec::Compare { .. } => "compare",
            ChartSpec::ItemCurves { .. } => "item-curves",
            ChartSpec::Information => "information",
            ChartSpec::Improvement => "improvement",
            ChartSpec::Agreement { .. } => "agreement",
        };
        let stem = format!("{}-v{}-{name}", exam.exam, exam.version)
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect::<String>();
        Ok(match request.format {
            ImageFormat::Svg => (
                format!("{stem}.svg"),
                proctor_charts::svg(&chart)
                    .map_err(|e| chart_error(&e))?
                    .into_bytes(),
            ),
            ImageFormat::Png => (
                format!("{stem}.png"),
                proctor_charts::png(&chart).map_err(|e| chart_error(&e))?,
            ),
        })
    }

    /// A chart of the exam on view as an SVG or PNG file (the PNG as base64).
    pub fn chart(&self, request: &ChartRequest) -> ApiResult<FileContent> {
        let (file_name, bytes) = self.chart_bytes(request)?;
        Ok(chart_file(request.format, file_name, &bytes))
    }

    /// Writes a chart to a file the user chose (the window's save dialog).
    pub fn save_chart(&self, request: &SaveChartRequest) -> ApiResult<FileContent> {
        let path = chosen_path(&request.path, "the chart")?;
        let (_, bytes) = self.chart_bytes(&request.chart)?;
        let file_name = write_chosen(&path, &bytes)?;
        Ok(chart_file(request.chart.format, file_name, &bytes))
    }
}

/// A rendered chart as the doors carry it: SVG as text, PNG as base64.
fn chart_file(format: ImageFormat, file_name: String, bytes: &[u8]) -> FileContent {
    match format {
        ImageFormat::Svg => FileContent {
            file_name,
            mime: "image/svg+xml".to_owned(),
            base64: false,
            content: String::from_utf8_lossy(bytes).into_owned(),
        },
        ImageFormat::Png => FileContent {
            file_name,
            mime: "image/png".to_owned(),
            base64: true,
            content: base64(bytes),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;

    #[test]
    fn the_charts_draw_the_numbers_on_screen() {
        let dir = tempfile::tempdir().unwrap();
        let summary = crate::sample::build(&dir.path().join("s.proctor"), &NoProgress).unwrap();
        let grades = summary.grades.unwrap();
        let Chart::Leaderboard(board) = leaderboard_chart(&grades) else {
            panic!("a leaderboard")
        };
        assert_eq!(board.bars.len(), grades.leaderboard.len());
        for (bar, standing) in board.bars.iter().zip(&grades.leaderboard) {
            assert_eq!(bar.label, standing.system);
            assert_eq!(Some(bar.value), standing.accuracy);
            assert_eq!(Some(bar.low), standing.accuracy_low);
            assert_eq!(Some(bar.high), standing.accuracy_high);
        }
        let names: Vec<String> = grades
            .leaderboard
            .iter()
            .map(|s| s.system.clone())
            .collect();
        let radar = radar_chart(&grades.topics, "Accuracy per topic", &names[..2]).unwrap();
        let Chart::Radar(r) = &radar else {
            panic!("a radar")
        };
        assert_eq!(r.series.len(), 2);
        assert_eq!(r.axes.len(), 6);
        let svg = proctor_charts::svg(&radar).unwrap();
        assert!(svg.contains(&names[0]));
        assert!(proctor_charts::svg(&leaderboard_chart(&grades)).is_ok());
    }

    #[test]
    fn charts_come_as_files_and_save_where_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        crate::sample::build(&path, &NoProgress).unwrap();
        let project = Project::open(&path).unwrap();
        let png = project
            .chart(&ChartRequest {
                chart: ChartSpec::Leaderboard,
                format: ImageFormat::Png,
            })
            .unwrap();
        assert!(
            png.base64 && png.content.starts_with("iVBORw0KGgo"),
            "a PNG"
        );
        assert!(
            png.file_name.ends_with("-leaderboard.png"),
            "{}",
            png.file_name
        );
        let request = ChartRequest {
            chart: ChartSpec::Topics {
                systems: Vec::new(),
            },
            format: ImageFormat::Svg,
        };
        let svg = project.chart(&request).unwrap();
        assert!(!svg.base64 && svg.content.contains("Accuracy per topic"));
        let file = dir.path().join("topics.svg");
        project
            .save_chart(&SaveChartRequest {
                chart: request.clone(),
                path: file.display().to_string(),
            })
            .unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), svg.content);
        assert!(
            project
                .save_chart(&SaveChartRequest {
                    chart: request,
                    path: path.display().to_string(),
                })
                .is_err(),
            "never over the project file"
        );
    }

    #[test]
    fn every_chart_kind_draws_the_numbers_the_panels_show() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        crate::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        let grades = project.grades(None).unwrap();
        let (a, b) = (
            grades.leaderboard[0].system.clone(),
            grades.leaderboard[1].system.clone(),
        );

        // Two systems: the comparison's accuracies, then the topic table's, and its verdict.
        let comparison = project
            .compare(&CompareRequest {
                exam: None,
                first: a.clone(),
                second: b.clone(),
            })
            .unwrap();
        let Chart::Bars(bars) = project
            .chart_series(&ChartSpec::Compare {
                first: a.clone(),
                second: b.clone(),
            })
            .unwrap()
        else {
            panic!("bars")
        };
        assert_eq!(bars.series[0].values[0], Some(comparison.first_accuracy));
        assert_eq!(bars.series[1].values[0], Some(comparison.second_accuracy));
        assert_eq!(bars.categories.len(), grades.topics.rows.len() + 1);
        let at = grades.topics.systems.iter().position(|s| s == &b).unwrap();
        assert_eq!(
            bars.series[1].values[1],
            grades.topics.rows[0].cells[at].accuracy
        );
        assert_eq!(
            bars.subtitle.as_deref(),
            Some(comparison.verdict.sentence.as_str())
        );

        // Bloom levels and question types: every group, with its question count.
        let Chart::Bars(types) = project
            .chart_series(&ChartSpec::QuestionTypes {
                systems: vec![b.clone()],
            })
            .unwrap()
        else {
            panic!("bars")
        };
        assert_eq!(
            types.items,
            grades
                .question_types
                .rows
                .iter()
                .map(|r| r.items)
                .collect::<Vec<_>>()
        );
        let e = project
            .chart_series(&ChartSpec::Bloom {
                systems: vec!["Nobody".into()],
            })
            .unwrap_err();
        assert!(e.message.contains("no system named \"Nobody\""), "{e:?}");

        // The IRT charts need a fit, and say so.
        let e = project.chart_series(&ChartSpec::Information).unwrap_err();
        assert!(e.message.contains("no IRT model"), "{e:?}");
        let fit = project
            .fit_irt(&crate::dto::IrtRequest {
                exam: None,
                settings: None,
                hierarchical: false,
                baselines: Vec::new(),
                selection: crate::dto::SystemSelection::default(),
            })
            .unwrap();
        let Chart::Lines(info) = project.chart_series(&ChartSpec::Information).unwrap() else {
            panic!("lines")
        };
        assert_eq!(info.lines[0].y, fit.information.mean);
        assert_eq!(info.marks.len(), fit.systems.len());
        let question = fit.items[3].question.clone();
        let Chart::Lines(icc) = project
            .chart_series(&ChartSpec::ItemCurves {
                questions: vec![question.clone()],
            })
            .unwrap()
        else {
            panic!("lines")
        };
        assert_eq!(icc.lines[0].y, fit.items[3].curve);
        assert!(icc.y_share);
        let e = project
            .chart_series(&ChartSpec::ItemCurves {
                questions: vec![question; MAX_ITEM_CURVES + 1],
            })
            .unwrap_err();
        assert!(e.message.contains("between 1 and 12"), "{e:?}");

        // Exam improvement: one curve per step kept.
        assert!(project.chart_series(&ChartSpec::Improvement).is_err());
        let improvement = project
            .improve_exam(&crate::dto::ImproveRequest {
                exam: None,
                steps: 2,
                fraction: 0.1,
                selection: crate::dto::SystemSelection::default(),
            })
            .unwrap();
        let Chart::Lines(steps) = project.chart_series(&ChartSpec::Improvement).unwrap() else {
            panic!("lines")
        };
        assert_eq!(steps.lines.len(), improvement.steps.len());
        assert_eq!(steps.lines[2].y, improvement.steps[2].information.mean);

        // Agreement: each system at (Proctor's score, the other's).
        let board = dir.path().join("board.csv");
        let csv: String = std::iter::once("system,score\n".to_owned())
            .chain(
                grades
                    .leaderboard
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("{},{}\n", s.system, 0.9 - 0.1 * i as f64)),
            )
            .collect();
        std::fs::write(&board, csv).unwrap();
        let request = crate::dto::CorrelateRequest {
            exam: None,
            metric: crate::dto::LeaderboardMetric::Accuracy,
            leaderboard: Some(board.display().to_string()),
            qrels: None,
            runs: Vec::new(),
        };
        let Chart::Scatter(scatter) = project
            .chart_series(&ChartSpec::Agreement {
                request,
                against: None,
            })
            .unwrap()
        else {
            panic!("scatter")
        };
        assert_eq!(scatter.points.len(), grades.leaderboard.len());
        let first = scatter.points.iter().find(|p| p.label == a).unwrap();
        assert_eq!(Some(first.x), grades.leaderboard[0].accuracy);
        assert!((first.y - 0.9).abs() < 1e-12);
        for kind in [
            ChartSpec::Information,
            ChartSpec::Improvement,
            ChartSpec::Compare {
                first: a,
                second: b,
            },
        ] {
            let svg = project
                .chart(&ChartRequest {
                    chart: kind,
                    format: ImageFormat::Svg,
                })
                .unwrap();
            assert!(svg.content.starts_with("<svg"));
        }
    }
}
