//! Joint fits on matrices large enough for Newton steps (20,000 cells or more): the same
//! properties the small matrices' tests ask of the quasi-Newton path — row order does not
//! matter, a refit from the optimum finds nothing better, factor effects and abilities are
//! recovered — for each model, centred or not, with factors.

use crate::irt::{retriever_reader_design, simulate};
use proctor_stats::SplitMix64;
use proctor_stats::irt::{Item, ItemModel, Preset, ResponseMatrix, fit_joint};

fn bank(items: usize, guessing: f64, rng: &mut SplitMix64) -> Vec<Item> {
    (0..items)
        .map(|_| Item {
            discrimination: 0.6 + 1.2 * rng.unit(),
            difficulty: rng.normal().clamp(-2.0, 2.0),
            guessing,
        })
        .collect()
}

#[test]
fn row_order_does_not_matter_and_the_optimum_is_one() {
    let mut rng = SplitMix64::new(21);
    let abilities: Vec<f64> = (0..50).map(|_| rng.normal()).collect();
    for (model, preset, guessing) in [
        (ItemModel::OnePl, Preset::standard(), 0.0),
        (ItemModel::TwoPl, Preset::standard(), 0.0),
        (ItemModel::ThreePl, Preset::standard(), 0.2),
        (ItemModel::TwoPl, Preset::paper(), 0.0),
    ] {
        let rows = simulate(&bank(420, guessing, &mut rng), &abilities, &mut rng);
        let reversed: Vec<Vec<u8>> = rows.iter().rev().cloned().collect();
        let fit = |rows: &[Vec<u8>], warm: Option<(&[f64], &[Item])>| {
            let responses = ResponseMatrix::from_scores(rows).unwrap();
            fit_joint(&responses, model, &preset, None, warm).unwrap()
        };
        let forward = fit(&rows, None);
        let backward = fit(&reversed, None);
        let what = format!("{model:?} centred {}", preset.centre);
        assert!(forward.converged && backward.converged, "{what}");
        let scale = forward.objective.abs();
        assert!(
            (forward.objective - backward.objective).abs() < 1e-7 * scale,
            "{what}: {} vs {}",
            forward.objective,
            backward.objective
        );
        for (a, b) in forward
            .abilities
            .iter()
            .zip(backward.abilities.iter().rev())
        {
            assert!((a - b).abs() < 1e-3, "{what}: θ {a} vs {b}");
        }
        // The abilities found order the examinees as their true ones.
        let r = proctor_stats::correlation::spearman(&forward.abilities, &abilities).unwrap();
        assert!(r.coefficient > 0.9, "{what}: ρ = {}", r.coefficient);
        // From its own optimum, a refit finds nothing better.
        let again = fit(&rows, Some((&forward.abilities, &forward.items)));
        assert!(
            again.objective >= forward.objective - 1e-7 * scale,
            "{what}: {} then {}",
            forward.objective,
            again.objective
        );
        if preset.centre {
            let mean = forward.abilities.iter().sum::<f64>() / 50.0;
            assert!(mean.abs() < 1e-9, "{what}: mean θ {mean}");
        }
    }
}

#[test]
fn factor_effects_are_recovered_on_a_large_exam() {
    // 2 retrievers × 3 readers, 4 systems each, 900 questions: 21,600 cells.
    let (factors, abilities) = retriever_reader_design();
    // Discriminations around 1, where the prior on log a puts the scale, so that the effects
    // are on the truth's scale.
    let mut rng = SplitMix64::new(8);
    let items: Vec<Item> = (0..900)
        .map(|_| Item {
            discrimination: 0.8 + 0.4 * rng.unit(),
            difficulty: rng.normal().clamp(-2.0, 2.0),
            guessing: 0.0,
        })
        .collect();
    let rows = simulate(&items, &abilities, &mut rng);
    let responses = ResponseMatrix::from_scores(&rows).unwrap();
    let fit = fit_joint(
        &responses,
        ItemModel::TwoPl,
        &Preset::standard(),
        Some(&factors),
        None,
    )
    .unwrap();
    assert!(fit.converged);
    let effect = |level: &str| {
        fit.effects
            .iter()
            .find(|e| e.level == level)
            .unwrap()
            .effect
    };
    // With 900 questions the effects are close to the truth.
    for (level, truth) in [("bm25", 1.0), ("embedding", 1.0), ("combined", 1.8)] {
        assert!(
            (effect(level) - truth).abs() < 0.2,
            "{level}: {}",
            effect(level)
        );
    }
}
