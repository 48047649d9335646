#!/usr/bin/env python3
"""Build a blind labelled test set for a multiple-choice "reply reader".

Source questions (read from the PyPI wheel evals-3.0.1.post1, under
evals/registry/data/):
  * quartz                                -- quartz/samples.jsonl, 2-choice science
                                              comparisons ("A: increases / B: decreases")
  * theory_of_mind.socialiqa               -- theory_of_mind/socialiqa/test.jsonl,
                                              3-choice social commonsense ("A: ...; B: ...; C: ...")
  * theory_of_mind.hitom-multiple-choice   -- theory_of_mind/hitom/hitom-multiple-choice.jsonl,
                                              15-choice object-location / belief questions
  * rhetorical-devices                     -- rhetorical_devices/samples.jsonl,
                                              22 devices listed as (a) ... (v)
  * numeral-type-comparisons               -- numeral-type-comparisons/samples.jsonl,
                                              6-7 choices "A) 2.1; B) 0x3; ..." incl. "All of the above"
Samples whose choices cannot be parsed cleanly, or that have two identical
choices (case-insensitive), are skipped.

Each output line: {"set", "id", "choices", "style", "reply", "meant"}.
For every reply the generator first decides what the writer means (the
reference answer most of the time, a plausible wrong choice otherwise, or no
answer at all) and then renders it in one of ~60 styles seen in real
assistant output: bare / bracketed / bold letters, "Answer: X", letter+text,
JSON, XML tags, LaTeX \\boxed, YAML, tool calls, code blocks, choice text only,
paraphrases, step-by-step reasoning, option-by-option analysis, elimination,
comparisons, negation/contrast, hedging, self-corrections, apologies,
ordinal references, tables, bullet verdicts, quoted questions, chatty openers,
support-bot and RAG replies with citations, <think> blocks, confidence scores,
rankings, small-model run-ons that invent a follow-up question, other
languages, lowercase/caps/typos, and no-answer styles (refusal, "I don't
know", clarifying questions, undecided hedges, several answers, restating the
options, conditional answers, "none of these", inconsistent or mismatched
letter/text, truncated before committing).

Labelling rule: "meant" is the letter (A..Z, upper case, position in
"choices") that a careful human reader would take as the writer's answer;
the last explicit decision wins after a visible self-correction; a reply cut
off after it has committed keeps its answer. "meant" is null when the reply
gives no single answer or a careful reader would be unsure (refusals,
undecided hedges, several answers, conditional answers, letter and text that
contradict each other, contradicting conclusions without a correction,
truncation before the commitment).

Deterministic: fixed random seed, sorted inputs. Standard library only.
"""
import json
import random
import re
import sys
import zipfile

# Usage: reply-set-blind10.py WHEEL [OUT]  (the evals wheel from PyPI; OUT defaults to the
# test data file in this repository)
WHEEL = sys.argv[1] if len(sys.argv) > 1 else "evals-3.0.1.post1-py3-none-any.whl"
OUT = (
    sys.argv[2]
    if len(sys.argv) > 2
    else "crates/exam/tests/data/replies-blind10.jsonl"
)
SEED = 20240610
# A reply with no single answer is labelled as the other sets label it (added by Proctor's
# maintainers, by style, after the set was written): "unclear" where the writer answered
# with several choices or contradicted itself, "none" where it gave no answer at all.
UNCLEAR = {
    s: "unclear"
    for s in (
        "hedged_undecided",
        "multiple_answers",
        "conditional_answer",
        "inconsistent_conclusions",
        "letter_text_mismatch",
    )
}
LET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read_jsonl(z, path):
    return [json.loads(l) for l in z.read("evals/registry/data/" + path).decode("utf-8").splitlines() if l.strip()]


def distinct_ok(choices):
    norm = [c.strip().lower() for c in choices]
    return all(norm) and len(set(norm)) == len(norm)


def q(s):
    return '"' + s + '"'


def lc(s):
    return s[:1].lower() + s[1:] if s else s


# ---------------------------------------------------------------------------
# Question classes: each knows its choices and can produce reasoning snippets
# ---------------------------------------------------------------------------
class Question:
    set_name = ""
    lower_letters = False
    native_fmt = "{L}) {t}"

    def __init__(self, qid, choices, ideal):
        self.id = qid
        self.choices = choices
        self.ideal = ideal
        self.n = len(choices)

    def lt(self, i):
        return f"({LET[i].lower()})" if self.lower_letters else LET[i]

    def opt(self, i):
        return self.native_fmt.format(L=self.lt(i), t=self.choices[i])

    def t(self, i):
        return self.choices[i]

    def others(self, k):
        return [i for i in range(self.n) if i != k]

    def distractor(self, k, r):
        return r.choice(self.others(k))

    def relevant(self, k, r, m=3):
        """A few options worth discussing, always including k, in label order."""
        cand = self.others(k)
        r.shuffle(cand)
        s = sorted([k] + cand[: max(0, min(m, self.n) - 1)])
        return s

    def para(self, i, r):
        return None

    def sources(self, r):
        return ["Course notes"]


# --------------------------- quartz ----------------------------------------
PARA_QUARTZ = {
    "increase": ["it goes up", "it rises", "it would go up"],
    "increases": ["it goes up", "it rises", "it gets larger"],
    "increased": ["it went up", "it would have gone up"],
    "increasing": ["it keeps going up", "it rises"],
    "it increases": ["it goes up", "it rises"],
    "it will increase": ["it's going to go up", "it goes up"],
    "it would increase": ["it would go up"],
    "decrease": ["it goes down", "it drops", "it would fall"],
    "decreases": ["it goes down", "it drops", "it gets smaller"],
    "decreased": ["it went down", "it would have dropped"],
    "decreasing": ["it keeps going down", "it drops"],
    "it decreases": ["it goes down", "it drops"],
    "it will decrease": ["it's going to go down", "it drops"],
    "it would decrease": ["it would go down"],
    "more": ["a greater amount", "there would be a bigger amount"],
    "less": ["a smaller amount", "there's not as much"],
    "fewer": ["a smaller number of them"],
    "higher": ["it would be up at a greater level", "it goes up"],
    "lower": ["it would be down at a reduced level", "it goes down"],
    "greater": ["it's bigger", "a larger value"],
    "lesser": ["it's smaller", "a reduced value"],
    "larger": ["it gets bigger", "bigger in size"],
    "bigger": ["larger in size"],
    "smaller": ["reduced in size", "not as big"],
    "faster": ["more quickly", "at a higher speed"],
    "slower": ["more slowly", "at a reduced speed"],
    "stronger": ["it gets more powerful", "more intense"],
    "weaker": ["it loses strength", "less intense"],
    "warmer": ["it heats up", "the temperature goes up"],
    "hotter": ["it heats up"],
    "colder": ["it cools down", "the temperature drops"],
    "cooler": ["it cools down", "the temperature drops"],
    "louder": ["the volume goes up"],
    "quieter": ["the volume goes down", "it's softer to hear"],
    "closer": ["nearer"],
    "farther": ["further away"],
    "longer": ["of greater length"],
    "shorter": ["of lesser length"],
    "easier": ["it's less difficult"],
    "more dense": ["denser"],
    "less dense": ["not as dense"],
}


class Quartz(Question):
    set_name = "quartz"
    native_fmt = "{L}: {t}"

    def __init__(self, qid, stem, choices, ideal):
        super().__init__(qid, choices, ideal)
        self.stem = stem

    def question_line(self):
        return self.stem

    def short(self):
        s = self.stem
        return s if len(s) < 140 else s[:137].rsplit(" ", 1)[0] + "..."

    def context(self, r):
        return r.choice([
            "The key is figuring out whether the two quantities move together or in opposite directions.",
            "This is really a question about a direct versus an inverse relationship.",
            "We need to apply the underlying physical principle to the change described.",
            "Let's look at what changes in the scenario and how the other quantity responds.",
            "The scenario describes one quantity changing, and we need the effect on the other.",
        ])

    def why(self, i, r):
        c = self.t(i)
        return r.choice([
            f"Applying that principle to this scenario, the result is {q(c)}.",
            f"Based on how the two quantities are related here, {q(c)} is what we'd expect.",
            (f"Given the change described in the question, the blank is best filled by {q(c)}." if "_" in self.stem
             else f"Given the change described in the question, the answer is {q(c)}."),
            f"Following the relationship through, the outcome is {q(c)}.",
            f"The science behind this points to {q(c)}.",
        ])

    def whynot(self, i, r):
        c = self.t(i)
        return r.choice([
            f"{q(c)} would be the opposite of what the relationship predicts.",
            f"{q(c)} doesn't fit the direction of the change described.",
            f"{q(c)} would only make sense if the relationship were reversed.",
            f"{q(c)} contradicts the principle at work here.",
        ])

    def para(self, i, r):
        key = self.t(i).strip().rstrip(".").lower()
        opts = PARA_QUARTZ.get(key)
        return r.choice(opts) if opts else None

    def sources(self, r):
        return r.sample([
            "OpenStax, College Physics 2e",
            "Khan Academy \u2013 Science review notes",
            "The Physics Classroom",
            "QuaRTz reference passage",
            "HyperPhysics, Georgia State University",
            "CK-12 Physical Science",
        ], 2)


