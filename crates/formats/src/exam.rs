//! Exams: CSV, TSV, XLSX, JSON/JSONL question banks and auto-rag-eval's `exam.json`.
//!
//! Columns (any case, spaces or punctuation): `id`, `question`, the choices either as one list
//! field (`choices`, JSON) or as letter columns (`A`…`F`, `choice_a`…), the key (`answer`,
//! `correct_answer`, …) as a letter, `A) text`, or the exact text of a choice, and optionally
//! `topic`, `query`, `bloom`, `source`. auto-rag-eval's records (`question`, `documentation`,
//! `choices` as `"A) …"`, `correct_answer`) are read by the same rules.

use crate::table::{Record, Table, Value, read_table};
use crate::{ImportError, Location};
use proctor_core::{BloomLevel, InvalidQuestion, QuestionDraft, ValidQuestion};
use std::collections::HashMap;

const ID: &[&str] = &["id", "question_id", "qid", "uuid", "item_id"];
const STEM: &[&str] = &["question", "stem", "question_text", "prompt"];
const CHOICE_LIST: &[&str] = &["choices", "options", "alternatives", "answers"];
const KEY: &[&str] = &[
    "correct_answer",
    "answer",
    "key",
    "correct",
    "correct_choice",
    "answer_key",
    "correct_option",
];
const TOPIC: &[&str] = &["topic", "category", "subject"];
const QUERY: &[&str] = &["query", "query_id"];
const BLOOM: &[&str] = &["bloom", "bloom_level", "bloom_levels"];
const SOURCE: &[&str] = &[
    "source_text",
    "source",
    "documentation",
    "passage",
    "context",
];
const GENERATOR: &[&str] = &["generator", "author", "created_by"];
const LETTERS: [char; 6] = ['a', 'b', 'c', 'd', 'e', 'f'];

/// A parsed, validated exam file.
#[derive(Debug, Clone)]
pub struct ExamFile {
    /// The format recognised ("csv", "xlsx", "json", "jsonl", "auto-rag-eval").
    pub format: &'static str,
    /// The questions, in file order.
    pub questions: Vec<ValidQuestion>,
    /// Where each question was in the file (same order).
    pub locations: Vec<Location>,
    /// Whether ids were made up from the record order because the file has no id column.
    pub generated_ids: bool,
}

fn letter_columns(letter: char) -> [String; 4] {
    [
        letter.to_string(),
        format!("choice_{letter}"),
        format!("option_{letter}"),
        format!("answer_{letter}"),
    ]
}

/// Reads an exam file; `file` is the name shown in messages and decides the format.
pub fn read_exam(file: &str, bytes: &[u8]) -> Result<ExamFile, ImportError> {
    let table = read_table(file, bytes)?;
    let format = detect_format(file, &table);
    let header = Location::Line(1);
    if !table.has(STEM) {
        return Err(missing(file, &table, header, "question", STEM));
    }
    let letter_cols = table
        .columns
        .iter()
        .any(|c| letter_columns('a').contains(c));
    if !table.has(CHOICE_LIST) && !letter_cols {
        return Err(ImportError::at(
            file,
            header,
            None,
            "the file has no choices: add columns A, B, C, D (or choice_a …) or a 'choices' list",
        ));
    }
    if !table.has(KEY) {
        return Err(missing(file, &table, header, "correct answer", KEY));
    }
    let generated_ids = !table.has(ID);
    let mut seen: HashMap<String, Location> = HashMap::new();
    let mut questions = Vec::with_capacity(table.records.len());
    let mut locations = Vec::with_capacity(table.records.len());
    for (i, record) in table.records.iter().enumerate() {
        let question = read_question(file, record, i, generated_ids)?;
        if let Some(first) = seen.get(&question.external_id) {
            let field = record.get(ID).map(|(name, _)| name);
            return Err(ImportError::at(
                file,
                record.loc,
                field,
                format!(
                    "question id '{}' is used twice (first at {})",
                    question.external_id,
                    first.describe()
                ),
            ));
        }
        seen.insert(question.external_id.clone(), record.loc);
        locations.push(record.loc);
        questions.push(question);
    }
    Ok(ExamFile {
        format,
        questions,
        locations,
        generated_ids,
    })
}

