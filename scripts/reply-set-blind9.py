#!/usr/bin/env python3
"""Blind labelled reply set #9 for testing a multiple-choice "reply reader".

Source
------
Questions come from the PyPI wheel of OpenAI evals
(evals-3.0.1.post1-py3-none-any.whl, a zip).  Three English sets of
four-choice questions are used (eval name -> file inside the wheel):

  logiqa                              evals/registry/data/logiqa/logiqa.jsonl
      Logic/reading questions; choices are mostly full sentences
      (some are short orderings or assignments).
  reclor-logical-reasoning-plus       evals/registry/data/logiqa-logical-reasoning-plus/
                                      reclor-logical-reasoning-plus.jsonl
      LSAT-style argument questions; long sentence choices, one of which
      is always "None of the other options are correct."
  logical_reasoning_letter_series_test
                                      evals/registry/data/logical_reasoning_letter_series_test/
                                      samples.jsonl
      Letter-series questions; choices are short strings such as "JAK".
      This set has only 25 questions, so each one is used several times
      (with different replies); its ids therefore repeat.

Samples are skipped when their four choice texts cannot be parsed, when two
choices are identical, or (logic sets) when a short choice names a bare letter
A-D (e.g. "C", "Both A and B lied"), since a letter reply would then be
ambiguous.  logiqa choices written as "A. A.Zhao ..." lose the repeated label.

Only the four choice texts are copied into the output.  The question stem
and the key are read only to decide what each reply means and how to word
its generic reasoning (question type such as "weaken" or "assumption").
Neither is written out.

Blindness
---------
This script and its templates were written without looking at any reply
reader, any of its tests, or any other reply set.  It uses the Python 3
standard library only, and all randomness comes from fixed seeds, so the
output is the same on every run.

Usage
-----
    python3 reply-set-blind9.py /path/to/evals-3.0.1.post1-py3-none-any.whl \
        [--out /tmp/blind9/replies-blind9.jsonl] [--per-set 150]

Output
------
One JSON object per line, with exactly these keys:
  set      eval name (see above)
  id       "<set>-<5-digit line index of the sample in its jsonl file>"
  choices  the four choice texts, in order A, B, C, D
  style    name of the reply template family
  reply    the reply text (imitating a chat assistant, RAG product, small
           local model, support bot, agent/JSON output or hurried human)
  meant    the label: the choice the reply's writer meant
             "A" | "B" | "C" | "D"  the reply commits to that choice
             "none"                 no answer at all (refusal, "I don't know",
                                    asks for more information, cut off or
                                    echoes the options before answering)
             "unclear"              stays torn between choices to the end
                                    and commits to no single one

About 70% of answering replies mean the key and the rest a wrong choice
(the wrong choice is picked at random).  About 8% of replies are
none/unclear.  The replies were written to be unambiguous to a careful
human reader who can see the four choices.

After writing, the script reads the file back, checks every line and
prints counts per set, per style and per meant value.
"""

import argparse
import collections
import json
import os
import random
import re
import sys
import zipfile

LETTERS = "ABCD"
ORD = ["first", "second", "third", "fourth"]
ORD_NUM = ["1st", "2nd", "3rd", "4th"]

SETS = [
    # (set name, path in wheel, parser kind, seed)
    ("logiqa", "evals/registry/data/logiqa/logiqa.jsonl", "logic", 90101),
    ("reclor-logical-reasoning-plus",
     "evals/registry/data/logiqa-logical-reasoning-plus/reclor-logical-reasoning-plus.jsonl",
     "logic", 90202),
    ("logical_reasoning_letter_series_test",
     "evals/registry/data/logical_reasoning_letter_series_test/samples.jsonl",
     "series", 90303),
]

# --------------------------------------------------------------------------
# Reading the wheel
# --------------------------------------------------------------------------


def user_text(rec):
    return "\n".join(m.get("content", "") for m in rec["input"]
                     if isinstance(m, dict) and m.get("role") == "user")


def parse_logic(text):
    m = re.search(r"\nA\. (.*?)\nB\. (.*?)\nC\. (.*?)\nD\. (.*?)\nAnswer:", text, re.S)
    if not m:
        return None, None
    out = []
    for i, g in enumerate(m.groups()):
        g = g.strip()
        # logiqa repeats the label inside the text: "A. A.Zhao chose ..."
        g = re.sub(r"^%s\s*[.\uff0e]\s*" % LETTERS[i], "", g).strip()
        out.append(g)
    q = re.search(r"Question:(.*?)\nA\. ", text, re.S)
    return out, (q.group(1) if q else "")


def parse_series(text):
    m = re.search(r"\[A\]\s*(.*?)\s*\[B\]\s*(.*?)\s*\[C\]\s*(.*?)\s*\[D\]\s*(.*?)\s*$", text, re.S)
    if not m:
        return None, None
    return [g.strip() for g in m.groups()], ""


QTYPES = [
    ("flaw", r"flaw|vulnerab|error in|critici"),
    ("assumption", r"assum|presuppos|premise"),
    ("weaken", r"weaken|undermin|doubt|challeng|refut|question the|counter"),
    ("strengthen", r"strengthen|support|justif|reinforc|strongest"),
    ("explain", r"explain|resolv|reconcil|paradox|discrepan|contradiction"),
    ("infer", r"infer|conclu|must be true|drawn|follow|deduc|true|derive|false|judg"),
]


def qtype_of(stem, kind):
    if kind == "series":
        return "series"
    s = stem.lower()
    for name, pat in QTYPES:
        if re.search(pat, s):
            return name
    return "other"


def letter_like(choice):
    """Short choice text that names a bare letter A-D ("B", "Both A and B lied")."""
    x = re.sub(r"^A (?=[a-z0-9])", "", choice)  # sentence-initial article
    return len(choice.split()) <= 4 and re.search(r"(?<![\w'-])[A-D](?![\w'-])", x) is not None


def load_set(zf, path, kind):
    lines = zf.read(path).decode("utf-8").splitlines()
    items = []
    for idx, line in enumerate(lines):
        if not line.strip():
            continue
        rec = json.loads(line)
        text = user_text(rec)
        choices, stem = (parse_logic if kind == "logic" else parse_series)(text)
        ideal = rec.get("ideal")
        if isinstance(ideal, list):
            ideal = ideal[0] if ideal else ""
        key = str(ideal).strip().strip("[]{}() .").upper()
        if not choices or len(choices) != 4 or key not in LETTERS or len(key) != 1:
            continue
        if any(not c for c in choices):
            continue
        if kind == "logic" and any(letter_like(c) for c in choices):
            continue  # e.g. choices "C", "B", "Cannot infer", "D": letter replies would be ambiguous
        if len(set(c.lower() for c in choices)) < 4:
            continue  # duplicated choice texts cannot be told apart
        items.append({"idx": idx, "choices": choices, "key": key,
                      "qtype": qtype_of(stem, kind), "kind": kind})
    return items


