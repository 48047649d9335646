//! The LLM reader (METHODS.md §6): a language model scores the choices, given the context
//! passages and the question. Four modes, each deterministic:
//!
//! - letter: the prompt lists the lettered choices and ends with "Answer:"; each letter's
//!   next-token log-probability (renormalised over the letters) is its score, averaged with a
//!   second pass over the reversed order so that a preference for a position cancels out;
//! - cloze: the log-likelihood of each choice's own text after passage + question, summed over
//!   its tokens; cloze per token: the same divided by its token count;
//! - calibrated cloze: the summed log-likelihood given passage + question minus that given the
//!   question alone, so a choice scores by what the passage adds (without a passage there is
//!   nothing to calibrate against, and the per-token score is used).

use super::{Reader, ReaderQuestion, Reading, decide};
use proctor_core::{EmbedError, LanguageScorer, letter};
use std::fmt::Write as _;

/// How the LLM reader scores the choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LlmMode {
    /// The next-token probability of each choice's letter (order-debiased).
    Letter,
    /// The summed log-likelihood of each choice's text.
    Cloze,
    /// The log-likelihood of each choice's text per token.
    ClozePerToken,
    /// Cloze with the passage minus cloze without it.
    Calibrated,
}

impl LlmMode {
    /// Every mode, in the order they are listed.
    pub const ALL: [Self; 4] = [
        Self::Letter,
        Self::Cloze,
        Self::ClozePerToken,
        Self::Calibrated,
    ];

    /// Its name in settings, runs and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Letter => "letter",
            Self::Cloze => "cloze",
            Self::ClozePerToken => "cloze-per-token",
            Self::Calibrated => "calibrated-cloze",
        }
    }

    /// Parses a mode's name.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.as_str() == text)
    }
}

/// Tokens kept free after the prompt for a choice's text.
const CHOICE_ROOM: usize = 160;

/// The LLM reader.
pub struct LlmReader<'a> {
    model: &'a dyn LanguageScorer,
    mode: LlmMode,
}

impl<'a> LlmReader<'a> {
    /// A reader scoring with `model` in `mode`.
    pub fn new(model: &'a dyn LanguageScorer, mode: LlmMode) -> Self {
        Self { model, mode }
    }

    /// Its mode.
    pub fn mode(&self) -> LlmMode {
        self.mode
    }

    /// The passages as one text, cut (at a character boundary, keeping the beginning) until the
    /// prompt `build` makes of it leaves `CHOICE_ROOM` tokens free.
    fn fit(&self, contexts: &[&str], build: &dyn Fn(&str) -> String) -> Result<String, EmbedError> {
        let mut passage = contexts
            .iter()
            .map(|c| c.trim())
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n");
        let limit = self.model.context_tokens().saturating_sub(CHOICE_ROOM);
        for _ in 0..8 {
            let tokens = self.model.count_tokens(&build(&passage))?;
            if tokens <= limit {
                return Ok(passage);
            }
            // Shrink in proportion to the excess, a little more to converge.
            let keep = (passage.len() as f64 * limit as f64 / tokens as f64 * 0.95) as usize;
            let mut cut = keep.min(passage.len());
            while !passage.is_char_boundary(cut) {
                cut -= 1;
            }
            passage.truncate(cut);
        }
        Err(EmbedError(format!(
            "the question does not fit in the {} tokens the model reads",
            self.model.context_tokens()
        )))
    }

