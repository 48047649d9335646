//! `{code, message}`: the one error shape that crosses every door.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What kind of failure, for the UI to branch on (it never reads the message).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The user's input (a file, a field) is wrong; the message says where.
    InvalidInput,
    /// A file or record does not exist.
    NotFound,
    /// The request contradicts what the project holds (a name in use, a second run).
    Conflict,
    /// No project is open.
    NoProject,
    /// The HTTP door refused a request without the session token.
    Unauthorized,
    /// The HTTP door refused a request addressed to another host or sent from another site.
    Forbidden,
    /// A bug or a damaged project file.
    Internal,
    /// The user stopped long work; what was finished is kept and a rerun resumes.
    Cancelled,
    /// A local model or the ONNX Runtime is not installed; the message says how to install it.
    ModelsMissing,
}

/// A failure, with a message for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// What kind of failure.
    pub code: ErrorCode,
    /// What went wrong and where, in plain words.
    pub message: String,
}

impl ApiError {
    /// An error of the given kind.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// An internal failure (a library's error that the user cannot act on) with its own words;
    /// usable as `map_err(ApiError::internal)`.
    pub(crate) fn internal(e: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::Internal, e.to_string())
    }

    /// Says what was being done: "importing exam.csv: …".
    #[must_use]
    pub fn context(mut self, doing: impl std::fmt::Display) -> Self {
        self.message = format!("{doing}: {}", self.message);
        self
    }
}

impl From<proctor_store::StoreError> for ApiError {
    fn from(e: proctor_store::StoreError) -> Self {
        use proctor_store::StoreError as S;
        if e.is_read_only_write() {
            return Self::new(
                ErrorCode::InvalidInput,
                "this project is read-only here (its file or folder cannot be written): \
                 copy it somewhere writable to change it",
            );
        }
        let code = match &e {
            S::Missing(_) => ErrorCode::NotFound,
            S::Exists(_) | S::Conflict(_) => ErrorCode::Conflict,
            S::NotAProject(_) | S::TooNew { .. } | S::Linked { .. } | S::ReadOnly { .. } => {
                ErrorCode::InvalidInput
            }
            S::Sqlite(_) | S::Damaged { .. } => ErrorCode::Internal,
        };
        Self::new(code, e.to_string())
    }
}

impl From<proctor_models::ModelError> for ApiError {
    fn from(e: proctor_models::ModelError) -> Self {
        use proctor_models::ModelError as M;
        let code = match &e {
            M::Missing { .. } | M::Damaged { .. } => ErrorCode::ModelsMissing,
            M::Incompatible { .. } | M::Invalid(_) | M::SelfTest(_) => ErrorCode::InvalidInput,
            M::Runtime(_) | M::Tokenizer(_) => ErrorCode::Internal,
        };
        Self::new(code, e.to_string())
    }
}

impl From<proctor_search::SearchError> for ApiError {
    fn from(e: proctor_search::SearchError) -> Self {
        Self::new(ErrorCode::Internal, e.to_string())
    }
}

impl From<proctor_formats::ImportError> for ApiError {
    fn from(e: proctor_formats::ImportError) -> Self {
        Self::new(ErrorCode::InvalidInput, e.to_string())
    }
}
