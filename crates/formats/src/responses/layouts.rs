//! The three layouts of a response file parsed into a [`Responses`] matrix: wide and long
//! CSV/TSV, and JSONL (single responses or py-irt lines), each refusal naming its line and field.

use super::{MISSING, ResponseLayout, Responses};
use crate::{ImportError, Location};
use serde_json::Value as Json;
use std::collections::HashMap;
use std::io::{BufRead, Read};

use super::MAX_RESPONSE_CELLS;

const SUBJECT: &[&str] = &[
    "subject",
    "subject_id",
    "system",
    "model",
    "examinee",
    "student",
];
const ITEM: &[&str] = &["item", "item_id", "question", "question_id"];
const RESPONSE: &[&str] = &["response", "correct", "score", "right", "value"];

fn key(name: &str) -> String {
    crate::table::normalise_key(name)
}

/// A cell's response: right, wrong or missing; anything else is refused.
fn cell(text: &str) -> Result<u8, String> {
    // The common spellings first, without trimming or lowering (a wide file has a cell per
    // subject and item: millions of them).
    match text {
        "1" => return Ok(1),
        "0" => return Ok(0),
        "" => return Ok(MISSING),
        _ => {}
    }
    let t = text.trim();
    match t.to_ascii_lowercase().as_str() {
        "" | "na" | "nan" | "null" | "none" | "-" => Ok(MISSING),
        "1" | "1.0" | "true" | "yes" => Ok(1),
        "0" | "0.0" | "false" | "no" => Ok(0),
        _ => Err(format!(
            "'{t}' is not a response: use 1 (right), 0 (wrong) or leave it empty (missing)"
        )),
    }
}

fn json_cell(value: &Json) -> Result<u8, String> {
    match value {
        Json::Null => Ok(MISSING),
        Json::Bool(b) => Ok(u8::from(*b)),
        Json::Number(n) => match n.as_u64() {
            Some(1) => Ok(1),
            Some(0) => Ok(0),
            _ => match n.as_f64() {
                Some(v) if v.to_bits() == 1f64.to_bits() => Ok(1),
                Some(v) if v.abs().to_bits() == 0f64.to_bits() => Ok(0),
                _ => Err(format!("{n} is not a response: use 1, 0 or null")),
            },
        },
        Json::String(s) => cell(s),
        other => Err(format!("{other} is not a response: use 1, 0 or null")),
    }
}

fn too_big(file: &str, subjects: usize, items: usize) -> ImportError {
    ImportError::file(
        file,
        format!(
            "{subjects} subjects × {items} items is more than the {MAX_RESPONSE_CELLS} responses Proctor fits at once"
        ),
    )
}

/// Builds the matrix from (subject, item, response) triples, refusing a pair given twice.
struct LongBuilder {
    subjects: Vec<String>,
    items: Vec<String>,
    subject_at: HashMap<String, u32>,
    item_at: HashMap<String, u32>,
    triples: Vec<(u32, u32, u8)>,
    seen: HashMap<(u32, u32), usize>,
}

impl LongBuilder {
    fn new() -> Self {
        Self {
            subjects: Vec::new(),
            items: Vec::new(),
            subject_at: HashMap::new(),
            item_at: HashMap::new(),
            triples: Vec::new(),
            seen: HashMap::new(),
        }
    }

    fn index(names: &mut Vec<String>, at: &mut HashMap<String, u32>, name: &str) -> u32 {
        if let Some(&i) = at.get(name) {
            return i;
        }
        let i = u32::try_from(names.len()).unwrap_or(u32::MAX);
        names.push(name.to_owned());
        at.insert(name.to_owned(), i);
        i
    }

    fn add(&mut self, subject: &str, item: &str, response: u8, line: usize) -> Result<(), String> {
        let s = Self::index(&mut self.subjects, &mut self.subject_at, subject);
        let i = Self::index(&mut self.items, &mut self.item_at, item);
        if let Some(first) = self.seen.insert((s, i), line) {
            return Err(format!(
                "{subject} answers {item} twice (first on line {first})"
            ));
        }
        self.triples.push((s, i, response));
        Ok(())
    }

