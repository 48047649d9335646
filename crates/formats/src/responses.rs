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

use crate::{ImportError, decode_text, extension};
use layouts::{delimited, jsonl};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

mod layouts;

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

/// Reads a response matrix from CSV, TSV or JSONL, by extension and header.
pub fn read_responses(file: &str, bytes: &[u8]) -> Result<Responses, ImportError> {
    crate::limits::Limits::current().check_file_size(file, bytes.len() as u64)?;
    let text = decode_text(file, bytes)?;
    read_text(file, text.as_bytes())
}

/// Reads a response matrix from a file on disk, streaming it: UTF-8 text (with or without a
/// byte-order mark) is parsed as it is read, so the file's text is never held whole (a UTF-16
/// file is decoded whole first). A wide file keeps one byte per cell as it goes; a long file
/// keeps its (subject, item, response) triples until the matrix is built. `file` is the name
/// used in messages.
pub fn read_responses_file(path: &Path, file: &str) -> Result<Responses, ImportError> {
    let cannot = |e: std::io::Error| ImportError::file(file, format!("cannot read the file: {e}"));
    let (mut handle, size) = crate::user_files::open_regular(path, file)?;
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
