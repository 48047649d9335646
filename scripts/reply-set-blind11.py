#!/usr/bin/env python3
"""Build a blind, hand-labelled test set of free-text assistant replies to
multiple-choice questions ("replies-blind11.jsonl").

Usage:  python3 make.py [WHEEL_PATH] [OUTPUT_PATH]
        defaults: /tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl
                  /tmp/blind11/replies-blind11.jsonl

Source sets (read from evals/registry/data/<name>/ inside the evals wheel)
-------------------------------------------------------------------------
* parable-to-moral-match  (parable-to-moral-match-en.jsonl): an English fable
  followed by five candidate morals "A) ... B) ... E) ...".  The five morals are
  split out of the prompt with one anchored regex; samples whose choices do not
  split cleanly or contain duplicates are skipped.
* csharp-linq (questions.jsonl): a C# LINQ snippet with "Answer one of the
  following:" and a dash list of 4 or 5 options (zero times / once / twice ...,
  O(1) / O(n) ..., 1 / 2 / 1000 / 1001 ...).  Questions with 6 options skipped.
* ordering_randomised_versionlist (samples.jsonl): a list of software versions
  with release dates and a question; the five options appear in shuffled
  letter order in the prompt ("B. 7.7.2 E. 7.7.0 A. 7.6.3 ...") and are
  re-ordered A..E here.  Because the prompt order differs from letter order,
  no reply in this set refers to an option by its position.

Each reply is generated for one question with a fixed random seed.  The letter
the writer "means" is the keyed answer about 70% of the time and another
option otherwise (real assistants are often wrong; the label is what they
meant, not whether it is right).  Reasoning text is built from the real
question material (story sentences, the code, the version chronology).

Styles
-----------------
plain_sentence, letter_and_text, quoted_text_only, close_paraphrase,
answer_first_long, answer_middle_long, answer_last_long, markdown_heading,
bold_inline, bullet_option_review, checkmark_list, not_x_but_y,
pairwise_comparison, hedged_single, answer_with_caveat, rag_citation,
according_to_docs, docs_silent_then_answer, docs_silent_no_answer,
polite_refusal, follow_up_offer, disclaimer_then_answer, ordinal_position,
lowercase_letter, parenthesized_letter, option_word, probability_table,
confidence_score, truncated_after_answer, truncated_before_answer,
letter_text_mismatch, two_answers, unflagged_contradiction, self_correction,
final_answer_line, json_output, elimination, partial_elimination_no_pick,
chatty_intro, terse_letter, requested_format, markdown_table, step_by_step,
best_with_runner_up, none_of_the_above, closest_option, clarifying_question,
summary_without_answer, undecided_between_two, probability_tie,
code_block_answer, question_echo, rhetorical_walkthrough, support_agent_tone,
letter_then_text_later, conditional_answer, docs_silent_guess (57 in all).

Labelling rule
--------------
"meant" is what a careful human reader would take the writer to have
answered:
* a letter A..E when the reply commits to exactly one option (by letter, by
  quoting or closely paraphrasing its text, or by its position), including
  hedged picks, picks with caveats, picks followed by a runner-up mention, a
  flagged self-correction (the final answer counts), and replies cut off by a
  token limit after the answer was already stated;
* "none" when no option is chosen at all: refusals, "the documents don't
  cover this", clarifying questions, topic summaries, partial eliminations,
  "none of the options is correct", replies cut off before committing;
* "unclear" when the reply names several options as the answer, is undecided
  between two or gives one answer per interpretation, ties them in a
  probability list, contradicts itself without
  flagging a correction, or states a letter whose quoted text belongs to a
  different option.
"""
import json
import random
import re
import sys
import zipfile
from collections import Counter
from datetime import datetime

WHEEL = "/tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl"
OUT = "crates/exam/tests/data/replies-blind11.jsonl"
SEED = 1101
L = "ABCDE"
ORD = ["first", "second", "third", "fourth", "fifth"]
ORDN = ["1st", "2nd", "3rd", "4th", "5th"]


# --------------------------------------------------------------------------
# small text helpers
# --------------------------------------------------------------------------
def sentences(text):
    parts = re.split(r'(?<=[.!?])["\u201d]?\s+', text.strip())
    return [p.strip() for p in parts if p.strip()]


def clip(text, n=95):
    text = " ".join(text.split())
    if len(text) <= n:
        return text
    cut = text[:n].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "\u2026"


def nodot(text):
    return text.rstrip(" .!;")


def lcfirst(text):
    if not text:
        return text
    w = text.split(" ", 1)[0]
    if w == "I" or w.startswith("I'") or (len(w) > 1 and w.isupper()) or w in ("God", "God's"):
        return text
    return text[0].lower() + text[1:]


# --------------------------------------------------------------------------
# question loading
# --------------------------------------------------------------------------
class Q:
    def __init__(self, set_, id_, choices, ideal, kind, ctx):
        self.set = set_
        self.id = id_
        self.choices = choices
        self.ideal = ideal
        self.kind = kind
        self.ctx = ctx

    @property
    def n(self):
        return len(self.choices)

    def text(self, l):
        return self.choices[L.index(l)]


