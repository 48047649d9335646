#!/usr/bin/env python3
"""Blind labelled reply set no. 6 for testing a multiple-choice "reply reader".

What this file is
-----------------
A deterministic generator of free-text replies to four-choice questions, each
labelled with what a careful human reader takes the reply to assert
(``meant``): a letter "A".."D" when the reply commits to exactly one choice,
"none" when no answer is given (refusal, "I don't know", "none of these",
"all of the above" when that is not a choice, empty output, cut off before any
answer, retrieved docs "don't cover it"), and "unclear" when the reply does not
settle on one choice (two answers, a conditional answer, letter and quoted text
that contradict each other).  The label records what the reply *asserts*, not
whether it is right; about 40% of the lettered replies deliberately pick a
wrong choice.

The replies imitate what vendors' RAG endpoints and LLM apps send back when a
product asks them a multiple-choice question, usually without a format
instruction: explanation first and verdict late, quoted retrieved passages
that mention several choices, paraphrases and key-term-only answers with no
letter, elimination reasoning, numbered lists, tables, JSON/XML/YAML/CSV
wrappers, tool calls, chain-of-thought steps, small-model quirks (echoed
options, stray special tokens, duplicated answers), hedges, mid-reply
corrections, replies in Spanish/Portuguese/German/Italian/Chinese/Korean,
emoji verdicts, zero-based option numbers, and so on (50 style names, each
with several phrasings).

Provenance
----------
Written blind, from the task brief only: the author did not read the code,
tests, documentation or earlier reply sets of the reader under test.  Only the
*choice texts* of the source questions are emitted (never the stems).

Source questions (from the OpenAI ``evals`` 3.0.1.post1 wheel,
``evals/registry/data/``):

* ``us_tort_law/samples.jsonl`` - US tort-law questions with long sentence
  choices ("Yes, because ...").  The single user message ends with lines
  ``A. ...`` .. ``D. ...`` and ``Answer:``; ``ideal`` is the key letter.
* ``emotional-intelligence/samples.jsonl`` - "most effective action" vignettes
  with phrase choices given inline as ``(a) ...; (b) ...; (c) ...; (d) ...``;
  rows with an ``(e)`` choice are skipped; the key is the first letter of the
  ranked ``ideal`` (e.g. ``c-b-d`` -> C).
* ``test_comp_sci/questions.jsonl`` - short data-structure/sorting choices,
  inline ``a) ... b) ... c) ... d) ...``; exact duplicate rows are dropped
  (first occurrence kept).  This is the "short choices" set.
* ``german-exams-qa/samples.jsonl`` - German school-leaving exam questions
  (physics, economics, geography ...) with statement choices, lines
  ``A. ...`` .. ``D. ...`` then ``Answer:``; ``ideal`` like ``[C]``; rows with
  other than four choices skipped.

Rows are skipped when they cannot be parsed reliably, when the four choices
are not pairwise distinct, when one choice's text contains another's, or when
a choice carries an encoding artefact.  Git-LFS pointer files are ignored.

``id`` is ``<set>-L<1-based line number in the source file>-<4-digit serial>``.

How to run
----------
    python3 scripts/reply-set-blind6.py \\
        /tmp/evals/evals-3.0.1.post1-py3-none-any.whl \\
        --out crates/exam/tests/data/replies-blind6.jsonl

Only the Python 3 standard library is used.  All randomness comes from
``random.Random`` instances seeded with strings, and no set or dict iteration
order influences the output, so the file is byte-identical on every run and
for any PYTHONHASHSEED.
"""

import argparse
import json
import random
import re
import sys
import zipfile

LET = "ABCD"
DATA = "evals/registry/data/"

# (set name, path inside the wheel, parser name, number of questions wanted)
SOURCES = [
    ("us_tort_law", "us_tort_law/samples.jsonl", "lines", 50),
    ("emotional-intelligence", "emotional-intelligence/samples.jsonl", "ei", 36),
    ("test_comp_sci", "test_comp_sci/questions.jsonl", "cs", 16),
    ("german-exams-qa", "german-exams-qa/samples.jsonl", "lines", 16),
]

DOMAIN = {
    "us_tort_law": "tort",
    "emotional-intelligence": "ei",
    "test_comp_sci": "cs",
    "german-exams-qa": "exam",
}

REPLIES_PER_QUESTION = 4

# --------------------------------------------------------------------------
# reading the wheel
# --------------------------------------------------------------------------


def read_jsonl(zf, rel):
    raw = zf.read(DATA + rel).decode("utf-8")
    if raw.startswith("version https://git-lfs"):
        return []
    rows = []
    for n, line in enumerate(raw.split("\n"), 1):
        line = line.strip("\r")
        if not line.strip():
            continue
        try:
            rows.append((n, json.loads(line)))
        except ValueError:
            continue
    return rows


def user_text(d):
    msgs = d.get("input")
    if not isinstance(msgs, list):
        return None
    users = [m for m in msgs if isinstance(m, dict) and m.get("role") == "user"]
    if len(users) != 1 or not isinstance(users[0].get("content"), str):
        return None
    return users[0]["content"]


def key_letter(ideal):
    if isinstance(ideal, list):
        if len(ideal) != 1:
            return None
        ideal = ideal[0]
    if not isinstance(ideal, str):
        return None
    s = ideal.strip().strip("[]").strip()
    s = s.split("-")[0].strip().upper()
    return s if s in LET else None


def parse_lines(d):
    """Options on their own lines 'A. ..'..'D. ..' followed by 'Answer:'."""
    text = user_text(d)
    if text is None:
        return None
    lines = [l.strip() for l in text.strip().split("\n")]
    if len(lines) < 6 or lines[-1] != "Answer:":
        return None
    opts = lines[-5:-1]
    if [o[:3] for o in opts] != ["A. ", "B. ", "C. ", "D. "]:
        return None
    if any(re.match(r"^[E-H]\. ", l) for l in lines):
        return None
    return [o[3:].strip() for o in opts]


def parse_ei(d):
    text = user_text(d)
    if text is None or "(e)" in text:
        return None
    if len(re.findall(r"\([a-z]\) ", text)) != 4:
        return None
    m = re.search(r"\(a\) (.+?); \(b\) (.+?); \(c\) (.+?); \(d\) (.+?)\.?\s*$", text)
    if not m:
        return None
    return [g.strip() for g in m.groups()]


def parse_cs(d):
    text = user_text(d)
    if text is None:
        return None
    if len(re.findall(r"(?:^|\s)[a-z]\) ", text)) != 4:
        return None
    m = re.search(r"\s+a\) (.+?)\s+b\) (.+?)\s+c\) (.+?)\s+d\) (.+?)\s*$", text)
    if not m:
        return None
    return [g.strip() for g in m.groups()]


PARSERS = {"lines": parse_lines, "ei": parse_ei, "cs": parse_cs}


def norm(s):
    return re.sub(r"\s+", " ", s.strip().rstrip(".").lower())


