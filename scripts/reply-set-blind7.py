#!/usr/bin/env python3
"""Blind reply set 7 for the reply reader: prose replies to four-choice questions.

Usage:
    python3 scripts/reply-set-blind7.py WHEEL [--out PATH]

WHEEL is the PyPI wheel evals-3.0.1.post1-py3-none-any.whl
(python3 -m pip download --no-deps evals==3.0.1.post1 -d WHEEL_DIR).
The default output is crates/exam/tests/data/replies-blind7.jsonl.

Questions come from three sets of the wheel's registry (EXAMS-style school and vocational
exams in Portuguese, Polish and Italian); the replies imitate how chat assistants, RAG
products and vendors' endpoints answer such questions in prose (mostly English, some in the
question's language). Each reply is labelled with the choice its writer meant ("A"-"D"),
"none" (no answer given) or "unclear" (no single choice committed to).

Python 3 standard library only; deterministic (fixed seeds).
"""
import argparse
import collections
import json
import os
import random
import re
import sys
import unicodedata
import zipfile

LETTERS = "ABCD"

# ----------------------------------------------------------------------------------------------
# Questions
# ----------------------------------------------------------------------------------------------

SETS = [
    ("portuguese-exams-qa", "evals/registry/data/portuguese-exams-qa/samples.jsonl", 7101),
    ("polish-exams-qa", "evals/registry/data/polish-exams-qa/samples.jsonl", 7102),
    ("italian-exams-qa", "evals/registry/data/italian-exams-qa/samples.jsonl", 7103),
]
PER_SET = 52
MAX_BLANK_PAIRS = 5  # fill-in-the-blank pairs ("x … y") per set

BAD_CHOICE = re.compile(
    r"\b(all|none|both|neither)\b.*\b(above|other|options|answers|these)\b|\babove\b"
    r"|todas as (anteriores|opções|afirmações)|nenhuma d|wszystkie (powyższe|odpowiedzi)"
    r"|żadn[aey] z|tutte le (precedenti|risposte|opzioni)|nessuna delle|entrambe|ambas|obie"
    r"|anteriores|powyższ|precedenti",
    re.I,
)
POLISH_OK = set("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ„”—–°’²÷")
LABELISH = re.compile(
    r"(?i)^(apenas|só|somente|tylko|solo|soltanto)?\s*\(?([A-E]|I{1,3}|IV|V|VI{0,3}|[1-9])\)?"
    r"([\s,.;]+(e|i|oraz|and|ed|,)?\s*\(?([A-E]|I{1,3}|IV|V|VI{0,3}|[1-9])\)?)*\.?$"
)
STATEMENT_COMBO = re.compile(r"[1-4](\s*(,|e|i|and)\s*[1-4])*\s+(é|são|sono|è|jest|są)\b")
CROATIAN = re.compile(r"(?i)\b(koj\w*|navedenih|je|od|što|kako|zašto|tko)\b")


def user_text(o):
    return "\n".join(m["content"] for m in o["input"] if m.get("role") == "user")


def parse(t):
    """Stem and the four choices of an EXAMS prompt ("...\\nA. x\\nB. y\\nC. z\\nD. w\\nAnswer:")."""
    m = re.search(
        r"\nA\.\s(.*?)\s*\nB\.\s(.*?)\s*\nC\.\s(.*?)\s*\nD\.\s(.*?)\s*\n\s*Answer:\s*$", t, re.S
    )
    if not m:
        return None
    ch = [x.strip() for x in m.groups()]
    if any("\n" in c for c in ch):
        return None
    return t[: m.start()].strip(), ch


def key_of(o):
    k = o.get("ideal")
    if isinstance(k, list):
        if len(k) != 1:
            return None
        k = k[0]
    if not isinstance(k, str):
        return None
    m = re.fullmatch(r"\s*\[?([A-D])\]?\s*", k)
    return m.group(1) if m else None


def weird(s, setname):
    for c in s:
        o = ord(c)
        if 0xE000 <= o <= 0xF8FF or unicodedata.combining(c) or c in "‾\ufffd":
            return True
        if setname.startswith("polish") and o > 127 and c not in POLISH_OK:
            return True  # mojibake from the PDF extraction (Ċ, Ğ, Ī, á ...)
    return False


def usable(setname, stem, ch):
    if len({c.casefold() for c in ch}) != 4:
        return False
    if weird(stem, setname):
        return False
    if setname.startswith("italian") and CROATIAN.search(stem):
        return False  # a few items of the Italian set are in Croatian
    for c in ch:
        if not c or len(c) > 100 or len(c) < 2 or weird(c, setname):
            return False
        if BAD_CHOICE.search(c) or LABELISH.fullmatch(c):
            return False
        if re.match(r"[A-Z] [a-z]", c):  # broken words ("Q uando")
            return False
        if re.search(r"[`^|\\]", c):  # garbled logic formulas
            return False
        if STATEMENT_COMBO.match(c):  # "1 e 2 são verdadeiras" refers to numbered statements
            return False
    low = [c.casefold().rstrip(".") for c in ch]
    for i in range(4):
        for j in range(4):
            if i != j and re.search(r"(?<!\w)" + re.escape(low[i]) + r"(?!\w)", low[j]):
                return False  # one choice inside another would make text mentions ambiguous
    return True


