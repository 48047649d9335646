//! The words around a mention that say what the reply does with it: asserts it ("the answer is
//! …", "I'd go with …", "… is correct"), rejects it ("not …", "… is wrong", "while … might seem
//! plausible"), or gives no answer at all ("I don't know", "the documentation does not say").
//! The phrases themselves are in [`super::phrases`].

use super::phrases::{LISTS, PhraseList};
use super::words::Word;

/// Whether the mention starting at word `start` shares the stance of the one before ("… is
/// wrong, and so is X").
pub(super) fn likewise(words: &[Word], start: usize) -> bool {
    [
        "so is",
        "so are",
        "as is",
        "nor is",
        "neither is",
        "same for",
        "same goes for",
    ]
    .iter()
    .any(|p| ends_before(words, start, p, 0, 0))
}

/// A phrase's words, without allocating: cues are checked for every mention of a reply.
fn split_phrase(phrase: &str) -> ([&str; 8], usize) {
    let mut buffer = [""; 8];
    let mut count = 0;
    for part in phrase.split(' ').take(8) {
        buffer[count] = part;
        count += 1;
    }
    (buffer, count)
}

/// Whether `phrase` starts at word `at`.
pub(super) fn phrase_at(words: &[Word], at: usize, phrase: &str) -> bool {
    let (buffer, count) = split_phrase(phrase);
    let parts = &buffer[..count];
    at + parts.len() <= words.len()
        && words[at..at + parts.len()]
            .iter()
            .zip(parts)
            .all(|(w, p)| w.text == *p)
}
/// Whether `phrase` (words separated by single spaces) ends just before word `at` (it ends at
/// `at - 1`), with up to `gap` words between — none of them another mention's, none past
/// `stop` (the clause's first word).
fn ends_before(words: &[Word], at: usize, phrase: &str, gap: usize, stop: usize) -> bool {
    ends_before_outside(words, at, phrase, gap, stop, &Others::none())
}

/// The words that belong to other mentions than the one whose stance is read: a cue's gap may
/// not cross them. `owner[i]` is the mention word `i` belongs to, if any.
pub(super) struct Others<'a> {
    owner: &'a [Option<usize>],
    me: usize,
}

impl<'a> Others<'a> {
    /// The mentions other than `me`, by the owner of each word.
    pub(super) fn new(owner: &'a [Option<usize>], me: usize) -> Self {
        Self { owner, me }
    }

    fn none() -> Self {
        Self {
            owner: &[],
            me: usize::MAX,
        }
    }

    fn holds(&self, word: usize) -> bool {
        self.owner
            .get(word)
            .copied()
            .flatten()
            .is_some_and(|m| m != self.me)
    }
}

fn ends_before_outside(
    words: &[Word],
    at: usize,
    phrase: &str,
    gap: usize,
    stop: usize,
    others: &Others<'_>,
) -> bool {
    // Most cues fail on their last word: check it first, cheaply.
    let last = phrase.rsplit(' ').next().unwrap_or(phrase);
    if !(0..=gap).any(|skip| {
        at.checked_sub(skip + 1)
            .is_some_and(|i| words[i].text == last)
    }) {
        return false;
    }
    let (buffer, count) = split_phrase(phrase);
    let parts = &buffer[..count];
    let gap = if parts.len() == 1 { gap.min(1) } else { gap };
    for skip in 0..=gap {
        let Some(end) = at.checked_sub(skip) else {
            break;
        };
        if end < parts.len() || end - parts.len() < stop {
            break;
        }
        let start = end - parts.len();
        // A cue is the reply's own words, never another choice's.
        if words[start..end]
            .iter()
            .zip(parts)
            .all(|(w, p)| w.text == *p)
            && !(start..end).any(|i| others.holds(i))
        {
            return true;
        }
        // The gap may not cross a clause's end, nor another mention.
        if end > 0 && (words[end - 1].ends_clause && end < at || others.holds(end - 1)) {
            break;
        }
    }
    false
}

/// Whether `phrase` starts right after word `end - 1` (at `end`), with up to `gap` words
/// between — none of them another mention's, none at or past `stop` (the clause's end).
fn starts_after(
    words: &[Word],
    end: usize,
    phrase: &str,
    gap: usize,
    stop: usize,
    others: &Others<'_>,
) -> bool {
    // Most cues fail on their first word: check it first, cheaply.
    let first = phrase.split(' ').next().unwrap_or(phrase);
    if !(0..=gap).any(|skip| words.get(end + skip).is_some_and(|w| w.text == first)) {
        return false;
    }
    let (buffer, count) = split_phrase(phrase);
    let parts = &buffer[..count];
    for skip in 0..=gap {
        let start = end + skip;
        if start + parts.len() > stop {
            break;
        }
        if others.holds(start) {
            break;
        }
        if words[start..start + parts.len()]
            .iter()
            .zip(parts)
            .all(|(w, p)| w.text == *p)
            && !(start..start + parts.len()).any(|i| others.holds(i))
        {
            return true;
        }
        if words[start].ends_clause {
            break;
        }
    }
    false
}

