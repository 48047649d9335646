#!/usr/bin/env python3
"""Write crates/exam/tests/data/replies-blind.jsonl: a blind held-out set of labelled prose replies.

Each line is one free-text reply an assistant might write to a four-choice question, with the
choice its writer meant ("A".."D"), "none" (no answer given) or "unclear" (no single choice).
The questions' choice texts come from three sets in the PyPI package evals 3.0.1.post1:
medmcqa, test_comp_sci and stats-tests. No question stem is written out, only the four choice
texts and the replies.

The set was written without reading the reply reader or the other reply sets.

Usage:
    python3 scripts/reply-set-blind.py WHEEL [--out PATH]

WHEEL is evals-3.0.1.post1-py3-none-any.whl
(`pip download --no-deps evals==3.0.1.post1 -d DIR`). Python 3 standard library only;
deterministic: the same wheel gives the same file.
"""

import argparse
import collections
import json
import os
import random
import re
import sys
import zipfile

SEED = 20250611
LETTERS = "ABCD"
DATA = "evals/registry/data/"
DEFAULT_OUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates", "exam",
                           "tests", "data", "replies-blind.jsonl"))

# --------------------------------------------------------------------------------------------
# Reading the questions from the wheel
# --------------------------------------------------------------------------------------------

BAD_CHOICE = re.compile(
    r"^\s*(none|all|both|neither|all of the above|none of the above|all are \w+|all the above|"
    r"any of the above)\b", re.I)


