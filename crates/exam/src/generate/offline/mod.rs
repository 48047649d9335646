//! The offline generator (METHODS.md §5, beyond the papers): questions from salient sentences,
//! asked from the sentence's structure ([`stem`]), with distractors of the same kind taken from other chunks of the same topic, close to
//! the key by embedding but not stated in the source chunk. Deterministic for a seed.

use super::SourceChunk;
use super::parse::{Draft, KeyRef, Unparsed, normalized, strict, text_hash};
use super::salience::{blanked, number_of, salient, terms_of};
use super::spans::{SpanKind, spans};
use super::stem::{self, Form};
use super::vectors::Vectors;
use super::worthy::{continues_another, question_worthy};
use proctor_core::{EmbedError, Embedder, cosine};
use proctor_stats::SplitMix64;
use proctor_stats::text::sentences;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// One question the generator can write: a sentence of a chunk and the span it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The chunk's row id.
    pub chunk: i64,
    /// Its topic.
    pub topic: Option<String>,
    /// The sentence, as a byte range of the chunk's text.
    pub sentence: (usize, usize),
    /// The answer span, as a byte range of the chunk's text.
    pub span: (usize, usize),
    /// What the span states.
    pub kind: SpanKind,
}

impl Target {
    /// A name that identifies the target within its generation (for resuming without repeats).
    pub fn key(&self) -> String {
        format!("{}:{}-{}", self.chunk, self.span.0, self.span.1)
    }
}

/// A written question, before filtering.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    /// The question (choices shuffled), or why it failed the strict parse.
    pub draft: Result<Draft, Unparsed>,
    /// The kind of its answer.
    pub kind: SpanKind,
    /// How its stem was made from the sentence.
    pub form: Form,
}

/// Why a target yields no question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Fewer than three spans of the same kind could serve as wrong answers.
    NoDistractors,
    /// The question would lean on its passage ("this", "it", "the above").
    LeansOnPassage,
}

#[derive(Debug, Clone)]
struct PoolEntry {
    text: String,
    norm: String,
    terms: BTreeSet<String>,
    chunk: i64,
}

/// The offline generator over a corpus.
pub struct OfflineGenerator<'a> {
    chunks: HashMap<i64, SourceChunk<'a>>,
    targets: Vec<Target>,
    /// Distractor material by (topic, kind).
    pools: BTreeMap<(Option<String>, SpanKind), Vec<PoolEntry>>,
    /// Every sentence each span stands in, with the span blanked: a span that completes the
    /// question's own sentence somewhere in the corpus is a right answer too.
    contexts: HashMap<String, BTreeSet<String>>,
    vectors: Vectors<'a>,
    seed: u64,
}

