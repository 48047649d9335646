#!/usr/bin/env python3
"""Checks that no Rust integration test file is forgotten (after jj's
`test_no_forgotten_test_files`): a `.rs` file under a crate's `tests/` folder that no test binary
reaches through `mod` declarations is never compiled, so its tests never run and nothing says so.

For every workspace member (the `members` of the root Cargo.toml) it finds the test binary roots
the way Cargo does — `tests/<name>.rs` and `tests/<name>/main.rs` unless the manifest sets
`autotests = false`, plus the `path` (or default path) of every `[[test]]` section — and follows
their `mod` declarations the way rustc does: `mod name;` is `name.rs` or `name/mod.rs` next to a
crate root or `mod.rs` file, or in the `<file>/` folder of any other file; `#[path = "..."]` (also
inside `#[cfg_attr(..., path = "...")]`) is relative to the declaring file's folder; inline
`mod name { ... }` blocks add `name/` to the folder of what they declare. A declaration counts
whatever its `#[cfg(...)]` says: a file compiled only on some platform is still not forgotten.
Comments and string literals are skipped, so `// mod old;` declares nothing.

Every other `.rs` file under `tests/` is reported with the fix, and the script exits 1.

Files that are deliberately not modules are left out:
- anything in a folder named in EXCLUDED_DIRS (inputs the tests read: `data/`, `fixtures/`,
  insta's `snapshots/`, proptest's `proptest-regressions/`), at any depth under `tests/`;
- the files in EXCLUDED_FILES (paths from the repository root), each with its reason.
"""
import pathlib
import re
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent

EXCLUDED_DIRS = {"data", "fixtures", "snapshots", "proptest-regressions"}
# "crates/x/tests/some_file.rs": "why it is not a module",
EXCLUDED_FILES: dict[str, str] = {}

