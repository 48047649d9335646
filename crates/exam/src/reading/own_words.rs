//! A reply that names no choice but restates one in its own words (METHODS.md §13): "oceans and
//! lakes" for "Lakes And Oceans", "the loss resistance added to the radiation resistance" for
//! "Radiation resistance plus loss resistance", "a single watt" for "1 watt", "the Equal Credit
//! Opportunity Act" for "ECOA".
//!
//! Only the words that set a choice apart count — the words no other choice has. A choice is read
//! when the reply says more than half of them and every other choice has at most a quarter of
//! its own said; a reply that says one choice's words after a "not" is not read at all. Where
//! no choice has words of its own ("High incidence & Low prevalence" against "Low incidence &
//! High prevalence"), nothing is read: the order of the words would decide, and that is meaning.

use super::alike::same;
use super::cues::phrase_at;
use super::phrases::LISTS;
use super::text::{NOT_CONTRACTED, SMALL};
use super::words::Word;

/// The share of a choice's own words a reply must say to be read as it (more than this).
const SAID: f64 = 0.5;

/// The most of its own words another choice may have said beside the one read.
const OTHER: f64 = 0.25;

/// Words that give a verdict, which choices of the form "Yes, because …" differ by.
pub(super) const VERDICTS: &[&str] = &["yes", "no", "true", "false"];

/// Words that deny what follows them.
const NEGATIONS: &[&str] = &["not", "no", "never", "neither", "nor", "without", "instead"];

/// The choice a reply restates in its own words, if exactly one is restated clearly.
pub(super) fn restated(reply: &[Word], choices: &[String]) -> Option<usize> {
    if choices.len() < 2 {
        return None;
    }
    if let Some(choice) = by_initials(reply, choices) {
        return Some(choice);
    }
    // A citation ("[2]") is no word of the answer.
    // … nor is "one" after "the", "this", "that": a pronoun ("the one that applies").
    let mut said: Vec<String> = reply
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let pronoun = w.text == "one"
                && i > 0
                && matches!(
                    reply[i - 1].text.as_str(),
                    "the"
                        | "this"
                        | "that"
                        | "which"
                        | "each"
                        | "any"
                        | "every"
                        | "another"
                        | "other"
                );
            if w.before.ends_with('[') && w.after.starts_with(']') || pronoun {
                String::new()
            } else {
                canonical(&w.text)
            }
        })
        .collect();
    // Numbers in words are one number: "seven hundred" is 700, "ninety-five" 95, "one hundred
    // twenty-eight" 128, "two thousand five hundred" 2500.
    number_words(reply, &mut said);
    let keys: Vec<Vec<String>> = choices.iter().map(|c| keys(c)).collect();
    let mut shares: Vec<(usize, f64, f64, Vec<usize>)> = Vec::new();
    for (i, own) in keys.iter().enumerate() {
        let distinct: Vec<&String> = own
            .iter()
            .filter(|k| {
                keys.iter()
                    .enumerate()
                    .all(|(j, other)| j == i || !other.iter().any(|o| alike(k, o)))
            })
            .collect();
        if distinct.is_empty() {
            shares.push((i, 0.0, 0.0, Vec::new()));
            continue;
        }
        let mut places = Vec::new();
        let mut found = 0usize;
        let mut found_free = 0usize;
        for key in &distinct {
            let at: Vec<usize> = (0..said.len())
                .filter(|&p| !said[p].is_empty() && alike(key, &said[p]))
                .collect();
            if !at.is_empty() {
                found += 1;
                found_free += usize::from(at.iter().any(|&p| !denied_after(reply, p)));
                places.extend(at);
            }
        }
        let share = |n: usize| n as f64 / distinct.len() as f64;
        shares.push((i, share(found), share(found_free), places));
    }
    let best = shares.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
    // Another choice's words the reply denies ("punitive damages seem unlikely") do not
    // compete with the choice it restates.
    if best.1 <= SAID || shares.iter().any(|s| s.0 != best.0 && s.2 > OTHER) {
        return None;
    }
    // "Yes: the boy was a trespasser" against "No, because the boy was a trespasser": a
    // verdict the choice does not hold, that other choices do, is the other verdict.
    let verdict_against = said.iter().any(|w| {
        VERDICTS.contains(&w.as_str())
            && !keys[best.0].contains(w)
            && keys.iter().any(|k| k.contains(w))
    });
    if verdict_against {
        return None;
    }
    // "Not oceans": a restated choice's words after a denial are not the reply's answer,
    // unless the choice denies too ("is not required to be present").
    let choice_denies = keys[best.0]
        .iter()
        .any(|k| NEGATIONS.contains(&k.as_str()) || NOT_CONTRACTED.contains(&k.as_str()));
    let denied = best.3.iter().any(|&p| {
        denied_after(reply, p)
            || (p.saturating_sub(3)..p).any(|q| {
                let w = reply[q].text.as_str();
                NEGATIONS.contains(&w) || NOT_CONTRACTED.contains(&w)
            })
    });
    if denied && !choice_denies {
        return None;
    }
    Some(best.0)
}

