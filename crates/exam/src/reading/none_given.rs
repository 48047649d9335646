//! Replies that give no answer without saying "I don't know": a reply cut off before its
//! answer ("To answer this, we first need to"), one that takes every choice at once ("All of the
//! above" where no choice says so), one that only repeats the options. Each is read only where
//! the rules found no one choice the reply commits to.

use super::cues::phrase_at;
use super::words::Word;
use super::{AnswerReading, Mention, NoAnswer, Unsure, prepare};

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

/// Whether the reply's last word is one no sentence ends on — "only" and "also" after a word
/// that may end one close a phrase ("balance sheet only", "B also"), but not "we can only".
fn ends_unfinished(words: &[Word]) -> bool {
    let Some((last, before)) = words.split_last() else {
        return false;
    };
    NOT_LAST.contains(&last.text.as_str())
        && !(matches!(last.text.as_str(), "only" | "also")
            && before
                .last()
                .is_some_and(|w| !NOT_LAST.contains(&w.text.as_str()) && w.after.trim().is_empty()))
}

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
    "lets go through",
    "lets work through",
    "lets reason through",
    "lets walk",
    "lets examine",
    "lets review",
    "lets evaluate",
    "lets check",
    "let me go through",
    "let me walk",
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
    // A prompt echoed back with its slot left empty ("Options: … Answer:", "### Response: …").
    "answer",
    "response",
];

/// Whether the reply stops before it gives an answer: no closing full stop, and either a last
/// word no sentence ends on or an opening that reasons before it answers — and no words that
/// give an answer ("I'd go with the one that", cut off, still answers).
pub(super) fn cut_off(reply: &str, words: &[Word]) -> bool {
    let Some(stop) = stopped(reply, words) else {
        return false;
    };
    stop.mid_sentence || stop.open && PREAMBLES.iter().any(|p| phrase_at(words, 0, p))
}

/// Whether the reply opens as reasoning does and stops in the middle of a sentence ("Let's go
/// through the options one by one. A) … — to evaluate this, we need to check whether"): a
/// choice it only names on the way is no answer.
pub(super) fn unfinished_reasoning(reply: &str, words: &[Word]) -> bool {
    // … or in the middle of a word ("Next, op"): no closing mark after a lower-case word (a
    // letter or a choice's text may close a reply: "… is: K").
    let cut_word = words
        .last()
        .is_some_and(|w| w.raw.chars().all(|c| c.is_ascii_lowercase()));
    // (After an interjection: "Okay, let's analyze.")
    let opens = usize::from(words.first().is_some_and(|w| {
        matches!(
            w.text.as_str(),
            "okay" | "ok" | "alright" | "well" | "hmm" | "right"
        )
    }));
    PREAMBLES
        .iter()
        .any(|p| phrase_at(words, opens, p) || phrase_at(words, 0, p))
        && stopped(reply, words).is_some_and(|s| s.mid_sentence || s.open && cut_word)
}

/// Whether the reply stops where its answer was to come: its last sentence ends, with no
/// stop and no choice named, on a word no sentence ends on ("Therefore, the correct answer
/// is **", "So the answer must be", "Putting this together, the"). A choice asserted before
/// stays the answer; one only named or rejected on the way is none.
pub(super) fn cut_before_its_answer(reply: &str, words: &[Word], mentions: &[Mention]) -> bool {
    let trimmed = reply.trim_end().trim_end_matches(['*', '_', '`', ' ']);
    // A last line that only announces the answer ("**Answer:**", "Final answer:") under
    // reasoning: the answer never came.
    let last_line = trimmed
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .trim_matches(['*', '_', '#', ' '])
        .to_lowercase();
    if words.len() >= 3
        && trimmed.contains('\n')
        && [
            "answer:",
            "final answer:",
            "the answer is:",
            "my answer:",
            "respuesta:",
            "cevap:",
        ]
        .contains(&last_line.as_str())
    {
        return true;
    }
    let open = trimmed
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    let Some(last) = words.last().filter(|_| open && words.len() >= 3) else {
        return false;
    };
    // The last sentence: after the last word that ends one with a stop (after a closing quote
    // or bracket: "… says “Tây Nguyên”.") or a line.
    let from = (0..words.len() - 1)
        .rev()
        .find(|&i| {
            words[i]
                .after
                .trim_start_matches(['"', '”', '’', '\'', ')', ']', '*', '_'])
                .starts_with(['.', '!', '?'])
                || words[i + 1].line != words[i].line
        })
        .map_or(0, |i| i + 1);
    // … or inside a quotation never closed ("Nothing in the story suggests "Drop out of high").
    let straight = trimmed.matches('"').count();
    let quoting = straight % 2 == 1 || trimmed.matches('“').count() > trimmed.matches('”').count();
    quoting
        || ends_unfinished(words)
            && last.raw.len() >= 2
            && last.raw.chars().all(|c| c.is_ascii_lowercase())
            && !mentions.iter().any(|m| m.start >= from)
}

