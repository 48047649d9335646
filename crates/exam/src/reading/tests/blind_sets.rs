//! What the later blind sets showed, and the answer set in bold or named by a conclusion.

use super::*;

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

/// What the eighth blind set (formulas, number patterns, diagrams) showed besides formulas.
#[test]
fn what_the_puzzle_set_showed() {
    assert_eq!(
        read("Answer:DExplanation:Comparing each term with the one before it"),
        Some(3)
    );
    // Verdicts on the others in brackets after "the other three fail" reject them.
    assert_eq!(
        read(
            "Process of elimination gives C: the other three each fail (A: it fits only if \
             you ignore part of it; B: it's off by a small amount; D: it breaks the pattern)."
        ),
        Some(2)
    );
    assert_eq!(
        read("The answer is C (A: too small; B: too large)."),
        Some(2)
    );
    assert_eq!(read("The top option."), Some(0));
    assert_eq!(read("The bottom one."), Some(3));
    assert_eq!(read("C sounds right, but D is the actual answer."), Some(3));
    let formulas: Vec<String> = [
        "w = u - 13 + e",
        "w = u - 13 - e",
        "w = u + 13 + e",
        "w = (u + 13) / d",
    ]
    .map(String::from)
    .to_vec();
    let read_formula = |reply: &str| read_answer(reply, &formulas).choice();
    assert_eq!(
        read_formula("w = (u + 13) / d"),
        Some(3),
        "d is a variable, not D"
    );
    assert_eq!(
        read_formula("Definitely not w = u - 13 - e. It's w = u + 13 + e."),
        Some(2)
    );
    assert_eq!(
        read_formula("w is u - 13 + e — that's the rearrangement."),
        Some(0)
    );
}

#[test]
fn an_answer_under_a_condition_beside_another_is_no_one_answer() {
    assert!(
        read_answer(
            "If we're talking about the textbook implementation, A; with the optimised variant it's B.",
            &choices()
        )
        .needs_a_look()
    );
    assert_eq!(read("If I had to pick one, B. A is wrong."), Some(1));
    assert_eq!(
        read("If I had to choose between option D and B, I'd choose option (B)."),
        Some(1),
        "a choice inside the condition is no answer to it"
    );
}

/// What the twelfth blind set showed (two to twenty-two choices; small models running on), one
/// general rule each.
#[test]
fn what_the_many_choice_set_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let places = owned(&[
        "red_box",
        "blue_box",
        "green_box",
        "red_jar",
        "blue_jar",
        "green_jar",
        "red_bag",
        "blue_bag",
        "green_bag",
        "red_can",
    ]);
    let on = |reply: &str| read_answer(reply, &places);
    // "I" is the ninth letter where it stands alone or ends the answer's sentence …
    assert_eq!(on("I.").choice(), Some(8));
    assert_eq!(
        on("Let's take a look. The correct choice is I.").choice(),
        Some(8)
    );
    // … and the pronoun elsewhere.
    assert_eq!(on("The answer is, I think, B.").choice(), Some(1));
    // Struck-through text is crossed out.
    assert_eq!(
        on(
            "~~A. red_box~~ — moved later.\n~~B. blue_box~~ — outdated.\nOnly C. green_box remains."
        )
        .choice(),
        Some(2)
    );
    // Letters and nothing else, several of them: no one answer.
    assert!(on("[E] [J]").needs_a_look());
    // An answer in any tag that holds only it.
    assert_eq!(on("<output>A</output>").choice(), Some(0));
    // A small model that answered and ran on into a question of its own answered the first.
    assert_eq!(
        on("Answer: D\n\nQuestion: 1+1 is:\nA) 2\nB) 3\nAnswer: B").choice(),
        Some(3)
    );
    assert_eq!(
        on("F\n\n### Instruction:\n1+1 is:\n\n### Response:\nE").choice(),
        Some(5)
    );
    // … but a "question:" field inside a fenced block is the answer's own.
    assert_eq!(
        on("```yaml\nquestion: \"where is the ball\"\nanswer: C\n```").choice(),
        Some(2)
    );
    let moods = owned(&["proud of Casey", "anxious", "happy for Casey"]);
    let on = |reply: &str| read_answer(reply, &moods);
    // A reply that stops where its answer was to come gives none, whatever it named before.
    for reply in [
        "\"proud of Casey\" doesn't really follow from what's described. Therefore, the correct answer is **",
        "\"anxious\" would be an odd reaction here. So the answer must be",
        "Nothing in the story suggests \"happy for",
    ] {
        assert!(
            matches!(
                on(reply),
                AnswerReading::NoAnswer { .. } | AnswerReading::Unsure { .. }
            ),
            "{reply}"
        );
    }
    // … while one that answered first keeps its answer.
    assert_eq!(on("The answer is B. It fits because the").choice(), Some(1));
    // A letter and its full stop before a quotation ends the sentence: no name's initial.
    assert_eq!(
        on("The answer isn't A; it's C. \"proud of Casey\" would be an odd reaction here.")
            .choice(),
        Some(2)
    );
    // "not X but Y" asserts Y; a runner-up is not the answer.
    assert_eq!(
        on("It's not A but C. \"happy for Casey\" is where most readers land.").choice(),
        Some(2)
    );
    assert_eq!(on("Best: B. Runner-up: C.").choice(), Some(1));
    // A choice rejected stays rejected where its words come back later.
    assert_eq!(
        on("It's definitely not A, and C doesn't fit either. \"proud of Casey\" overstates it. I can't narrow it down further.").choice(),
        None
    );
    // A guess after "the context doesn't say" is an answer.
    assert_eq!(
        on("There's no information on this in the retrieved context. Going on general reasoning alone, tentatively, B.").choice(),
        Some(1)
    );
    // "doesn't follow", "would be an odd …" reject what they follow.
    assert_eq!(
        on("\"anxious\" would be an odd reaction; \"proud of Casey\" doesn't follow either. It is happy for Casey.")
            .choice(),
        Some(2)
    );
}