impl<'a> OfflineGenerator<'a> {
    /// Reads the corpus: every salient span of every sentence, and the targets among them.
    pub fn new(chunks: &[SourceChunk<'a>], embedder: &'a dyn Embedder, seed: u64) -> Self {
        let documents: BTreeSet<i64> = chunks.iter().map(|c| c.document).collect();
        let mut found = Vec::new();
        let mut used_by: HashMap<String, BTreeSet<i64>> = HashMap::new();
        let mut contexts: HashMap<String, BTreeSet<String>> = HashMap::new();
        for chunk in chunks {
            for (from, to) in sentences(chunk.text) {
                let sentence = &chunk.text[from..to];
                for span in spans(sentence) {
                    let text = &sentence[span.start..span.end];
                    used_by
                        .entry(normalized(text))
                        .or_default()
                        .insert(chunk.document);
                    contexts
                        .entry(normalized(text))
                        .or_default()
                        .insert(blanked(sentence, span.start, span.end));
                    found.push((
                        chunk,
                        (from, to),
                        (from + span.start, from + span.end),
                        span.kind,
                    ));
                }
            }
        }
        let mut pools: BTreeMap<(Option<String>, SpanKind), Vec<PoolEntry>> = BTreeMap::new();
        let mut pooled: BTreeSet<(Option<String>, SpanKind, String)> = BTreeSet::new();
        let mut best: BTreeMap<(i64, usize), Target> = BTreeMap::new();
        for (chunk, sentence, span, kind) in found {
            let text = &chunk.text[span.0..span.1];
            let norm = normalized(text);
            let using = used_by.get(&norm).map_or(0, BTreeSet::len);
            if !salient(&kind, text, using, documents.len()) {
                continue;
            }
            let topic = chunk.topic.map(str::to_owned);
            if pooled.insert((topic.clone(), kind.clone(), norm.clone())) {
                pools
                    .entry((topic.clone(), kind.clone()))
                    .or_default()
                    .push(PoolEntry {
                        text: text.split_whitespace().collect::<Vec<_>>().join(" "),
                        terms: terms_of(text),
                        norm,
                        chunk: chunk.id,
                    });
            }
            let sentence_text = &chunk.text[sentence.0..sentence.1];
            if !question_worthy(sentence_text) || continues_another(chunk.text, sentence.0) {
                continue;
            }
            // Only a span the sentence asks for as one whole question is a place to ask: when
            // the most specific span would cut a phrase, a plainer one of the same sentence
            // may not.
            if stem::write(
                sentence_text,
                span.0 - sentence.0,
                span.1 - sentence.0,
                &kind,
                chunk.text,
            )
            .is_none()
            {
                continue;
            }
            // One question per sentence: the most specific span, then the rarest.
            let target = Target {
                chunk: chunk.id,
                topic,
                sentence,
                span,
                kind: kind.clone(),
            };
            let rank = |t: &Target| {
                let n = normalized(&chunk.text[t.span.0..t.span.1]);
                (
                    t.kind.priority(),
                    std::cmp::Reverse(used_by.get(&n).map_or(0, BTreeSet::len)),
                )
            };
            match best.get(&(chunk.id, sentence.0)) {
                Some(current) if rank(current) >= rank(&target) => {}
                _ => {
                    best.insert((chunk.id, sentence.0), target);
                }
            }
        }
        Self {
            chunks: chunks.iter().map(|c| (c.id, *c)).collect(),
            targets: best.into_values().collect(),
            pools,
            contexts,
            vectors: Vectors::new(embedder),
            seed,
        }
    }

    /// How many sentences could become questions.
    pub fn available(&self) -> usize {
        self.targets.len()
    }

    /// Every target in the order questions should be written: topics interleaved in proportion
    /// to their share of the corpus's chunks (or equally with `equal_topics`), and within a topic
    /// one sentence per chunk in turn, chunks and sentences in an order drawn from the seed.
    pub fn plan(&self, equal_topics: bool) -> Vec<Target> {
        let mut by_topic: BTreeMap<Option<String>, BTreeMap<i64, Vec<&Target>>> = BTreeMap::new();
        for t in &self.targets {
            by_topic
                .entry(t.topic.clone())
                .or_default()
                .entry(t.chunk)
                .or_default()
                .push(t);
        }
        let mut chunk_count: BTreeMap<Option<String>, usize> = BTreeMap::new();
        for c in self.chunks.values() {
            *chunk_count.entry(c.topic.map(str::to_owned)).or_default() += 1;
        }
        let mut queues: Vec<(f64, Vec<&Target>)> = Vec::new();
        for (topic, mut chunks) in by_topic {
            let mut rng = SplitMix64::new(self.seed ^ text_hash(topic.as_deref().unwrap_or("")));
            let mut order: Vec<i64> = chunks.keys().copied().collect();
            shuffle(&mut order, &mut rng);
            for list in chunks.values_mut() {
                shuffle(list, &mut rng);
            }
            let mut queue = Vec::new();
            let mut round = 0;
            while queue.len() < chunks.values().map(Vec::len).sum() {
                for id in &order {
                    if let Some(t) = chunks[id].get(round) {
                        queue.push(*t);
                    }
                }
                round += 1;
            }
            #[expect(clippy::cast_precision_loss, reason = "chunk counts far below 2^52")]
            let weight = if equal_topics {
                1.0
            } else {
                chunk_count.get(&topic).copied().unwrap_or(1) as f64
            };
            queues.push((weight, queue));
        }
        super::plan::interleave(queues)
            .into_iter()
            .cloned()
            .collect()
    }

    /// The form the question for `target` takes ([`Self::write`] writes it so), without its
    /// distractors; `None` where no question is asked of it.
    #[must_use]
    pub fn form(&self, target: &Target) -> Option<stem::Form> {
        let chunk = self.chunks.get(&target.chunk)?;
        stem_of(chunk.text, target).map(|s| s.form)
    }

    /// Writes the question for `target`: the stem, the key and three distractors, shuffled.
    pub fn write(&self, target: &Target) -> Result<Result<Written, Skip>, EmbedError> {
        let Some(chunk) = self.chunks.get(&target.chunk) else {
            return Ok(Err(Skip::NoDistractors));
        };
        let key = chunk.text[target.span.0..target.span.1]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let chunk_lower = chunk.text.to_lowercase();
        let key_norm = normalized(&key);
        let key_terms = terms_of(&key);
        let context = blanked(
            &chunk.text[target.sentence.0..target.sentence.1],
            target.span.0 - target.sentence.0,
            target.span.1 - target.sentence.0,
        );
        let usable = |e: &&PoolEntry| {
            e.chunk != chunk.id
                && !self
                    .contexts
                    .get(&e.norm)
                    .is_some_and(|c| c.contains(&context))
                && e.norm != key_norm
                // "network file system" is "network filesystem" written apart.
                && squeezed(&e.norm) != squeezed(&key_norm)
                // "sqlite3_step()s": a word glued to a call is no phrase of its own.
                && !glued_to_call(&e.text)
                && !chunk_lower.contains(&e.norm)
                && !e.norm.contains(&key_norm)
                && !key_norm.contains(&e.norm)
                && (e.terms.is_empty() || e.terms != key_terms)
                // A phrase holding all of the key's words and more, or only some of them, is
                // the key said another way ("wildcard characters" for "wildcards", "auxiliary
                // data columns" for "auxiliary columns"): fairly right too.
                && (matches!(target.kind, SpanKind::Quantity(_) | SpanKind::Year)
                    || e.terms.is_empty()
                    || key_terms.is_empty()
                    || !(e.terms.is_subset(&key_terms) || key_terms.is_subset(&e.terms)))
                && (target.kind != SpanKind::Term || plural(&e.text) == plural(&key))
                && (!matches!(target.kind, SpanKind::Name | SpanKind::Code)
                    || shape(&e.text) == shape(&key))
        };
        let pool_of = |topic: Option<String>| {
            self.pools
                .get(&(topic, target.kind.clone()))
                .into_iter()
                .flatten()
                .filter(usable)
                .collect::<Vec<_>>()
        };
        let mut pool = pool_of(target.topic.clone());
        if pool.len() < 3 {
            // Too few in the topic: the rest of the corpus lends its spans.
            for (topic, kind) in self.pools.keys() {
                if *kind == target.kind && *topic != target.topic {
                    pool.extend(pool_of(topic.clone()));
                }
            }
        }
        if pool.len() < 3 {
            return Ok(Err(Skip::NoDistractors));
        }
        let Some(distractors) = self.closest(&key, &target.kind, &pool)? else {
            return Ok(Err(Skip::NoDistractors));
        };
        let Some(stem) = stem_of(chunk.text, target) else {
            return Ok(Err(Skip::LeansOnPassage));
        };
        let mut choices = vec![key];
        choices.extend(distractors);
        // A blank that took in the key's article has every choice written with one.
        if let Some(lead) = &stem.lead {
            for choice in &mut choices {
                *choice = stem::with_lead(lead, choice);
            }
        }
        let draft = strict(&stem.text, &choices, KeyRef::Index(0))
            .map(|d| d.shuffled(self.seed ^ text_hash(&target.key())));
        Ok(Ok(Written {
            draft,
            kind: target.kind.clone(),
            form: stem.form,
        }))
    }

    /// The three spans of `pool` closest to `key`: by value for numbers and years, by meaning
    /// (with a penalty for a different length, so the key is not the longest) for the rest;
    /// none containing another or near-identical in meaning to one already chosen.
    fn closest(
        &self,
        key: &str,
        kind: &SpanKind,
        pool: &[&PoolEntry],
    ) -> Result<Option<Vec<String>>, EmbedError> {
        #[expect(clippy::cast_precision_loss, reason = "text lengths far below 2^52")]
        let length_gap = |a: &str, b: &str| ((a.len() as f64) / (b.len().max(1) as f64)).ln().abs();
        let mut scored: Vec<(f64, &PoolEntry)> = match kind {
            SpanKind::Quantity(_) | SpanKind::Year => {
                let value = number_of(key).unwrap_or(0.0);
                pool.iter()
                    .filter_map(|e| {
                        let v = number_of(&e.text)?;
                        ((v - value).abs() > f64::EPSILON * value.abs().max(1.0)).then(|| {
                            let gap = if value > 0.0 && v > 0.0 {
                                (v / value).ln().abs()
                            } else {
                                (v - value).abs()
                            };
                            (-gap, *e)
                        })
                    })
                    .collect()
            }
            _ => {
                let mut texts: Vec<&str> = vec![key];
                texts.extend(pool.iter().map(|e| e.text.as_str()));
                let vectors = self.vectors.get(&texts)?;
                pool.iter()
                    .zip(&vectors[1..])
                    .map(|(e, v)| (cosine(&vectors[0], v) - 0.25 * length_gap(&e.text, key), *e))
                    .collect()
            }
        };
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.norm.cmp(&b.1.norm)));
        let mut chosen: Vec<&PoolEntry> = Vec::new();
        for (_, entry) in scored {
            let clash = chosen.iter().any(|c| {
                c.norm.contains(&entry.norm)
                    || entry.norm.contains(&c.norm)
                    || (!c.terms.is_empty() && c.terms == entry.terms)
            });
            if clash {
                continue;
            }
            if !matches!(kind, SpanKind::Quantity(_) | SpanKind::Year) {
                let texts: Vec<&str> = chosen
                    .iter()
                    .map(|c| c.text.as_str())
                    .chain([entry.text.as_str()])
                    .collect();
                let vectors = self.vectors.get(&texts)?;
                if let Some((last, earlier)) = vectors.split_last()
                    && earlier.iter().any(|v| cosine(v, last) >= 0.92)
                {
                    continue;
                }
            }
            chosen.push(entry);
            if chosen.len() == 3 {
                return Ok(Some(chosen.iter().map(|c| c.text.clone()).collect()));
            }
        }
        Ok(None)
    }
}

