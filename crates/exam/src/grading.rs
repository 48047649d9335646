//! Grading (METHODS.md §1 and §5): accuracy with Wilson intervals, breakdowns by category,
//! EXAM / n-EXAM with standard errors, and the bias baselines every exam is shown with.
//!
//! Accuracy of a system = right / active questions: an error (timeout, malformed reply) and an
//! unanswered question are not right, so a system that fails on the hard questions gains
//! nothing by it. Both stay their own counts, apart from "wrong"; where a system has errors,
//! "accuracy on answered" = right / (questions − errors) is reported beside, labelled.

use proctor_core::{BloomLevel, Outcome, QuestionId, QuestionType, RunMode};
use proctor_stats::{MeanEstimate, Proportion};
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod compare;
pub use compare::{
    Comparison, RESAMPLES, SEED, compare, compare_each, discordant, discordant_when_read, right,
};

/// What grading needs to know about an active question.
#[derive(Debug, Clone, PartialEq)]
pub struct GradedQuestion {
    /// The question.
    pub id: QuestionId,
    /// 0-based index of the correct choice.
    pub key: usize,
    /// Length in characters of each choice (for the longest-choice baseline).
    pub choice_lengths: Vec<usize>,
    /// Topic name.
    pub topic: Option<String>,
    /// Bloom levels in force.
    pub bloom: Vec<BloomLevel>,
    /// Question type in force.
    pub question_type: QuestionType,
    /// EXAM-mode query.
    pub query: Option<String>,
}

/// One sitting of the exam: a system's answers, a reader over its articles, or over gold.
#[derive(Debug, Clone, PartialEq)]
pub struct Sitting {
    /// The system's name ("gold" for gold articles).
    pub name: String,
    /// How it was graded.
    pub mode: RunMode,
    /// Responses by question; a question without one counts as unanswered.
    pub responses: HashMap<QuestionId, Outcome>,
    /// For EXAM mode: the queries the system wrote an article for. A query without an article
    /// scores 0. `None` when articles were not imported (every query counts as written).
    pub article_queries: Option<BTreeSet<String>>,
}

/// Counts of a system's responses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Right answers.
    pub correct: usize,
    /// Wrong answers.
    pub wrong: usize,
    /// Unanswered (scored 0).
    pub unanswered: usize,
    /// Errors (scored 0, counted apart).
    pub errors: usize,
    /// Replies that need a person's look (scored 0 until read, counted apart).
    pub needs_look: usize,
}

impl Tally {
    fn add(&mut self, outcome: Option<Outcome>, key: usize) {
        match outcome {
            Some(Outcome::Chosen(i)) if i == key => self.correct += 1,
            Some(Outcome::Chosen(_)) => self.wrong += 1,
            Some(Outcome::Unanswered) | None => self.unanswered += 1,
            Some(Outcome::Error) => self.errors += 1,
            Some(Outcome::NeedsLook) => self.needs_look += 1,
        }
    }

    /// Questions counted: right, wrong, unanswered, errors and replies to look at alike.
    pub fn questions(&self) -> usize {
        self.correct + self.wrong + self.unanswered + self.errors + self.needs_look
    }

    /// Questions the system answered with a choice: right + wrong.
    pub fn answered(&self) -> usize {
        self.correct + self.wrong
    }

    /// right / questions (errors and unanswered are not right), `None` without questions.
    pub fn accuracy(&self) -> Option<Proportion> {
        Proportion::new(self.correct as u64, self.questions() as u64).ok()
    }

    /// right / answered (right + wrong): errors, no answers and replies still to be read are
    /// not answered. Shown beside the accuracy where any question was not answered.
    pub fn accuracy_on_answered(&self) -> Option<f64> {
        let answered = self.answered();
        (answered < self.questions() && answered > 0).then(|| self.correct as f64 / answered as f64)
    }
}

/// EXAM-mode score of a sitting (METHODS.md §1).
#[derive(Debug, Clone, PartialEq)]
pub struct ExamScore {
    /// Mean over queries of the share of the query's questions answered correctly.
    pub exam: f64,
    /// Sample sd over queries / sqrt(number of queries).
    pub standard_error: f64,
    /// Number of queries.
    pub queries: usize,
    /// Queries without an article (scored 0).
    pub skipped_queries: usize,
    /// Σ_q EXAM(d_q) / Σ_q EXAM(d*_q); `None` without gold outcomes or when gold scores 0.
    pub n_exam: Option<f64>,
    /// |EXAM − EXAM(gold)| within this sitting's standard error.
    pub comparable_to_gold: Option<bool>,
    /// EXAM(d_q) per query, by query.
    pub per_query: Vec<(String, f64)>,
}

