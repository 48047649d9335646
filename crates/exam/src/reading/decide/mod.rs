//! From the choices a reply names, and what it does with each, to one reading: what the reply
//! does with each choice ([`stances`]) and whether it gives no answer ([`abstain`]); then the
//! answer said to be one in so many words ([`explicit`]), or else each choice's last stance
//! ([`last_word`]).

mod abstain;
mod eliminated;
mod explicit;
mod last_word;
mod stances;

use super::cues::Stance;
use super::phrases;
use super::words::Word;
use super::{AnswerReading, Mention, NoAnswer, Unsure};

/// One reading from the mentions, and whether the reply asserted several choices by their
/// letters in one clause ("Both B and D are correct": its conclusion then picks none of them),
/// or several said to be the answer in so many words in clauses apart ("**C** is correct … D is
/// the best choice": neither its bold nor its conclusion picks one).
pub(super) struct Decision {
    pub reading: AnswerReading,
    pub several_asserted: bool,
    pub asserted_apart: bool,
    /// Whether the reply leaves the answer open in so many words ("it depends", "J, C and E
    /// could each be argued"): neither its bold nor a ranking then picks one.
    pub left_open: bool,
}

/// From the mentions to one reading; `unfinished` where the reply reasons and stops before it
/// ends (a choice only named on the way is then no answer).
pub(super) fn decide(
    words: &[Word],
    mentions: &[Mention],
    choices: usize,
    unfinished: bool,
) -> Decision {
    // The mention each word belongs to, if any (the first, where mentions overlap).
    let mut owner: Vec<Option<usize>> = vec![None; words.len()];
    for (k, m) in mentions.iter().enumerate() {
        for slot in &mut owner[m.start..m.end] {
            slot.get_or_insert(k);
        }
    }
    let clause = stances::clauses(words, mentions, &owner);
    let mut abstaining = abstain::Abstaining::new(words, &owner);
    let mut stances = stances::stances(words, mentions, &owner, &clause, &mut abstaining);
    eliminated::rule_out(words, mentions, &mut stances);
    let several_asserted = mentions.iter().zip(&stances).any(|(m, s)| {
        *s == Stance::Asserts
            && m.by_place
            && mentions.iter().zip(&stances).any(|(o, t)| {
                *t == Stance::Asserts
                    && o.by_place
                    && o.choice != m.choice
                    && clause[o.start].0 == clause[m.start].0
            })
    });
    let firmly = distinct(
        mentions
            .iter()
            .zip(&stances)
            .filter(|(m, s)| **s == Stance::Asserts && explicit::firm(words, m))
            .map(|(m, _)| m.choice),
    );
    let asserted_apart = firmly.len() >= 2 && !several_asserted;
    let seen = Seen {
        owner: &owner,
        clause: &clause,
        stances: &stances,
    };
    let (reading, left_open) = read(words, mentions, choices, unfinished, &seen, &mut abstaining);
    Decision {
        reading,
        several_asserted,
        asserted_apart,
        left_open,
    }
}

/// What was found of each word and mention: the mention a word belongs to, its clause, and
/// what the reply does with each mention.
struct Seen<'a> {
    owner: &'a [Option<usize>],
    clause: &'a [((usize, usize), bool)],
    stances: &'a [Stance],
}

/// The reading, from the mentions with their clauses and stances, and whether the reply leaves
/// the answer open in so many words.
fn read(
    words: &[Word],
    mentions: &[Mention],
    choices: usize,
    unfinished: bool,
    &Seen {
        owner,
        clause,
        stances,
    }: &Seen,
    abstaining: &mut abstain::Abstaining,
) -> (AnswerReading, bool) {
    let abstention = abstaining.whole(mentions, clause, stances);
    if let Some(several) = answers_listed(words, mentions, owner, stances) {
        return (several, false);
    }
    if let Some(open) = no_one_answer(words, mentions, owner, clause, stances) {
        return (open, true);
    }
    // (Sources set against each other, and the writer says it cannot tell which holds: no
    // answer — "… Without further information I can't determine which one is correct.")
    if let Some(sources) = sources_contrasted(words, mentions, stances) {
        let reading = if abstention.abstains {
            AnswerReading::NoAnswer {
                why: NoAnswer::Abstains,
            }
        } else {
            sources
        };
        return (reading, false);
    }
    if let Some(reading) = explicit::answer(words, mentions, stances) {
        return (reading, false);
    }

    let reading = last_word::answer(words, mentions, stances, choices, abstention, unfinished);
    let reading = match reading {
        AnswerReading::Chose { .. } => torn_at_the_end(words, mentions, stances).unwrap_or(reading),
        _ => reading,
    };
    (reading, false)
}

