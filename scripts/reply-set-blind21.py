#!/usr/bin/env python3
"""blind21: hand-labelled free-text replies to multiple-choice questions, written by a helper
session blind to the reader and to the other sets.

Reads questions from the OpenAI evals 3.0.1.post1 registry data and writes
replies-blind21.jsonl and STYLES.md into /tmp/blind21, then prints the sha256
of the jsonl.  Python 3 standard library only; deterministic (random.Random(21021)).

Each output line: {"set", "id", "choices", "style", "reply", "meant"}.
"meant" is the letter the reply's writer asserts, "none" (no answer given) or
"unclear" (several answers / no single answer).  About a third of the letter
replies deliberately assert a wrong option.

Sets used ("id" is set:line-index-in-file#style-n):
  quartz                quartz/samples.jsonl                      2 choices (A/B, comparatives)
  irony                 irony/samples.jsonl                       3 choices (numbered 1-3 in the prompt)
  romanian-logic        romanian-logic/romanian-logic.jsonl       4 numeric choices (a-d); numeric items only, no value 0-4
  emotional-intelligence emotional-intelligence/samples.jsonl     4 long sentence choices (a-d); action items only,
                                                                  correct = first letter of the ideal ranking
  raven-matrices        raven-matrices/text/center_single.jsonl   8 sentence choices (A-H)
  rhetorical_devices    rhetorical_devices/samples.jsonl          22 choices (a-v)

Usage: python3 scripts/reply-set-blind21.py -> writes /tmp/blind21/replies-blind21.jsonl (and
STYLES.md) and prints its sha256
(910aac2c3f54c52b5e35f27b0fdd768c7ac6d96291a374c2e99f23e9f4aa8073).
"""
import difflib
import hashlib
import json
import os
import random
import re

R = random.Random(21021)
DATA = '/tmp/evx/evals/registry/data'
HERE = '/tmp/blind21'
os.makedirs(HERE, exist_ok=True)
OUT = os.path.join(HERE, 'replies-blind21.jsonl')
STYLES_MD = os.path.join(HERE, 'STYLES.md')
LET = 'ABCDEFGHIJKLMNOPQRSTUV'
PER_STYLE = 9
POOL = 44
P_WRONG = 1 / 3

ORDW = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
        'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth',
        'eighteenth', 'nineteenth', 'twentieth', 'twenty-first', 'twenty-second']
NUMW = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
NATO = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett', 'Kilo',
        'Lima', 'Mike', 'November', 'Oscar', 'Papa', 'Quebec', 'Romeo', 'Sierra', 'Tango', 'Uniform', 'Victor']
KEYCAP = ['1\ufe0f\u20e3', '2\ufe0f\u20e3', '3\ufe0f\u20e3', '4\ufe0f\u20e3', '5\ufe0f\u20e3',
          '6\ufe0f\u20e3', '7\ufe0f\u20e3', '8\ufe0f\u20e3', '9\ufe0f\u20e3', '\U0001f51f']


class Retry(Exception):
    pass


def pick(x):
    return R.choice(x)


def cap(s):
    return s[:1].upper() + s[1:]


def ordinal_num(n):
    if 10 <= n % 100 <= 20:
        suf = 'th'
    else:
        suf = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')
    return '%d%s' % (n, suf)


def rl(path):
    with open(os.path.join(DATA, path), encoding='utf-8') as f:
        return [json.loads(line) for line in f if line.strip()]


class Q:
    def __init__(self, set_, idx, choices, correct, stem, protect=(), **kw):
        self.set = set_
        self.idx = idx
        self.choices = choices
        self.correct = correct
        self.stem = stem
        self.protect = [stem] + [p for p in protect if p]
        self.kw = kw

    def c(self, L):
        return self.choices[LET.index(L)]

    def k(self, L):
        return LET.index(L)

    @property
    def letters(self):
        return LET[:len(self.choices)]

    @property
    def n(self):
        return len(self.choices)


def ok_choices(ch):
    if len(ch) < 2 or len(ch) > len(LET):
        return False
    low = [c.lower().strip() for c in ch]
    if len(set(low)) != len(low):
        return False
    for i, a in enumerate(low):
        if not a or len(a) > 160:
            return False
        for j, b in enumerate(low):
            if i != j and a in b:
                return False
    return True


# ====================================================================== number words
_ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
         'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']


