//! The strict parse of METHODS.md §5: what a generator wrote becomes a question only when it has a
//! stem of over 50 characters ending in "?", exactly four distinct choices of over 2 characters
//! each, and a key among them. Nothing is repaired: a reply that fails is kept with its reason.

use proctor_core::Choices;
use proctor_stats::SplitMix64;
use serde::{Deserialize, Serialize};

/// The shortest stem accepted, in characters (exclusive).
pub const MIN_STEM_CHARS: usize = 50;
/// The shortest choice accepted, in characters (exclusive).
pub const MIN_CHOICE_CHARS: usize = 2;
/// How many choices a generated question has.
pub const CHOICES: usize = 4;

/// A question that passed the strict parse. The key is an index into `choices`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The question text.
    pub stem: String,
    /// Exactly four distinct choices.
    pub choices: Vec<String>,
    /// 0-based index of the correct choice.
    pub key: usize,
}

/// Why a generator's output is not a question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case", tag = "reason", content = "detail")]
pub enum Unparsed {
    /// No reply came (the server failed or could not be reached).
    #[error("no reply: {0}")]
    NoReply(String),
    /// The reply is not the JSON object asked for.
    #[error("the reply is not a JSON object: {0}")]
    NotJson(String),
    /// The reply stops in the middle (the length limit was reached).
    #[error("the reply was cut off before it ended")]
    Truncated,
    /// The model declined to write a question.
    #[error("the model declined to write a question")]
    Refusal,
    /// A field the question needs is missing or not text.
    #[error("the reply has no \"{0}\"")]
    MissingField(String),
    /// The stem is too short.
    #[error("the question is {0} characters long; it needs over {MIN_STEM_CHARS}")]
    ShortStem(usize),
    /// The stem does not end in a question mark.
    #[error("the question does not end with \"?\"")]
    NoQuestionMark,
    /// Not exactly four choices.
    #[error("{0} choices instead of {CHOICES}")]
    ChoiceCount(usize),
    /// A choice is too short.
    #[error("choice {} has {} characters; each needs over {MIN_CHOICE_CHARS}", letter(.0), .1)]
    ShortChoice(usize, usize),
    /// Two choices say the same.
    #[error("choices {} and {} say the same", letter(.0), letter(.1))]
    SameChoices(usize, usize),
    /// The key names no choice.
    #[error("the answer \"{0}\" is not one of the choices")]
    KeyNotAChoice(String),
}

impl Unparsed {
    /// A short, stable name for counting failures by kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::NoReply(_) => "no reply",
            Self::NotJson(_) => "not JSON",
            Self::Truncated => "cut off",
            Self::Refusal => "refused",
            Self::MissingField(_) => "missing field",
            Self::ShortStem(_) => "question too short",
            Self::NoQuestionMark => "no question mark",
            Self::ChoiceCount(_) => "not four choices",
            Self::ShortChoice(..) => "choice too short",
            Self::SameChoices(..) => "repeated choices",
            Self::KeyNotAChoice(_) => "answer not a choice",
        }
    }
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "thiserror passes fields by reference"
)]
fn letter(index: &usize) -> char {
    proctor_core::letter(*index)
}