def load_questions(wheel):
    z = zipfile.ZipFile(wheel)
    out = []
    for setname, path, seed in SETS:
        raw = z.read(path).decode("utf-8").splitlines()
        if raw and raw[0].startswith("version https://git-lfs"):
            raise SystemExit("git-lfs pointer, not data: " + path)
        pool = []
        for ln, line in enumerate(raw, 1):
            if not line.strip():
                continue
            o = json.loads(line)
            p = parse(user_text(o))
            k = key_of(o)
            if not p or not k:
                continue
            stem, ch = p
            if usable(setname, stem, ch):
                pool.append(dict(set=setname, id="%s-%05d" % (setname, ln), stem=stem,
                                 choices=ch, key=k))
        r = random.Random(seed)
        r.shuffle(pool)
        sel, blank = [], 0
        for q in pool:
            if any("…" in c for c in q["choices"]):
                if blank >= MAX_BLANK_PAIRS:
                    continue
                blank += 1
            sel.append(q)
            if len(sel) == PER_SET:
                break
        sel.sort(key=lambda q: q["id"])
        out.append((setname, len(pool), sel))
    return out


# ----------------------------------------------------------------------------------------------
# Hand-written English paraphrases (translations) of one choice of some questions.
# (id, meant letter, paraphrase). The paraphrase names the meant choice in other words;
# none of them is a literal copy of the choice.
# ----------------------------------------------------------------------------------------------

PARAPHRASES = [
    ("portuguese-exams-qa-00072", "D", "the boundary between the mantle and the outer core"),
    ("portuguese-exams-qa-00077", "D", "Escherichia being the genus, with coli as the species"),
    ("portuguese-exams-qa-00102", "B", "the decarboxylation of organic molecules"),
    ("portuguese-exams-qa-00204", "A", "fatty acids"),
    ("portuguese-exams-qa-00229", "A", "an increase in how much water is reabsorbed"),
    ("portuguese-exams-qa-00420", "B", "book money, i.e. money held as bank deposit entries"),
    ("portuguese-exams-qa-00444", "D", "a purely hypothetical scenario rather than a real one"),
    ("portuguese-exams-qa-00481", "A", "that the conclusion does not follow from the premises"),
    ("portuguese-exams-qa-00555", "C", "the Maastricht Treaty"),
    ("portuguese-exams-qa-00623", "B", "the ports of Leixões and Sines"),
    ("portuguese-exams-qa-00679", "C", "suburbanisation"),
    ("portuguese-exams-qa-00708", "A", "photoautotrophs (they make their food using light)"),
    ("portuguese-exams-qa-00717", "B", "a steadily stronger greenhouse effect"),
    ("polish-exams-qa-00088", "A", "foot baths alternating between warm and cold water"),
    ("polish-exams-qa-00092", "C", "introduction, then growth, then maturity and finally decline"),
    ("polish-exams-qa-00337", "A", "a soldering iron"),
    ("polish-exams-qa-00643", "C", "milked beforehand"),
    ("polish-exams-qa-00700", "A", "in spring, just before planting"),
    ("polish-exams-qa-00805", "C", "lard turning rancid"),
    ("polish-exams-qa-00949", "D", "an injury to the collarbones"),
    ("polish-exams-qa-00981", "D", "art therapy"),
    ("polish-exams-qa-01012", "D", "from the very first days after the baby is born"),
    ("polish-exams-qa-01155", "A", "repacking the instruments in fresh packaging and sterilising them again"),
    ("polish-exams-qa-01231", "B", "molybdenum"),
    ("polish-exams-qa-01383", "C", "a urine bottle (the male urinal)"),
    ("polish-exams-qa-01562", "B", "the guest registration card"),
    ("italian-exams-qa-00033", "A", "diffraction of light"),
    ("italian-exams-qa-00087", "A", "tropical rainforest"),
    ("italian-exams-qa-00094", "B", "the province of Alberta"),
    ("italian-exams-qa-00248", "B", "inside the seminiferous tubules of the testes"),
    ("italian-exams-qa-00265", "B", "eighty days"),
    ("italian-exams-qa-00383", "C", "water leaving the bacterial cells by diffusion"),
    ("italian-exams-qa-00479", "C", "Carchemish"),
    ("italian-exams-qa-00482", "C", "Aeneas"),
    ("italian-exams-qa-00529", "A", "gentrification"),
    ("italian-exams-qa-00742", "D", "the hard drive"),
    ("italian-exams-qa-00799", "B", "a sprain of the joint"),
    ("italian-exams-qa-00964", "C", "producing speech"),
]

# ----------------------------------------------------------------------------------------------
# Reply writing helpers
# ----------------------------------------------------------------------------------------------