# --------------------------------------------------------------------------
# Text helpers
# --------------------------------------------------------------------------

COMMON_START = set("""the a an some all no none if most many people it there this these those
even after only one each every both neither either any not when while since because
although though its their his her they we you more less fewer nothing everything
something anyone everyone nobody someone in on at for from to with without as by
during before between among under over unless whether""".split())


def lc_first(s):
    """Lower-case the first letter if the first word is a common word."""
    w = re.match(r"[A-Za-z']+", s)
    if w and w.group(0).lower() in COMMON_START and not w.group(0).isupper():
        return s[0].lower() + s[1:]
    if w and w.group(0) == "A" and len(s) > 1 and s[1] == " ":
        return "a" + s[1:]
    return s


def end_punct(s):
    return s if s.endswith((".", "...", "?", "!")) else s + "."


def nostop(s):
    return s[:-1] if s.endswith(".") and not s.endswith("..") else s


WORD = re.compile(r"[a-z0-9]+")


def toks(s):
    return set(WORD.findall(s.lower()))


def series_norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


SWAPS = [
    (r"\bdo not\b", "don't"), (r"\bdoes not\b", "doesn't"), (r"\bdid not\b", "didn't"),
    (r"\bcannot\b", "can't"), (r"\bis not\b", "isn't"), (r"\bare not\b", "aren't"),
    (r"\bwill not\b", "won't"), (r"\bwas not\b", "wasn't"), (r"\bwere not\b", "weren't"),
    (r"\bhas not\b", "hasn't"), (r"\bhave not\b", "haven't"), (r"\bshould not\b", "shouldn't"),
    (r"\bwould not\b", "wouldn't"), (r"\bcould not\b", "couldn't"),
    (r"\bdon't\b", "do not"), (r"\bdoesn't\b", "does not"), (r"\bcan't\b", "cannot"),
    (r"\bisn't\b", "is not"), (r"\baren't\b", "are not"), (r"\bwon't\b", "will not"),
    (r"\bbecause\b", "since"), (r"\bHowever,", "But"), (r"\bhowever\b", "but"),
    (r"\btherefore\b", "so"), (r"\bin order to\b", "to"), (r"\bapproximately\b", "about"),
    (r"\bthe majority of\b", "most"), (r"\bchildren\b", "kids"), (r"\ba lot of\b", "many"),
    (r"\bmany\b", "a lot of"), (r"\bpurchase\b", "buy"), (r"\bobtain\b", "get"),
    (r"\bcompany\b", "firm"), (r"\bcompanies\b", "firms"), (r"\bbig\b", "large"),
    (r"\blarge\b", "big"), (r"\bsignificantly\b", "substantially"),
    (r"\bincrease\b", "rise"), (r"\bdecrease\b", "drop"),
    (r"(\d) percent\b", r"\1%"), (r"(\d)%", r"\1 percent"), (r"\bUnited States\b", "US"),
    (r"\bfor example\b", "e.g."), (r"\binformation\b", "info"), (r"\bgovernment\b", "gov't"),
    (r"\bdepartment\b", "dept."), (r"\bpeople\b", "individuals"), (r"\boften\b", "frequently"),
    (r"\busually\b", "typically"), (r"\bimportant\b", "crucial"), (r"\bmore than\b", "over"),
    (r"\bless than\b", "under"), (r"\bshows\b", "demonstrates"), (r"\bbegin\b", "start"),
    (r"\btype of\b", "kind of"), (r"\bkind of\b", "type of"), (r"\bhigher\b", "greater"),
    (r"\bit is\b", "it's"), (r"\bthere is\b", "there's"), (r"\bthat is\b", "that's"),
    (r"\bThe above\b", "The"), (r"\bthe above\b", "the"), (r"\bIn fact, ", ""),
    (r"\bthe same as\b", "identical to"), (r"\bexpensive\b", "costly"), (r"\bquickly\b", "fast"),
]

NONE_PARAS = ["none of the other options is correct", "none of the others are right",
              "none of the other choices are correct", "none of the other answers is correct"]

CONTRACT = [(r"n't\b", " not"), (r"\bcan not\b", "cannot"), (r"'s\b", " is"), (r"\bgov't\b", "government"),
            (r"\bdept\.", "department"), (r"\binfo\b", "information"), (r"%", " percent")]


def norm_tokens(s):
    s = s.lower().replace("won't", "will not").replace("can't", "cannot")
    for pat, rep in CONTRACT:
        s = re.sub(pat, rep, s)
    return toks(s)


# --------------------------------------------------------------------------
# Reason phrases (generic; they never quote the stem)
# --------------------------------------------------------------------------

FOR = {
    "weaken": ["directly undercuts the link between the evidence and the conclusion",
               "gives a concrete reason to doubt the conclusion",
               "shows the conclusion may not follow even if the evidence is accurate",
               "attacks the key assumption the argument relies on",
               "points to an alternative cause the argument ignores"],
    "strengthen": ["closes the gap between the premises and the conclusion",
                   "provides exactly the missing support the argument needs",
                   "rules out the most obvious alternative explanation",
                   "makes the conclusion considerably more likely"],
    "assumption": ["is something the argument has to take for granted",
                   "is required: if it were false, the argument would collapse",
                   "bridges the gap between the evidence and the conclusion",
                   "is the unstated premise the conclusion depends on"],
    "flaw": ["accurately describes the gap in the reasoning",
             "pinpoints the unjustified leap the argument makes",
             "names the exact error in how the evidence is used",
             "captures why the conclusion doesn't follow from the premises"],
    "explain": ["reconciles the two apparently conflicting facts",
                "accounts for the discrepancy described in the passage",
                "explains how both observations can be true at once"],
    "infer": ["follows necessarily from the stated conditions",
              "must be true given the statements in the passage",
              "is the only option guaranteed by the premises",
              "can be derived directly from the given information",
              "is consistent with every condition, unlike the others"],
    "other": ["fits the passage best",
              "is the only option consistent with all of the statements",
              "is the one best supported by the information given"],
    "series": ["keeps the step size of the earlier terms",
               "continues the pattern once you track each letter's position in the alphabet",
               "fits the alternating pattern in the series",
               "matches the +1/-1 shifts between consecutive groups",
               "is the only option where every position follows the rule",
               "is consistent with how the earlier groups change"],
}

