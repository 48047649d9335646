#!/usr/bin/env python3
"""blind23: hand-labelled free-text replies to multiple-choice questions, written by a helper
session blind to the reader and to the other sets.

Reads six multiple-choice sets from the OpenAI evals 3.0.1.post1 registry data unpacked at
/tmp/evx/evals/registry/data, writes replies-blind23.jsonl and STYLES.md into /tmp/blind23,
and prints the sha256 of the jsonl.  Standard library only; deterministic
(random.Random(23023)).

Usage: python3 scripts/reply-set-blind23.py -> writes /tmp/blind23/replies-blind23.jsonl (and
STYLES.md) and prints its sha256
(7878bd2ac5bc37db741cf4f7f161427f4e5aedff3ec83c87b1b1885228424263).

Every reply is written by a template family below ("style").  The label "meant"
is decided *before* the text is written (a letter, "none" or "unclear") and the
template is written so that a careful human reads the reply that way.
"""
import collections
import difflib
import hashlib
import json
import os
import random
import re

DATA = "/tmp/evx/evals/registry/data"
HERE = "/tmp/blind23"
os.makedirs(HERE, exist_ok=True)
OUT = os.path.join(HERE, "replies-blind23.jsonl")
STYLES_MD = os.path.join(HERE, "STYLES.md")
SEED = 23023
PER_STYLE = 9
LET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# ---------------------------------------------------------------------------
# Loading the sets
# ---------------------------------------------------------------------------


def _read(path):
    out = []
    with open(os.path.join(DATA, path), encoding="utf-8") as f:
        for i, line in enumerate(f):
            line = line.strip()
            if line:
                out.append((i, json.loads(line)))
    return out


def _item(setname, idx, question, choices, key, lang, native=None, qshort=None):
    return {"set": setname, "idx": idx, "question": question, "choices": choices,
            "key": key, "lang": lang, "native": native, "qshort": qshort or question}


def load_socialiqa():
    """theory_of_mind/socialiqa/test.jsonl: 'context question? A: x; B: y; C: z.'  ideal = letter."""
    items = []
    rx = re.compile(r"^(.*?) A: (.*?); B: (.*?); C: (.*?)\.?$", re.S)
    for i, d in _read("theory_of_mind/socialiqa/test.jsonl"):
        u = d["input"][-1]["content"].strip()
        if u.count(" A: ") != 1 or u.count("; B: ") != 1 or u.count("; C: ") != 1:
            continue
        m = rx.match(u)
        if not m:
            continue
        ch = [m.group(k).strip() for k in (2, 3, 4)]
        if any(not c or len(c) > 120 or ";" in c for c in ch):
            continue
        if len(set(c.lower() for c in ch)) != 3:
            continue
        key = d.get("ideal")
        if key not in ("A", "B", "C"):
            continue
        items.append(_item("theory_of_mind-socialiqa", i, m.group(1).strip(), ch, "ABC".index(key), "en"))
    return items


def load_hitom():
    """theory_of_mind/hitom/hitom-multiple-choice.jsonl: last line 'A. x, B. y, ... O. z'; ideal = letter."""
    items = []
    for i, d in _read("theory_of_mind/hitom/hitom-multiple-choice.jsonl"):
        u = d["input"][-1]["content"].strip()
        lines = u.split("\n")
        pairs = re.findall(r"(?:^|, )([A-Z])\. ([a-z_]+)(?=,|$)", lines[-1])
        letters = "".join(p[0] for p in pairs)
        if not pairs or letters != LET[:len(pairs)]:
            continue
        ch = [p[1] for p in pairs]
        if len(set(ch)) != len(ch):
            continue
        key = d.get("ideal")
        if not isinstance(key, str) or len(key) != 1 or key not in letters:
            continue
        qline = lines[-2].strip() if len(lines) >= 2 else ""
        if not qline.endswith("?"):
            continue
        story = "\n".join(lines[:-2]).strip()
        items.append(_item("theory_of_mind-hitom", i, story + "\n\n" + qline, ch,
                           letters.index(key), "en", qshort=qline))
    return items


UK = "АБВГД"


def _uk_clean(s):
    s = s.strip()
    if s.endswith(";") or (s.endswith(".") and not s.endswith("..")):
        s = s[:-1].rstrip()
    return s


def load_ukraine():
    """ukraine_eit/samples.jsonl: trailing lines 'А. ...' .. 'Д. ...'; ideal = 'Г. text' (letter and text must agree)."""
    items = []
    for i, d in _read("ukraine_eit/samples.jsonl"):
        u = d["input"][-1]["content"].strip()
        ideal = d.get("ideal")
        if not isinstance(ideal, str):
            continue
        lines = u.split("\n")
        tail = []
        j = len(lines) - 1
        while j >= 0:
            m = re.match(r"^([АБВГДЕ])\.\s*(.+)$", lines[j].strip())
            if not m:
                break
            tail.append((m.group(1), m.group(2).strip()))
            j -= 1
        tail.reverse()
        if len(tail) < 4 or "".join(t[0] for t in tail) != UK[:len(tail)]:
            continue
        stem = "\n".join(lines[:j + 1]).strip()
        if not stem or len(stem) > 600 or re.search(r"(?m)^\s*\d\s*[\.\)]", stem):
            continue
        ch = [_uk_clean(t[1]) for t in tail]
        if any(not c or len(c) > 160 for c in ch) or len(set(ch)) != len(ch):
            continue
        m = re.match(r"^([АБВГД])\.\s*(.*)$", ideal.strip(), re.S)
        if not m or m.group(1) not in UK[:len(ch)]:
            continue
        k = UK.index(m.group(1))
        if _uk_clean(m.group(2)) != ch[k]:
            continue
        items.append(_item("ukraine_eit", i, stem, ch, k, "uk", native=list(UK[:len(ch)]),
                           qshort=stem.split("\n")[-1].strip()))
    return items


def load_heavier():
    """which_is_heavier: 'Is X heavier than Y? Answer Yes or No'; choices [Yes, No]."""
    items = []
    for i, d in _read("which_is_heavier/which_is_heavier.jsonl"):
        u = d["input"][-1]["content"].strip()
        m = re.match(r"^Is (.+?) heavier than (.+?)\? Answer Yes or No$", u)
        if not m or d.get("ideal") not in ("Yes", "No"):
            continue
        it = _item("which_is_heavier", i, u.replace(" Answer Yes or No", ""), ["Yes", "No"],
                   0 if d["ideal"] == "Yes" else 1, "en")
        it["x"], it["y"] = m.group(1), m.group(2)
        items.append(it)
    return items


def load_abstract():
    """abstract-causal-reasoning/symbolic_samples.jsonl: choices are the system messages '0.', '1.', '2.';
    ideal 'ANSWER: n'."""
    items = []
    for i, d in _read("abstract-causal-reasoning/symbolic_samples.jsonl"):
        msgs = d["input"]
        if [m["content"] for m in msgs[1:4]] != ["0.", "1.", "2."]:
            continue
        ex = [m["content"] for m in msgs[4:-1]]
        q = msgs[-1]["content"].strip()
        m = re.match(r"^ANSWER: ([012])$", str(d.get("ideal", "")).strip())
        if not m or not q.endswith("->"):
            continue
        question = "Examples:\n" + "\n".join(ex) + "\nTest case: " + q + " ?"
        items.append(_item("abstract-causal-reasoning-symbolic", i, question, ["0", "1", "2"],
                           int(m.group(1)), "en", qshort=q + " ?"))
    return items


JA = "アイウエオ"


def load_itpass():
    """japanese-itpassport-exam01: trailing lines 'ア: ...' .. 'エ: ...'; ideal = katakana label.
    Items whose choices are lists of letters (a, b, C ...) or single letters are skipped."""
    items = []
    for i, d in _read("japanese-itpassport-exam01/japanese-itpassport-exam01.jsonl"):
        u = d["input"][-1]["content"].strip()
        lines = u.split("\n")
        tail = []
        j = len(lines) - 1
        while j >= 0:
            m = re.match(r"^([アイウエオ])[:：]\s*(.+)$", lines[j].strip())
            if not m:
                break
            tail.append((m.group(1), m.group(2).strip()))
            j -= 1
        tail.reverse()
        if len(tail) < 4 or "".join(t[0] for t in tail) != JA[:len(tail)]:
            continue
        ch = [t[1] for t in tail]
        if len(set(ch)) != len(ch) or any(len(c) > 120 for c in ch):
            continue
        if any(re.fullmatch(r"[a-eA-E](\s*[,，\s]\s*[a-eA-E])*", c) for c in ch):
            continue
        key = str(d.get("ideal", "")).strip()
        if key not in JA[:len(ch)]:
            continue
        stem = "\n".join(lines[:j + 1]).strip()
        if not stem:
            continue
        first = [l for l in stem.split("\n") if "どれか" in l]
        qshort = (first[0] if first else stem.split("\n")[0]).strip()
        items.append(_item("japanese-itpassport-exam01", i, stem, ch, JA.index(key), "ja",
                           native=list(JA[:len(ch)]), qshort=qshort))
    return items


SETS = [
    ("theory_of_mind-socialiqa", load_socialiqa, 3.0),
    ("theory_of_mind-hitom", load_hitom, 2.0),
    ("ukraine_eit", load_ukraine, 2.0),
    ("which_is_heavier", load_heavier, 1.2),
    ("abstract-causal-reasoning-symbolic", load_abstract, 1.0),
    ("japanese-itpassport-exam01", load_itpass, 0.8),
]
SOC, HIT, UKR, HEA, ABS, ITP = [s[0] for s in SETS]

# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------

ORD = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
       "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth"]
NATO = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India",
        "Juliett", "Kilo", "Lima", "Mike", "November", "Oscar"]
SPELL = {"A": ["ay", "the letter ay"], "B": ["bee", "the letter bee"], "C": ["the letter see", "cee"],
         "D": ["dee", "the letter dee"], "E": ["the letter ee", "the letter E (ee)"], "F": ["ef", "the letter ef"],
         "G": ["gee", "the letter gee"], "H": ["aitch", "the letter aitch"], "I": ["the letter eye"],
         "J": ["jay", "the letter jay"], "K": ["kay", "the letter kay"], "L": ["el", "the letter el"],
         "M": ["em", "the letter em"], "N": ["en", "the letter en"], "O": ["the letter oh"]}
ROMAN = ["i", "ii", "iii", "iv", "v"]

ORD_RX = re.compile(r"[0-9０-９一二三四五六七八九十]|\b(first|second|third|fourth|fifth|last)\b|"
                    r"перш|друг|трет|четв|п’ят|п'ят|шост|сьом|восьм|дев", re.I)
ROMAN_RX = re.compile(r"(^|[\s(])([IVXivx]+|І|ІІ|ІІІ)([\s).,]|$)")


def no_ord(it):
    return it["set"] != ABS and not any(ORD_RX.search(c) for c in it["choices"])


def no_roman(it):
    return no_ord(it) and len(it["choices"]) <= 5 and not any(ROMAN_RX.search(c) for c in it["choices"])


def nice(it, i):
    t = it["choices"][i]
    return t.replace("_", " ") if it["set"] == HIT else t


def trunc(s, n=48):
    s = s.replace("\n", " ")
    return s if len(s) <= n else s[:n - 1].rstrip() + "…"


def lc_first(s):
    return s[:1].lower() + s[1:] if s and not s[:2].isupper() else s


