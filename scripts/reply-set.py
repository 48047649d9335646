#!/usr/bin/env python3
"""A labelled set of free-text replies to multiple-choice questions, for testing a reply reader.

    reply-set.py LOGIQA_CSV TORT_CSV SAMPLE_CSV [--out PATH]

LOGIQA_CSV and TORT_CSV are `logiqa.csv` and `us-tort-law.csv` as written by
scripts/real-reading-sets.py (columns id,passage,question,choice_a..choice_d,answer); make them with

    python3 scripts/real-reading-sets.py evals-3.0.1.post1-py3-none-any.whl /tmp/reply-sets

SAMPLE_CSV is the project's sample exam, crates/sample/data/exam.csv (columns
id,query,topic,question,A,B,C,D,answer,source). PATH defaults to
crates/exam/tests/data/replies.jsonl. The output is one JSON object a line:

    {"set", "id", "choices": [4 strings], "style", "reply", "meant"}

`meant` is the choice the writer of the reply meant ("A".."D"), "none" when the reply gives no
answer, "unclear" when it commits to no single choice. Replies are written the way assistants
answer (bare letters, markdown, JSON, reasoning with a final line, choice text with small
slips, negation and contrast, elimination, RAG citations, refusals ...): templates per style,
filled with a fixed seed, plus hand-written replies to particular questions. The meant choice is
drawn at random (the key about 40% of the time), so many replies are wrong answers.

No passage or question stem of the evals sets is written out, only their four choice texts and
the replies. Only the sample exam's own questions (Apache-2.0, this project) are ever restated.

After writing, the set is checked (valid JSON, meant within the choices, no reply twice for one
question, choice texts as in the sources) and counts per style and per meant value are printed.

Python 3 standard library only; the output depends only on the inputs.
"""
import argparse
import csv
import difflib
import json
import re
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

SEED = 20261126
LETTERS = "ABCD"
ORDINALS = ["first", "second", "third", "fourth"]


# ----------------------------------------------------------------------------------------------
# Questions

class Question:
    def __init__(self, set_name, qid, choices, key, question=None, query=None, source=None):
        self.set = set_name
        self.id = qid
        self.choices = choices
        self.key = LETTERS.index(key)
        self.question = question  # sample exam only
        self.query = query
        self.source = source


def load(path, set_name):
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if "choice_a" in row:
                choices = [row["choice_" + c] for c in "abcd"]
                out.append(Question(set_name, row["id"], choices, row["answer"].strip().upper()))
            else:
                choices = [row[c] for c in LETTERS]
                out.append(Question(set_name, row["id"], choices, row["answer"].strip().upper(),
                                    row["question"], row.get("query"), row.get("source")))
    for q in out:
        assert len(q.choices) == 4 and all(c.strip() for c in q.choices), q.id
    return out


# ----------------------------------------------------------------------------------------------
# Wording per set

SRC = {
    "sample": ["documentation", "admin guide", "knowledge base", "product documentation",
               "reference page", "setup guide"],
    "logiqa": ["passage", "statement", "text", "argument", "context"],
    "us-tort-law": ["fact pattern", "hypothetical", "case", "governing rule", "record"],
}

WHY_WRONG = {
    "sample": [
        "it's the value for a different component",
        "that belongs to another edition of the product",
        "the documentation mentions it, but for something else",
        "it isn't mentioned anywhere in the retrieved pages",
        "it is listed in a different section of the docs",
        "it doesn't match what the reference page says",
        "it describes another part of the product",
        "it looks plausible but applies to a different setup",
    ],
    "logiqa": [
        "it doesn't follow from the premises",
        "it goes beyond what the statement actually says",
        "it's irrelevant to the argument",
        "it would actually weaken the conclusion",
        "it could be false even if every condition holds",
        "it confuses a necessary condition with a sufficient one",
        "the passage offers nothing that supports it",
        "it reverses the direction of the conditional",
        "it only restates part of the premise without adding anything",
        "it introduces information the passage never mentions",
    ],
    "us-tort-law": [
        "it misstates the applicable rule",
        "the facts don't support it",
        "it isn't the controlling issue here",
        "it confuses negligence with strict liability",
        "it ignores the causation problem",
        "a court would be unlikely to accept that reasoning",
        "it's true as a general matter but irrelevant on these facts",
        "it applies the wrong standard of care",
        "it overstates the defendant's duty",
        "it rests on a defense that doesn't fit these facts",
    ],
}

WHY_RIGHT = {
    "sample": [
        "it's exactly what the {src} states",
        "it matches the reference page",
        "the setup page lists it explicitly",
        "the {src} spells it out",
        "that's the value given in the {src}",
        "it's the only one that appears in the relevant section",
    ],
    "logiqa": [
        "it's the only option consistent with all the premises",
        "it's exactly what the argument needs",
        "it follows necessarily from the conditions",
        "it directly links the evidence to the conclusion",
        "it rules out the most obvious alternative explanation",
        "it is the missing link in the reasoning",
        "it is the only one that must be true given the statements",
    ],
    "us-tort-law": [
        "it applies the correct rule to these facts",
        "it's the reasoning a court would most likely adopt",
        "it ties the outcome to the right legal standard",
        "it reflects the majority rule",
        "it identifies the element that actually decides the case",
        "it's consistent with how courts treat this situation",
    ],
}

COMMON_START = set("""the a an only some there it if in among while without different many no
yes those these this that each every all both most people humans graduates liquid one when
respect morality feudal bees worker however at six high""".split())

CONTRACTIONS = [("does not", "doesn't"), ("did not", "didn't"), ("cannot", "can't"),
                ("is not", "isn't"), ("was not", "wasn't"), ("were not", "weren't"),
                ("would not", "wouldn't"), ("could not", "couldn't"), ("had not", "hadn't"),
                ("has not", "hasn't")]
INFLECT = {"is": "was", "was": "is", "has": "had", "does": "did", "can": "could",
           "will": "would", "chose": "chooses", "caused": "causes", "needs": "need",
           "applies": "apply", "were": "are", "are": "were", "increased": "increases",
           "records": "record", "sends": "send", "splits": "split", "finds": "find",
           "orders": "order", "took": "takes", "lived": "lives", "breached": "breaches",
           "sold": "sells", "made": "makes", "used": "uses", "knew": "knows", "acted": "acts"}
NUM_WORDS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "7": "seven",
             "90": "ninety", "15": "fifteen", "30": "thirty"}
WORD_NUMS = {v: k for k, v in NUM_WORDS.items()}


def strip_end(text):
    return re.sub(r"[\s.;]+$", "", text.strip())


# Words seen in lower case inside some choice text (filled in by main): a capitalised first word
# that is one of them is an ordinary word, not a name, and goes to lower case inside a sentence.
LOWER_WORDS = set()


def inline(text):
    """The choice text as it would sit inside a sentence: no final period, a common first word
    in lower case."""
    t = strip_end(text)
    w = t.split(" ", 1)[0].strip(",")
    if w[:1].isupper() and (len(w) == 1 or w[1:].islower()) and \
            (w.lower() in COMMON_START or w.lower() in LOWER_WORDS):
        t = t[0].lower() + t[1:]
    return t


def cap(s):
    return s[:1].upper() + s[1:] if re.match(r"[a-z][a-z']*( |$|,)", s) else s


def norm(s):
    return " ".join(re.findall(r"[a-z0-9$]+", s.lower()))


def identifies(ref, q, i):
    """True when `ref` (a piece of choice text, possibly slightly off) is clearly choice i of q:
    a substring of it alone, or closer to it than to any other choice by a margin."""
    r = norm(ref)
    subs = [j for j, c in enumerate(q.choices) if r and r in norm(c)]
    if subs:
        return subs == [i]
    scores = [difflib.SequenceMatcher(None, r, norm(c)).ratio() for c in q.choices]
    best = max(range(4), key=lambda j: scores[j])
    second = max(s for j, s in enumerate(scores) if j != best)
    return best == i and scores[i] - second >= 0.08 and scores[i] >= 0.6


def typo(word, rng):
    k = rng.randrange(4)
    p = rng.randrange(1, len(word) - 2)
    if k == 0:
        return word[:p] + word[p + 1] + word[p] + word[p + 2:]
    if k == 1:
        return word[:p] + word[p + 1:]
    if k == 2:
        return word[:p] + word[p] + word[p:]
    vowels = "aeiou"
    for j in range(p, len(word) - 1):
        if word[j] in vowels:
            return word[:j] + rng.choice([v for v in vowels if v != word[j]]) + word[j + 1:]
    return word[:p] + word[p + 1:]


VARIANT_OPS = ["article"] * 3 + ["inflect"] * 3 + ["case"] * 2 + ["contract"] * 2 + \
    ["number"] * 2 + ["space"] + ["typo"] * 2