/// How a reply with no words that commit ends.
struct Stop {
    /// No closing stop (a full stop, a bracket, a mark or a symbol such as an emoji).
    open: bool,
    /// Stopped in the middle of a sentence: a list cut at its first number, an open comma,
    /// colon or bracket, or a last word no sentence ends on.
    mid_sentence: bool,
}

/// How the reply ends, or `None` where it has words that commit to an answer.
fn stopped(reply: &str, words: &[Word]) -> Option<Stop> {
    words.last()?;
    if (0..words.len()).any(|i| COMMITS.iter().any(|p| phrase_at(words, i, p))) {
        return None;
    }
    let trimmed = reply.trim_end();
    // A list cut off at its first number ("Let's break it down:\n\n1.") is open.
    let last_line = trimmed.rsplit('\n').next().unwrap_or(trimmed).trim();
    let list_number = last_line.len() <= 3
        && last_line.ends_with(['.', ')'])
        && last_line[..last_line.len() - 1]
            .chars()
            .all(|c| c.is_ascii_digit())
        && last_line.len() > 1;
    let open_end = [',', ':', ';', '-', '—', '–', '(', '[', '{']
        .iter()
        .any(|c| trimmed.ends_with(*c));
    // A full stop, a bracket, a quote or a mark closes it, and so does a symbol outside ASCII
    // ("… Happy studying! 😊"); "3 × 4 =" stays open.
    let closed = trimmed.ends_with([
        '.', '!', '?', ')', ']', '}', '"', '\'', '”', '’', '*', '`', '…', '»', '>', '|',
    ]) || trimmed
        .chars()
        .next_back()
        .is_some_and(|c| !c.is_ascii() && !c.is_alphanumeric());
    let open = !closed;
    let long_enough = words.len() >= 3;
    Some(Stop {
        open: open && long_enough,
        mid_sentence: list_number || long_enough && (open_end || open && ends_unfinished(words)),
    })
}

/// Words by which a question asked back is about the question or its options, not
/// rhetorical ("Could you share the answer options?", "Before I answer: are the options exact
/// values?").
const ASKING: &[&str] = &[
    "you", "youre", "your", "options", "choices", "question", "clarify",
];

/// Whether the reply opens as a hint in place of the answer ("Hint: Look closely at the
/// units …", "Try this: Ask yourself whether …") — where it names no choice.
pub(super) fn hint_only(words: &[Word]) -> bool {
    [
        "hint",
        "a hint",
        "try this",
        "heres a hint",
        "here is a hint",
    ]
    .iter()
    .any(|p| {
        let n = p.split(' ').count();
        phrase_at(words, 0, p) && words[n - 1].after.starts_with(':')
    })
}

