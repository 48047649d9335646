//! The "keyword lookup" measure of a generated question (METHODS.md §5.4): would a search for
//! the question's words and a reader that only matches words answer it? The BM25 index ranks
//! the corpus's passages for the question, and the lexical reader reads the first one. A
//! question this answers tests lookup of a copied sentence more than knowledge of the corpus.

use super::Measures;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_exam::readers::{
    DEFAULT_LEXICAL_THRESHOLD, Idf, LexicalReader, Reader, ReaderQuestion,
};
use proctor_search::Bm25Index;
use proctor_store::CandidateRow;
use std::collections::HashMap;

impl Project {
    /// Measures the keyword lookup of every parsed question not measured yet.
    pub(super) fn keyword_lookups(
        &self,
        rows: &[CandidateRow],
        measures: &mut [Measures],
        progress: &dyn Progress,
    ) -> ApiResult<()> {
        let missing: Vec<usize> = (0..rows.len())
            .filter(|&i| measures[i].lookup.is_none() && rows[i].stem.is_some())
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let chunks = self.store.chunks()?;
        let (bm25, _) = Bm25Index::open_or_build(
            &self.index_folder().join("bm25"),
            chunks.iter().map(|c| (c.id.0, c.text.as_str())),
        )?;
        let text_of: HashMap<i64, &str> =
            chunks.iter().map(|c| (c.id.0, c.text.as_str())).collect();
        let reader = LexicalReader::new(
            Idf::from_passages(chunks.iter().map(|c| c.text.as_str())),
            DEFAULT_LEXICAL_THRESHOLD,
        );
        progress.start(
            "Trying a keyword lookup on each question",
            missing.len() as u64,
        );
        for &i in &missing {
            if progress.cancelled() {
                return Err(ApiError::new(
                    ErrorCode::Cancelled,
                    "checking stopped; the questions are kept, and generating again checks them",
                ));
            }
            let row = &rows[i];
            let stem = row.stem.as_deref().unwrap_or("");
            let choices = row.choices.as_deref().unwrap_or(&[]);
            let first = bm25.search(stem, 1)?;
            let contexts: Vec<&str> = first
                .first()
                .and_then(|hit| text_of.get(&hit.chunk).copied())
                .into_iter()
                .collect();
            let reading = reader
                .read(&ReaderQuestion { stem, choices }, &contexts)
                .map_err(ApiError::internal)?;
            measures[i].lookup = Some(reading.choice.is_some() && reading.choice == row.key);
            progress.advance(1);
        }
        progress.finish();
        Ok(())
    }
}
