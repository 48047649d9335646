//! Salient spans of a sentence (METHODS.md §5, offline generator): the facts a cloze question can
//! ask about — a number with its unit, a year, a code identifier, a named term, or a noun phrase
//! of rare words. Pure text rules, no model.

mod nouns;
mod tokens;

use crate::lexicon;

use proctor_stats::text::is_stopword;
use serde::{Deserialize, Serialize};

pub(super) use nouns::{DETERMINERS, reads_as_verb, s_form};
use nouns::{
    NAME_JOINERS, PREPOSITIONS, adverbial_head, content_word, fixed_phrase, fixed_phrase_with_the,
    last_parts, modifier, nominal, noun_head, of_compound, opens_phrase, plural_noun,
    starts_no_name,
};
use tokens::{
    Word, YEAR_BEFORE, balanced, capitalised, code_kind, counts, glued_quantity, is_number,
    shouting, unit_of, upper_case, words,
};

/// What kind of fact a span states; distractors are spans of the same kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpanKind {
    /// A number with its unit ("512 MB", "3 days", "80%"); the unit, normalised.
    Quantity(String),
    /// A year between 1800 and 2099.
    Year,
    /// A file or directory path.
    Path,
    /// A command-line option ("--no-install-recommends").
    Option,
    /// Another code identifier (`sources.list`, `snake_case`, `camelCase`, `f()`).
    Code,
    /// A capitalised name ("Free Software Foundation", "Postfix").
    Name,
    /// A noun phrase of ordinary words (its rarity decides whether it is salient).
    Term,
}

impl SpanKind {
    /// How a question refers to a thing of this kind ("which file", "how many days").
    pub fn asking(&self) -> String {
        match self {
            Self::Quantity(unit) if unit == "%" => "what percentage".into(),
            Self::Quantity(unit) => format!("how many {}", plural(unit)),
            Self::Year => "in which year".into(),
            Self::Path => "which file or directory".into(),
            Self::Option => "which option".into(),
            Self::Code | Self::Name | Self::Term => "what".into(),
        }
    }

    /// Preference when a sentence has several spans: quantities and code first, then names.
    pub fn priority(&self) -> u8 {
        match self {
            Self::Quantity(_) | Self::Path | Self::Option => 3,
            Self::Code | Self::Year => 2,
            Self::Name => 1,
            Self::Term => 0,
        }
    }
}

fn plural(unit: &str) -> String {
    if unit.ends_with('s') || !unit.chars().all(|c| c.is_ascii_lowercase()) {
        unit.to_owned()
    } else {
        format!("{unit}s")
    }
}

/// A span: byte range within its sentence, and its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past its end.
    pub end: usize,
    /// What it states.
    pub kind: SpanKind,
}

