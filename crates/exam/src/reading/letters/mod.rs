//! A choice named by its place: a letter in any of the forms people and models write it —
//! `B`, `(B)`, `**B**`, `B)`, `B.`, `Option B`, `answer: b`, a last line `Final answer: B` — or
//! an ordinal ("the second option", "the last one"). A letter must be one of this question's.

mod context;

use super::Mention;
use super::cues;
use super::places::{numbers, ordinals};
use super::words::Word;
use context::{AFTER_LETTER_A, FILLER, FUNCTION, MARKER_LIST, NAMING, NOUNS, VERBS};

/// The choice a word names as a letter, if it is written as one.
fn letter_of(words: &[Word], i: usize, choices: usize) -> Option<usize> {
    let word = &words[i];
    if i > 0 && NAMING.contains(&words[i - 1].text.as_str()) && !words[i - 1].ends_clause {
        return None;
    }
    let mut chars = word.raw.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let index = usize::from(c.to_ascii_uppercase() as u8 - b'A');
    if index >= choices {
        return None;
    }
    if part_of_a_word(words, i) {
        return None;
    }
    // "(B)", "[B]", "**B**", "`B`", "\"B\"": marked on both sides; "B)" on its own.
    let bracketed = word.before.contains(['(', '[', '*', '"', '“', '`'])
        && word.after.starts_with([')', ']', '*', '"', '”', '`'])
        || word.after.starts_with([')', ']']);
    let punctuated = word.after.starts_with(['.', ':', ','])
        || word.after.starts_with(['-', '—', '–'])
        || word.ends_clause;
    let previous = i.checked_sub(1).map(|p| words[p].text.as_str());
    let after_noun = previous.is_some_and(|p| NOUNS.contains(&p));
    // "A–D", "A-D", "A through D": a range of the choices names none of them.
    let ranged = |k: usize| words.get(k).is_some_and(|w| w.raw.chars().count() == 1);
    if (word.after.starts_with(['–', '-', '—']) && ranged(i + 1))
        || (i > 0 && words[i - 1].after.starts_with(['–', '-', '—']) && ranged(i - 1))
        || (words
            .get(i + 1)
            .is_some_and(|w| matches!(w.text.as_str(), "through" | "to"))
            && ranged(i + 2))
        || (i >= 2 && matches!(words[i - 1].text.as_str(), "through" | "to") && ranged(i - 2))
    {
        return None;
    }
    let next = words.get(i + 1);
    // "C. botulinum", "E. coli": a capital and a full stop before a lower-case word, in the
    // middle of a sentence, is a name's initial.
    if c.is_ascii_uppercase()
        && word.after.starts_with('.')
        && !word.after.starts_with("..")
        && i > 0
        && !words[i - 1].ends_clause
        && !after_noun
        && !after_marker(words, i)
        // ("1. C. neutral": a letter after its line's number is a list's item.)
        && !(words[i - 1].text.chars().all(|c| c.is_ascii_digit())
            && (i == 1 || words[i - 2].line != words[i - 1].line))
        && next.is_some_and(|n| {
            n.raw.chars().next().is_some_and(char::is_lowercase)
                && !FUNCTION.contains(&n.text.as_str())
                // "it's C. "friendly" would be odd": a quotation opens a new sentence.
                && !n.before.contains(['"', '“', '\'', '‘', '(', '['])
        })
    {
        return None;
    }
    // "A resposta correta é a C": a lower-case "a" before a capital letter is its article.
    if c == 'a'
        && word.after.trim().is_empty()
        && next.is_some_and(|n| {
            n.raw.chars().count() == 1 && n.raw.chars().all(|c| c.is_ascii_uppercase())
        })
    {
        return None;
    }
    if c.is_ascii_lowercase() {
        // "b" is a letter only when written as one: "(b)", "b)", "answer: b", "option b", "the
        // correct choice is b.", "I'd go with a."
        let after_verb = previous.is_some_and(|p| VERBS.contains(&p));
        // A sentence that runs on without its full stop ("answer is b Not D").
        let run_on = next.is_some_and(|n| n.raw.chars().next().is_some_and(char::is_uppercase));
        // A short reply whose letters are no English words there ("c obviously", "ez, b",
        // "def a", "not c lol. d", "a, easy", "d i think"; not "a lot"), or one letter said over
        // and over ("a a a a", "d\nd\nd").
        let singles: Vec<&Word> = words
            .iter()
            .filter(|w| w.raw.chars().count() == 1 && w.text != "i")
            .collect();
        let repeated = singles.len() >= 2
            && singles.iter().all(|w| w.text == word.text)
            && words.len() <= singles.len() + 2;
        let casual = repeated
            || words.len() <= 8
                && c != 'i'
                && (c != 'a'
                    || word.after.starts_with([',', '.', '!', ':', ';'])
                    || next.is_some_and(|n| n.raw.chars().count() == 1)
                    // "a or b", "between a and c"
                    || next.is_some_and(|n| matches!(n.text.as_str(), "or" | "and" | "vs"))
                        && words.get(i + 2).is_some_and(|n| n.raw.chars().count() == 1)
                    || next.is_none_or(|n| {
                        matches!(
                            n.text.as_str(),
                            "obviously"
                                | "for"
                                | "definitely"
                                | "probably"
                                | "clearly"
                                | "lol"
                                | "imo"
                                | "tbh"
                                | "surely"
                                | "i"
                        )
                    }));
        // "Option c is right", "choice a fits" (not "answer a question").
        let named = after_noun
            && next.is_some_and(|n| AFTER_LETTER_A.contains(&n.text.as_str()))
            && (c != 'a' || previous != Some("answer"));
        let marked = bracketed
            || named
            || (after_noun || after_verb) && (punctuated || next.is_none() || run_on)
            || casual
            || (i == 0 && (word.after.starts_with([')', '.', ':']) || words.len() == 1));
        return marked.then_some(index);
    }
    // After "is" ("… ist A am überzeugendsten") a capital "A" is the letter.
    let after_copula = previous.is_some_and(|p| matches!(p, "is" | "ist" | "es" | "est" | "was"));
    if c == 'A'
        && !bracketed
        && !punctuated
        && !after_noun
        && !after_copula
        && !after_marker(words, i)
    {
        // "A negligence claim …" and "A 20-year-old …" are the article; "A because …" and
        // "A." are the letter.
        // (No article comes before a bracket: "A (omicron)" is the letter.)
        if let Some(next) = next
            && next
                .raw
                .chars()
                .next()
                .is_some_and(|n| n.is_lowercase() || n.is_ascii_digit())
            && !next.before.contains(['(', '['])
            && !AFTER_LETTER_A.contains(&next.text.as_str())
            // (Nor after a separator of items: "B 45% / A 45%".)
            && !word.before.contains(['/', '|'])
        {
            return None;
        }
    }
    // "I" is the pronoun, unless it stands alone ("I.") or ends the sentence after a marker
    // ("The correct choice is I."), or is a field's value ("prediction=I"), where a ninth
    // choice exists.
    let closes = word.ends_clause && (next.is_none() || word.after.starts_with(['.', '!']));
    let alone = words.len() == 1;
    let valued = i > 0 && words[i - 1].after.ends_with('=');
    // ("**I**", "~~I~~": set in bold or struck through, a letter.)
    let set_off = word.before.ends_with(['*', '~']) && word.after.starts_with(['*', '~']);
    // ("… but on reflection it's I.")
    let said_to_be = closes && i > 0 && matches!(words[i - 1].text.as_str(), "its" | "is")
        // ("By contrast, I is right": the pronoun takes no "is".)
        || next.is_some_and(|n| matches!(n.text.as_str(), "is" | "was" | "seems" | "fits" | "wins"));
    let the_letter_i = bracketed
        || after_noun
        || alone
        || valued
        || set_off
        || said_to_be
        || closes && after_marker(words, i);
    if c == 'I' && !the_letter_i {
        return None;
    }
    Some(index)
}

