//! The quality of an exam's generated questions, shown before they are frozen (METHODS.md §5):
//! what was made, parsed and set aside (by reason), where the keys sit (χ² against uniform),
//! the guessing baselines, coverage of the corpus's topics, Bloom levels and types, and the
//! last reading check.

use super::{flags_of, measures_of};
use crate::dto::{FilterThresholds, GenerationQuality, Tally, TopicCoverage};
use crate::saturating_u32;
use crate::{ApiResult, Project};
use proctor_exam::classify::{BloomKeywords, question_type};
use proctor_exam::generate::filters::{Check, Thresholds};
use proctor_exam::generate::parse::Unparsed;
use proctor_exam::generate::stem::fills_a_blank;
use proctor_stats::significance::chi_square_uniform;
use proctor_store::ExamVersionRow;
use std::collections::BTreeMap;

fn tallies(counts: BTreeMap<String, usize>) -> Vec<Tally> {
    counts
        .into_iter()
        .map(|(name, count)| Tally {
            name,
            count: saturating_u32(count),
        })
        .collect()
}

impl Project {
    /// The quality of an exam's generated questions.
    pub(crate) fn generation_quality(
        &self,
        version: &ExamVersionRow,
    ) -> ApiResult<GenerationQuality> {
        let rows = self.store.candidates(version.exam)?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let mut unparsed = BTreeMap::new();
        let mut flagged = BTreeMap::new();
        let (mut flagged_questions, mut duplicates) = (0, 0);
        let (mut accepted, mut rejected, mut pending) = (0, 0, 0);
        let mut positions = [0u64; 4];
        let (mut longest, mut kept) = (0usize, 0usize);
        let mut topics: BTreeMap<String, usize> = BTreeMap::new();
        let mut bloom = BTreeMap::new();
        let mut types = BTreeMap::new();
        let (mut fill_blank, mut lookup, mut lookup_measured) = (0usize, 0usize, 0usize);
        // Accepted, or waiting with no flag: what accepting those that pass puts in the exam.
        let (mut passing, mut fill_blank_passing) = (0usize, 0usize);
        let (mut guessable, mut guessable_measured) = (0usize, 0usize);
        for row in &rows {
            match row.status.as_str() {
                "unparsed" => {
                    let kind = row
                        .parse_error
                        .as_deref()
                        .and_then(|e| serde_json::from_str::<Unparsed>(e).ok())
                        .map_or("unknown", |e| e.kind());
                    *unparsed.entry(kind.to_owned()).or_insert(0) += 1;
                    continue;
                }
                "accepted" => accepted += 1,
                "rejected" => rejected += 1,
                _ => pending += 1,
            }
            let flags = flags_of(row);
            if !flags.is_empty() {
                flagged_questions += 1;
            }
            if flags.iter().any(|f| f.check == Check::Duplicate) {
                duplicates += 1;
            }
            for f in &flags {
                *flagged.entry(f.check.label().to_owned()).or_insert(0) += 1;
            }
            if row.status == "rejected" {
                continue;
            }
            kept += 1;
            let key = row.key.unwrap_or(0);
            if let Some(p) = positions.get_mut(key) {
                *p += 1;
            }
            let choices = row.choices.as_deref().unwrap_or(&[]);
            let lengths: Vec<usize> = choices.iter().map(|c| c.chars().count()).collect();
            let max = lengths.iter().copied().max().unwrap_or(0);
            if lengths.iter().position(|l| *l == max) == Some(key) {
                longest += 1;
            }
            *topics
                .entry(row.topic.clone().unwrap_or_else(|| "(no topic)".into()))
                .or_insert(0) += 1;
            let stem = row.stem.as_deref().unwrap_or("");
            let passes = row.status == "accepted" || flags.is_empty();
            passing += usize::from(passes);
            if fills_a_blank(stem) {
                fill_blank += 1;
                fill_blank_passing += usize::from(passes);
            }
            if let Some(m) = measures_of(row) {
                if let Some(l) = m.lookup {
                    lookup_measured += 1;
                    lookup += usize::from(l);
                }
                if let Some(g) = m.guessable {
                    guessable_measured += 1;
                    guessable += usize::from(g);
                }
            }
            for level in super::bloom_of(row, stem, &keywords) {
                *bloom.entry(level.as_str().to_owned()).or_insert(0) += 1;
            }
            *types
                .entry(question_type(stem).as_str().to_owned())
                .or_insert(0) += 1;
        }
        let mut corpus: BTreeMap<String, usize> = BTreeMap::new();
        let chunks = self.store.chunks()?;
        for c in &chunks {
            *corpus
                .entry(c.topic.clone().unwrap_or_else(|| "(no topic)".into()))
                .or_insert(0) += 1;
        }
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let thresholds: Option<Thresholds> = self
            .store
            .setting(&format!("generation-thresholds:{}", version.exam.0))?
            .and_then(|t| serde_json::from_str(&t).ok());
        let all_topics: std::collections::BTreeSet<&String> =
            corpus.keys().chain(topics.keys()).collect();
        Ok(GenerationQuality {
            made: saturating_u32(rows.len()),
            parsed: saturating_u32(rows.len() - unparsed.values().sum::<usize>()),
            unparsed: tallies(unparsed),
            flagged: tallies(flagged),
            flagged_questions: saturating_u32(flagged_questions),
            duplicates: saturating_u32(duplicates),
            accepted: saturating_u32(accepted),
            rejected: saturating_u32(rejected),
            pending: saturating_u32(pending),
            key_positions: positions
                .iter()
                .map(|&p| saturating_u32(usize::try_from(p).unwrap_or(0)))
                .collect(),
            key_positions_p: chi_square_uniform(&positions).map(|(_, p)| p),
            longest_choice: (kept > 0).then(|| ratio(longest, kept)),
            best_position: (kept > 0).then(|| {
                ratio(
                    usize::try_from(positions.iter().copied().max().unwrap_or(0)).unwrap_or(0),
                    kept,
                )
            }),
            topics: all_topics
                .into_iter()
                .map(|t| TopicCoverage {
                    topic: t.clone(),
                    questions: saturating_u32(topics.get(t).copied().unwrap_or(0)),
                    share: ratio(topics.get(t).copied().unwrap_or(0), kept),
                    corpus_share: ratio(corpus.get(t).copied().unwrap_or(0), chunks.len()),
                })
                .collect(),
            bloom: tallies(bloom),
            question_types: tallies(types),
            reading: self
                .store
                .setting(&crate::generation::reading::setting(version.exam))?
                .and_then(|r| serde_json::from_str(&r).ok()),
            fill_blank: saturating_u32(fill_blank),
            passing: saturating_u32(passing),
            fill_blank_passing: saturating_u32(fill_blank_passing),
            lookup: saturating_u32(lookup),
            lookup_measured: saturating_u32(lookup_measured),
            guessable: saturating_u32(guessable),
            guessable_measured: saturating_u32(guessable_measured),
            thresholds: thresholds.map(|t| FilterThresholds {
                share: t.share,
                distractor_words: t.distractor_words,
                distractor_meaning: t.distractor_meaning,
                alike_words: t.alike_words,
                alike_meaning: t.alike_meaning,
            }),
        })
    }
}
