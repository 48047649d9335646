//! Questions written by a language model (paper 004's shape: a passage in, one question with
//! four choices and the key out): the prompt, the GBNF grammar that holds a local model to the
//! reply's JSON, and the reading of a reply. A reply that is not the question asked for is
//! counted with its reason (not JSON, cut off, declined, a field missing, the strict parse's
//! rules) — never repaired.

use super::parse::{Draft, KeyRef, Unparsed, strict};
use serde_json::Value;

/// Tokens a reply may take: a question and four choices fit with room to spare.
pub const MAX_TOKENS: usize = 320;

/// The longest passage put in a prompt, in characters (a chunk is cut at a character boundary).
pub const MAX_PASSAGE_CHARS: usize = 3000;

/// The instruction, before the passage.
pub const INSTRUCTIONS: &str = "Write one multiple-choice question for an exam on the documentation below. \
The question must be answerable from the passage, make sense without it (do not write \"the passage\", \
\"the text\" or \"the documentation\"), and end with a question mark. Give four different choices: \
exactly one is correct and stated in the passage; the three others are plausible but wrong. \
Reply with JSON only, in this form: \
{\"question\": \"...\", \"choices\": [\"...\", \"...\", \"...\", \"...\"], \"answer\": \"A\"} \
where \"answer\" is the letter of the correct choice.";

/// The prompt for one passage.
pub fn prompt(passage: &str) -> String {
    let cut = passage
        .char_indices()
        .nth(MAX_PASSAGE_CHARS)
        .map_or(passage, |(at, _)| &passage[..at]);
    format!("{INSTRUCTIONS}\n\nPassage:\n{}\n", cut.trim())
}

/// GBNF for the reply: the JSON object above, each text at most 300 characters.
pub const GRAMMAR: &str = r#"root ::= "{" ws "\"question\":" ws text "," ws "\"choices\":" ws "[" ws text ws "," ws text ws "," ws text ws "," ws text ws "]" ws "," ws "\"answer\":" ws "\"" [ABCD] "\"" ws "}"
text ::= "\"" char{1,300} "\""
char ::= [^"\\\x00-\x1F] | "\\" ["\\/nt]
ws ::= [ \n]{0,2}
"#;

/// Phrases by which a model declines to write.
const DECLINING: &[&str] = &[
    "i can't",
    "i cannot",
    "i'm sorry",
    "i am sorry",
    "i am unable",
    "i'm unable",
    "as an ai",
];

/// Reads one reply (its text, and whether it was cut off or declined by the server).
pub fn read_reply(text: &str, truncated: bool, refused: bool) -> Result<Draft, Unparsed> {
    if refused {
        return Err(Unparsed::Refusal);
    }
    // A model may wrap its JSON in a Markdown fence; the object itself is what counts.
    let trimmed = text.trim();
    let body = trimmed
        .strip_prefix("```json")
        .or_else(|| trimmed.strip_prefix("```"))
        .and_then(|t| t.trim_end().strip_suffix("```"))
        .unwrap_or(trimmed)
        .trim();
    let value: Value = match serde_json::from_str(body) {
        Ok(value) => value,
        Err(_) if truncated => return Err(Unparsed::Truncated),
        Err(e) => {
            let lower = body.to_lowercase();
            if DECLINING.iter().any(|d| lower.contains(d)) {
                return Err(Unparsed::Refusal);
            }
            return Err(Unparsed::NotJson(e.to_string()));
        }
    };
    let Some(object) = value.as_object() else {
        return Err(Unparsed::NotJson("the reply is not an object".into()));
    };
    let field = |names: &[&str]| names.iter().find_map(|n| object.get(*n));
    let stem = field(&["question", "stem"])
        .and_then(Value::as_str)
        .ok_or_else(|| Unparsed::MissingField("question".into()))?;
    let choices: Vec<String> = match field(&["choices", "options"]) {
        Some(Value::Array(items)) => items
            .iter()
            .map(|c| c.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or_else(|| Unparsed::MissingField("choices".into()))?,
        Some(Value::Object(by_letter)) => by_letter
            .values()
            .map(|c| c.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or_else(|| Unparsed::MissingField("choices".into()))?,
        _ => return Err(Unparsed::MissingField("choices".into())),
    };
    let key = field(&["answer", "correct_answer", "key"]);
    let key = match key {
        Some(Value::String(text)) => KeyRef::Text(text),
        Some(Value::Number(n)) => KeyRef::Index(
            n.as_u64()
                .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX)),
        ),
        _ => return Err(Unparsed::MissingField("answer".into())),
    };
    strict(stem, &choices, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"question": "Which file lists the package sources that APT reads by default?",
        "choices": ["/etc/apt/sources.list", "/etc/fstab", "/etc/hosts", "/etc/passwd"], "answer": "A"}"#;

    #[test]
    fn a_well_formed_reply_is_a_question() {
        let d = read_reply(GOOD, false, false).unwrap();
        assert_eq!(d.key, 0);
        assert_eq!(d.choices.len(), 4);
        let fenced = format!("```json\n{GOOD}\n```");
        assert_eq!(read_reply(&fenced, false, false).unwrap(), d);
    }

    #[test]
    fn every_failure_keeps_its_reason() {
        assert!(matches!(
            read_reply("Here is a question: what?", false, false),
            Err(Unparsed::NotJson(_))
        ));
        assert_eq!(
            read_reply(&GOOD[..60], true, false),
            Err(Unparsed::Truncated)
        );
        assert_eq!(
            read_reply("I'm sorry, but I can't help with that.", false, false),
            Err(Unparsed::Refusal)
        );
        assert_eq!(read_reply("anything", false, true), Err(Unparsed::Refusal));
        assert_eq!(
            read_reply(r#"{"question": "x"}"#, false, false),
            Err(Unparsed::MissingField("choices".into()))
        );
        let three = r#"{"question": "Which file lists the package sources that APT reads by default?",
            "choices": ["/etc/apt/sources.list", "/etc/fstab", "/etc/hosts"], "answer": "A"}"#;
        assert_eq!(
            read_reply(three, false, false),
            Err(Unparsed::ChoiceCount(3))
        );
        let same = GOOD.replace("/etc/hosts", "/etc/fstab");
        assert_eq!(
            read_reply(&same, false, false),
            Err(Unparsed::SameChoices(1, 2))
        );
        let wrong_key = GOOD.replace(r#""answer": "A""#, r#""answer": "/etc/shadow""#);
        assert!(matches!(
            read_reply(&wrong_key, false, false),
            Err(Unparsed::KeyNotAChoice(_))
        ));
    }

    #[test]
    fn the_prompt_carries_the_passage_within_bounds() {
        let long = "word ".repeat(2000);
        let p = prompt(&long);
        assert!(p.starts_with(INSTRUCTIONS));
        assert!(p.chars().count() < INSTRUCTIONS.chars().count() + MAX_PASSAGE_CHARS + 20);
    }
}