/// One leaderboard row.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// System name.
    pub name: String,
    /// Answer mode or EXAM mode.
    pub mode: RunMode,
    /// Response counts.
    pub tally: Tally,
    /// Accuracy and its 95% Wilson interval, when anything was graded.
    pub accuracy: Option<(f64, f64, f64)>,
    /// EXAM score, for EXAM-mode sittings on an exam with queries.
    pub exam: Option<ExamScore>,
}

/// Accuracy of every sitting within one category (a topic, a Bloom level, a question type).
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryRow {
    /// The category's name.
    pub category: String,
    /// Active questions in the category.
    pub items: usize,
    /// Per sitting, in leaderboard order.
    pub tallies: Vec<Tally>,
}

/// The accuracy of always answering the same position, and of always the longest choice.
#[derive(Debug, Clone, PartialEq)]
pub struct BiasBaselines {
    /// Accuracy of always picking each letter (A, B, …).
    pub per_position: Vec<(char, f64)>,
    /// The best fixed position and its accuracy.
    pub best_position: (char, f64),
    /// Accuracy of always picking the longest choice (first of equals).
    pub longest_choice: f64,
}

/// Everything grading produces for one exam version.
#[derive(Debug, Clone, PartialEq)]
pub struct Grades {
    /// Sittings by accuracy, best first (ties by name).
    pub leaderboard: Vec<Standing>,
    /// The gold articles' EXAM score, when gold outcomes were imported.
    pub gold: Option<ExamScore>,
    /// Per topic.
    pub topics: Vec<CategoryRow>,
    /// Per Bloom level (a question counts in each of its levels).
    pub bloom: Vec<CategoryRow>,
    /// Per question type.
    pub question_types: Vec<CategoryRow>,
    /// Bias baselines; `None` for an exam without questions.
    pub bias: Option<BiasBaselines>,
    /// Active questions graded.
    pub questions: usize,
}

/// Grades every sitting on the given active questions.
pub fn grade(questions: &[GradedQuestion], sittings: &[Sitting]) -> Grades {
    let gold_sitting = sittings.iter().find(|s| s.mode == RunMode::Gold);
    let gold_per_query = gold_sitting.map(|g| per_query_exam(questions, g));
    let gold = gold_per_query
        .as_ref()
        .and_then(|per_query| exam_score(per_query, 0, None));

    let mut leaderboard: Vec<Standing> = sittings
        .iter()
        .filter(|s| s.mode != RunMode::Gold)
        .map(|s| standing(questions, s, gold.as_ref(), gold_per_query.as_ref()))
        .collect();
    leaderboard.sort_by(|a, b| {
        let acc = |s: &Standing| s.accuracy.map_or(-1.0, |(p, _, _)| p);
        acc(b).total_cmp(&acc(a)).then_with(|| a.name.cmp(&b.name))
    });
    let order: Vec<&Sitting> = leaderboard
        .iter()
        .filter_map(|st| {
            sittings
                .iter()
                .find(|s| s.name == st.name && s.mode == st.mode)
        })
        .collect();

    Grades {
        topics: breakdown(questions, &order, |q| {
            vec![q.topic.clone().unwrap_or_else(|| "(no topic)".to_owned())]
        }),
        bloom: {
            let mut rows = breakdown(questions, &order, |q| {
                q.bloom.iter().map(ToString::to_string).collect()
            });
            rows.sort_by_key(|r| r.category.parse::<BloomLevel>().ok());
            rows
        },
        question_types: {
            let mut rows = breakdown(questions, &order, |q| vec![q.question_type.to_string()]);
            rows.sort_by_key(|r| r.category.parse::<QuestionType>().ok());
            rows
        },
        bias: bias_baselines(questions),
        questions: questions.len(),
        leaderboard,
        gold,
    }
}