def choices_ok(ch):
    if ch is None or len(ch) != 4:
        return False
    for c in ch:
        if not c or len(c) > 400:
            return False
        # encoding artefacts / markup fragments seen in some rows
        if re.search(r"PWR|</?sup>|\ufffd|\s3\s|\sind$|[Aa]ufgaben", c):
            return False
    ns = [norm(c) for c in ch]
    if len(set(ns)) != 4:
        return False
    for i in range(4):
        for j in range(4):
            if i != j and ns[i] in ns[j]:
                return False
    return True


META_RE = re.compile(
    r"\b(none|all of|all the|both|neither|either|above|mentioned|keiner|keine|"
    r"beide|beides|beiden|alle|allen|weder|oben|obigen|nicht entschieden|"
    r"cannot be|not enough)\b", re.I)


class Q(object):
    def __init__(self, set_name, line, choices, key):
        self.set = set_name
        self.line = line
        self.choices = choices
        self.key = key
        self.domain = DOMAIN[set_name]
        self.meta = any(META_RE.search(c) for c in choices)
        self.yesno = any(re.match(r"^(yes|no)\b", c, re.I) for c in choices)


def load_questions(wheel):
    zf = zipfile.ZipFile(wheel)
    out = []
    for set_name, rel, parser, want in SOURCES:
        pool = []
        seen = set()
        for line, d in read_jsonl(zf, rel):
            ch = PARSERS[parser](d)
            if not choices_ok(ch):
                continue
            key = key_letter(d.get("ideal"))
            if key is None:
                continue
            sig = (user_text(d), tuple(ch))
            if sig in seen:
                continue
            seen.add(sig)
            pool.append(Q(set_name, line, ch, key))
        rng = random.Random("blind6|select|" + set_name)
        k = min(want, len(pool))
        picked = rng.sample(pool, k)
        picked.sort(key=lambda q: q.line)
        sys.stderr.write("%s: %d parseable, %d used\n" % (set_name, len(pool), k))
        out.extend(picked)
    return out


# --------------------------------------------------------------------------
# text helpers
# --------------------------------------------------------------------------

STOP = set("""a an the of to and or in on at for by with from as is are was were
be been being that this these those it its his her their them they he she him
we you i not no yes because since if unless would could should will can may
might must has have had do does did than then so but which who whom what when
where there any all each only also into about over under more most less very
such own other another one two just be get out up if even
der die das des dem den ein eine einer eines einem einen und oder im mit von zu
zur zum auf für bei aus nach ist sind wird werden wurde sich nicht es er sie man
als wie auch am um durch über unter kann können muss dass nor""".split())


def toks(s):
    return re.findall(r"\w+", s.lower())


def content(s):
    return [w for w in toks(s) if w not in STOP and len(w) > 1]


def dedupe(seq):
    out = []
    for x in seq:
        if x not in out:
            out.append(x)
    return out


def distinct_terms(q, i):
    others = set()
    for j in range(4):
        if j != i:
            others.update(content(q.choices[j]))
    return [w for w in dedupe(content(q.choices[i])) if w not in others]


def strip_end(s):
    return s.strip().rstrip(".").strip()


def lower_first(q, s):
    if q.domain in ("tort", "ei") and len(s) > 1 and s[0].isupper() and s[1].islower():
        return s[0].lower() + s[1:]
    return s


def unique_in(q, i, frag):
    f = frag.lower()
    return all(f not in q.choices[j].lower() for j in range(4) if j != i)


PREFIX_RE = re.compile(
    r"^((?:not\s+)?[A-Za-z]+),?\s+(because|since|unless|if)\s+(.+)$", re.I)


def split_prefix(c):
    """'Yes, because X' / 'not recover, because X' -> (prefix, conj, X) or None."""
    m = PREFIX_RE.match(c)
    if not m:
        return None
    return m.group(1), m.group(2).lower(), m.group(3)


def key_clause(q, i):
    """A fragment of choice i that identifies it (returns (text, is_clause))."""
    c = strip_end(q.choices[i])
    sp = split_prefix(c)
    if sp and sp[1] in ("because", "since") and unique_in(q, i, sp[2]) and distinct_terms(q, i):
        return sp[2], True
    return lower_first(q, c), False


def key_phrase(q, i):
    """Shortest run of 2-6 words of choice i that no other choice contains,
    starting and ending on content words, with as many distinct terms as
    possible; the whole choice when it is short or nothing qualifies."""
    c = strip_end(q.choices[i])
    words = c.split()
    if len(words) <= 4:
        return c
    dist = distinct_terms(q, i)
    best = None
    for n in range(2, 7):
        for s0 in range(0, len(words) - n + 1):
            win = words[s0:s0 + n]
            first = toks(win[0])
            last = toks(win[-1])
            if not first or not last or first[0] in STOP or last[-1] in STOP:
                continue
            frag = " ".join(win).strip(",;:")
            if not unique_in(q, i, frag):
                continue
            nd = sum(1 for w in dedupe(toks(frag)) if w in dist)
            if nd == 0:
                continue
            score = (-nd, n, s0)
            if best is None or score < best[0]:
                best = (score, frag)
        if best is not None and n >= 3:
            break
    if best is None:
        return lower_first(q, c)
    return lower_first(q, best[1])


def short(s, n=9):
    w = strip_end(s).split()
    if len(w) <= n:
        return strip_end(s)
    return " ".join(w[:n]) + " ..."


def snippet(q, i, n=7):
    return short(q.choices[i], n)


def key_terms(q, i):
    return key_phrase(q, i)


def pick(rng, options):
    return options[rng.randrange(len(options))]


# phrase- and word-level synonyms for the English paraphrase style (one
# regex pass, longest phrases first, so no chaining); keys lower-case
SYN = [
    ("was not", "wasn't"), ("did not", "didn't"), ("is not", "isn't"),
    ("could not", "couldn't"), ("does not", "doesn't"), ("had not", "hadn't"),
    ("find out about", "look into"), ("find out", "look into"), ("make an effort", "put in the effort"),
    ("start looking", "begin looking"), ("start applying", "begin applying"),
    ("keep in contact", "stay in touch"), ("calm down", "settle down"),
    ("catch up", "reconnect"), ("deep breaths", "slow breaths"),
    ("because", "since"), ("could", "might"), ("reasonable", "sensible"),
    ("reasonably", "sensibly"), ("liable", "legally responsible"),
    ("liability", "legal responsibility"), ("plaintiff", "claimant"),
    ("plaintiffs", "claimants"), ("defendant", "defending party"),
    ("defendants", "defending parties"),
    ("prevail", "win"), ("negligent", "careless"), ("negligently", "carelessly"),
    ("intentionally", "deliberately"), ("intended", "meant"), ("aware", "conscious"),
    ("knew", "was aware"), ("dangerous", "hazardous"), ("employee", "staff member"),
    ("employees", "staff members"), ("required", "obliged"),
    ("entitled", "allowed"), ("false", "untrue"),
    ("foreseeable", "predictable"), ("unforeseeable", "unpredictable"),
    ("substantial", "significant"), ("substantially", "essentially"),
    ("immediately", "right away"), ("consent", "permission"), ("consented", "agreed"),
    ("injury", "harm"), ("injuries", "harms"), ("duty", "obligation"),
    ("workmate", "colleague"), ("workmates", "colleagues"), ("boss", "manager"),
    ("worry", "fret"), ("angry", "mad"), ("family", "relatives"),
    ("job", "position"), ("explain", "clarify"), ("apologize", "say sorry"),
    ("situation", "circumstances"), ("concerns", "worries"), ("discuss", "talk over"),
    ("realize", "recognise"), ("ignore", "disregard"), ("help", "assist"),
    ("try", "attempt"), ("frequently", "often"), ("carefully", "thoughtfully"),
    ("mistakes", "errors"), ("quickly", "fast"), ("difficult", "hard"),
    ("large", "big"), ("efficiently", "effectively"),
    ("maximum", "largest possible"), ("minimal", "very few"), ("purpose", "aim"),
    ("statement", "assertion"), ("statements", "assertions"),
    ("sufficient", "enough"), ("occurred", "happened"), ("attempted", "tried"),
]
SYN_MAP = dict(SYN)
SYN_RE = re.compile(r"\b(" + "|".join(re.escape(k) for k, _ in SYN) + r")\b", re.I)
# leading imperative verbs of the emotional-intelligence choices
LEAD_VERB = [("contact", "get in touch with"), ("talk", "speak"), ("speak", "talk"),
             ("tell", "let"), ("ask", "check with")]


