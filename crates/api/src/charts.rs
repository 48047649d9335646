//! The series behind the app's charts, built once from the grades: the UI draws them, and
//! `proctor-charts` renders the same series to SVG and PNG.

use crate::dto::Grades;
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

/// Accuracy per topic as a radar for the given systems (topics with at least
/// [`RADAR_MIN_ITEMS`] questions); `None` with fewer than three such topics.
pub fn radar_chart(grades: &Grades, systems: &[String]) -> Option<Chart> {
    let rows: Vec<_> = grades
        .topics
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
            let at = grades.topics.systems.iter().position(|s| s == name)?;
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
        title: "Accuracy per topic".to_owned(),
        axes: rows.iter().map(|r| r.category.clone()).collect(),
        series,
    }))
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
        let radar = radar_chart(&grades, &names[..2]).unwrap();
        let Chart::Radar(r) = &radar else {
            panic!("a radar")
        };
        assert_eq!(r.series.len(), 2);
        assert_eq!(r.axes.len(), 6);
        let svg = proctor_charts::svg(&radar).unwrap();
        assert!(svg.contains(&names[0]));
        assert!(proctor_charts::svg(&leaderboard_chart(&grades)).is_ok());
    }
}
