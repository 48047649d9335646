//! A choice named by its text: where in a reply a choice's words stand, allowing what people
//! change when they restate a choice — case, punctuation, small words, an inflection ("applies"
//! for "apply"), a slip of a letter ("neglegence").

use super::Mention;
use super::alike::same;
use super::words::Word;

/// Words that carry no meaning of their own in a choice ("the", "of"): a restatement may drop
/// or change them. Negations are not among them: "does not apply" is not "does apply".
pub(super) const SMALL: &[&str] = &[
    "the", "a", "an", "of", "to", "in", "on", "at", "for", "and", "or", "is", "are", "was", "were",
    "be", "been", "by", "with", "as", "that", "this", "it", "its", "from", "which", "who", "will",
    "would", "can", "could", "has", "have", "had", "do", "does", "did", "their", "his", "her",
    "they", "he", "she", "we", "you", "there", "than", "so", "such", "into", "about",
    // LaTeX's commands in a choice ("\\(2\\sqrt{29}\\)"): a reply writes "2√29".
    "sqrt", "frac", "dfrac", "tfrac", "mathrm", "mathbf",
];

/// A choice's words, as a reply's are cut.
pub(super) fn choice_words(choice: &str) -> Vec<String> {
    // A choice is read by its first 64 words: enough to tell choices apart, and the search
    // stays fast.
    super::words::words(choice)
        .into_iter()
        .take(64)
        .map(|w| w.text)
        .collect()
}

/// Every place a choice's words stand in the reply, enough of them in order: (start, end,
/// share of the choice's meaningful words found there). Places do not overlap.
fn places(reply: &[Word], choice: &[String]) -> Vec<(usize, usize, f64)> {
    // A one-letter last word is a label, not "a" ("Vitamin A", "Hepatitis A").
    let label = |k: usize, w: &str| w.len() == 1 && k + 1 == choice.len() && k > 0;
    let meaningful: Vec<&str> = choice
        .iter()
        .enumerate()
        .filter(|(k, w)| !SMALL.contains(&w.as_str()) || label(*k, w))
        .map(|(_, w)| w.as_str())
        .collect();
    let wanted: Vec<&str> = if meaningful.is_empty() {
        choice.iter().map(String::as_str).collect()
    } else {
        meaningful
    };
    if wanted.is_empty() {
        return Vec::new();
    }
    let needed = enough(wanted.len());
    // A restatement may add a few words and drop small ones: a window a little longer than
    // the choice.
    let window = choice.len() + 2 + choice.len() / 4;
    // The choice's words matched in order from `start`, within the window: (share found,
    // first word found, one past the last).
    let match_from = |start: usize| {
        let mut found = 0usize;
        let mut first = None;
        let mut at = start;
        let mut end = start;
        let stop = (start + window).min(reply.len());
        for (k, w) in wanted.iter().enumerate() {
            if let Some(offset) = reply[at..stop].iter().position(|r| same_in_reply(r, w)) {
                // A "not" negates the word after it: "didn't fail to mention" is not "did not
                // mention".
                if *w == "not"
                    && let Some(next) = wanted.get(k + 1)
                {
                    let p = at + offset;
                    let at_next = |i: usize| reply.get(i).is_some_and(|r| same_in_reply(r, next));
                    let small = |i: usize| {
                        reply
                            .get(i)
                            .is_some_and(|r| SMALL.contains(&r.text.as_str()))
                    };
                    if !(at_next(p + 1) || small(p + 1) && at_next(p + 2)) {
                        continue;
                    }
                }
                found += 1;
                first.get_or_insert(at + offset);
                at += offset + 1;
                end = at;
            }
        }
        (
            found as f64 / wanted.len() as f64,
            first.unwrap_or(start),
            end,
        )
    };
    let mut out = Vec::new();
    let mut start = 0;
    while start < reply.len() {
        if !wanted.iter().any(|w| same_in_reply(&reply[start], w)) {
            start += 1;
            continue;
        }
        let (mut share, mut first, mut end) = match_from(start);
        if share >= needed {
            // The tightest place that finds as much: a quoted beginning ("Select laying hens
            // of the exact…") is not one place with the whole choice written further on.
            let mut later = first + 1;
            while later < end {
                let (s, f, e) = match_from(later);
                if s >= share - 1e-9 && e - f < end - first {
                    (share, first, end) = (s, f, e);
                }
                later += 1;
            }
            // The choice's leading small words ("a corrupted journal.db") belong to the place.
            let leading = choice
                .iter()
                .take_while(|w| SMALL.contains(&w.as_str()))
                .count();
            if leading > 0
                && first >= leading
                && reply[first - leading..first]
                    .iter()
                    .zip(&choice[..leading])
                    .all(|(r, c)| r.text == *c)
            {
                first -= leading;
            }
            out.push((first, end, share));
            start = end.max(start + 1);
        } else {
            start += 1;
        }
    }
    out
}

