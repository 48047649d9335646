//! What the twenty-third blind set showed (two-choice comparatives, irony, Romanian arithmetic,
//! emotional intelligence, Raven matrices described in words, 22 rhetorical devices;
//! `replies-blind21.jsonl`), one general rule each.

use super::*;

fn irony(reply: &str) -> AnswerReading {
    let three = ["situational irony", "verbal irony", "dramatic irony"].map(String::from);
    read_answer(reply, &three)
}

fn acts(reply: &str) -> AnswerReading {
    let four = [
        "Find out as much as he can about the procedure and focus on calming down",
        "Keep busy in the meantime so he doesn't think about the impending surgery",
        "Talk to his family about his concerns",
        "Talk to his doctor about what will happen",
    ]
    .map(String::from);
    read_answer(reply, &four)
}

fn sums(reply: &str) -> AnswerReading {
    let four = ["16", "20", "8", "12"].map(String::from);
    read_answer(reply, &four)
}

fn devices(reply: &str) -> AnswerReading {
    let names = [
        "Alliteration",
        "Assonance",
        "Consonance",
        "Cacophony",
        "Onomatopoeia",
        "Anadiplosis",
        "Conduplicatio",
        "Anaphora",
        "Epistrophe",
        "Symploce",
        "Epanalepsis",
        "Epizeuxis",
        "Antanaclasis",
        "Antimetabole",
        "Polysyndeton",
        "Asyndeton",
        "Chiasmus",
        "Litotes",
        "Hyperbole",
        "Oxymoron",
        "Antithesis",
        "Zeugma",
    ]
    .map(String::from);
    read_answer(reply, &names)
}

fn two(reply: &str) -> AnswerReading {
    read_answer(reply, &["more", "less"].map(String::from))
}

#[test]
fn a_starred_letter_after_an_answer_corrects_it() {
    assert_eq!(acts("it's C\n*D i mean").choice(), Some(3));
    assert_eq!(
        acts("The answer is choice D.\n\n*A — fat-fingered it, sorry").choice(),
        Some(0)
    );
    assert_eq!(irony("A\n*C, sorry, typo").choice(), Some(2));
    // A starred note, emphasis, or a list item is no correction.
    assert_eq!(
        irony("B\n*Assuming the usual definitions.").choice(),
        Some(1)
    );
    assert_eq!(irony("*B* is the answer").choice(), Some(1));
}

#[test]
fn a_verdict_after_an_arrow_is_the_answer_and_letters_heading_sections_are_not() {
    assert_eq!(
        irony("**A**\n+ looks plausible\n- no outcome turns against expectations.\n\n**B**\n+ looks plausible\n- nobody says the opposite.\n\n**C**\n+ the reader is ahead of the characters.\n\nDecision → C").choice(),
        Some(2)
    );
    assert_eq!(irony("Verdict -> B").choice(), Some(1));
    // "winner" names the answer as a label, not inside a sentence.
    let morals = [
        "It is always best to communicate how you feel.",
        "You shouldn't brag about how brave you think you are.",
        "Continue your struggle and you will emerge as winner.",
        "Wealth unused might as well not exist.",
    ]
    .map(String::from);
    assert_eq!(
        read_answer(
            "Options:\nA. It is always best to communicate how you feel\nB. You shouldn't brag about how brave you think you are (my answer)\nC. Continue your struggle and you will emerge as winner\nD. Wealth unused might as well not exist",
            &morals
        )
        .choice(),
        Some(1)
    );
}

#[test]
fn a_ranking_from_best_to_worst_by_an_arrow_or_best_first() {
    assert_eq!(two("Best → worst: A > B").choice(), Some(0));
    assert_eq!(two("Worst → best: A > B").choice(), Some(1));
    // The list's last item, letter and text, is not an answer under reasoning.
    assert_ne!(
        sums("Ranking (best first):\n- A – 16\n- choice C\n- twenty\n- D: 12").choice(),
        Some(3)
    );
}

#[test]
fn a_list_under_an_elimination_heading_rules_out_what_it_names() {
    assert_eq!(
        sums("Process of elimination:\n- Answer A comes from a slip in the arithmetic.\n- C comes from a slip in the arithmetic.\n- B is what you get with the operations in the wrong order.\nOnly 12 survives.").choice(),
        Some(3)
    );
    // An item that keeps its choice is not ruled out.
    assert_eq!(
        sums("Eliminating:\n- A comes from a slip in the arithmetic.\n- D survives every check.")
            .choice(),
        Some(3)
    );
}

#[test]
fn two_left_and_not_separated_or_equally_right_is_no_one_answer() {
    assert!(sums("- D doesn't satisfy the conditions.\n- **A** comes from a slip in the arithmetic.\nThat leaves 20 and eight, and I can't separate them.").choice().is_none());
    assert!(
        irony("I'm stuck between **A** and choice B; both seem equally right.")
            .choice()
            .is_none()
    );
    assert!(acts("- C avoids the real problem.\nWhich leaves answer B vs Talk to his doctor about what will happen. I genuinely cannot decide between those two.").choice().is_none());
    assert!(irony("I could see \"situational irony\", \"verbal irony\" and answer C all being accepted, depending on the marker.").choice().is_none());
}

