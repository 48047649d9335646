//! Choices that differ by their symbols — formulas ("w = u - 13 + e" against "w = u - 13 - e"),
//! signed or grouped numbers ("-15552", "312213"), codes a reply may spell out ("H-Q-Q") — which a reply's words alone cannot tell apart:
//! each is found where the reply writes it, spaces, bold and `$…$` aside, "×" as "*", "−" as
//! "-" (an em dash is prose), "1,575" as "1575", and "equals", "is", "plus", "minus", "times", "over" as their signs
//! ("k is r - x / 11" for "k = r - x / 11"). A place names the choice when it is bounded (no
//! digit, sign or bracket runs on either side, and a letter only across a space) and no other
//! choice is written there as fully.

use super::Mention;
use super::words::Word;

/// Signs a formula is written with.
const SIGNS: &[char] = &['=', '+', '-', '*', '/', '^', '(', ')', '<', '>'];

/// Words that stand for a sign when a reply says a formula in words.
const SAID: &[(&str, char)] = &[
    ("equals", '='),
    ("is", '='),
    ("plus", '+'),
    ("minus", '-'),
    ("times", '*'),
    ("over", '/'),
];

/// A text written compactly, each character with where it stands in the text and whether a
/// space came before it.
struct Compact {
    chars: Vec<char>,
    at: Vec<usize>,
    spaced: Vec<bool>,
}

/// The text written compactly; `words` (the text's own) turn said signs into signs.
fn compact(text: &str, words: Option<&[Word]>) -> Compact {
    let chars: Vec<char> = text.chars().collect();
    let mut said: Vec<Option<(char, usize)>> = vec![None; chars.len()];
    for w in words.into_iter().flatten() {
        if let Some((_, sign)) = SAID.iter().find(|(word, _)| *word == w.text)
            && w.at < chars.len()
        {
            said[w.at] = Some((*sign, w.raw.chars().count()));
        }
    }
    let mut out = Compact {
        chars: Vec::new(),
        at: Vec::new(),
        spaced: Vec::new(),
    };
    let mut space = true;
    let mut i = 0;
    while i < chars.len() {
        if let Some((sign, length)) = said[i] {
            out.chars.push(sign);
            out.at.push(i);
            out.spaced.push(space);
            space = true;
            i += length;
            continue;
        }
        let c = chars[i];
        let bold = c == '*' && (chars.get(i + 1) == Some(&'*') || i > 0 && chars[i - 1] == '*');
        // "1,575": a comma between digits groups them.
        let grouping = c == ','
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars
                .get(i + 1..i + 4)
                .is_some_and(|g| g.iter().all(char::is_ascii_digit))
            && chars.get(i + 4).is_none_or(|n| !n.is_ascii_digit());
        if c.is_whitespace() {
            space = true;
        } else if !(bold || grouping || matches!(c, '$' | '`' | '\\')) {
            let c = match c {
                '×' | '·' | '∙' => '*',
                '−' | '–' => '-',
                '÷' => '/',
                c => c.to_lowercase().next().unwrap_or(c),
            };
            out.chars.push(c);
            out.at.push(i);
            out.spaced.push(space);
            space = false;
        }
        i += 1;
    }
    without_trailing_zeros(&out)
}

/// A code spelled out character by character ("H-Q-Q", "X-1-7-O" for "HQQ", "X17O"): three or
/// more single letters or digits joined by hyphens with no spaces, the hyphens dropped.
fn unspelled(text: &Compact) -> Compact {
    let n = text.chars.len();
    let single = |k: usize| {
        text.chars[k].is_alphanumeric()
            && (k == 0 || text.spaced[k] || !text.chars[k - 1].is_alphanumeric())
            && (k + 1 == n || text.spaced[k + 1] || !text.chars[k + 1].is_alphanumeric())
    };
    let mut keep = vec![true; n];
    let mut i = 0;
    while i < n {
        let mut j = i;
        while single(j) && j + 2 < n && text.chars[j + 1] == '-' && !text.spaced[j + 1] {
            if !single(j + 2) || text.spaced[j + 2] {
                break;
            }
            j += 2;
        }
        if (j - i) / 2 >= 2 {
            for k in (i + 1..j).step_by(2) {
                keep[k] = false;
            }
        }
        i = j + 1;
    }
    keeping(text, &keep)
}

