//! A branch-free exponential and logarithm for the fits' inner loops: written with plain
//! arithmetic and bit operations only, so a loop over many values runs in vector registers (the
//! library's `exp` and `ln` are calls the compiler cannot vectorise); within a few units in the
//! last place of them. No fused multiply-adds: the same bits in vector registers of any width
//! and in scalar code.

/// e^x for −700 ≤ x ≤ 0 (below −700, e^−700): Cody–Waite reduction x = n ln 2 + r with
/// |r| ≤ ln 2 / 2, e^r by its Taylor polynomial of degree 13 (truncation below 1e-17
/// relative), scaled by 2^n through the exponent bits.
#[inline(always)]
pub(crate) fn exp_neg(x: f64) -> f64 {
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

/// ln x for a positive, finite, normal x: x = 2^k m with m in [√2/2, √2), f = m − 1,
/// s = f / (2 + f), ln(1 + f) = 2 artanh s = f − f²/2 + s (f²/2 + R(s²)) with R the odd series'
/// tail fitted on that interval (the classical minimax coefficients of Sun's fdlibm), then
/// k ln 2 added in two parts so that neither loses bits. Below a unit in the last place.
#[inline(always)]
#[expect(clippy::many_single_char_names, reason = "the symbols of the formulas")]
pub(crate) fn ln_positive(x: f64) -> f64 {
    const LN2_HI: f64 = 6.931_471_803_691_238e-1;
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    const R1: f64 = 6.666_666_666_666_735e-1;
    const R2: f64 = 3.999_999_999_940_942e-1;
    const R3: f64 = 2.857_142_874_366_239e-1;
    const R4: f64 = 2.222_219_843_214_978_4e-1;
    const R5: f64 = 1.818_357_216_161_805e-1;
    const R6: f64 = 1.531_383_769_920_937_3e-1;
    const R7: f64 = 1.479_819_860_511_658_6e-1;
    // Moving the exponent's boundary from 1 to √2/2: adding the difference of their high bits
    // carries into the exponent exactly when the mantissa is at least √2/2 · 2.
    const SHIFT: u64 = (0x3ff0_0000 - 0x3fe6_a09e) << 32;
    const MANTISSA: u64 = 0x000f_ffff_ffff_ffff;
    const LOW_HALF: u64 = 0x3fe6_a09e << 32;
    // 2^52 as bits and value: or-ing a small integer into its mantissa and subtracting 2^52
    // converts it exactly, with integer operations every vector unit has.
    const TWO52_BITS: u64 = 0x4330_0000_0000_0000;
    const TWO52: f64 = 4_503_599_627_370_496.0;
    let bits = x.to_bits().wrapping_add(SHIFT);
    let k = f64::from_bits(TWO52_BITS | (bits >> 52)) - TWO52 - 1023.0;
    let m = f64::from_bits((bits & MANTISSA).wrapping_add(LOW_HALF));
    let f = m - 1.0;
    let half_square = 0.5 * f * f;
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let even = w * (R2 + w * (R4 + w * R6));
    let odd = z * (R1 + w * (R3 + w * (R5 + w * R7)));
    s * (half_square + odd + even) + k * LN2_LO - half_square + f + k * LN2_HI
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

    #[test]
    fn the_logarithm_agrees_with_the_library_s() {
        let mut worst = 0.0f64;
        let mut check = |x: f64| {
            let (ours, library) = (ln_positive(x), x.ln());
            // Relative, or absolute near ln 1 = 0 where the value itself vanishes.
            let error = (ours - library).abs() / library.abs().max(1.0);
            worst = worst.max(error);
        };
        // Every region of the mantissa, across the exponents the fits meet and beyond.
        for step in 0..=200_000 {
            check(1.0 + f64::from(step) / 200_000.0);
            check(1e-4 + (1.0 - 1e-4) * f64::from(step) / 200_000.0);
            check(f64::from(step + 1) * 1e-300);
            check(2f64.powf(-1000.0 + 2000.0 * f64::from(step) / 200_000.0));
        }
        for x in [
            f64::MIN_POSITIVE,
            1.0,
            2.0,
            0.5,
            std::f64::consts::SQRT_2,
            1e300,
            f64::MAX,
        ] {
            check(x);
        }
        assert!(worst < 2.0 * f64::EPSILON, "error {worst:e}");
        assert_eq!(ln_positive(1.0).to_bits(), 0f64.to_bits());
    }
}
