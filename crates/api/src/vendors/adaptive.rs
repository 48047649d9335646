//! Adaptive sittings of endpoint systems (METHODS.md §11): the questions are calibrated by the
//! project's IRT settings on the other systems that sat the exam; the system is asked one
//! question at a time — the one of most information at its current ability — until the
//! standard error or the count is reached. Every answer is committed as it arrives, so a
//! stopped run resumes: the answers it gave before are folded in first.

use super::Vendor;
use crate::dto::{AdaptiveAsking, AdaptiveEstimate, SystemSelection};
use crate::irt::adaptive::{calibrate, topic_numbers};
use crate::irt::{estimation_of, model_of, preset_named, stats_error};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{Outcome, RunId};
use proctor_models::vendor::{Harness, VendorMode};
use proctor_stats::irt::{Cat, CatSettings, Item, ResponseMatrix};
use proctor_store::QuestionRow;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// The questions calibrated for one system's adaptive sitting.
pub(crate) struct Bank {
    items: Vec<Item>,
    /// The prior of θ: the calibration's population.
    prior: (f64, f64),
    /// Each item's question (an index into the run's questions).
    question: Vec<usize>,
    /// Each item's topic number.
    topics: Vec<usize>,
    /// What the system answered before (right or wrong; none where it has no answer).
    earlier: Vec<Option<bool>>,
    /// The systems the items were calibrated on.
    calibrated_on: usize,
}

impl Project {
    /// Calibrates the exam's questions for `system` on every other system that sat it; with
    /// `resume`, the answers it gave before are kept to be folded in.
    pub(crate) fn adaptive_bank(
        &self,
        (exam, system): (Option<&str>, &str),
        questions: &[QuestionRow],
        resume: bool,
    ) -> ApiResult<Bank> {
        let why = |detail: String| {
            ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "'{system}' cannot sit the exam adaptively: the questions are calibrated on the other systems that sat it, and {detail}"
                ),
            )
        };
        let sat = self
            .sat(exam, &SystemSelection::default())
            .map_err(|e| why(e.message))?;
        let others: Vec<usize> = (0..sat.systems.len())
            .filter(|&s| sat.systems[s] != system)
            .collect();
        if others.len() < 2 {
            return Err(why(format!(
                "it needs at least two; this exam has {}",
                others.len()
            )));
        }
        let items = sat.questions.len();
        let rows = others
            .iter()
            .map(|&s| (0..items).map(|i| sat.responses.get(s, i)).collect())
            .collect();
        let responses = ResponseMatrix::new(rows).map_err(|e| why(stats_error(&e).message))?;
        let settings = self.irt_settings()?;
        let (calibrated, prior) = calibrate(
            &responses,
            model_of(settings.model),
            &preset_named(&settings.preset)?,
            estimation_of(settings.method),
        )
        .map_err(|e| why(stats_error(&e).message))?;
        let at: HashMap<&str, usize> = questions
            .iter()
            .enumerate()
            .map(|(i, q)| (q.external_id.as_str(), i))
            .collect();
        let mine = sat
            .systems
            .iter()
            .position(|s| s == system)
            .filter(|_| resume);
        // Only questions the run can ask: an item of the fit that is not among them is dropped.
        let mut bank = Bank {
            items: Vec::new(),
            prior,
            question: Vec::new(),
            topics: Vec::new(),
            earlier: Vec::new(),
            calibrated_on: others.len(),
        };
        let topics = topic_numbers(&sat.topics);
        for (i, id) in sat.questions.iter().enumerate() {
            if let Some(&q) = at.get(id.as_str()) {
                bank.items.push(calibrated[i]);
                bank.question.push(q);
                bank.topics.push(topics[i]);
                bank.earlier
                    .push(mine.and_then(|s| sat.responses.get(s, i)));
            }
        }
        Ok(bank)
    }

    /// Asks one system adaptively; returns (answered, errors), a store failure if one stopped
    /// it, and the estimate from every answer it has given.
    pub(crate) fn ask_adaptively(
        &mut self,
        e: &Vendor,
        run: RunId,
        questions: &[QuestionRow],
        (bank, asking): (&Bank, &AdaptiveAsking),
        (harness, progress, failed): (&Harness<'_>, &dyn Progress, &AtomicBool),
    ) -> ((usize, usize), Option<ApiError>, AdaptiveEstimate) {
        let mut cat = Cat::new(
            &bank.items,
            CatSettings {
                target_se: asking.target_se,
                max_items: asking.max_questions as usize,
                topics: asking.balance_topics.then(|| bank.topics.clone()),
                prior: bank.prior,
                max_exposure: None,
            },
        );
        for (item, earlier) in bank.earlier.iter().enumerate() {
            if let Some(right) = earlier {
                cat.answer(item, *right);
            }
        }
        let mut tally = (0, 0);
        let mut problem = None;
        while let Some(item) = cat.next() {
            if harness.halt().is_some() {
                break;
            }
            let q = bank.question[item];
            let mut heard = Vec::new();
            let (t, stopped) = self.ask_questions(
                e,
                run,
                questions,
                &[q],
                (harness, progress, failed),
                &mut heard,
            );
            tally = (tally.0 + t.0, tally.1 + t.1);
            if stopped.is_some() {
                problem = stopped;
                break;
            }
            match heard.first().map(|(_, outcome)| *outcome) {
                Some(Outcome::Chosen(choice)) => cat.answer(item, choice == questions[q].key),
                Some(Outcome::Unanswered | Outcome::NeedsLook) => cat.answer(item, false),
                // An error, or nothing (halted in flight): the question is passed over.
                Some(Outcome::Error) | None => cat.skip(item),
            }
        }
        let prediction = cat.predict();
        let estimate = AdaptiveEstimate {
            used: saturating_u32(cat.steps().len()),
            questions: saturating_u32(bank.items.len()),
            ability: prediction.theta,
            standard_error: prediction.se,
            predicted: prediction.accuracy,
            low: prediction.low,
            high: prediction.high,
            calibrated_on: saturating_u32(bank.calibrated_on),
        };
        (tally, problem, estimate)
    }
}

/// Checks an adaptive request against what the run would ask, and whom.
pub(crate) fn check_asking(
    asking: &AdaptiveAsking,
    chosen_questions: bool,
    endpoints: &[Vendor],
) -> ApiResult<()> {
    let invalid = |m: String| Err(ApiError::new(ErrorCode::InvalidInput, m));
    if asking.max_questions == 0 {
        return invalid("an adaptive sitting asks at least one question".to_owned());
    }
    if !(asking.target_se.is_finite() && asking.target_se >= 0.0) {
        return invalid(format!(
            "the target standard error must be 0 or more, not {}",
            asking.target_se
        ));
    }
    if chosen_questions {
        return invalid(
            "an adaptive sitting picks its own questions; ask either adaptively or the chosen questions"
                .to_owned(),
        );
    }
    if let Some(e) = endpoints
        .iter()
        .find(|e| e.spec.mode != VendorMode::Answers)
    {
        return invalid(format!(
            "'{}' {}; only systems that choose among the choices can sit the exam adaptively",
            e.name,
            if e.spec.mode == VendorMode::Articles {
                "writes articles (EXAM mode)"
            } else {
                "gives open answers, graded after the run"
            }
        ));
    }
    Ok(())
}
