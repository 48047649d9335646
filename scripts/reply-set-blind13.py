#!/usr/bin/env python3
"""Blind hand-labelled set of free-text replies to multiple-choice questions (blind13).

Question sets (PyPI `evals` 3.0.1.post1, evals/registry/data/<set>/samples.jsonl):
  cissp-study-questions, fcc_amateur_extra, utah_real_estate, us_tort_law, french-exams-qa
Reads the unzipped tree under /tmp/evx if present, otherwise the wheel.
Writes /tmp/blind13/replies-blind13.jsonl.  Standard library only; fixed seed.

Labels ("meant"): the letter the reply's writer settled on; "none" when no answer is
given; "unclear" when several choices are named and none is settled on.
"""
import collections
import html
import json
import os
import random
import re
import sys
import zipfile

SEED = 13013
OUT = "/tmp/blind13/replies-blind13.jsonl"
WHEEL = "/tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl"
UNZ = "/tmp/evx/evals/registry/data"
SETS = {  # name -> sampling weight
    "cissp-study-questions": 1.0,
    "fcc_amateur_extra": 1.0,
    "utah_real_estate": 1.0,
    "us_tort_law": 1.0,
    "french-exams-qa": 0.6,
}
LET = "ABCDEF"
PER_STYLE = 10
P_KEY = 0.7


# ---------------------------------------------------------------- loading
def read_set(name):
    p = os.path.join(UNZ, name, "samples.jsonl")
    if os.path.exists(p):
        with open(p, encoding="utf-8") as f:
            return f.read().splitlines()
    with zipfile.ZipFile(WHEEL) as z:
        return z.read("evals/registry/data/%s/samples.jsonl" % name).decode("utf-8").splitlines()


def parse(name, i, line):
    d = json.loads(line)
    text = d["input"][-1]["content"]
    lines = text.split("\n")
    first = None
    for k, ln in enumerate(lines):
        if re.match(r"^\s*A[.:]\s+\S", ln):
            first = k
            break
    if first is None:
        return None
    stem = html.unescape("\n".join(lines[:first])).replace("\xa0", " ").strip()
    choices = []
    for ln in lines[first:]:
        m = re.match(r"^\s*([A-F])[.:]\s+(.*?)\s*$", ln)
        if m and len(choices) < 6 and m.group(1) == LET[len(choices)]:
            choices.append(re.sub(r"\s+", " ", m.group(2)))
        elif ln.strip() in ("", "Answer:"):
            continue
        else:
            return None
    if not (2 <= len(choices) <= 6) or not stem:
        return None
    ideal = d["ideal"].strip()
    m = re.match(r"^\[?([A-F])\]?(?:[:.]|$)", ideal)
    if not m:
        return None
    key = m.group(1)
    if LET.index(key) >= len(choices):
        return None
    if ":" in ideal:  # utah: "C: Pur Autre Vie" -> check text agrees
        if ideal.split(":", 1)[1].strip().lower() != choices[LET.index(key)].lower():
            return None
    if len(set(c.lower() for c in choices)) < len(choices):
        return None
    norm = [re.sub(r"\W+", " ", c.lower()).strip() for c in choices]
    overlap = any(a != b and a in b for a in norm for b in norm)
    meta = any(re.search(r"(?i)\b(none of|all of the|both|aucune|toutes les)\b", c) for c in choices)
    return {"set": name, "idx": i, "stem": stem, "choices": choices, "key": key,
            "overlap": overlap, "meta": meta}


def load():
    qs = {}
    for name in SETS:
        out = []
        for i, line in enumerate(read_set(name)):
            q = parse(name, i, line)
            if q:
                out.append(q)
        qs[name] = out
    return qs


# ---------------------------------------------------------------- helpers
def n(q):
    return len(q["choices"])


def letters(q):
    return LET[:n(q)]


def T(q, l):
    return q["choices"][LET.index(l)].rstrip(".").strip()


def short(s, k=70):
    if len(s) <= k:
        return s
    cut = s[:k].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def ST(q, l, k=70):
    return short(T(q, l), k)


def cap(s):
    return s[:1].upper() + s[1:]


def lc(s):
    if len(s) > 1 and s[0].isupper() and not s[1].isupper():
        return s[0].lower() + s[1:]
    return s


def others(q, l):
    return [x for x in letters(q) if x != l]


def target(q, R, p=P_KEY):
    if R.random() < p:
        return q["key"]
    return R.choice(others(q, q["key"]))


def qsent(q):
    s = q["stem"].replace("\n", " ").strip()
    parts = re.split(r"(?<=[.?!])\s+", s)
    qs = [p for p in parts if p.endswith("?")]
    out = qs[-1] if qs else parts[-1]
    return out.strip()


DOM = {
    "cissp-study-questions": [" in CISSP terms", " per the CBK", " from a security-governance standpoint", ""],
    "fcc_amateur_extra": [" under Part 97", " per the FCC rules", " in the Extra class pool", ""],
    "utah_real_estate": [" under Utah real estate law", " in Utah licensing terms", " in standard real estate usage", ""],
    "us_tort_law": [" under general tort principles", " on these facts", " under the Restatement approach", ""],
    "french-exams-qa": ["", "", " here"],
}

SUBJ = {
    "cissp-study-questions": ["security", "CISSP", "information security"],
    "fcc_amateur_extra": ["amateur radio", "FCC Part 97", "ham radio"],
    "utah_real_estate": ["Utah real estate", "real estate licensing", "property law"],
    "us_tort_law": ["tort law", "negligence", "torts"],
    "french-exams-qa": ["this topic", "the course material", "this subject"],
}

SOURCES = {
    "cissp-study-questions": ["(ISC)² CISSP Official Study Guide, 9th ed., ch. 1",
                              "NIST SP 800-53 Rev. 5, Security and Privacy Controls",
                              "NIST SP 800-12 Rev. 1, An Introduction to Information Security",
                              "CISSP All-in-One Exam Guide, ch. 3",
                              "ISO/IEC 27001:2022 overview",
                              "Internal wiki: security-fundamentals.md"],
    "fcc_amateur_extra": ["47 CFR Part 97, Amateur Radio Service",
                          "ARRL Extra Class License Manual, 12th ed.",
                          "NCVEC Extra class question pool 2020-2024",
                          "ARRL Handbook, ch. 11",
                          "ham-study-notes/extra-ch4.md",
                          "FCC Part 97 frequency tables (97.301)"],
    "utah_real_estate": ["Utah Code Title 61, Chapter 2f",
                         "Utah Admin. Code R162-2f",
                         "Utah Division of Real Estate, Licensing Study Guide",
                         "Modern Real Estate Practice, 21st ed.",
                         "UAR Real Estate Purchase Contract guidance",
                         "course-notes/utah-prelicensing-unit6.pdf"],
    "us_tort_law": ["Restatement (Second) of Torts § 282",
                    "Restatement (Third) of Torts: Liability for Physical and Emotional Harm § 7",
                    "Prosser and Keeton on Torts, 5th ed.",
                    "Dobbs, The Law of Torts § 120",
                    "Palsgraf v. Long Island R.R. Co., 248 N.Y. 339 (1928)",
                    "bar-prep/torts-outline-2023.pdf"],
    "french-exams-qa": ["cours de terminale, fiche 12",
                        "Manuel de révision, chapitre 4",
                        "Encyclopædia Universalis (en ligne)",
                        "Wikipédia (fr)",
                        "notes-de-cours/examen-2019.pdf"],
}


