//! "All of them are wrong except C", "Every option except B contains an error", "Anything
//! other than "No" would be the wrong call": every choice but one said to be wrong — that one
//! is the answer.

use super::Mention;
use super::words::Word;

/// Words that say the choices they cover are wrong.
const WRONG: &[&str] = &[
    "wrong",
    "incorrect",
    "false",
    "error",
    "errors",
    "mistaken",
    "invalid",
    "flawed",
    "mistake",
];

/// Words that take in every choice.
const EVERY: &[&str] = &[
    "all",
    "every",
    "each",
    "any",
    "anything",
    "everything",
    "others",
];

/// The one choice set apart from every other said to be wrong, where the reply names no other,
/// and whether it is named by its letter or place.
pub(super) fn the_one(words: &[Word], mentions: &[Mention]) -> Option<(usize, bool)> {
    let at = (0..words.len()).find(|&i| {
        words[i].text == "except"
            || i + 1 < words.len()
                && matches!(
                    (words[i].text.as_str(), words[i + 1].text.as_str()),
                    ("other", "than") | ("apart", "from") | ("save", "for")
                )
    })?;
    // The sentence the exception stands in.
    let start = (0..at)
        .rev()
        .find(|&j| words[j].after.contains(['.', '!', '?', ';']) || words[j].line != words[at].line)
        .map_or(0, |j| j + 1);
    let end = (at..words.len())
        .find(|&j| words[j].after.contains(['.', '!', '?', ';']))
        .map_or(words.len(), |j| j + 1);
    let every = words[start..at]
        .iter()
        .any(|w| EVERY.contains(&w.text.as_str()));
    let wrong = words[start..end]
        .iter()
        .any(|w| WRONG.contains(&w.text.as_str()));
    let denied = words[start..end]
        .iter()
        .any(|w| matches!(w.text.as_str(), "not" | "isnt" | "arent" | "never"));
    let after = mentions
        .iter()
        .find(|m| m.start > at && m.start <= at + 4 && m.end <= end)?;
    let alone = mentions.iter().all(|m| m.choice == after.choice);
    (every && wrong && !denied && alone).then_some((after.choice, after.by_place))
}

#[cfg(test)]
mod tests {
    use crate::reading::read_answer;

    fn three(reply: &str) -> Option<usize> {
        read_answer(reply, &["Yes", "No", "Maybe"].map(String::from)).choice()
    }

    #[test]
    fn every_choice_but_one_wrong_leaves_that_one() {
        assert_eq!(three("All of them are wrong except C."), Some(2));
        assert_eq!(three("Every option except B contains an error."), Some(1));
        assert_eq!(
            three("Anything other than \"No\" would be the wrong call."),
            Some(1)
        );
        // Right but one, or not wrong, is no pick of it.
        assert_eq!(three("All of them are right except C."), None);
        assert_eq!(three("All of them are not wrong except C."), None);
    }
}
