use super::*;
use proctor_api::dto::{
    ArticleBuilder, BuildArticlesRequest, ChunkUnit, Chunking, IngestRequest, ReadArticlesRequest,
    ReaderKind,
};

/// The quick sample, its corpus chunked by sentence (one or two sentences a chunk).
fn sentence_chunked_sample(dir: &std::path::Path) -> (std::path::PathBuf, Project) {
    let path = dir.join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    project
        .ingest(
            &IngestRequest {
                chunking: Some(Chunking {
                    size: 300,
                    overlap: 0,
                    unit: ChunkUnit::Sentence,
                }),
                models: None,
                int8: true,
                threads: 0,
            },
            &NoProgress,
        )
        .unwrap();
    (path, project)
}

#[test]
fn extractive_articles_are_written_within_the_quota_and_graded() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut project) = sentence_chunked_sample(dir.path());
    let mut names = Vec::new();
    for (builder, lambda) in [
        (ArticleBuilder::PassageMatch, 0.0),
        (ArticleBuilder::Mmr, 0.7),
        (ArticleBuilder::Overlap, 0.0),
    ] {
        let report = project
            .build_extractive_articles(&BuildArticlesRequest {
                exam: None,
                builder,
                lambda,
                quota: 400,
                name: None,
                synonyms: None,
                embedding_variants: None,
                models: None,
                int8: true,
                threads: 0,
            })
            .unwrap();
        assert_eq!(report.articles, 30, "one per query");
        assert!(
            report.mean_length <= 400.0 && report.mean_length > 200.0,
            "{report:?}"
        );
        names.push(report.system);
    }
    assert_eq!(names[1], "extractive · MMR λ=0.7");
    project
        .read_articles(
            &ReadArticlesRequest {
                exam: None,
                systems: names.clone(),
                gold: false,
                reader: ReaderKind::Lexical,
                replace: false,
                models: None,
                int8: true,
                threads: 0,
                user_models: UserModelChoice::default(),
            },
            &NoProgress,
        )
        .unwrap();
    let grades = project.grades(None).unwrap();
    for name in &names {
        let exam = grades
            .leaderboard
            .iter()
            .find(|s| &s.system == name)
            .unwrap()
            .exam
            .clone()
            .unwrap();
        eprintln!("{name}: EXAM {:.3}", exam.exam);
        // The articles hold most of what the questions ask about.
        assert!(exam.exam > 0.5, "{name}: {exam:?}");
    }
    // The λ sweep writes the same articles in memory and grades them the same way: its points
    // at λ = 0 (passage match) and λ = 0.7 are the stored systems' EXAM and ROUGE-1.
    let sweep = project
        .mmr_sweep(&proctor_api::dto::MmrSweepRequest {
            exam: None,
            quota: 400,
        })
        .unwrap();
    assert_eq!(sweep.points.len(), 11);
    assert_eq!((sweep.queries, sweep.gold_queries), (30, 30));
    for (point, name) in [(&sweep.points[0], &names[0]), (&sweep.points[7], &names[1])] {
        let stored = grades
            .leaderboard
            .iter()
            .find(|s| &s.system == name)
            .and_then(|s| s.exam.clone())
            .unwrap();
        assert!(
            (point.exam - stored.exam).abs() < 1e-12,
            "{name}: {point:?} {stored:?}"
        );
        assert!(
            (point.standard_error - stored.standard_error).abs() < 1e-12,
            "{name}"
        );
        assert!(
            (point.rouge1.unwrap() - stored.rouge1.unwrap()).abs() < 1e-12,
            "{name}"
        );
    }
    let bad = project.build_extractive_articles(&BuildArticlesRequest {
        exam: None,
        builder: ArticleBuilder::Mmr,
        lambda: 1.5,
        quota: 400,
        name: None,
        synonyms: None,
        embedding_variants: None,
        models: None,
        int8: true,
        threads: 0,
    });
    assert_eq!(bad.unwrap_err().code, ErrorCode::InvalidInput);
}

