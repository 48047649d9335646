#!/usr/bin/env python3
"""blind24: hand-labelled free-text replies to multiple-choice questions, written by a helper
session blind to the reader and to the other sets.

Reads multiple-choice items from the OpenAI evals 3.0.1.post1 registry data unpacked at
/tmp/evx/evals/registry/data/, writes replies-blind24.jsonl and STYLES.md into /tmp/blind24
and prints the jsonl's sha256.  Python 3 standard library only; deterministic
(random.Random(24024)).

Usage: python3 scripts/reply-set-blind24.py -> writes /tmp/blind24/replies-blind24.jsonl (and
STYLES.md) and prints its sha256
(2cf08d57d2cc69d818b7a2fe296f9dce538fe4564831e4aa571a2b65866b4272).

Every reply is generated from a template written for one style; the label
("meant") is fixed *before* the text is produced, and each template writes a
text whose meaning is that label:
  a letter  -> the option the reply's writer asserts as their answer
               (R = the key, W = a wrong option chosen at random)
  "none"    -> the reply gives no answer
  "unclear" -> several answers named with no single one, or choice left open
"""
import collections
import difflib
import hashlib
import json
import os
import random
import re

DATA = '/tmp/evx/evals/registry/data/'
OUT = '/tmp/blind24'
os.makedirs(OUT, exist_ok=True)
JSONL = os.path.join(OUT, 'replies-blind24.jsonl')
STYLES_MD = os.path.join(OUT, 'STYLES.md')
LET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'


def li(L):
    return LET.index(L)


class Item(object):
    def __init__(self, set_, idx, q, ch, key, lang, tr=None, para=None, extra=None):
        self.set = set_
        self.idx = idx
        self.q = q
        self.ch = ch
        self.key = key
        self.lang = lang
        self.tr = tr          # English translation of each choice (or None)
        self.para = para      # hand-written paraphrase of each choice (or None)
        self.extra = extra or {}

    @property
    def n(self):
        return len(self.ch)

    def letters(self):
        return LET[:self.n]


# ---------------------------------------------------------------------------
# Hand-written English translations / paraphrases for a subset of items.
# Keys are 0-based line indexes in the source .jsonl.
# ---------------------------------------------------------------------------
PT_TR = {
    0: ['sister and nephew', 'aunt and cousin', 'cousin and son', 'aunt and son', 'cousin and nephew'],
    1: ['I have a grandfather named Carlos', 'Luísa is Márcia\'s niece', 'my cousin criticised my sister',
        'my sister criticised my aunt', 'Antônio is Márcia\'s father'],
    2: ['Carla is Joana\'s mother', 'Carla is Joana\'s aunt', 'Joana is Carla\'s aunt',
        'Joana is not Carla\'s niece', 'Joana is not related to Carla'],
    3: ['my father is the grandfather of Lucas and Antônio',
        'if Ricardo is my brother, Antônio and Luiza are my father\'s grandchildren',
        'Ricardo, Rosa\'s brother, is Luiza\'s uncle',
        'Bruno\'s father is the grandfather of Lucas or of my son',
        'if Lucas is Bruno\'s grandson, Felipe is my father\'s son'],
    4: ['João is my brother', 'João is my brother-in-law', 'João is my father-in-law',
        'I am João\'s grandson', 'I am João\'s son'],
    5: ['Juliana is not Guilherme\'s cousin', 'Guilherme is Juliana\'s brother',
        'Guilherme has only one female cousin', 'Guilherme has at least two female cousins',
        'Juliana has only one male cousin'],
    6: ['João is Maria\'s son', 'Maria is João\'s daughter', 'Maria is João\'s aunt',
        'João and Maria are siblings', 'João and Maria are cousins'],
    7: ['Cláudio is Lúcio\'s uncle', 'Cláudio is Lúcio\'s father', 'Lúcio is Cláudio\'s grandfather',
        'Lúcio is Cláudio\'s uncle', 'Lúcio and Cláudio are brothers'],
    8: ['Ana\'s mother-in-law and Maria\'s daughter', 'José\'s grandmother and João\'s wife',
        'Ana\'s mother and Carlos\'s mother-in-law', 'Marcos\'s mother and Carlos\'s wife',
        'José\'s aunt and João\'s mother-in-law'],
    9: ['Dulce is José\'s sister', 'Dirce is José\'s sister', 'José is Paulo\'s cousin',
        'Paulo has no siblings', 'Pedro is Dulce\'s son'],
    10: ['husband', 'father-in-law', 'cousin', 'brother-in-law', 'nephew'],
    11: ['brother', 'father', 'uncle', 'son', 'cousin'],
    12: ['you are the child', 'uncle', 'mother or father', 'grandfather', 'cousin'],
    13: ['son of Maria and José', 'José\'s brother', 'Maria\'s brother', 'Maria\'s father', 'José\'s father'],
    14: ['Maria is my cousin', 'Maria is my aunt', 'Maria is my mother', 'I am Maria',
         'I am Maria\'s granddaughter'],
    15: ['only items I and II are true', 'only items II and III are true', 'only items I and III are true',
         'only items I and IV are true', 'only items III and IV are true'],
    16: ['Cristiane\'s sister', 'Cristiane\'s niece', 'Cristiane\'s aunt', 'Cristiane\'s daughter',
         'Cristiane\'s grandmother'],
}
# descriptive paraphrases (not literal translations)
PT_PARA = {
    4: ['he and I are siblings', 'he is my wife\'s brother', 'he is my wife\'s dad',
        'he is my grandfather', 'he is my own dad'],
    10: ['she is talking to the man she married', 'he is her husband\'s dad', 'he is her uncle\'s son',
         'he is her spouse\'s brother', 'he is her sibling\'s son'],
    11: ['I am his sibling', 'I am the priest\'s dad', 'I am his father\'s brother',
         'I am his child', 'I am his uncle\'s son'],
    13: ['João is one of the couple\'s own children', 'João is José\'s sibling', 'João is Maria\'s sibling',
         'João is Maria\'s dad', 'João is José\'s dad'],
    16: ['Vitória has the same parents as Cristiane', 'Vitória is the daughter of Cristiane\'s sibling',
         'Vitória is the sister of Cristiane\'s mother', 'Vitória is Cristiane\'s child',
         'Vitória is the mother of Cristiane\'s mother'],
}
AR_TR = {
    2: ['modesty', 'trustworthiness', 'humility', 'truthfulness'],
    3: ['Israfil', 'Malik', 'Mikail (Michael)', 'Jibril (Gabriel)'],
    14: ['heat moves from the water to the air', 'heat moves from the air to the water',
         'cold moves from the air to the water', 'cold moves from the water to the air'],
    15: ['melting ice', 'boiling water', 'cloud formation', 'snow formation'],
    16: ['fish', 'amphibians', 'reptiles', 'mammals'],
    17: ['they store food for the plant', 'they help the plant make food',
         'they protect the flower from harmful organisms', 'they attract insects for pollination'],
    19: ['the respiratory system', 'the nervous system', 'the circulatory system', 'the excretory system'],
    21: ['adolescence', 'old age', 'maturity', 'the embryo stage'],
    23: ['the Earth orbiting the Sun once every 24 hours', 'the Earth orbiting the Sun once every 12 hours',
         'the Earth spinning on its axis once every 24 hours', 'the Earth spinning on its axis once every 12 hours'],
    24: ['an hour after sunrise', 'at noon', 'at sunrise', 'two hours after noon'],
    25: ['copper', 'aluminium', 'iron', 'wool'],
    26: ['amphibians', 'fish', 'mammals', 'birds'],
    29: ['concentration', 'evaporation', 'freezing', 'melting'],
    31: ['antiquities', 'civilisation', 'natural wealth', 'history'],
    33: ['a mountain', 'a plateau', 'a valley', 'a plain'],
    35: ['Bahrain', 'the UAE', 'Saudi Arabia', 'Qatar'],
    39: ['keeping healthy', 'straining the heart muscle', 'more body fat', 'higher blood pressure'],
}
JP_TR = {
    3: ['writer\'s cramp', 'spasmodic torticollis', 'essential tremor', 'dyskinesia', 'asterixis'],
    8: ['red cell transfusion', 'insulin', 'cytotoxic chemotherapy', 'thyroid hormone replacement',
        'corticosteroid replacement'],
    17: ['an oral painkiller', 'dilute hydrochloric acid eye drops', 'IV antibiotics',
         'irrigating the eye with saline', 'an IV osmotic diuretic'],
    20: ['abuse', 'epilepsy', 'an accident', 'a febrile seizure', 'bacterial meningitis'],
    21: ['hypouricaemia', 'low renin', 'low urine osmolality', 'hypothyroidism', 'low cortisol'],
    27: ['tendon reflexes', 'neck stiffness', 'the pupillary light reflex', 'the nose-finger-nose test',
         'the knee-drop test'],
    28: ['the public health centre', 'the welfare office', 'the municipal health centre',
         'the medical safety support centre', 'the community general support centre'],
    30: ['more renal blood flow', 'reduced urine-concentrating ability', 'a higher GFR',
         'fewer sclerosed glomeruli', 'more functioning nephrons'],
    33: ['sputum', 'purulent nasal discharge', 'drooling', 'painful submandibular nodes', 'fever of 38 °C or more'],
    41: ['the dimple sign', 'peau d\'orange', 'nipple erosion', 'bloody nipple discharge', 'nipple pigmentation'],
    43: ['albumin', 'glucose', 'neutrophil count', 'protein', 'white cell count'],
    47: ['the axillary nerve', 'the musculocutaneous nerve', 'the ulnar nerve', 'the median nerve',
         'the radial nerve'],
    48: ['an airway foreign body', 'asthma', 'acute left heart failure', 'pulmonary embolism',
         'idiopathic pulmonary fibrosis'],
    50: ['the patient\'s age', 'the patient\'s own wishes', 'the eldest son\'s wishes',
         'the attending doctor\'s wishes', 'the patient\'s cognitive function'],
    52: ['adding a sleeping pill', 'restraining her at night', 'a bed-exit sensor',
         'telling the family at a later date', 'an indwelling urinary catheter'],
    54: ['the optic chiasm', 'the right optic nerve', 'the left optic nerve', 'the right occipital lobe',
         'the left occipital lobe'],
    57: ['keeping the oxygen going', 'adjusting the room environment', 'giving opioids',
         'restricting family visits', 'massaging the painful areas'],
    62: ['hypertrophic cardiomyopathy', 'patent ductus arteriosus', 'aortic stenosis',
         'atrial septal defect', 'mitral regurgitation'],
    66: ['intubation', 'IM adrenaline', 'IV prednisolone', 'IV calcium gluconate', 'defibrillation'],
}
ZH_TR = {
    0: ['cost price', 'price of production', 'monopoly low price', 'monopoly high price'],
    1: ['holding firm ideals', 'self-revolution', 'caging power within institutions',
        'heightening awareness of dangers'],
    2: ['the feudal rulers\' arrogance and closed-door policy', 'capital export by the imperialist powers',
        'deep change in class relations', 'being drawn into the world capitalist system'],
    3: ['criticising the "Left" errors of the Great Revolution', 'moving the party\'s focus from city to countryside',
        'calling for uprisings in four provinces', 'setting the line of armed uprising and land revolution'],
    8: ['an advance of the capitalist\'s capital to the worker', 'the value or price of labour power',
        'a share of the surplus value the worker creates', 'payment for all of the worker\'s labour'],
    9: ['labour compensation', 'value compensation', 'material compensation', 'value-added compensation'],
    10: ['the two factors of the commodity', 'the law of value', 'the dual character of labour',
         'the theory of surplus value'],
    11: ['capitalists buy the value of labour power', 'labour power has value and use value',
         'the labour power bought can yield surplus value', 'its value is transferred to new commodities'],
    13: ['the concentrated form of labour-capital conflict', 'the inevitable product of socialised production',
         'the inevitable result of capital accumulation', 'the fallout of fictitious-capital bubbles'],
}

# Japanese items whose choices contain Latin capitals A-E but were checked by
# hand (the sequential A..E split below gives the right five choices).
JP_VERIFIED = {4, 5, 6, 14, 16, 18, 19, 24, 26, 29, 49, 63}


# ---------------------------------------------------------------------------
# Loaders
# ---------------------------------------------------------------------------
def jl(path):
    with open(DATA + path, encoding='utf-8') as f:
        for i, line in enumerate(f):
            line = line.strip()
            if line:
                yield i, json.loads(line)