/// What a reply does with a mention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Stance {
    /// Rejects it.
    Rejects,
    /// Names it without saying more.
    Names,
    /// Asserts it.
    Asserts,
}

/// The stance of the reply on the words `start..end` (a mention), within the clause
/// `clause.0..clause.1`; `conceded` when the mention sits in a conceding clause ("while X might
/// seem plausible").
pub(super) fn stance(
    words: &[Word],
    (start, end): (usize, usize),
    clause: (usize, usize),
    conceded: bool,
    others: &Others<'_>,
) -> Stance {
    // A tick or a cross beside the mention says it ("C ✗", "✅ B", "- [x] B. …"), also at the
    // end of its line past words the mention did not take ("C) <its text, restated> ✓").
    let line = words[end - 1].line;
    let rest_of_line = words[end..]
        .iter()
        .enumerate()
        .take_while(|(k, w)| w.line == line && !others.holds(end + k))
        .map(|(_, w)| w);
    if let Some(mark) = words[start..end]
        .iter()
        .chain(rest_of_line)
        .find_map(|w| w.mark)
    {
        return if mark {
            Stance::Asserts
        } else {
            Stance::Rejects
        };
    }
    // "~~D~~": struck through.
    if words[start].before.contains('~') && words[end - 1].after.starts_with('~') {
        return Stance::Rejects;
    }
    // "→ B": pointed to.
    if words[start].before.contains(['→', '⇒']) {
        return Stance::Asserts;
    }
    // "X? No.", "Pseudomonas — no." (not a choice's own "No, because …" written after it).
    if (words[end - 1].after.contains('?') || words[end - 1].ends_clause)
        && !others.holds(end)
        && words.get(end).is_some_and(|w| {
            matches!(
                w.text.as_str(),
                "no" | "nope" | "not" | "wrong" | "incorrect"
            ) && (w.ends_clause || w.after.starts_with([',', '.']))
        })
    {
        return Stance::Rejects;
    }
    // "🟢 A … — this one", "1. <text> — this one holds up": a clause of its own that says so.
    if words[end - 1].ends_clause
        && !others.holds(end)
        && [
            "this one",
            "this one holds up",
            "this one fits",
            "this one works",
            "this is the one",
            "thats the one",
            "the answer",
            "correct",
            "yes",
        ]
        .iter()
        .any(|p| {
            let count = p.split(' ').count();
            phrase_at(words, end, p) && words[end + count - 1].ends_clause
        })
    {
        return Stance::Asserts;
    }
    // "B and C don't work. A does.": a choice that opens its clause and a bare "does" that
    // ends it answers the denial before.
    if start == clause.0
        && !others.holds(end)
        && words
            .get(end)
            .is_some_and(|w| matches!(w.text.as_str(), "does" | "do") && w.ends_clause)
    {
        return Stance::Asserts;
    }
    // A verdict after a letter opening its line, alone on the rest of it: "A – True",
    // "C) F", "D: TRUE" (not a choice's own "No" or "Yes, because …").
    let line = words[start].line;
    if words[start].raw.chars().count() == 1
        && (start == 0 || words[start - 1].line != line)
        && !others.holds(end)
        && let Some(verdict) = words.get(end).filter(|w| w.line == line)
        && words.get(end + 1).is_none_or(|w| w.line != line)
    {
        match verdict.text.as_str() {
            "true" | "t" | "yes" | "correct" | "right" => return Stance::Asserts,
            "false" | "f" | "no" | "incorrect" | "wrong" => return Stance::Rejects,
            _ => {}
        }
    }
    // A label right before it: "Wrong: C", "Right: B" — not "B can't be right: …".
    let label_denied = start >= 2
        && matches!(
            words[start - 2].text.as_str(),
            "cant" | "cannot" | "not" | "isnt" | "never" | "be"
        );
    if start > clause.0 && words[start - 1].after.starts_with(':') && !label_denied {
        match words[start - 1].text.as_str() {
            "wrong" | "incorrect" | "false" | "no" => return Stance::Rejects,
            "right" | "correct" | "true" | "yes" => return Stance::Asserts,
            _ => {}
        }
    }
    // "A if you read it one way": a choice under a condition is not asserted.
    if words
        .get(end)
        .is_some_and(|w| matches!(w.text.as_str(), "if" | "when" | "unless"))
        && (start == 0 || !words[start - 1].text.starts_with("answer"))
    {
        return Stance::Names;
    }
    // "between X and Y" compares, "either X or Y" offers both; neither asserts.
    if ends_before_outside(words, start, "between", 1, clause.0, others)
        || (ends_before_outside(words, start, "either", 1, clause.0, others)
            && words.get(end).is_some_and(|w| w.text == "or"))
    {
        return Stance::Names;
    }
    // "If not, it's D": a "not" closed by its comma negates nothing after it.
    let not_closed = (start.saturating_sub(3)..start)
        .any(|j| words[j].text == "not" && words[j].after.starts_with(','));
    // The cues that may end just before the mention (up to two words between) or start just
    // after it (one word between), by the words there.
    let before = |list: &'static PhraseList| {
        (1..=3)
            .filter_map(|k| start.checked_sub(k))
            .flat_map(|i| list.ending(&words[i].text).iter().copied())
    };
    let after = |list: &'static PhraseList| {
        (end..end + 2)
            .filter_map(|i| words.get(i))
            .flat_map(|w| list.starting(&w.text))
    };
    // "From most to least likely: B, E, C", "(best to worst): A > E": an order's end, no
    // rejection ("Least likely: B", "Worst: A").
    // ("Best → worst: A > B": the arrow is the "to".)
    let ordering = (start.saturating_sub(4)..start).any(|j| {
        matches!(words[j].text.as_str(), "to" | "most" | "best")
            && words
                .get(j + 1)
                .is_some_and(|w| matches!(w.text.as_str(), "least" | "worst"))
    });
    let rejected = before(&LISTS.reject_before)
        .filter(|p| !(not_closed && *p == "not"))
        .filter(|p| !(ordering && (p.starts_with("least") || p.starts_with("worst"))))
        .any(|p| ends_before_outside(words, start, p, 2, clause.0, others))
        || after(&LISTS.reject_after)
            .filter(|p| !(*p == "no" && no_before_its_noun(words, end, clause.1)))
            .any(|p| starts_after(words, end, p, 1, clause.1, others))
        // "It can't be A, B, or D" (right before it: "I can't be sure, A …" is no denial).
        || start >= 2
            && words[start - 1].text == "be"
            && matches!(
                words[start - 2].text.as_str(),
                "cant" | "cannot" | "couldnt" | "wouldnt" | "shouldnt" | "mustnt"
            );
    if rejected || conceded {
        return Stance::Rejects;
    }
    // "(worst to best): A > E": an order's start, no assertion ("Best: C").
    let climbing = (start.saturating_sub(4)..start).any(|j| {
        words[j].text == "to"
            && words
                .get(j + 1)
                .is_some_and(|w| matches!(w.text.as_str(), "most" | "best"))
    });
    let asserted = before(&LISTS.assert_before)
        .filter(|p| !(climbing && (p.starts_with("most") || p.starts_with("best"))))
        .any(|p| ends_before_outside(words, start, p, 2, clause.0, others))
        || after(&LISTS.assert_after).any(|p| starts_after(words, end, p, 1, clause.1, others));
    if asserted && !reported(words, clause.0, start) {
        Stance::Asserts
    } else {
        Stance::Names
    }
}

