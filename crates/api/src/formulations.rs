//! The formulation break-down (METHODS.md §10; Vakulenko et al. 002) of the project's samples:
//! the pattern table with the "(human = original)" counts, the error attribution, the share
//! answerable without rewriting, the threshold sweep and the question- against
//! answer-similarity scatter.

use crate::dto::{
    AnswerSimilarity, Attribution, FormulationBreakdown, FormulationPattern, FormulationRequest,
    FormulationSweepPoint, SimilarityPoint, SimilarityScatter,
};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_stats::breakdown::{Sample, breakdown, jaccard, pattern_counts, set_recall};
use proctor_stats::correlation::pearson;
use proctor_stats::rouge::rouge1;
use proctor_stats::text::Terms;
use proctor_store::FormulationRow;
use std::collections::BTreeMap;

/// Questions are compared as `rouge-score` does with its stemmer: every word, Porter-stemmed.
const QUESTION_TERMS: Terms = Terms {
    stem: true,
    drop_stopwords: false,
};

/// The three roles of 002, in table order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Role {
    Original,
    Rewritten,
    Human,
}

fn role(name: &str) -> Option<Role> {
    match name.trim().to_lowercase().as_str() {
        "original" | "raw" | "question" | "context-dependent" | "context dependent"
        | "as asked" => Some(Role::Original),
        "rewritten" | "rewrite" | "automatic" | "model" | "model rewrite" | "system" => {
            Some(Role::Rewritten)
        }
        "human" | "human rewrite" | "manual" | "gold" | "reference" => Some(Role::Human),
        _ => None,
    }
}

/// A question as compared for "human = original": lower-cased, white space collapsed, a final
/// question mark dropped.
fn normalised(question: &str) -> String {
    let words: Vec<&str> = question.split_whitespace().collect();
    words
        .join(" ")
        .to_lowercase()
        .trim_end_matches('?')
        .trim()
        .to_owned()
}

/// The samples: id → the row of each formulation, in `order`.
struct Samples<'a> {
    order: Vec<String>,
    rows: Vec<(String, Vec<&'a FormulationRow>)>,
}

fn samples<'a>(rows: &'a [FormulationRow], notes: &mut Vec<String>) -> Samples<'a> {
    let mut names: Vec<String> = Vec::new();
    for r in rows {
        if !names.contains(&r.formulation) {
            names.push(r.formulation.clone());
        }
    }
    let roles: Vec<Option<Role>> = names.iter().map(|x| role(x)).collect();
    let distinct = {
        let mut seen: Vec<Role> = roles.iter().flatten().copied().collect();
        seen.sort();
        seen.dedup();
        seen.len() == names.len()
    };
    let mut order: Vec<(Option<Role>, String)> = roles.into_iter().zip(names).collect();
    if distinct {
        order.sort_by_key(|(r, _)| *r);
    } else if order.len() == 3 {
        notes.push(
            "the formulations are not named Original, Rewritten and Human: the file's first is \
             taken as the original question, the second as the rewrite, the third as the human \
             rewrite"
                .to_owned(),
        );
    }
    let order: Vec<String> = order.into_iter().map(|(_, x)| x).collect();
    let mut by_sample: BTreeMap<&str, (usize, Vec<Option<&FormulationRow>>)> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        let entry = by_sample
            .entry(r.sample.as_str())
            .or_insert_with(|| (i, vec![None; order.len()]));
        if let Some(slot) = order.iter().position(|x| *x == r.formulation) {
            entry.1[slot] = Some(r);
        }
    }
    let mut list: Vec<(usize, String, Vec<&FormulationRow>)> = by_sample
        .into_iter()
        .filter_map(|(id, (first, slots))| {
            let complete: Option<Vec<&FormulationRow>> = slots.into_iter().collect();
            Some((first, id.to_owned(), complete?))
        })
        .collect();
    list.sort_by_key(|(first, _, _)| *first);
    Samples {
        order,
        rows: list.into_iter().map(|(_, id, r)| (id, r)).collect(),
    }
}

