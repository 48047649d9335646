//! Adaptive exams (CAT, METHODS.md §11): a new system answers only the questions that tell the
//! most about it. Items are calibrated by a fit; the ability is the EAP under a normal prior (the
//! calibration's population) on the marginal fit's quadrature; the next question is the unasked one of most Fisher
//! information at the current estimate (optionally taking the topics in turn); the exam stops
//! at a target standard error or a number of questions. The full-exam accuracy is predicted
//! from the answers given and, for every question not asked, its chance of a right answer
//! averaged over the posterior.

use super::estep::QUADRATURE_POINTS;
use super::mml::quadrature;
use super::{Item, ResponseMatrix};
use crate::{SplitMix64, StatsError};

/// When an adaptive exam stops, and how it picks.
#[derive(Debug, Clone, PartialEq)]
pub struct CatSettings {
    /// Stop once the posterior sd of θ is at most this.
    pub target_se: f64,
    /// Stop after this many questions, whatever the sd.
    pub max_items: usize,
    /// The topic of each item, to take the topics in turn (None: information alone).
    pub topics: Option<Vec<usize>>,
    /// The prior of θ: a normal with this mean and sd — the population the items were
    /// calibrated on (N(0, 1) for a marginal fit, whose scale it defines; the calibrating
    /// systems' mean and sd for a joint fit, whose scale is theirs).
    pub prior: (f64, f64),
    /// Exposure limit (catsim's `r_max`): an item already shown to at least this share of the
    /// earlier examinees is passed over while another one is left (None: no limit).
    pub max_exposure: Option<f64>,
}

/// One question asked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CatStep {
    /// The item asked.
    pub item: usize,
    /// Whether the answer was right.
    pub right: bool,
    /// θ̂ after the answer.
    pub theta: f64,
    /// Its posterior sd.
    pub se: f64,
}

/// The prediction of the full exam from the questions asked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prediction {
    /// θ̂ (EAP).
    pub theta: f64,
    /// Its posterior sd.
    pub se: f64,
    /// Expected share right over every item of the bank.
    pub accuracy: f64,
    /// Lower end of its 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

/// An adaptive exam in progress over a calibrated bank.
pub struct Cat<'a> {
    items: &'a [Item],
    settings: CatSettings,
    nodes: Vec<f64>,
    log_post: Vec<f64>,
    asked: Vec<bool>,
    /// The share of earlier examinees each item was shown to (for the exposure limit).
    exposure: Vec<f64>,
    steps: Vec<CatStep>,
}

impl<'a> Cat<'a> {
    /// A new exam over `items`: nothing asked, θ̂ = 0.
    pub fn new(items: &'a [Item], settings: CatSettings) -> Self {
        let (standard, weights) = quadrature(QUADRATURE_POINTS);
        let (mean, sd) = settings.prior;
        let nodes = standard.iter().map(|x| mean + sd * x).collect();
        Self {
            items,
            settings,
            log_post: weights.iter().map(|w| w.ln()).collect(),
            nodes,
            asked: vec![false; items.len()],
            exposure: vec![0.0; items.len()],
            steps: Vec::new(),
        }
    }

    /// The same exam, knowing the share of earlier examinees each item was shown to.
    #[must_use]
    pub fn with_exposure(mut self, rates: Vec<f64>) -> Self {
        if rates.len() == self.items.len() {
            self.exposure = rates;
        }
        self
    }

    fn posterior(&self) -> Vec<f64> {
        let top = self
            .log_post
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let w: Vec<f64> = self.log_post.iter().map(|v| (v - top).exp()).collect();
        let total: f64 = w.iter().sum();
        w.into_iter().map(|v| v / total).collect()
    }

    /// θ̂ (EAP) and its posterior sd.
    pub fn estimate(&self) -> (f64, f64) {
        let post = self.posterior();
        let mean: f64 = post.iter().zip(&self.nodes).map(|(w, x)| w * x).sum();
        let second: f64 = post.iter().zip(&self.nodes).map(|(w, x)| w * x * x).sum();
        (mean, (second - mean * mean).max(0.0).sqrt())
    }

