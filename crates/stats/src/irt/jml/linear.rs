//! The small dense linear algebra of the joint fit's Newton steps: 3 × 3 Cholesky factors of
//! the items' blocks, the damped solve of the abilities' system, and sums in fixed lanes.

#![expect(
    clippy::inline_always,
    reason = "the lanes' loops must be inlined into pulp's dispatch to be compiled for its instruction set"
)]

use nalgebra::{DMatrix, DVector};

/// What damping adds to a diagonal element with no curvature at all, per unit of damping.
pub(super) const FLOOR: f64 = 1e-6;

/// The solution of (A + ρ D) s = b, D = diag(|A_jj| + FLOOR), with ρ the damping or, when that
/// leaves A + ρ D not positive definite, the smallest of ten times more, a hundred times… that
/// does. None when nothing does (A not finite).
pub(super) fn damped_solve(
    a: &DMatrix<f64>,
    b: &DVector<f64>,
    damping: f64,
) -> Option<DVector<f64>> {
    let mut rho = damping;
    for _ in 0..30 {
        let mut damped = a.clone();
        for j in 0..damped.nrows() {
            damped[(j, j)] += rho * (a[(j, j)].abs() + FLOOR);
        }
        if let Some(factor) = damped.cholesky() {
            return Some(factor.solve(b));
        }
        rho = (rho * 10.0).max(1e-8);
    }
    None
}

/// Partial sums each running sum of a column is kept in, added in a fixed order at its end: a
/// loop over them runs in vector registers and gives the same bits in scalar code.
pub(super) const LANES: usize = 8;

/// Σ over `0..n` of the `K` values `f(s)`, in [`LANES`] partial sums added in a fixed order.
#[inline(always)]
#[expect(
    clippy::needless_range_loop,
    reason = "indexed lanes are what the vectoriser turns into registers"
)]
pub(super) fn lane_sums<const K: usize>(n: usize, f: impl Fn(usize) -> [f64; K]) -> [f64; K] {
    let mut lanes = [[0.0; LANES]; K];
    let full = n - n % LANES;
    for base in (0..full).step_by(LANES) {
        for lane in 0..LANES {
            let values = f(base + lane);
            for k in 0..K {
                lanes[k][lane] += values[k];
            }
        }
    }
    for s in full..n {
        let values = f(s);
        for k in 0..K {
            lanes[k][s - full] += values[k];
        }
    }
    lanes.map(|l| ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7])))
}

/// Σ a_j b_j, in [`LANES`] partial sums added in a fixed order.
#[inline(always)]
pub(super) fn dot(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let [sum] = lane_sums(n, |j| [a[j] * b[j]]);
    sum
}

/// A curvature usable as a scale: its absolute value, or 1 when it is (nearly) zero.
pub(super) fn positive(v: f64) -> f64 {
    if v.abs() > 1e-8 { v.abs() } else { 1.0 }
}

/// The lower Cholesky factor of the leading n × n of `h` (n ≤ 3), with the smallest ridge
/// (from 1e-8 of its largest diagonal up, by tens) that makes it positive definite; None when
/// the block is not finite.
pub(super) fn cholesky(h: &[[f64; 3]; 3], n: usize) -> Option<[[f64; 3]; 3]> {
    if (0..n).any(|r| (0..n).any(|c| !h[r][c].is_finite())) {
        return None;
    }
    let scale = (0..n).map(|r| h[r][r].abs()).fold(1e-12, f64::max);
    let mut ridge = 0.0;
    for _ in 0..40 {
        if let Some(l) = try_cholesky(h, n, ridge) {
            return Some(l);
        }
        ridge = if ridge == 0.0 {
            1e-8 * scale
        } else {
            ridge * 10.0
        };
    }
    None
}

fn try_cholesky(h: &[[f64; 3]; 3], n: usize, ridge: f64) -> Option<[[f64; 3]; 3]> {
    let mut l = [[0.0; 3]; 3];
    for r in 0..n {
        for c in 0..=r {
            let mut sum = h[r][c] + if r == c { ridge } else { 0.0 };
            for (x, y) in l[r][..c].iter().zip(&l[c][..c]) {
                sum -= x * y;
            }
            if r == c {
                if sum <= 0.0 || !sum.is_finite() {
                    return None;
                }
                l[r][r] = sum.sqrt();
            } else {
                l[r][c] = sum / l[c][c];
            }
        }
    }
    Some(l)
}

/// L⁻¹ b on the leading n.
pub(super) fn forward(l: &[[f64; 3]; 3], b: [f64; 3], n: usize) -> [f64; 3] {
    let mut y = b;
    for r in 0..n {
        for j in 0..r {
            y[r] -= l[r][j] * y[j];
        }
        y[r] /= l[r][r];
    }
    y
}

/// L⁻ᵀ b on the leading n.
pub(super) fn back(l: &[[f64; 3]; 3], b: [f64; 3], n: usize) -> [f64; 3] {
    let mut y = b;
    for r in (0..n).rev() {
        for j in r + 1..n {
            y[r] -= l[j][r] * y[j];
        }
        y[r] /= l[r][r];
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cholesky_solves_and_ridges_an_indefinite_block() {
        let h = [[4.0, 2.0, 0.4], [2.0, 3.0, 0.5], [0.4, 0.5, 2.0]];
        let l = cholesky(&h, 3).unwrap();
        let b = [1.0, -2.0, 0.5];
        let x = back(&l, forward(&l, b, 3), 3);
        for r in 0..3 {
            let hx: f64 = (0..3).map(|c| h[r][c] * x[c]).sum();
            assert!((hx - b[r]).abs() < 1e-12, "{hx} vs {}", b[r]);
        }
        // Indefinite: a ridge makes it positive definite; a NaN is refused.
        let indefinite = [[1.0, 2.0, 0.0], [2.0, 1.0, 0.0], [0.0; 3]];
        let l = cholesky(&indefinite, 2).unwrap();
        assert!(l[0][0] > 0.0 && l[1][1] > 0.0);
        assert!(cholesky(&[[f64::NAN; 3]; 3], 1).is_none());
    }

    #[test]
    fn damping_makes_an_indefinite_system_solvable() {
        // Without damping a positive definite system is solved exactly; an indefinite one is
        // damped until it is positive definite, and the step then goes downhill.
        let a = DMatrix::from_row_slice(2, 2, &[2.0, 0.5, 0.5, 1.0]);
        let b = DVector::from_vec(vec![1.0, -1.0]);
        let x = damped_solve(&a, &b, 0.0).unwrap();
        assert!((&a * &x - &b).norm() < 1e-12);
        let indefinite = DMatrix::from_row_slice(2, 2, &[1.0, 0.0, 0.0, -1.0]);
        let step = damped_solve(&indefinite, &b, 0.0).unwrap();
        assert!(step.dot(&b) > 0.0);
    }

    #[test]
    fn the_dot_product_in_lanes_is_the_dot_product() {
        let left: Vec<f64> = (0..11).map(|j| f64::from(j) - 4.5).collect();
        let right: Vec<f64> = (0..11).map(|j| f64::from(j * j % 7)).collect();
        let plain: f64 = left.iter().zip(&right).map(|(l, r)| l * r).sum();
        // Small integers and halves: every partial sum is exact, whatever the order.
        assert_eq!(dot(&left, &right).to_bits(), plain.to_bits());
        assert_eq!(dot(&[], &[]).to_bits(), 0f64.to_bits());
    }
}
