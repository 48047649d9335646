//! Reading a reply as its writer meant it (METHODS.md §13): which choice of a multiple-choice
//! question a system's reply asserts — or that it gives no answer, or that a person should look.
//!
//! Structure first: a letter in any form people and models write it, or an ordinal
//! ([`letters`]), in a JSON object's answer field or a last line "Final answer: B". Then text:
//! a choice's own words ([`text`]), with what the reply does with each choice named read from
//! the words around it ([`cues`]) — "not X — Y", "X is wrong; Y", "while X might seem
//! plausible, the answer is Y", "both X and Y …; I'd pick Y" all read as Y. A reply that names
//! no choice may restate one in its own words, by the words only that choice has
//! ([`own_words`]); one that says it does not know gives no answer. Whatever is left is not guessed: it is
//! [`AnswerReading::Unsure`], for a language model or a person to read.

mod check;
mod cues;
mod forms;
mod letters;
mod model;
mod own_words;
mod text;

pub use check::{LabelledReply, ReplyModelCheck, check_reply_model, labelled_replies};
use cues::{CONCESSIVE, CONTRAST, Stance, Word};
pub use model::{
    MEANING_MARGIN, ModelVote, ReplyHelpers, ReplyModel, ask_model, by_meaning, helped,
    read_answer_with,
};
pub use proctor_core::{AnswerReading, NoAnswer, Unsure, Way};

/// A place in a reply that names a choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mention {
    /// The choice named.
    pub choice: usize,
    /// Its first word.
    pub start: usize,
    /// One past its last word.
    pub end: usize,
    /// Whether it is said to be the answer in so many words ("Answer: B", a reply that is only
    /// "B", "B) …" opening the reply).
    pub explicit: bool,
    /// Named by a letter or a place rather than by its text.
    pub by_place: bool,
    /// A letter with its choice's text right after it ("B) Port 80").
    pub with_text: bool,
}

/// Reads a reply to a question with these choices.
pub fn read_answer(reply: &str, choices: &[String]) -> AnswerReading {
    let bounded = bounded(reply);
    let plain = forms::plain_letters(&bounded);
    let cleaned = without_special_tokens(&plain);
    let reply = without_question(without_sources(forms::after_final_answer(
        forms::after_reasoning(cleaned.trim()),
    )));
    if reply.is_empty() {
        return AnswerReading::NoAnswer {
            why: NoAnswer::Empty,
        };
    }
    // An answer in tags ("<final>A</final>") is read by what they hold.
    if let Some(inside) = forms::tagged_answer(reply)
        && inside != reply
    {
        let inner = read_answer(inside, choices);
        if !matches!(inner, AnswerReading::NoAnswer { .. }) {
            return inner;
        }
    }
    if let Some(answer) = json_answer(reply) {
        let inner = read_answer(&answer, choices);
        if !matches!(
            inner,
            AnswerReading::NoAnswer {
                why: NoAnswer::Empty
            }
        ) {
            return inner;
        }
    }
    let words = cues::words(reply);
    // A reply that is one choice's text, word for word, is that choice.
    let said: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    let exact: Vec<usize> = choices
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let own = cues::words(c);
            !own.is_empty() && own.iter().map(|w| w.text.as_str()).eq(said.iter().copied())
        })
        .map(|(i, _)| i)
        .collect();
    if let [only] = exact.as_slice() {
        return AnswerReading::Chose {
            choice: *only,
            way: Way::Text,
        };
    }
    // A reply cut off before its answer ("Answer:", "### Response:") is empty.
    if words.iter().all(|w| {
        matches!(
            w.text.as_str(),
            "answer" | "final" | "response" | "my" | "is"
        )
    }) {
        return AnswerReading::NoAnswer {
            why: NoAnswer::Empty,
        };
    }
    // A reply that is only "skip" or "pass" declines.
    if let [only] = words.as_slice()
        && matches!(only.text.as_str(), "skip" | "pass" | "skipped" | "passing")
    {
        return AnswerReading::NoAnswer {
            why: NoAnswer::Abstains,
        };
    }
    if out_of_range(&words, choices) {
        return AnswerReading::Unsure {
            why: Unsure::LetterOutOfRange,
            candidates: Vec::new(),
        };
    }
    let by_text = text::mentions(&words, choices);
    let numbered = !choices.iter().any(|c| {
        cues::words(c)
            .iter()
            .any(|w| w.text.chars().all(|ch| ch.is_ascii_digit()))
    });
    let mut mentions = letters::mentions(&words, choices.len(), numbered);
    // A letter inside a choice's own words ("C:\\Tidewater", "A 20 year old …") is not a letter.
    mentions.retain(|m| {
        !by_text
            .iter()
            .any(|t| t.start <= m.start && m.end <= t.end && t.end - t.start > m.end - m.start)
    });
    // A letter with its choice's text right after it ("B) Port 80", "Option A, 'The …'") is one
    // mention: what follows the text speaks of both.
    let mut merged: Vec<usize> = Vec::new();
    for m in &mut mentions {
        if let Some((k, t)) = by_text
            .iter()
            .enumerate()
            .find(|(_, t)| t.choice == m.choice && t.start >= m.end && t.start <= m.end + 1)
        {
            m.end = t.end;
            m.with_text = true;
            merged.push(k);
        }
    }
    mentions.extend(
        by_text
            .into_iter()
            .enumerate()
            .filter(|(k, _)| !merged.contains(k))
            .map(|(_, t)| t),
    );
    mentions.sort_by_key(|m| (m.start, m.end));
    // No reply worth reading names the choices hundreds of times: of a degenerate one, the
    // first and the last mentions are read (a final answer stays), so reading stays fast.
    if mentions.len() > MAX_MENTIONS {
        let tail = mentions.split_off(mentions.len() - MAX_MENTIONS * 2 / 3);
        mentions.truncate(MAX_MENTIONS / 3);
        mentions.extend(tail);
    }
    // A reply that opens with a choice answers with it — its text alone as the first sentence
    // ("E104. Stuck uploads are …"), or its letter and text ("Option C (grant …). …") — unless
    // it lists the choices, one a line.
    let listed = mentions
        .iter()
        .filter(|m| m.start == 0 || words[m.start - 1].line != words[m.start].line)
        .count()
        >= 2
        || mentions.iter().filter(|m| m.with_text).count() >= 3;
    if let Some(first) = mentions.first_mut()
        && !listed
        && first.start == 0
        && (first.with_text || !first.by_place && words[first.end - 1].ends_clause)
        && words.len() > first.end
    {
        first.explicit = true;
    }
    let reading = decide(&words, &mentions, choices.len());
    // A template's placeholder left unfilled ("The answer is {answer}.") gives no answer.
    if let AnswerReading::Unsure {
        why: Unsure::NoChoiceNamed,
        ..
    } = reading
    {
        let lower = reply.to_ascii_lowercase();
        if [
            "{answer}",
            "{{answer}}",
            "{choice}",
            "{letter}",
            "[answer]",
            "<answer>",
            "<letter>",
            "<choice>",
        ]
        .iter()
        .any(|p| lower.contains(p))
        {
            return AnswerReading::NoAnswer {
                why: NoAnswer::Empty,
            };
        }
    }
    // A reply that names no choice may restate one in its own words.
    if let AnswerReading::Unsure {
        why: Unsure::NoChoiceNamed,
        ..
    } = reading
        && let Some(choice) = own_words::restated(&words, choices)
    {
        return AnswerReading::Chose {
            choice,
            way: Way::Text,
        };
    }
    reading
}

