# Shared settings for Proctor's scripts (sourced, not run).
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/proctor-target}"
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
PROCTOR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PROCTOR_ROOT
# Snapshot tests find their snapshots under this checkout, even when a test binary was built
# in another checkout sharing the target directory (insta reads this at run time).
export INSTA_WORKSPACE_ROOT="$PROCTOR_ROOT"
# Cargo judges the workspace's own crates fresh by their sources' times, relative to the checkout,
# so a test binary built in another checkout sharing this target directory would be reused with
# that checkout's paths baked in (`env!("CARGO_MANIFEST_DIR")`). The target directory remembers
# which checkout built it; a build from another one forgets the workspace crates' fingerprints
# (never the dependencies'), so cargo rebuilds those crates here.
if [[ -d $CARGO_TARGET_DIR ]]; then
  built_by="$(cat "$CARGO_TARGET_DIR/.proctor-checkout" 2>/dev/null || true)"
  if [[ $built_by != "$PROCTOR_ROOT" ]]; then
    rm -rf "$CARGO_TARGET_DIR"/*/.fingerprint/proctor*-* "$CARGO_TARGET_DIR"/*/.fingerprint/proctor_*-*
  fi
  unset built_by
fi
mkdir -p "$CARGO_TARGET_DIR" && printf '%s\n' "$PROCTOR_ROOT" >"$CARGO_TARGET_DIR/.proctor-checkout"
# The tests run the release build, the one users run and the packages hold: one build of every
# dependency serves the set-up, the tests and the packages.
export PROCTOR_BIN="${PROCTOR_BIN:-$CARGO_TARGET_DIR/release/proctor}"
export PROCTOR_DESKTOP_BIN="${PROCTOR_DESKTOP_BIN:-$CARGO_TARGET_DIR/release/proctor-desktop}"
# The venv with the Python reference tools (scripts/reference-requirements.txt).
export PROCTOR_VENV="${PROCTOR_VENV:-$HOME/.cache/proctor-venv}"
export PROCTOR_PYTHON="${PROCTOR_PYTHON:-$PROCTOR_VENV/bin/python}"
# Where the local models live (scripts/install-models.sh puts them there; the app reads them).
export PROCTOR_MODELS="${PROCTOR_MODELS:-${XDG_DATA_HOME:-$HOME/.local/share}/proctor/models}"
# llama.cpp is compiled here for this machine: switch on the vector instructions this CPU has. The
# binding only passes on those of Rust's target baseline (nothing past SSE2 on x86-64), which leaves
# its matrix kernels several times slower.
if [[ -r /proc/cpuinfo ]]; then
  cpu_flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
  for pair in avx:AVX avx2:AVX2 fma:FMA f16c:F16C bmi2:BMI2 sse4_2:SSE42; do
    [[ $cpu_flags == *" ${pair%%:*} "* ]] && export "GGML_${pair##*:}=ON"
  done
  unset cpu_flags pair
fi
