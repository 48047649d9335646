#!/usr/bin/env python3
"""Writes the HELD-OUT labelled set of prose replies for the reply reader.

    reply-set-heldout.py WHEEL [--out FILE]

WHEEL is the wheel of the PyPI package `evals` 3.0.1.post1, fetched with

    ~/.cache/proctor-venv/bin/pip download --no-deps evals==3.0.1.post1 -d /tmp/evals-wheel

The questions come from three four-choice sets in that wheel (evals/registry/data/):
cissp-study-questions, fcc_amateur_extra and utah_real_estate; 50 questions of each are drawn
with a fixed seed. Only the four choice texts of a question are copied (stripped of surrounding
white space); no question stem is written. For each question, three or four replies are written
in the manner of real assistants (chat models, small local models, RAG products), each labelled
with the choice its writer meant: "A".."D", "none" (no answer given) or "unclear" (no single
choice committed to). The choice meant by an answering reply is the key about 40% of the time
and another choice otherwise, so many replies are deliberately wrong.

This set was written without reading the reader's code or the other reply set, so that it
measures the reader honestly. The output is deterministic (fixed seed, no hash-ordered
iteration). After writing, the script checks the file and prints counts per style and label.
"""

import argparse
import collections
import difflib
import json
import random
import re
import sys
import zipfile
from pathlib import Path

SEED = 20251126  # replies
QUESTION_SEED = 7321  # which questions (the hand-written paraphrases below are keyed to this draw)
PER_SET = 50
SETS = ["cissp-study-questions", "fcc_amateur_extra", "utah_real_estate"]
LETTERS = "ABCD"
KEY_SHARE = 0.4
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "crates/exam/tests/data/replies-heldout.jsonl"

CHOICE_LINE = re.compile(r"^\s*([A-D])\s*[.:)]\s*(.*?)\s*$")
META = re.compile(r"\b(none|all) of the above\b|\ball these choices\b|\bboth [a-d] and [a-d]\b", re.I)


# ---------------------------------------------------------------------------------------------
# Questions


def parse_sample(line):
    """(stem, four choice texts, key index) of one sample line, or None if it is not a clean
    four-choice question."""
    obj = json.loads(line)
    content = obj["input"][-1]["content"]
    lines = [x for x in content.split("\n") if x.strip() and x.strip() != "Answer:"]
    matches = [(x, CHOICE_LINE.match(x)) for x in lines]
    choice_lines = [(x, m) for x, m in matches if m]
    if len(choice_lines) != 4 or [m.group(1) for _, m in choice_lines] != list(LETTERS):
        return None
    choices = [m.group(2) for _, m in choice_lines]
    if any(not c for c in choices) or len({c.lower() for c in choices}) < 4:
        return None
    if max(len(c) for c in choices) > 150:
        return None
    ideal = obj["ideal"] if isinstance(obj["ideal"], str) else obj["ideal"][0]
    key = ideal.strip()[:1].upper()
    if key not in LETTERS:
        return None
    stem = "\n".join(x for x, m in matches if not m)
    return stem, choices, LETTERS.index(key)


def content_of(line):
    return json.loads(line)["input"][-1]["content"]


def load_questions(wheel):
    z = zipfile.ZipFile(wheel)
    if not any(n.startswith("evals-3.0.1.post1.dist-info/") for n in z.namelist()):
        sys.exit(f"{wheel}: not the wheel of evals 3.0.1.post1")
    rng = random.Random(QUESTION_SEED)
    questions = []
    stems = {}
    for name in SETS:
        data = z.read(f"evals/registry/data/{name}/samples.jsonl")
        if data.startswith(b"version https://git-lfs"):
            sys.exit(f"{name}: the data file is a git-LFS pointer")
        eligible = []
        for idx, line in enumerate(data.decode("utf-8").splitlines()):
            if not line.strip():
                continue
            parsed = parse_sample(line)
            if parsed:
                eligible.append((idx, parsed, content_of(line)))
        for idx, (stem, choices, key), content in sorted(rng.sample(eligible, PER_SET), key=lambda e: e[0]):
            qid = f"{name}:{idx}"
            questions.append(
                {
                    "set": name,
                    "id": qid,
                    "choices": choices,
                    "key": key,
                    "meta": any(META.search(c) for c in choices),
                    "numeric": any(re.match(r"^\W*\d", c) for c in choices),
                }
            )
            stems[qid] = (stem, content)
    return questions, stems


# ---------------------------------------------------------------------------------------------
# Hand-written paraphrases of some choices: (question id) -> [(letter, paraphrase)].
# Each paraphrase names exactly one of the question's four choices without copying its text.