def variant_once(text, rng):
    t = strip_end(text) if rng.random() < 0.6 else text.strip()
    ops = [rng.choice(VARIANT_OPS) for _ in range(rng.choice([1, 1, 2]))]
    for op in ops:
        words = t.split(" ")
        if op == "typo":
            idx = [k for k, w in enumerate(words) if len(w) >= 6 and w.isalpha()]
            if idx:
                k = rng.choice(idx)
                words[k] = typo(words[k], rng)
        elif op == "article":
            idx = [k for k, w in enumerate(words) if w.lower() in ("the", "a", "an") and k + 1 < len(words)]
            if idx:
                k = rng.choice(idx)
                del words[k]
                if k == 0 and words:
                    words[0] = cap(words[0]) if t[:1].isupper() else words[0]
        elif op == "inflect":
            idx = [k for k, w in enumerate(words) if w.lower() in INFLECT]
            if idx:
                k = rng.choice(idx)
                words[k] = INFLECT[words[k].lower()]
            else:
                idx = [k for k, w in enumerate(words) if k > 0 and w.isalpha() and w.islower()
                       and len(w) >= 5 and w not in ("because", "their", "other", "there")]
                if idx:
                    k = rng.choice(idx)
                    w = words[k]
                    words[k] = w[:-1] if w.endswith("s") and not w.endswith("ss") else w + "s"
        elif op == "case":
            m = rng.randrange(3)
            t2 = " ".join(words)
            t2 = t2.lower() if m == 0 else (t2.title() if m == 1 and len(words) <= 8 else
                                           (t2[:1].swapcase() + t2[1:]))
            words = t2.split(" ")
        elif op == "contract":
            t2 = " ".join(words)
            for a, b in CONTRACTIONS:
                if a in t2:
                    t2 = t2.replace(a, b, 1)
                    break
                if b in t2:
                    t2 = t2.replace(b, a, 1)
                    break
            words = t2.split(" ")
        elif op == "number":
            idx = [k for k, w in enumerate(words) if w in NUM_WORDS or w in WORD_NUMS]
            if idx:
                k = rng.choice(idx)
                words[k] = NUM_WORDS.get(words[k]) or WORD_NUMS[words[k]]
        elif op == "space":
            t2 = " ".join(words)
            t2 = re.sub(r"(\d) (GB|MB)\b", r"\1\2", t2)
            words = t2.split(" ")
        t = " ".join(words)
    return t


def variant(q, i, rng):
    """A realistic slight variant of choice i's text that still reads as choice i."""
    orig = q.choices[i]
    for _ in range(12):
        v = variant_once(orig, rng)
        if strip_end(v) != strip_end(orig) and identifies(v, q, i):
            return v
    return strip_end(orig)


def quote(t, rng, backtick_ok=False):
    forms = ['"{}"', '"{}"', "“{}”", "'{}'"] if '"' not in t else ["“{}”", "'{}'"]
    if backtick_ok:
        forms += ["`{}`", "`{}`"]
    return rng.choice(forms).format(t)


def yesno(text):
    """("Yes", "because ...") for tort choices shaped "Yes, because X." / "No, if X."."""
    m = re.match(r"^(Yes|No)\s*,\s*(.*)$", text.strip())
    if m:
        return m.group(1), strip_end(m.group(2))
    return None


class Ctx:
    """What a template needs: the question, the meant index, the set's wording, a random source."""

    def __init__(self, q, meant, rng):
        self.q, self.m, self.rng = q, meant, rng
        self.set = q.set
        self.L = LETTERS[meant] if isinstance(meant, int) else None

    def pick(self, seq):
        return self.rng.choice(seq)

    @property
    def src(self):
        if self.set == "sample" and self.q.query and self.rng.random() < 0.3:
            topic = self.q.query.split("/")[0].replace("-", " ")
            return {"installation": "installation guide", "configuration": "configuration reference",
                    "sync engine": "sync engine overview", "security": "security whitepaper",
                    "licensing": "pricing page", "troubleshooting": "troubleshooting guide"}[topic]
        return self.pick(SRC[self.set])

    def wrong(self):
        return self.pick(WHY_WRONG[self.set])

    def right(self):
        r = self.pick(WHY_RIGHT[self.set]).format(src=self.src)
        if self.set == "sample" and self.m == self.q.key and self.rng.random() < 0.4:
            r = 'the {} says: "{}"'.format(self.src, strip_end(self.q.source))
        return r

    def others(self, n=None):
        o = [j for j in range(4) if j != self.m]
        self.rng.shuffle(o)
        return o if n is None else o[:n]

    def rival(self):
        """The other choice a reply sets against the meant one: often the key."""
        if self.m != self.q.key and self.rng.random() < 0.5:
            return self.q.key
        return self.pick([j for j in range(4) if j != self.m])

    def text(self, i=None):
        i = self.m if i is None else i
        return self.q.choices[i]

    def ref(self, i=None, mode=None, start=False, slight=0.15):
        """A way of naming choice i in a sentence: by letter, by text (exact or slightly off,
        quoted or not, whole or its opening words) or both."""
        i = self.m if i is None else i
        rng = self.rng
        L = LETTERS[i]
        mode = mode or rng.choice(["text", "text", "text", "letter", "both"])
        if mode == "letter":
            f = rng.choice(["{L}", "({L})", "option {L}", "choice {L}", "{L}", "option ({L})"])
            s = f.format(L=L)
            return cap(s) if start else s
        t = variant(self.q, i, rng) if rng.random() < slight else self.q.choices[i]
        if mode == "both":
            f = rng.choice(["{L} ({t})", "option {L} ({t})", "{L}, {qt}", "({L}) {qt}",
                            "option {L}, {qt}"])
            s = f.format(L=L, t=inline(t), qt=quote(strip_end(t), rng, self.set == "sample"))
            return cap(s) if start else s
        if self.set == "sample":
            return quote(t, rng, True) if rng.random() < 0.35 else t
        words = strip_end(t).split(" ")
        if len(t) > 100 and rng.random() < 0.4:
            n = rng.randrange(6, 11)
            head = " ".join(words[:n]).rstrip(",;:")
            if identifies(head, self.q, i):
                return quote(head + rng.choice(["…", "...", " …"]), rng)
        yn = yesno(self.q.choices[i]) if self.set == "us-tort-law" else None
        if yn:
            word, rest = yn
            r = rng.random()
            bare = re.sub(r"^because\s+", "", rest)
            if r < 0.2 and bare != rest and identifies(bare, self.q, i):
                s = "the argument that " + bare
                return cap(s) if start else s
            if r < 0.45 and not start:
                return "{}, {}".format(word.lower(), rest)
            return quote(strip_end(t), rng)
        if start or rng.random() < 0.5:
            return quote(strip_end(t), rng)
        return inline(t)


# ----------------------------------------------------------------------------------------------
# Styles. Each returns a reply string for ctx (meant choice ctx.m).

def s_bare(c):
    L = c.L
    return c.pick([L, L, L, L + "\n", " " + L, L + "\n\n", "\n" + L])


def s_letter_punct(c):
    L, l = c.L, c.L.lower()
    return c.pick(["({})", "{})", "{}.", "[{}]", "{}:", '"{}"', "'{}'", "<{}>"]).format(L) \
        if c.rng.random() < 0.6 else c.pick(["{}", "{}.", "({})", "{})", "{} ."]).format(l)


def s_bold(c):
    L = c.L
    f = c.pick(["**{L}**", "**({L})**", "**{L}.**", "The answer is **{L}**.", "**Answer: {L}**",
                "**{L})**", "Correct option: **{L}**", "__{L}__", "**{l}**", "➡️ **{L}**",
                "I'd choose **{L}**.", "**{L}** is correct.", "Answer: **{L}**"])
    return f.format(L=L, l=L.lower())


