//! Whether a stem is one whole question (METHODS.md §5.6): no phrase cut in half, no second
//! sentence glued on, the question word standing for a whole phrase — not for a modifier, one
//! item of a list or half of "X and Y" — and every bracket it opens closed.

use super::clauses::{has_a_verb, imperative, spliced, two_clauses};
use super::placed::{asked_inside_its_subject, fronted_and_left};
use super::slot::{after_a_modifier, blank_modifies, coordinated, inside_a_set_phrase, unturned};
use super::stem_words::{
    BLANK, PREPOSITIONS, QUANTIFIERS, fills_a_blank, is_determiner, third_person,
};
use crate::lexicon::{self, Parts};

/// Whether a reworded question is one whole question: it does not end on "of" after a noun, a
/// conjunction or a determiner ("… in the output of?"), does not carry a second sentence (a sentence the source
/// ran on into: "… the chain. --split=replace overwrites …?"), and asks once ("what what").
/// A fill-the-blank stem quotes its sentence and is left alone.
pub(super) fn one_question(stem: &str) -> bool {
    let words: Vec<&str> = stem.trim_end_matches('?').split_whitespace().collect();
    // A full stop after a word of two or more letters (or a number), then another word: a
    // second sentence. "e.g." and "i.e." have their dots inside; "etc." ends a sentence only
    // before a capital.
    let second_sentence = words.windows(2).any(|pair| {
        let Some(word) = pair[0].strip_suffix('.') else {
            return false;
        };
        let word = word.trim_end_matches([')', ']', '"', '”', '\'', '’']);
        let abbreviation = matches!(
            word.to_lowercase().as_str(),
            "etc" | "vs" | "cf" | "no" | "approx"
        );
        (word.len() > 1 || word.chars().all(|c| c.is_ascii_digit()))
            && !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            && word.chars().any(char::is_alphanumeric)
            && (!abbreviation || pair[1].starts_with(|c: char| c.is_uppercase()))
    }) || words.windows(2).any(|pair| {
        // "… in which file or directory . See the section …": a full stop standing alone.
        pair[0] == "."
            // "… pattern 0; the cos plot will …": a semicolon before a clause.
            // … or before anything ("… networks; /etc/postfix/access_helo lists …").
            || pair[0].ends_with(';')
            // "…, however save then only records …": "however" joining a second clause.
            || pair[0].ends_with(',')
                && pair[1].eq_ignore_ascii_case("however")
            // "In what does INSERT UPDATE The INSERT change remain?": a capitalised article
            // inside the sentence, after no mark: table cells or a heading glued on.
            || matches!(pair[1], "The" | "A" | "An")
                && !pair[0].ends_with(['.', ':', '?', '!', '"', '“', '”', '(', ','])
    }) || words.len() >= 2
        // "Note Microsoft itself does not recommend …": a label glued to the sentence.
        && matches!(
            words[0],
            "Note" | "Tip" | "Warning" | "Caution" | "Important" | "Example" | "Hint"
        )
        && words[1].starts_with(char::is_uppercase)
        || words.windows(2).any(|pair| {
            // "What can be the a limited default set …": two articles, a phrase cut out.
            is_determiner(pair[0]) && matches!(pair[1].to_lowercase().as_str(), "a" | "an" | "the")
        })
        || words.iter().enumerate().any(|(i, w)| {
            // "Version numbers describe what: 21.04, for example, was released …": the question
            // before a colon and more words after it.
            w.ends_with(':')
                && words.len() - i > 2
                && !fills_a_blank(stem)
                && words[..=i].iter().any(|w| {
                    matches!(
                        w.trim_end_matches([':', ',']).to_lowercase().as_str(),
                        "what" | "which"
                    )
                })
        })
        || words.windows(2).enumerate().any(|(i, pair)| {
            // "External library what (used by …): Gnuplot can be linked …": a label, then its text.
            i >= 2
                && pair[0].ends_with(':')
                && pair[1].starts_with(|c: char| c.is_uppercase())
                && pair[1].chars().skip(1).all(char::is_lowercase)
        });
    if fills_a_blank(stem) {
        // A compound sentence is one sentence to fill ("…, and _____ reads the list …").
        return !second_sentence
            && !blank_modifies(&words)
            && !spliced(&words)
            && has_a_verb(&words);
    }
    let last = words.last().map_or(String::new(), |w| w.to_lowercase());
    // "What is it made of?" is English, "… the output of?" is not: only "of" after a noun.
    let after_noun = words.len() >= 2 && {
        let before = words[words.len() - 2];
        !lexicon::AUXILIARIES.contains(&before)
            && !crate::lexicon::parts(before).is_some_and(|p| p.verb() && !p.noun())
    };
    // "… in the associated?", "… a regularly scheduled?": a determiner (and adverbs) and a
    // word that is no noun end the question.
    let opening = words[..words.len().saturating_sub(1)]
        .iter()
        .rev()
        .find(|w| !(w.len() > 4 && w.ends_with("ly")));
    let cut_after_determiner = words.len() >= 2
        && opening.is_some_and(|w| is_determiner(w))
        && crate::lexicon::parts(&last).is_some_and(|p| !p.noun());
    // "… after several years of what by?": a particle left after the question word ("scraping
    // by").
    let particle_left = words.len() >= 3
        && PREPOSITIONS.contains(&last.as_str())
        && matches!(
            words[words.len() - 2].to_lowercase().as_str(),
            "what" | "which"
        );
    // "… from the database, for what?": "for reference", "for example" — an aside's purpose,
    // no thing to ask for.
    let aside_purpose = words.len() >= 3
        && words[words.len() - 3].ends_with(',')
        && words[words.len() - 2].eq_ignore_ascii_case("for")
        && matches!(last.as_str(), "what" | "which");
    let dangling = particle_left
        || aside_purpose
        || cut_after_determiner
        || (last == "of" && after_noun)
        || matches!(
            last.as_str(),
            "and" | "or" | "than" | "nor" | "e.g" | "i.e" | "etc" | "viz" | "though" | "however"
        )
        || is_determiner(&last);
    // "what what"; "through the year which year".
    let twice = words.windows(2).any(|pair| {
        let (a, b) = (pair[0].to_lowercase(), pair[1].to_lowercase());
        a == b && matches!(a.as_str(), "what" | "which")
    }) || words
        .windows(3)
        .any(|w| matches!(w[1], "which" | "what") && w[0].eq_ignore_ascii_case(w[2]));
    // "Every what has …", "the default what is …", "an uninterpreted what of bytes": a
    // determiner, or a determiner and modifiers, left before the question word — it stands for
    // part of a phrase.
    let part_of_phrase = words.iter().enumerate().any(|(i, w)| {
        if i == 0 || !matches!(w.to_lowercase().as_str(), "what" | "which") {
            return false;
        }
        // … or a number ("over one what SQLite databases").
        let determiner = |w: &str| {
            is_determiner(w)
                || QUANTIFIERS.contains(&w.to_lowercase().as_str())
                || w.chars().all(|c| c.is_ascii_digit())
                || matches!(
                    w.to_lowercase().as_str(),
                    "all"
                        | "both"
                        | "few"
                        | "most"
                        | "more"
                        | "many"
                        | "several"
                        | "various"
                        | "such"
                        | "one"
                        | "two"
                        | "three"
                        | "four"
                        | "five"
                        | "six"
                        | "seven"
                        | "eight"
                        | "nine"
                        | "ten"
                )
        };
        let modifier = |w: &str| {
            let lower = w.to_lowercase();
            w.chars().all(|c| c.is_alphanumeric() || c == '-')
                && !lexicon::AUXILIARIES.contains(&lower.as_str())
                && !PREPOSITIONS.contains(&lower.as_str())
                && !matches!(
                    lower.as_str(),
                    "and" | "or" | "of" | "not" | "also" | "only"
                )
                && crate::lexicon::parts(&lower)
                    .is_none_or(|p| (p.noun() || p.adjective()) && !p.mostly_verb())
        };
        let mut j = i - 1;
        while j > 0 && j + 3 >= i && !determiner(words[j]) && modifier(words[j]) {
            j -= 1;
        }
        determiner(words[i - 1]) || (j < i - 1 && determiner(words[j]))
    });
    // A quotation opened and not closed ("… in "git diff which option?").
    let quotes = stem.matches('"').count().is_multiple_of(2)
        && stem.matches('“').count() == stem.matches('”').count();
    // The question inside brackets ("the domain name ( what)", "(of course after what)"): an
    // aside asks nothing.
    let bracketed = words.iter().enumerate().any(|(i, w)| {
        let opened = w.len() - w.trim_start_matches(['(', '[', '“', '"']).len();
        let word = w[opened..].trim_end_matches(|c: char| !c.is_alphanumeric());
        matches!(
            word.to_lowercase().as_str(),
            "what" | "which" | "how" | "when" | "where" | "who"
        ) && {
            // … or inside a quotation ("said “Debian Will Remain what percentage Free …”").
            let before = words[..i].join(" ") + &w[..opened];
            before.matches(['(', '[']).count() > before.matches([')', ']']).count()
                || before.matches('“').count() > before.matches('”').count()
                || !before.matches('"').count().is_multiple_of(2)
        }
    });
    // "in what of SQLite", "have what of being true": the question word stands for the head
    // of "a future release of SQLite", "a strong probability of being true".
    // … or before a number that was part of its phrase ("by what 11 through 25"), or after a
    // sigil that was ("a datablock named $ what"), or before an option ("which --login").
    // … or of "processes with elevated privileges" ("by what with elevated privileges"), "the
    // software under development".
    let head_of = words.windows(2).any(|pair| {
        pair[0].eq_ignore_ascii_case("what")
            && (matches!(pair[1], "of" | "with" | "without" | "under")
                || pair[1]
                    .trim_end_matches([',', ';'])
                    .chars()
                    .all(|c| c.is_ascii_digit()))
            || matches!(pair[0], "$" | "@" | "#" | "%" | "--" | "-")
                && pair[1].eq_ignore_ascii_case("what")
            // … or before an option that was part of its phrase ("run which --login command"
            // for "an explicit bash --login command").
            || matches!(pair[0].to_lowercase().as_str(), "what" | "which")
                && pair[1]
                    .strip_prefix('-')
                    .is_some_and(|o| o.trim_start_matches('-').starts_with(|c: char| c.is_ascii_alphabetic()))
    });
    // "If no fillstyle is given in what then …": the question word inside the condition that
    // opens the sentence, before its comma or "then" — English asks no question there.
    let in_condition = words.first().is_some_and(|w| {
        matches!(
            w.to_lowercase().as_str(),
            "if" | "unless" | "when" | "whenever"
        )
    }) && words
        .iter()
        .skip(1)
        .take_while(|w| !w.eq_ignore_ascii_case("then"))
        .scan(false, |closed, w| {
            let before = !*closed;
            *closed |= w.ends_with(',');
            Some(before)
        })
        .zip(words.iter().skip(1))
        .take_while(|(open, _)| *open)
        .any(|(_, w)| {
            matches!(
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
                    .as_str(),
                "what" | "which"
            )
        });
    // "The company, after several years of scraping by, simply as what, eventually filed …?",
    // "… except, via what, to services on the build host …?": a question word inside an
    // aside set off by commas (one a few words before it, one right after it) with the
    // sentence going on past it — the aside asks nothing.
    let goes_on_past_its_comma = words.iter().enumerate().skip(1).any(|(i, w)| {
        matches!(w.to_lowercase().as_str(), "what," | "which," | "whom,")
            && words.len() >= i + 3
            && (words[i.saturating_sub(3)..i]
                .iter()
                .any(|b| b.ends_with(','))
                // … or a clause that concedes after it ("… in what, though the OS part is
                // sometimes elided …?").
                || matches!(
                    words[i + 1].to_lowercase().as_str(),
                    "though" | "although" | "whereas" | "even"
                ))
    });
    // "… X11 (Bullseye contains version X11R7.7)": a sentence in brackets.
    let bracketed_sentence = stem.split('(').skip(1).any(|inside| {
        let inside = inside.split(')').next().unwrap_or("");
        let words: Vec<&str> = inside.split_whitespace().collect();
        words.len() >= 3
            && words.iter().skip(1).any(|w| {
                let bare = w.to_lowercase();
                lexicon::AUXILIARIES.contains(&bare.as_str())
                    || third_person(&bare, Parts::mostly_verb)
            })
    });
    !dangling
        && !goes_on_past_its_comma
        && !in_condition
        && !bracketed_sentence
        && !second_sentence
        && !twice
        && !part_of_phrase
        && quotes
        && !bracketed
        && !head_of
        && !unturned(&words)
        && !after_a_modifier(&words)
        && !coordinated(&words)
        && !inside_a_set_phrase(&words)
        && !spliced(&words)
        && !two_clauses(&words)
        && !imperative(&words)
        && !fronted_and_left(&words)
        && !asked_inside_its_subject(&words)
}

