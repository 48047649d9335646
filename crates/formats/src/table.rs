//! Tabular and record files (CSV, TSV, XLSX, JSON, JSONL) read into one shape: records of named
//! fields, each with the line or record it came from.

use crate::{ImportError, decode_text, extension};
use serde_json::Value as Json;
use std::fmt;
use std::io::Cursor;

/// Where in a file a record starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// A 1-based line of a text file (CSV, JSONL), or a row of a spreadsheet as the
    /// spreadsheet numbers it.
    Line(usize),
    /// A 1-based element of a JSON array.
    Record(usize),
}

impl Location {
    /// "line 3" or "record 3", for sentences.
    pub fn describe(self) -> String {
        match self {
            Location::Line(n) => format!("line {n}"),
            Location::Record(n) => format!("record {n}"),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Line(n) => write!(f, "{n}"),
            Location::Record(n) => write!(f, "record {n}"),
        }
    }
}

/// A field's value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Text(String),
    List(Vec<String>),
    Null,
}

impl Value {
    /// The value as non-empty text, if it is text.
    pub(crate) fn text(&self) -> Option<&str> {
        match self {
            Value::Text(t) if !t.trim().is_empty() => Some(t.trim()),
            _ => None,
        }
    }
}

/// One record: its location and its fields under their original names.
#[derive(Debug, Clone)]
pub(crate) struct Record {
    pub loc: Location,
    fields: Vec<(String, String, Value)>,
}

impl Record {
    /// The first field whose normalised name is one of `aliases`: (original name, value).
    pub(crate) fn get(&self, aliases: &[&str]) -> Option<(&str, &Value)> {
        aliases.iter().find_map(|alias| {
            self.fields
                .iter()
                .find(|(key, _, _)| key == alias)
                .map(|(_, name, value)| (name.as_str(), value))
        })
    }

    /// The first non-empty text among `aliases`.
    pub(crate) fn text(&self, aliases: &[&str]) -> Option<(&str, &str)> {
        aliases.iter().find_map(|alias| {
            self.get(&[alias])
                .and_then(|(name, value)| value.text().map(|t| (name, t)))
        })
    }
}

/// A whole file of records.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    /// Normalised names of the fields the file has (columns, or keys seen in any record).
    pub columns: Vec<String>,
    pub records: Vec<Record>,
}

impl Table {
    /// Whether any record may have one of these fields.
    pub(crate) fn has(&self, aliases: &[&str]) -> bool {
        aliases.iter().any(|a| self.columns.iter().any(|c| c == a))
    }

    /// Refuses a file that lacks one of the `(what, aliases)` columns, naming the first missing
    /// one and the names it may have.
    pub(crate) fn require(
        &self,
        file: &str,
        columns: &[(&str, &[&str])],
    ) -> Result<(), ImportError> {
        match columns.iter().find(|(_, aliases)| !self.has(aliases)) {
            None => Ok(()),
            Some((what, aliases)) => Err(ImportError::at(
                file,
                Location::Line(1),
                None,
                format!(
                    "the file has no {what} column (expected one of: {})",
                    aliases.join(", ")
                ),
            )),
        }
    }
}

/// "Correct Answer" → "correct_answer".
pub(crate) fn normalise_key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_owned()
}

/// Reads a CSV, TSV, XLSX, JSON or JSONL file into records, by extension.
pub(crate) fn read_table(file: &str, bytes: &[u8]) -> Result<Table, ImportError> {
    let table = match extension(file).as_str() {
        "csv" => read_delimited(file, bytes, b',')?,
        "tsv" | "tab" => read_delimited(file, bytes, b'\t')?,
        "xlsx" | "xlsm" | "xls" | "ods" => read_sheet(file, bytes)?,
        "json" => read_json(file, &decode_text(file, bytes)?)?,
        "jsonl" | "ndjson" => read_jsonl(file, &decode_text(file, bytes)?)?,
        other => {
            return Err(ImportError::file(
                file,
                format!("cannot read '.{other}' files here; use CSV, TSV, XLSX, JSON or JSONL"),
            ));
        }
    };
    if table.records.is_empty() {
        return Err(ImportError::file(file, "the file has a header but no rows"));
    }
    Ok(table)
}

