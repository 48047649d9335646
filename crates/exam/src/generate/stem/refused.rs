//! Keys no question asks, whatever its form: a pointer to elsewhere, a key cut inside a token,
//! said twice, or half of its phrase (a verb's particle, a name's other half, a passive verb's
//! complement).

use super::CATEGORIES;
use crate::generate::spans::{SpanKind, s_form};
use crate::generate::stem_words::{PREPOSITIONS, is_determiner, third_person};
use crate::lexicon::{self, Parts};

/// Whether the key `sentence[start..end]` is no phrase a question could ask for, judged on the
/// sentence alone.
pub(super) fn refused(sentence: &str, start: usize, end: usize) -> bool {
    // "See … for more information", "Refer to …": a pointer to elsewhere states no fact.
    let first = sentence.split_whitespace().next().unwrap_or("");
    // … and a sentence that ends on a colon introduces what it does not hold.
    // "Additional information is available at Limits in SQLite", "For details, see …": a
    // pointer by its subject or its opening too.
    let lower = sentence.trim_start().to_lowercase();
    let pointer = [
        "more",
        "further",
        "additional",
        "for more",
        "for further",
        "for",
    ]
    .iter()
    .any(|opening| {
        lower
            .strip_prefix(opening)
            .is_some_and(|rest| rest.starts_with(" information") || rest.starts_with(" details"))
    });
    // "… inspiration in followings.", "… are listed below.": a sentence that ends by pointing
    // to a list it does not hold, as one ending on a colon.
    let last_words: Vec<String> = lower
        .trim_end_matches(['.', '!', ' '])
        .rsplit(' ')
        .take(2)
        .map(str::to_owned)
        .collect();
    let points_to_a_list = matches!(
        last_words.first().map(String::as_str),
        Some("following" | "followings" | "below")
    ) || last_words.first().is_some_and(|w| w == "follows")
        && last_words.get(1).is_some_and(|w| w == "as");
    // "Dynamic Memory Allocation in SQLite → SQLite has …": a list of links, each title glued to
    // its description by an arrow, is no sentence.
    let linked = sentence.contains(['→', '⇒', '⟶', '➜']) || sentence.contains(" -> ");
    if points_to_a_list || linked {
        return true;
    }
    if matches!(first, "See" | "Refer" | "Consult") || pointer || sentence.trim_end().ends_with(':')
    {
        return true;
    }
    let key = &sentence[start..end];
    // "for whatever reason": a "whatever" phrase names nothing a question could ask for.
    let first_word = key.split_whitespace().next().unwrap_or("").to_lowercase();
    if plural_with_singular_verb(sentence, start, end)
        || matches!(first_word.as_str(), "whatever" | "whichever" | "whoever")
    {
        return true;
    }
    // "bypassing the filesystem altogether", "the plot title somewhere": a key that ends on an
    // adverb is no phrase.
    let last = key.split_whitespace().last().unwrap_or("").to_lowercase();
    // … or on a verb's particle ("sends the result back to …").
    if key.contains(' ')
        && (lexicon::parts(&last).is_some_and(|p| p.mostly_adverb())
            || matches!(
                last.as_str(),
                "back" | "away" | "out" | "off" | "up" | "down" | "aside" | "apart" | "ahead"
            )
            // … or on an adverb the lexicon also knows as a noun ("in the altogether").
            || matches!(
                last.as_str(),
                "altogether" | "together" | "anyway" | "instead" | "either" | "too" | "alone"
                    | "elsewhere" | "beforehand" | "afterwards" | "meanwhile"
            ))
    {
        return true;
    }
    let before: Vec<String> = sentence[..start]
        .split_whitespace()
        .map(str::to_lowercase)
        .collect();
    // "As many boxplots will be drawn as there are levels": "as many … as" compares; its
    // quantity is no phrase of its own ("As what will be drawn …").
    let quantity = |w: &str| matches!(w, "many" | "much" | "few" | "little");
    let comparing =
        |w: Option<&String>| w.is_some_and(|w| matches!(w.as_str(), "as" | "so" | "too"));
    if quantity(&first_word) && comparing(before.last())
        || before.last().is_some_and(|w| quantity(w)) && comparing(before.iter().rev().nth(1))
    {
        return true;
    }
    // "… updated as the content of the database changes": a key closing a clause that opens
    // with a subordinator and a determiner, with no verb between, ends on that clause's verb.
    let closes_clause = sentence[end..]
        .trim_start()
        .chars()
        .next()
        .is_none_or(|c| matches!(c, '.' | ',' | ';' | ':' | '!' | '?'));
    let clause: Vec<&String> = before
        .iter()
        .rev()
        .take_while(|w| !w.ends_with([',', ';', ':']))
        .collect();
    let opened = clause.iter().enumerate().find_map(|(k, w)| {
        (matches!(
            w.as_str(),
            "as" | "when" | "while" | "until" | "once" | "because" | "since" | "whenever"
        ) && k > 0
            && is_determiner(clause[k - 1]))
        .then_some(k)
    });
    let verb_between = opened.is_some_and(|k| {
        clause[..k]
            .iter()
            .any(|w| lexicon::is_auxiliary(w) || third_person(w, Parts::mostly_verb))
    });
    if key.contains(' ')
        && closes_clause
        && opened.is_some()
        && !verb_between
        && last.ends_with('s')
        && lexicon::parts(&last).is_some_and(|p| p.verb())
    {
        return true;
    }
    // "the way dependencies are handled": "way", "time", "reason" … take a clause with no
    // "that"; a key that runs from one into the clause's subject is no phrase.
    if key.contains(' ')
        && matches!(
            key.split_whitespace()
                .next()
                .unwrap_or("")
                .to_lowercase()
                .as_str(),
            "way" | "time" | "reason" | "place" | "manner" | "moment" | "day" | "point"
        )
    {
        return true;
    }
    // "the table content row by row": the key's last word repeated after a preposition is an
    // idiom the key cuts.
    let last_word = key.split_whitespace().last().unwrap_or("");
    let mut after_key = sentence[end..].split_whitespace();
    if let (Some(preposition), Some(again)) = (after_key.next(), after_key.next())
        && matches!(preposition, "by" | "to" | "after" | "for")
        && again.trim_end_matches(|c: char| !c.is_alphanumeric()) == last_word
    {
        return true;
    }
    // "600 by 400 pixels": a number that is one side of a size is no quantity of its own.
    if key.starts_with(|c: char| c.is_ascii_digit()) {
        let mut before = sentence[..start].split_whitespace().rev();
        let mut after = sentence[end..].split_whitespace();
        let sized = |joint: Option<&str>, other: Option<&str>| {
            matches!(joint, Some("by" | "x" | "×"))
                && other.is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()))
        };
        if sized(before.next(), before.next()) || sized(after.next(), after.next()) {
            return true;
        }
    }
    // "/etc/cron" of "/etc/cron.{hourly,daily}": a key cut inside a longer token — also where
    // a PDF's line break left a space in it ("/etc/cron. {hourly,daily}": no sentence starts
    // with a brace).
    let mut rest = sentence[end..].chars();
    let cut = match rest.next() {
        None => false,
        Some('.') => rest.next().is_some_and(|c| {
            !c.is_whitespace()
                || rest
                    .find(|c| !c.is_whitespace())
                    .is_some_and(|c| matches!(c, '{' | '['))
        }),
        Some(c) => !c.is_whitespace() && !",;:)]?!\"”’'".contains(c),
    };
    if cut {
        return true;
    }
    let (whole, inside) = occurrences(sentence, key);
    // "allocation" inside "deallocation": the sentence gives the key away however it is asked.
    if inside > 0 {
        return true;
    }
    // The key said twice ("the position of the polygon … giving the position of …"): asked
    // once it gives itself away, blanked twice it asks for two blanks under "the blank".
    if whole > 1 {
        return true;
    }
    if elliptical_comparison(&sentence[..start]) {
        return true;
    }
    false
}