# --------------------------- socialiqa -------------------------------------
class SocialIQA(Question):
    set_name = "theory_of_mind.socialiqa"
    native_fmt = "{L}: {t}"

    def __init__(self, qid, context, question, choices, ideal):
        super().__init__(qid, choices, ideal)
        self.ctx = context
        self.q = question

    def question_line(self):
        return self.q

    def short(self):
        return (self.ctx + " " + self.q).strip()

    def context(self, r):
        c = self.ctx.rstrip(".")
        c = c[0].lower() + c[1:] if c and not c.split()[0].istitle() else c
        return r.choice([
            f"The situation: {self.ctx}",
            f"The story tells us that {c}.",
            f"Here the key detail is that {c}.",
            f"We need to think about how people typically react when {c}.",
            f"The question asks: {self.q}",
        ])

    def why(self, i, r):
        c = self.t(i)
        return r.choice([
            f"{q(c)} is the most natural reaction given what happened.",
            f"The most likely outcome is {q(c)}, which fits how people usually respond in this kind of situation.",
            f"{q(c)} follows directly from the context.",
            f"Reading the situation, {q(c)} is what makes the most sense.",
            f"Socially, {q(c)} is the expected response here.",
        ])

    def whynot(self, i, r):
        c = self.t(i)
        return r.choice([
            f"{q(c)} doesn't really follow from what's described.",
            f"Nothing in the story suggests {q(c)}.",
            f"{q(c)} is possible but not supported by the context.",
            f"{q(c)} would be an odd reaction here.",
            f"{q(c)} misreads the intent behind the action.",
        ])

    def sources(self, r):
        return r.sample([
            "Social IQa: Commonsense Reasoning about Social Interactions (Sap et al., 2019)",
            "APA Dictionary of Psychology \u2013 reciprocity",
            "Psychology Today \u2013 Understanding social cues",
            "Knowledge base article: Interpreting everyday situations",
        ], 2)


# --------------------------- hitom -----------------------------------------
class HiToM(Question):
    set_name = "theory_of_mind.hitom-multiple-choice"
    native_fmt = "{L}. {t}"

    def __init__(self, qid, story_lines, question, choices, ideal):
        super().__init__(qid, choices, ideal)
        self.lines = story_lines
        self.q = question.lstrip("*")
        m = re.search(r"the (\w+) (?:really|is)\?", self.q)
        self.obj = m.group(1) if m else "object"
        self.mentions = {}
        for i, c in enumerate(choices):
            for ln, text in enumerate(story_lines, 1):
                if re.search(r"\b" + re.escape(c) + r"\b", text):
                    self.mentions.setdefault(i, []).append((ln, re.sub(r"^\d+ ", "", text)))

    def question_line(self):
        return self.q

    def short(self):
        return self.q

    def in_story(self):
        return sorted(self.mentions)

    def distractor(self, k, r):
        c = [i for i in self.in_story() if i != k]
        return r.choice(c) if c else r.choice(self.others(k))

    def relevant(self, k, r, m=3):
        s = sorted(set([k] + self.in_story()))
        if len(s) > 5:
            others = [i for i in s if i != k]
            r.shuffle(others)
            s = sorted([k] + others[:4])
        if len(s) < 2:
            s = sorted([k] + r.sample(self.others(k), 1))
        return s

    def context(self, r):
        return r.choice([
            f"We need to track every movement of the {self.obj} and who was in the room when it happened.",
            f"Let's trace the {self.obj} through the story line by line.",
            f"The trick is to keep track of who saw each move of the {self.obj} before leaving.",
            f"First, list where the {self.obj} goes, then check who witnessed each move.",
            f"Question: {self.q} I'll follow the {self.obj} step by step.",
        ])

    def why(self, i, r):
        c = self.t(i)
        if i in self.mentions:
            ln, text = self.mentions[i][-1]
            return r.choice([
                f"Line {ln} says \"{text}\" \u2014 that is the relevant state, so the answer is the {c}.",
                f"The key event is line {ln}: {text} So the location we want is {c}.",
                f"According to line {ln} ({text.rstrip('.')}), the {self.obj} ends up associated with {c} for the person in question.",
                f"Tracing the moves, the last relevant one is line {ln}: {text} That gives {c}.",
            ])
        return f"Given who left the room when, the {self.obj} should be believed to be in the {c}."

    def whynot(self, i, r):
        c = self.t(i)
        if i in self.mentions:
            ln, text = self.mentions[i][0]
            return r.choice([
                f"The {c} shows up at line {ln}, but that isn't the final relevant state.",
                f"{c} was true only until the {self.obj} was moved again.",
                f"{c} reflects an outdated belief, not the one the question asks about.",
                f"Line {ln} mentions {c}, but later events override it.",
            ])
        return r.choice([
            f"{c} never appears in the story at all.",
            f"{c} isn't mentioned anywhere, so it can be ruled out.",
        ])

    def para(self, i, r):
        return "the " + self.t(i).replace("_", " ")

    def sources(self, r):
        return r.sample([
            "Uploaded story transcript, lines 1\u201320",
            "Hi-ToM benchmark description (He et al., 2023)",
            "Story notes (user document)",
        ], 2)


# --------------------------- rhetorical devices ----------------------------
DEVICES = [
    ("Alliteration", "repeats the same initial consonant sound in nearby words", "alliterative"),
    ("Assonance", "repeats vowel sounds within nearby words", None),
    ("Consonance", "repeats consonant sounds within or at the end of words", None),
    ("Cacophony", "uses harsh, jarring sounds", "cacophonous"),
    ("Onomatopoeia", "uses a word that imitates a sound", "onomatopoeic"),
    ("Anadiplosis", "repeats the last word of one clause at the start of the next", None),
    ("Conduplicatio", "repeats a key word across successive clauses", None),
    ("Anaphora", "repeats the same words at the start of successive clauses", "anaphoric"),
    ("Epistrophe", "repeats the same words at the end of successive clauses", None),
    ("Symploce", "repeats words at both the start and the end of successive clauses", None),
    ("Epanalepsis", "begins and ends a clause with the same word", None),
    ("Epizeuxis", "repeats a word immediately in succession", None),
    ("Antanaclasis", "repeats a word with a different meaning each time", None),
    ("Diacope", "repeats a word with one or two words in between", None),
    ("Antithesis", "juxtaposes contrasting ideas in parallel structure", "antithetical"),
    ("Antimetabole", "repeats words in reverse order", None),
    ("Chiasmus", "reverses grammatical structure in successive phrases", "chiastic"),
    ("Asyndeton", "leaves out conjunctions between items", "asyndetic"),
    ("Polysyndeton", "uses many conjunctions in close succession", "polysyndetic"),
    ("Catacosmesis", "orders words from most to least important (or the reverse)", None),
    ("Oxymoron", "pairs contradictory terms", "oxymoronic"),
    ("Zeugma", "uses one word to govern two others in different senses", "zeugmatic"),
]


