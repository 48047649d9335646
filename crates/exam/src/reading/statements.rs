//! Choices that are sets of numbered statements — "only 1", "1 and 2 both", "I, II and IV",
//! "neither 1 nor 2", "केवल 1 और 3", "I ve III." — and what a reply concludes about the
//! statements: "Statements 1 and 3 are correct", "Both 1 and 2 are correct", "Statement 2
//! only.", "None of the statements is correct", "All three are true". Such a conclusion names
//! the choice whose set it is, though it shares no letter and few words with it (METHODS.md
//! §13, step 3).

use std::collections::BTreeSet;

/// Statement numbers, 1 to 20.
type Set = BTreeSet<u8>;

/// Words a statement-set choice or a conclusion may hold besides the numbers: "only", "and",
/// "both", "statements", in the languages exams are set in.
const JOINING: &[&str] = &[
    "and",
    "or",
    "only",
    "both",
    "all",
    "of",
    "the",
    "above",
    "statement",
    "statements",
    "item",
    "items",
    "are",
    "is",
    "correct",
    "true", // English
    "y",
    "solo",
    "sólo",
    "solamente",
    "ambos",
    "ambas",
    "todos",
    "todas",
    "las",
    "los",
    "afirmaciones",
    "afirmación",
    "enunciados", // Spanish
    "e",
    "apenas",
    "somente",
    "só",
    "as",
    "os",
    "afirmações", // Portuguese
    "solo",
    "soltanto",
    "entrambe",
    "entrambi",
    "tutte",
    "le",
    "affermazioni", // Italian
    "und",
    "nur",
    "beide",
    "alle",
    "aussagen", // German
    "et",
    "seulement",
    "uniquement",
    "les",
    "deux",
    "toutes", // French
    "i",
    "tylko",
    "oraz",
    "obie",
    "wszystkie", // Polish ("i" is also a Roman one)
    "ve",
    "yalnız",
    "sadece",
    "hem",
    "ile",
    "hepsi",
    "ifadeler", // Turkish
    "केवल",
    "और",
    "दोनों",
    "सभी",
    "कथन",
    "तथा",
    "एवं", // Hindi
];

/// Words that make a choice the empty set: "neither 1 nor 2", "none of the above", "ni I ni
/// II", "न तो 1 और न ही 2".
const NONE: &[&str] = &[
    "neither", "nor", "none", "ni", "ninguna", "ninguno", "nem", "nenhuma", "né", "nessuna",
    "weder", "noch", "keine", "aucune", "ani", "żadne", "ne", "hiçbiri", "न", "तो", "ही",
];

/// Each choice's set of statements, when every choice is one: at least two choices, no two the
/// same, and numbers that read as statements — a choice joining two of them or saying "only"
/// or "neither" (choices "1", "2", "3" are numbers, not statements).
pub(super) fn choice_sets(choices: &[String]) -> Option<Vec<Set>> {
    let parsed: Vec<(Set, Kind)> = choices
        .iter()
        .map(|c| choice_set(c))
        .collect::<Option<_>>()?;
    let all: Set = parsed.iter().flat_map(|(s, _)| s.iter().copied()).collect();
    let statement_like = parsed
        .iter()
        .any(|(s, kind)| s.len() > 1 || *kind != Kind::Plain);
    let sets: Vec<Set> = parsed
        .into_iter()
        .map(|(s, kind)| if kind == Kind::All { all.clone() } else { s })
        .collect();
    let distinct = sets.iter().enumerate().all(|(i, s)| !sets[..i].contains(s));
    (sets.len() >= 2 && statement_like && distinct).then_some(sets)
}

/// What a statement-set choice says beside its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Numbers only ("1, 2 and 3").
    Plain,
    /// "Only 1", "1 and 2 both".
    Worded,
    /// "Neither 1 nor 2", "None of the above": no statement.
    Neither,
    /// "All of the above": every statement.
    All,
}

/// A choice's set of statements, if it is one.
fn choice_set(choice: &str) -> Option<(Set, Kind)> {
    // Numbers joined by signs are no statements ("5/2", "1-3", "2^3", "1.5").
    let chars: Vec<char> = choice.trim_end_matches('.').chars().collect();
    let signed = chars.iter().enumerate().any(|(i, c)| {
        !(c.is_alphanumeric()
            || c.is_whitespace()
            || proctor_core::text::is_combining_mark(*c)
            || matches!(c, ',' | '&' | '(' | ')'))
            || *c == '.' && i > 0 && chars[i - 1].is_ascii_digit()
    });
    if signed {
        return None;
    }
    let tokens = tokens(choice);
    // Where statements are numbered 1, 2, 3, an "i" is a word (Polish "1 i 2").
    let arabic = tokens.iter().any(|t| t.parse::<u8>().is_ok());
    let mut set = Set::new();
    let mut kind = Kind::Plain;
    for token in &tokens {
        if let Some(n) = number(token).filter(|_| !arabic || token.parse::<u8>().is_ok()) {
            set.insert(n);
        } else if NONE.contains(&token.as_str()) {
            kind = Kind::Neither;
        } else if JOINING.contains(&token.as_str()) {
            if kind == Kind::Plain {
                kind = if ALL.contains(&token.as_str()) && set.is_empty() {
                    Kind::All
                } else {
                    Kind::Worded
                };
            }
        } else {
            return None;
        }
    }
    match kind {
        Kind::Neither => Some((Set::new(), kind)),
        Kind::All if set.is_empty() => Some((set, kind)),
        _ if set.is_empty() => None,
        _ => Some((
            set,
            if kind == Kind::All {
                Kind::Worded
            } else {
                kind
            },
        )),
    }
}

