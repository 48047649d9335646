//! What the fifteenth to nineteenth blind sets showed.

use super::*;

/// What the fifteenth set showed (chat assistants and RAG products on five sets), one general
/// rule each.
#[test]
fn what_the_fifteenth_set_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let ports = owned(&["port 21", "port 22", "port 80", "port 443"]);
    let on = |reply: &str| read_answer(reply, &ports);
    // A guess after "the sources don't say" is an answer.
    assert_eq!(
        on(
            "None of the retrieved sources mention this specifically, but D is the standard answer."
        )
        .choice(),
        Some(3)
    );
    // Undecided at the end, after a change of mind: several.
    assert!(
        on("At first I thought D. On reflection, B has a good case too. I'm going back and forth on this one.")
            .needs_a_look()
    );
    assert_eq!(
        on("At first I thought D. On reflection, B has a good case too.").choice(),
        Some(1)
    );
    // Sources that disagree, and no answer of the reply's own.
    assert!(
        on("The retrieved passages conflict: one points to B (port 22), another to C (port 80). I'd recommend checking the official source.")
            .needs_a_look()
    );
    assert!(
        on("According to bar-prep/outline-2023.pdf the answer would be A, but Dobbs, The Law of Torts § 120 implies D.")
            .needs_a_look()
    );
    assert_eq!(
        on("The sources conflict: [1] says B, [2] says C. The RFC is authoritative, so the answer is C.").choice(),
        Some(2)
    );
    // "each answer c", cut off inside "choice"; "Schedule D" and "User A" are names.
    assert_eq!(
        on("Let's break the scenario down and map the rules onto each answer c").choice(),
        None
    );
    assert_eq!(
        on("Schedule D in the provided documentation covers this: port 22 [FCC Part 97, Schedule D].").choice(),
        Some(1)
    );
    assert_eq!(
        on("Make it concrete: if User A shares data with User B, you land on C — \"port 80\".")
            .choice(),
        Some(2)
    );
    // "the final choice" is the last; "the one that applies" is no number.
    assert_eq!(on("It's the final choice.").choice(), Some(3));
    let watts = owned(&[
        "50 watts PEP",
        "100 watts PEP",
        "1 watt EIRP",
        "5 watts EIRP",
    ]);
    assert_eq!(
        read_answer(
            "Are you after the textbook answer or the one that applies in practice?",
            &watts
        )
        .choice(),
        None
    );
    // No information, no correct option: no answer; a "classic distractor" is rejected.
    assert!(matches!(
        on("I don't have information about that in the documentation I was given."),
        AnswerReading::NoAnswer { .. }
    ));
    assert!(matches!(
        on("There's no correct option among these."),
        AnswerReading::NoAnswer { .. }
    ));
    assert_eq!(
        on("The difference is that \"port 21\" is a classic distractor: it sounds plausible but mixes things up. On balance, I'd choose D.").choice(),
        Some(3)
    );
    // Statements judged, then the set concluded.
    let sets = owned(&["केवल 1 और 2", "केवल 2", "केवल 2 और 3", "केवल 3"]);
    assert_eq!(
        read_answer(
            "Statement 1 (\"…\"): correct\nStatement 2 (\"…\"): true\nStatement 3 (\"…\"): false\n\nBoth 1 and 2 are correct.",
            &sets
        )
        .choice(),
        Some(0)
    );
    assert!(read_answer("Answer: B. Statements 2 and 3 are correct.", &sets).needs_a_look());
}

