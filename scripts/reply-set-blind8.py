#!/usr/bin/env python3
"""Write crates/exam/tests/data/replies-blind8.jsonl: a blind labelled set of replies to
four-choice questions, for measuring the reply reader.

Usage:
    python3 -m pip download --no-deps evals==3.0.1.post1 -d /tmp/evals-wheel
    python3 scripts/reply-set-blind8.py /tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl [--out PATH]

The questions come from three English-language four-choice sets of the PyPI `evals` wheel
(evals/registry/data/<set>/samples.jsonl): diagrammatic_logic, number_pattern and
solve-for-variable. Only the four choice texts of each drawn question are copied; no stem,
passage or key goes into the file. The replies were written for this set without looking at
the reader's code, its tests or its documented rules: they imitate how chat assistants, RAG
products, small local models, support bots, agents and hurried people answer a multiple-choice
question. Each reply is labelled with the choice its writer meant ("A"-"D"), "none" (no answer
given) or "unclear" (commits to no single choice).

Python 3 standard library only; deterministic (fixed seeds): the same wheel gives the same file.
After writing, the file is read back and checked; counts per set, style and meant value are
printed.
"""

import argparse
import collections
import json
import os
import re
import random
import sys
import zipfile

DATA = "evals/registry/data/"
LETTERS = "ABCD"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "crates", "exam", "tests", "data", "replies-blind8.jsonl"))
LICENSE = "evals-3.0.1.post1.dist-info/LICENSE.md"

# ---------------------------------------------------------------------------------------------
# Reading the sets
# ---------------------------------------------------------------------------------------------


def contents(record):
    """All message texts of a record's input, joined."""
    inp = record["input"]
    if isinstance(inp, str):
        return inp
    return "\n".join(m.get("content", "") for m in inp)


def parse_diagrammatic(record):
    text = record["input"][-1]["content"]
    stem, _, answers = text.partition("Possible Answers:")
    found = re.findall(r"^([A-Z]) - (.*)$", answers, re.M)
    ideal = record["ideal"]
    key = ideal[0] if isinstance(ideal, list) else ideal
    head = "\n".join(m["content"] for m in record["input"][:-1])
    return head + "\n" + stem, [c.strip() for _, c in found], [l for l, _ in found], key.strip()


def parse_number_pattern(record):
    text = record["input"][-1]["content"]
    found = re.findall(r"^([A-Z])、(.*)$", text, re.M)
    stem = re.split(r"\n[A-Z]、", text)[0]
    ideal = record["ideal"]
    key = ideal[0] if isinstance(ideal, list) else ideal
    head = "\n".join(m["content"] for m in record["input"][:-1])
    return head + "\n" + stem, [c.strip() for _, c in found], [l for l, _ in found], key.strip()


def parse_solve(record):
    text = record["input"][-1]["content"]
    found = re.findall(r"^\s*(\d+): (.*)$", text, re.M)
    stem = text.split("then which")[0] + "then which of the following is true?"
    head = "\n".join(m["content"] for m in record["input"][:-1])
    labels = [LETTERS[int(n) - 1] if 1 <= int(n) <= 4 else "?" + n for n, _ in found]
    key = LETTERS[int(record["ideal"].strip().strip("{}")) - 1]
    return head + "\n" + stem, [c.strip() for _, c in found], labels, key


# (set name, file under evals/registry/data, parser, questions drawn, what the questions are)
SETS = [
    ("diagrammatic_logic", "diagrammatic_logic/samples.jsonl", parse_diagrammatic, 55,
     "symbol-operator puzzles; choices are sequences of shapes (`| small dark circle | ...`)"),
    ("number_pattern", "number_pattern/samples.jsonl", parse_number_pattern, 48,
     "find the missing term of a number sequence; choices are numbers, fractions, roots"),
    ("solve-for-variable", "solve-for-variable/samples.jsonl", parse_solve, 50,
     "which rearrangement of an equation is right; choices are equations"),
]


def small_token(c):
    """A choice that is itself a letter, a roman numeral or a bare small number."""
    c = c.strip()
    if re.fullmatch(r"[A-Za-z]", c):
        return True
    if re.fullmatch(r"[ivxlcdmIVXLCDM]{1,6}", c):
        return True
    if re.fullmatch(r"[-+]?\d{1,2}(\.0+)?", c):
        return True
    return False


def usable(choices, labels, key):
    if labels != list(LETTERS) or key not in LETTERS:
        return False
    if len(set(c.lower() for c in choices)) < 4:
        return False
    if any(len(c) > 100 or not c for c in choices):
        return False
    if any(re.search(r"\b(all|none|both|neither)\b( of)? (the|these|above)", c, re.I) for c in choices):
        return False
    if any(re.search(r"other options|of the above", c, re.I) for c in choices):
        return False
    if any(small_token(c) for c in choices):
        return False
    if any(a != b and a.lower() in b.lower() for a in choices for b in choices):
        return False
    return True


class Wheel:
    def __init__(self, path):
        self.zip = zipfile.ZipFile(path)

    def lines(self, name):
        return self.zip.read(DATA + name).decode("utf-8").split("\n")


def load_questions(wheel):
    """Every question of every set: dict with set, line, stem, choices, key, usable."""
    out = {}
    for name, path, parse, _, _ in SETS:
        qs = []
        for i, line in enumerate(wheel.lines(path), 1):
            if not line.strip():
                continue
            record = json.loads(line)
            stem, choices, labels, key = parse(record)
            qs.append({
                "set": name, "line": i, "id": "%s-%05d" % (name, i),
                "stem": stem,
                "choices": choices, "key": key, "usable": usable(choices, labels, key),
            })
        out[name] = qs
    return out


