//! Nugget evaluation (METHODS.md §7) on a worked example whose numbers are computed by hand
//! below, the article view with its marks, and the import's all-or-nothing rule.

use super::write;
use proctor_api::dto::{
    ImportKind, ImportRequest, NuggetArticleRequest, NuggetMethod, NuggetRequest,
};
use proctor_api::{ErrorCode, NoProgress, Project};
use std::path::Path;

const NUGGETS: &str = "# query id importance text\n\
q1 1 vital cat sat mat\n\
q1 2 okay fluffy cat\n\
q2 1 vital dogs bark loudly\n\
q2 2 vital night\n";

fn project(dir: &Path) -> Project {
    let mut project = Project::create(&dir.join("p.proctor")).unwrap();
    let mut import = |kind: ImportKind, name: &str, text: &str, system: Option<&str>| {
        let mut request = ImportRequest::new(kind, write(dir, name, text));
        request.system = system.map(str::to_owned);
        project.import(&request, &NoProgress).unwrap()
    };
    let report = import(ImportKind::Nuggets, "nuggets.txt", NUGGETS, None);
    assert_eq!((report.rows, report.added), (4, 4));
    import(
        ImportKind::GoldArticles,
        "gold.jsonl",
        "{\"query\": \"q1\", \"text\": \"The cat sat on the mat.\"}\n\
         {\"query\": \"q2\", \"text\": \"Dogs bark loudly at night.\"}\n",
        None,
    );
    for (name, articles) in [
        (
            "Alpha",
            "{\"query\": \"q1\", \"text\": \"A cat sat on a mat.\"}\n\
             {\"query\": \"q2\", \"text\": \"Dogs bark.\"}\n",
        ),
        ("Beta", "{\"query\": \"q1\", \"text\": \"The mat.\"}\n"),
        (
            "Gamma",
            "{\"query\": \"q1\", \"text\": \"Birds fly.\"}\n\
             {\"query\": \"q2\", \"text\": \"At night dogs bark loudly.\"}\n",
        ),
    ] {
        import(
            ImportKind::Articles,
            &format!("{name}.jsonl"),
            articles,
            Some(name),
        );
    }
    project
}

