#!/usr/bin/env python3
"""Hand-labelled blind test set of free-text MCQ replies (seed 16016).

Reads evals 3.0.1.post1 exam samples (hungarian/croatian/lithuanian-exams-qa),
writes /tmp/blind16/replies-blind16.jsonl and /tmp/blind16/STYLES.md, then verifies.
Standard library only; deterministic byte for byte.
"""
import hashlib
import json
import os
import random
import re
import unicodedata
import zipfile
from collections import Counter

OUT_DIR = "/tmp/blind16"
os.makedirs(OUT_DIR, exist_ok=True)
OUT = os.path.join(OUT_DIR, "replies-blind16.jsonl")
STYLES_MD = os.path.join(OUT_DIR, "STYLES.md")
SRC_DIR = "/tmp/evx/evals/registry/data"
WHEEL = "/tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl"
SETS = ["hungarian-exams-qa", "croatian-exams-qa", "lithuanian-exams-qa"]
LANG = {"hungarian-exams-qa": "hu", "croatian-exams-qa": "hr", "lithuanian-exams-qa": "lt"}
LETTERS = "ABCDEF"
R = random.Random(16016)


# ----------------------------------------------------------------- loading
def read_samples(name):
    p = os.path.join(SRC_DIR, name, "samples.jsonl")
    if os.path.exists(p):
        with open(p, encoding="utf-8") as f:
            return f.read().splitlines()
    with zipfile.ZipFile(WHEEL) as z:
        return z.read("evals/registry/data/%s/samples.jsonl" % name).decode("utf-8").splitlines()


CHOICE_RE = re.compile(r"^([A-F])\.\s*(.*)$")
STANDALONE = re.compile(r"(?<![^\W_])[A-F](?![^\W_])")


def parse(line):
    d = json.loads(line)
    user = [m["content"] for m in d["input"] if m["role"] == "user"]
    if len(user) != 1:
        return None
    lines = user[0].strip().split("\n")
    if lines and lines[-1].strip() == "Answer:":
        lines = lines[:-1]
    first = None
    for i, ln in enumerate(lines):
        if CHOICE_RE.match(ln.strip()):
            first = i
            break
    if first is None or first == 0:
        return None
    stem = "\n".join(lines[:first]).strip()
    choices = []
    for j, ln in enumerate(lines[first:]):
        m = CHOICE_RE.match(ln.strip())
        if not m or m.group(1) != LETTERS[j]:
            return None
        choices.append(m.group(2).strip())
    if not 3 <= len(choices) <= 6:
        return None
    if any(not c for c in choices) or len(set(c.lower() for c in choices)) != len(choices):
        return None
    if any(len(c) > 150 for c in choices) or any(STANDALONE.search(c) for c in choices):
        return None
    key = d["ideal"]
    if isinstance(key, list):
        if len(key) != 1:
            return None
        key = key[0]
    key = key.strip().strip("[]").strip()
    if key not in LETTERS[: len(choices)]:
        return None
    if not stem:
        return None
    return {"stem": stem, "choices": choices, "key": LETTERS.index(key)}


POOL = {}
for s in SETS:
    qs = []
    for idx, ln in enumerate(read_samples(s)):
        if not ln.strip():
            continue
        q = parse(ln)
        if q:
            q["set"] = s
            q["idx"] = idx
            q["lang"] = LANG[s]
            qs.append(q)
    POOL[s] = qs


# ----------------------------------------------------------------- helpers
def Lt(i):
    return LETTERS[i]


def T(q, i):
    c = q["choices"][i]
    t = c.rstrip(" ;.,")
    return t if t else c


def pick(q, r):
    """Return the intended index: ~70% the key, else another choice on purpose."""
    if r.random() < 0.7:
        return q["key"]
    return r.choice([i for i in range(len(q["choices"])) if i != q["key"]])


def others(q, r, excl, k=1):
    cand = [i for i in range(len(q["choices"])) if i not in excl]
    r.shuffle(cand)
    return cand[:k]


def short_stem(q, n=70):
    s = " ".join(q["stem"].split())
    return s if len(s) <= n else s[:n].rstrip() + "…"


def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def typo(s, r):
    words = s.split(" ")
    idx = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
    if not idx:
        return strip_accents(s)
    i = r.choice(idx)
    w = words[i]
    j = r.randrange(1, len(w) - 2)
    mode = r.randrange(3)
    if mode == 0:
        w = w[:j] + w[j + 1] + w[j] + w[j + 2:]
    elif mode == 1:
        w = w[:j] + w[j + 1:]
    else:
        w = w[:j] + w[j] + w[j:]
    words[i] = w
    return " ".join(words)