def words(n):
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ('' if n % 10 == 0 else '-' + _ONES[n % 10])
    if n < 1000:
        r = n % 100
        return _ONES[n // 100] + ' hundred' + ('' if r == 0 else ' ' + words(r))
    if n < 1000000:
        r = n % 1000
        return words(n // 1000) + ' thousand' + ('' if r == 0 else ' ' + words(r))
    return str(n)


# ====================================================================== loaders
QUARTZ_PARA = {
    'more': ['a larger amount', 'a greater quantity'],
    'less': ['a smaller amount', 'a reduced quantity'],
    'increase': ['go up', 'rise'], 'increases': ['goes up', 'rises'], 'increased': ['gone up', 'risen'],
    'increasing': ['going up', 'rising'],
    'decrease': ['go down', 'drop'], 'decreases': ['goes down', 'drops'], 'decreased': ['gone down', 'dropped'],
    'decreasing': ['going down', 'dropping'],
    'higher': ['at a greater level', 'further up'], 'lower': ['at a reduced level', 'further down'],
    'faster': ['more quickly', 'at greater speed'], 'slower': ['more slowly', 'at reduced speed'],
    'greater': ['bigger', 'larger in amount'], 'lesser': ['smaller in amount', 'reduced'],
    'larger': ['bigger in size', 'of greater size'], 'bigger': ['larger in size', 'of greater size'],
    'smaller': ['reduced in size', 'tinier'],
    'stronger': ['more powerful', 'more intense'], 'weaker': ['less powerful', 'less intense'],
    'easier': ['less difficult', 'simpler'],
    'older': ['of greater age', 'not as young'], 'younger': ['of lesser age', 'not as old'],
    'shorter': ['reduced in length', 'not as long'], 'longer': ['of greater length', 'more lengthy'],
    'cooler': ['at a lower temperature', 'less warm'], 'colder': ['at a lower temperature', 'less warm'],
    'warmer': ['at a higher temperature', 'less cold'], 'hotter': ['at a higher temperature', 'less cold'],
    'thicker': ['of greater thickness', 'not as thin'], 'thinner': ['of reduced thickness', 'not as thick'],
    'more dense': ['denser', 'of higher density'], 'less dense': ['not as dense', 'of lower density'],
}
QUARTZ_PAIRS = {('more', 'less'), ('increase', 'decrease'), ('increases', 'decreases'), ('increased', 'decreased'),
                ('increasing', 'decreasing'), ('higher', 'lower'), ('faster', 'slower'), ('greater', 'lesser'),
                ('greater', 'smaller'), ('larger', 'smaller'), ('bigger', 'smaller'), ('stronger', 'weaker'),
                ('older', 'younger'), ('shorter', 'longer'), ('cooler', 'warmer'), ('colder', 'warmer'),
                ('hotter', 'colder'), ('thicker', 'thinner'), ('more dense', 'less dense')}


def load_quartz():
    out = []
    for i, x in enumerate(rl('quartz/samples.jsonl')):
        s = x['input'][-1]['content']
        m = re.match(r'(.*)\n\n A: (.*)\n B: (.*)$', s, re.S)
        if not m:
            continue
        stem = ' '.join(m.group(1).split())
        ch = [re.sub(r'[\s.?)]+$', '', g.strip()) for g in (m.group(2), m.group(3))]
        if tuple(sorted(c.lower() for c in ch)) not in {tuple(sorted(p)) for p in QUARTZ_PAIRS}:
            continue
        if ch != [c.lower() for c in ch] or not ok_choices(ch) or x['ideal'] not in ('A', 'B'):
            continue
        if len(stem) > 260:
            continue
        out.append(Q('quartz', i, ch, x['ideal'], stem))
    return out


IRONY = ['situational irony', 'verbal irony', 'dramatic irony']
IRONY_SHORT = {'situational irony': 'situational', 'verbal irony': 'verbal', 'dramatic irony': 'dramatic'}
IRONY_PARA = {
    'situational irony': ['irony of circumstance', 'an ironic twist in how events turn out'],
    'verbal irony': ['irony in what someone says', 'saying the opposite of what is meant'],
    'dramatic irony': ['audience-knows-more irony', 'irony where the reader knows more than the character'],
}


def load_irony():
    out = []
    for i, x in enumerate(rl('irony/samples.jsonl')):
        s = x['input'][-1]['content']
        ex = ' '.join(s.replace("Here's the example:", '').split())
        ideal = x['ideal'].strip().lower()
        L = {'situational': 'A', 'verbal': 'B', 'dramatic': 'C'}.get(ideal)
        if not L or len(ex) > 400:
            continue
        out.append(Q('irony', i, list(IRONY), L, 'Which type of irony is this? %s' % ex, protect=[ex], ex=ex))
    return out


def load_romanian():
    out = []
    for i, x in enumerate(rl('romanian-logic/romanian-logic.jsonl')):
        s = x['input'][-1]['content']
        m = re.search(r'^(.*?)\s+a\)\s*(.*?)\s+b\)\s*(.*?)\s+c\)\s*(.*?)\s+d\)\s*(.*?)\s*$', s, re.S)
        if not m:
            continue
        stem = ' '.join(m.group(1).split())
        ch = [' '.join(g.split()).rstrip(';') for g in m.groups()[1:]]
        if not all(re.match(r'^\d', c) for c in ch) or not ok_choices(ch):
            continue
        nums = [re.match(r'^[\d:]+', c).group(0) for c in ch]
        if len(set(nums)) != 4 or any(a != b and a in b for a in nums for b in nums):
            continue
        # small values (0-4) would read like option numbers; leave those items out
        if any(':' not in v and int(v) <= 4 for v in nums):
            continue
        ideal = x['ideal'][0] if isinstance(x['ideal'], list) else x['ideal']
        mm = re.match(r'\{([a-d])\}', ideal.strip(), re.I)
        if not mm:
            continue
        out.append(Q('romanian-logic', i, ch, mm.group(1).upper(), stem, protect=[s], nums=nums))
    return out


GERUND = {
    'tell': 'telling', 'talk': 'talking', 'make': 'making', 'think': 'thinking', 'try': 'trying', 'be': 'being',
    'realize': 'realizing', 'get': 'getting', 'explain': 'explaining', 'spend': 'spending', 'find': 'finding',
    'accept': 'accepting', 'ignore': 'ignoring', 'forget': 'forgetting', 'concentrate': 'concentrating',
    'ask': 'asking', 'work': 'working', 'see': 'seeing', 'speak': 'speaking', 'start': 'starting', 'learn': 'learning',
    'practice': 'practising', 'let': 'letting', 'believe': 'believing', 'understand': 'understanding',
    'contact': 'contacting', 'apologize': 'apologizing', 'leave': 'leaving', 'visit': 'visiting', 'keep': 'keeping',
    'do': 'doing', 'use': 'using', 'go': 'going', 'prove': 'proving', 'take': 'taking', 'quit': 'quitting',
    'suggest': 'suggesting', 'enjoy': 'enjoying', 'join': 'joining', 'ring': 'ringing', 'walk': 'walking',
    'stop': 'stopping', 'have': 'having', 'reflect': 'reflecting', 'force': 'forcing', 'confront': 'confronting',
    'fix': 'fixing', 'set': 'setting', 'reprimand': 'reprimanding', 'clean': 'cleaning', 'assume': 'assuming',
    'focus': 'focusing', 'study': 'studying', 'introduce': 'introducing', 'hide': 'hiding', 'put': 'putting',
    'calm': 'calming', 'invite': 'inviting', 'document': 'documenting', 'refuse': 'refusing', 'prepare': 'preparing',
    'cancel': 'cancelling', 'rewrite': 'rewriting', 'point': 'pointing', 'discuss': 'discussing', 'give': 'giving',
    'play': 'playing', 'feel': 'feeling',
}


def ei_gerund(c):
    w = c.split()
    head = w[0].lower()
    pre = ''
    if head in ('just', 'never', 'not') and len(w) > 1:
        pre, w = head + ' ', w[1:]
        head = w[0].lower()
    elif head == "don't" and len(w) > 1:
        pre, w = 'not ', w[1:]
        head = w[0].lower()
    if head not in GERUND:
        return None
    return pre + GERUND[head] + (' ' + ' '.join(w[1:]) if len(w) > 1 else '')


def uniq_prefix(c, others, minw=3):
    w = c.split()
    for k in range(minw, len(w) + 1):
        p = ' '.join(w[:k]).rstrip(',')
        if not any(o.lower().startswith(p.lower()) for o in others):
            return p, k < len(w)
    return c, False


def load_ei():
    out = []
    for i, x in enumerate(rl('emotional-intelligence/samples.jsonl')):
        s = x['input'][-1]['content']
        parts = re.split(r'\s*\(([a-e])\)\s*', s)
        stem = parts[0].strip()
        m = re.search(r'What action would be the most effective for (.+?)\?|What would you do in this situation\?', stem)
        if not m:
            continue
        name = m.group(1) if m.group(1) else 'you'
        labs = parts[1::2]
        ch = [p.strip().rstrip(';').rstrip('.').strip() for p in parts[2::2]]
        if labs != ['a', 'b', 'c', 'd'] or not ok_choices(ch):
            continue
        if any(re.search(r'\s3\s', c) for c in ch):
            continue
        L = x['ideal'].strip()[0].upper()
        if L not in 'ABCD':
            continue
        short, ger = [], []
        for k, c in enumerate(ch):
            oth = [o for j, o in enumerate(ch) if j != k]
            p, trunc = uniq_prefix(c, oth)
            short.append(p + ('...' if trunc else ''))
            g = ei_gerund(c)
            if g:
                gp, gt = uniq_prefix(g, [ei_gerund(o) or o for o in oth], 3)
                ger.append(gp + ('...' if gt else ''))
            else:
                ger.append(None)
        out.append(Q('emotional-intelligence', i, ch, L, stem, name=name, short=short, ger=ger))
    return out


RAVEN_RE = re.compile(r'On an image, an? (\w+) (\w+) (\w+) rotated at (-?\d+) degrees\.')


def load_raven():
    out = []
    for i, x in enumerate(rl('raven-matrices/text/center_single.jsonl')):
        ch = [m['content'].strip()[3:].strip() for m in x['input'] if re.match(r'^[A-H]\. ', m['content'])]
        if len(ch) != 8 or not ok_choices(ch):
            continue
        ps = [RAVEN_RE.fullmatch(c) for c in ch]
        if not all(ps):
            continue
        attrs = [p.groups()[:3] for p in ps]
        if len(set(attrs)) != 8:
            continue
        mm = re.search(r'ANSWER:\s*([A-H])', x['ideal'])
        if not mm:
            continue
        # minimal unique descriptor: a single attribute value if it singles the option out
        mini = []
        for k, a in enumerate(attrs):
            best = None
            for pos in (2, 1, 0):
                if sum(1 for b in attrs if b[pos] == a[pos]) == 1:
                    best = a[pos]
                    break
            mini.append(best)
        out.append(Q('raven-matrices', i, ch, mm.group(1), 'Which pattern completes the sequence as pattern 9?',
                     attrs=attrs, mini=mini, angle=ps[0].group(4)))
        if len(out) >= 400:
            break
    return out


RHET = ['Alliteration', 'Assonance', 'Consonance', 'Cacophony', 'Onomatopoeia', 'Anadiplosis', 'Conduplicatio',
        'Anaphora', 'Epistrophe', 'Symploce', 'Epanalepsis', 'Epizeuxis', 'Antanaclasis', 'Diacope', 'Antithesis',
        'Antimetabole', 'Chiasmus', 'Asyndeton', 'Polysyndeton', 'Catacosmesis', 'Oxymoron', 'Zeugma']
RHET_DEF = {
    'Alliteration': 'a run of words starting with the same consonant sound',
    'Assonance': 'repeated vowel sounds inside nearby words',
    'Consonance': 'repeated consonant sounds within or at the end of words',
    'Cacophony': 'deliberately harsh, jarring sounds',
    'Onomatopoeia': 'words that imitate the sound they name',
    'Anadiplosis': 'the last word of one clause opening the next clause',
    'Conduplicatio': 'a key word from one clause picked up again in later clauses',
    'Anaphora': 'the same words repeated at the start of successive clauses',
    'Epistrophe': 'the same words repeated at the end of successive clauses',
    'Symploce': 'repetition at both the beginning and the end of successive clauses',
    'Epanalepsis': 'a sentence that ends with the word it began with',
    'Epizeuxis': 'a word repeated several times in immediate succession',
    'Antanaclasis': 'one word repeated in two different senses',
    'Diacope': 'a word repeated with a word or two in between',
    'Antithesis': 'contrasting ideas set side by side in parallel form',
    'Antimetabole': 'words repeated in reverse order',
    'Chiasmus': 'a crossed, mirrored structure of ideas (ABBA)',
    'Asyndeton': 'conjunctions left out between items',
    'Polysyndeton': 'extra conjunctions between every item',
    'Catacosmesis': 'items ordered by importance, from most to least',
    'Oxymoron': 'two contradictory terms joined together',
    'Zeugma': 'one word governing two others in different senses',
}


def load_rhet():
    out = []
    for i, x in enumerate(rl('rhetorical_devices/samples.jsonl')):
        s = x['input'][-1]['content']
        m = re.match(r'ORIGINAL (.*?) MODIFIED (.*?) Reason step by step', s, re.S)
        if not m:
            continue
        ideal = x['ideal'].strip()
        name = re.sub(r'^\([a-v]\)\s*', '', ideal)
        if name not in RHET:
            continue
        orig, mod = m.group(1).strip(), m.group(2).strip()
        if len(orig) + len(mod) > 330:
            continue
        stem = 'Which rhetorical device was added? ORIGINAL: %s MODIFIED: %s' % (orig, mod)
        out.append(Q('rhetorical_devices', i, list(RHET), LET[RHET.index(name)], stem, protect=[orig, mod],
                     orig=orig, mod=mod))
    return out


# ====================================================================== referring to a choice by its text
def typo(s):
    ws = re.findall(r'[A-Za-z]{5,}', s)
    if not ws:
        return s
    w = max(ws, key=len) if R.random() < 0.6 else pick(ws)
    p = R.randint(1, len(w) - 3)
    op = pick(['drop', 'swap', 'double'])
    if op == 'drop':
        t = w[:p] + w[p + 1:]
    elif op == 'swap':
        t = w[:p] + w[p + 1] + w[p] + w[p + 2:]
    else:
        t = w[:p] + w[p] + w[p:]
    if t == w:
        t = w[:p] + w[p + 1:]
    return s.replace(w, t, 1)


def base_forms(q):
    """per-choice texts a typo is compared against."""
    if q.set == 'raven-matrices':
        return [' '.join(a) for a in q.kw['attrs']]
    if q.set == 'irony':
        return [IRONY_SHORT[c] for c in q.choices]
    return list(q.choices)


def typo_of(q, L):
    src = base_forms(q)[q.k(L)]
    if q.set == 'romanian-logic':
        return q.c(L)
    pool = [b.lower() for b in base_forms(q)]
    for _ in range(10):
        t = typo(src)
        tl_ = t.lower()
        if t == src or tl_ in pool:
            continue
        sc = [difflib.SequenceMatcher(None, tl_, b).ratio() for b in pool]
        mine = sc[q.k(L)]
        rest = [v for j, v in enumerate(sc) if j != q.k(L)]
        if mine >= 0.78 and all(mine - v > 0.15 for v in rest):
            return t
    return q.c(L)


def txt(q, L, mode=None):
    c = q.c(L)
    k = q.k(L)
    if mode is None:
        mode = R.choices(['exact', 'lower', 'short', 'para', 'typo'], [34, 16, 22, 18, 10])[0]
    s = q.set
    if s == 'raven-matrices' and mode in ('exact', 'lower'):
        c = c.rstrip('.')
    if mode == 'exact':
        return c
    if mode == 'lower':
        return c.lower() if s != 'romanian-logic' else c
    if mode == 'typo':
        return typo_of(q, L)
    if s == 'quartz':
        if mode == 'short':
            return c.upper() if R.random() < 0.5 else cap(c)
        return pick(QUARTZ_PARA[c])
    if s == 'irony':
        if mode == 'short':
            return IRONY_SHORT[c]
        return pick(IRONY_PARA[c])
    if s == 'romanian-logic':
        num = q.kw['nums'][k]
        if mode == 'short':
            return num
        if ':' in num:
            return c
        rest = re.sub(r'^de\s+', '', c[len(num):].strip())
        rest = {'ore': 'hours', 'grade': 'degrees', 'grame': 'grams', 'centimetri': 'centimetres',
                'litere': 'letters', 'minute': 'minutes', 'zile': 'days', 'ani': 'years'}.get(rest, rest)
        return (words(int(num)) + (' ' + rest if rest else '')).strip()
    if s == 'emotional-intelligence':
        if mode == 'short':
            return q.kw['short'][k]
        g = q.kw['ger'][k]
        if g:
            return pick(['the option about %s', '%s', 'the "%s" option']) % g
        return q.kw['short'][k]
    if s == 'raven-matrices':
        size, col, shape = q.kw['attrs'][k]
        if mode == 'short':
            mini = q.kw['mini'][k]
            if mini and R.random() < 0.45:
                return pick(['the %s', 'the %s one']) % mini
            return '%s %s %s' % (size, col, shape)
        return pick(['the %s that is %s and %s' % (shape, size, col), 'a %s %s, %s size' % (col, shape, size),
                     'the %s %s (%s)' % (col, shape, size)])
    if s == 'rhetorical_devices':
        if mode == 'short':
            return c.lower() if R.random() < 0.5 else c.upper()
        return RHET_DEF[c]
    return c


def keys(q, L):
    """strings that would identify choice L if they appeared in a reply."""
    c = q.c(L)
    k = q.k(L)
    ks = [c]
    s = q.set
    if s == 'quartz':
        ks += QUARTZ_PARA[c]
    elif s == 'irony':
        ks += [IRONY_SHORT[c]] + IRONY_PARA[c]
    elif s == 'romanian-logic':
        num = q.kw['nums'][k]
        ks += [num]
        if ':' not in num:
            ks.append(words(int(num)))
    elif s == 'emotional-intelligence':
        ks.append(q.kw['short'][k].rstrip('.'))
        if q.kw['ger'][k]:
            ks.append(q.kw['ger'][k].rstrip('.'))
    elif s == 'raven-matrices':
        ks.append(' '.join(q.kw['attrs'][k]))
        if q.kw['mini'][k]:
            ks.append(q.kw['mini'][k])
    elif s == 'rhetorical_devices':
        ks.append(RHET_DEF[c])
    return ks


# ====================================================================== letter forms
def lf(L, low=False):
    f = pick([L, L, '(%s)' % L, '%s)' % L, 'option %s' % L, 'Option %s' % L, '**%s**' % L, 'choice %s' % L,
              'answer %s' % L, '[%s]' % L])
    return f.lower() if low else f


def tl(q, L):
    t = txt(q, L, pick(['exact', 'exact', 'lower', 'short', 'para']))
    return pick(['%s) %s' % (L, t), '%s (%s)' % (t, L), '(%s) %s' % (L, t), '%s. %s' % (L, t), '%s: %s' % (L, t),
                 '%s – %s' % (L, t), 'option %s, "%s"' % (L, t), '%s [%s]' % (t, L), '**%s** (%s)' % (L, t)])


def ref(q, L):
    r = R.random()
    if r < 0.35:
        return lf(L)
    if r < 0.65:
        return txt(q, L)
    return tl(q, L)


def lref(q, L):
    """letter-bearing reference (letter alone or letter+text)."""
    return lf(L) if R.random() < 0.55 else tl(q, L)


def lister(q, items, conj):
    if q.set in ('emotional-intelligence', 'raven-matrices'):
        def qt(i):
            if '"' in i or re.match(r'^(?:[\[(*]*[A-V]\b|option |Option |choice |answer |the )', i):
                return i
            return '"%s"' % i
        items = [qt(i) for i in items]
        return '; '.join(items[:-1]) + ' %s ' % conj + items[-1]
    return ', '.join(items[:-1]) + ' %s ' % conj + items[-1]


def others(q, L, k):
    o = [x for x in q.letters if x != L]
    R.shuffle(o)
    return o[:k]


def num_guard(q, n):
    """refuse option numbers / ordinals that equal a numeric choice."""
    if q.set == 'romanian-logic' and str(n) in q.kw['nums']:
        raise Retry()


# ====================================================================== set-specific prose
def name(q):
    return q.kw.get('name', 'they')


def feels(q):
    return 'you feel' if name(q) == 'you' else '%s feels' % name(q)


def reason(q):
    s = q.set
    if s == 'quartz':
        return pick(['This is about a direct relationship: when the first quantity changes, the second one follows in a fixed direction.',
                     'I need the direction of the effect, so I thought about what the change described does physically.',
                     'Qualitative comparison question. The trick is to work out whether the two quantities move together or opposite to each other.'])
    if s == 'irony':
        return pick(['I looked at who knows what in the example, and whether the outcome runs against expectations.',
                     'The question is where the irony sits: in how events turn out, in what a character says, or in a gap between reader and character.',
                     'To classify it I asked whether the reader is ahead of the characters, whether the words mean their opposite, or whether events backfire.'])
    if s == 'romanian-logic':
        return pick(['This is a Romanian arithmetic problem, so I turned the statement into a calculation and worked through it step by step.',
                     'I translated the problem, set up the operations in the right order and checked the result against the conditions.',
                     'Reading the Romanian carefully, I wrote out the calculation and double-checked each step.'])
    if s == 'emotional-intelligence':
        nm = name(q)
        return pick(['The most effective response has to deal with the feeling and with the practical problem at the same time.',
                     'Effective here means acknowledging how %s while doing something constructive about the situation.' % feels(q),
                     'I compared the options on two things: does it calm the emotion, and does it solve the actual problem for %s?' % nm])
    if s == 'raven-matrices':
        return pick(['Reading the rows left to right, each attribute (size, colour, shape) either stays fixed or cycles through three values; rotation is constant.',
                     'I tracked size, colour and shape separately along each row and applied the same rules to the last row.',
                     'The angle never changes, so only size, colour and shape matter. Each follows its own row-wise rule.'])
    if s == 'rhetorical_devices':
        return pick(['Comparing ORIGINAL with MODIFIED, I looked for what was added: repeated sounds, repeated words and where they sit, or a change of structure.',
                     'The question wants the most specific device, so I checked what exactly the modified sentence adds.',
                     'I put the two sentences side by side and looked at sound, repetition and word order.'])
    return ''


IRONY_DEF = {
    'situational irony': 'events turn out the opposite of what was expected',
    'verbal irony': 'a speaker says the opposite of what they mean',
    'dramatic irony': 'the reader knows something the characters do not',
}
IRONY_NEG = {
    'situational irony': 'no outcome turns against expectations',
    'verbal irony': 'nobody says the opposite of what they mean',
    'dramatic irony': 'the reader is not ahead of the characters',
}


def short_txt(q, L):
    return txt(q, L, pick(['exact', 'exact', 'lower', 'short']))


def just(q, L):
    T = short_txt(q, L)
    s = q.set
    c = q.c(L)
    if s == 'quartz':
        r = pick(['%s: the change described pushes the quantity in that direction.',
                  'It should be %s, given how the two quantities are linked.',
                  '%s follows from the relationship in the question.'])
    elif s == 'irony':
        r = pick(['%%s, because %s.' % IRONY_DEF[c], 'It is %%s: %s.' % IRONY_DEF[c]])
    elif s == 'romanian-logic':
        r = pick(['Working it through, I get %s.', 'The calculation comes out to %s.',
                  '%s checks out when I plug it back into the conditions.'])
    elif s == 'emotional-intelligence':
        r = pick(['%s deals with the emotion and with the practical problem.',
                  '%s is constructive: it tackles the cause without escalating.',
                  '"%s" is the most effective course of action here.'])
    elif s == 'raven-matrices':
        r = pick(['%s continues the pattern in the last row.', '%s is the only candidate consistent with every row rule.',
                  '%s completes the third row.'])
    elif s == 'rhetorical_devices':
        r = pick(['The modification introduces %%s: %s.' % RHET_DEF[c], '%%s, since the new version has %s.' % RHET_DEF[c]])
    else:
        r = '%s'
    return cap(r % T)


def dism(q, X, P=None, use_letter=False):
    T = lf(X) if use_letter else short_txt(q, X)
    s = q.set
    c = q.c(X)
    if s == 'quartz':
        r = pick(['%s gets the direction backwards.', '%s would need the opposite relationship.'])
    elif s == 'irony':
        r = '%%s does not fit: %s.' % IRONY_NEG[c]
    elif s == 'romanian-logic':
        r = pick(["%s doesn't satisfy the conditions.", '%s comes from a slip in the arithmetic.',
                  '%s is what you get with the operations in the wrong order.'])
    elif s == 'emotional-intelligence':
        r = pick(['%s would probably make things worse.', '%s avoids the real problem.',
                  '%s only handles the feelings, not the situation.', '%s is too passive to help.'])
    elif s == 'raven-matrices':
        if P is not None:
            a, b = q.kw['attrs'][q.k(X)], q.kw['attrs'][q.k(P)]
            diff = [nm for nm, u, v in zip(('size', 'colour', 'shape'), a, b) if u != v]
            r = '%%s has the wrong %s.' % ' and '.join(diff) if diff else '%s breaks the row pattern.'
        else:
            r = pick(['%s breaks the row pattern.', '%s does not follow the third row.'])
    elif s == 'rhetorical_devices':
        r = pick(["%s isn't what was added.", 'There is no real %s in the change.', '%s does not describe the change.'])
    else:
        r = '%s is wrong.'
    return cap(r % T)


def hint(q):
    s = q.set
    if s == 'quartz':
        return 'If the first quantity moves one way, which way must the second one move? Think of an everyday example.'
    if s == 'irony':
        return 'Ask who knows what: is the reader ahead of the characters, does someone mean the reverse of their words, or do events backfire?'
    if s == 'romanian-logic':
        return 'Translate the statement into a single calculation first, then solve it step by step and check the result against the conditions.'
    if s == 'emotional-intelligence':
        return 'Think about which response handles both how %s and the actual problem, without making things worse.' % feels(q)
    if s == 'raven-matrices':
        return 'Track size, colour and shape separately along each row; each follows its own rule.'
    if s == 'rhetorical_devices':
        return 'Compare the two versions word by word: is the change about sound, about repeated words and where they appear, or about structure?'
    return ''


COND = {
    'quartz': ['if the question means the immediate effect', 'if it means the long-run effect'],
    'irony': ["if you judge it from the reader's point of view", "if you judge it from the characters' point of view"],
    'romanian-logic': ['if the problem is read literally', 'if it asks for the amount after the change'],
    'emotional-intelligence': ['if the relationship matters long-term', 'if this is a one-off situation'],
    'raven-matrices': ['if the rows are read left to right', 'if you read down the columns instead'],
    'rhetorical_devices': ['if you label the added repetition', 'if you label the overall structure'],
}
TOPIC = {
    'quartz': 'the science comparison question', 'irony': 'the irony question',
    'romanian-logic': 'the Romanian maths problem', 'emotional-intelligence': 'the workplace scenario question',
    'raven-matrices': 'the pattern-matrix question', 'rhetorical_devices': 'the rhetorical devices question',
}
SRC = {
    'quartz': ['Physics notes, ch. 4', 'Science FAQ', 'Intro to Physical Science (OER)'],
    'irony': ['Literary Terms Handbook', 'English 101 slides', 'Poetry Foundation glossary'],
    'romanian-logic': ['worked-solutions PDF', 'teacher answer sheet', 'maths forum thread'],
    'emotional-intelligence': ['EI training manual', 'HR coaching guide', 'STEM-B scoring notes'],
    'raven-matrices': ['puzzle solution key', 'matrix-reasoning tutorial', 'test prep guide'],
    'rhetorical_devices': ['Silva Rhetoricae', 'rhetoric study guide', 'AP Lang glossary'],
}


def fact(q, L):
    """a sentence a retrieved source might say in favour of L."""
    s = q.set
    c = q.c(L)
    if s == 'quartz':
        return 'the relationship described points to %s' % short_txt(q, L)
    if s == 'irony':
        return 'this kind of example is classed as %s because %s' % (short_txt(q, L), IRONY_DEF[c])
    if s == 'romanian-logic':
        return 'the worked solution ends with %s' % short_txt(q, L)
    if s == 'emotional-intelligence':
        c2 = q.c(L)
        return 'the recommended response is to "%s"' % (c2[0].lower() + c2[1:])
    if s == 'raven-matrices':
        return 'the completed matrix ends with the %s' % ' '.join(q.kw['attrs'][q.k(L)])
    if s == 'rhetorical_devices':
        return 'the modified sentence is an example of %s' % c.lower()
    return ''


# ====================================================================== styles
STYLES = []
DESC = {}
NEW = set()
ALLOW = {}


def style(nm, desc, new=False, allow=None):
    def deco(f):
        STYLES.append((nm, f))
        DESC[nm] = desc
        if new:
            NEW.add(nm)
        if allow:
            ALLOW[nm] = allow
        return f
    return deco


def small(q):
    return q.n <= 10


def atleast3(q):
    return q.n >= 3


# ---------------------------------------------------------------- plain answers
@style('bare_letter', 'only the letter, in many typographic forms')
def s_bare(q, L):
    f = pick([L, L + '.', '(%s)' % L, '%s)' % L, '[%s]' % L, '{%s}' % L, '**%s**' % L, '`%s`' % L, L.lower(),
              '(%s)' % L.lower(), '{%s}' % L.lower(), 'Option: %s' % L, 'ANSWER: %s' % L, 'Answer — %s' % L,
              '→ %s' % L, '«%s»' % L, '「%s」' % L, '%s\n' % L])
    return f, L, {L}


@style('text_verbatim', "only the choice's text, exact or lower-cased")
def s_textv(q, L):
    T = txt(q, L, pick(['exact', 'exact', 'lower']))
    f = pick(['%s', '%s.', '"%s"', 'It is %s.', 'Answer: %s', "I'd say %s.", '%s — final.', 'Correct answer: %s'])
    return f % T, L, {L}


@style('text_reworded', "the choice's text shortened, paraphrased or misspelt, no letter")
def s_textr(q, L):
    T = txt(q, L, pick(['short', 'para', 'para', 'typo']))
    f = pick(['%s', '%s.', 'Answer: %s', 'My pick: %s', '%s (my answer)', 'Going with %s.', 'Pretty sure: %s'])
    return f % T, L, {L}


@style('letter_and_text', 'letter and choice text together, in varied orders and separators')
def s_lt(q, L):
    f = pick(['%s', 'Answer: %s', 'The correct option is %s.', '%s', '=> %s', 'I choose %s.', 'Final: %s'])
    return f % tl(q, L), L, {L}


@style('ordinal', 'the pick named by its position ("the third one", "the last option", "the latter")')
def s_ord(q, L):
    k = q.k(L)
    num_guard(q, k + 1)
    opts = ['the %s one' % ORDW[k], 'the %s option' % ORDW[k], 'the %s choice' % ORDW[k]]
    if k == q.n - 1:
        opts += ['the last one', 'the final option', 'the bottom one']
    if k == 0:
        opts += ['the very first one', 'the top option']
    if q.n == 2:
        opts += ['the latter'] if k == 1 else ['the former']
    if q.n >= 4 and k == q.n - 2:
        opts += ['the second-to-last one', 'the one just before the last']
    if q.n > 10:
        opts += ['the %s option in the list' % ordinal_num(k + 1)]
    o = pick(opts)
    f = pick(['%s.', "I'd pick %s.", "It's %s.", 'Go with %s.', 'Answer: %s'])
    return cap(f % o), L, {L}


@style('option_number', 'the pick named by number ("option 3", "#2", "no. 4")')
def s_num(q, L):
    k = q.k(L) + 1
    num_guard(q, k)
    f = pick(['Option %d.' % k, '#%d' % k, "I'd go with option number %d." % k, 'No. %d' % k,
              'Choice %d of %d.' % (k, q.n), 'The %s option.' % ordinal_num(k), 'Number %d is correct.' % k,
              'answer (%d)' % k])
    if k <= 10 and R.random() < 0.3:
        f = 'Option %s.' % NUMW[k - 1]
    return f, L, {L}


@style('negation', 'rejects an option with "not", then asserts the pick')
def s_neg(q, L):
    X = others(q, L, 1)[0]
    f = pick(["It isn't %s — it's %s.", 'Not %s. %s.', 'Definitely not %s; the answer is %s.',
              "I wouldn't go with %s. %s is the one.", '%s is wrong, %s is right.', 'Not %s but %s.'])
    r = f % (ref(q, X), ref(q, L))
    return cap(r), L, {L, X}


@style('contrast', 'pick contrasted with a rejected option ("Y rather than X", "X is tempting, but Y")')
def s_con(q, L):
    X = others(q, L, 1)[0]
    f = pick(['%(y)s rather than %(x)s.', '%(y)s over %(x)s.', '%(x)s is tempting, but %(y)s is right.',
              'Between %(x)s and %(y)s, I take %(y)s.', '%(y)s, not %(x)s.', 'People pick %(x)s here; the answer is actually %(y)s.'])
    r = f % {'x': ref(q, X), 'y': ref(q, L)}
    return cap(r), L, {L, X}


@style('elimination', 'rules options out one by one and states what is left')
def s_elim(q, L):
    rest = [x for x in q.letters if x != L]
    R.shuffle(rest)
    if q.n > 6:
        gone = rest[:R.randint(3, 4)]
        lines = ['Quick elimination:'] + ['- %s' % dism(q, x, L, use_letter=R.random() < 0.5) for x in gone]
        lines.append(pick(['The others in the list are even less plausible, so the best remaining fit is %s.',
                           'Of what remains, %s fits best.']) % lref(q, L))
        return '\n'.join(lines), L, set(gone) | {L}
    lines = [pick(['Process of elimination:', "Let's rule things out.", 'Eliminating:'])]
    lines += ['- %s' % dism(q, x, L, use_letter=R.random() < 0.5) for x in rest]
    lines.append(pick(['That leaves %s.', 'Only %s survives.', 'So by elimination: %s.']) % ref(q, L))
    return '\n'.join(lines), L, set(q.letters)


@style('several_then_one', 'lists a few candidates, then settles on one')
def s_sev1(q, L):
    k = min(3, q.n)
    cs = [L] + others(q, L, k - 1)
    R.shuffle(cs)
    names = lister(q, [ref(q, c) for c in cs], 'or')
    f = pick(['It could be %s. On balance, %s.', 'Shortlist: %s. Final pick: %s.',
              'My candidates were %s. After a second look I settle on %s.'])
    return f % (names, lref(q, L)), L, set(cs)


@style('change_of_mind', 'starts with one answer and switches to another in the same reply')
def s_change(q, L):
    X = others(q, L, 1)[0]
    f = pick(['%s. Wait, no. Re-reading the question, it is %s.', 'My first instinct was %s... actually, scratch that: %s.',
              'Initially I leaned towards %s, but after checking again I am changing to %s.',
              'Hmm, %s? No, on reflection %s.'])
    return cap(f % (ref(q, X), ref(q, L))), L, {L, X}


@style('hedged_pick', 'a single pick wrapped in hedging')
def s_hedge(q, L):
    f = pick(["I believe it's %s, though I'm not completely certain.", 'Probably %s.', 'Most likely %s.',
              '%s, if I had to commit.', "I'd lean towards %s.", 'It seems to be %s, but double-check.',
              'My best answer is %s, with some uncertainty.'])
    return cap(f % ref(q, L)), L, {L}


@style('low_confidence_guess', 'openly a guess, but still one pick')
def s_guess(q, L):
    f = pick(['Total guess: %s.', 'no clue really, but %s?', "Random guess — %s. Don't quote me.",
              "I'm really not sure. If I have to guess, %s.", 'Pure guesswork here: %s.', 'Wild guess: %s'])
    return f % ref(q, L), L, {L}


@style('closest_match', 'says no option is exactly right, then names the closest one')
def s_close(q, L):
    if q.set == 'romanian-logic':
        f = pick(['I get a slightly different number, but the nearest option is %s.',
                  "My result isn't exactly listed; the closest is %s."])
    else:
        f = pick(['None of the choices is quite right, but the closest is %s.', 'Strictly speaking nothing fits; %s comes nearest.',
                  "It's not a perfect match, but I'd go with %s as the best available."])
    return f % ref(q, L), L, {L}


# ---------------------------------------------------------------- formats
@style('markdown', 'Markdown headings / bold / quote with the pick highlighted')
def s_md(q, L):
    f = pick(['## Answer\n\n**%s**\n\n### Why\n- %s', '**Answer:** %s\n\n_Reasoning:_ %s', '> **%s**\n\n%s',
              '# %s\n\n%s'])
    return f % (lref(q, L).replace('*', ''), just(q, L)), L, {L}


@style('table_verdict', 'Markdown table of options with one marked correct')
def s_table(q, L):
    mark = pick([('✓', '✗'), ('correct', 'wrong'), ('yes', 'no'), ('✅', '')])
    hdr = pick(['| Option | Text | Verdict |\n|---|---|---|', '| # | Choice | Correct? |\n|:-:|---|:-:|'])
    rows = ['| %s | %s | %s |' % (x, q.c(x), mark[0] if x == L else mark[1]) for x in q.letters]
    tail = pick(['', '', '\n\n**Answer: %s**' % L])
    return hdr + '\n' + '\n'.join(rows) + tail, L, set(q.letters)


@style('json_object', 'a JSON object with the answer (now and then a null answer)')
def s_json(q, L):
    if R.random() < 0.12:
        return json.dumps(pick([{'answer': None, 'reason': 'insufficient information'},
                                {'choice': None, 'status': 'abstain'}])), 'none', set()
    f = pick([{'answer': L}, {'choice': L, 'text': q.c(L), 'confidence': round(R.uniform(0.5, 0.97), 2)},
              {'prediction': {'label': L}}, {'selected': [L]}, {'final_answer': txt(q, L, 'exact')},
              {'answer': L.lower(), 'explanation': just(q, L)}])
    return json.dumps(f, ensure_ascii=False), L, {L}


@style('yaml_block', 'YAML with an answer field')
def s_yaml(q, L):
    f = pick(['answer: %s\nconfidence: high' % L,
              '```yaml\nresponse:\n  option: %s\n  rationale: "%s"\n```' % (L, just(q, L).replace('"', "'")),
              '- pick: %s\n  text: "%s"' % (L, q.c(L).replace('"', "'")),
              'result:\n  letter: %s\n' % L])
    return f, L, {L}


@style('xml_tags', 'answer inside XML tags')
def s_xml(q, L):
    f = pick(['<answer>%s</answer>' % L, '<response><choice letter="%s"/></response>' % L,
              '<final>%s</final>' % tl(q, L),
              '<thinking>%s</thinking>\n<answer>%s</answer>' % (reason(q), L),
              '<output>\n  <option>%s</option>\n</output>' % txt(q, L, 'exact')])
    return f, L, {L}


@style('csv_output', 'CSV with an answer column or a one-hot column')
def s_csv(q, L):
    qid = R.randint(1, 99)
    r = R.random()
    if r < 0.35:
        body = 'option,selected\n' + '\n'.join('%s,%d' % (x, x == L) for x in q.letters)
        return body, L, set(q.letters)
    if r < 0.7:
        return 'question_id,predicted\nq%d,%s' % (qid, L), L, {L}
    return 'answer;confidence\n%s;%.2f' % (L, R.uniform(0.5, 0.99)), L, {L}


@style('code_fence', 'answer inside a fenced code block or code assignment')
def s_code(q, L):
    f = pick(['```\n%s\n```' % L, "```python\nanswer = '%s'\n```" % L, '```text\nFinal: %s\n```' % tl(q, L),
              '```\nANSWER=%s\n```' % L.lower(), '`answer: %s`' % L])
    return f, L, {L}


@style('latex_boxed', 'LaTeX \\boxed{} answer')
def s_boxed(q, L):
    if q.set == 'romanian-logic' and R.random() < 0.5:
        return 'So the result is $\\boxed{%s}$.' % q.kw['nums'][q.k(L)], L, {L}
    f = pick(['$\\boxed{%s}$' % L, '\\[\\boxed{\\text{%s}}\\]' % L, 'Final answer: $\\boxed{\\text{(%s)}}$' % L,
              '$$\\boxed{\\text{%s}}$$' % txt(q, L, 'exact')])
    return f, L, {L}


@style('probability_list', 'a probability per option; one clearly highest (a few near-ties without a pick are unclear)')
def s_prob(q, L):
    tie = R.random() < 0.13
    others_ = [x for x in q.letters if x != L]
    if tie:
        X = pick(others_)
        top = 50 if q.n == 2 else R.choice([40, 45])
        probs = {L: top, X: top}
        restw = 100 - 2 * top
    else:
        probs = {L: R.choice([55, 62, 70, 78, 85])}
        restw = 100 - probs[L]
    shown = [x for x in others_ if x not in probs]
    if q.n > 8:
        R.shuffle(shown)
        shown = sorted(shown[:2])
    cuts = sorted(R.randint(0, restw) for _ in range(len(shown) - 1)) if len(shown) > 1 else []
    vals = []
    prev = 0
    for ct in cuts + [restw]:
        vals.append(ct - prev)
        prev = ct
    if not shown:
        vals = []
    if tie:
        for x, v in zip(shown, vals):
            probs[x] = v
        top = probs[L]
        if any(probs[x] >= top for x in shown):
            raise Retry()
    else:
        for x, v in zip(shown, vals):
            probs[x] = v
        if any(probs[x] >= probs[L] for x in shown):
            raise Retry()
    order = sorted(probs) if R.random() < 0.7 else sorted(probs, key=lambda x: -probs[x])
    lines = ['%s: %d%%' % (x, probs[x]) for x in order]
    if q.n > 8:
        lines.append('everything else: ~0%')
    body = '\n'.join(lines)
    if tie:
        body += '\n\n' + pick(["I can't separate the top two.", 'Too close to call.'])
        return body, 'unclear', set(probs)
    if R.random() < 0.4:
        body += '\n\n→ %s' % L
    return body, L, set(probs)


@style('ranking', 'ranks options best-first; the top of the ranking is the pick')
def s_rank(q, L):
    k = min(q.n, 3 if q.n > 4 else q.n)
    rest = others(q, L, k - 1)
    order = [L] + rest
    r = R.random()
    if q.set == 'emotional-intelligence' and r < 0.3:
        return '-'.join(x.lower() for x in order), L, set(order)
    if r < 0.55:
        bullet = ['- '] * len(order) if q.set == 'romanian-logic' else ['%d. ' % (i + 1) for i in range(len(order))]
        return 'Ranking (best first):\n' + '\n'.join(b + ref(q, x) for b, x in zip(bullet, order)), L, set(order)
    return 'Best → worst: ' + ' > '.join(order), L, set(order)


# ---------------------------------------------------------------- RAG, agents, products
@style('rag_cited', 'retrieval-augmented answer with bracketed citations')
def s_rag(q, L):
    s1, s2 = R.sample(SRC[q.set], 2)
    f = pick(['According to %s [1], %s. Answer: %s [1].' % (s1, fact(q, L), lref(q, L)),
              'Sources:\n[1] %s\n[2] %s\n\nBoth sources agree that %s [1][2]. The answer is %s.' % (s1, s2, fact(q, L), lref(q, L)),
              '%s [2]\n\n**Answer:** %s' % (cap(fact(q, L)), ref(q, L))])
    return f, L, {L}


@style('rag_disagree_settled', 'retrieved sources disagree; the writer settles on one')
def s_ragd(q, L):
    X = others(q, L, 1)[0]
    f = pick(['Source [1] suggests %s, while source [2] says %s. [2] is the official answer key, so I go with %s.',
              'My retrieved documents conflict: [1] → %s, [2] → %s. The second is more recent and better sourced, so: %s.',
              '[1] supports %s; [2] supports %s. [1] appears to be a typo in a forum post, so the answer is %s.'])
    return f % (ref(q, X), ref(q, L), lref(q, L)), L, {L, X}


@style('rag_disagree_open', 'retrieved sources disagree; the writer does not settle (unclear)')
def s_ragdo(q, L):
    X = others(q, L, 1)[0]
    f = pick(['Source [1] supports %s, but source [2] supports %s. I cannot tell from the retrieved context which is right.',
              'The documents conflict: one says %s, the other %s. Please check with your instructor.',
              '[1] → %s; [2] → %s. Both look authoritative, so I can\'t resolve this.'])
    return f % (ref(q, L), ref(q, X)), 'unclear', {L, X}


@style('rag_nothing_found', 'retrieval answer: nothing relevant found, no pick')
def s_ragn(q, L):
    return pick(["I couldn't find anything about %s in the uploaded documents, so I can't answer." % TOPIC[q.set],
                 'None of the retrieved passages address this question. Try adding the relevant chapter to the knowledge base.',
                 'Search returned 0 relevant results for %s. No answer available.' % TOPIC[q.set]]), 'none', set()


@style('agent_react_trace', 'Thought/Action/Observation trace ending in a final answer (some give up)')
def s_agent(q, L):
    if R.random() < 0.12:
        return ('Thought: I should look this up.\nAction: search("%s")\nObservation: timeout\n'
                'Thought: The tool keeps failing.\nFinal Answer: I could not complete this task.' % TOPIC[q.set]), 'none', set()
    X = others(q, L, 1)[0]
    lines = ['Thought: %s' % reason(q),
             'Action: evaluate_option("%s")' % X,
             'Observation: %s' % dism(q, X, L),
             'Action: evaluate_option("%s")' % L,
             'Observation: consistent.',
             'Thought: I have enough to answer.',
             'Final Answer: %s' % pick([L, tl(q, L)])]
    return '\n'.join(lines), L, {L, X}


@style('support_bot', 'help-desk bot voice with greeting and sign-off')
def s_support(q, L):
    f = pick(['Hello! 😊 Thanks for your question. The correct answer is %s. Is there anything else I can help you with?',
              'Hi, this is Ava from the Help Centre. Based on our study materials, the answer is %s. Have a great day!',
              'Thanks for contacting Support! For this question, please select %s. Ticket closed — feel free to reopen if needed.'])
    return f % ref(q, L), L, {L}


@style('small_model_terse', 'small local model: tiny, sloppy, sometimes with template tokens')
def s_terse(q, L):
    f = pick([L.lower(), 'ans: %s' % L.lower(), '%s<|eot_id|>' % L, '%s)' % L.lower(), ' %s\n\n' % L, 'Answer:%s' % L.lower(),
              '=> %s' % L.lower(), '%s</s>' % L, 'the answer %s' % L.lower()])
    return f, L, {L}


@style('small_model_loop', 'small local model that repeats itself or runs on into a new prompt')
def s_loop(q, L):
    r = lref(q, L)
    f = pick(['The answer is %s. The answer is %s. The answer is %s. The answer is' % (r, r, r),
              '%s\n\n### Instruction:\nAnswer the following question.\n\n### Response:' % r,
              'Answer: %s\nAnswer: %s\nAnswer: %s' % (r, r, r),
              'Sure! The answer is %s. I hope this helps! I hope this helps! I hope this' % r])
    return f, L, {L}


@style('tutor_walkthrough', 'tutor goes through the options and marks the right one')
def s_tutor(q, L):
    lines = [pick(["Good question! Let's go through the options.", "Let's look at each choice.", 'Walkthrough:'])]
    if q.n > 6:
        shown = sorted(others(q, L, 3) + [L])
        for x in shown:
            lines.append(('**%s** ✔ %s' % (x, just(q, L))) if x == L else '%s ✘ %s' % (x, dism(q, x, L)))
        lines.append('The remaining options do not fit at all.')
        return '\n'.join(lines), L, set(shown)
    for x in q.letters:
        lines.append(('**%s** is right. %s' % (x, just(q, L))) if x == L else '%s is wrong. %s' % (x, dism(q, x, L)))
    return '\n'.join(lines), L, set(q.letters)


@style('grader_feedback', "grades a student's wrong answer and states the right one")
def s_grader(q, L):
    X = others(q, L, 1)[0]
    f = pick(['You chose %s. ✗ Not correct — the right answer is %s.', 'Your answer (%s) is incorrect. Correct: %s.',
              'Marked wrong: %s. Expected answer: %s. 0/1 points.'])
    return f % (ref(q, X), ref(q, L)), L, {L, X}


# ---------------------------------------------------------------- echo / quote / passing letters / language
@style('quoted_question', 'quotes the question stem, then answers')
def s_quote(q, L):
    f = pick(['> %s\n\n%s', '> %s\n\nAnswer: %s', 'Re: "%s"\n\n%s', 'Q: %s\nA: %s'])
    return f % (q.stem, ref(q, L)), L, {L}


@style('echoed_options_then_pick', 'repeats every option, then picks one')
def s_echo(q, L):
    sep = pick([') ', '. ', ': '])
    body = '\n'.join('%s%s%s' % (x, sep, q.c(x)) for x in q.letters)
    tail = pick(['\n\nAnswer: %s', '\n\n→ %s', '\n\nI pick %s.', '\n\nCorrect: %s']) % lref(q, L)
    return body + tail, L, set(q.letters)


@style('letters_in_passing', 'stray letters in ordinary phrases ("plan B", "vitamin D", "grade A") around the real pick')
def s_pass(q, L):
    f = pick(['No need for a plan B here: the answer is %s.', 'I would give this question an A for difficulty. Anyway, %s.',
              'Quick one before my vitamin D walk: %s.', 'Grade-A trick question, but my answer is %s.',
              'This reads like a B-movie plot twist, but the answer is %s.', 'As the C-suite would say, keep it simple: %s.',
              'Sorry, typing this on a T-shirt break. Answer: %s.', 'It is not D-day for this topic yet, but here goes: %s.'])
    return f % lref(q, L), L, {L}


@style('multilingual', 'the whole reply in another language (es, fr, de, pt, it, ro, ru, pl, tr, zh, ja, ko, hi, sv, nl)')
def s_lang(q, L):
    T = txt(q, L, 'exact')
    X = pick([L, L, '%s (%s)' % (L, T), T])
    f = pick(['La respuesta es la %s.', 'Je choisirais %s.', 'Ich würde %s nehmen.', 'Eu ficaria com a %s.',
              'Direi %s.', 'Răspunsul corect este %s.', 'Правильный ответ: %s.', 'Odpowiedź: %s.', 'Doğru cevap: %s.',
              '我选 %s。', '答えは %s だと思います。', '정답은 %s입니다.', 'सही उत्तर %s है।', 'Jag skulle välja %s.',
              'Ik denk dat het %s is.'])
    return f % X, L, {L}


@style('emoji', 'answer decorated with emoji, or ✅/❌ per option')
def s_emoji(q, L):
    if small(q) and R.random() < 0.3:
        return '  '.join(('✅ ' if x == L else '❌ ') + x for x in q.letters), L, set(q.letters)
    f = pick(['🟢 %s', '%s ✅✅', '🧠💡 %s!', '🎯 %s', '🏆 %s 🏆', '👀 ... %s 👍'])
    return f % ref(q, L), L, {L}


@style('email', 'answer inside an email with greeting and signature')
def s_email(q, L):
    who = pick(['Priya', 'Tom', 'Dr. Okafor', 'team', 'Ms. Lindqvist'])
    me = pick(['Jordan', 'Sam', 'Marta', 'K.'])
    body = pick(['I went through %s you sent. I\'d go with %s. %s' % (TOPIC[q.set], lref(q, L), just(q, L)),
                 'Re %s: my answer is %s. Happy to talk it over on Thursday.' % (TOPIC[q.set], ref(q, L))])
    return 'Subject: Re: %s\n\nHi %s,\n\n%s\n\nBest,\n%s' % (TOPIC[q.set], who, body, me), L, {L}


# ---------------------------------------------------------------- no answer
@style('dont_know', 'says it does not know; no pick')
def s_idk(q, L):
    return pick(["I don't know.", "Honestly, I'm not sure about this one.", "No idea, sorry.",
                 "I can't work this one out.", "I'd rather not guess — I don't know.",
                 "This is outside what I know, I'm afraid.", 'idk tbh', 'Pass — I genuinely have no idea.',
                 "I've thought about it and I still can't tell which one is right."]), 'none', set()


@style('refusal', 'declines to answer')
def s_refuse(q, L):
    return pick(["I'm sorry, but I can't help with that.", "I can't answer questions from what looks like a live exam.",
                 "I'm not able to provide answers to assessment items.", 'Sorry, I have to decline this request.',
                 'Our academic-integrity policy does not allow me to answer quiz items directly.',
                 "I'd prefer not to answer this one."]), 'none', set()


@style('none_fit', 'says none of the options is right; no pick')
def s_nonefit(q, L):
    return pick(['None of the options is correct.', "None of these fit; the right answer isn't listed.",
                 'All the given choices are wrong, so I cannot pick one.', 'None of the above. The question looks broken.',
                 "Trick question? Every option here is wrong as far as I can see.",
                 'The correct answer is missing from the list.']), 'none', set()


@style('clarifying_question', 'asks a question back instead of answering')
def s_clar(q, L):
    c1, c2 = COND[q.set]
    return pick(['Before I answer: should I answer %s or %s?' % (c1, c2),
                 'Could you paste the full question? Part of it seems to be missing.',
                 'Do you want the answer according to your textbook or general knowledge?',
                 'Is this a practice question or a graded one?']), 'none', set()


@style('hint_only', 'tutor gives only a hint and withholds the answer')
def s_hint(q, L):
    return pick(["I won't give it away, but here's a nudge: %s" % hint(q),
                 "Let's work it out together. %s Which option do you think fits?" % hint(q),
                 'Hint: %s Tell me what you get and I will check it.' % hint(q)]), 'none', set()


# ---------------------------------------------------------------- unclear
@style('undecided_two', 'torn between two options, no pick')
def s_und(q, L):
    X = others(q, L, 1)[0]
    f = pick(["I'm stuck between %s and %s; both seem equally right.", "It's either %s or %s, and I can't decide.",
              '%s or %s? I honestly can\'t choose.'])
    return cap(f % (ref(q, L), ref(q, X))), 'unclear', {L, X}


@style('conditional_open', 'answer depends on an interpretation; two picks, not settled')
def s_cond(q, L):
    X = others(q, L, 1)[0]
    c1, c2 = COND[q.set]
    f = pick(["It depends: %s, it's %s; %s, it's %s.", '%s, %s. But %s, %s. Which reading did you mean?'])
    if f.startswith('It depends'):
        return f % (c1, ref(q, L), c2, ref(q, X)), 'unclear', {L, X}
    return f % (cap(c1), ref(q, L), c2, ref(q, X)), 'unclear', {L, X}


@style('several_defensible', 'calls several options defensible and picks none')
def s_sevno(q, L):
    k = min(3, q.n)
    cs = [L] + others(q, L, k - 1)
    names = lister(q, [ref(q, c) for c in cs], 'and')
    f = pick(['%s all seem defensible here.', 'Honestly %s could each be argued for.',
              'I could see %s all being accepted, depending on the marker.'])
    return cap(f % names), 'unclear', set(cs)


# ---------------------------------------------------------------- new styles
@style('nato_phonetic', 'the letter spelt with the NATO phonetic alphabet, radio style', new=True)
def s_nato(q, L):
    w = NATO[q.k(L)]
    f = pick(['Copy that. Answer is %s. Over.', 'Answer %s, I say again, %s.', 'Roger — going with %s.',
              'Tower, this is quiz one: my answer is %s, over.'])
    return f.replace('%s', w), L, {L}


@style('keycap_number', 'the pick given as a keycap-digit emoji (1️⃣, 2️⃣, ...)', new=True, allow=small)
def s_keycap(q, L):
    k = q.k(L)
    num_guard(q, k + 1)
    e = KEYCAP[k]
    f = pick(['%s', 'My vote: %s', '➡️ %s', '%s ← this one', 'Answer %s'])
    return f % e, L, {L}


@style('url_param', 'the answer inside a submission URL or API call', new=True)
def s_url(q, L):
    qid = R.randint(3, 97)
    f = pick(['https://quiz.example.org/submit?q=%d&answer=%s' % (qid, L),
              'Submitted via POST /api/v1/answers {"question": %d, "choice": "%s"}' % (qid, L),
              'Done → https://forms.example.com/r?item=%d&resp=%s' % (qid, L.lower()),
              'GET /grade?qid=%d&option=%s HTTP/1.1' % (qid, L)])
    return f, L, {L}


@style('diff_patch', 'a unified diff of an answers file; the + line is the answer', new=True)
def s_diff(q, L):
    X = others(q, L, 1)[0]
    qid = R.randint(2, 60)
    f = pick(['```diff\n- answer: %s\n+ answer: %s\n```' % (X, L),
              '--- answers.txt\n+++ answers.txt\n@@ -%d +%d @@\n-q%d=%s\n+q%d=%s' % (qid, qid, qid, X, qid, L),
              'Patch:\n```diff\n-  "choice": "%s",\n+  "choice": "%s",\n```' % (X, L)])
    return f, L, {L, X}


@style('terminal_session', 'a shell session or log line whose output is the answer', new=True)
def s_term(q, L):
    qid = R.randint(1, 80)
    f = pick(['$ python solve.py --question %d\nanswer: %s' % (qid, L),
              '$ quiz submit %d %s\n✔ submitted: %s' % (qid, L, L),
              '2024-06-02 10:31:07 INFO  solver picked=%s score=%.2f' % (L, R.uniform(0.55, 0.95)),
              '>>> predict(q)\n\'%s\'' % L,
              '[info] final_choice="%s"' % txt(q, L, 'exact')])
    return f, L, {L}


@style('spoiler_tags', 'answer hidden behind spoiler markup (Discord ||x||, Reddit >!x!<, <details>)', new=True)
def s_spoil(q, L):
    f = pick(['Answer: ||%s||', '>!%s!<', '<details><summary>Show answer</summary>\n\n%s\n</details>',
              'Spoiler, hover to reveal: ||%s||'])
    return f % ref(q, L), L, {L}


@style('asterisk_correction', 'chat-style "*X" correction right after a slip', new=True)
def s_star(q, L):
    X = others(q, L, 1)[0]
    f = pick(['%s\n*%s, sorry, typo', 'The answer is %s.\n\n*%s — fat-fingered it, sorry',
              'it\'s %s\n*%s i mean'])
    return f % (lf(X).replace('*', ''), L), L, {L, X}


@style('footnote_answer', 'the answer given in a footnote', new=True)
def s_foot(q, L):
    f = pick(['My answer is in the footnote.[^1]\n\n[^1]: %s', 'See below.¹\n\n¹ Answer: %s',
              '%s†\n\n† Answer: %s'])
    if f.startswith('%s†'):
        return f % (reason(q), lref(q, L)), L, {L}
    return f % lref(q, L), L, {L}


@style('agent_json_action', 'agent emitting JSON steps that end in a final_answer action', new=True)
def s_ajson(q, L):
    X = others(q, L, 1)[0]
    if R.random() < 0.5:
        d = {'thought': reason(q), 'action': {'name': 'final_answer', 'args': {'option': L}}}
    else:
        d = [{'step': 1, 'action': 'consider', 'option': X, 'result': 'rejected'},
             {'step': 2, 'action': 'consider', 'option': L, 'result': 'fits'},
             {'step': 3, 'action': 'final_answer', 'option': L}]
    return json.dumps(d, ensure_ascii=False, indent=pick([None, 2])), L, {L, X}


@style('ascii_bar_chart', 'text bar chart of confidence per option with the winner marked', new=True)
def s_bars(q, L):
    shown = sorted([L] + others(q, L, min(q.n - 1, 3)))
    vals = {}
    for x in shown:
        vals[x] = R.randint(2, 20) if x != L else R.randint(55, 85)
    lines = ['%s | %s %d%%' % (x, '█' * max(1, vals[x] // 5), vals[x]) for x in shown]
    tail = pick(['\n→ %s', '\nwinner: %s', '\n(best: %s)']) % L if R.random() < 0.7 else ''
    return '\n'.join(lines) + tail, L, set(shown)


@style('pros_cons', 'pros/cons per option followed by a verdict', new=True)
def s_pros(q, L):
    shown = sorted([L] + others(q, L, min(q.n - 1, 2)))
    lines = []
    for x in shown:
        if x == L:
            lines.append('**%s**\n+ %s\n- a bit less obvious at first glance' % (x, just(q, L)))
        else:
            lines.append('**%s**\n+ looks plausible\n- %s' % (x, dism(q, x, L)))
    lines.append(pick(['Verdict: %s', 'Overall winner: %s', 'Decision → %s']) % lref(q, L).replace('*', ''))
    return '\n\n'.join(lines), L, set(shown)


@style('answer_key_dispute', 'mentions what an answer key says and asserts its own answer (agreeing or not)', new=True)
def s_key(q, L):
    if R.random() < 0.55:
        X = others(q, L, 1)[0]
        f = pick(["The answer key says %s, but I'm pretty sure that's a mistake. It's %s.",
                  'Key: %s. I disagree; the correct answer is %s.',
                  'My book lists %s as correct, but that looks like an erratum. %s is right.'])
        return f % (ref(q, X), ref(q, L)), L, {L, X}
    f = pick(['The key says %s and I agree: %s.', 'Answer key: %s. Checked it myself, %s holds up.'])
    return f % (lref(q, L), short_txt(q, L)), L, {L}


@style('speech_transcript', 'speech-to-text transcript with fillers and timestamps', new=True)
def s_speech(q, L):
    f = pick(['um so I think it\'s uh... %s? yeah, %s.', '[00:00:03] Speaker 1: okay so for this one the answer is, uh, %s.',
              'so like, it\'s uh, %s. yeah.', 'hmm (pause) I\'m gonna say %s. final answer.'])
    if f.count('%s') == 2:
        return f % (L, L), L, {L}
    if 'like,' in f:
        return f % txt(q, L, 'short'), L, {L}
    return f % ref(q, L), L, {L}


@style('code_switching', 'English mixed with another language in one reply (Hinglish, Spanglish, Taglish, ...)', new=True)
def s_cs(q, L):
    f = pick(['Mujhe lagta hai answer %s hai, pakka.', 'Honestly yo creo que es %s, no hay duda.',
              'Sa tingin ko %s talaga yung sagot.', 'Franchement, the answer is %s, no doubt.',
              'Ich bin ziemlich sicher, it\'s %s.', '我觉得是 %s, pretty sure.'])
    return f % lref(q, L), L, {L}


@style('conditional_settled', 'raises an alternative reading, rejects it, and settles on one pick', new=True)
def s_conds(q, L):
    X = others(q, L, 1)[0]
    c1, c2 = COND[q.set]
    f = pick(['%s it would be %s, but nothing in the question suggests that reading, so the answer is %s.',
              'Someone might say %s (%s). I don\'t think that reading holds here, though. Final answer: %s.'])
    if f.startswith('%s it'):
        return f % (cap(c2), ref(q, X), lref(q, L)), L, {L, X}
    return f % (ref(q, X), c2, lref(q, L)), L, {L, X}


@style('select_multiple', 'marks two options as correct for a single-answer question (unclear)', new=True)
def s_multi(q, L):
    X = others(q, L, 1)[0]
    a, b = sorted([L, X])
    f = pick(['Correct: %s, %s' % (a, b), 'Both %s and %s are right.' % (ref(q, a), ref(q, b)),
              '- [x] %s\n- [x] %s' % (tl(q, a), tl(q, b)), 'Answers: %s & %s (select all that apply)' % (a, b)])
    return f, 'unclear', {a, b}


@style('truncated_or_error', 'output cut off before the answer, an error message, or an off-topic reply instead of an answer', new=True)
def s_trunc(q, L):
    return pick(['%s\n\nLooking at the options one by one, the first thing to' % reason(q),
                 '{"error": {"code": 429, "message": "Rate limit exceeded. Please retry later."}}',
                 '[ERROR] tool "solver" timed out after 30s',
                 'Let me think step by step.\n\nStep 1:',
                 '<|endoftext|>',
                 "Sure! Here's a short poem about autumn leaves:\n\nGolden leaves drift down,\nwhispering to the cold ground,\nsummer says goodbye.",
                 'Error: content filter triggered. No response generated.']), 'none', set()


@style('hint_then_reveal', 'gives a hint first, then reveals the answer', new=True)
def s_hintrev(q, L):
    f = pick(['Hint: %s\n\nStill stuck? The answer is %s.', '%s\n\n(Answer, if you want it: %s)',
              'Try this first: %s\n\nSpoiler: %s'])
    return f % (hint(q), lref(q, L)), L, {L}


@style('verse', 'the answer given in a short rhyme', new=True)
def s_verse(q, L):
    r = lref(q, L).replace('*', '')
    f = pick(['Roses are red, the sky is blue,\nI checked every option, and %s is true.',
              'I weighed them all from first to last;\n%s is my answer, and the die is cast.',
              'Of all the choices, here is my claim:\n%s is the one, and I stake my name.'])
    return f % r, L, {L}


@style('elimination_stalls', 'eliminates some options but cannot choose between the last two (unclear)', new=True,
       allow=atleast3)
def s_elst(q, L):
    X = others(q, L, 1)[0]
    rest = [x for x in q.letters if x not in (L, X)]
    R.shuffle(rest)
    gone = rest[:min(len(rest), 3)]
    lines = ['- %s' % dism(q, x, use_letter=R.random() < 0.5) for x in gone]
    a, b = (L, X) if R.random() < 0.5 else (X, L)
    lines.append(pick(["That leaves %s and %s, and I can't separate them.",
                       'Which leaves %s vs %s. I genuinely cannot decide between those two.']) % (ref(q, a), ref(q, b)))
    return '\n'.join(lines), 'unclear', set(gone) | {L, X}


# ====================================================================== checks
def strip_protected(q, text):
    t = text
    for p in sorted(q.protect, key=len, reverse=True):
        t = t.replace(p, ' ')
    return t


def key_re(k):
    k = k.lower()
    if re.fullmatch(r'[\d:]+', k):
        return r'(?<![\w.,:])' + re.escape(k) + r'(?![\d:]|[.,]\d)'
    return r'(?<![\w])' + re.escape(k) + r'(?![\w])'


def collides(q, text, mentioned):
    t = strip_protected(q, text).lower()
    for x in q.letters:
        if x in mentioned:
            continue
        for k in keys(q, x):
            if k and re.search(key_re(k), t):
                return True
    # explicit letter references to options that were not meant to be mentioned
    tt = strip_protected(q, text)
    for x in q.letters:
        if x in mentioned:
            continue
        pats = [r'\b(?:option|choice|answer|Option|Choice|Answer)\s+%s\b' % x, r'\(%s\)' % x, r'(?m)^%s[).:]' % x,
                r'\[%s\]' % x]
        if any(re.search(p, tt) for p in pats):
            return True
    return False


def tidy(t):
    t = re.sub(r'\.{4,}', '...', t)
    t = re.sub(r'(?<!\.)\.\.(?!\.)', '.', t)
    t = re.sub(r'(?<!\.)\.([,;?])', r'\1', t)
    return t


def main():
    loaders = [('quartz', load_quartz), ('irony', load_irony), ('romanian-logic', load_romanian),
               ('emotional-intelligence', load_ei), ('raven-matrices', load_raven), ('rhetorical_devices', load_rhet)]
    pools = {}
    for s, fn in loaders:
        qs = fn()
        pools[s] = sorted(R.sample(qs, min(POOL, len(qs))), key=lambda q: q.idx)
    names = [s for s, _ in loaders]
    fnmap = dict(STYLES)
    jobs = [(st, n) for st, _ in STYLES for n in range(1, PER_STYLE + 1)]
    R.shuffle(jobs)
    set_count = {s: 0 for s in names}
    q_use = {}
    style_q = {}
    rows = []
    seen = set()
    n_wrong = n_letter = 0
    for st, n in jobs:
        allow = ALLOW.get(st)
        ok_sets = [s for s in names if allow is None or allow(pools[s][0])]
        done = False
        for attempt in range(200):
            # least-used sets first; among those, least-used questions not yet used by this style
            m = min(set_count[s] for s in ok_sets)
            cand_sets = [s for s in ok_sets if set_count[s] <= m + (attempt // 20)]
            s = pick(cand_sets)
            qs = [q for q in pools[s] if (st, s, q.idx) not in style_q]
            if not qs:
                continue
            mu = min(q_use.get((s, q.idx), 0) for q in qs)
            qs2 = [q for q in qs if q_use.get((s, q.idx), 0) <= mu + attempt // 10]
            q = pick(qs2)
            ratio = n_wrong / n_letter if n_letter else P_WRONG
            p_wrong = min(0.7, max(0.1, P_WRONG + 3 * (P_WRONG - ratio)))
            if R.random() < p_wrong:
                L = pick([x for x in q.letters if x != q.correct])
            else:
                L = q.correct
            try:
                reply, meant, mentioned = fnmap[st](q, L)
            except Retry:
                continue
            if (s, q.idx, reply) in seen or collides(q, reply, mentioned):
                continue
            done = True
            break
        if not done:
            raise SystemExit('could not place %s' % st)
        seen.add((s, q.idx, reply))
        style_q[(st, s, q.idx)] = 1
        set_count[s] += 1
        q_use[(s, q.idx)] = q_use.get((s, q.idx), 0) + 1
        assert meant in ('none', 'unclear') or meant in q.letters
        reply = tidy(reply)
        if meant not in ('none', 'unclear'):
            n_letter += 1
            n_wrong += meant != q.correct
        rows.append({'set': s, 'id': '%s:%d#%s-%d' % (s, q.idx, st, n), 'choices': q.choices, 'style': st,
                     'reply': reply, 'meant': meant, '_correct': q.correct})
    rows.sort(key=lambda r: r['id'])
    with open(OUT, 'w', encoding='utf-8') as f:
        for r in rows:
            o = {k: v for k, v in r.items() if not k.startswith('_')}
            f.write(json.dumps(o, ensure_ascii=False) + '\n')
    # STYLES.md
    with open(STYLES_MD, 'w', encoding='utf-8') as f:
        f.write('# Styles in replies-blind21.jsonl (%d styles, %d replies each)\n\n' % (len(STYLES), PER_STYLE))
        f.write('Styles marked *(new)* were not in blind20.\n\n')
        for i, (st, _) in enumerate(STYLES):
            cand = [r for r in rows if r['style'] == st]
            ex = cand[i % len(cand)]
            e = ex['reply'].replace('\n', ' ⏎ ')
            if len(e) > 220:
                e = e[:217] + '...'
            f.write('- **%s**%s — %s. Example (%s, meant %s): `%s`\n' % (
                st, ' *(new)*' if st in NEW else '', DESC[st], ex['set'], ex['meant'], e.replace('`', "'")))
    # summary to stderr-free stdout: only the hash on the last line
    letters = [r for r in rows if r['meant'] not in ('none', 'unclear')]
    wrong = sum(1 for r in letters if r['meant'] != r['_correct'])
    import sys
    print('rows=%d styles=%d letter-replies=%d wrong=%d (%.0f%%)' % (len(rows), len(STYLES), len(letters), wrong,
                                                                      100.0 * wrong / len(letters)), file=sys.stderr)
    print(hashlib.sha256(open(OUT, 'rb').read()).hexdigest())


if __name__ == '__main__':
    main()