/// Whether a phrase's last word reads as a plural: a wrong answer agrees with the key in number,
/// so the question's grammar does not give the key away.
fn plural(phrase: &str) -> bool {
    phrase
        .rsplit(' ')
        .next()
        .is_some_and(|w| w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us"))
}

/// How a name or identifier is written: "JSON" and "WAL" are capitals, "Debian" and "Free
/// Software" title case, "sqlite3_open" lower case, "xRowid" mixed. A wrong answer is written
/// like the key, so that its look does not give it away.
fn shape(text: &str) -> u8 {
    let letters: Vec<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
    if letters.iter().all(|c| c.is_uppercase()) {
        1
    } else if letters.iter().all(|c| c.is_lowercase()) {
        2
    } else if text.split_whitespace().all(|w| {
        let mut chars = w.chars().filter(|c| c.is_alphabetic());
        chars.next().is_none_or(char::is_uppercase) && chars.all(char::is_lowercase)
    }) {
        3
    } else {
        4
    }
}

fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

#[cfg(test)]
mod tests;

/// The stem written for a target: the one place both the question and the form a resumed
/// generation counts come from.
fn stem_of(passage: &str, target: &Target) -> Option<stem::Stem> {
    stem::write(
        &passage[target.sentence.0..target.sentence.1],
        target.span.0 - target.sentence.0,
        target.span.1 - target.sentence.0,
        &target.kind,
        passage,
    )
}

/// A phrase with its spaces and hyphens taken out: "network file system" and "network
/// filesystem" are one.
fn squeezed(phrase: &str) -> String {
    phrase.chars().filter(|c| !matches!(c, ' ' | '-')).collect()
}

/// Whether letters follow a closing bracket right away ("sqlite3_step()s"): a plural or a
/// slip glued to a call, no phrase to offer as a choice.
fn glued_to_call(phrase: &str) -> bool {
    phrase
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b')' && w[1].is_ascii_alphabetic())
}
