"""Hand-labelled test set of free-text replies to multiple-choice questions (blind14).

Sets used (from the PyPI package `evals` 3.0.1.post1):
  accounting_audit, jee-math (English), portuguese-exams-qa, polish-exams-qa
Questions are read from /tmp/evx/evals/registry/data/<set>/samples.jsonl, falling back
to the wheel /tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl when /tmp/evx is missing.
Questions that do not parse cleanly into a stem and lettered choices are skipped
(jee-math is restricted to questions whose choices contain no LaTeX).

Seed: 14014 (random.Random(14014)); the output is deterministic byte for byte.
Output: /tmp/blind14/replies-blind14.jsonl -- 54 styles x 10 replies = 540 lines:
  {"set", "id": "<set>:<index>#<style>-<n>", "choices", "style", "reply", "meant"}
  <index> is the 0-based line number of the question in the set's samples.jsonl.

Labels ("meant"):
  "A".."F"  the choice the reply's writer settled on (its final pick, after any
            change of mind; also when it is given only by quoting/paraphrasing the
            choice text, by ordinal, or by option number). About 70% of the answering
            replies pick the key; the rest pick a random other choice on purpose.
  "none"    the reply gives no answer: don't know, not in the documents, refusal,
            none of the options fits, or cut off before any answer was given.
  "unclear" several choices are named and none is settled on (kept under 5%).
Style descriptions are in /tmp/blind14/STYLES.md.
"""
import hashlib, json, os, random, re, sys, zipfile, difflib
from collections import Counter, OrderedDict

SEED = 14014
OUT = "/tmp/blind14/replies-blind14.jsonl"
DATA = "/tmp/evx/evals/registry/data"
WHEEL = "/tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl"
SETS = ["accounting_audit", "jee-math", "portuguese-exams-qa", "polish-exams-qa"]
WEIGHTS = {"accounting_audit": 33, "jee-math": 41, "portuguese-exams-qa": 13, "polish-exams-qa": 13}
LETTERS = "ABCDEF"
PER_STYLE = 10

# ---------------------------------------------------------------- loading / parsing
def read_lines(s):
    p = os.path.join(DATA, s, "samples.jsonl")
    if os.path.exists(p):
        with open(p, encoding="utf-8") as f:
            return f.read().splitlines()
    with zipfile.ZipFile(WHEEL) as z:
        return z.read("evals/registry/data/%s/samples.jsonl" % s).decode("utf-8").splitlines()

def parse_inline(t):
    t = re.sub(r"\s*For each question.*$", "", t.strip(), flags=re.S)
    pos, start = [], 0
    for L in "ABCD":
        m = re.compile(r"(?:^|\s)" + L + r"\. ").search(t, start)
        if not m:
            return None
        pos.append((m.start(), m.end()))
        start = m.end()
    stem = t[:pos[0][0]].strip()
    ch = []
    for i, (a, b) in enumerate(pos):
        end = pos[i + 1][0] if i + 1 < len(pos) else len(t)
        ch.append(t[b:end].strip())
    return stem, ch

def parse_lines(t, pat):
    ms = list(re.finditer(pat, t, re.M))
    if not ms:
        return None
    letters = "".join(m.group(1) for m in ms)
    if letters != LETTERS[:len(ms)] or len(ms) < 3:
        return None
    stem = t[:ms[0].start()].strip()
    return stem, [m.group(2).strip() for m in ms]

def get_key(s, ideal):
    if isinstance(ideal, list):
        ideal = ideal[0]
    m = re.search(r"([A-F])", ideal if s != "jee-math" else re.search(r"\(([A-F])\)", ideal).group(0))
    return LETTERS.index(m.group(1))

def load():
    Q = {}
    for s in SETS:
        qs = []
        for idx, line in enumerate(read_lines(s)):
            if not line.strip():
                continue
            r = json.loads(line)
            t = r["input"][-1]["content"]
            if s == "accounting_audit":
                p = parse_inline(t)
            elif s == "jee-math":
                p = parse_lines(t, r"^\(([A-F])\)[ \t]*(.*)$")
            else:
                p = parse_lines(re.sub(r"\s*Answer:\s*$", "", t), r"^([A-F])\.[ \t]?(.*)$")
            if not p:
                continue
            stem, ch = p
            if not stem or any(not c for c in ch):
                continue
            norm = [c.lower().rstrip(". ") for c in ch]
            if len(set(norm)) != len(norm):
                continue
            if s == "jee-math" and (any("\\" in c or "$" in c for c in ch) or max(len(c) for c in ch) > 90):
                continue
            if max(len(c) for c in ch) > 200:
                continue
            if s in ("portuguese-exams-qa", "polish-exams-qa"):
                # skip OCR mojibake and choices that were split badly in the source
                if (s == "polish-exams-qa" and re.search(r"[áĞĊĪĈü]", stem + "".join(ch))) or any(re.match(r"[A-F]\. ", c) for c in ch):
                    continue
                firsts = set(c[0].isupper() for c in ch if c[0].isalpha())
                if len(firsts) > 1:
                    continue
            try:
                key = get_key(s, r["ideal"])
            except Exception:
                continue
            if key >= len(ch):
                continue
            qs.append({"set": s, "idx": idx, "stem": stem, "choices": ch, "key": key})
        Q[s] = qs
    return Q

# ---------------------------------------------------------------- text helpers
def L(i):
    return LETTERS[i]

def T(q, i):
    """choice text without trailing full stop"""
    return q["choices"][i].strip().rstrip(".").strip()

def low(s, q=None):
    """lower-case the first letter unless it looks like an acronym or a proper noun"""
    if len(s) > 1 and (s[1].isupper() or s[1].isdigit() or s[0] in "'\"(") or not _wordy(s):
        return s
    w = s.split(" ")[0]
    if q is not None and re.search(r"[a-z,;] " + re.escape(w) + r"\b", q["stem"]):
        return s
    return s[:1].lower() + s[1:]

def _wordy(s):
    w = s.split(" ")[0]
    return len(w) >= 2 and w.replace("'", "").replace("-", "").isalpha()

def cap(s):
    return s[:1].upper() + s[1:] if _wordy(s) else s

def lang(q):
    return {"portuguese-exams-qa": "pt", "polish-exams-qa": "pl"}.get(q["set"], "en")

def others(q, i):
    return [j for j in range(len(q["choices"])) if j != i]

def short_stem(q, n=110):
    s = " ".join(q["stem"].split())
    s = re.sub(r"^Story:\s*", "", s)
    if len(s) <= n:
        return s
    cut = s[:n].rsplit(" ", 1)[0]
    return cut + "…"

def is_num(s):
    return re.fullmatch(r"[–\-−]?\d+(\.\d+)?", s.strip()) is not None

