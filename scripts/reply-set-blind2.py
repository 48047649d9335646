#!/usr/bin/env python3
"""Second blind, labelled set of free-text replies to four-choice questions.

What this is
    A generator for ``crates/exam/tests/data/replies-blind2.jsonl``: prose
    replies of the kind AI assistants write (ChatGPT, Claude, Gemini,
    Copilot, RAG products with citations, small local models) to
    multiple-choice questions, each labelled with the choice its writer
    meant.  Every output line is one JSON object::

        {"set": ..., "id": ..., "choices": [four texts], "style": ...,
         "reply": ..., "meant": "A"|"B"|"C"|"D"|"none"|"unclear"}

    "meant" is the choice the reply asserts (which is often not the key:
    assistants are often wrong), "none" when the reply gives no answer
    (I don't know, refusal, the documents don't say, none of the options),
    "unclear" when it commits to no single choice (torn between two, names
    two answers, letter and text contradict each other).

Which questions
    Three sets from the PyPI package evals 3.0.1.post1, read straight out
    of the wheel under ``evals/registry/data/``:

    * ``atpl_exams/samples.jsonl``: airline transport pilot theory
      questions, "A) .. B) .. C) .. D)" inline, key in "ideal".
    * ``accounting_audit/samples.jsonl``: auditing questions,
      "A. .. B. .. C. .. D." inline, key in "ideal".
    * ``directions/samples.jsonl``: "a car is going east, turns right 9
      times ..." with the fixed choices North/East/South/West; the key is
      recomputed here and checked against "ideal".

    Questions whose four choices do not parse cleanly, that repeat an
    earlier question, whose choices are themselves option letters, or that
    have an "all/none of the above" choice are skipped.

How it was written
    Blind: without reading the reply reader (crates/exam/src/reading/,
    crates/api, METHODS.md section 13), the earlier reply sets
    (tests/data/replies*.jsonl) or their generator scripts
    (scripts/reply-set*.py).  The templates below are one person's idea of
    how assistants really answer, not a reflection of the reader's rules.

How to run
    python3 scripts/reply-set-blind2.py /tmp/evals/evals-3.0.1.post1-py3-none-any.whl \\
        [--out crates/exam/tests/data/replies-blind2.jsonl]

    Standard library only and deterministic (fixed seed): the same wheel
    gives the same file byte for byte.
"""

import argparse
import json
import random
import re
import sys
import zipfile

SEED = 20250611
PER_STYLE = 12
LETTERS = "ABCD"
ORD = {"A": "first", "B": "second", "C": "third", "D": "fourth"}
DIRS = ["North", "East", "South", "West"]
DEFAULT_OUT = "/work/main/crates/exam/tests/data/replies-blind2.jsonl"


# ---------------------------------------------------------------------------
# Per-question knowledge for the two exam sets: a topic phrase, short
# justifications for some choices (written as an assistant would, right or
# wrong), paraphrases of some choices (kind "easy" shares words with the
# choice, "hard" needs domain knowledge), and whether free rewording of the
# choice texts is safe (some choices differ by a word or two).
# ---------------------------------------------------------------------------