def read_jsonl(zf, path):
    text = zf.read(DATA + path).decode("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def parse_medmcqa(zf):
    out = []
    for i, s in enumerate(read_jsonl(zf, "medmcqa/samples.jsonl"), 1):
        user = s["input"][-1]["content"]
        m = re.search(r"\n\s*a\) (.*)\n\s*b\) (.*)\n\s*c\) (.*)\n\s*d\) (.*?)\s*$", user)
        subj = re.match(r"Subject: (.*)", user)
        if not m:
            continue
        ideal = s["ideal"].strip()
        key = ideal[0].upper()
        choices = list(m.groups())
        if key not in LETTERS or ideal[1:2] != ")" or \
                ideal[3:].strip() != choices[LETTERS.index(key)].strip():
            continue
        out.append({"set": "medmcqa", "id": "medmcqa-%05d" % i, "choices": choices, "key": key,
                    "topic": subj.group(1).strip() if subj else "medicine"})
    return out


def parse_comp_sci(zf):
    out, seen = [], set()
    for i, s in enumerate(read_jsonl(zf, "test_comp_sci/questions.jsonl"), 1):
        user = s["input"][-1]["content"]
        m = re.search(r"^(.*?)\s+a\)\s+(.*?)\s+b\)\s+(.*?)\s+c\)\s+(.*?)\s+d\)\s+(.*?)\s*$", user, re.S)
        if not m or user in seen:  # the source repeats some questions verbatim; keep the first
            continue
        seen.add(user)
        stem = m.group(1).lower()
        topic = "sorting algorithms" if "sort" in stem else "binary trees" if "tree" in stem \
            else "data structures"
        out.append({"set": "test-comp-sci", "id": "test-comp-sci-%05d" % i,
                    "choices": list(m.groups()[1:]), "key": s["ideal"].strip().upper(),
                    "topic": topic})
    return out


def parse_stats(zf):
    out = []
    for i, s in enumerate(read_jsonl(zf, "stats-tests/samples.jsonl"), 1):
        user = s["input"][-1]["content"]
        m = re.search(r"Answer Choices:\s*A:\s*(.*?)\s+B:\s*(.*?)\s+C:\s*(.*?)\s+D:\s*(.*?)\s*$",
                      user, re.S)
        if not m:
            continue
        out.append({"set": "stats-tests", "id": "stats-tests-%05d" % i, "choices": list(m.groups()),
                    "key": s["ideal"].strip().upper(), "topic": "statistics"})
    return out


def usable(q):
    """Four distinct, short, plain choices; no 'none of the above'-like choice; no letter-like choice."""
    ch = q["choices"]
    if len(q["key"]) != 1 or q["key"] not in LETTERS:
        return False
    norm = [c.strip().lower() for c in ch]
    if len(set(norm)) != 4 or any(not c for c in norm):
        return False
    for c in ch:
        if len(c) > 90 or any(x in c for x in "<>{}\n"):
            return False
        if BAD_CHOICE.match(c) or re.fullmatch(r"[a-dA-D]{1,4}", c.strip()):
            return False
    return True


def load_questions(wheel):
    zf = zipfile.ZipFile(wheel)
    med = [q for q in parse_medmcqa(zf) if usable(q)]
    cs = [q for q in parse_comp_sci(zf) if usable(q)]
    st = [q for q in parse_stats(zf) if usable(q)]
    rng = random.Random(4271)
    chosen = sorted(rng.sample(med, 88), key=lambda q: q["id"]) + cs + st
    return chosen


def source_choices(wheel):
    """Independent re-read of every choice list, for the final check."""
    zf = zipfile.ZipFile(wheel)
    out = {}
    for q in parse_medmcqa(zf) + parse_comp_sci(zf) + parse_stats(zf):
        out[q["id"]] = q["choices"]
    return out


# --------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------

def clean(text):
    """A choice text as it would sit inside a sentence (no trailing full stop)."""
    return text.strip().rstrip(".").strip()


def cap(text):
    """Capitalise a sentence-initial choice text when that is safe (plain lower-case word)."""
    if re.match(r"[a-z]{3,}", text):
        return text[0].upper() + text[1:]
    return text


def ambiguous_number(text):
    """A choice text like "3" could be read as the choice's position as well as its text."""
    return re.fullmatch(r"\s*[1-4]\s*", text) is not None


def is_small_number(text):
    return re.fullmatch(r"\s*[0-9]+(\.[0-9]+)?%?\s*", text) is not None


def norm(text):
    text = text.lower()
    text = re.sub(r"[^a-z0-9+\-^/()%]+", " ", text)
    return " ".join(text.split())


def lev(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def closest_is(text, choices, idx, margin=2):
    """True if text is clearly nearer to choices[idx] than to any other choice."""
    d = [lev(norm(text), norm(c)) for c in choices]
    return all(d[idx] + margin <= d[j] for j in range(4) if j != idx)


ORD = {"A": ["first", "first", "top"], "B": ["second"], "C": ["third", "second-to-last"],
       "D": ["fourth", "last", "final"]}
ORD_CAP = {"first": "First", "second": "Second", "third": "Third", "fourth": "Fourth",
           "last": "Last", "final": "Final", "top": "Top", "second-to-last": "Second-to-last"}
NUM = {"A": 1, "B": 2, "C": 3, "D": 4}

# --------------------------------------------------------------------------------------------
# Topic-flavoured sentence banks (no stem content; only the choice texts are filled in)
# --------------------------------------------------------------------------------------------

RIGHT = {
    "medmcqa": [
        "{T} is the classic textbook association here.",
        "This is a frequently tested fact, and the standard answer is {T}.",
        "{T} fits the underlying mechanism best.",
        "Most standard references list {T} for this.",
        "{T} is the one that matches the clinical picture.",
        "If you go by the usual teaching, it's {T}.",
        "The high-yield association to remember here is {T}.",
    ],
    "test-comp-sci": [
        "If you trace the algorithm through, you end up with {T}.",
        "{T} follows directly from how the structure is laid out.",
        "Working through the worst case gives {T}.",
        "By the standard definition, it's {T}.",
        "{T} is the result you'll find in most algorithms textbooks.",
        "A quick dry run on a small example confirms {T}.",
    ],
    "stats-tests": [
        "Given the design (how many groups, independent or repeated measures) and the type of data, {T} is the appropriate choice.",
        "{T} matches the combination of design and level of measurement here.",
        "The data and the design both point to {T}.",
        "{T} is the test you'd normally use for this kind of comparison.",
        "Looking at whether the same participants are measured more than once and at the scale of the outcome, {T} fits.",
    ],
}
WRONG = {
    "medmcqa": [
        "{OT} is a common distractor but belongs to a different picture.",
        "{OT} doesn't really fit what's being described.",
        "{OT} is associated with other conditions, not this one.",
        "{OT} is tempting, but it isn't the typical finding.",
        "{OT} can be ruled out on basic principles.",
        "{OT} is seen in a different setting.",
    ],
    "test-comp-sci": [
        "{OT} would only hold in a special case.",
        "{OT} is a common misconception.",
        "{OT} mixes this up with a different algorithm.",
        "{OT} doesn't match the definition.",
        "{OT} ignores the worst case.",
    ],
    "stats-tests": [
        "{OT} assumes a different design.",
        "{OT} would need different data (for example normally distributed interval scores).",
        "{OT} doesn't fit how the participants are grouped.",
        "{OT} answers a different kind of question.",
        "{OT} is for a different number of conditions.",
    ],
}
SOURCES = {
    "medmcqa": [
        "Robbins & Cotran Pathologic Basis of Disease, 10th ed.",
        "Harrison's Principles of Internal Medicine, 21st ed. (excerpt)",
        "{topic} lecture notes, week 6.pdf",
        "Park's Textbook of Preventive and Social Medicine, p. 212",
        "K. D. Tripathi, Essentials of Medical Pharmacology",
        "StatPearls [Internet], updated 2023",
        "uploaded_notes_{n}.pdf",
        "{topic} — revision handout (page 3)",
    ],
    "test-comp-sci": [
        "Cormen et al., Introduction to Algorithms, 3rd ed., ch. 6",
        "lecture-07-{slug}.pdf",
        "GeeksforGeeks — {topic} (archived page)",
        "course_notes_ds.md",
        "Sedgewick & Wayne, Algorithms, 4th ed.",
        "Wikipedia: {topic}",
    ],
    "stats-tests": [
        "Field, Discovering Statistics Using IBM SPSS, ch. 7",
        "stats_decision_tree.pdf",
        "Laerd Statistics — choosing the right test",
        "Howell, Statistical Methods for Psychology, 8th ed.",
        "PSY201 module handbook, section 4.2",
    ],
}

# medmcqa choice texts carry some broken spellings (letters lost in the source); a writer often
# spells the word properly. Used by the choice-text-noisy style.
REPAIRS = {
    "aery": "artery", "aretry": "artery", "aeriosus": "arteriosus", "ahritis": "arthritis",
    "aoa": "aorta", "inadveent": "inadvertent", "Intrapleuarl": "Intrapleural",
    "Progestrone": "Progesterone", "Keratoconjuctivitis": "Keratoconjunctivitis",
    "Adrenocoical": "Adrenocortical", "meningitits": "meningitis", "seperate": "separate",
    "remaning": "remaining", "Accomodative": "Accommodative", "Vasconstriction":
    "Vasoconstriction", "Self": "Shelf", "dleft": "d left", "Mkansasi": "M. kansasii",
    "Mmarinum": "M. marinum", "Mfortuitum": "M. fortuitum",
}

# --------------------------------------------------------------------------------------------
# Hand-written paraphrases: (question id, meant letter) -> reply
# --------------------------------------------------------------------------------------------

PARAPHRASES = [
    ("medmcqa-00002", "C", "It's cobalamin — plants don't make it, so strict vegans have to supplement."),
    ("medmcqa-00011", "B", "The organism behind botulism, C. botulinum."),
    ("medmcqa-00035", "B", "Get the film with the patient lying on their right side."),
    ("medmcqa-00046", "C", "Potassium."),
    ("medmcqa-00064", "B", "Succinylcholine."),
    ("medmcqa-00083", "C", "Roughly ninety-five percent — that's the mean plus or minus two standard deviations."),
    ("medmcqa-00097", "A", "The spike in luteinizing hormone is what triggers it."),
    ("medmcqa-00137", "B", "I'd say the yeast, i.e. the one that causes thrush."),
    ("medmcqa-00164", "D", "Both figures are high: lots of new cases and lots of existing cases."),
    ("medmcqa-00205", "D", "The cyanide-type picture, where the tissues can't use the oxygen that's delivered to them."),
    ("medmcqa-00226", "A", "The blind pouch at the very start of the large bowel, where the appendix hangs off."),
    ("medmcqa-00269", "C", "Phase I and II reactions make a drug more water-soluble so the kidneys can excrete it."),
    ("medmcqa-00289", "A", "Throttling — compressing the neck with the hands."),
    ("medmcqa-00297", "C", "The immune reaction that attacks the fellow (uninjured) eye after a penetrating injury."),
    ("medmcqa-00300", "A", "The atrioventricular node."),
    ("medmcqa-00023", "B", "The spirochete that causes syphilis."),
    ("medmcqa-00254", "C", "Artemisinin-based combination therapy."),
    ("medmcqa-00260", "C", "Carbon monoxide poisoning gives you exactly that."),
    ("medmcqa-00063", "D", "The hip is bent, moved away from the midline and turned inwards."),
    ("medmcqa-00116", "A", "Retinol."),
    ("medmcqa-00140", "D", "Lithium-type drugs, the ones used for bipolar disorder."),
    ("test-comp-sci-00010", "D", "Breadth-first traversal, going level by level."),
    ("test-comp-sci-00011", "C", "Quadratic time."),
    ("test-comp-sci-00012", "A", "Linear time."),
    ("test-comp-sci-00019", "B", "Constant extra space."),
    ("test-comp-sci-00001", "C", "At most two — a node can have none, one or two children."),
    ("stats-tests-00001", "B", "A rank-based test for two independent groups, the U test."),
    ("stats-tests-00002", "A", "Pearson's product-moment correlation coefficient."),
    ("stats-tests-00006", "D", "An unpaired t-test comparing the two separate groups."),
    ("stats-tests-00013", "A", "A paired-samples t-test."),
    ("stats-tests-00009", "A", "A chi-squared test of independence."),
]

# --------------------------------------------------------------------------------------------
# Reply context
# --------------------------------------------------------------------------------------------


DECKS = {}
DECK_RNG = random.Random(SEED + 1)


def article(word):
    return "an" if word[:1].lower() in "aeiou" else "a"


def mid(text):
    """A sentence-case choice text placed in the middle of a sentence."""
    first = text.split(" ")[0]
    if first in ("The", "A", "An", "Is", "It", "He", "No", "Yes", "Both", "Separate", "Usually",
                 "Leads", "More", "Good"):
        return text[0].lower() + text[1:]
    return text


def plain(*texts):
    """Texts that can be listed in a sentence without confusing where one ends ("x and y")."""
    return not any(re.search(r"\b(and|or|nor)\b|[,&;/]", t, re.I) for t in texts)


def fit(templates, fields, texts):
    """Drop templates that list choice texts in running prose when the texts are not plain."""
    if plain(*texts):
        return templates
    return [t for t in templates if not any("{%s}" % f in t for f in fields)]


class Ctx:
    def __init__(self, q, meant, rng, pair=None):
        self.q = q
        self.rng = rng
        self.set = q["set"]
        self.ch = q["choices"]
        self.meant = meant
        if meant is not None and meant in LETTERS:
            self.L = meant
            self.T = clean(self.ch[LETTERS.index(meant)])
            others = [x for x in LETTERS if x != meant]
        else:
            self.L = None
            self.T = None
            others = list(LETTERS)
        rng.shuffle(others)
        self.O = others
        self.pair = pair
        self.topic = q["topic"]

    def t(self, letter):
        return clean(self.ch[LETTERS.index(letter)])

    def pick(self, seq):
        """Draw from a shuffled deck kept per list, so templates are used evenly across the set."""
        key = tuple(x.__code__ if callable(x) else x for x in seq)
        deck = DECKS.get(key)
        if not deck:
            deck = list(range(len(seq)))
            DECK_RNG.shuffle(deck)
            DECKS[key] = deck
        return seq[deck.pop()]

    def wrongs(self, letters):
        """Distinct 'why it is wrong' sentences, one per letter."""
        bank = list(WRONG[self.set])
        self.rng.shuffle(bank)
        return [bank[i % len(bank)].format(OT=self.t(x)) for i, x in enumerate(letters)]

    def right(self):
        return self.pick(RIGHT[self.set]).format(T=self.T)

    def wrong(self, letter):
        """A 'why it is wrong' sentence, not repeating a frame already used in this reply."""
        used = self.__dict__.setdefault("_wused", [])
        bank = [w for w in WRONG[self.set] if w not in used] or list(WRONG[self.set])
        frame = self.rng.choice(bank)
        used.append(frame)
        return frame.format(OT=self.t(letter))

    def right_s(self):
        s = self.right()
        return s[0].upper() + s[1:] if re.match(r"[a-z]{3,}", s) else s

    def wrong_s(self, letter):
        s = self.wrong(letter)
        return s[0].upper() + s[1:] if re.match(r"[a-z]{3,}", s) else s

    def lt(self, letter=None):
        """Letter plus choice text, in one of many common layouts."""
        letter = letter or self.L
        t = self.t(letter)
        return self.pick([
            "{L}) {T}", "{L}. {T}", "({L}) {T}", "{L} – {T}", "{L}: {T}", "{L} ({T})",
            "{L} — {T}", "option {L}, {T}", "{l}) {T}",
        ]).format(L=letter, l=letter.lower(), T=t)

    def src(self, n):
        slug = self.topic.lower().replace(" ", "-")
        return self.pick(SOURCES[self.set]).format(topic=self.topic, n=n, slug=slug)


def J(value):
    return json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------------------------
# Styles. Each returns the reply text for a Ctx. Answer styles use c.L / c.T (the meant choice).
# --------------------------------------------------------------------------------------------


def s_bare_letter(c):
    return c.pick(["{L}", "{L}.", "({L})", "[{L}]", "**{L}**", "{L})", "{l}", "**({L})**", "`{L}`",
                   "{L}\n", "  {L}", "{l})", "({l})", "{L}!"]).format(L=c.L, l=c.L.lower())


def s_answer_is(c):
    return c.pick([
        "The answer is {L}.", "Answer: {L}", "The correct answer is ({L}).", "Correct option: {L}",
        "I'd go with {L}.", "My answer: {L}", "The right choice here is {L}.", "Final answer: {L}",
        "ANSWER: {L}", "The best answer is {L}.", "It's {L}.", "The correct response is option {L}.",
        "Answer - {L}", "So the answer would be {L}.", "Correct answer: **{L}**",
        "The answer should be {L}.", "I'm going with {L}.", "Answer is {l}",
    ]).format(L=c.L, l=c.L.lower())


def s_json(c):
    k = c.pick(["answer", "answer", "choice", "selected_option", "final_answer", "option"])
    forms = [
        lambda: "{%s: %s}" % (J(k), J(c.L)),
        lambda: "```json\n{\n  %s: %s,\n  \"confidence\": %s\n}\n```" % (
            J(k), J(c.L), c.pick(["0.6", "0.72", "0.85", "0.9", "\"high\"", "\"medium\""])),
        lambda: "{%s: %s}" % (J(k), J(c.T)),
        lambda: "{\"choice\": %s}" % J(c.L.lower()),
        lambda: "{\"reasoning\": %s, \"answer\": %s}" % (J(c.right()), J(c.L)),
        lambda: "{\"final_answer\": %s}" % J("%s) %s" % (c.L, c.T)),
        lambda: "{\"selected\": [%s]}" % J(c.L),
        lambda: "{ \"option\": %s, \"text\": %s }" % (J(c.L), J(c.T)),
        lambda: "```\n{\"answer\":%s}\n```" % J(c.L),
        lambda: "Here is the response in JSON format:\n\n```json\n{\"answer\": %s, \"explanation\": %s}\n```"
                % (J(c.L), J(c.right())),
        lambda: "{\"question_type\": \"multiple_choice\", \"answer\": {\"letter\": %s, \"text\": %s}}"
                % (J(c.L), J(c.T)),
        lambda: "{\n\t\"answer\": %s\n}" % J("Option " + c.L),
    ]
    return c.pick(forms)()


def s_reasoning_final(c):
    o1, o2, o3 = c.O
    forms = [
        lambda: "Let's think it through.\n\n%s %s %s\n\nFinal answer: %s" % (
            c.wrong_s(o1), c.wrong_s(o2), c.right_s(), c.L),
        lambda: "%s %s\n\nAnswer: **%s**" % (c.right_s(), c.wrong_s(o1), c.L),
        lambda: "Step 1: Look at what's being asked.\nStep 2: %s\nStep 3: %s\n\nTherefore, the answer is (%s)."
                % (c.wrong_s(o1), c.right_s(), c.L),
        lambda: "**Reasoning:** %s %s\n\n**Answer:** %s. %s" % (c.wrong_s(o2), c.right_s(), c.L, c.T),
        lambda: "%s %s %s\n\nSo I'd go with %s." % (c.wrong_s(o1), c.wrong_s(o2), c.right_s(), c.L),
        lambda: "Going through the options:\n- %s: %s\n- %s: %s\n- %s: %s\n- %s: %s\n\nAnswer: %s" % (
            tuple(x for letter in LETTERS for x in (
                letter, c.right() if letter == c.L else c.wrong(letter))) + (c.L,)),
        lambda: "%s That rules out %s. %s\n\nThe answer is %s." % (c.wrong_s(o1), o1, c.right_s(), c.L),
        lambda: "First, %s Second, %s\n\nConclusion: %s (%s)" % (
            lowfirst(c.wrong(o3)), lowfirst(c.right()), c.L, c.T),
        lambda: "%s\n\n%s\n\n#### %s" % (c.right_s(), c.wrong_s(o1), c.L),
        lambda: "Reasoning: %s %s\nAnswer: %s" % (c.wrong_s(o2), c.wrong_s(o3), c.L),
    ]
    return c.pick(forms)()


def capfirst(s):
    return s[0].upper() + s[1:] if re.match(r"[a-z]{3,}", s) else s


def lowfirst(s):
    if re.match(r"[A-Z][a-z]", s) and not re.match(r"[A-Z][a-z]*[A-Z]", s.split(" ")[0]):
        first = s.split(" ")[0]
        # keep names and abbreviations as they are
        if first.lower() in ("the", "this", "if", "by", "a", "working", "given", "looking", "most",
                             "standard", "clinically", "it", "so", "that"):
            return s[0].lower() + s[1:]
    return s


def s_choice_text(c):
    raw = c.ch[LETTERS.index(c.L)].strip()
    return c.pick([
        raw, raw, raw + ("" if raw.endswith(".") else "."), "**%s**" % c.T, "%s\n" % raw,
        "It's %s." % c.T, "%s is the answer." % cap(c.T), "Answer: %s" % c.T,
        "The answer is %s." % c.T, "%s — that's the one." % cap(c.T), "%s!" % c.T,
    ])


def noisy_variants(c):
    """Versions of the meant choice text with typos, inflection or casing changes."""
    raw = c.T
    out = []
    words = raw.split(" ")
    rep = " ".join(REPAIRS.get(w, w) for w in words)
    if rep != raw:
        out.append(rep)
        out.append(rep.lower())
    out.append(raw.lower())
    out.append(raw.upper())
    titled = " ".join(w[:1].upper() + w[1:] for w in raw.split(" "))
    if raw != titled:
        out.append(titled)
    if "-" in raw:
        out.append(raw.replace("-", " "))
    if "'s" in raw:
        out.append(raw.replace("'s", "s"))
        out.append(raw.replace("'s", ""))
    last = words[-1]
    if re.fullmatch(r"[A-Za-z]{4,}", last):
        if last.endswith("s") and not last.endswith("ss") and not last.endswith("is"):
            out.append(" ".join(words[:-1] + [last[:-1]]))
        elif not last.endswith("s"):
            out.append(" ".join(words[:-1] + [last + ("es" if last.endswith(("x", "ch", "sh")) else "s")]))
    long_words = [i for i, w in enumerate(words) if re.fullmatch(r"[A-Za-z]{6,}", w)]
    for i in long_words[:2]:
        w = words[i]
        k = c.rng.randrange(2, len(w) - 2)
        swapped = w[:k] + w[k + 1] + w[k] + w[k + 2:]
        dropped = w[:k] + w[k + 1:]
        doubled = w[:k] + w[k] + w[k:]
        for v in (swapped, dropped, doubled):
            if v != w:
                out.append(" ".join(words[:i] + [v] + words[i + 1:]))
    idx = LETTERS.index(c.L)
    good = []
    for v in out:
        if v == raw or v in good:
            continue
        if norm(v) in [norm(x) for j, x in enumerate(c.ch) if j != idx]:
            continue
        if closest_is(v, c.ch, idx):
            good.append(v)
    return good


def s_choice_text_noisy(c):
    v = c.pick(c.noisy)
    return c.pick(["{v}", "{v}", "{v}.", "I think it's {v}.", "answer: {v}", "{v} is correct",
                   "It should be {v}.", "{v}!", "Probably just {v}", "The answer is {v}"]).format(v=v)


def s_letter_text(c):
    core = c.lt()
    return c.pick(["{x}", "{x}", "Answer: {x}", "**{x}**", "{x}.", "The answer is {x}.",
                   "Correct: {x}", "{x}\n", "→ {x}"]).format(x=core)


def s_ordinal(c):
    o = c.pick(ORD[c.L])
    return c.pick([
        "The {o} one.", "I'd go with the {o} option.", "It's the {o} choice — {T}.",
        "The {o} answer is correct.", "{O}.", "Going with the {o} option on the list.",
        "The {o} option ({T}).", "I'd pick the {o} one, {T}.", "Definitely the {o} option.",
        "{O} option is right.", "The {o} choice.",
    ]).format(o=o, O=ORD_CAP[o], T=c.T)


def s_option_number(c):
    n = NUM[c.L]
    return c.pick([
        "Option {n}", "Choice #{n}", "Answer: {n}", "It's number {n}.", "#{n} — {T}",
        "I'd pick option no. {n}.", "The correct one is option {n} ({T}).", "Answer: option {n}",
        "Choice {n}.", "Option #{n}: {T}", "Number {n} is correct.", "{n}) {T}",
    ]).format(n=n, T=c.T)


def s_negation_contrast(c):
    o1 = c.O[0]
    return c.pick(fit([
        "Not {O} — it's {L}.", "It isn't {OT}; the answer is {T}.", "The answer is not {O}, but {L}.",
        "{OTc} is a trap. The correct choice is {L}.", "While {OT} is tempting, the better answer is {T}.",
        "Rather than {O}, I'd choose {L}.", "Don't go with {O} — go with {L}.",
        "Contrary to what a lot of people assume, it's not {OT} but {T}.", "{O}? No. {L}.",
        "Unlike {OTu}, {T} actually fits here, so: {L}.", "People often pick {O} here, but the answer is {L}.",
        "Not {OT}. {Tc}.",
    ], ["OTu"], [c.t(o1), c.T])).format(O=o1, OT=c.t(o1), OTu=c.t(o1), OTc=cap(c.t(o1)), L=c.L, T=c.T,
                                       Tc=cap(c.T))


def s_elimination_named(c):
    o = sorted(c.O) if c.rng.random() < 0.5 else c.O
    forms = [
        lambda: "%s %s %s That leaves %s." % (c.wrong_s(o[0]), c.wrong_s(o[1]), c.wrong_s(o[2]), c.L),
        lambda: "By elimination: not %s, not %s, not %s — so %s." % (o[0], o[1], o[2], c.L),
        lambda: "Let's eliminate:\n❌ %s — %s\n❌ %s — %s\n❌ %s — %s\n\nWhat's left is %s, %s." % (
            o[0], c.wrong(o[0]), o[1], c.wrong(o[1]), o[2], c.wrong(o[2]), c.L, c.T),
        lambda: "%s is out, %s is out and %s doesn't fit either, so the answer must be %s." % (
            o[0], o[1], o[2], c.T),
        lambda: ("Rule out %s and %s first. %s Only %s remains: %s." % (
            c.t(o[0]), c.t(o[1]), c.wrong_s(o[2]), c.L, c.T)) if plain(c.t(o[0]), c.t(o[1])) else (
            "Rule out %s and %s first. %s Only %s remains: %s." % (o[0], o[1], c.wrong_s(o[2]), c.L, c.T)),
        lambda: "Process of elimination:\n1. %s — no\n2. %s — no\n3. %s — no\n\nAnswer: %s" % (
            c.lt(o[0]), c.lt(o[1]), c.lt(o[2]), c.L),
        lambda: "We can cross off %s, %s and %s, which leaves %s as the answer." % (o[0], o[1], o[2], c.L),
        lambda: "Only %s survives once you strike out %s, %s and %s." % (c.L, o[0], o[1], o[2]),
        lambda: "Quick elimination: %s ✗, %s ✗, %s ✗ → %s ✓" % (o[0], o[1], o[2], c.L),
        lambda: "First drop %s. %s Then %s goes too. So, by elimination, %s." % (
            mid(c.t(o[0])), c.wrong_s(o[1]), o[2], c.lt()),
    ]
    return c.pick(forms)()


def s_elimination_unnamed(c):
    o = sorted(c.O) if c.rng.random() < 0.6 else c.O
    return c.pick(fit([
        "{a}, {b} and {c} can all be ruled out.",
        "It's definitely not {at}, {bt}, or {ct}.",
        "I can eliminate {a}, {b}, and {c} straight away.",
        "Options {a}, {b} and {c} are all incorrect here.",
        "{atc} — no. {btc} — no. {ctc} — no.",
        "Neither {a} nor {b} is right, and {c} doesn't fit either.",
        "Not {a}, not {b}, not {c}.",
        "{a}, {b} and {c} are wrong.",
        "You can rule out {at}, {bt} and {ct}.",
        "I'd cross out {a}, {b} and {c}.",
        "{a} is wrong. So are {b} and {c}.",
        "I'd eliminate {at} and {bt}, and {ct} is also incorrect.",
        "Definitely not {a}, {b} or {c}.",
        "Strike {a}, {b} and {c} — none of those work.",
    ], ["at", "bt", "ct"] + (["atc", "btc", "ctc"] if any(ambiguous_number(t) for t in c.ch) else []),
        [c.t(x) for x in o] + (["x,y"] if any(ambiguous_number(t) for t in c.ch) else []))).format(a=o[0], b=o[1], c=o[2], at=c.t(o[0]), bt=c.t(o[1]), ct=c.t(o[2]),
              atc=cap(c.t(o[0])), btc=cap(c.t(o[1])), ctc=cap(c.t(o[2])))


def s_several_then_one(c):
    o1, o2 = c.O[0], c.O[1]
    a, b = (o1, c.L) if c.rng.random() < 0.5 else (c.L, o1)
    return c.pick(fit([
        "{a} and {b} both seem plausible, but {L} is the better answer.",
        "It comes down to {OT} vs {T}. I'd go with {T}.",
        "Between {a} and {b}, I'll choose {L}.",
        "{OTc}, {T} and {O2T} all come up in this area, but the specific answer is {T}.",
        "Looking at {L} and {O}: {O} is close, but {L} is more precise. Answer: {L}.",
        "Both {OT} and {T} could come to mind; the one being asked for is {T}.",
        "I narrowed it down to {a} and {b}. Final pick: {L}.",
        "{a} or {b}? {L}.",
        "My shortlist was {OT} and {T}, and of those two {T} fits better.",
        "Options {a} and {b} are the only serious candidates. Going with {L}.",
    ], ["OT", "OTc", "T", "O2T"], [c.t(o1), c.t(o2), c.T])).format(a=a, b=b, L=c.L, O=o1, OT=c.t(o1), OTc=cap(c.t(o1)), T=c.T, O2T=c.t(o2))


def s_several_chosen(c):
    x, y = sorted(c.pair)
    tx, ty = c.t(x), c.t(y)
    return c.pick(fit([
        "Both {x} and {y} are correct.", "{x} and {y}.", "The correct answers are {x} and {y}.",
        "Answer: {x}, {y}", "I'd select {tx} and {ty} — both apply here.", "{x} & {y}", "{x}/{y}",
        "Options {x} and {y} are both true.", "This looks like a multiple-select question: {x} and {y}.",
        "{txc} and {ty} are both right.", "{x} and {y} are both valid answers here.",
        "Answers: {x}) {tx2}; {y}) {ty2}",
    ], ["tx", "ty", "txc"], [tx, ty])).format(x=x, y=y, tx=tx, ty=ty, txc=cap(tx), tx2=tx, ty2=ty)


def s_hedged(c):
    o1 = c.O[0]
    return c.pick([
        "I'm not completely sure, but I think it's {L}.", "Probably {L}?",
        "My best guess would be {T}, though I'd double-check that.",
        "I believe the answer is {L} ({T}), but I'm not 100% confident.",
        "Maybe {L}. Don't quote me on it.", "If I had to pick, {L}.",
        "Leaning towards {T}, though I'm not certain.",
        "It's likely {L}, {T}, but please verify with your course materials.",
        "I'd tentatively say {L}.", "{L}, I think — it's been a while since I studied this.",
        "Probably {L}, although {O} isn't completely out of the question.",
        "Not entirely sure, but {T} seems most likely.", "I think {T}? Fairly unsure though.",
        "Hmm, I'd guess {L}.",
    ]).format(L=c.L, T=c.T, O=o1)


OPENERS = ["Great question!", "Sure, happy to help!", "Thanks for asking!", "Of course!",
           "Good question — this one trips a lot of people up.", "Absolutely, let's take a look.",
           "Certainly!", "Happy to help with this one.", "Sure thing!"]
CLOSERS = ["I hope this helps!", "Let me know if you have any other questions.",
           "Good luck with your studies!", "Feel free to ask if anything is unclear.",
           "Happy studying! 😊", "Hope that clears it up!", "Best of luck on your exam!"]


def s_polite_filler(c):
    core = c.pick([
        "The correct answer is **{L}. {T}**.", "The answer is {L} ({T}).", "You'll want option {L}: {T}.",
        "The right choice is {T}.", "It's {L}.", "The answer you're looking for is {L} — {T}.",
    ]).format(L=c.L, T=c.T)
    mid = c.right() if c.rng.random() < 0.5 else ""
    parts = [c.pick(OPENERS), core]
    if mid:
        parts.append(mid)
    parts.append(c.pick(CLOSERS))
    sep = c.pick([" ", "\n\n"])
    return sep.join(parts)


def s_follow_up_offer(c):
    o1 = c.O[0]
    core = c.pick(["The answer is {L} ({T}).", "{L}.", "**{L}. {T}**", "{T}.", "Answer: {L}",
                   "It's {L} — {T}.", "{L}) {T}"]).format(L=c.L, T=c.T)
    if core[-1] not in ".!?*":
        core += "."
    why = (" " + c.right()) if c.rng.random() < 0.4 else ""
    offer = c.pick([
        "Want me to explain why {O} is wrong?", "Would you like me to go through the other options too?",
        "If you'd like, I can explain why {OT} doesn't fit.", "Shall I walk you through the reasoning?",
        "Want a quick way to remember this?", "Need a few more practice questions like this one?",
        "Let me know if you'd like a breakdown of {O} and the others.",
        "Should I explain the difference between {T} and {OT}?",
    ]).format(O=o1, OT=c.t(o1), T=c.T)
    return core + why + c.pick(["\n\n", " "]) + offer


def s_markdown(c):
    o = c.O
    forms = [
        lambda: "## Answer\n\n**%s. %s**\n\n### Why\n- %s\n- %s\n- %s" % (
            c.L, c.T, c.right_s(), c.wrong_s(o[0]), c.wrong_s(o[1])),
        lambda: "| Option | Verdict |\n|---|---|\n" + "\n".join(
            "| %s. %s | %s |" % (x, c.t(x), "✅ Correct" if x == c.L else "❌")
            for x in LETTERS),
        lambda: "| Choice | Correct? | Note |\n|:--|:--:|:--|\n" + "\n".join(
            "| %s | %s | %s |" % (x, "Yes" if x == c.L else "No",
                                  c.right() if x == c.L else c.wrong(x)) for x in LETTERS),
        lambda: "**Answer:** %s\n\n**Explanation:**\n* **%s (%s):** Correct. %s\n* **%s (%s):** Incorrect. %s\n* **%s (%s):** Incorrect. %s"
                % (c.L, c.L, c.T, c.right(), o[0], c.t(o[0]), c.wrong(o[0]), o[1], c.t(o[1]), c.wrong(o[1])),
        lambda: "### Correct option: %s\n\n> %s\n\n%s" % (c.L, c.T, c.right_s()),
        lambda: "# %s\n\n%s\n\n---\n*Option %s*" % (cap(c.T), c.right_s(), c.L),
        lambda: "\n".join(("- **%s. %s** ← correct" if x == c.L else "- %s. %s") % (x, c.t(x))
                          for x in LETTERS),
        lambda: "## ✅ %s\n\n%s\n\n## ❌ Other options\n- %s\n- %s\n- %s" % (
            c.lt(), c.right_s(), c.wrong_s(o[0]), c.wrong_s(o[1]), c.wrong_s(o[2])),
        lambda: "**TL;DR:** %s\n\n---\n\n### Details\n%s %s" % (c.L, c.right_s(), c.wrong_s(o[2])),
        lambda: "**Correct answer — %s**\n\n1. %s\n2. %s\n\n_The other options are distractors._" % (
            c.L, c.right_s(), c.wrong_s(o[0])),
    ]
    return c.pick(forms)()


def s_rag_citations(c):
    n1, n2 = c.rng.sample(range(1, 6), 2)
    n1, n2 = sorted((n1, n2))
    s1, s2 = c.src(n1), c.src(n2)
    while s2 == s1:
        s2 = c.src(n2 + 7)
    forms = [
        lambda: "Based on the retrieved documents, the correct answer is **%s. %s** [%d]. %s [%d]\n\n**Sources**\n[%d] %s\n[%d] %s"
                % (c.L, c.T, n1, c.right_s(), n2, n1, s1, n2, s2),
        lambda: "%s [%d][%d].\n\nSo the answer is %s.\n\nSources:\n%d. %s\n%d. %s" % (
            c.right_s().rstrip("."), n1, n2, c.L, n1, s1, n2, s2),
        lambda: "According to the provided context [%d], the answer is %s (%s). %s [%d]\n\nReferences\n- [%d] %s\n- [%d] %s"
                % (n1, c.L, c.T, c.wrong_s(c.O[0]), n2, n1, s1, n2, s2),
        lambda: "The documents point to option %s [%d]: %s.\n\n---\nSources: [%d] %s · [%d] %s" % (
            c.L, n2, c.T, n1, s1, n2, s2),
        lambda: "**Answer: %s**\n\n%s[^%d] %s[^%d]\n\n[^%d]: %s\n[^%d]: %s" % (
            c.lt(), c.right_s(), n1, c.wrong_s(c.O[1]), n2, n1, s1, n2, s2),
        lambda: "From the course material, %s is correct (%s) [%d]. The other options are not supported by the sources.\n\n📄 Sources\n[%d] %s\n[%d] %s"
                % (c.T, c.L, n1, n1, s1, n2, s2),
        lambda: "Answer: %s\n\nEvidence:\n- \"%s\" [%d]\n\nCited: [%d] %s" % (c.L, c.right(), n1, n1, s1),
        lambda: "Per the knowledge base, **%s** is correct (option %s).[%d]\n\n%d. %s" % (c.T, c.L, n1, n1, s1),
        lambda: "Short answer: %s.\n\nThe notes say so directly [%d], and %s [%d]\n\nSources\n[%d] %s\n[%d] %s" % (
            c.L, n1, lowfirst(c.wrong(c.O[0])), n2, n1, s1, n2, s2),
    ]
    return c.pick(forms)()


def s_quoted(c):
    return c.pick([
        "The answer is \"{T}\".", "“{T}”", "'{L}'", "I'd select “{L}”.", "> {L}. {T}\n\nThat's the one.",
        "Answer: \"{L}\"", "The option reading \"{T}\" is correct.", "\"{T}\"", "‘{T}’ is the right answer.",
        "I'd say “{T}” — option {L}.", "The correct choice is '{T}'.",
    ]).format(L=c.L, T=c.T)


def s_restated_question(c):
    if c.set == "medmcqa":
        topic = c.topic.lower()
        intro = c.pick([
            "You're asking about %s %s question with four options." % (article(topic), topic),
            "So the question is which of the four options is right for this %s item." % topic,
            "This is %s %s question asking us to pick the single best option." % (article(topic), topic),
            "To restate: it's %s %s MCQ and we need the one correct choice." % (article(topic), topic),
            "Restating the question: out of the four %s options, which one is correct?" % topic,
        ])
    elif c.set == "stats-tests":
        intro = c.pick([
            "The question is asking which statistical test fits the study described.",
            "So we need to pick the most appropriate test for this research situation.",
            "Restating: given the design and the data, which test should be used?",
        ])
    else:
        intro = c.pick([
            "This is a question about %s, and we need to choose one of the four options." % c.topic,
            "The question asks for a fact about %s." % c.topic,
            "So, restating the question: which option correctly describes this point about %s?" % c.topic,
        ])
    end = c.pick([
        "The correct one is {L}, {T}.", "{R} Answer: {L}.", "I'd pick {T}.", "The answer is {LT}.",
        "{R}\n\nSo: {L}.", "That would be option {L}.",
    ]).format(L=c.L, T=c.T, R=c.right_s(), LT=c.lt())
    return intro + c.pick([" ", "\n\n"]) + end


def s_self_correction(c):
    o1 = c.O[0]
    return c.pick([
        "{O}\n\nWait, no — rereading the options, it's {L}.",
        "The answer is {O}. Actually, let me correct that: {OT} doesn't fit. The correct answer is {L}.",
        "~~{O}~~ {L}, sorry — {T}.",
        "Answer: {O}\n\nEdit: on second thought, I'm changing this to {L} ({T}).",
        "I initially thought {OT}, but that's wrong — it's {T}.",
        "{O}... no, hold on. {L}. {T} is the one.",
        "My first instinct was option {O}, but after checking again I'd go with {L}.",
        "Correction to my previous answer: it should be {L}, not {O}.",
        "It's {OT}. Hmm, no, scratch that — {T}. Final answer {L}.",
        "{O}. Sorry, I misread the options — the answer is {L}.",
        "Initially I said {O}, but I was mixing it up. It's {L}, {T}.",
        "{O}\n\n(Correction: {L}. I mixed up the options above.)",
        "Let me revise: not {O} but {L} — {T}.",
    ]).format(O=o1, OT=mid(c.t(o1)), L=c.L, T=mid(c.T))


def s_think_block(c):
    o1, o2 = c.O[0], c.O[1]
    opts = ", ".join("%s) %s" % (x, c.t(x)) for x in LETTERS)
    w1, w2 = [capfirst(x) for x in c.wrongs([o1, o2])]
    thought = c.pick([
        "The options are {opts}. {w1} {w2} {r} So {L}.",
        "Hmm, maybe {O1}? No... {w1} Let me reconsider. {r} I think {L}.",
        "Okay, the user wants one letter. {r} {w1} Going with {L}.",
        "Let me look at {O1T} first. {w1} Then {O2T}. {w2} What about {T}? {r} Yes, {L}.",
        "Going with {O1}... actually no. {w1} {r} It's {L}.",
        "Four options. {r} Could it be {O2} instead? {w2} No. Answer {L}.",
        "Quick check of each: {O1} no, {O2} no. {r} So the answer is {L}.",
    ]).format(opts=opts, w1=w1, w2=w2, r=c.right_s(), L=c.L, O1=o1, O2=o2,
              O1T=c.t(o1), O2T=c.t(o2), T=c.T)
    final = c.pick(["{L}", "**Answer: {L}**", "{L}. {T}", "The answer is {T}.", "Answer: {L}",
                    "", "{LT}", "Final answer: {L}", "**{L}**"]).format(L=c.L, T=c.T, LT=c.lt())
    if final:
        return "<think>\n%s\n</think>\n\n%s" % (thought, final)
    return "<think>\n%s\n</think>" % thought


def s_dont_know(c):
    return c.pick([
        "I don't know.", "I'm not sure, sorry.", "I don't know the answer to this one.",
        "Honestly, I can't tell which of these is correct.", "idk",
        "I'm afraid I don't have enough knowledge to answer this reliably.",
        "I'm unable to determine the correct answer.",
        "Not sure — I'd recommend checking a textbook or asking your instructor.",
        "I don't have a confident answer for this question.",
        "No idea, to be honest. Any of the four could be right as far as I can tell.",
        "I can't answer that with any certainty.", "Sorry, I really don't know this one.",
        "I'm not able to work out which option is correct.", "Unsure. I'd be guessing.",
        "I don't know which one it is, and I'd rather not guess.",
    ])


def s_missing_context(c):
    o1 = c.O[0]
    return c.pick([
        "The provided context does not contain enough information to answer this question.",
        "I couldn't find anything about this in the retrieved documents, so I can't say which option is correct.",
        "Based on the documents provided, the answer cannot be determined.",
        "The documents mention {OT} in passing, but nothing in them tells me which option is correct.",
        "Sorry, the knowledge base doesn't cover this topic.",
        "The context you gave me is about something else, so I can't answer this question from it.",
        "I searched the uploaded files but found no relevant passage. No sources available.",
        "There isn't enough information in the context. I'd need the relevant section of the {topic} notes.",
        "None of the retrieved passages address this question, so I can't pick an answer.",
        "I can only answer from the supplied documents, and they don't cover this.",
        "The answer is not in the provided context.",
    ]).format(OT=c.t(o1), topic=c.topic)


PRODUCTS = ["Acme Cloud", "BrightBank", "the StudyPal app", "Northwind Telecom", "our online store"]


def s_refusal(c):
    forms = [
        "I'm sorry, but I can't help with that request.",
        "I can't provide answers to exam or assessment questions. If you're studying, I'd be happy to explain the underlying concepts instead.",
        "As a support assistant for {p}, I can only answer questions related to our products and services.",
        "Sorry, this question is outside what I'm able to help with.",
        "This looks like a question from a graded assessment, so I won't give the answer directly.",
        "I'm not able to answer that. Is there something else I can help you with?",
        "Unfortunately I can't assist with this one.",
        "I'm here to help with billing and account questions only, so I can't answer this one.",
        "Sorry, I don't answer quiz questions. You might try your course forum instead.",
        "I won't be able to help with that. Please contact your instructor.",
    ]
    if c.set == "medmcqa":
        forms += ["I'm not able to give medical advice. Please consult a qualified healthcare professional.",
                  "I can't help with clinical questions like this — please speak to a doctor or pharmacist."]
    return c.pick(forms).format(p=c.pick(PRODUCTS))


def s_none_of_these(c):
    return c.pick([
        "None of the options is correct.", "None of the above — all four choices are wrong.",
        "Trick question: none of these options is right.",
        "I don't think any of A–D is correct here; the question seems flawed.",
        "All four options are incorrect as written. The answer key may be wrong.",
        "No option fits. The question seems to have a mistake in it.",
        "Honestly, none of them. The correct answer isn't listed.",
        "None of A, B, C or D is right.",
        "Actually, none of the four is right.",
        "Each of the options is wrong, so I can't pick one.",
        "The correct answer isn't among A–D.",
    ])


def s_undecided(c):
    x, y = c.pair if c.rng.random() < 0.5 else sorted(c.pair)
    tx, ty = c.t(x), c.t(y)
    return c.pick(fit([
        "It's either {x} or {y}; I can't narrow it down further.", "Could be {x} or {y}.",
        "I'm torn between {tx} and {ty}.",
        "Hmm, {x} or {y}... both seem defensible, so I'd rather not pick one.",
        "Without more details, it could be {tx} or {ty}.",
        "Somewhere between {x} and {y} — I genuinely can't tell which.",
        "50/50 between {x} and {y}.",
        "Either {tx} or {ty}, depending on which source you follow.",
        "I keep going back and forth between {x} and {y}.",
        "{x} or {y}, not sure which.",
        "Honestly it could go either way: {x}) {tx2} or {y}) {ty2}.",
    ], ["tx", "ty"], [tx, ty])).format(x=x, y=y, tx=tx, ty=ty, tx2=tx, ty2=ty)


def s_long_explanation(c):
    o = c.O
    intro = c.pick([
        "This is a good one to reason through carefully, because several of the options sound reasonable at first glance.",
        "Let me walk through this step by step, since the distractors here are fairly close to the right answer.",
        "There are a few things to keep in mind with a question like this.",
        "Let's take the options one at a time.",
    ])
    w = [capfirst(x) for x in c.wrongs(o)]
    wrong_par = " ".join([w[0], w[1], c.pick(["Similarly, ", "Finally, ", "As for the remaining distractor, "]) +
                          lowfirst(w[2])])
    right_par = c.right_s() + " " + c.pick([
        "It's also the option most commonly cited in standard references.",
        "This is consistent with what you'd expect from first principles.",
        "It's the only option that holds up once you check the details.",
        "That's why examiners like this question: the right answer is less obvious than the distractors.",
    ])
    concl = c.pick([
        "So, putting it all together, the answer is **{L}. {T}**.",
        "Therefore the correct answer is {L}.",
        "In summary: {T} ({L}).",
        "**Final answer: {L}**",
    ]).format(L=c.L, T=c.T)
    if c.rng.random() < 0.4:
        head = c.pick(["**{L}** is correct.", "Short answer: {T}.", "The answer is {L}."]).format(L=c.L, T=c.T)
        return "\n\n".join([head, intro, right_par, wrong_par])
    return "\n\n".join([intro, wrong_par, right_par, concl])


def s_lowercase(c):
    lx = c.pick(["option a", "(a)"]) if c.L == "A" else c.L.lower()
    o1 = c.O[0]
    s = c.pick([
        "i think it's {lx}", "{t}", "answer is {l}) {t}", "pretty sure its {t}",
        "{l}. {t} — the others don't fit", "def {lx}", "ok so {o1t} is wrong. it's {t}",
        "going with {lx}", "{lx}, {t}", "hmm {t} i guess", "the answer should be {t}",
        "{lx} for sure", "its {lx}. {t}",
    ]).format(l=c.L.lower(), lx=lx, t=c.T, o1t=c.t(o1))
    return s.lower()


def s_emoji(c):
    forms = [
        lambda: "✅ %s" % c.L, lambda: "%s ✅" % c.L, lambda: "🎯 **%s — %s**" % (c.L, c.T),
        lambda: "👉 %s" % c.T, lambda: "✔️ Option %s: %s" % (c.L, c.T), lambda: "Answer: %s 👍" % c.L,
        lambda: "\n".join("%s) %s %s" % (x, c.t(x), "✅" if x == c.L else "❌") for x in LETTERS),
        lambda: "🤔 Tricky one! But I'm going with %s 💡" % c.L, lambda: "✓ %s" % c.T,
        lambda: "☑️ %s" % c.L, lambda: "%s 🙌" % c.T,
        lambda: "🧠 %s\n\n➡️ Answer: **%s**" % (c.right_s(), c.L),
        lambda: "%s ✔" % c.lt(),
    ]
    return c.pick(forms)()


def s_small_model(c):
    opts = "\n".join("%s) %s" % (x, c.t(x)) for x in LETTERS)
    return c.pick([
        "{L}</s>", "Answer: {L}\nAnswer: {L}\nAnswer: {L}", "### Response:\n{L}",
        "The answer is: {L}) {T}\n\n### Instruction:\nAnswer the following question",
        "{L}. {T}. {T} is the correct answer because it is correct.",
        "{opts}\n\nAnswer: {L}", "[ANSWER] {L} [/ANSWER]", "{L}<|eot_id|>",
        "Correct answer: {L}\nExplanation: The correct answer is {L} because {T} is the correct answer.",
        "answer:{L}", "{L}\n\n{L}\n\n{L}", " {L}) {T}\n\nQuestion 2:",
        "The correct option is {L}. The correct option is {L}. The correct option is",
        "Answer: {L}<|im_end|>", "<answer>{L}</answer>", "{L}) {T}\n\n\n\n\n",
    ]).format(L=c.L, T=c.T, opts=opts)


def s_support_bot(c):
    return c.pick([
        "Hi there! 👋 Thanks for reaching out. Based on our knowledge base, the correct option is **{L} – {T}**. Is there anything else I can help you with today?",
        "Thank you for contacting us. The answer to your question is {L} ({T}). If you have further questions, please don't hesitate to reach out. Have a great day!",
        "Hello! I'd be glad to assist. According to the information available to me, {T} (option {L}) is correct.\n\nWas this answer helpful? 👍 👎",
        "I understand you'd like help with this question. The right choice is {L}. Anything else I can do for you?",
        "Hi! Thanks for your patience. I checked our help articles and the answer is {T}. Let me know if you need anything else 😊",
        "Thanks for your message! The correct answer is option {L}: {T}.\n\nYour satisfaction is important to us — feel free to rate this conversation.",
        "Hello, and thank you for using {p} support. The option you're looking for is {L}. Is there anything else I can help with?",
        "Great news — I found the answer for you! It's {L}: {T}. 🙂 Anything else?",
        "Hi, this is the {p} virtual assistant. The correct answer is **{T}** (option {L}). Did that resolve your question?",
        "Thanks for waiting! After looking into it, the answer is {L}.\n\nIf you need more help, reply 'agent' to talk to a person.",
    ]).format(L=c.L, T=c.T, p=c.pick(PRODUCTS))


# name -> (function, kind, target count). kind: "answer" (meant drawn), "none", "unclear",
# "paraphrase" (from PARAPHRASES).
STYLES = {
    "bare-letter": (s_bare_letter, "answer", 14),
    "answer-is": (s_answer_is, "answer", 14),
    "json": (s_json, "answer", 13),
    "reasoning-final": (s_reasoning_final, "answer", 14),
    "choice-text": (s_choice_text, "answer", 13),
    "choice-text-noisy": (s_choice_text_noisy, "answer", 14),
    "paraphrase": (None, "paraphrase", len(PARAPHRASES)),
    "letter-and-text": (s_letter_text, "answer", 13),
    "ordinal": (s_ordinal, "answer", 12),
    "option-number": (s_option_number, "answer", 12),
    "negation-contrast": (s_negation_contrast, "answer", 13),
    "elimination-named": (s_elimination_named, "answer", 12),
    "elimination-unnamed": (s_elimination_unnamed, "answer", 12),
    "several-then-one": (s_several_then_one, "answer", 12),
    "several-chosen": (s_several_chosen, "unclear", 12),
    "hedged": (s_hedged, "answer", 13),
    "polite-filler": (s_polite_filler, "answer", 12),
    "markdown": (s_markdown, "answer", 14),
    "rag-citations": (s_rag_citations, "answer", 14),
    "quoted": (s_quoted, "answer", 12),
    "restated-question": (s_restated_question, "answer", 12),
    "self-correction": (s_self_correction, "answer", 13),
    "think-block": (s_think_block, "answer", 13),
    "dont-know": (s_dont_know, "none", 12),
    "missing-context": (s_missing_context, "none", 12),
    "refusal": (s_refusal, "none", 10),
    "none-of-these": (s_none_of_these, "none", 10),
    "undecided": (s_undecided, "unclear", 12),
    "long-explanation": (s_long_explanation, "answer", 12),
    "lowercase": (s_lowercase, "answer", 12),
    "emoji-checkmarks": (s_emoji, "answer", 12),
    "follow-up-offer": (s_follow_up_offer, "answer", 12),
    "small-model": (s_small_model, "answer", 14),
    "support-bot": (s_support_bot, "answer", 12),
}

TEXT_STYLES = {"choice-text", "choice-text-noisy"}
# styles whose replies never point at the meant choice by its text alone
LETTER_ONLY_STYLES = {"bare-letter", "answer-is", "ordinal", "elimination-unnamed"}


def text_ok(q, letter):
    """Can the choice text alone stand for this choice (not a bare small number, not one letter)?"""
    t = q["choices"][LETTERS.index(letter)].strip()
    if len(t) < 2:
        return False
    if is_small_number(t) and t.rstrip("%") in ("1", "2", "3", "4"):
        return False
    return True


def numeric_question(q):
    return any(is_small_number(c) for c in q["choices"])


def style_ok(style, q):
    if style == "option-number" and numeric_question(q):
        return False
    if style == "choice-text-noisy":
        return any(len(clean(c)) >= 4 and not is_small_number(c) for c in q["choices"])
    return True


def draw_meant(q, rng, style):
    """Key about 40% of the time, otherwise one of the three other choices."""
    for _ in range(20):
        if rng.random() < 0.4:
            m = q["key"]
        else:
            m = rng.choice([x for x in LETTERS if x != q["key"]])
        if style in TEXT_STYLES and not text_ok(q, m):
            continue
        if style not in LETTER_ONLY_STYLES and ambiguous_number(q["choices"][LETTERS.index(m)]):
            continue
        if style == "choice-text-noisy":
            c = Ctx(q, m, random.Random(rng.random()))
            if not noisy_variants(c):
                continue
        return m
    return None


def assign_styles(questions, rng):
    """Give each question 3 or 4 distinct styles, filling each style to its target count."""
    para = collections.defaultdict(list)
    for qid, letter, text in PARAPHRASES:
        para[qid].append((letter, text))
    remaining = {s: v[2] for s, v in STYLES.items() if s != "paraphrase"}
    total = sum(remaining.values()) + len(PARAPHRASES)
    n = len(questions)
    # how many replies each question gets: 3 or 4, summing to the total
    fours = total - 3 * n
    sizes = [4] * fours + [3] * (n - fours)
    rng.shuffle(sizes)
    plan = {}
    order = list(range(n))
    rng.shuffle(order)
    for i in order:
        q = questions[i]
        chosen = ["paraphrase"] * len(para.get(q["id"], []))
        chosen = chosen[:1]
        want = max(sizes[i], len(chosen) + 1)
        cands = [s for s in remaining if style_ok(s, q)]
        rng.shuffle(cands)
        cands.sort(key=lambda s: -remaining[s])
        for s in cands:
            if len(chosen) >= want:
                break
            if remaining[s] <= 0 or s in chosen:
                continue
            chosen.append(s)
            remaining[s] -= 1
        plan[q["id"]] = chosen
    left = {s: k for s, k in remaining.items() if k > 0}
    # place leftovers on questions that can still take them
    for s, k in left.items():
        for i in order:
            if k == 0:
                break
            q = questions[i]
            if s not in plan[q["id"]] and style_ok(s, q) and len(plan[q["id"]]) < 4:
                plan[q["id"]].append(s)
                k -= 1
        remaining[s] = k
    return plan


def generate(questions, seed=SEED):
    rng = random.Random(seed)
    plan = assign_styles(questions, rng)
    para = {}
    for qid, letter, text in PARAPHRASES:
        para.setdefault(qid, (letter, text))
    rows = []
    for q in questions:
        seen = set()
        for style in plan[q["id"]]:
            func, kind, _ = STYLES[style]
            for attempt in range(30):
                r = random.Random("%s|%s|%d|%d" % (q["id"], style, attempt, seed))
                if kind == "paraphrase":
                    meant, reply = para[q["id"]]
                elif kind == "none":
                    meant = "none"
                    reply = func(Ctx(q, None, r))
                elif kind == "unclear":
                    if r.random() < 0.5:
                        pair = [q["key"], r.choice([x for x in LETTERS if x != q["key"]])]
                    else:
                        pair = r.sample([x for x in LETTERS if x != q["key"]], 2)
                    meant = "unclear"
                    reply = func(Ctx(q, None, r, pair=pair))
                else:
                    meant = draw_meant(q, r, style)
                    if meant is None:
                        continue
                    c = Ctx(q, meant, r)
                    if style == "choice-text-noisy":
                        c.noisy = noisy_variants(c)
                        if not c.noisy:
                            continue
                    reply = func(c)
                if reply not in seen:
                    break
            else:
                raise SystemExit("could not make a distinct %s reply for %s" % (style, q["id"]))
            seen.add(reply)
            rows.append({"set": q["set"], "id": q["id"], "choices": q["choices"], "style": style,
                         "reply": reply, "meant": meant})
    return rows


def check(rows, wheel):
    src = source_choices(wheel)
    keys = set()
    for row in rows:
        line = json.dumps(row, ensure_ascii=False)
        back = json.loads(line)
        assert back == row
        assert set(row) == {"set", "id", "choices", "style", "reply", "meant"}, row
        assert row["meant"] in ("A", "B", "C", "D", "none", "unclear"), row
        assert row["choices"] == src[row["id"]], row["id"]
        assert len(row["choices"]) == 4
        assert row["reply"].strip(), row
        k = (row["id"], row["reply"])
        assert k not in keys, "duplicate reply: %r" % (k,)
        keys.add(k)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("wheel", help="path to evals-3.0.1.post1-py3-none-any.whl")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output path (default: %(default)s)")
    args = ap.parse_args()
    questions = load_questions(args.wheel)
    rows = generate(questions)
    check(rows, args.wheel)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    # read the file back and check it again, line by line
    with open(args.out, encoding="utf-8") as f:
        again = [json.loads(line) for line in f]
    check(again, args.wheel)

    by_style = collections.Counter(r["style"] for r in rows)
    by_meant = collections.Counter(r["meant"] for r in rows)
    by_set = collections.Counter(r["set"] for r in rows)
    keyed = sum(1 for r in rows if r["meant"] in LETTERS and
                r["meant"] == next(q["key"] for q in questions if q["id"] == r["id"]))
    lettered = sum(by_meant[x] for x in LETTERS)
    print("wrote %d replies for %d questions to %s" % (len(rows), len(questions), args.out))
    print("per set:", ", ".join("%s %d" % kv for kv in sorted(by_set.items())))
    print("per meant:", ", ".join("%s %d" % (k, by_meant[k]) for k in
                                  ("A", "B", "C", "D", "none", "unclear")))
    print("lettered replies naming the key: %d of %d" % (keyed, lettered))
    print("per style (%d styles):" % len(by_style))
    for s in STYLES:
        print("  %-22s %d" % (s, by_style[s]))


if __name__ == "__main__":
    sys.exit(main())