def load_parables(z):
    name = "evals/registry/data/parable-to-moral-match/parable-to-moral-match-en.jsonl"
    out = []
    rx = re.compile(r"\nA\) (.*?) B\) (.*?) C\) (.*?) D\) (.*?) E\) (.*?)\nThe output", re.S)
    for i, line in enumerate(z.read(name).decode("utf-8").splitlines()):
        d = json.loads(line)
        t = d["input"][-1]["content"]
        m = rx.search(t)
        if not m:
            continue
        ch = [" ".join(x.split()) for x in m.groups()]
        ch = [c.rstrip(" .") + "." if not c.rstrip().endswith(("!", "?", ".")) else c.rstrip(" ") for c in ch]
        if len(set(c.lower() for c in ch)) < 5 or any(not c.strip(" .") for c in ch):
            continue
        if any(re.search(r"(^|\s)[A-E]\)\s", c) for c in ch):
            continue
        ideal = re.search(r"answer is: ([A-E])", d["ideal"][0]).group(1)
        story = t.split("\nWhich moral")[0].strip()
        ss = sentences(story)
        if len(ss) < 2:
            continue
        def snip(x):
            x = x.replace('"', "'").replace("\u201c", "'").replace("\u201d", "'").strip("' ")
            return clip(x, 120)
        # story sentences that restate one of the morals would give the answer away
        # inside the reasoning, so only "neutral" sentences are quoted
        cw = [set(re.findall(r"[a-z']+", c.lower())) for c in ch]

        def neutral(x):
            w = set(re.findall(r"[a-z']+", x.lower()))
            return all(len(w & c) < max(3, 0.4 * len(c)) for c in cw)
        good = [x for x in ss if neutral(x)]
        if len(good) < 3:
            continue
        first, last, mid = snip(good[0]), snip(good[-1]), snip(good[len(good) // 2])
        out.append(Q("parable-to-moral-match", f"parable-en-{i:04d}", ch, ideal, "moral",
                     {"first": first, "last": last, "mid": mid}))
    return out


def load_csharp(z):
    name = "evals/registry/data/csharp-linq/questions.jsonl"
    out = []
    for i, line in enumerate(z.read(name).decode("utf-8").splitlines()):
        d = json.loads(line)
        t = d["input"][-1]["content"]
        code, _, tail = t.partition("/*")
        qm = re.search(r"\n?(.*?\?)\s*Answer one of the following:", tail, re.S)
        ch = re.findall(r"^- (.+?)\s*$", tail, re.M)
        if not qm or not (4 <= len(ch) <= 5) or len(set(ch)) != len(ch):
            continue
        ideal_txt = d["ideal"][0].strip("[] ") if isinstance(d["ideal"], list) else d["ideal"].strip("[] ")
        if ideal_txt not in ch:
            continue
        qtext = " ".join(qm.group(1).split())
        if "Distinct operator" in qtext:
            kind = "distinct"
        elif "time complexity" in qtext:
            kind = "complexity"
        else:
            kind = "enumeration"
        lines = [x.strip() for x in code.strip().splitlines() if x.strip()]
        key = None
        for pat in ("anyContains", "missingName", "missingIds", "distinctValues =", "list2 =", "name ="):
            for x in lines:
                if pat in x and len(x) < 110:
                    key = x.rstrip(";")
                    break
            if key:
                break
        key = key or lines[-1].rstrip(";")
        out.append(Q("csharp-linq", f"csharp-linq-{i:02d}", ch, L[ch.index(ideal_txt)], kind,
                     {"question": qtext, "code": code.strip(), "key": key,
                      "materialized": bool(re.search(r"Distinct\(\)\.To(Array|List)", code)),
                      "hashset": "ToHashSet" in code, "dict": "ToDictionary" in code}))
    return out


def parse_date(s):
    s = s.strip().rstrip("?")
    for fmt in ("%B %d, %Y", "%d %B %Y"):
        try:
            return datetime.strptime(s, fmt)
        except ValueError:
            pass
    return None


def load_versions(z):
    name = "evals/registry/data/ordering_randomised_versionlist/samples.jsonl"
    out = []
    for i, line in enumerate(z.read(name).decode("utf-8").splitlines()):
        d = json.loads(line)
        t = d["input"][-1]["content"]
        vers = re.findall(r"Version ([\d.]+) Release Date: (\w+ \d+, \d{4})", t)
        qm = re.search(r"(What was the .*?\?)(.*?)Please reason", t, re.S)
        if not vers or not qm:
            continue
        opts = re.findall(r"\b([A-E])\. ([\d]+\.[\d]+\.[\d]+)", qm.group(2))
        if sorted(o[0] for o in opts) != list(L) or len(set(o[1] for o in opts)) != 5:
            continue
        ch = [dict(opts)[l] for l in L]
        ideal = re.search(r"\[([A-E])\.", d["ideal"]).group(1)
        chron = sorted(((parse_date(dt), v, dt) for v, dt in vers), key=lambda x: x[0])
        question = " ".join(qm.group(1).split())
        dm = re.search(r"\b(?:at|as of) (\d+ \w+ \d{4}|\w+ \d+, \d{4})\?$", question)
        qdate = parse_date(dm.group(1)) if dm else None
        nm = re.search(r"released (two|three) versions (before|after)", question)
        step = 0
        if nm:
            step = {"two": 2, "three": 3}[nm.group(1)] * (-1 if nm.group(2) == "before" else 1)
        out.append(Q("ordering_randomised_versionlist", f"versionlist-{i:02d}", ch, ideal, "version",
                     {"question": question, "chron": chron, "qdate": qdate, "qdate_s": dm.group(1) if dm else "",
                      "step": step, "shown": " ".join(f"{a}. {b}" for a, b in opts)}))
    return out


# --------------------------------------------------------------------------
# per-set "reasoners": context, justification, dismissal, paraphrase
# --------------------------------------------------------------------------
def short(q, l):
    t = q.text(l)
    if q.kind == "moral":
        s = sentences(t)[0]
        return clip(s, 100)
    return t


def noun(q):
    return {"moral": "moral", "version": "version"}.get(q.kind, "answer")


def qquestion(q):
    if q.kind == "moral":
        return "Which moral is this story attempting to convey?"
    return q.ctx["question"]


def qphrase(q):
    if q.kind == "moral":
        return "which moral the story conveys"
    if q.kind == "version":
        return lcfirst(q.ctx["question"].replace("What was", "which was").rstrip("?"))
    if q.kind == "distinct":
        return "how many times the Distinct operator executes"
    if q.kind == "complexity":
        return "the time complexity of the snippet"
    return "how many times list1 is enumerated"


NUMW = {"1": "just once", "2": "two times", "3": "three times", "100": "a hundred times",
        "101": "a hundred and one times", "111": "a hundred and eleven times",
        "1000": "a thousand times", "1001": "a thousand and one times"}
CPX = {"O(1)": "constant time", "O(n)": "linear time", "O(n^2)": "quadratic time",
       "O(log n)": "logarithmic time"}
DIS = {"zero times": "it never actually runs", "once": "it runs a single time",
       "twice": "it runs two times", "more than twice": "it runs three or more times"}


def para(q, l, R):
    t = q.text(l)
    if q.kind == "moral":
        s = nodot(short(q, l))
        return R.choice([f"the lesson that {lcfirst(s)}", f"the idea that {lcfirst(s)}",
                         f"the point that {lcfirst(s)}", f"the message that {lcfirst(s)}"])
    if q.kind == "complexity":
        return CPX.get(t, t)
    if q.kind == "distinct":
        return DIS.get(t, t)
    if q.kind == "enumeration":
        return NUMW.get(t, f"{t} times")
    return R.choice([f"version {t}", f"v{t}", f"the {t} release", f"release {t}"])


def ctx(q, R):
    c = q.ctx
    if q.kind == "moral":
        return R.choice([
            f'The story opens with "{c["first"]}" and it ends with "{c["last"]}"',
            f'The turning point is the ending: "{c["last"]}"',
            f'Look at how the fable resolves: "{c["last"]}"',
            f'The setup ("{c["first"]}") leads to a clear consequence at the end',
            f'The middle of the story is the key: "{c["mid"]}"',
        ])
    if q.kind == "version":
        chron = ", ".join(f"{v} ({dt})" for _, v, dt in c["chron"])
        return R.choice([
            f"Sorted by release date the versions are: {chron}",
            f"Putting the releases in chronological order gives {chron}",
            f"In release order: {chron}",
        ])
    key = c["key"]
    if q.kind == "distinct":
        return R.choice([
            f"The relevant line is `{key}`; LINQ operators like Distinct are deferred",
            f"`{key}` only builds a query - nothing runs until something enumerates it",
            f"Everything hinges on whether `{key}` is materialized before Any() and First() are called",
        ])
    if q.kind == "complexity":
        return R.choice([
            f"The expensive part is `{key}`",
            f"Look at what `{key}` does for every element",
            f"The cost is dominated by `{key}` and by which collection types are involved",
        ])
    return R.choice([
        "TrackEnumeration increments the counter each time the wrapped sequence is enumerated from the start",
        f"The counter goes up every time `list1` is iterated, and `{key}` iterates it repeatedly",
        "Each GetEnumerator call on the tracked sequence bumps enumerationCount by one",
    ])


def version_latest(q):
    c = q.ctx
    if not c["qdate"]:
        return None
    before = [x for x in c["chron"] if x[0] <= c["qdate"]]
    return before[-1][1] if before else None


def why(q, l, R):
    t = q.text(l)
    c = q.ctx
    if q.kind == "moral":
        s = nodot(short(q, l))
        return R.choice([
            f'Everything in the story builds toward the lesson "{s}."',
            f'The way things turn out at the end ("{c["last"]}") is exactly what this moral is about: {lcfirst(s)}.',
            f"The characters' choices and what happens to them illustrate that {lcfirst(s)}.",
            f'The story rewards or punishes precisely the behaviour described in "{s}."',
            f'This is the only option that ties the beginning ("{c["first"]}") to the outcome.',
        ])
    if q.kind == "version":
        vs = [v for _, v, _ in c["chron"]]
        latest = version_latest(q)
        st = c["step"]
        if st and t in vs:
            k = vs.index(t) - st
            claimed = vs[k] if 0 <= k < len(vs) else latest
            dirw = "back" if st < 0 else "forward"
            return (f"As of {c['qdate_s']} the most recent release is {claimed}; counting {abs(st)} "
                    f"releases {dirw} from there lands on {t}.")
        return f"Only releases dated on or before {c['qdate_s']} count, and the newest of those is {t}."
    if q.kind == "distinct":
        return {
            "zero times": "Because the query is deferred and the results are never really consumed, Distinct never has to run.",
            "once": ("The query is materialized right away with ToArray()/ToList(), so Distinct runs once and Any()/First() work on the stored result."
                     if c["materialized"] else
                     "Distinct runs when the query is first evaluated and the result is reused for the later calls, so it executes once."),
            "twice": "distinctValues is a deferred query, so Any() enumerates it once and First() enumerates it again - two executions of Distinct.",
            "more than twice": "Each operator that touches distinctValues (Any, First and the output) re-runs the whole pipeline, so it ends up executing more than twice.",
        }.get(t, f"Tracing the calls gives {t}.")
    if q.kind == "complexity":
        return {
            "O(1)": "Any() stops at the first match, so the amount of work does not grow with n.",
            "O(n)": ("Lookups against the HashSet/Dictionary are constant time, so the single pass over the data dominates: linear."
                     if (c["hashset"] or c["dict"]) else
                     "There is a single pass over the input, so the running time grows linearly."),
            "O(n^2)": "For every element of the outer sequence there is a linear scan (Contains/First) of another sequence - n times n.",
            "O(log n)": "The lookups behave like a binary search over an ordered range, so the cost grows logarithmically.",
        }.get(t, f"The dominant term works out to {t}.")
    return R.choice([
        f"Counting one enumeration for the outer pass and one for every First()/lookup call gives {t}.",
        f"Each time the tracked sequence is iterated the counter increments; adding them up gives {t}.",
        f"The outer query enumerates list1 and the inner calls enumerate it again per element, for a total of {t}.",
    ]) if t not in ("1",) else "ToArray() materializes the sequence once; everything after that reads the array, so the counter stays at 1."


def why_not(q, l, R):
    t = q.text(l)
    if q.kind == "moral":
        s = nodot(short(q, l))
        return R.choice([
            f'"{s}" is a fine lesson in general, but nothing in this story turns on it.',
            f'"{s}" doesn\'t match the events of the story.',
            f'"{s}" belongs to a different kind of fable.',
            f'"{s}" is only loosely related to what happens here.',
            f'"{s}" misses the point of the ending.',
        ])
    if q.kind == "version":
        return R.choice([
            f"{t} doesn't line up with the release dates once they're sorted.",
            f"{t} is the wrong distance from the latest release at that date.",
            f"{t} falls on the wrong side of the cut-off date.",
        ])
    if q.kind == "complexity":
        return R.choice([f"{t} would require the lookups to behave differently than they do here.",
                         f"{t} doesn't reflect the nested work in the loop.",
                         f"{t} ignores how the collections are actually iterated."])
    qt = f'"{t}"' if q.kind == "distinct" else t
    return R.choice([f"{qt} doesn't match how many times the query is actually evaluated.",
                     f"{qt} ignores LINQ's deferred execution.",
                     f"{qt} miscounts the enumerations.",
                     f"{qt[0].upper() + qt[1:]} would only be right if the query were evaluated differently."])


def other(q, l, R, exclude=()):
    return R.choice([x for x in L[:q.n] if x != l and x not in exclude])


def lt(q, l, R, kind=None):
    """letter with its text in a common format"""
    t = q.text(l) if q.kind != "moral" else short(q, l)
    kind = kind or R.choice(["paren", "dot", "colon", "dash"])
    return {"paren": f"{l}) {t}", "dot": f"{l}. {t}", "colon": f"{l}: {t}", "dash": f"{l} - {t}",
            "bparen": f"({l}) {t}"}[kind]


def offer(R):
    return R.choice([
        "Let me know if you'd like me to go through the other options in more detail.",
        "Happy to explain further if anything is unclear!",
        "If you want, I can walk through a similar example.",
        "Let me know if you have any other questions.",
        "Feel free to ask if you'd like more context on this.",
        "I hope this helps - let me know if you need anything else!",
    ])


# --------------------------------------------------------------------------
# styles: each returns (reply, meant)
# --------------------------------------------------------------------------
def s_plain_sentence(q, p, R):
    n = noun(q)
    r = R.choice([
        f"The correct answer is {p}.",
        f"{p} is the right answer.",
        f"I'd say the answer is {p}.",
        f"The best answer here is {p}.",
        f"Answer: {p}",
        f"That would be {p}.",
        f"The {n} that fits best is {p}.",
    ])
    if R.random() < 0.6:
        r += " " + why(q, p, R)
    return r, p


def s_letter_and_text(q, p, R):
    r = R.choice([
        f"The answer is {lt(q, p, R)}",
        f"Correct answer: {lt(q, p, R)}",
        f"I would choose {lt(q, p, R, 'paren')}",
        f"{lt(q, p, R, 'paren')}\n\n{why(q, p, R)}",
        f"It's {lt(q, p, R, 'dot')}",
    ])
    return r, p


def s_quoted_text_only(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    n = noun(q)
    r = R.choice([
        f'The {n} is "{nodot(t)}."',
        f'"{t}" - {why(q, p, R)}',
        f'I think the best fit is "{nodot(t)}". {why(q, p, R)}',
        f'{ctx(q, R)}. That points to "{nodot(t)}".',
        f'Best match: "{t}"',
    ])
    return r, p


def s_close_paraphrase(q, p, R):
    pp = para(q, p, R)
    if q.kind == "moral":
        r = R.choice([
            f"The story is really about {pp}. {ctx(q, R)}, and that is the whole point.",
            f"{ctx(q, R)}. So the moral is {pp}.",
            f"What the fable teaches is {pp} - the ending makes that unmistakable.",
        ])
    elif q.kind == "version":
        r = R.choice([
            f"{ctx(q, R)}. That makes it {pp}.",
            f"It's {pp}. {why(q, p, R)}",
            f"The release you're looking for is {pp}.",
        ])
    else:
        r = R.choice([
            f"{ctx(q, R)}. In short, {pp}." if q.kind == "distinct" else f"{ctx(q, R)}. Overall this runs in {pp}.",
            f"{why(q, p, R)} So the answer is {pp}." if q.kind != "distinct" else f"{why(q, p, R)} In other words, {pp}.",
            f"It's {pp}." if q.kind != "distinct" else f"Short version: {pp}.",
        ])
    return r, p


def s_answer_first_long(q, p, R):
    o1 = other(q, p, R)
    o2 = other(q, p, R, (o1,))
    head = R.choice([f"The answer is {p}.", f"**{p}** is correct.", f"{lt(q, p, R)} is the best answer.",
                     f"Short answer: {p}."])
    body = [ctx(q, R) + ".", why(q, p, R), f"By contrast, {lcfirst(why_not(q, o1, R))}", why_not(q, o2, R)]
    if R.random() < 0.5:
        body.append(R.choice(["That's why the other options don't hold up.",
                              "The remaining options can be ruled out the same way.",
                              "Those distinctions are what make the difference here."]))
    return head + "\n\n" + " ".join(body), p


def s_answer_middle_long(q, p, R):
    o1 = other(q, p, R)
    o2 = other(q, p, R, (o1,))
    t = q.text(p) if q.kind != "moral" else short(q, p)
    mid = R.choice([f"That's why I'd go with {p} ({nodot(t)}).",
                    f"So the answer is {p}.",
                    f'This makes option {p}, "{nodot(t)}", the best fit.'])
    tail = R.choice([f"{why_not(q, o1, R)} Likewise, {lcfirst(why_not(q, o2, R))}",
                     f"As for the others: {lcfirst(why_not(q, o1, R))} And {lcfirst(why_not(q, o2, R))}",
                     f"It's worth noting why {o1} is tempting: at first glance it seems plausible, but {lcfirst(why_not(q, o1, R))}"])
    return f"{ctx(q, R)}. {why(q, p, R)}\n\n{mid}\n\n{tail}", p


def s_answer_last_long(q, p, R):
    o1 = other(q, p, R)
    o2 = other(q, p, R, (o1,))
    t = q.text(p) if q.kind != "moral" else short(q, p)
    end = R.choice([f"Therefore, the answer is {p}.", f"So the correct choice is {p}: {t}",
                    f"Putting it all together, I'd pick {p}.", f"Hence {p}."])
    return (f"Let's think about {qphrase(q)}. {ctx(q, R)}.\n\n{why_not(q, o1, R)} {why_not(q, o2, R)}\n\n"
            f"{why(q, p, R)}\n\n{end}"), p


def s_markdown_heading(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    h = R.choice(["## Answer", "### Answer", "# Result", "## Correct option", "### Short answer"])
    h2 = R.choice(["## Explanation", "### Why", "### Reasoning", "## Rationale"])
    o = other(q, p, R)
    r = f"{h}\n\n**{p}) {t}**\n\n{h2}\n\n{ctx(q, R)}. {why(q, p, R)}\n\n{why_not(q, o, R)}"
    if R.random() < 0.4:
        r += "\n\n" + offer(R)
    return r, p


def s_bold_inline(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"The correct choice is **{p}) {nodot(t)}**. {why(q, p, R)}",
        f"{ctx(q, R)}, which makes **{p}** the answer.",
        f"I'd go with **{nodot(t)}** ({p}). {why(q, p, R)}",
        f"{why(q, p, R)} The answer is therefore **{p}**.",
    ])
    return r, p


def s_bullet_option_review(q, p, R):
    lines = []
    for l in L[:q.n]:
        t = q.text(l) if q.kind != "moral" else short(q, l)
        if l == p:
            lines.append(f"- **{l}) {nodot(t)}** - {R.choice(['this fits.', 'correct.', 'best match.', 'yes - ' + lcfirst(why(q, l, R))])}")
        else:
            lines.append(f"- {l}) {nodot(t)} - {R.choice(['no.', 'doesn’t fit.', 'incorrect.', lcfirst(why_not(q, l, R))])}")
    intro = R.choice(["Let's go through the options:", "Option by option:", "Here's how each choice holds up:",
                      f"{ctx(q, R)}. Checking each option:"])
    outro = R.choice([f"\n\nSo the answer is {p}.", f"\n\n**Answer: {p}**", "", f"\n\nThat leaves {p} as the best choice."])
    return intro + "\n\n" + "\n".join(lines) + outro, p


def s_checkmark_list(q, p, R):
    lines = []
    for l in L[:q.n]:
        t = q.text(l) if q.kind != "moral" else clip(short(q, l), 60)
        mark = "\u2705" if l == p else "\u274c"
        lines.append(f"{mark} {l}: {t}")
    r = "\n".join(lines)
    if R.random() < 0.6:
        r = R.choice(["Quick check of each option:\n\n", "Here's my assessment:\n\n", ""]) + r + "\n\n" + why(q, p, R)
    return r, p


def s_not_x_but_y(q, p, R):
    o = other(q, p, R)
    to = q.text(o) if q.kind != "moral" else short(q, o)
    tp = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"It's not {o} but {p}. {why(q, p, R)}",
        f'The answer isn\'t "{nodot(to)}" - it\'s "{nodot(tp)}". {why(q, p, R)}',
        f"Not {o}. {why_not(q, o, R)} The correct answer is {p}.",
        f"Many people would pick {o}, but the right answer is actually {p}: {nodot(tp)}.",
        f"{why_not(q, o, R)} Instead, the answer is {p} - {nodot(tp)}.",
    ])
    return r, p


def s_pairwise_comparison(q, p, R):
    o = other(q, p, R)
    a, b = (p, o) if R.random() < 0.5 else (o, p)
    r = R.choice([
        f"It comes down to {a} versus {b}. {why_not(q, o, R)} {why(q, p, R)} So {p} is the better answer.",
        f"Comparing {a} and {b}: both look plausible at first, but {lcfirst(why(q, p, R))} That gives {p} the edge.",
        f"The two serious candidates are {a} and {b}. {why(q, p, R)} {why_not(q, o, R)} I'd choose {p}.",
    ])
    return r, p


def s_hedged_single(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"I'm not completely certain, but I'd lean toward {p}. {why(q, p, R)}",
        f"This one is a bit tricky. My best guess is {p}) {nodot(t)}, though I could see an argument for other readings.",
        f"Probably {p}. {why(q, p, R)} I wouldn't bet everything on it, though.",
        f"If I had to choose, I'd go with {p}, although I'm not 100% sure.",
        f"It's hard to be definitive, but {p} seems most likely. {why(q, p, R)}",
    ])
    return r, p