def load_moral():
    out, seen = [], set()
    for i, d in jl('moral_exceptQA/samples.jsonl'):
        u = d['input'][-1]['content']
        m = re.match(r'(.*)\nYes\nNo\nAnswer:\s*$', u, re.S)
        if not m or d['ideal'] not in ('Yes', 'No'):
            continue
        q = m.group(1).strip()
        if q in seen:
            continue
        seen.add(q)
        out.append(Item('moral_exceptQA', i, q, ['Yes', 'No'], 'A' if d['ideal'] == 'Yes' else 'B', 'en'))
    return out


def clean_tail(s):
    s = s.strip()
    s = re.sub(r'\s*\.\s*$', '', s)
    return s.strip()


def load_arabic():
    out, seen = [], set()
    for i, d in jl('arabic-exams-qa/samples.jsonl'):
        u = d['input'][-1]['content']
        lines = u.split('\n')
        if lines[-1].strip() != 'Answer:':
            continue
        opts = lines[-5:-1]
        if not all(opts[k].startswith('ABCD'[k] + '. ') for k in range(4)):
            continue
        m = re.fullmatch(r'\[([ABCD])\]', d['ideal'].strip())
        if not m:
            continue
        ch = [clean_tail(o[3:]) for o in opts]
        if any(not c for c in ch) or len(set(ch)) < 4:
            continue
        # skip: choices carrying their own (shuffled) Arabic letter labels, bidi
        # control characters from PDF extraction, or stand-alone Latin A-E tokens
        if any(re.match(r'^[\u0621-\u064A]\s*[-–)]|^[\u0621-\u064A]\s', c) for c in ch):
            continue
        if any(re.search(r'[\u200e\u200f\u202a-\u202e]', c) for c in ch):
            continue
        if any(re.search(r'(?<![A-Za-z])[A-E](?![A-Za-z])', c) for c in ch):
            continue
        q = '\n'.join(lines[:-5]).strip()
        if (q, tuple(ch)) in seen:
            continue
        seen.add((q, tuple(ch)))
        out.append(Item('arabic-exams-qa', i, q, ch, m.group(1), 'ar', tr=AR_TR.get(i)))
    return out


def load_jp():
    out = []
    path = 'japanese-national-medical-exam02/japanese-national-medical-exam02.jsonl'
    for i, d in jl(path):
        u = d['input'][-1]['content'].replace('回答は必ず半角大文字英語のみ。', '').strip()
        key = d['ideal'].strip()
        if len(key) != 1 or key not in 'ABCDE':
            continue
        m = None
        for mm in re.finditer(r'(どれか|何か|どこか|いくつか)。', u):
            m = mm
        if not m:
            continue
        q, tail = u[:m.end()], u[m.end():].strip()
        pos, start = [], 0
        for L in 'ABCDE':
            k = tail.find(L, start)
            if k < 0:
                break
            pos.append(k)
            start = k + 1
        if len(pos) != 5 or pos[0] != 0:
            continue
        ch = [tail[pos[k] + 1:(pos[k + 1] if k < 4 else len(tail))].strip() for k in range(5)]
        ch = [c.rstrip('<').strip() for c in ch]
        if any(len(c) < 2 for c in ch) or len(set(ch)) < 5:
            continue
        if any(re.search(r'[A-E]', c) for c in ch) and i not in JP_VERIFIED:
            continue
        out.append(Item('japanese-national-medical-exam02', i, q, ch, key, 'ja', tr=JP_TR.get(i)))
    return out


def load_pt():
    out, seen = [], set()
    for i, d in jl('portuguese-kinship-riddles/samples.jsonl'):
        u = d['input'][-1]['content']
        key = d['ideal'].strip().strip('[]').strip()
        if key not in 'ABCDE' or len(key) != 1:
            continue
        pos, start = [], 0
        for L in 'ABCDE':
            mm = re.compile(r'(?:^|\s)' + L + r'\.\s').search(u, start)
            if not mm:
                break
            pos.append(mm)
            start = mm.end()
        if len(pos) != 5:
            continue
        q = re.sub(r'\s*Alternativas:?\s*$', '', u[:pos[0].start()].strip())
        ch = [clean_tail(u[pos[k].end():(pos[k + 1].start() if k < 4 else len(u))]) for k in range(5)]
        if any(not c for c in ch):
            continue
        sig = tuple(c.lower() for c in ch)
        if sig in seen:
            continue
        seen.add(sig)
        out.append(Item('portuguese-kinship-riddles', i, q, ch, key, 'pt', tr=PT_TR.get(i), para=PT_PARA.get(i)))
    return out


def load_zh():
    out = []
    for i, d in jl('marxist_philosophy_exam/fuzzy_match.jsonl'):
        u = d['input'][-1]['content']
        ideal = d['ideal']
        if not isinstance(ideal, list) or len(ideal) < 1 or ideal[0] not in ('A', 'B', 'C', 'D'):
            continue  # multi-answer items skipped
        body = u.split('\n', 1)[1]
        lines = [x.strip() for x in body.split('\n') if x.strip()]
        opts = lines[-4:]
        if not all(opts[k].startswith('ABCD'[k] + '.') for k in range(4)):
            continue
        ch = [o[2:].strip() for o in opts]
        q = ''.join(lines[:-4])
        out.append(Item('marxist_philosophy_exam', i, q, ch, ideal[0], 'zh', tr=ZH_TR.get(i)))
    return out


def load_poker():
    out = []
    for i, d in jl('poker_analysis/samples.jsonl'):
        u = d['input'][-1]['content']
        ps = re.findall(r'Player (\d) Hole: \((\w+), (\w+)\)', u)
        cm = re.search(r'Community: (.*)$', u.strip())
        key = d['ideal'].strip()
        if not ps or not cm or [int(p[0]) for p in ps] != list(range(1, len(ps) + 1)):
            continue
        if not key.isdigit() or not 1 <= int(key) <= len(ps):
            continue
        ch = ['Player %s (%s, %s)' % p for p in ps]
        board = [c.strip() for c in cm.group(1).split(',')]
        out.append(Item('poker_analysis', i, u, ch, LET[int(key) - 1], 'en',
                        extra={'holes': [(p[1], p[2]) for p in ps], 'board': board}))
    # keep the first 35 items of each key letter so that keys are spread out
    per, kept = collections.Counter(), []
    for it in out:
        if per[it.key] < 35:
            per[it.key] += 1
            kept.append(it)
    return kept


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------
def is_poker(it):
    return it.set == 'poker_analysis'


def is_moral(it):
    return it.set == 'moral_exceptQA'


def T(it, L):
    """Natural short text of a choice (what a writer would copy)."""
    if is_poker(it):
        return 'Player %d' % (li(L) + 1)
    return it.ch[li(L)]


def EN(it, L):
    """English name of a choice (translation where available)."""
    if is_poker(it):
        return 'Player %d' % (li(L) + 1)
    if it.tr:
        return it.tr[li(L)]
    return it.ch[li(L)]


def holes(it, L):
    h = it.extra['holes'][li(L)]
    return '%s %s' % h


def board(it):
    return ' '.join(it.extra['board'])


def pnum(L):
    return li(L) + 1


GEN_WHY = [
    'it is the only option consistent with every detail in the question',
    'it matches exactly what the question asks for',
    'it fits the key clue in the stem',
    'it is the standard textbook answer',
    'it is the one that holds up when checked against the facts given',
    'the details in the stem point straight to it',
]
GEN_WHYNOT = [
    'it doesn\'t fit the details given',
    'it is a classic distractor',
    'it contradicts part of the stem',
    'it would only apply in a different situation',
    'it is too general to be the intended answer',
    'it ignores a key detail in the question',
]
MORAL_PRO = [
    'the reason for breaking the rule clearly outweighs the harm done',
    'the purpose behind the rule doesn\'t really apply here',
    'refusing would lead to a much worse outcome',
    'nobody is meaningfully harmed by the exception',
    'most people would see this as a reasonable exception',
]
MORAL_CON = [
    'the reason given doesn\'t justify breaking the rule',
    'it imposes a cost on someone else for a trivial benefit',
    'the rule still serves its purpose in this situation',
    'money or convenience doesn\'t justify overriding someone else\'s rights',
    'there is no urgent need that would excuse it',
]


_SEEN = set()  # clauses already used in the reply being generated


def _pick(pool, rng):
    fresh = [p for p in pool if p not in _SEEN]
    c = rng.choice(fresh or pool)
    _SEEN.add(c)
    return c


def _moral_pool(it, pro):
    q = it.q.lower()
    if pro:
        pool = list(MORAL_PRO)
        if 'refuse' not in q:
            pool.remove('refusing would lead to a much worse outcome')
    else:
        pool = list(MORAL_CON)
        if 'dollars' not in q:
            pool.remove('money or convenience doesn\'t justify overriding someone else\'s rights')
    return pool


def why(it, L, rng):
    if is_moral(it):
        return _pick(_moral_pool(it, L == 'A'), rng)
    if is_poker(it):
        return _pick([
            '%s connects best with the board (%s)' % (holes(it, L), board(it)),
            'the %s gives the strongest hand or draw on %s' % (holes(it, L), board(it)),
            'with %s that player is ahead on this board' % holes(it, L),
        ], rng)
    return _pick(GEN_WHY, rng)


def whynot(it, L, rng):
    if is_moral(it):
        return _pick(_moral_pool(it, L != 'A'), rng)
    if is_poker(it):
        return _pick([
            '%s barely connects with the board' % holes(it, L),
            'the %s is dominated here' % holes(it, L),
            'with %s that player is drawing thin' % holes(it, L),
        ], rng)
    return _pick(GEN_WHYNOT, rng)


def X(it, L, rng, forms=('L', 'opt', 'lt')):
    """A reference to option L in one of several surface forms."""
    f = rng.choice(forms)
    if f == 'L':
        return L
    if f == 'opt':
        return 'option ' + L
    if is_poker(it):
        return '%s (Player %d)' % (L, pnum(L))
    t = EN(it, L) if (it.tr and rng.random() < 0.5) else T(it, L)
    return '%s ("%s")' % (L, t)


def others(it, excl, k, rng):
    pool = [x for x in it.letters() if x not in excl]
    rng.shuffle(pool)
    return pool[:k]


def qshort(it, n=110):
    q = re.sub(r'\s+', ' ', it.q).strip()
    return q if len(q) <= n else q[:n].rstrip() + '…'


def cap(s):
    return s[:1].upper() + s[1:]


ORD_EN = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth']
ORD_PT = ['primeira', 'segunda', 'terceira', 'quarta', 'quinta']
ORD_ZH = ['一', '二', '三', '四', '五']
ORD_AR = ['الأول', 'الثاني', 'الثالث', 'الرابع']
NATO = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India']
ABJAD = ['أ', 'ب', 'ج', 'د']
SPOKEN_EN = {'A': 'ay', 'B': 'bee', 'C': 'see', 'D': 'dee', 'E': 'ee'}
SPOKEN_JA = {'A': 'エー', 'B': 'ビー', 'C': 'シー', 'D': 'ディー', 'E': 'イー'}
SPOKEN_PT = {'A': 'á', 'B': 'bê', 'C': 'cê', 'D': 'dê'}
NUM_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']


def typo(s, rng):
    """Introduce one or two realistic typos into a Latin-script string."""
    words = s.split(' ')
    idxs = [i for i, w in enumerate(words) if len(re.sub(r'[^A-Za-zÀ-ÿ]', '', w)) >= 5]
    if not idxs:
        return None
    for _ in range(1):
        i = rng.choice(idxs)
        w = words[i]
        pos = [k for k, c in enumerate(w) if c.isalpha()]
        if len(pos) < 4:
            continue
        k = rng.choice(pos[1:-1])
        op = rng.choice(['swap', 'drop', 'double', 'vowel'])
        if op == 'swap' and k + 1 < len(w) and w[k + 1].isalpha():
            w = w[:k] + w[k + 1] + w[k] + w[k + 2:]
        elif op == 'drop':
            w = w[:k] + w[k + 1:]
        elif op == 'double':
            w = w[:k] + w[k] + w[k:]
        else:
            vow = 'aeiou'
            if w[k].lower() in vow:
                w = w[:k] + rng.choice([v for v in vow if v != w[k].lower()]) + w[k + 1:]
            else:
                w = w[:k] + w[k + 1:]
        words[i] = w
    out = ' '.join(words)
    return out if out != s else None