fn missing(file: &str, table: &Table, loc: Location, what: &str, aliases: &[&str]) -> ImportError {
    let found = if table.columns.is_empty() {
        "none".to_owned()
    } else {
        table.columns.join(", ")
    };
    ImportError::at(
        file,
        loc,
        None,
        format!(
            "the file has no {what} column (expected one of: {}; found: {found})",
            aliases.join(", ")
        ),
    )
}

fn detect_format(file: &str, table: &Table) -> &'static str {
    let ext = crate::extension(file);
    if ext == "json" && table.has(&["documentation"]) && table.has(&["correct_answer"]) {
        return "auto-rag-eval";
    }
    match ext.as_str() {
        "csv" => "csv",
        "tsv" | "tab" => "tsv",
        "json" => "json",
        "jsonl" | "ndjson" => "jsonl",
        _ => "spreadsheet",
    }
}

fn read_question(
    file: &str,
    record: &Record,
    index: usize,
    generated_ids: bool,
) -> Result<ValidQuestion, ImportError> {
    let at =
        |field: Option<&str>, message: String| ImportError::at(file, record.loc, field, message);
    let (id_field, external_id) = if generated_ids {
        (None, format!("q{}", index + 1))
    } else {
        let (name, value) = record.get(ID).unwrap_or(("id", &Value::Null));
        let id = value
            .text()
            .ok_or_else(|| at(Some(name), "the question id is empty".to_owned()))?;
        (Some(name), id.to_owned())
    };
    let (stem_field, stem) = record.text(STEM).ok_or_else(|| {
        at(
            record.get(STEM).map(|(n, _)| n),
            "the question text is empty".to_owned(),
        )
    })?;
    let (choices_field, choices) =
        read_choices(record).map_err(|(field, message)| at(Some(&field), message))?;
    let (key_field, key_text) = record.text(KEY).ok_or_else(|| {
        at(
            record.get(KEY).map(|(n, _)| n),
            "the correct answer is empty".to_owned(),
        )
    })?;
    let key = resolve_key(key_text, &choices).map_err(|m| at(Some(key_field), m))?;
    let bloom_override = match record.text(BLOOM) {
        None => None,
        Some((field, text)) => Some(
            text.split([';', ',', '|'])
                .filter(|s| !s.trim().is_empty())
                .map(str::parse::<BloomLevel>)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| at(Some(field), m))?,
        ),
    };
    let draft = QuestionDraft {
        external_id,
        query: record.text(QUERY).map(|(_, t)| t.to_owned()),
        stem: stem.to_owned(),
        choices,
        key,
        topic: record.text(TOPIC).map(|(_, t)| t.to_owned()),
        bloom_override,
        source_text: record.text(SOURCE).map(|(_, t)| t.to_owned()),
        generator: record.text(GENERATOR).map(|(_, t)| t.to_owned()),
    };
    draft.validate().map_err(|e| {
        let field = match e {
            InvalidQuestion::EmptyId => id_field,
            InvalidQuestion::EmptyStem => Some(stem_field),
            InvalidQuestion::KeyOutOfRange(..) => Some(key_field),
            _ => Some(choices_field.as_str()),
        };
        at(field, e.to_string())
    })
}

