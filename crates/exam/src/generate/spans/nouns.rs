//! Which ordinary words begin, continue and end a noun phrase (WordNet's parts of speech, and the
//! function words WordNet leaves out).

use crate::lexicon::{self, Parts};
use proctor_stats::text::is_stopword;

/// Words that join the parts of a name ("Department of Defense").
// ("and" joins two names more often than it makes one: "Stable and Testing", "UTF-16BE and
// SQLite".)
pub(super) const NAME_JOINERS: &[&str] = &["of", "for", "de", "the"];

/// Ordinary words that end no noun phrase (adverbs, participles, common verbs).
fn ends_noun_phrase(word: &str) -> bool {
    const VERBS: &[&str] = &[
        "use",
        "uses",
        "used",
        "make",
        "makes",
        "allow",
        "allows",
        "provide",
        "provides",
        "need",
        "needs",
        "contain",
        "contains",
        "include",
        "includes",
        "require",
        "requires",
        "run",
        "runs",
        "take",
        "takes",
        "give",
        "gives",
        "get",
        "gets",
        "set",
        "sets",
        "also",
        "however",
        "therefore",
        "thus",
        "instead",
        "already",
        "often",
        "usually",
        "many",
        "several",
        "much",
        "possible",
        "available",
        "different",
        "various",
        "new",
        "same",
        "other",
        "certain",
        "particular",
        "specific",
        "simple",
        "easy",
        "important",
        "necessary",
        "useful",
        "first",
        "last",
        "next",
        "then",
        "now",
        "only",
        "even",
        "still",
        "again",
        "always",
        "never",
        "here",
        "there",
        "well",
        "too",
        "very",
        "more",
        "most",
        "less",
        "least",
        "else",
        "may",
        "can",
        "will",
        "together",
        "found",
        "seen",
        "given",
        "known",
        "shown",
        "made",
        "taken",
        "written",
        "done",
        "held",
        "kept",
        "left",
        "built",
        "sent",
        "chosen",
        "might",
        "must",
        "could",
        "would",
        "should",
        "shall",
        "cannot",
        "exist",
        "exists",
        "occur",
        "occurs",
        "happen",
        "happens",
        "seem",
        "seems",
        "become",
        "becomes",
        "appear",
        "appears",
        "work",
        "works",
        "write",
        "read",
        "done",
        "able",
        "likely",
        "unless",
        "whether",
    ];
    word.len() >= 3
        && !VERBS.contains(&word)
        && word.chars().all(|c| c.is_ascii_lowercase() || c == '-')
}

/// The parts of speech of a word, or of a hyphenated word's last part ("space-efficient").
pub(super) fn last_parts(word: &str) -> Option<Parts> {
    lexicon::parts(word.rsplit('-').next().unwrap_or(word))
}

/// A noun's plural that no verb shares and WordNet does not list as a word of its own
/// ("options", "settings", "micro-optimizations" by its last part; not "caches", "news"): no
/// modifier inside a noun phrase, so a phrase does not run on past it.
pub(super) fn plural_noun(word: &str) -> bool {
    last_parts(word).is_some_and(|p| p.plural && !p.verb())
}

/// "stores", "files", "graphics": a noun's plural or a verb's third person.
pub(in crate::generate) fn s_form(word: &str) -> bool {
    word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") && !word.ends_with("is")
}

/// Whether a word can be a noun phrase's head: a noun (WordNet) not used mostly as a verb or an
/// adjective — "exist", "efficient", "easier", "refers", "possible" are none — or, for a word
/// WordNet does not know, one not shaped like an adverb or a participle. Right after a
/// determiner ("the run", "a set") any noun will do.
pub(super) fn noun_head(word: &str, after_determiner: bool) -> bool {
    if !ends_noun_phrase(word) || adverbial_compound(word) {
        return false;
    }
    match last_parts(word) {
        Some(p) if after_determiner => p.noun() && !p.mostly_adjective(),
        // "bring the system back to …": a word used as an adverb at least twice as often as
        // as a noun follows a noun phrase, it does not end one ("back", "down", "still").
        Some(p) => p.noun() && !p.mostly_verb() && !p.mostly_adjective() && p.adverb < 2 * p.noun,
        None => {
            !word.ends_with("ly")
                && !word.ends_with("ed")
                && (after_determiner || !word.ends_with("ing"))
        }
    }
}

/// "pixel-by-pixel", "step-by-step", "end-to-end", "day-to-day": a hyphenated adverb or
/// adjective that modifies ("end-to-end encryption") but heads no noun phrase ("renders the
/// image pixel-by-pixel" has no "image pixel-by-pixel").
fn adverbial_compound(word: &str) -> bool {
    let parts: Vec<&str> = word.split('-').collect();
    parts.len() == 3
        && (parts[1] == "by"
            || parts[0] == parts[2] && matches!(parts[1], "to" | "for" | "after" | "on" | "in"))
}