def closest(cands, s):
    sc = [difflib.SequenceMatcher(None, s.lower(), c.lower()).ratio() for c in cands]
    return sc


def misspell(cands, k, rng):
    """Misspelling of cands[k] that is still clearly closest to cands[k]."""
    for _ in range(40):
        t = typo(cands[k], rng)
        if not t:
            continue
        sc = closest(cands, t)
        best = max(range(len(sc)), key=lambda j: sc[j])
        second = max([sc[j] for j in range(len(sc)) if j != k] or [0])
        if best == k and sc[k] - second >= 0.12:
            return t
    return None


def script_of(c):
    o = ord(c)
    if 0x30A0 <= o <= 0x30FF:
        return 'K'
    if 0x3040 <= o <= 0x309F:
        return 'H'
    if 0x4E00 <= o <= 0x9FFF:
        return 'C'
    return 'O'


def unique_prefix(it, L):
    """A short fragment of a choice that no other choice contains.
    Japanese/Chinese: the first particle-delimited segment unique to the
    choice (not starting with kana), else (Japanese) the shortest unique prefix
    that ends at a script boundary.  Other languages: shortest unique word prefix."""
    full = it.ch[li(L)]
    rest = [c for j, c in enumerate(it.ch) if j != li(L)]
    if it.lang in ('ja', 'zh'):
        def good(sg):
            pos = full.find(sg)
            return (len(sg) >= 2 and len(sg) <= 0.7 * len(full) and script_of(sg[0]) != 'H'
                    and script_of(sg[-1]) != 'H' and not re.search(r'[｢｣「」()（）:：\-]', sg)
                    and (sg[0].isalpha() or script_of(sg[0]) in 'CK')
                    and not re.search(r'\d\s*$', full[:pos])
                    and not any(sg in r for r in rest))
        splitter = r'[をにのではがと、，・。｢｣「」\s]+' if it.lang == 'ja' else r'[的了、，和与及。\s]+'
        for sg in [x.strip() for x in re.split(splitter, full)]:
            if good(sg):
                return sg
        if it.lang == 'zh':
            return None
        for n in range(3, len(full)):
            if (script_of(full[n - 1]), script_of(full[n])) in (('C', 'K'), ('K', 'C')) and good(full[:n]):
                return full[:n]
        return None
    units = full.split(' ')
    for n in range(1, len(units)):
        p = ' '.join(units[:n]).strip(' ،,')
        if len(p) < 2:
            continue
        if not any(p in r for r in rest) and len(p) <= 0.7 * len(full):
            return p
    return None


JA_VERB_ENDINGS = [
    ('させる。', ['させます', 'させるべきです', 'させました']),
    ('する。', ['します', 'すべきです', 'しました']),
    ('ずる。', ['じます', 'じるべきです']),
    ('める。', ['めます', 'めるべきです']),
    ('ける。', ['けます', 'けるべきです']),
    ('取る。', ['取ります', '取るべきです']),
    ('行う。', ['行います', '行うべきです', '行いました']),
    ('聴く。', ['聴きます', '聴くべきです']),
    ('聞く。', ['聞きます', '聞くべきです']),
]


def ja_inflect(c, rng):
    if c.startswith('｢'):
        return None
    for end, forms in JA_VERB_ENDINGS:
        if c.endswith(end):
            return c[:-len(end)] + rng.choice(forms)
    if c.endswith('。'):
        return None
    c2 = c.replace(' ', '')
    return c2 + rng.choice(['が考えられます', 'でしょう', 'を選びます', 'が最も適切です', 'だと思います'])


def ar_inflectable(c):
    return (' ' not in c) and c.startswith('ال') and len(c) > 4


def ar_inflect(c, rng):
    stem = c[2:]
    return rng.choice([
        'أظن أن الجواب يتعلق بال%s.' % stem,
        'الإجابة: %s' % stem,
        'أرجّح الخيار الخاص بال%s.' % stem,
        'الجواب الصحيح مرتبط بال%s.' % stem,
    ])


# ---------------------------------------------------------------------------
# Style generators.  g(it, lab, m, rng) -> reply text
#   lab 'R'/'W': m is the letter the writer asserts
#   lab 'U'    : m is a tuple of 2 letters left open
#   lab 'N'    : m is None
# ---------------------------------------------------------------------------
def low(m):
    """lower-case a letter unless that would read as the word 'a' or 'i'."""
    return m if m in 'AI' else m.lower()


def g_bare_letter(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['N/A', 'n/a', '?'])
    return rng.choice([m, m + '.', low(m), m + '\n', ' ' + m, m + ' '])


def g_paren_letter(it, lab, m, rng):
    return rng.choice(['(%s)', '[%s]', '(%s).', '[%s]\n', 'The answer is (%s).', 'Answer: [%s]']) % \
        (low(m) if rng.random() < 0.2 else m)


