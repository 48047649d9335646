"""The PyPI `mirt` package's marginal ML (EM, 61 quadrature points) on the same responses;
prints seconds and the log-likelihood.

stdin: {"data": [[0/1, ...], ...], "model": "2PL"}
"""
import json
import sys
import time

import mirt
import numpy as np

case = json.load(sys.stdin)
data = np.array(case["data"])
start = time.perf_counter()
fit = mirt.fit_mirt(data, model=case["model"], n_quadpts=61, compute_standard_errors=False)
elapsed = time.perf_counter() - start
json.dump({"seconds": elapsed, "log_likelihood": float(fit.log_likelihood),
           "iterations": int(fit.n_iterations)}, sys.stdout)