def s_answer_with_caveat(q, p, R):
    caveat = {
        "moral": ["Fables often carry more than one lesson, so other morals could be argued loosely.",
                  "Keep in mind that different collections attach slightly different morals to the same fable.",
                  "Caveat: the wording of the options is a bit loose, so this is the closest match rather than a perfect one."],
        "version": ["This assumes the release dates listed are complete and accurate.",
                    "Note that this depends on counting only releases on or before the given date.",
                    "Caveat: if there were unlisted hotfix releases, the count could shift."],
        "complexity": ["This is about the algorithmic cost, not measured runtime.",
                       "Note that this can differ if the runtime applies optimizations for specific collection types.",
                       "Caveat: constant factors and early exits from Any() can make real timings look better."],
    }.get(q.kind, ["This assumes no other code enumerates the sequence.",
                   "Note that a debugger watch window can trigger extra enumerations, so observed counts may differ.",
                   "Caveat: this assumes the standard LINQ-to-Objects implementation."])
    r = R.choice([
        f"The answer is {p}. {why(q, p, R)}\n\n{R.choice(caveat)}",
        f"{R.choice(caveat)} With that said, {p} is the best answer.",
        f"{p} - with one caveat: {lcfirst(R.choice(caveat).replace('Caveat: ', ''))}",
    ])
    return r, p


