use super::*;

fn ask(sentence: &str, key: &str, kind: &SpanKind) -> Option<Stem> {
    let start = sentence.find(key).unwrap();
    write(sentence, start, start + key.len(), kind, sentence)
}

fn text(sentence: &str, key: &str, kind: &SpanKind) -> String {
    ask(sentence, key, kind).unwrap().text
}

#[test]
fn a_name_and_a_word_that_can_be_a_verb_is_no_plain_subject() {
    let got = ask(
        "Tidewater reports stuck uploads with the code E104.",
        "E104",
        &SpanKind::Name,
    );
    assert!(
        got.as_ref()
            .is_none_or(|s| !s.text.contains("does Tidewater reports")),
        "{got:?}"
    );
}

#[test]
fn fronting_only_a_plain_subject_and_one_verb() {
    let got = text(
        "Everything is internationalized and made available in a great many languages.",
        "languages",
        &SpanKind::Term,
    );
    assert!(
        !got.contains("many what") && !got.contains("great many?"),
        "{got}"
    );
    assert!(got.ends_with("in what?"), "{got}");
    let got = text(
        "The virtual qemu-kvm package only provides an executable able to start a machine.",
        "virtual qemu-kvm package",
        &SpanKind::Term,
    );
    assert!(!got.starts_with("Which only"), "{got}");
    let got = ask(
        "In practice many packages will not need to perform an action at every step.",
        "step",
        &SpanKind::Term,
    )
    .map(|s| s.text)
    .unwrap_or_default();
    assert!(!got.starts_with("At what will in practice"), "{got}");
}

#[test]
fn a_subject_before_is_that_is_not_asked_what() {
    let got = text(
        "The second major enhancement is that SQLite now supports recursive triggers.",
        "second major enhancement",
        &SpanKind::Term,
    );
    assert!(!got.starts_with("What is that"), "{got}");
    let got = ask(
        "By selecting an alternative sqlite3_vfs using the sqlite3_open_v2() interface, \
         an application can use other locking protocols.",
        "sqlite3_vfs",
        &SpanKind::Code,
    );
    assert!(
        got.as_ref()
            .is_none_or(|s| !s.text.contains("which alternative")),
        "{got:?}"
    );
    let got = ask(
        "The easiest way is to configure everything within the user account.",
        "easiest way",
        &SpanKind::Term,
    );
    assert!(
        got.as_ref()
            .is_none_or(|s| !s.text.starts_with("What is to")),
        "{got:?}"
    );
    let got = text(
        "Running ./easyrsa build-server-full nopass will ask you about the common name.",
        "common name",
        &SpanKind::Term,
    );
    assert!(got.contains("will running ./easyrsa"), "{got}");
}

#[test]
fn a_key_inside_a_compound_is_not_asked() {
    let sentence = "Only two answers matter for an Internet-connected server: Internet site \
                    and Internet with smarthost.";
    let start = sentence.find("Internet site").unwrap();
    assert!(
        write(
            sentence,
            start,
            start + "Internet".len(),
            &SpanKind::Name,
            ""
        )
        .is_none()
    );
}

#[test]
fn subjects_become_what_questions() {
    assert_eq!(
        text(
            "Aptitude is an interactive front end to the package manager.",
            "Aptitude",
            &SpanKind::Name
        ),
        "What is an interactive front end to the package manager?"
    );
    assert_eq!(
        text(
            "The journal_mode pragma sets how the rollback journal is kept.",
            "journal_mode",
            &SpanKind::Code
        ),
        "Which pragma sets how the rollback journal is kept?"
    );
    assert_eq!(
        text(
            "The sqlite3_db_status() routine returns an error code on failure.",
            "sqlite3_db_status()",
            &SpanKind::Code
        ),
        "Which routine returns an error code on failure?"
    );
}

#[test]
fn have_with_an_object_is_the_verb() {
    let sentence = "Every ordinary table has a rowid column.";
    assert_eq!(
        text(sentence, "rowid column", &SpanKind::Term),
        "What does every ordinary table have?"
    );
    let sentence = "The journal has been written to the disk.";
    assert_eq!(
        text(sentence, "the disk", &SpanKind::Term),
        "To what has the journal been written?"
    );
}