#[test]
fn what_the_sixteenth_set_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let letters = owned(&["first", "second", "third", "fourth"]);
    for (reply, meant) in [
        // Others' pick, then the writer's own.
        (
            "Many people pick A here. It's a trap — this counts some cases twice. Go with C.",
            2,
        ),
        // A slip owned up to.
        ("Apologies — correction: A. I mistakenly said B earlier.", 0),
        // Answers in Portuguese and Polish, another choice named on the way.
        (
            "A opção D contradiz a informação dada, por isso a resposta é B.",
            1,
        ),
        (
            "Odpowiedź C dotyczy innej sytuacji, więc właściwa jest A.",
            0,
        ),
        ("A resposta correta é a C.", 2),
    ] {
        assert_eq!(
            read_answer(reply, &letters).choice(),
            Some(meant),
            "{reply}"
        );
    }
    // "No information" in Polish and Portuguese gives no answer.
    for reply in [
        "Dostarczone dokumenty nie zawierają informacji potrzebnych do odpowiedzi na to pytanie.",
        "Os documentos não contêm informação suficiente para responder.",
    ] {
        assert!(
            matches!(read_answer(reply, &letters), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
    // A choice's words with two slips, "only" closing them: no cut-off reply, but a look.
    let statements = owned(&[
        "statement of cash flows only.",
        "income statement only.",
        "balance sheet only.",
    ]);
    let got = read_answer("Answer: balace shet only", &statements);
    assert!(!matches!(got, AnswerReading::NoAnswer { .. }), "{got:?}");
    assert!(
        matches!(
            read_answer("To see which one holds, we can only", &statements),
            AnswerReading::NoAnswer { .. }
        ),
        "a modal before \"only\" leaves the sentence open"
    );
}

#[test]
fn a_formula_s_layout_commands_are_no_words() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let numbers = owned(&["7", "5", "4", "3"]);
    // "3\right]" says nothing is right: a restated question cut off gives no answer.
    let got = read_answer(
        "The question asks: \"Let \\(S=\\left\\{x\\in\\left[-6, 3\\right]-\\left\\{-2,2…\". \
         The key concept here is",
        &numbers,
    );
    assert!(matches!(got, AnswerReading::NoAnswer { .. }), "{got:?}");
    // … while "\boxed{3}" still gives its answer.
    assert_eq!(
        read_answer("So the count is \\(\\boxed{3}\\).", &numbers).choice(),
        Some(3)
    );
}

/// What the sixteenth set left for a look after its first mends: votes, a ranking on one line,
/// a place after "#", a minus sign written as an en dash, a question quoted before its answer.
#[test]
fn what_the_sixteenth_set_left() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let signed = owned(&["–15", "–60", "60", "15"]);
    let on = |reply: &str| read_answer(reply, &signed).choice();
    // A tally of votes is no list of answers.
    assert_eq!(
        on("Sampled 5 reasoning paths → answers: A, A, A, A, D. Majority vote: A."),
        Some(0)
    );
    assert_eq!(
        on("Sampled 5 paths, answers: A, A, A, A, D. Final answer: A"),
        Some(0)
    );
    // … while two answers listed stay two.
    assert_eq!(on("Answers: A, D."), None);
    // The first of a ranking on one line, picked again after it.
    assert_eq!(
        on("From most to least likely: C, B, D, A. Going with C."),
        Some(2)
    );
    // "#4" is the fourth, though the choices hold numbers.
    assert_eq!(on("Correct: #4"), Some(3));
    assert_eq!(on("Correct: 4"), None);
    // An en dash before a digit is a minus sign, no clause's end: the answer marker stays
    // with its number.
    assert_eq!(on("B counts some cases twice. The answer is –15."), Some(0));
    assert_eq!(
        on(
            "B counts some cases twice; C counts some cases twice; and D counts some cases twice. That leaves \"–15\"."
        ),
        Some(0)
    );
    // The question quoted before the answer lends it no letters.
    let pairs = owned(&["(3, 3)", "(2, 4)", "(2, 3)", "(3, 4)"]);
    assert_eq!(
        read_answer(
            "You're asking: \"Let \\(A=\\begin{pmatrix}4 & -2 \\\\ \\alpha & \\beta \\end{pmatrix}\\) If A^2 + γA + 18I = 0, then det (A) is equal…\" — the answer is B.",
            &pairs
        )
        .choice(),
        Some(1)
    );
}