def s_rag_citation(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    src = {"moral": ["the fable summary", "the collection's notes", "the retrieved story"],
           "version": ["the release notes", "the changelog", "the version history"]}.get(
        q.kind, ["the LINQ documentation", "the .NET docs", "the System.Linq.Enumerable reference"])
    s1 = R.choice(src)
    r = R.choice([
        f"Based on {s1} [1], {lcfirst(why(q, p, R))} The correct answer is therefore {p} [1][2].",
        f"{ctx(q, R)} [doc 2]. This supports option {p}: {nodot(t)} [doc 2].",
        f"According to {s1} [3], the answer is **{p}**. {why(q, p, R)} [3]",
        f"Answer: {p} ({nodot(t)}).\n\nSources:\n[1] {s1[4:] if s1.startswith('the ') else s1}\n[2] Internal knowledge base",
    ])
    return r, p


def s_according_to_docs(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"According to the documentation, {lcfirst(why(q, p, R))} So the answer is {p}.",
        f"The reference material indicates that the answer is {p} ({nodot(t)}).",
        f"Per the provided context: {ctx(q, R)}. That means {p} is correct.",
        f"From the knowledge base article on this topic, the correct option is {p}. {why(q, p, R)}",
    ])
    return r, p


def s_docs_silent_then_answer(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"The documents I have access to don't cover this directly. Based on general knowledge, though, the answer is {p}. {why(q, p, R)}",
        f"I couldn't find this in the provided sources, but reasoning it through: {lcfirst(why(q, p, R))} I'd answer {p}.",
        f"This isn't addressed in the knowledge base. From my own understanding, it's {p}) {nodot(t)}.",
    ])
    return r, p


