//! A choice named by its text: where in a reply a choice's words stand, allowing what people
//! change when they restate a choice — case, punctuation, small words, an inflection ("applies"
//! for "apply"), a slip of a letter ("neglegence").

use super::Mention;
use super::cues::Word;

/// Words that carry no meaning of their own in a choice ("the", "of"): a restatement may drop
/// or change them. Negations are not among them: "does not apply" is not "does apply".
const SMALL: &[&str] = &[
    "the", "a", "an", "of", "to", "in", "on", "at", "for", "and", "or", "is", "are", "was", "were",
    "be", "been", "by", "with", "as", "that", "this", "it", "its", "from", "which", "who", "will",
    "would", "can", "could", "has", "have", "had", "do", "does", "did", "their", "his", "her",
    "they", "he", "she", "we", "you", "there", "than", "so", "such", "into", "about",
];

/// A choice's words, as a reply's are cut.
fn choice_words(choice: &str) -> Vec<String> {
    // A choice is read by its first 64 words: enough to tell choices apart, and the search
    // stays fast.
    super::cues::words(choice)
        .into_iter()
        .take(64)
        .map(|w| w.text)
        .collect()
}

/// The stem a word is compared by: common English endings taken off.
fn stem(word: &str) -> &str {
    for ending in ["ing", "ed", "es", "s", "ly", "er"] {
        if word.len() > ending.len() + 3
            && let Some(stem) = word.strip_suffix(ending)
        {
            return stem;
        }
    }
    word
}

/// Whether two words are the same word as a restatement writes it.
fn same(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    if a.chars().any(|c| c.is_ascii_digit()) || b.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    if a.len() >= 4 && b.len() >= 4 && stem(a) == stem(b) {
        return true;
    }
    let shorter = a.chars().count().min(b.chars().count());
    let allowed = match shorter {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    };
    allowed > 0 && within(a, b, allowed)
}

/// Whether the edit distance between `a` and `b` is at most `limit`.
fn within(a: &str, b: &str, limit: usize) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return false;
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        let mut best = row[0];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(previous + 1);
            best = best.min(row[j + 1]);
        }
        if best > limit {
            return false;
        }
    }
    row[b.len()] <= limit
}

/// Every place a choice's words stand in the reply, enough of them in order: (start, end,
/// share of the choice's meaningful words found there). Places do not overlap.
fn places(reply: &[Word], choice: &[String]) -> Vec<(usize, usize, f64)> {
    let meaningful: Vec<&str> = choice
        .iter()
        .map(String::as_str)
        .filter(|w| !SMALL.contains(w))
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
    let mut out = Vec::new();
    let mut start = 0;
    while start < reply.len() {
        if !wanted.iter().any(|w| same(&reply[start].text, w)) {
            start += 1;
            continue;
        }
        // Match the choice's words in order from here, within the window.
        let mut found = 0usize;
        let mut first = None;
        let mut at = start;
        let mut end = start;
        let stop = (start + window).min(reply.len());
        for w in &wanted {
            if let Some(offset) = reply[at..stop].iter().position(|r| same(&r.text, w)) {
                found += 1;
                first.get_or_insert(at + offset);
                at += offset + 1;
                end = at;
            }
        }
        let share = found as f64 / wanted.len() as f64;
        if share >= needed {
            // The choice's leading small words ("a corrupted journal.db") belong to the place.
            let mut first = first.unwrap_or(start);
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

/// Where a reply quotes a choice's beginning and cuts it short ("Some interstellar molecules
/// cannot be found…"): (start, end, words quoted), at least four words, ending in an ellipsis.
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
        let cut = k > 0
            && (reply[start + k - 1].after.contains('…')
                || reply[start + k - 1].after.contains(".."));
        if k >= 4 && k < choice.len() && cut {
            out.push((start, start + k, k));
        }
    }
    out
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
    for (index, words) in all.iter().enumerate() {
        for (start, end, share) in places(reply, words) {
            found.push((index, start, end, share, words.len()));
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
    }
    let mut out = Vec::new();
    for &(index, start, end, share, length) in &found {
        let overlapping = found
            .iter()
            .filter(|&&(other, s, e, _, _)| other != index && s < end && start < e);
        let mut beaten = false;
        let words_found = share * length as f64;
        for &(_, _, _, sh, len) in overlapping {
            // Found whole and longer ("liable only if he was negligent" over "liable"), or found
            // more fully, or as fully and longer ("light blue" over "blue"); found as fully and
            // as long: the reply is not clear which, so neither counts.
            let other_found = sh * len as f64;
            let whole = sh > 1.0 - 1e-9;
            if whole && other_found > words_found + 1e-9
                || sh > share + 1e-9
                || (sh - share).abs() < 1e-9 && len >= length
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
    use super::super::cues::words;
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
        assert!(!same("port", "post"), "short words must match exactly");
        assert!(!same("80", "81"));
    }
}
