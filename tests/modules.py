#!/usr/bin/env python3
"""Checks that the modules inside each crate import one another one way only (ARCHITECTURE.md,
"Inside a crate"): within every folder of a crate's `src/`, the files and sub-folders side by
side (siblings) form no import circle. A child may use its parent's `mod.rs` (where a folder's
shared types live), and a parent its children; neither counts as an edge between siblings.

What counts as an import: any path into the crate — `use crate::a::b`, `crate::a::f()` in code,
`super::x`, and `use child::x` relative to a module — resolved through `pub use` re-exports to
the module that defines the item; and a call of a method that another module adds to a type
whose methods are spread over several modules (the facade's `Project`: `project.grades()` uses
the module that defines `grades`), seen where the receiver is `self`, `project` or `p` and the
method's name is defined once. Unit tests (`#[cfg(test)] mod tests { … }`) are left out: a test
may use any module.

Prints each circle with the files that make it, and a closing line; exits 1 on any circle.
"""
import pathlib
import re
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
ITEM = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+|const\s+|unsafe\s+)*(?:fn|struct|enum|trait|type|const|static|mod|macro_rules!|union)\s+(\w+)", re.M)


def strip(text):
    """The code without comments, strings' contents and unit-test modules."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'r#*"(?:.|\n)*?"#*', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        out.append(text[i:m.start()])
        i = j
    out.append(text[i:])
    return "".join(out)


def expand(prefix, group):
    """`a::{b, c::{d, e}}` as paths."""
    paths, depth, part = [], 0, ""
    for ch in group + ",":
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            part = part.strip()
            if part:
                m = re.match(r"^([\w:]*?)(?:::)?\{(.*)\}$", part, re.S)
                if m:
                    head = m.group(1)
                    paths += expand(prefix + ([head] if head else []), m.group(2))
                else:
                    name = re.split(r"\s+as\s+", part)[0].strip()
                    paths.append(prefix + [s for s in name.split("::") if s])
            part = ""
        else:
            part += ch
    return paths


class Crate:
    def __init__(self, src, root_file):
        self.src = src
        self.files = {}  # module path (tuple) -> file
        self.code = {}
        self.collect(root_file, ())
        self.defined = {m: set(ITEM.findall(c)) for m, c in self.code.items()}
        self.reexports = {m: self.reexports_of(m) for m in self.code}
        self.methods = self.spread_methods()

    def collect(self, file, module):
        self.files[module] = file
        code = strip(file.read_text(encoding="utf-8"))
        self.code[module] = code
        folder = file.parent if file.name in ("mod.rs", "lib.rs", "main.rs") or module == () else file.with_suffix("")
        for m in re.finditer(r"(?:#\[path\s*=\s*\"([^\"]+)\"\]\s*)?(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", code):
            name = m.group(2)
            for child in (folder / f"{name}.rs", folder / name / "mod.rs"):
                if child.exists():
                    self.collect(child, module + (name,))
                    break

    def spread_methods(self):
        """Method name -> the module defining it, for types whose inherent methods are spread
        over several modules (names defined more than once are left out)."""
        impls = {}  # type -> {module: [method names]}
        for module, code in self.code.items():
            for m in re.finditer(r"\bimpl(?:<[^>{]*>)?\s+(\w+)(?:<[^>{]*>)?\s*\{", code):
                depth, j = 1, m.end()
                while j < len(code) and depth:
                    depth += {"{": 1, "}": -1}.get(code[j], 0)
                    j += 1
                names = re.findall(r"\bfn\s+(\w+)", code[m.end():j])
                impls.setdefault(m.group(1), {}).setdefault(module, []).extend(names)
        where, count = {}, {}
        for by_module in impls.values():
            for module, names in by_module.items():
                for name in names:
                    count[name] = count.get(name, 0) + 1
                    if len(by_module) > 1:
                        where[name] = module
        return {name: module for name, module in where.items() if count[name] == 1}

    def reexports_of(self, module):
        out = {}
        for m in re.finditer(r"pub(?:\([^)]*\))?\s+use\s+([^;]+);", self.code[module]):
            for path in expand([], m.group(1).replace("\n", " ")):
                if path:
                    out.setdefault(path[-1], []).append(path)
        return out

    def absolute(self, module, path):
        """A path as written in `module`, made absolute (a tuple of segments), or None."""
        if not path:
            return None
        head = path[0]
        if head == "crate":
            return tuple(path[1:])
        if head == "self":
            return module + tuple(path[1:])
        if head == "super":
            base = module
            while path and path[0] == "super":
                base, path = base[:-1], path[1:]
            return base + tuple(path)
        if module + (head,) in self.files:
            return module + tuple(path)
        return None

    def resolve(self, path, depth=0):
        """The module that defines what an absolute path names."""
        module = ()
        rest = list(path)
        while rest and module + (rest[0],) in self.files:
            module += (rest.pop(0),)
        if rest and depth < 8:
            name = rest[0]
            if name not in self.defined.get(module, ()):
                for target in self.reexports.get(module, {}).get(name, []):
                    absolute = self.absolute(module, target)
                    if absolute:
                        return self.resolve(absolute, depth + 1)
                for glob in self.reexports.get(module, {}).get("*", []):
                    absolute = self.absolute(module, glob[:-1] + [name])
                    if absolute:
                        found = self.resolve(absolute, depth + 1)
                        if name in self.defined.get(found, ()):
                            return found
        return module

    def references(self, module):
        code = self.code[module]
        paths = []
        for m in re.finditer(r"\buse\s+([^;]+);", code):
            paths += expand([], m.group(1).replace("\n", " "))
        for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)", code):
            paths.append(m.group(1).split("::"))
        out = set()
        for path in paths:
            absolute = self.absolute(module, path)
            if absolute is not None:
                out.add(self.resolve(absolute))
        for m in re.finditer(r"\b(?:self|project|p)\.(\w+)\s*\(", code):
            if m.group(1) in self.methods:
                out.add(self.methods[m.group(1)])
        return out

    def circles(self):
        graphs = {}  # folder -> {child: {child: [(from, to)]}}
        for module in self.files:
            for target in self.references(module):
                n = 0
                while n < len(module) and n < len(target) and module[n] == target[n]:
                    n += 1
                if n == len(module) or n == len(target):
                    continue  # a module and its own parent or child
                folder, a, b = module[:n], module[n], target[n]
                graphs.setdefault(folder, {}).setdefault(a, {}).setdefault(b, []).append((module, target))
        found = []
        for folder, graph in graphs.items():
            for component in strongly_connected(graph):
                if len(component) > 1:
                    found.append((folder, sorted(component), graph))
        return found

    def name(self, module):
        return str(self.files[module].relative_to(ROOT))


def strongly_connected(graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            out.append(component)

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def main():
    workspace = tomllib.loads((ROOT / "Cargo.toml").read_text())
    problems, crates = 0, 0
    for member in workspace["workspace"]["members"]:
        src = ROOT / member / "src"
        for root in ("lib.rs", "main.rs"):
            if not (src / root).exists():
                continue
            crates += 1
            crate = Crate(src, src / root)
            for folder, component, graph in crate.circles():
                problems += 1
                where = "::".join(folder) or "the crate root"
                print(f"{member}: an import circle in {where} between {', '.join(component)}:")
                for a in component:
                    for b in component:
                        for source, target in graph.get(a, {}).get(b, [])[:2]:
                            print(f"    {crate.name(source)} uses {crate.name(target)}")
    print(f"modules: {crates} crate roots checked, {problems} import circles")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
