//! Keys the stem writer does not ask: cut inside a token, across a clause, repeated in their
//! sentence, or in a stem that leans on its passage.

use super::*;

#[test]
fn a_key_cut_inside_a_longer_token_is_not_asked() {
    assert_eq!(
        ask(
            "Scripts are run from /etc/cron.{hourly,daily,weekly} by anacron.",
            "/etc/cron",
            &SpanKind::Path
        ),
        None
    );
    assert_eq!(
        ask(
            "The daemon must also correctly execute scripts in /etc/cron. {hourly,daily,weekly,monthly}.",
            "/etc/cron",
            &SpanKind::Path
        ),
        None
    );
    assert_eq!(
        ask(
            "It works by deleting the table content row by row.",
            "table content row",
            &SpanKind::Term
        ),
        None
    );
    assert_eq!(
        ask(
            "It changes the way dependencies are handled by apt.",
            "way dependencies",
            &SpanKind::Term
        ),
        None
    );
    // "600 by 400 pixels": one side of a size.
    for key in ["400 pixels", "600"] {
        assert_eq!(
            ask(
                "The default size in standalone mode is 600 by 400 pixels.",
                key,
                &SpanKind::Quantity("pixels".into())
            ),
            None
        );
    }
    assert_eq!(
        ask(
            "The engine runs that program, then sends the result back to the application.",
            "result back",
            &SpanKind::Term
        ),
        None
    );
    // "somewhere outside": an adverb mostly, though WordNet has it as a noun once.
    assert_eq!(
        ask(
            "The at keyword allows you to place the plot title somewhere outside the key box.",
            "plot title somewhere",
            &SpanKind::Term
        ),
        None
    );
}

#[test]
fn cross_references_leave_the_question_and_comma_splices_are_none() {
    assert_eq!(
        text(
            "Applications access devices by way of special files created within /dev/ (see sidebar BACK TO BASICS Device access).",
            "/dev/",
            &SpanKind::Path
        ),
        "Applications access devices by way of special files created within which file or directory?"
    );
    assert_eq!(
        ask(
            "The installation is now complete, the program invites you to remove the CD-ROM from the reader.",
            "CD-ROM",
            &SpanKind::Name
        ),
        None
    );
}

#[test]
fn a_repeated_key_and_a_leaning_stem_are_none() {
    assert_eq!(
        ask(
            "For a large network we generally choose an automated rather than a manual installation method.",
            "manual installation method",
            &SpanKind::Term
        ),
        None,
        "\"an automated rather than what?\" leaves its adjective without a noun"
    );
    // A key that is the subject of a clause opened by "that" asks inside the clause.
    for (sentence, key, kind) in [
        (
            "The result is similar to using a points plot, except that the circles will scale with the x axis range.",
            "circles",
            SpanKind::Term,
        ),
        (
            "The manual explains that SQLite will refuse to open a database file it cannot lock.",
            "SQLite",
            SpanKind::Name,
        ),
    ] {
        assert_eq!(ask(sentence, key, &kind), None, "{sentence}");
    }
    assert_eq!(
        ask(
            "Since Debian 10 Buster, the nftables framework is used by default for the firewall.",
            "Debian 10 Buster",
            &SpanKind::Name
        ),
        None,
        "\"Since what, the nftables framework …?\""
    );
    // "that" as the key's own determiner goes with it.
    assert_eq!(
        text(
            "The package manager downloads each file and verifies that checksum before unpacking.",
            "checksum",
            &SpanKind::Term
        ),
        "The package manager downloads each file and verifies what before unpacking?"
    );
    // Asked once, the key's second place gives it away; blanked twice, "the blank" is two.
    assert_eq!(
        ask(
            "The file lists mirrors, and dpkg reads the list before dpkg unpacks anything.",
            "dpkg",
            &SpanKind::Name
        ),
        None
    );
    assert_eq!(
        ask(
            "The server reads this file at start-up, before any client connects to it.",
            "server",
            &SpanKind::Term
        ),
        None
    );
    // A key inside another word of its sentence gives itself away.
    assert_eq!(
        ask(
            "Lookaside allocations are fast, so the allocation and deallocation are quick.",
            "allocation",
            &SpanKind::Term
        ),
        None
    );
    assert!(leans_on_passage("What does the above example print?"));
    for (stem, why) in [
        (
            "More precisely, which option gives the exact list?",
            "more precisely",
        ),
        ("In that case, which file is read first?", "in that case"),
        (
            "The remaining features cannot be overridden on a per what?",
            "the remaining",
        ),
        ("Which file does the second .gitignore keep?", "the second"),
        (
            "The single-parent commits C, Z, and Y do not change what?",
            "C, Z, Y",
        ),
        (
            "Determines what to do about the untracked what of the index?",
            "Determines",
        ),
        (
            "Do not list one-line descriptions from what being merged?",
            "do not",
        ),
        (
            "Which harness runs separately from the others?",
            "the others",
        ),
        (
            "What fills the blank in \u{201c}the _____ for the table data is the same\u{201d}?",
            "the same",
        ),
    ] {
        assert_eq!(leans_back(stem).as_deref(), Some(why), "{stem}");
    }
    for stem in [
        "Which configuration variable sets the default editor?",
        "What does git gc call to remove unreachable objects?",
        "A boolean in which section controls signing?",
        "Which option makes a merge a fast-forward when possible?",
        "Commits in which branch are shown first?",
        "If true, git gui blame uses -C instead of -C -C for what?",
    ] {
        assert_eq!(leans_back(stem), None, "{stem}");
    }
    assert!(!whole::balanced(
        "To place plot titles elsewhere, see multiple keys (p?"
    ));
    assert!(whole::balanced("Which pragma (a setting) sets it?"));
    assert!(!leans_on_passage("What is itself a database?"));
    assert!(leans_on_passage(
        "Since we haven't used the whole space available in what?"
    ));
    assert_eq!(
        leans_back("Which page keeps the same name as the table?"),
        None
    );
}

