//! XLSX sheets, read cell by cell with bounded memory.

use super::{Location, Record, Table, Value, check_columns, header_names, too_many_cells};
use crate::limits::Limits;
use crate::{ImportError, archive, extension};
use std::collections::BTreeMap;
use std::io::Cursor;
use std::sync::Arc;

/// Reads the first sheet of an XLSX workbook cell by cell: memory grows with the cells that
/// hold something, never with the rectangle the sheet claims to span.
pub(super) fn read_sheet(file: &str, bytes: &[u8], limits: &Limits) -> Result<Table, ImportError> {
    use calamine::{Data, Reader, Xlsx};
    // Calamine unpacks the workbook's XML parts (shared strings, styles, the sheet): check
    // what they unpack to before it does.
    archive::check(file, bytes, limits, |name| {
        let ext = extension(name);
        ext == "xml" || ext == "rels"
    })?;
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes))
        .map_err(|e| ImportError::file(file, format!("cannot open the spreadsheet: {e}")))?;
    let sheet = workbook
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| ImportError::file(file, "the spreadsheet has no sheets"))?;
    let unreadable = |e: calamine::XlsxError| {
        ImportError::file(file, format!("cannot read sheet '{sheet}': {e}"))
    };
    let mut reader = workbook
        .worksheet_cells_reader(&sheet)
        .map_err(unreadable)?;
    let cell_text = |cell: Data| match cell {
        Data::Empty => String::new(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", f as i64),
        other => other.to_string(),
    };
    // Non-empty cells by row, then column; the count is bounded as they arrive.
    let mut rows: BTreeMap<u32, Vec<(u32, String)>> = BTreeMap::new();
    let mut filled = 0usize;
    while let Some(cell) = reader.next_cell().map_err(unreadable)? {
        let (row, column) = cell.get_position();
        let text = cell_text(Data::from(cell.get_value().clone()));
        if text.trim().is_empty() {
            continue;
        }
        filled += 1;
        if filled > limits.max_cells {
            return Err(too_many_cells(
                file,
                Location::Line(row as usize + 1),
                limits,
            ));
        }
        rows.entry(row).or_default().push((column, text));
    }
    let Some((&header_row, header_cells)) = rows.iter().next() else {
        return Err(ImportError::file(file, format!("sheet '{sheet}' is empty")));
    };
    let header_loc = Location::Line(header_row as usize + 1);
    let width = header_cells
        .iter()
        .map(|(c, _)| *c as usize + 1)
        .max()
        .unwrap_or(0);
    check_columns(file, width, header_loc, limits)?;
    let mut raw_headers = vec![String::new(); width];
    for (column, text) in header_cells {
        raw_headers[*column as usize].clone_from(text);
    }
    let header = header_names(file, &raw_headers, header_loc)?;
    let columns = header.iter().map(|(key, _)| key.clone()).collect();
    let mut records = Vec::new();
    let mut cells = width;
    for (row, row_cells) in rows.into_iter().skip(1) {
        if !row_cells.iter().any(|(c, _)| (*c as usize) < width) {
            continue;
        }
        cells += width;
        if cells > limits.max_cells {
            return Err(too_many_cells(
                file,
                Location::Line(row as usize + 1),
                limits,
            ));
        }
        let mut values = vec![Value::Text(String::new()); width];
        for (column, text) in row_cells {
            if let Some(slot) = values.get_mut(column as usize) {
                *slot = Value::Text(text);
            }
        }
        records.push(Record {
            loc: Location::Line(row as usize + 1),
            header: Arc::clone(&header),
            values,
        });
    }
    Ok(Table { columns, records })
}