def s_markdown(c):
    q, L, t = c.q, c.L, c.text()
    o = c.others()
    f = c.rng.randrange(5)
    if f == 0:
        return ("## Answer\n\n**{L}) {t}**\n\n### Reasoning\n- {r}.\n- Option {a}: {w1}.\n"
                "- Options {b} and {d}: {w2}.").format(
            L=L, t=strip_end(t), r=cap(c.right()), a=LETTERS[o[0]], w1=c.wrong(),
            b=LETTERS[min(o[1:])], d=LETTERS[max(o[1:])], w2="same problem, " + c.wrong())
    if f == 1:
        return ("### Short answer\nThe correct choice is **{t}** (option {L}).\n\n### Details\n"
                "* {r}.\n* The other options don't fit: {w}.\n\n> **Note:** check the {src} "
                "for your version before relying on this.").format(
            t=strip_end(t), L=L, r=cap(c.right()), w=c.wrong(), src=c.src)
    if f == 2:
        lines = ["**Answer**", ""]
        for j in range(4):
            mark = "✅" if j == c.m else "❌"
            lines.append("- {} **{}** — {}".format(mark, LETTERS[j], strip_end(q.choices[j])))
        return "\n".join(lines)
    if f == 3:
        return ("**Summary:** {t}.\n\n**Why:**\n1. {r}.\n2. Option {a} is tempting, but {w}.\n"
                "3. {b} and {d} can be dismissed quickly.\n\n**Answer: {L}**").format(
            t=strip_end(t), r=cap(c.right()), a=LETTERS[o[0]], w=c.wrong(),
            b=LETTERS[min(o[1:])], d=LETTERS[max(o[1:])], L=L)
    return ("# Result\n\n**Selected option:** {L}\n\n## Explanation\n\n{r}. By contrast, "
            "{x} — {w}.\n\n---\n*Generated from the {src}.*").format(
        L=L, r=cap(c.right()), x=c.ref(o[0], start=False), w=c.wrong(), src=c.src)


def s_answer_label(c):
    L, l = c.L, c.L.lower()
    return c.pick(["Answer: {l}", "Answer: {L}", "ANSWER: {L}", "answer: ({l})", "Correct answer: {L}",
                   "Answer - {L}", "Answer → {L}", "Ans: {L}", "Answer: {L}\nConfidence: high",
                   "Response: {L}", "Selected answer: {L}", "My answer: {L}", "answer:{l}",
                   "Answer:\n{L}", "Correct Answer: ({L})"]).format(L=L, l=l)


def s_answer_is(c):
    L, l = c.L, c.L.lower()
    return c.pick(["The answer is ({L}).", "The correct answer is {L}.", "The right answer is {L}.",
                   "The best answer is ({L}).", "The correct option is {L}.", "The answer is: {L}",
                   "The most likely answer is {L}.", "The correct choice is {l}.",
                   "That would be answer {L}.", "The answer should be {L}.",
                   "The correct response is ({l})."]).format(L=L, l=l)


def s_option_word(c):
    L, l = c.L, c.L.lower()
    return c.pick(["Option {L}", "Choice {L}", "option ({l})", "Option {L} is correct.", "Choice {L}.",
                   "Go with option {L}.", "Opt. {L}", "Option {L}.", "Correct option: Choice {L}",
                   "I choose option {L}.", "It's option {L}.", "option {l}", "Choice ({L})"]).format(L=L, l=l)


def s_json_bare(c):
    L = c.L
    return c.pick(['{{"answer": "{L}"}}', '{{"answer":"{l}"}}', '{{"choice": "{L}"}}',
                   '{{"Answer": "{L}"}}', '{{ "answer": "({L})" }}', '{{"selected_option": "{L}"}}',
                   "{{'answer': '{L}'}}", '{{"answer": ["{L}"]}}', '{{"option": "{L}"}}',
                   '{{\n  "answer": "{L}"\n}}', '{{"letter": "{L}"}}']).format(L=L, l=L.lower())


def s_json_extra(c):
    L, t = c.L, c.text()
    o = c.others()
    k = c.rng.randrange(6)
    conf = c.pick([0.55, 0.62, 0.7, 0.8, 0.85, 0.9, 0.95])
    if k == 0:
        d = {"answer": L, "reasoning": cap(c.right()) + ".", "confidence": conf}
    elif k == 1:
        d = {"reasoning": "Option {} fails because {}; option {} because {}. {} remains.".format(
            LETTERS[o[0]], c.wrong(), LETTERS[o[1]], c.wrong(), L), "answer": L}
    elif k == 2:
        d = {"answer": L, "answer_text": strip_end(t), "confidence": c.pick(["high", "medium", "low"])}
    elif k == 3:
        d = {"answer": L, "explanation": cap(c.right()) + ".", "sources": c.pick([[1], [1, 3], [2]])}
    elif k == 4:
        d = {"answer": L, "confidence": conf, "alternatives": [LETTERS[o[0]]]}
    else:
        d = {"question_id": c.q.id, "answer": L.lower(), "rationale": cap(c.right()) + "."}
    indent = c.pick([None, None, 2])
    return json.dumps(d, ensure_ascii=False, indent=indent)


def s_json_fenced(c):
    d = {"answer": c.L}
    if c.rng.random() < 0.6:
        d[c.pick(["reasoning", "explanation", "rationale"])] = cap(c.right()) + "."
    if c.rng.random() < 0.4:
        d["confidence"] = c.pick([0.6, 0.75, 0.8, 0.9])
    body = json.dumps(d, ensure_ascii=False, indent=2)
    pre = c.pick(["", "", "Here is the answer in the requested format:\n\n",
                  "Sure — here's the JSON:\n\n", "```json\n"[:0]])
    fence = c.pick(["```json\n{}\n```", "```json\n{}\n```", "```\n{}\n```", "```JSON\n{}\n```"])
    post = c.pick(["", "", "", "\n\nLet me know if you need the reasoning in more detail."])
    return pre + fence.format(body) + post


FINAL = ["Final answer: {L}", "**Final Answer: {L}**", "Final answer: ({L})",
         "Therefore, the final answer is {L}.", "Answer: {L}", "FINAL ANSWER: {L}",
         "So the answer is {L}.", "Final answer: {L}) {t}", "**Final answer:** {L}",
         "Final Answer: {l}"]


def s_reasoning(c):
    q, rng = c.q, c.rng
    intro = c.pick(["Let's work through this step by step.", "Let me analyze each option.",
                    "To answer this, I'll check each option against the {}.".format(c.src),
                    "Step 1: figure out what the question is really asking.\n\n"
                    "It wants the option that the {} supports, not just one that sounds right.\n\n"
                    "Step 2: go through the options.".format(c.src),
                    "Okay, let's think about this carefully.",
                    "We need to evaluate each choice in turn."])
    order = list(range(4))
    if rng.random() < 0.3:
        order.remove(c.m)
        order.append(c.m)
    fmt = rng.randrange(4)
    parts = [intro, ""]
    lean = c.rival() if rng.random() < 0.4 else None
    for j in order:
        t = q.choices[j]
        if j == c.m:
            why = cap(c.right()) + "."
            if lean is not None:
                why += " This is stronger than {} once you look closely.".format(LETTERS[lean])
        elif j == lean:
            why = "At first this looks right, but {}.".format(c.wrong())
        else:
            why = cap(c.wrong()) + "."
        if fmt == 0:
            parts.append("**Option {}** ({}): {}".format(LETTERS[j], strip_end(t), why))
        elif fmt == 1:
            parts.append('{}. "{}" — {}'.format(LETTERS[j], strip_end(t), why))
        elif fmt == 2:
            parts.append("- {}: {}".format(LETTERS[j], why))
        else:
            parts.append("Option {} says {}. {}".format(
                LETTERS[j], quote(strip_end(t), rng), why))
        if fmt != 2:
            parts.append("")
    if parts[-1] != "":
        parts.append("")
    parts.append(c.pick(["Putting this together, only one option survives.",
                         "So the best-supported option is clear.",
                         "Weighing all of this:", "", "Conclusion:"]))
    fin = c.pick(FINAL).format(L=c.L, l=c.L.lower(), t=strip_end(c.text()))
    return "\n".join(p for p in parts if p is not None).rstrip("\n") + "\n\n" + fin


def s_letter_text(c):
    L, t = c.L, c.text()
    f = c.pick(["{L}) {t}", "{L}. {t}", "({L}) {t}", "{L} - {t}", "**{L}.** {t}", "{L}: {t}",
                "Answer: {L}) {t}", "{l}) {t}", "{L}) {t}\n", "**{L}) {t}**", "{L} — {t}"])
    return f.format(L=L, l=L.lower(), t=t if c.rng.random() < 0.6 else strip_end(t))


def s_answer_then_expl(c):
    L = c.L
    o = c.others()
    head = c.pick(["{L}.", "{L}", "**{L}**", "The answer is {L}.", "{L})", "Answer: {L}."]).format(L=L)
    body = c.pick([
        "{r}. Option {a} fails because {w1}, and {b} {w2short}.",
        "{r}.",
        "{r}. The other choices — {a}, {b} and {d} — don't hold up: {w1}.",
        "Explanation: {r}. {A2} is the closest alternative, but {w1}.",
        "Reason: {r}.\n\nWhy not the others?\n- {a}: {w1}.\n- {b}: {w2}.\n- {d}: {w3}.",
    ])
    w2 = c.wrong()
    return head + c.pick(["\n\n", " ", "\n"]) + body.format(
        r=cap(c.right()), a=LETTERS[o[0]], b=LETTERS[o[1]], d=LETTERS[o[2]], w1=c.wrong(),
        w2=w2, w3=c.wrong(), w2short="isn't supported either", A2="Option " + LETTERS[o[0]])


