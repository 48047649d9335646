//! The forms a reply's answer takes before its words are read: letters written in other
//! characters (full-width "Ａ", circled "ⓑ", "🅰️", "ℂ", a Greek or Cyrillic capital standing
//! alone as "Β"), an answer inside tags (`<answer>C</answer>`, `<final>A</final>`), the answer
//! after an agent's "Final Answer:" line, and reasoning blocks set aside (`<reasoning>…`).

/// The reply with its letters in plain Latin: compatibility forms folded (full-width, circled,
/// mathematical letters), squared and regional-indicator letters read as letters, and a Greek
/// or Cyrillic capital that stands alone (no letter beside it) read as the Latin one it looks
/// like.
pub(super) fn plain_letters(reply: &str) -> String {
    // (An ellipsis stays one: it marks a quoted choice cut short.)
    let folded = reply
        .split('…')
        .map(proctor_core::text::compatible)
        .collect::<Vec<_>>()
        .join("…");
    let chars: Vec<char> = folded.chars().filter(|c| *c != '\u{fe0f}').collect();
    let mut out = String::with_capacity(folded.len());
    for (i, &c) in chars.iter().enumerate() {
        // A keycap digit ("3️⃣") is that option's number.
        if c.is_ascii_digit() && chars.get(i + 1) == Some(&KEYCAP) {
            out.push_str("option ");
        }
        if c == KEYCAP {
            continue;
        }
        let alone = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_none_or(|n| !n.is_alphabetic())
        };
        let standing_alone = alone(i.checked_sub(1)) && alone(Some(i + 1));
        out.push(match c {
            // 🅰 … 🆉 and 🄰 … 🅉 (squared), 🇦 … 🇿 (regional indicators).
            '\u{1F170}'..='\u{1F189}' => shifted(c, 0x1F170),
            '\u{1F130}'..='\u{1F149}' => shifted(c, 0x1F130),
            // 🅐 … 🅩 (negative circled).
            '\u{1F150}'..='\u{1F169}' => shifted(c, 0x1F150),
            '\u{1F1E6}'..='\u{1F1FF}' => shifted(c, 0x1F1E6),
            _ if standing_alone => look_alike(c).unwrap_or(c),
            _ => c,
        });
    }
    out
}

/// The mark that sets a digit in a key's cap ("3️⃣").
const KEYCAP: char = '\u{20e3}';

