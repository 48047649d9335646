#!/usr/bin/env python3
"""blind18: hand-labelled free-text replies to multiple-choice questions, written by a helper
session blind to the reader and to the other sets.

Sources (OpenAI evals 3.0.1.post1 registry data, unzipped under /tmp/evx):
  relative_orientations   relative_orientations/samples.jsonl (options "A) North" in a message)
  number_pattern          number_pattern/samples.jsonl (options "A、32")
  swedish_sat             swedish_sat/samples.jsonl (options "A reflektera")
  arabic-literature-qa    arabic-literature-qa/samples.jsonl (options "A. 1789")
The sample index in an id is the 0-based line number in that file. 52 styles of nine replies.

Deterministic: random.Random(18018), standard library only. Writes
/tmp/blind18/replies-blind18.jsonl and prints its sha256
(c5a9d5e705d412cf9f1a49238e733887faadccff51d9206d20c069cd52ae578e).
"""
import hashlib
import json
import os
import random
import re

DATA = "/tmp/evx/evals/registry/data"
OUT = "/tmp/blind18/replies-blind18.jsonl"
rng = random.Random(18018)
L = "ABCDEFGHIJ"


def load_jsonl(p):
    with open(p, encoding="utf-8") as f:
        return [json.loads(x) for x in f if x.strip()]


def parse_opts(text, sep_re):
    opts = []
    for line in text.split("\n"):
        m = re.match(r"^\s*([A-J])" + sep_re + r"\s*(.+?)\s*$", line)
        if m:
            opts.append((m.group(1), m.group(2)))
    letters = [o[0] for o in opts]
    if letters != list(L[: len(letters)]) or len(letters) < 2:
        return None
    return [o[1] for o in opts]


def load_sets():
    sets = {}
    # relative_orientations: options in a system message "A) North"
    qs = []
    for i, r in enumerate(load_jsonl(f"{DATA}/relative_orientations/samples.jsonl")):
        txt = "\n".join(m["content"] for m in r["input"] if "Choose an answer" in m["content"])
        ch = parse_opts(txt, r"\)")
        if ch:
            qs.append((i, ch))
    sets["relative_orientations"] = qs
    # number_pattern: "A、32"
    qs = []
    for i, r in enumerate(load_jsonl(f"{DATA}/number_pattern/samples.jsonl")):
        ch = parse_opts(r["input"][-1]["content"], r"、")
        if ch:
            qs.append((i, ch))
    sets["number_pattern"] = qs
    # swedish_sat: "A reflektera"
    qs = []
    for i, r in enumerate(load_jsonl(f"{DATA}/swedish_sat/samples.jsonl")):
        ch = parse_opts(r["input"][-1]["content"], r" ")
        if ch:
            qs.append((i, ch))
    sets["swedish_sat"] = qs
    # arabic-literature-qa: "A. 1789"
    qs = []
    for i, r in enumerate(load_jsonl(f"{DATA}/arabic-literature-qa/samples.jsonl")):
        ch = parse_opts(r["input"][-1]["content"], r"\.")
        if ch:
            qs.append((i, ch))
    sets["arabic-literature-qa"] = qs
    return sets


REASON = {
    "relative_orientations": [
        "If I track my heading as I walk toward the fountain and then around its edge",
        "Working through the turns relative to the statue's facing direction",
        "Picturing the fountain from above and following the quarter/half circle",
        "Starting from the statue's orientation and rotating with each step of the walk",
    ],
    "number_pattern": [
        "Looking at how consecutive terms grow",
        "Checking the differences and ratios between the terms",
        "If I split the sequence into its integer and fractional parts",
        "Testing a few candidate rules against the given terms",
    ],
    "swedish_sat": [
        "Looking for the word closest in meaning to the prompt word",
        "Thinking about how the Swedish word is used in context",
        "Comparing each option against the meaning of the given word",
        "Going by the synonym that best matches the headword",
    ],
    "arabic-literature-qa": [
        "Based on what I know of modern Arabic literary history",
        "Recalling the standard references on this author and period",
        "Going by the usual account in Arabic literature textbooks",
        "From the grammar and literature curriculum this question comes from",
    ],
}

