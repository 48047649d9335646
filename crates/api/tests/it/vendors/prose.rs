//! A vendor that answers in prose, as assistants do: every reply is read as its writer meant
//! it — a letter in prose, a final line after reasoning, the key's text beside a rejected
//! choice, contrast, markdown — and "I don't know" is no answer, never a choice.

use super::*;

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
