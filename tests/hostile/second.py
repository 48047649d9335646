"""The second hostile campaign (issue 33): the project file itself, full disks, arguments,
look-alike names, the models folder, inputs at scale — cases of one command each, run by the
harness like the first campaign's — and the families that need more than one process: concurrent
use, misbehaving vendors and `proctor serve` under abuse."""

from __future__ import annotations

import concurrent.futures
import http.server
import json
import os
import resource
import shutil
import socket
import sqlite3
import subprocess
import threading
import time
import unicodedata
from pathlib import Path

from harness import (
    ENV,
    PROCTOR,
    QUESTIONS,
    Case,
    Result,
    Skip,
    answers_csv,
    digest,
    docx,
    exam_csv,
    fill,
    limits,
    read_only_view,
    serve_address,
    small_disk,
    write,
)


def sql(project: Path, script: str) -> None:
    """Edits a project as another tool would: past the schema's checks and its triggers (which
    keep frozen versions as they were), the triggers put back as they were after."""
    db = sqlite3.connect(project)
    triggers = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    db.executescript(
        "PRAGMA ignore_check_constraints = ON;\n"
        + "".join(f'DROP TRIGGER "{name}";\n' for name, _ in triggers)
        + script
        + "".join(f"\n{text};" for _, text in triggers)
    )
    db.commit()
    db.close()


def rows(project: Path, query: str) -> list[tuple]:
    with sqlite3.connect(f"file:{project}?mode=ro", uri=True) as db:
        found = db.execute(query).fetchall()
    db.close()
    return found


def answers_file(d: Path, name: str = "a.csv") -> Path:
    return write(d / name, answers_csv())


def check_all(*checks):
    def run(project: Path, output: str) -> None:
        for c in checks:
            c(project, output)
    return run


def says(words: str):
    def check(_project: Path, output: str) -> None:
        assert words in output, f"the output does not say {words!r}: {output[:300]}"
    return check


# ---------------------------------------------------------------------------------------------
# The project file.

