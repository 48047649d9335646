//! What the twenty-second blind set showed (largest country, word association, CREPE, Windows
//! paths in a cybersecurity exam, bias detection, causal inference; `replies-blind20.jsonl`),
//! one general rule each.

use super::*;

fn kinds(reply: &str) -> AnswerReading {
    let nine = [
        "fact",
        "opinion",
        "claim",
        "argument",
        "data",
        "quote",
        "narrative",
        "sensationalism",
        "speculation",
    ]
    .map(String::from);
    read_answer(reply, &nine)
}

fn status(reply: &str) -> AnswerReading {
    let three = ["entailment", "contradiction", "neutral"].map(String::from);
    read_answer(reply, &three)
}

fn likely(reply: &str) -> AnswerReading {
    let three = ["more likely", "less likely", "equally likely"].map(String::from);
    read_answer(reply, &three)
}

const PATHS: [&str; 5] = [
    "C:\\Windows\\System32\\svchost.exe",
    "C:\\Windows\\svchost.exe",
    "C:\\Program Files (x86)\\Steam\\steamapps\\common\\Grand Theft Auto V\\GTA5.exe",
    "C:\\Users\\username\\Desktop\\rufus-3.20p (1).exe",
    "C:\\Windows\\System32\\spoolsv.exe",
];

fn path(reply: &str) -> AnswerReading {
    read_answer(reply, &PATHS.map(String::from))
}

fn countries(reply: &str) -> AnswerReading {
    let ten = [
        "Saint Pierre and Miquelon",
        "Argentina",
        "Reunion",
        "Spain",
        "Trinidad and Tobago",
        "Dominican Republic",
        "Mongolia",
        "Kuwait",
        "Haiti",
        "Comoros",
    ]
    .map(String::from);
    read_answer(reply, &ten)
}

#[test]
fn a_drive_letter_and_a_letter_glued_into_a_word_are_no_letters() {
    assert_eq!(
        path("```text\nAnswer: C:\\Users\\username\\Desktop\\rufus-3.20p (1).exe\n```").choice(),
        Some(3)
    );
    assert_eq!(
        path(
            "---\nanswer: \"C:\\Windows\\svchost.exe\"\nreasoning: >\n  It sits outside System32.\n"
        )
        .choice(),
        Some(1)
    );
    assert_eq!(
        kinds("This reads like a B-movie plot twist, but the answer is sensational.").choice(),
        Some(7)
    );
    // (A range of the choices is still no letter: "A-D".)
    assert!(kinds("Any of A-D could be argued.").choice().is_none());
}

#[test]
fn a_path_is_named_by_its_file_name_where_only_it_has_that_name() {
    assert_eq!(path("It's spoolsv.exe (under Windows).").choice(), Some(4));
    assert_eq!(path("pretty sure thats GTA5.exe tbh").choice(), Some(2));
    // Two choices end in svchost.exe: the name alone tells neither, its folder does.
    assert!(path("It's svchost.exe.").choice().is_none());
    assert_eq!(path("The one in System32\\svchost.exe.").choice(), Some(0));
}

#[test]
fn a_guess_hedged_after_no_idea_is_an_answer() {
    assert_eq!(
        path("No idea honestly... GTA5.exe maybe?").choice(),
        Some(2)
    );
    assert_eq!(
        kinds("No idea honestly... option G maybe?").choice(),
        Some(6)
    );
    // No choice guessed: no answer.
    assert!(matches!(
        kinds("No idea honestly."),
        AnswerReading::NoAnswer { .. }
    ));
}

#[test]
fn in_a_checklist_with_a_tick_the_empty_boxes_say_no() {
    assert_eq!(
        countries("- [ ] A. Saint Pierre and Miquelon\n- [ ] B. Argentina\n- [ ] C. Reunion\n- [ ] D. Spain\n- [ ] E. Trinidad and Tobago\n- [ ] F. Dominican Republic\n- [x] G. Mongolia\n- [ ] H. Kuwait\n- [ ] I. Haiti\n- [ ] J. Comoros").choice(),
        Some(6)
    );
    // Nothing ticked: the boxes say nothing.
    assert!(
        countries("- [ ] A. Saint Pierre and Miquelon\n- [ ] B. Argentina\n- [ ] C. Reunion")
            .choice()
            .is_none()
    );
}

#[test]
fn a_ranking_is_read_by_its_order_not_by_its_items_wording() {
    assert_eq!(
        status("My ranking:\n1. C. neutral\n2. answer A\n3. **B**").choice(),
        Some(2)
    );
    assert_eq!(
        kinds("My ranking:\n1. I) speculation\n2. Option E").choice(),
        Some(8)
    );
    assert_eq!(kinds("Ranking (best to worst): A > E").choice(), Some(0));
    assert_eq!(kinds("Ranking (worst to best): A > E").choice(), Some(4));
}