/// Whether a marker phrase ends right before word `i` (with filler words between).
/// Words that open a clause in which the writer chooses ("Going with the majority: D").
const COMMITTING: &[&str] = &[
    "going with",
    "im going with",
    "i am going with",
    "ill go with",
    "i will go with",
    "id go with",
    "i would go with",
    "sticking with",
    "im sticking with",
    "settling on",
    "im settling on",
    "ill pick",
    "id pick",
    "i pick",
    "i choose",
    "ill choose",
    "id choose",
];

/// "a B-movie plot", "an X-ray", "C:\Users\…", "D:/data", "$B$2": a letter glued by a hyphen
/// to a word, a drive's letter before its path, or a spreadsheet cell's column is part of a
/// word, a path or a cell — no letter.
fn part_of_a_word(words: &[Word], i: usize) -> bool {
    let word = &words[i];
    let glued = words
        .get(i + 1)
        .filter(|n| n.at == word.at + word.raw.chars().count() + word.after.chars().count());
    glued.is_some_and(|n| {
        word.after == "-" && n.raw.chars().count() >= 2 && n.raw.chars().all(char::is_alphabetic)
            || word.after.starts_with(":\\")
            || word.after.starts_with(":/")
            // A spreadsheet's cell ("$B$2:$B$5").
            || word.after == "$" && n.raw.chars().all(|c| c.is_ascii_digit())
    })
}

