//! What the twenty-fourth blind set showed (event log levels, medication doses with eleven
//! choices, booking slots, robot-safety story endings, chart types, code-review verdicts;
//! `replies-blind22.jsonl`), one general rule each.

use super::*;

fn levels(reply: &str) -> AnswerReading {
    read_answer(
        reply,
        &["Information", "Warning", "Error"].map(String::from),
    )
}

fn verdicts(reply: &str) -> AnswerReading {
    let four = ["CORRECT", "INCORRECT", "RIGHT TRACK", "WRONG TRACK"].map(String::from);
    read_answer(reply, &four)
}

fn charts(reply: &str) -> AnswerReading {
    let nine = [
        "line chart",
        "pie chart",
        "scatter plot",
        "funnel chart",
        "grouped bar chart",
        "histogram",
        "gantt chart",
        "bar chart",
        "gauge chart",
    ]
    .map(String::from);
    read_answer(reply, &nine)
}

fn doses(reply: &str) -> AnswerReading {
    let eleven = [
        "Ibuprofen 400 mg",
        "Mepolizumab 1 mg",
        "Orapred 15 mg",
        "Propylthiouracil 50 mg",
        "Fentanyl 100 mcg",
        "Cephalexin 1000 mg",
        "Metoprolol 12.5 mg",
        "Midazolam 5000 mcg",
        "Coumadin 3 mg",
        "Nasacort 220 mcg",
        "Albuterol 108 mg",
    ]
    .map(String::from);
    read_answer(reply, &eleven)
}

#[test]
fn a_letter_ending_the_reply_beside_another_choices_text_is_a_conflict() {
    assert!(levels("I pick option C: Information").needs_a_look());
    assert!(doses("F (Nasacort 220 mcg)").needs_a_look());
    // Its own text beside it, or two letters set side by side, are no conflict.
    assert_eq!(levels("I pick option C: Error").choice(), Some(2));
    assert_eq!(
        levels("Comparing A and B: \"Warning\" fits the entry. Answer: B").choice(),
        Some(1)
    );
}

#[test]
fn comes_closest_after_none_is_perfect_is_the_pick_unless_taken_back() {
    assert_eq!(
        levels("None of them is perfect, but [C] comes closest.").choice(),
        Some(2)
    );
    assert!(matches!(
        levels(
            "All of the options look wrong. Option B comes closest but still answers a different question, so I can't choose any of them."
        ),
        AnswerReading::NoAnswer { .. }
    ));
}

#[test]
fn places_counted_from_the_end() {
    assert_eq!(
        doses("The third option counting from the end").choice(),
        Some(8)
    );
    assert_eq!(
        doses("The eleventh option counting from the end").choice(),
        Some(0)
    );
    assert_eq!(charts("The one just above the last").choice(), Some(7));
    assert_eq!(charts("It's third from last.").choice(), Some(6));
    assert_eq!(charts("Fifth from the bottom.").choice(), Some(4));
    assert_eq!(charts("Last in the list.").choice(), Some(8));
    // A reply cut off after "the first" names nothing.
    assert!(
        levels("Looking at the options one by one, the first")
            .choice()
            .is_none()
    );
}

#[test]
fn an_email_is_read_above_the_messages_it_quotes() {
    assert_eq!(
        levels("Hi Tom,\n\nAfter rechecking, I'm going with B: warning.\n\nBest,\nPriya\n\nOn Mon, 3 Jun 2024 at 08:47, Tom <tom@example.com> wrote:\n> What did you put?\n>\n> I put C, Error.").choice(),
        Some(1)
    );
}

#[test]
fn html_struck_checked_and_selected_and_ballot_boxes() {
    assert_eq!(
        charts("Answer: <del>E</del> <ins>H</ins>").choice(),
        Some(7)
    );
    assert_eq!(
        levels("<select name=\"answer\">\n  <option value=\"A\">Information</option>\n  <option value=\"B\" selected>Warning</option>\n  <option value=\"C\">Error</option>\n</select>").choice(),
        Some(1)
    );
    assert_eq!(
        levels("<form>\n  <label><input type=\"radio\" name=\"q\" value=\"A\"> Information</label>\n  <label><input type=\"radio\" name=\"q\" value=\"B\" checked> Warning</label>\n  <label><input type=\"radio\" name=\"q\" value=\"C\"> Error</label>\n</form>").choice(),
        Some(1)
    );
    assert_eq!(levels("✅ A  ☐ B  ☐ C").choice(), Some(0));
    assert_eq!(levels("☐ A  ☒ B  ☐ C").choice(), Some(1));
}

#[test]
fn fifty_fifty_your_call_and_both_are_right_leave_it_open() {
    assert!(
        levels("Warning or (A) — honestly 50/50.")
            .choice()
            .is_none()
    );
    assert!(
        doses(
            "If the dose is for an adult → enoxaprin. If it is a paediatric dose → G). Your call."
        )
        .choice()
        .is_none()
    );
    assert!(
        doses("Both C) Orapred 15 mg and **E** (Fentanyl 100 mcg) are right.")
            .choice()
            .is_none()
    );
}

#[test]
fn questions_asked_back_and_hints_give_no_answer() {
    for reply in [
        "Before I answer: is this for a graded test or for practice?",
        "What time zone are the slots in?",
        "Which event source is this from? The level depends on the provider.",
        "Hint: Look closely at the units: one of these doses is off by a factor of a thousand.",
        "Try this: Ask yourself whether something actually failed. Then you will see it.",
        "Sorry — none of the uploaded files cover the question, so I don't have an answer.",
        "Traceback (most recent call last):\n  File \"solve.py\", line 41, in <module>\nKeyError: 'choices'",
    ] {
        assert!(
            matches!(levels(reply), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
    // A hint with the answer after it answers.
    assert_eq!(
        levels("Hint: check the severity. Answer: B").choice(),
        Some(1)
    );
}

#[test]
fn now_after_previously_a_final_and_a_spreadsheet_cell() {
    assert_eq!(
        levels("(Previously: **B** (Warning) — that was based on the old wording.) Now: **C**.")
            .choice(),
        Some(2)
    );
    assert_eq!(doses("ok so d, final").choice(), Some(3));
    assert_eq!(
        verdicts(
            "Cell F30: =INDEX($B$2:$B$5, MATCH(MAX($C$2:$C$5), $C$2:$C$5, 0))\nValue: RIGHT TRACK"
        )
        .choice(),
        Some(2)
    );
}

#[test]
fn a_preference_over_another_and_a_flip_flop_back_to_the_gut() {
    let meds = [
        "Metronidazole 500 mg",
        "Midazolam 5000 mcg",
        "Digoxin 0.125 mg",
        "Cephalexin 1000 mg",
        "Fluconazole 50 mg",
        "Betapace 120 mL",
        "Nasacort 220 mcg",
        "Sotolol 80 mg",
        "Keflex 250 mg",
        "Gengraf 150 mg",
        "Albuterol 108 mg",
    ]
    .map(String::from);
    assert_eq!(
        read_answer("I prefer F. Betapace 120 mL over **J**.", &meds).choice(),
        Some(5)
    );
    assert_eq!(
        read_answer(
            "I said **I**, then changed to answer G... no, back to my gut: (K) albuterol at 108 mg.",
            &meds
        )
        .choice(),
        Some(10)
    );
    // A letter in brackets before another choice's text, ending the reply: a conflict.
    assert!(read_answer("(K) Keflex 250 mg", &meds).needs_a_look());
    // "Both … are right" with one of the two not placed is still two.
    assert!(
        charts("Both C) scatter plot and Gauge are right.")
            .choice()
            .is_none()
    );
}
