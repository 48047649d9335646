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
    workbook(&data)
}

/// A one-sheet workbook around the given `<sheetData>` content.
fn workbook(data: &str) -> Vec<u8> {
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
    pdf_pages(&[&[text]])
}

/// A PDF of pages, each a list of lines set one below the other.
fn pdf_pages(pages: &[&[&str]]) -> Vec<u8> {
    let n = pages.len();
    // Objects: 1 catalog, 2 pages, 3 font, then a page and its contents for each page.
    let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 4 + 2 * i)).collect();
    let mut objects = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        format!("<< /Type /Pages /Kids [{}] /Count {n} >>", kids.join(" ")),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_owned(),
    ];
    for (i, lines) in pages.iter().enumerate() {
        let mut content = String::new();
        for (l, line) in lines.iter().enumerate() {
            let _ = writeln!(
                content,
                "BT /F1 12 Tf 72 {} Td ({line}) Tj ET",
                712 - 30 * l
            );
        }
        objects.push(format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {} 0 R \
             /Resources << /Font << /F1 3 0 R >> >> >>",
            5 + 2 * i
        ));
        objects.push(format!(
            "<< /Length {} >>\nstream\n{content}\nendstream",
            content.len()
        ));
    }
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
fn a_pdfs_running_headers_and_page_numbers_are_told_apart() {
    let topics = [
        "the relay",
        "the queue",
        "the mirror",
        "the archive",
        "the keyring",
        "the index",
    ];
    let numbers: Vec<String> = (1..=6).map(|i| format!("Page {i}")).collect();
    let bodies: Vec<String> = topics
        .iter()
        .map(|t| format!("This page explains {t}."))
        .collect();
    let pages: Vec<Vec<&str>> = (0..6)
        .map(|i| {
            vec![
                "Relay Administration Guide",
                bodies[i].as_str(),
                numbers[i].as_str(),
            ]
        })
        .collect();
    let refs: Vec<&[&str]> = pages.iter().map(Vec::as_slice).collect();
    let docs = read_documents("guide.pdf", &pdf_pages(&refs)).unwrap();
    let text = &docs[0].text;
    assert_eq!(
        text.matches(proctor_formats::furniture::PAGE_BREAK).count(),
        5,
        "{text:?}"
    );
    let (clean, dropped) = proctor_formats::furniture::without_running_lines(text);
    assert_eq!(dropped, 12, "{clean}");
    assert!(
        clean.starts_with("This page explains the relay."),
        "{clean}"
    );
    assert!(
        !clean.contains("Administration Guide") && !clean.contains("Page 3"),
        "{clean}"
    );
}

#[test]
fn reads_the_text_of_a_pdf() {
    let docs = read_documents("guide.pdf", &pdf("The relay listens on port 7400.")).unwrap();
    assert_eq!(docs[0].format, "pdf");
    assert_eq!(docs[0].text, "The relay listens on port 7400.");
}

mod regressions {
    use super::{workbook, zip};
    use proctor_formats::Limits;
    use proctor_formats::answers::read_answers;
    use proctor_formats::articles::read_articles;
    use proctor_formats::documents::{html_to_text, read_documents, read_documents_within};
    use proctor_formats::exam::read_exam;
    use proctor_formats::leaderboard::read_leaderboard;
    use proctor_formats::synonyms::read_synonyms;
    use proctor_formats::trec::{read_qrels, read_run};
    use std::io::Write as _;

    #[test]
    fn regression_xlsx_cell_at_xfd1048576_is_read_with_bounded_memory() {
        // Defect 1 of issue 9: one cell at the sheet's last position made the reader allocate
        // the whole 16,384 × 1,048,576 rectangle (~512 GB) and abort the process.
        let data = "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>question_id</t></is></c>\
                    <c r=\"B1\" t=\"inlineStr\"><is><t>answer</t></is></c></row>\
                    <row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>q1</t></is></c>\
                    <c r=\"B2\" t=\"inlineStr\"><is><t>A</t></is></c></row>\
                    <row r=\"1048576\"><c r=\"XFD1048576\" t=\"inlineStr\"><is><t>x</t></is></c></row>";
        let rows = read_answers("far.xlsx", &workbook(data)).unwrap();
        assert_eq!(
            rows.len(),
            1,
            "the stray cell lies outside the header's columns"
        );
        // A header that reaches column XFD is refused with the bound, not allocated.
        let data = "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>id</t></is></c>\
                    <c r=\"XFD1\" t=\"inlineStr\"><is><t>far</t></is></c></row>\
                    <row r=\"1048576\"><c r=\"A1048576\" t=\"inlineStr\"><is><t>x</t></is></c></row>";
        let err = read_answers("wide.xlsx", &workbook(data)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "wide.xlsx:1: the header has 16384 columns and Proctor reads tables of at most 512 \
             (set PROCTOR_MAX_COLUMNS to raise the limit)"
        );
    }