fn header_names(file: &str, raw: &[String], loc: Location) -> Result<Vec<String>, ImportError> {
    let mut names: Vec<String> = Vec::with_capacity(raw.len());
    for (i, header) in raw.iter().enumerate() {
        let key = normalise_key(header);
        if key.is_empty() {
            return Err(ImportError::at(
                file,
                loc,
                None,
                format!("column {} of the header has no name", i + 1),
            ));
        }
        if let Some(j) = names.iter().position(|n| *n == key) {
            return Err(ImportError::at(
                file,
                loc,
                Some(header),
                format!(
                    "the header names this column twice (columns {} and {})",
                    j + 1,
                    i + 1
                ),
            ));
        }
        names.push(key);
    }
    Ok(names)
}

fn read_delimited(file: &str, bytes: &[u8], delimiter: u8) -> Result<Table, ImportError> {
    let text = decode_text(file, bytes)?;
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(false)
        .from_reader(text.as_bytes());
    let raw_headers: Vec<String> = reader
        .headers()
        .map_err(|e| csv_error(file, &e))?
        .iter()
        .map(str::to_owned)
        .collect();
    let columns = header_names(file, &raw_headers, Location::Line(1))?;
    let mut records = Vec::new();
    for row in reader.records() {
        let row = row.map_err(|e| csv_error(file, &e))?;
        let line = row.position().map_or(0, |p| p.line() as usize);
        if row.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let fields = columns
            .iter()
            .zip(&raw_headers)
            .zip(row.iter())
            .map(|((key, name), cell)| (key.clone(), name.clone(), Value::Text(cell.to_owned())))
            .collect();
        records.push(Record {
            loc: Location::Line(line),
            fields,
        });
    }
    Ok(Table { columns, records })
}

fn csv_error(file: &str, e: &csv::Error) -> ImportError {
    let line = e.position().map(|p| Location::Line(p.line() as usize));
    let message = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!(
            "this row has {len} fields but the header has {expected_len}; check for a missing or extra separator, or an unclosed quote"
        ),
        csv::ErrorKind::Utf8 { err, .. } => format!("the file is not UTF-8 text ({err})"),
        _ => format!("the file is not valid CSV: {e}"),
    };
    ImportError {
        file: file.to_owned(),
        location: line,
        field: None,
        message,
    }
}

fn read_sheet(file: &str, bytes: &[u8]) -> Result<Table, ImportError> {
    use calamine::{Data, Reader};
    let mut workbook = calamine::open_workbook_auto_from_rs(Cursor::new(bytes.to_vec()))
        .map_err(|e| ImportError::file(file, format!("cannot open the spreadsheet: {e}")))?;
    let sheet = workbook
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| ImportError::file(file, "the spreadsheet has no sheets"))?;
    let range = workbook
        .worksheet_range(&sheet)
        .map_err(|e| ImportError::file(file, format!("cannot read sheet '{sheet}': {e}")))?;
    let first_row = range.start().map_or(0, |(r, _)| r as usize);
    let mut rows = range.rows();
    let cell_text = |cell: &Data| match cell {
        Data::Empty => String::new(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string(),
    };
    let raw_headers: Vec<String> = rows
        .next()
        .ok_or_else(|| ImportError::file(file, format!("sheet '{sheet}' is empty")))?
        .iter()
        .map(cell_text)
        .collect();
    let width = raw_headers
        .iter()
        .rposition(|h| !h.trim().is_empty())
        .map_or(0, |p| p + 1);
    let raw_headers = raw_headers[..width].to_vec();
    let columns = header_names(file, &raw_headers, Location::Line(first_row + 1))?;
    let mut records = Vec::new();
    for (i, row) in rows.enumerate() {
        let cells: Vec<String> = row.iter().take(width).map(cell_text).collect();
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let fields = columns
            .iter()
            .zip(&raw_headers)
            .zip(cells.into_iter().chain(std::iter::repeat(String::new())))
            .map(|((key, name), cell)| (key.clone(), name.clone(), Value::Text(cell)))
            .collect();
        records.push(Record {
            loc: Location::Line(first_row + i + 2),
            fields,
        });
    }
    Ok(Table { columns, records })
}

