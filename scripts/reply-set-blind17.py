#!/usr/bin/env python3
"""blind17: hand-labelled free-text replies to multiple-choice questions.

Sources (OpenAI evals 3.0.1.post1 registry data, unzipped under /tmp/evx):
  taxes                     taxes/samples.jsonl (only items whose choices are listed A,B,C,D in order)
  stats-tests               stats-tests/samples.jsonl
  theory_of_mind/socialiqa  theory_of_mind/socialiqa/test.jsonl (first 600 lines)
  parable-to-moral-match    parable-to-moral-match/parable-to-moral-match-en.jsonl
The sample index in an id is the 0-based line number in that file.

Deterministic: seed 17017, standard library only.  Writes /tmp/blind17/replies-blind17.jsonl
and STYLES.md, verifies them and prints the sha256 of the jsonl.
"""
import collections
import difflib
import hashlib
import json
import os
import random
import re
import sys

SEED = 17017
HERE = '/tmp/blind17'
os.makedirs(HERE, exist_ok=True)
DATA = '/tmp/evx/evals/registry/data/'
OUT = os.path.join(HERE, 'replies-blind17.jsonl')
STYLES_MD = os.path.join(HERE, 'STYLES.md')
LET = 'ABCDEF'
ORD = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth']
ORDN = ['1st', '2nd', '3rd', '4th', '5th', '6th']
NUMW = ['one', 'two', 'three', 'four', 'five', 'six']
NATO = {'A': 'Alpha', 'B': 'Bravo', 'C': 'Charlie', 'D': 'Delta', 'E': 'Echo', 'F': 'Foxtrot'}
BAD_LETTER = re.compile(r'\b[A-F]\b')


class Skip(Exception):
    pass


# ----------------------------------------------------------------------------- loading
def choices_ok(ch):
    if len(ch) < 3 or len(ch) > 6:
        return False
    if any(not c.strip() for c in ch):
        return False
    if any(BAD_LETTER.search(c) for c in ch):
        return False
    low = [c.lower().strip(' .') for c in ch]
    if len(set(low)) < len(low):
        return False
    for i, a in enumerate(low):
        for j, b in enumerate(low):
            if i != j and a in b:
                return False
    return True


def read_lines(path):
    with open(path, encoding='utf-8') as fh:
        return fh.read().split('\n')


def load_taxes():
    out, seen = [], []
    for i, line in enumerate(read_lines(DATA + 'taxes/samples.jsonl')):
        if not line.strip():
            continue
        o = json.loads(line)
        u = o['input'][-1]['content']
        m = re.search(r'^(.*?)(Assuming the tax rate is the same as 2021, what will be my income tax if my '
                      r'internship will pay me \$([\d,]+))\. A\. ([\d,]+) B\. ([\d,]+) C\. ([\d,]+) D\. ([\d,]+)\.', u, re.S)
        if not m or u in seen:
            continue
        seen.append(u)
        ch = [m.group(k) for k in (4, 5, 6, 7)]
        if not choices_ok(ch):
            continue
        ctx = m.group(1).strip()
        live = re.search(r'I live in ([A-Z][A-Za-z ]+?)\.', ctx)
        out.append(dict(set='taxes', idx=i, kind='tax', stem=m.group(2) + '?', ctx=ctx, choices=ch,
                        key=o['ideal'].strip(), income='$' + m.group(3), live=live.group(1) if live else 'NYC'))
    return out


def load_stats():
    out = []
    for i, line in enumerate(read_lines(DATA + 'stats-tests/samples.jsonl')):
        if not line.strip():
            continue
        o = json.loads(line)
        u = o['input'][-1]['content']
        m = re.search(r"Situation: '(.*)' Answer Choices: A: (.*?) B: (.*?) C: (.*?) D: (.*?)$", u.strip(), re.S)
        if not m:
            continue
        ch = [m.group(k).strip() for k in (2, 3, 4, 5)]
        if not choices_ok(ch):
            continue
        sit = m.group(1).strip()
        sents = re.split(r'(?<!Dr\.)(?<!Mr\.)(?<!Ms\.)(?<=[.!?])\s+', sit)
        qs = [x for x in sents if x.strip().endswith('?')]
        stem = qs[-1].strip() if qs else 'Which statistical test is most appropriate for this situation?'
        out.append(dict(set='stats-tests', idx=i, kind='stats', stem=stem, ctx=sit, choices=ch, key=o['ideal'].strip()))
    return out


def load_social(limit=600):
    out = []
    for i, line in enumerate(read_lines(DATA + 'theory_of_mind/socialiqa/test.jsonl')):
        if i >= limit:
            break
        if not line.strip():
            continue
        o = json.loads(line)
        u = o['input'][0]['content'].strip()
        m = re.fullmatch(r'(.*?) A: ([^;]*?); B: ([^;]*?); C: ([^;]*?)\.?', u, re.S)
        if not m:
            continue
        ch = [m.group(k).strip() for k in (2, 3, 4)]
        if not choices_ok(ch) or max(len(c) for c in ch) > 60 or any(re.search(r'\d', c) for c in ch):
            continue
        body = m.group(1).strip()
        qm = re.search(r'([^.?!]*\?)$', body)
        if not qm:
            continue
        stem = qm.group(1).strip()
        ctx = body[:len(body) - len(qm.group(1))].strip()
        out.append(dict(set='theory_of_mind/socialiqa', idx=i, kind='social', stem=stem, ctx=ctx, choices=ch,
                        key=o['ideal'].strip()))
    return out


def load_parables():
    out = []
    for i, line in enumerate(read_lines(DATA + 'parable-to-moral-match/parable-to-moral-match-en.jsonl')):
        if not line.strip():
            continue
        o = json.loads(line)
        u = o['input'][-1]['content']
        m = re.search(r'^(.*)\nWhich moral is this story attempting to convey\?.*?\n(A\) .*?)\nThe output should', u, re.S)
        if not m:
            continue
        story, blk = m.group(1).strip(), m.group(2)
        marks = ['A) ', ' B) ', ' C) ', ' D) ', ' E) ']
        pos = [blk.find(x) for x in marks]
        if any(p < 0 for p in pos) or pos != sorted(pos) or pos[0] != 0:
            continue
        if any(blk.count(x.strip() + ' ') != 1 for x in marks):
            continue
        ch = []
        for k in range(5):
            s = pos[k] + len(marks[k])
            e = pos[k + 1] if k < 4 else len(blk)
            ch.append(blk[s:e].strip().rstrip('.').strip() + '.')
        if not choices_ok([c.rstrip('.') for c in ch]) or max(len(c) for c in ch) > 220:
            continue
        key = o['ideal'][0].strip()[-1]
        out.append(dict(set='parable-to-moral-match', idx=i, kind='moral',
                        stem='Which moral is this story attempting to convey?', ctx=story, choices=ch, key=key))
    return out


POOLS = collections.OrderedDict()
POOLS['taxes'] = load_taxes()
POOLS['stats-tests'] = load_stats()
POOLS['theory_of_mind/socialiqa'] = load_social()
POOLS['parable-to-moral-match'] = load_parables()
for _p in POOLS.values():
    for _q in _p:
        _q['n'] = len(_q['choices'])
        assert _q['key'] in LET[:_q['n']], _q
BYID = {(q['set'], q['idx']): q for p in POOLS.values() for q in p}
SETS = list(POOLS.keys())

R = random.Random(SEED)


# ----------------------------------------------------------------------------- text helpers
def ix(L):
    return LET.index(L)


def others(q, L):
    return [x for x in LET[:q['n']] if x != L]


def ct(q, L):
    """choice text as one would quote it (morals without the final period)."""
    c = q['choices'][ix(L)]
    if q['kind'] == 'moral' and c.endswith('.'):
        c = c[:-1]
    return c


def val(q, L):
    return int(q['choices'][ix(L)].replace(',', ''))


def disp(q, L):
    return '$' + q['choices'][ix(L)] if q['kind'] == 'tax' else ct(q, L)


def qdisp(q, L):
    return disp(q, L) if q['kind'] == 'tax' else '"' + ct(q, L) + '"'


COMMON_START = ('the', 'running', 'on', 'once', 'looking', 'given', 'based', 'of', 'reading', 'what', 'it', 'this',
                'a', 'an', 'that', 'there', 'while', 'when', 'since', 'in', 'using', 'one', 'we', 'you', 'they', 'he', 'she',
                'everyone', 'nobody', 'people', 'some', 'if', 'never', 'always', 'do', 'don\'t', 'be', 'whoever', 'those',
                'many', 'every', 'all', 'no', 'true', 'good', 'our', 'your')


def lowfirst(s):
    """lower-case the first word only when it is an ordinary word (never a proper name like Kruskal-Wallis)."""
    w = s.split(' ', 1)[0]
    if w.lower() in COMMON_START and w[:1].isupper() and (len(w) == 1 or not w[1:].isupper()):
        return s[0].lower() + s[1:]
    return s


