#!/usr/bin/env python3
"""Blind labelled reply set #5 for the reply reader (free-text reply -> choice A-D).

What this file is
-----------------
A deterministic generator of a labelled test set of free-text replies to
four-choice questions.  Each output line is one JSON object

    {"set", "id", "choices", "style", "reply", "meant"}

with the keys in that order.  ``choices`` holds the four choice texts in A-D
order (the question stem is NOT included), ``reply`` is a reply written in the
manner of a real deployed assistant (ChatGPT-, Claude-, Gemini-, Copilot-,
Llama/Mistral-style chat replies, enterprise RAG answers with citations,
customer-support bots, JSON/YAML/XML/code-fenced answers, foreign-language
answers, refusals, truncated output ...), and ``meant`` is what a careful human
reader takes the reply to assert: a letter "A"-"D" when it commits to exactly
one choice (right or wrong -- the answer key is never written out), "none" when
it gives no answer (refusal, "I don't know", "none of the options", empty or
error output, truncated before any answer) and "unclear" when it does not
settle on one choice (two answers, a conditional answer, a letter that
contradicts the quoted text, a heading that contradicts the conclusion, ...).
About 80 % of replies are lettered, ~10 % "none", ~10 % "unclear"; about 40 %
of the lettered replies assert a wrong choice, so a reader cannot lean on the
key.  ``id`` is ``<set>-L<line number in the source file>-<4-digit serial>``.

Provenance
----------
Written BLIND: the author read only the task brief and the OpenAI ``evals``
wheel's data files -- not the reader under test, its documentation, its tests,
or the other reply-set generators / reply data files.  Replies and labels come
from the templates below; labels are by construction, following the brief's
definition of "meant".

Question sources (all under ``evals/registry/data/`` in the wheel)
-----------------------------------------------------------------
* ``us_tort_law/samples.jsonl`` -- the last user message ends with
  ``\\nA. ...\\nB. ...\\nC. ...\\nD. ...\\nAnswer:``; the four lines are the
  choices, ``ideal`` is the key letter.  A deterministic sample of rows is used
  (all rows whose choices contain dollar amounts are kept).
* ``emotional-intelligence/samples.jsonl`` -- the user message is
  ``<vignette> (a) ...; (b) ...; (c) ...; (d) ...``; only rows with exactly four
  options (no "(e)") are used; a final full stop of option (d) is dropped (it
  is the sentence's full stop); ``ideal`` is a ranking such as ``c-b-d`` and
  its first letter is taken as the key.  Rows with the mangled dash (`` 3 ``)
  are skipped.
* ``test_comp_sci/questions.jsonl`` -- ``<question>  a) ...  b) ...  c) ...
  d) ...``; repeated rows are used once (first occurrence); rows with the
  ``PWR2</sup>`` mark-up artefact or with fewer than four options are skipped.
* ``chess/match.jsonl`` -- ``Possible Moves: A: f4, B: Rd2, C: Kg1, D: Qb2
  Answer ...``; only rows with exactly four moves that all parse as SAN.

In every set a row is skipped if two choices are equal or one choice's text
(case-insensitively) contains another's.  Git-LFS pointer files are not used.

How to run
----------
    python3 scripts/reply-set-blind5.py /tmp/evals/evals-3.0.1.post1-py3-none-any.whl \\
        --out crates/exam/tests/data/replies-blind5.jsonl

Standard library only.  Output is byte-identical on every run and for any
PYTHONHASHSEED (all randomness comes from random.Random seeded with strings;
no set or hash-order iteration).
"""

import argparse
import json
import random
import re
import sys
import zipfile

LET = "ABCD"
DATA = "evals/registry/data/"


# ---------------------------------------------------------------------------
# parsing
# ---------------------------------------------------------------------------

class Q:
    def __init__(self, set_, line, choices, key, stem, qsent, extra=None):
        self.set = set_
        self.line = line
        self.choices = choices
        self.key = key
        self.stem = stem
        self.qsent = qsent
        self.extra = extra or {}


def choices_ok(ch):
    low = [c.strip().lower() for c in ch]
    if len(ch) != 4 or any(not c for c in low):
        return False
    for i in range(4):
        for j in range(4):
            if i != j and (low[i] == low[j] or low[i] in low[j]):
                return False
    return True


def read_lines(zf, path):
    raw = zf.read(DATA + path)
    if raw[:200].find(b"git-lfs") >= 0:
        return []
    return raw.decode("utf-8").splitlines()


def last_question_sentence(stem):
    parts = re.split(r'(?<=[.!?"])\s+', stem.strip())
    for p in reversed(parts):
        if p.endswith("?"):
            return p
    return parts[-1]


def parse_tort(zf):
    out = []
    for n, l in enumerate(read_lines(zf, "us_tort_law/samples.jsonl"), 1):
        o = json.loads(l)
        t = o["input"][-1]["content"]
        m = re.search(r"\nA\. (.*)\nB\. (.*)\nC\. (.*)\nD\. (.*)\nAnswer:\s*$", t)
        if not m or o.get("ideal") not in list(LET):
            continue
        ch = [c.strip() for c in m.groups()]
        if not choices_ok(ch):
            continue
        stem = t[: m.start()].strip()
        out.append(Q("us_tort_law", n, ch, LET.index(o["ideal"]), stem,
                     last_question_sentence(stem)))
    return out


def parse_ei(zf):
    out = []
    for n, l in enumerate(read_lines(zf, "emotional-intelligence/samples.jsonl"), 1):
        o = json.loads(l)
        t = o["input"][-1]["content"]
        if "(e)" in t:
            continue
        m = re.search(r"^(.*?)\s*\(a\)\s*(.*?);\s*\(b\)\s*(.*?);\s*\(c\)\s*(.*?);\s*\(d\)\s*(.*?)\s*$", t, re.S)
        if not m:
            continue
        ch = [c.strip() for c in m.groups()[1:]]
        if ch[3].endswith(".") and not ch[3].endswith(".."):
            ch[3] = ch[3][:-1].rstrip()
        if any(re.search(r"\s3\s", c) for c in ch) or not choices_ok(ch):
            continue
        ideal = str(o.get("ideal", "")).strip().lower()
        if not ideal or ideal[0] not in "abcd":
            continue
        stem = m.group(1).strip()
        qs = last_question_sentence(stem)
        subj = None
        mm = re.search(r"most effective for ([A-Z][\w-]*(?: [A-Z][\w-]*)?)\?", qs)
        kind = "other"
        if mm:
            subj, kind = mm.group(1), "action"
        elif "What would you do" in qs:
            subj, kind = "you", "action"
        else:
            mm = re.search(r"How did ([A-Z]\w*) feel", qs)
            if mm:
                subj, kind = mm.group(1), "feel"
        if subj is None:
            continue
        out.append(Q("emotional-intelligence", n, ch, "abcd".index(ideal[0]), stem, qs,
                     {"subj": subj, "kind": kind}))
    return out


def parse_cs(zf):
    out, seen = [], []
    for n, l in enumerate(read_lines(zf, "test_comp_sci/questions.jsonl"), 1):
        o = json.loads(l)
        t = o["input"][-1]["content"]
        if t in seen:
            continue
        seen.append(t)
        m = re.match(r"^(.*?)\s+a\)\s+(.*?)\s+b\)\s+(.*?)\s+c\)\s+(.*?)\s+d\)\s+(.*?)\s*$", t, re.S)
        if not m:
            continue
        ch = [c.strip() for c in m.groups()[1:]]
        if any("PWR" in c or "<" in c for c in ch) or not choices_ok(ch):
            continue
        ideal = str(o.get("ideal", "")).strip().lower()
        if ideal not in list("abcd"):
            continue
        stem = m.group(1).strip().rstrip(",").strip()
        out.append(Q("test_comp_sci", n, ch, "abcd".index(ideal), stem, stem))
    return out


SAN = re.compile(r"^(?:(?P<castle>O-O(?:-O)?)|(?P<piece>[KQRBN])?(?P<frm>[a-h]?[1-8]?)(?P<cap>x)?"
                 r"(?P<sq>[a-h][1-8])(?:=(?P<promo>[QRBN]))?)(?P<chk>[+#])?$")


def parse_chess(zf):
    out = []
    for n, l in enumerate(read_lines(zf, "chess/match.jsonl"), 1):
        o = json.loads(l)
        t = o["input"][-1]["content"]
        m = re.search(r"Possible Moves: A: (\S+), B: (\S+), C: (\S+), D: (\S+) Answer", t)
        if not m or o.get("ideal") not in list(LET):
            continue
        ch = list(m.groups())
        if not all(SAN.match(c) for c in ch) or not choices_ok(ch):
            continue
        side = "White" if t.lower().startswith("white") else "Black"
        fen = re.search(r"FEN:\s*(\S+)", t)
        stem = "%s to move. FEN: %s" % (side, fen.group(1) if fen else "?")
        out.append(Q("chess", n, ch, LET.index(o["ideal"]), stem,
                     "%s to move -- what is the best move?" % side, {"side": side}))
    return out


# ---------------------------------------------------------------------------
# text helpers
# ---------------------------------------------------------------------------

def cap(s):
    return s[:1].upper() + s[1:] if s else s


def low1(s):
    if len(s) > 1 and s[1].isupper():  # keep acronyms / SAN like "Qb2", "BST"
        return s
    return s[:1].lower() + s[1:] if s else s


