//! JSON and JSONL records.

use super::{Location, Record, Table, Value, normalise_key, too_many_cells};
use crate::ImportError;
use crate::json::{parse_json as parse_strict_json, physical_lines};
use crate::limits::Limits;
use serde_json::Value as Json;
use std::sync::Arc;

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
    let mut header = Vec::with_capacity(map.len());
    let mut values = Vec::with_capacity(map.len());
    for (name, v) in map {
        let key = normalise_key(name);
        if !columns.contains(&key) {
            columns.push(key.clone());
        }
        header.push((key, name.clone()));
        values.push(json_value(v));
    }
    Ok(Record {
        loc,
        header: Arc::new(header),
        values,
    })
}

/// Parses a JSON document: syntax errors and keys written twice in one object are refused
/// with their lines.
pub(crate) fn parse_json(file: &str, text: &str) -> Result<Json, ImportError> {
    parse_strict_json(file, text)
}

/// The array of records in a JSON document: the top level, or the first array-of-objects value
/// of a top-level object (`{"questions": [...]}`).
pub(crate) fn json_records(file: &str, doc: &Json) -> Result<Table, ImportError> {
    json_records_within(file, doc, &Limits::current())
}

fn json_records_within(file: &str, doc: &Json, limits: &Limits) -> Result<Table, ImportError> {
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
    let mut cells = 0usize;
    let mut records = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let record = json_record(file, Location::Record(i + 1), item, &mut columns)?;
        cells += record.values.len();
        if cells > limits.max_cells || columns.len() > limits.max_columns {
            return Err(too_many_cells(file, record.loc, limits));
        }
        records.push(record);
    }
    Ok(Table { columns, records })
}

pub(super) fn read_json(file: &str, text: &str, limits: &Limits) -> Result<Table, ImportError> {
    json_records_within(file, &parse_json(file, text)?, limits)
}

pub(super) fn read_jsonl(file: &str, text: &str, limits: &Limits) -> Result<Table, ImportError> {
    let mut columns = Vec::new();
    let mut records = Vec::new();
    let mut cells = 0usize;
    for (line_number, line) in physical_lines(text) {
        if line.trim().is_empty() {
            continue;
        }
        let value = crate::json::parse_json_at(file, line, line_number - 1)?;
        let record = json_record(file, Location::Line(line_number), &value, &mut columns)?;
        cells += record.values.len();
        if cells > limits.max_cells || columns.len() > limits.max_columns {
            return Err(too_many_cells(file, record.loc, limits));
        }
        records.push(record);
    }
    Ok(Table { columns, records })
}