/// The most mentions of choices read in one reply.
const MAX_MENTIONS: usize = 300;

/// The most of a reply read: its beginning and its end (where a final answer goes). A longer
/// reply is read by these alone, so reading stays fast on any input.
const READ_CHARS: usize = 8_000;

fn bounded(reply: &str) -> std::borrow::Cow<'_, str> {
    let count = reply.chars().count();
    if count <= READ_CHARS {
        return std::borrow::Cow::Borrowed(reply);
    }
    let head: String = reply.chars().take(READ_CHARS * 3 / 8).collect();
    let tail: String = reply.chars().skip(count - READ_CHARS * 5 / 8).collect();
    std::borrow::Cow::Owned(format!("{head}\n…\n{tail}"))
}

/// The reply without a model's special tokens ("<|endoftext|>", "<|im_end|>", "</s>").
fn without_special_tokens(reply: &str) -> String {
    // A model's reply ends at its end-of-turn token; what a small model writes after it (a new
    // turn, another question) is not its answer.
    const END_OF_TURN: &[&str] = &[
        "<|eot_id|>",
        "<|im_end|>",
        "<|end|>",
        "<|endoftext|>",
        "<end_of_turn>",
        "</s>",
        "<eos>",
    ];
    let reply = END_OF_TURN
        .iter()
        .filter_map(|t| reply.find(t))
        .filter(|&at| !reply[..at].trim().is_empty())
        .min()
        .map_or(reply, |at| &reply[..at]);
    let mut out = String::with_capacity(reply.len());
    let mut rest = reply;
    while let Some(at) = rest.find("<|") {
        out.push_str(&rest[..at]);
        // A special token is short: look for its end within 40 characters.
        let limit = rest[at..]
            .char_indices()
            .nth(40)
            .map_or(rest.len(), |(i, _)| at + i);
        if let Some(end) = rest[at..limit].find("|>") {
            rest = &rest[at + end + 2..];
        } else {
            out.push_str("<|");
            rest = &rest[at + 2..];
        }
    }
    out.push_str(rest);
    out.replace("</s>", "")
        .replace("<eos>", "")
        .replace("<end_of_turn>", "")
}

/// The reply without the list of sources a RAG product puts under its answer ("Sources:",
/// "References:", then "[1] …" lines): titles and paths there are not the answer.
fn without_sources(reply: &str) -> &str {
    let mut offset = 0;
    for line in reply.split_inclusive('\n') {
        let head = line
            .trim()
            .trim_matches(|c: char| c == '*' || c == '#' || c == '_')
            .trim()
            .to_ascii_lowercase();
        let heading = [
            "sources",
            "source",
            "references",
            "citations",
            "sources used",
        ]
        .iter()
        .any(|h| head == *h || head.strip_prefix(h).is_some_and(|r| r.trim() == ":"));
        let answer_after = reply[offset..].to_ascii_lowercase().contains("answer");
        if heading && offset > 0 && !answer_after {
            return reply[..offset].trim_end();
        }
        offset += line.len();
    }
    reply
}

/// The reply without the question it opens by restating ("Question: A car is going south …
/// Which direction is it going now?"): the question's words are not the answer.
fn without_question(reply: &str) -> &str {
    let head: String = reply
        .chars()
        .take(12)
        .collect::<String>()
        .to_ascii_lowercase();
    let opens = ["question:", "q:", "**question:**", "**question**:"]
        .iter()
        .any(|p| head.starts_with(p));
    if !opens {
        return reply;
    }
    // Up to the question's mark, or else its paragraph's end.
    let end = reply
        .find("?\n")
        .map(|at| at + 1)
        .or_else(|| reply.find("\n\n"))
        .unwrap_or(0);
    let rest = reply[end..].trim_start();
    if rest.is_empty() { reply } else { rest }
}

/// The answer field of a reply that is a JSON object (bare or in a ```json fence), if any.
fn json_answer(reply: &str) -> Option<String> {
    let body = reply
        .trim()
        .trim_start_matches("```json")
        .trim_start_matches("```JSON")
        .trim_start_matches("```")
        .trim_end_matches("```")
        .trim();
    let start = body.find('{')?;
    let end = body.rfind('}')?;
    if end < start {
        return None;
    }
    if start > 0 && !body[..start].trim().is_empty() && body.len() > 2 * (end - start + 1) {
        // A JSON object inside much prose is an example, not the reply.
        return None;
    }
    let value: serde_json::Value = serde_json::from_str(&body[start..=end]).ok()?;
    answer_field(value.as_object()?, 3)
}

/// The answer field of a JSON object, or of an object inside it (`{"result": {"choice": "D",
/// …}}`), `depth` levels down at most; the outer object's own field first.
fn answer_field(
    object: &serde_json::Map<String, serde_json::Value>,
    depth: usize,
) -> Option<String> {
    const KEYS: &[&str] = &[
        "answer",
        "final_answer",
        "finalanswer",
        "final answer",
        "choice",
        "option",
        "letter",
        "selected",
        "selection",
        "selected_option",
        "prediction",
        "response",
        "result",
    ];
    for key in KEYS {
        if let Some((_, v)) = object.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)) {
            match v {
                serde_json::Value::String(s) => return Some(s.clone()),
                serde_json::Value::Null => return Some(String::new()),
                _ => {}
            }
        }
    }
    if depth == 0 {
        return None;
    }
    object
        .values()
        .filter_map(serde_json::Value::as_object)
        .find_map(|inner| answer_field(inner, depth - 1))
}

