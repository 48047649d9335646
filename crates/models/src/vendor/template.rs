//! Request templates: `{{question}}`, `{{choices}}`, `{{choices_lettered}}`, `{{query}}` and
//! `{{id}}` filled in from a question.
//!
//! In a JSON body a placeholder inside a string literal is filled with the text escaped for
//! JSON (`"{{question}}"`); outside one it becomes a JSON value (`"choices": {{choices}}` is an
//! array of strings, the others strings). A body that begins with `{` or `[` must be valid JSON
//! once filled in; any other body gets the plain texts. In the address, values are URL-encoded.

use crate::ModelError;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;

/// The placeholders a template may hold.
pub const PLACEHOLDERS: [&str; 5] = ["question", "choices", "choices_lettered", "query", "id"];

/// What a placeholder is filled with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields {
    /// The question's stem.
    pub question: String,
    /// Its choices, in order.
    pub choices: Vec<String>,
    /// The query it belongs to (its stem when it has none).
    pub query: String,
    /// Its id (in EXAM mode, the query's).
    pub id: String,
}

impl Fields {
    /// A question to check templates with.
    pub fn example() -> Self {
        Self {
            question: "Which port does the \"sync\" service listen on?".to_owned(),
            choices: vec![
                "8080".to_owned(),
                "443".to_owned(),
                "22".to_owned(),
                "5432".to_owned(),
            ],
            query: "sync service set-up".to_owned(),
            id: "q-1".to_owned(),
        }
    }

    /// The choices as lines "A. …".
    pub fn lettered(&self) -> String {
        self.choices
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}. {c}", proctor_core::letter(i)))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn text(&self, name: &str) -> Option<String> {
        Some(match name {
            "question" => self.question.clone(),
            "choices" => self.choices.join("\n"),
            "choices_lettered" => self.lettered(),
            "query" => self.query.clone(),
            "id" => self.id.clone(),
            _ => return None,
        })
    }

    fn value(&self, name: &str) -> Option<Value> {
        if name == "choices" {
            return Some(Value::from(self.choices.clone()));
        }
        self.text(name).map(Value::from)
    }
}

fn invalid(message: String) -> ModelError {
    ModelError::Invalid(message)
}

/// The pieces of a template: literal text and placeholder names.
enum Piece<'a> {
    Text(&'a str),
    Placeholder(&'a str),
}

fn pieces(template: &str) -> Result<Vec<Piece<'_>>, ModelError> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push(Piece::Text(&rest[..start]));
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            return Err(invalid(format!(
                "a placeholder is not closed: '{{{{{}' needs '}}}}'",
                after.chars().take(20).collect::<String>()
            )));
        };
        let name = after[..end].trim();
        if !PLACEHOLDERS.contains(&name) {
            return Err(invalid(format!(
                "'{{{{{name}}}}}' is not a placeholder; use {}",
                PLACEHOLDERS.map(|p| format!("{{{{{p}}}}}")).join(", ")
            )));
        }
        out.push(Piece::Placeholder(name));
        rest = &after[end + 2..];
    }
    out.push(Piece::Text(rest));
    Ok(out)
}

/// Whether the JSON text so far leaves us inside a string literal.
fn inside_string(state: &mut (bool, bool), text: &str) {
    let (in_string, escaped) = state;
    for c in text.chars() {
        if *in_string {
            if *escaped {
                *escaped = false;
            } else if c == '\\' {
                *escaped = true;
            } else if c == '"' {
                *in_string = false;
            }
        } else if c == '"' {
            *in_string = true;
        }
    }
}

/// The body filled in from `fields`.
pub fn render_body(template: &str, fields: &Fields) -> Result<String, ModelError> {
    let mut out = String::with_capacity(template.len() + 256);
    let json = is_json(template);
    let mut state = (false, false);
    for piece in pieces(template)? {
        match piece {
            Piece::Text(text) => {
                inside_string(&mut state, text);
                out.push_str(text);
            }
            Piece::Placeholder(name) if !json => {
                out.push_str(&fields.text(name).unwrap_or_default());
            }
            Piece::Placeholder(name) => {
                if state.0 {
                    let quoted = Value::from(fields.text(name).unwrap_or_default()).to_string();
                    out.push_str(&quoted[1..quoted.len() - 1]);
                } else {
                    out.push_str(&fields.value(name).unwrap_or(Value::Null).to_string());
                }
            }
        }
    }
    if json && let Err(e) = serde_json::from_str::<Value>(&out) {
        return Err(invalid(format!(
            "the body is not valid JSON once filled in ({e})"
        )));
    }
    Ok(out)
}

/// Whether a body is JSON (and goes with `Content-Type: application/json`).
pub fn is_json(body: &str) -> bool {
    let trimmed = body.trim_start();
    trimmed.starts_with('{') || trimmed.starts_with('[')
}

/// Checks an address template's placeholders.
pub fn check_url(template: &str) -> Result<(), ModelError> {
    pieces(template).map(|_| ())
}

/// The address filled in from `fields`, values URL-encoded.
pub fn render_url(template: &str, fields: &Fields) -> Result<String, ModelError> {
    let mut out = String::with_capacity(template.len() + 128);
    for piece in pieces(template)? {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Placeholder(name) => out.extend(utf8_percent_encode(
                &fields.text(name).unwrap_or_default(),
                NON_ALPHANUMERIC,
            )),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_escaped_in_strings_and_values_outside() {
        let fields = Fields::example();
        let body = render_body(
            r#"{"q": "Q: {{question}}", "c": {{choices}}, "l": "{{choices_lettered}}", "id": {{id}}}"#,
            &fields,
        )
        .unwrap();
        let json: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["q"], format!("Q: {}", fields.question));
        assert_eq!(json["c"][3], "5432");
        assert_eq!(json["l"], "A. 8080\nB. 443\nC. 22\nD. 5432");
        assert_eq!(json["id"], "q-1");
    }

    #[test]
    fn an_escaped_quote_does_not_end_the_string() {
        let body = render_body(r#"{"q": "say \"{{id}}\" now"}"#, &Fields::example()).unwrap();
        let json: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["q"], "say \"q-1\" now");
    }

    #[test]
    fn broken_templates_say_where() {
        let e = render_body(r#"{"q": "{{question}}""#, &Fields::example()).unwrap_err();
        assert!(e.to_string().contains("not valid JSON"), "{e}");
        let e = render_body(r#"{"q": "{{question"}"#, &Fields::example()).unwrap_err();
        assert!(e.to_string().contains("not closed"), "{e}");
        let e = render_body(r#"{"q": "{{stem}}"}"#, &Fields::example()).unwrap_err();
        assert!(e.to_string().contains("{{stem}}"), "{e}");
        // A non-JSON body is sent as it is.
        assert_eq!(
            render_body("q={{id}}", &Fields::example()).unwrap(),
            "q=q-1"
        );
    }

    #[test]
    fn addresses_are_url_encoded() {
        let url = render_url("http://h/ask?q={{question}}&id={{id}}", &Fields::example()).unwrap();
        assert!(
            url.starts_with("http://h/ask?q=Which%20port%20does"),
            "{url}"
        );
        assert!(url.ends_with("&id=q%2D1"), "{url}");
    }
}
