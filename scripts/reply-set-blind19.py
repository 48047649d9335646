#!/usr/bin/env python3
"""blind19: hand-labelled free-text replies to multiple-choice questions, written by a helper
session blind to the reader and to the other sets.

Sources (OpenAI evals 3.0.1.post1 registry data, unzipped under /tmp/evx): albanian-exams-qa,
bulgarian-exams-qa, serbian-exams-qa, macedonian-exams-qa and guess_the_singer. 68 styles of
nine replies, each on a question of its own.

Standard library only; deterministic (random.Random(19019)).
Usage: python3 scripts/reply-set-blind19.py -> writes /tmp/blind19/replies-blind19.jsonl (and
STYLES.md) and prints its sha256
(a5f1506998b11d0eeb6379c64bab1a476763da1ede7d93aa7b92ccb7e05e5e40).
"""
import hashlib
import json
import os
import random
import re
import unicodedata

DATA = "/tmp/evx/evals/registry/data"
HERE = "/tmp/blind19"
OUT = os.path.join(HERE, "replies-blind19.jsonl")
STYLES_MD = os.path.join(HERE, "STYLES.md")
LETTERS = "ABCDEFGHIJ"
PER_STYLE = 9

R = random.Random(19019)

EXAM_SETS = ["albanian-exams-qa", "bulgarian-exams-qa", "serbian-exams-qa", "macedonian-exams-qa"]
SINGER = "guess_the_singer"
SETS = EXAM_SETS + [SINGER]

# ----------------------------------------------------------------- loading

LONE_LETTER = re.compile(r"(?<![^\W\d_])[A-JАБВГДЕ](?![^\W\d_])")


def norm(s):
    s = unicodedata.normalize("NFKC", s).lower()
    s = re.sub(r"[\s\.\,;:!?\"'()\-–—]+", " ", s)
    return s.strip()


def choices_ok(ch):
    if len(ch) < 2 or len(ch) > 10:
        return False
    ns = [norm(c) for c in ch]
    for c, n in zip(ch, ns):
        if not n or len(c) > 140 or len(n) < 2:
            return False
        if any(ord(x) < 32 or 0x200B <= ord(x) <= 0x206F or x == "\ufeff" for x in c):
            return False
        if LONE_LETTER.search(c):          # a capital A-J (or Cyrillic А-Е) standing alone
            return False
    for i in range(len(ns)):
        for j in range(len(ns)):
            if i != j and (ns[i] == ns[j] or ns[i] in ns[j]):
                return False
    return True


def load_exam(name):
    out = []
    path = os.path.join(DATA, name, "samples.jsonl")
    with open(path, encoding="utf-8") as fh:
        for idx, line in enumerate(fh):
            line = line.strip()
            if not line:
                continue
            o = json.loads(line)
            u = o["input"][-1]["content"]
            lines = u.split("\n")
            while lines and not lines[-1].strip():
                lines.pop()
            if not lines or lines[-1].strip() != "Answer:":
                continue
            lines = lines[:-1]
            ch = []
            k = len(lines) - 1
            while k >= 0:
                m = re.match(r"^([A-J])\. (.*)$", lines[k])
                if not m:
                    break
                ch.append((m.group(1), m.group(2).strip()))
                k -= 1
            ch.reverse()
            if not ch or "".join(l for l, _ in ch) != LETTERS[: len(ch)]:
                continue
            qtext = " ".join(x.strip() for x in lines[: k + 1]).strip()
            if not qtext:
                continue
            texts = [t for _, t in ch]
            if not choices_ok(texts):
                continue
            out.append(dict(set=name, idx=idx, q=qtext, ch=texts, lettered=True,
                            numeric=any(re.search(r"\d", t) for t in texts)))
    return out


def load_singer():
    out = []
    path = os.path.join(DATA, SINGER, "samples.jsonl")
    with open(path, encoding="utf-8") as fh:
        for idx, line in enumerate(fh):
            line = line.strip()
            if not line:
                continue
            o = json.loads(line)
            u = o["input"][-1]["content"]
            m = re.search(r"Text: (.*?)\s*\nChoices: (.*)$", u, re.S)
            if not m:
                continue
            texts = [x.strip() for x in m.group(2).strip().split(",")]
            if len(texts) != 3 or not choices_ok(texts):
                continue
            out.append(dict(set=SINGER, idx=idx, q=m.group(1).strip(), ch=texts, lettered=False,
                            numeric=any(re.search(r"\d", t) for t in texts)))
    return out


# ----------------------------------------------------------------- text helpers