PARAPHRASES = {
    "cissp-study-questions:7": [
        ("C", "access is handed out according to the job role a person holds"),
        ("A", "the owner of a resource decides at their own discretion who may use it"),
        ("B", "the system enforces access with security labels and clearances that users cannot change"),
    ],
    "cissp-study-questions:17": [
        ("C", "granting authorization, which isn't one of the framework's functions"),
        ("D", "getting operations restored after an incident"),
    ],
    "cissp-study-questions:18": [
        ("D", "checking and confirming that the policy has actually been put in place the right way"),
        ("A", "putting the security policies into practice"),
    ],
    "cissp-study-questions:28": [
        ("D", "the protection that applies automatically to original works of authorship"),
        ("C", "keeping proprietary business know-how confidential"),
        ("B", "protection for brand names, logos and slogans"),
    ],
    "cissp-study-questions:30": [
        ("B", "it governs personal data moving out of Europe to America"),
        ("A", "it governs transfers going from America into Europe"),
        ("C", "it lets data flow freely both ways with no restrictions at all"),
    ],
    "cissp-study-questions:33": [
        ("C", "one party takes another to court in a lawsuit"),
        ("B", "investigators build a case to get suspects convicted"),
    ],
    "cissp-study-questions:34": [
        ("D", "checking whether an organization complies with the standards of its industry"),
        ("A", "gathering the details of an incident to hand over to the authorities"),
    ],
    "cissp-study-questions:39": [
        ("A", "the police and other law-enforcement authorities"),
        ("D", "the regulators that oversee the sector"),
    ],
    "cissp-study-questions:47": [
        ("A", "finding the critical systems, working out what losing them would cost, and deciding what gets recovered first"),
    ],
    "cissp-study-questions:50": [
        ("A", "doing thorough background checks on job applicants"),
    ],
    "cissp-study-questions:59": [
        ("A", "stopping sensitive data from leaking out"),
    ],
    "cissp-study-questions:67": [
        ("A", "retention: which data to keep, how to keep it and for how long"),
    ],
    "cissp-study-questions:71": [
        ("C", "making sure cloud resources get the same protection as the resources inside the network"),
    ],
    "cissp-study-questions:75": [
        ("B", "users get the bare minimum of access they need to do their jobs"),
        ("C", "the longer you've been there, the more access you get"),
    ],
    "cissp-study-questions:79": [
        ("B", "keeping the design as simple as possible"),
        ("A", "making the design more complicated than it needs to be"),
    ],
    "cissp-study-questions:81": [
        ("B", "privacy is built in right from the very start of design"),
        ("A", "privacy is bolted on once the product has already been built"),
    ],
    "cissp-study-questions:82": [
        ("A", "automatically trusting anything that sits inside the perimeter"),
    ],
    "cissp-study-questions:83": [
        ("B", "security is part of everyone's job, to some degree"),
    ],
    "cissp-study-questions:85": [
        ("B", "protecting data against unauthorized changes"),
        ("A", "keeping the data secret"),
        ("C", "keeping systems up and reachable when needed"),
    ],
    "cissp-study-questions:106": [
        ("A", "keeping the system up and available more of the time"),
    ],
    "cissp-study-questions:123": [
        ("A", "letting devices talk to each other"),
    ],
    "cissp-study-questions:134": [
        ("B", "a network that spans a large geographic area, across cities or countries"),
    ],
    "cissp-study-questions:135": [
        ("A", "a tiny network around one person, like a phone paired with earbuds"),
    ],
    "cissp-study-questions:138": [
        ("B", "so that one component failing doesn't take the whole thing down"),
    ],
    "fcc_amateur_extra:5": [
        ("B", "right in the middle of the channel"),
        ("A", "at the bottom edge of the channel"),
    ],
    "fcc_amateur_extra:28": [
        ("B", "with automatic control, the control operator doesn't have to be at the control point"),
    ],
    "fcc_amateur_extra:31": [
        ("C", "you need to carry a copy of the FCC public notice DA 16-1048 with you"),
    ],
    "fcc_amateur_extra:45": [
        ("A", "a single watt"),
    ],
    "fcc_amateur_extra:55": [
        ("B", "you need at least seventy-four percent to pass"),
    ],
    "fcc_amateur_extra:85": [
        ("C", "store-and-forward: messages are held on board and picked up later by other stations"),
    ],
    "fcc_amateur_extra:115": [
        ("A", "the two stations take turns transmitting in synchronized time slots"),
    ],
    "fcc_amateur_extra:135": [
        ("B", "the signal fades in an irregular, fluttering way"),
    ],
    "fcc_amateur_extra:161": [
        ("A", "the geomagnetic field is getting more and more disturbed"),
        ("B", "the geomagnetic field is becoming calmer"),
    ],
    "fcc_amateur_extra:237": [
        ("A", "about the same as the resistance of the circuit"),
    ],
    "fcc_amateur_extra:239": [
        ("B", "it reaches its highest value"),
        ("A", "it drops to its lowest value"),
    ],
    "fcc_amateur_extra:254": [
        ("D", "you take one over the value"),
        ("B", "it flips from positive to negative or the other way round"),
    ],
    "fcc_amateur_extra:264": [
        ("C", "the angle comes out positive"),
    ],
    "fcc_amateur_extra:311": [
        ("C", "the switching threshold sits at roughly half of the supply voltage"),
        ("B", "the switching threshold is roughly double the supply voltage"),
    ],
    "fcc_amateur_extra:391": [
        ("B", "a regulating element placed in series with the load"),
        ("C", "a regulating element placed in parallel across the load"),
    ],
    "fcc_amateur_extra:484": [
        ("C", "it produces clicks on the keyed signal"),
    ],
    "fcc_amateur_extra:496": [
        ("D", "the loss resistance added to the radiation resistance"),
    ],
    "fcc_amateur_extra:564": [
        ("A", "working out where an impedance-matching stub should go and how long it should be"),
    ],
    "fcc_amateur_extra:576": [
        ("A", "it shapes the direction-finding pattern so that there is a null in one direction"),
    ],
    "fcc_amateur_extra:584": [
        ("B", "high-gain antennas concentrate the energy, so people near them can be heavily exposed"),
    ],
    "utah_real_estate:3": [
        ("D", "VA loans don't require any money down"),
    ],
    "utah_real_estate:4": [
        ("A", "oceans and lakes"),
    ],
    "utah_real_estate:17": [
        ("C", "eighteen hours"),
    ],
    "utah_real_estate:22": [
        ("C", "every three months, so four times a year"),
        ("B", "once every month"),
    ],
    "utah_real_estate:31": [
        ("A", "the government's power to take private property for public use"),
        ("B", "property going back to the state when someone dies without heirs"),
    ],
    "utah_real_estate:38": [
        ("B", "the Equal Credit Opportunity Act"),
    ],
    "utah_real_estate:65": [
        ("B", "the Government National Mortgage Association (GNMA)"),
    ],
    "utah_real_estate:66": [
        ("B", "one of the parties can choose to cancel it"),
    ],
    "utah_real_estate:87": [
        ("C", "Reg Z, the Truth in Lending rule"),
    ],
    "utah_real_estate:108": [
        ("D", "the loan originator"),
    ],
    "utah_real_estate:111": [
        ("B", "the seller's disclosure about the property's condition"),
    ],
    "utah_real_estate:117": [
        ("A", "the Department of Housing and Urban Development"),
    ],
    "utah_real_estate:118": [
        ("A", "yes, the statement is true"),
        ("B", "no, that statement is not true"),
    ],
}


# ---------------------------------------------------------------------------------------------
# Shared phrasing

