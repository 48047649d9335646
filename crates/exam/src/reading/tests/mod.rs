//! The reader of replies, case by case.

use super::*;

fn choices() -> Vec<String> {
    [
        "Port 443",
        "Port 80",
        "The defendant is liable for negligence",
        "The plaintiff assumed the risk",
    ]
    .map(String::from)
    .to_vec()
}

fn read(reply: &str) -> Option<usize> {
    read_answer(reply, &choices()).choice()
}

#[test]
fn forms_assistants_write_that_rules_read() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let ions = owned(&["Na+", "Ca++", "K+", "Cl-"]);
    assert_eq!(read_answer("Answer: K+", &ions).choice(), Some(2));
    let vitamins = owned(&["Vitamin A", "Vitamin C", "Vitamin D", "Vitamin B12"]);
    assert_eq!(
        read_answer("**C — Vitamin D**", &vitamins).choice(),
        Some(2),
        "a letter inside the choice's own text beside its letter is no letter"
    );
    // A number where no choice is a number is a place.
    let places = owned(&[
        "Caecum",
        "Hepatic flexure",
        "Splenic flexure",
        "Sigmoid colon",
    ]);
    assert_eq!(read_answer("Answer: 2", &places).choice(), Some(1));
    assert_eq!(
        read_answer("I'd pick option no. 3.", &places).choice(),
        Some(2)
    );
    assert_eq!(
        read_answer("Answer: 2", &choices()).choice(),
        None,
        "where a choice holds a number, a bare number is no place"
    );
    assert_eq!(
        read_answer("Answer: 2", &owned(&["1", "2", "3", "4"])).choice(),
        Some(1),
        "where choices are numbers, a number is the choice's own"
    );
    assert_eq!(read("Don't go with A — go with B."), Some(1));
    assert_eq!(read("C or D? D."), Some(3));
    assert_eq!(
        read("First drop C. D can be ruled out too. So, by elimination, B: Port 80."),
        Some(1)
    );
    assert_eq!(
        read_answer("None of A, B, C or D is right.", &choices()),
        AnswerReading::NoAnswer {
            why: NoAnswer::Abstains
        }
    );
    assert_eq!(
        read_answer(
            "I looked through the documents but found no relevant passage.",
            &choices()
        ),
        AnswerReading::NoAnswer {
            why: NoAnswer::Abstains
        }
    );
    let table = "| Option | Correct? | Why |\n|---|---|---|\n| A | No | 443 is HTTPS. |\n\
                 | B | Yes | Plain HTTP. |\n| C | No | Not a port. |\n| D | No | Not a port. |";
    assert_eq!(read(table), Some(1));
    // The row's other cells may name choices by their text.
    let table = "| Choice | Correct? | Note |\n|:--|:--:|:--|\n\
                 | A | No | Port 443 is HTTPS. |\n| B | Yes | Port 80 is plain HTTP. |\n\
                 | C | No | The defendant is liable for negligence is no port. |";
    assert_eq!(read(table), Some(1));
}

#[test]
fn letters_first() {
    for reply in [
        "B",
        "(B)",
        "**B**",
        "B)",
        "B.",
        "Option B",
        "answer: b",
        "{\"answer\": \"B\"}",
        "```json\n{\"answer\": \"B\", \"confidence\": 0.7}\n```",
        "Let me think. Port 443 is for HTTPS, so that is out.\n\nFinal answer: B",
        "Looking at the options, I would go with (B).",
        "The second option.",
        "B) Port 80 — the default for plain HTTP.",
    ] {
        assert_eq!(read(reply), Some(1), "{reply}");
    }
    assert!(matches!(
        read_answer("F", &choices()),
        AnswerReading::Unsure {
            why: Unsure::LetterOutOfRange,
            ..
        }
    ));
}

