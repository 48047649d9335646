//! Labels a reply names its answer by other than a Latin letter: the exam's own letters
//! (Cyrillic "А Б В Г Д" where the choices are written in Cyrillic, Japanese "ア イ ウ エ オ"), a
//! letter's spelt name ("the letter bee", "dee"), a letter of the radio alphabet that is the
//! whole answer ("Answer: Bravo"), a Roman numeral that is ("(ii)", "Option i."), a
//! zero-based index ("choices[1]", "idx = 1  # zero-based"), the "A:" that answers a "Q:",
//! and "Yes" or "No" said in other words where those are the choices ("Yess", "Nie"). Each is written as the Latin
//! letter or the option's number before the reply is read.

use std::borrow::Cow;

/// The reply with its labels written as Latin letters or option numbers.
pub(super) fn exam_labels<'a>(reply: &'a str, choices: &[String]) -> Cow<'a, str> {
    let mut out = Cow::Borrowed(reply);
    if reply.contains("TL;DR") || reply.contains("tl;dr") {
        out = Cow::Owned(reply.replace("TL;DR", "TLDR").replace("tl;dr", "tldr"));
    }
    if let Some(selected) = radio_buttons(&out) {
        out = Cow::Owned(selected);
    }
    if let Some(number) = bare_number(&out, choices) {
        out = Cow::Owned(number);
    }
    if let Some(named) = numbered_name_in_words(&out, choices) {
        out = Cow::Owned(named);
    }
    if let Some(answered) = question_and_answer(&out) {
        out = Cow::Owned(answered);
    }
    if let Some(said) = yes_or_no(&out, choices) {
        out = Cow::Owned(said);
    }
    if let Some(whole) = whole_answer(&out, choices) {
        out = Cow::Owned(whole);
    }
    if let Some(indexed) = zero_based(&out) {
        out = Cow::Owned(indexed);
    }
    if let Some(named) = letter_names(&out, choices) {
        out = Cow::Owned(named);
    }
    let cyrillic = in_cyrillic(choices);
    if out.chars().any(|c| own_letter(c, cyrillic).is_some()) {
        out = Cow::Owned(own_letters(&out, cyrillic));
    }
    out
}

/// Buttons that mark one selected.
const SELECTED: &[&str] = &["(•)", "(●)", "(◉)", "(x)", "(X)"];

/// A form's line of radio buttons with one selected ("( ) A  (•) B  ( ) C"): the answer is what
/// the selected button holds ("Answer: B").
fn radio_buttons(reply: &str) -> Option<String> {
    let lines: Vec<&str> = reply.lines().collect();
    let mut changed = false;
    let out: Vec<String> = lines
        .iter()
        .map(|line| {
            let buttons = SELECTED
                .iter()
                .map(|b| line.matches(b).count())
                .sum::<usize>();
            let empty = line.matches("( )").count();
            let (Some(at), 1, 1..) = (
                SELECTED
                    .iter()
                    .find_map(|b| line.find(b).map(|at| at + b.len())),
                buttons,
                empty,
            ) else {
                return (*line).to_owned();
            };
            let rest = &line[at..];
            let held = rest.split("( )").next().unwrap_or(rest).trim();
            changed = true;
            format!("Answer: {held}")
        })
        .collect();
    changed.then(|| out.join("\n"))
}

/// A reply that is only a number ("3", "$\boxed{4}$"): where no choice holds a number, the
/// option of that number; where the choices are one name numbered ("Player 1 (Ks, 2d)",
/// "Player 2 (…)"), the one of that number.
fn bare_number(reply: &str, choices: &[String]) -> Option<String> {
    let inner = reply
        .trim()
        .trim_matches(|c: char| matches!(c, '$' | '.' | '*' | '`'))
        .trim();
    let inner = inner
        .strip_prefix("\\boxed{")
        .and_then(|r| r.strip_suffix('}'))
        .unwrap_or(inner);
    let n: usize = inner.parse().ok()?;
    if !(1..=choices.len()).contains(&n) {
        return None;
    }
    if !choices
        .iter()
        .any(|c| c.chars().any(|ch| ch.is_ascii_digit()))
    {
        return Some(format!("Option {n}."));
    }
    let (_, numbers) = numbered_name(choices)?;
    let of_n = numbers.iter().position(|d| *d == n.to_string())?;
    Some(format!("Answer: {}", choices[of_n]))
}

