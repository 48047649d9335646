//! A question turned into a request: the template filled in, the secret headers read (once per
//! run) and a copy of the request to keep, with every secret masked.

use crate::ModelError;
use crate::vendor::http::Outgoing;
use crate::vendor::spec::{HeaderValue, HttpMethod, VendorSpec};
use crate::vendor::template::{self, Fields};

/// The secret header values of one endpoint, read when a run (or a try) begins.
pub struct Secrets {
    values: Vec<Option<String>>,
}

impl std::fmt::Debug for Secrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Secrets({} read)", self.values.iter().flatten().count())
    }
}

impl Secrets {
    /// Reads each secret header's value; one that is not there is an error naming where it
    /// was looked for.
    pub fn read(spec: &VendorSpec, system: &str) -> Result<Self, ModelError> {
        let values = spec
            .headers
            .iter()
            .map(|h| {
                h.value
                    .secret_source()
                    .map(|source| source.read(&format!("the endpoint '{system}'")))
                    .transpose()
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { values })
    }

    /// `text` with every secret replaced by "•••" (a server may echo a header back), also in
    /// its JSON-escaped form, and any piece of a secret of at least [`SECRET_PIECE`] characters
    /// that starts or ends it (a reply cut across the key, by the server or by a store limit).
    pub fn redact(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for secret in self.values.iter().flatten().filter(|s| s.len() >= 4) {
            let quoted = serde_json::Value::from(secret.as_str()).to_string();
            let escaped = &quoted[1..quoted.len() - 1];
            let slashed = escaped.replace('/', "\\/");
            let forms = [secret.as_str(), escaped, &slashed];
            // Whole forms first: a piece of one form must not break up another whole one.
            for form in forms {
                if out.contains(form) {
                    out = out.replace(form, "•••");
                }
            }
            for form in forms {
                out = without_pieces(&out, form);
            }
        }
        out
    }
}

/// The fewest characters of a secret that are masked when only a piece of it stands in a text.
pub const SECRET_PIECE: usize = 8;

/// `text` with every piece of `secret` of at least [`SECRET_PIECE`] characters that starts the
/// secret (a text cut after it) or ends it (a text cut before it) masked.
fn without_pieces(text: &str, secret: &str) -> String {
    let chars: Vec<char> = secret.chars().collect();
    if chars.len() <= SECRET_PIECE {
        return text.to_owned();
    }
    let head: String = chars[..SECRET_PIECE].iter().collect();
    let tail: String = chars[chars.len() - SECRET_PIECE..].iter().collect();
    if !text.contains(&head) && !text.contains(&tail) {
        return text.to_owned();
    }
    let mut out = text.to_owned();
    // A head: as much of the secret as follows it.
    while let Some(at) = out.find(&head) {
        let run = out[at..]
            .chars()
            .zip(&chars)
            .take_while(|(a, b)| a == *b)
            .map(|(a, _)| a.len_utf8())
            .sum::<usize>();
        out.replace_range(at..at + run, "•••");
    }
    // A tail: as much of the secret as precedes it.
    while let Some(at) = out.find(&tail) {
        let end = at + tail.len();
        let run = out[..end]
            .chars()
            .rev()
            .zip(chars.iter().rev())
            .take_while(|(a, b)| a == *b)
            .map(|(a, _)| a.len_utf8())
            .sum::<usize>();
        out.replace_range(end - run..end, "•••");
    }
    out
}

/// A request ready to send and its copy to keep (secrets masked).
#[derive(Debug)]
pub struct Prepared {
    /// What is sent.
    pub outgoing: Outgoing,
    /// The request as text, secrets masked: "POST address", the headers, a blank line, the body.
    pub copy: String,
}

/// Fills the spec in for one question.
pub fn prepare(
    spec: &VendorSpec,
    fields: &Fields,
    secrets: &Secrets,
) -> Result<Prepared, ModelError> {
    let url = template::render_url(spec.url.trim(), fields)?;
    let body = if spec.method == HttpMethod::Get {
        None
    } else {
        Some(template::render_body(&spec.body, fields)?)
    };
    let mut headers = Vec::with_capacity(spec.headers.len() + 1);
    let mut shown = Vec::with_capacity(spec.headers.len() + 1);
    for (header, secret) in spec.headers.iter().zip(&secrets.values) {
        let name = header.name.trim().to_owned();
        match (&header.value, secret) {
            (HeaderValue::Text { value }, _) => {
                shown.push(format!("{name}: {value}"));
                headers.push((name, value.clone()));
            }
            (
                HeaderValue::Environment { name: from, prefix }
                | HeaderValue::Keychain { name: from, prefix },
                Some(secret),
            ) => {
                let place = match header.value {
                    HeaderValue::Keychain { .. } => format!("keychain entry '{from}'"),
                    _ => format!("${from}"),
                };
                shown.push(format!("{name}: {prefix}••• (from {place})"));
                headers.push((name, format!("{prefix}{secret}")));
            }
            (_, None) => {
                return Err(ModelError::Invalid(format!(
                    "the header {name}'s secret was not read"
                )));
            }
        }
    }
    let has_type = headers
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("content-type"));
    if let Some(body) = &body
        && !has_type
    {
        let kind = if template::is_json(body) {
            "application/json"
        } else {
            "text/plain; charset=utf-8"
        };
        shown.push(format!("Content-Type: {kind}"));
        headers.push(("Content-Type".to_owned(), kind.to_owned()));
    }
    let mut copy = format!("{} {url}\n{}\n", spec.method.as_str(), shown.join("\n"));
    if let Some(body) = &body {
        copy.push('\n');
        copy.push_str(body);
    }
    Ok(Prepared {
        outgoing: Outgoing {
            method: spec.method,
            url,
            headers,
            body,
        },
        copy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vendor::spec::{HeaderSpec, presets};

    #[test]
    fn the_copy_masks_secrets_and_the_request_carries_them() {
        let mut spec = presets().remove(0).spec;
        // SAFETY of the test: a variable only this test reads.
        let var = "PROCTOR_TEST_VENDOR_SECRET_REQUEST";
        spec.headers = vec![
            HeaderSpec {
                name: "Authorization".into(),
                value: HeaderValue::Environment {
                    name: var.into(),
                    prefix: "Bearer ".into(),
                },
            },
            HeaderSpec {
                name: "X-Team".into(),
                value: HeaderValue::Text {
                    value: "eval".into(),
                },
            },
        ];
        let secret = "sk-test-0123456789abcdef";
        let secrets = Secrets {
            values: vec![Some(secret.to_owned()), None],
        };
        let prepared = prepare(&spec, &Fields::example(), &secrets).unwrap();
        assert!(!prepared.copy.contains(secret), "{}", prepared.copy);
        assert!(
            prepared
                .copy
                .contains("Bearer ••• (from $PROCTOR_TEST_VENDOR_SECRET_REQUEST)")
        );
        assert!(prepared.copy.contains("X-Team: eval"));
        assert!(
            prepared
                .outgoing
                .headers
                .contains(&("Authorization".into(), format!("Bearer {secret}")))
        );
        assert!(format!("{:?}", prepared.outgoing).find(secret).is_none());
        assert_eq!(secrets.redact(&format!("echo {secret}!")), "echo •••!");
        // A piece of the key cut at either end is masked from 8 characters up.
        let cut_after = &secret[..secret.len() - 3];
        let cut_before = &secret[5..];
        assert_eq!(secrets.redact(&format!("a {cut_after}")), "a •••");
        assert_eq!(secrets.redact(&format!("{cut_before} b")), "••• b");
        assert_eq!(secrets.redact(&secret[..7]), secret[..7]);
        let slashed = Secrets {
            values: vec![Some("abc/def\"ghi".to_owned())],
        };
        assert_eq!(
            slashed.redact(r#"{"k": "abc/def\"ghi"}"#),
            r#"{"k": "•••"}"#
        );
        assert_eq!(
            slashed.redact(r#"{"k": "abc\/def\"ghi"}"#),
            r#"{"k": "•••"}"#
        );
    }

    #[test]
    fn a_missing_secret_names_its_variable() {
        let mut spec = presets().remove(0).spec;
        spec.headers = vec![HeaderSpec {
            name: "Authorization".into(),
            value: HeaderValue::Environment {
                name: "PROCTOR_TEST_SURELY_UNSET_VARIABLE".into(),
                prefix: "Bearer ".into(),
            },
        }];
        let e = Secrets::read(&spec, "vendor A").unwrap_err().to_string();
        assert!(
            e.contains("PROCTOR_TEST_SURELY_UNSET_VARIABLE") && e.contains("vendor A"),
            "{e}"
        );
    }
}
