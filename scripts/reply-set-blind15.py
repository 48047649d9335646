#!/usr/bin/env python3
"""Blind hand-labelled test set of free-text MCQ replies (seed 15015).

Writes /tmp/blind15/replies-blind15.jsonl and /tmp/blind15/STYLES.md.
Standard library only; deterministic byte for byte.
"""
import collections
import difflib
import hashlib
import json
import os
import random
import re
import unicodedata
import zipfile

OUT = "/tmp/blind15"
os.makedirs(OUT, exist_ok=True)
OUT_FILE = os.path.join(OUT, "replies-blind15.jsonl")
STYLES_FILE = os.path.join(OUT, "STYLES.md")
DATA_DIR = "/tmp/evx/evals/registry/data"
WHEEL = "/tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl"
SETS = ["german-exams-qa", "italian-exams-qa", "vietnamese-exams-qa", "atpl_exams"]
LANG = {"german-exams-qa": "de", "italian-exams-qa": "it",
        "vietnamese-exams-qa": "vi", "atpl_exams": "en"}
LET = "ABCDEF"
SEED = 15015
PER_STYLE = 10

rng = random.Random(SEED)


# ----------------------------------------------------------------- loading
def read_set(name):
    path = os.path.join(DATA_DIR, name, "samples.jsonl")
    if os.path.isdir(DATA_DIR) and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
    else:
        with zipfile.ZipFile(WHEEL) as z:
            text = z.read("evals/registry/data/%s/samples.jsonl" % name).decode("utf-8")
    return [ln for ln in text.split("\n") if ln.strip()]


def parse_lines(content):
    c = content.rstrip()
    if c.endswith("Answer:"):
        c = c[:-len("Answer:")].rstrip()
    lines = c.split("\n")
    ch = []
    i = len(lines) - 1
    while i >= 0:
        m = re.match(r"^([A-F])[\.\)]\s+(.*\S)\s*$", lines[i])
        if not m:
            break
        ch.append((m.group(1), m.group(2).strip()))
        i -= 1
    ch.reverse()
    stem = "\n".join(lines[:i + 1]).strip()
    return stem, ch


def parse_inline(content):
    c = re.sub(r"\s*Reply by choosing one of the following answers:.*$", "", content.strip(), flags=re.S)
    m = re.search(r"(?:^|\s)A\)\s", c)
    if not m:
        return "", []
    stem = c[:m.start()].strip()
    starts = [(m.start(), m.end())]
    pos = m.end()
    for L in LET[1:]:
        m2 = re.compile(r"\s%s\)\s" % L).search(c, pos)
        if not m2:
            break
        starts.append((m2.start(), m2.end()))
        pos = m2.end()
    ch = []
    for k, (s, e) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(c)
        ch.append((LET[k], c[e:end].strip()))
    if ch:
        others_dot = any(t.endswith(".") for _, t in ch[:-1])
        last = ch[-1][1]
        if last.endswith(".") and not others_dot:
            ch[-1] = (ch[-1][0], last[:-1].rstrip())
    return stem, ch


def letterish(t):
    if re.fullmatch(r"\(?[A-Fa-f]\)?\.?", t.strip()):
        return True
    return re.search(r"(?<!\w)[A-F](?!\w)", t) is not None


def load_questions():
    qs = {}
    stats = {}
    for name in SETS:
        good = []
        for idx, ln in enumerate(read_set(name)):
            d = json.loads(ln)
            content = [m for m in d["input"] if m["role"] == "user"][-1]["content"]
            if name == "atpl_exams":
                stem, ch = parse_inline(content)
            else:
                stem, ch = parse_lines(content)
            letters = "".join(x for x, _ in ch)
            texts = [t for _, t in ch]
            key = d["ideal"].strip().strip("[]").strip() if isinstance(d["ideal"], str) else ""
            if not (3 <= len(ch) <= 6) or letters != LET[:len(ch)]:
                continue
            if len(set(t.lower() for t in texts)) < len(texts):
                continue
            if any(len(t) > 160 or len(t) == 0 for t in texts):
                continue
            if any(letterish(t) for t in texts):
                continue
            if key not in letters or not stem:
                continue
            good.append({"set": name, "idx": idx, "stem": stem, "choices": texts,
                         "key": letters.index(key), "lang": LANG[name]})
        qs[name] = good
        stats[name] = len(good)
    return qs, stats


# ----------------------------------------------------------------- helpers
ORD = ["first", "second", "third", "fourth", "fifth", "sixth"]


def C(r, xs):
    return r.choice(xs)


def nodot(t):
    return t.rstrip().rstrip(".").rstrip()


def lowfirst(t):
    if len(t) > 1 and t[0].isupper() and t[1].islower():
        return t[0].lower() + t[1:]
    return t


def short(t, n=70):
    t = " ".join(t.split())
    if len(t) <= n:
        return t
    cut = t[:n].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def topic(q, n=60):
    s = " ".join(q["stem"].split())
    return short(s, n)


def deaccent(t):
    t = t.replace("đ", "d").replace("Đ", "D").replace("ß", "ss")
    return "".join(ch for ch in unicodedata.normalize("NFKD", t) if not unicodedata.combining(ch))


def closest_ok(q, txt, t, margin=0.08):
    """txt must be clearly closest to choice t (for transformed quotes)."""
    sc = [difflib.SequenceMatcher(None, txt.lower(), c.lower()).ratio() for c in q["choices"]]
    best = max(range(len(sc)), key=lambda i: sc[i])
    others = [sc[i] for i in range(len(sc)) if i != t]
    return best == t and sc[t] - max(others) >= margin


def numericish(q):
    return any(re.match(r"^[\s\d\.,\-−+±~≈/%]+", c) for c in q["choices"])


def others(q, t):
    return [i for i in range(len(q["choices"])) if i != t]


WHY = [
    "it is exactly what the question describes",
    "it is the only option consistent with the conditions given in the question",
    "this follows directly from the standard definition",
    "that's the textbook result for this kind of problem",
    "the other statements contradict the premise, while this one doesn't",
    "it's the only one that holds under the stated assumptions",
    "it matches the underlying principle the question is testing",
    "every other option breaks at least one of the stated conditions",
]
WHYNOT = [
    "doesn't match the conditions given",
    "mixes up cause and effect",
    "is a classic distractor",
    "would only hold in a special case",
    "contradicts the premise of the question",
    "gets the direction of the effect backwards",
    "is true in general but doesn't answer what is asked",
    "confuses two related concepts",
    "overstates what can actually be concluded",
]
OPEN = ["", "", "Sure! ", "Good question. ", "Let's look at this. ", "Okay — ", "Alright. ",
        "Here's my take. ", "Short answer first. "]
CLOSE = ["", "", "", "\n\nHope this helps!", "\n\nLet me know if you'd like more detail on any option.",
         "\n\nFeel free to ask if anything is unclear.", " 🙂", "\n\nGood luck with the exam!"]
DOCS = {
    "de": ["Physik_Skript_Kap3.pdf", "Abitur_Biologie_2019.pdf", "Chemie_Grundlagen.pdf", "Lehrbuch_Mechanik.pdf"],
    "it": ["Fisica_cap7.pdf", "Biologia_Campbell_it.pdf", "Chimica_generale_dispense.pdf", "Test_ammissione_2018.pdf"],
    "vi": ["SGK_Sinh_hoc_12.pdf", "De_thi_THPT_2019.pdf", "Vat_ly_12_chuong3.pdf", "Hoa_hoc_11_on_tap.pdf"],
    "en": ["ICAO_Doc_4444.pdf", "EASA_ATPL_Notes_v2.pdf", "Jeppesen_GS_Manual.pdf", "Oxford_ATPL_Instruments.pdf"],
}


def why(r, q, t):
    return C(r, WHY)


def whynot(r):
    return C(r, WHYNOT)


def cap(s):
    return s[:1].upper() + s[1:]


def sent(s):
    s = s.rstrip()
    return s if s[-1:] in ".!?…»“”\"'" else s + "."


def smallint_choices(q):
    return any(re.fullmatch(r"\s*[0-9]\s*[\.,]?\s*", c) for c in q["choices"])


def quote(t, n=80):
    return "“" + short(t, n) + "”"


def lt(q, i):
    return LET[i]


def tx(q, i):
    return q["choices"][i]


def typo_word(w, r):
    k = r.randrange(3)
    if len(w) < 5:
        return w
    j = r.randrange(1, len(w) - 2)
    if k == 0:
        return w[:j] + w[j + 1] + w[j] + w[j + 2:]
    if k == 1:
        return w[:j] + w[j + 1:]
    return w[:j] + w[j] + w[j:]


