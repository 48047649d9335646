#!/usr/bin/env python3
"""Passage-grounded multiple-choice sets from OpenAI's `evals` package, as Proctor exam CSVs.

    real-reading-sets.py SOURCE [OUT_DIR] [--limit N]

SOURCE is the wheel `evals-3.0.1.post1-py3-none-any.whl` (PyPI package `evals`, version
3.0.1.post1), or the directory it was unpacked into, or that directory's
`evals/registry/data`. Fetch it with

    python3 -m pip download --no-deps evals==3.0.1.post1 -d WHEEL_DIR

OUT_DIR (default `sets`) receives one CSV per set and `stats.json`. Each CSV has the columns

    id,passage,question,choice_a,choice_b,choice_c,choice_d,answer

which Proctor's exam importer (crates/formats/src/exam.rs) reads as they are: `passage` is one
of its source-text aliases (it becomes the question's `source_text`, what the oracle retriever
hands the reader), `answer` is the key as a letter A–D. Only questions with exactly four
choices are kept. The first N (default 200) usable questions of each file are taken in file
order: no shuffling, no filtering on content, only on structure (a question is skipped when it
cannot be split into passage, question and four choices, when Proctor would refuse it: an
empty field or two choices with the same text, or when it repeats an earlier record word for
word). Every skip is counted in stats.json. Ids are "<set>-<line of the source file>".

The sets (files under evals/registry/data/ in the wheel):

  logiqa        logiqa/logiqa.jsonl (1,354 lines: 677 records, each twice). LogiQA 2.0 as "LogiEval" (openai/evals
                pull request 470): English translations of logical-reasoning passages from
                China's National Civil Servants Examination, a question, four options. The
                options carry their letter twice ("A. A.text"); the second letter is removed.
  us-tort-law   us_tort_law/samples.jsonl (340 lines; few_shot.jsonl is not used). Bar-exam
                style fact patterns on US tort law (pull request 236). The record is one
                text; the passage is the fact pattern, the question its last sentence. Stems
                of a single sentence have no passage and are skipped.
  ukraine-eit   ukraine_eit/samples.jsonl (9,470 lines). Ukraine's External Independent
                Evaluation (ZNO) 2006-2022 (pull request 329), in Ukrainian. Only the records
                that begin "Прочитайте текст" ("Read the text ...") are used: the instruction
                paragraph is dropped, the last paragraph before the options is the question,
                what lies between is the passage. Choice letters А Б В Г are written A B C D;
                questions with a fifth choice (Д) are skipped.

Licences: the package's LICENSE.md is MIT ("applies to all parts of this repository except
for the datasets specified below"; none of these three is listed there), and contributors
agreed to put their data under MIT. Upstream: LogiQA 2.0's dataset card names CC BY-NC-SA 4.0
in its text (cc-by-sa-4.0 in its metadata); the ZNO questions were published by the Ukrainian
government, which the contributor calls public domain; the tort questions' origin is not stated.

Python 3 standard library only.
"""
import argparse
import csv
import io
import json
import re
import sys
import zipfile
from collections import Counter
from pathlib import Path

DATA = "evals/registry/data/"
COLUMNS = ["id", "passage", "question", "choice_a", "choice_b", "choice_c", "choice_d", "answer"]
LETTERS = "ABCD"


class Skip(Exception):
    """A record that does not have the structure a set needs; the message says why."""


class Source:
    """The registry's data files, from the wheel itself or from the directory it was unpacked to."""

    def __init__(self, path):
        path = Path(path)
        self.zip = None
        if path.is_file():
            self.zip = zipfile.ZipFile(path)
        elif (path / DATA).is_dir():
            self.root = path / DATA
        elif path.name == "data" and (path / "logiqa").is_dir():
            self.root = path
        else:
            sys.exit(f"{path}: neither the evals wheel nor a directory holding {DATA}")

    def lines(self, name):
        if self.zip:
            text = self.zip.read(DATA + name).decode("utf-8")
        else:
            text = (self.root / name).read_text(encoding="utf-8")
        if text.startswith("version https://git-lfs"):
            sys.exit(f"{name} is a Git LFS pointer, not data")
        return text.splitlines()


def user_text(record):
    messages = record["input"]
    return messages[-1]["content"]


# LogiQA ---------------------------------------------------------------------------------------

LOGIQA = re.compile(
    r"^\s*Passage:\s*(?P<passage>.*?)\s*Question:\s*(?P<question>.*?)\s*"
    r"\nA\. (?P<a>.*)\nB\. (?P<b>.*)\nC\. (?P<c>.*)\nD\. (?P<d>.*)\nAnswer:\s*$",
    re.S,
)


