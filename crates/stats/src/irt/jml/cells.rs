//! The joint objective in one pass over the observed cells (METHODS.md §3): the penalised
//! negative log-likelihood and its gradient, and — for the Newton steps — its second
//! derivatives: each ability's own, each item's (a, b, c) block and every ability × item
//! parameter pair. Both minimisers evaluate through here (one response's arithmetic is
//! `kernel.rs`, which the fit's log-likelihood also uses).

#![expect(
    clippy::inline_always,
    reason = "the loops must be inlined into pulp's dispatch to be compiled for its instruction set"
)]

use super::abilities::Abilities;
use super::kernel::{Guess, MISSING, RIGHT, Second, Terms, WRONG};
use super::linear::lane_sums;
use crate::irt::parallel::in_order;
use crate::irt::{Item, ItemLayout, Preset, ResponseMatrix};
use nalgebra::DMatrix;
use pulp::{Arch, Simd, WithSimd};
use std::sync::Mutex;

/// The joint problem: responses, the item parameters' layout after the person parameters,
/// the preset's penalties, and how person parameters make abilities.
pub(super) struct Problem<'a> {
    pub responses: &'a ResponseMatrix,
    pub layout: ItemLayout,
    pub preset: &'a Preset,
    pub abilities: Abilities<'a>,
    /// Every item's column of answers, item by item (the kernel's `RIGHT`, `WRONG`,
    /// `MISSING`), each [`Problem::stride`] long: the pass runs down each column with no
    /// branch on the answer.
    answers: Vec<u8>,
    /// The examinees rounded up to a multiple of [`PAD`]: a column's loops then have no
    /// remainder outside the vector registers (the padding's answers are missing).
    stride: usize,
    /// A cross matrix no longer needed, to be filled again rather than allocated (it is
    /// megabytes, and a fresh one costs page faults).
    pub spare: Mutex<Option<DMatrix<f64>>>,
}

/// Columns are padded to a multiple of this many cells (the widest vector registers' lanes).
const PAD: usize = 8;

/// What one item's cells add to the pass: −Σ ℓ, the item's gradient and curvature block
/// (without its penalty).
#[derive(Default)]
struct ItemSums {
    value: f64,
    gradient: [f64; 3],
    block: [[f64; 3]; 3],
}