INFO = {
    ("atpl_exams", 1): dict(
        topic="transition level", src="ICAO Doc 8168 (PANS-OPS)",
        why={"A": "By definition the transition level is the lowest flight level available for use above the transition altitude.",
             "D": "The transition level for each aerodrome is published in the AIP, so that is where you find it."},
        para={"A": [("easy", "it is the lowest usable flight level above the transition altitude"),
                    ("hard", "it's simply the first flight level you can use once you are above the TA")],
              "B": [("easy", "it's the highest flight level available below the transition altitude")]}),
    ("atpl_exams", 2): dict(
        topic="TAF decoding", src="ICAO Annex 3",
        why={"C": "At 1345Z the first TEMPO group (+RA OVC005) is still in force, so cloud can come down to 500 ft.",
             "A": "The PROB30 TEMPO group mentions BKN007CB, so 700 ft is the lowest base in the forecast."},
        para={"C": [("easy", "the cloud base could drop to about five hundred feet")],
              "A": [("easy", "you could see a base of roughly seven hundred feet")]}),
    ("atpl_exams", 3): dict(
        topic="rate of descent on a 3° glide path", src="EASA ATPL Flight Planning manual",
        why={"A": "Rule of thumb: rate of descent ≈ 5 × groundspeed, so 5 × 120 kt ≈ 600 ft/min.",
             "D": "Using roughly 6.5 × groundspeed for a 3° path gives about 800 ft/min at 120 kt."},
        para={"A": [("easy", "roughly six hundred feet per minute")],
              "B": [("easy", "something like nine hundred and fifty feet a minute")]}),
    ("atpl_exams", 4): dict(
        topic="EHSI weather radar colours", src="Boeing 737-400 FCOM",
        why={"D": "On the 737-400 EHSI weather mode, turbulence is painted in magenta.",
             "A": "Severe returns like turbulence are shown flashing red so they stand out."},
        para={"D": [("easy", "it's shown in a magenta colour")]}),
    ("atpl_exams", 5): dict(
        topic="noise abatement procedures", src="ICAO Doc 8168 Vol I",
        why={"C": "Under Procedure A, power is reduced when reaching 1500 ft above aerodrome elevation.",
             "B": "Procedure A keeps take-off power until 3000 ft, so that's where you reduce."},
        para={"C": [("easy", "you cut back to climb power at fifteen hundred feet")],
              "D": [("easy", "you reduce power at one thousand feet")]}),
    ("atpl_exams", 7): dict(
        topic="RTF phraseology", src="ICAO Doc 9432 (Manual of Radiotelephony)",
        why={"A": "The words TAKE OFF are reserved for the take-off clearance itself or for cancelling it; otherwise DEPARTURE or AIRBORNE is used.",
             "C": "TAKE OFF is used when lining up so that the crew knows the next clearance is the take-off."},
        para={"A": [("easy", "only when actually clearing an aircraft for take-off, or cancelling that take-off clearance")],
              "B": [("easy", "when the aircraft receives its start-up clearance")]}),
    ("atpl_exams", 8): dict(
        topic="ATC clearances", src="ICAO Annex 11",
        why={"A": "A clearance limit is the point to which an aircraft is granted an ATC clearance.",
             "D": "The clearance limit is the cleared flight level — the level you may not exceed."},
        para={"A": [("easy", "it's the point up to which ATC has cleared the aircraft")],
              "B": [("easy", "it's the moment the clearance expires")]}),
    ("atpl_exams", 9): dict(
        topic="stalling in turns", src="EASA ATPL Principles of Flight",
        why={"B": "In a level turn the load factor is 1/cos(bank), and stall speed rises with the square root of the load factor.",
             "D": "Stall is a function of angle of attack, not speed, so the stall speed itself stays the same."},
        para={"B": [("easy", "the speed at which the aeroplane stalls goes up"),
                    ("hard", "because the load factor is above 1, you'll stall at a higher indicated airspeed than in straight and level flight")],
              "C": [("easy", "the stall speed goes down")]}),
    ("atpl_exams", 10): dict(
        topic="aircraft approach categories", src="ICAO Doc 8168 (PANS-OPS)",
        why={"A": "Vat is 1.3 times the stall speed in the landing configuration at maximum certified landing mass.",
             "D": "Vat uses a factor of 1.15 on the stall speed in landing configuration."},
        para={"A": [("easy", "one point three times the stalling speed")]}),
    ("atpl_exams", 11): dict(
        topic="instrument approach terminology", src="ICAO Doc 8168 (PANS-OPS)",
        why={"A": "The visual phase after an instrument approach, to line up with a runway not suited for a straight-in, is visual manoeuvring (circling).",
             "B": "Once the crew continues visually after the instrument part, it is a visual approach."},
        para={"A": [("easy", "a circling approach — visual manoeuvring to land"),
                    ("hard", "it's the circle-to-land manoeuvre")],
              "D": [("easy", "flying the aerodrome traffic circuit")]}),
    ("atpl_exams", 12): dict(
        topic="phases of flight definitions", src="EU-OPS / JAR-OPS 1",
        why={"D": "The approach to landing is defined as the portion of flight below 1000 ft above the relevant DH or MDH.",
             "C": "Below 1000 ft above minima you are on the final approach segment."},
        para={"D": [("easy", "the approach-to-land phase")]}),
    ("atpl_exams", 14): dict(
        topic="VOR radials", src="EASA ATPL Radio Navigation", similar=True,
        why={"B": "A radial is the magnetic bearing measured outward from the VOR station (a QDR).",
             "A": "A radial is the magnetic bearing you fly to reach the VOR."},
        para={"B": [("hard", "it's a QDR"),
                    ("easy", "it is the magnetic bearing going out from the VOR")]}),
    ("atpl_exams", 15): dict(
        topic="aircraft electrical systems", src="EASA ATPL Aircraft General Knowledge",
        why={"D": "In a constant-frequency AC system DC is supplied by Transformer Rectifier Units (TRUs).",
             "B": "A static inverter converts between AC and DC, so that's what supplies DC."},
        para={"D": [("hard", "a TRU"),
                    ("easy", "a transformer-rectifier unit")],
              "C": [("easy", "a rotary converter unit")]}),

    ("accounting_audit", 1): dict(
        topic="attorney inquiry letters", src="AU-C 501, Audit Evidence – Specific Considerations",
        why={"D": "The listing of litigation is prepared by management and provided separately, so it isn't part of the letter itself.",
             "B": "The letter asks the lawyer to evaluate outcomes and estimate losses; a disclaimer about settlement is not something it contains."},
        para={"D": [("easy", "the list of pending or threatened litigation and claims")],
              "B": [("easy", "a disclaimer about how likely a settlement of pending litigation is")]}),
    ("accounting_audit", 2): dict(
        topic="management representations", src="AU-C 580, Written Representations", similar=True,
        why={"A": "Refusing written representations is a scope limitation, which leads to a qualified opinion or a disclaimer.",
             "D": "Without written representations the auditor can't rely on management at all, so it's a disclaimer or an adverse opinion."},
        para={"A": [("hard", "treat it as a scope limitation and either qualify the opinion or disclaim it")]}),
    ("accounting_audit", 3): dict(
        topic="adverse opinions", src="AU-C 705, Modifications to the Opinion",
        why={"A": "A material and pervasive GAAP departure calls for an adverse opinion, which states that the statements do not present fairly.",
             "D": "A departure from GAAP is reported with 'except for' wording in the opinion paragraph."},
        para={"A": [("hard", "the wording of an adverse opinion")],
              "D": [("easy", "the 'except for the effects of the departure from GAAP' wording")]}),
    ("accounting_audit", 4): dict(
        topic="subsequent events", src="AU-C 560, Subsequent Events",
        why={"A": "The auditor's responsibility for events affecting the client runs until the report release date.",
             "B": "The auditor's responsibility for subsequent events runs to the date of the auditor's report."},
        para={"B": [("easy", "the date the auditors' report is dated")],
              "A": [("easy", "the date the audit report is released")]}),
    ("accounting_audit", 5): dict(
        topic="proposed audit adjustments", src="AU-C 450, Evaluation of Misstatements",
        why={"A": "The financial statements are management's responsibility, so management has to accept the proposed adjustments.",
             "B": "The engagement partner signs off on the audit, so the partner approves the adjustments."},
        para={"A": [("easy", "management of the client"),
                    ("hard", "the people responsible for preparing the financial statements")]}),
    ("accounting_audit", 6): dict(
        topic="audit sampling", src="AICPA Audit Guide: Audit Sampling",
        why={"C": "Substantive tests are about dollar amounts, which is what variables sampling estimates.",
             "A": "Attributes sampling is the workhorse method auditors use throughout their procedures."},
        para={"A": [("easy", "attribute sampling")],
              "C": [("easy", "sampling for variables")]}),
    ("accounting_audit", 7): dict(
        topic="the sampling process", src="AICPA Audit Guide: Audit Sampling",
        why={"B": "You set the objective, define the characteristic, measure the items, and only then evaluate the results.",
             "A": "Measuring the sample items comes at the very end of fieldwork."},
        para={"B": [("easy", "evaluating the results of the sample"),
                    ("hard", "drawing conclusions about the population from what the sample showed")]}),
    ("accounting_audit", 8): dict(
        topic="auditor independence", src="SEC Rule 2-01 of Regulation S-X",
        why={"A": "For public companies the SEC has the final say on independence rules.",
             "C": "The AICPA Code of Professional Conduct is where independence is defined."},
        para={"A": [("hard", "the Securities and Exchange Commission")],
              "D": [("easy", "Congress")]}),
    ("accounting_audit", 9): dict(
        topic="SEC revenue recognition criteria", src="SEC Staff Accounting Bulletin 104",
        why={"D": "Cash collection is not required — only that collectibility is reasonably assured.",
             "C": "A fixed or determinable price isn't one of the SEC's criteria."},
        para={"D": [("easy", "collecting the cash"),
                    ("easy", "that the cash has actually been received")]}),
    ("accounting_audit", 10): dict(
        topic="revenue cycle files", src="Arens, Auditing and Assurance Services",
        why={"A": "Orders that have been initiated but not completed sit in the pending order master file.",
             "D": "Orders waiting on credit approval sit in the credit check file."},
        para={"A": [("easy", "the pending-orders master file")]}),
    ("accounting_audit", 11): dict(
        topic="interim testing of controls", src="AU-C 330, Performing Audit Procedures",
        why={"C": "Controls tested at an interim date need to be rolled forward for the remaining period to year end.",
             "B": "To rely on the controls for the whole year you need a random sample across the whole audit period."},
        para={"C": [("hard", "roll-forward testing of the controls for the period after the interim test")]}),
    ("accounting_audit", 12): dict(
        topic="required supplementary information", src="AU-C 730, Required Supplementary Information", similar=True,
        why={"B": "RSI isn't part of the basic statements, so the opinion stays unmodified and the other-matter paragraph deals with the RSI.",
             "A": "A material misstatement in required information leads to a qualified opinion."},
        para={}),
    ("accounting_audit", 13): dict(
        topic="disagreements with management", src="AU-C 705, Modifications to the Opinion",
        why={"A": "A disagreement over a needed adjustment is a GAAP departure, which leads to a qualified ('except for') opinion.",
             "C": "When auditors and management disagree, the auditor disclaims."},
        para={"A": [("easy", "a qualified opinion because of the departure from GAAP")],
              "D": [("hard", "a clean opinion")]}),
    ("accounting_audit", 14): dict(
        topic="predecessor auditors", src="AU-C 700, Forming an Opinion",
        why={"B": "When the predecessor's report isn't presented, the successor describes it and gives the substantive reasons for any modification.",
             "D": "The successor only reports on the year they audited and says nothing about the prior year."},
        para={"B": [("easy", "state the substantive reasons for the predecessor's qualification in their own report")]}),
    ("accounting_audit", 15): dict(
        topic="subsequent events procedures", src="AU-C 560, Subsequent Events",
        why={"B": "Cut-off testing is a year-end transaction test, not a subsequent-events procedure.",
             "A": "Written representations are obtained at the end, not as a subsequent-events procedure."},
        para={"B": [("easy", "cutoff tests around the year end")]}),
    ("accounting_audit", 16): dict(
        topic="revenue cycle assertions", src="AU-C 315, Understanding the Entity",
        why={"D": "Revenue tends to be overstated, so auditors focus on whether recorded sales actually occurred.",
             "A": "The risk in revenue is that sales are missing from the books, so completeness is the focus."},
        para={"D": [("hard", "whether the recorded sales actually happened")],
              "A": [("hard", "whether all sales have been recorded")]}),
    ("accounting_audit", 17): dict(
        topic="opening balances", src="AU-C 510, Opening Balances",
        why={"D": "Opening inventory affects cost of sales and cash flows, but the year-end balance sheet doesn't depend on it.",
             "C": "The income statement is what opening inventory doesn't touch."},
        para={"D": [("easy", "just the balance sheet"),
                    ("hard", "the statement of financial position alone")]}),
    ("accounting_audit", 18): dict(
        topic="defining the population", src="AICPA Audit Guide: Audit Sampling",
        why={"C": "If the population is wrong, the sample can't tell you anything about the population you care about.",
             "A": "A properly defined population is what keeps sampling risk at the appropriate level."},
        para={"C": [("easy", "so that the results are representative of the whole population")]}),
    ("accounting_audit", 19): dict(
        topic="nonstatistical sampling", src="AICPA Audit Guide: Audit Sampling", similar=True,
        why={"C": "Without probability theory you can't quantify sampling risk.",
             "B": "Nonstatistical sampling is the usual choice when the auditor takes a substantive approach."},
        para={"C": [("easy", "it gives the auditor no way to measure sampling risk")]}),
    ("accounting_audit", 22): dict(
        topic="attributes sampling", src="AICPA Audit Guide: Audit Sampling",
        why={"A": "Attributes sampling fits tests of controls, such as checking purchase orders for approval.",
             "D": "Confirming receivables involves choosing accounts by attribute, which is attributes sampling."},
        para={"A": [("easy", "checking that purchase orders were approved by supervisors")],
              "D": [("easy", "picking receivables to confirm")]}),
    ("accounting_audit", 23): dict(
        topic="tests of controls", src="AICPA Audit Guide: Audit Sampling",
        why={"C": "The tolerable rate is the deviation rate the auditor will accept and still rely on the control at the planned risk level.",
             "A": "The upper limit of deviation is what you compare with the control risk level."},
        para={"C": [("easy", "the tolerable deviation rate")]}),
    ("accounting_audit", 24): dict(
        topic="independence rules", src="AICPA Code of Professional Conduct",
        why={"D": "A fully insured checking account at a client bank doesn't impair independence.",
             "B": "Being the landlord of a client is an ordinary business relationship."},
        para={"D": [("easy", "a fully insured checking account at a client bank")],
              "B": [("easy", "owning the building the client rents")]}),
    ("accounting_audit", 25): dict(
        topic="auditor liability", src="AU-C 200, Overall Objectives of the Independent Auditor",
        why={"D": "The standard is due professional care: the care of a reasonably prudent auditor.",
             "B": "Auditors are only liable if they are grossly negligent."},
        para={"D": [("hard", "auditors have to exercise due professional care")],
              "C": [("easy", "they are strictly liable when they miss client fraud")]}),
    ("accounting_audit", 26): dict(
        topic="analytical procedures", src="AU-C 520, Analytical Procedures",
        why={"B": "Sales up, cost ratio down and receivables up points to sales being recorded without matching costs — possibly fictitious.",
             "C": "A jump in sales and receivables at year end is a classic cut-off signal."},
        para={"B": [("hard", "revenue that may have been made up"),
                    ("easy", "sales that are fictitious")]}),
    ("accounting_audit", 27): dict(
        topic="final analytical review", src="AU-C 520, Analytical Procedures", similar=True,
        why={"C": "Gathering evidence about specific assertions is what substantive analytics do; the final review is an overall check.",
             "B": "Near the end you shouldn't be discovering new unexpected balances."},
        para={}),
    ("accounting_audit", 28): dict(
        topic="bill and hold arrangements", src="SEC Staff Accounting Bulletin 104",
        why={"B": "In a bill-and-hold deal the seller records the sale but keeps the goods.",
             "D": "The seller is holding inventory for the customer without billing it yet."},
        para={"B": [("hard", "the sale is booked while the goods stay in the seller's warehouse"),
                    ("easy", "sales recorded without shipping")]}),
    ("accounting_audit", 29): dict(
        topic="going concern", src="AU-C 570, The Auditor's Consideration of Going Concern",
        why={"D": "Once substantial doubt exists, the auditor considers whether the disclosures about it are adequate.",
             "B": "Substantial doubt is a material uncertainty, which leads to a qualified or adverse opinion."},
        para={"D": [("easy", "assessing whether the disclosure of the going-concern doubt is adequate")]}),
    ("accounting_audit", 30): dict(
        topic="auditor liability for fraud", src="Ultramares Corp. v. Touche (1931)",
        why={"D": "Knowingly issuing a clean opinion on misstated statements is fraud, and fraud exposes the auditor to anyone who suffers a loss.",
             "B": "Under Ultramares the auditor is liable only to parties in privity."},
        para={"D": [("easy", "anyone who lost money because of the fraud")],
              "B": [("easy", "only those in privity of contract with Kerry")]}),
}

