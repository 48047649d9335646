//! One verdict, one test (METHODS.md §9): whether a difference between two systems is real is
//! decided here and nowhere else, so the leaderboard, the compare panel, the CLI and the HTTP
//! API cannot disagree.
//!
//! - Accuracy (right / not right per question): the exact McNemar test.
//! - EXAM (a score per query): the paired randomisation test over queries, exact when
//!   2^n ≤ 100,000, else 100,000 seeded sign flips.
//! - The family: comparing A with B, every system of A's group (the systems being judged, or
//!   the reference pipelines) is compared with B; Holm's correction runs over that family,
//!   whose size every sentence states. A pair is always asked the same way — the weaker against
//!   the stronger (`grades::compare_loaded`) — so the leaderboard's baseline column, the compare
//!   panel in either order, the report and both doors get the same answer.

use super::Loaded;
use crate::dto::{SystemGroup, Verdict};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode};
use proctor_core::{Outcome, RunMode};
use proctor_exam::grading::{self, Sitting};
use proctor_stats::power::{mcnemar_detectable_difference, mcnemar_questions_needed};
use proctor_stats::significance::{Marker, holm, mcnemar_exact, permutation_test};

/// Sign flips drawn by the randomisation test when it cannot enumerate them all.
pub(crate) const RANDOMISATION_FLIPS: usize = 100_000;

/// Significance level of "real".
const ALPHA: f64 = 0.05;

/// Which metric a verdict is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Metric {
    Accuracy,
    Exam,
}

impl Metric {
    /// The metric in sentences.
    fn what(self) -> &'static str {
        match self {
            Metric::Accuracy => "accuracy",
            Metric::Exam => "EXAM score",
        }
    }
}

/// Verdicts on paired scores outside the graded sittings (nugget scores per query, adaptive
/// exams' errors per system): each member against the baseline by the paired randomisation
/// test over the pairs (`over`: "queries", "systems"), Holm over the members, which are
/// described as `described` ("systems with articles"). `what` names the score in the sentence.
/// Members and baseline are aligned pair by pair.
pub(crate) fn paired_verdicts(
    baseline: (&str, &[f64]),
    members: &[(String, Vec<f64>)],
    what: &str,
    described: &str,
    over: &str,
) -> ApiResult<Vec<Verdict>> {
    let test = format!("paired randomisation over {over}");
    let test = test.as_str();
    let p: Vec<f64> = members
        .iter()
        .map(|(_, scores)| {
            permutation_test(scores, baseline.1, RANDOMISATION_FLIPS, grading::SEED)
                .map(|t| t.p_value)
                .map_err(|e| ApiError::new(ErrorCode::InvalidInput, e.to_string()))
        })
        .collect::<ApiResult<_>>()?;
    let adjusted = holm(&p).map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
    let size = members.len();
    let family = if size == 1 {
        format!("one comparison: {} against {}", members[0].0, baseline.0)
    } else {
        format!("the {size} {described}, each against {}", baseline.0)
    };
    Ok(members
        .iter()
        .zip(p.iter().zip(&adjusted))
        .map(|((name, scores), (&p, &adjusted))| {
            let difference = mean(scores) - mean(baseline.1);
            let real = adjusted < ALPHA;
            Verdict {
                test: test.to_owned(),
                p_value: p,
                adjusted_p_value: adjusted,
                family_size: saturating_u32(size),
                family: family.clone(),
                real,
                marker: Marker::of(adjusted, difference).symbol().to_owned(),
                sentence: sentence(
                    name, baseline.0, difference, what, real, test, p, adjusted, size,
                ),
                questions_needed: None,
                detectable_difference: None,
            }
        })
        .collect())
}

fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

impl Loaded {
    /// A sitting's group.
    pub(crate) fn group_of(&self, name: &str) -> SystemGroup {
        self.groups
            .get(name)
            .copied()
            .unwrap_or(SystemGroup::Systems)
    }

    /// The sittings of a group, in load order (gold excluded).
    fn members(&self, group: SystemGroup) -> impl Iterator<Item = &Sitting> {
        self.sittings
            .iter()
            .filter(move |s| s.mode != RunMode::Gold && self.group_of(&s.name) == group)
    }

    pub(crate) fn sitting(&self, name: &str) -> Option<&Sitting> {
        self.sittings
            .iter()
            .find(|s| s.name == name && s.mode != RunMode::Gold)
    }
}

