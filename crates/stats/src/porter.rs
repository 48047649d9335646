//! The Porter stemmer as NLTK implements it by default (`PorterStemmer()`, mode
//! NLTK_EXTENSIONS) — what the `rouge-score` package stems with — so that ROUGE agrees with it
//! token for token. Ported rule by rule from NLTK 3.10's `nltk/stem/porter.py`.

const VOWELS: &[u8] = b"aeiou";

/// Irregular forms NLTK maps directly.
const IRREGULAR: &[(&str, &str)] = &[
    ("sky", "sky"),
    ("skies", "sky"),
    ("dying", "die"),
    ("lying", "lie"),
    ("tying", "tie"),
    ("news", "news"),
    ("innings", "inning"),
    ("inning", "inning"),
    ("outings", "outing"),
    ("outing", "outing"),
    ("cannings", "canning"),
    ("canning", "canning"),
    ("howe", "howe"),
    ("proceed", "proceed"),
    ("exceed", "exceed"),
    ("succeed", "succeed"),
];

fn is_vowel(c: u8) -> bool {
    VOWELS.contains(&c)
}

/// NLTK's `_is_consonant`: a y after a consonant is a vowel, and runs of y alternate.
fn is_consonant(word: &[u8], mut i: usize) -> bool {
    if is_vowel(word[i]) {
        return false;
    }
    if word[i] == b'y' {
        let mut negate = false;
        while i > 0 && word[i] == b'y' {
            negate = !negate;
            i -= 1;
        }
        // NLTK: (word[i] not in vowels) != negate
        return is_vowel(word[i]) == negate;
    }
    true
}

/// NLTK's `_consonant_flags` (used by the measure and the vowel test).
fn consonant_flags(word: &[u8]) -> Vec<bool> {
    let mut flags: Vec<bool> = Vec::with_capacity(word.len());
    for (i, &c) in word.iter().enumerate() {
        let flag = if is_vowel(c) {
            false
        } else if c == b'y' {
            i == 0 || !flags[i - 1]
        } else {
            true
        };
        flags.push(flag);
    }
    flags
}

/// m in [C](VC)^m[V]: the number of vowel-consonant transitions.
fn measure(stem: &[u8]) -> usize {
    let flags = consonant_flags(stem);
    flags.windows(2).filter(|w| !w[0] && w[1]).count()
}

fn contains_vowel(stem: &[u8]) -> bool {
    !consonant_flags(stem).iter().all(|c| *c)
}

fn ends_double_consonant(word: &[u8]) -> bool {
    let n = word.len();
    n >= 2 && word[n - 1] == word[n - 2] && is_consonant(word, n - 1)
}

fn ends_cvc(word: &[u8]) -> bool {
    let n = word.len();
    (n >= 3
        && is_consonant(word, n - 3)
        && !is_consonant(word, n - 2)
        && is_consonant(word, n - 1)
        && !matches!(word[n - 1], b'w' | b'x' | b'y'))
        || (n == 2 && !is_consonant(word, 0) && is_consonant(word, 1))
}

/// A rule's condition on the stem left after removing the suffix.
type Condition<'a> = &'a dyn Fn(&[u8]) -> bool;

