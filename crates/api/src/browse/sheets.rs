//! A system's answer sheet on the version on view.

use crate::browse::{letter, verdict_of};
use crate::dto::{AnswerSheet, SheetRow, SystemName};
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::vendors::{evidence_of, source_in_evidence};
use crate::{ApiResult, Project};
use proctor_core::{Outcome, QuestionId, RunMode, SystemKind};
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
        let rows = self
            .store
            .questions(version.id)?
            .into_iter()
            .enumerate()
            .map(|(at, q)| {
                let answer = answers.get(&q.id);
                let outcome = answer.map(|a| a.outcome);
                let exchange = exchanges.get(&q.id);
                SheetRow {
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
                    id: q.external_id,
                    stem: q.stem,
                }
            })
            .collect();
        Ok(AnswerSheet {
            system: system.name,
            exam: exam_version_dto(&version),
            exam_mode: run.is_some_and(|r| r.mode != RunMode::Answers),
            endpoint,
            rows,
        })
    }
}
