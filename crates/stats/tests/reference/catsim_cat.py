"""catsim's maximum-information selector and its likelihood on Proctor's adaptive exams.

For each exam Proctor ran, step by step: the item catsim's MaxInfoSelector picks given the
items already asked, Proctor's θ̂ before the step and the bank (with its exposure rates and
r_max when given); and the EAP of θ after the step from catsim's own log-likelihood on mirt's
quadrature (61 points on [−6, 6], standard normal weights; catsim estimates θ by maximum
likelihood only, so the posterior mean is taken here over its likelihood).

stdin: {"bank": [[a, b, c], ...], "exposure": [rate, ...] | null, "r_max": float | null,
        "exams": [{"items": [i, ...], "right": [bool, ...], "thetas": [θ after each step]}]}
"""
import json
import sys

import numpy as np
from catsim import irt
from catsim.item_bank import ItemBank
from catsim.selection import MaxInfoSelector

case = json.load(sys.stdin)
bank = np.array(case["bank"], dtype=float)
bank = np.append(bank, np.ones((bank.shape[0], 1)), axis=1)
if case["exposure"] is not None:
    bank = np.append(bank, np.array(case["exposure"], dtype=float)[:, None], axis=1)
item_bank = ItemBank(bank)
selector = MaxInfoSelector(r_max=case["r_max"] if case["r_max"] is not None else 1)

nodes = np.linspace(-6.0, 6.0, 61)
log_weights = -nodes * nodes / 2.0

out = []
for exam in case["exams"]:
    items, right, thetas = exam["items"], exam["right"], exam["thetas"]
    picks, eaps = [], []
    for t in range(len(items)):
        before = 0.0 if t == 0 else thetas[t - 1]
        picks.append(int(selector.select(item_bank=item_bank, administered_items=items[:t],
                                         est_theta=before)))
        asked = item_bank.items[items[:t + 1]][:, :4]
        log_post = np.array([irt.log_likelihood(x, right[:t + 1], asked) for x in nodes]) + log_weights
        post = np.exp(log_post - log_post.max())
        post /= post.sum()
        eaps.append(float((post * nodes).sum()))
    out.append({"picks": picks, "eaps": eaps})
json.dump(out, sys.stdout)
