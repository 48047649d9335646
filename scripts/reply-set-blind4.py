#!/usr/bin/env python3
"""Blind labelled test set no. 4 of free-text replies to four-choice questions.

What this file is
-----------------
A deterministic generator for ``replies-blind4.jsonl``: prose replies, of the
kind AI assistants and agents produce in real deployments, to four-choice
questions, each labelled with the choice the reply asserts.  Each output line
is one JSON object::

    {"set": ..., "id": ..., "choices": [four texts], "style": ...,
     "reply": ..., "meant": "A" | "B" | "C" | "D" | "none" | "unclear"}

``meant`` is what a careful human reader takes the reply to assert (not whether
it is right): a letter when the reply commits to exactly one choice, "none"
when it gives no answer (refusals, truncated output, empty fields, "none of
the options", N/A), "unclear" when it does not settle on a single choice
(two answers, conditional answers, bare probability tables, letter and text
that contradict each other).  About 40 % of the lettered replies assert a
wrong choice.  ``id`` is ``<set>-L<line in the source file>-<serial>``.

Which sets
----------
Questions come from three English four-choice sets in the OpenAI ``evals``
wheel (PyPI ``evals`` 3.0.1.post1, ``evals/registry/data/``):

* ``taxes/samples.jsonl`` -- income-tax estimates with options ``A.``-``D.``
  printed in shuffled letter order in the prompt; key in ``ideal``.
  Duplicate rows (same wording, options and key) are dropped.
* ``number_series_test/samples.jsonl`` -- missing-number series with options
  ``(A)``-``(D)``; key in ``ideal`` as ``"(B)"``.
* ``diagrammatic_logic/samples.jsonl`` -- operator puzzles over sequences of
  figures with options ``A - | ... |``; key in ``ideal`` as ``["D"]``.  Only
  every fifth clean question is used; questions with two identical options or
  one option's figure list being a prefix of another's are skipped.

Questions whose options cannot be parsed with confidence are skipped, as are
tax questions where one option's text is contained in another's.

Provenance
----------
The set was written blind: its author did not read the reply reader under
test, its documentation, the other reply sets or their generator scripts, and
did not run the tool.  Styles and labels follow only the brief (agent and tool
traces, multilingual and Unicode letter forms, long essays, choice text with
formatting and citations, refusals and non-answers, quoting, probabilities,
rankings, paraphrases, self-corrections, negation).

How to run
----------
    python3 scripts/reply-set-blind4.py /tmp/evals/evals-3.0.1.post1-py3-none-any.whl \
        [--out crates/exam/tests/data/replies-blind4.jsonl]

Python 3 standard library only.  The output is byte-identical on every run
and under any PYTHONHASHSEED (all randomness comes from ``random.Random``
seeded with strings, and no set or hash order is iterated).
"""

import argparse
import json
import random
import re
import sys
import zipfile

DEFAULT_OUT = "/work/main/crates/exam/tests/data/replies-blind4.jsonl"
LET = "ABCD"
DATA = "evals/registry/data/"


def lt(i):
    return LET[i]


# --------------------------------------------------------------------------
# number words (for paraphrases)
# --------------------------------------------------------------------------
ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
        "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
        "eighty", "ninety"]


