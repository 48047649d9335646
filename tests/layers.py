#!/usr/bin/env python3
"""Checks the dependency direction of the workspace (ARCHITECTURE.md):

    ui -> src-tauri / server / cli -> api -> {store, formats, exam, sample, models, search} -> {core, stats}

Each crate may depend only on the internal crates listed for it below. A new crate must be
added here, with its place in the layers, or this check fails. Inside each crate, the modules
must import one another one way only: tests/modules.py, run from here too.
"""
import pathlib, sys, tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
ALLOWED = {
    "proctor-core": set(),
    "proctor-stats": set(),
    "proctor-store": {"proctor-core"},
    "proctor-formats": {"proctor-core"},
    "proctor-exam": {"proctor-core", "proctor-stats"},
    "proctor-models": {"proctor-core"},
    "proctor-charts": set(),
    "proctor-search": {"proctor-stats"},
    "proctor-sample": set(),
    # Test-only (a dev-dependency): a vendor-like HTTP server.
    "proctor-testkit": set(),
    "proctor-api": {"proctor-core", "proctor-stats", "proctor-store", "proctor-formats", "proctor-exam", "proctor-sample", "proctor-models", "proctor-search", "proctor-charts"},
    # The doors: only the facade. `proctor serve` is a subcommand of the CLI, so the CLI may
    # start the HTTP door; neither may reach below the facade.
    "proctor-server": {"proctor-api"},
    "proctor-cli": {"proctor-api", "proctor-server"},
    "proctor-desktop": {"proctor-api"},
}

workspace = tomllib.loads((ROOT / "Cargo.toml").read_text())
problems = []
seen = set()
for member in workspace["workspace"]["members"]:
    manifest = tomllib.loads((ROOT / member / "Cargo.toml").read_text())
    name = manifest["package"]["name"]
    seen.add(name)
    if name not in ALLOWED:
        problems.append(f"{member}: crate {name} has no place in tests/layers.py")
        continue
    for section in ("dependencies", "build-dependencies"):
        for dep in manifest.get(section, {}):
            if dep.startswith("proctor-") and dep not in ALLOWED[name]:
                problems.append(f"{member}/Cargo.toml: {name} must not depend on {dep}")
for name in sorted(set(ALLOWED) - seen):
    problems.append(f"tests/layers.py lists {name}, which is not a workspace member")

for p in problems:
    print(p)
print(f"layers: {len(seen)} crates checked, {len(problems)} problems")

sys.path.insert(0, str(ROOT / "tests"))
import modules  # noqa: E402  (the module-level check, after the crate-level one)

circles = modules.main()
sys.exit(1 if problems or circles else 0)
