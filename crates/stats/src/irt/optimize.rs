//! A projected limited-memory quasi-Newton minimiser for box-bounded problems (in the spirit of
//! L-BFGS-B): the two-loop L-BFGS direction on the variables that are free to move, a
//! backtracking Armijo search along the projected path, and the stopping rules of scipy's
//! L-BFGS-B (projected gradient and relative decrease).

/// Stopping rules.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Stop when the largest component of the projected gradient is below this.
    pub gradient_tolerance: f64,
    /// Stop when (f_old − f_new) / max(|f_old|, |f_new|, 1) is below this.
    pub relative_tolerance: f64,
    /// Iteration cap.
    pub max_iterations: usize,
    /// Number of correction pairs kept.
    pub memory: usize,
}

impl Default for Settings {
    /// scipy's L-BFGS-B defaults: pgtol 1e-5, factr 1e7 (relative decrease 1e7 · ε), ten
    /// correction pairs.
    fn default() -> Self {
        Self {
            gradient_tolerance: 1e-5,
            relative_tolerance: 1e7 * f64::EPSILON,
            max_iterations: 15_000,
            memory: 10,
        }
    }
}

/// Where the minimiser stopped.
#[derive(Debug, Clone)]
pub struct Minimum {
    /// The minimiser, inside the bounds.
    pub x: Vec<f64>,
    /// The objective there.
    pub value: f64,
    /// Iterations taken.
    pub iterations: usize,
    /// Whether a stopping rule (not the iteration cap or a failed line search) ended it.
    pub converged: bool,
}

