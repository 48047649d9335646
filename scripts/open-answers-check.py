#!/usr/bin/env python3
"""Does the open-answer grading grade a free answer right when it states the key, and not otherwise?

    open-answers-check.py SETS_DIR [--proctor BIN] [--work DIR] [--no-baselines]

An endpoint system in mode "open" is asked each question without its choices; its free answer
is graded by the local lexical reader, which answers the multiple-choice question from that
answer alone (crates/api/src/open_answers.rs, METHODS.md §13). This script measures that
grading on real reading sets, with a vendor whose answers are known to state the key or not:

  - a question at an even position of its set's file (0-based) is answered with its OWN
    passage, the text the question was written on: the answer states the key (as far as the
    passage states it);
  - a question at an odd position is answered with the passage of another question of the
    same set whose passage differs (the question half the set further on, or the next one
    after it with a different passage): the answer does not state the key.

So the truth is known for every reply, and the script reports per set: the questions, chance
(1 / the number of choices), the reader's ceiling as the sitting records it (its accuracy given
each question's own source passage), the right rate from the own passage and from another
passage, the agreement of "graded right" with "the reply was the own passage", and the share
the reader left without an answer. A reader that grades free answers well is right from the own
passage about as often as its ceiling, near zero from another passage (no better than chance
would be bad), and agrees with the truth well above one half.

Unless --no-baselines, two more endpoint systems sit each set as baselines, and a second table
shows them: "own passage, every question" (each reply its own passage, so its accuracy should be
the recorded ceiling) and "question echoed" (each reply is the question itself: a closed-book
answer that restates the question and states no key).

SETS_DIR holds one exam CSV per set, with a passage column (Proctor's importer reads it as the
question's source_text) and four choices, e.g. what scripts/real-reading-sets.py makes:

    python3 -m pip download --no-deps evals==3.0.1.post1 -d /tmp/evals-wheel
    python3 scripts/real-reading-sets.py /tmp/evals-wheel/evals-3.0.1.post1-py3-none-any.whl \\
        /tmp/reading-sets --limit 80
    python3 scripts/open-answers-check.py /tmp/reading-sets --proctor target/release/proctor

The proctor binary is --proctor, else $PROCTOR_BIN, else `proctor` on the PATH. Each set gets a
fresh project WORK/<set>.proctor (default WORK: /tmp/openm; an existing project of that name is
replaced). The vendor is an HTTP server this script runs on 127.0.0.1 (a free port), for the
time of the run: it takes POST {"id": ..., "question": ...} and replies {"answer": <text>}.
The systems are added with `endpoint add --spec` in mode "open", run with `endpoint run` (the
lexical reader is the default grading), and read back with `grade --json` (mode, open_reader,
open_ceiling) and `replies list SYSTEM --all --json` (each question's verdict).

Python 3 standard library only.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

BODY = '{"id": "{{id}}", "question": "{{question}}"}'
VENDOR = "vendor"
BASELINES = {
    "own-passage-all": "own passage, every question",
    "question-echo": "question echoed (closed book)",
}


def load_set(path):
    """The set's rows in file order, and the number of choices of each."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise SystemExit(f"{path}: no rows")
    missing = [c for c in ("id", "passage", "question") if c not in rows[0]]
    if missing:
        raise SystemExit(f"{path}: no column {', '.join(missing)}")
    for r in rows:
        r["_choices"] = sum(1 for k, v in r.items() if k and k.startswith("choice_") and v.strip())
    return rows


