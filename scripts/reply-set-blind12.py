#!/usr/bin/env python3
"""Build a hand-labelled blind test set of free-text MCQ replies.

Source questions: PyPI `evals` 3.0.1.post1 registry data
  spanish-exams-qa, turkish-exams-qa, hindi_upsc.
Writes /tmp/blind12/replies-blind12.jsonl (standard library only, fixed seed).
"""
import collections
import json
import os
import random
import re
import sys
import unicodedata
import zipfile

SEED = 1207
OUT = "/tmp/blind12/replies-blind12.jsonl"
WHEEL = "/tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl"
UNZIPPED = "/tmp/evx/evals/registry/data"
SETS = ["spanish-exams-qa", "turkish-exams-qa", "hindi_upsc"]
LANG = {"spanish-exams-qa": "es", "turkish-exams-qa": "tr", "hindi_upsc": "hi"}
LET = "ABCDEF"
PER_STYLE = 10


# --------------------------------------------------------------------------
# loading / parsing
# --------------------------------------------------------------------------
def read_lines(name):
    p = os.path.join(UNZIPPED, name, "samples.jsonl")
    if os.path.exists(p):
        with open(p, encoding="utf-8") as f:
            return f.read().splitlines()
    with zipfile.ZipFile(WHEEL) as z:
        return z.read("evals/registry/data/%s/samples.jsonl" % name).decode("utf-8").splitlines()


def norm(s):
    s = unicodedata.normalize("NFKC", s).casefold()
    return re.sub(r"[\W_]+", " ", s).strip()


def clean_choice(s):
    s = re.sub(r",?\s*choose correct answer:?\s*$", "", s.strip())
    s = re.sub(r"\s+", " ", s).strip()
    return s


def parse_latin(text):
    """Choices written as 'A. text' lines (spanish/turkish sets)."""
    lines = text.split("\n")
    idx = [k for k, ln in enumerate(lines) if re.match(r"^\s*[A-F][.)]\s+\S", ln)]
    if not idx:
        return None
    first = idx[0]
    stem = "\n".join(lines[:first]).strip()
    choices, expect = [], 0
    for ln in lines[first:]:
        m = re.match(r"^\s*([A-F])[.)]\s+(.*\S)\s*$", ln)
        if m and m.group(1) == LET[expect]:
            choices.append(clean_choice(m.group(2)))
            expect += 1
        elif re.match(r"^\s*Answer:?\s*$", ln) or not ln.strip():
            continue
        elif choices:  # continuation line of previous choice
            choices[-1] = clean_choice(choices[-1] + " " + ln)
    return stem, choices


def parse_hindi(text):
    """Choices written as '(a) text' (on own lines or inline)."""
    ms = list(re.finditer(r"\(([a-f])\)", text))
    # keep the last run a, b, c, ... that is consecutive
    runs, cur = [], []
    for m in ms:
        if m.group(1) == "a":
            if cur:
                runs.append(cur)
            cur = [m]
        elif cur and ord(m.group(1)) == ord(cur[-1].group(1)) + 1:
            cur.append(m)
    if cur:
        runs.append(cur)
    if not runs:
        return None
    run = runs[-1]
    stem = text[: run[0].start()].strip()
    choices = []
    for k, m in enumerate(run):
        end = run[k + 1].start() if k + 1 < len(run) else len(text)
        choices.append(clean_choice(text[m.end():end]))
    return stem, choices


ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}


def statement_set(choice, lang):
    """Return frozenset of statement numbers a 'which statements' choice denotes, or None."""
    c = choice.strip().rstrip(".।").strip()
    if lang == "hi":
        if re.fullmatch(r"न तो \d,? (और )?न ही \d", c) or re.fullmatch(r"उपर्युक्त (कथनों )?में से कोई (भी )?(सही )?नहीं( है)?", c):
            return frozenset()
        if re.fullmatch(r"(केवल )?\d+(\s*(,|और)\s*\d+)*( दोनों)?", c):
            return frozenset(int(x) for x in re.findall(r"\d+", c))
        return None
    if lang == "tr":
        m = re.fullmatch(r"(Yalnız |Sadece )?((?:I|II|III|IV|V)(?:\s*(?:,|ve)\s*(?:I|II|III|IV|V))*)", c)
        if m:
            return frozenset(ROMAN[x] for x in re.findall(r"\b(?:IV|V|I{1,3})\b", m.group(2)))
    return None


def hindi_statements(stem):
    out = []
    for ln in stem.split("\n"):
        m = re.match(r"^\s*(\d)\s*[-.)]\s*(.+)$", ln)
        if m:
            out.append((int(m.group(1)), m.group(2).strip()))
    return out


def turkish_statements(stem):
    out = []
    for m in re.finditer(r"(?:(?<=\s)|^)(IV|V|I{1,3})\.\s+(.+?)(?=\s(?:IV|V|I{1,3})\.\s|$)", stem, re.S):
        out.append((ROMAN[m.group(1)], m.group(2).strip()))
    return out


def load():
    qs = []
    for name in SETS:
        lang = LANG[name]
        for i, line in enumerate(read_lines(name)):
            if not line.strip():
                continue
            o = json.loads(line)
            text = o["input"][-1]["content"]
            parsed = parse_hindi(text) if lang == "hi" else parse_latin(text)
            if not parsed:
                continue
            stem, choices = parsed
            if not (2 <= len(choices) <= 6) or any(not c for c in choices):
                continue
            if len({norm(c) for c in choices}) != len(choices):
                continue
            ideal = o["ideal"].strip().strip("[]").strip().upper()
            if ideal not in LET[: len(choices)]:
                continue
            key = LET.index(ideal)
            if lang == "hi":
                stem = re.sub(r"^\s*\d+\.\s*", "", stem.strip())
            first_line = stem.strip().split("\n")[0].strip()
            sets = [statement_set(c, lang) for c in choices]
            stmt = None
            if all(s is not None for s in sets) and len(set(sets)) == len(sets):
                st = hindi_statements(stem) if lang == "hi" else turkish_statements(stem)
                if st:
                    stmt = {"sets": sets, "items": st}
            qs.append({
                "set": name, "idx": i, "qid": "%s:%d" % (name, i), "lang": lang,
                "stem": stem, "first": first_line, "choices": choices, "key": key,
                "stmt": stmt,
            })
    return qs


