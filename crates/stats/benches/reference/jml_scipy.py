"""The same joint 3PL objective as Proctor's JML (a preset's bounds, start, priors and centring),
minimised by scipy's L-BFGS-B with an analytic gradient; prints seconds and the final
log-likelihood.

stdin: {"data": [[0/1, ...], ...], "preset": "paper" | "standard", "repeats": n} (examinees ×
items); the fit is run `repeats` times (default 1) and the median time reported.

paper:    a ∈ [0.1, 1.5], b ∈ [0.01, 1], c ∈ [0.2, 0.4], θ ∈ [−3, 3]; start a 1, b 0.5, c 0.25;
          no priors, θ as it is.
standard: a ∈ [0.05, 5], b ∈ [−6, 6], c ∈ [1e-4, 0.5], θ ∈ [−6, 6]; start a 1, b 0, c 0.2;
          penalties log a ~ N(0, 0.5²), b ~ N(0, 2²), c ~ Beta(2, 8) (constants dropped);
          θ centred: θ = x − mean(x) inside the objective.
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import minimize

request = json.load(sys.stdin)
r = np.array(request["data"], dtype=float)
preset = request.get("preset", "paper")
S, I = r.shape
standard = preset == "standard"


def unpack(x):
    return x[:S], x[S:S + I], x[S + I:S + 2 * I], x[S + 2 * I:]


def objective(x):
    raw, a, b, c = unpack(x)
    theta = raw - raw.mean() if standard else raw
    z = a[None, :] * (theta[:, None] - b[None, :])
    s = 1.0 / (1.0 + np.exp(-z))
    p = c[None, :] + (1.0 - c[None, :]) * s
    ll = r * np.log(p) + (1.0 - r) * np.log1p(-p)
    d_p = r / p - (1.0 - r) / (1.0 - p)
    d_z = d_p * (1.0 - c[None, :]) * s * (1.0 - s)
    g_theta = (d_z * a[None, :]).sum(axis=1)
    if standard:
        g_theta = g_theta - g_theta.mean()
    g_a = (d_z * (theta[:, None] - b[None, :])).sum(axis=0)
    g_b = -(d_z * a[None, :]).sum(axis=0)
    g_c = (d_p * (1.0 - s)).sum(axis=0)
    value = -ll.sum()
    gradient = -np.concatenate([g_theta, g_a, g_b, g_c])
    if standard:
        log_a = np.log(a)
        value += (log_a * log_a / 0.5).sum() + (b * b / 8.0).sum() \
            - (np.log(c) + 7.0 * np.log1p(-c)).sum()
        gradient[S:S + I] += log_a / (0.25 * a)
        gradient[S + I:S + 2 * I] += b / 4.0
        gradient[S + 2 * I:] += -1.0 / c + 7.0 / (1.0 - c)
    return value, gradient


if standard:
    x0 = np.concatenate([np.zeros(S), np.ones(I), np.zeros(I), np.full(I, 0.2)])
    bounds = [(-6, 6)] * S + [(0.05, 5.0)] * I + [(-6, 6)] * I + [(1e-4, 0.5)] * I
else:
    x0 = np.concatenate([np.zeros(S), np.ones(I), np.full(I, 0.5), np.full(I, 0.25)])
    bounds = [(-3, 3)] * S + [(0.1, 1.5)] * I + [(0.01, 1.0)] * I + [(0.2, 0.4)] * I
times = []
for _ in range(max(1, int(request.get("repeats", 1)))):
    start = time.perf_counter()
    result = minimize(objective, x0, jac=True, method="L-BFGS-B", bounds=bounds,
                      options={"maxiter": 2000, "maxfun": 20000})
    times.append(time.perf_counter() - start)
elapsed = sorted(times)[len(times) // 2]
raw, a, b, c = unpack(result.x)
theta = raw - raw.mean() if standard else raw
p = c[None, :] + (1.0 - c[None, :]) / (1.0 + np.exp(-a[None, :] * (theta[:, None] - b[None, :])))
log_likelihood = float((r * np.log(p) + (1.0 - r) * np.log1p(-p)).sum())
json.dump({"seconds": elapsed, "log_likelihood": log_likelihood, "objective": float(result.fun),
           "iterations": int(result.nit)}, sys.stdout)
