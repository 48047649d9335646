//! Responses and how each reply was read, and the readings people make by hand (METHODS.md §13).
//!
//! A reply that needs a look is stored as outcome `unanswered` with an `unsure` reading; the
//! outcome read back is [`Outcome::NeedsLook`]. A hand reading lives in `hand_readings`, keyed
//! by the system, the question's stem and choices and the reply word for word, so it applies
//! again wherever the same reply comes back: a re-import, a new version's carried answers.

use crate::rows::NewResponse;
use crate::write::Tx;
use crate::{Result, Store, StoreError};
use proctor_core::{AnswerReading, Outcome, QuestionId, RunId};
use rusqlite::{OptionalExtension, params};

/// The SQL expression of a question's key in `hand_readings`: its stem and choices.
const QUESTION_KEY: &str = "json_array(q.stem, json(q.choices))";

/// A hand reading's note: what was read automatically before, why, and when.
#[derive(Debug, Clone, PartialEq)]
pub struct HandNote {
    /// The automatic reading it replaced, if the reply had one.
    pub original: Option<AnswerReading>,
    /// The reason given, if any.
    pub reason: Option<String>,
    /// When it was set (UTC, ISO 8601).
    pub at: String,
}

/// The stored (outcome, choice) of an outcome: a reply that needs a look is unanswered until read.
pub(crate) fn stored(outcome: Outcome) -> (&'static str, Option<usize>) {
    match outcome {
        Outcome::Chosen(i) => ("chosen", Some(i)),
        Outcome::Unanswered | Outcome::NeedsLook => ("unanswered", None),
        Outcome::Error => ("error", None),
    }
}

/// The outcome of a stored row; `unsure` is whether its reading needs a look.
pub(crate) fn outcome_of(
    row: i64,
    outcome: &str,
    choice: Option<usize>,
    unsure: bool,
) -> Result<Outcome> {
    match (outcome, choice) {
        ("chosen", Some(i)) => Ok(Outcome::Chosen(i)),
        ("unanswered", None) if unsure => Ok(Outcome::NeedsLook),
        ("unanswered", None) => Ok(Outcome::Unanswered),
        ("error", None) => Ok(Outcome::Error),
        _ => Err(StoreError::Damaged {
            table: "responses",
            row,
            message: format!("outcome '{outcome}'"),
        }),
    }
}

/// A stored reading, parsed.
pub(crate) fn reading_of(row: i64, json: Option<&str>) -> Result<Option<AnswerReading>> {
    json.map(|j| {
        serde_json::from_str(j).map_err(|e| StoreError::Damaged {
            table: "responses",
            row,
            message: format!("reading: {e}"),
        })
    })
    .transpose()
}

pub(crate) fn reading_json(reading: &AnswerReading) -> String {
    serde_json::to_string(reading).unwrap_or_else(|_| "null".to_owned())
}