HITOM_OBJ_ES = {"bathtub": ("bañera", "f"), "bottle": ("botella", "f"), "bucket": ("cubo", "m"),
                "container": ("contenedor", "m"), "crate": ("caja de embalaje", "f"), "box": ("caja", "f"),
                "cupboard": ("armario", "m"), "drawer": ("gaveta", "f"), "pantry": ("despensa", "f"),
                "suitcase": ("maleta", "f"), "treasure_chest": ("cofre del tesoro", "m"),
                "basket": ("cesta", "f"), "envelope": ("sobre", "m")}
HITOM_OBJ_FR = {"bathtub": ("baignoire", "f"), "bottle": ("bouteille", "f"), "bucket": ("seau", "m"),
                "container": ("récipient", "m"), "crate": ("caisse", "f"), "box": ("boîte", "f"),
                "cupboard": ("placard", "m"), "drawer": ("tiroir", "m"), "pantry": ("garde-manger", "m"),
                "suitcase": ("valise", "f"), "treasure_chest": ("coffre au trésor", "m"),
                "basket": ("panier", "m"), "envelope": ("enveloppe", "f")}
HITOM_OBJ_DE = {"bathtub": ("Badewanne", "f"), "bottle": ("Flasche", "f"), "bucket": ("Eimer", "m"),
                "container": ("Behälter", "m"), "crate": ("Kiste", "f"), "box": ("Schachtel", "f"),
                "cupboard": ("Schrank", "m"), "drawer": ("Schublade", "f"), "pantry": ("Speisekammer", "f"),
                "suitcase": ("Koffer", "m"), "treasure_chest": ("Schatztruhe", "f"),
                "basket": ("Korb", "m"), "envelope": ("Umschlag", "m")}
COL_ES = {"green": ("verde", "verde"), "blue": ("azul", "azul"), "red": ("rojo", "roja")}
COL_FR = {"green": ("vert", "verte"), "blue": ("bleu", "bleue"), "red": ("rouge", "rouge")}
COL_DE = {"green": "grüne", "blue": "blaue", "red": "rote"}


def hitom_split(t):
    col, obj = t.split("_", 1)
    return col, obj


def translate_choice(it, i, lang):
    """Translate a choice text for the sets where that is well-defined; None otherwise."""
    t = it["choices"][i]
    if it["set"] == HEA:
        yes = t == "Yes"
        return {"es": "Sí" if yes else "No", "fr": "Oui" if yes else "Non", "de": "Ja" if yes else "Nein",
                "pt": "Sim" if yes else "Não", "it": "Sì" if yes else "No", "pl": "Tak" if yes else "Nie",
                "nl": "Ja" if yes else "Nee", "tr": "Evet" if yes else "Hayır"}.get(lang)
    if it["set"] == ABS:
        w = {"es": ["cero", "uno", "dos"], "fr": ["zéro", "un", "deux"], "de": ["null", "eins", "zwei"],
             "it": ["zero", "uno", "due"], "pt": ["zero", "um", "dois"], "nl": ["nul", "één", "twee"],
             "pl": ["zero", "jeden", "dwa"], "tr": ["sıfır", "bir", "iki"]}.get(lang)
        return w[int(t)] if w else None
    if it["set"] == HIT:
        col, obj = hitom_split(t)
        if lang == "es":
            w, g = HITOM_OBJ_ES[obj]
            return ("el " if g == "m" else "la ") + w + " " + COL_ES[col][0 if g == "m" else 1]
        if lang == "fr":
            w, g = HITOM_OBJ_FR[obj]
            art = "l'" if w[0] in "aeiouéh" else ("le " if g == "m" else "la ")
            return art + w + " " + COL_FR[col][0 if g == "m" else 1]
        if lang == "de":
            w, g = HITOM_OBJ_DE[obj]
            return ("der " if g == "m" else "die ") + COL_DE[col] + " " + w
    return None


STOP = set("something thing things anything a an the to of and or for in on at with his her their them they he she it its be is are was "
           "were get got go went have has had do did make made feel felt very more some someone "
           "that this as by from up out about into over own one not no so too just really like "
           "want wanted need needed would will you your i me my we our us".split())

VERB_PAST = {"go": "went", "get": "got", "make": "made", "take": "took", "give": "gave", "tell": "told",
             "buy": "bought", "find": "found", "eat": "ate", "drink": "drank", "sleep": "slept", "run": "ran",
             "read": "read", "write": "wrote", "see": "saw", "teach": "taught", "pay": "paid", "put": "put",
             "bring": "brought", "send": "sent", "spend": "spent", "say": "said", "meet": "met", "win": "won",
             "lose": "lost", "fight": "fought", "hide": "hid", "forgive": "forgave", "drive": "drove",
             "ride": "rode", "feel": "felt", "become": "became", "have": "had", "do": "did", "know": "knew",
             "think": "thought", "keep": "kept", "throw": "threw", "leave": "left", "sell": "sold",
             "catch": "caught", "break": "broke", "sit": "sat", "build": "built", "forget": "forgot",
             "let": "let", "quit": "quit", "hurt": "hurt", "steal": "stole", "stop": "stopped",
             "hug": "hugged", "plan": "planned", "be": "was", "begin": "began", "come": "came",
             "swim": "swam", "wear": "wore", "sing": "sang", "hold": "held", "stand": "stood"}
VERBS = set(VERB_PAST) | set("talk thank hate call ask try play walk watch look listen learn study work clean "
                             "cook visit apologize cry laugh smile yell scream celebrate relax rest start "
                             "stay move turn share save wait show join open close prepare practice "
                             "congratulate complain explain avoid ignore accept refuse return wash fix check "
                             "change enjoy continue finish decide help kiss pick use want need "
                             "offer invite order call agree remember comfort hire".split())
DOUBLE = {"run", "sit", "stop", "hug", "plan", "put", "get", "win", "swim", "begin", "quit", "forget"}


def gerund(v):
    if v == "be":
        return "being"
    if v in DOUBLE:
        return v + v[-1] + "ing"
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith("ee") and v not in ("be",):
        return v[:-1] + "ing"
    return v + "ing"


def third(v):
    if v == "be":
        return "is"
    if v == "have":
        return "has"
    if re.search(r"(s|sh|ch|x|z|o)$", v):
        return v + "es"
    if re.search(r"[^aeiou]y$", v):
        return v[:-1] + "ies"
    return v + "s"


def past(v):
    if v in VERB_PAST:
        return VERB_PAST[v]
    if v.endswith("e"):
        return v + "d"
    if re.search(r"[^aeiou]y$", v):
        return v[:-1] + "ied"
    return v + "ed"


PARA_SYN = {"want": "wish", "happy": "glad", "sad": "unhappy", "angry": "mad", "upset": "distressed",
            "help": "assist", "buy": "purchase", "tell": "inform", "talk": "speak", "thank": "show gratitude to",
            "very": "really", "friend": "pal", "friends": "pals", "proud": "pleased with themselves",
            "excited": "thrilled", "nervous": "anxious", "tired": "worn out", "worried": "concerned",
            "relieved": "reassured", "grateful": "thankful", "thankful": "grateful", "annoyed": "irritated",
            "scared": "frightened", "start": "begin", "finish": "complete", "try": "attempt",
            "lazy": "unmotivated", "smart": "clever", "bored": "uninterested", "glad": "pleased",
            "mad": "angry", "sorry": "apologetic", "kind": "caring", "mean": "unkind", "jealous": "envious",
            "hungry": "starving", "ignore": "disregard", "avoid": "steer clear of", "quit": "give up",
            "house": "home", "store": "shop", "money": "cash", "car": "vehicle", "job": "work",
            "embarrassed": "ashamed", "confused": "puzzled", "satisfied": "content", "calm": "relaxed",
            "guilty": "remorseful", "disappointed": "let down", "loved": "cared for", "strong": "tough"}


def words(s):
    return re.findall(r"[\w’']+", s.lower())


