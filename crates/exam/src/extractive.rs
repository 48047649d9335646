//! Extractive articles (METHODS.md §8): baseline "systems" for EXAM mode that write an article
//! for a query by picking corpus sentences, without a language model.
//!
//! - [`passage_match`]: a sentence's match with the query, Σ_{t ∈ S∩Q} idf(t), with idf
//!   precision and recall (Lin 2006).
//! - [`mmr`]: maximal marginal relevance — repeatedly add the candidate maximising
//!   Rel(c) − λ · max (or mean) similarity to what is already chosen, relevances normalised to
//!   [0, 1], until a length quota in non-whitespace characters is filled (the last sentence cut).
//! - [`overlap_score`]: semantic overlap scoring (Marton & Katz 2006): the query's words as
//!   weighted groups, a candidate's overlap recall and precision over the groups it matches, and
//!   F_{β=3}(F_{β=2}(recall, precision), document score). A group's variants come from exact and
//!   stemmed matches, a user's synonym list, and [`embedding_variants`] (words of the candidates
//!   whose embedding is close to the query word's).

use crate::readers::Idf;
use proctor_core::{EmbedError, Embedder, cosine};
use std::collections::{BTreeMap, BTreeSet};

/// A sentence's passage match with a query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PassageMatch {
    /// Σ_{t ∈ S∩Q} idf(t).
    pub score: f64,
    /// Σ_{t ∈ S∩Q} idf(t) / Σ_{t ∈ S} idf(t).
    pub precision: f64,
    /// Σ_{t ∈ S∩Q} idf(t) / Σ_{t ∈ Q} idf(t).
    pub recall: f64,
}

/// The passage match of a sentence's terms with a query's terms.
pub fn passage_match(
    sentence: &BTreeSet<String>,
    query: &BTreeSet<String>,
    idf: &Idf,
) -> PassageMatch {
    let weight =
        |terms: &mut dyn Iterator<Item = &String>| terms.map(|t| idf.weight(t)).sum::<f64>();
    let score = weight(&mut sentence.intersection(query));
    let ratio = |d: f64| if d > 0.0 { score / d } else { 0.0 };
    PassageMatch {
        score,
        precision: ratio(weight(&mut sentence.iter())),
        recall: ratio(weight(&mut query.iter())),
    }
}

/// How a candidate's redundancy with the chosen sentences is measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redundancy {
    /// The largest similarity to a chosen sentence.
    Max,
    /// The mean similarity to the chosen sentences.
    Mean,
}

