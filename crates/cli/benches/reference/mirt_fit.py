"""The PyPI `mirt` package's marginal ML (EM, 61 quadrature points) on the same responses, timed
in Python around the fit alone; prints seconds, the log-likelihood, iterations and the items
(a, b, c in a(θ − b)), or what stopped it. Missing cells (null) are NaN. The address space is capped (`memory_gb`) so that a
fit that would exhaust the machine fails with MemoryError instead.

stdin: {"data": [[0/1/null, ...], ...], "model": "2PL", "memory_gb": 12}
"""
import json
import resource
import sys
import time

import numpy as np

case = json.load(sys.stdin)
limit = int(case["memory_gb"] * 2**30)
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
data = np.array([[np.nan if v is None else v for v in row] for row in case["data"]], dtype=float)
del case["data"]
try:
    import mirt

    start = time.perf_counter()
    fit = mirt.fit_mirt(data, model=case["model"], n_quadpts=61, compute_standard_errors=False)
    elapsed = time.perf_counter() - start
    model = fit.model
    guessing = getattr(model, "guessing", None)
    items = [[float(np.ravel(model.discrimination)[i]), float(model.difficulty[i]),
              0.0 if guessing is None else float(guessing[i])]
             for i in range(data.shape[1])]
    json.dump({"seconds": elapsed, "log_likelihood": float(fit.log_likelihood),
               "iterations": int(fit.n_iterations), "items": items}, sys.stdout)
except MemoryError:
    json.dump({"failed": f"out of memory at the {case['memory_gb']} GB cap"}, sys.stdout)
