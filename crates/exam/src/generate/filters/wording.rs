//! Filters on a question's wording alone: a stem that gives its key away (the key's words, the
//! words an option's letters stand for, a word only the key repeats), a key that is no phrase,
//! and a stem that asks for what its source denies.

/// What in `stem` gives `key` away: the key's words in a row ("(gvim)" for "gVim"), or the
/// words an option's letters stand for ("fast-forward" for "--ff").
pub(super) fn gives_away(stem: &str, key: &str) -> Option<String> {
    let key_words = lower(key);
    let stem_words = lower(stem);
    let letters: usize = key_words.iter().map(|w| w.chars().count()).sum();
    if letters >= 3
        && !key_words.is_empty()
        && stem_words
            .windows(key_words.len())
            .any(|w| w == key_words.as_slice())
    {
        return Some(key.trim().to_owned());
    }
    // "--ff" beside "fast-forward": an option's letters are the first letters of the parts of
    // a hyphenated word.
    let option = key.trim().trim_start_matches('-');
    if key.trim().starts_with('-')
        && (2..=4).contains(&option.chars().count())
        && option.chars().all(|c| c.is_ascii_alphabetic())
    {
        let initials: String = option.to_lowercase();
        let compound = stem
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .filter(|t| !t.starts_with('-') && t.contains('-'))
            .find(|t| {
                let parts: Vec<&str> = t.split('-').filter(|p| p.chars().count() > 1).collect();
                parts.len() == initials.chars().count()
                    && parts
                        .iter()
                        .zip(initials.chars())
                        .all(|(p, c)| p.to_lowercase().starts_with(c))
            });
        if let Some(compound) = compound {
            return Some(compound.to_owned());
        }
    }
    None
}

/// A word of the stem that the key alone repeats ("interrupted" and SQLITE_INTERRUPT, "daemons"
/// and daemon.log, "commits" and read_uncommitted): the examinee matches words and needs no
/// knowledge. The word's root — without a plural, past or "-ing" ending, four letters at least
/// — stands inside the key and inside no wrong answer.
pub(super) fn echoed(stem: &str, choices: &[String], key: usize) -> Option<String> {
    let key_text = choices.get(key)?.to_lowercase();
    let others: Vec<String> = choices
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != key)
        .map(|(_, c)| c.to_lowercase())
        .collect();
    lower(stem).into_iter().find(|word| {
        if word.len() < 4 || proctor_stats::text::is_stopword(word) || word == "what" {
            return false;
        }
        let root = ["ing", "ed", "es", "s"]
            .iter()
            .find_map(|end| word.strip_suffix(end).filter(|r| r.len() >= 4))
            .unwrap_or(word);
        root.len() >= 4 && key_text.contains(root) && !others.iter().any(|o| o.contains(root))
    })
}

/// Why `key` is no phrase of its own, if it is not: a pronoun or a function word ("This",
/// "What") is what a sentence's grammar holds, not a fact to ask for.
pub(super) fn not_a_phrase(key: &str) -> Option<String> {
    const FUNCTION: &[&str] = &[
        "this", "these", "that", "those", "it", "its", "they", "them", "what", "which", "who",
        "there", "here", "such", "the", "a", "an", "and", "or", "but", "if", "then", "also",
        "however", "thus",
    ];
    let word = key.trim().trim_end_matches(['.', ',', ':', ';']);
    FUNCTION
        .contains(&word.to_lowercase().as_str())
        .then(|| word.to_owned())
}