SKIP = {
    ("atpl_exams", 6): "the choice texts are option letters (A, P, C, B)",
    ("atpl_exams", 13): "repeats question 1",
    ("accounting_audit", 20): "choice D is 'all of these situations'",
    ("accounting_audit", 21): "no lettered choices in the prompt",
}

SOURCES = {
    "atpl_exams": ["ICAO Doc 4444 – PANS-ATM", "EASA ATPL Theoretical Knowledge Manual",
                   "ICAO Annex 2 – Rules of the Air", "skybrary.aero", "Oxford Aviation Academy ATPL notes",
                   "CAP 413 Radiotelephony Manual"],
    "accounting_audit": ["AICPA Professional Standards", "PCAOB Auditing Standards",
                         "Arens et al., Auditing and Assurance Services (16th ed.)", "Wiley CPAexcel – AUD",
                         "Becker CPA Review, AUD 3", "journalofaccountancy.com"],
    "directions": ["Compass directions – Wikipedia", "Khan Academy: Angles and turns",
                   "Math StackExchange: repeated 90° rotations", "BBC Bitesize – Compass points"],
}

DISMISS = [
    "doesn't match the definition", "describes something else", "is a common distractor",
    "isn't what the standard says", "confuses two different concepts", "doesn't fit the question",
    "is too broad", "is the classic trap answer", "isn't supported by the reference material",
]


# ---------------------------------------------------------------------------
# Reading the wheel
# ---------------------------------------------------------------------------

class Q:
    def __init__(self, set_, line, stem, choices, key, info=None, turns=None, start=None):
        self.set = set_
        self.line = line
        self.id = "%s:%d" % (set_, line)
        self.stem = stem
        self.choices = choices
        self.key = key
        self.info = info or {}
        self.turns = turns
        self.start = start

    def t(self, letter):
        return self.choices[LETTERS.index(letter)]

    @property
    def topic(self):
        return self.info.get("topic", "repeated turns")


def split_choices(text, sep):
    pat = re.compile(r"(?:^|(?<=\s))([A-D])" + re.escape(sep) + r"\s")
    ms = list(pat.finditer(text))
    if [m.group(1) for m in ms] != list(LETTERS):
        return None
    stem = text[:ms[0].start()].strip()
    out = []
    for i, m in enumerate(ms):
        end = ms[i + 1].start() if i < 3 else len(text)
        c = text[m.end():end].strip()
        if c.endswith("."):
            c = c[:-1].rstrip()
        out.append(c)
    return stem, out