AGAINST = {
    "logic": ["goes beyond what the passage actually says",
              "is irrelevant to the conclusion",
              "could be false even if every statement in the passage is true",
              "brings in information the passage never mentions",
              "is too strong a claim",
              "actually points in the opposite direction",
              "only touches a side issue",
              "doesn't connect to the argument's main point",
              "conflicts with one of the given conditions",
              "is a distractor that repeats the passage's wording without doing any work"],
    "series": ["breaks the pattern at the second position",
               "skips one letter too many",
               "doesn't match the step size of the earlier terms",
               "has the right start but the wrong ending",
               "reverses the order the pattern requires",
               "fits the first half of the pattern but not the second",
               "is off by one letter"],
}

NONE_FOR = ["is correct, because each of the other three options fails on closer inspection",
            "is the right call: none of the specific statements actually does what the question asks",
            "holds, since every listed statement either goes too far or misses the point"]
NONE_AGAINST = ["can be ruled out, because one of the specific statements does work",
                "isn't right, since one of the listed statements actually fits",
                "is wrong here because a specific option does the job"]

RESTATE = {
    "weaken": ["The question asks which option most weakens the argument.",
               "We need the statement that does the most damage to the argument's conclusion."],
    "strengthen": ["We're looking for the option that best supports the argument.",
                   "The question wants the statement that most strengthens the reasoning."],
    "assumption": ["The question is asking for an assumption the argument depends on.",
                   "We need to find the unstated premise the argument relies on."],
    "flaw": ["The task is to identify the flaw in the argument's reasoning.",
             "The question asks what is wrong with the way the argument reasons."],
    "explain": ["We need the option that best resolves the apparent discrepancy.",
                "The question asks what would explain the seemingly contradictory facts."],
    "infer": ["The question asks what can be concluded from the passage.",
              "We need the option that must be true based on the information given."],
    "other": ["The question asks which option is best supported by the passage.",
              "We need to pick the option that fits the passage."],
    "series": ["The question asks for the missing term in the letter series.",
               "We need to fill in the blank so the letter pattern continues."],
}


# --------------------------------------------------------------------------
# Per-reply context
# --------------------------------------------------------------------------


class Ctx:
    def __init__(self, R, item, meant):
        self.R = R
        self.item = item
        self.ch = item["choices"]
        self.kind = item["kind"]
        self.qt = item["qtype"]
        self.key = item["key"]
        self.L = meant if meant in LETTERS else None
        self.i = LETTERS.index(meant) if self.L else None
        others = [x for x in LETTERS if x != self.L]
        R.shuffle(others)
        self.others = others  # letters other than the meant one, shuffled
        self.src = "the series" if self.kind == "series" else "the passage"

    # choice texts
    def t(self, L=None):
        return self.ch[LETTERS.index(L or self.L)]

    def tq(self, L=None):
        return nostop(self.t(L))

    @property
    def T(self):
        return self.t()

    @property
    def Tq(self):
        return self.tq()

    def is_none_opt(self, L):
        return self.t(L).lower().startswith("none of the")

    def fr(self, L=None):
        L = L or self.L
        if self.is_none_opt(L):
            return self.R.choice(NONE_FOR)
        return self.R.choice(FOR[self.qt])

    def ag(self, L):
        if self.kind == "logic" and self.is_none_opt(L):
            return self.R.choice(NONE_AGAINST)
        return self.R.choice(AGAINST["series" if self.kind == "series" else "logic"])

    def ags(self, Ls):
        """Distinct 'against' phrases for several letters."""
        pool = list(AGAINST["series" if self.kind == "series" else "logic"])
        self.R.shuffle(pool)
        out = []
        for L in Ls:
            if self.kind == "logic" and self.is_none_opt(L):
                out.append(self.R.choice(NONE_AGAINST))
            else:
                out.append(pool.pop())
        return out

    def short(self, L=None, maxw=9):
        """A short excerpt that identifies the choice uniquely (full text if short)."""
        L = L or self.L
        text = nostop(self.t(L))
        words = text.split()
        if len(words) <= maxw + 2:
            return text
        others = [o.lower() for j, o in enumerate(self.ch) if LETTERS[j] != L]
        for n in range(5, len(words) + 1):
            for s in range(0, len(words) - n + 1):
                cand = " ".join(words[s:s + n])
                if not any(cand.lower() in o for o in others):
                    pre = "..." if s > 0 else ""
                    post = "..." if s + n < len(words) else ""
                    return pre + cand + post
        return text

    def para(self, L=None):
        """Small rewording of the choice text that still matches it best."""
        L = L or self.L
        R = self.R
        text = self.t(L)
        j = LETTERS.index(L)
        if self.kind == "series":
            letters = [c for c in text if not c.isspace()]
            opts = []
            if text.upper() != text:
                opts.append(text.upper())
            if text.lower() != text:
                opts.append(text.lower())
            if "," not in text and len(letters) > 1:
                opts.append("-".join(letters))
                opts.append(" ".join(letters))
            if "," in text:
                parts = [p.strip() for p in text.split(",")]
                opts.append(" and ".join(parts))
                opts.append(", ".join(parts))
            opts = [o for o in opts if o != text] or [text]
            p = R.choice(opts)
            target = series_norm(text)
            if sum(1 for c in self.ch if series_norm(c) == target) != 1 or series_norm(p) != target:
                return text
            return p
        if text.lower().startswith("none of the other"):
            return R.choice(NONE_PARAS)
        s = nostop(text)
        if re.fullmatch(r"[A-Z][\w']*(?:, [A-Z][\w']*){2,}", s):
            parts = s.split(", ")
            return R.choice([" ".join(parts), "/".join(parts), ", ".join(parts[:-1]) + " and " + parts[-1],
                             "-".join(parts)])
        applied = 0
        swaps = list(SWAPS)
        R.shuffle(swaps)
        used = []
        for pat, rep in swaps:
            if applied >= 2:
                break
            if any(re.search(pat, u) for u in used):
                continue  # would undo an earlier swap (e.g. "isn't" -> "is not")
            if re.search(pat, s):
                s2 = re.sub(pat, rep, s, count=1)
                if s2 != s:
                    s = s2
                    used.append(rep)
                    applied += 1
        if applied == 0:
            for pat, rep in [(r"\bvery ", ""), (r"\balso ", ""), (r"\bwhich is\b", "that is"),
                             (r" and ", " & "), (r"(?<=\s)the ", "")]:
                if re.search(pat, s):
                    s = re.sub(pat, rep, s, count=1)
                    break
        s = lc_first(s)
        # it must still be closest to its own choice
        mine = norm_tokens(s)
        scores = []
        for k, c in enumerate(self.ch):
            ct = norm_tokens(c)
            scores.append(len(mine & ct) / max(1, len(mine | ct)))
        if any(scores[k] >= scores[j] for k in range(4) if k != j):
            return nostop(text)
        return s


