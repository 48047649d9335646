//! Whether a question leans on a passage the examinee does not have: "this", "it", "the above",
//! an opening that continues an argument, a phrase that points back.

/// Words by which a question leans on a passage the examinee does not have.
const LEANING: &[&str] = &[
    "this",
    "these",
    "those",
    "it",
    "they",
    "them",
    "above",
    "below",
    "following",
    "here",
    "previous",
    "preceding",
    "former",
    "latter",
    "aforementioned",
    "such",
    "i",
    "my",
    "me",
    "we",
    "our",
    "us",
];

/// Whether the question leans on a passage: one of [`LEANING`] as a word of its own.
pub fn leans_on_passage(stem: &str) -> bool {
    stem.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
        .any(|w| LEANING.contains(&w.to_lowercase().as_str()))
}

/// What makes a question lean on the text before it, if anything: an opening that continues
/// an argument ("More precisely, …", "In that case, …"), a definite phrase that points back
/// ("the remaining …", "the second …"), letters that label a figure ("commits C, Z and Y"), or
/// no subject of its own ("Determines what …", "Do not list …").
pub fn leans_back(stem: &str) -> Option<String> {
    const OPENINGS: &[&str] = &[
        "more precisely",
        "similarly",
        "likewise",
        "in that case",
        "in this case",
        "in the latter case",
        "in the former case",
        "in either case",
        "otherwise",
        "therefore",
        "thus",
        "hence",
        "also",
        "however",
        "instead",
        "then",
        "at that point",
        "as a result",
        "in addition",
        "furthermore",
        "moreover",
        "again",
        "finally",
        "conversely",
        "alternatively",
        "as such",
        "if so",
        "if not",
        "do not",
        "don't",
        "does not",
    ];
    const BACK: &[&str] = &[
        "the remaining",
        "the rest of the",
        "the second",
        "the third",
        "the final result",
        "the exact list",
        "the defaults",
        "the example",
        "the examples",
        "the next",
        "the last one",
        "the other one",
        "the other ones",
        "the others",
        "as shown",
        "as above",
        "as before",
    ];
    let lower = stem.trim().to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
        .filter(|w| !w.is_empty())
        .collect();
    let joined = words.join(" ");
    if let Some(opening) = OPENINGS.iter().find(|o| {
        joined.starts_with(**o) && joined[o.len()..].starts_with([' ', ',']) || joined == **o
    }) {
        return Some((*opening).to_owned());
    }
    if let Some(back) = BACK.iter().find(|b| {
        joined.match_indices(**b).any(|(at, _)| {
            (at == 0 || joined.as_bytes()[at - 1] == b' ')
                && (joined[at + b.len()..].starts_with([' ']) || at + b.len() == joined.len())
        })
    }) {
        return Some((*back).to_owned());
    }
    if let Some(thing) = a_thing_not_said_which(stem) {
        return Some(thing);
    }
    // "… is the same", "… from the rest": the same as what, the rest of what, the question
    // does not say.
    if let Some(end) = ["the same", "the rest"].iter().find(|e| {
        joined.ends_with(**e)
            && (joined.len() == e.len() || joined[..joined.len() - e.len()].ends_with(' '))
    }) {
        return Some((*end).to_owned());
    }
    // Capital letters standing alone as labels ("C, Z, and Y"): at least two of them (a lone
    // "A" is the article, a lone "I" the pronoun).
    // (An option's letter, "-C", is no label.)
    let labels: Vec<&str> = stem
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|t| !t.starts_with('-'))
        .flat_map(|t| t.split('-'))
        .filter(|w| {
            w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase()) && *w != "A" && *w != "I"
        })
        .collect();
    if labels.len() >= 2 {
        return Some(labels.join(", "));
    }
    // A sentence with no subject of its own: it opens with a verb in its "-s" form, as the
    // description under a term does ("Determines what to do …").
    let first = stem.split_whitespace().next().unwrap_or("");
    let bare = first.trim_matches(|c: char| !c.is_alphanumeric());
    if bare.len() >= 5
        && bare.starts_with(|c: char| c.is_ascii_uppercase())
        && bare[1..].chars().all(|c| c.is_ascii_lowercase())
        && (bare.ends_with("es")
            || bare.ends_with("ts")
            || bare.ends_with("ds")
            || bare.ends_with("ns"))
        && !bare.ends_with("ss")
        && words.get(1).is_some_and(|w| {
            matches!(
                *w,
                "what"
                    | "which"
                    | "whether"
                    | "how"
                    | "the"
                    | "a"
                    | "an"
                    | "to"
                    | "if"
                    | "when"
                    | "that"
            )
        })
    {
        return Some(bare.to_owned());
    }
    None
}