/// "At first I thought D. On reflection, B has a good case too. I'm going back and forth on
/// this one.": undecided words after the last choice named (or in its sentence: "Can't decide
/// between A and B."), with two choices named and not
/// rejected (or taken back on the way), leave several choices — not the one the reply leaned
/// to last.
fn torn_at_the_end(
    words: &[Word],
    mentions: &[Mention],
    stances: &[Stance],
) -> Option<AnswerReading> {
    let last = mentions.iter().map(|m| m.end).max()?;
    // (Or in the sentence that names the last: "Can't decide between A and B.")
    let sentence = (0..last.saturating_sub(1))
        .rev()
        .find(|&j| words[j].after.contains(['.', '!', '?']) || words[j].line != words[j + 1].line)
        .map_or(0, |j| j + 1);
    let torn = (sentence..words.len()).any(|i| {
        phrases::UNDECIDED
            .iter()
            .any(|p| super::cues::phrase_at(words, i, p))
    });
    // (A choice taken back on the way is still one of those the writer went between.)
    let taken_back_before = (0..words.len())
        .rev()
        .find(|&i| phrases::LISTS.retract.at(words, i).next().is_some())
        .unwrap_or(0);
    let held = distinct(
        mentions
            .iter()
            .zip(stances)
            .filter(|(m, s)| **s != Stance::Rejects || m.end <= taken_back_before)
            .map(|(m, _)| m.choice),
    );
    (torn && held.len() > 1).then_some(AnswerReading::Unsure {
        why: Unsure::SeveralChoices,
        candidates: held,
    })
}

/// "According to the handbook the answer would be A, but the FAQ implies D.", "Document 1
/// points to B, but Document 3 says C.": one choice given by a source (after "according to", or
/// itself "points to", "says"), another by a source set against it ("but", "while", "whereas"
/// … "implies", "suggests", "supports", "points to"), in one sentence, and no answer said in so
/// many words: the sources disagree and the reply settles nothing, unless it says an answer in
/// so many words elsewhere, or asserts a choice after them ("… I'd go with C").
fn sources_contrasted(
    words: &[Word],
    mentions: &[Mention],
    stances: &[Stance],
) -> Option<AnswerReading> {
    const GIVES: &[&str] = &[
        "implies",
        "suggests",
        "supports",
        "indicates",
        "says",
        "states",
        "say",
    ];
    // (Within the line: a source's name may hold full stops, "outline-2023.pdf", "5th ed.")
    let line_start = |at: usize| {
        (0..at)
            .rev()
            .find(|&j| words[j].line != words[at].line)
            .map_or(0, |j| j + 1)
    };
    let given = |m: &Mention| {
        let before = |n: usize| m.start.checked_sub(n).and_then(|j| words.get(j));
        before(1).is_some_and(|w| GIVES.contains(&w.text.as_str()))
            || before(1).is_some_and(|w| w.text == "to")
                && before(2).is_some_and(|w| matches!(w.text.as_str(), "points" | "point"))
    };
    let (first, second) = mentions.iter().enumerate().find_map(|(k, m)| {
        if !given(m) {
            return None;
        }
        let from = line_start(m.start);
        let first = mentions[..k]
            .iter()
            .rev()
            .find(|o| o.start >= from && o.choice != m.choice)?;
        let contrasted = (first.end..m.start)
            .any(|j| matches!(words[j].text.as_str(), "but" | "while" | "whereas"));
        // (The first choice may be given by its words and named by its letter after them:
        // "Source [1] supports space (E), but …".)
        let attributed = (from..first.start).any(|j| words[j].text == "according")
            || mentions[..k]
                .iter()
                .any(|o| o.choice == first.choice && o.start >= from && given(o));
        (contrasted && attributed).then_some((first, m))
    })?;
    // (What the first source gives may be said firmly: "the answer would be A".)
    let own = |m: &&Mention| m.start >= first.start && m.end <= second.end;
    let settled = mentions
        .iter()
        .zip(stances)
        .filter(|(m, _)| !own(m))
        .any(|(m, s)| explicit::firm(words, m) || m.start > second.end && *s == Stance::Asserts);
    (!settled).then(|| AnswerReading::Unsure {
        why: Unsure::SeveralChoices,
        candidates: distinct([first.choice, second.choice].into_iter()),
    })
}

