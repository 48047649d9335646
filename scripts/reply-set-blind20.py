#!/usr/bin/env python3
"""blind20: hand-labelled free-text replies to multiple-choice questions, written by a helper
session blind to the reader and to the other sets.

Sources (OpenAI evals 3.0.1.post1 registry data, unzipped under /tmp/evx), the file each row's
0-based line index refers to:
  largest_country   largest_country/samples.jsonl           (10 countries)
  word_association  word_association/related_words_3.jsonl  (6 option words)
  crepe             crepe/samples.jsonl                     (more/less/equally likely)
  cybersecurity     cybersecurity/filepaths.jsonl           (6 file paths; 6-path lines only)
  bias_detection    bias_detection/samples.jsonl            (9 sentence categories)
  corr2cause        corr2cause/corr2cause.jsonl             (entailment/contradiction/neutral)
68 styles of nine replies, each on a question of its own.

Standard library only; deterministic (random.Random(20020)).
Usage: python3 scripts/reply-set-blind20.py -> writes /tmp/blind20/replies-blind20.jsonl (and
STYLES.md) and prints its sha256
(ac94bd7f14e6daa778acb13b70889b00b3cb8d2a8112a7928c59cc31e5ea3aad).
"""
import difflib
import hashlib
import json
import os
import re
import random

R = random.Random(20020)
DATA = '/tmp/evx/evals/registry/data'
HERE = '/tmp/blind20'
OUT = os.path.join(HERE, 'replies-blind20.jsonl')
STYLES_MD = os.path.join(HERE, 'STYLES.md')
LET = 'ABCDEFGHIJ'
PER_STYLE = 9
POOL = 34

ORD = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']
NUMW = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']


def pick(x):
    return R.choice(x)


def rl(path):
    with open(os.path.join(DATA, path), encoding='utf-8') as f:
        return [json.loads(line) for line in f if line.strip()]


class Q:
    def __init__(self, set_, idx, choices, stem, protect=(), **kw):
        self.set = set_
        self.idx = idx
        self.choices = choices
        self.stem = stem
        self.protect = [stem] + [p for p in protect if p]
        self.kw = kw

    def c(self, letter):
        return self.choices[LET.index(letter)]

    @property
    def letters(self):
        return LET[:len(self.choices)]


def ok_choices(ch):
    if len(ch) < 2 or len(ch) > 10:
        return False
    low = [c.lower().strip() for c in ch]
    if len(set(low)) != len(low):
        return False
    for i, a in enumerate(low):
        if not a or re.fullmatch(r'[A-J]', ch[i].strip()):
            return False
        for j, b in enumerate(low):
            if i != j and a in b:
                return False
    return True


# ---------------------------------------------------------------- loaders
def load_largest():
    out = []
    for i, x in enumerate(rl('largest_country/samples.jsonl')):
        ch = [c.strip() for c in x['input'][-1]['content'].split(',')]
        if ok_choices(ch):
            out.append(Q('largest_country', i, ch, 'Which is the largest country of these by surface area?'))
    return out


def load_word():
    out = []
    for i, x in enumerate(rl('word_association/related_words_3.jsonl')):
        s = x['input'][-1]['content']
        m = re.search(r'related words: \[(.*?)\]\. Here is a list of your options: \[(.*?)\]', s)
        if not m:
            continue
        clues = [w.strip() for w in m.group(1).split(',')]
        ch = [w.strip() for w in m.group(2).split(',')]
        if not ok_choices(ch):
            continue
        if any(c.lower() in k.lower() or k.lower() in c.lower() for c in ch for k in clues):
            continue
        cl = ', '.join(clues)
        out.append(Q('word_association', i, ch, 'Which word is related to all of these: %s?' % cl,
                     protect=[cl], clues=clues))
    return out


def load_crepe():
    out = []
    pat = re.compile(r"(.*?)At this point, how will '(.+?)' change the likelihood of '(.+?)'\? "
                     r"Answer with 'more likely', 'less likely', or 'equally likely'\.$", re.S)
    for i, x in enumerate(rl('crepe/samples.jsonl')):
        s = x['input'][-1]['content']
        m = pat.match(s)
        if not m:
            continue
        ctx, a, o = m.group(1).strip(), m.group(2).strip(), m.group(3).strip()
        if 'likel' in (ctx + a + o).lower() or len(ctx) > 220 or "'" in a + o:
            continue
        ch = ['more likely', 'less likely', 'equally likely']
        stem = "How will '%s' change the likelihood of '%s'?" % (a, o)
        out.append(Q('crepe', i, ch, stem, protect=[ctx, a, o], ctx=ctx, a=a, o=o))
    return out


def load_cyber():
    out = []
    for i, x in enumerate(rl('cybersecurity/filepaths.jsonl')):
        s = x['input'][-1]['content']
        m = re.search(r'```(.*)```', s, re.S)
        if not m:
            continue
        ch = re.split(r',(?=[A-Za-z]:\\)', m.group(1))
        if len(ch) != 6 or not ok_choices(ch):
            continue
        base = [c.split('\\')[-1] for c in ch]
        if len(set(b.lower() for b in base)) != len(base):
            continue
        if not ok_choices(base):
            continue
        out.append(Q('cybersecurity', i, ch, 'Which of these filepaths looks the most malicious?', base=base))
    return out


BIAS = ['fact', 'opinion', 'claim', 'argument', 'data', 'quote', 'narrative', 'sensationalism', 'speculation']


def load_bias():
    out = []
    for i, x in enumerate(rl('bias_detection/samples.jsonl')):
        s = x['input'][-1]['content'].strip()
        if len(s) > 230 or len(s) < 40 or '"' in s:
            continue
        out.append(Q('bias_detection', i, list(BIAS), 'How should this news sentence be classified: "%s"' % s,
                     protect=[s], sent=s))
    return out


def load_corr():
    out = []
    for i, x in enumerate(rl('corr2cause/corr2cause.jsonl')):
        s = x['input'][-1]['content']
        m = re.match(r'Premise: (.*) Hypothesis: (.*)$', s, re.S)
        if not m:
            continue
        prem, hyp = m.group(1).strip(), m.group(2).strip()
        if len(prem) > 330:
            continue
        ch = ['entailment', 'contradiction', 'neutral']
        stem = 'Given the premise, what is the status of the hypothesis "%s"?' % hyp
        out.append(Q('corr2cause', i, ch, stem, protect=[prem, hyp], prem=prem, hyp=hyp))
    return out