# --------------------------------------------------------------------------
# hand translations of the choices of some questions (for the translation style)
# --------------------------------------------------------------------------
TRANS = {
    ("spanish-exams-qa", 1): ["towards the south", "towards the east", "towards the west"],
    ("spanish-exams-qa", 3): ["energy", "efficiency", "power"],
    ("spanish-exams-qa", 16): ["hydrogen", "iron", "uranium"],
    ("spanish-exams-qa", 40): ["a diverging lens", "a convex mirror", "a prism"],
    ("spanish-exams-qa", 55): ["you can't tell from the colour", "the blue one", "the red one"],
    ("spanish-exams-qa", 64): ["diffraction", "dispersion", "dissipation"],
    ("spanish-exams-qa", 102): ["radio waves", "X-rays", "mechanical (sound) waves"],
    ("spanish-exams-qa", 118): ["the number of neutrons", "the number of protons", "the atomic number"],
    ("spanish-exams-qa", 53): ["an isobaric process", "an isothermal process", "an isochoric process"],
    ("spanish-exams-qa", 99): ["the work done", "the heat released", "the internal energy"],
    ("spanish-exams-qa", 117): ["the gamma-ray photon", "the ultraviolet photon", "the red-light photon"],
    ("turkish-exams-qa", 0): ["the mental and private environment", "the general and specific environment",
                              "the leased environment", "the general environment and the business environment"],
    ("turkish-exams-qa", 50): ["non-current (fixed) assets", "current assets", "marginal costs", "fixed costs"],
    ("turkish-exams-qa", 150): ["a phenotype", "a genotype", "a genome", "a gene"],
    ("turkish-exams-qa", 350): ["design", "the brand", "packaging", "quality"],
    ("turkish-exams-qa", 625): ["aesthetics", "gnoseology", "ontology", "ethics"],
    ("turkish-exams-qa", 750): ["production", "management", "sales", "marketing"],
    ("turkish-exams-qa", 800): ["necrosis", "cytosis", "mitosis", "symbiosis"],
    ("turkish-exams-qa", 825): ["a monopoly", "different customers", "competition", "an oligopoly"],
    ("turkish-exams-qa", 850): ["opportunities", "weaknesses", "strengths", "threats"],
    ("turkish-exams-qa", 1250): ["the USSR", "the United States", "Iran", "Yugoslavia", "Britain"],
    ("turkish-exams-qa", 1375): ["the Sumerians", "the Assyrians", "the Hittites", "the Phoenicians", "the Urartians"],
    ("turkish-exams-qa", 1175): ["Bowman's capsule", "the urethra", "the renal pelvis", "the ureter", "the bladder"],
    ("hindi_upsc", 15): ["federalism", "democratic decentralisation", "administrative delegation", "direct democracy"],
    ("hindi_upsc", 18): ["Bhavnagar", "Bheemunipatnam", "Chandipur", "Nagapattinam"],
    ("hindi_upsc", 37): ["freedom of thought", "economic freedom", "freedom of expression", "freedom of belief"],
    ("hindi_upsc", 47): ["the Preamble", "the Fundamental Rights", "the Directive Principles of State Policy",
                         "the Fundamental Duties"],
    ("hindi_upsc", 66): ["the Bhitarkanika mangroves", "the Chambal river", "Pulicat lake", "Deepor Beel"],
    ("hindi_upsc", 68): ["at Ajanta", "at Badami", "at Bagh", "at Ellora"],
    ("hindi_upsc", 77): ["producing bio-larvicides", "making biodegradable plastics",
                         "reproductive cloning of animals", "producing disease-free organisms"],
    ("hindi_upsc", 79): ["captive breeding of wild fauna", "maintenance of tiger reserves",
                         "an indigenous satellite navigation system", "the security of national highways"],
    ("hindi_upsc", 85): ["a fundamental right", "a natural right", "a constitutional right", "a legal right"],
    ("hindi_upsc", 94): ["Corbett National Park", "Kuno Palpur Wildlife Sanctuary",
                         "Mudumalai Wildlife Sanctuary", "Sariska National Park"],
    ("hindi_upsc", 97): ["Sumatra", "Borneo", "Java", "Sri Lanka"],
}

# Hindi questions whose choices are in a broken legacy font (mojibake) -- not quoted in prose
HI_GARBLED = {8, 17, 81}

# --------------------------------------------------------------------------
# text helpers
# --------------------------------------------------------------------------
R = random.Random(SEED)


def ch(seq):
    return R.choice(seq)


def bare(s):
    return s.strip().rstrip(".।:;, ").strip()


def sh(s, n=85):
    s = bare(s)
    if len(s) <= n:
        return s
    cut = s[:n].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def stem_q(q, n=110):
    """The question sentence itself (for hindi statement questions, the real ask)."""
    s = q["first"]
    s = re.sub(r"\s+", " ", s)
    return sh(s, n)


def C(q, i, n=85):
    """choice text shortened for prose, but never so short that it matches another choice"""
    t = sh(q["choices"][i], n)
    if t.endswith("…"):
        pre = t[:-1]
        if any(j != i and bare(c).startswith(pre) for j, c in enumerate(q["choices"])):
            return bare(q["choices"][i])
    return t


def full(q, i):
    return bare(q["choices"][i])


_LTMODE = ["(x)"]


def new_reply():
    """called before each reply: fix how Hindi-question replies write letters within one reply"""
    _LTMODE[0] = ch(["(x)", "(x)", "X", "x"])


def Lt(q, i):
    """Display a letter the way a reply to this question would most naturally do."""
    if q["lang"] == "hi":
        m = _LTMODE[0]
        return "(%s)" % LET[i].lower() if m == "(x)" else (LET[i] if m == "X" else LET[i].lower())
    return LET[i]


def n_ch(q):
    return len(q["choices"])


def others(q, t, k=None):
    o = [j for j in range(n_ch(q)) if j != t]
    R.shuffle(o)
    return o if k is None else o[:k]


def cap(s):
    return s[:1].upper() + s[1:] if s else s


LANGNAME = {"es": "Spanish", "tr": "Turkish", "hi": "Hindi"}


def why_right(q, i, quote=None):
    c = C(q, i)
    if quote is None:
        quote = R.random() < 0.5
    if not quote:
        return ch([
            "it is the only option consistent with all the conditions stated in the question.",
            "it follows directly from the definition the question is testing.",
            "each of the other options contradicts part of the stem.",
            "that is exactly the situation the question describes.",
            "this matches the standard textbook explanation of the topic.",
            "the key detail in the stem rules everything else out.",
            "it is the only choice that holds up once you apply the relevant principle.",
        ])
    return ch([
        '"%s" is the only option that is consistent with what the question describes.' % c,
        'the stem ("%s") points directly to "%s".' % (stem_q(q, 80), c),
        '"%s" is what the standard textbook treatment of this topic says.' % c,
        '"%s" fits every condition given in the question.' % c,
        'if you read the question carefully, only "%s" holds up.' % c,
        'the wording of the question lines up with "%s".' % c,
    ])


def why_wrong(q, j):
    c = C(q, j, 70)
    return ch([
        '"%s" does not follow from the information given.' % c,
        '"%s" is a classic distractor: it sounds plausible but mixes up related ideas.' % c,
        '"%s" would only be true under different conditions.' % c,
        'nothing in the question supports "%s".' % c,
        '"%s" contradicts the premise of the question.' % c,
        '"%s" describes something else entirely.' % c,
        '"%s" confuses cause and effect here.' % c,
        '"%s" is too strong a claim.' % c,
        '"%s" is only partly true, so it cannot be the best answer.' % c,
    ])


_KEYSTAT = [0, 0]  # [times the key was chosen, letter targets drawn]


def pick_target(q):
    """choose the option the reply will commit to: the key about 70% of the time, self-correcting"""
    drift = 0.70 * _KEYSTAT[1] - _KEYSTAT[0]
    p = min(0.95, max(0.40, 0.70 + 0.25 * drift))
    _KEYSTAT[1] += 1
    if R.random() < p:
        _KEYSTAT[0] += 1
        return q["key"]
    return ch([j for j in range(n_ch(q)) if j != q["key"]])


def other_than(q, t):
    return ch([j for j in range(n_ch(q)) if j != t])


# fuzzy quoting of choice text (accents, case, punctuation, inflection)
TR_ASCII = str.maketrans("ıİşŞğĞçÇöÖüÜâÂ", "iIsSgGcCoOuUaA")


def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def tr_copula(word):
    vowels = [c for c in word.lower() if c in "aeıioöuü"]
    v = vowels[-1] if vowels else "e"
    suf = {"a": "ı", "ı": "ı", "e": "i", "i": "i", "o": "u", "u": "u", "ö": "ü", "ü": "ü"}[v]
    d = "t" if word and word[-1].lower() in "fstkçşhp" else "d"
    return word + d + suf + "r"


def fuzzy(q, i):
    orig = bare(q["choices"][i])
    for _ in range(6):
        out = _fuzzy(q, i)
        if bare(out) != orig:
            return out
    # last resort: flip the case of the first letter
    return orig[:1].swapcase() + orig[1:]


