//! Delimited text (CSV, TSV) read strictly, line numbers as an editor shows them.

use super::{Header, Location, Record, Table, Value, check_columns, header_names, too_many_cells};
use crate::limits::Limits;
use crate::{ImportError, decode_text};
use std::sync::Arc;

/// One row of a delimited file: the line it starts on and its cells.
struct Row {
    line: usize,
    cells: Vec<String>,
}

/// A strict reader of RFC 4180 text: quoted fields may hold separators, quotes written twice
/// and line breaks; a quote that opens a field must close it, and only a separator or the end
/// of the line may follow the closing quote. Lines end with LF, CRLF or a lone CR, each
/// counted once, so every error names the line a person sees in an editor.
struct Delimited<'a> {
    file: &'a str,
    bytes: &'a [u8],
    delimiter: u8,
    pos: usize,
    line: usize,
}

impl Delimited<'_> {
    /// Consumes a line break at `pos`, if there is one.
    fn line_break(&mut self) -> bool {
        match self.bytes.get(self.pos) {
            Some(b'\n') => {
                self.pos += 1;
                self.line += 1;
                true
            }
            Some(b'\r') => {
                self.pos += 1;
                if self.bytes.get(self.pos) == Some(&b'\n') {
                    self.pos += 1;
                }
                self.line += 1;
                true
            }
            _ => false,
        }
    }

    fn text(bytes: Vec<u8>) -> String {
        // The input is UTF-8 and only ASCII quotes were dropped, so this cannot fail.
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// The next row, `None` at the end; empty lines are skipped. `names` labels errors by column.
    fn row(&mut self, names: Option<&Header>) -> Result<Option<Row>, ImportError> {
        while self.line_break() {}
        if self.pos >= self.bytes.len() {
            return Ok(None);
        }
        let start_line = self.line;
        let mut cells = Vec::new();
        loop {
            let field_name = || {
                names
                    .and_then(|h| h.get(cells.len()))
                    .map(|(_, n)| n.as_str())
            };
            let mut cell = Vec::new();
            if self.bytes.get(self.pos) == Some(&b'"') {
                let opened = self.line;
                self.pos += 1;
                loop {
                    match self.bytes.get(self.pos) {
                        None => {
                            return Err(ImportError::at(
                                self.file,
                                Location::Line(opened),
                                field_name(),
                                "a quoted field starts here and is never closed: add the \
                                 missing closing quote (a quote inside a field is written twice)",
                            ));
                        }
                        Some(b'"') if self.bytes.get(self.pos + 1) == Some(&b'"') => {
                            cell.push(b'"');
                            self.pos += 2;
                        }
                        Some(b'"') => {
                            self.pos += 1;
                            break;
                        }
                        Some(b'\n' | b'\r') => {
                            self.line_break();
                            cell.push(b'\n');
                        }
                        Some(&b) => {
                            cell.push(b);
                            self.pos += 1;
                        }
                    }
                }
                match self.bytes.get(self.pos) {
                    None | Some(b'\n' | b'\r') => {}
                    Some(b) if *b == self.delimiter => {}
                    Some(_) => {
                        let message = if opened == self.line {
                            "text follows the closing quote of this field; a quote inside a \
                             quoted field is written twice (\"\")"
                                .to_owned()
                        } else {
                            format!(
                                "the quoted field that starts here runs to line {} and text \
                                 follows its closing quote: is a closing quote missing on line \
                                 {opened}?",
                                self.line
                            )
                        };
                        return Err(ImportError::at(
                            self.file,
                            Location::Line(opened),
                            field_name(),
                            message,
                        ));
                    }
                }
            } else {
                while let Some(&b) = self.bytes.get(self.pos) {
                    if b == self.delimiter || b == b'\n' || b == b'\r' {
                        break;
                    }
                    cell.push(b);
                    self.pos += 1;
                }
            }
            cells.push(Self::text(cell));
            match self.bytes.get(self.pos) {
                Some(b) if *b == self.delimiter => self.pos += 1,
                _ => {
                    self.line_break();
                    return Ok(Some(Row {
                        line: start_line,
                        cells,
                    }));
                }
            }
        }
    }
}

pub(super) fn read_delimited(
    file: &str,
    bytes: &[u8],
    delimiter: u8,
    limits: &Limits,
) -> Result<Table, ImportError> {
    let text = decode_text(file, bytes)?;
    let mut reader = Delimited {
        file,
        bytes: text.as_bytes(),
        delimiter,
        pos: 0,
        line: 1,
    };
    let Some(head) = reader.row(None)? else {
        return Err(ImportError::file(file, "the file is empty"));
    };
    check_columns(file, head.cells.len(), Location::Line(head.line), limits)?;
    let header = header_names(file, &head.cells, Location::Line(head.line))?;
    let columns = header.iter().map(|(key, _)| key.clone()).collect();
    let width = header.len();
    let mut records = Vec::new();
    let mut cells = width;
    while let Some(row) = reader.row(Some(&header))? {
        if row.cells.len() != width {
            return Err(ImportError::at(
                file,
                Location::Line(row.line),
                None,
                format!(
                    "this row has {} fields but the header has {width}; check for a missing or \
                     extra separator, or an unclosed quote",
                    row.cells.len()
                ),
            ));
        }
        if row.cells.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        cells += width;
        if cells > limits.max_cells {
            return Err(too_many_cells(file, Location::Line(row.line), limits));
        }
        records.push(Record {
            loc: Location::Line(row.line),
            header: Arc::clone(&header),
            values: row.cells.into_iter().map(Value::Text).collect(),
        });
    }
    Ok(Table { columns, records })
}