/// Whether the reply is only a letter (in some form) past the question's last choice — and
/// not a choice's own text ("K+" among ions).
fn out_of_range(words: &[Word], choices: &[String]) -> bool {
    let letters: Vec<&Word> = words
        .iter()
        .filter(|w| {
            !matches!(
                w.text.as_str(),
                "answer" | "option" | "choice" | "final" | "is"
            )
        })
        .collect();
    if let [only] = letters.as_slice()
        && only.raw.len() == 1
        && only.raw.chars().all(|c| c.is_ascii_uppercase())
    {
        let index = usize::from(only.raw.as_bytes()[0] - b'A');
        let own_text = choices.iter().any(|c| {
            let own = cues::words(c);
            own.len() == 1 && own[0].text == only.text
        });
        return index >= choices.len() && index < 26 && !own_text;
    }
    false
}

/// The clause (first word, one past the last) each word belongs to, and whether it sits in
/// the conceding part of a clause ("while X might seem plausible, …" up to its comma).
fn clauses(
    words: &[Word],
    mentions: &[Mention],
    owner: &[Option<usize>],
) -> Vec<((usize, usize), bool)> {
    let mut within = vec![false; words.len() + 1];
    // A choice's own first word ("While in a 100-kilometer orbit, …") opens no clause.
    let mut opens_text = vec![false; words.len() + 1];
    for m in mentions {
        for slot in &mut within[m.start + 1..m.end] {
            *slot = true;
        }
        if !m.by_place {
            opens_text[m.start] = true;
        }
    }
    let inside = |i: usize| within[i];
    let mut starts = vec![0];
    for i in 0..words.len() {
        if words[i].ends_clause && i + 1 < words.len() && !inside(i + 1) {
            starts.push(i + 1);
        } else if i > 0
            && (CONTRAST.contains(&words[i].text.as_str())
                || CONCESSIVE.contains(&words[i].text.as_str()))
            && !inside(i)
            && !opens_text[i]
            && starts.last() != Some(&i)
        {
            starts.push(i);
        }
    }
    let mut out = vec![((0, 0), false); words.len()];
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(words.len());
        // The conceding part ends at the first comma; without one, nothing is conceded
        // ("HTTPS is port 443, while plain HTTP uses port 80").
        let comma = (start..end).find(|&i| words[i].after.starts_with(','));
        // A choice's own "while" ("While in orbit, it took …") concedes nothing.
        let concedes = CONCESSIVE.contains(&words[start].text.as_str())
            && comma.is_some()
            && owner[start].is_none();
        let comma = comma.map_or(end, |i| i + 1);
        for (i, slot) in out.iter_mut().enumerate().take(end).skip(start) {
            *slot = ((start, end), concedes && i < comma);
        }
    }
    out
}