    fn finish(self, file: &str, layout: ResponseLayout) -> Result<Responses, ImportError> {
        let (n, m) = (self.subjects.len(), self.items.len());
        if n == 0 || m == 0 {
            return Err(ImportError::file(file, "the file has no responses"));
        }
        if n.checked_mul(m).is_none_or(|c| c > MAX_RESPONSE_CELLS) {
            return Err(too_big(file, n, m));
        }
        let mut cells = vec![MISSING; n * m];
        for (s, i, r) in self.triples {
            cells[s as usize * m + i as usize] = r;
        }
        Ok(Responses {
            subjects: self.subjects,
            items: self.items,
            layout,
            cells,
        })
    }
}

/// A CSV reader's error at its line (invalid UTF-8, a broken quote).
fn csv_error(file: &str, e: &csv::Error) -> ImportError {
    let line = e
        .position()
        .map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
    let message = match e.kind() {
        csv::ErrorKind::Utf8 { .. } => {
            "the line is not valid UTF-8 text; save the file as UTF-8 (CSV UTF-8 in Excel)"
                .to_owned()
        }
        _ => e.to_string(),
    };
    ImportError::at(file, Location::Line(line), None, message)
}

pub(super) fn delimited(
    file: &str,
    text: impl Read,
    delimiter: u8,
) -> Result<Responses, ImportError> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(text);
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| csv_error(file, &e))?
        .iter()
        .map(str::to_owned)
        .collect();
    let keys: Vec<String> = header.iter().map(|h| key(h)).collect();
    let find = |aliases: &[&str]| keys.iter().position(|k| aliases.contains(&k.as_str()));
    let long = match (find(SUBJECT), find(ITEM), find(RESPONSE)) {
        (Some(s), Some(i), Some(r)) if header.len() <= 4 => Some((s, i, r)),
        _ => None,
    };
    let line_of = |record: &csv::StringRecord| {
        record
            .position()
            .map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX))
    };
    if let Some((s, i, r)) = long {
        let mut builder = LongBuilder::new();
        for record in reader.records() {
            let record = record.map_err(|e| csv_error(file, &e))?;
            let line = line_of(&record);
            let field = |at: usize| record.get(at).unwrap_or("").trim();
            let (subject, item) = (field(s), field(i));
            if subject.is_empty() {
                return Err(ImportError::at(
                    file,
                    Location::Line(line),
                    Some(&header[s]),
                    "the subject is empty",
                ));
            }
            if item.is_empty() {
                return Err(ImportError::at(
                    file,
                    Location::Line(line),
                    Some(&header[i]),
                    "the item is empty",
                ));
            }
            let response = cell(field(r))
                .map_err(|m| ImportError::at(file, Location::Line(line), Some(&header[r]), m))?;
            builder
                .add(subject, item, response, line)
                .map_err(|m| ImportError::at(file, Location::Line(line), None, m))?;
        }
        return builder.finish(file, ResponseLayout::Long);
    }

    // Wide: the first column names the subject, every other column is an item.
    let items: Vec<String> = header.iter().skip(1).map(|h| h.trim().to_owned()).collect();
    if items.is_empty() {
        return Err(ImportError::at(
            file,
            Location::Line(1),
            None,
            "the header has no item columns: a wide file has the subject's id first, then one column per item; a long one has subject, item and response columns",
        ));
    }
    let mut seen_items = HashMap::new();
    for (c, item) in items.iter().enumerate() {
        if item.is_empty() {
            return Err(ImportError::at(
                file,
                Location::Line(1),
                None,
                format!("column {} of the header has no name", c + 2),
            ));
        }
        if seen_items.insert(item.as_str(), c).is_some() {
            return Err(ImportError::at(
                file,
                Location::Line(1),
                Some(item),
                "this item's column appears twice",
            ));
        }
    }
    let mut subjects = Vec::new();
    let mut seen_subjects: HashMap<String, usize> = HashMap::new();
    let mut cells: Vec<u8> = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| csv_error(file, &e))?;
        let line = line_of(&record);
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if record.len() != header.len() {
            return Err(ImportError::at(
                file,
                Location::Line(line),
                None,
                format!(
                    "the row has {} fields, the header {}",
                    record.len(),
                    header.len()
                ),
            ));
        }
        let subject = record.get(0).unwrap_or("").trim().to_owned();
        if subject.is_empty() {
            return Err(ImportError::at(
                file,
                Location::Line(line),
                Some(&header[0]),
                "the subject's id is empty",
            ));
        }
        if let Some(first) = seen_subjects.insert(subject.clone(), line) {
            return Err(ImportError::at(
                file,
                Location::Line(line),
                Some(&header[0]),
                format!("{subject} has a row already (line {first})"),
            ));
        }
        if (subjects.len() + 1)
            .checked_mul(items.len())
            .is_none_or(|c| c > MAX_RESPONSE_CELLS)
        {
            return Err(too_big(file, subjects.len() + 1, items.len()));
        }
        for (c, value) in record.iter().skip(1).enumerate() {
            cells
                .push(cell(value).map_err(|m| {
                    ImportError::at(file, Location::Line(line), Some(&items[c]), m)
                })?);
        }
        subjects.push(subject);
    }
    if subjects.is_empty() {
        return Err(ImportError::file(file, "the file has a header but no rows"));
    }
    Ok(Responses {
        subjects,
        items,
        layout: ResponseLayout::Wide,
        cells,
    })
}