/// Whether a reply's word is this word of a choice: as [`same`], and a contraction of "not"
/// ("weren't", "doesn't") is the choice's "not".
fn same_in_reply(word: &Word, choice_word: &str) -> bool {
    same(&word.text, choice_word)
        || choice_word == "not" && NOT_CONTRACTED.contains(&word.text.as_str())
}

/// Contractions of "not", as a reply's words are cut (apostrophes dropped).
pub(super) const NOT_CONTRACTED: &[&str] = &[
    "isnt", "arent", "wasnt", "werent", "doesnt", "dont", "didnt", "cant", "cannot", "wont",
    "wouldnt", "couldnt", "shouldnt", "hasnt", "havent", "hadnt", "neednt", "mustnt",
];

/// Where a reply quotes a choice's beginning and cuts it short ("Some interstellar molecules
/// cannot be found…"): (start, end, words quoted), at least four words, ending in an ellipsis
/// or a closing quote.
fn truncated(reply: &[Word], choice: &[String]) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for start in 0..reply.len() {
        let mut k = 0;
        while k < choice.len()
            && start + k < reply.len()
            && same(&reply[start + k].text, &choice[k])
        {
            k += 1;
            if reply[start + k - 1].after.contains('…') || reply[start + k - 1].after.contains("..")
            {
                break;
            }
        }
        // Cut short with an ellipsis, or a quotation of the choice's first words alone
        // ("the option stating \"the fact-finder could find that the shopper\"").
        let cut = k > 0
            && (reply[start + k - 1].after.contains('…')
                || reply[start + k - 1].after.contains("..")
                || reply[start].before.contains(['"', '“', '«'])
                    && reply[start + k - 1].after.starts_with(['"', '”', '»']));
        // (Three words are enough before an ellipsis: "Carefully consider his...".)
        let ellipsis = k > 0
            && (reply[start + k - 1].after.contains('…')
                || reply[start + k - 1].after.contains(".."));
        if (k >= 4 || k == 3 && ellipsis && !inside_a_quote(reply, start))
            && k < choice.len()
            && cut
        {
            out.push((start, start + k, k));
        }
    }
    out
}

/// Whether word `start` stands inside a quotation opened before it ("“Pace di Campoformio →
/// Pace di Presburgo → Pace di Schönbrun…”": the last three words are not the quote's
/// beginning).
fn inside_a_quote(reply: &[Word], start: usize) -> bool {
    for w in reply[..start].iter().rev() {
        if w.after.contains(['"', '”', '»']) {
            return false;
        }
        if w.before.contains(['"', '“', '«']) {
            return true;
        }
    }
    false
}

/// Where a reply quotes a run of a choice's words from its middle ("the option stating \"the
/// fact-finder could find that the shopper\"", "Not \u{201c}the canning company, as the
/// packer…\u{201d}"): (start, end, words quoted), at least three words, an opening quote before
/// the first and a closing quote or an ellipsis after the last.
fn quoted_part(reply: &[Word], choice: &[String]) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for start in 0..reply.len() {
        if !reply[start].before.contains(['"', '“', '«', '\'', '‘']) {
            continue;
        }
        for offset in 1..choice.len() {
            let k = (0..choice.len() - offset)
                .take_while(|&k| {
                    start + k < reply.len()
                        && same(&reply[start + k].text, &choice[offset + k])
                        && (k == 0 || !reply[start + k - 1].after.contains(['"', '”', '»', '…']))
                })
                .count();
            let closed = k > 0 && {
                let after = &reply[start + k - 1].after;
                after.contains(['"', '”', '»', '\'', '’', '…']) || after.contains("..")
            };
            if k >= 3 && closed {
                out.push((start, start + k, k));
                break;
            }
        }
    }
    out
}

/// Whether `run` stands, word after word, anywhere in `choice`.
pub(super) fn holds(choice: &[String], run: &[String]) -> bool {
    !run.is_empty()
        && choice.len() >= run.len()
        && choice
            .windows(run.len())
            .any(|w| w.iter().zip(run).all(|(a, b)| same(a, b)))
}