    fn cloze_scores(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Vec<f64>, EmbedError> {
        let stem = question.stem.trim();
        let bare = format!("Question: {stem}\nAnswer:");
        let texts: Vec<String> = question
            .choices
            .iter()
            .map(|c| format!(" {}", c.trim()))
            .collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let passage = self.fit(contexts, &|p| format!("{p}\n\n{bare}"))?;
        if passage.is_empty() {
            // Closed book: the question alone; calibration has nothing to remove.
            let alone = self.model.continuations(&bare, &texts)?;
            return Ok(match self.mode {
                LlmMode::Cloze => alone.iter().map(|l| l.log_likelihood).collect(),
                _ => alone
                    .iter()
                    .map(proctor_core::Likelihood::per_token)
                    .collect(),
            });
        }
        let given = self
            .model
            .continuations(&format!("{passage}\n\n{bare}"), &texts)?;
        Ok(match self.mode {
            LlmMode::Cloze => given.iter().map(|l| l.log_likelihood).collect(),
            LlmMode::Calibrated => {
                let alone = self.model.continuations(&bare, &texts)?;
                given
                    .iter()
                    .zip(&alone)
                    .map(|(g, a)| g.log_likelihood - a.log_likelihood)
                    .collect()
            }
            _ => given
                .iter()
                .map(proctor_core::Likelihood::per_token)
                .collect(),
        })
    }

    /// The letter prompt for the choices in `order` (through the chat template when the model
    /// has one) and the letter candidates to score after it.
    fn letter_prompt(
        &self,
        passage: &str,
        question: &ReaderQuestion<'_>,
        order: &[usize],
    ) -> (String, Vec<String>) {
        let mut body = String::new();
        if !passage.is_empty() {
            body.push_str(passage);
            body.push_str("\n\n");
        }
        body.push_str("Question: ");
        body.push_str(question.stem.trim());
        body.push('\n');
        for (position, &i) in order.iter().enumerate() {
            let _ = writeln!(body, "{}. {}", letter(position), question.choices[i].trim());
        }
        match self.model.chat(&format!(
            "{body}\nAnswer with the letter of the correct choice only."
        )) {
            Some(prompt) => (
                prompt,
                (0..order.len()).map(|p| letter(p).to_string()).collect(),
            ),
            None => (
                format!("{body}Answer:"),
                (0..order.len())
                    .map(|p| format!(" {}", letter(p)))
                    .collect(),
            ),
        }
    }

    fn letter_scores(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Vec<f64>, EmbedError> {
        let forward: Vec<usize> = (0..question.choices.len()).collect();
        let backward: Vec<usize> = forward.iter().rev().copied().collect();
        let passage = self.fit(contexts, &|p| self.letter_prompt(p, question, &forward).0)?;
        let mut scores = vec![0.0; forward.len()];
        for order in [&forward, &backward] {
            let (prompt, candidates) = self.letter_prompt(&passage, question, order);
            let candidates: Vec<&str> = candidates.iter().map(String::as_str).collect();
            let logs = self.model.next_tokens(&prompt, &candidates)?;
            for (position, value) in normalise(&logs).into_iter().enumerate() {
                scores[order[position]] += value / 2.0;
            }
        }
        Ok(scores)
    }
}

/// Log-probabilities renormalised over the candidates (a log-softmax).
fn normalise(logs: &[f64]) -> Vec<f64> {
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return logs.to_vec();
    }
    let total: f64 = logs.iter().map(|l| (l - top).exp()).sum();
    logs.iter().map(|l| l - top - total.ln()).collect()
}

impl Reader for LlmReader<'_> {
    fn name(&self) -> &'static str {
        "language model"
    }

    fn concurrency(&self) -> usize {
        self.model.concurrency()
    }

    fn read(
        &self,
        question: &ReaderQuestion<'_>,
        contexts: &[&str],
    ) -> Result<Reading, EmbedError> {
        if question.choices.is_empty() {
            return Ok(Reading {
                choice: None,
                support: Vec::new(),
                evidence: None,
            });
        }
        let support = match self.mode {
            LlmMode::Letter => self.letter_scores(question, contexts)?,
            _ => self.cloze_scores(question, contexts)?,
        };
        Ok(Reading {
            choice: decide(&support, f64::NEG_INFINITY),
            support,
            evidence: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{LlmMode, LlmReader, normalise};
    use crate::readers::{Reader, ReaderQuestion};
    use proctor_core::{EmbedError, LanguageScorer, Likelihood};
    use std::sync::Mutex;

    /// A stand-in model for the code around it: a continuation's log-likelihood is minus its
    /// length in words, plus 3 for each of its words the prefix holds; letters score by a fixed
    /// preference for position A (a position bias) plus 2 for the letter whose line mentions
    /// "Oslo". It records the prompts it saw.
    #[derive(Default)]
    struct Fake {
        prompts: Mutex<Vec<String>>,
        chat: bool,
    }

    impl LanguageScorer for Fake {
        fn name(&self) -> &'static str {
            "fake"
        }
        fn context_tokens(&self) -> usize {
            400
        }
        fn count_tokens(&self, text: &str) -> Result<usize, EmbedError> {
            Ok(text.split_whitespace().count())
        }
        fn scores_continuations(&self) -> bool {
            true
        }
        fn continuations(
            &self,
            prefix: &str,
            continuations: &[&str],
        ) -> Result<Vec<Likelihood>, EmbedError> {
            self.prompts.lock().unwrap().push(prefix.to_owned());
            Ok(continuations
                .iter()
                .map(|c| {
                    let words: Vec<&str> = c.split_whitespace().collect();
                    let hits = words.iter().filter(|w| prefix.contains(*w)).count();
                    Likelihood {
                        log_likelihood: 3.0 * hits as f64 - words.len() as f64,
                        tokens: words.len(),
                    }
                })
                .collect())
        }
        fn next_tokens(&self, prefix: &str, candidates: &[&str]) -> Result<Vec<f64>, EmbedError> {
            self.prompts.lock().unwrap().push(prefix.to_owned());
            Ok(candidates
                .iter()
                .map(|c| {
                    let letter = c.trim();
                    let line = prefix
                        .lines()
                        .find(|l| l.starts_with(&format!("{letter}. ")))
                        .unwrap_or("");
                    let bias = if letter == "A" { 1.5 } else { 0.0 };
                    bias + if line.contains("Oslo") { 2.0 } else { 0.0 }
                })
                .collect())
        }
        fn chat(&self, user: &str) -> Option<String> {
            self.chat.then(|| format!("<user>{user}</user><model>"))
        }
    }

    fn choices() -> Vec<String> {
        vec![
            "Bergen".into(),
            "Oslo".into(),
            "Tromsø".into(),
            "Stavanger".into(),
        ]
    }

    #[test]
    fn cloze_reads_the_passage_and_calibration_removes_what_the_question_alone_gives() {
        let model = Fake::default();
        let choices = choices();
        let question = ReaderQuestion {
            stem: "Where is the head office?",
            choices: &choices,
        };
        let passage = "The head office moved to Oslo in 2019.";
        for mode in [LlmMode::Cloze, LlmMode::ClozePerToken, LlmMode::Calibrated] {
            let reading = LlmReader::new(&model, mode)
                .read(&question, &[passage])
                .unwrap();
            assert_eq!(reading.choice, Some(1), "{mode:?}");
        }
        {
            let prompts = model.prompts.lock().unwrap();
            assert!(prompts[0].starts_with(passage) && prompts[0].ends_with("Answer:"));
            // Calibrated cloze asks twice: with the passage, and with the question alone.
            assert_eq!(prompts.len(), 4);
            assert_eq!(prompts[3], "Question: Where is the head office?\nAnswer:");
        }
        // Closed book: every choice alike, so no answer.
        let closed = LlmReader::new(&model, LlmMode::Calibrated)
            .read(&question, &[])
            .unwrap();
        assert_eq!(closed.choice, None);
    }

    #[test]
    fn letter_mode_averages_the_reversed_order_so_a_position_bias_cancels() {
        for chat in [false, true] {
            let model = Fake {
                chat,
                ..Fake::default()
            };
            let mut choices = choices();
            choices.swap(0, 1); // Oslo is A: the bias and the answer agree.
            let question = ReaderQuestion {
                stem: "Where is the head office?",
                choices: &choices,
            };
            let reader = LlmReader::new(&model, LlmMode::Letter);
            let reading = reader.read(&question, &["It is in Oslo."]).unwrap();
            assert_eq!(reading.choice, Some(0));
            // Without any mention, only the bias speaks: forward it favours the first choice,
            // reversed the last; averaged, the two are level and nothing is chosen.
            let plain = vec![
                "north".to_owned(),
                "south".into(),
                "east".into(),
                "west".into(),
            ];
            let blank = ReaderQuestion {
                stem: "Which way?",
                choices: &plain,
            };
            let reading = reader.read(&blank, &[]).unwrap();
            assert!((reading.support[0] - reading.support[3]).abs() < 1e-12);
            assert!(reading.support[0] > reading.support[1]);
            assert_eq!(reading.choice, None);
            let prompts = model.prompts.lock().unwrap();
            assert_eq!(prompts[0].starts_with("<user>"), chat);
            assert!(prompts[1].contains("A. Stavanger"), "{}", prompts[1]);
        }
    }

    #[test]
    fn long_passages_are_cut_to_fit_and_modes_round_trip() {
        let model = Fake::default();
        let choices = choices();
        let question = ReaderQuestion {
            stem: "Where is the head office?",
            choices: &choices,
        };
        let long = "word ".repeat(2_000) + "Oslo";
        let reading = LlmReader::new(&model, LlmMode::Cloze)
            .read(&question, &[&long])
            .unwrap();
        assert_eq!(reading.support.len(), 4);
        let prompts = model.prompts.lock().unwrap();
        assert!(prompts[0].split_whitespace().count() <= 400 - super::CHOICE_ROOM);
        for mode in LlmMode::ALL {
            assert_eq!(LlmMode::parse(mode.as_str()), Some(mode));
        }
        let n = normalise(&[0.0, 0.0]);
        assert!((n[0] - 0.5f64.ln()).abs() < 1e-12);
    }
}