def dom(q, R):
    return R.choice(DOM[q["set"]])


def srcs(q, R, k=2):
    return R.sample(SOURCES[q["set"]], k)


def pos_reason(q, l, R):
    t = T(q, l)
    d = dom(q, R)
    return R.choice([
        "“%s” is the option that actually answers what's being asked%s." % (short(t, 80), d),
        "that's the standard answer%s — the wording of the question points straight at it." % d,
        "it is the only choice consistent with the facts as stated.",
        "%s is exactly what the question describes; the others are related but different ideas." % short(t, 60),
        "it matches the usual definition%s." % d,
        "the other options each describe something adjacent, while this one fits the question directly.",
        "this is the textbook rule%s, and nothing in the question points elsewhere." % d,
    ])


def neg_reason(q, l, R):
    t = ST(q, l, 55)
    return R.choice([
        "%s describes something else" % t,
        "%s doesn't fit the facts given" % t,
        "%s is too broad for what's asked" % t,
        "%s sounds related but isn't what the question is after" % t,
        "%s would only apply in a different situation" % t,
        "%s mixes this up with a neighbouring concept" % t,
        "%s is a distractor" % t,
    ])


OPEN = ["", "", "", "Good question! ", "Sure. ", "Let's take a look. ", "Great question — ",
        "Okay. ", "Here's my take. ", "Happy to help. "]
CLOSE = ["", "", "", "", "\n\nLet me know if you'd like more detail on any of the options.",
         "\n\nHope that helps!", "\n\nGood luck with your exam!", "\n\nWant me to explain the other options too?"]


def o(R):
    return R.choice(OPEN)


def c(R):
    return R.choice(CLOSE)


def cut(s, R, lo=0.45, hi=0.85):
    k = int(len(s) * R.uniform(lo, hi))
    s2 = s[:k]
    # cut mid-word if possible
    return s2.rstrip()


ORD = ["first", "second", "third", "fourth", "fifth", "sixth"]
ORDFR = ["première", "deuxième", "troisième", "quatrième", "cinquième", "sixième"]


# ---------------------------------------------------------------- styles (lettered)
def s_bare_letter(q, R):
    l = target(q, R)
    return R.choice([l, l, l + ".", "(%s)" % l, l + "\n", " %s" % l, "%s)" % l]), l


def s_letter_lowercase(q, R):
    l = target(q, R)
    x = l.lower()
    return R.choice(["answer: %s" % x, "%s" % x, "ans - %s" % x, "it's %s" % x, "(%s)" % x,
                     "%s)" % x, "i think %s" % x, "answer is %s" % x, "%s is correct" % x,
                     "the answer would be %s." % x]), l


def s_letter_with_text(q, R):
    l = target(q, R)
    t = T(q, l)
    return R.choice(["%s. %s" % (l, t), "**%s) %s**" % (l, t), "%s - %s" % (l, t), "%s: %s" % (l, t),
                     "(%s) %s" % (l, t), "%s) %s." % (l, t), "**%s.** %s" % (l, t)]), l


def s_answer_is_sentence(q, R):
    l = target(q, R)
    t = T(q, l)
    s = R.choice(["The answer is %s." % l,
                  "The correct answer is **%s**: %s." % (l, t),
                  "Correct answer: %s" % l,
                  "The right choice here is %s (%s)." % (l, short(t, 60)),
                  "The best answer is %s." % l,
                  "Answer is %s, %s." % (l, lc(short(t, 60))),
                  "That would be %s." % l])
    if R.random() < 0.5:
        s += " " + cap(pos_reason(q, l, R))
    return o(R) + s + c(R), l


def s_markdown_heading(q, R):
    l = target(q, R)
    t = T(q, l)
    oth = R.sample(others(q, l), min(2, n(q) - 1))
    h = R.choice(["## Answer", "### Answer", "# Correct Answer", "## ✅ Answer", "**Answer**"])
    body = R.choice(["**%s — %s**" % (l, t), "**%s) %s**" % (l, t), "**Option %s:** %s" % (l, t)])
    why = R.choice(["### Why", "## Explanation", "### Reasoning", "**Why this is correct:**"])
    bullets = ["- " + cap(pos_reason(q, l, R))]
    for x in oth:
        bullets.append("- **%s** is wrong: %s." % (x, neg_reason(q, x, R)))
    return "%s\n\n%s\n\n%s\n%s%s" % (h, body, why, "\n".join(bullets), c(R)), l


def s_reasoning_final_line(q, R):
    l = target(q, R)
    paras = []
    paras.append(R.choice(["Let's think about what the question is really asking.",
                           "First, identify the key concept being tested.",
                           "Breaking this down:",
                           "This question is testing a basic %s concept." % R.choice(SUBJ[q["set"]])]))
    for x in R.sample(others(q, l), min(R.randint(1, 3), n(q) - 1)):
        paras.append("Option %s, \"%s\", %s." % (x, ST(q, x, 60), R.choice(
            ["doesn't fit", "is not quite right", "can be ruled out", "describes a different idea",
             "is a common trap"])))
    paras.append("Option %s, on the other hand, works: %s" % (l, pos_reason(q, l, R)))
    end = R.choice(["Answer: %s", "Answer: %s", "Final answer: %s", "**Answer: %s**", "ANSWER: %s",
                    "Answer - %s", "Final Answer: %s"]) % l
    sep = R.choice(["\n\n", "\n"])
    return sep.join(paras) + "\n\n" + end, l


def s_short_reason_conclusion(q, R):
    l = target(q, R)
    t = T(q, l)
    r = pos_reason(q, l, R)
    s = R.choice([
        "Since %s, the best choice is %s." % (r.rstrip("."), l),
        "%s So I'd say %s." % (r[0].upper() + r[1:], l),
        "Because %s, it's %s." % (r.rstrip("."), l),
        "Given that %s, the answer must be %s — %s." % (r.rstrip("."), l, lc(short(t, 50))),
        "%s Therefore %s." % (r[0].upper() + r[1:], l),
    ])
    return o(R) + s, l


