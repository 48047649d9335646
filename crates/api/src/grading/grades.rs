//! The leaderboard and its breakdowns from the stored responses; comparing two systems; every
//! system of a group against a baseline.

use super::{Loaded, factors_of, group_of_kind};
use crate::dto::{
    BiasBaselines, CategoryCell, CategoryRow, CategoryTable, CompareRequest, ComparedQuestions,
    Comparison, ExamScore, Factor, Grades, PositionBaseline, ReaderCeiling, SignificanceRequest,
    SignificanceRow, SignificanceTable, SittingMode, Standing, SystemGroup, Verdict,
};
use crate::grading::overlap::Rouge;
use crate::grading::verdict::{Family, Metric};
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::{Outcome, RunMode};
use proctor_exam::grading::{self, GradedQuestion, Sitting, Tally};
use proctor_stats::Proportion;
use proctor_store::ExamVersionRow;
use std::collections::{BTreeMap, BTreeSet, HashMap};

fn exam_dto(s: &grading::ExamScore, rouge: Option<&Rouge>) -> ExamScore {
    ExamScore {
        exam: s.exam,
        standard_error: s.standard_error,
        queries: saturating_u32(s.queries),
        skipped_queries: saturating_u32(s.skipped_queries),
        n_exam: s.n_exam,
        comparable_to_gold: s.comparable_to_gold,
        rouge1: rouge.map(|r| r.mean),
        rouge1_standard_error: rouge.map(|r| r.standard_error),
    }
}

fn cell(t: &Tally) -> CategoryCell {
    CategoryCell {
        correct: saturating_u32(t.correct),
        questions: saturating_u32(t.questions()),
        accuracy: t.accuracy().map(Proportion::estimate),
    }
}