def project_cases() -> list[Case]:
    out: list[Case] = []
    fam = "project file"

    def hard_link(project: Path, folder: Path) -> None:
        os.link(project, folder / "backup.proctor")

    out.append(Case(fam, "an SQLite URI as a new project's name (defect 14)", ["init", "file:x.proctor?mode=memory"], lambda d: d,
                    expect="accepted", in_folder=True,
                    check=lambda p, o: None if (p.parent / "file:x.proctor?mode=memory").stat().st_size > 0 else (_ for _ in ()).throw(AssertionError("nothing written"))))
    out.append(Case(fam, "an SQLite URI naming an existing project", ["summary", "-p", "file:{project}?mode=memory"], lambda d: d,
                    mentions=["no project file"], names_file=False))
    out.append(Case(fam, "a project with two names, read (defect 10)", ["summary", "-p", "{project}"], lambda d: d,
                    prepare=hard_link, mentions=["names on disk"], names_file=False))
    out.append(Case(fam, "a project with two names, written (defect 10)", ["import", "answers", "{file}", "-p", "{project}", "--system", "Linked"], answers_file,
                    prepare=hard_link, mentions=["names on disk"], names_file=False))
    out.append(Case(fam, "a folder where the project should be", ["summary", "-p", "{file}"], lambda d: (d / "folder.proctor").mkdir() or d / "folder.proctor",
                    mentions=["no project file"]))
    out.append(Case(fam, "an empty file as the project", ["summary", "-p", "{file}"], lambda d: write(d / "empty.proctor", b""),
                    mentions=["not a Proctor project file"]))
    out.append(Case(fam, "random bytes as the project", ["summary", "-p", "{file}"], lambda d: write(d / "noise.proctor", os.urandom(8192)),
                    mentions=["not a Proctor project file"]))

    def truncated(d: Path) -> Path:
        target = d / "half.proctor"
        data = (d / "p.proctor").read_bytes()
        return write(target, data[: len(data) // 2])
    out.append(Case(fam, "a project cut in half", ["summary", "-p", "{file}"], truncated, expect="either"))
    out.append(Case(fam, "another program's SQLite database", ["summary", "-p", "{file}"],
                    lambda d: (sqlite3.connect(d / "other.db").execute("CREATE TABLE t (x)").connection.commit(), d / "other.db")[1],
                    mentions=["not a Proctor project file"]))
    damaged_key = "UPDATE questions SET key_index = 7 WHERE external_id = 'q3';"
    for command in (["summary"], ["grade"], ["report", "-o", "{dir}/r.html"], ["compare", "Base"]):
        out.append(Case(fam, f"a key outside its choices, then {command[0]} (defect 12)", [*command, "-p", "{project}"], lambda d: d,
                        prepare=lambda p, f: sql(p, damaged_key), mentions=["damaged value in table questions", "q3"], names_file=False))
    out.append(Case(fam, "choices that are not a list", ["summary", "-p", "{project}"], lambda d: d,
                    prepare=lambda p, f: sql(p, "UPDATE questions SET choices = 'not json' WHERE external_id = 'q1';"),
                    mentions=["damaged value in table questions"], names_file=False))
    out.append(Case(fam, "a schema from a newer Proctor", ["summary", "-p", "{project}"], lambda d: d,
                    prepare=lambda p, f: sql(p, "PRAGMA user_version = 999;"), mentions=["newer Proctor"], names_file=False))
    out.append(Case(fam, "another application id", ["summary", "-p", "{project}"], lambda d: d,
                    prepare=lambda p, f: sql(p, "PRAGMA application_id = 42;"), mentions=["not a Proctor project file"], names_file=False))
    out.append(Case(fam, "a garbage journal beside the project", ["summary", "-p", "{project}"], lambda d: d,
                    prepare=lambda p, f: write(Path(str(p) + "-wal"), os.urandom(50000)) and None, expect="either", names_file=False))
    out.append(Case(fam, "a project reached through a link", ["summary", "-p", "{dir}/link.proctor"], lambda d: d,
                    prepare=lambda p, f: os.symlink(p, f / "link.proctor"), expect="accepted"))
    out.append(Case(fam, "a read-only project file (defect 15)", ["import", "answers", "{file}", "-p", "{project}", "--system", "RO"], answers_file,
                    prepare=lambda p, f: os.chmod(p, 0o444), expect="either", names_file=False))

    def read_only_folder(project: Path, folder: Path) -> None:
        os.chmod(folder, 0o555)
    out.append(Case(fam, "a project in a read-only folder (defect 15)", ["summary", "-p", "{project}"], lambda d: d,
                    prepare=read_only_folder, expect="either", names_file=False))

    def on_read_only_disk(project: Path, folder: Path) -> None:
        shelf = folder / "shelf"
        shelf.mkdir()
        shutil.copy(project, shelf / "p.proctor")
        read_only_view(shelf, folder / "ro")
    out.append(Case(fam, "a project on a read-only file system, read (defect 15)", ["summary", "-p", "{dir}/ro/p.proctor"], lambda d: d,
                    prepare=on_read_only_disk, expect="accepted", check=says("Base")))
    out.append(Case(fam, "a project on a read-only file system, written (defect 15)", ["import", "answers", "{file}", "-p", "{dir}/ro/p.proctor", "--system", "RO"], answers_file,
                    prepare=on_read_only_disk, mentions=["read-only", "copy it somewhere"], names_file=False))
    return out


# ---------------------------------------------------------------------------------------------
# Full disks: the earlier file stays whole, the project unchanged.

def disk_cases() -> list[Case]:
    out: list[Case] = []
    fam = "full disk"

    def earlier_file(name: str, kib: int = 256):
        def make(d: Path) -> Path:
            disk = small_disk(d / "disk", kib)
            target = write(disk / name, b"the earlier good file\n" * 100)
            (d / "earlier.sha").write_text(digest(target))
            fill(disk)
            return target
        return make

    def earlier_whole(project: Path, output: str) -> None:
        folder = project.parent
        target = next(p for p in (folder / "disk").iterdir() if not p.name.startswith("filler"))
        assert digest(target) == (folder / "earlier.sha").read_text(), "the earlier file was damaged"
        left = [p.name for p in (folder / "disk").iterdir() if p.name.endswith(".part")]
        assert not left, f"a partial file was left: {left}"

    out.append(Case(fam, "a report over an earlier one on a full disk (defect 5)", ["report", "-p", "{project}", "-o", "{file}"], earlier_file("report.html"),
                    check=earlier_whole, names_file=False, mentions=["No space left"]))
    out.append(Case(fam, "an exam export over an earlier one on a full disk (defect 5)", ["exam", "export", "-p", "{project}", "-o", "{file}"], earlier_file("exam.csv"),
                    check=earlier_whole, names_file=False, mentions=["No space left"]))
    out.append(Case(fam, "a vendor sheet over an earlier one on a full disk", ["exam", "export", "-p", "{project}", "--format", "vendor-jsonl", "-o", "{file}"], earlier_file("sheet.jsonl"),
                    check=earlier_whole, names_file=False, mentions=["No space left"]))

    def project_on_full_disk(d: Path) -> Path:
        disk = small_disk(d / "disk", 4096)
        shutil.copy(d / "p.proctor", disk / "p.proctor")
        (d / "disk-project.sha").write_text(digest(disk / "p.proctor"))
        fill(disk)
        return answers_file(d)

    def disk_project_unchanged(project: Path, output: str) -> None:
        on_disk = project.parent / "disk" / "p.proctor"
        assert digest(on_disk) == (project.parent / "disk-project.sha").read_text(), "the project on the full disk changed"

    out.append(Case(fam, "an import into a project on a full disk", ["import", "answers", "{file}", "-p", "{dir}/disk/p.proctor", "--system", "Full"], project_on_full_disk,
                    check=disk_project_unchanged, names_file=False, expect="refused"))
    return out


# ---------------------------------------------------------------------------------------------
# Command-line arguments and limit settings.

def argument_cases() -> list[Case]:
    out: list[Case] = []
    fam = "arguments"
    imp = ["import", "answers", "{file}", "-p", "{project}", "--system"]
    out.append(Case(fam, "PROCTOR_MAX_FILE_MB of 99999999999999 (defect 11)", [*imp, "Big1"], answers_file, expect="accepted", env={"PROCTOR_MAX_FILE_MB": "99999999999999"}))
    out.append(Case(fam, "PROCTOR_MAX_UNPACKED_MB of 2^70 (defect 11)", ["import", "documents", "{file}", "-p", "{project}"],
                    lambda d: write(d / "a.docx", docx("<w:p><w:r><w:t>The relay listens on port 7400.</w:t></w:r></w:p>")), expect="accepted",
                    env={"PROCTOR_MAX_UNPACKED_MB": str(2 ** 70)}))
    for variable, value in (("PROCTOR_MAX_FILE_MB", "lots"), ("PROCTOR_MAX_CELLS", "-5"), ("PROCTOR_MAX_FILES", "1e9"), ("PROCTOR_MAX_COLUMNS", "1.5")):
        out.append(Case(fam, f"{variable}={value}", [*imp, "Lim"], answers_file, mentions=[variable, "whole number"], names_file=False, env={variable: value}))
    for budget in ("NaN", "-1", "inf"):
        out.append(Case(fam, f"endpoint run --max-cost {budget} (defect 13)", ["endpoint", "run", "-p", "{project}", f"--max-cost={budget}"], lambda d: d,
                        mentions=["cost limit"], names_file=False))
    out.append(Case(fam, "run --threads 100000 (defect 3)", ["run", "-p", "{project}", "--threads", "100000"], lambda d: d, mentions=["threads"], names_file=False))
    out.append(Case(fam, "PROCTOR_THREADS=1000 (defect 3)", ["run", "-p", "{project}"], lambda d: d, mentions=["threads"], names_file=False, env={"PROCTOR_THREADS": "1000"}))
    out.append(Case(fam, "ingest --chunk-size 0", ["ingest", "-p", "{project}", "--chunk-size", "0"], lambda d: d, mentions=["at least 50 characters"], names_file=False))
    out.append(Case(fam, "ingest --overlap 4294967295", ["ingest", "-p", "{project}", "--overlap", "4294967295"], lambda d: d, mentions=["overlap"], names_file=False))
    out.append(Case(fam, "generate --share NaN", ["generate", "-p", "{project}", "--share", "NaN"], lambda d: d, mentions=["NaN"], names_file=False))
    out.append(Case(fam, "generate --max-lookup 5", ["generate", "-p", "{project}", "--max-lookup", "5"], lambda d: d, mentions=["0 to 1"], names_file=False))
    out.append(Case(fam, "irt improve --fraction NaN", ["irt", "improve", "-p", "{project}", "--fraction", "NaN"], lambda d: d, mentions=["between 0 and 1"], names_file=False))
    out.append(Case(fam, "exam export --version 4294967295", ["exam", "export", "-p", "{project}", "--version", "4294967295", "-o", "{dir}/x.csv"], lambda d: d,
                    mentions=["no version"], names_file=False))
    add = ["endpoint", "add", "V", "-p", "{project}", "--url", "http://127.0.0.1:9/ask", "--no-key"]
    out.append(Case(fam, "endpoint add --concurrency 100000", [*add, "--concurrency", "100000"], lambda d: d, mentions=["concurrency"], names_file=False))
    out.append(Case(fam, "endpoint add --timeout 0", [*add, "--timeout", "0"], lambda d: d, mentions=["timeout"], names_file=False))
    out.append(Case(fam, "endpoint add --price-input NaN", [*add, "--price-input", "NaN"], lambda d: d, mentions=["price"], names_file=False))
    out.append(Case(fam, "endpoint add --url file:///etc/passwd", ["endpoint", "add", "V", "-p", "{project}", "--url", "file:///etc/passwd", "--no-key"], lambda d: d,
                    mentions=["http://"], names_file=False))
    return out


# ---------------------------------------------------------------------------------------------
# Names that look alike on screen.

def name_cases() -> list[Case]:
    out: list[Case] = []
    fam = "look-alike names"
    imp = ["import", "answers", "{file}", "-p", "{project}", "--system"]
    for name in ("base", "BASE", " Base"):
        out.append(Case(fam, f"a system {name!r} beside 'Base' (defect 7)", [*imp, name], answers_file, mentions=["would look the same"] if name.strip() != "Base" else [],
                        names_file=False, expect="refused"))
    decomposed = unicodedata.normalize("NFD", "Café")

    def composed_name(project: Path, output: str) -> None:
        names = [r[0] for r in rows(project, "SELECT name FROM systems")]
        assert "Café" in names and decomposed not in names, f"names kept: {names!r}"
    out.append(Case(fam, "a system named with a decomposed accent (defect 7)", [*imp, decomposed], answers_file, expect="accepted", check=composed_name))

    def two_then_one(project: Path, output: str) -> None:
        # Importing the same answers again under the composed name is the same system.
        again = subprocess.run([str(PROCTOR), *imp[:2], str(project.parent / "a.csv"), "-p", str(project), "--system", "Café"], capture_output=True, text=True, env=ENV)
        assert again.returncode == 1 and "already" in again.stderr, f"a second 'Café' was not the same system: {again.stderr or again.stdout}"
    out.append(Case(fam, "composed and decomposed 'Café' are one system", [*imp, decomposed], answers_file, expect="accepted", check=two_then_one))

    def folders(names: list[str]):
        def make(d: Path) -> Path:
            for i, n in enumerate(names):
                write(d / "corpus" / n / f"doc{i}.txt", f"Document {i} says the relay listens on port {7400 + i}.")
            return d / "corpus"
        return make

    def one_topic(project: Path, output: str) -> None:
        topics = [r[0] for r in rows(project, "SELECT name FROM topics")]
        looks = [t for t in topics if t.lower() in ("billing", "café")]
        assert len(looks) == 1, f"topics: {topics!r}"
    docs = ["import", "documents", "{file}", "-p", "{project}"]
    out.append(Case(fam, "topic folders 'Billing' and 'billing' (defect 7)", docs, folders(["Billing", "billing"]), expect="accepted",
                    check=check_all(one_topic, says("one topic"))))
    out.append(Case(fam, "topic folders 'Café' composed and decomposed (defect 7)", docs, folders(["Café", decomposed]), expect="accepted", check=one_topic))
    out.append(Case(fam, "a system name of 100,000 characters", [*imp, "x" * 100000], answers_file, expect="either", names_file=False))
    out.append(Case(fam, "a system name of combining marks only", [*imp, "\u0301\u0301\u0301"], answers_file, expect="either", names_file=False))
    return out


# ---------------------------------------------------------------------------------------------
# The models folder.

def installed_models() -> Path | None:
    done = subprocess.run([str(PROCTOR), "models", "list", "--json"], capture_output=True, text=True, env=ENV)
    if done.returncode != 0:
        return None
    return Path(json.loads(done.stdout)["folder"])


def model_cases() -> list[Case]:
    out: list[Case] = []
    fam = "models"
    env = {"PROCTOR_MODELS": "{dir}/models", "XDG_CACHE_HOME": "{dir}/cache"}
    installed = installed_models()

    def copy_with(change):
        def make(d: Path) -> Path:
            folder = d / "models"
            if installed is None:
                raise Skip("no models installed")
            manifest = json.loads((installed / "manifest.json").read_text())
            for f in manifest["files"]:
                target = folder / f["path"]
                target.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(installed / f["path"], target)
            write(folder / "manifest.json", json.dumps(manifest))
            change(folder, manifest)
            return folder
        return make

    def swap_tokenizer(folder: Path, manifest: dict) -> None:
        entry = next(f for f in manifest["files"] if f["role"] == "tokenizer")
        path = folder / entry["path"]
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0x20
        path.unlink()
        path.write_bytes(bytes(data))

    def pipe_tokenizer(folder: Path, manifest: dict) -> None:
        entry = next(f for f in manifest["files"] if f["role"] == "tokenizer")
        path = folder / entry["path"]
        path.unlink()
        os.mkfifo(path)

    out.append(Case(fam, "a models folder without a manifest", ["models", "list"], lambda d: (d / "models").mkdir() or d, mentions=["install-models"], names_file=False, env=env))
    out.append(Case(fam, "a manifest that is not JSON", ["models", "list"], lambda d: write(d / "models" / "manifest.json", b"{ not json"), mentions=["manifest.json is not valid"], names_file=False, env=env))
    out.append(Case(fam, "a swapped tokenizer of the same size, listed (defect 6)", ["models", "list"], copy_with(swap_tokenizer), expect="accepted", env=env, check=says("DAMAGED")))
    out.append(Case(fam, "a swapped tokenizer of the same size, used (defect 6)", ["models", "test"], copy_with(swap_tokenizer), mentions=["not the file the set-up installed", "Re-run the set-up"],
                    names_file=False, env=env))
    out.append(Case(fam, "a pipe in place of the tokenizer", ["models", "test"], copy_with(pipe_tokenizer), names_file=False, env=env, mentions=["tokenizer"]))
    out.append(Case(fam, "a manifest of 100,000 files", ["models", "list"],
                    lambda d: write(d / "models" / "manifest.json", json.dumps({"version": 1, "files": [{"path": f"f{i}", "role": "x", "bytes": 1} for i in range(100000)]})),
                    expect="either", names_file=False, env=env))
    out.append(Case(fam, "user models that are not JSON", ["models", "list"], copy_with(lambda folder, m: write(folder / "user-models.json", b"[[[")),
                    expect="refused", names_file=False, env=env, mentions=["user-models.json"]))
    return out


# ---------------------------------------------------------------------------------------------
# Inputs at scale.

def scale_cases() -> list[Case]:
    out: list[Case] = []
    fam = "scale"
    out.append(Case(fam, "an exam of 50,000 questions", ["import", "exam", "{file}", "-p", "{project}", "--exam", "big"],
                    lambda d: write(d / "big.csv", exam_csv([f"b{i},Which port does service {i} use?,80,443,8080,22,B" for i in range(50000)])), expect="accepted"))
    out.append(Case(fam, "50,000 answers to questions the exam does not have", ["import", "answers", "{file}", "-p", "{project}", "--system", "Many"],
                    lambda d: write(d / "many.csv", "question_id,answer\n" + "".join(f"x{i},A\n" for i in range(50000))), mentions=["no question"]))

    def many_documents(d: Path) -> Path:
        for i in range(2000):
            write(d / "corpus" / f"t{i % 20}" / f"d{i}.txt", f"Document {i}: the relay {i} listens on port {7000 + i}.")
        return d / "corpus"
    out.append(Case(fam, "a folder of 2,000 documents in 20 topics", ["import", "documents", "{file}", "-p", "{project}"], many_documents, expect="accepted"))
    out.append(Case(fam, "a question with 5,000 choices", ["import", "exam", "{file}", "-p", "{project}", "--exam", "wide"],
                    lambda d: write(d / "wide.json", json.dumps([{"id": "w1", "question": "Which?", "choices": [f"c{i}" for i in range(5000)], "answer": 3}])), expect="either"))
    out.append(Case(fam, "answers whose replies are 1 MB each", ["import", "answers", "{file}", "-p", "{project}", "--system", "Wordy"],
                    lambda d: write(d / "wordy.csv", "question_id,answer\n" + "".join(f"q{i + 1},\"{'I think ' * 120000}B\"\n" for i in range(QUESTIONS))), expect="either"))
    return out


def cases() -> list[Case]:
    return project_cases() + disk_cases() + argument_cases() + name_cases() + model_cases() + scale_cases()


# ---------------------------------------------------------------------------------------------
# Concurrent use: several processes on one project at once.

def concurrent_use(work: Path, base: Path) -> list[Result]:
    results: list[Result] = []

    def result(name: str, ok: bool, problem: str = "") -> None:
        results.append(Result(Case("concurrent use", name, [], lambda d: d), ok, "accepted" if ok else "failed", 0.0, problem))

    def sound(project: Path) -> str:
        check = subprocess.run([str(PROCTOR), "check", "-p", str(project)], capture_output=True, text=True, env=ENV)
        return "" if check.returncode == 0 else f"not sound: {check.stderr}"

    def start(args: list[str], cwd: Path | None = None) -> subprocess.Popen:
        return subprocess.Popen([str(PROCTOR), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, preexec_fn=limits, cwd=cwd)

    def finish(procs: list[subprocess.Popen]) -> list[tuple[int, str]]:
        out = []
        for p in procs:
            try:
                _, err = p.communicate(timeout=60)
                out.append((p.returncode, err.decode("utf-8", "replace")))
            except subprocess.TimeoutExpired:
                p.kill()
                out.append((-999, "hang"))
        return out

    folder = work / "concurrent"
    folder.mkdir()
    write(folder / "a.csv", answers_csv())
    # Eight imports at once into one project, each its own system.
    project = folder / "p.proctor"
    shutil.copy(base, project)
    done = finish([start(["import", "answers", str(folder / "a.csv"), "-p", str(project), "--system", f"S{i}"]) for i in range(8)])
    bad = [(rc, e) for rc, e in done if rc != 0 and not e.startswith("error:")]
    imported = sum(rc == 0 for rc, _ in done)
    systems = len(rows(project, "SELECT name FROM systems WHERE name LIKE 'S%'"))
    problem = sound(project) or (f"crashed: {bad}" if bad else "") or ("" if systems == imported else f"{imported} imports said done, {systems} systems kept")
    result("eight imports into one project at once", not problem, problem)
    # Imports while another process reads the project again and again.
    project2 = folder / "p2.proctor"
    shutil.copy(base, project2)
    readers = [start(["summary", "-p", str(project2)]) for _ in range(4)]
    writers = [start(["import", "answers", str(folder / "a.csv"), "-p", str(project2), "--system", f"W{i}"]) for i in range(3)]
    done = finish(readers + writers)
    bad = [(rc, e) for rc, e in done if rc != 0 and not e.startswith("error:")]
    problem = sound(project2) or (f"crashed: {bad}" if bad else "")
    result("reads while three imports write", not problem, problem)
    # Two creations of one project at once: one creates it, the other is told it exists.
    target = folder / "new.proctor"
    done = finish([start(["init", str(target)]) for _ in range(4)])
    created = sum(rc == 0 for rc, _ in done)
    problem = sound(target) or ("" if created == 1 else f"{created} processes said they created it: {done}")
    result("four inits of one path at once", not problem, problem)
    # Two reports written to one file at once: the file is one of them, whole, and no part is left.
    out_file = folder / "report.html"
    done = finish([start(["report", "-p", str(project), "-o", str(out_file)]) for _ in range(3)])
    text = out_file.read_text(errors="replace") if out_file.exists() else ""
    parts = [p.name for p in folder.iterdir() if p.name.endswith(".part")]
    problem = "" if text.rstrip().endswith("</html>") and not parts else f"report whole: {text.rstrip()[-20:]!r}, parts left: {parts}, runs: {done}"
    result("three reports to one file at once", not problem, problem)
    # A project copied with its journal while written: the copy opens.
    project3 = folder / "p3.proctor"
    shutil.copy(base, project3)
    writer = start(["import", "answers", str(folder / "a.csv"), "-p", str(project3), "--system", "Copied"])
    time.sleep(0.05)
    copy = folder / "copy.proctor"
    shutil.copy(project3, copy)
    finish([writer])
    check = subprocess.run([str(PROCTOR), "summary", "-p", str(copy)], capture_output=True, text=True, env=ENV)
    problem = "" if check.returncode in (0, 1) and "panicked" not in check.stderr else f"exit {check.returncode}: {check.stderr[-300:]}"
    result("a copy taken while an import writes", not problem, problem)
    return results


# ---------------------------------------------------------------------------------------------
# Vendors that misbehave, on 127.0.0.1.

KEY = "sk-Zq7vX2mW9pL4tR8nK3bJ6yH1c"


class Vendor(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # quiet
        pass

    def send(self, body: bytes, status: int = 200, kind: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        key = self.headers.get("X-API-Key", "")
        path = self.path
        if path == "/echo":
            # A debug endpoint: the key whole and cut at both ends, in the answer and evidence.
            self.send(json.dumps({"answer": f"B (auth {key})", "contexts": [f"header X-API-Key: {key}", key[:20], key[-12:]]}).encode())
        elif path == "/many":
            self.send(json.dumps({"answer": "B", "contexts": [str(i) for i in range(200000)]}).encode())
        elif path == "/escape":
            self.send(json.dumps({"answer": "\x1b]0;pwned\x07\x1b[2J\x1b]8;;http://evil.example\x07B\x1b]8;;\x07\x1b[8mhidden\x1b[0m", "contexts": ["\x1b[31mred\x1b[0m"]}).encode())
        elif path == "/huge":
            self.send(b'{"answer": "B", "contexts": ["' + b"x" * (20 << 20) + b'"]}')
        elif path == "/slow":
            time.sleep(4)
            self.send(b'{"answer": "B"}')
        elif path == "/nonjson":
            self.send(b"<html>502 Bad Gateway</html>", kind="text/html")
        elif path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/redirect")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/endless":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            started = time.monotonic()
            try:
                self.wfile.write(b"b\r\n{\"answer\": \r\n")
                while time.monotonic() - started < 20:
                    chunk = b" " * 65536
                    self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path == "/status":
            self.send(json.dumps({"error": {"message": f"invalid key {key}"}}).encode(), status=401)
        else:
            self.send(b"{}", status=404)


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:  # a client gone is no news
        pass


def vendors(work: Path, base: Path) -> list[Result]:
    results: list[Result] = []
    server = QuietServer(("127.0.0.1", 0), Vendor)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    env = {**ENV, "VENDOR_KEY": KEY}

    def run(args: list[str], timeout: float = 90) -> tuple[int, str, str]:
        try:
            done = subprocess.run([str(PROCTOR), *args], capture_output=True, env=env, timeout=timeout, preexec_fn=limits)
        except subprocess.TimeoutExpired:
            return -999, "", "hang"
        return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")

    def project_bytes(project: Path) -> bytes:
        return b"".join(p.read_bytes() for p in project.parent.glob(project.name + "*") if p.is_file())

    def leaked(text: str | bytes) -> list[str]:
        raw = text.encode() if isinstance(text, str) else text
        # Any piece of the key of 8 characters or more, with where it was.
        found = []
        for i in range(len(KEY) - 7):
            at = raw.find(KEY[i:i + 8].encode())
            if at >= 0:
                found.append(repr(raw[max(0, at - 40):at + 30]))
        return found

    try:
        for path, name, timeout, judge in (
            ("/echo", "a vendor echoing the key (defect 1)", 10, "nokey"),
            ("/status", "a vendor naming the key in its error", 10, "nokey"),
            ("/many", "a reply with 200,000 evidence items (defect 8)", 10, "small"),
            ("/escape", "escape sequences in a reply (defect 2)", 10, "noescape"),
            ("/huge", "a 20 MB reply", 10, "runs"),
            ("/slow", "a vendor slower than the timeout", 1, "runs"),
            ("/nonjson", "a vendor answering HTML", 10, "runs"),
            ("/redirect", "a vendor redirecting to itself", 10, "runs"),
            ("/endless", "a reply that never ends", 3, "runs"),
        ):
            folder = work / f"vendor{path.strip('/')}"
            folder.mkdir()
            project = folder / "p.proctor"
            shutil.copy(base, project)
            problem = ""
            rc, out, err = run(["endpoint", "add", "V", "-p", str(project), "--url", f"http://127.0.0.1:{port}{path}", "--key-env", "VENDOR_KEY", "--timeout", str(timeout)])
            if rc != 0:
                problem = f"endpoint add failed: {err}"
            outputs = ""
            if not problem:
                rc1, out1, err1 = run(["endpoint", "try", "V", "-p", str(project)])
                rc2, out2, err2 = run(["endpoint", "run", "-p", str(project)])
                rc3, out3, err3 = run(["report", "-p", str(project), "-o", str(folder / "r.html")])
                outputs = out1 + err1 + out2 + err2 + out3 + err3
                for rc_, err_ in ((rc1, err1), (rc2, err2), (rc3, err3)):
                    if rc_ not in (0, 1) or "panicked" in err_:
                        problem = f"exit {rc_}: {err_[-300:]}"
                if not problem and judge == "nokey":
                    found = leaked(outputs) + leaked(project_bytes(project)) + leaked((folder / "r.html").read_bytes() if (folder / "r.html").exists() else b"")
                    problem = f"pieces of the key kept or shown: {found[:2]}" if found else ""
                if not problem and judge == "small":
                    size = sum(p.stat().st_size for p in folder.glob("p.proctor*"))
                    problem = "" if size < 3 << 20 else f"the project grew to {size >> 20} MB"
                    if not problem and "evidence items" not in out1 + out2:
                        problem = "the cap on evidence is not said"
                if not problem and judge == "noescape":
                    problem = "an escape sequence reached the terminal" if "\x1b" in outputs else ""
                if not problem and judge == "runs" and rc2 not in (0, 1):
                    problem = f"the run ended with {rc2}"
            results.append(Result(Case("vendors", name, [], lambda d: d), not problem, "failed" if problem else "accepted", 0.0, problem))
    finally:
        server.shutdown()
    return results


# ---------------------------------------------------------------------------------------------
# `proctor serve` under abuse.

def serve_abuse(work: Path) -> list[Result]:
    results: list[Result] = []
    data = work / "abuse-data"
    data.mkdir()

    def serve_limits() -> None:
        limits()
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    server = subprocess.Popen([str(PROCTOR), "serve", "--port", "0", "--data-dir", str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, preexec_fn=serve_limits)

    def result(name: str, problem: str) -> None:
        results.append(Result(Case("serve abuse", name, [], lambda d: d), not problem, "failed" if problem else "accepted", 0.0, problem))

    try:
        port, token = serve_address(server)

        def ask(method: str, path: str, body: bytes = b"", timeout: float = 10) -> int:
            head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
                s.sendall(head.encode() + body)
                reply = b""
                while chunk := s.recv(65536):
                    reply += chunk
            return int(reply[9:12]) if reply.startswith(b"HTTP/") else 0

        # 1,100 clients dripping their headers.
        drippers = []
        for _ in range(1100):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(b"GET /api/summary HTTP/1.1\r\nHo")
                drippers.append(s)
            except OSError:
                break
        started = time.monotonic()
        try:
            status = ask("POST", "/api/summary")
        except OSError as e:
            status = f"no answer: {e}"
        waited = time.monotonic() - started
        result("1,100 clients dripping their headers (defect 4)", "" if status in (200, 409) and waited < 5 else f"the page answered {status} after {waited:.1f} s")
        for _ in range(3):
            for s in drippers:
                try:
                    s.sendall(b"s")
                except OSError:
                    pass
            time.sleep(0.2)
        try:
            status = ask("POST", "/api/summary")
        except OSError as e:
            status = f"no answer: {e}"
        result("the page while they keep dripping", "" if status in (200, 409) else f"answered {status}")
        for s in drippers:
            s.close()
        # An event stream that is never read while jobs move.
        silent = socket.create_connection(("127.0.0.1", port))
        silent.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
        silent.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        status = ask("POST", "/api/open_sample", timeout=60)
        for _ in range(20):
            ask("POST", "/api/summary")
        result("an event stream never read", "" if status == 200 and ask("POST", "/api/summary") == 200 else f"open_sample answered {status}")
        silent.close()
        # Uploads with hostile names: refused, or kept inside the project's folder.
        before = {p for p in work.rglob("*")}
        names = ["", "..", ".", "a%00b.csv", "%2e%2e%2fescape.csv", "x" * 300 + ".csv", "con.csv", "%E2%80%AEvsc.exe", "a%0Ab.csv", "%5C..%5Cwin.csv"]
        problems = []
        for name in names:
            try:
                status = ask("PUT", f"/api/upload/{name}", b"id,answer\n")
            except OSError as e:
                status = 0
                problems.append(f"{name[:20]!r}: {e}")
            if status not in (200, 400, 404, 405, 409, 413, 414):
                problems.append(f"{name[:20]!r}: {status}")
        outside = [p for p in work.rglob("*") if p not in before and data not in p.parents and not str(p).startswith(str(work / "abuse"))]
        if outside:
            problems.append(f"files written outside: {outside[:3]}")
        result("uploads with hostile names", "; ".join(problems))
        for folder_name in ("..%2F..%2Fout", "%2Fetc", "a/../../b"):
            try:
                status = ask("PUT", f"/api/upload/x.csv?folder={folder_name}", b"id,answer\n")
            except OSError:
                status = 0
            escaped = [p for p in work.rglob("x.csv") if data not in p.parents]
            result(f"an upload into folder {folder_name!r}", "" if status in (400, 409) or not escaped else f"answered {status}, kept at {escaped}")
        # An upload broken off mid-way leaves nothing.
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(f"PUT /api/upload/broken.csv HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\nContent-Length: 100000\r\n\r\n".encode() + b"id,answer\n" * 10)
        time.sleep(1)
        left = [p.name for p in data.rglob("*broken*")]
        result("an upload broken off mid-way", "" if not left else f"left behind: {left}")
        # 200 requests at once.
        with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
            statuses = list(pool.map(lambda _: _safe(lambda: ask("POST", "/api/summary", timeout=30)), range(200)))
        wrong = [s for s in statuses if s not in (200, 409)]
        result("200 requests at once", "" if not wrong else f"{len(wrong)} not answered: {wrong[:5]}")
        alive = server.poll() is None
        result("the server is alive after the abuse", "" if alive else server.stderr.read().decode()[-400:])
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    return results


def _safe(call):
    try:
        return call()
    except OSError as e:
        return f"error {e}"
