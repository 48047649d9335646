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

#[test]
fn no_answer_without_saying_so() {
    let why = |reply: &str| match read_answer(reply, &choices()) {
        AnswerReading::NoAnswer { why } => Some(why),
        _ => None,
    };
    for reply in [
        "To answer this, we first need to",
        "Let's think step by step. First, we need to look at",
        "Great question! There are several factors to weigh here. First,",
        "Thought: I still need one more lookup.\nAction: search[",
        "Looking at the options, the key distinction is between",
    ] {
        assert_eq!(why(reply), Some(NoAnswer::CutOff), "{reply}");
    }
    // Cut off after it commits, or an answer with no full stop: not "no answer".
    for reply in [
        "I'd go with the one that",
        "the queen to a4 i think",
        "qualified privilege",
    ] {
        assert_eq!(why(reply), None, "{reply}");
    }
    for reply in [
        "All of the above.",
        "All four options (A–D) are valid.",
        "Options:\nA) Port 443\nB) Port 80\nC) The defendant is liable for negligence\n\
         D) The plaintiff assumed the risk",
    ] {
        assert_eq!(why(reply), Some(NoAnswer::EveryChoice), "{reply}");
    }
    let with_all: Vec<String> = ["Port 443", "Port 80", "Port 22", "All of the above"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        read_answer("All of the above.", &with_all).choice(),
        Some(3),
        "a choice that says so is that choice"
    );
    assert_eq!(
        why(r#"{"answer": null, "reason": "no relevant passages retrieved"}"#),
        Some(NoAnswer::Empty)
    );
    assert_eq!(read(r#"{"answer": null, "note": "B fits best"}"#), Some(1));
}

#[test]
fn a_word_of_not_knowing_used_as_a_noun_is_no_abstention() {
    assert_eq!(
        read("Run it backwards, as the input is the unknown. That points me to B as the answer."),
        Some(1)
    );
    assert!(matches!(
        read_answer("Unknown.", &choices()),
        AnswerReading::NoAnswer { .. }
    ));
}

#[test]
fn questions_back_lists_cut_off_and_other_ways_of_none() {
    let why = |reply: &str| match read_answer(reply, &choices()) {
        AnswerReading::NoAnswer { why } => Some(why),
        _ => None,
    };
    for reply in [
        "Could you share the answer options? I only see the question.",
        "Before I answer: are the options supposed to be exact values or approximations?",
    ] {
        assert_eq!(why(reply), Some(NoAnswer::AsksBack), "{reply}");
    }
    assert_eq!(why("Why? Because port 80 is the default."), None);
    assert_eq!(
        why("Sure! Let's break it down:\n\n1."),
        Some(NoAnswer::CutOff)
    );
    for reply in [
        "My answer doesn't correspond to any of the choices provided.",
        "None of the retrieved documents address this question. [no sources]",
        "This looks like an assessment question, and I'm not permitted to provide answers.",
        "The question seems to be cut off, so I can't work out the pattern yet.",
    ] {
        assert_eq!(why(reply), Some(NoAnswer::Abstains), "{reply}");
    }
}

#[test]
fn reasoning_cut_off_on_its_way_through_the_options_and_options_echoed_by_line() {
    let why = |reply: &str| match read_answer(reply, &choices()) {
        AnswerReading::NoAnswer { why } => Some(why),
        _ => None,
    };
    for reply in [
        "Let's go through the options one by one.\n\nA) Port 443 — to evaluate this, we need to \
         check whether",
        "**Step 1:** We need the port the server listens on.\n\n**Step 2:** Consider option B: \
         \"Port 80\". Whether this holds depends on",
        "Let's go through the options one by one.\n\nA) Port 443 — the secure port.\nB) Port 80 \
         — the plain one, which",
    ] {
        assert_eq!(why(reply), Some(NoAnswer::CutOff), "{reply}");
    }
    assert_eq!(
        why("Let's think step by step. The total is 3 × 4 ="),
        Some(NoAnswer::CutOff)
    );
    // Stopped with a closing mark, or after it commits: an answer.
    assert_eq!(
        read(
            "Good question — this one trips people up.\n\nYou'll want option B: Port 80.\n\nHappy studying! 😊"
        ),
        Some(1)
    );
    assert_eq!(
        read("Let's go through it. B is the answer since the"),
        Some(1)
    );
    let echoed = "A. Port 443\nB. Port 80\nC. The defendant is liable for negligence\nD. The \
                  plaintiff assumed the risk";
    assert_eq!(
        why(&format!("{echoed}\n\n{echoed}")),
        Some(NoAnswer::EveryChoice)
    );
    assert_eq!(
        why(&format!("Options:\n{echoed}\nAnswer:")),
        Some(NoAnswer::EveryChoice)
    );
    assert_eq!(
        why(&format!("### Response:\n{echoed}\n\n###")),
        Some(NoAnswer::EveryChoice)
    );
    // The options, then an answer: that answer.
    assert_eq!(read(&format!("{echoed}\n\nAnswer: C")), Some(2));
}
