//! JSON read strictly: a syntax error names its line, and a key written twice in one object is
//! refused with both lines (serde_json would silently keep the last one — in an answers file,
//! one of two answers to the same question).

use crate::{ImportError, Location};
use serde_json::Value as Json;
use std::borrow::Cow;
use std::collections::HashMap;

/// The lines of a text with their 1-based numbers; LF, CRLF and a lone CR each end one line.
pub(crate) fn physical_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut number = 0;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        number += 1;
        let end = bytes[start..]
            .iter()
            .position(|b| *b == b'\n' || *b == b'\r')
            .map_or(bytes.len(), |p| start + p);
        let line = &text[start..end];
        start = match bytes.get(end) {
            Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        Some((number, line))
    })
}

/// Lone CRs (old Mac line ends) as LF, so that serde_json's line numbers match an editor's.
/// Outside strings this changes nothing; inside a string a raw CR is invalid JSON either way.
fn unify_line_ends(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone_cr) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        out.push(if c == '\r' && lone_cr(i) { '\n' } else { c });
    }
    Cow::Owned(out)
}

fn strip_position(message: &str) -> &str {
    message.find(" at line ").map_or(message, |i| &message[..i])
}

/// Parses one JSON document whose first line is line `line_offset + 1` of the file.
pub(crate) fn parse_json_at(
    file: &str,
    text: &str,
    line_offset: usize,
) -> Result<Json, ImportError> {
    let text = unify_line_ends(text);
    let value: Json = serde_json::from_str(&text).map_err(|e| {
        ImportError::at(
            file,
            Location::Line(e.line() + line_offset),
            None,
            format!(
                "invalid JSON at column {}: {}",
                e.column(),
                strip_position(&e.to_string())
            ),
        )
    })?;
    if let Some((key, first, second)) = duplicate_key(&text) {
        return Err(ImportError::at(
            file,
            Location::Line(second + line_offset),
            Some(&key),
            format!(
                "this key appears twice in the same object (first at line {}); \
                 each may appear once",
                first + line_offset
            ),
        ));
    }
    Ok(value)
}

/// Parses a whole JSON file.
pub(crate) fn parse_json(file: &str, text: &str) -> Result<Json, ImportError> {
    parse_json_at(file, text, 0)
}

/// The first key written twice in one object of a well-formed JSON text: (key, line of the
/// first, line of the second). One pass; memory bounded by the keys of the open objects.
fn duplicate_key(text: &str) -> Option<(String, usize, usize)> {
    struct Frame {
        object: bool,
        expect_key: bool,
        keys: HashMap<String, usize>,
    }
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => line += 1,
            b'{' | b'[' => stack.push(Frame {
                object: bytes[i] == b'{',
                expect_key: bytes[i] == b'{',
                keys: HashMap::new(),
            }),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => {
                if let Some(top) = stack.last_mut() {
                    top.expect_key = top.object;
                }
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(top) = stack.last_mut()
                    && top.object
                    && top.expect_key
                {
                    top.expect_key = false;
                    let raw = &text[start..=i.min(bytes.len() - 1)];
                    let key: String = serde_json::from_str(raw).unwrap_or_else(|_| raw.to_owned());
                    if let Some(first) = top.keys.insert(key.clone(), line) {
                        return Some((key, first, line));
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_with_lf_crlf_or_cr() {
        let lines: Vec<(usize, &str)> = physical_lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(lines, [(1, "a"), (2, "b"), (3, "c"), (4, ""), (5, "d")]);
    }

    #[test]
    fn regression_duplicate_answers_in_a_json_map_name_both_lines() {
        // Defect 7 of issue 9: the second answer silently won.
        let text = "{\n  \"q1\": \"A\",\n  \"q2\": \"B\",\n  \"q1\": \"C\"\n}";
        let err = parse_json("answers.json", text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "answers.json:4:q1: this key appears twice in the same object (first at line 2); \
             each may appear once"
        );
    }

    #[test]
    fn keys_may_repeat_across_objects_and_escapes_are_decoded() {
        let text = r#"[{"id": "q1", "a\u0062": 1}, {"id": "q2", "ab": 2}]"#;
        assert!(parse_json("f.json", text).is_ok());
        let text = r#"{"x": {"k": 1, "k\u0031": 2}, "k": {"k1": 1, "k\u0031": 2}}"#;
        let err = parse_json("f.json", text).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("k1"));
        // A string value equal to a key is not a key.
        assert!(parse_json("f.json", r#"{"a": "a", "b": ["a", "b"]}"#).is_ok());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let text = "[".repeat(100_000) + &"]".repeat(100_000);
        let err = parse_json("deep.json", &text).unwrap_err();
        assert!(err.message.contains("recursion limit"), "{err}");
    }

    #[test]
    fn old_mac_line_ends_give_editor_line_numbers() {
        let err = parse_json("f.json", "[\r1,\r2,\r]").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(4)));
    }
}
