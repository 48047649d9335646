#!/usr/bin/env bash
# Runs every check: formatting, lints, Rust tests (unit, integration, doc), layer rules, UI type
# check and unit tests, the browser check against `proctor serve`, and the real desktop window
# under Xvfb. Installs what is missing first (scripts/setup.sh --no-demo).
set -uo pipefail
source "$(dirname "$0")/env.sh"
cd "$PROCTOR_ROOT"

passed=0
failed=0
failures=()
stage() {
  local name=$1
  shift
  printf '\n== %s\n' "$name"
  local started=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    printf -- '\n-- %s: ok (%ss)\n' "$name" $((SECONDS - started))
  else
    failed=$((failed + 1))
    failures+=("$name")
    printf -- '\n-- %s: FAILED (%ss)\n' "$name" $((SECONDS - started))
  fi
}

scripts/setup.sh --no-demo || { echo "set-up failed"; exit 1; }

stage "rustfmt" cargo fmt --all --check
# Clippy in the release profile too: the build scripts' work (llama.cpp's C++) is then shared
# with the build, not done again for another profile.
stage "clippy" cargo clippy --release --locked --workspace --all-targets --features proctor-desktop/custom-protocol -- -D warnings
stage "rust tests" cargo test --release --locked --workspace --features proctor-desktop/custom-protocol
stage "hostile inputs (importers and proctor serve)" python3 tests/hostile/corpus.py
stage "layers" python3 tests/layers.py
stage "forgotten test files" python3 tests/forgotten_tests.py
stage "desktop commands wired" python3 tests/desktop_commands.py
stage "ui type check" bash -c "cd ui && npm run check --silent"
stage "ui unit tests" bash -c "cd ui && npm test --silent"
stage "browser (proctor serve + Chromium)" bash -c "cd ui && npm run build --silent && node --test e2e/*.test.mjs"
stage "desktop window (Xvfb)" tests/desktop-window.sh
stage "release packages (.deb, .rpm)" scripts/package.sh
stage "the .deb on a clean Debian 12 root" tests/clean-root.sh
stage "the .rpm installed by rpm" tests/rpm-root.sh

echo
if ((failed)); then
  printf 'failed stages: %s\n' "${failures[*]}"
fi
echo "stages: $passed passed, $failed failed"
((failed == 0))
