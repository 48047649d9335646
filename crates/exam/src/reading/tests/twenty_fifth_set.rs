//! What the twenty-fifth blind set showed (social situations with three endings, "where does
//! Lily think the melon is" with fifteen places, Ukrainian and Japanese exams, "is X heavier
//! than Y?" answered Yes or No, three-valued causal puzzles; `replies-blind23.jsonl`), one
//! general rule each.

use super::*;

fn three(reply: &str) -> AnswerReading {
    let endings = ["give the hat back", "destroy the hat", "chase them"].map(String::from);
    read_answer(reply, &endings)
}

fn yes_no(reply: &str) -> AnswerReading {
    read_answer(reply, &["Yes", "No"].map(String::from))
}

fn places(reply: &str) -> AnswerReading {
    let fifteen = [
        "green_drawer",
        "blue_cupboard",
        "red_box",
        "green_bucket",
        "blue_crate",
        "red_envelope",
        "green_basket",
        "blue_suitcase",
        "red_pantry",
        "green_cupboard",
        "blue_treasure_chest",
        "red_drawer",
        "green_envelope",
        "red_bottle",
        "blue_pantry",
    ]
    .map(String::from);
    read_answer(reply, &fifteen)
}

fn several(reading: &AnswerReading) -> bool {
    matches!(
        reading,
        AnswerReading::Unsure { .. } | AnswerReading::NoAnswer { .. }
    )
}

#[test]
fn a_grader_gives_the_key_and_someone_elses_answer() {
    assert_eq!(
        three("Verdict: INCORRECT. Expected B, got A.").choice(),
        Some(1)
    );
    assert_eq!(
        three("Grade: 0/1 — you chose A; the expected option was B.").choice(),
        Some(1)
    );
    assert_eq!(
        three("Student answer: A\nCorrect answer: B\nScore: 0/1").choice(),
        Some(1)
    );
}

#[test]
fn an_update_takes_back_and_still_keeps() {
    assert_eq!(
        places("H\n\nUPDATE: Sorry, that was wrong; the correct option is C.").choice(),
        Some(2)
    );
    assert_eq!(
        yes_no("Answer: B\n\nEdit: double-checked, still B.").choice(),
        Some(1)
    );
    // An update that says nothing of the answer takes nothing back by its words alone.
    assert_eq!(three("I'd go with C. Update: C it is.").choice(), Some(2));
}

#[test]
fn several_given_at_once_in_a_form_are_no_one() {
    assert!(several(&three("Ranking: A = B > C")));
    assert_eq!(three("Ranking: B > A = C").choice(), Some(1));
    assert!(several(&places(
        "answer:\n  - K\n  - A\nnote: could not decide between them"
    )));
    assert!(several(&places("**H** ~~I~~ **K** ~~N~~")));
    assert!(several(&three(
        r#"{"type": "tool_use", "name": "submit_answer", "input": {"answers": ["C", "B"]}}"#
    )));
    assert_eq!(three(r#"{"answers": ["C"]}"#).choice(), Some(2));
}

#[test]
fn odds_scores_and_a_completions_text_pick_their_top() {
    assert_eq!(
        three("P(A) = 12% | P(B) = 75% | P(C) = 13%").choice(),
        Some(1)
    );
    assert_eq!(
        places("Top tokens: A (p=0.85), D (p=0.07), E (p=0.07)").choice(),
        Some(0)
    );
    assert_eq!(
        three("Plausibility scores:\nA: 7/10\nB: 1/10\nC: 0/10").choice(),
        Some(0)
    );
    assert_eq!(
        three("Scoring each option:\nA → 5/10\nB → 6/10\nC → 10/10").choice(),
        Some(2)
    );
    assert_eq!(
        places("{\n  \"text\": \" L\",\n  \"logprobs\": {\"top_logprobs\": [{\" L\": -0.2, \" G\": -2.5}]}\n}")
            .choice(),
        Some(11)
    );
}

#[test]
fn labels_other_than_latin_letters_are_read() {
    let ukrainian = [
        "Павло Тичина",
        "Іван Багряний",
        "Юрій Яновський",
        "Євген Маланюк",
    ]
    .map(String::from);
    assert_eq!(read_answer("Г", &ukrainian).choice(), Some(3));
    assert_eq!(
        read_answer("В. Юрій Яновський", &ukrainian).choice(),
        Some(2)
    );
    let japanese = ["東京", "大阪", "京都", "奈良"].map(String::from);
    assert_eq!(read_answer("答え：イ", &japanese).choice(), Some(1));
    assert_eq!(three("Answer: Bravo").choice(), Some(1));
    assert_eq!(places("India — final answer.").choice(), Some(8));
    assert_eq!(three("I'd go with the letter see.").choice(), Some(2));
    assert_eq!(three("It's dee, final answer.").choice(), None);
    assert_eq!(places("It's dee, final answer.").choice(), Some(3));
    assert_eq!(three("(ii)").choice(), Some(1));
    assert_eq!(three("choices[0]  (0-indexed)").choice(), Some(0));
    assert_eq!(
        three("Q: What will Austin want to do next?\nA: B").choice(),
        Some(1)
    );
    assert_eq!(yes_no("Yess.").choice(), Some(0));
    assert_eq!(yes_no("Odpowiedź: Nie.").choice(), Some(1));
}

#[test]
fn phrases_that_decide_or_leave_open() {
    assert_eq!(three("I'm not sure, but I'll say C.").choice(), Some(2));
    assert_eq!(three("It's between B and A. B edges it.").choice(), Some(1));
    assert_eq!(three("B and C don't work. A does.").choice(), Some(0));
    assert_eq!(
        places("I initially thought K, but on reflection it's I.").choice(),
        Some(8)
    );
    assert_eq!(places("A and D don't work. C does.").choice(), Some(2));
    assert!(several(&yes_no(
        "B and A are both defensible here — I'd accept either."
    )));
    assert!(several(&yes_no("Verdict: B and A are roughly tied.")));
    assert!(several(&three(
        "Entweder A oder C – ich bin mir nicht sicher."
    )));
    assert!(matches!(
        yes_no("我不知道。"),
        AnswerReading::NoAnswer { .. }
    ));
}

#[test]
fn a_tick_drawn_in_latex_marks_its_item() {
    assert_eq!(
        three("\\begin{itemize}\n\\item[(A)] give the hat back\n\\item[(B)] destroy the hat \\quad $\\checkmark$\n\\item[(C)] chase them\n\\end{itemize}")
            .choice(),
        Some(1)
    );
}

#[test]
fn a_vendors_error_and_a_tutors_question_give_no_answer() {
    for reply in [
        "503 Service Unavailable",
        "[ERROR] This model's maximum context length is 4096 tokens.",
        "upstream connect error or disconnect/reset before headers.",
        r#"{"error": {"message": "Rate limit reached for requests", "code": "rate_limit_exceeded"}}"#,
        "Let's not jump to the answer yet. Look at option A again — what assumption does it make?",
    ] {
        assert!(
            matches!(three(reply), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
}
