//! The E-step of the marginal fit (METHODS.md §3) as dense matrix products over the response
//! patterns, and the posterior abilities (EAP) it also gives: identical response patterns are
//! merged, each with its count, in blocks shared between the cores.

use super::fastmath::exp_neg;
use super::parallel::in_order;
use super::{Item, ResponseMatrix, cell_terms};
use nalgebra::{DMatrix, DMatrixView};
use rustc_hash::FxHashMap;

/// Number of quadrature points (mirt's default for one dimension).
pub const QUADRATURE_POINTS: usize = 61;

/// Cells (patterns × items) above which the patterns are split into [`BLOCKS`] blocks whose
/// E-steps are shared between the cores.
const PARALLEL_CELLS: usize = 20_000;
/// Blocks the patterns are split into when they are (fewer when that many blocks' expected
/// counts would pass [`PARTIAL_BYTES`]).
const BLOCKS: usize = 16;
/// The memory the blocks' expected counts (two items × nodes tables each) may take at once.
const PARTIAL_BYTES: usize = 64 << 20;
/// How far (in log units) below the most likely node a node's posterior is taken as 0: e^−40
/// ≈ 4e−18, below what a sum of at most a few hundred terms that starts at 1 can hold.
const NEGLIGIBLE: f64 = 40.0;

/// The responses as EM reads them: identical response patterns merged, each with its count,
/// in blocks of patterns.
pub(super) struct Patterns {
    blocks: Vec<Block>,
    /// For each examinee of the matrix, its pattern (patterns numbered block after block).
    pub(super) of_examinee: Vec<usize>,
}

/// A block of patterns: which items each got right and which it left missing, as 0/1
/// matrices (items × patterns: a pattern per column).
struct Block {
    right: DMatrix<f64>,
    /// None when no pattern of the block has a missing cell.
    missing: Option<DMatrix<f64>>,
    counts: Vec<f64>,
}

impl Patterns {
    pub(super) fn new(responses: &ResponseMatrix) -> Self {
        let mut index: FxHashMap<&[Option<bool>], usize> = FxHashMap::default();
        let mut firsts: Vec<usize> = Vec::new();
        let mut counts: Vec<f64> = Vec::new();
        let mut of_examinee = Vec::with_capacity(responses.examinees());
        for s in 0..responses.examinees() {
            let next = firsts.len();
            let slot = *index.entry(responses.row(s)).or_insert(next);
            if slot == next {
                firsts.push(s);
                counts.push(0.0);
            }
            counts[slot] += 1.0;
            of_examinee.push(slot);
        }
        let i_count = responses.items();
        // The split depends on the matrix's shape only, never on the cores: the same sums in
        // the same order on any machine.
        let blocks = if firsts.len() * i_count >= PARALLEL_CELLS {
            let per_block = 2 * i_count * QUADRATURE_POINTS * size_of::<f64>();
            (PARTIAL_BYTES / per_block).clamp(2, BLOCKS)
        } else {
            1
        };
        let size = firsts.len().div_ceil(blocks).max(1);
        let blocks = firsts
            .chunks(size)
            .zip(counts.chunks(size))
            .map(|(members, counts)| {
                let p_count = members.len();
                let mut right = DMatrix::<f64>::zeros(i_count, p_count);
                let mut missing = DMatrix::<f64>::zeros(i_count, p_count);
                let mut any_missing = false;
                for (p, &s) in members.iter().enumerate() {
                    for (i, cell) in responses.row(s).iter().enumerate() {
                        match cell {
                            Some(true) => right[(i, p)] = 1.0,
                            Some(false) => {}
                            None => {
                                missing[(i, p)] = 1.0;
                                any_missing = true;
                            }
                        }
                    }
                }
                Block {
                    right,
                    missing: any_missing.then_some(missing),
                    counts: counts.to_vec(),
                }
            })
            .collect();
        Self {
            blocks,
            of_examinee,
        }
    }

    fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.counts.len()).sum()
    }
}

/// Expected counts at the quadrature nodes, item after item (item i at node k is entry
/// `i * K + k`): n examinees at node k who answered item i, r of them right; and the marginal
/// log-likelihood.
pub(super) struct Expectation {
    pub(super) answered: Vec<f64>,
    pub(super) right: Vec<f64>,
    pub(super) log_likelihood: f64,
}