/// The characters of a compact text that are kept.
fn keeping(text: &Compact, keep: &[bool]) -> Compact {
    let mut out = Compact {
        chars: Vec::with_capacity(keep.len()),
        at: Vec::with_capacity(keep.len()),
        spaced: Vec::with_capacity(keep.len()),
    };
    for (k, _) in keep.iter().enumerate().filter(|(_, kept)| **kept) {
        out.chars.push(text.chars[k]);
        out.at.push(text.at[k]);
        out.spaced.push(text.spaced[k]);
    }
    out
}

/// Whether every choice is a code: one run of two to eight letters and digits ("HQQ", "E4FG",
/// "rsurts"), which a reply may spell out.
fn codes(choices: &[String]) -> bool {
    choices.iter().all(|c| {
        let c = c.trim();
        (2..=8).contains(&c.chars().count()) && c.chars().all(char::is_alphanumeric)
    })
}

/// A decimal's trailing zeros dropped ("11.340" is 11.34, "3.50" is 3.5), one digit kept after
/// the point.
fn without_trailing_zeros(text: &Compact) -> Compact {
    let n = text.chars.len();
    let mut keep = vec![true; n];
    let mut i = 0;
    while i < n {
        if text.chars[i] == '.' && i > 0 && text.chars[i - 1].is_ascii_digit() {
            let end = (i + 1..n)
                .find(|&k| !text.chars[k].is_ascii_digit())
                .unwrap_or(n);
            let mut k = end;
            while k > i + 2 && text.chars[k - 1] == '0' {
                k -= 1;
                keep[k] = false;
            }
            i = end;
        } else {
            i += 1;
        }
    }
    keeping(text, &keep)
}

/// Whether a choice is told apart by its symbols: it holds a sign or is a number.
fn symbolic(compact: &[char]) -> bool {
    compact.len() >= 2
        && (compact.iter().any(|c| SIGNS.contains(c))
            || compact.iter().all(|c| c.is_ascii_digit() || *c == '.'))
}

/// Whether a character runs a formula or a number on.
fn runs_on(c: char) -> bool {
    c.is_ascii_digit() || SIGNS.contains(&c) || c == '.'
}

