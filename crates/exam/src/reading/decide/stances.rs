//! What a reply does with each choice it names — asserts it, rejects it, or only names it —
//! read clause by clause and then across clauses: lists, questions, concessions, answers taken
//! back, conclusions, tables.

use super::abstain::Abstaining;
use super::phrases::{self, CONCESSIVE, CONTRAST};
use crate::reading::Mention;
use crate::reading::cues::{self, Stance};
use crate::reading::words::Word;

/// The clause (first word, one past the last) each word belongs to, and whether it sits in
/// the conceding part of a clause ("while X might seem plausible, …" up to its comma).
pub(super) fn clauses(
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
        // "At first glance it looks like B, but working it through gives C": a first look,
        // set against by the next clause's "but", is conceded whole.
        let first_look = FIRST_LOOK.iter().any(|p| cues::phrase_at(words, start, p))
            && starts
                .get(n + 1)
                .is_some_and(|&next| CONTRAST.contains(&words[next].text.as_str()));
        for (i, slot) in out.iter_mut().enumerate().take(end).skip(start) {
            *slot = ((start, end), first_look || concedes && i < comma);
        }
    }
    out
}

/// Words that open a first look the reply goes on to set aside ("At first glance it looks like
/// B, but …").
const FIRST_LOOK: &[&str] = &[
    "at first glance",
    "at first sight",
    "at a glance",
    "at first",
    "initially",
    "on the surface",
    "superficially",
];

/// What the reply does with each mention.
pub(super) fn stances(
    words: &[Word],
    mentions: &[Mention],
    owner: &[Option<usize>],
    clause: &[((usize, usize), bool)],
    abstaining: &mut Abstaining,
) -> Vec<Stance> {
    let mut stances: Vec<Stance> = mentions
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let (span, conceded) = clause[m.start];
            let others = cues::Others::new(owner, k);
            cues::stance(words, (m.start, m.end), span, conceded, &others)
        })
        .collect();
    for k in 1..mentions.len() {
        if cues::likewise(words, mentions[k].start) {
            stances[k] = stances[k - 1];
        }
    }
    share_in_lists(words, mentions, &mut stances);
    offered_in_questions(words, mentions, clause, &mut stances);
    answered_no(words, mentions, clause, &mut stances);
    not_but(words, mentions, &mut stances);
    concede_before_contrast(words, mentions, clause, &mut stances);
    retract(words, mentions, owner, &mut stances);
    conclude(words, mentions, clause, &mut stances);
    rejected_in_brackets(words, mentions, &mut stances);
    labelled_wrong(words, mentions, &mut stances);
    reasons_for_rejecting(words, mentions, &mut stances);
    caveats(words, mentions, &mut stances);
    // On a table's row that opens with a marked letter, the row's other cells only name what
    // they hold: the mark is the verdict ("| B | One left from north | ✅ Correct |").
    for (m, stance) in mentions.iter().zip(stances.iter_mut()) {
        let first = (0..=m.start)
            .rev()
            .take_while(|&i| words[i].line == words[m.start].line)
            .last()
            .unwrap_or(m.start);
        if !m.by_place
            && words[m.start].in_table()
            && first != m.start
            && words[first].mark.is_some()
        {
            *stance = Stance::Names;
        }
    }
    // A choice asserted in the same clause that says the documents do not say is not asserted
    // ("the documentation does not say whether it is port 80").
    for (m, stance) in mentions.iter().zip(stances.iter_mut()) {
        let (span, _) = clause[m.start];
        if *stance == Stance::Asserts && abstaining.within(span.0, span.1) {
            *stance = Stance::Names;
        }
    }
    stances
}

/// "- Not F: nobody is quoted directly.", "- Not quote: nobody is quoted directly.": the
/// reason given on a rejected choice's line, after its colon, is why it is rejected — the
/// choice's own word in it ("quoted") rejects it too.
fn reasons_for_rejecting(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    for k in 0..mentions.len() {
        let m = &mentions[k];
        if !(stances[k] == Stance::Rejects && words[m.end - 1].after.starts_with(':')) {
            continue;
        }
        let line = words[m.start].line;
        for j in k + 1..mentions.len() {
            let o = &mentions[j];
            if words[o.start].line != line {
                break;
            }
            if o.choice == m.choice && !o.by_place && o.start >= m.end {
                stances[j] = Stance::Rejects;
            }
        }
    }
}