fn request(method: NuggetMethod) -> NuggetRequest {
    NuggetRequest {
        method,
        all_vital: false,
        threshold: 0.5,
        baseline: None,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn pourpre_scores_match_the_hand_computation() {
    let dir = tempfile::tempdir().unwrap();
    let project = project(dir.path());
    // POURPRE (share of the nugget's stemmed, stopword-free terms in the best sentence):
    // Alpha q1 "A cat sat on a mat." {cat, sat, mat}: nugget 1 3/3, nugget 2 {fluffi, cat} 1/2;
    //   R = 1 (one vital nugget), A = 200, L = 14 → P = 1, F3 = 1.
    // Alpha q2 "Dogs bark." {dog, bark}: nugget 1 2/3, "night" 0; R = 1/3, A = 100, L = 9,
    //   P = 1, F3 = 10 (1/3) / (9 + 1/3) = 5/14. Mean 19/28.
    // Beta q1 "The mat.": nugget 1 1/3, R = 1/3, F3 = 5/14; q2 no article → 0. Mean 5/28.
    // Gamma q1 "Birds fly.": 0; q2 every term of both vital nuggets → 1. Mean 1/2.
    let board = project
        .nugget_board(&request(NuggetMethod::Pourpre))
        .unwrap();
    assert_eq!(board.queries, ["q1", "q2"]);
    assert_eq!((board.nuggets, board.vital), (4, 3));
    let names: Vec<&str> = board.systems.iter().map(|s| s.system.as_str()).collect();
    assert_eq!(names, ["Alpha", "Gamma", "Beta"]);
    let alpha = &board.systems[0];
    assert!(close(alpha.mean, 19.0 / 28.0), "{}", alpha.mean);
    assert!(close(alpha.cells[1].f_beta, 5.0 / 14.0));
    assert!(close(alpha.cells[1].recall, 1.0 / 3.0));
    assert_eq!((alpha.cells[0].found, alpha.cells[0].length), (2, 14));
    assert!(close(board.systems[2].mean, 5.0 / 28.0));
    assert!(!board.systems[2].cells[1].written);
    assert!(close(board.systems[1].mean, 0.5));
    // 95% interval: mean ± 1.96 · sd / √2 with sd = |1 − 5/14| / √2 → ± 1.96 · 9/28.
    assert!(close(
        alpha.high - alpha.mean,
        1.959_963_984_540_054 * 9.0 / 28.0
    ));
    // Gold articles: every vital nugget in full → 1.
    assert!(close(board.gold.as_ref().unwrap().mean, 1.0));

    // The one verdict against the best (Alpha), exact over the 2² sign flips of the per-query
    // differences: Gamma − Alpha = (−1, 9/14): every flip is at least as far from 0 → p = 1;
    // Beta − Alpha = (−9/14, −5/14): 2 of 4 flips reach |−1| → p = 1/2. Holm over 2: 1 and 1.
    assert_eq!(board.baseline.as_deref(), Some("Alpha"));
    assert!(alpha.verdict.is_none());
    let gamma = board.systems[1].verdict.as_ref().unwrap();
    let beta = board.systems[2].verdict.as_ref().unwrap();
    assert!(
        close(gamma.p_value, 1.0) && close(beta.p_value, 0.5),
        "{gamma:?} {beta:?}"
    );
    assert!(close(beta.adjusted_p_value, 1.0));
    assert_eq!(beta.family_size, 2);
    assert!(!beta.real);
    assert!(
        beta.sentence.starts_with(
            "Beta's nugget F(β = 3) is 50.0 points below Alpha's: the difference could be luck"
        ),
        "{}",
        beta.sentence
    );

    // Count variant: Alpha q2's first nugget counts whole → R = 1/2, F3 = 5/9.5.
    let count = project
        .nugget_board(&request(NuggetMethod::PourpreCount))
        .unwrap();
    let alpha = count.systems.iter().find(|s| s.system == "Alpha").unwrap();
    assert!(close(alpha.cells[1].f_beta, 5.0 / 9.5));
    // All vital: Alpha q1 (1 + 1/2) / 2 = 3/4 → F3 = 7.5 / 9.75.
    let mut all = request(NuggetMethod::Pourpre);
    all.all_vital = true;
    let board = project.nugget_board(&all).unwrap();
    let alpha = board.systems.iter().find(|s| s.system == "Alpha").unwrap();
    assert!(close(alpha.cells[0].f_beta, 7.5 / 9.75));
    // A baseline by name, and a name that has no articles.
    let mut against_beta = request(NuggetMethod::Pourpre);
    against_beta.baseline = Some("Beta".to_owned());
    let board = project.nugget_board(&against_beta).unwrap();
    assert_eq!(board.baseline.as_deref(), Some("Beta"));
    assert!(
        board
            .systems
            .iter()
            .find(|s| s.system == "Beta")
            .unwrap()
            .verdict
            .is_none()
    );
    against_beta.baseline = Some("Nobody".to_owned());
    assert_eq!(
        project.nugget_board(&against_beta).unwrap_err().code,
        ErrorCode::NotFound
    );
}

#[test]
fn nuggeteer_weighs_by_idf_over_the_articles() {
    let dir = tempfile::tempdir().unwrap();
    let project = project(dir.path());
    // Without a corpus the 7 articles (gold and systems) are the collection. Alpha q2 "Dogs
    // bark." holds dog, bark and "dog bark" (each in 3 articles) but not loudli or "bark loudli"
    // (2 each): weighted recall 3 ln(1 + 7/3) / (3 ln(1 + 7/3) + 2 ln(1 + 7/2)) = 0.5456.
    let recall = 3.0 * (10.0f64 / 3.0).ln() / (3.0 * (10.0f64 / 3.0).ln() + 2.0 * 4.5f64.ln());
    let mut at = request(NuggetMethod::Nuggeteer);
    at.threshold = recall - 1e-6;
    let board = project.nugget_board(&at).unwrap();
    let alpha = board.systems.iter().find(|s| s.system == "Alpha").unwrap();
    // Found at that threshold: R = 1/2 (the night nugget is absent), F3 = 5/9.5.
    assert!(
        close(alpha.cells[1].f_beta, 5.0 / 9.5),
        "{:?}",
        alpha.cells[1]
    );
    at.threshold = recall + 1e-6;
    let board = project.nugget_board(&at).unwrap();
    let alpha = board.systems.iter().find(|s| s.system == "Alpha").unwrap();
    assert!(close(alpha.cells[1].f_beta, 0.0));
    let detail = project
        .nugget_article(&NuggetArticleRequest {
            system: "Alpha".into(),
            gold: false,
            query: "q2".into(),
            scoring: request(NuggetMethod::Nuggeteer),
        })
        .unwrap();
    assert!(close(detail.nuggets[0].score, recall));
    at.threshold = 1.5;
    assert_eq!(
        project.nugget_board(&at).unwrap_err().code,
        ErrorCode::InvalidInput
    );
}

#[test]
fn the_article_view_marks_each_found_nuggets_words() {
    let dir = tempfile::tempdir().unwrap();
    let project = project(dir.path());
    let view = project
        .nugget_article(&NuggetArticleRequest {
            system: "Alpha".into(),
            gold: false,
            query: "q1".into(),
            scoring: request(NuggetMethod::Pourpre),
        })
        .unwrap();
    assert_eq!(view.sentences.len(), 1);
    let text: String = view.sentences[0].iter().map(|p| p.text.as_str()).collect();
    assert_eq!(text, "A cat sat on a mat.");
    let marked: Vec<(&str, Vec<u32>)> = view.sentences[0]
        .iter()
        .filter(|p| !p.nuggets.is_empty())
        .map(|p| (p.text.as_str(), p.nuggets.clone()))
        .collect();
    assert_eq!(
        marked,
        [("cat", vec![0, 1]), ("sat", vec![0]), ("mat", vec![0])]
    );
    assert!(view.nuggets[0].found && close(view.nuggets[0].score, 1.0));
    assert!(close(view.nuggets[1].score, 0.5));
    assert_eq!(view.nuggets[1].sentence, Some(0));
    // Beta wrote nothing for q2: no sentences, nothing found, scores 0.
    let none = project
        .nugget_article(&NuggetArticleRequest {
            system: "Beta".into(),
            gold: false,
            query: "q2".into(),
            scoring: request(NuggetMethod::Pourpre),
        })
        .unwrap();
    assert!(none.sentences.is_empty() && !none.cell.written);
    assert!(
        none.nuggets
            .iter()
            .all(|n| !n.found && n.sentence.is_none())
    );
    // The gold article by its row's name.
    let gold = project
        .nugget_article(&NuggetArticleRequest {
            system: String::new(),
            gold: true,
            query: "q2".into(),
            scoring: request(NuggetMethod::Pourpre),
        })
        .unwrap();
    assert!(close(gold.cell.f_beta, 1.0));
}

#[test]
fn a_query_without_a_vital_nugget_is_left_out_unless_every_nugget_counts() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project(dir.path());
    let okay_only = write(dir.path(), "okay.txt", "q3 1 okay cat\n");
    project
        .import(
            &ImportRequest::new(ImportKind::Nuggets, okay_only),
            &NoProgress,
        )
        .unwrap();
    let board = project
        .nugget_board(&request(NuggetMethod::Pourpre))
        .unwrap();
    assert_eq!(board.queries, ["q1", "q2"]);
    assert!(
        board
            .note
            .as_deref()
            .unwrap()
            .starts_with("1 query has no vital nugget")
    );
    // The means are those of the worked example, not pulled down by a query nobody can score.
    let alpha = board.systems.iter().find(|s| s.system == "Alpha").unwrap();
    assert!(close(alpha.mean, 19.0 / 28.0));
    let mut all = request(NuggetMethod::Pourpre);
    all.all_vital = true;
    assert_eq!(
        project.nugget_board(&all).unwrap().queries,
        ["q1", "q2", "q3"]
    );
}

#[test]
fn a_bad_nuggets_file_changes_nothing_and_a_good_one_replaces_its_queries() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = project(dir.path());
    let bad = write(
        dir.path(),
        "bad.txt",
        "q1 1 vital new fact\nq3 1 sometimes other fact\n",
    );
    let err = project
        .import(
            &ImportRequest::new(ImportKind::Nuggets, bad.clone()),
            &NoProgress,
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert!(
        err.message
            .ends_with("bad.txt:2:importance: 'sometimes' is neither vital nor okay"),
        "{}",
        err.message
    );
    assert_eq!(project.summary().unwrap().counts.nuggets, 4);
    // A good file for q1 only: q1's two nuggets become one, q2 keeps its two.
    let good = write(
        dir.path(),
        "good.csv",
        "query,nugget,importance,text\nq1,a,vital,cat\n",
    );
    let report = project
        .import(&ImportRequest::new(ImportKind::Nuggets, good), &NoProgress)
        .unwrap();
    assert!(
        report.notes.iter().any(|n| n.contains("2 earlier nuggets")),
        "{:?}",
        report.notes
    );
    let board = project
        .nugget_board(&request(NuggetMethod::Pourpre))
        .unwrap();
    assert_eq!(board.nuggets_per_query, [1, 2]);
}
