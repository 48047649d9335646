//! Adaptive exams against catsim 0.21 (PyPI): on a simulated 3PL bank, catsim's
//! maximum-information selector, given the same θ̂ and the items already asked, picks the item
//! Proctor picks at every step — with and without an exposure limit — and the EAP of θ over
//! catsim's own likelihood equals Proctor's θ̂ to 1e-3 (catsim estimates θ by maximum
//! likelihood only; the posterior mean is taken over its likelihood on the same quadrature).

use crate::reference;
use proctor_stats::SplitMix64;
use proctor_stats::irt::{Cat, CatSettings, Item};
use serde_json::{Value, json};

fn bank(rng: &mut SplitMix64) -> Vec<Item> {
    (0..80)
        .map(|_| Item {
            discrimination: 0.6 + 1.6 * rng.unit(),
            difficulty: -2.5 + 5.0 * rng.unit(),
            guessing: 0.25 * rng.unit(),
        })
        .collect()
}

/// Runs adaptive exams of 25 questions for simulated examinees; each exam's items, answers
/// and θ̂ after each answer.
fn exams(items: &[Item], exposure: Option<(&[f64], f64)>, rng: &mut SplitMix64) -> Vec<Value> {
    (0..12)
        .map(|e| {
            let truth = -2.2 + 4.4 * f64::from(e) / 11.0;
            let settings = CatSettings {
                target_se: 0.0,
                max_items: 25,
                topics: None,
                prior: (0.0, 1.0),
                max_exposure: exposure.map(|(_, limit)| limit),
            };
            let mut cat = Cat::new(items, settings);
            if let Some((rates, _)) = exposure {
                cat = cat.with_exposure(rates.to_vec());
            }
            while let Some(i) = cat.next() {
                let right = rng.unit() < items[i].probability(truth);
                cat.answer(i, right);
            }
            let steps = cat.steps();
            json!({
                "items": steps.iter().map(|s| s.item).collect::<Vec<_>>(),
                "right": steps.iter().map(|s| s.right).collect::<Vec<_>>(),
                "thetas": steps.iter().map(|s| s.theta).collect::<Vec<_>>(),
            })
        })
        .collect()
}

fn check_against_catsim(items: &[Item], exposure: Option<(&[f64], f64)>, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let exams = exams(items, exposure, &mut rng);
    let theirs = reference::run(
        "catsim_cat.py",
        &json!({
            "bank": items.iter().map(|i| [i.discrimination, i.difficulty, i.guessing]).collect::<Vec<_>>(),
            "exposure": exposure.map(|(rates, _)| rates.to_vec()),
            "r_max": exposure.map(|(_, limit)| limit),
            "exams": exams,
        }),
    );
    for (exam, theirs) in exams.iter().zip(theirs.as_array().expect("a list")) {
        let ours: Vec<u64> = exam["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let picks: Vec<u64> = theirs["picks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(ours, picks, "the same item at every step");
        for (t, (a, b)) in exam["thetas"]
            .as_array()
            .unwrap()
            .iter()
            .zip(theirs["eaps"].as_array().unwrap())
            .enumerate()
        {
            let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            assert!((a - b).abs() < 1e-3, "step {t}: θ̂ {a} vs {b}");
        }
    }
}

#[test]
fn adaptive_exams_pick_what_catsim_picks_and_estimate_the_same_ability() {
    let mut rng = SplitMix64::new(41);
    let items = bank(&mut rng);
    check_against_catsim(&items, None, 42);
}

#[test]
fn with_an_exposure_limit_too() {
    let mut rng = SplitMix64::new(43);
    let items = bank(&mut rng);
    // A third of the items already shown to more than the limit allows.
    let rates: Vec<f64> = (0..items.len())
        .map(|i| if i % 3 == 0 { 0.5 } else { 0.1 * rng.unit() })
        .collect();
    check_against_catsim(&items, Some((&rates, 0.3)), 44);
}