/// "Contradiction: no causal graph allows it", "C, no doubt": a "no" after a mention that goes
/// on to its noun in the same clause is no verdict on the mention ("B: no", "D no, …", "A – no
/// way" are).
fn no_before_its_noun(words: &[Word], end: usize, stop: usize) -> bool {
    (end..(end + 2).min(stop)).any(|j| {
        words[j].text == "no"
            && !words[j].ends_clause
            && words[j].after.is_empty()
            && words
                .get(j + 1)
                .is_some_and(|n| j + 1 < stop && n.text != "way")
    })
}

/// "Your teacher marked C as correct", "my friend said D": a choice another person gave, in a
/// clause that reports it — theirs, not the writer's answer.
fn reported(words: &[Word], clause_start: usize, start: usize) -> bool {
    const VERBS: &[&str] = &[
        "said",
        "says",
        "marked",
        "mentioned",
        "thinks",
        "thought",
        "claimed",
        "claims",
        "picked",
        "picks",
        "chose",
        "chooses",
        "answered",
        "wrote",
        "suggested",
        "believes",
        "insists",
        "insisted",
        "put",
    ];
    const PEOPLE: &[&str] = &[
        "friend",
        "teacher",
        "colleague",
        "classmate",
        "professor",
        "tutor",
        "coworker",
        "instructor",
        "boss",
        "manager",
        "partner",
        "peer",
        "student",
        "students",
        "friends",
        "classmates",
        "colleagues",
    ];
    (clause_start..start).any(|v| {
        VERBS.contains(&words[v].text.as_str()) && v > clause_start && {
            let subject = words[v - 1].text.as_str();
            matches!(
                subject,
                "you" | "someone" | "somebody" | "others" | "people"
            ) || PEOPLE.contains(&subject)
                && v >= 2
                && matches!(
                    words[v - 2].text.as_str(),
                    "your" | "my" | "a" | "some" | "many" | "most" | "other"
                )
        }
    })
}

