//! Charts as files: the series of `series.rs` for the exam on view, rendered to SVG or PNG
//! and handed to the page (a download) or written where the save dialog chose.

pub mod series;
pub mod tables;

use crate::charts::series::{
    RADAR_MIN_ITEMS, agreement_chart, category_bars, chosen_systems, compare_chart,
    improvement_chart, information_chart, invalid, item_curves_chart, leaderboard_chart,
    radar_chart, references,
};
use crate::dto::{
    ChartRequest, ChartSpec, CompareRequest, FileContent, ImageFormat, IrtReport, SaveChartRequest,
};
use crate::files::{chosen_path, file_content, file_stem, write_chosen};
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_charts::Chart;

fn chart_error(e: &proctor_charts::ChartError) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, e.to_string())
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
                let systems = chosen_systems(&grades.topics, systems, &grades.focus)?;
                references(
                    radar_chart(&grades.topics, "Accuracy per topic", &systems)
                        .ok_or_else(no_radar)?,
                    &grades,
                )
            }
            ChartSpec::Bloom { systems } => {
                let grades = self.grades(None)?;
                let systems = chosen_systems(&grades.bloom, systems, &grades.focus)?;
                references(
                    category_bars(&grades.bloom, "Accuracy per Bloom level", &systems),
                    &grades,
                )
            }
            ChartSpec::QuestionTypes { systems } => {
                let grades = self.grades(None)?;
                let systems = chosen_systems(&grades.question_types, systems, &grades.focus)?;
                references(
                    category_bars(
                        &grades.question_types,
                        "Accuracy per question type",
                        &systems,
                    ),
                    &grades,
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
            ChartSpec::ItemCurves { questions } => {
                item_curves_chart(&self.last_fit()?, questions, &self.grades(None)?.focus)?
            }
            ChartSpec::Information => {
                information_chart(&self.last_fit()?, &self.grades(None)?.focus)
            }
            ChartSpec::Improvement => {
                improvement_chart(&self.latest_improvement(None)?.ok_or_else(|| {
                    invalid("the exam has not been improved yet: run Exam quality first")
                })?)?
            }
            ChartSpec::Agreement { request, against } => {
                agreement_chart(&self.correlate(request)?, against.as_deref())?
            }
            ChartSpec::Adaptive { request } => self.cat_check(request)?.chart,
        })
    }

    fn last_fit(&self) -> ApiResult<IrtReport> {
        self.latest_irt(None)?
            .ok_or_else(|| invalid("no IRT model has been fitted on this exam yet: fit one first"))
    }

    fn chart_bytes(&self, request: &ChartRequest) -> ApiResult<(String, Vec<u8>)> {
        let chart = self.chart_series(&request.chart)?;
        let exam = self.exam_version(None)?;
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
            ChartSpec::Adaptive { .. } => "adaptive-exams",
        };
        let stem = file_stem(&format!("{}-v{}-{name}", exam.exam_name, exam.version));
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
        ImageFormat::Svg => file_content(file_name, "image/svg+xml", bytes, false),
        ImageFormat::Png => file_content(file_name, "image/png", bytes, true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;
    use crate::charts::series::MAX_ITEM_CURVES;

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