impl Store {
    /// The hand reading behind one response of a sitting, if a person read it.
    pub fn hand_note(&self, run: RunId, question: QuestionId) -> Result<Option<HandNote>> {
        let sql = format!(
            "SELECT h.original, h.reason, h.at
             FROM responses p
             JOIN runs r ON r.id = p.run_id
             JOIN questions q ON q.id = p.question_id
             JOIN hand_readings h ON h.system_id = r.system_id
               AND h.question = {QUESTION_KEY} AND h.reply = p.raw_text
             WHERE p.run_id = ?1 AND p.question_id = ?2"
        );
        let row = self
            .conn
            .query_row(&sql, params![run.0, question.0], |r| {
                Ok((
                    r.get::<_, Option<String>>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .optional()?;
        row.map(|(original, reason, at)| {
            Ok(HandNote {
                original: reading_of(question.0, original.as_deref())?,
                reason,
                at,
            })
        })
        .transpose()
    }
}

impl Tx<'_> {
    /// Inserts responses of a run; a response already stored for a question is kept. Hand
    /// readings of the same replies apply at once.
    pub fn insert_responses(&self, run: RunId, responses: &[NewResponse]) -> Result<usize> {
        let mut stmt = self.tx.prepare(
            "INSERT INTO responses (run_id, question_id, outcome, choice_index, raw_text, evidence,
                 latency_ms, error, reading)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (run_id, question_id) DO NOTHING",
        )?;
        let mut inserted = 0;
        for r in responses {
            let (outcome, choice) = stored(r.outcome);
            inserted += stmt.execute(params![
                run.0,
                r.question.0,
                outcome,
                choice,
                r.raw_text,
                r.evidence,
                r.latency_ms,
                r.error,
                r.reading.as_ref().map(reading_json),
            ])?;
        }
        drop(stmt);
        // A person's reading of the same reply, made before, wins.
        self.apply_hand_readings(run)?;
        Ok(inserted)
    }

    /// Applies the hand readings of this run's system to the run's replies that match one; a
    /// hand reading wins over every automatic one. Returns how many replies it changed.
    pub fn apply_hand_readings(&self, run: RunId) -> Result<usize> {
        let sql = format!(
            "SELECT p.question_id, h.reading
             FROM responses p
             JOIN runs r ON r.id = p.run_id
             JOIN questions q ON q.id = p.question_id
             JOIN hand_readings h ON h.system_id = r.system_id
               AND h.question = {QUESTION_KEY} AND h.reply = p.raw_text
             WHERE p.run_id = ?1 AND p.outcome != 'error'
               AND p.reading IS NOT h.reading"
        );
        let found: Vec<(i64, String)> = self
            .tx
            .prepare(&sql)?
            .query_map([run.0], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (question, json) in &found {
            let reading = reading_of(*question, Some(json))?.unwrap_or(AnswerReading::NoAnswer {
                why: proctor_core::NoAnswer::Hand,
            });
            self.store_reading(run, QuestionId(*question), &reading)?;
        }
        Ok(found.len())
    }

    /// Sets a person's reading of one reply: kept with the automatic reading it replaces, the
    /// reason and the time, and applied to this sitting at once. `Ok(false)` when the sitting
    /// has no reply to that question to read.
    pub fn set_hand_reading(
        &self,
        run: RunId,
        question: QuestionId,
        reading: &AnswerReading,
        reason: Option<&str>,
    ) -> Result<bool> {
        let found = self
            .tx
            .query_row(
                &format!(
                    "SELECT r.system_id, {QUESTION_KEY}, p.raw_text, p.reading
                     FROM responses p
                     JOIN runs r ON r.id = p.run_id
                     JOIN questions q ON q.id = p.question_id
                     WHERE p.run_id = ?1 AND p.question_id = ?2 AND p.outcome != 'error'
                       AND p.raw_text IS NOT NULL AND r.system_id IS NOT NULL"
                ),
                params![run.0, question.0],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, Option<String>>(3)?,
                    ))
                },
            )
            .optional()?;
        let Some((system, key, reply, current)) = found else {
            return Ok(false);
        };
        // Reading again by hand keeps the first automatic reading as the original.
        let original = current.filter(|c| {
            !reading_of(question.0, Some(c))
                .ok()
                .flatten()
                .is_some_and(|r| r.by_hand())
        });
        self.tx.execute(
            "INSERT INTO hand_readings (system_id, question, reply, reading, original, reason)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (system_id, question, reply) DO UPDATE SET
                 reading = excluded.reading, reason = excluded.reason,
                 at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            params![system, key, reply, reading_json(reading), original, reason],
        )?;
        self.store_reading(run, question, reading)?;
        Ok(true)
    }

    /// Takes a hand reading back: the reply gets its automatic reading again. `Ok(false)` when
    /// no person had read it.
    pub fn clear_hand_reading(&self, run: RunId, question: QuestionId) -> Result<bool> {
        let found = self
            .tx
            .query_row(
                &format!(
                    "SELECT h.system_id, h.question, h.reply, h.original
                     FROM responses p
                     JOIN runs r ON r.id = p.run_id
                     JOIN questions q ON q.id = p.question_id
                     JOIN hand_readings h ON h.system_id = r.system_id
                       AND h.question = {QUESTION_KEY} AND h.reply = p.raw_text
                     WHERE p.run_id = ?1 AND p.question_id = ?2"
                ),
                params![run.0, question.0],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, Option<String>>(3)?,
                    ))
                },
            )
            .optional()?;
        let Some((system, key, reply, original)) = found else {
            return Ok(false);
        };
        self.tx.execute(
            "DELETE FROM hand_readings WHERE system_id = ?1 AND question = ?2 AND reply = ?3",
            params![system, key, reply],
        )?;
        match reading_of(question.0, original.as_deref())? {
            Some(reading) => self.store_reading(run, question, &reading)?,
            // Answers stored before readings were kept: no choice was read from them.
            None => {
                self.tx.execute(
                    "UPDATE responses SET outcome = 'unanswered', choice_index = NULL,
                         reading = NULL
                     WHERE run_id = ?1 AND question_id = ?2",
                    params![run.0, question.0],
                )?;
            }
        }
        Ok(true)
    }

    /// Marks a run as an open-answer sitting graded by `reader`, with that reader's ceiling.
    pub fn set_open(&self, run: RunId, reader: &str, ceiling: Option<f64>) -> Result<()> {
        self.tx.execute(
            "UPDATE runs SET open_reader = ?2, open_ceiling = ?3 WHERE id = ?1",
            params![run.0, reader, ceiling],
        )?;
        Ok(())
    }

    /// Stores the reading of one response (its outcome follows the reading).
    pub fn set_reading(
        &self,
        run: RunId,
        question: QuestionId,
        reading: &AnswerReading,
    ) -> Result<()> {
        self.store_reading(run, question, reading)
    }

    fn store_reading(
        &self,
        run: RunId,
        question: QuestionId,
        reading: &AnswerReading,
    ) -> Result<()> {
        let (outcome, choice) = stored(reading.outcome());
        self.tx.execute(
            "UPDATE responses SET outcome = ?3, choice_index = ?4, reading = ?5
             WHERE run_id = ?1 AND question_id = ?2",
            params![run.0, question.0, outcome, choice, reading_json(reading)],
        )?;
        Ok(())
    }
}