#[test]
fn broken_sentences_are_not_asked() {
    // The verb taken is not the sentence's first; a sentence without a subject; a pointer.
    let sentence = "The DELETE command removes records from the table identified by the name.";
    let stem = text(sentence, "the name", &SpanKind::Term);
    assert!(!stem.contains("does the DELETE command removes"), "{stem}");
    let sentence = "Atomically release the mutex and begin waiting on the signal.";
    let asked = ask(sentence, "signal", &SpanKind::Term).map(|s| s.text);
    assert!(
        asked
            .as_deref()
            .is_none_or(|t| !t.starts_with("On what does")),
        "{asked:?}"
    );
    let sentence = "See the Conflicting binary packages section for more information.";
    assert_eq!(ask(sentence, "Conflicting", &SpanKind::Name), None);
    // A pointer by its subject: the key is a link's text.
    let sentence = "Additional information is available at Limits in SQLite.";
    assert_eq!(ask(sentence, "Limits", &SpanKind::Term), None);
    let sentence = "For details on the trigger syntax, read the CREATE TRIGGER page.";
    assert_eq!(ask(sentence, "CREATE TRIGGER page", &SpanKind::Term), None);
    // A sentence that ends by pointing to a list it does not hold.
    let sentence = "The tutorial contents can trace its origin and its inspiration in followings.";
    assert_eq!(ask(sentence, "tutorial contents", &SpanKind::Term), None);
    let sentence = "The packages that provide the web server are listed below.";
    assert_eq!(ask(sentence, "web server", &SpanKind::Term), None);
    // … not a sentence that only starts alike.
    let sentence = "For more than ten years the project has released a stable version.";
    assert!(ask(sentence, "stable version", &SpanKind::Term).is_some());
}

#[test]
fn final_spans_are_fronted_with_their_preposition() {
    let path = "The list of package sources is kept in /etc/apt/sources.list.";
    assert_eq!(
        ask(path, "/etc/apt/sources.list", &SpanKind::Path),
        Some(Stem {
            lead: None,
            text: "In which file or directory is the list of package sources kept?".into(),
            form: Form::Fronted
        })
    );
    assert_eq!(
        text(
            "The Debian project was founded in 1993.",
            "1993",
            &SpanKind::Year
        ),
        "In which year was the Debian project founded?"
    );
    // "Security" is lowered where its passage writes it so; "Debian" is kept.
    let sentence = "Security updates for a stable release are provided for 3 years.";
    let start = sentence.find("3 years").unwrap();
    let quantity = SpanKind::Quantity("year".into());
    let context = "Other security fixes come later.";
    assert_eq!(
        write(sentence, start, start + 7, &quantity, context).map(|s| s.text),
        Some("For how many years are security updates for a stable release provided?".into())
    );
    assert_eq!(
        write(sentence, start, start + 7, &quantity, sentence).map(|s| s.text),
        Some("For how many years are Security updates for a stable release provided?".into())
    );
    assert_eq!(
        text(
            "SQLite stores each database in a single ordinary disk file.",
            "single ordinary disk file",
            &SpanKind::Term
        ),
        "In what does SQLite store each database?"
    );
    assert_eq!(
        text(
            "An index can cover 64 columns.",
            "64 columns",
            &SpanKind::Quantity("column".into())
        ),
        "How many columns can an index cover?"
    );
    // A plural noun is no verb; a relative clause is no plain subject.
    assert_eq!(
        ask(
            "Package files contain the maintainer scripts.",
            "maintainer scripts",
            &SpanKind::Term
        )
        .map(|s| s.form),
        Some(Form::InPlace)
    );
    assert_eq!(
        ask(
            "The file that is opened first is kept in /var/lib/dpkg.",
            "/var/lib/dpkg",
            &SpanKind::Path
        )
        .map(|s| s.form),
        Some(Form::InPlace)
    );
}

#[test]
fn other_spans_are_asked_for_where_they_stand() {
    assert_eq!(
        ask(
            "The pager keeps a journal file until the transaction commits.",
            "journal file",
            &SpanKind::Term
        ),
        Some(Stem {
            lead: None,
            text: "The pager keeps what until the transaction commits?".into(),
            form: Form::InPlace
        })
    );
    assert_eq!(
        text(
            "You run the VACUUM command after deleting many rows.",
            "VACUUM",
            &SpanKind::Name
        ),
        "You run which command after deleting many rows?"
    );
    // A command is no question: "Run which command after …?".
    assert_eq!(
        ask(
            "Run the VACUUM command after deleting many rows.",
            "VACUUM",
            &SpanKind::Name
        ),
        None
    );
    // Quotes and a quantifier go with the key; punctuation keeps its place.
    assert_eq!(
        text(
            "The recovered rows go to a table named \"lost_and_found\", unless one exists.",
            "lost_and_found",
            &SpanKind::Code
        ),
        "The recovered rows go to a table named what, unless one exists?"
    );
    assert_eq!(
        text(
            "Members of the consortium can call any developer at any time of day.",
            "developer",
            &SpanKind::Term
        ),
        "Members of the consortium can call what at any time of day?"
    );
}