# --------------------------------------------------------------------------
# Styles.  Each takes a Ctx and returns the reply text.
# --------------------------------------------------------------------------

def opener(R, kind):
    if kind == "series":
        return R.choice(["Let's look at the pattern.", "Looking at how the letters change from term to term:",
                         "Let me work through the sequence.", "First, track each letter's position in the alphabet."])
    return R.choice(["Let's look at the argument first.", "Let me break down the passage.",
                     "First, identify the conclusion and the evidence.", "Let's go through the reasoning."])


def s_letter_only(c):
    R = c.R
    return R.choice([c.L, c.L + ".", "(%s)" % c.L, "**%s**" % c.L, c.L + ")", c.L + "\n", " " + c.L])


def s_bracket_final(c):
    R = c.R
    a = R.choice(["[%s]" % c.L, "Final answer: [%s]" % c.L, "The answer is [%s]." % c.L])
    if R.random() < 0.5:
        return a
    lead = R.choice(["%s %s, so" % (opener(R, c.kind), "Option %s %s" % (c.L, c.fr())),
                     "Option %s %s." % (c.L, c.fr()),
                     "The correct option %s." % c.fr()])
    return lead + ("\n\n" if R.random() < 0.5 else " ") + a


def s_text_only(c):
    R = c.R
    t = c.T if R.random() < 0.6 else c.Tq
    return R.choice([t, t, t + "\n", "\"%s\"" % c.Tq])


def s_letter_dot_text(c):
    R = c.R
    fmt = R.choice(["{L}. {T}", "{L}) {T}", "({L}) {T}", "{L}: {T}", "Answer: {L} - {T}",
                    "Answer: {L}. {T}", "**{L}.** {T}", "{L} — {T}"])
    return fmt.format(L=c.L, T=c.T)


def s_prose_text(c):
    R = c.R
    if c.kind == "series":
        return R.choice([
            "The missing term is %s." % c.Tq,
            "The series continues with %s, since that %s." % (c.Tq, c.fr()),
            "Filling in the blank gives %s." % c.Tq,
            "It should be %s — that %s." % (c.Tq, c.fr()),
        ])
    return R.choice([
        "The correct answer is: %s" % c.T,
        "Based on %s, the best answer is the statement \"%s\"." % (c.src, c.Tq),
        "The statement that %s is: \"%s\"." % (c.fr(), c.Tq),
        "I'd go with \"%s\" — it %s." % (c.Tq, c.fr()),
        "The right choice here is the one saying that %s." % lc_first(c.Tq),
        "Answer: %s\n\nThis %s, while the other options don't." % (c.T, c.fr()),
    ])


def s_letter_in_prose(c):
    R = c.R
    return R.choice([
        "After weighing all four, option %s is the strongest choice." % c.L,
        "I'd go with %s here." % c.L,
        "%s is correct, since it %s." % (c.L, c.fr()),
        "The answer should be %s, because that option %s." % (c.L, c.fr()),
        "Going through them carefully, I land on option %s." % c.L,
        "My answer is %s." % c.L,
        "The best answer is choice %s: it %s." % (c.L, c.fr()),
    ])


def s_markdown_review(c):
    R = c.R
    head = R.choice(["## Analysis of the options", "### Evaluating each option", "**Option review**",
                     "## Step-by-step review"])
    lines = [head, ""]
    bad = dict(zip(c.others, c.ags(c.others)))
    for L in LETTERS:
        if L == c.L:
            mark = R.choice(["✅", "✔️", "**Correct**", "✓"])
            lines.append("- **%s** (%s): %s — it %s." % (L, c.short(L, 7), mark, c.fr()))
        else:
            mark = R.choice(["❌", "✗", "Incorrect", "Not it"])
            lines.append("- **%s** (%s): %s — it %s." % (L, c.short(L, 7), mark, bad[L]))
    lines.append("")
    lines.append(R.choice(["**Answer: %s**" % c.L, "### Conclusion\nThe correct answer is **%s**." % c.L,
                           "**Final answer: %s) %s**" % (c.L, c.Tq)]))
    return "\n".join(lines)


def s_step_by_step(c):
    R = c.R
    x, y = c.others[0], c.others[1]
    steps = [
        R.choice(RESTATE[c.qt]),
        "Option %s %s, so it can be eliminated." % (x, c.ag(x)),
        "Option %s %s as well." % (y, c.ag(y)),
        "Option %s %s." % (c.L, c.fr()),
    ]
    intro = R.choice(["Let's think step by step.", "Step-by-step reasoning:", "Let me reason through this.",
                      "Let's solve this carefully."])
    body = "\n".join("%d. %s" % (k + 1, s) for k, s in enumerate(steps)) if R.random() < 0.6 else \
        "\n".join("Step %d: %s" % (k + 1, s) for k, s in enumerate(steps))
    end = R.choice(["Therefore, the answer is %s." % c.L, "So the correct answer is (%s)." % c.L,
                    "Hence, the answer is %s: %s" % (c.L, c.T), "The answer is %s." % c.L])
    return "%s\n\n%s\n\n%s" % (intro, body, end)


def s_hedged(c):
    R = c.R
    x = c.others[0]
    return R.choice([
        "I'm not 100%% sure, but I believe the answer is %s (%s)." % (c.L, c.short()),
        "It's probably %s, though %s is also tempting. If I had to commit, I'd say %s." % (c.L, x, c.L),
        "My best guess would be %s — \"%s\" — but you may want to double-check this one." % (c.L, c.short()),
        "I think it's %s, although I'm not entirely confident. It seems to be the option that %s." % (c.L, c.fr()),
        "This one is tricky. I'd lean towards %s, since it %s, but I wouldn't bet the farm on it." % (c.L, c.fr()),
        "Tentatively: %s. It %s, as far as I can tell." % (c.L, c.fr()),
    ])


def s_reject_then_pick(c):
    R = c.R
    x = c.others[0]
    return R.choice([
        "It's not %s: that option %s. The answer is %s, because it %s." % (x, c.ag(x), c.L, c.fr()),
        "%s might look right at first, but it %s. Instead, go with %s — %s" % (x, c.ag(x), c.L, end_punct(c.T)),
        "Not %s, because it %s. The correct choice is %s." % (x, c.ag(x), c.L),
        "Many people pick %s here, but that option %s. The right answer is %s: %s" % (x, c.ag(x), c.L, c.T),
        "Don't be fooled by \"%s\" — it %s. What you want is \"%s\"." % (c.short(x), c.ag(x), c.Tq),
    ])