class Rhetorical(Question):
    set_name = "rhetorical-devices"
    lower_letters = True
    native_fmt = "{L} {t}"

    def __init__(self, qid, orig, mod, ideal):
        super().__init__(qid, [d[0] for d in DEVICES], ideal)
        self.orig = orig
        self.mod = mod

    def question_line(self):
        return "Which rhetorical device was added to the original sentence?"

    def short(self):
        return f"ORIGINAL {self.orig} MODIFIED {self.mod}"

    def distractor(self, k, r):
        near = [i for i in range(max(0, k - 3), min(self.n, k + 4)) if i != k]
        return r.choice(near)

    def relevant(self, k, r, m=3):
        d = self.distractor(k, r)
        d2 = self.distractor(k, r)
        return sorted(set([k, d, d2]))

    def context(self, r):
        return r.choice([
            f"The original sentence is \"{self.orig}\" and the modified one is \"{self.mod}\".",
            f"Comparing the two versions: \"{self.orig}\" became \"{self.mod}\".",
            f"Let's compare what changed between the original and the modified sentence.",
            f"The modification turns \"{self.orig}\" into \"{self.mod}\", so we should look at what was added.",
        ])

    def why(self, i, r):
        name, d, _ = DEVICES[i]
        return r.choice([
            f"The modified sentence {d}, which is the definition of {name.lower()}.",
            f"What was added is a pattern that {d} \u2014 that's {name}.",
            f"\"{self.mod}\" {d}; the most specific label for that is {name}.",
            f"Since the new version {d}, the device is {name}.",
        ])

    def whynot(self, i, r):
        name, d, _ = DEVICES[i]
        return r.choice([
            f"It isn't {name}, which would require that the sentence {d}.",
            f"{name} doesn't fit: nothing in the modification {d}.",
            f"{name} is close, but it's less specific than what's going on here.",
            f"I don't see {name.lower()} here.",
        ])

    def para(self, i, r):
        adj = DEVICES[i][2]
        if not adj:
            return None
        return adj

    def sources(self, r):
        return r.sample([
            "Silva Rhetoricae (rhetoric.byu.edu)",
            "Wikipedia \u2013 List of rhetorical devices",
            "Purdue OWL \u2013 Rhetorical Situations",
            "LitCharts \u2013 Literary devices glossary",
        ], 2)


# --------------------------- numeral-type-comparisons ----------------------
WORDNUM = {"two": 2, "eight": 8, "nine": 9}


def numeral_value(s):
    s = s.strip()
    try:
        if s.lower().startswith("0x"):
            return int(s, 16), f"{s} is hexadecimal for {int(s, 16)}"
        if s.lower().startswith("0b"):
            return int(s, 2), f"{s} is binary for {int(s, 2)}"
        if s.endswith("LL"):
            return int(s[:-2]), f"{s} is a C/C++ long long literal with value {int(s[:-2])}"
        if s.lower() in WORDNUM:
            return WORDNUM[s.lower()], f"\"{s}\" is just the word for {WORDNUM[s.lower()]}"
        v = float(s)
        if v == int(v) and "." not in s:
            return int(v), f"{s} is the plain integer {int(v)}"
        if v == int(v):
            return v, f"{s} is {int(v)} written with decimal places"
        return v, f"{s} is not a whole number"
    except ValueError:
        return None, None


class Numeral(Question):
    set_name = "numeral-type-comparisons"
    native_fmt = "{L}) {t}"

    def __init__(self, qid, question, choices, ideal):
        super().__init__(qid, choices, ideal)
        self.q = question
        self.target = 2 if "1+1" in question else 8
        self.notes = {}
        for i, c in enumerate(choices):
            v, note = numeral_value(c)
            if v is not None:
                self.notes[i] = (v == self.target, note)
                continue
            m = re.match(r"(?:More|Greater) than (\S+) and (?:fewer|less) than (\S+)$", c)
            if m:
                lo, _ = numeral_value(m.group(1))
                hi, _ = numeral_value(m.group(2))
                ok = lo is not None and hi is not None and lo < self.target < hi
                self.notes[i] = (ok, f"the range in \"{c}\" {'does' if ok else 'does not'} contain {self.target}")

    def question_line(self):
        return self.q

    def short(self):
        return self.q

    def valid_literals(self):
        return [i for i, (ok, _) in sorted(self.notes.items()) if ok]

    def distractor(self, k, r):
        v = self.valid_literals()
        cands = [i for i in v if i != k]
        if cands and r.random() < 0.6:
            return r.choice(cands)
        return r.choice(self.others(k))

    def relevant(self, k, r, m=3):
        lits = sorted(self.notes)
        s = sorted(set(lits + [k]))
        return s

    def context(self, r):
        v = self.target
        return r.choice([
            f"The true value is {v}, so we need to check which listed representations equal {v}.",
            f"{self.q} The answer is {v}; the question is which notations express {v}.",
            f"Each option is a different way of writing a number, and we need the ones equal to {v}.",
            f"This is a trick question about numeric notations: several options may all mean {v}.",
        ])

    def why(self, i, r):
        c = self.t(i)
        if i in self.notes:
            ok, note = self.notes[i]
            if ok:
                return f"{note}, so {q(c)} is the answer."
            return r.choice([f"{q(c)} looks like the intended value, so I'll pick it.",
                             f"{q(c)} is the closest match to {self.target}."])
        valid = [LET[j] for j in self.valid_literals()]
        if not valid:
            if c.lower() == "none of the above":
                return f"None of the listed values actually equals {self.target}, so {q(c)} is correct."
            return f"Checking the values one by one, {q(c)} seems to fit best."
        lst = ", ".join(valid[:-1]) + " and " + valid[-1] if len(valid) > 1 else valid[0]
        return r.choice([
            f"Options {lst} all represent {self.target}, which makes {q(c)} the right pick." if len(valid) > 1
            else f"Only option {lst} represents {self.target}, which makes {q(c)} the right pick.",
            f"Counting the options equal to {self.target} ({lst}), {q(c)} is the one that fits.",
            f"Since {lst} evaluate{'s' if len(valid) == 1 else ''} to {self.target}, the correct choice is {q(c)}.",
        ])

    def whynot(self, i, r):
        c = self.t(i)
        if i in self.notes:
            ok, note = self.notes[i]
            if ok:
                return f"{note}, but picking it alone would ignore the other valid forms."
            return f"{note}, so {q(c)} on its own is wrong."
        return r.choice([
            f"{q(c)} doesn't match how many options are actually valid.",
            f"{q(c)} miscounts the valid representations.",
        ])

    def para(self, i, r):
        c = self.t(i).lower()
        if c == "all of the above":
            return r.choice(["every one of the listed values is correct", "all of them"])
        if c == "none of the above":
            return r.choice(["none of the listed values is correct", "none of them"])
        if c == "exactly two of the above":
            return "precisely two of the listed values are correct"
        return None

    def sources(self, r):
        return r.sample([
            "cppreference.com \u2013 Integer literal",
            "Python docs \u2013 Numeric literals",
            "IEEE 754 floating point overview",
            "Wikipedia \u2013 Hexadecimal",
        ], 2)


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------
def load():
    z = zipfile.ZipFile(WHEEL)
    out = {}

    qs = []
    seen = set()
    for n, d in enumerate(read_jsonl(z, "quartz/samples.jsonl")):
        u = d["input"][-1]["content"]
        m = re.match(r"^(.*?)\n\n A: (.*)\n B: (.*)$", u, re.S)
        if not m:
            continue
        stem, a, b = m.group(1).strip(), m.group(2).strip(), m.group(3).strip()
        if stem in seen or not distinct_ok([a, b]):
            continue
        if any(x.endswith((" or", "?")) or len(x) > 60 for x in (a, b)):
            continue
        seen.add(stem)
        qs.append(Quartz(f"quartz-{n:05d}", stem, [a, b], LET.index(d["ideal"])))
    out["quartz"] = qs

    qs = []
    for n, d in enumerate(read_jsonl(z, "theory_of_mind/socialiqa/test.jsonl")):
        u = d["input"][-1]["content"]
        m = re.match(r"^(.*?) A: (.*?); B: (.*?); C: (.*?)\.?$", u, re.S)
        if not m:
            continue
        pre = m.group(1).strip()
        ch = [m.group(i).strip() for i in (2, 3, 4)]
        if not distinct_ok(ch) or any(";" in c for c in ch):
            continue
        mm = re.match(r"^(.*[.!])\s+([^.!?]*\?)$", pre, re.S)
        if not mm:
            continue
        qs.append(SocialIQA(f"socialiqa-{n:05d}", mm.group(1).strip(), mm.group(2).strip(), ch, LET.index(d["ideal"])))
    out["theory_of_mind.socialiqa"] = qs

    qs = []
    for n, d in enumerate(read_jsonl(z, "theory_of_mind/hitom/hitom-multiple-choice.jsonl")):
        u = d["input"][-1]["content"]
        parts = u.rsplit("\n\n", 1)
        if len(parts) != 2:
            continue
        story, tail = parts
        tl = tail.split("\n")
        if len(tl) != 2:
            continue
        ques, optline = tl
        opts = re.findall(r"([A-O])\. ([^,]+)(?:, |$)", optline)
        if len(opts) != 15 or [o[0] for o in opts] != list(LET[:15]):
            continue
        ch = [o[1].strip() for o in opts]
        if not distinct_ok(ch):
            continue
        qs.append(HiToM(f"hitom-{n:05d}", story.split("\n"), ques.strip(), ch, LET.index(d["ideal"])))
    out["theory_of_mind.hitom-multiple-choice"] = qs

    qs = []
    names = [x[0].lower() for x in DEVICES]
    for n, d in enumerate(read_jsonl(z, "rhetorical_devices/samples.jsonl")):
        u = d["input"][1]["content"]
        m = re.match(r"ORIGINAL (.*?) MODIFIED (.*?) Reason step by step", u, re.S)
        sysmsg = d["input"][0]["content"]
        listed = re.findall(r"\(([a-v])\) ([A-Za-z]+)", sysmsg)
        if not m or [x[1] for x in listed] != [x[0] for x in DEVICES]:
            continue
        ideal = re.sub(r"^\([a-z]\)\s*", "", d["ideal"]).strip().lower()
        if ideal not in names:
            continue
        qs.append(Rhetorical(f"rhetorical-devices-{n:05d}", m.group(1).strip(), m.group(2).strip(), names.index(ideal)))
    out["rhetorical-devices"] = qs

    qs = []
    for n, d in enumerate(read_jsonl(z, "numeral-type-comparisons/samples.jsonl")):
        u = d["input"][1]["content"]
        m = re.match(r"^(.*?(?:is:|\?)) (A\) .*)$", u)
        if not m:
            continue
        opts = re.findall(r"([A-G])\) (.*?)(?:; |$)", m.group(2))
        if [o[0] for o in opts] != list(LET[: len(opts)]):
            continue
        ch = [o[1].strip() for o in opts]
        if not distinct_ok(ch):
            continue
        ideal = d["ideal"].strip("{}")
        qs.append(Numeral(f"numeral-type-comparisons-{n:05d}", m.group(1).strip(), ch, LET.index(ideal)))
    out["numeral-type-comparisons"] = qs
    return out