def closest(q, text):
    sc = [difflib.SequenceMatcher(None, text.lower(), T(q, j).lower()).ratio() for j in range(len(q["choices"]))]
    best = max(range(len(sc)), key=lambda j: sc[j])
    second = max(sc[j] for j in range(len(sc)) if j != best)
    return best, sc[best] - second

POS = {
    "accounting_audit": ["this is what the auditing standards require in this situation",
                         "it matches the standard textbook definition",
                         "it is the only option consistent with the facts in the question",
                         "that is how the engagement would normally be handled in practice",
                         "it lines up with the guidance on this point"],
    "jee-math": ["this is the value that comes out after simplifying",
                 "substituting back into the given condition confirms it",
                 "it satisfies every condition in the question",
                 "it is the only option consistent with the constraints"],
    "portuguese-exams-qa": ["it is consistent with the statement in the question",
                            "it matches the concept being described",
                            "it is the only option that fits the data given"],
    "polish-exams-qa": ["it matches what the question describes",
                        "it fits the situation described in the question",
                        "it is the standard answer for this topic"],
}
NEG = {
    "accounting_audit": ["this describes a different procedure", "this is too narrow",
                         "this confuses two related concepts", "this would not apply here",
                         "this is not required by the standards"],
    "jee-math": ["this comes from a sign error", "this would need a different condition",
                 "this fails a quick check with a small case", "this is off by a factor",
                 "this counts some cases twice"],
    "portuguese-exams-qa": ["this does not match the statement", "this describes another situation",
                            "this contradicts the information given", "this is only partly true"],
    "polish-exams-qa": ["this does not fit the description", "this refers to a different case",
                        "this contradicts the question", "this is only partly correct"],
}
POS_PT = ["está de acordo com o enunciado", "corresponde ao conceito descrito", "é a única opção coerente com os dados"]
NEG_PT = ["não corresponde ao enunciado", "descreve outra situação", "contradiz a informação dada"]
POS_PL = ["jest zgodna z treścią pytania", "odpowiada opisanej sytuacji", "jako jedyna pasuje do podanych informacji"]
NEG_PL = ["nie pasuje do opisu", "dotyczy innej sytuacji", "jest sprzeczna z treścią pytania"]
DOCS = {
    "accounting_audit": ["AU-C_Section_560_Subsequent_Events.pdf", "Auditing_and_Assurance_Services_Ch9.pdf",
                         "PCAOB_AS_2201.pdf", "Audit_Sampling_Guide_2019.pdf", "CPA_Review_Auditing_Notes.docx"],
    "jee-math": ["JEE_Main_2022_Solutions.pdf", "NCERT_Class12_Maths_Part1.pdf", "Cengage_Algebra_Ch4.pdf",
                 "jee_previous_papers_answer_key.pdf"],
    "portuguese-exams-qa": ["Exame_Nacional_2019_criterios.pdf", "Manual_Biologia_Geologia_10ano.pdf",
                            "IAVE_criterios_classificacao.pdf", "Geografia_A_resumos.pdf"],
    "polish-exams-qa": ["Egzamin_zawodowy_klucz_odpowiedzi.pdf", "Podrecznik_zawodowy_cz2.pdf",
                        "CKE_informator_2021.pdf", "Materialy_szkoleniowe.pdf"],
}

def pos(c, q):
    return c.rng.choice(POS[q["set"]])

def neg(c, q):
    return c.rng.choice(NEG[q["set"]])

ORD = ["first", "second", "third", "fourth", "fifth", "sixth"]
ORDN = ["1st", "2nd", "3rd", "4th", "5th", "6th"]
NUMW = ["one", "two", "three", "four", "five", "six"]

def typo_word(w, rng):
    i = rng.randrange(1, len(w) - 2)
    op = rng.randrange(3)
    if op == 0:
        return w[:i] + w[i + 1] + w[i] + w[i + 2:]
    if op == 1:
        return w[:i] + w[i + 1:]
    return w[:i] + w[i] + w[i:]

