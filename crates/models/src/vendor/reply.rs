//! Reading a reply: the answer (or article), the evidence and the token usage, each through its
//! path, with a message for every path that finds nothing.

use crate::vendor::paths::JsonPath;
use crate::vendor::spec::ReplyPaths;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One piece of evidence the endpoint returned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EvidenceItem {
    /// Its id (a chunk's or document's), when the endpoint gives one.
    pub id: Option<String>,
    /// Its text.
    pub text: String,
}

/// What was read from a reply.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Reading {
    /// The answer (or article) text.
    pub answer: Option<String>,
    /// The evidence, in the endpoint's order.
    pub evidence: Vec<EvidenceItem>,
    /// Prompt tokens used.
    pub prompt_tokens: Option<u64>,
    /// Completion tokens used.
    pub completion_tokens: Option<u64>,
    /// What a path did not find, or found in a shape that cannot be read.
    pub problems: Vec<String>,
}

/// Evidence items kept per reply; the rest are counted in the reading's problems.
pub const MAX_EVIDENCE_ITEMS: usize = 100;
/// Bytes of evidence text kept per reply; an item past it is cut (at a character boundary).
pub const MAX_EVIDENCE_BYTES: usize = 256 * 1024;

/// Keeps at most [`MAX_EVIDENCE_BYTES`] of the items' text; says what was cut.
fn cap_evidence(evidence: &mut Vec<EvidenceItem>, problems: &mut Vec<String>) {
    let mut left = MAX_EVIDENCE_BYTES;
    let mut cut = 0usize;
    for item in evidence.iter_mut() {
        if item.text.len() > left {
            let mut end = left;
            while !item.text.is_char_boundary(end) {
                end -= 1;
            }
            item.text.truncate(end);
            cut += 1;
        }
        left -= item.text.len();
    }
    evidence.retain(|item| !item.text.is_empty() || item.id.is_some());
    if cut > 0 {
        problems.push(format!(
            "the evidence's text passed {} KiB: {cut} items were cut short",
            MAX_EVIDENCE_BYTES / 1024
        ));
    }
}

const TEXT_KEYS: [&str; 7] = [
    "text",
    "content",
    "page_content",
    "snippet",
    "chunk",
    "passage",
    "body",
];
const ID_KEYS: [&str; 7] = [
    "id",
    "chunk_id",
    "doc_id",
    "document_id",
    "source",
    "source_id",
    "url",
];

fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn evidence_item(
    item: &Value,
    text_path: &JsonPath,
    id_path: &JsonPath,
) -> Result<EvidenceItem, String> {
    if let Some(text) = scalar_text(item) {
        return Ok(EvidenceItem { id: None, text });
    }
    let text = if text_path.is_empty() {
        TEXT_KEYS
            .iter()
            .find_map(|k| item.get(k).and_then(scalar_text))
            .ok_or_else(|| {
                format!(
                    "an evidence item has none of the fields {} (set the evidence text path)",
                    TEXT_KEYS.join(", ")
                )
            })?
    } else {
        text_path
            .find(item)
            .ok()
            .and_then(scalar_text)
            .ok_or_else(|| "an evidence item has no text at the evidence text path".to_owned())?
    };
    let id = if id_path.is_empty() {
        ID_KEYS
            .iter()
            .find_map(|k| item.get(k).and_then(scalar_text))
    } else {
        id_path.find(item).ok().and_then(scalar_text)
    };
    Ok(EvidenceItem { id, text })
}

fn tokens(path: &str, reply: &Value, what: &str, problems: &mut Vec<String>) -> Option<u64> {
    let path = JsonPath::parse(path).ok()?;
    if path.is_empty() {
        return None;
    }
    match path.find(reply) {
        Ok(value) => {
            let count = value.as_u64();
            if count.is_none() {
                problems.push(format!("the {what} path found no whole number"));
            }
            count
        }
        Err(e) => {
            problems.push(format!("{what}: {e}"));
            None
        }
    }
}

