//! More of the forms assistants write, each read as its writer meant it.

use super::*;

#[test]
fn more_forms_assistants_write() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let compass = owned(&["North", "East", "South", "West"]);
    let on = |reply: &str| read_answer(reply, &compass);
    // Taking an answer back.
    assert_eq!(
        on("The answer is A. Hmm, no — on reflection it's C.").choice(),
        Some(2)
    );
    assert_eq!(
        on("South. Wait, let me recount: starting south, two rights make it north. So it's actually north (A).")
            .choice(),
        Some(0)
    );
    // Marks before the letters they mark.
    assert_eq!(on("❌ A ❌ B ❌ C ✅ D").choice(), Some(3));
    assert_eq!(on("A ❌ B ✅ C ❌ D ❌").choice(), Some(1));
    // A letter alone on the last line, boxed, or after "So".
    assert_eq!(
        on("If you start facing east and turn around, you can't tell me it's east.\n\n[[C]]")
            .choice(),
        Some(2)
    );
    assert_eq!(
        on("Net one right turn from south.\n\n**\\boxed{D}**").choice(),
        Some(3)
    );
    assert_eq!(
        on("Net turn: none.\n\n$\\boxed{\\text{A}}$").choice(),
        Some(0)
    );
    assert_eq!(
        on("B and A are clearly wrong, and C beats the remaining option. So C.").choice(),
        Some(2)
    );
    // Two letters joined by "&" are two answers.
    assert!(on("Answer: A & B").needs_a_look());
    // The answer under a heading, the other choices discussed below it.
    assert_eq!(
        on("## Answer\n\n**D — West**\n\n## Why\n\n- **A** (North) is a common distractor.\n- **B** (East) mixes up left and right.")
            .choice(),
        Some(3)
    );
    // Directions and numbers in words.
    assert_eq!(on("i think its westward").choice(), Some(3));
    assert_eq!(
        read_answer(
            "You could see a base of roughly seven hundred feet.",
            &owned(&["700 ft", "1000 ft", "500 ft", "12.000 ft"])
        )
        .choice(),
        Some(0)
    );
    // A conclusion that names one choice, by its text and its letter.
    assert_eq!(
        on("Start: south.\n1. Right twice: north.\n2. Left once: west.\n\nSo the car ends up heading **West**, which is option D.")
            .choice(),
        Some(3)
    );
    // A mark anywhere on a table's row is its letter's.
    assert_eq!(
        on("| Option | Why | Verdict |\n|---|---|---|\n| A | Two rights from south | ❌ Incorrect |\n| B | One left from north | ✅ Correct |")
            .choice(),
        Some(1)
    );
    // "To conclude: …" asserts the choice's text after it.
    assert_eq!(
        on("Option A is a common slip and D mixes things up.\n\nTo conclude: \"West\" (D).")
            .choice(),
        Some(3)
    );
    // Small models and people typing quickly.
    for (reply, meant) in [
        ("not c lol. d", Some(3)),
        ("b or c. eh, c", Some(2)),
        ("d? no. c", Some(2)),
        ("c -- actually scratch that, a", Some(0)),
        ("a i think", Some(0)),
        ("d i think", Some(3)),
        ("a, easy", Some(0)),
        ("a a a a a a a", Some(0)),
        ("d\nd\nd", Some(3)),
        ("Answer: b b b b b b b", Some(1)),
        (
            "d<|eot_id|><|start_header_id|>assistant\n\nA is also possible",
            Some(3),
        ),
        (
            "{\"result\": {\"choice\": \"D\", \"sources\": [{\"title\": \"Section C12\"}]}}",
            Some(3),
        ),
        ("a lot of people get this wrong", None),
    ] {
        assert_eq!(on(reply).choice(), meant, "{reply}");
    }
    assert!(on("A or b??").needs_a_look());
    assert!(on("a or b??").needs_a_look());
    assert_eq!(
        on("The answer is **West** (D).\n\nIt's tempting to go with A (north), but that turn is one short.").choice(),
        Some(3)
    );
    assert_eq!(
        on("A. North\nB. East\nC. South\nD. West\nD").choice(),
        Some(3),
        "the options echoed, then the answer alone on the last line"
    );
    assert!(on("somewhere between a and c tbh").needs_a_look());
    assert_eq!(
        on("The provided context doesn't address this. Answering from general knowledge instead: D — west.").choice(),
        Some(3)
    );
    let roots = owned(&[
        "\\(\\sqrt{29}\\)",
        "\\(2\\sqrt{29}\\)",
        "\\(29\\)",
        "\\(4\\sqrt{29}\\)",
    ]);
    assert_eq!(read_answer("It comes to 2√29.", &roots).choice(), Some(1));
    assert!(read_answer("**Answer: D — 2√29**", &roots).needs_a_look());
    for (reply, why) in [
        ("Answer:", NoAnswer::Empty),
        ("### Response:\n", NoAnswer::Empty),
        ("skip", NoAnswer::Abstains),
        ("pass", NoAnswer::Abstains),
    ] {
        assert_eq!(on(reply), AnswerReading::NoAnswer { why }, "{reply}");
    }
    for reply in [
        "I don't know this one. I could guess, but a guess would not be helpful.",
        "I don't have enough information, and a guess wouldn't be useful.",
    ] {
        assert!(
            matches!(on(reply), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
    // Forms from agents, templates and other languages.
    for (reply, meant) in [
        ("Answer：（Ｂ）", Some(1)),
        ("Answer: ⓒ", Some(2)),
        ("Answer: 🅰️", Some(0)),
        ("The correct choice is ℂ.", Some(2)),
        ("Correct option — Β", Some(1)),
        (
            "<scratchpad>South? (C)</scratchpad>\n<final>A</final>",
            Some(0),
        ),
        (
            "<reasoning>At first D looked tempting, but not so.</reasoning>\n\n**A**",
            Some(0),
        ),
        (
            "Thought: maybe C.\nAction: Search[turns]\nObservation: C is south.\nFinal Answer: B",
            Some(1),
        ),
        ("**Resposta: A**\n\nB would break the pattern.", Some(0)),
        ("Antwort: C", Some(2)),
        ("The answer is option (iii).", Some(2)),
        (
            "My estimates:\nA: 14%, B: 19%, C: 53%, D: 14%\n\nAnswer: the most likely option, C.",
            Some(2),
        ),
        (
            "Apply operator C first, then operator D: the answer is B.",
            Some(1),
        ),
    ] {
        assert_eq!(on(reply).choice(), meant, "{reply}");
    }
    for reply in [
        "The answer is {answer}.",
        "I can't comply with this request.",
        "I'd rather not just hand over the answer. Want me to give you a hint instead?",
        "I don't think this can be answered as posed: operator C is shown once.",
    ] {
        assert!(
            matches!(on(reply), AnswerReading::NoAnswer { .. }),
            "{reply}: {:?}",
            on(reply)
        );
    }
    assert!(
        on("It depends: if you count the turn, the answer is A; if not, it's D.").needs_a_look()
    );
    assert_eq!(
        on("Answer: A. Check each term against the one before plus a small correction.").choice(),
        Some(0),
        "a correction in a sentence takes nothing back"
    );
    assert_eq!(on("A\nCorrection: C").choice(), Some(2));
    assert_eq!(
        on("Not C. The answer is A rather than B.").choice(),
        Some(0)
    );
    assert_eq!(on("**La bonne réponse est C.**").choice(), Some(2));
    assert!(matches!(
        on("Answer: <letter>"),
        AnswerReading::NoAnswer { .. }
    ));
    assert_eq!(
        on("Thought: C looks close.\nAction: finish[B]").choice(),
        Some(1),
        "an agent's finish action"
    );
    // A reply that opens by restating the question: its words are not the answer.
    assert_eq!(
        on("Question: A car going south turns right twice. Which way is it going now?\n\nOptions:\n- A: North\n- B: East\n- C: South\n- D: West\n\nOf these, A is right.")
            .choice(),
        Some(0)
    );
    // Replies that give no answer.
    for reply in [
        "This looks like an assessment item, so I'll refrain from giving the answer.",
        "I'm sorry, but I can't continue with this request.",
        "None of the documents I have access to cover this question.",
        "Sorry, the information needed to answer this question isn't in the uploaded files.",
        "None of the listed options is fully correct. The question seems outdated.",
    ] {
        assert!(
            matches!(on(reply), AnswerReading::NoAnswer { .. }),
            "{reply}: {:?}",
            on(reply)
        );
    }
    // A letter with another choice's text beside it is a conflict.
    let stall = owned(&[
        "an aeroplane cannot stall",
        "the stall speed increases",
        "the stall speed decreases",
        "the stall speed remains the same",
    ]);
    assert!(read_answer("**D** — the stall speed decreases", &stall).needs_a_look());
    assert_eq!(
        read_answer(
            "It's not an aeroplane cannot stall; the answer is the stall speed increases.",
            &stall
        )
        .choice(),
        Some(1)
    );
}

#[test]
fn an_answer_corrected_or_confirmed_after_a_second_look() {
    for (reply, meant) in [
        (
            "The answer is A.\n\nWait — I need to correct myself. Re-reading the options, A \
             brings in information the question never mentions. The correct answer is actually D.",
            3,
        ),
        (
            "The answer is C.\n\nWait — I need to correct myself. C doesn't fit. The right answer \
             is really B.",
            1,
        ),
        (
            "The answer is A.\n\nLet me double-check: B doesn't connect to the question, and A is \
             consistent with every condition. Yes — A it is.",
            0,
        ),
        ("ok so it's def A lol", 0),
    ] {
        assert_eq!(read(reply), Some(meant), "{reply}");
    }
    assert_eq!(
        read("The answer is A. Let me double-check: it's B, since A ignores the port."),
        Some(1),
        "a second look that ends on a rejection of the first answer takes it back"
    );
    // Rechecked and then another answer: the first is taken back.
    assert_eq!(
        read("Port 443. Wait, let me recount: the plain service listens on Port 80. So B."),
        Some(1)
    );
}
