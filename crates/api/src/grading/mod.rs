//! Grading: from the stored responses to the leaderboard, its breakdowns, comparisons and the one
//! verdict (docs/METHODS.md §1, §9). [`grades`] builds the leaderboard and compares systems,
//! [`verdict`] decides whether a difference is real, [`overlap`] scores articles by ROUGE-1 beside
//! EXAM; the sittings they all read are [`Loaded`], here.

pub(crate) mod grades;
pub(crate) mod overlap;
pub(crate) mod verdict;

pub(crate) use verdict::looks_note;

use crate::dto::{Factor, SystemGroup};
use proctor_core::SystemKind;
use proctor_exam::grading::{GradedQuestion, Sitting};
use std::collections::HashMap;

/// What grading, comparing and IRT read from the project.
pub(crate) struct Loaded {
    pub questions: Vec<GradedQuestion>,
    pub sittings: Vec<Sitting>,
    pub factors: HashMap<String, Vec<Factor>>,
    /// Each system's group (the reference pipelines apart from the systems being judged).
    pub groups: HashMap<String, SystemGroup>,
    /// The open-answer sittings, by system: how their free answers were graded.
    pub open: HashMap<String, proctor_store::OpenGrading>,
}

/// The group of a system of this kind.
pub(crate) fn group_of_kind(kind: SystemKind) -> SystemGroup {
    if kind == SystemKind::Pipeline {
        SystemGroup::Pipelines
    } else {
        SystemGroup::Systems
    }
}

/// A system's factor tags as the doors show them.
pub(crate) fn factors_of(system: &proctor_store::SystemRow) -> Vec<Factor> {
    system
        .factors
        .iter()
        .map(|(f, l)| Factor {
            name: f.clone(),
            level: l.clone(),
        })
        .collect()
}
