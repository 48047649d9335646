//! A reply that ranks the choices instead of naming one ("My ranking:\n1. L. green_bucket\n2.
//! K. blue_crate"): the one it ranks first is its answer.

use super::Mention;
use super::words::Word;

/// Words that announce a ranking.
const RANKING: &[&str] = &["ranking", "ranked", "rank", "ranks"];

/// The choice on the list's first line, where a ranking is announced before it and that line
/// names exactly one choice.
pub(super) fn first_ranked(words: &[Word], mentions: &[Mention]) -> Option<usize> {
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
    }
}