fn standing(
    questions: &[GradedQuestion],
    sitting: &Sitting,
    gold: Option<&ExamScore>,
    gold_per_query: Option<&BTreeMap<String, f64>>,
) -> Standing {
    let mut tally = Tally::default();
    for q in questions {
        tally.add(sitting.responses.get(&q.id).copied(), q.key);
    }
    let accuracy = tally.accuracy().map(|p| {
        let (low, high) = p.wilson_95();
        (p.estimate(), low, high)
    });
    let exam = (sitting.mode == RunMode::Exam)
        .then(|| {
            let per_query = per_query_exam(questions, sitting);
            let skipped = per_query.len() - per_query.keys().filter(|q| writes(sitting, q)).count();
            let mut score = exam_score(&per_query, skipped, gold_per_query)?;
            if let Some(gold) = gold {
                score.comparable_to_gold =
                    Some((score.exam - gold.exam).abs() <= score.standard_error);
            }
            Some(score)
        })
        .flatten();
    Standing {
        name: sitting.name.clone(),
        mode: sitting.mode,
        tally,
        accuracy,
        exam,
    }
}

fn writes(sitting: &Sitting, query: &str) -> bool {
    sitting
        .article_queries
        .as_ref()
        .is_none_or(|written| written.contains(query))
}

/// EXAM(d_q) for every query of the bank: correct / questions of q, 0 for a skipped query.
fn per_query_exam(questions: &[GradedQuestion], sitting: &Sitting) -> BTreeMap<String, f64> {
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for q in questions {
        let Some(query) = &q.query else { continue };
        let entry = counts.entry(query.clone()).or_default();
        entry.1 += 1;
        let correct =
            matches!(sitting.responses.get(&q.id), Some(Outcome::Chosen(i)) if *i == q.key);
        if correct && writes(sitting, query) {
            entry.0 += 1;
        }
    }
    counts
        .into_iter()
        .map(|(query, (correct, total))| (query, correct as f64 / total as f64))
        .collect()
}

fn exam_score(
    per_query: &BTreeMap<String, f64>,
    skipped_queries: usize,
    gold_per_query: Option<&BTreeMap<String, f64>>,
) -> Option<ExamScore> {
    let values: Vec<f64> = per_query.values().copied().collect();
    let estimate = MeanEstimate::of(&values).ok()?;
    let n_exam = gold_per_query.and_then(|gold| {
        let denominator: f64 = gold.values().sum();
        (denominator > 0.0).then(|| per_query.values().sum::<f64>() / denominator)
    });
    Some(ExamScore {
        exam: estimate.mean,
        standard_error: estimate.standard_error,
        queries: estimate.n,
        skipped_queries,
        n_exam,
        comparable_to_gold: None,
        per_query: per_query.iter().map(|(q, v)| (q.clone(), *v)).collect(),
    })
}

fn breakdown(
    questions: &[GradedQuestion],
    order: &[&Sitting],
    categories_of: impl Fn(&GradedQuestion) -> Vec<String>,
) -> Vec<CategoryRow> {
    let mut rows: BTreeMap<String, CategoryRow> = BTreeMap::new();
    for q in questions {
        for category in categories_of(q) {
            let row = rows.entry(category.clone()).or_insert_with(|| CategoryRow {
                category,
                items: 0,
                tallies: vec![Tally::default(); order.len()],
            });
            row.items += 1;
            for (tally, sitting) in row.tallies.iter_mut().zip(order) {
                tally.add(sitting.responses.get(&q.id).copied(), q.key);
            }
        }
    }
    rows.into_values().collect()
}

