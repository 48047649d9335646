"""The hostile-input corpus's harness: the case record, builders of hostile files, and the runner
that feeds one case to the real `proctor` binary under memory and time limits and judges what it
did (see corpus.py)."""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import http.client
import io
import json
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

TARGET = Path(os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache/proctor-target"))
PROCTOR = Path(os.environ.get("PROCTOR_BIN", TARGET / "release/proctor"))
MEMORY_LIMIT = int(os.environ.get("HOSTILE_MEMORY_MB", "2048")) * 1024 * 1024
TIME_LIMIT = float(os.environ.get("HOSTILE_SECONDS", "30"))
# The corpus runs with a smaller unpack limit than the default (512 MB) so that the bombs are
# small and refused at once; one case checks the default limit too.
ENV = {**os.environ, "PROCTOR_MAX_UNPACKED_MB": "16", "RUST_BACKTRACE": "0"}

QUESTIONS = 10
KEYS = "ABCDABCDAB"


@dataclass
class Case:
    family: str
    name: str
    # The proctor arguments after the binary; "{project}" and "{file}" are filled in.
    args: list[str]
    make: Callable[[Path], Path]
    # "refused", "accepted" or "either" (odd but legitimate input: either answer is fine as long
    # as it is not a crash and a refusal is clear).
    expect: str = "refused"
    line: int | None = None
    field: str | None = None
    mentions: list[str] = dataclasses.field(default_factory=list)
    check: Callable[[Path, str], None] | None = None
    env: dict[str, str] = dataclasses.field(default_factory=dict)
    names_file: bool = True
    # Changes the case's copy of the project before the command runs: (project, folder).
    prepare: Callable[[Path, Path], None] | None = None
    # Run the command in the case's folder (for relative paths).
    in_folder: bool = False


# Small file systems mounted for the full-disk cases, unmounted at the end.
MOUNTS: list[Path] = []


def small_disk(at: Path, kib: int) -> Path:
    """A tmpfs of `kib` KiB at `at` (root only; else the case is skipped)."""
    at.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        raise Skip("a full disk needs a small tmpfs, which only root can mount")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kib}k", "tmpfs", str(at)], capture_output=True, text=True)
    if done.returncode != 0:
        raise Skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    MOUNTS.append(at)
    return at


def read_only_view(source: Path, at: Path) -> Path:
    """`source` seen read-only at `at` (a read-only bind mount: root only; else the case is
    skipped)."""
    at.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        raise Skip("a read-only file system needs a bind mount, which only root can make")
    for command in (["mount", "--bind", str(source), str(at)], ["mount", "-o", "remount,ro,bind", str(at)]):
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise Skip(f"cannot mount read-only here: {done.stderr.strip()}")
        if command[1] == "--bind":
            MOUNTS.append(at)
    return at


def fill(disk: Path) -> None:
    """Fills a file system to the last byte."""
    for name, block in (("filler", 4096), ("filler-tail", 1)):
        with open(disk / name, "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"\0" * block)
            except OSError:
                pass


def unmount_all() -> None:
    for at in MOUNTS:
        subprocess.run(["umount", "-l", str(at)], capture_output=True)
    MOUNTS.clear()


class Skip(Exception):
    """A case that cannot run here (it needs root, a mount): reported as skipped, with why."""


# ---------------------------------------------------------------------------------------------
# Builders of files in each format.

def zip_bytes(entries: list[tuple[str, bytes]], method=zipfile.ZIP_DEFLATED, level=9) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=method, compresslevel=level if method == zipfile.ZIP_DEFLATED else None) as z:
        for name, data in entries:
            z.writestr(name, data)
    return out.getvalue()


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"