def load(wheel):
    z = zipfile.ZipFile(wheel)

    def rows(path):
        for i, line in enumerate(z.read("evals/registry/data/" + path).decode("utf-8").splitlines(), 1):
            if line.strip():
                yield i, json.loads(line)

    qs = {"atpl_exams": [], "accounting_audit": [], "directions": []}
    for set_, path, sep, cut in [("atpl_exams", "atpl_exams/samples.jsonl", ")", "Reply by choosing"),
                                 ("accounting_audit", "accounting_audit/samples.jsonl", ".", "For each question")]:
        for i, o in rows(path):
            if (set_, i) in SKIP:
                continue
            text = o["input"][-1]["content"]
            if cut in text:
                text = text[:text.index(cut)].strip()
            parsed = split_choices(text, sep)
            key = o["ideal"].strip()
            if not parsed or key not in LETTERS:
                raise SystemExit("unexpected question %s:%d" % (set_, i))
            stem, choices = parsed
            if any(re.search(r"\b(all|none) of (the above|these)\b", c, re.I) for c in choices):
                raise SystemExit("all/none-of choice in %s:%d" % (set_, i))
            if (set_, i) not in INFO:
                raise SystemExit("no INFO for %s:%d" % (set_, i))
            qs[set_].append(Q(set_, i, stem, choices, key, INFO[(set_, i)]))

    for i, o in rows("directions/samples.jsonl"):
        text = o["input"][-1]["content"]
        m = re.match(r"A car is going (\w+) - it turns (.*?)\. \nWhich direction is it going now\?", text)
        if not m or "A) North B) East C) South D) West" not in text:
            continue
        start = [d.lower() for d in DIRS].index(m.group(1))
        turns = [(s, int(n)) for s, n in re.findall(r"(right|left) (\d+) times", m.group(2))]
        h = start
        for s, n in turns:
            h = (h + (n if s == "right" else -n)) % 4
        key = LETTERS[h]
        if o["ideal"][0].strip()[-1] != key:
            continue
        stem = text[:text.index("\nPlease answer")].strip()
        qs["directions"].append(Q("directions", i, stem, list(DIRS), key, turns=turns, start=start))
    return qs


# ---------------------------------------------------------------------------
# Small text helpers
# ---------------------------------------------------------------------------

def lc(s):
    """Lower-case the first letter unless the text starts with an acronym or a quote."""
    if not s:
        return s
    ws = s.split()
    w = ws[0]
    if len(w) > 1 and (w.isupper() or w[1:2].isupper()):
        return s
    if len(ws) > 1 and ws[1][:1].isupper():
        return s
    return s[0].lower() + s[1:]


def uc(s):
    return s[0].upper() + s[1:] if s else s


def dname(q, letter):
    """Direction name as prose uses it."""
    return q.t(letter).lower()


def inline(q, letter):
    """The choice text as it would sit mid-sentence."""
    if q.set == "directions":
        return dname(q, letter)
    return lc(q.t(letter))


def others(letter):
    return [x for x in LETTERS if x != letter]


# --- directions reasoning with (optional) a deliberate slip --------------------

def dir_plan(q, target):
    """Per-step effective right quarter-turns, with one arithmetic slip if target != key.

    The slipped step depends only on the question and the target, so every
    rendering of the same reasoning agrees with itself."""
    eff = [n % 4 for s, n in q.turns]
    delta = (LETTERS.index(target) - LETTERS.index(q.key)) % 4
    slip = None
    if delta:
        i = random.Random("%s/%s" % (q.id, target)).randrange(len(q.turns))
        s, n = q.turns[i]
        if s == "right":
            eff[i] = (eff[i] + delta) % 4
        else:
            eff[i] = (eff[i] - delta) % 4
        slip = i
    return eff, slip


def dir_long(q, target, rng):
    eff, _ = dir_plan(q, target)
    h = q.start
    intro = rng.choice([
        "Let's track the heading step by step. Clockwise order is North → East → South → West, and four turns in the same direction bring the car back where it started, so only the count mod 4 matters.",
        "Each turn is 90°. Right = clockwise (N→E→S→W), left = counter-clockwise. Since 4 turns make a full circle, I'll reduce every count mod 4.",
        "We can work through this one turn-group at a time, remembering that every 4 turns is a full 360°.",
        "Key idea: turning the same way 4 times = no change. So reduce each number modulo 4 and apply the remaining turns.",
        "A car that turns the same way four times is back where it started, so only each count mod 4 matters.",
        "A quick way to do this: a right turn is +90°, a left turn is −90°, and every multiple of 360° can be dropped.",
    ])
    lines = [intro, "", "Start: heading %s." % DIRS[h].lower()]
    for k, ((s, n), e) in enumerate(zip(q.turns, eff), 1):
        before = h
        h = (h + (e if s == "right" else -e)) % 4
        if e == 0:
            lines.append("%d. %s %d times → %d mod 4 = 0, no net change: still %s." % (k, s.capitalize(), n, n, DIRS[h].lower()))
        else:
            lines.append("%d. %s %d times → %d mod 4 = %d %s turn%s: %s → %s." % (
                k, s.capitalize(), n, n, e, s, "" if e == 1 else "s", DIRS[before], DIRS[h]))
    return lines, DIRS[h]


def dir_short(q, target, rng):
    """Net-sum reasoning in one or two sentences; a slip in the sum if target != key."""
    R = sum(n for s, n in q.turns if s == "right")
    L = sum(n for s, n in q.turns if s == "left")
    delta = (LETTERS.index(target) - LETTERS.index(q.key)) % 4
    Rc = R + delta
    if delta and rng.random() < 0.5 and L >= delta:
        Rc = R
        Lc = L - delta
    else:
        Lc = L
    rights = [str(n) for s, n in q.turns if s == "right"]
    lefts = [str(n) for s, n in q.turns if s == "left"]
    net = (Rc - Lc) % 4
    start = DIRS[q.start].lower()
    end = DIRS[(q.start + net) % 4].lower()
    parts = []
    if rights:
        parts.append("right turns: %s = %d" % (" + ".join(rights), Rc) if len(rights) > 1 else "right turns: %d" % Rc)
    if lefts:
        parts.append("left turns: %s = %d" % (" + ".join(lefts), Lc) if len(lefts) > 1 else "left turns: %d" % Lc)
    verb = {0: "no net turn", 1: "one right turn", 2: "a U-turn", 3: "one left turn"}[net]
    s = "Total %s. Net = %d − %d = %d, which is %d mod 4, i.e. %s. Starting %s, that leaves the car heading %s." % (
        "; ".join(parts), Rc, Lc, Rc - Lc, net, verb, start, end)
    assert end == DIRS[LETTERS.index(target)].lower()
    return s


def why(q, letter, rng):
    if q.set == "directions":
        return dir_short(q, letter, rng)
    w = q.info.get("why", {}).get(letter)
    if w:
        return w
    return rng.choice([
        "%s is the option that matches the standard definition here." % uc(inline(q, letter)),
        "The wording \"%s\" is what the reference material gives for this." % q.t(letter),
        "Of the four, only \"%s\" is consistent with the rules on %s." % (q.t(letter), q.topic),
        "This is the textbook answer for %s questions." % q.topic,
    ])


def dismiss(q, letter, rng):
    if q.set == "directions":
        need = (LETTERS.index(letter) - q.start) % 4
        return "would need a net of %d right turn%s" % (need, "" if need == 1 else "s")
    return rng.choice(DISMISS)


# ---------------------------------------------------------------------------
# Styles.  Each takes (q, meant, rng) and returns the reply text.  STYLES maps
# style name -> (function, kind) where kind is "letter" (meant is A-D),
# "none" or "unclear".
# ---------------------------------------------------------------------------

def s_bare_letter(q, L, rng):
    return rng.choice(["{L}", "{L}.", "({L})", "**{L}**", "{L})", "{l}", "{L}\n", "'{L}'", "\"{L}\"", "{l})",
                       " {L}", "{L}\n\n", "**{L}.**", "`{L}`"]).format(L=L, l=L.lower())


def s_answer_is(q, L, rng):
    t = rng.choice(["The answer is {L}.", "The correct answer is {L}.", "Correct answer: {L}", "It's {L}.",
                    "I'd pick {L}.", "{L} is correct.", "My answer is {L}.", "That would be {L}.",
                    "The right choice here is {L}.", "Answer — {L}", "The answer should be {L}.",
                    "I'm going with {L}.", "Looks like {L} to me.", "{L} is the correct one."])
    head = t.format(L=L)
    if head[-1] not in ".!":
        head += "."
    tail = rng.choice(["", "", " " + why(q, L, rng), " Hope that helps!", "\n\n" + why(q, L, rng)])
    return (head + tail) if tail else t.format(L=L)


