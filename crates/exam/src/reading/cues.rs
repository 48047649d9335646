//! The words around a mention that say what the reply does with it: asserts it ("the answer is
//! …", "I'd go with …", "… is correct"), rejects it ("not …", "… is wrong", "while … might seem
//! plausible"), or gives no answer at all ("I don't know", "the documentation does not say").
//!
//! Everything here works on a reply's words: lower case, letters and digits, apostrophes dropped
//! ("don't" is `dont`), each with its place in the reply.

/// One word of a reply, with where it ends (a clause boundary follows some words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Word {
    /// The word in lower case, letters and digits only.
    pub text: String,
    /// The word as written (its case tells a letter "B" from the word "b").
    pub raw: String,
    /// Whether a clause ends after this word (a full stop, a semicolon, a dash, a line).
    pub ends_clause: bool,
    /// The punctuation written right before the word ("(" of "(B)"), at most two characters.
    pub before: String,
    /// The punctuation written right after the word (")" of "B)", "." of "B."), at most four.
    pub after: String,
    /// The line the word is on (0-based).
    pub line: usize,
    /// A mark beside the word: a tick (✅, ✓, `[x]`) is true, a cross (❌, ✗) false. A mark
    /// belongs to the word before it on its line ("C ✗"), else to the word after it ("✅ B").
    pub mark: Option<bool>,
    /// Whether the word stands inside round brackets (an aside).
    pub in_parens: bool,
    /// Whether the word is on a row of a Markdown table ("| B | … |").
    pub in_table: bool,
}