/// A shorter form by which a restatement names a choice.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ShortForm {
    /// Its words.
    words: Vec<String>,
    /// The verdict the choice gives before its reason ("no", "not prevail"), which the reply
    /// must state for the reason alone to name the choice; empty for a form that needs none.
    verdict: Vec<String>,
}

/// Words that join a choice's verdict to its reason ("No, because …", "Yes, if …").
const CONNECTORS: &[&str] = &["because", "since", "if", "unless", "as"];

/// Words that deny a verdict written after them ("will not prevail", "won't prevail").
const DENIALS: &[&str] = &[
    "not", "no", "never", "wont", "cannot", "cant", "doesnt", "isnt",
];

impl ShortForm {
    /// Whether the reply, having this form at `start..end`, names the choice by it: a reason
    /// alone counts only where the reply states the choice's verdict too, and a number alone
    /// only where it is not a citation ("[2]") or a list's label ("2.").
    fn stated_in(&self, reply: &[Word], start: usize, end: usize) -> bool {
        if self
            .words
            .iter()
            .all(|w| w.chars().all(|c| c.is_ascii_digit()))
        {
            let first = &reply[start];
            let last = &reply[end - 1];
            let cited = first.before.contains('[') || last.after.starts_with(']');
            let label = (start == 0 || reply[start - 1].line != first.line)
                && (last.after.starts_with('.') || last.after.starts_with(')'))
                // "Statement 2 (…): incorrect" names a statement of the question, not a choice.
                || start > 0
                    && matches!(
                        reply[start - 1].text.as_str(),
                        "statement" | "statements" | "item" | "items" | "step" | "point"
                    );
            // Numbers stand together ("2.3"), never spread over a sentence.
            return end - start == self.words.len() && !cited && !label;
        }
        if self.verdict.is_empty() {
            return true;
        }
        let n = self.verdict.len();
        let denied = |at: usize| {
            (at.saturating_sub(2)..at).any(|i| DENIALS.contains(&reply[i].text.as_str()))
        };
        reply.windows(n).enumerate().any(|(at, w)| {
            w.iter().zip(&self.verdict).all(|(r, v)| r.text == *v)
                // A verdict without a denial of its own must not be denied in the reply.
                && (self.verdict.iter().any(|v| DENIALS.contains(&v.as_str())) || !denied(at))
        })
    }
}

/// The shorter forms of each choice that name it in a restatement, where no other choice has
/// the same form:
/// - a verdict and its reason ("No, because the child was a trespasser", "not prevail, because
///   …", "Yes, for compensatory damages only"): the reason alone, when the reply also states the
///   verdict ("No. … the child was a trespasser");
/// - choices of one pattern ("25 devices", "250 devices", "unlimited devices"; "version 2.3"):
///   what sets each apart ("250", "unlimited", "2.3");
/// - a path ("C:\\Program Files\\Steam\\GTA5.exe", "/usr/lib/libz.so"): its file's name, or
///   the name with the folder it is in ("System32\\svchost.exe" beside "Windows\\svchost.exe");
/// - a choice that ends in an aside in brackets ("Player 5 (9c, 3c)"): its words before it.
fn short_forms(choices: &[String], all: &[Vec<String>]) -> Vec<Vec<ShortForm>> {
    let mut forms: Vec<Vec<ShortForm>> = vec![Vec::new(); all.len()];
    for (index, choice) in choices.iter().enumerate() {
        for tail in path_tails(choice) {
            forms[index].push(ShortForm {
                words: choice_words(tail),
                verdict: Vec::new(),
            });
        }
        // A choice's words before the aside in brackets that ends it: "Player 5" of "Player 5
        // (9c, 3c)".
        if let Some(words) = head_before_aside(choice) {
            forms[index].push(ShortForm {
                words,
                verdict: Vec::new(),
            });
        }
    }
    for (index, words) in all.iter().enumerate() {
        let connector = words
            .iter()
            .take(4)
            .position(|w| CONNECTORS.contains(&w.as_str()))
            .filter(|&at| at >= 1);
        let (verdict, reason) = match connector {
            Some(at) => (words[..at].to_vec(), words[at + 1..].to_vec()),
            None if matches!(words.first().map(String::as_str), Some("yes" | "no")) => {
                (words[..1].to_vec(), words[1..].to_vec())
            }
            None => continue,
        };
        let meaningful = reason
            .iter()
            .filter(|w| !SMALL.contains(&w.as_str()))
            .count();
        if meaningful >= 2 {
            forms[index].push(ShortForm {
                words: reason,
                verdict,
            });
        }
    }
    // Choices of one pattern: the words every choice has are the pattern.
    if all.len() >= 2 && all.iter().all(|w| !w.is_empty() && w.len() <= 4) {
        let pattern: Vec<&String> = all[0]
            .iter()
            .filter(|w| all.iter().all(|other| other.contains(w)))
            .collect();
        if !pattern.is_empty() {
            let rests: Vec<Vec<String>> = all
                .iter()
                .map(|w| w.iter().filter(|x| !pattern.contains(x)).cloned().collect())
                .collect();
            for (index, rest) in rests.iter().enumerate() {
                // One word alone tells only as a number: a single other word may be the
                // question's own ("which restriction applies" beside "no restrictions").
                let telling = rest.iter().filter(|w| !SMALL.contains(&w.as_str())).count() >= 2
                    || rest.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()))
                        && rests.iter().filter(|other| *other == rest).count() == 1;
                if telling {
                    forms[index].push(ShortForm {
                        words: rest.clone(),
                        verdict: Vec::new(),
                    });
                }
            }
        }
    }
    // A form another choice also has (its reason, or its whole text) tells nothing.
    let all_forms: Vec<(usize, Vec<String>)> = forms
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.iter().map(move |f| (i, f.words.clone())))
        .chain(all.iter().cloned().enumerate())
        .collect();
    for (index, list) in forms.iter_mut().enumerate() {
        list.retain(|form| {
            !all_forms
                .iter()
                .any(|(other, w)| *other != index && *w == form.words)
        });
    }
    forms
}

