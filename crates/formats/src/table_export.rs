//! Any table of the app written out as CSV or an Excel workbook (XLSX).
//!
//! Text that a spreadsheet would take for a formula — a cell beginning with `=`, `+`, `-`, `@`,
//! a tab or a carriage return — is neutralised with a leading apostrophe (formula injection:
//! names and questions come from imported files). Numbers stay numbers. The importers drop such
//! an apostrophe again, so an exported exam reads back as it was.

use std::borrow::Cow;

/// One cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Text, neutralised on the way out.
    Text(String),
    /// A number, written as a number.
    Number(f64),
    /// Nothing.
    Empty,
}

impl From<&str> for Cell {
    fn from(text: &str) -> Self {
        Self::Text(text.to_owned())
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

impl From<f64> for Cell {
    fn from(v: f64) -> Self {
        if v.is_finite() {
            Self::Number(v)
        } else {
            Self::Empty
        }
    }
}

impl From<u32> for Cell {
    fn from(v: u32) -> Self {
        Self::Number(f64::from(v))
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Self {
        v.map_or(Self::Empty, Into::into)
    }
}

/// A table to write: a name (the worksheet's), column headings and rows.
#[derive(Debug, Clone, PartialEq)]
pub struct TableOut {
    /// The table's name (the worksheet is named after it).
    pub name: String,
    /// Column headings.
    pub columns: Vec<String>,
    /// Rows, each as wide as the headings.
    pub rows: Vec<Vec<Cell>>,
}

/// The characters that make a spreadsheet read a cell as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Text made safe for a spreadsheet: an apostrophe before a leading `=`, `+`, `-`, `@`, tab or
/// carriage return.
pub fn neutralise(text: &str) -> Cow<'_, str> {
    if text.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// The text an importer reads from a neutralised cell: the apostrophe [`neutralise`] added is
/// dropped; anything else is left as it is.
pub fn unneutralise(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => text,
    }
}

/// A CSV field: neutralised, then quoted where needed (RFC 4180).
pub fn csv_field(text: &str) -> String {
    let text = neutralise(text);
    if text.contains([',', '"', '\n', '\r']) || text.starts_with(' ') || text.ends_with(' ') {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.into_owned()
    }
}

/// The table as CSV (UTF-8, a header line, CRLF-free).
pub fn write_csv(table: &TableOut) -> Vec<u8> {
    let mut out = String::new();
    let header: Vec<String> = table.columns.iter().map(|c| csv_field(c)).collect();
    out.push_str(&header.join(","));
    out.push('\n');
    for row in &table.rows {
        let fields: Vec<String> = row
            .iter()
            .map(|cell| match cell {
                Cell::Text(t) => csv_field(t),
                Cell::Number(v) => v.to_string(),
                Cell::Empty => String::new(),
            })
            .collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out.into_bytes()
}

/// A worksheet name Excel accepts: at most 31 characters, none of `[]:*?/\`, not empty.
fn sheet_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { ' ' } else { c })
        .take(31)
        .collect();
    let cleaned = cleaned.trim().trim_matches('\'').to_owned();
    if cleaned.is_empty() {
        "Table".to_owned()
    } else {
        cleaned
    }
}

/// The table as an Excel workbook of one worksheet: bold headings, the first row frozen,
/// columns fitted to their contents, numbers as numbers. The same table gives the same bytes:
/// the workbook's creation date is a fixed 2000-01-01 (as reproducible builds fix theirs), not
/// the clock's, so a file saved and the one shown are identical and can be checked by hash.
pub fn write_xlsx(table: &TableOut) -> Result<Vec<u8>, String> {
    use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, Workbook};
    let mut workbook = Workbook::new();
    let fixed = ExcelDateTime::from_ymd(2000, 1, 1).map_err(|e| e.to_string())?;
    workbook.set_properties(&DocProperties::new().set_creation_datetime(&fixed));
    let sheet = workbook.add_worksheet();
    sheet
        .set_name(sheet_name(&table.name))
        .map_err(|e| e.to_string())?;
    let bold = Format::new().set_bold();
    for (c, heading) in table.columns.iter().enumerate() {
        let col = u16::try_from(c).map_err(|_| "too many columns for a worksheet".to_owned())?;
        sheet
            .write_string_with_format(0, col, neutralise(heading), &bold)
            .map_err(|e| e.to_string())?;
    }
    for (r, row) in table.rows.iter().enumerate() {
        let at = u32::try_from(r + 1).map_err(|_| "too many rows for a worksheet".to_owned())?;
        for (c, cell) in row.iter().enumerate() {
            let col =
                u16::try_from(c).map_err(|_| "too many columns for a worksheet".to_owned())?;
            match cell {
                Cell::Text(t) => sheet.write_string(at, col, neutralise(t)),
                Cell::Number(v) => sheet.write_number(at, col, *v),
                Cell::Empty => continue,
            }
            .map_err(|e| e.to_string())?;
        }
    }
    sheet.set_freeze_panes(1, 0).map_err(|e| e.to_string())?;
    sheet.autofit();
    workbook.save_to_buffer().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> TableOut {
        TableOut {
            name: "Leaderboard: v1/2".into(),
            columns: vec!["System".into(), "Accuracy".into(), "Note".into()],
            rows: vec![
                vec![
                    "=HYPERLINK(\"http://x\")".into(),
                    Cell::Number(0.5),
                    "+1 better".into(),
                ],
                vec!["@SUM(A1)".into(), Cell::Number(-0.25), Cell::Empty],
                vec!["Plain, \"quoted\"".into(), Cell::Number(1.0), "-".into()],
            ],
        }
    }

