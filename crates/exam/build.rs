//! The offline generator's part-of-speech lexicon, from WordNet 3.0 (Debian package
//! `wordnet-base`, installed by scripts/setup.sh): every one-word lemma with the parts of speech
//! it has and how often each was tagged in the SemCor corpus (`cntlist.rev`), and the irregular
//! forms (`*.exc`). Written to `$OUT_DIR/lexicon.txt` and embedded in the binary, so nothing is
//! read at run time. `PROCTOR_WORDNET` points at another copy of the dictionary.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Noun, verb, adjective, adverb: the dictionary files' names, in the order of the counts.
const PARTS: [&str; 4] = ["noun", "verb", "adj", "adv"];

fn read(dir: &Path, name: &str) -> String {
    let path = dir.join(name);
    println!("cargo:rerun-if-changed={}", path.display());
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}. The offline generator's lexicon is WordNet 3.0: install the \
             Debian package wordnet-base (scripts/setup.sh does), or set PROCTOR_WORDNET to its \
             dictionary folder.",
            path.display()
        )
    })
}

/// A one-word lemma: letters, with inner hyphens or apostrophes.
fn one_word(lemma: &str) -> bool {
    !lemma.is_empty()
        && lemma
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '-' || c == '\'')
        && lemma.starts_with(|c: char| c.is_ascii_lowercase())
}

fn main() {
    println!("cargo:rerun-if-env-changed=PROCTOR_WORDNET");
    let dir = PathBuf::from(
        std::env::var("PROCTOR_WORDNET").unwrap_or_else(|_| "/usr/share/wordnet".into()),
    );
    // Tagged occurrences per lemma and part of speech (adjective satellites count as adjectives).
    let mut tagged: BTreeMap<String, [u32; 4]> = BTreeMap::new();
    for line in read(&dir, "cntlist.rev").lines() {
        let mut fields = line.split_whitespace();
        let (Some(key), Some(_), Some(count)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Some((lemma, rest)) = key.split_once('%') else {
            continue;
        };
        let part = match rest.as_bytes().first() {
            Some(b'1') => 0,
            Some(b'2') => 1,
            Some(b'3' | b'5') => 2,
            Some(b'4') => 3,
            _ => continue,
        };
        if one_word(lemma) {
            tagged.entry(lemma.to_owned()).or_default()[part] += count.parse().unwrap_or(0);
        }
    }
    // Which parts of speech each lemma has: tagged count + 1, or 0 where it has none.
    let mut lemmas: BTreeMap<String, [u32; 4]> = BTreeMap::new();
    for (part, name) in PARTS.iter().enumerate() {
        for line in read(&dir, &format!("index.{name}")).lines() {
            if line.starts_with(' ') {
                continue;
            }
            let Some(lemma) = line.split(' ').next().filter(|l| one_word(l)) else {
                continue;
            };
            let count = tagged.get(lemma).map_or(0, |t| t[part]);
            lemmas.entry(lemma.to_owned()).or_default()[part] = count + 1;
        }
    }
    let mut out = String::with_capacity(lemmas.len() * 20);
    for (lemma, counts) in &lemmas {
        let _ = writeln!(
            out,
            "{lemma}\t{}\t{}\t{}\t{}",
            counts[0], counts[1], counts[2], counts[3]
        );
    }
    // Irregular forms: "~form\tpart\tlemma" (part 0–3 as above).
    for (part, name) in PARTS.iter().enumerate() {
        for line in read(&dir, &format!("{name}.exc")).lines() {
            let mut fields = line.split_whitespace();
            let (Some(form), Some(lemma)) = (fields.next(), fields.next()) else {
                continue;
            };
            if one_word(form) && one_word(lemma) {
                let _ = writeln!(out, "~{form}\t{part}\t{lemma}");
            }
        }
    }
    let target = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(target.join("lexicon.txt"), out).expect("OUT_DIR is writable");
}