/// A choice's words before the aside in brackets that ends it ("Player 5" of "Player 5 (9c,
/// 3c)"), if it ends in one.
fn head_before_aside(choice: &str) -> Option<Vec<String>> {
    let (head, _) = choice.trim().strip_suffix(')')?.rsplit_once(" (")?;
    let words = choice_words(head);
    (!head.contains('(') && !words.is_empty()).then_some(words)
}

/// A path's file name and the name with its folder, shortest first: a text of three parts or
/// more cut by `\\` or `/`, its first part one word ("C:", "usr"); none for prose ("and/or").
fn path_tails(text: &str) -> Vec<&str> {
    let text = text.trim();
    let cuts: Vec<usize> = text.match_indices(['\\', '/']).map(|(at, _)| at).collect();
    let parts_whole = cuts.len() >= 2
        && !text[..cuts[0]].contains(char::is_whitespace)
        && cuts.windows(2).all(|w| w[1] > w[0] + 1)
        && cuts[cuts.len() - 1] + 1 < text.len();
    if !parts_whole {
        return Vec::new();
    }
    let n = cuts.len();
    vec![&text[cuts[n - 1] + 1..], &text[cuts[n - 2] + 1..]]
}

/// How much of a choice must be found for it to count as named: all of a short choice, most of
/// a long one (a restatement drops a word or two).
fn enough(wanted: usize) -> f64 {
    match wanted {
        0..=3 => 1.0,
        4..=6 => 0.8,
        _ => 0.75,
    }
}