def upfirst(s):
    return s[:1].upper() + s[1:]


def short(q, L, n=7):
    w = ct(q, L).split()
    return ' '.join(w[:n]) + ('...' if len(w) > n else '')


def pick(r, *opts):
    return r.choice(opts)


def state_desc(q):
    live = q.get('live', '')
    if 'Seattle' in live:
        return 'Washington has no state income tax, so it is mostly federal tax plus FICA'
    if 'San Francisco' in live:
        return 'California state tax applies on top of federal tax and FICA'
    return 'New York State and New York City income tax apply on top of federal tax and FICA'


def why(q, L, r):
    k, t = q['kind'], ct(q, L)
    if k == 'tax':
        return pick(r,
                    'Running the 2021 federal brackets on %s of wages and adding the other layers (%s), the total comes to about %s.'
                    % (q['income'], state_desc(q), disp(q, L)),
                    'On %s of income, federal tax plus state/local tax and payroll taxes adds up to roughly %s.' % (q['income'], disp(q, L)),
                    'Once the standard deduction is applied and the federal and state brackets are stacked, the liability lands near %s.' % disp(q, L))
    if k == 'stats':
        return pick(r,
                    'Looking at how the groups are formed and what kind of data is collected, %s is the appropriate test.' % t,
                    '%s fits the number of conditions and the level of measurement described.' % upfirst(t),
                    'Given the design (who is measured, how often, and on what kind of scale), %s is the right tool.' % t)
    if k == 'social':
        return pick(r,
                    'Given what happened, "%s" is the most natural outcome.' % t,
                    'In context, "%s" fits best.' % t,
                    'Of the three, "%s" is what most people would expect in this situation.' % t,
                    'Reading the situation at face value, "%s" is the sensible answer.' % t)
    return pick(r,
                'The way the story ends illustrates the lesson "%s."' % t,
                'The events of the story line up with the moral "%s."' % t,
                'What happens to the main character drives home the point: "%s."' % t,
                'The story is really about this idea: "%s."' % t)


def whynot(q, L, tgt, r):
    k, t = q['kind'], ct(q, L)
    if k == 'tax':
        if val(q, L) < val(q, tgt):
            return pick(r, '%s is too low; it leaves out part of the state or payroll tax.' % disp(q, L),
                        '%s would only cover the federal piece.' % disp(q, L))
        return pick(r, '%s is far too high for this income.' % disp(q, L),
                    '%s would imply an effective rate that is much too steep.' % disp(q, L))
    if k == 'stats':
        if "'s test" in t:
            nm = 'The ' + t.replace("'s test", ' test')
        elif "'s " in t:
            nm = t
        else:
            nm = 'The ' + t
        return pick(r, '%s assumes a different design.' % nm,
                    '%s would need a different kind of data.' % nm,
                    'Using %s does not match how the participants are grouped here.' % t)
    if k == 'social':
        return pick(r, '"%s" doesn\'t really follow from what happened.' % t,
                    '"%s" doesn\'t fit the situation.' % t,
                    '"%s" is a stretch.' % t)
    return pick(r, '"%s" isn\'t what this story is about.' % short(q, L),
                '"%s" doesn\'t match the events of the story.' % short(q, L),
                'the lesson "%s" is not really illustrated here.' % short(q, L))


def topic(q):
    return {'tax': 'the 2021 tax liability for this internship income',
            'stats': 'which statistical test fits this design',
            'social': 'how the people in this scenario would react',
            'moral': 'the moral of this particular story'}[q['kind']]


def lf(L, r):
    """a letter written the way assistants write it, usable after 'The answer is'."""
    return pick(r, L, '(%s)' % L, '**%s**' % L, '%s)' % L, 'option %s' % L, 'Option %s' % L, 'choice %s' % L, '**(%s)**' % L)


def other(q, L, r):
    return r.choice(others(q, L))


def gerund(verb):
    irregular = {'be': 'being', 'see': 'seeing', 'lie': 'lying', 'die': 'dying', 'put': 'putting', 'get': 'getting',
                 'run': 'running', 'stop': 'stopping', 'sit': 'sitting', 'set': 'setting', 'let': 'letting', 'cut': 'cutting',
                 'hit': 'hitting', 'plan': 'planning', 'shop': 'shopping', 'hug': 'hugging', 'beg': 'begging', 'chat': 'chatting',
                 'swim': 'swimming', 'win': 'winning', 'forget': 'forgetting', 'begin': 'beginning', 'admit': 'admitting'}
    v = verb.lower()
    if v in irregular:
        return irregular[v]
    if v.endswith('ie'):
        return v[:-2] + 'ying'
    if v.endswith('e') and not v.endswith(('ee', 'ye', 'oe')):
        return v[:-1] + 'ing'
    return v + 'ing'


VERBS = ('talk thank hate spill continue have pay form buy take ask purchase steal call keep watch be go tell help '
         'give make leave throw turn catch save put kiss ignore signal stop chase get see hide become play find '
         'apologize apologise walk run sell wonder feel do try look bring eat drink clean cry hug visit say start '
         'finish learn study work win lose read write send open close move show thank invite offer share '
         'celebrate laugh smile yell scream leave wait return avoid care pick').split()


def inflect(q, L):
    t = ct(q, L)
    k = q['kind']
    if k == 'stats':
        if "'s " in t:
            return 'the ' + t.replace("'s ", ' ')
        if t.endswith('t-test'):
            return 'an ' + t[:-6] + 't test' if t[0] in 'aeiou' else 'a ' + t[:-6] + 't test'
        if t.endswith(' test'):
            return t[:-5] + ' tests'
        if t.endswith('ANOVA'):
            return 'a ' + t.replace('-', ' ')
        raise Skip
    if k == 'social':
        w = t.split()
        if w[0].lower() in VERBS and len(w) >= 2:
            return gerund(w[0]) + ' ' + ' '.join(w[1:])
        m = re.fullmatch(r'an? (very |really )?(\w+) person', t)
        if m:
            return (m.group(1) or '') + m.group(2) + ' people'
        raise Skip
    raise Skip


def typo(q, L, r):
    t = ct(q, L)
    words = t.split(' ')
    cand = [i for i, w in enumerate(words) if len(re.sub(r'[^A-Za-z]', '', w)) >= 5 and w.isalpha()]
    if not cand:
        cand = [i for i, w in enumerate(words) if len(w) >= 4 and re.fullmatch(r"[A-Za-z'-]+", w)]
    if not cand:
        raise Skip
    for _ in range(20):
        i = r.choice(cand)
        w = words[i]
        op = r.randrange(4)
        p = r.randrange(1, len(w) - 2)
        if op == 0:
            nw = w[:p] + w[p + 1] + w[p] + w[p + 2:]
        elif op == 1:
            nw = w[:p] + w[p + 1:]
        elif op == 2:
            nw = w[:p] + w[p] + w[p:]
        else:
            vow = 'aeiou'
            if w[p].lower() not in vow:
                continue
            nw = w[:p] + r.choice([v for v in vow if v != w[p].lower()]) + w[p + 1:]
        if nw == w:
            continue
        new = ' '.join(words[:i] + [nw] + words[i + 1:])
        if unique_match(q, L, new):
            return new
    raise Skip


def unique_match(q, L, s):
    sc = {x: difflib.SequenceMatcher(None, s.lower(), ct(q, x).lower()).ratio() for x in LET[:q['n']]}
    best = max(sc.values())
    return sc[L] == best and sc[L] > 0.75 and all(sc[x] < sc[L] - 0.2 for x in sc if x != L)


def trunc(q, L, r):
    w = ct(q, L).split()
    if len(w) < 4:
        raise Skip
    for n in range(2, len(w)):
        pre = ' '.join(w[:n]).lower()
        if not any(ct(q, x).lower().startswith(pre) for x in others(q, L)) and n >= 3:
            n2 = min(len(w) - 1, n + r.randrange(0, 3))
            return ' '.join(w[:n2])
    raise Skip


