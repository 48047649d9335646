//! The joint objective in one pass over the observed cells (METHODS.md §3): the penalised
//! negative log-likelihood and its gradient, and — for the Newton steps — its second
//! derivatives: each ability's own, each item's (a, b, c) block and every ability × item
//! parameter pair. Both minimisers evaluate through here (one response's arithmetic is
//! `kernel.rs`, which the fit's log-likelihood also uses).

use super::abilities::Abilities;
use super::kernel::{Guess, Run};
use crate::irt::parallel::in_order;
use crate::irt::{ItemLayout, Preset, ResponseMatrix};
use nalgebra::DMatrix;
use std::sync::Mutex;

/// The joint problem: responses, the item parameters' layout after the person parameters,
/// the preset's penalties, and how person parameters make abilities.
pub(super) struct Problem<'a> {
    pub responses: &'a ResponseMatrix,
    pub layout: ItemLayout,
    pub preset: &'a Preset,
    pub abilities: Abilities<'a>,
    /// Who answered each item, right answers first.
    respondents: Respondents,
    /// A cross matrix no longer needed, to be filled again rather than allocated (it is
    /// megabytes, and a fresh one costs page faults).
    pub spare: Mutex<Option<DMatrix<f64>>>,
}

/// Every item's respondents, those who answered it right first: the pass runs over them
/// without a branch on the answer or on a missing cell (a branch on random answers is
/// mispredicted half the time, which cost more than the cell's arithmetic).
struct Respondents {
    /// Item i's examinees: `examinees[starts[i]..rights[i]]` right,
    /// `examinees[rights[i]..starts[i + 1]]` wrong.
    examinees: Vec<u32>,
    starts: Vec<usize>,
    rights: Vec<usize>,
}

impl Respondents {
    fn of(responses: &ResponseMatrix) -> Self {
        let items = responses.items();
        let mut out = Self {
            examinees: Vec::new(),
            starts: Vec::with_capacity(items + 1),
            rights: Vec::with_capacity(items),
        };
        let rows = 0..u32::try_from(responses.examinees()).expect("examinees fit in memory");
        for i in 0..items {
            out.starts.push(out.examinees.len());
            for wanted in [true, false] {
                out.examinees.extend(
                    rows.clone()
                        .filter(|&s| responses.get(s as usize, i) == Some(wanted)),
                );
                if wanted {
                    out.rights.push(out.examinees.len());
                }
            }
        }
        out.starts.push(out.examinees.len());
        out
    }

    /// Item i's examinees who answered right, and those who answered wrong.
    fn answers(&self, i: usize) -> (&[u32], &[u32]) {
        (
            &self.examinees[self.starts[i]..self.rights[i]],
            &self.examinees[self.rights[i]..self.starts[i + 1]],
        )
    }
}

/// What one item's cells add to the pass: the item's gradient and curvature block (without
/// its penalty).
#[derive(Default)]
struct ItemSums {
    gradient: [f64; 3],
    block: [[f64; 3]; 3],
}

/// Buffers a block's runs of cells reuse: θ − b and z of each, and the kernel's stages.
#[derive(Default)]
struct Scratch {
    t: Vec<f64>,
    z: Vec<f64>,
    run: Run,
}

/// What every cell of one item shares.
struct ItemAt<'s> {
    thetas: &'s [f64],
    a: f64,
    b: f64,
    guess: Guess,
    /// Which second derivatives the pass wants.
    second: Second,
    slots: &'static [usize],
}

impl ItemAt<'_> {
    /// Adds the cells of `examinees` (all right, or all wrong, by `right`) to the block's value
    /// and abilities' sums, to the item's sums, and to its columns of the cross matrix.
    fn sweep(
        &self,
        examinees: &[u32],
        right: bool,
        scratch: &mut Scratch,
        out: &mut Block,
        sums: &mut ItemSums,
        mut columns: Option<&mut [f64]>,
    ) {
        let a = self.a;
        let stride = self.thetas.len();
        scratch.t.clear();
        scratch
            .t
            .extend(examinees.iter().map(|&s| self.thetas[s as usize] - self.b));
        scratch.z.clear();
        scratch.z.extend(scratch.t.iter().map(|t| a * t));
        let terms = scratch
            .run
            .terms(&scratch.z, &self.guess, right, self.second);
        for ((&s, &t), cell) in examinees.iter().zip(&scratch.t).zip(terms) {
            let s = s as usize;
            out.value -= cell.log_likelihood;
            out.d_theta[s] -= cell.d_z * a;
            sums.gradient[0] -= cell.d_z * t;
            sums.gradient[1] += cell.d_z * a;
            sums.gradient[2] -= cell.d_c;
            if self.second == Second::None {
                continue;
            }
            // z = a(θ − b): ∂z/∂θ = a, ∂z/∂a = θ − b, ∂z/∂b = −a, ∂²z/∂θ∂a = 1,
            // ∂²z/∂a∂b = −1 (those last terms carry ∂ℓ/∂z, which the expected
            // information drops).
            let (zz, zc, cc) = (cell.zz, cell.zc, cell.cc);
            let gz = if self.second == Second::Expected {
                0.0
            } else {
                cell.d_z
            };
            out.h_theta[s] += zz * a * a;
            let h = &mut sums.block;
            h[0][0] += zz * t * t;
            h[0][1] += gz - zz * a * t;
            h[1][1] += zz * a * a;
            h[0][2] += zc * t;
            h[1][2] -= zc * a;
            h[2][2] += cc;
            if let Some(columns) = columns.as_deref_mut() {
                let with_theta = [zz * a * t - gz, -zz * a * a, zc * a];
                for (pos, &slot) in self.slots.iter().enumerate() {
                    columns[pos * stride + s] = with_theta[slot];
                }
            }
        }
    }
}