/// Cuts a reply into words, marking where clauses end.
pub(super) fn words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut current = String::new();
    let mut pending_before = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut line = 0;
    // (line, the word before the mark if any, tick or cross)
    let mut marks: Vec<(usize, Option<usize>, bool)> = Vec::new();
    // Whether a space has come since the last word ended: its `after` is then complete.
    let mut spaced = false;
    // How deep in round brackets the text is ("(Starter customers only get …)").
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let tick = matches!(c, '✅' | '✔' | '✓' | '☑');
        if tick || matches!(c, '❌' | '✗' | '✘' | '❎' | '✖') {
            // The word being written, or the last one written, is the word before the mark.
            let before = if current.is_empty() {
                out.len().checked_sub(1)
            } else {
                Some(out.len())
            };
            marks.push((line, before, tick));
        }
        if c == '\n' {
            line += 1;
        }
        if c.is_alphanumeric() {
            current.push(c);
        } else if c == '\'' || c == '’' {
            // "don't", "it's": the apostrophe joins, it does not cut.
            if current.is_empty() {
                push_punct(&mut pending_before, c);
            }
        } else {
            if !current.is_empty() {
                out.push(Word {
                    text: current.to_lowercase(),
                    raw: std::mem::take(&mut current),
                    ends_clause: false,
                    before: std::mem::take(&mut pending_before),
                    after: String::new(),
                    line: if c == '\n' { line - 1 } else { line },
                    mark: None,
                    in_parens: depth > 0,
                    in_table: false,
                });
                spaced = false;
            }
            let next = chars.get(i + 1).copied();
            if let Some(last) = out.last_mut()
                && last.after.chars().count() < 6
                && !c.is_whitespace()
                && (!spaced || c == '…')
                && pending_before.is_empty()
            {
                last.after.push(c);
            }
            if c.is_whitespace() {
                spaced = true;
            }
            match c {
                '(' => depth = (depth + 1).min(8),
                ')' => depth = depth.saturating_sub(1),
                // A bracket left open does not run past its paragraph.
                '\n' if next == Some('\n') => depth = 0,
                _ => {}
            }
            if ends_clause(c, next, &out)
                && let Some(last) = out.last_mut()
            {
                last.ends_clause = true;
            }
            // An opening mark; a quote right after a word closes it instead.
            // An arrow before a word points to it ("→ B"); a strike-through opens ("~~D~~").
            // A joiner standing alone ("A & B") goes with the word after it.
            let opening = matches!(c, '(' | '[' | '“' | '«' | '→' | '⇒')
                || matches!(c, '"' | '*' | '`' | '~')
                    && (spaced || out.is_empty() || !pending_before.is_empty())
                || matches!(c, '&' | '+') && spaced;
            if opening {
                push_punct(&mut pending_before, c);
            } else if c.is_whitespace() {
                // A space between "(" and the word keeps the bracket with the word.
            } else if !matches!(c, '(' | '[') {
                pending_before.clear();
            }
        }
        i += 1;
    }
    if !current.is_empty() {
        out.push(Word {
            text: current.to_lowercase(),
            raw: current,
            ends_clause: false,
            before: pending_before,
            after: String::new(),
            line,
            mark: None,
            in_parens: depth > 0,
            in_table: false,
        });
    }
    // A line that opens with a mark ("❌ A ❌ B ✅ C") puts each mark before its word.
    let marks_lead: Vec<bool> = text
        .split('\n')
        .map(|l| {
            l.trim_start()
                .starts_with(['✅', '✔', '✓', '☑', '❌', '✗', '✘', '❎', '✖'])
        })
        .collect();
    for (line, before, tick) in marks {
        let lead = marks_lead.get(line).copied().unwrap_or(false);
        let on_line = before
            .filter(|_| !lead)
            .filter(|&b| out.get(b).is_some_and(|w| w.line == line));
        let at = on_line.or_else(|| {
            let next = before.map_or(0, |b| b + 1);
            out.get(next).filter(|w| w.line == line).map(|_| next)
        });
        if let Some(at) = at {
            out[at].mark.get_or_insert(tick);
        }
    }
    // A checkbox "[x]" is a tick on the word after it, not a word.
    let mut k = 0;
    while k < out.len() {
        let w = &out[k];
        if (w.raw == "x" || w.raw == "X") && w.before.contains('[') && w.after.starts_with(']') {
            let line = w.line;
            out.remove(k);
            if let Some(next) = out.get_mut(k).filter(|n| n.line == line) {
                next.mark = Some(true);
            }
        } else {
            k += 1;
        }
    }
    // Lines that are rows of a Markdown table.
    let rows: Vec<bool> = text
        .split('\n')
        .map(|l| l.trim_start().starts_with('|'))
        .collect();
    for w in &mut out {
        w.in_table = rows.get(w.line).copied().unwrap_or(false);
    }
    // A table row "| B | … | ✅ Correct |": a mark anywhere on the row is its letter's.
    for line_words in out.chunk_by_mut(|a, b| a.line == b.line) {
        let row = rows.get(line_words[0].line).copied().unwrap_or(false);
        let mark = line_words.iter().find_map(|w| w.mark);
        if row && line_words[0].raw.len() == 1 && line_words[0].mark.is_none() {
            // … and no other word's: the row's statement is the letter's.
            line_words[0].mark = mark;
            for w in &mut line_words[1..] {
                w.mark = None;
            }
        }
    }
    // A table row "| B | Yes | …": the verdict cell beside a letter is a tick or a cross.
    for k in 0..out.len().saturating_sub(1) {
        let (first, cell) = (&out[k], &out[k + 1]);
        let row_start = k == 0 || out[k - 1].line != first.line;
        let verdict = match cell.text.as_str() {
            "yes" | "correct" | "true" | "right" => Some(true),
            "no" | "incorrect" | "false" | "wrong" => Some(false),
            _ => None,
        };
        if row_start
            && rows.get(first.line).copied().unwrap_or(false)
            && first.raw.len() == 1
            && cell.line == first.line
            && let Some(verdict) = verdict
        {
            out[k].mark.get_or_insert(verdict);
        }
    }
    if let Some(last) = out.last_mut() {
        last.ends_clause = true;
    }
    out
}

fn push_punct(into: &mut String, c: char) {
    if into.chars().count() < 2 {
        into.push(c);
    }
}

/// Whether `c` (followed by `next`) ends a clause: a sentence's end, a semicolon, a dash set
/// off by spaces, a line break. A full stop inside a number ("3.5") or right after a single
/// letter ("B. the second option") does not.
fn ends_clause(c: char, next: Option<char>, out: &[Word]) -> bool {
    let last = out.last();
    match c {
        '\n' | ';' | '—' | '–' | '!' | '?' => true,
        '.' => {
            let inside_number = last.is_some_and(|w| w.text.chars().all(|d| d.is_ascii_digit()))
                && next.is_some_and(|n| n.is_ascii_digit());
            // "B. the second option": a label's own full stop (a letter opening its line), not
            // a sentence's.
            let after_letter = last.is_some_and(|w| w.raw.chars().count() == 1 && w.after == ".")
                && (out.len() == 1 || out[out.len() - 2].ends_clause);
            !inside_number && !after_letter && next.is_none_or(char::is_whitespace)
        }
        '-' => next.is_some_and(char::is_whitespace),
        _ => false,
    }
}