def syn_sub(s):
    def rep(m):
        w = m.group(0)
        r = SYN_MAP[w.lower()]
        if w[0].isupper():
            r = r[0].upper() + r[1:]
        return r
    return SYN_RE.sub(rep, s)


def lead_sub(s):
    w = s.split(None, 1)
    if len(w) < 2:
        return s
    for k, r in LEAD_VERB:
        if w[0].lower() == k:
            if k == "tell":
                # "Tell X that ..." -> "Let X know that ..." only for short objects
                m = re.match(r"^(his|her|their|the|your)\s+(\w+)\s+(.+)$", w[1])
                if not m:
                    return s
                return "Let %s %s know %s" % (m.group(1), m.group(2), m.group(3))
            if k == "ask" and not w[1].startswith(("for ", "his ", "her ", "the ")):
                return s
            if k == "ask" and w[1].startswith("for "):
                return "Request " + w[1][4:]
            r = r[0].upper() + r[1:]
            return r + " " + w[1]
    return s


CS_PARA = [
    (r"^O\(n\^2\)$", "quadratic time (n squared)"),
    (r"^O\(n\)$", "linear in n"),
    (r"^O\(1\)$", "constant, independent of n"),
    (r"^O\(n ?log ?n\)$", "n times log n, i.e. linearithmic"),
    (r"^O\(log ?n\)$", "logarithmic in n"),
    (r"^inorder$", "an in-order (left, node, right) walk"),
    (r"^postorder$", "a post-order walk (children before the node)"),
    (r"^preorder$", "a pre-order walk (node before its children)"),
    (r"^level order$", "a breadth-first, level-by-level walk"),
    (r"^heap sort$", "heapsort"),
    (r"^quick sort$", "quicksort"),
    (r"^merge sort$", "mergesort"),
]


def paraphrase(q, i, rng):
    """Reword choice i without quoting it; None when no honest rewording."""
    c = strip_end(q.choices[i])
    if q.domain == "exam":
        return None
    if q.domain == "cs":
        for pat, rep in CS_PARA:
            if re.match(pat, c, re.I):
                return rep, False
        return None
    sp = split_prefix(c)
    clause = True
    if sp:
        pol, conj, rest = sp[0], sp[1], syn_sub(sp[2])
        yn = pol.lower() in ("yes", "no")
        clause = yn
        if yn:
            pol = pol.lower()
        if conj in ("because", "since") and yn:
            forms = [
                "the answer should be %s, given that %s" % (pol, rest),
                "given that %s, it comes out as a %s" % (rest, pol),
                "%s, and that is why the answer is %s" % (rest, pol),
            ]
        elif conj in ("because", "since"):
            forms = [
                "%s, since %s" % (pol, rest),
                "%s; the reason is that %s" % (pol, rest),
                "given that %s, the result is: %s" % (rest, pol),
            ]
        elif conj == "unless":
            forms = [
                ("it's a %s, unless %s" if yn else "%s, unless %s") % (pol, rest),
                ("the answer is %s, except where %s" if yn else "%s, except where %s") % (pol, rest),
            ]
        else:
            forms = [
                ("it's a %s, but only if %s" if yn else "%s, but only if %s") % (pol, rest),
                ("the answer is %s, provided that %s" if yn else "%s, provided that %s") % (pol, rest),
            ]
        out = pick(rng, forms)
    elif re.match(r"^whether\b", c, re.I):
        rest = syn_sub(c.split(None, 1)[1])
        out = pick(rng, ["the key question is whether %s" % rest,
                         "what matters is whether or not %s" % rest])
    else:
        p = syn_sub(lead_sub(c)) if q.domain == "ei" else syn_sub(c)
        if p == c:
            return None
        if q.domain == "ei":
            first = p.split()[0].lower()
            if first in ("he", "she", "they", "there", "although", "it", "nothing"):
                out = p
            else:
                out = pick(rng, [
                    "the most effective thing is to " + lower_first(q, p),
                    "they should " + lower_first(q, p),
                    "the best move would be to " + lower_first(q, p),
                ])
        else:
            out = p
            clause = c[:1].isupper()
    if out == c or out.lower() == c.lower():
        return None
    return out, clause


def content_argmax(q, text):
    """Index of the choice whose words the text shares most, or None on a tie."""
    tt = set(toks(text))
    scores = []
    for j in range(4):
        dj = distinct_terms(q, j)
        cj = dedupe(content(q.choices[j]))
        scores.append(sum(1 for w in dj if w in tt) * 10 + sum(1 for w in cj if w in tt))
    best = max(scores)
    if best == 0 or scores.count(best) != 1:
        return None
    return scores.index(best)


def contains_any_letter_token(text):
    return re.search(r"(?<![\w'])[A-D](?![\w'])|\([a-d]\)", text) is not None


# --------------------------------------------------------------------------
# domain flavour
# --------------------------------------------------------------------------

FLAWS = {
    "tort": [
        "misstates the governing rule",
        "gets the standard of liability wrong",
        "ignores a key fact in the scenario",
        "confuses a defense with an element of the claim",
        "relies on a doctrine that doesn't apply on these facts",
        "overstates what the claimant has to prove",
    ],
    "ei": [
        "would probably make things worse",
        "avoids the problem instead of dealing with it",
        "deals with the feelings but not with the actual problem",
        "is likely to damage the relationship",
        "is too passive to change anything",
        "is an overreaction to the situation",
    ],
    "cs": [
        "doesn't match the definition",
        "describes a different case",
        "confuses the best case with the worst case",
        "isn't what the algorithm actually does",
        "is a common misconception",
    ],
    "exam": [
        "contradicts the underlying theory",
        "gets the direction of the change wrong",
        "doesn't match the textbook definition",
        "mixes up the quantities involved",
        "would only hold under different conditions",
    ],
}