def approx_money(q, L):
    v = val(q, L)
    if v < 2000:
        raise Skip
    step = 1000 if v >= 100000 else 100
    a = int(round(v / step)) * step
    for x in others(q, L):
        if abs(val(q, x) - a) <= abs(v - a) * 3 + step:
            raise Skip
    if a >= 1000000:
        return '$%.2f million' % (a / 1e6)
    if a >= 10000:
        return '$%sk' % format(a // 1000, ',') if a % 1000 == 0 else '$%.1fk' % (a / 1000)
    return '$%.1fk' % (a / 1000)


# ----------------------------------------------------------------------------- styles
STYLES = []


def style(name, desc, sets=None, quota=None):
    def deco(fn):
        STYLES.append(dict(name=name, desc=desc, fn=fn, sets=sets, quota=quota))
        return fn
    return deco


NOTAX = ['stats-tests', 'theory_of_mind/socialiqa', 'parable-to-moral-match']


@style('bare_letter', 'Terse answer: only the letter in some form (B, (B), **B**, B), Answer: b).')
def s_bare(q, L, r):
    return pick(r, L, L + '.', '(%s)' % L, '**%s**' % L, 'Answer: %s' % L.lower(), '%s)' % L, 'Answer: %s' % L,
                '%s\n' % L, 'The answer is %s.' % L, 'Option %s' % L), L


@style('letter_with_text', 'Letter plus the choice text, one line, assorted separators.')
def s_lettext(q, L, r):
    t = disp(q, L)
    return pick(r, '%s) %s' % (L, t), '%s. %s' % (L, t), '**%s. %s**' % (L, t), '(%s) %s' % (L, t),
                'Answer: %s — %s' % (L, t), '%s: %s' % (L, t), 'Correct option: %s (%s)' % (L, t)), L


@style('text_only', 'Only the choice text, verbatim, no letter (sometimes quoted or bolded).')
def s_textonly(q, L, r):
    t = disp(q, L)
    return pick(r, t, t + '.', '"%s"' % t, '**%s**' % t, 'The answer is: %s' % t, 'Answer: %s' % t), L


@style('gpt_explain_bold', 'GPT-style: explanation first, bold final answer line at the end.')
def s_gpt(q, L, r):
    X = other(q, L, r)
    body = why(q, L, r)
    if r.random() < 0.6:
        body += ' ' + upfirst(whynot(q, X, L, r))
    end = pick(r, '**Answer: %s) %s**' % (L, disp(q, L)), '**Final answer:** %s' % L, '### Answer\n**%s**' % L,
               '**Correct answer: %s**' % L, 'So the correct choice is **%s. %s**' % (L, disp(q, L)))
    return '%s\n\n%s' % (body, end), L


@style('claude_lead_answer', 'Claude-style: answer stated up front, then reasoning that also discusses another option.')
def s_claude(q, L, r):
    X = other(q, L, r)
    head = pick(r, 'The answer is **%s** (%s).' % (L, disp(q, L)), "I'd go with **%s** — %s." % (L, disp(q, L)),
                '**%s** is the best answer here.' % L, 'The best answer is %s: %s.' % (L, qdisp(q, L)))
    tail = pick(r, 'Option %s might seem plausible at first, but %s' % (X, lowfirst(whynot(q, X, L, r))),
                '%s is the closest distractor; still, %s' % (X, lowfirst(whynot(q, X, L, r))),
                'I considered %s as well, but %s' % (X, lowfirst(whynot(q, X, L, r))))
    return '%s\n\n%s %s' % (head, why(q, L, r), tail), L


@style('gemini_checkmarks', 'Gemini-style markdown: Answer/Explanation headers and a per-option list with check and cross marks.')
def s_gemini(q, L, r):
    lines = []
    for x in LET[:q['n']]:
        if x == L:
            lines.append('* **%s. %s:** ✅ %s' % (x, disp(q, x), why(q, x, r)))
        else:
            lines.append('* **%s. %s:** ❌ %s' % (x, disp(q, x), upfirst(whynot(q, x, L, r))))
    if r.random() < 0.5:
        return '**Answer:** %s. %s\n\n**Explanation:**\n\n%s' % (L, disp(q, L), '\n'.join(lines)), L
    return "Let's break down each option:\n\n%s\n\n**Therefore, the correct option is %s.**" % ('\n'.join(lines), L), L


@style('llama_chatty', 'Llama-style chatty reply: enthusiastic opener, explanation, "The correct answer is: (C) ...", sign-off.')
def s_llama(q, L, r):
    op = pick(r, "Sure! I'd be happy to help you with this question.", 'Great question!',
              "Hello! Let's work through this together.", 'What a fun one!')
    ans = pick(r, 'Therefore, the correct answer is: (%s) %s' % (L, disp(q, L)), 'So, the answer is %s) %s!' % (L, disp(q, L)),
               'The correct answer is %s.' % qdisp(q, L))
    end = pick(r, 'I hope this helps! Let me know if you have any other questions.', 'Hope that helps! 😊',
               'Feel free to ask if you need more clarification!')
    return '%s\n\n%s\n\n%s\n\n%s' % (op, why(q, L, r), ans, end), L


@style('mistral_terse_expl', 'Mistral-style: letter and text on the first line, one-line explanation below.')
def s_mistral(q, L, r):
    return pick(r, '%s. %s\n\nExplanation: %s' % (L, disp(q, L), why(q, L, r)),
                'Correct answer: %s\nReason: %s' % (L, why(q, L, r)),
                '%s\n\n%s' % (L, why(q, L, r)),
                'Answer: %s (%s)\n%s' % (L, disp(q, L), why(q, L, r))), L


def echo_question(q):
    opts = '\n'.join('%s. %s' % (x, disp(q, x)) for x in LET[:q['n']])
    return '%s\n%s' % (q['stem'], opts)


@style('small_model_repetitive', 'Small local model: repeats itself, leaks template tokens or echoes the prompt after answering.')
def s_small(q, L, r):
    v = r.randrange(4)
    if v == 0:
        return ('The answer is %s. The answer is %s because %s So the answer is %s.\n\n### Instruction:\nAnswer the next question.'
                % (L, L, lowfirst(why(q, L, r)), L)), L
    if v == 1:
        return 'Answer: %s\nAnswer: %s\nAnswer: %s</s>' % (L, L, L), L
    if v == 2:
        return 'Answer: %s\n\nQuestion: %s\nAnswer:' % (L, echo_question(q)), L
    return '%s %s. %s is the correct answer. %s' % (disp(q, L), disp(q, L), upfirst(disp(q, L)) if q['kind'] != 'tax' else disp(q, L), '<|eot_id|>'), L


def sources(q, r, n=2):
    pool = {
        'tax': ['IRS Publication 17 (2021), Chapter 11', 'IRS Form 1040 Instructions, Schedule A', 'CA FTB 2021 Tax Rate Schedules',
                'NYS IT-201 Instructions (2021), Part C', 'SSA: 2021 Social Security wage base', 'Internal wiki: Intern payroll FAQ, Section B'],
        'stats': ['Field, Discovering Statistics, Ch. 7', 'Course notes: Choosing a test (flowchart), Part B',
                  'Stats handbook §4.2 Nonparametric tests', 'Lecture 9 slides: Correlation', 'Appendix D: Test selection table'],
        'social': ['Everyday social scenarios guide, Section C', 'Commonsense reasoning notes, Unit 3', 'FAQ: Interpreting social situations',
                   'Team handbook: Appendix B'],
        'moral': ["Aesop's Fables (Townsend translation)", 'Study guide: Fables and morals, Part D', 'Literature notes, Unit 4',
                  'Fable index, Volume A-F'],
    }[q['kind']]
    return r.sample(pool, n)


@style('rag_inline_citations', 'Enterprise RAG: bracketed citations inline and a Sources list whose titles contain stray letters (Schedule A, Part B).')
def s_rag_cite(q, L, r):
    X = other(q, L, r)
    src = sources(q, r)
    body = 'Based on the retrieved documents, %s [1]' % lowfirst(why(q, L, r)).rstrip('.')
    body += '. %s [2].' % upfirst(whynot(q, X, L, r).rstrip('.'))
    ans = pick(r, '**Answer: %s**' % L, '**Answer:** %s — %s' % (L, disp(q, L)), 'The best match is **%s** [1].' % disp(q, L),
               'Recommended option: %s' % L)
    return '%s\n\n%s\n\n**Sources:**\n[1] %s\n[2] %s' % (body, ans, src[0], src[1]), L


@style('rag_footer_textonly', 'RAG product answer that names only the choice text, followed by a source footer with stray letters.')
def s_rag_footer(q, L, r):
    head = pick(r, '%s is the correct choice.' % upfirst(qdisp(q, L)), 'The answer is %s.' % qdisp(q, L),
                'According to the knowledge base, the right answer is %s.' % qdisp(q, L))
    foot = pick(r, '📄 Sources: handbook_v3.pdf (p. 14), faq_section_D.html', 'Sources: [KB-1182] Policy Manual, Section C; [KB-2040] Glossary',
                'Retrieved from: Appendix B (internal), training-deck-2021.pptx', 'Source: Training Module 2, Part E')
    return '%s %s\n\n---\n%s' % (head, why(q, L, r), foot), L


@style('rag_no_info_none', 'RAG bot says the retrieved documents do not answer the question and declines to pick (meant none).', quota=0)
def s_rag_none(q, L, r):
    return pick(r,
                "I couldn't find information about %s in the provided documents, so I can't determine which option is correct." % topic(q),
                "The retrieved context doesn't address %s. I'd rather not guess — please check with your instructor or a subject-matter expert." % topic(q),
                'Based on the available sources, there isn\'t enough information to choose between options A through %s.' % LET[q['n'] - 1],
                "None of the documents in this workspace cover %s, so I can't confirm any of the listed options.\n\nSources searched: 4 (0 relevant)" % topic(q)), 'none'


@style('rag_no_info_guess', 'RAG bot says the documents do not cover it, then still offers a best guess.')
def s_rag_guess(q, L, r):
    return pick(r,
                "The knowledge base doesn't cover this directly. Going on general knowledge, my best guess would be %s (%s), but please verify." % (L, disp(q, L)),
                "I couldn't find this in the provided documents. If I had to guess, I'd say %s." % qdisp(q, L),
                'The context doesn\'t answer this. Outside the documents, though, the usual answer would be option %s.' % L,
                'Not found in sources. Unverified answer: %s' % L), L


@style('rag_confidence_block', 'Structured RAG output block: Answer / Confidence / Evidence lines with section references containing letters.')
def s_rag_conf(q, L, r):
    sec = '%s.%d' % (r.choice('ABCDEF'), r.randrange(1, 9))
    ans = pick(r, L, '%s (%s)' % (L, disp(q, L)), disp(q, L))
    conf = pick(r, '0.%d' % r.randrange(55, 96), 'High', 'Medium', 'medium-high')
    return 'Answer: %s\nConfidence: %s\nEvidence: doc_%d §%s — %s\nCitations: [%d], [%d]' % (
        ans, conf, r.randrange(1, 40), sec, why(q, L, r), r.randrange(1, 5), r.randrange(5, 9)), L


@style('support_bot_ordinal', 'Customer-support bot tone; refers to the answer by its position ("the second option"), sometimes with the text.')
def s_support_ord(q, L, r):
    i = ix(L)
    pos = 'last' if i == q['n'] - 1 and r.random() < 0.4 else ORD[i]
    ref = pick(r, 'the %s option' % pos, 'the %s one on your list' % pos, 'the %s choice' % pos)
    if r.random() < 0.5:
        ref += ' (%s)' % qdisp(q, L)
    return pick(r,
                'Hi there! Thanks for reaching out. 😊 %s So %s is the one you want. Is there anything else I can help you with today?' % (why(q, L, r), ref),
                "Thanks for your patience! I've looked into this for you: %s is correct. %s Have a great day!" % (upfirst(ref), why(q, L, r)),
                'Happy to help! The right pick here is %s. Let me know if you have any other questions.' % ref), L


@style('support_bot_escalate', 'Support bot that does not answer and escalates to a human; ticket numbers only (meant none).', quota=0)
def s_support_esc(q, L, r):
    n = r.randrange(10000, 99999)
    return pick(r,
                "I'm sorry, I'm not able to help with that question here. I've created ticket #%d and a specialist will follow up within 24 hours." % n,
                'This falls outside what I can assist with in chat. Please contact our support team and mention reference CASE-%d.' % n,
                "Thanks for your question! I'm going to hand this over to a human agent who can give you an accurate answer. Your place in queue: %d." % r.randrange(2, 9)), 'none'


@style('agent_react_trace', 'ReAct agent trace with Thought/Action/Observation steps mentioning other options, then Final Answer.')
def s_react(q, L, r):
    X = other(q, L, r)
    kw = {'tax': '2021 federal tax brackets single filer', 'stats': 'choosing a statistical test',
          'social': 'typical reaction in social situations', 'moral': 'fable moral'}[q['kind']]
    fin = pick(r, 'Final Answer: %s' % L, 'Action: finish[%s]' % L, 'Final Answer: %s' % disp(q, L))
    return ('Thought: I need to work out %s.\nAction: search["%s"]\nObservation: Found 3 results.\n'
            'Thought: Option %s looked possible, but %s\nAction: compare[%s, %s]\nObservation: %s\n'
            'Thought: I now know the final answer.\n%s') % (topic(q), kw, X, lowfirst(whynot(q, X, L, r)), X, L, why(q, L, r), fin), L


@style('agent_tool_call', 'Tool-using agent log: lookup calls, a scratch note ruling options out, then submit_answer(...) with the choice.')
def s_tool(q, L, r):
    xs = others(q, L)
    r.shuffle(xs)
    rule = ' and '.join(xs[:2])
    sub = pick(r, 'submit_answer({"choice": "%s"})' % L, 'submit_answer({"answer": "%s"})' % disp(q, L).replace('"', "'"),
               'submit_answer(choice="%s")' % L.lower())
    return ('[tool_call] lookup_reference({"query": "%s"})\n[tool_result] 2 passages returned\n[scratch] ruling out %s\n'
            '[tool_call] %s\n[tool_result] {"status": "ok"}\nSubmitted.') % (topic(q), rule, sub), L


@style('elimination_explicit', 'Goes through the wrong options one by one, then names the one left.')
def s_elim(q, L, r):
    lines = ['- %s: %s' % (x, upfirst(whynot(q, x, L, r))) for x in others(q, L)]
    end = pick(r, 'That leaves **%s**.' % L, 'By elimination: %s.' % L, 'So the remaining option, %s, is correct.' % qdisp(q, L),
               'Only %s survives, so that is my answer.' % L)
    return '%s\n%s\n\n%s' % (pick(r, "Let's rule things out:", 'Eliminating options:', 'Process of elimination:'), '\n'.join(lines), end), L


@style('elimination_implicit', 'Rules out every other option and says "the remaining one" without naming it.')
def s_elim_imp(q, L, r):
    xs = others(q, L)
    if r.random() < 0.5:
        lst = ', '.join(xs[:-1]) + (',' if len(xs) > 2 else '') + ' or ' + xs[-1]
        return "It can't be %s. %s So it has to be the one that's left." % (lst, ' '.join(upfirst(whynot(q, x, L, r)) for x in xs)), L
    parts = ['not %s' % qdisp(q, x) for x in xs]
    return 'Going through them: %s. By elimination, the answer is the remaining option.' % '; '.join(parts), L


@style('not_x_but_y', 'Contrastive answer: "Not X — Y", "Y, not X", "It isn\'t X, it\'s Y".')
def s_notxy(q, L, r):
    X = other(q, L, r)
    return pick(r, 'Not %s — %s.' % (X, L), '%s, not %s.' % (L, X), "The answer isn't %s, it's %s." % (X, L),
                "It's not %s (%s); it's %s (%s)." % (qdisp(q, X), X, qdisp(q, L), L),
                'Not %s. The correct choice is %s. %s' % (qdisp(q, X), qdisp(q, L), why(q, L, r))), L


@style('tempting_but', '"X is tempting, but Y is better" with the reasons.')
def s_tempt(q, L, r):
    X = other(q, L, r)
    return pick(r, '%s (%s) is tempting, but %s is the better answer: %s' % (X, disp(q, X), L, lowfirst(why(q, L, r))),
                'You might be drawn to %s, but the correct choice is %s. %s' % (X, L, why(q, L, r)),
                "It's easy to pick %s, but %s fits better." % (qdisp(q, X), qdisp(q, L)),
                'Option %s looks attractive at first glance. However, %s Answer: %s' % (X, lowfirst(whynot(q, X, L, r)), L)), L


@style('rank_most_to_least', 'Ranks the options from most to least likely; the top one is the answer.')
def s_rank_down(q, L, r):
    xs = others(q, L)
    r.shuffle(xs)
    order = [L] + xs
    v = r.randrange(3)
    if v == 0:
        return 'Ranking the options from most to least likely: %s.' % ' > '.join(order), L
    if v == 1:
        lines = ['%d. %s — %s' % (i + 1, x, disp(q, x)) for i, x in enumerate(order)]
        return 'Most likely to least likely:\n%s\n\nSo my pick is the first one.' % '\n'.join(lines), L
    return 'From most to least plausible: %s. I\'d answer with the first of these.' % ', '.join(order), L


@style('rank_least_to_most', 'Ranks from least to most likely; the last one in the list is the answer.')
def s_rank_up(q, L, r):
    xs = others(q, L)
    r.shuffle(xs)
    order = xs + [L]
    v = r.randrange(3)
    if v == 0:
        return 'From least to most likely: %s — so the last one in that list is my answer.' % ', '.join(order), L
    if v == 1:
        return 'Ordering from least plausible to most plausible: %s. I\'d go with the last one.' % ' < '.join(order), L
    lines = ['%d. %s (%s)' % (i + 1, x, disp(q, x)) for i, x in enumerate(order)]
    return 'Least likely → most likely:\n%s\n\nThe bottom of the list is my answer.' % '\n'.join(lines), L


@style('change_mind_midway', 'Starts toward one option, reconsiders in the middle, and settles on another.')
def s_mind_mid(q, L, r):
    X = other(q, L, r)
    return pick(r, 'My first instinct was %s (%s), but wait — %s So the answer is actually %s.' % (X, disp(q, X), lowfirst(why(q, L, r)), L),
                'At first glance, %s looks right. However, re-reading the question, %s\n\nFinal answer: %s' % (qdisp(q, X), lowfirst(why(q, L, r)), L),
                "I was going to say %s. Hmm, no — %s That makes it %s." % (X, lowfirst(whynot(q, X, L, r)), qdisp(q, L))), L


@style('change_mind_at_end', 'Gives a final answer, then revises it at the very end ("Actually, on reflection, C").')
def s_mind_end(q, L, r):
    X = other(q, L, r)
    return pick(r,
                '**Answer: %s**\n\n%s\n\nActually, on reflection, %s is better — %s I\'ll change my answer to %s.' % (X, why(q, X, r), L, lowfirst(why(q, L, r)), L),
                'Final answer: %s.\n\nHmm, wait. Re-reading the question, I think it\'s %s instead.' % (X, L),
                'The answer is %s.\n\nCorrection: it should be %s (%s), not %s.' % (qdisp(q, X), L, disp(q, L), X),
                '%s. %s\n\nEdit: on second thought, %s.' % (X, why(q, X, r), L)), L


def condition(q, r):
    return pick(r, *{
        'tax': ['2022 brackets instead of 2021', 'a part-year residency rule', 'a different treatment of the Massachusetts student status'],
        'stats': ['a looser definition of interval data', 'the parametric assumptions as met', 'a different reading of the design'],
        'social': ['a more literal reading of the question', 'the perspective of the other person', 'a less charitable interpretation'],
        'moral': ['a broader reading of the story', "the other character's point of view", 'a looser definition of the moral'],
    }[q['kind']])


@style('answer_then_conditional_alt', 'Final answer first, then a caveat naming an alternative that could be accepted under some condition.')
def s_cond(q, L, r):
    X = other(q, L, r)
    c = condition(q, r)
    return pick(r, '**Answer: %s** — %s.\n\nCaveat: if your instructor uses %s, %s could also be accepted.' % (L, disp(q, L), c, X),
                'The best answer is %s. That said, under %s, %s would be defensible.' % (L, c, X),
                '**%s.** %s\n\n(If the grader assumes %s, then %s might be marked correct instead.)' % (L, why(q, L, r), c, qdisp(q, X))), L


@style('hedged_commit', 'Hedged but committed answer ("I\'m not sure, but I\'d lean toward C").')
def s_hedge(q, L, r):
    return pick(r, "I'm not completely certain, but I'd lean toward %s." % L,
                "Probably %s (%s) — though I'd double-check." % (L, disp(q, L)),
                'My best guess is %s.' % qdisp(q, L),
                "If I had to pick, I'd say %s, but I wouldn't bet much on it." % L,
                "I think it's %s, maybe? %s" % (L, why(q, L, r))), L


@style('two_finalists_pick', 'Narrows down to two finalists and picks one of them.')
def s_final2(q, L, r):
    X = other(q, L, r)
    a, b = (X, L) if r.random() < 0.5 else (L, X)
    return pick(r, 'It comes down to %s and %s. %s So I\'ll go with %s.' % (a, b, upfirst(whynot(q, X, L, r)), L),
                'Between %s and %s, I pick %s.' % (a, b, L),
                '%s vs %s: %s %s wins.' % (qdisp(q, a), qdisp(q, b), why(q, L, r), L),
                'The two realistic candidates are %s (%s) and %s (%s). %s Final: %s' % (a, disp(q, a), b, disp(q, b), why(q, L, r), L)), L


@style('refusal_policy', 'Refuses on policy grounds (tax advice, graded assessment) with no answer (meant none).', quota=0)
def s_refuse(q, L, r):
    if q['kind'] == 'tax':
        return pick(r, "I'm not able to provide personalized tax advice. Please consult a licensed tax professional or the IRS directly.",
                    "I can't calculate your specific tax liability. For an accurate figure, I'd recommend tax software or a CPA."), 'none'
    return pick(r, "It looks like this is from a graded assessment, so I can't just give you the answer. I'd be happy to explain the underlying concepts, though!",
                "I'm sorry, but I can't help with answering exam questions. Is there something else I can help you with?",
                "I'd prefer not to pick an answer for you here — this seems to be a test item. Want me to walk through how to approach questions like this instead?"), 'none'


@style('refusal_with_guess', 'Policy-style disclaimer, but then gives an answer anyway.')
def s_refuse_guess(q, L, r):
    if q['kind'] == 'tax':
        return pick(r, "I can't give official tax advice, but as a rough estimate, option %s (%s) looks closest." % (L, disp(q, L)),
                    'This is not tax advice. That said, among the choices, %s is the most plausible figure.' % disp(q, L)), L
    return pick(r, "I shouldn't do graded work for you. That said, if you just want to check your answer: it's %s." % L,
                "I can't give you exam answers directly... but between us, %s is the one that fits." % qdisp(q, L),
                "I'd normally encourage you to work this out yourself. For what it's worth, I'd choose %s." % L), L


@style('dont_know', 'Plain "I don\'t know" / not sure, with no pick (meant none).', quota=0)
def s_idk(q, L, r):
    return pick(r, "I don't know.", "I'm not sure which of these is correct.", "Honestly, I can't tell from the information given.",
                "I don't have enough information to answer this confidently, so I'll leave it blank.",
                "Sorry, I don't know the answer to this one.", "I'm unable to determine the answer."), 'none'


@style('none_of_the_options', 'Says none of the listed options fits (tax: computes a figure not in the list) (meant none).', quota=0)
def s_nonefit(q, L, r):
    if q['kind'] == 'tax':
        vs = [val(q, x) for x in LET[:q['n']]]
        calc = int(max(vs) * 1.9) + r.randrange(10, 90)
        return pick(r, 'By my calculation the tax would be about $%s, which doesn\'t match any of the listed options.' % format(calc, ','),
                    'None of these. I get roughly $%s in total, so I think the answer choices are wrong.' % format(calc, ',')), 'none'
    if q['kind'] == 'stats':
        return pick(r, 'None of the listed tests is really appropriate here; you would want a mixed-design ANOVA.',
                    'Honestly, none of these options fits the design described.'), 'none'
    return pick(r, 'None of these options really fits the situation.', "I don't think any of the choices is correct here.",
                'None of the %s options matches well, in my view.' % NUMW[q['n'] - 1]), 'none'


@style('truncated_output', 'Reply cut off mid-reasoning before any answer is given (meant none).', quota=0)
def s_trunc_out(q, L, r):
    if q['kind'] == 'tax' and r.random() < 0.6:
        return ('To answer this we first compute the federal tax on %s:\n- Standard deduction: $12,550\n- 10%% on the first $9,950 = $995\n- 12%% on the next'
                % q['income']), 'none'
    n = r.randrange(1, q['n'])
    lines = []
    for x in LET[:n]:
        lines.append('%s) %s: this would mean that' % (x, disp(q, x)))
    cut = "Let's go through the options one by one.\n\n" + '\n'.join(lines[:-1])
    cut += ('\n' if len(lines) > 1 else '') + lines[-1] + pick(r, ' the', ' we need to', '')
    return cut, 'none'


@style('quote_typo', 'Answers with the choice text only, quoted with a typo (swapped, dropped or doubled letter).', sets=NOTAX)
def s_typo(q, L, r):
    t = typo(q, L, r)
    return pick(r, 'The answer is "%s".' % t, "I'd pick %s" % t, 'Answer: %s' % t, 'Correct: "%s"' % t, '%s is the right one.' % upfirst(t)), L


@style('quote_case_changed', 'Quotes the choice text in all caps or all lower case, no letter.', sets=NOTAX)
def s_case(q, L, r):
    t = ct(q, L)
    return pick(r, 'ANSWER: %s' % t.upper(), 'answer - %s' % t.lower(), "the correct one is '%s'" % t.lower(),
                'I GO WITH: %s' % t.upper(), 'final answer: %s' % t.lower()), L


@style('quote_inflected', 'Refers to the choice with an inflected form (gerund, plural, dropped possessive), no letter.',
       sets=['stats-tests', 'theory_of_mind/socialiqa'])
def s_infl(q, L, r):
    t = inflect(q, L)
    if q['kind'] == 'stats':
        return pick(r, "I'd use %s here." % t, 'Go with %s.' % t, 'This calls for %s.' % t), L
    return pick(r, 'The answer is %s.' % t, 'Most likely: %s.' % t, "I'd say %s." % t, 'They would end up %s.' % t if t.endswith('ing') else 'Answer: %s' % t), L


@style('quote_truncated', 'Quotes only the beginning of the choice text, with or without an ellipsis.',
       sets=['parable-to-moral-match', 'theory_of_mind/socialiqa'])
def s_truncq(q, L, r):
    t = trunc(q, L, r)
    return pick(r, 'The moral is "%s..."' % t if q['kind'] == 'moral' else 'The answer is "%s..."' % t,
                "Answer: '%s…'" % t, "I'd go with \"%s\" etc." % t, 'Pick: %s...' % t), L


PARAPHRASES = [
    ('theory_of_mind/socialiqa', 1, 'B', "They'd most likely hand it in at the lost-and-found desk so the owner can get it back."),
    ('theory_of_mind/socialiqa', 4, 'B', 'Riley is going to end up with coffee spilled all over the place, since the table got knocked.'),
    ('theory_of_mind/socialiqa', 7, 'B', 'Quinn comes across as a genuinely hilarious guy, the kind who keeps everyone laughing.'),
    ('theory_of_mind/socialiqa', 35, 'A', "Honestly, I think Bailey would just disregard whoever is on lifeguard duty and keep trying on her own."),
    ('theory_of_mind/socialiqa', 38, 'A', "Tracy went to the store to pick up the stuff she needs to cook tonight's meal."),
    ('stats-tests', 6, 'C', "You'd compute a Pearson product-moment correlation coefficient between the two variables."),
    ('stats-tests', 0, 'B', 'This calls for the rank-sum test for two independent groups (a.k.a. the Mann–Whitney U).'),
    ('parable-to-moral-match', 0, 'B', "The lesson is that you shouldn't try to do things that simply can't be done."),
    ('parable-to-moral-match', 8, 'B', "It's the cry-wolf lesson: once people know you for lying, nobody trusts you even when you're being honest."),
    ('taxes', 73, 'B', 'It comes to about five hundred dollars in total.'),
]


@style('paraphrase_curated', 'Hand-written paraphrase of the choice content (not verbatim), no letter; a human maps it clearly.')
def s_para(q, L, r):
    raise AssertionError('handled specially')


@style('json_answer', 'JSON object output (with or without code fence), letter or text in various keys.')
def s_json(q, L, r):
    v = r.randrange(6)
    if v == 0:
        obj = {'answer': L}
    elif v == 1:
        obj = {'answer': L, 'explanation': why(q, L, r)}
    elif v == 2:
        obj = {'choice': L.lower(), 'confidence': round(r.uniform(0.55, 0.95), 2)}
    elif v == 3:
        obj = {'final_answer': {'letter': L, 'text': disp(q, L)}}
    elif v == 4:
        obj = {'selected_option': disp(q, L)}
    else:
        X = other(q, L, r)
        obj = {'reasoning': 'Option %s was considered but rejected; %s' % (X, lowfirst(why(q, L, r))), 'answer': L}
    s = json.dumps(obj, ensure_ascii=False, indent=2 if r.random() < 0.5 else None)
    return ('```json\n%s\n```' % s if r.random() < 0.5 else s), L


@style('structured_no_answer', 'JSON / YAML / XML output whose answer field is null, N/A or abstain (meant none).', quota=0)
def s_struct_none(q, L, r):
    return pick(r, json.dumps({'answer': None, 'reason': 'insufficient context'}),
                '```json\n{"answer": "N/A", "note": "The provided material does not cover this question."}\n```',
                'answer: ~\nstatus: abstained\nnote: question outside my scope',
                '<response>\n  <answer/>\n  <status>abstain</status>\n</response>',
                json.dumps({'final_answer': None, 'options_considered': list(LET[:q['n']])})), 'none'


@style('yaml_answer', 'YAML output with the answer key (letter, lower-case letter or text).')
def s_yaml(q, L, r):
    return pick(r, 'answer: %s\nrationale: >\n  %s\nconfidence: high' % (L, why(q, L, r)),
                "selected: '%s'" % disp(q, L).replace("'", "''"),
                '- question: "%s"\n  answer: %s' % (q['stem'].replace('"', "'"), L.lower()),
                '---\nresult:\n  option: %s\n  text: "%s"\n' % (L, disp(q, L).replace('"', "'"))), L


@style('xml_answer', 'XML-tagged output (<answer>, <choice letter="...">, <final>).')
def s_xml(q, L, r):
    return pick(r, '<answer>%s</answer>' % L,
                '<response>\n  <reasoning>%s</reasoning>\n  <choice letter="%s">%s</choice>\n</response>' % (why(q, L, r), L, disp(q, L)),
                '<thinking>Comparing the options...</thinking>\n<final>%s</final>' % L,
                '<result option="%s"/>' % L), L


def csvq(s):
    return '"%s"' % s.replace('"', '""') if (',' in s or '"' in s) else s


@style('csv_scores', 'CSV output: per-option scores or verdicts; the answer is the top score / accepted row.')
def s_csv(q, L, r):
    v = r.randrange(3)
    if v == 0:
        rest = [r.randrange(2, 20) for _ in others(q, L)]
        top = 100 - sum(rest)
        rows = ['option,probability']
        it = iter(rest)
        for x in LET[:q['n']]:
            rows.append('%s,%.2f' % (x, (top if x == L else next(it)) / 100))
        return '\n'.join(rows), L
    if v == 1:
        rows = ['option,text,verdict']
        for x in LET[:q['n']]:
            rows.append('%s,%s,%s' % (x, csvq(disp(q, x)), 'accept' if x == L else 'reject'))
        return '\n'.join(rows), L
    rows = ['option,score']
    for x in LET[:q['n']]:
        rows.append('%s,%d' % (x, r.randrange(80, 96) if x == L else r.randrange(5, 40)))
    rows.append('selected,%s' % L)
    return '\n'.join(rows), L


@style('markdown_table_verdict', 'Markdown table of all options with a verdict or likelihood column; sometimes a bold pick below.')
def s_table(q, L, r):
    if r.random() < 0.5:
        rows = ['| Option | Answer text | Verdict |', '|---|---|---|']
        for x in LET[:q['n']]:
            rows.append('| %s | %s | %s |' % (x, disp(q, x), '✅ Correct' if x == L else '❌'))
    else:
        rows = ['| Choice | Likelihood |', '|:-:|---|']
        for x in LET[:q['n']]:
            rows.append('| %s | %s |' % (x, 'High' if x == L else pick(r, 'Low', 'Very low')))
    s = '\n'.join(rows)
    if r.random() < 0.5:
        s += '\n\n**Best answer: %s**' % L
    return s, L


@style('transcript_pushback_flip', 'Chat transcript: assistant answers, user pushes back, assistant switches to a new final answer.')
def s_flip(q, L, r):
    X = other(q, L, r)
    u, a = pick(r, ('User:', 'Assistant:'), ('**User:**', '**Assistant:**'), ('Human:', 'AI:'))
    return ('%s %s\n%s %s. %s\n%s Are you sure? I think that\'s wrong.\n%s %s' % (
        u, q['stem'], a, X, why(q, X, r), u, a,
        pick(r, "You're right, I apologize. The correct answer is %s." % L,
             'Good catch — on a second look it should be %s (%s).' % (L, disp(q, L)),
             'Sorry about that. It is actually %s.' % qdisp(q, L)))), L


@style('transcript_pushback_hold', 'Chat transcript: user suggests another option, assistant keeps its original answer.')
def s_hold(q, L, r):
    X = other(q, L, r)
    u, a = pick(r, ('User:', 'Assistant:'), ('**User:**', '**Assistant:**'), ('Q:', 'A:'))
    return '%s %s\n%s %s.\n%s Really? My friend said %s.\n%s I understand the confusion, but I\'m sticking with %s — %s' % (
        u, q['stem'], a, L, u, X, a, L, lowfirst(why(q, L, r))), L


PASSING = {
    'tax': ['Since this is W-2 wage income rather than Schedule C self-employment income,', 'Ignoring any Plan B like deferring income to next year,',
            'Medicare Part A and Social Security are covered by FICA, and', 'Using the grade A rule of thumb from the IRS tables,'],
    'stats': ['As in Section C of the course notes,', 'Unlike a Plan B of just eyeballing the data,', 'Much like the example in Appendix B,',
              'Per the Type A/Type B error discussion in lecture,'],
    'social': ['Someone with a type A personality might react differently, but', 'Unless they had a Plan B,',
               'Like the vitamin D of friendship, a small kind gesture matters, and', 'Per Section C of the social norms handout,'],
    'moral': ['Much like a Plan B that fails,', 'Like many fables in Part D of the anthology,',
              'As with the grade A students in a similar story,', 'Following Section C of the study guide,'],
}


@style('letters_in_passing', 'Uses capital letters in passing (Plan B, Schedule C, type A personality, Section C) besides the real answer.')
def s_passing(q, L, r):
    p = r.choice(PASSING[q['kind']])
    if re.search(r'\b%s\b' % L, p):
        raise Skip
    return pick(r, '%s %s So the answer is %s.' % (p, lowfirst(why(q, L, r)), L),
                '%s the answer here is %s.' % (p, qdisp(q, L)),
                '%s I would choose option %s.' % (p, L)), L


@style('numeric_value_only', 'Tax questions: states only the dollar amount (exact or rounded like "$9.9k"), no letter.', sets=['taxes'])
def s_num(q, L, r):
    if r.random() < 0.4:
        a = approx_money(q, L)
        return pick(r, 'Roughly %s in total tax.' % a, 'About %s.' % a, 'Your total tax would be approximately %s.' % a), L
    v = disp(q, L)
    return pick(r, 'Your estimated 2021 tax would be about %s.' % v, 'Total: %s USD' % q['choices'][ix(L)], '≈ %s' % v,
                'You would owe %s in income tax.' % v), L


@style('tax_math_walkthrough', 'Tax questions: step-by-step arithmetic with intermediate figures, then maps the total to an option.', sets=['taxes'])
def s_taxmath(q, L, r):
    v = val(q, L)
    fed = int(v * r.uniform(0.55, 0.7))
    fica = int(v * r.uniform(0.12, 0.2))
    st = v - fed - fica
    vs = [val(q, x) for x in LET[:q['n']]]
    if any(abs(n - w) < 50 for n in (fed, fica, st) for w in vs) or st <= 0:
        raise Skip
    f = lambda n: '$' + format(n, ',')
    end = pick(r, '→ %s' % L, 'which matches option %s.' % L, 'so (%s).' % L, 'The closest choice is %s (%s).' % (L, disp(q, L)))
    return ('Step 1: Federal income tax on %s ≈ %s\nStep 2: State/local income tax ≈ %s\nStep 3: FICA ≈ %s\nTotal ≈ %s %s'
            % (q['income'], f(fed), f(st), f(fica), f(v), end)), L


@style('quote_question_first', 'Restates or block-quotes the question before answering.')
def s_quoteq(q, L, r):
    return pick(r, '> %s\n\n%s' % (q['stem'], pick(r, 'Answer: %s' % L, '%s %s' % (why(q, L, r), 'So: %s.' % L))),
                'You asked: "%s" — the answer is %s.' % (q['stem'], lf(L, r)),
                'Question: %s\nAnswer: %s' % (q['stem'], disp(q, L))), L


@style('ordinal_numeric', 'Refers to the answer by number: "#2", "choice 2", "option 2", "the 2nd one", "number two".')
def s_ordnum(q, L, r):
    i = ix(L)
    return pick(r, 'The answer is #%d.' % (i + 1), 'Choice %d.' % (i + 1), 'Option %d (%s)' % (i + 1, disp(q, L)),
                "It's the %s one." % ORDN[i], 'Number %s.' % NUMW[i], 'Go with option #%d.' % (i + 1),
                'Answer: choice %d — %s' % (i + 1, disp(q, L))), L


@style('ordinal_words', 'Refers to the answer by position in words: "the third option", "the last one", "the final choice".')
def s_ordw(q, L, r):
    i = ix(L)
    if i == q['n'] - 1 and r.random() < 0.5:
        pos = pick(r, 'last', 'final')
    else:
        pos = ORD[i]
    return pick(r, 'The %s option is correct.' % pos, "I'd go with the %s one." % pos, '%s So the %s choice.' % (why(q, L, r), pos),
                'Answer: the %s option listed.' % pos), L


@style('casual_lowercase', 'Casual, lower-case chat answers ("i\'d say b", "prob c tbh", "answer: d").')
def s_casual(q, L, r):
    l = L.lower()
    if L == 'A':
        return pick(r, 'option a', 'answer is a', 'prob option a tbh', "i'd say (a)"), L
    return pick(r, "i'd say %s" % l, 'prob %s tbh' % l, 'answer: %s' % l, "its %s" % l, 'def %s' % l, '%s i think' % l), L


@style('voice_assistant', 'Voice-assistant phrasing without markdown, NATO spelling ("C, as in Charlie").')
def s_voice(q, L, r):
    return pick(r, 'The answer is %s, as in %s.' % (L, NATO[L]), "I'd pick option %s — that's %s as in %s." % (L, L, NATO[L]),
                'The correct answer is the %s one: %s.' % (ORD[ix(L)], disp(q, L)),
                'Okay, here is what I found. The answer is %s.' % disp(q, L)), L


@style('boxed_latex', 'Math-style boxed answer (\\boxed{C}), sometimes with the "Final Answer: The final answer is" template.')
def s_boxed(q, L, r):
    return pick(r, '\\boxed{%s}' % L, '$$\\boxed{\\text{%s}}$$' % L,
                'Final Answer: The final answer is $\\boxed{%s}$. I hope it is correct.' % L,
                '%s\n\nTherefore the answer is $\\boxed{%s}$.' % (why(q, L, r), L)), L


@style('contradictory_or_double', 'Gives two answers at once ("A/B", "Answer: B, D", "both B and D") with no single final pick (meant unclear).', quota=0)
def s_contra(q, L, r):
    X = other(q, L, r)
    a, b = sorted([X, L])
    return pick(r, 'Both %s and %s apply here.' % (a, b),
                'Answer: %s, %s' % (a, b), 'The answer is %s/%s.' % (a, b),
                'Either %s or %s — both are correct.' % (a, b),
                '%s and %s' % (qdisp(q, a), qdisp(q, b))), 'unclear'


@style('letter_text_mismatch', 'Letter and quoted text disagree (unclear), unless the writer explicitly corrects which one they meant.')
def s_mismatch(q, L, r):
    X = other(q, L, r)
    if r.random() < 0.6:
        return pick(r, 'Answer: %s) %s' % (X, disp(q, L)), 'The correct answer is %s, %s.' % (X, qdisp(q, L)),
                    '**%s** — %s' % (X, disp(q, L))), 'unclear'
    return pick(r, 'Answer: %s) %s — sorry, typo: I mean %s, %s.' % (X, disp(q, L), L, qdisp(q, L)),
                'The correct answer is %s (%s). Correction: the letter for that is %s, so the answer is %s.' % (X, disp(q, L), L, L)), L


@style('apology_correction', 'Apologises for an earlier answer and gives the corrected one ("The correct answer is D, not B").')
def s_apology(q, L, r):
    X = other(q, L, r)
    return pick(r, 'I apologize for the mistake in my earlier response. The correct answer is %s, not %s.' % (L, X),
                'Sorry for the confusion before — I said %s, but it should be %s. %s' % (X, L, why(q, L, r)),
                'My previous answer (%s) was incorrect. The right choice is %s.' % (qdisp(q, X), qdisp(q, L))), L


@style('code_block', 'Answer placed inside a fenced code block (plain, text or python).')
def s_code(q, L, r):
    return pick(r, '```\n%s\n```' % L, '```text\nAnswer: %s\n```' % L, '```python\nanswer = "%s"\n```' % L,
                'Here is the answer:\n```\n%s. %s\n```' % (L, disp(q, L))), L


@style('email_style', 'Email-formatted reply with greeting, the answer mid-body, signature and a P.S. with stray letters.')
def s_email(q, L, r):
    name = r.choice(['Sam', 'Priya', 'Jordan', 'Alex', 'Mei'])
    bot = r.choice(['Helpdesk Assistant', 'StudyBuddy AI', 'Acme Support Bot'])
    ps = r.choice(['P.S. Our office hours are listed in Section D of the handbook.', 'P.S. Plan B is always to ask your tutor!',
                   'P.S. Grades are posted under Tab C.'])
    return 'Hi %s,\n\nThanks for your question. %s The correct choice is option %s (%s).\n\nBest regards,\n%s\n\n%s' % (
        name, why(q, L, r), L, disp(q, L), bot, ps), L


@style('tldr_long', 'Long discussion of all the options with a TL;DR line (at the top or bottom) carrying the answer.')
def s_tldr(q, L, r):
    parts = []
    for x in LET[:q['n']]:
        parts.append('%s) %s — %s' % (x, disp(q, x), why(q, x, r) if x == L else upfirst(whynot(q, x, L, r))))
    body = '\n\n'.join(parts)
    if r.random() < 0.5:
        return 'TL;DR: %s\n\n%s' % (qdisp(q, L), body), L
    return '%s\n\nTL;DR: %s' % (body, L), L


@style('multi_source_conflict', 'RAG answer where two sources point to different options and the writer resolves the conflict (a few give up: none).')
def s_conflict(q, L, r):
    X = other(q, L, r)
    if r.random() < 0.2:
        return ('Source 1 (course_notes.pdf) supports %s, while Source 2 (wiki export) supports %s. '
                "The sources conflict and I can't resolve which is correct, so I won't pick one." % (X, L)), 'none'
    return pick(r, 'Source 1 (2019 guide) suggests %s, while Source 2 (2021 update) supports %s. Since Source 2 is more recent, the answer is %s.' % (X, L, L),
                'The documents disagree: one points to %s, the other to %s. The more authoritative one (the official handbook) says %s, so I\'d go with that.' % (qdisp(q, X), qdisp(q, L), L)), L


@style('clarify_question', 'Asks a clarifying question; half stop there (none), half answer under a stated assumption.')
def s_clarify(q, L, r):
    ask = {'tax': 'Could you confirm whether you are a resident of the state where you live or where you study?',
           'stats': 'Could you tell me whether the same participants are measured in every condition?',
           'social': 'Could you tell me a bit more about the context here?',
           'moral': 'Is this for a class that uses a specific list of morals?'}[q['kind']]
    if r.random() < 0.5:
        return '%s Once I know that, I can pick the right option.' % ask, 'none'
    return '%s\n\nAssuming the most common case, the answer would be %s.' % (ask, lf(L, r)), L


@style('double_negative_pick', 'Litotes / double negatives before the pick ("I wouldn\'t say B is wrong, but D is stronger").')
def s_dneg(q, L, r):
    X = other(q, L, r)
    return pick(r, "I wouldn't say %s is wrong, exactly, but I wouldn't choose it either; %s is stronger." % (X, L),
                "It's not that %s is perfect — it isn't — but it's the best of the bunch." % qdisp(q, L),
                "I can't not pick %s here." % L,
                "%s isn't unreasonable, but I'm not going with it. %s." % (X, L)), L


@style('answer_first_discuss_all', 'Answer line first, then "why not the others" bullets naming every other letter.')
def s_afirst(q, L, r):
    lines = ['- %s: %s' % (x, upfirst(whynot(q, x, L, r))) for x in others(q, L)]
    return 'Answer: %s\n\nWhy not the others:\n%s' % (L, '\n'.join(lines)), L


@style('tutor_feedback', 'Tutor bot grading the student\'s pick: "You selected X, which is incorrect. Correct answer: Y."')
def s_tutor(q, L, r):
    X = other(q, L, r)
    return pick(r, 'You selected %s, which is incorrect. %s\n\n✅ Correct answer: %s' % (X, upfirst(whynot(q, X, L, r)), L),
                'Not quite! %s was a good try, but the correct answer is %s. %s' % (X, L, why(q, L, r)),
                'Your answer: %s ❌\nCorrect answer: %s ✅' % (X, L)), L


@style('cot_step_by_step', '"Let\'s think step by step" chain of thought mentioning several options, then "Therefore, the answer is (C)".')
def s_cot(q, L, r):
    X = other(q, L, r)
    steps = ['1. First, consider what the question is asking: %s' % q['stem'],
             '2. Option %s: %s' % (X, upfirst(whynot(q, X, L, r))),
             '3. Option %s: %s' % (L, why(q, L, r))]
    return "Let's think step by step.\n%s\n\nTherefore, the answer is %s." % ('\n'.join(steps), pick(r, '(%s)' % L, L, '**%s**' % L)), L


@style('bullet_summary_pick', 'Short bulleted pros/cons for two or three options and a "Pick:" line.')
def s_bullets(q, L, r):
    xs = others(q, L)
    r.shuffle(xs)
    sel = xs[:min(2, len(xs))] + [L]
    r.shuffle(sel)
    lines = []
    for x in sel:
        lines.append('• %s — %s' % (x, 'pro: ' + why(q, x, r) if x == L else 'con: ' + whynot(q, x, L, r)))
    return '%s\n\nPick: %s' % ('\n'.join(lines), pick(r, L, '%s (%s)' % (L, disp(q, L)), disp(q, L))), L


@style('answer_in_sentence_with_question_words', 'Plain prose where the answer is woven into a sentence that restates the scenario.')
def s_sentence(q, L, r):
    if q['kind'] == 'tax':
        return pick(r, 'With an internship paying %s, your 2021 income tax should be %s, which is answer %s.' % (q['income'], disp(q, L), L),
                    'If the internship pays %s, expect to owe about %s.' % (q['income'], disp(q, L))), L
    if q['kind'] == 'stats':
        return pick(r, 'For this situation the researcher should run %s (%s).' % (ct(q, L), L),
                    'In this study, %s is the test to use.' % ct(q, L)), L
    if q['kind'] == 'social':
        return pick(r, 'In this scenario, the answer to "%s" is %s: %s.' % (q['stem'], L, ct(q, L)),
                    'Given that %s, the best answer is "%s".' % (lowfirst(q['ctx']).rstrip('.'), ct(q, L))), L
    return pick(r, 'This fable conveys the moral "%s" (%s).' % (ct(q, L), L),
                'The story is meant to teach: "%s."' % ct(q, L)), L


@style('enterprise_rag_card', 'Enterprise assistant answer card: summary, answer line, confidence badge, citations, and a disclaimer footer.')
def s_card(q, L, r):
    src = sources(q, r, 1)[0]
    return ('**Summary**\n%s\n\n**Answer:** %s\n**Confidence:** %s\n**Citations:** %s\n\n_This response was generated by AI. Verify before relying on it. Ref: KB-%d-%s_'
            % (why(q, L, r), pick(r, '%s — %s' % (L, disp(q, L)), L, 'Option %s' % L), pick(r, '🟢 High', '🟡 Medium'), src,
               r.randrange(100, 999), r.choice('ABCDEF'))), L


@style('multiple_choice_restated_list', 'Restates all options as a list and marks the chosen one with an arrow or "(my answer)".')
def s_restated(q, L, r):
    mark = pick(r, '  ← my answer', ' (my answer)', '  ⟵ this one')
    lines = ['%s. %s%s' % (x, disp(q, x), mark if x == L else '') for x in LET[:q['n']]]
    return 'Options:\n%s' % '\n'.join(lines), L


@style('final_line_after_long_doubt', 'Long hesitant reasoning that leans one way, then commits to a final line ("Final: B").')
def s_doubt(q, L, r):
    X = other(q, L, r)
    return ("This one is tricky. There is a case for %s: %s On the other hand, %s I went back and forth on this, and %s "
            'could be argued for. But weighing everything:\n\nFinal: %s') % (X, why(q, X, r), lowfirst(why(q, L, r)), X, L), L


# ----------------------------------------------------------------------------- generation
def quota_flags(si, n=10):
    k = 7 if si % 3 != 2 else 6
    flags = [True] * k + [False] * (n - k)
    R.shuffle(flags)
    return flags


def generate():
    rows = []
    for si, st in enumerate(STYLES):
        name = st['name']
        if name == 'paraphrase_curated':
            for k, (sname, idx, L, text) in enumerate(PARAPHRASES):
                q = BYID[(sname, idx)]
                rows.append(dict(set=sname, id='%s:%d#%s-%d' % (sname, idx, name, k), choices=q['choices'], style=name,
                                 reply=text, meant=L))
            continue
        flags = quota_flags(si)
        sets = st['sets'] or SETS
        for k in range(10):
            for attempt in range(200):
                sname = sets[(si + k + attempt) % len(sets)]
                q = R.choice(POOLS[sname])
                tgt = q['key'] if flags[k] else R.choice(others(q, q['key']))
                try:
                    reply, meant = st['fn'](q, tgt, R)
                except Skip:
                    continue
                break
            else:
                raise RuntimeError('could not generate %s' % name)
            rows.append(dict(set=sname, id='%s:%d#%s-%d' % (sname, q['idx'], name, k), choices=q['choices'], style=name,
                             reply=reply, meant=meant))
    return rows


def main():
    rows = generate()
    with open(OUT, 'w', encoding='utf-8', newline='\n') as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + '\n')
    with open(STYLES_MD, 'w', encoding='utf-8', newline='\n') as fh:
        fh.write('# blind17 reply styles\n\n')
        fh.write('Seed %d. %d styles x 10 replies. Sets: %s.\n\n' % (SEED, len(STYLES), ', '.join(SETS)))
        fh.write('"meant" = the option the writer of the reply means as the final answer; "none" = no answer given; '
                 '"unclear" = a careful reader cannot tell.\n\n')
        for st in STYLES:
            fh.write('- `%s`: %s\n' % (st['name'], st['desc']))
    verify(rows)