def s_bold_letter_explained(q, L, rng):
    t = rng.choice(["**{L}** — {w}", "**Answer: {L}**\n\n{w}", "The correct answer is **{L}) {T}**.\n\n{w}",
                    "**{L}. {T}**\n\n{w}", "**Correct option: {L}**\n\nReason: {w}", "✔ **{L}**\n\n{w}"])
    return t.format(L=L, T=q.t(L), w=why(q, L, rng))


def s_option_word(q, L, rng):
    t = rng.choice(["Option {L}.", "Option {L} is correct.", "Go with option {L}.", "I'd choose Option {L} ({T}).",
                    "Choice {L}", "The correct option is {L}.", "Option ({L})", "Selected option: {L}",
                    "The best option is {L}.", "option {l}", "Answer option {L}.", "I'd go for option {L} here."])
    s = t.format(L=L, l=L.lower(), T=inline(q, L))
    if rng.random() < 0.4:
        s += ("" if s[-1] in ".!" else ".") + " " + why(q, L, rng)
    return s


def s_json(q, L, rng):
    k = rng.randrange(7)
    if k == 0:
        return '{"answer": "%s"}' % L
    if k == 1:
        return '```json\n{\n  "answer": "%s",\n  "confidence": %s\n}\n```' % (L, rng.choice(["0.6", "0.75", "0.8", "0.9", "0.95"]))
    if k == 2:
        return json.dumps({"choice": L, "explanation": why(q, L, rng)}, ensure_ascii=False)
    if k == 3:
        return '{"answer":"%s"}' % L.lower()
    if k == 4:
        return "```json\n" + json.dumps({"selected_option": L, "text": q.t(L)}, ensure_ascii=False, indent=2) + "\n```"
    if k == 5:
        return json.dumps({"reasoning": why(q, L, rng), "answer": L}, ensure_ascii=False, indent=2)
    return "Here is the answer in the requested format:\n\n```json\n{\"final_answer\": \"%s\"}\n```" % L


def s_final_answer_line(q, L, rng):
    body = why(q, L, rng)
    if q.set != "directions" and rng.random() < 0.5:
        o = rng.sample(others(L), 2)
        body += " Options %s and %s don't fit." % tuple(sorted(o))
    last = rng.choice(["Final answer: {L}", "**Final Answer:** {L}", "ANSWER: {L}", "Answer: ({L})",
                       "So the final answer is {L}.", "Final answer: {L}) {T}", "Final answer — {L}",
                       "Therefore: **{L}**", "The answer is therefore {L}."])
    return body + "\n\n" + last.format(L=L, T=q.t(L))


def s_letter_plus_text(q, L, rng):
    t = rng.choice(["{L} – {T}", "{L}) {T}", "{L}. {T}", "({L}) {T}", "{L}: {T}", "**{L}. {T}**", "{L} — {t}",
                    "{L}) {t}.", "Answer: {L} ({T})", "{L} - {T}"])
    s = t.format(L=L, T=q.t(L), t=inline(q, L))
    if rng.random() < 0.35:
        s += "\n\n" + why(q, L, rng)
    return s


def stem_echo(q, L):
    if q.set == "directions":
        return None
    st = q.stem.strip()
    if st.endswith("?"):
        return None
    st = st.rstrip(":").rstrip()
    return st + " " + inline(q, L) + "."


def s_text_verbatim(q, L, rng):
    if q.set == "directions":
        t = rng.choice(["{T}", "{T}.", "The car is now going {t}.", "It's heading {t}.", "**{T}**",
                        "The answer is: {T}", "{T} — that's where it ends up.", "Final direction: {T}"])
        return t.format(T=q.t(L), t=dname(q, L))
    opts = ["{T}", "{T}.", "The answer is: {T}", "**{T}**", "Correct answer: {T}.", "It's \"{T}\"."]
    e = stem_echo(q, L)
    if e:
        opts += [e, e, "The answer: " + e]
    return rng.choice(opts).format(T=q.t(L))


SYN = [("aircraft", "aeroplane"), ("increases", "goes up"), ("decreases", "goes down"),
       ("auditor's", "auditors'"), ("FT/MIN", "ft/min"), ("ft", "feet"), ("colour", "color"),
       ("manoeuvring", "maneuvering"), ("unfavorable", "unfavourable"), ("financial statements", "FS"),
       ("generally accepted accounting principles", "GAAP"), ("percent", "%")]


def typo(word, rng):
    if len(word) < 6 or not word.isalpha():
        return word
    i = rng.randrange(1, len(word) - 2)
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def reword(q, L, rng):
    t = q.t(L)
    if q.set == "directions":
        d = dname(q, L)
        return rng.choice(["%sward" % d, "%sbound" % d, "facing %s" % d, "going %s now" % d,
                           {"north": "Nroth", "east": "Eest", "south": "Soutth", "west": "Wset"}[d],
                           "due %s" % d, "%swards" % d, d.upper()])
    changed = False
    for a, b in SYN:
        if re.search(r"\b%s\b" % re.escape(a), t) and rng.random() < 0.7:
            t = re.sub(r"\b%s\b" % re.escape(a), b, t, count=1)
            changed = True
    words = t.split()
    if len(words) > 1 and words[0].lower() in ("the", "a", "an") and rng.random() < 0.6:
        words = words[1:]
        changed = True
    if rng.random() < 0.6 or not changed:
        cands = [i for i, w in enumerate(words) if len(w) >= 6 and w.isalpha()]
        if cands:
            i = rng.choice(cands)
            words[i] = typo(words[i], rng)
            changed = True
    t = " ".join(words)
    if rng.random() < 0.5:
        t = t.lower()
    return t


def s_text_reworded(q, L, rng):
    r = reword(q, L, rng)
    t = rng.choice(["{r}", "i think its {r}", "Answer is {r}", "{R}.", "It would be {r}.", "{r} is the right one",
                    "correct: {r}", "should be {r}"])
    return t.format(r=r, R=uc(r))


def s_hedged(q, L, rng):
    t = rng.choice([
        "I'm not completely sure, but I think it's {L}.",
        "Probably {L}, though I'd double-check the {topic} material to be safe.",
        "My best guess would be {L} ({T}).",
        "It might be {L} — that's my best guess, but I'm not certain.",
        "If I had to choose, I'd go with {L}, but I'm only moderately confident.",
        "I think the answer is probably {t}, but don't quote me on that.",
        "Hmm, this one is tricky. I lean towards {L}. {w}",
        "I believe it's {L}, although I may be misremembering the exact {topic} rule.",
        "Not 100% sure here... I'd tentatively say {L}.",
        "I'm fairly (not fully) confident it's {t} — option {L}.",
    ])
    return t.format(L=L, T=q.t(L), t=inline(q, L), topic=q.topic, w=why(q, L, rng))


def s_step_by_step(q, L, rng):
    if q.set == "directions":
        lines, end = dir_long(q, L, rng)
        close = rng.choice([
            "\nSo the car ends up heading **{d}**, which is option {L}.",
            "\nFinal heading: {d}.\n\nThe correct option is: {L}",
            "\nTherefore the car is going {dl} now → **{L}) {d}**.",
            "\nThe answer is {L} ({d}).",
        ])
        return "\n".join(lines) + "\n" + close.format(d=end, dl=end.lower(), L=L)
    intro = rng.choice(["Let's think step by step.", "Let me work through this carefully.",
                        "Step-by-step reasoning:", "Let's break this down.",
                        "Okay, let's reason through each option."])
    out = [intro, "", "1. The question is about %s." % q.topic]
    n = 2
    order = list(LETTERS)
    for x in order:
        if x == L:
            out.append("%d. Option %s (\"%s\"): this fits. %s" % (n, x, q.t(x), why(q, x, rng)))
        else:
            out.append("%d. Option %s (\"%s\"): this %s." % (n, x, q.t(x), dismiss(q, x, rng)))
        n += 1
    close = rng.choice(["\nTherefore, the answer is **{L}**.", "\nSo the correct answer is {L}.",
                        "\nPutting it together, the best answer is {L}: {T}.",
                        "\nConclusion: {L}."])
    return "\n".join(out) + "\n" + close.format(L=L, T=q.t(L))


