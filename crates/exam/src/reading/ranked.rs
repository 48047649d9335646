//! A reply that ranks the choices instead of naming one ("My ranking:\n1. L. green_bucket\n2.
//! K. blue_crate", "From most to least likely: C, B, D, A."): the one it ranks first is its
//! answer.

use super::Mention;
use super::cues::phrase_at;
use super::words::Word;

/// Words that announce a ranking.
const RANKING: &[&str] = &["ranking", "ranked", "rank", "ranks"];

/// Phrases that announce a ranking written on one line.
const IN_ORDER: &[&str] = &[
    "ranking",
    "ranked",
    "most to least likely",
    "most likely to least likely",
    "most to least plausible",
    "most likely first",
    "best to worst",
    "in order of likelihood",
    "in order of preference",
    "in order of plausibility",
];

/// The choice a reply ranks first, on a numbered list ([`first_ranked`]) or on one line
/// ([`first_in_line`]).
pub(super) fn first(words: &[Word], mentions: &[Mention]) -> Option<usize> {
    first_ranked(words, mentions).or_else(|| first_in_line(words, mentions))
}

/// "From most to least likely: C, B, D, A. Going with C.": three letters or more, each once,
/// right after a ranking is announced on their line; the first is the answer, unless the reply
/// names another choice after the list.
fn first_in_line(words: &[Word], mentions: &[Mention]) -> Option<usize> {
    // (Each phrase tried only where its first word stands: every word of a long reply comes
    // here.)
    let opens = |p: &str, word: &str| {
        p.strip_prefix(word)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    };
    let announced = (0..words.len()).find_map(|i| {
        IN_ORDER
            .iter()
            .find(|p| opens(p, &words[i].text) && phrase_at(words, i, p))
            .map(|p| i + p.split(' ').count())
    })?;
    let line = words[announced - 1].line;
    let mut after = mentions
        .iter()
        .filter(|m| m.start >= announced && words[m.start].line == line);
    let head = after.next().filter(|m| m.by_place)?;
    let mut ranked = vec![head];
    for m in after {
        let previous = ranked[ranked.len() - 1];
        if !m.by_place || m.start != previous.end || ranked.iter().any(|o| o.choice == m.choice) {
            break;
        }
        ranked.push(m);
    }
    let end = ranked[ranked.len() - 1].end;
    (ranked.len() >= 3
        && mentions
            .iter()
            .filter(|m| m.start >= end)
            .all(|m| m.choice == head.choice))
    .then_some(head.choice)
}

/// The choice on the list's first line, where a ranking is announced before it and that line
/// names exactly one choice.
fn first_ranked(words: &[Word], mentions: &[Mention]) -> Option<usize> {
    let announced = words
        .iter()
        .position(|w| RANKING.contains(&w.text.as_str()))?;
    // The first item: a line that opens with "1." or "1)" after the announcement.
    let first = (announced + 1..words.len()).find(|&i| {
        words[i].raw == "1"
            && words[i].after.starts_with(['.', ')'])
            && (i == 0 || words[i - 1].line != words[i].line)
    })?;
    let line = words[first].line;
    let mut on_line = mentions
        .iter()
        .filter(|m| m.start > first && words[m.start].line == line)
        .map(|m| m.choice);
    let choice = on_line.next()?;
    on_line.all(|c| c == choice).then_some(choice)
}

#[cfg(test)]
mod tests {
    use crate::reading::read_answer;

    #[test]
    fn the_choice_ranked_first_is_the_answer() {
        let choices: Vec<String> = ["they will rise", "they will fall"]
            .map(String::from)
            .to_vec();
        let read = |reply: &str| read_answer(reply, &choices).choice();
        assert_eq!(
            read("My ranking:\n1. B: they will fall\n2. A: they will rise"),
            Some(1)
        );
        assert_eq!(read("Ranked by how well they fit:\n1) A\n2) B"), Some(0));
        // A numbered list that ranks nothing is no answer.
        assert_eq!(
            read("Going through them:\n1. A: they will rise\n2. B: they will fall"),
            None
        );
        let choices: Vec<String> = ["one", "two", "three", "four"].map(String::from).to_vec();
        let read = |reply: &str| read_answer(reply, &choices).choice();
        assert_eq!(
            read("From most to least likely: C, B, D, A. Going with C."),
            Some(2)
        );
        assert_eq!(read("Ranked: B > A > D > C"), Some(1));
        // Another choice named after the ranking leaves it to a look.
        assert_eq!(
            read("From most to least likely: C, B, D, A. Going with B."),
            None
        );
        assert_eq!(
            read("From most to least likely: C, B, D, A. Still, D or A could be it."),
            None
        );
    }
}
