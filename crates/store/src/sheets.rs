//! A system's answer sheet: each of its answers on one sitting, with what it replied.

use crate::{Result, Store};
use proctor_core::{AnswerReading, Outcome, QuestionId, RunId};
use std::collections::HashMap;

/// One answer of a sitting, as the answer sheet shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetAnswer {
    /// Its outcome.
    pub outcome: Outcome,
    /// What the system replied, as imported or read.
    pub raw_text: Option<String>,
    /// The error, when the outcome is one.
    pub error: Option<String>,
    /// Time it took, where known.
    pub latency_ms: Option<f64>,
    /// How the reply was read, where one was.
    pub reading: Option<AnswerReading>,
}

impl Store {
    /// Every answer of one sitting, by question.
    pub fn sheet(&self, run: RunId) -> Result<HashMap<QuestionId, SheetAnswer>> {
        let mut stmt = self.conn.prepare(
            "SELECT question_id, outcome, choice_index, raw_text, error, latency_ms, reading
             FROM responses WHERE run_id = ?1",
        )?;
        let rows = stmt.query_map([run.0], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<usize>>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, Option<f64>>(5)?,
                r.get::<_, Option<String>>(6)?,
            ))
        })?;
        let mut out = HashMap::new();
        for row in rows {
            let (question, outcome, choice, raw_text, error, latency_ms, reading) = row?;
            let reading = crate::readings::reading_of(question, reading.as_deref())?;
            let unsure = reading.as_ref().is_some_and(AnswerReading::needs_a_look);
            let outcome = crate::readings::outcome_of(question, &outcome, choice, unsure)?;
            out.insert(
                QuestionId(question),
                SheetAnswer {
                    outcome,
                    raw_text,
                    error,
                    latency_ms,
                    reading,
                },
            );
        }
        Ok(out)
    }
}