/// What the seventeenth set showed (German, Italian, Vietnamese and pilot-theory questions;
/// chat assistants, RAG products, agents, HTML), one general rule each.
#[test]
fn what_the_seventeenth_set_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let four = owned(&["alpha one", "beta two", "gamma three", "delta four"]);
    let on = |reply: &str| read_answer(reply, &four);
    let none = |reply: &str| matches!(on(reply), AnswerReading::NoAnswer { .. });
    // HTML: a tag's name is no letter ("<b>" is no B).
    assert_eq!(on("<p>The answer is <b>D</b>.</p>").choice(), Some(3));
    // An echoed list's items neither open nor close the reply; the one marked is the answer.
    assert_eq!(
        on("<ul>\n  <li>A</li>\n  <li>B</li>\n  <li>C</li>\n  <li>D <b>(correct)</b></li>\n</ul>")
            .choice(),
        Some(3)
    );
    assert_eq!(on("- A\n- B\n- C (correct)\n- D").choice(), Some(2));
    // … while a letter over its reasons still opens the reply.
    assert_eq!(
        on("**B**\nReason: it fits.\n\nWhy not the others?\n- C: wrong standard.\n- D: too broad.\n- A: too narrow.").choice(),
        Some(1)
    );
    // A transcript: the assistant's last turn answers.
    assert_eq!(
        on("Assistant: The answer is B.\nUser: Are you sure? I think that's wrong.\nAssistant: You're right, I apologize. The correct answer is D — delta four.").choice(),
        Some(3)
    );
    // Rejections and picks in the question's language.
    assert_eq!(
        on("Lösung: (D). Die anderen Aussagen widersprechen der Aufgabe. Antwort B ist falsch.")
            .choice(),
        Some(3)
    );
    assert_eq!(on("Mình chọn A nhé. Loại phương án D.").choice(), Some(0));
    assert_eq!(on("Chọn D. Phương án C không đúng.").choice(), Some(3));
    // A caveat about the question is no refusal; alternatives conceded are no picks.
    assert_eq!(
        on("Short version: A. Some caveats: the question doesn't specify conditions, and under unusual assumptions D or even C could be defended.").choice(),
        Some(0)
    );
    assert!(none("The documentation doesn't specify this."));
    // Every option judged wrong, and an agent out of steps: no answer.
    assert!(none(
        "All options look wrong to me: D and A both contradict the premise, and the others are irrelevant."
    ));
    assert!(none(
        "Thought: I need to look this up.\nAction: search(\"alpha\")\nObservation: No results found.\nAgent stopped due to iteration limit or time limit."
    ));
    // A line labelled as the wrong answer rejects it.
    assert_eq!(on("Wrong answer: D. Correct answer: A.").choice(), Some(0));
    // Cut off after a closing quote's full stop: the last sentence names nothing.
    assert!(none(
        "Okay, let's analyze. Option B says “beta”. Whether this is true depends on what happens to the"
    ));
    // True in general, but no answer to what is asked.
    assert_eq!(
        on("**C. gamma three**\n\n- Option A is true in general but doesn't answer what is asked.")
            .choice(),
        Some(2)
    );
    // A summary's letter; a question of another kind offered after the answer.
    assert_eq!(on("**A)** alpha — a distractor.\n**B)** beta — this is right.\n**C)** gamma — backwards.\n\n**In summary: B.**").choice(), Some(1));
    assert_eq!(
        on("It's A. Is this for homework? I can make practice questions, e.g. one where B would be correct.").choice(),
        Some(0)
    );
    // A question restated in quotes after "Restating:" lends no text.
    assert_eq!(
        on("Restating: “Which is alpha one or delta four?”\n→ It is gamma three (C)").choice(),
        Some(2)
    );
    // "The second" of a pair named "between X and Y" is the pair's.
    let currents = owned(&["6 mA", "8 mA", "10 mA", "12 mA"]);
    assert_eq!(
        read_answer(
            "Between “6 mA” and “10 mA”, the second is right.",
            &currents
        )
        .choice(),
        Some(2)
    );
    assert_eq!(
        read_answer("Between “10 mA” and “6 mA”, the latter fits.", &currents).choice(),
        Some(0)
    );
    // … only within the sentence that names the pair.
    let senses = owned(&[
        "convergence",
        "motion parallax",
        "perceptual constancy",
        "interpositioning",
    ]);
    assert_eq!(
        read_answer(
            "I'm genuinely torn between A (convergence) and C (perceptual constancy). The standard definition supports the first, but the wording also fits the second. I can't confidently choose between them.",
            &senses
        )
        .choice(),
        None
    );
    // A choice's words without their accents.
    let accented = owned(&[
        "có các đội tàu lớn",
        "không có cảng",
        "ít tàu nhỏ",
        "nhiều sông",
    ]);
    assert_eq!(
        read_answer("I'd say co cac doi tau lon.", &accented).choice(),
        Some(0)
    );
}