#[test]
fn a_thing_opened_with_the_and_not_said_which_leans_on_the_passage() {
    for (stem, why) in [
        (
            "The script executes all the scripts prefixed with what?",
            "the script",
        ),
        (
            "The basic idea is to collect in a single page what?",
            "the idea",
        ),
        ("The builder reads which field?", "the builder"),
        ("The added rows come from which table?", "the rows"),
    ] {
        assert_eq!(leans_back(stem).as_deref(), Some(why), "{stem}");
    }
    // Said which: a name after it, or words that go on to say which.
    for stem in [
        "The tool dpkg installs what?",
        "The file /etc/hosts maps names to what?",
        "The script that builds the documentation calls what?",
        "The function sqlite3_step() returns what?",
        "The command `ls` lists what?",
        "The format of a changeset is described where?",
        "The kernel loads which modules first?",
    ] {
        assert_eq!(leans_back(stem), None, "{stem}");
    }
}

#[test]
fn a_verb_with_its_particle_left_behind_is_not_asked() {
    assert_eq!(
        ask(
            "The company, after several years of scraping by, eventually filed for bankruptcy.",
            "scraping",
            &SpanKind::Term
        ),
        None,
        "\"after several years of what by\""
    );
    assert!(
        ask(
            "The daemon keeps every change in the journal on disk.",
            "journal",
            &SpanKind::Term
        )
        .is_some(),
        "a particle with its object after it is a preposition"
    );
}

#[test]
fn a_noun_without_its_of_phrase_is_not_asked() {
    assert_eq!(
        ask(
            "The stability of the software deployed using the dpkg tool contributes to its fame.",
            "stability",
            &SpanKind::Term
        ),
        None
    );
    assert_eq!(
        ask(
            "To see the state at a date, you can add a query parameter like c=2020-01-01 to the URL.",
            "query parameter",
            &SpanKind::Term
        ),
        None
    );
    // A name may hold its own "of" phrase; a noun asked after the "of" is whole.
    assert!(
        ask(
            "The cache_size pragma sets the default size of the page cache at start-up.",
            "page cache",
            &SpanKind::Term
        )
        .is_some()
    );
    // … but not inside the sentence's subject: "The default size of what is set by …?" asks
    // nothing (the reader of round 42 read it as a statement). The sentence is blanked, its
    // article inside the blank.
    let blanked = ask(
        "The default size of the page cache is set by the cache_size pragma at start-up.",
        "page cache",
        &SpanKind::Term,
    )
    .expect("a blank");
    assert_eq!(blanked.form, Form::Blank);
    assert_eq!(
        blanked.text,
        "What fills the blank in “the default size of _____ is set by the cache_size pragma at start-up”?"
    );
}

#[test]
fn half_of_a_category_name_is_not_asked() {
    assert_eq!(
        ask(
            "No affinities are applied to any values as the result of a GROUP by clause.",
            "GROUP",
            &SpanKind::Term
        ),
        None,
        "\"as the result of what by clause\""
    );
    assert!(
        ask(
            "Debian copies the kernel image into directory /boot at install time.",
            "kernel image",
            &SpanKind::Term
        )
        .is_some(),
        "a category noun with its name after it is a phrase of its own"
    );
}

#[test]
fn a_passive_verbs_complement_is_not_asked() {
    assert_eq!(
        ask(
            "The resulting program must not be installed setuid root, unless that is required.",
            "setuid root",
            &SpanKind::Term
        ),
        None,
        "\"must not be installed what\""
    );
    assert!(
        ask(
            "The helper program is called pkexec on most desktop systems.",
            "pkexec",
            &SpanKind::Term
        )
        .is_some(),
        "a passive verb that names takes its name"
    );
    assert!(
        ask(
            "The packages installed setuid root are listed by the security checker.",
            "security checker",
            &SpanKind::Term
        )
        .is_some(),
        "a participle with no \"be\" before it is no passive"
    );
}

#[test]
fn a_comparison_a_clause_verb_and_a_closing_adverb_are_not_asked() {
    assert_eq!(
        ask(
            "As many boxplots will be drawn as there are levels in the data.",
            "many boxplots",
            &SpanKind::Term
        ),
        None,
        "\"As what will be drawn as there are levels\""
    );
    assert_eq!(
        ask(
            "Statistics gathered by ANALYZE are not updated as the content of the database changes.",
            "database changes",
            &SpanKind::Term
        ),
        None,
        "\"as the content of what?\" with the clause's verb in the key"
    );
    assert_eq!(
        ask(
            "Some engines write directly to disk, bypassing the filesystem altogether.",
            "filesystem altogether",
            &SpanKind::Term
        ),
        None
    );
}

#[test]
fn a_title_glued_to_its_description_by_an_arrow_is_not_asked() {
    let sentence = "Write-Ahead Logging → The daemon keeps every change in the journal on disk.";
    assert_eq!(ask(sentence, "journal", &SpanKind::Term), None);
    assert_eq!(ask(sentence, "Write-Ahead Logging", &SpanKind::Name), None);
    // Without the arrow and its title the description is a sentence of its own.
    let sentence = "The daemon keeps every change in the journal on disk.";
    assert!(ask(sentence, "journal", &SpanKind::Term).is_some());
}