def s_text_alone(c):
    t = c.text()
    return c.pick([t, t, strip_end(t), "**{}**".format(strip_end(t)), t + "\n", " " + t])


def s_paraphrase(c):
    v = variant(c.q, c.m, c.rng)
    if c.set == "sample":
        f = c.pick(["It's {v}.", "You need {v}.", "That would be {v}.", "{v}, according to the {src}.",
                    "The {src} lists {v} for this.", "I believe it's {v}.", "Looks like {v}.",
                    "It should be {v} — that's what the {src} shows.", "The answer is {v}."])
        return f.format(v=v, src=c.src)
    yn = yesno(c.text()) if c.set == "us-tort-law" else None
    if yn:
        y, rest = yn
        vrest = variant_once(rest, c.rng) if c.rng.random() < 0.7 else rest
        if not identifies(vrest, c.q, c.m):
            vrest = rest
        f = c.pick(["{Y} — {r}.", "The answer is {y}, {r}.", "{R}, so the answer is {y}.",
                    "{Y}. {R}.", "I'd say {y}, {r}.", "Most likely {y}: {r}."])
        return f.format(Y=y, y=y.lower(), r=vrest, R=cap(re.sub(r"^(because|if|since)\s+", "", vrest)))
    vi = inline(v)
    if c.text()[:1].islower() or c.set == "us-tort-law" and len(c.text().split()) < 5:
        # a fragment that completes the question's stem ("not recover, because ...")
        f = c.pick(["Most likely outcome: {v}.", "The answer: {v}.", "I'd answer: {v}.",
                    "→ {v}", "Most likely {vi}.", "The result would be {vi}."])
    else:
        f = c.pick(["The best option is the one saying that {vi}.", "{V}. That's the one that fits.",
                    "I'd pick the statement that {vi}.", "The answer: {v}.",
                    "The correct option is that {vi}.", "The option I'd choose: {v}.",
                    "Most likely {vi}.", "I think {vi} — that is the best choice here."])
    return f.format(v=strip_end(v), V=strip_end(v), vi=vi)


def s_letter_prose(c):
    L = c.L
    f = c.pick(["…so I would go with ({L}).", "I'm going with {L} on this one.", "I'd say it's {L}.",
                "My pick would be {L}.", "Looking at the {src}, {L} makes the most sense.",
                "After reviewing the {src}, I believe {L} is correct.",
                "{L} seems right to me, since {r}.", "It has to be {L} — {r}.",
                "I think the correct response here is {l}.",
                "Given that {r}, {L} is the one.",
                "Based on everything in the {src}, I'd go with {L}.",
                "Honestly, {L} is the only one that holds up, so that's my answer.",
                "Reading it again, {r}, which points to {L}."])
    return f.format(L=L, l=L.lower(), src=c.src, r=c.right())


def s_ordinal(c):
    i = c.m
    o = ORDINALS[i]
    forms = ["The {o} option.", "The {o} choice is correct.", "I'd pick the {o} one.",
             "It's the {o} option — {t}.", "{O} one.", "The answer is the {n} option.",
             "The {o} choice ({t}) is correct.", "Go with the {o}.", "Option {k}",
             "The correct answer is the {o} one listed."]
    if i == 3:
        forms += ["It's the last one.", "The last option.", "The final option is right.",
                  "Last one — {t}."]
    if i == 2:
        forms += ["The second-to-last option."]
    f = c.pick(forms)
    return f.format(o=o, O=o.capitalize(), n=["1st", "2nd", "3rd", "4th"][i], k=i + 1,
                    t=inline(c.text()) if c.set != "sample" else c.text())


def s_negation(c):
    x = c.rival()
    rng = c.rng
    k = rng.randrange(11)
    X = lambda start=False: c.ref(x, start=start)
    Y = lambda start=False: c.ref(start=start)
    if k == 0:
        return "Not {} — the {} says {}.".format(X(), c.src, Y())
    if k == 1:
        return "It isn't {}; it's {}.".format(X(), Y())
    if k == 2:
        return "It's not {}. The correct answer is {}.".format(X(), Y())
    if k == 3:
        return "{}, not {}.".format(Y(True), X())
    if k == 4:
        return "The answer isn't {} but {}.".format(X(), Y())
    if k == 5:
        return "No, it's not {} — {} is what the {} supports.".format(X(), Y(), c.src)
    if k == 6:
        return "Definitely not {}. {}.".format(X(), Y(True))
    if k == 7:
        z = c.pick([j for j in range(4) if j not in (x, c.m)])
        return "It isn't {}, and it isn't {} either. It's {}.".format(X(), c.ref(z), Y())
    if k == 8:
        return "Not {}. It's {}.".format(LETTERS[x], LETTERS[c.m])
    if k == 9:
        return "The {} doesn't say {}; it says {}.".format(c.src, X(), Y())
    return "Contrary to what you might expect, the answer is not {} but {}, because {}.".format(
        X(), Y(), c.right())


def s_contrast(c):
    x = c.rival()
    X = lambda start=False: c.ref(x, start=start)
    Y = lambda start=False: c.ref(start=start)
    k = c.rng.randrange(10)
    return [
        lambda: "While {} might seem plausible, the answer is {}.".format(X(), Y()),
        lambda: "{} is tempting, but {}.".format(X(True), Y()),
        lambda: "At first glance {} looks right, but on closer reading it's {}.".format(X(), Y()),
        lambda: "Some might argue for {}; however, {} is better supported.".format(X(), Y()),
        lambda: "{} sounds reasonable, yet the {} points to {}.".format(X(True), c.src, Y()),
        lambda: "Although {} is a common assumption, the correct answer is {}.".format(X(), Y()),
        lambda: "I was initially drawn to {}, but {} is the better answer because {}.".format(
            X(), Y(), c.right()),
        lambda: "{}. {} is a distractor — {}.".format(Y(True), X(True), c.wrong()),
        lambda: "You could make a case for {}, but I'd go with {}.".format(X(), Y()),
        lambda: "Even though {} comes up in the {}, it refers to something else; the answer is {}.".format(
            X(), c.src, Y()),
    ][k]()


def s_x_wrong(c):
    x = c.rival()
    X = lambda: c.ref(x, start=True)
    Y = lambda start=False: c.ref(start=start)
    k = c.rng.randrange(8)
    return [
        lambda: "{} is wrong; {}.".format(X(), Y()),
        lambda: "{} is incorrect. {} is correct.".format(X(), Y(True)),
        lambda: "{} is a trap — the right one is {}.".format(X(), Y()),
        lambda: "{} can't be right because {}. {}.".format(X(), c.wrong(), Y(True)),
        lambda: "{}? No. {}.".format(X(), Y(True)),
        lambda: "{} is false. The answer is {}.".format(X(), Y()),
        lambda: "Wrong: {}\nRight: {}".format(X(), Y(True)),
        lambda: "{} doesn't hold up — {}. So: {}.".format(X(), c.wrong(), Y()),
    ][k]()


def s_several(c):
    x = c.rival()
    X = lambda start=False: c.ref(x, start=start)
    Y = lambda start=False: c.ref(start=start)
    Lx, Ly = LETTERS[x], c.L
    k = c.rng.randrange(11)
    if k == 7:
        z = c.pick([j for j in range(4) if j not in (x, c.m)])
        names = [X(True), c.ref(z), Y()]
        return "{}, {} and {} all appear in the {}, but only {} actually answers the question.".format(
            names[0], names[1], names[2], c.src, c.ref(mode="letter"))
    return [
        lambda: "Both {} and {} are possible; I'd pick {}.".format(X(), Y(), Y()),
        lambda: "Between {} and {}, {} fits better.".format(*([Lx, Ly] if c.rng.random() < 0.5 else [Ly, Lx]), Ly),
        lambda: "{} and {} both look reasonable, but {} is better supported by the {}.".format(
            X(True), Y(), Ly, c.src),
        lambda: "It's close between {} and {}. I'll go with {}.".format(Lx, Ly, Ly),
        lambda: "Either {} or {} could work, but on balance {}.".format(X(), Y(), Y()),
        lambda: "{} — though {} is a close second.".format(Y(True), X()),
        lambda: "I narrowed it down to {} and {}. {} is the stronger answer because {}.".format(
            X(), Y(), Y(True), c.right()),
        None,
        lambda: "If I had to choose between {} and {}, I'd choose {}.".format(
            *([X(), Y()] if c.rng.random() < 0.5 else [Y(), X()]), Y()),
        lambda: "{} is the answer; {} would only be right if the {} said so explicitly.".format(
            Y(True), X(), c.src),
        lambda: "Both {} and {} are defensible, but the better answer is {}.".format(Lx, Ly, Ly),
    ][k]()