def s_docs_silent_no_answer(q, p, R):
    r = R.choice([
        "I'm sorry, but the documents provided don't contain information about this question, so I can't determine the correct option.",
        "The retrieved sources don't cover this topic. I'd recommend checking the original material or asking a subject-matter expert.",
        f"I wasn't able to find anything in the knowledge base about {qphrase(q)}. Could you share the relevant document?",
        "Unfortunately, none of the documents I have access to address this, so I can't give a reliable answer.",
        "Based on the provided context, I don't have enough information to answer this question.",
    ])
    return r, "none"


def s_polite_refusal(q, p, R):
    r = R.choice([
        "I'm not able to help with answering test or quiz questions directly, but I'd be happy to explain the underlying concepts if that's useful.",
        "I'd rather not just pick an option for you - it looks like this might be part of an assessment. Would you like help understanding the material instead?",
        "Sorry, I can't assist with that request.",
        "I'm sorry, but I can't provide answers to exam questions. If you're studying, I can help you work through the reasoning step by step.",
    ])
    return r, "none"


def s_follow_up_offer(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"The answer is {p}. {why(q, p, R)}\n\n{offer(R)}",
        f"{lt(q, p, R)}\n\n{offer(R)}",
        f"I'd pick {p} - {nodot(t)}. {offer(R)}",
    ])
    return r, p


def s_disclaimer_then_answer(q, p, R):
    d = R.choice([
        "As an AI assistant, I can make mistakes, so please double-check this.",
        "Disclaimer: this answer is generated automatically and may not be accurate.",
        "Note: I don't have access to the original source, so this is based on my own analysis.",
        "I'm an AI language model and my answers should be verified independently.",
    ])
    r = R.choice([f"{d}\n\nThe answer is {p}. {why(q, p, R)}",
                  f"{why(q, p, R)} So I'd go with {p}.\n\n_{d}_",
                  f"{d} That said, I believe the correct option is {p}."])
    return r, p


def s_ordinal_position(q, p, R):
    i = L.index(p)
    t = q.text(p) if q.kind != "moral" else short(q, p)
    pos = ORD[i]
    last = " (the last one)" if i == q.n - 1 and R.random() < 0.5 else ""
    if q.kind == "enumeration" or q.kind == "complexity":
        r = R.choice([f"The {pos} option, {t}. {why(q, p, R)}",
                      f"I'd go with the {pos} choice ({t}){last}.",
                      f"It's the {ORDN[i]} one: {t}."])
    else:
        r = R.choice([
            f"The {pos} option is correct{last}. {why(q, p, R)}",
            f"I'd go with the {pos} choice{last}: \"{nodot(t)}\".",
            f"{why(q, p, R)} That corresponds to the {pos} option.",
            f"Option number {i + 1} is the right one{last}.",
        ])
    return r, p


def s_lowercase_letter(q, p, R):
    lp = p.lower()
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"the answer is {lp}",
        f"i'd go with {lp}. {lcfirst(why(q, p, R))}",
        f"{lp}) {nodot(t)}",
        f"answer: {lp} - {lcfirst(nodot(t)) if q.kind == 'moral' else t}",
        f"I believe it's {lp}. {why(q, p, R)}",
    ])
    return r, p


def s_parenthesized_letter(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"({p}) {nodot(t)}",
        f"The correct option is ({p}). {why(q, p, R)}",
        f"{why(q, p, R)} Answer: ({p.lower()})",
        f"I choose ({p}) - {nodot(t)}.",
    ])
    return r, p


def s_option_word(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"Option {p} is correct. {why(q, p, R)}",
        f"I'd select Option {p}: {nodot(t)}.",
        f"{why(q, p, R)} So the correct option is option {p}.",
        f"Choice {p} - {nodot(t)}.",
        f"The right pick here is option {p.lower()}.",
    ])
    return r, p