def make_typo(t, r, n=2):
    words = t.split(" ")
    cand = [i for i, w in enumerate(words) if len(re.sub(r"\W", "", w)) >= 5 and w.isalpha()]
    if not cand:
        return None
    for i in r.sample(cand, min(n, len(cand))):
        words[i] = typo_word(words[i], r)
    out = " ".join(words)
    return out if out != t else None


ARTICLES = r"(?i)\b(the|a|an|der|die|das|den|dem|des|ein|eine|einen|einem|einer|il|lo|la|i|gli|le|un|una|uno)\b\s+"


def paraphrase(t, r):
    s = nodot(t)
    ops = r.sample(["low", "deacc", "art", "dot"], r.randint(2, 4))
    if "art" in ops:
        s = re.sub(ARTICLES, "", s)
        s = re.sub(r"(?i)\b(l|un|dell|all|sull|nell)['’]", "", s)
    if "deacc" in ops:
        s = deaccent(s)
    if "low" in ops and not re.search(r"\d|[A-Z].*[A-Z]", s):
        s = s.lower()
    s = s.strip()
    return s


def truncate_unique(q, t):
    words = q["choices"][t].split()
    for k in range(2, len(words) - 1):
        pre = " ".join(words[:k])
        if len(pre) < 12:
            continue
        if all(not c.lower().startswith(pre.lower()) for i, c in enumerate(q["choices"]) if i != t):
            return pre.rstrip(",;:")
    return None


# ----------------------------------------------------------------- styles
STYLES = []  # (name, description, kind, set_restriction, fn)


def style(name, desc, kind="answer", only=None):
    def deco(fn):
        STYLES.append((name, desc, kind, only, fn))
        return fn
    return deco


@style("terse_letter", "Just the letter in some bare form: `B`, `B.`, `(b)`, `**B**`, `[B]`, `B)`, with stray whitespace.")
def s_terse(q, t, r):
    L = lt(q, t)
    f = C(r, ["{L}", "{L}.", "({l})", "**{L}**", "[{L}]", "{l}", "{L})", "({L})", "{L}\n", " {L} ",
              "{l}.", "`{L}`", "✅ {L}", "{L}!"])
    return f.format(L=L, l=L.lower())


@style("answer_prefix", "Letter after a label: `Answer: B`, `ANSWER - B`, `Final answer: B`, `Ans: b`, `Correct option: (B)`.")
def s_prefix(q, t, r):
    L = lt(q, t)
    f = C(r, ["Answer: {L}", "ANSWER - {L}", "Final answer: {L}", "The answer is {L}.", "Correct option: ({L})",
              "Ans: {l}", "answer = {L}", "Answer:{L}", "My answer: {L}", "Solution: {L}", "→ {L}",
              "Correct answer: **{L}**", "FINAL ANSWER: {L}", "Selected: {L}", "Answer — ({l})"])
    s = f.format(L=L, l=L.lower())
    return s + C(r, ["", "", "", "\n", " ✅", "  "])


@style("letter_dash_text", "Letter plus the choice text, terse: `B — text`, `(B) text`, `B: text`.")
def s_letter_text(q, t, r):
    L, T = lt(q, t), tx(q, t)
    f = C(r, ["{L} — {T}", "{L}) {T}", "({L}) {T}", "{L}: {T}", "**{L}.** {T}", "{L} - {T}",
              "{L}. {T}", "Answer: {L} — {T}", "**{L}) {T}**"])
    return f.format(L=L, T=T)


@style("option_number", "Choice given by its number, not letter: `option 2`, `choice #3`, `answer number 4`.")
def s_number(q, t, r):
    if numericish(q):
        return None
    n = t + 1
    f = C(r, ["option {n}", "Option #{n}", "I'd go with choice {n}.", "Answer #{n}.",
              "It's number {n} — {T}.", "Option {n} of {N} is correct.", "The correct one is option no. {n}.",
              "choice {n}", "Go with #{n} ({T}).", "Answer: option {n}"])
    return f.format(n=n, N=len(q["choices"]), T=nodot(tx(q, t)))


@style("ordinal", "Choice given by ordinal: `the third one`, `the last option`, `the first choice`.")
def s_ordinal(q, t, r):
    N = len(q["choices"])
    if numericish(q):
        return None
    if t == N - 1 and r.random() < 0.6:
        o = C(r, ["last", "final", "very last"])
    elif t == N - 2 and N >= 4 and r.random() < 0.3:
        o = "second-to-last"
    else:
        o = ORD[t]
    f = C(r, ["the {o} one", "The {o} option is correct.", "I'd say the {o} one — {T}.",
              "{O} choice.", "It's the {o} answer.", "Pretty sure it's the {o} option.",
              "Go with the {o} one: {T}", "Of the {N} options, the {o} is right."])
    return f.format(o=o, O=o[0].upper() + o[1:], T=nodot(tx(q, t)), N=N)