/// What the eighteenth set showed (Hungarian, Croatian and Lithuanian questions), one general
/// rule each.
#[test]
fn what_the_eighteenth_set_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let four = owned(&["Isus Krist", "Muhamed", "Mojsije", "Buda"]);
    let on = |reply: &str| read_answer(reply, &four);
    // A web widget's verdict in its attributes.
    assert_eq!(
        on("<ul>\n  <li class=\"incorrect\">A. Isus Krist</li>\n  <li class=\"incorrect\">B. Muhamed</li>\n  <li class=\"correct\">C. Mojsije</li>\n  <li class=\"incorrect\">D. Buda</li>\n</ul>").choice(),
        Some(2)
    );
    // An agent its harness stopped gave no answer; one that finished did.
    assert!(matches!(
        on(
            "Thought: I should search.\nAction: search[\"Buda\"]\nObservation: No results found.\nThought: Let me try verifying option C (\"Mojsije\").\nAction: lookup[\"Mojsije\"]\nObservation: No results found.\n[max_steps=6 reached]"
        ),
        AnswerReading::NoAnswer { .. }
    ));
    assert_eq!(
        on("Thought: Let me look.\nAction: search[x]\nObservation: Passage 2 names Mojsije.\nThought: This confirms C.\nfinal_answer(\"C\")").choice(),
        Some(2)
    );
    // Hungarian's "a(z)" is an article; "not" and "the correct answer" in three languages.
    assert_eq!(on("Szerintem a(z) B a helyes válasz.").choice(), Some(1));
    assert_eq!(on("Nije B; točan odgovor je D.").choice(), Some(3));
    assert_eq!(on("Ne C, o B – tai teisingas atsakymas.").choice(), Some(1));
    // A runner-up and an earlier answer owned up to as a mistake.
    assert_eq!(on("Leaning D. C is a distant second.").choice(), Some(3));
    assert_eq!(
        on("Sorry about that! My earlier answer (C) was a mistake. Corrected answer: **A**.")
            .choice(),
        Some(0)
    );
}