def nodot(s):
    s = s.strip()
    while s and s[-1] in ".;":
        s = s[:-1].rstrip()
    return s


ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words(n):
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else "-" + ONES[n % 10])
    if n < 1000:
        return ONES[n // 100] + " hundred" + ("" if n % 100 == 0 else " " + words(n % 100))
    if n < 1000000:
        return words(n // 1000) + " thousand" + ("" if n % 1000 == 0 else " " + words(n % 1000))
    return str(n)


def money_variant(m, rng):
    digits = m.group(1).replace(",", "")
    v = int(digits)
    opts = ["$" + digits, "%s dollars" % m.group(1), words(v) + " dollars", "USD " + m.group(1)]
    if v % 1000 == 0 and v >= 1000:
        opts.append("$%dk" % (v // 1000))
        opts.append("$%dK" % (v // 1000))
    return rng.choice(opts)


CONTRACT = [(" did not ", " didn't "), (" was not ", " wasn't "), (" is not ", " isn't "),
            (" does not ", " doesn't "), (" could not ", " couldn't "), (" cannot ", " can't "),
            (" has not ", " hasn't "), (" would not ", " wouldn't "), (" were not ", " weren't "),
            (" are not ", " aren't "), (" had not ", " hadn't "), (" will not ", " won't "),
            (" should not ", " shouldn't "), (" do not ", " don't ")]


ABBREV = [("Federal Tort Claims Act", "FTCA"), ("binary search tree", "BST"), ("BST", "binary search tree"),
          ("in place", "in-place"), ("Vehicle Code", "Veh. Code"), ("negligence per se", "per se negligence"),
          ("res ipsa loquitur", "res ipsa"), ("emotional distress", "emotional harm"),
          ("United States", "U.S."), ("summary judgment", "SJ")]


def reword(s, rng):
    s = " " + s + " "
    for a, b in CONTRACT:
        s = s.replace(a, b)
    for a, b in ABBREV:
        if a in s and rng.random() < 0.6:
            s = s.replace(a, b)
            break
    s = re.sub(r"\$(\d{1,3}(?:,\d{3})+|\d+)", lambda m: money_variant(m, rng), s)
    s = re.sub(r"(\d+) percent", lambda m: m.group(1) + "%", s)
    return s.strip()


def frag(q, i):
    """A natural-reading leading span of choice i (or of its 'because' clause) found in no other choice."""
    c = nodot(q.choices[i])
    ws = c.split()
    if len(ws) <= 6:
        return c
    others = [o.lower() for j, o in enumerate(q.choices) if j != i]
    stop = {"the", "a", "an", "of", "to", "and", "or", "but", "in", "on", "for", "that", "by", "with",
            "his", "her", "their", "is", "was", "not", "be", "as", "at", "from", "it", "no"}
    starts = []
    for k, w in enumerate(ws[:-3]):
        if k <= 8 and w.lower().strip(",") in ("because", "since"):
            starts.append(k + 1)
            break
    starts.append(0)
    for st in starts:
        for size in range(min(6, len(ws) - st), len(ws) - st + 1):
            span = ws[st: st + size]
            txt = " ".join(span).strip(",;:")
            if any(txt.lower() in o for o in others):
                continue
            while st + size < len(ws) and span[-1].lower().strip(",") in stop:
                size += 1
                span = ws[st: st + size]
            return " ".join(span).strip(",;:")
    return c


def short(q, i):
    c = nodot(q.choices[i])
    if len(c.split()) <= 10:
        return c
    f = frag(q, i)
    return f if f == c else f + "…"


# ---- set-specific paraphrase ------------------------------------------------

VERDICT = {
    "yes": ["yes", "yes", "Yes"],
    "no": ["no", "no", "No"],
}


def para_tort(q, i, rng):
    c = nodot(q.choices[i])
    m = re.match(r"^(?P<v>.*?),?\s+(?:because|since)\s+(?P<r>.+)$", c)
    if m and len(m.group("v").split()) <= 9:
        v, r = m.group("v").strip().rstrip(","), reword(m.group("r"), rng)
        vk = v.lower()
        vtxt = rng.choice(VERDICT[vk]) if vk in VERDICT else reword(low1(v), rng)
        forms = ["%s — %s" % (vtxt, r), "%s, since %s" % (vtxt, r), "%s, given that %s" % (vtxt, r),
                 "%s, on the basis that %s" % (vtxt, r)]
        if vk in VERDICT:
            forms.append("%s — so, %s" % (r, vk))
        return rng.choice(forms)
    m = re.match(r"^(?P<v>.*?),\s+on the ground that\s+(?P<r>.+)$", c)
    if m:
        return rng.choice(["%s — on the basis that %s" % (m.group("v"), reword(m.group("r"), rng)),
                           "%s, since %s" % (m.group("v"), reword(m.group("r"), rng))])
    return reword(low1(c), rng)


EI_VERB = [("Speak to", "talk to"), ("Talk to", "speak with"), ("Ignore", "disregard"),
           ("Forget about it", "let it go"), ("Forget about", "let go of"), ("Apologize to", "say sorry to"),
           ("Concentrate on", "focus on"), ("Focus on", "concentrate on"), ("Find out", "figure out"),
           ("Start looking for", "begin searching for"), ("Start applying for", "begin applying for"),
           ("Realize", "recognize"), ("Think about", "reflect on"), ("Try to", "attempt to"),
           ("Spend time", "invest time"), ("Tell", "tell"), ("Quit", "leave"), ("Get", "get"),
           ("Make an effort to", "put real effort into trying to"), ("Just", "simply")]


def para_ei(q, i, rng):
    c = nodot(q.choices[i])
    subj, kind = q.extra["subj"], q.extra["kind"]
    if kind == "feel":
        return rng.choice(["%s probably felt %s" % (subj, c.lower()), "feeling %s" % c.lower(),
                           "%s would feel %s" % (subj, c.lower())])
    if re.match(r"^(He|She|There|Although|I)\b", c):
        return low1(c) if not c.startswith("I ") else c
    if c.startswith("Don't "):
        rest = c[6:]
        return rng.choice(["%s shouldn't %s" % (subj, rest), "best not to %s" % rest])
    if c.startswith("Not "):
        rest = c[4:]
        return rng.choice(["%s should not %s" % (subj, rest), "best not to %s" % rest])
    if c.startswith("Never "):
        return "%s should never %s" % (subj, c[6:])
    v = c
    for a, b in EI_VERB:
        if c.startswith(a + " ") or c == a:
            v = b + c[len(a):]
            break
    v = low1(v)
    if subj == "you":
        return rng.choice(["you should %s" % v, "I would %s" % v, "the best move is to %s" % v])
    return rng.choice(["%s should %s" % (subj, v), "the best move for %s is to %s" % (subj, v),
                       "%s would do best to %s" % (subj, v)])


CS_PARA = {
    "O(n)": ["linear time", "O(N)", "linear, i.e. order n"],
    "O(nlogn)": ["n log n", "O(n log n)", "linearithmic time"],
    "O(n log n)": ["n log n", "O(n·log n)", "linearithmic time"],
    "O(n^2)": ["quadratic time", "O(n²)", "n squared"],
    "O(logn)": ["logarithmic time", "O(log n)", "log n"],
    "O(log n)": ["logarithmic", "O(log(n))", "log n"],
    "O(1)": ["constant space", "O(1) — constant", "constant extra space"],
    "inorder": ["in-order traversal", "an in-order walk", "in-order (left, root, right)"],
    "postorder": ["post-order traversal", "a post-order walk"],
    "preorder": ["pre-order traversal", "a pre-order walk"],
    "level order": ["level-order (breadth-first) traversal", "BFS / level-order"],
    "Heap sort": ["heapsort", "the heap-based sort"],
    "Quick sort": ["quicksort"], "Selection sort": ["selection sorting"],
    "Insertion sort": ["insertion sorting"], "Merge sort": ["mergesort"],
    "Cycle sort": ["cycle sorting"], "Counting sort": ["counting-based sort"],
    "Radix sort": ["radix sorting"], "cycle sort": ["cycle sorting", "Cycle Sort"],
    "insertion sort": ["Insertion Sort"], "bubble sort": ["Bubble Sort"],
    "merge sort": ["Merge Sort", "mergesort"], "quick sort": ["quicksort"],
    "selection sort": ["Selection Sort"], "cocktail sort": ["cocktail shaker sort"],
    "2w and 2w+1": ["indices 2w and 2w + 1", "children at 2w and 2w+1 (left and right)"],
    "2+w and 2-w": ["w+2 and w-2", "2 + w and 2 − w"],
    "w+1/2 and w/2": ["w/2 and w+1/2", "w + ½ and w/2"],
    "w-1/2 and w+1/2": ["w − ½ and w + ½", "w+1/2 and w-1/2"],
    "it requires minimal write operations": ["it minimises the number of memory writes",
                                             "minimal writes to memory"],
    "it can sort large arrays efficiently": ["efficiency on large arrays", "it handles big arrays fast"],
    "it has a low time complexity": ["low time complexity", "it runs in low asymptotic time"],
    "it is an adaptive sorting algorithm": ["being adaptive", "it adapts to presorted input"],
    "Statement I is true but Statement II is false": ["only statement I holds", "I is true and II is false"],
    "Both Statement I and Statement II are false": ["neither statement holds", "both statements are false"],
    "Both Statement I and Statement II are true": ["both statements hold", "I and II are both true"],
    "Statement II is true but Statement I is false": ["only statement II holds", "II is true and I is false"],
}


def para_cs(q, i, rng):
    c = nodot(q.choices[i])
    if re.fullmatch(r"\d+", c):
        v = int(c)
        return rng.choice([words(v), "%s (%d)" % (words(v), v), "%s in total" % words(v)])
    if c in CS_PARA and CS_PARA[c]:
        return rng.choice(CS_PARA[c])
    return reword(low1(c), rng)


PIECE = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
PIECE_DE = {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S"}


def para_chess(q, i, rng):
    c = q.choices[i]
    m = SAN.match(c)
    chk = {"+": " with check", "#": " delivering mate"}.get(m.group("chk") or "", "")
    if m.group("castle"):
        return (rng.choice(["castling queenside", "long castling (O-O-O)", "castling long"])
                if m.group("castle") == "O-O-O" else
                rng.choice(["castling kingside", "short castling", "castling short"])) + chk
    sq = m.group("sq")
    frm = m.group("frm") or ""
    if m.group("piece"):
        p = PIECE[m.group("piece")]
        src = (" from the %s-file" % frm if frm.isalpha() else " from rank %s" % frm) if frm else ""
        if m.group("cap"):
            return rng.choice(["the %s%s capture on %s" % (p, src, sq), "the %s capture on %s (%s)" % (p, sq, c),
                               "%s takes %s%s" % (p, sq, src)]) + chk
        return rng.choice(["%s%s to %s" % (p, src, sq), "the %s move%s to %s" % (p, src, sq),
                           "the %s to %s (%s)" % (p, sq, c)]) + chk
    if m.group("cap"):
        return rng.choice(["the %s-pawn capture on %s" % (frm, sq), "the pawn capture %sx%s" % (frm, sq),
                           "%s-pawn takes %s" % (frm, sq)]) + chk
    return rng.choice(["pawn to %s" % sq, "the %s-pawn push to %s" % (sq[0], sq), "the pawn move %s" % sq,
                       "the advance %s" % sq]) + chk


def san_de(c):
    m = SAN.match(c)
    if not m or not m.group("piece"):
        return c
    return PIECE_DE[m.group("piece")] + c[1:]


PARA = {"us_tort_law": para_tort, "emotional-intelligence": para_ei, "test_comp_sci": para_cs,
        "chess": para_chess}


def para(q, i, rng):
    return PARA[q.set](q, i, rng)


def psent(q, i, rng):
    """The paraphrase of choice i as a stand-alone sentence."""
    p = para(q, i, rng)
    if q.set == "chess":
        return rng.choice(["The best move is %s." % p, "%s is the strongest continuation." % cap(p),
                           "I'd play %s here." % p, "%s looks best." % cap(p)])
    if q.set == "test_comp_sci" and len(p.split()) <= 3:
        return rng.choice(["It's %s." % p, "%s." % cap(p)])
    return cap(p) + "."


# ---- set-specific pools -----------------------------------------------------

DOMAIN = {
    "us_tort_law": "tort law",
    "emotional-intelligence": "emotional-intelligence",
    "test_comp_sci": "data-structures",
    "chess": "chess tactics",
}

SUPPORT = {
    "us_tort_law": [
        "That is the point the outcome actually turns on.",
        "It ties the legal standard to the facts we're actually given.",
        "It is consistent with how the Restatement frames the issue.",
        "Nothing in the fact pattern undercuts that reasoning.",
        "That's the element courts focus on in cases like this.",
        "It correctly identifies what the plaintiff has to prove (or can't).",
    ],
    "emotional-intelligence": [
        "It addresses the practical problem while keeping the relationship intact.",
        "It deals with both the feelings involved and the underlying issue.",
        "It is constructive and proactive rather than avoidant or aggressive.",
        "It's the response most likely to actually improve the situation.",
        "It takes the emotion seriously without letting it drive the decision.",
    ],
    "test_comp_sci": [
        "That matches the standard textbook analysis.",
        "You can verify it by tracing the algorithm on a small input.",
        "It follows directly from how the structure is laid out in memory.",
        "This is the property usually quoted for this algorithm.",
        "It's consistent with the worst-/best-case reasoning for this structure.",
    ],
    "chess": [
        "It is the most forcing move in the position.",
        "It improves the worst-placed piece and keeps the initiative.",
        "Engine evaluation agrees: it's clearly the strongest of the four.",
        "It deals with the immediate threat and keeps material balance.",
        "It creates a concrete threat the opponent has to respond to.",
    ],
}

DISMISS = {
    "us_tort_law": ["misstates the governing standard", "relies on a fact that isn't legally decisive",
                    "overlooks causation", "proves too much", "confuses duty with breach",
                    "isn't how courts analyze this", "ignores the defendant's actual conduct",
                    "assumes facts that aren't in the question"],
    "emotional-intelligence": ["is likely to escalate things", "avoids the underlying problem",
                               "doesn't address the feelings involved", "is passive and leaves the issue unresolved",
                               "is an overreaction", "may feel good short-term but doesn't help"],
    "test_comp_sci": ["doesn't match how the algorithm behaves", "confuses best and worst case",
                      "is true of a different algorithm", "is off by a factor", "doesn't hold in general",
                      "mixes up time and space"],
    "chess": ["drops material", "is too slow", "allows a strong reply", "doesn't address the threat",
              "loses the initiative", "weakens the king"],
}

METHOD = {
    "us_tort_law": [
        "In tort questions of this type the first task is to identify the theory of liability the plaintiff is "
        "actually relying on -- negligence, strict liability, an intentional tort, or something derivative like "
        "vicarious liability -- because each theory has its own elements and its own defenses. Only then does it "
        "make sense to ask which option states the rule correctly and applies it to the facts in the way a court would.",
        "Bar-style tort questions often include options that state a true rule of law but attach it to the wrong "
        "facts, or that reach the right outcome for the wrong reason. The safest approach is to check both halves "
        "of every option: is the conclusion right, and is the 'because' clause the real reason for that conclusion?",
        "A useful discipline here is to separate duty, breach, causation and damages, and to ask which of those "
        "elements the question is really testing. The distractors usually attack an element that isn't in dispute.",
    ],
    "emotional-intelligence": [
        "Situational judgement items like this are scored against expert consensus. The responses experts rate "
        "highest usually do two things at once: they acknowledge the emotion involved and they take a concrete, "
        "proportionate step toward fixing the underlying problem. Responses that only vent, only avoid, or that "
        "burn bridges tend to be rated low, even if they feel satisfying.",
        "When you evaluate options in an emotion-management scenario, it helps to ask what each response would "
        "actually change a week from now. Avoidance leaves the problem in place; aggression usually makes the "
        "relationship worse; the best answer is normally a direct, calm, problem-focused action.",
    ],
    "test_comp_sci": [
        "For algorithm questions it is worth grounding the answer in the mechanics rather than memory: trace the "
        "algorithm on a tiny input, count the operations that matter, and then generalise. Multiple-choice "
        "distractors in this area are usually the complexity of a neighbouring case (best vs worst), or a property "
        "of a similar-sounding algorithm.",
        "Data-structure questions from question banks like this one tend to test a single textbook fact. The "
        "distractors are chosen to look similar -- the same notation with a small change, or a related algorithm -- "
        "so it pays to be precise about definitions.",
    ],
    "chess": [
        "In positions like this the right method is to look at forcing moves first -- checks, captures and threats "
        "-- and only then at quiet improving moves. A candidate that ignores the opponent's threats is almost "
        "never best, however natural it looks.",
        "Choosing between four candidate moves is really a calculation exercise: for each move, what is the "
        "opponent's best reply, and where does the position stand afterwards? Material, king safety and piece "
        "activity are the three things to keep track of.",
    ],
}

EXTRA_PARA = [
    "It's worth stressing that multiple-choice items are designed so that more than one option sounds "
    "reasonable. The distractors are rarely absurd; they are usually statements that would be correct in a "
    "slightly different situation, or that contain a true fact which simply isn't the deciding factor here. "
    "That's why working through each option, rather than stopping at the first plausible one, matters.",
    "I also want to flag the limits of this analysis. I'm reasoning from the options as written, and "
    "question writers sometimes rely on a specific convention from their course material. If your materials "
    "use a different convention, it would be worth checking the relevant section, although I don't expect it "
    "to change the conclusion here.",
    "A quick sanity check is to ask whether the chosen answer would still make sense if one detail of the "
    "scenario were changed. A good answer should respond to the details that actually matter and ignore the "
    "ones that are there only to distract. The option I settle on below passes that test; the others each "
    "depend on a detail that turns out not to matter, or overlook one that does.",
    "Finally, a note on how to use this: if you are studying, try covering the explanation and re-deriving "
    "the answer yourself from the key principle. That's usually more useful than memorising the letter, "
    "because the same principle tends to come back in a differently worded question.",
]

SOURCES = {
    "us_tort_law": ["Restatement (Second) of Torts", "Prosser & Keeton on the Law of Torts, 5th ed.",
                    "Cornell LII – Wex: Negligence", "Torts outline (internal KB), ch. 4",
                    "Dobbs, The Law of Torts, § 161", "Casebook ch. 9 – Strict Liability"],
    "emotional-intelligence": ["MSCEIT User's Manual", "Situational Test of Emotion Management (STEM)",
                               "Goleman – Emotional Intelligence (1995)", "HR Knowledge Base: Handling conflict at work",
                               "Employee Wellbeing Handbook, p. 12"],
    "test_comp_sci": ["GeeksforGeeks – Cycle Sort", "CLRS, Introduction to Algorithms, 3rd ed.",
                      "Wikipedia – Tree sort", "Sanfoundry – Data Structure MCQs",
                      "CS201 lecture notes, week 6"],
    "chess": ["Lichess analysis board (Stockfish 16)", "chess.com – Tactics Trainer",
              "Silman – How to Reassess Your Chess", "Internal engine eval, depth 22"],
}

URLS = {
    "us_tort_law": ["law.cornell.edu", "americanbar.org", "justia.com", "barprepkb.internal"],
    "emotional-intelligence": ["verywellmind.com", "psychologytoday.com", "hbr.org", "mindtools.com"],
    "test_comp_sci": ["geeksforgeeks.org", "en.wikipedia.org", "programiz.com", "sanfoundry.com"],
    "chess": ["lichess.org", "chess.com", "chessable.com", "en.wikipedia.org"],
}


def pick(rng, xs, k=1):
    xs = list(xs)
    rng.shuffle(xs)
    return xs[:k] if k > 1 else xs[0]


# ---------------------------------------------------------------------------
# styles: each returns (reply, meant)
# ctx: q, t (target index for lettered), o (other index), rng
# ---------------------------------------------------------------------------

def others(q, t):
    return [j for j in range(4) if j != t]


def dismiss_line(q, j, rng, letter=True, bullet="- "):
    r = rng.choice(DISMISS[q.set])
    if letter:
        fm = rng.choice(["**%s** (%s) – %s.", "**%s.** “%s” %s.", "%s) %s — %s.", "Option %s, “%s”, %s."])
        return bullet + fm % (LET[j], short(q, j), r)
    return bullet + "“%s” %s." % (cap(short(q, j)), r)


def s_bare_letter(q, t, o, rng):
    L = LET[t]
    forms = [L, L.lower(), L + ".", "(" + L + ")", L + ")", "→ " + L, "**" + L + "**", "[" + L + "]",
             "Answer: " + L, "answer: " + L.lower(), L + "\n", "  " + L + "  ", "Option " + L, "{" + L + "}",
             L + " ✅", "**Answer:** " + L, "Final answer: " + L, "(" + L.lower() + ")"]
    return rng.choice(forms), L


def s_letter_and_text(q, t, o, rng):
    L, c = LET[t], q.choices[t]
    forms = ["%s. %s" % (L, c), "%s) %s" % (L, c), "(%s) %s" % (L, c), "**%s** – %s" % (L, c),
             "The answer is %s: %s" % (L, c), "%s — %s" % (L, nodot(c)), "Answer: %s) %s" % (L, c),
             "**(%s) %s**" % (L, nodot(c)), "%s: \"%s\"" % (L, nodot(c))]
    return rng.choice(forms), L


def s_chatgpt_markdown(q, t, o, rng):
    L = LET[t]
    head = rng.choice(["**Answer: %s) %s**" % (L, nodot(q.choices[t])), "✅ **Correct answer: %s**" % L,
                       "**The correct answer is %s.**" % L, "### Answer\n**%s — %s**" % (L, nodot(q.choices[t]))])
    body = ["", "**Explanation:**" if rng.random() < 0.6 else "**Why:**",
            "%s %s" % (psent(q, t, rng), rng.choice(SUPPORT[q.set]))]
    if rng.random() < 0.7:
        body += ["", rng.choice(["**Why the others are incorrect:**", "Why not the others:", "**Other options:**"])]
        for j in others(q, t):
            body.append(dismiss_line(q, j, rng))
    if rng.random() < 0.5:
        body += ["", rng.choice(["**Final answer: %s**" % L, "So the answer is **%s**." % L,
                                 "Let me know if you'd like a deeper walkthrough!"])]
    return head + "\n" + "\n".join(body), L


def s_claude_prose(q, t, o, rng):
    L = LET[t]
    o2 = rng.choice(others(q, t))
    p1 = rng.choice([
        "Looking at this carefully, the best answer is **%s** — %s." % (L, para(q, t, rng)),
        "I'd go with **(%s)**. %s" % (L, psent(q, t, rng)),
        "The strongest answer here is **%s**: %s." % (L, para(q, t, rng)),
        "This one comes down to a single distinction, and once you see it the answer is %s." % L,
    ])
    p2 = rng.choice([
        "%s It's worth noting why %s is a plausible distractor: “%s” sounds right, but it %s." % (
            rng.choice(SUPPORT[q.set]), LET[o2], short(q, o2), rng.choice(DISMISS[q.set])),
        "The other options each have a problem. %s" % " ".join(
            "%s %s." % (LET[j], rng.choice(DISMISS[q.set])) for j in others(q, t)),
        "%s Each of the remaining choices either %s or %s." % (rng.choice(SUPPORT[q.set]),
                                                        *pick(rng, DISMISS[q.set], 2)),
    ])
    tail = rng.choice(["", "\n\nHappy to walk through any of the other options in more detail if that's useful.",
                       "\n\nSo: **%s**." % L, "\n\nThat said, if your course uses a particular framework, "
                       "it's worth checking against it — but I'm fairly confident in %s." % L])
    if p1.endswith("answer is %s." % L):
        p1 += " " + psent(q, t, rng)
    return p1 + "\n\n" + p2 + tail, L


def s_gemini_sections(q, t, o, rng):
    L = LET[t]
    lines = [rng.choice(["## ✅ Correct Answer: **%s**" % L, "## The correct answer is **%s) %s**" % (L, nodot(q.choices[t])),
                         "**Correct answer: (%s)**" % L]), "",
             rng.choice(["### Why %s is correct" % L, "### Explanation", "**Reasoning**"]),
             "* " + psent(q, t, rng), "* " + rng.choice(SUPPORT[q.set]), "",
             rng.choice(["### Why the other options are incorrect", "### Why not the others?", "**Incorrect options:**"])]
    for j in others(q, t):
        lines.append(dismiss_line(q, j, rng, bullet="* "))
    if rng.random() < 0.6:
        lines += ["", rng.choice(["**In summary:** %s is the best choice." % L,
                                  "**Key takeaway:** %s" % cap(rng.choice(SUPPORT[q.set]))])]
    return "\n".join(lines), L


def s_copilot_sources(q, t, o, rng):
    L = LET[t]
    a, b = pick(rng, range(1, 5), 2)
    urls = pick(rng, URLS[q.set], 3)
    s = rng.choice([
        "The correct answer is **%s**: %s [%d][%d].\n\n%s [%d]" % (L, nodot(q.choices[t]), a, b, rng.choice(SUPPORT[q.set]), b),
        "Based on what I found, the answer is **option %s** — %s¹ ².\n\n%s" % (L, para(q, t, rng), rng.choice(SUPPORT[q.set])),
        "**%s**. %s [%d]\n\n%s [%d]" % (L, psent(q, t, rng), a, rng.choice(SUPPORT[q.set]), b),
    ])
    s += "\n\nLearn more:\n" + "\n".join("%d. [%s](https://%s/...)" % (k + 1, u, u) for k, u in enumerate(urls))
    return s, L


def s_rag_doc_citation(q, t, o, rng):
    L = LET[t]
    d1, d2 = pick(rng, range(1, 9), 2)
    cit = rng.choice(["[doc %d]", "[Document %d]", "【%d†source】", "[%d]", "(source %d)", "[[%d]]"])
    c1, c2 = cit % d1, cit % d2
    s = rng.choice([
        "Based on the retrieved documents, the correct option is **%s** %s. %s %s" % (L, c1, psent(q, t, rng), c2),
        "According to %s, %s. Therefore, the answer is %s %s." % (c1, para(q, t, rng), L, c2),
        "Answer: %s %s\n\nThe knowledge base states that %s %s. %s" % (L, c1, para(q, t, rng), c2, rng.choice(SUPPORT[q.set])),
        "%s %s This corresponds to option %s. %s" % (psent(q, t, rng), c1, L, c2),
    ])
    return s, L


def s_rag_footnotes(q, t, o, rng):
    L = LET[t]
    src = pick(rng, SOURCES[q.set], 2)
    s = rng.choice([
        "The answer is option %s.[^1] %s[^2]\n\n[^1]: %s\n[^2]: %s" % (L, psent(q, t, rng), src[0], src[1]),
        "%s is correct¹ — %s.²\n\n---\n¹ %s\n² %s" % (L, para(q, t, rng), src[0], src[1]),
        "**%s** — %s.[1]\n\nFootnotes\n[1] %s, see also %s." % (L, nodot(q.choices[t]), src[0], src[1]),
    ])
    return s, L


def s_sources_list(q, t, o, rng):
    L = LET[t]
    src = pick(rng, SOURCES[q.set], 3)
    s = rng.choice([
        "Answer: %s\n\n%s\n\nSources:\n- %s\n- %s" % (L, psent(q, t, rng), src[0], src[1]),
        "The correct choice is %s (%s).\n\nSources\n1. %s\n2. %s\n3. %s" % (L, short(q, t), src[0], src[1], src[2]),
        "%s %s\n\n**Answer: %s**\n\n**References:** %s; %s" % (psent(q, t, rng), rng.choice(SUPPORT[q.set]), L, src[0], src[1]),
    ])
    return s, L


def s_support_bot(q, t, o, rng):
    L = LET[t]
    hi = rng.choice(["Hi there! 👋 Thanks for reaching out.", "Hello, and thanks for your question!",
                     "Thanks for contacting us! 😊", "Hi! Great question."])
    mid = rng.choice([
        "Based on our knowledge base, the correct option is **%s – %s**." % (L, nodot(q.choices[t])),
        "The answer you're looking for is option %s: %s." % (L, para(q, t, rng)),
        "I checked our help articles and the right choice is **%s**. In short: %s." % (L, para(q, t, rng)),
    ])
    bye = rng.choice(["Is there anything else I can help you with today?",
                      "If you have any other questions, feel free to reply here. Have a great day!",
                      "Was this answer helpful? 👍 👎",
                      "— Ava, Virtual Assistant"])
    return "%s\n\n%s\n\n%s" % (hi, mid, bye), L


def s_json_answer(q, t, o, rng):
    L = LET[t]
    v = rng.randrange(8)
    if v == 0:
        d = {"answer": L}
    elif v == 1:
        d = {"choice": L.lower(), "confidence": round(rng.uniform(0.55, 0.97), 2)}
    elif v == 2:
        d = {"selected_option": L, "reasoning": psent(q, t, rng)}
    elif v == 3:
        d = {"final_answer": {"letter": L, "text": q.choices[t]}}
    elif v == 4:
        d = {"label": L, "confidence": round(rng.uniform(0.5, 0.95), 2), "rationale": rng.choice(SUPPORT[q.set])}
    elif v == 5:
        d = {"prediction": "option_" + L.lower()}
    elif v == 6:
        d = {"answer_text": q.choices[t], "explanation": rng.choice(SUPPORT[q.set])}
    else:
        d = {"option_number": t + 1, "option_text": q.choices[t]}
    body = json.dumps(d, ensure_ascii=False, indent=rng.choice([None, 2]))
    if rng.random() < 0.5:
        body = "```json\n%s\n```" % body
    if rng.random() < 0.3:
        body = rng.choice(["Here is the answer in JSON:\n\n", "Sure:\n"]) + body
    return body, L


def s_yaml_answer(q, t, o, rng):
    L = LET[t]
    v = rng.randrange(4)
    if v == 0:
        y = "answer: %s\nrationale: >\n  %s\nconfidence: high" % (L, psent(q, t, rng))
    elif v == 1:
        y = "selected: %s" % L.lower()
    elif v == 2:
        y = "final_choice:\n  letter: %s\n  text: \"%s\"" % (L, nodot(q.choices[t]).replace('"', "'"))
    else:
        y = "question_type: multiple_choice\nresult:\n  option: %s\n  justification: %s" % (L, rng.choice(SUPPORT[q.set]))
    return ("```yaml\n%s\n```" % y) if rng.random() < 0.7 else y, L


def s_xml_tags(q, t, o, rng):
    L = LET[t]
    think = "%s %s" % (psent(q, t, rng), " ".join(
        "%s %s." % (cap(short(q, j)), rng.choice(DISMISS[q.set])) for j in pick(rng, others(q, t), 2)))
    v = rng.randrange(4)
    if v == 0:
        s = "<thinking>\n%s\n</thinking>\n\n<answer>%s</answer>" % (think, L)
    elif v == 1:
        s = "<reasoning>%s</reasoning>\n<final_answer>(%s)</final_answer>" % (think, L)
    elif v == 2:
        s = "<answer>\n%s\n</answer>" % L
    else:
        s = "<result option=\"%s\">%s</result>" % (L, nodot(q.choices[t]))
    return s, L


def s_code_fence(q, t, o, rng):
    L = LET[t]
    s = rng.choice(["```\nAnswer: %s\n```" % L, "```text\n%s\n```" % L, "```python\nanswer = \"%s\"\n```" % L,
                    "```\nFINAL ANSWER: %s\n```" % L, "Output:\n```\n%s) %s\n```" % (L, nodot(q.choices[t]))])
    return s, L


def s_paraphrase_only(q, t, o, rng):
    p = para(q, t, rng)
    s = rng.choice(["%s." % cap(p), "The correct answer: %s." % p, "I'd say %s." % p,
                    "%s. %s" % (cap(p), rng.choice(SUPPORT[q.set])), "Best answer → %s" % p,
                    "It's %s." % p if q.set in ("test_comp_sci", "chess") else "In short: %s." % p])
    return s, LET[t]


def s_quote_fragment(q, t, o, rng):
    f = frag(q, t)
    s = rng.choice(["The right choice is the one that says “%s”." % f,
                    "Go with the option stating \"%s\"." % f,
                    "Correct: the answer mentioning '%s'." % f,
                    "The option about %s is correct — %s" % (f, rng.choice(SUPPORT[q.set]).lower()),
                    "It has to be the “%s” one." % f])
    return s, LET[t]


def s_text_only_exact(q, t, o, rng):
    c = q.choices[t]
    s = rng.choice([c, "**%s**" % nodot(c), "%s" % nodot(c), "Answer: %s" % c, "\"%s\"" % nodot(c)])
    return s, LET[t]


def s_elimination(q, t, o, rng):
    L = LET[t]
    lines = [rng.choice(["Let's eliminate:", "Process of elimination:", "Going through the options:",
                         "Working through each choice:"])]
    for j in range(4):
        if j == t:
            continue
        lines.append(rng.choice(["- %s: %s — eliminated." % (LET[j], rng.choice(DISMISS[q.set])),
                                 "- ~~%s~~ %s." % (LET[j], rng.choice(DISMISS[q.set])),
                                 "- %s (%s) %s, so no." % (LET[j], short(q, j), rng.choice(DISMISS[q.set]))]))
    lines.append("")
    lines.append(rng.choice(["That leaves **%s**." % L, "Only %s survives: %s." % (L, para(q, t, rng)),
                             "By elimination, the answer is %s." % L,
                             "Which leaves %s — %s." % (L, short(q, t))]))
    return "\n".join(lines), L


def s_not_x_but_y(q, t, o, rng):
    L, X = LET[t], LET[o]
    s = rng.choice([
        "It's not %s (%s) but %s: %s." % (X, short(q, o), L, para(q, t, rng)),
        "The answer isn't %s; it's %s." % (X, L),
        "Not %s — the correct option is %s. %s" % (X, L, rng.choice(SUPPORT[q.set])),
        "Many people pick %s here, but the answer is actually %s (%s)." % (X, L, short(q, t)),
        "Not “%s” but rather “%s”." % (short(q, o), short(q, t)),
    ])
    return s, L


def s_tempting_however(q, t, o, rng):
    L, X = LET[t], LET[o]
    s = rng.choice([
        "Option %s (%s) is tempting at first glance. However, %s is the better answer: %s." % (
            X, short(q, o), L, para(q, t, rng)),
        "At first glance %s looks correct, but on closer inspection it %s. The answer is %s." % (
            X, rng.choice(DISMISS[q.set]), L),
        "%s is a common trap here. It %s. I'd go with %s instead — %s." % (
            X, rng.choice(DISMISS[q.set]), L, short(q, t)),
        "“%s” is tempting; however, “%s” is what the question is really after." % (short(q, o), short(q, t)),
    ])
    return s, L


def s_hedged_pick(q, t, o, rng):
    L, X = LET[t], LET[o]
    s = rng.choice([
        "Most likely %s, though %s is possible." % (L, X),
        "I'm fairly (not 100%%) sure it's **%s** — %s. %s is a close second, but I'd still pick %s." % (L, para(q, t, rng), X, L),
        "Probably %s. I could see an argument for %s, but %s fits better." % (L, X, L),
        "My best guess is %s (%s). I'd put maybe 70%% on it." % (L, short(q, t)),
        "I'd lean towards %s. Not completely certain, but it's the strongest option." % L,
    ])
    return s, L


def s_letter_at_end(q, t, o, rng):
    L = LET[t]
    body = "%s %s %s" % (rng.choice(METHOD[q.set]).split(". ")[0] + ".", psent(q, t, rng),
                         rng.choice(SUPPORT[q.set]))
    end = rng.choice(["Final answer: %s" % L, "So my answer: (%s)" % L.lower(), "→ %s" % L,
                      "**Answer: %s**" % L, "Hence %s." % L])
    return body + "\n\n" + end, L


def s_letter_at_start(q, t, o, rng):
    L = LET[t]
    head = rng.choice([L + ".", L + " —", "**" + L + "**", "(" + L + ")", L + ":"])
    return "%s %s %s" % (head, psent(q, t, rng), rng.choice(SUPPORT[q.set])), L


LANG = {
    "spanish": {
        "forms": ["La respuesta correcta es la **{L}**: «{c}».", "Respuesta: {L}", "Yo elegiría la opción {L}. {why}",
                  "Opción {L} — {why}", "La opción correcta es «{c}».", "Es la {L}. {why}"],
        "why": ["Es la opción que mejor se ajusta a los hechos planteados.",
                "Las demás opciones no abordan el problema central.", "Es la única que resiste un análisis detallado."],
    },
    "german": {
        "forms": ["Die richtige Antwort ist {L}.", "Antwort: {L} – {c}", "Ich würde mich für Option {L} entscheiden. {why}",
                  "Lösung: **{L}**. {why}", "Richtig ist „{c}“.", "{L} ist korrekt. {why}"],
        "why": ["Diese Option passt am besten zum Sachverhalt.", "Die anderen Optionen greifen zu kurz.",
                "Nur diese Antwort hält einer genaueren Prüfung stand."],
    },
    "french": {
        "forms": ["La bonne réponse est la {L} : « {c} ».", "Réponse : {L}", "Je choisirais l'option {L}. {why}",
                  "Réponse correcte : **{L}**. {why}", "La bonne réponse est « {c} ».", "C'est la {L}. {why}"],
        "why": ["C'est l'option qui correspond le mieux à l'énoncé.",
                "Les autres options ne répondent pas au problème posé.", "C'est la seule qui tient après analyse."],
    },
    "chinese": {
        "forms": ["答案：{L}", "正确答案是 {L}（{c}）。", "我选 {L}。理由：{why}", "选{L}。{why}",
                  "正确选项是“{c}”。", "**答案：{L}**\n\n{why}"],
        "why": ["这个选项最符合题意。", "其他选项都不能解决核心问题。", "只有这个选项经得起仔细分析。"],
    },
    "japanese": {
        "forms": ["正解は{L}です。", "答え：{L}（{c}）", "{L}が最も適切です。{why}", "**{L}**\n\n{why}",
                  "正解は「{c}」です。", "選択肢{L}を選びます。{why}"],
        "why": ["この選択肢が最も題意に合っています。", "他の選択肢は問題の核心に対応していません。",
                "詳しく検討すると、これだけが成り立ちます。"],
    },
}


def make_lang(lang):
    def f(q, t, o, rng):
        d = LANG[lang]
        L = LET[t]
        c = nodot(q.choices[t])
        if q.set == "chess" and lang == "german":
            c = san_de(q.choices[t])
            form = rng.choice(["Antwort {L}: {c}. {why}", "Der beste Zug ist {c} (Option {L}).",
                               "Lösung: {L} – {c}"])
        else:
            form = rng.choice(d["forms"])
        return form.format(L=L, c=c, why=rng.choice(d["why"])), L
    return f


def s_long_essay(q, t, o, rng):
    L = LET[t]
    parts = [rng.choice([
        "This is a %s question, and like most questions of this type it rewards working carefully through each "
        "option rather than jumping at the first one that sounds right. Below I restate what each option claims, "
        "test it against the scenario, and then explain which one survives." % DOMAIN[q.set],
        "Let me take this step by step, because the options are closer to each other than they first appear and "
        "the differences between them are exactly what the question is testing. I'll start with the general "
        "approach, then go option by option, and finish with a clear answer.",
    ])]
    parts += pick(rng, METHOD[q.set], 2) if len(METHOD[q.set]) > 1 else METHOD[q.set][:1]
    for j in range(4):
        if j == t:
            sup = pick(rng, SUPPORT[q.set], 3)
            parts.append("Option %s says “%s”. Put differently: %s. %s %s %s" % (
                LET[j], nodot(q.choices[j]), para(q, j, rng), sup[0], sup[1], sup[2]))
        else:
            ds = pick(rng, DISMISS[q.set], 2)
            parts.append("Option %s says “%s”. On its face this is not unreasonable, but it %s, and it also %s. "
                         "That is the kind of flaw the question writer is counting on you to miss, so I would set "
                         "this option aside." % (LET[j], nodot(q.choices[j]), ds[0], ds[1]))
    extras = pick(rng, EXTRA_PARA, len(EXTRA_PARA))
    k = 0
    while len(" ".join(parts).split()) < 520 and k < len(extras):
        parts.append(extras[k])
        k += 1
    parts.append(rng.choice([
        "Putting it all together, the answer is **%s**: %s." % (L, para(q, t, rng)),
        "**Conclusion:** the best answer is %s." % L,
        "So, to answer the question directly: **%s**." % L,
    ]))
    return "\n\n".join(parts), L


def s_verdict_emoji(q, t, o, rng):
    L = LET[t]
    ok, bad = rng.choice([("✅", "❌"), ("✔️", "✖️"), ("🟢", "🔴")])
    lines = []
    for j in range(4):
        if j == t:
            lines.append("%s %s %s — %s" % (ok, LET[j], short(q, j), rng.choice(["correct", "yes", "this one"])))
        else:
            lines.append("%s %s %s — %s" % (bad, LET[j], short(q, j), rng.choice(DISMISS[q.set])))
    if rng.random() < 0.5:
        lines.append("\n**→ %s**" % L)
    return "\n".join(lines), L


def s_true_false_list(q, t, o, rng):
    L = LET[t]
    tv, fv = rng.choice([("True", "False"), ("TRUE", "FALSE"), ("T", "F"), ("correct", "incorrect"), ("Yes", "No")])
    sep = rng.choice([": ", " – ", ") "])
    lines = []
    for j in range(4):
        lines.append("%s%s%s" % (LET[j], sep, tv if j == t else fv))
    if rng.random() < 0.4:
        lines = [rng.choice(["Evaluating each statement:", "Per-option check:"])] + lines
    return "\n".join(lines), L


def probs(rng, t):
    top = rng.choice([55, 60, 62, 65, 70, 72, 75, 80, 85, 90])
    rest = 100 - top
    a = rng.randint(0, rest)
    b = rng.randint(0, rest - a)
    c = rest - a - b
    vals = [a, b, c]
    rng.shuffle(vals)
    vals = [v if v < top else top - 5 for v in vals]
    out = []
    k = 0
    for j in range(4):
        if j == t:
            out.append(top)
        else:
            out.append(vals[k])
            k += 1
    return out


def s_probability(q, t, o, rng):
    L = LET[t]
    p = probs(rng, t)
    v = rng.randrange(3)
    if v == 0:
        s = "\n".join("%s: %d%%" % (LET[j], p[j]) for j in range(4))
        s += rng.choice(["\n\nMost likely: %s" % L, "\n\nPick: %s" % L, ""])
    elif v == 1:
        s = "| Option | Probability |\n|---|---|\n" + "\n".join("| %s | %.2f |" % (LET[j], p[j] / 100) for j in range(4))
        s += rng.choice(["\n\n**Answer: %s**" % L, "\n\nHighest confidence → %s" % L])
    else:
        s = "Confidence by option — " + ", ".join("%s %d%%" % (LET[j], p[j]) for j in range(4)) + \
            ". I'm going with %s." % L
    return s, L


def s_self_correction(q, t, o, rng):
    L, X = LET[t], LET[o]
    s = rng.choice([
        "**Answer: %s**\n\nWait, I misread the question. Re-reading it, the correct answer is **%s** — %s." % (X, L, para(q, t, rng)),
        "%s.\n\nActually, no — let me correct myself. On a second read, %s fits better: %s. Final answer: %s." % (X, L, para(q, t, rng), L),
        "The answer is %s... hmm, correction: I mixed up the options. It's %s (%s)." % (X, L, short(q, t)),
        "Correction: my previous reply said %s, but the right option is %s (%s). Sorry for the confusion!" % (X, L, short(q, t)),
        "I initially thought %s, but that %s. Wait, I misread — it's %s." % (X, rng.choice(DISMISS[q.set]), L),
    ])
    return s, L


ORD = ["first", "second", "third", "fourth"]


def s_ordinal(q, t, o, rng):
    forms = ["The answer is option %d." % (t + 1), "The %s one." % ORD[t], "It's the %s option." % ORD[t],
             "Choice #%d — %s." % (t + 1, short(q, t)), "Number %d." % (t + 1),
             "I'd pick the %s answer: %s." % (ORD[t], short(q, t))]
    if t == 3:
        forms += ["The last one.", "It's the last option listed."]
    if t == 0:
        forms += ["The very first option."]
    return rng.choice(forms), LET[t]


def s_quote_question_back(q, t, o, rng):
    L = LET[t]
    qs = q.qsent if len(q.qsent) < 260 else q.qsent[:257].rsplit(" ", 1)[0] + "…"
    s = rng.choice([
        "> %s\n\nThe answer is **%s** — %s." % (qs, L, para(q, t, rng)),
        "You asked: “%s”\n\nAnswer: %s" % (qs, L),
        "Question: %s\nAnswer: %s) %s" % (qs, L, nodot(q.choices[t])),
        "Regarding “%s” — %s is correct. %s" % (qs, L, rng.choice(SUPPORT[q.set])),
    ])
    return s, L


def s_repeat_options(q, t, o, rng):
    L = LET[t]
    v = rng.randrange(4)
    if v == 0:
        opts = "\n".join("%s. %s" % (LET[j], q.choices[j]) for j in range(4))
        s = "Options:\n%s\n\nAnswer: %s" % (opts, L)
    elif v == 1:
        opts = "\n".join("(%s) %s" % (LET[j].lower(), q.choices[j]) for j in range(4))
        s = "The choices were:\n%s\n\n→ Correct: (%s)" % (opts, LET[t].lower())
    elif v == 2:
        opts = "\n".join("- **%s)** %s" % (LET[j], q.choices[j]) for j in range(4))
        s = "Here are the options again:\n%s\n\nThe correct one is **%s** — %s." % (opts, L, para(q, t, rng))
    else:
        opts = " ".join("%s) %s" % (LET[j], nodot(q.choices[j])) for j in range(4))
        s = "%s\n\nMy answer: %s." % (opts, L)
    return s, L


def s_context_missing_but_pick(q, t, o, rng):
    L = LET[t]
    s = rng.choice([
        "The retrieved context doesn't directly address this question, but based on general knowledge the answer is **%s** — %s." % (L, para(q, t, rng)),
        "I couldn't find this in the provided documents. Going from general principles, I'd answer %s." % L,
        "Note: the knowledge base has no article covering this exact scenario. That said, the best answer is %s (%s)." % (L, short(q, t)),
        "The sources provided don't mention this specifically. Still, %s is the most defensible choice: %s." % (L, para(q, t, rng)),
    ])
    return s, L


def s_llama_verbose(q, t, o, rng):
    L = LET[t]
    s = rng.choice(["Sure! I'd be happy to help you with this question.", "Great question!",
                    "Of course! Let's break it down."])
    s += "\n\nThe correct answer is:\n\n**%s) %s**\n\nExplanation:\n\n%s %s" % (
        L, nodot(q.choices[t]), psent(q, t, rng), rng.choice(SUPPORT[q.set]))
    if rng.random() < 0.6:
        s += "\n\nHere's why the other options are incorrect:\n\n" + "\n".join(
            "* %s) %s: This option %s." % (LET[j], short(q, j), rng.choice(DISMISS[q.set])) for j in others(q, t))
    s += "\n\n" + rng.choice(["I hope this helps! Let me know if you have any other questions.",
                              "I hope this explanation helps clarify things!", ""])
    return s.rstrip(), L


def s_terse_reason(q, t, o, rng):
    L = LET[t]
    s = rng.choice(["Answer: %s\nReason: %s" % (L, psent(q, t, rng)),
                    "Answer: %s\nExplanation: %s" % (L, rng.choice(SUPPORT[q.set])),
                    "%s\n\nBrief rationale: %s" % (L, psent(q, t, rng)),
                    "Correct option: %s.\nWhy: %s" % (L, rng.choice(SUPPORT[q.set]))])
    return s, L


def s_step_by_step(q, t, o, rng):
    L = LET[t]
    d = [j for j in others(q, t)]
    s = "Step 1: %s\n" % rng.choice(["Identify what the question is testing.", "Understand the question.",
                                    "Work out the key principle."])
    s += "Step 2: %s.\n" % rng.choice(METHOD[q.set]).split(". ")[0].rstrip(".")
    s += "Step 3: Check the options. %s\n" % " ".join("%s %s." % (LET[j], rng.choice(DISMISS[q.set])) for j in d)
    s += "Step 4: %s\n\n" % (psent(q, t, rng))
    s += rng.choice(["Therefore, the answer is (%s)." % L, "**Answer: %s**" % L, "Conclusion: %s" % L])
    return s, L


def s_table_verdicts(q, t, o, rng):
    L = LET[t]
    rows = ["| Option | Verdict | Note |", "|---|---|---|"]
    for j in range(4):
        if j == t:
            rows.append("| %s | ✓ Correct | %s |" % (LET[j], rng.choice(SUPPORT[q.set]).rstrip(".")))
        else:
            rows.append("| %s | ✗ Incorrect | %s |" % (LET[j], rng.choice(DISMISS[q.set])))
    s = "\n".join(rows)
    if rng.random() < 0.5:
        s += "\n\n**Answer: %s**" % L
    return s, L


def s_truncated_after_answer(q, t, o, rng):
    L = LET[t]
    s = rng.choice(["The answer is **%s** — %s. %s" % (L, para(q, t, rng), rng.choice(SUPPORT[q.set])),
                    "**%s) %s**\n\nExplanation: %s" % (L, nodot(q.choices[t]), rng.choice(METHOD[q.set]))])
    cut = rng.randint(int(len(s) * 0.55), int(len(s) * 0.85))
    # never cut inside the letter announcement
    ann = s.find(L) + 3
    cut = max(cut, ann + 40)
    return s[:cut].rstrip(), L


def s_casual(q, t, o, rng):
    L = LET[t]
    s = rng.choice(["i'd go with %s tbh" % L.lower(), "prob %s" % L.lower(), "pretty sure it's %s — %s" % (L.lower(), short(q, t)),
                    "%s for sure lol" % L.lower(), "def %s" % L, "ok so it's %s, %s" % (L.lower(), para(q, t, rng)),
                    "easy one, %s" % L])
    return s, L


# ---- none ---------------------------------------------------------------------

def s_refusal_policy(q, t, o, rng):
    spec = {
        "us_tort_law": ["I'm not able to provide legal advice about specific situations. For guidance on a "
                        "matter like this, please consult a licensed attorney in your jurisdiction.",
                        "I can't help with legal determinations. Please contact a qualified lawyer."],
        "emotional-intelligence": ["I'm not able to give advice on personal interpersonal situations like this. "
                                   "If this is affecting your wellbeing, consider speaking with a counselor or HR representative."],
        "test_comp_sci": ["It looks like you're taking a quiz or exam. To support academic integrity, I can't "
                          "provide direct answers, but I'm happy to explain how the algorithm works."],
        "chess": ["It looks like this position may be from an ongoing game. To respect fair-play rules, I can't "
                  "suggest moves for live games. I'm happy to analyse it once the game is finished!"],
    }[q.set]
    generic = ["I'm sorry, but I can't help with that request.",
               "This looks like a question from a graded assessment. I'm not able to provide answers to assessment "
               "questions, but I can explain the underlying concepts if you'd like.",
               "⚠️ This content may violate our usage policies. I can't continue with this request.",
               "I'm sorry, I can't assist with that."]
    return rng.choice(spec + generic), "none"


def s_dont_know(q, t, o, rng):
    return rng.choice(["I don't know.", "I'm not sure which of these is correct, and I'd rather not guess.",
                       "Sorry, I don't have enough information to determine which option is correct.",
                       "Honestly, I'm not certain. I'd double-check this with your course materials.",
                       "I'm unable to determine the correct answer with confidence.",
                       "Hmm, I really can't tell from what's given. Could you share more context?"]), "none"


def s_context_missing_none(q, t, o, rng):
    d = rng.randint(1, 6)
    return rng.choice([
        "I couldn't find information about this in the provided documents, so I can't tell which option is correct.",
        "The provided context does not contain the answer to this question. Please consult another source.",
        "Based on the retrieved documents [doc %d], I'm unable to answer this question — none of them covers "
        "this topic." % d,
        "Sorry, the knowledge base articles I have access to don't address this. I don't want to guess.",
        "I don't have enough information in the supplied sources to answer this reliably.",
    ]), "none"


def s_none_of_above(q, t, o, rng):
    spec = {
        "us_tort_law": "None of the answer choices is correct as stated — each misstates the rule or relies on the wrong fact.",
        "emotional-intelligence": "Honestly, none of these four responses is the most effective one. A better "
                                  "approach would be a calm one-to-one conversation first.",
        "test_comp_sci": "None of the listed options is correct — the actual answer isn't among them.",
        "chess": "None of the four listed moves is best here; the engine's top choice is a different move entirely.",
    }[q.set]
    return rng.choice([spec, "None of the above.", "None of the options is correct.",
                       "All four options are wrong, in my view, so I can't pick one."]), "none"


def s_truncated_before(q, t, o, rng):
    j = rng.randrange(4)
    s = rng.choice([
        "Let's analyze each option carefully.\n\n**Option %s:** %s\nThis option suggests that" % (LET[j], q.choices[j]),
        "To answer this, we first need some background. %s" % rng.choice(METHOD[q.set])[:120].rsplit(" ", 1)[0],
        "Great question! Let me break this down step by step.\n\nFirst, let's",
        "Looking at the options, the key distinction is between",
        rng.choice(METHOD[q.set])[:160].rsplit(" ", 1)[0],
    ])
    return s, "none"


def s_empty_or_error(q, t, o, rng):
    return rng.choice(["", " ", "\n", "…", "[ERROR] Request timed out. Please try again.",
                       "⚠️ Something went wrong while generating a response.",
                       "Error: The model produced no output.", "<|endoftext|>"]), "none"


# ---- unclear ----------------------------------------------------------------

def s_two_answers(q, t, o, rng):
    a, b = sorted([t, o])
    A, B = LET[a], LET[b]
    return rng.choice(["Both %s and %s are correct." % (A, B), "Either %s or %s." % (A, B), "%s, %s" % (A, B),
                       "I'd pick %s or %s — they're equally good." % (A, B), "%s/%s" % (A, B),
                       "The answers are **%s** and **%s**." % (A, B),
                       "“%s” and “%s” both work here." % (short(q, a), short(q, b))]), "unclear"


COND = {
    "us_tort_law": ["the jurisdiction applies comparative fault", "the court treats this as an abnormally dangerous activity",
                    "the defendant's conduct is found intentional", "the jurisdiction follows the majority rule"],
    "emotional-intelligence": ["the relationship is a close one", "this has happened before",
                               "the person is mainly worried about their career", "there's time to plan ahead"],
    "test_comp_sci": ["you count the initial comparison", "the input is already sorted",
                      "the question assumes 1-based indexing", "auxiliary recursion space is counted"],
    "chess": ["the opponent replies with the natural recapture", "we're playing for a win rather than a draw",
              "the engine is run at low depth", "the position is evaluated for the side to move"],
}


def s_conditional(q, t, o, rng):
    c1, c2 = pick(rng, COND[q.set], 2)
    A, B = LET[t], LET[o]
    return rng.choice([
        "If %s, the answer is %s; otherwise it would be %s." % (c1, A, B),
        "It depends. If %s, go with %s. If %s, then %s." % (c1, A, c2, B),
        "Assuming %s: %s. Without that assumption: %s." % (c1, A, B),
        "%s if %s, but %s if %s." % (A, c1, B, c2),
    ]), "unclear"


def s_letter_text_conflict(q, t, o, rng):
    A = LET[t]
    return rng.choice([
        "The answer is %s: %s" % (A, q.choices[o]),
        "**%s) %s**" % (A, nodot(q.choices[o])),
        "%s — %s" % (A, para(q, o, rng)),
        "Correct option: %s (“%s”)." % (A, short(q, o)),
    ]), "unclear"


def s_self_contradiction(q, t, o, rng):
    A, B = LET[t], LET[o]
    return rng.choice([
        "**Answer: %s**\n\n%s %s Therefore %s is the best answer." % (A, psent(q, o, rng), rng.choice(SUPPORT[q.set]), B),
        "%s is correct. %s In conclusion, the answer is %s." % (A, rng.choice(SUPPORT[q.set]), B),
        "Final answer: %s\n\nExplanation: the correct choice is %s — %s." % (A, B, para(q, o, rng)),
    ]), "unclear"


def s_waffle(q, t, o, rng):
    A, B = LET[t], LET[o]
    return rng.choice([
        "Both %s (%s) and %s (%s) have merit. Ultimately it depends on details the question doesn't give, "
        "so I can't single one out." % (A, short(q, t), B, short(q, o)),
        "I'm torn between %s and %s — there are good arguments for each." % (A, B),
        "It's either “%s” or “%s”; the question doesn't give enough to decide between them." % (short(q, t), short(q, o)),
        "%s and %s are both defensible depending on how you read the question." % (A, B),
    ]), "unclear"


# ---------------------------------------------------------------------------
# style table: name -> (function, count, kind)   kind: L = lettered, N = none, U = unclear
# ---------------------------------------------------------------------------

STYLES = [
    ("bare_letter", s_bare_letter, 14, "L"),
    ("letter_and_text", s_letter_and_text, 12, "L"),
    ("chatgpt_markdown", s_chatgpt_markdown, 12, "L"),
    ("claude_prose", s_claude_prose, 12, "L"),
    ("gemini_sections", s_gemini_sections, 9, "L"),
    ("copilot_sources", s_copilot_sources, 10, "L"),
    ("rag_doc_citation", s_rag_doc_citation, 12, "L"),
    ("rag_footnotes", s_rag_footnotes, 8, "L"),
    ("sources_list", s_sources_list, 8, "L"),
    ("support_bot", s_support_bot, 8, "L"),
    ("json_answer", s_json_answer, 10, "L"),
    ("yaml_answer", s_yaml_answer, 8, "L"),
    ("xml_tags", s_xml_tags, 8, "L"),
    ("code_fence", s_code_fence, 8, "L"),
    ("paraphrase_only", s_paraphrase_only, 12, "L"),
    ("quote_fragment", s_quote_fragment, 8, "L"),
    ("text_only_exact", s_text_only_exact, 8, "L"),
    ("elimination", s_elimination, 10, "L"),
    ("not_x_but_y", s_not_x_but_y, 8, "L"),
    ("tempting_however", s_tempting_however, 8, "L"),
    ("hedged_pick", s_hedged_pick, 8, "L"),
    ("letter_at_end", s_letter_at_end, 8, "L"),
    ("letter_at_start", s_letter_at_start, 8, "L"),
    ("spanish", make_lang("spanish"), 7, "L"),
    ("german", make_lang("german"), 7, "L"),
    ("french", make_lang("french"), 7, "L"),
    ("chinese", make_lang("chinese"), 7, "L"),
    ("japanese", make_lang("japanese"), 7, "L"),
    ("long_essay", s_long_essay, 8, "L"),
    ("verdict_emoji", s_verdict_emoji, 8, "L"),
    ("true_false_list", s_true_false_list, 8, "L"),
    ("probability_per_option", s_probability, 8, "L"),
    ("self_correction", s_self_correction, 9, "L"),
    ("ordinal", s_ordinal, 9, "L"),
    ("quote_question_back", s_quote_question_back, 8, "L"),
    ("repeat_options_then_answer", s_repeat_options, 9, "L"),
    ("context_missing_but_pick", s_context_missing_but_pick, 8, "L"),
    ("llama_verbose", s_llama_verbose, 8, "L"),
    ("terse_answer_reason", s_terse_reason, 8, "L"),
    ("step_by_step", s_step_by_step, 8, "L"),
    ("table_verdicts", s_table_verdicts, 8, "L"),
    ("truncated_after_answer", s_truncated_after_answer, 7, "L"),
    ("casual_lowercase", s_casual, 7, "L"),
    ("refusal_policy", s_refusal_policy, 8, "N"),
    ("dont_know", s_dont_know, 8, "N"),
    ("context_missing_none", s_context_missing_none, 9, "N"),
    ("none_of_the_above", s_none_of_above, 8, "N"),
    ("truncated_before_answer", s_truncated_before, 8, "N"),
    ("empty_or_error", s_empty_or_error, 7, "N"),
    ("two_answers", s_two_answers, 11, "U"),
    ("conditional_answer", s_conditional, 9, "U"),
    ("letter_text_conflict", s_letter_text_conflict, 10, "U"),
    ("self_contradiction", s_self_contradiction, 9, "U"),
    ("waffle_between_two", s_waffle, 9, "U"),
]

N_QUESTIONS = {"us_tort_law": 58, "emotional-intelligence": 34, "test_comp_sci": 99, "chess": 99}


def select(qs, n, seed, force=None):
    if len(qs) <= n:
        return list(qs)
    force = force or (lambda q: False)
    keep = [q for q in qs if force(q)]
    rest = [q for q in qs if not force(q)]
    rng = random.Random(seed)
    chosen = keep + rng.sample(rest, max(0, n - len(keep)))
    return sorted(chosen, key=lambda q: q.line)


def build(zf):
    qs = []
    qs += select(parse_tort(zf), N_QUESTIONS["us_tort_law"], "blind5|tort",
                 force=lambda q: any("$" in c for c in q.choices))
    qs += select(parse_ei(zf), N_QUESTIONS["emotional-intelligence"], "blind5|ei")
    qs += select(parse_cs(zf), N_QUESTIONS["test_comp_sci"], "blind5|cs")
    qs += select(parse_chess(zf), N_QUESTIONS["chess"], "blind5|chess")

    deck = []
    for name, fn, n, kind in STYLES:
        deck += [name] * n
    random.Random("blind5|deck").shuffle(deck)
    total = len(deck)
    nq = len(qs)
    # slots per question: spread the deck evenly over the questions
    per = [total // nq + (1 if k < total % nq else 0) for k in range(nq)]
    order = list(range(nq))
    random.Random("blind5|per").shuffle(order)
    per = [per[order.index(k)] for k in range(nq)]

    # assign styles, avoiding the same style twice on one question
    assign = []
    pos = 0
    for k in range(nq):
        got = []
        for _ in range(per[k]):
            idx = pos
            while idx < total - 1 and deck[idx] in got:
                idx += 1
            deck[pos], deck[idx] = deck[idx], deck[pos]
            got.append(deck[pos])
            pos += 1
        assign.append(got)

    kinds = {name: kind for name, fn, n, kind in STYLES}
    fns = {name: fn for name, fn, n, kind in STYLES}
    n_lettered = sum(1 for k in range(nq) for s in assign[k] if kinds[s] == "L")
    wrong = [True] * round(n_lettered * 0.4) + [False] * (n_lettered - round(n_lettered * 0.4))
    random.Random("blind5|wrong").shuffle(wrong)

    rows = []
    serial = 0
    wi = 0
    for k, q in enumerate(qs):
        for style in assign[k]:
            serial += 1
            rng = random.Random("blind5|%s|%d|%d|%s" % (q.set, q.line, serial, style))
            if kinds[style] == "L":
                if wrong[wi]:
                    t = rng.choice([j for j in range(4) if j != q.key])
                else:
                    t = q.key
                wi += 1
            else:
                t = rng.randrange(4)
            o = rng.choice([j for j in range(4) if j != t])
            reply, meant = fns[style](q, t, o, rng)
            reply = tidy(reply)
            rows.append({"set": q.set, "id": "%s-L%d-%04d" % (q.set, q.line, serial), "choices": q.choices,
                         "style": style, "reply": reply, "meant": meant})
    return rows


def tidy(s):
    """Drop a full stop doubled after ?, ! or an ellipsis produced by the templates."""
    return re.sub(r"([?!…])\.(?=[\s*)\]]|$)", r"\1", s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    with zipfile.ZipFile(a.wheel) as zf:
        rows = build(zf)
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d rows to %s" % (len(rows), a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