# ---------------------------------------------------------------------------
# Small text helpers
# ---------------------------------------------------------------------------
OPENERS = [
    "Great question!", "Sure! Let's work through it.", "Happy to help with this one.",
    "Good one \u2014 let's break it down.", "Absolutely! Here's my take.", "Of course!",
    "Alright, let's think about this.", "Ooh, fun one.", "Sure thing!", "Let's take a look.",
]
CONCL = [
    "Therefore, the answer is {X}.", "So the correct answer is {X}.", "Thus, the answer is **{X}**.",
    "Final answer: {X}", "Hence, {X} is correct.", "That makes {X} the best answer.",
    "So I'd go with {X}.", "The answer is therefore {X}.", "**Answer: {X}**",
]


def join(*parts):
    return " ".join(p for p in parts if p)


def fmt_ans(qq, k, r, allow_text=True):
    """A reference to option k as an assistant would write it inline."""
    L = qq.lt(k)
    forms = [L, f"({L})", f"{L}) {qq.t(k)}", f"**{L}**", f"option {L}"]
    if allow_text:
        forms += [f"{L} ({qq.t(k)})", f"**{L}: {qq.t(k)}**", f"{L} \u2014 {qq.t(k)}"]
    if qq.lower_letters:
        forms = [f"{L} {qq.t(k)}", f"{L}", f"**{L} {qq.t(k)}**", f"{qq.t(k)} {L}"]
    return r.choice(forms)


def truncate_mid(s, r):
    """Cut s somewhere in its last sentence, mid-word sometimes."""
    cut = r.randint(max(1, int(len(s) * 0.4)), max(2, len(s) - 2))
    return s[:cut].rstrip()


# ---------------------------------------------------------------------------
# Styles.  Each returns (reply, meant_index_or_None) or None if not applicable.
# ---------------------------------------------------------------------------
STYLES = {}
RUNON_POOL = {}


def style(name, null=False, weight=10):
    def deco(f):
        STYLES[name] = (f, null, weight)
        return f
    return deco


@style("bare_letter")
def s_bare(qq, k, r):
    L = qq.lt(k)
    return r.choice([L, L, f"{L}\n", f" {L}", L.upper() if qq.lower_letters else L]), k


@style("letter_punct")
def s_letter_punct(qq, k, r):
    L = qq.lt(k)
    return r.choice([f"{L}.", f"{L})", f"({L})", f"{L}:", f"({L})."]), k


@style("bold_letter")
def s_bold(qq, k, r):
    L = qq.lt(k)
    return r.choice([f"**{L}**", f"**{L}.**", f"**({L})**", f"The answer is **{L}**.", f"__{L}__"]), k


@style("answer_prefix")
def s_answer_prefix(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"Answer: {L}", f"The answer is {L}.", f"Final answer: {L}", f"Correct answer: {L}",
        f"ANSWER: {L}", f"The correct answer is {L}.", f"Answer - {L}", f"My answer: {L}",
    ]), k


@style("letter_and_text")
def s_letter_text(qq, k, r):
    L, t = qq.lt(k), qq.t(k)
    return r.choice([
        f"{L}) {t}", f"{L}: {t}", f"{L}. {t}", f"**{L}. {t}**", f"({L}) {t}", f"{L} - {t}",
        f"The answer is {L}: {t}.",
    ]), k


@style("requested_format")
def s_requested(qq, k, r):
    L = qq.lt(k)
    if isinstance(qq, Rhetorical):
        return r.choice([f"{L} {qq.t(k)}", f"{L} {qq.t(k)}.", f"Answer: {L} {qq.t(k)}"]), k
    if isinstance(qq, Numeral):
        return r.choice([f"{{{L}}}", f"{{{L}}}\n", f"The answer is {{{L}}}."]), k
    return r.choice([f"[{L}]", f"{{{L}}}", f"[[{L}]]", f"[{L}]\n", f"Answer: [{L}]"]), k


@style("json_object")
def s_json(qq, k, r):
    L = LET[k]
    v = r.randint(0, 4)
    if v == 0:
        s = json.dumps({"answer": L})
    elif v == 1:
        s = "```json\n" + json.dumps({"answer": L, "explanation": qq.why(k, r)}, indent=2, ensure_ascii=False) + "\n```"
    elif v == 2:
        s = json.dumps({"choice": L, "text": qq.t(k), "confidence": round(r.uniform(0.6, 0.97), 2)}, ensure_ascii=False)
    elif v == 3:
        s = json.dumps({"reasoning": qq.context(r) + " " + qq.why(k, r), "final_answer": L}, indent=2, ensure_ascii=False)
    else:
        s = "Here is the answer in JSON format:\n\n```json\n{\n  \"selected_option\": \"" + L + "\"\n}\n```"
    return s, k


@style("choice_text_only")
def s_text_only(qq, k, r):
    t = qq.t(k)
    return r.choice([t, t + ".", t.capitalize(), f"\"{t}\"", t + "\n"]), k


@style("bold_choice_text")
def s_bold_text(qq, k, r):
    t = qq.t(k)
    return r.choice([
        f"**{t}**", f"The answer is **{t}**.", f"**{t}** \u2014 {qq.why(k, r)}", f"\u2192 **{t}**",
    ]), k


@style("paraphrase")
def s_para(qq, k, r):
    p = qq.para(k, r)
    if not p:
        return None
    if isinstance(qq, Rhetorical):
        return r.choice([
            f"The modified sentence is {p}. {qq.why(k, r).split(',')[0]}.",
            f"It's {p} \u2014 the change makes \"{qq.mod}\" {p} where the original wasn't.",
            f"I'd describe the added device as {p}: compare \"{qq.orig}\" with \"{qq.mod}\".",
        ]), k
    if isinstance(qq, HiToM):
        return r.choice([
            f"It's in {p}.", f"{qq.context(r)} Following that through, the {qq.obj} would be in {p}.",
            f"They'd look in {p}.", f"In {p}, based on the last move they witnessed.",
        ]), k
    if isinstance(qq, Numeral):
        return r.choice([
            f"{qq.context(r)} So {p}.", f"Honestly, {p} \u2014 {qq.why(k, r)}",
        ]), k
    return r.choice([
        f"{p[0].upper() + p[1:]}.", f"{qq.context(r)} In this case, {p}.",
        f"Basically, {p}.", f"It'd be that {p} \u2014 {qq.context(r).lower()}",
    ]), k


