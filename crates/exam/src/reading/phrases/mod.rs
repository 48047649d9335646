//! The phrases that say what a reply does with a choice it names — asserts it ("the answer is
//! …", "I'd go with …"), rejects it ("not …", "… is wrong"), gives no answer ("I don't know"),
//! takes an answer back, or guesses — each list as written in [`super::words`]' form (lower
//! case, no apostrophes, single spaces).

mod answer;
mod choice;
mod open;

use super::words::Word;
use answer::{ABSTAIN, FIRM_AFTER, FIRM_BEFORE, GUESS, RETRACT};
pub(super) use answer::{RECHECK, REMAINING};
use choice::{ASSERT_AFTER, ASSERT_BEFORE, REJECT_AFTER, REJECT_BEFORE};
pub(super) use choice::{CONCESSIVE, CONTRAST};
use open::OPEN;
pub(super) use open::{DISAGREE, UNDECIDED};
use std::collections::HashMap;
use std::sync::LazyLock;

/// A list of phrases indexed by their first and last words, each split once: a reply's words
/// are looked up, not matched phrase by phrase — a long reply has hundreds of mentions, each
/// checked against every list.
pub(super) struct PhraseList {
    by_first: HashMap<&'static str, Vec<Phrase>>,
    by_last: HashMap<&'static str, Vec<&'static str>>,
}

/// A phrase and its words.
struct Phrase {
    text: &'static str,
    words: Vec<&'static str>,
}

impl PhraseList {
    pub(super) fn new(list: &'static [&'static str]) -> Self {
        let mut by_first: HashMap<&'static str, Vec<Phrase>> = HashMap::new();
        let mut by_last: HashMap<&'static str, Vec<&'static str>> = HashMap::new();
        for text in list {
            let words: Vec<&'static str> = text.split(' ').collect();
            if let (Some(first), Some(last)) = (words.first().copied(), words.last().copied()) {
                by_last.entry(last).or_default().push(text);
                by_first
                    .entry(first)
                    .or_default()
                    .push(Phrase { text, words });
            }
        }
        Self { by_first, by_last }
    }

    /// The phrases that stand at word `at`.
    pub(super) fn at<'a>(
        &'a self,
        words: &'a [Word],
        at: usize,
    ) -> impl Iterator<Item = &'static str> + 'a {
        words
            .get(at)
            .and_then(|w| self.by_first.get(w.text.as_str()))
            .into_iter()
            .flatten()
            .filter(move |p| {
                at + p.words.len() <= words.len()
                    && words[at..at + p.words.len()]
                        .iter()
                        .zip(&p.words)
                        .all(|(w, p)| w.text == *p)
            })
            .map(|p| p.text)
    }

    /// The phrases whose first word is `word`.
    pub(super) fn starting(&self, word: &str) -> impl Iterator<Item = &'static str> + '_ {
        self.by_first
            .get(word)
            .into_iter()
            .flatten()
            .map(|p| p.text)
    }

    /// The phrases whose last word is `word`.
    pub(super) fn ending(&self, word: &str) -> &[&'static str] {
        self.by_last.get(word).map_or(&[], Vec::as_slice)
    }
}

/// The lists looked up word by word, indexed once.
pub(super) struct Lists {
    pub reject_before: PhraseList,
    pub reject_after: PhraseList,
    pub assert_before: PhraseList,
    pub assert_after: PhraseList,
    pub retract: PhraseList,
    pub guess: PhraseList,
    pub firm_after: PhraseList,
    pub firm_before: PhraseList,
    pub open: PhraseList,
    pub abstain: PhraseList,
}

/// The indexed lists.
pub(super) static LISTS: LazyLock<Lists> = LazyLock::new(|| Lists {
    reject_before: PhraseList::new(REJECT_BEFORE),
    reject_after: PhraseList::new(REJECT_AFTER),
    assert_before: PhraseList::new(ASSERT_BEFORE),
    assert_after: PhraseList::new(ASSERT_AFTER),
    // Indexed once, for the life of the program.
    retract: PhraseList::new(Box::leak([RETRACT, RECHECK].concat().into_boxed_slice())),
    guess: PhraseList::new(GUESS),
    firm_after: PhraseList::new(FIRM_AFTER),
    firm_before: PhraseList::new(FIRM_BEFORE),
    open: PhraseList::new(OPEN),
    abstain: PhraseList::new(ABSTAIN),
});
