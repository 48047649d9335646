//! Where the rules leave a reply unsure, a model may read it (METHODS.md §13, step 7). A reply
//! that names no choice is read by its meaning: the embedder finds the choice it restates, when
//! that choice is clearly nearer than any other. A language model the user checked is shown the
//! choices and the reply and asked which choice the reply gives as its answer,
//! with "none of them" as a choice of its own. The model's scores over the letters (the choices
//! keep their own letters and order: a reply may name them by letter) give each choice a
//! probability; the best is read only when it leads the next by at least the margin set for
//! that model on a labelled set, and "none" never reads as a choice.

use std::fmt::Write as _;

use proctor_core::{EmbedError, Embedder, LanguageScorer, cosine};

use super::{AnswerReading, Unsure, Way, read_answer};

/// A language model that reads unsure replies, and the margin (in nats) its best choice must
/// lead the next by.
#[derive(Clone, Copy)]
pub struct ReplyModel<'a> {
    /// The model.
    pub scorer: &'a dyn LanguageScorer,
    /// The least lead of the best choice over the next, set on a labelled set.
    pub margin: f64,
}

/// What reads the replies the rules leave unsure, if anything.
#[derive(Clone, Copy, Default)]
pub struct ReplyHelpers<'a> {
    /// The embedder that reads a reply naming no choice by its meaning.
    pub meaning: Option<&'a dyn Embedder>,
    /// A language model checked on the labelled replies.
    pub model: Option<ReplyModel<'a>>,
}

/// How much nearer (cosine) a reply that names no choice must be to one choice than to any
/// other to be read as it: set on the labelled replies, where no reply that names no choice was
/// read wrong above 0.16 (METHODS.md §13).
pub const MEANING_MARGIN: f64 = 0.2;

/// What the model reads in a reply: a choice (None for "none of them") and its lead.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelVote {
    /// The choice it reads, or None where it reads that the reply gives none.
    pub choice: Option<usize>,
    /// The lead of that reading over the next (natural log).
    pub lead: f64,
}

/// The longest reply shown to the model, in characters (its beginning and its end).
const SHOWN_CHARS: usize = 3_000;

/// Reads a reply: by the rules, and where they are unsure, by the helpers given — a reply that
/// names no choice by its meaning, then the language model past its margin. A helper's error
/// leaves the reply unsure.
pub fn read_answer_with(
    reply: &str,
    choices: &[String],
    helpers: ReplyHelpers<'_>,
) -> AnswerReading {
    helped(reply, choices, read_answer(reply, choices), helpers)
}

/// What the helpers make of a reply the rules read as `reading` (the reading itself where the
/// rules are sure).
pub fn helped(
    reply: &str,
    choices: &[String],
    reading: AnswerReading,
    helpers: ReplyHelpers<'_>,
) -> AnswerReading {
    let AnswerReading::Unsure { why, .. } = &reading else {
        return reading;
    };
    // A letter past the last choice is the reply's own slip: nothing reads it away.
    if *why == Unsure::LetterOutOfRange {
        return reading;
    }
    if *why == Unsure::NoChoiceNamed
        && let Some(embedder) = helpers.meaning
        && let Ok(Some((choice, margin))) = by_meaning(reply, choices, embedder)
        && margin >= MEANING_MARGIN
    {
        return AnswerReading::Chose {
            choice,
            way: Way::Meaning { margin },
        };
    }
    if let Some(model) = helpers.model
        && let Ok(ModelVote {
            choice: Some(choice),
            lead,
        }) = ask_model(reply, choices, model.scorer)
        && lead >= model.margin
    {
        return AnswerReading::Chose {
            choice,
            way: Way::Model { margin: lead },
        };
    }
    reading
}

/// The choice a reply is nearest to in meaning, and by how much (cosine) nearer than the next;
/// `None` where choices not written in English are not clearly nearer one.
pub fn by_meaning(
    reply: &str,
    choices: &[String],
    embedder: &dyn Embedder,
) -> Result<Option<(usize, f64)>, EmbedError> {
    if choices.len() < 2 || choices.iter().any(|c| c.trim().is_empty()) {
        return Ok(None);
    }
    let shown = shown(reply);
    let mut texts: Vec<&str> = vec![shown.as_str()];
    texts.extend(choices.iter().map(|c| c.trim()));
    let english_choices = english(choices);
    let vectors = embedder.embed(&texts)?;
    let Some((reply, choices)) = vectors.split_first() else {
        return Ok(None);
    };
    let mut near: Vec<(usize, f64)> = choices
        .iter()
        .enumerate()
        .map(|(i, c)| (i, cosine(reply, c)))
        .collect();
    near.sort_by(|a, b| b.1.total_cmp(&a.1));
    // Choices in another language are only placed when the reply is clearly nearer one:
    // the English embedder's distances across languages are rough ("competition" was nearer
    // another Turkish choice than "rekabet" by 0.27).
    let margin = near[0].1 - near[1].1;
    if !english_choices && margin < 2.0 * MEANING_MARGIN {
        return Ok(None);
    }
    Ok(Some((near[0].0, margin)))
}