/// "Answers: A) …; C) …": several letters after a plural marker on one line are several
/// answers.
fn answers_listed(
    words: &[Word],
    mentions: &[Mention],
    owner: &[Option<usize>],
    stances: &[Stance],
) -> Option<AnswerReading> {
    for (i, w) in words.iter().enumerate() {
        if w.text == "answers" && owner[i].is_none() {
            let on_line: Vec<&Mention> = mentions
                .iter()
                .zip(stances)
                .filter(|(m, s)| {
                    m.by_place
                        && m.start > i
                        && words[m.start].line == w.line
                        && **s != Stance::Rejects
                })
                .map(|(m, _)| m)
                .collect();
            // "Sampled 5 paths → answers: A, A, A, A, D": a letter listed twice in a row is a
            // tally of votes, not several answers.
            let votes = on_line
                .windows(2)
                .any(|pair| pair[0].choice == pair[1].choice && pair[1].start == pair[0].end);
            let offered = distinct(on_line.iter().map(|m| m.choice));
            if offered.len() > 1 && !votes {
                return Some(AnswerReading::Unsure {
                    why: Unsure::SeveralChoices,
                    candidates: offered,
                });
            }
        }
    }
    None
}

/// Answers under conditions, or the answer left open ("it depends", "both work"): no one
/// answer.
fn no_one_answer(
    words: &[Word],
    mentions: &[Mention],
    owner: &[Option<usize>],
    clause: &[((usize, usize), bool)],
    stances: &[Stance],
) -> Option<AnswerReading> {
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
    // (Answering the condition, after its comma — not inside it: "If I had to choose between
    // D and C, I'd choose C".)
    let closed_if = closed_ifs(words);
    let answers_condition = |m: &Mention| closed_if[m.start];
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
    // "If we mean the textbook version, A; with the optimised one it's B": a choice under a
    // condition, and another answer later in the same sentence, are answers to two conditions.
    let sentence_end = |i: usize| {
        (i..words.len())
            .find(|&j| words[j].after.starts_with(['.', '!', '?']))
            .unwrap_or(words.len())
    };
    let alternatives = mentions.iter().enumerate().any(|(k, m)| {
        stances[k] != Stance::Rejects
            && answers_condition(m)
            && answers.iter().any(|(_, a)| {
                a.choice != m.choice && a.start > m.start && a.start <= sentence_end(m.start)
            })
    });
    // "It depends on the jurisdiction: under the majority rule A, under the minority rule B",
    // "… and … both work here": no one answer.
    // (The reply's own words, not a choice's: "if one or both could be measured".)
    let said_open = (0..words.len()).find_map(|i| {
        phrases::LISTS
            .open
            .at(words, i)
            .find(|p| (i..i + p.split(' ').count()).all(|j| owner[j].is_none()))
            .map(|p| (i, p))
    });
    // "It depends": on what, the choices it names say, even one conceded before a "but".
    let named_several = distinct(mentions.iter().map(|m| m.choice)).len() >= 2;
    // "… are both defensible; if I have to choose, B.": the writer pressed, after, picks one.
    let pressed_after = |at: usize| {
        mentions
            .iter()
            .any(|m| m.start > at && answers_condition(m) && pressed(words, m.start))
    };
    // ("The 15:00 one or (A) — honestly 50/50", "… → G). Your call.": the phrase says two
    // ways, or hands the choice back, whatever the reader could place.)
    let two_ways = |p: &str| {
        p.starts_with("both")
            || p.starts_with("either")
            || matches!(p, "50 50" | "fifty fifty" | "your call")
    };
    let open = said_open
        .is_some_and(|(at, p)| (two_ways(p) || named_several) && !pressed_after(at))
        || both_are_right(words, mentions);
    // "If they have finished, a lower likelihood. But if not, option C. Which reading do you
    // mean?", "If this is a workstation, unityhub.exe. But if …, (A) …": answers under two
    // conditions, named or not, and the asker asked which holds.
    let asks_which = conditions_answered(words, &closed_if) >= 2
        && mentions.iter().any(answers_condition)
        && asks_back_at_the_end(words);
    (conditional.len() >= 2 || alternatives || open || asks_which).then(|| AnswerReading::Unsure {
        why: Unsure::SeveralChoices,
        candidates: distinct(mentions.iter().map(|m| m.choice)),
    })
}

