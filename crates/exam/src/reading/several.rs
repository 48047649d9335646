//! Replies that give several answers at once, in their form rather than their words: letters
//! and nothing else ("[E] [J]", "**H** ~~I~~ **K**"), two choices ticked, a list of letters
//! under an answer's label ("answer:\n  - K\n  - A").

use super::Mention;
use super::decide;
use super::words::Word;

/// The choices a reply gives at once, where it gives two or more and none of them is the one.
pub(super) fn at_once(words: &[Word], mentions: &[Mention]) -> Option<Vec<usize>> {
    letters_only(words, mentions)
        .or_else(|| ticked(words, mentions))
        .or_else(|| listed_under_the_answer(words, mentions))
}

/// Letters and nothing else ("[E] [J]", "A C"): several answers, none of them the one — those
/// not struck through ("**H** ~~I~~ **K** ~~N~~": H and K).
fn letters_only(words: &[Word], mentions: &[Mention]) -> Option<Vec<usize>> {
    let all_letters = mentions.len() == words.len()
        && mentions
            .iter()
            .all(|m| m.by_place && m.end == m.start + 1 && words[m.start].mark != Some(true));
    let standing = decide::distinct(
        mentions
            .iter()
            .filter(|m| words[m.start].mark.is_none())
            .map(|m| m.choice),
    );
    (all_letters && standing.len() >= 2).then_some(standing)
}

/// Two choices or more ticked ("- [x] B\n- [x] C: dramatic irony"): several answers marked,
/// none of them the one — unless an answer is said outside the ticks.
fn ticked(words: &[Word], mentions: &[Mention]) -> Option<Vec<usize>> {
    let ticked = |m: &Mention| words[m.start..m.end].iter().any(|w| w.mark == Some(true));
    let several = decide::distinct(mentions.iter().filter(|m| ticked(m)).map(|m| m.choice));
    (several.len() >= 2 && !mentions.iter().any(|m| m.explicit && !ticked(m))).then_some(several)
}

/// "answer:\n  - K\n  - A": an answer's label ending its line, and a list of two letters or
/// more under it, one an item — a list given as the answer, several.
fn listed_under_the_answer(words: &[Word], mentions: &[Mention]) -> Option<Vec<usize>> {
    let label = words.iter().position(|w| {
        matches!(w.text.as_str(), "answer" | "answers" | "choice" | "choices")
            && w.after.starts_with(':')
    })?;
    let first_line = words
        .get(label + 1)
        .filter(|n| n.line != words[label].line)?
        .line;
    let mut listed = Vec::new();
    for (line, m) in (first_line..).zip(mentions.iter().filter(|m| m.start > label)) {
        let w = &words[m.start];
        let whole_item = w.in_item()
            && w.line == line
            && m.by_place
            && words.get(m.end).is_none_or(|n| n.line != w.line);
        if !whole_item {
            break;
        }
        listed.push(m.choice);
    }
    let listed = decide::distinct(listed.into_iter());
    (listed.len() >= 2).then_some(listed)
}