/// From the mentions to one reading.
fn decide(words: &[Word], mentions: &[Mention], choices: usize) -> AnswerReading {
    // The mention each word belongs to, if any (the first, where mentions overlap).
    let mut owner: Vec<Option<usize>> = vec![None; words.len()];
    for (k, m) in mentions.iter().enumerate() {
        for slot in &mut owner[m.start..m.end] {
            slot.get_or_insert(k);
        }
    }
    let clause = clauses(words, mentions, &owner);
    // Whether the reply says it does not know, in words that are not a choice's own ("Cannot
    // infer" may be a choice) and not in a clause that rejects a choice ("it doesn't say X").
    let mut abstaining: std::collections::HashMap<(usize, usize), bool> =
        std::collections::HashMap::new();
    let mut abstains_in = |from: usize, to: usize| {
        *abstaining.entry((from, to)).or_insert_with(|| {
            let outside: Vec<Word> = (from..to)
                .filter(|i| owner[*i].is_none())
                .map(|i| words[i].clone())
                .collect();
            cues::abstains(&outside)
        })
    };
    let mut stances: Vec<Stance> = mentions
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let (span, conceded) = clause[m.start];
            let others = cues::Others::new(&owner, k);
            cues::stance(words, (m.start, m.end), span, conceded, &others)
        })
        .collect();
    for k in 1..mentions.len() {
        if cues::likewise(words, mentions[k].start) {
            stances[k] = stances[k - 1];
        }
    }
    share_in_lists(words, mentions, &mut stances);
    offered_in_questions(words, mentions, &clause, &mut stances);
    concede_before_contrast(words, mentions, &clause, &mut stances);
    retract(words, mentions, &owner, &mut stances);
    conclude(words, mentions, &clause, &mut stances);
    // On a table's row that opens with a marked letter, the row's other cells only name what
    // they hold: the mark is the verdict ("| B | One left from north | ✅ Correct |").
    for (m, stance) in mentions.iter().zip(stances.iter_mut()) {
        let first = (0..=m.start)
            .rev()
            .take_while(|&i| words[i].line == words[m.start].line)
            .last()
            .unwrap_or(m.start);
        if !m.by_place && words[m.start].in_table && first != m.start && words[first].mark.is_some()
        {
            *stance = Stance::Names;
        }
    }
    // A choice asserted in the same clause that says the documents do not say is not asserted
    // ("the documentation does not say whether it is port 80").
    for (m, stance) in mentions.iter().zip(stances.iter_mut()) {
        let (span, _) = clause[m.start];
        if *stance == Stance::Asserts && abstains_in(span.0, span.1) {
            *stance = Stance::Names;
        }
    }
    let mut abstains = false;
    let mut abstained_at = words.len();
    let mut start = 0;
    while start < words.len() {
        let ((from, to), _) = clause[start];
        let rejects_here = mentions
            .iter()
            .zip(&stances)
            .any(|(m, s)| *s == Stance::Rejects && m.start >= from && m.start < to);
        if !rejects_here && abstains_in(from, to) {
            abstains = true;
            abstained_at = abstained_at.min(from);
        }
        start = to.max(start + 1);
    }
    // "It doesn't say directly, but it's most likely …" with no choice found: an answer the
    // reader could not read, not no answer.
    let guesses_after = abstains
        && (abstained_at..words.len()).any(|i| {
            cues::GUESS.iter().any(|p| cues::phrase_at(words, i, p))
                && !(i > 0
                    && matches!(
                        words[i - 1].text.as_str(),
                        // "I could guess, but …", "a guess wouldn't help": no guess made.
                        "not" | "dont" | "wont" | "never" | "could" | "a" | "cant" | "wouldnt"
                    ))
        });

    // "Answers: A) …; C) …": several letters after a plural marker on one line are several
    // answers.
    for (i, w) in words.iter().enumerate() {
        if w.text == "answers" && owner[i].is_none() {
            let offered = distinct(
                mentions
                    .iter()
                    .zip(&stances)
                    .filter(|(m, s)| {
                        m.by_place
                            && m.start > i
                            && words[m.start].line == w.line
                            && **s != Stance::Rejects
                    })
                    .map(|(m, _)| m.choice),
            );
            if offered.len() > 1 {
                return AnswerReading::Unsure {
                    why: Unsure::SeveralChoices,
                    candidates: offered,
                };
            }
        }
    }
    // 1. Explicit letters: the last one said to be the answer, unless the reply rejects it.
    let explicit: Vec<(usize, &Mention)> = mentions
        .iter()
        .enumerate()
        .filter(|(i, m)| m.explicit && stances[*i] != Stance::Rejects)
        .collect();
    // "If X, the answer is A; if Y, it's D": answers under conditions are no one answer.
    let conditional = distinct(
        mentions
            .iter()
            .enumerate()
            .filter(|(k, m)| {
                (m.explicit || stances[*k] == Stance::Asserts) && stances[*k] != Stance::Rejects
            })
            .filter(|(_, m)| {
                let ((from, to), _) = clause[m.start];
                let sentence_from = (0..from)
                    .rev()
                    .find(|&j| words[j].after.starts_with(['.', ';', '!', '?']))
                    .map_or(0, |j| j + 1);
                (sentence_from..to.min(m.start + 1)).any(|j| words[j].text == "if")
            })
            .map(|(_, m)| m.choice),
    );
    if conditional.len() >= 2 {
        return AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: conditional,
        };
    }
    if let Some(&(_, last)) = explicit.iter().max_by_key(|(_, m)| m.start) {
        // "The answer is B or C", "Answers: A, B", "I'd select A, C and D": an explicit
        // letter offered with another is no one answer.
        let joined = |a: &Mention, b: &Mention| {
            b.start >= a.end
                && b.start <= a.end + 2
                // Not across a clause's end: "C or D? D." answers with D.
                && !(a.end - 1..b.start).any(|i| words[i].ends_clause)
                && (words[a.end..b.start]
                    .iter()
                    .any(|w| matches!(w.text.as_str(), "or" | "and" | "plus"))
                    || b.start == a.end
                        && (words[a.end - 1].after.starts_with([',', '/', '&', '+'])
                            || words[b.start].before.contains(['&', '+'])))
        };
        let offered_with = mentions
            .iter()
            .any(|m| m.choice != last.choice && m.by_place && (joined(last, m) || joined(m, last)));
        if offered_with {
            return AnswerReading::Unsure {
                why: Unsure::SeveralChoices,
                candidates: distinct(mentions.iter().map(|m| m.choice)),
            };
        }
        // Text written right beside the letter that names another choice is a conflict.
        let beside = !last.with_text
            && mentions.iter().zip(&stances).any(|(m, stance)| {
                !m.by_place
                    && m.choice != last.choice
                    && m.start >= last.end
                    && words[last.end..m.start]
                        .iter()
                        .all(|w| matches!(w.text.as_str(), "the" | "a" | "an"))
                    && *stance != Stance::Rejects
            });
        if beside {
            return AnswerReading::Unsure {
                why: Unsure::Conflict,
                candidates: distinct(mentions.iter().map(|m| m.choice)),
            };
        }
        return AnswerReading::Chose {
            choice: last.choice,
            way: if last.by_place {
                Way::Letter
            } else {
                Way::Text
            },
        };
    }

    // 2. What the reply does with each choice it names: its last word on it counts. An aside
    // in brackets that only names a choice by its text ("(Starter customers only get the
    // community forum.)") beside another choice named outside them says nothing of it.
    let aside = |m: &Mention, stance: Stance| {
        !m.by_place
            && stance == Stance::Names
            && words[m.start].in_parens
            && mentions
                .iter()
                .any(|o| o.choice != m.choice && !words[o.start].in_parens)
    };
    let mut last: Vec<Option<(usize, Stance, bool)>> = vec![None; choices];
    for (m, stance) in mentions
        .iter()
        .zip(&stances)
        .filter(|(m, s)| !aside(m, **s))
    {
        let slot = &mut last[m.choice];
        let keep = match slot {
            None => true,
            // A choice asserted and later only named is still asserted.
            Some((_, Stance::Asserts, _)) if *stance == Stance::Names => false,
            Some((at, _, _)) => m.start >= *at,
        };
        if keep {
            *slot = Some((m.start, *stance, m.by_place));
        }
    }
    let with = |wanted: Stance| -> Vec<(usize, bool)> {
        last.iter()
            .enumerate()
            .filter_map(|(c, s)| s.filter(|(_, st, _)| *st == wanted).map(|(_, _, p)| (c, p)))
            .collect()
    };
    let asserted = with(Stance::Asserts);
    let named = with(Stance::Names);
    // Every choice but one rejected, and the reply says the one left is the answer.
    if asserted.is_empty() && named.is_empty() {
        let rejected = with(Stance::Rejects);
        // Every choice rejected: the reply gives none of them.
        if rejected.len() == choices {
            return AnswerReading::NoAnswer {
                why: NoAnswer::Abstains,
            };
        }
        // "D, A and C are wrong": with every other choice rejected, the one left is meant,
        // said so ("by elimination") or not — unless the reply gives no answer.
        if rejected.len() + 1 == choices
            && (cues::contains_any(words, cues::REMAINING) || !abstains)
            && let Some(left) = (0..choices).find(|c| !rejected.iter().any(|(r, _)| r == c))
        {
            return AnswerReading::Chose {
                choice: left,
                way: Way::Text,
            };
        }
    }
    let chose = |(choice, by_place): (usize, bool)| AnswerReading::Chose {
        choice,
        way: if by_place { Way::Letter } else { Way::Text },
    };
    match (asserted.as_slice(), named.as_slice()) {
        // An asserted choice is the answer, also beside "I'm not sure" (a hedged answer).
        ([one], _) => chose(*one),
        // Named alone — also after "the context doesn't say; from general knowledge: D" (a
        // guess is an answer).
        ([], [one]) if !abstains || guesses_after => chose(*one),
        ([], [_] | []) => {
            if abstains && !guesses_after {
                AnswerReading::NoAnswer {
                    why: NoAnswer::Abstains,
                }
            } else {
                AnswerReading::Unsure {
                    why: if mentions.is_empty() {
                        Unsure::NoChoiceNamed
                    } else {
                        Unsure::SeveralChoices
                    },
                    candidates: distinct(mentions.iter().map(|m| m.choice)),
                }
            }
        }
        (several, _) if several.len() > 1 => AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: several.iter().map(|(c, _)| *c).collect(),
        },
        (_, several) => {
            if abstains {
                return AnswerReading::NoAnswer {
                    why: NoAnswer::Abstains,
                };
            }
            AnswerReading::Unsure {
                why: Unsure::SeveralChoices,
                candidates: several.iter().map(|(c, _)| *c).collect(),
            }
        }
    }
}

