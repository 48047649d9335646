//! Response matrices for Item Response Theory without a project: who (a subject: a system, a
//! model, a student) got which item right, from any of the shapes people keep them in.
//!
//! - **Wide** CSV/TSV: a header, the first column the subject's id, one column per item, cells
//!   `1`/`0` (also `true`/`false`, `1.0`/`0.0`); an empty cell (or `NA`) is missing.
//! - **Long** CSV/TSV/JSONL: one response per line, fields `subject`, `item`, `response`
//!   (aliases: `subject_id`, `system`, `model`; `item_id`, `question`, `question_id`; `correct`,
//!   `score`, `right`); a pair not given is missing.
//! - **py-irt** JSONL: `{"subject_id": "…", "responses": {"item": 1, …}}` per line.
//!
//! Missing cells are skipped by the fits, never scored 0. Cells are kept as one byte each, and a
//! matrix larger than [`MAX_RESPONSE_CELLS`] is refused before it is allocated.

use crate::{ImportError, decode_text, extension, table::Location};
use serde_json::Value as Json;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// The most cells (subjects × items) a response matrix may have: 200 million bytes.
pub const MAX_RESPONSE_CELLS: usize = 200_000_000;

const MISSING: u8 = 2;

/// Which shape the file had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseLayout {
    /// One row per subject, one column per item.
    Wide,
    /// One response per line.
    Long,
    /// py-irt's JSONL.
    PyIrt,
}

/// A response matrix read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Responses {
    /// The subjects, in the file's order.
    pub subjects: Vec<String>,
    /// The items, in the file's order.
    pub items: Vec<String>,
    /// The shape the file had.
    pub layout: ResponseLayout,
    /// Row-major: 0 wrong, 1 right, 2 missing.
    cells: Vec<u8>,
}

impl Responses {
    /// The response of subject `s` to item `i`; `None` when missing.
    pub fn get(&self, s: usize, i: usize) -> Option<bool> {
        match self.cells[s * self.items.len() + i] {
            MISSING => None,
            v => Some(v == 1),
        }
    }

    /// How many cells are missing.
    pub fn missing(&self) -> usize {
        self.cells.iter().map(|&c| usize::from(c == MISSING)).sum()
    }

    /// Subject `s`'s responses, item by item.
    pub fn row(&self, s: usize) -> impl Iterator<Item = Option<bool>> + '_ {
        (0..self.items.len()).map(move |i| self.get(s, i))
    }
}

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

/// Reads a response matrix from CSV, TSV or JSONL, by extension and header.
pub fn read_responses(file: &str, bytes: &[u8]) -> Result<Responses, ImportError> {
    crate::limits::Limits::current().check_file_size(file, bytes.len() as u64)?;
    let text = decode_text(file, bytes)?;
    read_text(file, text.as_bytes())
}

/// Reads a response matrix from a file on disk, streaming it: UTF-8 text (with or without a
/// byte-order mark) is parsed as it is read, so only the matrix is held, never the file (a
/// UTF-16 file is decoded whole first). `file` is the name used in messages.
pub fn read_responses_file(path: &Path, file: &str) -> Result<Responses, ImportError> {
    let cannot = |e: std::io::Error| ImportError::file(file, format!("cannot read the file: {e}"));
    let mut handle = std::fs::File::open(path).map_err(cannot)?;
    let size = handle.metadata().map_err(cannot)?.len();
    crate::limits::Limits::current().check_file_size(file, size)?;
    let mut head = Vec::with_capacity(4);
    (&mut handle)
        .take(4)
        .read_to_end(&mut head)
        .map_err(cannot)?;
    if let Some((encoding, _)) = encoding_rs::Encoding::for_bom(&head)
        && encoding != encoding_rs::UTF_8
    {
        let mut bytes = head;
        handle.read_to_end(&mut bytes).map_err(cannot)?;
        return read_responses(file, &bytes);
    }
    let start: &[u8] = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&head);
    if start.iter().all(u8::is_ascii_whitespace) && size <= 4 {
        return Err(ImportError::file(file, "the file is empty"));
    }
    let reader =
        BufReader::with_capacity(1 << 16, std::io::Cursor::new(start.to_vec()).chain(handle));
    read_text(file, reader)
}

