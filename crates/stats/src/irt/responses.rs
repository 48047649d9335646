//! The response matrix every fit reads: examinees × items, right, wrong or missing.

use crate::StatsError;
use serde::{Deserialize, Serialize};

/// Responses of examinees (rows) to items (columns): `Some(true)` right, `Some(false)` wrong
/// or unanswered, `None` missing (not asked, or an error) — missing cells are skipped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResponseMatrix {
    examinees: usize,
    items: usize,
    cells: Vec<Option<bool>>,
}

impl ResponseMatrix {
    /// A matrix from rows of equal length; refuses no rows, no columns, ragged rows, and items
    /// or examinees without a single response.
    pub fn new(rows: Vec<Vec<Option<bool>>>) -> Result<Self, StatsError> {
        let examinees = rows.len();
        let items = rows.first().map_or(0, Vec::len);
        if examinees == 0 || items == 0 {
            return Err(StatsError::Empty);
        }
        if let Some(bad) = rows.iter().position(|r| r.len() != items) {
            return Err(StatsError::Unpaired(rows[bad].len(), items));
        }
        let cells: Vec<Option<bool>> = rows.into_iter().flatten().collect();
        let matrix = Self {
            examinees,
            items,
            cells,
        };
        if let Some(item) = (0..items).find(|&i| (0..examinees).all(|s| matrix.get(s, i).is_none()))
        {
            return Err(StatsError::NoResponses {
                what: "item",
                index: item,
            });
        }
        if let Some(examinee) =
            (0..examinees).find(|&s| (0..items).all(|i| matrix.get(s, i).is_none()))
        {
            return Err(StatsError::NoResponses {
                what: "examinee",
                index: examinee,
            });
        }
        Ok(matrix)
    }

    /// A complete 0/1 matrix.
    pub fn from_scores(rows: &[Vec<u8>]) -> Result<Self, StatsError> {
        Self::new(
            rows.iter()
                .map(|r| r.iter().map(|v| Some(*v > 0)).collect())
                .collect(),
        )
    }

    /// Number of examinees (rows).
    pub fn examinees(&self) -> usize {
        self.examinees
    }

    /// Number of items (columns).
    pub fn items(&self) -> usize {
        self.items
    }

    /// The response of examinee `s` to item `i`.
    pub fn get(&self, s: usize, i: usize) -> Option<bool> {
        self.cells[s * self.items + i]
    }

    /// Examinee `s`'s responses, item by item.
    pub fn row(&self, s: usize) -> &[Option<bool>] {
        &self.cells[s * self.items..(s + 1) * self.items]
    }

    /// The matrix restricted to the given items, in that order.
    pub fn select_items(&self, keep: &[usize]) -> Result<Self, StatsError> {
        Self::new(
            (0..self.examinees)
                .map(|s| keep.iter().map(|&i| self.get(s, i)).collect())
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrices_refuse_what_cannot_be_fitted() {
        assert_eq!(ResponseMatrix::new(vec![]), Err(StatsError::Empty));
        assert_eq!(
            ResponseMatrix::new(vec![vec![Some(true), None], vec![Some(false), None]]),
            Err(StatsError::NoResponses {
                what: "item",
                index: 1
            })
        );
        assert_eq!(
            ResponseMatrix::new(vec![vec![Some(true)], vec![Some(true), Some(false)]]),
            Err(StatsError::Unpaired(2, 1))
        );
    }
}