def s_id_go_with(q, R):
    l = target(q, R)
    t = T(q, l)
    s = R.choice([
        "I'd go with **Option %s**, because %s" % (l, pos_reason(q, l, R)),
        "I'd go with %s here." % l,
        "I would pick option %s (%s)." % (l, short(t, 60)),
        "My pick: **%s**. %s" % (l, cap(pos_reason(q, l, R))),
        "I'm going with %s — %s." % (l, lc(short(t, 60))),
        "Going with %s on this one." % l,
        "I'd choose %s. %s" % (l, cap(pos_reason(q, l, R))),
    ])
    return o(R) + s + c(R), l


def s_json_object(q, R):
    l = target(q, R)
    t = T(q, l)
    v = R.randint(0, 5)
    if v == 0:
        s = json.dumps({"answer": l})
    elif v == 1:
        s = json.dumps({"answer": l, "explanation": cap(pos_reason(q, l, R))}, ensure_ascii=False)
    elif v == 2:
        s = "```json\n" + json.dumps({"choice": l, "text": t, "confidence": R.choice([0.6, 0.75, 0.9, 0.95])},
                                     indent=2, ensure_ascii=False) + "\n```"
    elif v == 3:
        s = json.dumps({"selected_option": l, "reasoning": cap(pos_reason(q, l, R))}, ensure_ascii=False)
    elif v == 4:
        s = "Here is the response in the requested format:\n\n```json\n" + json.dumps(
            {"question_id": q["idx"], "answer": l}, indent=2) + "\n```"
    else:
        s = json.dumps({"tool": "submit_answer", "arguments": {"option": l}})
    return s, l


def s_xml_tags(q, R):
    l = target(q, R)
    t = T(q, l)
    v = R.randint(0, 4)
    if v == 0:
        s = "<answer>%s</answer>" % l
    elif v == 1:
        s = "<thinking>\n%s\n</thinking>\n<answer>%s</answer>" % (cap(pos_reason(q, l, R)), l)
    elif v == 2:
        s = "<reasoning>%s</reasoning>\n\n<final_answer>%s</final_answer>" % (
            cap(neg_reason(q, R.choice(others(q, l)), R)) + "; " + pos_reason(q, l, R), l)
    elif v == 3:
        s = "<answer>%s. %s</answer>" % (l, t)
    else:
        s = "<response>\n  <choice>%s</choice>\n  <rationale>%s</rationale>\n</response>" % (
            l, cap(pos_reason(q, l, R)))
    return s, l


def s_code_block(q, R):
    l = target(q, R)
    s = R.choice(["```\n%s\n```" % l, "```text\nAnswer: %s\n```" % l,
                  "Answer:\n```\n%s\n```" % l, "```\n%s. %s\n```" % (l, T(q, l)),
                  "`%s`" % l, "The answer is `%s`." % l])
    return s, l


def s_boxed_latex(q, R):
    l = target(q, R)
    pre = R.choice(["", "", cap(pos_reason(q, l, R)) + "\n\n", "Final answer: ",
                    "So the answer is "])
    return pre + R.choice(["$\\boxed{%s}$", "\\boxed{%s}", "$$\\boxed{\\text{%s}}$$"]) % l, l


def s_square_bracket_final(q, R):
    l = target(q, R)
    x = R.choice(others(q, l))
    body = R.choice([
        "Reasoning: %s. In contrast, %s." % (cap(pos_reason(q, l, R).rstrip(".")), neg_reason(q, x, R)),
        "%s. %s" % (cap(neg_reason(q, x, R)), cap(pos_reason(q, l, R))),
        "The key idea is that %s" % pos_reason(q, l, R),
    ])
    return body + R.choice(["\n\n[%s]", "\n[%s]", " [%s]", "\n\nAnswer: [%s]"]) % l, l


def s_text_exact(q, R):
    l = target(q, R)
    t = T(q, l)
    s = R.choice(["%s" % t, "%s." % t, "**%s**" % t, "The answer is: %s" % t,
                  "%s — %s" % (t, pos_reason(q, l, R)), "It's \"%s\"." % t, "Correct: %s" % t])
    return s, l


def paraphrase(q, l, R):
    t = T(q, l)
    words = t.split()
    normo = [re.sub(r"\W+", " ", x.lower()).strip() for k, x in enumerate(q["choices"]) if LET[k] != l]
    mode = R.randint(0, 3)
    if mode == 1 and len(words) >= 5:
        for _ in range(20):
            a = R.randint(0, len(words) - 3)
            b = min(len(words), a + R.randint(3, 6))
            frag = " ".join(words[a:b]).strip(",.;")
            nf = re.sub(r"\W+", " ", frag.lower()).strip()
            if not any(nf in x for x in normo):
                return "“…%s…”" % frag if a > 0 else "“%s…”" % frag
    if mode == 2:
        cand = [k for k, w in enumerate(words) if len(w) >= 7 and w.isalpha()]
        if cand:
            k = R.choice(cand)
            w = words[k]
            j = R.randint(1, len(w) - 3)
            w2 = w[:j] + w[j + 1] + w[j] + w[j + 2:] if R.random() < 0.5 else w[:j] + w[j + 1:]
            ww = list(words)
            ww[k] = w2
            return lc(" ".join(ww))
    if mode == 3:
        ww = list(words)
        for k in range(len(ww) - 1, -1, -1):
            w = ww[k].strip(".,")
            if w.isalpha() and len(w) >= 4:
                if w.endswith("s") and not w.endswith("ss") and w.islower():
                    ww[k] = w[:-1]
                    break
                if w.islower() and w[-1] not in "sxyhz" and w[-1] not in "aeiou":
                    ww[k] = w + "s"
                    break
        return lc(" ".join(ww))
    s = re.sub(r"^(The|A|An|Le|La|Les|Un|Une)\s+", "", t)
    return s.lower()


def s_text_paraphrased(q, R):
    l = target(q, R)
    p = paraphrase(q, l, R)
    s = R.choice(["I believe it's %s." % p, "%s — that's the one." % p, "It would be %s." % p,
                  "Pretty sure the answer is %s" % p, "The correct one is %s, %s" % (p, pos_reason(q, l, R)),
                  "Answer: %s" % p, "That's %s." % p])
    return s, l


def s_ordinal(q, R):
    l = target(q, R)
    k = LET.index(l)
    forms = ["the %s option" % ORD[k], "the %s one" % ORD[k], "the %s choice" % ORD[k],
             "option number %d" % (k + 1), "answer #%d" % (k + 1)]
    if k == n(q) - 1:
        forms += ["the last one", "the last option", "the final choice"]
    if k == 0:
        forms += ["the very first one", "the first answer listed"]
    f = R.choice(forms)
    s = R.choice(["It's %s." % f, "I'd pick %s — %s" % (f, pos_reason(q, l, R)),
                  "The correct answer is %s: \"%s\"." % (f, ST(q, l, 70)),
                  "%s%s is right." % (f[0].upper(), f[1:]),
                  "Go with %s." % f,
                  "Looking at the list, %s is the correct one." % f])
    return s, l