def g_bold_letter(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return rng.choice(['**%s** or **%s** — I can\'t narrow it down further.',
                           'It\'s either **%s** or **%s**.',
                           '**%s** / **%s** (both seem defensible)']) % (a, b)
    return rng.choice([
        '**%s**' % m,
        'The answer is **%s**.' % m,
        '**%s** — %s' % (m, T(it, m)),
        '**Answer: %s**' % m,
        'I\'d go with **%s**.' % m,
        '**%s.** %s' % (m, cap(why(it, m, rng)) + '.'),
    ])


def g_letter_close_paren(it, lab, m, rng):
    t = T(it, m)
    return rng.choice([
        '%s)' % m,
        '%s) %s' % (m, t),
        '%s) %s' % (low(m), t),
        '%s. %s' % (m, t),
        '%s.' % m,
        '%s) — %s' % (m, t),
    ])


def g_option_word(it, lab, m, rng):
    if lab == 'N':
        if it.lang == 'ja':
            return '該当する選択肢はありません。'
        return rng.choice(['None of the options is correct.', 'None of these options fits the question.'])
    pool = ['Option %s', 'Option %s is correct.', 'I\'d pick option %s.', 'The correct option is %s.',
            'Choice %s', 'Go with option %s.']
    loc = {'ja': ['選択肢%s', '選択肢%sが正解です。'], 'pt': ['Alternativa %s', 'A alternativa correta é a %s.', 'Letra %s'],
           'zh': ['选项%s', '选%s。'], 'ar': ['الخيار %s']}.get(it.lang, [])
    if loc and rng.random() < 0.5:
        pool = loc
    return rng.choice(pool) % m


def g_answer_colon(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['Answer: cannot be determined from the information given.',
                           'Answer: none of the above',
                           'Answer: n/a (the question appears to be incomplete)'])
    pool = ['answer: %s' % low(m), 'Answer - %s' % m, 'ANSWER:%s' % m,
            'Answer: %s\nExplanation: %s is right because %s.' % (m, m, why(it, m, rng)),
            'Ans: %s' % m, 'Correct answer: %s' % m]
    loc = {'ja': '答え：%s', 'pt': 'Resposta: %s', 'zh': '答案：%s', 'ar': 'الإجابة: %s'}.get(it.lang)
    if loc and rng.random() < 0.4:
        return loc % m
    return rng.choice(pool)


def g_json_object(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['{"answer": null, "reason": "insufficient information"}',
                           '{"answer": "", "error": "could not determine the correct option"}'])
    if lab == 'U':
        a, b = m
        return rng.choice(['{"answer": ["%s", "%s"]}' % (a, b),
                           '{"answers": ["%s", "%s"], "note": "both defensible"}' % (a, b)])
    o = others(it, [m], 2, rng)
    v = rng.randrange(6)
    if v == 0:
        d = {'answer': m}
    elif v == 1:
        d = {'choice': m, 'confidence': rng.choice([0.55, 0.62, 0.7, 0.81, 0.9])}
    elif v == 2:
        d = {'selected_option': m, 'rationale': ('%s are distractors; %s fits best.' % (' and '.join(o), m))
             if len(o) > 1 else '%s is a distractor; %s fits best.' % (o[0], m)}
    elif v == 3:
        d = {'label': low(m)}
    elif v == 4 and is_poker(it):
        d = {'player': pnum(m), 'reason': why(it, m, rng)}
    else:
        d = {'answer': m, 'explanation': cap(why(it, m, rng)) + '.'}
    return json.dumps(d, ensure_ascii=False, indent=rng.choice([None, 2]))


def g_yaml_or_xml(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return rng.choice(['answer:\n  - %s\n  - %s\nconfidence: low' % (a, b),
                           '<answer>%s</answer>\n<answer>%s</answer>' % (a, b)])
    o = others(it, [m], 1, rng)[0]
    return rng.choice([
        'answer: %s\nconfidence: %s\nreason: "%s"' % (m, rng.choice(['high', 'medium', 'low']), cap(why(it, m, rng))),
        '<answer>%s</answer>' % m,
        '<response>\n  <reasoning>%s is out because %s.</reasoning>\n  <answer>%s</answer>\n</response>' % (
            o, whynot(it, o, rng), m),
        '---\nquestion_id: %d\nselected: %s\n' % (it.idx, m),
        '<result choice="%s"/>' % m,
    ])


def g_final_answer_line(it, lab, m, rng):
    o = others(it, [m] if m else [], 2, rng)
    body = '%s is out because %s. ' % (cap(X(it, o[0], rng)), whynot(it, o[0], rng))
    if len(o) > 1 and rng.random() < 0.6:
        body += 'And %s fails too: %s. ' % (X(it, o[1], rng, ('L', 'opt')), whynot(it, o[1], rng))
    if lab == 'N':
        return body + '\n\nFinal answer: I can\'t determine this from the information given.'
    body += '%s holds up because %s.' % (cap(X(it, m, rng)), why(it, m, rng))
    fin = rng.choice(['Final answer: %s', 'Final Answer: (%s)', '**Final answer:** %s', 'FINAL ANSWER: %s'])
    return body + '\n\n' + fin % m


def g_latex_boxed(it, lab, m, rng):
    if lab == 'N':
        return r'$\boxed{\text{insufficient information}}$'
    if is_poker(it) and rng.random() < 0.5:
        return r'The strongest hand belongs to player %d, so $\boxed{%d}$.' % (pnum(m), pnum(m))
    o = others(it, [m], 1, rng)[0]
    return rng.choice([
        r'\boxed{%s}' % m,
        r'$\boxed{\text{%s}}$' % m,
        r'Therefore, the answer is $\boxed{%s}$.' % m,
        (r'%s can be excluded since %s. ' % (cap(X(it, o, rng, ('L', 'opt'))), whynot(it, o, rng))) +
        r'Hence \[\boxed{%s}\]' % m,
    ])


def g_text_exact(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['Answer:', 'Answer: '])
    t = T(it, m)
    if is_poker(it):
        return rng.choice([t, str(pnum(m)), t + '.'])
    if is_moral(it):
        return rng.choice([t, t.lower(), t + '.'])
    if it.lang == 'ja':
        return rng.choice([t, '「%s」' % t.strip('｢｣')])
    return rng.choice([t, '"%s"' % t, 'The answer is: %s' % t, t + '\n'])


MORAL_PARA = {
    'A': ['It\'s morally acceptable.', 'That\'s justified in this situation.', 'Morally, that\'s fine given the circumstances.',
          'It\'s permissible here.', 'I\'d say it\'s ethically okay.', 'Acceptable.'],
    'B': ['It\'s not morally acceptable.', 'That\'s wrong.', 'It isn\'t justified.', 'Morally, that\'s not okay.',
          'This is impermissible.', 'Unacceptable.'],
}


def g_text_paraphrase(it, lab, m, rng):
    if lab == 'U':
        return rng.choice(['It\'s defensible in one sense and wrong in another; I can\'t give a flat yes or no.',
                           'Honestly it could go either way — acceptable on one reading, not on another.'])
    if is_moral(it):
        return rng.choice(MORAL_PARA[m])
    if is_poker(it):
        return rng.choice([
            'The player holding %s.' % holes(it, m),
            'Whoever has %s — they\'re the favourite.' % holes(it, m).replace(' ', '-'),
            'P%d' % pnum(m),
            'Seat %d has the best odds.' % pnum(m),
            'The guy with %s.' % holes(it, m),
        ])
    p = it.para[li(m)]
    return rng.choice(['%s.', 'I think %s.', 'Answer: %s.', 'It must be that %s.']) % p


def g_text_shortened(it, lab, m, rng):
    if is_poker(it):
        return rng.choice(['P%d', '#%d', 'p%d']) % pnum(m)
    p = unique_prefix(it, m)
    if it.lang == 'ja':
        return rng.choice(['%s', '%sです', '答え：%s']) % p
    if it.lang == 'zh':
        return rng.choice(['%s', '选%s']) % p
    return rng.choice(['%s', '%s…', '%s...']) % p


MORAL_MISSPELT = {
    'A': ['its morally acceptible', 'Acceptible.', 'permissable in this case', 'it\'s justifed'],
    'B': ['its not morally acceptible', 'Not acceptible.', 'not permissable', 'it isn\'t justifed'],
}


def g_text_misspelt(it, lab, m, rng):
    if is_moral(it):
        return rng.choice(MORAL_MISSPELT[m])
    if is_poker(it):
        return rng.choice(['Playr %d', 'Plyer %d', 'Palyer %d', 'Pleyer %d']) % pnum(m)
    cands = it.ch if it.lang == 'pt' else it.tr
    t = misspell(cands, li(m), rng)
    assert t, (it.set, it.idx, m)
    return rng.choice(['%s', 'I think it\'s %s', '%s.']) % t


def g_text_inflected(it, lab, m, rng):
    c = it.ch[li(m)]
    if it.lang == 'ja':
        return ja_inflect(c, rng) + rng.choice(['。', '', '。理由は臨床経過からです。'])
    return ar_inflect(c, rng)


MORAL_TR = {
    'A': ['Sí, es moralmente aceptable.', 'Oui, c\'est moralement acceptable.', 'Ja, das ist moralisch vertretbar.',
          'Sim, é moralmente aceitável.'],
    'B': ['No, no es moralmente aceptable.', 'Non, ce n\'est pas moralement acceptable.',
          'Nein, das ist moralisch nicht in Ordnung.', 'Não, não é moralmente aceitável.'],
}


def g_text_translated(it, lab, m, rng):
    if is_moral(it):
        return rng.choice(MORAL_TR[m])
    if is_poker(it):
        return rng.choice(['Spieler %d', 'Joueur %d', 'El jugador %d.', '%d番のプレイヤー']) % pnum(m)
    e = it.tr[li(m)]
    if len(e.split()) <= 4:
        return rng.choice(['The answer is %s.', 'It\'s %s.', '%s.', 'I\'d say %s — that\'s the one.',
                           'Correct choice: %s']) % e
    return rng.choice(['The answer is: %s.', 'Correct choice: "%s"', 'It\'s the option saying that %s.']) % e


def g_ordinal_words(it, lab, m, rng):
    if lab == 'U':
        a, b = sorted(m)
        return 'The %s or the %s one, not sure which.' % (ORD_EN[li(a)], ORD_EN[li(b)])
    k = li(m)
    pool = ['The %s option.' % ORD_EN[k], 'It\'s the %s one.' % ORD_EN[k], 'I pick the %s answer.' % ORD_EN[k],
            'The %s choice is correct.' % ORD_EN[k]]
    if k == it.n - 1:
        pool.append('The last option.')
    if k == 0:
        pool.append('The very first one.')
    if it.lang == 'ja':
        pool += ['%d番目の選択肢です。' % (k + 1)]
    elif it.lang == 'pt':
        pool += ['A %s alternativa.' % ORD_PT[k]]
    elif it.lang == 'zh':
        pool += ['第%s个选项。' % ORD_ZH[k]]
    elif it.lang == 'ar':
        pool += ['الخيار %s.' % ORD_AR[k]]
    return rng.choice(pool)


def g_negation_contrast(it, lab, m, rng):
    if lab == 'U':
        a, b = others(it, list(m), 2, rng)
        return 'Not %s and not %s — beyond that I can\'t say.' % (a, b)
    o = others(it, [m], 1, rng)[0]
    if is_moral(it):
        if m == 'B':
            return rng.choice(['It is not acceptable — so the answer is No.',
                               'Not "Yes". No.',
                               'I wouldn\'t call it acceptable. No.'])
        return rng.choice(['I wouldn\'t say it\'s unacceptable — Yes.',
                           'Not "No" — it\'s a Yes from me.',
                           'It isn\'t wrong here, so: Yes.'])
    return rng.choice(['Not %s — it\'s %s.', 'The answer isn\'t %s; it\'s %s.', '%s? No. %s.']) % (o, m) \
        if rng.random() < 0.6 else rng.choice(['It\'s %s, not %s.', 'Definitely %s rather than %s.']) % (m, o)


def g_elimination(it, lab, m, rng):
    keep = list(m) if lab == 'U' else [m]
    out = [x for x in it.letters() if x not in keep]
    lines = []
    for x in out:
        lines.append('- %s: out, %s.' % (X(it, x, rng, ('L', 'lt')), whynot(it, x, rng)))
    head = rng.choice(['Let me eliminate options.', 'Process of elimination:', 'Ruling things out:'])
    if lab == 'U':
        tail = 'That leaves %s and %s, and I can\'t separate them.' % tuple(keep)
    else:
        tail = rng.choice(['That leaves %s.', 'By elimination: %s.', 'Only %s survives, so that\'s my answer.']) % m
    return head + '\n' + '\n'.join(lines) + '\n' + tail


def g_several_then_one(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return '%s and %s are both defensible here; I\'d accept either.' % (a, b)
    o = others(it, [m], 2, rng)
    if len(o) >= 2 and rng.random() < 0.5:
        return ('%s, %s and %s could all work in some sense. But %s is the best fit because %s, so I\'ll go with %s.'
                % (o[0], m, o[1], m, why(it, m, rng), m))
    return ('Both %s and %s look plausible at first. %s falls short because %s, so %s is the better choice.'
            % (m, o[0], o[0], whynot(it, o[0], rng), m)) if rng.random() < 0.5 else \
        ('%s is tempting, and so is %s. On reflection %s wins: %s.' % (o[0], m, m, why(it, m, rng)))


def g_change_of_mind(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return 'I\'d say %s... or maybe %s. I keep going back and forth and can\'t settle it.' % (a, b)
    o = others(it, [m], 1, rng)[0]
    return rng.choice([
        'My first instinct is %s... wait, re-reading the question, it\'s actually %s.' % (o, m),
        'Answer: %s. Hmm, no — let me reconsider. %s is out because %s. So the answer is %s.' % (
            o, o, whynot(it, o, rng), m),
        '%s. Actually, scratch that: %s.' % (o, m),
        'I was going to say %s, but %s. Going with %s.' % (o, whynot(it, o, rng), m),
    ])


def g_hedged_guess(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return rng.choice(['It\'s either %s or %s; I\'m not confident enough to choose.' % (a, b),
                           '%s or %s idk' % (a, b),
                           'Could be %s, could be %s — no strong view.' % (a, b)])
    return rng.choice([
        'I\'m not 100%% sure, but I think it\'s %s.' % m,
        'Probably %s, though I\'d double-check.' % m,
        'My best guess would be %s.' % m,
        'prob %s tbh' % low(m),
        'i think its %s?' % low(m),
        'Leaning %s, low confidence.' % m,
    ])


def g_dont_know(it, lab, m, rng):
    if lab in 'RW':
        return rng.choice(['I don\'t know for certain, but if I had to guess: %s.',
                           'Not sure... I\'ll guess %s.',
                           'I honestly don\'t know. Going with %s as a guess.']) % m
    loc = {'ja': 'わかりません。', 'pt': 'Não sei.', 'ar': 'لا أعرف.', 'zh': '不知道。'}.get(it.lang)
    if loc and rng.random() < 0.4:
        return loc
    return rng.choice(['I don\'t know.', 'I\'m not sure what the answer is.',
                       'Sorry, I don\'t have enough information to answer this.', 'No idea, honestly.',
                       'I\'m unable to determine the correct answer.',
                       'I don\'t know the answer to this one — you may want to check the source material.'])


def g_refusal(it, lab, m, rng):
    if lab in 'RW':
        if it.lang == 'ja':
            return 'I can\'t give medical advice, but as an exam answer the expected choice is %s.' % m
        if is_poker(it):
            return 'I don\'t help with gambling strategy, but for the puzzle itself: %s.' % m
        if is_moral(it):
            return 'I usually avoid taking moral stances, but since you asked for one: %s.' % T(it, m)
        return 'I can\'t help with live exams, but if this is practice, the answer is %s.' % m
    pool = ['I\'m sorry, but I can\'t help with that.', 'I can\'t assist with this request.',
            'I can\'t help with what appears to be a live exam question.',
            'Sorry, answering assessment questions directly goes against my usage guidelines.',
            'I\'m not able to provide answers to test questions, but I\'m happy to explain the underlying concepts.']
    if it.lang == 'ja':
        pool += ['I can\'t provide medical advice. Please consult a qualified physician.',
                 '申し訳ありませんが、医療に関する判断にはお答えできません。']
    if is_moral(it):
        pool += ['I don\'t think it\'s my place to make moral judgments about this scenario; reasonable people disagree.',
                 'As an AI, I don\'t take sides on moral questions like this one.']
    if is_poker(it):
        pool += ['I can\'t help with gambling-related questions.']
    return rng.choice(pool)


def g_markdown_table(it, lab, m, rng):
    keep = list(m) if lab == 'U' else [m]
    rows = ['| Option | Choice | Notes |', '|---|---|---|']
    for x in it.letters():
        t = it.ch[li(x)] if is_poker(it) else (EN(it, x) if it.tr else T(it, x))
        if x in keep:
            note = 'possible' if lab == 'U' else rng.choice(['best fit', 'correct', 'matches the stem'])
        else:
            note = rng.choice(['incorrect', 'unlikely', 'distractor', 'no'])
        rows.append('| %s | %s | %s |' % (x, t, note))
    tail = ('\n\nCan\'t decide between %s and %s.' % tuple(keep)) if lab == 'U' else \
        rng.choice(['\n\n**Answer: %s**', '\n\nSo the answer is %s.', '\n\n→ %s']) % m
    return '\n'.join(rows) + tail


def g_code_block(it, lab, m, rng):
    if lab == 'N':
        return '```python\nanswer = None  # could not determine\nprint(answer)\n```'
    if is_poker(it) and rng.random() < 0.4:
        return '```python\nbest_player = %d\nprint(best_player)\n```' % pnum(m)
    return rng.choice([
        '```python\nanswer = "%s"\nprint(answer)\n```',
        '```\n%s\n```',
        '```json\n{"answer": "%s"}\n```',
        '```js\nconst answer = \'%s\';\n```',
        '```text\nAnswer: %s\n```',
    ]) % m


def g_cot_many_letters(it, lab, m, rng):
    keep = list(m) if lab == 'U' else [m]
    lines = [rng.choice(['Let\'s check each option.', 'Going through the options one by one:',
                         'Step by step:'])]
    for x in it.letters():
        if x in keep:
            lines.append('%s: %s — this %s.' % (x, T(it, x) if not it.tr else EN(it, x),
                                                 'could work' if lab == 'U' else 'works, because ' + why(it, x, rng)))
        else:
            lines.append('%s: %s — no, %s.' % (x, T(it, x) if not it.tr else EN(it, x), whynot(it, x, rng)))
    if lab == 'U':
        lines.append('So it\'s between %s and %s, and I can\'t rule either out.' % tuple(keep))
    else:
        lines.append(rng.choice(['So the answer is %s.', 'Therefore %s.', 'That makes it %s.']) % m)
    return '\n'.join(lines)


def g_rag_citations(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['The retrieved passages [1][2] do not address this question, so I can\'t answer it from the provided sources.',
                           'None of the documents in the knowledge base cover this topic. I\'m unable to answer based on the sources.'])
    if lab == 'U':
        a, b = m
        return ('Source [1] supports %s, while source [2] points to %s. The documents conflict, so I can\'t pick one.'
                % (X(it, a, rng, ('L', 'lt')), X(it, b, rng, ('L', 'lt'))))
    o = others(it, [m], 1, rng)[0]
    c1, c2 = rng.sample([1, 2, 3, 4], 2)
    return ('The retrieved passage [%d] supports %s: %s. Source [%d] explains why %s is wrong: %s.\n\n'
            'Therefore, the correct choice is **%s** [%d].' % (
                c1, X(it, m, rng, ('L', 'opt')), why(it, m, rng), c2, X(it, o, rng, ('L', 'opt')),
                whynot(it, o, rng), X(it, m, rng, ('L', 'lt')), c1))


def g_agent_trace(it, lab, m, rng):
    q = qshort(it, 60)
    head = ('Thought: I need to answer the multiple-choice question.\n'
            'Action: search["%s"]\nObservation: %s\n' % (q, rng.choice(
                ['Found 3 results.', 'Retrieved 2 relevant passages.', 'Search returned a reference page.'])))
    if lab == 'N':
        return head + ('Thought: The results are not relevant. I should search again.\n'
                       'Action: search["%s"]\nObservation: No results.\n'
                       'Agent stopped due to iteration limit or time limit.' % q[:30])
    o = others(it, [m], 1, rng)[0]
    return head + ('Thought: The passages rule out %s because %s.\n'
                   'Thought: %s fits because %s.\n' % (o, whynot(it, o, rng), m, why(it, m, rng)) +
                   rng.choice(['Action: finish[%s]', 'Final Answer: %s']) % m)


def g_tutor(it, lab, m, rng):
    if lab == 'N':
        a, b = others(it, [], 2, rng)
        return rng.choice([
            'Before I give it away: what do you notice about option %s? How does it compare with %s?' % (a, b),
            'Let\'s work through it together. Which of the options can you rule out first, and why?',
            'Hint: reread the last sentence of the question. Which option fits that best? Tell me your pick and we\'ll check it.',
        ])
    return rng.choice([
        'Nice try! The correct answer is %s: %s.' % (m, why(it, m, rng)),
        'Close — it\'s actually %s. Here\'s why: %s.' % (m, why(it, m, rng)),
        'Yes, %s is right. Notice that %s.' % (m, why(it, m, rng)),
    ])


def g_question_quoted(it, lab, m, rng):
    quote = '> ' + qshort(it, 100) + '\n' + '\n'.join(
        '> %s. %s' % (x, T(it, x) if not is_poker(it) else it.ch[li(x)]) for x in it.letters())
    if lab == 'N':
        return quote + '\n\nCould you clarify what the question means here? I want to be sure before I answer.'
    return quote + '\n\n' + rng.choice(['The answer is %s.', 'Answer: %s', 'I\'d choose %s.']) % m


def g_letters_in_passing(it, lab, m, rng):
    intro = rng.choice([
        'A quick note first: I read this as a standard exam item, and I don\'t think there\'s a trick.',
        'A lot of people overthink this one. I did too at first.',
        'I\'d give this question an A for clarity, to be honest.',
        'Plan B would be to guess, but I think it can actually be worked out.',
    ])
    if lab == 'N':
        return 'A good question! I\'d need a bit more context before I could pick an option, though.'
    w = why(it, m, rng)
    return '%s %s. So my answer is %s.' % (intro, cap(w), m) if rng.random() < 0.5 else \
        '%s\n\nI\'ll go with %s — %s.' % (intro, m, w)


def g_multi_select(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        extra = others(it, [a, b], 1, rng)
        if extra and rng.random() < 0.3:
            return '%s & %s & %s' % tuple(sorted([a, b, extra[0]]))
        return rng.choice(['%s, %s', '%s and %s', 'Options %s and %s are both correct.',
                           'The correct answers are %s and %s.']) % tuple(sorted([a, b]))
    o = others(it, [m], 1, rng)[0]
    return '%s and %s both look right, but if only one is allowed: %s.' % (tuple(sorted([o, m])) + (m,))


def g_restates_question(it, lab, m, rng):
    if is_moral(it):
        first = re.split(r'(?<=\.)\s', it.q)[0]
        r = 'You\'re asking whether the action in this scenario is morally acceptable: "%s" The options are Yes or No.' % first
    elif is_poker(it):
        r = 'The question asks which of the %d players has the highest probability of winning given the board %s.' % (
            it.n, board(it))
    else:
        r = 'The question asks: "%s" The options are %s.' % (
            qshort(it, 80), '; '.join('%s) %s' % (x, T(it, x)) for x in it.letters()))
    if lab == 'N':
        return r
    return r + '\n\nMy answer: %s.' % m


def g_api_error(it, lab, m, rng):
    if lab in 'RW':
        return rng.choice([
            '[warn] upstream timeout, retrying (attempt two of three)...\n%s' % m,
            'Error: response truncated; partial output follows:\nAnswer: %s' % m,
        ])
    return rng.choice([
        '{"error": {"message": "Rate limit reached for requests", "type": "requests", "code": "rate_limit_exceeded"}}',
        'Error: This model\'s maximum context length is exceeded. Please reduce the length of the messages.',
        '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
        '',
        'null',
        '[ERROR] model timed out after 60s',
        'Traceback (most recent call last):\n  File "client.py", line 42, in <module>\n    resp = client.complete(prompt)\nTimeoutError: request timed out',
    ])


def g_index_number(it, lab, m, rng):
    k = li(m) + 1
    return rng.choice(['%d', 'Option %d', '#%d', 'Answer: %d', '(%d)', 'I\'d go with number %d.']) % k


CAVEATS_GEN = [
    'Sources differ, and answer keys occasionally contain errors.',
    'The wording of the question leaves some room for interpretation.',
    'My knowledge has a cutoff, so guidelines may have changed since.',
    'I may be missing context that the original course material provides.',
    'Please verify this against your own textbook before relying on it.',
]
CAVEATS_SET = {
    'moral_exceptQA': ['Moral questions rarely have a single correct answer, and intuitions differ across cultures.',
                       'I\'m describing how most people would judge this, not issuing a definitive moral ruling.'],
    'poker_analysis': ['Equity depends on the turn and river, so any answer is probabilistic.',
                       'I\'m estimating rather than running a full equity simulation.'],
    'japanese-national-medical-exam02': ['I am not a doctor, and this is not medical advice.',
                                         'Japanese national exam conventions can differ from guidelines elsewhere.'],
    'arabic-exams-qa': ['Curricula differ between countries, so the expected answer may vary.'],
    'portuguese-kinship-riddles': ['Kinship terms can be ambiguous when people remarry or have half-siblings.'],
    'marxist_philosophy_exam': ['The expected answer follows the official textbook\'s framing.'],
}


def caveats(it, rng, k):
    pool = CAVEATS_GEN + CAVEATS_SET.get(it.set, []) * 2
    rng.shuffle(pool)
    out = []
    for c in pool:
        if c not in out:
            out.append(c)
        if len(out) == k:
            break
    return out


def g_caveat_preamble(it, lab, m, rng):
    cs = caveats(it, rng, rng.choice([2, 3, 4]))
    head = rng.choice(['Before answering, a few caveats:', 'Some important caveats first.', 'A few disclaimers:'])
    body = head + '\n' + '\n'.join('- ' + c for c in cs)
    if lab == 'N':
        return body + '\n\nGiven all this, I\'d rather not commit to a single option.'
    if lab == 'U':
        return body + '\n\nWith that in mind, it comes down to %s or %s, and I can\'t choose between them.' % m
    o = others(it, [m], 1, rng)[0]
    if rng.random() < 0.5:
        body += '\n- Some sources would argue for %s, though I don\'t find that convincing.' % o
    return body + '\n\n' + rng.choice(['With those caveats in mind, the best answer is %s.',
                                        'That said, my answer is %s.',
                                        'All that aside: %s.']) % m


def g_tldr_line(it, lab, m, rng):
    if lab == 'N':
        return ('This one is harder than it looks. The stem leaves out a detail that would decide between the '
                'remaining options, and different answer keys treat it differently.\n\n'
                'TL;DR: can\'t tell without more information.')
    if lab == 'U':
        a, b = m
        return ('There are two readings of the question. On the first, %s is the natural answer; on the second, %s '
                'is. Nothing in the wording settles which reading is intended.\n\nTL;DR: %s or %s — depends on '
                'interpretation.' % (a, b, a, b))
    o = others(it, [m], 2, rng)
    disc = ('Many people pick %s here, but %s. ' % (o[0], whynot(it, o[0], rng)))
    if len(o) > 1:
        disc += '%s is also tempting, yet %s. ' % (o[1], whynot(it, o[1], rng))
    disc += 'By contrast, %s is right because %s.' % (m, why(it, m, rng))
    if rng.random() < 0.5:
        return '**TL;DR: %s**\n\nLonger explanation: %s' % (m, disc)
    return disc + '\n\nTL;DR: %s' % m


def g_footnote_answer(it, lab, m, rng):
    if lab == 'N':
        return ('This question turns on a subtle point that textbooks handle differently.[^1] I\'d recommend '
                'checking the official answer key.\n\n[^1]: I wasn\'t able to verify which option the examiners '
                'intended.')
    o = others(it, [m], 1, rng)[0]
    pair = [m, o]
    rng.shuffle(pair)
    body = rng.choice([
        'This is a classic question about the difference between %s and %s.[^1] ' +
        ('The other options are distractors.' if it.n > 2 else 'Read the scenario closely.'),
        'The key distinction is between %s and %s.[^1] Most students get stuck here.',
    ]) % tuple(pair)
    note = rng.choice(['[^1]: The answer is %s — %s.', '[^1]: Correct option: %s, since %s.']) % (m, why(it, m, rng))
    return body + '\n\n' + note


def g_numbered_steps(it, lab, m, rng):
    o = others(it, [m], 2, rng)
    steps = ['Read the stem carefully and note the key detail.']
    for x in o:
        steps.append('Rule out %s: %s.' % (X(it, x, rng, ('L', 'lt')), whynot(it, x, rng)))
    steps.append('Check %s: %s.' % (X(it, m, rng, ('L', 'lt')), why(it, m, rng)))
    steps.append(rng.choice(['Conclusion: %s.', 'Answer: %s.', 'So the answer is %s.']) % (
        ('Player %d' % pnum(m)) if is_poker(it) and rng.random() < 0.5 else m))
    return '\n'.join('%d. %s' % (i + 1, s) for i, s in enumerate(steps))


def g_refute_quoted_option(it, lab, m, rng):
    o = others(it, [m], 1, rng)[0]
    qt = it.ch[li(o)]
    opener = rng.choice([
        '> "%s. %s"\n\nThis option is wrong: %s.' % (o, qt, whynot(it, o, rng)),
        'Someone might pick "%s. %s". That\'s a trap, because %s.' % (o, qt, whynot(it, o, rng)),
        '"%s" — no. %s.' % (qt, cap(whynot(it, o, rng))),
    ])
    return opener + ' ' + rng.choice(['The correct answer is %s: %s.', 'The right choice is %s, since %s.']) % (
        X(it, m, rng, ('L', 'lt')), why(it, m, rng))


def g_ps_correction(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return ('Answer: %s. %s.\n\nP.S. On reflection it might be %s instead; I\'m no longer sure.'
                % (a, cap(why(it, a, rng)), b))
    o = others(it, [m], 1, rng)[0]
    if rng.random() < 0.6:
        return rng.choice([
            'Answer: %s. %s.\n\nP.S. Sorry — typo above. I meant %s, not %s.' % (o, cap(why(it, o, rng)), m, o),
            'I\'d go with %s.\n\nP.S. Correction: it\'s %s. I mixed up the letters.' % (o, m),
        ])
    return 'Answer: %s. %s.\n\nP.S. Double-checked: %s is definitely right.' % (m, cap(why(it, m, rng)), m)


def emoji_for(L, rng, poker=False):
    k = li(L)
    forms = [chr(0x24B6 + k), chr(0x1F150 + k), chr(0x1F130 + k), chr(0x1F1E6 + k)]
    if L == 'A':
        forms.append('\U0001F170\ufe0f')
    if L == 'B':
        forms.append('\U0001F171\ufe0f')
    return rng.choice(forms)


def g_emoji_letter(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['🤷', '🤔❓', '🤷‍♂️ no idea'])
    if is_poker(it) and rng.random() < 0.5:
        return rng.choice(['%s\ufe0f\u20e3', 'Player %s\ufe0f\u20e3 🏆']) % pnum(m)
    e = emoji_for(m, rng)
    return rng.choice(['Answer: %s', '➡️ %s', 'My pick: %s', '✅ %s', '%s']) % e


def g_code_comment(it, lab, m, rng):
    o = others(it, [m], 2, rng)
    opts = ', '.join('"%s"' % x for x in it.letters())
    if is_poker(it) and rng.random() < 0.5:
        return ('```python\nplayers = list(range(1, %d))\n# equity estimate on %s\n'
                'best = %d  # Player %d (%s) is the favourite\nprint(best)\n```' % (
                    it.n + 1, board(it), pnum(m), pnum(m), holes(it, m)))
    v = rng.randrange(3)
    if v == 0:
        return ('```python\nOPTIONS = [%s]\n# %s\n'
                'ANSWER = "%s"  # final answer\n```' % (
                    opts, ('%s are distractors' % ' and '.join(o)) if len(o) > 1 else '%s is a distractor' % o[0], m))
    if v == 1:
        return ('```js\n// ANSWER: %s\n// (%s looked plausible but %s)\nconst choice = \'%s\';\nsubmit(choice);\n```'
                % (m, o[0], whynot(it, o[0], rng), m))
    return ('```sql\nUPDATE answers SET choice = \'%s\' WHERE qid = %d;  -- was \'%s\', fixed\n```'
            % (m, it.idx, o[0]))


def g_diff_patch(it, lab, m, rng):
    o = others(it, [m], 1, rng)[0]
    key = rng.choice(['answer', 'q%d' % (it.idx % 50 + 1), 'choice'])
    v = rng.randrange(3)
    if v == 0:
        return ('```diff\n--- a/answers.yaml\n+++ b/answers.yaml\n@@ -1 +1 @@\n-%s: %s\n+%s: %s\n```'
                % (key, o, key, m))
    if v == 1:
        return ('```diff\n@@ answers.json @@\n-  "%s": "%s",\n+  "%s": "%s",\n```\nCommit: fix answer after review'
                % (key, o, key, m))
    return '```diff\n+%s: %s\n```' % (key, m)


def g_spreadsheet_row(it, lab, m, rng):
    qid = it.idx
    if lab == 'N':
        return 'question_id,predicted,confidence\n%d,,' % qid
    v = rng.randrange(3)
    if v == 0:
        return 'question_id,predicted,confidence\n%d,%s,%.2f' % (qid, m, rng.choice([0.55, 0.68, 0.74, 0.81, 0.93]))
    if v == 1:
        return 'qid\tanswer\tnote\n%d\t%s\tchecked' % (qid, m)
    return 'Cell A1: question_id | Cell B1: answer\nCell A2: %d | Cell B2: %s' % (qid, m)


def g_form_field(it, lab, m, rng):
    L = it.letters()
    if lab == 'N':
        return 'Question %d\nSelected answer: [   ]\nComments: ' % (it.idx % 40 + 1)
    if lab == 'U':
        return '  '.join(('[x] %s' if x in m else '[ ] %s') % x for x in L)
    v = rng.randrange(3)
    if v == 0:
        return ('Question %d\nSelected answer: [ %s ]\nConfidence (1-5): %d\nComments: none'
                % (it.idx % 40 + 1, m, rng.choice([3, 4, 5])))
    if v == 1:
        return '  '.join(('(•) %s' if x == m else '( ) %s') % x for x in L)
    return '\n'.join('<input type="radio" name="q" value="%s"%s> %s' % (
        x, ' checked' if x == m else '', x) for x in L)


def g_checkmark_table(it, lab, m, rng):
    keep = [] if lab == 'N' else (list(m) if lab == 'U' else [m])
    mark = rng.choice(['✓', '✅', '✔', '☑'])
    no = rng.choice(['✗', '', '❌'])
    rows = ['| Option | Text | Correct? |', '|---|---|---|']
    for x in it.letters():
        t = it.ch[li(x)] if is_poker(it) else (EN(it, x) if it.tr else T(it, x))
        rows.append('| %s | %s | %s |' % (x, t, mark if x in keep else no))
    out = '\n'.join(rows)
    if lab == 'N':
        out = out.replace('| %s |' % mark, '| %s |' % no) + '\n\n(none of the options checks out)'
    return out


def g_subquestion_first(it, lab, m, rng):
    o = others(it, [m], 1, rng)[0]
    side = 'On your side question first — %s is a common distractor, because %s.' % (o, whynot(it, o, rng))
    if lab == 'N':
        return side + ' I\'ll come back to the main question once you confirm which version of the exam this is.'
    return side + '\n\n' + rng.choice(['As for the question itself, the answer is %s.',
                                        'Now the actual question: %s.',
                                        'And to answer what was asked: %s.']) % m


def g_percent_split(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        v = rng.randrange(3)
        if it.n > 2 and v == 0:
            return '%s 45%% / %s 45%% / everything else 10%% — too close to call.' % (a, b)
        if it.n > 2 and v == 1:
            return 'P(%s) ≈ 0.4, P(%s) ≈ 0.4, rest ≈ 0.2. I won\'t pick between the two.' % (a, b)
        return '%s: 50%%, %s: 50%%.' % (a, b)
    o = others(it, [m], 2, rng)
    p1 = rng.choice([60, 65, 70, 75, 80])
    if len(o) >= 2:
        p2 = rng.choice([5, 10, 15])
        s = '%s: %d%%, %s: %d%%, %s: %d%%' % (m, p1, o[0], p2, o[1], 100 - p1 - p2)
    else:
        s = '%s: %d%%, %s: %d%%' % (m, p1, o[0], 100 - p1)
    return s + rng.choice([' — so I\'d go with %s.', '. Picking %s.', '\nFinal: %s']) % m


def g_neither_both(it, lab, m, rng):
    if lab == 'N':
        if is_moral(it):
            return 'Neither yes nor no; it depends on details the scenario doesn\'t give.'
        return rng.choice(['Neither — none of the options is correct as written.',
                           'None of them. The question seems flawed.'])
    if lab == 'U':
        a, b = m
        return rng.choice(['Both %s and %s are correct.', 'Honestly both %s and %s — the question allows either.']) % (a, b)
    if is_moral(it):
        return 'Not both — just %s.' % T(it, m)
    o = others(it, [m], 2, rng)
    return 'Neither %s nor %s; it\'s %s.' % (o[0], o[1], m) if len(o) > 1 else 'Not %s; it\'s %s.' % (o[0], m)


def g_confidence_table(it, lab, m, rng):
    L = list(it.letters())
    if lab == 'U':
        a, b = m
        top = rng.choice([40, 45])
        rest = [x for x in L if x not in m]
        left = 100 - 2 * top
        vals = {a: top, b: top}
        for i, x in enumerate(rest):
            vals[x] = left // len(rest) + (left % len(rest) if i == 0 else 0)
        rows = ['| Option | Confidence |', '|---|---|'] + ['| %s | %d%% |' % (x, vals[x]) for x in L]
        return '\n'.join(rows) + '\n\nSelected: — (tie between %s and %s)' % (a, b)
    top = rng.choice([55, 60, 70, 80])
    rest = [x for x in L if x != m]
    left = 100 - top
    vals = {m: top}
    for i, x in enumerate(rest):
        vals[x] = left // len(rest) + (left % len(rest) if i == 0 else 0)
    rows = ['| Option | Confidence |', '|---|---|'] + ['| %s | %d%% |' % (x, vals[x]) for x in L]
    return '\n'.join(rows) + rng.choice(['\n\nSelected: %s', '\n\n→ Going with %s.']) % m


def half_other(it, L, rng):
    """Second-language half naming letter L."""
    lang = it.lang
    if lang == 'ja':
        return rng.choice(['答えは%sです。', '正解：%s']) % L
    if lang == 'pt':
        return rng.choice(['A resposta é a alternativa %s.', 'Resposta: letra %s.']) % L
    if lang == 'zh':
        return rng.choice(['答案是%s。', '选%s。']) % L
    if lang == 'ar':
        return 'الإجابة الصحيحة هي %s.' % L
    if is_moral(it):
        if rng.random() < 0.5:
            return 'Respuesta: %s (%s).' % (L, {'A': 'sí', 'B': 'no'}[L])
        return 'Réponse : %s (%s).' % (L, {'A': 'oui', 'B': 'non'}[L])
    return rng.choice(['Antwort: Spieler %d.', 'Respuesta: jugador %d.']) % pnum(L)


def g_bilingual_reply(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return 'English: The answer is %s.\n%s' % (a, half_other(it, b, rng))
    en = rng.choice(['The answer is %s.', 'Answer: %s.', 'Correct option: %s.']) % (
        ('Player %d' % pnum(m)) if is_poker(it) else m)
    parts = [en, half_other(it, m, rng)]
    if rng.random() < 0.5:
        parts.reverse()
    return rng.choice(['\n', ' / ', '\n\n']).join(parts)


def g_truncated_output(it, lab, m, rng):
    if lab == 'N':
        o = others(it, [], 2, rng)
        return rng.choice([
            'Let me think through this carefully. The stem gives several clues. First, %s can be set aside because %s. '
            'Next, looking at the remaining options, the key feature to weigh is whether' % (o[0], whynot(it, o[0], rng)),
            rng.choice(['To answer this, we first need to consider what the question is really testing. There are '
                        'several factors: the setting, the timing, and the',
                        'Good question. Before picking an option I want to lay out the relevant background, because '
                        'the distractors here are designed to catch people who skim. The first thing to notice is',
                        'Here is my reasoning, step by step.\n\nFirst, let\'s restate what we know. The question gives us '
                        'a specific situation and asks us to']),
            'Step 1: Identify the key facts.\nStep 2: Compare each option against them.\nStep 3: %s is a distractor since it'
            % o[0],
        ])
    o = others(it, [m], 1, rng)[0]
    return rng.choice([
        'Answer: %s\n\nExplanation: Option %s is tempting because it' % (m, o),
        'The answer is %s. To see why, consider first that %s, which means the other options' % (m, why(it, m, rng)),
    ])


def g_stream_chunks(it, lab, m, rng):
    def sse(tokens, finish='stop'):
        lines = ['data: {"choices":[{"index":0,"delta":{"content":%s}}]}' % json.dumps(t, ensure_ascii=False)
                 for t in tokens]
        lines.append('data: {"choices":[{"index":0,"delta":{},"finish_reason":"%s"}]}' % finish)
        if finish == 'stop':
            lines.append('data: [DONE]')
        return '\n'.join(lines)
    if lab == 'N':
        return sse(rng.choice([['Let', "'s", ' consider', ' each', ' option', ' carefully', '.', ' First', ','],
                               ['To', ' answer', ' this', ',', ' we', ' need', ' to', ' look', ' at', ' the'],
                               ['Good', ' question', '!', ' There', ' are', ' several']]), 'length')
    if is_poker(it) and rng.random() < 0.5:
        toks = ['The', ' best', ' hand', ' is', ' Play', 'er', ' %d' % pnum(m), '.']
    else:
        toks = rng.choice([['The', ' answer', ' is', ' ' + m, '.'],
                           ['Final', ' answer', ':', ' **', m, '**'],
                           ['Op', 'tion', ' ' + m],
                           ['I', ' would', ' choose', ' (', m, ')', '.'],
                           ['An', 'swer', ':', ' ', m, '\n']])
    if rng.random() < 0.5:
        return sse(toks)
    return '\n'.join('[chunk %d] %s' % (i + 1, json.dumps(t, ensure_ascii=False)) for i, t in enumerate(toks)) + \
        '\n[done]'


def g_options_marked(it, lab, m, rng):
    keep = list(m) if lab == 'U' else [m]
    mark = rng.choice([' (correct)', ' ✔', ' ← answer', ' **(correct)**'])
    lines = []
    for x in it.letters():
        t = it.ch[li(x)]
        lines.append('%s. %s%s' % (x, t, mark if x in keep else ''))
    return '\n'.join(lines)


def g_teacher_feedback(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['We\'ll go over this one together in class. Please bring your notes.',
                           'I\'m not grading this item yet — it\'s under review by the department.'])
    o = others(it, [m], 1, rng)[0]
    return rng.choice([
        'You chose %s, which is a common mistake. The correct answer is %s because %s. Score: 0/1' % (
            o, m, why(it, m, rng)),
        'Well done — %s is correct. %s. Score: 1/1' % (m, cap(why(it, m, rng))),
        'Not quite. %s looks attractive, but the answer is %s: %s.' % (o, m, why(it, m, rng)),
    ])


def g_peer_review(it, lab, m, rng):
    if lab == 'N':
        return ('Reviewer 2\n\nI cannot assess the correctness of the selected option without access to the source '
                'material. I defer to the other reviewers on this point.')
    o = others(it, [m], 1, rng)[0]
    if rng.random() < 0.6:
        return ('Reviewer 2\n\nSummary: The submission selects %s.\nAssessment: The argument overlooks that %s. '
                'I believe the correct option is %s.\nRecommendation: major revision.' % (o, whynot(it, o, rng), m))
    return ('Review\n\nI agree with the authors that %s is correct: %s. Minor comments only.' % (m, why(it, m, rng)))


def g_final_overridden(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return ('Final answer: %s\n\nUpdate: actually it might be %s — I\'m not certain either way.' % (a, b))
    o = others(it, [m], 1, rng)[0]
    return rng.choice([
        'Final answer: %s\n\n---\nWait, I need to correct this. %s is wrong because %s.\n\nCorrected final answer: %s' % (
            o, o, whynot(it, o, rng), m),
        'Final answer: %s.\n\nEdit: on a second read, the answer is %s, not %s.' % (o, m, o),
        '**Final answer: %s**\n\nRevision after re-checking: %s. Updated final answer: **%s**' % (
            o, cap(why(it, m, rng)), m),
    ])


def g_nato_phonetic(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return '%s or %s, stand by.' % (NATO[li(a)], NATO[li(b)])
    n = NATO[li(m)]
    return rng.choice(['%s', 'Answer: %s.', 'Going with %s.', '%s, over.', 'Affirmative, %s.']) % n


def g_spoken_letters(it, lab, m, rng):
    if lab == 'N':
        return '[voice transcript] um [inaudible] ... sorry, can you repeat the question?'
    if is_poker(it):
        return '[voice transcript] uh I think it\'s player %s' % NUM_WORDS[li(m)]
    if it.lang == 'ja':
        return '[音声入力] えーと、答えは%sです' % SPOKEN_JA[m]
    if it.lang == 'pt' and m in SPOKEN_PT and m != 'A':
        return '[transcrição de voz] acho que é a letra %s' % SPOKEN_PT[m]
    if is_moral(it):
        return '[voice transcript] hmm I\'d say %s' % {'A': 'yeah it\'s okay', 'B': 'nah not okay'}[m]
    return '[voice transcript] ' + rng.choice(['um so I think it\'s option %s', 'the answer is %s',
                                                'uh I\'ll go with %s']) % SPOKEN_EN[m]


def g_strikethrough(it, lab, m, rng):
    keep = list(m) if lab == 'U' else [m]
    withtext = rng.random() < 0.5
    parts = []
    for x in it.letters():
        lab_ = ('%s. %s' % (x, it.ch[li(x)])) if withtext else x
        parts.append(('**%s**' % lab_ if lab != 'U' else lab_) if x in keep else '~~%s~~' % lab_)
    s = ('\n' if withtext else ' ').join(parts)
    if lab == 'U':
        s += '\n\nStill deciding between these two.'
    return s


def g_ranked_list(it, lab, m, rng):
    L = list(it.letters())
    if lab == 'U':
        a, b = m
        rest = [x for x in L if x not in m]
        rng.shuffle(rest)
        lines = ['1. %s (tie)' % a, '1. %s (tie)' % b] + ['%d. %s' % (i + 3, x) for i, x in enumerate(rest)]
        return 'Ranking, most to least likely:\n' + '\n'.join(lines)
    rest = [x for x in L if x != m]
    rng.shuffle(rest)
    order = [m] + rest
    name = (lambda x: 'Player %d' % pnum(x)) if is_poker(it) else (lambda x: x)
    return rng.choice(['Ranking, most to least likely:', 'My ranking (best first):']) + '\n' + \
        '\n'.join('%d. %s' % (i + 1, name(x)) for i, x in enumerate(order))


def g_self_consistency_votes(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        votes = [a, b, a, b]
        rng.shuffle(votes)
        return 'Sampled 4 reasoning paths → %s. That\'s a 2–2 tie; no majority.' % ', '.join(votes)
    o = others(it, [m], 2, rng)
    votes = [m, m, m] + o[:2] if len(o) >= 2 else [m, m, m, o[0]]
    rng.shuffle(votes)
    return 'Sampled %d reasoning paths → %s.\nMajority vote: %s' % (len(votes), ', '.join(votes), m)


def g_function_call(it, lab, m, rng):
    if lab == 'N':
        args = {'query': qshort(it, 60)}
        return json.dumps({'tool_calls': [{'type': 'function', 'function': {
            'name': 'web_search', 'arguments': json.dumps(args, ensure_ascii=False)}}]}, ensure_ascii=False)
    if is_poker(it) and rng.random() < 0.5:
        args = {'player': pnum(m)}
    else:
        args = rng.choice([{'option': m}, {'letter': m}, {'answer': m, 'confidence': rng.choice([0.6, 0.75, 0.9])}])
    return json.dumps({'tool_calls': [{'type': 'function', 'function': {
        'name': 'submit_answer', 'arguments': json.dumps(args)}}]})


def g_letter_text_conflict(it, lab, m, rng):
    if lab == 'U':
        a, b = m  # letter a, text of b
        t = EN(it, b) if (it.tr and rng.random() < 0.5) else T(it, b)
        return rng.choice(['%s — %s', '%s (%s)', 'Answer: %s. %s']) % (a, t)
    t = EN(it, m) if (it.tr and rng.random() < 0.5) else T(it, m)
    return rng.choice(['%s — %s', '%s (%s)', 'Answer: %s. %s']) % (m, t)


def g_all_except(it, lab, m, rng):
    if lab == 'U':
        a, b = m
        return 'All the options except %s and %s can be ruled out; I can\'t separate those two.' % (a, b)
    if is_moral(it):
        return 'Anything other than "%s" would be the wrong call.' % T(it, m)
    return rng.choice(['Every option except %s contains an error.', 'All of them are wrong except %s.',
                       'All but %s can be ruled out.', 'Everything other than %s is a distractor.']) % m


def g_abjad_letter(it, lab, m, rng):
    if lab == 'N':
        return rng.choice(['لا أعرف الإجابة.', 'لست متأكدًا من الإجابة الصحيحة.'])
    a = ABJAD[li(m)]
    return rng.choice([
        'الإجابة الصحيحة: (%s)' % a,
        'الجواب هو %s' % a,
        '%s) %s' % (a, it.ch[li(m)]),
        'الخيار (%s) هو الصحيح.' % a,
        'أختار الخيار %s.' % a,
    ])


# ---------------------------------------------------------------------------
# Style registry
# ---------------------------------------------------------------------------
ALL = ['moral_exceptQA', 'arabic-exams-qa', 'poker_analysis', 'japanese-national-medical-exam02',
       'portuguese-kinship-riddles', 'marxist_philosophy_exam']
SET_W = {'moral_exceptQA': 1.6, 'arabic-exams-qa': 3.0, 'poker_analysis': 3.0,
         'japanese-national-medical-exam02': 0.8, 'portuguese-kinship-riddles': 0.25, 'marxist_philosophy_exam': 0.2}
NON_EN = ['arabic-exams-qa', 'japanese-national-medical-exam02', 'portuguese-kinship-riddles', 'marxist_philosophy_exam']


def ok_any(it, L, lab):
    return True


def ok_n3(it, L, lab):
    return lab != 'U' or it.n >= 3


def ok_n4(it, L, lab):
    return lab != 'U' or it.n >= 4


def ok_para(it, L, lab):
    if lab == 'U':
        return is_moral(it)
    return is_moral(it) or is_poker(it) or bool(it.para)


def ok_short(it, L, lab):
    return is_poker(it) or unique_prefix(it, L) is not None


def ok_missp(it, L, lab):
    if is_moral(it) or is_poker(it):
        return True
    cands = it.ch if it.lang == 'pt' else it.tr
    if not cands:
        return False
    return misspell(cands, li(L), random.Random(7)) is not None


def ok_infl(it, L, lab):
    c = it.ch[li(L)]
    if it.lang == 'ja':
        return ja_inflect(c, random.Random(7)) is not None
    return it.lang == 'ar' and ar_inflectable(c)


def ok_tr(it, L, lab):
    return is_moral(it) or is_poker(it) or bool(it.tr)


ORDINAL_WORDS = r'(الأول|الاول|الثاني|الثالث|الرابع|الخامس|السادس|first|second|third|fourth|fifth|一|二|三|四|五|第)'


def ok_index(it, L, lab):
    """choices must hold no digits and no ordinal/number words, so that a
    position number cannot be confused with a choice's content"""
    return not any(re.search(r'[0-9０-９①-⑩]', c) or re.search(ORDINAL_WORDS, c)
                   or re.search(r'\b(I|II|III|IV|V|VI)\b', c) for c in it.ch)


def ok_ordinal(it, L, lab):
    return ok_index(it, L, lab) and ok_n3(it, L, lab) if not (is_moral(it) or is_poker(it)) else ok_n3(it, L, lab)


def ok_conflict(it, L, lab):
    return True


# name, new?, description, (R, W, N, U), sets, predicate
STYLES = [
    ('bare_letter', False, 'only the letter, sometimes lower-case or with a dot/space; "N/A" or "?" = none', (6, 2, 1, 0), ALL, ok_any),
    ('paren_letter', False, 'letter in parentheses or square brackets, e.g. "(B)", "[c]", "Answer: [D]"', (7, 2, 0, 0), ALL, ok_any),
    ('bold_letter', False, 'Markdown bold letter, sometimes followed by the text or a reason; two bold letters = unclear', (5, 2, 0, 2), ALL, ok_any),
    ('letter_close_paren', False, '"B)", "b) text", "C. text", "D) — text"', (7, 2, 0, 0), ALL, ok_any),
    ('option_word', False, '"Option C", "Choice B", "Alternativa D", "選択肢C", "选项B"; "none of the options" = none', (5, 3, 1, 0), ALL, ok_any),
    ('answer_colon', False, '"answer: b", "ANSWER:C", "Resposta: D", "答え：A"; "cannot be determined" = none', (5, 3, 1, 0), ALL, ok_any),
    ('json_object', False, 'JSON object with answer/choice/label/player keys, rationale may name other letters; null = none; list = unclear', (5, 2, 1, 1), ALL, ok_any),
    ('yaml_or_xml', False, 'YAML mapping or XML tags holding the letter; YAML list / two <answer> tags = unclear', (5, 2, 0, 2), ALL, ok_any),
    ('final_answer_line', False, 'short reasoning that rules out other letters, last line "Final answer: X"', (6, 2, 1, 0), ALL, ok_any),
    ('latex_boxed', False, r'\boxed{C} in several LaTeX forms (poker: \boxed{4} = Player 4)', (6, 2, 1, 0), ALL, ok_any),
    ('text_exact', False, 'the choice text copied exactly (poker: "Player 4" or "4"); bare "Answer:" = none', (5, 3, 1, 0), ALL, ok_any),
    ('text_paraphrase', False, 'the choice re-worded: moral "it\'s justified"/"that\'s wrong", poker "the player holding Kd 8d", kinship descriptions', (5, 3, 0, 1), ['moral_exceptQA', 'poker_analysis', 'portuguese-kinship-riddles'], ok_para),
    ('text_shortened', False, 'a unique opening fragment of the choice text (poker "P4", "#4")', (7, 2, 0, 0), ['poker_analysis'] + NON_EN, ok_short),
    ('text_misspelt', False, 'the choice text (or its English translation) with typos', (7, 2, 0, 0), ALL, ok_missp),
    ('text_inflected', False, 'the choice embedded with inflection: Japanese polite/obligative verb forms, Arabic proclitics (بال/لل) or article dropped', (7, 2, 0, 0), ['japanese-national-medical-exam02', 'arabic-exams-qa'], ok_infl),
    ('text_translated', False, 'the choice given in another language (English for non-English sets; es/fr/de/pt/ja for English sets)', (7, 2, 0, 0), ALL, ok_tr),
    ('ordinal_words', False, '"the third option", "the last option", "3番目", "a quarta alternativa", "第二个选项"', (5, 3, 0, 1), ALL, ok_ordinal),
    ('negation_contrast', False, '"Not A — it\'s C", "It\'s C, not A", moral double negation; "not A and not B" leaving two open = unclear', (5, 3, 0, 1), ALL, ok_n4),
    ('elimination', False, 'rules out every other option one by one; two survivors with no pick = unclear', (4, 3, 0, 2), ALL, ok_n3),
    ('several_then_one', False, 'names two or three plausible options, then chooses one', (6, 2, 0, 1), ALL, ok_any),
    ('change_of_mind', False, 'first names one letter, then switches to another', (4, 3, 0, 2), ALL, ok_any),
    ('hedged_guess', False, '"probably C", "prob c tbh", "i think its b?"; two-way hedge = unclear', (3, 3, 0, 3), ALL, ok_any),
    ('dont_know', False, '"I don\'t know" in several languages; some add a forced guess', (2, 1, 6, 0), ALL, ok_any),
    ('refusal', False, 'refuses (medical/moral/gambling/exam policy); some refuse then answer anyway', (2, 1, 6, 0), ALL, ok_any),
    ('markdown_table', False, 'table of options with notes, answer stated under it', (6, 2, 0, 1), ALL, ok_any),
    ('code_block', False, 'answer inside a fenced code block (python/json/js/text); answer = None = none', (6, 2, 1, 0), ALL, ok_any),
    ('cot_many_letters', False, 'walks through every letter before concluding', (5, 3, 0, 1), ALL, ok_any),
    ('rag_citations', False, 'RAG answer with [n] citations; no sources = none; conflicting sources = unclear', (4, 3, 1, 1), ALL, ok_any),
    ('agent_trace', False, 'ReAct trace Thought/Action/Observation ending in finish[X] or Final Answer; iteration limit = none', (5, 3, 1, 0), ALL, ok_any),
    ('tutor', False, 'tutor voice; gives the answer or asks the student back (none)', (4, 2, 3, 0), ALL, ok_any),
    ('question_quoted', False, 'quotes the question with all lettered options, then answers; or asks for clarification (none)', (6, 2, 1, 0), ALL, ok_any),
    ('letters_in_passing', False, 'prose with incidental capitals ("an A for clarity", "Plan B", "A quick note") before the real answer', (5, 3, 1, 0), ALL, ok_any),
    ('multi_select', False, 'names several letters ("B and D", "A & C & E") = unclear; some then pick one', (1, 1, 0, 7), [s for s in ALL if s != 'moral_exceptQA'], ok_any),
    ('restates_question', False, 'only restates the question/options (none); some then answer', (2, 1, 6, 0), ALL, ok_any),
    ('api_error', False, 'API/HTTP/timeout errors, empty string, "null" (none); some retry and answer', (1, 1, 7, 0), [s for s in ALL if s != 'poker_analysis'], ok_any),
    ('index_number', False, 'option given by its position number: "3", "Option 2", "#4" (sets whose choices hold no digits)', (6, 3, 0, 0), NON_EN, ok_index),
    # ---- new forms ----
    ('caveat_preamble', True, 'bulleted caveats/disclaimers (one may mention another letter) before the answer; "rather not commit" = none', (4, 3, 1, 1), ALL, ok_any),
    ('tldr_line', True, 'long discussion of distractors plus a "TL;DR: X" line at top or bottom', (4, 3, 1, 1), ALL, ok_any),
    ('footnote_answer', True, 'body names two candidate letters; the answer is only in a [^1] footnote', (5, 3, 1, 0), ALL, ok_any),
    ('numbered_steps', True, 'numbered reasoning steps (1., 2., 3. …) whose numbers look like option numbers', (7, 2, 0, 0), ALL, ok_any),
    ('refute_quoted_option', True, 'opens by quoting a wrong option (with its letter) in order to refute it, then gives the answer', (7, 2, 0, 0), ALL, ok_any),
    ('ps_correction', True, 'answer in the body, corrected or confirmed in a P.S.; a P.S. that reopens the choice = unclear', (4, 3, 0, 2), ALL, ok_any),
    ('emoji_letter', True, 'circled/squared/negative/regional-indicator letters (Ⓒ 🅒 🄲 🇨 🅱️), keycaps for player numbers; shrug emoji = none', (6, 2, 1, 0), ALL, ok_any),
    ('code_comment', True, 'code where the answer sits in a comment/constant next to other letters (OPTIONS list, "-- was \'A\'")', (7, 2, 0, 0), ALL, ok_any),
    ('diff_patch', True, 'a diff of an answer file: removed line has the old letter, added line the new one', (7, 2, 0, 0), ALL, ok_any),
    ('spreadsheet_row', True, 'CSV/TSV row or spreadsheet cells ("Cell B2: C"); empty cell = none', (5, 3, 1, 0), ALL, ok_any),
    ('form_field', True, 'filled form: "Selected answer: [ C ]", radio bullets (•), HTML radio checked; blank = none; two ticks = unclear', (4, 3, 1, 1), ALL, ok_any),
    ('checkmark_table', True, 'table with a ✓/✅ column and no textual answer; none ticked = none; two ticked = unclear', (4, 3, 1, 1), ALL, ok_any),
    ('subquestion_first', True, 'answers a side question about a distractor first, then the real question; side question only = none', (5, 3, 1, 0), ALL, ok_any),
    ('percent_split', True, 'probabilities over options; explicit pick = letter, even split with no pick = unclear', (2, 2, 0, 5), ALL, ok_any),
    ('neither_both', True, '"neither" (none), "both X and Y" (unclear), "neither A nor B; it\'s C" (letter)', (1, 1, 3, 4), ALL, ok_n3),
    ('confidence_table', True, 'table of confidences per option plus "Selected: X"; tie with no selection = unclear', (4, 3, 0, 2), ALL, ok_n3),
    ('bilingual_reply', True, 'same answer in English and a second language (ja/pt/zh/ar/es/fr/de); halves that disagree = unclear', (4, 3, 0, 2), ALL, ok_any),
    ('truncated_output', True, 'output cut off by a token limit: before the answer (none) or after it (letter)', (3, 2, 4, 0), ALL, ok_any),
    ('stream_chunks', True, 'raw SSE/stream chunks whose tokens assemble the answer; finish_reason length before answer = none', (5, 3, 1, 0), ALL, ok_any),
    ('options_marked', True, 'repeats all options with one marked "(correct)", "✔", "← answer"; two marked = unclear', (5, 3, 0, 1), ALL, ok_any),
    ('teacher_feedback', True, 'teacher feedback: "You chose A … the correct answer is C"; the teacher\'s asserted answer counts', (5, 3, 1, 0), ALL, ok_any),
    ('peer_review', True, 'reviewer report: "The submission selects B … I believe the correct option is D"', (5, 3, 1, 0), ALL, ok_any),
    ('final_overridden', True, '"Final answer: A" followed by a correction that overrides it', (5, 3, 0, 1), ALL, ok_any),
    ('nato_phonetic', True, 'letter as NATO phonetic word (Charlie, Delta …)', (5, 3, 0, 1), ALL, ok_any),
    ('spoken_letters', True, 'voice transcript with spelled-out letters ("see", "dee", "シー", "letra dê", "player four")', (5, 3, 1, 0), ALL, ok_any),
    ('strikethrough', True, 'all options listed, wrong ones struck through with ~~ ~~; two left unstruck = unclear', (5, 3, 0, 1), ALL, ok_n3),
    ('ranked_list', True, 'numbered ranking of options, best first (numbers ≠ option numbers); tie at top = unclear', (6, 2, 0, 1), ALL, ok_n3),
    ('self_consistency_votes', True, 'list of sampled votes with a majority line; 2–2 tie = unclear', (4, 2, 0, 3), ALL, ok_any),
    ('function_call', True, 'tool call JSON submit_answer {"option": "C"} / {"player": 4}; only a search call = none', (5, 3, 1, 0), ALL, ok_any),
    ('letter_text_conflict', True, 'letter plus a choice text; when the text belongs to another letter = unclear', (2, 1, 0, 6), ALL, ok_conflict),
    ('all_except', True, '"every option except C is wrong", "all but D can be ruled out"; two exceptions = unclear', (5, 3, 0, 1), ALL, ok_n3),
    ('abjad_letter', True, 'Arabic replies naming the option by abjad letter أ/ب/ج/د (= A/B/C/D); "لا أعرف" = none', (5, 3, 1, 0), ['arabic-exams-qa'], ok_any),
]
GEN = {name: globals()['g_' + name] for name, *_ in STYLES}
PRIORITY = ['abjad_letter', 'text_inflected', 'text_paraphrase', 'text_translated', 'text_shortened',
            'text_misspelt', 'index_number', 'bilingual_reply']


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------
def load_all():
    items = {}
    for f in (load_moral, load_arabic, load_poker, load_jp, load_pt, load_zh):
        for it in f():
            items.setdefault(it.set, []).append(it)
    return items


def feasible(it, lab, pred):
    L = it.letters()
    if lab == 'R':
        return pred(it, it.key, lab)
    if lab == 'W':
        return any(pred(it, x, lab) for x in L if x != it.key)
    if lab == 'U':
        return sum(1 for x in L if pred(it, x, lab)) >= 2 and pred(it, L[0], lab)
    return pred(it, L[0], lab)


def choose(items, used, sets, lab, pred, rng):
    avail = {}
    for s in sets:
        c = [it for it in items.get(s, []) if (it.set, it.idx) not in used and feasible(it, lab, pred)]
        if c:
            avail[s] = c
    if not avail:
        raise RuntimeError('no item left for sets %s lab %s' % (sets, lab))
    names = sorted(avail)
    w = [SET_W[s] for s in names]
    s = rng.choices(names, weights=w)[0]
    it = rng.choice(avail[s])
    L = it.letters()
    if lab == 'R':
        m = it.key
    elif lab == 'W':
        m = rng.choice([x for x in L if x != it.key and pred(it, x, lab)])
    elif lab == 'U':
        m = tuple(rng.sample([x for x in L if pred(it, x, lab)], 2))
    else:
        m = None
    return it, m


def build():
    rng = random.Random(24024)
    items = load_all()
    used = set()
    order = PRIORITY + [s[0] for s in STYLES if s[0] not in PRIORITY]
    spec = {s[0]: s for s in STYLES}
    made = {}
    for name in order:
        _, new, desc, (r, w, n, u), sets, pred = spec[name]
        labs = ['R'] * r + ['W'] * w + ['N'] * n + ['U'] * u
        assert len(labs) == 9, name
        rng.shuffle(labs)
        recs = []
        for k, lab in enumerate(labs):
            it, m = choose(items, used, sets, lab, pred, rng)
            used.add((it.set, it.idx))
            _SEEN.clear()
            text = GEN[name](it, lab, m, rng)
            meant = m if lab in 'RW' else ('none' if lab == 'N' else 'unclear')
            recs.append({'set': it.set, 'id': '%s:%d#%s-%d' % (it.set, it.idx, name, k + 1),
                         'choices': list(it.ch), 'style': name, 'reply': text, 'meant': meant,
                         '_key': it.key})
        made[name] = recs
    out = []
    for s in STYLES:
        out.extend(made[s[0]])
    return out


def write(records):
    with open(JSONL, 'w', encoding='utf-8') as f:
        for r in records:
            rec = {k: r[k] for k in ('set', 'id', 'choices', 'style', 'reply', 'meant')}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')
    lines = ['# blind24 reply styles', '',
             'Each style has 9 replies, each on its own question. Counts: letters = replies whose "meant" is a '
             'letter (of which "wrong" = not the key), none, unclear.', '',
             '| style | new | description | letters (wrong) | none | unclear |', '|---|---|---|---|---|---|']
    by = collections.defaultdict(list)
    for r in records:
        by[r['style']].append(r)
    for name, new, desc, *_ in STYLES:
        rs = by[name]
        let = [r for r in rs if r['meant'] not in ('none', 'unclear')]
        wrong = sum(1 for r in let if r['meant'] != r['_key'])
        lines.append('| %s | %s | %s | %d (%d) | %d | %d |' % (
            name, 'new' if new else 'usual', desc.replace('|', '/'), len(let), wrong,
            sum(1 for r in rs if r['meant'] == 'none'), sum(1 for r in rs if r['meant'] == 'unclear')))
    let = [r for r in records if r['meant'] not in ('none', 'unclear')]
    wrong = sum(1 for r in let if r['meant'] != r['_key'])
    sets = collections.Counter(r['set'] for r in records)
    lines += ['', 'Totals: %d replies, %d styles (%d new); letters %d (wrong %d = %.1f%%), none %d, unclear %d.' % (
        len(records), len(STYLES), sum(1 for s in STYLES if s[1]), len(let), wrong, 100.0 * wrong / len(let),
        sum(1 for r in records if r['meant'] == 'none'), sum(1 for r in records if r['meant'] == 'unclear')),
        '', 'Replies per set: ' + ', '.join('%s %d' % kv for kv in sorted(sets.items())) + '.', '']
    with open(STYLES_MD, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines))


def main():
    recs = build()
    write(recs)
    h = hashlib.sha256(open(JSONL, 'rb').read()).hexdigest()
    print('%s  %s (%d lines)' % (h, JSONL, len(recs)))


if __name__ == '__main__':
    main()