fn per_query(loaded: &Loaded, sitting: &Sitting) -> Option<Vec<f64>> {
    let graded = grading::grade(&loaded.questions, std::slice::from_ref(sitting));
    let score = graded.leaderboard.into_iter().next()?.exam?;
    Some(score.per_query.into_iter().map(|(_, v)| v).collect())
}

/// One member against the baseline: its p-value by the metric's primary test and, for
/// accuracy, the questions right for one only (each way) out of all compared.
struct Primary {
    p: f64,
    discordant: Option<(usize, usize, usize)>,
}

/// The primary test of one member against the baseline; `None` when the member has no score
/// of that metric (an answer-mode system has no EXAM).
fn primary(
    loaded: &Loaded,
    member: &Sitting,
    baseline: &Sitting,
    metric: Metric,
) -> Option<Primary> {
    match metric {
        Metric::Accuracy => {
            let (b, c) = grading::discordant(&loaded.questions, member, baseline);
            Some(Primary {
                p: mcnemar_exact(b as u64, c as u64).p_value,
                discordant: Some((b, c, loaded.questions.len())),
            })
        }
        Metric::Exam => {
            let (a, b) = (per_query(loaded, member)?, per_query(loaded, baseline)?);
            permutation_test(&a, &b, RANDOMISATION_FLIPS, grading::SEED)
                .ok()
                .map(|t| Primary {
                    p: t.p_value,
                    discordant: None,
                })
        }
    }
}

/// For an accuracy verdict: the questions McNemar's test would need for 80% power at this
/// pair's discordance and difference, and the smallest difference this exam detects at that
/// discordance (METHODS.md §11).
fn power(discordant: Option<(usize, usize, usize)>) -> (Option<u32>, Option<f64>) {
    let Some((b, c, n)) = discordant.filter(|&(_, _, n)| n > 0) else {
        return (None, None);
    };
    let n = n as f64;
    let discordance = (b + c) as f64 / n;
    let difference = (b as f64 - c as f64) / n;
    (
        mcnemar_questions_needed(discordance, difference).map(|q| saturating_u32(q.ceil() as u64)),
        mcnemar_detectable_difference(discordance, n),
    )
}

/// The family of "`first` against `baseline`": the members of `first`'s group (other than the
/// baseline) that have a score of the metric, with their raw and Holm-adjusted p-values.
pub(crate) struct Family {
    pub group: SystemGroup,
    pub baseline: String,
    /// (member, raw p, adjusted p), in load order.
    pub members: Vec<(String, f64, f64)>,
    /// Each member's discordant counts against the baseline (accuracy), in the same order.
    discordant: Vec<Option<(usize, usize, usize)>>,
    /// Replies still to be read by a person: each member's, in the same order, and the baseline's.
    looks: (Vec<usize>, usize),
    /// For accuracy, each member's discordant counts when every reply that needs a look is read
    /// in its favour and against it (the extremes a person's reading can reach).
    when_read: Vec<Option<Extremes>>,
}

/// Discordant counts (right for the member only, for the baseline only) at the two extremes of
/// the replies still to read: all in the member's favour, all against it.
type Extremes = ((usize, usize), (usize, usize));

/// How many of a sitting's replies to the active questions still need a look.
pub(crate) fn looks(loaded: &Loaded, sitting: &Sitting) -> usize {
    loaded
        .questions
        .iter()
        .filter(|q| sitting.responses.get(&q.id) == Some(&Outcome::NeedsLook))
        .count()
}

/// "3 of X's replies and 1 of Y's still need a look; until read they count as not right." —
/// empty where none do.
pub(crate) fn looks_note(counts: &[(&str, usize)]) -> String {
    let named: Vec<String> = counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(name, n)| format!("{n} of {name}'s replies"))
        .collect();
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    match named.as_slice() {
        [] => String::new(),
        [one] => format!(
            " {one} still {} a look; until read by hand {} as not right.",
            if total == 1 { "needs" } else { "need" },
            if total == 1 {
                "it counts"
            } else {
                "they count"
            }
        ),
        [first, rest @ ..] => format!(
            " {first} and {} still need a look; until read by hand they count as not right.",
            rest.join(" and ")
        ),
    }
}