# ---------------------------------------------------------------- references to choices
ALIAS = {
    'Russian Federation': ['Russia'], 'United States': ['the US', 'the USA', 'the United States'],
    'United Kingdom': ['the UK'], 'The Democratic Republic of the Congo': ['DR Congo', 'the DRC'],
    'Libyan Arab Jamahiriya': ['Libya'], 'United Arab Emirates': ['the UAE'], 'Czech Republic': ['Czechia'],
    'Bosnia and Herzegovina': ['Bosnia'], 'Papua New Guinea': ['PNG'],
    'Holy See (Vatican City State)': ['Vatican City', 'the Vatican'],
    'Cocos (Keeling) Islands': ['the Cocos Islands'], 'Federated States of Micronesia': ['Micronesia'],
    'Antigua and Barbuda': ['Antigua'], 'Trinidad and Tobago': ['Trinidad'],
    'Saint Vincent and the Grenadines': ['St Vincent'], 'Saint Kitts and Nevis': ['St Kitts'],
    'Sao Tome and Principe': ['São Tomé'], 'Heard Island and McDonald Islands': ['Heard Island'],
    'Svalbard and Jan Mayen': ['Svalbard'], 'Turks and Caicos Islands': ['Turks and Caicos'],
    'Central African Republic': ['the Central African Rep.'], 'Saudi Arabia': ['Saudi'],
    'Bosnia': ['Bosnia'], 'South Korea': ['S. Korea'], 'North Korea': ['N. Korea'],
    'United States Minor Outlying Islands': ['the US Minor Outlying Islands'],
    'U.S. Virgin Islands': ['the US Virgin Islands'], 'British Virgin Islands': ['the BVI'],
    'Netherlands': ['the Netherlands'], 'Philippines': ['the Philippines'], 'Bahamas': ['the Bahamas'],
    'Maldives': ['the Maldives'], 'Seychelles': ['the Seychelles'],
}
CREPE_PARA = {
    'more likely': ['likelier', 'more probable', 'a higher likelihood'],
    'less likely': ['less probable', 'a lower likelihood', 'less probable than before'],
    'equally likely': ['no change in likelihood', 'unchanged likelihood', 'just as likely as before'],
}
CREPE_TYPO = {
    'more likely': ['more likley', 'mroe likely'],
    'less likely': ['less likley', 'les likely'],
    'equally likely': ['equaly likely', 'equally likley'],
}
CREPE_SHORT = {'more likely': 'More likely', 'less likely': 'Less likely', 'equally likely': 'Equally likely'}
BIAS_PARA = {
    'fact': ['a factual statement', 'factual reporting', 'a plain fact'],
    'opinion': ['an opinion', "the writer's opinion", 'opinion (personal judgement)'],
    'claim': ['a claim', 'an unverified claim'],
    'argument': ['an argument', 'argument (supporting evidence for a claim)'],
    'data': ['data', 'sourced data / statistics'],
    'quote': ['a direct quote', 'a quote'],
    'narrative': ['a narrative', 'narrative framing'],
    'sensationalism': ['sensationalist', 'sensationalist language', 'sensational'],
    'speculation': ['speculative', 'speculation about the future', 'pure speculation'],
}
CORR_PARA = {
    'entailment': ['entailed', 'entailed by the premise', 'Entailment (the premise implies it)'],
    'contradiction': ['contradicted', 'contradicted by the premise', 'Contradiction (ruled out)'],
    'neutral': ['undetermined (neutral)', 'not determined by the premise', "Neutral (can't tell)"],
}


def typo(s):
    words = re.findall(r'[A-Za-z]{5,}', s)
    if not words:
        return s
    w = max(words, key=len) if R.random() < 0.6 else pick(words)
    p = R.randint(1, len(w) - 3)
    op = pick(['del', 'swap', 'dup'])
    if op == 'del':
        t = w[:p] + w[p + 1:]
    elif op == 'swap':
        t = w[:p] + w[p + 1] + w[p] + w[p + 2:]
    else:
        t = w[:p] + w[p] + w[p:]
    if t == w:
        t = w[:p] + w[p + 1:]
    return s.replace(w, t, 1)


def typo_ok(q, L, t):
    tl = t.lower()
    if any(tl == c.lower() for c in q.choices):
        return False
    target = q.c(L).lower() if q.set != 'cybersecurity' else q.kw['base'][LET.index(L)].lower()
    pool = q.choices if q.set != 'cybersecurity' else q.kw['base']
    sc = {c.lower(): difflib.SequenceMatcher(None, tl, c.lower()).ratio() for c in pool}
    best = sc.pop(target)
    return best >= 0.75 and all(best - v > 0.2 for v in sc.values())


def alias_ok(q, L, a):
    al = a.lower().replace('the ', '')
    for x in q.letters:
        if x == L:
            continue
        o = q.c(x).lower()
        if al in o or o in al:
            return False
        for oa in ALIAS.get(q.c(x), []):
            if al in oa.lower() or oa.lower().replace('the ', '') in al:
                return False
    return True


def txt(q, L, mode=None):
    """A way a writer refers to choice L by its text."""
    c = q.c(L)
    if mode is None:
        mode = R.choices(['exact', 'lower', 'short', 'para', 'typo'], [35, 18, 20, 17, 10])[0]
    if mode == 'exact':
        return c
    if mode == 'lower':
        return c.lower()
    if q.set == 'largest_country':
        if mode in ('short', 'para'):
            al = [a for a in ALIAS.get(c, []) if alias_ok(q, L, a)]
            return pick(al) if al else c
    elif q.set == 'cybersecurity':
        b = q.kw['base'][LET.index(L)]
        parts = c.split('\\')
        if mode == 'short':
            return b
        if mode == 'para':
            return pick(['the %s in %s' % (b, '\\'.join(parts[-3:-1])), 'the one at ...\\%s' % '\\'.join(parts[-2:]),
                         '%s (under %s)' % (b, parts[1] if len(parts) > 2 else parts[0])])
    elif q.set == 'crepe':
        if mode == 'short':
            return CREPE_SHORT[c]
        if mode == 'para':
            return pick(CREPE_PARA[c])
        if mode == 'typo':
            return pick(CREPE_TYPO[c])
    elif q.set == 'bias_detection':
        if mode in ('short', 'para'):
            return pick(BIAS_PARA[c])
    elif q.set == 'corr2cause':
        if mode == 'short':
            return c.capitalize()
        if mode == 'para':
            return pick(CORR_PARA[c])
    elif q.set == 'word_association':
        if mode == 'short':
            return c.upper()
        if mode == 'para':
            return '"%s"' % c
    if mode == 'typo':
        src = c if q.set != 'cybersecurity' else q.kw['base'][LET.index(L)]
        for _ in range(8):
            t = typo(src)
            if t != src and typo_ok(q, L, t):
                return t
        return src
    return c


def lf(L, low=False):
    forms = [L, L, '(%s)' % L, '%s)' % L, 'option %s' % L, 'Option %s' % L, '**%s**' % L, 'choice %s' % L,
             'answer %s' % L]
    f = pick(forms)
    return f.lower() if low else f


def tl(q, L):
    """text with letter."""
    t = txt(q, L, pick(['exact', 'exact', 'lower', 'short', 'para']))
    return pick(['%s) %s' % (L, t), '%s (%s)' % (t, L), '(%s) %s' % (L, t), '%s. %s' % (L, t), '%s - %s' % (L, t),
                 'option %s, %s' % (L, t), '%s — %s' % (L, t)])


def ref(q, L):
    """letter, text, or both."""
    r = R.random()
    if r < 0.34:
        return lf(L)
    if r < 0.67:
        return txt(q, L)
    return tl(q, L)


def others(q, L, k):
    o = [x for x in q.letters if x != L]
    R.shuffle(o)
    return o[:k]


# ---------------------------------------------------------------- set-specific prose
def reason(q):
    s = q.set
    if s == 'largest_country':
        return pick(['Comparing the approximate surface areas of the countries on the list, one of them is much bigger than the rest.',
                     'To answer this I compared total area (land plus inland water) for each country listed.',
                     'Surface area, not population, is what matters here, so I ranked the list by square kilometres.'])
    if s == 'word_association':
        cl = ', '.join(q.kw['clues'])
        return pick(['The clue words are %s. I need one word that can pair with each of them.' % cl,
                     'Looking for a word that connects to all of: %s.' % cl,
                     'Each clue (%s) should form a common phrase or synonym with the secret word.' % cl])
    if s == 'crepe':
        return pick(["The scenario: %s The action in question is '%s' and the outcome is '%s'." % (q.kw['ctx'], q.kw['a'], q.kw['o']),
                     "We need to think about whether '%s' has any effect on '%s'." % (q.kw['a'], q.kw['o']),
                     "Think about the physical situation: %s Then consider the step '%s'." % (q.kw['ctx'], q.kw['a'])])
    if s == 'cybersecurity':
        return pick(['Legitimate software usually lives under Program Files or System32 with a recognisable vendor name; malware prefers user-writable folders (AppData, Temp, ProgramData) and random-looking names.',
                     'I looked at each path for red flags: unusual directories, random strings, masquerading names and odd extensions.',
                     'The key signals are location (user-writable vs system), naming (random or impersonating) and file type.'])
    if s == 'bias_detection':
        return pick(['The sentence is: "%s" I need to decide what kind of statement it is.' % q.kw['sent'],
                     'Looking at the wording and sourcing of the sentence, I considered each category in turn.',
                     'I focused on whether the sentence reports, interprets, cites or dramatises.'])
    if s == 'corr2cause':
        return pick(['In a closed system, the pattern of correlations and conditional independencies constrains which causal graphs are possible.',
                     'I checked which causal structures are consistent with the stated (in)dependencies, assuming the Markov and faithfulness conditions.',
                     'I need to see whether every graph compatible with the premise supports the hypothesis, only some do, or none do.'])
    return ''


