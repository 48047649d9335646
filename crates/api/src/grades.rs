//! Grading use case: from stored responses to the leaderboard and breakdowns.

use crate::dto::{
    BiasBaselines, CategoryCell, CategoryRow, CategoryTable, CompareRequest, Comparison, ExamScore,
    Factor, Grades, PositionBaseline, ReaderCeiling, SignificanceRequest, SignificanceRow,
    SignificanceTable, SittingMode, Standing,
};
use crate::project::exam_version_dto;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::RunMode;
use proctor_exam::grading::{self, GradedQuestion, Sitting, Tally};
use proctor_stats::Proportion;
use proctor_stats::significance::{Marker, holm};
use proctor_store::ExamVersionRow;
use std::collections::{BTreeSet, HashMap};

/// What grading, comparing and IRT read from the project.
pub(crate) struct Loaded {
    pub questions: Vec<GradedQuestion>,
    pub sittings: Vec<Sitting>,
    pub factors: HashMap<String, Vec<Factor>>,
}

fn n(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

fn exam_dto(s: &grading::ExamScore) -> ExamScore {
    ExamScore {
        exam: s.exam,
        standard_error: s.standard_error,
        queries: n(s.queries),
        skipped_queries: n(s.skipped_queries),
        n_exam: s.n_exam,
        comparable_to_gold: s.comparable_to_gold,
    }
}

fn cell(t: &Tally) -> CategoryCell {
    CategoryCell {
        correct: n(t.correct),
        graded: n(t.graded()),
        accuracy: t.accuracy().map(Proportion::estimate),
    }
}

impl Project {
    /// Grades the latest version of the named exam (or the newest exam).
    pub fn grades(&self, exam: Option<&str>) -> ApiResult<Grades> {
        let version = self.exam_version(exam)?;
        self.grades_of(&version)
    }

    /// The active questions of a version and every sitting on it, with systems' factor tags.
    pub(crate) fn sittings(&self, version: &ExamVersionRow) -> ApiResult<Loaded> {
        let questions: Vec<GradedQuestion> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .map(|q| GradedQuestion {
                id: q.id,
                key: q.key,
                choice_lengths: q.choices.iter().map(|c| c.chars().count()).collect(),
                topic: q.topic,
                bloom: q.bloom,
                question_type: q.question_type,
                query: q.query,
            })
            .collect();
        let systems = self.store.systems()?;
        let mut factors: HashMap<String, Vec<Factor>> = HashMap::new();
        let mut sittings = Vec::new();
        for run in self.store.runs(version.id)? {
            let system = run
                .system
                .and_then(|id| systems.iter().find(|s| s.id == id));
            let name = system.map_or_else(|| "gold articles".to_owned(), |s| s.name.clone());
            if let Some(system) = system {
                factors.insert(
                    name.clone(),
                    system
                        .factors
                        .iter()
                        .map(|(f, l)| Factor {
                            name: f.clone(),
                            level: l.clone(),
                        })
                        .collect(),
                );
            }
            let article_queries = match (run.mode, run.system) {
                (RunMode::Exam, Some(id)) => {
                    let written: BTreeSet<String> =
                        self.store.article_queries(id)?.into_iter().collect();
                    (!written.is_empty()).then_some(written)
                }
                _ => None,
            };
            sittings.push(Sitting {
                name,
                mode: run.mode,
                responses: self
                    .store
                    .responses(run.id)?
                    .into_iter()
                    .map(|r| (r.question, r.outcome))
                    .collect(),
                article_queries,
            });
        }
        Ok(Loaded {
            questions,
            sittings,
            factors,
        })
    }

    /// Compares two systems question by question on the latest version of an exam.
    pub fn compare(&self, request: &CompareRequest) -> ApiResult<Comparison> {
        let version = self.exam_version(request.exam.as_deref())?;
        let loaded = self.sittings(&version)?;
        let find = |name: &str| {
            loaded
                .sittings
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        format!("no system named '{name}' sat exam '{}'", version.exam_name),
                    )
                })
        };
        let (first, second) = (find(&request.first)?, find(&request.second)?);
        let c = grading::compare(&loaded.questions, first, second).ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "{} and {} were not both graded on any question",
                    request.first, request.second
                ),
            )
        })?;
        let d = c.difference;
        Ok(Comparison {
            first: request.first.clone(),
            second: request.second.clone(),
            pairs: n(c.pairs),
            both: n(c.both),
            only_first: n(c.only_first),
            only_second: n(c.only_second),
            neither: n(c.neither),
            first_accuracy: c.first_accuracy,
            second_accuracy: c.second_accuracy,
            difference: d.difference,
            low: d.low,
            high: d.high,
            resamples: n(d.resamples),
            seed: u32::try_from(grading::SEED).unwrap_or(u32::MAX),
            excludes_zero: d.low > 0.0 || d.high < 0.0,
            wilcoxon_p: c.wilcoxon.p_value,
            t_test_p: c.t_test.map(|t| t.p_value),
            permutation_p: c.permutation.p_value,
            marker: Marker::of(c.wilcoxon.p_value, d.difference)
                .symbol()
                .to_owned(),
        })
    }

    /// Compares every other system with a baseline (Wilcoxon over questions), with Holm's
    /// correction for the number of comparisons (METHODS.md §9).
    pub fn significance(&self, request: &SignificanceRequest) -> ApiResult<SignificanceTable> {
        let grades = self.grades(request.exam.as_deref())?;
        let others: Vec<String> = grades
            .leaderboard
            .iter()
            .map(|s| s.system.clone())
            .filter(|s| *s != request.baseline)
            .collect();
        if others.len() == grades.leaderboard.len() {
            return Err(ApiError::new(
                ErrorCode::NotFound,
                format!("no system named '{}' sat this exam", request.baseline),
            ));
        }
        let comparisons = others
            .iter()
            .map(|system| {
                self.compare(&CompareRequest {
                    exam: request.exam.clone(),
                    first: system.clone(),
                    second: request.baseline.clone(),
                })
            })
            .collect::<ApiResult<Vec<Comparison>>>()?;
        let p_values: Vec<f64> = comparisons.iter().map(|c| c.wilcoxon_p).collect();
        let adjusted =
            holm(&p_values).map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
        Ok(SignificanceTable {
            baseline: request.baseline.clone(),
            rows: comparisons
                .iter()
                .zip(adjusted)
                .map(|(c, adjusted_p_value)| SignificanceRow {
                    system: c.first.clone(),
                    pairs: c.pairs,
                    difference: c.difference,
                    p_value: c.wilcoxon_p,
                    adjusted_p_value,
                    marker: Marker::of(adjusted_p_value, c.difference)
                        .symbol()
                        .to_owned(),
                })
                .collect(),
            correction: "Holm".to_owned(),
        })
    }

    pub(crate) fn grades_of(&self, version: &ExamVersionRow) -> ApiResult<Grades> {
        let Loaded {
            questions,
            sittings,
            factors,
        } = self.sittings(version)?;
        let graded = grading::grade(&questions, &sittings);
        let names: Vec<String> = graded.leaderboard.iter().map(|s| s.name.clone()).collect();
        let table = |rows: &[grading::CategoryRow]| CategoryTable {
            systems: names.clone(),
            rows: rows
                .iter()
                .map(|r| CategoryRow {
                    category: r.category.clone(),
                    items: n(r.items),
                    cells: r.tallies.iter().map(cell).collect(),
                })
                .collect(),
        };
        let leaderboard: Vec<Standing> = graded
            .leaderboard
            .iter()
            .enumerate()
            .map(|(i, s)| Standing {
                rank: n(i + 1),
                system: s.name.clone(),
                mode: if s.mode == RunMode::Exam {
                    SittingMode::Exam
                } else {
                    SittingMode::Answers
                },
                factors: factors.get(&s.name).cloned().unwrap_or_default(),
                correct: n(s.tally.correct),
                wrong: n(s.tally.wrong),
                unanswered: n(s.tally.unanswered),
                errors: n(s.tally.errors),
                graded: n(s.tally.graded()),
                accuracy: s.accuracy.map(|a| a.0),
                accuracy_low: s.accuracy.map(|a| a.1),
                accuracy_high: s.accuracy.map(|a| a.2),
                exam: s.exam.as_ref().map(exam_dto),
            })
            .collect();
        Ok(Grades {
            exam: exam_version_dto(version),
            questions: n(graded.questions),
            reader_ceilings: reader_ceilings(&leaderboard),
            leaderboard,
            gold: graded.gold.as_ref().map(exam_dto),
            topics: table(&graded.topics),
            bloom: table(&graded.bloom),
            question_types: table(&graded.question_types),
            bias: graded.bias.map(|b| BiasBaselines {
                positions: b
                    .per_position
                    .iter()
                    .map(|(l, a)| PositionBaseline {
                        letter: l.to_string(),
                        accuracy: *a,
                    })
                    .collect(),
                best_position: PositionBaseline {
                    letter: b.best_position.0.to_string(),
                    accuracy: b.best_position.1,
                },
                longest_choice: b.longest_choice,
            }),
        })
    }
}

/// The accuracy of each oracle pipeline, by its reader (the leaderboard is best first, so the
/// ceilings are too).
fn reader_ceilings(leaderboard: &[Standing]) -> Vec<ReaderCeiling> {
    let factor = |s: &Standing, name: &str| {
        s.factors
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.level.clone())
    };
    leaderboard
        .iter()
        .filter(|s| {
            s.mode == SittingMode::Answers && factor(s, "retriever").as_deref() == Some("oracle")
        })
        .filter_map(|s| {
            Some(ReaderCeiling {
                reader: factor(s, "reader")?,
                system: s.system.clone(),
                accuracy: s.accuracy?,
                accuracy_low: s.accuracy_low?,
                accuracy_high: s.accuracy_high?,
            })
        })
        .collect()
}