#[test]
fn text_with_contrast_and_negation() {
    for (reply, meant) in [
        ("Not port 443 — the documentation says port 80.", 1),
        ("Port 443 is wrong; it is port 80.", 1),
        (
            "While port 443 might seem plausible, the answer is port 80.",
            1,
        ),
        (
            "Both port 443 and port 80 are possible; I'd pick port 80.",
            1,
        ),
        ("The plaintif assumed the risks, so the claim fails.", 3),
        ("It listens on port 443.", 0),
        (
            "A is incorrect because the port is wrong. C can be ruled out. D does not apply either. That leaves B.",
            1,
        ),
        (
            "Is it port 443? Not quite — the documentation points to plain HTTP, which is port 80.",
            1,
        ),
        ("Could the answer be port 443? No; it is port 80.", 1),
    ] {
        assert_eq!(read(reply), Some(meant), "{reply}");
    }
}

#[test]
fn a_question_answered_yes_keeps_its_choice() {
    assert_eq!(
        read("Is it port 80? No doubt about it: the page says so."),
        Some(1),
        "\"no doubt\" answers yes"
    );
    assert_eq!(
        read("Is it port 80? Yes, that is what the page says."),
        Some(1)
    );
}

#[test]
fn a_choice_word_for_word_and_letters_inside_choices() {
    let choices: Vec<String> = [
        "a full outbox folder",
        "two devices with the same device id",
        "a corrupted journal.db",
        "C:\\Tidewater\\Agent",
    ]
    .map(String::from)
    .to_vec();
    let read = |reply: &str| read_answer(reply, &choices).choice();
    assert_eq!(
        read("A CORRUPTED JOURNAL.DB"),
        Some(2),
        "the text, not the letter A"
    );
    assert_eq!(
        read("C:\\Tidewater\\Agent"),
        Some(3),
        "the path, not the letter C"
    );
    assert_eq!(read("N/A"), None);
    assert_eq!(
        read("- [ ] A. a full outbox folder\n- [x] B. two devices with the same device id"),
        Some(1),
        "a ticked box among the listed choices"
    );
}

#[test]
fn what_a_review_found() {
    assert_eq!(read("} {"), None, "braces the wrong way round do not panic");
    assert_eq!(read_answer("the last one", &[]).choice(), None);
    assert!(read_answer("The answer is B or C.", &choices()).needs_a_look());
    assert_eq!(
        read("While port 443 is for HTTPS, it listens on port 80."),
        Some(1),
        "what a 'while' clause concedes up to its comma is set aside"
    );
    assert_eq!(
        read("Port 443 seems right, but port 80 is actually correct."),
        Some(1)
    );
    assert_eq!(read("Port 443. Wait, that's wrong: it's port 80."), Some(1));
    assert_eq!(read("A correct setup uses port 80."), Some(1));
    assert_eq!(
        read("Either way, port 80 is correct; port 443 is only for HTTPS."),
        Some(1)
    );
    assert_eq!(
        read("Port 443 is for HTTPS.\n\nReferences:\n[1] RFC 2818\n\nFinal answer: B"),
        Some(1),
        "a final answer after the sources is still read"
    );
    assert_eq!(
        read("<|é€ ü ö ä 😀 ñ ç þ ð ø å ß ł ś ź ż ć ń ó ę ą ī ō ū ē ā"),
        None
    );
    // Long degenerate replies are read by their beginning and end, quickly.
    let long = "B C D ".repeat(200_000);
    let _ = read_answer(&long, &choices());
    let long = format!(
        "{}\nFinal answer: B",
        "let me think about it, ".repeat(40_000)
    );
    assert_eq!(read(&long), Some(1));
    // … and one that says another answer over and over before its final one contradicts it.
    let long = format!(
        "{}\nFinal answer: B",
        "the answer is port 443, ".repeat(40_000)
    );
    assert!(read_answer(&long, &choices()).needs_a_look());
}

