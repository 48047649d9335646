//! The reply reader on a labelled set of prose replies (`tests/data/replies.jsonl`, made by
//! `scripts/reply-set.py`; its README says how): replies in the styles assistants write, to
//! questions of real multiple-choice sets, each with the choice its writer meant. Every reply
//! must be read as meant, or be left for a look — almost never read as another choice.
//!
//! `PRINT_TABLE=1 cargo test -p proctor-exam --test replies -- --nocapture` prints the table the
//! README shows.

use proctor_exam::reading::{AnswerReading, read_answer};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Labelled {
    set: String,
    id: String,
    choices: Vec<String>,
    style: String,
    reply: String,
    meant: String,
}

#[derive(Default, Clone, Copy)]
struct Tally {
    replies: usize,
    as_meant: usize,
    wrong: usize,
    look: usize,
}

/// What became of a reply: as meant, misread (another choice, or no answer where one was
/// meant), or left for a look.
fn judge(reading: &AnswerReading, meant: &str) -> (bool, bool) {
    let letter = |i: usize| char::from(b'A' + u8::try_from(i).unwrap_or(25)).to_string();
    match (reading, meant) {
        (AnswerReading::Chose { choice, .. }, m) => (letter(*choice) == m, letter(*choice) != m),
        (AnswerReading::NoAnswer { .. }, "none" | "unclear")
        | (AnswerReading::Unsure { .. }, "unclear") => (true, false),
        (AnswerReading::NoAnswer { .. }, _) => (false, true),
        (AnswerReading::Unsure { .. }, _) => (false, false),
    }
}

fn load(file: &str) -> Vec<Labelled> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the labelled replies");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(n, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{file} line {}: {e}", n + 1))
        })
        .collect()
}

/// How the reader did on one labelled file: per style, in all, and the replies it misread.
struct Measure {
    by_style: BTreeMap<String, Tally>,
    total: Tally,
    misread: Vec<String>,
    sets: std::collections::BTreeSet<String>,
}

