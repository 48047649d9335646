//! Whether the phrase a question asks for stands whole where it stands (METHODS.md §5.6):
//! the question word after a verb or a preposition and before a mark, a preposition or a new
//! clause — not for a modifier, one item of a list, half of "X and Y" or a word of a set
//! phrase — and a blank that is a whole phrase, not part of a name or a compound.

use super::stem_words::{
    BLANK, CLAUSE_OPENERS, OTHER_PREPOSITIONS, PREPOSITIONS, QUANTIFIERS, and_or_within, is_blank,
    is_determiner, opens_object, preposition, third_person,
};
use crate::lexicon;

/// Whether the phrase asked for in place (`asking`, between the words `before` and `after` it)
/// stands where a whole phrase stands (METHODS.md §5.6): after a verb, an auxiliary or a
/// preposition, and before the end, a mark, a preposition (for a `quantity` "of" too: "how many
/// GB of memory"), an auxiliary, a word that opens a clause, an adverb or a verb with its object. A question word after a name, a code or a noun
/// ("the standard in IP what", "use the tune2fs -o [no]acl which command") or before a noun
/// ("what loop has run", "by what pgsz option") stands for part of a phrase; before "who" or
/// "that" it would carry a relative clause no question word takes ("from what who are able").
pub(super) fn fits_its_slot(before: &[&str], after: &[&str], quantity: bool) -> bool {
    let Some(left) = before.last() else {
        return true;
    };
    let left = left.to_lowercase();
    // "Further what are provided": a word used mostly as an adverb is no verb.
    let known_verb = |w: &str| {
        w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            && lexicon::parts(w).is_some_and(|p| p.verb() && p.verb >= p.adverb)
    };
    // "Building shared what", "the newly created and enrolled what", "GUI based what",
    // "secure encrypted what": a participle before the question word describes the phrase
    // asked for, unless an auxiliary makes it the verb ("is stored what" never stands) or it
    // names ("a file named what").
    let describes = left.ends_with("ed")
        && !matches!(
            left.as_str(),
            "named" | "called" | "labelled" | "labeled" | "titled" | "termed"
        )
        && before.len() >= 2
        && !lexicon::is_auxiliary(&before[before.len() - 2].to_lowercase());
    // "the name what", "using the via what": a word after a determiner is part of the phrase
    // the determiner opens, whatever else it can be.
    if before.len() >= 2 && is_determiner(before[before.len() - 2]) {
        return false;
    }
    // "at least how many GB", "roughly how many rows": a word that qualifies a number.
    let qualifies = matches!(
        left.as_str(),
        "approximately" | "roughly" | "nearly" | "almost" | "exactly" | "only" | "just"
    ) || matches!(left.as_str(), "least" | "most")
        && before.len() >= 2
        && before[before.len() - 2].eq_ignore_ascii_case("at");
    // "for customized printing what": an "-ing" word after a modifier is a noun's modifier.
    let gerund = left.ends_with("ing") && before.len() >= 2 && {
        let earlier = before[before.len() - 2].to_lowercase();
        is_determiner(&earlier)
            || earlier.ends_with("ed")
            || lexicon::parts(&earlier).is_some_and(|p| p.adjective() && !p.verb())
    };
    if gerund {
        return false;
    }
    let left_fits = preposition(&left)
        || qualifies
        || OTHER_PREPOSITIONS.contains(&left.as_str())
        || lexicon::is_auxiliary(&left)
        || known_verb(&left) && !describes;
    // A cross-reference ("(see sidebar …)") leaves the question ([`without_references`]): the
    // word after it is the one that counts.
    let after = match after.first() {
        Some(w) if w.starts_with("(see") => {
            let close = after.iter().position(|w| w.contains(')'));
            close.map_or(&[][..], |at| &after[at + 1..])
        }
        _ => after,
    };
    let Some(right) = after.first() else {
        return left_fits;
    };
    let bare = right
        .trim_end_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    // "what (RTC) client software", "by what (the Internet Software Consortium)": an aside
    // right after the question word glosses the key or leaves its noun behind.
    let mark = right.starts_with([',', ';', ':', ')', '.', '?', '!', '—', '–']);
    // "an array of what to column values", "the case of what with a single disk": after a
    // preposition's object, "to" (or "with" after "of") belongs to the noun asked for. "From
    // what to …" is a range.
    // After a verb, "to" belongs to the verb only when the verb sends or sets something
    // somewhere ("adds what to the list"); "creates what to the METAFONT program", "is what to
    // implement …" leave the noun's own "to" behind.
    let sends = matches!(
        left.trim_end_matches('s'),
        "send"
            | "give"
            | "pass"
            | "add"
            | "write"
            | "copie"
            | "copy"
            | "move"
            | "appl"
            | "apply"
            | "assign"
            | "attach"
            | "map"
            | "set"
            | "convert"
            | "change"
            | "point"
            | "redirect"
            | "return"
            | "forward"
            | "upload"
            | "append"
            | "link"
            | "bind"
            | "deliver"
            | "export"
            | "save"
            | "output"
            | "print"
            | "report"
            | "grant"
            | "switch"
            | "sent"
            | "added"
            | "written"
            | "moved"
            | "applied"
            | "assigned"
            | "attached"
            | "mapped"
            | "converted"
            | "changed"
            | "returned"
            | "saved"
            | "granted"
            | "switched"
            | "linked"
            | "bound"
            | "exported"
            | "appended"
            | "redirected"
            | "forwarded"
            | "uploaded"
            | "delivered"
    );
    let to_of_the_noun = bare == "to" && !sends && !preposition(&left);
    // "All of what for installed packages": "of" after a quantifier asks for part of a phrase.
    let part_of = left == "of"
        && before.len() >= 2
        && matches!(
            before[before.len() - 2].to_lowercase().as_str(),
            "all"
                | "some"
                | "each"
                | "any"
                | "one"
                | "none"
                | "most"
                | "both"
                | "many"
                | "several"
                | "few"
        );
    let attached = part_of
        || to_of_the_noun
        || (preposition(&left) || OTHER_PREPOSITIONS.contains(&left.as_str()))
            && left != "from"
            && (bare == "to" || left == "of" && bare == "with");
    let adverb = lexicon::parts(&bare)
        .is_some_and(|p| p.adverb > 0 && p.adverb >= p.adjective.max(p.noun) && !p.verb())
        || bare.len() > 4 && bare.ends_with("ly") && lexicon::parts(&bare).is_none();
    // "A file named what holds the journal": a verb with its object after the phrase.
    let verb = third_person(&bare, |_| true)
        && after.get(1).is_some_and(|w| {
            // "what packages with gdb": before a preposition only a word mostly a verb.
            opens_object(w)
                && *w != "not"
                && (!PREPOSITIONS.contains(w)
                    || lexicon::parts(&bare).is_some_and(|p| p.mostly_verb() || !p.noun()))
        });
    // "how many characters was not enough": a number asked for as the subject of a singular
    // verb was a unit, not a count.
    if quantity && matches!(bare.as_str(), "is" | "was" | "has" | "does") {
        return false;
    }
    let right_fits = mark
        // "offers what than others": the comparative was part of the phrase asked for.
        || (preposition(&bare) || OTHER_PREPOSITIONS.contains(&bare.as_str()))
            && (bare != "of" || quantity)
            && bare != "than"
        || lexicon::is_auxiliary(&bare)
        || CLAUSE_OPENERS.contains(&bare.as_str())
        || adverb
        || verb;
    left_fits && right_fits && !attached
}

