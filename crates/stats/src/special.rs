//! Tail probabilities of the normal and Student t distributions (two-sided): erfc from libm
//! (musl's, within an ulp; statrs' is off by ~1e-12 in the tails we use) and statrs'
//! regularised incomplete beta.

use libm::erfc;
use statrs::function::beta::beta_reg;

/// P(|Z| ≥ |z|) for a standard normal Z.
pub fn normal_two_sided(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// P(|T| ≥ |t|) for Student's t with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2).
pub fn t_two_sided(t: f64, df: f64) -> f64 {
    if t.is_infinite() {
        return 0.0;
    }
    beta_reg(df / 2.0, 0.5, df / (df + t * t)).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(clippy::float_cmp, reason = "degenerate results are exact")]
    fn tails_match_tables() {
        // scipy.stats.norm.sf(1.959963984540054) * 2 = 0.05
        let p = normal_two_sided(1.959_963_984_540_054);
        assert!((p - 0.05).abs() < 1e-15, "{p}");
        // scipy.stats.t.sf(2.0, 5) * 2 = 0.10193947882985835
        let p = t_two_sided(2.0, 5.0);
        assert!((p - 0.101_939_478_829_858_35).abs() < 1e-13, "{p}");
        // t = 1 with 1 df is the Cauchy: two-sided p = 0.5 exactly.
        assert!((t_two_sided(-1.0, 1.0) - 0.5).abs() < 1e-14);
        assert_eq!(t_two_sided(f64::INFINITY, 3.0), 0.0);
    }
}