def s_markdown_sections(q, L, rng):
    h = rng.choice(["## Answer", "### Answer", "# Answer", "**Answer**"])
    e = rng.choice(["## Explanation", "### Why", "### Reasoning", "**Explanation**"])
    k = rng.choice(["## Key takeaway", "### Tip", "### Summary", "**Bottom line**"])
    o = others(L)
    bullets = ["- %s" % why(q, L, rng)]
    for x in rng.sample(o, 2):
        bullets.append("- **%s** (%s) %s." % (x, q.t(x), dismiss(q, x, rng)))
    if q.set == "directions":
        tk = rng.choice(["Only the net number of turns mod 4 matters.", "Four turns the same way = back where you started.",
                         "The correct choice is %s." % L])
    else:
        tk = rng.choice(["Remember the exact wording for %s — exams love this one." % q.topic,
                         "When in doubt, go back to the definition.",
                         "The correct choice is %s." % L])
    return "%s\n\n**%s — %s**\n\n%s\n\n%s\n\n%s\n\n%s" % (h, L, q.t(L), e, "\n".join(bullets), k, tk)


def s_markdown_table(q, L, rng):
    if q.set == "directions":
        rows = ["| Step | Turns | Heading after |", "|---|---|---|", "| start | – | %s |" % DIRS[q.start]]
        eff, _ = dir_plan(q, L)
        h = q.start
        for k, ((s, n), e) in enumerate(zip(q.turns, eff), 1):
            h = (h + (e if s == "right" else -e)) % 4
            rows.append("| %d | %s ×%d | %s |" % (k, s, n, DIRS[h]))
        assert DIRS[h] == q.t(L)
        close = rng.choice(["**Answer: %s (%s)**" % (L, q.t(L)), "The car ends up going **%s** → option %s." % (q.t(L).lower(), L)])
        return "\n".join(rows) + "\n\n" + close
    mark_ok = rng.choice(["✅", "✔️ Correct", "Yes", "✅ Correct"])
    mark_no = {"✅": "❌", "✔️ Correct": "✖️", "Yes": "No", "✅ Correct": "❌ Incorrect"}[mark_ok]
    rows = ["| Option | Statement | Verdict |", "|---|---|---|"]
    for x in LETTERS:
        rows.append("| %s | %s | %s |" % (x, q.t(x), mark_ok if x == L else mark_no))
    s = "\n".join(rows)
    if rng.random() < 0.6:
        s = rng.choice(["Here's a quick comparison:\n\n", "", "Let me evaluate each option:\n\n"]) + s
        s += "\n\n" + rng.choice(["**Answer: %s**" % L, "The correct answer is %s." % L, "→ %s" % L])
    return s


def s_elimination(q, L, rng):
    o = others(L)
    rng.shuffle(o)
    if q.set == "directions":
        parts = ["not %s (%s)" % (q.t(x), dismiss(q, x, rng)) for x in o]
        net = (LETTERS.index(L) - q.start) % 4
        s = ("Going by elimination: %s. " % "; ".join(parts) +
             "The net effect of all the turns is %d right turn%s from %s, so it's %s." % (
                 net, "" if net == 1 else "s", DIRS[q.start].lower(), q.t(L)))
        return s + rng.choice(["", " (%s)" % L, "\n\nAnswer: %s" % L])
    k = rng.randrange(4)
    if k == 0:
        return "Not %s, not %s, not %s — so %s." % (o[0], o[1], o[2], L)
    if k == 1:
        lines = ["Let's eliminate:"] + ["- %s: %s — %s." % (x, q.t(x), dismiss(q, x, rng)) for x in sorted(o)]
        lines.append("\nThat leaves **%s**." % L)
        return "\n".join(lines)
    if k == 2:
        return "By elimination: ~~%s~~ ~~%s~~ ~~%s~~ → **%s**" % tuple(sorted(o) + [L])
    return ("%s can't be right because it %s, and %s %s. Between the remaining two, %s %s. "
            "So the answer must be %s: %s.") % (
        o[0], dismiss(q, o[0], rng), o[1], dismiss(q, o[1], rng), o[2], dismiss(q, o[2], rng), L, inline(q, L))


def s_contrast_negation(q, L, rng):
    x = rng.choice(others(L))
    t = rng.choice([
        "Not {X} — it's {L}.",
        "It's not {tx}; the answer is {tl}.",
        "While {X} ({tx}) seems plausible, the correct answer is {L}.",
        "{L}, not {X}.",
        "The answer isn't {X}. It's {L}.",
        "Many people pick {X}, but that's a trap — the right answer is {L} ({tl}).",
        "{X} is tempting, but no. {L} is correct: {w}",
        "Not \"{TX}\" but \"{TL}\", so {L}.",
    ])
    return t.format(X=x, L=L, tx=inline(q, x), tl=inline(q, L), TX=q.t(x), TL=q.t(L), w=why(q, L, rng))


def s_several_named(q, L, rng):
    x, y = rng.sample(others(L), 2)
    a, b = sorted([x, L])
    t = rng.choice([
        "Both {a} and {b} look reasonable at first glance, but {L} is the better answer. {w}",
        "Options {x} and {L} are close; {L} is correct because: {w}",
        "I'd rank them {L} > {x} > {y}. Answer: {L}.",
        "{x} and {y} are clearly wrong, and {L} beats the remaining option. So {L}.",
        "Between {a} ({ta}) and {b} ({tb}), I'd choose {L}.",
        "A lot of students confuse {x} with {L}. The correct one is {L}.",
    ])
    return t.format(a=a, b=b, x=x, y=y, L=L, ta=inline(q, a), tb=inline(q, b), w=why(q, L, rng))


def s_ordinal(q, L, rng):
    o = ORD[L]
    if L == "D" and rng.random() < 0.5:
        o = "last"
    if L == "A" and rng.random() < 0.3:
        o = "very first"
    t = rng.choice(["The {o} option.", "It's the {o} one — {t}.", "The {o} option is correct.",
                    "I'd go with the {o} choice.", "The {o} answer: {t}.", "Definitely the {o} option ({t}).",
                    "It has to be the {o} one listed.", "the {o} one"])
    return t.format(o=o, t=inline(q, L))


def s_rag_citations(q, L, rng):
    srcs = rng.sample(SOURCES[q.set], 3 if rng.random() < 0.5 else 2)
    k = rng.randrange(3)
    w = why(q, L, rng)
    if k == 0:
        s = "Based on the retrieved documents, %s [1].%s The correct option is **%s** [%d]." % (
            lc(w).rstrip("."), "" if len(srcs) < 3 else " This is consistent with [2].", L, len(srcs))
        s += "\n\n**Sources:**\n" + "\n".join("[%d] %s" % (i, x) for i, x in enumerate(srcs, 1))
    elif k == 1:
        s = "According to %s【1†source】, %s\n\nAnswer: %s — %s【2†source】" % (srcs[0], lc(w), L, q.t(L))
        s += "\n\nReferences\n" + "\n".join("%d. %s" % (i, x) for i, x in enumerate(srcs, 1))
    else:
        s = "**Answer:** %s\n\n%s^1 %s^2\n\n---\nLearn more:\n" % (
            L, w, rng.choice(["This is a standard exam point.", "See also the related guidance."]))
        s += "\n".join("%d. %s" % (i, x) for i, x in enumerate(srcs, 1))
    return s


def s_idk(q, _, rng):
    return rng.choice([
        "I don't know.", "I'm not sure about this one, sorry.",
        "I don't have enough information to answer this reliably.",
        "Sorry, I can't determine the answer to this question.",
        "I'm unable to answer this with confidence, so I'd rather not guess.",
        "No idea, honestly.", "I don't know the exact %s rule, so I can't pick an option." % q.topic,
        "Unfortunately I don't know the answer to this %s question." % q.topic,
        "I'm not certain, and I'd rather not guess on this one.",
        "Hmm, I really don't know. You may want to check a reference on %s." % q.topic,
        "I do not know the answer.", "Sorry — I'm not able to work this one out.",
    ])


