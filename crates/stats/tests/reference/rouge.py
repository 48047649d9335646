"""The `rouge-score` package (0.1.2) and the NLTK Porter stemmer it uses.

stdin: {"words": [...], "pairs": [[candidate, reference], ...]}
stdout: {"stems": [...], "rouge1": [[precision, recall, f1], ...]}
"""
import json
import sys

from nltk.stem import porter
from rouge_score import rouge_scorer

case = json.load(sys.stdin)
stemmer = porter.PorterStemmer()
scorer = rouge_scorer.RougeScorer(["rouge1"], use_stemmer=True)
out = {"stems": [stemmer.stem(w) for w in case["words"]], "rouge1": []}
for candidate, reference in case["pairs"]:
    score = scorer.score(reference, candidate)["rouge1"]
    out["rouge1"].append([score.precision, score.recall, score.fmeasure])
json.dump(out, sys.stdout)