ORD_EN = ["first", "second", "third", "fourth", "fifth", "sixth"]
ORD = {
    "hu": ["első", "második", "harmadik", "negyedik", "ötödik", "hatodik"],
    "hr": ["prvi", "drugi", "treći", "četvrti", "peti", "šesti"],
    "lt": ["pirmasis", "antrasis", "trečiasis", "ketvirtasis", "penktasis", "šeštasis"],
}
NAT = {
    "hu": {
        "letter": ["A helyes válasz: {L}.", "Szerintem a(z) {L} a helyes válasz.", "Válasz: {L}",
                   "A megoldás a(z) {L} lehetőség, mert a többi nem illik a kérdéshez.",
                   "Rövid indoklás után: a(z) {X} nem jó, a helyes válasz a(z) {L}."],
        "text": ["A helyes válasz: „{T}”.", "Szerintem a jó válasz: {T}.",
                 "A megoldás „{T}”, a többi lehetőség nem felel meg a leírásnak.",
                 "Nem „{TX}”, hanem „{T}” a helyes."],
        "ord": ["A(z) {O} lehetőség a helyes.", "A helyes válasz a listában a(z) {O}."],
        "dunno": ["Sajnos nem tudom a választ erre a kérdésre.",
                  "Erre a kérdésre nem tudok biztos választ adni, nem szeretnék találgatni."],
        "quote": "„{}”",
    },
    "hr": {
        "letter": ["Točan odgovor je {L}.", "Odgovor: {L}", "Mislim da je točan odgovor pod {L}.",
                   "Točno je {L}, a ostali ponuđeni odgovori ne odgovaraju opisu.",
                   "Nije {X}; točan odgovor je {L}."],
        "text": ["Točan odgovor je „{T}”.", "Odgovor: {T}", "Mislim da je točno „{T}”, a ne „{TX}”.",
                 "Prema opisu u pitanju, riječ je o odgovoru „{T}”."],
        "ord": ["Točan je {O} ponuđeni odgovor.", "Rekao bih da je točan {O} odgovor po redu."],
        "dunno": ["Nažalost, ne znam odgovor na ovo pitanje.",
                  "Nisam siguran i ne bih htio nagađati, pa ne mogu dati odgovor."],
        "quote": "„{}”",
    },
    "lt": {
        "letter": ["Teisingas atsakymas: {L}.", "Atsakymas – {L}.", "Manau, kad teisingas variantas {L}.",
                   "Teisingas atsakymas yra {L}, kiti variantai netinka.",
                   "Ne {X}, o {L} – tai teisingas atsakymas."],
        "text": ["Teisingas atsakymas: „{T}“.", "Atsakymas: {T}.", "Manau, kad teisinga – „{T}“, o ne „{TX}“.",
                 "Teisingas variantas – „{T}“."],
        "ord": ["Teisingas yra {O} variantas.", "Atsakymas – {O} variantas sąraše."],
        "dunno": ["Deja, nežinau atsakymo į šį klausimą.",
                  "Nesu tikras ir nenoriu spėlioti, todėl atsakymo nepateiksiu."],
        "quote": "„{}“",
    },
}


def opt_lines(q):
    return "\n".join("%s. %s" % (Lt(i), c) for i, c in enumerate(q["choices"]))


NEG_REASONS = [
    "does not match what the question describes",
    "is a common distractor but doesn't fit here",
    "contradicts the key detail in the stem",
    "is related to the topic but answers a different question",
    "would only be correct under a different condition",
    "is too general to be the intended answer",
]
POS_REASONS = [
    "matches every detail given in the question",
    "is the only option consistent with the description",
    "fits the definition the question is asking about",
    "is the standard textbook answer for this",
    "agrees with all the conditions in the stem",
]


# ----------------------------------------------------------------- styles
STYLES = []


def style(name, desc):
    def deco(f):
        STYLES.append((name, desc, f))
        return f
    return deco


@style("frontier_markdown", "Long markdown answer from a frontier chat assistant: every option analysed under headings, bold verdict at the end.")
def s_frontier_markdown(q, r):
    m = pick(q, r)
    parts = ["## Understanding the question\n\nThe question asks: *%s*\n\n## Option-by-option analysis\n" % short_stem(q, 110)]
    for i in range(len(q["choices"])):
        if i == m:
            parts.append("- **%s. %s** ✅ — this %s." % (Lt(i), q["choices"][i], r.choice(POS_REASONS)))
        else:
            parts.append("- **%s. %s** ❌ — this %s." % (Lt(i), q["choices"][i], r.choice(NEG_REASONS)))
    v = r.randrange(4)
    if v == 0:
        parts.append("\n## Verdict\n\n**Answer: %s**" % Lt(m))
    elif v == 1:
        parts.append("\n## Conclusion\n\nThe correct choice is **%s. %s**." % (Lt(m), T(q, m)))
    elif v == 2:
        parts.append("\n---\n\n**Final answer:** %s — *%s*\n\nLet me know if you'd like more detail on any of the distractors." % (Lt(m), T(q, m)))
    else:
        parts.append("\n### Bottom line\n\nGo with **%s**." % T(q, m))
    return "\n".join(parts), Lt(m)


@style("frontier_bracket", "Reasoning paragraph that mentions several options, then the letter in square brackets as the system prompt requested.")
def s_frontier_bracket(q, r):
    m = pick(q, r)
    o = others(q, r, [m], 2)
    txt = ("Let's reason step by step. The question is about: %s\n\n"
           "Option %s (\"%s\") %s. Option %s (\"%s\") %s. Option %s (\"%s\") %s.\n\n" % (
               short_stem(q, 90), Lt(o[0]), T(q, o[0]), r.choice(NEG_REASONS),
               Lt(o[1]), T(q, o[1]), r.choice(NEG_REASONS), Lt(m), T(q, m), r.choice(POS_REASONS)))
    end = r.choice(["Therefore, the correct answer is [%s].", "[%s]", "So my answer is [%s]", "Answer: [%s]"])
    return txt + end % Lt(m), Lt(m)


