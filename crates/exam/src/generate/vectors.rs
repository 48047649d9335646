//! Embeddings of short texts, each computed once: the generator and the filters compare the same
//! spans, choices and chunks many times.

use proctor_core::{EmbedError, Embedder};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// How many texts go to the model at once.
const BATCH: usize = 64;

/// A memo of an embedder's vectors.
pub struct Vectors<'a> {
    embedder: &'a dyn Embedder,
    memo: RefCell<HashMap<String, Rc<[f32]>>>,
}

impl<'a> Vectors<'a> {
    /// An empty memo over `embedder`.
    pub fn new(embedder: &'a dyn Embedder) -> Self {
        Self {
            embedder,
            memo: RefCell::new(HashMap::new()),
        }
    }

    /// The vector of every text, in order; texts not seen before are embedded in batches of
    /// similar length (less padding).
    pub fn get(&self, texts: &[&str]) -> Result<Vec<Rc<[f32]>>, EmbedError> {
        let mut missing: Vec<&str> = {
            let memo = self.memo.borrow();
            texts
                .iter()
                .copied()
                .filter(|t| !memo.contains_key(*t))
                .collect()
        };
        missing.sort_unstable_by_key(|t| (t.len(), *t));
        missing.dedup();
        for batch in missing.chunks(BATCH) {
            let vectors = self.embedder.embed(batch)?;
            if vectors.len() != batch.len() {
                return Err(EmbedError(format!(
                    "the model returned {} vectors for {} texts",
                    vectors.len(),
                    batch.len()
                )));
            }
            let mut memo = self.memo.borrow_mut();
            for (text, vector) in batch.iter().zip(vectors) {
                memo.insert((*text).to_owned(), Rc::from(vector));
            }
        }
        let memo = self.memo.borrow();
        Ok(texts
            .iter()
            .map(|t| {
                memo.get(*t)
                    .cloned()
                    .unwrap_or_else(|| Rc::from(Vec::new()))
            })
            .collect())
    }
}