/// "in what with" ("in conjunction with"), "using IP what" ("IP VPNs"), "built with what
/// --enable-raise-console", "which file or directory subdirectory": the question word inside
/// a set phrase, after an acronym that modifies it, before the option it names, or before a
/// noun that names the path again.
pub(super) fn inside_a_set_phrase(words: &[&str]) -> bool {
    words.iter().enumerate().skip(1).any(|(i, w)| {
        let next = words.get(i + 1).copied().unwrap_or("");
        let before = words[i - 1];
        w.trim_end_matches(',').eq_ignore_ascii_case("what")
            && (before.eq_ignore_ascii_case("in") && matches!(next, "with" | "to")
                || before.len() >= 2 && before.chars().all(|c| c.is_ascii_uppercase()) && i >= 2
                || next.starts_with(['-', '–', '—']) && next.len() > 1)
    }) || words.windows(4).any(|w| {
        w[..3] == ["file", "or", "directory"]
            && matches!(
                w[3],
                "subdirectory" | "directory" | "file" | "folder" | "tree" | "hierarchy"
            )
    })
}

/// "For what, the first element … must contain …", "For what you can, of course, use …": a
/// preposition and a question word put first with no auxiliary after them ("In which file is
/// …", "With what can … be obtained") — the sentence's opening phrase asked in place.
pub(super) fn unturned(words: &[&str]) -> bool {
    let opens = words
        .first()
        .is_some_and(|w| preposition(&w.to_lowercase()))
        && words.get(1).is_some_and(|w| {
            matches!(
                w.trim_end_matches(',').to_lowercase().as_str(),
                "what" | "which" | "how"
            )
        });
    opens && {
        let turn = words
            .iter()
            .enumerate()
            .skip(2)
            .take(4)
            .find(|(_, w)| lexicon::AUXILIARIES.contains(&w.to_lowercase().as_str()));
        turn.is_none_or(|(at, _)| words[1..at].iter().any(|w| w.ends_with(',')))
    }
}

