//! The BM25 index on disk (a real tantivy index in a temporary folder).

use proctor_search::{Bm25Index, IndexStamp};

fn corpus() -> Vec<(i64, &'static str)> {
    vec![
        (10, "Backups run every night and are kept for thirty days."),
        (
            11,
            "The sync engine resolves conflicts by keeping the newest edit.",
        ),
        (
            12,
            "Licences are counted per seat; a seat can be moved once a month.",
        ),
        (
            13,
            "Encrypted backups use the project key, rotated every ninety days.",
        ),
    ]
}

#[test]
fn finds_chunks_by_stemmed_terms() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("index");
    let index = Bm25Index::build(&folder, corpus()).unwrap();
    // "backup" matches "Backups" through stemming; the chunk with two query terms wins.
    let hits = index.search("How long are backups kept?", 3).unwrap();
    assert_eq!(hits[0].chunk, 10, "{hits:?}");
    assert!(hits.iter().any(|h| h.chunk == 13));
    assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
    // Punctuation and query syntax are just text.
    assert!(index.search("conflicts: (newest) AND \"edit\"", 1).unwrap()[0].chunk == 11);
    assert!(
        index.search("the of a", 5).unwrap().is_empty()
            || index.search("zzz", 5).unwrap().is_empty()
    );
    assert!(index.search("", 5).unwrap().is_empty());
}

#[test]
fn a_stale_or_missing_index_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("index");
    let (_, rebuilt) = Bm25Index::open_or_build(&folder, corpus()).unwrap();
    assert!(rebuilt, "nothing was there");
    let (_, rebuilt) = Bm25Index::open_or_build(&folder, corpus()).unwrap();
    assert!(!rebuilt, "the stamp matches");
    let mut changed = corpus();
    changed[1].1 = "The sync engine asks the user which edit to keep.";
    let (index, rebuilt) = Bm25Index::open_or_build(&folder, changed.clone()).unwrap();
    assert!(rebuilt, "a chunk's text changed");
    assert_eq!(Bm25Index::stamp(&folder), Some(IndexStamp::of(changed)));
    assert_eq!(index.search("which edit to keep", 1).unwrap()[0].chunk, 11);
    // A damaged folder (stamp gone) is rebuilt too.
    std::fs::remove_file(folder.join("proctor-stamp.json")).unwrap();
    let (_, rebuilt) = Bm25Index::open_or_build(&folder, corpus()).unwrap();
    assert!(rebuilt);
}