def s_elimination(c):
    o = sorted(c.others())
    rng = c.rng
    k = rng.randrange(6)
    L = c.L
    if k == 0:
        verbs = ["is incorrect because {}", "can be ruled out since {}", "is out too, as {}"]
        rng.shuffle(verbs)
        s = " ".join("{} {}.".format(LETTERS[j], verbs[n].format(c.wrong())) for n, j in enumerate(o))
        return s + " " + c.pick(["That leaves {}.", "That leaves {} as the answer.",
                                 "So, by elimination, {}."]).format(L)
    if k == 1:
        s = "\n".join('- "{}" — {}.'.format(strip_end(c.text(j)), c.wrong()) for j in o)
        return ("Let's rule things out:\n" + s + "\n\nBy elimination, the answer is {}.").format(
            c.ref(mode=c.pick(["text", "both", "letter"])))
    if k == 2:
        lines = ["❌ {} — {}".format(LETTERS[j], cap(c.wrong())) for j in o]
        lines.insert(c.m, "✅ {} — {}".format(L, cap(c.right())))
        return "\n".join(lines)
    if k == 3:
        return "Let's eliminate. {} {}; {} {}; and {} {}. The only option left is {}.".format(
            cap(c.ref(o[0], mode="text")), c.wrong().replace("it ", "", 1) if False else "fails because " + c.wrong(),
            c.ref(o[1], mode="text"), "is out because " + c.wrong(),
            c.ref(o[2], mode="text"), "doesn't work either", c.ref(mode=c.pick(["text", "letter"])))
    if k == 4:
        return ("{a}, {b} and {d} can all be ruled out: {w}. So it must be the remaining "
                "option.").format(a=LETTERS[o[0]], b=LETTERS[o[1]], d=LETTERS[o[2]], w=c.wrong())
    return ("First, {a} is contradicted by the {src}. Second, {b} {w1}. Finally, {d} {w2}.\n\n"
            "That leaves {L} — {t}.").format(
        a=LETTERS[o[0]], src=c.src, b=LETTERS[o[1]], w1="is irrelevant",
        d=LETTERS[o[2]], w2="goes further than anything stated", L=L,
        t=quote(strip_end(c.text()), rng, c.set == "sample"))


def s_hedged(c):
    L = c.L
    f = c.pick(["Probably {L}, though I'm not certain.", "I think it's {L}, but I'd double-check the {src}.",
                "My best guess is {L}.", "Likely ({L}).", "I'm not 100% sure, but I lean towards {Y}.",
                "Possibly {Y}? The {src} isn't entirely clear.", "If I had to guess: {L}.",
                "I'd tentatively say {Y}.", "It might be {Y}, but treat this with caution.",
                "The {src} doesn't state it directly, but it's most likely {Y}.",
                "I'm not sure, but I would guess {L}.", "Hard to be certain — {Y} seems most likely.",
                "Best guess: {L} (low confidence)."])
    return f.format(L=L, src=c.src, Y=c.ref(slight=0.2))


def s_rag(c):
    q, rng = c.q, c.rng
    cite = c.pick(["[1]", "[1][2]", "[2]", "[1][3]", " [1]", "[^1]", "【1】", " (source 2)"])
    if c.set == "sample":
        if c.m == q.key:
            claim = q.source
        else:
            claim = q.source.replace(q.choices[q.key], q.choices[c.m], 1)
        claim = strip_end(claim)
        k = rng.randrange(5)
        if k == 0:
            return "According to the documentation, {}{}.\n\nSo the answer is **{}**.".format(
                claim[0].lower() + claim[1:] if claim.split()[0] in ("The", "If", "By", "Once", "A") else claim,
                cite, c.L)
        if k == 1:
            return "{}{}.\n\nSources:\n[1] Tidewater docs – {}\n[2] Tidewater knowledge base".format(
                claim, cite, q.query)
        if k == 2:
            return "Based on the retrieved pages, the answer is **{}**{}. {}{}.".format(
                q.choices[c.m], cite, claim, c.pick(["", " [2]"]))
        if k == 3:
            return "Per the {} [doc-{}]: \"{}.\" That corresponds to option {}.".format(
                c.src, rng.randrange(1, 9), claim, c.L)
        return "The answer is {} ({}){}.\n\nReferences\n1. {}".format(
            c.L, q.choices[c.m], cite, q.query)
    k = rng.randrange(5)
    if k == 0:
        return "According to the {}{}, {}. This matches option {}.".format(
            c.src, cite, inline(c.text()) if c.set == "logiqa" else quote(strip_end(c.text()), rng), c.L)
    if k == 1:
        return "Based on the provided context{}, the best-supported option is {}.".format(cite, c.ref())
    if k == 2:
        return "The retrieved {} {} indicates {}{}.\n\n**Answer:** {}".format(
            c.src, cite.strip(), c.right(), c.pick(["", " [2]"]), c.L)
    if k == 3:
        return "{}{}. {}\n\nSources:\n[1] Provided {}\n[2] {}".format(
            cap(c.right()), cite, c.ref(start=True) + " is therefore the answer.", c.src,
            "Restatement (Second) of Torts" if c.set == "us-tort-law" else "Retrieved passage 2")
    return "Per the {} [{}], the answer is {}.".format(c.src, rng.randrange(1, 6), c.ref())


def s_quoted(c):
    t = strip_end(c.text())
    f = c.pick(['The correct option is "{t}".', "`{t}`", "> {t}\n\nThat's the one.",
                "The answer is “{t}”.", "I'd choose '{t}'.", 'Answer: "{t}"',
                'It\'s "{t}" — {r}.'])
    if c.set == "sample":
        f = c.pick([f, "Use `{t}`.", "`{t}` — {r}.", "It's `{t}`."])
    return f.format(t=t, r=c.right())


def s_restated(c):
    q = c.q
    stem = q.question.strip()
    first, rest = stem.split(" ", 1)
    ans = c.pick(["{t}", "**{t}**", "{t} (option {L})", "`{t}`", "{L}) {t}"]).format(
        t=q.choices[c.m], L=c.L)
    if first in ("Identify", "Name", "Recall", "Explain", "Describe", "Predict", "Choose",
                 "Evaluate", "Recognize"):
        body = first.lower() + " " + strip_end(rest)
        f = c.pick(["To {b}: it's {a}.", "You want me to {b}. The answer is {a}.",
                    "The task is to {b}.\n\nAnswer: {a}"])
        return f.format(b=body, a=ans)
    qq = stem.rstrip("?")
    qq = qq[0].lower() + qq[1:]
    f = c.pick(["You're asking {q}. That's {a}.", "**Question:** {Q}\n\n**Answer:** {a}",
                "So the question is {q}? According to the {src}, {a}.",
                "{Q}\n\n→ {a}"])
    return f.format(q=qq, Q=stem, a=ans, src=c.src)


def s_polite(c):
    y = c.ref(mode=c.pick(["letter", "text", "both"]))
    f = c.pick(["Great question! The answer is **{L}**.",
                "Sure! Based on the {src}, it's {y}. Let me know if you need anything else!",
                "Happy to help! 😊 The correct answer is {y}.",
                "Absolutely — the answer is {y}. Hope that helps!",
                "Good question. {Yc} is correct, since {r}. I hope this helps!",
                "Certainly! Here's what I found: {Yc}.\n\nIs there anything else I can help you with?",
                "Thanks for asking! I'd go with {y}.",
                "Of course! After checking the {src}, the answer is {y}. Feel free to ask a follow-up question."])
    if c.set == "sample":
        f = c.pick([f, "Thanks for reaching out to Tidewater Support! The answer is {y}. "
                       "Is there anything else I can help you with today?"])
    return f.format(L=c.L, src=c.src, y=y, Yc=cap(y) if y[:1] != "`" else y, r=c.right())


def s_think(c):
    o = c.others()
    lean = c.rival()
    mono = ["Okay, the user wants the correct option. Let me look at each one.",
            "Option {} says {} — hmm, {}.".format(LETTERS[o[0]], quote(strip_end(c.text(o[0])), c.rng), c.wrong())]
    if c.rng.random() < 0.6:
        mono.append("Maybe it's {}? {} Wait, no — {}.".format(
            LETTERS[lean], "That was my first instinct.", c.wrong()))
    mono.append("What about {}? {}.".format(LETTERS[c.m], cap(c.right())))
    mono.append(c.pick(["So the answer should be {}.", "I'm fairly confident it's {}.",
                        "Okay, {} it is."]).format(c.L))
    final = c.pick(["**{L}**", "The answer is {L}.", "{L}", "Answer: {L}", "{L}) {t}"]).format(
        L=c.L, t=strip_end(c.text()))
    return "<think>\n" + "\n".join(mono) + "\n</think>\n\n" + final


