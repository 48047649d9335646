//! Ingest: cut the corpus into chunks, embed them (cached in the project by model and text),
//! and build the BM25 index next to the project file. Embeddings are written in batches, each
//! in its own transaction, so an interrupted ingest keeps what it finished and a rerun resumes.

use crate::dto::{ChunkUnit, Chunking, IngestReport, IngestRequest};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_models::{EmbedderOptions, ModelsFolder};
use proctor_search::{Bm25Index, ChunkBy, ChunkSettings, chunk};
use proctor_store::NewChunk;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

pub(crate) const CHUNKING_SETTING: &str = "chunking";
/// Chunks embedded, and committed, at a time.
const BATCH: usize = 32;

fn settings_of(c: Chunking) -> ChunkSettings {
    ChunkSettings {
        size: c.size as usize,
        overlap: c.overlap as usize,
        by: match c.unit {
            ChunkUnit::Paragraph => ChunkBy::Paragraph,
            ChunkUnit::Sentence => ChunkBy::Sentence,
        },
    }
}

/// The SHA-256 of a text, as the embedding cache keys it.
pub(crate) fn text_hash(text: &str) -> String {
    format!("{:x}", Sha256::digest(text.as_bytes()))
}

/// The models folder a request names, or the default one.
pub(crate) fn models_folder(setting: Option<&str>) -> ApiResult<ModelsFolder> {
    Ok(ModelsFolder::locate(setting.map(Path::new))?)
}

impl Project {
    /// The folder next to the project file that holds its search index.
    pub fn index_folder(&self) -> PathBuf {
        let mut name = self.path().as_os_str().to_owned();
        name.push(".index");
        PathBuf::from(name)
    }

    /// Chunks, embeds and indexes the corpus.
    pub fn ingest(
        &mut self,
        request: &IngestRequest,
        progress: &dyn Progress,
    ) -> ApiResult<IngestReport> {
        let stored: Option<Chunking> = self
            .store
            .setting(CHUNKING_SETTING)?
            .and_then(|json| serde_json::from_str(&json).ok());
        let chunking = request.chunking.or(stored).unwrap_or(Chunking {
            size: 800,
            overlap: 100,
            unit: ChunkUnit::Paragraph,
        });
        if chunking.size < 50 || chunking.overlap >= chunking.size {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "chunks of {} characters with an overlap of {} cannot be made; use at least 50 characters and an overlap smaller than the size",
                    chunking.size, chunking.overlap
                ),
            ));
        }
        let documents = self.store.document_texts()?;
        if documents.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the project has no documents yet; import the corpus first",
            ));
        }
        // Cut again when the settings changed or a document has no chunks yet.
        let chunked: std::collections::BTreeSet<_> =
            self.store.chunks()?.iter().map(|c| c.document).collect();
        let rechunk =
            stored != Some(chunking) || documents.iter().any(|d| !chunked.contains(&d.id));
        if rechunk {
            progress.start("Chunking", documents.len() as u64);
            let settings = settings_of(chunking);
            let tx = self.store.transaction()?;
            for document in &documents {
                let pieces: Vec<NewChunk> = chunk(&document.text, &settings)
                    .into_iter()
                    .enumerate()
                    .map(|(ordinal, c)| NewChunk {
                        ordinal,
                        text: c.text,
                        start: c.start,
                        end: c.end,
                    })
                    .collect();
                tx.replace_chunks(document.id, &pieces)?;
                progress.advance(1);
            }
            let json = serde_json::to_string(&chunking)
                .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
            tx.set_setting(CHUNKING_SETTING, &json)?;
            tx.commit()?;
            progress.finish();
        }
        let chunks = self.store.chunks()?;

        // Embeddings: only the texts the cache does not hold, a batch per transaction.
        let options = EmbedderOptions {
            int8: request.int8,
            threads: request.threads as usize,
            ..EmbedderOptions::default()
        };
        let model = proctor_models::embedder_name(&options);
        let hashes: Vec<String> = chunks.iter().map(|c| text_hash(&c.text)).collect();
        let refs: Vec<&str> = hashes.iter().map(String::as_str).collect();
        let cached = self.store.embeddings(&model, &refs)?;
        let mut missing: Vec<(&str, &str)> = chunks
            .iter()
            .zip(&hashes)
            .filter(|(_, h)| !cached.contains_key(*h))
            .map(|(c, h)| (c.text.as_str(), h.as_str()))
            .collect();
        let uncached_chunks = missing.len();
        // Identical texts (boilerplate lines) are embedded once.
        missing.sort_unstable_by_key(|(_, h)| *h);
        missing.dedup_by_key(|(_, h)| *h);
        if !missing.is_empty() {
            let embedder = models_folder(request.models.as_deref())?.embedder(&options)?;
            progress.start("Embedding", missing.len() as u64);
            for batch in missing.chunks(BATCH) {
                if progress.cancelled() {
                    progress.finish();
                    return Err(ApiError::new(
                        ErrorCode::Cancelled,
                        "ingest stopped; the chunks embedded so far are kept, and ingesting again resumes",
                    ));
                }
                let texts: Vec<&str> = batch.iter().map(|(t, _)| *t).collect();
                let vectors = embedder.embed_texts(&texts)?;
                let tx = self.store.transaction()?;
                for ((_, hash), vector) in batch.iter().zip(&vectors) {
                    tx.insert_embedding(&model, hash, vector)?;
                }
                tx.commit()?;
                progress.advance(batch.len() as u64);
            }
            progress.finish();
        }

        progress.start("Indexing", chunks.len() as u64);
        let folder = self.index_folder().join("bm25");
        std::fs::create_dir_all(self.index_folder()).map_err(|e| {
            ApiError::new(
                ErrorCode::Internal,
                format!("creating {}: {e}", self.index_folder().display()),
            )
        })?;
        let (_, index_rebuilt) =
            Bm25Index::open_or_build(&folder, chunks.iter().map(|c| (c.id.0, c.text.as_str())))?;
        progress.advance(chunks.len() as u64);
        progress.finish();
        Ok(IngestReport {
            documents: saturating_u32(documents.len()),
            chunks: saturating_u32(chunks.len()),
            chunking,
            rechunked: rechunk,
            embedder: model,
            embedded: saturating_u32(uncached_chunks),
            cached: saturating_u32(chunks.len() - uncached_chunks),
            index_rebuilt,
            index: folder.display().to_string(),
        })
    }
}