@style("cautious_hedged", "Cautious assistant: disclaimers about certainty and checking course materials, but still commits to one option.")
def s_cautious(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    t = r.choice([
        "I want to be careful here, since exam questions like this can depend on the specific curriculum. Based on what I know, **{L}** (\"{T}\") seems most consistent with the question, though I'd recommend double-checking with your textbook.",
        "I'm not completely certain, but I'd lean toward {L}: {T}. Option {X} is worth a second look if your course materials define the term differently. Please verify before relying on this.",
        "This is my best understanding rather than a definitive ruling: the answer is most likely \"{T}\" ({L}). If this is for a graded exam, please confirm with your teacher.",
        "Caveat: I may be wrong on details of the local exam syllabus. With that said, I'll commit to **{L}**.\n\nI'd still suggest confirming with an official answer key.",
    ])
    return t.format(L=Lt(m), T=T(q, m), X=Lt(x)), Lt(m)


SOURCES = ["biology_textbook_ch4.pdf, p. 112", "exam_prep_notes_2019.docx", "history_grade11_unit3.pdf, p. 58",
           "wiki/Encyclopedia_entry.html", "course_reader_vol2.pdf, pp. 201–203", "lecture_slides_week7.pptx",
           "state_exam_guide.pdf, p. 14", "kb://articles/4471"]


@style("rag_citation", "RAG product answer: 'According to the retrieved documents…' with bracketed citations and a sources footer; answer by letter or by quoting the choice.")
def s_rag_citation(q, r):
    m = pick(q, r)
    srcs = r.sample(SOURCES, 2)
    v = r.randrange(3)
    if v == 0:
        body = "According to the retrieved documents, the description in the question corresponds to \"%s\" [1]. The other options are discussed in a different context [2].\n\n**Answer: %s**" % (T(q, m), Lt(m))
    elif v == 1:
        body = "Based on the provided context [1][2], the correct option is %s) %s." % (Lt(m), T(q, m))
    else:
        body = "The knowledge base states that this refers to %s [2]. Therefore the best match among the choices is **%s**." % (q["choices"][m], T(q, m))
    return body + "\n\nSources:\n[1] %s\n[2] %s" % (srcs[0], srcs[1]), Lt(m)


@style("rag_refusal", "RAG product that refuses because the retrieved documents do not contain the answer; no option chosen.")
def s_rag_refusal(q, r):
    t = r.choice([
        "I'm sorry, but the provided documents don't contain information that answers this question. The retrieved passages discuss unrelated topics, so I can't determine which option is correct.",
        "I couldn't find anything about \"{S}\" in the knowledge base. Please consult your course materials or rephrase the question.",
        "Based on the retrieved context, I am unable to answer this question. None of the sources [1][2] mention the options listed.\n\nSources:\n[1] {A}\n[2] {B}",
        "The documents available to me do not cover this topic, so I'd rather not guess. Try uploading the relevant chapter and ask again.",
    ])
    a, b = r.sample(SOURCES, 2)
    return t.format(S=short_stem(q, 60), A=a, B=b), "none"


@style("rag_guess", "RAG product that says the documents don't answer it, then offers a general-knowledge guess anyway.")
def s_rag_guess(q, r):
    m = pick(q, r)
    t = r.choice([
        "The retrieved documents don't address this directly. Based on general knowledge, though, the most likely answer is {L} ({T}). Please verify against an authoritative source.",
        "I could not find this in the provided sources. If I had to guess: **{L}**.",
        "None of the indexed documents mention this question. Outside of the documents, I'd say \"{T}\" is the correct choice, but treat that as unverified.",
        "Not found in context [1]. Going from general knowledge instead: option {L}, \"{T}\".\n\nSources:\n[1] {S} (no relevant passage)",
    ])
    return t.format(L=Lt(m), T=T(q, m), S=r.choice(SOURCES)), Lt(m)


@style("agent_trace", "Tool-using agent trace (Thought/Action/Observation) ending in a Final Answer line.")
def s_agent_trace(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    tr = ("Thought: I need to determine which option answers: %s\n"
          "Action: search[\"%s\"]\n"
          "Observation: Results mention several related concepts but nothing conclusive.\n"
          "Thought: Let me check option %s (\"%s\") first.\n"
          "Action: lookup[\"%s\"]\n"
          "Observation: This does not match the question.\n"
          "Thought: Option %s (\"%s\") fits the description.\n" % (
              short_stem(q, 80), short_stem(q, 40), Lt(x), T(q, x), T(q, x), Lt(m), T(q, m)))
    end = r.choice(["Final Answer: %s" % Lt(m), "Action: finish[%s]" % Lt(m),
                    "Final Answer: %s" % T(q, m), "FINAL ANSWER: (%s)" % Lt(m)])
    return tr + end, Lt(m)


@style("agent_stopped", "Agent trace that runs out of steps / errors and stops without giving any final answer.")
def s_agent_stopped(q, r):
    x = r.randrange(len(q["choices"]))
    tr = ("Thought: I should search for background on this question.\n"
          "Action: search[\"%s\"]\n"
          "Observation: Error: search tool timed out.\n"
          "Thought: Let me try verifying option %s (\"%s\").\n"
          "Action: lookup[\"%s\"]\n"
          "Observation: No results found.\n" % (short_stem(q, 50), Lt(x), T(q, x), T(q, x)))
    end = r.choice(["\nAgent stopped due to iteration limit or time limit.",
                    "Thought: I still need more information.\n[max_steps=6 reached]",
                    "\nERROR: Could not parse LLM output. Stopping.",
                    "Thought: I'll check the remaining options next.\n<agent terminated: budget exhausted>"])
    return tr + end, "none"


@style("small_terse", "Small local model: bare letter or minimal answer token with odd punctuation.")
def s_small_terse(q, r):
    m = pick(q, r)
    t = r.choice(["{L}", "{L}.", "({L})", "Answer: {L}", "{L})", "[{L}]", " {l}", "{L}. {C}", "Answer:{L}\n"])
    return t.format(L=Lt(m), l=Lt(m).lower(), C=q["choices"][m]), Lt(m)


@style("small_repeat", "Small local model that repeats its answer several times (degenerate looping).")
def s_small_repeat(q, r):
    m = pick(q, r)
    k = r.randrange(3, 7)
    v = r.randrange(3)
    if v == 0:
        return "\n".join([Lt(m)] * k), Lt(m)
    if v == 1:
        return " ".join(["The answer is %s." % Lt(m)] * k), Lt(m)
    return "\n".join(["%s. %s" % (Lt(m), q["choices"][m])] * k), Lt(m)


@style("small_template", "Small local model leaking chat-template tokens around its answer.")
def s_small_template(q, r):
    m = pick(q, r)
    t = r.choice(["<|im_start|>assistant\n{L}<|im_end|>", "[/INST] {L} </s>", "### Response:\n{L}\n\n### Instruction:",
                  "<|assistant|>\nThe answer is {L}.<|end|>\n<|user|>", "<start_of_turn>model\n{L}. {C}<end_of_turn>",
                  "Answer: {L}<|eot_id|><|start_header_id|>user<|end_header_id|>"])
    return t.format(L=Lt(m), C=q["choices"][m]), Lt(m)


@style("small_runon", "Small local model answers, then keeps generating a new invented question with its own answer letter.")
def s_small_runon(q, r):
    m = pick(q, r)
    q2 = r.choice(POOL[q["set"]])
    if q2 is q:
        return None
    l2 = Lt(r.randrange(len(q2["choices"])))
    if l2 == Lt(m):
        l2 = Lt((LETTERS.index(l2) + 1) % len(q2["choices"]))
    head = r.choice(["{L}", "Answer: {L}", "{L}. {C}"]).format(L=Lt(m), C=q["choices"][m])
    return "%s\n\nQuestion: %s\n%s\nAnswer: %s\n\nQuestion:" % (head, short_stem(q2, 120), opt_lines(q2), l2), Lt(m)


@style("support_bot", "Customer-support chatbot tone: greeting, emoji, answer, offer of further help; occasionally hands off to a human instead.")
def s_support(q, r):
    if r.random() < 0.15:
        return ("Hi there! 👋 Thanks for reaching out. Unfortunately I'm not able to help with exam questions in this chat. "
                "I've created a ticket (#%d) and one of our tutors will get back to you within 24 hours. Is there anything else I can help you with today?" % r.randrange(10000, 99999)), "none"
    m = pick(q, r)
    t = r.choice([
        "Hi there! 👋 Thanks for your question. The correct answer is option {L}: \"{T}\". If you have any other questions, feel free to ask! 😊",
        "Hello and thank you for contacting Support! I've checked this for you — the right choice is **{T}**. Have a great day!",
        "Great question! 🙌 After reviewing it, we recommend answering {L}. Is there anything else I can assist you with?",
        "Thanks for your patience! The answer you're looking for is {L} ({T}). Don't hesitate to reach out again if you need more help. 💬",
    ])
    return t.format(L=Lt(m), T=T(q, m)), Lt(m)


@style("quick_typing", "Person typing quickly: lowercase, typos, slang, lowercase letter (even 'a').")
def s_quick(q, r):
    m = pick(q, r)
    l = Lt(m).lower()
    t = r.choice(["prob {l} lol", "i think its {l}", "{l} ofc", "answr is {l} i guess", "def {t}",
                  "its {l} - {t2}", "pretty sure {l}, the others dont make sense", "ummm {l}? yeah {l}",
                  "go w/ {l}", "{t2} obv"])
    return t.format(l=l, t=T(q, m).lower(), t2=strip_accents(T(q, m)).lower()), Lt(m)


@style("json_out", "Structured JSON output (sometimes fenced) with answer field, reasoning mentioning other letters, or null answer.")
def s_json(q, r):
    v = r.randrange(6)
    if v == 5:
        o = {"answer": None, "reason": "insufficient information to choose an option", "confidence": 0.0}
        return json.dumps(o, ensure_ascii=False), "none"
    m = pick(q, r)
    x = others(q, r, [m])[0]
    if v == 0:
        o = {"answer": Lt(m)}
    elif v == 1:
        o = {"reasoning": "Option %s is a distractor; option %s fits the stem." % (Lt(x), Lt(m)), "answer": Lt(m), "confidence": round(r.uniform(0.55, 0.95), 2)}
    elif v == 2:
        o = {"selected_option": {"letter": Lt(m), "text": q["choices"][m]}}
    elif v == 3:
        o = {"candidates": sorted([Lt(m), Lt(x)]), "final": Lt(m)}
    else:
        o = {"answer_text": q["choices"][m], "valid": True}
    s = json.dumps(o, ensure_ascii=False, indent=r.choice([None, 2]))
    if r.random() < 0.4:
        s = "```json\n" + s + "\n```"
    return s, Lt(m)


@style("xml_out", "XML-tagged output: answer tags, attributes, or reasoning blocks mentioning other options.")
def s_xml(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    v = r.randrange(4)
    if v == 0:
        s = "<answer>%s</answer>" % Lt(m)
    elif v == 1:
        s = "<response>\n  <reasoning>Option %s does not fit; option %s matches the description.</reasoning>\n  <answer>%s</answer>\n</response>" % (Lt(x), Lt(m), Lt(m))
    elif v == 2:
        s = '<result><choice id="%s">%s</choice></result>' % (Lt(m), q["choices"][m])
    else:
        s = "<thinking>Between %s and %s... %s is better.</thinking>\n<final_answer>%s</final_answer>" % (Lt(x), Lt(m), Lt(m), T(q, m))
    return s, Lt(m)


@style("yaml_out", "YAML output with answer key, confidence, and list of rejected options.")
def s_yaml(q, r):
    m = pick(q, r)
    rej = [Lt(i) for i in range(len(q["choices"])) if i != m]
    v = r.randrange(3)
    if v == 0:
        s = "answer: %s\nconfidence: %s\nrejected: [%s]" % (Lt(m), r.choice(["high", "medium", "low"]), ", ".join(rej))
    elif v == 1:
        s = "---\nquestion_id: %d\nselected:\n  letter: %s\n  text: \"%s\"\n" % (q["idx"], Lt(m), T(q, m))
    else:
        s = "rejected_options:\n" + "".join("  - %s\n" % x for x in rej) + "final_choice: %s" % Lt(m)
    return s, Lt(m)


@style("csv_out", "CSV output: a header plus one answer row, or one row per option with a selected flag.")
def s_csv(q, r):
    m = pick(q, r)
    v = r.randrange(3)
    if v == 0:
        s = "question_id,answer,confidence\n%d,%s,%.2f" % (q["idx"], Lt(m), r.uniform(0.5, 0.99))
    elif v == 1:
        s = "option,selected\n" + "\n".join("%s,%d" % (Lt(i), int(i == m)) for i in range(len(q["choices"])))
    else:
        s = "option;text;correct\n" + "\n".join("%s;%s;%s" % (Lt(i), q["choices"][i], "yes" if i == m else "no") for i in range(len(q["choices"])))
    return s, Lt(m)


@style("kv_out", "key=value / log-line style output.")
def s_kv(q, r):
    m = pick(q, r)
    rej = ",".join(Lt(i) for i in range(len(q["choices"])) if i != m)
    t = r.choice(["answer={L}", "answer={L}; confidence={c}; rejected={rej}", "status=ok choice={L} latency_ms={ms}",
                  "rejected={rej}\nanswer={L}", "ANSWER: {L} | CONF: {c}"])
    return t.format(L=Lt(m), c="%.2f" % r.uniform(0.4, 0.99), rej=rej, ms=r.randrange(80, 900)), Lt(m)


@style("html_out", "HTML fragment output with the answer marked by bold, a class, or a list item.")
def s_html(q, r):
    m = pick(q, r)
    v = r.randrange(3)
    if v == 0:
        s = '<div class="answer"><p>Correct answer: <b>%s</b></p></div>' % Lt(m)
    elif v == 1:
        s = "<ul>\n" + "\n".join('  <li class="%s">%s. %s</li>' % ("correct" if i == m else "incorrect", Lt(i), c) for i, c in enumerate(q["choices"])) + "\n</ul>"
    else:
        s = "<p>The option that fits is <strong>%s</strong> (%s).</p>" % (T(q, m), Lt(m))
    return s, Lt(m)


@style("native_letter", "Answer written in the question's language (Hungarian/Croatian/Lithuanian) giving the letter.")
def s_native_letter(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    return r.choice(NAT[q["lang"]]["letter"]).format(L=Lt(m), X=Lt(x)), Lt(m)


@style("native_text", "Answer in the question's language that quotes the choice text only (no letter).")
def s_native_text(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    return r.choice(NAT[q["lang"]]["text"]).format(T=T(q, m), TX=T(q, x)), Lt(m)


@style("native_ordinal", "Answer in the question's language using an ordinal word (first/second/...) for the option.")
def s_native_ordinal(q, r):
    m = pick(q, r)
    return r.choice(NAT[q["lang"]]["ord"]).format(O=ORD[q["lang"]][m]), Lt(m)


@style("english_frame_native", "English sentence framing the native-language choice text, no letter.")
def s_eng_native(q, r):
    m = pick(q, r)
    t = r.choice(["The correct answer is “{T}”.", "I'd pick *{T}* here.", "It should be \"{T}\" — the other options don't fit.",
                  "Answer: {T}", "That describes {T}."])
    return t.format(T=T(q, m)), Lt(m)


@style("quote_typo_noaccent", "Quotes the choice text with dropped accents and/or a typo, no letter.")
def s_quote_typo(q, r):
    m = pick(q, r)
    t = T(q, m)
    v = r.randrange(3)
    tq = strip_accents(t) if v == 0 else (typo(t, r) if v == 1 else strip_accents(typo(t, r)))
    if tq == t:
        tq = strip_accents(t).lower()
    f = r.choice(["the answer is {Q}", "Correct: \"{Q}\"", "I believe it's {Q}.", "{Q}", "answer -> {Q}"])
    return f.format(Q=tq), Lt(m)


def trunc_prefix(q, i):
    t = T(q, i)
    others_ = [T(q, j) for j in range(len(q["choices"])) if j != i]
    for k in range(1, len(t)):
        p = t[:k]
        if not any(o.startswith(p) for o in others_):
            k2 = k0 = max(k, int(len(t) * 0.55))
            while k2 < len(t) and t[k2] != " " and k2 - k0 < 12:
                k2 += 1
            p = t[:k2].rstrip(" ,;")
            if len(p) < len(t) - 3 and len(p) >= 4:
                return p
            return None
    return None


@style("truncated_quote", "Quotes a unique beginning of the chosen option and cuts it off with an ellipsis.")
def s_trunc(q, r):
    m = pick(q, r)
    p = trunc_prefix(q, m)
    if p is None:
        return None
    f = r.choice(["The answer is \"{P}…\"", "It's the one starting “{P}…”.", "Correct option: {P}…", "I'd go with \"{P}...\" — it matches the stem best."])
    return f.format(P=p), Lt(m)


@style("ordinal_en", "English answer naming the option by ordinal position (the third one, the last option).")
def s_ordinal(q, r):
    m = pick(q, r)
    n = len(q["choices"])
    w = "last" if (m == n - 1 and r.random() < 0.5) else ORD_EN[m]
    t = r.choice(["It's the {w} option.", "The {w} choice is correct.", "I'd go with the {w} one.", "Answer: the {w} option in the list."])
    return t.format(w=w), Lt(m)


@style("option_number", "English answer naming the option by its 1-based number.")
def s_optnum(q, r):
    m = pick(q, r)
    t = r.choice(["Option {n}.", "#{n}", "The correct answer is choice number {n}.", "I'd say option {n} of {N}.", "Answer: ({n})"])
    return t.format(n=m + 1, N=len(q["choices"])), Lt(m)


@style("negation_contrast", "Negation/contrast phrasing: 'not X — Y', 'neither X nor Y; it is Z'.")
def s_neg(q, r):
    m = pick(q, r)
    o = others(q, r, [m], 2)
    t = r.choice(["Not {X} — the answer is {L}.", "It's definitely not “{TX}”; the right one is “{T}”.",
                  "Neither {X} nor {Y}; it's {L}.", "{L}, not {X}.", "Don't pick {X}. {L} is correct.",
                  "The answer isn't {TX} but rather {T}."])
    return t.format(L=Lt(m), X=Lt(o[0]), Y=Lt(o[1]), T=T(q, m), TX=T(q, o[0])), Lt(m)


@style("tempting_but", "Names a tempting distractor first, then rejects it for the intended choice.")
def s_tempting(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    t = r.choice(["{X} (“{TX}”) is tempting, but {L} is correct.",
                  "At first glance \"{TX}\" looks right, but on closer reading the answer is \"{T}\".",
                  "Many students choose {X} here. That's the trap — the correct choice is {L}, {T}.",
                  "{X} sounds plausible, however it {neg}. So: {L}."])
    return t.format(L=Lt(m), X=Lt(x), T=T(q, m), TX=T(q, x), neg=r.choice(NEG_REASONS)), Lt(m)


@style("ranking", "Ranks the options by likelihood (sometimes least-to-most), then picks.")
def s_ranking(q, r):
    m = pick(q, r)
    rest = [i for i in range(len(q["choices"])) if i != m]
    r.shuffle(rest)
    order = [m] + rest
    v = r.randrange(3)
    if v == 0:
        s = "Ranking (most to least likely): %s. Going with %s." % (" > ".join(Lt(i) for i in order), Lt(order[0]))
    elif v == 1:
        s = "From least to most likely: %s. So the answer is the last one in that list." % ", ".join(Lt(i) for i in reversed(order))
    else:
        s = "My ranking:\n" + "\n".join("%d. %s (%s)" % (k + 1, Lt(i), T(q, i)) for k, i in enumerate(order)) + "\n\nTop pick: %s." % Lt(order[0])
    return s, Lt(m)


@style("two_finalists", "Narrows to two finalists, discusses both, then picks one.")
def s_finalists(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    a, b = (m, x) if r.random() < 0.5 else (x, m)
    t = r.choice(["It comes down to {A} and {B}. {X} {neg}, so I'll go with {L}.",
                  "After eliminating the rest, two finalists remain: \"{TA}\" and \"{TB}\". Between them, \"{T}\" {pos}. Final answer: {L}.",
                  "Shortlist: {A}, {B}.\nVerdict: {L}."])
    return t.format(A=Lt(a), B=Lt(b), X=Lt(x), L=Lt(m), TA=T(q, a), TB=T(q, b), T=T(q, m),
                    neg=r.choice(NEG_REASONS), pos=r.choice(POS_REASONS)), Lt(m)


@style("change_of_mind", "Starts with one option, then revises (once or twice); the final pick counts.")
def s_change(q, r):
    m = pick(q, r)
    o = others(q, r, [m], 2)
    t = r.choice(["My first instinct is {X}... wait, actually that {neg}. Let me reconsider. The correct answer is {L}.",
                  "Answer: {X}\n\nHmm, no — rereading the question, it's {L}. Final answer: {L}.",
                  "I was going to say \"{TX}\", but \"{T}\" fits better. Changing my answer to {L}.",
                  "{X}. Actually no, {Y}. On third thought, {L} — that's my final answer."])
    return t.format(X=Lt(o[0]), Y=Lt(o[-1]), L=Lt(m), TX=T(q, o[0]), T=T(q, m), neg=r.choice(NEG_REASONS)), Lt(m)


@style("hedged_commit", "Commits to one answer with explicit uncertainty and a mention of an alternative.")
def s_hedged(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    t = r.choice(["Probably {L}, though I'm not 100% sure.", "I'd go with {L}, but I'm only about 60% confident — {X} is also plausible.",
                  "My best guess is \"{T}\". Could be wrong.", "Leaning {L}. {X} is a distant second."])
    return t.format(L=Lt(m), X=Lt(x), T=T(q, m)), Lt(m)


@style("torn_unclear", "Torn between two or three options and never settles on one (label unclear).")
def s_torn(q, r):
    o = others(q, r, [], 3)
    t = r.choice(["I'm torn between {A} and {B}. Both seem defensible and I can't pick one with confidence.",
                  "It's either {A} or {B} — honestly 50/50.", "Could be \"{TA}\" or \"{TB}\", depending on how the textbook defines it. I can't decide.",
                  "{A}, {B} or maybe {C}... I really don't know which of these three is intended."])
    return t.format(A=Lt(o[0]), B=Lt(o[1]), C=Lt(o[2 % len(o)]), TA=T(q, o[0]), TB=T(q, o[1])), "unclear"


@style("cutoff_after", "Reply that states the answer and then gets cut off mid-explanation.")
def s_cut_after(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    t = r.choice(["**Answer: {L}**\n\nExplanation: Option {L} (\"{T}\") is correct because the",
                  "The correct answer is {L}. To see why, first consider option {X}, which",
                  "\"{T}\" is the right choice. The reason is that in this context the term refers to"])
    return t.format(L=Lt(m), T=T(q, m), X=Lt(x)), Lt(m)


@style("cutoff_before", "Reply that starts analysing the options and is cut off before any answer is given.")
def s_cut_before(q, r):
    n = r.randrange(1, len(q["choices"]))
    s = "Let's go through the options one by one.\n\n"
    for i in range(n):
        s += "%s. %s — %s" % (Lt(i), q["choices"][i], r.choice(["this could be plausible if we", "at first this seems to", "this is partially related, but we need to check whether"]))
        s += "\n\n" if i < n - 1 else ""
    return s, "none"


@style("latex_boxed", "Math-style answer ending in LaTeX \\boxed{} with letter or text.")
def s_latex(q, r):
    m = pick(q, r)
    t = r.choice(["Therefore the answer is $\\boxed{%s}$." % Lt(m), "\\[\\boxed{\\text{%s}}\\]" % Lt(m),
                  "Final answer: $\\boxed{\\text{(%s) %s}}$" % (Lt(m), T(q, m)),
                  "Step 1: discard %s.\nStep 2: the remaining option matches.\n\n\\boxed{%s}" % (Lt(others(q, r, [m])[0]), Lt(m))])
    return t, Lt(m)


@style("probabilities", "Probability per option (percent or decimal); the highest one is the pick, sometimes stated explicitly.")
def s_probs(q, r):
    m = pick(q, r)
    n = len(q["choices"])
    w = [r.uniform(0.02, 0.2) for _ in range(n)]
    w[m] = r.uniform(0.5, 0.8)
    tot = sum(w)
    pct = [round(100 * x / tot) for x in w]
    pct[m] += 100 - sum(pct)
    v = r.randrange(3)
    if v == 0:
        s = "\n".join("%s: %d%%" % (Lt(i), p) for i, p in enumerate(pct))
    elif v == 1:
        s = ", ".join("P(%s)=%.2f" % (Lt(i), p / 100) for i, p in enumerate(pct)) + "\n→ %s" % Lt(m)
    else:
        s = "Estimated probabilities:\n" + "\n".join("- %s (%s): %d%%" % (Lt(i), T(q, i), p) for i, p in enumerate(pct)) + "\n\nMost likely: %s." % Lt(m)
    return s, Lt(m)


@style("votes", "Self-consistency votes over several samples, then the majority answer.")
def s_votes(q, r):
    m = pick(q, r)
    k = r.choice([5, 7, 9])
    maj = k // 2 + 1
    votes = [Lt(m)] * maj + [Lt(r.choice([i for i in range(len(q["choices"])) if i != m])) for _ in range(k - maj)]
    r.shuffle(votes)
    c = Counter(votes)
    t = r.choice(["Sampled {k} answers: {v} → majority {L}.", "Votes: {tally}. Winner: {L}.", "Run results: {v}\nConsensus answer = {L}"])
    tally = ", ".join("%s=%d" % (x, c[x]) for x in sorted(c))
    return t.format(k=k, v=", ".join(votes), L=Lt(m), tally=tally), Lt(m)


@style("followup_correction", "Follow-up turn after the user pushes back: apology and corrected answer (or politely keeping the original).")
def s_followup(q, r):
    m = pick(q, r)
    x = others(q, r, [m])[0]
    t = r.choice(["You're right, I apologize for the confusion. In my previous reply I said {X}, but that was wrong. The correct answer is {L} — \"{T}\".",
                  "Sorry about that! My earlier answer ({X}) was a mistake. Corrected answer: **{L}**.",
                  "I understand the doubt, but after re-checking I'll stick with my original answer: {L}. Option {X}, which you suggested, {neg}.",
                  "Apologies — I mixed up the options. I meant \"{T}\", not \"{TX}\"."])
    return t.format(X=Lt(x), L=Lt(m), T=T(q, m), TX=T(q, x), neg=r.choice(NEG_REASONS)), Lt(m)


INCIDENTAL = [("A", "This isn't a grade A trick question, just careful reading."),
              ("B", "If you are unsure on the exam, Plan B is always to eliminate the obvious distractors first."),
              ("C", "Think of it like a type C question in the syllabus — it rewards precise definitions."),
              ("D", "(Fun fact: much like vitamin D questions, this one is often answered by reflex.)"),
              ("E", "Side note: in the E-series of practice tests this exact question appears too."),
              ("B", "Similar to the hepatitis B example from class, the key is the mechanism, not the name."),
              ("A", "A quick tip: read the stem twice.")]


@style("incidental_letters", "Answer where other capital letters appear incidentally (Plan B, vitamin D, type C, 'A quick tip') while choosing a different option.")
def s_incidental(q, r):
    m = pick(q, r)
    cand = [p for p in INCIDENTAL if p[0] != Lt(m)]
    note = r.choice(cand)[1]
    t = r.choice(["{N}\n\nThe answer is {L}.", "Answer: {L} ({T}).\n\n{N}", "{N} Here the right one is \"{T}\"."])
    return t.format(N=note, L=Lt(m), T=T(q, m)), Lt(m)


@style("pick_then_caveats", "Gives the pick first, then caveats that name other options.")
def s_caveats(q, r):
    m = pick(q, r)
    o = others(q, r, [m], 2)
    t = r.choice(["**{L}** — {T}.\n\nCaveats: {X} could be argued if the question meant a broader sense, and {Y} is a common distractor.",
                  "Answer: {L}.\n\nNote that some textbooks would accept {X}; also, {Y} is partly true but incomplete.",
                  "{T} ({L}). That said, if your teacher uses a different definition, {X} might be marked correct."])
    return t.format(L=Lt(m), T=T(q, m), X=Lt(o[0]), Y=Lt(o[-1])), Lt(m)


@style("dont_know", "Says it does not know (English or the question's language); no option given.")
def s_dunno(q, r):
    if r.random() < 0.4:
        return r.choice(NAT[q["lang"]]["dunno"]), "none"
    return r.choice(["I don't know the answer to this one.", "I'm not sure, sorry — I don't have enough knowledge about this topic to answer.",
                     "idk tbh", "I can't answer this reliably; I don't know.", "Honestly, I have no idea which option is right here."]), "none"


@style("none_fits", "Argues that none of the listed options is correct; no pick.")
def s_nonefits(q, r):
    x = r.randrange(len(q["choices"]))
    t = r.choice(["None of the listed options seems correct to me. The question may contain an error.",
                  "All of the options look wrong. Option {X} comes closest but still {neg}, so I can't choose any of them.",
                  "I don't think any answer here is right — the correct answer isn't among the choices.",
                  "Based on my knowledge, none of A–{Last} is accurate."])
    return t.format(X=Lt(x), neg=r.choice(NEG_REASONS), Last=Lt(len(q["choices"]) - 1)), "none"


@style("refusal", "Refuses to answer (policy / academic integrity); no pick.")
def s_refusal(q, r):
    return r.choice(["I'm sorry, but I can't help with answering exam questions while an exam is in progress.",
                     "I can't assist with that.", "I'm not able to provide answers to what appears to be a graded assessment. I can help you study the topic instead.",
                     "Sorry, I can only answer questions about our products and services."]), "none"


@style("elimination", "Process of elimination, crossing out options one by one until one remains.")
def s_elim(q, r):
    m = pick(q, r)
    rest = [i for i in range(len(q["choices"])) if i != m]
    r.shuffle(rest)
    s = "\n".join("✗ %s (%s) — %s" % (Lt(i), T(q, i), r.choice(NEG_REASONS)) for i in rest)
    s += r.choice(["\n\nThat leaves %s." % Lt(m), "\n\nOnly \"%s\" remains, so that's the answer." % T(q, m), "\n\n✓ %s" % Lt(m)])
    return s, Lt(m)


@style("markdown_table", "Markdown table with a verdict column (✅/❌) per option, sometimes with a closing line.")
def s_table(q, r):
    m = pick(q, r)
    s = "| Option | Text | Verdict |\n|---|---|---|\n"
    s += "\n".join("| %s | %s | %s |" % (Lt(i), c, "✅ correct" if i == m else "❌") for i, c in enumerate(q["choices"]))
    if r.random() < 0.5:
        s += "\n\n**Answer:** %s" % Lt(m)
    return s, Lt(m)


# ----------------------------------------------------------------- generate
PER_STYLE = 10
rows = []
for si, (name, desc, fn) in enumerate(STYLES):
    for n in range(PER_STYLE):
        setname = SETS[(si + n) % 3]
        for _attempt in range(200):
            q = R.choice(POOL[setname])
            res = fn(q, R)
            if res is not None:
                break
        else:
            raise SystemExit("no question found for %s" % name)
        reply, meant = res
        rows.append({"set": q["set"], "id": "%s:%d#%s-%d" % (q["set"], q["idx"], name, n),
                     "choices": list(q["choices"]), "style": name, "reply": reply, "meant": meant})

with open(OUT, "w", encoding="utf-8", newline="\n") as f:
    for row in rows:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")

with open(STYLES_MD, "w", encoding="utf-8", newline="\n") as f:
    f.write("# Styles in replies-blind16.jsonl\n\n")
    for name, desc, _ in STYLES:
        f.write("`%s` — %s\n" % (name, desc))

# ----------------------------------------------------------------- verify
FIELDS = ["set", "id", "choices", "style", "reply", "meant"]
ids = set()
by_style, by_label, by_set, qs = Counter(), Counter(), Counter(), {s: set() for s in SETS}
answering = key_hits = 0
src_cache = {s: read_samples(s) for s in SETS}
with open(OUT, encoding="utf-8") as f:
    data = f.read()
for k, line in enumerate(data.split("\n")[:-1]):
    d = json.loads(line)
    assert list(d.keys()) == FIELDS, (k, d.keys())
    assert d["set"] in SETS
    assert d["id"] not in ids, d["id"]
    ids.add(d["id"])
    idx = int(d["id"].split(":", 1)[1].split("#", 1)[0])
    q = parse(src_cache[d["set"]][idx])
    assert q and q["choices"] == d["choices"], d["id"]
    valid = set(LETTERS[: len(d["choices"])]) | {"none", "unclear"}
    assert d["meant"] in valid, d["id"]
    assert isinstance(d["reply"], str) and d["reply"].strip()
    by_style[d["style"]] += 1
    by_label[d["meant"]] += 1
    by_set[d["set"]] += 1
    qs[d["set"]].add(idx)
    if d["meant"] in LETTERS:
        answering += 1
        key_hits += d["meant"] == LETTERS[q["key"]]
assert data.endswith("\n")
print("lines:", len(ids))
print("styles (%d):" % len(by_style))
for s, c in by_style.items():
    print("  %-22s %d" % (s, c))
print("labels:", dict(sorted(by_label.items())))
print("sets:", {s: (by_set[s], len(qs[s])) for s in SETS}, "(rows, distinct questions)")
print("pool sizes:", {s: len(POOL[s]) for s in SETS})
print("key rate among answering: %d/%d = %.3f" % (key_hits, answering, key_hits / answering))
print("unclear share: %.3f" % (by_label["unclear"] / len(ids)))
print("sha256:", hashlib.sha256(data.encode("utf-8")).hexdigest())