/// Whether the key, between the words `before` and `after` it, is half of a phrase: asked for,
/// the question word would stand for part of it.
pub(super) fn half_a_phrase(before: &[&str], after: &[&str], kind: &SpanKind) -> bool {
    // "after several years of scraping by, …": a particle left with no object after the key
    // makes the key a verb of a phrasal verb ("of what by").
    if after.first().is_some_and(|w| {
        PARTICLES.contains(&w.trim_end_matches([',', ';', ':']))
            && (after.len() == 1 || w.ends_with([',', ';', ':']))
    }) {
        return true;
    }
    // "the _____ of the software deployed … contributes to Debian's fame", "you can add what
    // like "c=YYYY-MM-DD" to the URL": a noun asked without the "of" phrase that completes it,
    // or the example that follows it, is half of its phrase.
    if *kind == SpanKind::Term
        && (after.first().is_some_and(|w| matches!(*w, "of" | "like"))
            || after.len() >= 2 && after[0] == "such" && after[1] == "as")
    {
        return true;
    }
    // "as the result of a GROUP by clause": a preposition and a bare category noun after the
    // key make the key half of the category's name ("of what by clause").
    if after.len() >= 2
        && matches!(
            after[0],
            "by" | "on" | "in" | "into" | "from" | "with" | "at"
        )
        && CATEGORIES.contains(&after[1])
        && after
            .get(2)
            .is_none_or(|w| w.chars().all(|c| c.is_ascii_lowercase()))
    {
        return true;
    }
    // "must not be installed setuid root": a key just after a passive participle is its
    // complement (a manner or a state), no object "what" could stand for.
    if passive_complement(before) {
        return true;
    }
    false
}