/// A choice's or a sentence's words and numbers, in lower case, with the marks of scripts such
/// as Devanagari kept inside their words.
fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || proctor_core::text::is_combining_mark(c)))
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Roman numerals, I to XX.
const ROMAN: &[&str] = &[
    "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv",
    "xvi", "xvii", "xviii", "xix", "xx",
];

/// A statement's number: 1 to 20, or a Roman numeral to XX.
fn number(token: &str) -> Option<u8> {
    if let Ok(n) = token.parse::<u8>() {
        return (1..=20).contains(&n).then_some(n);
    }
    ROMAN
        .iter()
        .position(|r| *r == token)
        .and_then(|p| u8::try_from(p + 1).ok())
}

/// Words that say statements hold.
const HOLD: &[&str] = &[
    "correct",
    "true",
    "right",
    "valid",
    "accurate",
    "correctas",
    "correcta",
    "correctos",
    "correcto",
    "verdaderas",
    "verdadera",
    "corretas",
    "correta",
    "verdadeiras",
    "corrette",
    "corretta",
    "vere",
    "richtig",
    "wahr",
    "zutreffend",
    "correctes",
    "exactes",
    "vraies",
    "prawdziwe",
    "poprawne",
    "doğru",
    "doğrudur",
    "सही",
];

/// Words that say statements do not hold.
const FAIL: &[&str] = &[
    "incorrect",
    "false",
    "wrong",
    "invalid",
    "inaccurate",
    "untrue",
    "incorrectas",
    "falsas",
    "falsa",
    "sbagliate",
    "falsche",
    "falsch",
    "fausses",
    "fałszywe",
    "yanlış",
    "yanlıştır",
    "गलत",
];

/// Words that name statements ("statement 2", "items 1 and 3").
const NAMING: &[&str] = &[
    "statement",
    "statements",
    "item",
    "items",
    "afirmación",
    "afirmaciones",
    "enunciado",
    "enunciados",
    "afirmações",
    "affermazione",
    "affermazioni",
    "aussage",
    "aussagen",
    "affirmation",
    "affirmations",
    "stwierdzenie",
    "stwierdzenia",
    "ifade",
    "ifadeler",
    "öncül",
    "öncüller",
    "कथन",
];

/// Words that turn a statement's verdict round ("not correct").
const NOT: &[&str] = &["not", "no", "nicht", "non", "değil", "नहीं"];

/// "Only" before or after a run of numbers ("only statement 2", "1 and 3 only").
const ONLY: &[&str] = &[
    "only",
    "solo",
    "sólo",
    "solamente",
    "apenas",
    "somente",
    "soltanto",
    "nur",
    "seulement",
    "uniquement",
    "tylko",
    "sadece",
    "yalnız",
    "केवल",
];

/// "All" in "all three are correct".
const ALL: &[&str] = &[
    "all",
    "todas",
    "todos",
    "tutte",
    "alle",
    "toutes",
    "wszystkie",
    "hepsi",
    "सभी",
];

/// "None" in "none of the statements is correct".
const NO_STATEMENT: &[&str] = &[
    "none", "neither", "ninguna", "ninguno", "nenhuma", "nessuna", "keine", "aucune", "żadne",
    "hiçbiri",
];

