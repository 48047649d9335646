//! A choice named by its place in words or numbers: "the second option", "the last one",
//! "option three", "Answer: 2", `options[2]` — counted from one unless the reply counts from
//! zero.

use super::Mention;
use super::words::Word;

/// "Answer: 2", "the answer is 3.", "Correct: #4", "Answer: (2)", "#1" alone: a number that
/// ends the clause right after a marker — only after "#" where `bare` is false (a choice's own
/// text holds a number).
pub(super) fn numbers(words: &[Word], choices: usize, bare: bool) -> Vec<Mention> {
    let first = usize::from(!from_zero(words));
    let mut out = Vec::new();
    // "#3" alone: a reply that is only a numbered place.
    if let [only] = words
        && only.before == "#"
        && let Some(index) = only
            .text
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(first))
            .filter(|n| *n < choices)
    {
        out.push(Mention {
            choice: index,
            start: 0,
            end: 1,
            explicit: true,
            by_place: true,
            with_text: false,
        });
    }
    for (i, w) in words.iter().enumerate().skip(1) {
        let index = w
            .text
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(first));
        let Some(index) = index.filter(|n| *n < choices) else {
            continue;
        };
        let ends = w.ends_clause || i + 1 == words.len();
        let after_marker = matches!(words[i - 1].text.as_str(), "answer" | "is")
            && (words[i - 1].text == "answer" || i >= 2 && words[i - 2].text == "answer");
        // "Correct: 4", "Correct: #4": the label of a line that gives the answer.
        let labelled = matches!(words[i - 1].text.as_str(), "correct" | "right")
            && words[i - 1].after.starts_with(':')
            && (i == 1 || words[i - 2].line != words[i - 1].line || words[i - 2].ends_clause);
        // ("Answer: (2)": a number in brackets is as bare.)
        let bracketed = w.before == "(" && w.after.starts_with(')');
        let placed = w.before == "#" || bare && (w.before.is_empty() || bracketed);
        if ends && (after_marker || labelled) && placed {
            out.push(Mention {
                choice: index,
                start: i,
                end: i + 1,
                explicit: true,
                by_place: true,
                with_text: false,
            });
        }
    }
    out
}

/// Whether the reply counts the options from zero: it labels one "Option 0" or "choice 0", or
/// says so ("counting from zero", "zero-based", "index_base: 0").
fn from_zero(words: &[Word]) -> bool {
    words.windows(2).any(|pair| {
        matches!(pair[0].text.as_str(), "option" | "choice" | "index") && pair[1].text == "0"
    }) || words.windows(3).any(|w| {
        let said: [&str; 3] = [&w[0].text, &w[1].text, &w[2].text];
        matches!(
            said,
            ["counting" | "counted", "from", "zero" | "0"] | ["index", "base", "0"]
        ) || matches!(said[..2], ["zero" | "0", "based" | "indexed"])
    })
}

/// "Between “6 mA” and “10 mA”, the second is right": "the first", "the second", "the former",
/// "the latter" after a pair named "between X and Y" in the same sentence name the pair's
/// first or second, not the choices'.
pub(super) fn of_a_pair(words: &[Word], mentions: &[Mention]) -> Vec<Mention> {
    let mut out = Vec::new();
    for (k, first) in mentions.iter().enumerate() {
        if first.start == 0 || words[first.start - 1].text != "between" {
            continue;
        }
        let Some(second) = mentions.get(k + 1).filter(|s| {
            s.choice != first.choice
                && words[first.end..s.start].iter().any(|w| w.text == "and")
                && !words[first.end..s.start].iter().any(|w| w.ends_clause)
        }) else {
            continue;
        };
        // The pair's member, named after it before the sentence ends.
        // (A full stop after a closing bracket or quote ends it too: "… and C (constancy).")
        let sentence_end = (second.end - 1..words.len())
            .find(|&j| {
                words[j]
                    .after
                    .trim_start_matches([')', ']', '"', '”', '’', '*', '_'])
                    .starts_with(['.', '!', '?'])
            })
            .map_or(words.len(), |j| j + 1);
        for i in second.end..sentence_end {
            let choice = match words[i].text.as_str() {
                "first" | "former" => first.choice,
                "second" | "latter" => second.choice,
                _ => continue,
            };
            if i > 0
                && words[i - 1].text == "the"
                && !mentions.iter().any(|m| m.start <= i && i < m.end)
            {
                out.push(Mention {
                    choice,
                    start: i - 1,
                    end: i + 1,
                    explicit: false,
                    by_place: false,
                    with_text: false,
                });
            }
        }
    }
    out
}

