"""The PyPI package `mirt` (1.2.0, marginal ML by EM, a(θ − b) form) on a 0/1 matrix.

stdin: {"data": [[0, 1, ...], ...], "model": "2PL" | "3PL"}
stdout: {"log_likelihood": float, "discrimination": [...], "difficulty": [...], "guessing": [...]}
"""
import json
import sys

import mirt
import numpy as np

case = json.load(sys.stdin)
fit = mirt.fit_mirt(np.array(case["data"]), model=case["model"], n_quadpts=61,
                    compute_standard_errors=False)
parameters = fit.model.parameters
out = {"log_likelihood": float(fit.log_likelihood)}
for name in ("discrimination", "difficulty", "guessing"):
    if name in parameters:
        out[name] = [float(v) for v in parameters[name]]
json.dump(out, sys.stdout)