/// Choices listed together share what the list's last words say of them ("A, B and D can
/// all be ruled out", "both X and Y seem right").
fn share_in_lists(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    const JOINERS: &[&str] = &[
        "and", "or", "nor", "as", "well", "also", "both", "either", "the", "a", "an", "maybe",
        "perhaps", "possibly",
    ];
    let mut group: Vec<usize> = Vec::new();
    // What the list's last words say of it, else what the words before it say ("I'd select
    // A and B": both are selected).
    let flush = |group: &mut Vec<usize>, stances: &mut [Stance]| {
        // "None of A, B, C or D is right", "neither B nor C": the list is denied whole.
        let denied = group.len() > 1
            && group.first().is_some_and(|&first| {
                let at = mentions[first].start;
                at >= 1 && words[at - 1].text == "neither"
                    || at >= 2 && words[at - 1].text == "of" && words[at - 2].text == "none"
            });
        if denied {
            for &k in group.iter() {
                stances[k] = Stance::Rejects;
            }
            group.clear();
            return;
        }
        let said = match (group.first(), group.last()) {
            (Some(_), Some(&last)) if group.len() > 1 && stances[last] != Stance::Names => {
                Some(stances[last])
            }
            (Some(&first), Some(_)) if group.len() > 1 && stances[first] != Stance::Names => {
                Some(stances[first])
            }
            _ => None,
        };
        if let Some(said) = said {
            for &k in group.iter() {
                if stances[k] == Stance::Names {
                    stances[k] = said;
                }
            }
        }
        group.clear();
    };
    for (k, m) in mentions.iter().enumerate() {
        // A list names each choice once: the same choice again starts a new one.
        let repeated = group.iter().any(|&g| mentions[g].choice == m.choice);
        let joined = !repeated
            && group.last().is_some_and(|&p| {
                let previous = &mentions[p];
                previous.end <= m.start
                    && !words[previous.end - 1].ends_clause
                    && words[previous.end..m.start]
                        .iter()
                        .all(|w| JOINERS.contains(&w.text.as_str()))
                    // Side by side, a list needs its comma ("A, B"; not "~~D~~ A", "C: B").
                    && (previous.end < m.start
                        || words[previous.end - 1].after.starts_with([',', '/', '&']))
            });
        if !joined {
            flush(&mut group, stances);
        }
        group.push(k);
    }
    flush(&mut group, stances);
}

/// "Is it "IP address", "MAC address" or "Session address"?": choices offered in a question
/// are only named (one choice in a question, "maybe A?", stays as said).
fn offered_in_questions(
    words: &[Word],
    mentions: &[Mention],
    clause: &[((usize, usize), bool)],
    stances: &mut [Stance],
) {
    for (k, m) in mentions.iter().enumerate() {
        let ((from, to), _) = clause[m.start];
        let asks = words[to - 1].after.contains('?');
        let offered = mentions
            .iter()
            .filter(|o| o.start >= from && o.start < to)
            .map(|o| o.choice)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
            >= 2;
        if asks && offered && stances[k] == Stance::Asserts {
            stances[k] = Stance::Names;
        }
    }
}

/// "X seems right, but Y is correct", "Some might argue for A; however, C is better
/// supported": a choice in the clause right before a clause of contrast that asserts another
/// choice is set aside.
fn concede_before_contrast(
    words: &[Word],
    mentions: &[Mention],
    clause: &[((usize, usize), bool)],
    stances: &mut [Stance],
) {
    for (k, m) in mentions.iter().enumerate() {
        let ((start, _), _) = clause[m.start];
        if !CONTRAST.contains(&words[start].text.as_str()) || stances[k] != Stance::Asserts {
            continue;
        }
        let Some(previous_end) = start.checked_sub(1) else {
            continue;
        };
        let ((previous_start, _), _) = clause[previous_end];
        for (j, other) in mentions.iter().enumerate() {
            if other.choice != m.choice
                && other.start >= previous_start
                && other.start < start
                && stances[j] != Stance::Rejects
            {
                stances[j] = Stance::Rejects;
            }
        }
    }
}

/// "I'd go with C … actually, no": what the reply takes back is set aside, unless it names the
/// choice again after.
fn retract(words: &[Word], mentions: &[Mention], owner: &[Option<usize>], stances: &mut [Stance]) {
    let Some(at) = (0..words.len())
        .rev()
        .filter(|&i| owner[i].is_none())
        .find(|&i| {
            cues::RETRACT.iter().any(|p| {
                // "Edit:" and "Correction:" take back only as a label, not as words of a
                // sentence ("… plus a small correction").
                let label = !matches!(*p, "edit" | "correction")
                    || words[i].after.starts_with([':', '—', '-'])
                    || words[i].after.starts_with(',') && (i == 0 || words[i - 1].ends_clause);
                label && cues::phrase_at(words, i, p)
            })
        })
    else {
        return;
    };
    for (k, m) in mentions.iter().enumerate() {
        // An answer given and taken back stays taken back, however often its choice is named
        // in the reasoning after ("South. Wait, let me recount: starting south, …").
        let named_again = !m.explicit
            && mentions
                .iter()
                .any(|o| o.choice == m.choice && o.start > at);
        if m.end <= at && !named_again {
            stances[k] = Stance::Rejects;
        }
    }
}

/// "… So the car ends up heading North, which is option A.": the reply's last clause that
/// names a choice, opening with "so", "therefore", "thus" or "hence" and naming only that one
/// (by its text, its letter or both), concludes with it.
fn conclude(
    words: &[Word],
    mentions: &[Mention],
    clause: &[((usize, usize), bool)],
    stances: &mut [Stance],
) {
    let Some(last) = mentions.last() else {
        return;
    };
    let ((from, to), _) = clause[last.start];
    if !matches!(
        words[from].text.as_str(),
        "so" | "therefore" | "thus" | "hence"
    ) {
        return;
    }
    let inside: Vec<usize> = (0..mentions.len())
        .filter(|&k| mentions[k].start >= from && mentions[k].start < to)
        .collect();
    let one = inside
        .iter()
        .all(|&k| mentions[k].choice == last.choice && stances[k] != Stance::Rejects);
    if one {
        for k in inside {
            stances[k] = Stance::Asserts;
        }
    }
}

