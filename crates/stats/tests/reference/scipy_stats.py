"""scipy.stats on the cases a Proctor test sends: correlations and paired tests.

stdin: {"correlations": [{"x": [...], "y": [...]}], "paired": [{"a": [...], "b": [...]}],
        "mcnemar": [[b, c], ...]}
stdout: the same lists with scipy's statistics and p-values, defaults throughout.
"""
import json
import math
import sys

from scipy import stats



def finite(statistic, p_value):
    """[statistic, p] or null where scipy answers NaN or ±inf (a constant sample)."""
    values = [float(statistic), float(p_value)]
    return values if all(math.isfinite(v) for v in values) else None


cases = json.load(sys.stdin)
out = {"correlations": [], "paired": []}
for case in cases["correlations"]:
    x, y = case["x"], case["y"]
    k = stats.kendalltau(x, y)
    s = stats.spearmanr(x, y)
    p = stats.pearsonr(x, y)
    out["correlations"].append({
        "kendall": finite(k.statistic, k.pvalue),
        "spearman": finite(s.statistic, s.pvalue),
        "pearson": finite(p.statistic, p.pvalue),
    })
for case in cases["paired"]:
    a, b = case["a"], case["b"]
    w = stats.wilcoxon(a, b)
    t = stats.ttest_rel(a, b)
    out["paired"].append({
        "wilcoxon": finite(w.statistic, w.pvalue),
        "ttest": finite(t.statistic, t.pvalue),
    })
# The exact McNemar test: the two-sided binomial test on the discordant pairs.
out["mcnemar"] = [
    stats.binomtest(b, b + c, 0.5).pvalue if b + c > 0 else 1.0
    for b, c in cases.get("mcnemar", [])
]
# NaN (scipy's answer for a constant sample) is not JSON: send null.
json.dump(out, sys.stdout, allow_nan=False)
