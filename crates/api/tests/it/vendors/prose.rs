//! A vendor that answers in prose, as assistants do: every reply is read as its writer meant
//! it — a letter in prose, a final line after reasoning, the key's text beside a rejected
//! choice, contrast, markdown — and "I don't know" is no answer, never a choice.

use super::*;
use proctor_api::dto::{CompareRequest, HandChoice, ReadReply};

/// The vendor's reply to a question, in one of ten styles by its number: the key (as a letter
/// or its text) meant in all but the last style, which does not know.
fn prose(known: &Known) -> String {
    let key = &known.key;
    let text = &known.key_text;
    let other = if key == "A" { "B" } else { "A" };
    match known.number % 10 {
        0 => format!("Looking at the documentation, I would go with ({key})."),
        1 => format!(
            "Let me reason it through. Option {other} looks plausible at first, but it does not \
             match the setup guide.\n\nFinal answer: {key}"
        ),
        2 => format!("Not {other} — the documentation says \"{text}\"."),
        3 => format!("While ({other}) might seem plausible, the answer is {text}."),
        4 => format!("**Answer**\n\n**{key}** — {text}\n\nThe other options do not fit."),
        5 => format!("{{\"answer\": \"{key}\", \"confidence\": 0.8}}"),
        6 => format!("{other} is wrong; it is {key}."),
        7 => format!(
            "Great question! According to the docs [1], it's {text}.\n\nSources:\n[1] The guide"
        ),
        8 => format!("Option {other} can be ruled out. That leaves {key}."),
        _ => "I don't know — the provided documents do not say.".to_owned(),
    }
}

#[test]
fn a_vendor_answering_in_prose_is_read_as_it_meant() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let replies: HashMap<String, String> =
        known.iter().map(|(id, k)| (id.clone(), prose(k))).collect();
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let reply = &replies[body["id"].as_str().unwrap_or("")];
        Reply::json(json!({ "answer": reply }).to_string())
    });
    let mut clean = spec(server.url());
    clean.reply.evidence.clear();
    project
        .save_endpoint(&EndpointSystem {
            name: "Prose Vendor".into(),
            spec: clean,
        })
        .unwrap();
    project
        .run_endpoints(&run(&["Prose Vendor"]), &NoProgress)
        .unwrap();
    let overview = project.systems_overview().unwrap();
    let info = overview
        .systems
        .iter()
        .find(|s| s.name == "Prose Vendor")
        .unwrap();
    let knows_not = known.values().filter(|k| k.number % 10 == 9).count();
    assert_eq!(info.right as usize, known.len() - knows_not, "{info:?}");
    assert_eq!(info.unanswered as usize, knows_not);
    assert_eq!((info.wrong, info.errors), (0, 0));
}

