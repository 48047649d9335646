//! What a letter is and is not, by examples.

use super::super::words::words;
use super::*;

fn found(text: &str) -> Vec<(usize, bool)> {
    mentions(&words(text), 4, true)
        .iter()
        .map(|m| (m.choice, m.explicit))
        .collect()
}

#[test]
fn letters_in_the_forms_they_are_written() {
    for text in [
        "B",
        "(B)",
        "**B**",
        "B)",
        "B.",
        "b",
        "(b)",
        "Option B",
        "answer: b",
    ] {
        assert_eq!(found(text), [(1, true)], "{text}");
    }
    assert_eq!(found("The answer is (C)."), [(2, true)]);
    assert_eq!(found("Final answer: D"), [(3, true)]);
    assert_eq!(found("I would go with (B)."), [(1, false)]);
    assert_eq!(found("B) the second option"), [(1, true), (1, false)]);
    assert_eq!(found("E"), [], "past the last choice");
}

#[test]
fn articles_and_pronouns_are_not_letters() {
    assert_eq!(found("A negligence claim fails here."), []);
    assert_eq!(found("I think so."), []);
    assert_eq!(found("a claim"), []);
    assert_eq!(found("The answer is A because it fits."), [(0, true)]);
}
