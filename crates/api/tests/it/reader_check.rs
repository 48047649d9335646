//! The reader check on an exam file with a passage column and no corpus: closed book against
//! the oracle for each reader, chance, the longest choice, and the one verdict.

use proctor_api::dto::{ReaderCheckRequest, ReaderKind, UserModelChoice};
use proctor_api::{ErrorCode, NoProgress, check_exam_file};
use std::fmt::Write as _;

/// Questions whose answer stands right beside the question's words in the passage (a reader
/// that reads finds it), with the key's letter rotating; and how many keys are the longest
/// choice (the first of equally long ones).
fn exam_with_passages(n: usize) -> (String, usize) {
    let things = [
        "falcon", "otter", "maple", "copper", "violet", "harbour", "lantern", "glacier", "saffron",
        "meadow", "quartz", "cobalt",
    ];
    let mut csv = String::from("id,passage,question,choice_a,choice_b,choice_c,choice_d,answer\n");
    let mut longest_hits = 0;
    for i in 0..n {
        let key = i % 4;
        let answer = things[i % things.len()];
        let others: Vec<String> = (1..4)
            .map(|k| format!("{}s", things[(i + k * 3) % things.len()]))
            .collect();
        let mut choices = others.clone();
        choices.insert(key, answer.to_owned());
        let longest = choices.iter().map(String::len).max().unwrap();
        longest_hits += usize::from(choices.iter().position(|c| c.len() == longest) == Some(key));
        let _ = writeln!(
            csv,
            "q{i},\"The depot {i} keeps a {answer} in its north wing. Visitors rarely ask about it.\",What does depot {i} keep in its north wing?,{},{},{},{},{}",
            choices[0],
            choices[1],
            choices[2],
            choices[3],
            proctor_core::letter(key)
        );
    }
    (csv, longest_hits)
}

fn request(readers: Vec<ReaderKind>) -> ReaderCheckRequest {
    ReaderCheckRequest {
        exam: None,
        readers,
        models: None,
        threads: 1,
        user_models: UserModelChoice::default(),
    }
}

#[test]
fn readers_that_read_are_told_from_closed_book_with_one_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("reading.csv");
    let (csv, longest_hits) = exam_with_passages(40);
    std::fs::write(&file, csv).unwrap();
    let check = check_exam_file(
        &file,
        &request(vec![ReaderKind::Lexical, ReaderKind::SlidingWindow]),
        &NoProgress,
    )
    .unwrap();
    assert_eq!(check.questions, 40);
    assert_eq!(check.without_passage, 0);
    assert!((check.chance - 0.25).abs() < 1e-12);
    assert!((check.longest_choice - longest_hits as f64 / 40.0).abs() < 1e-12);
    assert_eq!(check.readers.len(), 2);
    for row in &check.readers {
        let (with, without) = (&row.with_passage, &row.closed_book);
        assert_eq!(with.of, 40);
        assert!((with.accuracy - f64::from(with.right) / 40.0).abs() < 1e-12);
        assert!(with.low <= with.accuracy && with.accuracy <= with.high);
        // Right only with the passage minus right only without = the difference of the totals.
        assert_eq!(
            i64::from(row.only_with) - i64::from(row.only_without),
            i64::from(with.right) - i64::from(without.right)
        );
        assert!((0.0..=1.0).contains(&row.p_value));
        // Without a passage neither reader has anything to go on.
        assert_eq!(without.right, 0, "{}", row.name);
        assert!(with.accuracy > 0.9, "{}: {with:?}", row.name);
        assert!(row.reads, "{}", row.sentence);
        assert!(
            row.sentence.starts_with("This reader reads"),
            "{}",
            row.sentence
        );
        let keys: f64 = row.positions.iter().map(|p| p.keys).sum();
        assert!((keys - 1.0).abs() < 1e-9);
    }
    assert_eq!(
        check.readers[0].with_system,
        format!(
            "oracle · {}",
            match check.readers[0].reader {
                ReaderKind::Lexical => "lexical",
                _ => "sliding window",
            }
        )
    );
}