fn json_value(value: &Json) -> Value {
    match value {
        Json::Null => Value::Null,
        Json::String(s) => Value::Text(s.clone()),
        Json::Number(n) => Value::Text(n.to_string()),
        Json::Bool(b) => Value::Text(b.to_string()),
        Json::Array(items) => Value::List(
            items
                .iter()
                .map(|i| match i {
                    Json::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect(),
        ),
        Json::Object(map) => {
            // {"A": "...", "B": "..."} choice maps keep letter order.
            let mut entries: Vec<(&String, &Json)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Value::List(
                entries
                    .into_iter()
                    .map(|(_, v)| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                    .collect(),
            )
        }
    }
}

fn json_record(
    file: &str,
    loc: Location,
    value: &Json,
    columns: &mut Vec<String>,
) -> Result<Record, ImportError> {
    let Json::Object(map) = value else {
        return Err(ImportError::at(
            file,
            loc,
            None,
            "expected an object with named fields ({\"question\": ...})",
        ));
    };
    let fields = map
        .iter()
        .map(|(name, v)| {
            let key = normalise_key(name);
            if !columns.contains(&key) {
                columns.push(key.clone());
            }
            (key, name.clone(), json_value(v))
        })
        .collect();
    Ok(Record { loc, fields })
}

fn json_syntax(file: &str, e: &serde_json::Error, line_offset: usize) -> ImportError {
    ImportError::at(
        file,
        Location::Line(e.line() + line_offset),
        None,
        format!(
            "invalid JSON at column {}: {}",
            e.column(),
            strip_position(&e.to_string())
        ),
    )
}

fn strip_position(message: &str) -> &str {
    message.find(" at line ").map_or(message, |i| &message[..i])
}

/// Parses a JSON document, reporting syntax errors with their line.
pub(crate) fn parse_json(file: &str, text: &str) -> Result<Json, ImportError> {
    serde_json::from_str(text).map_err(|e| json_syntax(file, &e, 0))
}

/// The array of records in a JSON document: the top level, or the first array-of-objects value
/// of a top-level object (`{"questions": [...]}`).
pub(crate) fn json_records(file: &str, doc: &Json) -> Result<Table, ImportError> {
    let items = match doc {
        Json::Array(items) => items,
        Json::Object(map) => map
            .values()
            .find_map(|v| match v {
                Json::Array(items) if items.iter().all(Json::is_object) => Some(items),
                _ => None,
            })
            .ok_or_else(|| {
                ImportError::file(file, "expected a list of records, or an object holding one")
            })?,
        _ => return Err(ImportError::file(file, "expected a list of records")),
    };
    let mut columns = Vec::new();
    let records = items
        .iter()
        .enumerate()
        .map(|(i, item)| json_record(file, Location::Record(i + 1), item, &mut columns))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Table { columns, records })
}

fn read_json(file: &str, text: &str) -> Result<Table, ImportError> {
    json_records(file, &parse_json(file, text)?)
}

fn read_jsonl(file: &str, text: &str) -> Result<Table, ImportError> {
    let mut columns = Vec::new();
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Json = serde_json::from_str(line).map_err(|e| json_syntax(file, &e, i))?;
        records.push(json_record(
            file,
            Location::Line(i + 1),
            &value,
            &mut columns,
        )?);
    }
    Ok(Table { columns, records })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_header_names() {
        assert_eq!(normalise_key(" Correct Answer "), "correct_answer");
        assert_eq!(normalise_key("Choice (A)"), "choice_a");
        assert_eq!(normalise_key("question-id"), "question_id");
    }

    #[test]
    fn csv_rows_keep_their_line_numbers_across_quoted_newlines() {
        let table = read_table("t.csv", b"id,text\n1,\"two\nlines\"\n2,plain\n").unwrap();
        assert_eq!(table.records[0].loc, Location::Line(2));
        assert_eq!(table.records[1].loc, Location::Line(4));
    }

    #[test]
    fn csv_with_a_missing_field_names_the_line() {
        let err = read_table("t.csv", b"id,text\n1,a\n2\n").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(3)));
        assert!(
            err.message.contains("1 fields but the header has 2"),
            "{err}"
        );
    }

    #[test]
    fn csv_with_duplicate_or_blank_headers_is_refused() {
        let err = read_table("t.csv", b"id,ID\n1,2\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.csv:1:ID: the header names this column twice (columns 1 and 2)"
        );
        let err = read_table("t.csv", b"id,,x\n1,2,3\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.csv:1: column 2 of the header has no name"
        );
    }

    #[test]
    fn json_syntax_errors_name_the_line() {
        let err = read_table("t.json", b"[\n{\"a\": 1},\n{\"a\": }\n]").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(3)));
        let err = read_table("t.jsonl", b"{\"a\": 1}\n\n{\"a\" 2}\n").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(3)));
    }

    #[test]
    fn header_only_files_and_unknown_extensions_are_refused() {
        assert_eq!(
            read_table("t.csv", b"id,text\n").unwrap_err().message,
            "the file has a header but no rows"
        );
        assert!(
            read_table("t.doc", b"x")
                .unwrap_err()
                .message
                .contains("'.doc'")
        );
    }
}