#[test]
fn restatements_a_reader_meets() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    // Choices of one pattern are named by what sets them apart.
    let devices = owned(&[
        "25 devices",
        "250 devices",
        "unlimited devices",
        "500 devices",
    ]);
    assert_eq!(
        read_answer("Not 250 — the Business plan allows 500.", &devices).choice(),
        Some(3)
    );
    let versions = owned(&["version 1.2", "version 3.1", "version 1.0", "version 2.3"]);
    assert_eq!(
        read_answer(
            "It shipped in Tidewater 2.3, after the uploader.",
            &versions
        )
        .choice(),
        Some(3)
    );
    assert_eq!(
        read_answer(
            "See [2] for details.",
            &owned(&["port 2", "port 3", "port 4", "port 5"])
        )
        .choice(),
        None,
        "a citation is no number of a choice"
    );
    // A verdict and its reason: the reason with the verdict stated.
    let verdicts = owned(&[
        "Yes, because the owner knew of the danger.",
        "Yes, because the fence was broken.",
        "No, because the boy was a trespasser.",
        "No, because the danger was obvious.",
    ]);
    assert_eq!(
        read_answer("No. The boy was a trespasser, and that ends it.", &verdicts).choice(),
        Some(2)
    );
    assert!(
        read_answer("Yes: the boy was a trespasser.", &verdicts).needs_a_look(),
        "a reason with the other verdict names nothing"
    );
    // The tighter place wins; a contraction is "not", but not a double negative.
    let rescues = owned(&["Ana met Bo.", "Ana met Cy.", "Bo met Cy.", "Cy met Ana."]);
    assert_eq!(
        read_answer("Ana met Cy, not Bo.", &rescues).choice(),
        Some(1)
    );
    let glasses = owned(&[
        "The glasses were not designed for that hazard.",
        "The glasses were sold as safety glasses.",
    ]);
    assert_eq!(
        read_answer(
            "No — the glasses weren't designed for that hazard.",
            &glasses
        )
        .choice(),
        Some(0)
    );
    let mention = owned(&["Lee likes Kim.", "Lee did not mention Kim."]);
    assert_eq!(
        read_answer(
            "Lee didn't fail to mention Kim. The point is that Lee likes Kim.",
            &mention
        )
        .choice(),
        Some(0)
    );
    // An aside in brackets names no answer; "A and B fail" rejects both.
    let support = owned(&[
        "community forum",
        "email within one week",
        "named engineer",
        "email within two days",
    ]);
    assert_eq!(
        read_answer(
            "It comes with email support, answered within two days. (The cheaper plan only gets the community forum.)",
            &support
        )
        .choice(),
        Some(3)
    );
    assert_eq!(
        read_answer(
            "The community forum and the named engineer fail here; it is email within one week.",
            &support
        )
        .choice(),
        Some(1)
    );
    // A swapped pair of letters is a slip.
    assert_eq!(
        read_answer(
            "Most likely every connectoin.",
            &owned(&["every connection", "each API call"])
        )
        .choice(),
        Some(0)
    );
}

#[test]
fn no_answer_and_needs_a_look() {
    assert_eq!(
        read_answer("I don't know.", &choices()),
        AnswerReading::NoAnswer {
            why: NoAnswer::Abstains
        }
    );
    assert_eq!(
        read_answer(
            "The documentation does not say which port is used.",
            &choices()
        ),
        AnswerReading::NoAnswer {
            why: NoAnswer::Abstains
        }
    );
    assert_eq!(
        read("I'm not sure, but I'd guess port 80."),
        Some(1),
        "a hedged guess is an answer"
    );
    let either = read_answer("It could be port 443 or port 80.", &choices());
    assert!(either.needs_a_look(), "{either:?}");
    // "is" before "either … or …" asserts neither of the two.
    let either = read_answer("It is either port 443 or port 80.", &choices());
    assert!(either.needs_a_look(), "{either:?}");
    assert_eq!(
        read_answer("   ", &choices()),
        AnswerReading::NoAnswer {
            why: NoAnswer::Empty
        }
    );
}

mod blind_sets;
mod forms;
mod later_sets;
mod no_answer;
mod twentieth_set;
mod twenty_fifth_set;
mod twenty_first_set;
mod twenty_fourth_set;
mod twenty_second_set;
mod twenty_sixth_set;
mod twenty_third_set;