ORD = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
ORDCAP = [o.capitalize() for o in ORD]
NUMW = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
        8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen",
        16: "sixteen", 17: "seventeen", 18: "eighteen", 19: "nineteen", 20: "twenty", 30: "thirty",
        40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}


def paraphrase(setname, text, r):
    """Close paraphrase of a choice text (not the verbatim string)."""
    if setname == "relative_orientations" and re.fullmatch(r"(north|south|east|west)( (east|west))?", text.lower()):
        t = text.lower()
        t2 = t.replace("north west", "northwest").replace("north east", "northeast") \
              .replace("south west", "southwest").replace("south east", "southeast")
        return r.choice([f"heading {t2}", f"toward the {t2}", f"facing due {t2}" if " " not in t else f"roughly {t2}ward",
                         f"in a {t2}erly direction" if t2 in ("north", "south", "east", "west") else f"going {t2}"])
    if setname == "number_pattern":
        s = text.strip()
        if re.fullmatch(r"\d+", s):
            n = int(s)
            if n in NUMW:
                return r.choice([f"{NUMW[n]}", f"the number {NUMW[n]}"])
            if 20 < n < 100 and n % 10:
                return f"{NUMW[n // 10 * 10]}-{NUMW[n % 10]}"
            return r.choice([f"a value of {n:,}", f"the term {n}", f"{n} exactly"])
        return r.choice([f"the value {s}", f"{s} for the blank", f"a missing term of {s}"])
    return r.choice([f"the option reading \u201c{text}\u201d", f"\u2018{text}\u2019", f"the answer {text}"])


def others(choices, letter, r, k=1):
    pool = [x for x in L[: len(choices)] if x != letter]
    r.shuffle(pool)
    return pool[:k]


def T(choices, x):
    return choices[L.index(x)]


# ---------------- styles ----------------
# each: f(r, setname, choices, letter) -> (reply, meant)

def s_bare_letter(r, s, c, x):
    return r.choice([x, f"{x}.", f"({x})", f"**{x}**", f"{x}\n", f" {x}", f"{x})"]), x


def s_answer_is(r, s, c, x):
    t = r.choice(["The answer is {x}.", "Answer: {x}", "The correct answer is {x}.", "Correct answer: {x}",
                  "The right choice here is {x}.", "My answer: {x}.", "The final answer is {x}"])
    return t.format(x=x), x


def s_letter_with_text(r, s, c, x):
    t = r.choice(["{x}) {t}", "{x}. {t}", "{x} — {t}", "{x}: {t}", "({x}) {t}", "Answer: {x}, {t}"])
    return t.format(x=x, t=T(c, x)), x


def s_reasoned(r, s, c, x):
    why = r.choice(REASON[s])
    o = others(c, x, r)[0]
    t = r.choice([
        "{why}, the result lands on {t}. Option {o} ({ot}) would require a different step somewhere, which doesn't match. So the answer is {x}.",
        "{why}, everything points the same way.\n\nThat gives {t}, which is option {x}.",
        "Let me reason it through. {why}, I end up with {t}. I double-checked against {o} and it doesn't hold up.\n\nTherefore, {x}.",
        "{why}: the consistent result is \"{t}\". Hence the correct option is {x}.",
    ])
    return t.format(why=why, t=T(c, x), o=o, ot=T(c, o), x=x), x


def s_hedged(r, s, c, x):
    t = r.choice([
        "I think it's probably {x}, though I'm not completely certain.",
        "I'm fairly, but not fully, confident the answer is {x} ({t}).",
        "My best guess would be {x}. I could be wrong about this one.",
        "It's likely {x} — {t} — but I'd double-check with an authoritative source.",
        "Tentatively, {x}. I'd put my confidence at maybe 60–70%.",
        "I believe the answer is {x}, although this is outside what I can verify with certainty.",
    ])
    return t.format(x=x, t=T(c, x)), x


def s_markdown(r, s, c, x):
    why = r.choice(REASON[s])
    t = r.choice([
        "## Answer\n\n**{x}. {t}**\n\n### Explanation\n{why}, this is the only option that is consistent.",
        "**Answer:** {x}\n\n**Reasoning:**\n- {why}\n- The result matches *{t}*\n- The other options don't fit",
        "### Solution\n\n1. {why}.\n2. Compare with the options.\n3. Only **{t}** fits.\n\n> **Final answer: ({x})**",
        "| | |\n|---|---|\n| **Selected option** | {x} |\n| **Value** | {t} |\n\n{why}, this is the consistent choice.",
    ])
    return t.format(x=x, t=T(c, x), why=why), x


