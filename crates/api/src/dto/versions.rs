//! Exam versions and the changes an exam author makes: every change to what systems answer goes
//! into a draft; freezing the draft makes it the version systems sit.

use super::{AnswerVerdict, ExamVersion};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One version of one exam, to put on view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct VersionRef {
    /// The exam's name.
    pub exam: String,
    /// The version number.
    pub version: u32,
}

/// An exam by name; the one on view when null.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExamRef {
    /// The exam's name.
    pub exam: Option<String>,
}

/// A question's new content. It goes into the exam's draft (opened from the newest version when
/// there is none), so the versions systems sat never change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct QuestionEdit {
    /// The exam; the one on view when null.
    pub exam: Option<String>,
    /// The question's id (for a new question: its id, or null to number it).
    pub id: Option<String>,
    /// The question.
    pub stem: String,
    /// The choices, 2 to 6, in order.
    pub choices: Vec<String>,
    /// The correct choice, from 0.
    pub key: u32,
    /// Its topic (a new question only; change a topic with `relabel_question`).
    pub topic: Option<String>,
}

/// New labels for a question. Labels are not what systems answer: they change in place, on the
/// version on view, and every panel regroups at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Relabel {
    /// The exam; the one on view when null.
    pub exam: Option<String>,
    /// The question's id.
    pub id: String,
    /// A topic to set ("" clears it; null leaves it).
    pub topic: Option<String>,
    /// Bloom levels to set by hand (empty: back to the classifier's; null leaves them).
    pub bloom: Option<Vec<String>>,
    /// A question type to set by hand ("auto": back to the classifier's; null leaves it).
    pub question_type: Option<String>,
}

/// How a question of a draft differs from the version before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum QuestionChange {
    /// Same stem, choices, key and query: answers to it carry over.
    Unchanged,
    /// Its content changed: systems answer it again.
    Edited,
    /// Not in the version before.
    Added,
}

/// What a change did to the draft.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DraftChange {
    /// The draft, now on view.
    pub draft: ExamVersion,
    /// The question changed (its id).
    pub question: String,
    /// What happened, in a sentence.
    pub message: String,
}

/// A version compared with the one before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct VersionChanges {
    /// The version.
    pub version: ExamVersion,
    /// The version before it (null for a first version).
    pub base: Option<ExamVersion>,
    /// Ids of questions whose content changed.
    pub edited: Vec<String>,
    /// Ids of questions added.
    pub added: Vec<String>,
    /// Ids of questions of the version before that this one no longer has.
    pub retired: Vec<String>,
}

/// What freezing a draft did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FreezeReport {
    /// The version now frozen (and on view).
    pub version: ExamVersion,
    /// Answers carried over from the version before, over all sittings.
    pub carried: u32,
    /// Sittings carried over.
    pub sittings: u32,
    /// Questions every carried-over system still has to answer.
    pub to_answer: u32,
}

/// A system by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SystemName {
    /// Its name.
    pub name: String,
}

/// A system deleted this session, which can be put back until the project is closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DeletedSystemInfo {
    /// Its name.
    pub name: String,
    /// Answers that went with it.
    pub responses: u32,
}

/// One question of a system's answer sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SheetRow {
    /// The question's id.
    pub id: String,
    /// Its place in the exam, from 1.
    pub number: u32,
    /// The question.
    pub stem: String,
    /// The correct letter.
    pub key: String,
    /// The letter the system chose, if it chose one.
    pub choice: Option<String>,
    /// Right, wrong, unanswered, needs a look, error, or no answer yet.
    pub verdict: AnswerVerdict,
    /// What it replied (or the error it reported).
    pub reply: Option<String>,
    /// The question's choices, for reading the reply by hand.
    pub choices: Vec<String>,
    /// How the reply was read, in plain words ("the letter B", "needs a look: it names B and
    /// D"); none for errors and answers stored before readings were kept.
    pub reading: Option<String>,
    /// Set where a person read the reply.
    pub hand: Option<HandNote>,
    /// Time it took, where known.
    pub latency_ms: Option<f64>,
    /// Endpoint systems: attempts the request took (more than one: retried).
    pub attempts: Option<u32>,
    /// Endpoint systems: whether the question's passage is in the evidence returned (none
    /// without evidence).
    pub source_in_evidence: Option<bool>,
}

/// A person's reading of a reply: what was read automatically before, why, when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct HandNote {
    /// The automatic reading it replaced, in plain words.
    pub original: Option<String>,
    /// The reason given.
    pub reason: Option<String>,
    /// When (UTC, ISO 8601).
    pub at: String,
}

/// What a person reads a reply as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum HandChoice {
    /// This letter's choice.
    Choice {
        /// The letter (A, B, …).
        letter: String,
    },
    /// The reply gives no answer.
    NoAnswer,
    /// Take the hand reading back: the automatic reading counts again.
    Undo,
}

/// Read one reply of a system by hand, on the version on view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReadReply {
    /// The system.
    pub system: String,
    /// The question's id, or its number on the answer sheet.
    pub question: String,
    /// What the reply says.
    pub reading: HandChoice,
    /// Why (kept with the reading).
    #[serde(default)]
    pub reason: Option<String>,
}

/// A system's answers on the version on view, question by question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AnswerSheet {
    /// The system.
    pub system: String,
    /// The version.
    pub exam: ExamVersion,
    /// Whether it sat the version in EXAM mode (a reader over its articles).
    pub exam_mode: bool,
    /// Whether it is an endpoint system (its rows open the request and reply behind them).
    pub endpoint: bool,
    /// One row per question, in exam order.
    pub rows: Vec<SheetRow>,
}

/// Documents to put under a topic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DocumentsTopic {
    /// The documents, by number.
    pub documents: Vec<u32>,
    /// The topic (an existing one's name, or a new one); none takes them out of any topic.
    pub topic: Option<String>,
}

/// A new name for a topic; naming it as another topic merges the two.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RenameTopic {
    /// Its name now.
    pub name: String,
    /// Its new name (an existing topic's name merges them).
    pub new_name: String,
}
