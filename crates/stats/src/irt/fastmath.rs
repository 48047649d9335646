//! A branch-free exponential for the fits' inner loops: written with plain arithmetic and bit
//! operations only, so a loop over many values runs in vector registers (the library's `exp`
//! is a call the compiler cannot vectorise); within a few units in the last place of it.

/// e^x for −700 ≤ x ≤ 0 (below −700, e^−700): Cody–Waite reduction x = n ln 2 + r with
/// |r| ≤ ln 2 / 2, e^r by its Taylor polynomial of degree 13 (truncation below 1e-17
/// relative), scaled by 2^n through the exponent bits.
#[inline]
pub(super) fn exp_neg(x: f64) -> f64 {
    const LN2_HI: f64 = 6.931_471_803_691_238e-1;
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    // 1.5 × 2^52: adding it rounds to an integer kept in the low bits of the mantissa.
    const ROUND: f64 = 6_755_399_441_055_744.0;
    let clamped = x.clamp(-700.0, 0.0);
    let shifted = clamped * std::f64::consts::LOG2_E + ROUND;
    let n = shifted - ROUND;
    let r = (clamped - n * LN2_HI) - n * LN2_LO;
    let mut p = 1.0 / 6_227_020_800.0;
    for factorial in [
        479_001_600.0,
        39_916_800.0,
        3_628_800.0,
        362_880.0,
        40_320.0,
        5_040.0,
        720.0,
        120.0,
        24.0,
        6.0,
        2.0,
        1.0,
        1.0,
    ] {
        p = p * r + 1.0 / factorial;
    }
    // 2^n: n (−1010 ≤ n ≤ 0) sits in the low bits of `shifted`; the wrap-around arithmetic on
    // the bits is exact in that range and the biased exponent stays positive.
    let exponent = shifted
        .to_bits()
        .wrapping_sub(ROUND.to_bits())
        .wrapping_add(1023)
        << 52;
    p * f64::from_bits(exponent)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relative(a: f64, b: f64) -> f64 {
        (a - b).abs() / b.abs().max(f64::MIN_POSITIVE)
    }

    #[test]
    fn the_exponential_agrees_with_the_library_s() {
        let mut worst = 0.0f64;
        for step in 0..=700_000 {
            let x = -700.0 * f64::from(step) / 700_000.0;
            worst = worst.max(relative(exp_neg(x), x.exp()));
        }
        assert!(worst < 4.0 * f64::EPSILON, "relative error {worst:e}");
        assert!(exp_neg(0.0).to_bits() == 1f64.to_bits());
        assert!(relative(exp_neg(-1e300), (-700f64).exp()) < 4.0 * f64::EPSILON);
    }
}