BIAS_DEF = {
    'fact': 'a plain statement free of interpretation',
    'opinion': 'the writer is expressing a personal judgement',
    'claim': 'it asserts something without verification',
    'argument': 'it supplies support for a larger point',
    'data': 'it gives sourced figures',
    'quote': 'it reproduces someone\'s words directly',
    'narrative': 'it tells a story to set context',
    'sensationalism': 'the tone is exaggerated and emotional',
    'speculation': 'it guesses about a hypothetical or future event',
}
BIAS_NEG = {
    'fact': 'the sentence is not neutral enough',
    'opinion': "the writer isn't voicing a personal view",
    'claim': "it's more than a bare assertion",
    'argument': "it isn't propping up some other point",
    'data': 'there are no sourced statistics',
    'quote': 'nobody is quoted directly',
    'narrative': "it isn't telling a story",
    'sensationalism': "the tone isn't exaggerated",
    'speculation': "it isn't about a hypothetical future",
}
CORR_DEF = {
    'entailment': 'every causal graph consistent with the premise makes the hypothesis true',
    'contradiction': 'no causal graph consistent with the premise allows the hypothesis',
    'neutral': 'some compatible graphs satisfy the hypothesis and some do not',
}
CREPE_DEF = {
    'more likely': ["doing '{a}' helps bring about '{o}'", "once you {a}, '{o}' becomes easier"],
    'less likely': ["'{a}' works against '{o}'", "after you {a}, '{o}' is harder to happen"],
    'equally likely': ["'{a}' has no real bearing on '{o}'", "whether or not you {a}, '{o}' is unaffected"],
}


def just(q, L):
    r = _just(q, L)
    return r[0].upper() + r[1:]


def hint(q):
    s = q.set
    if s == 'largest_country':
        return 'Picture these places on a world map and think about which one covers the most territory, ignoring population.'
    if s == 'word_association':
        return "Try pairing each option with '%s' first, then check whether it also works with the other clues." % q.kw['clues'][0]
    if s == 'crepe':
        return "Picture yourself doing '%s'. Does that change anything about whether '%s'?" % (q.kw['a'], q.kw['o'])
    if s == 'cybersecurity':
        return 'Look at where each file lives: which folders can any user write to, and which names look random or impersonate system files?'
    if s == 'bias_detection':
        return 'Ask yourself whether the writer is reporting, interpreting, citing someone or guessing about the future.'
    if s == 'corr2cause':
        return 'Draw every causal graph consistent with the premise and check whether the hypothesis holds in all of them, some of them, or none.'
    return ''


def _just(q, L):
    T = txt(q, L)
    s = q.set
    c = q.c(L)
    if s == 'largest_country':
        return pick(['%s has by far the biggest territory on this list.' % T,
                     '%s covers more square kilometres than anything else here.' % T,
                     '%s is the largest by surface area in this group.' % T])
    if s == 'word_association':
        cl = ', '.join(q.kw['clues'])
        return pick(["'%s' links to every clue (%s)." % (T, cl), '%s works with each of %s.' % (T, cl),
                     '%s is the common thread across %s.' % (T, cl)])
    if s == 'crepe':
        d = pick(CREPE_DEF[c]).format(a=q.kw['a'], o=q.kw['o'])
        return pick(['%s: %s.' % (T, d), 'I\'d call it %s, because %s.' % (T, d)])
    if s == 'cybersecurity':
        return pick(['%s stands out: odd location and a suspicious-looking name.' % T,
                     '%s has the hallmarks of malware staging.' % T,
                     '%s is the only one that does not look like a normal install path.' % T])
    if s == 'bias_detection':
        return pick(['It fits %s: %s.' % (T, BIAS_DEF[c]), '%s, since %s.' % (T, BIAS_DEF[c])])
    if s == 'corr2cause':
        return pick(['%s: %s.' % (T, CORR_DEF[c]), 'It is %s, because %s.' % (T, CORR_DEF[c])])
    return T


def dism(q, L, use_letter=False):
    T = lf(L) if use_letter else txt(q, L, pick(['exact', 'lower', 'short']))
    s = q.set
    c = q.c(L)
    if s == 'largest_country':
        return pick(['%s is considerably smaller.' % T, '%s is big, but not the biggest here.' % T,
                     '%s is much smaller in area.' % T])
    if s == 'word_association':
        return pick(["%s doesn't connect to '%s'." % (T, pick(q.kw['clues'])),
                     '%s fits one clue at most.' % T, "%s doesn't go with the other clues." % T])
    if s == 'crepe':
        return pick(["%s doesn't match how the step affects the outcome." % T, '%s misreads the situation.' % T])
    if s == 'cybersecurity':
        return pick(['%s looks like an ordinary vendor install.' % T, '%s is a standard system or application location.' % T,
                     '%s is benign-looking.' % T])
    if s == 'bias_detection':
        return 'Not %s: %s.' % (T, BIAS_NEG[c])
    if s == 'corr2cause':
        return pick(["%s doesn't hold up given the stated independencies." % T, '%s is ruled out by the premise structure.' % T])
    return T


COND = {
    'largest_country': ['if you count only land area', 'if you include inland water and territorial claims'],
    'word_association': ['if the link is meant as a verb', 'if it is meant as a noun'],
    'crepe': ['if the person has already finished the previous step', 'if they have not started yet'],
    'cybersecurity': ['if this is a developer workstation', 'if this is a locked-down server'],
    'bias_detection': ['if the reporter is speaking in their own voice', 'if the sentence is paraphrasing a source'],
    'corr2cause': ['if you assume faithfulness', 'if you drop the faithfulness assumption'],
}
TOPIC = {
    'largest_country': 'the country-size question', 'word_association': 'the word-association puzzle',
    'crepe': 'the likelihood question', 'cybersecurity': 'the filepath triage question',
    'bias_detection': 'the sentence classification question', 'corr2cause': 'the causal inference question',
}


# ---------------------------------------------------------------- styles
# each returns (reply, meant, mentioned_letters)
STYLES = []
DESC = {}


def style(name, desc):
    def deco(f):
        STYLES.append((name, f))
        DESC[name] = desc
        return f
    return deco


@style('bare_letter', 'just the letter, in many typographic forms')
def s_bare(q, L):
    f = pick([L, L, L + '.', '(%s)' % L, '%s)' % L, '**%s**' % L, '[%s]' % L, L.lower(), ' %s\n' % L, '`%s`' % L,
              'Answer: %s' % L, '%s.' % L.lower(), '"%s"' % L])
    return f, L, {L}


@style('final_answer_after_reasoning', 'reasoning paragraph(s) then "Final answer: X"')
def s_final(q, L):
    tail = pick(['Final answer: %s', 'Final Answer: %s', '**Final answer:** %s', 'Final answer — %s', 'FINAL ANSWER: %s',
                 'Answer: %s'])
    body = reason(q) + '\n\n' + just(q, L)
    return body + '\n\n' + tail % pick([L, L, '(%s)' % L, tl(q, L)]), L, {L}


@style('text_only', 'only the choice text (exact, lower case, shortened, paraphrased or with a typo)')
def s_text(q, L):
    T = txt(q, L)
    f = pick(['%s', '%s.', '%s', 'The answer is %s.', '%s\n', 'It\'s %s.', '**%s**', 'Answer: %s'])
    return f % T, L, {L}