def verify(rows):
    by_style = collections.Counter(r['style'] for r in rows)
    by_meant = collections.Counter(r['meant'] for r in rows)
    by_set = collections.Counter(r['set'] for r in rows)
    ids = [r['id'] for r in rows]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    assert len(rows) >= 500, len(rows)
    assert len(by_style) >= 50, len(by_style)
    assert all(v == 10 for v in by_style.values()), by_style
    keyhits = lettered = 0
    for r in rows:
        m = r['meant']
        assert m in ('none', 'unclear') or (m in LET and LET.index(m) < len(r['choices'])), r['id']
        assert set(r) == {'set', 'id', 'choices', 'style', 'reply', 'meant'}
        q = BYID[(r['set'], int(r['id'].split(':', 1)[1].split('#')[0]))]
        assert q['choices'] == r['choices']
        if m in LET:
            lettered += 1
            keyhits += (m == q['key'])
    print('replies:', len(rows))
    print('styles:', len(by_style), '(all 10 each)')
    print('per style:', dict(by_style))
    print('per meant:', dict(sorted(by_meant.items())))
    print('per set (replies / distinct questions):')
    for s in SETS:
        dq = len({r['id'].split('#')[0] for r in rows if r['set'] == s})
        print('  %-28s %4d / %d' % (s, by_set[s], dq))
    print('lettered meaning the key: %d / %d = %.1f%%' % (keyhits, lettered, 100.0 * keyhits / lettered))
    with open(OUT, 'rb') as fh:
        print('sha256', hashlib.sha256(fh.read()).hexdigest(), os.path.basename(OUT))
    with open(STYLES_MD, 'rb') as fh:
        print('sha256', hashlib.sha256(fh.read()).hexdigest(), os.path.basename(STYLES_MD))


if __name__ == '__main__':
    main()