/// What the nineteenth set showed (English prose from assistants, RAG products and agents on
/// tax, statistics, social and moral questions), one general rule each.
#[test]
fn what_the_nineteenth_set_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let four = owned(&["red fox", "blue whale", "green frog", "grey wolf"]);
    let on = |reply: &str| read_answer(reply, &four).choice();
    // A transcript is read by its last assistant turn, whatever its speakers are called.
    assert_eq!(
        on(
            "Human: Which one?\nAI: A. Given the design, red fox.\nHuman: Are you sure?\nAI: Sorry about that. It is B, blue whale."
        ),
        Some(1)
    );
    assert_eq!(
        on(
            "**User:** Which?\n**Assistant:** C.\n**User:** Really? My friend said D.\n**Assistant:** I'm sticking with C."
        ),
        Some(2)
    );
    assert_eq!(
        on(
            "Q: Which?\nA: A.\nQ: Really? My friend said D.\nA: I understand the confusion, but I'm sticking with A."
        ),
        Some(0)
    );
    // … but a reply that answers first and runs on into turns of its own answered first.
    assert_eq!(
        on(
            "C) green frog\n\nUser: thanks!\nAssistant: You're welcome! The answer was C.\nUser: and the next one?\nAssistant: That one is A because"
        ),
        Some(2)
    );
    // Rows of comma-separated values, with a verdict, a 1 or a probability in a cell.
    assert_eq!(on("option,selected\nA,0\nB,0\nC,1\nD,0"), Some(2));
    assert_eq!(
        on("option,text,verdict\nA,red fox,reject\nB,blue whale,accept\nC,green frog,reject"),
        Some(1)
    );
    assert_eq!(
        on("option,probability\nA,0.17\nB,0.06\nC,0.65\nD,0.12"),
        Some(2)
    );
    assert_eq!(
        on("option,score\nA,36\nB,11\nC,26\nD,20\nselected,D"),
        Some(3)
    );
    // A table of likelihoods.
    assert_eq!(
        on("| Choice | Likelihood |\n|:-:|---|\n| A | Low |\n| B | High |\n| C | Very low |"),
        Some(1)
    );
    // … but not a choice's text that opens with such a word.
    let pressures = owned(&["High blood pressure", "Low blood pressure", "Neither"]);
    assert_eq!(
        read_answer(
            "| Option | Text |\n|---|---|\n| A | High blood pressure |\n| B | Low blood pressure |\n| C | Neither |\n\nAnswer: B",
            &pressures
        )
        .choice(),
        Some(1)
    );
    // Options echoed with one pointed out.
    assert_eq!(
        on("Options:\nA. red fox\nB. blue whale\nC. green frog  ⟵ this one\nD. grey wolf"),
        Some(2)
    );
    // A ranking that climbs, and places named after a ranking are the ranking's.
    assert_eq!(
        on(
            "Ordering from least plausible to most plausible: D < A < B < C. I'd go with the last one."
        ),
        Some(2)
    );
    assert_eq!(
        on(
            "Most likely to least likely:\n1. C — green frog\n2. D — grey wolf\n3. B — blue whale\n4. A — red fox\n\nSo my pick is the first one."
        ),
        Some(2)
    );
    assert_eq!(
        on(
            "Least likely → most likely:\n1. A (red fox)\n2. C (green frog)\n3. B (blue whale)\n\nThe bottom of the list is my answer."
        ),
        Some(1)
    );
    // "#1" alone and a number in brackets name places.
    assert_eq!(on("#1"), Some(0));
    assert_eq!(on("Answer: (2)"), Some(1));
    // A change of mind after a final answer; the last of several.
    assert_eq!(
        on("Final answer: B.\n\nHmm, wait. Re-reading the question, I think it's C instead."),
        Some(2)
    );
    assert_eq!(
        on("D. Actually no, C. On third thought, B — that's my final answer."),
        Some(1)
    );
    // A last line "Final: B" after doubts.
    assert_eq!(
        on(
            "There is a case for C. I went back and forth on this, and C could be argued for. But weighing everything:\n\nFinal: B"
        ),
        Some(1)
    );
    // A caveat under another grader's condition leaves the pick.
    assert_eq!(
        on(
            "blue whale (B). That said, if your teacher uses a different definition, A might be marked correct."
        ),
        Some(1)
    );
    // … but a condition the reply turns to with "but" is no caveat (the reply leans to C, not
    // A), and answers under two conditions stay two.
    assert_ne!(
        on(
            "At first glance A looks right. But if you include the credit, C could be the correct answer."
        ),
        Some(0)
    );
    assert_eq!(
        on("If the test follows X, A might be right; otherwise B."),
        None
    );
    // A choice named as a common mistake; a letter with its text, then "is tempting".
    assert_eq!(
        on("A common mistake is to choose \"red fox\". I'd go with C instead."),
        Some(2)
    );
    assert_eq!(
        on("A (red fox!) is tempting, but C is the better answer: what happens drives it home."),
        Some(2)
    );
    // "Selected" as words of a sentence is no label.
    assert!(
        read_answer(
            "Most students selected B, but the correct answer is D.",
            &four
        )
        .choice()
            == Some(3)
    );
    // A pick by "so I'd go with that" and by "that makes it".
    assert_eq!(
        on("The more authoritative one says D, so I'd go with that."),
        Some(3)
    );
    assert_eq!(
        on(
            "I was going to say D. Hmm, no — grey wolf assumes a different design. That makes it \"red fox\"."
        ),
        Some(0)
    );
    // No answer: an empty answer field beside the letters weighed, a pick promised once the
    // asker says more, a refusal to pick on a test, a hand-over to a person.
    for reply in [
        "{\"final_answer\": null, \"options_considered\": [\"A\", \"B\", \"C\"]}",
        "Could you tell me a bit more about the context here? Once I know that, I can pick the right option.",
        "I'd prefer not to pick an answer for you here — this seems to be a test item.",
        "Thanks for your question! I'm going to hand this over to a human agent who can give you an accurate answer.",
        "Source 1 supports C, while Source 2 supports D. The sources conflict and I can't resolve which is correct, so I won't pick one.",
    ] {
        assert!(
            matches!(read_answer(reply, &four), AnswerReading::NoAnswer { .. }),
            "{reply}"
        );
    }
}