def s_selfcorrect(c):
    x = c.rival()
    k = c.rng.randrange(5)
    return [
        lambda: "{}. Wait, no — re-reading the options, it's {}: {}.".format(
            LETTERS[x], c.L, strip_end(c.text())),
        lambda: "The answer is {}.\n\nCorrection: I misread the {}. The correct answer is {}.".format(
            LETTERS[x], c.src, c.L),
        lambda: "I'd go with {}... actually, no. {} is right, because {}.".format(
            c.ref(x), cap(c.ref(start=True)), c.right()),
        lambda: "Answer: {}\n\nHmm, let me double-check. {}. So I need to revise: the answer is {}.".format(
            LETTERS[x], cap(c.wrong()).replace("It ", "Option {} ".format(LETTERS[x]), 1)
            .replace("It's ", "Option {} is ".format(LETTERS[x]), 1), c.L),
        lambda: "Initially I thought {}, but on reflection {} is correct.".format(c.ref(x), c.ref()),
    ][k]()


def s_boxed(c):
    return c.pick(["$\\boxed{{{L}}}$", "\\boxed{{{L}}}", "The final answer is $\\boxed{{\\text{{{L}}}}}$.",
                   "**Answer:** $\\boxed{{{L}}}$", "Therefore, the answer is \\(\\boxed{{{L}}}\\).",
                   "$$\\boxed{{\\mathrm{{{L}}}}}$$"]).format(L=c.L)


def s_table(c):
    k = c.rng.randrange(3)
    if k == 0:
        rows = ["| Option | Assessment |", "|---|---|"]
        for j in range(4):
            rows.append("| {} | {} {} |".format(LETTERS[j], "✅" if j == c.m else "❌",
                                                cap(c.right() if j == c.m else c.wrong())))
        return "\n".join(rows) + "\n\n**Answer: {}**".format(c.L)
    if k == 1:
        rows = ["| Choice | Text | Correct? |", "|:-:|---|:-:|"]
        for j in range(4):
            rows.append("| {} | {} | {} |".format(LETTERS[j], strip_end(c.text(j)), "Yes" if j == c.m else "No"))
        return "Here's a quick comparison:\n\n" + "\n".join(rows)
    rows = ["| | Supported by the {}? |".format(c.src), "|---|---|"]
    for j in range(4):
        rows.append("| **{}** | {} |".format(LETTERS[j], "Yes" if j == c.m else "No"))
    return "\n".join(rows) + "\n\nSo the answer is {}.".format(c.ref(mode=c.pick(["letter", "text"])))


def s_echoed(c):
    k = c.rng.randrange(4)
    chs = c.q.choices
    if k == 0:
        return "\n".join("{}. {}".format(LETTERS[j], chs[j]) for j in range(4)) + "\n\nAnswer: {}".format(c.L)
    if k == 1:
        return "\n".join("{}) {}{}".format(LETTERS[j], chs[j], " ✓" if j == c.m else "") for j in range(4))
    if k == 2:
        return "\n".join("- [{}] {}. {}".format("x" if j == c.m else " ", LETTERS[j], chs[j]) for j in range(4))
    return ("The options are:\n" + "\n".join("({}) {}".format(LETTERS[j], chs[j]) for j in range(4))
            + "\n\nThe correct one is ({}).".format(c.L))


def s_artifacts(c):
    return c.pick(["{L}</s>", " {L}<|im_end|>", "Answer: {L}<|eot_id|>", "{L}\n\n### Instruction:\n",
                   "The answer is {L}. The answer is {L}. The answer is {L}.", "{L}\n{L}\n{L}",
                   "({L}) ({L})", "{L}\n\nExplanation:", "Answer: {L}\n\nQuestion:", "[/INST] {L}",
                   "{L}<end_of_turn>", "assistant\n{L}", "{L}<|endoftext|>", " {L}\n\n\n\n"]).format(L=c.L)


def s_dont_know(c):
    return c.pick(["I don't know.", "I'm not sure.", "I don't know the answer to this one.",
                   "Sorry, I'm unable to answer that.", "I can't determine the answer.", "Unknown",
                   "I don't have enough information to answer this question.",
                   "Honestly, I'm not sure which option is correct.", "No idea, sorry.",
                   "It's hard to say without more information.", "N/A",
                   "I cannot determine which option is correct from the information given.",
                   "Not sure.", "I don't know. I'd rather not guess on this one.",
                   "I'm afraid I don't know the answer.", "idk"])


def s_no_context(c):
    topic = "this" if c.set != "sample" else c.pick(["this", "that setting", "this topic"])
    f = c.pick(["The provided context does not contain information about {t}.",
                "The {src} does not say.", "I couldn't find this in the available sources.",
                "Based on the retrieved documents, there's no mention of {t}. You may want to contact support.",
                "The search results don't specify the answer to this question.",
                "The {src} doesn't provide enough information to choose between the options.",
                "This information is not available in the provided documents.",
                "I'm sorry, but the context you gave me doesn't cover {t}.",
                "None of the retrieved passages mention {t}, so I can't answer reliably.",
                "The provided context does not contain enough information to answer this question.",
                "I wasn't able to find an answer in the {src}. [no relevant sources]"])
    return f.format(t=topic, src=c.src)


def s_refusal(c):
    forms = ["I'm sorry, but I can't help with that.", "I'm not able to answer exam or test questions.",
             "Sorry, I can't assist with this request.",
             "I'm unable to provide an answer to this question."]
    if c.set == "us-tort-law":
        forms += ["I can't provide legal advice. For questions about a specific case, please consult a licensed attorney.",
                  "I'm not able to give legal opinions on how a court would rule. Please speak with a qualified lawyer in your jurisdiction.",
                  "As an AI, I can't make legal determinations. This is something a licensed attorney should assess."]
    elif c.set == "logiqa":
        forms += ["I'm sorry, I can only help with questions about our products and services.",
                  "This question is outside the scope of what I can help with. Please ask about your account or our products."]
    else:
        forms += ["I can only answer questions about your own Tidewater account. Please sign in and try again.",
                  "For security reasons I can't share configuration details. Please contact your administrator."]
    return c.pick(forms)


def s_none_of(c):
    return c.pick(["None of the options is correct.", "None of the above — the {src} says something different.",
                   "None of these options match the {src}.", "All four options are wrong according to the {src}.",
                   "None of the choices are supported by the {src}, so I can't pick one.",
                   "Honestly, none of A–D is right here."]).format(src=c.src)


def s_undecided(c):
    a, b = sorted(c.rng.sample(range(4), 2))
    A, B = LETTERS[a], LETTERS[b]
    k = c.rng.randrange(9)
    return [
        lambda: "It's either {} or {}, I can't tell.".format(A, B),
        lambda: "{} and {} are both correct.".format(A, B),
        lambda: "Could be {} or {} — the {} supports both.".format(A, B, c.src),
        lambda: "Either {} or {}; I can't decide between them.".format(c.ref(a, mode="text"), c.ref(b, mode="text")),
        lambda: "Both {} and {} seem right to me.".format(c.ref(a, mode="text"), c.ref(b, mode="text")),
        lambda: "I'm torn between {} and {}.".format(A, B),
        lambda: "{} or {}.".format(A, B),
        lambda: "It depends on details the {} doesn't give: in one reading it's {}, in the other it's {}.".format(c.src, A, B),
        lambda: "{}/{}".format(A, B),
    ][k]()


# name, count, kind ('letter' | 'none' | 'unclear'), sets (None = all), function
STYLES = [
    ("bare-letter", 18, "letter", None, s_bare),
    ("letter-punctuation", 22, "letter", None, s_letter_punct),
    ("bold-letter", 20, "letter", None, s_bold),
    ("markdown-structured", 20, "letter", None, s_markdown),
    ("answer-label", 20, "letter", None, s_answer_label),
    ("the-answer-is", 18, "letter", None, s_answer_is),
    ("option-word", 18, "letter", None, s_option_word),
    ("json-bare", 16, "letter", None, s_json_bare),
    ("json-extra-keys", 18, "letter", None, s_json_extra),
    ("json-fenced", 16, "letter", None, s_json_fenced),
    ("reasoning-final-line", 26, "letter", None, s_reasoning),
    ("letter-with-text", 22, "letter", None, s_letter_text),
    ("answer-then-explanation", 22, "letter", None, s_answer_then_expl),
    ("choice-text-alone", 22, "letter", None, s_text_alone),
    ("choice-text-paraphrased", 32, "letter", None, s_paraphrase),
    ("letter-in-prose", 22, "letter", None, s_letter_prose),
    ("ordinal", 22, "letter", None, s_ordinal),
    ("negation", 32, "letter", None, s_negation),
    ("contrast", 32, "letter", None, s_contrast),
    ("x-is-wrong", 24, "letter", None, s_x_wrong),
    ("several-named", 30, "letter", None, s_several),
    ("elimination", 28, "letter", None, s_elimination),
    ("hedged", 22, "letter", None, s_hedged),
    ("rag-citations", 26, "letter", None, s_rag),
    ("quoted-choice", 20, "letter", None, s_quoted),
    ("restated-question", 16, "letter", ("sample",), s_restated),
    ("polite-filler", 20, "letter", None, s_polite),
    ("think-block", 14, "letter", None, s_think),
    ("self-correction", 14, "letter", None, s_selfcorrect),
    ("latex-boxed", 10, "letter", None, s_boxed),
    ("markdown-table", 12, "letter", None, s_table),
    ("options-echoed", 12, "letter", None, s_echoed),
    ("small-model-artifacts", 14, "letter", None, s_artifacts),
    ("dont-know", 16, "none", None, s_dont_know),
    ("context-missing", 18, "none", None, s_no_context),
    ("refusal", 12, "none", None, s_refusal),
    ("none-of-the-options", 8, "none", None, s_none_of),
    ("undecided", 20, "unclear", None, s_undecided),
]


