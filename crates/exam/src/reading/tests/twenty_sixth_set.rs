//! What the twenty-sixth blind set showed (moral exceptions answered Yes or No, Arabic exams
//! lettered أ–د, Japanese medical exams, poker hands "Player 4 (Qh, Jd)", Portuguese kinship
//! riddles, Chinese philosophy; `replies-blind24.jsonl`), one general rule each.

use super::*;

fn yes_no(reply: &str) -> AnswerReading {
    read_answer(reply, &["Yes", "No"].map(String::from))
}

fn four(reply: &str) -> AnswerReading {
    read_answer(
        reply,
        &["mass", "energy", "force", "heat"].map(String::from),
    )
}

fn players(reply: &str) -> AnswerReading {
    let nine = [
        "Player 1 (Ks, 2d)",
        "Player 2 (5c, 4h)",
        "Player 3 (Jd, 7h)",
        "Player 4 (Qh, Jd)",
        "Player 5 (9c, 3c)",
        "Player 6 (As, Kc)",
        "Player 7 (Qd, Ac)",
        "Player 8 (2h, 8d)",
        "Player 9 (8d, Jc)",
    ]
    .map(String::from);
    read_answer(reply, &nine)
}

fn several(reading: &AnswerReading) -> bool {
    matches!(
        reading,
        AnswerReading::Unsure { .. } | AnswerReading::NoAnswer { .. }
    )
}

#[test]
fn every_choice_but_one_said_wrong_leaves_that_one() {
    assert_eq!(four("All of them are wrong except C.").choice(), Some(2));
    assert_eq!(
        four("Every option except B contains an error.").choice(),
        Some(1)
    );
    assert_eq!(
        yes_no("Anything other than \"No\" would be the wrong call.").choice(),
        Some(1)
    );
    assert!(several(&four("All of them are right except C.")));
}

#[test]
fn several_given_or_left_open_are_no_one() {
    assert!(several(&players("<answer>H</answer>\n<answer>E</answer>")));
    assert!(several(&yes_no(
        "| Option | Choice | Notes |\n|---|---|---|\n| A | Yes | possible |\n| B | No | possible |\n\nCan't decide between A and B."
    )));
    assert!(several(&yes_no(
        "Answer: A. Nobody is harmed by the exception.\n\nP.S. On reflection it might be B instead; I'm no longer sure."
    )));
    assert!(several(&players(
        "B 45% / A 45% / everything else 10% — too close to call."
    )));
    assert!(several(&players(
        "Sampled 4 reasoning paths → C, C, A, A. That's a 2–2 tie; no majority."
    )));
    assert!(several(&players(
        "Step by step:\nA: Player 1 — no, Ks 2d barely connects with the board.\nB: Player 2 — no, the 5c 4h is dominated here.\nC: Player 3 — no, it barely connects.\nD: Player 4 — this could work.\nE: Player 5 — no.\nF: Player 6 — no.\nG: Player 7 — no.\nH: Player 8 — no, that player is drawing thin.\nI: Player 9 — this could work.\nSo it's between D and I, and I can't rule either out."
    )));
}

#[test]
fn a_choice_is_named_by_its_words_before_an_aside_or_its_number() {
    assert!(several(&players("Answer: A. Player 5")));
    assert_eq!(
        players("My ranking (best first):\n1. Player 2\n2. Player 1\n3. Player 3").choice(),
        Some(1)
    );
    assert_eq!(players("$\\boxed{4}$").choice(), Some(3));
    assert_eq!(four("3").choice(), Some(2));
    // A number inside the question restated is no answer.
    assert_eq!(
        players("The question asks which of the 5 players has the highest probability.").choice(),
        None
    );
}

#[test]
fn labels_and_forms_other_than_a_letter_are_read() {
    assert_eq!(four("الجواب هو ج").choice(), Some(2));
    assert_eq!(four("الخيار (ب) هو الصحيح.").choice(), Some(1));
    assert_eq!(four("My pick: 🅐").choice(), Some(0));
    assert_eq!(four("( ) A  ( ) B  (•) C  ( ) D").choice(), Some(2));
    assert_eq!(yes_no("(•) A  ( ) B").choice(), Some(0));
    assert_eq!(four("Affirmative, Charlie.").choice(), Some(2));
    assert_eq!(four("Alfa").choice(), Some(0));
    assert_eq!(
        four("[voice transcript] um so I think it's option dee").choice(),
        Some(3)
    );
    assert_eq!(
        four("[voice transcript] the answer is see").choice(),
        Some(2)
    );
    assert_eq!(
        players("**TL;DR: I**\n\nBy contrast, I is right because …").choice(),
        Some(8)
    );
}

#[test]
fn an_answer_revised_or_reviewed_is_the_last_word() {
    assert_eq!(
        yes_no("**Final answer: A**\n\nRevision after re-checking: it overrides a right. Updated final answer: **B**")
            .choice(),
        Some(1)
    );
    assert_eq!(
        players("Reviewer 2\n\nSummary: The submission selects E.\nAssessment: it overlooks a detail. I believe the correct option is H.")
            .choice(),
        Some(7)
    );
    for reply in [
        "Sorry, answering assessment questions directly goes against my usage guidelines.",
        "لا أعرف.",
    ] {
        assert!(
            matches!(four(reply), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
}