/// Replies that name two choices and hold neither need a look: counted on the Systems page, on
/// the leaderboard and in the verdict; a person's reading of one counts at once, and again when
/// the same reply comes back (a new sitting, a new version's carried answers).
#[test]
fn replies_that_need_a_look_are_counted_and_read_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let (mut project, known) = sample(dir.path());
    let unsure = |k: &Known| k.number % 7 == 3;
    let replies: HashMap<String, String> = known
        .iter()
        .map(|(id, k)| {
            let other = if k.key == "A" { "B" } else { "A" };
            let reply = if unsure(k) {
                format!("It could be {} or {other}; both fit the guide.", k.key)
            } else {
                format!("The answer is {}.", k.key)
            };
            (id.clone(), reply)
        })
        .collect();
    let server = VendorServer::start(move |seen, _| {
        let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
        let reply = &replies[body["id"].as_str().unwrap_or("")];
        Reply::json(json!({ "answer": reply }).to_string())
    });
    let mut clean = spec(server.url());
    clean.reply.evidence.clear();
    project
        .save_endpoint(&EndpointSystem {
            name: "Hedging Vendor".into(),
            spec: clean,
        })
        .unwrap();
    project
        .run_endpoints(&run(&["Hedging Vendor"]), &NoProgress)
        .unwrap();
    let looks = known.values().filter(|k| unsure(k)).count();
    assert!(looks >= 2, "the sample has {} questions", known.len());
    let info = |project: &Project| {
        project
            .systems_overview()
            .unwrap()
            .systems
            .into_iter()
            .find(|s| s.name == "Hedging Vendor")
            .unwrap()
    };
    let standing = |project: &Project| {
        project
            .grades(None)
            .unwrap()
            .leaderboard
            .into_iter()
            .find(|s| s.system == "Hedging Vendor")
            .unwrap()
    };
    assert_eq!(info(&project).needs_look as usize, looks);
    assert_eq!(info(&project).unanswered, 0);
    let before = standing(&project);
    assert_eq!(before.needs_look as usize, looks);
    assert_eq!(before.correct as usize, known.len() - looks);
    // Not right, and not answered: on answered, every reply read was right.
    assert_eq!(before.accuracy_on_answered, Some(1.0));
    let other = project.grades(None).unwrap().leaderboard[0].system.clone();
    let other = if other == "Hedging Vendor" {
        project.grades(None).unwrap().leaderboard[1].system.clone()
    } else {
        other
    };
    let verdict = |project: &Project| {
        project
            .compare(&CompareRequest {
                exam: None,
                first: "Hedging Vendor".into(),
                second: other.clone(),
            })
            .unwrap()
            .verdict
            .sentence
    };
    let said = verdict(&project);
    assert!(
        said.contains(&format!(
            "{looks} of Hedging Vendor's replies still need a look"
        )),
        "{said}"
    );
    assert!(
        said.ends_with(" Read by hand, they could turn this verdict.")
            || said.ends_with(" However they are read, this verdict stands."),
        "the verdict says whether the replies to read could turn it: {said}"
    );

    // The analyst reads one: the key. The sheet shows it as read by hand, with the original.
    let (id, first) = known
        .iter()
        .filter(|(_, k)| unsure(k))
        .min_by_key(|(_, k)| k.number)
        .unwrap();
    let sheet = project
        .read_reply(&ReadReply {
            system: "Hedging Vendor".into(),
            question: id.clone(),
            reading: HandChoice::Choice {
                letter: first.key.clone(),
            },
            reason: Some("it leans to the key in the next sentence".into()),
        })
        .unwrap();
    let row = sheet.rows.iter().find(|r| &r.id == id).unwrap();
    assert_eq!(row.verdict, AnswerVerdict::Right);
    assert_eq!(
        row.reading.as_deref(),
        Some(format!("choice {} by hand", first.key).as_str())
    );
    let hand = row.hand.as_ref().unwrap();
    assert!(
        hand.original
            .as_deref()
            .is_some_and(|o| o.starts_with("needs a look")),
        "{hand:?}"
    );
    let after = standing(&project);
    assert_eq!(after.needs_look as usize, looks - 1);
    assert_eq!(after.correct, before.correct + 1);
    assert!(verdict(&project).contains(&format!("{} of Hedging Vendor's", looks - 1)));

    // A letter that is not a choice is refused, and changes nothing.
    let wrong = project.read_reply(&ReadReply {
        system: "Hedging Vendor".into(),
        question: id.clone(),
        reading: HandChoice::Choice { letter: "Q".into() },
        reason: None,
    });
    assert!(
        wrong.unwrap_err().message.contains("is not one of them"),
        "a letter past the choices"
    );
    assert_eq!(standing(&project).correct, after.correct);

    // Asked again from scratch, the same reply is read by hand again.
    let mut again = run(&["Hedging Vendor"]);
    again.restart = true;
    project.run_endpoints(&again, &NoProgress).unwrap();
    assert_eq!(standing(&project).needs_look as usize, looks - 1);
    assert_eq!(standing(&project).correct, after.correct);

    // A new version of the exam (another question retired) carries the answers over: the
    // hand reading goes with its reply.
    let retired = known
        .iter()
        .find(|(q, k)| *q != id && !unsure(k))
        .map(|(q, _)| q.clone())
        .unwrap();
    project
        .retire_question(&QuestionRequest {
            exam: None,
            id: retired,
        })
        .unwrap();
    let frozen = project
        .freeze_draft(&proctor_api::dto::ExamRef { exam: None })
        .unwrap();
    assert_eq!(frozen.version.version, 2, "{frozen:?}");
    let carried = standing(&project);
    assert_eq!(carried.needs_look as usize, looks - 1);
    let sheet = project
        .answer_sheet(&SystemName {
            name: "Hedging Vendor".into(),
        })
        .unwrap();
    let row = sheet.rows.iter().find(|r| &r.id == id).unwrap();
    assert_eq!(row.verdict, AnswerVerdict::Right);
    assert!(row.hand.is_some(), "the note goes with it: {row:?}");

    // Taken back, it needs its look again.
    project
        .read_reply(&ReadReply {
            system: "Hedging Vendor".into(),
            question: id.clone(),
            reading: HandChoice::Undo,
            reason: None,
        })
        .unwrap();
    assert_eq!(standing(&project).needs_look as usize, looks);
}
