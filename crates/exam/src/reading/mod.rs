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
//!
//! The reply is first made ready ([`prepare`]: bounded, special tokens, sources and a restated
//! question off, a JSON answer field) and cut into [`words`]; places in words or numbers are
//! [`places`], the cue phrases [`phrases`], the verdict from the mentions [`decide`], and
//! odds given per choice [`odds`], an amount rounded [`rounded`].

mod alike;
mod check;
mod cues;
mod decide;
mod emphasis;
mod excepted;
mod forms;
mod formulas;
mod fragment;
mod labels;
mod latex;
mod letters;
mod lists;
mod model;
mod none_given;
mod odds;
mod own_words;
mod phrases;
mod places;
mod prepare;
mod ranked;
mod rounded;
mod several;
mod statements;
mod text;
mod words;

pub use check::{LabelledReply, ReplyModelCheck, check_reply_model, labelled_replies};
use decide::decide;
pub use model::{
    MEANING_MARGIN, ModelVote, ReplyHelpers, ReplyModel, ask_model, by_meaning, helped,
    read_answer_with,
};
use prepare::{
    before_next_turn, bounded, json_answer, spelled_articles, stopped_agent, without_html,
    without_question, without_sources, without_special_tokens,
};
pub use proctor_core::{AnswerReading, NoAnswer, Unsure, Way};
use words::Word;

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
    let reading = read_reply(reply, choices);
    // Choices that are sets of statements ("only 1", "1 and 2 both") are named by what the
    // reply concludes of the statements ("Both 1 and 2 are correct").
    if let Some(concluded) = statements::chosen(&bounded(reply), choices) {
        return by_statements(reading, concluded);
    }
    // "The answer is B. … Final answer: [A]": a final answer that the prose above it
    // contradicts in so many words, never taken back, is a conflict.
    if let AnswerReading::Chose { choice, .. } = reading
        && let Some(above) = forms::before_final_answer(reply)
        && let Some(other) = read_reply(above, choices).choice()
        && other != choice
        && forms::says_the_answer(above)
    {
        return AnswerReading::Unsure {
            why: Unsure::Conflict,
            candidates: decide::distinct([choice, other].into_iter()),
        };
    }
    reading
}

/// The reading of a reply that concludes which statements hold (`concluded`: the choice that
/// is that set, or none is): a letter that names another set is a conflict; a choice read by
/// its words gives way to the conclusion; a set that no choice is needs a look.
fn by_statements(reading: AnswerReading, concluded: Result<usize, ()>) -> AnswerReading {
    match (reading, concluded) {
        (
            AnswerReading::Chose {
                choice,
                way: Way::Letter,
            },
            Ok(set),
        ) if choice != set => AnswerReading::Unsure {
            why: Unsure::Conflict,
            candidates: decide::distinct([choice, set].into_iter()),
        },
        (
            reading @ AnswerReading::Chose {
                way: Way::Letter, ..
            },
            _,
        ) => reading,
        (_, Ok(set)) => AnswerReading::Chose {
            choice: set,
            way: Way::Text,
        },
        (_, Err(())) => AnswerReading::Unsure {
            why: Unsure::NoChoiceNamed,
            candidates: Vec::new(),
        },
    }
}