/// The marginal log-likelihood, and each pattern's posterior mean and standard deviation of
/// the ability (EAP).
pub(super) struct Posteriors {
    pub(super) log_likelihood: f64,
    pub(super) means: Vec<f64>,
    pub(super) sds: Vec<f64>,
}

/// The quadrature's node-by-item tables every posterior is computed from, as K × J matrices:
/// per node and item, log(1 − p) and log p − log(1 − p); per node, the log prior weight plus
/// Σ log(1 − p) over the items.
struct NodeTables<'a> {
    nodes: &'a [f64],
    wrong: DMatrix<f64>,
    gain: DMatrix<f64>,
    constant: Vec<f64>,
}

/// What a block's pass computes besides the log-likelihood.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    /// The expected counts (an EM step).
    Counts,
    /// Each pattern's posterior mean and sd (abilities).
    Moments,
}

/// One block's share: of the expected counts (K × J, item after item) or of the patterns'
/// posterior moments, and of the log-likelihood.
struct Partial {
    total: f64,
    node_totals: Vec<f64>,
    missing: Option<Vec<f64>>,
    right: Vec<f64>,
    moments: Vec<(f64, f64)>,
}

impl<'a> NodeTables<'a> {
    fn new(items: &[Item], nodes: &'a [f64], log_weights: &[f64]) -> Self {
        let (k_count, i_count) = (nodes.len(), items.len());
        let mut wrong = DMatrix::<f64>::zeros(k_count, i_count);
        let mut gain = DMatrix::<f64>::zeros(k_count, i_count);
        let mut constant = log_weights.to_vec();
        for (k, x) in nodes.iter().enumerate() {
            for (i, item) in items.iter().enumerate() {
                let z = item.discrimination * (x - item.difficulty);
                let (no, yes) = cell_terms(z, item.guessing);
                let q = no.log_likelihood;
                wrong[(k, i)] = q;
                gain[(k, i)] = yes.log_likelihood - q;
                constant[k] += q;
            }
        }
        Self {
            nodes,
            wrong,
            gain,
            constant,
        }
    }

    /// Every block's share, the blocks shared between the cores and returned in block order
    /// (summed in that order: the same result on any number of cores).
    fn partials(&self, patterns: &Patterns, want: Want) -> Vec<Partial> {
        let blocks = &patterns.blocks;
        in_order(blocks.iter().collect(), |_, block| {
            self.accumulate(block, want)
        })
    }

    /// A block's log posteriors `c + G·X − W·M` (nodes × patterns), each column turned into
    /// its posterior; then either the count-weighted posteriors' products with the 0/1
    /// matrices (`P·Xᵀ` right, `P·Mᵀ` missing: nodes × items, an item's nodes side by side for
    /// its M-step) or each column's mean and sd over the nodes.
    fn accumulate(&self, block: &Block, want: Want) -> Partial {
        let k_count = self.constant.len();
        let p_count = block.counts.len();
        let mut log_post = DMatrix::<f64>::zeros(k_count, p_count);
        log_post.gemm(1.0, &self.gain, &block.right, 0.0);
        if let Some(missing) = &block.missing {
            log_post.gemm(-1.0, &self.wrong, missing, 1.0);
        }
        let mut total = 0.0;
        let mut node_totals = vec![0.0; k_count];
        let mut moments = Vec::new();
        for (column, &count) in log_post
            .as_mut_slice()
            .chunks_exact_mut(k_count)
            .zip(&block.counts)
        {
            let mut top = f64::NEG_INFINITY;
            for (value, c) in column.iter_mut().zip(&self.constant) {
                *value += c;
                top = top.max(*value);
            }
            // Only the nodes from the first to the last within e^40 of the best need an
            // exponential; those outside are 0.
            let near = |v: &f64| *v - top >= -NEGLIGIBLE;
            let first = column.iter().position(near).unwrap_or(0);
            let last = column.iter().rposition(near).map_or(k_count, |l| l + 1);
            column[..first].fill(0.0);
            column[last..].fill(0.0);
            // (No sum in the same loop: a floating-point sum keeps a loop out of the vector
            // registers.)
            for value in &mut column[first..last] {
                *value = exp_below(*value - top);
            }
            let norm: f64 = column[first..last].iter().sum();
            total += count * (top + norm.ln());
            let scale = 1.0 / norm;
            match want {
                Want::Moments => {
                    let (mut mean, mut second) = (0.0, 0.0);
                    for (value, x) in column.iter().zip(self.nodes) {
                        mean += value * x;
                        second += value * x * x;
                    }
                    let (mean, second) = (mean * scale, second * scale);
                    moments.push((mean, (second - mean * mean).max(0.0).sqrt()));
                }
                Want::Counts => {
                    let weight = scale * count;
                    for (value, node) in column.iter_mut().zip(&mut node_totals) {
                        *value *= weight;
                        *node += *value;
                    }
                }
            }
        }
        let (missing, right) = if want == Want::Counts {
            // The 0/1 matrices read transposed in place (patterns × items).
            let counts_of = |cells: &DMatrix<f64>| -> Vec<f64> {
                let (i_count, p_count) = cells.shape();
                let transposed = DMatrixView::from_slice_with_strides(
                    cells.as_slice(),
                    p_count,
                    i_count,
                    i_count,
                    1,
                );
                let mut out = DMatrix::<f64>::zeros(k_count, i_count);
                out.gemm(1.0, &log_post, &transposed, 0.0);
                out.data.into()
            };
            (
                block.missing.as_ref().map(counts_of),
                counts_of(&block.right),
            )
        } else {
            (None, Vec::new())
        };
        Partial {
            total,
            node_totals,
            missing,
            right,
            moments,
        }
    }
}