def _fuzzy(q, i):
    s = bare(q["choices"][i])
    lang = q["lang"]
    if lang == "es":
        s2 = re.sub(r"^(El|La|Los|Las|Un|Una|Unos|Unas|Con|En|Del|De la|Al)\s+", "", s)
        op = ch(["accents", "lower", "article", "accents+lower"])
        if op == "accents":
            s = strip_accents(s)
        elif op == "lower":
            s = s.lower()
        elif op == "article" and s2 != s:
            s = s2.lower()
        else:
            s = strip_accents(s).lower()
        if strip_accents(s) == strip_accents(bare(q["choices"][i])) and s == bare(q["choices"][i]):
            s = strip_accents(s).lower()
        return s
    if lang == "tr":
        op = ch(["ascii", "lower", "copula", "copula"])
        words = s.split()
        verbish = re.compile(r"(yor|ır|ir|ur|ür|maz|mez|mış|miş|muş|müş|dır|dir|dur|dür|tır|tir|tur|tür|ar|er)$")
        last = words[-1] if words else ""
        if (op == "copula" and len(words) <= 3 and re.fullmatch(r"[^\W\d_]+", last)
                and (not verbish.search(last.lower()) or re.search(r"l[ae]r$", last.lower()))):
            words[-1] = tr_copula(last)
            return " ".join(words).lower() if R.random() < 0.5 else " ".join(words)
        if s.translate(TR_ASCII) != s and op != "lower":
            return s.translate(TR_ASCII).lower()
        return s.lower() if s.lower() != s else s[:1].upper() + s[1:]
    # hindi: drop sentence-final है/danda and final postposition; or केवल->सिर्फ; or add copula
    s2 = re.sub(r"\s*(है|हैं)\s*$", "", s)
    s2 = re.sub(r"\s+(को|में|का|की|के|से)\s*$", "", s2)
    if s2 != s:
        return s2
    if "केवल" in s:
        return s.replace("केवल", "सिर्फ")
    return s + " है"


# --------------------------------------------------------------------------
# canned material
# --------------------------------------------------------------------------
DOCS = {
    "es": ["Fisica_2Bach_Tema4.pdf", "apuntes_termodinamica.docx", "Banco_preguntas_Fisica_2016.pdf",
           "Manual_Ondas_y_Optica.pdf", "kb/fisica-moderna.md", "Examen_Madurez_Fisica_soluciones.pdf"],
    "tr": ["Ders_Notlari_Unite3.pdf", "isletme_yonetimi_kitap.pdf", "Biyoloji_Konu_Anlatimi.pdf",
           "kb/tarih-ozet.md", "Sinav_Cozumleri_2019.pdf", "Felsefe_ders_kitabi.pdf"],
    "hi": ["UPSC_Prelims_2017_Solutions.pdf", "Laxmikanth_Polity_Ch12.pdf", "PIB_press_release_2017.html",
           "Yojana_Magazine_Aug2017.pdf", "kb/current-affairs-2017.md", "NCERT_Class11_Ch3.pdf"],
}


def docs(q, k=3):
    d = DOCS[q["lang"]][:]
    R.shuffle(d)
    return d[:k]


ORD_EN = ["first", "second", "third", "fourth", "fifth", "sixth"]
ORD_ES = ["primera", "segunda", "tercera", "cuarta", "quinta", "sexta"]
ORD_TR = ["birinci", "ikinci", "üçüncü", "dördüncü", "beşinci", "altıncı"]
ORD_HI = ["पहला", "दूसरा", "तीसरा", "चौथा", "पाँचवाँ", "छठा"]


# --------------------------------------------------------------------------
# styles: each returns (reply, meant)
# --------------------------------------------------------------------------
STYLES = collections.OrderedDict()
DESC = {}
RESTRICT = {}


def style(name, desc, restrict=None):
    def deco(f):
        STYLES[name] = f
        DESC[name] = desc
        RESTRICT[name] = restrict
        return f
    return deco


@style("bracket_end", "reasoning first, then the letter in square brackets on the last line (the format the prompt asked for)")
def s_bracket_end(q):
    t = pick_target(q)
    o = others(q, t, 2)
    body = ch([
        "The question asks: \"%s\". %s In contrast, %s\n\n[%s]" % (stem_q(q), cap(why_right(q, t)), why_wrong(q, o[0]), LET[t]),
        "Reasoning: %s Also, %s So the correct choice is [%s]." % (cap(why_wrong(q, o[0])), why_wrong(q, o[-1]), LET[t]),
        "Let's think about it. %s\n\nTherefore, the answer is:\n[%s]" % (cap(why_right(q, t)), LET[t]),
        "Option %s (\"%s\") is the right one: %s\n\n[%s]" % (LET[t], C(q, t), why_right(q, t, False), LET[t]),
    ])
    return body, LET[t]


@style("bold_first", "ChatGPT/Gemini-style: bold answer (letter + text) first, explanation after")
def s_bold_first(q):
    t = pick_target(q)
    o = others(q, t)
    body = ch([
        "**%s. %s**\n\n%s" % (LET[t], full(q, t), cap(why_right(q, t, False))),
        "The correct answer is **%s) %s**.\n\nHere's why: %s The other options don't work: %s" % (
            LET[t], full(q, t), why_right(q, t, False), why_wrong(q, o[0])),
        "**Answer: %s**\n\n%s\n\n- %s\n- %s" % (LET[t], cap(why_right(q, t)), cap(why_wrong(q, o[0])), cap(why_wrong(q, o[1]))),
        "**%s — %s**\n\nExplanation: %s" % (Lt(q, t), C(q, t), cap(why_right(q, t, False))),
    ])
    return body, LET[t]


@style("md_headings", "markdown report with headings (Analysis / Options / Conclusion), answer under the last heading")
def s_md_headings(q):
    t = pick_target(q)
    lines = ["## Understanding the question", "", "The question (in %s) asks: *%s*" % (LANGNAME[q["lang"]], stem_q(q)), "",
             "## Evaluating the options", ""]
    for j in range(n_ch(q)):
        verdict = "✔ consistent with the question" if j == t else ch(["✘ not supported", "✘ incorrect", "✘ a distractor"])
        lines.append("- **%s.** %s — %s" % (LET[j], C(q, j, 60), verdict))
    lines += ["", ch(["## Conclusion", "## Final answer", "### Answer"]), "",
              ch(["The correct answer is **%s**." % LET[t], "**%s) %s**" % (LET[t], C(q, t)),
                  "Option **%s** is correct." % LET[t]])]
    return "\n".join(lines), LET[t]


@style("rag_cited", "enterprise RAG answer citing retrieved passages by number, then a Sources list")
def s_rag_cited(q):
    t = pick_target(q)
    d = docs(q, 3)
    body = ch([
        "According to the retrieved passage [2], \"%s\" — which corresponds to option %s. Passage [1] covers the general background but does not change this conclusion.\n\n**Answer: %s**\n\nSources:\n[1] %s, p. %d\n[2] %s, p. %d" % (
            C(q, t), LET[t], LET[t], d[0], R.randint(2, 40), d[1], R.randint(2, 40)),
        "Based on the knowledge base, the answer is **%s** [1][3].\n\nThe documents describe this case explicitly: %s\n\n---\nSources: [1] %s · [2] %s · [3] %s" % (
            C(q, t), why_right(q, t, False), d[0], d[1], d[2]),
        "The relevant section of %s [1] reads: \"…%s…\" Therefore the correct choice is %s.\n\nReferences\n1. %s (retrieved chunk #%d)\n2. %s (retrieved chunk #%d)" % (
            d[0], C(q, t, 70), Lt(q, t), d[0], R.randint(3, 90), d[1], R.randint(3, 90)),
    ])
    return body, LET[t]


@style("rag_general_knowledge", "RAG assistant: documents do not cover it, but answers anyway from general knowledge")
def s_rag_gk(q):
    t = pick_target(q)
    body = ch([
        "The provided documents don't directly address this question. Based on general knowledge, however, the most likely answer is **%s: %s**." % (LET[t], C(q, t)),
        "I couldn't find this in the uploaded files, so this answer is not grounded in your sources. From general knowledge: %s\n\nAnswer: %s" % (cap(why_right(q, t)), Lt(q, t)),
        "None of the retrieved passages mention this topic explicitly. That said, %s — so I would answer %s.\n\n_Note: this response is based on the model's general knowledge, not on your documents._" % (why_right(q, t).rstrip("."), Lt(q, t)),
    ])
    return body, LET[t]