# ----------------------------------------------------------------------------------------------
# Hand-written replies to particular questions: (set, id, style, meant, reply)

HAND = [
    ("sample", "tw-001", "rag-citations", "D",
     "The Linux package won't start the sync agent unless at least **512 MB** of memory is free "
     "[1]. The 2 GB figure you may have seen applies to a different package.\n\n[1] Installation › Linux package"),
    ("sample", "tw-001", "negation", "B",
     "Not 512 MB — that was the old requirement. For the Linux package you need at least 2 GB free."),
    ("sample", "tw-005", "contrast", "D",
     "While 1 GB is what some older guides mention, the Windows installer now expects 4 GB of free memory."),
    ("sample", "tw-007", "choice-text-paraphrased", "C",
     "On Windows the service shows up as Tidewatersvc in services.msc."),
    ("sample", "tw-012", "several-named", "C",
     "Both `tw setup --system` and `tw-mac enroll` show up in the docs, but on a Mac the first "
     "thing you run is `tw-mac enroll`."),
    ("sample", "tw-021", "quoted-choice", "C",
     "Set `sync.interval` in tidewater.toml, e.g.\n\n```toml\n[sync]\ninterval = 10\n```"),
    ("sample", "tw-022", "hedged", "D",
     "I believe it falls back to syncing every 5 minutes, but the page I found was for an older version."),
    ("sample", "tw-030", "x-is-wrong", "B",
     "\"keep both copies\" is wrong — that's what happens on a sync conflict, not a default value. The conflict policy defaults to info."),
    ("sample", "tw-044", "ordinal", "A",
     "It first shipped in the very first option listed, version 1.0."),
    ("sample", "tw-061", "markdown-structured", "D",
     "### Transport encryption\n\nTidewater encrypts traffic in transit with **TLS 1.3**.\n\n"
     "- AES-256-GCM is used *at rest*, not in transit.\n- JWTs are for API access tokens.\n\n"
     "**Answer:** D"),
    ("sample", "tw-063", "dont-know", "none",
     "I don't know how often the transport keys are rotated; the docs I have access to don't say."),
    ("sample", "tw-081", "polite-filler", "D",
     "Hi there! 👋 The Starter plan covers up to 3 devices. If you need more, the Team plan might "
     "be a better fit — happy to walk you through it!"),
    ("sample", "tw-093", "elimination", "C",
     "25 devices is the Team plan, 250 is Business and 500 is Education, so Enterprise must be "
     "the unlimited one."),
    ("sample", "tw-102", "contrast", "A",
     "`tw outbox --flush` is tempting since uploads are involved, but the fix I'd try is "
     "`tw journal --rebuild`."),
    ("sample", "tw-104", "answer-then-explanation", "B",
     "E104. Stuck uploads are reported as E104 in upload.log; E502 is the crash-loop code and "
     "E613 indicates an expired enrolment."),
    ("sample", "tw-108", "context-missing", "none",
     "The troubleshooting guide I retrieved lists E104 and E502, but it does not say which code "
     "indicates duplicate files."),
    ("sample", "tw-113", "reasoning-final-line", "C",
     "Crash loops happen when the agent fails at start-up. A full outbox folder causes stuck "
     "uploads rather than crashes, two devices with the same ID cause duplicate files, and "
     "hashing very large files only slows the first sync. A corrupted journal.db, on the other "
     "hand, makes the agent crash every time it opens the journal.\n\nFinal answer: C"),
    ("sample", "tw-118", "undecided", "unclear",
     "Either `tw enroll --renew` or `tw device --reset-id` — I can't tell which one the docs "
     "recommend for an expired enrolment."),
    ("sample", "tw-120", "choice-text-alone", "D", "E613"),
    ("logiqa", "logiqa-00001", "several-named", "C",
     "Zhao either travels by car or doesn't, and the statement doesn't settle which; what it "
     "does settle is that Li chose to travel by ship."),
    ("logiqa", "logiqa-00003", "contrast", "B",
     "Just the increase in blood pressure isn't enough — lots of things raise blood pressure. "
     "What best leads to the conclusion is that Zhang San's blood pressure increased AND he vomited."),
    ("logiqa", "logiqa-00009", "negation", "B",
     "It's not that snakes went from footless to legged; the true-footed snake lived when "
     "snakes were evolving from a legged animal to a non-footed animal. So B."),
    ("logiqa", "logiqa-00019", "elimination", "A",
     "B and D can't be guaranteed because political leaders aren't all covered by the conditions; "
     "C talks about scientists, who may or may not be elites. The only one that must be true is "
     "that some social elites earn more than $200,000 a year."),
    ("logiqa", "logiqa-00024", "x-is-wrong", "D",
     "Saying Shi Fei is not from Dongshan County is wrong — it's Xi Jia who is not from Dongshan County."),
    ("logiqa", "logiqa-00026", "negation", "C",
     "Green didn't fail to mention Gerst — he mentioned him. The point is that Green doesn't like Gerst."),
    ("logiqa", "logiqa-00029", "choice-text-paraphrased", "B",
     "A 20 year old accountant and two 24 year old salesmen."),
    ("logiqa", "logiqa-00030", "negation", "D",
     "The preparation can't contain Atractylodes macrocephala, so the inference is: there is no "
     "Atractylodes macrocephala."),
    ("logiqa", "logiqa-00030", "contrast", "C",
     "One might think Polygonum multiflorum is ruled out, but the conditions only force one "
     "thing: there is Atractylodes macrocephala."),
    ("logiqa", "logiqa-00023", "hedged", "D",
     "Probably that some insects have brightly colored wings, though the wording of the passage "
     "is a bit loose."),
    ("logiqa", "logiqa-00017", "think-block", "C",
     "<think>\nThe passage is about Chang'e-2 imaging Hongwan. Elliptical orbit vs 100 km circular "
     "orbit... I recall the image was taken from the circular orbit. 10 days for transmission is "
     "a detail, not the main point. Only mission — too strong.\n</think>\n\nWhile in a 100-kilometer "
     "circular orbit, Chang'e-2 took a local image of the Hongwan area."),
    ("us-tort-law", "us-tort-law-00002", "negation", "C",
     "No. The company isn't strictly liable just because the conveyor belt is an artificial "
     "condition — the child was a trespasser, and that ends the claim."),
    ("us-tort-law", "us-tort-law-00003", "contrast", "C",
     "An honest belief is what matters here, not what a reasonable person would have believed — "
     "yes, because the man honestly believed that the plumber would attack him."),
    ("us-tort-law", "us-tort-law-00010", "several-named", "C",
     "Strict liability and res ipsa are both in play, but the strongest theory against the "
     "manufacturer here is negligence relying on res ipsa loquitur."),
    ("us-tort-law", "us-tort-law-00013", "choice-text-paraphrased", "D",
     "He can recover for both invasion of privacy and negligent misrepresentation."),
    ("us-tort-law", "us-tort-law-00013", "x-is-wrong", "A",
     "Invasion of privacy is wrong, and so is negligent misrepresentation, so 'both' is wrong "
     "too. The applicant recovers for negligent infliction of emotional distress."),
    ("us-tort-law", "us-tort-law-00017", "answer-then-explanation", "C",
     "$60,000. The neighbor's share of fault caps what the injured driver can collect from him, "
     "so the $90,000 and $100,000 figures overstate it."),
    ("us-tort-law", "us-tort-law-00016", "elimination", "D",
     "A and B fail because saving property doesn't create a claim against someone who wasn't "
     "negligent in the usual way, and C isn't quite the reason. The rescuer will not prevail "
     "because he knowingly assumed the risk."),
    ("us-tort-law", "us-tort-law-00022", "rag-citations", "A",
     "Under the general rule [1], accusing someone of a crime is slander per se, so the junior "
     "will prevail [2].\n\n[1] Restatement (Second) of Torts § 571\n[2] Provided fact pattern"),
    ("us-tort-law", "us-tort-law-00027", "hedged", "C",
     "He'll probably prevail, but I'd expect compensatory damages only — punitive damages seem "
     "unlikely on these facts."),
    ("us-tort-law", "us-tort-law-00007", "letter-in-prose", "A",
     "Cans exploding on a shelf is the classic res ipsa situation, so I'd go with a."),
    ("sample", "tw-006", "choice-text-alone", "B", "C:\\Tidewater\\Agent"),
    ("sample", "tw-009", "rag-citations", "C",
     "**Minimum memory for the macOS bundle**\n\nThe macOS bundle needs **at least 2 GB of free "
     "memory** before the sync agent will start[1]. That is more than the Linux package, which "
     "gets by with 512 MB[2].\n\n1. Installation – macOS bundle\n2. Installation – Linux package"),
    ("sample", "tw-036", "negation", "B",
     "Retention can be set anywhere between 1 and 3650 days (days, not minutes)."),
    ("sample", "tw-060", "choice-text-paraphrased", "D",
     "Peer discovery was added in Tidewater 2.3, after the delta uploader."),
    ("sample", "tw-086", "polite-filler", "D",
     "Thanks for your question! The Team plan comes with email support, answered within two "
     "days. (Starter customers only get the community forum.)"),
    ("logiqa", "logiqa-00004", "negation", "D", "Chen Fan rescued Li Jia, not Zhao Xin."),
    ("logiqa", "logiqa-00009", "undecided", "unclear",
     "B and D say essentially the same thing — snakes going from a legged animal to a non-footed "
     "one — so it's one of those two."),
    ("logiqa", "logiqa-00020", "negation", "D",
     "The law isn't binding on everyone; it is binding only on people of faith."),
    ("logiqa", "logiqa-00022", "contrast", "C",
     "B is tempting but too strong. What can be inferred is that a man cannot win the respect of "
     "others without any noble virtue, so C."),
    ("logiqa", "logiqa-00029", "choice-text-alone", "C",
     "A 24-year-old accountant, a 20-year-old salesman, a 20-year-old salesman."),
    ("logiqa", "logiqa-00101", "quoted-choice", "C",
     "\"Cannot infer\" — the statements don't settle it either way."),
    ("us-tort-law", "us-tort-law-00011", "hedged", "B",
     "I don't know for sure, but I'd go with the second option."),
    ("us-tort-law", "us-tort-law-00014", "choice-text-paraphrased", "C",
     "No — the glasses weren't designed or sold to protect against the kind of hazard the employee "
     "ran into."),
    ("us-tort-law", "us-tort-law-00019", "markdown-structured", "B",
     "**Short answer: No.**\n\nThe hiker entered the land without permission, so he was a "
     "trespasser. A landowner owes an undiscovered trespasser very little, and nothing here "
     "suggests the owner knew of him.\n\n- Foreseeability of injury is beside the point once "
     "there is no duty.\n- There is no general duty to keep trees from becoming dangerous to "
     "trespassers.\n\n**Answer: B** — the property owner breached no duty to the hiker, who was "
     "a trespasser."),
    ("us-tort-law", "us-tort-law-00020", "answer-then-explanation", "C",
     "The lender will not prevail. It was apparent that the lender was about to inflict serious "
     "bodily harm upon the borrower, so the man was privileged to threaten force in the "
     "borrower's defense. The fact that the man was related to the borrower doesn't matter."),
    ("us-tort-law", "us-tort-law-00029", "x-is-wrong", "D",
     "Whether the students were the professor's employees is the wrong question. The university "
     "escapes liability because the professor did not authorize the car wash as a class project."),
    ("us-tort-law", "us-tort-law-00001", "refusal", "none",
     "I can't advise on whether a court should grant a motion in a pending matter. Please consult "
     "a licensed attorney."),
]