def make_typo(q, i, rng):
    words = T(q, i).split(" ")
    cand = [k for k, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
    if not cand:
        return None
    for _ in range(20):
        ws = list(words)
        for k in rng.sample(cand, min(len(cand), rng.choice([1, 1, 2]))):
            ws[k] = typo_word(ws[k], rng)
        out = " ".join(ws)
        b, margin = closest(q, out)
        if out != T(q, i) and b == i and margin > 0.12:
            return out
    return None

ABBR = [("financial statements", "FS"), ("generally accepted accounting principles", "GAAP"),
        ("approximately", "approx."), ("information", "info"), (" and ", " & "),
        ("accounts receivable", "A/R"), ("internal control", "IC"),
        ("auditors'", "auditor's"), ("Nonstatistical", "Non-statistical"), ("year-end", "year end"),
        ("ção", "cao"), ("ą", "a"), ("ł", "l"), ("ę", "e")]

def make_loose(q, i, rng):
    s = T(q, i).strip("'\"")
    s = re.sub(r"^(The|An|A|O|Os|As) ", "", s) if rng.random() < 0.8 else s
    hits = [(a, b) for a, b in ABBR if a in s]
    if hits:
        for a, b in rng.sample(hits, min(len(hits), 2)):
            s = s.replace(a, b)
    r = rng.random()
    if r < 0.5:
        s = s.lower()
    elif r < 0.7:
        s = cap(s)
    if s == T(q, i):
        s = s.lower() if s != s.lower() else s.upper()
    b, margin = closest(q, s)
    if s != T(q, i) and b == i and margin > 0.1:
        return s
    return None

def make_trunc(q, i, rng):
    words = T(q, i).split()
    if len(words) < 5:
        return None
    k0 = None
    for k in range(2, len(words)):
        pre = " ".join(words[:k]).lower()
        if not any(T(q, j).lower().startswith(pre) for j in others(q, i)):
            k0 = k
            break
    if k0 is None:
        return None
    k = max(k0, min(len(words) - 1, rng.randint(3, max(3, len(words) - 2))))
    if k >= len(words):
        return None
    return " ".join(words[:k]).rstrip(",;:")

# ---------------------------------------------------------------- styles
STYLES = OrderedDict()   # name -> (function, description, allowed sets or None, predicate or None)

def style(name, desc, sets=None, pred=None):
    def deco(f):
        STYLES[name] = (f, desc, sets, pred)
        return f
    return deco

NONEN = ["portuguese-exams-qa", "polish-exams-qa"]
TEXTSETS = ["accounting_audit", "portuguese-exams-qa", "polish-exams-qa"]

@style("bare_letter", "terse API output: just the letter, sometimes with a full stop, lowercase, bold or trailing newline")
def s_bare(c, q, m):
    l = L(m)
    return c.pick([l, l + ".", l.lower(), " " + l + "\n", "**" + l + "**", l + "\n\n"]), l

@style("paren_letter", "letter in parentheses or with a closing bracket: (b), B), (B), b)")
def s_paren(c, q, m):
    l = L(m)
    return c.pick(["(" + l.lower() + ")", l + ")", "(" + l + ")", l.lower() + ")",
                   "The answer is (" + l.lower() + ").", "Answer: " + l + ")"]), l

@style("bracket_letter", "letter in square or CJK brackets: [B], Answer: [B], [[B]], 【B】")
def s_bracket(c, q, m):
    l = L(m)
    return c.pick(["[" + l + "]", "Answer: [" + l + "]", "[[" + l + "]]", "【" + l + "】",
                   "The correct choice is [" + l + "].", "%s, so the answer is [%s]" % (cap(pos(c, q)), l)]), l

@style("option_number", "choice given as a 1-based number: Option 2, choice #2, answer no. 2",
       pred=lambda q: not any(is_num(T(q, j)) and T(q, j).strip("–-−") in [str(k) for k in range(1, 7)] for j in range(len(q["choices"]))))
def s_optnum(c, q, m):
    n = str(m + 1)
    return c.pick(["Option " + n, "choice #" + n, "I'd pick option number " + n + ".",
                   "Answer: option " + n + " (" + T(q, m) + ")", "Correct: #" + n,
                   "The right one is choice " + n + " of " + str(len(q["choices"])) + "."]), L(m)

@style("arrow_emoji", "letter introduced by an arrow or emoji: answer ➜ B, ✅ B, 👉 B, → **B**")
def s_arrow(c, q, m):
    l = L(m)
    return c.pick(["answer ➜ " + l, "✅ " + l, "👉 **" + l + "**", "→ " + l, "Answer ⇒ " + l,
                   "✅ " + l + " — " + T(q, m), "🎯 Final pick: " + l]), l

@style("final_answer_line", "some reasoning then an agent-style 'Final Answer:' line")
def s_final(c, q, m):
    l = L(m); o = c.pick(others(q, m))
    head = c.pick(["Reviewing the options against the question, %s (%s) — %s." % (T(q, m), l, pos(c, q)),
                   "Option %s can be ruled out: %s. Option %s holds up: %s." % (L(o), neg(c, q), l, pos(c, q)),
                   "I compared each option with the material retrieved for this question."])
    tail = c.pick(["Final Answer: " + l, "FINAL ANSWER: (" + l + ")", "Final answer: " + l + ") " + T(q, m),
                   "**Final Answer:** " + l])
    return head + "\n\n" + tail, l

@style("react_trace", "ReAct agent trace with Thought/Action/Observation steps ending in Final Answer")
def s_react(c, q, m):
    l = L(m); o = c.pick(others(q, m)); d = c.pick(DOCS[q["set"]])
    kw = " ".join(short_stem(q, 60).rstrip("…").split()[:7])
    parts = ["Thought: I should look this up in the knowledge base.",
             'Action: search_docs["%s"]' % kw,
             "Observation: Top hit %s (score 0.%d) discusses %s." % (d, c.rng.randint(61, 93), low(T(q, m), q)),
             "Thought: %s looks wrong — %s. The observation supports option %s." % (L(o), neg(c, q), l),
             c.pick(["Final Answer: " + l, "Final Answer: " + l + " (" + T(q, m) + ")", "Final Answer: (" + l + ")"])]
    if c.rng.random() < 0.4:
        parts.insert(3, "Action: read_page[\"%s\", p.%d]\nObservation: The passage confirms it." % (d, c.rng.randint(2, 80)))
    return "\n".join(parts), l

@style("json_answer", "bare JSON object with the letter in an answer-like field")
def s_json(c, q, m):
    l = L(m)
    objs = [{"answer": l}, {"answer": l, "confidence": round(c.rng.uniform(0.55, 0.97), 2)},
            {"selected_option": l}, {"answer": [l]}, {"choice": l, "explanation": cap(pos(c, q)) + "."},
            {"result": {"label": l, "score": round(c.rng.uniform(0.5, 0.99), 3)}}]
    o = c.pick(objs)
    return json.dumps(o, ensure_ascii=False, indent=c.pick([None, 2])), l

@style("json_rich", "structured JSON with letter and/or choice text, reasoning and sources (some give only the text)")
def s_jsonrich(c, q, m):
    l = L(m); d = c.pick(DOCS[q["set"]])
    objs = [{"answer": {"letter": l, "text": T(q, m)}, "reasoning": cap(pos(c, q)) + ".", "sources": [d]},
            {"answer_text": q["choices"][m], "confidence": c.pick(["high", "medium", "low"])},
            {"question_id": q["idx"], "prediction": l, "rationale": cap(pos(c, q)) + ".", "citations": [{"doc": d, "page": c.rng.randint(1, 120)}]},
            {"status": "ok", "data": {"best_option": T(q, m), "option_letter": l}}]
    return json.dumps(c.pick(objs), ensure_ascii=False, indent=2), l

@style("code_block", "answer wrapped in a fenced code block (plain, json or text)")
def s_code(c, q, m):
    l = L(m)
    return c.pick(["```\n" + l + "\n```", "```json\n{\"answer\": \"" + l + "\"}\n```",
                   "Here is the answer:\n\n```text\nAnswer: " + l + "\n```",
                   "```\nanswer = \"" + l + "\"  # " + T(q, m)[:60] + "\n```"]), l

@style("xml_tags", "answer inside XML-like tags, sometimes after a <thinking> block")
def s_xml(c, q, m):
    l = L(m); o = c.pick(others(q, m))
    return c.pick(["<answer>" + l + "</answer>",
                   "<thinking>\n%s: %s. %s: %s.\n</thinking>\n<answer>%s</answer>" % (L(o), neg(c, q), l, pos(c, q), l),
                   "<answer>\n" + l + ") " + T(q, m) + "\n</answer>",
                   "<final_answer>(" + l + ")</final_answer>",
                   "<response><choice>" + l + "</choice><justification>" + cap(pos(c, q)) + ".</justification></response>"]), l

@style("yaml_kv", "YAML / key-value structured output")
def s_yaml(c, q, m):
    l = L(m)
    return c.pick(["answer: " + l + "\nconfidence: 0.%d" % c.rng.randint(55, 95),
                   "selected_option: " + l + "\nrationale: >\n  " + cap(pos(c, q)) + ".",
                   "- question: %d\n  answer: %s\n  text: \"%s\"" % (q["idx"], l, T(q, m).replace('"', "'")),
                   "result:\n  letter: " + l + "\n  source: " + c.pick(DOCS[q["set"]])]), l

@style("markdown_heading", "markdown with headings: '## Answer' section then '## Explanation'")
def s_mdhead(c, q, m):
    l = L(m); o = c.pick(others(q, m))
    return c.pick(["## Answer\n\n**%s. %s**\n\n## Explanation\n\n%s. Option %s is incorrect because %s." % (l, T(q, m), cap(pos(c, q)), L(o), neg(c, q)),
                   "### ✅ Correct Answer: %s\n\n%s\n\n### Why not the others?\n- **%s**: %s" % (l, cap(pos(c, q)) + ".", L(o), cap(neg(c, q))),
                   "# Result\n\nThe correct option is **%s**.\n\n## Key point\n%s — %s." % (l, T(q, m), pos(c, q)),
                   "## Short answer\n%s\n\n## Details\nThe question asks about: *%s*\n\n%s." % (l, short_stem(q, 80), cap(pos(c, q)))]), l

@style("bold_chat", "ChatGPT-like prose with the answer in bold, letter plus text, then a short explanation")
def s_bold(c, q, m):
    l = L(m); o = c.pick(others(q, m))
    return c.pick(["The correct answer is **%s. %s**.\n\n%s." % (l, T(q, m), cap(pos(c, q))),
                   "**%s** is correct — %s.\n\nBy contrast, **%s** (%s) %s." % (l, pos(c, q), L(o), T(q, o), re.sub(r"^this ", "", neg(c, q))),
                   "The best answer is **(%s) %s**. %s." % (l, T(q, m), cap(pos(c, q))),
                   "**Answer: %s**\n\n%s, which is why %s is the one to choose." % (l, cap(pos(c, q)), l)]), l

@style("polite_preamble", "chatty assistant opening ('Great question!', 'Sure!') before giving the pick")
def s_polite(c, q, m):
    l = L(m)
    open_ = c.pick(["Great question! ", "Sure! ", "Happy to help. ", "Absolutely — let's break it down. ", "Good one! "])
    body = c.pick(["The answer is **%s**: %s. %s." % (l, T(q, m), cap(pos(c, q))),
                   "Looking at the options, %s makes the most sense, since %s. So the answer is %s." % (T(q, m), pos(c, q), l),
                   "I'd go with **option %s**. %s.\n\nLet me know if you'd like more detail!" % (l, cap(pos(c, q)))])
    return open_ + body, l

@style("bullet_elimination", "bullet list going through every option with a verdict, one marked correct")
def s_bullets(c, q, m):
    l = L(m); lines = []
    for j in range(len(q["choices"])):
        if j == m:
            lines.append("- **%s** – %s: %s ✔" % (L(j), T(q, j), c.pick(["correct", "this is it", "correct, " + pos(c, q)])))
        else:
            lines.append("- **%s** – %s: %s" % (L(j), T(q, j), c.pick(["incorrect", "no", "wrong, " + neg(c, q)])))
    end = c.pick(["\n\n**Answer: %s**" % l, "\n\nSo the answer is %s." % l, "", "\n\n→ %s" % l])
    return c.pick(["Let's check each option:\n\n", "", "Option by option:\n"]) + "\n".join(lines) + end, l

@style("emoji_checklist", "one line per option marked ❌ or ✅, no prose")
def s_emoji(c, q, m):
    withtext = c.rng.random() < 0.6
    lines = []
    for j in range(len(q["choices"])):
        mark = "✅" if j == m else "❌"
        lines.append(("%s %s %s" % (mark, L(j), T(q, j))) if withtext and c.rng.random() < 0.5 else
                     ("%s) %s %s" % (L(j), T(q, j), mark) if withtext else "%s %s" % (L(j), mark)))
    return "\n".join(lines), L(m)

@style("md_table", "markdown table assessing each option, followed by the pick")
def s_table(c, q, m):
    l = L(m)
    hdr = c.pick([("Option", "Assessment"), ("Choice", "Verdict"), ("#", "Correct?")])
    rows = ["| %s | %s |" % hdr, "|---|---|"]
    for j in range(len(q["choices"])):
        if hdr[1] == "Correct?":
            v = "✔ yes" if j == m else "✘ no"
        else:
            v = (cap(pos(c, q)) if j == m else cap(neg(c, q)))
        t = T(q, j)
        rows.append("| %s. %s | %s |" % (L(j), t if len(t) <= 70 else t[:69].rstrip() + "…", v))
    end = c.pick(["\n\n**Pick: %s**" % l, "\n\nTherefore the answer is **%s**." % l, "\n\nBest option: %s" % l])
    return "\n".join(rows) + end, l

@style("rag_bracket_cite", "RAG answer with numbered citations 'According to [2] …' and a reference list")
def s_ragcite(c, q, m):
    l = L(m); d1, d2 = c.rng.sample(DOCS[q["set"]], 2); n = c.pick(["1", "2", "3"])
    body = c.pick(["According to [%s], the answer is \"%s\". This corresponds to option %s." % (n, T(q, m), l),
                   "Based on the retrieved sources [1][%s], the answer is **%s** (%s)." % (c.pick(["2", "3"]) if n == "1" else n, l, T(q, m)),
                   "As stated in [%s], %s — so %s is correct." % (n, pos(c, q), l)])
    refs = "\n\n[1] %s, p. %d\n[2] %s, p. %d" % (d1, c.rng.randint(1, 90), d2, c.rng.randint(1, 90))
    if n == "3":
        refs += "\n[3] %s, section %d.%d" % (c.pick(DOCS[q["set"]]), c.rng.randint(1, 9), c.rng.randint(1, 9))
    return body + refs, l

@style("rag_context_says", "RAG reply that quotes/paraphrases the retrieved context and maps it to an option")
def s_ragctx(c, q, m):
    l = L(m)
    return c.pick(["The retrieved context says: \"…%s…\". That matches option %s." % (low(T(q, m), q), l),
                   "Based on the provided context, the answer is %s — %s." % (l, T(q, m)),
                   "Retrieved chunk #%d (similarity 0.%d) states that the relevant item is \"%s\". → %s" % (c.rng.randint(1, 8), c.rng.randint(70, 95), T(q, m), l),
                   "The context passage supports \"%s\", so I select %s." % (T(q, m), l)]), l

@style("rag_sources_footer", "answer text with the option, followed by a 'Sources:' footer listing files and pages")
def s_ragfoot(c, q, m):
    l = L(m); ds = c.rng.sample(DOCS[q["set"]], c.rng.randint(1, 2))
    src = "; ".join("%s p. %d" % (d, c.rng.randint(1, 150)) for d in ds)
    return c.pick(["%s (option %s).\n\nSources: %s" % (cap(T(q, m)), l, src),
                   "Answer: %s\n\nSources: %s" % (l, src),
                   "The documents indicate %s, which is choice %s.\n\n---\n**Sources**\n- %s" % (low(T(q, m), q), l, src.replace("; ", "\n- ")),
                   "%s — %s.\nSource: %s" % (l, pos(c, q), src)]), l

@style("rag_footnote", "answer with markdown footnote citations [^1]")
def s_ragfn(c, q, m):
    l = L(m); d = c.pick(DOCS[q["set"]])
    return c.pick(["The answer is **%s**[^1].\n\n[^1]: %s, p. %d" % (l, d, c.rng.randint(1, 99)),
                   "%s[^1] — that is option %s.\n\n[^1]: %s" % (cap(T(q, m)), l, d),
                   "Correct option: %s[^src]\n\n[^src]: Retrieved from %s (chunk %d)" % (l, d, c.rng.randint(1, 40))]), l

@style("rag_not_direct_but_guess", "RAG reply saying the documents don't state it directly, then answering anyway from general knowledge")
def s_ragguess(c, q, m):
    l = L(m)
    return c.pick(["The retrieved documents don't address this directly. Based on general knowledge, however, the answer is most likely %s (%s)." % (l, T(q, m)),
                   "I couldn't find an explicit statement in the provided sources, but %s — so I'd answer %s." % (pos(c, q), l),
                   "Note: the context only partially covers this question.\n\nAnswer: %s" % l,
                   "None of the passages answers this word for word; reasoning from what they do say, the best option is %s." % l]), l

@style("not_in_docs", "RAG refusal: the information is not in the provided documents (no answer)")
def s_notdocs(c, q, m):
    lg = lang(q) if c.rng.random() < 0.4 else "en"
    if lg == "pt":
        r = c.pick(["Os documentos fornecidos não contêm informação suficiente para responder a esta pergunta.",
                    "Não encontrei essa informação no contexto disponibilizado."])
    elif lg == "pl":
        r = c.pick(["Dostarczone dokumenty nie zawierają informacji potrzebnych do odpowiedzi na to pytanie.",
                    "Nie znalazłem tej informacji w przekazanym kontekście."])
    else:
        o = c.pick(range(len(q["choices"])))
        r = c.pick(["I couldn't find this in the provided documents.",
                    "The context provided does not contain enough information to answer this question.",
                    "The answer is not in the provided documents, so I can't say which of the options A–%s is correct." % L(len(q["choices"]) - 1),
                    "The retrieved passages mention \"%s\" only in passing and don't say whether it is the right answer here, so I can't determine the correct option from the sources." % T(q, o),
                    "Sorry — none of the retrieved documents covers this topic."])
    return r, "none"

@style("dont_know", "short admissions of not knowing (no answer)")
def s_dk(c, q, m):
    lg = lang(q) if c.rng.random() < 0.4 else "en"
    opts = {"pt": ["Não sei.", "Não tenho a certeza da resposta."],
            "pl": ["Nie wiem.", "Nie jestem pewien odpowiedzi."],
            "en": ["I don't know.", "I'm not sure.", "Unable to determine.", "N/A",
                   "Sorry, I don't know the answer to this one.", "I don't have enough knowledge to answer this reliably."]}[lg]
    return c.pick(opts), "none"

@style("decline_to_answer", "longer refusal / declining to guess, sometimes naming the options generically (no answer)")
def s_decline(c, q, m):
    return c.pick(["I'd rather not guess on this one. Without a reliable source I could easily pick the wrong option, and I don't want to mislead you.",
                   "I can't help with answering questions that appear to come from a live certification exam. I'd be glad to explain the underlying concepts instead.",
                   "I'm not able to give a confident answer here. Each of the %d options could be argued for, and I don't have the material needed to decide." % len(q["choices"]),
                   "I won't pick an option without supporting evidence. Please share the relevant section of the document and I'll take another look."]), "none"

@style("none_fit", "states that none of the listed options is correct (no answer)")
def s_nonefit(c, q, m):
    if q["set"] == "jee-math":
        nums = [float(T(q, j).replace("–", "-").replace("−", "-")) for j in range(len(q["choices"])) if is_num(T(q, j))]
        if len(nums) == len(q["choices"]):
            v = int(max(nums)) + c.rng.randint(1, 9) * (1 if c.rng.random() < 0.5 else 2)
            return c.pick(["None of the given options is correct. By my calculation the answer is %d, which isn't listed." % v,
                           "I get %d, which doesn't match any of the choices — I suspect an error in the options." % v,
                           "Answer: none of the above (computed value = %d)." % v]), "none"
    return c.pick(["None of the listed options is correct.",
                   "None of these options fits: each one describes something other than what the question asks.",
                   "I don't think any of the options A–%s is right as written, so I can't choose one." % L(len(q["choices"]) - 1),
                   "Answer: none of the above."]), "none"

@style("quote_exact", "gives the choice text verbatim (no letter)")
def s_qexact(c, q, m):
    t = T(q, m)
    return c.pick(["The answer is: " + t, q["choices"][m], 'Correct answer: "%s"' % t, "It's %s." % low(t),
                   "%s — %s." % (cap(t), pos(c, q))]), L(m)

@style("quote_typo", "quotes the choice text with small typos (no letter)", sets=TEXTSETS)
def s_qtypo(c, q, m):
    t = make_typo(q, m, c.rng)
    if not t:
        return None
    return c.pick(["The correct answer is %s." % t, t, "Answer: " + t, "I believe it's \"%s\"" % t]), L(m)

@style("quote_loose", "paraphrases the choice text: changed case, dropped article, abbreviations (GAAP, FS, &), stripped diacritics (no letter)", sets=TEXTSETS)
def s_qloose(c, q, m):
    t = make_loose(q, m, c.rng)
    if not t:
        return None
    return c.pick(["I'd say %s." % t.rstrip("."), "answer: " + t, "%s is the right one" % t.rstrip("."), "Best fit → %s" % t]), L(m)

@style("quote_truncated", "quotes only the beginning of the choice text and trails off with an ellipsis (no letter)", sets=TEXTSETS)
def s_qtrunc(c, q, m):
    t = make_trunc(q, m, c.rng)
    if not t:
        return None
    return c.pick(['The answer is "%s…"' % t, "%s... (the rest of that option)" % t, "Correct: %s …" % t,
                   'It\'s the one that starts "%s..."' % t]), L(m)

@style("ordinal", "refers to the choice by position: 'the third option', 'the last one', 'the 2nd choice'")
def s_ord(c, q, m):
    n = len(q["choices"])
    opts = ["The %s option is correct." % ORD[m], "I'd go with the %s choice." % ORDN[m],
            "Answer: option number %s." % NUMW[m], "It's the %s one listed — %s." % (ORD[m], low(T(q, m), q))]
    if m == n - 1:
        opts += ["The last one.", "The final option is the right answer."]
    if m == 0:
        opts += ["The very first option."]
    if m == n - 2:
        opts += ["The second-to-last one."]
    return c.pick(opts), L(m)

@style("negation_contrast", "rejects one option and asserts another: 'Not X — it's Y'")
def s_neg(c, q, m):
    o = c.pick(others(q, m)); o2 = c.pick([j for j in others(q, m) if j != o])
    return c.pick(["Not %s — it's %s." % (L(o), L(m)),
                   "It isn't \"%s\"; it's \"%s\" (%s)." % (low(T(q, o), q), low(T(q, m), q), L(m)),
                   "Definitely not %s or %s. The answer is %s." % (L(o), L(o2), L(m)),
                   "%s? No. The correct one is %s — %s." % (L(o), L(m), pos(c, q)),
                   "The answer is not %s (%s) but %s." % (L(o), T(q, o), L(m))]), L(m)

@style("tempting_but", "'X is tempting, but Y' — names a distractor then the actual pick")
def s_tempt(c, q, m):
    o = c.pick(others(q, m))
    return c.pick(["%s is tempting, but %s is the better answer." % (cap(T(q, o)), low(T(q, m), q)),
                   "%s might look right at first, but the correct answer is %s." % (L(o), L(m)),
                   "I was tempted by %s (%s), but %s fits better: %s." % (L(o), T(q, o), L(m), pos(c, q)),
                   "Many people pick %s here. It's a trap — %s. Go with %s." % (L(o), neg(c, q), L(m))]), L(m)

@style("ranking", "ranks or orders the options by plausibility and then states the pick")
def s_rank(c, q, m):
    rest = others(q, m); c.rng.shuffle(rest); order = [m] + rest
    if c.rng.random() < 0.5:
        return c.pick(["Ranking by plausibility: %s\n\nSo my pick is %s." % (" > ".join(L(j) for j in order), L(m)),
                       "From most to least likely: %s. Going with %s." % (", ".join(L(j) for j in order), L(m))]), L(m)
    lines = ["%d. %s — %s" % (k + 1, L(j), T(q, j)) for k, j in enumerate(order)]
    return "Ordered from most to least likely:\n" + "\n".join(lines) + "\n\n" + c.pick(["Top choice: %s" % L(m), "Answer: %s" % L(m)]), L(m)

@style("head_to_head", "compares two finalists in detail and ends with a stated pick")
def s_h2h(c, q, m):
    o = c.pick(others(q, m)); a, b = (o, m) if c.rng.random() < 0.5 else (m, o)
    return c.pick(["It comes down to %s and %s.\n\n- %s: %s\n- %s: %s\n\nOn balance, %s." % (L(a), L(b), L(o), cap(neg(c, q)), L(m), cap(pos(c, q)), L(m)),
                   "Between %s (%s) and %s (%s), I'd choose %s because %s." % (L(a), T(q, a), L(b), T(q, b), L(m), pos(c, q)),
                   "Comparing \"%s\" with \"%s\": the former %s, the latter %s. So the answer is %s." % (T(q, o), T(q, m), re.sub(r"^this ", "", neg(c, q)), "fits the question", L(m))]), L(m)

@style("step_by_step", "numbered step-by-step reasoning ending 'Therefore, the correct answer is (X)'")
def s_steps(c, q, m):
    o = c.pick(others(q, m)); l = L(m)
    if q["set"] == "jee-math":
        steps = ["Step 1: Write down the given condition.", c.pick(["Step 2: Simplify using the standard identities.", "Step 2: Solve the resulting equation.", "Step 2: Count the admissible cases."]),
                 "Step 3: This gives %s." % T(q, m), "Step 4: %s." % cap(pos(c, q))]
    else:
        steps = ["1. Identify what is being asked: %s" % short_stem(q, 90), "2. Rule out %s: %s." % (L(o), neg(c, q)),
                 "3. Check %s (%s): %s." % (l, T(q, m), pos(c, q))]
    end = c.pick(["Therefore, the correct answer is (%s)." % l, "Therefore, the correct answer is %s." % l,
                  "So the answer is **%s**." % l])
    return c.pick(["Let's think step by step.\n\n", "", "Reasoning:\n"]) + "\n".join(steps) + "\n\n" + end, l

@style("change_mind", "starts with one option, then corrects itself; the final pick counts")
def s_change(c, q, m):
    f = c.pick(others(q, m))
    return c.pick(["At first glance %s (%s) looks right. Wait — re-reading the question, %s. So the answer is actually %s." % (L(f), T(q, f), re.sub(r"^this", "that", neg(c, q)), L(m)),
                   "Answer: %s\n\nHmm, on reflection that's wrong: %s. Correction: the answer is %s." % (L(f), re.sub(r"^this", "that option", neg(c, q)), L(m)),
                   "I initially thought %s, but after checking again, %s fits better. Final answer: %s." % (L(f), low(T(q, m), q), L(m)),
                   "Let me reconsider. %s? No — %s. %s is correct." % (L(f), neg(c, q), L(m))]), L(m)

@style("hedged_lean", "hedged answer that still commits: 'not certain, but I'd lean towards X'")
def s_hedge(c, q, m):
    return c.pick(["I'm not completely certain, but I'd lean towards %s." % L(m),
                   "Probably %s (%s), though I'd double-check the source." % (L(m), T(q, m)),
                   "My best guess is %s (~%d%% confidence)." % (L(m), c.rng.randint(55, 75)),
                   "It's hard to be sure from the question alone, but %s seems the most defensible — %s." % (L(m), pos(c, q))]), L(m)

@style("either_or_pick", "names two candidates, then narrows to one")
def s_either(c, q, m):
    o = c.pick(others(q, m)); a, b = (o, m) if c.rng.random() < 0.5 else (m, o)
    return c.pick(["Either %s or %s could work; if I have to choose one, I'd say %s." % (L(a), L(b), L(m)),
                   "It's between %s and %s. I'll go with %s." % (L(a), L(b), L(m)),
                   "%s and %s are both plausible, but %s is the better fit because %s." % (L(a), L(b), L(m), pos(c, q)),
                   "Both \"%s\" and \"%s\" look reasonable; the question points to the latter, so: %s." % (T(q, o), T(q, m), L(m))]), L(m)

@style("torn_unclear", "names two or three options and does not settle on one (label: unclear)")
def s_torn(c, q, m):
    o = c.pick(others(q, m)); a, b = sorted([m, o])
    if len(q["choices"]) >= 3 and c.rng.random() < 0.25:
        t = sorted(c.rng.sample(range(len(q["choices"])), 3))
        return "Options %s, %s and %s all look partially correct; the question seems ambiguous, so I can't single one out." % tuple(L(j) for j in t), "unclear"
    return c.pick(["I'm split between %s and %s — both are defensible depending on interpretation, and I can't decide between them without more context." % (L(a), L(b)),
                   "It could be %s (%s) or %s (%s). The documents support both readings." % (L(a), T(q, a), L(b), T(q, b)),
                   "Either %s or %s; I'm not confident enough to pick one." % (L(a), L(b))]), "unclear"

@style("cut_off", "reply cut off by a token limit: answer-first then cut (letter), or cut before any answer (none)")
def s_cut(c, q, m):
    o = c.pick(others(q, m))
    if c.rng.random() < 0.7:
        r = c.pick(["**Answer: %s** — %s\n\nExplanation: Option %s is incorrect because it" % (L(m), T(q, m), L(o)),
                    "The correct answer is %s.\n\nLet me explain why the other options don't work. First, %s (%s) is a common distractor since" % (L(m), L(o), T(q, o)),
                    "Answer: (%s)\n\nReasoning:\n1. %s\n2. The question focuses on" % (L(m), cap(pos(c, q)))])
        return r, L(m)
    r = c.pick(["Let me go through the options one at a time.\n\n**A. %s**\nThis option refers to" % T(q, 0),
                "To answer this, we first need to recall the relevant definitions. The question asks: \"%s\". The key concept here is" % short_stem(q, 80),
                "Step 1: Identify the relevant rule.\nStep 2: Apply it to the facts given. Looking at the wording of the question, the important part is wh"])
    return r, "none"

@style("native_language", "answer in the question's language (Portuguese/Polish) with the letter", sets=NONEN)
def s_native(c, q, m):
    l = L(m); o = c.pick(others(q, m))
    if lang(q) == "pt":
        return c.pick(["A resposta correta é a **%s**." % l, "Resposta: %s" % l, "Alternativa correta: (%s) — %s" % (l, T(q, m)),
                       "Letra %s, porque %s." % (l, c.pick(POS_PT)),
                       "A opção %s %s, por isso a resposta é %s." % (L(o), c.pick(NEG_PT), l)]), l
    return c.pick(["Prawidłowa odpowiedź to %s." % l, "Odpowiedź: **%s**" % l, "Poprawna odpowiedź: %s) %s" % (l, T(q, m)),
                   "Wybieram odpowiedź %s, ponieważ %s." % (l, c.pick(POS_PL)),
                   "Odpowiedź %s %s, więc właściwa jest %s." % (L(o), c.pick(NEG_PL), l)]), l

@style("native_quote", "answer in Portuguese/Polish quoting the choice text without a letter", sets=NONEN)
def s_nquote(c, q, m):
    t = T(q, m)
    if lang(q) == "pt":
        return c.pick(["A resposta correta é: «%s»." % t, "Trata-se de: %s." % t, "Resposta: %s" % t,
                       "Na minha opinião, %s — %s." % (t, c.pick(POS_PT))]), L(m)
    return c.pick(["Poprawna odpowiedź: „%s”." % t, "Chodzi o: %s" % t, "Odpowiedź: %s" % t,
                   "Moim zdaniem: %s, bo %s." % (t, c.pick(POS_PL))]), L(m)

@style("lowercase_casual", "casual lowercase chat: 'going with c', 'prob c tbh'")
def s_casual(c, q, m):
    l = L(m).lower()
    opts = ["going with %s" % l, "%s imo" % l, "prob %s — %s" % (l, T(q, m).lower()), "i'd say option %s" % l,
            "answer's %s tbh" % l, "pretty sure it's option %s" % l]
    if l != "a":
        opts.append("i think it's %s" % l)
    return c.pick(opts), L(m)

@style("answer_label_variants", "one-line labelled answers: 'ANSWER: B', 'Ans: B', 'Selected: B', 'Answer = B'")
def s_label(c, q, m):
    l = L(m)
    return c.pick(["Answer: " + l, "ANSWER: " + l, "Correct option - " + l, "Selected: " + l, "Ans: " + l,
                   "Answer = " + l, "Response: " + l, "The answer is " + l + "."]), l

@style("latex_boxed", "LaTeX-style final answers: \\boxed{B}, \\textbf{(B)}")
def s_latex(c, q, m):
    l = L(m)
    pre = c.pick(["", "", "We obtain %s.\n\n" % T(q, m) if q["set"] == "jee-math" else "%s.\n\n" % cap(pos(c, q))])
    return pre + c.pick(["\\boxed{%s}" % l, "$\\boxed{\\text{%s}}$" % l, "Therefore, the correct answer is \\textbf{(%s)}." % l,
                         "$$\\boxed{(%s)}$$" % l, "Final answer: $\\boxed{%s}$" % l]), l

@style("prob_distribution", "probability/score per option; the highest one is the pick (usually also stated)")
def s_prob(c, q, m):
    n = len(q["choices"]); pm = c.rng.randint(60, 90)
    rest = [c.rng.random() + 0.05 for _ in range(n - 1)]; s = sum(rest)
    vals = [int((100 - pm) * r / s) for r in rest]
    vals[0] += 100 - pm - sum(vals)
    ps = []; k = 0
    for j in range(n):
        if j == m:
            ps.append(pm)
        else:
            ps.append(vals[k]); k += 1
    fmt = c.rng.randrange(3)
    if fmt == 0:
        return "\n".join("%s: %.2f" % (L(j), ps[j] / 100) for j in range(n)) + "\n\nPrediction: %s" % L(m), L(m)
    if fmt == 1:
        return ", ".join("P(%s)=%d%%" % (L(j), ps[j]) for j in range(n)) + " → argmax = %s" % L(m), L(m)
    return json.dumps({"scores": {L(j): round(ps[j] / 100, 2) for j in range(n)}}, ensure_ascii=False), L(m)

@style("self_consistency", "several sampled answers / votes with the majority given as the answer")
def s_sc(c, q, m):
    k = c.pick([5, 7]); votes = [L(m)] * (k // 2 + 1 + c.rng.randint(0, 1))
    while len(votes) < k:
        votes.append(L(c.pick(others(q, m))))
    c.rng.shuffle(votes); cnt = Counter(votes)
    return c.pick(["Sampled %d reasoning paths → answers: %s. Majority vote: %s." % (k, ", ".join(votes), L(m)),
                   "Votes: {%s} → %s" % (", ".join("%s: %d" % (x, cnt[x]) for x in sorted(cnt)), L(m)),
                   "Self-consistency (%d runs): %s\nFinal: %s" % (k, " ".join(votes), L(m))]), L(m)

@style("apology_correction", "follow-up turn apologising and correcting an earlier answer; the corrected pick counts")
def s_apology(c, q, m):
    f = c.pick(others(q, m))
    return c.pick(["You're right, I apologize for the confusion. The correct answer is **%s**, not %s." % (L(m), L(f)),
                   "Sorry, my previous answer (%s) was wrong. It should be %s: %s." % (L(f), L(m), T(q, m)),
                   "Apologies — correction: %s. I mistakenly said %s earlier." % (L(m), L(f)),
                   "My mistake! I mixed up %s and %s. The right option is %s." % (L(f), L(m), L(m))]), L(m)

@style("eliminate_prose", "prose elimination of the other options, ending 'that leaves X' (letter or text)")
def s_elim(c, q, m):
    ot = others(q, m)
    parts = ["%s %s" % (L(j), re.sub(r"^this ", "", neg(c, q))) for j in ot]
    body = "; ".join(parts[:-1]) + ("; and " if len(parts) > 1 else "") + parts[-1]
    end = c.pick(["That leaves %s." % L(m), "That leaves \"%s\"." % low(T(q, m), q), "By elimination, the answer is %s." % L(m)])
    return cap(body) + ". " + end, L(m)

@style("letter_plus_text_terse", "terse 'B — choice text', 'B) text', 'B: text'")
def s_lt(c, q, m):
    l = L(m); t = T(q, m)
    return c.pick(["%s — %s" % (l, t), "%s) %s" % (l, t), "%s: %s" % (l, t), "(%s) %s" % (l, t),
                   "%s. %s" % (l, q["choices"][m])]), l

@style("restate_then_answer", "restates the question, then gives the answer")
def s_restate(c, q, m):
    s = short_stem(q)
    return c.pick(["Question: %s\nAnswer: %s (%s)" % (s, L(m), T(q, m)),
                   "You're asking: \"%s\" — the answer is %s." % (s, L(m)),
                   "Q: %s\nA: %s" % (s, L(m))]), L(m)

@style("assumption_then_answer", "states an interpretation or assumption, then commits to an option")
def s_assume(c, q, m):
    return c.pick(["Assuming the question refers to the standard case, the answer is %s." % L(m),
                   "If we read the question literally, %s; under that reading the answer is %s." % (pos(c, q), L(m)),
                   "Interpreting the question in the usual exam sense, I'd choose %s (%s)." % (L(m), T(q, m)),
                   "I'll assume no unusual circumstances apply. On that basis: %s." % L(m)]), L(m)

# ---------------------------------------------------------------- generation
class Ctx:
    def __init__(self, rng):
        self.rng = rng
    def pick(self, seq):
        return self.rng.choice(list(seq))

def generate(Q, rng):
    c = Ctx(rng)
    out = []
    seen = set()
    for name, (f, desc, sets, pred) in STYLES.items():
        allowed = [s for s in SETS if (sets is None or s in sets) and Q[s]]
        n = 0
        tries = 0
        while n < PER_STYLE:
            tries += 1
            if tries > 2000:
                raise SystemExit("could not fill style " + name)
            s = rng.choices(allowed, weights=[WEIGHTS[x] for x in allowed])[0]
            q = rng.choice(Q[s])
            if pred and not pred(q):
                continue
            k = q["key"]
            m = k if rng.random() < 0.7 else rng.choice(others(q, k))
            res = f(c, q, m)
            if res is None:
                continue
            reply, meant = res
            sig = (q["set"], q["idx"], reply)
            if sig in seen:
                continue
            seen.add(sig)
            n += 1
            out.append(OrderedDict([("set", q["set"]), ("id", "%s:%d#%s-%d" % (q["set"], q["idx"], name, n)),
                                    ("choices", list(q["choices"])), ("style", name), ("reply", reply), ("meant", meant)]))
    return out

# ---------------------------------------------------------------- checks
def check(path, Q):
    src = {(q["set"], q["idx"]): q["choices"] for s in Q for q in Q[s]}
    per_style, per_meant, per_set = Counter(), Counter(), Counter()
    seen = set(); errors = []; n = 0
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            n += 1
            try:
                o = json.loads(line)
            except ValueError:
                errors.append("line %d: invalid JSON" % ln); continue
            if list(o.keys()) != ["set", "id", "choices", "style", "reply", "meant"]:
                errors.append("line %d: fields %s" % (ln, list(o.keys()))); continue
            mt = re.fullmatch(r"([a-z\-_]+):(\d+)#([a-z_]+)-(\d+)", o["id"])
            if not mt or mt.group(1) != o["set"] or mt.group(3) != o["style"]:
                errors.append("line %d: bad id %s" % (ln, o["id"])); continue
            key = (o["set"], int(mt.group(2)))
            if src.get(key) != o["choices"]:
                errors.append("line %d: choices differ from source" % ln)
            ok = [L(i) for i in range(len(o["choices"]))] + ["none", "unclear"]
            if o["meant"] not in ok:
                errors.append("line %d: meant %s out of range" % (ln, o["meant"]))
            if not isinstance(o["reply"], str) or not o["reply"].strip():
                errors.append("line %d: empty reply" % ln)
            sig = (key, o["reply"])
            if sig in seen:
                errors.append("line %d: duplicate reply for question" % ln)
            seen.add(sig)
            per_style[o["style"]] += 1; per_meant[o["meant"]] += 1; per_set[o["set"]] += 1
    if n != len(STYLES) * PER_STYLE:
        errors.append("expected %d lines, got %d" % (len(STYLES) * PER_STYLE, n))
    if per_meant["unclear"] > 0.05 * n:
        errors.append("too many unclear: %d" % per_meant["unclear"])
    return n, per_style, per_meant, per_set, errors

def main():
    Q = load()
    rng = random.Random(SEED)
    rows = generate(Q, rng)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    n, per_style, per_meant, per_set, errors = check(OUT, Q)
    print("lines:", n, " styles:", len(per_style))
    print("per set:", dict(sorted(per_set.items())))
    print("per style:")
    for s in STYLES:
        print("  %-26s %d" % (s, per_style[s]))
    print("per meant:", dict(sorted(per_meant.items())))
    ans = [r for r in rows if r["meant"] not in ("none", "unclear")]
    keyed = 0
    qkey = {(q["set"], q["idx"]): q["key"] for s in Q for q in Q[s]}
    for r in ans:
        s, rest = r["id"].split(":", 1)
        if L(qkey[(s, int(rest.split("#")[0]))]) == r["meant"]:
            keyed += 1
    print("meant == key: %d / %d answering replies (%.1f%%)" % (keyed, len(ans), 100.0 * keyed / len(ans)))
    with open(OUT, "rb") as f:
        print("sha256:", hashlib.sha256(f.read()).hexdigest())
    if errors:
        print("ERRORS:"); [print("  " + e) for e in errors[:50]]
        sys.exit(1)
    print("all checks passed")

if __name__ == "__main__":
    main()