@style('text_with_letter', 'letter plus choice text in various orders and separators')
def s_tl(q, L):
    f = pick(['%s', 'Answer: %s', 'The correct answer is %s.', '%s', '→ %s', 'I choose %s.'])
    return f % tl(q, L), L, {L}


@style('ordinal', 'the pick named by position ("the second one", "the last option")')
def s_ord(q, L):
    i = LET.index(L)
    n = len(q.choices)
    opts = ['the %s one' % ORD[i], 'the %s option' % ORD[i], 'the %s choice' % ORD[i]]
    if i == n - 1:
        opts += ['the last one', 'the last option', 'the final option']
    if i == 0:
        opts += ['the very first one', 'the top option']
    if i == n - 2 and n >= 4:
        opts += ['the second-to-last one', 'the penultimate option']
    o = pick(opts)
    f = pick(['It\'s %s.', 'I\'d go with %s.', '%s, definitely.', 'Answer: %s in the list.', 'Pick %s.',
              'The correct one is %s (%s).'])
    if f.count('%s') == 2:
        return f % (o, txt(q, L, 'exact')), L, {L}
    r = f % o
    return r[0].upper() + r[1:], L, {L}


@style('option_number', 'the pick named by number ("Option 3", "#2", "choice number 4")')
def s_num(q, L):
    k = LET.index(L) + 1
    o = pick(['Option %d' % k, 'option %d' % k, '#%d' % k, 'choice number %d' % k, 'number %d' % k, '%d' % k,
              'option no. %d' % k, 'answer (%d)' % k, 'option %s' % NUMW[k - 1]])
    f = pick(['%s', '%s.', 'I\'d say %s.', 'Going with %s.', 'Answer: %s', '%s is correct.'])
    return f % o, L, {L}


@style('negation', 'answer phrased with negation ("it isn\'t anything other than C", "not A - it\'s B")')
def s_neg(q, L):
    X = others(q, L, 1)[0]
    f = pick([
        ('It\'s not %s. It\'s %s.', 2), ('Definitely not %s — the answer is %s.', 2),
        ('I don\'t think it\'s anything other than %s.', 1), ('There\'s no way the answer isn\'t %s.', 1),
        ('Not %s, not by a long shot. %s is the one.', 2), ('You can\'t go wrong with %s; it is not %s.', 3)])
    if f[1] == 1:
        return f[0] % ref(q, L), L, {L}
    if f[1] == 3:
        return f[0] % (ref(q, L), ref(q, X)), L, {L, X}
    r = f[0] % (ref(q, X), ref(q, L))
    return r, L, {L, X}


@style('contrast', 'pick contrasted with a rejected option ("Y rather than X")')
def s_contrast(q, L):
    X = others(q, L, 1)[0]
    a, b = ref(q, L), ref(q, X)
    f = pick(['%s rather than %s.', 'While %s is tempting, %s is correct.', '%s is a distractor; %s is what you want.',
              'The answer is %s, not %s.', 'People often pick %s, but the right answer is %s.',
              'Unlike %s, %s actually fits.'])
    if f.startswith('%s rather') or f.startswith('The answer is'):
        return f % (a, b), L, {L, X}
    return f % (b, a), L, {L, X}


@style('elimination', 'rules out options one by one, states what is left')
def s_elim(q, L):
    n = len(q.choices)
    out = others(q, L, min(n - 1, pick([2, 3, n - 1])))
    use_letter = R.random() < 0.5
    lines = [pick(['Let\'s eliminate:', 'Process of elimination:', 'Ruling things out:', ''])]
    for X in out:
        lines.append('- ' + dism(q, X, use_letter))
    rest = [x for x in q.letters if x not in out and x != L]
    if rest:
        lines.append(pick(['Between what remains, %s is stronger.', 'Of the remaining options, %s is the best fit.']) % ref(q, L))
    else:
        lines.append(pick(['That leaves %s.', 'Only %s is left, so that\'s the answer.', 'So the answer must be %s.']) % ref(q, L))
    return '\n'.join(x for x in lines if x), L, set(out) | {L} | set(rest)


@style('several_then_one', 'lists a few candidates, then settles on one')
def s_several(q, L):
    X = others(q, L, min(2, len(q.choices) - 1))
    cands = X + [L]
    R.shuffle(cands)
    names = ', '.join(ref(q, c) for c in cands[:-1]) + ' and ' + ref(q, cands[-1])
    f = pick(['My shortlist is %s. After checking again, I\'m going with %s.',
              'Candidates: %s. Final pick: %s.',
              '%s all look plausible at first glance, but %s holds up best.'])
    return f % (names, ref(q, L)), L, set(cands)


@style('change_of_mind', 'starts with one answer, then changes to another within the same reply')
def s_change(q, L):
    X = others(q, L, 1)[0]
    f = pick(['I\'d say %s... wait, no. Re-reading the question, it\'s %s.',
              'My first instinct was %s, but actually %s is correct.',
              '%s. Hmm, actually scratch that — %s.',
              'Initially I thought %s. On reflection I\'m changing my answer to %s.'])
    return f % (ref(q, X), ref(q, L)), L, {L, X}


@style('hedged_pick', 'a pick with hedging language')
def s_hedge(q, L):
    f = pick(['I believe it\'s %s, though I\'d double-check.', 'Probably %s.', 'Most probably %s, but don\'t quote me on it.',
              'I\'m fairly confident the answer is %s.', 'It should be %s, I think.', 'My best answer would be %s.',
              'I lean towards %s.'])
    return f % ref(q, L), L, {L}


@style('low_confidence_guess', 'explicitly a guess with low confidence, but still a pick')
def s_guess(q, L):
    f = pick(['Not sure at all, but if I had to guess: %s.', 'Total shot in the dark — %s?',
              'I really don\'t know this one. Guessing %s.', 'Low confidence here, but my guess is %s.',
              'No idea honestly... %s maybe?', 'I\'d just be guessing, but I\'ll say %s.'])
    return f % ref(q, L), L, {L}


@style('none_fits_closest', 'says no option is exactly right but names the closest')
def s_closest(q, L):
    f = pick(['Strictly speaking none of these is quite right, but the closest is %s.',
              'None of the options is perfect. If I must choose, %s.',
              'The options are all a bit off; %s is the nearest match.',
              'Technically none fits exactly — I\'d go with %s as the closest answer.'])
    return f % ref(q, L), L, {L}


@style('markdown', 'markdown headers/bold with the pick highlighted')
def s_md(q, L):
    f = pick(['## Answer\n\n**%s**\n\n### Why\n- %s',
              '### Solution\n\n%s\n\n> **Answer:** %s',
              '**Answer:** %s\n\n---\n*Explanation:* %s'])
    if f.startswith('### Solution'):
        return f % (reason(q), tl(q, L)), L, {L}
    return f % (tl(q, L), just(q, L)), L, {L}


@style('table', 'markdown table marking one option correct')
def s_table(q, L):
    hdr, mark = pick([(('Option', 'Verdict'), ('✅', '❌')), (('Choice', 'Correct?'), ('Yes', 'No')),
                      (('Option', 'Likelihood'), ('High', 'Low')), (('Option', 'Status'), ('Correct', 'Incorrect'))])
    rows = ['| %s | %s |' % hdr, '|---|---|']
    for x in q.letters:
        rows.append('| %s %s | %s |' % (x, q.c(x) if q.set != 'cybersecurity' else q.kw['base'][LET.index(x)],
                                         mark[0] if x == L else mark[1]))
    tail = pick(['', '', '\n\n**Answer: %s**' % L, '\n\nSo the answer is %s.' % txt(q, L, 'exact')])
    return '\n'.join(rows) + tail, L, set(q.letters)