/// "The enhanced what", "of predefined what", "the automatically recognized what": the
/// question word after an adjective that belongs to the phrase asked for ("the enhanced text
/// mode syntax"); "is filled with what" and "a file named what" ask for a whole phrase.
pub(super) fn after_a_modifier(words: &[&str]) -> bool {
    let opens_phrase = |w: &str| {
        let lower = w.to_lowercase();
        is_determiner(&lower) || preposition(&lower)
    };
    words.iter().enumerate().skip(2).any(|(i, w)| {
        let adjective = words[i - 1];
        let describes = adjective.chars().all(char::is_alphabetic)
            && (adjective.len() > 4 && adjective.ends_with("ed")
                || lexicon::parts(adjective)
                    .is_some_and(|p| p.adjective() && !p.noun() && !p.verb()));
        w.trim_end_matches([',', '?']).eq_ignore_ascii_case("what")
            && describes
            && (opens_phrase(words[i - 2])
                || i >= 3 && words[i - 2].ends_with("ly") && opens_phrase(words[i - 3]))
    }) || words.len() >= 2 && {
        // "… documents what used?": a participle left dangling after the question word.
        let (before, last) = (words[words.len() - 2], words[words.len() - 1]);
        // … or a sign ("starts with what #?").
        before.eq_ignore_ascii_case("what")
            && (last.len() >= 4 && last.ends_with("ed") || !last.chars().any(char::is_alphanumeric))
    }
}

/// The question word standing for one item of a list or half of "X and Y": "with what,
/// fsarchiver, duplicity, or even dd", "pam_umask(8) and which file or directory", "in which
/// directory and the manual pages …", or an afterthought "… to a log file, what?".
pub(super) fn coordinated(words: &[&str]) -> bool {
    let joins = |w: Option<&&str>| w.is_some_and(|w| matches!(*w, "and" | "or" | "nor"));
    words.iter().enumerate().any(|(i, w)| {
        let bare = w.trim_end_matches([',', '?']).to_lowercase();
        if !matches!(bare.as_str(), "what" | "which") {
            return false;
        }
        // The phrase the question word opens: "what", "which option", "which file or
        // directory".
        let end = if bare == "what" || w.ends_with(',') {
            i
        } else if words.get(i + 1..i + 4) == Some(&["file", "or", "directory"][..]) {
            i + 3
        } else {
            i + 1
        };
        // "consists of what, a space, the file size, a space, and the file name": a comma
        // after the phrase and "and"/"or" or another comma soon after it.
        let aside = words
            .get(end + 1)
            .is_some_and(|w| matches!(*w, "e.g." | "i.e." | "for" | "such" | "including"));
        let listed = words[end].ends_with(',')
            && !aside
            && (and_or_within(words, end, 10)
                || words.iter().skip(end + 1).take(4).any(|w| w.ends_with(',')));
        // "… to a log file, what?", "in variables what, ARG2?": the phrase after a comma, or a
        // comma and a word or two after it, at the end.
        let last = end + 1 == words.len() && i >= 1 && words[i - 1].ends_with(',')
            || words[end].ends_with(',') && words.len() - end <= 3;
        // "the package's which file": the question word after a possessive.
        let owned = i >= 1 && (words[i - 1].ends_with("'s") || words[i - 1].ends_with("’s"));
        // "Internally and in what": the phrase after "and" and a preposition.
        let joined_phrase =
            i >= 2 && joins(words.get(i - 2)) && preposition(&words[i - 1].to_lowercase());
        i >= 1 && joins(words.get(i - 1))
            || joins(words.get(end + 1))
            || listed
            || last
            || owned
            || joined_phrase
    })
}