/// Words that open a clause of contrast: what comes after them is what the reply holds.
pub(super) const CONTRAST: &[&str] = &[
    "but",
    "however",
    "whereas",
    "yet",
    "instead",
    "nevertheless",
    "nonetheless",
];

/// Words that open a clause conceding a point the reply then sets aside ("while X might seem
/// plausible, …"): up to its first comma, what it names is not the answer.
pub(super) const CONCESSIVE: &[&str] = &["while", "although", "though", "whilst", "despite"];

/// Phrases right before a mention that reject it ("not X", "rather than X").
const REJECT_BEFORE: &[&str] = &[
    "not",
    "never",
    "isnt",
    "arent",
    "wasnt",
    "nor",
    "rather than",
    "instead of",
    "as opposed to",
    "unlike",
    "other than",
    "except",
    "excluding",
    "eliminate",
    "eliminates",
    "rule out",
    "rules out",
    "strike out",
    "strike",
    "cross out",
    "drop",
    "ruling out",
    "rejected",
    "reject",
    "discard",
    "against",
    "no to",
    "doesnt",
    "dont",
    "didnt",
    "doesnt say",
    "does not say",
    "argue for",
    "might argue",
    "may argue",
    "could argue",
    "at first glance",
    "at first sight",
    "neither",
    "nor is",
    "first instinct",
    "tempted by",
    "tempting to",
    // An answer's own verb denied: "don't go with B", "I wouldn't pick C".
    "dont go with",
    "not go with",
    "wouldnt go with",
    "dont pick",
    "not pick",
    "wouldnt pick",
    "dont choose",
    "not choose",
    "wouldnt choose",
    "dont select",
    "avoid",
];

/// Phrases right after a mention that reject it ("X is wrong", "X can be ruled out").
const REJECT_AFTER: &[&str] = &[
    "is wrong",
    "are wrong",
    "is incorrect",
    "are incorrect",
    "is not",
    "are not",
    "isnt",
    "arent",
    "is false",
    "are false",
    "is untrue",
    "is unlikely",
    "is implausible",
    "is irrelevant",
    "is a distractor",
    "is tempting",
    "is out",
    "is ruled out",
    "is eliminated",
    "can be ruled out",
    "can be eliminated",
    "can be excluded",
    "can be dismissed",
    "can all be ruled out",
    "can all be eliminated",
    "can all be excluded",
    "can both be ruled out",
    "are all wrong",
    "are all incorrect",
    "are both wrong",
    "are both incorrect",
    "are ruled out",
    "are out",
    "all fail",
    "both fail",
    "can be rejected",
    "is also wrong",
    "is also incorrect",
    "is also not",
    "also fails",
    "fail",
    "fails",
    "doesnt fit",
    "does not fit",
    "doesnt work",
    "does not work",
    "doesnt hold",
    "does not hold",
    "doesnt apply",
    "does not apply",
    "cannot be",
    "cant be",
    "could not be",
    "couldnt be",
    "would be wrong",
    "would be incorrect",
    "might seem",
    "may seem",
    "could seem",
    "might look",
    "may look",
    "seems plausible",
    "looks plausible",
    "sounds plausible",
    "seems tempting",
    "looks tempting",
    "sounds right",
    "might be tempting",
    "may be tempting",
    "is a common misconception",
    "is a trap",
    "is misleading",
    "is too",
    "sounds reasonable",
    "seems reasonable",
    "looks reasonable",
    "sounds good",
    "would only be",
    "would only",
    "only if",
    "would be right only",
    "would be correct only",
    "was my first instinct",
    "is a red herring",
    "is close",
    "is the opposite",
    "is the reverse",
    "would apply in a different",
    "would apply in another",
    "would apply to a different",
    "applies in a different",
    "applies to a different",
    "describes something else",
    "describes a different",
    "is only partly",
    "is partly",
    "wrong",
    "incorrect",
    "false",
    "no",
];

