//! The series behind the app's charts, built once from the grades: the UI draws them, and
//! `proctor-charts` renders the same series to SVG and PNG.

use crate::dto::{
    CategoryTable, ChartFile, ChartKind, ChartRequest, Grades, ImageFormat, SaveChartRequest,
};
use crate::files::{chosen_path, write_chosen};
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_charts::{Bar, Chart, Leaderboard, Radar, RadarSeries};

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
            Some(RadarSeries {
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

/// Standard base64 (RFC 4648, with padding), for a PNG crossing to the page as text.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn chart_error(e: &proctor_charts::ChartError) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, e.to_string())
}

impl Project {
    fn chart_bytes(&self, request: &ChartRequest) -> ApiResult<(String, Vec<u8>)> {
        let grades = self.grades(None)?;
        let (chart, name) = match request.kind {
            ChartKind::Leaderboard => (leaderboard_chart(&grades), "leaderboard"),
            ChartKind::Topics | ChartKind::Bloom => {
                let (table, title, name) = if request.kind == ChartKind::Topics {
                    (&grades.topics, "Accuracy per topic", "topics")
                } else {
                    (&grades.bloom, "Accuracy per Bloom level", "bloom-levels")
                };
                let systems = if request.systems.is_empty() {
                    table.systems.iter().take(3).cloned().collect()
                } else {
                    request.systems.clone()
                };
                let chart = radar_chart(table, title, &systems).ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::InvalidInput,
                        format!("fewer than three categories have {RADAR_MIN_ITEMS} questions or more: no radar to draw"),
                    )
                })?;
                (chart, name)
            }
        };
        let stem = format!("{}-v{}-{name}", grades.exam.exam, grades.exam.version)
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
    pub fn chart(&self, request: &ChartRequest) -> ApiResult<ChartFile> {
        let (file_name, bytes) = self.chart_bytes(request)?;
        Ok(chart_file(request.format, file_name, &bytes))
    }

    /// Writes a chart to a file the user chose (the window's save dialog).
    pub fn save_chart(&self, request: &SaveChartRequest) -> ApiResult<ChartFile> {
        let path = chosen_path(&request.path, "the chart")?;
        let (_, bytes) = self.chart_bytes(&request.chart)?;
        let file_name = write_chosen(&path, &bytes)?;
        Ok(chart_file(request.chart.format, file_name, &bytes))
    }
}

/// A rendered chart as the doors carry it: SVG as text, PNG as base64.
fn chart_file(format: ImageFormat, file_name: String, bytes: &[u8]) -> ChartFile {
    match format {
        ImageFormat::Svg => ChartFile {
            file_name,
            mime: "image/svg+xml".to_owned(),
            base64: false,
            content: String::from_utf8_lossy(bytes).into_owned(),
        },
        ImageFormat::Png => ChartFile {
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
                kind: ChartKind::Leaderboard,
                format: ImageFormat::Png,
                systems: Vec::new(),
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
            kind: ChartKind::Topics,
            format: ImageFormat::Svg,
            systems: Vec::new(),
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
    fn base64_is_the_standard_alphabet_with_padding() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
    }
}