/// "/usr/ share/common-licenses/GPL-3": a path a line break cut in two (a PDF's text) is half a
/// path either side of the break.
fn line_broken_path(words: &[tokens::Word<'_>], i: usize) -> bool {
    let continues =
        |w: &tokens::Word<'_>| !w.opened && w.text.contains('/') && !w.text.starts_with('/');
    let tail =
        i > 0 && !words[i - 1].breaks && words[i - 1].text.ends_with('/') && continues(&words[i]);
    let head =
        words[i].text.ends_with('/') && !words[i].breaks && words.get(i + 1).is_some_and(continues);
    tail || head
}

/// Every salient span of `sentence`, in order; none overlap.
pub fn spans(sentence: &str) -> Vec<Span> {
    let words = words(sentence);
    let mut out: Vec<Span> = Vec::new();
    let mut taken = vec![false; words.len()];
    let push = |out: &mut Vec<Span>, taken: &mut [bool], from: usize, to: usize, kind| {
        out.push(Span {
            start: words[from].start,
            end: words[to].end,
            kind,
        });
        for t in &mut taken[from..=to] {
            *t = true;
        }
    };
    // Quantities, years and code first: they are the most specific.
    for (i, w) in words.iter().enumerate() {
        if taken[i] {
            continue;
        }
        // "Type 1 fonts", "Windows 10": a number right after a capitalised word names a thing.
        let in_name = i >= 1
            && !words[i - 1].breaks
            && capitalised(words[i - 1].text)
            && !starts_no_name(words[i - 1].text);
        if is_number(w.text) && !in_name {
            let unit = words
                .get(i + 1)
                .filter(|_| !w.breaks)
                .filter(|next| counts(w.text, next.text))
                // "at offset 36 stores the total": a unit before a determiner is a verb.
                .filter(|next| {
                    next.breaks
                        || words
                            .get(i + 2)
                            .is_none_or(|after| !DETERMINERS.contains(&after.text))
                })
                .and_then(|next| unit_of(next.text));
            if let Some(unit) = unit {
                push(&mut out, &mut taken, i, i + 1, SpanKind::Quantity(unit));
            } else if w.text.len() == 4
                && w.text
                    .parse::<u32>()
                    .is_ok_and(|y| (1800..2100).contains(&y))
                // "October 9, 1994 and March 28, 1995": a year ending a date is part of it.
                && !(i >= 2
                    && words[i - 1].text.chars().all(|c| c.is_ascii_digit())
                    && words[i - 1].text.len() <= 2)
                // "in 1993", "since 2005", "(2004)": said as a time; "the default is 2000" is
                // a value.
                && (i == 0
                    || YEAR_BEFORE.contains(&words[i - 1].text.to_lowercase().as_str())
                    || w.opened)
            {
                push(&mut out, &mut taken, i, i, SpanKind::Year);
            }
        } else if let Some(unit) = glued_quantity(w.text) {
            push(&mut out, &mut taken, i, i, SpanKind::Quantity(unit));
        } else if let Some(kind) = code_kind(w.text)
            && !(kind == SpanKind::Path && line_broken_path(&words, i))
        {
            push(&mut out, &mut taken, i, i, kind);
        }
    }
    // Names: runs of capitalised words (not the sentence's first word alone).
    let mut i = 0;
    while i < words.len() {
        if taken[i] || !capitalised(words[i].text) || shouting(&words, i) {
            i += 1;
            continue;
        }
        let mut end = i;
        let mut k = i;
        while !words[k].breaks
            && k + 1 < words.len()
            && !taken[k + 1]
            && !words[k + 1].opened
            && !shouting(&words, k + 1)
        {
            let next = words[k + 1].text;
            // "Tip It", "Perpendicular For": a capitalised function word ends a name, and so
            // does a word that is no noun or adjective, or a verb before its object ("Copy Make
            // a copy of …"); "Virtual Network Computing" goes on.
            let lower = next.to_lowercase();
            let verb = lexicon::parts(&lower).is_some_and(|p| {
                (!p.noun() && !p.adjective())
                    || (p.mostly_verb()
                        && words
                            .get(k + 2)
                            .is_some_and(|w| DETERMINERS.contains(&w.text)))
            });
            let function = is_stopword(&lower)
                || DETERMINERS.contains(&lower.as_str())
                || PREPOSITIONS.contains(&lower.as_str());
            if capitalised(next) && !function && !verb {
                k += 1;
                end = k;
            } else if NAME_JOINERS.contains(&next)
                && k + 2 < words.len()
                && !words[k + 1].breaks
                && !taken[k + 2]
                && capitalised(words[k + 2].text)
            {
                k += 2;
                end = k;
            } else {
                break;
            }
        }
        let mut from = i;
        // A sentence's first word is capitalised anyway: it starts a name only with company,
        // and a function word ("The", "In", "Every", "Often") never does.
        let ordinary = |w: &str| {
            let lower = w.to_lowercase();
            is_stopword(&lower)
                || DETERMINERS.contains(&lower.as_str())
                || PREPOSITIONS.contains(&lower.as_str())
                || lower.ends_with("ly")
                || matches!(
                    lower.as_str(),
                    "often"
                        | "as"
                        | "when"
                        | "if"
                        | "while"
                        | "although"
                        | "because"
                        | "since"
                        | "unless"
                        | "once"
                        | "all"
                        | "see"
                        | "use"
                        | "note"
                )
        };
        if from == 0 && (end == 0 || ordinary(words[0].text)) {
            from = 1;
        }
        while from <= end && starts_no_name(words[from].text) {
            from += 1;
        }
        // A heading glued to the text: "Tip HEX is …", "NOTE Packages …" — a common word before
        // an upper-case one opening the sentence, an upper-case word before a capitalised one.
        while from < end
            && lexicon::parts(words[from].text).is_some()
            && ((from == 0 && !upper_case(words[from].text) && upper_case(words[from + 1].text))
                || (upper_case(words[from].text) && !upper_case(words[from + 1].text)))
        {
            from += 1;
        }
        // "WITHOUT ROWID": an upper-case name beside another upper-case word is cut from a
        // keyword phrase.
        let beside_upper = upper_case(words[end].text)
            && ((from > 0 && !words[from - 1].breaks && upper_case(words[from - 1].text))
                || (!words[end].breaks && words.get(end + 1).is_some_and(|w| upper_case(w.text))));
        // "KDE's" is no name but a possessive; "Debian-supplied" an adjective.
        let last = words[end].text;
        // "Boolean", "Available": a capitalised word WordNet knows, but not as a noun, is no
        // name on its own.
        let adjective_alone =
            from == end && !upper_case(last) && lexicon::parts(last).is_some_and(|p| !p.noun());
        let whole = !words[from..=end].iter().any(|w| w.text.ends_with("'s"))
            && !adjective_alone
            && (!last.contains('-') || noun_head(&last.to_lowercase(), false));
        // "PostScript Level 1", "Python 3": a name cut from the one a number continues.
        let numbered = !words[end].breaks
            && words
                .get(end + 1)
                .is_some_and(|w| w.text.starts_with(|c: char| c.is_ascii_digit()));
        if from <= end
            && from < words.len()
            && capitalised(words[from].text)
            && whole
            && !beside_upper
            && !numbered
        {
            push(&mut out, &mut taken, from, end, SpanKind::Name);
        }
        i = end + 1;
    }
    // Terms: a whole noun phrase of up to three ordinary words — the run of content words
    // from a word that opens a phrase (a determiner, a preposition, a verb) to one that closes it
    // (a function word, punctuation). A run that does not end on a noun, or whose left edge is
    // another content word that could modify it, would cut a phrase and is no span.
    let mut i = 0;
    while i < words.len() {
        let content = |w: &Word<'_>| {
            w.text.len() >= 3
                && w.text.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && !is_stopword(w.text)
                && !matches!(w.text, "whose" | "which" | "whom" | "whereby" | "wherein")
                && !DETERMINERS.contains(&w.text)
                && !PREPOSITIONS.contains(&w.text)
        };
        // "by default", "in progress": an adverbial, not a noun phrase.
        // … but "in time series" is a phrase of its own.
        let idiom = i > 0
            && fixed_phrase(words[i - 1].text, words[i].text)
            && (words[i - 1].text.eq_ignore_ascii_case("by") && words[i].text == "default"
                || words[i].breaks
                || words.get(i + 1).is_none_or(|w| w.opened || !content(w)))
            // "on the lookout for …", "on the fly"
            || i > 1
                && words[i - 1].text.eq_ignore_ascii_case("the")
                && fixed_phrase_with_the(words[i - 2].text, words[i].text)
            // "denial of service attacks": not "denial of what?"
            || i > 1
                && words[i - 1].text.eq_ignore_ascii_case("of")
                && of_compound(words[i - 2].text, words[i].text);
        if taken[i] || !content(&words[i]) || idiom || words[i].text.ends_with('-') {
            i += 1;
            continue;
        }
        let mut end = i;
        while !words[end].breaks
            && end + 1 < words.len()
            && !taken[end + 1]
            && !words[end + 1].opened
            && content(&words[end + 1])
        {
            end += 1;
        }
        let next = end + 1;
        // "the pager keeps a journal", "its users play an essential role": a last word that
        // reads as a verb, or can be one, before a determiner is one; so is one before a
        // word that opens a clause ("the transaction ends when a Commit …").
        if end > i
            && !words[end].breaks
            && (reads_as_verb(words[end].text)
                || lexicon::parts(&words[end].text.to_lowercase()).is_some_and(|p| p.verb()))
            && words.get(end + 1).is_some_and(|w| {
                DETERMINERS.contains(&w.text)
                    || matches!(
                        w.text,
                        "when" | "whenever" | "if" | "unless" | "until" | "because" | "while"
                    )
            })
        {
            end -= 1;
        }
        // "The distribution aims at simplifying …": the sentence's first phrase after its "the",
        // whose last word can be a verb in "-s" with a preposition after it, ends before that
        // verb — the sentence has no other.
        if end > i
            && i == 1
            && words[0].text.eq_ignore_ascii_case("the")
            && !words[end].breaks
            && words[end].text.ends_with('s')
            && !words[end].text.ends_with("ss")
            && lexicon::parts(&words[end].text.to_lowercase()).is_some_and(|p| p.verb())
            && words.get(end + 1).is_some_and(|w| {
                matches!(
                    w.text,
                    "at" | "on" | "to" | "of" | "for" | "in" | "with" | "from"
                )
            })
        {
            end -= 1;
        }
        // "a voxel decreases with …": after "a", "an", "each" or "every" the phrase is
        // singular, so a last word in "-s" that can be a verb is one.
        if end > i
            && i > 0
            && matches!(
                words[i - 1].text.to_lowercase().as_str(),
                "a" | "an" | "each" | "every"
            )
            && reads_as_verb(words[end].text)
            && lexicon::parts(&words[end].text.to_lowercase()).is_some_and(|p| p.verb())
        {
            end -= 1;
        }
        // A head that is no noun ("file exist", "term pickaxe refers") ends the phrase before it.
        while end > i && !noun_head(words[end].text, false) && modifier(words[end - 1].text) {
            end -= 1;
        }
        // A verb or an adverb inside the run ends the phrase before it and opens the next.
        let from = (i..end)
            .rev()
            .find(|&k| !modifier(words[k].text))
            .map_or(i, |k| k + 1);
        // "the most recent hardware": after "most" comes an adjective, and the phrase began
        // before it.
        let graded = from > 0
            && matches!(
                words[from - 1].text,
                "most" | "more" | "less" | "least" | "very"
            )
            && last_parts(words[from].text).is_some_and(|p| p.adjective() && p.mostly_adjective());
        // "an uninterpreted sequence": a word WordNet does not know, cut off after a
        // determiner, was the phrase's modifier, not a verb.
        let cut_after_determiner = from > i
            && i > 0
            && DETERMINERS.contains(&words[i - 1].text)
            && lexicon::parts(words[from - 1].text).is_none();
        // "the settings dialog": a plural before the phrase was its first word ("settings" is
        // no verb here), and the phrase cut after it is no whole one.
        let cut_after_plural = from > i && plural_noun(words[from - 1].text);
        let opened = !graded
            && !cut_after_determiner
            && !cut_after_plural
            && if from == i {
                i > 0 && !words[i - 1].breaks && opens_phrase(words[i - 1].text)
            } else {
                opens_phrase(words[from - 1].text)
            };
        let closed = end + 1 == words.len()
            || end + 1 < next
            || words[end].breaks
            || words[end + 1]
                .text
                .chars()
                .next()
                .is_some_and(|c| !c.is_ascii_lowercase())
            || is_stopword(words[end + 1].text)
            || opens_phrase(words[end + 1].text);
        let head = words[end].text;
        let single_after_determiner =
            from == end && from > 0 && DETERMINERS.contains(&words[from - 1].text);
        let noun_head = noun_head(head, single_after_determiner);
        // "users play an essential role": one word that can be a verb, before a determiner, is
        // the verb.
        let verb_before_determiner = from == end
            && lexicon::parts(&words[end].text.to_lowercase()).is_some_and(|p| p.verb())
            && words
                .get(end + 1)
                .is_some_and(|w| DETERMINERS.contains(&w.text));
        // "a proof of concept", "the principle of least privilege": not "what of concept?"
        let name_goes_on = words.get(end + 1).is_some_and(|w| w.text == "of")
            && (end + 2..(end + 4).min(words.len()))
                .any(|k| of_compound(words[end].text, words[k].text));
        // "in subtle ways", "under version control": a preposition and a phrase headed by a
        // noun of manner or state is an adverbial, no thing the sentence talks about.
        let adverbial = from > 0
            && !words[from - 1].breaks
            && adverbial_head(words[from - 1].text, words[end].text);
        if opened
            && closed
            && noun_head
            && !adverbial
            && end - from < 3
            && !verb_before_determiner
            && !name_goes_on
        {
            push(&mut out, &mut taken, from, end, SpanKind::Term);
        }
        i = end + 1;
    }
    // "Both X and Y", "individual or collective work": one part of a coordination is no fact.
    let coordinated = |s: &Span| {
        // Past a determiner: "either a teacher or a …".
        let mut back = sentence[..s.start].split_whitespace().rev();
        let before = back.next().and_then(|w| {
            if DETERMINERS.contains(&w) {
                back.next()
            } else {
                Some(w)
            }
        });
        let text = &sentence[s.start..s.end];
        // (Past a closing quote or bracket: "\"ASC\" or \"DESC\"".)
        let after_span = sentence[s.end..].trim_start_matches(['"', '”', '\'', '’', ')', '`']);
        let joined = !after_span.starts_with([',', ';'])
            && matches!(after_span.split_whitespace().next(), Some("and" | "or"));
        // "either … or Y": the second part, with the first word a few words back.
        let second_part = before.is_some_and(|w| matches!(w, "or" | "and" | "nor"))
            && sentence[..s.start]
                .split_whitespace()
                .rev()
                .take(6)
                .any(|w| matches!(w.to_lowercase().as_str(), "both" | "either" | "neither"));
        // "per-table", "one-line": a modifier made of a function word or a number and a noun.
        let compound_modifier = !text.contains(' ')
            && text.split_once('-').is_some_and(|(first, _)| {
                let first = first.to_lowercase();
                PREPOSITIONS.contains(&first.as_str())
                    || DETERMINERS.contains(&first.as_str())
                    || matches!(
                        first.as_str(),
                        "non" | "multi" | "single" | "per" | "four" | "five"
                    )
            });
        // "after deletion or modification of files", "files and directories": a part joined to
        // a noun phrase ("after what or modification …?"); "the Homepage, Vcs-Git and
        // Vcs-Browser fields": the last items of a longer list.
        let first_part = joined
            && after_span
                .split_whitespace()
                .nth(1)
                .is_some_and(|w| DETERMINERS.contains(&w) || nominal(w));
        let later_part = before.is_some_and(|w| matches!(w, "or" | "and" | "nor"))
            && back.next().is_some_and(|w| {
                // "devices, drivers, and what": a serial comma before "and" closes a list.
                (!w.ends_with([',', ';', ':']) || w.ends_with(',') && before == Some("and"))
                    && nominal(w)
            });
        // "Linux kernel, bootloader, udev, what, APT, and …": an item inside a list.
        let in_list = sentence[..s.start].trim_end().ends_with(',')
            && (after_span.starts_with(',') || joined);
        // "GUI based email clients": a name that a following "based" makes a modifier.
        let based = after_span.trim_start().starts_with("based ");
        let end_of_list = (text.contains(" and ") || text.contains(" or "))
            && sentence[..s.start].trim_end().ends_with(',');
        // "an American not-for-profit association", "Debian Project members", "what information"
        // for "DNS information": a name, or an acronym, that modifies the noun after it.
        // So is an identifier ("an OpenDocument presentation", "C-preprocessor macros").
        let modifier = (s.kind == SpanKind::Name
            || s.kind == SpanKind::Code
            || s.kind == SpanKind::Term && !text.contains(' ') && text.contains('-'))
            && {
                // '"ODP" file': a closing quote does not end the phrase.
                let following = sentence[s.end..].trim_start_matches(['"', '”', '’']);
                let mut rest = following.split_whitespace();
                let next = rest.next().unwrap_or("");
                let after = rest.next().unwrap_or("");
                let bare = next.trim_end_matches([',', '.', ';', ':']);
                let after_bare = after.trim_end_matches([',', '.', ';', ':']);
                // "a NUMERIC value in …", "the SQLite API call, not …": an acronym, or a noun
                // that ends its clause, leaves no doubt that the noun is no verb.
                let plainly = upper_case(text) || bare != next;
                following.starts_with(' ')
                    && !bare.is_empty()
                    && content_word(bare)
                    && if bare.starts_with(|c: char| c.is_uppercase()) {
                        // "the Debian Developer’s Reference": a name cut short before more of it.
                        !starts_no_name(bare)
                    } else {
                        bare.starts_with(|c: char| c.is_ascii_lowercase())
                            && (bare.contains('-')
                            && bare.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                            || lexicon::parts(bare).is_some_and(|p| {
                                p.noun()
                                    && (!p.verb()
                                        // "the Debian archive is …", not "Debian uses the …".
                                        || !p.mostly_verb()
                                            && (plainly
                                                || !DETERMINERS.contains(&after)
                                                    && !is_stopword(after)))
                            })
                            // "Xen virtual machines": an adjective, then the noun.
                            || lexicon::parts(bare)
                                .is_some_and(|p| p.adjective() && !p.noun() && !p.verb())
                                && lexicon::parts(after_bare)
                                    .is_some_and(|p| p.noun() && !p.mostly_verb()))
                    }
            };
        // "OpenVPN-based solutions", "POSIX-compatible": a modifier made of a name.
        let suffixed_modifier = [
            "-based",
            "-like",
            "-style",
            "-specific",
            "-compatible",
            "-only",
            "-enabled",
            "-aware",
            "-related",
            "-oriented",
            "-friendly",
            "-driven",
            "-powered",
        ]
        .iter()
        .any(|suffix| text.to_lowercase().ends_with(suffix));
        second_part
            || in_list
            || based
            || suffixed_modifier
            || first_part
            || later_part
            || end_of_list
            || modifier
            || compound_modifier
            || before.is_some_and(|w| {
                matches!(
                    w.to_lowercase().as_str(),
                    "both" | "either" | "neither" | "whether"
                )
            })
            || (joined
                && !text.contains(' ')
                && lexicon::parts(text).is_some_and(|p| p.adjective()))
            // "is a generic Linux distribution": a lone adjective is no term.
            || s.kind == SpanKind::Term
                && !text.contains(' ')
                && lexicon::parts(text).is_some_and(|p| p.adjective > 0 && p.adjective >= p.noun)
    };
    // "hundreds", "billions", "a trillion": a number in words is no term ("burden what of
    // SQLite applications?").
    let number_word = |s: &Span| {
        s.kind == SpanKind::Term
            && matches!(
                sentence[s.start..s.end]
                    .to_lowercase()
                    .trim_end_matches('s'),
                "dozen" | "hundred" | "thousand" | "million" | "billion" | "trillion"
            )
    };
    out.retain(|s| balanced(&sentence[s.start..s.end]) && !coordinated(s) && !number_word(s));
    out.sort_by_key(|s| s.start);
    out
}

#[cfg(test)]
mod tests;