    /// Whether the exam is over: the target sd reached, the count reached, or nothing left.
    pub fn done(&self) -> bool {
        self.steps.len() >= self.settings.max_items
            || self.steps.len() >= self.items.len()
            || (!self.steps.is_empty() && self.estimate().1 <= self.settings.target_se)
    }

    /// The next item to ask: of most information at θ̂ among the unasked (of the topic whose
    /// turn it is, when topics are balanced; below the exposure limit while any such is left);
    /// ties go to the lower index. `None` when done.
    pub fn next(&self) -> Option<usize> {
        if self.done() {
            return None;
        }
        self.most_informative(self.estimate().0)
    }

    /// The unasked item of most information at `theta`, by the rules of [`Cat::next`].
    pub fn most_informative(&self, theta: f64) -> Option<usize> {
        let turn = self.settings.topics.as_ref().and_then(|topics| {
            // The topic asked least so far (of those with items left), lowest first.
            let count = topics.iter().copied().max().map_or(0, |m| m + 1);
            let mut asked = vec![0usize; count];
            let mut left = vec![false; count];
            for (i, &t) in topics.iter().enumerate() {
                if self.asked[i] {
                    asked[t] += 1;
                } else {
                    left[t] = true;
                }
            }
            (0..count).filter(|&t| left[t]).min_by_key(|&t| asked[t])
        });
        let candidates: Vec<usize> = (0..self.items.len())
            .filter(|&i| !self.asked[i])
            .filter(|&i| {
                turn.is_none_or(|t| self.settings.topics.as_ref().is_some_and(|ts| ts[i] == t))
            })
            .collect();
        let fresh: Vec<usize> = match self.settings.max_exposure {
            Some(limit) => candidates
                .iter()
                .copied()
                .filter(|&i| self.exposure[i] < limit)
                .collect(),
            None => Vec::new(),
        };
        let pool = if fresh.is_empty() {
            &candidates
        } else {
            &fresh
        };
        pool.iter()
            .map(|&i| (i, self.items[i].information(theta)))
            .fold(None, |best: Option<(usize, f64)>, (i, info)| match best {
                Some((_, b)) if b >= info => best,
                _ => Some((i, info)),
            })
            .map(|(i, _)| i)
    }

    /// Records the answer to `item`.
    pub fn answer(&mut self, item: usize, right: bool) {
        for (value, &theta) in self.log_post.iter_mut().zip(&self.nodes) {
            let p = self.items[item]
                .probability(theta)
                .clamp(1e-300, 1.0 - 1e-16);
            *value += if right { p.ln() } else { (1.0 - p).ln() };
        }
        self.asked[item] = true;
        let (theta, se) = self.estimate();
        self.steps.push(CatStep {
            item,
            right,
            theta,
            se,
        });
    }

    /// Passes over `item` without an answer (it cannot be asked, or the system could not
    /// answer it): never picked again, θ̂ untouched.
    pub fn skip(&mut self, item: usize) {
        if let Some(asked) = self.asked.get_mut(item) {
            *asked = true;
        }
    }

    /// The questions asked so far, in order.
    pub fn steps(&self) -> &[CatStep] {
        &self.steps
    }

