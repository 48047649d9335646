//! The series a chart is drawn from: what the facade builds once, and the UI and the renderers
//! draw.

use crate::ChartError;
use serde::{Deserialize, Serialize};

/// One system's bar: a share with its 95% interval, and the reader's ceiling where it has one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
}

/// The leaderboard: systems' accuracy with intervals, best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    /// The chart's title.
    pub title: String,
    /// The value axis's label, with its unit.
    pub axis: String,
    /// The bars, top to bottom.
    pub bars: Vec<Bar>,
}

/// One system's shape on a radar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RadarSeries {
    /// The system.
    pub name: String,
    /// One share (0–1) per axis; none where the system has too few questions there.
    pub values: Vec<Option<f64>>,
}

/// Accuracy per topic as a radar, one shape per system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Radar {
    /// The chart's title.
    pub title: String,
    /// The axes (topics), clockwise from the top.
    pub axes: Vec<String>,
    /// The systems.
    pub series: Vec<RadarSeries>,
}

/// A chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Chart {
    /// Accuracy with intervals and ceilings.
    Leaderboard(Leaderboard),
    /// Accuracy per topic.
    Radar(Radar),
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

impl Chart {
    /// Checks that the chart can be drawn.
    pub fn check(&self) -> Result<(), ChartError> {
        match self {
            Self::Leaderboard(l) => {
                if l.bars.is_empty() {
                    return Err(ChartError::Invalid("the leaderboard has no systems".into()));
                }
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
                for s in &r.series {
                    if s.values.len() != r.axes.len() {
                        return Err(ChartError::Invalid(format!(
                            "{} has {} values for {} topics",
                            s.name,
                            s.values.len(),
                            r.axes.len()
                        )));
                    }
                    for v in s.values.iter().flatten() {
                        share(&format!("a share of {}", s.name), *v)?;
                    }
                }
            }
        }
        Ok(())
    }
}
