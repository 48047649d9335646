//! API keys kept out of every file Proctor writes: read at the moment of use from an environment
//! variable or an entry of the OS keychain (Secret Service over D-Bus on Linux — GNOME Keyring,
//! KWallet —, the Keychain on macOS, the Credential Manager on Windows), and shown only masked.

use crate::ModelError;
use serde::{Deserialize, Serialize};

/// The keychain's service name under which Proctor's entries are kept.
pub const KEYCHAIN_SERVICE: &str = "Proctor";

/// Where a secret is read from when it is needed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", content = "name", rename_all = "kebab-case")]
pub enum SecretSource {
    /// An environment variable of that name.
    Environment(String),
    /// An entry of the OS keychain (service [`KEYCHAIN_SERVICE`]).
    Keychain(String),
}

fn invalid(message: String) -> ModelError {
    ModelError::Invalid(message)
}

/// Checks a keychain entry's name: 1–100 printable characters, no surrounding spaces.
pub fn check_entry_name(entry: &str) -> Result<(), ModelError> {
    if entry.is_empty() || entry.chars().count() > 100 {
        return Err(invalid(
            "a keychain entry's name must be 1 to 100 characters long".to_owned(),
        ));
    }
    if entry.trim() != entry || entry.chars().any(char::is_control) {
        return Err(invalid(format!(
            "the keychain entry's name '{}' must not begin or end with spaces nor hold control characters",
            entry.escape_debug()
        )));
    }
    Ok(())
}

impl SecretSource {
    /// The source with its name checked.
    pub fn checked(self) -> Result<Self, ModelError> {
        match &self {
            Self::Environment(var) => {
                if var.is_empty() || !var.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(invalid(format!(
                        "'{var}' is not an environment variable's name (letters, digits and '_')"
                    )));
                }
            }
            Self::Keychain(entry) => check_entry_name(entry)?,
        }
        Ok(self)
    }

    /// Says where the secret is read from, in words.
    pub fn describe(&self) -> String {
        match self {
            Self::Environment(var) => format!("the environment variable {var}"),
            Self::Keychain(entry) => format!("the OS keychain entry '{entry}'"),
        }
    }

    /// The secret, read now. `user` names what needs it, for the message when it is missing.
    pub fn read(&self, user: &str) -> Result<String, ModelError> {
        match self {
            Self::Environment(var) => std::env::var(var).map_err(|_| {
                invalid(format!(
                    "{user} takes its key from the environment variable {var}, which is not set"
                ))
            }),
            Self::Keychain(entry) => keychain_get(entry)?.ok_or_else(|| {
                invalid(format!(
                    "{user} takes its key from the OS keychain entry '{entry}', which holds nothing: \
                     save the key there first"
                ))
            }),
        }
    }

    /// The secret masked for display ("set, ends …3f2a"), or that it is missing.
    pub fn status(&self) -> String {
        let value = match self {
            Self::Environment(var) => std::env::var(var).ok(),
            Self::Keychain(entry) => match keychain_get(entry) {
                Ok(value) => value,
                Err(e) => return format!("{}: {e}", self.describe()),
            },
        };
        match value {
            Some(value) => format!("{} ({})", self.describe(), mask(&value)),
            None => format!("{} (not set)", self.describe()),
        }
    }
}

/// A secret as it may be shown: its length class and, for long ones, the last four characters.
pub fn mask(secret: &str) -> String {
    let count = secret.chars().count();
    if count >= 16 {
        let tail: String = secret.chars().skip(count - 4).collect();
        format!("set, ends …{tail}")
    } else if count == 0 {
        "empty".to_owned()
    } else {
        "set".to_owned()
    }
}

fn keychain_error(what: &str, entry: &str, error: &keyring::Error) -> ModelError {
    let hint = match error {
        keyring::Error::PlatformFailure(_) | keyring::Error::NoStorageAccess(_) => {
            " — no OS keychain answered (on Linux a Secret Service such as GNOME Keyring or \
             KWallet must be running and unlocked); an environment variable works everywhere"
        }
        _ => "",
    };
    ModelError::Runtime(format!(
        "the OS keychain could not {what} the entry '{entry}': {error}{hint}"
    ))
}

fn entry(name: &str) -> Result<keyring::Entry, ModelError> {
    check_entry_name(name)?;
    keyring::Entry::new(KEYCHAIN_SERVICE, name).map_err(|e| keychain_error("open", name, &e))
}

/// The secret kept under `name`, if any.
pub fn keychain_get(name: &str) -> Result<Option<String>, ModelError> {
    match entry(name)?.get_password() {
        Ok(secret) => Ok(Some(secret)),
        Err(keyring::Error::NoEntry) => Ok(None),
        Err(e) => Err(keychain_error("read", name, &e)),
    }
}

/// Keeps `secret` under `name` (replacing what was there). An empty secret is refused.
pub fn keychain_set(name: &str, secret: &str) -> Result<(), ModelError> {
    if secret.trim().is_empty() {
        return Err(invalid(
            "the key is empty: paste the key itself to save it".to_owned(),
        ));
    }
    if secret.len() > 16 * 1024 {
        return Err(invalid(
            "the key is longer than 16 KB: that is not an API key".to_owned(),
        ));
    }
    entry(name)?
        .set_password(secret.trim())
        .map_err(|e| keychain_error("save", name, &e))
}

/// Removes the entry `name`; false when there was none.
pub fn keychain_delete(name: &str) -> Result<bool, ModelError> {
    match entry(name)?.delete_credential() {
        Ok(()) => Ok(true),
        Err(keyring::Error::NoEntry) => Ok(false),
        Err(e) => Err(keychain_error("remove", name, &e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_masked() {
        assert_eq!(mask(""), "empty");
        assert_eq!(mask("short-key"), "set");
        assert_eq!(mask("sk-abcdefghijklmnop3f2a"), "set, ends …3f2a");
        assert!(!mask("sk-abcdefghijklmnop3f2a").contains("abcdef"));
    }

    #[test]
    fn names_are_checked() {
        assert!(SecretSource::Environment("MY_KEY".into()).checked().is_ok());
        assert!(
            SecretSource::Environment("MY KEY".into())
                .checked()
                .is_err()
        );
        assert!(SecretSource::Keychain("openai".into()).checked().is_ok());
        assert!(SecretSource::Keychain(" openai".into()).checked().is_err());
        assert!(SecretSource::Keychain(String::new()).checked().is_err());
        assert!(SecretSource::Keychain("a\nb".into()).checked().is_err());
        assert!(keychain_set("openai", "  ").is_err());
    }
}