def s_comparison(c):
    R = c.R
    x = c.others[0]
    a, b = (x, c.L) if R.random() < 0.5 else (c.L, x)
    return R.choice([
        "The real contest is between %s and %s. %s %s, whereas %s %s. So %s." % (
            a, b, x, c.ag(x), c.L, c.fr(), c.L),
        "Comparing %s and %s: both look plausible, but %s %s. %s %s, so I'm going with %s." % (
            a, b, x, c.ag(x), c.L, c.fr(), c.L),
        "It comes down to \"%s\" versus \"%s\". The first %s; the second %s. Answer: %s." % (
            c.short(x), c.short(), c.ag(x), c.fr(), c.L),
    ])


def s_paraphrase(c):
    R = c.R
    p = c.para()
    if c.kind == "series":
        return R.choice(["I'd say it's %s." % p, "Answer: %s" % p, "The missing part should be %s." % p,
                         "that would be %s" % p, "Looks like %s to me." % p])
    return R.choice([
        "I'd say: %s." % p,
        "Answer: %s." % (p[0].upper() + p[1:]),
        "The right one is the option saying \"%s\"." % p,
        "Basically: %s." % p,
        "My pick: %s." % (p[0].upper() + p[1:]),
        "It has to be the one along the lines of \"%s\" — that one %s." % (p, c.fr()),
    ])


def s_ordinal(c):
    R = c.R
    o = ORD[c.i]
    opts = ["The %s one." % o, "I'd pick the %s option." % o, "It's the %s choice." % o,
            "The %s option is correct." % o, "Go with the %s answer — %s" % (o, end_punct(c.short()))]
    if c.L == "D":
        opts += ["The last one.", "It's the last option.", "The final option is the correct one."]
    if c.L == "A":
        opts += ["The very first option.", "The first one listed."]
    return R.choice(opts)


def s_numbered(c):
    R = c.R
    n = c.i + 1
    return R.choice(["Option %d." % n, "Answer: option %d" % n, "Choice #%d" % n, "I'd go with option #%d." % n,
                     "The %s option (number %d) is correct." % (ORD_NUM[c.i], n),
                     "Option %d is the right one, since it %s." % (n, c.fr())])


def s_json(c):
    R = c.R
    v = R.randrange(4)
    if v == 0:
        obj = {"answer": c.L}
    elif v == 1:
        obj = {"answer": c.L, "explanation": "Option %s %s." % (c.L, c.fr())}
    elif v == 2:
        obj = {"choice": c.L, "choice_text": c.T}
    else:
        obj = {"answer": c.L, "confidence": round(R.uniform(0.55, 0.97), 2)}
    s = json.dumps(obj, ensure_ascii=False, indent=2 if R.random() < 0.5 else None)
    if R.random() < 0.5:
        s = "```json\n%s\n```" % s
    return s


def s_yaml(c):
    R = c.R
    lines = ["answer: %s" % c.L]
    if R.random() < 0.6:
        lines.append("confidence: %s" % R.choice(["high", "medium", "0.8", "0.65", "0.9"]))
    if R.random() < 0.7:
        lines.append("reason: >-\n  Option %s %s." % (c.L, c.fr()))
    s = "\n".join(lines)
    return "```yaml\n%s\n```" % s if R.random() < 0.6 else s


def s_tool_call(c):
    R = c.R
    v = R.randrange(3)
    if v == 0:
        call = {"name": "submit_answer", "arguments": {"option": c.L}}
        body = json.dumps(call)
    elif v == 1:
        body = "<tool_call>\n%s\n</tool_call>" % json.dumps(
            {"name": "record_answer", "arguments": {"letter": c.L, "rationale": "Option %s %s." % (c.L, c.fr())}})
    else:
        body = json.dumps({"tool": "answer_question", "parameters": {"selected_option": c.L, "text": c.T}},
                          ensure_ascii=False)
    pre = R.choice(["", "I've reviewed the options. Submitting my answer now.\n\n",
                    "I have enough information to answer.\n", "Calling the answer tool.\n"])
    return pre + body


def s_restate(c):
    R = c.R
    x = c.others[0]
    return R.choice([
        "%s Looking at the four options, %s %s, while %s %s. So the answer is %s." % (
            R.choice(RESTATE[c.qt]), c.L, c.fr(), x, c.ag(x), c.L),
        "%s\n\nThe option that does this is %s: \"%s\"." % (R.choice(RESTATE[c.qt]), c.L, c.Tq),
        "To restate: %s%s The answer is %s, since it %s." % (
            lc_first(R.choice(RESTATE[c.qt])), "", c.L, c.fr()),
    ])


SOURCES_LOGIC = ["LSAT Logical Reasoning Guide, ch. 4", "Critical Reasoning Handbook (2nd ed.), p. 112",
                 "Course notes: Arguments and Assumptions", "knowledge-base/logic-question-types.md",
                 "Practice set solutions, section 3"]
SOURCES_SERIES = ["Aptitude Test Prep: Letter Series, p. 23", "Reasoning practice notes, unit 2",
                  "knowledge-base/alphabet-series.md", "Verbal Reasoning Workbook, ch. 7"]


def s_rag(c):
    R = c.R
    srcs = list(SOURCES_SERIES if c.kind == "series" else SOURCES_LOGIC)
    R.shuffle(srcs)
    intro = R.choice(["According to the retrieved material [1],", "Based on the provided documents [1][2],",
                      "Per the reference guide [1],"])
    general = ("letter series typically advance by a fixed step in each position"
               if c.kind == "series" else
               "the correct option is the one that %s" % FOR[c.qt][0])
    ans = R.choice(["The correct answer is **%s**: %s [1]." % (c.L, c.Tq),
                    "**Answer: %s** [2]" % c.L,
                    "So the answer is %s — \"%s\" [1][2]." % (c.L, c.Tq)])
    return "%s %s. %s\n\nSources:\n[1] %s\n[2] %s" % (intro, general, ans, srcs[0], srcs[1])


def s_casual(c):
    R = c.R
    return R.choice([
        "ok so it's def %s lol" % c.L,
        "%s for sure 👍" % c.L,
        "gotta be %s, the others don't really fit" % c.L,
        "easy — %s. \"%s\"" % (c.L, c.short()),
        "honestly i'd just go %s on this one" % c.L,
        "Yeah it's %s. %s is a trap 😅" % (c.L, c.others[0]),
        "pretty sure it's the one that says \"%s\"" % c.short(),
    ])


def s_mind_change(c):
    R = c.R
    x = c.others[0]
    v = R.randrange(4)
    if v == 0:
        return ("My first instinct was %s, but on reflection that option %s. %s is the better answer, because it %s."
                "\n\n**Final answer: %s**" % (x, c.ag(x), c.L, c.fr(), c.L))
    if v == 1:
        return ("The answer is %s.\n\nWait — I need to correct myself. Re-reading the options, %s %s. "
                "The correct answer is actually %s." % (x, x, c.ag(x), c.L))
    if v == 2:
        return ("Initially I thought it was \"%s\", but that doesn't hold up — it %s. "
                "The right choice is \"%s\"." % (c.short(x), c.ag(x), c.Tq))
    return ("Hmm, %s looks right at first glance... Actually, no. Looking more closely, it %s. "
            "Let me reconsider: %s %s. So I'll change my answer to %s." % (x, c.ag(x), c.L, c.fr(), c.L))