/// Choices that are one name numbered ("Player 1 (Ks, 2d)", "Player 2 (…)", an aside in
/// brackets aside): the name, and each choice's number as written.
fn numbered_name(choices: &[String]) -> Option<(&str, Vec<&str>)> {
    let mut name = None;
    let mut numbers = Vec::with_capacity(choices.len());
    for choice in choices {
        let head = choice.split(" (").next().unwrap_or(choice).trim();
        let (n, d) = head.rsplit_once(' ')?;
        if *name.get_or_insert(n) != n || !d.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        numbers.push(d);
    }
    Some((name?, numbers))
}

/// Numbers said in words, one to twenty.
const NUMBER_WORDS: &[&str] = &[
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// "uh I think it's player five" where the choices are one name numbered ("Player 5 (9c,
/// 3c)"): the number said in words written as the digits the choices have.
fn numbered_name_in_words(reply: &str, choices: &[String]) -> Option<String> {
    let (name, numbers) = numbered_name(choices)?;
    if numbers.len() < 2 || name.contains(' ') {
        return None;
    }
    let lower = reply.to_lowercase();
    let name = name.to_lowercase();
    let at = lower.find(&format!("{name} "))?;
    let after = &lower[at + name.len() + 1..];
    let word: String = after
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect();
    let n = NUMBER_WORDS.iter().position(|w| *w == word)? + 1;
    let start = at + name.len() + 1;
    Some(format!(
        "{}{n}{}",
        &reply[..start],
        &reply[start + word.len()..]
    ))
}

/// "Q: Is 1 pound of steel heavier …?\nA: B": a line opening with "A:" after one opening with
/// "Q:" is the answer's, written as "Answer:".
fn question_and_answer(reply: &str) -> Option<String> {
    let asked = reply
        .lines()
        .position(|l| l.trim_start().starts_with("Q:"))?;
    let answered = reply
        .lines()
        .skip(asked + 1)
        .any(|l| l.trim_start().starts_with("A:"));
    answered.then(|| {
        reply
            .lines()
            .enumerate()
            .map(|(i, l)| match l.trim_start().strip_prefix("A:") {
                Some(rest) if i > asked => format!("Answer:{rest}"),
                _ => l.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// "Yes" in other words: drawn out, said casually, or in the languages of the exams.
const YES: &[&str] = &[
    "yess", "yesss", "yep", "yup", "yeah", "ja", "oui", "sí", "sim", "tak", "так", "да", "igen",
    "ano", "evet", "kyllä", "はい", "是", "是的",
];

/// "No" likewise.
const NO: &[&str] = &[
    "noo",
    "nooo",
    "nope",
    "nah",
    "nein",
    "non",
    "não",
    "nao",
    "nie",
    "ні",
    "нет",
    "nem",
    "hayır",
    "いいえ",
    "否",
    "不是",
];

/// A short reply to a question whose choices are "Yes" and "No" that says one of them in
/// other words ("Yess.", "Nope", "Odpowiedź: Nie."), with that word written as the choice.
fn yes_or_no(reply: &str, choices: &[String]) -> Option<String> {
    let mut plain: Vec<String> = choices.iter().map(|c| c.trim().to_lowercase()).collect();
    plain.sort();
    if plain != ["no", "yes"] {
        return None;
    }
    let words: Vec<&str> = reply.split_whitespace().collect();
    if words.len() > 6 {
        return None;
    }
    let yes = words.iter().any(|w| YES.contains(&bare(w).as_str()));
    let no = words.iter().any(|w| NO.contains(&bare(w).as_str()));
    if yes == no {
        return None;
    }
    let (list, word) = if yes { (YES, "Yes") } else { (NO, "No") };
    Some(
        words
            .iter()
            .map(|w| {
                let b = bare(w);
                if list.contains(&b.as_str()) {
                    // (Only the word: its punctuation stays.)
                    let at = w.to_lowercase().find(&b).unwrap_or(0);
                    let lower = w.to_lowercase();
                    format!("{}{word}{}", &lower[..at], &lower[at + b.len()..])
                } else {
                    (*w).to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// A word without the punctuation around it, in lower case ("Nie." → "nie").
fn bare(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

/// Cyrillic capitals in an exam's order (Ukrainian, Russian, Bulgarian: "А Б В Г Д Е").
const CYRILLIC: &[char] = &['А', 'Б', 'В', 'Г', 'Д', 'Е'];

/// Japanese exams' labels, in their order.
const KATAKANA: &[char] = &['ア', 'イ', 'ウ', 'エ', 'オ', 'カ'];

/// Arabic exams' labels in their (abjad) order: أ ب ج د ه.
const ABJAD: &[char] = &['أ', 'ب', 'ج', 'د', 'ه'];

/// Whether the choices are written in Cyrillic: more of their letters Cyrillic than Latin.
fn in_cyrillic(choices: &[String]) -> bool {
    let (mut cyrillic, mut latin) = (0usize, 0usize);
    for c in choices.iter().flat_map(|c| c.chars()) {
        if ('\u{0400}'..='\u{04ff}').contains(&c) {
            cyrillic += 1;
        } else if c.is_ascii_alphabetic() {
            latin += 1;
        }
    }
    cyrillic > latin
}

/// The Latin letter an exam's own label stands for, if `c` is one.
fn own_letter(c: char, cyrillic: bool) -> Option<char> {
    let place = KATAKANA
        .iter()
        .position(|k| *k == c)
        .or_else(|| ABJAD.iter().position(|k| *k == c))
        .or_else(|| {
            cyrillic
                .then(|| CYRILLIC.iter().position(|k| *k == c))
                .flatten()
        })?;
    Some(char::from(b'A' + u8::try_from(place).ok()?))
}

/// The reply with each label standing alone ("В. руховий нейрон", "答え：イ") written as its
/// Latin letter. A Cyrillic capital opening a word of its own ("В Україні …": a preposition)
/// stays.
fn own_letters(reply: &str, cyrillic: bool) -> String {
    let chars: Vec<char> = reply.chars().collect();
    let mut out = String::with_capacity(reply.len());
    for (i, &c) in chars.iter().enumerate() {
        let letter = own_letter(c, cyrillic).filter(|_| {
            let before = i == 0 || !chars[i - 1].is_alphabetic();
            let after = chars.get(i + 1).is_none_or(|n| !n.is_alphabetic());
            // (Katakana is written without spaces: only a word after a space counts.)
            let next_word = chars[i + 1..]
                .iter()
                .find(|n| !n.is_whitespace())
                .is_some_and(|n| n.is_alphabetic())
                && chars.get(i + 1).is_some_and(|n| n.is_whitespace());
            before && after && !(CYRILLIC.contains(&c) && next_word)
        });
        out.push(letter.unwrap_or(c));
    }
    out
}

/// Letters' spelt names that are no common word.
const NAMES: &[(&str, char)] = &[
    ("ay", 'A'),
    ("bee", 'B'),
    ("cee", 'C'),
    ("dee", 'D'),
    ("eff", 'F'),
    ("gee", 'G'),
    ("aitch", 'H'),
    ("jay", 'J'),
    ("kay", 'K'),
    ("ell", 'L'),
    ("pee", 'P'),
    ("cue", 'Q'),
    ("ess", 'S'),
    ("tee", 'T'),
    ("vee", 'V'),
    ("wye", 'Y'),
    ("zed", 'Z'),
    ("zee", 'Z'),
];

/// Names that are words too: a letter only after "the letter" ("the letter see").
const WORDS_TOO: &[(&str, char)] = &[
    ("see", 'C'),
    ("sea", 'C'),
    ("ee", 'E'),
    ("ef", 'F'),
    ("eye", 'I'),
    ("el", 'L'),
    ("em", 'M'),
    ("en", 'N'),
    ("oh", 'O'),
    ("are", 'R'),
    ("ar", 'R'),
    ("tea", 'T'),
    ("you", 'U'),
    ("ex", 'X'),
    ("why", 'Y'),
];

/// The reply with a letter's spelt name written as the letter: after "the letter" any name
/// ("I'd go with the letter see"), and in a short reply a name that is no word ("It's cee,
/// final answer", "ay") where no choice has it among its words.
fn letter_names(reply: &str, choices: &[String]) -> Option<String> {
    let words: Vec<&str> = reply.split_whitespace().collect();
    let in_a_choice = |name: &str| {
        choices.iter().any(|c| {
            c.split(|ch: char| !ch.is_alphanumeric())
                .any(|w| w.eq_ignore_ascii_case(name))
        })
    };
    let short = words.len() <= 6;
    let mut changed = false;
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let name = bare(w);
        let after_the_letter =
            i >= 2 && bare(words[i - 1]) == "letter" && bare(words[i - 2]) == "the"
                || i >= 1 && bare(words[i - 1]) == "option";
        // ("um so I think it's option dee", "uh I'll go with dee", "the answer is see": the
        // reply's last word.)
        let said = i >= 1
            && i + 1 == words.len()
            && (matches!(bare(words[i - 1]).as_str(), "with" | "its")
                || i >= 2 && bare(words[i - 1]) == "is" && bare(words[i - 2]) == "answer");
        let letter = NAMES
            .iter()
            .chain(if after_the_letter || said {
                WORDS_TOO
            } else {
                &[]
            })
            .find(|(n, _)| *n == name)
            .map(|(_, l)| *l)
            .filter(|_| after_the_letter || (short || said) && !in_a_choice(&name));
        match letter {
            Some(l) => {
                changed = true;
                out.push(w.to_lowercase().replacen(&name, &l.to_string(), 1));
            }
            None => out.push((*w).to_owned()),
        }
    }
    changed.then(|| out.join(" "))
}

/// Roman numerals in small letters, one to eight.
const ROMAN: &[&str] = &["i", "ii", "iii", "iv", "v", "vi", "vii", "viii"];

/// The radio alphabet.
const RADIO: [&str; 26] = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu",
];

/// Words that may stand beside an answer that is only a label.
const AROUND: &[&str] = &[
    "answer",
    "final",
    "my",
    "is",
    "the",
    "its",
    "it",
    "s",
    "option",
    "choice",
    "affirmative",
    "going",
    "go",
    "with",
    "pick",
    "im",
    "ill",
];

/// A reply whose answer is only a label, written as the letter or option number: a word of the
/// radio alphabet that no choice has ("Answer: Bravo", "India — final answer."), a Roman
/// numeral in small letters where no choice is one ("(ii)", "Option i.").
fn whole_answer(reply: &str, choices: &[String]) -> Option<String> {
    let words: Vec<String> = reply
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | '—' | '–' | ',' | '.' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    if words.is_empty() || words.len() > 5 {
        return None;
    }
    let labels: Vec<&String> = words
        .iter()
        .filter(|w| !AROUND.contains(&w.to_lowercase().as_str()))
        .collect();
    let [label] = labels[..] else {
        return None;
    };
    let lower = label.to_lowercase();
    let in_a_choice = choices.iter().any(|c| {
        c.split(|ch: char| !(ch.is_alphanumeric() || ch == '-'))
            .any(|w| w.eq_ignore_ascii_case(label))
    });
    if in_a_choice {
        return None;
    }
    let lower = if lower == "alfa" {
        "alpha".to_owned()
    } else {
        lower
    };
    if let Some(k) = RADIO.iter().position(|r| *r == lower)
        && label.chars().next().is_some_and(char::is_uppercase)
    {
        let letter = char::from(b'A' + u8::try_from(k).ok()?);
        return Some(format!("Answer: {letter}"));
    }
    let n = ROMAN.iter().position(|r| *r == label.as_str())?;
    // ("I" alone is the pronoun or the letter; "i" alone is Roman only in brackets or after
    // "option".)
    let marked = reply.contains('(') || words.iter().any(|w| w.eq_ignore_ascii_case("option"));
    // ("(v)" of 22 choices is the letter V.)
    let a_letter_too = label.len() == 1
        && usize::from(label.to_ascii_uppercase().as_bytes()[0] - b'A') < choices.len();
    (n < choices.len() && (n > 0 || marked) && !a_letter_too).then(|| format!("Option {}.", n + 1))
}

/// "choices[1]", "options[0]", "idx = 1  # zero-based": a place counted from zero, written as
/// the option's number.
fn zero_based(reply: &str) -> Option<String> {
    let lower = reply.to_lowercase();
    for list in ["choices[", "options[", "answers["] {
        if let Some(at) = lower.find(list) {
            let digits: String = lower[at + list.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if lower[at + list.len() + digits.len()..].starts_with(']') {
                let n: usize = digits.parse().ok()?;
                return Some(format!("Option {}.", n + 1));
            }
        }
    }
    let counted_from_zero = ["zero-based", "0-based", "0-indexed", "zero-indexed"]
        .iter()
        .any(|p| lower.contains(p));
    if !counted_from_zero {
        return None;
    }
    let at = ["idx", "index"]
        .iter()
        .find_map(|k| lower.find(k).map(|at| at + k.len()))?;
    let rest = lower[at..]
        .trim_start()
        .strip_prefix(['=', ':'])?
        .trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let n: usize = digits.parse().ok()?;
    Some(format!("Option {}.", n + 1))
}

#[cfg(test)]
mod tests {
    use super::exam_labels;

    fn labelled(reply: &str, choices: &[&str]) -> String {
        let choices: Vec<String> = choices.iter().map(|c| (*c).to_owned()).collect();
        exam_labels(reply, &choices).into_owned()
    }

    #[test]
    fn an_exams_own_letters_are_read_in_its_order() {
        let ukrainian = [
            "Павло Тичина",
            "Іван Багряний",
            "Юрій Яновський",
            "Євген Маланюк",
        ];
        assert_eq!(labelled("Г", &ukrainian), "D");
        assert_eq!(
            labelled("В. Юрій Яновський", &ukrainian),
            "C. Юрій Яновський"
        );
        // A preposition opening a word's phrase stays.
        assert_eq!(labelled("В Україні — Б", &ukrainian), "В Україні — B");
        // Choices in Latin: a Cyrillic capital is left to look like its Latin twin.
        assert_eq!(labelled("В", &["cat", "dog", "cow"]), "В");
        assert_eq!(labelled("答え：イ", &["東京", "大阪", "京都"]), "答え：B");
        assert_eq!(labelled("アイデア", &["x", "y"]), "アイデア");
    }

    #[test]
    fn a_letters_name_is_the_letter() {
        let three = ["give the hat back", "destroy the hat", "chase them"];
        assert_eq!(
            labelled("I'd go with the letter see.", &three),
            "I'd go with the letter C."
        );
        assert_eq!(
            labelled("It's cee, final answer.", &three),
            "It's C, final answer."
        );
        assert_eq!(labelled("ay", &three), "A");
        // A word a choice has, or a long reply, stays.
        assert_eq!(labelled("bee", &["bee", "wasp"]), "bee");
        assert_eq!(
            labelled("I see what you mean, the second one is right here.", &three),
            "I see what you mean, the second one is right here."
        );
    }

    #[test]
    fn a_label_that_is_the_whole_answer_is_read_as_one() {
        let three = ["give the hat back", "destroy the hat", "chase them"];
        assert_eq!(labelled("Answer: Bravo", &three), "Answer: B");
        assert_eq!(labelled("India — final answer.", &[""; 12]), "Answer: I");
        assert_eq!(labelled("(ii)", &three), "Option 2.");
        assert_eq!(labelled("Option i.", &three), "Option 1.");
        // A name a choice has, a longer reply, or "I" alone stay.
        assert_eq!(labelled("Charlie", &["Charlie", "Sam"]), "Charlie");
        assert_eq!(
            labelled("Charlie should ask his friend first.", &three),
            "Charlie should ask his friend first."
        );
        assert_eq!(labelled("I", &three), "I");
        assert_eq!(labelled("(v)", &[""; 22]), "(v)");
    }

    #[test]
    fn yes_and_no_in_other_words_are_the_choices() {
        let yes_no = ["Yes", "No"];
        assert_eq!(labelled("Yess.", &yes_no), "Yes.");
        assert_eq!(labelled("Odpowiedź: Nie.", &yes_no), "Odpowiedź: No.");
        assert_eq!(labelled("Nope", &yes_no), "No");
        // Both, other choices, or a long reply stay.
        assert_eq!(labelled("ja nein", &yes_no), "ja nein");
        assert_eq!(labelled("Nope", &["cat", "dog"]), "Nope");
    }

    #[test]
    fn an_a_under_a_q_is_the_answers_label() {
        let three = ["give the hat back", "destroy the hat", "chase them"];
        assert_eq!(
            labelled("Q: What next?\nA: B", &three),
            "Q: What next?\nAnswer: B"
        );
        assert_eq!(
            labelled("A: give the hat back", &three),
            "A: give the hat back"
        );
    }

    #[test]
    fn the_selected_radio_button_is_the_answer() {
        let three = ["give the hat back", "destroy the hat", "chase them"];
        assert_eq!(labelled("( ) A  (•) B  ( ) C", &three), "Answer: B");
        assert_eq!(labelled("(•) A  ( ) B", &three), "Answer: A");
        assert_eq!(labelled("( ) A", &three), "( ) A");
    }

    #[test]
    fn a_bare_number_is_the_option_or_the_numbered_name() {
        let three = ["give the hat back", "destroy the hat", "chase them"];
        assert_eq!(labelled("3", &three), "Option 3.");
        let players = [
            "Player 1 (Ks, 2d)",
            "Player 2 (5c, 4h)",
            "Player 3 (Jd, 7h)",
        ];
        assert_eq!(
            labelled("$\\boxed{2}$", &players),
            "Answer: Player 2 (5c, 4h)"
        );
        // Numbers in choices of no one pattern, or past the last, stay.
        assert_eq!(labelled("2", &["1 apple", "2 pears", "3 figs"]), "2");
        assert_eq!(labelled("4", &three), "4");
        assert_eq!(
            labelled("uh I think it's player two", &players),
            "uh I think it's player 2"
        );
        assert_eq!(labelled("player two", &three), "player two");
    }

    #[test]
    fn a_place_counted_from_zero_is_the_next_option() {
        let three = ["give the hat back", "destroy the hat", "chase them"];
        assert_eq!(labelled("choices[0]  (0-indexed)", &three), "Option 1.");
        assert_eq!(labelled("idx = 1  # zero-based", &three), "Option 2.");
        assert_eq!(labelled("idx = 1", &three), "idx = 1");
    }
}