#[test]
fn a_list_rejected_together_and_a_question_answered_yes() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let counts = owned(&["zero times", "once", "twice", "three times"]);
    let on = |reply: &str| read_answer(reply, &counts);
    assert_eq!(on("Both B and D are wrong; it is C.").choice(), Some(2));
    assert_eq!(
        on("Is it A? No. Is it B? No, it runs more often. Is it C? Yes. The query runs twice.")
            .choice(),
        Some(2)
    );
}

#[test]
fn two_choices_left_open_and_a_question_answered_no_about_a_quotation() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let counts = owned(&["zero times", "once", "twice", "more than twice"]);
    let on = |reply: &str| read_answer(reply, &counts);
    // Two letters asserted together: a conclusion that follows the second one's reasoning
    // does not pick it.
    assert!(
        on("Both B and D are correct. It runs once when stored, so it ends up executing more than twice.")
            .needs_a_look()
    );
    // … while one set in bold still does.
    assert_eq!(
        on("Both B and D are correct, but **more than twice** is the safer reading.").choice(),
        Some(3)
    );
    // A leaning taken back by "I can't decide between them".
    assert_eq!(
        on("It's either B or D. On the other hand, \"more than twice\" is exactly what the second pass shows. I can't decide between them.")
            .choice(),
        None
    );
    // … but not one asserted after the writer was undecided.
    assert_eq!(
        on("I was torn between B and D, but the second pass settles it: it is D.").choice(),
        Some(3)
    );
    // "Is it A? No — \"zero times\" …": the letter asked about is not the text after its "No".
    assert_eq!(
        on("Is it A? No - \"zero times\" miscounts. Is it B? No - \"once\" would only be right if it were stored. Is it C? Yes. Any() runs it once and First() again.")
            .choice(),
        Some(2)
    );
    // A bold letter opening the reply, and another called the best choice at its end.
    assert!(
        on("**C**\n\nThis is the only option that ties the start to the end. So D is the best choice.")
            .needs_a_look()
    );
    assert_eq!(
        on("**D**\n\nThis is the only option that ties the start to the end. So D is the best choice.")
            .choice(),
        Some(3)
    );
    // "Either A or C …", then both rejected: not the one the reply never offered.
    let moves = owned(&["ignore Jan", "laugh with Jan", "ask why Jan was watching"]);
    assert_eq!(
        read_answer("Either A or C could be argued. Nothing in the story suggests \"ignore Jan\". But \"ask why Jan was watching\" doesn't really follow either.", &moves).choice(),
        None
    );
    assert_eq!(
        read_answer(
            "\"ignore Jan\" doesn't fit. \"ask why Jan was watching\" doesn't follow either.",
            &moves
        )
        .choice(),
        Some(1)
    );
    // A letter and its text alone on the last line, under reasoning that names others.
    let versions = owned(&["4.4.0", "4.4.2", "4.4.1", "4.3.3"]);
    assert_eq!(
        read_answer(
            "The most recent release is 4.4.1; three back from there is 4.3.3.\n\n[D. 4.3.3]",
            &versions
        )
        .choice(),
        Some(3)
    );
    // … but not the last of the choices listed one a line.
    assert_ne!(
        read_answer(
            "The most recent release is 4.4.1.\nA. 4.4.0\nB. 4.4.2\nC. 4.4.1\nD. 4.3.3",
            &versions
        )
        .choice(),
        Some(3)
    );
}