def s_refusal(q, _, rng):
    return rng.choice([
        "I'm sorry, but I can't help with answering exam questions.",
        "I can't assist with that request.",
        "As an AI assistant, I can't provide answers to what appears to be a live certification exam. I'd be happy to explain the concepts behind %s instead." % q.topic,
        "I'm not able to complete this. Is there something else I can help you with?",
        "Sorry, I cannot answer this question.",
        "I won't provide a direct answer to this test question, but I can help you study %s if you'd like." % q.topic,
        "I'm sorry, but I can't continue with this request.",
        "This looks like an assessment item, so I'll refrain from giving the answer. Let me know if you'd like an explanation of the underlying topic.",
    ])


def s_docs_dont_say(q, _, rng):
    return rng.choice([
        "The provided documents do not contain information about %s, so I can't determine which option is correct." % q.topic,
        "I couldn't find the answer in the knowledge base.\n\n_No relevant sources found._",
        "Based on the context provided, there is not enough information to answer this question.",
        "The retrieved passages discuss related material but none of them addresses this question, so I can't say which option is right.",
        "I searched the available documents but found nothing on %s. I can't answer from the given sources." % q.topic,
        "The context doesn't mention this. I'm unable to answer based on the provided documents.",
        "None of the documents I have access to cover this question.",
        "Sorry, the information needed to answer this question isn't in the uploaded files.",
    ])


def s_none_of_options(q, _, rng):
    if q.set == "directions":
        return rng.choice([
            "The question doesn't say by how many degrees the car turns each time, so the final heading can't be determined from the information given.",
            "This can't be answered as posed: \"turns right 10 times\" on a road network doesn't tell us the angle of each turn, so none of the options can be confirmed.",
            "Without knowing the angle of each turn, there's no way to know the final direction. I'd need more information before choosing.",
            "None of the options can be justified — a car turning in real streets doesn't necessarily turn by 90° each time.",
        ])
    return rng.choice([
        "None of the listed options is fully correct. The question seems to be based on an outdated version of the %s guidance." % q.topic,
        "Honestly, none of these options is right as worded; the actual rule is different from all four.",
        "I don't think any of the four answers is correct, so I can't pick one.",
        "None of the above is accurate in my view — the question is flawed.",
        "Every option here has a problem, so none of them is correct as stated.",
    ])


def s_undecided(q, _, rng):
    a, b = sorted(rng.sample(LETTERS, 2))
    return rng.choice([
        "It's either {a} or {b} — I can't decide between them.",
        "I'm torn between {a} ({ta}) and {b} ({tb}).",
        "{a} or {b}.",
        "Could be {a} or {b}; it depends on how you read the question, and I can't tell which the examiner wants.",
        "I'd narrow it down to {a} and {b}, but I honestly can't choose between those two.",
        "{a}/{b}? Not sure which.",
        "Somewhere between {a} and {b}. I can't settle on one.",
        "My reasoning lands on {ta} or {tb} and I can't break the tie.",
    ]).format(a=a, b=b, ta=inline(q, a), tb=inline(q, b))


def s_multi_answer(q, _, rng):
    a, b = sorted(rng.sample(LETTERS, 2))
    return rng.choice([
        "Both {a} and {b} are correct.",
        "The answers are {a} and {b}.",
        "{a}, {b}",
        "I'd select {a} and {b} — both statements are true.",
        "Answer: {a} & {b}",
        "It depends: {a} if you follow one reading of the question, {b} under the other. Both can be defended.",
        "{a} and {b} are both right here ({ta}; {tb}).",
    ]).format(a=a, b=b, ta=inline(q, a), tb=inline(q, b))


def s_letter_text_conflict(q, _, rng):
    a, b = rng.sample(LETTERS, 2)
    return rng.choice([
        "The answer is {a}) {tb}.",
        "{a}. {TB}",
        "**{a}** — {tb}",
        "Correct option: {a} ({tb})",
    ]).format(a=a, tb=inline(q, b), TB=q.t(b))


def s_self_correction(q, L, rng):
    x = rng.choice(others(L))
    if q.set == "directions" and rng.random() < 0.5:
        return ("%s. Wait, let me recount. %s So it's actually %s (%s)." % (
            q.t(x), dir_short(q, L, rng), q.t(L).lower(), L))
    t = rng.choice([
        "{X} — wait, actually {L}. {w}",
        "The answer is {X}. Hmm, no — on reflection it's {L}.",
        "Initially I'd say {X}, but rereading the question the correct one is {L}.",
        "**{X}**\n\nCorrection: I misread the question. The answer is **{L}**.",
        "{X}... no, scratch that. {L}: {tl}.",
        "My first instinct was {X} ({tx}), but that's wrong. It's {L}.",
        "Answer: {X}\n\nEdit: sorry, I made a mistake above — the correct answer is {L}.",
    ])
    return t.format(X=x, L=L, tx=inline(q, x), tl=inline(q, L), w=why(q, L, rng))


def dir_paras(q, L):
    d = dname(q, L)
    easy = ["%sward" % d, "%sbound" % d, "towards the %s" % d]
    hard = {"north": ["towards the North Pole", "on a heading of 000°"],
            "east": ["towards where the sun rises", "on a heading of 090°"],
            "south": ["on a heading of 180°", "towards the South Pole"],
            "west": ["towards the sunset", "on a heading of 270°"]}[d]
    return [("easy", e) for e in easy] + [("hard", h) for h in hard]


def s_paraphrase(q, L, rng):
    paras = dir_paras(q, L) if q.set == "directions" else q.info["para"][L]
    hard = [x for x in paras if x[0] == "hard"]
    easy = [x for x in paras if x[0] == "easy"]
    kind, p = rng.choice(hard if hard and (rng.random() < 0.35 or not easy) else easy)
    if q.set == "directions":
        t = rng.choice(["The car ends up going {p}.", "It's now travelling {p}.", "It finishes {p}.",
                        "After all those turns it is pointing {p}."])
        return t.format(p=p)
    t = rng.choice(["{P}.", "I'd say {p}.", "My answer: {p}.", "Basically, {p}.", "Short answer: {p}.",
                    "In short: {p}."])
    return t.format(p=p, P=uc(p))


def s_extra_commentary(q, L, rng):
    x = rng.choice(others(L))
    t = rng.choice([
        "{L}\n\nNote: this is a frequently tested point, and {X} is a common trap.",
        "{L}. Let me know if you'd like more practice questions on {topic}!",
        "{L}\n\n(For what it's worth, older editions of the study material phrase this slightly differently.)",
        "Answer: {L}\n\nExtra context: {w} Questions on {topic} often come up in pairs, so review the related definitions too.",
        "{L} — {tl}. By the way, if you're preparing for the exam, flashcards for {topic} help a lot.",
        "{L}.\n\nIf the question had asked the opposite, {X} would have been the one to look at.",
        "The answer is {L}. Want me to walk through why {X} and {Y} don't work?",
    ])
    y = rng.choice([v for v in others(L) if v != x])
    return t.format(L=L, X=x, Y=y, topic=q.topic, tl=inline(q, L), w=why(q, L, rng))


def s_chatty_opener(q, L, rng):
    op = rng.choice(["Great question!", "Sure thing!", "Happy to help!", "Ah, this one trips up a lot of students.",
                     "Absolutely — let's break it down.", "Good one!", "Of course!", "Okay!",
                     "Thanks for the question.", "Ooh, a %s question — nice." % q.topic])
    mid = rng.choice(["The correct answer is **{L}**.", "You'll want **{L}) {T}**.", "It's {L}!",
                      "The answer you're looking for is {L} — {t}.", "{L} is the one."])
    end = rng.choice(["", " " + why(q, L, rng), "\n\n" + why(q, L, rng) + "\n\nGood luck with your studies! 📚",
                      " Let me know if you have any other questions."])
    return op + " " + mid.format(L=L, T=q.t(L), t=inline(q, L)) + end


