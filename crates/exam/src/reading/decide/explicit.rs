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
        .filter(|(i, m)| {
            m.explicit && stances[*i] != Stance::Rejects && !weighed_or_shortlisted(words, m)
        })
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
    let offered: Vec<&Mention> = mentions
        .iter()
        .filter(|m| m.choice != last.choice && m.by_place && (joined(last, m) || joined(m, last)))
        .collect();
    // "B and (A) are both defensible; if I have to choose, B", "F and answer D could work, but
    // I'd pick D": one of the choices offered, asserted after the offer (and no other), is the
    // writer's pick.
    let offer_end = offered.iter().map(|m| m.end).chain([last.end]).max();
    let picked_after: Vec<&Mention> = mentions
        .iter()
        .zip(stances)
        .filter(|(m, s)| {
            offer_end.is_some_and(|end| m.start >= end)
                && **s == Stance::Asserts
                && (m.choice == last.choice || offered.iter().any(|o| o.choice == m.choice))
        })
        .map(|(m, _)| m)
        .collect();
    if let Some(pick) = picked_after.first()
        && !offered.is_empty()
        && picked_after.iter().all(|m| m.choice == pick.choice)
    {
        return Some(AnswerReading::Chose {
            choice: pick.choice,
            way: if pick.by_place {
                Way::Letter
            } else {
                Way::Text
            },
        });
    }
    if !offered.is_empty() {
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

/// "B — contradicted at 55%, answer C at 45%. Final: B", "Candidates: D, answer C and data.
/// Final pick: D": a choice given a weight ("at 45%", "C: 45%"), or listed on a line of
/// candidates, is weighed — not said to be the answer.
fn weighed_or_shortlisted(words: &[Word], m: &Mention) -> bool {
    let percent = |i: usize| {
        words
            .get(i)
            .is_some_and(|w| w.text.chars().all(|c| c.is_ascii_digit()) && w.after.starts_with('%'))
    };
    let weighed =
        percent(m.end) || words.get(m.end).is_some_and(|w| w.text == "at") && percent(m.end + 1);
    let line = words[m.start].line;
    let opening = (0..m.start)
        .rev()
        .take_while(|&i| words[i].line == line)
        .last();
    let shortlisted = opening.is_some_and(|i| {
        matches!(
            words[i].text.as_str(),
            "candidates" | "contenders" | "shortlist" | "considering"
        ) && words[i].after.starts_with(':')
    });
    weighed || shortlisted
}

/// Whether the reply says a choice is the answer in so many words where it names it: "Answer:
/// B" (explicit), "B is correct", "the correct choice is B" — not in a question ("c? or maybe
/// a… going with a"), nor an item of the options echoed ("A) 4 B) 5 C) 6 D) 3. My answer: B").
pub(super) fn firm(words: &[Word], m: &Mention) -> bool {
    !words[m.end - 1].after.contains('?')
        && !weighed_or_shortlisted(words, m)
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