/// Things a passage names by "the" once it has said which one: a question that opens with one,
/// with no word of its own that says which, leans on the passage ("The script sets what?",
/// "The basic idea is what?", "The builder reads which field?").
const GENERIC: &[&str] = &[
    "script",
    "code",
    "program",
    "function",
    "method",
    "routine",
    "procedure",
    "idea",
    "approach",
    "implementation",
    "solution",
    "builder",
    "format",
    "tool",
    "utility",
    "module",
    "file",
    "command",
    "value",
    "variable",
    "parameter",
    "argument",
    "call",
    "query",
    "statement",
    "result",
    "output",
    "change",
    "row",
    "rows",
    "field",
    "entry",
    "record",
    "process",
    "operation",
];

/// Words between "the" and such a thing that still do not say which ("the basic idea").
const UNSAID: &[&str] = &[
    "basic",
    "default",
    "main",
    "new",
    "original",
    "resulting",
    "added",
    "selected",
    "current",
    "whole",
    "entire",
    "underlying",
    "actual",
    "first",
    "general",
    "same",
];

/// Words after such a thing that go on to say which ("the script that builds …", "the file
/// named …").
const SAYS_WHICH: &[&str] = &[
    "of",
    "for",
    "in",
    "on",
    "at",
    "from",
    "with",
    "by",
    "to",
    "that",
    "which",
    "who",
    "whose",
    "named",
    "called",
    "used",
    "provided",
    "given",
    "shown",
    "described",
    "where",
    "when",
    "under",
    "inside",
    "within",
    "behind",
    "via",
    "per",
    "as",
    "and",
    "or",
];

/// The thing a question opens with and does not say which of, if any ([`GENERIC`]).
fn a_thing_not_said_which(stem: &str) -> Option<String> {
    let tokens: Vec<&str> = stem.split_whitespace().collect();
    if tokens.first() != Some(&"The") {
        return None;
    }
    let plain = |t: &str| t.to_lowercase();
    let mut k = 1;
    while tokens
        .get(k)
        .is_some_and(|t| UNSAID.contains(&plain(t).as_str()))
    {
        k += 1;
    }
    let noun = tokens
        .get(k)
        .filter(|t| GENERIC.contains(&plain(t).as_str()))?;
    // The word after: a name ("The file /etc/hosts", "The function sqlite3_step()", "The
    // command `ls`"), or one that goes on to say which, and the question says which.
    let next = tokens.get(k + 1)?;
    let named = next.chars().any(|c| {
        c.is_ascii_digit()
            || c.is_uppercase()
            || matches!(c, '/' | '.' | '_' | '`' | '"' | '\u{201c}' | '(' | '-')
    });
    let word = plain(next);
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    let says_which = SAYS_WHICH.contains(&word) || next.ends_with(',');
    // (The word after must be its verb: "The tool dpkg installs …" names the tool.)
    let verb = crate::lexicon::AUXILIARIES.contains(&word)
        || crate::lexicon::parts(word).is_some_and(|p| p.verb());
    (verb && !named && !says_which).then(|| format!("the {}", plain(noun)))
}
