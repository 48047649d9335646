//! Tabular and record files (CSV, TSV, XLSX, JSON, JSONL) read into one shape: records of named
//! fields, each with the line or record it came from.
//!
//! Reading is bounded by [`Limits`]: a table holds at most `max_cells` cells and `max_columns`
//! columns, whatever its file claims, and spreadsheets are read cell by cell from the sheet's
//! XML (never as the dense rectangle its `<dimension>` names).

mod delimited;
mod records;
mod sheet;

use crate::limits::Limits;
use crate::{ImportError, Location, decode_text, extension};
use delimited::read_delimited;
use proctor_core::text::clean_name;
pub(crate) use records::{json_records, parse_json};
use records::{read_json, read_jsonl};
use sheet::read_sheet;
use std::sync::Arc;

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
            Value::Text(t) if !t.trim().is_empty() => {
                Some(crate::table_export::unneutralise(t.trim()))
            }
            _ => None,
        }
    }
}

/// The fields a record may have: (normalised key, name as written), shared by every row of a
/// CSV or spreadsheet so that a row costs only its values.
type Header = Arc<Vec<(String, String)>>;

/// One record: its location and its fields under their original names.
#[derive(Debug, Clone)]
pub(crate) struct Record {
    pub loc: Location,
    header: Header,
    values: Vec<Value>,
}

impl Record {
    /// The first field whose normalised name is one of `aliases`: (original name, value).
    pub(crate) fn get(&self, aliases: &[&str]) -> Option<(&str, &Value)> {
        aliases.iter().find_map(|alias| {
            let i = self.header.iter().position(|(key, _)| key == alias)?;
            Some((self.header[i].1.as_str(), self.values.get(i)?))
        })
    }

    /// The first non-empty text among `aliases`.
    pub(crate) fn text(&self, aliases: &[&str]) -> Option<(&str, &str)> {
        aliases.iter().find_map(|alias| {
            self.get(&[alias])
                .and_then(|(name, value)| value.text().map(|t| (name, t)))
        })
    }

    /// [`Record::text`], or "the `what` is empty" at this record's place in `file` (naming the
    /// field when the record has it, empty).
    pub(crate) fn required(
        &self,
        file: &str,
        aliases: &[&str],
        what: &str,
    ) -> Result<(&str, &str), ImportError> {
        self.text(aliases).ok_or_else(|| {
            ImportError::at(
                file,
                self.loc,
                self.get(aliases).map(|(n, _)| n),
                format!("the {what} is empty"),
            )
        })
    }