#[test]
fn an_exam_without_passages_is_refused_and_a_blind_reader_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bare.csv");
    std::fs::write(
        &file,
        "id,question,choice_a,choice_b,answer\nq1,Which?,left,right,A\n",
    )
    .unwrap();
    let error =
        check_exam_file(&file, &request(vec![ReaderKind::Lexical]), &NoProgress).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert!(error.message.contains("passage"), "{}", error.message);

    // Passages that never mention the choices: the reader is blind, and the check says so.
    let mut csv = String::from("id,passage,question,choice_a,choice_b,choice_c,choice_d,answer\n");
    for i in 0..30 {
        let _ = writeln!(
            csv,
            "q{i},Nothing here is about any of it.,Which colour is item {i}?,red,green,blue,amber,{}",
            proctor_core::letter(i % 4)
        );
    }
    std::fs::write(&file, csv).unwrap();
    let check = check_exam_file(
        &file,
        &request(vec![ReaderKind::SlidingWindow]),
        &NoProgress,
    )
    .unwrap();
    let row = &check.readers[0];
    assert!(!row.reads);
    assert!(
        row.sentence.contains("cannot tell the choices apart"),
        "{}",
        row.sentence
    );
}

#[test]
fn the_language_model_reads_easy_passages() {
    let _turn = crate::language_model_turn();
    // The installed language model (scripts/install-models.sh), in its recorded mode.
    let items = [
        (
            "Mara's bicycle is green. Tom's bicycle is red.",
            "What colour is Tom's bicycle?",
            ["green", "red", "blue", "yellow"],
            1,
        ),
        (
            "The bakery opens at seven and closes at noon.",
            "When does the bakery close?",
            ["at seven", "at midnight", "at noon", "at nine"],
            2,
        ),
        (
            "Anna lives in Lisbon; her brother Paul lives in Oslo.",
            "Where does Paul live?",
            ["Oslo", "Lisbon", "Madrid", "Berlin"],
            0,
        ),
        (
            "The parcel weighed four kilograms and was sent by train.",
            "How was the parcel sent?",
            ["by ship", "by plane", "by truck", "by train"],
            3,
        ),
        (
            "Our cat is called Pepper. The dog next door is called Biscuit.",
            "What is the dog next door called?",
            ["Pepper", "Biscuit", "Rex", "Luna"],
            1,
        ),
        (
            "The museum is closed on Mondays and free on Sundays.",
            "On which day is the museum closed?",
            ["Sunday", "Friday", "Monday", "Saturday"],
            2,
        ),
        (
            "The bridge was painted orange in 1998.",
            "What colour was the bridge painted?",
            ["orange", "grey", "white", "black"],
            0,
        ),
        (
            "Leo plays the violin; his sister plays the drums.",
            "What does Leo play?",
            ["the drums", "the flute", "the piano", "the violin"],
            3,
        ),
    ];
    let mut csv = String::from("id,passage,question,choice_a,choice_b,choice_c,choice_d,answer\n");
    for (i, (passage, question, choices, key)) in items.iter().enumerate() {
        let _ = writeln!(
            csv,
            "q{i},\"{passage}\",{question},{},{},{},{},{}",
            choices[0],
            choices[1],
            choices[2],
            choices[3],
            proctor_core::letter(*key)
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("easy.csv");
    std::fs::write(&file, csv).unwrap();
    let check = check_exam_file(
        &file,
        &request(vec![ReaderKind::LanguageModel]),
        &NoProgress,
    )
    .unwrap();
    let row = &check.readers[0];
    assert!(
        row.name.contains("gemma") && row.name.contains("scoring by"),
        "{}",
        row.name
    );
    // Chance is 2 of 8; Gemma 270M gets 5 of these.
    assert!(row.with_passage.right >= 5, "{:?}", row.with_passage);
    assert!(row.with_passage.right > row.closed_book.right, "{row:?}");
}
