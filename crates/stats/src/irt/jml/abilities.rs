//! The person parameters of the joint fit and the abilities they make (METHODS.md §3): one per
//! examinee, or — with the hierarchical model — one effect per level of each factor, summed;
//! centred when the preset says so.

use super::Factors;
use nalgebra::DMatrix;

/// How the fitted person parameters become abilities: the raw values (or, with factors, the
/// sums of the examinee's level effects), minus their mean when the preset centres them —
/// inside the objective, so the optimum found is the centred model's own.
pub(super) struct Abilities<'a> {
    pub examinees: usize,
    /// The design and where each factor's effects start in the vector.
    pub factors: Option<(&'a Factors, Vec<usize>)>,
    pub centre: bool,
}

impl Abilities<'_> {
    /// Person parameters in the vector (abilities, or factor effects).
    pub fn count(&self) -> usize {
        self.factors
            .as_ref()
            .map_or(self.examinees, |(f, _)| f.effect_count())
    }

    /// θ of every examinee at `x`.
    pub fn thetas(&self, x: &[f64]) -> Vec<f64> {
        let raw: Vec<f64> = match &self.factors {
            Some((f, offsets)) => f
                .assignment
                .iter()
                .map(|levels| levels.iter().zip(offsets).map(|(l, o)| x[o + l]).sum())
                .collect(),
            None => x[..self.examinees].to_vec(),
        };
        if !self.centre {
            return raw;
        }
        let mean = raw.iter().sum::<f64>() / self.examinees as f64;
        raw.into_iter().map(|t| t - mean).collect()
    }

    /// Writes the gradient with respect to the person parameters into `g[..count]` from the
    /// gradient with respect to θ (the chain rule through the centring and the sums).
    pub fn pull_back(&self, d_theta: &[f64], g: &mut [f64]) {
        let shift = if self.centre {
            d_theta.iter().sum::<f64>() / self.examinees as f64
        } else {
            0.0
        };
        match &self.factors {
            Some((f, offsets)) => {
                g[..self.count()].fill(0.0);
                for (levels, d) in f.assignment.iter().zip(d_theta) {
                    for (level, o) in levels.iter().zip(offsets) {
                        g[o + level] += d - shift;
                    }
                }
            }
            None => {
                for (slot, d) in g.iter_mut().zip(d_theta) {
                    *slot = d - shift;
                }
            }
        }
    }

    /// The linear map from person parameters to abilities as a dense examinees × count
    /// matrix (θ = design · e).
    pub fn design(&self) -> DMatrix<f64> {
        let count = self.count();
        let mut design = DMatrix::zeros(self.examinees, count);
        let mut unit = vec![0.0; count];
        for k in 0..count {
            unit[k] = 1.0;
            design.set_column(k, &nalgebra::DVector::from_vec(self.thetas(&unit)));
            unit[k] = 0.0;
        }
        design
    }
}