fn project(x: &mut [f64], lower: &[f64], upper: &[f64]) {
    for ((v, lo), hi) in x.iter_mut().zip(lower).zip(upper) {
        *v = v.clamp(*lo, *hi);
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Minimises `objective` (which returns f(x) and writes ∇f(x) into its second argument) over
/// the box `lower ≤ x ≤ upper`, starting from `start` projected into the box.
pub fn minimize(
    mut objective: impl FnMut(&[f64], &mut [f64]) -> f64,
    start: &[f64],
    lower: &[f64],
    upper: &[f64],
    settings: Settings,
) -> Minimum {
    let n = start.len();
    let mut x = start.to_vec();
    project(&mut x, lower, upper);
    let mut gradient = vec![0.0; n];
    let mut value = objective(&x, &mut gradient);
    let mut history: Vec<(Vec<f64>, Vec<f64>, f64)> = Vec::new();
    let mut candidate = vec![0.0; n];
    let mut candidate_gradient = vec![0.0; n];
    let mut direction = vec![0.0; n];
    for iteration in 0..settings.max_iterations {
        // Projected gradient: how far a unit steepest-descent step would move inside the box.
        let projected = (0..n)
            .map(|i| (x[i] - (x[i] - gradient[i]).clamp(lower[i], upper[i])).abs())
            .fold(0.0, f64::max);
        if projected <= settings.gradient_tolerance {
            return Minimum {
                x,
                value,
                iterations: iteration,
                converged: true,
            };
        }
        let free: Vec<bool> = (0..n)
            .map(|i| {
                !((x[i] <= lower[i] && gradient[i] > 0.0)
                    || (x[i] >= upper[i] && gradient[i] < 0.0))
            })
            .collect();
        lbfgs_direction(&gradient, &free, &history, &mut direction);
        let slope = dot(&gradient, &direction);
        if slope >= 0.0 || !slope.is_finite() {
            // Not a descent direction: forget the curvature pairs, go down the gradient.
            history.clear();
            for i in 0..n {
                direction[i] = if free[i] { -gradient[i] } else { 0.0 };
            }
        }
        let mut step = if history.is_empty() {
            (1.0 / direction.iter().map(|d| d.abs()).fold(0.0, f64::max)).min(1.0)
        } else {
            1.0
        };
        let mut accepted = None;
        for _ in 0..40 {
            for i in 0..n {
                candidate[i] = x[i] + step * direction[i];
            }
            project(&mut candidate, lower, upper);
            let moved: f64 = (0..n).map(|i| gradient[i] * (candidate[i] - x[i])).sum();
            let new_value = objective(&candidate, &mut candidate_gradient);
            if new_value.is_finite() && new_value <= value + 1e-4 * moved.min(0.0) {
                accepted = Some(new_value);
                break;
            }
            step *= 0.5;
        }
        let Some(new_value) = accepted else {
            if history.is_empty() {
                return Minimum {
                    x,
                    value,
                    iterations: iteration,
                    converged: false,
                };
            }
            history.clear();
            continue;
        };
        let s: Vec<f64> = (0..n).map(|i| candidate[i] - x[i]).collect();
        let y: Vec<f64> = (0..n)
            .map(|i| candidate_gradient[i] - gradient[i])
            .collect();
        let sy = dot(&s, &y);
        if sy > 1e-10 * dot(&y, &y) {
            if history.len() == settings.memory {
                history.remove(0);
            }
            history.push((s, y, 1.0 / sy));
        }
        let decrease = (value - new_value) / value.abs().max(new_value.abs()).max(1.0);
        std::mem::swap(&mut x, &mut candidate);
        std::mem::swap(&mut gradient, &mut candidate_gradient);
        value = new_value;
        if decrease <= settings.relative_tolerance {
            return Minimum {
                x,
                value,
                iterations: iteration + 1,
                converged: true,
            };
        }
    }
    Minimum {
        x,
        value,
        iterations: settings.max_iterations,
        converged: false,
    }
}

/// The L-BFGS two-loop recursion on the free variables (fixed ones get a zero direction).
fn lbfgs_direction(
    gradient: &[f64],
    free: &[bool],
    history: &[(Vec<f64>, Vec<f64>, f64)],
    direction: &mut [f64],
) {
    let n = gradient.len();
    for i in 0..n {
        direction[i] = if free[i] { -gradient[i] } else { 0.0 };
    }
    let masked_dot =
        |a: &[f64], b: &[f64]| -> f64 { (0..n).filter(|&i| free[i]).map(|i| a[i] * b[i]).sum() };
    let mut alphas = vec![0.0; history.len()];
    for (k, (s, y, rho)) in history.iter().enumerate().rev() {
        let alpha = rho * masked_dot(s, direction);
        alphas[k] = alpha;
        for i in (0..n).filter(|&i| free[i]) {
            direction[i] -= alpha * y[i];
        }
    }
    if let Some((s, y, _)) = history.last() {
        let yy = masked_dot(y, y);
        let sy = masked_dot(s, y);
        if yy > 0.0 && sy > 0.0 {
            let gamma = sy / yy;
            for d in direction.iter_mut() {
                *d *= gamma;
            }
        }
    }
    for (k, (s, y, rho)) in history.iter().enumerate() {
        let beta = rho * masked_dot(y, direction);
        for i in (0..n).filter(|&i| free[i]) {
            direction[i] += s[i] * (alphas[k] - beta);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_rosenbrock_minimum() {
        let rosenbrock = |x: &[f64], g: &mut [f64]| {
            g[0] = -2.0 * (1.0 - x[0]) - 400.0 * x[0] * (x[1] - x[0] * x[0]);
            g[1] = 200.0 * (x[1] - x[0] * x[0]);
            (1.0 - x[0]).powi(2) + 100.0 * (x[1] - x[0] * x[0]).powi(2)
        };
        let m = minimize(
            rosenbrock,
            &[-1.2, 1.0],
            &[-5.0; 2],
            &[5.0; 2],
            Settings::default(),
        );
        assert!(m.converged);
        assert!(
            (m.x[0] - 1.0).abs() < 1e-4 && (m.x[1] - 1.0).abs() < 1e-4,
            "{:?}",
            m.x
        );
    }

    #[test]
    fn stops_on_an_active_bound() {
        // min (x − 3)² + (y + 1)² on [0, 2] × [0, 2] → (2, 0)
        let f = |x: &[f64], g: &mut [f64]| {
            g[0] = 2.0 * (x[0] - 3.0);
            g[1] = 2.0 * (x[1] + 1.0);
            (x[0] - 3.0).powi(2) + (x[1] + 1.0).powi(2)
        };
        let m = minimize(f, &[1.0, 1.0], &[0.0; 2], &[2.0; 2], Settings::default());
        assert_eq!(m.x, vec![2.0, 0.0]);
        assert!((m.value - 2.0).abs() < 1e-12);
    }
}