/// Characters that are not white space.
pub fn visible_length(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

/// `text` cut after `quota` non-whitespace characters.
pub fn cut_to(text: &str, quota: usize) -> &str {
    let mut seen = 0;
    for (at, c) in text.char_indices() {
        if !c.is_whitespace() {
            if seen == quota {
                return text[..at].trim_end();
            }
            seen += 1;
        }
    }
    text
}

/// Maximal marginal relevance: the chosen candidates' indices in order, until `quota`
/// non-whitespace characters are filled. `relevance` is normalised to [0, 1] by its maximum;
/// `similarity(i, j)` is in [0, 1].
pub fn mmr(
    relevance: &[f64],
    lengths: &[usize],
    similarity: impl Fn(usize, usize) -> f64,
    lambda: f64,
    redundancy: Redundancy,
    quota: usize,
) -> Vec<usize> {
    let top = relevance.iter().copied().fold(0.0, f64::max);
    let rel: Vec<f64> = relevance
        .iter()
        .map(|r| if top > 0.0 { r / top } else { 0.0 })
        .collect();
    let mut chosen: Vec<usize> = Vec::new();
    let mut filled = 0;
    while filled < quota {
        let best = (0..rel.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| {
                let penalty = if chosen.is_empty() {
                    0.0
                } else {
                    let sims = chosen.iter().map(|&j| similarity(i, j));
                    match redundancy {
                        Redundancy::Max => sims.fold(0.0, f64::max),
                        Redundancy::Mean => sims.sum::<f64>() / chosen.len() as f64,
                    }
                };
                (i, rel[i] - lambda * penalty)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
        let Some((i, _)) = best else { break };
        chosen.push(i);
        filled += lengths[i];
    }
    chosen
}

/// A query word group (a word and its variants) with its weight.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The stem that names the group.
    pub stem: String,
    /// Surface forms and synonyms with their similarity to the group (exact form 1).
    pub variants: BTreeMap<String, f64>,
    /// o(g), normalised so the weights sum to 1.
    pub weight: f64,
}

/// The groups of a query: one per content word (stemmed), weighted by idf and normalised to sum
/// to 1 (`squared`: the weights squared first, then normalised). `synonyms` maps a stem to
/// other words counted with the given similarity.
pub fn query_groups(
    query: &str,
    idf: &Idf,
    synonyms: &BTreeMap<String, Vec<(String, f64)>>,
    squared: bool,
) -> Vec<Group> {
    let terms = proctor_stats::text::Terms {
        stem: true,
        drop_stopwords: true,
    };
    let stems: BTreeSet<String> = terms.of(query).into_iter().collect();
    let mut groups: Vec<Group> = stems
        .into_iter()
        .map(|stem| {
            let mut variants = BTreeMap::from([(stem.clone(), 1.0)]);
            for (word, s) in synonyms.get(&stem).into_iter().flatten() {
                // A word named by two sources (a synonym list and embeddings) counts with the
                // larger similarity; the group's own stem always counts 1.
                let variant = variants.entry(term_of(word)).or_insert(0.0);
                *variant = f64::max(*variant, *s);
            }
            let w = idf.weight(&stem);
            Group {
                weight: if squared { w * w } else { w },
                stem,
                variants,
            }
        })
        .collect();
    let total: f64 = groups.iter().map(|g| g.weight).sum();
    for g in &mut groups {
        g.weight = if total > 0.0 { g.weight / total } else { 0.0 };
    }
    groups
}

/// A word as the overlap scorer sees it: lower case, stemmed when longer than three letters.
fn term_of(word: &str) -> String {
    let lower = word.to_lowercase();
    if lower.len() > 3 {
        proctor_stats::text::stem(&lower)
    } else {
        lower
    }
}

/// The content words of a text by term, each with the first surface form it appears in.
fn surface_forms(text: &str, into: &mut BTreeMap<String, String>) {
    for word in text
        .to_lowercase()
        .split(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit()))
        .filter(|w| w.len() > 2 && !proctor_stats::text::is_stopword(w))
    {
        into.entry(term_of(word)).or_insert_with(|| word.to_owned());
    }
}

/// The (term, surface form) pairs of the query's content words, and of the candidates' words
/// the query does not use: what [`embedding_variants`] embeds.
type WordForms = (Vec<(String, String)>, Vec<(String, String)>);

fn variant_forms<'a>(query: &str, candidates: impl IntoIterator<Item = &'a str>) -> WordForms {
    let mut asked = BTreeMap::new();
    surface_forms(query, &mut asked);
    let mut found = BTreeMap::new();
    for text in candidates {
        surface_forms(text, &mut found);
    }
    found.retain(|term, _| !asked.contains_key(term));
    (asked.into_iter().collect(), found.into_iter().collect())
}

/// The words [`embedding_variants`] embeds for this query and these candidates (so a caller can
/// put vectors it kept in front of the embedder first).
pub fn variant_words<'a>(
    query: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Vec<String> {
    let (asked, found) = variant_forms(query, candidates);
    asked
        .into_iter()
        .chain(found)
        .map(|(_, surface)| surface)
        .collect()
}

/// The embedding variation source of semantic overlap: for each content word of `query`, the
/// words of `candidates` whose embedding has a cosine of at least `threshold` with it, keyed by
/// the query word's term and with the cosine as similarity — the form [`query_groups`] takes.
/// Each distinct word is embedded once (put a cache in front of `embedder` to keep them).
pub fn embedding_variants<'a>(
    query: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    embedder: &dyn Embedder,
    threshold: f64,
) -> Result<BTreeMap<String, Vec<(String, f64)>>, EmbedError> {
    let (asked, found) = variant_forms(query, candidates);
    if asked.is_empty() || found.is_empty() {
        return Ok(BTreeMap::new());
    }
    let words: Vec<&str> = asked
        .iter()
        .chain(&found)
        .map(|(_, surface)| surface.as_str())
        .collect();
    let vectors = embedder.embed(&words)?;
    let (asked_vectors, found_vectors) = vectors.split_at(asked.len());
    let mut variants = BTreeMap::new();
    for ((term, _), q) in asked.iter().zip(asked_vectors) {
        let close: Vec<(String, f64)> = found
            .iter()
            .zip(found_vectors)
            .map(|((_, surface), v)| (surface.clone(), cosine(q, v)))
            .filter(|(_, similarity)| *similarity >= threshold)
            .map(|(surface, similarity)| (surface, similarity.min(1.0)))
            .collect();
        if !close.is_empty() {
            variants.insert(term.clone(), close);
        }
    }
    Ok(variants)
}