#[test]
fn what_the_nineteenth_set_left_for_a_look() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let four = owned(&["red fox", "blue whale", "green frog", "grey wolf"]);
    let on = |reply: &str| read_answer(reply, &four);
    // A letter asked, another offered with "or maybe", then unsure: no answer of its own.
    assert!(on("C? Or maybe B. Not sure.").needs_a_look());
    assert_eq!(on("c? or maybe d... going with c").choice(), Some(2));
    // A denial right before a list of letters denies each; the one left is meant.
    assert_eq!(
        on("It can't be A, B, or D, since the passage rules each of them out. So it has to be the one that's left.").choice(),
        Some(2)
    );
    // ("I can't be sure, but A …" denies nothing.)
    assert_eq!(on("I can't be sure, but A fits best.").choice(), Some(0));
    // A choice another person gave is theirs, not the writer's answer.
    assert_eq!(
        on("You mentioned your teacher marked C as correct. I'd respectfully disagree: it should be B.").choice(),
        Some(1)
    );
    // Sources that disagree, and the writer settles it in so many words.
    assert_eq!(
        on("The documents disagree: one points to \"blue whale\", the other to \"grey wolf\". The more authoritative one says D, so I'd go with that.").choice(),
        Some(3)
    );
    // A row of comma-separated values whose text cell is quoted, commas and all.
    let amounts = owned(&["$33,382", "$43,303", "$46,282", "$47,401"]);
    assert_eq!(
        read_answer(
            "option,text,verdict\nA,\"$33,382\",accept\nB,\"$43,303\",reject\nC,\"$46,282\",reject\nD,\"$47,401\",reject",
            &amounts
        )
        .choice(),
        Some(0)
    );
    // A typo owned up to takes back the letter before it.
    assert_eq!(
        read_answer(
            "Answer: C) $43,303 — sorry, typo: I mean B, $43,303.",
            &amounts
        )
        .choice(),
        Some(1)
    );
    // … but an answer said and another said correct is still a conflict.
    assert!(
        on("I'd select A.\n\nExplanation: the passage says so. This is why option C is correct.")
            .needs_a_look()
    );
}