pub(super) fn jsonl(file: &str, text: impl BufRead) -> Result<Responses, ImportError> {
    let mut builder = LongBuilder::new();
    let mut layout = None;
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = line.map_err(|e| {
            ImportError::at(
                file,
                Location::Line(line_no),
                None,
                if e.kind() == std::io::ErrorKind::InvalidData {
                    "the line is not valid UTF-8 text; save the file as UTF-8".to_owned()
                } else {
                    format!("cannot read the file: {e}")
                },
            )
        })?;
        let line = line.as_str();
        if line.trim().is_empty() {
            continue;
        }
        let at = |field: Option<&str>, message: String| {
            ImportError::at(file, Location::Line(line_no), field, message)
        };
        let record: Json =
            serde_json::from_str(line).map_err(|e| at(None, format!("not a JSON object: {e}")))?;
        let Json::Object(map) = &record else {
            return Err(at(None, "each line must be a JSON object".into()));
        };
        let get = |aliases: &[&str]| {
            map.iter()
                .find(|(k, _)| aliases.contains(&key(k).as_str()))
                .map(|(k, v)| (k.as_str(), v))
        };
        let text_of = |v: &Json| match v {
            Json::String(s) => s.trim().to_owned(),
            Json::Number(n) => n.to_string(),
            _ => String::new(),
        };
        let (subject_field, subject) = get(SUBJECT)
            .map(|(k, v)| (k, text_of(v)))
            .ok_or_else(|| at(None, format!("no subject (one of: {})", SUBJECT.join(", "))))?;
        if subject.is_empty() {
            return Err(at(Some(subject_field), "the subject is empty".into()));
        }
        if let Some(Json::Object(responses)) = map.get("responses") {
            if layout == Some(ResponseLayout::Long) {
                return Err(at(
                    Some("responses"),
                    "a py-irt line in a file of single responses".into(),
                ));
            }
            layout = Some(ResponseLayout::PyIrt);
            for (item, value) in responses {
                let response = json_cell(value).map_err(|m| at(Some(item), m))?;
                builder
                    .add(&subject, item, response, line_no)
                    .map_err(|m| at(Some(item), m))?;
            }
            continue;
        }
        if layout == Some(ResponseLayout::PyIrt) {
            return Err(at(None, "a single response in a py-irt file".into()));
        }
        layout = Some(ResponseLayout::Long);
        let (item_field, item) = get(ITEM)
            .map(|(k, v)| (k, text_of(v)))
            .ok_or_else(|| at(None, format!("no item (one of: {})", ITEM.join(", "))))?;
        if item.is_empty() {
            return Err(at(Some(item_field), "the item is empty".into()));
        }
        let (response_field, value) = get(RESPONSE).ok_or_else(|| {
            at(
                None,
                format!("no response (one of: {})", RESPONSE.join(", ")),
            )
        })?;
        let response = json_cell(value).map_err(|m| at(Some(response_field), m))?;
        builder
            .add(&subject, &item, response, line_no)
            .map_err(|m| at(None, m))?;
    }
    builder.finish(file, layout.unwrap_or(ResponseLayout::Long))
}
