//! Exact dense search: the cosine of a query vector with every stored chunk vector (vectors are
//! unit length, so the cosine is a dot product, computed as one matrix-vector product).

use crate::{Hit, SearchError};
use nalgebra::{DMatrix, DVector};

/// Chunk vectors, one per row.
#[derive(Debug, Clone)]
pub struct DenseIndex {
    ids: Vec<i64>,
    matrix: DMatrix<f32>,
}

impl DenseIndex {
    /// An index of `(chunk id, vector)` pairs, all of length `dimension`.
    pub fn new(dimension: usize, vectors: &[(i64, Vec<f32>)]) -> Result<Self, SearchError> {
        if let Some((_, bad)) = vectors.iter().find(|(_, v)| v.len() != dimension) {
            return Err(SearchError::Dimension {
                expected: dimension,
                got: bad.len(),
            });
        }
        let matrix = DMatrix::from_row_iterator(
            vectors.len(),
            dimension,
            vectors.iter().flat_map(|(_, v)| v.iter().copied()),
        );
        Ok(Self {
            ids: vectors.iter().map(|(id, _)| *id).collect(),
            matrix,
        })
    }

    /// Number of vectors.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the index is empty.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The `k` chunks most similar to `query`, best first (ties by chunk id).
    pub fn search(&self, query: &[f32], k: usize) -> Result<Vec<Hit>, SearchError> {
        if query.len() != self.matrix.ncols() {
            return Err(SearchError::Dimension {
                expected: self.matrix.ncols(),
                got: query.len(),
            });
        }
        let scores = &self.matrix * DVector::from_column_slice(query);
        let mut hits: Vec<Hit> = self
            .ids
            .iter()
            .zip(scores.iter())
            .map(|(chunk, score)| Hit {
                chunk: *chunk,
                score: f64::from(*score),
            })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.chunk.cmp(&b.chunk)));
        hits.truncate(k);
        Ok(hits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_by_cosine() {
        let s = std::f32::consts::FRAC_1_SQRT_2;
        let index = DenseIndex::new(
            2,
            &[(1, vec![1.0, 0.0]), (2, vec![0.0, 1.0]), (3, vec![s, s])],
        )
        .unwrap();
        let hits = index.search(&[1.0, 0.0], 2).unwrap();
        assert_eq!(hits.iter().map(|h| h.chunk).collect::<Vec<_>>(), vec![1, 3]);
        assert!((hits[1].score - f64::from(s)).abs() < 1e-6);
        assert!(matches!(
            index.search(&[1.0], 1),
            Err(SearchError::Dimension {
                expected: 2,
                got: 1
            })
        ));
        assert!(DenseIndex::new(3, &[(1, vec![1.0])]).is_err());
    }
}
