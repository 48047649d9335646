//! Cutting documents into chunks: paragraphs (or sentences) are packed greedily up to a size in
//! characters, the next chunk starting with the last units that fit in the overlap. A unit
//! longer than the size is cut at word boundaries.

use proctor_stats::text::sentences;
use serde::{Deserialize, Serialize};

/// What a chunk is built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChunkBy {
    /// Paragraphs (blank-line separated), cut into sentences only when too long.
    Paragraph,
    /// Sentences.
    Sentence,
}

/// How documents are chunked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChunkSettings {
    /// Largest chunk, in characters.
    pub size: usize,
    /// Characters of the previous chunk repeated at the start of the next.
    pub overlap: usize,
    /// The units chunks are packed from.
    pub by: ChunkBy,
}

impl Default for ChunkSettings {
    fn default() -> Self {
        Self {
            size: 800,
            overlap: 100,
            by: ChunkBy::Paragraph,
        }
    }
}

/// A chunk: its text and its byte range in the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// The text, exactly as in the document between `start` and `end`.
    pub text: String,
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset after the last character.
    pub end: usize,
}

fn paragraphs(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            let mut j = i + 1;
            while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\t' || bytes[j] == b'\r') {
                j += 1;
            }
            if j < bytes.len() && bytes[j] == b'\n' {
                out.push((start, i));
                start = j + 1;
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out.push((start, text.len()));
    out.into_iter()
        .filter_map(|(a, b)| {
            let piece = &text[a..b];
            let lead = piece.len() - piece.trim_start().len();
            let trail = piece.len() - piece.trim_end().len();
            (b - a > lead + trail).then_some((a + lead, b - trail))
        })
        .collect()
}

/// Cuts a unit longer than `size` characters at word boundaries.
fn split_long(text: &str, (start, end): (usize, usize), size: usize) -> Vec<(usize, usize)> {
    if text[start..end].chars().count() <= size {
        return vec![(start, end)];
    }
    let mut out = Vec::new();
    let mut piece_start = start;
    let mut last_space = None;
    let mut count = 0;
    for (offset, c) in text[start..end].char_indices() {
        let at = start + offset;
        if c.is_whitespace() {
            last_space = Some(at);
        }
        count += 1;
        if count > size {
            let cut = last_space.filter(|s| *s > piece_start).unwrap_or(at);
            out.push((piece_start, cut));
            piece_start = text[cut..end]
                .char_indices()
                .find(|(_, c)| !c.is_whitespace())
                .map_or(end, |(o, _)| cut + o);
            count = text[piece_start..at + c.len_utf8()].chars().count();
            last_space = None;
        }
    }
    if piece_start < end {
        out.push((piece_start, end));
    }
    out.into_iter().filter(|(a, b)| b > a).collect()
}

/// Chunks `text` by `settings`.
pub fn chunk(text: &str, settings: &ChunkSettings) -> Vec<Chunk> {
    let size = settings.size.max(20);
    let overlap = settings.overlap.min(size / 2);
    let units: Vec<(usize, usize)> = match settings.by {
        ChunkBy::Sentence => sentences(text),
        ChunkBy::Paragraph => paragraphs(text)
            .into_iter()
            .flat_map(|(a, b)| {
                if text[a..b].chars().count() <= size {
                    vec![(a, b)]
                } else {
                    sentences(&text[a..b])
                        .into_iter()
                        .map(|(x, y)| (a + x, a + y))
                        .collect()
                }
            })
            .collect(),
    }
    .into_iter()
    .flat_map(|unit| split_long(text, unit, size))
    .collect();
    let length = |a: usize, b: usize| text[a..b].chars().count();
    let mut chunks = Vec::new();
    let mut first = 0;
    while first < units.len() {
        let mut last = first;
        while last + 1 < units.len() && length(units[first].0, units[last + 1].1) <= size {
            last += 1;
        }
        let (start, end) = (units[first].0, units[last].1);
        chunks.push(Chunk {
            text: text[start..end].to_owned(),
            start,
            end,
        });
        if last + 1 >= units.len() {
            break;
        }
        // The next chunk starts with the trailing units of this one that fit in the overlap,
        // but always moves forward by at least one unit.
        let mut next = last + 1;
        while next > first + 1 && overlap > 0 && length(units[next - 1].0, units[last].1) <= overlap
        {
            next -= 1;
        }
        first = next;
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn settings(size: usize, overlap: usize, by: ChunkBy) -> ChunkSettings {
        ChunkSettings { size, overlap, by }
    }

    #[test]
    fn packs_paragraphs_and_overlaps_by_units() {
        let text = "Alpha one.\n\nBeta two two.\n\nGamma three.\n\nDelta.";
        let chunks = chunk(text, &settings(30, 0, ChunkBy::Paragraph));
        let texts: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            ["Alpha one.\n\nBeta two two.", "Gamma three.\n\nDelta."]
        );
        // With overlap, the next chunk repeats the last paragraph that fits in 15 characters.
        let chunks = chunk(text, &settings(30, 15, ChunkBy::Paragraph));
        let texts: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Alpha one.\n\nBeta two two.",
                "Beta two two.\n\nGamma three.",
                "Gamma three.\n\nDelta."
            ]
        );
        for c in &chunks {
            assert_eq!(&text[c.start..c.end], c.text);
        }
    }

    #[test]
    fn long_paragraphs_fall_back_to_sentences_and_words() {
        let text = "First sentence here. Second sentence here. Third one.";
        let chunks = chunk(text, &settings(25, 0, ChunkBy::Paragraph));
        let texts: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "First sentence here.",
                "Second sentence here.",
                "Third one."
            ]
        );
        let word = "word ".repeat(30);
        let chunks = chunk(&word, &settings(20, 0, ChunkBy::Sentence));
        assert!(
            chunks.iter().all(|c| c.text.chars().count() <= 20),
            "{chunks:?}"
        );
        assert!(
            chunks
                .iter()
                .all(|c| !c.text.starts_with(' ') && !c.text.ends_with(' '))
        );
    }

    proptest! {
        #[test]
        fn chunks_cover_the_text_in_order_within_the_size(
            words in prop::collection::vec("[a-zé]{1,12}[.?]?", 1..120),
            breaks in prop::collection::vec(0usize..4, 120),
            size in 20usize..200,
            overlap in 0usize..60,
        ) {
            let mut text = String::new();
            for (i, w) in words.iter().enumerate() {
                text.push_str(w);
                text.push_str(match breaks[i] { 0 => "\n\n", 1 => "\n", _ => " " });
            }
            for by in [ChunkBy::Paragraph, ChunkBy::Sentence] {
                let chunks = chunk(&text, &settings(size, overlap, by));
                prop_assert!(!chunks.is_empty());
                let mut previous_start = 0;
                for c in &chunks {
                    prop_assert_eq!(&text[c.start..c.end], c.text.as_str());
                    prop_assert!(c.text.chars().count() <= size.max(20), "{:?}", c);
                    prop_assert!(c.start >= previous_start);
                    previous_start = c.start;
                }
                // Every word of the text is in some chunk.
                let covered: usize = chunks.iter().map(|c| c.end).max().unwrap();
                prop_assert_eq!(covered, text.trim_end().len());
            }
        }
    }
}