@style("choice_text_in_sentence")
def s_text_in_sentence(qq, k, r):
    t = qq.t(k)
    if isinstance(qq, SocialIQA):
        return r.choice([
            f"Most likely they would {t}." if t.split()[0].islower() and not t.startswith(("a ", "an ", "the ")) else f"The best fit is \"{t}\".",
            f"I think the answer is \"{t}\" \u2014 {qq.why(k, r)}",
            f"{qq.context(r)} So the right option is the one that says \"{t}\".",
        ]), k
    if isinstance(qq, HiToM):
        return r.choice([
            f"The {qq.obj} is in the {t}.", f"They think it's in the {t}.",
            f"{qq.why(k, r)}",
            f"Answer: the {t}",
        ]), k
    if isinstance(qq, Rhetorical):
        return r.choice([
            f"The device added is {t.lower()}.", f"This is an example of {t}.", f"{qq.why(k, r)}",
        ]), k
    return r.choice([
        f"The correct choice is \"{t}\".", f"I'd say \"{t}\".", f"It should be \"{t}\".",
        f"The answer would be {t}.",
    ]), k


def cot_body(qq, k, r, mention_others=True):
    parts = [qq.context(r)]
    if mention_others:
        for i in qq.relevant(k, r):
            if i != k and r.random() < 0.7:
                parts.append(qq.whynot(i, r))
    parts.append(qq.why(k, r))
    return parts


@style("step_by_step", weight=14)
def s_cot(qq, k, r):
    parts = cot_body(qq, k, r)
    X = fmt_ans(qq, k, r)
    concl = r.choice(CONCL)
    concl = concl.format(X=X.replace("**", "") if "**" in concl else X)
    v = r.randint(0, 3)
    if v == 0:
        body = "Let's think step by step.\n\n" + "\n\n".join(parts)
    elif v == 1:
        body = "\n".join(f"{n}. {p}" for n, p in enumerate(parts, 1))
    elif v == 2:
        body = " ".join(parts)
    else:
        body = "**Step 1:** " + parts[0] + "\n\n" + "\n\n".join(f"**Step {n}:** {p}" for n, p in enumerate(parts[1:], 2))
    return body + "\n\n" + concl, k


@style("option_by_option", weight=12)
def s_each(qq, k, r):
    rel = qq.relevant(k, r)
    lines = [r.choice(["Let's look at each option:", "Going through the options:", "Option analysis:", qq.context(r)])]
    for i in rel:
        txt = qq.why(k, r) if i == k else qq.whynot(i, r)
        head = r.choice([f"**{qq.opt(i)}**", f"{qq.opt(i)}", f"- {qq.opt(i)}"])
        lines.append(f"{head}: {txt}" if not head.startswith("-") else f"{head} \u2014 {txt}")
    if isinstance(qq, HiToM) and r.random() < 0.6:
        lines.append("The remaining options are never mentioned in the story.")
    c = r.choice(CONCL)
    X = fmt_ans(qq, k, r)
    lines.append(c.format(X=X.replace("**", "") if "**" in c else X))
    return "\n\n".join(lines) if r.random() < 0.5 else "\n".join(lines), k


@style("elimination", weight=12)
def s_elim(qq, k, r):
    rel = [i for i in qq.relevant(k, r) if i != k]
    lines = []
    opener = r.choice(["Let's eliminate the wrong answers.", "Process of elimination:", "We can rule some options out first.", ""])
    if opener:
        lines.append(opener)
    for i in rel:
        lines.append(r.choice([
            f"- {qq.lt(i)} is out: {qq.whynot(i, r)}",
            f"{qq.lt(i)}) {qq.t(i)} \u2013 eliminated. {qq.whynot(i, r)}",
            f"~~{qq.opt(i)}~~ \u2014 {qq.whynot(i, r)}",
        ]))
    if qq.n > len(rel) + 1 and not isinstance(qq, Quartz):
        lines.append(r.choice(["The other options don't fit the story at all.", "The rest can be dismissed quickly.", "None of the others is even plausible."]))
    lines.append(r.choice([
        f"That leaves {fmt_ans(qq, k, r)}.", f"Only {fmt_ans(qq, k, r)} remains, and it checks out: {qq.why(k, r)}",
        f"By elimination, the answer is {fmt_ans(qq, k, r)}.",
    ]))
    return "\n".join(lines), k


@style("comparison_two", weight=10)
def s_compare(qq, k, r):
    d = qq.distractor(k, r)
    a, b = sorted([k, d])
    return r.choice([
        f"It comes down to {qq.lt(a)} vs {qq.lt(b)}. {qq.whynot(d, r)} {qq.why(k, r)} So {qq.lt(k)}.",
        f"The two real contenders are {qq.opt(a)} and {qq.opt(b)}. Between them, {qq.lt(k)} is better: {qq.why(k, r)}",
        f"I narrowed it down to \"{qq.t(a)}\" and \"{qq.t(b)}\". {qq.whynot(d, r)} Going with {fmt_ans(qq, k, r)}.",
        f"Comparing {qq.lt(d)} and {qq.lt(k)}: {qq.whynot(d, r)} Meanwhile, {lc(qq.why(k, r))}\n\nAnswer: {qq.lt(k)}",
    ]), k


@style("negation_contrast", weight=12)
def s_neg(qq, k, r):
    d = qq.distractor(k, r)
    L, D = qq.lt(k), qq.lt(d)
    return r.choice([
        f"Not {D} \u2014 {L}.",
        f"It's not \"{qq.t(d)}\", it's \"{qq.t(k)}\".",
        f"The answer isn't {D}; it's {L}. {qq.whynot(d, r)}",
        f"Many people would pick {D} here, but that's a trap. The correct answer is {L}.",
        f"{L}, not {D}. {qq.why(k, r)}",
        f"Definitely not {qq.opt(d)}. {qq.whynot(d, r)} The right one is {qq.opt(k)}.",
    ]), k


@style("hedged_lean", weight=12)
def s_hedge(qq, k, r):
    d = qq.distractor(k, r)
    L, D = qq.lt(k), qq.lt(d)
    return r.choice([
        f"Probably {L}, though {D} is possible.",
        f"I'm not 100% sure, but I'd go with {L}. {qq.why(k, r)}",
        f"My best guess is {fmt_ans(qq, k, r)} \u2014 {D} is a close second.",
        f"I think it's {L}, but I could be wrong. {qq.whynot(d, r)}",
        f"This one is tricky. {qq.context(r)} I lean towards {qq.opt(k)}, although I can see an argument for {D}.",
        f"Likely answer: {L} (moderate confidence).",
    ]), k


@style("confidence_scores", weight=8)
def s_conf(qq, k, r):
    rel = qq.relevant(k, r)
    rest = [i for i in rel if i != k]
    top = r.randint(60, 85)
    rem = 100 - top
    vals = {}
    for j, i in enumerate(rest):
        share = rem if j == len(rest) - 1 else r.randint(0, rem)
        vals[i] = share
        rem -= share
    vals[k] = top
    lines = [f"{qq.lt(i)}: {vals[i]}%" for i in rel]
    tail = r.choice(["", f"\n\nMost likely: {qq.lt(k)}", f"\n\n\u2192 {qq.lt(k)}"])
    head = r.choice(["Estimated probabilities:\n", "Confidence per option:\n", ""])
    return head + "\n".join(lines) + tail, k


@style("ranking", weight=7)
def s_rank(qq, k, r):
    rel = [i for i in qq.relevant(k, r) if i != k]
    r.shuffle(rel)
    order = [k] + rel
    return r.choice([
        "Ranking from most to least likely: " + " > ".join(qq.lt(i) for i in order),
        "My ranking:\n" + "\n".join(f"{n}. {qq.opt(i)}" for n, i in enumerate(order, 1)),
        f"Most likely {qq.lt(order[0])}, then " + ", then ".join(qq.lt(i) for i in order[1:]) + ".",
    ]), k


@style("self_correction", weight=12)
def s_selfcorr(qq, k, r):
    d = qq.distractor(k, r)
    L, D = qq.lt(k), qq.lt(d)
    return r.choice([
        f"{D}. Wait \u2014 no, re-reading the question, it's {L}.",
        f"The answer is {D}... actually, let me reconsider. {qq.whynot(d, r)} {qq.why(k, r)} So the correct answer is {L}.",
        f"~~{D}~~ {L}",
        f"Initially I thought {qq.opt(d)}, but on closer inspection {lc(qq.whynot(d, r))} The answer is {qq.opt(k)}.",
        f"{D}\n\nCorrection: the answer is {L}. I misread the question the first time.",
        f"I'll say {D}. Hmm, no. {qq.why(k, r)} Final: {L}.",
    ]), k