/// The places where the reply writes a choice that is told apart by its symbols.
pub(super) fn mentions(text: &str, words: &[Word], choices: &[String]) -> Vec<Mention> {
    let forms: Vec<Vec<char>> = choices.iter().map(|c| compact(c, None).chars).collect();
    let codes = codes(choices);
    if !codes && !forms.iter().any(|f| symbolic(f)) {
        return Vec::new();
    }
    let reply = compact(text, Some(words));
    // Codes may be spelled out in the reply ("H-Q-Q"); formulas keep their signs.
    let reply = if codes { unspelled(&reply) } else { reply };
    // (choice, first compact character, one past the last)
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    for (index, form) in forms.iter().enumerate() {
        if !(codes || symbolic(form)) || form.len() > reply.chars.len() {
            continue;
        }
        for from in 0..=reply.chars.len() - form.len() {
            let to = from + form.len();
            if reply.chars[from..to] != form[..] {
                continue;
            }
            let left = from == 0 || {
                let before = reply.chars[from - 1];
                // A sign of the form's own first ("-15552") may not follow a sign either.
                !(runs_on(before) && !reply.spaced[from] || before.is_ascii_digit())
                    && (!before.is_alphanumeric() || reply.spaced[from])
            };
            let right = to == reply.chars.len() || {
                let after = reply.chars[to];
                let decimal = after == '.'
                    && reply.chars.get(to + 1).is_some_and(char::is_ascii_digit)
                    && !reply.spaced[to + 1];
                !(decimal || after != '.' && runs_on(after))
                    && (!after.is_alphanumeric() || reply.spaced[to])
            };
            if left && right {
                found.push((index, from, to));
            }
        }
    }
    // A place inside a longer choice's place is that longer choice's.
    let kept: Vec<&(usize, usize, usize)> = found
        .iter()
        .filter(|&&(index, from, to)| {
            !found
                .iter()
                .any(|&(other, f, t)| other != index && f <= from && to <= t && t - f > to - from)
        })
        .collect();
    kept.iter()
        .filter_map(|&&(choice, from, to)| {
            let (first, last) = (reply.at[from], reply.at[to - 1]);
            // (The words stand in order of place: found by halves.)
            let start = words.partition_point(|w| w.at + w.raw.chars().count() <= first);
            let end = words.partition_point(|w| w.at <= last);
            (start < end).then_some(Mention {
                choice,
                start,
                end,
                explicit: false,
                by_place: false,
                with_text: false,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::words::words;
    use super::*;

    fn named(reply: &str, choices: &[&str]) -> Vec<usize> {
        let choices: Vec<String> = choices.iter().map(|c| (*c).to_owned()).collect();
        mentions(reply, &words(reply), &choices)
            .iter()
            .map(|m| m.choice)
            .collect()
    }

    #[test]
    fn formulas_and_numbers_are_found_where_written() {
        let formulas = [
            "w = u - 13 + e",
            "w = u - 13 - e",
            "w = u + 13 + e",
            "w = u + 13 - e",
        ];
        assert_eq!(named("Answer: w=u - 13 + e", &formulas), [0]);
        assert_eq!(named("**$w = u + 13 − e$**", &formulas), [3]);
        assert_eq!(named("Rearranged: w is u plus 13 plus e.", &formulas), [2]);
        assert_eq!(named("w = u - 13 + e * 2", &formulas), Vec::<usize>::new());
        assert_eq!(
            named("Not w = u - 13 - e; it's w = u + 13 - e.", &formulas),
            [1, 3]
        );
        let numbers = ["2106", "-3683", "10434", "-15552"];
        assert_eq!(named("**-15,552**", &numbers), [3]);
        assert_eq!(named("It is 15552.", &numbers), Vec::<usize>::new());
        assert_eq!(named("About 104340.", &numbers), Vec::<usize>::new());
        let decimals = ["21.34", "21.17", "11.34", "11.17"];
        assert_eq!(named("The method gives 11.340 [1].", &decimals), [2]);
        assert_eq!(named("It is 11.3", &decimals), Vec::<usize>::new());
        let plain = ["Port 443", "Port 80", "Port 22", "Port 21"];
        assert_eq!(
            named("Port 80.", &plain),
            Vec::<usize>::new(),
            "words read these"
        );
    }

    #[test]
    fn a_code_spelled_out_is_found() {
        let codes = ["HLL", "HBB", "HTT", "HQQ"];
        assert_eq!(named("Looks like H-Q-Q to me.", &codes), [3]);
        assert_eq!(named("It's HTT.", &codes), [2]);
        let mixed = ["EF4G", "E3F4G", "E4FG", "EF3G4"];
        assert_eq!(named("The missing part should be E-4-F-G.", &mixed), [2]);
        // Two characters are no spelling, nor is a hyphen with spaces.
        assert_eq!(named("It is H-B then.", &codes), Vec::<usize>::new());
        assert_eq!(named("It is H - Q - Q.", &codes), Vec::<usize>::new());
        // A formula keeps its signs however it is written.
        let signed = [
            "w = u - b - e",
            "w = u + b - e",
            "w = u - b + e",
            "w = u + b + e",
        ];
        assert_eq!(named("So $w=u-b-e$.", &signed), [0]);
        // Choices that are words or phrases are read by their words.
        let words = ["Port 443", "Port 80", "HTTPS", "SSH"];
        assert_eq!(named("S-S-H, of course.", &words), Vec::<usize>::new());
    }
}