/// Whether a word can stand before the head inside a noun phrase: a noun or an adjective
/// ("graphics card", "rollback journal", "negative responses"). A verb form or an adverb ends the
/// phrase before it; a word ending in "s" that can be a verb ("keeps", "stores") is taken for
/// one.
pub(super) fn modifier(word: &str) -> bool {
    if !ends_noun_phrase(word) {
        return false;
    }
    // "the options clip, clip1in …": a plural before a noun is no modifier of it.
    if plural_noun(word) {
        return false;
    }
    match last_parts(word) {
        Some(p) if s_form(word) => p.noun() && !p.verb(),
        Some(p) => (p.noun() || p.adjective()) && !p.mostly_verb(),
        None => !word.ends_with("ly") && !word.ends_with("ed") && !s_form(word),
    }
}

/// A word that carries content: no function word and no preposition (`lower` is lower case).
pub(super) fn content_word(lower: &str) -> bool {
    !is_stopword(lower) && !PREPOSITIONS.contains(&lower)
}

/// A capitalised word that starts no name: a function word ("For", "However"), or one WordNet
/// knows only as a verb form or an adverb ("Released", "Added", "Detecting", "ABSOLUTELY") — a
/// heading or a title glued to the text.
pub(super) fn starts_no_name(word: &str) -> bool {
    let lower = word.to_lowercase();
    !content_word(&lower)
        || DETERMINERS.contains(&lower.as_str())
        || lexicon::is_auxiliary(lower.as_str())
        || lexicon::parts(&lower).is_some_and(|p| !p.adjective() && (!p.noun() || p.mostly_verb()))
}

/// Determiners: a noun phrase begins after them.
pub(in crate::generate) const DETERMINERS: &[&str] = &[
    "a",
    "an",
    "the",
    "its",
    "their",
    "his",
    "her",
    "our",
    "your",
    "each",
    "every",
    "any",
    "some",
    "no",
    "both",
    "another",
    "one",
    "two",
    "three",
    "several",
    "many",
    "few",
    "more",
    "most",
    "either",
    "neither",
    "whatever",
    "whichever",
];

/// A preposition and a bare noun that together are one adverbial or predicative phrase ("by
/// default", "an operation in progress", "kept in place", "on demand"): the noun is no thing the
/// sentence talks about, and asking for it ("in what?") cuts the phrase.
pub(super) fn fixed_phrase(preposition: &str, noun: &str) -> bool {
    let nouns: &[&str] = match preposition.to_lowercase().as_str() {
        "by" => &[
            "default", "hand", "design", "chance", "accident", "far", "mistake", "name",
        ],
        "in" => &[
            "progress",
            "place",
            "use",
            "order",
            "fact",
            "effect",
            "practice",
            "general",
            "particular",
            "turn",
            "part",
            "full",
            "advance",
            "common",
            "detail",
            "question",
            "charge",
            "mind",
            "sync",
            "line",
            "time",
            "total",
            "addition",
            "short",
            "brief",
            "summary",
            "contrast",
            "conclusion",
            "response",
            "return",
            "favor",
            "favour",
            "case",
            "touch",
            "action",
            "theory",
            "principle",
            "reality",
            "essence",
            "stock",
            "vain",
            "front",
            "person",
            "private",
            "public",
            "trouble",
            "force",
            "error",
            "parallel",
            "sequence",
        ],
        "at" => &[
            "least", "most", "once", "random", "hand", "will", "risk", "first", "last", "present",
            "times", "best", "worst", "all", "large", "rest", "issue", "stake",
        ],
        "on" => &[
            "demand", "purpose", "time", "hold", "average", "top", "board", "behalf", "request",
            "schedule", "track", "display",
        ],
        "for" => &[
            "example", "instance", "good", "free", "sure", "now", "ever", "granted",
        ],
        "under" => &[
            "way",
            "control",
            "pressure",
            "construction",
            "review",
            "development",
        ],
        "with" => &["care", "ease", "respect"],
        "of" => &["course"],
        "from" => &["scratch"],
        "without" => &["fail", "warning", "notice", "exception"],
        _ => &[],
    };
    nouns.contains(&noun)
}

/// A preposition and the head of the phrase after it that together say how or in what state
/// ("in subtle ways", "in a similar fashion", "under version control", "under active
/// development", "with great care"): asking "in what?" or "under what?" cuts the phrase. Not
/// [`fixed_phrase`]'s list: that holds bare nouns whose idiom a modifier breaks ("in time" is
/// one, "in linear time" names a thing worth asking for).
pub(super) fn adverbial_head(preposition: &str, head: &str) -> bool {
    let heads: &[&str] = match preposition.to_lowercase().as_str() {
        "in" => &[
            "way", "ways", "manner", "fashion", "detail", "depth", "order", "sequence",
        ],
        "under" => &[
            "control",
            "development",
            "construction",
            "review",
            "consideration",
            "way",
            "pressure",
        ],
        "with" => &["care", "ease", "caution"],
        "by" => &["default", "design", "hand", "accident", "chance"],
        _ => &[],
    };
    heads.contains(&head)
}