def probs(q, p, R, tie=None):
    """integer percentages summing to 100; p is the unique maximum unless tie=(a, b)"""
    n = q.n
    vals = {}
    if tie:
        top = R.choice([35, 40, 45])
        vals[tie[0]] = vals[tie[1]] = top
        rest = 100 - 2 * top
    else:
        top = R.choice([55, 60, 65, 70, 75, 80, 85])
        vals[p] = top
        rest = 100 - top
    others = [l for l in L[:n] if l not in vals]
    while True:
        w = [R.random() + 0.15 for _ in others]
        parts = [max(1, int(rest * x / sum(w))) for x in w]
        parts[0] += rest - sum(parts)
        if all(1 <= x < top for x in parts):
            break
    for l, v in zip(others, parts):
        vals[l] = v
    return vals


def s_probability_table(q, p, R):
    vals = probs(q, p, R)
    lines = [f"- {l}: {vals[l]}%" for l in L[:q.n]]
    r = R.choice([
        "My estimated probabilities for each option:\n\n" + "\n".join(lines) + f"\n\nMost likely answer: {p}.",
        "Here's how confident I am in each option:\n" + "\n".join(lines) + f"\n\n{why(q, p, R)}",
        f"{ctx(q, R)}.\n\nLikelihoods:\n" + "\n".join(lines),
    ])
    return r, p


def s_confidence_score(q, p, R):
    c = R.choice([62, 70, 75, 80, 85, 90, 95])
    r = R.choice([
        f"Answer: {p}\nConfidence: {c}%",
        f"I'm about {c}% confident the answer is {p}. {why(q, p, R)}",
        f"{lt(q, p, R)} (confidence: {c}%)",
        f"{why(q, p, R)}\n\nAnswer: {p} - confidence {'high' if c >= 80 else 'moderate'} (~{c}%).",
    ])
    return r, p


def cut(text, R):
    """cut text mid-word roughly 60-85% through"""
    k = int(len(text) * R.uniform(0.6, 0.85))
    k = max(k, 20)
    return text[:k].rstrip()


def s_truncated_after_answer(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    o1 = other(q, p, R)
    o2 = other(q, p, R, (o1,))
    head = R.choice([f"**Answer: {p}**", f"The correct answer is {p}) {nodot(t)}.", f"I'd choose {p}."])
    tail = f"{ctx(q, R)}. {why(q, p, R)} To see why the other options fail: {why_not(q, o1, R)} {why_not(q, o2, R)} Finally, the remaining option"
    return head + "\n\n" + cut(tail, R), p


def s_truncated_before_answer(q, p, R):
    o1 = other(q, p, R)
    o2 = other(q, p, R, (o1,))
    o3 = other(q, p, R, (o1, o2))
    body = (f"Let's work through this carefully. {ctx(q, R)}.\n\nFirst, consider option {o1}. {why_not(q, o1, R)}\n\n"
            f"Next, option {o2}. {why_not(q, o2, R)}\n\nNow option {o3}: at first glance this looks plausible, but we need to check")
    return cut(body, R), "none"


def s_letter_text_mismatch(q, p, R):
    o = other(q, p, R)
    to = q.text(o) if q.kind != "moral" else short(q, o)
    r = R.choice([
        f"The answer is {p}) {nodot(to)}.",
        f"Correct answer: {p} - \"{nodot(to)}\". {why(q, o, R)}",
        f"I'd go with option {p}, \"{nodot(to)}\".",
        f"**{p}. {nodot(to)}**",
    ])
    return r, "unclear"


def s_two_answers(q, p, R):
    o = other(q, p, R)
    a, b = sorted([p, o])
    r = R.choice([
        f"Both {a} and {b} are correct. {why(q, a, R)} {why(q, b, R)}",
        f"The answers are {a} and {b}.",
        f"I'd pick {a} and {b} - each captures part of it.",
        f"{a}, {b}",
        f"Answer: {a} / {b}. Both apply here.",
    ])
    return r, "unclear"


def s_unflagged_contradiction(q, p, R):
    o = other(q, p, R)
    r = R.choice([
        f"The answer is {p}. {ctx(q, R)}. {why(q, o, R)} Therefore, the correct answer is {o}.",
        f"**{p}**\n\n{why(q, o, R)} So {o} is the best choice.",
        f"I'd select {p}.\n\nExplanation: {why(q, o, R)} This is why option {o} is correct.",
    ])
    return r, "unclear"


def s_self_correction(q, p, R):
    o = other(q, p, R)
    r = R.choice([
        f"At first glance it looks like {o}. But on closer inspection, {lcfirst(why(q, p, R))} So the answer is actually {p}.",
        f"My initial thought was {o}, but that's wrong - {lcfirst(why_not(q, o, R))} The correct answer is {p}.",
        f"The answer is {o}... wait, let me reconsider. {why(q, p, R)} Correction: the answer is {p}.",
        f"I was going to say {o}, however {lcfirst(why(q, p, R))} Final answer: {p}.",
    ])
    return r, p


def s_final_answer_line(q, p, R):
    o = other(q, p, R)
    t = q.text(p) if q.kind != "moral" else short(q, p)
    fl = R.choice([f"Final answer: {p}", f"**Final answer: {p}**", f"Final Answer: {p}) {nodot(t)}", f"FINAL ANSWER: {p}"])
    return f"{ctx(q, R)}. {why_not(q, o, R)} {why(q, p, R)}\n\n{fl}", p


def s_json_output(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        json.dumps({"answer": p}),
        json.dumps({"answer": p, "explanation": why(q, p, R)}),
        "```json\n" + json.dumps({"choice": p, "text": t, "confidence": R.choice([0.7, 0.8, 0.9])}, indent=2) + "\n```",
        "```json\n{\n  \"selected_option\": \"" + p + "\"\n}\n```",
    ])
    return r, p


def s_elimination(q, p, R):
    others = [l for l in L[:q.n] if l != p]
    R.shuffle(others)
    r = R.choice([
        f"We can rule out {', '.join(sorted(others[:-1]))} and {others[-1]} straight away. {why_not(q, others[0], R)} That leaves {p}.",
        f"By elimination: {why_not(q, others[0], R)} {why_not(q, others[1], R)} The rest don't fit either, so the answer must be {p}.",
        f"Process of elimination: {', '.join(sorted(others))} are all out, leaving {p}.",
        f"None of {', '.join(sorted(others[:-1]))} or {others[-1]} holds up, so {p} it is.",
    ])
    return r, p


def s_partial_elimination_no_pick(q, p, R):
    o1 = other(q, p, R)
    o2 = other(q, p, R, (o1,))
    a, b = sorted([o1, o2])
    r = R.choice([
        f"I can rule out {a} and {b}. {why_not(q, o1, R)} {why_not(q, o2, R)} Beyond that, I'd need more information to decide between the remaining options.",
        f"It's definitely not {a}, and {b} doesn't fit either. {why_not(q, o2, R)} I can't narrow it down further with confidence.",
        f"{why_not(q, o1, R)} So {o1} is out. The other options need a closer look before I can say which is correct.",
    ])
    return r, "none"