@style("apology_correction", weight=10)
def s_apology(qq, k, r):
    d = qq.distractor(k, r)
    L, D = qq.lt(k), qq.lt(d)
    return r.choice([
        f"I apologize for the confusion in my previous answer. The correct answer is {L}.",
        f"You're right, sorry about that \u2014 it should be {L}, not {D}. {qq.why(k, r)}",
        f"Apologies for the mistake! After rechecking: {qq.why(k, r)} So the answer is {fmt_ans(qq, k, r)}.",
        f"Sorry, I made an error earlier when I said {D}. {qq.whynot(d, r)} The right answer is {qq.opt(k)}.",
        f"My apologies \u2014 I misread the options. The answer is {L}.",
    ]), k


@style("ordinal_reference", weight=10)
def s_ordinal(qq, k, r):
    if qq.n > 7:
        return None
    ords = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh"]
    o = ords[k]
    if k == qq.n - 1 and r.random() < 0.5:
        o = "last"
    return r.choice([
        f"The {o} option.", f"I'd pick the {o} one: \"{qq.t(k)}\".", f"It's the {o} choice.",
        f"{qq.context(r)} That points to the {o} answer.",
        f"The {o} option is correct \u2014 {lc(qq.why(k, r))}",
    ]), k


@style("markdown_table", weight=10)
def s_table(qq, k, r):
    rel = qq.relevant(k, r)
    if isinstance(qq, Quartz) or isinstance(qq, SocialIQA):
        rel = list(range(qq.n))
    mark_ok, mark_no = r.choice([("\u2705", "\u274c"), ("Correct", "Incorrect"), ("\u2713", "\u2717"), ("Yes", "No")])
    rows = ["| Option | Verdict | Reason |", "|---|---|---|"]
    for i in rel:
        reason = qq.why(k, r) if i == k else qq.whynot(i, r)
        rows.append(f"| {qq.opt(i)} | {mark_ok if i == k else mark_no} | {reason} |")
    tail = r.choice(["", f"\n\n**Answer: {qq.lt(k)}**", f"\n\nSo the answer is {fmt_ans(qq, k, r)}."])
    head = r.choice(["", "Here's a quick comparison:\n\n", qq.context(r) + "\n\n"])
    return head + "\n".join(rows) + tail, k


@style("bullet_verdicts", weight=10)
def s_bullets(qq, k, r):
    rel = qq.relevant(k, r)
    if isinstance(qq, Quartz) or isinstance(qq, SocialIQA):
        rel = list(range(qq.n))
    sym = r.choice([("\u2705", "\u274c"), ("(correct)", "(incorrect)"), ("\u2714", "\u2716")])
    b = r.choice(["-", "*", "\u2022"])
    lines = []
    for i in rel:
        reason = qq.why(k, r) if i == k else qq.whynot(i, r)
        lines.append(f"{b} {qq.opt(i)} {sym[0] if i == k else sym[1]} {reason}")
    tail = r.choice(["", f"\n\nAnswer: {qq.lt(k)}", f"\n\n**Correct option: {qq.opt(k)}**"])
    return "\n".join(lines) + tail, k


@style("quote_question", weight=9)
def s_quote(qq, k, r):
    ql = qq.short()
    return r.choice([
        f"> {ql}\n\nAnswer: {fmt_ans(qq, k, r)}",
        f"You asked: \"{qq.question_line()}\"\n\n{qq.why(k, r)} So the answer is {qq.lt(k)}.",
        f"Question: {ql}\nAnswer: {qq.opt(k)}",
        f"Regarding \"{qq.question_line()}\" \u2014 the answer is {fmt_ans(qq, k, r)}.",
    ]), k


@style("restated_answer", weight=9)
def s_restate(qq, k, r):
    if isinstance(qq, Quartz):
        stem = qq.stem.rstrip(" .")
        tk = qq.t(k).rstrip(".")
        if "_" in stem:
            s = re.sub(r"_+", tk, stem, count=1)
        elif stem.endswith("?"):
            s = f"{stem} {tk[0].upper() + tk[1:]}."
        else:
            s = f"{stem} {tk}."
        return r.choice([f"{s} ({qq.lt(k)})", f"{s}\n\nAnswer: {qq.lt(k)}", f"{s} That's option {qq.lt(k)}."]), k
    if isinstance(qq, HiToM):
        return f"{qq.q.rstrip('?')} \u2192 the {qq.t(k)} ({qq.lt(k)}).", k
    if isinstance(qq, Rhetorical):
        return f"The device added to \"{qq.orig}\" to produce \"{qq.mod}\" is {qq.t(k).lower()}, option {qq.lt(k)}.", k
    if isinstance(qq, Numeral):
        return f"{qq.q} \u2014 {qq.t(k)} ({qq.lt(k)}).", k
    return r.choice([
        f"{qq.q} The most likely answer is \"{qq.t(k)}\" \u2014 option {qq.lt(k)}.",
        f"{qq.q} \u2192 \"{qq.t(k)}\" ({qq.lt(k)})",
    ]), k


@style("chatty_opener", weight=10)
def s_chatty(qq, k, r):
    op = r.choice(OPENERS)
    return r.choice([
        f"{op} {qq.context(r)} {qq.why(k, r)}\n\nSo the answer is {fmt_ans(qq, k, r)}. Let me know if you'd like more detail!",
        f"{op}\n\nThe answer is **{qq.lt(k)}**.\n\n{qq.why(k, r)}",
        f"{op} I'd go with {qq.opt(k)}. {qq.why(k, r)} Hope that helps! \U0001F60A",
        f"{op} This one trips people up. {qq.whynot(qq.distractor(k, r), r)} The correct choice is {qq.lt(k)}.",
    ]), k


@style("support_bot", weight=8)
def s_support(qq, k, r):
    return r.choice([
        f"Hi there! Thanks for reaching out. \U0001F44B\n\nBased on the information provided, the correct option is **{qq.lt(k)}** ({qq.t(k)}).\n\nIs there anything else I can help you with today?",
        f"Hello! I'd be glad to assist.\n\n{qq.why(k, r)}\n\nTherefore, the answer is {qq.lt(k)}.\n\nIf you have further questions, feel free to contact our support team.",
        f"Thank you for your question! The answer you're looking for is option {qq.lt(k)}: {qq.t(k)}.\n\nWas this answer helpful? \U0001F44D \U0001F44E",
        f"Hi! I'm your virtual study assistant. After reviewing the question, I recommend selecting {qq.opt(k)}.\n\nHave a great day!",
    ]), k


@style("rag_citations", weight=10)
def s_rag(qq, k, r):
    src = qq.sources(r)
    v = r.randint(0, 3)
    if v == 0:
        s = (f"According to the retrieved documents [1][2], {lc(qq.why(k, r))}\n\n"
             f"**Answer: {qq.lt(k)}**\n\nSources:\n[1] {src[0]}\n[2] {src[1]}")
    elif v == 1:
        s = (f"{qq.context(r)} [1] {qq.why(k, r)} [2]\n\nThe correct option is {qq.opt(k)}.\n\n"
             f"References\n1. {src[0]}\n2. {src[1]}")
    elif v == 2:
        s = (f"Answer: {qq.lt(k)}\n\n{qq.why(k, r)}\n\nSource: {src[0]}\n\n---\n"
             "*This answer was generated by AI and may contain errors. Please verify with the cited sources.*")
    else:
        s = (f"Based on 2 sources:\n\n{qq.why(k, r)}\u00b9 {qq.whynot(qq.distractor(k, r), r)}\u00b2\n\n"
             f"\u2192 **{qq.opt(k)}**\n\n\u00b9 {src[0]}\n\u00b2 {src[1]}")
    return s, k


@style("refusal", null=True, weight=8)
def s_refuse(qq, k, r):
    return r.choice([
        "I'm sorry, but I can't help with that.",
        "I'm not able to assist with answering exam or test questions directly. I'd be happy to explain the underlying concepts instead!",
        "I can't provide answers to what appears to be an assessment. Is there something else I can help you with?",
        "Sorry, I can't assist with this request.",
        "As an AI developed to support learning, I can't just give you the answer, but I can help you reason through it. What do you think the first step is?",
    ]), None


@style("dont_know", null=True, weight=8)
def s_idk(qq, k, r):
    return r.choice([
        "I don't know.",
        "I'm not sure which option is correct.",
        f"I don't have enough information to answer this confidently. {qq.context(r)}",
        "Honestly, I can't tell from the question as written. Sorry!",
        "I'm unable to determine the correct answer.",
        "Unknown",
    ]), None