/// "… in a net neutral _____, but only if _____ service providers …", "the _____ polar
/// changes …": a blank before the noun or adjective of its phrase stands for a modifier or
/// cuts a name ("unset polar"), not a whole phrase; "the _____, index, every, …
/// and smooth are …": a blank before a list stands for its first item. A blank inside a word
/// ("simple_cdd/_____.py"), before a number ("“_____ 2 Configuration”"), an aside or a quoted
/// name ("_____ (RTC) services", "the _____ “interfaces”"), or a gerund used as a noun ("_____
/// masquerading is …") is part of a name or a phrase too.
pub(super) fn blank_modifies(words: &[&str]) -> bool {
    let blank = BLANK;
    words.iter().any(|w| {
        w.contains(blank) && {
            let (before, after) = w.split_once(blank).unwrap_or_default();
            !before
                .trim_start_matches(['“', '"', '(', '\'', '‘'])
                .is_empty()
                || after.starts_with(|c: char| {
                    c.is_alphanumeric() || matches!(c, '/' | '_' | '-' | '(')
                })
                || after
                    .strip_prefix('.')
                    .is_some_and(|rest| rest.starts_with(char::is_alphanumeric))
        }
    }) || words.windows(2).any(|pair| {
        // "_____ Open a read-only cursor …", "… extent _____ Rounding up …": a capitalised
        // word after the blank, with no mark between, is glued-on text or a name's rest.
        is_blank(pair[0])
            && pair[1].starts_with(char::is_uppercase)
            && pair[1].chars().skip(1).any(char::is_lowercase)
    }) || words.windows(2).any(|pair| {
        // "an _____ for the boxwidth": the article stays outside the blank and tells by its
        // sound which choices fit — a grammatical cue, and no whole phrase blanked.
        is_blank(pair[1])
            && matches!(
                pair[0]
                    .trim_start_matches(['“', '"', '(', '\'', '‘'])
                    .to_lowercase()
                    .as_str(),
                "a" | "an"
            )
    }) || words.windows(2).any(|pair| {
        // "the left _____", "100% branch _____", "Update _____ saves": after a word that
        // is no determiner, preposition, verb or joining word, the blank is the head of a
        // phrase whose modifiers stay outside it, or the rest of a name.
        is_blank(pair[1]) && !pair[1].starts_with(['“', '"']) && !blank_may_follow(pair[0])
    }) || words.windows(3).any(|w| {
        // "the _____ extended error code": a participle and a noun after the blank.
        is_blank(w[0])
            && w[1].ends_with("ed")
            && w[2].chars().all(|c| c.is_ascii_lowercase())
            && lexicon::parts(w[2]).is_some_and(|p| p.noun() && !p.mostly_verb())
    }) || words.windows(2).any(|pair| {
        is_blank(pair[0])
            && (pair[1].starts_with(|c: char| {
                c.is_ascii_digit() || matches!(c, '(' | '“' | '"' | '&' | '+' | '<' | '[' | '-')
            }) || pair[1].len() > 2
                && pair[1].chars().all(|c| c.is_ascii_lowercase())
                && !lexicon::is_auxiliary(pair[1])
                && !PREPOSITIONS.contains(&pair[1])
                && !OTHER_PREPOSITIONS.contains(&pair[1])
                && !CLAUSE_OPENERS.contains(&pair[1])
                && !matches!(pair[1], "and" | "or" | "nor" | "that" | "which" | "who")
                && lexicon::parts(pair[1]).is_none())
    }) || words.windows(2).any(|pair| {
        // "the _____ and write-ahead log files": half of a joined phrase; "_____, Short
        // Remedial Course": part of a title.
        pair[0].ends_with(blank) && matches!(pair[1], "and" | "or")
            || pair[0].ends_with(&format!("{blank},"))
                && pair[1].starts_with(char::is_uppercase)
                && !matches!(pair[1], "The" | "A" | "An" | "It" | "This")
    }) || words.windows(3).any(|w| {
        // "the _____ requires are": the word after the blank is the head noun.
        w[0].ends_with(blank)
            && w[1].ends_with('s')
            && w[1].chars().all(|c| c.is_ascii_lowercase())
            && lexicon::AUXILIARIES.contains(&w[2])
            // "_____, back, behind control": the first item of a list.
            || w[0].ends_with(&format!("{blank},")) && (w[1].ends_with(',') || w[2].ends_with(','))
    }) || words.windows(3).any(|w| {
        // "_____ masquerading is …", "the _____ collating sequence is …": an "-ing" word
        // after the blank, then an auxiliary or a noun — the blank modifies it.
        is_blank(w[0])
            && w[1].ends_with("ing")
            && (lexicon::AUXILIARIES.contains(&w[2])
                || w[2].chars().all(|c| c.is_ascii_lowercase())
                    && lexicon::parts(w[2]).is_some_and(|p| p.noun() && !p.mostly_verb()))
    }) || words.windows(4).any(|w| {
        // "the _____ merge command can …": two words of a compound after the blank, then an
        // auxiliary — the blank modifies the compound.
        let plain = |x: &str| x.chars().all(|c| c.is_ascii_lowercase());
        is_blank(w[0])
            && plain(w[1])
            && !lexicon::is_auxiliary(w[1])
            && !PREPOSITIONS.contains(&w[1])
            && lexicon::parts(w[1]).is_some()
            && plain(w[2])
            && lexicon::parts(w[2]).is_some_and(|p| p.noun())
            && lexicon::is_auxiliary(w[3])
    }) || words.windows(3).any(|w| {
        // "the _____ hits/day figure": a rate or unit, then a noun — the blank is a modifier.
        is_blank(w[0])
            && w[1].contains('/')
            && w[1]
                .split('/')
                .all(|p| !p.is_empty() && p.chars().all(char::is_alphanumeric))
            && w[2].chars().all(|c| c.is_ascii_lowercase())
            && lexicon::parts(w[2]).is_some_and(|p| p.noun() && !p.mostly_verb())
    }) || words.windows(3).any(|w| {
        // "an _____ FTS5 table": a name in capitals, then a noun — the blank modifies them.
        is_blank(w[0])
            && w[1].len() >= 2
            && w[1]
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            && w[2].chars().all(|c| c.is_ascii_lowercase())
            && lexicon::parts(w[2]).is_some_and(|p| p.noun() && !p.mostly_verb())
    }) || words
        .iter()
        .enumerate()
        .any(|(i, w)| *w == "_____," && and_or_within(words, i, 8))
        || words.windows(2).any(|pair| {
            // "the _____ red, green, and blue components": a list of modifiers after it too.
            let next = pair[1].trim_end_matches(',');
            is_blank(pair[0])
                && next.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && !lexicon::is_auxiliary(next)
                && !PREPOSITIONS.contains(&next)
                && lexicon::parts(next).is_some_and(|p| {
                    (p.noun() || p.adjective())
                        && !p.mostly_verb()
                        && p.adverb < p.noun.max(p.adjective)
                })
        })
}