/// "… we choose an automated rather than a manual installation method": the key's noun is
/// shared with the word before "rather than" / "instead of", which is no noun, so asking for the
/// key leaves that word without its noun ("an automated rather than what?").
fn elliptical_comparison(before: &str) -> bool {
    let words: Vec<String> = before
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let n = words.len();
    let compared = if n >= 3 && words[n - 2] == "rather" && words[n - 1] == "than"
        || n >= 3 && words[n - 2] == "instead" && words[n - 1] == "of"
    {
        Some(words[n - 3].as_str())
    } else {
        None
    };
    compared.is_some_and(|w| crate::lexicon::parts(w).is_some_and(|p| !p.noun()))
}

/// "The keywords at screen indicates …": a plural subject (the key, after at most an article)
/// whose verb, next or after one prepositional phrase, is singular — the source's slip, which
/// a question would copy.
fn plural_with_singular_verb(sentence: &str, start: usize, end: usize) -> bool {
    let before: Vec<&str> = sentence[..start].split_whitespace().collect();
    let subject = before.is_empty() || before.len() == 1 && is_determiner(before[0]);
    let last = sentence[start..end]
        .split_whitespace()
        .last()
        .unwrap_or("")
        .to_lowercase();
    let plural = last.len() > 3 && s_form(&last) && lexicon::parts(&last).is_none_or(|p| p.noun());
    if !subject || !plural {
        return false;
    }
    let after: Vec<String> = sentence[end..]
        .split_whitespace()
        .take(4)
        .map(|w| w.trim_end_matches([',', '.']).to_lowercase())
        .collect();
    // The verb right after the key, or after a preposition and one or two words.
    let verb_at = if after
        .first()
        .is_some_and(|w| PREPOSITIONS.contains(&w.as_str()))
    {
        (2..after.len()).find(|&k| {
            lexicon::is_auxiliary(&after[k]) || third_person(&after[k], Parts::mostly_verb)
        })
    } else {
        Some(0)
    };
    verb_at.and_then(|k| after.get(k)).is_some_and(|w| {
        matches!(w.as_str(), "is" | "was" | "has" | "does") || third_person(w, Parts::mostly_verb)
    })
}

/// How often `key` stands in `sentence` as a whole word, and how often inside another word.
fn occurrences(sentence: &str, key: &str) -> (usize, usize) {
    // A hyphen joins: "Internet" in "Internet-connected" is inside a word too.
    let word_char =
        |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
    let (mut whole, mut inside) = (0, 0);
    for (at, _) in sentence.match_indices(key) {
        let before = sentence[..at].chars().next_back();
        let after = sentence[at + key.len()..].chars().next();
        if word_char(before) || word_char(after) {
            inside += 1;
        } else {
            whole += 1;
        }
    }
    (whole, inside)
}

/// Whether `before` ends on a passive participle ("be installed", "is not usually run"), after
/// which a phrase is a complement; verbs that take a second object when passive ("is called",
/// "was given", "is considered") ask for it well.
fn passive_complement(before: &[&str]) -> bool {
    let Some((verb, rest)) = before.split_last() else {
        return false;
    };
    let verb = verb.to_lowercase();
    let participle =
        verb.ends_with("ed") && verb.len() > 4 && lexicon::parts(&verb).is_some_and(|p| p.verb())
            || matches!(
                verb.as_str(),
                "built" | "run" | "written" | "held" | "put" | "done" | "bound" | "read"
            );
    let takes_object = matches!(
        verb.as_str(),
        "called"
            | "named"
            | "termed"
            | "dubbed"
            | "labelled"
            | "labeled"
            | "titled"
            | "entitled"
            | "considered"
            | "deemed"
            | "given"
            | "granted"
            | "assigned"
            | "shown"
            | "told"
            | "sent"
            | "offered"
            | "denied"
            | "passed"
            | "handed"
            | "charged"
            | "made"
            | "set"
            | "left"
            | "kept"
            | "found"
            | "known"
            | "allowed"
            | "asked"
            | "required"
    );
    let be = |w: &&str| {
        matches!(
            w.to_lowercase().as_str(),
            "be" | "is" | "are" | "was" | "were" | "been" | "being" | "isn't" | "aren't"
        )
    };
    participle
        && !takes_object
        && (rest.last().is_some_and(be)
            || rest.len() >= 2
                && be(&rest[rest.len() - 2])
                && lexicon::parts(&rest[rest.len() - 1].to_lowercase())
                    .is_some_and(|p| p.mostly_adverb()))
}

/// Particles of phrasal verbs ("scraping by", "shuts down").
const PARTICLES: &[&str] = &[
    "by", "up", "out", "off", "on", "in", "over", "down", "away", "back", "through", "along",
    "around",
];