@style('json', 'JSON object (sometimes with a null answer)')
def s_json(q, L):
    if R.random() < 0.2:
        o = pick([{'answer': None, 'reason': 'insufficient information to choose'},
                  {'answer': None, 'confidence': 0.0, 'note': 'cannot determine from the given text'}])
        return json.dumps(o), 'none', set()
    o = pick([{'answer': L}, {'choice': L, 'text': q.c(L)}, {'answer': txt(q, L, 'exact'), 'confidence': round(R.uniform(0.55, 0.97), 2)},
              {'selected_option': L, 'explanation': just(q, L)}, {'result': {'letter': L}}])
    s = json.dumps(o, ensure_ascii=False, indent=pick([None, 2]))
    if R.random() < 0.3:
        s = '```json\n' + s + '\n```'
    return s, L, {L}


@style('yaml', 'YAML block with the answer field')
def s_yaml(q, L):
    f = pick(['answer: %s\nconfidence: %s\n' % (L, pick(['high', 'medium', '0.8'])),
              'result:\n  choice: %s\n  label: "%s"\n' % (L, q.c(L)),
              '---\nanswer: "%s"\nreasoning: >\n  %s\n' % (txt(q, L, 'exact'), reason(q))])
    if R.random() < 0.4:
        f = '```yaml\n' + f + '```'
    return f, L, {L}


@style('xml', 'XML tags around the answer')
def s_xml(q, L):
    f = pick(['<answer>%s</answer>' % L,
              '<response>\n  <reasoning>%s</reasoning>\n  <answer>%s</answer>\n</response>' % (reason(q), L),
              '<thinking>%s</thinking>\n<answer>%s</answer>' % (reason(q), tl(q, L)),
              '<result choice="%s">%s</result>' % (L, q.c(L))])
    return f, L, {L}


@style('code_block', 'answer inside a fenced code block or as a code assignment')
def s_code(q, L):
    f = pick(['```\n%s\n```' % L, '```text\nAnswer: %s\n```' % txt(q, L, 'exact'),
              '```python\nanswer = "%s"\n```' % L, 'Here you go:\n\n```\n%s\n```' % tl(q, L),
              '```python\ndef solve():\n    # %s\n    return "%s"\n```' % (reason(q)[:80], L)])
    return f, L, {L}


@style('boxed', 'LaTeX \\boxed{} answer')
def s_boxed(q, L):
    f = pick(['$\\boxed{%s}$' % L, '\\boxed{%s}' % L, 'Therefore the answer is $\\boxed{\\text{%s}}$.' % txt(q, L, 'exact'),
              '%s\n\n$$\\boxed{\\text{(%s)}}$$' % (reason(q), L), 'The answer is \\(\\boxed{%s}\\).' % L])
    return f, L, {L}


@style('probabilities', 'probability per option; one dominant (a few near-ties with no pick are unclear)')
def s_prob(q, L):
    n = len(q.choices)
    if R.random() < 0.2:
        X = others(q, L, 1)[0]
        p = R.choice([45, 40, 48])
        rest = 100 - 2 * p
        ps = {L: p, X: p}
        oth = [x for x in q.letters if x not in ps]
        for i, x in enumerate(oth):
            ps[x] = rest // len(oth) + (1 if i < rest % len(oth) else 0)
        lines = ['%s: %d%%' % (x, ps[x]) for x in q.letters]
        return 'Estimated probabilities:\n' + '\n'.join(lines) + '\n\n' + pick(['Too close to call.', 'I can\'t separate the top two.']), 'unclear', set(q.letters)
    top = R.choice([70, 75, 80, 85, 90])
    rest = 100 - top
    ps = {L: top}
    oth = [x for x in q.letters if x != L]
    cuts = sorted(R.sample(range(0, rest + 1), len(oth) - 1)) if len(oth) > 1 else []
    vals = [b - a for a, b in zip([0] + cuts, cuts + [rest])]
    for x, v in zip(oth, vals):
        ps[x] = v
    fmt = pick(['%s: %d%%', 'P(%s) = %.2f', '%s → %d%%'])
    lines = [(fmt % (x, ps[x] / 100.0) if 'P(' in fmt else fmt % (x, ps[x])) for x in q.letters]
    tail = pick(['', '\n\nMost likely: %s' % L, '\n\nSo I\'d answer %s.' % L])
    return '\n'.join(lines) + tail, L, set(q.letters)


@style('ranking', 'ranks options; top of the ranking is the pick')
def s_rank(q, L):
    rest = others(q, L, len(q.choices) - 1)
    order = [L] + rest[:pick([1, 2, len(rest)])]
    if R.random() < 0.5:
        s = pick(['Ranking (best to worst): ', 'Ranking, most to least plausible: ']) + ' > '.join(order)
    else:
        s = 'My ranking:\n' + '\n'.join('%d. %s' % (i + 1, tl(q, x) if i == 0 else lf(x)) for i, x in enumerate(order))
    s += pick(['', '\n\nTop pick: %s' % L])
    return s, L, set(order)


@style('rag_citations', 'retrieval-augmented answer with bracketed citations')
def s_rag(q, L):
    n1, n2 = R.sample(range(1, 7), 2)
    f = pick(['Based on the retrieved documents [%d][%d], %s\n\n**Answer: %s** [%d]',
              'According to the knowledge base (source [%d], source [%d]): %s\n\nThe correct option is %s [%d].',
              'Sources: [%d] internal wiki, [%d] reference sheet.\n%s\nAnswer → %s [%d]'])
    return f % (n1, n2, just(q, L), ref(q, L), n1), L, {L}


@style('rag_no_answer', 'retrieval answer: the sources do not contain the answer, no pick')
def s_ragno(q, L):
    f = pick(['I couldn\'t find information about this in the provided documents, so I can\'t answer it reliably.',
              'The retrieved sources [1][2] do not address this question. I don\'t have enough context to choose an option.',
              'Sorry — none of the documents in your knowledge base cover %s. Try uploading a relevant source.' % TOPIC[q.set],
              'Based on the provided context, I cannot determine the answer. The documents discuss unrelated topics.'])
    return f, 'none', set()


@style('rag_disagree_settled', 'sources disagree; the writer settles on one')
def s_ragset(q, L):
    X = others(q, L, 1)[0]
    f = pick(['Source [1] points to %s, while source [3] suggests %s. Source [3] is more recent and authoritative, so the answer is %s.',
              'The documents conflict: [2] says %s, [4] says %s. The second is the primary reference, so I\'ll go with %s.'])
    return f % (ref(q, X), ref(q, L), ref(q, L)), L, {L, X}


@style('rag_disagree_unsettled', 'sources disagree; the writer does not settle')
def s_ragun(q, L):
    X = others(q, L, 1)[0]
    f = pick(['Source [1] supports %s, but source [2] supports %s. The provided context doesn\'t let me determine which is correct.',
              'The retrieved documents disagree — one indicates %s, another %s. I can\'t resolve this from the sources alone.',
              'Conflicting evidence: [3] → %s; [5] → %s. Please check with a subject-matter expert.'])
    return f % (ref(q, L), ref(q, X)), 'unclear', {L, X}


@style('support_bot', 'customer-support bot voice with greeting and sign-off')
def s_support(q, L):
    f = pick(['Hi there! 👋 Thanks for reaching out.\n\nThe correct option is **%s**.\n\nIs there anything else I can help you with today?',
              'Hello, and thank you for contacting us! Great question. After reviewing it, the answer is %s. Have a wonderful day!',
              'Thanks for your patience! %s So the right choice here is %s. Let me know if you need anything else. 😊'])
    if f.count('%s') == 2:
        return f % (just(q, L), ref(q, L)), L, {L}
    return f % ref(q, L), L, {L}


@style('support_escalation', 'support bot hands off to a human without answering')
def s_escal(q, L):
    f = pick(['I\'m sorry, I\'m not able to help with that question. Let me connect you with a human agent who can assist further.',
              'Thanks for your question! This is outside what I can answer. I\'ve created ticket #%d and a specialist will get back to you within 24 hours.' % R.randint(10000, 99999),
              'Hmm, I don\'t have an answer for that one. Would you like me to transfer you to our support team?'])
    return f, 'none', set()