/// A preposition, "the" and a noun that together are one idiom ("on the lookout", "on the
/// fly", "in the meantime", "under the hood"): asking "on what?" cuts it.
pub(super) fn fixed_phrase_with_the(preposition: &str, noun: &str) -> bool {
    let nouns: &[&str] = match preposition.to_lowercase().as_str() {
        "on" => &[
            "lookout", "fly", "whole", "spot", "contrary", "move", "rise", "horizon", "mend",
        ],
        "in" => &[
            "meantime", "interim", "wild", "loop", "dark", "know", "open", "end", "long",
        ],
        "at" => &["moment", "outset", "latest", "earliest"],
        "by" => &["way"],
        "off" => &["shelf", "record"],
        "under" => &["hood", "radar", "weather"],
        "behind" => &["scenes"],
        "for" => &["time", "record"],
        _ => &[],
    };
    nouns.contains(&noun)
}

/// Terms of the form "X of Y" that are one name ("denial of service attacks", "a proof of
/// concept", "quality of service"): asking "denial of what?" or "what of service?" cuts the
/// name.
pub(super) fn of_compound(first: &str, second: &str) -> bool {
    const TERMS: &[(&str, &str)] = &[
        ("denial", "service"),
        ("quality", "service"),
        ("terms", "service"),
        ("proof", "concept"),
        ("proof", "work"),
        ("proof", "stake"),
        ("point", "sale"),
        ("point", "failure"),
        ("point", "presence"),
        ("point", "contact"),
        ("point", "entry"),
        ("bill", "materials"),
        ("rule", "thumb"),
        ("line", "sight"),
        ("chain", "trust"),
        ("web", "trust"),
        ("chain", "custody"),
        ("end", "life"),
        ("end", "file"),
        ("end", "line"),
        ("state", "art"),
        ("time", "day"),
        ("bill", "lading"),
        ("certificate", "authority"),
        ("separation", "duties"),
        ("principle", "privilege"),
        ("order", "magnitude"),
        ("man", "middle"),
    ];
    let (first, second) = (first.to_lowercase(), second.to_lowercase());
    TERMS.iter().any(|(a, b)| *a == first && *b == second)
}

/// Prepositions a noun phrase begins after ("to" is left out: after it comes a verb as often as
/// a noun).
pub(super) const PREPOSITIONS: &[&str] = &[
    "of", "in", "on", "at", "for", "with", "by", "from", "into", "onto", "about", "over", "under",
    "between", "through", "via", "without", "within", "than", "per", "after", "before", "during",
    "against", "across", "among", "around", "behind", "beyond", "inside", "outside", "toward",
    "towards", "upon", "like", "along", "until", "since", "unlike", "despite", "except", "whereas",
    "although", "though", "whilst", "versus", "vs",
];

/// A word that can be a noun and is not mostly a verb, or a name or a technical term ("files",
/// "Vcs-Git", "/etc"): one that could end a noun phrase joined to another by "and" or "or".
pub(super) fn nominal(word: &str) -> bool {
    let plain = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '/' && c != '-');
    // A number or an amount ("10% and 15%") is joined like a noun.
    if plain.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        return true;
    }
    !plain.is_empty()
        && content_word(&plain.to_lowercase())
        && (plain.starts_with(|c: char| c.is_uppercase() || c == '/')
            || lexicon::parts(&plain.to_lowercase())
                .is_some_and(|p| (p.noun() || p.adjective()) && !p.mostly_verb()))
}

/// After an auxiliary comes a verb ("might fail", "is kept"), not a noun phrase.
pub(super) fn opens_phrase(word: &str) -> bool {
    let lower = word.to_lowercase();
    DETERMINERS.contains(&lower.as_str())
        || PREPOSITIONS.contains(&lower.as_str())
        || (reads_as_verb(word) && !lexicon::is_auxiliary(lower.as_str()))
}

/// A word that reads as a finite verb or a participle ("stores", "created", "is"): what follows it
/// opens a phrase. Plural nouns end in "s" too; "ss", "us" and "is" endings are left out.
pub(in crate::generate) fn reads_as_verb(word: &str) -> bool {
    let lower = word.to_lowercase();
    lexicon::is_auxiliary(lower.as_str())
        || (lower.len() >= 4
            && lower.chars().all(|c| c.is_ascii_lowercase())
            && ((lower.ends_with('s')
                && !lower.ends_with("ss")
                && !lower.ends_with("us")
                && !lower.ends_with("is"))
                || lower.ends_with("ed")))
}