REASONS = [
    "The key here is to separate what is generally true from what the question actually asks.",
    "This is a standard exam item, so the textbook definition should decide it.",
    "Several options are partly true, so it comes down to which one is the most precise.",
    "The distractors mix up closely related terms, which is a common trap in this kind of question.",
    "A quick way to check is to compare each option with the standard definition.",
    "The wording matters: the question asks about the main mechanism, not a side effect.",
    "I compared the options with what the curriculum normally teaches on this topic.",
    "Both halves of the statement have to be true, which rules out most of the options.",
    "It helps to think about cause and effect here rather than just matching keywords.",
    "Exam questions like this usually hinge on one precise term.",
]
BAD = [
    "mixes up two related concepts",
    "is too general to be what the question is after",
    "describes the opposite effect",
    "is only true in special cases",
    "doesn't match the standard definition",
    "confuses cause and effect",
    "is a typical distractor without real support",
    "refers to a different process altogether",
    "gets one half right but the other half wrong",
]
GOOD = [
    "matches the standard definition",
    "is the only option consistent with the facts",
    "is what the curriculum teaches for this case",
    "fits every part of the question",
    "is the textbook answer",
    "is fully consistent with the underlying principle",
]
ORD_WORD = {"A": "first", "B": "second", "C": "third", "D": "fourth"}
ORD_NUM = {"A": "1", "B": "2", "C": "3", "D": "4"}
SOURCES = {
    "portuguese-exams-qa": [
        "Manual de Biologia e Geologia, 11.º ano, cap. 3",
        "exame_nacional_resumos.pdf, p. 14",
        "Economia A — apontamentos de aula (chunk 7)",
        "Geografia A: guia de estudo, secção 2.4",
    ],
    "polish-exams-qa": [
        "Materiały do egzaminu zawodowego, rozdz. 5",
        "kwalifikacja_notatki.pdf, s. 22",
        "Podręcznik do kształcenia zawodowego (fragment 3)",
        "Informator o egzaminie — przykładowe zadania",
    ],
    "italian-exams-qa": [
        "Manuale di biologia, cap. 7",
        "appunti_lezione_12.pdf, p. 4",
        "Dispensa per l'esame di maturità (chunk 9)",
        "Sintesi di storia e geografia, sez. 2",
    ],
}
COMMON_SOURCES = [
    "Study notes — exam preparation (retrieved chunk #3)",
    "course_handbook.pdf, p. 31",
    "Lecture slides, week 6",
    "Knowledge base article KB-1042",
]


class Q:
    """Per-reply context: the question, the meant letter and a random generator."""

    def __init__(self, q, m, r):
        self.q, self.m, self.r = q, m, r
        self.ch = dict(zip(LETTERS, q["choices"]))

    def others(self, n, exclude=()):
        pool = [x for x in LETTERS if x != self.m and x not in exclude]
        return self.r.sample(pool, n)

    def t(self, x):
        return self.ch[x]

    def tn(self, x):
        """Choice text for use inside a sentence (no final period)."""
        return self.ch[x].rstrip(".").rstrip()

    def reason(self, n=1):
        return " ".join(self.r.sample(REASONS, n))

    def bad(self):
        return self.r.choice(BAD)

    def good(self):
        return self.r.choice(GOOD)

    def low(self, x):
        """Lower-case letter for prose; 'a' is written '(a)' so it cannot read as an article."""
        return "(a)" if x == "A" else x.lower()

    def src(self, n):
        pool = SOURCES[self.q["set"]] + COMMON_SOURCES
        return self.r.sample(pool, n)


class Skip(Exception):
    """The template does not apply to this question."""


def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


ARTICLE = re.compile(r"^(a|o|as|os|à|ao|aos|às|um|uma|il|lo|la|le|i|gli|l’|un|una|uno)\s*(?=\w)", re.I)


def alterations(text, r):
    """Small alterations a writer might make when retyping a choice."""
    out = []
    if text.endswith("."):
        out.append(text[:-1])
    if text != text.lower() and not re.fullmatch(r"[A-Z0-9-]{1,5}", text):  # keep acronyms ("HM")
        out.append(text.lower().rstrip("."))
    if ARTICLE.match(text) and len(ARTICLE.sub("", text)) > 3:
        t = ARTICLE.sub("", text).rstrip(".")
        out.append(t[0].upper() + t[1:])
    if strip_accents(text) != text:
        out.append(strip_accents(text).rstrip("."))
    words = [w for w in re.findall(r"[^\W\d_]{6,}", text)]
    if words:
        w = r.choice(words)
        i = r.randrange(1, len(w) - 2)
        typo = w[:i] + w[i + 1] + w[i] + w[i + 2:]
        if typo != w:
            out.append(text.replace(w, typo, 1).rstrip("."))
    if text[:1].islower():
        out.append(text[0].upper() + text[1:].rstrip("."))
    return [o for o in out if o and o != text]


def jdump(obj, indent=None):
    return json.dumps(obj, ensure_ascii=False, indent=indent)


# ----------------------------------------------------------------------------------------------
# Styles. Each template takes a context c (Q) and returns the reply text; c.m is the meant
# letter (None for "none" styles; for "unclear" the template picks two letters itself).
# ----------------------------------------------------------------------------------------------

def bare_letter(c):
    m = c.m
    return c.r.choice([
        m, m.lower(), m + ".", "(" + m + ")", "**" + m + "**", m.lower() + ")", "[" + m + "]",
        m + ")", " " + m + "\n",
    ])


def answer_label(c):
    m = c.m
    return c.r.choice([
        "Answer: " + m,
        "Correct answer: (" + m.lower() + ")",
        "ANSWER: " + m,
        "Answer — " + m,
        "Selected option: " + m,
        "Correct option: " + m + ".",
        "answer: " + m.lower(),
    ])


def answer_is(c):
    m = c.m
    return c.r.choice([
        "The answer is " + m + ".",
        "The correct answer is (" + m + ").",
        "The right answer here is " + c.low(m) + ".",
        "The best answer is " + m + ".",
        "The answer should be " + m + ".",
        "The correct answer is " + m + ". " + c.reason(),
        "I believe the correct answer is " + m + ".",
    ])