def s_refusal(c):
    R = c.R
    return R.choice([
        "I'm sorry, but I can't help with questions that appear to be from an active exam or assessment.",
        "I can't provide answers to test questions. However, I'm happy to explain how to approach this type of "
        "problem if that would help!",
        "I'm only able to help with questions about your account, orders and billing. For other topics, please "
        "consult an appropriate resource.",
        "Sorry, I'm not able to assist with that request.",
        "As an AI developed to support academic integrity, I can't complete quiz or homework questions for you. "
        "Would you like some general tips on this kind of question instead?",
    ])


def s_dont_know(c):
    R = c.R
    return R.choice([
        "I don't know.",
        "I'm honestly not sure which of these is correct, and I'd rather not guess.",
        "I don't have enough information to answer this confidently.",
        "Sorry, I'm not able to determine the answer to this one.",
        "Hmm, I really can't tell. I'd need to look this up before giving you an answer.",
        "idk tbh",
    ])


def s_clarify(c):
    R = c.R
    if c.kind == "series":
        return R.choice([
            "Could you share the full series? I can see the answer options, but not the sequence itself.",
            "Which letter series is this about? The question seems to be cut off, so I can't work out the pattern yet.",
            "Before I answer: are the letters supposed to wrap around after Z? That changes which option fits.",
        ])
    return R.choice([
        "Could you share the passage? I only see the answer options, which isn't enough to pick one.",
        "It looks like the question text is missing. Can you paste the full passage and question?",
        "Before I answer, could you clarify whether the question asks what weakens or what strengthens the "
        "argument? The answer depends on that.",
        "I'd need the full question to answer this. Could you provide the passage the options refer to?",
    ])


def s_cutoff(c):
    R = c.R
    v = R.randrange(4)
    if v == 0:
        return ("Let's go through the options one by one.\n\nA) %s — to evaluate this, we need to check whether"
                % c.tq("A"))
    if v == 1:
        return "%s %s" % (opener(R, c.kind), R.choice([
            "The key point is that the", "First, note that", "We can start by writing down",
            "To figure out which option is correct, we must first"]))
    if v == 2:
        return '{"reasoning": "Looking at the options, we first need to'
    return ("**Step 1:** %s\n\n**Step 2:** Consider option A: \"%s\". Whether this holds depends on"
            % (R.choice(RESTATE[c.qt]), c.short("A")))


def s_torn(c):
    R = c.R
    x, y = sorted(c.others[:2])
    return R.choice([
        "It's either %s or %s. %s works if you read the question strictly, while %s works under a looser reading. "
        "I can't decide between them." % (x, y, x, y),
        "Both %s and %s seem defensible to me; I'd accept either one." % (x, y),
        "Honestly, %s or %s — it's a coin flip between those two." % (x, y),
        "I've narrowed it down to \"%s\" and \"%s\", but I can't confidently pick one over the other."
        % (c.short(x), c.short(y)),
        "%s and %s both look correct here. Without more context, I'm torn." % (x, y),
    ])


def s_echo_answer(c):
    R = c.R
    opts = "\n".join("%s. %s" % (L, c.t(L)) for L in LETTERS)
    v = R.randrange(3)
    if v == 0:
        return "Options:\n%s\nAnswer: %s" % (opts, c.L)
    if v == 1:
        return "### Options:\n%s\n\n### Response:\nThe answer is %s. %s" % (opts, c.L, c.T)
    return "%s\n\nThe correct answer is %s." % (opts, c.L)


def s_echo_no_answer(c):
    R = c.R
    opts = "\n".join("%s. %s" % (L, c.t(L)) for L in LETTERS)
    v = R.randrange(3)
    if v == 0:
        return opts + "\n\n" + opts
    if v == 1:
        return "Options:\n%s\nAnswer:" % opts
    return "### Response:\n%s\n\n###" % opts


def s_ramble(c):
    R = c.R
    tail = R.choice(["<|endoftext|>", "</s>", "<|im_end|>", "", "\n\nAnswer: %s" % c.L])
    return R.choice([
        "Answer: %s\n\nThe answer is %s because %s is the correct answer. Option %s states \"%s\". "
        "This %s. Therefore, the answer is %s. The answer is %s.%s" % (
            c.L, c.L, c.L, c.L, c.Tq, c.fr(), c.L, c.L, tail),
        "The correct answer is %s. %s. The correct answer is %s because it %s. So the correct answer is %s.%s" % (
            c.L, c.Tq, c.L, c.fr(), c.L, tail),
        "Sure! Here is the answer to the question. The answer to the question is option %s which is %s. "
        "I hope this helps! I hope this helps!%s" % (c.L, c.Tq, tail),
    ])


def s_support_bot(c):
    R = c.R
    hi = R.choice(["Hi there! 👋", "Hello, and thanks for reaching out!", "Great question!", "Thanks for your message!"])
    bye = R.choice(["Let me know if there's anything else I can help with!",
                    "Is there anything else I can assist you with today?",
                    "Have a great day! 😊", "Feel free to reach out if you have more questions."])
    return "%s Based on your question, the correct option is **%s** — %s\n\n%s" % (hi, c.L, c.T, bye)


def s_hurried(c):
    R = c.R
    l = c.L.lower()
    return R.choice([l, "its %s" % l, "%s i think" % c.L, "def %s" % l, "%s." % l,
                     "%s - %s" % (l, c.short(maxw=5) if c.kind == "series" else c.short(maxw=6)),
                     "ans %s" % l, "%s obv" % c.L])


def s_answer_first(c):
    R = c.R
    x = c.others[0]
    return "**%s. %s**\n\n%s %s. By contrast, %s %s." % (
        c.L, c.Tq, R.choice(["Explanation:", "Why:", "Reasoning:"]), "This option " + c.fr(), x, c.ag(x))


def s_elimination(c):
    R = c.R
    x, y, z = sorted(c.others)
    a = c.ags([x, y, z])
    end = R.choice(["That leaves %s." % c.L, "That leaves %s: %s" % (c.L, c.T), "By elimination, the answer is %s." % c.L,
                    "So the only one left standing is \"%s\"." % c.Tq])
    return "Eliminating options:\n- %s %s.\n- %s %s.\n- %s %s.\n\n%s" % (x, a[0], y, a[1], z, a[2], end)