impl Family {
    /// Every member of `group` against `baseline`.
    pub(crate) fn of(
        loaded: &Loaded,
        group: SystemGroup,
        baseline: &str,
        metric: Metric,
    ) -> ApiResult<Self> {
        let base = loaded.sitting(baseline).ok_or_else(|| {
            ApiError::new(
                ErrorCode::NotFound,
                format!("no system named '{baseline}' sat this exam"),
            )
        })?;
        let raw: Vec<(String, Primary)> = loaded
            .members(group)
            .filter(|m| m.name != baseline)
            .filter_map(|m| Some((m.name.clone(), primary(loaded, m, base, metric)?)))
            .collect();
        let member_looks = raw
            .iter()
            .map(|(name, _)| loaded.sitting(name).map_or(0, |m| looks(loaded, m)))
            .collect();
        let when_read = raw
            .iter()
            .map(|(name, _)| {
                let member = loaded.sitting(name)?;
                (metric == Metric::Accuracy)
                    .then(|| grading::discordant_when_read(&loaded.questions, member, base))
            })
            .collect();
        let p_values: Vec<f64> = raw.iter().map(|(_, t)| t.p).collect();
        let discordant = raw.iter().map(|(_, t)| t.discordant).collect();
        let adjusted =
            holm(&p_values).map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
        Ok(Self {
            group,
            baseline: baseline.to_owned(),
            members: raw
                .into_iter()
                .zip(adjusted)
                .map(|((name, t), adj)| (name, t.p, adj))
                .collect(),
            discordant,
            looks: (member_looks, looks(loaded, base)),
            when_read,
        })
    }

    /// Whether reading the replies that still need a look could turn this member's verdict
    /// (real against luck): its test redone at both extremes of their reading, Holm over the
    /// family with the other members as they stand. None where none need a look.
    fn could_turn(&self, at: usize, real: bool) -> Option<bool> {
        if self.looks.0[at] + self.looks.1 == 0 {
            return None;
        }
        let (best, worst) = self.when_read[at]?;
        let turns = [best, worst].iter().any(|&(b, c)| {
            let mut p: Vec<f64> = self.members.iter().map(|(_, p, _)| *p).collect();
            p[at] = mcnemar_exact(b as u64, c as u64).p_value;
            holm(&p).is_ok_and(|adjusted| (adjusted[at] < ALPHA) != real)
        });
        Some(turns)
    }

    /// The verdict on `member` against the baseline, whose difference (member − baseline) is
    /// `difference` in the metric's unit (a share: 0.125 is 12.5 points).
    pub(crate) fn verdict(&self, member: &str, difference: f64, metric: Metric) -> Option<Verdict> {
        let at = self
            .members
            .iter()
            .position(|(name, _, _)| name == member)?;
        let (_, p, adjusted) = &self.members[at];
        let (questions_needed, detectable_difference) = power(self.discordant[at]);
        let size = self.members.len();
        let family = if size == 1 {
            format!("one comparison: {member} against {}", self.baseline)
        } else {
            format!(
                "the {size} {} on view, each against {}",
                self.group.describe(),
                self.baseline
            )
        };
        let test = match metric {
            Metric::Accuracy => "exact McNemar",
            Metric::Exam => "paired randomisation over queries",
        };
        let real = *adjusted < ALPHA;
        Some(Verdict {
            test: test.to_owned(),
            p_value: *p,
            adjusted_p_value: *adjusted,
            family_size: saturating_u32(size),
            sentence: sentence(
                member,
                &self.baseline,
                difference,
                metric.what(),
                real,
                test,
                *p,
                *adjusted,
                size,
            ) + &looks_note(&[
                (member, self.looks.0[at]),
                (&self.baseline, self.looks.1),
            ]) + match self.could_turn(at, real) {
                Some(true) => " Read by hand, they could turn this verdict.",
                Some(false) => " However they are read, this verdict stands.",
                None => "",
            },
            family,
            real,
            marker: Marker::of(*adjusted, difference).symbol().to_owned(),
            questions_needed,
            detectable_difference,
        })
    }
}

/// "A p-value as people read it": 3 significant digits, "< 0.001" below.
pub(crate) fn p_text(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".to_owned()
    } else {
        format!("= {p:.3}")
    }
}

