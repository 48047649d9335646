//! The answer a reply says is one in so many words ("the answer is B", "Final answer: C"):
//! the last such letter or text, unless it is offered with another, contradicted, or beside
//! another choice's text.

use super::distinct;
use super::phrases;
use crate::reading::cues::{self, Stance};
use crate::reading::words::Word;
use crate::reading::{AnswerReading, Mention, Unsure, Way};

/// The last choice said to be the answer, unless the reply rejects it; `None` where no choice
/// is.
pub(super) fn answer(
    words: &[Word],
    mentions: &[Mention],
    stances: &[Stance],
) -> Option<AnswerReading> {
    let explicit: Vec<(usize, &Mention)> = mentions
        .iter()
        .enumerate()
        .filter(|(i, m)| m.explicit && stances[*i] != Stance::Rejects)
        .collect();
    let &(_, last) = explicit.iter().max_by_key(|(_, m)| m.start)?;
    // "The answer is B or C", "Answers: A, B", "I'd select A, C and D": an explicit
    // letter offered with another is no one answer.
    // (A citation in brackets between is no word between: "**Answer: C** (per [1]) **and E**".)
    let joined = |a: &Mention, b: &Mention| {
        b.start >= a.end
            && (a.end..b.start).filter(|&i| !words[i].in_parens).count() <= 2
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
        return Some(AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: distinct(mentions.iter().map(|m| m.choice)),
        });
    }
    // Text written right beside the letter that names another choice is a conflict.
    let beside = !last.with_text
        && mentions.iter().zip(stances).any(|(m, stance)| {
            !m.by_place
                && m.choice != last.choice
                && m.start >= last.end
                && words[last.end..m.start]
                    .iter()
                    .all(|w| matches!(w.text.as_str(), "the" | "a" | "an"))
                && *stance != Stance::Rejects
        });
    // "A is correct. … In conclusion, the answer is D", "Final answer: C. … the correct
    // choice is D": another answer asserted and not taken back is a conflict.
    let firm = |m: &Mention| firm(words, m);
    // (An answer the reply rejects later is taken back: "The answer is C. Wait — … C doesn't
    // connect … The correct answer is actually A.")
    let taken_back = |m: &Mention| {
        mentions
            .iter()
            .zip(stances)
            .any(|(o, s)| o.choice == m.choice && o.start > m.start && *s == Stance::Rejects)
    };
    let contradicted = mentions.iter().zip(stances).any(|(m, stance)| {
        m.choice != last.choice && *stance != Stance::Rejects && firm(m) && !taken_back(m)
    });
    if beside || contradicted {
        return Some(AnswerReading::Unsure {
            why: Unsure::Conflict,
            candidates: distinct(mentions.iter().map(|m| m.choice)),
        });
    }
    Some(AnswerReading::Chose {
        choice: last.choice,
        way: if last.by_place {
            Way::Letter
        } else {
            Way::Text
        },
    })
}

/// Whether the reply says a choice is the answer in so many words where it names it: "Answer:
/// B" (explicit), "B is correct", "the correct choice is B" — not in a question ("c? or maybe
/// a… going with a"), nor an item of the options echoed ("A) 4 B) 5 C) 6 D) 3. My answer: B").
pub(super) fn firm(words: &[Word], m: &Mention) -> bool {
    !words[m.end - 1].after.contains('?')
        && (m.explicit && !m.with_text
            || phrases::LISTS.firm_after.at(words, m.end).next().is_some()
            || m.start > 0
                && phrases::LISTS
                    .firm_before
                    .ending(&words[m.start - 1].text)
                    .iter()
                    .any(|p| {
                        let count = p.split(' ').count();
                        m.start >= count && cues::phrase_at(words, m.start - count, p)
                    }))
}