/// The systems the pages open on: the analyst's own in leaderboard order, then — only to make
/// two — the best reference pipelines.
pub(crate) fn focus(leaderboard: &[Standing]) -> Vec<String> {
    let own = leaderboard
        .iter()
        .filter(|s| s.group == SystemGroup::Systems);
    let pipelines = leaderboard
        .iter()
        .filter(|s| s.group == SystemGroup::Pipelines);
    let mut focus: Vec<String> = own.map(|s| s.system.clone()).collect();
    let missing = 2usize.saturating_sub(focus.len());
    focus.extend(pipelines.take(missing).map(|s| s.system.clone()));
    focus
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
        let groups = systems
            .iter()
            .map(|s| (s.name.clone(), group_of_kind(s.kind)))
            .collect();
        let mut factors: HashMap<String, Vec<Factor>> = HashMap::new();
        let mut open = HashMap::new();
        let mut sittings = Vec::new();
        for run in self.store.runs(version.id)? {
            let system = run
                .system
                .and_then(|id| systems.iter().find(|s| s.id == id));
            let name = system.map_or_else(|| "gold articles".to_owned(), |s| s.name.clone());
            if let Some(system) = system {
                factors.insert(name.clone(), factors_of(system));
            }
            if let Some(grading) = &run.open {
                open.insert(name.clone(), grading.clone());
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
            groups,
            open,
        })
    }

    /// Compares two systems question by question on the latest version of an exam, with the
    /// one verdict of METHODS.md §9 on the pair (whichever order it is asked in).
    pub fn compare(&self, request: &CompareRequest) -> ApiResult<Comparison> {
        let version = self.exam_version(request.exam.as_deref())?;
        let loaded = self.sittings(&version)?;
        let mut comparison = compare_loaded(
            &loaded,
            &[request.first.as_str()],
            &request.second,
            &version.exam_name,
        )?
        .pop()
        .ok_or_else(|| ApiError::new(ErrorCode::Internal, "the comparison came back empty"))?;
        // The questions behind each count, so every count opens its list.
        if let (Some(one), Some(other)) = (
            loaded.sitting(&request.first),
            loaded.sitting(&request.second),
        ) {
            let split = &mut comparison.questions;
            for q in self
                .store
                .questions(version.id)?
                .iter()
                .filter(|q| q.active)
            {
                let right = |s: &Sitting| s.responses.get(&q.id) == Some(&Outcome::Chosen(q.key));
                let list = match (right(one), right(other)) {
                    (true, true) => &mut split.both,
                    (true, false) => &mut split.only_first,
                    (false, true) => &mut split.only_second,
                    (false, false) => &mut split.neither,
                };
                list.push(q.external_id.clone());
            }
        }
        Ok(comparison)
    }

    /// Compares every other system with a baseline, each group its own family (METHODS.md §9),
    /// or only the group asked for.
    pub fn significance(&self, request: &SignificanceRequest) -> ApiResult<SignificanceTable> {
        let version = self.exam_version(request.exam.as_deref())?;
        let loaded = self.sittings(&version)?;
        if loaded.sitting(&request.baseline).is_none() {
            return Err(ApiError::new(
                ErrorCode::NotFound,
                format!("no system named '{}' sat this exam", request.baseline),
            ));
        }
        // Every graded system but the baseline (the gold articles are no system).
        let members: Vec<&str> = loaded
            .sittings
            .iter()
            .filter(|s| s.mode != RunMode::Gold)
            .map(|s| s.name.as_str())
            .filter(|name| {
                *name != request.baseline
                    && request.group.is_none_or(|g| g == loaded.group_of(name))
            })
            .collect();
        let mut compared = if members.is_empty() {
            Vec::new()
        } else {
            compare_loaded(&loaded, &members, &request.baseline, &version.exam_name)?
        };
        // In the leaderboard's order: accuracy, best first, then name.
        compared.sort_by(|a, b| {
            b.first_accuracy
                .total_cmp(&a.first_accuracy)
                .then_with(|| a.first.cmp(&b.first))
        });
        let rows = compared
            .into_iter()
            .map(|c| SignificanceRow {
                group: loaded.group_of(&c.first),
                system: c.first,
                pairs: c.pairs,
                difference: c.difference,
                low: c.low,
                high: c.high,
                verdict: c.verdict,
                wilcoxon_p: c.wilcoxon_p,
                t_test_p: c.t_test_p,
            })
            .collect();
        Ok(SignificanceTable {
            baseline: request.baseline.clone(),
            rows,
            method: format!(
                "Each difference is judged by the exact McNemar test on the questions right for \
                 one system only; Holm's correction runs over each group on view (the systems, \
                 or the reference pipelines), every member against {}. A system above it is \
                 judged as every pair is, whichever way it is asked: the weaker against the \
                 stronger, its group against the stronger. The interval is a 95% paired \
                 bootstrap ({} resamples) and shows the size of the difference.",
                request.baseline,
                grading::RESAMPLES
            ),
        })
    }

    pub(crate) fn grades_of(&self, version: &ExamVersionRow) -> ApiResult<Grades> {
        let Loaded {
            questions,
            sittings,
            factors,
            groups,
            open,
        } = self.sittings(version)?;
        let graded = grading::grade(&questions, &sittings);
        let rouge = if graded.leaderboard.iter().any(|s| s.exam.is_some()) {
            self.rouge_by_system(version)?
        } else {
            BTreeMap::new()
        };
        let names: Vec<String> = graded.leaderboard.iter().map(|s| s.name.clone()).collect();
        let table = |rows: &[grading::CategoryRow]| CategoryTable {
            systems: names.clone(),
            rows: rows
                .iter()
                .map(|r| CategoryRow {
                    category: r.category.clone(),
                    items: saturating_u32(r.items),
                    cells: r.tallies.iter().map(cell).collect(),
                })
                .collect(),
        };
        let leaderboard: Vec<Standing> = graded
            .leaderboard
            .iter()
            .enumerate()
            .map(|(i, s)| Standing {
                rank: saturating_u32(i + 1),
                system: s.name.clone(),
                group: groups.get(&s.name).copied().unwrap_or(SystemGroup::Systems),
                mode: if s.mode == RunMode::Exam {
                    SittingMode::Exam
                } else if open.contains_key(&s.name) {
                    SittingMode::Open
                } else {
                    SittingMode::Answers
                },
                open_reader: open.get(&s.name).map(|o| o.reader.clone()),
                open_ceiling: open.get(&s.name).and_then(|o| o.ceiling),
                factors: factors.get(&s.name).cloned().unwrap_or_default(),
                correct: saturating_u32(s.tally.correct),
                wrong: saturating_u32(s.tally.wrong),
                unanswered: saturating_u32(s.tally.unanswered),
                errors: saturating_u32(s.tally.errors),
                needs_look: saturating_u32(s.tally.needs_look),
                questions: saturating_u32(s.tally.questions()),
                accuracy: s.accuracy.map(|a| a.0),
                // In an open-answer sitting "no answer" is the reader's, not the system's: the
                // share on answered would credit the system with the reader's abstentions.
                accuracy_on_answered: s
                    .tally
                    .accuracy_on_answered()
                    .filter(|_| !open.contains_key(&s.name)),
                accuracy_low: s.accuracy.map(|a| a.1),
                accuracy_high: s.accuracy.map(|a| a.2),
                exam: s.exam.as_ref().map(|e| exam_dto(e, rouge.get(&s.name))),
            })
            .collect();
        // Each ceiling says whether its reader reads (the reader check on the same sittings).
        let check = self.reader_check_of(version, &[])?;
        let mut ceilings = reader_ceilings(&leaderboard);
        for ceiling in &mut ceilings {
            if let Some(row) = check
                .readers
                .iter()
                .find(|r| crate::pipelines::reader_name(r.reader) == ceiling.reader)
            {
                ceiling.name.clone_from(&row.name);
                ceiling.reads = Some(row.reads);
                ceiling.check = Some(row.sentence.clone());
            }
        }
        let focus = focus(&leaderboard);
        Ok(Grades {
            focus,
            exam: exam_version_dto(version),
            questions: saturating_u32(graded.questions),
            reader_ceilings: ceilings,
            leaderboard,
            gold: graded.gold.as_ref().map(|e| exam_dto(e, None)),
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
                name: factor(s, "reader")?,
                reads: None,
                check: None,
            })
        })
        .collect()
}

