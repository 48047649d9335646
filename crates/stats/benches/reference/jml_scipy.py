"""The same joint 3PL likelihood as Proctor's JML (paper preset bounds and start), minimised
by scipy's L-BFGS-B with an analytic gradient; prints seconds and the final log-likelihood.

stdin: {"data": [[0/1, ...], ...]} (examinees × items)
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import minimize

r = np.array(json.load(sys.stdin)["data"], dtype=float)
S, I = r.shape


def unpack(x):
    return x[:S], x[S:S + I], x[S + I:S + 2 * I], x[S + 2 * I:]


def objective(x):
    theta, a, b, c = unpack(x)
    z = a[None, :] * (theta[:, None] - b[None, :])
    s = 1.0 / (1.0 + np.exp(-z))
    p = c[None, :] + (1.0 - c[None, :]) * s
    ll = r * np.log(p) + (1.0 - r) * np.log1p(-p)
    d_p = r / p - (1.0 - r) / (1.0 - p)
    d_z = d_p * (1.0 - c[None, :]) * s * (1.0 - s)
    g_theta = (d_z * a[None, :]).sum(axis=1)
    g_a = (d_z * (theta[:, None] - b[None, :])).sum(axis=0)
    g_b = -(d_z * a[None, :]).sum(axis=0)
    g_c = (d_p * (1.0 - s)).sum(axis=0)
    return -ll.sum(), -np.concatenate([g_theta, g_a, g_b, g_c])


x0 = np.concatenate([np.zeros(S), np.ones(I), np.full(I, 0.5), np.full(I, 0.25)])
bounds = [(-3, 3)] * S + [(0.1, 1.5)] * I + [(0.01, 1.0)] * I + [(0.2, 0.4)] * I
start = time.perf_counter()
result = minimize(objective, x0, jac=True, method="L-BFGS-B", bounds=bounds,
                  options={"maxiter": 2000, "maxfun": 20000})
elapsed = time.perf_counter() - start
json.dump({"seconds": elapsed, "log_likelihood": -float(result.fun), "iterations": int(result.nit)}, sys.stdout)