/// The objective's second derivatives (abilities as θ, before the centring and the sums).
pub(super) struct Curvature {
    /// Σ over an examinee's cells of ∂²/∂θ².
    pub persons: Vec<f64>,
    /// Each item's block over (a, b, c), penalty included (slots the model fixes are unused).
    pub items: Vec<[[f64; 3]; 3]>,
    /// ∂²/∂θ_s∂φ: examinees × (items × model parameters), an item's parameters side by side
    /// in the vector's order; zero where the response is missing.
    pub cross: DMatrix<f64>,
}

/// Which second derivatives a pass computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Second {
    /// None: the value and the gradient only.
    None,
    /// The Hessian itself.
    Observed,
    /// The expected information (Fisher scoring): positive semi-definite, but for the priors'
    /// curvature (negative in a above e).
    Expected,
}

/// The objective at a point.
pub(super) struct Evaluation {
    pub value: f64,
    pub gradient: Vec<f64>,
    pub curvature: Option<Curvature>,
}

/// A pass's value, gradient, abilities' and items' curvature, and abilities × items matrix.
type Pass = (
    f64,
    Vec<f64>,
    Vec<f64>,
    Vec<[[f64; 3]; 3]>,
    Option<DMatrix<f64>>,
);

/// One block of items' share: its value, its items' gradients and curvature blocks, and its
/// share of every ability's gradient and curvature.
struct Block {
    value: f64,
    items: Vec<[f64; 3]>,
    blocks: Vec<[[f64; 3]; 3]>,
    d_theta: Vec<f64>,
    h_theta: Vec<f64>,
}

/// Cells (examinees × items) above which the items are split into [`BLOCKS`] blocks shared
/// between the cores.
const PARALLEL_CELLS: usize = 20_000;
/// Blocks the items are split into when they are. The blocks' terms are summed in block
/// order: the same result on any number of cores.
const BLOCKS: usize = 8;

impl<'a> Problem<'a> {
    pub fn new(
        responses: &'a ResponseMatrix,
        layout: ItemLayout,
        preset: &'a Preset,
        abilities: Abilities<'a>,
    ) -> Self {
        Self {
            responses,
            layout,
            preset,
            abilities,
            respondents: Respondents::of(responses),
            spare: Mutex::new(None),
        }
    }

    /// The objective, its gradient, and (by `second`) its second derivatives at `x`.
    pub fn evaluate(&self, x: &[f64], second: Second) -> Evaluation {
        let (value, gradient, persons, items, cross) = self.pass(x, second, true);
        Evaluation {
            value,
            gradient,
            curvature: cross.map(|cross| Curvature {
                persons,
                items,
                cross,
            }),
        }
    }

    /// Each item's block of the Hessian over (a, b, c), abilities held: its observed
    /// information (penalty included), without the abilities × items matrix.
    pub fn item_information(&self, x: &[f64]) -> Vec<[[f64; 3]; 3]> {
        self.pass(x, Second::Observed, false).3
    }