def logiqa(record):
    m = LOGIQA.match(user_text(record))
    if not m:
        raise Skip("not 'Passage: … Question: … A. … D. … Answer:'")
    choices = []
    for letter, key in zip(LETTERS, "abcd"):
        text = m.group(key).strip()
        # "A. A.Zhao chose …": the letter is repeated inside the option text.
        if text.startswith(letter + "."):
            text = text[2:].strip()
        choices.append(text)
    return m.group("passage"), m.group("question"), choices, record["ideal"].strip()


# US tort law ----------------------------------------------------------------------------------

OPTIONS_ABCD = re.compile(r"^(?P<stem>.*?)\nA\. (?P<a>.*)\nB\. (?P<b>.*)\nC\. (?P<c>.*)\nD\. (?P<d>.*)\nAnswer:\s*$", re.S)
# A sentence ends at . ! or ? (maybe followed by a closing quote) before a space and a capital,
# an opening quote or a parenthesis — but not after a common abbreviation.
SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’']?\s+(?=[A-Z\"“(])")
ABBREVIATIONS = ("Mr.", "Mrs.", "Ms.", "Dr.", "St.", "v.", "U.S.", "Inc.", "Co.", "No.", "e.g.", "i.e.", "Jr.", "Corp.")


def last_sentence_split(stem):
    """(everything before the last sentence, the last sentence)."""
    cut = None
    for m in SENTENCE_END.finditer(stem):
        before = stem[: m.start()]
        if before.endswith(ABBREVIATIONS):
            continue
        cut = m
    if cut is None:
        return "", stem.strip()
    return stem[: cut.end()].strip(), stem[cut.end():].strip()


def us_tort_law(record):
    m = OPTIONS_ABCD.match(user_text(record))
    if not m:
        raise Skip("not '… A. … D. … Answer:'")
    passage, question = last_sentence_split(m.group("stem"))
    if not passage:
        raise Skip("the stem is a single sentence: no fact pattern to serve as the passage")
    choices = [m.group(k).strip() for k in "abcd"]
    return passage, question, choices, record["ideal"].strip()


# Ukraine EIT (ZNO) ----------------------------------------------------------------------------

CYRILLIC = "АБВГДЕ"
OPTION_MARK = re.compile(r"(?m)^([АБВГДЕ])\.[ \t]")


def ukraine_eit(record):
    text = user_text(record)
    if not text.startswith("Прочитайте текст"):
        raise Skip("not a reading item (does not begin 'Прочитайте текст')")
    marks = list(OPTION_MARK.finditer(text))
    starts = [i for i, m in enumerate(marks) if m.group(1) == "А"]
    if not starts:
        raise Skip("no options А. … found")
    marks = marks[starts[-1]:]
    letters = "".join(m.group(1) for m in marks)
    if not CYRILLIC.startswith(letters) or len(letters) < 2:
        raise Skip(f"options out of order: {letters}")
    if len(letters) != 4:
        raise Skip(f"{len(letters)} choices, not 4")
    choices = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        choices.append(" ".join(text[m.end():end].split()))
    paragraphs = [p.strip() for p in re.split(r"\n[ \t]*\n", text[: marks[0].start()]) if p.strip()]
    if len(paragraphs) < 3:
        raise Skip("cannot tell instruction, passage and question apart")
    passage = "\n\n".join(paragraphs[1:-1])
    question = paragraphs[-1]
    ideal = record["ideal"].strip()
    if not ideal or ideal[0] not in CYRILLIC[:4]:
        raise Skip(f"key '{ideal[:12]}' is not a letter А–Г")
    answer = LETTERS[CYRILLIC.index(ideal[0])]
    return passage, question, choices, answer, ideal


SETS = [
    ("logiqa", "logiqa/logiqa.jsonl", logiqa),
    ("us-tort-law", "us_tort_law/samples.jsonl", us_tort_law),
    ("ukraine-eit", "ukraine_eit/samples.jsonl", ukraine_eit),
]


# Checks Proctor's importer makes (crates/core/src/question.rs, crates/formats/src/exam.rs) -----