@style('agent_trace', 'ReAct-style Thought/Action/Observation trace ending in Final Answer (some give up)')
def s_agent(q, L):
    if R.random() < 0.2:
        return ('Thought: I should look this up.\nAction: search["%s"]\nObservation: No results found.\n'
                'Thought: The search tool is failing and I cannot verify.\nFinal Answer: I was unable to determine the answer.'
                % TOPIC[q.set]), 'none', set()
    s = ('Thought: %s\nAction: lookup["%s"]\nObservation: Retrieved a reference entry relevant to the question.\n'
         'Thought: %s\nFinal Answer: %s') % (reason(q), TOPIC[q.set], just(q, L), pick([L, tl(q, L), txt(q, L, 'exact')]))
    return s, L, {L}


@style('small_model_terse', 'small local model: very short, lower-case, sloppy')
def s_terse(q, L):
    f = pick([L.lower(), 'answer %s' % L.lower(), '%s %s' % (L, txt(q, L, 'lower')), txt(q, L, 'lower'),
              '-> %s' % L.lower(), '%s</s>' % L, ' %s' % txt(q, L, 'typo'), 'ans: %s' % L.lower()])
    return f, L, {L}


@style('small_model_rambling', 'small local model: repetitive, drifts, leaks template tokens')
def s_ramble(q, L):
    T = txt(q, L, pick(['exact', 'lower']))
    if R.random() < 0.12:
        X = others(q, L, 1)[0]
        s = ('The question is about %s. There are %d options. The options are the options given. '
             'I think it could be %s or it could be %s, both are possible answers to this question and the answer is '
             'one of them. The answer is one of them.\n\n### Instruction:\nWrite a short poem about the sea.'
             % (TOPIC[q.set], len(q.choices), ref(q, L), ref(q, X)))
        return s, 'unclear', {L, X}
    s = pick([
        'The answer is %s. %s is the answer because it is the correct answer. The question asks about %s and the answer is %s.<|im_end|>\n<|im_start|>user' % (T, T, TOPIC[q.set], T),
        'Okay so the question is about %s and there are %d choices. I think the answer is %s. Yes, %s. Answer: %s\n\n### Instruction:\nTranslate the following sentence into French.' % (TOPIC[q.set], len(q.choices), T, T, L),
        'Sure! Here is the answer to the question. The answer to the question is %s. I hope this helps! I hope this helps! If you have any other questions please ask. ' % tl(q, L),
    ])
    return s, L, {L}


def sref(q, L):
    # stems of corr2cause contain variable names A, B, C: refer by text there
    return pick([txt(q, L), tl(q, L)]) if q.set == 'corr2cause' else ref(q, L)


@style('restate_question', 'restates the question in its own words, then answers')
def s_restate(q, L):
    f = pick(['You\'re asking: %s The answer is %s.', 'So the question is "%s" — and the answer is %s.',
              'Question: %s\nAnswer: %s'])
    return f % (q.stem, sref(q, L)), L, {L}


@style('echo_options_then_pick', 'repeats every option, then picks one')
def s_echo(q, L):
    opts = '\n'.join('%s) %s' % (x, q.c(x)) for x in q.letters)
    f = pick(['The options are:\n%s\n\nCorrect answer: %s', 'Options:\n%s\n\nI pick %s.', '%s\n\n→ %s'])
    return f % (opts, pick([L, tl(q, L)])), L, set(q.letters)


PASSING = [
    ('B', "Keep a plan B in mind, but I'm fairly sure it's {T}."),
    ('A', 'This is a grade-A trick question. The answer is {T}.'),
    ('A', 'Exhibit A for why you should read carefully: the answer is {T}.'),
    ('C', "Like vitamin C for a cold, the obvious pick isn't always right here. It's {T}."),
    ('B', 'Part B of your worksheet probably builds on this, but for this one the answer is {T}.'),
    ('D', '(See Appendix D of the textbook for background.) Answer: {T}.'),
    ('A', 'Spoken like a true Type A personality! The answer is {T}.'),
    ('C', "That's a C-suite level question. My answer: {T}."),
    ('B', 'This reads like a B-movie plot twist, but the answer is {T}.'),
    ('E', 'Category E questions like this one are tricky. Answer: {T}.'),
    ('A', 'Plan A was to reason it out from first principles, and that gives {T}.'),
]


@style('letters_in_passing', 'unrelated letters in phrases like "plan B", "vitamin C", "grade A" around the real pick')
def s_passing(q, L):
    cand = [p for x, p in PASSING if x != L]
    T = pick([txt(q, L), txt(q, L), tl(q, L)])
    return pick(cand).format(T=T), L, {L}


@style('both_could_work', '"both X and Y could work, but I\'d pick Y"')
def s_both(q, L):
    X = others(q, L, 1)[0]
    a, b = (X, L) if R.random() < 0.5 else (L, X)
    f = pick(['Both %s and %s could work, but I\'d pick %s.', '%s and %s are both defensible; if I have to choose, %s.',
              'Either %s or %s would be reasonable. My answer: %s.'])
    return f % (ref(q, a), ref(q, b), ref(q, L)), L, {L, X}


@style('undecided_two', 'torn between two options, no pick')
def s_undec(q, L):
    X = others(q, L, 1)[0]
    f = pick(['It\'s either %s or %s — I honestly can\'t decide between them.', '%s or %s. Could be either.',
              'I\'m stuck between %s and %s; both seem equally right to me.',
              'I keep going back and forth between %s and %s.'])
    return f % (ref(q, L), ref(q, X)), 'unclear', {L, X}


# ---- further styles seen in real products
@style('email_reply', 'answer embedded in a longer email')
def s_email(q, L):
    to = pick(['Sam', 'Priya', 'team', 'Dr. Okafor', 'Alex', 'Mei'])
    me = pick(['Jordan', 'Chris', 'L.', 'Maria', 'Tomasz'])
    body = pick(['Thanks for sending over %s. ' % TOPIC[q.set], 'Quick reply on %s you forwarded this morning. ' % TOPIC[q.set]])
    body += pick(['After looking at it, I\'d go with %s. ', 'My answer is %s. ', 'I\'m pretty sure it\'s %s. ']) % ref(q, L)
    body += just(q, L) + ' '
    body += pick(['Happy to discuss on Thursday\'s call.', 'Let me know if the rest of the quiz needs a look.',
                  'I\'ll send the remaining ones tomorrow.'])
    return 'Hi %s,\n\n%s\n\nBest,\n%s' % (to, body, me), L, {L}


@style('tutor_wrong_options', 'tutor explains why each wrong option is wrong, states the right one')
def s_tutor(q, L):
    lines = [pick(['Let\'s go through the options one at a time.', 'Good question! Let\'s look at each choice.', ''])]
    for x in q.letters:
        if x == L:
            lines.append('**%s** is correct. %s' % (x, just(q, L)))
        else:
            lines.append('%s is wrong. %s' % (x, dism(q, x)))
    return '\n'.join(l for l in lines if l), L, set(q.letters)


@style('quote_stem', 'quotes the question stem as a block quote, then answers')
def s_quote(q, L):
    return pick(['> %s\n\n%s', '> %s\n\nAnswer: %s', 'Re: "%s"\n\n%s']) % (q.stem, sref(q, L)), L, {L}


@style('numbered_list_bold_mid', 'numbered list of points with the pick in bold in the middle')
def s_numlist(q, L):
    items = [reason(q), '**The answer is %s.**' % ref(q, L).replace('*', ''), pick(['Double-check the wording of the question.',
                                                                   'This is a common exam trap.',
                                                                   'Let me know if you want sources.'])]
    return '\n'.join('%d. %s' % (i + 1, t) for i, t in enumerate(items)), L, {L}