def s_bold_text(c):
    R = c.R
    return R.choice(["**%s**" % c.Tq, "Correct answer: **%s**" % c.Tq,
                     "The answer is **%s**." % c.Tq, "✅ **%s**" % c.Tq])


def s_table(c):
    R = c.R
    hdr = R.choice(["| Option | Verdict | Why |\n|---|---|---|", "| Choice | Correct? | Notes |\n|:--:|:--:|---|"])
    rows = []
    bad = dict(zip(c.others, c.ags(c.others)))
    for L in LETTERS:
        if L == c.L:
            rows.append("| %s | ✅ | It %s |" % (L, c.fr()))
        else:
            rows.append("| %s | ❌ | It %s |" % (L, bad[L]))
    end = R.choice(["**Answer: %s**" % c.L, "The correct answer is **%s**." % c.L, "→ **%s**" % c.L])
    return "%s\n%s\n\n%s" % (hdr, "\n".join(rows), end)


def s_final_tag(c):
    R = c.R
    tag = R.choice(["<answer>%s</answer>" % c.L, "\\boxed{%s}" % c.L, "#### %s" % c.L, "ANSWER: %s" % c.L,
                    "Final Answer: $\\boxed{\\text{%s}}$" % c.L, "The final answer is %s" % c.L])
    if R.random() < 0.5:
        return tag
    return "Option %s %s.\n\n%s" % (c.L, c.fr(), tag)


def s_excerpt(c):
    R = c.R
    e = c.short(maxw=7)
    return R.choice([
        "The one about \"%s\"." % e,
        "Go with the option that says \"%s\"." % e,
        "It's the \"%s\" option." % e,
        "I'd choose the answer \"%s\", since it %s." % (e, c.fr()),
    ])


def s_wrong_list(c):
    R = c.R
    x, y, z = sorted(c.others)
    return R.choice([
        "%s, %s, and %s are all incorrect, so the answer is %s." % (x, y, z, c.L),
        "Not %s, not %s, not %s — %s." % (x, y, z, c.L),
        "%s, %s and %s each have a problem; %s doesn't. Answer: %s" % (x, y, z, c.L, c.L),
    ])


def s_lower_paren(c):
    R = c.R
    l = c.L.lower()
    return R.choice(["the answer is (%s)" % l, "answer: %s)" % l, "(%s) %s" % (l, c.T), "Correct option: %s" % l,
                     "I believe it's (%s)." % l])


def s_confidence(c):
    R = c.R
    p = R.choice([55, 60, 65, 70, 72, 75, 80, 85, 90])
    return R.choice(["Answer: %s\nConfidence: %d%%" % (c.L, p),
                     "%s (confidence: %s)" % (c.L, R.choice(["high", "moderate", "medium"])),
                     "I'm about %d%% confident it's %s." % (p, c.L),
                     "Prediction: %s | p=%.2f" % (c.L, p / 100.0)])


def s_think(c):
    R = c.R
    x, y = c.others[0], c.others[1]
    think = ("Okay, let me look at the options. %s says \"%s\" — hmm, that %s. What about %s? "
             "Maybe... no, %s %s too. %s %s. Yeah, I think that's it." % (
                 x, c.short(x, 6), c.ag(x), y, y, c.ag(y), c.L, c.fr()))
    end = R.choice(["The answer is **%s**." % c.L, "**Answer: %s**" % c.L, "%s. %s" % (c.L, c.T),
                    "The correct option is %s." % c.L])
    return "<think>\n%s\n</think>\n\n%s" % (think, end)


def s_double_check(c):
    R = c.R
    x = c.others[0]
    return ("The answer is %s.\n\nLet me double-check: %s %s, and %s %s. Yes — %s." % (
        c.L, x, c.ag(x), c.L, c.fr(), R.choice([c.L, "%s it is" % c.L, "confirmed, %s" % c.L])))


def s_react(c):
    R = c.R
    return ("Thought: I need to pick the option that %s.\nAction: evaluate_options\nObservation: option %s %s.\n"
            "Thought: I now know the final answer.\nFinal Answer: %s" % (
                FOR[c.qt][0], c.L, c.fr(), R.choice([c.L, "%s" % c.L, "%s) %s" % (c.L, c.Tq)])))


def s_xml(c):
    R = c.R
    return R.choice([
        "<response>\n  <choice>%s</choice>\n  <rationale>Option %s %s.</rationale>\n</response>" % (c.L, c.L, c.fr()),
        "<result><selected>%s</selected></result>" % c.L,
        "<final_answer>\n%s\n</final_answer>" % c.L,
    ])


def s_apology(c):
    R = c.R
    return R.choice([
        "You're right — I made a mistake earlier, and I apologize for the confusion. The correct answer is **%s**: %s"
        % (c.L, c.T),
        "Apologies for my previous response. After re-checking, the answer is %s (%s)." % (c.L, c.short()),
        "Sorry about that! Let me correct myself: it's %s, because it %s." % (c.L, c.fr()),
    ])


def s_reasoning_text(c):
    R = c.R
    x = c.others[0]
    return ("%s %s Several options can be ruled out; for instance, \"%s\" %s.\n\n"
            "So the statement that holds up is: %s" % (
                opener(R, c.kind), R.choice(RESTATE[c.qt]), c.short(x, 6), c.ag(x), c.T))


def s_letter_text_paren(c):
    R = c.R
    return R.choice(["The answer is %s (%s)." % (c.L, c.Tq), "%s (\"%s\")" % (c.L, c.short()),
                     "I'd choose %s, i.e. \"%s\"." % (c.L, c.short())])


def s_quiz_feedback(c):
    """Tutor/quiz-app style feedback."""
    R = c.R
    return R.choice([
        "📘 **Correct answer:** %s\n\n💡 **Tip:** look for the option that %s." % (c.L, FOR[c.qt][0]),
        "Solution\n--------\nCorrect option: %s\nExplanation: this option %s." % (c.L, c.fr()),
        "Answer key → %s\nDifficulty: %s" % (c.L, R.choice(["easy", "medium", "hard"])),
    ])


def s_email(c):
    R = c.R
    name = R.choice(["Sam", "Alex", "Jordan", "Priya", "Chen"])
    return ("Hi %s,\n\nI had a look at the question you sent over. I think the answer is %s (\"%s\"), since it %s.\n\n"
            "Best,\n%s" % (name, c.L, c.short(), c.fr(), R.choice(["Maria", "Tom", "Dana", "Lee"])))