/// NLTK's `_apply_rule_list`: the first rule whose suffix matches decides (its replacement if
/// the condition holds, else the word unchanged). The suffix `*d` means "ends in a double
/// consonant", and removes one of the two letters.
fn apply_rules(word: &[u8], rules: &[(&str, &str, Option<Condition<'_>>)]) -> Vec<u8> {
    for (suffix, replacement, condition) in rules {
        if *suffix == "*d" {
            if ends_double_consonant(word) {
                let stem = &word[..word.len() - 2];
                if condition.is_none_or(|c| c(stem)) {
                    return [stem, replacement.as_bytes()].concat();
                }
                return word.to_vec();
            }
            continue;
        }
        if word.ends_with(suffix.as_bytes()) {
            let stem = &word[..word.len() - suffix.len()];
            if condition.is_none_or(|c| c(stem)) {
                return [stem, replacement.as_bytes()].concat();
            }
            return word.to_vec();
        }
    }
    word.to_vec()
}

fn replace_suffix(word: &[u8], suffix: &str, replacement: &str) -> Vec<u8> {
    [&word[..word.len() - suffix.len()], replacement.as_bytes()].concat()
}

fn step1a(word: &[u8]) -> Vec<u8> {
    if word.ends_with(b"ies") && word.len() == 4 {
        return replace_suffix(word, "ies", "ie");
    }
    apply_rules(
        word,
        &[
            ("sses", "ss", None),
            ("ies", "i", None),
            ("ss", "ss", None),
            ("s", "", None),
        ],
    )
}

fn step1b(word: &[u8]) -> Vec<u8> {
    if word.ends_with(b"ied") {
        return replace_suffix(word, "ied", if word.len() == 4 { "ie" } else { "i" });
    }
    if word.ends_with(b"eed") {
        let stem = &word[..word.len() - 3];
        return if measure(stem) > 0 {
            [stem, b"ee"].concat()
        } else {
            word.to_vec()
        };
    }
    let Some(intermediate) = ["ed", "ing"].iter().find_map(|suffix| {
        let stem = word.strip_suffix(suffix.as_bytes())?;
        contains_vowel(stem).then_some(stem)
    }) else {
        return word.to_vec();
    };
    let last = [intermediate[intermediate.len() - 1]];
    let last = std::str::from_utf8(&last).unwrap_or("");
    let keep_double =
        |_: &[u8]| !matches!(intermediate[intermediate.len() - 1], b'l' | b's' | b'z');
    let add_e = |stem: &[u8]| measure(stem) == 1 && ends_cvc(stem);
    apply_rules(
        intermediate,
        &[
            ("at", "ate", None),
            ("bl", "ble", None),
            ("iz", "ize", None),
            ("*d", last, Some(&keep_double)),
            ("", "e", Some(&add_e)),
        ],
    )
}

fn step1c(word: &[u8]) -> Vec<u8> {
    let condition = |stem: &[u8]| stem.len() > 1 && is_consonant(stem, stem.len() - 1);
    apply_rules(word, &[("y", "i", Some(&condition))])
}

fn positive(stem: &[u8]) -> bool {
    measure(stem) > 0
}

fn step2(word: &[u8]) -> Vec<u8> {
    if let Some(stem) = word.strip_suffix(b"alli")
        && positive(stem)
    {
        return step2(&[stem, b"al"].concat());
    }
    let logi = |_: &[u8]| word.len() >= 3 && positive(&word[..word.len() - 3]);
    let p: Condition<'_> = &positive;
    apply_rules(
        word,
        &[
            ("ational", "ate", Some(p)),
            ("tional", "tion", Some(p)),
            ("enci", "ence", Some(p)),
            ("anci", "ance", Some(p)),
            ("izer", "ize", Some(p)),
            ("bli", "ble", Some(p)),
            ("alli", "al", Some(p)),
            ("entli", "ent", Some(p)),
            ("eli", "e", Some(p)),
            ("ousli", "ous", Some(p)),
            ("ization", "ize", Some(p)),
            ("ation", "ate", Some(p)),
            ("ator", "ate", Some(p)),
            ("alism", "al", Some(p)),
            ("iveness", "ive", Some(p)),
            ("fulness", "ful", Some(p)),
            ("ousness", "ous", Some(p)),
            ("aliti", "al", Some(p)),
            ("iviti", "ive", Some(p)),
            ("biliti", "ble", Some(p)),
            ("fulli", "ful", Some(p)),
            ("logi", "log", Some(&logi)),
        ],
    )
}

fn step3(word: &[u8]) -> Vec<u8> {
    let p: Condition<'_> = &positive;
    apply_rules(
        word,
        &[
            ("icate", "ic", Some(p)),
            ("ative", "", Some(p)),
            ("alize", "al", Some(p)),
            ("iciti", "ic", Some(p)),
            ("ical", "ic", Some(p)),
            ("ful", "", Some(p)),
            ("ness", "", Some(p)),
        ],
    )
}

fn step4(word: &[u8]) -> Vec<u8> {
    let more = |stem: &[u8]| measure(stem) > 1;
    let ion = |stem: &[u8]| measure(stem) > 1 && matches!(stem.last(), Some(b's' | b't'));
    let m: Condition<'_> = &more;
    apply_rules(
        word,
        &[
            ("al", "", Some(m)),
            ("ance", "", Some(m)),
            ("ence", "", Some(m)),
            ("er", "", Some(m)),
            ("ic", "", Some(m)),
            ("able", "", Some(m)),
            ("ible", "", Some(m)),
            ("ant", "", Some(m)),
            ("ement", "", Some(m)),
            ("ment", "", Some(m)),
            ("ent", "", Some(m)),
            ("ion", "", Some(&ion)),
            ("ou", "", Some(m)),
            ("ism", "", Some(m)),
            ("ate", "", Some(m)),
            ("iti", "", Some(m)),
            ("ous", "", Some(m)),
            ("ive", "", Some(m)),
            ("ize", "", Some(m)),
        ],
    )
}

fn step5a(word: &[u8]) -> Vec<u8> {
    if let Some(stem) = word.strip_suffix(b"e") {
        let m = measure(stem);
        if m > 1 || (m == 1 && !ends_cvc(stem)) {
            return stem.to_vec();
        }
    }
    word.to_vec()
}

fn step5b(word: &[u8]) -> Vec<u8> {
    let condition = |_: &[u8]| measure(&word[..word.len() - 1]) > 1;
    apply_rules(word, &[("ll", "l", Some(&condition))])
}

/// The stem of a word (lowercased first). Words that are not plain ASCII are returned
/// lowercased but unstemmed.
pub fn stem(word: &str) -> String {
    let lower = word.to_lowercase();
    if let Some((_, irregular)) = IRREGULAR.iter().find(|(form, _)| *form == lower) {
        return (*irregular).to_owned();
    }
    if word.chars().count() <= 2 || !lower.is_ascii() {
        return lower;
    }
    let mut w = step1a(lower.as_bytes());
    w = step1b(&w);
    w = step1c(&w);
    w = step2(&w);
    w = step3(&w);
    w = step4(&w);
    w = step5a(&w);
    w = step5b(&w);
    String::from_utf8(w).unwrap_or(lower)
}

#[cfg(test)]
mod tests {
    use super::stem;

    #[test]
    fn classic_examples() {
        // Porter (1980)'s own examples, as NLTK stems them.
        for (word, expected) in [
            ("caresses", "caress"),
            ("ponies", "poni"),
            ("ties", "tie"),
            ("cats", "cat"),
            ("feed", "feed"),
            ("agreed", "agre"),
            ("plastered", "plaster"),
            ("motoring", "motor"),
            ("sing", "sing"),
            ("conflated", "conflat"),
            ("troubled", "troubl"),
            ("sized", "size"),
            ("hopping", "hop"),
            ("falling", "fall"),
            ("filing", "file"),
            ("happy", "happi"),
            ("relational", "relat"),
            ("conditional", "condit"),
            ("generalization", "gener"),
            ("electrical", "electr"),
            ("adjustment", "adjust"),
            ("controll", "control"),
            ("dying", "die"),
            ("is", "is"),
        ] {
            assert_eq!(stem(word), expected, "{word}");
        }
    }
}