    #[test]
    fn formulas_are_neutralised_and_come_back_on_import() {
        for text in ["=1+1", "+1", "-1", "@A1", "\tx", "\rx"] {
            let safe = neutralise(text);
            assert!(safe.starts_with('\''), "{text:?}");
            assert_eq!(unneutralise(&safe), text);
        }
        assert_eq!(neutralise("Atlas RAG"), "Atlas RAG");
        assert_eq!(
            unneutralise("'quoted'"),
            "'quoted'",
            "other apostrophes stay"
        );
    }

    #[test]
    fn csv_writes_text_safely_and_numbers_as_numbers() {
        let csv = String::from_utf8(write_csv(&table())).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "System,Accuracy,Note");
        assert_eq!(lines[1], "\"'=HYPERLINK(\"\"http://x\"\")\",0.5,'+1 better");
        assert_eq!(lines[2], "'@SUM(A1),-0.25,");
        assert_eq!(lines[3], "\"Plain, \"\"quoted\"\"\",1,'-");
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 3);
        assert_eq!(&rows[0][0], "'=HYPERLINK(\"http://x\")");
    }

    #[test]
    fn xlsx_reads_back_with_text_neutralised_and_numbers_as_numbers() {
        use calamine::{Data, Reader, Xlsx};
        let bytes = write_xlsx(&table()).unwrap();
        // Reproducible: written again (a second later or a year later), the same bytes.
        std::thread::sleep(std::time::Duration::from_millis(1100));
        assert_eq!(write_xlsx(&table()).unwrap(), bytes);
        let mut book: Xlsx<_> =
            calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
        let names = book.sheet_names();
        assert_eq!(names, vec!["Leaderboard  v1 2".to_owned()]);
        let range = book.worksheet_range(&names[0]).unwrap();
        assert_eq!(range.get((0, 0)), Some(&Data::String("System".into())));
        assert_eq!(
            range.get((1, 0)),
            Some(&Data::String("'=HYPERLINK(\"http://x\")".into()))
        );
        assert_eq!(range.get((2, 1)), Some(&Data::Float(-0.25)));
        assert_eq!(range.get((2, 0)), Some(&Data::String("'@SUM(A1)".into())));
        assert!(
            book.worksheet_formula(&names[0])
                .unwrap()
                .used_cells()
                .next()
                .is_none(),
            "no formula anywhere"
        );
    }
}