def s_contrast_negation(q, R):
    l = target(q, R)
    x = R.choice(others(q, l))
    s = R.choice([
        "Not %s — it's %s." % (x, l),
        "It's not %s. The correct choice is %s, because %s" % (x, l, pos_reason(q, l, R)),
        "People often pick %s here, but the answer is actually %s." % (x, l),
        "%s is wrong; %s is right. %s" % (x, l, cap(pos_reason(q, l, R))),
        "Definitely not %s (%s). The answer is %s." % (x, ST(q, x, 50), l),
        "Don't be fooled by %s — %s is the correct one." % (x, l),
    ])
    return o(R) + s, l


def s_misconception_first(q, R):
    l = target(q, R)
    x = R.choice(others(q, l))
    s = R.choice([
        "%s is a common misconception. %s, so the correct answer is %s." % (
            x, cap(neg_reason(q, x, R)), l),
        "A lot of people choose %s (\"%s\"), but that's a misconception — %s. The correct answer is **%s**." % (
            x, ST(q, x, 50), neg_reason(q, x, R), l),
        "The trap here is option %s. It looks right, but %s. The real answer: %s — %s." % (
            x, neg_reason(q, x, R), l, ST(q, l, 60)),
        "Many students mistakenly go for %s. However, %s is correct because %s" % (x, l, pos_reason(q, l, R)),
    ])
    return s + c(R), l


def s_while_plausible(q, R):
    l = target(q, R)
    x = R.choice(others(q, l))
    s = R.choice([
        "While %s may seem plausible, %s is correct." % (x, l),
        "Although option %s sounds right at first glance, the better answer is %s, since %s" % (
            x, l, pos_reason(q, l, R)),
        "Option %s is tempting, but %s is the answer: %s" % (x, l, pos_reason(q, l, R)),
        "%s might look reasonable, yet %s fits the question better. Answer: %s" % (x, l, l),
        "Even though %s (%s) is close, I'd say %s is the correct choice." % (x, ST(q, x, 45), l),
    ])
    return o(R) + s, l


def s_discuss_all(q, R):
    l = target(q, R)
    lines = []
    head = R.choice(["Let's go through each option:", "Evaluating the choices:", "Option by option:",
                     "Here's a breakdown:", ""])
    fmt = R.choice(["- **%s (%s)**: %s", "**%s. %s** — %s", "%s) %s: %s"])
    good = R.choice(["Correct. ", "✅ ", "This is it — ", "Yes. "])
    bad = R.choice(["Incorrect — ", "❌ ", "No: ", "Not quite; "])
    for x in letters(q):
        if x == l:
            v = good + (cap(pos_reason(q, x, R)) if good.endswith(". ") else pos_reason(q, x, R))
        else:
            v = bad + R.choice(["describes something else", "doesn't fit the facts given",
                                "too broad", "a distractor", "applies to a different situation",
                                "confuses it with a related concept", "not what's being asked"]) + "."
        lines.append(fmt % (x, ST(q, x, 50), v))
    end = R.choice(["So the answer is **%s**." % l, "**Answer: %s**" % l, "→ %s is the best fit." % l,
                    "Therefore, the correct option is %s." % l, "Final: %s" % l])
    return (head + "\n\n" if head else "") + "\n".join(lines) + "\n\n" + end, l


def s_elimination(q, R):
    l = target(q, R)
    ox = others(q, l)
    R.shuffle(ox)
    parts = []
    for x in ox:
        parts.append(R.choice(["%s is out: %s." % (x, neg_reason(q, x, R)),
                               "Rule out %s — %s." % (x, neg_reason(q, x, R)),
                               "Eliminate %s, since %s." % (x, neg_reason(q, x, R))]))
    end = R.choice(["That leaves %s." % l, "That leaves only %s: \"%s\"." % (l, ST(q, l, 60)),
                    "By elimination, the answer is %s." % l,
                    "Only “%s” remains, so that's the answer." % ST(q, l, 60),
                    "Which leaves %s as the correct choice." % l])
    sep = R.choice([" ", "\n", "\n- "])
    body = sep.join(parts)
    if sep == "\n- ":
        body = "- " + body
        pre = R.choice(["Process of elimination:\n", "Let's eliminate.\n\n", ""])
    else:
        pre = R.choice(["Process of elimination:\n", "Let's eliminate.\n\n", "", "Working by elimination: "])
    return pre + body + "\n\n" + end, l


def s_hedged(q, R):
    l = target(q, R)
    s = R.choice([
        "Probably %s, but I'm not certain." % l,
        "I think it's %s, though I'd double-check against %s." % (l, R.choice(SOURCES[q["set"]])),
        "My best guess would be %s (%s) — not 100%% sure." % (l, ST(q, l, 50)),
        "I'm fairly, but not completely, confident the answer is %s." % l,
        "If I had to choose, I'd say %s. %s, but I could be wrong." % (l, cap(pos_reason(q, l, R).rstrip("."))),
        "It's likely %s, although the wording is a bit ambiguous." % l,
        "I'd lean %s, but please verify with an official source." % l,
    ])
    return s, l


def s_lean_between_two(q, R):
    l = target(q, R)
    x = R.choice(others(q, l))
    pair = sorted([l, x])
    s = R.choice([
        "It's between %s and %s. %s, but %s. I'd lean toward %s." % (
            pair[0], pair[1], cap(neg_reason(q, x, R)), pos_reason(q, l, R).rstrip("."), l),
        "I'm torn between %s and %s, but on balance %s is the better answer." % (pair[0], pair[1], l),
        "%s and %s are both close. Ultimately I'd pick %s." % (pair[0], pair[1], l),
        "Could be %s or %s; if forced to choose, %s." % (pair[0], pair[1], l),
        "Narrowed it down to %s vs %s → going with %s." % (pair[0], pair[1], l),
    ])
    return s, l


def s_self_correction(q, R):
    l = target(q, R)
    x = R.choice(others(q, l))
    s = R.choice([
        "%s... wait, actually it's %s." % (x, l),
        "My first instinct was %s, but re-reading the question, %s. The answer is %s." % (
            x, pos_reason(q, l, R).rstrip("."), l),
        "Answer: %s\n\nCorrection: I misread the question — the correct answer is %s." % (x, l),
        "The answer is %s — no, sorry, let me reconsider. %s, so it's %s." % (
            x, cap(neg_reason(q, x, R)), l),
        "Initially I'd say %s (%s). Hmm, on second thought, %s fits better: %s" % (
            x, ST(q, x, 40), l, pos_reason(q, l, R)),
        "%s.\n\nEdit: scratch that, it's %s." % (x, l),
    ])
    return s, l