/// Phrases before a mention that assert it ("the answer is X", "I'd go with X").
const ASSERT_BEFORE: &[&str] = &[
    "answer is",
    "answer would be",
    "answer",
    "answers",
    "answer should be",
    "correct answer is",
    "correct option is",
    "correct choice is",
    "right answer is",
    "best answer is",
    "correct one is",
    "the correct one",
    "option is",
    "choice is",
    "go with",
    "going with",
    "pick",
    "picking",
    "choose",
    "choosing",
    "select",
    "selecting",
    "opt for",
    "id say",
    "i would say",
    "i say",
    "i think",
    "i believe",
    "that leaves",
    "which leaves",
    "leaves",
    "leaving",
    "left with",
    "therefore",
    "thus",
    "hence",
    "so its",
    "so it is",
    "so the answer is",
    "actually",
    "to conclude",
    "in conclusion",
    "in short",
    "bottom line",
    "final answer",
    "my answer",
    "on balance",
    "points to",
    "point to",
    "supports",
    "the correct one is",
    "the right one is",
    "correct one is",
    "right one is",
    "must be",
    "it must be",
    "it is",
    "its",
    "is",
    "it has to be",
    "has to be",
    "should be",
    "would be",
    "probably",
    "likely",
    "most likely",
    "best",
    "correct",
    "says",
    "states",
    "according to",
    "confirms",
    "yes",
    "final",
    "final answer",
    "my answer",
    "my choice",
    "my pick",
    "the answer",
    "guess",
    "id guess",
    "i guess",
    "lean towards",
    "leaning towards",
    "lean toward",
    "leaning toward",
    "winner",
    "maybe",
    "perhaps",
    "pick is",
];

/// Phrases after a mention that assert it ("X is correct", "X fits best").
const ASSERT_AFTER: &[&str] = &[
    "is correct",
    "is right",
    "is the answer",
    "is the correct",
    "is the right",
    "is the best",
    "is best",
    "is true",
    "is most likely",
    "is the most likely",
    "is likely",
    "is probably",
    "fits",
    "fits best",
    "fits better",
    "is better",
    "is the one",
    "is it",
    "holds",
    "applies",
    "wins",
    "works",
    "is what",
    "is how",
    "is where",
    "is when",
    "is why",
    "is your answer",
    "would be my answer",
    "is my answer",
    "is my pick",
    "is my choice",
    "matches",
    "would be correct",
    "would be right",
    "would be the answer",
    "should be correct",
    "should be the answer",
    "seems correct",
    "seems right",
    "seem right",
    "seem correct",
    "is actually correct",
    "is actually right",
    "is actually the answer",
    "is better supported",
    "is the better",
    "is the stronger",
    "is the stronger answer",
    "is stronger",
    "is the strongest",
    "is more accurate",
    "survives",
    "is left",
    "is what remains",
    "is more correct",
    "is more precise",
    "is more complete",
    "is closer",
    "seems best",
    "correct",
    "right",
    "best",
];

