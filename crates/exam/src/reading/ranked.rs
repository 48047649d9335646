//! A reply that ranks the choices instead of naming one ("My ranking:\n1. L. green_bucket\n2.
//! K. blue_crate", "From most to least likely: C, B, D, A."): the one it ranks first is its
//! answer — or last, where the order climbs ("From least to most likely: B, A, C").

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
    "most likely least likely",
    "most plausible least plausible",
    "best to worst",
    // "Best → worst: C > D > A", "Ranking (best first):".
    "best worst",
    "best first",
    "in order of likelihood",
    "in order of preference",
    "in order of plausibility",
];

/// Phrases that announce a ranking on one line that climbs to the answer.
const CLIMBING: &[&str] = &[
    "least to most likely",
    "least likely to most likely",
    "least to most plausible",
    "least plausible to most plausible",
    "least likely first",
    "least likely most likely",
    "least plausible most plausible",
    "worst to best",
    "worst best",
    "worst first",
];

/// A ranking found in a reply: the choices it ranks, in its order, where it ends, and whether
/// the order climbs to the answer.
struct Ranking {
    ranked: Vec<usize>,
    /// Where it is announced, and where it ends.
    start: usize,
    end: usize,
    climbing: bool,
    /// The words of each choice ranked, on a ranking written on one line.
    spans: Vec<(usize, usize)>,
}

impl Ranking {
    /// The choice the ranking gives as the answer: its first, or its last where it climbs.
    fn answer(&self) -> usize {
        if self.climbing {
            self.ranked[self.ranked.len() - 1]
        } else {
            self.ranked[0]
        }
    }
}

/// The choice a reply ranks first (last, where the order climbs), on a numbered list
/// ([`numbered`]) or on one line ([`in_line`]) — unless the reply names another choice after
/// the list.
pub(super) fn first(words: &[Word], mentions: &[Mention]) -> Option<usize> {
    let ranking = numbered(words, mentions).or_else(|| in_line(words, mentions))?;
    let answer = ranking.answer();
    mentions
        .iter()
        .filter(|m| m.start >= ranking.end)
        .all(|m| m.choice == answer)
        .then_some(answer)
}

/// "Ranking: A = B > C": the choices a one-line ranking sets level at its top (an equals sign
/// between them in `text`, the text the words were cut from), where the reply names no other
/// choice after it — several, none ranked first.
pub(super) fn tied_first(text: &str, words: &[Word], mentions: &[Mention]) -> Option<Vec<usize>> {
    let ranking = in_line(words, mentions).filter(|r| !r.climbing)?;
    let chars: Vec<char> = text.chars().collect();
    let gap = |k: usize| {
        let (_, end) = ranking.spans[k];
        let (start, _) = ranking.spans[k + 1];
        let last = &words[end - 1];
        let from = (last.at + last.raw.chars().count()).min(chars.len());
        let to = words[start].at.min(chars.len()).max(from);
        chars[from..to].iter().collect::<String>()
    };
    let level = 1
        + (0..ranking.ranked.len() - 1)
            .take_while(|&k| gap(k).contains(['=', '≈']))
            .count();
    let top = &ranking.ranked[..level];
    (level > 1
        && mentions
            .iter()
            .filter(|m| m.start >= ranking.end)
            .all(|m| top.contains(&m.choice)))
    .then(|| top.to_vec())
}

/// "Most to least likely: 1. C … 4. A. So my pick is the first one.", "E < D < A < C < B.
/// I'd go with the last one.": a place named after a ranking ("the first one", "the last
/// one", "the top one") is the list's — not the choices' in the question's order. And an item
/// of the ranking ("2. Option E") is a place in its order, not an answer said in so many words.
pub(super) fn places_in_the_list(words: &[Word], mentions: &mut [Mention]) {
    let Some(ranking) = numbered(words, mentions).or_else(|| in_line(words, mentions)) else {
        return;
    };
    for m in mentions
        .iter_mut()
        .filter(|m| m.start >= ranking.start && m.end <= ranking.end)
    {
        m.explicit = false;
    }
    for m in mentions
        .iter_mut()
        .filter(|m| m.start >= ranking.end && m.by_place)
    {
        let said = |names: &[&str]| {
            words[m.start..m.end]
                .iter()
                .any(|w| names.contains(&w.text.as_str()))
        };
        if said(&["first", "top"]) {
            m.choice = ranking.ranked[0];
        } else if said(&["last", "bottom", "final"]) {
            m.choice = ranking.ranked[ranking.ranked.len() - 1];
        }
    }
}

