//! Importers on real binary formats, built here byte by byte: XLSX and DOCX (zip + XML) and PDF.

use proctor_formats::documents::read_documents;
use proctor_formats::exam::read_exam;
use std::fmt::Write as _;
use std::io::Write as _;

fn zip(entries: &[(&str, &str)]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut writer = zip::ZipWriter::new(&mut out);
    for (name, text) in entries {
        writer
            .start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        writer.write_all(text.as_bytes()).unwrap();
    }
    writer.finish().unwrap();
    out.into_inner()
}

/// A one-sheet workbook; every cell an inline string, numbers as numbers.
fn xlsx(rows: &[&[&str]]) -> Vec<u8> {
    let mut data = String::new();
    for (r, row) in rows.iter().enumerate() {
        let _ = write!(data, "<row r=\"{}\">", r + 1);
        for (c, cell) in row.iter().enumerate() {
            let col = char::from(b'A' + c as u8);
            if cell.parse::<f64>().is_ok() {
                let _ = write!(data, "<c r=\"{col}{}\"><v>{cell}</v></c>", r + 1);
            } else {
                let _ = write!(
                    data,
                    "<c r=\"{col}{}\" t=\"inlineStr\"><is><t>{cell}</t></is></c>",
                    r + 1
                );
            }
        }
        data.push_str("</row>");
    }
    let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    let rels = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    zip(&[
        (
            "[Content_Types].xml",
            "<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
             <Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>\
             <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
             <Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>\
             <Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/></Types>",
        ),
        (
            "_rels/.rels",
            &format!(
                "<?xml version=\"1.0\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
             <Relationship Id=\"rId1\" Type=\"{rels}/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>"
            ),
        ),
        (
            "xl/workbook.xml",
            &format!(
                "<?xml version=\"1.0\"?><workbook xmlns=\"{main}\" xmlns:r=\"{rels}\"><sheets>\
             <sheet name=\"Exam\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
            ),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            &format!(
                "<?xml version=\"1.0\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
             <Relationship Id=\"rId1\" Type=\"{rels}/worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>"
            ),
        ),
        (
            "xl/worksheets/sheet1.xml",
            &format!(
                "<?xml version=\"1.0\"?><worksheet xmlns=\"{main}\"><sheetData>{data}</sheetData></worksheet>"
            ),
        ),
    ])
}

#[test]
fn reads_an_exam_from_a_spreadsheet_and_names_its_rows() {
    let header: &[&str] = &[
        "ID",
        "Question",
        "Choice A",
        "Choice B",
        "Choice C",
        "Correct Answer",
        "Topic",
    ];
    let good = xlsx(&[
        header,
        &[
            "7",
            "Which year?",
            "2019",
            "2020",
            "2021",
            "2020",
            "History",
        ],
    ]);
    let exam = read_exam("bank.xlsx", &good).unwrap();
    assert_eq!(exam.questions.len(), 1);
    let q = &exam.questions[0];
    assert_eq!(q.external_id, "7");
    assert_eq!(q.choices.texts(), ["2019", "2020", "2021"]);
    assert_eq!(q.key, 1, "a key given as the choice's text");
    assert_eq!(q.topic.as_deref(), Some("History"));

    let bad = xlsx(&[
        header,
        &["1", "Fine?", "a", "b", "c", "A", "T"],
        &["2", "Bad?", "a", "b", "c", "Z", "T"],
    ]);
    let err = read_exam("bank.xlsx", &bad).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bank.xlsx:3:Correct Answer: 'Z' is neither a choice letter (A–C) nor the text of a choice"
    );
}

#[test]
fn a_spreadsheet_that_is_not_one_is_a_message() {
    let err = read_exam("bank.xlsx", b"PK\x03\x04 not really").unwrap_err();
    assert!(
        err.message.starts_with("cannot open the spreadsheet"),
        "{err}"
    );
}

#[test]
fn reads_the_paragraphs_of_a_docx() {
    let body = "<w:p><w:r><w:t>Quorum rules</w:t></w:r></w:p>\
                <w:p><w:r><w:t xml:space=\"preserve\">A majority of </w:t></w:r><w:r><w:t>nodes &amp; votes.</w:t></w:r></w:p>";
    let archive = zip(&[(
        "word/document.xml",
        &format!(
            "<?xml version=\"1.0\"?><w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\">\
             <w:body>{body}</w:body></w:document>"
        ),
    )]);
    let docs = read_documents("notes/quorum.docx", &archive).unwrap();
    assert_eq!(docs[0].name, "quorum.docx");
    assert_eq!(docs[0].format, "docx");
    assert_eq!(docs[0].text, "Quorum rules\nA majority of nodes & votes.");
}

/// A one-page PDF with a Helvetica text line, with a correct cross-reference table.
fn pdf(text: &str) -> Vec<u8> {
    let content = format!("BT /F1 12 Tf 72 712 Td ({text}) Tj ET");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R \
         /Resources << /Font << /F1 5 0 R >> >> >>"
            .to_owned(),
        format!(
            "<< /Length {} >>\nstream\n{content}\nendstream",
            content.len()
        ),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_owned(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

#[test]
fn reads_the_text_of_a_pdf() {
    let docs = read_documents("guide.pdf", &pdf("The relay listens on port 7400.")).unwrap();
    assert_eq!(docs[0].format, "pdf");
    assert_eq!(docs[0].text, "The relay listens on port 7400.");
}

mod properties {
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        // Anything a spreadsheet cell may hold: commas, quotes, new lines, accents.
        "[a-zA-Zé0-9 ,\"'\\n;|?]{1,40}".prop_filter("not blank", |s| !s.trim().is_empty())
    }

    proptest! {
        /// Writing questions as CSV and reading them back gives the same questions, whatever
        /// their text holds, and whatever the key's position.
        #[test]
        fn csv_exams_round_trip(
            stems in proptest::collection::vec(text(), 1..8),
            seed_choices in proptest::collection::vec(text(), 4),
            key in 0usize..4,
        ) {
            let mut choices = seed_choices.clone();
            for (i, c) in choices.iter_mut().enumerate() {
                *c = format!("{i}:{}", c.trim());
            }
            let mut writer = csv::Writer::from_writer(Vec::new());
            writer.write_record(["id", "question", "A", "B", "C", "D", "answer"]).unwrap();
            for (i, stem) in stems.iter().enumerate() {
                let id = format!("q{i}");
                let letter = ["A", "B", "C", "D"][key];
                let mut record = vec![id.as_str(), stem.as_str()];
                record.extend(choices.iter().map(String::as_str));
                record.push(letter);
                writer.write_record(&record).unwrap();
            }
            let bytes = writer.into_inner().unwrap();
            let exam = proctor_formats::exam::read_exam("p.csv", &bytes).unwrap();
            prop_assert_eq!(exam.questions.len(), stems.len());
            for (q, stem) in exam.questions.iter().zip(&stems) {
                prop_assert_eq!(&q.stem, stem.trim());
                prop_assert_eq!(q.key, key);
                let trimmed: Vec<String> = choices.iter().map(|c| c.trim().to_owned()).collect();
                prop_assert_eq!(q.choices.texts(), trimmed.as_slice());
            }
        }
    }
}