/// Whether the choices are written in English, the embedder's language: at least two in five of
/// their words of three letters or more are English words ("rekabet" and "केवल" are not).
fn english(choices: &[String]) -> bool {
    let words: Vec<String> = choices
        .iter()
        .flat_map(|c| c.split(|ch: char| !ch.is_alphabetic()))
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect();
    let known = words
        .iter()
        .filter(|w| crate::lexicon::parts(w).is_some())
        .count();
    words.is_empty() || known * 5 >= words.len() * 2
}

/// Asks the model which choice the reply gives.
pub fn ask_model(
    reply: &str,
    choices: &[String],
    model: &dyn LanguageScorer,
) -> Result<ModelVote, EmbedError> {
    if choices.is_empty() || choices.len() > 25 {
        return Ok(ModelVote {
            choice: None,
            lead: 0.0,
        });
    }
    let shown = shown(reply);
    // The options keep their letters and order: a reply may name them by letter.
    let order: Vec<usize> = (0..choices.len()).collect();
    let (prompt, candidates) = prompt(&shown, choices, &order, model);
    let candidates: Vec<&str> = candidates.iter().map(String::as_str).collect();
    let logs = model.next_tokens(&prompt, &candidates)?;
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return Ok(ModelVote {
            choice: None,
            lead: 0.0,
        });
    }
    // Each choice's probability (and "none", last), over the letters scored.
    let total: f64 = logs.iter().map(|l| (l - top).exp()).sum();
    let probability: Vec<f64> = logs.iter().map(|l| (l - top).exp() / total).collect();
    let mut ranked: Vec<(usize, f64)> = probability.iter().copied().enumerate().collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (best, p_best) = ranked[0];
    let p_next = ranked.get(1).map_or(0.0, |r| r.1);
    Ok(ModelVote {
        choice: (best < choices.len()).then_some(best),
        lead: p_best.max(1e-12).ln() - p_next.max(1e-12).ln(),
    })
}

/// The reply as shown: its beginning and end where it is long.
fn shown(reply: &str) -> String {
    let count = reply.chars().count();
    if count <= SHOWN_CHARS {
        return reply.trim().to_owned();
    }
    let head: String = reply.chars().take(SHOWN_CHARS / 3).collect();
    let tail: String = reply.chars().skip(count - SHOWN_CHARS * 2 / 3).collect();
    format!("{head}\n…\n{tail}")
}

fn letter(position: usize) -> char {
    char::from(b'A' + u8::try_from(position).unwrap_or(25))
}