/// The F-measure with parameter β.
fn f_measure(precision: f64, recall: f64, beta: f64) -> f64 {
    let b2 = beta * beta;
    if b2 * precision + recall > 0.0 {
        (b2 + 1.0) * precision * recall / (b2 * precision + recall)
    } else {
        0.0
    }
}

/// A candidate's semantic overlap with the query groups (003).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Overlap {
    /// Σ o(g) over the groups the candidate matches.
    pub recall: f64,
    /// Mean over matched groups of 1 − Π_{w ∈ g} (1 − s(w, g)); 0 when none matches.
    pub precision: f64,
    /// F₃(F₂(recall, precision), document_share); 0 when no group matches.
    pub score: f64,
}

/// Semantic overlap of a candidate (its stemmed terms) against the query groups, with its
/// document's score relative to the best document (`document_share` in [0, 1]):
/// recall = Σ_{g matched} o(g); precision = mean over matched g of 1 − Π_{w ∈ g} (1 − s(w, g));
/// score = F₃(F₂(recall, precision), document_share).
pub fn overlap(candidate: &BTreeSet<String>, groups: &[Group], document_share: f64) -> Overlap {
    let mut recall = 0.0;
    let mut precisions = Vec::new();
    for g in groups {
        let misses: f64 = g
            .variants
            .iter()
            .filter(|(word, _)| candidate.contains(*word))
            .map(|(_, s)| 1.0 - s)
            .product();
        let matched = g.variants.keys().any(|w| candidate.contains(w));
        if matched {
            recall += g.weight;
            precisions.push(1.0 - misses);
        }
    }
    if precisions.is_empty() {
        return Overlap {
            recall: 0.0,
            precision: 0.0,
            score: 0.0,
        };
    }
    let precision = precisions.iter().sum::<f64>() / precisions.len() as f64;
    Overlap {
        recall,
        precision,
        score: f_measure(f_measure(precision, recall, 2.0), document_share, 3.0),
    }
}

