//! What a system handed in, and what kind of system it is.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One response to one question. "Unanswered" scores 0 like a wrong answer but is kept apart in
/// every table; an error (timeout, malformed reply) is neither right nor wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The system picked the choice with this 0-based index.
    Chosen(usize),
    /// The system declined, or its free text matched no choice.
    Unanswered,
    /// The system failed to answer (timeout, malformed reply); not counted as wrong.
    Error,
    /// The reply could not be read as one choice with confidence: it needs a person's look.
    /// Not right, and not answered, until someone reads it (METHODS.md §13).
    NeedsLook,
}

impl Outcome {
    /// The outcome's name ("chosen", "unanswered", "error", "needs_look").
    pub fn kind(self) -> &'static str {
        match self {
            Outcome::Chosen(_) => "chosen",
            Outcome::Unanswered => "unanswered",
            Outcome::Error => "error",
            Outcome::NeedsLook => "needs_look",
        }
    }
}

macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name { $($(#[$vdoc])* $variant),* }

        impl $name {
            /// Every variant.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The name as stored in the project file.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $name::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == s)
                    .ok_or_else(|| format!("unknown {} '{s}'", stringify!($name)))
            }
        }
    };
}

text_enum!(
    /// Where a system's answers come from.
    SystemKind {
        /// Answers imported from a file (answer mode).
        Answers = "answers",
        /// Articles imported from a file (EXAM mode).
        Articles = "articles",
        /// A vendor HTTP endpoint.
        Endpoint = "endpoint",
        /// A built-in reference pipeline.
        Pipeline = "pipeline",
    }
);

text_enum!(
    /// How a run was graded.
    RunMode {
        /// The system answered the questions itself.
        Answers = "answers",
        /// A reader answered the questions from the system's articles (EXAM mode).
        Exam = "exam",
        /// A reader answered the questions from the gold articles (for n-EXAM).
        Gold = "gold",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_enums_round_trip() {
        for kind in SystemKind::ALL {
            assert_eq!(kind.as_str().parse::<SystemKind>(), Ok(*kind));
        }
        for mode in RunMode::ALL {
            assert_eq!(mode.as_str().parse::<RunMode>(), Ok(*mode));
        }
        assert!("vendor".parse::<SystemKind>().is_err());
    }
}
