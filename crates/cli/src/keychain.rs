//! `proctor keychain`: API keys kept in the OS keychain, for settings that name an entry
//! (`proctor models add-endpoint --key-keychain ENTRY`). The key is read from standard input,
//! never from the command line (where the shell's history and `ps` would see it).

use clap::Subcommand;
use proctor_api::dto::{SecretName, SecretRequest, SecretStatus};
use proctor_api::{ApiError, ApiResult, ErrorCode};
use std::io::Read;

/// The keychain subcommands.
#[derive(Subcommand)]
pub(crate) enum KeychainAction {
    /// Save a key under ENTRY: reads it from standard input (paste it and press Ctrl-D, or
    /// pipe it in).
    Set {
        /// The entry's name, as settings will name it.
        entry: String,
    },
    /// Say whether ENTRY holds a key (masked).
    Show {
        /// The entry's name.
        entry: String,
    },
    /// Remove ENTRY from the keychain.
    Forget {
        /// The entry's name.
        entry: String,
    },
}

fn print(status: &SecretStatus) {
    match &status.masked {
        Some(masked) => println!("{}: {masked}", status.entry),
        None => println!("{}: nothing saved", status.entry),
    }
}

pub(crate) fn keychain(action: KeychainAction) -> ApiResult<()> {
    let status = match action {
        KeychainAction::Set { entry } => {
            // An API key is short: more than 64 KB on standard input is not one.
            let mut secret = String::new();
            std::io::stdin()
                .take(64 * 1024 + 1)
                .read_to_string(&mut secret)
                .map_err(|e| {
                    ApiError::new(
                        ErrorCode::InvalidInput,
                        format!("cannot read the key from standard input: {e}"),
                    )
                })?;
            proctor_api::models::save_secret(&SecretRequest { entry, secret })?
        }
        KeychainAction::Show { entry } => proctor_api::models::secret(&SecretName { entry })?,
        KeychainAction::Forget { entry } => {
            proctor_api::models::forget_secret(&SecretName { entry })?
        }
    };
    print(&status);
    Ok(())
}