/// The score of [`overlap`].
pub fn overlap_score(candidate: &BTreeSet<String>, groups: &[Group], document_share: f64) -> f64 {
    overlap(candidate, groups, document_share).score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(words: &[&str]) -> BTreeSet<String> {
        words.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn passage_match_by_hand() {
        // 4 passages; "backup" in 2 (idf ln 3), "nightli" in 1 (idf ln 5), "key" in 1 (ln 5).
        let idf = Idf::from_passages(["backup nightly", "backup key", "other", "more"]);
        let m = passage_match(&set(&["backup", "key"]), &set(&["backup", "nightli"]), &idf);
        let (b, n) = (3f64.ln(), 5f64.ln());
        assert!((m.score - b).abs() < 1e-12);
        assert!((m.precision - b / (b + n)).abs() < 1e-12, "{m:?}");
        assert!((m.recall - b / (b + n)).abs() < 1e-12);
    }

    #[test]
    fn mmr_trades_relevance_for_novelty() {
        // 0 and 1 are near-duplicates; 2 is less relevant but new.
        let relevance = [1.0, 0.9, 0.5];
        let sim = |i: usize, j: usize| if i + j == 1 { 0.95 } else { 0.0 };
        // λ = 0: pure relevance, 0 then 1.
        assert_eq!(
            mmr(&relevance, &[10, 10, 10], sim, 0.0, Redundancy::Max, 20),
            vec![0, 1]
        );
        // λ = 1: after 0, candidate 1 scores 0.9 − 0.95 < 0.5: the new sentence wins.
        assert_eq!(
            mmr(&relevance, &[10, 10, 10], sim, 1.0, Redundancy::Max, 20),
            vec![0, 2]
        );
        // The quota stops the selection; an empty candidate list gives nothing.
        assert_eq!(
            mmr(&relevance, &[30, 10, 10], sim, 0.0, Redundancy::Mean, 20),
            vec![0]
        );
        assert!(mmr(&[], &[], sim, 0.5, Redundancy::Max, 100).is_empty());
    }

    #[test]
    fn cutting_counts_only_visible_characters() {
        assert_eq!(visible_length("ab c\nd"), 4);
        assert_eq!(cut_to("ab cd ef", 3), "ab c");
        assert_eq!(cut_to("ab", 5), "ab");
    }

    #[test]
    fn overlap_by_hand() {
        let idf = Idf::from_passages(["backup nightly", "backup key", "other", "more"]);
        // Groups: backup (ln 3) and nightli (ln 5), normalised: ln3/(ln3+ln5), ln5/(ln3+ln5).
        let groups = query_groups("nightly backups", &idf, &BTreeMap::new(), false);
        assert_eq!(groups.len(), 2);
        let (b, n) = (3f64.ln(), 5f64.ln());
        let nightly = groups.iter().find(|g| g.stem == "nightli").unwrap();
        assert!((nightly.weight - n / (b + n)).abs() < 1e-12);
        // A candidate with "backup" only: recall = b/(b+n), precision 1, document share 1.
        let score = overlap_score(&set(&["backup"]), &groups, 1.0);
        let r = b / (b + n);
        let inner = f_measure(1.0, r, 2.0);
        assert!((score - f_measure(inner, 1.0, 3.0)).abs() < 1e-12);
        // A synonym named twice counts with the larger similarity.
        let twice = BTreeMap::from([(
            "backup".to_owned(),
            vec![("snapshot".to_owned(), 0.5), ("Snapshots".to_owned(), 0.7)],
        )]);
        let merged = query_groups("backup", &idf, &twice, false);
        assert!((merged[0].variants["snapshot"] - 0.7).abs() < 1e-12);
        // A synonym counted at 0.5: precision of that group is 0.5.
        let synonyms = BTreeMap::from([("backup".to_owned(), vec![("snapshot".to_owned(), 0.5)])]);
        let groups = query_groups("backup", &idf, &synonyms, false);
        let with_synonym = overlap_score(&set(&["snapshot"]), &groups, 1.0);
        assert!((with_synonym - f_measure(f_measure(0.5, 1.0, 2.0), 1.0, 3.0)).abs() < 1e-12);
        assert!(overlap_score(&set(&["unrelated"]), &groups, 1.0).abs() < 1e-12);
    }

    /// A stand-in embedder: each word's vector is looked up in a small table (unknown words get
    /// the zero vector, close to nothing).
    struct Table;

    impl Embedder for Table {
        fn name(&self) -> &'static str {
            "table"
        }
        fn dimension(&self) -> usize {
            3
        }
        fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
            Ok(texts
                .iter()
                .map(|t| match *t {
                    "backup" => vec![1.0, 0.0, 0.0],
                    "snapshot" => vec![0.8, 0.6, 0.0],
                    "archive" => vec![0.6, 0.8, 0.0],
                    _ => vec![0.0, 0.0, 0.0],
                })
                .collect())
        }
    }

    #[test]
    fn embedding_variants_are_the_close_words_of_the_candidates() {
        let variants = embedding_variants(
            "When does the backup run?",
            [
                "A snapshot is taken nightly.",
                "The archive keeps snapshots.",
            ],
            &Table,
            0.7,
        )
        .unwrap();
        // cos(backup, snapshot) = 0.8 ≥ 0.7; archive (0.6) and the other words are not close.
        assert_eq!(
            variants,
            BTreeMap::from([(
                "backup".to_owned(),
                vec![("snapshot".to_owned(), 0.800_000_011_920_929)]
            )])
        );
        let idf = Idf::from_passages(["backup", "snapshot", "archive"]);
        let groups = query_groups("backup", &idf, &variants, false);
        let with = overlap_score(&set(&["snapshot"]), &groups, 1.0);
        assert!(with > 0.0);
        assert!(
            embedding_variants("", ["x"], &Table, 0.5)
                .unwrap()
                .is_empty()
        );
    }
}