    /// The full exam predicted from the answers so far: the questions asked count as
    /// answered; every other one is right with its chance at θ, averaged over θ's posterior.
    /// The interval (normal approximation) holds both the uncertainty about θ and the luck of
    /// the questions not asked.
    pub fn predict(&self) -> Prediction {
        let post = self.posterior();
        let n = self.items.len().max(1) as f64;
        let mut answered = vec![false; self.items.len()];
        for step in &self.steps {
            answered[step.item] = true;
        }
        let right = self.steps.iter().filter(|s| s.right).count() as f64;
        // At each node: the expected share right, and the variance of the unasked questions.
        let (share, noise): (Vec<f64>, Vec<f64>) = self
            .nodes
            .iter()
            .map(|&theta| {
                let (mut expected, mut variance) = (right, 0.0);
                for (i, item) in self.items.iter().enumerate() {
                    if !answered[i] {
                        let p = item.probability(theta);
                        expected += p;
                        variance += p * (1.0 - p);
                    }
                }
                (expected / n, variance / (n * n))
            })
            .unzip();
        let accuracy: f64 = post.iter().zip(&share).map(|(w, s)| w * s).sum();
        let spread: f64 = post
            .iter()
            .zip(&share)
            .map(|(w, s)| w * (s - accuracy) * (s - accuracy))
            .sum();
        let luck: f64 = post.iter().zip(&noise).map(|(w, v)| w * v).sum();
        let half = 1.959_963_984_540_054 * (spread + luck).sqrt();
        let (theta, se) = self.estimate();
        Prediction {
            theta,
            se,
            accuracy,
            low: (accuracy - half).max(0.0),
            high: (accuracy + half).min(1.0),
        }
    }
}

/// Runs an adaptive exam on a system whose answers are known (`answers[i]`, `None` where it
/// has none: such items are never asked), revealing them one at a time.
pub fn simulate<'a>(
    items: &'a [Item],
    answers: &[Option<bool>],
    settings: &CatSettings,
) -> Cat<'a> {
    simulate_exposed(Cat::new(items, settings.clone()), answers)
}

/// [`simulate`], starting from a prepared exam (e.g. one that knows the items' exposure).
fn simulate_exposed<'a>(mut cat: Cat<'a>, answers: &[Option<bool>]) -> Cat<'a> {
    for (i, answer) in answers.iter().enumerate() {
        if answer.is_none() {
            cat.skip(i);
        }
    }
    while let Some(i) = cat.next() {
        cat.answer(i, answers[i].unwrap_or(false));
    }
    cat
}

/// One system left out and examined adaptively by a bank calibrated on the others.
#[derive(Debug, Clone, PartialEq)]
pub struct Validation {
    /// The system (its row).
    pub subject: usize,
    /// Questions the adaptive exam asked.
    pub used: usize,
    /// Its predicted full-exam accuracy, with the interval.
    pub prediction: Prediction,
    /// Its actual accuracy on the whole exam.
    pub actual: f64,
    /// The mean |accuracy on a random subset of `used` questions − actual| over the repeats.
    pub random_error: f64,
}