/// Reads a reply's JSON through the paths.
pub fn read_reply(paths: &ReplyPaths, reply: &Value) -> Reading {
    let mut reading = Reading::default();
    match JsonPath::parse(&paths.answer) {
        Ok(path) if !path.is_empty() => match path.find(reply) {
            Ok(value) => match scalar_text(value) {
                Some(text) => reading.answer = Some(text),
                None if value.is_null() => {
                    reading
                        .problems
                        .push("the answer path found null: the endpoint gave no answer".into());
                }
                None => reading.problems.push(format!(
                    "the answer path found {} where text was expected",
                    if value.is_array() {
                        "a list"
                    } else {
                        "an object"
                    }
                )),
            },
            Err(e) => reading.problems.push(format!("answer: {e}")),
        },
        Ok(_) => {}
        Err(e) => reading.problems.push(format!("answer: {e}")),
    }
    if let Ok(path) = JsonPath::parse(&paths.evidence)
        && !path.is_empty()
    {
        let text_path = JsonPath::parse(&paths.evidence_text).unwrap_or_default();
        let id_path = JsonPath::parse(&paths.evidence_id).unwrap_or_default();
        match path.find(reply) {
            Ok(Value::Array(items)) => {
                for item in items.iter().take(MAX_EVIDENCE_ITEMS) {
                    match evidence_item(item, &text_path, &id_path) {
                        Ok(e) => reading.evidence.push(e),
                        Err(e) => {
                            reading.problems.push(e);
                            break;
                        }
                    }
                }
            }
            Ok(Value::Null) => {}
            Ok(single) => match evidence_item(single, &text_path, &id_path) {
                Ok(e) => reading.evidence.push(e),
                Err(e) => reading.problems.push(e),
            },
            Err(e) => reading.problems.push(format!("evidence: {e}")),
        }
        if let Ok(Value::Array(items)) = path.find(reply)
            && items.len() > MAX_EVIDENCE_ITEMS
        {
            reading.problems.push(format!(
                "the reply held {} evidence items: the first {MAX_EVIDENCE_ITEMS} are kept",
                items.len()
            ));
        }
        cap_evidence(&mut reading.evidence, &mut reading.problems);
    }
    reading.prompt_tokens = tokens(
        &paths.prompt_tokens,
        reply,
        "prompt tokens",
        &mut reading.problems,
    );
    reading.completion_tokens = tokens(
        &paths.completion_tokens,
        reply,
        "completion tokens",
        &mut reading.problems,
    );
    reading
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rag() -> ReplyPaths {
        ReplyPaths {
            answer: "answer".into(),
            evidence: "contexts".into(),
            prompt_tokens: "usage.prompt_tokens".into(),
            completion_tokens: "usage.completion_tokens".into(),
            ..ReplyPaths::default()
        }
    }

    #[test]
    fn evidence_is_kept_within_its_caps_and_the_rest_is_said() {
        let many: Vec<Value> = (0..200_000)
            .map(|i| json!({"text": format!("item {i}")}))
            .collect();
        let reading = read_reply(&rag(), &json!({"answer": "B", "contexts": many}));
        assert_eq!(reading.evidence.len(), MAX_EVIDENCE_ITEMS);
        assert!(
            reading
                .problems
                .iter()
                .any(|p| p.contains("200000 evidence items")),
            "{:?}",
            reading.problems
        );
        let long = "é".repeat(MAX_EVIDENCE_BYTES);
        let reading = read_reply(
            &rag(),
            &json!({"answer": "B", "contexts": [long.clone(), long]}),
        );
        let kept: usize = reading.evidence.iter().map(|e| e.text.len()).sum();
        assert!(kept <= MAX_EVIDENCE_BYTES, "{kept}");
        assert_eq!(reading.evidence.len(), 1);
        assert!(
            reading.problems.iter().any(|p| p.contains("cut short")),
            "{:?}",
            reading.problems
        );
    }

    #[test]
    fn answer_evidence_and_tokens_are_read() {
        let reply = json!({
            "answer": "B",
            "contexts": [{"chunk_id": "c7", "page_content": "Port 443."}, "plain passage"],
            "usage": {"prompt_tokens": 120, "completion_tokens": 3}
        });
        let r = read_reply(&rag(), &reply);
        assert_eq!(r.answer.as_deref(), Some("B"));
        assert_eq!(r.evidence[0].id.as_deref(), Some("c7"));
        assert_eq!(r.evidence[0].text, "Port 443.");
        assert_eq!(r.evidence[1].text, "plain passage");
        assert_eq!((r.prompt_tokens, r.completion_tokens), (Some(120), Some(3)));
        assert!(r.problems.is_empty(), "{:?}", r.problems);
    }

    #[test]
    fn what_is_missing_is_said() {
        let r = read_reply(&rag(), &json!({"result": "B"}));
        assert_eq!(r.answer, None);
        assert!(r.problems[0].contains("no 'answer'"), "{:?}", r.problems);
        assert!(r.problems.iter().any(|p| p.starts_with("evidence:")));
        let r = read_reply(&rag(), &json!({"answer": {"letter": "B"}}));
        assert!(r.problems[0].contains("an object"), "{:?}", r.problems);
    }
}
