#!/usr/bin/env bash
# The workbench benchmark of issue 10: builds a project of 50 systems × 2,000 questions × 20
# topics, times the backend calls behind each screen (cargo bench, release), then the time until
# Chromium has drawn each page against a release `proctor serve` and the frames of scrolling the
# questions table. Prints the two Markdown tables of the README.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$PROCTOR_ROOT"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
project="$work/bench.proctor"

cargo build --locked --release -p proctor-cli
(cd ui && npm run build --silent)
PROCTOR_BENCH_PROJECT="$project" cargo bench --locked -p proctor-api --bench workbench
echo
PROCTOR_BIN="$CARGO_TARGET_DIR/release/proctor" node ui/bench/screens.mjs "$project"
