//! The BM25 index: a tantivy index of chunk texts (English stemming) in a folder next to the
//! project file. A stamp records which chunks it holds, so a stale or missing index is rebuilt
//! from the database instead of silently answering from old text.

use crate::{Hit, SearchError};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{
    Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::{Index, IndexReader, IndexWriter, TantivyDocument, Term};

const STAMP: &str = "proctor-stamp.json";

/// What an index holds: a fingerprint of its chunks (ids and texts) and their number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexStamp {
    /// SHA-256 over every (id, text), in id order.
    pub fingerprint: String,
    /// Number of chunks.
    pub chunks: usize,
}

impl IndexStamp {
    /// The stamp of a set of chunks.
    pub fn of<'a>(chunks: impl IntoIterator<Item = (i64, &'a str)>) -> Self {
        let mut sorted: Vec<(i64, &str)> = chunks.into_iter().collect();
        sorted.sort_unstable_by_key(|(id, _)| *id);
        let mut hash = Sha256::new();
        for (id, text) in &sorted {
            hash.update(id.to_le_bytes());
            hash.update((text.len() as u64).to_le_bytes());
            hash.update(str::as_bytes(text));
        }
        Self {
            fingerprint: format!("{:x}", hash.finalize()),
            chunks: sorted.len(),
        }
    }
}

/// An open BM25 index.
pub struct Bm25Index {
    index: Index,
    reader: IndexReader,
    id: Field,
    text: Field,
    folder: PathBuf,
}

impl std::fmt::Debug for Bm25Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bm25Index")
            .field("folder", &self.folder)
            .finish_non_exhaustive()
    }
}

fn schema() -> (Schema, Field, Field) {
    let mut builder = Schema::builder();
    let id = builder.add_i64_field("id", NumericOptions::default().set_stored().set_indexed());
    let text = builder.add_text_field(
        "text",
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer("en_stem")
                .set_index_option(IndexRecordOption::WithFreqs),
        ),
    );
    (builder.build(), id, text)
}

impl Bm25Index {
    /// Builds a fresh index of `chunks` in `folder` (anything there is replaced), writing to a
    /// sibling folder first and swapping it in, so a crash never leaves half an index.
    pub fn build<'a>(
        folder: &Path,
        chunks: impl IntoIterator<Item = (i64, &'a str)> + Clone,
    ) -> Result<Self, SearchError> {
        let staging = folder.with_extension("building");
        if staging.exists() {
            std::fs::remove_dir_all(&staging)?;
        }
        std::fs::create_dir_all(&staging)?;
        let (schema, id, text) = schema();
        {
            let index = Index::create_in_dir(&staging, schema)?;
            let mut writer: IndexWriter = index.writer_with_num_threads(1, 50_000_000)?;
            for (chunk, body) in chunks.clone() {
                let mut doc = TantivyDocument::default();
                doc.add_i64(id, chunk);
                doc.add_text(text, body);
                writer.add_document(doc)?;
            }
            writer.commit()?;
            writer.wait_merging_threads()?;
        }
        let stamp = IndexStamp::of(chunks);
        std::fs::write(
            staging.join(STAMP),
            serde_json::to_vec(&stamp).map_err(std::io::Error::other)?,
        )?;
        if folder.exists() {
            std::fs::remove_dir_all(folder)?;
        }
        std::fs::rename(&staging, folder)?;
        Self::open(folder)
    }

    /// Opens the index in `folder`.
    pub fn open(folder: &Path) -> Result<Self, SearchError> {
        let index = Index::open_in_dir(folder)?;
        let schema = index.schema();
        let id = schema.get_field("id")?;
        let text = schema.get_field("text")?;
        let reader = index.reader()?;
        Ok(Self {
            index,
            reader,
            id,
            text,
            folder: folder.to_owned(),
        })
    }

    /// The stamp of the index in `folder`, if there is a complete one.
    pub fn stamp(folder: &Path) -> Option<IndexStamp> {
        let bytes = std::fs::read(folder.join(STAMP)).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    /// Opens the index in `folder` if its stamp matches `chunks`, else rebuilds it. Returns
    /// the index and whether it was rebuilt.
    pub fn open_or_build<'a>(
        folder: &Path,
        chunks: impl IntoIterator<Item = (i64, &'a str)> + Clone,
    ) -> Result<(Self, bool), SearchError> {
        let wanted = IndexStamp::of(chunks.clone());
        if Self::stamp(folder).as_ref() == Some(&wanted)
            && let Ok(index) = Self::open(folder)
        {
            return Ok((index, false));
        }
        Ok((Self::build(folder, chunks)?, true))
    }

    /// The `k` best chunks for `query` by BM25 (any of its stemmed terms may match).
    pub fn search(&self, query: &str, k: usize) -> Result<Vec<Hit>, SearchError> {
        let mut analyzer = self.index.tokenizer_for_field(self.text)?;
        let mut terms: Vec<Term> = Vec::new();
        let mut stream = analyzer.token_stream(query);
        stream.process(&mut |token| {
            let term = Term::from_field_text(self.text, &token.text);
            if !terms.contains(&term) {
                terms.push(term);
            }
        });
        if terms.is_empty() || k == 0 {
            return Ok(Vec::new());
        }
        let clauses: Vec<(Occur, Box<dyn Query>)> = terms
            .into_iter()
            .map(|term| {
                let query: Box<dyn Query> =
                    Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs));
                (Occur::Should, query)
            })
            .collect();
        let query = BooleanQuery::new(clauses);
        let searcher = self.reader.searcher();
        let top = searcher.search(&query, &TopDocs::with_limit(k).order_by_score())?;
        top.into_iter()
            .map(|(score, address)| {
                let doc: TantivyDocument = searcher.doc(address)?;
                let chunk = doc
                    .get_first(self.id)
                    .and_then(|v| v.as_i64())
                    .unwrap_or(-1);
                Ok(Hit {
                    chunk,
                    score: f64::from(score),
                })
            })
            .collect()
    }
}