/// The choices a reply names by their text, at most once each (where it stands best). Where two
/// choices are found at overlapping places, the one found more fully wins ("light blue" over
/// "blue"); where they are found equally, neither does (the reply is not clear which).
pub(super) fn mentions(reply: &[Word], choices: &[String]) -> Vec<Mention> {
    // (choice, start, end, share, the choice's length in words)
    let mut found: Vec<(usize, usize, usize, f64, usize)> = Vec::new();
    let all: Vec<Vec<String>> = choices.iter().map(|c| choice_words(c)).collect();
    let forms = short_forms(choices, &all);
    for (index, words) in all.iter().enumerate() {
        for (start, end, share) in places(reply, words) {
            found.push((index, start, end, share, words.len()));
        }
        // A choice's shorter form: its reason without its verdict, or what sets it apart
        // from choices of one pattern. Where the choice is found whole, that place stands.
        for form in &forms[index] {
            for (start, end, share) in places(reply, &form.words) {
                let whole_here = found
                    .iter()
                    .any(|f| f.0 == index && f.1 < end && start < f.2);
                if !whole_here && form.stated_in(reply, start, end) {
                    found.push((index, start, end, share, form.words.len()));
                }
            }
        }
        // A quoted beginning names the choice when no other choice begins the same way.
        for (start, end, k) in truncated(reply, words) {
            let shared = all.iter().enumerate().any(|(other, w)| {
                other != index
                    && w.len() >= k
                    && w[..k].iter().zip(&words[..k]).all(|(a, b)| same(a, b))
            });
            if !shared
                && !found
                    .iter()
                    .any(|f| f.0 == index && f.1 <= start && start < f.2)
            {
                found.push((index, start, end, 1.0, words.len()));
            }
        }
        // A quoted run from its middle names the choice when no other choice holds it.
        for (start, end, k) in quoted_part(reply, words) {
            let run: Vec<String> = reply[start..start + k]
                .iter()
                .map(|w| w.text.clone())
                .collect();
            let shared = all
                .iter()
                .enumerate()
                .any(|(other, w)| other != index && holds(w, &run));
            if !shared && !found.iter().any(|f| f.1 < end && start < f.2) {
                found.push((index, start, end, 1.0, words.len()));
            }
        }
    }
    // A choice that is "No" is not the "no" of "no longer", "no idea", "no one".
    found.retain(|&(index, start, end, _, _)| {
        !(all[index].len() == 1
            && all[index][0] == "no"
            && end == start + 1
            && reply.get(end).is_some_and(|w| {
                matches!(
                    w.text.as_str(),
                    "longer" | "idea" | "clue" | "one" | "doubt" | "matter" | "more" | "way"
                )
            }))
    });
    // How many of a place's words are the choice's own words exactly, not by a slip
    // ("decreases" is "decreases", and only a slip away from "increases").
    let exact = |index: usize, start: usize, end: usize| {
        reply[start..end]
            .iter()
            .filter(|w| all[index].contains(&w.text))
            .count()
    };
    let mut out = Vec::new();
    for &(index, start, end, share, length) in &found {
        let overlapping = found
            .iter()
            .filter(|&&(other, s, e, _, _)| other != index && s < end && start < e);
        let mut beaten = false;
        let words_found = share * length as f64;
        for &(other, s, e, sh, len) in overlapping {
            // Found whole and longer ("liable only if he was negligent" over "liable"), or found
            // more fully, or as fully and longer ("light blue" over "blue"); found as fully and
            // as long, the tighter place wins ("Chen Fan rescued Li Jia, not Zhao Xin" is one
            // choice's five words in a row, the other's spread over eight); as tight, the one
            // written with more of its own words exactly; else the reply is not clear which,
            // so neither counts.
            let other_found = sh * len as f64;
            let whole = sh > 1.0 - 1e-9;
            let as_fully = (sh - share).abs() < 1e-9;
            let as_tight = e - s == end - start;
            if whole && other_found > words_found + 1e-9
                || sh > share + 1e-9
                || as_fully && len > length
                || as_fully && len == length && e - s < end - start
                || as_fully
                    && len == length
                    && as_tight
                    && exact(other, s, e) >= exact(index, start, end)
            {
                beaten = true;
            }
        }
        if !beaten {
            out.push(Mention {
                choice: index,
                start,
                end,
                explicit: false,
                by_place: false,
                with_text: false,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::words::words;
    use super::*;

    fn named(reply: &str, choices: &[&str]) -> Vec<usize> {
        let choices: Vec<String> = choices.iter().map(|c| (*c).to_owned()).collect();
        mentions(&words(reply), &choices)
            .iter()
            .map(|m| m.choice)
            .collect()
    }

    #[test]
    fn restated_choices_are_found() {
        let choices = ["Port 443", "Port 80", "Light blue", "Blue"];
        assert_eq!(named("It listens on port 80 by default.", &choices), [1]);
        assert_eq!(named("The sky is light blue today.", &choices), [2]);
        assert_eq!(named("Either port 80 or port 443.", &choices), [0, 1]);
        let long = [
            "The defendant is liable for negligence",
            "The plaintiff assumed the risk",
        ];
        assert_eq!(
            named(
                "I think the defendant would be liable for neglegence here.",
                &long
            ),
            [0]
        );
        assert_eq!(named("the plaintif assumes the risks", &long), [1]);
        assert_eq!(named("nothing like either", &long), Vec::<usize>::new());
    }

    #[test]
    fn words_compare_as_restated() {
        assert!(same("applies", "applied"));
        assert!(same("negligence", "neglegence"));
        assert!(same("connection", "connuctoin"), "a slip and a swap");
        assert!(!same("port", "post"), "short words must match exactly");
        assert!(!same("80", "81"));
    }
}