def s_foreign_punct(q, L, rng):
    return rng.choice([
        "Réponse : {L}", "La bonne réponse est « {L} ».", "答案：{L}", "正确答案是 {L}。", "Antwort: „{L}“",
        "Respuesta: la opción {L}.", "Ответ: {L}", "正解：{L}（{T}）", "Risposta: {L}", "La réponse correcte est la {L} : {T}.",
        "¿La respuesta? ¡{L}!", "Die richtige Antwort ist {L}.", "選択肢 {L} が正しいです。", "Resposta correta: {L}",
        "답: {L}", "Odpowiedź: {L}",
    ]).format(L=L, T=q.t(L))


def s_emoji(q, L, rng):
    if rng.random() < 0.25:
        return " ".join(("✅ %s" % x) if x == L else ("❌ %s" % x) for x in LETTERS)
    return rng.choice([
        "✅ {L}", "👉 **{L}** — {T}", "🤔 Hmm... I'd say {L}! 👍", "🎯 Answer: {L}", "{L} 🚀",
        "✨ The answer is {L}", "📊 Answer: {L} ({t})", "💡 {L} — {w}", "{L} ✔️", "🔎 Looks like {L} 😊",
    ]).format(L=L, T=q.t(L), t=inline(q, L), w=why(q, L, rng))


def s_small_model(q, L, rng):
    return rng.choice([
        "answer is {l}", "{L}\n{L}\n{L}", "The answer is {L}) {T}\n\nThe answer is {L}) {T}", "{L}</s>",
        "{L}.\n\n### Instruction:\nExplain your reasoning.", "{L}<|im_end|>", " {L}) {T}\n\n\n", "Answer:{L}",
        "the answer is {L} because {t}", "{L} {L}", "Answer: {L}\nExplanation: {T}.\nAnswer: {L}", "correct answer {L}.",
        "{l}) {t}", "{T}\n\n[end of text]",
    ]).format(L=L, l=L.lower(), T=q.t(L), t=inline(q, L))


def s_tags_boxed(q, L, rng):
    body = rng.choice(["\\boxed{{{L}}}", "$\\boxed{{\\text{{{L}}}}}$", "<answer>{L}</answer>", "[{L}]", "[[{L}]]",
                       "```\n{L}\n```", "Answer: [{L}]", "<final_answer>{L}</final_answer>", "<answer>\n{L}\n</answer>",
                       "**\\boxed{{{L}}}**"]).format(L=L)
    if rng.random() < 0.5:
        body = why(q, L, rng) + "\n\n" + body
    return body


def s_restated_options(q, L, rng):
    fmt = rng.choice(["{x}) {t}", "{x}. {t}", "({x}) {t}", "- {x}: {t}"])
    lst = "\n".join(fmt.format(x=x, t=q.t(x)) for x in LETTERS)
    head = rng.choice(["Options:", "The choices are:", "Let's look at the options again:", "Given:"])
    if rng.random() < 0.4:
        head = "Question: %s\n\n%s" % (q.stem.replace("\n", " ").strip(), head)
    close = rng.choice(["Correct: {L}", "→ The correct one is the {o}: {t}.", "The answer is {L}.",
                        "Of these, {L} is right."]).format(L=L, o=ORD[L], t=inline(q, L))
    return "%s\n%s\n\n%s" % (head, lst, close)


def s_answer_then_rebut(q, L, rng):
    parts = ["%s is correct." % L if rng.random() < 0.5 else "**%s. %s**" % (L, q.t(L))]
    for x in others(L):
        parts.append("%s is wrong because it %s." % (x, dismiss(q, x, rng)))
    sep = rng.choice([" ", "\n", "\n- "])
    if sep == "\n- ":
        return parts[0] + "\n- " + "\n- ".join(parts[1:])
    return sep.join(parts)


def s_lowercase_label(q, L, rng):
    return rng.choice(["answer: {l}", "ans: {l}", "correct option - ({l})", "answer = {l}", "ANS: {L}", "Answer:{l}",
                       "the answer: {l}", "correct ans is {l}", "ans -> {l}", "answer - {l}", "choice: {l}",
                       "correct: ({l})"]).format(L=L, l=L.lower())


STYLES = {
    "bare_letter": (s_bare_letter, "letter"),
    "answer_is": (s_answer_is, "letter"),
    "bold_letter_explained": (s_bold_letter_explained, "letter"),
    "option_word": (s_option_word, "letter"),
    "json": (s_json, "letter"),
    "final_answer_line": (s_final_answer_line, "letter"),
    "letter_plus_text": (s_letter_plus_text, "letter"),
    "text_verbatim": (s_text_verbatim, "letter"),
    "text_reworded": (s_text_reworded, "letter"),
    "hedged": (s_hedged, "letter"),
    "step_by_step": (s_step_by_step, "letter"),
    "markdown_sections": (s_markdown_sections, "letter"),
    "markdown_table": (s_markdown_table, "letter"),
    "elimination": (s_elimination, "letter"),
    "contrast_negation": (s_contrast_negation, "letter"),
    "several_named": (s_several_named, "letter"),
    "ordinal": (s_ordinal, "letter"),
    "rag_citations": (s_rag_citations, "letter"),
    "self_correction": (s_self_correction, "letter"),
    "paraphrase": (s_paraphrase, "letter"),
    "extra_commentary": (s_extra_commentary, "letter"),
    "chatty_opener": (s_chatty_opener, "letter"),
    "foreign_punct": (s_foreign_punct, "letter"),
    "emoji": (s_emoji, "letter"),
    "small_model": (s_small_model, "letter"),
    "tags_boxed": (s_tags_boxed, "letter"),
    "restated_options": (s_restated_options, "letter"),
    "answer_then_rebut": (s_answer_then_rebut, "letter"),
    "lowercase_label": (s_lowercase_label, "letter"),
    "idk": (s_idk, "none"),
    "refusal": (s_refusal, "none"),
    "docs_dont_say": (s_docs_dont_say, "none"),
    "none_of_options": (s_none_of_options, "none"),
    "undecided": (s_undecided, "unclear"),
    "multi_answer": (s_multi_answer, "unclear"),
    "letter_text_conflict": (s_letter_text_conflict, "unclear"),
}


def eligible(style, q, L):
    """Questions a style can be used on with the given meant letter."""
    if style == "paraphrase" and q.set != "directions":
        return L in q.info.get("para", {})
    if style == "text_reworded" and q.info.get("similar"):
        return False
    return True


def pick(rng, qs, set_, style, kind, counts):
    pool = qs[set_]
    if kind != "letter":
        return rng.choice(pool), kind
    cands = []
    for q in pool:
        for L in LETTERS:
            if eligible(style, q, L):
                cands.append((q, L))
    # balance letters; about 60% of meant letters are the key
    L = min(LETTERS, key=lambda x: (counts[x] + rng.random() * 3))
    want_key = rng.random() < 0.6
    opts = [(q, x) for q, x in cands if x == L and (q.key == x) == want_key]
    if not opts:
        opts = [(q, x) for q, x in cands if x == L] or cands
    return rng.choice(opts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    qs = load(args.wheel)
    rng = random.Random(SEED)
    sets = ["atpl_exams", "accounting_audit", "directions"]
    counts = {x: 0 for x in LETTERS}
    seen = set()
    rows = []
    for si, (style, (fn, kind)) in enumerate(STYLES.items()):
        for k in range(PER_STYLE):
            set_ = sets[(si + k) % 3]
            for attempt in range(200):
                q, meant = pick(rng, qs, set_, style, kind, counts)
                reply = fn(q, meant if kind == "letter" else None, rng)
                if (reply not in seen and (q.id, reply) not in seen) or attempt == 199:
                    break
            seen.add(reply)
            if kind == "letter":
                counts[meant] += 1
            rows.append({"set": q.set, "id": q.id, "choices": q.choices, "style": style,
                         "reply": reply, "meant": meant})
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d replies to %s (%s)" % (len(rows), args.out,
          ", ".join("%s: %d questions" % (s, len(qs[s])) for s in sets)), file=sys.stderr)


if __name__ == "__main__":
    main()
