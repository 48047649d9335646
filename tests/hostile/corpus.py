#!/usr/bin/env python3
"""The hostile-input corpus: files and requests a careless or malicious user could feed Proctor.

Every case is generated here (no hand-made binaries) into a scratch folder, then fed to the real
`proctor` binary under a memory limit (RLIMIT_AS) and a time limit. For each case the runner
asserts: no panic, abort or signal; no hang; a refusal names the file (and, where the case says
so, the line and field); a refused import leaves the project file byte-identical; an accepted
one leaves a sound project. Then `proctor serve` gets hostile requests (foreign Host, no token,
oversized and malformed bodies, hostile imports) and must answer each as {code, message} and keep
answering.

    python3 tests/hostile/corpus.py [--list] [--only FAMILY] [--keep]

Families and counts are printed at the end (tests/README.md lists them).
"""

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

from harness import (
    Case,
    Result,
    PROCTOR,
    ENV,
    QUESTIONS,
    KEYS,
    MEMORY_LIMIT,
    TIME_LIMIT,
    TARGET,
    zip_bytes,
    xlsx_parts,
    col,
    sheet_rows,
    answers_rows,
    answers_csv,
    exam_csv,
    docx,
    pdf,
    lzw_constant,
    write,
    file_case,
    limits,
    run_plain,
    digest,
    base_project,
    run_case,
    serve_address,
    MAIN,
    RELS,
    PKG,
    unmount_all,
)
import second

# ---------------------------------------------------------------------------------------------
# The cases, by family.