TOPIC = {
    "tort": ["the tort issue", "the legal question", "the claim"],
    "ei": ["the emotional situation", "the problem described", "the situation"],
    "cs": ["the data-structure question", "the algorithm", "the question"],
    "exam": ["the exam question", "the question", "the problem"],
}


def reason(q, i, rng):
    k, is_clause = key_clause(q, i)
    t = strip_end(q.choices[i])
    if q.domain == "tort" and is_clause:
        return pick(rng, [
            "The decisive point is that %s." % k,
            "What controls the outcome here is that %s." % k,
            "Under the usual tort analysis, the key consideration is that %s." % k,
            "On these facts, the important thing is that %s." % k,
        ])
    if q.domain == "ei":
        return pick(rng, [
            "\"%s\" addresses both the feelings involved and the practical problem." % t,
            "The most constructive response is to %s." % lower_first(q, t)
            if not re.match(r"^(he|she|they|there|although|it)\b", t, re.I)
            else "The most constructive response is this one: \"%s\"." % t,
            "Doing this (\"%s\") is proactive without escalating things." % t,
        ])
    if q.domain == "cs":
        return pick(rng, [
            "\"%s\" is what follows from how the algorithm works." % t,
            "Working it through, you end up with %s." % t,
            "By definition this is %s." % t,
        ])
    if q.domain == "exam":
        return pick(rng, [
            "\"%s\" is consistent with the underlying theory." % t,
            "Applying the basic principle gives: %s." % t,
            "The statement \"%s\" is the one that agrees with the textbook." % t,
        ])
    return pick(rng, [
        "The statement \"%s\" fits the facts best." % t,
        "\"%s\" is the option that matches the scenario." % t,
    ])


def flaw(q, rng):
    return pick(rng, FLAWS[q.domain])


def others(i):
    return [j for j in range(4) if j != i]


def lfmt(rng, i, allow_bare_lower=False):
    L = LET[i]
    forms = [L, "(" + L + ")", L + ")", "(" + L.lower() + ")", "option " + L]
    if allow_bare_lower and i != 0:
        forms.append(L.lower())
    return pick(rng, forms)


ORD = ["first", "second", "third", "fourth"]

# --------------------------------------------------------------------------
# lettered styles: f(q, i, rng) -> reply text or None if not applicable
# --------------------------------------------------------------------------


def s_explain_then_conclude(q, i, rng):
    o = pick(rng, others(i))
    parts = [
        pick(rng, ["Let me think about %s." % pick(rng, TOPIC[q.domain]),
                   "This one needs a bit of context.",
                   "Looking at the facts given:",
                   "To answer this, consider what the question is really testing."]),
        reason(q, i, rng),
        pick(rng, ["Option %s (\"%s\") is tempting, but it %s." % (LET[o], snippet(q, o), flaw(q, rng)),
                   "The other options don't fit as well.",
                   "None of the alternatives captures this as well.",
                   "The remaining choices each have a problem."]),
    ]
    concl = pick(rng, ["So the answer is %s." % LET[i],
                       "That makes %s the best answer." % LET[i],
                       "Hence, option %s." % LET[i],
                       "My answer: %s" % lfmt(rng, i),
                       "Therefore I'd choose %s." % LET[i]])
    sep = pick(rng, [" ", "\n\n"])
    return sep.join(parts) + "\n\n" + concl


def s_rag_quote_conclude(q, i, rng):
    mix = others(i)
    rng.shuffle(mix)
    a, b = mix[0], mix[1]
    src = pick(rng, ["[doc 2]", "[1]", "Source: knowledge_base/%s.md" % q.domain,
                     "Retrieved passage (score 0.82):", "Context [chunk 14]:"])
    kt_i = key_terms(q, i)
    kt_a = key_terms(q, a)
    kt_b = key_terms(q, b)
    trio = [kt_a, kt_i, kt_b]
    rng.shuffle(trio)
    x, y, z = trio
    if q.domain == "tort":
        passage = pick(rng, [
            "Treatises discuss arguments such as \"%s\", \"%s\" and \"%s\"; which one "
            "prevails depends on the facts and the jurisdiction." % (x, y, z),
            "Cases in this area have turned on points like \"%s\" or \"%s\", and "
            "occasionally on \"%s\"." % (x, y, z),
        ])
    elif q.domain == "ei":
        passage = pick(rng, [
            "Coping guides list responses such as \"%s\", \"%s\" or \"%s\", noting that "
            "how effective each is depends on the situation." % (x, y, z),
            "Research on emotion management compares strategies like \"%s\" and \"%s\" "
            "with alternatives such as \"%s\"." % (x, y, z),
        ])
    elif q.domain == "cs":
        passage = pick(rng, [
            "Lecture notes on this topic mention %s, %s and %s in related contexts." % (x, y, z),
            "Common exam answers in this area include %s, %s, or %s." % (x, y, z),
        ])
    else:
        passage = pick(rng, [
            "Das Lehrbuch erwähnt in diesem Zusammenhang „%s“, „%s“ und „%s“." % (x, y, z),
            "Related material discusses \"%s\", \"%s\" and \"%s\"." % (x, y, z),
        ])
    quote = "%s\n> \"%s\"" % (src, passage)
    lead = pick(rng, ["Based on the retrieved context:", "According to the documentation:",
                      "Here is what I found:", "Relevant excerpt:"])
    concl = pick(rng, [
        "Applying this to the question, the best-supported answer is %s." % LET[i],
        "Putting it together, I'd answer %s: %s." % (LET[i], strip_end(q.choices[i])),
        "From the passage and the question's facts, the answer is %s." % lfmt(rng, i),
        "Weighing those factors here, the correct choice is %s." % LET[i],
    ])
    return "%s\n%s\n\n%s\n\n%s" % (lead, quote, reason(q, i, rng), concl)


def s_paraphrase(q, i, rng):
    res = paraphrase(q, i, rng)
    if res is None:
        return None
    p, clause = res
    if clause:
        forms = ["In my view, %s." % p, "Short answer: %s." % p, "I think %s." % p,
                 "The best reading is that %s." % p, "%s%s." % (p[0].upper(), p[1:])]
    else:
        forms = ["In my view: %s." % p, "Short answer: %s." % p, "My take — %s." % p,
                 "%s%s." % (p[0].upper(), p[1:])]
    out = pick(rng, forms)
    if contains_any_letter_token(out):
        return None
    if q.domain != "cs" and content_argmax(q, out) != i:
        return None
    return out


def s_content_verbatim(q, i, rng):
    t = strip_end(q.choices[i])
    return pick(rng, [
        "The correct answer is: %s." % t,
        "Answer: \"%s\"" % t,
        "%s." % t,
        "Best option → %s" % t,
        "I would say the answer is \"%s\"." % t,
        "The right choice here is the one stating that %s." % lower_first(q, t)
        if q.domain == "tort" else "The right choice here is \"%s\"." % t,
    ])