def proctor_refusal(passage, question, choices, answer):
    if not question.strip():
        return "empty question"
    if not passage.strip():
        return "empty passage"
    for i, c in enumerate(choices):
        if not c.strip():
            return f"choice {LETTERS[i]} is empty"
        for j in range(i):
            # Rust's eq_ignore_ascii_case after trim.
            if ascii_lower(choices[j].strip()) == ascii_lower(c.strip()):
                return f"choices {LETTERS[j]} and {LETTERS[i]} are the same text"
    if answer not in LETTERS:
        return f"key '{answer}' is not A-D"
    return None


def ascii_lower(s):
    return "".join(ch.lower() if ch.isascii() else ch for ch in s)


def convert(source, name, path, parse, limit):
    rows, skipped, notes, seen = [], Counter(), Counter(), set()
    for lineno, line in enumerate(source.lines(path), start=1):
        if len(rows) == limit:
            break
        if not line.strip():
            continue
        record = json.loads(line)
        try:
            parsed = parse(record)
        except Skip as why:
            if name == "ukraine-eit" and str(why).startswith("not a reading item"):
                continue  # not part of this set at all
            skipped[str(why)] += 1
            continue
        text = user_text(record)
        if text in seen:
            # logiqa.jsonl holds its 677 records twice (lines 678-1354 repeat lines 1-677).
            skipped["repeats an earlier record word for word"] += 1
            continue
        seen.add(text)
        passage, question, choices, answer = parsed[:4]
        if len(parsed) == 5:  # the ZNO key also carries the choice text: check they agree
            ideal_text = parsed[4][2:].strip()
            if " ".join(ideal_text.split()) != choices[LETTERS.index(answer)]:
                notes["key text differs from the keyed choice's text (letter used)"] += 1
        refusal = proctor_refusal(passage, question, choices, answer)
        if refusal:
            skipped["Proctor would refuse it: " + refusal] += 1
            continue
        rows.append({
            "id": f"{name}-{lineno:05d}",
            "passage": passage.strip(),
            "question": question.strip(),
            **{f"choice_{l.lower()}": c for l, c in zip(LETTERS, choices)},
            "answer": answer,
        })
    return rows, skipped, notes


def statistics(rows):
    n = len(rows)
    keys = Counter(r["answer"] for r in rows)
    longest_is_key = longest_tied = 0
    for r in rows:
        lengths = [len(r[f"choice_{l.lower()}"]) for l in LETTERS]
        top = max(lengths)
        if lengths[LETTERS.index(r["answer"])] == top:
            if lengths.count(top) == 1:
                longest_is_key += 1
            else:
                longest_tied += 1
    passages = [len(r["passage"]) for r in rows]
    distinct = len({r["passage"] for r in rows})
    items = Counter((r["passage"], r["question"], *(r[f"choice_{l.lower()}"] for l in LETTERS)) for r in rows)
    return {
        "questions": n,
        "mean_passage_chars": round(sum(passages) / n, 1) if n else 0,
        "min_passage_chars": min(passages, default=0),
        "max_passage_chars": max(passages, default=0),
        "distinct_passages": distinct,
        "duplicate_questions": sum(c - 1 for c in items.values() if c > 1),
        "keys": {l: keys.get(l, 0) for l in LETTERS},
        "longest_choice_is_key": longest_is_key,
        "longest_choice_is_key_share": round(longest_is_key / n, 3) if n else 0,
        "key_ties_for_longest": longest_tied,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", help="the evals wheel, or the directory it was unpacked into")
    parser.add_argument("out", nargs="?", default="sets", help="output directory (default: sets)")
    parser.add_argument("--limit", type=int, default=200, help="questions per set (default: 200)")
    args = parser.parse_args()
    source = Source(args.source)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    report = {"package": "evals 3.0.1.post1 (PyPI)", "sets": {}}
    for name, path, parse in SETS:
        rows, skipped, notes = convert(source, name, path, parse, args.limit)
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        (out / f"{name}.csv").write_text(buffer.getvalue(), encoding="utf-8")
        stats = statistics(rows)
        stats.update(source_file=DATA + path, skipped=dict(skipped), notes=dict(notes))
        report["sets"][name] = stats
        keys = " ".join(f"{l}={c}" for l, c in stats["keys"].items())
        print(
            f"{name}: {stats['questions']} questions from {path}; mean passage "
            f"{stats['mean_passage_chars']:.0f} chars ({stats['min_passage_chars']}–"
            f"{stats['max_passage_chars']}, {stats['distinct_passages']} distinct); keys {keys}; "
            f"longest choice is the key {stats['longest_choice_is_key_share']:.1%} "
            f"(+{stats['key_ties_for_longest']} ties); skipped {sum(skipped.values())}"
        )
    (out / "stats.json").write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
