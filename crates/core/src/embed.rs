//! The model interfaces the domain needs: turning texts into vectors ([`Embedder`]), scoring
//! pairs of texts ([`PairScorer`]) and finding answers in a context ([`ExtractiveQa`]). The
//! models crate implements them with ONNX Runtime; readers and retrieval only see these traits.

/// Turns texts into vectors of unit length whose dot product is their cosine similarity.
pub trait Embedder: Send + Sync {
    /// A name that identifies the model (and its precision), for caches.
    fn name(&self) -> &str;
    /// Length of every vector.
    fn dimension(&self) -> usize;
    /// One vector per text, in order.
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError>;
}

/// Why a model could not do its work (the model's own error, in words).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the model failed: {0}")]
pub struct EmbedError(pub String);

/// Scores how well a second text answers, supports or is relevant to a first one: a
/// cross-encoder (query, passage) for reranking, or an NLI model (premise, hypothesis) for the
/// assertion reader. Scores are probabilities in [0, 1]; higher means more relevant or better
/// supported.
pub trait PairScorer: Send + Sync {
    /// A name that identifies the model.
    fn name(&self) -> &str;
    /// One score per (query or claim, passage) pair, in order.
    fn score(&self, pairs: &[(&str, &str)]) -> Result<Vec<f32>, EmbedError>;
}

/// An answer found in a context: where it is, and how sure the model is.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerSpan {
    /// The answer's text, as it stands in the context.
    pub text: String,
    /// Byte offset of its start in the context.
    pub start: usize,
    /// Byte offset just past its end.
    pub end: usize,
    /// The model's confidence, a probability in [0, 1] (the span's share of the softmax over
    /// every candidate span and "no answer").
    pub score: f32,
}

/// Finds the answer to a question inside a context (SQuAD-style extractive QA).
pub trait ExtractiveQa: Send + Sync {
    /// A name that identifies the model.
    fn name(&self) -> &str;
    /// For each context, the best answer span, or None when the model finds no answer there.
    fn answer(
        &self,
        question: &str,
        contexts: &[&str],
    ) -> Result<Vec<Option<AnswerSpan>>, EmbedError>;
}

/// The cosine of two unit vectors (their dot product).
pub fn cosine(a: &[f32], b: &[f32]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| f64::from(*x) * f64::from(*y))
        .sum()
}

/// An embedder that remembers every vector it made, keyed by text, so the same sentence read
/// by many pipelines is embedded once. Vectors can be preloaded (from a project's cache) and
/// the new ones taken out to be stored.
pub struct CachedEmbedder<'a> {
    inner: &'a dyn Embedder,
    known: std::sync::Mutex<std::collections::HashMap<String, Vec<f32>>>,
    fresh: std::sync::Mutex<Vec<String>>,
}

impl<'a> CachedEmbedder<'a> {
    /// A cache in front of `inner`.
    pub fn new(inner: &'a dyn Embedder) -> Self {
        Self {
            inner,
            known: std::sync::Mutex::default(),
            fresh: std::sync::Mutex::default(),
        }
    }

    /// Adds vectors made earlier (they are not reported as new).
    pub fn preload(&self, entries: impl IntoIterator<Item = (String, Vec<f32>)>) {
        let mut known = self
            .known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        known.extend(entries);
    }

    /// The texts embedded since the last call, with their vectors.
    pub fn take_fresh(&self) -> Vec<(String, Vec<f32>)> {
        let texts: Vec<String> = std::mem::take(
            &mut *self
                .fresh
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        let known = self
            .known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        texts
            .into_iter()
            .filter_map(|t| known.get(&t).cloned().map(|v| (t, v)))
            .collect()
    }
}

impl Embedder for CachedEmbedder<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn dimension(&self) -> usize {
        self.inner.dimension()
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let missing: Vec<&str> = {
            let known = self
                .known
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut missing: Vec<&str> = texts
                .iter()
                .copied()
                .filter(|t| !known.contains_key(*t))
                .collect();
            missing.sort_unstable();
            missing.dedup();
            missing
        };
        if !missing.is_empty() {
            let vectors = self.inner.embed(&missing)?;
            let mut known = self
                .known
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut fresh = self
                .fresh
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for (text, vector) in missing.iter().zip(vectors) {
                known.insert((*text).to_owned(), vector);
                fresh.push((*text).to_owned());
            }
        }
        let known = self
            .known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Ok(texts.iter().map(|t| known[*t].clone()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A deterministic stand-in: the vector of a text is its length and 1, normalised.
    struct Counting(AtomicUsize);

    impl Embedder for Counting {
        fn name(&self) -> &'static str {
            "counting"
        }
        fn dimension(&self) -> usize {
            2
        }
        fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
            self.0.fetch_add(texts.len(), Ordering::SeqCst);
            Ok(texts
                .iter()
                .map(|t| {
                    let (x, y) = (t.len() as f32, 1.0f32);
                    let n = (x * x + y * y).sqrt();
                    vec![x / n, y / n]
                })
                .collect())
        }
    }

    #[test]
    fn each_text_is_embedded_once() {
        let inner = Counting(AtomicUsize::new(0));
        let cache = CachedEmbedder::new(&inner);
        cache.preload([("old".to_owned(), vec![1.0, 0.0])]);
        let first = cache.embed(&["a", "bb", "a", "old"]).unwrap();
        assert_eq!(inner.0.load(Ordering::SeqCst), 2, "a and bb, once each");
        assert_eq!(first[0], first[2]);
        assert_eq!(first[3], vec![1.0, 0.0]);
        cache.embed(&["bb", "a"]).unwrap();
        assert_eq!(inner.0.load(Ordering::SeqCst), 2);
        let mut fresh: Vec<String> = cache.take_fresh().into_iter().map(|(t, _)| t).collect();
        fresh.sort();
        assert_eq!(fresh, ["a", "bb"]);
        assert!(cache.take_fresh().is_empty());
        assert!((cosine(&first[1], &first[1]) - 1.0).abs() < 1e-6);
    }
}
