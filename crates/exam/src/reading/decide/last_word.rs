//! Where no choice is said to be the answer in so many words: what the reply last does with
//! each choice it names — the one asserted, the one left when every other is rejected, the
//! one named alone — or no answer, or several.

use super::abstain::Abstention;
use super::{distinct, phrases};
use crate::reading::cues::{self, Stance};
use crate::reading::words::Word;
use crate::reading::{AnswerReading, Mention, NoAnswer, Unsure, Way};

/// What the reply does with each choice it names: its last word on it counts.
pub(super) fn answer(
    words: &[Word],
    mentions: &[Mention],
    stances: &[Stance],
    choices: usize,
    abstention: Abstention,
    unfinished: bool,
) -> AnswerReading {
    let Abstention {
        abstains,
        guesses_after,
    } = abstention;
    // An aside
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
    for (m, stance) in mentions.iter().zip(stances).filter(|(m, s)| !aside(m, **s)) {
        let slot = &mut last[m.choice];
        let keep = match slot {
            None => true,
            // A choice asserted and later only named is still asserted, and one rejected and
            // later only named still rejected ("not A … "zero times" miscounts …").
            Some((_, Stance::Asserts | Stance::Rejects, _)) if *stance == Stance::Names => false,
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
            && !unfinished
            && (cues::contains_any(words, phrases::REMAINING) || !abstains)
            && let Some(left) = (0..choices).find(|c| !rejected.iter().any(|(r, _)| r == c))
        {
            // "Either A or C could be argued. … A doesn't fit; C doesn't follow": the one left
            // is not among those the reply offered — it names no answer of its own.
            let offered = offered_either(words, mentions);
            if !offered.is_empty() && !offered.contains(&left) {
                return AnswerReading::Unsure {
                    why: Unsure::SeveralChoices,
                    candidates: offered,
                };
            }
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
    // "It's either A or E. … I can't decide between them": the one leaning asserted before
    // is taken back by the undecided words after it, another choice named and not rejected.
    // ("C? Or maybe B. Not sure.": a pair offered, then unsure words, is no answer either.)
    let offered = offered_either(words, mentions);
    let undecided_after = |(choice, _): (usize, bool)| {
        let at = last[choice].map_or(0, |(at, _, _)| at);
        let pair = offered.contains(&choice);
        (!named.is_empty() || pair)
            && (at..words.len()).any(|i| {
                phrases::UNDECIDED
                    .iter()
                    .chain(if pair { UNSURE } else { &[] })
                    .any(|p| cues::phrase_at(words, i, p))
            })
    };
    // "The retrieved passages conflict: one points to B (…), another to C (…)": sources that
    // disagree, two choices held or named and none said to be the answer in so many words.
    let held: Vec<usize> = asserted.iter().chain(&named).map(|(c, _)| *c).collect();
    let disagree = held.len() > 1 && cues::contains_any(words, phrases::DISAGREE);
    // ("… The more authoritative one says D, so I'd go with that.")
    if disagree
        && let Some(m) =
            firm_last(words, mentions, stances).or_else(|| picked_last(words, mentions))
    {
        return chose((m.choice, m.by_place));
    }
    if disagree && !mentions.iter().any(|m| super::explicit::firm(words, m)) {
        // ("… The sources conflict and I can't resolve which is correct, so I won't pick
        // one.")
        if abstains {
            return AnswerReading::NoAnswer {
                why: NoAnswer::Abstains,
            };
        }
        return AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: distinct(held.into_iter()),
        };
    }
    match (asserted.as_slice(), named.as_slice()) {
        ([one], _) if undecided_after(*one) => AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: distinct(mentions.iter().map(|m| m.choice)),
        },
        // An asserted choice is the answer, also beside "I'm not sure" (a hedged answer).
        ([one], _) => chose(*one),
        // Named alone — also after "the context doesn't say; from general knowledge: D" (a
        // guess is an answer).
        // … but not one only named on the way by reasoning cut off before its answer.
        ([], [_]) if unfinished => AnswerReading::NoAnswer {
            why: NoAnswer::CutOff,
        },
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

/// "The documents disagree: one points to B, the other to D. The more authoritative one says
/// D, so I'd go with that": of the choices sources assert, the last one said to be the answer
/// in so many words, where no other is said so.
fn firm_last<'m>(
    words: &[Word],
    mentions: &'m [Mention],
    stances: &[Stance],
) -> Option<&'m Mention> {
    let asserted = || {
        mentions
            .iter()
            .zip(stances)
            .filter(|(_, s)| **s == Stance::Asserts)
            .map(|(m, _)| m)
    };
    let last = asserted().max_by_key(|m| m.start)?;
    (super::explicit::firm(words, last)
        && !asserted().any(|m| m.choice != last.choice && super::explicit::firm(words, m)))
    .then_some(last)
}

/// "There's a discrepancy between the documents ([1] says X, [2] says Y). The primary source
/// [2] is authoritative here, so I'd go with Y.": the reply's last mention, picked by the
/// writer's own verb right before it ("go with", "pick", "choose"), where no other choice is
/// said to be the answer in so many words.
fn picked_last<'m>(words: &[Word], mentions: &'m [Mention]) -> Option<&'m Mention> {
    const PICKS: &[&str] = &[
        "go with",
        "going with",
        "pick",
        "choose",
        "select",
        "opt for",
    ];
    let last = mentions.iter().max_by_key(|m| m.start)?;
    let picked = PICKS.iter().any(|p| {
        let count = p.split(' ').count();
        last.start >= count && cues::phrase_at(words, last.start - count, p)
    });
    (picked
        && !words[last.end - 1].after.contains('?')
        && !mentions
            .iter()
            .any(|m| m.choice != last.choice && super::explicit::firm(words, m)))
    .then_some(last)
}

/// Words that say the writer is unsure, after a pair of choices offered: no answer of its own.
const UNSURE: &[&str] = &["not sure", "unsure", "not certain", "uncertain"];

/// The choices a reply offers as "either X or Y", by their letters or words, in one clause, or
/// as "X? Or maybe Y".
fn offered_either(words: &[Word], mentions: &[Mention]) -> Vec<usize> {
    let maybe = |w: &Word| matches!(w.text.as_str(), "maybe" | "perhaps" | "possibly");
    mentions
        .iter()
        .enumerate()
        .find_map(|(k, first)| {
            let either = first.start > 0 && words[first.start - 1].text == "either";
            let asked = words[first.end - 1].after.contains('?');
            let second = mentions.get(k + 1).filter(|o| {
                o.choice != first.choice
                    && words.get(first.end).is_some_and(|w| w.text == "or")
                    && (either && o.start == first.end + 1 && !words[first.end - 1].ends_clause
                        || asked && o.start == first.end + 2 && maybe(&words[first.end + 1]))
            })?;
            Some(distinct([first.choice, second.choice].into_iter()))
        })
        .unwrap_or_default()
}