/// "Both C) CellCept 1.5 g and **E** (acyclovir 2 mg) are right": a sentence that opens with
/// "both", names two choices and says they are right.
fn both_are_right(words: &[Word], mentions: &[Mention]) -> bool {
    const RIGHT: &[&str] = &["right", "correct", "valid", "true", "acceptable"];
    (0..words.len()).any(|i| {
        (i == 0 || words[i - 1].ends_clause) && words[i].text == "both" && {
            let end = (i..words.len())
                .find(|&j| words[j].ends_clause)
                .unwrap_or(words.len() - 1);
            let named = distinct(
                mentions
                    .iter()
                    .filter(|m| m.start > i && m.end <= end + 1)
                    .map(|m| m.choice),
            );
            // ("Both C) scatter plot and Gauge are right": "both" says two, whatever the
            // reader could place.)
            !named.is_empty()
                && (i + 1..=end).any(|j| {
                    // (Ending the sentence: "Both B and D are correct, but **D** is safer"
                    // goes on to prefer one.)
                    words[j].text == "are"
                        && words.get(j + 1).is_some_and(|w| {
                            RIGHT.contains(&w.text.as_str())
                                && (w.after.starts_with(['.', '!', ';']) || j + 2 == words.len())
                        })
                })
        }
    })
}

/// Whether the "if" before word `at` in its sentence puts the writer to a choice ("if I have
/// to choose, B", "if forced, D").
fn pressed(words: &[Word], at: usize) -> bool {
    let Some(i) = (0..at)
        .rev()
        .take_while(|&j| !words[j].after.starts_with(['.', '!', '?']))
        .find(|&j| words[j].text == "if")
    else {
        return false;
    };
    words
        .get(i + 1)
        .is_some_and(|w| matches!(w.text.as_str(), "i" | "forced" | "pressed" | "pushed"))
}

/// How many sentences open with "if" ("But if …", "… ; if …") and answer it after its comma.
fn conditions_answered(words: &[Word], closed_if: &[bool]) -> usize {
    let mut count = 0;
    let mut from = 0;
    for (i, w) in words.iter().enumerate() {
        let ends = w.after.starts_with(['.', '!', '?', ';', ':']) || i + 1 == words.len();
        if ends {
            let opens_with_if = words[from..=i].iter().take(2).any(|w| w.text == "if");
            if opens_with_if && (from..=i).any(|j| closed_if[j]) {
                count += 1;
            }
            from = i + 1;
        }
    }
    count
}

/// Whether the reply's last sentence asks the asker something ("Which reading do you mean?").
fn asks_back_at_the_end(words: &[Word]) -> bool {
    if !words.last().is_some_and(|w| w.after.contains('?')) {
        return false;
    }
    let from = (0..words.len() - 1)
        .rev()
        .find(|&j| words[j].after.starts_with(['.', '!', '?', ';']))
        .map_or(0, |j| j + 1);
    words[from..]
        .iter()
        .any(|w| matches!(w.text.as_str(), "you" | "your" | "youre"))
}

/// Whether a comma closed an "if" earlier in the sentence, before each word ("If I had to
/// choose between D and C, I'd choose C": C answers the condition) — found in one pass, not
/// once a mention.
pub(super) fn closed_ifs(words: &[Word]) -> Vec<bool> {
    let mut closed_if = Vec::with_capacity(words.len());
    let (mut open_if, mut comma) = (false, false);
    for w in words {
        closed_if.push(open_if && comma);
        if w.text == "if" {
            (open_if, comma) = (true, false);
        }
        if open_if && w.after.starts_with(',') {
            comma = true;
        }
        if w.after.starts_with(['.', '!', '?']) {
            (open_if, comma) = (false, false);
        }
    }
    closed_if
}

/// The choices, each once, in order.
pub(super) fn distinct(choices: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut out: Vec<usize> = choices.collect();
    out.sort_unstable();
    out.dedup();
    out
}