def s_key_terms_only(q, i, rng):
    kt = key_terms(q, i)
    out = pick(rng, ["Answer: %s" % kt, "Key point: %s." % kt, "%s" % kt,
                     "→ %s" % kt, "It comes down to: %s." % kt])
    if content_argmax(q, out) != i and q.domain != "cs":
        return None
    if contains_any_letter_token(out):
        return None
    return out


def s_elimination(q, i, rng):
    o = others(i)
    rng.shuffle(o)
    x, y, z = o
    form = rng.randrange(3)
    if form == 0:
        a, b = sorted([x, y])
        return ("%s and %s are clearly wrong, and %s %s, so %s." %
                (LET[a], LET[b], LET[z], flaw(q, rng), LET[i]))
    if form == 1:
        lines = []
        for j in range(4):
            if j == i:
                continue
            lines.append("- %s: \"%s\" — %s." % (LET[j], snippet(q, j), flaw(q, rng)))
        return ("Let's rule things out.\n" + "\n".join(lines) +
                "\n\nThat leaves %s." % pick(rng, [LET[i], "option " + LET[i], "(" + LET[i] + ")"]))
    return ("Rule out %s (%s) and %s (%s). Between %s and %s, %s %s. "
            "By elimination the answer is %s." %
            (LET[x], snippet(q, x, 5), LET[y], snippet(q, y, 5),
             LET[min(z, i)], LET[max(z, i)], LET[z], flaw(q, rng), LET[i]))


def s_correct_statement_about(q, i, rng):
    k, is_clause = key_clause(q, i)
    kt = key_terms(q, i)
    out = pick(rng, [
        "The correct statement is the one saying that %s." % k if is_clause else
        "The correct statement is the one about %s." % kt,
        "It's the option saying that %s." % k if q.domain == "tort" else
        "It's the option that says \"%s\"." % strip_end(q.choices[i]),
        "The right choice is the one mentioning %s." % kt,
    ])
    if content_argmax(q, out) != i and q.domain != "cs":
        return None
    return out


def s_letter_in_sentence(q, i, rng):
    L = LET[i]
    low = "(" + L.lower() + ")" if i == 0 else L.lower()
    return pick(rng, [
        "I'd go with %s here." % low,
        "My pick would be option %s, honestly." % L,
        "Pretty sure it's %s." % low,
        "Going with (%s) on this one." % L,
        "hmm, i think the answer is %s" % low,
        "If I had to choose I'd say %s, and I'm fairly confident about it." % L,
    ])


def s_numbered_list_pick(q, i, rng):
    lines = []
    for j in range(4):
        if j == i:
            com = pick(rng, ["most convincing", "fits best", "this one holds up",
                             "consistent with the facts"])
        else:
            com = flaw(q, rng)
        lines.append("%d. %s — %s" % (j + 1, strip_end(q.choices[j]), com))
    concl = pick(rng, ["Pick: %d" % (i + 1), "I'd choose #%d." % (i + 1),
                       "So my answer is number %d." % (i + 1),
                       "→ Option %d" % (i + 1)])
    return "Going through the options:\n" + "\n".join(lines) + "\n\n" + concl


def s_markdown_table(q, i, rng):
    head = pick(rng, ["| Option | Summary | Verdict |\n|---|---|---|",
                      "| Choice | Text | Assessment |\n|:--|:--|:--:|"])
    rows = []
    for j in range(4):
        mark = pick(rng, ["✓ correct", "✔️"]) if j == i else pick(rng, ["✗", "✘ incorrect", "❌"])
        rows.append("| %s | %s | %s |" % (LET[j], short(q.choices[j], 8), mark))
    tail = pick(rng, ["\n\n**Answer: %s**" % LET[i], "\n\nFinal: %s" % LET[i], ""])
    return head + "\n" + "\n".join(rows) + tail


def s_json_label(q, i, rng):
    L = LET[i]
    conf = round(0.55 + rng.random() * 0.4, 2)
    objs = [
        {"answer": L},
        {"result": {"label": L, "confidence": conf}},
        {"prediction": L.lower(), "score": conf},
        {"output": {"selected_option": L, "explanation": reason(q, i, rng)}},
        {"status": "ok", "data": {"answer": L, "sources": ["doc_%d" % rng.randrange(1, 40)]}},
    ]
    o = pick(rng, objs)
    if rng.random() < 0.5:
        return json.dumps(o, ensure_ascii=False)
    return json.dumps(o, ensure_ascii=False, indent=2)


def s_json_scores(q, i, rng):
    raw = [rng.random() * 0.2 for _ in range(4)]
    raw[i] = 0.55 + rng.random() * 0.35
    s = sum(raw)
    scores = [round(r / s, 3) for r in raw]
    form = rng.randrange(3)
    if form == 0:
        o = {"scores": dict(zip(LET, scores))}
    elif form == 1:
        o = {"choices": [{"label": LET[j], "prob": scores[j]} for j in range(4)],
             "top": LET[i]}
    else:
        o = {"logprobs": {LET[j]: round(-3.0 + 2.9 * scores[j] * 1.1, 2) for j in range(4)}}
        # make sure the chosen one is clearly the highest log-prob
        o["logprobs"][LET[i]] = -0.12
    return json.dumps(o)


def s_json_index(q, i, rng):
    t = strip_end(q.choices[i])
    form = rng.randrange(3)
    if form == 0:
        o = {"choice": i + 1, "choice_text": t}
    elif form == 1:
        o = {"selected_index": i, "index_base": 0, "selected_option": t}
    else:
        o = {"answer_number": i + 1, "of": 4, "answer": t}
    return json.dumps(o, ensure_ascii=False)


def s_xml_answer(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "<answer>%s</answer>" % L,
        "<reasoning>%s</reasoning>\n<answer>%s</answer>" % (reason(q, i, rng), L),
        "<response>\n  <choice>%s</choice>\n  <justification>%s</justification>\n</response>"
        % (L, reason(q, i, rng)),
        "<result label=\"%s\" confidence=\"%.2f\"/>" % (L, 0.6 + rng.random() * 0.35),
    ])


def s_yaml_answer(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "answer: %s\nconfidence: high\nrationale: >-\n  %s" % (L, reason(q, i, rng)),
        "---\nselected: \"%s\"\nexplanation: %s\n" % (L, json.dumps(reason(q, i, rng), ensure_ascii=False)),
        "result:\n  option: %s\n  text: %s" % (L, json.dumps(strip_end(q.choices[i]), ensure_ascii=False)),
    ])


def s_cot_steps(q, i, rng):
    steps = ["Step 1: Identify what %s is asking." % pick(rng, TOPIC[q.domain])]
    n = 2
    order = list(range(4))
    for j in order:
        if j == i:
            steps.append("Step %d: Option %s — %s" % (n, LET[j], reason(q, j, rng)))
        else:
            steps.append("Step %d: Option %s (\"%s\") %s." % (n, LET[j], snippet(q, j, 6), flaw(q, rng)))
        n += 1
    concl = pick(rng, ["Therefore, the answer is %s." % LET[i],
                       "Therefore: %s" % lfmt(rng, i),
                       "Therefore the correct option is %s." % LET[i]])
    return "\n".join(steps) + "\n" + concl