/// Phrases that give no answer.
const ABSTAIN: &[&str] = &[
    "i dont know",
    "i do not know",
    "dont know",
    "do not know",
    "not sure",
    "no idea",
    "no clue",
    "unsure",
    "uncertain which",
    "cannot determine",
    "cant determine",
    "cannot be determined",
    "cant be determined",
    "can not be determined",
    "unable to determine",
    "unable to answer",
    "unable to tell",
    "cannot tell",
    "cant tell",
    "cannot answer",
    "cant answer",
    "cannot say",
    "cant say",
    "cannot confirm",
    "cant confirm",
    "no way to know",
    "not enough information",
    "not enough context",
    "insufficient information",
    "insufficient context",
    "does not say",
    "doesnt say",
    "does not mention",
    "doesnt mention",
    "does not specify",
    "doesnt specify",
    "does not contain",
    "doesnt contain",
    "does not provide",
    "doesnt provide",
    "does not include",
    "doesnt include",
    "does not state",
    "doesnt state",
    "does not address",
    "doesnt address",
    "does not cover",
    "doesnt cover",
    "is not mentioned",
    "isnt mentioned",
    "not mentioned in",
    "not specified in",
    "not covered in",
    "not stated in",
    "not addressed in",
    "not found in",
    "not in the documentation",
    "not in the provided",
    "not in the context",
    "no information",
    "no relevant information",
    "nothing in the documentation",
    "nothing in the documents",
    "nothing in the context",
    "nothing in the provided",
    "nothing in the passage",
    "nothing in the sources",
    "nothing in the text",
    "it depends",
    "dont cover",
    "do not cover",
    "isnt enough information",
    "isnt enough context",
    "not enough detail",
    "dont think any of",
    "do not think any of",
    "no option is",
    "no choice is",
    "none is correct",
    "none is right",
    "none are correct",
    "none are right",
    "all four choices are wrong",
    "all four options are wrong",
    "all of the options are wrong",
    "all the options are wrong",
    "all of the choices are wrong",
    "all the choices are wrong",
    "question is flawed",
    "question seems flawed",
    "have to decline",
    "i dont answer",
    "i do not answer",
    "able to help with",
    "no option fits",
    "none of the four",
    "options are incorrect",
    "options are wrong",
    "choices are incorrect",
    "answer key may be wrong",
    "dont have a confident",
    "no confident answer",
    "idk",
    "dunno",
    "nothing in them",
    "nothing in it",
    "nothing tells me",
    "doesnt tell me which",
    "dont tell me which",
    "isnt among",
    "is not among",
    "not among the",
    "cant give an answer",
    "cannot give an answer",
    "refrain from answering",
    "dont address",
    "do not address",
    "isnt covered",
    "is not covered",
    // A search that found nothing: "found no relevant passage", "no sources available".
    "found no relevant",
    "found nothing relevant",
    "no relevant passage",
    "no relevant document",
    "no relevant source",
    "no sources available",
    "no source available",
    "couldnt find anything",
    "could not find anything",
    "couldnt find any relevant",
    "could not find any relevant",
    "refrain from giving",
    "cant comply",
    "cannot comply",
    "rather not",
    "hand over the answer",
    "give you a hint",
    "cannot be answered",
    "cant be answered",
    "be answered as posed",
    "cant continue with",
    "cannot continue with",
    "none of the documents",
    "isnt in the uploaded",
    "not in the uploaded",
    "isnt in the documents",
    "not in the documents",
    "isnt in the provided",
    "none of the listed",
    "none of the options",
    "none of the choices",
    "none of the answers",
    "must decline",
    "i decline",
    "ill decline",
    "ill pass",
    "depends on how",
    "depends on interpretation",
    "i cant help",
    "i cannot help",
    "i cant assist",
    "i cannot assist",
    "im unable",
    "i am unable",
    "im not able",
    "i am not able",
    "i cant provide",
    "i cannot provide",
    "i wont",
    "i will not",
    "none of the options",
    "none of the above",
    "none of them",
    "none of these",
    "no answer",
    "not possible to",
    "impossible to",
    "would be guessing",
    "cant decide",
    "cannot decide",
    "can not decide",
    "undecided",
    "torn between",
    "go either way",
    "n a",
    "dont have enough",
    "do not have enough",
    "dont have the information",
    "not available in",
    "isnt available",
    "couldnt find",
    "could not find",
    "cant find",
    "cannot find",
    "unable to find",
    "wasnt able to find",
    "was not able to find",
    "werent able to find",
    "no mention",
    "dont specify",
    "do not specify",
    "dont mention",
    "do not mention",
    "dont say",
    "do not say",
    "dont contain",
    "do not contain",
    "cant advise",
    "cannot advise",
    "cant make",
    "cannot make",
    "outside the scope",
    "out of scope",
    "beyond the scope",
    "can only help",
    "can only answer",
    "cant share",
    "cannot share",
    "rather not guess",
    "not guess",
    "none of the choices",
    "no relevant sources",
    "please consult",
    "please contact",
    "as an ai",
    "cant pick",
    "cannot pick",
    "cant choose",
    "cannot choose",
    "no answer",
    "unknown",
];

