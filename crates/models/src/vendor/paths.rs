//! Paths into a JSON reply: `choices[0].message.content`, `data.answer`, `contexts` (a leading
//! `$.` is allowed, and `.0` works like `[0]`). When a path finds nothing, the message says how
//! far it got and what was there instead.

use serde_json::Value;
use std::fmt::Write as _;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// A parsed path; the empty path reads nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonPath {
    steps: Vec<Step>,
    text: String,
}

impl JsonPath {
    /// Parses a path; a malformed one ("a..b", "a[x]") is refused with the reason.
    pub fn parse(text: &str) -> Result<Self, String> {
        let trimmed = text.trim();
        let body = trimmed
            .strip_prefix("$.")
            .or_else(|| trimmed.strip_prefix('$'))
            .unwrap_or(trimmed);
        let mut steps = Vec::new();
        if body.is_empty() {
            return Ok(Self {
                steps,
                text: trimmed.to_owned(),
            });
        }
        for part in body.split('.') {
            let (name, mut rest) = match part.find('[') {
                Some(i) => (&part[..i], &part[i..]),
                None => (part, ""),
            };
            if name.is_empty() && rest.is_empty() {
                return Err(format!("'{trimmed}' has an empty step"));
            }
            if !name.is_empty() {
                match name.parse::<usize>() {
                    Ok(i) => steps.push(Step::Index(i)),
                    Err(_) => steps.push(Step::Key(name.to_owned())),
                }
            }
            while !rest.is_empty() {
                let Some(end) = rest.find(']') else {
                    return Err(format!("'{trimmed}' has a '[' without ']'"));
                };
                let index = rest[1..end].trim().parse::<usize>().map_err(|_| {
                    format!("'{trimmed}': '{}' is not a list position", &rest[1..end])
                })?;
                steps.push(Step::Index(index));
                rest = &rest[end + 1..];
                if !rest.is_empty() && !rest.starts_with('[') {
                    return Err(format!("'{trimmed}' has text after ']' (use a '.')"));
                }
            }
        }
        Ok(Self {
            steps,
            text: trimmed.to_owned(),
        })
    }

    /// Whether the path is empty (reads nothing).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The value at the path, or why there is none.
    pub fn find<'a>(&self, value: &'a Value) -> Result<&'a Value, String> {
        let mut here = value;
        let mut walked = String::new();
        for step in &self.steps {
            let next = match step {
                Step::Key(key) => here.get(key.as_str()),
                Step::Index(i) => here.get(*i),
            };
            let Some(next) = next else {
                let at = if walked.is_empty() {
                    "the reply".to_owned()
                } else {
                    format!("'{walked}'")
                };
                let wanted = match step {
                    Step::Key(key) => format!("no '{key}'"),
                    Step::Index(i) => format!("no item {i}"),
                };
                return Err(format!(
                    "the path '{}' found nothing: {at} has {wanted} ({})",
                    self.text,
                    describe(here)
                ));
            };
            match step {
                Step::Key(key) => {
                    if !walked.is_empty() {
                        walked.push('.');
                    }
                    walked.push_str(key);
                }
                Step::Index(i) => {
                    let _ = write!(walked, "[{i}]");
                }
            }
            here = next;
        }
        Ok(here)
    }
}

/// What a value is, briefly: an object's keys, a list's length, a scalar's kind.
fn describe(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let keys: Vec<&str> = map.keys().take(12).map(String::as_str).collect();
            if keys.is_empty() {
                "it is an empty object".to_owned()
            } else {
                format!("its keys: {}", keys.join(", "))
            }
        }
        Value::Array(items) => format!("it is a list of {}", items.len()),
        Value::String(_) => "it is text".to_owned(),
        Value::Number(_) => "it is a number".to_owned(),
        Value::Bool(_) => "it is true or false".to_owned(),
        Value::Null => "it is null".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_walk_objects_and_lists() {
        let reply =
            json!({"choices": [{"message": {"content": "B"}}], "usage": {"total_tokens": 9}});
        for path in [
            "choices[0].message.content",
            "$.choices[0].message.content",
            "choices.0.message.content",
        ] {
            let found = JsonPath::parse(path).unwrap().find(&reply).unwrap();
            assert_eq!(found, "B", "{path}");
        }
        assert!(JsonPath::parse("").unwrap().is_empty());
    }

    #[test]
    fn a_miss_says_how_far_it_got() {
        let reply = json!({"choices": [{"text": "B"}]});
        let e = JsonPath::parse("choices[0].message.content")
            .unwrap()
            .find(&reply)
            .unwrap_err();
        assert!(e.contains("'choices[0]' has no 'message'"), "{e}");
        assert!(e.contains("its keys: text"), "{e}");
        let e = JsonPath::parse("choices[3]")
            .unwrap()
            .find(&reply)
            .unwrap_err();
        assert!(e.contains("no item 3") && e.contains("list of 1"), "{e}");
    }

    #[test]
    fn malformed_paths_are_refused() {
        assert!(JsonPath::parse("a..b").is_err());
        assert!(JsonPath::parse("a[x]").is_err());
        assert!(JsonPath::parse("a[0").is_err());
        assert!(JsonPath::parse("a[0]b").is_err());
    }
}