/// The choices of a record and the field they came from.
fn read_choices(record: &Record) -> Result<(String, Vec<String>), (String, String)> {
    if let Some((name, value)) = record.get(CHOICE_LIST) {
        let list = match value {
            Value::List(items) => items.clone(),
            // A spreadsheet cell holding "a | b | c" or one choice per line.
            Value::Text(t) if t.contains('|') => {
                t.split('|').map(|s| s.trim().to_owned()).collect()
            }
            Value::Text(t) => t
                .lines()
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect(),
            Value::Null => Vec::new(),
        };
        return Ok((name.to_owned(), strip_letter_prefixes(list)));
    }
    let mut choices = Vec::new();
    let mut first_field = String::from("A");
    let mut gap: Option<char> = None;
    for letter in LETTERS {
        let columns = letter_columns(letter);
        let aliases: Vec<&str> = columns.iter().map(String::as_str).collect();
        let Some((name, value)) = record.get(&aliases) else {
            break;
        };
        if letter == 'a' {
            name.clone_into(&mut first_field);
        }
        match value.text() {
            Some(text) => {
                if let Some(empty) = gap {
                    return Err((
                        name.to_owned(),
                        format!(
                            "choice {} is empty but choice {} is filled",
                            empty.to_ascii_uppercase(),
                            letter.to_ascii_uppercase()
                        ),
                    ));
                }
                choices.push(text.to_owned());
            }
            None => gap = gap.or(Some(letter)),
        }
    }
    Ok((first_field, choices))
}

/// Letter of a "A) text", "(B) text", "C. text" or "D: text" prefix, and the text after it.
fn letter_prefix(choice: &str) -> Option<(char, &str)> {
    let s = choice.trim_start();
    let s = s.strip_prefix('(').unwrap_or(s);
    let mut chars = s.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    if !('A'..='F').contains(&letter) {
        return None;
    }
    let rest = chars.as_str();
    let rest = rest.strip_prefix([')', '.', ':'])?;
    Some((letter, rest.trim()))
}

/// Drops "A) " … prefixes when every choice carries them in order (auto-rag-eval style).
fn strip_letter_prefixes(choices: Vec<String>) -> Vec<String> {
    let in_order = !choices.is_empty()
        && choices.iter().enumerate().all(|(i, c)| {
            letter_prefix(c)
                .is_some_and(|(l, rest)| usize::from(l as u8 - b'A') == i && !rest.is_empty())
        });
    if in_order {
        choices
            .iter()
            .filter_map(|c| letter_prefix(c).map(|(_, rest)| rest.to_owned()))
            .collect()
    } else {
        choices
    }
}

