use super::*;
use proctor_api::dto::{
    CatCheckRequest, Factor, GridRequest, IrtMethod, IrtModel, IrtRequest, IrtSettings, RunRequest,
    SittingMode, SystemGroup, SystemSelection,
};
use std::collections::HashMap;

#[test]
fn the_reference_grid_on_the_sample() {
    let _turn = crate::language_model_turn();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    let started = std::time::Instant::now();
    let summary = proctor_api::sample::build_with_pipelines(&path, None, &NoProgress).unwrap();
    eprintln!("built and ran in {:?}", started.elapsed());
    let grades = summary.grades.unwrap();
    let accuracy: HashMap<&str, f64> = grades
        .leaderboard
        .iter()
        .filter(|s| s.mode == SittingMode::Answers)
        .map(|s| (s.system.as_str(), s.accuracy.unwrap_or(0.0)))
        .collect();
    for s in &grades.leaderboard {
        eprintln!(
            "{:>5.1}%  {} ({} unanswered)",
            100.0 * s.accuracy.unwrap_or(0.0),
            s.system,
            s.unanswered
        );
    }
    // Each reader's ceiling is its oracle pipeline's accuracy.
    let mut ceilings: Vec<(&str, f64)> = grades
        .reader_ceilings
        .iter()
        .map(|c| (c.reader.as_str(), c.accuracy))
        .collect();
    ceilings.sort_by(|a, b| a.0.cmp(b.0));
    let mut expected: Vec<(&str, f64)> = ["combined", "embedding", "language model", "lexical"]
        .iter()
        .map(|r| (*r, accuracy[format!("oracle · {r}").as_str()]))
        .collect();
    expected.sort_by(|a, b| a.0.cmp(b.0));
    assert_eq!(ceilings, expected);
    let mut project = Project::open(&path).unwrap();
    // Adaptive exams on the reference grid (issue 15's acceptance), with the project's IRT
    // setting (the default, joint 2PL, standard preset): half the questions,
    // chosen adaptively, predict each pipeline's accuracy on the whole exam at least as well
    // as random halves; each pipeline is calibrated on every other system, vendors included.
    let check = |group: Option<SystemGroup>| {
        project
            .cat_check(&CatCheckRequest {
                exam: None,
                share: 0.5,
                balance_topics: false,
                max_exposure: None,
                group,
            })
            .unwrap()
    };
    let grid = check(Some(SystemGroup::Pipelines));
    assert_eq!(grid.rows.len(), 27);
    assert_eq!(grid.calibrating, 34);
    assert!(grid.skipped.is_empty(), "{:?}", grid.skipped);
    assert!(
        grid.rows
            .iter()
            .all(|r| r.group == SystemGroup::Pipelines && r.used == 60)
    );
    assert!(
        grid.mean_error <= grid.mean_random_error,
        "adaptive {} against random {}",
        grid.mean_error,
        grid.mean_random_error
    );
    // The vendors apart: the one with errors is named, not checked; every system is the two
    // groups' rows together, each row the same whichever group is asked for.
    let vendors = check(Some(SystemGroup::Systems));
    assert_eq!(vendors.skipped, vec!["Drift QA".to_owned()]);
    assert!(vendors.rows.iter().all(|r| r.group == SystemGroup::Systems));
    let every = check(None);
    assert_eq!(every.rows.len(), grid.rows.len() + vendors.rows.len());
    for row in grid.rows.iter().chain(&vendors.rows) {
        let same = every.rows.iter().find(|r| r.system == row.system).unwrap();
        assert!(
            (same.predicted - row.predicted).abs() < 1e-12,
            "{}",
            row.system
        );
    }
    // The hierarchical IRT model over the pipelines' factors: the vendors carry other
    // factors, so the pipelines are chosen by their tags.
    let mut irt = IrtRequest {
        exam: None,
        settings: Some(IrtSettings {
            model: IrtModel::TwoPl,
            method: IrtMethod::Joint,
            preset: "paper".into(),
        }),
        hierarchical: true,
        baselines: vec![Factor {
            name: "retriever".into(),
            level: "closed book".into(),
        }],
        selection: SystemSelection::default(),
    };
    let mixed = project.fit_irt(&irt).unwrap_err();
    assert!(
        mixed.message.contains("7 carry llm, retriever")
            && mixed.message.contains("27 carry reader, retriever, top_k"),
        "{}",
        mixed.message
    );
    irt.selection.tagged = vec!["reader".into()];
    let fit = project.fit_irt(&irt).unwrap();
    assert_eq!(fit.systems.len(), 27);
    let effect = |level: &str| {
        fit.effects
            .iter()
            .find(|e| e.factor == "retriever" && e.level == level)
            .unwrap_or_else(|| panic!("no effect for {level}: {:?}", fit.effects))
            .effect
    };
    assert!(effect("closed book").abs() < 1e-12);
    assert!(
        effect("oracle") > 0.5 && effect("hybrid") > 0.5,
        "{:?}",
        fit.effects
    );
    let pipelines = project.pipelines().unwrap();
    assert_eq!(
        pipelines.len(),
        27,
        "3 closed book + 3 oracle + 3 × 3 × 2, and the language model behind closed book, oracle and hybrid top 1"
    );
    for reader in ["lexical", "embedding", "combined"] {
        let closed = accuracy[format!("closed book · {reader}").as_str()];
        let oracle = accuracy[format!("oracle · {reader}").as_str()];
        for k in [1, 3] {
            let hybrid = accuracy[format!("hybrid · {reader} · top {k}").as_str()];
            assert!(
                oracle >= hybrid,
                "{reader}: oracle {oracle} < hybrid top {k} {hybrid}"
            );
            for retriever in ["bm25", "dense", "hybrid"] {
                let with = accuracy[format!("{retriever} · {reader} · top {k}").as_str()];
                assert!(
                    with > closed,
                    "{retriever} top {k} {with} does not beat closed book {closed} with {reader}"
                );
            }
        }
    }
    // The language model reads too: oracle ≥ retrieval > closed book.
    let lm = |system: &str| accuracy[system];
    let (oracle, hybrid, closed) = (
        lm("oracle · language model"),
        lm("hybrid · language model · top 1"),
        lm("closed book · language model"),
    );
    assert!(
        oracle >= hybrid && hybrid > closed + 0.2,
        "{oracle} {hybrid} {closed}"
    );
    // A second run has nothing left to do.
    let again = project
        .run_pipelines(
            &RunRequest {
                exam: None,
                systems: Vec::new(),
                models: None,
                int8: false,
                threads: 0,
                user_models: UserModelChoice::default(),
                restart: false,
            },
            &NoProgress,
        )
        .unwrap();
    assert!(
        again
            .sittings
            .iter()
            .all(|s| s.answered_now == 0 && s.answered_before == 120)
    );
    // Adding the grid again adds nothing.
    let grid = project
        .add_pipeline_grid(&GridRequest {
            retrievers: Vec::new(),
            readers: Vec::new(),
            top_ks: Vec::new(),
            models: None,
        })
        .unwrap();
    assert_eq!(grid.len(), 27);
    assert_eq!(project.pipelines().unwrap().len(), 27);
}
