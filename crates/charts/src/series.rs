//! The series a chart is drawn from: what the facade builds once, and the UI and the renderers
//! draw.

use crate::ChartError;
use serde::{Deserialize, Serialize};

/// How many of anything a chart may draw: series, categories, points on a line. Larger charts
/// are refused with a message rather than drawn for minutes.
pub const MAX_ITEMS: usize = 5_000;

/// One system's bar: a share with its 95% interval, and the reader's ceiling where it has one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bar {
    /// The system.
    pub label: String,
    /// The share (0–1).
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// The reader's ceiling (its accuracy with the oracle passage), drawn as a triangle.
    pub ceiling: Option<f64>,
    /// A reference pipeline rather than one of the analyst's systems: drawn in its own, paler
    /// colour.
    #[serde(default)]
    pub reference: bool,
}

/// The leaderboard: systems' accuracy with intervals, best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Leaderboard {
    /// The chart's title.
    pub title: String,
    /// The value axis's label, with its unit.
    pub axis: String,
    /// The bars, top to bottom.
    pub bars: Vec<Bar>,
}

/// One system's values, one per category (a radar's axis, a group of bars).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Series {
    /// The system.
    pub name: String,
    /// One share (0–1) per category; none where the system has too few questions there.
    pub values: Vec<Option<f64>>,
    /// A reference pipeline rather than one of the analyst's systems: drawn in grey.
    #[serde(default)]
    pub reference: bool,
}

/// Accuracy per topic as a radar, one shape per system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Radar {
    /// The chart's title.
    pub title: String,
    /// The axes (topics), clockwise from the top.
    pub axes: Vec<String>,
    /// The systems.
    pub series: Vec<Series>,
}

/// Shares per category as groups of bars, one bar per system (Bloom levels, question types,
/// two systems compared topic by topic).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bars {
    /// The chart's title.
    pub title: String,
    /// A line under the title (a verdict, a note), if any.
    pub subtitle: Option<String>,
    /// The value axis's label, with its unit.
    pub axis: String,
    /// The top of the value axis, a share (none: 100%); every value is at most this.
    pub top: Option<f64>,
    /// The groups, left to right.
    pub categories: Vec<String>,
    /// How many questions each group has (shown under its name).
    pub items: Vec<u32>,
    /// The systems, one bar each per group.
    pub series: Vec<Series>,
}

/// One curve over the shared x values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Line {
    /// What the curve is (a question, a step).
    pub name: String,
    /// One y per x.
    pub y: Vec<f64>,
}

/// A position marked on the x axis (a system's ability).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Mark {
    /// What is there.
    pub label: String,
    /// Where.
    pub x: f64,
}

/// Curves over one x axis with marked positions: item characteristic curves, test information,
/// the information left after each step of exam improvement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Lines {
    /// The chart's title.
    pub title: String,
    /// A line under the title, if any.
    pub subtitle: Option<String>,
    /// The x axis's label.
    pub x_axis: String,
    /// The y axis's label.
    pub y_axis: String,
    /// Whether y is a chance between 0 and 1 (drawn 0–100%) rather than a quantity from 0 up.
    pub y_share: bool,
    /// The x values, ascending, shared by every curve.
    pub x: Vec<f64>,
    /// The curves.
    pub lines: Vec<Line>,
    /// Positions marked on the x axis.
    pub marks: Vec<Mark>,
}

/// One labelled point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Point {
    /// The system.
    pub label: String,
    /// Its x.
    pub x: f64,
    /// Its y.
    pub y: f64,
}

/// Labelled points on two axes: Proctor's scores against another leaderboard's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Scatter {
    /// The chart's title.
    pub title: String,
    /// A line under the title (the agreement), if any.
    pub subtitle: Option<String>,
    /// The x axis's label.
    pub x_axis: String,
    /// The y axis's label.
    pub y_axis: String,
    /// The points.
    pub points: Vec<Point>,
}

/// A chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Chart {
    /// Accuracy with intervals and ceilings.
    Leaderboard(Leaderboard),
    /// Accuracy per topic.
    Radar(Radar),
    /// Shares per category, grouped bars.
    Bars(Bars),
    /// Curves with marks.
    Lines(Lines),
    /// Labelled points.
    Scatter(Scatter),
}

fn share(what: &str, v: f64) -> Result<(), ChartError> {
    if v.is_finite() && (0.0..=1.0).contains(&v) {
        Ok(())
    } else {
        Err(ChartError::Invalid(format!(
            "{what} is {v}, not a share between 0 and 1"
        )))
    }
}