#[test]
fn what_the_fourteenth_set_showed() {
    let owned = |c: &[&str]| c.iter().map(|c| (*c).to_owned()).collect::<Vec<String>>();
    let planets = owned(&["Mercurio", "Marte", "Venus", "Júpiter"]);
    let on = |reply: &str| read_answer(reply, &planets);
    // A final answer that the prose above contradicts in so many words is a conflict …
    assert!(
        on("The answer is B. The others contradict the stem.\n\nFinal answer: [A]").needs_a_look()
    );
    // … but not one taken back on the way, nor an agent's trace.
    assert_eq!(
        on("The answer is A. Actually, wait: Marte fits better.\n\nFinal answer: B").choice(),
        Some(1)
    );
    assert_eq!(
        on("Thought: the answer is A.\nObservation: the orbit says otherwise.\nFinal answer: B")
            .choice(),
        Some(1)
    );
    // Two letters with a citation between them are offered together.
    assert!(on("**Answer: C** (per [1]) **and A** (per [2])").needs_a_look());
    // "B can't be right: \"…\"" rejects; "A can't be right" is the letter A.
    assert_eq!(
        on("A can't be right: \"Mercurio\" is too hot. B can't be right: \"Marte\" describes something else. D is out, because nothing in the question supports \"Júpiter\". That leaves only one option.").choice(),
        Some(2)
    );
    // A text firmly called the answer and another letter under it are a conflict.
    assert!(on("Therefore \"Marte\" is the correct statement.\n\nAnswer: C").needs_a_look());
    // "It's either B or C … I can't say which one": no one answer.
    assert_eq!(
        on("It's either B or C. B (\"Marte\") is what many textbooks say, while C (\"Venus\") is also defensible. I can't say which one the exam expects.").choice(),
        None
    );
    // A number after "Statement" labels a statement, not a choice.
    let only = owned(&["Only 1", "Only 2", "Both 1 and 2", "Neither 1 nor 2"]);
    assert_ne!(
        read_answer("Statement 2 (\"the ministry …\"): false", &only).choice(),
        Some(1)
    );
    // A last line that only announces the answer: it never came.
    assert_eq!(
        on("**Analysis**\n\nNothing in the question supports \"Marte\". \"Venus\" describes something else entirely.\n\n**Answer:** ").choice(),
        None
    );
    // A refusal in Spanish names no choice "No …" by its "no puedo".
    let crossing = owned(&[
        "Es posible pasar a la otra orilla si rema perpendicularmente a ella.",
        "No puede pasar.",
        "Sí, se puede pasar eligiendo muchas direcciones diferentes.",
    ]);
    assert_eq!(
        read_answer(
            "Lo siento, no puedo ayudarte con preguntas de examen.",
            &crossing
        )
        .choice(),
        None
    );
    let yes_no = owned(&["Yes", "No"]);
    assert_eq!(
        read_answer("No. There is a limit.", &yes_no).choice(),
        Some(1)
    );
}