/// Whether the word at `p` is rejected by what follows it in its clause, two words between at
/// most ("huge and green is tempting"): "punitive damages seem unlikely", "oceans are wrong" (not a bare "no", which as often
/// starts the next thought: "compensatory only, no punitive").
fn denied_after(reply: &[Word], p: usize) -> bool {
    (p + 1..=p + 3)
        .take_while(|&q| q < reply.len() && !reply[q - 1].ends_clause)
        .any(|q| {
            LISTS
                .reject_after
                .starting(&reply[q].text)
                .any(|phrase| phrase != "no" && phrase_at(reply, q, phrase))
        })
}

/// Runs of number words (as [`canonical`] reads them, "and" allowed inside) folded into the one
/// number they say, written in its first word's place.
fn number_words(reply: &[Word], said: &mut [String]) {
    let value = |said: &[String], i: usize| -> Option<u64> {
        (!reply[i].text.chars().any(|c| c.is_ascii_digit()))
            .then(|| said[i].parse::<u64>().ok())
            .flatten()
    };
    let mut i = 0;
    while i < said.len() {
        let Some(first) = value(said, i) else {
            i += 1;
            continue;
        };
        let (mut total, mut group) = (0u64, first);
        let mut end = i + 1;
        while end < said.len() {
            if reply[end].text == "and" && end + 1 < said.len() && value(said, end + 1).is_some() {
                end += 1;
                continue;
            }
            let Some(next) = value(said, end) else { break };
            match next {
                100 => group = group.max(1) * 100,
                1000 => {
                    total += group.max(1) * 1000;
                    group = 0;
                }
                n if n < 100 => group += n,
                _ => break,
            }
            end += 1;
        }
        if end > i + 1 {
            said[i] = (total + group).to_string();
            for slot in &mut said[i + 1..end] {
                slot.clear();
            }
        }
        i = end;
    }
}

/// A choice that is an abbreviation ("ECOA", "HUD", "ACT") spelled out in the reply: the first
/// letters of words in a row, small words skipped ("Housing and Urban Development"). Written
/// in capitals, two letters are enough; in small letters, three.
fn by_initials(reply: &[Word], choices: &[String]) -> Option<usize> {
    let spelled: Vec<usize> = choices
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let c = c.trim().trim_end_matches('.');
            (2..=6).contains(&c.len())
                && c.chars().all(|ch| ch.is_ascii_uppercase())
                && spelled_out(reply, c)
        })
        .map(|(i, _)| i)
        .collect();
    match spelled.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Whether words in a row of the reply begin with the letters of `short`, in order.
fn spelled_out(reply: &[Word], short: &str) -> bool {
    let letters: Vec<char> = short.chars().map(|c| c.to_ascii_lowercase()).collect();
    // Words joined by a hyphen ("Artemisinin-based") are one word here.
    let mut units: Vec<(char, bool)> = Vec::new();
    let mut joined = false;
    for w in reply {
        if !joined && !SMALL.contains(&w.text.as_str()) {
            let first = w.raw.chars().next().unwrap_or(' ');
            units.push((first.to_ascii_lowercase(), first.is_uppercase()));
        } else if !joined {
            units.push((' ', false));
        }
        joined = w.after.starts_with('-') && w.after.len() == 1;
    }
    let content: Vec<(usize, char, bool)> = units
        .iter()
        .enumerate()
        .filter(|(_, (c, _))| *c != ' ')
        .map(|(i, (c, up))| (i, *c, *up))
        .collect();
    content.windows(letters.len()).any(|run| {
        let in_a_row = run.windows(2).all(|p| {
            // Between two content words, at most one small word ("Housing and Urban").
            p[1].0 - p[0].0 <= 2
        });
        let capitals = run.iter().all(|(_, _, up)| *up);
        in_a_row
            && run.iter().zip(&letters).all(|((_, c, _), l)| c == l)
            && (capitals || letters.len() >= 3)
    })
}