fn after_marker(words: &[Word], i: usize) -> bool {
    // "Final (by vote): A", "Answer (after checking): B": an aside in brackets between a label
    // and its colon.
    if i > 0 && words[i - 1].in_parens && words[i - 1].after.contains(':') {
        let from = (0..i).rev().take_while(|&j| words[j].in_parens).last();
        if from.is_some_and(|f| {
            f > 0
                && matches!(
                    words[f - 1].text.as_str(),
                    "final" | "answer" | "pick" | "verdict" | "choice"
                )
        }) {
            return true;
        }
    }
    // "TL;DR: C"
    if i >= 2 && words[i - 1].text == "dr" && words[i - 2].text == "tl" {
        return true;
    }
    // "So: D", "Hence: B" — a conclusion's label.
    if i > 0
        && matches!(
            words[i - 1].text.as_str(),
            "so" | "thus" | "hence" | "therefore" | "result" | "pick"
        )
        && words[i - 1].after.starts_with(':')
    {
        return true;
    }
    let mut end = i;
    for _ in 0..3 {
        // A sentence that ends on the marker's word ("It is the textbook answer. Option B
        // …") is not a marker of what follows.
        let sentence_over = end > 0 && words[end - 1].after.starts_with(['.', '!', '?']);
        if !sentence_over
            && end > 0
            && MARKER_LIST.ending(&words[end - 1].text).iter().any(|m| {
                // Looked up by the last word: every letter of a long reply comes here.
                let count = m.split(' ').count();
                end >= count
                    && m.split(' ')
                        .zip(&words[end - count..end])
                        .all(|(p, w)| w.text == p)
                    // A marker is one phrase: "the textbook answer. Option B" is not one.
                    && words[end - count..end - 1].iter().all(|w| !w.ends_clause)
                    // "Final" and "selected" only as a label ("Final: C", "selected,E"), not
                    // as words of a sentence ("Most students selected B, but …").
                    && (!matches!(
                        *m,
                        "final"
                            | "selected"
                            | "correct"
                            | "picked"
                            | "resp"
                            | "ans"
                            | "winner"
                            | "decision"
                            | "now"
                    )
                        || words[end - 1].after.trim_start().starts_with([':', ',', '=']))
                    // "Process of elimination:" over a list of the choices, one a line: its
                    // first item is no answer ("- Choice B only applies …").
                    && !(m.ends_with("elimination") && words[i].line != words[end - 1].line)
                    // "the other answer B", "a wrong answer C": the word names an answer
                    // someone else gives, not the reply's.
                    && !(matches!(*m, "answer" | "answers")
                        && end >= 2
                        && matches!(
                            words[end - 2].text.as_str(),
                            "other"
                                | "another"
                                | "wrong"
                                | "incorrect"
                                | "each"
                                | "every"
                                | "any"
                                // A grader's "Student answer: A" beside "Correct answer: B".
                                | "student"
                                | "students"
                                | "candidate"
                                | "submitted"
                        ))
            })
        {
            return true;
        }
        match end.checked_sub(1) {
            Some(prev) if FILLER.contains(&words[prev].text.as_str()) => end = prev,
            _ => return false,
        }
    }
    false
}