fn bias_baselines(questions: &[GradedQuestion]) -> Option<BiasBaselines> {
    if questions.is_empty() {
        return None;
    }
    let n = questions.len() as f64;
    let width = questions
        .iter()
        .map(|q| q.choice_lengths.len())
        .max()
        .unwrap_or(0);
    let per_position: Vec<(char, f64)> = (0..width)
        .map(|p| {
            let hits = questions.iter().filter(|q| q.key == p).count();
            (proctor_core::letter(p), hits as f64 / n)
        })
        .collect();
    let best_position =
        per_position.iter().copied().fold(
            ('A', f64::MIN),
            |best, cur| if cur.1 > best.1 { cur } else { best },
        );
    let longest_hits = questions
        .iter()
        .filter(|q| {
            let longest = q.choice_lengths.iter().copied().max().unwrap_or(0);
            q.choice_lengths.iter().position(|l| *l == longest) == Some(q.key)
        })
        .count();
    Some(BiasBaselines {
        per_position,
        best_position,
        longest_choice: longest_hits as f64 / n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(id: i64, key: usize, query: &str, topic: &str) -> GradedQuestion {
        GradedQuestion {
            id: QuestionId(id),
            key,
            choice_lengths: vec![3, 10, 4, 4],
            topic: Some(topic.to_owned()),
            bloom: vec![BloomLevel::Remembering],
            question_type: QuestionType::What,
            query: Some(query.to_owned()),
        }
    }

    fn sitting(name: &str, mode: RunMode, answers: &[(i64, Outcome)]) -> Sitting {
        Sitting {
            name: name.to_owned(),
            mode,
            responses: answers.iter().map(|(q, o)| (QuestionId(*q), *o)).collect(),
            article_queries: None,
        }
    }

    /// Four questions: q1, q2 about query "a"; q3, q4 about "b". Keys: 1, 1, 0, 2.
    fn exam() -> Vec<GradedQuestion> {
        vec![
            question(1, 1, "a", "T1"),
            question(2, 1, "a", "T1"),
            question(3, 0, "b", "T2"),
            question(4, 2, "b", "T2"),
        ]
    }

    #[test]
    fn accuracy_counts_errors_and_unanswered_as_not_right() {
        use Outcome::{Chosen, Error, NeedsLook, Unanswered};
        let s = sitting(
            "s",
            RunMode::Answers,
            &[(1, Chosen(1)), (2, Unanswered), (3, Error), (4, Chosen(0))],
        );
        let looked = sitting(
            "looked",
            RunMode::Answers,
            &[
                (1, Chosen(1)),
                (2, NeedsLook),
                (3, NeedsLook),
                (4, Chosen(2)),
            ],
        );
        let grades = grade(&exam(), &[s, looked]);
        let row = grades.leaderboard.iter().find(|r| r.name == "s").unwrap();
        assert_eq!(
            row.tally,
            Tally {
                correct: 1,
                wrong: 1,
                unanswered: 1,
                errors: 1,
                needs_look: 0,
            }
        );
        // 1 right of 4 questions: the error is not right (it was left out before, giving 1/3).
        let (p, low, high) = row.accuracy.unwrap();
        assert!((p - 0.25).abs() < 1e-12);
        assert!(low < p && p < high);
        // On answered: 1 right of the 2 replies that chose (the no answer is not an answer).
        assert_eq!(row.tally.accuracy_on_answered(), Some(0.5));
        // Replies still to be read: not right, and not answered.
        let looked = grades
            .leaderboard
            .iter()
            .find(|r| r.name == "looked")
            .unwrap();
        assert_eq!((looked.tally.correct, looked.tally.needs_look), (2, 2));
        assert!((looked.accuracy.unwrap().0 - 0.5).abs() < 1e-12);
        assert_eq!(looked.tally.accuracy_on_answered(), Some(1.0));
    }

    #[test]
    fn exam_and_n_exam_follow_methods_section_1() {
        use Outcome::Chosen;
        // System: query a 2/2, query b 0/2 → per-query [1, 0], EXAM 0.5,
        // sd = sqrt(((0.5)² + (0.5)²) / 1) = 0.70711, SE = 0.70711 / sqrt(2) = 0.5.
        let system = sitting(
            "sys",
            RunMode::Exam,
            &[
                (1, Chosen(1)),
                (2, Chosen(1)),
                (3, Chosen(1)),
                (4, Chosen(1)),
            ],
        );
        // Gold: a 1/2, b 2/2 → Σ gold = 1.5; n-EXAM = (1 + 0) / 1.5 = 0.6667.
        let gold = sitting(
            "gold",
            RunMode::Gold,
            &[
                (1, Chosen(1)),
                (2, Chosen(0)),
                (3, Chosen(0)),
                (4, Chosen(2)),
            ],
        );
        let grades = grade(&exam(), &[system, gold]);
        let exam = grades.leaderboard[0].exam.clone().unwrap();
        assert!((exam.exam - 0.5).abs() < 1e-12);
        assert!((exam.standard_error - 0.5).abs() < 1e-12);
        assert!((exam.n_exam.unwrap() - 2.0 / 3.0).abs() < 1e-12);
        let gold = grades.gold.unwrap();
        assert!((gold.exam - 0.75).abs() < 1e-12);
        // |0.5 − 0.75| = 0.25 ≤ SE 0.5 → comparable to gold.
        assert_eq!(exam.comparable_to_gold, Some(true));
        assert_eq!(grades.leaderboard.len(), 1, "gold is not a system");
    }

    #[test]
    fn a_query_without_an_article_scores_zero() {
        use Outcome::Chosen;
        let mut s = sitting(
            "sys",
            RunMode::Exam,
            &[
                (1, Chosen(1)),
                (2, Chosen(1)),
                (3, Chosen(0)),
                (4, Chosen(2)),
            ],
        );
        s.article_queries = Some(BTreeSet::from(["a".to_owned()]));
        let exam = grade(&exam(), &[s]).leaderboard[0].exam.clone().unwrap();
        assert_eq!(
            exam.per_query,
            vec![("a".to_owned(), 1.0), ("b".to_owned(), 0.0)]
        );
        assert_eq!(exam.skipped_queries, 1);
        assert!((exam.exam - 0.5).abs() < 1e-12);
    }

    #[test]
    fn breakdowns_and_leaderboard_order() {
        use Outcome::Chosen;
        let strong = sitting(
            "strong",
            RunMode::Answers,
            &[
                (1, Chosen(1)),
                (2, Chosen(1)),
                (3, Chosen(0)),
                (4, Chosen(0)),
            ],
        );
        let weak = sitting(
            "weak",
            RunMode::Answers,
            &[
                (1, Chosen(0)),
                (2, Chosen(1)),
                (3, Chosen(1)),
                (4, Chosen(1)),
            ],
        );
        let grades = grade(&exam(), &[weak, strong]);
        assert_eq!(grades.leaderboard[0].name, "strong");
        let t1 = &grades.topics[0];
        assert_eq!((t1.category.as_str(), t1.items), ("T1", 2));
        assert_eq!(t1.tallies[0].correct, 2);
        assert_eq!(t1.tallies[1].correct, 1);
        assert_eq!(grades.bloom[0].category, "Remembering");
        let mut mixed = exam();
        mixed[0].bloom = vec![BloomLevel::Creating];
        mixed[1].bloom = vec![BloomLevel::Uncategorized];
        mixed[2].bloom = vec![BloomLevel::Analyzing];
        let order: Vec<String> = grade(&mixed, &[])
            .bloom
            .into_iter()
            .map(|r| r.category)
            .collect();
        assert_eq!(
            order,
            ["Remembering", "Analyzing", "Creating", "Uncategorized"],
            "taxonomy order"
        );
    }

    #[test]
    fn comparison_counts_errors_as_not_right() {
        use Outcome::{Chosen, Error, Unanswered};
        // Keys 1, 1, 0, 2. First: right, right, right, error. Second: right, wrong, unanswered, right.
        let first = sitting(
            "first",
            RunMode::Answers,
            &[(1, Chosen(1)), (2, Chosen(1)), (3, Chosen(0)), (4, Error)],
        );
        let second = sitting(
            "second",
            RunMode::Answers,
            &[
                (1, Chosen(1)),
                (2, Chosen(0)),
                (3, Unanswered),
                (4, Chosen(2)),
            ],
        );
        let c = compare(&exam(), &first, &second).unwrap();
        // q4: the first's error is not right, the second is right → right for the second only.
        assert_eq!(
            (c.pairs, c.both, c.only_first, c.only_second, c.neither),
            (4, 1, 2, 1, 0)
        );
        assert!((c.first_accuracy - 0.75).abs() < 1e-12);
        assert!((c.second_accuracy - 0.5).abs() < 1e-12);
        assert!((c.difference.difference - 0.25).abs() < 1e-12);
        // McNemar on 2 against 1 discordant questions: p = 2 · (1 + 3) / 8 = 1.
        assert!((c.mcnemar.p_value - 1.0).abs() < 1e-15);
        assert!(
            c.difference.low <= c.difference.difference
                && c.difference.difference <= c.difference.high
        );
        assert_eq!(c.difference.resamples, RESAMPLES);
        assert!(compare(&[], &first, &second).is_none());
    }

    #[test]
    fn bias_baselines_by_position_and_length() {
        let bias = grade(&exam(), &[]).bias.unwrap();
        // Keys 1, 1, 0, 2: B is right half the time; the longest choice (B, 10 chars) too.
        assert_eq!(bias.best_position, ('B', 0.5));
        assert_eq!(bias.per_position[3], ('D', 0.0));
        assert!((bias.longest_choice - 0.5).abs() < 1e-12);
        assert!(grade(&[], &[]).bias.is_none());
    }
}
