//! A short reply that answers with a phrase of one choice rather than the whole of it ("It comes
//! down to: continuing wrong.", "Answer: qualified privilege", "The right choice is the one
//! mentioning direct evidence."): the phrase must stand word after word in that choice and in
//! no other, and be most of what the reply says besides the words that frame an answer.

use super::alike::same;
use super::own_words::VERDICTS;
use super::text::{SMALL, choice_words, holds};
use super::words::Word;

/// Words that frame an answer rather than give it ("the right choice is the one mentioning …").
const FRAME: &[&str] = &[
    "answer",
    "answers",
    "right",
    "correct",
    "choice",
    "choices",
    "option",
    "options",
    "one",
    "ones",
    "mentioning",
    "mentions",
    "mention",
    "stating",
    "states",
    "says",
    "saying",
    "about",
    "comes",
    "down",
    "go",
    "going",
    "pick",
    "say",
    "id",
    "best",
    "key",
    "point",
    "im",
    "i",
    "think",
    "probably",
    "likely",
    "basically",
    "short",
    "simply",
    "just",
    "really",
    "here",
    "me",
    "my",
    "itd",
    "thats",
    "whats",
    "theres",
    "is",
    "way",
];

/// Words that deny what follows them.
const DENY: &[&str] = &[
    "not", "no", "never", "neither", "nor", "without", "isnt", "arent",
];

/// The most words (besides the frame) a reply may have to be read this way: longer replies say
/// more than the phrase, and what they say decides.
const MOST_WORDS: usize = 12;

/// The share of the reply's own words (besides the frame) the phrase must be.
const SHARE: f64 = 0.6;

/// The choice whose phrase the reply answers with, if exactly one holds it.
pub(super) fn phrase_of(reply: &[Word], choices: &[String]) -> Option<usize> {
    let own = |w: &Word| !SMALL.contains(&w.text.as_str()) && !FRAME.contains(&w.text.as_str());
    let content = reply.iter().filter(|w| own(w)).count();
    if !(2..=MOST_WORDS).contains(&content) {
        return None;
    }
    let all: Vec<Vec<String>> = choices.iter().map(|c| choice_words(c)).collect();
    // The longest run of the reply's words that stands in one choice: (choice, start, end).
    let mut best: Option<(usize, usize, usize)> = None;
    let mut tie = false;
    for start in 0..reply.len() {
        for (index, words) in all.iter().enumerate() {
            let longest = (0..words.len())
                .map(|offset| {
                    (0..words.len() - offset)
                        .take_while(|&k| {
                            start + k < reply.len()
                                && same(&reply[start + k].text, &words[offset + k])
                        })
                        .count()
                })
                .max()
                .unwrap_or(0);
            let end = start + longest;
            let said = reply[start..end].iter().filter(|w| own(w)).count();
            if said < 2 {
                continue;
            }
            let length = |(_, s, e): (usize, usize, usize)| e - s;
            match best {
                Some(b) if length(b) > longest => {}
                Some(b) if length(b) == longest && b.0 != index => tie = true,
                Some(b) if length(b) == longest => {}
                _ => {
                    best = Some((index, start, end));
                    tie = false;
                }
            }
        }
    }
    let (index, start, end) = best.filter(|_| !tie)?;
    let run: Vec<String> = reply[start..end].iter().map(|w| w.text.clone()).collect();
    let elsewhere = all
        .iter()
        .enumerate()
        .any(|(other, words)| other != index && holds(words, &run));
    let said = reply[start..end].iter().filter(|w| own(w)).count();
    let denied = reply[start.saturating_sub(3)..start]
        .iter()
        .any(|w| DENY.contains(&w.text.as_str()));
    // "Yes: the boy was a trespasser" against "No, because the boy was a trespasser": a verdict
    // the choice does not give, that another does, is the other verdict.
    let verdict_against = reply.iter().any(|w| {
        VERDICTS.contains(&w.text.as_str())
            && !all[index].contains(&w.text)
            && all.iter().any(|c| c.contains(&w.text))
    });
    (!elsewhere && !denied && !verdict_against && said as f64 >= SHARE * content as f64)
        .then_some(index)
}

#[cfg(test)]
mod tests {
    use super::super::words::words;
    use super::*;

    #[test]
    fn a_phrase_of_one_choice_is_that_choice() {
        let choices: Vec<String> = [
            "recover, because the man's action was negligence per se.",
            "recover, because the man's action was a continuing wrong which contributed to the injuries.",
            "not recover, because the injury was not foreseeable.",
            "not recover, because of the direct evidence rule.",
        ]
        .map(String::from)
        .to_vec();
        let read = |reply: &str| phrase_of(&words(reply), &choices);
        assert_eq!(read("It comes down to: continuing wrong."), Some(1));
        assert_eq!(
            read("The right choice is the one mentioning direct evidence."),
            Some(3)
        );
        assert_eq!(read("Not the continuing wrong one."), None, "denied");
        assert_eq!(
            read("recover, because"),
            None,
            "a phrase every choice holds"
        );
        assert_eq!(
            read(
                "The injury here was clearly a continuing wrong, but the plaintiff still loses on causation and damages."
            ),
            None,
            "the phrase is a small part of what the reply says"
        );
    }
}