/// Leave-one-out validation of adaptive exams (METHODS.md §11): every system that answered
/// every question (of those `checked` says to check) is left out in turn, the bank is
/// calibrated on all the others by `calibrate`, the system sits the adaptive exam (its answers
/// revealed one at a time), and its predicted accuracy is set against its actual one — beside
/// `repeats` random subsets of the same size (seeded).
pub fn leave_one_out(
    responses: &ResponseMatrix,
    calibrate: impl Fn(&ResponseMatrix) -> Result<(Vec<Item>, (f64, f64)), StatsError>,
    settings: &CatSettings,
    checked: impl Fn(usize) -> bool,
    repeats: usize,
    seed: u64,
) -> Result<Vec<Validation>, StatsError> {
    let (n, m) = (responses.examinees(), responses.items());
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    // How many of the systems examined so far saw each item (for the exposure limit).
    let mut shown = vec![0usize; m];
    for s in 0..n {
        let answers: Vec<Option<bool>> = (0..m).map(|i| responses.get(s, i)).collect();
        if !checked(s) || answers.iter().any(Option::is_none) {
            continue;
        }
        let others = ResponseMatrix::new(
            (0..n)
                .filter(|&o| o != s)
                .map(|o| (0..m).map(|i| responses.get(o, i)).collect())
                .collect(),
        )?;
        let (items, prior) = calibrate(&others)?;
        let examined = out.len().max(1) as f64;
        let rates = shown.iter().map(|&k| k as f64 / examined).collect();
        let cat = simulate_exposed(
            Cat::new(
                &items,
                CatSettings {
                    prior,
                    ..settings.clone()
                },
            )
            .with_exposure(rates),
            &answers,
        );
        for step in cat.steps() {
            shown[step.item] += 1;
        }
        let used = cat.steps().len();
        let right: Vec<bool> = answers.iter().map(|a| *a == Some(true)).collect();
        let actual = right.iter().filter(|r| **r).count() as f64 / m as f64;
        let mut error = 0.0;
        for _ in 0..repeats {
            // A random subset of `used` questions (partial Fisher–Yates).
            let mut order: Vec<usize> = (0..m).collect();
            for k in 0..used.min(m) {
                let pick = k + rng.below(m - k);
                order.swap(k, pick);
            }
            let hits = order[..used.min(m)].iter().filter(|&&i| right[i]).count();
            error += (hits as f64 / used.max(1) as f64 - actual).abs();
        }
        out.push(Validation {
            subject: s,
            used,
            prediction: cat.predict(),
            actual,
            random_error: error / repeats.max(1) as f64,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bank() -> Vec<Item> {
        (0..40)
            .map(|i| Item {
                discrimination: 0.6 + 0.05 * f64::from(i % 20),
                difficulty: -2.0 + 0.1 * f64::from(i),
                guessing: 0.0,
            })
            .collect()
    }

    fn settings(max: usize) -> CatSettings {
        CatSettings {
            target_se: 0.0,
            max_items: max,
            topics: None,
            prior: (0.0, 1.0),
            max_exposure: None,
        }
    }

    #[test]
    fn the_first_question_is_the_most_informative_at_zero() {
        let items = bank();
        let cat = Cat::new(&items, settings(10));
        let first = cat.next().unwrap();
        let best = (0..items.len())
            .max_by(|&a, &b| {
                items[a]
                    .information(0.0)
                    .total_cmp(&items[b].information(0.0))
            })
            .unwrap();
        assert_eq!(first, best);
    }

    #[test]
    fn right_answers_raise_the_estimate_and_the_sd_falls() {
        let items = bank();
        let mut cat = Cat::new(&items, settings(10));
        let (_, sd0) = cat.estimate();
        let i = cat.next().unwrap();
        cat.answer(i, true);
        let (theta1, sd1) = cat.estimate();
        assert!(theta1 > 0.0 && sd1 < sd0);
        let j = cat.next().unwrap();
        assert_ne!(i, j, "never the same question twice");
        let best = (0..items.len())
            .filter(|&k| k != i)
            .max_by(|&a, &b| {
                items[a]
                    .information(theta1)
                    .total_cmp(&items[b].information(theta1))
            })
            .unwrap();
        assert_eq!(j, best, "the most informative at the new estimate");
        cat.answer(j, false);
        assert!(cat.estimate().0 < theta1);
    }

    #[test]
    fn it_stops_at_the_target_sd_or_the_count_and_predicts_with_an_interval() {
        let items = bank();
        let answers: Vec<Option<bool>> = items.iter().map(|i| Some(i.difficulty < 0.3)).collect();
        let capped = simulate(&items, &answers, &settings(8));
        assert_eq!(capped.steps().len(), 8);
        let target = simulate(
            &items,
            &answers,
            &CatSettings {
                target_se: 0.5,
                max_items: 40,
                topics: None,
                prior: (0.0, 1.0),
                max_exposure: None,
            },
        );
        assert!(target.steps().last().unwrap().se <= 0.5);
        assert!(target.steps().len() < 40);
        let p = target.predict();
        assert!(p.low <= p.accuracy && p.accuracy <= p.high);
        let actual = answers.iter().filter(|a| **a == Some(true)).count() as f64 / 40.0;
        assert!((p.accuracy - actual).abs() < 0.2, "{p:?} vs {actual}");
    }

    #[test]
    fn topics_are_taken_in_turn() {
        let items = bank();
        let topics: Vec<usize> = (0..items.len()).map(|i| i % 4).collect();
        let cat = simulate(
            &items,
            &vec![Some(true); items.len()],
            &CatSettings {
                target_se: 0.0,
                max_items: 8,
                topics: Some(topics.clone()),
                prior: (0.0, 1.0),
                max_exposure: None,
            },
        );
        let mut per_topic = [0; 4];
        for step in cat.steps() {
            per_topic[topics[step.item]] += 1;
        }
        assert_eq!(per_topic, [2, 2, 2, 2]);
    }

    #[test]
    fn leaving_one_out_predicts_better_than_random_subsets_of_the_same_size() {
        use crate::irt::{ItemModel, Preset, fit_marginal};
        // 300 systems × 40 questions from a 2PL model; half the questions, adaptively.
        let truth = bank();
        let mut rng = SplitMix64::new(5);
        let rows: Vec<Vec<u8>> = (0..300)
            .map(|s| {
                let theta = -2.5 + 5.0 * f64::from(s) / 299.0;
                truth
                    .iter()
                    .map(|item| u8::from(rng.unit() < item.probability(theta)))
                    .collect()
            })
            .collect();
        let responses = ResponseMatrix::from_scores(&rows).unwrap();
        // Calibrated once on everyone (a leave-one-out refit per system changes little with
        // 300 of them, and costs 300 fits): the check here is of the exam, not the fit.
        let items = fit_marginal(
            &responses,
            ItemModel::TwoPl,
            &Preset::standard(),
            500,
            false,
        )
        .unwrap()
        .items;
        let checks = leave_one_out(
            &responses,
            |_| Ok((items.clone(), (0.0, 1.0))),
            &settings(20),
            |_| true,
            20,
            9,
        )
        .unwrap();
        assert_eq!(checks.len(), 300);
        assert!(checks.iter().all(|c| c.used == 20));
        let mean = |f: fn(&Validation) -> f64| checks.iter().map(f).sum::<f64>() / 300.0;
        let cat_error = mean(|c| (c.prediction.accuracy - c.actual).abs());
        let random_error = mean(|c| c.random_error);
        assert!(cat_error < random_error, "{cat_error} vs {random_error}");
        let covered = checks
            .iter()
            .filter(|c| c.prediction.low <= c.actual && c.actual <= c.prediction.high)
            .count();
        assert!(
            covered >= 270,
            "{covered} of 300 actual accuracies in the 95% interval"
        );
        // Only the systems asked for are checked, each calibrated on every other one.
        let some = leave_one_out(
            &responses,
            |others| {
                assert_eq!(others.examinees(), 299);
                Ok((items.clone(), (0.0, 1.0)))
            },
            &settings(20),
            |s| s % 7 == 3,
            5,
            9,
        )
        .unwrap();
        let subjects: Vec<usize> = some.iter().map(|c| c.subject).collect();
        assert_eq!(
            subjects,
            (0..300).filter(|s| s % 7 == 3).collect::<Vec<_>>()
        );
    }

    #[test]
    fn an_exposure_limit_passes_over_items_shown_too_often_while_others_are_left() {
        let items = bank();
        let best = Cat::new(&items, settings(1)).next().unwrap();
        let limited = CatSettings {
            max_exposure: Some(0.5),
            ..settings(1)
        };
        let mut rates = vec![0.0; items.len()];
        rates[best] = 0.5;
        let second = Cat::new(&items, limited.clone())
            .with_exposure(rates.clone())
            .next()
            .unwrap();
        assert_ne!(second, best, "at the limit: passed over");
        rates[best] = 0.49;
        let again = Cat::new(&items, limited.clone())
            .with_exposure(rates)
            .next()
            .unwrap();
        assert_eq!(again, best, "below the limit: asked");
        // When every item is over the limit, the most informative is asked all the same.
        let all = Cat::new(&items, limited)
            .with_exposure(vec![1.0; items.len()])
            .next()
            .unwrap();
        assert_eq!(all, best);
    }

    #[test]
    fn items_without_an_answer_are_never_asked() {
        let items = bank();
        let mut answers: Vec<Option<bool>> = vec![Some(true); items.len()];
        let first = Cat::new(&items, settings(1)).next().unwrap();
        answers[first] = None;
        let cat = simulate(&items, &answers, &settings(5));
        assert!(cat.steps().iter().all(|s| s.item != first));
    }
}