def s_chatty_intro(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    intro = R.choice(["Great question!", "Ooh, this is a fun one.", "Good one!", "Sure thing!",
                      "Happy to help with this!", "Nice question - this trips a lot of people up."])
    r = R.choice([
        f"{intro} {ctx(q, R)}. {why(q, p, R)} So the answer is {p}.",
        f"{intro} The answer is **{p}) {nodot(t)}**. {why(q, p, R)}",
        f"{intro} I'd go with {p} here. {why(q, p, R)} \U0001f60a",
    ])
    return r, p


def s_terse_letter(q, p, R):
    return R.choice([p, f"{p}.", f"{p})", f"**{p}**", f" {p}\n", f"{p}\n\n"]), p


def s_requested_format(q, p, R):
    if q.kind == "moral":
        r = f"My reasoning is: {ctx(q, R)}. {why(q, p, R)} The final answer is: {p}"
    elif q.kind == "version":
        r = f"{ctx(q, R)}. {why(q, p, R)}\n\n[{p}. {q.text(p)}]"
    else:
        r = f"{why(q, p, R)}\n\n[{q.text(p)}]"
    return r, p


def s_markdown_table(q, p, R):
    rows = ["| Option | Text | Verdict |", "|---|---|---|"]
    for l in L[:q.n]:
        t = q.text(l) if q.kind != "moral" else clip(short(q, l), 55)
        verdict = "\u2714 correct" if l == p else R.choice(["\u2718", "no", "incorrect"])
        rows.append(f"| {l} | {t} | {verdict} |")
    r = "\n".join(rows)
    r = R.choice([f"{r}\n\n**Answer: {p}**", f"{ctx(q, R)}.\n\n{r}", f"{r}\n\n{why(q, p, R)}"])
    return r, p


def s_step_by_step(q, p, R):
    o = other(q, p, R)
    r = (f"Step 1: Understand the question - we need {qphrase(q)}.\n"
         f"Step 2: {ctx(q, R)}.\n"
         f"Step 3: {why_not(q, o, R)}\n"
         f"Step 4: {why(q, p, R)}\n\n")
    r += R.choice([f"Conclusion: {p}", f"Therefore the answer is {p}.", f"So, {p}."])
    return r, p


def s_best_with_runner_up(q, p, R):
    o = other(q, p, R)
    r = R.choice([
        f"{p} is the best answer, though {o} is also somewhat defensible. {why(q, p, R)}",
        f"I'd choose {p}. {o} comes close, but {lcfirst(why_not(q, o, R))}",
        f"The answer is {p}; {o} would be my second choice if {p} weren't listed.",
        f"Best: {p}. Runner-up: {o}.",
    ])
    return r, p


def s_none_of_the_above(q, p, R):
    r = R.choice([
        f"Honestly, none of the options is correct as written. {why_not(q, p, R)} The others have similar problems.",
        f"I don't think any of the listed choices is right - the question seems to be missing the correct option.",
        "None of these answers matches what actually happens, so I can't select one in good conscience.",
        f"After going through all {q.n} options, none of them is accurate. You may want to check the answer key.",
    ])
    return r, "none"


def s_closest_option(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"None of the options is perfect, but the closest is {p}: {nodot(t)}.",
        f"The wording of the options is a bit off, but {p} comes nearest. {why(q, p, R)}",
        f"No option is exactly right; {p} is the best of the bunch.",
    ])
    return r, p


def s_clarifying_question(q, p, R):
    r = R.choice([
        "Could you clarify what you're looking for? Are you asking for the single best option, or for an explanation of each?",
        "Before I answer, can you confirm the full question? It seems part of it may be missing, and that would change the answer.",
        "Just to make sure I understand - should I assume the standard interpretation here, or is there additional context I should consider?",
        "Which source or edition is this question from? The expected answer can differ depending on that.",
    ])
    return r, "none"


def s_summary_without_answer(q, p, R):
    if q.kind == "moral":
        r = R.choice([
            f"This is a classic fable. {ctx(q, R)}. Stories like this usually warn against a particular character flaw, and the options each highlight a different possible lesson.",
            f"{ctx(q, R)}. Fables of this kind have been retold for centuries and are often used to teach children about consequences.",
        ])
    elif q.kind == "version":
        r = f"{ctx(q, R)}. To answer questions like this you find the newest release on or before the given date and then count releases from there."
    else:
        r = R.choice([
            f"{ctx(q, R)}. In general, LINQ uses deferred execution: queries are evaluated when enumerated, and materializing with ToList() or ToArray() caches the results.",
            f"{ctx(q, R)}. Time complexity in LINQ depends on the underlying collection - Contains is O(n) on a sequence but O(1) on a HashSet.",
        ])
    return r, "none"


def s_undecided_between_two(q, p, R):
    o = other(q, p, R)
    a, b = sorted([p, o])
    r = R.choice([
        f"It's either {a} or {b}. {why(q, a, R)} On the other hand, {lcfirst(why(q, b, R))} I can't decide between them.",
        f"I'm torn between {a} and {b} - both seem reasonable.",
        f"The answer is probably {a} or {b}, depending on interpretation.",
    ])
    return r, "unclear"


def s_probability_tie(q, p, R):
    o = other(q, p, R)
    a, b = sorted([p, o])
    vals = probs(q, p, R, tie=(a, b))
    lines = [f"- {l}: {vals[l]}%" for l in L[:q.n]]
    r = R.choice(["Probability estimates:\n" + "\n".join(lines) + f"\n\n{a} and {b} are equally likely.",
                  "My confidence per option:\n" + "\n".join(lines)])
    return r, "unclear"


def s_code_block_answer(q, p, R):
    t = q.text(p)
    r = R.choice([
        f"```\n{p}\n```",
        f"```text\nAnswer: {p}\n```\n\n{why(q, p, R)}",
        f"{why(q, p, R)}\n\n```\n{p}) {t if q.kind != 'moral' else short(q, p)}\n```",
    ])
    return r, p


def s_question_echo(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"You're asking {qphrase(q)}. The answer is {p}: {nodot(t)}.",
        f"Regarding {qphrase(q)}: {why(q, p, R)} That's option {p}.",
        f"Q: {qquestion(q)}\nA: {p}",
    ])
    return r, p


def s_rhetorical_walkthrough(q, p, R):
    ls = L[:q.n]
    before = [l for l in ls if l < p]
    parts = []
    for l in before:
        parts.append(f"Is it {l}? No - {lcfirst(why_not(q, l, R))}")
    parts.append(f"Is it {p}? Yes. {why(q, p, R)}")
    return " ".join(parts), p


def s_support_agent_tone(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"Hi there! Thanks for your question. The correct answer is {p} - \"{nodot(t)}\". {why(q, p, R)}\n\nIs there anything else I can help you with today?",
        f"Hello! I've looked into this for you. {why(q, p, R)} So the option you'll want is {p}.\n\nHave a great day!",
        f"Thanks for reaching out! Based on my review, you should select {p}. {offer(R)}",
    ])
    return r, p