def option_word(c):
    m = c.m
    return c.r.choice([
        "Option " + m,
        "Choice " + m + ".",
        "Option (" + m.lower() + ") is correct.",
        "Go with option " + m + ".",
        "It's option " + m + ".",
        "Choice " + m.lower() + " is the correct one.",
        "The correct option is option " + m + ".",
    ])


def json_reply(c):
    m = c.m
    k = c.r.randrange(7)
    if k == 0:
        return jdump({"answer": m})
    if k == 1:
        return jdump({"answer": m.lower(), "confidence": c.r.choice([0.55, 0.62, 0.72, 0.81, 0.9])})
    if k == 2:
        return "```json\n" + jdump({"answer": m, "reasoning": c.reason()}, indent=2) + "\n```"
    if k == 3:
        return jdump({"choice": m, "text": c.t(m)})
    if k == 4:
        return jdump({"selected_option": m, "explanation": "The option " + c.good() + "."})
    if k == 5:
        return jdump({"correct_answer": "(" + m + ")"})
    return "```\n" + jdump({"question_type": "multiple_choice", "answer": m, "score": None},
                           indent=2) + "\n```"


def reasoning_final(c):
    m = c.m
    x = c.others(1)[0]
    y = c.others(1, exclude=(x,))[0]
    body = c.r.choice([
        c.reason(2),
        c.reason() + " Option " + x + " " + c.bad() + ", whereas option " + m + " " + c.good() + ".",
        "“" + c.tn(x) + "” " + c.bad() + ". “" + c.tn(m) + "” " + c.good() + ".",
        c.reason() + " The remaining candidates each have a flaw, and only one survives a careful check.",
        "Step 1: identify what is being asked. Step 2: check each option. “" + c.tn(x) + "” "
        + c.bad() + ", and “" + c.tn(y) + "” " + c.bad() + ". That points to “" + c.tn(m) + "”.",
        c.reason() + " Reading the options carefully, " + c.tn(m) + " is the one that " + c.good()
        + "; " + c.tn(x) + " " + c.bad() + ".",
    ])
    final = c.r.choice([
        "Final answer: " + m,
        "**Answer:** " + m,
        "So the answer is " + m + ".",
        "Therefore, the correct option is (" + m + ").",
        "Answer: " + m,
        "That makes **" + m + " (" + c.tn(m) + ")** the answer.",
        "Final answer: **" + m.lower() + "**",
        "[" + m + "]",
        "The correct choice is [" + m + "].",
    ])
    return body + "\n\n" + final


def letter_with_text(c):
    m, t = c.m, c.t(c.m)
    return c.r.choice([
        m + ") " + t,
        m + ". " + t,
        "**" + m + ". " + t + "**",
        "(" + m.lower() + ") " + t,
        m + " – " + t,
        m + ": " + t,
        "The answer is " + m + ": " + t,
    ])


def text_exact(c):
    t = c.t(c.m)
    opts = [t, "**" + t + "**", t + "\n", "Answer: " + t, "Correct answer: " + t]
    if not t.endswith("."):
        opts.append(t + ".")
    return c.r.choice(opts)


def text_altered(c):
    t = c.t(c.m)
    alts = alterations(t, c.r)
    c.r.shuffle(alts)
    for a in alts:
        frames = [a, "Answer: " + a, "It's " + a + ".", "The correct one is " + a, a + "."]
        c.r.shuffle(frames)
        for reply in frames:
            if t not in reply:  # the exact choice text must not survive the alteration
                return reply
    raise Skip()


def letter_in_prose(c):
    m = c.m
    return c.r.choice([
        "I'd go with (" + m + ").",
        "My pick is " + c.low(m) + ".",
        "I'm going with " + m + " on this one.",
        "I would choose option " + c.low(m) + " here.",
        m + " seems right to me.",
        "Going with " + m + ".",
        "If I had to answer, I'd say " + m + ".",
        "I'll take " + m + ".",
    ])


def ordinal(c):
    m = c.m
    opts = [
        "The " + ORD_WORD[m] + " option.",
        "Option " + ORD_NUM[m] + ".",
        "I'd pick the " + ORD_WORD[m] + " choice.",
        "It's the " + ORD_WORD[m] + " one.",
        "The " + ORD_WORD[m] + " answer is correct.",
        "Answer #" + ORD_NUM[m],
    ]
    if m == "A":
        opts += ["The first one listed is correct.", "The very first option."]
    if m == "D":
        opts += ["It's the last one.", "The last option is correct."]
    return c.r.choice(opts)


def negation(c):
    m = c.m
    x = c.others(1)[0]
    return c.r.choice([
        "Not " + x + " — the answer is " + m + ".",
        "It isn't “" + c.tn(x) + "”; it's “" + c.tn(m) + "”.",
        "Definitely not " + x + ". I'd say " + m + ".",
        "Not " + x + "! The correct option is " + m + ", because it " + c.good() + ".",
        "No, it's not " + x + " — the documentation says " + c.tn(m) + ", which is option " + m + ".",
        "It's not " + c.tn(x) + ". The right answer is " + m + ") " + c.t(m),
    ])