NEG = [
    "doesn't really answer what is being asked",
    "is a distractor: it sounds related but describes something else",
    "is too narrow",
    "is too broad to be right",
    "mixes up two different concepts",
    "would apply in a different situation",
    "isn't supported by the reference material",
    "is a common misconception",
    "doesn't match the standard definition",
    "is the opposite of what's required",
    "only covers part of the picture",
    "sounds plausible but is wrong",
]
POS = [
    "matches the standard definition",
    "is what the reference material states",
    "is the only option consistent with the rules",
    "fits the question exactly",
    "is the textbook answer",
    "lines up with how this is normally described",
    "is the one the study guides give",
    "is the only one that holds up on closer inspection",
]
ORD = ["first", "second", "third", "fourth"]
ORD_NUM = ["1st", "2nd", "3rd", "4th"]
DOCS = {
    "cissp-study-questions": [
        "CISSP_Official_Study_Guide_9e.pdf",
        "NIST_SP_800-53r5.pdf",
        "infosec-policy-handbook.docx",
        "ISC2 CBK - Domain 3.pdf",
        "Security Wiki > Governance",
        "cissp_notes_chapter4.md",
    ],
    "fcc_amateur_extra": [
        "ARRL_Extra_Class_License_Manual.pdf",
        "47 CFR Part 97 (eCFR)",
        "extra_class_pool_2020-2024.txt",
        "ham-radio-notes.md",
        "ARRL Antenna Book, ch. 24",
        "Handbook_for_Radio_Communications.pdf",
    ],
    "utah_real_estate": [
        "Utah_Real_Estate_Licensing_Manual.pdf",
        "Utah Code Title 61, Chapter 2f",
        "REPC_2023_form.pdf",
        "UAR Forms Guide",
        "R162-2f Administrative Rules",
        "real-estate-principles-ch9.pdf",
    ],
}


class NotApplicable(Exception):
    pass


def letter(i):
    return LETTERS[i]


def text(q, i):
    return q["choices"][i]


def nodot(s):
    return s[:-1] if s.endswith(".") else s


def cap(s):
    return s[:1].upper() + s[1:]


def quoted(s):
    if s[:1] in "\"'“":
        return s
    return f'"{s}"'


def pick_meant(q, rng):
    if rng.random() < KEY_SHARE:
        return q["key"]
    return rng.choice([i for i in range(4) if i != q["key"]])


def others(m, rng):
    o = [i for i in range(4) if i != m]
    rng.shuffle(o)
    return o


def mention(q, m, rng):
    """A short aside naming another choice in passing."""
    x = others(m, rng)[0]
    X = letter(x)
    return rng.choice(
        [
            f" (Option {X} is a common distractor here.)",
            f" {X} is close, but not quite.",
            f" Note that {X} would apply in a different context.",
            f" Don't confuse it with {X}.",
            f" ({X} is the usual trap.)",
            f" Not {X}, which {rng.choice(NEG)}.",
            f" People often pick {X} here, but that's wrong.",
        ]
    )


def maybe_mention(q, m, rng, p=0.3):
    return mention(q, m, rng) if rng.random() < p else ""


# ---------------------------------------------------------------------------------------------
# Styles. Each takes (q, rng) and returns (reply, meant) with meant in A-D, "none", "unclear".


def s_bare_letter(q, rng):
    m = pick_meant(q, rng)
    L = letter(m)
    r = rng.choice([L, L, f"{L}.", L.lower(), f"{L}\n", f" {L}", f"{L} ", f"\n{L}", f"{L}.\n"])
    return r, L


def s_letter_marked(q, rng):
    m = pick_meant(q, rng)
    L = letter(m)
    r = rng.choice(
        [
            f"**{L}**", f"({L})", f"[{L}]", f"{L})", f"**({L})**", f"`{L}`", f"{L}!", f"<{L}>",
            f"'{L}'", f'"{L}"', f"*{L}*", f"__{L}__", f"{L}:", f"-> {L}", f"Option {L}",
            f"({L.lower()})", f"{L}.)", f"**{L}.**", f"{L} ✅", f"[ {L} ]", f"«{L}»", f"Choice {L}",
        ]
    )
    return r, L


def s_answer_prefix(q, rng):
    m = pick_meant(q, rng)
    L = letter(m)
    r = rng.choice(
        [
            f"Answer: {L}", f"The answer is {L}.", f"Final answer: ({L})", f"Correct answer: {L}",
            f"ANSWER: {L}", f"My answer: {L}", f"Answer — {L}", f"The correct option is {L}.",
            f"Correct option: **{L}**", f"I'll go with {L}.", f"Selected: {L}",
            f"answer is {L.lower()}", f"The right answer would be {L}.", f"Response: {L}",
            f"Final Answer: \\boxed{{{L}}}", f"The correct answer is option {L}.", f"Answer:\n{L}",
            f"My pick: {L}", f"**Answer:** {L}", f"The best answer is {L}.",
        ]
    )
    if rng.random() < 0.25:
        r += maybe_mention(q, m, rng, 1.0)
    return r, L


def s_json(q, rng):
    m = pick_meant(q, rng)
    L = letter(m)
    x = others(m, rng)
    form = rng.randrange(9)
    if form == 0:
        obj = {"answer": L}
    elif form == 1:
        obj = {"answer": L, "confidence": round(rng.uniform(0.5, 0.97), 2)}
    elif form == 2:
        obj = {"choice": L, "reason": f"{L} {rng.choice(POS)}; {letter(x[0])} {rng.choice(NEG)}."}
    elif form == 3:
        obj = {"selected_option": L, "text": text(q, m)}
    elif form == 4:
        obj = {"final_answer": f"{L}. {text(q, m)}"}
    elif form == 5:
        obj = {"answer": L, "eliminated": sorted(letter(i) for i in x)}
    elif form == 6:
        obj = {"reasoning": f"Option {letter(x[0])} {rng.choice(NEG)}, and {letter(x[1])} {rng.choice(NEG)}. "
               f"Option {L} {rng.choice(POS)}.", "answer": L}
    elif form == 7:
        obj = {"letter": L.lower()}
    else:
        obj = {"answer": text(q, m)}
    body = json.dumps(obj, ensure_ascii=False, indent=rng.choice([None, None, 2]))
    wrap = rng.choice(["{b}", "```json\n{b}\n```", "Here is the answer in JSON format:\n\n```json\n{b}\n```", "{b}\n", "```\n{b}\n```"])
    return wrap.format(b=body), L