def s_small_model_echo(q, i, rng):
    listing = "\n".join("%s. %s" % (LET[j], q.choices[j]) for j in range(4))
    form = rng.randrange(3)
    if form == 0:
        return ("Question: Which of the following is correct?\n%s\nAnswer: %s" % (listing, LET[i]))
    if form == 1:
        return ("Answer: %s\n\nA.\nB.\nC.\nD." % LET[i])
    return ("%s\n\nThe answer is %s.\n\nA. B. C. D." % (listing, LET[i]))


def s_stray_tokens(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "%s</s>" % L,
        "Answer: %s<|im_end|>" % L,
        " %s<|endoftext|><|endoftext|>" % L,
        "[/INST] The correct option is (%s).</s>" % L,
        "<|assistant|>\n%s. %s<|eot_id|>" % (L, strip_end(q.choices[i])),
        "The answer is %s.<|im_end|>\n<|im_start|>assistant" % L,
    ])


def s_duplicated_answer(q, i, rng):
    L = LET[i]
    t = strip_end(q.choices[i])
    return pick(rng, [
        "%s. %s\n%s. %s" % (L, t, L, t),
        "Answer: %s Answer: %s Answer: %s" % (L, L, L),
        "The answer is %s.\nThe answer is %s." % (L, L),
        "%s\n%s" % (L, L),
    ])


def s_hedge_with_pick(q, i, rng):
    o = pick(rng, others(i))
    return pick(rng, [
        "I'm not completely sure, but I think %s is most likely." % LET[i],
        "This is tricky — %s is tempting, but I'd lean towards %s." % (LET[o], LET[i]),
        "Probably %s, though I wouldn't bet my life on it." % LET[i],
        "My best guess would be %s (%s), but please double-check." % (LET[i], short(q.choices[i], 6)),
        "Not 100%% certain here. Still, if I have to commit: %s." % LET[i],
    ])


def s_correction_midreply(q, i, rng):
    x = pick(rng, others(i))
    return pick(rng, [
        "The answer is %s. Correction: the answer is %s, not %s." % (LET[x], LET[i], LET[x]),
        "I'd pick %s... wait, I mixed up the options. %s is wrong; the correct answer is %s."
        % (LET[x], LET[x], LET[i]),
        "At first glance %s looks right. Actually, let me reconsider: %s On reflection, "
        "%s is the better answer, not %s." % (LET[x], reason(q, i, rng), LET[i], LET[x]),
        "Answer: %s\n\n**Edit:** I originally said %s, but it should be %s." % (LET[x], LET[x], LET[i]),
        "Sorry, I made an error above when I said %s. The correct choice is %s." % (LET[x], LET[i]),
    ])


def s_lang_es(q, i, rng):
    L, t = LET[i], strip_end(q.choices[i])
    return pick(rng, [
        "La respuesta correcta es la %s: «%s»." % (L, t),
        "Creo que la opción %s es la más adecuada, porque es la que mejor se ajusta a los hechos." % L,
        "Después de analizar todas las opciones, me quedo con la %s." % L,
        "Respuesta: %s" % L,
        "La opción correcta es la que dice «%s»." % t,
    ])


def s_lang_pt(q, i, rng):
    L, t = LET[i], strip_end(q.choices[i])
    return pick(rng, [
        "A resposta correta é a alternativa %s." % L,
        "Eu escolheria a opção %s — «%s»." % (L, t),
        "Resposta: letra %s." % L,
        "Analisando as alternativas, a mais adequada é a %s, pois as demais não se sustentam." % L,
        "A alternativa correta é a que afirma: \"%s\"." % t,
    ])


def s_lang_de(q, i, rng):
    L, t = LET[i], strip_end(q.choices[i])
    return pick(rng, [
        "Die richtige Antwort ist %s." % L,
        "Ich würde mich für Antwort %s entscheiden: „%s“." % (L, t),
        "Lösung: [%s]" % L,
        "Nach Abwägung aller Optionen ist %s am überzeugendsten." % L,
        "Richtig ist die Aussage „%s“." % t,
    ])


def s_lang_it(q, i, rng):
    L, t = LET[i], strip_end(q.choices[i])
    return pick(rng, [
        "La risposta corretta è la %s." % L,
        "Sceglierei l'opzione %s: «%s»." % (L, t),
        "Risposta: %s" % L,
        "Dopo aver escluso le altre alternative, rimane la %s." % L,
        "L'opzione giusta è quella che dice «%s»." % t,
    ])


def s_lang_zh(q, i, rng):
    L, t = LET[i], strip_end(q.choices[i])
    return pick(rng, [
        "答案是 %s。" % L,
        "正确答案：%s（%s）" % (L, t),
        "我选 %s，因为其他选项都不太合理。" % L,
        "综合分析，选项%s最符合题意。" % L,
        "正确的是“%s”这一项。" % t,
    ])


def s_lang_ko(q, i, rng):
    L, t = LET[i], strip_end(q.choices[i])
    return pick(rng, [
        "정답은 %s입니다." % L,
        "답: %s — %s" % (L, t),
        "보기 중에서는 %s가 가장 타당해 보입니다." % L,
        "다른 선택지를 제외하면 %s번이 남습니다. 따라서 정답은 %s입니다." % (L, L),
        "정답은 \"%s\"입니다." % t,
    ])


def s_emoji_verdict(q, i, rng):
    L, t = LET[i], strip_end(q.choices[i])
    form = rng.randrange(4)
    if form == 0:
        return "✅ %s" % L
    if form == 1:
        return "\n".join(("✅ " if j == i else "❌ ") + LET[j] for j in range(4))
    if form == 2:
        return "Answer 👉 %s 🎯" % L
    return "🟢 Option %s: %s" % (L, t)


def s_zero_based_index(q, i, rng):
    form = rng.randrange(3)
    if form == 0:
        listing = "\n".join("Option %d: %s" % (j, strip_end(q.choices[j])) for j in range(4))
        return "%s\n\nAnswer: Option %d" % (listing, i)
    if form == 1:
        return ("The answer is option %d (counting from zero), i.e. \"%s\"." %
                (i, strip_end(q.choices[i])))
    return ("options = [%s]\ncorrect = options[%d]  # %s" %
            (", ".join(json.dumps(short(c, 4), ensure_ascii=False) for c in q.choices), i,
             short(q.choices[i], 6)))


def s_docs_missing_but_guess(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "The provided context doesn't cover this question directly. Based on general "
        "principles, though, the most likely answer is %s." % L,
        "I couldn't find this in the knowledge base. If I had to guess, I'd say %s." % L,
        "Nothing in the retrieved documents addresses this specifically; my best estimate "
        "is option %s — %s." % (L, strip_end(q.choices[i])),
        "The documents I have access to don't mention this. Going on general knowledge, %s." % L,
    ])


