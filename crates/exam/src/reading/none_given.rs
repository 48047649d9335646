//! Replies that give no answer without saying "I don't know": a reply cut off before its
//! answer ("To answer this, we first need to"), one that takes every choice at once ("All of the
//! above" where no choice says so), one that only repeats the options. Each is read only where
//! the rules found no one choice the reply commits to.

use super::Mention;
use super::cues::phrase_at;
use super::words::Word;

/// Words a sentence does not end on: a reply whose last word is one of them, with no full stop,
/// was cut off ("… the key distinction is between").
const NOT_LAST: &[&str] = &[
    "the", "a", "an", "of", "to", "in", "on", "at", "for", "and", "or", "but", "nor", "between",
    "with", "by", "from", "that", "which", "who", "whom", "whose", "whether", "is", "are", "was",
    "were", "be", "been", "we", "i", "you", "they", "it", "its", "this", "these", "those", "lets",
    "let", "if", "because", "so", "as", "than", "then", "only", "also", "into", "about", "what",
    "how", "when", "where", "while", "each", "every", "some", "any", "our", "their", "his", "her",
    "my", "your", "can", "could", "should", "would", "will", "must", "may", "might", "do", "does",
    "has", "have", "had", "need", "needs", "very", "more", "most", "first", "next", "since",
    "although", "though", "via", "onto", "upon", "toward", "towards",
];

/// How replies that reason before they answer open: cut off with no choice named, they gave
/// none ("Let's think step by step. First, we need to look at").
const PREAMBLES: &[&str] = &[
    "to answer this",
    "to solve this",
    "to answer the question",
    "to determine",
    "to figure out",
    "in order to",
    "lets think",
    "lets break",
    "lets look",
    "lets analyze",
    "lets consider",
    "let me think",
    "let me break",
    "let me look",
    "let me analyze",
    "let me work",
    "step 1",
    "first",
    "explanation",
    "reasoning",
    "looking at the options",
    "looking at the choices",
    "great question",
    "good question",
    "okay so",
    "ok so",
    "so basically",
    "we need to",
    "this question",
    "the question",
    "a useful",
    "there are several",
];

/// Words that commit to an answer, even in a reply cut off before it names one ("I'd go with
/// the one that").
const COMMITS: &[&str] = &[
    "go with",
    "going with",
    "pick",
    "picking",
    "choose",
    "choosing",
    "select",
    "selecting",
    "opt for",
    "answer is",
    "answer would be",
    "answer should be",
    "correct answer",
    "id say",
    "i would say",
    "i think",
    "i believe",
    "id guess",
    "i guess",
    "lean",
    "leaning",
    "probably",
    "most likely",
    "must be",
    "has to be",
];

/// Phrases that take every choice at once.
const EVERY: &[&str] = &[
    "all of the above",
    "all the above",
    "all of them",
    "all of these",
    "all four",
    "all options",
    "all the options",
    "all of the options",
    "all choices",
    "all the choices",
    "all answers",
    "all the answers",
    "every option",
    "every choice",
    "each option is",
    "each of them is",
    "any of them",
    "any of the options",
];

/// Words that may stand beside options only repeated ("Options:", "Here are the choices").
const AROUND_OPTIONS: &[&str] = &[
    "options",
    "option",
    "choices",
    "choice",
    "the",
    "are",
    "here",
    "these",
    "following",
];

/// Whether the reply stops before it gives an answer: no closing full stop, and either a last
/// word no sentence ends on or an opening that reasons before it answers — and no words that
/// give an answer ("I'd go with the one that", cut off, still answers).
pub(super) fn cut_off(reply: &str, words: &[Word]) -> bool {
    let Some(last) = words.last() else {
        return false;
    };
    if (0..words.len()).any(|i| COMMITS.iter().any(|p| phrase_at(words, i, p))) {
        return false;
    }
    let trimmed = reply.trim_end();
    let closed = trimmed.ends_with([
        '.', '!', '?', ')', ']', '}', '"', '\'', '”', '’', '*', '`', '…', '»', '>', '|',
    ]);
    // A list cut off at its first number ("Let's break it down:\n\n1.") is open.
    let last_line = trimmed.rsplit('\n').next().unwrap_or(trimmed).trim();
    let list_number = last_line.len() <= 3
        && last_line.ends_with(['.', ')'])
        && last_line[..last_line.len() - 1]
            .chars()
            .all(|c| c.is_ascii_digit())
        && last_line.len() > 1;
    if list_number {
        return true;
    }
    if closed || words.len() < 3 {
        return false;
    }
    let open_end = [',', ':', ';', '-', '—', '–', '(', '[', '{']
        .iter()
        .any(|c| trimmed.ends_with(*c));
    open_end
        || NOT_LAST.contains(&last.text.as_str())
        || PREAMBLES.iter().any(|p| phrase_at(words, 0, p))
}

/// Words by which a question asked back is about the question or its options, not
/// rhetorical ("Could you share the answer options?", "Before I answer: are the options exact
/// values?").
const ASKING: &[&str] = &["you", "your", "options", "choices", "question", "clarify"];

/// Whether the reply asks a question back instead of answering: a sentence ending in "?" about
/// the asker, the question or its options, and no words that commit.
pub(super) fn asks_back(words: &[Word]) -> bool {
    if (0..words.len()).any(|i| COMMITS.iter().any(|p| phrase_at(words, i, p))) {
        return false;
    }
    let mut from = 0;
    for (i, w) in words.iter().enumerate() {
        if w.after.contains('?')
            && words[from..=i]
                .iter()
                .any(|w| ASKING.contains(&w.text.as_str()))
        {
            return true;
        }
        if w.after.contains(['.', '!', '?']) || words.get(i + 1).is_some_and(|n| n.line != w.line) {
            from = i + 1;
        }
    }
    false
}

/// Whether the reply takes every choice at once, in words that are no choice's own.
pub(super) fn every_choice(words: &[Word], mentions: &[Mention]) -> bool {
    let owned = covered(words, mentions);
    (0..words.len()).any(|i| {
        matches!(words[i].text.as_str(), "all" | "every" | "each" | "any")
            && EVERY.iter().any(|p| {
                let end = i + p.split(' ').count();
                phrase_at(words, i, p) && !owned[i..end.min(words.len())].iter().any(|o| *o)
            })
    })
}

/// Whether the reply only repeats the options: every choice named, and no other word but
/// "Options:" and the like.
pub(super) fn options_only(words: &[Word], mentions: &[Mention], choices: usize) -> bool {
    let named = super::decide::distinct(mentions.iter().map(|m| m.choice));
    if named.len() < choices || choices < 2 {
        return false;
    }
    let owned = covered(words, mentions);
    words
        .iter()
        .zip(owned)
        .all(|(w, owned)| owned || AROUND_OPTIONS.contains(&w.text.as_str()))
}

/// Which words a mention covers.
fn covered(words: &[Word], mentions: &[Mention]) -> Vec<bool> {
    let mut owned = vec![false; words.len()];
    for m in mentions {
        for slot in owned.iter_mut().take(m.end).skip(m.start) {
            *slot = true;
        }
    }
    owned
}