def contrast(c):
    m = c.m
    x = c.others(1)[0]
    return c.r.choice([
        "While option " + x + " might seem plausible, the correct answer is " + m + ".",
        "“" + c.tn(x) + "” is tempting, but “" + c.tn(m) + "” is the better answer.",
        "At first glance " + x + " looks right, but it's actually " + m + ".",
        "Although " + c.tn(x) + " sounds reasonable, the correct choice is " + c.tn(m) + ".",
        "Option " + x + " is a common trap here; the answer is really " + m + ".",
        "It may look like " + x + ", however " + m + " is correct: it " + c.good() + ".",
    ])


def wrong_right(c):
    m = c.m
    x = c.others(1)[0]
    return c.r.choice([
        x + " is wrong; " + m + " is right.",
        "Option " + x + " is incorrect — option " + m + " is correct.",
        "❌ " + x + "\n✅ " + m,
        x + ": false. " + m + ": true.",
        "Option " + x + " is a distractor; option " + m + " is the right one.",
        "“" + c.tn(x) + "” is incorrect. “" + c.tn(m) + "” is correct.",
    ])


def several_named(c):
    m = c.m
    x = c.others(1)[0]
    return c.r.choice([
        "Both " + x + " and " + m + " are possible; I'd pick " + m + ".",
        "Between " + min(x, m) + " and " + max(x, m) + ", " + m + " fits better.",
        "It comes down to " + x + " or " + m + ", and " + m + " is more accurate.",
        x + " and " + m + " both look reasonable, but " + m + " is the better answer.",
        "I narrowed it to " + m + " and " + x + "; final choice: " + m + ".",
        "I'd pick " + m + " over " + x + ".",
        "“" + c.tn(x) + "” and “" + c.tn(m) + "” are both defensible, but “" + c.tn(m)
        + "” is what the exam wants.",
    ])


def elimination(c):
    m = c.m
    x1, x2, x3 = sorted(c.others(3))
    k = c.r.randrange(6)
    if k == 0:
        return (x1 + " is out because it " + c.bad() + ". " + x2 + " is wrong since it " + c.bad()
                + ". " + x3 + " doesn't fit either. That leaves " + m + ".")
    if k == 1:
        return "Eliminating " + x1 + ", " + x2 + " and " + x3 + ", the remaining option is " + m + "."
    if k == 2:
        return "By elimination: not " + x1 + ", not " + x2 + ", not " + x3 + " → " + m
    if k == 3:
        return ("We can rule out " + x1 + " and " + x2 + " immediately; " + x3 + " " + c.bad()
                + ". So the only remaining candidate is “" + c.tn(m) + "”.")
    if k == 4:
        return (x1 + ", " + x2 + " and " + x3 + " can all be ruled out, so the remaining option"
                " must be the correct one.")
    return ("Option " + x1 + " " + c.bad() + ". Option " + x3 + " " + c.bad() + ". Option " + x2
            + " " + c.bad() + ". Only " + m + " is left, and it " + c.good() + ".")


def hedged(c):
    m = c.m
    return c.r.choice([
        "Probably " + m + ", but I'm not certain.",
        "I think it might be " + m + ".",
        "Not 100% sure, but I'd lean towards " + m + ".",
        "My best guess is (" + m.lower() + "), though I could be wrong.",
        "It's likely " + m + " — low confidence on this one.",
        "Hmm, I'd say " + m + "? The question is tricky.",
        "I believe it's " + m + ", but you may want to double-check.",
    ])


def markdown(c):
    m = c.m
    k = c.r.randrange(6)
    if k == 0:
        return "## Answer\n\n**" + m + "** — " + c.t(m) + "\n\n### Why\n" + c.reason()
    if k == 1:
        return "- **Correct option:** " + m + "\n- **Reason:** the option " + c.good() + "."
    if k == 2:
        rows = "\n".join("| " + x + " | " + ("✅ correct" if x == m else "❌") + " |" for x in LETTERS)
        return "| Option | Verdict |\n|---|---|\n" + rows
    if k == 3:
        return "\n".join(("✅ " if x == m else "❌ ") + x + ") " + c.t(x) for x in LETTERS)
    if k == 4:
        return "**Correct answer: " + m + ") " + c.t(m) + "**\n\n> " + c.reason()
    return "### Final Answer\n\n> **(" + m.lower() + ")**"


def rag_citations(c):
    m = c.m
    s = c.src(3)
    src = "\n".join("[%d] %s" % (i + 1, x) for i, x in enumerate(s))
    k = c.r.randrange(5)
    if k == 0:
        return ("Based on the provided documents, the correct answer is **" + m + "** [1][2].\n\n"
                "The retrieved material describes this as " + c.tn(m) + " [1].\n\n**Sources:**\n" + src)
    if k == 1:
        return ("According to [2], the relevant point is “" + c.tn(m) + "”. Therefore the answer is option "
                + m + ".\n\nSources:\n" + src)
    if k == 2:
        return ("The retrieved context indicates " + c.tn(m) + " [1][3].\n\nAnswer: " + m
                + "\n\nReferences\n" + src)
    if k == 3:
        return "Answer: (" + m + ") " + c.t(m) + " [1][3]\n\nSources:\n" + "\n".join(
            "%d. %s" % (i + 1, x) for i, x in enumerate(s))
    return ("From the knowledge base: option " + m + " is supported by [2], while the other options are"
            " not mentioned in the sources.\n\n---\nSources: " + "; ".join(s))


