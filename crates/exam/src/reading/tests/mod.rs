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
    ] {
        assert_eq!(read(reply), Some(meant), "{reply}");
    }
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
        "the answer is port 443, ".repeat(40_000)
    );
    assert_eq!(read(&long), Some(1));
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

/// What the two latest blind sets showed (chat assistants; vendors' endpoints), one general
/// rule each.
#[test]
fn what_the_chat_and_endpoint_sets_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let sorts = owned(&["cycle sort", "insertion sort", "bubble sort", "merge sort"]);
    let on = |reply: &str| read_answer(reply, &sorts);
    // Letters in scripts written without spaces.
    assert_eq!(on("正解はDです。").choice(), Some(3));
    assert_eq!(on("选A。其他选项都不能解决核心问题。").choice(), Some(0));
    assert_eq!(on("정답은 C입니다.").choice(), Some(2));
    // A capital "A" after "is" in another language is the letter.
    assert_eq!(
        on("Nach Abwägung aller Optionen ist A am überzeugendsten.").choice(),
        Some(0)
    );
    // Two answers asserted, none taken back: a conflict, not the last one.
    assert!(on("A is correct. It fits the facts. In conclusion, the answer is D.").needs_a_look());
    assert!(
        on("Final answer: C\n\nExplanation: the correct choice is D — merge sort.").needs_a_look()
    );
    // … but an answer given and taken back with "let me correct that" is taken back.
    assert_eq!(
        on("The answer is D. Actually, let me correct that: the correct answer is C.").choice(),
        Some(2)
    );
    // Answers under conditions, or left open.
    assert!(on("A if the input is small, but C if it is nearly sorted.").needs_a_look());
    assert!(
        on("It depends on the data. For small inputs the answer would be B, but for large ones it would be D.")
            .needs_a_look()
    );
    assert!(on("\"cycle sort\" and \"merge sort\" both work here.").needs_a_look());
    // A verdict after each letter opening its line, and marks in colour.
    assert_eq!(
        on("A – FALSE\nB – FALSE\nC – TRUE\nD – FALSE").choice(),
        Some(2)
    );
    assert_eq!(
        on("Per-option check:\nA) F\nB) F\nC) F\nD) T").choice(),
        Some(3)
    );
    assert_eq!(on("🔴 A\n🟢 B — this one\n🔴 C\n🔴 D").choice(), Some(1));
    // Odds with one choice above half (the rules' own test is in `odds`).
    assert_eq!(on("A: 6%\nB: 1%\nC: 90%\nD: 3%").choice(), Some(2));
    // JSON: the answer's text or index beside it must agree; "top" and "label" are answers.
    assert_eq!(
        on(r#"{"answer": "D", "answer_text": "merge sort"}"#).choice(),
        Some(3)
    );
    assert!(on(r#"{"answer": "D", "answer_text": "bubble sort"}"#).needs_a_look());
    assert!(on(r#"{"choice": "D", "choice_index": 1, "index_base": 1}"#).needs_a_look());
    assert_eq!(
        on(r#"{"choice": "B", "choice_index": 1, "index_base": 0}"#).choice(),
        Some(1)
    );
    assert_eq!(
        on(r#"{"scores": {"A": 0.2, "B": 0.7}, "top": "B"}"#).choice(),
        Some(1)
    );
    assert_eq!(
        on(r#"<result label="A" confidence="0.95"/>"#).choice(),
        Some(0)
    );
    assert_eq!(on("pred=A conf=0.52 latency_ms=1859").choice(), Some(0));
    // Options counted from zero.
    assert_eq!(
        on("Option 0: cycle sort\nOption 1: insertion sort\nOption 2: bubble sort\nOption 3: merge sort\n\nAnswer: Option 1").choice(),
        Some(1)
    );
    assert_eq!(
        on("The answer is option 2 (counting from zero).").choice(),
        Some(2)
    );
    assert_eq!(on("correct = options[3]  # merge sort").choice(), Some(3));
    // A quoted beginning of a choice names it.
    let tort = owned(&[
        "applicable, because the tuna was packed in a sealed can.",
        "applicable, because the canning company, as the packer, is strictly liable.",
        "not applicable, because the case of tuna had been knocked over by the workmen.",
        "not applicable, because of the sign on the table from which the customer purchased the tuna.",
    ]);
    assert_eq!(
        read_answer(
            "Go with the option stating \"not applicable, because the case of tuna\".",
            &tort
        )
        .choice(),
        Some(2)
    );
    // An echoed list of bare letters after the answer is not a later answer.
    assert_eq!(on("Answer: C\n\nA.\nB.\nC.\nD.").choice(), Some(2));
    // An elimination that ends ", so D."
    assert_eq!(
        on("A and C are clearly wrong, and B misses the point, so D.").choice(),
        Some(3)
    );
    // "The sources don't say. Still, C is …": a guess all the same.
    assert_eq!(
        on("The sources provided don't mention this. Still, C is the most defensible choice.")
            .choice(),
        Some(2)
    );
    // A walk through the options, letter and text, cut off before it picks one.
    assert!(
        on("Option A says \"cycle sort\". Option B says \"insertion sort\". Option")
            .choice()
            .is_none()
    );
}

mod no_answer;

#[test]
fn the_answer_set_in_bold_or_named_by_the_conclusion() {
    let sizes: Vec<String> = ["4 GB", "2 GB", "8 GB", "512 MB"]
        .map(String::from)
        .to_vec();
    let chose = |reply: &str, choices: &[String]| read_answer(reply, choices).choice();
    assert_eq!(
        chose(
            "The Linux package won't start the sync agent unless at least **512 MB** of memory \
             is free [1]. The 2 GB figure you may have seen applies to a different package.",
            &sizes
        ),
        Some(3)
    );
    // A bold heading names nothing; bold that denies marks nothing.
    assert_eq!(
        chose(
            "**Minimum memory**\n\nThe bundle needs **at least 2 GB** to start. The Linux \
             package gets by with 512 MB.",
            &sizes
        ),
        Some(1)
    );
    assert_ne!(
        chose("**Not 512 MB** — the bundle needs 2 GB or 4 GB.", &sizes),
        Some(3)
    );
    let devices: Vec<String> = [
        "25 devices",
        "250 devices",
        "unlimited devices",
        "500 devices",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(
        chose(
            "25 devices is the Team plan, 250 is Business and 500 is Education, so Enterprise \
             must be the unlimited one.",
            &devices
        ),
        Some(2)
    );
    assert_eq!(
        chose(
            "25 devices is the Team plan and 250 is Business, so not the unlimited one.",
            &devices
        ),
        None
    );
}