#[test]
fn several_boxes_ticked_are_several_answers() {
    assert!(
        irony("- [x] **B** (verbal irony)\n- [x] C: dramatic irony")
            .choice()
            .is_none()
    );
    assert!(
        two("- [x] option A, \"a greater quantity\"\n- [x] option B, \"less\"")
            .choice()
            .is_none()
    );
    // One box ticked is the answer.
    assert_eq!(
        irony("- [ ] A\n- [x] **B** (verbal irony)\n- [ ] C").choice(),
        Some(1)
    );
}

#[test]
fn the_closest_after_none_fits_and_a_guess_after_no_clue_are_answers() {
    assert_eq!(
        irony("None of the choices is quite right, but the closest is verbal irony.").choice(),
        Some(1)
    );
    // The closest named in words the reader cannot match: a look, not "no answer".
    assert!(irony("None of the choices is quite right, but the closest is saying the opposite of what is meant.").needs_a_look());
    assert_eq!(devices("no clue really, but CONSONANCE?").choice(), Some(2));
}

#[test]
fn a_place_asked_about_in_a_question_is_no_answer() {
    assert!(!matches!(
        two(
            "Let's work it out together. If the first quantity moves one way, which way must the second one move? Which option do you think fits?"
        ),
        AnswerReading::Chose { .. }
    ));
    assert_eq!(two("The second one.").choice(), Some(1));
}

#[test]
fn sources_that_conflict_with_the_other_answer_are_not_the_writers() {
    assert!(acts("The documents conflict: one says option D, the other answer B. Please check with your instructor.").choice().is_none());
}

#[test]
fn a_choice_cut_short_after_three_words_is_named_where_only_it_begins_so() {
    assert_eq!(acts("Keep busy in...").choice(), Some(1));
    // Two choices begin "Talk to his": three words name neither.
    assert!(acts("Talk to his...").choice().is_none());
}

#[test]
fn a_rejected_restatement_does_not_answer() {
    let shapes = [
        "On an image, a small green pentagon rotated at -45 degrees.",
        "On an image, a small purple pentagon rotated at -45 degrees.",
        "On an image, a small green triangle rotated at -45 degrees.",
        "On an image, a huge green pentagon rotated at -45 degrees.",
    ]
    .map(String::from);
    let reading = read_answer(
        "The pentagon that is huge and green is tempting, but the pentagon that is small and green is right.",
        &shapes,
    );
    assert_ne!(reading.choice(), Some(3), "{reading:?}");
}

#[test]
fn radio_letters_keycaps_patches_and_fields_name_places() {
    assert_eq!(irony("Copy that. Answer is Bravo. Over.").choice(), Some(1));
    assert_eq!(irony("Roger — going with Charlie.").choice(), Some(2));
    // Without radio talk a name is a name.
    assert!(
        acts("Charlie should talk to his family.")
            .choice()
            .is_none()
    );
    assert_eq!(irony("➡️ 3️⃣").choice(), Some(2));
    assert_eq!(irony("My vote: 1️⃣").choice(), Some(0));
    assert_eq!(
        acts("--- answers.txt\n+++ answers.txt\n@@ -45 +45 @@\n-q45=B\n+q45=C").choice(),
        Some(2)
    );
    assert_eq!(
        irony("```diff\n- answer: A\n+ answer: B\n```").choice(),
        Some(1)
    );
    // Pros and cons are no patch.
    assert_eq!(
        irony("**A**\n+ fits\n- none\n\nVerdict: A").choice(),
        Some(0)
    );
    assert_eq!(
        irony("2024-06-02 10:31:07 INFO  solver picked=A score=0.75").choice(),
        Some(0)
    );
    assert_eq!(
        irony("Your answer (dramatic irony) is incorrect. Correct: B.").choice(),
        Some(1)
    );
}

#[test]
fn places_to_the_twentieth_the_former_and_number_abbreviated() {
    assert_eq!(devices("It's the seventeenth option.").choice(), Some(16));
    assert_eq!(devices("No. 22").choice(), Some(21));
    assert_eq!(two("It's the latter.").choice(), Some(1));
    assert_eq!(two("I'd pick the former.").choice(), Some(0));
    assert_eq!(devices("the twenty-first option").choice(), Some(20));
}

#[test]
fn shares_above_half_of_a_hundred_pick_even_with_choices_left_out() {
    assert_eq!(
        irony("A | ██ 11%\nB | ███████████ 56%\nC | ██ 13%").choice(),
        Some(1)
    );
    assert_eq!(
        devices("B: 55%\nM: 21%\nV: 24%\neverything else: ~0%").choice(),
        Some(1)
    );
    assert!(
        irony("A | ██ 41%\nB | ███ 46%\nC | ██ 13%")
            .choice()
            .is_none()
    );
}

#[test]
fn replies_that_decline_or_fail_give_no_answer() {
    for reply in [
        "This is outside what I know, I'm afraid.",
        "Our academic-integrity policy does not allow me to answer quiz items directly.",
        "I'd prefer not to answer this one.",
        "The correct answer is missing from the list.",
        "I can't work this one out.",
        "Error: content filter triggered. No response generated.",
        "[ERROR] tool \"solver\" timed out after 30s",
    ] {
        assert!(
            matches!(irony(reply), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
}

#[test]
fn settling_on_one_after_candidates_is_the_pick() {
    assert_eq!(
        devices("My candidates were [J], option C, \"CONSONANCE\" or (G). After a second look I settle on (G).").choice(),
        Some(6)
    );
}