def s_json(r, s, c, x):
    v = r.randint(0, 4)
    if v == 0:
        return json.dumps({"answer": x}), x
    if v == 1:
        return json.dumps({"answer": x, "confidence": round(r.uniform(0.55, 0.98), 2)}), x
    if v == 2:
        return "```json\n" + json.dumps({"choice": x, "text": T(c, x)}, ensure_ascii=False, indent=2) + "\n```", x
    if v == 3:
        return json.dumps({"reasoning": r.choice(REASON[s]) + ".", "final_answer": x}, ensure_ascii=False), x
    return json.dumps({"selected_option": x, "explanation": "Best matches the question."}), x


def s_json_text(r, s, c, x):
    v = r.randint(0, 2)
    if v == 0:
        return json.dumps({"answer": T(c, x)}, ensure_ascii=False), x
    if v == 1:
        return json.dumps({"result": T(c, x), "status": "ok"}, ensure_ascii=False), x
    return "```json\n{\n  \"prediction\": " + json.dumps(T(c, x), ensure_ascii=False) + "\n}\n```", x


def s_letter_in_prose(r, s, c, x):
    t = r.choice([
        "I'd go with option {x} here.",
        "Going with {x} on this one.",
        "Option {x} is the one I'd pick.",
        "I'll select {x}.",
        "That would be choice {x}, in my view.",
        "Pretty sure we want {x} for this question.",
        "I'm choosing letter {x}.",
    ])
    return t.format(x=x), x


def s_ordinal(r, s, c, x):
    i = L.index(x)
    t = r.choice([
        "The {o} one.",
        "It's the {o} option.",
        "I'd pick the {o} choice in the list.",
        "{O} option — {t}.",
        "Going with the {o} answer.",
        "The {o} of the listed choices is correct.",
    ])
    if i == len(c) - 1 and r.random() < 0.5:
        t = r.choice(["The last one.", "It's the final option in the list.", "The last choice, {t}."])
    return t.format(o=ORD[i], O=ORDCAP[i], t=T(c, x)), x


def s_negation(r, s, c, x):
    o = others(c, x, r)[0]
    t = r.choice([
        "Not {o} — it's {x}.",
        "It isn't {o}; the answer is {x}.",
        "Not {ot}. The correct one is {t} ({x}).",
        "Definitely not {o}. {x} is right.",
        "People often pick {o}, but no — {x}.",
    ])
    return t.format(o=o, x=x, ot=T(c, o), t=T(c, x)), x


def s_contrast(r, s, c, x):
    o = others(c, x, r)[0]
    t = r.choice([
        "While {o} ({ot}) might look tempting at first, {x} ({t}) is the correct choice.",
        "{o} seems plausible on the surface; however, the answer is actually {x}.",
        "Unlike {ot}, which fails on closer inspection, {t} holds up — so {x}.",
        "Although one could argue for {o}, I'd say {x} is better supported.",
    ])
    return t.format(o=o, ot=T(c, o), x=x, t=T(c, x)), x


def s_several_then_pick(r, s, c, x):
    os_ = others(c, x, r, 2)
    t = r.choice([
        "Both {a} and {x} are plausible, but {x} fits better, so I'll go with {x}.",
        "It comes down to {a}, {b}, or {x}. After weighing them, {x} ({t}) is the strongest.",
        "{x} and {a} are the two serious candidates. On balance, {x}.",
        "I considered {a} ({at}) and {x} ({t}); the second of those is correct — {x}.",
    ])
    b = os_[1] if len(os_) > 1 else os_[0]
    return t.format(a=os_[0], b=b, x=x, t=T(c, x), at=T(c, os_[0])), x