/// The question put to the model, through its chat template where it has one, and the letters
/// to score after it (the last letter is "none of them").
fn prompt(
    reply: &str,
    choices: &[String],
    order: &[usize],
    model: &dyn LanguageScorer,
) -> (String, Vec<String>) {
    let mut body = String::from(
        "Someone answered a multiple-choice question in their own words. Which option does \
         their reply give as its answer?\n\nOptions:\n",
    );
    for (position, &i) in order.iter().enumerate() {
        let _ = writeln!(body, "{}. {}", letter(position), choices[i].trim());
    }
    let none = letter(order.len());
    let _ = writeln!(
        body,
        "{none}. The reply gives no single option (it does not know, refuses, or leaves it open)."
    );
    let _ = write!(body, "\nReply:\n\"\"\"\n{reply}\n\"\"\"\n");
    let letters = 0..=order.len();
    match model.chat(&format!(
        "{body}\nAnswer with the letter of the option the reply gives, and nothing else."
    )) {
        Some(prompt) => (prompt, letters.map(|p| letter(p).to_string()).collect()),
        None => (
            format!("{body}\nThe option the reply gives:"),
            letters.map(|p| format!(" {}", letter(p))).collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proctor_core::Likelihood;

    /// A stand-in model that puts its weight on the letter whose option text holds a word.
    struct Keyword(&'static str, f64);

    impl LanguageScorer for Keyword {
        fn name(&self) -> &'static str {
            "keyword"
        }
        fn context_tokens(&self) -> usize {
            4096
        }
        fn count_tokens(&self, text: &str) -> Result<usize, EmbedError> {
            Ok(text.len() / 4)
        }
        fn scores_continuations(&self) -> bool {
            false
        }
        fn continuations(&self, _: &str, _: &[&str]) -> Result<Vec<Likelihood>, EmbedError> {
            Err(EmbedError("not here".into()))
        }
        fn next_tokens(&self, prefix: &str, candidates: &[&str]) -> Result<Vec<f64>, EmbedError> {
            let options = &prefix[prefix.find("Options:").unwrap_or(0)
                ..prefix.find("Reply:").unwrap_or(prefix.len())];
            Ok(candidates
                .iter()
                .map(|c| {
                    let line = options
                        .lines()
                        .find(|l| l.starts_with(&format!("{}.", c.trim())))
                        .unwrap_or("");
                    if line.contains(self.0) { 0.0 } else { -self.1 }
                })
                .collect())
        }
        fn chat(&self, _: &str) -> Option<String> {
            None
        }
    }

    fn choices() -> Vec<String> {
        ["4 GB", "2 GB", "8 GB", "512 MB"]
            .map(String::from)
            .to_vec()
    }

    fn helpers(scorer: &dyn LanguageScorer, margin: f64) -> ReplyHelpers<'_> {
        ReplyHelpers {
            meaning: None,
            model: Some(ReplyModel { scorer, margin }),
        }
    }

    /// A stand-in embedder: a text's vector counts a few words.
    struct Words;

    impl Embedder for Words {
        fn name(&self) -> &'static str {
            "words"
        }
        fn dimension(&self) -> usize {
            3
        }
        fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
            Ok(texts
                .iter()
                .map(|t| {
                    let t = t.to_lowercase();
                    ["minimum", "everything", "nothing"]
                        .iter()
                        .map(|w| t.matches(w).count() as f32 + 0.01)
                        .collect()
                })
                .collect())
        }
    }

    #[test]
    fn a_reply_that_names_no_choice_is_read_by_its_meaning_when_clearly_nearer() {
        let choices: Vec<String> = [
            "Least privilege: the minimum",
            "Full access: everything",
            "No access: nothing",
        ]
        .map(String::from)
        .to_vec();
        let paraphrase = "Users get the bare minimum they need.";
        assert!(read_answer(paraphrase, &choices).needs_a_look());
        let meaning = ReplyHelpers {
            meaning: Some(&Words),
            model: None,
        };
        let reading = read_answer_with(paraphrase, &choices, meaning);
        assert_eq!(reading.choice(), Some(0));
        assert!(
            matches!(reading, AnswerReading::Chose { way: Way::Meaning { margin }, .. } if margin >= MEANING_MARGIN)
        );
        // Near two choices alike: still for a look.
        let torn = "Somewhere between everything and nothing.";
        assert!(read_answer_with(torn, &choices, meaning).needs_a_look());
        // A reply that names several choices is never read by meaning.
        let several = "Least privilege or full access, I can't decide.";
        assert!(!matches!(
            read_answer_with(several, &choices, meaning),
            AnswerReading::Chose { .. }
        ));
    }

    /// The stand-in embedder's vectors made unit length, as real embedders give them.
    struct Unit;

    impl Embedder for Unit {
        fn name(&self) -> &'static str {
            "unit words"
        }
        fn dimension(&self) -> usize {
            3
        }
        fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
            Ok(Words
                .embed(texts)?
                .into_iter()
                .map(|v| {
                    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
                    v.into_iter().map(|x| x / norm).collect()
                })
                .collect())
        }
    }

    #[test]
    fn choices_in_another_language_are_read_by_meaning_only_when_far_clearer() {
        let meaning = ReplyHelpers {
            meaning: Some(&Unit),
            model: None,
        };
        let english: Vec<String> = [
            "the least minimum",
            "the whole everything",
            "the empty nothing",
        ]
        .map(String::from)
        .to_vec();
        let turkish: Vec<String> = ["rekabet minimum", "işbirliği everything", "çatışma nothing"]
            .map(String::from)
            .to_vec();
        // Nearer one choice by a margin that places it among English choices …
        let near = "The minimum, the minimum, the minimum, or everything, everything.";
        let margin = by_meaning(near, &english, &Unit).unwrap().unwrap().1;
        assert!(
            (MEANING_MARGIN..2.0 * MEANING_MARGIN).contains(&margin),
            "{margin}"
        );
        assert_eq!(read_answer_with(near, &english, meaning).choice(), Some(0));
        // … does not place it among choices in another language;
        assert!(read_answer_with(near, &turkish, meaning).needs_a_look());
        // one far nearer does.
        let far = "The minimum, the minimum, nothing but the minimum.";
        assert_eq!(read_answer_with(far, &turkish, meaning).choice(), Some(0));
    }

    #[test]
    fn the_model_reads_only_what_the_rules_leave_and_only_past_its_margin() {
        let unsure = "The Linux package needs 512 MB free. The 2 GB figure is for another package.";
        assert!(read_answer(unsure, &choices()).needs_a_look());
        let sure = Keyword("512", 5.0);
        let reading = read_answer_with(unsure, &choices(), helpers(&sure, 2.0));
        assert_eq!(reading.choice(), Some(3));
        assert!(
            matches!(reading, AnswerReading::Chose { way: Way::Model { margin }, .. } if margin > 2.0)
        );
        // Not far enough ahead: it stays for a look.
        let doubtful = Keyword("512", 0.5);
        let reading = read_answer_with(unsure, &choices(), helpers(&doubtful, 2.0));
        assert!(reading.needs_a_look());
        // What the rules read, the model never overrides.
        let reading = read_answer_with("B", &choices(), helpers(&sure, 0.0));
        assert_eq!(reading.choice(), Some(1));
        // "None of them" never reads as a choice.
        let none = Keyword("no single option", 9.0);
        let vote = ask_model(unsure, &choices(), &none).unwrap();
        assert_eq!(vote.choice, None);
    }
}