def quoted_text(c):
    t = c.t(c.m)
    tn = c.tn(c.m)
    return c.r.choice([
        "The answer is \"" + tn + "\".",
        "“" + t + "”",
        "I'd say «" + tn + "».",
        "Correct: '" + tn + "'",
        "> " + t + "\n\nThat's the right option.",
        "The correct choice reads: \"" + t + "\"",
    ])


def support_bot(c):
    m = c.m
    return c.r.choice([
        "Thanks for your question! 😊 The correct answer is **" + m + "**. Let me know if you need anything else!",
        "Hi there! Great question. Based on the information available, the right option is " + m + ") "
        + c.t(m) + "\n\nIs there anything else I can help you with today?",
        "Hello! I'd be happy to help. The answer you're looking for is option " + m + ". Have a wonderful day!",
        "Thank you for reaching out. After reviewing the options, we recommend choice " + m + " (\""
        + c.tn(m) + "\"). If you have further questions, our team is here to help.",
        "Sure thing! 👍 It's **" + m + "**. Good luck with your exam!",
        "Great question! The correct answer is " + m + ". I hope this helps — feel free to ask if anything is unclear.",
    ])


def think_block(c):
    m = c.m
    x, y = c.others(2)
    k = c.r.randrange(5)
    inner = c.r.choice([
        "Option " + x + " says “" + c.tn(x) + "” — that " + c.bad() + ". " + y + " could work... no, it "
        + c.bad() + ". " + m + " " + c.good() + ". So " + m + ".",
        "Let me check each. " + x + "? Unlikely. " + y + "? Hmm, maybe, but it " + c.bad() + ". " + m
        + " fits best.",
        "The user wants a single letter. I was thinking " + x + " at first, but " + m + " " + c.good()
        + ". " + y + " is a distractor. Going with " + m + ".",
        "Okay, which one is it? " + x + " and " + m + " both touch on relevant ideas. " + x + " "
        + c.bad() + ". " + m + " " + c.good() + ". " + y + " can be dismissed. Answer " + m + ".",
        "Hmm. Could it be " + y + "? That " + c.bad() + ". What about " + m + "? Yes — it "
        + c.good() + ". Fairly confident: " + m + ".",
    ])
    final = ["The answer is " + m + ".", m, "**Answer: " + m + "**", m + ") " + c.t(m),
             "Final answer: " + m][k]
    return "<think>\n" + inner + "\n</think>\n\n" + final


def self_correction(c):
    m = c.m
    x = c.others(1)[0]
    return c.r.choice([
        x + ". Wait, no — it's " + m + ".",
        "The answer is " + x + ".\n\nActually, let me reconsider. Option " + x + " " + c.bad()
        + ". The correct answer is " + m + ".",
        "Initially I leaned towards " + x + ", but on reflection " + m + " is right.",
        "**" + x + "** — sorry, correction: **" + m + "**.",
        x + "... no, scratch that, " + m + ".",
        "I said " + x + " earlier, but that was a mistake. The correct option is " + m + ") " + c.t(m),
    ])


def artifacts(c):
    m = c.m
    return c.r.choice([
        m + "</s>",
        m + "<|im_end|>",
        "Answer: " + m + "<|endoftext|>",
        "\n".join([m] * c.r.choice([3, 4, 5])),
        ("The answer is " + m + ".") * 3,
        " " + m + "\n\n### Human:",
        "<|assistant|>\n" + m,
        "[" + m + "]<|eot_id|>",
        "Answer: " + m + "\nAnswer: " + m + "\nAnswer: " + m,
    ])


def long_explanation(c):
    m = c.m
    k = c.r.randrange(3)
    lines = []
    for x in LETTERS:
        v = c.good() if x == m else c.bad()
        if k == 0:
            lines.append("**" + x + ") " + c.t(x) + "** – this " + v + ".")
        elif k == 1:
            lines.append(x + ". “" + c.tn(x) + "”: " + ("correct, it " if x == m else "no, it ") + v + ".")
        else:
            lines.append("Option " + x + " (" + c.tn(x) + ") " + v + ".")
    head = c.r.choice(["Let's look at each option:", "Let me go through the options one by one.",
                       c.reason() + " Going through the options:"])
    tail = c.r.choice(["Therefore, the correct answer is **" + m + "**.",
                       "So the best answer is " + m + ".",
                       "Conclusion: " + m + ") " + c.t(m)])
    sep = "\n\n" if k == 2 else "\n"
    return head + "\n\n" + sep.join(lines) + "\n\n" + tail


def letter_then_why(c):
    m = c.m
    x = c.others(1)[0]
    return c.r.choice([
        m + ". " + c.tn(m) + " is correct because it " + c.good() + ".",
        m + " — because it " + c.good() + ".",
        "(" + m + ") This is the one: it " + c.good() + ", unlike " + x + ".",
        m + ", since the others each " + c.r.choice(["have a flaw", "miss part of the picture",
                                                     "contradict the definition"]) + ".",
        m + "\n\nExplanation: " + c.reason() + " Option " + x + " " + c.bad() + ".",
    ])