STYLES = collections.OrderedDict([
    ("letter_only", (s_letter_only, "answer")),
    ("bracket_final", (s_bracket_final, "answer")),
    ("text_only", (s_text_only, "answer")),
    ("letter_dot_text", (s_letter_dot_text, "answer")),
    ("prose_text", (s_prose_text, "answer")),
    ("letter_in_prose", (s_letter_in_prose, "answer")),
    ("markdown_review", (s_markdown_review, "answer")),
    ("step_by_step", (s_step_by_step, "answer")),
    ("hedged", (s_hedged, "answer")),
    ("reject_then_pick", (s_reject_then_pick, "answer")),
    ("comparison", (s_comparison, "answer")),
    ("paraphrase", (s_paraphrase, "answer")),
    ("ordinal", (s_ordinal, "answer")),
    ("numbered", (s_numbered, "answer")),
    ("json_output", (s_json, "answer")),
    ("yaml_output", (s_yaml, "answer")),
    ("tool_call", (s_tool_call, "answer")),
    ("restate_question", (s_restate, "answer")),
    ("rag_citation", (s_rag, "answer")),
    ("casual", (s_casual, "answer")),
    ("mind_change", (s_mind_change, "answer")),
    ("echo_then_answer", (s_echo_answer, "answer")),
    ("small_model_ramble", (s_ramble, "answer")),
    ("support_bot", (s_support_bot, "answer")),
    ("hurried_human", (s_hurried, "answer")),
    ("answer_first_explain", (s_answer_first, "answer")),
    ("elimination", (s_elimination, "answer")),
    ("bold_text", (s_bold_text, "answer")),
    ("markdown_table", (s_table, "answer")),
    ("final_answer_tag", (s_final_tag, "answer")),
    ("excerpt_mention", (s_excerpt, "answer")),
    ("wrong_list", (s_wrong_list, "answer")),
    ("lowercase_letter", (s_lower_paren, "answer")),
    ("confidence_score", (s_confidence, "answer")),
    ("think_tags", (s_think, "answer")),
    ("double_check", (s_double_check, "answer")),
    ("react_agent", (s_react, "answer")),
    ("xml_output", (s_xml, "answer")),
    ("apology_correction", (s_apology, "answer")),
    ("reasoning_to_text", (s_reasoning_text, "answer")),
    ("letter_with_text_paren", (s_letter_text_paren, "answer")),
    ("quiz_feedback", (s_quiz_feedback, "answer")),
    ("email_reply", (s_email, "answer")),
    ("refusal", (s_refusal, "none")),
    ("dont_know", (s_dont_know, "none")),
    ("clarification_request", (s_clarify, "none")),
    ("cut_off", (s_cutoff, "none")),
    ("echo_options_no_answer", (s_echo_no_answer, "none")),
    ("torn", (s_torn, "unclear")),
])

P_KEY = 0.70


def style_plan(R, n):
    """Deterministic list of n styles: every answer style twice or more, few none/unclear."""
    answer = [s for s, (_, k) in STYLES.items() if k == "answer"]
    none = [s for s, (_, k) in STYLES.items() if k == "none"]
    unclear = [s for s, (_, k) in STYLES.items() if k == "unclear"]
    plan = []
    plan += none * 2 + unclear * 2           # 12 of 150 = 8%
    reps = (n - len(plan)) // len(answer)
    plan += answer * reps
    extra = list(answer)
    R.shuffle(extra)
    plan += extra[: n - len(plan)]
    R.shuffle(plan)
    return plan


def build(wheel, per_set):
    zf = zipfile.ZipFile(wheel)
    rows = []
    for name, path, kind, seed in SETS:
        R = random.Random(seed)
        items = load_set(zf, path, kind)
        if not items:
            raise SystemExit("no usable items in %s" % path)
        if len(items) >= per_set:
            picked = R.sample(items, per_set)
            picked.sort(key=lambda it: it["idx"])
        else:
            picked = []
            while len(picked) < per_set:
                batch = list(items)
                R.shuffle(batch)
                picked += batch
            picked = picked[:per_set]
            picked.sort(key=lambda it: it["idx"])
        plan = style_plan(R, per_set)
        for item, style in zip(picked, plan):
            fn, kindlab = STYLES[style]
            if kindlab == "answer":
                if R.random() < P_KEY:
                    meant = item["key"]
                else:
                    meant = R.choice([x for x in LETTERS if x != item["key"]])
            else:
                meant = kindlab
            ctx = Ctx(R, item, meant)
            reply = fn(ctx)
            rows.append(collections.OrderedDict([
                ("set", name),
                ("id", "%s-%05d" % (name, item["idx"])),
                ("choices", list(item["choices"])),
                ("style", style),
                ("reply", reply),
                ("meant", meant),
            ]))
    return rows


def check(path):
    keys = ["set", "id", "choices", "style", "reply", "meant"]
    per_set = collections.Counter()
    per_style = collections.Counter()
    per_meant = collections.Counter()
    n = 0
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            obj = json.loads(line)
            assert list(obj.keys()) == keys, (ln, list(obj.keys()))
            assert isinstance(obj["set"], str) and obj["set"], ln
            assert re.fullmatch(re.escape(obj["set"]) + r"-\d{5}", obj["id"]), (ln, obj["id"])
            ch = obj["choices"]
            assert isinstance(ch, list) and len(ch) == 4, ln
            assert all(isinstance(x, str) and x.strip() for x in ch), ln
            assert len(set(x.lower() for x in ch)) == 4, ln
            assert isinstance(obj["style"], str) and obj["style"] in STYLES, ln
            assert isinstance(obj["reply"], str) and obj["reply"].strip(), ln
            assert obj["meant"] in ("A", "B", "C", "D", "none", "unclear"), ln
            kindlab = STYLES[obj["style"]][1]
            if kindlab == "answer":
                assert obj["meant"] in LETTERS, ln
            else:
                assert obj["meant"] == kindlab, ln
            per_set[obj["set"]] += 1
            per_style[obj["style"]] += 1
            per_meant[obj["meant"]] += 1
            n += 1
    return n, per_set, per_style, per_meant


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel", help="path to evals-3.0.1.post1-py3-none-any.whl")
    ap.add_argument("--out", default="/tmp/blind9/replies-blind9.jsonl")
    ap.add_argument("--per-set", type=int, default=150)
    args = ap.parse_args()

    rows = build(args.wheel, args.per_set)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    n, per_set, per_style, per_meant = check(args.out)
    print("wrote %d replies to %s (all lines checked OK)" % (n, args.out))
    print("\nper set:")
    for k, v in per_set.items():
        print("  %-40s %4d" % (k, v))
    print("\nper style (%d styles):" % len(per_style))
    for k, v in sorted(per_style.items()):
        print("  %-40s %4d" % (k, v))
    print("\nper meant:")
    for k in ["A", "B", "C", "D", "none", "unclear"]:
        print("  %-8s %4d" % (k, per_meant.get(k, 0)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
