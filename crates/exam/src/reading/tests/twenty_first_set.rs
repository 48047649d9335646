//! What the twenty-first blind set showed (Albanian, Bulgarian, Serbian and Macedonian exams,
//! guess the singer; `replies-blind19.jsonl`), one general rule each.

use super::*;

fn on(reply: &str) -> AnswerReading {
    let four = ["North", "South", "East", "West"].map(String::from);
    read_answer(reply, &four)
}

fn sung(reply: &str) -> AnswerReading {
    let three = ["lady gaga", "eminem", "drake"].map(String::from);
    read_answer(reply, &three)
}

#[test]
fn sources_set_against_each_other_and_no_pick_give_no_answer() {
    assert!(matches!(
        on(
            "The sources disagree: [1] supports choice B, whereas [2] supports D. Without further information I can't determine which one is correct."
        ),
        AnswerReading::NoAnswer { .. }
    ));
    assert!(
        on("The sources disagree: [1] supports choice B, whereas [2] supports D.").needs_a_look()
    );
    // Sources that disagree, settled by the writer's own pick after them.
    assert_eq!(
        sung("There's a discrepancy between the documents ([1] says Eminem, [2] says drake). The primary source [2] is authoritative here, so I'd go with drake.").choice(),
        Some(2)
    );
}

#[test]
fn a_ranking_labelled_best_and_least_likely_is_read_by_its_best() {
    assert_eq!(
        on("Best: C. Second best: A. Least likely: B.").choice(),
        Some(2)
    );
    assert_eq!(on("Worst: A. Best: D.").choice(), Some(3));
    // ("From most to least likely: …" orders; its last is no rejection of the first.)
    assert_eq!(
        on("From most to least likely: B, D, C, A. I'd answer with the first of these.").choice(),
        Some(1)
    );
}

#[test]
fn elimination_over_a_list_reads_the_one_left() {
    assert_eq!(
        on("Process of elimination:\n- Choice B only applies in a special case.\n- Option C (East) doesn't fit the context of the question.\n- A only applies in a special case.\nSo the only one left standing is option D.").choice(),
        Some(3)
    );
    assert_eq!(on("By process of elimination: D").choice(), Some(3));
    assert_eq!(
        sung("Not quite! Eminem is a common mistake. The right answer is Drake.").choice(),
        Some(2)
    );
}

#[test]
fn an_answer_changed_in_so_many_words_and_a_slip_owned_up_to() {
    assert_eq!(
        sung("I'd say Eminem... actually, wait. It doesn't sound like eminem at all. Changing my answer to Lady Gaga.").choice(),
        Some(0)
    );
    assert_eq!(
        sung("Lady Gaga. I'm not changing my answer.").choice(),
        Some(0)
    );
    assert_eq!(
        on("(A) North — oops, no, that was a slip. The correct answer is \u{201c}East\u{201d}.")
            .choice(),
        Some(2)
    );
}

#[test]
fn a_question_asked_back_or_handed_back_is_no_answer() {
    for reply in [
        "Before I answer — is this based on a specific textbook or curriculum? The expected answer can differ.",
        "Is this the original recording or a cover version you're asking about?",
        "Good question! Try eliminating the options you're sure are wrong first. What's left, and why?",
        "I'd like you to try this one yourself first. Tell me which one you'd choose and I'll give you feedback.",
    ] {
        assert!(
            matches!(sung(reply), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
}