def words_below_1000(n, use_and):
    parts = []
    if n >= 100:
        parts.append(ONES[n // 100] + " hundred")
        n %= 100
        if n and use_and:
            parts.append("and")
    if n >= 20:
        w = TENS[n // 10]
        if n % 10:
            w += "-" + ONES[n % 10]
        parts.append(w)
    elif n > 0:
        parts.append(ONES[n])
    return " ".join(parts)


def number_words(n, use_and=False):
    if n == 0:
        return "zero"
    out = []
    for div, name in ((10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand")):
        if n >= div:
            out.append(words_below_1000(n // div, use_and) + " " + name)
            n %= div
    if n:
        out.append(words_below_1000(n, use_and))
    return " ".join(out)


# --------------------------------------------------------------------------
# question classes
# --------------------------------------------------------------------------
FED_BRACKETS = [(9950, 0.10), (40525, 0.12), (86375, 0.22), (164925, 0.24),
                (209425, 0.32), (523600, 0.35), (10 ** 12, 0.37)]
STD_DED = 12550


class TaxQ:
    set = "taxes"

    def __init__(self, line, stem, choices, key, income, live, work):
        self.line, self.stem, self.choices, self.key = line, stem, choices, key
        self.income, self.live, self.work = income, live, work
        self.id_base = "taxes-L%03d" % line

    def val(self, i):
        return int(self.choices[i].replace(",", ""))

    def disp(self, i):
        return "$" + self.choices[i]

    def bare(self, i):
        return self.choices[i]

    def rate(self, i):
        return 100.0 * self.val(i) / self.income

    def words(self, i, r):
        return number_words(self.val(i), use_and=r.random() < 0.5) + " dollars"

    def question(self):
        return self.stem

    def topic(self):
        return ("the 2021 income tax on $%s of internship pay for a student who lives in %s "
                "and interns in %s" % (format(self.income, ","), self.live, self.work))

    def short_topic(self):
        return "the tax on $%s of pay" % format(self.income, ",")

    def fed_tax(self):
        ti = max(0, self.income - STD_DED)
        tax, lo = 0.0, 0
        for hi, rt in FED_BRACKETS:
            if ti > lo:
                tax += (min(ti, hi) - lo) * rt
            lo = hi
        return int(round(tax))

    def neutral(self, i):
        return ("Option %s (%s) corresponds to an effective rate of about %.1f%% of the $%s in pay."
                % (lt(i), self.disp(i), self.rate(i), format(self.income, ",")))

    def neutral_noletter(self, i):
        return "%s would be about %.1f%% of gross pay." % (self.disp(i), self.rate(i))

    def support(self, i):
        return ("A bill of %s, roughly %.1f%% of gross pay, is what I get once federal tax and the "
                "state and local taxes that apply are added up." % (self.disp(i), self.rate(i)))

    def against(self, i, t):
        word = "low" if self.val(i) < self.val(t) else "high"
        return "%s (about %.1f%% of pay) is too %s for this situation." % (self.disp(i), self.rate(i), word)

    def compare(self, i, j):
        d = self.val(i) - self.val(j)
        return "Option %s is $%s %s than option %s." % (
            lt(i), format(abs(d), ","), "higher" if d > 0 else "lower", lt(j))

    def queries(self):
        q = ["2021 federal income tax brackets single filer", "2021 standard deduction single"]
        if "NYC" in (self.live, self.work):
            q.append("New York City resident income tax rate 2021")
            q.append("New York State income tax brackets 2021")
        if "San Francisco" in (self.live, self.work) or self.work == "SF":
            q.append("California income tax brackets 2021 nonresident wages")
        if "Seattle" in (self.live, self.work):
            q.append("Washington state personal income tax wages")
        q.append("student domicile state residency summer internship tax")
        return q

    def observations(self):
        o = ["2021 single-filer brackets: 10% up to $9,950; 12% up to $40,525; 22% up to $86,375; "
             "24% up to $164,925; 32% up to $209,425; 35% up to $523,600; 37% above.",
             "The 2021 standard deduction for a single filer is $12,550.",
             "Students generally keep residency in the state of their permanent home while away at school.",
             "Wages are generally taxed by the state where the work is physically performed, with a credit "
             "available in the home state."]
        if "NYC" in (self.live, self.work):
            o.append("New York City levies a resident income tax of roughly 3.1% to 3.9% on top of New York State tax.")
        if "Seattle" in (self.live, self.work):
            o.append("Washington does not tax wage income; there is no state personal income tax on salaries.")
        if "San Francisco" in (self.live, self.work) or self.work == "SF":
            o.append("California taxes income at graduated rates from 1% up to 12.3% (13.3% over $1 million).")
        return o

    def thoughts(self):
        return ["I need the 2021 federal brackets for a single filer.",
                "Next I should check the state and city rules for where the student lives and works.",
                "Let me confirm how residency works for a student away at school.",
                "I should compute the federal part first, then add state and local tax."]

    def filler(self):
        return [
            "Estimating a tax bill for a summer internship involves several layers: federal income tax, state income tax and, in a few places, city income tax.",
            "For 2021 the standard deduction for a single filer was $12,550, which comes off the top before the federal brackets apply.",
            "The federal brackets in 2021 ran from 10% and 12% at the bottom through 22%, 24%, 32% and 35% up to 37% at the top.",
            "Residency matters: a student who keeps a permanent home in one state while studying in another usually remains a resident of the home state.",
            "Work performed physically in another state generally creates a nonresident filing obligation there.",
            "New York City is unusual among American cities in levying its own resident income tax.",
            "Some states, such as Washington, have no personal income tax on wages at all.",
            "Payroll taxes such as Social Security and Medicare are usually treated separately from income tax.",
            "Credits for tax paid to another state are meant to stop the same wages from being taxed twice.",
            "Because the question asks for the closest option, an exact figure matters less than getting the right neighbourhood.",
            "Dividing each listed amount by the gross pay is a quick sanity check, because it shows the share of income each one would take.",
            "The question also assumes 2021 rules, so later inflation adjustments to the brackets do not apply.",
            "Whether the student can be claimed as a dependent does not change the treatment of earned wages very much.",
            "Marginal rates overstate the bill; what matters for the total is the effective rate across all brackets.",
        ]

    def closers(self):
        return [
            "Real filings involve details the question leaves out, such as other income, credits and withholding.",
            "Anyone facing this situation for real should check current rules or ask a tax professional.",
            "The numbers above are estimates built on the simplifying assumptions stated in the question.",
            "Withholding during the summer may differ from the final liability, which is settled on the return.",
        ]

    def none_reason(self):
        return ("my own estimate for %s does not land near any of the listed amounts" % self.short_topic())

    def ambiguity(self):
        return random.Random("amb|" + self.id_base).choice([
            "it doesn't say whether the student files as a resident of %s or of Massachusetts" % self.live,
            "it doesn't say whether state and city taxes are meant to be included or only federal tax",
            "it doesn't specify the filing status, other income, or whether the student is claimed as a dependent",
        ])

    def truncated(self, r):
        ti = max(0, self.income - STD_DED)
        return r.choice([
            "Let's work it out. Taxable income is $%s − $12,550 = $%s. Federal tax: 10%% of the first $9,950 is $995, plus 12%% of"
            % (format(self.income, ","), format(ti, ",")),
            "First, the federal part. After the $12,550 standard deduction, taxable income is $%s. Applying the 2021 brackets gives about $%s. Next, the state portion for someone living in %s and working in"
            % (format(ti, ","), format(self.fed_tax(), ","), self.live, ),
            "To answer this we need three pieces: federal tax, state tax for %s, and any local tax. Federal tax on $%s of taxable income comes to"
            % (self.live, format(ti, ",")),
        ])


class SeriesQ:
    set = "number_series_test"

    def __init__(self, line, text, tokens, blank, choices, key):
        self.line, self.text, self.tokens, self.blank = line, text, tokens, blank
        self.choices, self.key = choices, key
        self.id_base = "number_series_test-L%03d" % line

    def series_str(self):
        return ", ".join("_" if k == self.blank else str(v) for k, v in enumerate(self.tokens))

    def disp(self, i):
        return self.choices[i]

    def bare(self, i):
        return self.choices[i]

    def filled(self, i):
        seq = list(self.tokens)
        seq[self.blank] = int(self.choices[i])
        return seq

    def diffs(self, i):
        s = self.filled(i)
        return [s[k + 1] - s[k] for k in range(len(s) - 1)]

    def known_diffs(self):
        out = []
        for k in range(len(self.tokens) - 1):
            if self.blank not in (k, k + 1):
                out.append(self.tokens[k + 1] - self.tokens[k])
        return out

    def words(self, i, r):
        return number_words(int(self.choices[i]), use_and=r.random() < 0.5)

    def question(self):
        return "Find the missing number in the series, %s" % self.series_str()

    def topic(self):
        return "the missing term in the series %s" % self.series_str()

    def short_topic(self):
        return "the gap in %s" % self.series_str()

    def neutral(self, i):
        return ("Putting %s in the gap (option %s) gives first differences %s."
                % (self.disp(i), lt(i), ", ".join(str(d) for d in self.diffs(i))))

    def neutral_noletter(self, i):
        return "With %s in the gap the differences are %s." % (self.disp(i), ", ".join(str(d) for d in self.diffs(i)))

    def support(self, i):
        return ("With %s in the blank the sequence reads %s, and the differences %s follow one consistent rule."
                % (self.disp(i), ", ".join(str(v) for v in self.filled(i)), ", ".join(str(d) for d in self.diffs(i))))

    def against(self, i, t):
        return ("%s would make the differences %s, which breaks the pattern."
                % (self.disp(i), ", ".join(str(d) for d in self.diffs(i))))

    def compare(self, i, j):
        d = int(self.choices[i]) - int(self.choices[j])
        return "Option %s is %d %s than option %s." % (lt(i), abs(d), "more" if d > 0 else "less", lt(j))

    def queries(self):
        known = [str(v) for k, v in enumerate(self.tokens) if k != self.blank]
        return ["OEIS " + ",".join(known[:4]), "integer sequence " + " ".join(known),
                "second differences " + ",".join(known[:3]), "number series missing term pattern"]

    def observations(self):
        kd = ", ".join(str(d) for d in self.known_diffs())
        return ["Differences between adjacent known terms (skipping the gap): %s." % kd,
                "No exact match found in the sequence database for these terms.",
                "Common series rules: constant or growing differences, alternating sub-sequences, squares, cubes, primes.",
                "The series has %d terms including the gap." % len(self.tokens)]

    def thoughts(self):
        return ["I should look at the differences between consecutive terms.",
                "Maybe this is a known sequence; let me search for it.",
                "Let me check whether odd and even positions form separate sequences.",
                "I should test each candidate against the terms after the gap."]

    def filler(self):
        return [
            "Missing-term puzzles usually rely on one of a few patterns: constant differences, differences that themselves grow regularly, alternating sub-sequences, or powers.",
            "A good first step is to write out the differences between consecutive terms.",
            "If the first differences are not constant, the second differences often reveal the rule.",
            "Some series interleave two separate sequences, so it helps to look at the odd and even positions separately.",
            "Prime numbers, squares and cubes are common building blocks in these tests.",
            "It is also worth checking whether each term is a multiple of the previous one plus a small correction.",
            "The known terms after the gap act as a check, since any candidate must be consistent with them as well.",
            "A rough size check can narrow things down, but the exact rule is what decides it.",
            "Series questions like this reward writing every intermediate step down rather than guessing from the shape of the numbers.",
            "When two rules both seem to fit, the simpler one is usually the intended one.",
            "Differences of differences are cheap to compute and catch most quadratic patterns.",
            "Multiplicative rules show up as ratios that settle down, so ratios are worth a glance too.",
        ]

    def closers(self):
        return [
            "Puzzles of this kind can sometimes be read in more than one way, but test makers usually intend the simplest rule.",
            "Checking the result against every known term is the best protection against an arithmetic slip.",
            "It is worth writing the completed sequence out in full once more before committing.",
            "Practising with differences and ratios makes these questions much quicker.",
        ]

    def none_reason(self):
        return "the rule I find for %s produces a value that is not among the options" % self.short_topic()

    def ambiguity(self):
        return random.Random("amb|" + self.id_base).choice([
            "more than one simple rule fits the known terms of %s" % self.series_str(),
            "the series is short enough that several different rules reproduce the given terms",
            "the intended rule isn't stated, and the terms are consistent with at least two different patterns",
        ])

    def truncated(self, r):
        kd = ", ".join(str(d) for d in self.known_diffs())
        return r.choice([
            "Let me look at the differences first. Between the known terms they are %s, so the next difference should be" % kd,
            "Series: %s. Differences of the known neighbours: %s. These look like they might grow by a fixed amount, which would mean" % (self.series_str(), kd),
            "Step 1: compute the differences: %s. Step 2: look at the second differences, which are" % kd,
        ])


def cap(s):
    return s[:1].upper() + s[1:]


def fig_text(figs):
    return ", ".join(figs)


SYN = {"small": ["little", "small-sized"], "large": ["big", "large-sized"],
       "dark": ["shaded", "filled-in", "dark-shaded"], "light": ["unshaded", "pale", "light-coloured"],
       "circle": ["circle", "disc", "round shape"], "triangle": ["triangle", "three-sided shape"]}


class DiagQ:
    set = "diagrammatic_logic"

    def __init__(self, line, effects, ops, given, forward, choices_raw, figs, key):
        self.line, self.effects, self.ops, self.given, self.forward = line, effects, ops, given, forward
        self.choices, self.figs, self.key = choices_raw, figs, key
        self.id_base = "diagrammatic_logic-L%04d" % line

    def disp(self, i):
        return fig_text(self.figs[i])

    def bare(self, i):
        return self.choices[i]

    def ops_desc(self):
        if len(self.ops) == 1:
            return "operator %s" % self.ops[0]
        return "operators " + " then ".join(self.ops)

    def effect_desc(self):
        parts = []
        done = []
        for o in self.ops:
            if o in done:
                continue
            done.append(o)
            e = self.effects.get(o, "")
            e = e.replace(" (see examples)", "").strip()
            if e:
                parts.append("operator %s %s" % (o, e[0].lower() + e[1:]))
        return "; ".join(parts)

    def words(self, i, r):
        items = []
        for f in self.figs[i]:
            w = f.split()
            items.append("a " + " ".join(r.choice(SYN.get(x, [x])) for x in w))
        if len(items) == 1:
            return items[0] + " on its own"
        lead = ["first ", "then ", "then ", "then ", "then "]
        out = []
        for k, it in enumerate(items):
            if k == len(items) - 1:
                out.append("and finally " + it)
            else:
                out.append((lead[k] if k < len(lead) else "then ") + it)
        return ", ".join(out)

    def question(self):
        g = fig_text(self.given)
        if self.forward:
            return "What do you get when you apply %s to: %s?" % (self.ops_desc(), g)
        return "Which sequence, after %s, becomes: %s?" % (self.ops_desc(), g)

    def topic(self):
        g = fig_text(self.given)
        if self.forward:
            return "the result of applying %s to %s" % (self.ops_desc(), g)
        return "the input that %s turns into %s" % (self.ops_desc(), g)

    def short_topic(self):
        return "the %s puzzle" % self.ops_desc()

    def neutral(self, i):
        return "Option %s is %s (%d figures)." % (lt(i), self.disp(i), len(self.figs[i]))

    def neutral_noletter(self, i):
        return "The sequence %s has %d figures." % (self.disp(i), len(self.figs[i]))

    def support(self, i):
        if self.forward:
            return "Applying %s to %s yields %s." % (self.ops_desc(), fig_text(self.given), self.disp(i))
        return "Feeding %s through %s gives back %s." % (self.disp(i), self.ops_desc(), fig_text(self.given))

    def against(self, i, t):
        ni, nt = len(self.figs[i]), len(self.figs[t])
        if ni != nt:
            return "The sequence %s has %d figures, which doesn't fit what %s does." % (self.disp(i), ni, self.ops_desc())
        return "The sequence %s doesn't match the effect of %s shown in the examples." % (self.disp(i), self.ops_desc())

    def compare(self, i, j):
        ni, nj = len(self.figs[i]), len(self.figs[j])
        if ni == nj:
            return "Options %s and %s both have %d figures but differ in their attributes." % (lt(i), lt(j), ni)
        return "Option %s has %d figures while option %s has %d." % (lt(i), ni, lt(j), nj)

    def queries(self):
        return ["operator %s effect examples" % self.ops[0], "figure sequence transformation rules",
                "what does operator %s do" % self.ops[-1], "count figures in worked examples"]

    def observations(self):
        o = ["The puzzle statement says: %s." % self.effect_desc() if self.effect_desc() else
             "The puzzle statement gives no explicit effect; it must be inferred from the examples.",
             "Operators are applied left to right.",
             "The given sequence is %s (%d figures)." % (fig_text(self.given), len(self.given)),
             "Each figure has a size (small/large), a shading (light/dark) and a shape (circle/triangle)."]
        return o

    def thoughts(self):
        return ["I need to work out what each operator does from the examples.",
                "Let me re-read the operator definitions.",
                "I should count figures, since some operators delete or duplicate.",
                "Now I should apply the operators in order, left to right."]

    def filler(self):
        return [
            "These operator puzzles are solved by inferring what each operator does from the worked examples and then applying the operators in order, left to right.",
            "Some operators act on a specific position, such as the first or third figure, while others act on every figure that has a certain property.",
            "Shading flips between light and dark, and a shape change swaps circles for triangles or vice versa.",
            "Deleting or duplicating operators change the number of figures, so counting figures is a quick filter.",
            "It is important to read the examples carefully because the stated effect is sometimes vague.",
            "Size (small versus large) is another attribute an operator can change, so it has to be tracked too.",
            "When an effect says 'see examples', the examples are the only reliable guide to what it does.",
            "Writing each intermediate sequence down after every operator avoids losing track of positions.",
            "Swapping operators keep the number of figures but change the order, so order has to be checked figure by figure.",
            "A puzzle run backwards (the input is the unknown) needs the operators undone in reverse order.",
            "Each figure has three attributes, and an answer has to match on all three at every position.",
            "The examples use made-up sequences, so they show the rule rather than the answer itself.",
        ]

    def closers(self):
        return [
            "Puzzles like this are mostly about careful bookkeeping rather than insight.",
            "A second pass over the operator definitions is a cheap way to catch a slip.",
            "The attribute words (size, shading, shape) have to be compared one by one.",
            "Counting figures first and comparing attributes second is usually the fastest route.",
        ]

    def none_reason(self):
        return "working %s through step by step gives a sequence that none of the options shows" % self.short_topic()

    def ambiguity(self):
        return random.Random("amb|" + self.id_base).choice([
            "the effect of %s is only shown in one example, which fits more than one rule" % self.ops_desc(),
            "the definition of %s is too vague to pin down which figure changes" % self.ops_desc(),
            "the examples for %s can be read in two different ways" % self.ops_desc(),
        ])

    def truncated(self, r):
        return r.choice([
            "Let's apply %s to %s step by step. Looking at the examples, the first figure" % (self.ops_desc(), fig_text(self.given)),
            "The definitions say: %s. So starting from %s, after the first operator we get" % (self.effect_desc() or "see examples", fig_text(self.given)),
            "Counting figures: the given sequence has %d. %s, so the output should have" % (len(self.given), cap(self.effect_desc()) or "The effect must be inferred"),
        ])


# --------------------------------------------------------------------------
# loading
# --------------------------------------------------------------------------
def read_jsonl(z, path):
    out = []
    for n, line in enumerate(z.read(DATA + path).decode("utf-8").splitlines(), 1):
        if line.strip():
            out.append((n, json.loads(line)))
    return out


def user_text(d):
    msgs = d.get("input")
    if not isinstance(msgs, list):
        return None
    for m in reversed(msgs):
        if m.get("role") == "user":
            return m.get("content")
    return None


def contains_other(choices):
    for i in range(4):
        for j in range(4):
            if i != j and choices[i] in choices[j]:
                return True
    return False


def load_taxes(z):
    out, seen = [], []
    for n, d in read_jsonl(z, "taxes/samples.jsonl"):
        u = user_text(d)
        key = str(d.get("ideal", "")).strip()
        if not u or key not in ("A", "B", "C", "D"):
            continue
        opts = re.findall(r"(?<![\w,])([A-D])\. (\d{1,3}(?:,\d{3})*)(?=[.\s]|$)", u)
        letters = [o[0] for o in opts]
        if len(opts) != 4 or sorted(letters) != list(LET):
            continue
        m = dict(opts)
        choices = [m[c] for c in LET]
        if contains_other(choices):
            continue
        inc = re.search(r"pay me \$([\d,]+)", u)
        live = re.search(r"I live in (.+?)\.", u)
        work = re.search(r"intern in (.+?) which", u)
        if not (inc and live and work):
            continue
        income = int(inc.group(1).replace(",", ""))
        w = work.group(1).strip()
        if w == "SF":
            w = "San Francisco"
        stem = re.split(r"\s[A-D]\.\s", u)[0].strip()
        sig = (income, live.group(1), w, tuple(choices), key)
        if sig in seen:
            continue
        seen.append(sig)
        out.append(TaxQ(n, stem, choices, LET.index(key), income, live.group(1).strip(), w))
    return out


def load_series(z):
    out = []
    for n, d in read_jsonl(z, "number_series_test/samples.jsonl"):
        u = user_text(d)
        key = str(d.get("ideal", "")).strip().strip("()")
        if not u or key not in ("A", "B", "C", "D"):
            continue
        m = re.match(r"Find the missing number in the series,\s*(.*?)\s*\(A\)", u)
        opts = re.findall(r"\(([A-D])\)\s*(-?\d+)\s*(?=\([A-D]\)|$)", u.strip())
        if not m or len(opts) != 4 or [o[0] for o in opts] != list(LET):
            continue
        toks = [t.strip() for t in m.group(1).rstrip(". ").split(",") if t.strip()]
        vals, blank = [], None
        ok = True
        for k, t in enumerate(toks):
            t = t.rstrip(".")
            if t in ("_", "?"):
                if blank is not None:
                    ok = False
                blank = k
                vals.append(None)
            elif re.fullmatch(r"-?\d+", t):
                vals.append(int(t))
            else:
                ok = False
        choices = [o[1] for o in opts]
        if not ok or blank is None or len(set(choices)) != 4:
            continue
        out.append(SeriesQ(n, u, vals, blank, choices, LET.index(key)))
    return out


def parse_figs(s):
    return [p.strip() for p in s.split("|") if p.strip()]


def load_diag(z):
    out, clean = [], 0
    for n, d in read_jsonl(z, "diagrammatic_logic/samples.jsonl"):
        u = user_text(d)
        ideal = d.get("ideal")
        key = ideal[0] if isinstance(ideal, list) and ideal else ideal
        if not u or key not in ("A", "B", "C", "D"):
            continue
        head = u.split("Examples of these operators")[0]
        effects = {}
        for m in re.finditer(r"^([A-Z]) (.+)$", head, re.M):
            effects[m.group(1)] = m.group(2).strip()
        qm = re.search(r"Question:\n(.*)\n", u)
        opts = re.findall(r"^([A-D]) - (\|.*\|)\s*$", u, re.M)
        if not qm or len(opts) != 4 or [o[0] for o in opts] != list(LET):
            continue
        ql = qm.group(1).strip()
        ops = re.findall(r"- ([A-Z]) -", ql)
        if not ops or any(o not in effects for o in ops):
            continue
        if ql.startswith("?"):
            forward = False
            given = parse_figs(ql[ql.rindex("-") + 1:])
        elif ql.endswith("?"):
            forward = True
            given = parse_figs(ql[:ql.index(" - ")])
        else:
            continue
        figs = [parse_figs(o[1]) for o in opts]
        bad = False
        for f in figs + [given]:
            for x in f:
                if not re.fullmatch(r"(small|large) (light|dark) (circle|triangle)", x):
                    bad = True
        for i in range(4):
            for j in range(4):
                if i != j and figs[i] == figs[j][:len(figs[i])]:
                    bad = True
        if bad or not given:
            continue
        clean += 1
        if clean % 5 != 1:
            continue
        out.append(DiagQ(n, effects, ops, given, forward, [o[1].strip() for o in opts], figs, LET.index(key)))
    return out


# --------------------------------------------------------------------------
# shared helpers for styles
# --------------------------------------------------------------------------
def others(t):
    return [i for i in range(4) if i != t]


def sample(r, seq, k):
    seq = list(seq)
    r.shuffle(seq)
    return seq[:k]


def brief_reason(q, t, r):
    """One or two sentences of reasoning that lead to choice t."""
    o = r.choice(others(t))
    return r.choice([q.support(t), q.against(o, t) + " " + q.support(t), q.support(t)])


# --------------------------------------------------------------------------
# styles: agent / tool traces
# --------------------------------------------------------------------------
def react_steps(q, r, n):
    qs = q.queries()
    obs = q.observations()
    th = q.thoughts()
    qi = sample(r, range(len(qs)), n)
    oi = sample(r, range(len(obs)), n)
    ti = sample(r, range(len(th)), n)
    tool = r.choice(["search", "Search", "web_search", "lookup"])
    steps = []
    for k in range(n):
        steps.append("Thought: %s\nAction: %s[%s]\nObservation: %s" % (th[ti[k]], tool, qs[qi[k]], obs[oi[k]]))
    return steps


def s_react_letter(q, t, r):
    steps = react_steps(q, r, r.randint(1, 3))
    fin = r.choice(["Final Answer: %s", "Final Answer: (%s)", "Final Answer: Option %s",
                    "Final Answer: %s" + " — " + q.disp(t), "Final Answer: %s.",
                    "Action: finish[%s]", "Action: Final Answer\nAction Input: %s",
                    "Action:\n```json\n{\"action\": \"Final Answer\", \"action_input\": \"%s\"}\n```"]) % lt(t)
    close = r.choice(["Thought: I now know the final answer.\n", "Thought: %s\n" % q.support(t), ""])
    return "\n".join(steps) + "\n" + close + fin


def s_react_text(q, t, r):
    steps = react_steps(q, r, r.randint(1, 3))
    if q.set == "taxes":
        fin = r.choice(["Final Answer: %s", "Final Answer: The estimated income tax is %s.",
                        "Final Answer: about %s in income tax"]) % q.disp(t)
    elif q.set == "number_series_test":
        fin = r.choice(["Final Answer: %s", "Final Answer: the missing number is %s",
                        "Final Answer: %s fills the gap."]) % q.disp(t)
    else:
        fin = r.choice(["Final Answer: %s" % q.disp(t), "Final Answer: the sequence is %s" % q.disp(t),
                        "Final Answer: %s" % q.bare(t)])
    close = r.choice(["Thought: I now know the final answer.\n", "Thought: I can answer now.\n", ""])
    return "\n".join(steps) + "\n" + close + fin


def s_react_conflict(q, t, r):
    o = r.choice(others(t))
    steps = react_steps(q, r, r.randint(1, 2))
    src = r.choice(["A homework-help forum thread on this exact question", "A cached flashcard set",
                    "An answer key posted on a study site", "A community Q&A answer with two upvotes"])
    steps.append("Thought: Let me see if this question has been answered somewhere.\nAction: search[%s]\n"
                 "Observation: %s says the answer is %s (%s), but shows no working."
                 % (q.short_topic(), src, lt(o), q.disp(o)))
    mid = r.choice([
        "Thought: That source gives no reasoning, and my own check disagrees with it. %s" % q.against(o, t),
        "Thought: I shouldn't trust an unexplained answer key. %s" % q.support(t),
        "Thought: The posted answer %s looks wrong to me. %s" % (lt(o), q.support(t)),
    ])
    fin = r.choice(["Final Answer: %s", "Final Answer: (%s)", "Final Answer: %s, not the one the forum gave"]) % lt(t)
    return "\n".join(steps) + "\n" + mid + "\n" + fin


def s_react_truncated(q, r):
    steps = react_steps(q, r, r.randint(1, 2))
    tail = r.choice([
        "Thought: %s\nAction: %s[" % (r.choice(q.thoughts()), r.choice(["search", "calculator", "lookup"])),
        "Thought: Now I need to compare the four options against",
        "Thought: %s\nAction: calculator[" % r.choice(q.thoughts()),
        "Action: search[%s]\nObservation:" % r.choice(q.queries()),
        "Thought: I still need one more lookup before I can",
    ])
    return "\n".join(steps) + "\n" + tail


def s_function_call(q, t, r):
    L = lt(t)
    v = r.randint(0, 5)
    cid = "call_%06d" % r.randint(0, 999999)
    if v == 0:
        args = json.dumps({"answer": L})
        obj = {"tool_calls": [{"id": cid, "type": "function",
                               "function": {"name": "submit_answer", "arguments": args}}]}
    elif v == 1:
        args = json.dumps({"choice": L, "confidence": round(r.uniform(0.55, 0.95), 2)})
        obj = {"function_call": {"name": "record_choice", "arguments": args}}
    elif v == 2:
        elim = sorted(lt(i) for i in sample(r, others(t), 2))
        args = json.dumps({"eliminated": elim, "answer": L, "reason": q.support(t)})
        obj = {"tool_calls": [{"id": cid, "type": "function",
                               "function": {"name": "final_answer", "arguments": args}}]}
    elif v == 3:
        args = json.dumps({"selected_option": L, "option_text": q.bare(t)}, indent=2)
        obj = {"name": "answer_mcq", "arguments": args}
    elif v == 4:
        args = json.dumps({"letter": L})
        obj = {"role": "assistant", "content": None,
               "tool_calls": [{"id": cid, "type": "function",
                               "function": {"name": "submit", "arguments": args}}]}
    else:
        args = json.dumps({"question_id": q.id_base, "response": L})
        obj = {"function_call": {"name": "grade_submission", "arguments": args}}
    txt = json.dumps(obj, ensure_ascii=False, indent=r.choice([None, 2]))
    pre = r.choice(["", "I'll submit my answer.\n", "Calling the answer tool.\n\n", "```json\n"])
    if pre == "```json\n":
        return pre + txt + "\n```"
    return pre + txt


def s_function_empty(q, r):
    cid = "call_%06d" % r.randint(0, 999999)
    v = r.randint(0, 5)
    if v == 0:
        args = json.dumps({"answer": ""})
    elif v == 1:
        args = json.dumps({"answer": None, "reason": "insufficient information"})
    elif v == 2:
        args = "{}"
    elif v == 3:
        args = json.dumps({"answer": "N/A"})
    elif v == 4:
        args = '{"answer": "'
    else:
        return json.dumps({"tool_calls": [{"id": cid, "type": "function", "function": {
            "name": "web_search", "arguments": json.dumps({"query": r.choice(q.queries())})}}]},
            indent=r.choice([None, 2]))
    name = r.choice(["submit_answer", "final_answer", "record_choice"])
    return json.dumps({"tool_calls": [{"id": cid, "type": "function",
                                       "function": {"name": name, "arguments": args}}]},
                      indent=r.choice([None, 2]))


def s_xml(q, t, r):
    L = lt(t)
    o = r.choice(others(t))
    v = r.randint(0, 5)
    if v == 0:
        return "<reasoning>%s</reasoning>\n<answer>%s</answer>" % (brief_reason(q, t, r), L)
    if v == 1:
        return "<scratchpad>\n%s\n%s\n</scratchpad>\n<final>%s</final>" % (q.neutral(o), q.neutral(t), L)
    if v == 2:
        return "<response>\n  <choice>%s</choice>\n  <confidence>%s</confidence>\n</response>" % (
            L, r.choice(["high", "medium", "0.7", "0.85"]))
    if v == 3:
        return "<final_answer letter=\"%s\">%s</final_answer>" % (L, q.bare(t))
    if v == 4:
        return "%s\n\n<final>The answer is %s.</final>" % (q.support(t), L)
    return "<analysis>%s</analysis>\n<answer>\n%s\n</answer>" % (q.against(o, t), L)


def s_yaml(q, t, r):
    L = lt(t)
    elim = sorted(lt(i) for i in sample(r, others(t), r.randint(1, 3)))
    lines = []
    if r.random() < 0.5:
        lines.append("question: %s" % json.dumps(q.short_topic()))
    if r.random() < 0.6:
        lines.append("eliminated: [%s]" % ", ".join(elim))
    lines.append(r.choice(["answer: %s", "answer: \"%s\"", "final_answer: %s", "choice: %s"]) % L)
    if r.random() < 0.6:
        lines.append("confidence: %s" % r.choice(["high", "medium", "0.8", "0.65"]))
    if r.random() < 0.5:
        lines.append("rationale: >\n  %s" % q.support(t))
    body = "\n".join(lines)
    return r.choice(["```yaml\n%s\n```", "%s", "Here is my answer in YAML:\n\n```yaml\n%s\n```"]) % body


def s_keyvalue(q, t, r):
    L = lt(t)
    v = r.randint(0, 3)
    if v == 0:
        return "status=ok\nanswer=%s\nconfidence=%.2f" % (L, r.uniform(0.5, 0.95))
    if v == 1:
        return "ANSWER=%s; CONFIDENCE=%s; METHOD=%s" % (L, r.choice(["HIGH", "MEDIUM"]),
                                                      r.choice(["direct", "elimination", "calculation"]))
    if v == 2:
        return "id=%s\nselected=%s\ntext=%s" % (q.id_base, L, q.bare(t))
    return "%s\n\nresult: answer=%s" % (q.support(t), L)


def s_json_object(q, t, r):
    L = lt(t)
    v = r.randint(0, 3)
    if v == 0:
        obj = {"answer": L, "explanation": q.support(t)}
    elif v == 1:
        obj = {"selected_option": L, "option_text": q.bare(t)}
    elif v == 2:
        obj = {"result": {"choice": L, "confidence": round(r.uniform(0.5, 0.95), 2)}}
    else:
        o = r.choice(others(t))
        obj = {"considered": [lt(i) for i in range(4)], "rejected": sorted([lt(i) for i in others(t)]),
               "answer": L, "note": q.against(o, t)}
    txt = json.dumps(obj, ensure_ascii=False, indent=r.choice([None, 2]))
    return r.choice(["%s", "```json\n%s\n```", "Output:\n%s"]) % txt


def s_think(q, t, r):
    o = r.choice(others(t))
    inner = r.choice([
        "Maybe it's %s? %s Hmm, no. %s" % (lt(o), q.neutral(o), q.support(t)),
        "%s %s At first %s looked tempting, but it doesn't hold up." % (q.neutral(o), q.neutral(t), lt(o)),
        "Let me check each option. %s %s So not %s." % (q.neutral(o), q.against(o, t), lt(o)),
    ])
    fin = r.choice(["**%s**", "Answer: %s", "%s", "The answer is %s.", "%s — " + q.disp(t)]) % lt(t)
    tag = r.choice(["think", "thinking", "reasoning"])
    return "<%s>\n%s\n</%s>\n\n%s" % (tag, inner, tag, fin)


def s_template_leak(q, t, r):
    L = lt(t)
    v = r.randint(0, 4)
    if v == 0:
        return "<|im_start|>assistant\nThe answer is %s.<|im_end|>" % L
    if v == 1:
        return "[/INST] The correct answer is (%s). %s</s>" % (L, q.support(t))
    if v == 2:
        return "<start_of_turn>model\nAnswer: %s<end_of_turn>" % L
    if v == 3:
        return "Answer: %s\n\n### Instruction:\nAnswer the next question about %s." % (L, q.short_topic())
    return "<|assistant|>\n%s\nSo: %s<|end|>\n<|user|>" % (q.support(t), L)


# --------------------------------------------------------------------------
# styles: multilingual and unusual letter forms
# --------------------------------------------------------------------------
FOREIGN = ["Réponse : {L}", "La bonne réponse est {L}.", "Antwort: {L}", "Die richtige Antwort ist {L}.",
           "La respuesta es {L}.", "la respuesta correcta es la opción {L}", "Risposta: {L}",
           "Resposta: {L}", "Het antwoord is {L}.", "Odpowiedź: {L}", "Svar: {L}",
           "Respuesta final: {L}", "Lösung: {L}", "Réponse finale : {L}"]


def s_foreign(q, t, r):
    phrase = r.choice(FOREIGN).format(L=lt(t))
    v = r.randint(0, 3)
    if v == 0:
        return "%s\n\n%s" % (q.support(t), phrase)
    if v == 1:
        return "%s (%s)" % (phrase, q.disp(t))
    if v == 2:
        return "Okay! %s. Let me know if you'd like the working for %s." % (phrase.rstrip("."), q.short_topic())
    return "**%s**\n\n%s" % (phrase, q.against(r.choice(others(t)), t))


FULLWIDTH = "ＡＢＣＤ"


def s_fullwidth(q, t, r):
    F = FULLWIDTH[t]
    return r.choice([
        "The answer is %s." % F,
        "Answer：（%s）" % F,
        "**%s**" % F,
        "Final answer: %s — %s" % (F, q.disp(t)),
        "%s\n\nAnswer: %s" % (q.support(t), F),
    ])


LOOKALIKE = [["\u0410", "\u0391", "\ua4ee"],          # Cyrillic A, Greek Alpha, Lisu A
             ["\u0412", "\u0392", "\ua4d0"],          # Cyrillic Ve, Greek Beta, Lisu B
             ["\u0421", "\u03f9", "\ua4da"],          # Cyrillic Es, Greek lunate Sigma, Lisu C
             ["\u13a0", "\ua4d3"]]                    # Cherokee A (looks like D), Lisu D


def s_lookalike(q, t, r):
    X = r.choice(LOOKALIKE[t])
    return r.choice([
        "The answer is %s." % X,
        "Answer: (%s)" % X,
        "%s\n\nSo the answer is %s." % (q.support(t), X),
        "I'd pick %s: %s" % (X, q.disp(t)),
        "Correct option — %s" % X,
    ])


def math_letter(t, kind):
    bases = {"bold": 0x1D400, "italic": 0x1D434, "bolditalic": 0x1D468, "sans": 0x1D5A0,
             "sansbold": 0x1D5D4, "mono": 0x1D670, "double": 0x1D538}
    if kind == "double" and t == 2:
        return "\u2102"
    return chr(bases[kind] + t)


def s_math_letter(q, t, r):
    X = math_letter(t, r.choice(["bold", "italic", "bolditalic", "sans", "sansbold", "mono", "double"]))
    return r.choice([
        "Answer: %s" % X,
        "The correct choice is %s." % X,
        "%s\n\n➤ %s" % (q.support(t), X),
        "%s (%s)" % (X, q.disp(t)),
    ])


def s_circled(q, t, r):
    X = r.choice(["ⒶⒷⒸⒹ", "ⓐⓑⓒⓓ"])[t]
    return r.choice([
        "%s" % X + " " + q.disp(t),
        "Answer: %s" % X,
        "My pick: %s\n\n%s" % (X, q.support(t)),
        "The answer is %s." % X,
        "%s\n\n→ %s" % (q.support(t), X),
    ])


def s_emoji(q, t, r):
    sq = ["🅰️", "🅱️", "🅲", "🅳"][t]
    ri = ["🇦", "🇧", "🇨", "🇩"][t]
    kc = "%d\ufe0f\u20e3" % (t + 1)
    return r.choice([
        "Answer: %s" % sq,
        "%s ✅" % sq,
        "The answer is %s (%s)" % (ri, q.disp(t)),
        "Option %s ✅ — %s" % (kc, q.disp(t)),
        "👉 %s\n\n%s" % (sq, q.support(t)),
        "Going with option %s 🎯" % kc,
    ])


ORD = ["first", "second", "third", "fourth"]


def s_option_number(q, t, r):
    n = t + 1
    v = r.randint(0, 6)
    if v == 0:
        return "Option #%d." % n
    if v == 1:
        return "The %s option (%s) is correct." % (ORD[t], q.disp(t))
    if v == 2:
        return "%s\n\nI'd choose option number %d." % (q.support(t), n)
    if v == 3:
        return "Answer: choice %d of 4" % n
    if v == 4:
        pos = {0: "the first one", 3: "the last one"}.get(t, "the %s one" % ORD[t])
        return "It's %s listed: %s." % (pos, q.disp(t))
    if v == 5:
        return "Going with option %d — %s" % (n, q.disp(t))
    return "The %s choice." % ORD[t]


ROMAN = ["i", "ii", "iii", "iv"]


def s_roman(q, t, r):
    x = ROMAN[t]
    if t > 0 and r.random() < 0.4:
        x = x.upper()
    return r.choice([
        "Option %s." % x,
        "The answer is option (%s)." % x,
        "I'd go with choice %s: %s" % (x, q.disp(t)),
        "%s\n\nAnswer: option %s" % (q.support(t), x),
        "Answer — (%s) %s" % (x, q.disp(t)),
    ])


# --------------------------------------------------------------------------
# styles: essays
# --------------------------------------------------------------------------
def word_count(s):
    return len(s.split())


GENERIC_FILLER = [
    "It helps to slow down and check each step rather than jumping to the option that looks familiar.",
    "Multiple-choice distractors are often built from common mistakes, so a plausible-looking option is not necessarily right.",
    "Writing the reasoning out explicitly makes it easier to spot where a calculation goes astray.",
    "A final check against the original wording of the question is always worthwhile.",
    "It is easy to misread a single detail in a question like this, so re-reading it once more costs little.",
    "Test writers usually make the wrong options close enough to the right one to punish careless arithmetic.",
]


def essay_blocks(q, r, n_fill):
    fill = sample(r, q.filler(), len(q.filler())) + sample(r, GENERIC_FILLER, len(GENERIC_FILLER))
    intro = r.choice([
        "This question asks about %s." % q.topic(),
        "We are asked to determine %s." % q.topic(),
        "The task here is to find %s." % q.topic(),
    ])
    return intro, fill


def neutral_paragraph(q, r):
    order = list(range(4))
    if r.random() < 0.3:
        r.shuffle(order)
    return " ".join(q.neutral(i) for i in order)


def verdict(q, t, r, where):
    L = lt(t)
    if where == "start":
        return r.choice(["Answer: %s." % L, "Short answer: %s (%s)." % (L, q.disp(t)),
                         "The answer is %s." % L, "I'd go with %s." % L])
    if where == "middle":
        return r.choice(["Weighing this, option %s is the one I'd select." % L,
                         "On balance my answer is %s." % L,
                         "That points me to %s (%s) as the answer." % (L, q.disp(t))])
    return r.choice(["So my final answer is %s." % L, "Taking all of this into account, I'd answer %s." % L,
                     "Final answer: %s (%s)." % (L, q.disp(t)), "Therefore, the answer is %s." % L])


def fill_to(sentences, r, words_needed):
    out = []
    k = 0
    while word_count(" ".join(out)) < words_needed and k < len(sentences):
        out.append(sentences[k])
        k += 1
    return out


def s_essay_start(q, t, r):
    intro, fill = essay_blocks(q, r, 0)
    p1 = [verdict(q, t, r, "start"), intro] + fill[:3]
    p2 = neutral_paragraph(q, r)
    rest = fill[3:]
    p3 = fill_to(rest, r, 120)
    p4 = sample(r, q.closers(), 2)
    text = "\n\n".join([" ".join(p1), p2, " ".join(p3), " ".join(p4)])
    extra = rest[len(p3):]
    while word_count(text) < 310 and extra:
        text += " " + extra.pop(0)
    return text


def s_essay_middle(q, t, r):
    intro, fill = essay_blocks(q, r, 0)
    p1 = [intro] + fill[:4]
    p2 = neutral_paragraph(q, r)
    v = verdict(q, t, r, "middle")
    rest = fill[4:]
    p5 = sample(r, q.closers(), 3)
    pre_words = word_count(" ".join(p1) + " " + p2)
    p4 = fill_to(rest, r, max(110, 310 - pre_words - word_count(" ".join(p5))))
    return "\n\n".join([" ".join(p1), p2, v, " ".join(p4), " ".join(p5)])


def s_essay_end(q, t, r):
    intro, fill = essay_blocks(q, r, 0)
    p1 = [intro] + fill[:4]
    p2 = neutral_paragraph(q, r)
    rest = fill[4:]
    p3 = fill_to(rest, r, 120)
    p4 = sample(r, q.closers(), 2)
    body = "\n\n".join([" ".join(p1), p2, " ".join(p3), " ".join(p4)])
    extra = rest[len(p3):]
    while word_count(body) < 300 and extra:
        body += " " + extra.pop(0)
    return body + "\n\n" + verdict(q, t, r, "end")


def s_essay_all_options(q, t, r):
    intro, fill = essay_blocks(q, r, 0)
    p1 = [intro] + fill[:3]
    p2 = neutral_paragraph(q, r)
    pairs = [(0, 1), (2, 3), (1, 3), (0, 2)]
    r.shuffle(pairs)
    p3 = " ".join(q.compare(i, j) for i, j in pairs[:3])
    recap = "To recap the four candidates: (A) %s, (B) %s, (C) %s and (D) %s." % tuple(q.disp(i) for i in range(4))
    p4 = fill[3:6]
    p5 = ("Looking at A, B, C and D once more against the rule, each of them has to be checked at every step, "
          "and A, B, C and D differ in ways that matter here.")
    where = r.choice(["start", "end"])
    body = "\n\n".join([" ".join(p1), p2, p3, recap + " " + " ".join(p4), p5])
    extra = fill[6:]
    while word_count(body) < 310 and extra:
        body += " " + extra.pop(0)
    if where == "start":
        return verdict(q, t, r, "start") + "\n\n" + body
    return body + "\n\n" + verdict(q, t, r, "end")


def s_essay_undecided(q, r):
    a, b = sorted(sample(r, range(4), 2))
    intro, fill = essay_blocks(q, r, 0)
    p1 = [intro] + fill[:4]
    p2 = neutral_paragraph(q, r)
    rest = fill[4:]
    p3 = fill_to(rest, r, 110)
    body = "\n\n".join([" ".join(p1), p2, " ".join(p3)])
    extra = rest[len(p3):]
    while word_count(body) < 300 and extra:
        body += " " + extra.pop(0)
    end = r.choice([
        "That narrows it to %s or %s, but I can't decide between those two with the information given." % (lt(a), lt(b)),
        "I'm left with two candidates, %s and %s, and nothing in the question lets me choose between them." % (lt(a), lt(b)),
        "My honest conclusion is that it is either %s or %s; I won't pretend to be sure which." % (lt(a), lt(b)),
    ])
    return body + "\n\n" + end


# --------------------------------------------------------------------------
# styles: choice text only, with formatting
# --------------------------------------------------------------------------
def s_text_bold(q, t, r):
    d = q.disp(t)
    return r.choice([
        "**%s**" % d,
        "The answer is **%s**." % d,
        "**Answer:** %s" % d,
        "%s\n\n**%s**" % (q.neutral_noletter(t), d),
        "It comes out to **%s**." % d,
    ])


def s_text_code(q, t, r):
    d = q.bare(t) if (q.set == "diagrammatic_logic" and r.random() < 0.5) else q.disp(t)
    return r.choice([
        "`%s`" % d,
        "Result: `%s`" % d,
        "```\n%s\n```" % d,
        "The correct option is `%s`." % d,
    ])


def s_text_quote(q, t, r):
    d = q.bare(t) if r.random() < 0.5 else q.disp(t)
    return r.choice([
        "> %s\n\nThat's the one." % d,
        "The correct option reads:\n\n> %s" % d,
        "> %s\n\n%s" % (d, q.neutral_noletter(t)),
        "Answer:\n> \"%s\"" % d,
    ])


def s_text_bullet(q, t, r):
    d = q.disp(t)
    return r.choice([
        "- %s" % d,
        "Answer:\n* %s" % d,
        "• %s" % d,
        "Final:\n\n1. %s" % d,
        "- **%s** ← correct" % d,
    ])


def s_text_citation(q, t, r):
    d = q.disp(t)
    if q.set == "taxes":
        src = r.choice(["IRS Rev. Proc. 2020-45 (2021 brackets)", "IRS Publication 17 (2021)",
                        "state revenue department rate tables, 2021", "Tax Foundation, 2021 state rates"])
        return r.choice([
            "Your estimated 2021 income tax is **%s** [1].\n\n[1] %s" % (d, src),
            "About %s in total income tax.[^1]\n\n[^1]: %s" % (d, src),
            "The closest figure is %s (source: %s)." % (d, src),
            "Estimated liability: %s [2][3]\n\n[2] %s\n[3] Tax Foundation" % (d, src),
        ])
    if q.set == "number_series_test":
        src = r.choice(["OEIS search", "method of differences", "Khan Academy: arithmetic sequences",
                        "standard series-completion technique"])
        return r.choice([
            "The missing number is **%s** [1].\n\n[1] %s" % (d, src),
            "%s fills the gap.¹\n\n¹ Verified with the %s." % (d, src),
            "The blank is %s (source: %s)." % (d, src),
        ])
    src = r.choice(["the operator definitions", "example 2 in the prompt", "the worked examples"])
    return r.choice([
        "The result is %s [1].\n\n[1] Derived from %s." % (d, src),
        "%s (source: %s)" % (d, src),
        "It is %s.[^1]\n\n[^1]: See %s." % (d, src),
    ])


# --------------------------------------------------------------------------
# styles: refusals and non-answers
# --------------------------------------------------------------------------
def s_policy_refusal(q, r):
    if q.set == "taxes" and r.random() < 0.5:
        return r.choice([
            "I can't provide personalised tax advice about %s. Please consult a licensed tax professional or the IRS website." % q.topic(),
            "I'm not able to calculate a specific tax liability for you. For %s, a qualified tax preparer is the right person to ask." % q.short_topic(),
        ])
    return r.choice([
        "I'm sorry, but I can't help with that request.",
        "I'm sorry, but I can't assist with %s." % q.short_topic(),
        "This request falls outside what I'm able to help with, so I won't be answering questions about %s." % q.short_topic(),
        "I can't comply with this request. Is there something else I can help you with?",
        "As an AI developed to follow safety guidelines, I'm unable to respond to this prompt about %s." % q.short_topic(),
    ])


def s_exam_refusal(q, r):
    return r.choice([
        "It looks like this question comes from an exam or assessment. I can't provide answers to exam questions, but I'm happy to explain how to approach %s." % q.short_topic(),
        "I can't help with live tests. If you're studying, I can walk you through the method for %s instead." % q.short_topic(),
        "Sharing answers to graded assessments would violate academic integrity, so I won't pick an option here. I can explain the underlying concepts if that helps.",
        "I'd rather not just hand over the answer to what looks like a quiz question on %s. Want me to give you a hint instead?" % q.short_topic(),
    ])


def s_ambiguous(q, r):
    return r.choice([
        "The question is ambiguous: %s. Without that, I can't choose among the options." % q.ambiguity(),
        "I don't think this can be answered as posed, because %s." % q.ambiguity(),
        "Before picking an option I'd need clarification — %s. Could you clarify?" % q.ambiguity(),
        "There isn't enough information here: %s. So I'm not selecting any option." % q.ambiguity(),
    ])


def s_conditional(q, r):
    a, b = sample(r, range(4), 2)
    if q.set == "taxes":
        c1, c2 = "if the student is taxed only where the work is done", "if the home state taxes the wages as well"
    elif q.set == "number_series_test":
        c1, c2 = "if the rule is based on differences", "if it is based on alternating terms"
    else:
        c1, c2 = "if %s acts on positions" % q.ops_desc(), "if it acts on attributes"
    return r.choice([
        "It depends: %s, the answer is %s; %s, it's %s." % (c1, lt(a), c2, lt(b)),
        "Under one reading (%s) you'd get %s; under the other (%s) you'd get %s. The question doesn't say which." % (c1, lt(a), c2, lt(b)),
    ])


def s_multiple_correct(q, r):
    a, b = sorted(sample(r, range(4), 2))
    return r.choice([
        "Both %s and %s are correct." % (lt(a), lt(b)),
        "%s and %s are equally valid answers here; the question has two correct options." % (lt(a), lt(b)),
        "I'd accept either %s (%s) or %s (%s) — they both fit." % (lt(a), q.disp(a), lt(b), q.disp(b)),
        "Answer: %s, %s" % (lt(a), lt(b)),
        "Honestly, %s and %s are both defensible, so I'd mark both." % (lt(a), lt(b)),
    ])


def s_none_of_options(q, r):
    return r.choice([
        "None of the listed options is correct: %s." % q.none_reason(),
        "None of the above — %s." % q.none_reason(),
        "I don't think any of A–D is right; %s." % q.none_reason(),
        "All four options look wrong to me, because %s. The question may have a typo." % q.none_reason(),
    ])


def s_truncated(q, r):
    return q.truncated(r)


def s_na(q, r):
    return r.choice([
        "Answer: N/A",
        "Final answer: N/A (insufficient information about %s)" % q.short_topic(),
        "answer: —",
        "The answer is {answer}.",
        "Answer: <letter>",
        "N/A",
        "Selected option: [none]",
        "Answer: [insert choice here] — %s" % q.short_topic(),
    ])


# --------------------------------------------------------------------------
# styles: quoting, probabilities, rankings, tables
# --------------------------------------------------------------------------
def s_quote_question(q, t, r):
    opts = "\n".join("%s. %s" % (lt(i), q.disp(i)) for i in range(4))
    head = r.choice(["Question: %s", "You asked: \"%s\"", "> %s"]) % q.question()
    fin = r.choice(["Answer: %s", "The correct answer is %s.", "**%s**", "My answer: %s — " + q.disp(t)]) % lt(t)
    mid = "\n\n" + q.support(t) if r.random() < 0.4 else ""
    return "%s\n\n%s%s\n\n%s" % (head, opts, mid, fin)


def probs(r, top, spread):
    """Four integer percentages summing to 100, maximum at `top` (if top is not None)."""
    while True:
        raw = [r.randint(3, 30) for _ in range(4)]
        if top is not None:
            raw[top] = max(raw) + r.randint(spread, spread + 30)
        s = sum(raw)
        pct = [int(round(100.0 * x / s)) for x in raw]
        pct[pct.index(max(pct))] += 100 - sum(pct)
        if top is None or (pct[top] == max(pct) and pct.count(pct[top]) == 1):
            return pct


def s_probs_pick(q, t, r):
    p = probs(r, t, 10)
    table = r.choice([
        ", ".join("%s: %d%%" % (lt(i), p[i]) for i in range(4)),
        "\n".join("- %s (%s): %d%%" % (lt(i), q.disp(i), p[i]) for i in range(4)),
        "P(A)=%.2f, P(B)=%.2f, P(C)=%.2f, P(D)=%.2f" % tuple(x / 100.0 for x in p),
    ])
    pick = r.choice([
        "Going with the most likely: %s." % lt(t),
        "So my answer is %s." % lt(t),
        "I'll go with the option I rated highest.",
        "Answer: the highest-probability option, %s." % lt(t),
    ])
    return "My probability estimates:\n%s\n\n%s" % (table, pick)


def s_probs_only(q, r):
    a, b = sample(r, range(4), 2)
    while True:
        p = probs(r, None, 0)
        p = sorted(p, reverse=True)
        if p[0] - p[1] <= 12:
            break
    order = [a, b] + [i for i in range(4) if i not in (a, b)]
    vals = [0] * 4
    for k, i in enumerate(order):
        vals[i] = p[k]
    table = r.choice([
        ", ".join("%s: %d%%" % (lt(i), vals[i]) for i in range(4)),
        "\n".join("| %s | %d%% |" % (lt(i), vals[i]) for i in range(4)),
        "\n".join("%s) %s — %d%%" % (lt(i), q.disp(i), vals[i]) for i in range(4)),
    ])
    tail = r.choice([
        "I'm not confident enough to commit to a single option.",
        "These are my credences; I'd rather not pick one.",
        "That's as far as I can take it.",
    ])
    return "Probability per option:\n%s\n\n%s" % (table, tail)


def s_ranking(q, t, r):
    rest = others(t)
    r.shuffle(rest)
    order = [t] + rest
    v = r.randint(0, 3)
    if v == 0:
        return "Ranking (most to least likely): %s.\nAnswer: %s" % (" > ".join(lt(i) for i in order), lt(t))
    if v == 1:
        asc = list(reversed(order))
        return ("From least to most plausible: %s. My pick is the last of these, %s."
                % (", ".join(lt(i) for i in asc), lt(t)))
    if v == 2:
        lines = "\n".join("%d. %s — %s" % (k + 1, lt(i), q.disp(i)) for k, i in enumerate(order))
        return "Ranked best to worst:\n%s\n\nSo I'd answer %s." % (lines, lt(t))
    return ("My ordering: %s first, then %s, %s and %s last. The top-ranked option is my answer."
            % tuple(lt(i) for i in order))


def s_table(q, t, r):
    head = r.choice(["| Option | Value | Verdict |\n|---|---|---|", "| Choice | Text | OK? |\n|:-:|---|:-:|"])
    rows = []
    for i in range(4):
        mark = r.choice(["✅", "✔️"]) if i == t else r.choice(["❌", "✗"])
        rows.append("| %s | %s | %s |" % (lt(i), q.disp(i), mark))
    tail = r.choice(["", "\n\n**Answer: %s**" % lt(t), "\n\nOnly %s survives the check." % lt(t)])
    return head + "\n" + "\n".join(rows) + tail


# --------------------------------------------------------------------------
# styles: paraphrase, self-correction, negation, conflicts
# --------------------------------------------------------------------------
def s_paraphrase(q, t, r):
    w = q.words(t, r)
    if q.set == "taxes":
        return r.choice([
            "I'd estimate the liability at %s, which is one of the listed amounts." % w,
            "The total comes to %s." % w,
            "Roughly speaking you'd owe %s in income tax for the summer." % w,
        ])
    if q.set == "number_series_test":
        return r.choice([
            "The gap should be filled by %s." % w,
            "The missing term is %s." % w,
            "It has to be %s — that's the only value that keeps the pattern going." % w,
        ])
    return r.choice([
        "The result is %s." % w,
        "You end up with %s." % w,
        "After the operators are applied you have %s." % w if q.forward else
        "The starting sequence must have been %s." % w,
    ])


def s_self_correction(q, t, r):
    o = r.choice(others(t))
    return r.choice([
        "%s. Wait — I misread the question. Redoing it: %s The correct answer is %s." % (lt(o), q.support(t), lt(t)),
        "I initially marked %s, but that was a slip; the correct choice is %s." % (lt(o), lt(t)),
        "Answer: %s\n\nEdit: on re-checking, %s So the answer is actually %s." % (lt(o), q.against(o, t), lt(t)),
        "My first instinct was %s (%s). Scratch that — %s Final answer: %s." % (lt(o), q.disp(o), q.support(t), lt(t)),
        "Correction to my earlier reply: it's not %s, it's %s." % (lt(o), lt(t)),
    ])


def s_negation(q, t, r):
    o1, o2 = sample(r, others(t), 2)
    return r.choice([
        "It's not %s, and it isn't %s either. The answer is %s." % (lt(o1), lt(o2), lt(t)),
        "While many people would pick %s, the correct answer is %s, not %s." % (lt(o1), lt(t), lt(o1)),
        "Not %s — %s The answer is %s rather than %s." % (lt(o1), q.against(o1, t), lt(t), lt(o2)),
        "%s is a distractor. So is %s. What's left, and what I'd defend, is %s." % (lt(o1), lt(o2), lt(t)),
        "Contrary to what the wording suggests, the answer isn't %s; it's %s (%s)." % (lt(o1), lt(t), q.disp(t)),
    ])


def s_elimination_two(q, r):
    a, b = sorted(sample(r, range(4), 2))
    gone = [i for i in range(4) if i not in (a, b)]
    return r.choice([
        "%s and %s can be ruled out. That leaves %s and %s, and I can't separate them." % (lt(gone[0]), lt(gone[1]), lt(a), lt(b)),
        "Definitely not %s, and not %s. Between %s and %s I'm genuinely unsure." % (lt(gone[0]), lt(gone[1]), lt(a), lt(b)),
        "Eliminating %s and %s leaves two candidates: %s (%s) and %s (%s). I can't narrow it further." % (
            lt(gone[0]), lt(gone[1]), lt(a), q.disp(a), lt(b), q.disp(b)),
    ])


def s_letter_text_conflict(q, r):
    a, b = sample(r, range(4), 2)
    return r.choice([
        "Answer: %s) %s" % (lt(a), q.disp(b)),
        "The correct option is %s, %s." % (lt(a), q.disp(b)),
        "**%s** — %s" % (lt(a), q.disp(b)),
    ])


# --------------------------------------------------------------------------
# style table: (name, count, kind, function)
# kind: "letter" -> f(q, t, r) with target t; "none"/"unclear" -> f(q, r)
# --------------------------------------------------------------------------
STYLES = [
    ("react_trace_final_answer_letter", 12, "letter", s_react_letter),
    ("react_trace_final_answer_choice_text", 10, "letter", s_react_text),
    ("react_trace_observation_contradicts_final", 10, "letter", s_react_conflict),
    ("react_trace_truncated_before_final", 10, "none", s_react_truncated),
    ("function_call_json_arguments_string", 12, "letter", s_function_call),
    ("function_call_empty_null_or_search_only", 10, "none", s_function_empty),
    ("xml_tagged_answer", 12, "letter", s_xml),
    ("yaml_answer_block", 10, "letter", s_yaml),
    ("key_value_lines", 10, "letter", s_keyvalue),
    ("json_answer_object", 10, "letter", s_json_object),
    ("think_tag_then_final", 10, "letter", s_think),
    ("chat_template_token_leak", 8, "letter", s_template_leak),
    ("foreign_language_answer_phrase", 14, "letter", s_foreign),
    ("fullwidth_letter", 10, "letter", s_fullwidth),
    ("lookalike_script_letter", 10, "letter", s_lookalike),
    ("math_alphanumeric_letter", 8, "letter", s_math_letter),
    ("circled_letter", 10, "letter", s_circled),
    ("emoji_letter_or_keycap", 10, "letter", s_emoji),
    ("option_number_or_ordinal", 12, "letter", s_option_number),
    ("roman_numeral_option", 10, "letter", s_roman),
    ("essay_answer_only_at_start", 10, "letter", s_essay_start),
    ("essay_answer_only_in_middle", 10, "letter", s_essay_middle),
    ("essay_answer_only_at_end", 10, "letter", s_essay_end),
    ("essay_every_option_repeated", 10, "letter", s_essay_all_options),
    ("essay_undecided_between_two", 6, "unclear", s_essay_undecided),
    ("choice_text_bold", 10, "letter", s_text_bold),
    ("choice_text_code_span", 8, "letter", s_text_code),
    ("choice_text_blockquote", 8, "letter", s_text_quote),
    ("choice_text_bullet", 8, "letter", s_text_bullet),
    ("choice_text_with_citation", 10, "letter", s_text_citation),
    ("policy_refusal", 8, "none", s_policy_refusal),
    ("exam_integrity_refusal", 8, "none", s_exam_refusal),
    ("ambiguous_question_no_pick", 8, "none", s_ambiguous),
    ("conditional_two_answers", 6, "unclear", s_conditional),
    ("multiple_options_claimed_correct", 8, "unclear", s_multiple_correct),
    ("none_of_the_options", 8, "none", s_none_of_options),
    ("truncated_mid_reasoning", 8, "none", s_truncated),
    ("na_or_unfilled_placeholder", 8, "none", s_na),
    ("quotes_question_and_options_first", 10, "letter", s_quote_question),
    ("probabilities_with_explicit_pick", 10, "letter", s_probs_pick),
    ("probabilities_without_pick", 8, "unclear", s_probs_only),
    ("ranking_with_stated_answer", 10, "letter", s_ranking),
    ("markdown_table_verdict", 8, "letter", s_table),
    ("paraphrase_in_other_words", 15, "letter", s_paraphrase),
    ("self_correction", 12, "letter", s_self_correction),
    ("negation_and_contrast", 12, "letter", s_negation),
    ("elimination_leaves_two", 6, "unclear", s_elimination_two),
    ("letter_text_contradiction", 6, "unclear", s_letter_text_conflict),
]

WRONG_RATE = 0.4


def build(wheel):
    z = zipfile.ZipFile(wheel)
    pools = {"taxes": load_taxes(z), "number_series_test": load_series(z),
             "diagrammatic_logic": load_diag(z)}
    set_order = ["taxes", "number_series_test", "diagrammatic_logic"]
    for name in set_order:
        if not pools[name]:
            raise SystemExit("no usable questions in %s" % name)
        random.Random("order|" + name).shuffle(pools[name])
    cursor = {name: 0 for name in set_order}
    rows, seen = [], []
    serial = 0
    for si, (style, count, kind, fn) in enumerate(STYLES):
        for k in range(count):
            sname = set_order[(k + si) % 3]
            pool = pools[sname]
            q = pool[cursor[sname] % len(pool)]
            cursor[sname] += 1
            for salt in range(50):
                r = random.Random("blind4|%s|%d|%d" % (style, k, salt))
                if kind == "letter":
                    if r.random() < WRONG_RATE:
                        t = r.choice(others(q.key))
                    else:
                        t = q.key
                    reply = fn(q, t, r)
                    meant = lt(t)
                else:
                    reply = fn(q, r)
                    meant = kind
                if reply not in seen:
                    break
            else:
                raise SystemExit("could not make a unique reply for %s #%d" % (style, k))
            seen.append(reply)
            serial += 1
            rows.append({"set": q.set, "id": "%s-%04d" % (q.id_base, serial),
                         "choices": list(q.choices), "style": style, "reply": reply, "meant": meant})
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description="Write the blind4 labelled reply set.")
    ap.add_argument("wheel", help="path to evals-3.0.1.post1-py3-none-any.whl")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output JSONL path (default: %(default)s)")
    a = ap.parse_args(argv)
    rows = build(a.wheel)
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print("wrote %d replies to %s" % (len(rows), a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