/// Whether the reply asks a question back instead of answering: a sentence ending in "?" about
/// the asker, the question or its options, and no words that commit.
pub(super) fn asks_back(words: &[Word]) -> bool {
    // ("Once I know that, I can pick the right option": a pick promised is none made.)
    let promised = |i: usize| {
        i > 0
            && matches!(
                words[i - 1].text.as_str(),
                "can" | "could" | "will" | "ill" | "would"
            )
    };
    // (One phrase, not words either side of a break: "Before I answer — is this …?")
    let whole = |i: usize, p: &str| {
        let n = p.split(' ').count();
        phrase_at(words, i, p)
            && words[i..i + n - 1]
                .iter()
                .all(|w| !w.ends_clause && !w.after.contains(':'))
    };
    if (0..words.len()).any(|i| !promised(i) && COMMITS.iter().any(|p| whole(i, p))) {
        return false;
    }
    // ("Before I answer — is this based on a specific textbook?": the question is asked back
    // in so many words; "Try eliminating the options you're sure are wrong first. What's
    // left, and why?": about the asker in the sentence before.)
    let before_answering = (0..words.len()).any(|i| phrase_at(words, i, "before i answer"));
    let (mut from, mut before) = (0, 0);
    for (i, w) in words.iter().enumerate() {
        // ("What time zone are the slots in?": a question of its own, opening with its
        // question word, where the reply names no choice.)
        if w.after.contains('?')
            && (before_answering
                || words[from].asks()
                || words[before..=i]
                    .iter()
                    .any(|w| ASKING.contains(&w.text.as_str())))
        {
            return true;
        }
        if w.after.contains(['.', '!', '?']) || words.get(i + 1).is_some_and(|n| n.line != w.line) {
            (before, from) = (from, i + 1);
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
/// "Options:" and the like — or, one a line, each line a choice's whole text after its letter.
pub(super) fn options_only(words: &[Word], mentions: &[Mention], choices: &[String]) -> bool {
    let named = super::decide::distinct(mentions.iter().map(|m| m.choice));
    if named.len() < choices.len() || choices.len() < 2 {
        return false;
    }
    let owned = covered(words, mentions);
    let by_mentions = words
        .iter()
        .zip(owned)
        .all(|(w, owned)| owned || AROUND_OPTIONS.contains(&w.text.as_str()));
    by_mentions || options_by_line(words, choices)
}

/// Whether every line is a choice's whole text (after a letter of its own) or only words that
/// stand beside options, and every choice has its line ("A. The overall … is the highest\nB. …",
/// written once or twice).
fn options_by_line(words: &[Word], choices: &[String]) -> bool {
    let own: Vec<Vec<String>> = choices
        .iter()
        .map(|c| super::words::words(c).into_iter().map(|w| w.text).collect())
        .collect();
    let mut seen = vec![false; choices.len()];
    let mut from = 0;
    while from < words.len() {
        let to = (from..words.len())
            .find(|&k| words[k].line != words[from].line)
            .unwrap_or(words.len());
        let line = &words[from..to];
        let labelled = line.first().is_some_and(|w| {
            w.raw.chars().count() == 1
                && w.raw.chars().all(|c| c.is_ascii_alphabetic())
                && w.after.starts_with(['.', ')', ':'])
        });
        let text = &line[usize::from(labelled)..];
        match own.iter().position(|o| {
            o.iter()
                .map(String::as_str)
                .eq(text.iter().map(|w| w.text.as_str()))
        }) {
            Some(k) => seen[k] = true,
            None if line
                .iter()
                .all(|w| AROUND_OPTIONS.contains(&w.text.as_str())) => {}
            None => return false,
        }
        from = to;
    }
    seen.iter().all(|s| *s)
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

/// Where the rules found no one choice: a reply that still gives no answer — its answer field
/// left empty, every choice taken at once, the options only repeated, or cut off before its
/// answer.
pub(super) fn settle(
    reading: AnswerReading,
    reply: &str,
    words: &[Word],
    mentions: &[Mention],
    choices: &[String],
    (empty_field, unfinished): (bool, bool),
) -> AnswerReading {
    let AnswerReading::Unsure { why, .. } = &reading else {
        return reading;
    };
    let no_answer = |why| AnswerReading::NoAnswer { why };
    match why {
        Unsure::NoChoiceNamed if empty_field => no_answer(NoAnswer::Empty),
        // (`{"final_answer": null, "options_considered": ["A", "B", "C"]}`: the letters are
        // what it weighed, not what it answers.)
        Unsure::SeveralChoices if empty_field && prepare::json_object(reply).is_some() => {
            no_answer(NoAnswer::Empty)
        }
        Unsure::NoChoiceNamed | Unsure::SeveralChoices if every_choice(words, mentions) => {
            no_answer(NoAnswer::EveryChoice)
        }
        Unsure::SeveralChoices if options_only(words, mentions, choices) => {
            no_answer(NoAnswer::EveryChoice)
        }
        Unsure::NoChoiceNamed if asks_back(words) => no_answer(NoAnswer::AsksBack),
        Unsure::NoChoiceNamed if hint_only(words) => no_answer(NoAnswer::Abstains),
        Unsure::NoChoiceNamed if cut_off(reply, words) => no_answer(NoAnswer::CutOff),
        Unsure::SeveralChoices if unfinished => no_answer(NoAnswer::CutOff),
        _ => reading,
    }
}