def lev(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def strip_end(t):
    return re.sub(r"[\s\.;,:]+$", "", t)


def title(t):
    return " ".join(w[:1].upper() + w[1:] for w in t.split(" "))


class Ctx:
    def __init__(self, rng, q, t, u=None):
        self.r = rng
        self.q = q
        self.ch = q["ch"]
        self.n = len(self.ch)
        self.t = t
        self.u = u
        self.lettered = q["lettered"]
        self.singer = q["set"] == SINGER

    # -- basic pieces
    def pick(self, seq):
        return self.r.choice(seq)

    def L(self, i):
        return LETTERS[i]

    def others(self, excl=None, k=None):
        excl = [self.t] if excl is None else excl
        o = [i for i in range(self.n) if i not in excl]
        self.r.shuffle(o)
        return o if k is None else o[:k]

    def _unique(self, frag, i):
        f = norm(frag)
        if len(f) < 2:
            return False
        return all(f not in norm(c) for j, c in enumerate(self.ch) if j != i)

    def typo(self, i):
        base = strip_end(self.ch[i])
        words = base.split(" ")
        cand = [k for k, w in enumerate(words) if sum(ch.isalpha() for ch in w) >= 5 and w.isalpha()]
        if not cand:
            return None
        for _ in range(6):
            k = self.r.choice(cand)
            w = words[k]
            p = self.r.randrange(1, len(w) - 2)
            if self.r.random() < 0.5 and w[p] != w[p + 1]:
                nw = w[:p] + w[p + 1] + w[p] + w[p + 2:]
            else:
                nw = w[:p] + w[p + 1:]
            t2 = " ".join(words[:k] + [nw] + words[k + 1:])
            nt = norm(t2)
            d0 = lev(nt, norm(base))
            if d0 == 0:
                continue
            if all(lev(nt, norm(c)) >= d0 + 3 for j, c in enumerate(self.ch) if j != i) and \
                    all(norm(c) not in nt for j, c in enumerate(self.ch) if j != i):
                return t2
        return None

    def short(self, i):
        base = strip_end(self.ch[i])
        words = base.split(" ")
        if len(words) <= 3:
            return None
        k = max(2, (len(words) + 1) // 2)
        while k < len(words):
            frag = " ".join(words[:k])
            if self._unique(frag, i):
                return frag
            k += 1
        return None

    def para(self, i):
        base = strip_end(self.ch[i])
        if self.singer:
            opts = [title(base)]
            if base.startswith("the "):
                alt = base[4:]
                if self._unique(alt, i):
                    opts.append(title(alt))
            return self.pick(opts)
        if base[:1].isupper() and self.r.random() < 0.5:
            return base[:1].lower() + base[1:]
        return base[:1].upper() + base[1:]

    def txt(self, i, modes=("exact", "lower", "clean", "clean", "short", "typo", "para")):
        m = self.pick(list(modes))
        if m == "exact":
            return self.ch[i]
        if m == "lower":
            return strip_end(self.ch[i]).lower()
        if m == "short":
            s = self.short(i)
            if s:
                return s + self.pick(["", "…", "...", ""])
        if m == "typo":
            s = self.typo(i)
            if s:
                return s
        if m == "para":
            return self.para(i)
        return strip_end(self.ch[i])

    def ctxt(self, i):
        """choice text for use inside a sentence (no typo, no truncation)"""
        if self.singer:
            return self.pick([self.ch[i], title(self.ch[i])])
        return strip_end(self.ch[i])

    def ref(self, i, modes=("letter", "letter", "text", "both", "both")):
        """refer to choice i the way a writer would"""
        if not self.lettered:
            return self.pick([title(self.ch[i]), title(self.ch[i]), self.ch[i], self.txt(i, ("para", "clean", "typo"))])
        m = self.pick(list(modes))
        L = self.L(i)
        if m == "letter":
            return self.pick([L, L, "option " + L, "(" + L + ")", "choice " + L])
        if m == "text":
            return self.pick(['"%s"' % self.ctxt(i), "“%s”" % self.ctxt(i), self.ctxt(i)])
        return self.pick([
            "%s (%s)" % (L, self.ctxt(i)), "(%s) %s" % (L, self.ctxt(i)),
            '%s – "%s"' % (L, self.ctxt(i)), 'option %s ("%s")' % (L, self.ctxt(i)), "%s (%s)" % (L, self.ctxt(i))])

    def mention(self, i):
        """reference used as the subject of a clause"""
        if not self.lettered:
            return self.ref(i)
        L = self.L(i)
        return self.pick(["option %s" % L, "%s" % L, "choice %s" % L, "%s (%s)" % (L, self.ctxt(i)),
                          "“%s”" % self.ctxt(i), "option %s (%s)" % (L, self.ctxt(i))])

    def short_ref(self, i):
        """compact reference: the letter for lettered sets, the name for singers"""
        if self.lettered:
            return self.L(i)
        return title(self.ch[i])

    def ans(self, i):
        """answer token for structured output: the letter, or the text for unlettered sets"""
        if self.lettered:
            return self.L(i)
        return self.ch[i]

    def lyric(self):
        return self.q["q"]

    def qshort(self, lim=180):
        q = self.q["q"]
        if len(q) > lim:
            cut = q[:lim].rsplit(" ", 1)[0]
            return cut + "…"
        return q

    def why(self, i):
        X = self.mention(i)
        if self.singer:
            return self.pick([
                'the line "%s" is from a %s song' % (self.lyric(), X),
                "those lyrics are %s's" % X,
                "that opening line belongs to %s" % X,
                "%s recorded the song with that lyric" % X,
            ])
        return self.pick([
            "%s is the option that actually matches what the question describes" % X,
            "%s fits the definition the question is pointing at" % X,
            "the wording of the question points directly to %s" % X,
            "%s is the standard textbook answer to this" % X,
            "%s is the only option consistent with all the conditions in the question" % X,
        ])

    def whynot(self, i):
        X = self.mention(i)
        if self.singer:
            return self.pick([
                "%s doesn't have a song with that line" % X,
                "it doesn't sound like %s at all" % X,
                "%s's catalogue has nothing like that" % X,
                "%s is a different era and style" % X,
            ])
        return self.pick([
            "%s describes something related, but not what is asked" % X,
            "%s doesn't fit the context of the question" % X,
            "%s is a classic distractor" % X,
            "%s is too general" % X,
            "%s contradicts a condition stated in the question" % X,
            "%s only applies in a special case" % X,
        ])


CAP_WORDS = ("option ", "choice ", "the ", "that ", "those ", "it ", "its ", "both ", "either ")


def cap(s):
    """upper-case a leading template word; never alter a quoted choice text"""
    if s.lower().startswith(CAP_WORDS) and s[:1].islower():
        return s[:1].upper() + s[1:]
    return s


# ----------------------------------------------------------------- styles
# each style: fn(c) -> reply text.  Kind decides the label:
#   "letter" -> LETTERS[c.t]; "none" -> "none"; "unclear" -> "unclear"
STYLES = []


def style(name, kind, letters_only=False, no_numeric=False, desc=""):
    def deco(fn):
        STYLES.append(dict(name=name, kind=kind, fn=fn, letters_only=letters_only,
                           no_numeric=no_numeric, desc=desc))
        return fn
    return deco


@style("bare_letter", "letter", letters_only=True, desc="only the letter, in many shapes")
def s_bare(c):
    L = c.L(c.t)
    return c.pick([L, "(%s)" % L, "**%s**" % L, "%s)" % L, "%s." % L, "[%s]" % L, L.lower(),
                   "%s\n" % L, "`%s`" % L, " %s " % L, "*%s*" % L])


@style("option_letter", "letter", letters_only=True, desc='"Option B" forms')
def s_optletter(c):
    L = c.L(c.t)
    return c.pick(["Option %s" % L, "option %s" % L.lower(), "Choice %s." % L,
                   "The answer is option %s." % L, "Go with option %s." % L, "Opt. %s" % L,
                   "Option %s is correct." % L, "I'd choose option %s." % L])


@style("answer_colon", "letter", letters_only=True, desc='"answer: b" forms')
def s_anscolon(c):
    L = c.L(c.t)
    return c.pick(["answer: %s" % L.lower(), "Answer: %s" % L, "ANSWER: %s" % L, "Correct answer – %s" % L,
                   "Answer - %s" % L, "Ans: %s" % L, "The correct answer: %s" % L, "Answer:%s" % L,
                   "answer = %s" % L])


@style("json_answer", "letter", desc="JSON object with the answer")
def s_json(c):
    a = c.ans(c.t)
    v = c.pick([
        {"answer": a},
        {"answer": a.lower()},
        {"choice": a, "explanation": cap(c.why(c.t)) + "."},
        {"selected_option": a, "confidence": round(c.r.uniform(0.6, 0.97), 2)},
        {"question_id": c.q["idx"], "answer": a},
        {"reasoning": "Compared all options against the question.", "final_answer": a},
    ])
    s = json.dumps(v, ensure_ascii=False, indent=c.pick([None, 2]))
    return c.pick([s, s, "```json\n%s\n```" % s])


@style("final_answer_after_reasoning", "letter", desc='reasoning, then "Final answer: X"')
def s_final(c):
    o = c.others(k=1)[0]
    parts = [c.pick(["Let's think about this.", "Let me work through it.", "Reasoning:", "First, consider what is being asked."]),
             cap(c.whynot(o)) + ".", cap(c.why(c.t)) + "."]
    fa = c.short_ref(c.t)
    end = c.pick(["Final answer: %s", "Final Answer: %s", "**Final answer: %s**", "Final answer - %s", "FINAL ANSWER: %s"]) % fa
    return " ".join(parts) + "\n\n" + end


@style("choice_text_only", "letter", desc="only the choice text (exact, lower case, shortened, paraphrased, typo)")
def s_textonly(c):
    t = c.txt(c.t)
    return c.pick([t, t, t + ".", t + "\n"])


@style("text_with_letter", "letter", letters_only=True, desc="letter together with the choice text")
def s_textletter(c):
    L = c.L(c.t)
    t = c.txt(c.t, ("exact", "exact", "clean", "lower", "short"))
    return c.pick(["%s. %s" % (L, t), "%s) %s" % (L, t), "(%s) %s" % (L, t), "**%s** – %s" % (L, t),
                   "%s: %s" % (L, t), "%s - %s" % (L, t), "The answer is %s: %s" % (L, t)])


ORD = ["first", "second", "third", "fourth", "fifth", "sixth"]
ORDN = ["1st", "2nd", "3rd", "4th", "5th", "6th"]


@style("ordinal", "letter", no_numeric=True, desc='"the second one"')
def s_ordinal(c):
    o = ORD[c.t]
    forms = ["The %s one." % o, "the %s option" % ORDN[c.t], "I'd go with the %s choice." % o,
             "The %s answer is correct." % o, "It's the %s one." % o, "%s option" % o.capitalize()]
    if c.t == c.n - 1:
        forms += ["The last one.", "the last option", "It's the final option in the list."]
    if c.t == 0:
        forms += ["The very first option.", "The top one."]
    return c.pick(forms)


@style("option_number", "letter", no_numeric=True, desc='"#2", "option 2"')
def s_optnum(c):
    k = c.t + 1
    return c.pick(["#%d" % k, "Option %d" % k, "option #%d" % k, "choice %d" % k, "Number %d." % k,
                   "Answer: option %d" % k, "I'd pick option %d." % k, "Option no. %d" % k])


@style("negation", "letter", desc='"Not X — Y"')
def s_neg(c):
    o = c.others(k=1)[0]
    X, Y = c.ref(o), c.ref(c.t)
    return c.pick(["Not %s — %s." % (X, Y), "It's not %s. It's %s." % (X, Y),
                   "Definitely not %s; the answer is %s." % (X, Y), "%s, not %s." % (cap(Y), X),
                   "No, not %s. %s." % (X, cap(Y))])


@style("contrast_tempting", "letter", desc='"X is tempting, but Y"; "while X might seem right, Y"')
def s_contrast(c):
    o = c.others(k=1)[0]
    X, Y = c.ref(o), c.ref(c.t)
    return c.pick([
        "%s is tempting, but %s is correct." % (cap(X), Y),
        "While %s might seem right, %s is the better answer because %s." % (X, Y, c.why(c.t)),
        "At first glance %s looks right; however, the answer is actually %s." % (X, Y),
        "Many people pick %s here, but the correct choice is %s." % (X, Y),
        "%s sounds plausible, yet %s is what the question is really after." % (cap(X), Y),
    ])


@style("wrong_and_right", "letter", desc="says which choice is wrong and which is right")
def s_wr(c):
    o = c.others(k=1)[0]
    X, Y = c.ref(o), c.ref(c.t)
    return c.pick(["%s is wrong; %s is right." % (cap(X), Y), "Incorrect: %s. Correct: %s." % (X, Y),
                   "%s is a trap. The right answer: %s." % (cap(X), Y),
                   "Wrong: %s\nRight: %s" % (X, Y), "%s ✗  %s ✓" % (X, Y)])


@style("elimination", "letter", desc="rules out the others, ends on the one left")
def s_elim(c):
    lines = [c.pick(["Let's eliminate.", "Process of elimination:", "Going option by option:", "Ruling things out:"])]
    for o in c.others():
        lines.append("- " + cap(c.whynot(o)) + ".")
    Y = c.ref(c.t)
    lines.append(c.pick(["That leaves %s.", "By elimination, the answer is %s.", "So the only one left standing is %s.",
                         "Which leaves us with %s."]) % Y)
    return "\n".join(lines)


@style("several_then_pick", "letter", desc="names a shortlist, then picks one")
def s_several(c):
    os_ = c.others(k=min(2, c.n - 1))
    sl = [c.t] + os_[:1] if c.r.random() < 0.5 else os_ + [c.t]
    sl = sorted(set(sl))
    names = ", ".join(c.short_ref(i) for i in sl[:-1]) + " and " + c.short_ref(sl[-1])
    rej = [i for i in sl if i != c.t]
    return c.pick([
        "%s %s look plausible at first. %s. I'm going with %s." % (names, "both" if len(sl) == 2 else "all", cap(c.whynot(rej[0])), c.ref(c.t)),
        "Shortlist: %s. Final pick: %s." % (names, c.short_ref(c.t)),
        "I narrowed it down to %s. After weighing them, my answer is %s." % (names, c.ref(c.t)),
    ])


@style("change_of_mind", "letter", desc="starts with one choice, switches mid-reply")
def s_change(c):
    o = c.others(k=1)[0]
    X, Y = c.ref(o), c.ref(c.t)
    return c.pick([
        "I'd say %s... actually, wait. %s. Changing my answer to %s." % (X, cap(c.whynot(o)), Y),
        "My first instinct was %s, but on reflection %s. So the answer is %s." % (X, c.why(c.t), Y),
        "%s. Hmm, no — re-reading the question, it's %s." % (cap(X), Y),
        "Initially I leaned towards %s. Thinking it through again, I'm now confident it's %s instead." % (X, Y),
    ])


@style("hedged_pick", "letter", desc="a pick with hedging")
def s_hedge(c):
    Y = c.ref(c.t)
    return c.pick(["I believe it's %s, though I'm not completely certain." % Y, "Most likely %s." % Y,
                   "It should be %s, if I remember correctly." % Y, "Probably %s, but double-check with your notes." % Y,
                   "I'm fairly confident the answer is %s." % Y, "I'd lean towards %s." % Y])


@style("low_confidence_guess", "letter", desc="an explicit low-confidence guess")
def s_guess(c):
    Y = c.ref(c.t)
    return c.pick(["I'm really not sure about this one. If I had to guess, I'd say %s." % Y,
                   "Low confidence, but: %s" % Y, "Pure guess: %s." % Y,
                   "I can't verify this, but my best guess would be %s." % Y,
                   "No idea honestly... going to guess %s." % Y, "Wild guess — %s?" % Y])


@style("none_fits_closest", "letter", desc="none fits exactly, but the closest is X")
def s_closest(c):
    Y = c.ref(c.t)
    return c.pick(["Strictly speaking none of the options is fully correct, but the closest is %s." % Y,
                   "None of these is exactly right. If I have to choose, %s is the nearest." % Y,
                   "The question is a bit flawed — no option is perfect — but %s comes closest, so I'd answer %s." % (Y, c.short_ref(c.t)),
                   "Not a perfect match among the choices; %s is the best available answer." % Y])


@style("markdown_headings", "letter", desc="markdown headings with a bold answer")
def s_mdhead(c):
    o = c.others(k=1)[0]
    body = "## Analysis\n\n%s. %s.\n\n" % (cap(c.whynot(o)), cap(c.why(c.t)))
    if c.lettered:
        ans = c.pick(["**%s. %s**" % (c.L(c.t), c.ctxt(c.t)), "**%s**" % c.L(c.t), "**Option %s**" % c.L(c.t)])
    else:
        ans = "**%s**" % title(c.ch[c.t])
    head = c.pick(["## Answer", "### Final Answer", "## Conclusion", "### ✅ Correct option"])
    return c.pick(["# Solution\n\n", "", ""]) + body + head + "\n\n" + ans


@style("markdown_table", "letter", desc="markdown table of options with verdicts")
def s_mdtable(c):
    good = c.pick(["✅ Correct", "✔️ Yes", "Correct", "**Correct**"])
    bad = c.pick([("❌ Incorrect", "❌ Incorrect"), ("✖ No", "✖ No"), ("Incorrect", "Wrong")])
    rows = ["| Option | Verdict |", "|---|---|"] if c.lettered else ["| Artist | Match? |", "|---|---|"]
    for i in range(c.n):
        lab = "%s. %s" % (c.L(i), strip_end(c.ch[i])) if c.lettered else title(c.ch[i])
        rows.append("| %s | %s |" % (lab, good if i == c.t else c.pick(list(bad))))
    tail = c.pick(["", "", "\n\n**Answer: %s**" % c.short_ref(c.t)])
    return c.pick(["", "Here's a breakdown:\n\n"]) + "\n".join(rows) + tail


@style("yaml_output", "letter", desc="YAML output")
def s_yaml(c):
    a = c.ans(c.t)
    y = c.pick(["answer: %s" % a, "answer: %s\nconfidence: %s" % (a, c.pick(["high", "medium", "0.8"])),
                "selected_option: %s\nreason: %s" % (a, c.why(c.t).replace(":", " -")),
                "result:\n  choice: %s\n  verified: false" % a])
    return c.pick([y, "```yaml\n%s\n```" % y])


@style("xml_output", "letter", desc="XML output")
def s_xml(c):
    a = c.ans(c.t)
    return c.pick(["<answer>%s</answer>" % a,
                   "<response>\n  <choice>%s</choice>\n  <rationale>%s</rationale>\n</response>" % (a, cap(c.why(c.t))),
                   "<result><selected>%s</selected></result>" % a,
                   "<reasoning>Checked each option against the question.</reasoning>\n<answer>%s</answer>" % a])


@style("code_block", "letter", desc="answer inside a code block")
def s_code(c):
    a = c.ans(c.t)
    return c.pick(["```\n%s\n```" % a, "```text\nAnswer: %s\n```" % a, "```python\nanswer = \"%s\"\n```" % a,
                   "The answer:\n```\n%s\n```" % a])


@style("boxed", "letter", desc="LaTeX \\boxed{}")
def s_boxed(c):
    if c.lettered:
        L = c.L(c.t)
        b = c.pick(["\\boxed{%s}" % L, "$\\boxed{\\text{%s}}$" % L, "\\boxed{\\textbf{(%s)}}" % L, "$$\\boxed{%s}$$" % L])
    else:
        b = "\\boxed{\\text{%s}}" % c.ch[c.t]
    return c.pick(["", cap(c.why(c.t)) + ".\n\n", "Therefore the answer is "]) + b


@style("probabilities", "letter", desc="probability per option, one clearly dominant")
def s_probs(c):
    top = c.r.randint(65, 90)
    rest = 100 - top
    o = c.others()
    cuts = sorted(c.r.randint(0, rest) for _ in range(len(o) - 1))
    vals = [b - a for a, b in zip([0] + cuts, cuts + [rest])]
    p = {c.t: top}
    for i, v in zip(o, vals):
        p[i] = v
    lab = (lambda i: c.L(i)) if c.lettered else (lambda i: c.ch[i])
    fmt = c.pick(["pct", "dec", "json", "pline"])
    if fmt == "pct":
        s = "\n".join("%s: %d%%" % (lab(i), p[i]) for i in range(c.n))
    elif fmt == "dec":
        s = ", ".join("%s=%.2f" % (lab(i), p[i] / 100) for i in range(c.n))
    elif fmt == "json":
        s = json.dumps({lab(i): round(p[i] / 100, 2) for i in range(c.n)}, ensure_ascii=False)
    else:
        s = "\n".join("P(%s) = %d%%" % (lab(i), p[i]) for i in range(c.n))
    head = c.pick(["Estimated probabilities:\n", "My confidence per option:\n", ""])
    tail = c.pick(["", "\nMost likely: %s" % c.short_ref(c.t), "\n\n→ %s" % c.short_ref(c.t)])
    return head + s + tail


@style("ranking", "letter", desc="ranks options, best first")
def s_rank(c):
    order = [c.t] + c.others()
    if c.lettered:
        f = c.pick(["gt", "list", "words"])
        if f == "gt":
            return c.pick(["Ranking (most to least likely): ", "Ranked: ", "My ranking: "]) + " > ".join(c.L(i) for i in order)
        if f == "list":
            return "Options ranked from best to worst:\n" + "\n".join(
                "%d. %s — %s" % (k + 1, c.L(i), strip_end(c.ch[i])) for k, i in enumerate(order))
        return "Best: %s. Second best: %s. Least likely: %s." % (c.L(order[0]), c.L(order[1]), c.L(order[-1]))
    return "Ranking, most likely first:\n" + "\n".join("%d. %s" % (k + 1, title(c.ch[i])) for k, i in enumerate(order))


SRC = ["Course handbook, ch. 3", "Wikipedia", "Official exam syllabus (2019)", "Lecture notes, week 5",
       "Textbook, p. 112", "Study guide PDF", "Ministry of Education past papers", "Revision notes (teacher upload)"]
SRC_MUSIC = ["Discogs", "AllMusic artist page", "Genius lyrics page", "Wikipedia discography", "Spotify track credits",
             "Billboard chart archive"]


def sources(c, k=2):
    s = c.r.sample(SRC_MUSIC if c.singer else SRC, k)
    return "\n".join("[%d] %s" % (i + 1, x) for i, x in enumerate(s))


@style("rag_cited", "letter", desc="RAG answer citing sources [1][2]")
def s_rag(c):
    Y = c.ref(c.t)
    body = c.pick([
        "According to the retrieved documents, %s [1]. The answer is therefore %s [1][2]." % (c.why(c.t), Y),
        "Based on the provided context [2], the correct option is %s. %s [1]." % (Y, cap(c.why(c.t))),
        "The sources agree on this: %s [1][2]." % Y,
    ])
    return body + c.pick(["\n\nSources:\n", "\n\n**References**\n", "\n\n"]) + sources(c)


@style("rag_conflict_settled", "letter", desc="RAG sources disagree, writer settles")
def s_ragset(c):
    o = c.others(k=1)[0]
    X, Y = c.ref(o), c.ref(c.t)
    return c.pick([
        "The sources conflict: [1] suggests %s, while [2] supports %s. Since [2] is the official and more recent source, the answer is %s." % (X, Y, c.short_ref(c.t)),
        "[1] points to %s, but [2] and [3] both indicate %s, and [1] appears to be outdated. Answer: %s." % (X, Y, c.short_ref(c.t)),
        "There's a discrepancy between the documents ([1] says %s, [2] says %s). The primary source [2] is authoritative here, so I'd go with %s." % (X, Y, Y),
    ]) + "\n\n" + sources(c, 2)


@style("support_bot", "letter", desc="customer-support bot tone")
def s_support(c):
    Y = c.ref(c.t)
    return c.pick([
        "Hi there! 👋 Thanks for reaching out. The correct answer is %s. Is there anything else I can help you with today?" % Y,
        "Great question! 😊 The right option here is %s. Let me know if you need anything else!" % Y,
        "Thank you for contacting Study Support. I've checked this for you: the answer is %s. Have a wonderful day!" % Y,
        "Hello! I'd be happy to help. ✅ Answer: %s\n\nWas this response helpful? 👍 👎" % Y,
    ])


@style("agent_trace", "letter", desc="agent trace with tool calls, then the answer")
def s_agent(c):
    o = c.others(k=1)[0]
    query = c.qshort(60)
    fa = c.short_ref(c.t)
    return c.pick([
        "Thought: I need to find which option is correct.\nAction: search[%s]\nObservation: Results discuss %s and %s.\nThought: %s.\nAction: finish[%s]\nFinal Answer: %s" % (query, c.ref(o), c.ref(c.t), cap(c.why(c.t)), fa, fa),
        "🔧 calling `web_search` with {\"q\": \"%s\"}\n📄 3 results returned\n🔧 calling `read_page` (result 1)\n✅ %s\n\nAnswer: %s" % (query.replace('"', "'"), cap(c.why(c.t)), fa),
        "Step 1 — tool: retrieve(\"%s\") → 4 passages\nStep 2 — compare options: %s ruled out\nStep 3 — submit_answer(\"%s\")\n\nDone. Submitted %s." % (query.replace('"', "'"), c.ref(o), fa, fa),
    ])


@style("small_terse", "letter", desc="small local model, terse")
def s_terse(c):
    if c.lettered:
        L = c.L(c.t)
        return c.pick([L.lower(), "ans %s" % L.lower(), "%s.." % L, "%s)" % L.lower(), "%s\n\n" % L, "the answer %s" % L.lower()])
    return c.pick([c.ch[c.t], c.ch[c.t] + "\n", c.txt(c.t, ("lower", "typo", "para"))])


@style("small_rambling", "letter", desc="small local model, rambling and repeating itself")
def s_ramble(c):
    Y = c.ref(c.t, ("letter", "both"))
    s = c.short_ref(c.t)
    return c.pick([
        "The answer is %s. %s is the answer because it is the correct answer. The correct answer is %s. I hope this helps. The answer is %s." % (Y, s, s, s),
        "Okay so the question is asking about this and the options are there and I think that the answer would be %s because %s and that is why the answer is %s %s %s" % (Y, c.why(c.t), s, s, s),
        "Answer: %s\nAnswer: %s\nAnswer: %s\nAnswer: %s" % (s, s, s, s),
        "Sure! Here is the answer to the question. The answer to the question is %s. This is because the question asks and the answer is %s. Thank you for asking the question!" % (Y, s),
    ])


@style("small_repeat_question", "letter", desc="small local model that repeats the question first")
def s_repeatq(c):
    q = c.qshort(160)
    s = c.short_ref(c.t)
    if c.singer:
        q = "Text: " + q
    return c.pick(["%s\n%s\nAnswer: %s" % (q, q, s), "Q: %s\nA: %s" % (q, s), "Question: %s\n\nThe answer is %s." % (q, c.ref(c.t)),
                   ("%s\n%s" if c.singer else "%s %s") % (q, s)])


@style("restate_question_first", "letter", desc="chat reply that restates the question first")
def s_restate(c):
    q = c.qshort(150)
    Y = c.ref(c.t)
    if c.singer:
        return c.pick(['You want to know who sings the song that starts "%s". That\'s %s.' % (q, Y),
                       'So the lyric is "%s" and you\'re asking which artist it belongs to — it\'s %s.' % (q, Y)])
    return c.pick(['You\'re asking: "%s" — the answer is %s.' % (q, Y),
                   'The question is "%s". The correct option is %s.' % (q, Y),
                   'To restate: %s\n\nAnswer: %s' % (q, Y)])


@style("echo_all_options", "letter", desc="echoes all options, then picks one")
def s_echo(c):
    if c.lettered:
        lst = "\n".join("%s. %s" % (c.L(i), c.ch[i]) for i in range(c.n))
    else:
        lst = "\n".join("- %s" % x for x in c.ch)
    head = c.pick(["The options are:\n", "Options:\n", "Let me list the choices:\n", ""])
    tail = c.pick(["\n\nAnswer: %s", "\n\nThe correct one is %s.", "\n\n→ %s", "\n\nI pick %s."]) % c.ref(c.t)
    return head + lst + tail


PASSING = [("plan B", "B"), ("vitamin C", "C"), ("grade A", "A"), ("Type A", "A"), ("vitamin D", "D"),
           ("a B-movie", "B"), ("the C-suite", "C"), ("an A+", "A")]


@style("letter_in_passing", "letter", letters_only=True, desc='a letter used in passing ("plan B", "vitamin C") beside the real answer')
def s_passing(c):
    L = c.L(c.t)
    cands = [p for p in PASSING if p[1] != L]
    phrase, _ = c.pick(cands)
    t = {
        "plan B": ["No need for a plan B here: the answer is %s." % L, "If you're stuck, plan B is to guess — but you don't need to. It's %s." % L],
        "vitamin C": ["This isn't as obvious as vitamin C being good for colds, but the answer is %s." % L, "Think of it like vitamin C in oranges: essential. Answer: %s." % L],
        "grade A": ["A grade A trick question! The correct option is %s." % L, "Textbook, grade A material — answer %s." % L],
        "Type A": ["Type A test-takers overthink this one. It's simply %s." % L, "As a Type A perfectionist I double-checked: %s." % L],
        "vitamin D": ["Unlike the vitamin D question from the last quiz, this one is easy: %s." % L],
        "a B-movie": ["The distractors here are cheesier than a B-movie plot. Correct answer: %s." % L],
        "the C-suite": ["Even the C-suite would get this one: the answer is %s." % L],
        "an A+": ["For an A+ on this one, choose %s." % L, "That's an A+ question. The answer is option %s." % L],
    }[phrase]
    return c.pick(t)


@style("both_could_work_pick", "letter", desc='"both X and Y could work, but I\'d pick Y"')
def s_both(c):
    o = c.others(k=1)[0]
    X, Y = c.ref(o), c.ref(c.t)
    return c.pick(["Both %s and %s could work, but I'd pick %s." % (X, Y, c.short_ref(c.t)),
                   "%s and %s are both defensible; if I must choose one, it's %s." % (cap(X), Y, c.short_ref(c.t)),
                   "Either %s or %s could be argued, but %s is the stronger answer." % (X, Y, Y)])


@style("bracketed_final", "letter", desc="reasoning, then the answer in square brackets [X]")
def s_bracket(c):
    return c.pick(["", cap(c.why(c.t)) + ".\n", cap(c.why(c.t)) + ". "]) + c.pick(["[%s]", "Answer: [%s]", "So the answer is [%s]."]) % c.ans(c.t)


@style("quoted_text", "letter", desc="the choice text in quotes inside a sentence")
def s_quoted(c):
    t = c.txt(c.t, ("exact", "clean", "clean", "lower", "para", "short"))
    return c.pick(['The correct choice is "%s".' % t, "I'd go with “%s”." % t, "Answer: '%s'" % t,
                   'It\'s "%s".' % t, 'Correct option: «%s»' % t])


@style("bullet_verdicts", "letter", desc="bullet list with a verdict per option")
def s_bullets(c):
    out = []
    for i in range(c.n):
        lab = "**%s**" % c.L(i) if c.lettered else "**%s**" % title(c.ch[i])
        if i == c.t:
            v = c.pick(["correct", "correct ✔", "**correct**"])
        else:
            v = c.pick(["incorrect", "wrong", "incorrect (distractor)", "no"])
        out.append("- %s: %s" % (lab, v))
    return "\n".join(out)


@style("true_false_per_option", "letter", desc="True/False for each option, exactly one True")
def s_tf(c):
    out = []
    T, F = c.pick([("True", "False"), ("TRUE", "FALSE"), ("yes", "no"), ("correct", "incorrect")])
    for i in range(c.n):
        lab = "%s)" % c.L(i) if c.lettered else title(c.ch[i]) + " —"
        out.append("%s %s" % (lab, T if i == c.t else F))
    return "\n".join(out)


@style("emoji_marks", "letter", desc="compact emoji check/cross per option")
def s_emoji(c):
    sep = c.pick([" | ", "  ", "\n"])
    labs = [c.L(i) if c.lettered else title(c.ch[i]) for i in range(c.n)]
    ok, bad = c.pick([("✅", "❌"), ("✔️", "✖️"), ("🟢", "🔴")])
    return sep.join("%s %s" % (labs[i], ok if i == c.t else bad) for i in range(c.n))


@style("function_call", "letter", desc="tool/function call that submits the answer")
def s_func(c):
    a = c.ans(c.t)
    key = "choice" if c.lettered else "artist"
    return c.pick([
        json.dumps({"name": "submit_answer", "arguments": {key: a}}, ensure_ascii=False),
        "<tool_call>\n%s\n</tool_call>" % json.dumps({"name": "select_option", "arguments": {key: a}}, ensure_ascii=False),
        'submit_answer(%s="%s")' % (key, a),
        "functions.record_answer(%s)" % json.dumps({key: a, "final": True}, ensure_ascii=False),
    ])


@style("think_block", "letter", desc="reasoning model: <think> block, then the answer")
def s_think(c):
    o = c.others(k=1)[0]
    inner = "Okay, the question asks about this. %s looks plausible at first... but %s. Hmm, %s. So the answer should be %s." % (
        cap(c.ref(o)), c.whynot(o), c.why(c.t), c.short_ref(c.t))
    outer = c.pick(["**%s**", "%s", "The answer is %s.", "Answer: %s"]) % c.ref(c.t)
    return "<think>\n%s\n</think>\n\n%s" % (inner, outer)


@style("answer_first_why_not_others", "letter", desc="answer first, then why the others are wrong")
def s_ansfirst(c):
    lines = [c.pick(["**Answer: %s**", "Answer: %s", "✅ %s"]) % c.ref(c.t), "", c.pick(["Why not the others?", "Why the rest are wrong:"])]
    for o in c.others():
        lines.append("- %s: %s." % (c.short_ref(o), cap(c.whynot(o))))
    return "\n".join(lines)


@style("safety_disclaimer", "letter", desc="disclaimer, then the answer")
def s_disclaim(c):
    Y = c.ref(c.t)
    return c.pick([
        "I'm an AI and this shouldn't replace your official study materials, but the correct answer is %s." % Y,
        "Note: please double-check with your instructor. Answer: %s." % Y,
        "Disclaimer: I may make mistakes. That said, the answer is %s." % Y,
        "⚠️ For educational purposes only. The correct option is %s." % Y,
    ])


@style("confidence_percent", "letter", desc="answer plus a stated confidence")
def s_conf(c):
    p = c.r.randint(55, 97)
    Y = c.ref(c.t)
    return c.pick(["Answer: %s (confidence: %d%%)" % (Y, p), "%s — about %d%% sure." % (cap(Y), p),
                   "%s\nConfidence: %d/100" % (cap(Y), p), "I'm %d%% confident it's %s." % (p, Y)])


@style("sms_casual", "letter", desc="casual chat / texting register")
def s_sms(c):
    Y = c.short_ref(c.t) if c.lettered else c.ch[c.t]
    if c.lettered and c.r.random() < 0.5:
        Y = Y.lower()
    return c.pick(["prob %s tbh" % Y, "def %s lol" % Y, "%s for sure" % Y, "its %s" % Y, "gotta be %s" % Y,
                   "ez, %s 👍" % Y, "%s ngl" % Y])


@style("correction_note", "letter", desc="gives one answer, then corrects a typo to another")
def s_correct(c):
    o = c.others(k=1)[0]
    return c.pick([
        "%s\n\nCorrection: sorry, I mistyped — the answer is %s." % (c.ref(o), c.ref(c.t)),
        "Answer: %s. Edit: typo, I meant %s." % (c.short_ref(o), c.short_ref(c.t)),
        "%s — oops, no, that was a slip. The correct answer is %s." % (cap(c.ref(o)), c.ref(c.t)),
    ])


@style("step_by_step", "letter", desc="numbered steps, then the conclusion")
def s_steps(c):
    o = c.others(k=1)[0]
    return "Step 1: Identify what the question is asking.\nStep 2: Compare each option with it.\nStep 3: %s.\nStep 4: %s.\n%s" % (
        cap(c.whynot(o)), cap(c.why(c.t)), c.pick(["Therefore, the answer is %s.", "Conclusion: %s", "So: %s."]) % c.ref(c.t))


NATIVE = {
    "albanian-exams-qa": ["Përgjigjja e saktë është %(L)s.", "Alternativa e saktë: %(L)s) %(T)s", "Përgjigje: %(L)s"],
    "bulgarian-exams-qa": ["Правилният отговор е %(L)s.", "Отговор: %(L)s. %(T)s", "Верният вариант е %(L)s – %(T)s."],
    "serbian-exams-qa": ["Тачан одговор је %(L)s.", "Odgovor: %(L)s – %(T)s", "Točan odgovor: %(L)s"],
    "macedonian-exams-qa": ["Точниот одговор е %(L)s.", "Одговор: %(L)s. %(T)s", "Правилен одговор: %(L)s – %(T)s"],
    SINGER: ["La respuesta es %(T)s.", "Die Antwort lautet: %(T)s", "C'est %(T)s !", "A resposta é %(T)s."],
}


@style("native_language_reply", "letter", desc="reply written in another language (the question's, or not English)")
def s_native(c):
    tpl = c.pick(NATIVE[c.q["set"]])
    T = title(c.ch[c.t]) if c.singer else strip_end(c.ch[c.t])
    return tpl % {"L": c.L(c.t), "T": T}


@style("email_style", "letter", desc="reply formatted as an e-mail")
def s_email(c):
    return "%s\n\n%s\n\n%s" % (
        c.pick(["Hi,", "Hello there,", "Dear student,"]),
        c.pick(["Thanks for your question. The correct option is %s.", "Regarding the practice question you sent: the answer is %s.",
                "I checked the answer key — it's %s."]) % c.ref(c.t),
        c.pick(["Best regards,\nTeaching Assistant", "Cheers,\nSam", "Kind regards,\nThe Exam Prep Team"]))


@style("teacher_grading", "letter", desc="tutor grading the student's pick and giving the right one")
def s_grade(c):
    o = c.others(k=1)[0]
    return c.pick([
        "You picked %s, but that's not right — the correct answer is %s." % (c.ref(o), c.ref(c.t)),
        "Not quite! %s is a common mistake. The right answer is %s, because %s." % (cap(c.ref(o)), c.ref(c.t), c.why(c.t)),
        "❌ Your answer: %s\n✅ Correct answer: %s" % (c.short_ref(o), c.short_ref(c.t)),
    ])


@style("html_output", "letter", desc="HTML fragment from a web widget")
def s_html(c):
    Y = c.ref(c.t)
    return c.pick(['<div class="answer">Answer: <b>%s</b></div>' % c.short_ref(c.t),
                   "<p>The correct choice is <strong>%s</strong>.</p>" % Y,
                   "<ul><li>Selected: <em>%s</em></li></ul>" % Y])


@style("csv_output", "letter", desc="CSV row output")
def s_csv(c):
    a = c.ans(c.t)
    return c.pick(["answer,confidence\n%s,%.2f" % (a, c.r.uniform(0.5, 0.99)), "id,choice\nq%d,%s" % (c.q["idx"], a),
                   '"question","answer"\n"%d","%s"' % (c.q["idx"], a)])


# ---------------- none

@style("dont_know", "none", desc='"I don\'t know" variants')
def s_dk(c):
    return c.pick(["I don't know.", "I'm not sure, sorry.", "I don't have enough information to answer this confidently, so I'd rather not guess.",
                   "Honestly, I can't tell which of these is right.", "idk", "I don't know the answer to this one.",
                   "Sorry — this is beyond what I can reliably answer. I don't know."])


@style("refusal", "none", desc="refuses to answer")
def s_refuse(c):
    return c.pick(["I'm sorry, but I can't help with that.", "I can't assist with answering questions from an active exam.",
                   "As an AI assistant, I'm not able to provide answers to this assessment.",
                   "I won't answer graded test questions, but I'm happy to explain the underlying topic if you'd like.",
                   "Sorry, I can't provide that."])


@style("none_fits", "none", desc="says no option is correct and picks nothing")
def s_nonefits(c):
    if c.singer:
        return c.pick(["None of these three artists sang that — it's by someone else.",
                       "It's none of them. That lyric belongs to an artist who isn't listed.",
                       "None of the options is correct."])
    return c.pick(["None of the options is correct.", "I don't think any of these is right — the actual answer isn't listed.",
                   "All of the listed options are wrong.", "None of the above; the question seems to have an error in its options."])


@style("clarifying_question", "none", desc="asks a clarifying question instead of answering")
def s_clarify(c):
    if c.singer:
        return c.pick(["Could you give me a few more words of the lyric? The first line alone isn't enough for me to be sure.",
                       "Is this the original recording or a cover version you're asking about?"])
    return c.pick(["Could you share the full question? It looks like part of it might be missing.",
                   "Before I answer — is this based on a specific textbook or curriculum? The expected answer can differ.",
                   "Do you want the answer according to the official answer key, or the one that is technically most accurate?",
                   "Can you clarify which year's syllabus this is from?"])


@style("rag_no_answer", "none", desc="RAG: sources do not contain the answer")
def s_ragno(c):
    return c.pick([
        "I couldn't find information about this in the provided documents [1][2]. The sources discuss related topics but don't answer the question, so I can't say which option is correct.",
        "The retrieved context does not contain the answer to this question. Please provide additional documents.",
        "Based on the available sources, I'm unable to determine the correct option — none of the passages address it.\n\n" + sources(c),
    ])


@style("socratic_tutor", "none", desc="tutor that withholds the answer and asks the student to think")
def s_socratic(c):
    return c.pick([
        "Let's think it through together rather than me just giving you the answer. What do you already know about the key term in the question? Which option lines up with that?",
        "Good question! Try eliminating the options you're sure are wrong first. What's left, and why?",
        "I'd like you to try this one yourself first. Read each option and ask: does it satisfy every condition in the question? Tell me which one you'd choose and I'll give you feedback.",
    ])


@style("truncated", "none", desc="reply cut off before any answer")
def s_trunc(c):
    if c.lettered:
        return c.pick([
            "Let's go through the options one by one.\n\n**Option A** (%s): This option" % strip_end(c.ch[0]),
            "To answer this, we first need to recall the definition of the key concept. The question is asking about",
            "Great question! There are a few things to consider here. First,",
        ])
    return c.pick(["Let me think about which artist this could be. The lyric", "Great question! This lyric is from a song that"])


@style("out_of_scope_bot", "none", desc="narrow support bot declines as out of scope")
def s_scope(c):
    return c.pick([
        "I'm sorry, I can only help with questions about your orders and account. For anything else, please visit our Help Center.",
        "I'm the billing assistant and can't answer quiz questions. Is there something about your subscription I can help with?",
        "That's outside what I can help with here. You can reach a human agent by typing 'agent'.",
    ])


# ---------------- unclear

@style("undecided_two", "unclear", desc="undecided between two choices")
def s_undec(c):
    X, Y = c.ref(c.t), c.ref(c.u)
    return c.pick(["It's between %s and %s. I honestly can't decide." % (X, Y),
                   "Either %s or %s — I can't tell which without more context." % (X, Y),
                   "I'm torn between %s and %s." % (X, Y),
                   "Could be %s, could be %s. 50/50." % (X, Y)])


@style("several_unsettled", "unclear", desc="several choices named, none settled on")
def s_sevun(c):
    ids = sorted([c.t, c.u] + [i for i in range(c.n) if i not in (c.t, c.u)][: c.r.randint(0, 1)])
    names = ", ".join(c.short_ref(i) for i in ids[:-1]) + " and " + c.short_ref(ids[-1])
    return c.pick(["%s %s have merit; it really depends on how you interpret the question." % (names, "both" if len(ids) == 2 else "all"),
                   "Arguments can be made for %s. The question is ambiguous." % names,
                   "I can see a case for %s, and I'm not going to pretend one is clearly right." % names])


@style("multiple_selected", "unclear", desc="selects two answers for a single-answer question")
def s_multi(c):
    a, b = sorted([c.t, c.u])
    if c.lettered:
        return c.pick(["The correct answers are %s and %s." % (c.L(a), c.L(b)), "Answer: %s, %s" % (c.L(a), c.L(b)),
                       '{"answer": ["%s", "%s"]}' % (c.L(a), c.L(b)), "%s and %s are both correct." % (c.ref(a), c.ref(b))])
    return c.pick(["Both %s and %s have sung that line." % (title(c.ch[a]), title(c.ch[b])),
                   "%s, %s" % (c.ch[a], c.ch[b])])


@style("rag_conflict_unsettled", "unclear", desc="RAG sources disagree, writer does not settle")
def s_ragun(c):
    X, Y = c.ref(c.t), c.ref(c.u)
    return c.pick([
        "The sources disagree: [1] supports %s, whereas [2] supports %s. Without further information I can't determine which one is correct." % (X, Y),
        "According to [1] the answer is %s, but [2] states %s. The documents are contradictory, so I can't give a definitive answer." % (X, Y),
    ]) + "\n\n" + sources(c)


@style("probabilities_split", "unclear", desc="probabilities split evenly between top two")
def s_psplit(c):
    top = c.r.choice([45, 48, 40])
    rest = 100 - 2 * top
    o = [i for i in range(c.n) if i not in (c.t, c.u)]
    p = {c.t: top, c.u: top}
    for k, i in enumerate(o):
        p[i] = rest // len(o) + (1 if k < rest % len(o) else 0) if o else 0
    lab = (lambda i: c.L(i)) if c.lettered else (lambda i: title(c.ch[i]))
    s = "\n".join("%s: %d%%" % (lab(i), p[i]) for i in range(c.n))
    return c.pick(["", "Probabilities:\n"]) + s + c.pick(["", "\nToo close to call."])


# ----------------------------------------------------------------- build

def main():
    pools = {}
    for s in EXAM_SETS:
        pools[s] = load_exam(s)
    pools[SINGER] = load_singer()
    for s in SETS:
        R.shuffle(pools[s])
    # prefer 5-choice questions early so that letter E appears
    for s in SETS:
        five = [q for q in pools[s] if len(q["ch"]) >= 5]
        rest = [q for q in pools[s] if len(q["ch"]) < 5]
        pools[s] = five + rest

    used = {s: 0 for s in SETS}          # replies per set
    letter_count = {L: 0 for L in LETTERS}
    pos = {s: 0 for s in SETS}
    rows = []
    examples = {}

    order = list(range(len(STYLES)))
    R.shuffle(order)
    for si in order:
        st = STYLES[si]
        for n in range(1, PER_STYLE + 1):
            allowed = [s for s in SETS if not (st["letters_only"] and s == SINGER)]
            m = min(used[s] for s in allowed)
            cands = [s for s in allowed if used[s] == m]
            sname = R.choice(cands)
            pool = pools[sname]
            # take next suitable question
            k = pos[sname]
            while True:
                q = pool[k]
                if st["no_numeric"] and q["numeric"]:
                    k += 1
                    continue
                if st["kind"] != "letter" and len(q["ch"]) >= 5:   # keep the few 5-choice questions for letter E
                    k += 1
                    continue
                break
            # remove it from pool (move to consumed position)
            pool.insert(pos[sname], pool.pop(k))
            pos[sname] += 1
            used[sname] += 1
            nch = len(q["ch"])
            weights = [letter_count[LETTERS[i]] + R.random() * 0.9 for i in range(nch)]
            t = min(range(nch), key=lambda i: weights[i])
            u = R.choice([i for i in range(nch) if i != t])
            c = Ctx(R, q, t, u)
            reply = st["fn"](c)
            if st["kind"] == "letter":
                meant = LETTERS[t]
                letter_count[meant] += 1
            else:
                meant = st["kind"]
            rid = "%s:%d#%s-%d" % (q["set"], q["idx"], st["name"], n)
            rows.append({"set": q["set"], "id": rid, "choices": q["ch"], "style": st["name"],
                         "reply": reply, "meant": meant})
            ex = examples.get(st["name"])
            if ex is None or len(reply) < len(ex[0]):
                examples[st["name"]] = (reply, meant, q["ch"])

    os.makedirs(HERE, exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")

    with open(STYLES_MD, "w", encoding="utf-8") as fh:
        fh.write("# Styles in replies-blind19.jsonl\n\n")
        fh.write("%d styles, %d replies each. One line per style: `name` (label kind) — description — "
                 "shortest example reply (JSON-escaped) → meant, with the question's choices.\n\n" % (len(STYLES), PER_STYLE))
        for st in STYLES:
            ex, meant, ch = examples[st["name"]]
            one = json.dumps(ex, ensure_ascii=False)
            if len(one) > 240:
                one = one[:237] + "…\""
            chs = "; ".join("%s) %s" % (LETTERS[i], x) for i, x in enumerate(ch))
            if len(chs) > 110:
                chs = chs[:107] + "…"
            fh.write("- `%s` (%s) — %s — e.g. %s → **%s**  [choices: %s]\n" % (
                st["name"], st["kind"], st["desc"], one, meant, chs))

    h = hashlib.sha256(open(OUT, "rb").read()).hexdigest()
    print(h)


if __name__ == "__main__":
    main()