fn finite(what: &str, v: f64) -> Result<(), ChartError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(ChartError::Invalid(format!("{what} is {v}, not a number")))
    }
}

fn bounded(what: &str, n: usize) -> Result<(), ChartError> {
    if n > MAX_ITEMS {
        Err(ChartError::Invalid(format!(
            "{what}: {n}, more than the {MAX_ITEMS} a chart can draw"
        )))
    } else {
        Ok(())
    }
}

fn check_series(series: &[Series], categories: usize, of: &str) -> Result<(), ChartError> {
    bounded("systems", series.len())?;
    for s in series {
        if s.values.len() != categories {
            return Err(ChartError::Invalid(format!(
                "{} has {} values for {categories} {of}",
                s.name,
                s.values.len()
            )));
        }
        for v in s.values.iter().flatten() {
            share(&format!("a share of {}", s.name), *v)?;
        }
    }
    Ok(())
}

impl Chart {
    /// Checks that the chart can be drawn.
    pub fn check(&self) -> Result<(), ChartError> {
        match self {
            Self::Leaderboard(l) => {
                if l.bars.is_empty() {
                    return Err(ChartError::Invalid("the leaderboard has no systems".into()));
                }
                bounded("systems", l.bars.len())?;
                for b in &l.bars {
                    share(&format!("{}'s accuracy", b.label), b.value)?;
                    share(&format!("{}'s interval", b.label), b.low)?;
                    share(&format!("{}'s interval", b.label), b.high)?;
                    if let Some(c) = b.ceiling {
                        share(&format!("{}'s ceiling", b.label), c)?;
                    }
                }
            }
            Self::Radar(r) => {
                if r.axes.len() < 3 {
                    return Err(ChartError::Invalid(
                        "a radar needs at least three topics".into(),
                    ));
                }
                bounded("topics", r.axes.len())?;
                check_series(&r.series, r.axes.len(), "topics")?;
            }
            Self::Bars(b) => {
                if b.categories.is_empty() || b.series.is_empty() {
                    return Err(ChartError::Invalid(
                        "the bars have no groups or no systems".into(),
                    ));
                }
                bounded("groups", b.categories.len())?;
                if b.items.len() != b.categories.len() {
                    return Err(ChartError::Invalid(format!(
                        "{} question counts for {} groups",
                        b.items.len(),
                        b.categories.len()
                    )));
                }
                check_series(&b.series, b.categories.len(), "groups")?;
                if let Some(top) = b.top {
                    share("the top of the axis", top)?;
                    if top <= 0.0 {
                        return Err(ChartError::Invalid("the top of the axis is 0".into()));
                    }
                    let highest = b
                        .series
                        .iter()
                        .flat_map(|s| s.values.iter().flatten())
                        .fold(0.0f64, |m, v| m.max(*v));
                    if highest > top {
                        return Err(ChartError::Invalid(format!(
                            "a value of {highest} is above the axis's top, {top}"
                        )));
                    }
                }
            }
            Self::Lines(l) => {
                if l.x.len() < 2 || l.lines.is_empty() {
                    return Err(ChartError::Invalid(
                        "a line chart needs two x values and a curve".into(),
                    ));
                }
                bounded("points on a curve", l.x.len())?;
                bounded("curves", l.lines.len())?;
                bounded("marks", l.marks.len())?;
                for (i, x) in l.x.iter().enumerate() {
                    finite("an x value", *x)?;
                    if i > 0 && *x <= l.x[i - 1] {
                        return Err(ChartError::Invalid("the x values do not ascend".into()));
                    }
                }
                for line in &l.lines {
                    if line.y.len() != l.x.len() {
                        return Err(ChartError::Invalid(format!(
                            "{} has {} values for {} x values",
                            line.name,
                            line.y.len(),
                            l.x.len()
                        )));
                    }
                    for y in &line.y {
                        if l.y_share {
                            share(&format!("a value of {}", line.name), *y)?;
                        } else {
                            finite(&format!("a value of {}", line.name), *y)?;
                        }
                    }
                }
                for m in &l.marks {
                    finite(&format!("{}'s position", m.label), m.x)?;
                }
            }
            Self::Scatter(s) => {
                if s.points.is_empty() {
                    return Err(ChartError::Invalid("the scatter has no points".into()));
                }
                bounded("points", s.points.len())?;
                for p in &s.points {
                    finite(&format!("{}'s x", p.label), p.x)?;
                    finite(&format!("{}'s y", p.label), p.y)?;
                }
            }
        }
        Ok(())
    }
}
