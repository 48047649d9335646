//! Fewer questions (METHODS.md §11): how well an adaptive exam of a share of the questions
//! predicts each system's accuracy on the whole exam, beside random subsets of the same size.

use crate::dto::{
    CatCheck, CatCheckRequest, CatCheckRow, CatGroupErrors, SystemGroup, SystemSelection,
};
use crate::grading::verdict::paired_verdicts;
use crate::irt::{estimation_of, model_of, preset_named, stats_error};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_charts::{Bars, Chart, Series};
use proctor_stats::StatsError;
use proctor_stats::irt::{
    CatSettings, Estimation, Item, ItemModel, Preset, ResponseMatrix, fit_by, leave_one_out,
};

/// Random subsets drawn per system, and their seed.
const REPEATS: usize = 50;
const SEED: u64 = 20_261_124;

impl Project {
    /// Leave-one-out check of adaptive exams on the exam on view.
    pub fn cat_check(&self, request: &CatCheckRequest) -> ApiResult<CatCheck> {
        if !(request.share > 0.0 && request.share <= 1.0) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "the share of questions asked must be above 0 and at most 1, not {}",
                    request.share
                ),
            ));
        }
        if let Some(limit) = request.max_exposure
            && !(limit > 0.0 && limit <= 1.0)
        {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!("the exposure limit must be above 0 and at most 1, not {limit}"),
            ));
        }
        let settings = self.irt_settings()?;
        let sat = self.sat(request.exam.as_deref(), &SystemSelection::default())?;
        if sat.systems.len() < 3 {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "checking adaptive exams needs at least three systems (one left out, the others to calibrate the questions)",
            ));
        }
        let preset = preset_named(&settings.preset)?;
        let model = model_of(settings.model);
        let questions = sat.questions.len();
        let asked = ((questions as f64 * request.share).round() as usize).clamp(1, questions);
        let topics = request.balance_topics.then(|| topic_numbers(&sat.topics));
        let cat = CatSettings {
            target_se: 0.0,
            max_items: asked,
            topics,
            prior: (0.0, 1.0),
            max_exposure: request.max_exposure,
        };
        let estimation = estimation_of(settings.method);
        let calibrate = |m: &ResponseMatrix| calibrate(m, model, &preset, estimation);
        let in_group = |s: usize| request.group.is_none_or(|g| sat.groups[s] == g);
        if !(0..sat.systems.len()).any(in_group) {
            let group = request.group.map_or("systems", SystemGroup::describe);
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!("no {group} sat this exam, so there is nothing to check"),
            ));
        }
        let checks = leave_one_out(&sat.responses, calibrate, &cat, in_group, REPEATS, SEED)
            .map_err(|e| stats_error(&e))?;
        let rows: Vec<CatCheckRow> = checks
            .iter()
            .map(|c| CatCheckRow {
                system: sat.systems[c.subject].clone(),
                group: sat.groups[c.subject],
                used: saturating_u32(c.used),
                ability: c.prediction.theta,
                standard_error: c.prediction.se,
                predicted: c.prediction.accuracy,
                low: c.prediction.low,
                high: c.prediction.high,
                actual: c.actual,
                random_error: c.random_error,
            })
            .collect();
        let skipped = sat
            .systems
            .iter()
            .enumerate()
            .filter(|&(s, name)| in_group(s) && !rows.iter().any(|r| &r.system == name))
            .map(|(_, name)| name.clone())
            .collect();
        let (mean_error, mean_random_error) = mean_errors(&rows);
        let groups = [SystemGroup::Pipelines, SystemGroup::Systems]
            .into_iter()
            .filter_map(|group| {
                let members: Vec<CatCheckRow> =
                    rows.iter().filter(|r| r.group == group).cloned().collect();
                let (mean_error, mean_random_error) = mean_errors(&members);
                (!members.is_empty()).then(|| CatGroupErrors {
                    group,
                    systems: saturating_u32(members.len()),
                    mean_error,
                    mean_random_error,
                })
            })
            .collect();
        let count = rows.len().max(1) as f64;
        let coverage = rows
            .iter()
            .filter(|r| r.low <= r.actual && r.actual <= r.high)
            .count() as f64
            / count;
        // Is the adaptive exam's error really smaller (or larger) than random questions'? One
        // pair per system checked, the project's test for per-unit scores.
        let verdict = if rows.len() >= 2 {
            let adaptive: Vec<f64> = rows
                .iter()
                .map(|r| (r.predicted - r.actual).abs())
                .collect();
            let random: Vec<f64> = rows.iter().map(|r| r.random_error).collect();
            paired_verdicts(
                ("a random subset", &random),
                &[("The adaptive exam".to_owned(), adaptive)],
                "prediction error",
                "adaptive exams",
                "systems",
            )?
            .pop()
        } else {
            None
        };
        let chart = Chart::Bars(Bars {
            title: format!("Predicting the whole exam from {asked} of its {questions} questions"),
            subtitle: Some(format!(
                "Mean error: adaptive {:.1} points, random subsets {:.1} points",
                mean_error * 100.0,
                mean_random_error * 100.0
            )),
            axis: "|predicted − actual accuracy|".to_owned(),
            // The errors are small: the axis runs to a little above the largest, in steps of 5
            // points.
            top: Some(
                (rows
                    .iter()
                    .map(|r| (r.predicted - r.actual).abs().max(r.random_error))
                    .fold(0.0f64, f64::max)
                    * 1.15
                    / 0.05)
                    .ceil()
                    .max(1.0)
                    * 0.05,
            )
            .map(|t: f64| t.min(1.0)),
            categories: rows.iter().map(|r| r.system.clone()).collect(),
            items: rows.iter().map(|r| r.used).collect(),
            series: vec![
                Series {
                    name: "adaptive exam".to_owned(),
                    values: rows
                        .iter()
                        .map(|r| Some((r.predicted - r.actual).abs()))
                        .collect(),
                    reference: false,
                },
                Series {
                    name: "random subsets (mean)".to_owned(),
                    values: rows.iter().map(|r| Some(r.random_error)).collect(),
                    reference: false,
                },
            ],
        });
        Ok(CatCheck {
            request: request.clone(),
            settings,
            questions: saturating_u32(questions),
            skipped,
            calibrating: saturating_u32(sat.systems.len()),
            rows,
            mean_error,
            mean_random_error,
            groups,
            coverage,
            verdict,
            chart,
        })
    }
}

