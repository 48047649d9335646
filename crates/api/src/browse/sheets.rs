//! A system's answer sheet on the version on view.

use crate::browse::{letter, verdict_of};
use crate::dto::{AnswerSheet, HandChoice, HandNote, ReadReply, SheetRow, SystemName};
use crate::error::{ApiError, ErrorCode};
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::vendors::{evidence_of, source_in_evidence};
use crate::{ApiResult, Project};
use proctor_core::{
    AnswerReading, Choices, NoAnswer, Outcome, QuestionId, RunMode, SystemKind, Way,
};
use proctor_store::NewExchange;
use std::collections::HashMap;

impl Project {
    /// Every answer a system gave on the version on view, question by question (its own
    /// answers; for a system graded in EXAM mode, its reader's).
    pub fn answer_sheet(&self, which: &SystemName) -> ApiResult<AnswerSheet> {
        let version = self.exam_version(None)?;
        let system = self.system_named(&which.name)?;
        let runs = self.store.runs(version.id)?;
        let run = runs
            .iter()
            .filter(|r| r.system == Some(system.id))
            .min_by_key(|r| r.mode != RunMode::Answers);
        let answers = match run {
            Some(run) => self.store.sheet(run.id)?,
            None => HashMap::default(),
        };
        // An endpoint's answers carry their exchange: attempts and the evidence's passage.
        let endpoint = system.kind == SystemKind::Endpoint;
        let exchanges: HashMap<QuestionId, NewExchange> = match run {
            Some(run) if endpoint && run.mode == RunMode::Answers => self
                .store
                .exchanges(run.id)?
                .into_iter()
                .filter_map(|row| row.question.map(|q| (q, row.exchange)))
                .collect(),
            _ => HashMap::new(),
        };
        let mut rows = Vec::new();
        for (at, q) in self.store.questions(version.id)?.into_iter().enumerate() {
            let answer = answers.get(&q.id);
            let outcome = answer.map(|a| a.outcome);
            let exchange = exchanges.get(&q.id);
            let reading = answer.and_then(|a| a.reading.as_ref());
            let hand = match (run, reading) {
                (Some(run), Some(r)) if r.by_hand() => {
                    self.store.hand_note(run.id, q.id)?.map(|n| HandNote {
                        original: n.original.map(|o| o.describe()),
                        reason: n.reason,
                        at: n.at,
                    })
                }
                _ => None,
            };
            rows.push(SheetRow {
                number: saturating_u32(at + 1),
                key: letter(q.key),
                choice: match outcome {
                    Some(Outcome::Chosen(i)) => Some(letter(i)),
                    _ => None,
                },
                verdict: verdict_of(outcome, q.key),
                reply: answer.and_then(|a| a.error.clone().or_else(|| a.raw_text.clone())),
                latency_ms: answer.and_then(|a| a.latency_ms),
                attempts: exchange.map(|e| e.attempts),
                source_in_evidence: exchange.and_then(|e| {
                    source_in_evidence(
                        q.source_text.as_deref(),
                        &evidence_of(e.evidence.as_deref()),
                    )
                }),
                reading: reading.map(AnswerReading::describe),
                hand,
                choices: q.choices,
                id: q.external_id,
                stem: q.stem,
            });
        }
        Ok(AnswerSheet {
            system: system.name,
            exam: exam_version_dto(&version),
            exam_mode: run.is_some_and(|r| r.mode != RunMode::Answers),
            endpoint,
            rows,
        })
    }
}

impl Project {
    /// Reads one reply of a system by hand (or takes a hand reading back), on the version on
    /// view; the reading is kept with the one it replaces and applies wherever the same reply
    /// to the same question comes back. Returns the sheet as it now reads.
    pub fn read_reply(&mut self, request: &ReadReply) -> ApiResult<AnswerSheet> {
        let version = self.exam_version(None)?;
        let system = self.system_named(&request.system)?;
        // By its id, or by its number on the answer sheet ("6") when no id is that.
        let questions = self.store.questions(version.id)?;
        let wanted = request.question.trim();
        let by_number = wanted
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|at| questions.get(at));
        let question = questions
            .iter()
            .find(|q| q.external_id == wanted)
            .or(by_number)
            .cloned()
            .ok_or_else(|| crate::browse::no_question(&version, &request.question))?;
        let run = self
            .store
            .runs(version.id)?
            .into_iter()
            .find(|r| r.system == Some(system.id) && r.mode == RunMode::Answers)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!(
                        "{} has no answers on {} version {} to read",
                        system.name, version.exam_name, version.version
                    ),
                )
            })?;
        let reading = match &request.reading {
            HandChoice::Choice { letter } => {
                let mut chars = letter.trim().chars();
                let choice = match (chars.next(), chars.next()) {
                    (Some(c), None) => Choices::letter_index(c),
                    _ => None,
                }
                .filter(|i| *i < question.choices.len())
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::InvalidInput,
                        format!(
                            "question {} has choices A to {}; \"{}\" is not one of them",
                            question.external_id,
                            crate::browse::letter(question.choices.len() - 1),
                            proctor_core::text::visible(letter)
                        ),
                    )
                })?;
                Some(AnswerReading::Chose {
                    choice,
                    way: Way::Hand,
                })
            }
            HandChoice::NoAnswer => Some(AnswerReading::NoAnswer {
                why: NoAnswer::Hand,
            }),
            HandChoice::Undo => None,
        };
        let reason = request
            .reason
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty());
        let tx = self.store.transaction()?;
        let done = match &reading {
            Some(reading) => tx.set_hand_reading(run.id, question.id, reading, reason)?,
            None => tx.clear_hand_reading(run.id, question.id)?,
        };
        if !done {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                match reading {
                    Some(_) => format!(
                        "{} has no reply to question {} to read (an error, or no answer yet)",
                        system.name, question.external_id
                    ),
                    None => format!(
                        "nobody has read {}'s reply to question {} by hand",
                        system.name, question.external_id
                    ),
                },
            ));
        }
        tx.commit()?;
        self.answer_sheet(&SystemName { name: system.name })
    }
}