def s_reasoning_final(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x = others(m, rng)
    parts = []
    opener = rng.choice(
        ["Let's go through the options.", "Let me think about this step by step.", "To answer this, compare the options.",
         "Reasoning:", "First, consider what each option says.", "Let's work through it."]
    )
    parts.append(opener)
    n = rng.choice([1, 2, 3])
    for i in x[:n]:
        parts.append(rng.choice(
            [f"Option {letter(i)} ({text(q, i)}) {rng.choice(NEG)}.",
             f"{letter(i)} {rng.choice(NEG)}.",
             f"\"{nodot(text(q, i))}\" {rng.choice(NEG)}, so {letter(i)} is out."]
        ))
    parts.append(rng.choice(
        [f"Option {L}, {quoted(nodot(T))}, {rng.choice(POS)}.", f"{nodot(T)} {rng.choice(POS)}.",
         f"On the other hand, {L} {rng.choice(POS)}."]
    ))
    sep = rng.choice([" ", "\n", "\n\n"])
    body = sep.join(parts)
    final = rng.choice(
        [f"Therefore, the answer is {L}.", f"**Final answer: {L}**", f"So: {L}", f"Answer: {L}",
         f"That makes {L} the correct choice.", f"Final answer: {L}. {T}", f"Hence {L}.", f"=> {L}"]
    )
    return f"{body}\n\n{final}", L


def s_choice_text(q, rng):
    m = pick_meant(q, rng)
    T = text(q, m)
    r = rng.choice([T, T, f"{nodot(T)}.", f"{T}\n", f"{T}."]) if not T.endswith(".") else T
    return r, letter(m)


def _typo_word(word, rng):
    ops = []
    if len(word) >= 5:
        ops += ["swap", "drop", "double"]
    if not ops:
        return None
    op = rng.choice(ops)
    j = rng.randrange(1, len(word) - 2)
    if op == "swap":
        if word[j] == word[j + 1]:
            return None
        return word[:j] + word[j + 1] + word[j] + word[j + 2:]
    if op == "drop":
        return word[:j] + word[j + 1:]
    return word[:j] + word[j] + word[j:]


def variant_of(q, m, rng):
    """The choice text with small typos, case or inflection changes; still nearest its choice."""
    T = text(q, m)
    for _ in range(30):
        v = T
        nops = rng.choice([1, 1, 2])
        for _ in range(nops):
            op = rng.choice(["lower", "sentence", "typo", "typo", "plural", "article", "ing"])
            words = v.split(" ")
            if op == "lower":
                v = v.lower()
            elif op == "sentence" and len(words) > 1:
                v = words[0] + " " + " ".join(w if (w.isupper() or any(c.isdigit() for c in w)) else w.lower() for w in words[1:])
            elif op == "typo":
                cands = [k for k, w in enumerate(words) if w.isalpha() and len(w) >= 5]
                if cands:
                    k = rng.choice(cands)
                    w = _typo_word(words[k], rng)
                    if w:
                        words[k] = w
                        v = " ".join(words)
            elif op == "plural":
                w = words[-1]
                if w.isalpha() and len(w) >= 4:
                    words[-1] = w[:-1] if w.endswith("s") and not w.endswith("ss") else w + "s"
                    v = " ".join(words)
            elif op == "article" and len(words) > 2 and words[0].lower() in ("a", "an", "the", "to"):
                v = " ".join(words[1:])
            elif op == "ing" and len(words) > 2 and words[0].lower() == "to" and words[1].isalpha():
                verb = words[1]
                if verb.endswith("e") and not verb.endswith("ee"):
                    verb = verb[:-1]
                v = " ".join([cap(verb + "ing")] + words[2:])
        if v == T or v.strip() == "":
            continue
        sims = [difflib.SequenceMatcher(None, v.lower(), c.lower()).ratio() for c in q["choices"]]
        best = max(range(4), key=lambda i: sims[i])
        second = max(s for i, s in enumerate(sims) if i != m)
        if best == m and sims[m] - second >= 0.15:
            return v
    return None


def s_choice_text_variant(q, rng):
    first = pick_meant(q, rng)
    order = [first] + [i for i in others(first, rng)]
    for m in order:
        v = variant_of(q, m, rng)
        if v:
            r = rng.choice(["{v}", "{v}", "{v}.", "the answer is {lv}", "Answer: {v}", "its {lv}", "{v} i think", "{v}!"])
            return r.format(v=v, lv=v[:1].lower() + v[1:] if not v[:2].isupper() else v), letter(m)
    raise NotApplicable


def s_paraphrase(q, rng, used):
    avail = [(L, p) for (L, p) in PARAPHRASES.get(q["id"], []) if (q["id"], p) not in used]
    if not avail:
        raise NotApplicable
    # prefer the key 40% of the time when possible
    keyed = [a for a in avail if a[0] == letter(q["key"])]
    other = [a for a in avail if a[0] != letter(q["key"])]
    if keyed and other:
        L, p = rng.choice(keyed) if rng.random() < KEY_SHARE else rng.choice(other)
    else:
        L, p = rng.choice(avail)
    used.add((q["id"], p))
    r = rng.choice(
        [
            "{P}.", "{P}.", "In short: {p}.", "Put simply, {p}.", "The correct choice is the one that amounts to this: {p}.",
            "It's basically this: {p}.", "My answer, in my own words: {p}.", "{P} — that's the one.",
            "From what I remember, {p}.", "The answer is the option describing this: {p}.",
        ]
    )
    return r.format(p=p, P=cap(p)), L


def s_letter_and_text(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    r = rng.choice(
        [
            f"{L}. {T}", f"{L}) {T}", f"**{L}. {T}**", f"{L}: {T}", f"({L}) {T}", f"{L} - {T}",
            f"The answer is {L}, {nodot(T)}.", f"Answer: {L} — {T}", f"**{L}** – {T}", f"Option {L}: {quoted(T)}",
            f"{L.lower()}. {T}", f"{L} ({T})", f"Correct answer: {L}. {T}",
        ]
    )
    r += maybe_mention(q, m, rng, 0.3)
    return r, L


def s_ordinal(q, rng):
    m = pick_meant(q, rng)
    o, T = ORD[m], text(q, m)
    t = [
        f"The {o} option.", f"I'd pick the {o} one.", f"It's the {o} choice.", f"The {o} answer is correct.",
        f"Going with the {o} option — {T}.", f"the {o} one", f"I believe it's the {o} option listed.",
        f"The {o} of the four.",
    ]
    if m == 3:
        t += ["The last one.", "The last option is correct.", "It's the final choice in the list."]
    if m == 0:
        t += ["The very first option.", "The first one listed."]
    if not q["numeric"]:
        t += [f"Option number {m + 1}.", f"The correct one is #{m + 1} in the list.", f"The {ORD_NUM[m]} option."]
    r = rng.choice(t)
    if rng.random() < 0.2:
        r = nodot(r)
    return r, letter(m)


def s_negation(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x, y = others(m, rng)[:2]
    X, Y = letter(x), letter(y)
    r = rng.choice(
        [
            f"Not {X} — it's {L}.", f"It isn't {X}. The correct answer is {L}.",
            f"Definitely not {quoted(text(q, x))}; the answer is {L} ({T}).", f"{X} is wrong. {L} is right.",
            f"Not {X}, not {Y}: {L}.", f"Don't pick {X}, that's a trap — go with {L}.",
            f"The answer is not {quoted(text(q, x))}. It's {quoted(T)}.", f"Not {X}. {L}.",
            f"It's not {X} or {Y}; the answer is {L}.", f"No, not {X}. The right one is {L}, {nodot(T)}.",
        ]
    )
    return r, L


def s_contrast(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x = others(m, rng)[0]
    X, TX = letter(x), text(q, x)
    r = rng.choice(
        [
            f"{X} seems plausible, but {L} is the better answer.",
            f"While {quoted(nodot(TX))} might look tempting, the correct choice is {quoted(nodot(T))}.",
            f"At first glance {X} looks right; however, the answer is actually {L}.",
            f"{X} is close, but {L} is more accurate.",
            f"You might think it's {X} ({nodot(TX)}), but it's really {L}.",
            f"Although {X} is partially true, {L} is the best answer.",
            f"Option {X} is tempting, yet {L} ({nodot(T)}) is what the question is after.",
            f"Many people would say {X}. I'd say {L}.",
            f"{X} would be my second choice, but my answer is {L}.",
        ]
    )
    return r, L


def s_elimination(q, rng):
    m = pick_meant(q, rng)
    L = letter(m)
    x, y, z = others(m, rng)
    X, Y, Z = letter(x), letter(y), letter(z)
    form = rng.randrange(6)
    if form == 0:
        r = f"{X} and {Y} are wrong, {Z} doesn't fit, so {L}."
    elif form == 1:
        r = f"Eliminating: {X} ✗, {Y} ✗, {Z} ✗ → {L}."
    elif form == 2:
        r = f"We can rule out {X} (it {rng.choice(NEG)}), {Y} (it {rng.choice(NEG)}) and {Z} (it {rng.choice(NEG)}). That leaves {L}."
    elif form == 3:
        r = f"Process of elimination: not {X}, not {Y}, not {Z}. Answer: {L}"
    elif form == 4:
        lines = []
        for i in range(4):
            lines.append(f"- {letter(i)}: " + ("correct" if i == m else rng.choice(["incorrect", "wrong", "no"])))
        r = "\n".join(lines)
    else:
        r = f"Rule out {X} and {Y} straight away. Between {Z} and {L}, {L} fits better, so the answer is {L}."
    return r, L


def s_several_then_one(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x, y, z = others(m, rng)
    X, Y = letter(x), letter(y)
    form = rng.randrange(5)
    if form == 0:
        desc = "; ".join(f"{letter(i)} says {quoted(nodot(text(q, i)))}" for i in range(4))
        r = f"Looking at the options: {desc}. The one that matches is {L}."
    elif form == 1:
        trio = sorted([x, y, m])
        r = f"{letter(trio[0])}, {letter(trio[1])} and {letter(trio[2])} all sound related, but only {L} is correct."
    elif form == 2:
        r = f"Options {X} and {L} are about similar things; the precise answer is {L}."
    elif form == 3:
        both = "Both" if not q["meta"] else "Options"
        r = f"{both} {X} and {Y} have some merit, but I'd choose {L}: {T}."
    else:
        r = f"{X}, {Y}, {L}... of these, {L} ({nodot(T)}) is the one."
    return r, L


def s_hedged(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    r = rng.choice(
        [
            f"Probably {L}.", f"I think it's {L}, but I'm not 100% sure.", f"My best guess would be {L} ({nodot(T)}).",
            f"Likely {L}.", f"I believe the answer is {L}, though I'd double-check.", f"If I had to pick, {L}.",
            f"Most likely {quoted(nodot(T))}.", f"I'm fairly, though not completely, confident it's {L}.",
            f"Hmm, maybe {L}? That's my best guess.", f"{L}, I think.", f"I'd lean towards {L}.",
            f"Probably {nodot(T)}, if I remember correctly.", f"Not certain, but I'd say {L}.",
        ]
    )
    r += maybe_mention(q, m, rng, 0.25)
    return r, L


def s_polite(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    opener = rng.choice(["Great question!", "Sure! Happy to help.", "Thanks for asking!", "Of course!",
                         "Absolutely — let's take a look.", "Good one!", "Certainly!", "Happy to help with this one."])
    core = rng.choice([f"The correct answer is **{L}**.", f"The answer is {L}: {T}.", f"You'll want option {L}, {quoted(nodot(T))}.",
                       f"The right choice here is **{L}. {T}**", f"It's {L}."])
    others_l = ", ".join(letter(i) for i in range(4) if i != m)
    closer = rng.choice(["Let me know if you have any other questions!", "Hope this helps! 😊", "Feel free to ask if you'd like more detail.",
                         "Good luck with your exam!", "Is there anything else I can help with?",
                         f"Would you like me to explain why the other options ({others_l}) are incorrect?",
                         "Happy studying!"])
    sep = rng.choice([" ", "\n\n"])
    return f"{opener}{sep}{core}{sep}{closer}", L


def s_markdown(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x, y, z = others(m, rng)
    form = rng.randrange(4)
    if form == 0:
        r = (f"## Answer\n\n**{L}. {T}**\n\n### Why\n- It {rng.choice(POS)}.\n"
             f"- Option {letter(x)} {rng.choice(NEG)}.\n- Option {letter(y)} {rng.choice(NEG)}.")
    elif form == 1:
        r = (f"# Solution\n\n**Correct option:** {L}\n\n## Explanation\n\n{quoted(nodot(T))} {rng.choice(POS)}. "
             f"The remaining options ({', '.join(sorted(letter(i) for i in (x, y, z)))}) do not fit.")
    elif form == 2:
        r = f"### Key points\n1. It {rng.choice(POS)}.\n2. {letter(x)} {rng.choice(NEG)}.\n\n**→ {L}**"
    else:
        bullets = "\n".join(
            f"- **{letter(i)}** — {text(q, i)}: " + ("✔ correct" if i == m else rng.choice(["✘", "not this one", "incorrect"]))
            for i in range(4)
        )
        r = f"## Option analysis\n\n{bullets}\n\n**Answer: {L}**"
    return r, L


def s_table(q, rng):
    m = pick_meant(q, rng)
    L = letter(m)
    form = rng.randrange(4)
    if form == 0:
        rows = "\n".join(f"| {letter(i)} | {text(q, i)} | {'✅' if i == m else '❌'} |" for i in range(4))
        r = f"| Option | Text | Correct? |\n|---|---|---|\n{rows}"
        if rng.random() < 0.5:
            r += f"\n\n**Answer: {L}**"
    elif form == 1:
        rows = "\n".join(f"| {letter(i)} | {'Correct' if i == m else 'Incorrect'} |" for i in range(4))
        r = f"| Choice | Verdict |\n|:-:|---|\n{rows}"
    elif form == 2:
        rows = "\n".join(f"| {letter(i)} | {'Yes' if i == m else 'No'} | {rng.choice(POS) if i == m else rng.choice(NEG)} |" for i in range(4))
        r = f"Here's a quick comparison:\n\n| Option | Right? | Note |\n| --- | --- | --- |\n{rows}\n\nSo the answer is {L}."
    else:
        r = f"| Question | Answer |\n|---|---|\n| This one | {L} — {text(q, m)} |"
    return r, L


def s_rag_cited(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    docs = DOCS[q["set"]][:]
    rng.shuffle(docs)
    n = rng.choice([1, 2, 3])

    def src(k, d):
        extra = rng.choice([f", p. {rng.randint(3, 240)}", f", section {rng.randint(1, 12)}.{rng.randint(1, 9)}",
                            f", Appendix {rng.choice(LETTERS)}", "", f" (chunk {rng.randint(1, 60)})"])
        return rng.choice([f"[{k}] {d}{extra}", f"{k}. {d}{extra}", f"- [{k}] {d}{extra}"])

    sources = "\n".join(src(k + 1, docs[k]) for k in range(n))
    k1 = rng.randint(1, n)
    k2 = rng.choice([k for k in range(1, n + 1) if k != k1] or [k1])
    c1, c2 = f"[{k1}]", f"[{k2}]"
    body = rng.choice(
        [
            f"According to the provided documents, the answer is {L}: {nodot(T)} {c1}.",
            f"Based on the retrieved context {c1}, the correct option is {L} — {T}.",
            f"The answer is **{L}** {c1}{c2 if c2 != c1 else ''}. The source describes it as {quoted(nodot(T))}.",
            f"{nodot(T)} {c1}. This is also consistent with the guidance in {c2 if c2 != c1 else 'the same document'}.\n\n**Answer: {L}**",
            f"The documentation supports option {L} {c1}. Other options are not supported by the sources.",
            f"Per the knowledge base {c1}, it's {quoted(nodot(T))}.",
        ]
    )
    head = rng.choice(["Sources:", "**Sources**", "References:", "Citations:", "Sources used:"])
    return f"{body}\n\n{head}\n{sources}", L


def s_quoted(q, rng):
    m = pick_meant(q, rng)
    T = nodot(text(q, m))
    r = rng.choice(
        [f"The answer is {quoted(T)}.", f"“{T}” is correct.", f"> {T}\n\nThat's the correct choice.", f"'{T}'",
         f"I'd choose {quoted(T)}.", f"Correct: “{T}”", f"The option {quoted(T)} is right.", f"It's {quoted(T)}."]
    )
    return r, letter(m)


def s_restate(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    listed = ", ".join(quoted(nodot(c)) for c in q["choices"][:3]) + f" or {quoted(nodot(q['choices'][3]))}"
    r = rng.choice(
        [
            f"So the question boils down to: is it {listed}? It's {quoted(nodot(T))}.",
            f"The question asks us to choose the correct statement among four options (A–D). Having considered them, the answer is {L}.",
            f"You're asking which of the four listed options is correct. The answer: {L} ({nodot(T)}).",
            f"Restating the question: which option is right here? Of {listed}, I'd pick {L}.",
            f"Question: which of the given choices is correct?\nAnswer: {L}. {T}",
        ]
    )
    return r, L


def s_self_correction(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x = others(m, rng)[0]
    X, TX = letter(x), text(q, x)
    r = rng.choice(
        [
            f"{X}... wait, actually {L}.", f"Answer: {X}\n\nCorrection: on second thought, the answer is {L}.",
            f"My first instinct was {X}, but on reflection it's {L}.",
            f"I initially said {X}, but that's wrong — the correct answer is {L}, {nodot(T)}.",
            f"{X}. No, sorry — {L}.", f"It's {quoted(nodot(TX))}. Hmm, let me reconsider... no, it's {quoted(nodot(T))}.",
            f"B-- sorry, let me redo that. The answer is {L}." if L != "B" else f"A-- sorry, let me redo that. The answer is {L}.",
            f"~~{X}~~ {L}", f"The answer is {X}. Edit: I misread the options — it's {L}.",
        ]
    )
    return r, L


def s_think(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x, y, _ = others(m, rng)
    steps = [rng.choice(["Okay, let me look at the options.", "Hmm, let's see.", "Let me think about what's being asked.",
                         "The user wants a single letter."])]
    steps.append(rng.choice([f"Option {letter(x)} is {quoted(nodot(text(q, x)))}. Hmm, that {rng.choice(NEG)}.",
                             f"Could it be {letter(x)}? Maybe... no, it {rng.choice(NEG)}.",
                             f"{letter(x)} looks possible at first."]))
    if rng.random() < 0.5:
        steps.append(f"What about {letter(y)}? {nodot(text(q, y))}... no.")
    steps.append(rng.choice([f"{L}: {quoted(nodot(T))} — this {rng.choice(POS)}.", f"I'm fairly sure it's {L}.",
                             f"Actually {L} makes the most sense."]))
    steps.append(rng.choice([f"So I'll answer {L}.", "Okay, answer now.", f"Final: {L}."]))
    thinking = rng.choice([" ", "\n"]).join(steps)
    final = rng.choice([L, f"**Answer: {L}**", f"The answer is {nodot(T)}.", f"{L}. {T}", f"Answer: {L}"])
    wrap = rng.choice(["<think>\n{t}\n</think>\n\n{f}", "<think>{t}</think>\n{f}", "<thinking>\n{t}\n</thinking>\n\n{f}",
                       "Thinking...\n{t}\n...done thinking.\n\n{f}"])
    return wrap.format(t=thinking, f=final), L


def s_dont_know(q, rng):
    r = rng.choice(
        [
            "I don't know.", "I'm not sure.", "Sorry, I don't know the answer to this one.",
            "I'm unable to determine the correct answer.", "No idea, sorry.",
            "I don't have enough information to answer this confidently.", "Unknown.", "I'd rather not guess — I don't know.",
            "N/A", "Honestly, I have no idea which of these is right.", "I can't answer this one, I'm afraid.",
            "i dont know", "Not sure, sorry! This isn't something I know much about.",
            "I don't know the answer, and I don't want to guess and mislead you.",
        ]
    )
    return r, "none"


def s_context_missing(q, rng):
    r = rng.choice(
        [
            "The provided context doesn't mention this, so I can't answer.",
            "The documents I have access to don't cover this topic.",
            "Based on the retrieved passages, there isn't enough information to determine the answer.",
            "I couldn't find anything about this in the provided sources.",
            "The context does not contain information relevant to this question. Please provide additional documents.",
            "None of the retrieved documents address this question, so I can't give an answer.",
            "I'm sorry, but the provided context does not include information about this.\n\nSources: none",
            "The knowledge base has no information on this. Could you share the relevant material?",
            "This isn't covered in the context you gave me, so I'd only be guessing. I'll refrain from answering.",
            "According to the documents provided, there is no information that answers this question.",
        ]
    )
    return r, "none"


def s_refusal(q, rng):
    r = rng.choice(
        [
            "I'm sorry, but I can't help with that.",
            "I can't assist with answering exam questions.",
            "I'm not able to provide answers to certification exam questions, as that could violate exam integrity policies.",
            "Sorry, I can't provide legal or professional advice on this.",
            "As an AI, I cannot take exams on your behalf.",
            "I won't answer this question.",
            "I'm sorry, I cannot complete this request.",
            "This looks like it may be from a live exam, so I'll have to decline.",
        ]
    )
    return r, "none"


def s_rejects_all(q, rng):
    if q["meta"]:
        raise NotApplicable
    r = rng.choice(
        [
            "None of the options given is correct — the right answer isn't listed.",
            "All four choices are wrong, as far as I can tell.",
            "Honestly, none of these answers is accurate, so I can't pick one.",
            "The question seems flawed: no option is correct.",
            "I don't think any of the listed options is right.",
        ]
    )
    return r, "none"


def s_undecided(q, rng):
    x, y = sorted(rng.sample(range(4), 2))
    X, Y = letter(x), letter(y)
    t = [
        f"It's either {X} or {Y}.", f"Could be {X} or {Y} — hard to say.", f"I'm torn between {X} and {Y}.",
        f"{X} or {Y}; I can't decide between them.",
        f"I'd narrow it down to {quoted(nodot(text(q, x)))} or {quoted(nodot(text(q, y)))}, but I can't pick one with confidence.",
        f"{Y} or maybe {X}. Not sure which.", f"Somewhere between {X} and {Y}, I'm not sure which.",
        f"It depends on interpretation: {X} if you read it one way, {Y} if you read it the other.",
    ]
    if not q["meta"]:
        t += [f"Both {X} and {Y} seem correct to me."]
    return rng.choice(t), "unclear"


def s_multiple_picked(q, rng):
    if q["meta"]:
        raise NotApplicable
    pick = sorted(rng.sample(range(4), rng.choice([2, 2, 3])))
    ls = [letter(i) for i in pick]
    joined = ", ".join(ls[:-1]) + " and " + ls[-1]
    r = rng.choice(
        [f"{joined} are all correct.", f"The correct answers are {joined}.", f"Answers: {', '.join(ls)}",
         f"I'd select {joined}.", f"{' and '.join(ls)} both apply here." if len(ls) == 2 else f"{joined} all apply here."]
    )
    return r, "unclear"


def s_mismatch(q, rng):
    m = rng.randrange(4)
    x = others(m, rng)[0]
    X, T = letter(x), text(q, m)
    r = rng.choice([f"{X}. {T}", f"Answer: {X} — {T}", f"**{X}) {T}**", f"The answer is {X}, {quoted(nodot(T))}."])
    return r, "unclear"


def s_long(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x, y, z = others(m, rng)
    p1 = rng.choice(
        ["This is a question where the wording of the options matters a lot, so it's worth going through them carefully rather than "
         "jumping at the first one that sounds familiar.",
         "There are a few options here that look similar at first glance, and exam writers often include distractors that use "
         "the right vocabulary in the wrong way.",
         "Before picking an answer, it helps to recall the underlying concept and then check each option against it."]
    )
    p2 = (f"Option {letter(x)}, {quoted(nodot(text(q, x)))}, {rng.choice(NEG)}. Option {letter(y)} {rng.choice(NEG)}, "
          f"and {letter(z)} {rng.choice(NEG)}. Each of these has some surface appeal, which is exactly why they are there.")
    p3 = rng.choice(
        [f"Option {L} — {quoted(nodot(T))} — {rng.choice(POS)}. It is also the option that would hold up if you checked it against "
         f"the source material.",
         f"That leaves {L}. {cap(nodot(T))} {rng.choice(POS)}, and nothing in the other options contradicts it."]
    )
    p4 = rng.choice([f"In summary, the best answer is {L}.", f"**Bottom line:** {L}. {T}",
                     f"So my answer is {L}.", f"To conclude: {quoted(nodot(T))} ({L})."])
    return "\n\n".join([p1, p2, p3, p4]), L


def s_small_model(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    r = rng.choice(
        [
            f"{L}\n\nExplanation: {T} {rng.choice(POS)}.\n\n### Instruction:",
            f"The answer is {L}. The answer is {L}. The answer is {L}.",
            f"{L.lower()}) {T.lower()}",
            f"{L}</s>", f"{L}<|im_end|>", f"<|assistant|> {L}",
            f"{L}\n\nThe following are multiple choice questions (with answers).",
            f"Answer: {L}\nAnswer: {L}\nAnswer: {L}",
            f"{L}. {T}\n\nQuestion 2:",
            f"### Response:\n{L}",
        ]
    )
    return r, L


def s_gemini(q, rng):
    m = pick_meant(q, rng)
    L, T = letter(m), text(q, m)
    x, y = others(m, rng)[:2]
    r = (f"The correct answer is **{L}. {T}**\n\nHere's why:\n\n* **{nodot(T)}:** this {rng.choice(POS)}.\n"
         f"* **Why not the others?** Option {letter(x)} {rng.choice(NEG)}, and {letter(y)} {rng.choice(NEG)}.")
    if rng.random() < 0.5:
        r = f"**Answer:** {L} — {T}\n\n**Explanation:** It {rng.choice(POS)}; {letter(x)} {rng.choice(NEG)}."
    return r, L


def s_casual(q, rng):
    m = pick_meant(q, rng)
    l = letter(m).lower()
    r = rng.choice([f"its {l}", f"{l} for sure", f"pretty sure its {l}", f"gotta be {l}", f"def {l}", f"{l} lol",
                    f"ez, {l}", f"{l} obviously", f"{l}!!", f"hmm {l}"])
    return r, letter(m)


STYLES = {
    "bare_letter": s_bare_letter,
    "letter_marked": s_letter_marked,
    "answer_prefix": s_answer_prefix,
    "json": s_json,
    "reasoning_then_final": s_reasoning_final,
    "choice_text": s_choice_text,
    "choice_text_variant": s_choice_text_variant,
    "paraphrase": s_paraphrase,
    "letter_and_text": s_letter_and_text,
    "ordinal": s_ordinal,
    "negation": s_negation,
    "contrast": s_contrast,
    "elimination": s_elimination,
    "several_then_one": s_several_then_one,
    "hedged": s_hedged,
    "polite_filler": s_polite,
    "markdown": s_markdown,
    "table": s_table,
    "rag_citations": s_rag_cited,
    "quoted_choice": s_quoted,
    "restate_first": s_restate,
    "self_correction": s_self_correction,
    "think_block": s_think,
    "dont_know": s_dont_know,
    "context_missing": s_context_missing,
    "refusal": s_refusal,
    "rejects_all_options": s_rejects_all,
    "undecided": s_undecided,
    "several_picked": s_multiple_picked,
    "letter_text_mismatch": s_mismatch,
    "long_explanation": s_long,
    "small_local_model": s_small_model,
    "assistant_structured": s_gemini,
    "casual_lowercase": s_casual,
}


# ---------------------------------------------------------------------------------------------
# Generation and checks


def generate(questions):
    rng = random.Random(f"{SEED}:replies")
    counts = collections.Counter({s: 0 for s in STYLES})
    used_paraphrases = set()
    rows = []
    for q in questions:
        n = 3 if rng.random() < 0.5 else 4
        used_styles = []
        seen = []
        for _ in range(n):
            for _attempt in range(50):
                cands = [s for s in STYLES if s not in used_styles]
                low = min(counts[s] for s in cands)
                tier = [s for s in cands if counts[s] <= low + 1]
                style = rng.choice(tier)
                try:
                    if style == "paraphrase":
                        reply, meant = s_paraphrase(q, rng, used_paraphrases)
                    else:
                        reply, meant = STYLES[style](q, rng)
                except NotApplicable:
                    used_styles.append(style)
                    continue
                if reply in seen:
                    continue
                break
            else:
                raise RuntimeError(f"could not write a reply for {q['id']}")
            seen.append(reply)
            used_styles.append(style)
            counts[style] += 1
            rows.append(
                {"set": q["set"], "id": q["id"], "choices": q["choices"], "style": style, "reply": reply, "meant": meant}
            )
        # The hand-written paraphrases are few and valuable: use some more of them.
        if "paraphrase" not in used_styles and rng.random() < 0.6:
            try:
                reply, meant = s_paraphrase(q, rng, used_paraphrases)
            except NotApplicable:
                continue
            if reply not in seen:
                counts["paraphrase"] += 1
                rows.append(
                    {"set": q["set"], "id": q["id"], "choices": q["choices"], "style": "paraphrase", "reply": reply, "meant": meant}
                )
    return rows


def check(path, questions, stems):
    byid = {q["id"]: q for q in questions}
    seen = set()
    styles = collections.Counter()
    meants = collections.Counter()
    per_set = collections.Counter()
    problems = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                row = json.loads(line)
            except json.JSONDecodeError as e:
                problems.append(f"line {n}: not JSON ({e})")
                continue
            if list(row) != ["set", "id", "choices", "style", "reply", "meant"]:
                problems.append(f"line {n}: fields {list(row)}")
            if row["meant"] not in ("A", "B", "C", "D", "none", "unclear"):
                problems.append(f"line {n}: meant {row['meant']!r}")
            q = byid.get(row["id"])
            if q is None or row["set"] != q["set"]:
                problems.append(f"line {n}: unknown question {row['id']}")
                continue
            stem, content = stems[row["id"]]
            if row["choices"] != q["choices"] or len(row["choices"]) != 4:
                problems.append(f"line {n}: choices differ from the source")
            source_lines = [x.strip() for x in content.split("\n")]
            for L, c in zip(LETTERS, row["choices"]):
                if not any(re.fullmatch(re.escape(L) + r"\s*[.:)]\s*" + re.escape(c), x) for x in source_lines):
                    problems.append(f"line {n}: choice {L} is not verbatim in the source")
            if (row["id"], row["reply"]) in seen:
                problems.append(f"line {n}: duplicate (id, reply)")
            seen.add((row["id"], row["reply"]))
            if not row["reply"].strip():
                problems.append(f"line {n}: empty reply")
            # no stem text: no run of 6 stem words that is not also in a choice
            words = lambda s: re.findall(r"[a-z0-9']+", s.lower())
            sw, cw, rw = words(stem), " ".join(words(" ".join(q["choices"]))), " ".join(words(row["reply"]))
            for k in range(len(sw) - 5):
                gram = " ".join(sw[k:k + 6])
                if gram in rw and gram not in cw:
                    problems.append(f"line {n}: reply repeats stem words {gram!r}")
                    break
            styles[row["style"]] += 1
            meants[row["meant"]] += 1
            per_set[row["set"]] += 1
    return problems, styles, meants, per_set, len(seen)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel", help="evals-3.0.1.post1-py3-none-any.whl")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    args = ap.parse_args()

    questions, stems = load_questions(args.wheel)
    rows = generate(questions)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")

    # The check re-reads the questions from the wheel, independently of the generation.
    questions2, stems2 = load_questions(args.wheel)
    problems, styles, meants, per_set, total = check(out, questions2, stems2)
    print(f"wrote {out}: {total} replies to {len(questions)} questions")
    print("per set: " + ", ".join(f"{k} {v}" for k, v in sorted(per_set.items())))
    print(f"{len(styles)} styles:")
    for s, c in sorted(styles.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {s:24} {c}")
    print("meant: " + ", ".join(f"{k} {meants[k]}" for k in ["A", "B", "C", "D", "none", "unclear"]))
    keyed = sum(1 for r in rows if r["meant"] in LETTERS and LETTERS.index(r["meant"]) == next(q["key"] for q in questions if q["id"] == r["id"]))
    answered = sum(1 for r in rows if r["meant"] in LETTERS)
    print(f"answering replies that mean the key: {keyed}/{answered}")
    if problems:
        for p in problems[:40]:
            print("PROBLEM:", p)
        print(f"{len(problems)} problems")
        sys.exit(1)
    print("checks passed: valid JSON lines, meant valid, choices as in the source, no duplicate (id, reply), no stem text")


if __name__ == "__main__":
    main()