def s_elimination(r, s, c, x):
    rest = [y for y in L[: len(c)] if y != x]
    r.shuffle(rest)
    rest = rest[: min(len(rest), r.randint(2, 4))]
    parts = []
    for y in rest:
        parts.append(r.choice([f"{y} is out", f"{y} ({T(c, y)}) doesn't work", f"we can rule out {y}",
                               f"{y} fails", f"{y} can be eliminated"]))
    t = r.choice([
        "Process of elimination: " + "; ".join(parts) + ". That leaves {x}.",
        "Let's eliminate: " + ", ".join(parts) + ". The remaining option, {x} ({t}), must be correct.",
        "\n".join("- " + p[0].upper() + p[1:] for p in parts) + "\n\nBy elimination the answer is {x}.",
    ])
    if len(c) > len(rest) + 1:  # not all eliminated explicitly; keep text as-is, the conclusion names x
        pass
    return t.format(x=x, t=T(c, x)), x


def s_change_of_mind(r, s, c, x):
    o = others(c, x, r)[0]
    t = r.choice([
        "My first instinct was {o}, but on reflection that doesn't work. The answer is {x}.",
        "I'd say {o}... actually, no. Re-checking the details, it's {x} ({t}).",
        "Initially I leaned toward {ot}. After re-reading the question, I'm changing my answer to {x}.",
        "{o}. Wait — I made an error in my reasoning. The correct answer is {x}.",
        "At first glance it looks like {o}, but working it through properly gives {t}, i.e. option {x}.",
    ])
    return t.format(o=o, ot=T(c, o), x=x, t=T(c, x)), x


def s_idk(r, s, c, x):
    return r.choice([
        "I don't know.",
        "I'm not sure what the answer is.",
        "Honestly, I don't know the answer to this one.",
        "I'm unable to determine the correct answer.",
        "Sorry, I don't have enough information to answer this.",
        "I can't tell which option is correct.",
        "No idea, to be honest.",
        "I don't have a confident answer here, so I'd rather not guess.",
    ]), "none"


def s_refusal(r, s, c, x):
    return r.choice([
        "I'm sorry, but I can't help with that.",
        "I can't assist with answering exam questions like this.",
        "I'm not able to provide an answer to this question.",
        "Sorry, I can't complete this request.",
        "This appears to be from an assessment, so I won't provide the answer. I'm happy to explain the underlying concepts, though.",
        "I must decline to answer this.",
    ]), "none"


def s_text_only(r, s, c, x):
    t = r.choice(["{t}", "{t}.", "**{t}**", "{t}\n", "It's {t}.", "The answer: {t}"])
    return t.format(t=T(c, x)), x


def s_paraphrase(r, s, c, x):
    p = paraphrase(s, T(c, x), r)
    t = r.choice(["I'd say {p}.", "The answer would be {p}.", "{P}.", "It should be {p}.", "That works out to {p}."])
    return t.format(p=p, P=p[0].upper() + p[1:]), x


def s_quoted_text(r, s, c, x):
    t = r.choice(["I'd pick \"{t}\".", "The correct option is \u201c{t}\u201d.", "Answer: '{t}'",
                  "Going with \"{t}\" as the answer."])
    return t.format(t=T(c, x)), x


def s_rag_cited(r, s, c, x):
    n1, n2 = r.randint(1, 4), r.randint(1, 6)
    t = r.choice([
        "According to the retrieved documents [{n1}], the correct option is {x} ({t}).",
        "Based on Source {n1}, which states this directly, the answer is **{x}**.\n\nSources:\n[{n1}] reference_doc_{n2}.pdf",
        "The passage in [{n1}] supports {t}, and [{n2}] is consistent with it. Answer: {x}.",
        "Per the knowledge base article (ref. {n1}), the answer is {x} — {t}.",
    ])
    return t.format(n1=n1, n2=n2, x=x, t=T(c, x)), x


def s_rag_no_answer(r, s, c, x):
    return r.choice([
        "The provided passages do not contain information needed to answer this question.",
        "I couldn't find the answer in the retrieved documents, so I can't say which option is correct.",
        "None of the sources I have access to address this question. I'm unable to answer based on the given context.",
        "Based on the context provided, there isn't enough information to determine the answer.",
        "The documents cover related topics, but nothing here tells us which option is right. I'd rather not guess.",
    ]), "none"