def replies_for(rows):
    """id -> (the vendor's reply, whether it is the question's own passage) for the vendor."""
    n = len(rows)
    out = {}
    for i, r in enumerate(rows):
        if i % 2 == 0:
            out[r["id"]] = (r["passage"], True)
            continue
        other = None
        for k in range(n):
            cand = rows[(i + n // 2 + k) % n]
            if cand["passage"].strip() != r["passage"].strip():
                other = cand["passage"]
                break
        if other is None:  # every question of the set shares one passage: no "another"
            raise SystemExit(f"set {r['id']}: every question has the same passage")
        out[r["id"]] = (other, False)
    return out


class Vendor:
    """The vendor's HTTP server: POST /<set>/<system> with {"id", "question"} -> {"answer"}."""

    def __init__(self):
        self.answers = {}  # (set, system) -> {id: text}
        self.unknown = []  # requests the server could not answer (should stay empty)
        vendor = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    body = {}
                parts = self.path.strip("/").split("/")
                table = vendor.answers.get(tuple(parts[:2])) if len(parts) >= 2 else None
                qid = body.get("id")
                if table is None or qid not in table:
                    vendor.unknown.append((self.path, qid))
                    self.send_response(404)
                    self.end_headers()
                    return
                text = table[qid]
                if callable(text):
                    text = text(body)
                data = json.dumps({"answer": text}, ensure_ascii=False).encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, set_name, system):
        return f"http://127.0.0.1:{self.port}/{set_name}/{system}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def spec(url):
    """An open-answer endpoint: no choices in the request, no key, the answer at "answer"."""
    return {
        "mode": "open",
        "method": "POST",
        "url": url,
        "headers": [],
        "body": BODY,
        "reply": {
            "answer": "answer",
            "evidence": "",
            "evidence_text": "",
            "evidence_id": "",
            "prompt_tokens": "",
            "completion_tokens": "",
        },
        "limits": {
            "concurrency": 4,
            "requests_per_minute": 0,
            "timeout_seconds": 60,
            "retries": 1,
            "backoff_ms": 200,
            "breaker": 5,
            "max_reply_kib": 2048,
        },
        "price": {"input_per_million": 0.0, "output_per_million": 0.0, "per_request": 0.0},
    }


class Proctor:
    def __init__(self, binary):
        self.binary = binary

    def __call__(self, *args, parse=False):
        cmd = [self.binary, *args]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(
                f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr.strip() or p.stdout.strip()}"
            )
        return json.loads(p.stdout) if parse else p.stdout


def sit(proctor, project, vendor, set_name, system, table, tmp):
    """Adds the open-answer system, runs it; returns its run sitting, leaderboard row, sheet."""
    vendor.answers[(set_name, system)] = table
    spec_file = Path(tmp) / f"{set_name}-{system}.json"
    spec_file.write_text(json.dumps(spec(vendor.url(set_name, system)), indent=2))
    proctor("endpoint", "add", system, "--spec", str(spec_file), "-p", project)
    run = proctor("endpoint", "run", system, "-p", project, "--json", parse=True)
    sitting = next(s for s in run["sittings"] if s["system"] == system)
    grade = proctor("grade", "-p", project, "--json", parse=True)
    row = next(r for r in grade["leaderboard"] if r["system"] == system)
    sheet = proctor("replies", "list", system, "--all", "--json", "-p", project, parse=True)
    return sitting, row, {r["id"]: r for r in sheet["rows"]}


def pct(k, n):
    return f"{100.0 * k / n:.1f}%" if n else "–"


def frac(k, n):
    return f"{pct(k, n)} ({k}/{n})"


