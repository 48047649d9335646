//! Replies that give no answer, and replies that speak of the other choices while giving one.

use super::*;

#[test]
fn no_answer_in_other_words() {
    for reply in [
        "All four options contain errors, so I can't select one.",
        "None of the given choices fits; the correct answer isn't listed.",
        "None of the four listed answers is right.",
        "I'm sorry, the knowledge base has no article on this topic.",
        "Our manual contains no entry for this.",
        "As an assistant meant to support learning, I can't complete exam questions for you.",
    ] {
        assert!(
            matches!(
                read_answer(reply, &choices()),
                AnswerReading::NoAnswer { .. }
            ),
            "{reply}"
        );
    }
}

#[test]
fn the_other_choices_unmentioned_is_still_an_answer() {
    assert_eq!(
        read(
            "From the knowledge base: option B is supported by [2], while the other options \
             are not mentioned in the sources.\n\n---\nSources: handbook.pdf, p. 31"
        ),
        Some(1)
    );
    assert_eq!(
        read("C is the one the manual backs; the rest aren't covered in it."),
        Some(2)
    );
    assert!(
        matches!(
            read_answer("The sources don't mention the port at all.", &choices()),
            AnswerReading::NoAnswer { .. }
        ),
        "the reply's own not knowing stays no answer"
    );
}

#[test]
fn a_letter_named_as_an_option_in_lower_case() {
    assert_eq!(read("Choice a is the correct one."), Some(0));
    assert_eq!(read("option c seems right to me"), Some(2));
    assert_eq!(read("I'm going with A on this one."), Some(0));
    assert_eq!(
        read("I can't answer a question about ports without the manual."),
        None,
        "\"answer a question\" names no letter"
    );
}

#[test]
fn doubt_refusing_to_guess_and_errors_give_no_answer() {
    for reply in [
        "Honestly, I'm not certain. I'd double-check this with your course materials.",
        "Sorry, the knowledge base articles I have access to don't address this. I don't want to guess.",
        "[ERROR] Request timed out. Please try again.",
        "⚠️ Something went wrong while generating a response.",
    ] {
        assert!(
            matches!(
                read_answer(reply, &choices()),
                AnswerReading::NoAnswer { .. }
            ),
            "{reply}"
        );
    }
    assert_eq!(
        read("The manual doesn't say. If I had to guess, Port 80."),
        Some(1),
        "a guess made is an answer"
    );
    assert_eq!(read("B, but I'm not certain."), Some(1));
    assert_eq!(read("Probably C, though I'm not certain."), Some(2));
}

#[test]
fn a_line_listing_the_sources_is_not_read() {
    assert_eq!(
        read(
            "Option B is supported by [2].\n\n---\nSources: handbook.pdf, p. 31; \
             Geography A: study guide, section 2.4"
        ),
        Some(1),
        "\"Geography A:\" in the sources names no letter"
    );
}