/// The stem without its cross-references ("… within /dev/ (see sidebar BACK TO BASICS Device
/// access permissions)?"): a pointer to another page is no part of the question. A bracket
/// that holds the question word or the blank stays.
pub(super) fn without_references(stem: &str) -> String {
    // Citation marks ("… between systems [1] [2] [3] and …") go first.
    let mut out = stem
        .split(' ')
        .filter(|w| {
            let bare = w.trim_end_matches([',', '.', '?', ';']);
            !(bare.len() >= 3
                && bare.starts_with('[')
                && bare.ends_with(']')
                && bare[1..bare.len() - 1].chars().all(|c| c.is_ascii_digit()))
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut from = 0;
    while let Some(open) = out[from..].find("(see ").map(|at| from + at) {
        let Some(close) = out[open..].find(')').map(|at| open + at) else {
            break;
        };
        let inside = out[open..close].to_lowercase();
        let asks = inside.contains(BLANK)
            || inside
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| matches!(w, "what" | "which" | "how"))
            || inside[1..].contains('(');
        if asks {
            from = close;
            continue;
        }
        let start = out[..open].trim_end().len();
        out.replace_range(start..=close, "");
        from = start;
    }
    out
}

/// Whether every bracket the question opens it closes: a sentence cut inside brackets ("see
/// multiple keys (p?") is no question.
pub(super) fn balanced(stem: &str) -> bool {
    let mut depth = 0i32;
    for c in stem.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_word_before_a_comma_and_more_asks_nothing() {
        for stem in [
            "The company, after several years of scraping by, simply as what, eventually filed for bankruptcy in April of 2007?",
            "Required targets must not attempt network access, except, via what, to services on the build host?",
            "The strings are in what, though the OS part is sometimes elided, as when the OS is Linux?",
        ] {
            assert!(!one_question(stem), "{stem}");
        }
        for stem in [
            "The recovered rows go to a table named what, unless one exists?",
            "If the journal is deleted, what happens at the end of each transaction?",
            "Required targets must not attempt network access except via what?",
            "The strings are in what format?",
        ] {
            assert!(one_question(stem), "{stem}");
        }
    }

    #[test]
    fn one_question_at_a_time() {
        assert!(!one_question(
            "What is the only user-visible change in the output of?"
        ));
        assert!(!one_question(
            "He finally settled after several years of what by?"
        ));
        assert!(!one_question(
            "The chart shows the columns read from the database, for what?"
        ));
        assert!(!one_question(
            "Which option writes a new chain. --split=replace overwrites the existing chain?"
        ));
        assert!(!one_question("Let's analyze what what looks like?"));
        assert!(!one_question(
            "It was maintained through the year which year?"
        ));
        assert!(!one_question(
            "Any what should take the existing system into account?"
        ));
        assert!(!one_question("The default what is called \"win32\"?"));
        assert!(!one_question("Values are an uninterpreted what of bytes?"));
        assert!(!one_question(
            "The parameters are the server name, the domain name ( what), and the addresses?"
        ));
        assert!(!one_question(
            "To upgrade, use apt upgrade (of course after what)?"
        ));
        assert!(one_question(
            "Knoppix uses what (a lightweight graphical desktop) by default?"
        ));
        assert!(!one_question(
            "The Social Contract said “Debian Will Remain what percentage Free Software”?"
        ));
        assert!(!one_question(
            "There are over one what SQLite databases in active use?"
        ));
        assert!(!one_question(
            "The default is black- on-white. which option requests white-on-black?"
        ));
        assert!(!one_question(
            "External library what (used by PDF terminal): Gnuplot can be linked against it?"
        ));
        assert!(!one_question(
            "Memsys3 will likely be removed from the source tree in what of SQLite?"
        ));
        assert!(!one_question(
            "Which table does a vocab table contain one row for each term in the associated?"
        ));
        assert!(!one_question(
            "The recent release of what for arm64 is no longer a rebuild, though?"
        ));
        assert!(!one_question(
            "The outer SELECT is implemented by what 11 through 25?"
        ));
        assert!(!one_question(
            "Bash reads the files when it starts as a login shell, or when you run which --login command?"
        ));
        assert!(!one_question(
            "If no fillstyle is given in what then the current default fill style is used?"
        ));
        // The question after the condition is asked.
        assert!(one_question(
            "If no fillstyle is given, which style does the plot command use?"
        ));
        assert!(!one_question(
            "Files must be installed in which file or directory . See the section on /etc?"
        ));
        assert!(!one_question(
            "Modern sound system has what . alsamixer(1) is useful to configure volume?"
        ));
        assert!(!one_question(
            "What will use pattern 0; the cos plot will use pattern 1?"
        ));
        assert!(!one_question(
            "The profile values are also loaded into a datablock named $ what?"
        ));
        assert!(!one_question(
            "For what 0, 8, 9, 12, and 13, the value is zero bytes in length?"
        ));
        assert!(!one_question(
            "For what, the first element of the first row must contain the number of columns?"
        ));
        assert!(!one_question(
            "For what you can, of course, use the picture environment?"
        ));
        assert!(one_question(
            "With what can the information about an Xserver’s capabilities be obtained?"
        ));
        assert!(one_question(
            "In which year was the Debian project founded?"
        ));
        assert!(!one_question(
            "The enhanced what is shared with other gnuplot terminal types?"
        ));
        assert!(!one_question(
            "Avs is one of the automatically recognized what for images?"
        ));
        assert!(!one_question(
            "The Debian Developer’s Reference documents what used?"
        ));
        assert!(!one_question(
            "Users can create backups of their filesystems with what, fsarchiver, or even dd?"
        ));
        assert!(!one_question(
            "The default value is handled by pam_umask(8) and which file or directory?"
        ));
        assert!(!one_question(
            "More information is available in which directory and the manual pages?"
        ));
        assert!(!one_question(
            "The same information is written to a log file, what?"
        ));
        assert!(!one_question(
            "What fills the blank in “it works only if _____ service providers can't charge”?"
        ));
        assert!(one_question(
            "What fills the blank in “the pager keeps _____ until commit”?"
        ));
        assert!(one_question("A file named what holds the journal?"));
        assert!(!one_question(
            "The filter is used in what with printer-driver packages?"
        ));
        assert!(!one_question("Offices are joined by using IP what?"));
        assert!(!one_question(
            "IPsec, despite being the standard in IP what, is rather more involved?"
        ));
        assert!(!one_question(
            "The console can be raised if gnuplot was built with what –enable-raise-console?"
        ));
        assert!(!one_question(
            "Samba keeps its shares in which file or directory subdirectory?"
        ));
        assert!(one_question(
            "The archive is kept in which file or directory?"
        ));
        assert!(!one_question(
            "What is the version 3.23.0 release a regularly scheduled?"
        ));
        assert!(!one_question(
            "Most what also provide a menu that pops up when the desktop is clicked?"
        ));
        assert!(!one_question(
            "IRC channels have a name which starts with what #?"
        ));
        assert!(!one_question(
            "Each parameter is stored as a string in variables what, ARG2?"
        ));
        assert!(!one_question(
            "The old method of including DISABLED=yes in the package’s which file is gone?"
        ));
        assert!(!one_question(
            "What fills the blank in “the _____, index, every, and smooth are discussed”?"
        ));
        // (The question word inside an opening clause leaves the sentence a statement; after
        // the clause it asks.)
        assert!(!one_question(
            "When the cache is set to what, SQLite writes the journal to memory?"
        ));
        assert!(one_question(
            "When the cache is set to memory, SQLite writes what to memory?"
        ));
        assert!(one_question("SQLite keeps what for each page?"));
        assert!(one_question("The archive grew to how many MB?"));
        assert!(!one_question(
            "What fills the blank in “the _____ polar changes the meaning of the plot”?"
        ));
        assert!(!one_question(
            "Options are modified by what, etc. See git-config(1)?"
        ));
        assert!(!one_question(
            "What fills the blank in “the axis coordinates. f(x) maps the _____ ones”?"
        ));
        assert!(one_question(
            "Files, logs etc. are kept in which directory?"
        ));
        assert!(!one_question(
            "What is the usable value for a required parameter false → return?"
        ));
        // A question asks once.
        assert!(!one_question(
            "All changes indicate which section of what discusses the issue?"
        ));
        assert!(!one_question(
            "What controls the minor tics (level 1). <major> defaults to 1.0?"
        ));
        assert!(!one_question("Which packages does apt install and?"));
        assert!(one_question("What is a rollback journal made of?"));
        assert!(!one_question(
            "By default they appear as a new file in \"git diff which option?"
        ));
        assert!(one_question("Which tool, e.g. the shell, reads the file?"));
        assert!(one_question(
            "In which file is the list of package sources kept?"
        ));
    }
}
