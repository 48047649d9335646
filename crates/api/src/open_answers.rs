//! Open answers (METHODS.md §13): a system asked without the choices gives a free answer, and
//! the local reader answers the multiple-choice question from that answer alone — as EXAM
//! grades an article, one answer at a time. Beside it, the same reader's ceiling: its accuracy
//! given each question's own source passage instead, what it can read at best.

use crate::dto::{ReadArticlesRequest, ReaderKind, UserModelChoice};
use crate::pipelines::BATCH;
use crate::pipelines::reader_name;
use crate::pipelines::reading::read_batch;
use crate::readers::with_reader;
use crate::{ApiResult, Progress, Project};
use proctor_core::{AnswerReading, NoAnswer, Outcome, RunId, Way};
use proctor_store::QuestionRow;
use std::fmt::Write as _;

/// What grading an open-answer sitting found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OpenGrade {
    /// The reader's name.
    pub reader: String,
    /// Free answers graded now.
    pub graded: usize,
    /// Of which the reader answered right.
    pub right: usize,
    /// Free answers the reader failed on (a model's fault), left unread.
    pub failed: usize,
    /// The reader's accuracy on the source passages of the questions graded.
    pub ceiling: Option<f64>,
    /// Chance on those questions: the mean of 1 / their number of choices.
    pub chance: Option<f64>,
}

impl OpenGrade {
    /// In a sentence, for the run's report.
    pub fn sentence(&self) -> String {
        let mut s = format!(
            "the {} reader answered from the free answers: {} right of {}",
            self.reader, self.right, self.graded
        );
        if let Some(c) = self.ceiling {
            let _ = write!(
                s,
                "; given each question's source passage instead it gets {:.1}% (its ceiling)",
                c * 100.0
            );
            if let Some(chance) = self.chance.filter(|chance| c <= *chance + 0.05) {
                let _ = write!(
                    s,
                    " — hardly above chance ({:.1}%): this reader cannot read these questions, so \
                     the sitting's accuracy says little about the system; choose a stronger reader",
                    chance * 100.0
                );
            }
        }
        if self.failed > 0 {
            let _ = write!(
                s,
                "; {} free answers could not be read and wait for the next run",
                self.failed
            );
        }
        s
    }
}

/// The grading asked for, or the lexical reader (it needs no model).
pub(crate) fn grading_or_default(grading: Option<&ReadArticlesRequest>) -> ReadArticlesRequest {
    grading.cloned().unwrap_or_else(|| ReadArticlesRequest {
        exam: None,
        systems: Vec::new(),
        gold: false,
        reader: ReaderKind::Lexical,
        replace: false,
        models: None,
        int8: false,
        threads: 0,
        user_models: UserModelChoice::default(),
    })
}

impl Project {
    /// Grades the free answers of an open-answer sitting not yet read (a person's reading is
    /// kept), and records the reader and its ceiling on the sitting.
    pub(crate) fn grade_open(
        &mut self,
        run: RunId,
        questions: &[QuestionRow],
        grading: &ReadArticlesRequest,
        progress: &dyn Progress,
    ) -> ApiResult<OpenGrade> {
        let sheet = self.store.sheet(run)?;
        let waiting: Vec<(&QuestionRow, &str)> = questions
            .iter()
            .filter_map(|q| {
                let answer = sheet.get(&q.id)?;
                let unread = answer.outcome != Outcome::Error
                    && !answer.reading.as_ref().is_some_and(AnswerReading::by_hand);
                answer
                    .raw_text
                    .as_deref()
                    .filter(|_| unread)
                    .map(|text| (q, text))
            })
            .collect();
        // The lexical reader weighs terms by their rarity in the corpus, else in the answers
        // and passages at hand.
        let chunks = self.store.chunks()?;
        let passages: Vec<&str> = if chunks.is_empty() {
            waiting
                .iter()
                .map(|(_, text)| *text)
                .chain(questions.iter().filter_map(|q| q.source_text.as_deref()))
                .collect()
        } else {
            chunks.iter().map(|c| c.text.as_str()).collect()
        };
        let reader = reader_name(grading.reader).to_owned();
        progress.start("Reading the free answers", waiting.len() as u64);
        let (readings, ceiling, chance) = with_reader(grading, &passages, |reader, _| {
            let mut readings = Vec::with_capacity(waiting.len());
            for batch in waiting.chunks(BATCH) {
                let asked: Vec<&QuestionRow> = batch.iter().map(|(q, _)| *q).collect();
                let contexts: Vec<Vec<&str>> = batch.iter().map(|(_, t)| vec![*t]).collect();
                for (q, r) in asked.iter().zip(read_batch(reader, &asked, &contexts)) {
                    readings.push((q.id, q.key, r.outcome));
                }
                progress.advance(batch.len() as u64);
            }
            // The ceiling: the same reader on the own source passage of each question the
            // sitting answered (resumed or not).
            let sourced: Vec<&QuestionRow> = questions
                .iter()
                .filter(|q| {
                    q.source_text.is_some()
                        && sheet
                            .get(&q.id)
                            .is_some_and(|a| a.outcome != Outcome::Error && a.raw_text.is_some())
                })
                .collect();
            let mut right = 0usize;
            for batch in sourced.chunks(BATCH) {
                let contexts: Vec<Vec<&str>> = batch
                    .iter()
                    .map(|q| vec![q.source_text.as_deref().unwrap_or_default()])
                    .collect();
                right += read_batch(reader, batch, &contexts)
                    .iter()
                    .zip(batch)
                    .filter(|(r, q)| r.outcome == Outcome::Chosen(q.key))
                    .count();
            }
            let ceiling = (!sourced.is_empty()).then(|| right as f64 / sourced.len() as f64);
            let chance = (!sourced.is_empty()).then(|| {
                sourced
                    .iter()
                    .map(|q| 1.0 / q.choices.len().max(1) as f64)
                    .sum::<f64>()
                    / sourced.len() as f64
            });
            Ok((readings, ceiling, chance))
        })?;
        progress.finish();
        let mut grade = OpenGrade {
            reader,
            graded: 0,
            right: 0,
            failed: 0,
            ceiling,
            chance,
        };
        let tx = self.store.transaction()?;
        for (question, key, outcome) in readings {
            let reading = match outcome {
                Outcome::Chosen(choice) => AnswerReading::Chose {
                    choice,
                    way: Way::Reader,
                },
                Outcome::Unanswered => AnswerReading::NoAnswer {
                    why: NoAnswer::NotInAnswer,
                },
                Outcome::Error | Outcome::NeedsLook => {
                    grade.failed += 1;
                    continue;
                }
            };
            grade.graded += 1;
            grade.right += usize::from(outcome == Outcome::Chosen(key));
            tx.set_reading(run, question, &reading)?;
        }
        tx.set_open(run, &grade.reader, grade.ceiling)?;
        tx.commit()?;
        Ok(grade)
    }
}