/// Phrases that take back what came before ("… actually, no").
pub(super) const RETRACT: &[&str] = &[
    "actually no",
    "wait no",
    "no wait",
    "wait thats wrong",
    "wait that is wrong",
    "scratch that",
    "on second thought",
    "on second thoughts",
    "i take that back",
    "let me correct myself",
    "i was wrong",
    "wait actually",
    "hold on",
    "no actually",
    "edit",
    "correction",
    "i misread",
    "i misspoke",
    "my mistake",
    "my bad",
    "i meant",
    "sorry i meant",
    "hmm no",
    "on reflection",
    "on further reflection",
    "wait let me",
    "let me recount",
    "let me recheck",
    "let me redo",
    "let me reconsider",
    "let me double check",
    "rethinking",
];

/// Phrases that say the answer is the one choice left ("that leaves …", "the remaining one").
pub(super) const REMAINING: &[&str] = &[
    "remaining",
    "remains",
    "the one left",
    "only one left",
    "the other one",
    "last one standing",
    "by elimination",
    "process of elimination",
    "that leaves",
    "which leaves",
];

/// Whether the mention starting at word `start` shares the stance of the one before ("… is
/// wrong, and so is X").
pub(super) fn likewise(words: &[Word], start: usize) -> bool {
    [
        "so is",
        "so are",
        "as is",
        "nor is",
        "neither is",
        "same for",
        "same goes for",
    ]
    .iter()
    .any(|p| ends_before(words, start, p, 0, 0))
}

/// A phrase's words, without allocating: cues are checked for every mention of a reply.
fn split_phrase(phrase: &str) -> ([&str; 8], usize) {
    let mut buffer = [""; 8];
    let mut count = 0;
    for part in phrase.split(' ').take(8) {
        buffer[count] = part;
        count += 1;
    }
    (buffer, count)
}

/// Whether `phrase` starts at word `at`.
pub(super) fn phrase_at(words: &[Word], at: usize, phrase: &str) -> bool {
    let (buffer, count) = split_phrase(phrase);
    let parts = &buffer[..count];
    at + parts.len() <= words.len()
        && words[at..at + parts.len()]
            .iter()
            .zip(parts)
            .all(|(w, p)| w.text == *p)
}

/// Phrases that, beside an abstention, still commit to a choice ("not sure, but I'd guess B").
pub(super) const GUESS: &[&str] = &[
    "guess",
    "best guess",
    "if i had to",
    "if forced",
    "lean towards",
    "leaning towards",
    "lean toward",
    "leaning toward",
    "probably",
    "most likely",
    "likely",
    "id go with",
    "i would go with",
    "id pick",
    "i would pick",
    "id choose",
    "i would choose",
    "id say",
    "i would say",
    // "The context doesn't say. Answering from general knowledge: D."
    "general knowledge",
    "my own knowledge",
    "from memory",
];

/// Whether `phrase` (words separated by single spaces) ends just before word `at` (it ends at
/// `at - 1`), with up to `gap` words between — none of them another mention's, none past
/// `stop` (the clause's first word).
fn ends_before(words: &[Word], at: usize, phrase: &str, gap: usize, stop: usize) -> bool {
    ends_before_outside(words, at, phrase, gap, stop, &Others::none())
}

/// The words that belong to other mentions than the one whose stance is read: a cue's gap may
/// not cross them. `owner[i]` is the mention word `i` belongs to, if any.
pub(super) struct Others<'a> {
    owner: &'a [Option<usize>],
    me: usize,
}

impl<'a> Others<'a> {
    /// The mentions other than `me`, by the owner of each word.
    pub(super) fn new(owner: &'a [Option<usize>], me: usize) -> Self {
        Self { owner, me }
    }

    fn none() -> Self {
        Self {
            owner: &[],
            me: usize::MAX,
        }
    }

    fn holds(&self, word: usize) -> bool {
        self.owner
            .get(word)
            .copied()
            .flatten()
            .is_some_and(|m| m != self.me)
    }
}