/// A verdict's marker seen from the other system of the pair ("▲" is "▼" from the other side).
fn opposite(marker: &str) -> &str {
    match marker {
        "▲" => "▼",
        "▼" => "▲",
        "△" => "▽",
        "▽" => "△",
        "^" => "v",
        "v" => "^",
        other => other,
    }
}

/// The family of `group` against `baseline` for `metric`, worked out once.
fn family<'f>(
    families: &'f mut HashMap<(SystemGroup, String, Metric), Family>,
    loaded: &Loaded,
    group: SystemGroup,
    baseline: &str,
    metric: Metric,
) -> ApiResult<&'f Family> {
    Ok(match families.entry((group, baseline.to_owned(), metric)) {
        std::collections::hash_map::Entry::Occupied(known) => known.into_mut(),
        std::collections::hash_map::Entry::Vacant(slot) => {
            slot.insert(Family::of(loaded, group, baseline, metric)?)
        }
    })
}

/// Compares each of `firsts` with `second` question by question on a loaded exam version,
/// the resamples drawn once for all of them, each with the one verdict of METHODS.md §9 (the
/// pair's weaker against its stronger, the family that one's group against the stronger,
/// worked out once per group and baseline).
fn compare_loaded(
    loaded: &Loaded,
    firsts: &[&str],
    second: &str,
    exam_name: &str,
) -> ApiResult<Vec<Comparison>> {
    let find = |name: &str| {
        loaded.sitting(name).ok_or_else(|| {
            ApiError::new(
                ErrorCode::NotFound,
                format!("no system named '{name}' sat exam '{exam_name}'"),
            )
        })
    };
    let other = find(second)?;
    let ones = firsts
        .iter()
        .map(|f| find(f))
        .collect::<ApiResult<Vec<_>>>()?;
    if firsts.contains(&second) {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            "choose two different systems to compare",
        ));
    }
    let compared = grading::compare_each(&loaded.questions, &ones, other);
    if compared.len() != ones.len() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!("exam '{exam_name}' has no active question to compare {second} with"),
        ));
    }
    let mut families = HashMap::new();
    let mut rows = Vec::with_capacity(ones.len());
    for (one, c) in ones.into_iter().zip(compared) {
        let first = one.name.as_str();
        let d = c.difference;
        // One verdict a pair, whichever way it is asked: the weaker (by accuracy, then name)
        // against the stronger, the family the weaker's group against the stronger; the
        // marker then points the way the pair was asked.
        // (Right for one only: the accuracies' order, counted exactly.)
        let first_stronger =
            c.only_first > c.only_second || c.only_first == c.only_second && first < second;
        let (member, baseline, sign) = if first_stronger {
            (second, first, -1.0)
        } else {
            (first, second, 1.0)
        };
        let group = loaded.group_of(member);
        let asked = |v: Verdict| {
            if first_stronger {
                Verdict {
                    marker: opposite(&v.marker).to_owned(),
                    ..v
                }
            } else {
                v
            }
        };
        let verdict = family(&mut families, loaded, group, baseline, Metric::Accuracy)?
            .verdict(member, sign * d.difference, Metric::Accuracy)
            .map(asked)
            .ok_or_else(|| {
                ApiError::new(ErrorCode::Internal, "the comparison left its own family")
            })?;
        // EXAM only where both sat the exam in EXAM mode.
        let exam_verdict = if one.mode == RunMode::Exam && other.mode == RunMode::Exam {
            let graded = grading::grade(&loaded.questions, &[one.clone(), other.clone()]);
            let score = |name: &str| {
                graded
                    .leaderboard
                    .iter()
                    .find(|s| s.name == name)
                    .and_then(|s| s.exam.as_ref())
                    .map(|e| e.exam)
            };
            match (score(member), score(baseline)) {
                (Some(mine), Some(theirs)) => {
                    family(&mut families, loaded, group, baseline, Metric::Exam)?
                        .verdict(member, mine - theirs, Metric::Exam)
                        .map(asked)
                }
                _ => None,
            }
        } else {
            None
        };
        rows.push(Comparison {
            first: first.to_owned(),
            second: second.to_owned(),
            pairs: saturating_u32(c.pairs),
            both: saturating_u32(c.both),
            only_first: saturating_u32(c.only_first),
            only_second: saturating_u32(c.only_second),
            neither: saturating_u32(c.neither),
            questions: ComparedQuestions::default(),
            first_accuracy: c.first_accuracy,
            second_accuracy: c.second_accuracy,
            difference: d.difference,
            low: d.low,
            high: d.high,
            resamples: saturating_u32(d.resamples),
            seed: saturating_u32(grading::SEED),
            excludes_zero: d.low > 0.0 || d.high < 0.0,
            verdict,
            exam_verdict,
            wilcoxon_p: c.wilcoxon.p_value,
            t_test_p: c.t_test.map(|t| t.p_value),
        });
    }
    Ok(rows)
}