@style("rag_no_info", "RAG assistant says the retrieved documents do not contain the answer and gives none")
def s_rag_no_info(q):
    d = docs(q, 2)
    o = others(q, -1)
    body = ch([
        "I couldn't find any information about this in the provided documents. The retrieved passages ([1] %s, [2] %s) discuss unrelated topics, so I can't determine which option is correct." % (d[0], d[1]),
        "The documents do not say. None of the sources mention \"%s\" or \"%s\", so I'm unable to answer this question based on the available context." % (C(q, o[0], 50), C(q, o[1], 50)),
        "Sorry — I don't have enough information in the knowledge base to answer this question.\n\nSources searched: %s, %s" % (d[0], d[1]),
        "Based on the context provided, there is no information about \"%s\". Please consult another source." % stem_q(q, 90),
    ])
    return body, "none"


@style("rag_lettered_sources", "RAG answer whose sources are labelled [A], [B], [C] (letters that are not the answer)")
def s_rag_lettered(q):
    t = pick_target(q)
    d = docs(q, 3)
    labs = ["A", "B", "C"]
    src = labs[R.randrange(3)]
    body = ch([
        "Document [A] (%s) gives background on the topic. Document [B] (%s) and document [C] (%s) are more specific: [%s] states that %s.\n\nBased on [%s], the correct option is %s – \"%s\"." % (
            d[0], d[1], d[2], src, why_right(q, t).rstrip("."), src, LET[t], C(q, t)),
        "Answer: %s\n\nEvidence:\n[A] %s — general overview\n[B] %s — \"…%s…\"\n[C] %s — not relevant" % (
            Lt(q, t), d[0], d[1], C(q, t, 60), d[2]),
        "A quick check of the sources: [A] is an outline, [B] repeats the question, and [C] (%s) contains the passage we need. It supports %s: %s." % (
            d[2], LET[t], C(q, t)),
    ])
    return body, LET[t]


@style("rag_conflict", "RAG answer where sources disagree; sometimes resolved to one choice, sometimes both asserted")
def s_rag_conflict(q):
    a, b = R.sample(range(n_ch(q)), 2)
    d = docs(q, 2)
    if R.random() < 0.5:
        t = pick_target(q)
        a = other_than(q, t)
        body = ch([
            "The sources disagree. [1] (%s) suggests %s (\"%s\"), while [2] (%s) supports %s (\"%s\"). Since [2] is the more recent and more specific document, I'd go with **%s**." % (
                d[0], LET[a], C(q, a, 50), d[1], LET[t], C(q, t, 50), LET[t]),
            "There's a conflict in the retrieved documents: one passage points to %s, another to %s. On closer reading the first passage is about a different case, so the answer is %s." % (
                LET[a], LET[t], LET[t]),
        ])
        return body, LET[t]
    body = ch([
        "The retrieved documents support two of the options. [1] (%s) states \"%s\" and [2] (%s) states \"%s\". Therefore the correct answers are **%s and %s**." % (
            d[0], C(q, a, 60), d[1], C(q, b, 60), LET[a], LET[b]),
        "**Answer: %s** (per [1]) **and %s** (per [2])\n\nBoth are backed by the knowledge base.\n\nSources: [1] %s [2] %s" % (
            LET[a], LET[b], d[0], d[1]),
    ])
    return body, "unclear"


@style("terse_letter", "small local model: just the letter, with minimal punctuation/markup")
def s_terse(q):
    t = pick_target(q)
    L = LET[t]
    forms = [L, L + ".", "Answer: " + L, L + ")", "**" + L + "**", "[" + L + "]", " " + L + "\n", "The answer is " + L]
    if q["lang"] == "hi":
        forms += ["(%s)" % L.lower(), "उत्तर: (%s)" % L.lower()]
    if q["lang"] == "es":
        forms += ["Respuesta: " + L]
    if q["lang"] == "tr":
        forms += ["Cevap: " + L]
    return ch(forms), L


@style("local_runon", "small local model that answers and then keeps generating (next questions, loops, fake dialogue)")
def s_runon(q):
    t = pick_target(q)
    pool = [x for x in QS_BY_SET[q["set"]] if x["qid"] != q["qid"] and x["qid"] not in HI_GARBLED_IDS]
    q2 = ch(pool)
    k2 = R.randrange(n_ch(q2))
    opts = "\n".join("%s. %s" % (LET[j], c) if q2["lang"] != "hi" else "(%s) %s" % (LET[j].lower(), c) for j, c in enumerate(q2["choices"]))
    v = R.randrange(3)
    if v == 0:
        body = "%s\n\n### Question:\n%s\n%s\nAnswer: %s\n\n### Question:\n" % (LET[t], stem_q(q2, 200), opts, LET[k2])
    elif v == 1:
        body = ("The answer is %s. " % LET[t]) * R.randint(3, 6) + "The answer is"
    else:
        body = "%s) %s\n\nUser: thanks!\nAssistant: You're welcome! The answer was %s.\nUser: and the next one? %s\nAssistant: That one is %s because" % (
            LET[t], C(q, t), LET[t], stem_q(q2, 90), LET[k2])
    return body, LET[t]


@style("echo_question", "model echoes the whole question and all options before giving its answer")
def s_echo(q):
    t = pick_target(q)
    if q["lang"] == "hi":
        opts = "\n".join("(%s) %s" % (LET[j].lower(), c) for j, c in enumerate(q["choices"]))
        tail = ch(["उत्तर: (%s)" % LET[t].lower(), "Answer: (%s) %s" % (LET[t].lower(), full(q, t)), "Correct answer: %s" % LET[t]])
    else:
        opts = "\n".join("%s. %s" % (LET[j], c) for j, c in enumerate(q["choices"]))
        tail = ch(["Answer: %s" % LET[t], "Answer: %s. %s" % (LET[t], full(q, t)), "The correct answer is %s." % LET[t]])
    stem = re.sub(r"\n{2,}", "\n", q["stem"].strip())
    return "Question: %s\n%s\n\n%s" % (stem, opts, tail), LET[t]


@style("support_bot", "customer-support chatbot tone with greeting, emoji and sign-off")
def s_support(q):
    t = pick_target(q)
    body = ch([
        "Hi there! 👋 Thanks for your question. The right choice here is **%s – %s**. %s\n\nIs there anything else I can help you with today? 😊" % (
            LET[t], C(q, t), cap(why_right(q, t, False))),
        "Thank you for reaching out! I'd be happy to help. 🙂\n\nAfter reviewing the options, option %s (%s) is the correct one.\n\nIf you have any further questions, feel free to ask!" % (
            Lt(q, t), C(q, t)),
        "Great question! ✨ The answer is %s. Let me know if you'd like a more detailed explanation. Have a wonderful day!" % Lt(q, t),
    ])
    return body, LET[t]


@style("json_letter", "JSON object with an answer letter (sometimes in a ```json block), plus explanation fields")
def s_json_letter(q):
    t = pick_target(q)
    obj = ch([
        {"answer": LET[t], "explanation": why_right(q, t)},
        {"reasoning": cap(why_wrong(q, other_than(q, t))), "final_answer": LET[t], "confidence": round(R.uniform(0.55, 0.97), 2)},
        {"choice": "[%s]" % LET[t]},
        {"selected_option": LET[t].lower() if q["lang"] == "hi" else LET[t], "text": full(q, t)},
    ])
    s = json.dumps(obj, ensure_ascii=False, indent=R.choice([None, 2]))
    if R.random() < 0.5:
        s = "```json\n%s\n```" % s
    return s, LET[t]


@style("json_text", "JSON object that gives only the choice text (no letter)")
def s_json_text(q):
    t = pick_target(q)
    obj = ch([
        {"answer": full(q, t)},
        {"answer": full(q, t), "rationale": why_right(q, t)},
        {"result": {"option_text": q["choices"][t], "confidence": "high"}},
    ])
    s = json.dumps(obj, ensure_ascii=False, indent=R.choice([None, 2]))
    if R.random() < 0.4:
        s = "```json\n%s\n```" % s
    return s, LET[t]