fn distinct(choices: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out: Vec<usize> = choices.collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> Vec<String> {
        [
            "Port 443",
            "Port 80",
            "The defendant is liable for negligence",
            "The plaintiff assumed the risk",
        ]
        .map(String::from)
        .to_vec()
    }

    fn read(reply: &str) -> Option<usize> {
        read_answer(reply, &choices()).choice()
    }

    #[test]
    fn forms_assistants_write_that_rules_read() {
        let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
        let ions = owned(&["Na+", "Ca++", "K+", "Cl-"]);
        assert_eq!(read_answer("Answer: K+", &ions).choice(), Some(2));
        let vitamins = owned(&["Vitamin A", "Vitamin C", "Vitamin D", "Vitamin B12"]);
        assert_eq!(
            read_answer("**C — Vitamin D**", &vitamins).choice(),
            Some(2),
            "a letter inside the choice's own text beside its letter is no letter"
        );
        // A number where no choice is a number is a place.
        let places = owned(&[
            "Caecum",
            "Hepatic flexure",
            "Splenic flexure",
            "Sigmoid colon",
        ]);
        assert_eq!(read_answer("Answer: 2", &places).choice(), Some(1));
        assert_eq!(
            read_answer("I'd pick option no. 3.", &places).choice(),
            Some(2)
        );
        assert_eq!(
            read_answer("Answer: 2", &choices()).choice(),
            None,
            "where a choice holds a number, a bare number is no place"
        );
        assert_eq!(
            read_answer("Answer: 2", &owned(&["1", "2", "3", "4"])).choice(),
            Some(1),
            "where choices are numbers, a number is the choice's own"
        );
        assert_eq!(read("Don't go with A — go with B."), Some(1));
        assert_eq!(read("C or D? D."), Some(3));
        assert_eq!(
            read("First drop C. D can be ruled out too. So, by elimination, B: Port 80."),
            Some(1)
        );
        assert_eq!(
            read_answer("None of A, B, C or D is right.", &choices()),
            AnswerReading::NoAnswer {
                why: NoAnswer::Abstains
            }
        );
        assert_eq!(
            read_answer(
                "I looked through the documents but found no relevant passage.",
                &choices()
            ),
            AnswerReading::NoAnswer {
                why: NoAnswer::Abstains
            }
        );
        let table = "| Option | Correct? | Why |\n|---|---|---|\n| A | No | 443 is HTTPS. |\n\
                     | B | Yes | Plain HTTP. |\n| C | No | Not a port. |\n| D | No | Not a port. |";
        assert_eq!(read(table), Some(1));
        // The row's other cells may name choices by their text.
        let table = "| Choice | Correct? | Note |\n|:--|:--:|:--|\n\
                     | A | No | Port 443 is HTTPS. |\n| B | Yes | Port 80 is plain HTTP. |\n\
                     | C | No | The defendant is liable for negligence is no port. |";
        assert_eq!(read(table), Some(1));
    }

    #[test]
    fn more_forms_assistants_write() {
        let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
        let compass = owned(&["North", "East", "South", "West"]);
        let on = |reply: &str| read_answer(reply, &compass);
        // Taking an answer back.
        assert_eq!(
            on("The answer is A. Hmm, no — on reflection it's C.").choice(),
            Some(2)
        );
        assert_eq!(
            on("South. Wait, let me recount: starting south, two rights make it north. So it's actually north (A).")
                .choice(),
            Some(0)
        );
        // Marks before the letters they mark.
        assert_eq!(on("❌ A ❌ B ❌ C ✅ D").choice(), Some(3));
        assert_eq!(on("A ❌ B ✅ C ❌ D ❌").choice(), Some(1));
        // A letter alone on the last line, boxed, or after "So".
        assert_eq!(
            on("If you start facing east and turn around, you can't tell me it's east.\n\n[[C]]")
                .choice(),
            Some(2)
        );
        assert_eq!(
            on("Net one right turn from south.\n\n**\\boxed{D}**").choice(),
            Some(3)
        );
        assert_eq!(
            on("Net turn: none.\n\n$\\boxed{\\text{A}}$").choice(),
            Some(0)
        );
        assert_eq!(
            on("B and A are clearly wrong, and C beats the remaining option. So C.").choice(),
            Some(2)
        );
        // Two letters joined by "&" are two answers.
        assert!(on("Answer: A & B").needs_a_look());
        // The answer under a heading, the other choices discussed below it.
        assert_eq!(
            on("## Answer\n\n**D — West**\n\n## Why\n\n- **A** (North) is a common distractor.\n- **B** (East) mixes up left and right.")
                .choice(),
            Some(3)
        );
        // Directions and numbers in words.
        assert_eq!(on("i think its westward").choice(), Some(3));
        assert_eq!(
            read_answer(
                "You could see a base of roughly seven hundred feet.",
                &owned(&["700 ft", "1000 ft", "500 ft", "12.000 ft"])
            )
            .choice(),
            Some(0)
        );
        // A conclusion that names one choice, by its text and its letter.
        assert_eq!(
            on("Start: south.\n1. Right twice: north.\n2. Left once: west.\n\nSo the car ends up heading **West**, which is option D.")
                .choice(),
            Some(3)
        );
        // A mark anywhere on a table's row is its letter's.
        assert_eq!(
            on("| Option | Why | Verdict |\n|---|---|---|\n| A | Two rights from south | ❌ Incorrect |\n| B | One left from north | ✅ Correct |")
                .choice(),
            Some(1)
        );
        // "To conclude: …" asserts the choice's text after it.
        assert_eq!(
            on("Option A is a common slip and D mixes things up.\n\nTo conclude: \"West\" (D).")
                .choice(),
            Some(3)
        );
        // Small models and people typing quickly.
        for (reply, meant) in [
            ("not c lol. d", Some(3)),
            ("b or c. eh, c", Some(2)),
            ("d? no. c", Some(2)),
            ("c -- actually scratch that, a", Some(0)),
            ("a i think", Some(0)),
            ("d i think", Some(3)),
            ("a, easy", Some(0)),
            ("a a a a a a a", Some(0)),
            ("d\nd\nd", Some(3)),
            ("Answer: b b b b b b b", Some(1)),
            (
                "d<|eot_id|><|start_header_id|>assistant\n\nA is also possible",
                Some(3),
            ),
            (
                "{\"result\": {\"choice\": \"D\", \"sources\": [{\"title\": \"Section C12\"}]}}",
                Some(3),
            ),
            ("a lot of people get this wrong", None),
        ] {
            assert_eq!(on(reply).choice(), meant, "{reply}");
        }
        assert!(on("A or b??").needs_a_look());
        assert!(on("a or b??").needs_a_look());
        assert_eq!(
            on("The answer is **West** (D).\n\nIt's tempting to go with A (north), but that turn is one short.").choice(),
            Some(3)
        );
        assert_eq!(
            on("A. North\nB. East\nC. South\nD. West\nD").choice(),
            Some(3),
            "the options echoed, then the answer alone on the last line"
        );
        assert!(on("somewhere between a and c tbh").needs_a_look());
        assert_eq!(
            on("The provided context doesn't address this. Answering from general knowledge instead: D — west.").choice(),
            Some(3)
        );
        let roots = owned(&[
            "\\(\\sqrt{29}\\)",
            "\\(2\\sqrt{29}\\)",
            "\\(29\\)",
            "\\(4\\sqrt{29}\\)",
        ]);
        assert_eq!(read_answer("It comes to 2√29.", &roots).choice(), Some(1));
        assert!(read_answer("**Answer: D — 2√29**", &roots).needs_a_look());
        for (reply, why) in [
            ("Answer:", NoAnswer::Empty),
            ("### Response:\n", NoAnswer::Empty),
            ("skip", NoAnswer::Abstains),
            ("pass", NoAnswer::Abstains),
        ] {
            assert_eq!(on(reply), AnswerReading::NoAnswer { why }, "{reply}");
        }
        for reply in [
            "I don't know this one. I could guess, but a guess would not be helpful.",
            "I don't have enough information, and a guess wouldn't be useful.",
        ] {
            assert!(
                matches!(on(reply), AnswerReading::NoAnswer { .. }),
                "{reply}"
            );
        }
        // Forms from agents, templates and other languages.
        for (reply, meant) in [
            ("Answer：（Ｂ）", Some(1)),
            ("Answer: ⓒ", Some(2)),
            ("Answer: 🅰️", Some(0)),
            ("The correct choice is ℂ.", Some(2)),
            ("Correct option — Β", Some(1)),
            (
                "<scratchpad>South? (C)</scratchpad>\n<final>A</final>",
                Some(0),
            ),
            (
                "<reasoning>At first D looked tempting, but not so.</reasoning>\n\n**A**",
                Some(0),
            ),
            (
                "Thought: maybe C.\nAction: Search[turns]\nObservation: C is south.\nFinal Answer: B",
                Some(1),
            ),
            ("**Resposta: A**\n\nB would break the pattern.", Some(0)),
            ("Antwort: C", Some(2)),
            ("The answer is option (iii).", Some(2)),
            (
                "My estimates:\nA: 14%, B: 19%, C: 53%, D: 14%\n\nAnswer: the most likely option, C.",
                Some(2),
            ),
            (
                "Apply operator C first, then operator D: the answer is B.",
                Some(1),
            ),
        ] {
            assert_eq!(on(reply).choice(), meant, "{reply}");
        }
        for reply in [
            "The answer is {answer}.",
            "I can't comply with this request.",
            "I'd rather not just hand over the answer. Want me to give you a hint instead?",
            "I don't think this can be answered as posed: operator C is shown once.",
        ] {
            assert!(
                matches!(on(reply), AnswerReading::NoAnswer { .. }),
                "{reply}: {:?}",
                on(reply)
            );
        }
        assert!(
            on("It depends: if you count the turn, the answer is A; if not, it's D.")
                .needs_a_look()
        );
        assert_eq!(
            on("Answer: A. Check each term against the one before plus a small correction.")
                .choice(),
            Some(0),
            "a correction in a sentence takes nothing back"
        );
        assert_eq!(on("A\nCorrection: C").choice(), Some(2));
        assert_eq!(
            on("Not C. The answer is A rather than B.").choice(),
            Some(0)
        );
        assert_eq!(on("**La bonne réponse est C.**").choice(), Some(2));
        assert!(matches!(
            on("Answer: <letter>"),
            AnswerReading::NoAnswer { .. }
        ));
        assert_eq!(
            on("Thought: C looks close.\nAction: finish[B]").choice(),
            Some(1),
            "an agent's finish action"
        );
        // A reply that opens by restating the question: its words are not the answer.
        assert_eq!(
            on("Question: A car going south turns right twice. Which way is it going now?\n\nOptions:\n- A: North\n- B: East\n- C: South\n- D: West\n\nOf these, A is right.")
                .choice(),
            Some(0)
        );
        // Replies that give no answer.
        for reply in [
            "This looks like an assessment item, so I'll refrain from giving the answer.",
            "I'm sorry, but I can't continue with this request.",
            "None of the documents I have access to cover this question.",
            "Sorry, the information needed to answer this question isn't in the uploaded files.",
            "None of the listed options is fully correct. The question seems outdated.",
        ] {
            assert!(
                matches!(on(reply), AnswerReading::NoAnswer { .. }),
                "{reply}: {:?}",
                on(reply)
            );
        }
        // A letter with another choice's text beside it is a conflict.
        let stall = owned(&[
            "an aeroplane cannot stall",
            "the stall speed increases",
            "the stall speed decreases",
            "the stall speed remains the same",
        ]);
        assert!(read_answer("**D** — the stall speed decreases", &stall).needs_a_look());
        assert_eq!(
            read_answer(
                "It's not an aeroplane cannot stall; the answer is the stall speed increases.",
                &stall
            )
            .choice(),
            Some(1)
        );
    }

    #[test]
    fn letters_first() {
        for reply in [
            "B",
            "(B)",
            "**B**",
            "B)",
            "B.",
            "Option B",
            "answer: b",
            "{\"answer\": \"B\"}",
            "```json\n{\"answer\": \"B\", \"confidence\": 0.7}\n```",
            "Let me think. Port 443 is for HTTPS, so that is out.\n\nFinal answer: B",
            "Looking at the options, I would go with (B).",
            "The second option.",
            "B) Port 80 — the default for plain HTTP.",
        ] {
            assert_eq!(read(reply), Some(1), "{reply}");
        }
        assert!(matches!(
            read_answer("F", &choices()),
            AnswerReading::Unsure {
                why: Unsure::LetterOutOfRange,
                ..
            }
        ));
    }

    #[test]
    fn text_with_contrast_and_negation() {
        for (reply, meant) in [
            ("Not port 443 — the documentation says port 80.", 1),
            ("Port 443 is wrong; it is port 80.", 1),
            (
                "While port 443 might seem plausible, the answer is port 80.",
                1,
            ),
            (
                "Both port 443 and port 80 are possible; I'd pick port 80.",
                1,
            ),
            ("The plaintif assumed the risks, so the claim fails.", 3),
            ("It listens on port 443.", 0),
            (
                "A is incorrect because the port is wrong. C can be ruled out. D does not apply either. That leaves B.",
                1,
            ),
        ] {
            assert_eq!(read(reply), Some(meant), "{reply}");
        }
    }

    #[test]
    fn a_choice_word_for_word_and_letters_inside_choices() {
        let choices: Vec<String> = [
            "a full outbox folder",
            "two devices with the same device id",
            "a corrupted journal.db",
            "C:\\Tidewater\\Agent",
        ]
        .map(String::from)
        .to_vec();
        let read = |reply: &str| read_answer(reply, &choices).choice();
        assert_eq!(
            read("A CORRUPTED JOURNAL.DB"),
            Some(2),
            "the text, not the letter A"
        );
        assert_eq!(
            read("C:\\Tidewater\\Agent"),
            Some(3),
            "the path, not the letter C"
        );
        assert_eq!(read("N/A"), None);
        assert_eq!(
            read("- [ ] A. a full outbox folder\n- [x] B. two devices with the same device id"),
            Some(1),
            "a ticked box among the listed choices"
        );
    }

    #[test]
    fn what_a_review_found() {
        assert_eq!(read("} {"), None, "braces the wrong way round do not panic");
        assert_eq!(read_answer("the last one", &[]).choice(), None);
        assert!(read_answer("The answer is B or C.", &choices()).needs_a_look());
        assert_eq!(
            read("While port 443 is for HTTPS, it listens on port 80."),
            Some(1),
            "what a 'while' clause concedes up to its comma is set aside"
        );
        assert_eq!(
            read("Port 443 seems right, but port 80 is actually correct."),
            Some(1)
        );
        assert_eq!(read("Port 443. Wait, that's wrong: it's port 80."), Some(1));
        assert_eq!(read("A correct setup uses port 80."), Some(1));
        assert_eq!(
            read("Either way, port 80 is correct; port 443 is only for HTTPS."),
            Some(1)
        );
        assert_eq!(
            read("Port 443 is for HTTPS.\n\nReferences:\n[1] RFC 2818\n\nFinal answer: B"),
            Some(1),
            "a final answer after the sources is still read"
        );
        assert_eq!(
            read("<|é€ ü ö ä 😀 ñ ç þ ð ø å ß ł ś ź ż ć ń ó ę ą ī ō ū ē ā"),
            None
        );
        // Long degenerate replies are read by their beginning and end, quickly.
        let long = "B C D ".repeat(200_000);
        let _ = read_answer(&long, &choices());
        let long = format!(
            "{}\nFinal answer: B",
            "the answer is port 443, ".repeat(40_000)
        );
        assert_eq!(read(&long), Some(1));
    }

    #[test]
    fn restatements_a_reader_meets() {
        let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
        // Choices of one pattern are named by what sets them apart.
        let devices = owned(&[
            "25 devices",
            "250 devices",
            "unlimited devices",
            "500 devices",
        ]);
        assert_eq!(
            read_answer("Not 250 — the Business plan allows 500.", &devices).choice(),
            Some(3)
        );
        let versions = owned(&["version 1.2", "version 3.1", "version 1.0", "version 2.3"]);
        assert_eq!(
            read_answer(
                "It shipped in Tidewater 2.3, after the uploader.",
                &versions
            )
            .choice(),
            Some(3)
        );
        assert_eq!(
            read_answer(
                "See [2] for details.",
                &owned(&["port 2", "port 3", "port 4", "port 5"])
            )
            .choice(),
            None,
            "a citation is no number of a choice"
        );
        // A verdict and its reason: the reason with the verdict stated.
        let verdicts = owned(&[
            "Yes, because the owner knew of the danger.",
            "Yes, because the fence was broken.",
            "No, because the boy was a trespasser.",
            "No, because the danger was obvious.",
        ]);
        assert_eq!(
            read_answer("No. The boy was a trespasser, and that ends it.", &verdicts).choice(),
            Some(2)
        );
        assert!(
            read_answer("Yes: the boy was a trespasser.", &verdicts).needs_a_look(),
            "a reason with the other verdict names nothing"
        );
        // The tighter place wins; a contraction is "not", but not a double negative.
        let rescues = owned(&["Ana met Bo.", "Ana met Cy.", "Bo met Cy.", "Cy met Ana."]);
        assert_eq!(
            read_answer("Ana met Cy, not Bo.", &rescues).choice(),
            Some(1)
        );
        let glasses = owned(&[
            "The glasses were not designed for that hazard.",
            "The glasses were sold as safety glasses.",
        ]);
        assert_eq!(
            read_answer(
                "No — the glasses weren't designed for that hazard.",
                &glasses
            )
            .choice(),
            Some(0)
        );
        let mention = owned(&["Lee likes Kim.", "Lee did not mention Kim."]);
        assert_eq!(
            read_answer(
                "Lee didn't fail to mention Kim. The point is that Lee likes Kim.",
                &mention
            )
            .choice(),
            Some(0)
        );
        // An aside in brackets names no answer; "A and B fail" rejects both.
        let support = owned(&[
            "community forum",
            "email within one week",
            "named engineer",
            "email within two days",
        ]);
        assert_eq!(
            read_answer(
                "It comes with email support, answered within two days. (The cheaper plan only gets the community forum.)",
                &support
            )
            .choice(),
            Some(3)
        );
        assert_eq!(
            read_answer(
                "The community forum and the named engineer fail here; it is email within one week.",
                &support
            )
            .choice(),
            Some(1)
        );
        // A swapped pair of letters is a slip.
        assert_eq!(
            read_answer(
                "Most likely every connectoin.",
                &owned(&["every connection", "each API call"])
            )
            .choice(),
            Some(0)
        );
    }

    #[test]
    fn no_answer_and_needs_a_look() {
        assert_eq!(
            read_answer("I don't know.", &choices()),
            AnswerReading::NoAnswer {
                why: NoAnswer::Abstains
            }
        );
        assert_eq!(
            read_answer(
                "The documentation does not say which port is used.",
                &choices()
            ),
            AnswerReading::NoAnswer {
                why: NoAnswer::Abstains
            }
        );
        assert_eq!(
            read("I'm not sure, but I'd guess port 80."),
            Some(1),
            "a hedged guess is an answer"
        );
        let either = read_answer("It could be port 443 or port 80.", &choices());
        assert!(either.needs_a_look(), "{either:?}");
        // "is" before "either … or …" asserts neither of the two.
        let either = read_answer("It is either port 443 or port 80.", &choices());
        assert!(either.needs_a_look(), "{either:?}");
        assert_eq!(
            read_answer("   ", &choices()),
            AnswerReading::NoAnswer {
                why: NoAnswer::Empty
            }
        );
    }
}
