#[test]
fn scratch() {
    let path = std::env::var("SCR").unwrap_or("/tmp/scr.json".into());
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for r in v.as_array().unwrap() {
        let choices: Vec<String> = r["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        let reply = r["reply"].as_str().unwrap();
        println!(
            "{:?}\n  meant {} read {:?}",
            &reply[..reply.len().min(100)],
            r["meant"],
            proctor_exam::reading::read_answer(reply, &choices)
        );
    }
}
