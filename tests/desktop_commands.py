#!/usr/bin/env python3
"""Checks that the desktop window's doors are wired the same way in all three places: the
commands `src-tauri/build.rs` declares (which generates their permissions), the handler list in
`src-tauri/src/main.rs`, and the capabilities that let the window call them. A command missing
from one of them fails only at run time in the desktop app, so it is checked here.
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
build = (ROOT / "src-tauri/build.rs").read_text()
main = (ROOT / "src-tauri/src/main.rs").read_text()
capabilities = json.loads((ROOT / "src-tauri/capabilities/default.json").read_text())["permissions"]

declared = set(re.findall(r'"([a-z_]+)"', build.split("commands(&[", 1)[1].split("]", 1)[0]))
handled = set(re.findall(r"\b([a-z_]+)\b", main.split("generate_handler![", 1)[1].split("]", 1)[0]))
defined = set(re.findall(r"#\[tauri::command\]\s*async fn ([a-z_]+)", main))
allowed = {p[len("allow-"):].replace("-", "_") for p in capabilities if p.startswith("allow-")}

problems = []
for name, there in [("build.rs", declared), ("generate_handler!", handled), ("capabilities", allowed)]:
    for command in sorted(defined - there):
        problems.append(f"command {command} is defined in main.rs but not listed in {name}")
for command in sorted((declared | handled) - defined):
    problems.append(f"{command} is listed but main.rs defines no such command")
for p in problems:
    print(p)
print(f"desktop commands: {len(defined)} checked, {len(problems)} problems")
sys.exit(1 if problems else 0)