@style("clarifying_question", null=True, weight=7)
def s_clarify(qq, k, r):
    return r.choice([
        f"Could you clarify what you mean by \"{qq.question_line()}\"? The wording is a bit ambiguous.",
        "Before I answer, could you tell me whether you want the most specific option or just any correct one?",
        "Can you share the rest of the question? It looks like some context might be missing.",
        "Do you want me to explain my reasoning as well, or just give the letter?",
        f"Just to make sure I understand: are we assuming {lc(qq.context(r))[:-1]}?",
    ]), None


@style("hedged_undecided", null=True, weight=10)
def s_undecided(qq, k, r):
    d = qq.distractor(k, r)
    a, b = sorted([k, d])
    A, B = qq.lt(a), qq.lt(b)
    return r.choice([
        f"It could be {A} or {B}; it's hard to say without more context.",
        f"I'm torn between {qq.opt(a)} and {qq.opt(b)}. Both seem defensible.",
        f"Either {A} or {B} could be argued. {qq.whynot(a, r)} But on the other hand, {lc(qq.whynot(b, r))}",
        f"{qq.context(r)} Honestly, \"{qq.t(a)}\" and \"{qq.t(b)}\" both seem plausible, and I can't decide between them.",
        f"Somewhere between {A} and {B} \u2014 I wouldn't want to commit to one.",
    ]), None


@style("multiple_answers", null=True, weight=8)
def s_multi(qq, k, r):
    d = qq.distractor(k, r)
    a, b = sorted([k, d])
    A, B = qq.lt(a), qq.lt(b)
    return r.choice([
        f"{A}, {B}", f"{A} and {B} are both correct.", f"Answer: {A}, {B}",
        f"Both {qq.opt(a)} and {qq.opt(b)} apply here.", f"[{A}] [{B}]",
    ]), None


@style("restate_options_only", null=True, weight=6)
def s_restate_only(qq, k, r):
    rel = list(range(qq.n)) if qq.n <= 7 else qq.relevant(k, r, 4)
    lst = "\n".join(qq.opt(i) for i in rel)
    return r.choice([
        f"The options are:\n{lst}",
        f"Let me restate the question: {qq.question_line()}\n\n{lst}\n\nWhich one would you like me to explain?",
        f"Here are the choices again:\n{lst}\n\nLet me know if you'd like help working through them.",
    ]), None


@style("conditional_answer", null=True, weight=6)
def s_cond(qq, k, r):
    d = qq.distractor(k, r)
    a, b = k, d
    if isinstance(qq, Rhetorical):
        return r.choice([
            f"If you focus on the sound pattern, it's {qq.lt(a)} {qq.t(a)}; if you focus on the structure, it's {qq.lt(b)} {qq.t(b)}.",
            f"It depends on what counts as 'most specific': strictly speaking {qq.t(a)}, but a looser reading gives {qq.t(b)}.",
        ]), None
    return r.choice([
        f"If we take the question literally, {qq.lt(a)}; if we read it more loosely, {qq.lt(b)}.",
        f"It depends on the assumptions. Under the standard interpretation it's {qq.opt(a)}, otherwise {qq.opt(b)}.",
        f"That depends on context \u2014 in some cases {qq.t(a)}, in others {qq.t(b)}.",
    ]), None


@style("none_correct", null=True, weight=6)
def s_none(qq, k, r):
    if isinstance(qq, Numeral):
        return None
    return r.choice([
        "None of the provided options seems correct to me.",
        f"Honestly, none of these answers fits. {qq.whynot(k, r)} {qq.whynot(qq.distractor(k, r), r)}",
        "I don't think any of the choices is right \u2014 the question may contain an error.",
        "All of the options are flawed; the question needs to be revised.",
    ]), None


@style("no_choice_discussion", null=True, weight=8)
def s_nochoice(qq, k, r):
    if isinstance(qq, Rhetorical):
        body = (f"Rhetorical devices can change a sentence's sound, structure, or meaning. Here \"{qq.orig}\" was rewritten as "
                f"\"{qq.mod}\". To identify the device, look at what was added: repetition, sound patterns, or a change in word order.")
    elif isinstance(qq, HiToM):
        body = (f"To answer this you need to track each character's knowledge. Every time someone exits the room, their "
                f"belief about the {qq.obj} freezes at whatever they last saw. Characters may also lie in the waiting room, "
                "so private and public claims should be weighed by who trusts whom.")
    elif isinstance(qq, Numeral):
        body = ("Different notations can represent the same value: hexadecimal uses a 0x prefix, binary 0b, and suffixes like LL "
                "only change the type, not the value. Trailing zeros after a decimal point don't change the number either.")
    elif isinstance(qq, SocialIQA):
        body = (f"{qq.context(r)} Questions like this test social commonsense: you have to infer motivations and emotional "
                "reactions that aren't stated explicitly. Think about what a typical person would feel or do next.")
    else:
        body = (f"{qq.context(r)} In physics questions like this, first identify the variables, then recall whether the law "
                "that connects them is a direct or an inverse proportion.")
    return r.choice([body, body + " I hope this helps you work out the answer!", "Good question! " + body]), None


@style("truncated_precommit", null=True, weight=10)
def s_trunc_pre(qq, k, r):
    # reject at most n-2 options so that the cut-off text never implies a single answer
    parts = [qq.context(r)]
    rejected = [i for i in qq.relevant(k, r) if i != k][: max(0, qq.n - 2)]
    for i in rejected:
        parts.append(qq.whynot(i, r))
    text = " ".join(parts)
    endings = [
        " So the answer must be", " Therefore, the correct answer is **", f" Now looking at option {qq.lt(k)}, it",
        " Putting this together, the", " Based on this, I", " Let me check the remaining",
    ]
    if r.random() < 0.55:
        return text + r.choice(endings), None
    return truncate_mid(text, r), None


@style("truncated_postcommit", weight=9)
def s_trunc_post(qq, k, r):
    expl = qq.why(k, r) + " " + qq.whynot(qq.distractor(k, r), r)
    cut = truncate_mid(expl, r)
    return r.choice([
        f"**Answer: {qq.lt(k)}**\n\nExplanation: {cut}",
        f"The answer is {qq.opt(k)}. This is because {lc(cut)}",
        f"{qq.lt(k)}\n\n{cut}",
    ]), k


@style("lowercase_casual", weight=10)
def s_lower(qq, k, r):
    L = qq.lt(k).lower()
    t = qq.t(k).lower()
    forms = [f"{L}", f"the answer is {L} i think", f"{L} - {t}", f"answer: {L}", f"i'd say {L}, {t}"]
    if L != "a":
        forms += [f"its {L}", f"prob {L}"]
    return r.choice(forms), k


@style("all_caps", weight=6)
def s_caps(qq, k, r):
    L = qq.lt(k).upper()
    return r.choice([
        f"ANSWER: {L}", f"THE ANSWER IS {L}.", f"{L}) {qq.t(k).upper()}", f"CORRECT OPTION: {L}",
    ]), k


@style("typos", weight=10)
def s_typos(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"Teh answer is {L}.", f"Anser: {L}", f"I beleive the corect option is {L}.",
        f"the answr shoud be {L} becuase {qq.why(k, r).lower()}", f"Corect answer: {L}) {qq.t(k)}",
        f"I thnik it's {L}", f"Finel answer {L}",
    ]), k


@style("code_block", weight=9)
def s_code(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"```\n{L}\n```", f"```text\nAnswer: {L}\n```", f"```python\nanswer = \"{L}\"\n```",
        f"```\n{qq.opt(k)}\n```", f"Here you go:\n\n```\nFinal answer: {L}\n```",
    ]), k


@style("xml_tags", weight=8)
def s_xml(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"<answer>{L}</answer>", f"<final_answer>{L}</final_answer>",
        f"<reasoning>{qq.context(r)} {qq.why(k, r)}</reasoning>\n<answer>{L}</answer>",
        f"<answer>\n{qq.opt(k)}\n</answer>", f"<output>{L}</output>",
    ]), k


@style("latex_boxed", weight=7)
def s_boxed(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"\\boxed{{{L}}}", f"$\\boxed{{\\text{{{L}}}}}$", f"{qq.why(k, r)}\n\nThe answer is $\\boxed{{{L}}}$.",
        f"**Final Answer**\n\n\\[\n\\boxed{{{L}}}\n\\]",
    ]), k