/// Buffers a block's columns reuse: θ − b and z of each cell, and the kernel's terms.
#[derive(Default)]
struct Scratch {
    t: Vec<f64>,
    z: Vec<f64>,
    terms: Terms,
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
    /// Goes down the item's column of `answers`: adds its cells to the block's abilities' sums
    /// and writes its columns of the cross matrix (zero where an answer is missing); returns
    /// the item's sums.
    #[inline(always)]
    #[expect(clippy::many_single_char_names, reason = "the symbols of the formulas")]
    fn column(
        &self,
        answers: &[u8],
        scratch: &mut Scratch,
        out: &mut Block,
        columns: Option<&mut [f64]>,
    ) -> ItemSums {
        let (a, b) = (self.a, self.b);
        let n = self.thetas.len().min(answers.len());
        let thetas = &self.thetas[..n];
        scratch.t.resize(n, 0.0);
        scratch.z.resize(n, 0.0);
        let (t, z) = (&mut scratch.t[..n], &mut scratch.z[..n]);
        for s in 0..n {
            t[s] = thetas[s] - b;
            z[s] = a * t[s];
        }
        scratch
            .terms
            .compute(z, &answers[..n], &self.guess, self.second);
        let (t, terms) = (&scratch.t[..n], &scratch.terms);
        let (ll, d_z, d_c) = (&terms.log_likelihood[..n], &terms.d_z[..n], &terms.d_c[..n]);
        let d_theta = &mut out.d_theta[..n];
        for s in 0..n {
            d_theta[s] -= d_z[s] * a;
        }
        let [value, slope_times_t, slope, guessing_slope] =
            lane_sums(n, |s| [ll[s], d_z[s] * t[s], d_z[s], d_c[s]]);
        let mut sums = ItemSums {
            value: -value,
            gradient: [-slope_times_t, a * slope, -guessing_slope],
            block: [[0.0; 3]; 3],
        };
        if self.second == Second::None {
            return sums;
        }
        // z = a(θ − b): ∂z/∂θ = a, ∂z/∂a = θ − b, ∂z/∂b = −a, ∂²z/∂θ∂a = 1, ∂²z/∂a∂b = −1
        // (those last terms carry ∂ℓ/∂z, which the expected information drops).
        let observed = self.second == Second::Observed;
        let (zz, zc, cc) = (&terms.zz[..n], &terms.zc[..n], &terms.cc[..n]);
        let h_theta = &mut out.h_theta[..n];
        let square = a * a;
        for s in 0..n {
            h_theta[s] += zz[s] * square;
        }
        let [zz_tt, zz_t, zz_sum, mixed_t, mixed, cc_sum] = lane_sums(n, |s| {
            [
                zz[s] * t[s] * t[s],
                zz[s] * t[s],
                zz[s],
                zc[s] * t[s],
                zc[s],
                cc[s],
            ]
        });
        let gz = if observed { slope } else { 0.0 };
        sums.block = [
            [zz_tt, gz - a * zz_t, mixed_t],
            [0.0, square * zz_sum, -a * mixed],
            [0.0, 0.0, cc_sum],
        ];
        if let Some(columns) = columns {
            // ∂²/∂θ_s∂(a, b, c), each parameter's column down the examinees (not the padding).
            let n = columns.len() / self.slots.len();
            for (pos, &slot) in self.slots.iter().enumerate() {
                let column = &mut columns[pos * n..][..n];
                match slot {
                    0 if observed => {
                        for s in 0..n {
                            column[s] = zz[s] * a * t[s] - d_z[s];
                        }
                    }
                    0 => {
                        for s in 0..n {
                            column[s] = zz[s] * a * t[s];
                        }
                    }
                    1 => {
                        for s in 0..n {
                            column[s] = -zz[s] * square;
                        }
                    }
                    _ => {
                        for s in 0..n {
                            column[s] = zc[s] * a;
                        }
                    }
                }
            }
        }
        sums
    }
}

