"""trec_eval's measures through `pytrec_eval-terrier` (0.5.11).

stdin: {"qrels": {query: {doc: grade}}, "run": {query: {doc: score}}}
stdout: {query: {"P_10": ..., "Rprec": ..., "map": ..., "ndcg_cut_20": ..., "recip_rank": ...}}
"""
import json
import sys

import pytrec_eval

case = json.load(sys.stdin)
evaluator = pytrec_eval.RelevanceEvaluator(
    case["qrels"], {"P_10", "Rprec", "map", "ndcg_cut_20", "recip_rank"}
)
json.dump(evaluator.evaluate(case["run"]), sys.stdout)