def s_rag_numbered(q, R):
    l = target(q, R)
    ss = srcs(q, R, R.randint(2, 3))
    t = T(q, l)
    body = R.choice([
        "According to the retrieved documentation [1], %s The correct answer is **%s**." % (
            pos_reason(q, l, R), l),
        "Based on the sources [1][2], the answer is %s — %s." % (l, short(t, 70)),
        "The knowledge base points to “%s” [2]. Therefore the answer is %s." % (
            short(t, 70).rstrip("."), l),
        "**%s** is correct. %s [1]" % (l, cap(pos_reason(q, l, R))),
    ])
    lst = "\n".join("%d. %s" % (k + 1, s) for k, s in enumerate(ss))
    head = R.choice(["**Sources:**", "Sources:", "References", "---\nSources"])
    return body + "\n\n" + head + "\n" + lst, l


def s_rag_doc_tags(q, R):
    l = target(q, R)
    d1, d2 = R.sample(range(1, 9), 2)
    s = R.choice([
        "The answer is %s [doc %d]. %s [doc %d]" % (l, d1, cap(pos_reason(q, l, R)), d2),
        "Per the context provided (Document %d), the correct option is %s: %s." % (d1, l, ST(q, l, 60)),
        "Answer: %s\n\nSupporting passages: [doc%d], [doc%d]" % (l, d1, d2),
        "Based on [source %d] and [source %d], %s is the correct choice." % (d1, d2, l),
        "The retrieved chunk #%d states the relevant rule, which points to **%s** (%s)." % (d1, l, ST(q, l, 50)),
    ])
    return s, l


def s_rag_footnotes(q, R):
    l = target(q, R)
    ss = srcs(q, R, 2)
    s = R.choice([
        "The correct option is %s.[^1] %s[^2]\n\n[^1]: %s\n[^2]: %s" % (
            l, cap(pos_reason(q, l, R)), ss[0], ss[1]),
        "**Answer: %s**¹\n\n%s²\n\n---\n¹ %s\n² %s" % (l, cap(pos_reason(q, l, R)), ss[0], ss[1]),
        "%s — %s.¹\n\n¹ %s" % (l, ST(q, l, 60), ss[0]),
    ])
    return s, l


CIT_FORMS = ["Appendix %s", "Subpart %s", "Section %s.2", "Exhibit %s", "Table %s-1", "Schedule %s", "Annex %s"]


def s_rag_letter_in_citation(q, R):
    l = target(q, R)
    cl = R.choice([x for x in "ABCD" if x != l])
    cit = R.choice(CIT_FORMS) % cl
    src = R.choice(SOURCES[q["set"]])
    s = R.choice([
        "According to %s of the %s, the answer is %s." % (cit, src, l),
        "The answer is %s (%s). See %s, %s." % (l, ST(q, l, 50), src, cit),
        "%s in the provided documentation covers this: %s [%s, %s]." % (cit, ST(q, l, 60), src, cit),
        "Per the retrieved excerpt (%s), the correct choice is **%s**.\n\nSource: %s — %s" % (cit, l, src, cit),
        "Answer: %s\n\nRef: %s, %s" % (l, src, cit),
    ])
    return s, l


def s_rag_text_answer(q, R):
    l = target(q, R)
    ss = srcs(q, R, 2)
    t = T(q, l)
    s = R.choice([
        "Based on the provided context, the answer is “%s” [1].\n\nSources:\n[1] %s" % (t, ss[0]),
        "Per the documentation, the correct answer is: %s. (Source: %s)" % (t, ss[0]),
        "From the retrieved passages: **%s**.\n\n- %s\n- %s" % (t, ss[0], ss[1]),
        "%s — this is supported by %s." % (t, ss[0]),
    ])
    return s, l


def s_rag_no_context_guess(q, R):
    l = target(q, R)
    s = R.choice([
        "The provided documents don't directly address this question. Based on general knowledge, however, the answer is most likely %s." % l,
        "I couldn't find this in the retrieved context. From general %s knowledge, I'd answer %s (%s)." % (
            R.choice(SUBJ[q["set"]]), l, ST(q, l, 50)),
        "None of the retrieved sources mention this specifically, but %s is the standard answer." % l,
        "The context doesn't cover it, so this is outside the documents: my answer would be %s." % l,
    ])
    return s, l


def s_letter_in_example(q, R):
    l = target(q, R)
    a, b = ("A", "B") if l not in "AB" else ("C", "D")
    ex = {
        "cissp-study-questions": "if User %s shares data with User %s" % (a, b),
        "fcc_amateur_extra": "say station %s relays traffic for station %s" % (a, b),
        "utah_real_estate": "if Buyer %s makes an offer and Seller %s counters" % (a, b),
        "us_tort_law": "suppose Person %s injures Person %s" % (a, b),
        "french-exams-qa": "take two points %s and %s" % (a, b),
    }[q["set"]]
    s = R.choice([
        "Think of it with an example: %s. The rule that applies there is the one in option %s, so the answer is %s." % (ex, l, l),
        "To illustrate, %s — what governs that situation? \"%s\". So: %s." % (ex, ST(q, l, 60), l),
        "Example: %s. Applying the same logic here, the correct choice is %s." % (ex, l),
        "Consider a simple case — %s. The same principle applies here. Answer: %s" % (ex, l),
        "It helps to make it concrete: %s. Walk through who is responsible for what and you land on %s — “%s”." % (ex, l, ST(q, l, 60)),
        "**%s**\n\nQuick example to see why: %s. Only option %s is consistent with that." % (l, ex, l),
    ])
    return s, l


def s_repeat_question_first(q, R):
    l = target(q, R)
    qs = short(qsent(q), 160)
    s = R.choice([
        "**Question:** %s\n\n**Answer:** %s) %s" % (qs, l, T(q, l)),
        "You asked: \"%s\"\n\nThe answer is %s." % (qs, l),
        "> %s\n\n%s — %s" % (qs, l, pos_reason(q, l, R)),
        "Q: %s\nA: %s" % (qs, l),
        "The question is %s The correct choice is %s." % (qs if qs.endswith("?") else qs + ".", l),
    ])
    return s, l


def s_llama_style(q, R):
    l = target(q, R)
    s = "The correct answer is %s) %s.\n\n%s %s" % (
        l, T(q, l), R.choice(["Explanation:", "Here's why:", "Rationale:"]), cap(pos_reason(q, l, R)))
    if R.random() < 0.6:
        x = R.choice(others(q, l))
        s += " %s, so option %s is incorrect." % (cap(neg_reason(q, x, R)), x)
    return s + c(R), l