/// "Wrong answer: D. Correct answer: A.": a line or sentence labelled as the wrong answer
/// rejects what it gives (the mention holds its "answer").
fn labelled_wrong(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    for (m, stance) in mentions.iter().zip(stances.iter_mut()) {
        let at = m.start;
        let labelled = words[at].text == "answer"
            && at >= 1
            && matches!(words[at - 1].text.as_str(), "wrong" | "incorrect" | "false")
            && words[at - 1].line == words[at].line
            && !words[at - 1].ends_clause
            && (at == 1 || words[at - 2].ends_clause || words[at - 2].line != words[at].line);
        if labelled {
            *stance = Stance::Rejects;
        }
    }
}

/// Choices listed together share what the list's last words say of them ("A, B and D can
/// all be ruled out", "both X and Y seem right").
fn share_in_lists(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    const JOINERS: &[&str] = &[
        "and", "or", "nor", "as", "well", "also", "both", "either", "the", "a", "an", "maybe",
        "perhaps", "possibly", "even",
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

/// "Is it Paris? Not quite — …", "Could the answer be A? No.": a yes-or-no question about one
/// choice that the reply answers "no" rejects it ("No doubt" answers yes); one it answers
/// "yes" asserts it.
fn answered_no(
    words: &[Word],
    mentions: &[Mention],
    clause: &[((usize, usize), bool)],
    stances: &mut [Stance],
) {
    const ASKING: &[&str] = &[
        "is", "are", "could", "would", "can", "does", "do", "should", "might", "must", "was",
    ];
    const OPENING: &[&str] = &["so", "then", "well", "but", "and", "now", "or"];
    for (k, m) in mentions.iter().enumerate() {
        let ((from, to), _) = clause[m.start];
        if !words[to - 1].after.contains('?') || to >= words.len() {
            continue;
        }
        let asks_yes_or_no = (from..to.min(from + 2))
            .take_while(|&i| i == from || OPENING.contains(&words[from].text.as_str()))
            .any(|i| ASKING.contains(&words[i].text.as_str()));
        let one_choice = mentions
            .iter()
            .filter(|o| o.start >= from && o.start < to)
            .all(|o| o.choice == m.choice);
        let next = |n: usize| words.get(to + n).map_or("", |w| w.text.as_str());
        let no = matches!(next(0), "no" | "nope" | "nah") && next(1) != "doubt"
            || next(0) == "not"
                && matches!(
                    next(1),
                    "quite" | "really" | "exactly" | "so" | "necessarily"
                );
        // "Is it C? Yes." answers for it.
        let yes = matches!(next(0), "yes" | "yep" | "yeah" | "exactly" | "indeed");
        if asks_yes_or_no && one_choice && no {
            stances[k] = Stance::Rejects;
        } else if asks_yes_or_no && one_choice && yes {
            stances[k] = Stance::Asserts;
        }
    }
}

/// "It's not E but D": the choice right after "but", which follows a choice rejected, is the
/// one asserted.
fn not_but(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    for k in 1..mentions.len() {
        let (before, m) = (&mentions[k - 1], &mentions[k]);
        let but = m.start.checked_sub(1).filter(|&b| words[b].text == "but");
        if let Some(b) = but
            && before.end == b
            && before.choice != m.choice
            && stances[k - 1] == Stance::Rejects
            && stances[k] == Stance::Names
        {
            stances[k] = Stance::Asserts;
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

/// "Pietvakarių (C). That said, if your teacher uses a different definition, B might be marked
/// correct.": a choice said right under another grader's condition (a teacher, a key, a
/// definition) with "might", "may" or "could", after a sentence that named another and did not
/// reject it — and not turned to with "but" — is a caveat: the answer is the other.
fn caveats(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    if !words.iter().any(|w| w.text == "if") {
        return;
    }
    let closed_if = super::closed_ifs(words);
    // (The condition is another grader's: "if your teacher uses a different definition".)
    let graders = words.iter().any(|w| {
        matches!(
            w.text.as_str(),
            "teacher"
                | "instructor"
                | "professor"
                | "grader"
                | "examiner"
                | "textbook"
                | "key"
                | "definition"
                | "course"
                | "syllabus"
                | "marking"
                | "rubric"
        )
    });
    if !graders {
        return;
    }
    let hedged = |m: &Mention| {
        closed_if[m.start]
            && words[m.end..]
                .iter()
                .take(3)
                .take_while(|w| !w.ends_clause)
                .any(|w| matches!(w.text.as_str(), "might" | "may" | "could"))
    };
    let sentence_start = |at: usize| {
        (0..at)
            .rev()
            .find(|&j| {
                words[j]
                    .after
                    .trim_start_matches([')', ']', '"', '”', '’', '*', '_'])
                    .starts_with(['.', '!', '?'])
            })
            .map_or(0, |j| j + 1)
    };
    for k in 0..mentions.len() {
        let m = &mentions[k];
        if !hedged(m) || stances[k] == Stance::Rejects {
            continue;
        }
        let from = sentence_start(m.start);
        // ("… But if you include the credit, C could be the answer": the reply turns to it.)
        if matches!(
            words[from].text.as_str(),
            "but" | "however" | "still" | "yet"
        ) {
            continue;
        }
        let before: Vec<usize> = (0..k)
            .filter(|&j| mentions[j].end <= from && stances[j] != Stance::Rejects)
            .map(|j| mentions[j].choice)
            .collect();
        let alone = mentions
            .iter()
            .all(|o| o.choice == m.choice || o.end <= from);
        if alone && !before.is_empty() && before.iter().all(|c| *c == before[0] && *c != m.choice) {
            stances[k] = Stance::Rejects;
        }
    }
}

/// "I'd go with C … actually, no": what the reply takes back is set aside, unless it names the
/// choice again after.
fn retract(words: &[Word], mentions: &[Mention], owner: &[Option<usize>], stances: &mut [Stance]) {
    let Some((at, phrase)) = (0..words.len())
        .rev()
        .filter(|&i| owner[i].is_none())
        .find_map(|i| {
            phrases::LISTS
                .retract
                .at(words, i)
                .find(|p| {
                    // "Edit:", "Correction:" and "Update:" take back only as a label, not as words of a
                    // sentence ("… plus a small correction").
                    !matches!(*p, "edit" | "correction" | "update")
                        || words[i].after.starts_with([':', '—', '-'])
                        || words[i].after.starts_with(',') && (i == 0 || words[i - 1].ends_clause)
                })
                .map(|p| (i, p))
        })
    else {
        return;
    };
    let recheck = phrases::RECHECK.contains(&phrase);
    // The choice the reply ends on, of those it does not reject.
    let ends_on = mentions
        .iter()
        .zip(stances.iter())
        .filter(|(_, s)| **s != Stance::Rejects)
        .map(|(m, _)| m.choice)
        .next_back();
    for (k, m) in mentions.iter().enumerate() {
        // An answer given and taken back stays taken back, however often its choice is named
        // in the reasoning after ("South. Wait, let me recount: starting south, …") — unless
        // the reply only looked again ("The answer is A. Let me double-check: … Yes — A it
        // is.").
        // … or says it again as kept ("Answer: B\n\nEdit: double-checked, still B.").
        let kept = mentions.iter().any(|o| {
            o.choice == m.choice
                && o.start > at
                && o.start > 0
                && matches!(
                    words[o.start - 1].text.as_str(),
                    "still" | "confirmed" | "confirm"
                )
        });
        let confirmed = recheck && ends_on == Some(m.choice) || kept;
        let named_again = (!m.explicit || confirmed)
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

/// "… the other three each fail (A: …; B: …; D: …)": letters listed in brackets right after
/// words that reject are each rejected, whatever the brackets say of them.
fn rejected_in_brackets(words: &[Word], mentions: &[Mention], stances: &mut [Stance]) {
    const REJECTING: &[&str] = &[
        "fail",
        "fails",
        "wrong",
        "incorrect",
        "eliminated",
        "excluded",
        "out",
        "invalid",
    ];
    let Some(open) = mentions
        .iter()
        .find(|m| m.by_place && words[m.start].in_parens)
        .map(|m| m.start)
    else {
        return;
    };
    let inside: Vec<usize> = (0..mentions.len())
        .filter(|&k| {
            mentions[k].by_place
                && mentions[k].start >= open
                && words[open..=mentions[k].start].iter().all(|w| w.in_parens)
        })
        .collect();
    let letters = super::distinct(inside.iter().map(|&k| mentions[k].choice));
    let rejected_before = (open.saturating_sub(4)..open)
        .any(|i| REJECTING.contains(&words[i].text.as_str()) && !words[i].in_parens);
    if letters.len() >= 2 && rejected_before {
        for k in inside {
            stances[k] = Stance::Rejects;
        }
    }
}
