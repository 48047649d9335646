//! Which sentences are statements worth a question, and which are headings, labels,
//! instructions or halves.

use super::*;

#[test]
fn instructions_and_glued_headings_are_no_statements() {
    for sentence in [
        "Skip NULL entries on range queries in indexes on expressions.",
        "Rather, the flag indicates that the combination of parameters is insufficient.",
        "Where NAME is the name of the syntax diagram and FILE is the name of the file.",
        "Write 1 or 0 into the register if the checkpoint returns busy or not.",
        "Tip You can configure the printing system with a web browser at port 631.",
        "Note Please note that success is treated as the logical true value here.",
        "Fix a bug in the query planner that could cause a wrong answer.",
        "Bug fix: the query planner could choose a wrong index in rare cases.",
        "Tip Dependency resolution is done by apt before any package is unpacked.",
        "Tip ntptrace(8) in the ntp package can trace a chain of NTP servers to the source.",
        "Warning APT will remove the packages that depend on the package you remove.",
        "Minor tic marks around the perimeter of a polar plot are controlled by by set mttics.",
        "Must be one of manual, ours, theirs, union, or the default value.",
        "Enables trace messages after Git has completed the whole operation.",
        "If set, applies to all commands generating the diff output format.",
        "URI and label (title) for the Git logo link in the page header of gitweb.",
        "A simple CGI program to serve the repository over the web server.",
        "VOCABULARY The main, contrib and non-free archives are the three sections.",
        "Treats lines with the indicated type of whitespace as unchanged for the diff.",
        "Standard interfaces The material presented here represents the standard.",
        "Useful on filesystems like FAT that do not support symbolic links at all.",
        "When copying notes during a rewrite, specifies the ref to copy the notes to.",
        "What needs to happen next: the proposal needs to be reviewed and seconded.",
        "The number of files to consider in the rename detection during a merge.",
        "Rowid Store in register P2 an integer which is the key of the table entry.",
        "Connections hold an exclusive lock when change in between WAL mode and rollback.",
        "The default value for the limit is set high enough so that is never reached.",
        "The default settings are color font Arial size 1024,768 Selecting default sets all.",
        "DeferredSeek P1 is an open index cursor and P3 is a cursor on the corresponding table.",
        "Additionally, for non-native packages, the upstream version must not be reused.",
        "The C library routine always use a hyphen character to indicate a negative number.",
        "The restriction directives causes the server to reject the message.",
        "The library provides virtual tables and modules that allows queries against remote data.",
        "These options has no effect when the daemon runs in the foreground.",
        "All the packages in the archive is signed with the key of the release team.",
        "The margins option allows to reserve a minimal number of columns and rows.",
        "Debian contributors also benefit from a cleaner workflow thanks the merge request process.",
        "The lines are extended so that the step is centered on at x by the plotting code.",
        "The database page size in bytes, or 1 if the page size is 65536.",
    ] {
        assert!(!question_worthy(sentence), "{sentence}");
    }
    for sentence in [
        "Support for internationalization includes UTF-8 and user defined collations.",
        "Debian Project members elect a leader every year by a vote of all developers.",
        "The pager keeps a rollback journal until the transaction commits.",
        "Free Software Foundation members wrote the first version of the license.",
        "Users require replacements for Microsoft tools such as Word and Excel.",
        "The server, which runs on port 80, answers every request in turn.",
        "Once enabled, the program writes its log to the disk.",
        "The option is ignored when set to zero by the administrator.",
        "A while loop in the script reads the file line by line.",
        "The daemon stops when memory in the pool runs out.",
        "The limit is set high enough so that it is never reached in practice.",
        "The C library routine always uses a hyphen character to indicate a negative number.",
        "The restriction directives cause the server to reject the message.",
        "The library provides virtual tables and modules that allow queries against remote data.",
        "The list of files contains every path the package installs on the system.",
        "The settings files contain the defaults that the daemon reads at start-up.",
        "SQLite keeps the names of the tables, which is enough to rebuild the schema later.",
        "The kernel keeps track of the processes that users start from the shell.",
        "The data show a clear trend over the whole period of the study.",
        "The Debian project thanks the many volunteers who translated the manual.",
        "The margins option allows the user to reserve a number of columns and rows.",
        "The options you give the program change its default behaviour entirely.",
        "Warning messages are written to the system log by the daemon in every case.",
        "The file is stored where the daemon can read it at start-up.",
        "Systems where swap is disabled run out of memory sooner than the others.",
        "Warning messages, errors and notices go to the system log of the machine.",
        "The installer is sure that that file had had its permissions changed twice.",
        "The backup depends on at least one mirror being reachable from the server.",
        "The schedule is based on the load measured at boot by the daemon.",
        "The pager rebuilds the index if the journal is missing.",
    ] {
        assert!(question_worthy(sentence), "{sentence}");
    }
    let page = "Support is provided by Hwaci, a company with headquarters in\n\nCharlotte, \
                North Carolina and has been in business since 1992. Hwaci has a team.";
    let second = page.find("Charlotte").unwrap();
    assert!(continues_another(page, second));
    assert!(!continues_another(page, page.find("Hwaci has").unwrap()));
    assert!(!continues_another(
        "About The Team\n\nHwaci has a team.",
        16
    ));
}