/// The statements the reply's conclusion says hold: from its last sentence that says so (a
/// run of numbers named as statements and said to hold, or with "only"; "none of the
/// statements is correct"; "all three are true" for `every`), or else from verdicts given
/// statement by statement, one a line, when every statement has one.
pub(super) fn concluded(reply: &str, every: &Set) -> Option<Set> {
    let unquoted = unquoted(reply);
    // Sentences, without the questions ("Which of statements 1 and 2 is correct?").
    let mut sentences = Vec::new();
    let mut from = 0;
    for (at, c) in unquoted.char_indices() {
        if matches!(c, '\n' | ';' | '!' | '?' | '。' | '।')
            || c == '.' && unquoted[at + 1..].starts_with(char::is_whitespace)
        {
            if c != '?' {
                sentences.push(&unquoted[from..at]);
            }
            from = at + c.len_utf8();
        }
    }
    sentences.push(&unquoted[from..]);
    if let Some(set) = sentences
        .iter()
        .rev()
        .find_map(|sentence| sentence_set(&tokens(sentence), every))
    {
        return Some(set);
    }
    let mut verdicts = std::collections::BTreeMap::new();
    for line in unquoted.lines() {
        if let Some((n, holds)) = verdict(&tokens(line)) {
            verdicts.insert(n, holds);
        }
    }
    (verdicts.len() >= 2 && every.iter().all(|n| verdicts.contains_key(n))).then(|| {
        verdicts
            .into_iter()
            .filter_map(|(n, holds)| holds.then_some(n))
            .collect()
    })
}

/// The text without what it quotes: a choice's or a statement's words in quotes are named, not
/// concluded ("\"केवल 1\" is too strong a claim").
fn unquoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut closing: Option<char> = None;
    for c in text.chars() {
        match closing {
            Some(close) if c == close || c == '\n' => {
                closing = None;
                if c == '\n' {
                    out.push(c);
                }
            }
            Some(_) => {}
            None => match c {
                '"' => closing = Some('"'),
                '“' => closing = Some('”'),
                '«' => closing = Some('»'),
                '„' => closing = Some('“'),
                _ => out.push(c),
            },
        }
    }
    out
}

/// One statement's verdict on a line of its own ("Statement 2 ("…"): correct", "I. … —
/// doğru"): its number and whether it holds.
fn verdict(tokens: &[String]) -> Option<(u8, bool)> {
    let first = usize::from(tokens.first().is_some_and(|t| NAMING.contains(&t.as_str())));
    let n = number(tokens.get(first)?)?;
    let rest = &tokens[first + 1..];
    let holds = rest.iter().any(|t| HOLD.contains(&t.as_str()));
    let fails = rest
        .iter()
        .any(|t| FAIL.contains(&t.as_str()) || NOT.contains(&t.as_str()));
    (holds || fails).then_some((n, !fails))
}

/// What one sentence concludes about the statements, if it concludes anything.
fn sentence_set(tokens: &[String], every: &Set) -> Option<Set> {
    let is = |i: usize, list: &[&str]| tokens.get(i).is_some_and(|t| list.contains(&t.as_str()));
    let any = |list: &[&str]| tokens.iter().any(|t| list.contains(&t.as_str()));
    let (holds, fails, negated) = (any(HOLD), any(FAIL), any(NOT));
    let named = any(NAMING);
    // "None of the statements is correct", "Neither statement is true".
    if any(NO_STATEMENT) && named && holds && !fails && !negated {
        return Some(Set::new());
    }
    let mut found = None;
    let mut i = 0;
    while i < tokens.len() {
        if number(&tokens[i]).is_none() {
            i += 1;
            continue;
        }
        // A run of numbers joined by "and" or commas.
        let start = i;
        let mut set = Set::new();
        let mut end = i;
        while end < tokens.len() {
            if let Some(n) = number(&tokens[end]) {
                set.insert(n);
                end += 1;
            } else if is(
                end,
                &[
                    "and",
                    "y",
                    "e",
                    "und",
                    "et",
                    "i",
                    "oraz",
                    "ve",
                    "और",
                    "तथा",
                    "एवं",
                ],
            ) && tokens.get(end + 1).is_some_and(|t| number(t).is_some())
            {
                end += 1;
            } else {
                break;
            }
        }
        i = end;
        let before = |list: &[&str]| start > 0 && is(start - 1, list);
        let named_before = before(NAMING) || before(&["both", "ambos", "ambas", "beide", "दोनों"]);
        // "only 2", "only statement 2", "2 only".
        let only =
            before(ONLY) || before(NAMING) && start > 1 && is(start - 2, ONLY) || is(end, ONLY);
        // (A Roman "I" alone is the pronoun unless a statement is named.)
        if end - start == 1 && tokens[start] == "i" && !named_before {
            continue;
        }
        let window = end..tokens.len().min(end + 4);
        let judged = window.clone().any(|k| is(k, HOLD))
            && !window.clone().any(|k| is(k, FAIL) || is(k, NOT));
        // A sentence that is only the run and its naming ("Statement 2 only.", "Statements 1
        // and 3.").
        // and 3."); not a choice's own words listed ("C) Both 1 and 2", "केवल 2").
        let bare = before(NAMING) && !fails && !negated && tokens.len() <= end - start + 3;
        let says = if set.len() > 1 {
            (named_before || only || judged) && (judged || bare)
        } else {
            only && (judged || bare)
        };
        if says {
            found = Some(set);
        }
    }
    if found.is_some() {
        return found;
    }
    // "All three are correct", "All of the statements are true".
    let counted = any(&["three", "four", "them", "five"]);
    (any(ALL) && holds && !fails && !negated && (named || counted) && !every.is_empty())
        .then(|| every.clone())
}