@style("table_verdict", "markdown table of all options with a verdict column; final line sometimes omitted")
def s_table(q):
    t = pick_target(q)
    rows = ["| Option | Text | Verdict |", "|---|---|---|"]
    for j in range(n_ch(q)):
        rows.append("| %s | %s | %s |" % (LET[j], C(q, j, 55), "✅ Correct" if j == t else "❌"))
    s = "\n".join(rows)
    if R.random() < 0.6:
        s += "\n\n" + ch(["**Answer: %s**" % LET[t], "So the answer is %s." % Lt(q, t), "→ %s" % LET[t]])
    else:
        s = "Here's a breakdown of each option:\n\n" + s
    return s, LET[t]


@style("emoji_bullets", "bulleted option list with ✅/❌ marks, no separate final sentence in some replies")
def s_emoji(q):
    t = pick_target(q)
    lines = []
    for j in range(n_ch(q)):
        mark = "✅" if j == t else "❌"
        lines.append("%s **%s** — %s" % (mark, LET[j], C(q, j, 60)))
    s = "\n".join(lines)
    if R.random() < 0.5:
        s += "\n\n" + cap(why_right(q, t))
    return s, LET[t]


@style("elimination", "explicit elimination of each wrong option, then the survivor named")
def s_elim(q):
    t = pick_target(q)
    parts = []
    for j in sorted(others(q, t)):
        parts.append("- %s: %s" % (LET[j], cap(why_wrong(q, j))))
    end = ch(["So the answer is %s." % Lt(q, t), "By elimination: **%s** (%s)." % (LET[t], C(q, t)),
              "That leaves %s, which is correct." % LET[t]])
    return "Let's eliminate the wrong ones:\n" + "\n".join(parts) + "\n\n" + end, LET[t]


@style("elimination_implicit", "eliminates every other option by letter and never names the survivor")
def s_elim_imp(q):
    t = pick_target(q)
    parts = []
    for j in sorted(others(q, t)):
        parts.append(ch(["%s can't be right: %s" % (LET[j], why_wrong(q, j)),
                         "%s is out, because %s" % (LET[j], why_wrong(q, j))]))
    end = ch(["That leaves only one option.", "Only one choice survives.", "By elimination, the remaining option must be the answer."])
    return " ".join(parts) + " " + end, LET[t]


@style("partial_elimination", "rules out one or two options, then stops without choosing among the rest")
def s_partial(q):
    k = 1 if n_ch(q) <= 3 else R.choice([1, 2])
    out = R.sample(range(n_ch(q)), k)
    rest = [LET[j] for j in range(n_ch(q)) if j not in out]
    parts = " ".join("%s can be ruled out: %s" % (LET[j], why_wrong(q, j)) for j in out)
    end = ch([
        "Between %s, I don't have enough information to decide." % (" and ".join(rest) if len(rest) == 2 else ", ".join(rest[:-1]) + " and " + rest[-1]),
        "The remaining options all seem defensible, and I can't narrow it down further without more context.",
        "Which of the remaining ones is correct depends on details the question doesn't give.",
    ])
    return parts + "\n\n" + end, "none"


@style("not_x_but_y", "contrastive: 'not X but Y' / 'it is tempting to pick X, but it is Y'")
def s_notxy(q):
    t = pick_target(q)
    x = other_than(q, t)
    body = ch([
        "Not %s (\"%s\") — the answer is %s (\"%s\"). %s" % (LET[x], C(q, x, 55), LET[t], C(q, t, 55), cap(why_right(q, t))),
        "It's tempting to pick %s, but the correct answer is actually %s. %s" % (Lt(q, x), Lt(q, t), cap(why_wrong(q, x))),
        "The answer isn't \"%s\"; it's \"%s\" (%s)." % (C(q, x, 60), C(q, t, 60), LET[t]),
        "Many people would say %s here. That's wrong: %s So: %s." % (LET[x], cap(why_wrong(q, x)), LET[t]),
    ])
    return body, LET[t]


@style("compare_commit", "weighs two or three named options against each other before committing to one")
def s_compare(q):
    t = pick_target(q)
    x = other_than(q, t)
    pair = [t, x]
    R.shuffle(pair)
    body = ch([
        "Both %s and %s look plausible at first. %s says \"%s\", while %s says \"%s\". The difference is that %s On balance, I'd choose %s." % (
            LET[pair[0]], LET[pair[1]], LET[pair[0]], C(q, pair[0], 55), LET[pair[1]], C(q, pair[1], 55), why_wrong(q, x), LET[t]),
        "The real contest is between %s and %s. %s is closer to what the question asks; %s So %s." % (
            Lt(q, pair[0]), Lt(q, pair[1]), LET[t], cap(why_wrong(q, x)), LET[t]),
        "Comparing the options: %s (\"%s\") vs %s (\"%s\"). %s Final answer: %s" % (
            LET[pair[0]], C(q, pair[0], 50), LET[pair[1]], C(q, pair[1], 50), cap(why_right(q, t)), LET[t]),
    ])
    return body, LET[t]


@style("rhetorical_walkthrough", "asks 'Is it A? … Is it B? …' about several options, then answers")
def s_rhet(q):
    t = pick_target(q)
    order = list(range(n_ch(q)))
    bits = []
    for j in order:
        if j == t:
            continue
        bits.append("Could it be %s, \"%s\"? Not really — %s" % (LET[j], C(q, j, 50), why_wrong(q, j)))
        if len(bits) >= 2:
            break
    bits.append("What about %s? Yes: %s" % (LET[t], why_right(q, t)))
    return " ".join(bits) + ch(["", " So it's %s." % LET[t], " Answer: %s." % Lt(q, t)]), LET[t]


@style("self_correction", "states one option, then explicitly corrects itself to another")
def s_selfcorr(q):
    t = pick_target(q)
    x = other_than(q, t)
    body = ch([
        "%s. Wait — let me re-read the question. \"%s\"… Actually, the answer is %s, not %s. %s" % (
            LET[x], stem_q(q, 80), LET[t], LET[x], cap(why_right(q, t))),
        "My first instinct was %s (%s), but on reflection that's a distractor: %s The correct answer is %s." % (
            Lt(q, x), C(q, x, 50), why_wrong(q, x), Lt(q, t)),
        "The answer is %s.\n\nCorrection: I misread the options. The correct answer is **%s** (%s). Apologies for the confusion." % (
            LET[x], LET[t], C(q, t, 60)),
        "I'd go with %s… hmm, no. %s So I'll change my answer to %s." % (LET[x], cap(why_wrong(q, x)), LET[t]),
    ])
    return body, LET[t]


@style("unresolved_flip", "names one option in the body and a different one at the end without acknowledging the change")
def s_flip(q):
    a, b = R.sample(range(n_ch(q)), 2)
    body = ch([
        "The answer is %s. %s\n\nFinal answer: [%s]" % (LET[a], cap(why_right(q, a)), LET[b]),
        "%s Therefore \"%s\" is the correct statement.\n\nAnswer: %s" % (cap(why_right(q, a)), C(q, a, 60), LET[b]),
        "**%s** is correct because %s\n\n%s is the best choice here." % (LET[a], why_right(q, a), LET[b]),
    ])
    return body, "unclear"


@style("hedged", "hedged single commitment ('I'm not sure, but I'd go with C')")
def s_hedged(q):
    t = pick_target(q)
    body = ch([
        "I'm not 100%% sure, but I'd lean towards %s (\"%s\")." % (Lt(q, t), C(q, t)),
        "Probably %s. I'd double-check this against your course notes, though." % Lt(q, t),
        "If I had to pick one, I'd say %s — %s That said, this is outside my area of certainty." % (LET[t], why_right(q, t)),
        "This one is tricky. My best guess is %s: %s" % (LET[t], C(q, t)),
    ])
    return body, LET[t]


@style("primary_with_alternative", "commits to one option while mentioning another as a possible alternative reading")
def s_primalt(q):
    t = pick_target(q)
    x = other_than(q, t)
    body = ch([
        "%s — \"%s\". (Some sources argue for %s, but %s is the standard answer.)" % (LET[t], C(q, t), LET[x], LET[t]),
        "Answer: %s, although %s could be argued under a looser reading of the question." % (Lt(q, t), Lt(q, x)),
        "The best answer is %s. %s might be accepted by some graders, but %s" % (LET[t], LET[x], why_wrong(q, x)),
    ])
    return body, LET[t]