    /// One pass over the cells: the value, the gradient, and by `second` the abilities' and
    /// items' second derivatives and (with `with_cross`) the abilities × items matrix.
    fn pass(&self, x: &[f64], second: Second, with_cross: bool) -> Pass {
        let curvature = second != Second::None;
        let examinees = self.responses.examinees();
        let items = self.responses.items();
        let k = self.layout.model.parameters();
        let thetas = self.abilities.thetas(x);
        let blocks = if examinees * items >= PARALLEL_CELLS {
            BLOCKS
        } else {
            1
        };
        let block_size = items.div_ceil(blocks).max(1);
        let blocks = items.div_ceil(block_size);
        let threads = std::thread::available_parallelism()
            .map_or(1, std::num::NonZero::get)
            .min(blocks);
        let mut cross = (curvature && with_cross).then(|| {
            let spare = self
                .spare
                .lock()
                .map(|mut spare| spare.take())
                .ok()
                .flatten();
            // Each block zeroes what it does not write (the missing cells).
            match spare {
                Some(matrix) if matrix.shape() == (examinees, items * k) => matrix,
                _ => DMatrix::zeros(examinees, items * k),
            }
        });
        let chunks: Vec<Option<&mut [f64]>> = match cross.as_mut() {
            Some(matrix) => matrix
                .as_mut_slice()
                .chunks_mut(block_size * k * examinees)
                .map(Some)
                .collect(),
            None => (0..blocks).map(|_| None).collect(),
        };
        let parts = in_order(chunks, threads, |b, chunk| {
            self.block(x, &thetas, b, block_size, chunk, second)
        });
        let mut value = 0.0;
        let mut gradient = vec![0.0; x.len()];
        let mut d_theta = vec![0.0; examinees];
        let mut persons = vec![0.0; examinees];
        let mut item_blocks = Vec::with_capacity(if curvature { items } else { 0 });
        for (b, part) in parts.into_iter().enumerate() {
            value += part.value;
            for (offset, d) in part.items.into_iter().enumerate() {
                self.layout
                    .add_gradient(&mut gradient, b * block_size + offset, d);
            }
            for (total, v) in d_theta.iter_mut().zip(part.d_theta) {
                *total += v;
            }
            for (total, v) in persons.iter_mut().zip(part.h_theta) {
                *total += v;
            }
            item_blocks.extend(part.blocks);
        }
        self.abilities.pull_back(&d_theta, &mut gradient);
        (value, gradient, persons, item_blocks, cross)
    }

    /// Keeps an evaluation's cross matrix for the next pass.
    pub fn recycle(&self, evaluation: Evaluation) {
        if let (Some(curvature), Ok(mut spare)) = (evaluation.curvature, self.spare.lock()) {
            *spare = Some(curvature.cross);
        }
    }

