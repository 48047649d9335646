//! EXAM mode graded locally (METHODS.md §1): for each query, a reader answers the query's
//! questions from the system's article alone; a query without an article leaves its questions
//! unanswered. Gold articles are read the same way, for n-EXAM.

pub(crate) mod nuggets;
pub(crate) mod sentences;
pub(crate) mod sweep;
pub(crate) mod writers;

use crate::dto::{PipelineSitting, ReadArticlesRequest, RunReport};
use crate::pipelines::BATCH;
use crate::pipelines::reading::read_batch;
use crate::project::exam_version_dto;
use crate::readers::with_reader;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{Outcome, RunMode, SystemId};
use proctor_store::{NewResponse, QuestionRow};

impl Project {
    /// Lets a local reader answer each query's questions from the systems' articles (and the
    /// gold articles), writing one EXAM-mode run per system.
    pub fn read_articles(
        &mut self,
        request: &ReadArticlesRequest,
        progress: &dyn Progress,
    ) -> ApiResult<RunReport> {
        let version = self.exam_version(request.exam.as_deref())?;
        let questions: Vec<_> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .collect();
        if questions.iter().all(|q| q.query.is_none()) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "no question of this exam names its query; EXAM mode needs a query column in the exam",
            ));
        }
        let writers = self.store.article_systems()?;
        let mut sittings: Vec<(Option<SystemId>, String)> = if request.systems.is_empty() {
            writers
                .into_iter()
                .map(|(id, name)| (Some(id), name))
                .collect()
        } else {
            request
                .systems
                .iter()
                .map(|name| {
                    writers
                        .iter()
                        .find(|(_, n)| n == name)
                        .map(|(id, n)| (Some(*id), n.clone()))
                        .ok_or_else(|| {
                            ApiError::new(
                                ErrorCode::NotFound,
                                format!("no system named '{name}' has articles"),
                            )
                        })
                })
                .collect::<ApiResult<_>>()?
        };
        if request.gold {
            sittings.push((None, "gold articles".to_owned()));
        }
        if sittings.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the project has no articles to read; import some first",
            ));
        }
        // The lexical reader weighs terms by their rarity in the corpus, or in the articles
        // when there is no corpus.
        let chunks = self.store.chunks()?;
        let mut texts = Vec::new();
        if chunks.is_empty() {
            for (system, _) in &sittings {
                texts.extend(self.store.articles(*system)?.into_values());
            }
        }
        let passages: Vec<&str> = if chunks.is_empty() {
            texts.iter().map(String::as_str).collect()
        } else {
            chunks.iter().map(|c| c.text.as_str()).collect()
        };
        with_reader(request, &passages, |reader, model_names| {
            // Refuse before reading anything when a sitting exists and may not be replaced.
            if !request.replace {
                let runs = self.store.runs(version.id)?;
                let mut complete = Vec::new();
                for r in runs.iter().filter(|r| r.mode != RunMode::Answers) {
                    if self.store.response_count(r.id)? >= questions.len() {
                        complete.push(r.system);
                    }
                }
                if let Some((_, name)) = sittings
                    .iter()
                    .find(|(system, _)| complete.contains(system))
                {
                    return Err(ApiError::new(
                        ErrorCode::Conflict,
                        format!(
                            "{name} already has EXAM-mode outcomes on this exam; replace them to read again"
                        ),
                    ));
                }
            }
            let mut report = Vec::new();
            for (system, name) in sittings {
                let mode = if system.is_some() {
                    RunMode::Exam
                } else {
                    RunMode::Gold
                };
                let articles = self.store.articles(system)?;
                progress.start(&name, questions.len() as u64);
                let mut responses = Vec::with_capacity(questions.len());
                for batch in questions.chunks(BATCH) {
                    if progress.cancelled() {
                        progress.finish();
                        return Err(ApiError::new(
                            ErrorCode::Cancelled,
                            format!(
                                "reading stopped: nothing of {name}'s sitting was kept (sittings finished before it are)"
                            ),
                        ));
                    }
                    // A question whose query has no article is unanswered; the others are read
                    // (a failed reading is an error response, and a reader on a server reads
                    // several at once).
                    let (read, unread): (Vec<&QuestionRow>, Vec<&QuestionRow>) =
                        batch.iter().partition(|q| {
                            q.query
                                .as_ref()
                                .is_some_and(|query| articles.contains_key(query))
                        });
                    let contexts: Vec<Vec<&str>> = read
                        .iter()
                        .map(|q| {
                            q.query
                                .as_ref()
                                .and_then(|query| articles.get(query))
                                .map(|text| vec![text.as_str()])
                                .unwrap_or_default()
                        })
                        .collect();
                    responses.extend(read_batch(reader, &read, &contexts));
                    responses.extend(
                        unread
                            .iter()
                            .map(|q| NewResponse::new(q.id, Outcome::Unanswered, None)),
                    );
                    progress.advance(batch.len() as u64);
                }
                progress.finish();
                // The whole sitting lands in one transaction: replaced, or refused if one exists.
                // A sitting carried over from the version before is read again whole (the reader
                // is deterministic, so unchanged questions keep their answers).
                let tx = self.store.transaction()?;
                tx.freeze_carrying(version.id)?;
                tx.delete_run(system, mode, version.id)?;
                let source = std::iter::once(format!(
                    "local {} reader",
                    crate::pipelines::reader_name(request.reader)
                ))
                .chain(model_names.iter().cloned())
                .collect::<Vec<_>>()
                .join(", ");
                let run = tx.create_run(system, mode, version.id, &source)?;
                tx.insert_responses(run, &responses)?;
                tx.finish_run(run)?;
                tx.commit()?;
                report.push(PipelineSitting {
                    system: name,
                    answered_now: saturating_u32(responses.len()),
                    answered_before: 0,
                });
            }
            Ok(RunReport {
                exam: exam_version_dto(&version),
                sittings: report,
            })
        })
    }
}