@style("step_by_step", "numbered step-by-step reasoning with the answer at the end")
def s_steps(q):
    t = pick_target(q)
    st = q.get("stmt")
    lines = ["Step 1: Identify what is being asked — \"%s\"." % stem_q(q, 100)]
    if st and R.random() < 0.8:
        want = st["sets"][t]
        k = 2
        for num, txt in st["items"]:
            verdict = "correct" if num in want else "incorrect"
            lines.append("Step %d: Statement %d (\"%s\") is %s." % (k, num, sh(txt, 60), verdict))
            k += 1
        lines.append("Step %d: Match this with the codes." % k)
        lines.append("\nTherefore the answer is %s." % Lt(q, t))
    else:
        o = others(q, t)
        lines.append("Step 2: Check each option. %s" % cap(why_wrong(q, o[0])))
        lines.append("Step 3: %s" % cap(why_right(q, t)))
        lines.append("\n" + ch(["Therefore, the answer is %s." % Lt(q, t), "**Answer: %s**" % LET[t]]))
    return "\n".join(lines), LET[t]


@style("answer_middle", "answer stated in the middle of a paragraph, followed by discussion of distractors")
def s_middle(q):
    t = pick_target(q)
    o = others(q, t)
    body = "Looking at the question (\"%s\"), a few ideas come into play. The option that fits is %s, \"%s\". That said, %s is a common distractor because it sounds familiar, and %s" % (
        stem_q(q, 90), Lt(q, t), C(q, t, 60), LET[o[0]], why_wrong(q, o[-1]))
    return body, LET[t]


@style("ordinal", "answer named by position ('the third option', 'la segunda opción', 'the last one')")
def s_ordinal(q):
    t = pick_target(q)
    last = t == n_ch(q) - 1 and R.random() < 0.4
    lang = q["lang"]
    v = R.random()
    if v < 0.55:
        pos = "last" if last else ORD_EN[t]
        body = ch(["The %s option is correct." % pos,
                   "I'd go with the %s one: %s" % (pos, C(q, t)),
                   "It's the %s choice — %s" % (pos, why_right(q, t))])
    elif lang == "es":
        body = "La respuesta correcta es la %s opción." % ("última" if last else ORD_ES[t])
    elif lang == "tr":
        body = "Doğru cevap %s seçenek." % ("son" if last else ORD_TR[t])
    else:
        body = "सही उत्तर %s विकल्प है।" % ("अंतिम" if last else ORD_HI[t])
    return body, LET[t]


@style("lowercase_letter", "letter written in lowercase, bare or in brackets/parentheses")
def s_lower(q):
    t = pick_target(q)
    l = LET[t].lower()
    body = ch([
        "the answer is %s." % l,
        "%s) %s" % (l, C(q, t)),
        "i'd say (%s), since %s" % (l, why_right(q, t)),
        "[%s]" % l,
        "answer: %s" % l,
        "ok so %s is correct. %s" % (l, why_right(q, t)),
    ])
    return body, LET[t]


@style("option_number", "answer given as an option number ('option 3', 'choice #2') instead of a letter")
def s_optnum(q):
    t = pick_target(q)
    body = ch([
        "Option %d is correct." % (t + 1),
        "The correct one is option #%d (%s)." % (t + 1, C(q, t)),
        "Answer: %d" % (t + 1),
        "I'd pick choice %d — %s" % (t + 1, why_right(q, t)),
    ])
    return body, LET[t]


@style("quote_exact", "English reply quoting the choice text exactly in the question's language, no letter")
def s_qexact(q):
    t = pick_target(q)
    c = q["choices"][t]
    body = ch([
        "The answer is \"%s\"" % c,
        "It's «%s» — %s" % (bare(c), why_right(q, t, False)),
        "Correct option: %s" % c,
        "%s\n\nThis is because %s" % (c, why_right(q, t, False)),
    ])
    return body, LET[t]


@style("quote_fuzzy", "quotes the choice text with small changes (accents, case, punctuation, Turkish copula, Hindi postposition)")
def s_qfuzzy(q):
    t = pick_target(q)
    c = fuzzy(q, t)
    body = ch([
        "The answer is %s." % c,
        "I believe it's \"%s\"." % c,
        "%s — %s" % (c, why_right(q, t, False)),
        "Answer: %s" % c,
    ])
    return body, LET[t]


@style("translated_choice", "answers with an English translation of the choice text, no letter")
def s_trans(q):
    t = pick_target(q)
    tr = TRANS[(q["set"], q["idx"])][t]
    body = ch([
        "The answer is %s." % tr,
        "It's %s." % tr,
        "%s. The other options don't fit what the question describes." % cap(tr),
        "In English the question asks which option applies; the correct one is %s." % tr,
    ])
    return body, LET[t]


@style("native_language", "reply written entirely in the question's language (Spanish/Turkish/Hindi)")
def s_native(q):
    t = pick_target(q)
    lang = q["lang"]
    o = [LET[j] for j in others(q, t)]
    if lang == "es":
        body = ch([
            "La respuesta correcta es la %s: «%s».\n\nLas demás opciones no se ajustan a lo que plantea el enunciado." % (LET[t], full(q, t)),
            "Respuesta: %s) %s\n\nJustificación: las opciones %s no son coherentes con el enunciado." % (LET[t], full(q, t), " y ".join(o)),
            "Analizando el enunciado («%s»), la opción adecuada es la %s." % (stem_q(q, 90), LET[t]),
        ])
    elif lang == "tr":
        body = ch([
            "Doğru cevap %s şıkkıdır: %s" % (LET[t], full(q, t)),
            "Cevap: %s) %s\n\nAçıklama: Diğer seçenekler (%s) sorunun istediğiyle örtüşmüyor." % (LET[t], full(q, t), ", ".join(o)),
            "Soruda «%s» deniyor; buna göre %s seçeneği doğrudur." % (stem_q(q, 90), LET[t]),
        ])
    else:
        body = ch([
            "सही उत्तर है: (%s) %s" % (LET[t].lower(), full(q, t)),
            "उत्तर: (%s)\n\nव्याख्या: अन्य विकल्प प्रश्न की शर्तों से मेल नहीं खाते।" % LET[t].lower(),
            "प्रश्न के अनुसार विकल्प (%s) सही है — %s।" % (LET[t].lower(), full(q, t)),
        ])
    return body, LET[t]


@style("code_switch", "reply mixing English with the question's language (incl. romanised Hinglish)")
def s_codesw(q):
    t = pick_target(q)
    lang = q["lang"]
    if lang == "es":
        body = ch([
            "The answer is %s — «%s». Básicamente, las otras opciones no cuadran con el enunciado." % (LET[t], C(q, t)),
            "Respuesta: %s. The key point is that «%s» is the only option consistent with the question." % (LET[t], C(q, t)),
            "Ok, entonces: %s. Because %s" % (LET[t], why_right(q, t)),
        ])
    elif lang == "tr":
        body = ch([
            "Bence cevap %s. Because \"%s\" is exactly what the question describes; diğer şıklar alakasız." % (LET[t], C(q, t)),
            "Cevap: %s. In short, %s" % (LET[t], why_right(q, t)),
            "The correct option is %s, yani \"%s\"." % (LET[t], C(q, t)),
        ])
    else:
        body = ch([
            "Mere hisaab se answer (%s) hai — %s. Baaki options question se match nahi karte." % (LET[t].lower(), C(q, t)),
            "सही उत्तर (%s) है. Reason: the other options don't match the context of the question." % LET[t].lower(),
            "Answer (%s) hoga, kyunki %s" % (LET[t].lower(), why_right(q, t)),
        ])
    return body, LET[t]