/// Where a ranking is announced: the word after the phrase, and whether the order climbs.
fn announced(words: &[Word], mentions: &[Mention]) -> Option<(usize, bool)> {
    // (Each phrase tried only where its first word stands: every word of a long reply comes
    // here.)
    let opens = |p: &str, word: &str| {
        p.strip_prefix(word)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    };
    let announced_by = |phrases: &[&str], i: usize| {
        phrases
            .iter()
            .find(|p| opens(p, &words[i].text) && phrase_at(words, i, p))
            .map(|p| i + p.split(' ').count())
    };
    // (Not a choice's own words: "Spearman's rank correlation".)
    let owned = |i: usize| mentions.iter().any(|m| m.start <= i && i < m.end);
    // (Only where a phrase's first word stands: most replies hold none.)
    let first_words = |w: &Word| {
        matches!(
            w.text.as_str(),
            "ranking" | "ranked" | "rank" | "ranks" | "most" | "least" | "best" | "worst" | "in"
        )
    };
    let (end, climbing) = (0..words.len())
        .filter(|&i| first_words(&words[i]))
        .find_map(|i| {
            announced_by(IN_ORDER, i)
                .map(|end| (end, false))
                .or_else(|| announced_by(CLIMBING, i).map(|end| (end, true)))
                .or_else(|| {
                    RANKING
                        .contains(&words[i].text.as_str())
                        .then_some((i + 1, false))
                })
                .filter(|_| !owned(i))
        })?;
    // "Ranked from least to most likely: D, A, C, B": an order said after the word that
    // announced the ranking, on its line, is the ranking's.
    let line = words[end - 1].line;
    let climbs_after = (end..words.len().min(end + 6))
        .take_while(|&j| words[j].line == line)
        .filter(|&j| first_words(&words[j]))
        .find_map(|j| announced_by(CLIMBING, j));
    Some(climbs_after.map_or((end, climbing), |after| (after, true)))
}

/// "From most to least likely: C, B, D, A.": two letters or more, each once, right after a
/// ranking is announced on their line.
fn in_line(words: &[Word], mentions: &[Mention]) -> Option<Ranking> {
    let (announced, climbing) = announced(words, mentions)?;
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
    // (Two are a ranking where the words said one: "Ranking (best to worst): A > E".)
    (ranked.len() >= 2).then(|| Ranking {
        start: announced,
        end: ranked[ranked.len() - 1].end,
        ranked: ranked.iter().map(|m| m.choice).collect(),
        climbing,
        spans: ranked.iter().map(|m| (m.start, m.end)).collect(),
    })
}

/// "My ranking:\n1. B …\n2. A …": the lines numbered 1, 2, … after a ranking is announced,
/// each read by the first choice it names, each choice once.
fn numbered(words: &[Word], mentions: &[Mention]) -> Option<Ranking> {
    let (announced, climbing) = announced(words, mentions)?;
    let line_starts =
        (announced..words.len()).filter(|&i| i == 0 || words[i - 1].line != words[i].line);
    let mut ranked: Vec<usize> = Vec::new();
    let mut end = announced;
    for i in line_starts {
        let item = words[i].raw == (ranked.len() + 1).to_string()
            && words[i].after.starts_with(['.', ')']);
        if !item {
            // (The list ends at a line that is not its next item.)
            if ranked.is_empty() {
                continue;
            }
            break;
        }
        let line = words[i].line;
        let Some(named) = mentions
            .iter()
            .find(|m| m.start > i && words[m.start].line == line)
        else {
            break;
        };
        if ranked.contains(&named.choice) {
            break;
        }
        ranked.push(named.choice);
        end = (i..words.len())
            .find(|&j| words[j].line != line)
            .unwrap_or(words.len());
    }
    // (A ranking of one is no ranking, but a list of two is: "1. B … 2. A".)
    (ranked.len() >= 2).then_some(Ranking {
        ranked,
        start: announced,
        end,
        climbing,
        spans: Vec::new(),
    })
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
        // An order that climbs ends on the answer.
        let choices: Vec<String> = ["north", "south", "east", "west"]
            .map(String::from)
            .to_vec();
        let read = |reply: &str| read_answer(reply, &choices).choice();
        assert_eq!(
            read("From least to most likely: B, A, C. So the answer is the last one in that list."),
            Some(2)
        );
        assert_eq!(
            read("From least to most plausible: B, C, D, A. My pick is the last of these, A."),
            Some(0)
        );
        assert_eq!(
            read("From least to most likely: B, A, C, D. I'd still say B."),
            None
        );
        assert_eq!(
            read("Ranked from least to most likely: D, A, C, B."),
            Some(1)
        );
    }
}