/// The 0-based index named by a key: a letter, "A) text", or the exact text of a choice.
fn resolve_key(key: &str, choices: &[String]) -> Result<usize, String> {
    let key = key.trim();
    let bare = key.trim_matches(|c| c == '(' || c == ')' || c == '.' || c == ':');
    if bare.len() == 1 {
        let letter = bare.chars().next().unwrap_or(' ').to_ascii_uppercase();
        if ('A'..='F').contains(&letter) {
            let index = usize::from(letter as u8 - b'A');
            return if index < choices.len() {
                Ok(index)
            } else {
                Err(format!(
                    "'{key}' is not one of the {} choices (A–{})",
                    choices.len(),
                    proctor_core::letter(choices.len().saturating_sub(1))
                ))
            };
        }
    }
    if let Some((letter, _)) = letter_prefix(key) {
        let index = usize::from(letter as u8 - b'A');
        if index < choices.len() {
            return Ok(index);
        }
    }
    let matches: Vec<usize> = choices
        .iter()
        .enumerate()
        .filter(|(_, c)| c.trim().eq_ignore_ascii_case(key))
        .map(|(i, _)| i)
        .collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        _ => Err(format!(
            "'{key}' is neither a choice letter (A–{}) nor the text of a choice",
            proctor_core::letter(choices.len().saturating_sub(1))
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "id,question,A,B,C,D,answer,topic,bloom\n\
        q1,Which port does the gateway use?,80,443,8080,22,B,Networking,\n\
        q2,Define a quorum.,A majority,A minority,A leader,A log,A majority,Consensus,Remembering\n";

    #[test]
    fn reads_csv_with_letter_columns() {
        let exam = read_exam("exam.csv", CSV.as_bytes()).unwrap();
        assert_eq!(exam.format, "csv");
        assert_eq!(exam.questions.len(), 2);
        assert_eq!(exam.questions[0].key, 1);
        assert_eq!(exam.questions[1].key, 0);
        assert_eq!(exam.questions[1].topic.as_deref(), Some("Consensus"));
        assert_eq!(
            exam.questions[1].bloom_override,
            Some(vec![BloomLevel::Remembering])
        );
        assert_eq!(exam.locations[1], Location::Line(3));
    }

    #[test]
    fn reads_auto_rag_eval_exam_json() {
        let json = r#"[{"question": "What does the scheduler do first?",
            "documentation": "The scheduler sorts jobs by priority.",
            "choices": ["A) Sorts jobs", "B) Deletes jobs", "C) Pauses", "D) Nothing"],
            "correct_answer": "A"}]"#;
        let exam = read_exam("exam.json", json.as_bytes()).unwrap();
        assert_eq!(exam.format, "auto-rag-eval");
        assert!(exam.generated_ids);
        let q = &exam.questions[0];
        assert_eq!(q.external_id, "q1");
        assert_eq!(q.choices.texts()[0], "Sorts jobs");
        assert_eq!(
            q.source_text.as_deref(),
            Some("The scheduler sorts jobs by priority.")
        );
    }

    #[test]
    fn wrong_key_names_file_line_and_field() {
        let csv = "id,question,A,B,C,D,answer\nq1,Pick one?,w,x,y,z,E\n";
        let err = read_exam("exam.csv", csv.as_bytes()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "exam.csv:2:answer: 'E' is not one of the 4 choices (A–D)"
        );
    }

    #[test]
    fn duplicate_ids_are_refused_with_both_places() {
        let csv = "id,question,A,B,answer\nq1,One?,x,y,A\nq1,Two?,x,y,B\n";
        let err = read_exam("exam.csv", csv.as_bytes()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "exam.csv:3:id: question id 'q1' is used twice (first at line 2)"
        );
    }

    #[test]
    fn missing_columns_are_named() {
        let err = read_exam("exam.csv", b"id,question,A,B\nq1,One?,x,y\n").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("exam.csv:1: the file has no correct answer column"),
            "{err}"
        );
        let err = read_exam("exam.csv", b"id,prompt_text,answer\nq1,x,A\n").unwrap_err();
        assert!(err.message.contains("no question column"), "{err}");
    }

    #[test]
    fn gaps_duplicates_and_too_few_choices_are_refused() {
        let err = read_exam("e.csv", b"id,question,A,B,C,answer\nq1,One?,x,,z,A\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "e.csv:2:C: choice B is empty but choice C is filled"
        );
        let err = read_exam("e.csv", b"id,question,A,B,answer\nq1,One?,x,X,A\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "e.csv:2:A: choices A and B are the same text"
        );
        let err = read_exam("e.csv", b"id,question,A,B,answer\nq1,One?,x,,A\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "e.csv:2:A: a question needs 2 to 6 choices, this one has 1"
        );
    }

    #[test]
    fn key_may_be_the_choice_text_or_prefixed_letter() {
        let choices: Vec<String> = ["red", "blue"].map(String::from).to_vec();
        assert_eq!(resolve_key("Blue", &choices), Ok(1));
        assert_eq!(resolve_key("(b)", &choices), Ok(1));
        assert_eq!(resolve_key("B) blue", &choices), Ok(1));
        assert!(resolve_key("green", &choices).is_err());
    }

    #[test]
    fn jsonl_with_choice_objects_and_bad_bloom() {
        let jsonl = "{\"id\": \"a\", \"question\": \"Q?\", \"choices\": {\"A\": \"x\", \"B\": \"y\"}, \"answer\": \"B\"}\n\
                     {\"id\": \"b\", \"question\": \"Q?\", \"choices\": [\"x\", \"y\"], \"answer\": \"x\", \"bloom\": \"Remember\"}\n";
        let err = read_exam("e.jsonl", jsonl.as_bytes()).unwrap_err();
        assert_eq!(err.location, Some(Location::Line(2)));
        assert_eq!(err.field.as_deref(), Some("bloom"));
    }
}