def stmt_phrase(s, kind):
    nums = sorted(s)
    noun = {"stmt": "statement", "pair": "pair", "item": "item"}[kind]
    if not nums:
        return ch(["Neither %s is correct." % noun if kind != "item" else "None of them.",
                   "None of the %ss is correct." % noun])
    if len(nums) == 1:
        return ch(["Only %s %d is correct." % (noun, nums[0]), "Only %d." % nums[0], "%s %d only." % (cap(noun), nums[0])])
    joined = ", ".join(str(n) for n in nums[:-1]) + " and " + str(nums[-1])
    if len(nums) == 2:
        return ch(["Both %s are correct." % joined if len(nums) == 2 else "", "%s %s only." % (cap(noun) + "s", joined),
                   "%ss %s are correct." % (cap(noun), joined)])
    return ch(["All of %s are correct." % joined, "%s %s are correct." % (cap(noun) + "s", joined)])


def roman(n):
    return {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}[n]


@style("statements_verdict", "'which statements are correct' questions answered only as 'only 1' / 'both 1 and 2' / 'I and III', no letter",
       restrict="stmt")
def s_stmt(q):
    t = pick_target(q)
    st = q["stmt"]
    want = st["sets"][t]
    if q["lang"] == "tr":
        lines = []
        for num, txt in st["items"]:
            lines.append("%s. %s — %s" % (roman(num), sh(txt, 55), "doğru" if num in want else "yanlış"))
        ws = sorted(want)
        summary = "So statements %s are correct." % (", ".join(roman(n) for n in ws[:-1]) + " and " + roman(ws[-1]) if len(ws) > 1 else roman(ws[0]))
        return "\n".join(lines) + "\n\n" + summary, LET[t]
    kind = "pair" if "युग्म" in q["stem"] else ("stmt" if "कथन" in q["stem"] else "item")
    lines = []
    if R.random() < 0.7:
        for num, txt in st["items"]:
            good = num in want
            lines.append("%s %d (\"%s\"): %s" % ("Pair" if kind == "pair" else "Statement", num, sh(txt, 55),
                                                 ch(["correct", "true"]) if good else ch(["incorrect", "false", "not correct"])))
    return ("\n".join(lines) + "\n\n" if lines else "") + stmt_phrase(want, kind), LET[t]


@style("latex_boxed", "math-style final answer in LaTeX \\boxed{}")
def s_boxed(q):
    t = pick_target(q)
    body = ch([
        "%s\n\nThe final answer is $\\boxed{%s}$." % (cap(why_right(q, t)), LET[t]),
        "%s\n\n$$\\boxed{\\text{%s}}$$" % (cap(why_wrong(q, other_than(q, t))), LET[t]),
        "**Final Answer:** \\boxed{%s}" % LET[t],
    ])
    return body, LET[t]


@style("xml_tag", "reasoning wrapped in tags and the answer in an <answer> tag")
def s_xml(q):
    t = pick_target(q)
    body = ch([
        "<thinking>\n%s %s\n</thinking>\n<answer>%s</answer>" % (cap(why_wrong(q, other_than(q, t))), cap(why_right(q, t)), LET[t]),
        "<reasoning>%s</reasoning>\n<final_answer>%s</final_answer>" % (cap(why_right(q, t)), LET[t]),
        "<answer>\n%s) %s\n</answer>" % (LET[t], full(q, t)),
    ])
    return body, LET[t]


@style("code_block", "answer inside a fenced code block")
def s_code(q):
    t = pick_target(q)
    body = ch([
        "```\n%s\n```" % LET[t],
        "```text\nAnswer: %s) %s\n```" % (LET[t], full(q, t)),
        "Here is the answer:\n\n```\n%s\n```\n\n%s" % (LET[t], cap(why_right(q, t))),
        "```python\nanswer = \"%s\"  # %s\n```" % (LET[t], C(q, t, 50)),
    ])
    return body, LET[t]


@style("article_a_trap", "English prose whose sentences start with the article 'A' or the pronoun 'I'; the real answer is stated separately (often not A)")
def s_atrap(q):
    t = pick_target(q)
    body = ch([
        "A quick note first: I wasn't given any context beyond the question itself. A careful reading of \"%s\" suggests that %s is right, because %s I hope this helps!" % (
            stem_q(q, 80), LET[t], why_right(q, t)),
        "A lot of students get this wrong. A good way to approach it is to ask what the question really wants. I think the answer is %s (%s)." % (LET[t], C(q, t, 60)),
        "I see why this is confusing. A similar question appeared in earlier exams. I would answer %s." % Lt(q, t),
        "A common mistake is to choose \"%s\". I'd go with %s instead." % (C(q, other_than(q, t), 60), LET[t]),
    ])
    return body, LET[t]


@style("key_vs_own", "mentions an answer key / teacher / user claim and then states its own (possibly different) answer")
def s_key(q):
    t = pick_target(q)
    x = other_than(q, t)
    body = ch([
        "Some answer keys list %s, but I believe that's an error — the correct answer is %s. %s" % (LET[x], LET[t], cap(why_right(q, t))),
        "The official key for this exam gives %s, and I agree: %s" % (LET[t], why_right(q, t)),
        "You mentioned your teacher marked %s as correct. I'd respectfully disagree: it should be %s (%s)." % (LET[x], LET[t], C(q, t, 60)),
    ])
    return body, LET[t]


@style("true_false_list", "labels every option True/False (Verdadero/Doğru …), exactly one true")
def s_tf(q):
    t = pick_target(q)
    lang = q["lang"]
    T, F = ch([("True", "False"), ("✓", "✗"), ("correct", "incorrect")])
    if lang == "es" and R.random() < 0.4:
        T, F = "Verdadero", "Falso"
    if lang == "tr" and R.random() < 0.4:
        T, F = "Doğru", "Yanlış"
    if lang == "hi" and R.random() < 0.4:
        T, F = "सही", "गलत"
    lines = ["%s) %s — %s" % (LET[j], C(q, j, 55), T if j == t else F) for j in range(n_ch(q))]
    return "\n".join(lines), LET[t]


@style("tldr_end", "long explanation, answer only in a closing TL;DR line")
def s_tldr(q):
    t = pick_target(q)
    o = others(q, t)
    body = "This question (\"%s\") tests whether you can tell apart closely related ideas. %s\n\nIt's worth noting that %s Exam writers like to include options like that because they look familiar.\n\n**TL;DR:** %s" % (
        stem_q(q, 90), cap(why_wrong(q, o[0])), why_wrong(q, o[-1]), ch([LET[t], "%s (%s)" % (Lt(q, t), C(q, t, 50)), "go with %s" % LET[t]]))
    return body, LET[t]