def s_rag_conflict_unresolved(r, s, c, x):
    a, b = r.sample(list(L[: len(c)]), 2)
    t = r.choice([
        "The sources disagree: [1] supports {a} ({at}), while [2] indicates {b} ({bt}). I can't determine which is correct from the provided material.",
        "Document 1 points to {a}, but Document 3 says {b}. Given the conflict, I can't give a definitive answer.",
        "There's conflicting information: one source gives {at}, another gives {bt}. Without a more authoritative reference, it could be either {a} or {b}.",
    ])
    return t.format(a=a, b=b, at=T(c, a), bt=T(c, b)), "unclear"


def s_rag_conflict_resolved(r, s, c, x):
    o = others(c, x, r)[0]
    t = r.choice([
        "The sources conflict: [2] suggests {o}, but [1] is more recent and more authoritative and supports {x}. I'll go with {x}.",
        "One retrieved passage implies {ot}, though it appears to be outdated. The primary source clearly gives {t}, so the answer is {x}.",
        "Sources [1] and [3] say {x}; source [2] says {o}. Going with the majority and the better-cited view: {x}.",
    ])
    return t.format(o=o, ot=T(c, o), x=x, t=T(c, x)), x


def s_rag_fallback_guess(r, s, c, x):
    t = r.choice([
        "The documents don't cover this directly, but based on general knowledge the answer is most likely {x}.",
        "I didn't find this in the provided sources. Outside of them, I'd answer {x} ({t}).",
        "No passage addresses this explicitly. From general reasoning, though: {x}.",
    ])
    return t.format(x=x, t=T(c, x)), x


def s_support_bot(r, s, c, x):
    t = r.choice([
        "Thanks for reaching out! The correct option is {x}: {t}. Is there anything else I can help you with today?",
        "Hi there! 😊 Great question. The answer you're looking for is {x}. Let me know if you need anything else!",
        "Thank you for your question. After reviewing it, the correct choice is **{t}** (option {x}). Have a wonderful day!",
        "Happy to help! That one is {x}. If you have further questions, feel free to open a new ticket.",
    ])
    return t.format(x=x, t=T(c, x)), x


def s_support_bot_escalate(r, s, c, x):
    return r.choice([
        "Thanks for your patience! I'm not able to answer this one, but I've forwarded your question to a specialist who will get back to you.",
        "I'm sorry, that's outside what I can help with. Would you like me to connect you with a human agent?",
        "Great question! Unfortunately I don't have that information. Please contact our support team for further assistance.",
    ]), "none"


def s_agent(r, s, c, x):
    why = r.choice(REASON[s])
    t = r.choice([
        "Thought: {why}, the answer appears to be {t}.\nAction: submit_answer\nAction Input: {x}",
        "Thought: I have enough information now.\nFinal Answer: {x}",
        "[step 1] parse options -> {n} choices\n[step 2] evaluate\n[step 3] select -> {x}\nDone.",
        "<thinking>{why}... result is {t}.</thinking>\nCalling tool `answer` with {{\"option\": \"{x}\"}}",
        "Observation: option {x} matches the computed result.\nThought: I now know the final answer.\nFinal Answer: {x}) {t}",
    ])
    return t.format(why=why, t=T(c, x), x=x, n=len(c)), x


def s_small_terse(r, s, c, x):
    t = r.choice(["answer: {l}", "Answer:{x}", "{l}", "ans {x}", "{x}</s>", "The answer is: {x}\n\n", "{l})", "Answer {x} {x}"])
    return t.format(x=x, l=x.lower()), x


def s_small_rambling(r, s, c, x):
    t = r.choice([
        "The answer is {x}. The answer is {x}. The answer is {x}.",
        "{x}\n\nQuestion: What is the next step?\nAnswer: The next step is to",
        "Sure! The correct answer is {x}) {t}. I hope this helps! Let me know if you have any other questions. The correct answer is {x}.",
        "Answer: {x}\nExplanation: The answer is {x} because {t} is the answer that is correct.",
        "{x}. {t}. This is the correct answer because it is correct.",
    ])
    return t.format(x=x, t=T(c, x)), x


