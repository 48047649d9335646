//! Whether a reply gives no answer ("I don't know", "the documentation does not say"), clause
//! by clause, and whether it guesses all the same.

use super::phrases;
use crate::reading::Mention;
use crate::reading::cues::{self, Stance};
use crate::reading::words::Word;
use std::collections::HashMap;

/// Whether the reply says it does not know, in words that are not a choice's own ("Cannot
/// infer" may be a choice), clause by clause; each span read once.
pub(super) struct Abstaining<'a> {
    words: &'a [Word],
    /// Words that are a choice's own, or a gloss in brackets right after one ("Neutral (can't
    /// tell)" glosses the choice, it gives no answer).
    theirs: Vec<bool>,
    memo: HashMap<(usize, usize), bool>,
}

/// Whether a reply gives no answer, and whether it guesses after saying so.
#[derive(Clone, Copy)]
pub(super) struct Abstention {
    pub abstains: bool,
    pub guesses_after: bool,
}

impl<'a> Abstaining<'a> {
    pub(super) fn new(words: &'a [Word], owner: &[Option<usize>]) -> Self {
        let mut theirs: Vec<bool> = owner.iter().map(Option::is_some).collect();
        let mut i = 1;
        while i < words.len() {
            let opens = words[i].in_parens
                && words[i].before.contains('(')
                && owner[i].is_none()
                && owner[i - 1].is_some()
                && !words[i - 1].in_parens;
            if opens {
                while i < words.len() && words[i].in_parens {
                    theirs[i] = true;
                    i += 1;
                }
            }
            i += 1;
        }
        Self {
            words,
            theirs,
            memo: HashMap::new(),
        }
    }

    /// Whether the words `from..to` say the reply does not know.
    pub(super) fn within(&mut self, from: usize, to: usize) -> bool {
        let (words, theirs) = (self.words, &self.theirs);
        *self.memo.entry((from, to)).or_insert_with(|| {
            // (Most spans hold no word such a phrase opens with: nothing is copied then.)
            if !(from..to).any(|i| !theirs[i] && cues::may_abstain(&words[i])) {
                return false;
            }
            let outside: Vec<Word> = (from..to)
                .filter(|i| !theirs[*i])
                .map(|i| words[i].clone())
                .collect();
            cues::abstains(&outside)
        })
    }

    /// Whether the reply gives no answer in a clause that rejects no choice ("it doesn't say
    /// X" rejects X), and whether it guesses after.
    pub(super) fn whole(
        &mut self,
        mentions: &[Mention],
        clause: &[((usize, usize), bool)],
        stances: &[Stance],
    ) -> Abstention {
        let words = self.words;
        let mut abstains = false;
        let mut last_abstained = 0;
        let mut start = 0;
        while start < words.len() {
            let ((from, to), _) = clause[start];
            let rejects_here = mentions
                .iter()
                .zip(stances)
                .any(|(m, s)| *s == Stance::Rejects && m.start >= from && m.start < to);
            if !rejects_here && self.within(from, to) {
                abstains = true;
                last_abstained = from;
            }
            start = to.max(start + 1);
        }
        Abstention {
            abstains,
            guesses_after: abstains && guesses_after(words, last_abstained),
        }
    }
}

/// "It doesn't say directly, but it's most likely …" with no choice found: an answer the
/// reader could not read, not no answer — unless the reply gives no answer again after the
/// guess ("B comes closest, but … so I can't choose any of them": `last` is where the last
/// clause that gives no answer starts).
fn guesses_after(words: &[Word], last: usize) -> bool {
    (last..words.len()).any(|i| {
        phrases::LISTS.guess.at(words, i).next().is_some()
            && !(i > 0
                && matches!(
                    words[i - 1].text.as_str(),
                    // "I could guess, but …", "a guess wouldn't help": no guess made.
                    "not" | "dont" | "wont" | "never" | "could" | "a" | "cant" | "wouldnt"
                ))
            // "I don't want to guess", "I'd rather not try to guess".
            && !(i > 1
                && words[i - 1].text == "to"
                && (i.saturating_sub(4)..i - 1).any(|k| {
                    matches!(
                        words[k].text.as_str(),
                        "not" | "dont" | "wont" | "never" | "cant" | "wouldnt" | "refuse"
                    )
                }))
            // "no clue really, but CONSONANCE?": a short guess asked after "but".
            || words[i].text == "but"
                && (i + 1..(i + 4).min(words.len()))
                    .take_while(|&k| k == i + 1 || !words[k - 1].ends_clause)
                    .any(|k| words[k].after.starts_with('?'))
            // "The sources don't say. Still, C is the most defensible": an answer all the
            // same.
            || (i == 0 || words[i - 1].ends_clause)
                && ["still", "nonetheless", "nevertheless", "regardless", "anyway", "that said", "even so", "all the same"]
                    .iter()
                    .any(|p| {
                        cues::phrase_at(words, i, p)
                            && words[i + p.split(' ').count() - 1].after.starts_with(',')
                    })
    })
}