#[expect(clippy::too_many_arguments, reason = "the parts of one sentence")]
fn sentence(
    member: &str,
    baseline: &str,
    difference: f64,
    what: &str,
    real: bool,
    test: &str,
    p: f64,
    adjusted: f64,
    family_size: usize,
) -> String {
    let unit = "points";
    let size = format!("{:.1}", difference.abs() * 100.0);
    let head = if difference > 0.0 {
        format!("{member}'s {what} is {size} {unit} above {baseline}'s")
    } else if difference < 0.0 {
        format!("{member}'s {what} is {size} {unit} below {baseline}'s")
    } else {
        format!("{member} and {baseline} have the same {what}")
    };
    let judgement = if real {
        "the difference is real"
    } else {
        "the difference could be luck"
    };
    let correction = if family_size > 1 {
        format!(
            ", Holm over {family_size} comparisons: p {}",
            p_text(adjusted)
        )
    } else {
        String::new()
    };
    format!("{head}: {judgement} ({test}, p {}{correction}).", p_text(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_say_size_verdict_test_and_family() {
        assert_eq!(
            sentence(
                "A",
                "B",
                0.125,
                "accuracy",
                true,
                "exact McNemar",
                0.0004,
                0.0012,
                3
            ),
            "A's accuracy is 12.5 points above B's: the difference is real (exact McNemar, \
             p < 0.001, Holm over 3 comparisons: p = 0.001)."
        );
        assert_eq!(
            sentence(
                "A",
                "B",
                -0.02,
                "accuracy",
                false,
                "exact McNemar",
                0.5,
                0.5,
                1
            ),
            "A's accuracy is 2.0 points below B's: the difference could be luck (exact \
             McNemar, p = 0.500)."
        );
    }

    #[test]
    fn a_verdict_says_how_many_replies_still_need_a_look() {
        assert_eq!(looks_note(&[("A", 0), ("B", 0)]), "");
        assert_eq!(
            looks_note(&[("A", 0), ("B", 1)]),
            " 1 of B's replies still needs a look; until read by hand it counts as not right."
        );
        assert_eq!(
            looks_note(&[("A", 3), ("B", 1)]),
            " 3 of A's replies and 1 of B's replies still need a look; until read by hand they count as not right."
        );
    }

    #[test]
    fn a_verdict_says_whether_the_replies_still_to_read_could_turn_it() {
        let family = |looks: usize, best: (usize, usize), worst: (usize, usize)| Family {
            group: SystemGroup::Systems,
            baseline: "B".into(),
            members: vec![("A".into(), 0.001, 0.002), ("C".into(), 0.5, 0.5)],
            discordant: vec![None, None],
            looks: (vec![looks, 0], 0),
            when_read: vec![Some((best, worst)), None],
        };
        // Real now; read either way the test stays far below 0.05: it stands.
        assert_eq!(family(3, (33, 2), (30, 5)).could_turn(0, true), Some(false));
        // Real now; read against A, 8 to 7 is luck: it could turn.
        assert_eq!(family(6, (14, 3), (8, 7)).could_turn(0, true), Some(true));
        // Luck now; read for A, 20 to 2 is real: it could turn.
        assert_eq!(family(9, (20, 2), (11, 2)).could_turn(0, false), Some(true));
        // Nothing to read: nothing to say.
        assert_eq!(family(0, (14, 3), (8, 7)).could_turn(0, true), None);
    }

    #[test]
    fn a_verdict_says_how_many_questions_would_tell_the_pair_apart() {
        use crate::dto::CompareRequest;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        crate::sample::build(&path, &crate::NoProgress).unwrap();
        let project = crate::Project::open(&path).unwrap();
        let compare = |first: &str, second: &str| {
            project
                .compare(&CompareRequest {
                    exam: None,
                    first: first.into(),
                    second: second.into(),
                })
                .unwrap()
        };
        // 75.0% and 74.2%: luck on 120 questions; telling them apart takes far more, and the
        // exam only detects differences several times this one.
        let close = compare("Beacon Search", "Cobalt Assist");
        assert!(!close.verdict.real);
        let needed = close.verdict.questions_needed.unwrap();
        assert!(needed > close.pairs * 10, "{needed}");
        let detectable = close.verdict.detectable_difference.unwrap();
        assert!(detectable > 3.0 * close.difference.abs(), "{detectable}");
        // The formula's own numbers, from the counts.
        let n = f64::from(close.pairs);
        let discordance = f64::from(close.only_first + close.only_second) / n;
        let expected = mcnemar_questions_needed(discordance, close.difference).unwrap();
        assert!((f64::from(needed) - expected.ceil()).abs() < 1e-9);
        // A real difference needed fewer questions than the exam has.
        let far = compare("Atlas RAG", "Echo Bot");
        assert!(far.verdict.real);
        assert!(far.verdict.questions_needed.unwrap() < far.pairs);
        assert!(far.verdict.detectable_difference.unwrap() < far.difference.abs());
    }
}
