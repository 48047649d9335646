use super::*;
use proctor_api::dto::{
    Factor, ImproveRequest, IrtMethod, IrtModel, IrtRequest, IrtSettings, Measurable,
    SystemSelection,
};

fn request(method: IrtMethod, hierarchical: bool) -> IrtRequest {
    IrtRequest {
        exam: None,
        settings: Some(IrtSettings {
            model: IrtModel::ThreePl,
            method,
            preset: "paper".into(),
        }),
        hierarchical,
        baselines: vec![Factor {
            name: "retriever".into(),
            level: "closed-book".into(),
        }],
        selection: SystemSelection::default(),
    }
}

fn sample(dir: &Path) -> Project {
    let path = dir.join("s.proctor");
    proctor_api::sample::build(&path, &NoProgress).unwrap();
    Project::open(&path).unwrap()
}

#[test]
fn the_sample_exam_fits_orders_systems_and_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = sample(dir.path());
    assert_eq!(project.latest_irt(None).unwrap(), None);
    // Until one is chosen, the project's setting is the 2PL (METHODS.md §3).
    assert_eq!(project.irt_settings().unwrap(), IrtSettings::default());
    assert_eq!(IrtSettings::default().model, IrtModel::TwoPl);
    let report = project.fit_irt(&request(IrtMethod::Joint, false)).unwrap();
    // The request's setting is now the project's.
    assert_eq!(project.irt_settings().unwrap().model, IrtModel::ThreePl);
    assert_eq!(report.settings.model, IrtModel::ThreePl);
    // Abilities on screen are EAP: finite, with a posterior sd, inside (−6, 6).
    for s in &report.systems {
        assert!(s.ability.is_finite() && s.ability.abs() < 6.0, "{s:?}");
        assert!(s.standard_error > 0.0 && s.standard_error < 1.5, "{s:?}");
        assert_eq!(
            s.measurable == Measurable::Within,
            s.raw_score > 0 && s.raw_score < s.responses
        );
    }
    assert_eq!(report.items.len(), 120);
    assert_eq!(report.systems.len(), 7, "gold articles are not a system");
    for item in &report.items {
        assert!((0.1..=1.5).contains(&item.discrimination), "{item:?}");
        assert!((0.01..=1.0).contains(&item.difficulty), "{item:?}");
        assert!((0.2..=0.4).contains(&item.guessing), "{item:?}");
        // The characteristic curve on the information grid: from the guessing floor up
        // towards 1, rising, and halfway above the floor at θ = b.
        assert_eq!(item.curve.len(), report.information.theta.len());
        assert!(item.curve.windows(2).all(|w| w[1] >= w[0]), "{item:?}");
        assert!(item.curve[0] >= item.guessing && *item.curve.last().unwrap() <= 1.0);
        let (at_b, _) = report
            .information
            .theta
            .iter()
            .enumerate()
            .min_by(|x, y| {
                (x.1 - item.difficulty)
                    .abs()
                    .total_cmp(&(y.1 - item.difficulty).abs())
            })
            .unwrap();
        let halfway = item.guessing + (1.0 - item.guessing) / 2.0;
        let step = report.information.theta[1] - report.information.theta[0];
        // Within the grid's step of b, the curve is within a·(1−c)/4·step of halfway.
        assert!(
            (item.curve[at_b] - halfway).abs()
                <= item.discrimination * (1.0 - item.guessing) / 4.0 * step + 1e-9,
            "{item:?}"
        );
    }
    // The ability order follows the accuracy leaderboard at its ends.
    let grades = project.grades(None).unwrap();
    let answer_mode: Vec<&str> = grades
        .leaderboard
        .iter()
        .filter(|s| s.mode == SittingMode::Answers)
        .map(|s| s.system.as_str())
        .collect();
    assert_eq!(report.systems[0].system, answer_mode[0]);
    assert_eq!(
        report.systems.last().unwrap().system,
        *answer_mode.last().unwrap()
    );
    assert!(
        report.rmse < report.item_mean_rmse,
        "{} vs {}",
        report.rmse,
        report.item_mean_rmse
    );
    assert_eq!(
        report.information.theta.len(),
        report.information.mean.len()
    );
    // Kept in the project, and read back as it was.
    assert_eq!(project.latest_irt(None).unwrap(), Some(report));
}

#[test]
fn factor_effects_are_reported_against_the_chosen_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = sample(dir.path());
    let report = project.fit_irt(&request(IrtMethod::Joint, true)).unwrap();
    let effect = |level: &str| report.effects.iter().find(|e| e.level == level).unwrap();
    assert!(effect("closed-book").baseline);
    assert!(effect("closed-book").effect.abs() < 1e-12);
    // In the sample, retrieval helps: every retriever beats closed book.
    for level in ["bm25", "dense", "hybrid"] {
        assert!(effect(level).effect > 0.0, "{:?}", effect(level));
    }
    let mut wrong = request(IrtMethod::Joint, true);
    wrong.baselines[0].level = "grep".into();
    let err = project.fit_irt(&wrong).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert!(err.message.contains("closed-book"), "{}", err.message);
}

#[test]
fn marginal_fits_and_improvement_steps() {
    let dir = tempfile::tempdir().unwrap();
    let mut project = sample(dir.path());
    let mut marginal = request(IrtMethod::Marginal, false);
    marginal.settings = Some(IrtSettings {
        model: IrtModel::TwoPl,
        method: IrtMethod::Marginal,
        preset: "standard".into(),
    });
    let report = project.fit_irt(&marginal).unwrap();
    assert!(
        report
            .systems
            .iter()
            .all(|s| s.standard_error > 0.0 && s.standard_error < 1.0)
    );
    // The marginal fit's own abilities are EAP already: the same numbers.
    assert!(
        report
            .systems
            .iter()
            .all(|s| (s.fitted - s.ability).abs() < 1e-9)
    );
    // The improvement uses the project's setting: the marginal 2PL just chosen.
    let improvement = project
        .improve_exam(&ImproveRequest {
            exam: None,
            steps: 3,
            fraction: 0.1,
            selection: SystemSelection::default(),
        })
        .unwrap();
    assert_eq!(improvement.settings, report.settings);
    let dropped: Vec<usize> = improvement.steps.iter().map(|s| s.dropped.len()).collect();
    assert_eq!(dropped, vec![0, 12, 11, 10], "⌈10%⌉ of 120, 108 and 97");
    assert_eq!(improvement.steps[3].remaining, 120 - 33);
    let bad = project
        .set_irt_settings(&IrtSettings {
            preset: "nonsense".into(),
            ..IrtSettings::default()
        })
        .unwrap_err();
    assert_eq!(bad.code, ErrorCode::InvalidInput);
    let bad = project
        .improve_exam(&ImproveRequest {
            exam: None,
            steps: 1,
            fraction: 1.5,
            selection: SystemSelection::default(),
        })
        .unwrap_err();
    assert_eq!(bad.code, ErrorCode::InvalidInput);
}