#[test]
fn answers_under_two_conditions_with_the_asker_asked_which_are_no_one_answer() {
    assert!(likely(
        "If the person has already finished the previous step, a lower likelihood. But if they have not started yet, option C. Which reading do you mean?"
    )
    .choice()
    .is_none());
    assert!(path(
        "If this is a developer workstation, spoolsv.exe. But if this is a locked-down server, (B) the one at C:\\Windows\\svchost.exe. Which reading do you mean?"
    )
    .choice()
    .is_none());
    // An answer, then what another question would have asked: the answer.
    assert_eq!(
        likely(
            "C.\n\nIf the question had asked the opposite, B would have been the one to look at."
        )
        .choice(),
        Some(2)
    );
}

#[test]
fn choices_each_said_to_be_defensible_leave_the_answer_open() {
    assert!(
        likely("(C), a lower likelihood (B) and option A, more likely all seem defensible here.")
            .choice()
            .is_none()
    );
    // Bold on one of them picks none: the reply said they are all open.
    assert!(
        countries("Honestly, **J**, answer C and E) Trinidad and Tobago could each be argued.")
            .choice()
            .is_none()
    );
    // … unless the writer, pressed, picks one after.
    assert_eq!(
        status("B - contradiction and (A) are both defensible; if I have to choose, B.").choice(),
        Some(1)
    );
    assert_eq!(
        path("Both A) C:\\Windows\\System32\\svchost.exe and answer B could work, but I'd pick B — C:\\Windows\\svchost.exe.").choice(),
        Some(1)
    );
}

#[test]
fn a_source_giving_a_choice_by_its_words_and_letter_is_set_against_the_other() {
    let words = ["theme", "plant", "exist", "clean", "space", "trade"].map(String::from);
    assert!(read_answer(
        "Source [1] supports space (E), but source [2] supports theme. The provided context doesn't let me determine which is correct.",
        &words
    )
    .choice()
    .is_none());
}

#[test]
fn a_gloss_in_brackets_and_a_quoted_question_are_not_the_reply_s_own_words() {
    assert_eq!(status("Neutral (can't tell)").choice(), Some(2));
    assert_eq!(
        status("> Given the premise, what is the status of the hypothesis \"A influences B through some mediator(s).\"?\n\nNeutral (can't tell)").choice(),
        Some(2)
    );
    // Not knowing, said outside brackets, is still no answer.
    assert!(
        status("Entailment or neutral, I can't tell.")
            .choice()
            .is_none()
    );
}

#[test]
fn a_no_before_its_noun_and_the_reason_after_a_rejection_say_what_they_say() {
    assert_eq!(
        status("Let's go through the options one at a time.\nA is wrong. entailment doesn't hold up given the stated independencies.\n**B** is correct. Contradiction: no causal graph consistent with the premise allows the hypothesis.\nC is wrong. Neutral is ruled out by the premise structure.").choice(),
        Some(1)
    );
    // "B: no" is still a verdict.
    assert_eq!(status("A: no. B: no. C: yes.").choice(), Some(2));
    assert_eq!(
        kinds("Ruling things out:\n- Not (C): it's more than a bare assertion.\n- Not Option B: the writer isn't voicing a personal view.\n- Not F: nobody is quoted directly.\n- Not **D**: it isn't propping up some other point.\n- Not H: the tone isn't exaggerated.\n- Not answer A: the sentence is not neutral enough.\n- Not G: it isn't telling a story.\n- Not option E: there are no sourced statistics.\nOnly spceulation is left, so that's the answer.").choice(),
        Some(8)
    );
    assert_eq!(
        kinds("Let's eliminate:\n- Not data: there are no sourced statistics.\n- Not quote: nobody is quoted directly.\nOf the remaining options, speculation (I) is the best fit.").choice(),
        Some(8)
    );
}

#[test]
fn a_weighed_or_shortlisted_choice_is_not_said_to_be_the_answer() {
    assert_eq!(
        status("B — contradicted at 55%, answer C at 45%. Final: B).").choice(),
        Some(1)
    );
    assert_eq!(
        status("Confidence split — (A) entailment: 70%, contradiction: 30%. I'll commit to A.")
            .choice(),
        Some(0)
    );
    assert_eq!(
        kinds("Candidates: D — argument, answer C and sourced data / statistics. Final pick: argument (D).").choice(),
        Some(3)
    );
}

#[test]
fn a_hint_instead_or_a_ticket_raised_gives_no_answer() {
    for reply in [
        "Here's a hint rather than the answer: Ask yourself whether the writer is reporting, interpreting, citing someone or guessing about the future. Try it and tell me what you get!",
        "Thanks for your question! This is outside what I can answer. I've created ticket #57723 and a specialist will get back to you within 24 hours.",
    ] {
        assert!(
            matches!(kinds(reply), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
}

#[test]
fn places_to_the_tenth_a_value_i_and_a_label_with_an_aside() {
    assert_eq!(countries("It's the eighth option.").choice(), Some(7));
    assert_eq!(countries("It's the tenth option.").choice(), Some(9));
    assert_eq!(countries("prediction=I score=0.762").choice(), Some(8));
    assert_eq!(
        countries("Run 1: E\nRun 2: H\nRun 3: H\nRun 4: H\nRun 5: E\nFinal (by vote): H").choice(),
        Some(7)
    );
    // The pronoun stays a pronoun.
    assert!(countries("I think so too.").choice().is_none());
}