NATIVE = {
    "portuguese-exams-qa": [
        lambda c: "A resposta correta é a " + c.m + ".",
        lambda c: "Resposta: " + c.m + ") " + c.t(c.m),
        lambda c: "É a alternativa " + c.m + ".",
        lambda c: "Opção " + c.m + ": " + c.t(c.m),
        lambda c: "A opção correta é a " + c.m.lower() + ", porque as outras não se aplicam.",
    ],
    "polish-exams-qa": [
        lambda c: "Prawidłowa odpowiedź to " + c.m + ".",
        lambda c: "Odpowiedź: " + c.m + ". " + c.t(c.m),
        lambda c: "Poprawna odpowiedź: " + c.m,
        lambda c: "Wybieram odpowiedź " + c.m + " – " + c.t(c.m),
        lambda c: "Moim zdaniem poprawna jest odpowiedź " + c.m + ".",
    ],
    "italian-exams-qa": [
        lambda c: "La risposta corretta è la " + c.m + ".",
        lambda c: "Risposta: " + c.m + ") " + c.t(c.m),
        lambda c: "È l'opzione " + c.m + ": " + c.t(c.m),
        lambda c: "Direi " + c.m + ".",
        lambda c: "La risposta giusta è " + c.m.lower() + ", perché le altre non sono corrette.",
    ],
}


def native_language(c):
    return c.r.choice(NATIVE[c.q["set"]])(c)


def dont_know(c):
    return c.r.choice([
        "I don't know.",
        "I'm not sure what the correct answer is.",
        "I don't have enough information to answer this question confidently.",
        "Sorry, I don't know the answer to this one.",
        "I can't determine the answer from what I know.",
        "Unfortunately I'm unable to tell which option is correct.",
    ])


def not_in_context(c):
    return c.r.choice([
        "The provided context does not contain information to answer this question.",
        "I couldn't find anything about this in the documents you shared, so I can't pick an option.",
        "The retrieved documents don't cover this topic. I'm unable to answer based on the available sources.",
        "Based on the provided documents, there isn't enough information to determine the correct answer.",
        "None of the retrieved passages mention this, so I can't say which option is right.",
        "I'm sorry, the knowledge base has no article on this topic.",
    ])


def refusal(c):
    return c.r.choice([
        "I'm sorry, but I can't help with that.",
        "I can't assist with answering exam questions.",
        "Sorry, I'm not able to provide answers to test questions. I'd be happy to explain the "
        "underlying concepts instead.",
        "As an assistant meant to support learning, I can't complete exam questions for you.",
        "I'm unable to answer this request.",
    ])


def none_fit(c):
    return c.r.choice([
        "None of the options is correct.",
        "Actually, none of these answers is right — the question seems to be flawed.",
        "I don't think any of the four options is correct as written.",
        "None of the given choices fits; the correct answer isn't listed.",
        "All four options contain errors, so I can't select one.",
        "Neither A, B, C nor D is correct.",
    ])


def undecided(c):
    x, y = sorted(c.r.sample(LETTERS, 2))
    return c.r.choice([
        "It's either " + x + " or " + y + ".",
        x + " or " + y + " — I can't narrow it down further.",
        "I'm torn between " + x + " and " + y + "; both seem defensible.",
        "Could be " + x + ", could be " + y + ". Hard to say without more context.",
        "Either “" + c.tn(x) + "” or “" + c.tn(y) + "” — the question is ambiguous.",
    ])


def paraphrase_frame(r, p):
    return r.choice([
        p[0].upper() + p[1:] + ".",
        "I believe it's " + p + ".",
        "The correct answer is " + p + ".",
        "It would be " + p + ", if I remember the material correctly.",
        "Best fit: " + p + ".",
        "The answer here is " + p + " — the other options don't fit as well.",
    ])


# name -> (weight, meant kind, function); kind "letter" draws a meant letter,
# "none" and "unclear" are fixed labels.
STYLES = {
    "bare-letter": (5, "letter", bare_letter),
    "answer-label": (4, "letter", answer_label),
    "answer-is": (4, "letter", answer_is),
    "option-word": (3, "letter", option_word),
    "json": (3, "letter", json_reply),
    "reasoning-final": (5, "letter", reasoning_final),
    "letter-with-text": (4, "letter", letter_with_text),
    "text-exact": (3, "letter", text_exact),
    "text-altered": (3, "letter", text_altered),
    "letter-in-prose": (3, "letter", letter_in_prose),
    "ordinal": (3.5, "letter", ordinal),
    "negation": (3.5, "letter", negation),
    "contrast": (3.5, "letter", contrast),
    "wrong-right": (3, "letter", wrong_right),
    "several-named": (3.5, "letter", several_named),
    "elimination": (3.5, "letter", elimination),
    "hedged": (3, "letter", hedged),
    "markdown": (3.5, "letter", markdown),
    "rag-citations": (3, "letter", rag_citations),
    "quoted-text": (2.5, "letter", quoted_text),
    "support-bot": (2.5, "letter", support_bot),
    "think-block": (2.5, "letter", think_block),
    "self-correction": (2.5, "letter", self_correction),
    "artifacts": (2.5, "letter", artifacts),
    "long-explanation": (3.5, "letter", long_explanation),
    "letter-then-why": (2.5, "letter", letter_then_why),
    "native-language": (2, "letter", native_language),
    "dont-know": (2.3, "none", dont_know),
    "not-in-context": (2.3, "none", not_in_context),
    "refusal": (2.0, "none", refusal),
    "none-fit": (2.6, "none", none_fit),
    "undecided": (3.0, "unclear", undecided),
}
P_KEY = 0.40


# ----------------------------------------------------------------------------------------------
# Generation and validation
# ----------------------------------------------------------------------------------------------

def norm_words(s):
    return re.findall(r"\w+", s.casefold())