/// A text's words in lower case, cut at every character that is no letter or digit.
fn lower(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Where the source says the key's words right after a denial ("Exit with status 2 when no
/// matching refs are found", "there are no Release Notes") and the question does not say that
/// denial, the question asks the opposite of what the source says, and its key is wrong: the
/// denial and the key's words. An article between them counts as nothing ("no a", "not the").
pub(super) fn denied(stem: &str, key: &str, source: &str) -> Option<String> {
    const DENIALS: &[&str] = &["no", "not", "never", "without", "nor", "none", "cannot"];
    let key_words = lower(key);
    if key_words.is_empty() {
        return None;
    }
    let source_words = lower(source);
    let stem_words = lower(stem);
    source_words
        .windows(key_words.len())
        .enumerate()
        .filter(|(_, w)| *w == key_words.as_slice())
        .find_map(|(at, _)| {
            let before = source_words[..at]
                .iter()
                .rposition(|w| !matches!(w.as_str(), "the" | "a" | "an" | "any"))?;
            let denial = &source_words[before];
            // The stem keeps the denial where it asks ("has no what"), or anywhere when it
            // asks first ("What does … not …?"); a "no" elsewhere ("no-op") is another one.
            let asking = |w: &String| matches!(w.as_str(), "what" | "which" | "how" | "whom");
            let kept = stem_words.first().is_some_and(asking) && stem_words.contains(denial)
                || stem_words
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| asking(w))
                    .any(|(i, _)| stem_words[i.saturating_sub(3)..i].contains(denial));
            (DENIALS.contains(&denial.as_str()) && !kept)
                .then(|| format!("{denial} {}", key.trim()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_that_gives_its_answer_away_or_asks_for_no_phrase() {
        assert_eq!(
            gives_away(
                "Applies even if you use Neovim or what (gvim) as the merge tool?",
                "gVim"
            )
            .as_deref(),
            Some("gVim")
        );
        assert_eq!(
            gives_away(
                "With which option, when possible, resolve the merge as a fast-forward?",
                "--ff"
            )
            .as_deref(),
            Some("fast-forward")
        );
        assert_eq!(
            gives_away("Which option lists remote branches?", "-r"),
            None
        );
        assert_eq!(
            gives_away(
                "Any diff command can take -c or which option for a combined diff?",
                "--cc"
            ),
            None
        );
        assert_eq!(
            gives_away("Which tool packs the repository?", "git repack"),
            None
        );
        assert_eq!(
            denied(
                "Exit with status \"2\" when what are found in the remote repository?",
                "matching refs",
                "Exit with status \"2\" when no matching refs are found in the remote repository."
            )
            .as_deref(),
            Some("no matching refs")
        );
        assert_eq!(
            denied(
                "When you decide to move from stable to testing, there are what to help you?",
                "Release Notes",
                "When you decide to move from stable to testing, there are no Release Notes to help you."
            )
            .as_deref(),
            Some("no Release Notes")
        );
        // A "no" elsewhere in the question is not the one the key lost.
        assert_eq!(
            denied(
                "Operators, even the no-op \"+\", make an expression which always has what?",
                "affinity",
                "Operators, even the no-op \"+\", make an expression which always has no affinity."
            )
            .as_deref(),
            Some("no affinity")
        );
        // The question keeps the denial, or the source does not deny: nothing to say.
        assert_eq!(
            denied(
                "Exit with status 2 when no what are found?",
                "matching refs",
                "Exit with status 2 when no matching refs are found."
            ),
            None
        );
        assert_eq!(
            denied(
                "Which refs are shown?",
                "matching refs",
                "Only the matching refs are shown."
            ),
            None
        );
        assert_eq!(not_a_phrase("This").as_deref(), Some("This"));
        assert_eq!(not_a_phrase("What"), Some("What".to_owned()));
        assert_eq!(not_a_phrase("the index"), None);
    }

    #[test]
    fn a_stem_word_only_the_key_repeats_gives_it_away() {
        let choices = |v: &[&str]| v.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>();
        let c = choices(&[
            "SQLITE_BUSY",
            "SQLITE_INTERRUPT",
            "SQLITE_FULL",
            "SQLITE_DONE",
        ]);
        assert_eq!(
            echoed(
                "Which code is returned when the query was interrupted?",
                &c,
                1
            ),
            Some("interrupted".into())
        );
        // A root the wrong answers share gives nothing away.
        let c = choices(&[
            "/var/log/daemon.log",
            "/var/log/daemon.err",
            "/var/log/syslog",
        ]);
        assert_eq!(echoed("Where do the daemons log?", &c, 0), None);
        let c = choices(&["rollback journal", "write-ahead log", "shared cache"]);
        assert_eq!(
            echoed("What does the pager keep until commit?", &c, 0),
            None
        );
    }
}