/// The objective's second derivatives (abilities as θ, before the centring and the sums).
pub(super) struct Curvature {
    /// Σ over an examinee's cells of ∂²/∂θ².
    pub persons: Vec<f64>,
    /// Each item's block over (a, b, c), penalty included (slots the model fixes are unused).
    pub items: Vec<[[f64; 3]; 3]>,
    /// ∂²/∂θ_s∂φ: examinees × (items × model parameters), an item's parameters side by side
    /// in the vector's order; zero where the response is missing. Empty (0 × 0) from a pass
    /// that was not asked for it; a Newton direction overwrites it with its eliminated columns.
    pub cross: DMatrix<f64>,
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
        let stride = responses.examinees().next_multiple_of(PAD);
        Self {
            responses,
            layout,
            preset,
            abilities,
            answers: columns_of(responses, stride),
            stride,
            spare: Mutex::new(None),
        }
    }

    /// The objective, its gradient, and (by `second`) its second derivatives at `x`.
    pub fn evaluate(&self, x: &[f64], second: Second) -> Evaluation {
        self.evaluate_with(x, second, true)
    }

    /// [`Problem::evaluate`], with or without the abilities × items matrix (an empty one
    /// without: steps that hold the abilities need only the items' blocks).
    pub fn evaluate_with(&self, x: &[f64], second: Second, with_cross: bool) -> Evaluation {
        let (value, gradient, persons, items, cross) = self.pass(x, second, with_cross);
        let curvature = (second != Second::None).then(|| Curvature {
            persons,
            items,
            cross: cross.unwrap_or_else(|| DMatrix::zeros(0, 0)),
        });
        Evaluation {
            value,
            gradient,
            curvature,
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
        let mut thetas = self.abilities.thetas(x);
        thetas.resize(self.stride, 0.0);
        let blocks = if examinees * items >= PARALLEL_CELLS {
            BLOCKS
        } else {
            1
        };
        let block_size = items.div_ceil(blocks).max(1);
        let blocks = items.div_ceil(block_size);
        let mut cross = (curvature && with_cross).then(|| {
            let spare = self
                .spare
                .lock()
                .map(|mut spare| spare.take())
                .ok()
                .flatten();
            // Every cell is written by the pass (a missing one is zero), so a spare's old
            // values never show through.
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
        let parts = in_order(chunks, |block, cross| {
            Arch::new().dispatch(BlockTask {
                problem: self,
                x,
                thetas: &thetas,
                block,
                size: block_size,
                cross,
                second,
            })
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
        if let (Some(curvature), Ok(mut spare)) = (evaluation.curvature, self.spare.lock())
            && !curvature.cross.is_empty()
        {
            *spare = Some(curvature.cross);
        }
    }

    /// Items `block · size .. (block + 1) · size`; with `cross`, their columns of the cross
    /// matrix.
    #[inline(always)]
    fn block(
        &self,
        x: &[f64],
        thetas: &[f64],
        block: usize,
        size: usize,
        mut cross: Option<&mut [f64]>,
        second: Second,
    ) -> Block {
        let examinees = self.responses.examinees();
        let model = self.layout.model;
        let slots = self.layout.slots();
        let first = block * size;
        let last = ((block + 1) * size).min(self.responses.items());
        let curvature = second != Second::None;
        let mut out = Block {
            value: 0.0,
            items: Vec::with_capacity(last - first),
            blocks: Vec::with_capacity(if curvature { last - first } else { 0 }),
            d_theta: vec![0.0; self.stride],
            h_theta: vec![0.0; if curvature { self.stride } else { 0 }],
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
            let width = slots.len() * examinees;
            let columns = cross
                .as_deref_mut()
                .map(|m| &mut m[(i - first) * width..][..width]);
            let answers = &self.answers[i * self.stride..][..self.stride];
            let ItemSums {
                value,
                gradient: grad,
                block: mut h,
            } = at.column(answers, &mut scratch, &mut out, columns);
            let (penalty, pg) = self.preset.penalty(&item, model);
            out.value += value + penalty;
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

    /// The fit at these items and abilities: Σ r log p + (1 − r) log(1 − p) over the observed
    /// cells (the objective's own arithmetic, without the penalties), and each examinee's test
    /// information Σ I_i(θ) over the items it answered.
    pub fn measure(&self, items: &[Item], thetas: &[f64]) -> Measured {
        Arch::new().dispatch(MeasureTask {
            problem: self,
            items,
            thetas,
        })
    }

    /// [`Problem::measure`]'s work (inlined into [`MeasureTask`]).
    #[inline(always)]
    fn measure_here(&self, items: &[Item], thetas: &[f64]) -> Measured {
        let stride = self.stride;
        let mut padded = thetas.to_vec();
        padded.resize(stride, 0.0);
        let mut terms = Terms::default();
        let mut z = vec![0.0; stride];
        let mut information = vec![0.0; stride];
        let mut log_likelihood = 0.0;
        for (i, item) in items.iter().enumerate() {
            let answers = &self.answers[i * stride..][..stride];
            let guess = Guess::of(item.guessing);
            let (a, b) = (item.discrimination, item.difficulty);
            for s in 0..stride {
                z[s] = a * (padded[s] - b);
            }
            // The expected −∂²ℓ/∂z² of a cell, times a², is the item's Fisher information at
            // the examinee's θ (METHODS §3; zero where the answer is missing).
            terms.compute(&z, answers, &guess, Second::Expected);
            let [sum] = lane_sums(stride, |s| [terms.log_likelihood[s]]);
            log_likelihood += sum;
            let square = a * a;
            for (total, zz) in information.iter_mut().zip(&terms.zz) {
                *total += zz * square;
            }
        }
        information.truncate(thetas.len());
        Measured {
            log_likelihood,
            information,
        }
    }
}

/// One block's share of a pass, compiled for the widest vector registers this processor has
/// (AVX2 where there is one): its loops are inlined into pulp's dispatch, which is compiled
/// for each. The bits are the same either way: nothing fuses a multiply and an add, and sums
/// are kept in fixed lanes.
struct BlockTask<'p, 'a> {
    problem: &'p Problem<'a>,
    x: &'p [f64],
    thetas: &'p [f64],
    block: usize,
    size: usize,
    cross: Option<&'p mut [f64]>,
    second: Second,
}

impl WithSimd for BlockTask<'_, '_> {
    type Output = Block;
    #[inline(always)]
    fn with_simd<S: Simd>(self, _: S) -> Block {
        self.problem.block(
            self.x,
            self.thetas,
            self.block,
            self.size,
            self.cross,
            self.second,
        )
    }
}

/// [`Problem::measure`], compiled as [`BlockTask`].
struct MeasureTask<'p, 'a> {
    problem: &'p Problem<'a>,
    items: &'p [Item],
    thetas: &'p [f64],
}

impl WithSimd for MeasureTask<'_, '_> {
    type Output = Measured;
    #[inline(always)]
    fn with_simd<S: Simd>(self, _: S) -> Measured {
        self.problem.measure_here(self.items, self.thetas)
    }
}

/// The log-likelihood of a fit and its examinees' test information.
pub(super) struct Measured {
    pub log_likelihood: f64,
    /// Σ I_i(θ_s) over the items examinee s answered.
    pub information: Vec<f64>,
}

/// Every item's column of answers, item by item, each padded with missing answers to `stride`.
fn columns_of(responses: &ResponseMatrix, stride: usize) -> Vec<u8> {
    let examinees = responses.examinees();
    let mut out = Vec::with_capacity(stride * responses.items());
    for i in 0..responses.items() {
        out.extend(
            (0..stride).map(|s| match (s < examinees).then(|| responses.get(s, i)) {
                Some(Some(true)) => RIGHT,
                Some(Some(false)) => WRONG,
                _ => MISSING,
            }),
        );
    }
    out
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

    /// One block of 40 items, writing its cross-matrix columns into `cross`.
    fn task<'p, 'a>(
        problem: &'p Problem<'a>,
        x: &'p [f64],
        thetas: &'p [f64],
        cross: &'p mut [f64],
        second: Second,
    ) -> BlockTask<'p, 'a> {
        BlockTask {
            problem,
            x,
            thetas,
            block: 0,
            size: 40,
            cross: Some(cross),
            second,
        }
    }

    /// A pass compiled for this processor's vector registers gives the bits of the same pass in
    /// plain scalar code: every block's value, gradients, curvature and cross-matrix columns,
    /// for each kind of pass, with missing answers, padding and guessing.
    #[test]
    fn vector_registers_give_the_scalar_bits() {
        use pulp::Scalar;
        let responses = responses(13, 40);
        let preset = Preset::standard();
        let (problem, x) = problem_at(&responses, ItemModel::ThreePl, &preset, None);
        let mut thetas = problem.abilities.thetas(&x);
        thetas.resize(problem.stride, 0.0);
        let width = 3 * responses.examinees();
        for second in [Second::None, Second::Expected, Second::Observed] {
            let (mut wide, mut plain) = (vec![0.0; 40 * width], vec![0.0; 40 * width]);
            let fast = Arch::new().dispatch(task(&problem, &x, &thetas, &mut wide, second));
            let slow = Scalar::new().vectorize(task(&problem, &x, &thetas, &mut plain, second));
            let bits = |block: &Block| {
                let mut all = vec![block.value];
                all.extend(block.items.iter().flatten());
                all.extend(block.blocks.iter().flatten().flatten());
                all.extend(&block.d_theta);
                all.extend(&block.h_theta);
                all.into_iter().map(f64::to_bits).collect::<Vec<_>>()
            };
            assert_eq!(bits(&fast), bits(&slow), "{second:?}");
            let cross_bits = |v: &[f64]| v.iter().map(|c| c.to_bits()).collect::<Vec<_>>();
            assert_eq!(cross_bits(&wide), cross_bits(&plain), "{second:?}");
        }
        let items: Vec<Item> = (0..40).map(|i| problem.layout.read(&x, i)).collect();
        let real = problem.abilities.thetas(&x);
        let (fast, slow) = (
            Arch::new().dispatch(MeasureTask {
                problem: &problem,
                items: &items,
                thetas: &real,
            }),
            Scalar::new().vectorize(MeasureTask {
                problem: &problem,
                items: &items,
                thetas: &real,
            }),
        );
        assert_eq!(fast.log_likelihood.to_bits(), slow.log_likelihood.to_bits());
        assert_eq!(fast.information, slow.information);
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