def s_unclear_between(r, s, c, x):
    a, b = r.sample(list(L[: len(c)]), 2)
    t = r.choice([
        "It's either {a} or {b}; I can't decide between them.",
        "I'm torn between {a} ({at}) and {b} ({bt}). Both seem defensible.",
        "Could be {a}, could be {b} — the question is ambiguous enough that I can't pick one.",
        "{a} or {b}. I'd need more context to choose.",
        "Honestly it's a coin flip for me between {at} and {bt}.",
    ])
    return t.format(a=a, b=b, at=T(c, a), bt=T(c, b)), "unclear"


def s_multi_select(r, s, c, x):
    a, b = sorted(r.sample(list(L[: len(c)]), 2))
    t = r.choice(["{a} and {b}", "Answer: {a}, {b}", "Both {a} and {b} are correct.", "{a}/{b}", "The answers are {a} and {b}."])
    return t.format(a=a, b=b), "unclear"


def s_cot_steps(r, s, c, x):
    why = r.choice(REASON[s])
    o = others(c, x, r)[0]
    t = r.choice([
        "Step 1: {why}.\nStep 2: Compare the result with each option.\nStep 3: Option {o} does not match; option {x} does.\n\nTherefore, the answer is {x}.",
        "Let's think step by step.\n1. {why}.\n2. This gives {t}.\n3. That corresponds to {x}.\n\nAnswer: {x}",
        "Step-by-step:\n- {why}\n- Candidate {o} ({ot}) is inconsistent\n- Candidate {x} ({t}) is consistent\n\nSo: {x}",
    ])
    return t.format(why=why, o=o, ot=T(c, o), x=x, t=T(c, x)), x


def s_final_answer_tag(r, s, c, x):
    o1, = others(c, x, r)
    t = r.choice([
        "Option {o} would be right if we ignored one of the conditions, but we can't.\n\nFinal answer: {x}",
        "Checking {o} first: no. Then {x}: yes.\n\n**Final Answer: {x}**",
        "Some might choose {o}. Not me.\nFINAL ANSWER: {x}",
        "{why}. The options other than {x} each conflict with something.\nFinal answer: ({x}) {t}",
    ])
    return t.format(o=o1, x=x, t=T(c, x), why=r.choice(REASON[s])), x


def s_boxed(r, s, c, x):
    t = r.choice(["$\\boxed{{{x}}}$", "The answer is $\\boxed{{\\text{{{x}}}}}$.", "\\boxed{{{x}}}", "Thus, \\(\\boxed{{{x}}}\\)."])
    return t.format(x=x), x


def s_xml(r, s, c, x):
    t = r.choice(["<answer>{x}</answer>", "<reasoning>{why}.</reasoning>\n<answer>{x}</answer>",
                  "<final>{x}</final>", "<response><choice>{x}</choice><text>{t}</text></response>"])
    return t.format(x=x, t=T(c, x), why=r.choice(REASON[s])), x


def s_bullet_verdicts(r, s, c, x):
    lines = []
    for y in L[: len(c)]:
        if y == x:
            lines.append(r.choice([f"- **{y}) {T(c, y)}** — correct ✅", f"- {y}: correct", f"- {y} ({T(c, y)}): ✔ this one"]))
        else:
            lines.append(r.choice([f"- {y}) {T(c, y)} — incorrect", f"- {y}: wrong", f"- {y} ({T(c, y)}): ✘"]))
    head = r.choice(["Evaluating each option:\n\n", "", "Here's how the options stack up:\n"])
    return head + "\n".join(lines), x


def s_table(r, s, c, x):
    rows = ["| Option | Text | Verdict |", "|---|---|---|"]
    for y in L[: len(c)]:
        rows.append(f"| {y} | {T(c, y)} | {'✅ Correct' if y == x else '❌'} |")
    tail = r.choice(["", f"\n\n**Answer: {x}**", "\n\nOnly one option survives."])
    return "\n".join(rows) + tail, x


def s_clarify(r, s, c, x):
    return r.choice([
        "Could you clarify what you're asking? The question seems to be missing some context.",
        "Before I answer, can you confirm which convention you're using? Depending on that the answer changes.",
        "I'm not sure I understand the question — could you rephrase it?",
        "Do you want just the letter, or an explanation as well? Also, is there a reference text I should use?",
    ]), "none"


def s_guess(r, s, c, x):
    t = r.choice([
        "If I had to guess, I'd say {x}, but it's really just a guess.",
        "I'm not sure, but I'll guess {x}.",
        "Pure guess: {x}.",
        "No strong basis here, though {t} ({x}) feels most likely.",
    ])
    return t.format(x=x, t=T(c, x)), x