#[test]
fn the_phrase_asked_in_place_stands_whole() {
    // "The Unix step" is no step called Unix; "the Team plan" is a plan called Team.
    let got = ask(
        "The Unix step is done quite normally with adduser.",
        "Unix",
        &SpanKind::Name,
    );
    assert!(
        got.as_ref()
            .is_none_or(|s| !s.text.starts_with("Which step")),
        "{got:?}"
    );
    assert!(
        text(
            "The Team plan includes the priority support for every seat.",
            "Team",
            &SpanKind::Name
        )
        .starts_with("Which plan includes"),
    );
    // "No other program …" is no name.
    assert!(
        text(
            "No other program should reference the files in /etc/skel.",
            "/etc/skel",
            &SpanKind::Path
        )
        .contains("should no other program"),
    );
    // "From what can the server be started running turnserver?": the preposition belongs to
    // the gerund's object, and the question is not turned around.
    let got = ask(
        "The server can be started running turnserver from the coturn package.",
        "coturn package",
        &SpanKind::Term,
    );
    assert!(
        got.as_ref()
            .is_none_or(|s| !s.text.starts_with("From what")),
        "{got:?}"
    );
    // After a name or a code, before a noun or a relative clause: part of a phrase.
    for (sentence, key, kind) in [
        (
            "The user cannot or does not wish to do so for whatever reason.",
            "whatever reason",
            SpanKind::Term,
        ),
        (
            "Fossil frees resources to focus on the software under development.",
            "software",
            SpanKind::Term,
        ),
        (
            "The flag means the file cannot be changed even by processes with elevated privileges.",
            "processes",
            SpanKind::Term,
        ),
        (
            "The keywords at screen indicates that the margin is a fraction of the area.",
            "keywords",
            SpanKind::Term,
        ),
        (
            "The filename can be reused over subsequent plot commands, however save then only \
             records the name in a comment.",
            "subsequent plot commands",
            SpanKind::Term,
        ),
        (
            "IPsec, despite being the standard in IP VPNs, is rather involved.",
            "VPNs",
            SpanKind::Term,
        ),
        (
            "One can also use the tune2fs -o [no]acl /dev/device command to enable ACLs.",
            "/dev/device",
            SpanKind::Path,
        ),
        (
            "The size of each page is as configured by the FTS5 pgsz option.",
            "FTS5",
            SpanKind::Name,
        ),
        (
            "The variable will be set to the number of times that the X-th loop has run.",
            "X-th",
            SpanKind::Code,
        ),
        (
            "To avoid attacks from miscreants who are able to specify patterns, the length is limited.",
            "miscreants",
            SpanKind::Term,
        ),
    ] {
        assert_eq!(ask(sentence, key, &kind), None, "{sentence}");
    }
    // After a verb or a preposition, before a mark, a preposition or a verb with its
    // object: whole.
    assert_eq!(
        text(
            "A file named journal.db holds the journal.",
            "journal.db",
            &SpanKind::Code
        ),
        "A file named what holds the journal?"
    );
    assert_eq!(
        text(
            "Backups are kept for 30 days by default.",
            "30 days",
            &SpanKind::Quantity("day".into())
        ),
        "Backups are kept for how many days by default?"
    );
}

#[test]
fn a_noun_is_no_verb_and_a_verb_after_a_name_is_inside_the_subject() {
    let got = ask(
        "The code generator in SQLite processes compound SELECT statements using a recursive algorithm.",
        "recursive algorithm",
        &SpanKind::Term,
    )
    .map(|s| s.text)
    .unwrap_or_default();
    assert!(!got.contains("does the code generator"), "{got}");
    assert_eq!(
        text(
            "The pager stores each page in a cache.",
            "cache",
            &SpanKind::Term
        ),
        "In what does the pager store each page?"
    );
}

mod refused;