# Questions whose choice texts look like other choices' letters (logiqa-00101: A is "C", C is
# "Cannot infer"): only hand-written replies, where the writer's intent is unmistakable.
HAND_ONLY = {"logiqa-00101"}


# ----------------------------------------------------------------------------------------------

def build(sets):
    by_id = {(q.set, q.id): q for qs in sets.values() for q in qs}
    names = list(sets)
    rows = []
    seen = set()
    hand_counts = Counter()
    for set_name, qid, style, meant, reply in HAND:
        q = by_id[(set_name, qid)]
        rows.append((q, style, reply, meant))
        seen.add((set_name, qid, reply))
        hand_counts[style] += 1
    for style, count, kind, only, fn in STYLES:
        rng = random.Random("{}-{}".format(SEED, style))
        pool_names = [n for n in names if only is None or n in only]
        made = 0
        tries = 0
        while made < count:
            tries += 1
            assert tries < count * 50, style
            set_name = pool_names[(made + rng.randrange(len(pool_names))) % len(pool_names)] \
                if rng.random() < 0.25 else pool_names[made % len(pool_names)]
            q = rng.choice(sets[set_name])
            if q.id in HAND_ONLY:
                continue
            if kind == "letter":
                meant = q.key if rng.random() < 0.4 else rng.choice([j for j in range(4) if j != q.key])
            else:
                meant = None
            reply = fn(Ctx(q, meant, rng))
            if (q.set, q.id, reply) in seen or not reply.strip():
                continue
            seen.add((q.set, q.id, reply))
            label = LETTERS[meant] if kind == "letter" else kind
            rows.append((q, style, reply, label))
            made += 1
    order = {s[0]: n for n, s in enumerate(STYLES)}
    # Interleave: sort by style then a stable hash-free position, keeping generation order.
    rows.sort(key=lambda r: order[r[1]])
    return rows, hand_counts


def check(path, sets):
    choices = {(q.set, q.id): q.choices for qs in sets.values() for q in qs}
    styles, meant, per_set, key_share = Counter(), Counter(), Counter(), Counter()
    keys = {(q.set, q.id): LETTERS[q.key] for qs in sets.values() for q in qs}
    seen = set()
    n = 0
    with open(path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            d = json.loads(line)
            assert set(d) == {"set", "id", "choices", "style", "reply", "meant"}, line_no
            assert d["choices"] == choices[(d["set"], d["id"])], line_no
            m = d["meant"]
            assert m in ("none", "unclear") or m in LETTERS[:len(d["choices"])], line_no
            k = (d["set"], d["id"], d["reply"])
            assert k not in seen, ("duplicate reply", line_no)
            seen.add(k)
            assert d["reply"].strip(), line_no
            styles[d["style"]] += 1
            meant[m] += 1
            per_set[d["set"]] += 1
            if m in LETTERS:
                key_share["key" if m == keys[(d["set"], d["id"])] else "other"] += 1
            n += 1
    return n, styles, meant, per_set, key_share


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("logiqa", help="logiqa.csv from scripts/real-reading-sets.py")
    ap.add_argument("tort", help="us-tort-law.csv from scripts/real-reading-sets.py")
    ap.add_argument("sample", help="crates/sample/data/exam.csv")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent /
                                         "crates/exam/tests/data/replies.jsonl"))
    a = ap.parse_args()
    sets = {"sample": load(a.sample, "sample"), "logiqa": load(a.logiqa, "logiqa"),
            "us-tort-law": load(a.tort, "us-tort-law")}
    for qs in sets.values():
        for q in qs:
            for c in q.choices:
                LOWER_WORDS.update(w for w in re.findall(r"\b[a-z][a-z']+\b", c))
    rows, hand = build(sets)
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for q, style, reply, meant in rows:
            f.write(json.dumps({"set": q.set, "id": q.id, "choices": q.choices, "style": style,
                                "reply": reply, "meant": meant}, ensure_ascii=False) + "\n")
    n, styles, meant, per_set, key_share = check(out, sets)
    print("wrote {} replies to {}".format(n, out))
    print("\nper style (of which hand-written):")
    for s, _, _, _, _ in STYLES:
        print("  {:26s} {:4d}{}".format(s, styles[s], "  ({})".format(hand[s]) if hand[s] else ""))
    print("  {:26s} {:4d}".format("total", n))
    print("\nper meant:", dict(sorted(meant.items())))
    print("per set:", dict(sorted(per_set.items())))
    print("letter replies that name the key: {} of {}".format(
        key_share["key"], key_share["key"] + key_share["other"]))
    unclear = meant["unclear"] / n
    assert unclear <= 0.05, unclear
    print("checks passed: JSON valid, meant within the choices, no duplicate reply per question, "
          "choices as in the sources, unclear {:.1%}".format(unclear))


if __name__ == "__main__":
    main()