def s_letter_then_text_later(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    o = other(q, p, R)
    r = (f"{p}.\n\n{ctx(q, R)}. {why_not(q, o, R)} The statement \"{nodot(t)}\" is the one that "
         f"{R.choice(['holds up', 'matches', 'fits the facts', 'is supported'])}.")
    return r, p


def s_conditional_answer(q, p, R):
    o = other(q, p, R)
    if q.kind == "moral":
        cond = ("if you read the story as being about the main character's flaw", "if the focus is on the outcome for the other characters")
    elif q.kind == "version":
        cond = ("if the cut-off date is inclusive", "if only releases strictly before that date count")
    elif q.kind == "complexity":
        cond = ("if you assume the default IEnumerable behaviour", "if the runtime optimizes the lookup for the concrete collection type")
    else:
        cond = ("if you count every evaluation triggered by the LINQ calls", "if only the explicit loops are counted")
    r = R.choice([
        f"It depends on interpretation: {cond[0]}, the answer is {p}; {cond[1]}, it would be {o}.",
        f"If we go by the literal wording, {p}. But {cond[1]}, then {o} is correct. Both readings are defensible.",
        f"Two possible answers here: {p} ({cond[0]}) or {o} ({cond[1]}).",
    ])
    return r, "unclear"


def s_docs_silent_guess(q, p, R):
    t = q.text(p) if q.kind != "moral" else short(q, p)
    r = R.choice([
        f"I couldn't find this in the documents you provided, so I can't confirm it. If I had to guess, I'd say {p}.",
        f"The knowledge base doesn't address this question directly. My best guess would be {p} ({nodot(t)}), but please verify it against an authoritative source.",
        f"There's no information on this in the retrieved context. Going on general reasoning alone: {why(q, p, R)} So, tentatively, {p}.",
    ])
    return r, p


STYLES = [
    ("conditional_answer", s_conditional_answer, 6),
    ("docs_silent_guess", s_docs_silent_guess, 8),
    ("plain_sentence", s_plain_sentence, 12),
    ("letter_and_text", s_letter_and_text, 11),
    ("quoted_text_only", s_quoted_text_only, 12),
    ("close_paraphrase", s_close_paraphrase, 11),
    ("answer_first_long", s_answer_first_long, 12),
    ("answer_middle_long", s_answer_middle_long, 11),
    ("answer_last_long", s_answer_last_long, 12),
    ("markdown_heading", s_markdown_heading, 10),
    ("bold_inline", s_bold_inline, 10),
    ("bullet_option_review", s_bullet_option_review, 11),
    ("checkmark_list", s_checkmark_list, 8),
    ("not_x_but_y", s_not_x_but_y, 10),
    ("pairwise_comparison", s_pairwise_comparison, 10),
    ("hedged_single", s_hedged_single, 11),
    ("answer_with_caveat", s_answer_with_caveat, 10),
    ("rag_citation", s_rag_citation, 11),
    ("according_to_docs", s_according_to_docs, 9),
    ("docs_silent_then_answer", s_docs_silent_then_answer, 9),
    ("docs_silent_no_answer", s_docs_silent_no_answer, 10),
    ("polite_refusal", s_polite_refusal, 8),
    ("follow_up_offer", s_follow_up_offer, 10),
    ("disclaimer_then_answer", s_disclaimer_then_answer, 9),
    ("ordinal_position", s_ordinal_position, 11),
    ("lowercase_letter", s_lowercase_letter, 10),
    ("parenthesized_letter", s_parenthesized_letter, 10),
    ("option_word", s_option_word, 10),
    ("probability_table", s_probability_table, 9),
    ("confidence_score", s_confidence_score, 9),
    ("truncated_after_answer", s_truncated_after_answer, 10),
    ("truncated_before_answer", s_truncated_before_answer, 10),
    ("letter_text_mismatch", s_letter_text_mismatch, 10),
    ("two_answers", s_two_answers, 9),
    ("unflagged_contradiction", s_unflagged_contradiction, 8),
    ("self_correction", s_self_correction, 10),
    ("final_answer_line", s_final_answer_line, 10),
    ("json_output", s_json_output, 8),
    ("elimination", s_elimination, 10),
    ("partial_elimination_no_pick", s_partial_elimination_no_pick, 7),
    ("chatty_intro", s_chatty_intro, 9),
    ("terse_letter", s_terse_letter, 8),
    ("requested_format", s_requested_format, 10),
    ("markdown_table", s_markdown_table, 8),
    ("step_by_step", s_step_by_step, 10),
    ("best_with_runner_up", s_best_with_runner_up, 10),
    ("none_of_the_above", s_none_of_the_above, 7),
    ("closest_option", s_closest_option, 8),
    ("clarifying_question", s_clarifying_question, 7),
    ("summary_without_answer", s_summary_without_answer, 7),
    ("undecided_between_two", s_undecided_between_two, 7),
    ("probability_tie", s_probability_tie, 5),
    ("code_block_answer", s_code_block_answer, 7),
    ("question_echo", s_question_echo, 9),
    ("rhetorical_walkthrough", s_rhetorical_walkthrough, 8),
    ("support_agent_tone", s_support_agent_tone, 9),
    ("letter_then_text_later", s_letter_then_text_later, 8),
]

NO_POSITION_SETS = {"ordering_randomised_versionlist"}


def main():
    wheel = sys.argv[1] if len(sys.argv) > 1 else WHEEL
    out = sys.argv[2] if len(sys.argv) > 2 else OUT
    R = random.Random(SEED)
    z = zipfile.ZipFile(wheel)
    parables = load_parables(z)
    csharp = load_csharp(z)
    versions = load_versions(z)
    R.shuffle(parables)
    parables = parables[:160]
    pools = [("parable", parables, 0.58), ("csharp", csharp, 0.22), ("version", versions, 0.20)]

    def draw(style):
        while True:
            x = R.random()
            acc = 0
            for _, pool, w in pools:
                acc += w
                if x <= acc:
                    break
            q = R.choice(pool)
            if style == "ordinal_position" and q.set in NO_POSITION_SETS:
                continue
            return q

    rows = []
    for name, fn, k in STYLES:
        for j in range(k):
            q = draw(name)
            pick = q.ideal if R.random() < 0.7 else R.choice([l for l in L[:q.n] if l != q.ideal])
            reply, meant = fn(q, pick, R)
            rows.append({"set": q.set, "id": f"{q.id}#{name}-{j}", "choices": q.choices, "style": name,
                         "reply": reply, "meant": meant})
    R.shuffle(rows)
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    c = Counter(r["meant"] for r in rows)
    print(f"wrote {len(rows)} replies to {out}")
    print("sets:", dict(Counter(r["set"] for r in rows)))
    print("meant:", dict(c))


if __name__ == "__main__":
    main()