#[test]
fn an_ordinary_phrase_before_a_category_noun_is_not_asked_which() {
    let sentence = "One bug could in theory result in a corrupt database file if power was lost.";
    assert_eq!(ask(sentence, "corrupt database", &SpanKind::Term), None);
    // A name before it is one of its kind: "the VACUUM command" asks "which command".
    let got = text(
        "The VACUUM command rebuilds the database file.",
        "VACUUM",
        &SpanKind::Name,
    );
    assert!(got.starts_with("Which command"), "{got}");
}

#[test]
fn adverbs_between_the_subject_and_its_verb_keep_it_a_subject() {
    let got = ask(
        "The rsync process then only replaces files that have been modified since the last backup.",
        "rsync process",
        &SpanKind::Term,
    )
    .unwrap();
    assert_eq!(got.form, Form::Subject, "{got:?}");
    assert_eq!(
        got.text,
        "What then only replaces files that have been modified since the last backup?"
    );
    // A state after "is" is asked for no place: "Under what is … no longer?" is no question.
    let got = ask(
        "The generated shell.c file is no longer under source management.",
        "source management",
        &SpanKind::Term,
    );
    assert!(
        got.as_ref()
            .is_none_or(|s| !s.text.starts_with("Under what")),
        "{got:?}"
    );
    // … while a participle after "is" keeps its place: "In what is the list kept?".
    let got = text(
        "The package list is kept in a plain file.",
        "plain file",
        &SpanKind::Term,
    );
    assert_eq!(got, "In what is the package list kept?");
}

#[test]
fn a_question_word_inside_the_subject_is_turned_or_blanked() {
    // The two sides of "is" change places where the other side is a plain noun phrase.
    let turned = ask(
        "The usual cause of sync conflicts is a full outbox folder.",
        "sync conflicts",
        &SpanKind::Term,
    )
    .unwrap();
    assert_eq!(
        turned.text,
        "A full outbox folder is the usual cause of what?"
    );
    assert_eq!(turned.form, Form::InPlace);
    // Elsewhere the sentence is blanked: inside a subject that is no "is" …
    let blanked = ask(
        "Prior to version 3.11.0, the arguments to fts3_tokenizer could be literal strings.",
        "fts3_tokenizer",
        &SpanKind::Code,
    )
    .unwrap();
    assert_eq!(blanked.form, Form::Blank);
    assert!(
        blanked.text.contains("the arguments to _____ could be"),
        "{}",
        blanked.text
    );
    // Inside an opening phrase or clause before its comma the question word asks nothing, and
    // the sentence blanked would splice two clauses at the comma: no question.
    for (sentence, key) in [
        (
            "Since version 1.0, the nftables framework is used by default.",
            "version 1.0",
        ),
        (
            "Because the index is smaller than the journal, the FTS table will be updated first.",
            "journal",
        ),
    ] {
        assert_eq!(ask(sentence, key, &SpanKind::Term), None, "{sentence}");
    }
}

#[test]
fn a_blank_takes_the_article_before_its_key() {
    let stem = ask(
        "The orientation, which may be any angle, is set by the rotate option.",
        "orientation",
        &SpanKind::Term,
    )
    .unwrap();
    assert_eq!(stem.form, Form::Blank);
    assert_eq!(
        stem.text,
        "What fills the blank in “_____, which may be any angle, is set by the rotate option”?"
    );
}

#[test]
fn a_choice_carries_the_article_its_blank_took_in() {
    let stem = ask(
        "A minimal configuration requires describing the range of addresses.",
        "minimal configuration",
        &SpanKind::Term,
    )
    .unwrap();
    assert_eq!(stem.form, Form::Blank);
    assert_eq!(stem.lead.as_deref(), Some("a"));
    assert_eq!(
        with_lead("a", "minimal configuration"),
        "a minimal configuration"
    );
    assert_eq!(with_lead("a", "index"), "an index");
    assert_eq!(with_lead("a", "user"), "a user");
    assert_eq!(with_lead("an", "hour"), "an hour");
    assert_eq!(with_lead("a", "SQL statement"), "an SQL statement");
    assert_eq!(with_lead("a", "DNS server"), "a DNS server");
    assert_eq!(with_lead("the", "orientation"), "the orientation");
}

#[test]
fn a_subject_that_denies_is_not_turned_around() {
    let stem = ask(
        "Neither routine includes the overhead associated with the page cache.",
        "page cache",
        &SpanKind::Term,
    )
    .unwrap();
    assert_eq!(
        stem.text,
        "Neither routine includes the overhead associated with what?"
    );
}