@style("agent_trace", "ReAct / tool-using agent trace (Thought/Action/Observation) ending in a final answer line (letter or text).")
def s_agent(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    kw = " ".join(re.findall(r"\w+", q["stem"])[:6])
    obs = C(r, ["Passage 2 states: “{ts}”.", "Top hit (score 0.81): “…{ts}…”",
                "Result 1 is a course note containing the phrase “{ts}”.", "3 results. The most relevant one says: “{ts}”."])
    lines = [
        "Thought: " + C(r, ["The question is about " + quote(topic(q, 50), 60) + ". I should search the knowledge base.",
                           "I need to find which option is correct. Let me look it up.",
                           "Let me retrieve relevant material before answering."]),
        "Action: " + C(r, ['search("%s")' % kw, 'retrieve[%s]' % kw, '{"tool": "kb_search", "query": "%s"}' % kw]),
        "Observation: " + obs.format(ts=short(nodot(T), 60)),
        "Thought: " + C(r, ["That matches option {L}. Option {O} {wn}.", "Option {O} {wn}; the observation supports {L}.",
                           "This confirms {L}. No need for more searches."]).format(L=L, O=lt(q, o), wn=whynot(r)),
    ]
    fin = C(r, ["Final Answer: {L}", "FINAL ANSWER: {L}", 'final_answer("{L}")', "Final Answer: {T}",
                "Answer: {L}", "Final Answer: {L}) {T}"])
    lines.append(fin.format(L=L, T=T))
    return "\n".join(lines)


@style("json_letter", "JSON object with the letter (keys vary: answer/choice/selected_option), sometimes fenced, with confidence or reasoning.")
def s_json_letter(q, t, r):
    L = lt(q, t)
    key = C(r, ["answer", "choice", "selected_option", "final_answer", "label", "prediction"])
    d = {key: L}
    if r.random() < 0.5:
        d["confidence"] = round(r.uniform(0.55, 0.97), 2)
    if r.random() < 0.5:
        d["reasoning"] = "Option %s %s; %s." % (lt(q, C(r, others(q, t))), whynot(r), why(r, q, t))
    s = json.dumps(d, ensure_ascii=False, indent=C(r, [None, 2]))
    if r.random() < 0.4:
        s = "```json\n" + s + "\n```"
    return s


@style("json_text", "JSON object whose answer field holds only the choice text (no letter).")
def s_json_text(q, t, r):
    T = tx(q, t)
    key = C(r, ["answer", "selected", "answer_text", "response", "result"])
    d = {key: T}
    if r.random() < 0.4:
        d["confidence"] = C(r, ["high", "medium", "0.8", "likely"])
    if r.random() < 0.3:
        d["sources"] = [C(r, DOCS[q["lang"]])]
    s = json.dumps(d, ensure_ascii=False, indent=C(r, [None, 2]))
    if r.random() < 0.4:
        s = "```json\n" + s + "\n```"
    return s


@style("xml_tags", "XML-ish tagged output: `<answer>B</answer>`, `<reasoning>…</reasoning><choice>C</choice>`, or text inside tags.")
def s_xml(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    v = r.randrange(4)
    if v == 0:
        return "<answer>%s</answer>" % L
    if v == 1:
        return ("<reasoning>\nOption %s %s. %s, %s.\n</reasoning>\n<answer>%s</answer>"
                % (lt(q, o), whynot(r), quote(T, 60), why(r, q, t), L))
    if v == 2:
        return "<response>\n  <choice>%s</choice>\n  <text>%s</text>\n</response>" % (L, T)
    return "<thinking>The options differ mainly in wording; %s %s.</thinking>\n<final>%s</final>" % (
        lt(q, o), whynot(r), T)


@style("yaml_block", "YAML output (sometimes fenced) with answer letter or text plus rationale fields.")
def s_yaml(q, t, r):
    L, T = lt(q, t), tx(q, t)
    lines = []
    if r.random() < 0.6:
        lines.append("answer: %s" % L)
    else:
        lines.append('answer: "%s"' % T.replace('"', "'"))
    if r.random() < 0.6:
        lines.append("confidence: %s" % C(r, ["high", "medium", "0.74", "0.9"]))
    if r.random() < 0.6:
        lines.append("rationale: >\n  %s" % (cap(why(r, q, t)) + "."))
    if r.random() < 0.4:
        lines.append("rejected: [%s]" % ", ".join(lt(q, i) for i in others(q, t)))
    s = "\n".join(lines)
    if r.random() < 0.5:
        s = "```yaml\n" + s + "\n```"
    return s


@style("codefence_text", "Only the choice text inside a code fence (sometimes with `Answer:` inside), no letter.")
def s_fence(q, t, r):
    T = tx(q, t)
    f = C(r, ["```\n{T}\n```", "```text\nAnswer: {T}\n```", "```\n{T}\n```\n", "Output:\n```\n{T}\n```",
              "```plaintext\n{T}\n```"])
    return f.format(T=T)


@style("markdown_heading", "Markdown answer with headings (## Answer / ### Why), bold pick and short explanation.")
def s_mdhead(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    h1 = C(r, ["## Answer", "### Answer", "# Result", "## Correct option", "**Answer**"])
    h2 = C(r, ["### Why", "### Explanation", "## Reasoning", "### Why the others are wrong", "**Explanation**"])
    body = "- %s: %s.\n- Option %s %s." % (quote(T, 60), why(r, q, t), lt(q, o), whynot(r))
    if r.random() < 0.5 and len(others(q, t)) > 1:
        o2 = C(r, [i for i in others(q, t) if i != o])
        body += "\n- Option %s %s." % (lt(q, o2), whynot(r))
    return "%s\n**%s. %s**\n\n%s\n%s" % (h1, L, T, h2, body) + C(r, CLOSE)


@style("bold_chat", "Chat-assistant prose: 'The correct answer is **B) text**.' then an explanation paragraph.")
def s_bold(q, t, r):
    L, T = lt(q, t), tx(q, t)
    f = C(r, ["The correct answer is **{L}) {T}**.", "**Answer: {L}** — {T}", "The right choice here is **{L}**: {T}",
              "I'd answer **{L}** ({T}).", "✅ **{L}. {T}**"])
    s = C(r, OPEN) + f.format(L=L, T=nodot(T))
    s += "\n\n" + C(r, ["This is because ", "Reason: ", "Why? Because ", "The reasoning: "]) + why(r, q, t) + "."
    if r.random() < 0.6:
        o = C(r, others(q, t))
        s += " Option %s (%s) %s." % (lt(q, o), short(nodot(tx(q, o)), 50), whynot(r))
    return s + C(r, CLOSE)


@style("bullet_elimination", "One bullet per option with ✅/❌ (or correct/wrong) marks; exactly one marked correct; may or may not restate the pick.")
def s_bullets(q, t, r):
    mk = C(r, [("✅", "❌"), ("✓", "✗"), ("(correct)", "(wrong)"), ("— Correct", "— Incorrect"), ("👍", "👎")])
    lines = []
    if r.random() < 0.5:
        lines.append(C(r, ["Let's go through the options:", "Option by option:", "Checking each choice:"]))
    for i, c in enumerate(q["choices"]):
        if i == t:
            lines.append("- **%s.** %s %s — %s." % (LET[i], short(c, 70), mk[0], why(r, q, t)))
        else:
            lines.append("- **%s.** %s %s — %s." % (LET[i], short(c, 70), mk[1], whynot(r)))
    if r.random() < 0.5:
        lines.append("\n" + C(r, ["**Answer: %s**", "So the answer is %s.", "→ %s"]) % LET[t])
    return "\n".join(lines)


@style("option_table", "Markdown table of options with verdict column; one row marked correct, sometimes a closing line.")
def s_table(q, t, r):
    yes, no = C(r, [("✅ Correct", "❌"), ("Yes", "No"), ("correct", "incorrect"), ("✔", "✘")])
    rows = ["| Option | Statement | Verdict |", "|---|---|---|"]
    for i, c in enumerate(q["choices"]):
        rows.append("| %s | %s | %s |" % (LET[i], short(c, 60), yes if i == t else no))
    s = "\n".join(rows)
    if r.random() < 0.5:
        s = C(r, ["Here's a quick comparison:\n\n", "Summary table:\n\n", ""]) + s
    if r.random() < 0.5:
        s += "\n\n" + C(r, ["Answer: **%s**", "So: %s.", "Correct option → %s"]) % LET[t]
    return s


@style("rag_citation", "RAG answer with bracketed citations [1][2] ('According to the retrieved context…') naming the option.")
def s_rag_cite(q, t, r):
    L, T = lt(q, t), tx(q, t)
    a = C(r, ["According to the retrieved context, the correct statement is “{T}” [{n}].",
              "Based on the provided documents, the answer is {L}: {T} [{n}].",
              "The retrieved passages [{n}] point to “{T}”.",
              "Per the knowledge base [{n}], the matching option is {L}.",
              "Document [{n}] explicitly lists “{T}” in this context."]).format(T=nodot(T), L=L, n=r.randint(1, 3))
    b = C(r, ["This corresponds to option {L} [1][2].", "Therefore the answer is **{L}** [1].",
              "So the correct choice is {L} [2][3].", "→ Option {L} [1].", "", "Answer: {L}."]).format(L=L)
    s = a + (" " + b if b else "")
    if r.random() < 0.5:
        o = C(r, others(q, t))
        s += " " + C(r, ["None of the sources support option %s [3].", "Option %s is not mentioned in any source.",
                         "Source [2] briefly mentions the idea behind %s, but only as a misconception."]) % lt(q, o)
    return s


@style("rag_source_footer", "RAG product answer with a 'Sources:' footer listing documents/pages.")
def s_rag_footer(q, t, r):
    L, T = lt(q, t), tx(q, t)
    s = C(r, ["**Answer:** {L} — {T}", "The answer is {L} ({T}).", "Correct option: {L}. {T}",
              "It's {L}: {T}"]).format(L=L, T=nodot(T))
    s += "\n\n" + cap(why(r, q, t)) + "."
    docs = r.sample(DOCS[q["lang"]], 2)
    s += "\n\n" + C(r, ["---\nSources:", "Sources:", "📄 References:", "Retrieved from:"])
    for k, d in enumerate(docs):
        s += "\n%d. %s (p. %d)" % (k + 1, d, r.randint(3, 240))
    return s


@style("rag_footnote", "Answer with markdown footnotes [^1] and footnote definitions at the end.")
def s_rag_fn(q, t, r):
    L, T = lt(q, t), tx(q, t)
    s = C(r, ["The correct option is {L}: {T}[^1]", "{L}. {T}[^1]", "Answer: {L}[^1] — {T}",
              "Option {L} is right[^1]: {T}"]).format(L=L, T=nodot(T))
    s += "\n\nThe other options are not supported by the material[^2]."
    s += "\n\n[^1]: %s, section %d.%d\n[^2]: %s" % (C(r, DOCS[q["lang"]]), r.randint(1, 9), r.randint(1, 9),
                                                     C(r, ["Course notes, summary table", "Exam solutions booklet",
                                                           "Lecture slides, week %d" % r.randint(1, 12)]))
    return s


@style("rag_guess", "'The documents don't say directly, but I'd guess…' then a committed pick.")
def s_rag_guess(q, t, r):
    L, T = lt(q, t), tx(q, t)
    a = C(r, ["The retrieved documents don't address this directly, but ", "I couldn't find an explicit statement in the sources; however, ",
              "Nothing in the provided context answers this exactly. That said, ",
              "The knowledge base doesn't cover this question. Based on general knowledge, "])
    b = C(r, ["I'd guess {L} ({T}).", "my best guess is {L} — {T}.", "I would pick option {L}.",
              "the most likely answer is {L}: {T}."]).format(L=L, T=nodot(T))
    s = a + b
    if r.random() < 0.5:
        s += " " + C(r, ["Please verify against your course material.", "Treat this as unverified.",
                         "(Not sourced from the documents.)"])
    return s


@style("rag_not_found", "RAG refusal: the documents don't contain the answer; no option picked (label none).", kind="none")
def s_rag_nf(q, t, r):
    s = C(r, ["I'm sorry, but the provided documents do not contain information about this question.",
              "I couldn't find the answer in the retrieved context.",
              "The knowledge base has no passage covering " + quote(topic(q, 50), 60) + ", so I can't answer reliably.",
              "Based on the documents provided, I'm unable to determine which option is correct.",
              "The retrieved sources ({d}) discuss a different topic and don't mention any of the options.",
              "No relevant information was found in {d}.",
              "I searched the uploaded files but none of them address this question."]).format(d=C(r, DOCS[q["lang"]]))
    if r.random() < 0.6:
        s += " " + C(r, ["Please upload the relevant course material and ask again.",
                         "Could you provide more context or a different source?",
                         "I don't want to guess between the options without a source.",
                         "You may want to consult the official syllabus.",
                         "Try rephrasing the question or adding more documents to the collection."])
    return s


@style("refusal", "Assistant declines to answer (policy / exam integrity / can't determine); no pick (label none).", kind="none")
def s_refusal(q, t, r):
    return C(r, ["I'm sorry, but I can't help with answering exam questions directly. I can explain the underlying concepts if you like.",
                 "I can't assist with this request.",
                 "Sorry, I'm not able to answer this one.",
                 "It looks like this is from an ongoing exam, so I won't provide the answer. Happy to help you study the topic afterwards!",
                 "I'm unable to provide an answer to this question.",
                 "I'd rather not pick an option here — I can't verify any of them with confidence, and a wrong answer could mislead you.",
                 "As an AI model I can't reliably answer this question. Please consult your instructor or the official materials.",
                 "This request appears to violate the academic integrity policy, so I can't choose an option for you.",
                 "I won't answer this directly, but here's a hint: re-read the definitions in your notes and compare them with each option.",
                 "Sorry — I can't provide answers to graded test questions.",
                 "I'm not comfortable guessing on a question like " + quote(topic(q, 40), 50) + "; please check with a qualified instructor."])


@style("dont_know", "Plain 'I don't know' answers, sometimes restating that options can't be told apart; no pick (label none).", kind="none")
def s_dontknow(q, t, r):
    s = C(r, ["I don't know.", "Not sure, sorry.", "idk", "I don't know the answer to this one.",
              "Honestly I have no idea.", "I'm not sure which one is correct.",
              "I don't have enough knowledge about " + quote(topic(q, 40), 50) + " to answer.",
              "No idea, sorry — this is outside what I know.", "Unknown."])
    if r.random() < 0.3:
        s += " " + C(r, ["Maybe check your textbook?", "You might want to ask a teacher.", "Sorry I can't be more helpful."])
    return s


@style("none_fit", "Writer says none of the listed options is correct (sometimes naming why several fail); label none.", kind="none")
def s_nonefit(q, t, r):
    a, b = r.sample(range(len(q["choices"])), 2)
    last = LET[len(q["choices"]) - 1]
    core = C(r, [
        "None of the options is correct as stated.",
        "None of these fit.",
        "Honestly, none of the given answers are right. %s %s, and %s %s; the remaining ones don't work either." % (
            LET[a], whynot(r), LET[b], whynot(r)),
        "I don't think any of the listed choices is correct — the right answer isn't among them.",
        "All options look wrong to me: %s and %s both contradict the premise, and the others are irrelevant." % (LET[a], LET[b]),
        "The answer would be something else entirely; none of A–%s matches." % last,
        "I checked each of A–%s and every one has a problem, so I can't pick any of them." % last,
        "None of the above — every listed option contradicts the information given in the question.",
    ])
    tail = C(r, ["", "", " The question seems to be flawed.", " Maybe there's a typo in the question?",
                 " I'd report this question to the exam board.", " Please double-check the options."])
    return core + tail


@style("quote_exact", "Reply is (or contains) the exact choice text, without a letter, sometimes quoted or prefixed.")
def s_quote_exact(q, t, r):
    T = tx(q, t)
    return C(r, ["{T}", "\"{T}\"", "Answer: {T}", "It's “{T}”", "The correct answer: {T}",
                 "{T}\n\n" + cap(why(r, q, t)) + ".", "> {T}"]).format(T=T)


@style("quote_typo", "Choice text quoted with one or two typos, no letter.")
def s_quote_typo(q, t, r):
    ty = make_typo(tx(q, t), r)
    if not ty or not closest_ok(q, ty, t):
        return None
    return C(r, ["{T}", "answer: {T}", "I think its {T}", "{T} ?", "the answer is {T}"]).format(T=ty)


@style("quote_paraphrase", "Loose paraphrase of the choice text: lowercased, articles dropped, diacritics stripped, no final period.")
def s_quote_para(q, t, r):
    p = paraphrase(tx(q, t), r)
    norm = [paraphrase(c, random.Random(0)) for c in q["choices"]]
    if not p or len(set(norm)) < len(norm) or not closest_ok(q, p, t, 0.1):
        return None
    return C(r, ["{P}", "it's {P}", "answer: {P}", "I'd say {P}.", "{P} — pretty sure", "Correct is: {P}"]).format(P=p)


@style("quote_truncated", "Choice text truncated with '…' (a unique prefix), no letter.")
def s_quote_trunc(q, t, r):
    pre = truncate_unique(q, t)
    if not pre:
        return None
    return C(r, ["{P}…", "The answer is “{P}…”", "{P}...", "Answer: {P}…", "It's the one starting “{P}…”"]).format(P=pre)


@style("negation_contrast", "'Not X — it's Y' forms: names a rejected option first, then the pick.")
def s_neg(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    return C(r, ["Not {O} — it's {L}.", "Definitely not {O}. {L}.", "It isn't {OT}; the correct choice is {L} ({T}).",
                 "Not {O}, but {L}.", "People often say {O}, but it's actually {L}.",
                 "No, not {O} ({OT}). The answer is {L}.", "{O}? No. {L}.", "It's not {OT} — it's {TQ}.",
                 "Careful: not {O}! The correct one is {L}."]).format(
        O=LET[o], OT=quote(nodot(tx(q, o)), 50), L=L, T=nodot(T), TQ=quote(nodot(T), 60))


@style("tempting_but", "'X is tempting, but Y' — the distractor is discussed before the pick.")
def s_tempt(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    return C(r, [
        "{O} is tempting, but {L} is the right answer: {T}.",
        "Option {O} ({OT}) looks attractive at first, but it {wn}. The correct answer is {L}.",
        "A lot of people fall for {O}. The actual answer is {L} — {T}.",
        "{OT} is the obvious trap. Go with {L}.",
        "I was tempted by {O} too, but it {wn}. {L} is correct.",
        "{O} sounds right, but the better answer is {L}, because {why}.",
        "The trap here is {O}. Answer: {L}.",
    ]).format(O=LET[o], OT=quote(nodot(tx(q, o)), 50), L=L, T=nodot(T), wn=whynot(r), why=why(r, q, t))


@style("while_plausible", "'While X might seem plausible, the answer is Y' — formal contrast sentence.")
def s_while(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    return C(r, [
        "While option {O} might seem plausible, the correct answer is {L}, since {why}.",
        "Although {OT} may appear correct, it {wn}; therefore the answer is {L}.",
        "While {O} could be argued, {L} ({T}) is the better answer.",
        "Even though {O} sounds reasonable, the answer is {L} because {why}.",
        "Whereas {O} {wn}, {L} is consistent with the question. The answer is therefore {L}.",
        "Option {O} is partially true; however, the best answer is {L}.",
    ]).format(O=LET[o], OT=quote(nodot(tx(q, o)), 50), L=L, T=nodot(T), wn=whynot(r), why=why(r, q, t))


@style("ranking", "Ranks options by likelihood (e.g. C > A > B > D) and then names the top one.")
def s_rank(q, t, r):
    order = [t] + r.sample(others(q, t), len(q["choices"]) - 1)
    chain = " > ".join(LET[i] for i in order)
    return C(r, [
        "Ranking by likelihood: {chain}. So {L}.",
        "My ranking:\n" + "\n".join("%d. %s" % (k + 1, LET[i]) for k, i in enumerate(order)) + "\n\nTop pick: {L}",
        "Most to least likely: {chain}\nAnswer: {L}",
        "If I order them: {chain}. Going with {L} ({T}).",
    ]).format(chain=chain, L=LET[t], T=nodot(tx(q, t)))


@style("two_finalists", "Narrows to two finalists, compares them, then picks one.")
def s_final2(q, t, r):
    o = C(r, others(q, t))
    pair = [LET[t], LET[o]]
    r.shuffle(pair)
    return C(r, [
        "It comes down to {a} and {b}. {O} {wn}, so {L}.",
        "I can eliminate everything except {a} and {b}. Between those two, {L} wins because {why}.",
        "Finalists: {a} vs {b}.\n- {O}: {wn}\n- {L}: {why}\nPick: {L}",
        "The two serious candidates are {a} ({ta}) and {b} ({tb}). {L} is more defensible — final answer {L}.",
        "Narrowed it down to {a}/{b}. On reflection {O} {wn}. Going with {L}.",
        "{a} and {b} are both close, but {L} is the more precise statement. Answer: {L}",
    ]).format(a=pair[0], b=pair[1], O=LET[o], L=LET[t], wn=whynot(r), why=why(r, q, t),
              ta=short(nodot(tx(q, LET.index(pair[0]))), 40), tb=short(nodot(tx(q, LET.index(pair[1]))), 40))


@style("step_by_step", "Chain-of-thought steps ending 'Therefore the answer is (C)' or similar.")
def s_steps(q, t, r):
    o1 = C(r, others(q, t))
    steps = [
        "Step 1: Identify what is asked — " + quote(topic(q, 50), 60) + ".",
        "Step 2: " + C(r, ["Recall the relevant principle and compare it with each option.",
                           "Write down what the principle predicts before looking at the options.",
                           "Identify the key concept being tested."]),
        "Step 3: Check the options. %s %s." % (LET[o1], whynot(r)),
        "Step 4: Only %s remains consistent — %s." % (LET[t], why(r, q, t)),
    ]
    if r.random() < 0.4:
        steps = ["Let's think step by step."] + steps
    end = C(r, ["Therefore the answer is ({L}).", "Therefore, the answer is {L}.", "Hence: {L}", "So the final answer is {L}."])
    return "\n".join(steps) + "\n\n" + end.format(L=LET[t])


@style("change_of_mind", "Starts with one pick, then revises ('wait, actually…'); the final pick counts.")
def s_change(q, t, r):
    o = C(r, others(q, t))
    return C(r, [
        "{O}. Wait, actually no — re-reading the question, it's {L}.",
        "My first instinct was {O}, but {O} {wn}. Changing my answer to {L}.",
        "Answer: {O}\n\nHmm, on second thought that's wrong. {L} ({T}) is correct. Final: {L}",
        "I initially thought {OT}, but after checking again the answer should be {L}.",
        "{O} — no, scratch that. {L}.",
    ]).format(O=LET[o], OT=quote(nodot(tx(q, o)), 50), L=LET[t], T=nodot(tx(q, t)), wn=whynot(r))


@style("hedged_commit", "Hedged but committed: 'not sure, I'd lean towards C'.")
def s_hedge(q, t, r):
    return C(r, [
        "Not 100% sure, but I'd lean towards {L}.",
        "I think it's probably {L} ({T}), though I could be wrong.",
        "My best guess would be {L}.",
        "Hmm, tricky. I'd go with {L}, maybe 70% confident.",
        "Can't be certain without the source, but {L} seems most likely.",
        "Probably {L}? That's what I'd put.",
        "I'm not an expert on this, but if I had to choose: {L}.",
        "Low confidence, but {L}.",
        "It's been a while since I studied this — I believe it's {T}, so {L}.",
    ]).format(L=LET[t], T=nodot(tx(q, t)))


@style("torn_unclear", "Torn between two (or more) options without settling (label unclear).", kind="unclear")
def s_torn(q, t, r):
    a, b = r.sample(range(len(q["choices"])), 2)
    return C(r, [
        "Either {a} or {b} — I honestly can't decide between them.",
        "It's {a} or {b}, 50/50 for me.",
        "Could be {a}, could be {b}; it depends on how the question is interpreted.",
        "Both {a} ({ta}) and {b} ({tb}) seem right to me.",
        "I'm torn between {a} and {b}. Good arguments for both.",
        "{a}? Or maybe {b}. Not sure.",
    ]).format(a=LET[a], b=LET[b], ta=short(nodot(tx(q, a)), 40), tb=short(nodot(tx(q, b)), 40))


def cut_mid(s, r, lo=0.45, hi=0.8):
    k = int(len(s) * r.uniform(lo, hi))
    return s[:k].rstrip()


@style("cutoff_after_answer", "Answer given first, then the reply is cut off mid-explanation by a token limit (label = the answer).")
def s_cut_after(q, t, r):
    o = C(r, others(q, t))
    head = C(r, ["The answer is {L}.", "**{L}) {T}**\n\n", "Answer: {L}\n\n", "{L} is correct."]).format(L=LET[t], T=nodot(tx(q, t)))
    tail = ("Let me explain why. First, %s. Then consider option %s, which %s; this is important because the"
            " underlying principle states that the quantity in question depends on" % (why(r, q, t), LET[o], whynot(r)))
    return head + ("" if head.endswith("\n") else " ") + cut_mid(tail, r)


@style("cutoff_before_answer", "Reply cut off by a token limit before any answer is stated (label none).", kind="none")
def s_cut_before(q, t, r):
    i = r.randrange(len(q["choices"]))
    s = C(r, [
        "Let's go through the options one by one.\n\nA. %s — to evaluate this statement we first need to check whether it is consistent with" % short(tx(q, 0), 60),
        "To answer this, we first need to recall the definition behind " + quote(topic(q, 40), 50) + ". In general, the key quantity here depends on",
        "Okay, let's analyze. Option %s says %s. Whether this is true depends on what happens to the system when" % (LET[i], quote(nodot(tx(q, i)), 50)),
        "Step 1: Understand the question.\nThe question asks " + quote(topic(q, 50), 60) + ".\nStep 2: Recall the relevant background. In textbooks this is usually introduced together with",
        "This is a classic exam question and it's worth being careful, because two of the options look very similar at first glance. The key idea is that",
        "**Analysis**\n\nFirst, let's restate the problem in simpler terms: we are asked " + quote(topic(q, 50), 60) + ". To decide, we compare each option with",
    ])
    words = s.split(" ")
    k = max(4, int(len(words) * r.uniform(0.75, 1.0)))
    return " ".join(words[:k])

DE_WHY = ["Das folgt direkt aus der Definition.", "Die anderen Aussagen widersprechen den Bedingungen der Aufgabe.",
          "Das ist das Standardergebnis aus dem Lehrbuch.", "Nur diese Aussage ist mit den Angaben vereinbar."]
IT_WHY = ["Questo deriva direttamente dalla definizione.", "Le altre opzioni contraddicono le condizioni del problema.",
          "È il risultato standard che si trova sui libri di testo.", "È l'unica affermazione compatibile con i dati."]
VI_WHY = ["Điều này suy ra trực tiếp từ định nghĩa.", "Các phương án còn lại mâu thuẫn với giả thiết của đề bài.",
          "Đây là kết quả quen thuộc trong sách giáo khoa.", "Chỉ phương án này phù hợp với dữ kiện đã cho."]


@style("german_letter", "German-language answer with the letter (German questions).", only="german-exams-qa")
def s_de_letter(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    s = C(r, ["Die richtige Antwort ist **{L}**.", "Antwort: {L}", "Richtig ist {L}: {T}", "Lösung: ({L})",
              "Ich würde {L} wählen.", "Korrekt ist Antwort {L} – {T}", "Meiner Meinung nach stimmt {L}.",
              "{L} ist richtig."]).format(L=L, T=nodot(T))
    s = sent(s)
    if r.random() < 0.7:
        s += " " + C(r, DE_WHY)
    if r.random() < 0.4:
        s += " " + C(r, ["Antwort %s ist falsch.", "%s kann man ausschließen.", "Bei %s liegt ein typischer Denkfehler vor."]) % LET[o]
    return s


@style("german_text", "German-language answer quoting the German choice text, no letter.", only="german-exams-qa")
def s_de_text(q, t, r):
    T = nodot(tx(q, t))
    return C(r, ["Richtig ist: „{T}“", "{T}", "Die Antwort lautet: {T}.", "Ich denke: {T}. " + C(r, DE_WHY),
                 "„{T}“ – " + C(r, DE_WHY), "Die zutreffende Aussage: {T}.", "Antwort: „{T}“ (siehe Lehrbuch)."]).format(T=T)


@style("italian_letter", "Italian-language answer with the letter (Italian questions).", only="italian-exams-qa")
def s_it_letter(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    s = C(r, ["La risposta corretta è la **{L}**.", "Risposta: {L}", "La risposta giusta è {L}) {T}", "Soluzione: ({L})",
              "Sceglierei la {L}.", "È corretta l'opzione {L}: {T}", "Secondo me è la {L}.", "Risposta esatta: {L}"]).format(L=L, T=nodot(T))
    s = sent(s)
    if r.random() < 0.7:
        s += " " + C(r, IT_WHY)
    if r.random() < 0.4:
        s += " " + C(r, ["La %s è sbagliata.", "La %s è un distrattore.", "Escluderei la %s."]) % LET[o]
    return s


@style("italian_text", "Italian-language answer quoting the Italian choice text, no letter.", only="italian-exams-qa")
def s_it_text(q, t, r):
    T = nodot(tx(q, t))
    return C(r, ["La risposta corretta è: {T}", "{T}", "Risposta: «{T}»", "Direi {T}. " + C(r, IT_WHY),
                 "«{T}» – " + C(r, IT_WHY), "L'affermazione giusta è: {T}.", "Secondo il libro di testo: {T}."]).format(T=T)


@style("vietnamese_letter", "Vietnamese-language answer with the letter (Vietnamese questions).", only="vietnamese-exams-qa")
def s_vi_letter(q, t, r):
    L, T = lt(q, t), tx(q, t)
    o = C(r, others(q, t))
    s = C(r, ["Đáp án đúng là **{L}**.", "Đáp án: {L}", "Chọn {L}.", "Chọn đáp án {L}: {T}", "Câu trả lời: ({L})",
              "Mình chọn {L} nhé.", "=> Đáp án {L}", "Đáp án {L}. {T}"]).format(L=L, T=nodot(T))
    s = sent(s)
    if r.random() < 0.7:
        s += " " + C(r, VI_WHY)
    if r.random() < 0.4:
        s += " " + C(r, ["Phương án %s sai.", "Loại phương án %s.", "Phương án %s không đúng."]) % LET[o]
    return s


@style("vietnamese_text", "Vietnamese-language answer quoting the Vietnamese choice text, no letter.", only="vietnamese-exams-qa")
def s_vi_text(q, t, r):
    T = nodot(tx(q, t))
    return C(r, ["Đáp án đúng: {T}", "{T}", "Câu trả lời là: \"{T}\"", "Theo mình là: {T}. " + C(r, VI_WHY),
                 "\"{T}\" – " + C(r, VI_WHY), "Đáp án là {T}.", "Ý đúng: {T}."]).format(T=T)


@style("lowercase_casual", "Lowercase casual chat ('pretty sure its c lol', 'def b').")
def s_casual(q, t, r):
    l = LET[t].lower()
    return C(r, ["pretty sure its {l}", "def {l}", "{l} lol", "hmm i'd say {l}", "its {l}, {tl}",
                 "{l} for sure, the others make no sense", "ok so {l}?? yeah {l}", "answer's {l} i think",
                 "gotta be {l}", "easy, {l}"]).format(l=l, tl=nodot(tx(q, t)).lower())


@style("latex_boxed", "Math-style reasoning ending in LaTeX \\boxed{B} (or \\boxed{\\text{B}}).")
def s_boxed(q, t, r):
    L = LET[t]
    pre = C(r, ["", "Checking the options against the conditions, %s.\n\n" % why(r, q, t),
                "Option %s %s.\n\n" % (LET[C(r, others(q, t))], whynot(r)),
                "The final answer is "])
    box = C(r, ["\\boxed{%s}", "$\\boxed{%s}$", "$$\\boxed{\\text{%s}}$$", "\\(\\boxed{%s}\\)"]) % L
    return pre + box


@style("probability_per_option", "Probability/confidence per option (list, percentages or dict), the clear maximum is the pick.")
def s_prob(q, t, r):
    n = len(q["choices"])
    top = r.uniform(0.55, 0.9)
    rest = [r.random() + 0.05 for _ in range(n - 1)]
    sm = sum(rest)
    rest = [x / sm * (1 - top) for x in rest]
    ps = []
    k = 0
    for i in range(n):
        if i == t:
            ps.append(top)
        else:
            ps.append(rest[k])
            k += 1
    v = r.randrange(4)
    if v == 0:
        s = "\n".join("%s: %.2f" % (LET[i], ps[i]) for i in range(n))
    elif v == 1:
        s = ", ".join("P(%s)=%d%%" % (LET[i], round(ps[i] * 100)) for i in range(n))
    elif v == 2:
        s = json.dumps({LET[i]: round(ps[i], 2) for i in range(n)})
    else:
        s = "Confidence per option:\n" + "\n".join("- %s (%s): %d%%" % (LET[i], short(q["choices"][i], 30), round(ps[i] * 100))
                                                    for i in range(n))
    if r.random() < 0.6:
        s += "\n" + C(r, ["→ %s", "Most likely: %s", "Answer: %s"]) % LET[t]
    return s


@style("self_consistency", "Several sampled answers and a majority vote; the majority is the pick.")
def s_vote(q, t, r):
    m = C(r, [5, 7, 9])
    win = m // 2 + 1 + r.randint(0, 1)
    votes = [t] * win + [C(r, others(q, t)) for _ in range(m - win)]
    r.shuffle(votes)
    cnt = collections.Counter(votes)
    v = r.randrange(3)
    if v == 0:
        s = "\n".join("Sample %d: %s" % (k + 1, LET[x]) for k, x in enumerate(votes))
        s += "\nMajority vote: %s (%d/%d)" % (LET[t], cnt[t], m)
    elif v == 1:
        s = "Votes: " + ", ".join("%s=%d" % (LET[i], cnt[i]) for i in sorted(cnt)) + "\nFinal: %s" % LET[t]
    else:
        s = "Ran %d reasoning paths: %s.\nConsensus answer → %s" % (m, " ".join(LET[x] for x in votes), LET[t])
    return s


@style("apology_correction", "Follow-up turn after user pushback: apologises and corrects (or re-affirms); the latest answer counts.")
def s_apology(q, t, r):
    o = C(r, others(q, t))
    v = r.randrange(4)
    if v == 0:
        return ("Assistant: The answer is %s.\nUser: Are you sure? I think that's wrong.\nAssistant: You're right, I apologize "
                "for the confusion. The correct answer is %s — %s." % (LET[o], LET[t], nodot(tx(q, t))))
    if v == 1:
        return "Apologies — my previous answer (%s) was incorrect. The correct option is %s." % (LET[o], LET[t])
    if v == 2:
        return ("I understand the doubt, but after re-checking I'll stick with my original answer: %s. "
                "Option %s %s." % (LET[t], LET[o], whynot(r)))
    return "Sorry, I made a typo earlier: I wrote %s but I meant %s (%s)." % (LET[o], LET[t], short(nodot(tx(q, t)), 50))


@style("prose_elimination", "Eliminates options in prose and ends 'that leaves X'.")
def s_prose_elim(q, t, r):
    os_ = others(q, t)
    r.shuffle(os_)
    parts = []
    for i in os_:
        parts.append(C(r, ["%s is out because it %s." % (LET[i], whynot(r)), "%s %s." % (LET[i], whynot(r)),
                           "We can rule out %s, which %s." % (LET[i], whynot(r))]))
    return " ".join(parts) + " " + C(r, ["That leaves %s.", "So what remains is %s.", "Only %s is left standing.",
                                         "That leaves %s as the answer."]) % LET[t]


@style("restate_then_answer", "Restates/quotes the question, then answers.")
def s_restate(q, t, r):
    return C(r, [
        "The question asks: {s}\n\nThe answer is {L} — {T}.",
        "So we're being asked {s} Answer: {L}.",
        "Restating: {s}\n→ {T} ({L})",
        "Question: {s}\nMy answer: option {L}.",
        "In other words, the question wants to know which option correctly completes {s} That's {L}.",
    ]).format(s=quote(topic(q, 90), 100), L=LET[t], T=nodot(tx(q, t)))


@style("assumption_commit", "States an assumption about the question, then commits to a pick.")
def s_assume(q, t, r):
    return C(r, [
        "Assuming the question refers to standard conditions, I'll go with {L}.",
        "I'll assume the usual textbook context here. Under that assumption the answer is {L} ({T}).",
        "If we take the question literally (no special cases), then {L}.",
        "The question is a bit vague, so I'm assuming the ideal case. Answer: {L}.",
        "Assumption: this follows the standard curriculum definitions. Given that, {L} — {T}.",
        "I'm assuming there is exactly one correct option and that it is meant in the general sense. My answer: {L}.",
    ]).format(L=LET[t], T=nodot(tx(q, t)))


@style("incidental_letters", "Answer that also uses capital letters incidentally (Plan B, type A, Step C, Appendix D, vitamin B).")
def s_incid(q, t, r):
    L = LET[t]
    inc = [x for x in LET[:len(q["choices"])] if x != L]
    x, y = r.sample(inc, 2) if len(inc) >= 2 else (inc[0], inc[0])
    return C(r, [
        "Think of it like Plan {x}: if the obvious approach fails, look at the conditions again. Here the correct choice is {L}.",
        "This isn't a type {x} vs type {y} distinction; the key point is that {why}. So: {L}.",
        "As explained in Appendix {x} of most textbooks, {why}. → answer {L}",
        "In Step {x} you identify the given quantities, in Step {y} you apply the principle. Result: option {L}.",
        "Unlike the vitamin {x} questions earlier in this set, this one is about reasoning, not memorising. Answer {L}.",
        "Students who got a grade {x} in the course usually get this right: it's {L} ({T}).",
        "Per section {x}.2 of the syllabus, the answer is {L}.",
        "(Side note: Table {x} in the handbook has a related example.) The correct option is {L}.",
    ]).format(x=x, y=y, L=L, why=why(r, q, t), T=short(nodot(tx(q, t)), 50))


@style("wrong_and_right", "States which option is wrong and which is right, in either order.")
def s_wr(q, t, r):
    o = C(r, others(q, t))
    return C(r, [
        "{O} is wrong because it {wn}. The right answer is {L}.",
        "The right one is {L}; {O} is wrong because it {wn}.",
        "Correct: {L}. Incorrect: {others}.",
        "Wrong answer: {O}. Correct answer: {L}.",
        "{L} is correct, {O} is not.",
        "{O} ✗  {L} ✓",
        "Your answer {O} is incorrect — the correct one is {L}.",
        "The correct option is {L}. {O} would be wrong even though it looks similar.",
    ]).format(O=LET[o], L=LET[t], wn=whynot(r), others=", ".join(LET[i] for i in others(q, t)))


@style("pick_then_caveats", "Pick stated in the middle/early, followed by caveats mentioning other options.")
def s_caveat(q, t, r):
    o1, o2 = (r.sample(others(q, t), 2) if len(others(q, t)) >= 2 else (others(q, t)[0],) * 2)
    intro = C(r, ["", "Interesting one. ", "Based on the usual curriculum, ", "Short version: "])
    return intro + C(r, [
        "I'd pick {L} ({T}). Caveat: {X} could apply in edge cases, and the phrasing of {Y} is ambiguous. Double-check with your course material.",
        "answer {L}. That said, some older textbooks present {X} as correct, and {Y} isn't entirely wrong either — but for this exam go with {L}.",
        "the intended answer is {L}. Note that {X} would be right if the question were phrased differently.",
        "{L}. Some caveats: the question doesn't specify conditions, and under unusual assumptions {X} or even {Y} could be defended.",
        "go with {L}. I'd normally also consider {X}, and if your teacher uses a different convention it might be {Y}, but {L} is the standard answer.",
    ]).format(L=LET[t], T=short(nodot(tx(q, t)), 50), X=LET[o1], Y=LET[o2])


@style("bracket_after_reasoning", "Reasoning paragraph (mentioning other options) followed by the letter in square brackets, as the eval prompt asks.")
def s_brack(q, t, r):
    o = C(r, others(q, t))
    s = C(r, ["Reasoning: ", "", "Let me reason about it. "])
    s += "Option %s %s. %s, %s." % (LET[o], whynot(r), quote(nodot(tx(q, t)), 60), why(r, q, t))
    return s + C(r, ["\n\n[%s]", " [%s]", "\n[%s]", "\n\nAnswer: [%s]"]) % LET[t]


@style("small_model_artifacts", "Small local model output with chat-template tokens, repetition, or a hallucinated continuation; first answer for this question counts.")
def s_small(q, t, r):
    L = LET[t]
    v = r.randrange(6)
    if v == 0:
        return "<|im_start|>assistant\n%s<|im_end|>" % L
    if v == 1:
        return "### Response:\nThe answer is %s</s>" % L
    if v == 2:
        return "Answer: %s\nAnswer: %s\nAnswer: %s\nAnswer:" % (L, L, L)
    if v == 3:
        o = C(r, others(q, t))
        return "%s\n\nQuestion: Which of the following is not correct?\nA. %s\nB. none\nAnswer: %s" % (
            L, short(tx(q, o), 50), C(r, ["A", "B"]))
    if v == 4:
        return " %s. %s. %s." % (L, L, L)
    return "[INST] answer [/INST] %s) %s" % (L, nodot(tx(q, t)))


@style("echo_options_then_answer", "Model echoes the question and all options, then gives its answer.")
def s_echo(q, t, r):
    opts = "\n".join("%s. %s" % (LET[i], c) for i, c in enumerate(q["choices"]))
    return C(r, ["{s}\n{o}\nAnswer: {L}", "Question: {s}\nOptions:\n{o}\n\nCorrect answer: ({L}) {T}",
                 "{o}\n\nThe correct option is {L}."]).format(s=short(q["stem"], 120), o=opts, L=LET[t], T=tx(q, t))


@style("html_output", "HTML-formatted answer (<p>, <b>, <li>) from a web widget.")
def s_html(q, t, r):
    L, T = LET[t], tx(q, t)
    return C(r, [
        "<p>The answer is <b>{L}</b>.</p>",
        "<div class=\"answer\"><strong>{L}.</strong> {T}</div>",
        "<p>Correct option: <b>{L}</b> &mdash; {T}</p>\n<p>{why}.</p>",
        "<ul>\n" + "".join("  <li>%s%s</li>\n" % (LET[i], " <b>(correct)</b>" if i == t else "") for i in range(len(q["choices"]))) + "</ul>",
    ]).format(L=L, T=T, why=cap(why(r, q, t)))


@style("kv_csv", "Machine-ish key=value or CSV lines with the answer letter.")
def s_kv(q, t, r):
    L = LET[t]
    return C(r, [
        "question_id,answer\n{i},{L}",
        "answer={L}; confidence={c}",
        "ANSWER|{L}|conf={c}",
        "id: {i}\npred: {L}",
        "result => {L}",
        "q{i}\t{L}",
        "status=ok answer={L} latency_ms={ms}",
        "{{choice: {L}}}",
    ]).format(i=q["idx"], L=L, c=C(r, ["high", "medium", "0.71", "0.93"]), ms=r.randint(200, 3000))


@style("agent_gave_up", "Agent trace that searches but stops (iteration limit / error) without a final answer (label none).", kind="none")
def s_agent_fail(q, t, r):
    kw = " ".join(re.findall(r"\w+", q["stem"])[:5])
    lines = ["Thought: I need to look this up.",
             'Action: search("%s")' % kw,
             "Observation: " + C(r, ["No results found.", "Error: timeout while contacting search service.",
                                     "Results are unrelated (3 hits about a different topic)."]),
             "Thought: Let me try a different query.",
             'Action: search("%s definition")' % " ".join(kw.split()[:3]),
             "Observation: No results found."]
    lines.append(C(r, ["Agent stopped due to iteration limit or time limit.", "Final Answer: I could not find the answer.",
                       "[ERROR] max_steps=6 reached without final answer", "Final Answer: Unable to determine."]))
    return "\n".join(lines)


@style("verbose_tutor", "Long tutoring-style answer: context paragraph, option-by-option walk-through, then a summary line with the pick.")
def s_tutor(q, t, r):
    s = C(r, ["Great question! This tests whether you understand the core idea behind ",
              "To solve this, it helps to recall the concept behind ",
              "This one is about "]) + quote(topic(q, 50), 60) + ".\n\n"
    for i, c in enumerate(q["choices"]):
        if i == t:
            s += "**%s)** %s — this is right: %s.\n" % (LET[i], short(c, 60), why(r, q, t))
        else:
            s += "**%s)** %s — %s.\n" % (LET[i], short(c, 60), lowfirst(C(r, ["This ", "It "]) + whynot(r)))
    s += "\n" + C(r, ["**In summary: %s.**", "So the best answer is %s.", "Summary → %s"]) % LET[t]
    return s + C(r, CLOSE)


@style("answer_with_followup_question", "Gives the pick and then asks the user a follow-up question mentioning other options.")
def s_followup(q, t, r):
    o = C(r, others(q, t))
    return C(r, [
        "The answer is {L}. Do you want me to explain why {O} is wrong too?",
        "{L} — {T}. Would you like a breakdown of option {O}?",
        "I'd go with {L}. Was {O} what you had? If so, I can explain the difference.",
        "Correct answer: {L}. Shall I also walk through {O} and the other distractors?",
        "It's {L}. Is this for homework or exam prep? I can make a few similar practice questions, e.g. one where {O} would be correct.",
    ]).format(L=LET[t], O=LET[o], T=nodot(tx(q, t)))


@style("quote_text_with_intro_letters", "Text-only pick phrased with English connectives; other choices named by text only as rejected.")
def s_text_contrast(q, t, r):
    o = C(r, others(q, t))
    return C(r, [
        "It's not “{OT}” — the correct statement is “{T}”.",
        "“{T}”. The option “{OT}” {wn}.",
        "Between “{OT}” and “{T}”, the second is right.",
        "The right statement is: {T}. ({OT} is a distractor.)",
    ]).format(T=nodot(tx(q, t)), OT=nodot(tx(q, o)), wn=whynot(r))


@style("emoji_chat", "Emoji-heavy casual chat reply from a consumer bot naming the letter.")
def s_emoji(q, t, r):
    return C(r, [
        "🤔 Hmm… I'd say **{L}**! 🎯",
        "✨ The answer is {L}! ✨ {T} 📚",
        "👉 {L} 👈 because {why} 💡",
        "🚀 Option {L} all the way!",
        "💯 {L}. The others? ❌❌",
        "📝 Answer: {L} ✅ — {T}",
        "Ooh, good one! 😄 It's {L}! 🙌",
    ]).format(L=LET[t], T=nodot(tx(q, t)), why=why(r, q, t))


@style("letter_lowercase_inline", "Letter embedded inline in a normal sentence, lowercase or parenthesised ('i'd go with (c) here').")
def s_inline(q, t, r):
    l = LET[t].lower()
    return C(r, ["I'd go with ({l}) here.", "The option ({l}) is the one that fits.", "answer is option {l}.",
                 "Choose {l}) — {T}.", "Mark ({l}) on the sheet.", "so i put ({l}) for this one", "the correct one is {l}) i think",
                 "You should select ({l}), {T}."]).format(l=l, T=nodot(tx(q, t)))


@style("question_language_mixed", "English frame around the choice text in the question's own language, no letter.")
def s_mixed(q, t, r):
    return C(r, ["The correct answer is: \"{T}\"", "I believe it's “{T}”.", "Answer (original wording): {T}",
                 "From the options, pick \"{T}\" — {why}."]).format(T=nodot(tx(q, t)), why=why(r, q, t))


# styles where bare small-integer choices ("1.", "2.") would make a text/ordinal reply ambiguous
NO_SMALLINT = {"option_number", "ordinal", "json_text", "codefence_text", "quote_exact", "quote_typo",
               "quote_paraphrase", "quote_truncated", "german_text", "italian_text", "vietnamese_text",
               "question_language_mixed", "quote_text_with_intro_letters", "xml_tags", "yaml_block", "agent_trace"}


# ----------------------------------------------------------------- driver
def main():
    qs, stats = load_questions()
    queues = {}
    for name in SETS:
        lst = list(qs[name])
        rng.shuffle(lst)
        queues[name] = collections.deque(lst)

    def draw(name):
        dq = queues[name]
        if not dq:
            lst = list(qs[name])
            rng.shuffle(lst)
            dq.extend(lst)
        return dq.popleft()

    free_styles = [s for s in STYLES if s[3] is None]
    n_free = len(free_styles) * PER_STYLE
    set_slots = ["atpl_exams"] * (2 * stats["atpl_exams"])
    while len(set_slots) < n_free:
        x = rng.random()
        set_slots.append("german-exams-qa" if x < 0.3 else "italian-exams-qa" if x < 0.6 else "vietnamese-exams-qa")
    rng.shuffle(set_slots)

    rows = []
    seen_replies = collections.defaultdict(set)
    used = collections.Counter()
    slot_i = 0
    for name, desc, kind, only, fn in STYLES:
        if kind == "answer":
            modes = ["key"] * 7 + ["other"] * (PER_STYLE - 7)
            rng.shuffle(modes)
        else:
            modes = [kind] * PER_STYLE
        for n in range(PER_STYLE):
            if only:
                sname = only
            else:
                sname = set_slots[slot_i]
                slot_i += 1
            tries = 0
            while True:
                tries += 1
                cur = sname if (tries < 40 or only) else C(rng, SETS[:3])
                q = draw(cur)
                if modes[n] == "key":
                    t = q["key"]
                elif modes[n] == "other":
                    t = C(rng, others(q, q["key"]))
                else:
                    t = None
                rr = random.Random(rng.randrange(1 << 30))
                if name in NO_SMALLINT and smallint_choices(q):
                    reply = None
                else:
                    reply = fn(q, t if t is not None else q["key"], rr)
                if reply is not None and reply in seen_replies[name] and tries < 300:
                    reply = None
                if reply is None:
                    if cur == "atpl_exams":
                        queues[cur].append(q)
                    continue
                break
            seen_replies[name].add(reply)
            if kind == "answer":
                meant = LET[t]
            else:
                meant = kind
            used[(q["set"], q["idx"])] += 1
            rows.append({"set": q["set"], "id": "%s:%d#%s-%d" % (q["set"], q["idx"], name, n + 1),
                         "choices": list(q["choices"]), "style": name, "reply": reply, "meant": meant})

    with open(OUT_FILE, "w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(STYLES_FILE, "w", encoding="utf-8", newline="\n") as f:
        f.write("# Reply styles in replies-blind15.jsonl (%d styles, %d replies each)\n\n" % (len(STYLES), PER_STYLE))
        for name, desc, kind, only, fn in STYLES:
            extra = "" if kind == "answer" else " [label: %s]" % kind
            lang = "" if not only else " (only %s)" % only
            f.write("`%s` — %s%s%s\n" % (name, desc, lang, extra))

    # ------------------------------------------------------------- verify
    ids = set()
    by_style = collections.Counter()
    by_label = collections.Counter()
    by_set = collections.Counter()
    qs_per_set = collections.defaultdict(set)
    key_hits = 0
    answered = 0
    keymap = {(q["set"], q["idx"]): q["key"] for name in SETS for q in qs[name]}
    with open(OUT_FILE, encoding="utf-8") as f:
        lines = f.read().split("\n")
    assert lines[-1] == ""
    for ln in lines[:-1]:
        d = json.loads(ln)
        assert list(d.keys()) == ["set", "id", "choices", "style", "reply", "meant"], d.keys()
        assert d["set"] in SETS
        assert isinstance(d["reply"], str) and d["reply"].strip()
        assert 3 <= len(d["choices"]) <= 6
        allowed = set(LET[:len(d["choices"])]) | {"none", "unclear"}
        assert d["meant"] in allowed, d
        assert d["id"] not in ids, d["id"]
        ids.add(d["id"])
        by_style[d["style"]] += 1
        by_label[d["meant"]] += 1
        by_set[d["set"]] += 1
        idx = int(d["id"].split(":")[1].split("#")[0])
        qs_per_set[d["set"]].add(idx)
        if d["meant"] in LET:
            answered += 1
            key_hits += (LET.index(d["meant"]) == keymap[(d["set"], idx)])
    total = len(lines) - 1
    print("usable questions per set:", stats)
    print("lines:", total, " styles:", len(by_style))
    print("per set (replies / distinct questions):",
          {s: (by_set[s], len(qs_per_set[s])) for s in SETS})
    print("per style:")
    for s, c in by_style.items():
        print("  %-32s %d" % (s, c))
    print("per label:", dict(sorted(by_label.items())))
    print("answering replies picking the key: %d/%d = %.1f%%" % (key_hits, answered, 100.0 * key_hits / answered))
    print("unclear share: %.1f%%" % (100.0 * by_label["unclear"] / total))
    with open(OUT_FILE, "rb") as f:
        print("sha256:", hashlib.sha256(f.read()).hexdigest())


if __name__ == "__main__":
    main()