def s_ranking(r, s, c, x):
    o = others(c, x, r, 2)
    t = r.choice([
        "Most likely {x}, then {a}, with {b} a distant third.",
        "Ranking by likelihood: {x} > {a} > {b}. So {x}.",
        "{x} first, {a} as a fallback.",
    ])
    return t.format(x=x, a=o[0], b=o[-1]), x


def s_probabilities(r, s, c, x):
    ws = [r.randint(1, 15) for _ in c]
    ws[L.index(x)] = r.randint(55, 85)
    tot = sum(ws)
    ps = [round(100 * w / tot) for w in ws]
    body = ", ".join(f"{y}: {p}%" for y, p in zip(L, ps))
    t = r.choice(["Estimated probabilities — {b}.", "{b}\n→ {x}", "My distribution over the options: {b}. I'll answer {x}."])
    return t.format(b=body, x=x), x


def s_none_fit(r, s, c, x):
    return r.choice([
        "None of the options seem correct to me.",
        "I don't think any of the listed answers is right; the question may contain an error.",
        "All of the choices look wrong based on my working, so I can't select one.",
    ]), "none"


def s_none_fit_closest(r, s, c, x):
    t = r.choice([
        "None of the options exactly matches my result, but the closest is {x} ({t}).",
        "Strictly speaking none is perfect; if forced to choose, {x}.",
        "My computed answer isn't listed. The nearest option is {t}, so {x}.",
    ])
    return t.format(x=x, t=T(c, x)), x


def s_self_correct(r, s, c, x):
    o = others(c, x, r)[0]
    t = r.choice(["{o}. Wait, no — {x}.", "Answer: {o}\n\nCorrection: the answer is {x}.", "{o}... sorry, I misread. It's {x}.",
                  "~~{o}~~ {x}"])
    return t.format(o=o, x=x), x


def s_casual(r, s, c, x):
    t = r.choice(["i'd go w/ {l} tbh", "prob {l}", "def {x} lol", "{l} i think?? yeah {l}", "easy, {x} 👍", "ok so it's {x}. {t}, obviously"])
    return t.format(x=x, l=x.lower(), t=T(c, x)), x


def s_option_number(r, s, c, x):
    i = L.index(x) + 1
    t = r.choice(["Option {i}.", "I choose option #{i}.", "Choice number {i}: {t}", "Answer: option {i} of {n}"])
    return t.format(i=i, t=T(c, x), n=len(c)), x


def s_code_block(r, s, c, x):
    t = r.choice(["```\nAnswer: {x}\n```", "```text\n{x}\n```", "```python\nanswer = \"{x}\"\n```", "```\n{x}) {t}\n```"])
    return t.format(x=x, t=T(c, x)), x


def s_partial_elim_unclear(r, s, c, x):
    if len(c) < 3:
        return s_unclear_between(r, s, c, x)
    out = r.sample(list(L[: len(c)]), len(c) - 2)
    left = [y for y in L[: len(c)] if y not in out]
    t = r.choice([
        "I can rule out {out}, but I can't decide between {a} and {b}.",
        "Definitely not {out}. Beyond that, {a} vs {b} is a toss-up.",
        "After eliminating {out}, two remain: {a} and {b}. I don't have a way to break the tie.",
    ])
    return t.format(out=", ".join(sorted(out)), a=left[0], b=left[1]), "unclear"


def s_refuse_then_answer(r, s, c, x):
    t = r.choice([
        "I can't be certain and this shouldn't be relied on for anything important, but the answer is {x}.",
        "I normally wouldn't help with test questions, but since this looks like practice: {x}.",
        "Disclaimer: I'm an AI and may make mistakes. That said, I believe it's {x} ({t}).",
    ])
    return t.format(x=x, t=T(c, x)), x


def s_letter_then_text_lower(r, s, c, x):
    t = r.choice(["the correct option is {l}, which says {t}", "option {l} ({t})", "{l} -- {t}"])
    return t.format(l=x.lower(), t=T(c, x)), x