/// The mean |predicted − actual| of the adaptive exams and the mean random-subset error over
/// `rows` (zero without rows).
fn mean_errors(rows: &[CatCheckRow]) -> (f64, f64) {
    let count = rows.len().max(1) as f64;
    (
        rows.iter()
            .map(|r| (r.predicted - r.actual).abs())
            .sum::<f64>()
            / count,
        rows.iter().map(|r| r.random_error).sum::<f64>() / count,
    )
}

/// Topics numbered in order of first appearance; questions without one share a topic.
pub(crate) fn topic_numbers(topics: &[Option<String>]) -> Vec<usize> {
    let mut names: Vec<&Option<String>> = Vec::new();
    topics
        .iter()
        .map(|t| {
            names.iter().position(|n| *n == t).unwrap_or_else(|| {
                names.push(t);
                names.len() - 1
            })
        })
        .collect()
}

/// The items calibrated on `responses`, and the population they were calibrated on (the
/// prior of θ): N(0, 1) for a marginal fit, whose scale it defines; the calibrating systems'
/// mean and sd for a joint one.
pub(crate) fn calibrate(
    responses: &ResponseMatrix,
    model: ItemModel,
    preset: &Preset,
    estimation: Estimation,
) -> Result<(Vec<Item>, (f64, f64)), StatsError> {
    let fit = fit_by(responses, model, preset, estimation, false)?;
    let prior = match estimation {
        Estimation::Joint => {
            let n = fit.abilities.len().max(1) as f64;
            let mean = fit.abilities.iter().sum::<f64>() / n;
            let sd = (fit
                .abilities
                .iter()
                .map(|t| (t - mean).powi(2))
                .sum::<f64>()
                / n)
                .sqrt();
            (mean, if sd > 0.0 { sd } else { 1.0 })
        }
        Estimation::Marginal => (0.0, 1.0),
    };
    Ok((fit.items, prior))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;

    #[test]
    fn adaptive_exams_are_checked_against_the_whole_exam() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        crate::sample::build(&path, &NoProgress).unwrap();
        let project = Project::open(&path).unwrap();
        let check = project
            .cat_check(&CatCheckRequest {
                exam: None,
                share: 0.5,
                balance_topics: false,
                max_exposure: None,
                group: None,
            })
            .unwrap();
        assert_eq!(check.questions, 120);
        assert!(!check.rows.is_empty());
        let grades = project.grades(None).unwrap();
        for row in &check.rows {
            assert_eq!(row.used, 60);
            assert!(row.low <= row.predicted && row.predicted <= row.high);
            // "Actual" is the share right of the questions, as on the leaderboard.
            let standing = grades
                .leaderboard
                .iter()
                .find(|s| s.system == row.system)
                .unwrap();
            assert!((Some(row.actual) == standing.accuracy), "{}", row.system);
        }
        // Systems with errors cannot be left out and checked: they are named.
        for name in &check.skipped {
            let standing = grades
                .leaderboard
                .iter()
                .find(|s| &s.system == name)
                .unwrap();
            assert!(standing.errors > 0, "{name}");
        }
        assert!(check.mean_error.is_finite() && check.mean_random_error > 0.0);
        // The verdict is the paired randomisation test on the rows' own errors.
        let verdict = check.verdict.as_ref().unwrap();
        let adaptive: Vec<f64> = check
            .rows
            .iter()
            .map(|r| (r.predicted - r.actual).abs())
            .collect();
        let random: Vec<f64> = check.rows.iter().map(|r| r.random_error).collect();
        let test = proctor_stats::significance::permutation_test(
            &adaptive,
            &random,
            crate::grading::verdict::RANDOMISATION_FLIPS,
            proctor_exam::grading::SEED,
        )
        .unwrap();
        assert!((verdict.p_value - test.p_value).abs() < 1e-12);
        assert_eq!(verdict.real, test.p_value < 0.05);
        assert_eq!(verdict.family_size, 1);
        assert!(
            verdict
                .sentence
                .starts_with("The adaptive exam's prediction error is ")
                && verdict
                    .sentence
                    .contains("paired randomisation over systems"),
            "{}",
            verdict.sentence
        );
        let e = project
            .cat_check(&CatCheckRequest {
                exam: None,
                share: 1.5,
                balance_topics: false,
                max_exposure: None,
                group: None,
            })
            .unwrap_err();
        assert!(e.message.contains("at most 1"), "{e:?}");
        // Topics in turn and an exposure limit: the same number of questions, other picks.
        let balanced = project
            .cat_check(&CatCheckRequest {
                exam: None,
                share: 0.5,
                balance_topics: true,
                max_exposure: Some(0.5),
                group: None,
            })
            .unwrap();
        assert_eq!(balanced.rows.len(), check.rows.len());
        assert!(balanced.rows.iter().all(|r| r.used == 60));
        assert_ne!(
            balanced
                .rows
                .iter()
                .map(|r| r.predicted)
                .collect::<Vec<_>>(),
            check.rows.iter().map(|r| r.predicted).collect::<Vec<_>>()
        );
        let e = project
            .cat_check(&CatCheckRequest {
                exam: None,
                share: 0.5,
                balance_topics: false,
                max_exposure: Some(0.0),
                group: None,
            })
            .unwrap_err();
        assert!(e.message.contains("exposure limit"), "{e:?}");
    }
}