/// The choice whose set the reply concludes, for choices that are statement sets: Some(Ok(i))
/// for one choice, Some(Err(())) when the reply concludes a set that no choice is, None when the
/// choices are no statement sets or the reply concludes nothing about them.
pub(super) fn chosen(reply: &str, choices: &[String]) -> Option<Result<usize, ()>> {
    let sets = choice_sets(choices)?;
    let every: Set = sets.iter().flat_map(|s| s.iter().copied()).collect();
    let concluded = concluded(reply, &every)?;
    Some(sets.iter().position(|s| *s == concluded).ok_or(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(choices: &[&str]) -> Vec<String> {
        choices.iter().map(|c| (*c).to_owned()).collect()
    }

    #[test]
    fn choices_that_are_statement_sets() {
        let hindi = owned(&["केवल 1", "केवल 2", "1 और 2 दोनों", "न तो 1 और न ही 2"]);
        let sets = choice_sets(&hindi).expect("statement sets");
        assert_eq!(sets[2], Set::from([1, 2]));
        assert_eq!(sets[3], Set::new());
        let turkish = owned(&["II ve IV.", "I ve III.", "I, II ve IV.", "I, II ve III."]);
        assert_eq!(choice_sets(&turkish).expect("sets")[1], Set::from([1, 3]));
        let english = owned(&["I only", "II only", "III only", "All of the above"]);
        assert_eq!(
            choice_sets(&english).expect("sets")[3],
            Set::from([1, 2, 3])
        );
        let polish = owned(&["tylko 1", "1 i 3", "2 i 3", "1, 2 i 3"]);
        assert_eq!(choice_sets(&polish).expect("sets")[2], Set::from([2, 3]));
        // Numbers alone are numbers, and words are words.
        assert_eq!(choice_sets(&owned(&["1", "2", "3", "4"])), None);
        assert_eq!(choice_sets(&owned(&["1 only", "Port 80", "2", "3"])), None);
        assert_eq!(choice_sets(&owned(&["1/2", "3/2", "5/2", "1 and 3"])), None);
    }

    #[test]
    fn a_conclusion_names_the_set() {
        let hindi = owned(&["केवल 1 और 2", "केवल 2", "केवल 2 और 3", "केवल 3"]);
        let reply = "Statement 1 (\"…\"): correct\nStatement 2 (\"…\"): true\nStatement 3 (\"…\"): false\n\nBoth 1 and 2 are correct.";
        assert_eq!(chosen(reply, &hindi), Some(Ok(0)));
        let pair = owned(&["केवल 1", "केवल 2", "1 और 2 दोनों", "न तो 1 और न ही 2"]);
        assert_eq!(chosen("Only statement 2 is correct.", &pair), Some(Ok(1)));
        assert_eq!(chosen("Statement 2 only.", &pair), Some(Ok(1)));
        assert_eq!(
            chosen("None of the statements is correct.", &pair),
            Some(Ok(3))
        );
        let three = owned(&["केवल 1", "केवल 1 और 2", "केवल 3", "1, 2 और 3"]);
        assert_eq!(chosen("Items 1, 2 and 3 are correct.", &three), Some(Ok(3)));
        assert_eq!(
            chosen("All three statements are correct.", &three),
            Some(Ok(3))
        );
        let turkish = owned(&["II ve IV.", "I ve III.", "I, II ve IV.", "I, II ve III."]);
        assert_eq!(
            chosen(
                "I. … — doğru\nII. … — yanlış\n\nSo statements I and III are correct.",
                &turkish
            ),
            Some(Ok(1))
        );
        // A set that is no choice is said, and needs a look; a statement judged false says nothing.
        assert_eq!(
            chosen("Statements 2 and 3 are correct.", &pair),
            Some(Err(()))
        );
        assert_eq!(chosen("Statement 1 is not correct.", &pair), None);
        assert_eq!(chosen("I think it is hard to say.", &pair), None);
        // A choice quoted is named, not concluded; a question concludes nothing.
        assert_eq!(chosen("\"केवल 1\" is too strong a claim.", &pair), None);
        assert_eq!(
            chosen("| A | केवल 1 | ✅ Correct |\n| B | केवल 2 | ❌ |", &pair),
            Some(Ok(0))
        );
        assert_eq!(
            chosen(
                "Strictly speaking, none of the 4 options is accurate.",
                &pair
            ),
            None
        );
        assert_eq!(
            chosen(
                "Which of statements 1 and 2 is correct? Hard to say.",
                &pair
            ),
            None
        );
    }
}