/// The matrix from UTF-8 text, by the file's extension.
fn read_text(file: &str, reader: impl BufRead) -> Result<Responses, ImportError> {
    match extension(file).as_str() {
        "csv" => delimited(file, reader, b','),
        "tsv" | "tab" => delimited(file, reader, b'\t'),
        "jsonl" | "ndjson" => jsonl(file, reader),
        other => Err(ImportError::file(
            file,
            format!(
                "cannot read responses from '.{other}' files; use CSV or TSV (wide: one row per subject, or long: subject, item, response) or JSONL"
            ),
        )),
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

fn delimited(file: &str, text: impl Read, delimiter: u8) -> Result<Responses, ImportError> {
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

fn jsonl(file: &str, text: impl BufRead) -> Result<Responses, ImportError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(file: &str, text: &str) -> Responses {
        read_responses(file, text.as_bytes()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn error(file: &str, text: &str) -> String {
        read_responses(file, text.as_bytes())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn the_three_layouts_read_to_the_same_matrix() {
        let wide = read("m.csv", "model,q1,q2,q3\nA,1,0,\nB,0,1,1\n");
        let long = read(
            "m.csv",
            "subject,item,response\nA,q1,1\nA,q2,0\nB,q1,0\nB,q2,1\nB,q3,1\n",
        );
        let py = read(
            "m.jsonl",
            "{\"subject_id\": \"A\", \"responses\": {\"q1\": 1, \"q2\": 0}}\n{\"subject_id\": \"B\", \"responses\": {\"q1\": 0, \"q2\": 1, \"q3\": 1}}\n",
        );
        let jsonl = read(
            "m.jsonl",
            "{\"subject\":\"A\",\"item\":\"q1\",\"correct\":true}\n{\"subject\":\"A\",\"item\":\"q2\",\"correct\":false}\n{\"subject\":\"B\",\"item\":\"q1\",\"correct\":0}\n{\"subject\":\"B\",\"item\":\"q2\",\"correct\":1}\n{\"subject\":\"B\",\"item\":\"q3\",\"correct\":1}\n",
        );
        assert_eq!(wide.layout, ResponseLayout::Wide);
        assert_eq!(long.layout, ResponseLayout::Long);
        assert_eq!(py.layout, ResponseLayout::PyIrt);
        for m in [&wide, &long, &py, &jsonl] {
            assert_eq!(m.subjects, ["A", "B"]);
            assert_eq!(m.items, ["q1", "q2", "q3"]);
            assert_eq!(m.get(0, 0), Some(true));
            assert_eq!(m.get(0, 1), Some(false));
            assert_eq!(m.get(0, 2), None, "missing, never wrong");
            assert_eq!(
                m.row(1).collect::<Vec<_>>(),
                [Some(false), Some(true), Some(true)]
            );
            assert_eq!(m.missing(), 1);
        }
        let tsv = read("m.tsv", "id\tq1\nA\tTRUE\nB\tNA\n");
        assert_eq!(tsv.get(0, 0), Some(true));
        assert_eq!(tsv.get(1, 0), None);
    }

    #[test]
    fn a_file_streamed_from_disk_reads_as_its_bytes_do() {
        let dir = std::env::temp_dir().join(format!("proctor-responses-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let on_disk = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            read_responses_file(&path, name)
        };
        let cases: [(&str, &[u8]); 4] = [
            ("w.csv", b"model,q1,q2,q3\nA,1,0,\nB,0,1,1\n"),
            ("b.csv", b"\xEF\xBB\xBFmodel,q1,q2,q3\r\nA,1,0,\r\nB,0,1,1\r\n"),
            ("l.tsv", b"subject\titem\tresponse\nA\tq1\t1\nB\tq2\t0\n"),
            (
                "p.jsonl",
                b"{\"subject_id\": \"A\", \"responses\": {\"q1\": 1}}\n{\"subject_id\": \"B\", \"responses\": {\"q1\": 0}}\n",
            ),
        ];
        for (name, bytes) in cases {
            assert_eq!(
                on_disk(name, bytes).unwrap(),
                read_responses(name, bytes).unwrap(),
                "{name}"
            );
        }
        // UTF-16 with its mark: decoded whole, same matrix.
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("model,q1\nA,1\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(on_disk("u.csv", &utf16).unwrap().get(0, 0), Some(true));
        // Invalid UTF-8 on line 3, an empty file, a missing file: clear refusals.
        let e = on_disk("bad.csv", b"model,q1\nA,1\nB\xFF,0\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("bad.csv:3: the line is not valid UTF-8"),
            "{e}"
        );
        let e = on_disk(
            "bad.jsonl",
            b"{\"subject\":\"A\",\"item\":\"q\",\"response\":1}\n\xFF\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("bad.jsonl:2: the line is not valid UTF-8"),
            "{e}"
        );
        assert_eq!(
            on_disk("e.csv", b"").unwrap_err().to_string(),
            "e.csv: the file is empty"
        );
        let gone = read_responses_file(&dir.join("none.csv"), "none.csv").unwrap_err();
        assert!(
            gone.to_string()
                .starts_with("none.csv: cannot read the file"),
            "{gone}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_input_names_file_line_and_field() {
        let e = error("m.csv", "model,q1,q2\nA,1,0\nB,1,maybe\n");
        assert!(e.starts_with("m.csv:3:q2: "), "{e}");
        assert!(e.contains("'maybe' is not a response"), "{e}");
        let e = error("m.csv", "model,q1\nA,1\nA,0\n");
        assert!(
            e.starts_with("m.csv:3:model: ") && e.contains("A has a row already (line 2)"),
            "{e}"
        );
        let e = error("m.csv", "model,q1,q1\nA,1,0\n");
        assert!(e.contains("appears twice"), "{e}");
        let e = error("m.csv", "model,q1,q2\nA,1\n");
        assert!(
            e.starts_with("m.csv:2: ") && e.contains("2 fields, the header 3"),
            "{e}"
        );
        let e = error("m.csv", "subject,item,response\nA,q1,1\nA,q1,0\n");
        assert!(
            e.starts_with("m.csv:3: ") && e.contains("A answers q1 twice (first on line 2)"),
            "{e}"
        );
        let e = error(
            "m.jsonl",
            "{\"subject\":\"A\",\"item\":\"q1\",\"response\":2}\n",
        );
        assert!(
            e.starts_with("m.jsonl:1:response: ") && e.contains("2 is not a response"),
            "{e}"
        );
        let e = error("m.jsonl", "[1, 2]\n");
        assert!(
            e.starts_with("m.jsonl:1: ") && e.contains("JSON object"),
            "{e}"
        );
        let e = error("m.xlsx", "x");
        assert!(e.contains("use CSV or TSV"), "{e}");
        let e = error("m.csv", "model\nA\n");
        assert!(e.contains("no item columns"), "{e}");
        let e = error("m.csv", "model,q1\n");
        assert!(e.contains("no rows"), "{e}");
    }

    #[test]
    fn a_matrix_too_large_is_refused_before_it_is_allocated() {
        // 20,001 item columns × 10,000 subjects would pass the limit; the long form names
        // pairs, so a file naming two far-apart indices cannot make a huge empty matrix.
        use std::fmt::Write as _;
        let mut long = String::from("subject,item,response\n");
        for s in 0..15_000 {
            let _ = writeln!(long, "s{s},q{s},1");
        }
        let e = error("m.csv", &long);
        assert!(e.contains("15000 subjects × 15000 items"), "{e}");
    }
}