/// Text compared for sameness: lower case, words separated by single spaces.
pub fn normalized(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a generator named the correct choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRef<'a> {
    /// By position.
    Index(usize),
    /// By a letter A–D or the choice's text.
    Text(&'a str),
}

/// The strict parse of a stem, choices and key.
pub fn strict(stem: &str, choices: &[String], key: KeyRef<'_>) -> Result<Draft, Unparsed> {
    let stem = stem.split_whitespace().collect::<Vec<_>>().join(" ");
    let stem_chars = stem.chars().count();
    if stem_chars <= MIN_STEM_CHARS {
        return Err(Unparsed::ShortStem(stem_chars));
    }
    if !stem.ends_with('?') {
        return Err(Unparsed::NoQuestionMark);
    }
    if choices.len() != CHOICES {
        return Err(Unparsed::ChoiceCount(choices.len()));
    }
    let choices: Vec<String> = choices
        .iter()
        .map(|c| c.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    for (i, choice) in choices.iter().enumerate() {
        let chars = choice.chars().count();
        if chars <= MIN_CHOICE_CHARS {
            return Err(Unparsed::ShortChoice(i, chars));
        }
    }
    let norm: Vec<String> = choices.iter().map(|c| normalized(c)).collect();
    for i in 0..CHOICES {
        for j in i + 1..CHOICES {
            if norm[i] == norm[j] {
                return Err(Unparsed::SameChoices(i, j));
            }
        }
    }
    let key = match key {
        KeyRef::Index(i) if i < CHOICES => i,
        KeyRef::Index(i) => return Err(Unparsed::KeyNotAChoice(i.to_string())),
        KeyRef::Text(text) => {
            let trimmed = text.trim().trim_end_matches([')', '.', ':']).trim();
            let mut letters = trimmed.chars();
            let by_letter = match (letters.next(), letters.next()) {
                (Some(c), None) => Choices::letter_index(c).filter(|&i| i < CHOICES),
                _ => None,
            };
            by_letter
                .or_else(|| norm.iter().position(|c| *c == normalized(text)))
                .ok_or_else(|| Unparsed::KeyNotAChoice(text.to_owned()))?
        }
    };
    Ok(Draft { stem, choices, key })
}

/// A stable 64-bit hash (FNV-1a) of a text, to seed each question's shuffle by what it is.
pub fn text_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Draft {
    /// The choices in an order drawn from `seed` (Fisher–Yates), the key following its choice:
    /// over many questions every position holds the key equally often.
    #[must_use]
    pub fn shuffled(mut self, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let mut order: Vec<usize> = (0..self.choices.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let choices = order.iter().map(|&i| self.choices[i].clone()).collect();
        self.key = order.iter().position(|&i| i == self.key).unwrap_or(0);
        self.choices = choices;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four(a: &str, b: &str, c: &str, d: &str) -> Vec<String> {
        vec![a.into(), b.into(), c.into(), d.into()]
    }

    const STEM: &str = "Which file lists the package sources that APT downloads from by default?";

    #[test]
    fn a_well_formed_question_parses_and_its_key_may_be_a_letter_or_a_text() {
        let choices = four(
            "/etc/apt/sources.list",
            "/etc/fstab",
            "/etc/hosts",
            "/etc/passwd",
        );
        let by_letter = strict(STEM, &choices, KeyRef::Text("A")).unwrap();
        assert_eq!(by_letter.key, 0);
        let by_text = strict(STEM, &choices, KeyRef::Text(" /etc/hosts ")).unwrap();
        assert_eq!(by_text.key, 2);
        assert_eq!(strict(STEM, &choices, KeyRef::Text("b)")).unwrap().key, 1);
    }

    #[test]
    fn every_rule_refuses_with_its_own_reason() {
        let good = four("alpha one", "beta two", "gamma three", "delta four");
        assert_eq!(
            strict("Too short?", &good, KeyRef::Index(0)),
            Err(Unparsed::ShortStem(10))
        );
        let long_statement = STEM.trim_end_matches('?');
        assert_eq!(
            strict(long_statement, &good, KeyRef::Index(0)),
            Err(Unparsed::NoQuestionMark)
        );
        assert_eq!(
            strict(STEM, &good[..3], KeyRef::Index(0)),
            Err(Unparsed::ChoiceCount(3))
        );
        let short = four("alpha one", "ab", "gamma three", "delta four");
        assert_eq!(
            strict(STEM, &short, KeyRef::Index(0)),
            Err(Unparsed::ShortChoice(1, 2))
        );
        let same = four("alpha one", "beta two", "Alpha  One", "delta four");
        assert_eq!(
            strict(STEM, &same, KeyRef::Index(0)),
            Err(Unparsed::SameChoices(0, 2))
        );
        assert_eq!(
            strict(STEM, &good, KeyRef::Text("epsilon")),
            Err(Unparsed::KeyNotAChoice("epsilon".into()))
        );
        assert_eq!(
            strict(STEM, &good, KeyRef::Text("E")),
            Err(Unparsed::KeyNotAChoice("E".into()))
        );
        assert_eq!(
            strict(STEM, &good, KeyRef::Index(4)),
            Err(Unparsed::KeyNotAChoice("4".into()))
        );
    }

    #[test]
    fn the_shuffle_follows_the_key_and_spreads_it_evenly() {
        let draft = strict(
            STEM,
            &four("right one", "wrong one", "wrong two", "wrong three"),
            KeyRef::Index(0),
        )
        .unwrap();
        let mut positions = [0usize; 4];
        for seed in 0..4000 {
            let shuffled = draft.clone().shuffled(seed);
            assert_eq!(shuffled.choices[shuffled.key], "right one");
            positions[shuffled.key] += 1;
        }
        // Each position within 10% of the expected 1,000.
        assert!(
            positions.iter().all(|&p| (900..=1100).contains(&p)),
            "{positions:?}"
        );
        assert_eq!(draft.clone().shuffled(7), draft.shuffled(7));
    }
}