def distinct_short(it, i):
    """A short reference to choice i that matches no other choice; None if there is none."""
    s = it["set"]
    ch = it["choices"]
    if s == SOC:
        others = [c.lower() for k, c in enumerate(ch) if k != i]
        ow = set(w for c in others for w in words(c))
        qw = set(words(it["question"]))
        ws = words(ch[i])
        cand = [w for w in ws if w not in STOP and w not in ow and w not in qw and len(w) > 2
                and not any(w in o for o in others)]
        if not cand or len(ws) < 2:
            return None
        w = max(cand, key=len)
        k = ws.index(w)
        if len(ws) >= 3:
            win = ws[k:k + 2] if k + 2 <= len(ws) else ws[k - 1:k + 1]
            phrase = " ".join(win)
            if phrase in ch[i].lower() and not any(phrase in o for o in others):
                return phrase
        return w
    if s == HIT:
        col, obj = hitom_split(ch[i])
        objs = [hitom_split(c)[1] for k, c in enumerate(ch) if k != i]
        if obj in objs:
            return None
        return obj.replace("_", " ")
    if s == UKR:
        ws = ch[i].split()
        for k in (1, 2, 3):
            if len(ws) <= k:
                return None
            pre = " ".join(ws[:k])
            if not any(pre in c for j, c in enumerate(ch) if j != i) and len(pre) >= 4:
                return pre
        return None
    if s == ITP:
        t = ch[i]
        if len(t) < 6:
            return None
        for k in range(max(3, len(t) // 3), len(t) // 2 + 1):
            pre = t[:k]
            if not any(pre in c for j, c in enumerate(ch) if j != i):
                return pre
        return None
    return None


def misspell(r, it, i):
    t = it["choices"][i]
    if it["set"] == HEA:
        return r.choice({"Yes": ["Yse", "Yess", "yes s", "Yeas"], "No": ["Noo", "Nooo", "N o", "Mo"]}[t][:2])
    if it["set"] == ABS:
        return None
    for _ in range(30):
        s = list(t)
        idxs = [k for k, ch in enumerate(s) if ch.isalpha()]
        if len(idxs) < 5:
            return None
        nops = 1 if len(idxs) < 12 else 2
        for _ in range(nops):
            k = r.choice(idxs[1:-1]) if len(idxs) > 3 else idxs[0]
            if k >= len(s) - 1:
                continue
            op = r.choice(["swap", "drop", "double", "vowel"])
            if op == "swap" and s[k + 1].isalpha():
                s[k], s[k + 1] = s[k + 1], s[k]
            elif op == "drop":
                del s[k]
            elif op == "double":
                s.insert(k, s[k])
            else:
                vow = "аеиіоу" if it["lang"] == "uk" else ("aeiou" if it["lang"] == "en" else None)
                if vow and s[k].lower() in vow:
                    s[k] = r.choice([v for v in vow if v != s[k].lower()])
                elif k + 1 < len(s):
                    s[k], s[k + 1] = s[k + 1], s[k]
            idxs = [q for q, ch in enumerate(s) if ch.isalpha()]
        m = "".join(s)
        if m == t or m in it["choices"]:
            continue
        if it["set"] == HIT:
            m = m.replace("_", r.choice(["_", " "]))
        sims = [difflib.SequenceMatcher(None, m.lower(), c.lower().replace("_", " ") if it["set"] == HIT else c.lower()).ratio()
                for c in it["choices"]]
        best = max(range(len(sims)), key=lambda q: sims[q])
        second = sorted(sims)[-2]
        if best == i and sims[i] - second >= 0.12 and sims[i] < 0.999:
            return m
    return None


def inflect(r, it, i):
    if it["set"] != SOC:
        return None
    t = it["choices"][i]
    t2 = t[3:] if t.lower().startswith("to ") else t
    ws = t2.split()
    if not ws:
        return None
    v = ws[0].lower()
    if v not in VERBS or not ws[0].isalpha():
        return None
    rest = " ".join(ws[1:])
    form = r.choice(["ger", "3sg", "past"])
    if form == "ger":
        out = (gerund(v) + " " + rest).strip()
        return r.choice(["Probably {} — that's my answer.", "{}.", "I'd say {}.", "Most likely: {}."]).format(out)
    if form == "3sg":
        out = (third(v) + " " + rest).strip()
        return r.choice(["The person {}.", "He or she {} — that's the answer.", "Answer: someone who {}."]).format(out)
    out = (past(v) + " " + rest).strip()
    return r.choice(["I think they {}.", "They {}, most likely.", "Answer: they {}."]).format(out)


def paraphrase(r, it, i):
    s = it["set"]
    t = it["choices"][i]
    if s == SOC:
        ws = t.split()
        hits = [k for k, w in enumerate(ws) if w.lower().strip(".,") in PARA_SYN]
        if not hits:
            return None
        for k in hits:
            ws[k] = PARA_SYN[ws[k].lower().strip(".,")]
        p = " ".join(ws)
        for k2, c in enumerate(it["choices"]):
            if k2 != i and c.lower() == p.lower():
                return None
        return r.choice(["I'd say they would {p}." if ws[0].lower() in VERBS or t.lower().startswith("to ")
                         else "I'd say: {p}.", "Basically: {p}.", "The best fit is \"{p}\".",
                         "Most likely, {p}.", "Something along the lines of {p}."]).format(p=p)
    if s == HIT:
        col, obj = hitom_split(t)
        o = obj.replace("_", " ")
        return r.choice(["It's in the {o} that's {c}.", "Inside the {c} {o}.", "The {o} — the {c} one.",
                         "It ends up in the {c}-coloured {o}.", "I'd say the {c} {o}."]).format(o=o, c=col)
    if s == HEA:
        x, y = it["x"], it["y"]
        if t == "Yes":
            return r.choice(["Yes — {x} weighs more.", "{X} is the heavier one, so yes.",
                             "Correct, {x} outweighs {y}.", "Affirmative: {x} is heavier."]).format(x=x, y=y, X=x[:1].upper() + x[1:])
        return r.choice(["No, {x} is not heavier than {y}.", "Nope — {x} doesn't weigh more than {y}.",
                         "It isn't; {x} is not the heavier of the two.", "Negative, {x} is not heavier."]).format(x=x, y=y)
    if s == ABS:
        w = ["zero", "one", "two"][int(t)]
        return r.choice(["The output would be {w}.", "It maps to {w}.", "The test case evaluates to {w}.",
                         "I get {w} for that input."]).format(w=w)
    return None


REASON_FOR = {
    SOC: ["it's the most natural reaction in this situation", "it follows directly from what happened",
          "that's what most people would do or feel here", "it fits the social context best",
          "it matches the motivation described"],
    HIT: ["that's where it was last moved", "the last move in the story puts it there",
          "tracking every move leads there", "it matches who saw which move",
          "that's consistent with the exits and entries"],
    HEA: ["comparing the stated weights settles it", "the quantities decide it, not the material",
          "once you compare the numbers it's straightforward", "it's just a comparison of the two weights"],
    ABS: ["it's consistent with every example", "that's what the examples imply for this input",
          "the pattern across the examples points there", "it's what the single-element examples suggest"],
    UKR: ["it is the one that matches the condition in the question", "that's the option the rule applies to",
          "it fits what the question is testing", "it's the textbook answer for this"],
    ITP: ["that term matches the definition in the question", "that's the concept being described",
          "it fits the description in the stem", "it's the standard syllabus answer"],
}
REASON_AGAINST = {
    SOC: ["it doesn't follow from the situation", "that would be an odd reaction here",
          "nothing in the scenario suggests it", "it misreads the situation", "it's too extreme"],
    HIT: ["that was only an earlier location", "nobody moved it there",
          "that container is just a distractor", "that ignores a later move in the story",
          "that's a belief, not where it really is"],
    HEA: ["that confuses density with weight", "that ignores the stated quantities",
          "that gets the comparison backwards", "that's the intuitive trap"],
    ABS: ["it contradicts one of the examples", "the examples don't support it", "that would break the pattern",
          "it ignores how the other elements behave"],
    UKR: ["it doesn't meet the condition in the question", "it follows the standard norm",
          "the rule being tested doesn't apply there", "it's a common distractor"],
    ITP: ["that term means something else", "it describes a different concept",
          "it doesn't match the definition given", "it's a related but different idea"],
}
FILL_GENERIC = ["Questions like this are designed to check whether you read the details carefully.",
                "It's easy to get tripped up by the wording here.",
                "The setup gives more information than you actually need.",
                "I went through it twice to be sure.",
                "Distractors in these tests usually look reasonable at first glance.",
                "Exam writers like to include one option that is almost right.",
                "It helps to restate what is actually being asked.",
                "Context matters a lot for this kind of item.",
                "A quick sanity check helps here."]
FILL_SET = {SOC: ["It's mostly about reading people's motivations.", "Think about how a typical person would react."],
            HIT: ["The story has a lot of movements, so you have to track them one by one.",
                  "Who was in the room for each move is what matters."],
            HEA: ["The trick is to compare the quantities, not the materials.",
                  "Material doesn't matter once the weights are stated."],
            ABS: ["The examples are the only evidence we have.", "You have to infer the rule from the examples."],
            UKR: ["This is a typical ZNO-style item.", "These state-exam questions are very rule-based."],
            ITP: ["This is a standard IT Passport exam topic.", "The key is the definition in the stem."]}


class Ctx:
    def __init__(self, r, it, kind, pick=None, alts=None):
        self.r, self.it, self.kind, self.p, self.alts = r, it, kind, pick, alts
        self.n = len(it["choices"])
        self.set = it["set"]

    def ch(self, seq):
        return self.r.choice(seq)

    def L(self, i=None):
        return LET[self.p if i is None else i]

    def t(self, i=None):
        return self.it["choices"][self.p if i is None else i]

    def tn(self, i=None):
        return nice(self.it, self.p if i is None else i)

    def tq(self, i=None, n=44):
        return trunc(self.tn(i), n)

    def others(self, k=1, excl=()):
        ex = set(excl)
        if self.p is not None:
            ex.add(self.p)
        if self.alts:
            ex |= set(self.alts)
        pool = [i for i in range(self.n) if i not in ex]
        if len(pool) < k:
            return None
        return self.r.sample(pool, k)

    def other(self, excl=()):
        o = self.others(1, excl)
        return o[0] if o else None

    def why(self, i=None):
        return self.ch(REASON_FOR[self.set])

    def whynot(self, i=None):
        return self.ch(REASON_AGAINST[self.set])

    def filler(self, k=2):
        pool = FILL_GENERIC + FILL_SET[self.set] * 2
        return self.r.sample(pool, k)

    def last(self):
        return LET[self.n - 1]

    def ab(self):
        """the two (or three) letters of an unclear reply"""
        return [LET[i] for i in self.alts]


# ---------------------------------------------------------------------------
# Styles
# ---------------------------------------------------------------------------

STYLES = []


def style(name, desc, none=0, unclear=0, new=False, sets=None, maxn=None, minn=None, pred=None, w=None):
    def deco(f):
        STYLES.append(dict(name=name, desc=desc, none=none, unclear=unclear, new=new, sets=sets,
                           maxn=maxn, minn=minn, pred=pred, gen=f, w=w))
        return f
    return deco


def jd(o, pretty=False):
    return json.dumps(o, ensure_ascii=False, indent=2 if pretty else None)


@style("bare_letter", "Just the letter, with or without a dot, lower or upper case.")
def g_bare(c):
    L = c.L()
    forms = [L, L + ".", L + "\n", " " + L, L + "\n\n"]
    if L not in "AI":
        forms.append(L.lower())
    return c.ch(forms)


@style("paren_letter", "Letter in parentheses or with a closing parenthesis: (B), B), (b) text.")
def g_paren(c):
    L = c.L()
    return c.ch(["({})".format(L), "({}) {}".format(L, c.t()), "The answer is ({}).".format(L),
                 "{})".format(L), "{}) {}".format(L, c.t()), "({})".format(L.lower()) if L not in "AI" else "({})".format(L),
                 "Correct: ({})".format(L)])


@style("bold_markdown", "Markdown bold letter, sometimes with the choice text.", unclear=1)
def g_bold(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch(["**{}** or **{}**".format(a, b), "Either **{}** or **{}** — the question is ambiguous.".format(a, b)])
    L = c.L()
    return c.ch(["**{}**".format(L), "**Answer: {}**".format(L), "The correct option is **{}. {}**".format(L, c.t()),
                 "**{}** — {}".format(L, c.t()), "I'd go with **{}**.".format(L), "**({})**".format(L)])


@style("letter_dot_text", "Letter followed by the choice text (B. text / B: text); a few mismatch letter and text (unclear).",
       unclear=2)
def g_letter_text(c):
    if c.kind == "U":
        a, b = c.alts[:2]
        return c.ch(["{}. {}", "{}: {}", "{} - {}"]).format(LET[a], c.t(b))
    return c.ch(["{}. {}", "{}: {}", "{} - {}", "{} — {}", "{}. {}."]).format(c.L(), c.t())


@style("option_word", "'Option B', 'Choice B', 'opt B' wording.")
def g_option(c):
    L = c.L()
    return c.ch(["Option {}".format(L), "Option {} is correct.".format(L), "I'd pick option {}.".format(L.lower() if L not in "AI" else L),
                 "Correct option: {}".format(L), "Choice {}.".format(L), "The right choice is option {}, {}.".format(L, c.tq()),
                 "opt {}".format(L)])


@style("answer_colon", "'answer: b', 'ANSWER: B', 'Ans: B', 'answer=b'; one lists two letters (unclear).", unclear=1)
def g_answer_colon(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch(["Answer: {}, {}".format(a, b), "answer: {} or {}".format(a.lower(), b.lower()), "ANSWER: {}/{}".format(a, b)])
    L = c.L()
    l = L.lower() if L not in "AI" else L
    return c.ch(["answer: {}".format(l), "Answer: {}".format(L), "ANSWER: {}".format(L), "Answer - {}".format(L),
                 "Ans: {}".format(L), "answer={}".format(l), "Answer:{}".format(L), "Correct answer: {}".format(L)])


@style("json", "JSON object with the answer under various keys; null answer (none); list of two (unclear).", none=1, unclear=1)
def g_json(c):
    if c.kind == "N":
        return c.ch([jd({"answer": None, "reason": "insufficient information"}),
                     jd({"answer": "", "error": "could not determine the correct option"}, True)])
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch([jd({"answer": [a, b]}), jd({"answer": a + "/" + b, "confidence": 0.5}, True)])
    L = c.L()
    x = c.other()
    opts = [jd({"answer": L}), jd({"choice": L, "confidence": round(c.r.uniform(0.55, 0.97), 2)}),
            jd({"answer": L, "explanation": "{} is right because {}.".format(L, c.why())}, True),
            jd({"selected_option": L, "option_text": c.t()}, True), jd({"result": {"label": L}})]
    if x is not None:
        opts.append(jd({"reasoning": "Option {} fails: {}. Option {} fits: {}.".format(LET[x], c.whynot(), L, c.why()),
                        "final_answer": L}, True))
    return c.ch(opts)


@style("yaml", "YAML block with answer / rationale keys; a list of two answers (unclear).", unclear=1)
def g_yaml(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "answer:\n  - {}\n  - {}\nnote: could not decide between them".format(a, b)
    L = c.L()
    x = c.other()
    xs = "{}: {}".format(LET[x], c.whynot()) if x is not None else c.whynot()
    return c.ch(["answer: {}\nconfidence: {}\nrationale: >\n  {}.".format(L, c.ch(["high", "medium", "low"]), c.why()),
                 "---\nchoice: {}\nreasoning: |\n  {}.\n  {} matches.".format(L, xs, L),
                 "question: \"{}\"\nanswer: {}".format(trunc(c.it["qshort"], 60).replace('"', "'"), L),
                 "selected: \"{}\"\ntext: \"{}\"".format(L, c.t().replace('"', "'"))])


@style("xml", "XML tags: <answer>B</answer>, nested <choice>; empty tag (none); 'B or C' (unclear).", none=1, unclear=1)
def g_xml(c):
    if c.kind == "N":
        return c.ch(["<answer></answer>", "<answer>N/A</answer>", "<response>\n  <answer/>\n  <note>Not enough information.</note>\n</response>"])
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "<answer>{} or {}</answer>".format(a, b)
    L = c.L()
    x = c.other()
    return c.ch(["<answer>{}</answer>".format(L),
                 "<response>\n  <reasoning>{}{}.</reasoning>\n  <choice>{}</choice>\n</response>".format(
                     ("Option {} is out because {}. ".format(LET[x], c.whynot()) if x is not None else ""), c.why().capitalize(), L),
                 "<result option=\"{}\">{}</result>".format(L, c.t()),
                 "<thinking>{}</thinking>\n<answer>{}</answer>".format(c.filler(1)[0], L)])


@style("final_answer_line", "Reasoning that mentions several letters, last line 'Final answer: B'.", unclear=1)
def g_final(c):
    lines = []
    xs = c.others(min(2, c.n - 1 - (len(c.alts) - 1 if c.alts else 0))) or []
    for x in xs:
        lines.append("Option {} ({}) — {}.".format(LET[x], c.tq(x, 36), c.whynot()))
    if c.kind == "U":
        a, b = c.ab()[:2]
        lines.append("Between {} and {} I can't find a decisive difference.".format(a, b))
        lines.append("Final answer: {} or {}".format(a, b))
        return "\n".join(lines)
    lines.append("Option {} ({}) — {}.".format(c.L(), c.tq(None, 36), c.why()))
    c.r.shuffle(lines)
    lines.append(c.ch(["Final answer: {}", "**Final Answer:** {}", "Final answer: ({})", "FINAL ANSWER: {}"]).format(c.L()))
    return "\n".join(lines)


@style("boxed", "LaTeX \\boxed{B} (alone, in math mode, after reasoning); for numeric choices the boxed value.", unclear=1)
def g_boxed(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "Both readings work, so $\\boxed{%s \\text{ or } %s}$" % (a, b)
    L = c.L()
    if c.set == ABS and c.r.random() < 0.5:
        return "From the examples, the test case should map to {}.\n\n$\\boxed{{{}}}$".format(c.t(), c.t())
    return c.ch(["\\boxed{%s}" % L, "$\\boxed{\\text{%s}}$" % L,
                 "%s, so the answer is $\\boxed{%s}$." % (c.why().capitalize(), L),
                 "\\[\\boxed{\\mathrm{(%s)}}\\]" % L])


@style("text_exact", "Only the choice text, verbatim (maybe quoted or with a full stop).")
def g_text_exact(c):
    t = c.t()
    return c.ch([t, t + ".", "\"" + t + "\"", t + "\n", "«" + t + "»" if c.set == UKR else "“" + t + "”"])


@style("text_paraphrase", "Choice content reworded (synonyms, sentence around it), no letter.",
       sets=[SOC, HIT, HEA, ABS])
def g_text_para(c):
    return paraphrase(c.r, c.it, c.p)


@style("text_short", "A shortened, distinctive fragment of the choice text, no letter.", sets=[SOC, HIT, UKR, ITP])
def g_text_short(c):
    s = distinct_short(c.it, c.p)
    if not s:
        return None
    if c.set == ITP:
        return c.ch(["{}…".format(s), "{}…のやつ".format(s), "the {}… one".format(s)])
    if c.set == UKR:
        return c.ch(["«{}…»".format(s), "The one starting \"{}\".".format(s), "варіант «{}…»".format(s)])
    return c.ch(["the {} one".format(s), s, "the one about {}".format(s), "→ {}".format(s), "{}!".format(s)])


@style("text_misspelt", "The choice text with typos, no letter.", sets=[SOC, HIT, UKR, ITP, HEA])
def g_text_missp(c):
    m = misspell(c.r, c.it, c.p)
    if not m:
        return None
    return c.ch([m, m + ".", "i think {}".format(m) if c.set in (SOC, HIT) else m])


@style("text_inflected", "Choice text with its verb inflected (gerund, 3rd person, past), no letter.", sets=[SOC])
def g_text_infl(c):
    return inflect(c.r, c.it, c.p)


LANG_LET = {
    "fr": ["La bonne réponse est la {L}.", "Réponse : {L}", "Je choisirais la réponse {L}."],
    "es": ["La respuesta correcta es la {L}.", "Respuesta: {L}", "Yo elegiría la opción {L}."],
    "de": ["Die richtige Antwort ist {L}.", "Antwort: {L}", "Ich würde {L} wählen."],
    "it": ["La risposta corretta è la {L}.", "Risposta: {L}"],
    "pt": ["A resposta correta é a alternativa {L}.", "Alternativa {L}."],
    "nl": ["Het juiste antwoord is {L}.", "Antwoord: {L}"],
    "pl": ["Poprawna odpowiedź to {L}.", "Odpowiedź: {L}"],
    "tr": ["Doğru cevap {L} şıkkı.", "Cevap: {L}"],
    "zh": ["正确答案是 {L}。", "答案：{L}"],
    "ko": ["정답은 {L}입니다.", "답: {L}"],
    "ja": ["答えは{L}です。", "正解：{L}"],
}
LANG_TXT = {
    "es": ["La respuesta es: {T}.", "Diría que {T}."], "fr": ["Réponse : {T}.", "Je dirais : {T}."],
    "de": ["Antwort: {T}.", "Ich würde sagen: {T}."], "it": ["Risposta: {T}."], "pt": ["Resposta: {T}."],
    "pl": ["Odpowiedź: {T}."], "nl": ["Antwoord: {T}."], "tr": ["Cevap: {T}."],
}


@style("other_language", "Whole reply in another language (French, Spanish, German, Chinese, Korean...), with the letter or a translated choice.",
       none=1, unclear=1, w={HIT: 2.0, HEA: 2.0, ABS: 1.5, SOC: 1.0, UKR: 1.0, ITP: 0.5})
def g_other_lang(c):
    if c.kind == "N":
        return c.ch(["Je ne sais pas, désolé.", "No lo sé, lo siento.", "Das weiß ich leider nicht.", "我不知道。"])
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch(["Es la {} o la {}, no estoy seguro.", "Entweder {} oder {} – ich bin mir nicht sicher.",
                     "C'est soit la {}, soit la {} ; difficile à dire."]).format(a, b)
    lang = c.ch(sorted(LANG_LET))
    if c.set in (HEA, ABS, HIT) and c.r.random() < 0.75:
        langs = ["es", "fr", "de"] if c.set == HIT else sorted(LANG_TXT)
        lang = c.ch(langs)
        T = translate_choice(c.it, c.p, lang)
        if T:
            out = c.ch(LANG_TXT[lang]).format(T=T)
            if c.set == HIT and lang == "es" and c.r.random() < 0.5:
                out = "Está en {} (opción {}).".format(T, c.L())
            return out
    if c.set == ITP and lang == "ja":
        lang = "ko"
    return c.ch(LANG_LET[lang]).format(L=c.L())


@style("native_label", "Ukrainian or Japanese replies using the exam's own labels (А Б В Г Д / ア イ ウ エ); Cyrillic В always with its text.",
       new=True, sets=[UKR, ITP])
def g_native(c):
    N = c.it["native"][c.p]
    t = c.t()
    if c.set == UKR:
        if N == "В":
            return c.ch(["Правильна відповідь — В ({}).".format(t), "В. {}".format(t), "Я обираю варіант В: «{}».".format(t)])
        return c.ch(["Відповідь: {}".format(N), "{}. {}".format(N, t), "Правильна відповідь — {} ({}).".format(N, t),
                     "{}".format(N), "Я обираю варіант {}: «{}».".format(N, t), "Відповідь {}".format(N)])
    return c.ch(["答え：{}".format(N), "正解は{}です。".format(N), "{}（{}）".format(N, t), N,
                 "The answer is {}.".format(N), "{}: {}".format(N, t)])


@style("ordinal", "Ordinal position words: 'the second one', 'the last option'; 'second or third' (unclear).",
       unclear=1, pred=no_ord)
def g_ordinal(c):
    if c.kind == "U":
        a, b = sorted(c.alts[:2])
        return c.ch(["The {} or the {} one, not sure which.", "Either the {} option or the {}."]).format(ORD[a], ORD[b])
    p = c.p
    forms = ["The {} one.".format(ORD[p]), "I'd go with the {} choice.".format(ORD[p]), "{}.".format(ORD[p].capitalize()),
             "It's the {} option: {}".format(ORD[p], c.t()), "the {} answer".format(ORD[p])]
    if p == c.n - 1:
        forms += ["The last option.", "the last one", "Last one on the list."]
    if p == c.n - 2 and c.n >= 3:
        forms += ["The second-to-last one."]
    if p == 0:
        forms += ["The very first option."]
    return c.ch(forms)


@style("negation_contrast", "'Not X — Y', 'It's not X, it's Y', 'X is wrong; Y'; 'not X, maybe Y or Z' (unclear).", unclear=1)
def g_neg(c):
    if c.kind == "U":
        if c.n < 3:
            return None
        x = c.other()
        a, b = c.ab()[:2]
        return "Not {}. Probably {} or {}, though.".format(LET[x], a, b)
    x = c.other()
    X, L = LET[x], c.L()
    return c.ch(["Not {} — {}.".format(X, L), "It's not {}, it's {}.".format(X, L), "{} is wrong; {}.".format(X, L),
                 "{} is incorrect. The answer is {}.".format(X, L), "Definitely not {}. {}.".format(X, L),
                 "Not \"{}\" but \"{}\".".format(c.t(x), c.t()), "{} is a trap — go with {}.".format(X, L)])


@style("while_plausible", "'While X seems plausible, the answer is Y' and similar contrastive concessions.")
def g_while(c):
    x = c.other()
    X, L = LET[x], c.L()
    return c.ch(["While {} seems plausible, the answer is {}.".format(X, L),
                 "{} is tempting, but {} is correct.".format(X, L),
                 "Although one might pick {} ({}), the better answer is {}.".format(X, c.tq(x), L),
                 "At first glance {} looks right; however, it's {} because {}.".format(X, L, c.why()),
                 "I can see why people choose {}, but {} is the right one.".format(X, L)])


@style("elimination", "Rules options out one by one and keeps one; stops at two (unclear).", unclear=2)
def g_elim(c):
    if c.kind == "U":
        if c.n < 3:
            return None
        xs = c.others(min(2, c.n - 2))
        parts = ["{} can go: {}.".format(LET[x], c.whynot()) for x in xs]
        a, b = c.ab()[:2]
        return "Let's eliminate.\n" + "\n".join(parts) + "\nThat leaves {} and {}, and I can't separate them.".format(a, b)
    k = min(c.n - 1, c.ch([2, 3]) if c.n > 3 else c.n - 1)
    xs = c.others(k)
    parts = ["{} — {}.".format(LET[x], c.whynot()) for x in xs]
    end = "That leaves {}.".format(c.L()) if c.n <= 4 else "Of what's left, only {} ({}) fits.".format(c.L(), c.tq())
    return c.ch(["Let's eliminate:\n", "Process of elimination. ", "Ruling things out: "]) + " ".join(parts) + " " + end


@style("several_then_one", "Names two or more candidates, then picks one; some never pick (unclear).", unclear=3)
def g_several(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch(["It's between {} and {}; hard to say which.", "Both {} and {} look right to me.",
                     "{} and {} are both defensible here — I'd accept either."]).format(a, b)
    x = c.other()
    X, L = LET[x], c.L()
    return c.ch(["{} and {} both look possible, but I'll go with {}.".format(X, L, L),
                 "It's between {} and {}. {} edges it.".format(L, X, L),
                 "Both {} and {} have merit; final pick: {}.".format(X, L, L),
                 "Narrowed it to {} or {}. Going with {} since {}.".format(X, L, L, c.why())])


@style("change_of_mind", "Starts with one letter and switches to another; one ends undecided (unclear).", unclear=2)
def g_change(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch(["I'd have said {} at first, but now {} looks equally right. I can't decide.",
                     "{}. Hmm, or {}? Now I'm not sure anymore."]).format(a, b)
    x = c.other()
    X, L = LET[x], c.L()
    return c.ch(["{}. Wait — no, actually {}.".format(X, L),
                 "I initially thought {}, but on reflection it's {}.".format(X, L),
                 "Answer: {}\n\nHmm, scratch that. Re-reading the question, {} is correct.".format(X, L),
                 "My first instinct was {}... but no, {}.".format(X, L),
                 "{} — no wait, I misread it. {}.".format(X, L)])


@style("hedged", "Low-confidence answers ('possibly B', 'leaning B'); torn between two (unclear).", unclear=4)
def g_hedged(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch(["Maybe {}, maybe {}.", "Could be {}... or {}. Honestly 50/50.", "I'm torn between {} and {}.",
                     "Not sure — {} or {}, I really can't tell."]).format(a, b)
    L = c.L()
    return c.ch(["Possibly {}, but I'm not confident.".format(L), "I think it might be {}? Not 100% sure.".format(L),
                 "{} (low confidence)".format(L), "My best guess is {}, though I could be wrong.".format(L),
                 "Leaning towards {}, maybe 60/40.".format(L), "Probably {}. Don't quote me on it.".format(L),
                 "{} (confidence: {}%)".format(L, c.r.choice([35, 40, 45, 55]))])


IDK = ["I don't know.", "I'm not sure.", "No idea, sorry.", "I don't have enough information to answer that.",
       "I'm unable to determine the answer from what's given.", "Honestly, I have no clue on this one.",
       "I can't tell which option is correct.", "Not sure — I'd have to look it up.", "idk",
       "I don't know the answer to this question, and I'd rather not guess.", "Unknown.",
       "Sorry, this is outside what I can reliably answer."]


@style("idk", "'I don't know' variants (none); one gives a forced guess.", none=8)
def g_idk(c):
    if c.kind == "N":
        return c.ch(IDK)
    return c.ch(["I honestly don't know. If I had to guess, {}.", "No idea really... gut says {}.",
                 "I'm not sure, but I'll say {}."]).format(c.L())


REFUSE = ["I'm sorry, but I can't help with that.", "I can't assist with answering exam questions.",
          "I'm not able to provide answers to assessment questions. I can help you study the topic instead.",
          "I won't answer this question.", "Sorry, I can't provide that.",
          "This looks like it may be from an ongoing exam, so I can't give the answer. Let me know if you'd like an explanation of the underlying concepts.",
          "As an AI committed to academic integrity, I can't complete this for you.",
          "I'm unable to comply with this request.", "I'd prefer not to answer this one."]


@style("refusal", "Refusals and policy declines (none); one declines advice but still states the quiz answer.", none=8)
def g_refusal(c):
    if c.kind == "N":
        return c.ch(REFUSE)
    return "I can't give professional advice, but for the purposes of this quiz the expected answer is {}.".format(c.L())


@style("markdown_table", "Markdown table of options with a verdict column; two marked 'possible' (unclear).", unclear=2)
def g_table(c):
    cols = c.ch([("Option", "Text", "Verdict"), ("Choice", "Content", "Correct?"), ("#", "Answer", "Assessment")])
    rows = ["| {} | {} | {} |".format(*cols), "|---|---|---|"]
    for i in range(c.n):
        if c.kind == "U":
            v = "possible" if i in c.alts[:2] else "unlikely"
        else:
            v = ("✅" if i == c.p else "❌") if cols[2] != "Assessment" else ("correct" if i == c.p else "incorrect")
        rows.append("| {} | {} | {} |".format(LET[i], c.tq(i, 40).replace("|", "/"), v))
    out = "\n".join(rows)
    if c.kind == "L" and c.r.random() < 0.5:
        out += "\n\n**Answer: {}**".format(c.L())
    return out


@style("code_block", "Answer inside a fenced code block (plain, python, json, js, shell); a TODO stub (none).", none=1)
def g_code(c):
    if c.kind == "N":
        return "```python\n# TODO: pick the answer\nanswer = None\n```"
    L = c.L()
    x = c.other()
    return c.ch(["```\n{}\n```".format(L),
                 "```python\n# options A-{}; {} is a distractor\nanswer = \"{}\"\n```".format(c.last(), LET[x], L),
                 "```json\n{{\"answer\": \"{}\"}}\n```".format(L), "```text\nAnswer: {}\n```".format(L),
                 "```js\nconst answer = '{}'; // {}\n```".format(L, c.tq(None, 30)),
                 "```bash\n$ echo $ANSWER\n{}\n```".format(L)])


@style("cot_letters", "Long chain of thought walking through several options by letter, then a conclusion; two left open (unclear).",
       unclear=2)
def g_cot(c):
    head = c.ch(["Let's consider each option.", "Let me think step by step.", "Step-by-step reasoning:",
                 "Okay, let's reason through this."])
    fill = c.filler(1)
    if c.n <= 5:
        idxs = list(range(c.n))
    else:
        idxs = sorted(set(c.others(3) + ([c.p] if c.p is not None else []) + (c.alts or [])))
    lines = [head, fill[0]]
    for i in idxs:
        if c.kind == "U" and i in c.alts[:2]:
            lines.append("- {} ({}): could work, {}.".format(LET[i], c.tq(i), c.why()))
        elif c.kind == "L" and i == c.p:
            lines.append("- {} ({}): {}.".format(LET[i], c.tq(i), c.why()))
        else:
            lines.append("- {} ({}): {}.".format(LET[i], c.tq(i), c.whynot()))
    if c.kind == "U":
        a, b = c.ab()[:2]
        lines.append("Both {} and {} remain defensible; I can't pick one with confidence.".format(a, b))
    else:
        lines.append(c.ch(["Therefore, the answer is {}.", "So I'll go with {}.", "Conclusion: {}.",
                           "Putting it together, {} is the best answer."]).format(c.L()))
    return "\n".join(lines)


SOURCES = ["Study guide, ch. 4", "Wikipedia", "Lecture notes (week 3)", "Exam prep FAQ", "doc_17.pdf, p. 3",
           "Course handbook §2.1", "kb/article-2291", "Textbook, 5th ed., p. 112"]


@style("rag_citation", "RAG-style answer citing numbered sources; no answer in context (none); conflicting sources (unclear).",
       none=1, unclear=1)
def g_rag(c):
    s1, s2 = c.r.sample(SOURCES, 2)
    head = "Retrieved sources:\n[1] {}\n[2] {}\n\n".format(s1, s2)
    if c.kind == "N":
        return head + c.ch(["The provided context does not contain enough information to answer this question.",
                            "I couldn't find the answer in the retrieved documents."])
    if c.kind == "U":
        a, b = c.ab()[:2]
        return head + "Source [1] supports {}, while [2] points to {}. The documents conflict, so I can't determine a single answer.".format(a, b)
    L = c.L()
    return head + c.ch(["According to [1], {}. Therefore, the answer is **{}** [1][2].".format(c.why(), L),
                        "Based on [2], the correct option is {} ({}) [2].".format(L, c.tq()),
                        "Answer: {}\n\nSupporting evidence: [1] states that {}.".format(L, c.why())])


@style("agent_trace", "ReAct-style Thought/Action/Observation trace ending in Final Answer; iteration limit (none); two-way final (unclear).",
       none=1, unclear=1)
def g_agent(c):
    x = c.other() if c.n > 1 else None
    kw = trunc(c.it["qshort"], 40)
    lines = ["Thought: I need to figure out which option answers the question.",
             "Action: search[{}]".format(kw),
             "Observation: {}".format(c.ch(["Found 3 results.", "The top result discusses the topic in general terms.",
                                            "No exact match; related material found."]))]
    if c.kind == "N":
        lines += ["Thought: The results are not conclusive. Let me search again.", "Action: search[{}]".format(kw),
                  "Observation: No results.", "[Agent stopped due to iteration limit or time limit.]"]
        return "\n".join(lines)
    if c.kind == "U":
        a, b = c.ab()[:2]
        lines += ["Thought: {} and {} are both consistent with what I found.".format(a, b),
                  "Final Answer: {} or {}".format(a, b)]
        return "\n".join(lines)
    if x is not None:
        lines.append("Thought: Option {} is inconsistent with the observation; option {} fits because {}.".format(LET[x], c.L(), c.why()))
    lines.append(c.ch(["Action: finish[{}]", "Final Answer: {}", "Thought: I now know the final answer.\nFinal Answer: {}"]).format(c.L()))
    return "\n".join(lines)


@style("tutor", "Tutor voice explaining common mistakes then the answer; Socratic hints without an answer (none).", none=2)
def g_tutor(c):
    if c.kind == "N":
        x = c.other(excl=[c.it["key"]])
        return c.ch(["Great question! Before I tell you, what do you notice about the key detail in the question? "
                     "Try ruling out the options that contradict it and tell me what you get.",
                     "Let's not jump to the answer yet. Look at option {} again — what assumption does it make? "
                     "Once you've thought about that, which option still stands?".format(LET[x] if x is not None else "A"),
                     "I'll give you a hint rather than the answer: {}. Have another go!".format(c.ch(FILL_SET[c.set]).rstrip(".").lower())])
    x = c.other()
    return c.ch(["Good question! Many students pick {} because it sounds right, but {}. The key is that {}. "
                 "So the correct answer is {}.".format(LET[x], c.whynot(), c.why(), c.L()).replace("The key is that ", "The key point: "),
                 "Let's break it down together. {} First, notice that {} can be ruled out — {}. "
                 "That brings us to {}: {}. Nice work if you got {}!".format(c.filler(1)[0], LET[x], c.whynot(), c.L(), c.tq().rstrip("。."), c.L()),
                 "The answer is {}. Don't worry if you chose {} — it's a very common mistake, because {}.".format(c.L(), LET[x], c.whynot())])


@style("grader", "Grader/feedback format that quotes a student's letter and states the correct one.")
def g_grader(c):
    x = c.other()
    L = c.L()
    return c.ch(["Student answer: {}\nCorrect answer: {}\nScore: 0/1".format(LET[x], L),
                 "Your response ({}) is correct. ✔ Score: 1/1".format(L),
                 "Verdict: INCORRECT. Expected {}, got {}.".format(L, LET[x]),
                 "Grade: 0/1 — you chose {}; the expected option was {}.".format(LET[x], L),
                 "Feedback: Well done, {} is right.".format(L)])


@style("question_quoted", "Question quoted back ('> ...', 'Q: ... A: B') before the answer; 'B or C' (unclear).", unclear=1)
def g_quoted(c):
    q = trunc(c.it["qshort"], 140)
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "> {}\n\nThe answer is {} or {}.".format(q, a, b)
    L = c.L()
    return c.ch(["> {}\n\nAnswer: {}".format(q, L), "Re: \"{}\" → {}".format(q, L), "Q: {}\nA: {}".format(q, L),
                 "You asked: \"{}\"\nMy answer: {} ({})".format(q, L, c.tq())])


@style("options_echoed", "All options echoed back, then the answer; echo only (none).", none=1)
def g_echo(c):
    fmt = c.ch(["{}. {}", "({}) {}", "{}) {}"])
    body = "\n".join(fmt.format(LET[i], c.tn(i)) for i in range(c.n))
    if c.kind == "N":
        return "The options are:\n" + body
    return c.ch(["{}\n\nAnswer: {}", "Options:\n{}\n\nI choose {}.", "{}\n\n→ {}"]).format(body, c.L())


PASSING = ["No need for a plan B here: the answer is {L}.",
           "Going from point A to point B in the reasoning, I land on {L}.",
           "This one's grade-A distractor material, but the answer is {L}.",
           "I'll skip the vitamin C tangent — answer: {L}.",
           "Without being too type-A about it: {L}.",
           "{L}. (Not the B-side of the question, just the straightforward reading.)",
           "Answer is {L}; the D-day for this topic is the exam anyway.",
           "Like the A-Team says, I love it when a plan comes together: {L}.",
           "Honestly this is C-grade question writing, but it's {L}."]


@style("letter_in_passing", "Letters appear in idioms ('plan B', 'vitamin C', 'type-A') besides the real answer.")
def g_passing(c):
    return c.ch(PASSING).format(L=c.L())


@style("asks_back", "Asks a clarifying question instead of answering (none); one answers under an assumption.", none=8)
def g_asks(c):
    if c.kind == "N":
        opts = ["Could you clarify what exactly you're asking?",
                "Can you share the full question? The options seem to be cut off on my end.",
                "Do you want just the letter, or an explanation too?",
                "Before I answer: is this from a specific textbook? Answers can differ by source.",
                "Which part are you stuck on?", "Are there more answer options than these?",
                "What did you get? I can check your reasoning.", "Is this a single-answer or multiple-answer question?"]
        if c.set == HIT:
            opts.append("Do you mean where it really is, or where one of the characters thinks it is?")
        if c.set == HEA:
            opts.append("Do you mean weight or density?")
        return c.ch(opts)
    return "Do you want an explanation as well? In short, assuming the standard reading, it's {}.".format(c.L())


ERRORS = ["Error: The request timed out. Please try again.",
          jd({"error": {"message": "Rate limit reached for requests", "type": "requests", "code": "rate_limit_exceeded"}}),
          "Traceback (most recent call last):\n  File \"run_eval.py\", line 88, in <module>\n    answer = resp[\"choices\"][0][\"message\"][\"content\"]\nKeyError: 'choices'",
          "[ERROR] This model's maximum context length is 4096 tokens. However, your messages resulted in 5210 tokens.",
          "503 Service Unavailable", "<|endoftext|>", "null",
          "Something went wrong. If this issue persists please contact us through our help center.",
          "ERROR: content filter triggered (finish_reason=content_filter)",
          jd({"id": "cmpl-8xk2", "object": "text_completion", "choices": [{"text": "", "finish_reason": "length"}]}),
          "upstream connect error or disconnect/reset before headers. reset reason: connection termination"]


@style("error_output", "API/runtime errors, empty completions, special tokens (none).", none=9)
def g_error(c):
    return c.ch(ERRORS)


@style("restate_question", "Only restates the question or says how many options there are (none); one then answers.", none=8)
def g_restate(c):
    q = trunc(c.it["qshort"], 160)
    if c.kind == "L":
        return "So the question is: {}\n\n→ {}".format(q, c.L())
    return c.ch(["So the question is: {}".format(q), "You're asking: \"{}\" Let me think about that.".format(q),
                 "Okay, to restate: {} There are {} options to choose from.".format(q, c.n),
                 "Question: {}\nOptions: A–{}.".format(q, c.last()),
                 "The question asks which option is correct given the information provided."])


# ---------------- new styles ----------------

@style("buried_mid_paragraph", "Answer stated mid-way through a long chatty paragraph that also mentions other options.", new=True,
       unclear=1)
def g_buried(c):
    f = c.filler(3)
    x = c.other()
    if c.kind == "U":
        a, b = c.ab()[:2]
        mid = "After going back and forth I'm left with {} or {}, and I honestly can't split them.".format(a, b)
    else:
        mid = c.ch(["After going back and forth, my pick is {} — {} — because {}.".format(c.L(), c.tq(), c.why()),
                    "so I'd say {} is what they're after, since {}.".format(c.L(), c.why()),
                    "which is why {} ({}) is the one I'd choose.".format(c.L(), c.tq())])
        if mid[0].islower():
            mid = "I kept that in mind, " + mid
    tail = "Options like {} rely on assumptions the question doesn't support.".format(LET[x]) if x is not None else ""
    return " ".join([f[0], f[1], mid, tail, f[2]]).replace("  ", " ")


@style("conclusion_first", "Answer in the first line, then a long justification discussing the other letters.", new=True)
def g_concl_first(c):
    xs = c.others(min(3, c.n - 1))
    parts = ["{} is tempting, but {}.".format(LET[x], c.whynot()) for x in xs[:1]]
    parts += ["{} fails because {}.".format(LET[x], c.whynot()) for x in xs[1:]]
    head = c.ch(["{}.", "**{}**", "Answer: {}.", "{} — here's why."]).format(c.L())
    return head + "\n\n" + " ".join(parts) + " By contrast, {} works: {}.".format(c.L(), c.why())


@style("two_wrong_then_one", "'A and C are both wrong, B' / 'Neither A nor C — B'; 'A and B are wrong, so C or D' (unclear).",
       new=True, unclear=1, minn=3)
def g_two_wrong(c):
    if c.kind == "U":
        if c.n < 4:
            return None
        x, y = c.others(2)
        a, b = c.ab()[:2]
        return "{} and {} are both wrong. So {} or {}.".format(LET[x], LET[y], a, b)
    x, y = sorted(c.others(2))
    X, Y, L = LET[x], LET[y], c.L()
    return c.ch(["{} and {} are both wrong, {}.".format(X, Y, L), "Neither {} nor {} — it's {}.".format(X, Y, L),
                 "{}? No. {}? No. {}.".format(X, Y, L), "{} and {} don't work. {} does.".format(X, Y, L)])


PROS = ["directly addresses the question", "consistent with the details given", "sounds reasonable at first",
        "matches the usual pattern", "is specific"]
CONS = ["not supported by the details", "ignores a key part of the question", "contradicts the setup",
        "too much of a stretch", "is a classic distractor"]


@style("pros_cons", "Pros and cons listed per option, then a verdict; tied verdict (unclear).", new=True, unclear=2, maxn=5)
def g_pros(c):
    out = []
    for i in range(c.n):
        good = (c.kind == "L" and i == c.p) or (c.kind == "U" and i in c.alts[:2])
        pro = c.ch(PROS)
        con = c.ch(["nothing major", "wording is a bit vague"]) if good else c.ch(CONS)
        out.append("**{}. {}**\n- Pro: {}\n- Con: {}".format(LET[i], c.tq(i, 50), pro, con))
    if c.kind == "U":
        a, b = c.ab()[:2]
        out.append("Verdict: {} and {} are roughly tied.".format(a, b))
    else:
        out.append(c.ch(["Verdict: {}", "**Overall: {}**", "On balance, {}."]).format(c.L()))
    return "\n\n".join(out)


@style("scores_per_option", "A score out of 10 per option, sometimes with 'best' line; top tie (unclear).", new=True,
       unclear=2, maxn=5)
def g_scores(c):
    if c.kind == "U":
        top = c.r.randint(6, 8)
        sc = {i: (top if i in c.alts[:2] else c.r.randint(0, top - 3)) for i in range(c.n)}
    else:
        top = c.r.randint(7, 10)
        sc = {i: (top if i == c.p else c.r.randint(0, top - 3)) for i in range(c.n)}
    fmt = c.ch(["{}: {}/10", "{} → {}/10", "Option {} score = {}"])
    out = "\n".join(fmt.format(LET[i], sc[i]) for i in range(c.n))
    if c.kind == "L" and c.r.random() < 0.5:
        out += "\n\nBest: {}".format(c.L())
    return c.ch(["Scoring each option:\n", "Plausibility scores:\n", ""]) + out


@style("percentages", "Probability per option in percent; top pair tied (unclear).", new=True, unclear=2)
def g_pct(c):
    show = list(range(c.n)) if c.n <= 5 else sorted(set(c.others(2) + ([c.p] if c.p is not None else []) + (c.alts or [])))
    if c.kind == "U":
        a, b = c.alts[:2]
        half = c.r.choice([40, 45, 35]) if c.n > 2 else 50
        pr = {a: half, b: half}
        rest = 100 - 2 * half
    else:
        top = c.r.choice([55, 60, 70, 75, 80, 85, 90])
        pr = {c.p: top}
        rest = 100 - top
    oth = [i for i in show if i not in pr]
    for k, i in enumerate(oth):
        v = rest // len(oth) if k < len(oth) - 1 else rest - (rest // len(oth)) * (len(oth) - 1)
        pr[i] = v
    fmt = c.ch(["{} {}%", "{}: {}%", "P({}) = {}%"])
    sep = c.ch([" | ", "\n", ", "])
    out = sep.join(fmt.format(LET[i], pr[i]) for i in show)
    if c.n > 5:
        out += sep + "others ~0%"
    if c.kind == "L" and c.r.random() < 0.4:
        out += "\nMost likely: {}".format(c.L())
    return out


@style("letter_spelled_word", "The letter written as a word: 'bee', 'the letter dee', 'ay'.", new=True)
def g_spelled(c):
    w = c.ch(SPELL[c.L()])
    return c.ch(["The answer is {}.", "I'd go with {}.", "My answer: {}.", "It's {}, final answer.", "{}"]).format(w)


@style("nato_phonetic", "NATO phonetic alphabet: 'Bravo', 'Answer: Charlie'.", new=True)
def g_nato(c):
    N = NATO[c.p]
    return c.ch(["{}.".format(N), "Answer: {}".format(N), "Going with {}.".format(N), "{} — final answer.".format(N),
                 "{}, over.".format(N)])


@style("chat_transcript", "Multi-turn transcript; user pushes back; assistant caves or holds; ends torn (unclear).", new=True,
       unclear=2)
def g_chat(c):
    q = trunc(c.it["qshort"], 100)
    if c.kind == "U":
        a, b = c.alts[:2]
        return ("User: {}\nAssistant: {}.\nUser: Hmm, are you sure? I think it's {}.\n"
                "Assistant: Honestly, it could be either {} or {}. I'm not certain.").format(q, LET[a], LET[b], LET[a], LET[b])
    x = c.other()
    mode = c.ch(["cave", "hold", "plain"])
    if mode == "cave":
        return ("User: {}\nAssistant: {}.\nUser: Are you sure? Isn't it {}?\n"
                "Assistant: You're right, I apologize for the confusion — the correct answer is {}.").format(q, LET[x], c.L(), c.L())
    if mode == "hold":
        return ("User: {}\nAssistant: {}.\nUser: I think it's {} actually.\n"
                "Assistant: I understand why {} looks attractive, but I'm confident the answer is {}.").format(q, c.L(), LET[x], LET[x], c.L())
    return "User: {}\nAssistant: The answer is {} ({}).\nUser: thanks!\nAssistant: You're welcome!".format(q, c.L(), c.tq())


@style("truncated", "Reply cut off mid-sentence: before any answer (none) or after stating it.", new=True, none=4)
def g_trunc(c):
    x, y = (c.others(2) or [None, None]) if c.n > 2 else (c.other(), None)
    if c.kind == "N":
        opts = ["Let's analyze each option carefully.\n\nOption {} suggests that".format(LET[x]),
                "The correct answer is", "The answer is option",
                "Step 1: Identify the key information.\nStep 2: Compare option {} with".format(LET[x])]
        if y is not None:
            opts.append("To answer this, we first need to consider what the question is really asking. Looking at {} and {}, both".format(LET[x], LET[y]))
        return c.ch(opts)
    return c.ch(["**{}**. This is because the".format(c.L()),
                 "The answer is {} — {}".format(c.L(), trunc(c.tn(), max(8, len(c.tn()) // 2)).rstrip("…")),
                 "{}\n\nExplanation: Option {} can be ruled out since it does not acc".format(c.L(), LET[x]),
                 "Answer: {}. To see why, first note that the".format(c.L())])


@style("echo_user_wrong", "Echoes the user's (often wrong) answer and corrects or confirms it.", new=True)
def g_echo_user(c):
    x = c.other()
    if c.r.random() < 0.3:
        return c.ch(["You said {} — that's correct!", "Your answer {} is right. Nice work.",
                     "Yes, {} is correct, as you said."]).format(c.L())
    return c.ch(["You answered {}, but the correct answer is {}.", "Your choice of {} is understandable; however, {} is right.",
                 "Close, but not {}. It's {}.", "I see you went with {}. Actually the answer is {}."]).format(LET[x], c.L())


@style("html", "HTML markup: <strong>, answer div, checked radio button, list with a check mark.", new=True)
def g_html(c):
    L = c.L()
    v = c.ch(["p", "div", "radio", "ol", "h3"])
    if v == "p":
        return "<p>The correct answer is <strong>{}</strong>.</p>".format(L)
    if v == "div":
        return "<div class=\"answer\"><span class=\"label\">Answer:</span> {}. {}</div>".format(L, c.t())
    if v == "radio":
        rows = ["<label><input type=\"radio\" name=\"q\" value=\"{}\"{}> {}</label><br>".format(
            LET[i], " checked" if i == c.p else "", c.tn(i)) for i in range(c.n)]
        return "<form>\n" + "\n".join(rows) + "\n</form>"
    if v == "ol":
        rows = ["<li>{}{}</li>".format("<b>{}</b> ✔".format(c.tn(i)) if i == c.p else c.tn(i), "") for i in range(c.n)]
        return "<ol type=\"A\">\n" + "\n".join(rows) + "\n</ol>\n<p>Answer: {}</p>".format(L)
    x = c.other()
    return "<h3>Answer</h3>\n<p>{}</p>\n<h3>Why not {}?</h3>\n<p>Because {}.</p>".format(L, LET[x], c.whynot())


@style("latex", "LaTeX markup: \\textbf{Answer:} (B), \\item[(B)] ... \\checkmark; two options (unclear).", new=True, unclear=1)
def g_latex(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "\\textbf{Answer:} (%s) \\text{ or } (%s)" % (a, b)
    L = c.L()
    v = c.ch(["bf", "item", "math", "fbox", "sol", "cases"])
    if v == "bf":
        return "\\textbf{Answer:} (%s)" % L
    if v == "sol":
        return "\\begin{solution}\n%s. Hence the correct option is \\textbf{%s}.\n\\end{solution}" % (c.why().capitalize(), L)
    if v == "cases":
        return "$\\text{answer} = \\begin{cases} \\text{%s} & \\text{(chosen)} \\end{cases}$" % L
    if v == "math":
        return "\\[\\text{Answer} = \\text{%s}\\]" % L
    if v == "fbox":
        return "The correct choice is \\fbox{%s}." % L
    rows = ["\\item[(%s)] %s%s" % (LET[i], c.tq(i, 50), " \\quad $\\checkmark$" if i == c.p else "") for i in range(c.n)]
    return "\\begin{itemize}\n" + "\n".join(rows) + "\n\\end{itemize}"


@style("csv", "CSV output with an answer column, or one-hot selected column; two letters in one cell (unclear).", new=True, unclear=1)
def g_csv(c):
    idx = c.it["idx"]
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "id,answer\n{},\"{},{}\"".format(idx, a, b)
    L = c.L()
    v = c.ch(["a", "b", "c", "d"])
    if v == "a":
        return "question_id,answer\n{},{}".format(idx, L)
    if v == "b":
        return "id;prediction;confidence\nq{};{};0.{}".format(idx, L, c.r.randint(51, 97))
    if v == "c" and c.n <= 6:
        return "option,selected\n" + "\n".join("{},{}".format(LET[i], 1 if i == c.p else 0) for i in range(c.n))
    return "\"id\",\"answer\",\"answer_text\"\n\"{}\",\"{}\",\"{}\"".format(idx, L, c.t().replace('"', "'"))


@style("log_lines", "Pipeline log lines with candidates and the selected answer; extraction failure (none).", new=True, none=1)
def g_log(c):
    ts = "2024-05-{:02d} {:02d}:{:02d}:{:02d},{:03d}".format(c.r.randint(1, 28), c.r.randint(0, 23), c.r.randint(0, 59),
                                                           c.r.randint(0, 59), c.r.randint(0, 999))
    x = c.other()
    lines = ["{} INFO  [eval] item={} prompt_tokens={}".format(ts, c.it["idx"], c.r.randint(90, 900)),
             "{} DEBUG [model] completion received (finish_reason=stop)".format(ts)]
    if c.kind == "N":
        lines += ["{} WARN  [parser] no option letter found in completion".format(ts),
                  "{} INFO  [parser] answer=None".format(ts)]
        return "\n".join(lines)
    cand = sorted([c.L(), LET[x]])
    lines += ["{} DEBUG [parser] candidates={}".format(ts, cand),
              "{} INFO  [parser] selected={} confidence=0.{}".format(ts, c.L(), c.r.randint(55, 95))]
    return "\n".join(lines)


@style("tool_call", "Function/tool-call JSON submitting the answer; a search call only (none); two answers (unclear).", new=True,
       none=1, unclear=1)
def g_tool(c):
    if c.kind == "N":
        return jd({"role": "assistant", "content": None, "tool_calls": [{"id": "call_7f3a", "type": "function", "function": {
            "name": "web_search", "arguments": jd({"query": trunc(c.it["qshort"], 80)})}}]}, True)
    if c.kind == "U":
        a, b = c.ab()[:2]
        return jd({"type": "tool_use", "name": "submit_answer", "input": {"answers": [a, b], "note": "unsure"}}, True)
    L = c.L()
    v = c.ch(["oai", "anth", "tag", "mcp"])
    if v == "oai":
        return jd({"role": "assistant", "content": None, "tool_calls": [{"id": "call_2b9c", "type": "function", "function": {
            "name": "submit_answer", "arguments": jd({"option": L})}}]}, True)
    if v == "anth":
        return jd({"type": "tool_use", "id": "toolu_01", "name": "record_choice", "input": {"choice": L, "rationale": c.why()}}, True)
    if v == "mcp":
        return jd({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": "grade_submission", "arguments": {"question_id": str(c.it["idx"]), "selected": L}}}, True)
    return "<tool_call>\n{}\n</tool_call>".format(jd({"name": "answer", "arguments": {"letter": L}}))


@style("voice_transcript", "Speech-to-text style with fillers ('um', 'uh', 'B as in bravo'); didn't catch it (none); torn (unclear).",
       new=True, none=1, unclear=2)
def g_voice(c):
    if c.kind == "N":
        return c.ch(["sorry I didn't catch the question can you repeat that", "uh... no idea, pass"])
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "it's either {} or uh {} i'm not sure honestly".format(a, b)
    L = c.L()
    opts = ["uh so I think it's, um... {}? yeah, {}.".format(L, L),
            "okay the answer is uh option {} as in {}".format(L, NATO[c.p].lower()),
            "so yeah {} I'd say {} final".format(L, L),
            "hmm let me think... okay I'll say {}. letter {}.".format(L, L)]
    if c.set in (SOC, HIT, HEA):
        opts.append("I'm gonna go with, um, {}... yeah that one".format(c.tn().lower()))
        opts.append("so basically it's like, {}, right? yeah. {}.".format(c.tn().lower(), c.tn().lower()))
    return c.ch(opts)


@style("sms", "Texting style: 'its b', 'def c lol', 'prob D tbh'; 'b or c idk' (unclear).", new=True, unclear=1)
def g_sms(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return "{} or {} idk".format(a if a in "AI" else a.lower(), b if b in "AI" else b.lower())
    L = c.L()
    l = L if L in "AI" else L.lower()
    return c.ch(["its {}".format(l), "def {} lol".format(l), "{} i think".format(l), "prob {} tbh".format(L),
                 "{}!!".format(L), "ans {} 👍".format(l), "{} obv".format(l), "ya its {}".format(l)])


@style("emoji_marks", "Options marked with ✅/❌ or a pointing emoji; two ticks (unclear).", new=True, unclear=1)
def g_emoji(c):
    if c.kind == "U":
        return "\n".join("{} {}".format(LET[i], "✅" if i in c.alts[:2] else "❌") for i in range(c.n))
    v = c.ch(["list", "one", "point"])
    if v == "list":
        return "\n".join("{} {}".format(LET[i], "✅" if i == c.p else "❌") for i in range(c.n))
    if v == "one":
        return "✅ {} — {}".format(c.L(), c.tq())
    return "👉 {}".format(c.L())


@style("checkbox", "Markdown task-list with one ticked box; two ticked (unclear).", new=True, unclear=1)
def g_checkbox(c):
    tick = set(c.alts[:2]) if c.kind == "U" else {c.p}
    return "\n".join("- [{}] {}. {}".format("x" if i in tick else " ", LET[i], c.tq(i, 60)) for i in range(c.n))


@style("numbered_index", "Option given as a number: 'Option #2', 'No. 3', zero-based index stated as such.", new=True, pred=no_ord)
def g_index(c):
    k = c.p + 1
    return c.ch(["Option #{}".format(k), "Answer: option {}".format(k), "No. {}: {}".format(k, c.t()),
                 "idx = {}  # zero-based".format(c.p), "choices[{}]  (0-indexed)".format(c.p),
                 "The answer is number {} in the list.".format(k)])


@style("roman_numeral", "Roman-numeral option labels: '(ii)', 'Option iii', 'Answer: IV'.", new=True, pred=no_roman)
def g_roman(c):
    R = ROMAN[c.p]
    return c.ch(["({})".format(R), "Option {}.".format(R), "Answer: {}".format(R.upper()), "{}) {}".format(R, c.t())])


@style("ranking", "Options ranked most to least likely; tie at the top (unclear).", new=True, unclear=1)
def g_rank(c):
    if c.kind == "U":
        a, b = c.alts[:2]
        rest = [i for i in range(c.n) if i not in (a, b)][:3]
        return "Ranking: {} = {} > {}".format(LET[a], LET[b], " > ".join(LET[i] for i in rest))
    order = [c.p] + c.others(min(3, c.n - 1))
    v = c.ch(["arrow", "list"])
    if v == "arrow":
        return "Ranking (most → least likely): " + " > ".join(LET[i] for i in order)
    return "Ranked by likelihood:\n" + "\n".join("{}. {}".format(k + 1, LET[i]) for k, i in enumerate(order))


@style("self_consistency", "Several sampled runs listed with a majority vote; tie with no majority (unclear).", new=True, unclear=2)
def g_selfc(c):
    if c.kind == "U":
        a, b = c.alts[:2]
        votes = [a, a, b, b] + ([c.other()] if c.other() is not None else [])
        c.r.shuffle(votes)
        return "\n".join("Run {}: {}".format(k + 1, LET[v]) for k, v in enumerate(votes)) + \
            "\nTally: {}={}, {}={} → tie, no majority.".format(LET[a], 2, LET[b], 2)
    nr = c.ch([5, 7])
    maj = nr // 2 + 1 + c.r.randint(0, 1)
    votes = [c.p] * maj + [c.other() for _ in range(nr - maj)]
    c.r.shuffle(votes)
    return "\n".join("Sample {}: {}".format(k + 1, LET[v]) for k, v in enumerate(votes)) + \
        c.ch(["\n→ Majority vote: {}", "\nFinal (majority): {}", "\nSelf-consistency answer: {}"]).format(c.L())


@style("logprobs", "Vendor-API style output with token log-probabilities / probabilities; the top token is the answer.", new=True)
def g_logprobs(c):
    oth = c.others(min(2, c.n - 1))
    v = c.ch(["json", "top", "probs"])
    if v == "json":
        tl = {" " + c.L(): round(-c.r.uniform(0.01, 0.3), 3)}
        for x in oth:
            tl[" " + LET[x]] = round(-c.r.uniform(2.0, 6.0), 3)
        return jd({"text": " " + c.L(), "logprobs": {"top_logprobs": [tl]}}, True)
    pt = c.r.randint(70, 96)
    rest = 100 - pt
    ps = [pt] + [rest // len(oth) for _ in oth]
    if v == "top":
        return "Top tokens: " + ", ".join("{} (p=0.{:02d})".format(LET[i], p) for i, p in zip([c.p] + oth, ps))
    return "prediction: {}\nprobs: {{{}}}".format(c.L(), ", ".join("{}: 0.{:02d}".format(LET[i], p) for i, p in sorted(zip([c.p] + oth, ps))))


@style("strikethrough", "Markdown strikethrough on rejected options, answer left standing; two left standing (unclear).", new=True,
       unclear=1)
def g_strike(c):
    keep = set(c.alts[:2]) if c.kind == "U" else {c.p}
    if c.n <= 5 and c.r.random() < 0.5:
        return "\n".join(("**{}. {}**" if i in keep else "~~{}. {}~~").format(LET[i], c.tq(i, 50)) for i in range(c.n))
    show = sorted(set(list(keep) + (c.others(min(2, c.n - len(keep))) or [])))
    return " ".join(("**{}**" if i in keep else "~~{}~~").format(LET[i]) for i in show)


@style("edit_correction", "A first answer followed by an appended 'Edit:'/'Update:' correction (or confirmation).", new=True)
def g_edit(c):
    x = c.other()
    L = c.L()
    if c.r.random() < 0.25:
        return "Answer: {}\n\nEdit: double-checked, still {}.".format(L, L)
    return c.ch(["Answer: {}\n\n**Edit:** Correction — it's {}. I misread the question.".format(LET[x], L),
                 "{}\n\nUPDATE: Sorry, that was wrong; the correct option is {}.".format(LET[x], L),
                 "~~{}~~ Edit: {}".format(LET[x], L),
                 "My answer is {}.\n\n[Edit 2: changed to {} after rereading the stem.]".format(LET[x], L)])


@style("conditional_answer", "Answer depends on an interpretation ('if X then B, otherwise C'), mostly unresolved (unclear); some resolve it.",
       new=True, unclear=6)
def g_cond(c):
    if c.kind == "U":
        a, b = c.ab()[:2]
        return c.ch(["If the question means it literally, then {}; if it's asking about the intended reading, {}.",
                     "It depends on the interpretation: under a strict reading it's {}, under a looser one {}.",
                     "If we assume the standard conventions, {}; otherwise {}.",
                     "Depends — {} if you take the first reading, {} if you take the second."]).format(a, b)
    x = c.other()
    a, b = c.L(), LET[x]
    first = c.ch([True, False])
    if first:
        return "If we take the question literally it's {}; on a looser reading it'd be {}. The literal reading is clearly intended, so {}.".format(a, b, a)
    return "Under a loose reading you might say {}, but strictly it's {} — and strict is what's asked. Answer: {}.".format(b, a, a)


@style("none_or_all_of_above", "'None of the above' / 'none is correct' (none); 'all of them' / 'any could be right' (unclear); one 'closest is B'.",
       new=True, none=4, unclear=4)
def g_nota(c):
    if c.kind == "N":
        return c.ch(["None of the options is correct.", "None of the above — the real answer isn't listed.",
                     "Honestly none of these is right; the question seems flawed.", "None of them."])
    if c.kind == "U":
        if c.n == 2:
            return "Both, depending on how you read it."
        return c.ch(["All of them are correct in some sense.", "Any of the options could be defended.",
                     "All of the above.", "Every option is partly right here."])
    return "None of the options is perfect, but {} comes closest.".format(c.L())


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------


OWN_NEW = {"native_label", "nato_phonetic", "emoji_marks", "checkbox", "numbered_index", "roman_numeral", "ranking",
           "self_consistency", "logprobs", "strikethrough", "edit_correction", "conditional_answer",
           "none_or_all_of_above"}


def main():
    r = random.Random(SEED)
    pools = {}
    weights = {}
    for name, loader, w in SETS:
        items, seen = [], set()
        for it in loader():
            k = (it["question"], tuple(it["choices"]))
            if k not in seen:
                seen.add(k)
                items.append(it)
        r.shuffle(items)
        pools[name] = items
        weights[name] = w
    used = {name: set() for name in pools}

    # 1) plan kinds per style
    plan = []
    for st in STYLES:
        kinds = ["N"] * st["none"] + ["U"] * st["unclear"]
        kinds += ["L"] * (PER_STYLE - len(kinds))
        r.shuffle(kinds)
        plan.append(kinds)
    nL = sum(k.count("L") for k in plan)
    wrong_slots = set(r.sample(range(nL), round(nL / 3)))

    records = []
    li = 0
    for st, kinds in zip(STYLES, plan):
        for n, kind in enumerate(kinds, 1):
            wrong = False
            if kind == "L":
                wrong = li in wrong_slots
                li += 1
            allowed = st["sets"] or [s[0] for s in SETS]
            done = False
            tried = set()
            for attempt in range(400):
                cands = [s for s in allowed if any(i not in used[s] for i in range(len(pools[s])))]
                sw = st["w"] or weights
                setname = r.choices(cands, weights=[sw.get(s, weights[s]) for s in cands])[0]
                pool = pools[setname]
                it = None
                for k in range(len(pool)):
                    if k in used[setname] or (setname, k) in tried:
                        continue
                    cand = pool[k]
                    m = len(cand["choices"])
                    if st["maxn"] and m > st["maxn"]:
                        continue
                    if st["minn"] and m < st["minn"]:
                        continue
                    if st["pred"] and not st["pred"](cand):
                        continue
                    it, kk = cand, k
                    break
                if it is None:
                    continue
                tried.add((setname, kk))
                m = len(it["choices"])
                pick, alts = None, None
                if kind == "L":
                    if wrong:
                        pick = r.choice([i for i in range(m) if i != it["key"]])
                    else:
                        pick = it["key"]
                elif kind == "U":
                    if m == 2:
                        alts = [0, 1]
                        r.shuffle(alts)
                    else:
                        if r.random() < 0.5:
                            alts = [it["key"], r.choice([i for i in range(m) if i != it["key"]])]
                        else:
                            alts = r.sample([i for i in range(m) if i != it["key"]], 2)
                        r.shuffle(alts)
                c = Ctx(r, it, kind, pick, alts)
                text = st["gen"](c)
                if text is None:
                    continue
                used[setname].add(kk)
                meant = LET[pick] if kind == "L" else ("none" if kind == "N" else "unclear")
                records.append({"set": setname, "id": "{}:{}#{}-{}".format(setname, it["idx"], st["name"], n),
                                "choices": it["choices"], "style": st["name"], "reply": text, "meant": meant,
                                "_key": it["key"]})
                done = True
                break
            if not done:
                raise SystemExit("could not fill {} #{}".format(st["name"], n))

    with open(OUT, "w", encoding="utf-8") as f:
        for rec in records:
            out = {k: v for k, v in rec.items() if not k.startswith("_")}
            f.write(json.dumps(out, ensure_ascii=False) + "\n")

    # STYLES.md
    per = collections.defaultdict(collections.Counter)
    tot = collections.Counter()
    wrongc = 0
    letters = 0
    setc = collections.Counter()
    for rec in records:
        m = rec["meant"]
        kind = "letter" if len(m) == 1 else m
        per[rec["style"]][kind] += 1
        tot[m] += 1
        setc[rec["set"]] += 1
        if len(m) == 1:
            letters += 1
            if LET.index(m) != rec["_key"]:
                wrongc += 1
    lines = ["# Styles of replies-blind23.jsonl", "",
             "{} replies, {} styles x {} replies each. Each reply is on a different question.".format(len(records), len(STYLES), PER_STYLE),
             "'meant' = the letter the writer asserts (A = first choice), 'none' = no answer given, 'unclear' = several / open.",
             "Styles marked NEW are forms not in the brief's list of letter/text forms: 'NEW-s' ones follow the brief's own",
             "suggestions for new forms (buried answers, pros/cons, HTML, CSV, SMS, ...); 'NEW-o' ones go beyond them.", "",
             "| style | new | description | letter | none | unclear |", "|---|---|---|---|---|---|"]
    for st in STYLES:
        cnt = per[st["name"]]
        tag = ("NEW-o" if st["name"] in OWN_NEW else "NEW-s") if st["new"] else ""
        lines.append("| {} | {} | {} | {} | {} | {} |".format(st["name"], tag, st["desc"].replace("|", "/"),
                                                            cnt["letter"], cnt["none"], cnt["unclear"]))
    lines += ["", "## Totals", "",
              "- meant letters: " + ", ".join("{}={}".format(k, tot[k]) for k in LET if tot[k]),
              "- none: {}".format(tot["none"]), "- unclear: {}".format(tot["unclear"]),
              "- letter replies asserting a wrong option: {}/{} ({:.1%})".format(wrongc, letters, wrongc / letters),
              "- new styles: {} ({} NEW-s, {} NEW-o)".format(sum(1 for s in STYLES if s["new"]),
                                                          sum(1 for s in STYLES if s["new"] and s["name"] not in OWN_NEW),
                                                          sum(1 for s in STYLES if s["name"] in OWN_NEW)), "",
              "## Sets (how choices and answers were parsed)", ""]
    for name, loader, _ in SETS:
        doc = " ".join((loader.__doc__ or "").split())
        lines.append("- {}: {} replies. {}".format(name, setc[name], doc))
    with open(STYLES_MD, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

    h = hashlib.sha256(open(OUT, "rb").read()).hexdigest()
    print("wrote {} lines to {}".format(len(records), OUT))
    print("sha256", h)


if __name__ == "__main__":
    main()