def s_gemini_style(q, R):
    l = target(q, R)
    s = "**The answer is (%s) %s.**\n\nHere's why:\n\n" % (l, T(q, l))
    s += "* **%s:** %s\n" % (ST(q, l, 40), cap(pos_reason(q, l, R)))
    for x in R.sample(others(q, l), min(2, n(q) - 1)):
        s += "* **(%s) %s:** %s.\n" % (x, ST(q, x, 40), cap(neg_reason(q, x, R)))
    s += R.choice(["", "\nLet me know if you have any other questions!", "\nIn short, (%s) is the best fit." % l])
    return s.rstrip(), l


def s_claude_style(q, R):
    l = target(q, R)
    s = R.choice([
        "Looking at this question, the answer is **%s) %s**.\n\n%s" % (l, T(q, l), cap(pos_reason(q, l, R))),
        "The answer is **%s**.\n\nThe key point here is that %s" % (l, pos_reason(q, l, R)),
        "**%s** — %s\n\n%s" % (l, T(q, l), "The other options don't hold up: " + "; ".join(
            neg_reason(q, x, R) for x in others(q, l)[:2]) + "."),
        "This is asking about %s. The correct choice is **%s** (%s), since %s" % (
            R.choice(SUBJ[q["set"]]), l, ST(q, l, 60), pos_reason(q, l, R)),
    ])
    return s, l


def s_table_verdicts(q, R):
    l = target(q, R)
    hdr = R.choice([("Option", "Verdict"), ("Choice", "Correct?"), ("Option", "Assessment")])
    rows = ["| %s | %s |" % hdr, "|---|---|"]
    for x in letters(q):
        v = R.choice(["✅ Correct", "✅", "Yes"]) if x == l else R.choice(["❌", "❌ Incorrect", "No"])
        rows.append("| %s. %s | %s |" % (x, ST(q, x, 45), v))
    end = R.choice(["", "", "\n\n**Answer: %s**" % l, "\n\nSo the correct choice is %s." % l])
    return R.choice(["", "Here's a quick comparison:\n\n"]) + "\n".join(rows) + end, l


def s_options_list_marked(q, R):
    l = target(q, R)
    mk = R.choice(["✔", "← correct", "(correct)", "✅", "<-- this one"])
    out = []
    for x in letters(q):
        line = "%s. %s" % (x, T(q, x))
        if x == l:
            line += " " + mk
        out.append(line)
    return R.choice(["", "The marked option is the right one:\n\n"]) + "\n".join(out), l


def s_casual_chat(q, R):
    l = target(q, R)
    s = R.choice([
        "Oh, that'd be %s for sure." % l,
        "Pretty sure it's %s. %s" % (l, cap(pos_reason(q, l, R))),
        "Easy one — %s!" % l,
        "Hmm, %s I reckon." % l,
        "Yeah that's %s, the \"%s\" one." % (l, ST(q, l, 40)),
        "lol this one trips people up but it's %s" % l,
        "%s all the way 👍" % l,
    ])
    return s, l


def s_with_confidence(q, R):
    l = target(q, R)
    pct = R.choice([60, 70, 75, 80, 85, 90, 95])
    s = R.choice([
        "Answer: %s (confidence: %d%%)" % (l, pct),
        "Answer: %s\nConfidence: %s" % (l, R.choice(["high", "medium", "moderate", "low-medium"])),
        "%s — about %d%% confident." % (l, pct),
        "**%s** (%s). Confidence level: %d/100" % (l, ST(q, l, 50), pct),
    ])
    return s, l


def s_long_essay(q, R):
    l = target(q, R)
    subj = R.choice(SUBJ[q["set"]])
    p1 = R.choice(["## Background\n\n", "", "### Context\n\n"]) + (
        "This question tests a core idea in %s. To answer it well, it helps to restate what is being asked: "
        "%s" % (subj, short(qsent(q), 150)))
    p2 = R.choice(["## Analysis\n\n", "", "### Looking at the options\n\n"]) + " ".join(
        "Option %s (\"%s\") %s." % (x, ST(q, x, 45), R.choice(
            ["does not match the scenario", "is a distractor built on a related term", "overstates the rule",
             "would apply only in a narrower case"])) for x in others(q, l))
    p3 = R.choice(["Option %s, by contrast, holds up: %s", "That leaves option %s. Here %s"]) % (l, pos_reason(q, l, R))
    p4 = R.choice(["## Conclusion\n\n", "", "### Bottom line\n\n"]) + R.choice([
        "Therefore, **%s** is the correct answer." % l,
        "In conclusion, option %s — %s — is the best answer." % (l, lc(ST(q, l, 60))),
        "Putting it all together, the answer is %s." % l])
    return "\n\n".join([p1, p2, p3, p4]), l


def s_answer_then_caveat(q, R):
    l = target(q, R)
    x = R.choice(others(q, l))
    s = R.choice([
        "**%s.** %s\n\nThat said, %s" % (l, T(q, l), {
            "us_tort_law": "note that the outcome could differ in a jurisdiction that follows a minority rule.",
            "utah_real_estate": "double-check this against the current Utah rules, since they are amended from time to time.",
            "fcc_amateur_extra": "the question pool is revised every four years, so check you have the current one.",
            "cissp-study-questions": "terminology varies a little between study guides.",
            "french-exams-qa": "the expected answer can depend on the course's conventions."}[q["set"]]),
        ("%s. Note: %s would be right under an older version of the rules, but not today." % (l, x)
         if q["set"] != "french-exams-qa" else "%s. (Attention : %s est un piège classique.)" % (l, x)),
        "Answer: %s\n\nCaveat: exam writers sometimes word this differently, so read carefully — %s." % (
            l, neg_reason(q, x, R)),
        "%s (%s). One caveat — in practice, option %s comes up too, but it's not what's being asked." % (
            l, ST(q, l, 50), x),
    ])
    return s, l


def s_step_by_step(q, R):
    l = target(q, R)
    steps = ["Step 1: Identify what is being asked — %s" % short(qsent(q), 110),
             R.choice(["Step 2: Recall the relevant rule%s." % dom(q, R), "Step 2: Recall the key concept behind the question.",
                       "Step 2: Pin down the definition involved."]),
             "Step 3: Compare each option against it — for example, %s." % lc(neg_reason(q, R.choice(others(q, l)), R)),
             "Step 4: %s" % cap(pos_reason(q, l, R))]
    end = R.choice(["Final answer: (%s)", "**Answer: %s**", "Therefore, the answer is %s.", "=> %s"]) % l
    return "\n".join(steps) + "\n\n" + end, l


