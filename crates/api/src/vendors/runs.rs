//! Vendor systems sit the exam: a job per run, each system asked through its [`Harness`]
//! (concurrency, rate, retries, breaker, budget). Results are committed as they arrive (what
//! arrived together, in one transaction — never held back to fill a batch), so a run killed at any point keeps what it finished and the next run asks only
//! the rest — one response per (system, version, question); requests in flight at the kill are
//! the only ones sent twice. In EXAM mode each query's article is fetched and stored, then
//! graded by the local reader when asked.

use super::Vendor;
use super::adaptive::{Bank, check_asking};
use crate::dto::{EndpointRunReport, EndpointRunRequest, EndpointSitting, ReadArticlesRequest};
use crate::open_answers::grading_or_default;
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{Outcome, QuestionId, RunId, RunMode, SystemId};
use proctor_models::vendor::{Budget, Halt, Harness, Secrets, VendorMode, VendorSpec};
use proctor_store::QuestionRow;
use std::collections::{BTreeSet, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};

/// What an answer depends on: everything but the limits and the price. A resumed run must
/// ask the same way, or its answers would mix two systems.
fn setup_of(spec: &VendorSpec) -> ApiResult<String> {
    let identity = serde_json::json!({
        "mode": spec.mode,
        "method": spec.method,
        "url": spec.url,
        "headers": spec.headers,
        "body": spec.body,
        "reply": spec.reply,
    });
    Ok(format!(
        "endpoint {}",
        serde_json::to_string(&identity).map_err(ApiError::internal)?
    ))
}

/// What is left of a budget after what earlier systems of the run spent.
fn remaining(budget: Budget, spent: &Budget) -> Option<Budget> {
    let left = |limit: u64, used: u64| {
        if limit == 0 {
            Some(0)
        } else {
            limit.checked_sub(used).filter(|l| *l > 0)
        }
    };
    let cost = if budget.max_cost > 0.0 {
        let left = budget.max_cost - spent.max_cost;
        if left <= 0.0 {
            return None;
        }
        left
    } else {
        0.0
    };
    Some(Budget {
        max_requests: left(budget.max_requests, spent.max_requests)?,
        max_tokens: left(budget.max_tokens, spent.max_tokens)?,
        max_cost: cost,
    })
}