impl Project {
    /// The break-down of the project's formulation samples at `request.threshold`.
    pub fn formulation_breakdown(
        &self,
        request: &FormulationRequest,
    ) -> ApiResult<FormulationBreakdown> {
        if !(0.0..=1.0).contains(&request.threshold) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the threshold must be between 0 and 1",
            ));
        }
        let rows = self.store.formulations()?;
        let mut notes = Vec::new();
        let set = samples(&rows, &mut notes);
        let k = set.order.len();
        let mut result = FormulationBreakdown {
            formulations: set.order.clone(),
            samples: saturating_u32(set.rows.len()),
            threshold: request.threshold,
            means: Vec::new(),
            patterns: Vec::new(),
            unchanged: None,
            attribution: None,
            sweep_labels: Vec::new(),
            sweep: Vec::new(),
            scatter: None,
            notes,
        };
        if set.rows.is_empty() {
            result.notes.push(
                "the project has no formulation samples yet: import a formulations file \
                 (Set-up → Other imports)"
                    .to_owned(),
            );
            return Ok(result);
        }
        let scores: Vec<Vec<f64>> = set
            .rows
            .iter()
            .map(|(_, r)| r.iter().map(|x| x.score).collect())
            .collect();
        result.means = (0..k)
            .map(|f| scores.iter().map(|s| s[f]).sum::<f64>() / scores.len() as f64)
            .collect();
        // "Human = original" needs both: with three formulations the first and the third; with
        // two, when they are named Original and Human.
        let pair = match k {
            3 => Some((0, 2)),
            2 if role(&set.order[0]) == Some(Role::Original)
                && role(&set.order[1]) == Some(Role::Human) =>
            {
                Some((0, 1))
            }
            _ => None,
        };
        let unchanged: Vec<bool> = set
            .rows
            .iter()
            .map(|(_, r)| {
                pair.is_some_and(|(o, h)| normalised(&r[o].question) == normalised(&r[h].question))
            })
            .collect();
        result.unchanged = pair.map(|_| saturating_u32(unchanged.iter().filter(|u| **u).count()));
        let counts = pattern_counts(&scores, &unchanged, request.threshold);
        result.patterns = counts
            .iter()
            .enumerate()
            .map(|(bits, (count, same))| FormulationPattern {
                answered: (0..k).map(|f| bits & (1 << f) != 0).collect(),
                count: saturating_u32(*count),
                unchanged: saturating_u32(*same),
                samples: set
                    .rows
                    .iter()
                    .zip(&scores)
                    .filter(|(_, s)| {
                        s.iter()
                            .enumerate()
                            .fold(0, |b, (f, v)| b | usize::from(*v >= request.threshold) << f)
                            == bits
                    })
                    .map(|((id, _), _)| id.clone())
                    .collect(),
            })
            .collect();
        let share = |c: usize| c as f64 / scores.len() as f64;
        if k == 3 {
            let three: Vec<Sample> = scores
                .iter()
                .zip(&unchanged)
                .map(|(s, u)| Sample {
                    original: s[0],
                    rewritten: s[1],
                    human: s[2],
                    human_equals_original: *u,
                })
                .collect();
            let b = breakdown(&three, request.threshold);
            result.attribution = Some(Attribution {
                answering_errors: saturating_u32(b.answering_errors),
                rewriting_errors: saturating_u32(b.rewriting_errors),
                rewriting_needed: saturating_u32(b.rewriting_needed),
                rewriting_not_needed: saturating_u32(b.rewriting_not_needed),
                answerable_without_rewriting: b.answerable_without_rewriting,
            });
            result.sweep_labels = vec![
                "answering errors".to_owned(),
                "rewriting errors".to_owned(),
                "answered thanks to rewriting".to_owned(),
                "answered without rewriting".to_owned(),
            ];
            result.sweep = proctor_stats::breakdown::sweep(&three)
                .into_iter()
                .map(|p| FormulationSweepPoint {
                    threshold: p.threshold,
                    shares: vec![
                        p.answering_errors,
                        p.rewriting_errors,
                        p.rewriting_needed,
                        p.rewriting_not_needed,
                    ],
                })
                .collect();
        } else {
            let mark = |on: bool| if on { "✓" } else { "✗" };
            result.sweep_labels = (0..1usize << k)
                .map(|bits| {
                    set.order
                        .iter()
                        .enumerate()
                        .map(|(f, name)| format!("{name} {}", mark(bits & (1 << f) != 0)))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect();
            result.sweep = (0..=50)
                .map(|step| {
                    let threshold = f64::from(step) / 50.0;
                    FormulationSweepPoint {
                        threshold,
                        shares: pattern_counts(&scores, &unchanged, threshold)
                            .into_iter()
                            .map(|(c, _)| share(c))
                            .collect(),
                    }
                })
                .collect();
            result.notes.push(format!(
                "with two formulations the errors cannot be attributed to answering or rewriting: \
                 that needs the original question, a rewrite and a human rewrite ({} given)",
                set.order.join(" and ")
            ));
        }
        result.scatter = scatter(&set, request.similarity);
        if result.scatter.is_none() {
            result.notes.push(
                "the file gives no answers under both compared formulations, so answer \
                 similarity cannot be drawn"
                    .to_owned(),
            );
        }
        Ok(result)
    }
}

/// The compared formulation (the rewrite, or the first of two) against the reference (the
/// human rewrite, or the second of two).
fn scatter(set: &Samples<'_>, similarity: AnswerSimilarity) -> Option<SimilarityScatter> {
    let k = set.order.len();
    let (compared, reference) = if k == 3 { (1, 2) } else { (0, k - 1) };
    let points: Vec<SimilarityPoint> = set
        .rows
        .iter()
        .filter_map(|(id, r)| {
            let (a, b) = (r[compared], r[reference]);
            let (answers, wanted) = (a.answers.as_ref()?, b.answers.as_ref()?);
            Some(SimilarityPoint {
                sample: id.clone(),
                question: rouge1(&a.question, &b.question, QUESTION_TERMS).recall,
                answer: match similarity {
                    AnswerSimilarity::Recall => set_recall(answers, wanted),
                    AnswerSimilarity::Jaccard => jaccard(answers, wanted),
                },
                questions: vec![a.question.clone(), b.question.clone()],
            })
        })
        .collect();
    if points.is_empty() {
        return None;
    }
    let x: Vec<f64> = points.iter().map(|p| p.question).collect();
    let y: Vec<f64> = points.iter().map(|p| p.answer).collect();
    let r = pearson(&x, &y).ok().filter(|c| c.coefficient.is_finite());
    Some(SimilarityScatter {
        formulation: set.order[compared].clone(),
        reference: set.order[reference].clone(),
        r: r.as_ref().map(|c| c.coefficient),
        p_value: r.as_ref().map(|c| c.p_value),
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_and_normalised_questions() {
        assert_eq!(role(" Human "), Some(Role::Human));
        assert_eq!(role("Rewrite"), Some(Role::Rewritten));
        assert_eq!(role("T5"), None);
        assert_eq!(
            normalised("How  often does it sync ?"),
            normalised("how often does it sync")
        );
    }
}