def s_truncated_after_answer(q, R):
    l = target(q, R)
    tail = "because " + pos_reason(q, l, R) + " " + cap(neg_reason(q, R.choice(others(q, l)), R)) + ", and"
    head = R.choice(["The answer is %s " % l, "**Answer: %s** — " % l, "%s. %s. This is correct " % (l, T(q, l)),
                     "I'd pick %s, " % l])
    t2 = tail[:max(12, int(len(tail) * R.uniform(0.3, 0.7)))]
    return head + t2, l


def s_french_reply(q, R):
    l = target(q, R)
    t = T(q, l)
    x = R.choice(others(q, l))
    s = R.choice([
        "La bonne réponse est **%s**." % l,
        "Réponse : %s" % l,
        "Je choisirais la réponse %s, car c'est la seule qui correspond à l'énoncé." % l,
        "C'est la proposition « %s »." % t,
        "Réponse %s — %s." % (l, lc(t)),
        "Ce n'est pas %s. La bonne réponse est %s." % (x, l),
        "La %s proposition est la bonne : %s." % (ORDFR[LET.index(l)], lc(short(t, 60))),
        "Il s'agit de la réponse %s. Les autres propositions ne correspondent pas à la définition.\n\n[%s]" % (l, l),
    ])
    return s, l


# ---------------------------------------------------------------- styles (no answer)
def s_refusal(q, R):
    s = R.choice([
        "I'm sorry, but I can't help with answering questions from an active licensing exam.",
        "I can't provide answers to %s exam questions, but I'm happy to explain the underlying concepts if that helps." % R.choice(SUBJ[q["set"]]),
        "Sorry, I'm not able to help with that.",
        "I won't pick an answer for this one, since it looks like a graded assessment. I can walk you through how to approach it instead.",
        ("This appears to be a request for legal advice about a specific situation, which I'm not able to give. Please consult a licensed attorney."
         if q["set"] in ("us_tort_law", "utah_real_estate") else
         "I'd rather not answer this directly — it looks like it's taken from a certification exam, and sharing answers could violate the exam's terms."),
        "I can't help with that request.",
        "Sorry, but I can't answer exam questions for you. If you tell me what you think the answer is and why, I can give feedback on your reasoning.",
        "I'm unable to answer this question as it falls outside what I can help with here.",
    ])
    return s, "none"


def s_dont_know(q, R):
    s = R.choice([
        "I'm not sure about this one.",
        "I don't know the answer to this, sorry.",
        "Honestly, I can't say which option is correct without checking the source material.",
        "I don't have enough information to determine the correct answer.",
        "I'm not confident enough in any of these options to give you an answer.",
        "Hmm, I really don't know. You may want to check %s." % R.choice(SOURCES[q["set"]]).rstrip("."),
        "That's outside what I know well — I'd rather not guess.",
        "I'm afraid I can't tell which of these is right. Several of them look plausible to me and I don't want to mislead you.",
        "No idea, to be honest. This is a pretty specialized %s question." % R.choice(SUBJ[q["set"]]),
        "I don't know. I'd suggest asking your instructor or checking the official study materials.",
    ])
    return s, "none"


def s_rag_no_context(q, R):
    s = R.choice([
        "The provided documents don't contain information about this topic, so I can't determine the correct answer.",
        "I couldn't find anything relevant in the retrieved context to answer this question.",
        "Based on the available sources, I'm unable to answer. None of the retrieved passages address %s." % R.choice(SUBJ[q["set"]]),
        "The knowledge base does not cover this question. Please consult %s." % R.choice(SOURCES[q["set"]]),
        "Sorry — the search returned no documents matching this question, so I can't answer it.\n\nSources: (none)",
        "I don't have information about that in the documentation I was given.",
    ])
    return s, "none"


def s_asks_back(q, R):
    s = R.choice({
        "utah_real_estate": ["Do you mean under Utah law specifically, or in general? The answer can differ.",
                             "Could you tell me which edition of the Utah course materials you're using? Some terms changed."],
        "us_tort_law": ["Which jurisdiction is this for? Contributory vs comparative negligence could change the outcome.",
                        "Is this under the majority rule or a specific state's approach? That affects which option is right."],
        "fcc_amateur_extra": ["Which version of the question pool is this from? The rules were updated recently.",
                              "Are you asking about current Part 97 rules or the rules in effect when the pool was written?"],
        "cissp-study-questions": ["Is this from the current CISSP outline or an older one? The terminology shifted a bit.",
                                  "Can you share the context this question comes from? A few of these terms overlap."],
        "french-exams-qa": ["Could you give me a bit more context — which course or exam is this from?",
                            "Pouvez-vous préciser le contexte de la question ? Plusieurs réponses dépendent des hypothèses."],
    }[q["set"]] + ["Could you clarify what you mean by the question? I want to make sure I answer the right thing.",
                   "Before I answer — are you looking for the textbook answer or the one that applies in practice?",
                   "Can you paste the full question? It seems some context might be missing."])
    return s, "none"


def s_none_of_options(q, R):
    s = R.choice([
        "None of the listed options is correct.",
        "Honestly, none of these answers is right as written — the question seems to be flawed.",
        "I don't think any of the choices are accurate; the correct answer isn't listed.",
        "All four of these are wrong in my view. The question likely has an error in its answer key." if n(q) == 4 else
        "All of these options are wrong in my view. The question likely has an error.",
        "None of the above options apply here — I'd flag this question to the instructor.",
        "Aucune des propositions n'est correcte." if q["set"] == "french-exams-qa" else
        "There's no correct option among these.",
    ])
    return s, "none"


def s_truncated_before(q, R):
    x = R.choice(letters(q))
    full = R.choice([
        "Let me analyze each option.\n\n**%s. %s** — To evaluate this one, we need to compare it carefully with the scenario described in the question and check whether" % (
            x, T(q, x)),
        "To answer this, we first need to recall how %s defines the key term in the question. The question asks: %s Now, looking at the options in turn, we should" % (
            R.choice(SOURCES[q["set"]]), short(qsent(q), 120)),
        "Great question! This tests an important concept in %s. Let's break down the scenario step by step and consider the relevant rules first, then map them onto each answer choice so that" % R.choice(SUBJ[q["set"]]),
        "## Analysis\n\nThere are %d options here, and several of them sound similar. The key distinction is between" % n(q),
    ])
    return cut(full, R, 0.55, 0.95), "none"


# ---------------------------------------------------------------- styles (unclear)
def pair(q, R):
    if R.random() < 0.7:
        a = q["key"]
        b = R.choice(others(q, a))
    else:
        a, b = R.sample(others(q, q["key"]), 2) if n(q) > 2 else (q["key"], others(q, q["key"])[0])
    return sorted([a, b])