/// Whether a blank may stand after `word`: after a determiner, a quantifier, a number, a
/// preposition, a verb, a joining word or a mark, a blank is a whole phrase.
fn blank_may_follow(word: &str) -> bool {
    let lower = word.to_lowercase();
    let bare = lower.trim_matches(|c: char| !c.is_alphanumeric());
    word.ends_with([',', ';', ':', '(', '“', '"'])
        || is_determiner(bare)
        || QUANTIFIERS.contains(&bare)
        || bare.chars().all(|c| c.is_ascii_digit())
        || preposition(bare)
        || OTHER_PREPOSITIONS.contains(&bare)
        || CLAUSE_OPENERS.contains(&bare)
        || lexicon::is_auxiliary(bare)
        || matches!(
            bare,
            "and"
                | "or"
                | "but"
                | "that"
                | "which"
                | "who"
                | "whether"
                | "where"
                | "all"
                | "both"
                | "either"
                | "neither"
                | "several"
                | "many"
                | "few"
                | "most"
                | "other"
                | "one"
                | "two"
                | "three"
        )
        // A verb in "s" ("… obtains _____"), not a plural noun ("statistics _____").
        || third_person(bare, |p| p.mostly_verb() || !p.noun())
        || lexicon::parts(bare).is_some_and(|p| p.verb() && !p.noun() && !p.adjective())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fits(before: &str, after: &str, quantity: bool) -> bool {
        let before: Vec<&str> = before.split_whitespace().collect();
        let after: Vec<&str> = after.split_whitespace().collect();
        fits_its_slot(&before, &after, quantity)
    }

    #[test]
    fn the_question_word_stands_where_a_whole_phrase_stands() {
        // After a verb or a preposition, before the end, a mark, a preposition, a new clause or
        // a verb with its object.
        assert!(fits("A file named", "holds the journal", false));
        assert!(fits(
            "The pager keeps",
            "until the transaction commits",
            false
        ));
        assert!(fits("The cache is set to", ", SQLite writes", false));
        assert!(fits("It needs at least", "of free memory", true));
        assert!(fits("created within", "(see sidebar BASICS)", false));
        // After a name, a modifier or a noun; before a noun, an aside, a relative clause, a
        // comparative or a noun's own "to".
        assert!(!fits("the standard in IP", ", is involved", false));
        assert!(!fits("attacks from", "who are able", false));
        assert!(!fits("configured by", "pgsz option", false));
        assert!(!fits("Building shared", "for Mac OS X", false));
        assert!(!fits("the total number of times", "loop has run", false));
        assert!(!fits("an array of", "to column values", false));
        assert!(!fits("Debian uses", "(RTC) client software", false));
        assert!(!fits("rsync(8) offers", "than others", false));
        assert!(!fits(
            "support collaboration between all involved",
            "",
            false
        ));
        assert!(!fits("the /etc/shadow file stores hashed", "", false));
        assert!(!fits("Since", "was not enough", true));
        assert!(!fits("with", "| www-browser", false));
    }

    #[test]
    fn a_blank_is_a_whole_phrase() {
        let modifies = |text: &str| {
            let stem = format!("What fills the blank in “{text}”?");
            let words: Vec<&str> = stem.trim_end_matches('?').split_whitespace().collect();
            blank_modifies(&words)
        };
        for text in [
            "some are listed in simple_cdd/_____.py",
            "see “_____ 2 Configuration” for more",
            "the _____ and write-ahead log files are essential",
            "_____, Short Remedial Course describes the shell",
            "the _____ collating sequence is used for comparisons",
            "the _____ requires are the same as for lines",
            "_____ Open a read-only cursor for the table",
            "_____ properties can be appended as usual",
            "the _____ polar changes the meaning of the plot",
            "the _____ red, green, and blue components are mapped",
            "it can enable or disable statistics _____ at run time",
            "the _____ merge command can be used to divide the work",
            "an _____ FTS5 table is created by setting the content option",
            "an _____ for the boxwidth is interpreted as a number of units",
            "it takes a _____ as its argument",
            "the _____ hits/day figure is a conservative estimate",
        ] {
            assert!(modifies(text), "{text}");
        }
        assert!(!modifies("the pager keeps _____ until commit"));
    }
}