def s_letter_first_explained(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "%s. %s" % (L, reason(q, i, rng)),
        "**%s** — %s" % (L, reason(q, i, rng)),
        "(%s) %s\n\nExplanation: %s" % (L.lower(), strip_end(q.choices[i]), reason(q, i, rng)),
        "%s is correct. %s" % (L, reason(q, i, rng)),
    ])


def s_ordinal_reference(q, i, rng):
    o = ORD[i]
    forms = [
        "The %s option is the correct one." % o,
        "It's the %s choice." % o,
        "I'd go with the %s answer: %s." % (o, strip_end(q.choices[i])),
    ]
    if i == 3:
        forms.append("The last one.")
    if i == 0:
        forms.append("The very first option is right.")
    return pick(rng, forms)


def s_latex_boxed(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "%s\n\nThus the answer is $\\boxed{%s}$." % (reason(q, i, rng), L),
        "Final Answer: \\boxed{%s}" % L,
        "$$\\boxed{\\text{(%s)}}$$" % L,
    ])


def s_tool_call(q, i, rng):
    L = LET[i]
    form = rng.randrange(3)
    if form == 0:
        return json.dumps({"tool_calls": [{"type": "function", "function": {
            "name": "select_option", "arguments": json.dumps({"option": L})}}]})
    if form == 1:
        return "submit_answer(option=\"%s\")" % L
    return json.dumps({"name": "answer", "parameters": {"letter": L.lower()}})


def s_csv_row(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "question_id,predicted_label\nq_%04d,%s" % (rng.randrange(1, 9999), L),
        "answer,confidence\n%s,%.2f" % (L, 0.5 + rng.random() * 0.45),
        "\"label\";\"rationale\"\n\"%s\";\"%s\"" % (L, reason(q, i, rng).replace("\"", "'")),
    ])


def s_log_line(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "pred=%s conf=%.2f latency_ms=%d" % (L, 0.5 + rng.random() * 0.45, rng.randrange(200, 3000)),
        "[INFO] model=rag-v2 answer=%s tokens=%d" % (L, rng.randrange(5, 400)),
        "label: %s | score: %.2f | model: qa-endpoint" % (L, 0.5 + rng.random() * 0.45),
    ])


def s_markdown_headed(q, i, rng):
    L = LET[i]
    return pick(rng, [
        "### Analysis\n%s\n\n### Answer\n**%s** — %s" % (reason(q, i, rng), L, strip_end(q.choices[i])),
        "## Reasoning\n%s\n\n## Final answer\n(%s)" % (reason(q, i, rng), L),
        "**Short answer:** %s\n\n**Why:** %s" % (L, reason(q, i, rng)),
    ])


LETTER_STYLES = [
    ("explain_then_conclude", s_explain_then_conclude),
    ("rag_quote_conclude", s_rag_quote_conclude),
    ("paraphrase_no_letter", s_paraphrase),
    ("content_verbatim", s_content_verbatim),
    ("key_terms_only", s_key_terms_only),
    ("elimination", s_elimination),
    ("correct_statement_about", s_correct_statement_about),
    ("letter_in_sentence", s_letter_in_sentence),
    ("numbered_list_pick", s_numbered_list_pick),
    ("markdown_table", s_markdown_table),
    ("json_label", s_json_label),
    ("json_scores", s_json_scores),
    ("json_index_with_text", s_json_index),
    ("xml_answer", s_xml_answer),
    ("yaml_answer", s_yaml_answer),
    ("cot_steps", s_cot_steps),
    ("small_model_echo", s_small_model_echo),
    ("stray_tokens", s_stray_tokens),
    ("duplicated_answer", s_duplicated_answer),
    ("hedge_with_pick", s_hedge_with_pick),
    ("correction_midreply", s_correction_midreply),
    ("lang_es", s_lang_es),
    ("lang_pt", s_lang_pt),
    ("lang_de", s_lang_de),
    ("lang_it", s_lang_it),
    ("lang_zh", s_lang_zh),
    ("lang_ko", s_lang_ko),
    ("emoji_verdict", s_emoji_verdict),
    ("zero_based_index", s_zero_based_index),
    ("docs_missing_but_guess", s_docs_missing_but_guess),
    ("letter_first_explained", s_letter_first_explained),
    ("ordinal_reference", s_ordinal_reference),
    ("latex_boxed", s_latex_boxed),
    ("tool_call", s_tool_call),
    ("csv_row", s_csv_row),
    ("log_line", s_log_line),
    ("markdown_headed", s_markdown_headed),
]

# --------------------------------------------------------------------------
# no-answer styles: f(q, rng) -> text or None
# --------------------------------------------------------------------------


def n_refusal(q, rng):
    forms = ["I'm sorry, but I can't assist with that.",
             "As an AI language model, I don't answer test or exam questions.",
             "I'm not able to help with this request."]
    if q.domain == "tort":
        forms.append("I can't provide legal advice on specific situations. Please consult "
                     "a licensed attorney in your jurisdiction.")
    if q.domain == "ei":
        forms.append("I'm not comfortable judging how someone should handle their personal "
                     "situation. A counsellor would be better placed to help.")
    return pick(rng, forms)


def n_dont_know(q, rng):
    if q.meta:
        return None
    return pick(rng, ["I don't know.",
                      "I'm not sure — I don't know the answer to this one.",
                      "Honestly, I can't tell which of these is right.",
                      "No idea, sorry.",
                      "Unable to determine the answer."])


def n_docs_not_covered(q, rng):
    if q.meta:
        return None
    return pick(rng, [
        "The retrieved documents don't contain information about this topic, so I can't "
        "determine which option is correct.",
        "I'm sorry, I couldn't find an answer to your question in the available documents.",
        "Based on the provided context, there is not enough information to answer this question.",
        "{\"answer\": null, \"reason\": \"no relevant passages retrieved\"}",
    ])


def n_none_of_these(q, rng):
    if q.meta:
        return None
    return pick(rng, [
        "None of the options is correct.",
        "None of these answers is right; the question seems flawed.",
        "I don't think any of the four choices is correct.",
        "Actually, none of the above — the correct answer isn't listed.",
    ])


def n_all_of_above(q, rng):
    if q.meta:
        return None
    return pick(rng, ["All of the above.",
                      "All of these are correct.",
                      "All four options (A–D) are valid.",
                      "Answer: all of the above"])


def n_empty(q, rng):
    return pick(rng, ["", "   ", "\n\n", "<|im_end|>", "</s>", "{}",
                      "{\"answer\": null}", "<answer></answer>", "N/A"])


def n_cut_off(q, rng):
    j = rng.randrange(4)
    return pick(rng, [
        "Let's analyze each option.\n\nOption %s states that %s. This" % (LET[j], lower_first(q, snippet(q, j, 8))),
        "Step 1: Identify what %s is about. The question concerns" % pick(rng, TOPIC[q.domain]),
        "To answer this, we need to consider",
        "Option A says \"%s\". Option B says \"%s\". Option" % (snippet(q, 0, 5), snippet(q, 1, 5)),
        "Great question! There are several factors to weigh here. First,",
    ])