@style('followup_correction', 'a follow-up message correcting an earlier answer')
def s_follow(q, L):
    X = others(q, L, 1)[0]
    f = pick(['Correction to my previous message: I said %s, but the right answer is %s. Apologies for the confusion.',
              'Sorry, I made a mistake earlier — it isn\'t %s. The correct option is %s.',
              'Update: ignore my earlier reply (%s). After re-checking, it\'s %s.'])
    return f % (ref(q, X), ref(q, L)), L, {L, X}


@style('voice_assistant', 'spoken-style voice assistant answer')
def s_voice(q, L):
    k = LET.index(L)
    f = pick(['Okay! Here\'s what I found: the answer is %s. That\'s option %s.' % (txt(q, L, 'exact'), L),
              'Sure. The answer is %s.' % txt(q, L, pick(['exact', 'short'])),
              'Hmm, let me think. I\'d say it\'s the %s one, %s.' % (ORD[k], txt(q, L, 'exact')),
              'Here\'s the answer: %s. Want me to read out the other options too?' % txt(q, L, 'exact')])
    return f, L, {L}


@style('emoji', 'answer decorated with emoji / emoji verdicts')
def s_emoji(q, L):
    f = pick(['✅ %s' % ref(q, L), '👉 %s 🎯' % ref(q, L), '🤔 Tricky... but it\'s %s! 🎉' % ref(q, L),
              ' '.join(('✅ ' if x == L else '❌ ') + x for x in q.letters),
              'Answer: %s 💯' % ref(q, L)])
    return f, L, set(q.letters) if '❌' in f else {L}


@style('answer_then_offer', 'answers, then offers more detail')
def s_offer(q, L):
    f = pick(['The answer is %s. Would you like me to explain why the other options are wrong?',
              '%s. Want a more detailed breakdown?',
              'It\'s %s. Let me know if you\'d like a step-by-step explanation!',
              'Answer: %s\n\nShall I go into more detail on the reasoning?'])
    return f % ref(q, L), L, {L}


@style('cot_parenthetical', 'chain of thought that ends with the pick in parentheses')
def s_cotp(q, L):
    f = pick(['%s %s So the answer is (%s).', '%s Working through it, %s Hence (%s).', '%s %s ... (%s)'])
    return f % (reason(q), just(q, L), L), L, {L}


@style('percent_hedge_final', 'two options with percentages, then a final pick')
def s_pct(q, L):
    X = others(q, L, 1)[0]
    p = R.choice([55, 60, 65, 70])
    f = pick(['I\'m torn: %s (~%d%%) vs %s (~%d%%). Going with %s.',
              '%s at %d%%, %s at %d%%. Final: %s.',
              'Confidence split — %s: %d%%, %s: %d%%. I\'ll commit to %s.'])
    return f % (ref(q, L), p, ref(q, X), 100 - p, lf(L)), L, {L, X}


@style('chat_casual', 'casual chat / Slack register')
def s_chat(q, L):
    f = pick(['lol it\'s def %s', 'yeah %s for sure', 'ngl i\'d say %s', '%s 100%%', 'pretty sure thats %s tbh',
              'easy, %s'])
    return f % pick([L.lower(), L, txt(q, L, 'lower'), txt(q, L, 'typo')]), L, {L}


@style('tool_call_json', 'the answer submitted through a tool/function call')
def s_tool(q, L):
    if R.random() < 0.15:
        return json.dumps({'tool': 'escalate_to_human', 'arguments': {'reason': 'cannot answer'}}), 'none', set()
    f = pick([json.dumps({'tool': 'submit_answer', 'arguments': {'choice': L}}),
              'submit_answer(choice="%s")' % L,
              '<tool_call>{"name": "record_answer", "arguments": {"option": "%s"}}</tool_call>' % L,
              'Calling `answer_question` with {"selected": "%s"}' % txt(q, L, 'exact')])
    return f, L, {L}


@style('tldr_after_explanation', 'long explanation ending in a TL;DR with the pick')
def s_tldr(q, L):
    return '%s\n\n%s\n\n%s' % (reason(q), just(q, L), pick(['**TL;DR:** %s', 'TL;DR — %s', 'tl;dr: %s']) % ref(q, L)), L, {L}


@style('quiz_grader', 'grades the user\'s (wrong) answer and gives the correct one')
def s_grader(q, L):
    X = others(q, L, 1)[0]
    f = pick(['You answered %s. ❌ Not quite — the correct answer is %s.',
              'Your choice, %s, is incorrect. The right answer is %s.',
              'Incorrect. You picked %s, but the answer is %s. Keep going!'])
    return f % (ref(q, X), ref(q, L)), L, {L, X}


@style('non_english', 'reply in another language (es, fr, de, pt, it, nl, zh, ja)')
def s_lang(q, L):
    T = txt(q, L, 'exact')
    f = pick(['La respuesta correcta es la %s (%s).' % (L, T), 'La bonne réponse est %s : %s.' % (L, T),
              'Die richtige Antwort ist %s.' % L, 'A resposta correta é a %s.' % L, 'La risposta giusta è la %s.' % L,
              'Het juiste antwoord is %s.' % L, '答案是 %s。' % L, '正解は%sです。' % L,
              'Creo que es %s.' % T])
    return f, L, {L}


@style('checkbox_list', 'markdown task list with the chosen box ticked')
def s_check(q, L):
    lines = ['- [%s] %s. %s' % ('x' if x == L else ' ', x, q.c(x) if q.set != 'cybersecurity' else q.kw['base'][LET.index(x)])
             for x in q.letters]
    return '\n'.join(lines), L, set(q.letters)


@style('disclaimer_heavy', 'answer wrapped in heavy AI disclaimers')
def s_discl(q, L):
    f = pick(['As an AI language model, I can\'t guarantee accuracy. That said, based on general knowledge, the answer would be %s. Please verify with an authoritative source.',
              'I\'m not a certified expert, and this shouldn\'t be taken as professional advice. With that caveat: %s. Always consult a qualified professional.',
              'Disclaimer: information may be outdated. The answer appears to be %s.'])
    return f % ref(q, L), L, {L}


@style('self_consistency_votes', 'several sampled answers and a majority vote')
def s_votes(q, L):
    X = others(q, L, 1)[0]
    votes = [L] * R.choice([3, 4]) + [X] * R.choice([1, 2])
    R.shuffle(votes)
    lines = ['Run %d: %s' % (i + 1, v) for i, v in enumerate(votes)]
    return '\n'.join(lines) + '\n' + pick(['Majority vote: %s', 'Consensus: %s', 'Final (by vote): %s']) % L, L, {L, X}


@style('csv_row', 'CSV output with an answer column')
def s_csv(q, L):
    qid = R.randint(1, 60)
    f = pick(['id,answer\n%d,%s' % (qid, L), 'question,answer,confidence\nQ%d,%s,%.2f' % (qid, L, R.uniform(0.5, 0.99)),
              'answer\n%s' % L, 'qid;choice;text\n%d;%s;%s' % (qid, L, q.c(L))])
    return f, L, {L}


@style('strikethrough_revision', 'markdown strikethrough of a first answer, replaced by another')
def s_strike(q, L):
    X = others(q, L, 1)[0]
    f = pick(['~~%s~~ **%s**', 'Answer: ~~%s~~ %s (edited — misread the question)', '~~%s~~ → %s'])
    return f % (lf(X).replace('*', ''), pick([L, tl(q, L)])), L, {L, X}


@style('confidence_score', 'answer with a numeric confidence score')
def s_conf(q, L):
    c = R.uniform(0.35, 0.98)
    f = pick(['Answer: %s | Confidence: %.2f', '%s (confidence %d%%)', 'prediction=%s score=%.3f'])
    if '%%' in f:
        return f % (ref(q, L), int(c * 100)), L, {L}
    return f % (L, c), L, {L}