    /// Items `block · size .. (block + 1) · size`; with `cross`, their columns of the cross
    /// matrix.
    fn block(
        &self,
        x: &[f64],
        thetas: &[f64],
        block: usize,
        size: usize,
        mut cross: Option<&mut [f64]>,
        second: Second,
    ) -> Block {
        let examinees = thetas.len();
        let model = self.layout.model;
        let slots = self.layout.slots();
        let first = block * size;
        let last = ((block + 1) * size).min(self.responses.items());
        let curvature = second != Second::None;
        let mut out = Block {
            value: 0.0,
            items: Vec::with_capacity(last - first),
            blocks: Vec::with_capacity(if curvature { last - first } else { 0 }),
            d_theta: vec![0.0; examinees],
            h_theta: vec![0.0; if curvature { examinees } else { 0 }],
        };
        let mut scratch = Scratch::default();
        for i in first..last {
            let item = self.layout.read(x, i);
            let at = ItemAt {
                thetas,
                a: item.discrimination,
                b: item.difficulty,
                guess: Guess::of(item.guessing),
                second,
                slots,
            };
            let mut sums = ItemSums::default();
            let width = slots.len() * examinees;
            let mut columns = cross
                .as_deref_mut()
                .map(|m| &mut m[(i - first) * width..][..width]);
            let (right, wrong) = self.respondents.answers(i);
            if let Some(columns) = columns.as_deref_mut() {
                // Every answered cell is written below; the missing ones stay zero.
                if right.len() + wrong.len() < examinees {
                    columns.fill(0.0);
                }
            }
            for (answers, is_right) in [(right, true), (wrong, false)] {
                at.sweep(
                    answers,
                    is_right,
                    &mut scratch,
                    &mut out,
                    &mut sums,
                    columns.as_deref_mut(),
                );
            }
            let ItemSums {
                gradient: grad,
                block: mut h,
            } = sums;
            let (penalty, pg) = self.preset.penalty(&item, model);
            out.value += penalty;
            out.items
                .push([grad[0] + pg[0], grad[1] + pg[1], grad[2] + pg[2]]);
            if curvature {
                let pc = self.preset.penalty_curvature(&item, model);
                for (j, extra) in pc.iter().enumerate() {
                    h[j][j] += extra;
                }
                (h[1][0], h[2][0], h[2][1]) = (h[0][1], h[0][2], h[1][2]);
                out.blocks.push(h);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;
    use crate::irt::{Factors, Item, ItemModel};

    /// A small problem with missing cells, and a point inside its bounds.
    fn problem_at<'a>(
        responses: &'a ResponseMatrix,
        model: ItemModel,
        preset: &'a Preset,
        factors: Option<&'a Factors>,
    ) -> (Problem<'a>, Vec<f64>) {
        let abilities = Abilities {
            examinees: responses.examinees(),
            factors: factors.map(|f| (f, f.offsets())),
            centre: preset.centre,
        };
        let count = abilities.count();
        let layout = ItemLayout {
            model,
            offset: count,
        };
        let mut rng = SplitMix64::new(3);
        let mut x: Vec<f64> = (0..count).map(|_| 0.8 * rng.normal()).collect();
        let (mut lo, mut hi) = (Vec::new(), Vec::new());
        for _ in 0..responses.items() {
            let item = Item {
                discrimination: 0.6 + rng.unit(),
                difficulty: 0.2 + 0.6 * rng.unit(),
                guessing: 0.22 + 0.1 * rng.unit(),
            };
            layout.push(&item, preset, &mut x, &mut lo, &mut hi);
        }
        (Problem::new(responses, layout, preset, abilities), x)
    }

    fn responses(examinees: usize, items: usize) -> ResponseMatrix {
        let mut rng = SplitMix64::new(17);
        ResponseMatrix::new(
            (0..examinees)
                .map(|s| {
                    (0..items)
                        .map(|i| (s + i != 3 && (s * i) % 7 != 5).then(|| rng.unit() < 0.6))
                        .collect()
                })
                .collect(),
        )
        .unwrap()
    }

    /// Every second derivative the pass returns equals the central difference of its own
    /// gradient, for each model, with and without centring, priors and factors.
    #[test]
    fn curvature_is_the_gradients_derivative() {
        let responses = responses(6, 5);
        let factors = Factors {
            names: vec!["r".into(), "d".into()],
            levels: vec![
                vec!["x".into(), "y".into()],
                vec!["p".into(), "q".into(), "s".into()],
            ],
            assignment: (0..6).map(|s| vec![s % 2, s % 3]).collect(),
            baseline: vec![0, 0],
        };
        for model in [ItemModel::OnePl, ItemModel::TwoPl, ItemModel::ThreePl] {
            for preset in [Preset::paper(), Preset::standard()] {
                for with_factors in [false, true] {
                    let f = with_factors.then_some(&factors);
                    let (problem, x) = problem_at(&responses, model, &preset, f);
                    let here = problem.evaluate(&x, Second::Observed);
                    let curvature = here.curvature.as_ref().unwrap();
                    let plain = problem.evaluate(&x, Second::None);
                    assert!((plain.value - here.value).abs() < 1e-12);
                    for (p, q) in plain.gradient.iter().zip(&here.gradient) {
                        assert!((p - q).abs() < 1e-12);
                    }
                    let full = full_hessian(&problem, curvature, x.len());
                    for j in 0..x.len() {
                        let h = 1e-6;
                        let (mut up, mut down) = (x.clone(), x.clone());
                        up[j] += h;
                        down[j] -= h;
                        let (gu, gd) = (
                            problem.evaluate(&up, Second::None).gradient,
                            problem.evaluate(&down, Second::None).gradient,
                        );
                        for r in 0..x.len() {
                            let numeric = (gu[r] - gd[r]) / (2.0 * h);
                            assert!(
                                (numeric - full[(r, j)]).abs() < 1e-5 * numeric.abs().max(1.0),
                                "{model:?} factors {with_factors} centre {}: ({r}, {j}) {numeric} vs {}",
                                preset.centre,
                                full[(r, j)]
                            );
                        }
                    }
                }
            }
        }
    }

    /// The whole Hessian over the vector, assembled from the pass's pieces through the design.
    fn full_hessian(problem: &Problem, curvature: &Curvature, len: usize) -> DMatrix<f64> {
        let design = problem.abilities.design();
        let m = problem.abilities.count();
        let k = problem.layout.model.parameters();
        let slots = problem.layout.slots();
        let mut full = DMatrix::zeros(len, len);
        let persons = design.transpose()
            * DMatrix::from_diagonal(&nalgebra::DVector::from_vec(curvature.persons.clone()))
            * &design;
        full.view_mut((0, 0), (m, m)).copy_from(&persons);
        let cross = design.transpose() * &curvature.cross;
        full.view_mut((0, m), (m, cross.ncols())).copy_from(&cross);
        full.view_mut((m, 0), (cross.ncols(), m))
            .copy_from(&cross.transpose());
        for (i, block) in curvature.items.iter().enumerate() {
            for (p, &sp) in slots.iter().enumerate() {
                for (q, &sq) in slots.iter().enumerate() {
                    full[(m + i * k + p, m + i * k + q)] = block[sp][sq];
                }
            }
        }
        full
    }
}