/// e^x for x ≤ 0, and 0 below −[`NEGLIGIBLE`] (nodes e^40 less likely than the best add
/// nothing an f64 sum keeps); branch-free, so a column's loop runs in vector registers.
#[inline]
fn exp_below(x: f64) -> f64 {
    let value = exp_neg(x);
    // (0 · x keeps a NaN a NaN, as the library's exponential does.)
    if x < -NEGLIGIBLE {
        0.0
    } else {
        value + 0.0 * x
    }
}

/// The E-step: the expected counts at the nodes and the marginal log-likelihood.
pub(super) fn expectation(
    patterns: &Patterns,
    items: &[Item],
    nodes: &[f64],
    log_weights: &[f64],
) -> Expectation {
    let (k_count, i_count) = (nodes.len(), items.len());
    let tables = NodeTables::new(items, nodes, log_weights);
    let mut node_totals = vec![0.0; k_count];
    let mut missing = vec![0.0; k_count * i_count];
    let mut right = vec![0.0; k_count * i_count];
    let mut total = 0.0;
    for partial in tables.partials(patterns, Want::Counts) {
        total += partial.total;
        for (a, b) in node_totals.iter_mut().zip(&partial.node_totals) {
            *a += b;
        }
        if let Some(partial_missing) = &partial.missing {
            for (a, b) in missing.iter_mut().zip(partial_missing) {
                *a += b;
            }
        }
        for (a, b) in right.iter_mut().zip(&partial.right) {
            *a += b;
        }
    }
    // Examinees at node k who answered item i: everyone at k, less those who skipped it.
    let answered = missing
        .iter()
        .enumerate()
        .map(|(cell, skipped)| node_totals[cell % k_count] - skipped)
        .collect();
    Expectation {
        answered,
        right,
        log_likelihood: total,
    }
}

/// The marginal log-likelihood and every pattern's posterior mean and sd.
pub(super) fn posteriors(
    patterns: &Patterns,
    items: &[Item],
    nodes: &[f64],
    log_weights: &[f64],
) -> Posteriors {
    let tables = NodeTables::new(items, nodes, log_weights);
    let mut out = Posteriors {
        log_likelihood: 0.0,
        means: Vec::with_capacity(patterns.len()),
        sds: Vec::with_capacity(patterns.len()),
    };
    for partial in tables.partials(patterns, Want::Moments) {
        out.log_likelihood += partial.total;
        for (mean, sd) in partial.moments {
            out.means.push(mean);
            out.sds.push(sd);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_nodes_weigh_nothing_and_a_nan_stays_one() {
        assert!((exp_below(-39.9) - (-39.9f64).exp()).abs() < 1e-30);
        assert!(exp_below(0.0).to_bits() == 1f64.to_bits());
        assert!(exp_below(-40.000_001).to_bits() == 0f64.to_bits());
        assert!(exp_below(-1e300).to_bits() == 0f64.to_bits());
        assert!(exp_below(f64::NEG_INFINITY).to_bits() == 0f64.to_bits());
        assert!(exp_below(f64::NAN).is_nan());
    }
}