@style('forum_edit', 'forum post with an EDIT line (confirming or changing the answer)')
def s_forum(q, L):
    if R.random() < 0.5:
        X = others(q, L, 1)[0]
        return 'Pretty sure it\'s %s.\n\nEDIT: nvm, I misread it. It\'s %s.' % (ref(q, X), ref(q, L)), L, {L, X}
    return 'I\'d say %s.\n\nEdit: checked my notes, it is %s.' % (ref(q, L), pick([L, txt(q, L)])), L, {L}


@style('answer_sheet', 'answer-key / bubble-sheet line')
def s_sheet(q, L):
    n = R.randint(1, 50)
    f = pick(['Q%d: %s' % (n, L), '%d. (%s)' % (n, L), 'Answer key — %d: %s' % (n, L), '%d → %s' % (n, L),
              'Question %d: %s' % (n, L)])
    return f, L, {L}


@style('html_output', 'HTML snippet from a web widget')
def s_html(q, L):
    f = pick(['<p>The correct answer is <strong>%s</strong>.</p>' % tl(q, L),
              '<div class="answer">%s</div>' % L,
              '<ul><li>%s</li></ul><p><b>Answer:</b> %s</p>' % (just(q, L), L)])
    return f, L, {L}


@style('conditional_answer', 'answer depends on an interpretation; gives two picks, does not settle')
def s_cond(q, L):
    X = others(q, L, 1)[0]
    c1, c2 = COND[q.set]
    f = pick(['It depends: %s, it\'s %s; %s, it\'s %s.', '%s, %s. But %s, %s. Which reading do you mean?'])
    if f.startswith('It depends'):
        return f % (c1, ref(q, L), c2, ref(q, X)), 'unclear', {L, X}
    return f % (c1.capitalize(), ref(q, L), c2, ref(q, X)), 'unclear', {L, X}


@style('several_no_pick', 'names several options as defensible, picks none')
def s_sevno(q, L):
    k = min(3, len(q.choices))
    cs = [L] + others(q, L, k - 1)
    names = ', '.join(ref(q, c) for c in cs[:-1]) + ' and ' + ref(q, cs[-1])
    f = pick(['%s all seem defensible here.', 'Honestly, %s could each be argued.', 'I could see %s all being right depending on the grader.'])
    r = f % names
    return r[0].upper() + r[1:], 'unclear', set(cs)


@style('dont_know', 'says it does not know; no pick')
def s_idk(q, L):
    return pick(['I don\'t know.', 'I\'m not sure, sorry.', 'I don\'t know the answer to this one.',
                 'Honestly, I have no idea.', 'I can\'t determine that from what I know.',
                 'Not sure — I\'d rather not guess.']), 'none', set()


@style('refusal', 'refuses to answer')
def s_refuse(q, L):
    return pick(['I\'m sorry, but I can\'t help with that.', 'I can\'t assist with answering test questions.',
                 'I won\'t be able to answer this. It looks like an active exam question.',
                 'Sorry, I can\'t provide an answer to that request.']), 'none', set()


@style('none_fits', 'says none of the options is correct; no pick')
def s_nonefit(q, L):
    return pick(['None of the options is correct.', 'None of these fits — the right answer isn\'t listed.',
                 'All of the given options are wrong, so I can\'t pick one.',
                 'None of the above. The question seems to be flawed.']), 'none', set()


@style('clarifying_question', 'asks a clarifying question instead of answering')
def s_clar(q, L):
    c1, c2 = COND[q.set]
    return pick(['Before I answer, could you clarify: should I answer %s or %s?' % (c1, c2),
                 'Could you share the full question? It looks like some context is missing.',
                 'Do you want the answer according to your course material or general knowledge?',
                 'Quick question first — is this for a graded test? If so, what has your instructor said about it?']), 'none', set()


@style('socratic_hint_no_answer', 'tutor gives hints only and withholds the answer')
def s_socratic(q, L):
    return pick(['I won\'t give the answer away, but think about this: %s What does that tell you?' % hint(q),
                 'Let\'s work through it together. %s Which option do you think fits best, and why?' % hint(q),
                 'Here\'s a hint rather than the answer: %s Try it and tell me what you get!' % hint(q)]), 'none', set()


# ---------------------------------------------------------------- assembly
def protected_strip(q, text):
    t = text
    for p in sorted(q.protect, key=len, reverse=True):
        t = t.replace(p, ' ')
    return t.lower()


def collides(q, text, mentioned):
    t = protected_strip(q, text)
    pool = q.choices if q.set != 'cybersecurity' else q.kw['base']
    for x in q.letters:
        if x in mentioned:
            continue
        c = pool[LET.index(x)].lower()
        if re.search(r'(?<![\w])' + re.escape(c) + r'(?![\w])', t):
            return True
        for a in ALIAS.get(q.choices[LET.index(x)], []) if q.set == 'largest_country' else []:
            if len(a) > 3 and re.search(r'(?<![\w])' + re.escape(a.lower()) + r'(?![\w])', t):
                return True
    return False


def main():
    sets = {
        'largest_country': load_largest(), 'word_association': load_word(), 'crepe': load_crepe(),
        'cybersecurity': load_cyber(), 'bias_detection': load_bias(), 'corr2cause': load_corr(),
    }
    names = list(sets)
    pools = {}
    for s in names:
        qs = sets[s]
        pools[s] = sorted(R.sample(qs, min(POOL, len(qs))), key=lambda q: q.idx)
    cursor = {s: 0 for s in names}
    order = {s: R.sample(range(len(pools[s])), len(pools[s])) for s in names}

    jobs = [(st, n) for st, _ in STYLES for n in range(1, PER_STYLE + 1)]
    R.shuffle(jobs)
    fn = dict(STYLES)
    rows = []
    used = {}
    seen = set()
    for k, (st, n) in enumerate(jobs):
        s = names[k % len(names)]
        for attempt in range(40):
            pos = order[s][cursor[s] % len(pools[s])]
            cursor[s] += 1 if attempt % 5 == 4 else 0
            q = pools[s][pos]
            # spread letters: favour letters that have been used less so far
            w = [1.0 / (1 + used.get(x, 0)) ** 2 for x in q.letters]
            L = R.choices(q.letters, w)[0]
            reply, meant, mentioned = fn[st](q, L)
            if (q.set, q.idx, reply) not in seen and not collides(q, reply, mentioned):
                break
        else:
            raise SystemExit('could not place %s' % st)
        cursor[s] += 1
        seen.add((q.set, q.idx, reply))
        used[L] = used.get(L, 0) + 1
        if meant not in ('none', 'unclear'):
            assert meant in q.letters
        rows.append({'set': s, 'id': '%s:%d#%s-%d' % (s, q.idx, st, n), 'choices': q.choices, 'style': st,
                     'reply': reply, 'meant': meant})
    rows.sort(key=lambda r: r['id'])
    os.makedirs(HERE, exist_ok=True)
    with open(OUT, 'w', encoding='utf-8') as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    first = {}
    for i, (st, _) in enumerate(STYLES):
        cand = [r for r in rows if r['style'] == st]
        pref = [r for r in cand if r['set'] == names[i % len(names)]]
        first[st] = (pref or cand)[0]
    with open(STYLES_MD, 'w', encoding='utf-8') as f:
        f.write('# Styles in replies-blind20.jsonl (%d styles)\n\n' % len(STYLES))
        for st, _ in STYLES:
            ex = first[st]['reply'].replace('\n', ' ⏎ ')
            if len(ex) > 220:
                ex = ex[:217] + '...'
            f.write('- **%s** — %s. Example (meant %s): `%s`\n' % (st, DESC[st], first[st]['meant'], ex.replace('`', "'")))
    h = hashlib.sha256(open(OUT, 'rb').read()).hexdigest()
    print(h)


if __name__ == '__main__':
    main()