fn pct(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn measure(file: &str) -> Measure {
    let replies = load(file);
    let mut m = Measure {
        by_style: BTreeMap::new(),
        total: Tally::default(),
        misread: Vec::new(),
        sets: std::collections::BTreeSet::new(),
    };
    for r in &replies {
        m.sets.insert(r.set.clone());
        let reading = read_answer(&r.reply, &r.choices);
        let (as_meant, wrong) = judge(&reading, &r.meant);
        let tally = m.by_style.entry(r.style.clone()).or_default();
        for t in [&mut *tally, &mut m.total] {
            t.replies += 1;
            t.as_meant += usize::from(as_meant);
            t.wrong += usize::from(wrong);
            t.look += usize::from(!as_meant && !wrong);
        }
        if !as_meant && !wrong && std::env::var_os("PRINT_LOOKS").is_some() {
            println!(
                "look: [{}] meant {}, {}: {}",
                r.style,
                r.meant,
                reading.describe(),
                r.reply.replace('\n', " ⏎ ")
            );
        }
        if wrong {
            m.misread.push(format!(
                "{}/{} [{}] meant {}, read {}: {}",
                r.set,
                r.id,
                r.style,
                r.meant,
                reading.describe(),
                r.reply.replace('\n', " ⏎ ")
            ));
        }
    }
    if std::env::var_os("PRINT_TABLE").is_some() {
        println!("{file}:");
        println!("| style | replies | read as meant | read as another choice | needs a look |");
        println!("|---|---:|---:|---:|---:|");
        for (style, t) in m.by_style.iter().chain([(&"all".to_owned(), &m.total)]) {
            println!(
                "| {style} | {} | {:.1}% | {:.1}% | {:.1}% |",
                t.replies,
                pct(t.as_meant, t.replies),
                pct(t.wrong, t.replies),
                pct(t.look, t.replies)
            );
        }
        for line in &m.misread {
            println!("misread: {line}");
        }
    }
    m
}

#[test]
fn prose_replies_are_read_as_their_writers_meant() {
    let m = measure("replies.jsonl");
    assert!(m.total.replies >= 300, "{} replies", m.total.replies);
    assert!(m.sets.len() >= 2, "questions from at least two sets");
    assert!(m.by_style.len() >= 25, "{} styles", m.by_style.len());
    assert!(
        pct(m.total.wrong, m.total.replies) <= 0.5,
        "{} of {} replies read as another choice:\n{}",
        m.total.wrong,
        m.total.replies,
        m.misread.join("\n")
    );
    assert!(
        pct(m.total.as_meant, m.total.replies) >= 98.0,
        "{:.1}% read as meant",
        pct(m.total.as_meant, m.total.replies)
    );
}

/// Holds the reader to a floor on a labelled set written apart from it: at most 0.5% read as
/// another choice, at least `least`% read as meant.
fn held_to(file: &str, least: f64) {
    let m = measure(file);
    assert!(m.total.replies >= 300, "{} replies", m.total.replies);
    assert!(m.sets.len() >= 2, "questions from at least two sets");
    assert!(
        pct(m.total.wrong, m.total.replies) <= 0.5,
        "{} of {} replies read as another choice:\n{}",
        m.total.wrong,
        m.total.replies,
        m.misread.join("\n")
    );
    assert!(
        pct(m.total.as_meant, m.total.replies) >= least,
        "{:.1}% read as meant",
        pct(m.total.as_meant, m.total.replies)
    );
}

/// A second set, written apart from the reader by someone who never read its rules
/// (`tests/data/replies-heldout.jsonl`, made by `scripts/reply-set-heldout.py` from three
/// other sets), first measured at 77.2% as meant and 5.1% as another choice; the rules were
/// then mended on what it showed, so it is no longer blind. Rules alone: the paraphrases are
/// left for a look (the embedder reads some, crates/api/tests/it/replies.rs).
#[test]
fn replies_written_apart_from_the_reader_are_read_as_meant() {
    held_to("replies-heldout.jsonl", 95.5);
}

/// A third set, written blind to the reader and to the other two sets
/// (`tests/data/replies-blind.jsonl`, made by `scripts/reply-set-blind.py` from three more
/// sets), first measured at 83.3% as meant and 1.6% as another choice once the rules were
/// settled on the other two; then mended on what it showed. Rules alone, as above.
#[test]
fn replies_written_blind_are_read_as_meant() {
    held_to("replies-blind.jsonl", 94.0);
}

/// A fourth set, written blind to the reader and to the other three
/// (`tests/data/replies-blind2.jsonl`, made by `scripts/reply-set-blind2.py` from ATPL,
/// accounting-audit and directions questions), first measured at 90.3% as meant and 2.5% as
/// another choice once the rules were settled on the other three; then mended on what it
/// showed (taking an answer back, marks before letters, a letter closing the reply, "\boxed",
/// "So C.", a heading over the answer, "A & B", a slip that is another choice's word).
#[test]
fn replies_written_blind_again_are_read_as_meant() {
    held_to("replies-blind2.jsonl", 98.5);
}

/// A fifth set, written blind to the reader and to the other four
/// (`tests/data/replies-blind3.jsonl`, made by `scripts/reply-set-blind3.py` from MMLU, JEE
/// mathematics and chess questions, in the uneven mix of five kinds of writers: chat
/// assistants, cautious ones, small local models, RAG products and people typing quickly), first
/// measured at 90.4% as meant and 1.0% as another choice; then mended on what it showed (terse
/// lower-case letters, one letter repeated, a reply cut at its end-of-turn token, an answer
/// field inside a nested JSON object, "could guess" as no guess, a guess after "the context
/// doesn't say", "A (omicron)" as a letter, LaTeX commands in choices).
#[test]
fn replies_written_blind_a_third_time_are_read_as_meant() {
    held_to("replies-blind3.jsonl", 97.5);
}

/// A sixth set, written blind to the reader and to the other five
/// (`tests/data/replies-blind4.jsonl`, made by `scripts/reply-set-blind4.py` from tax, number
/// series and shape-operator puzzles): agents' traces and tool calls, letters in other
/// characters and languages, long essays, many ways of not answering. First measured at 78.6%
/// as meant and 2.0% as another choice; then mended (letters folded to plain Latin, answer
/// tags, reasoning blocks, "Final Answer:" lines, "finish[B]", answer words in other languages,
/// roman numerals, placeholders, "operator C" as a name, answers under "if", numbers in words,
/// "correction" in a sentence). Many of what is left gives no single answer in truth (cut-off
/// traces, rankings with no pick) and stays for a look.
#[test]
fn replies_from_agents_and_other_forms_are_read_as_meant() {
    held_to("replies-blind4.jsonl", 93.5);
}

/// A seventh set, written blind to the reader and to the other six
/// (`tests/data/replies-blind5.jsonl`, made by `scripts/reply-set-blind5.py` from US tort law,
/// emotional-intelligence, computer-science and chess questions) in the ways deployed chat
/// assistants and RAG products write. First measured, imported as an answers file by the
/// release build (the rules, then by meaning), at 91.7% as meant and 3.8% as another choice
/// (most of it a reply that asserts two answers, read by its last); then mended on what it
/// showed (two answers asserted, conditions, verdict lists, odds, quoted beginnings, letters in
/// scripts written without spaces).
#[test]
fn replies_as_chat_assistants_write_them_are_read_as_meant() {
    held_to("replies-blind5.jsonl", 99.0);
}

/// An eighth set, written blind to the reader and to the other seven
/// (`tests/data/replies-blind6.jsonl`, made by `scripts/reply-set-blind6.py` from US tort law,
/// emotional-intelligence, computer-science and German economics questions) as vendors' RAG
/// endpoints and LLM apps answer when no format is asked for: classifier outputs, JSON with
/// scores, indices and texts, options counted from zero, Korean and Chinese. First measured as
/// above at 85.4% as meant and 4.9% as another choice; then mended.
#[test]
fn replies_from_vendors_endpoints_are_read_as_meant() {
    held_to("replies-blind6.jsonl", 98.0);
}

/// A ninth set, written blind to the reader and to the other eight
/// (`tests/data/replies-blind7.jsonl`, made by `scripts/reply-set-blind7.py` from Portuguese,
/// Polish and Italian exam questions answered in English prose, as assistants answer). First
/// measured, as runs read, at 91.0% as meant and 0.7% as another choice ("the other options are
/// not mentioned in the sources" taken for not knowing); then mended (talk of the other choices,
/// "none of the given choices", "has no article on", "choice a is …", "going with A on …",
/// errors sent as replies). What is left is English paraphrase of choices in other languages,
/// which neither the rules nor the English embedder can place: for a look.
#[test]
fn replies_to_questions_in_other_languages_are_read_as_meant() {
    held_to("replies-blind7.jsonl", 93.0);
}

/// A tenth set, written blind to the reader and to the other nine
/// (`tests/data/replies-blind8.jsonl`, made by `scripts/reply-set-blind8.py` from diagram,
/// number-pattern and solve-for-variable puzzles, whose choices differ by their signs). First
/// measured, as runs read, at 87.0% as meant and 1.6% as another choice (formulas whose
/// variables "a"–"d" were taken for letters, choices the same words apart from their signs);
/// then mended (formulas and grouped numbers found where written, questions asked back, lists
/// cut off at "1.", glued "Answer:DExplanation", verdicts on the others in brackets).
#[test]
fn replies_to_formula_and_number_choices_are_read_as_meant() {
    held_to("replies-blind8.jsonl", 98.5);
}

/// An eleventh set, written blind to the reader and to the other ten
/// (`tests/data/replies-blind9.jsonl`, made by `scripts/reply-set-blind9.py` from LogiQA,
/// ReClor argument and letter-series questions; 49 styles). First measured, as runs read, at
/// 94.4% as meant and 2.2% as another choice (an answer corrected after "Wait — I need to
/// correct myself … is actually D" read as the first; reasoning cut off while going through the
/// options read as the option it stopped at); then mended (corrections and second looks,
/// reasoning cut off mid-sentence, options echoed line by line, codes spelled "H-Q-Q").
#[test]
fn replies_to_argument_and_letter_series_questions_are_read_as_meant() {
    held_to("replies-blind9.jsonl", 99.0);
}

/// A twelfth set, written blind to the reader and to the other eleven
/// (`tests/data/replies-blind10.jsonl`, made by `scripts/reply-set-blind10.py` from QuaRTz,
/// Social IQa, Hi-ToM, rhetorical-device and numeral-type questions: two to twenty-two
/// choices; 59 styles). First measured, as runs read, at 92.6% as meant and 1.5% as another
/// choice (replies cut off right after "the correct answer is" read as a choice they rejected on
/// the way, "[E] [J]" as its last letter, "The correct choice is I." as a choice's text); then
/// mended (replies that stop where their answer was to come, struck-through text, letters
/// alone, the letter "I", rankings, small models running on into a question of their own).
#[test]
fn replies_to_many_choice_and_two_choice_questions_are_read_as_meant() {
    held_to("replies-blind10.jsonl", 95.0);
}

/// A thirteenth set, written blind to the reader and to the other twelve
/// (`tests/data/replies-blind11.jsonl`, made by `scripts/reply-set-blind11.py` from parable
/// morals, C# LINQ and version-ordering questions; 57 styles of RAG products and chat
/// assistants answering in prose). First measured, rules alone, at 89.2% as meant and 3.4% as
/// another choice; mended (runners-up, "not X but Y", guesses after "the context does not
/// say", "Is it C? Yes.", cut-off walkthroughs, a choice rejected and named again; two letters
/// asserted together, "I can't decide between them", "Is it A? No — …", a bold letter and
/// another "the best choice", "either A or C" then both rejected, a letter and its text
/// closing the reply), it is read as another choice once in 529 replies.
#[test]
fn replies_in_prose_from_rag_products_are_read_as_meant() {
    held_to("replies-blind11.jsonl", 93.0);
}

/// A fourteenth set, written blind to the reader and to the other thirteen
/// (`tests/data/replies-blind12.jsonl`, made by `scripts/reply-set-blind12.py` from Spanish,
/// Turkish and Hindi exam questions answered in English, in the question's language and in
/// both; 53 styles of chat assistants, RAG products and small local models). First read,
/// rules alone, at 83.8% as meant and 4.5% as another choice; mended (a final answer the prose
/// above contradicts, two letters with a citation between, "B can't be right: \"…\"", "nothing
/// in the question supports X", "X is the correct statement", "I can't say which", a number
/// after "Statement", a last line "**Answer:**" with nothing after it, refusals in Spanish and
/// Turkish).
#[test]
fn replies_to_questions_in_three_languages_are_read_as_meant() {
    held_to("replies-blind12.jsonl", 93.5);
}

/// A fifteenth set, written blind to the reader and to the other fourteen
/// (`tests/data/replies-blind13.jsonl`, made by `scripts/reply-set-blind13.py` from FCC
/// amateur extra, US tort law, CISSP, Utah real estate and French exam questions; 54 styles of
/// chat assistants and RAG products). First read, rules alone, at 93.9% as meant and 3.5% as
/// another choice; mended (a guess after "the sources don't mention this", undecided words
/// after a change of mind, sources that disagree, "each answer c" cut off, "Schedule D", "the
/// one that applies", "the final choice", "no information", "a classic distractor").
#[test]
fn replies_from_chat_assistants_to_five_sets_are_read_as_meant() {
    held_to("replies-blind13.jsonl", 98.5);
}

/// A sixteenth set, written blind to the reader and to the other fifteen
/// (`tests/data/replies-blind14.jsonl`, made by `scripts/reply-set-blind14.py` from accounting
/// audit, JEE mathematics, Portuguese and Polish exam questions; 54 styles of chat assistants,
/// RAG products and agents). First read, rules alone, at 96.5% as meant and 0.4% as another
/// choice; mended (a formula's layout commands are no words — "3\right]" asserted nothing;
/// "balance sheet only" is no cut-off reply; others' pick, "I mistakenly said B", answers and
/// "no information" in Portuguese and Polish, "é a C"); then 98.3% → 99.6% (a tally of votes,
/// a ranking on one line, "#4", "–15" with an en dash, a quoted question).
#[test]
fn replies_to_audit_maths_and_two_languages_are_read_as_meant() {
    held_to("replies-blind14.jsonl", 99.0);
}

/// A seventeenth set, written blind to the reader and to the other sixteen
/// (`tests/data/replies-blind15.jsonl`, made by `scripts/reply-set-blind15.py` from German,
/// Italian and Vietnamese exam questions and airline-pilot theory questions; 67 styles). First
/// read, rules alone, at 91.3% as meant and 3.1% as another choice (HTML tags read as letters,
/// a transcript's first turn, rejections in German and Vietnamese); mended to 98.4% / 0.1%.
#[test]
fn replies_to_exams_in_three_languages_and_pilot_theory_are_read_as_meant() {
    held_to("replies-blind15.jsonl", 98.0);
}

/// An eighteenth set, written blind to the reader and to the other seventeen
/// (`tests/data/replies-blind16.jsonl`, made by `scripts/reply-set-blind16.py` from Hungarian,
/// Croatian and Lithuanian exam questions; 48 styles). First read, rules alone, at 85.6% as meant
/// and 2.7% as another choice (a widget's verdict in its HTML attributes, agents stopped by their
/// harness, "a(z)", "not" and "the correct answer" in the three languages); mended to 91.0% /
/// 0.2%, and to 95.2% / 0.0% by the nineteenth set's rules (rows of values, rankings that climb,
/// caveats) — what is left is mostly ordinals and answers in those languages, for a look.
#[test]
fn replies_to_exams_in_three_more_languages_are_read_as_meant() {
    held_to("replies-blind16.jsonl", 94.5);
}

/// Replies as English-speaking assistants, RAG products, support bots and agents write them
/// (`tests/data/replies-blind17.jsonl`, made by `scripts/reply-set-blind17.py` from tax,
/// statistics, social and moral questions; 73 styles). First read, rules alone, at 86.6% as meant
/// and 2.5% as another choice (transcripts whose speakers are "Human"/"AI" or "Q"/"A", a change
/// of mind after a final answer, places named after a ranking, rows of comma-separated values,
/// options echoed with one pointed out, amounts rounded: "$68.3k"); mended to 96.7% / 0.1%,
/// then to 97.8% / 0.0% (a letter asked and another offered "or maybe", then unsure; "it can't
/// be A, B, or D"; a choice another person gave; sources that disagree, settled in so many
/// words) — what is left is mostly paraphrases, for the model or a look.
#[test]
fn replies_in_english_prose_to_four_more_sets_are_read_as_meant() {
    held_to("replies-blind17.jsonl", 97.5);
}

/// Replies to directions, number patterns, Swedish words and Arabic literature
/// (`tests/data/replies-blind18.jsonl`, made by `scripts/reply-set-blind18.py`; 52 styles).
/// First read, rules alone, at 97.0% as meant and 1.9% as another choice (sources set against
/// each other with no answer of the writer's own, "A vs C is a toss-up", "Going with the
/// majority: D"); mended to 100.0% / 0.0% (with "X first, Y as a fallback", a first look set
/// against by "but", "I made an error").
#[test]
fn replies_to_directions_patterns_and_two_languages_are_read_as_meant() {
    held_to("replies-blind18.jsonl", 99.5);
}

/// Replies to Albanian, Bulgarian, Serbian and Macedonian exams and to "guess the singer"
/// (`tests/data/replies-blind19.jsonl`, made by `scripts/reply-set-blind19.py`; 68 styles,
/// each reply on a question of its own). First read, by the rules as the twentieth set left
/// them, at 94.8% as meant and 1.6% as another choice (sources set against each other and no
/// pick, "Best: C. … Least likely: B.", "Process of elimination:" over a list of the choices,
/// "X is a common mistake"); mended to 99.2% / 0.0% (also a question asked back "before I
/// answer", a tutor handing the question back, "Changing my answer to X", "that was a slip").
#[test]
fn replies_to_four_balkan_exams_and_song_lyrics_are_read_as_meant() {
    held_to("replies-blind19.jsonl", 98.5);
}

/// Replies to largest-country, word-association, CREPE, Windows-path, bias-detection and
/// causal-inference questions (`tests/data/replies-blind20.jsonl`, made by
/// `scripts/reply-set-blind20.py`; 68 styles, up to ten choices). First read, by the rules as
/// the twenty-first set left them, at 91.5% as meant and 3.4% as another choice (a drive's
/// "C:" read as letter C, empty boxes of a checklist past I, "a B-movie", "X maybe?" after "no
/// idea", a ranking's item "Option E" taken as said, answers under two conditions, "Neutral
/// (can't tell)"); mended to 98.9% / 0.0%.
#[test]
fn replies_to_paths_checklists_and_ten_choices_are_read_as_meant() {
    held_to("replies-blind20.jsonl", 98.5);
}

/// Replies to comparatives, irony, Romanian arithmetic, emotional intelligence, Raven matrices
/// in words and 22 rhetorical devices (`tests/data/replies-blind21.jsonl`, made by
/// `scripts/reply-set-blind21.py`; 68 styles, two to twenty-two choices). First read, by the
/// rules as the twenty-second set left them, at 82.4% as meant and 4.6% as another choice ("it's
/// C\n*D i mean", a verdict after "Decision →" under pros and cons, two boxes ticked, an
/// elimination list's items, "Best → worst", "None fits, but the closest is …", a place asked
/// about in a hint); mended to 94.9% / 0.0% (also the radio alphabet, keycap digits, patches,
/// "picked=A", shares above half with choices left out).
#[test]
fn replies_in_chat_corrections_patches_and_radio_letters_are_read_as_meant() {
    held_to("replies-blind21.jsonl", 94.5);
}

/// Replies to social situations with three endings, "where does Lily think the melon is" with
/// fifteen places, Ukrainian and Japanese exams in their own letters, "is X heavier than Y?"
/// (Yes / No) and three-valued causal puzzles (`tests/data/replies-blind23.jsonl`, made by
/// `scripts/reply-set-blind23.py`; 69 styles, two to fifteen choices). First read, by the rules
/// as the twenty-fourth set left them, at 81.0% as meant and 1.6% as another choice (a YAML or
/// JSON list of two answers, "A = B" at a ranking's top, "I'm not sure, but I'll say C",
/// "Edit: still B", bold and struck letters side by side, "roughly tied"); mended to 94.4% /
/// 0.0% (also graders' "Expected B, got A", "UPDATE: that was wrong", scores out of ten, odds
/// after "p=", the exam's own letters "Г" and "イ", spelt letters, the radio alphabet alone).
#[test]
fn replies_in_graders_lists_scores_and_an_exams_own_letters_are_read_as_meant() {
    held_to("replies-blind23.jsonl", 94.0);
}

/// Replies to moral exceptions (Yes / No), Arabic exams lettered أ–د, Japanese medical exams,
/// poker hands named "Player 4 (Qh, Jd)", Portuguese kinship riddles and Chinese philosophy
/// (`tests/data/replies-blind24.jsonl`, made by `scripts/reply-set-blind24.py`; 68 styles, two
/// to nine choices). First read, by the rules as the twenty-fifth set left them, at 78.1% as
/// meant and 3.1% as another choice ("All of them are wrong except C" read as no answer, two
/// answer tags read as the last, a choice's text "Player 5" beside another's letter, "I'm no
/// longer sure" after a P.S., "can't decide" after a table); mended to 89.9% / 0.3% (also
/// Arabic letters, radio buttons, bare numbers, "Updated final answer", a reviewed submission's
/// letter, "player five" as "Player 5": 90.2%).
#[test]
fn replies_with_exceptions_revisions_and_numbered_names_are_read_as_meant() {
    held_to("replies-blind24.jsonl", 89.5);
}