def s_two_answers_unclear(q, R):
    a, b = pair(q, R)
    s = R.choice([
        "It's either %s or %s." % (a, b),
        "The answer is %s or %s, depending on how you read the question." % (a, b),
        "%s or %s — both could be defended." % (a, b),
        "I'd narrow it down to %s (%s) and %s (%s), but I can't decide between them." % (
            a, ST(q, a, 40), b, ST(q, b, 40)),
        "Could be %s, could be %s. Without more context it's hard to say." % (a, b),
    ])
    return s, "unclear"


def s_multiple_correct(q, R):
    a, b = pair(q, R)
    s = R.choice([
        "Both %s and %s are correct here." % (a, b),
        "%s and %s both apply." % (a, b),
        "Answer: %s, %s" % (a, b),
        "The correct answers are **%s** and **%s** — %s and %s." % (a, b, lc(ST(q, a, 40)), lc(ST(q, b, 40))),
        "Technically, options %s and %s are both true statements." % (a, b),
    ])
    return s, "unclear"


def s_flip_flop(q, R):
    a, b = pair(q, R)
    if R.random() < 0.5:
        a, b = b, a
    s = R.choice([
        "%s seems right because it matches part of the question. But then %s also fits... Honestly, it could go either way." % (a, b),
        "At first I thought %s. On reflection, %s has a good case too. I'm going back and forth on this one." % (a, b),
        "Hmm. %s? Or %s? The wording supports both readings and I can't settle it." % (a, b),
        "If you read the question literally, %s. If you read it the way exam writers usually intend, %s. Hard to tell which one they want." % (a, b),
    ])
    return s, "unclear"


def s_rag_conflict(q, R):
    a, b = pair(q, R)
    ss = srcs(q, R, 2)
    s = R.choice([
        "Source [1] suggests %s, while [2] supports %s. The documents are inconsistent, so I can't determine which is intended.\n\n[1] %s\n[2] %s" % (
            a, b, ss[0], ss[1]),
        "The retrieved passages conflict: one points to %s (%s), another to %s (%s). I'd recommend checking the official source." % (
            a, ST(q, a, 40), b, ST(q, b, 40)),
        "According to %s the answer would be %s, but %s implies %s." % (ss[0], a, ss[1], b),
    ])
    return s, "unclear"


STYLES = [
    ("bare_letter", s_bare_letter, None),
    ("letter_lowercase", s_letter_lowercase, None),
    ("letter_with_text", s_letter_with_text, None),
    ("answer_is_sentence", s_answer_is_sentence, None),
    ("markdown_heading", s_markdown_heading, None),
    ("reasoning_final_line", s_reasoning_final_line, None),
    ("short_reason_conclusion", s_short_reason_conclusion, None),
    ("id_go_with", s_id_go_with, None),
    ("json_object", s_json_object, None),
    ("xml_tags", s_xml_tags, None),
    ("code_block", s_code_block, None),
    ("boxed_latex", s_boxed_latex, None),
    ("square_bracket_final", s_square_bracket_final, None),
    ("text_exact", s_text_exact, "text"),
    ("text_paraphrased", s_text_paraphrased, "text"),
    ("ordinal", s_ordinal, None),
    ("contrast_negation", s_contrast_negation, None),
    ("misconception_first", s_misconception_first, None),
    ("while_plausible", s_while_plausible, None),
    ("discuss_all", s_discuss_all, None),
    ("elimination", s_elimination, None),
    ("hedged", s_hedged, None),
    ("lean_between_two", s_lean_between_two, None),
    ("self_correction", s_self_correction, None),
    ("rag_numbered_citations", s_rag_numbered, None),
    ("rag_doc_tags", s_rag_doc_tags, None),
    ("rag_footnotes", s_rag_footnotes, None),
    ("rag_letter_in_citation", s_rag_letter_in_citation, None),
    ("rag_text_answer", s_rag_text_answer, "text"),
    ("rag_no_context_guess", s_rag_no_context_guess, None),
    ("letter_in_example", s_letter_in_example, None),
    ("repeat_question_first", s_repeat_question_first, None),
    ("llama_style", s_llama_style, None),
    ("gemini_style", s_gemini_style, None),
    ("claude_style", s_claude_style, None),
    ("table_verdicts", s_table_verdicts, None),
    ("options_list_marked", s_options_list_marked, None),
    ("casual_chat", s_casual_chat, None),
    ("with_confidence", s_with_confidence, None),
    ("long_essay", s_long_essay, None),
    ("answer_then_caveat", s_answer_then_caveat, None),
    ("step_by_step", s_step_by_step, None),
    ("truncated_after_answer", s_truncated_after_answer, None),
    ("french_reply", s_french_reply, "french"),
    ("refusal", s_refusal, None),
    ("dont_know", s_dont_know, None),
    ("rag_no_context", s_rag_no_context, None),
    ("asks_back", s_asks_back, None),
    ("none_of_options", s_none_of_options, "nometa"),
    ("truncated_before_answer", s_truncated_before, None),
    ("two_answers_unclear", s_two_answers_unclear, None),
    ("multiple_correct_unclear", s_multiple_correct, None),
    ("flip_flop_unclear", s_flip_flop, None),
    ("rag_conflict_unclear", s_rag_conflict, None),
]


def main():
    R = random.Random(SEED)
    qs = load()
    used = set()
    names = list(SETS)
    weights = [SETS[x] for x in names]
    rows = []
    for sname, fn, req in STYLES:
        for k in range(1, PER_STYLE + 1):
            for _ in range(200):
                if req == "french":
                    setn = "french-exams-qa"
                else:
                    setn = R.choices(names, weights)[0]
                q = R.choice(qs[setn])
                if (setn, q["idx"]) in used:
                    continue
                if req in ("text", "nometa") and (q["meta"] or q["overlap"]):
                    continue
                if sname in ("multiple_correct_unclear",) and q["meta"]:
                    continue
                break
            used.add((setn, q["idx"]))
            reply, meant = fn(q, R)
            rows.append({
                "set": q["set"],
                "id": "%s:%d#%s-%d" % (q["set"], q["idx"], sname, k),
                "choices": list(q["choices"]),
                "style": sname,
                "reply": reply,
                "meant": meant,
                "_key": q["key"],
            })
    with open(OUT, "w", encoding="utf-8") as f:
        for r in rows:
            r = dict(r)
            r.pop("_key")
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    cnt = collections.Counter(r["meant"] for r in rows)
    lettered = [r for r in rows if r["meant"] in LET]
    keyshare = sum(r["meant"] == r["_key"] for r in lettered) / max(1, len(lettered))
    print("wrote", len(rows), "rows to", OUT, file=sys.stderr)
    print("sets", collections.Counter(r["set"] for r in rows), file=sys.stderr)
    print("meant", sorted(cnt.items()), "key share %.3f" % keyshare, file=sys.stderr)


if __name__ == "__main__":
    main()
