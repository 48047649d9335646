#!/usr/bin/env python3
"""The README row of a generated exam (scripts/measure-exams.sh), or 40 of its accepted questions.

    exam-row.py CORPUS import.txt ingest.txt review.json [EARLIER.json]   # the Markdown row
    exam-row.py --sample review.json                         # 40 accepted questions, seed 1

Every offline question asks for a fact its sentence states, so each is a recall question: the
row counts those labelled above Understanding. Shares are of the accepted questions; keyword
lookup and guessable of those measured.
"""
import json
import random
import re
import sys

ABOVE = {"Applying", "Analyzing", "Evaluating", "Creating"}


def pct(n, of):
    return "—" if of == 0 else f"{100 * n / of:.1f}%"


def sample(review):
    accepted = [q for q in json.load(open(review))["questions"] if q["status"] == "accepted"]
    random.seed(1)
    for i, q in enumerate(random.sample(accepted, min(40, len(accepted))), 1):
        choices = " | ".join(("*" if j == q["key"] else "") + c for j, c in enumerate(q["choices"]))
        marks = [m for m, on in (("lookup", q.get("lookup")), ("guessable", q.get("guessable"))) if on]
        print(f"{i:2}. [{', '.join(q['bloom']) or 'Uncategorized'}{'; ' + ', '.join(marks) if marks else ''}] {q['stem']}")
        print(f"      {choices}")


def row(corpus, import_txt, ingest_txt, review, before=None):
    imported = open(import_txt).read()
    documents = re.search(r"(\d+) added", imported)
    set_aside = sum(
        int(n)
        for n in re.findall(
            r"(?:navigation left out|page furniture set aside|running headers, footers and page numbers set aside): (\d+) lines",
            imported,
        )
    )
    chunks = re.search(r"(\d+) chunks", open(ingest_txt).read())
    data = json.load(open(review))
    questions = data["questions"]
    if before:
        # An exam written by an earlier build: its questions, labels and statuses as that build
        # listed them; the measures a later build took of the same questions.
        measured = {q["id"]: q for q in questions}
        questions = json.load(open(before))["questions"]
        for q in questions:
            later = measured.get(q["id"], {})
            q["lookup"] = later.get("lookup")
            q["guessable"] = later.get("guessable")
    accepted = [q for q in questions if q["status"] == "accepted"]
    n = len(accepted)
    blank = sum(q["stem"].startswith("What fills the blank in") for q in accepted)
    uncategorized = sum(not q["bloom"] or "Uncategorized" in q["bloom"] for q in accepted)
    above = sum(any(b in ABOVE for b in q["bloom"]) for q in accepted)
    lookup = [q["lookup"] for q in accepted if q.get("lookup") is not None]
    guess = [q["guessable"] for q in accepted if q.get("guessable") is not None]
    longest = sum(max(range(len(q["choices"])), key=lambda i: len(q["choices"][i])) == q["key"] for q in accepted)
    positions = [sum(q["key"] == p for q in accepted) for p in range(4)]
    print(
        f"| {corpus} | {documents.group(1) if documents else '?'} | "
        f"{set_aside} | {chunks.group(1) if chunks else '?'} | "
        f"{len(questions)} / {n} | {pct(blank, n)} | {pct(sum(lookup), len(lookup))} | "
        f"{pct(sum(guess), len(guess))} | {pct(uncategorized, n)} | {pct(above, n)} | "
        f"{pct(longest, n)} / {pct(max(positions), n)} |"
    )


if __name__ == "__main__":
    if sys.argv[1] == "--sample":
        sample(sys.argv[2])
    else:
        row(*sys.argv[1:6])
