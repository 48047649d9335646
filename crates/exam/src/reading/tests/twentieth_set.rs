//! What the twentieth blind set showed (directions, number patterns, Swedish words, Arabic
//! literature; `replies-blind18.jsonl`), one general rule each.

use super::*;

fn on(reply: &str) -> AnswerReading {
    let four = ["North", "South", "East", "West"].map(String::from);
    read_answer(reply, &four)
}

#[test]
fn sources_set_against_each_other_settle_nothing_by_themselves() {
    // Each source gives its own choice, one set against the other: several, until the writer
    // settles it.
    assert!(
        on("Document 1 points to B, but Document 3 says C. Given the conflict, I can't give a definitive answer.")
            .needs_a_look()
    );
    assert_eq!(
        on("Document 1 points to B, but Document 3 says C, which is more recent, so C.").choice(),
        Some(2)
    );
    assert_eq!(
        on("The handbook points to B, but the FAQ says C. I'd go with C.").choice(),
        Some(2)
    );
    assert!(
        on("According to the handbook the answer would be A, but the FAQ implies D.")
            .needs_a_look()
    );
}

#[test]
fn a_clause_of_choosing_closed_by_a_letter_after_its_colon_is_the_answer() {
    assert_eq!(
        on("Sources [1] and [3] say D; source [2] says B. Going with the majority and the better-cited view: D.").choice(),
        Some(3)
    );
    assert_eq!(on("Going with my gut here: C.").choice(), Some(2));
    // (Not a letter inside the clause before the colon.)
    assert_eq!(on("Going with B: it fits best.").choice(), Some(1));
}

#[test]
fn two_choices_set_side_by_side_as_a_toss_up_are_several() {
    assert!(on("Definitely not B, D. Beyond that, A vs C is a toss-up.").needs_a_look());
    assert!(on("Not B. A versus C is a coin toss.").needs_a_look());
    assert_eq!(
        on("A vs C is a toss-up, but I'd go with C.").choice(),
        Some(2)
    );
}

#[test]
fn a_fallback_a_first_look_and_an_error_owned_up_to_are_not_the_answer() {
    assert_eq!(on("D first, C as a fallback.").choice(), Some(3));
    assert_eq!(
        on("B, with C as a fallback if the map is rotated.").choice(),
        Some(1)
    );
    assert_eq!(
        on("At first glance it looks like B, but working it through properly gives East, i.e. option C.").choice(),
        Some(2)
    );
    assert_eq!(
        on("At first glance, it looks like B, but it's C.").choice(),
        Some(2)
    );
    // (A first look kept is the answer.)
    assert_eq!(on("At first I thought B. It's B.").choice(), Some(1));
    let six = ["North", "South", "East", "West", "Up", "Down"].map(String::from);
    assert_eq!(
        read_answer(
            "E. Wait — I made an error in my reasoning. The correct answer is D.",
            &six
        )
        .choice(),
        Some(3)
    );
}