def cases() -> list[Case]:
    out: list[Case] = []

    # 1. Truncated and corrupt archives (DOCX, XLSX).
    good_docx = docx("<w:p><w:r><w:t>The relay listens on port 7400.</w:t></w:r></w:p>" * 50)
    good_xlsx = zip_bytes(xlsx_parts(sheet_rows(answers_rows())))
    for cut in (0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 0.99):
        n = max(1, int(len(good_docx) * cut))
        out.append(file_case("archives", f"docx truncated at {cut:.0%}", "documents", f"cut{int(cut * 100)}.docx", good_docx[:n]))
        n = max(1, int(len(good_xlsx) * cut))
        out.append(file_case("archives", f"xlsx truncated at {cut:.0%}", "answers", f"cut{int(cut * 100)}.xlsx", good_xlsx[:n]))

    def flipped(data: bytes, at: float) -> bytes:
        b = bytearray(data)
        i = int(len(b) * at)
        b[i] ^= 0xFF
        return bytes(b)

    for at in (0.1, 0.3, 0.5):
        out.append(file_case("archives", f"docx with a corrupt byte at {at:.0%}", "documents", f"flip{int(at * 100)}.docx", flipped(good_docx, at), expect="either"))
        out.append(file_case("archives", f"xlsx with a corrupt byte at {at:.0%}", "answers", f"flip{int(at * 100)}.xlsx", flipped(good_xlsx, at), expect="either"))
    out.append(file_case("archives", "docx that is plain text", "documents", "fake.docx", b"not a zip at all", mentions=["not a DOCX file"]))
    out.append(file_case("archives", "xlsx that is plain text", "answers", "fake.xlsx", b"PK\x03\x04 not really", mentions=["cannot open the spreadsheet"]))
    out.append(file_case("archives", "docx without word/document.xml", "documents", "empty.docx", zip_bytes([("other.xml", b"<x/>")]), mentions=["no word/document.xml"]))
    out.append(file_case("archives", "docx with malformed XML", "documents", "bad.docx", zip_bytes([("word/document.xml", b"<w:document><w:body><w:p><w:t>oops</w:body>")]), expect="either"))
    out.append(file_case("archives", "docx with an entity expansion (billion laughs)", "documents", "laughs.docx", zip_bytes([("word/document.xml", (b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><w:document><w:body><w:p><w:r><w:t>&d;&d;&d;&d;</w:t></w:r></w:p></w:body></w:document>'))]), expect="either"))
    out.append(file_case("archives", "zip with 20,000 entries", "documents", "many.docx", lambda: zip_bytes([("word/document.xml", b"<w:document/>")] + [(f"f{i}.xml", b"x") for i in range(20000)], method=zipfile.ZIP_STORED), mentions=["entries"]))
    out.append(file_case("archives", "zip entry named with ../ (path traversal)", "documents", "trav.docx", zip_bytes([("../../word/document.xml", b"<x/>"), ("word/document.xml", b'<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Text</w:t></w:r></w:p></w:body></w:document>')]), expect="either"))

    # 2. Zip bombs.
    def bomb_docx(size: int) -> Callable[[], bytes]:
        def make() -> bytes:
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
                with z.open("word/document.xml", "w", force_zip64=True) as f:
                    block = b" " * (1 << 20)
                    for _ in range(size >> 20):
                        f.write(block)
            return out.getvalue()
        return make

    out.append(file_case("zip bombs", "docx unpacking to 64 MB", "documents", "bomb.docx", bomb_docx(64 << 20), mentions=["unpacks to more than 16 MB"]))
    out.append(file_case("zip bombs", "docx unpacking to 600 MB under the default limit", "documents", "bomb600.docx", bomb_docx(600 << 20), mentions=["unpacks to more than 512 MB"], env={"PROCTOR_MAX_UNPACKED_MB": ""}))
    out.append(file_case("zip bombs", "xlsx whose sheet unpacks to 40 MB", "answers", "bomb.xlsx", lambda: zip_bytes(xlsx_parts(sheet_rows(answers_rows()) + " " * (40 << 20))), mentions=["unpacks to more than 16 MB"]))
    out.append(file_case("zip bombs", "xlsx whose shared strings unpack to 40 MB", "answers", "sst.xlsx", lambda: zip_bytes(xlsx_parts(sheet_rows(answers_rows()), [("xl/sharedStrings.xml", b'<sst xmlns="' + MAIN.encode() + b'"><si><t>' + b"x" * (40 << 20) + b"</t></si></sst>")])), mentions=["unpacks to more than 16 MB"]))
    out.append(file_case("zip bombs", "xlsx with a zip64 size lie", "answers", "lie.xlsx", lambda: bytes(good_xlsx).replace(b"PK\x01\x02", b"PK\x01\x02", 1), expect="accepted"))

    # 3. Spreadsheets' own traps.
    far = '<row r="1"><c r="A1" t="inlineStr"><is><t>question_id</t></is></c><c r="B1" t="inlineStr"><is><t>answer</t></is></c></row>' + "".join(f'<row r="{i + 2}"><c r="A{i + 2}" t="inlineStr"><is><t>q{i + 1}</t></is></c><c r="B{i + 2}" t="inlineStr"><is><t>{KEYS[i]}</t></is></c></row>' for i in range(QUESTIONS))
    out.append(file_case("spreadsheets", "a stray cell at XFD1048576", "answers", "far.xlsx", zip_bytes(xlsx_parts(far + '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>')), expect="accepted"))
    out.append(file_case("spreadsheets", "a header reaching column XFD", "answers", "wide.xlsx", zip_bytes(xlsx_parts('<row r="1"><c r="A1" t="inlineStr"><is><t>question_id</t></is></c><c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>q1</t></is></c></row>')), mentions=["16384 columns"], line=1))
    out.append(file_case("spreadsheets", "a dimension claiming A1:XFD1048576", "answers", "dim.xlsx", zip_bytes([(n, d.replace(b"<sheetData>", b'<dimension ref="A1:XFD1048576"/><sheetData>')) for n, d in xlsx_parts(sheet_rows(answers_rows()))]), expect="accepted"))
    out.append(file_case("spreadsheets", "formula-looking cells (=HYPERLINK)", "answers", "formula.xlsx", zip_bytes(xlsx_parts(sheet_rows(answers_rows(lambda i, k: '=HYPERLINK("http://evil.example","A")' if i == 0 else k)))), expect="accepted"))
    out.append(file_case("spreadsheets", "a workbook without sheets", "answers", "nosheet.xlsx", zip_bytes(xlsx_parts("", with_sheet=False)), mentions=["no sheets"]))
    out.append(file_case("spreadsheets", "an empty sheet", "answers", "empty.xlsx", zip_bytes(xlsx_parts("")), mentions=["empty"]))
    out.append(file_case("spreadsheets", "a legacy .xls", "answers", "old.xls", b"\xd0\xcf\x11\xe0 legacy", mentions=["save this one as .xlsx"]))
    out.append(file_case("spreadsheets", "an .ods", "answers", "calc.ods", zip_bytes([("content.xml", b"<x/>")]), mentions=["save this one as .xlsx"]))
    out.append(file_case("spreadsheets", "duplicate header names", "answers", "dup.xlsx", zip_bytes(xlsx_parts(sheet_rows([["id", "ID"], ["q1", "A"]]))), line=1, field="ID"))
    out.append(file_case("spreadsheets", "an exam with an out-of-range key", "exam", "bad-key.xlsx", zip_bytes(xlsx_parts(sheet_rows([["id", "question", "A", "B", "answer"], ["q1", "Which one is it?", "x", "y", "E"]]))), line=2, field="answer", extra_args=["--exam", "sheet"]))

    # 4. PDFs.
    good_pdf = pdf(b"BT /F1 12 Tf 72 712 Td (The relay listens on port 7400.) Tj ET")
    out.append(file_case("pdf", "a valid one-page PDF", "documents", "ok.pdf", good_pdf, expect="accepted"))
    for cut in (0.1, 0.5, 0.9):
        out.append(file_case("pdf", f"a PDF truncated at {cut:.0%}", "documents", f"cut{int(cut * 100)}.pdf", good_pdf[: int(len(good_pdf) * cut)], expect="either"))
    out.append(file_case("pdf", "garbage after a PDF header", "documents", "garbage.pdf", b"%PDF-1.7\n" + bytes(range(256)) * 40))
    out.append(file_case("pdf", "a content stream that inflates to 64 MB", "documents", "flate.pdf", lambda: pdf(b"", "FlateDecode", zlib.compress(b" " * (64 << 20), 9)), mentions=["unpacks to more than 16 MB"]))
    out.append(file_case("pdf", "an LZW stream that unpacks to 22 MB", "documents", "lzw.pdf", lambda: pdf(b"", "LZWDecode", lzw_constant(ord("a"), 3)), mentions=["unpacks to more than 16 MB"]))
    out.append(file_case("pdf", "arrays nested 100,000 deep", "documents", "deep.pdf", pdf(b"BT (x) Tj ET").replace(b"/MediaBox [0 0 612 792]", b"/MediaBox " + b"[" * 100000 + b"]" * 100000), expect="either"))
    out.append(file_case("pdf", "dictionaries nested 100,000 deep", "documents", "deepdict.pdf", pdf(b"BT (x) Tj ET").replace(b"/Resources <<", b"/Deep " + b"<< /A " * 100000 + b">> " * 100000 + b"/Resources <<"), expect="either"))
    out.append(file_case("pdf", "a PDF without text", "documents", "blank.pdf", pdf(b""), mentions=["no extractable text"]))
    out.append(file_case("pdf", "an empty file named .pdf", "documents", "zero.pdf", b"", expect="refused"))

    # 5. Encodings, BOMs and NUL bytes.
    base = answers_csv()
    out.append(file_case("encodings", "UTF-8 with BOM", "answers", "bom8.csv", b"\xef\xbb\xbf" + base, expect="accepted"))
    out.append(file_case("encodings", "UTF-16 LE with BOM", "answers", "bom16le.csv", b"\xff\xfe" + base.decode().encode("utf-16-le"), expect="accepted"))
    out.append(file_case("encodings", "UTF-16 BE with BOM", "answers", "bom16be.csv", b"\xfe\xff" + base.decode().encode("utf-16-be"), expect="accepted"))
    out.append(file_case("encodings", "UTF-16 LE without BOM", "answers", "nobom16.csv", base.decode().encode("utf-16-le"), expect="either"))
    out.append(file_case("encodings", "Latin-1 byte on line 4", "answers", "latin1.csv", answers_csv(lambda i, k: "caf\xe9" if i == 2 else k).decode().encode("latin-1"), line=4, mentions=["not UTF-8"]))
    out.append(file_case("encodings", "Windows-1252 quotes on line 2", "exam", "cp1252.csv", exam_csv([f"q1,\x93Which\x94 port?,80,443,8080,22,A"]).decode("latin-1").encode("latin-1").replace(b"\xc2", b""), line=2, extra_args=["--exam", "cp"]))
    out.append(file_case("encodings", "an overlong UTF-8 sequence", "answers", "overlong.csv", base.replace(b"q3,", b"q3\xc0\xaf,"), line=4, mentions=["not UTF-8"]))
    out.append(file_case("encodings", "a lone UTF-16 surrogate", "answers", "surrogate.csv", b"\xff\xfe" + base.decode().encode("utf-16-le") + b"\x00\xd8", mentions=["invalid characters"]))
    out.append(file_case("encodings", "mixed UTF-8 and Latin-1", "answers", "mixed.csv", base.replace(b"q9,", "q9é,".encode()).replace(b"q2,", b"q2\xe9,"), line=3))
    out.append(file_case("encodings", "NUL bytes inside a cell", "answers", "nul.csv", answers_csv(lambda i, k: k + "\x00\x00" if i == 1 else k), expect="either"))
    out.append(file_case("encodings", "NUL bytes throughout", "documents", "nul.txt", b"\x00" * 4096, expect="either"))
    out.append(file_case("encodings", "a BOM in the middle", "answers", "midbom.csv", base.replace(b"q5,", b"\xef\xbb\xbfq5,"), expect="either"))
    out.append(file_case("encodings", "JSON with a BOM", "answers", "bom.json", b"\xef\xbb\xbf" + json.dumps({f"q{i + 1}": KEYS[i] for i in range(QUESTIONS)}).encode(), expect="accepted"))
    out.append(file_case("encodings", "UTF-32", "answers", "u32.csv", base.decode().encode("utf-32"), expect="refused"))
    out.append(file_case("encodings", "invalid UTF-8 in a document", "documents", "bad.md", b"# Title\n\nBody \xff\xfe text\n", line=3))

    # 6. Line endings.
    bad_row = lambda i, k: k  # noqa: E731
    def broken(end: str, bad_line: int) -> bytes:
        lines = ["question_id,answer"] + [f"q{i + 1},{KEYS[i]}" for i in range(QUESTIONS)]
        lines[bad_line - 1] = "q-broken"
        return (end.join(lines) + end).encode()
    for end, label in (("\n", "LF"), ("\r\n", "CRLF"), ("\r", "CR")):
        for bad_line in (3, 8):
            out.append(file_case("line endings", f"{label}, a short row on line {bad_line}", "answers", f"{label}{bad_line}.csv", broken(end, bad_line), line=bad_line))
    mixed = b"question_id,answer\r\nq1,A\nq2,B\rq3,C\r\nq4\nq5,A\n"
    out.append(file_case("line endings", "CR, LF and CRLF mixed, short row on line 5", "answers", "mixed-ends.csv", mixed, line=5))
    out.append(file_case("line endings", "JSONL with CRLF, bad line 3", "answers", "crlf.jsonl", b'{"id":"q1","answer":"A"}\r\n{"id":"q2","answer":"B"}\r\n{"id" "q3"}\r\n', line=3))
    out.append(file_case("line endings", "JSONL with CR only, bad line 3", "answers", "cr.jsonl", b'{"id":"q1","answer":"A"}\r{"id":"q2","answer":"B"}\r{"id" "q3"}\r', line=3))
    out.append(file_case("line endings", "JSON with CR only, error on line 4", "exam", "cr.json", b'[\r{"id": "q1",\r"question": "Which one?",\r"choices": ["a" "b"]}]', line=4, extra_args=["--exam", "cr"]))
    out.append(file_case("line endings", "a quoted cell with CRLF inside", "exam", "quoted-crlf.csv", b'id,question,A,B,answer\r\nq1,"Which\r\nline?",x,y,A\r\nq2,Second question here?,x,y,E\r\n', line=4, field="answer", extra_args=["--exam", "ql"]))

    # 7. CSV structure.
    out.append(file_case("csv", "an unclosed quote (defect 3)", "answers", "unclosed.csv", b'question_id,answer\nq1,A\nq2,"B\nq3,C\nq4,D\n', line=3, field="answer", mentions=["never closed"]))
    out.append(file_case("csv", "text after a closing quote", "answers", "afterquote.csv", b'question_id,answer\nq1,"A"x\nq2,B\n', line=2, field="answer"))
    out.append(file_case("csv", "a quote closing lines later with text after it", "answers", "latequote.csv", b'question_id,answer\nq1,"A\nq2,B\nq3,"C"\n', line=2))
    out.append(file_case("csv", "a row with an extra field", "answers", "extra.csv", b"question_id,answer\nq1,A\nq2,B,C\n", line=3))
    out.append(file_case("csv", "duplicate header", "answers", "duphead.csv", b"question_id,Question_ID\nq1,A\n", line=1, field="Question_ID"))
    out.append(file_case("csv", "a blank header name", "answers", "blankhead.csv", b"question_id,,answer\nq1,x,A\n", line=1))
    out.append(file_case("csv", "a header but no rows", "answers", "header.csv", b"question_id,answer\n", mentions=["no rows"]))
    out.append(file_case("csv", "an empty file", "answers", "empty.csv", b"", mentions=["empty"]))
    out.append(file_case("csv", "only white space", "answers", "blank.csv", b"  \n\n\t\n", mentions=["empty"]))
    out.append(file_case("csv", "no answer column", "answers", "nocol.csv", b"question_id,reply_text_x\nq1,A\n", line=1, mentions=["no answer column"]))
    out.append(file_case("csv", "a question answered twice", "answers", "twice.csv", b"question_id,answer\nq1,A\nq2,B\nq1,C\n", line=4, mentions=["answered twice", "line 2"]))
    out.append(file_case("csv", "an unknown question id", "answers", "unknown.csv", b"question_id,answer\nq1,A\nq99,B\n", mentions=["q99"]))
    out.append(file_case("csv", "a 2 MB cell", "answers", "hugecell.csv", lambda: b"question_id,answer\nq1," + b"A" * (2 << 20) + b"\n", expect="either"))
    out.append(file_case("csv", "a 4 MB line of separators", "answers", "commas.csv", lambda: b"question_id,answer\nq1" + b"," * (4 << 20) + b"\n", line=2))
    out.append(file_case("csv", "10,000 columns", "answers", "wide.csv", lambda: (",".join(f"c{i}" for i in range(10000)) + "\n" + ",".join("x" for _ in range(10000)) + "\n").encode(), line=1, mentions=["10000 columns"]))
    out.append(file_case("csv", "200,000 rows", "answers", "long.csv", lambda: b"question_id,answer\n" + b"".join(f"x{i},A\n".encode() for i in range(200_000)), expect="refused", mentions=["x0"]))
    out.append(file_case("csv", "formula-looking answers", "answers", "formulas.csv", answers_csv(lambda i, k: ["=1+1", "+cmd", "-2", "@SUM(A1)", '"=HYPERLINK(""http://x"")"'][i % 5] if i < 5 else k), expect="accepted"))
    out.append(file_case("csv", "an exam with duplicate question ids", "exam", "dupids.csv", exam_csv(["q1,Which one is first?,a,b,c,d,A", "q1,Which one is second?,a,b,c,d,B"]), line=3, mentions=["used twice"], extra_args=["--exam", "dups"]))
    out.append(file_case("csv", "an exam with one choice", "exam", "onechoice.csv", b"id,question,A,answer\nq1,Which one?,a,A\n", line=2, extra_args=["--exam", "one"]))
    out.append(file_case("csv", "an exam with duplicate choices", "exam", "dupchoice.csv", exam_csv(["q1,Which one?,same,Same ,c,d,A"]), line=2, extra_args=["--exam", "dupc"]))
    out.append(file_case("csv", "an exam key outside the choices", "exam", "badkey.csv", exam_csv(["q1,Which one?,a,b,c,d,Z"]), line=2, field="answer", extra_args=["--exam", "badkey"]))
    out.append(file_case("csv", "a 1 MB question stem", "exam", "hugestem.csv", lambda: exam_csv(["q1,Which " + "word " * (200_000) + "?,a,b,c,d,A"]), expect="either", extra_args=["--exam", "stem"]))
    out.append(file_case("csv", "a negative latency", "answers", "latency.csv", b"question_id,answer,latency_ms\nq1,A,-5\n", line=2, field="latency_ms"))
    out.append(file_case("csv", "an infinite latency", "answers", "inf.csv", b"question_id,answer,latency_ms\nq1,A,1e999\n", line=2, field="latency_ms"))
    out.append(file_case("csv", "a NaN latency", "answers", "nan.csv", b"question_id,answer,latency_ms\nq1,A,NaN\n", line=2, field="latency_ms"))
    out.append(file_case("csv", "a TSV with a CSV inside", "answers", "mixed.tsv", b"question_id\tanswer\nq1,A\n", line=2))

    # 8. JSON.
    def deep(n: int) -> bytes:
        return b"[" * n + b"]" * n
    out.append(file_case("json", "arrays nested 100,000 deep", "answers", "deep.json", deep(100000), mentions=["recursion limit"]))
    out.append(file_case("json", "objects nested 10,000 deep", "exam", "deepobj.json", b'{"a":' * 10000 + b"1" + b"}" * 10000, mentions=["recursion limit"], extra_args=["--exam", "deep"]))
    out.append(file_case("json", "the same question answered twice in a map (defect 7)", "answers", "dup.json", b'{\n"q1": "A",\n"q2": "B",\n"q1": "C"\n}', line=4, field="q1", mentions=["first at line 2"]))
    out.append(file_case("json", "a duplicate key in a record", "answers", "duprec.json", b'[\n{"id": "q1",\n "answer": "A",\n "answer": "B"}\n]', line=4, field="answer"))
    out.append(file_case("json", "duplicate keys with escapes", "answers", "escape.json", b'{"q1": "A", "q\\u0031": "B"}', field="q1"))
    out.append(file_case("json", "a top-level number", "answers", "number.json", b"42", expect="refused"))
    out.append(file_case("json", "an array of numbers", "exam", "numbers.json", b"[1, 2, 3]", mentions=["expected an object"], extra_args=["--exam", "nums"]))
    out.append(file_case("json", "NaN as a value", "answers", "nan.json", b'{"q1": NaN}', line=1))
    out.append(file_case("json", "a number too large for f64", "exam", "big.json", b'[{"id": 1e999, "question": "Which?", "choices": ["a","b"], "answer": "A"}]', line=1, extra_args=["--exam", "big"]))
    out.append(file_case("json", "trailing garbage", "answers", "trailing.json", b'{"q1": "A"} x', line=1))
    out.append(file_case("json", "a truncated document", "answers", "trunc.json", b'{"q1": "A", "q2": "B', line=1))
    out.append(file_case("json", "an empty object", "answers", "emptyobj.json", b"{}", expect="refused"))
    out.append(file_case("json", "a 2 MB string", "answers", "bigstr.json", lambda: b'{"q1": "' + b"A" * (2 << 20) + b'"}', expect="either"))
    out.append(file_case("json", "JSONL with blank lines and a bad line 5", "answers", "blank.jsonl", b'{"id":"q1","answer":"A"}\n\n\n{"id":"q2","answer":"B"}\n[1,2]\n', line=5))
    out.append(file_case("json", "JSONL with a duplicate key on line 2", "answers", "dupkey.jsonl", b'{"id":"q1","answer":"A"}\n{"id":"q2","answer":"B","answer":"C"}\n', line=2, field="answer"))
    out.append(file_case("json", "auto-rag-eval with a bad key", "exam", "exam.json", b'[{"question": "Which port is used?", "documentation": "d", "choices": ["A) 80", "B) 443"], "correct_answer": "C"}]', expect="refused", extra_args=["--exam", "are"]))
    out.append(file_case("json", "a record that is a string", "articles", "strrec.json", b'["just text"]', mentions=["expected an object"]))
    out.append(file_case("json", "two articles for one query", "articles", "dupq.json", b'{"query 1": "a", "query 1": "b"}', field="query 1"))

    # 9. HTML and Markdown that could make text steps slow.
    out.append(file_case("text", "2 MB of '&' (defect 6)", "documents", "amps.html", lambda: b"<p>" + b"&" * (2 << 20) + b"</p>", expect="accepted"))
    out.append(file_case("text", "1 MB of unterminated '&amp'", "documents", "amp.html", lambda: b"&amp" * (1 << 18), expect="accepted"))
    out.append(file_case("text", "2 MB of '<' without '>'", "documents", "lt.html", lambda: b"text " + b"<" * (2 << 20), expect="either"))
    out.append(file_case("text", "a million unclosed tags", "documents", "tags.html", lambda: b"<b>x" * (1 << 20), expect="accepted"))
    out.append(file_case("text", "a script that never closes", "documents", "script.html", b"<p>Visible</p><script>" + b"x" * 100000, expect="accepted"))
    out.append(file_case("text", "an HTML comment that never closes", "documents", "comment.html", b"<p>Visible</p><!-- " + b"-" * 100000, expect="accepted"))
    out.append(file_case("text", "500,000 '[' in Markdown", "documents", "brackets.md", lambda: b"[" * 500000 + b"](x)", expect="accepted"))
    out.append(file_case("text", "Markdown links that never close", "documents", "links.md", lambda: b"[a](" * 300000, expect="accepted"))
    out.append(file_case("text", "a 10 MB single line", "documents", "line.txt", lambda: b"word " * (2 << 20), expect="accepted"))
    out.append(file_case("text", "a 10 MB document of sentences", "documents", "sentences.txt", lambda: b"The relay listens on port 7400. " * (320000), expect="accepted"))
    out.append(file_case("text", "a file of control characters", "documents", "ctrl.txt", bytes(range(1, 32)) * 1000, expect="either"))
    out.append(file_case("text", "bidi overrides in a document", "documents", "bidi.txt", "Pay \u202e0001\u202c now.".encode(), expect="accepted"))

    # 10. Names that disguise themselves (defect 8) and other semantic traps.
    def no_bidi(project: Path, _out: str) -> None:
        grades = json.loads(run_plain(["grade", "-p", str(project), "--json"]))
        names = [s["system"] for s in grades["leaderboard"]]
        assert all("\u202e" not in n and "\u2066" not in n for n in names), names
        assert "AtlasGAR" in names, names
    out.append(file_case("names", "a system name with U+202E", "answers", "atlas.csv", answers_csv(), extra_args=["--system", "Atlas\u202eGAR"], expect="accepted", check=no_bidi))
    out.append(file_case("names", "a system name of invisible characters only", "answers", "invisible.csv", answers_csv(), extra_args=["--system", "\u202e\u2066\u200b"], mentions=["empty once invisible characters are removed"], names_file=False))
    out.append(file_case("names", "question ids with bidi and zero-width characters", "answers", "ids.csv", answers_csv().replace(b"q1,", "q\u200b1,".encode()).replace(b"q2,", "\u2066q2\u2069,".encode()), expect="accepted"))
    out.append(file_case("names", "ids that become equal once cleaned", "answers", "clash.csv", b"question_id,answer\nq1,A\n" + "q\u200b1,B\n".encode(), line=3, mentions=["answered twice"]))
    out.append(file_case("names", "an exam name with a line break", "exam", "nl.csv", exam_csv(), extra_args=["--exam", "two\nlines"], expect="accepted"))
    out.append(file_case("names", "a factor level with control characters", "answers", "factor.csv", answers_csv(), extra_args=["--system", "F", "--factor", "llm=gpt\x1b[31m"], expect="accepted"))
    out.append(file_case("names", "a file name with control characters", "answers", "ans\x1b[31m.csv", answers_csv(), expect="accepted"))
    out.append(file_case("names", "a file name with a line break", "answers", "two\nlines.csv", answers_csv(), expect="accepted"))
    out.append(file_case("names", "a 4,000-character file name", "answers", "x" * 200 + ".csv", answers_csv(), expect="accepted"))
    out.append(file_case("names", "an answer file for an exam that does not exist", "answers", "noexam.csv", answers_csv(), extra_args=["--exam", "nope"], mentions=["nope"], names_file=False))
    out.append(file_case("names", "a second import for the same system", "answers", "base.csv", answers_csv(), extra_args=["--system", "Base"], mentions=["Base"], names_file=False))

    # 11. Other importers: articles, reader outcomes, leaderboards, TREC files.
    out.append(file_case("other importers", "articles with an empty query", "articles", "arts.csv", b"query,text\n,hello\n", line=2))
    out.append(file_case("other importers", "articles with an unclosed quote", "articles", "arts2.csv", b'query,text\nq1,"open\nq2,x\n', line=2))
    out.append(file_case("other importers", "gold articles as a JSON map with a non-string", "gold-articles", "gold.json", b'{"q1": 5}', expect="refused"))
    out.append(file_case("other importers", "nuggets with an unknown importance", "nuggets", "nuggets.txt", b"q1 1 vital Fact one\nq1 2 maybe Fact two\n", line=2, field="importance"))
    out.append(file_case("other importers", "nuggets with a line of three parts", "nuggets", "nuggets2.txt", b"q1 1 vital Fact\nq1 2 okay\n", line=2))
    out.append(file_case("other importers", "nuggets with the same id twice", "nuggets", "nuggets.csv", b"query,nugget,importance,text\nq1,1,vital,A\nq1,1,okay,B\n", line=3, field="nugget"))
    out.append(file_case("other importers", "nuggets in binary garbage", "nuggets", "nuggets.bin", bytes(range(256)) * 4, expect="refused"))
    out.append(file_case("other importers", "nuggets with control characters and bidi in a query", "nuggets", "nuggets3.txt", "q\u202e1 1 vital A fact\x1b[31m here\n".encode(), expect="accepted"))
    out.append(file_case("other importers", "formulations with a score above 1", "formulations", "forms.csv", b"sample,formulation,question,score\ns1,Original,Q,0\ns1,Human,Q,7\n", line=3, field="score"))
    out.append(file_case("other importers", "formulations missing one of a sample's", "formulations", "forms2.csv", b"sample,formulation,question,score\ns1,Original,Q,0\ns1,Human,Q,1\ns2,Human,Q,1\n", line=4, field="formulation"))
    out.append(file_case("other importers", "formulations with a NaN score", "formulations", "forms3.csv", b"sample,formulation,question,score\ns1,Original,Q,NaN\ns1,Human,Q,1\n", line=2, field="score"))
    out.append(file_case("other importers", "formulations with answers as a broken JSON list", "formulations", "forms4.jsonl", b'{"sample":"s1","formulation":"Original","question":"Q","score":1,"answers":"[\\"a"}\n{"sample":"s1","formulation":"Human","question":"Q","score":0,"answers":["a"]}\n', expect="accepted"))
    out.append(file_case("other importers", "reader outcomes with a duplicate", "reader-outcomes", "outcomes.csv", b"question_id,answer\nq1,A\nq1,A\n", line=3, extra_args=["--system", "Writer"]))
    def correlate(name: str, data: bytes, **kw) -> Case:
        return Case("other importers", name, ["correlate", "-p", "{project}", "--with", "{file}"], lambda d: write(d / "board.csv", data), **kw)
    out.append(correlate("a leaderboard with a NaN score", b"system,score\nBase,NaN\n", line=2, field="score"))
    out.append(correlate("a leaderboard listing a system twice", b"system,score\nBase,0.5\nBase,0.6\n", line=3))
    out.append(correlate("a leaderboard with a negative standard error", b"system,score,standard_error\nBase,0.5,-1\n", line=2))
    out.append(correlate("a leaderboard with an inf score", b"system,score\nBase,inf\n", line=2))
    def trec(name: str, qrels: bytes, run: bytes, **kw) -> Case:
        def make(d: Path) -> Path:
            write(d / "q.txt", qrels)
            return write(d / "Base.run", run)
        return Case("other importers", name, ["correlate", "-p", "{project}", "--qrels", "{dir}/q.txt", "--run", "{file}"], make, **kw)
    out.append(trec("qrels with three fields", b"1 0 d1\n", b"1 Q0 d1 1 1.0 Base\n", mentions=["q.txt:1"], names_file=False))
    out.append(trec("a run line with a text score", b"1 0 d1 1\n", b"1 Q0 d1 1 high Base\n", line=1))
    out.append(trec("a run line with a NaN score", b"1 0 d1 1\n", b"1 Q0 d1 1 NaN Base\n", line=1))
    out.append(trec("qrels with a grade of 1e999", b"1 0 d1 1e999\n", b"1 Q0 d1 1 1.0 Base\n", names_file=False, expect="refused"))
    out.append(trec("a 200,000-line run", b"1 0 d1 1\n", b"".join(f"1 Q0 d{i} {i} {1.0 / (i + 1)} Base\n".encode() for i in range(200000)), expect="either", names_file=False))

    # 12. Paths: folders with links, devices, unreadable files.
    def folder(build: Callable[[Path], None]) -> Callable[[Path], Path]:
        def make(d: Path) -> Path:
            root = d / "corpus"
            (root / "Topic").mkdir(parents=True)
            write(root / "Topic" / "a.txt", b"The relay listens on port 7400.")
            build(root)
            return root
        return make
    def path_case(name: str, make: Callable[[Path], Path], **kw) -> Case:
        return Case("folders and paths", name, ["import", "documents", "{file}", "-p", "{project}"], make, **kw)
    path_case_list = [
        ("a symlink loop (defect 2)", folder(lambda r: os.symlink(r, r / "Topic" / "loop")), {"expect": "accepted"}),
        ("a link to the folder's parent", folder(lambda r: os.symlink(r.parent, r / "up")), {"expect": "accepted"}),
        ("a link to a file outside", folder(lambda r: (write(r.parent / "secret.txt", b"secret"), os.symlink(r.parent / "secret.txt", r / "Topic" / "s.txt"))), {"expect": "accepted", "check": lambda p, o: None}),
        ("a dangling link", folder(lambda r: os.symlink(r / "nowhere", r / "Topic" / "gone.txt")), {"expect": "accepted"}),
        ("a named pipe", folder(lambda r: os.mkfifo(r / "Topic" / "pipe.txt")), {"expect": "accepted"}),
        ("a link to /dev/zero", folder(lambda r: os.symlink("/dev/zero", r / "Topic" / "zero.txt")), {"expect": "accepted"}),
        ("a file without read permission", folder(lambda r: (write(r / "Topic" / "locked.txt", b"locked"), os.chmod(r / "Topic" / "locked.txt", 0))), {"expect": "either"}),
        ("a folder without permission", folder(lambda r: ((r / "Closed").mkdir(), write(r / "Closed" / "x.txt", b"x"), os.chmod(r / "Closed", 0))), {"expect": "either"}),
        ("200 nested folders", folder(lambda r: write(r.joinpath(*["d"] * 200) / "deep.txt", b"Deep text.")), {"expect": "accepted"}),
        ("file names with control characters", folder(lambda r: write(r / "Topic" / "bell\x07\x1b[2J.txt", b"Bell.")), {"expect": "accepted"}),
        ("a folder with no documents", lambda d: (d / "nothing").mkdir() or (d / "nothing"), {"mentions": ["holds no documents"]}),
        ("a path that does not exist", lambda d: d / "missing.txt", {"mentions": ["missing.txt"]}),
        ("/dev/zero itself", lambda d: Path("/dev/zero"), {"mentions": ["not a regular file"]}),
        ("a named pipe given directly", lambda d: (os.mkfifo(d / "fifo.txt"), d / "fifo.txt")[1], {"mentions": ["not a regular file"]}),
    ]
    for name, make, kw in path_case_list:
        out.append(path_case(name, make, **kw))
    out.append(Case("folders and paths", "a folder given as an exam", ["import", "exam", "{file}", "-p", "{project}"], lambda d: (d / "adir").mkdir() or (d / "adir"), mentions=["not a regular file"]))

    return out


# ---------------------------------------------------------------------------------------------
# `proctor serve` under hostile requests.

def serve_cases(work: Path) -> list[Result]:
    data = work / "serve-data"
    data.mkdir()
    server = subprocess.Popen([str(PROCTOR), "serve", "--port", "0", "--data-dir", str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, preexec_fn=limits)
    results: list[Result] = []
    try:
        port, token = serve_address(server)
        host = f"127.0.0.1:{port}"

        def raw(request: bytes, timeout: float = 3) -> tuple[int, bytes]:
            with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
                try:
                    s.sendall(request)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                chunks = b""
                try:
                    while True:
                        chunk = s.recv(65536)
                        if not chunk:
                            break
                        chunks += chunk
                except (ConnectionResetError, socket.timeout):
                    pass
            status = int(chunks[9:12]) if chunks[:5] == b"HTTP/" else 0
            return status, chunks.split(b"\r\n\r\n", 1)[-1]

        def req(method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> bytes:
            h = {"Host": host, "Authorization": f"Bearer {token}", "Content-Type": "application/json", "Content-Length": str(len(body)), "Connection": "close"}
            h.update(headers or {})
            head = "".join(f"{k}: {v}\r\n" for k, v in h.items() if v is not None)
            return f"{method} {path} HTTP/1.1\r\n{head}\r\n".encode() + body

        def expect(name: str, request: bytes, status: int | tuple[int, ...], code: str | None) -> None:
            started = time.monotonic()
            got, body = raw(request)
            statuses = status if isinstance(status, tuple) else (status,)
            problem = ""
            if got not in statuses:
                problem = f"status {got}, expected {statuses}: {body[:200]!r}"
            elif code is not None:
                text = body
                if b"{" in text:
                    text = text[text.find(b"{"): text.rfind(b"}") + 1]
                try:
                    parsed = json.loads(text)
                    if parsed.get("code") != code or not parsed.get("message"):
                        problem = f"answered {parsed}, expected code {code} with a message"
                except ValueError:
                    problem = f"not {{code, message}}: {body[:200]!r}"
            case = Case("serve", name, [], lambda d: d)
            results.append(Result(case, not problem, "refused" if got >= 400 else "accepted", time.monotonic() - started, problem))

        expect("a foreign Host header (DNS rebinding)", req("GET", "/api/summary", headers={"Host": f"evil.example:{port}"}), 403, "forbidden")
        expect("no Host header", req("GET", "/api/summary", headers={"Host": None}), (400, 403), None)
        expect("Host localhost:PORT is this server", req("POST", "/api/summary", headers={"Host": f"localhost:{port}"}), 409, "no_project")
        expect("no token", req("GET", "/api/summary", headers={"Authorization": None}), 401, "unauthorized")
        expect("a wrong token", req("GET", "/api/summary", headers={"Authorization": "Bearer 0000"}), 401, "unauthorized")
        expect("a token in another scheme", req("GET", "/api/summary", headers={"Authorization": f"Basic {token}"}), 401, "unauthorized")
        expect("an Origin of another site", req("POST", "/api/open_sample", headers={"Origin": "https://evil.example"}), 403, "forbidden")
        expect("Sec-Fetch-Site: cross-site", req("GET", "/api/summary", headers={"Sec-Fetch-Site": "cross-site"}), 403, "forbidden")
        expect("a 3 MB body", req("POST", "/api/compare", b" " * (3 << 20)), 413, "invalid_input")
        expect("a 100 MB Content-Length announced", req("POST", "/api/compare", b"{", headers={"Content-Length": str(100 << 20)}), (408, 413, 400, 0), None)
        expect("malformed JSON", req("POST", "/api/compare", b'{"first": '), 400, "invalid_input")
        expect("JSON of the wrong shape", req("POST", "/api/compare", b"[1, 2, 3]"), (400, 422), "invalid_input")
        expect("JSON nested 100,000 deep", req("POST", "/api/compare", b"[" * 100000 + b"]" * 100000), (400, 422), "invalid_input")
        expect("a wrong content type", req("POST", "/api/compare", b'{"exam": null, "first": "a", "second": "b"}', headers={"Content-Type": "text/plain"}), (400, 415), "invalid_input")
        expect("an unknown use case", req("POST", "/api/nothing_here"), 404, "not_found")
        expect("an unknown route", req("GET", "/api/no/such/route"), 404, "not_found")
        expect("a wrong method", req("DELETE", "/api/summary"), 405, "invalid_input")
        expect("a job that does not exist", req("POST", "/api/job", b'{"id": 4294967295}'), 404, "not_found")
        expect("a job id that is not a number", req("POST", "/api/job", b'{"id": "abc"}'), 400, "invalid_input")
        # With no project open an upload lands in the workbench's own folder (the IRT workbench
        # reads a file without a project): a name with folders in it keeps only its last part.
        got, body = raw(req("PUT", "/api/upload/..%2F..%2Fetc", b"x"))
        kept = ""
        if got == 200 and b"{" in body:
            kept = json.loads(body[body.find(b"{"): body.rfind(b"}") + 1]).get("path", "")
        inside = got in (400, 409) or (got == 200 and Path(kept).resolve().is_relative_to((data / "uploads").resolve()))
        results.append(Result(Case("serve", "an upload with a folder for a name", [], lambda d: d), inside, str(got), 0.0,
                              "" if inside else f"kept at {kept!r}, outside the uploads folder"))
        expect("a 64 KB URL", req("POST", "/api/summary?" + "a" * 65536), (200, 409, 414, 431, 400), None)
        got, body = raw(req("GET", "/../../../../etc/passwd", headers={"Authorization": None}))
        leaked = b"root:" in body
        results.append(Result(Case("serve", "a path climbing out of the UI folder", [], lambda d: d), not leaked, str(got), 0.0, "served /etc/passwd" if leaked else ""))
        got, body = raw(req("GET", "/assets/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd", headers={"Authorization": None}))
        leaked = b"root:" in body
        results.append(Result(Case("serve", "an encoded path climbing out of the UI folder", [], lambda d: d), not leaked, str(got), 0.0, "served /etc/passwd" if leaked else ""))
        expect("a request that is not HTTP", b"\x16\x03\x01\x00\xa5 not http\r\n\r\n", (0, 400), None)
        expect("open a project that is not a project file", req("POST", "/api/open_project", json.dumps({"path": "/etc/passwd"}).encode()), (400, 404, 409), None)
        # Hostile imports through the API: the job fails with a message and the server lives on.
        expect("open the sample project", req("POST", "/api/open_sample"), 200, None)
        bomb = work / "serve-bomb.docx"
        bomb.write_bytes(zip_bytes([("word/document.xml", b" " * (100 << 20))]))
        _, body = raw(req("POST", "/api/start_import", json.dumps({"kind": "documents", "path": str(bomb), "system": None, "exam": None, "topic": None, "factors": [], "replace": False}).encode()))
        job = json.loads(body[body.find(b"{"): body.rfind(b"}") + 1])
        for _ in range(200):
            _, body = raw(req("POST", "/api/job", json.dumps({"id": job["id"]}).encode()))
            status = json.loads(body[body.find(b"{"): body.rfind(b"}") + 1])
            if status["state"] != "running":
                break
            time.sleep(0.1)
        ok = status["state"] == "failed" and "unpacks to more than" in status["error"]["message"]
        results.append(Result(Case("serve", "a zip bomb imported through the API", [], lambda d: d), ok, status["state"], 0.0, "" if ok else str(status)))
        expect("the server still answers afterwards", req("POST", "/api/summary"), 200, None)
        alive = server.poll() is None
        results.append(Result(Case("serve", "the server process is alive", [], lambda d: d), alive, "alive" if alive else "dead", 0.0, "" if alive else server.stderr.read().decode()[-400:]))
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--only", help="run one family")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    options = parser.parse_args()
    all_cases = cases() + second.cases()
    if options.list:
        for c in all_cases:
            print(f"{c.family:20} {c.name}")
        return 0
    if not PROCTOR.exists():
        print(f"{PROCTOR} is missing: build Proctor first (scripts/setup.sh)", file=sys.stderr)
        return 2
    chosen = [c for c in all_cases if not options.only or c.family == options.only]
    work = Path(tempfile.mkdtemp(prefix="proctor-hostile-"))
    started = time.monotonic()
    try:
        base = base_project(work)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = [pool.submit(run_case, i, c, work, base) for i, c in enumerate(chosen)]
            results = [f.result() for f in futures]
        if not options.only or options.only == "serve":
            results += serve_cases(work)
        if not options.only or options.only == "concurrent use":
            results += second.concurrent_use(work, base)
        if not options.only or options.only == "vendors":
            results += second.vendors(work, base)
        if not options.only or options.only == "serve abuse":
            results += second.serve_abuse(work)
    finally:
        unmount_all()
        for path in work.rglob("*"):
            try:
                if path.is_dir() and not path.is_symlink():
                    os.chmod(path, 0o755)
            except OSError:
                pass
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    families: dict[str, list[Result]] = {}
    for r in results:
        families.setdefault(r.case.family, []).append(r)
    failed = [r for r in results if not r.ok]
    for r in results:
        if r.outcome == "skipped":
            print(f"skipped [{r.case.family}] {r.case.name}: {r.problem}")
    for r in failed:
        print(f"FAIL [{r.case.family}] {r.case.name} ({r.outcome}, {r.seconds:.1f} s): {r.problem}")
    print("\n| family | cases | refused | accepted | slowest |\n|---|---|---|---|---|")
    for family, rs in families.items():
        refused = sum(r.outcome == "refused" for r in rs)
        print(f"| {family} | {len(rs)} | {refused} | {len(rs) - refused} | {max(r.seconds for r in rs):.1f} s |")
    slowest = sorted(results, key=lambda r: -r.seconds)[:5]
    print("\nslowest: " + "; ".join(f"{r.case.name} {r.seconds:.1f} s" for r in slowest))
    crashes = sum(r.outcome == "crash" for r in results)
    hangs = sum(r.outcome == "hang" for r in results)
    print(f"\n{len(results)} cases in {time.monotonic() - started:.0f} s: {len(results) - len(failed)} passed, {len(failed)} failed ({crashes} crashes, {hangs} hangs)")
    if len(results) < 150 and not options.only:
        print("the corpus must hold at least 150 cases")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