/// Reads a reply, up to what its final answer line gives.
fn read_reply(reply: &str, choices: &[String]) -> AnswerReading {
    let bounded = bounded(reply);
    let labelled = labels::exam_labels(&bounded, choices);
    let plain = forms::plain_letters(&labelled);
    let spoken = without_special_tokens(&plain);
    let spelled = spelled_articles(&spoken);
    let spelled = forms::radio_letters(&spelled);
    let spelled = forms::starred_corrections(&spelled);
    let spelled = forms::verdict_arrows(&spelled);
    let cleaned = without_html(&spelled);
    let cleaned = forms::unglued(&cleaned);
    let cleaned = prepare::patched(&cleaned);
    let reply = before_next_turn(without_question(without_sources(
        prepare::without_quoted_thread(forms::after_final_answer(forms::after_reasoning(
            cleaned.trim(),
        ))),
    )));
    if reply.is_empty() {
        return AnswerReading::NoAnswer {
            why: NoAnswer::Empty,
        };
    }
    if stopped_agent(reply) {
        return AnswerReading::NoAnswer {
            why: NoAnswer::Abstains,
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
    let json = json_answer(reply);
    // An answer field left empty (`{"answer": null, "reason": "no passages retrieved"}`) gives
    // no answer, unless the rest of the reply names one.
    let empty_field = json.as_ref().is_some_and(|j| j.answer.trim().is_empty());
    if let Some(json) = json {
        let inner = read_answer(&json.answer, choices);
        if !matches!(
            inner,
            AnswerReading::NoAnswer {
                why: NoAnswer::Empty
            }
        ) {
            // The answer's text or place beside it must name the same choice.
            if let AnswerReading::Chose { choice, .. } = inner {
                let by_text = json
                    .text
                    .as_deref()
                    .and_then(|t| read_answer(t, choices).choice());
                let others: Vec<usize> = [by_text, json.index.filter(|i| *i < choices.len())]
                    .into_iter()
                    .flatten()
                    .filter(|c| *c != choice)
                    .collect();
                if !others.is_empty() {
                    let mut candidates = others;
                    candidates.push(choice);
                    return AnswerReading::Unsure {
                        why: Unsure::Conflict,
                        candidates: decide::distinct(candidates.into_iter()),
                    };
                }
            }
            return inner;
        }
    }
    let words = words::words(reply);
    // A reply that is one choice's text, word for word, is that choice.
    let said: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    let exact: Vec<usize> = choices
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let own = words::words(c);
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
    // Choices told apart by their symbols are found where the reply writes them; that place
    // is theirs, whatever the words alone would name.
    let by_form = formulas::mentions(reply, &words, choices);
    let mut by_text = text::mentions(&words, choices);
    by_text.retain(|t| !by_form.iter().any(|f| f.start < t.end && t.start < f.end));
    by_text.extend(by_form);
    by_text.sort_by_key(|m| (m.start, m.end));
    let numbered = !choices.iter().any(|c| {
        words::words(c)
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
    // mention: what follows the text speaks of both — not a question and its answer ("Is it
    // A? No — \"zero times\" miscounts").
    let asked = |m: &Mention| {
        words[m.end - 1].after.contains('?')
            || words
                .get(m.end)
                .is_some_and(|w| matches!(w.text.as_str(), "no" | "not" | "yes"))
    };
    let mut merged: Vec<usize> = Vec::new();
    for m in &mut mentions {
        if asked(m) {
            continue;
        }
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
    // A reply that ends on a letter with another choice's text set right beside it ("I pick
    // option C: Information" where C is "Error", "F (Nasacort 220 mcg)"): the letter and the
    // text disagree. (Not one of two set side by side: "Comparing A and B: \"…\"".)
    let beside = |m: &Mention, t: &Mention| {
        let sep = words[m.end - 1].after.trim();
        t.start == m.end
            && t.end == words.len()
            && words[t.start].line == words[m.end - 1].line
            && (matches!(sep, ":" | "=" | "-" | "—" | "–" | ")" | "." | "]")
                || sep.is_empty() && words[t.start].before.contains(['(', '"', '“', '[']))
            && !(m.start > 0
                && matches!(
                    words[m.start - 1].text.as_str(),
                    "and" | "or" | "vs" | "versus" | "between"
                ))
    };
    let own_text_at = |m: &Mention| {
        by_text
            .iter()
            .any(|t| t.choice == m.choice && t.start == m.end)
    };
    if let Some((m, t)) = mentions
        .iter()
        .filter(|m| m.by_place && !m.with_text && !own_text_at(m))
        .find_map(|m| {
            by_text
                .iter()
                .find(|t| t.choice != m.choice && beside(m, t))
                .map(|t| (m.choice, t.choice))
        })
    {
        return AnswerReading::Unsure {
            why: Unsure::Conflict,
            candidates: decide::distinct([m, t].into_iter()),
        };
    }
    // A letter and its text alone on the reply's last line, under reasoning ("…\n\n[D. 4.3.3]"),
    // is the answer under it — not the last of the choices listed one a line.
    let opens_line = |i: usize| i == 0 || words[i - 1].line != words[i].line;
    let lettered_lines: Vec<usize> = mentions
        .iter()
        .filter(|m| opens_line(m.start))
        .map(|m| words[m.start].line)
        .collect();
    if let Some(last) = mentions.last_mut()
        && last.with_text
        && last.end == words.len()
        && last.start > 0
        && opens_line(last.start)
        // (Not a list's last item: "Ranking:\n- A – 18\n- …\n- D: 72".)
        && !words[last.start].in_item()
        && !lettered_lines.contains(&words[last.start - 1].line)
    {
        last.explicit = true;
    }
    mentions.extend(
        by_text
            .into_iter()
            .enumerate()
            .filter(|(k, _)| !merged.contains(k))
            .map(|(_, t)| t),
    );
    mentions.sort_by_key(|m| (m.start, m.end));
    let of_pairs = places::of_a_pair(&words, &mentions);
    if !of_pairs.is_empty() {
        mentions.extend(of_pairs);
        mentions.sort_by_key(|m| (m.start, m.end));
    }
    // No reply worth reading names the choices hundreds of times: of a degenerate one, the
    // first and the last mentions are read (a final answer stays), so reading stays fast.
    if mentions.len() > MAX_MENTIONS {
        let tail = mentions.split_off(mentions.len() - MAX_MENTIONS * 2 / 3);
        mentions.truncate(MAX_MENTIONS / 3);
        mentions.extend(tail);
    }
    ranked::places_in_the_list(&words, &mut mentions);
    // A reply that opens with a choice answers with it — its text alone as the first sentence
    // ("E104. Stuck uploads are …"), or its letter and text ("Option C (grant …). …") — unless
    // it lists the choices, one a line.
    let listed = mentions
        .iter()
        .filter(|m| m.start == 0 || words[m.start - 1].line != words[m.start].line)
        .count()
        >= 2
        // … or goes through them, letter and text ("Option A says \"…\". Option B says …").
        || decide::distinct(mentions.iter().filter(|m| m.with_text).map(|m| m.choice)).len()
            >= 2;
    if let Some(first) = mentions.first_mut()
        && !listed
        && first.start == 0
        && (first.with_text || !first.by_place && words[first.end - 1].ends_clause)
        // (Not where the sentence goes on: "A (…!) is tempting, but C …".)
        && !words.get(first.end).is_some_and(|w| {
            matches!(
                w.text.as_str(),
                "is" | "was" | "seems" | "looks" | "might" | "may" | "could" | "would"
            )
        })
        && words.len() > first.end
    {
        first.explicit = true;
    }
    // Letters labelled inside brackets beside an answer said outside them, or several of them
    // ("C: the other three fail (A: …; B: …; D: …)"), are what the reply says of the others.
    // (A letter alone in its brackets, "(D)", is a letter's form, not an aside.)
    let aside = |m: &Mention| {
        words[m.start].in_parens
            && (m.start > 0 && words[m.start - 1].in_parens
                || words.get(m.start + 1).is_some_and(|w| w.in_parens))
    };
    let in_brackets = decide::distinct(
        mentions
            .iter()
            .filter(|m| m.by_place && aside(m))
            .map(|m| m.choice),
    );
    if in_brackets.len() >= 2 || mentions.iter().any(|m| m.explicit && !aside(m)) {
        let asides: Vec<bool> = mentions.iter().map(aside).collect();
        for (m, _) in mentions.iter_mut().zip(asides).filter(|(_, a)| *a) {
            m.explicit = false;
        }
    }
    letters::someone_elses(&words, &mut mentions);
    if let Some(candidates) = several::at_once(&words, &mentions) {
        return AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates,
        };
    }
    if let Some((choice, by_place)) = excepted::the_one(&words, &mentions) {
        return AnswerReading::Chose {
            choice,
            way: if by_place { Way::Letter } else { Way::Text },
        };
    }
    let unfinished = none_given::unfinished_reasoning(reply, &words)
        || none_given::cut_before_its_answer(reply, &words, &mentions);
    let decide::Decision {
        reading,
        several_asserted,
        asserted_apart,
        left_open,
    } = decide(&words, &mentions, choices.len(), unfinished);
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
    // A reply that names no choice may restate one in its own words — unless it was cut off
    // before its answer (a quotation it stopped inside restates nothing).
    if let AnswerReading::Unsure {
        why: Unsure::NoChoiceNamed,
        ..
    } = reading
        && !unfinished
        && let Some(choice) = own_words::restated(&words, choices)
            .or_else(|| lists::listed(&words, choices))
            .or_else(|| fragment::phrase_of(&words, choices))
            .or_else(|| rounded::named(reply, choices))
    {
        return AnswerReading::Chose {
            choice,
            way: Way::Text,
        };
    }
    // "Ranking: A = B > C", "B 45% / A 45%": level at the top, several.
    if let AnswerReading::Chose { .. } | AnswerReading::Unsure { .. } = reading
        && let Some(level) = ranked::tied_first(reply, &words, &mentions)
            .or_else(|| odds::tied_top(reply, choices.len()))
    {
        return AnswerReading::Unsure {
            why: Unsure::SeveralChoices,
            candidates: level,
        };
    }
    // Odds given per choice with one above half ("A: 6%, B: 1%, C: 90%, D: 3%"), or scores
    // with one on top ("A: 7/10\nB: 1/10\nC: 0/10").
    if let AnswerReading::Unsure {
        why: Unsure::NoChoiceNamed | Unsure::SeveralChoices,
        ..
    } = reading
        && let Some(choice) =
            odds::favourite(reply, choices.len()).or_else(|| odds::top_scored(reply, choices.len()))
    {
        return AnswerReading::Chose {
            choice,
            way: Way::Letter,
        };
    }
    // Several named and none committed to in words: the one ranked first (a ranking's order
    // stands over a bold item in it: "1. C. neutral … 3. **B**") …
    if let AnswerReading::Unsure {
        why: Unsure::SeveralChoices,
        ..
    } = reading
        && !left_open
        && let Some(choice) = ranked::first(&words, &mentions)
    {
        return AnswerReading::Chose {
            choice,
            way: Way::Letter,
        };
    }
    // … or the one set in bold, or the one the conclusion names.
    if let AnswerReading::Unsure {
        why: Unsure::SeveralChoices,
        ..
    } = reading
        && !asserted_apart
        && !left_open
        && let Some(choice) = emphasis::marked(reply, choices, !several_asserted)
    {
        return AnswerReading::Chose {
            choice,
            way: Way::Text,
        };
    }
    none_given::settle(
        reading,
        reply,
        &words,
        &mentions,
        choices,
        (empty_field, unfinished),
    )
}

/// The most mentions of choices read in one reply.
const MAX_MENTIONS: usize = 300;

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
            let own = words::words(c);
            own.len() == 1 && own[0].text == only.text
        });
        return index >= choices.len() && index < 26 && !own_text;
    }
    false
}

#[cfg(test)]
mod tests;