/// A text's words as compared here: meaningful words only, numbers written as digits.
fn keys(text: &str) -> Vec<String> {
    // "366,303" is one number.
    let chars: Vec<char> = text.chars().collect();
    let text: String = chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            !(c == ','
                && i > 0
                && chars[i - 1].is_ascii_digit()
                && chars
                    .get(i + 1..i + 4)
                    .is_some_and(|d| d.iter().all(char::is_ascii_digit))
                && chars.get(i + 4).is_none_or(|n| !n.is_ascii_digit()))
        })
        .map(|(_, c)| *c)
        .collect();
    let mut out: Vec<String> = Vec::new();
    for w in super::words::words(&text).into_iter().take(64) {
        let k = canonical(&w.text);
        let meaningful = k.chars().count() >= 2 || k.chars().all(|c| c.is_ascii_digit());
        if !SMALL.contains(&k.as_str()) && meaningful && !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// A word as compared: a number word as its digits ("one", "single" → "1").
fn canonical(word: &str) -> String {
    const NUMBERS: &[(&str, &str)] = &[
        ("one", "1"),
        ("single", "1"),
        ("two", "2"),
        ("three", "3"),
        ("four", "4"),
        ("five", "5"),
        ("six", "6"),
        ("seven", "7"),
        ("eight", "8"),
        ("nine", "9"),
        ("ten", "10"),
        ("eleven", "11"),
        ("twelve", "12"),
        ("fifteen", "15"),
        ("twenty", "20"),
        ("thirty", "30"),
        ("forty", "40"),
        ("fifty", "50"),
        ("sixty", "60"),
        ("seventy", "70"),
        ("eighty", "80"),
        ("ninety", "90"),
        ("hundred", "100"),
        ("thousand", "1000"),
    ];
    // A direction with "-ward(s)" is the direction ("westward", "eastwards").
    let word = ["wards", "ward"]
        .iter()
        .find_map(|end| word.strip_suffix(end).filter(|rest| rest.len() >= 4))
        .unwrap_or(word);
    NUMBERS
        .iter()
        .find(|(w, _)| *w == word)
        .map_or_else(|| word.to_owned(), |(_, n)| (*n).to_owned())
}

/// Whether two words are one word as people restate it: the same (allowing an inflection or a
/// slip, as a choice's text is matched), or sharing a beginning of six letters or more that is
/// most of the shorter word ("fluttery", "fluttering").
fn alike(a: &str, b: &str) -> bool {
    if same(a, b) {
        return true;
    }
    let shorter = a.chars().count().min(b.chars().count());
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    common >= 6 && common * 5 >= shorter * 4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(reply: &str, choices: &[&str]) -> Option<usize> {
        let choices: Vec<String> = choices.iter().map(|c| (*c).to_owned()).collect();
        restated(&super::super::words::words(reply), &choices)
    }

    #[test]
    fn the_words_only_one_choice_has_read_as_it() {
        let waters = ["Lakes And Oceans", "Rivers And Streams", "Ponds And Lakes"];
        assert_eq!(read("Oceans and lakes.", &waters), Some(0));
        let sums = [
            "Radiation resistance plus space impedance",
            "Radiation resistance plus transmission resistance",
            "Radiation resistance plus loss resistance",
        ];
        assert_eq!(
            read(
                "The loss resistance added to the radiation resistance.",
                &sums
            ),
            Some(2)
        );
        let fading = [
            "A slow change in the pitch of the CW signal",
            "A fluttery irregular fading",
            "A gradual loss of signal as the sun rises",
        ];
        assert_eq!(
            read("The signal fades in an irregular, fluttering way.", &fading),
            Some(1)
        );
    }

    #[test]
    fn numbers_in_words_are_numbers() {
        assert_eq!(
            read("A single watt.", &["1 watt", "2 watts", "5 watts"]),
            Some(0)
        );
        assert_eq!(read("Five of them.", &["3", "5", "7"]), Some(1));
        // "The one that applies" is no number.
        assert_eq!(
            read(
                "Are you after the textbook answer or the one that applies in practice?",
                &["50 watts PEP", "1 watt EIRP", "5 watts EIRP"]
            ),
            None
        );
        assert_eq!(
            read(
                "The gap is filled by one hundred twenty-eight.",
                &["128", "126", "184", "172"]
            ),
            Some(0)
        );
        assert_eq!(
            read("Four hundred and fifteen.", &["404", "415", "426", "437"]),
            Some(1)
        );
        assert_eq!(
            read(
                "Three hundred and sixty-six thousand three hundred and three dollars.",
                &["263,352", "366,303", "501,282", "605,401"]
            ),
            Some(1)
        );
        assert_eq!(
            read(
                "Two thousand five hundred of them.",
                &["250", "2500", "5000", "25"]
            ),
            Some(1)
        );
        assert_eq!(
            read(
                "Roughly ninety-five percent.",
                &["50%", "68%", "95%", "100%"]
            ),
            Some(2)
        );
    }

    #[test]
    fn an_abbreviation_spelled_out_is_the_abbreviation() {
        let acts = ["ADA", "ECOA", "UCC", "The Sherman Anti-Trust Act"];
        assert_eq!(read("The Equal Credit Opportunity Act.", &acts), Some(1));
        let agencies = ["HUD", "The CFPB", "THE FBI"];
        assert_eq!(
            read(
                "The Department of Housing and Urban Development.",
                &agencies
            ),
            Some(0)
        );
        // Two letters in small words spell nothing: "Cells often" is not "CO".
        assert_eq!(read("Cells often die.", &["CO", "NO", "SO2"]), None);
        assert_eq!(
            read(
                "Artemisinin-based combination therapy.",
                &["CQ", "MQ", "ACT"]
            ),
            Some(2)
        );
    }

    #[test]
    fn half_a_choice_or_words_of_two_choices_read_nothing() {
        let tests = [
            "Friedman's test",
            "Mann-Whitney test",
            "Wilcoxon test",
            "independent-measures t-test",
        ];
        // One of "independent measures": half of that choice's own words.
        assert_eq!(
            read("A rank-based test for two independent groups.", &tests),
            None
        );
        let metabolism = [
            "Active metabolite generation",
            "Polar to less polar",
            "Less polar to more polar",
            "Generate active drug from prodrug",
        ];
        assert_eq!(
            read("It makes a drug more water-soluble.", &metabolism),
            None
        );
        // Every word is some other choice's too: the order would decide.
        let levels = [
            "High prevalence & Low incidence",
            "High incidence & Low prevalence",
            "Low prevalence & Low incidence",
            "High incidence & High prevalence",
        ];
        assert_eq!(read("Both are high.", &levels), None);
    }

    #[test]
    fn a_denied_choice_is_not_read() {
        let waters = ["Lakes And Oceans", "Rivers And Streams", "Ponds And Lakes"];
        assert_eq!(read("Not the oceans, I think.", &waters), None);
        assert_eq!(read("Certainly not rivers or streams.", &waters), None);
        assert_eq!(read("Oceans are wrong here, I think.", &waters), None);
        // Another choice's words, rejected by what follows them, do not compete.
        let damages = [
            "No, because he has no standing to sue for trespass.",
            "Yes, for compensatory damages only.",
            "Yes, for injunctive relief, compensatory damages, and punitive damages.",
        ];
        assert_eq!(
            read(
                "He'll prevail, but I'd expect compensatory damages only — punitive damages seem unlikely.",
                &damages
            ),
            Some(1)
        );
        assert_eq!(
            read(
                "He'll prevail, with compensatory damages only — and punitive damages too.",
                &damages
            ),
            None
        );
        // A choice that denies may be restated with a denial.
        let control = [
            "The operator must be present at the control point",
            "The operator need not be present at the control point",
        ];
        assert_eq!(
            read("It says the operator need not be there.", &control),
            Some(1)
        );
    }
}