def s_explain_first_letter_last(r, s, c, x):
    why = r.choice(REASON[s])
    o = others(c, x, r)[0]
    t = r.choice([
        "{why}, I notice that option {o} is a common trap: it looks right if you skip a step. Carrying every step through carefully instead yields {t}.\n\nSo my answer is {x}.",
        "There are a few ways to approach this. {why}, the key point is that {ot} can't be right. What remains consistent is {t}.\n\nAnswer — {x}",
    ])
    return t.format(why=why, o=o, ot=T(c, o), t=T(c, x), x=x), x


STYLES = {
    "bare_letter": s_bare_letter, "answer_is": s_answer_is, "letter_with_text": s_letter_with_text,
    "reasoned_then_concluded": s_reasoned, "hedged": s_hedged, "markdown": s_markdown, "json_letter": s_json,
    "json_text": s_json_text, "letter_in_prose": s_letter_in_prose, "ordinal": s_ordinal, "negation": s_negation,
    "contrast": s_contrast, "several_then_pick": s_several_then_pick, "elimination": s_elimination,
    "change_of_mind": s_change_of_mind, "idk": s_idk, "refusal": s_refusal, "text_only": s_text_only,
    "paraphrase": s_paraphrase, "quoted_text": s_quoted_text, "rag_cited": s_rag_cited,
    "rag_no_answer": s_rag_no_answer, "rag_conflict_unresolved": s_rag_conflict_unresolved,
    "rag_conflict_resolved": s_rag_conflict_resolved, "rag_fallback_guess": s_rag_fallback_guess,
    "support_bot": s_support_bot, "support_bot_escalate": s_support_bot_escalate, "agent_trace": s_agent,
    "small_model_terse": s_small_terse, "small_model_rambling": s_small_rambling,
    "unclear_between": s_unclear_between, "multi_select": s_multi_select, "cot_steps": s_cot_steps,
    "final_answer_tag": s_final_answer_tag, "latex_boxed": s_boxed, "xml_tags": s_xml,
    "bullet_verdicts": s_bullet_verdicts, "markdown_table": s_table, "clarification_request": s_clarify,
    "low_confidence_guess": s_guess, "ranking": s_ranking, "probabilities": s_probabilities,
    "none_fit": s_none_fit, "none_fit_closest": s_none_fit_closest, "self_correction": s_self_correct,
    "casual_chat": s_casual, "option_number": s_option_number, "code_block": s_code_block,
    "partial_elimination_unclear": s_partial_elim_unclear, "disclaimer_then_answer": s_refuse_then_answer,
    "lowercase_letter_text": s_letter_then_text_lower, "explain_then_letter": s_explain_first_letter_last,
}

# styles whose text must identify a choice by its text alone -> need unique texts
TEXT_ONLY = {"text_only", "paraphrase", "quoted_text", "json_text"}


def main():
    sets = load_sets()
    names = sorted(sets)
    # pick a pool of questions per set
    pools = {}
    for n in names:
        qs = list(sets[n])
        rng.shuffle(qs)
        pools[n] = qs[:40]
    # ideal letters for biasing the mix (use the real answer sometimes)
    ideals = {}
    def ideal_of(n, i):
        return None
    rows = []
    counters = {}
    per_style = 9
    for style in sorted(STYLES):
        fn = STYLES[style]
        for k in range(per_style):
            n = names[(k + len(rows)) % len(names)]
            qi, ch = rng.choice(pools[n])
            if style in TEXT_ONLY:
                tries = 0
                while len(set(x.strip().lower() for x in ch)) != len(ch) and tries < 20:
                    qi, ch = rng.choice(pools[n]); tries += 1
            x = rng.choice(L[: len(ch)])
            reply, meant = fn(rng, n, ch, x)
            counters[style] = counters.get(style, 0) + 1
            rows.append({"set": n, "id": f"{n}:{qi}#{style}-{counters[style]}", "choices": ch,
                         "style": style, "reply": reply, "meant": meant})
    rng.shuffle(rows)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        for r_ in rows:
            f.write(json.dumps(r_, ensure_ascii=False) + "\n")
    print(len(rows), "rows,", len(STYLES), "styles ->", OUT)
    with open(OUT, "rb") as f:
        print("sha256", hashlib.sha256(f.read()).hexdigest())


if __name__ == "__main__":
    main()