@style("key_value", weight=7)
def s_kv(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"answer: {L}\nconfidence: high\nreason: {qq.why(k, r)}",
        f"Answer = {L}\nJustification = {qq.why(k, r)}",
        f"selected: {L}\nselected_text: {qq.t(k)}",
        f"Option: {L}\nConfidence: {r.randint(60, 95)}%",
    ]), k


@style("tool_call", weight=6)
def s_tool(qq, k, r):
    L = LET[k]
    v = r.randint(0, 2)
    if v == 0:
        return json.dumps({"name": "submit_answer", "arguments": {"choice": L}}), k
    if v == 1:
        return "<tool_call>\n" + json.dumps({"name": "record_answer", "arguments": {"question_id": qq.id, "answer": L}}) + "\n</tool_call>", k
    return f"I'll submit my answer now.\n\n[submit_answer(option=\"{L}\")]", k


@style("option_word", weight=9)
def s_optword(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"Option {L}", f"Choice {L} is correct.", f"I'd go with option ({L}).", f"Option {L} is the right one.",
        f"The correct choice is option {L}: {qq.t(k)}.",
    ]), k


@style("heading_sections", weight=9)
def s_heading(qq, k, r):
    d = qq.distractor(k, r)
    return r.choice([
        f"## Analysis\n\n{qq.context(r)} {qq.whynot(d, r)}\n\n## Answer\n\n**{qq.opt(k)}**",
        f"### Reasoning\n{qq.why(k, r)}\n\n### Final Answer\n{qq.lt(k)}",
        f"**Answer:** {qq.opt(k)}\n\n**Explanation:**\n{qq.why(k, r)}\n\n**Why the other options are incorrect:**\n* **{qq.opt(d)}:** {qq.whynot(d, r)}",
    ]), k


@style("letter_then_because", weight=10)
def s_letter_because(qq, k, r):
    L = qq.lt(k)
    w = qq.why(k, r)
    return r.choice([
        f"{L} \u2014 because {lc(w)}", f"{L}, since {lc(w)}", f"{L}. {w}",
        f"{qq.opt(k)}\n\n{w}", f"**{L}**\n\n{qq.context(r)} {w}",
    ]), k


@style("reasoning_then_letter", weight=10)
def s_reason_letter(qq, k, r):
    parts = cot_body(qq, k, r)
    L = qq.lt(k)
    return "\n\n".join(parts) + "\n\n" + r.choice([L, f"{L}.", f"**{L}**", f"({L})", f"-> {L}"]), k


@style("emoji_style", weight=6)
def s_emoji(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"\u2705 **{L}**", f"\U0001F449 {qq.opt(k)}", f"\U0001F914 Tricky! But I'm going with **{L}** \U0001F3AF",
        f"\u2728 Answer: {L} \u2728", f"\U0001F4A1 {qq.why(k, r)}\n\n\u2705 {L}",
    ]), k


@style("first_person_pick", weight=9)
def s_first(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"I'd go with {L}.", f"I'll pick {L}.", f"My pick: {L}", f"I'm going with {qq.opt(k)}.",
        f"If I had to choose, I'd choose {L}.", f"I choose {L}.",
    ]), k


@style("think_tags", weight=10)
def s_think(qq, k, r):
    d = qq.distractor(k, r)
    inner = [
        f"Okay, so the question is: {qq.question_line()}",
        qq.context(r),
        f"Hmm, maybe {qq.lt(d)}? {qq.whynot(d, r)}",
        f"Wait, let me check {qq.lt(k)}. {qq.why(k, r)}",
        r.choice(["Yes, that's it.", "Okay, I'm fairly confident now.", "That makes sense."]),
    ]
    final = r.choice([f"**{qq.lt(k)}**", f"The answer is {qq.opt(k)}.", f"{qq.lt(k)}", f"Answer: {qq.lt(k)}\n\n{qq.why(k, r)}"])
    return "<think>\n" + "\n".join(inner) + "\n</think>\n\n" + final, k


@style("small_model_runon", weight=7)
def s_runon(qq, k, r):
    other = RUNON_POOL.get(qq.set_name)
    if not other:
        return None
    o = r.choice([x for x in other if x is not qq])
    ok = r.randrange(o.n) if o.n <= 7 else o.ideal
    opts = "\n".join(o.opt(i) for i in range(min(o.n, 5)))
    return r.choice([
        f"Answer: {qq.lt(k)}\n\nQuestion: {o.short()}\n{opts}\nAnswer: {o.lt(ok)}",
        f"{qq.lt(k)}\n\n### Instruction:\n{o.short()}\n\n### Response:\n{o.lt(ok)}",
        f"The answer is {qq.lt(k)}.\n\nThe answer is {qq.lt(k)}.\n\nThe answer is {qq.lt(k)}.",
        f"{qq.opt(k)}\n\nUser: Thanks!\nAssistant: You're welcome! Let me know if you have other questions.",
    ]), k


@style("non_english", weight=6)
def s_foreign(qq, k, r):
    L = qq.lt(k)
    return r.choice([
        f"Respuesta: {L}", f"La bonne r\u00e9ponse est la {L}.", f"Die richtige Antwort ist {L}.",
        f"\u7b54\u6848\uff1a{L}", f"A resposta correta \u00e9 a {L}.", f"La risposta corretta \u00e8 la {L}.",
    ]), k


@style("inconsistent_conclusions", null=True, weight=5)
def s_inconsistent(qq, k, r):
    d = qq.distractor(k, r)
    return r.choice([
        f"Answer: {qq.lt(k)}\n\nExplanation: {qq.why(d, r)} Therefore, the correct answer is {qq.lt(d)}.",
        f"The answer is {qq.opt(k)}.\n\n{qq.whynot(k, r)} {qq.why(d, r)} So {qq.lt(d)} is correct.",
        f"{qq.lt(d)}\n\n{qq.why(k, r)} Hence the answer is {qq.lt(k)}.",
    ]), None


@style("letter_text_mismatch", null=True, weight=5)
def s_mismatch(qq, k, r):
    d = qq.distractor(k, r)
    return r.choice([
        f"{qq.lt(k)}) {qq.t(d)}", f"The answer is {qq.lt(k)}: {qq.t(d)}.", f"**{qq.lt(d)}. {qq.t(k)}**",
    ]), None


STYLE_ORDER = list(STYLES)


# ---------------------------------------------------------------------------
def main():
    r = random.Random(SEED)
    data = load()
    for name in data:
        data[name].sort(key=lambda x: x.id)
    RUNON_POOL.update({k: v[:60] for k, v in data.items()})

    slots = []
    for name in STYLE_ORDER:
        slots += [name] * STYLES[name][2]
    r.shuffle(slots)
    total = len(slots)

    # every usable rhetorical / numeral question once; the rest split 36/36/28
    small = data["rhetorical-devices"] + data["numeral-type-comparisons"]
    rest = total - len(small)
    big = {"quartz": 0.36, "theory_of_mind.socialiqa": 0.36, "theory_of_mind.hitom-multiple-choice": 0.28}
    queue, spare = list(small), []
    for name, sh in big.items():
        qs = list(data[name])
        r.shuffle(qs)
        want = int(round(rest * sh))
        queue += qs[:want]
        spare += qs[want:want + 40]
    r.shuffle(queue)
    r.shuffle(spare)

    rows = []
    for sname in slots:
        f, _, _ = STYLES[sname]
        got = None
        for attempt in range(300):
            src = queue if (queue and attempt < 100) else spare
            idx = 0 if attempt == 0 else r.randrange(len(src))
            qq = src[idx]
            k = qq.ideal if r.random() < 0.78 else qq.distractor(qq.ideal, r)
            res = f(qq, k, r)
            if res is None:
                continue
            src.pop(idx)
            got = (qq, res)
            break
        if not got:
            continue
        qq, (reply, meant) = got
        if isinstance(qq, Rhetorical):
            reply = re.sub(r"\(\((\w)\)\)", r"(\1)", reply)
            reply = re.sub(r"([\[{])\((\w)\)([\]}])", r"\1\2\3", reply)
        rows.append({
            "set": qq.set_name,
            "id": qq.id,
            "choices": qq.choices,
            "style": sname,
            "reply": reply,
            "meant": LET[meant] if meant is not None else UNCLEAR.get(sname, "none"),
        })
    rows.sort(key=lambda x: (x["set"], x["id"]))
    with open(OUT, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")


if __name__ == "__main__":
    main()