def stem_leak(stem, reply, choices, n=6):
    """True if n consecutive words of the stem appear in the reply (and not within a choice)."""
    sw = norm_words(stem)
    rtext = " " + " ".join(norm_words(reply)) + " "
    ctext = [" " + " ".join(norm_words(x)) + " " for x in choices]
    for i in range(len(sw) - n + 1):
        g = " " + " ".join(sw[i:i + n]) + " "
        if g in rtext and not any(g in ct for ct in ctext):
            return True
    return False


def generate(questions):
    para = collections.defaultdict(list)
    for qid, m, p in PARAPHRASES:
        para[qid].append((m, p))
    names = list(STYLES)
    weights = [STYLES[n][0] for n in names]
    rows = []
    for setname, _, sel in questions:
        for q in sel:
            r = random.Random("blind7|" + q["id"])
            n = r.choice([3, 3, 4, 4, 4]) if q["id"] not in para else r.choice([3, 4])
            seen, used = set(), set()
            for m, p in para.get(q["id"], []):
                reply = paraphrase_frame(r, p)
                rows.append(dict(set=setname, id=q["id"], choices=q["choices"], style="paraphrase",
                                 reply=reply, meant=m))
                seen.add(reply)
                used.add("paraphrase")
            tries = 0
            while len(seen) < n:
                tries += 1
                if tries > 200:
                    raise SystemExit("cannot fill " + q["id"])
                style = r.choices(names, weights)[0]
                if style in used:
                    continue
                w, kind, fn = STYLES[style]
                if kind == "letter":
                    m = q["key"] if r.random() < P_KEY else r.choice([x for x in LETTERS if x != q["key"]])
                else:
                    m = None
                c = Q(q, m, r)
                try:
                    reply = fn(c)
                except Skip:
                    continue
                if reply in seen or stem_leak(q["stem"], reply, q["choices"]):
                    continue
                seen.add(reply)
                used.add(style)
                meant = m if kind == "letter" else kind
                rows.append(dict(set=setname, id=q["id"], choices=q["choices"], style=style,
                                 reply=reply, meant=meant))
    return rows


FIELDS = ["set", "id", "choices", "style", "reply", "meant"]


def validate(path, questions):
    src = {q["id"]: q for _, _, sel in questions for q in sel}
    seen = set()
    rows = []
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            o = json.loads(line)
            assert list(o) == FIELDS, (ln, list(o))
            assert o["meant"] in ("A", "B", "C", "D", "none", "unclear"), ln
            q = src.get(o["id"])
            assert q is not None and q["set"] == o["set"], (ln, o["id"])
            assert o["choices"] == q["choices"] and len(o["choices"]) == 4, (ln, o["id"])
            assert all(isinstance(x, str) and x == x.strip() for x in o["choices"]), ln
            assert isinstance(o["reply"], str) and o["reply"].strip(), ln
            assert isinstance(o["style"], str) and o["style"], ln
            k = (o["id"], o["reply"])
            assert k not in seen, ("duplicate reply", ln)
            seen.add(k)
            assert not stem_leak(q["stem"], o["reply"], q["choices"]), ("stem text in reply", ln)
            rows.append(o)
    # every question has 3-4 replies
    per_q = collections.Counter(o["id"] for o in rows)
    assert all(3 <= v <= 4 for v in per_q.values()), per_q
    assert set(per_q) == set(src), "questions without replies"
    return rows


def report(rows, questions):
    print("questions:")
    for setname, pool, sel in questions:
        nrep = sum(1 for o in rows if o["set"] == setname)
        print("  %-22s usable %4d, chosen %d, replies %d" % (setname, pool, len(sel), nrep))
    print("replies: %d" % len(rows))
    st = collections.Counter(o["style"] for o in rows)
    print("styles (%d):" % len(st))
    for s, n in sorted(st.items(), key=lambda kv: (-kv[1], kv[0])):
        print("  %-18s %d" % (s, n))
    mc = collections.Counter(o["meant"] for o in rows)
    print("meant:", ", ".join("%s %d" % (k, mc[k]) for k in ["A", "B", "C", "D", "none", "unclear"]))
    key = {q["id"]: q["key"] for _, _, sel in questions for q in sel}
    lettered = [o for o in rows if o["meant"] in LETTERS]
    onkey = sum(1 for o in lettered if o["meant"] == key[o["id"]])
    print("lettered replies naming the key: %d of %d (%.1f%%)" % (onkey, len(lettered),
                                                                  100.0 * onkey / len(lettered)))
    print("none %.1f%%, unclear %.1f%%" % (100.0 * mc["none"] / len(rows), 100.0 * mc["unclear"] / len(rows)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                  "crates", "exam", "tests", "data",
                                                  "replies-blind7.jsonl"))
    a = ap.parse_args()
    questions = load_questions(a.wheel)
    ids = {q["id"] for _, _, sel in questions for q in sel}
    missing = [p[0] for p in PARAPHRASES if p[0] not in ids]
    if missing:
        raise SystemExit("paraphrase for a question not chosen: %s" % missing)
    rows = generate(questions)
    out = os.path.normpath(a.out)
    with open(out, "w", encoding="utf-8") as f:
        for o in rows:
            f.write(json.dumps({k: o[k] for k in FIELDS}, ensure_ascii=False) + "\n")
    rows = validate(out, questions)
    print("wrote %s" % out)
    report(rows, questions)


if __name__ == "__main__":
    main()