/// The reply with a letter spelt in the radio alphabet read as the letter ("Answer is Bravo.
/// Over."), where the reply talks as on the radio — a capitalised word of that alphabet
/// elsewhere is a name ("Charlie should ask").
pub(super) fn radio_letters(reply: &str) -> std::borrow::Cow<'_, str> {
    const RADIO: &[&str] = &[
        "roger",
        "copy that",
        "say again",
        "over and out",
        "wilco",
        " over.",
    ];
    const ALPHABET: [&str; 26] = [
        "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India",
        "Juliett", "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo",
        "Sierra", "Tango", "Uniform", "Victor", "Whiskey", "X-ray", "Yankee", "Zulu",
    ];
    let lower = reply.to_lowercase();
    if !RADIO.iter().any(|r| lower.contains(r)) {
        return std::borrow::Cow::Borrowed(reply);
    }
    let mut out = String::with_capacity(reply.len());
    let mut rest = reply;
    while let Some(at) = rest.find(|c: char| c.is_ascii_uppercase()) {
        let word_end = rest[at..]
            .find(|c: char| !(c.is_ascii_alphabetic() || c == '-'))
            .map_or(rest.len(), |e| at + e);
        let word = &rest[at..word_end];
        let glued = rest[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric);
        let spelt = ALPHABET.iter().position(|a| {
            *a == word || (word == "Alfa" && *a == "Alpha") || (word == "Juliet" && *a == "Juliett")
        });
        out.push_str(&rest[..at]);
        match spelt {
            Some(k) if !glued => out.push(char::from(b'A' + u8::try_from(k).unwrap_or(0))),
            _ => out.push_str(word),
        }
        rest = &rest[word_end..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// A line that opens with a starred letter after an answer ("it's C\n*D i mean", "*H — sorry"):
/// the chat writer's correction of what came before, read as one ("correction: D i mean"). A
/// line with a second star is emphasis, and "* item" a list.
pub(super) fn starred_corrections(reply: &str) -> std::borrow::Cow<'_, str> {
    let corrected = |line: &str| {
        let t = line.trim_start();
        t.strip_prefix('*').is_some_and(|rest| {
            let mut chars = rest.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.next().is_none_or(|c| !c.is_alphanumeric())
                && !rest.contains('*')
        })
    };
    let mut lines = reply.lines();
    let first_said = lines.by_ref().any(|l| !l.trim().is_empty());
    if !first_said || !lines.any(corrected) {
        return std::borrow::Cow::Borrowed(reply);
    }
    let mut seen = false;
    let out: Vec<String> = reply
        .lines()
        .map(|line| {
            let said_before = seen;
            seen |= !line.trim().is_empty();
            if said_before && corrected(line) {
                // (Only the letter: "sorry, typo" after it takes nothing back.)
                let letter = line.trim_start()[1..].chars().next().unwrap_or(' ');
                format!("correction: {letter}.")
            } else {
                line.to_string()
            }
        })
        .collect();
    std::borrow::Cow::Owned(out.join("\n"))
}

/// An arrow after a word that announces the answer ("Decision → C", "Verdict -> B") says what
/// a colon says: the answer follows. (Between other words it is an order: "Best → worst".)
pub(super) fn verdict_arrows(reply: &str) -> std::borrow::Cow<'_, str> {
    const ARROWS: &[&str] = &["→", "->", "=>", "⇒", "⟶", "➡"];
    const ANNOUNCING: &[&str] = &[
        "decision",
        "verdict",
        "answer",
        "winner",
        "pick",
        "choice",
        "result",
        "conclusion",
        "final",
        "so",
        "therefore",
        "selected",
    ];
    let mut out = String::with_capacity(reply.len());
    let mut rest = reply;
    let mut changed = false;
    while let Some((at, arrow)) = ARROWS
        .iter()
        .filter_map(|a| rest.find(a).map(|at| (at, *a)))
        .min_by_key(|(at, _)| *at)
    {
        let before = rest[..at].trim_end();
        let word = before
            .rsplit(|c: char| !c.is_alphabetic())
            .next()
            .unwrap_or_default()
            .to_lowercase();
        if ANNOUNCING.contains(&word.as_str()) {
            out.push_str(before);
            out.push(':');
            changed = true;
        } else {
            out.push_str(&rest[..at + arrow.len()]);
        }
        rest = &rest[at + arrow.len()..];
    }
    if !changed {
        return std::borrow::Cow::Borrowed(reply);
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// The capital letter at `c`'s place in a block of 26 starting at `first`.
fn shifted(c: char, first: u32) -> char {
    char::from_u32(u32::from(c) - first + u32::from('A')).unwrap_or(c)
}

/// The Latin letter a Greek, Cyrillic, Cherokee or Lisu letter looks like, if any.
fn look_alike(c: char) -> Option<char> {
    Some(match c {
        'Α' | 'А' | 'Ꭺ' | 'ꓮ' => 'A',
        'Β' | 'В' | 'Ᏼ' | 'ꓐ' => 'B',
        'С' | 'Ꮯ' | 'ꓚ' => 'C',
        'Ꭰ' | 'ꓓ' => 'D',
        'Ε' | 'Е' => 'E',
        'а' => 'a',
        'с' => 'c',
        _ => return None,
    })
}

/// What stands inside an answer tag (`<answer>C</answer>`, `<final>…</final>`,
/// `<final_answer>…`), the last such tag, if any holds something.
pub(super) fn tagged_answer(reply: &str) -> Option<&str> {
    const TAGS: &[&str] = &[
        "answer",
        "final_answer",
        "final",
        "choice",
        "result",
        "output",
        "response",
        "selected",
        "selection",
        "correct_answer",
    ];
    let lower = reply.to_ascii_lowercase();
    TAGS.iter().find_map(|tag| {
        let open = format!("<{tag}>");
        let close = format!("</{tag}>");
        let start = lower.rfind(&open)? + open.len();
        let end = start + lower[start..].find(&close)?;
        let inside = reply[start..end].trim();
        // Two such tags that hold different answers ("<answer>H</answer>\n<answer>E</answer>")
        // give none of them: the reply is read whole.
        let first = lower.find(&open)? + open.len();
        let other = lower[first..]
            .find(&close)
            .map(|e| reply[first..first + e].trim());
        let disagree = first != start && other.is_some_and(|o| !o.eq_ignore_ascii_case(inside));
        (!inside.is_empty() && !disagree).then_some(inside)
    })
}

/// The reply without reasoning set apart in tags (`<reasoning>…</reasoning>`, `<scratchpad>`,
/// `<thinking>`, `<analysis>`): what follows the last such block, where anything does.
pub(super) fn after_reasoning(reply: &str) -> &str {
    const CLOSING: &[&str] = &[
        "</think>",
        "</thinking>",
        "</reasoning>",
        "</scratchpad>",
        "</analysis>",
        "</thought>",
    ];
    let lower = reply.to_ascii_lowercase();
    CLOSING
        .iter()
        .filter_map(|tag| lower.rfind(tag).map(|at| at + tag.len()))
        .max()
        .map(|end| reply[end..].trim())
        .filter(|rest| !rest.is_empty())
        .unwrap_or(reply)
}

/// A letter glued to the next label, as markup stripped of its line breaks leaves it
/// ("Answer:DExplanation:Comparing …"): a line break after the letter.
pub(super) fn unglued(reply: &str) -> std::borrow::Cow<'_, str> {
    let lower = reply.to_ascii_lowercase();
    let glued: Vec<usize> = lower
        .match_indices("answer:")
        .filter_map(|(at, label)| {
            let rest = &reply[at + label.len()..];
            let letter_at = rest.len() - rest.trim_start().len();
            let mut chars = rest[letter_at..].chars();
            let (letter, next, after) = (chars.next()?, chars.next()?, chars.next()?);
            (letter.is_ascii_uppercase() && next.is_ascii_uppercase() && after.is_ascii_lowercase())
                .then_some(at + label.len() + letter_at + 1)
        })
        .collect();
    if glued.is_empty() {
        return std::borrow::Cow::Borrowed(reply);
    }
    let mut out = String::with_capacity(reply.len() + glued.len());
    let mut from = 0;
    for at in glued {
        out.push_str(&reply[from..at]);
        out.push('\n');
        from = at;
    }
    out.push_str(&reply[from..]);
    std::borrow::Cow::Owned(out)
}

/// Where the reply's last "Final Answer:" line starts, if a line starts so.
fn final_answer_line(lower: &str) -> Option<usize> {
    lower
        .match_indices("final answer:")
        .map(|(at, _)| at)
        .filter(|&at| at == 0 || lower[..at].ends_with('\n'))
        .last()
}

/// An agent's answer: what follows its last "Final Answer:" line (a ReAct trace's thoughts,
/// actions and observations before it are not the answer).
pub(super) fn after_final_answer(reply: &str) -> &str {
    final_answer_line(&reply.to_ascii_lowercase())
        .map(|at| reply[at + "final answer:".len()..].trim())
        .filter(|rest| !rest.is_empty())
        .unwrap_or(reply)
}

/// The prose above a final answer line, when it is prose and not an agent's trace of thoughts,
/// actions and observations (those may well change their mind).
pub(super) fn before_final_answer(reply: &str) -> Option<&str> {
    let lower = reply.to_ascii_lowercase();
    let at = final_answer_line(&lower).filter(|&at| at > 0)?;
    let trace = ["thought:", "action:", "observation:"]
        .iter()
        .any(|m| lower[..at].contains(m));
    (!trace)
        .then(|| reply[..at].trim())
        .filter(|above| !above.is_empty())
}

/// Whether the text says in so many words that a choice is the answer ("The answer is B", "B
/// is correct", "the best option is D") and takes nothing back on the way ("The answer is A.
/// Wait, no …").
pub(super) fn says_the_answer(text: &str) -> bool {
    let words = super::words::words(text);
    let lists = &super::phrases::LISTS;
    let anywhere = |list: &super::phrases::PhraseList| {
        (0..words.len()).any(|at| list.at(&words, at).next().is_some())
    };
    let answer_is = words
        .windows(2)
        .any(|w| w[0].text == "answer" && w[1].text == "is");
    !anywhere(&lists.retract)
        && (answer_is || anywhere(&lists.firm_after) || anywhere(&lists.firm_before))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_in_other_characters_are_letters() {
        assert_eq!(plain_letters("Answer：（Ａ）"), "Answer:(A)");
        assert_eq!(plain_letters("Answer: ⓑ"), "Answer: b");
        assert_eq!(plain_letters("Answer: 🅰️"), "Answer: A");
        assert_eq!(
            plain_letters("The correct choice is ℂ."),
            "The correct choice is C."
        );
        assert_eq!(plain_letters("Correct option — Β"), "Correct option — B");
        // Inside a word a Greek letter stays Greek: "Βήτα" is no "B".
        assert_eq!(plain_letters("Βήτα"), "Βήτα");
        assert_eq!(
            plain_letters("it's 'Yes, because …'"),
            "it's 'Yes, because …'"
        );
    }

    #[test]
    fn tags_reasoning_and_final_answers() {
        assert_eq!(
            tagged_answer("<scratchpad>D?</scratchpad>\n<final>A</final>"),
            Some("A")
        );
        assert_eq!(tagged_answer("<answer></answer>"), None);
        assert_eq!(
            after_reasoning("<reasoning>D looked tempting.</reasoning>\n\n**A**"),
            "**A**"
        );
        assert_eq!(
            after_final_answer("Thought: C?\nObservation: the shapes are C\nFinal Answer: B"),
            "B"
        );
        assert_eq!(
            after_final_answer("My final answer: B"),
            "My final answer: B"
        );
        assert_eq!(
            before_final_answer("The answer is B.\nFinal answer: A"),
            Some("The answer is B.")
        );
        assert_eq!(before_final_answer("Final answer: A"), None);
        assert_eq!(
            before_final_answer("Thought: B?\nObservation: no\nFinal answer: A"),
            None
        );
    }

    #[test]
    fn saying_the_answer_in_so_many_words() {
        assert!(says_the_answer(
            "The answer is B, since port 80 is plain HTTP."
        ));
        assert!(says_the_answer("So D is the best option here."));
        assert!(says_the_answer("The correct choice is C."));
        // A word that holds "wait" is no retraction; "wait, no" is.
        assert!(says_the_answer(
            "Requests await the lock, so the answer is B."
        ));
        assert!(!says_the_answer("The answer is B. Wait, no, it must be A."));
        assert!(!says_the_answer("B looks plausible and C might fit."));
    }
}