def cut_mid(s):
    """truncate mid-word, no ellipsis"""
    words = s.split(" ")
    k = max(3, int(len(words) * R.uniform(0.5, 0.85)))
    w = " ".join(words[:k])
    nxt = words[k] if k < len(words) else "the"
    return w + " " + nxt[: max(1, len(nxt) // 2)]


@style("cutoff_after", "answer committed first, then the reply is cut off mid-explanation")
def s_cutafter(q):
    t = pick_target(q)
    o = others(q, t)
    tail = "%s Option %s is incorrect because %s" % (cap(why_right(q, t)), LET[o[0]], why_wrong(q, o[0]))
    head = ch(["The correct answer is %s. " % Lt(q, t), "**%s. %s**\n\nExplanation: " % (LET[t], C(q, t)), "Answer: %s\n\n" % LET[t]])
    return head + cut_mid(tail), LET[t]


@style("cutoff_before", "reasoning cut off before any answer is committed")
def s_cutbefore(q):
    o = others(q, -1)
    v = R.randrange(3)
    if v == 0:
        s = "Let's evaluate each option.\n\n%s) \"%s\" — %s\n%s) \"%s\" — this looks promising, since" % (
            LET[o[0]], C(q, o[0], 50), why_wrong(q, o[0]), LET[o[1]], C(q, o[1], 50))
        return cut_mid(s), "none"
    if v == 1:
        return "To answer this, we need to look at what \"%s\" actually means. %s\n\nThe correct answer is" % (stem_q(q, 80), cap(why_wrong(q, o[0]))), "none"
    return "**Analysis**\n\n%s Similarly, %s\n\n**Answer:** " % (cap(why_wrong(q, o[0])), why_wrong(q, o[1])), "none"


@style("refusal", "refuses to answer (exam policy, out-of-scope assistant), sometimes discussing options neutrally")
def s_refusal(q):
    o = others(q, -1)
    lang = q["lang"]
    opts = [
        "I'm sorry, but I can't provide answers to what looks like an active exam question. If you'd like, I can explain the underlying concepts so you can work it out yourself.",
        "I can't help with completing graded assessments. I'm happy to walk you through the topic, though: the key is understanding the difference between \"%s\" and \"%s\"." % (C(q, o[0], 50), C(q, o[1], 50)),
        "This assistant is configured to answer questions about company documentation only. Your question (\"%s\") is outside that scope, so I can't answer it." % stem_q(q, 80),
    ]
    if lang == "es":
        opts.append("Lo siento, no puedo ayudarte con preguntas de examen.")
    elif lang == "tr":
        opts.append("Üzgünüm, sınav sorularını yanıtlamama izin verilmiyor.")
    else:
        opts.append("क्षमा करें, मैं परीक्षा के प्रश्नों के उत्तर नहीं दे सकता।")
    return ch(opts), "none"


@style("dont_know", "plainly says it does not know (English or the question's language)")
def s_dontknow(q):
    lang = q["lang"]
    opts = [
        "I don't know.",
        "Honestly, I'm not sure. I don't have reliable information about this, and I'd rather not guess.",
        "I'm not able to determine the answer to this one with confidence. I'd recommend checking your course materials.",
        "Hmm, this is a tough one. I genuinely don't know — any of the %d options could be right as far as I can tell." % n_ch(q),
    ]
    opts.append({"es": "No lo sé, lo siento.", "tr": "Bilmiyorum, üzgünüm.", "hi": "मुझे इसका उत्तर नहीं पता।"}[lang])
    return ch(opts), "none"


@style("clarify_request", "asks a clarifying question or for missing context instead of answering")
def s_clarify(q):
    body = ch([
        "Before I answer: the question mentions \"%s\", but some context seems to be missing. Could you paste the full question, including any figure or table?" % stem_q(q, 70),
        "Which syllabus or exam year is this from? The expected answer can differ between editions. Could you clarify?",
        "Do you want just the letter, or a full explanation for each of the %d options?" % n_ch(q),
        "Could you confirm whether this is a single-answer question? Some of the options overlap, so I want to be sure before answering.",
    ])
    return body, "none"


@style("none_of_options", "claims none of the listed options is correct")
def s_noneopt(q):
    o = others(q, -1)
    body = ch([
        "None of the listed options is correct. %s, and %s" % (cap(why_wrong(q, o[0])).rstrip("."), why_wrong(q, o[1])),
        "Trick question? None of these is right as stated — the question seems to be based on an outdated source.",
        "Strictly speaking, none of the %d options is accurate. The question would need to be reworded." % n_ch(q),
    ])
    return body, "none"


@style("either_or_undecided", "narrows to two options but explicitly does not choose between them")
def s_either(q):
    a, b = sorted(R.sample(range(n_ch(q)), 2))
    body = ch([
        "It's either %s or %s. %s (\"%s\") is what many textbooks say, while %s (\"%s\") is also defensible. Without more context I can't say which one the exam expects." % (
            LET[a], LET[b], LET[a], C(q, a, 50), LET[b], C(q, b, 50)),
        "I'd narrow it down to %s or %s, but I can't decide between them." % (Lt(q, a), Lt(q, b)),
        "The answer is %s or %s, depending on how the question is interpreted." % (LET[a], LET[b]),
    ])
    return body, "none"


@style("two_answers", "asserts two options as correct at the same time")
def s_two(q):
    a, b = sorted(R.sample(range(n_ch(q)), 2))
    body = ch([
        "The correct answers are **%s** and **%s**." % (LET[a], LET[b]),
        "Answer: [%s] [%s]" % (LET[a], LET[b]),
        "Both %s (\"%s\") and %s (\"%s\") are correct here." % (LET[a], C(q, a, 50), LET[b], C(q, b, 50)),
        "%s, %s" % (LET[a], LET[b]),
    ])
    return body, "unclear"


@style("letter_text_mismatch", "letter and quoted choice text point to different options, unresolved")
def s_mismatch(q):
    a, b = R.sample(range(n_ch(q)), 2)
    body = ch([
        "The correct answer is **%s: %s**." % (LET[a], full(q, b)),
        "%s) %s\n\n%s" % (LET[a], full(q, b), cap(why_right(q, b))),
        "I'd go with option %s, \"%s\"." % (Lt(q, a), C(q, b)),
    ])
    return body, "unclear"


# --------------------------------------------------------------------------
# assembling
# --------------------------------------------------------------------------
QS = load()
QS_BY_SET = collections.defaultdict(list)
for q_ in QS:
    QS_BY_SET[q_["set"]].append(q_)
HI_GARBLED_IDS = {"hindi_upsc:%d" % i for i in HI_GARBLED}

NONE_LIKE = re.compile(r"ningun|ninguna|no se puede|hiçbiri|kimse|कोई नहीं|कोई भी|can't|cannot|determinar", re.I)


def eligible(name, q):
    if q["qid"] in HI_GARBLED_IDS and name in ("quote_exact", "quote_fuzzy", "json_text", "local_runon",
                                               "letter_text_mismatch", "native_language"):
        return False
    if name == "statements_verdict":
        return q["stmt"] is not None
    if name == "translated_choice":
        return (q["set"], q["idx"]) in TRANS
    if name in ("option_number", "ordinal"):
        if name == "option_number" and any(len(bare(c)) <= 8 and re.search(r"\d", c) for c in q["choices"]):
            return False
        return q["stmt"] is None and not (q["lang"] == "hi" and re.search(r"^\d", q["stem"], re.M))
    if name == "none_of_options":
        return not any(NONE_LIKE.search(c) for c in q["choices"])
    if name in ("quote_exact", "quote_fuzzy", "json_text", "letter_text_mismatch"):
        ns = [norm(c) for c in q["choices"]]
        if any(a != b and a in b for a in ns for b in ns):
            return False
        if name == "quote_fuzzy" and (q["stmt"] is not None or any(re.fullmatch(r"[\d\s.,/+-]+", bare(c)) for c in q["choices"])):
            return False
    if name == "partial_elimination" and n_ch(q) < 3:
        return False
    if max(len(c) for c in q["choices"]) > 260:
        return False
    return True


def main():
    out = []
    used_q = collections.Counter()
    style_names = list(STYLES)
    for si, name in enumerate(style_names):
        seen = set()
        for n in range(PER_STYLE):
            pref = SETS[(si + n) % 3]
            cand_sets = [pref] + [s for s in SETS if s != pref]
            q = None
            for s in cand_sets:
                pool = [x for x in QS_BY_SET[s] if eligible(name, x) and x["qid"] not in seen]
                if name == "statements_verdict" and s == "turkish-exams-qa" and pool:
                    pass
                if pool:
                    m = min(used_q[x["qid"]] for x in pool)
                    pool = [x for x in pool if used_q[x["qid"]] == m]
                    q = R.choice(pool)
                    break
            seen.add(q["qid"])
            used_q[q["qid"]] += 1
            new_reply()
            reply, meant = STYLES[name](q)
            out.append({
                "set": q["set"],
                "id": "%s#%s-%d" % (q["qid"], name, n + 1),
                "choices": q["choices"],
                "style": name,
                "reply": reply,
                "meant": meant,
                "_key": LET[q["key"]],
            })
    with open(OUT, "w", encoding="utf-8") as f:
        for o in out:
            rec = {k: o[k] for k in ("set", "id", "choices", "style", "reply", "meant")}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    # key agreement stats (not written to the file)
    letters = [o for o in out if o["meant"] in LET]
    agree = sum(o["meant"] == o["_key"] for o in letters)
    print("wrote %d replies to %s; letter replies %d, of which meaning the key: %d (%.1f%%)" % (
        len(out), OUT, len(letters), agree, 100.0 * agree / max(1, len(letters))))
    with open(os.path.join(os.path.dirname(OUT), "styles.json"), "w", encoding="utf-8") as f:
        json.dump(DESC, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