def check_set(proctor, csv_path, work, vendor, tmp, baselines):
    set_name = csv_path.stem
    rows = load_set(csv_path)
    project = str(Path(work) / f"{set_name}.proctor")
    if os.path.exists(project):
        os.remove(project)
    proctor("init", project)
    proctor("import", "exam", str(csv_path), "-p", project)

    truth = replies_for(rows)
    sitting, row, sheet = sit(
        proctor, project, vendor, set_name, VENDOR, {i: t for i, (t, _) in truth.items()}, tmp
    )
    problems = []
    if row.get("mode") != "open":
        problems.append(f"leaderboard mode is {row.get('mode')!r}, not 'open'")
    missing = [r["id"] for r in rows if r["id"] not in sheet]
    if missing:
        problems.append(f"{len(missing)} questions missing from the answer sheet: {missing[:5]}")
    verdicts = {}
    own_n = own_right = other_n = other_right = agree = none = 0
    for r in rows:
        entry = sheet.get(r["id"], {})
        if entry.get("reply") is not None and entry["reply"] != truth[r["id"]][0]:
            problems.append(f"{r['id']}: the recorded reply is not what the vendor sent")
        verdict = entry.get("verdict", "missing")
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
        right = verdict == "right"
        own = truth[r["id"]][1]
        if own:
            own_n += 1
            own_right += right
        else:
            other_n += 1
            other_right += right
        agree += right == own
        none += verdict == "unanswered"
    n = len(rows)
    choices = {r["_choices"] for r in rows}
    chance = " / ".join(f"{100.0 / c:.1f}%" for c in sorted(choices))
    ceiling = row.get("open_ceiling")
    result = {
        "set": set_name,
        "n": n,
        "chance": chance,
        "ceiling": f"{100 * ceiling:.1f}%" if ceiling is not None else "–",
        "ceiling_value": ceiling,
        "reader": row.get("open_reader"),
        "own": frac(own_right, own_n),
        "other": frac(other_right, other_n),
        "agreement": frac(agree, n),
        "none": frac(none, n),
        "verdicts": verdicts,
        "sentence": sitting.get("open"),
        "right": row.get("correct"),
        "problems": problems,
    }
    if baselines:
        own_all = {r["id"]: r["passage"] for r in rows}
        _, b_row, b_sheet = sit(proctor, project, vendor, set_name, "own-passage-all", own_all, tmp)
        echo = {r["id"]: (lambda body: body.get("question", "")) for r in rows}
        _, e_row, e_sheet = sit(proctor, project, vendor, set_name, "question-echo", echo, tmp)

        def tally(sh):
            right = sum(1 for r in rows if sh.get(r["id"], {}).get("verdict") == "right")
            un = sum(1 for r in rows if sh.get(r["id"], {}).get("verdict") == "unanswered")
            return right, un

        b_right, b_none = tally(b_sheet)
        e_right, e_none = tally(e_sheet)
        # The own-passage questions of the vendor, judged by the all-own sitting: how often the
        # reader is right on them given the passage (the part of the ceiling they carry).
        even_ceiling = sum(
            1 for r in rows if truth[r["id"]][1] and b_sheet.get(r["id"], {}).get("verdict") == "right"
        )
        result["baselines"] = {
            "own_all": frac(b_right, n),
            "own_all_none": frac(b_none, n),
            "own_all_ceiling": b_row.get("open_ceiling"),
            "even_ceiling": frac(even_ceiling, own_n),
            "echo": frac(e_right, n),
            "echo_none": frac(e_none, n),
            # The best agreement a reader with this ceiling could reach: right on every
            # own-passage question it can read, never right from another passage.
            "best_agreement": frac(even_ceiling + other_n, n),
        }
    if vendor.unknown:
        problems.append(f"the vendor got requests it could not answer: {vendor.unknown[:3]}")
        vendor.unknown.clear()
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", help="a directory of exam CSVs (one per set, with a passage column)")
    ap.add_argument("--proctor", default=os.environ.get("PROCTOR_BIN") or "proctor",
                    help="the proctor binary (default: $PROCTOR_BIN, else proctor on the PATH)")
    ap.add_argument("--work", default="/tmp/openm", help="where the projects go (default /tmp/openm)")
    ap.add_argument("--no-baselines", action="store_true",
                    help="skip the all-own-passage and question-echo sittings")
    args = ap.parse_args()

    binary = shutil.which(args.proctor) or args.proctor
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"no proctor binary at {args.proctor!r} (pass --proctor or set PROCTOR_BIN)")
    sets = sorted(Path(args.sets).glob("*.csv"))
    if not sets:
        raise SystemExit(f"no .csv files in {args.sets}")
    os.makedirs(args.work, exist_ok=True)
    proctor = Proctor(binary)
    vendor = Vendor()
    results = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for path in sets:
                print(f"{path.stem}: sitting ...", file=sys.stderr)
                results.append(check_set(proctor, path, args.work, vendor, tmp, not args.no_baselines))
    finally:
        vendor.close()

    print("| set | questions | chance | reader's ceiling | right from own passage "
          "| right from another passage | agreement with the truth | no answer |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['set']} | {r['n']} | {r['chance']} | {r['ceiling']} | {r['own']} "
              f"| {r['other']} | {r['agreement']} | {r['none']} |")
    if not args.no_baselines:
        print()
        print("| set | own passage, every question: right | its recorded ceiling "
              "| own-passage questions right given the passage | best agreement at that ceiling "
              "| question echoed (closed book): right | question echoed: no answer |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for r in results:
            b = r["baselines"]
            c = b["own_all_ceiling"]
            print(f"| {r['set']} | {b['own_all']} | {f'{100 * c:.1f}%' if c is not None else '–'} "
                  f"| {b['even_ceiling']} | {b['best_agreement']} | {b['echo']} | {b['echo_none']} |")
    print()
    for r in results:
        verdicts = ", ".join(f"{k} {v}" for k, v in sorted(r["verdicts"].items()))
        print(f"- {r['set']}: reader {r['reader']}; verdicts {verdicts}; run report: {r['sentence']}")
        for p in r["problems"]:
            print(f"  - problem: {p}")


if __name__ == "__main__":
    main()
