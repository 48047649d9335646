//! From the choices a reply names, and what it does with each, to one reading.

use super::cues::{self, Stance};
use super::phrases::{self, CONCESSIVE, CONTRAST};
use super::words::Word;
use super::{AnswerReading, Mention, NoAnswer, Unsure, Way};

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
pub(super) fn decide(words: &[Word], mentions: &[Mention], choices: usize) -> AnswerReading {
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
            phrases::LISTS.guess.at(words, i).next().is_some()
                && !(i > 0
                    && matches!(
                        words[i - 1].text.as_str(),
                        // "I could guess, but …", "a guess wouldn't help": no guess made.
                        "not" | "dont" | "wont" | "never" | "could" | "a" | "cant" | "wouldnt"
                    ))
                // "I don't want to guess", "I'd rather not try to guess".
                && !(i > 1
                    && words[i - 1].text == "to"
                    && (i.saturating_sub(4)..i - 1).any(|k| {
                        matches!(
                            words[k].text.as_str(),
                            "not" | "dont" | "wont" | "never" | "cant" | "wouldnt" | "refuse"
                        )
                    }))
                // "The sources don't say. Still, C is the most defensible": an answer all the
                // same.
                || (i == 0 || words[i - 1].ends_clause)
                    && ["still", "nonetheless", "nevertheless", "regardless", "anyway", "that said", "even so", "all the same"]
                        .iter()
                        .any(|p| {
                            cues::phrase_at(words, i, p)
                                && words[i + p.split(' ').count() - 1].after.starts_with(',')
                        })
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
    // "If X, the answer is A; if Y, it's D", "A if …, but C if …": answers under conditions
    // are no one answer.
    let under_condition = |m: &Mention| {
        let ((from, to), _) = clause[m.start];
        let sentence_from = (0..from)
            .rev()
            .find(|&j| words[j].after.starts_with(['.', ';', '!', '?']))
            .map_or(0, |j| j + 1);
        // "…; otherwise it would be C" is the other condition's answer.
        (sentence_from..to.min(m.start + 1))
            .any(|j| matches!(words[j].text.as_str(), "if" | "otherwise"))
    };
    let followed_by_condition = |m: &Mention| {
        words
            .get(m.end)
            .is_some_and(|w| matches!(w.text.as_str(), "if" | "when" | "unless"))
    };
    let answers: Vec<(usize, &Mention)> = mentions
        .iter()
        .enumerate()
        .filter(|(k, m)| {
            stances[*k] != Stance::Rejects
                && (m.explicit || stances[*k] == Stance::Asserts || followed_by_condition(m))
        })
        .collect();
    let conditional = distinct(
        answers
            .iter()
            .filter(|(_, m)| under_condition(m) || followed_by_condition(m))
            .map(|(_, m)| m.choice),
    );
    // "It depends on the jurisdiction: under the majority rule A, under the minority rule B",
    // "… and … both work here": no one answer.
    // (The reply's own words, not a choice's: "if one or both could be measured".)
    let said_open = (0..words.len()).find_map(|i| {
        phrases::LISTS
            .open
            .at(words, i)
            .find(|p| (i..i + p.split(' ').count()).all(|j| owner[j].is_none()))
    });
    // "It depends": on what, the choices it names say, even one conceded before a "but".
    let named_several = distinct(mentions.iter().map(|m| m.choice)).len() >= 2;
    let open = said_open
        .is_some_and(|p| p.starts_with("both") || p.starts_with("either") || named_several);
    if conditional.len() >= 2 || open {
        return AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: distinct(mentions.iter().map(|m| m.choice)),
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
        // "A is correct. … In conclusion, the answer is D", "Final answer: C. … the correct
        // choice is D": another answer asserted and not taken back is a conflict.
        let firm = |m: &Mention| {
            // Not a question ("c? or maybe a… going with a"), nor an item of the options
            // echoed ("A) 4 B) 5 C) 6 D) 3. My answer: B").
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
        };
        let contradicted = mentions
            .iter()
            .zip(&stances)
            .any(|(m, stance)| m.choice != last.choice && *stance != Stance::Rejects && firm(m));
        if beside || contradicted {
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
            && (cues::contains_any(words, phrases::REMAINING) || !abstains)
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
            phrases::LISTS.retract.at(words, i).any(|p| {
                // "Edit:" and "Correction:" take back only as a label, not as words of a
                // sentence ("… plus a small correction").
                !matches!(p, "edit" | "correction")
                    || words[i].after.starts_with([':', '—', '-'])
                    || words[i].after.starts_with(',') && (i == 0 || words[i - 1].ends_clause)
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

pub(super) fn distinct(choices: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out: Vec<usize> = choices.collect();
    out.sort_unstable();
    out.dedup();
    out
}