/// The articles of a system, by query, read from the project file.
fn articles_of(path: &std::path::Path, system: &str) -> Vec<(String, String)> {
    let db = rusqlite::Connection::open(path).unwrap();
    let mut statement = db
        .prepare(
            "SELECT a.query, a.text FROM articles a JOIN systems s ON s.id = a.system_id
                 WHERE s.name = ?1 ORDER BY a.query",
        )
        .unwrap();
    statement
        .query_map([system], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn embedding_rows(path: &std::path::Path) -> i64 {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row("SELECT count(*) FROM embeddings", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn semantic_overlap_takes_synonyms_and_embedding_variants() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut project) = sentence_chunked_sample(dir.path());
    let request =
        |synonyms: Option<String>, embedding_variants: Option<f64>| BuildArticlesRequest {
            exam: None,
            builder: ArticleBuilder::Overlap,
            lambda: 0.0,
            quota: 300,
            name: None,
            synonyms,
            embedding_variants,
            models: None,
            int8: true,
            threads: 0,
        };
    let plain = project
        .build_extractive_articles(&request(None, None))
        .unwrap();
    let before = embedding_rows(&path);
    let close = project
        .build_extractive_articles(&request(None, Some(0.6)))
        .unwrap();
    assert_eq!(
        close.system,
        "extractive · semantic overlap · embeddings ≥ 0.6"
    );
    assert_eq!(close.articles, 30);
    // Words were embedded and kept: a second build embeds nothing new.
    let after = embedding_rows(&path);
    assert!(after > before, "{before} → {after}");
    project
        .build_extractive_articles(&request(None, Some(0.6)))
        .unwrap();
    assert_eq!(embedding_rows(&path), after);
    // Counting close words changes what some articles hold, not all of them.
    let a = articles_of(&path, &plain.system);
    let b = articles_of(&path, &close.system);
    let changed = a.iter().zip(&b).filter(|(x, y)| x.1 != y.1).count();
    assert!(
        changed > 0 && changed < 30,
        "{changed} of 30 articles changed"
    );
    // A synonym list: read with its errors located, and used.
    let list = dir.path().join("synonyms.csv");
    std::fs::write(
        &list,
        "word,synonym,similarity\nbackup,snapshot,0.9\nkey,secret,\n",
    )
    .unwrap();
    let with_list = project
        .build_extractive_articles(&request(Some(list.to_str().unwrap().to_owned()), None))
        .unwrap();
    assert_eq!(with_list.system, "extractive · semantic overlap · synonyms");
    std::fs::write(&list, "word,synonym,similarity\nbackup,snapshot,high\n").unwrap();
    let refused = project
        .build_extractive_articles(&request(Some(list.to_str().unwrap().to_owned()), None))
        .unwrap_err();
    assert!(
        refused
            .message
            .contains("synonyms.csv:2:similarity: 'high' is not a similarity"),
        "{}",
        refused.message
    );
}

#[test]
fn each_sentences_features_add_up_from_the_query_words() {
    use proctor_api::dto::SentenceFeaturesRequest;
    let dir = tempfile::tempdir().unwrap();
    let (_, project) = sentence_chunked_sample(dir.path());
    let features = project
        .sentence_features(&SentenceFeaturesRequest {
            exam: None,
            query: Some("configuration/retention-window".to_owned()),
            limit: 500,
        })
        .unwrap();
    assert_eq!(features.queries.len(), 30);
    assert_eq!(features.query, "configuration/retention-window");
    assert!(features.sentences.len() as u32 == features.candidates && features.candidates > 3);
    let idf = |t: &str| {
        features
            .terms
            .iter()
            .find(|q| q.term == t)
            .map(|q| q.idf)
            .unwrap()
    };
    let weight = |t: &str| {
        features
            .terms
            .iter()
            .find(|q| q.term == t)
            .map(|q| q.weight)
            .unwrap()
    };
    let query_idf: f64 = features.terms.iter().map(|t| t.idf).sum();
    assert!((features.terms.iter().map(|t| t.weight).sum::<f64>() - 1.0).abs() < 1e-9);
    for (i, s) in features.sentences.iter().enumerate() {
        // Passage match is the idf of the shared words; recall divides by the query's.
        let shared: f64 = s.matched.iter().map(|t| idf(t)).sum();
        assert!((s.idf_match - shared).abs() < 1e-9, "{s:?}");
        assert!((s.idf_recall - shared / query_idf).abs() < 1e-9);
        assert!(s.idf_precision <= 1.0 + 1e-12 && s.idf_precision >= 0.0);
        // Exact words only: overlap recall is the matched groups' weight, precision 1.
        let covered: f64 = s.matched.iter().map(|t| weight(t)).sum();
        assert!((s.overlap_recall - covered).abs() < 1e-9);
        if !s.matched.is_empty() {
            assert!((s.overlap_precision - 1.0).abs() < 1e-12);
        }
        // Best passage match first; the marked words are the sentence's query words.
        assert_eq!(s.match_rank as usize, i + 1);
        if i > 0 {
            assert!(features.sentences[i - 1].idf_match >= s.idf_match);
        }
        assert_eq!(
            s.pieces.iter().any(|p| !p.nuggets.is_empty()),
            !s.matched.is_empty()
        );
    }
    assert!(!features.sentences[0].matched.is_empty());
    let piece_text: String = features.sentences[0]
        .pieces
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    assert!(
        piece_text.to_lowercase().contains("retention"),
        "{piece_text}"
    );
}