/// "Summary: The submission selects B.": a choice someone else gave (a submission, a student,
/// a candidate, named just before it) is no answer said in so many words.
pub(in crate::reading) fn someone_elses(words: &[Word], mentions: &mut [Mention]) {
    for m in mentions {
        let from = m.start.saturating_sub(3);
        if (from..m.start).any(|k| {
            matches!(
                words[k].text.as_str(),
                "submission" | "student" | "students" | "candidate" | "examinee"
            )
        }) {
            m.explicit = false;
        }
    }
}

/// How many different values a list holds.
fn distinct_count(values: &[usize]) -> usize {
    let mut seen = values.to_vec();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// Whether a marker phrase stands on the letter's own line, right before it.
fn marker_on_line(words: &[Word], i: usize) -> bool {
    i > 0 && words[i - 1].line == words[i].line && !words[i - 1].ends_clause
}

/// The letters a reply names, each a mention (explicit when a marker says it is the answer,
/// or when it opens the reply as an answer does: "B) …", "**B** — because …").
///
/// `numbered`: whether a bare number may name a place ("Answer: 2") — not where a choice's own
/// text holds a number; a number after "#" may ("Correct: #4").
pub(super) fn mentions(words: &[Word], choices: usize, numbered: bool) -> Vec<Mention> {
    let mut out = Vec::new();
    // Letters opening several lines label a list of the choices: none of them answers by
    // opening the reply.
    let labelled: Vec<(usize, usize)> = (0..words.len())
        .filter(|&i| i == 0 || words[i - 1].line != words[i].line)
        .filter_map(|i| letter_of(words, i, choices).map(|c| (c, words[i].line)))
        .collect();
    let labels = labelled.len();
    // Letters alone on their lines, two or more of them, head sections ("**A**\n+ looks
    // plausible\n- …\n\n**C**\n…"): the first is a heading, not an answer opening the reply.
    let headings: Vec<usize> = labelled
        .iter()
        .filter(|(_, line)| {
            words
                .iter()
                .filter(|w| w.line == *line && !NOUNS.contains(&w.text.as_str()))
                .count()
                == 1
        })
        .map(|(c, _)| *c)
        .collect();
    let headed = distinct_count(&headings) >= 2;
    let labelled_choices: Vec<usize> = labelled.iter().map(|(c, _)| *c).collect();
    // Three choices or more labelling lines: the options echoed ("A.\nB.\nC.\nD.").
    let echoed = distinct_count(&labelled_choices) >= 3;
    // The line a choice's letter first labels: there, in an echoed list, it is an item ("- A\n-
    // B\n- C (correct)\n- D"), neither an answer opening the reply nor one closing it.
    let item_of_list = |choice: usize, line: usize| {
        echoed && labelled.iter().find(|(c, _)| *c == choice).map(|(_, l)| *l) == Some(line)
    };
    // Words that are not a letter's kind or filler, in all and on each line: a letter alone in
    // the reply (or on its line) is the only such word there.
    let plain = |w: &Word| {
        !(FILLER.contains(&w.text.as_str())
            || NOUNS.contains(&w.text.as_str())
            || w.text == "the"
            || w.text == "final")
    };
    let others_in_all = words.iter().filter(|w| plain(w)).count();
    let lines = words.last().map_or(0, |w| w.line + 1);
    let mut on_line = vec![0usize; lines];
    for w in words {
        if !NOUNS.contains(&w.text.as_str()) {
            on_line[w.line] += 1;
        }
    }
    // The first word after each line (on a later line), if any.
    let mut first_after_line: Vec<Option<usize>> = vec![None; lines];
    let mut filled = 0;
    for (j, w) in words.iter().enumerate() {
        while filled < w.line {
            first_after_line[filled] = Some(j);
            filled += 1;
        }
    }
    // Where each word's clause starts, and the first word before it in its clause with a colon
    // after it: found once, not once a letter.
    let mut clause_starts = Vec::with_capacity(words.len());
    let mut first_colons = Vec::with_capacity(words.len());
    let (mut clause_start, mut colon) = (0, None);
    for (j, w) in words.iter().enumerate() {
        clause_starts.push(clause_start);
        first_colons.push(colon);
        if colon.is_none() && w.after.starts_with(':') {
            colon = Some(j);
        }
        if w.ends_clause {
            (clause_start, colon) = (j + 1, None);
        }
    }
    for i in 0..words.len() {
        let Some(choice) = letter_of(words, i, choices) else {
            continue;
        };
        // Only the reply's own first words answer by opening it ("B) …", "**B** — because"):
        // a letter opening a later line labels an item of a list.
        let opens = labels < 2 && (i == 0 || (i == 1 && NOUNS.contains(&words[0].text.as_str())));
        // "N/A" is no letter.
        if i > 0 && words[i - 1].text == "n" && words[i - 1].after.starts_with('/') {
            continue;
        }
        // "… map them onto each answer c" (cut off inside "choice"): no answer is "each
        // answer C", "every option B".
        if i > 1
            && matches!(words[i - 1].text.as_str(), "answer" | "option" | "choice")
            && matches!(words[i - 2].text.as_str(), "each" | "every" | "any")
        {
            continue;
        }
        let alone = others_in_all == usize::from(plain(&words[i]));
        let alone_on_line = on_line[words[i].line] == 1;
        // A marker on an earlier line ("**Answer**" over a list of the choices) does not make
        // a list's first label the answer.
        // But a marker over one line that is not followed by another letter's line ("## Answer
        // / **D — West** / ## Why …") is over the answer, not over a list.
        let next_line_lettered =
            first_after_line[words[i].line].is_some_and(|j| letter_of(words, j, choices).is_some());
        let line_opened = i == 0 || words[i - 1].line != words[i].line;
        // (An item has a lettered line next to it: "**B**\nReason: …\n- C: …" opens with its
        // answer.)
        // (Looked back only from a line's first word: once a line.)
        let previous_line_lettered = || {
            i > 0 && {
                let line = words[i - 1].line;
                let first = (0..i).rev().take_while(|&j| words[j].line == line).last();
                first.is_some_and(|j| letter_of(words, j, choices).is_some())
            }
        };
        let item = line_opened
            && item_of_list(choice, words[i].line)
            && (next_line_lettered || previous_line_lettered());
        let marked = after_marker(words, i)
            && (labels < 2
                || alone_on_line
                || marker_on_line(words, i)
                || line_opened && !next_line_lettered);
        // "D, B, A… of these, A is the one": a list of letters opening the reply.
        let listed = words[i].after.starts_with([',', '/'])
            && i + 1 < words.len()
            && letter_of(words, i + 1, choices).is_some();
        // (Not asked: "C? Or maybe B.")
        let opening = !listed
            && !words[i].after.contains('?')
            && (opens || (i == 0 && alone_on_line && !item && !headed))
            // (Not the first item of a list: "- **F** is for …, which is not this data.\n- …".)
            && !(words[i].in_item()
                && words.iter().any(|w| w.line != words[i].line && w.in_item()))
            && (words[i].ends_clause
                || words[i]
                    .after
                    .starts_with([')', '.', ':', '-', '—', '–', ',', '*'])
                || words[i].before.contains('*'));
        // "D or A? D.": a letter that is a whole sentence after another.
        let sentence = i > 0
            && words[i - 1].ends_clause
            && words[i].ends_clause
            && words[i].after.starts_with(['.', '!'])
            && words[i - 1].line == words[i].line;
        // A letter alone on the reply's last line, after a line of prose ("…\n\n[[C]]",
        // "…\n\n**\\boxed{D}**"): the answer under the reasoning.
        let closing = alone_on_line
            && !item
            && words[i].line + 1 == lines
            && i > 0
            && on_line[words[i - 1].line] > 1;
        // "… So C.", "Hence, B.": a conclusion that is only the letter.
        let concluding = i > 0
            && matches!(
                words[i - 1].text.as_str(),
                "so" | "thus" | "hence" | "therefore" | "ergo"
            )
            // "… so D." opening its clause, or after a comma ("…, so D."), or an interjection
            // ("ok so d").
            && (i == 1
                || words[i - 2].ends_clause
                || words[i - 2].after.starts_with(',')
                || i == 2 && matches!(words[0].text.as_str(), "ok" | "okay" | "alright" | "well"))
            && (words[i].ends_clause
                && (words[i].after.starts_with(['.', '!']) || i + 1 == words.len())
                // "ok so d, final": the choice confirmed by a last "final".
                || words[i].after.starts_with(',')
                    && i + 2 == words.len()
                    && words[i + 1].text == "final");
        // A short reply's last word, a letter with at most two words before it in its clause
        // ("b or c. eh, c", "d? no. c", "not c lol. d"; not "A or b??", nor "I'm unsure between
        // A and C").
        let clause_start = clause_starts[i];
        let last_of_short = words.len() <= 8
            && !(echoed && line_opened)
            && i + 1 == words.len()
            && i - clause_start <= 2
            && !words[i].after.contains('?');
        // "Answer: the highest-probability option, C.": the one letter closing a clause that
        // opens with a marker and its colon.
        let clause_end = words[i].ends_clause || i + 1 == words.len();
        let clause_marked = clause_end
            && first_colons[i].is_some_and(|colon| after_marker(words, colon + 1))
            && (clause_start..i).all(|j| letter_of(words, j, choices).is_none());
        // "Going with the majority and the better-cited view: D.": the one letter after the
        // colon of a clause that opens with the writer's choosing.
        let clause_committed = clause_end
            && i > 0
            && words[i - 1].after.starts_with(':')
            && COMMITTING
                .iter()
                .any(|p| cues::phrase_at(words, clause_start, p))
            && (clause_start..i).all(|j| letter_of(words, j, choices).is_none());
        // "B vs D": two set against each other, neither said to be the answer.
        let versus = words
            .get(i + 1)
            .is_some_and(|w| matches!(w.text.as_str(), "vs" | "versus"));
        let explicit = !versus
            && (alone
                || marked
                || opening
                || sentence
                || closing
                || concluding
                || last_of_short
                || clause_marked
                || clause_committed);
        let start = if i > 0
            && NOUNS.contains(&words[i - 1].text.as_str())
            && words[i - 1].line == words[i].line
            && !words[i - 1].ends_clause
        {
            i - 1
        } else {
            i
        };
        out.push(Mention {
            choice,
            start,
            end: i + 1,
            explicit,
            by_place: true,
            with_text: false,
        });
    }
    out.extend(ordinals(words, choices));
    out.extend(numbers(words, choices, numbered));
    out
}

#[cfg(test)]
mod tests;