TOKEN = re.compile(
    r"""
      (?P<space>\s+)
    | (?P<line_comment>//[^\n]*)
    | (?P<block_comment>/\*)
    | (?P<raw_string>b?r\#*")
    | (?P<string>b?"(?:\\.|[^"\\])*")
    | (?P<char>b?'(?:\\.[^'\n]*|[^'\\\n])')
    | (?P<lifetime>'[A-Za-z_]\w*)
    | (?P<ident>(?:r\#)?[A-Za-z_]\w*)
    | (?P<number>\d[\w.]*)
    | (?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def tokens(text):
    """(kind, value) pairs of Rust source, comments dropped; strings keep their contents."""
    out = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        kind = m.lastgroup
        if kind == "block_comment":  # Rust's block comments nest
            depth, pos = 1, m.end()
            while depth and pos < len(text):
                if text.startswith("/*", pos):
                    depth, pos = depth + 1, pos + 2
                elif text.startswith("*/", pos):
                    depth, pos = depth - 1, pos + 2
                else:
                    pos += 1
            continue
        if kind == "raw_string":
            hashes = m.group().count("#")
            end = text.find('"' + "#" * hashes, m.end())
            end = len(text) if end < 0 else end
            out.append(("string", text[m.end():end]))
            pos = end + 1 + hashes
            continue
        if kind == "string":
            body = m.group()
            out.append(("string", body[body.index('"') + 1 : -1]))
        elif kind not in ("space", "line_comment"):
            out.append((kind, m.group()))
        pos = m.end()
    return out


def path_attrs(attrs):
    """The `path = "..."` values of a module's attributes, plain or inside cfg_attr; a
    cfg_attr's path applies only on some configurations, so then the default path is kept too
    (as "")."""
    found = []
    for attr in attrs:
        for i in range(len(attr) - 2):
            if attr[i] == ("ident", "path") and attr[i + 1] == ("punct", "=") and attr[i + 2][0] == "string":
                found.append(attr[i + 2][1])
                if attr[0] == ("ident", "cfg_attr"):
                    found.append("")
    return found


def declarations(text):
    """Every module declared in a file: (name, path attributes, inline frames), where inline
    frames are the enclosing `mod x { ... }` blocks as (name, path attributes)."""
    toks = tokens(text)
    found = []
    stack = []  # one entry per open brace: (name, paths) for an inline module, None otherwise
    attrs = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        if tok == ("punct", "#"):
            j = i + 1
            if j < len(toks) and toks[j] == ("punct", "!"):
                j += 1
            if j < len(toks) and toks[j] == ("punct", "["):
                depth, k = 0, j
                while k < len(toks):
                    if toks[k][0] == "punct" and toks[k][1] in "[(":
                        depth += 1
                    elif toks[k][0] == "punct" and toks[k][1] in "])":
                        depth -= 1
                        if depth == 0:
                            break
                    k += 1
                if toks[i + 1] != ("punct", "!"):
                    attrs.append(toks[j + 1 : k])
                i = k + 1
                continue
        if tok == ("ident", "pub"):
            i += 1
            if i < len(toks) and toks[i] == ("punct", "("):
                while i < len(toks) and toks[i] != ("punct", ")"):
                    i += 1
                i += 1
            continue
        if (
            tok == ("ident", "mod")
            and i + 2 < len(toks)
            and toks[i + 1][0] == "ident"
            and toks[i + 2] in (("punct", ";"), ("punct", "{"))
        ):
            name = toks[i + 1][1].removeprefix("r#")
            inline = [frame for frame in stack if frame is not None]
            if toks[i + 2] == ("punct", ";"):
                found.append((name, path_attrs(attrs), inline))
            else:
                stack.append((name, path_attrs(attrs)))
            attrs = []
            i += 3
            continue
        if tok == ("punct", "{"):
            stack.append(None)
        elif tok == ("punct", "}") and stack:
            stack.pop()
        attrs = []
        i += 1
    return found


def module_files(root):
    """Every file reachable from a crate root through `mod` declarations, and the declarations
    whose file does not exist (Cargo would refuse those anyway; reported for the message)."""
    reached = set()
    missing = []
    # (file, folder its `mod x;` lines resolve in, the file's own name when it is not a mod-rs file)
    todo = [(root, root.parent, None)]
    while todo:
        file, folder, relative = todo.pop()
        if file in reached or not file.is_file():
            continue
        reached.add(file)
        for name, paths, inline in declarations(file.read_text(encoding="utf-8", errors="replace")):
            here, rel = folder, relative
            for inline_name, inline_paths in inline:
                inline_path = next((p for p in inline_paths if p), None)
                if inline_path:
                    here, rel = here / inline_path, None
                else:
                    here, rel = (here / rel if rel else here) / inline_name, None
            candidates = [(here / p, None) for p in paths if p]
            if not paths or "" in paths:
                base = here / rel if rel else here
                candidates += [(base / f"{name}.rs", name), (base / name / "mod.rs", None)]
            found = [(c.resolve(), own) for c, own in candidates if c.is_file()]
            todo += [(c, c.parent, own) for c, own in found]
            if not found:
                missing.append((file, name))
    return reached, missing


def test_roots(crate):
    """The crate's integration test binaries, as Cargo finds them."""
    manifest = tomllib.loads((crate / "Cargo.toml").read_text())
    tests = crate / "tests"
    roots = set()
    if manifest.get("package", {}).get("autotests", True) and tests.is_dir():
        roots |= {p.resolve() for p in tests.glob("*.rs")}
        roots |= {p.resolve() for p in tests.glob("*/main.rs")}
    for target in manifest.get("test", []):
        if "path" in target:
            roots.add((crate / target["path"]).resolve())
        else:
            for p in (tests / f"{target['name']}.rs", tests / target["name"] / "main.rs"):
                if p.is_file():
                    roots.add(p.resolve())
    return roots


def shown(path):
    return path.resolve().relative_to(ROOT).as_posix()


def module_name(file):
    stem = file.parent.name if file.name == "mod.rs" else file.stem
    if re.fullmatch(r"[A-Za-z_]\w*", stem):
        return stem, f"mod {stem};"
    ident = re.sub(r"\W", "_", stem)
    return stem, f'#[path = "{file.name if file.name != "mod.rs" else stem + "/mod.rs"}"] mod {ident};'


def fix(file, tests):
    """How to declare a forgotten file: the `mod` line and the file it goes in, walking up to the
    nearest existing module file when the folders between have none."""
    steps = []
    while True:
        folder = file.parent.parent if file.name == "mod.rs" else file.parent
        _, line = module_name(file)
        if folder.resolve() == tests.resolve():
            steps.append(f"list {shown(file)} as a [[test]] in its Cargo.toml (autotests is off)")
            break
        candidates = [folder / "main.rs", folder / "mod.rs", folder.with_suffix(".rs")]
        parent = next((c for c in candidates if c.is_file()), None)
        if parent is not None:
            steps.append(f"add `{line}` to {shown(parent)}")
            break
        steps.append(f"add `{line}` to a new {shown(folder / 'mod.rs')}")
        file = folder / "mod.rs"
    return " and ".join(reversed(steps)) if len(steps) > 1 else steps[0]


workspace = tomllib.loads((ROOT / "Cargo.toml").read_text())
checked = 0
forgotten = []
broken = []
for member in workspace["workspace"]["members"]:
    crate = ROOT / member
    tests = crate / "tests"
    roots = test_roots(crate)
    reached = set()
    for root in roots:
        files, missing = module_files(root)
        reached |= files
        broken += missing
    if not tests.is_dir():
        continue
    for file in sorted(tests.rglob("*.rs")):
        rel = file.relative_to(tests).parts
        if any(part in EXCLUDED_DIRS for part in rel[:-1]) or shown(file) in EXCLUDED_FILES:
            continue
        checked += 1
        if file.resolve() not in reached:
            forgotten.append((file, fix(file, tests)))

for file, how in forgotten:
    print(f"{shown(file)} is not part of any test binary: {how}")
for file, name in broken:
    print(f"note: {shown(file)} declares `mod {name};` but its file is missing")
print(f"forgotten test files: {checked} checked, {len(forgotten)} forgotten")
sys.exit(1 if forgotten else 0)