def xlsx_parts(sheet_data: str, extra: list[tuple[str, bytes]] | None = None, with_sheet=True) -> list[tuple[str, bytes]]:
    parts = [
        ("[Content_Types].xml", f'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'.encode()),
        ("_rels/.rels", f'<?xml version="1.0"?><Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'.encode()),
        ("xl/workbook.xml", (f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets>' + ('<sheet name="S" sheetId="1" r:id="rId1"/>' if with_sheet else "") + "</sheets></workbook>").encode()),
        ("xl/_rels/workbook.xml.rels", f'<?xml version="1.0"?><Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'.encode()),
        ("xl/worksheets/sheet1.xml", f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><sheetData>{sheet_data}</sheetData></worksheet>'.encode()),
    ]
    return parts + (extra or [])


def col(i: int) -> str:
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


def sheet_rows(rows: list[list[str]]) -> str:
    out = []
    for r, row in enumerate(rows, 1):
        cells = "".join(
            f'<c r="{col(c)}{r}" t="inlineStr"><is><t>{v}</t></is></c>' for c, v in enumerate(row)
        )
        out.append(f'<row r="{r}">{cells}</row>')
    return "".join(out)


def answers_rows(answer=lambda i, k: k) -> list[list[str]]:
    return [["question_id", "answer"]] + [[f"q{i + 1}", answer(i, KEYS[i])] for i in range(QUESTIONS)]


def answers_csv(answer=lambda i, k: k, end="\n", header="question_id,answer") -> bytes:
    lines = [header] + [f"q{i + 1},{answer(i, KEYS[i])}" for i in range(QUESTIONS)]
    return (end.join(lines) + end).encode()


def exam_csv(rows: list[str] | None = None) -> bytes:
    head = "id,question,A,B,C,D,answer"
    body = rows if rows is not None else [
        f"q{i + 1},Which port does service {i + 1} use?,80,443,8080,22,{KEYS[i]}" for i in range(QUESTIONS)
    ]
    return ("\n".join([head] + body) + "\n").encode()


def docx(body_xml: str) -> bytes:
    doc = f'<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{body_xml}</w:body></w:document>'
    return zip_bytes([("word/document.xml", doc.encode())])


def pdf(content: bytes, filter_name: str | None = None, raw_stream: bytes | None = None) -> bytes:
    """A one-page PDF whose content stream is `content` (or `raw_stream` as stored)."""
    stream = raw_stream if raw_stream is not None else content
    filt = f" /Filter /{filter_name}" if filter_name else ""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream)}{filt} >>\nstream\n".encode() + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for i, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + obj + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def lzw_constant(byte: int, cycles: int) -> bytes:
    """PDF LZWDecode (early change, MSB first) of `byte` repeated through `cycles` full
    dictionaries (≈ 7.4 MB each): the code sequence is computed, not the input scanned."""
    bits, nbits = 0, 0
    out = bytearray()
    width = 9

    def emit(code: int) -> None:
        nonlocal bits, nbits
        bits = (bits << width) | code
        nbits += width
        while nbits >= 8:
            nbits -= 8
            out.append((bits >> nbits) & 0xFF)

    emit(256)
    for _ in range(cycles):
        # The run of length L has code 257 + L (L ≥ 2); the first is the byte itself. Each code
        # emitted defines the next run, one longer.
        next_code = 258
        emit(byte)
        while True:
            next_code += 1
            if next_code + 1 > (1 << width) and width < 12:
                width += 1
            if next_code >= 4095:
                emit(256)
                width = 9
                break
            emit(next_code - 1)
    emit(257)
    if nbits:
        out.append((bits << (8 - nbits)) & 0xFF)
    return bytes(out)


def write(path: Path, data: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def file_case(family: str, name: str, kind: str, filename: str, data: bytes | Callable[[], bytes], *, extra_args=(), **kw) -> Case:
    def make(d: Path) -> Path:
        return write(d / filename, data() if callable(data) else data)

    return Case(family, name, ["import", kind, "{file}", "-p", "{project}", *extra_args], make, **kw)


# ---------------------------------------------------------------------------------------------
# The runner.

def limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.setsid()


def run_plain(args: list[str]) -> str:
    done = subprocess.run([str(PROCTOR), *args], capture_output=True, text=True, env=ENV, timeout=60)
    if done.returncode != 0:
        raise AssertionError(f"proctor {' '.join(args)}: {done.stderr}")
    return done.stdout


def serve_address(server: subprocess.Popen) -> tuple[int, str]:
    """The port and token a started `proctor serve` prints (within 20 s)."""
    line = b""
    deadline = time.monotonic() + 20
    while b"token=" not in line and time.monotonic() < deadline:
        line += server.stdout.readline()
    found = re.search(rb"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
    assert found, f"proctor serve printed no address: {line!r}"
    return int(found.group(1)), found.group(2).decode()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def base_project(work: Path) -> Path:
    project = work / "base.proctor"
    run_plain(["init", str(project)])
    write(work / "exam.csv", exam_csv())
    run_plain(["import", "exam", str(work / "exam.csv"), "-p", str(project), "--exam", "base"])
    write(work / "base-answers.csv", answers_csv())
    run_plain(["import", "answers", str(work / "base-answers.csv"), "-p", str(project), "--system", "Base"])
    return project


@dataclass
class Result:
    case: Case
    ok: bool
    outcome: str
    seconds: float
    problem: str = ""


def run_case(index: int, case: Case, work: Path, base: Path) -> Result:
    folder = work / f"case{index:03d}"
    folder.mkdir()
    project = folder / "p.proctor"
    shutil.copy(base, project)
    try:
        target = case.make(folder)
        if case.prepare:
            case.prepare(project, folder)
    except Skip as why:
        return Result(case, True, "skipped", 0.0, str(why))
    except OSError as e:
        return Result(case, False, "setup", 0.0, f"could not build the case: {e}")
    before = digest(project)
    args = [a.replace("{project}", str(project)).replace("{file}", str(target)).replace("{dir}", str(folder)) for a in case.args]
    env = {**ENV, **{k: v.replace("{dir}", str(folder)) for k, v in case.env.items()}}
    env = {k: v for k, v in env.items() if v != ""}
    started = time.monotonic()
    try:
        done = subprocess.run([str(PROCTOR), *args], capture_output=True, env=env, timeout=TIME_LIMIT, preexec_fn=limits, cwd=folder if case.in_folder else None)
    except subprocess.TimeoutExpired:
        return Result(case, False, "hang", TIME_LIMIT, f"no answer within {TIME_LIMIT:.0f} s")
    seconds = time.monotonic() - started
    stderr = done.stderr.decode("utf-8", "replace")
    stdout = done.stdout.decode("utf-8", "replace")
    if done.returncode < 0:
        return Result(case, False, "crash", seconds, f"killed by signal {-done.returncode}: {stderr[-400:]}")
    if "panicked" in stderr or done.returncode not in (0, 1):
        return Result(case, False, "crash", seconds, f"exit {done.returncode}: {stderr[-400:]}")
    refused = done.returncode == 1
    outcome = "refused" if refused else "accepted"
    if case.expect != "either" and outcome != case.expect:
        return Result(case, False, outcome, seconds, f"expected {case.expect}: {stderr.strip()[:400] or stdout[:400]}")
    if refused:
        if digest(project) != before:
            return Result(case, False, outcome, seconds, "the project file changed although the import was refused")
        message = stderr.strip()
        if not message.startswith("error:"):
            return Result(case, False, outcome, seconds, f"no error message: {message[:300]}")
        if case.names_file and target.name not in message and str(target) not in message:
            shown = re.sub(r"[\x00-\x1f]", "?", target.name)
            if shown not in message and len(target.name) < 100:
                return Result(case, False, outcome, seconds, f"the message does not name the file: {message[:300]}")
        if case.line is not None and not re.search(rf":{case.line}(:|\b)", message):
            return Result(case, False, outcome, seconds, f"the message does not name line {case.line}: {message[:300]}")
        if case.field is not None and f":{case.field}:" not in message:
            return Result(case, False, outcome, seconds, f"the message does not name field {case.field}: {message[:300]}")
        for words in case.mentions:
            if words not in message:
                return Result(case, False, outcome, seconds, f"the message does not say '{words}': {message[:300]}")
        if case.check:
            try:
                case.check(project, stdout + stderr)
            except AssertionError as e:
                return Result(case, False, outcome, seconds, f"check failed: {e}")
    else:
        check = subprocess.run([str(PROCTOR), "check", "-p", str(project)], capture_output=True, text=True, env=ENV, timeout=60)
        if check.returncode != 0:
            return Result(case, False, outcome, seconds, f"the project is not sound after the import: {check.stderr}")
        if case.check:
            try:
                case.check(project, stdout)
            except AssertionError as e:
                return Result(case, False, outcome, seconds, f"check failed: {e}")
    return Result(case, True, outcome, seconds)