    #[test]
    fn regression_zip_bombs_are_refused_before_they_unpack() {
        // Defect 5 of issue 9: a small DOCX or XLSX that unpacks to gigabytes was accepted.
        let limits = Limits {
            max_unpacked_bytes: 4 << 20,
            ..Limits::default()
        };
        let mut out = std::io::Cursor::new(Vec::new());
        let mut writer = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        writer.start_file("word/document.xml", options).unwrap();
        let block = vec![b' '; 1 << 20];
        for _ in 0..16 {
            writer.write_all(&block).unwrap();
        }
        writer.finish().unwrap();
        let bomb = out.into_inner();
        assert!(bomb.len() < 100_000, "{} bytes", bomb.len());
        let err = read_documents_within("bomb.docx", &bomb, &limits).unwrap_err();
        assert!(
            err.message
                .starts_with("the document unpacks to more than 4 MB"),
            "{err}"
        );
        let mut sheet =
            String::from("<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>id</t></is></c></row>");
        sheet.push_str(&" ".repeat(5 << 20));
        let err = read_documents_within("bomb.xlsx", &workbook(&sheet), &limits).unwrap_err();
        assert!(
            err.message
                .starts_with("the spreadsheet unpacks to more than 4 MB"),
            "{err}"
        );
        let many: Vec<(String, &str)> = (0..50).map(|i| (format!("f{i}.xml"), "x")).collect();
        let many: Vec<(&str, &str)> = many.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        let tight = Limits {
            max_archive_entries: 20,
            ..Limits::default()
        };
        let err = read_documents_within("many.docx", &zip(&many), &tight).unwrap_err();
        assert!(
            err.message.starts_with("the archive holds 50 entries"),
            "{err}"
        );
        let err = read_documents_within(
            "huge.txt",
            &vec![b'a'; 3 << 20],
            &Limits {
                max_file_bytes: 2 << 20,
                ..Limits::default()
            },
        )
        .unwrap_err();
        assert!(err.message.starts_with("the file is 3 MB"), "{err}");
    }

    #[test]
    fn regression_html_entity_runs_decode_in_linear_time() {
        // Defect 6 of issue 9: every '&' searched the rest of the text for a ';'. Two megabytes
        // of '&' took minutes; now it is one pass (the hostile-input corpus times it too).
        let html = "&".repeat(2 << 20);
        let started = std::time::Instant::now();
        let text = html_to_text(&html);
        assert_eq!(text.len(), 2 << 20);
        let unterminated = "&amp".repeat(500_000);
        assert_eq!(html_to_text(&unterminated).len(), unterminated.len());
        assert_eq!(
            html_to_text("a &amp; b &#x41;&#66; &bogus; &"),
            "a & b AB &bogus; &"
        );
        assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    }

    #[test]
    fn every_reader_survives_random_bytes_and_mutations() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};
        let seeds: Vec<(&str, Vec<u8>)> = vec![
            (
                "e.csv",
                b"id,question,A,B,answer\nq1,\"Which, one?\",x,y,A\n".to_vec(),
            ),
            (
                "e.json",
                br#"[{"id":"q1","question":"Which?","choices":["x","y"],"answer":"A"}]"#.to_vec(),
            ),
            ("a.json", br#"{"q1": "A", "q2": null}"#.to_vec()),
            ("a.jsonl", b"{\"id\":\"q1\",\"answer\":\"B\"}\n".to_vec()),
            ("q.txt", b"1 0 d1 1\n2 0 d2 0\n".to_vec()),
            ("r.run", b"1 Q0 d1 1 0.5 sys\n".to_vec()),
            (
                "b.csv",
                b"system,score,standard_error\nA,0.5,0.01\n".to_vec(),
            ),
            ("s.tsv", b"word\tsynonym\nfee\tcharge\n".to_vec()),
            (
                "d.html",
                b"<p>Fee &amp; rate</p><script>x</script>".to_vec(),
            ),
            ("d.md", b"# T\n[a](b) **c**".to_vec()),
            (
                "e.xlsx",
                super::xlsx(&[
                    &["id", "question", "A", "B", "answer"],
                    &["q1", "Which?", "x", "y", "A"],
                ]),
            ),
            (
                "d.docx",
                zip(&[(
                    "word/document.xml",
                    "<w:document><w:body><w:p><w:r><w:t>Hi</w:t></w:r></w:p></w:body></w:document>",
                )]),
            ),
        ];
        let mut runner = TestRunner::new(Config {
            cases: 64,
            failure_persistence: None,
            ..Config::default()
        });
        for (name, seed) in &seeds {
            let strategy = (
                proptest::collection::vec((0..seed.len(), any::<u8>()), 0..8),
                proptest::collection::vec(any::<u8>(), 0..64),
                any::<bool>(),
            );
            runner
                .run(&strategy, |(edits, random, truncate)| {
                    let mut bytes = seed.clone();
                    for (at, byte) in edits {
                        bytes[at] = byte;
                    }
                    if truncate {
                        bytes.truncate(bytes.len() / 2);
                    }
                    for input in [&bytes, &random] {
                        let _ = read_exam(name, input);
                        let _ = read_answers(name, input);
                        let _ = read_documents(name, input);
                        let _ = read_articles(name, input);
                        let _ = read_leaderboard(name, input);
                        let _ = read_synonyms(name, input);
                        let _ = read_qrels(name, input);
                        let _ = read_run(name, input);
                    }
                    Ok(())
                })
                .unwrap();
        }
    }
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

#[test]
fn a_word_a_pdf_broke_at_a_lines_end_is_whole_again() {
    let page: &[&str] = &[
        "Epochs are not included in the names of source pack-",
        "ages, nor in those of binary packages, for non-",
        "developers.",
    ];
    let docs = read_documents("policy.pdf", &pdf_pages(&[page])).unwrap();
    let (text, joined) = proctor_formats::hyphens::joined_hyphens(&docs[0].text);
    assert_eq!(joined, 2, "{:?}", docs[0].text);
    assert!(
        text.contains("names of source packages, nor") && text.contains("for non-developers."),
        "{text}"
    );
}