fn ends_before_outside(
    words: &[Word],
    at: usize,
    phrase: &str,
    gap: usize,
    stop: usize,
    others: &Others<'_>,
) -> bool {
    // Most cues fail on their last word: check it first, cheaply.
    let last = phrase.rsplit(' ').next().unwrap_or(phrase);
    if !(0..=gap).any(|skip| {
        at.checked_sub(skip + 1)
            .is_some_and(|i| words[i].text == last)
    }) {
        return false;
    }
    let (buffer, count) = split_phrase(phrase);
    let parts = &buffer[..count];
    let gap = if parts.len() == 1 { gap.min(1) } else { gap };
    for skip in 0..=gap {
        let Some(end) = at.checked_sub(skip) else {
            break;
        };
        if end < parts.len() || end - parts.len() < stop {
            break;
        }
        let start = end - parts.len();
        // A cue is the reply's own words, never another choice's.
        if words[start..end]
            .iter()
            .zip(parts)
            .all(|(w, p)| w.text == *p)
            && !(start..end).any(|i| others.holds(i))
        {
            return true;
        }
        // The gap may not cross a clause's end, nor another mention.
        if end > 0 && (words[end - 1].ends_clause && end < at || others.holds(end - 1)) {
            break;
        }
    }
    false
}

/// Whether `phrase` starts right after word `end - 1` (at `end`), with up to `gap` words
/// between — none of them another mention's, none at or past `stop` (the clause's end).
fn starts_after(
    words: &[Word],
    end: usize,
    phrase: &str,
    gap: usize,
    stop: usize,
    others: &Others<'_>,
) -> bool {
    // Most cues fail on their first word: check it first, cheaply.
    let first = phrase.split(' ').next().unwrap_or(phrase);
    if !(0..=gap).any(|skip| words.get(end + skip).is_some_and(|w| w.text == first)) {
        return false;
    }
    let (buffer, count) = split_phrase(phrase);
    let parts = &buffer[..count];
    for skip in 0..=gap {
        let start = end + skip;
        if start + parts.len() > stop {
            break;
        }
        if others.holds(start) {
            break;
        }
        if words[start..start + parts.len()]
            .iter()
            .zip(parts)
            .all(|(w, p)| w.text == *p)
            && !(start..start + parts.len()).any(|i| others.holds(i))
        {
            return true;
        }
        if words[start].ends_clause {
            break;
        }
    }
    false
}

/// What a reply does with a mention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Stance {
    /// Rejects it.
    Rejects,
    /// Names it without saying more.
    Names,
    /// Asserts it.
    Asserts,
}

/// The stance of the reply on the words `start..end` (a mention), within the clause
/// `clause.0..clause.1`; `conceded` when the mention sits in a conceding clause ("while X might
/// seem plausible").
pub(super) fn stance(
    words: &[Word],
    (start, end): (usize, usize),
    clause: (usize, usize),
    conceded: bool,
    others: &Others<'_>,
) -> Stance {
    // A tick or a cross beside the mention says it ("C ✗", "✅ B", "- [x] B. …").
    if let Some(mark) = words[start..end].iter().find_map(|w| w.mark) {
        return if mark {
            Stance::Asserts
        } else {
            Stance::Rejects
        };
    }
    // "~~D~~": struck through.
    if words[start].before.contains('~') && words[end - 1].after.starts_with('~') {
        return Stance::Rejects;
    }
    // "→ B": pointed to.
    if words[start].before.contains(['→', '⇒']) {
        return Stance::Asserts;
    }
    // "X? No.", "Pseudomonas — no."
    if (words[end - 1].after.contains('?') || words[end - 1].ends_clause)
        && words.get(end).is_some_and(|w| {
            matches!(
                w.text.as_str(),
                "no" | "nope" | "not" | "wrong" | "incorrect"
            ) && (w.ends_clause || w.after.starts_with([',', '.']))
        })
    {
        return Stance::Rejects;
    }
    // A label right before it: "Wrong: C", "Right: B".
    if start > clause.0 && words[start - 1].after.starts_with(':') {
        match words[start - 1].text.as_str() {
            "wrong" | "incorrect" | "false" | "no" => return Stance::Rejects,
            "right" | "correct" | "true" | "yes" => return Stance::Asserts,
            _ => {}
        }
    }
    // "A if you read it one way": a choice under a condition is not asserted.
    if words
        .get(end)
        .is_some_and(|w| matches!(w.text.as_str(), "if" | "when" | "unless"))
        && start > 0
        && !words[start - 1].text.starts_with("answer")
    {
        return Stance::Names;
    }
    // "between X and Y" compares, "either X or Y" offers both; neither asserts.
    if ends_before_outside(words, start, "between", 1, clause.0, others)
        || (ends_before_outside(words, start, "either", 1, clause.0, others)
            && words.get(end).is_some_and(|w| w.text == "or"))
    {
        return Stance::Names;
    }
    // "If not, it's D": a "not" closed by its comma negates nothing after it.
    let not_closed = (start.saturating_sub(3)..start)
        .any(|j| words[j].text == "not" && words[j].after.starts_with(','));
    let rejected = REJECT_BEFORE
        .iter()
        .filter(|p| !(not_closed && **p == "not"))
        .any(|p| ends_before_outside(words, start, p, 2, clause.0, others))
        || REJECT_AFTER
            .iter()
            .any(|p| starts_after(words, end, p, 1, clause.1, others));
    if rejected || conceded {
        return Stance::Rejects;
    }
    let asserted = ASSERT_BEFORE
        .iter()
        .any(|p| ends_before_outside(words, start, p, 2, clause.0, others))
        || ASSERT_AFTER
            .iter()
            .any(|p| starts_after(words, end, p, 1, clause.1, others));
    if asserted {
        Stance::Asserts
    } else {
        Stance::Names
    }
}

