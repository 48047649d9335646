//! The local models, project-independent: what the models folder holds, and a self-test.

use crate::ApiResult;
use crate::dto::{ModelFile, ModelTest, ModelsReport};
use crate::ingest::models_folder;
use proctor_core::{Embedder, cosine};
use proctor_models::EmbedderOptions;

/// Lists the models folder (a `setting`, else `PROCTOR_MODELS`, else the default place).
pub fn list(setting: Option<&str>) -> ApiResult<ModelsReport> {
    let folder = models_folder(setting)?;
    Ok(ModelsReport {
        folder: folder.root().display().to_string(),
        files: folder
            .installed()
            .iter()
            .map(|f| ModelFile {
                role: f.role.clone(),
                description: f.description.clone(),
                path: f.path.display().to_string(),
                bytes: f.bytes,
                present: f.present,
            })
            .collect(),
    })
}

/// Loads the embedder and checks it behaves: unit vectors, and two paraphrases closer than two
/// unrelated sentences.
pub fn test(setting: Option<&str>, int8: bool) -> ApiResult<ModelTest> {
    let embedder = models_folder(setting)?.embedder(&EmbedderOptions {
        int8,
        ..EmbedderOptions::default()
    })?;
    let vectors = embedder.embed_texts(&[
        "How long are backups kept?",
        "For how many days is a backup retained?",
        "The licence counts one seat per person.",
    ])?;
    let unit = vectors.iter().all(|v| (cosine(v, v) - 1.0).abs() < 1e-3);
    let paraphrase_cosine = cosine(&vectors[0], &vectors[1]);
    let unrelated_cosine = cosine(&vectors[0], &vectors[2]);
    Ok(ModelTest {
        embedder: embedder.name().to_owned(),
        dimension: u32::try_from(embedder.dimension()).unwrap_or(u32::MAX),
        paraphrase_cosine,
        unrelated_cosine,
        passed: unit && paraphrase_cosine > unrelated_cosine + 0.2,
    })
}