def n_echo_options(q, rng):
    form = rng.randrange(2)
    if form == 0:
        return "\n".join("%s. %s" % (LET[j], q.choices[j]) for j in range(4))
    return "Options:\n" + "\n".join("%s) %s" % (LET[j].lower(), q.choices[j]) for j in range(4))


NONE_STYLES = [
    ("refusal", n_refusal),
    ("dont_know", n_dont_know),
    ("docs_not_covered", n_docs_not_covered),
    ("none_of_these_nonchoice", n_none_of_these),
    ("all_of_the_above_nonchoice", n_all_of_above),
    ("empty_output", n_empty),
    ("cut_off_before_answer", n_cut_off),
    ("echo_options_only", n_echo_options),
]

# --------------------------------------------------------------------------
# unclear styles: f(q, x, y, rng) -> text or None   (x != y)
# --------------------------------------------------------------------------


def u_both_correct(q, x, y, rng):
    if q.meta:
        return None
    a, b = sorted([x, y])
    return pick(rng, [
        "Both %s and %s are correct." % (LET[a], LET[b]),
        "%s and %s are both defensible answers here." % (LET[a], LET[b]),
        "I'd say %s and %s — both apply." % (LET[a], LET[b]),
        "Answer: %s, %s" % (LET[a], LET[b]),
    ])


def u_conditional(q, x, y, rng):
    if q.domain == "tort":
        return pick(rng, [
            "It depends on the jurisdiction. Under the majority approach the answer would "
            "be %s, but in a jurisdiction following the minority rule it would be %s." % (LET[x], LET[y]),
            "If the court treats this as a negligence case, %s; if it applies strict "
            "liability, %s." % (LET[x], LET[y]),
        ])
    if q.domain == "ei":
        return pick(rng, [
            "If the relationship is close, %s is best; if not, I'd go with %s." % (LET[x], LET[y]),
            "That depends on the person: for someone confident, %s; otherwise %s." % (LET[x], LET[y]),
        ])
    if q.domain == "cs":
        return pick(rng, [
            "If we're talking about the textbook implementation, %s; with the optimised "
            "variant it's %s." % (LET[x], LET[y]),
            "Depends on the input: for nearly sorted data %s, in general %s." % (LET[x], LET[y]),
        ])
    return pick(rng, [
        "If losses are neglected, %s; otherwise %s." % (LET[x], LET[y]),
        "Wenn man idealisiert rechnet, %s; in der Realität eher %s." % (LET[x], LET[y]),
    ])


def u_letter_text_mismatch(q, x, y, rng):
    ty = strip_end(q.choices[y])
    return pick(rng, [
        "The answer is %s: %s." % (LET[x], ty),
        "Correct option: (%s) \"%s\"" % (LET[x], ty),
        "%s. %s" % (LET[x], ty),
    ])


def u_json_conflict(q, x, y, rng):
    form = rng.randrange(2)
    if form == 0:
        o = {"answer": LET[x], "answer_text": strip_end(q.choices[y])}
    else:
        o = {"choice": LET[x], "choice_index": y + 1, "index_base": 1}
    return json.dumps(o, ensure_ascii=False)


def u_torn_two(q, x, y, rng):
    a, b = sorted([x, y])
    return pick(rng, [
        "I'm torn between %s and %s. Both have merit and I can't settle on one." % (LET[a], LET[b]),
        "It's either %s or %s, I can't be sure which." % (LET[a], LET[b]),
        "%s or %s — hard to say without more context." % (LET[a], LET[b]),
        "It could be %s, but %s is just as plausible." % (LET[x], LET[y]),
    ])


UNCLEAR_STYLES = [
    ("both_correct", u_both_correct),
    ("conditional_answer", u_conditional),
    ("letter_text_mismatch", u_letter_text_mismatch),
    ("json_conflict", u_json_conflict),
    ("torn_between_two", u_torn_two),
]

# --------------------------------------------------------------------------
# assembly
# --------------------------------------------------------------------------


def shuffled(seq, seed):
    s = list(seq)
    random.Random(seed).shuffle(s)
    return s


def take_style(queue, used, try_fn):
    """Round-robin: first style in queue not used for this question whose
    generator returns text; move it to the back of the queue."""
    for pos in range(len(queue)):
        name, fn = queue[pos]
        if name in used:
            continue
        text = try_fn(fn)
        if text is not None:
            queue.append(queue.pop(pos))
            return name, text
    raise RuntimeError("no applicable style")


def build(questions):
    n_total = len(questions) * REPLIES_PER_QUESTION
    n_none = int(round(n_total * 0.10))
    n_unc = int(round(n_total * 0.10))
    kinds = ["none"] * n_none + ["unclear"] * n_unc + ["letter"] * (n_total - n_none - n_unc)
    kinds = shuffled(kinds, "blind6|kinds")
    n_letter = n_total - n_none - n_unc
    n_wrong = int(round(n_letter * 0.40))
    wrongs = shuffled([True] * n_wrong + [False] * (n_letter - n_wrong), "blind6|wrong")

    lq = shuffled(LETTER_STYLES, "blind6|lq")
    nq = shuffled(NONE_STYLES, "blind6|nq")
    uq = shuffled(UNCLEAR_STYLES, "blind6|uq")

    rows = []
    serial = 0
    k = 0
    w = 0
    for q in questions:
        used = []
        key = LET.index(q.key)
        for slot in range(REPLIES_PER_QUESTION):
            kind = kinds[k]
            k += 1
            serial += 1
            rng = random.Random("blind6|reply|%s|%d|%d" % (q.set, q.line, slot))
            if kind == "letter":
                wrong = wrongs[w]
                w += 1
                target = pick(rng, others(key)) if wrong else key
                name, text = take_style(
                    lq, used, lambda fn: fn(q, target, random.Random(
                        "blind6|text|%s|%d|%d|%s" % (q.set, q.line, slot, fn.__name__))))
                meant = LET[target]
            elif kind == "none":
                name, text = take_style(
                    nq, used, lambda fn: fn(q, random.Random(
                        "blind6|text|%s|%d|%d|%s" % (q.set, q.line, slot, fn.__name__))))
                meant = "none"
            else:
                x, y = rng.sample(range(4), 2)
                name, text = take_style(
                    uq, used, lambda fn: fn(q, x, y, random.Random(
                        "blind6|text|%s|%d|%d|%s" % (q.set, q.line, slot, fn.__name__))))
                meant = "unclear"
            used.append(name)
            rows.append((q, name, text, meant, serial))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    questions = load_questions(args.wheel)
    rows = build(questions)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        for q, style, text, meant, serial in rows:
            rec = {
                "set": q.set,
                "id": "%s-L%d-%04d" % (q.set, q.line, serial),
                "choices": list(q.choices),
                "style": style,
                "reply": text,
                "meant": meant,
            }
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    sys.stderr.write("wrote %d lines to %s\n" % (len(rows), args.out))


if __name__ == "__main__":
    main()
