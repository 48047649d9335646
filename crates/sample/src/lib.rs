//! The sample project that ships with Proctor: "Tidewater", an invented file-sync product.
//!
//! 30 documents over 6 topics, an exam of 120 questions (one per stated fact, across Bloom
//! levels), answer files of 5 systems that differ by topic, and for EXAM mode the articles of 2
//! systems plus gold articles, each with a reader's per-question outcomes; nuggets for every
//! query (each document's facts) and 60 questions asked in three formulations (002).
//! `generate.py` beside this crate wrote `data/`; this crate embeds it so every binary can build
//! the sample offline.
//!
//! ```
//! let manifest = proctor_sample::manifest();
//! assert_eq!(manifest.answers.len(), 5);
//! assert!(proctor_sample::file(&manifest.exam).is_some());
//! ```

use serde::Deserialize;

include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// An answer-mode system of the sample.
#[derive(Debug, Clone, Deserialize)]
pub struct SampleAnswers {
    /// System name.
    pub system: String,
    /// Answer file.
    pub file: String,
    /// Factor tags (llm, retriever).
    pub factors: std::collections::BTreeMap<String, String>,
}

/// An EXAM-mode system of the sample.
#[derive(Debug, Clone, Deserialize)]
pub struct SampleArticles {
    /// System name.
    pub system: String,
    /// Articles file.
    pub articles: String,
    /// Reader outcomes file.
    pub outcomes: String,
    /// Factor tags.
    pub factors: std::collections::BTreeMap<String, String>,
}

/// What the sample holds, and where.
#[derive(Debug, Clone, Deserialize)]
pub struct Manifest {
    /// The exam file.
    pub exam: String,
    /// The exam's name.
    pub exam_name: String,
    /// The corpus folder; its sub-folders are topics.
    pub corpus: String,
    /// Answer-mode systems.
    pub answers: Vec<SampleAnswers>,
    /// EXAM-mode systems.
    pub articles: Vec<SampleArticles>,
    /// Gold articles file.
    pub gold_articles: String,
    /// Reader outcomes on the gold articles.
    pub gold_outcomes: String,
    /// Reference nuggets per query (TREC style).
    pub nuggets: String,
    /// Samples asked in three formulations, scored by BM25 retrieval.
    pub formulations: String,
}

/// Every embedded file as (path under `data/`, bytes), sorted by path.
pub fn files() -> &'static [(&'static str, &'static [u8])] {
    FILES
}

/// The bytes of one embedded file.
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(p, _)| *p == path).map(|(_, b)| *b)
}

/// The sample's manifest (`data/sample.json`).
pub fn manifest() -> Manifest {
    let bytes = file("sample.json").expect("the sample manifest is embedded");
    serde_json::from_slice(bytes).expect("the embedded sample manifest is valid")
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_file_the_manifest_names_is_embedded() {
        let m = super::manifest();
        let mut named = vec![
            m.exam.clone(),
            m.gold_articles.clone(),
            m.gold_outcomes.clone(),
        ];
        named.extend(m.answers.iter().map(|a| a.file.clone()));
        named.extend(
            m.articles
                .iter()
                .flat_map(|a| [a.articles.clone(), a.outcomes.clone()]),
        );
        for path in named {
            assert!(super::file(&path).is_some(), "{path} is not embedded");
        }
        let corpus = super::files()
            .iter()
            .filter(|(p, _)| p.starts_with("corpus/"))
            .count();
        assert_eq!(corpus, 30);
    }
}