impl Project {
    fn chosen_endpoints(&self, names: &[String]) -> ApiResult<Vec<Vendor>> {
        let all = self.store.endpoints()?;
        if all.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the project has no endpoint systems yet; add one on the Systems page (Add system → HTTP endpoint)",
            ));
        }
        let chosen: Vec<_> = if names.is_empty() {
            all
        } else {
            names
                .iter()
                .map(|name| {
                    all.iter()
                        .find(|(_, n, _)| n == name)
                        .cloned()
                        .ok_or_else(|| {
                            ApiError::new(
                                ErrorCode::NotFound,
                                format!("there is no endpoint system named '{name}'"),
                            )
                        })
                })
                .collect::<ApiResult<_>>()?
        };
        chosen
            .into_iter()
            .map(|(id, name, _)| {
                let spec = self.endpoint_spec(id, &name)?;
                spec.check()?;
                // Every key is read before any request: a missing one stops the run here.
                let secrets = Secrets::read(&spec, &name)?;
                Ok(Vendor {
                    reader: None,
                    id,
                    name,
                    spec,
                    secrets,
                })
            })
            .collect()
    }

    /// Lets endpoint systems sit the exam (EXAM mode: write their articles, then have them
    /// graded). Questions already answered are skipped, so a stopped or killed run resumes.
    pub fn run_endpoints(
        &mut self,
        request: &EndpointRunRequest,
        progress: &dyn Progress,
    ) -> ApiResult<EndpointRunReport> {
        request
            .budget
            .check()
            .map_err(|m| ApiError::new(ErrorCode::InvalidInput, m))?;
        let mut endpoints = self.chosen_endpoints(&request.systems)?;
        // Loaded before anything is asked, so that a model that cannot read replies stops
        // the run here.
        let reader = std::sync::Arc::new(crate::reply_model::ReplyReader::load(
            request.reply_model.as_deref(),
        )?);
        for e in &mut endpoints {
            e.reader = Some(std::sync::Arc::clone(&reader));
        }
        let version = self.exam_version(request.exam.as_deref())?;
        let questions: Vec<QuestionRow> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .collect();
        let queries: Vec<String> = questions
            .iter()
            .filter_map(|q| q.query.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        if endpoints
            .iter()
            .any(|e| e.spec.mode == VendorMode::Articles)
            && queries.is_empty()
        {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "no question of this exam names its query; EXAM mode needs a query column in the exam",
            ));
        }
        let wanted: Vec<QuestionId> = request
            .questions
            .iter()
            .map(|id| {
                questions
                    .iter()
                    .find(|q| q.external_id == *id)
                    .map(|q| q.id)
                    .ok_or_else(|| {
                        ApiError::new(
                            ErrorCode::NotFound,
                            format!("the exam has no active question '{id}'"),
                        )
                    })
            })
            .collect::<ApiResult<_>>()?;

        if let Some(asking) = &request.adaptive {
            check_asking(asking, !wanted.is_empty(), &endpoints)?;
        }
        // Adaptive sittings: each system's questions calibrated before any request, so a
        // missing calibration stops the run before anything is asked.
        let banks: Vec<Option<Bank>> = endpoints
            .iter()
            .map(|e| {
                request
                    .adaptive
                    .as_ref()
                    .map(|_| {
                        self.adaptive_bank(
                            (request.exam.as_deref(), &e.name),
                            &questions,
                            !request.restart,
                        )
                    })
                    .transpose()
            })
            .collect::<ApiResult<_>>()?;

        let tx = self.store.transaction()?;
        tx.freeze_carrying(version.id)?;
        tx.commit()?;
        let runs = self.store.runs(version.id)?;
        // Asking more (resuming, retrying errors or chosen questions) needs the same set-up,
        // or one sitting would hold the answers of two configurations; a finished sitting
        // asked nothing more has nothing to mix.
        for e in endpoints
            .iter()
            .filter(|e| e.spec.mode != VendorMode::Articles)
        {
            let setup = setup_of(&e.spec)?;
            if !request.restart
                && let Some(earlier) = runs
                    .iter()
                    .find(|r| r.system == Some(e.id) && r.mode == RunMode::Answers)
                && earlier.source.as_deref() != Some(setup.as_str())
                && (request.retry_errors
                    || !wanted.is_empty()
                    || self.store.response_count(earlier.id)? < questions.len())
            {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    format!(
                        "'{}' started this exam with another configuration; run again with \"ask everything again\" (restart) to answer from scratch, or put the earlier configuration back",
                        e.name
                    ),
                ));
            }
        }
        // What each system still has to be asked.
        let mut work: Vec<(usize, Option<RunId>, Vec<usize>, usize)> = Vec::new();
        for (at, e) in endpoints.iter().enumerate() {
            let tx = self.store.transaction()?;
            let (run, todo, before) = match e.spec.mode {
                VendorMode::Answers | VendorMode::Open => {
                    if request.restart {
                        tx.delete_run(Some(e.id), RunMode::Answers, version.id)?;
                    }
                    let run = match tx.sitting(Some(e.id), RunMode::Answers, version.id)? {
                        Some((run, _)) => run,
                        None => tx.create_run(
                            Some(e.id),
                            RunMode::Answers,
                            version.id,
                            &setup_of(&e.spec)?,
                        )?,
                    };
                    if request.retry_errors {
                        tx.forget_responses(run, None)?;
                    }
                    if !wanted.is_empty() {
                        tx.forget_responses(run, Some(&wanted))?;
                    }
                    let done: HashSet<QuestionId> = tx
                        .sitting(Some(e.id), RunMode::Answers, version.id)?
                        .map(|(_, done)| done)
                        .unwrap_or_default();
                    let mut todo: Vec<usize> = questions
                        .iter()
                        .enumerate()
                        .filter(|(_, q)| !done.contains(&q.id))
                        .filter(|(_, q)| wanted.is_empty() || wanted.contains(&q.id))
                        .map(|(i, _)| i)
                        .collect();
                    // An adaptive sitting asks at most this many more (which ones, it decides
                    // as it goes): the count is for the progress bar.
                    if let Some(asking) = &request.adaptive {
                        todo.truncate((asking.max_questions as usize).saturating_sub(done.len()));
                    }
                    (Some(run), todo, done.len())
                }
                VendorMode::Articles => {
                    if request.restart {
                        tx.forget_articles(e.id, Some(&queries))?;
                    } else if request.retry_errors {
                        tx.forget_articles(e.id, None)?;
                    }
                    let chosen: HashSet<&str> = questions
                        .iter()
                        .filter(|q| wanted.contains(&q.id))
                        .filter_map(|q| q.query.as_deref())
                        .collect();
                    if !chosen.is_empty() {
                        let again: Vec<String> = chosen.iter().map(|q| (*q).to_owned()).collect();
                        tx.forget_articles(e.id, Some(&again))?;
                    }
                    tx.commit()?;
                    let asked: HashSet<String> = self
                        .store
                        .article_exchanges(e.id)?
                        .into_iter()
                        .filter_map(|row| row.query)
                        .collect();
                    let todo: Vec<usize> = queries
                        .iter()
                        .enumerate()
                        .filter(|(_, q)| !asked.contains(*q))
                        .filter(|(_, q)| chosen.is_empty() || chosen.contains(q.as_str()))
                        .map(|(i, _)| i)
                        .collect();
                    let before = queries.len() - todo.len();
                    work.push((at, None, todo, before));
                    continue;
                }
            };
            tx.commit()?;
            work.push((at, run, todo, before));
        }
        let total: usize = work.iter().map(|(_, _, todo, _)| todo.len()).sum();
        progress.start("Asking the endpoints", total as u64);

        let mut spent = Budget::default();
        let mut sittings = Vec::new();
        let mut halted: Option<String> = None;
        let mut fetched_articles: Vec<(SystemId, String)> = Vec::new();
        for (at, run, todo, before) in work {
            let e = &endpoints[at];
            let Some(budget) = remaining(request.budget, &spent) else {
                halted.get_or_insert_with(|| "the run's budget is spent".to_owned());
                sittings.push(EndpointSitting {
                    system: e.name.clone(),
                    asked: 0,
                    answered: 0,
                    no_answer: 0,
                    needs_look: 0,
                    by_meaning: 0,
                    by_model: 0,
                    notes: Vec::new(),
                    errors: 0,
                    open: None,
                    before: saturating_u32(before),
                    requests: 0,
                    halted: Some("not asked: the run's budget is spent".to_owned()),
                    adaptive: None,
                });
                continue;
            };
            progress.detail(&e.name);
            let failed = AtomicBool::new(false);
            let stop = || progress.cancelled() || failed.load(Ordering::SeqCst);
            let harness = Harness::new(e.spec.limits, e.spec.price, budget, &stop);
            let mut adaptive = None;
            let (tally, problem) = match (run, &banks[at], &request.adaptive) {
                (Some(run), Some(bank), Some(asking)) => {
                    let (tally, problem, estimate) = self.ask_adaptively(
                        e,
                        run,
                        &questions,
                        (bank, asking),
                        (&harness, progress, &failed),
                    );
                    adaptive = Some(estimate);
                    (tally, problem)
                }
                (Some(run), _, _) => self.ask_questions(
                    e,
                    run,
                    &questions,
                    &todo,
                    (&harness, progress, &failed),
                    &mut Vec::new(),
                ),
                (None, _, _) => self.ask_queries(e, &queries, &todo, &harness, progress, &failed),
            };
            spent.max_requests = spent.max_requests.saturating_add(harness.requests());
            spent.max_tokens = spent.max_tokens.saturating_add(harness.tokens());
            spent.max_cost += harness.cost();
            if let Some(problem) = problem {
                progress.finish();
                return Err(problem);
            }
            let halt = harness.halt();
            if halt == Some(Halt::Stopped) {
                progress.finish();
                return Err(ApiError::new(
                    ErrorCode::Cancelled,
                    "the run stopped; the answers so far are kept, and running again resumes",
                ));
            }
            // An open-answer sitting: the reader grades the free answers that came in.
            let open = match (run, e.spec.mode) {
                (Some(run), VendorMode::Open) => {
                    progress.detail(&format!("{}: reading the free answers", e.name));
                    let grading = grading_or_default(request.grading.as_ref());
                    Some(
                        self.grade_open(run, &questions, &grading, &crate::NoProgress)?
                            .sentence(),
                    )
                }
                _ => None,
            };
            if let Some(run) = run
                && halt.is_none()
                && self.store.response_count(run)? >= questions.len()
            {
                let tx = self.store.transaction()?;
                tx.finish_run(run)?;
                tx.commit()?;
            }
            // EXAM mode is graded once every query has its article or its error: a query not
            // yet asked must not count as a blank article.
            if run.is_none()
                && halt.is_none()
                && self.store.article_exchanges(e.id)?.len() >= queries.len()
            {
                fetched_articles.push((e.id, e.name.clone()));
            }
            // What the replies asked now said: a choice, no answer, or a reply to read by hand.
            let (mut no_answer, mut needs_look) = (0usize, 0usize);
            if let Some(run) = run {
                let now: HashSet<QuestionId> = todo.iter().map(|i| questions[*i].id).collect();
                for r in self.store.responses(run)? {
                    if now.contains(&r.question) {
                        match r.outcome {
                            Outcome::Unanswered => no_answer += 1,
                            Outcome::NeedsLook => needs_look += 1,
                            Outcome::Chosen(_) | Outcome::Error => {}
                        }
                    }
                }
            }
            let helped = e.reader.as_ref().map(|r| r.take()).unwrap_or_default();
            let message = halt.as_ref().map(Halt::message);
            if let (None, Some(Halt::Budget(m) | Halt::Breaker(m))) = (&halted, &halt) {
                halted = Some(format!("{}: {m}", e.name));
            }
            sittings.push(EndpointSitting {
                system: e.name.clone(),
                asked: saturating_u32(tally.0 + tally.1),
                answered: saturating_u32(tally.0.saturating_sub(no_answer + needs_look)),
                no_answer: saturating_u32(no_answer),
                needs_look: saturating_u32(needs_look),
                by_meaning: saturating_u32(helped.by_meaning),
                by_model: saturating_u32(helped.by_model),
                notes: e.reader.as_ref().map_or_else(Vec::new, |r| r.notes(helped)),
                errors: saturating_u32(tally.1),
                open,
                before: saturating_u32(before),
                requests: saturating_u32(harness.requests()),
                halted: message,
                adaptive,
            });
        }
        progress.finish();
        if let Some(grading) = &request.grading
            && !fetched_articles.is_empty()
        {
            self.read_articles(
                &ReadArticlesRequest {
                    exam: request.exam.clone(),
                    systems: fetched_articles.iter().map(|(_, n)| n.clone()).collect(),
                    gold: false,
                    replace: true,
                    ..grading.clone()
                },
                progress,
            )?;
            // A query whose article could not be fetched leaves its questions as errors, never
            // as wrong answers of a blank article.
            for (system, _) in &fetched_articles {
                self.mark_failed_queries(*system, version.id, &questions)?;
            }
        }
        Ok(EndpointRunReport {
            exam: exam_version_dto(&version),
            sittings,
            halted,
        })
    }

    /// Turns the EXAM-mode answers to the questions of queries whose article failed into
    /// errors carrying the request's error.
    fn mark_failed_queries(
        &mut self,
        system: SystemId,
        version: proctor_core::ExamVersionId,
        questions: &[QuestionRow],
    ) -> ApiResult<()> {
        let failed: std::collections::HashMap<String, String> = self
            .store
            .article_exchanges(system)?
            .into_iter()
            .filter_map(|row| Some((row.query?, row.exchange.error?)))
            .collect();
        let Some(run) = self.store.run_of(system, RunMode::Exam, version)? else {
            return Ok(());
        };
        let errors: Vec<(QuestionId, String)> = questions
            .iter()
            .filter_map(|q| {
                let error = failed.get(q.query.as_deref()?)?;
                Some((q.id, format!("the endpoint wrote no article: {error}")))
            })
            .collect();
        let tx = self.store.transaction()?;
        tx.mark_errors(run, &errors)?;
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_limit_that_is_no_number_is_refused() {
        for bad in [f64::NAN, -1.0, f64::INFINITY] {
            let budget = Budget {
                max_cost: bad,
                ..Budget::default()
            };
            assert!(budget.check().unwrap_err().contains("0 or more"), "{bad}");
        }
        assert!(Budget::default().check().is_ok());
    }

    #[test]
    fn a_budget_is_shared_by_the_systems_of_a_run() {
        let budget = Budget {
            max_requests: 10,
            max_tokens: 0,
            max_cost: 1.0,
        };
        let spent = Budget {
            max_requests: 4,
            max_tokens: 500,
            max_cost: 0.25,
        };
        let left = remaining(budget, &spent).unwrap();
        assert_eq!((left.max_requests, left.max_tokens), (6, 0));
        assert!((left.max_cost - 0.75).abs() < 1e-12);
        let spent = Budget {
            max_requests: 10,
            ..spent
        };
        assert_eq!(remaining(budget, &spent), None);
        assert_eq!(
            remaining(Budget::default(), &spent),
            Some(Budget::default())
        );
    }
}