/// Whether the words hold a phrase that gives no answer.
pub(super) fn abstains(words: &[Word]) -> bool {
    (0..words.len()).any(|i| {
        // A one-word phrase after an article is a noun ("the input is the unknown").
        let as_noun = |p: &str| {
            !p.contains(' ') && i > 0 && matches!(words[i - 1].text.as_str(), "the" | "an" | "a")
        };
        // "the question doesn't specify conditions": a caveat about the question, no refusal.
        let of_the_question = |p: &str| {
            i > 0
                && words[i - 1].text == "question"
                && ["specify", "say", "state", "mention"]
                    .iter()
                    .any(|verb| p.ends_with(verb))
        };
        let listed = LISTS
            .abstain
            .at(words, i)
            .any(|p| !as_noun(p) && !of_the_question(p));
        (listed || none_of_the_choices(words, i) || holds_nothing(words, i))
            && !of_the_other_choices(words, i)
    })
}

/// Whether a phrase that gives no answer ([`abstains`]) may open at this word: where no word
/// of a span may, the span is read no further.
pub(super) fn may_abstain(word: &Word) -> bool {
    LISTS.abstain.starting(&word.text).next().is_some()
        || matches!(
            word.text.as_str(),
            "none" | "has" | "have" | "had" | "holds" | "contains" | "contain"
        )
}

/// The nouns by which a reply speaks of a question's choices.
const CHOICE_NOUNS: &[&str] = &["options", "choices", "answers", "alternatives"];

/// "None of the (given, listed, four …) choices" at word `i`.
fn none_of_the_choices(words: &[Word], i: usize) -> bool {
    phrase_at(words, i, "none of the")
        && (i + 3..(i + 6).min(words.len()))
            .take_while(|&k| !words[k - 1].ends_clause)
            .any(|k| CHOICE_NOUNS.contains(&words[k].text.as_str()))
}

/// "The knowledge base has no article on …", "the manual contains no entry for …" at word `i`.
fn holds_nothing(words: &[Word], i: usize) -> bool {
    matches!(
        words[i].text.as_str(),
        "has" | "have" | "had" | "holds" | "contains" | "contain"
    ) && words.get(i + 1).is_some_and(|w| w.text == "no")
        && words.get(i + 2).is_some_and(|w| {
            matches!(
                w.text.as_str(),
                "article"
                    | "articles"
                    | "entry"
                    | "entries"
                    | "page"
                    | "pages"
                    | "record"
                    | "records"
                    | "document"
                    | "documents"
                    | "data"
                    | "details"
            )
        })
}

/// Whether the words before `i` make what follows about the other choices, not the question
/// ("option B is supported, while the other options are not mentioned in the sources").
fn of_the_other_choices(words: &[Word], i: usize) -> bool {
    let from = i.saturating_sub(4);
    (from..i).any(|k| {
        matches!(words[k].text.as_str(), "others" | "rest")
            || matches!(words[k].text.as_str(), "other" | "remaining")
                && words
                    .get(k + 1)
                    // "the other options", "the other ones", "the other three".
                    .is_some_and(|w| {
                        CHOICE_NOUNS.contains(&w.text.as_str())
                            || matches!(w.text.as_str(), "ones" | "two" | "three")
                    })
    })
}

/// Whether the words hold one of `phrases`.
pub(super) fn contains_any(words: &[Word], phrases: &[&str]) -> bool {
    phrases.iter().any(|phrase| {
        let (buffer, count) = split_phrase(phrase);
        let parts = &buffer[..count];
        words
            .windows(parts.len())
            .any(|w| w.iter().zip(parts).all(|(w, p)| w.text == *p))
    })
}

#[cfg(test)]
mod tests {
    use super::super::words::words;
    use super::*;

    #[test]
    fn stances_from_the_words_around() {
        let w = words("the answer is b");
        assert_eq!(
            stance(&w, (3, 4), (0, 4), false, &Others::none()),
            Stance::Asserts
        );
        let w = words("not b");
        assert_eq!(
            stance(&w, (1, 2), (0, 2), false, &Others::none()),
            Stance::Rejects
        );
        let w = words("b is wrong");
        assert_eq!(
            stance(&w, (0, 1), (0, 3), false, &Others::none()),
            Stance::Rejects
        );
        let w = words("b and c");
        assert_eq!(
            stance(&w, (0, 1), (0, 3), false, &Others::none()),
            Stance::Names
        );
        assert!(abstains(&words("Sorry, I don't know.")));
        assert!(!abstains(&words("It is B.")));
    }
}
