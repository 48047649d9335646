//! How a system's reply was read: which choice it asserts, that it gives no answer, or that a
//! person should look (METHODS.md §13). The reading itself lives in `proctor_exam::reading`;
//! this is what is stored beside each response.

use crate::{Outcome, letter};
use serde::{Deserialize, Serialize};

/// How a reply's choice was read.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "way")]
pub enum Way {
    /// By a letter or a place ("B", "(b)", "Final answer: B", "the second option").
    Letter,
    /// By a choice's text, and what the reply says of it.
    Text,
    /// By a language model that scored the choices as the reply's answer, `margin` (log
    /// probability) ahead of the next.
    Model {
        /// How far the chosen choice's score was ahead of the next one's.
        margin: f64,
    },
    /// By meaning: a reply that names no choice restates one in other words, its embedding
    /// `margin` (cosine) nearer to that choice's than to any other's.
    Meaning {
        /// How much nearer the chosen choice was than the next one.
        margin: f64,
    },
    /// By a person.
    Hand,
    /// By the local reader, answering the question from a free answer given without the
    /// choices (an open-answer sitting).
    Reader,
}

/// Why a reply holds no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoAnswer {
    /// The reply is empty.
    Empty,
    /// The reply says it does not know, or that the documents do not say.
    Abstains,
    /// A person read the reply and found no answer in it.
    Hand,
    /// The local reader found no choice the free answer supports.
    NotInAnswer,
    /// The reply stops before it gives an answer: a trace or an explanation cut off
    /// mid-sentence ("To answer this, we first need to").
    CutOff,
    /// The reply takes every choice at once ("All of the above" where no choice says so), or
    /// only repeats the options.
    EveryChoice,
    /// The reply asks a question back instead of answering ("Could you share the answer
    /// options?").
    AsksBack,
}

/// Why a reply could not be read with confidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unsure {
    /// A letter past the question's last choice.
    LetterOutOfRange,
    /// Several choices are asserted, or named with nothing to tell which one the reply holds.
    SeveralChoices,
    /// Explicit letters that disagree with each other, or with the text written beside them.
    Conflict,
    /// No choice is named, by letter or by text.
    NoChoiceNamed,
}

/// What a reply says, as read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "read")]
pub enum AnswerReading {
    /// The reply chose this choice (0-based).
    Chose {
        /// The choice.
        choice: usize,
        /// How it was read.
        way: Way,
    },
    /// The reply gives no answer.
    NoAnswer {
        /// Why.
        why: NoAnswer,
    },
    /// The reply needs a look: it could not be read with confidence.
    Unsure {
        /// Why.
        why: Unsure,
        /// The choices it names, if any.
        candidates: Vec<usize>,
    },
}

impl AnswerReading {
    /// The chosen 0-based index, if the reply was read as a choice.
    pub fn choice(&self) -> Option<usize> {
        match self {
            AnswerReading::Chose { choice, .. } => Some(*choice),
            AnswerReading::NoAnswer { .. } | AnswerReading::Unsure { .. } => None,
        }
    }

    /// Whether a person (or a model) should read the reply.
    pub fn needs_a_look(&self) -> bool {
        matches!(self, AnswerReading::Unsure { .. })
    }

    /// Whether a person read the reply.
    pub fn by_hand(&self) -> bool {
        matches!(
            self,
            AnswerReading::Chose { way: Way::Hand, .. }
                | AnswerReading::NoAnswer {
                    why: NoAnswer::Hand
                }
        )
    }

    /// The outcome this reading stores: a choice, no answer, or a reply that needs a look.
    pub fn outcome(&self) -> Outcome {
        match self {
            AnswerReading::Chose { choice, .. } => Outcome::Chosen(*choice),
            AnswerReading::NoAnswer { .. } => Outcome::Unanswered,
            AnswerReading::Unsure { .. } => Outcome::NeedsLook,
        }
    }

    /// How it was read, in plain words ("the letter B", "the text of choice C", "no answer:
    /// it says it does not know", "needs a look: it names B and D").
    pub fn describe(&self) -> String {
        let names = |c: &[usize]| {
            c.iter()
                .map(|i| letter(*i).to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        };
        match self {
            AnswerReading::Chose { choice, way } => match way {
                Way::Letter => format!("the letter {}", letter(*choice)),
                Way::Text => format!("the text of choice {}", letter(*choice)),
                Way::Model { margin } => format!(
                    "choice {} by the language model (margin {margin:.2})",
                    letter(*choice)
                ),
                Way::Meaning { margin } => format!(
                    "choice {} by meaning: it restates it in other words (margin {margin:.2})",
                    letter(*choice)
                ),
                Way::Hand => format!("choice {} by hand", letter(*choice)),
                Way::Reader => format!(
                    "choice {} by the reader, from the free answer",
                    letter(*choice)
                ),
            },
            AnswerReading::NoAnswer {
                why: NoAnswer::Empty,
            } => "no answer: the reply is empty".into(),
            AnswerReading::NoAnswer {
                why: NoAnswer::Abstains,
            } => "no answer: it says it does not know".into(),
            AnswerReading::NoAnswer {
                why: NoAnswer::Hand,
            } => "no answer, by hand".into(),
            AnswerReading::NoAnswer {
                why: NoAnswer::NotInAnswer,
            } => "no answer: the reader found no choice in the free answer".into(),
            AnswerReading::NoAnswer {
                why: NoAnswer::CutOff,
            } => "no answer: it stops before giving one".into(),
            AnswerReading::NoAnswer {
                why: NoAnswer::EveryChoice,
            } => "no answer: it takes every choice, or only repeats them".into(),
            AnswerReading::NoAnswer {
                why: NoAnswer::AsksBack,
            } => "no answer: it asks a question back".into(),
            AnswerReading::Unsure { why, candidates } => match why {
                Unsure::LetterOutOfRange => "needs a look: a letter past the last choice".into(),
                Unsure::SeveralChoices => {
                    format!(
                        "needs a look: it names {} and commits to none of them",
                        names(candidates)
                    )
                }
                Unsure::Conflict => format!(
                    "needs a look: its letters or text disagree ({})",
                    names(candidates)
                ),
                Unsure::NoChoiceNamed => "needs a look: it names no choice".into(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_round_trips_through_its_stored_json() {
        for reading in [
            AnswerReading::Chose {
                choice: 2,
                way: Way::Model { margin: 1.5 },
            },
            AnswerReading::NoAnswer {
                why: NoAnswer::Hand,
            },
            AnswerReading::Unsure {
                why: Unsure::SeveralChoices,
                candidates: vec![0, 3],
            },
        ] {
            let json = serde_json::to_string(&reading).unwrap();
            assert_eq!(
                serde_json::from_str::<AnswerReading>(&json).unwrap(),
                reading
            );
        }
        let hand = AnswerReading::Chose {
            choice: 1,
            way: Way::Hand,
        };
        assert!(hand.by_hand());
        assert_eq!(hand.outcome(), Outcome::Chosen(1));
        assert_eq!(hand.describe(), "choice B by hand");
    }
}