# ---------------------------------------------------------------------------------------------
# Ways of writing one choice's text: set-specific variants and paraphrases
# ---------------------------------------------------------------------------------------------

ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen " \
       "fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def words(n):
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else "-" + ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return ONES[n // 100] + " hundred" + ("" if rest == 0 else " " + words(rest))
    if n < 1000000:
        rest = n % 1000
        return words(n // 1000) + " thousand" + ("" if rest == 0 else " " + words(rest))
    rest = n % 1000000
    return words(n // 1000000) + " million" + ("" if rest == 0 else " " + words(rest))


def number_variants(c):
    out = []
    if re.fullmatch(r"-?\d+", c):
        n = int(c)
        if abs(n) >= 1000:
            out.append("{:,}".format(n))
            out.append(c.replace("-", "−"))
        else:
            out.append(c + ".0")
            if n < 0:
                out.append("−" + c[1:])
    elif re.fullmatch(r"-?\d+\.\d+", c):
        out.append(c + "0")
        out.append("≈ " + c)
    m = re.fullmatch(r"(-?)\\frac\{(\d+)\}\{(\d+)\}", c)
    if m:
        s, a, b = m.groups()
        out += ["%s%s/%s" % (s, a, b), "$%s$" % c, "%s(%s/%s)" % (s, a, b)]
    m = re.fullmatch(r"(\d*)\\sqrt\{(\d+)\}", c)
    if m:
        k, r = m.groups()
        out += ["%s√%s" % (k, r), "%s*sqrt(%s)" % (k, r), "$%s$" % c]
    m = re.fullmatch(r"(\d+)\+(\d+)", c)
    if m:
        out += ["%s + %s" % m.groups(), "%s plus %s" % m.groups()]
    return out


def number_paraphrases(c):
    out = []
    if re.fullmatch(r"-?\d+", c):
        n = int(c)
        out.append(words(n))
        if n < 0:
            out.append("negative " + words(-n))
    elif re.fullmatch(r"-?\d+\.\d+", c):
        neg = c.startswith("-")
        whole, frac = c.lstrip("-").split(".")
        w = ("minus " if neg else "") + words(int(whole)) + " point " + " ".join(ONES[int(d)] for d in frac)
        out.append(w)
    m = re.fullmatch(r"(-?)\\frac\{(\d+)\}\{(\d+)\}", c)
    if m:
        s, a, b = m.groups()
        neg = "negative " if s else ""
        out += [neg + words(int(a)) + " over " + words(int(b)),
                ("minus " if s else "") + "%s divided by %s" % (a, b)]
    m = re.fullmatch(r"(\d*)\\sqrt\{(\d+)\}", c)
    if m:
        k, r = m.groups()
        out += ["%s times the square root of %s" % (words(int(k or 1)), words(int(r))),
                "%s root %s" % (k or "1", r)]
    m = re.fullmatch(r"(\d+)\+(\d+)", c)
    if m:
        out += ["%s plus %s" % (words(int(m.group(1))), words(int(m.group(2))))]
    return out


def figures(c):
    return [f.strip() for f in c.split("|") if f.strip()]


TYPOS = {"triangle": ["triangel", "trianlge"], "circle": ["cirle", "circel"]}


def diag_variants(c, rng):
    fs = figures(c)
    out = [", ".join(fs), " → ".join(fs), " ".join("[%s]" % f for f in fs),
           " ".join("|%s|" % f for f in fs), " ".join("| %s |" % f.title() for f in fs),
           "; ".join(fs)]
    # one typo in one shape word
    idx = [i for i, f in enumerate(fs) if f.split()[-1] in TYPOS]
    if idx:
        i = rng.choice(idx)
        shape = fs[i].split()[-1]
        t = list(fs)
        t[i] = fs[i][: -len(shape)] + rng.choice(TYPOS[shape])
        out.append(", ".join(t))
    return out


NUMWORD = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def diag_paraphrases(c, all_choices):
    fs = figures(c)
    runs = []
    for f in fs:
        if runs and runs[-1][0] == f:
            runs[-1][1] += 1
        else:
            runs.append([f, 1])

    def phrase(f, n):
        if n == 1:
            return "a " + f
        return NUMWORD.get(n, str(n)) + " " + f + "s"

    parts = [phrase(f, n) for f, n in runs]
    if len(parts) == 1:
        grouped = parts[0]
    else:
        grouped = ", ".join(parts[:-1]) + " and " + parts[-1]
    out = [grouped,
           ", then ".join("a " + f for f in fs),
           " followed by ".join(fs)]
    counts = [len(figures(x)) for x in all_choices]
    if counts.count(len(fs)) == 1:
        out.append("the only sequence with %s figures (%s)" % (NUMWORD.get(len(fs), str(len(fs))), ", ".join(fs)))
    return out


def diag_canon(text):
    """The figure sequence a written form describes (for checking variants)."""
    t = text.lower()
    for shape, typos in TYPOS.items():
        for ty in typos:
            t = t.replace(ty, shape)
    t = re.sub(r"the only sequence with \w+ figures", " ", t)
    t = re.sub(r"[|\[\],;→()]", " ", t)
    t = re.sub(r"\b(then|followed|by|and|a)\b", " ", t)
    toks = t.split()
    out = []
    count = 1
    i = 0
    rev = {v: k for k, v in NUMWORD.items()}
    while i < len(toks):
        if toks[i] in rev:
            count = rev[toks[i]]
            i += 1
            continue
        size, shade, shape = toks[i: i + 3]
        shape = shape.rstrip("s") if shape.endswith("s") and shape[:-1] in TYPOS else shape
        out += ["%s %s %s" % (size, shade, shape)] * count
        count = 1
        i += 3
    return tuple(out)


def solve_variants(c):
    compact = c.replace(" / ", "/").replace(" * ", "*")
    uni = c.replace(" * ", " × ").replace(" / ", " ÷ ").replace(" - ", " − ").replace("(-", "(−").replace("= -", "= −")
    return [compact, c.replace(" ", ""), uni, "`%s`" % c, "$%s$" % c,
            compact.replace(" = ", "="), c.replace(" = ", " == ")]


def solve_paraphrases(c):
    var, rhs = c.split(" = ", 1)
    w = rhs.replace(" * ", " times ").replace(" / ", " over ").replace(" + ", " plus ").replace(" - ", " minus ")
    w = re.sub(r"(^|[(\s])-", r"\1negative ", w)
    return ["%s equals %s" % (var, w), "%s = %s" % (var, rhs.replace(" / ", "/").replace(" * ", "·")),
            "%s is %s" % (var, rhs)]


def solve_canon(text):
    t = text.strip().strip("`$")
    t = t.replace("==", "=").replace("×", "*").replace("÷", "/").replace("−", "-").replace("·", "*")
    t = re.sub(r"^(\w) equals ", r"\1 = ", t)
    t = re.sub(r"^(\w) is ", r"\1 = ", t)
    for a, b in ((" times ", "*"), (" over ", "/"), (" plus ", "+"), (" minus ", "-"), ("negative ", "-")):
        t = t.replace(a, b)
    return t.replace(" ", "")


def number_canon(text):
    t = text.strip().strip("$").replace("−", "-").replace(",", "").replace("≈", "").replace("=", "")
    t = t.replace(" plus ", "+").replace(" ", "")
    m = re.fullmatch(r"(-?)\(?(\d+)/(\d+)\)?", t)
    if m:
        return "%s\\frac{%s}{%s}" % m.groups()
    m = re.fullmatch(r"(-?)\\frac\{(\d+)\}\{(\d+)\}", t)
    if m:
        return "%s\\frac{%s}{%s}" % m.groups()
    m = re.fullmatch(r"(\d*)(?:√|\*sqrt\(|\\sqrt\{)(\d+)[)}]?", t)
    if m:
        return "%s\\sqrt{%s}" % m.groups()
    if re.fullmatch(r"-?\d+\.\d+", t):
        t = t.rstrip("0").rstrip(".")
        return t
    return t


# ---------------------------------------------------------------------------------------------
# Set flavour: generic reasoning fragments per set (no stem text, no letters, no ordinals)
# ---------------------------------------------------------------------------------------------

FLAVOUR = {
    "diagrammatic_logic": {
        "topic": ["the missing sequence", "the sequence that goes where the question mark is", "the resulting sequence", "the output"],
        "reason": ["Working through the operator definitions and the worked examples,",
                   "Applying the operators one at a time, left to right,",
                   "Tracing how each operator changed the example sequences,",
                   "Going figure by figure through the transformation,",
                   "Comparing the examples to see what each operator does to size and shading,"],
        "steps": ["I worked through the operator definitions and the worked examples.",
                  "I applied the operators one at a time, left to right.",
                  "Each operator's effect can be read off the example sequences.",
                  "Going figure by figure, I tracked what happens to size, shading and shape.",
                  "The examples show which figures each operator touches and how."],
        "right": ["it matches the transformation figure by figure",
                  "the size, shading and order all line up with the examples",
                  "it is exactly what the operators produce",
                  "every figure is transformed consistently with the examples"],
        "wrong": ["the shading of one figure is wrong", "it has the wrong number of figures",
                  "it changes a figure the operator should leave alone", "the shapes come out in the wrong order",
                  "it ignores what the operator does to dark figures", "the sizes don't match the transformation",
                  "it drops a figure that should be duplicated"],
        "action": ["apply_operators(sequence)", "simulate(ops, seq)", "transform(seq, operator)"],
        "code": "```python\nseq = parse(question)\nout = apply_operators(seq, ops)\nprint(' '.join('| %s |' % f for f in out))\n```",
        "sources": ["operators.md — operator reference", "puzzle-guide.pdf, section on shading operators",
                    "Diagram logic FAQ", "worked-examples.txt", "kb://logic-puzzles/operators"],
        "rule": "operator definitions",
    },
    "number_pattern": {
        "topic": ["the missing term", "the next term", "the blank", "the value that fills the gap"],
        "reason": ["Looking at the differences between consecutive terms,",
                   "Checking the ratio between neighbouring terms,",
                   "Working out the rule from the given terms,",
                   "Treating it as two interleaved sequences,",
                   "Comparing each term with the one before it,"],
        "steps": ["I looked at the differences between consecutive terms.",
                  "The ratio between neighbouring terms gives the rule.",
                  "The sequence is easiest to read as two interleaved patterns.",
                  "Each term is built from the one before it by a fixed rule.",
                  "I worked out the rule from the given terms and extended it."],
        "right": ["it continues the pattern exactly", "it's the value the rule produces",
                  "it keeps the differences consistent", "the whole sequence then follows one rule"],
        "wrong": ["it breaks the pattern of differences", "it's off by a small amount",
                  "it would need a different rule for the later terms", "it fits only if you ignore part of the sequence",
                  "the growth rate doesn't match", "the sign is wrong", "it comes from a miscounted difference"],
        "action": ["next_term(sequence)", "fit_rule(terms)", "calculator(pattern)"],
        "code": "```python\nterms = parse(question)\nrule = fit_rule(terms)\nprint(rule.next())\n```",
        "sources": ["sequences-handbook.pdf, p. 41", "Number pattern practice notes", "aptitude-test-guide.md",
                    "kb://math/sequences", "Pattern recognition FAQ"],
        "rule": "sequence's rule",
    },
    "solve-for-variable": {
        "topic": ["the rearranged equation", "the correct rearrangement", "the solved form", "the expression for the variable"],
        "reason": ["Isolating the variable step by step,",
                   "Undoing the operations in reverse order,",
                   "Moving the constants across and then dividing,",
                   "Rearranging the equation and checking by substitution,",
                   "Inverting each operation one at a time,"],
        "steps": ["I isolated the variable step by step.",
                  "Undo the operations in reverse order.",
                  "Move the constants across, then divide.",
                  "I rearranged the equation and checked by substitution.",
                  "Each operation is inverted one at a time."],
        "right": ["substituting it back reproduces the original equation", "every operation is inverted correctly",
                  "the signs and the division all check out", "it is the correct rearrangement"],
        "wrong": ["it flips a sign", "it multiplies where it should divide", "it puts a constant on the wrong side",
                  "substituting it back doesn't give the original equation", "the order of operations is wrong",
                  "it drops a negative", "it divides where it should multiply"],
        "action": ["sympy.solve(eq, var)", "solve(equation, variable)", "check_substitution(candidate)"],
        "code": "```python\nimport sympy as sp\neq = sp.sympify(given)\nprint(sp.solve(eq, var))\n```",
        "sources": ["algebra-notes.pdf — rearranging formulas", "Solving for a variable (course wiki)",
                    "kb://math/algebra/rearranging", "worked-examples-algebra.md", "Formula manipulation cheat sheet"],
        "rule": "original equation",
    },
}

ORD = ["first", "second", "third", "fourth"]

# ---------------------------------------------------------------------------------------------
# The writing context for one reply
# ---------------------------------------------------------------------------------------------


class Ctx:
    def __init__(self, q, meant, rng, other=None):
        self.q = q
        self.set = q["set"]
        self.ch = q["choices"]
        self.rng = rng
        self.F = FLAVOUR[self.set]
        self.meant = meant
        self.m = LETTERS.index(meant) if meant in LETTERS else None
        self.other = other  # second letter for unclear replies

    # random helpers
    def pick(self, xs):
        return self.rng.choice(xs)

    def reason(self):
        return self.pick(self.F["reason"])

    def step(self):
        return self.pick(self.F["steps"])

    def right(self):
        return self.pick(self.F["right"])

    def wrong(self):
        return self.pick(self.F["wrong"])

    def topic(self):
        return self.pick(self.F["topic"])

    def src(self, k=1):
        return self.rng.sample(self.F["sources"], k)

    # the meant choice
    @property
    def L(self):
        return LETTERS[self.m]

    def low(self, i=None):
        """The letter as a hurried person types it: lowercase, except a bare 'a' or a
        letter that could be a variable name of the equation."""
        i = self.m if i is None else i
        letter = LETTERS[i]
        if letter == "A":
            return self.pick(["A", "option a", "(a)"])
        if self.set == "solve-for-variable":
            return "option " + letter.lower()
        return letter.lower()

    def T(self, i=None):
        return self.ch[self.m if i is None else i]

    def LT(self, i=None, form=None):
        i = self.m if i is None else i
        forms = ["{l}) {t}", "({l}) {t}", "{l}. {t}", "{l} — {t}", "{l}: {t}"]
        f = form if form is not None else self.pick(forms)
        return f.format(l=LETTERS[i], t=self.ch[i])

    def TV(self, i=None):
        """A written variant of the choice text that still names exactly that choice."""
        i = self.m if i is None else i
        c = self.ch[i]
        if self.set == "diagrammatic_logic":
            vs = diag_variants(c, self.rng)
            canon = diag_canon
        elif self.set == "number_pattern":
            vs = number_variants(c)
            canon = number_canon
        else:
            vs = solve_variants(c)
            canon = solve_canon
        good = [v for v in vs if v != c and unique(canon, v, i, self.ch)]
        return self.pick(good) if good else c

    def TP(self, i=None):
        """A paraphrase of the choice that a careful reader maps to exactly that choice."""
        i = self.m if i is None else i
        c = self.ch[i]
        if self.set == "diagrammatic_logic":
            ps = [p for p in diag_paraphrases(c, self.ch) if unique(diag_canon, p, i, self.ch)]
        elif self.set == "number_pattern":
            ps = number_paraphrases(c)
        else:
            ps = [p for p in solve_paraphrases(c) if unique(solve_canon, p, i, self.ch)]
        return self.pick(ps) if ps else self.TV(i)

    def table_text(self, i):
        """Choice text safe inside a markdown table cell."""
        if self.set == "diagrammatic_logic":
            return ", ".join(figures(self.ch[i]))
        return self.ch[i]

    def others(self):
        return [i for i in range(4) if i != self.m]

    def other1(self):
        return self.pick(self.others())


def unique(canon, text, i, choices):
    try:
        c = canon(text)
        return c == canon(choices[i]) and all(canon(choices[j]) != c for j in range(4) if j != i)
    except Exception:
        return False


def cap(s):
    return s[0].upper() + s[1:] if s else s


def lower_first(s):
    return s[0].lower() + s[1:] if s else s


# ---------------------------------------------------------------------------------------------
# Styles. Each takes a Ctx and returns a reply. Lettered styles use ctx.m; none styles ignore
# it; the unclear style uses ctx.m and ctx.other.
# ---------------------------------------------------------------------------------------------


def s_md_answer_top(c):
    o = c.others()
    bullets_others = "\n".join("- **%s** — ❌ %s." % (c.LT(i, "{l}) {t}"), cap(c.wrong())) for i in o)
    all_bullets = "\n".join(
        ("- **%s** — ✅ %s." % (c.LT(i, "{l}) {t}"), cap(c.right()))) if i == c.m else
        ("- **%s** — ❌ %s." % (c.LT(i, "{l}) {t}"), cap(c.wrong()))) for i in range(4))
    t = [
        "## Answer\n\n**%s**\n\n### Why\n%s %s.\n\n### Other options\n%s" % (c.LT(form="{l}) {t}"), c.step(), cap(c.right()), bullets_others),
        "**Answer: %s**\n\nLet me walk through each option:\n\n%s" % (c.LT(form="{l}) {t}"), all_bullets),
        "# Solution\n\n**Correct option: %s**\n\n%s %s.\n\n## Option analysis\n%s\n\n---\n*Final answer: %s*" % (c.L, c.step(), cap(c.right()), all_bullets, c.L),
        "**%s** is the correct answer.\n\n### Reasoning\n1. %s\n2. %s.\n\n### Why not the others\n%s" % (c.LT(form="{l}) {t}"), c.step(), cap(c.right()), bullets_others),
        "### ✅ Answer: %s\n\n**Key idea:** %s %s.\n\n**Distractors**\n%s" % (c.LT(form="({l}) {t}"), c.step(), cap(c.right()), bullets_others),
        "## TL;DR\n**%s**\n\n## Details\n%s the result is **%s**, because %s.\n\n%s" % (c.L, c.reason(), c.T(), c.right(), bullets_others),
    ]
    return c.pick(t)


def s_md_answer_end(c):
    all_bullets = "\n".join(
        ("- **%s** — %s. ✓" % (c.LT(i, "{l}) {t}"), cap(c.right()))) if i == c.m else
        ("- **%s** — %s. ✗" % (c.LT(i, "{l}) {t}"), cap(c.wrong()))) for i in range(4))
    paras = "\n\n".join(
        ("**Option %s** (%s): %s." % (LETTERS[i], c.T(i), cap(c.right()))) if i == c.m else
        ("**Option %s** (%s): %s." % (LETTERS[i], c.T(i), cap(c.wrong()))) for i in range(4))
    t = [
        "## Analysis\n\n%s\n\n%s\n\n## Conclusion\nThe correct choice is **%s** (%s)." % (c.step(), all_bullets, c.L, c.T()),
        "Let's go through the options.\n\n%s\n\n**Final answer: %s**" % (paras, c.L),
        "### Step-by-step\n%s\n\n### Checking the options\n%s\n\nTherefore, the answer is **%s**." % (c.step(), all_bullets, c.LT(form="({l}) {t}")),
        "%s\n\n%s\n\n---\n\n**Answer: %s**" % (c.step(), all_bullets, c.LT(form="{l}) {t}")),
        "## Working\n%s\n\n## Options\n%s\n\n## Answer\n%s" % (c.step(), all_bullets, c.L),
        "Here's how I approached it.\n\n%s the key observation is that %s.\n\n%s\n\nSo the answer is **%s**." % (c.reason(), c.right(), paras, c.L),
    ]
    return c.pick(t)


def s_cautious(c):
    t = [
        "I'm not 100%% sure, but I'd lean toward **%s** (%s). %s it looks like %s, though I could be missing something." % (c.L, c.T(), c.reason(), c.right()),
        "This one is tricky. My best guess is %s — %s. I'd double-check the working before relying on it." % (c.L, c.T()),
        "Tentatively, %s. %s %s, but I'm not fully confident." % (c.L, c.reason(), c.right()),
        "I think the answer is probably %s, although I'd recommend verifying it independently." % c.LT(),
        "If I had to choose, I'd go with %s. I'm only moderately confident here." % c.L,
        "With some hesitation: %s. That's option %s. Please verify before using it." % (c.T(), c.L),
        "It's likely %s, but treat this as a best guess rather than a definitive answer — the puzzle leaves some room for interpretation." % c.L,
        "I could be wrong, but %s seems the most defensible choice, since %s." % (c.LT(form="{l} ({t})"), c.right()),
    ]
    return c.pick(t)


def s_rag_cited(c):
    s = c.src(3)
    t = [
        "Based on the retrieved passages [1][2], the correct answer is **%s**: %s.\n\n%s %s [2].\n\n**Sources**\n[1] %s\n[2] %s" % (c.L, c.T(), c.reason(), c.right(), s[0], s[1]),
        "According to the documentation [1], %s. Therefore the answer is %s.\n\nReferences:\n1. %s" % (c.right(), c.L, s[0]),
        "**Answer:** %s\n\nThis is supported by the provided context, which describes the method for finding %s [1][3].\n\n---\nSources: [1] %s · [3] %s" % (c.LT(), c.topic(), s[0], s[2]),
        "The context indicates that %s is correct [1]. The other options are not supported by the retrieved documents.\n\n[1] %s" % (c.L, s[0]),
        "From the knowledge base: the answer is %s (option %s) [source: %s]." % (c.T(), c.L, s[0]),
        "Per the retrieved excerpt from %s, option %s is the correct choice.\n\nRelevance score: 0.8%d" % (s[1], c.L, c.rng.randint(0, 9)),
        "Based on the documents you provided, I found the following:\n\n- The method in [2] gives %s.\n- That corresponds to **%s**.\n\nSources:\n[1] %s\n[2] %s" % (c.TV(), c.L, s[0], s[1]),
    ]
    return c.pick(t)


def s_rag_text(c):
    s = c.src(2)
    t = [
        "According to the provided context, %s is %s [1]." % (c.topic(), c.T()),
        "The retrieved documents indicate %s. [2][3]" % c.T(),
        "Based on the knowledge base, the result is **%s**.\n\nSource: %s" % (c.TV(), s[0]),
        "%s — this follows from the worked example in the retrieved passage [1]." % c.T(),
        "Answer (grounded in context): %s\nCitations: [1], [4]" % c.T(),
        "The documentation's method gives %s [1].\n\n[1] %s" % (c.TV(), s[0]),
        "Using the approach described in %s, %s works out to %s." % (s[0], c.topic(), c.T()),
    ]
    return c.pick(t)


def s_terse(c):
    L = c.L
    return c.pick([L, L + ".", "Answer: " + L, "(" + L + ")", L + ")", "**" + L + "**", "The answer is %s." % L, "Option " + L])


def s_small_repeat(c):
    L = c.L
    t = [
        "%s\n%s\n%s" % (L, L, L),
        "Answer: %s</s>" % L,
        "%s<|im_end|>\n<|im_start|>assistant\n%s<|im_end|>" % (L, L),
        "The answer is %s. The answer is %s. The answer is %s. The answer is" % (L, L, L),
        "%s. %s. %s. %s." % (L, L, L, L),
        "Answer: %s\n\nAnswer: %s\n\nAnswer: %s\n\nAnswer:" % (L, L, L),
        "%s<|endoftext|>" % c.LT(form="{l}) {t}"),
        " ".join([L] * 7),
    ]
    return c.pick(t)


def s_small_truncated(c):
    t = [
        "The answer is %s because %s the" % (c.L, lower_first(c.reason())),
        "%s\n\nExplanation: %s the values of the" % (c.L, c.reason()),
        "Answer: %s\n\nReasoning: To solve this we need to look at" % c.LT(),
        "I think the correct option is %s, since when we" % c.L,
        "%s) %s\n\nThis is because the" % (c.L, c.T()),
        "Correct answer: %s\nExplanation: In this question, the key idea is that each" % c.L,
    ]
    return c.pick(t)


def s_support_bot(c):
    t = [
        "Hi there! 😊 Thanks for your question. The correct answer is **%s** (%s). Is there anything else I can help you with today?" % (c.L, c.T()),
        "Thank you for reaching out! After reviewing your question, the answer is %s. If you need further assistance, please don't hesitate to contact us." % c.LT(),
        "Great question! The right choice here is %s. Let me know if you'd like a more detailed explanation — I'm happy to help!" % c.L,
        "Hello! I'd be glad to help. %s %s, so the answer is %s. Have a wonderful day!" % (c.reason(), c.right(), c.L),
        "Thanks for your patience! Our answer: %s (that's option %s). Anything else I can assist you with?" % (c.T(), c.L),
        "I understand you're looking for the answer to this question. The correct option is %s. 👍 Feel free to reach out anytime!" % c.L,
        "Hi! Happy to help with that. ✅ Answer: **%s**\n\nWas this answer helpful? Reply YES or NO." % c.LT(),
    ]
    return c.pick(t)


def s_agent(c):
    act = c.pick(c.F["action"])
    checks = "\n".join("Action: check_option(%s)\nObservation: %s" % (LETTERS[i], "true" if i == c.m else "false") for i in range(4))
    t = [
        "Thought: I should work out %s carefully.\nAction: %s\nObservation: %s\nThought: That matches option %s.\nFinal Answer: %s" % (c.topic(), act, c.T(), c.L, c.L),
        "Step 1: parse the question.\nStep 2: %s\nStep 3: compare with the options → %s matches.\n\nFinal answer: %s" % (c.reason().rstrip(","), c.L, c.L),
        "[tool_call] python: %s\n[tool_result] %s\n[assistant] The answer is %s." % (act, c.T(), c.L),
        "> Planning: solve, then match the result to an option.\n> Executing %s ...\n> Result: %s\n\n**Answer: %s**" % (act, c.TV(), c.L),
        "Thought: Let me check each option.\n%s\nThought: Only %s passes.\nFinal Answer: %s" % (checks, c.L, c.L),
        "Observation: the tool output shows %s.\nThought: I now know the final answer.\nFinal Answer: %s" % (c.T(), c.LT()),
    ]
    return c.pick(t)


def s_hurried(c):
    l = c.low()
    t = [
        "its %s i think" % l,
        "%s obviously" % l,
        "pretty sure its %s" % l,
        "uhh %s? yeah %s" % (l, l),
        "%s lol" % l,
        "def %s" % l,
        "went with %s, %s seemed right" % (l, c.TV()),
        "i got %s so %s" % (c.TV(), l),
        "%s probs" % l,
    ]
    return c.pick(t)


def s_text_exact(c):
    T = c.T()
    return c.pick([T, "The answer is %s." % T, "**%s**" % T, "Result: %s" % T, "It's %s." % T,
                   "%s\n\nThat's the one." % T, "Correct answer: %s" % T])


def s_text_variant(c):
    V = c.TV()
    return c.pick([V, "The answer is %s." % V, "I get %s." % V, "**%s**" % V, "It should be %s." % V,
                   "%s is correct." % V, "Answer: %s" % V])


def s_paraphrase(c):
    P = c.TP()
    if c.set == "solve-for-variable":
        return c.pick([P, "I'd say %s." % P, "Solving gives %s." % P, "Rearranged: %s" % P,
                       "%s — that's the rearrangement." % P, "My answer: %s" % P])
    return c.pick([P, "I'd say it's %s." % P, "The answer is %s." % P, "It comes out to %s." % P,
                   "%s — that's what the rule gives." % P, "My answer: %s" % P])


def s_negation(c):
    j = c.other1()
    t = [
        "It's not %s; it's %s." % (LETTERS[j], c.L),
        "Not %s (%s) — the answer is %s (%s)." % (LETTERS[j], c.T(j), c.L, c.T()),
        "Definitely not %s. It's %s." % (c.T(j), c.T()),
        "The answer isn't %s, it's %s: %s." % (LETTERS[j], c.L, c.T()),
        "%s is wrong because %s. The correct option is %s." % (LETTERS[j], c.wrong(), c.L),
        "No, not %s. %s." % (LETTERS[j], c.L),
        "It isn't %s — %s doesn't hold there. It's %s." % (c.T(j), c.pick(["the rule", "the check", "the pattern"]), c.T()),
    ]
    return c.pick(t)


def s_contrast(c):
    j = c.other1()
    t = [
        "%s (%s) sounds right, but %s is the actual answer." % (LETTERS[j], c.T(j), c.L),
        "At a glance %s looks correct, but it's really %s." % (c.T(j), c.T()),
        "%s is tempting, however %s; %s is right." % (LETTERS[j], c.wrong(), c.L),
        "While %s seems plausible, the correct choice is %s." % (LETTERS[j], c.L),
        "%s would be the answer if you stopped halfway, but done properly it's %s." % (c.T(j), c.T()),
        "You might think %s, but %s %s, so it's %s." % (LETTERS[j], lower_first(c.reason()), c.right(), c.L),
    ]
    return c.pick(t)


def s_several(c):
    o = c.others()
    c.rng.shuffle(o)
    j, k, h = o
    pair = sorted([j, c.m])
    trio = sorted([j, k, c.m])
    t = [
        "Both %s and %s look plausible, but only %s holds up: %s. Answer: %s." % (LETTERS[pair[0]], LETTERS[pair[1]], c.L, c.right(), c.L),
        "It comes down to %s or %s — I'll go with %s." % (LETTERS[pair[0]], LETTERS[pair[1]], c.L),
        "Between %s, %s and %s, %s is the one that works." % (LETTERS[trio[0]], LETTERS[trio[1]], LETTERS[trio[2]], c.L),
        "%s and %s can be ruled out quickly; between %s and %s, %s wins because %s." % (LETTERS[min(k, h)], LETTERS[max(k, h)], LETTERS[pair[0]], LETTERS[pair[1]], c.L, c.right()),
        "Candidates: %s, %s. Final pick: %s." % (LETTERS[pair[0]], LETTERS[pair[1]], c.L),
        "I narrowed it down to %s and %s; the correct one is %s." % (c.T(pair[0]), c.T(pair[1]), c.T()),
    ]
    return c.pick(t)


def s_elimination(c):
    o = c.others()
    if c.rng.random() < 0.5:
        c.rng.shuffle(o)
    x, y, z = o
    t = [
        "Let's eliminate:\n- %s: %s\n- %s: %s\n- %s: %s\n\nThat leaves **%s**." % (LETTERS[x], c.wrong(), LETTERS[y], c.wrong(), LETTERS[z], c.wrong(), c.L),
        "%s is out because %s. %s is out because %s. %s doesn't work either, since %s. So the answer must be %s." % (LETTERS[x], c.wrong(), LETTERS[y], c.wrong(), LETTERS[z], c.wrong(), c.L),
        "Ruling out options one at a time: %s ✗, %s ✗, %s ✗ → %s ✓" % (LETTERS[x], LETTERS[y], LETTERS[z], c.L),
        "By elimination: not %s (%s), not %s (%s), not %s (%s). Answer: %s." % (LETTERS[x], c.wrong(), LETTERS[y], c.wrong(), LETTERS[z], c.wrong(), c.LT()),
        "Process of elimination gives %s: the other three each fail (%s: %s; %s: %s; %s: %s)." % (c.L, LETTERS[x], c.wrong(), LETTERS[y], c.wrong(), LETTERS[z], c.wrong()),
    ]
    return c.pick(t)


def s_elim_letters(c):
    o = c.others()
    if c.rng.random() < 0.4:
        c.rng.shuffle(o)
    x, y, z = (LETTERS[i] for i in o)
    t = [
        "%s, %s and %s can all be ruled out." % (x, y, z),
        "Not %s. Not %s. Not %s." % (x, y, z),
        "Eliminate %s, %s, and %s." % (x, y, z),
        "%s ✗  %s ✗  %s ✗" % (x, y, z),
        "I can rule out %s, %s and %s — they each fail the check against the %s." % (x, y, z, c.F["rule"]),
        "Definitely not %s, %s or %s." % (x, y, z),
    ]
    return c.pick(t)


def s_ordinal(c):
    n = c.m + 1
    o = ORD[c.m]
    t = [
        "The %s option." % o,
        "It's the %s one." % o,
        "I'd pick the %s choice." % o,
        "Option #%d." % n,
        "Answer: option %d" % n,
        "The %s option is correct — %s." % (o, c.T()),
    ]
    if c.m == 3:
        t += ["The last one.", "It's the final option.", "The bottom option is correct."]
    if c.m == 0:
        t += ["The first one listed.", "The top option."]
    if c.set == "solve-for-variable":
        t += ["Final answer: {%d}" % n, "The correct relation is option {%d}." % n]
    return c.pick(t)


def s_letter_prose(c):
    t = [
        "I'd go with %s here, since %s." % (c.L, c.right()),
        "Option %s is the one where %s." % (c.L, c.right()),
        "Looking at it again, %s seems to be correct because %s." % (c.L, c.right()),
        "The correct choice should be %s, given that %s." % (c.L, c.right()),
        "My pick would be %s, as %s." % (c.L, c.right()),
        "%s That points to %s." % (c.step(), c.L),
        "So %s it is." % c.L,
    ]
    return c.pick(t)


def s_answer_then_others(c):
    o = c.others()
    x, y, z = o
    t = [
        "**%s**. %s fails because %s. %s: %s. %s is wrong because %s." % (c.L, LETTERS[x], c.wrong(), LETTERS[y], c.wrong(), LETTERS[z], c.wrong()),
        "Answer: %s\n\nWhy not the others:\n- %s: %s\n- %s: %s\n- %s: %s" % (c.LT(), LETTERS[x], c.wrong(), LETTERS[y], c.wrong(), LETTERS[z], c.wrong()),
        "%s is correct. For comparison, %s is a near miss because %s, and %s and %s both fail outright." % (c.L, LETTERS[x], c.wrong(), LETTERS[y], LETTERS[z]),
        "The answer is %s. Note that %s is a common mistake: %s." % (c.L, LETTERS[c.other1()], c.wrong()),
        "%s. (%s and %s are distractors; %s %s.)" % (c.LT(), LETTERS[x], LETTERS[y], LETTERS[z], c.wrong()),
        "%s — %s. Option %s would need %s, which isn't the case, and %s is also off: %s." % (c.L, c.right(), LETTERS[x], c.pick(["a different rule", "another step", "a sign change"]), LETTERS[z], c.wrong()),
    ]
    return c.pick(t)


def s_self_correct(c):
    j = c.other1()
    t = [
        "%s. Wait, no — I misapplied a step. It's %s." % (LETTERS[j], c.L),
        "Answer: %s\n\nCorrection: on re-checking, it should be %s." % (LETTERS[j], c.LT()),
        "I initially thought %s, but after redoing the work the answer is %s." % (c.T(j), c.T()),
        "%s... actually, scratch that. %s." % (LETTERS[j], c.L),
        "My initial instinct was %s, but I made an error — %s. The correct answer is %s." % (LETTERS[j], c.wrong(), c.L),
        "Let me reconsider. I said %s above, but %s is right." % (LETTERS[j], c.L),
        "%s — hmm, no. Checking again: %s." % (LETTERS[j], c.L),
    ]
    return c.pick(t)


def s_think(c):
    j = c.other1()
    o = c.others()
    t = [
        "<think>\n%s Option %s: %s. Option %s: %s.\n</think>\n\n%s" % (c.step(), LETTERS[j], c.wrong(), c.L, c.right(), c.L),
        "<think>Let me check each option... %s no, %s no. %s fits.</think>\n\nThe answer is %s." % (LETTERS[o[0]], LETTERS[o[1]], c.L, c.LT()),
        "<think>\nhmm, maybe %s? no, %s. try %s... yes.\n</think>\nAnswer: %s" % (LETTERS[j], c.wrong(), c.L, c.L),
        "<thinking>\n%s %s.\n</thinking>\n\n**%s**" % (c.reason(), c.right(), c.L),
        "<think>\n\n</think>\n\n%s" % c.L,
        "<think>\nThe user wants one option. %s I get %s. That is option %s.\n</think>\n%s" % (c.reason(), c.TV(), c.L, c.T()),
    ]
    return c.pick(t)


def s_json_bare(c):
    t = [
        json.dumps({"answer": c.L}),
        json.dumps({"answer": c.L}, separators=(",", ":")),
        json.dumps({"choice": c.L, "text": c.T()}, ensure_ascii=False),
        json.dumps({"final_answer": c.L}),
        json.dumps({"answer": c.T()}, ensure_ascii=False),
        json.dumps({"option": c.L, "explanation": c.right()}),
        "{'answer': '%s'}" % c.L,
    ]
    return c.pick(t)


def s_json_fenced(c):
    conf = c.rng.choice([0.55, 0.62, 0.7, 0.78, 0.85, 0.91])
    rest = round((1 - conf) / 3, 2)
    scores = {l: (conf if l == c.L else rest) for l in LETTERS}
    t = [
        "```json\n" + json.dumps({"answer": c.L, "confidence": conf, "reasoning": c.right()}, indent=2) + "\n```",
        "Here is the answer in JSON:\n\n```json\n" + json.dumps({"selected": c.L, "label": c.T(), "confidence": "medium"}, ensure_ascii=False) + "\n```",
        "```\n" + json.dumps({"answer": c.L, "sources": ["doc_3", "doc_7"], "grounded": True}) + "\n```",
        "```json\n" + json.dumps({"question_id": "q_%d" % c.rng.randint(10, 999), "prediction": c.L, "scores": scores}) + "\n```",
        "```json\n" + json.dumps({"answer": {"letter": c.L, "text": c.T()}, "model": "rag-v2"}, indent=2, ensure_ascii=False) + "\n```",
    ]
    return c.pick(t)


def s_table(c):
    ok = c.pick([("✅", "❌"), ("✔️", "✖️"), ("✅ Correct", "❌ Incorrect")])
    rows_plain = "\n".join("| %s | %s |" % (LETTERS[i], ok[0] if i == c.m else ok[1]) for i in range(4))
    rows_text = "\n".join("| %s | %s | %s |" % (LETTERS[i], c.table_text(i), ok[0] if i == c.m else ok[1]) for i in range(4))
    rows_why = "\n".join("| %s | %s | %s |" % (LETTERS[i], ok[0] if i == c.m else ok[1], cap(c.right()) if i == c.m else cap(c.wrong())) for i in range(4))
    t = [
        "| Option | Verdict |\n|---|---|\n" + rows_plain,
        "| Option | Value | Correct? |\n|---|---|---|\n" + rows_text,
        "| Option | Verdict | Reason |\n|---|---|---|\n" + rows_why + "\n\n**Answer: %s**" % c.L,
        "%s\n\n| | Option | Check |\n|---|---|---|\n" % c.reason() + "\n".join("| %s | %s | %s |" % (LETTERS[i], c.table_text(i), ok[0] if i == c.m else ok[1]) for i in range(4)),
        "Summary table:\n\n| Choice | Result |\n|:-:|:-:|\n" + rows_plain + "\n\nSo the answer is %s." % c.L,
    ]
    return c.pick(t)


def s_letter_text(c):
    return c.pick([c.LT(form="{l}) {t}"), c.LT(form="({l}) {t}"), c.LT(form="{l}: {t}"),
                   "Answer: %s — %s" % (c.L, c.T()), "The correct option is %s, %s." % (c.L, c.T()),
                   "**%s. %s**" % (c.L, c.T()), "%s (%s)" % (c.L, c.T())])


def s_boxed(c):
    t = [
        "$\\boxed{%s}$" % c.L,
        "The final answer is $\\boxed{%s}$." % c.L,
        "\\boxed{\\text{%s}}" % c.L,
        "**Final Answer**\n\\[\n\\boxed{%s}\n\\]" % c.L,
        "%s %s.\n\n$\\boxed{(%s)}$" % (c.reason(), c.right(), c.L),
    ]
    if c.set != "diagrammatic_logic":
        t.append("Therefore, the answer is $\\boxed{%s}$." % c.T())
    return c.pick(t)


def s_code(c):
    code = c.F["code"]
    out = c.T()
    t = [
        "%s\nPrinted: `%s`\n\nSo the answer is **%s**." % (code, out, c.L),
        "Let me verify with code:\n\n%s\n\n```\n%s\n```\n\nThis matches option %s." % (code, out, c.L),
        "%s\n\nRunning this prints `%s`, which is %s." % (code, out, c.LT(form="option {l}")),
        "I wrote a quick script:\n\n%s\n\nResult → %s\n\nAnswer: %s" % (code, c.TV(), c.L),
        "%s\n\n>>> %s\n\nThe output corresponds to choice %s." % (code, out, c.L),
    ]
    return c.pick(t)


def s_restate(c):
    lst = "\n".join("%s) %s" % (LETTERS[i], c.T(i)) for i in range(4))
    inline = " ".join("(%s) %s" % (LETTERS[i], c.T(i)) for i in range(4))
    t = [
        "Options:\n%s\n\nMy pick: %s" % (lst, c.L),
        "Reviewing the choices — %s — the correct one is %s." % (inline, c.L),
        "You listed:\n%s\n\nAnswer: %s" % (lst, c.T()),
        "The four candidates are A, B, C and D. Of these, %s is correct." % c.L,
        "%s\n\n→ %s" % (lst, c.L),
    ]
    return c.pick(t)


def s_small_odd(c):
    t = [
        "ANSWER: %s" % c.L.lower(),
        "answer : %s )" % c.L,
        "### Response:\n%s" % c.L,
        "tHe AnSwEr Is %s" % c.L,
        "Answer:%sExplanation:%s" % (c.L, c.reason().rstrip(",")),
        "[ANSWER] %s [/ANSWER]" % c.L,
        "The answer is: %s) %s" % (c.L.lower(), c.T().lower()),
        "<|assistant|> %s" % c.L,
    ]
    return c.pick(t)


# --- none ---

def n_dont_know(c):
    return c.pick([
        "I don't know.",
        "I'm not sure about this one, sorry.",
        "I can't determine the answer with confidence, so I'd rather not guess.",
        "no idea tbh",
        "Honestly, I don't know which option is correct.",
        "I'm unable to work this one out.",
        "Sorry — I don't have enough information to answer this reliably.",
    ])


def n_context(c):
    return c.pick([
        "The provided context does not contain information to answer this question.",
        "I couldn't find anything about this in the documentation, so I can't answer.",
        "Based on the retrieved passages, there isn't enough information to determine the answer.",
        "None of the retrieved documents address this question. [no sources]",
        "I'm sorry, the knowledge base doesn't cover this topic.",
        "The context provided is about %s; it doesn't say anything relevant to this question." % c.pick(["billing and invoices", "account settings", "shipping policies", "the onboarding checklist"]),
    ])


def n_refusal(c):
    return c.pick([
        "I'm sorry, but I can't help with test or exam questions.",
        "I can only assist with questions about your account and our products.",
        "I'm not able to answer that. Is there something else I can help you with?",
        "This looks like an assessment question, and I'm not permitted to provide answers to assessments.",
        "Sorry, I can't assist with that request.",
    ])


def n_none_fit(c):
    return c.pick([
        "None of the options match what I get.",
        "None of these fit — my result isn't among the four choices.",
        "I worked it through and %s isn't listed." % c.topic(),
        "All four options are inconsistent with the %s; I think the question has an error." % c.F["rule"],
        "I don't think any of the given options is correct.",
        "My answer doesn't correspond to any of the choices provided.",
    ])


def n_truncated(c):
    return c.pick([
        "Let's analyze this step by step.\n\n%s the" % c.reason(),
        "To solve this, we need to",
        "Okay, so %s we get" % lower_first(c.reason()),
        "<think>\n%s hmm, let me check the" % c.reason(),
        "The key to this problem is understanding how",
        "Sure! Let's break it down:\n\n1.",
    ])


def n_clarify(c):
    return c.pick([
        "Could you share the answer options? I only see the question.",
        "Can you clarify what's being asked? I want to make sure I answer the right thing.",
        "I'd need a bit more context before answering. Could you provide the full question?",
        "Before I answer: are the options supposed to be exact values or approximations?",
        "Could you rephrase the question? I'm not sure what is expected here.",
    ])


# --- unclear ---

def u_undecided(c):
    a, b = sorted([c.m, c.other])
    A, B = LETTERS[a], LETTERS[b]
    ok = "\n".join("| %s | %s |" % (LETTERS[i], "✅" if i in (a, b) else "❌") for i in range(4))
    return c.pick([
        "Either %s or %s." % (A, B),
        "It's between %s and %s; I can't narrow it down further." % (A, B),
        "%s or %s — both seem defensible." % (A, B),
        "Could be %s, could be %s. Hard to say." % (A, B),
        "Both %s (%s) and %s (%s) seem to work, so I can't pick just one." % (A, c.T(a), B, c.T(b)),
        "I keep going back and forth between %s and %s." % (c.T(a), c.T(b)),
        "| Option | Fits? |\n|---|---|\n%s\n\nTwo options fit equally well." % ok,
    ])


LETTER_STYLES = [
    # name, function, weight, writer
    ("md-answer-top", s_md_answer_top, 5),
    ("md-answer-end", s_md_answer_end, 5),
    ("cautious-lean", s_cautious, 3),
    ("rag-cited", s_rag_cited, 5),
    ("rag-text-only", s_rag_text, 3),
    ("terse-letter", s_terse, 5),
    ("small-model-repeat", s_small_repeat, 2),
    ("small-model-truncated", s_small_truncated, 2),
    ("small-model-odd", s_small_odd, 2),
    ("support-bot", s_support_bot, 3),
    ("agent-trace", s_agent, 3),
    ("hurried-human", s_hurried, 3),
    ("text-exact", s_text_exact, 3),
    ("text-variant", s_text_variant, 3),
    ("paraphrase", s_paraphrase, 3),
    ("negation", s_negation, 3),
    ("contrast", s_contrast, 3),
    ("several-named", s_several, 3),
    ("elimination", s_elimination, 2),
    ("elimination-letters-only", s_elim_letters, 2),
    ("ordinal", s_ordinal, 3),
    ("letter-in-prose", s_letter_prose, 3),
    ("answer-then-others", s_answer_then_others, 3),
    ("self-correction", s_self_correct, 3),
    ("think-block", s_think, 3),
    ("json-bare", s_json_bare, 2),
    ("json-fenced", s_json_fenced, 2),
    ("table-checkmarks", s_table, 2),
    ("letter-and-text", s_letter_text, 3),
    ("boxed", s_boxed, 2),
    ("code-then-answer", s_code, 2),
    ("restated-options", s_restate, 2),
]
NONE_STYLES = [
    ("dont-know", n_dont_know, 3),
    ("context-missing", n_context, 3),
    ("refusal", n_refusal, 2),
    ("none-fit", n_none_fit, 2),
    ("truncated-no-answer", n_truncated, 2),
    ("asks-clarification", n_clarify, 1),
]
UNCLEAR_STYLES = [("undecided", u_undecided, 1)]

P_NONE = 0.09
P_UNCLEAR = 0.024
P_KEY = 0.40


def weighted(rng, styles, avoid):
    pool = [s for s in styles if s[0] not in avoid] or styles
    total = sum(w for _, _, w in pool)
    r = rng.uniform(0, total)
    for s in pool:
        r -= s[2]
        if r <= 0:
            return s
    return pool[-1]


def write_replies(q, rng):
    n = 4 if rng.random() < 0.45 else 3
    out = []
    seen = set()
    used_styles = set()
    while len(out) < n:
        r = rng.random()
        other = None
        if r < P_NONE:
            meant, styles = "none", NONE_STYLES
        elif r < P_NONE + P_UNCLEAR:
            meant, styles = "unclear", UNCLEAR_STYLES
        else:
            if rng.random() < P_KEY:
                meant = q["key"]
            else:
                meant = rng.choice([l for l in LETTERS if l != q["key"]])
            styles = LETTER_STYLES
        for _ in range(30):
            name, fn, _ = weighted(rng, styles, used_styles)
            if meant == "unclear":
                a, b = rng.sample(range(4), 2)
                ctx = Ctx(q, LETTERS[a], rng, other=b)
                text = fn(ctx).strip()
            else:
                ctx = Ctx(q, meant, rng)
                text = fn(ctx).strip()
            if text not in seen:
                break
        else:
            continue
        seen.add(text)
        used_styles.add(name)
        out.append({"set": q["set"], "id": q["id"], "choices": q["choices"], "style": name,
                    "reply": text, "meant": meant})
    return out


# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------


def tokens(text):
    return re.findall(r"[a-z0-9]+", text.lower())


def ngrams(toks, n=6):
    return {tuple(toks[i: i + n]) for i in range(len(toks) - n + 1)}


def check(path, questions):
    by_id = {q["id"]: q for qs in questions.values() for q in qs}
    problems = []
    per_q = collections.defaultdict(list)
    count_set = collections.Counter()
    count_style = collections.Counter()
    count_meant = collections.Counter()
    count_set_meant = collections.defaultdict(collections.Counter)
    key_hits = 0
    lettered = 0
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                row = json.loads(line)
            except ValueError as e:
                problems.append("line %d: not JSON (%s)" % (n, e))
                continue
            if set(row) != {"set", "id", "choices", "style", "reply", "meant"}:
                problems.append("line %d: fields %s" % (n, sorted(row)))
                continue
            q = by_id.get(row["id"])
            if q is None or q["set"] != row["set"]:
                problems.append("line %d: unknown id %s" % (n, row["id"]))
                continue
            if not re.fullmatch(r"%s-\d{5}" % re.escape(row["set"]), row["id"]):
                problems.append("line %d: bad id %s" % (n, row["id"]))
            if row["choices"] != q["choices"] or len(row["choices"]) != 4:
                problems.append("line %d: choices differ from the source" % n)
            if not q["usable"]:
                problems.append("line %d: question not usable" % n)
            if row["meant"] not in ("A", "B", "C", "D", "none", "unclear"):
                problems.append("line %d: meant %r" % (n, row["meant"]))
            if not isinstance(row["reply"], str) or not row["reply"].strip():
                problems.append("line %d: empty reply" % n)
            # no 6 consecutive words of the stem; a choice text may be quoted, alone or after its
            # label ("B) | large light triangle | ..."), even where the stem has the same words
            stem_grams = ngrams(tokens(q["stem"]))
            for c in q["choices"]:
                for label in LETTERS:
                    stem_grams -= ngrams(tokens(label + " " + c))
            overlap = ngrams(tokens(row["reply"])) & stem_grams
            if overlap:
                problems.append("line %d: shares stem words %s" % (n, " ".join(sorted(overlap)[0])))
            per_q[row["id"]].append(row["reply"])
            count_set[row["set"]] += 1
            count_style[row["style"]] += 1
            count_meant[row["meant"]] += 1
            count_set_meant[row["set"]][row["meant"]] += 1
            if row["meant"] in LETTERS:
                lettered += 1
                key_hits += row["meant"] == q["key"]
    for qid, replies in per_q.items():
        if not 3 <= len(replies) <= 4:
            problems.append("%s: %d replies" % (qid, len(replies)))
        if len(set(replies)) != len(replies):
            problems.append("%s: a reply repeats" % qid)
    total = sum(count_set.values())
    print("%s: %d replies, %d questions" % (path, total, len(per_q)))
    print("\nper set (usable / chosen / replies):")
    for name, _, _, _, _ in SETS:
        usable_n = sum(q["usable"] for q in questions[name])
        chosen = sum(1 for i in per_q if i.startswith(name + "-"))
        print("  %-20s %4d %4d %4d   %s" % (name, usable_n, chosen, count_set[name], dict(sorted(count_set_meant[name].items()))))
    print("\nper style (%d styles):" % len(count_style))
    for s, k in sorted(count_style.items(), key=lambda x: (-x[1], x[0])):
        print("  %-26s %d" % (s, k))
    print("\nper meant:")
    for m in ("A", "B", "C", "D", "none", "unclear"):
        print("  %-8s %4d  (%.1f%%)" % (m, count_meant[m], 100.0 * count_meant[m] / max(total, 1)))
    print("\nlettered replies naming the key: %d of %d (%.1f%%)" % (key_hits, lettered, 100.0 * key_hits / max(lettered, 1)))
    if count_meant["unclear"] > 0.04 * total:
        problems.append("unclear is more than 4%% of the set (%d)" % count_meant["unclear"])
    if not 0.08 * total <= count_meant["none"] <= 0.10 * total:
        problems.append("none is outside 8-10%% of the set (%d)" % count_meant["none"])
    if not 0.35 <= key_hits / max(lettered, 1) <= 0.45:
        problems.append("share of lettered replies naming the key is off (%d of %d)" % (key_hits, lettered))
    if problems:
        print("\n%d problems:" % len(problems))
        for p in problems[:50]:
            print("  " + p)
        return False
    print("\nall checks passed")
    return True


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("wheel", help="evals-3.0.1.post1-py3-none-any.whl")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output path (default: %(default)s)")
    args = ap.parse_args()

    wheel = Wheel(args.wheel)
    # The wheel is MIT except for the datasets its LICENSE.md lists; none of ours may be one.
    listed = set(re.findall(r"\*\*Location\*\*:\s*evals/registry/data/([\w.-]+)",
                            wheel.zip.read(LICENSE).decode("utf-8")))
    clash = listed & {name for name, _, _, _, _ in SETS}
    if clash:
        sys.exit("sets under a separate licence in LICENSE.md: %s" % ", ".join(sorted(clash)))
    print("LICENSE.md lists other licences for: %s (none of ours)" % ", ".join(sorted(listed)))
    questions = load_questions(wheel)
    rows = []
    for name, _, _, how_many, _ in SETS:
        pool = [q for q in questions[name] if q["usable"]]
        pick = random.Random("blind8-questions:" + name).sample(pool, min(how_many, len(pool)))
        pick.sort(key=lambda q: q["line"])
        rng = random.Random("blind8-replies:" + name)
        for q in pick:
            rows += write_replies(q, rng)

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    ok = check(args.out, questions)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