/// Whether "last" or "the end" / "the bottom" stands at word `k`.
fn from_the_end_or_last(words: &[Word], k: usize) -> bool {
    words[k].text == "last"
        || words
            .get(k + 1)
            .is_some_and(|w| matches!(w.text.as_str(), "end" | "bottom"))
}

/// Whether a number follows word `i`.
fn number_next_to(words: &[Word], i: usize) -> bool {
    words
        .get(i + 1)
        .is_some_and(|n| n.text.parse::<usize>().is_ok())
}

/// Whether word `i` stands in a question the reply asks ("If the first quantity moves one way,
/// which way must the second one move?"): a clause with a question word ending in "?". A place
/// named there is what is asked about, not an answer.
fn in_a_question(words: &[Word], i: usize) -> bool {
    let start = (0..i)
        .rev()
        .find(|&j| words[j].ends_clause)
        .map_or(0, |j| j + 1);
    let end = (i..words.len())
        .find(|&j| words[j].ends_clause)
        .unwrap_or(words.len() - 1);
    words[end].after.contains('?') && words[start..i].iter().any(Word::asks)
}

/// "the second option", "the last one", "option three".
pub(super) fn ordinals(words: &[Word], choices: usize) -> Vec<Mention> {
    const ORDINALS: &[&str] = &[
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
        "twentieth",
    ];
    const SHORT: &[&str] = &[
        "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th", "12th",
        "13th", "14th", "15th", "16th", "17th", "18th", "19th", "20th", "21st", "22nd", "23rd",
        "24th", "25th", "26th",
    ];
    const NUMBERS: &[&str] = &[
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    const THINGS: &[&str] = &[
        "option",
        "options",
        "one",
        "choice",
        "answer",
        "alternative",
        "statement",
    ];
    // Numbers count from one, unless the reply counts its options from zero ("Option 0: …",
    // "option 2 (counting from zero)").
    let first = usize::from(!from_zero(words));
    let mut out = Vec::new();
    for i in 0..words.len() {
        let word = words[i].text.as_str();
        // "the second to last", "the second-to-last", "the penultimate"
        let second_to_last = word == "penultimate"
            || (word == "last"
                && i >= 2
                && words[i - 1].text == "to"
                && words[i - 2].text == "second");
        let index = if second_to_last {
            choices.checked_sub(2)
        } else if word == "last"
            || matches!(word, "bottom" | "final")
                && words
                    .get(i + 1)
                    .is_some_and(|n| matches!(n.text.as_str(), "one" | "option" | "choice"))
        {
            choices.checked_sub(1)
        } else if words.get(i + 1).is_some_and(|n| n.text == "to") {
            None
        } else if word == "top"
            && words
                .get(i + 1)
                .is_some_and(|n| n.text == "one" || n.text == "option")
        {
            Some(0)
        } else if matches!(word, "former" | "latter") && choices == 2 {
            // Of two choices, "the former" is the first and "the latter" the second.
            Some(usize::from(word == "latter"))
        } else {
            // ("twenty-first": after "twenty", an ordinal counts from the twenty-first.)
            let tens = if i > 0 && words[i - 1].text == "twenty" && words[i - 1].after == "-" {
                20
            } else {
                0
            };
            ORDINALS
                .iter()
                .position(|o| *o == word)
                .map(|k| k + tens)
                .or_else(|| SHORT.iter().position(|o| *o == word))
        };
        // "The third option counting from the end", "the second from the bottom": counted back
        // from the last.
        let from_the_end = (i + 1..(i + 7).min(words.len())).any(|k| {
            matches!(words[k].text.as_str(), "end" | "bottom")
                && words[k - 1].text == "the"
                && k >= 2
                && words[k - 2].text == "from"
        });
        // "third from last", "Fifth from the bottom": a place counted back, no noun needed.
        let from_last = words.get(i + 1).is_some_and(|w| w.text == "from")
            && words
                .get(i + 2)
                .is_some_and(|w| matches!(w.text.as_str(), "last" | "the"))
            && from_the_end_or_last(words, i + 2);
        let index = if (from_the_end || from_last) && !second_to_last {
            index.and_then(|k| choices.checked_sub(k + 1))
        } else {
            index
        };
        // "The one just above the last": the second to last.
        let above_the_last = word == "last"
            && i >= 3
            && words[i - 1].text == "the"
            && matches!(words[i - 2].text.as_str(), "above" | "before")
            && matches!(
                words[i - 3].text.as_str(),
                "one" | "just" | "option" | "choice"
            );
        let index = if above_the_last {
            choices.checked_sub(2)
        } else {
            index
        };
        // "the second option", or "the second." alone at a clause's end; "Last in the list".
        let thing_follows = (words
            .get(i + 1)
            .is_some_and(|n| THINGS.contains(&n.text.as_str()))
            || from_last
            || ["in the list", "on the list"]
                .iter()
                .any(|p| super::cues::phrase_at(words, i + 1, p)))
            && !words[i].ends_clause;
        // "the second." at a clause's end, or "Second." as the whole reply.
        // (Not a reply's last word with no stop, after a comma on its line: "Looking at the
        // options one by one, the first" was cut off.)
        let cut = i + 1 == words.len()
            && words[i].after.is_empty()
            && (0..i)
                .rev()
                .take_while(|&k| words[k].line == words[i].line)
                .any(|k| words[k].after.starts_with(','));
        let alone = words[i].ends_clause
            && !cut
            && (i > 0 && words[i - 1].text == "the" || words.len() == 1);
        if let Some(index) = index.filter(|i| *i < choices)
            && (thing_follows || alone)
            && !in_a_question(words, i)
        {
            out.push(Mention {
                choice: index,
                start: i,
                end: if alone { i + 1 } else { i + 2 },
                explicit: false,
                by_place: true,
                with_text: false,
            });
        }
        // "option three", "choice 2"
        // "option number 2", "choice no. 3", "option #2"
        // "no." is an abbreviation, not the end of a clause, when a number follows it.
        let number_next = words
            .get(i + 2)
            .is_some_and(|n| n.text.parse::<usize>().is_ok());
        let skip = usize::from(
            words
                .get(i + 1)
                .is_some_and(|n| matches!(n.text.as_str(), "number" | "no" | "nr"))
                && (!words[i + 1].ends_clause || number_next),
        );
        // "It's number 2" — and "option 3", "choice no. 2"; "No. 22" opening the reply.
        let numbered = (word == "number"
            || i == 0
                && word == "no"
                && words[i].after.starts_with('.')
                && number_next_to(words, i))
            && !(i > 0 && matches!(words[i - 1].text.as_str(), "option" | "choice"));
        // "options[2]": an index, counted from zero as programs count.
        let indexed = word == "options"
            && words
                .get(i + 1)
                .is_some_and(|n| n.before.contains('[') && n.text.parse::<usize>().is_ok());
        if indexed
            && let Some(index) = words[i + 1]
                .text
                .parse::<usize>()
                .ok()
                .filter(|n| *n < choices)
        {
            out.push(Mention {
                choice: index,
                start: i,
                end: i + 2,
                explicit: false,
                by_place: true,
                with_text: false,
            });
            continue;
        }
        if (word == "option" || word == "choice" || numbered)
            && (!words[i].ends_clause || numbered)
            && let Some(next) = words.get(i + 1 + skip)
        {
            // "option three", "choice 2", "option (iii)"
            const ROMAN: &[&str] = &["i", "ii", "iii", "iv", "v", "vi"];
            let index = NUMBERS
                .iter()
                .position(|n| *n == next.text)
                .or_else(|| {
                    next.text
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(first))
                })
                .or_else(|| {
                    next.raw
                        .chars()
                        .all(|c| c.is_ascii_lowercase())
                        .then(|| ROMAN.iter().position(|r| *r == next.text))
                        .flatten()
                        .filter(|_| next.text != "i" || next.before.contains('('))
                });
            if let Some(index) = index.filter(|i| *i < choices) {
                out.push(Mention {
                    choice: index,
                    start: i,
                    end: i + 2 + skip,
                    explicit: false,
                    by_place: true,
                    with_text: false,
                });
            }
        }
    }
    out
}