/// Whether the words hold a phrase that gives no answer.
pub(super) fn abstains(words: &[Word]) -> bool {
    // The phrases by their first word, so a long reply is read once, not once a phrase.
    static BY_FIRST: std::sync::LazyLock<
        std::collections::HashMap<&'static str, Vec<Vec<&'static str>>>,
    > = std::sync::LazyLock::new(|| {
        let mut index: std::collections::HashMap<&str, Vec<Vec<&str>>> =
            std::collections::HashMap::new();
        for phrase in ABSTAIN {
            let parts: Vec<&str> = phrase.split(' ').collect();
            index.entry(parts[0]).or_default().push(parts);
        }
        index
    });
    (0..words.len()).any(|i| {
        BY_FIRST.get(words[i].text.as_str()).is_some_and(|phrases| {
            phrases.iter().any(|parts| {
                i + parts.len() <= words.len()
                    && words[i..i + parts.len()]
                        .iter()
                        .zip(parts)
                        .all(|(w, p)| w.text == *p)
            })
        })
    })
}

/// Whether the words hold one of `phrases`.
pub(super) fn contains_any(words: &[Word], phrases: &[&str]) -> bool {
    phrases.iter().any(|phrase| {
        let (buffer, count) = split_phrase(phrase);
        let parts = &buffer[..count];
        words
            .windows(parts.len())
            .any(|w| w.iter().zip(parts).all(|(w, p)| w.text == *p))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(words: &[Word]) -> Vec<&str> {
        words.iter().map(|w| w.text.as_str()).collect()
    }

    #[test]
    fn words_keep_case_brackets_and_clause_ends() {
        let w = words("I'd go with (B). Not A — it's C; 3.5 stays");
        assert_eq!(
            texts(&w),
            [
                "id", "go", "with", "b", "not", "a", "its", "c", "3", "5", "stays"
            ]
        );
        assert_eq!(w[3].raw, "B");
        assert_eq!(w[3].before, "(");
        assert!(w[3].after.starts_with(')'));
        assert!(w[3].ends_clause);
        assert!(w[5].ends_clause, "a spaced dash ends a clause");
        assert!(w[7].ends_clause);
        assert!(!w[8].ends_clause, "3.5 is one number");
        let w = words("B. the second option");
        assert!(
            !w[0].ends_clause,
            "a letter's full stop is not a sentence's"
        );
    }

    #[test]
    fn stances_from_the_words_around() {
        let w = words("the answer is b");
        assert_eq!(
            stance(&w, (3, 4), (0, 4), false, &Others::none()),
            Stance::Asserts
        );
        let w = words("not b");
        assert_eq!(
            stance(&w, (1, 2), (0, 2), false, &Others::none()),
            Stance::Rejects
        );
        let w = words("b is wrong");
        assert_eq!(
            stance(&w, (0, 1), (0, 3), false, &Others::none()),
            Stance::Rejects
        );
        let w = words("b and c");
        assert_eq!(
            stance(&w, (0, 1), (0, 3), false, &Others::none()),
            Stance::Names
        );
        assert!(abstains(&words("Sorry, I don't know.")));
        assert!(!abstains(&words("It is B.")));
    }
}