    /// [`Record::required`] as a name (invisible characters removed), refused when nothing
    /// is left.
    pub(crate) fn required_name(
        &self,
        file: &str,
        aliases: &[&str],
        what: &str,
    ) -> Result<(&str, String), ImportError> {
        let (field, value) = self.required(file, aliases, what)?;
        let name = clean_name(value);
        if name.is_empty() {
            return Err(ImportError::at(
                file,
                self.loc,
                Some(field),
                format!("the {what} is empty once invisible characters are removed"),
            ));
        }
        Ok((field, name))
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
    read_table_within(file, bytes, &Limits::current())
}

/// [`read_table`] under explicit bounds.
pub(crate) fn read_table_within(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
) -> Result<Table, ImportError> {
    limits.check_file_size(file, bytes.len() as u64)?;
    let table = match extension(file).as_str() {
        "csv" => read_delimited(file, bytes, b',', limits)?,
        "tsv" | "tab" => read_delimited(file, bytes, b'\t', limits)?,
        "xlsx" | "xlsm" => read_sheet(file, bytes, limits)?,
        "xls" | "ods" | "xlsb" => {
            return Err(ImportError::file(
                file,
                "Proctor reads spreadsheets saved as .xlsx; save this one as .xlsx (or CSV UTF-8) \
                 and import that",
            ));
        }
        "json" => read_json(file, &decode_text(file, bytes)?, limits)?,
        "jsonl" | "ndjson" => read_jsonl(file, &decode_text(file, bytes)?, limits)?,
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

fn header_names(file: &str, raw: &[String], loc: Location) -> Result<Header, ImportError> {
    let mut names: Vec<(String, String)> = Vec::with_capacity(raw.len());
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
        if let Some(j) = names.iter().position(|(n, _)| *n == key) {
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
        names.push((key, header.clone()));
    }
    Ok(Arc::new(names))
}

fn check_columns(
    file: &str,
    count: usize,
    loc: Location,
    limits: &Limits,
) -> Result<(), ImportError> {
    if count > limits.max_columns {
        return Err(ImportError::at(
            file,
            loc,
            None,
            format!(
                "the header has {count} columns and Proctor reads tables of at most {} \
                 (set PROCTOR_MAX_COLUMNS to raise the limit)",
                limits.max_columns
            ),
        ));
    }
    Ok(())
}

fn too_many_cells(file: &str, loc: Location, limits: &Limits) -> ImportError {
    ImportError::at(
        file,
        loc,
        None,
        format!(
            "the table goes past {} cells (rows × columns) here, more than Proctor reads at once \
             (set PROCTOR_MAX_CELLS to raise the limit)",
            limits.max_cells
        ),
    )
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
        assert_eq!(
            table.records[0].text(&["text"]),
            Some(("text", "two\nlines"))
        );
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
    fn csv_quotes_escape_separators_and_quotes() {
        let table = read_table(
            "t.csv",
            b"id,text\n1,\"a, \"\"quoted\"\" word\"\n2,5\" screen\n",
        )
        .unwrap();
        assert_eq!(
            table.records[0].text(&["text"]).unwrap().1,
            "a, \"quoted\" word"
        );
        // A quote inside an unquoted field is text, as spreadsheets write it.
        assert_eq!(table.records[1].text(&["text"]).unwrap().1, "5\" screen");
    }

    #[test]
    fn regression_unclosed_quote_in_a_two_column_answers_file_names_its_line() {
        // Defect 3 of issue 9: this file was read as two rows (the third swallowing the rest),
        // giving a silently wrong leaderboard.
        let csv = b"question_id,answer\ntw-001,A\ntw-002,C\ntw-003,\"B\ntw-004,D\ntw-005,A\n";
        let err = read_table("answers.csv", csv).unwrap_err();
        assert_eq!(
            err.to_string(),
            "answers.csv:4:answer: a quoted field starts here and is never closed: add the \
             missing closing quote (a quote inside a field is written twice)"
        );
        // A later quote closes the field, but text follows it: the same line is named.
        let csv = b"question_id,answer\ntw-003,\"B\ntw-004,D\ntw-005,\"A\"\n";
        let err = read_table("answers.csv", csv).unwrap_err();
        assert_eq!(err.location, Some(Location::Line(2)));
        assert!(err.message.contains("runs to line 4"), "{err}");
    }

    #[test]
    fn regression_crlf_line_numbers_are_not_off_by_one() {
        // Defect 4 of issue 9: errors in CRLF files named the wrong line.
        let err = read_table("t.csv", b"id,text\r\n1,a\r\n2,b\r\n3\r\n4,d\r\n").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(4)));
        let table = read_table("t.csv", b"id,text\r\n1,\"x\r\ny\"\r\n2,b\r\n").unwrap();
        assert_eq!(table.records[1].loc, Location::Line(4));
        // Old Mac line ends (a lone CR) and mixtures count one line each.
        let err = read_table("t.csv", b"id,text\r1,a\n2,b\r\n3\r4,d").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(4)));
        let err = read_table("t.jsonl", b"{\"a\": 1}\r\n{\"a\": 2}\r\n{\"a\" 3}\r\n").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(3)));
        let err = read_table("t.jsonl", b"{\"a\": 1}\r{\"a\": 2}\r{\"a\" 3}\r").unwrap_err();
        assert_eq!(err.location, Some(Location::Line(3)));
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
        assert!(
            read_table("t.ods", b"x")
                .unwrap_err()
                .message
                .contains("save this one as .xlsx")
        );
    }

    #[test]
    fn tables_past_the_cell_and_column_bounds_are_refused() {
        let limits = Limits {
            max_cells: 10,
            max_columns: 3,
            ..Limits::default()
        };
        let err = read_table_within("t.csv", b"a,b,c,d\n1,2,3,4\n", &limits).unwrap_err();
        assert!(err.message.starts_with("the header has 4 columns"), "{err}");
        let rows = "a,b\n".to_owned() + &"1,2\n".repeat(10);
        let err = read_table_within("t.csv", rows.as_bytes(), &limits).unwrap_err();
        assert_eq!(err.location, Some(Location::Line(6)), "{err}");
        assert!(err.message.contains("past 10 cells"), "{err}");
    }
}
