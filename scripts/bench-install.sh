#!/usr/bin/env bash
# What a user installs and how the build they run behaves: package sizes, installed size, the
# desktop window's start-up on the sample (launch to the window showing the project, median of
# 5) and its idle memory (the app and its WebKit processes, 5 s after start-up), and two hot
# paths timed in the release build users run against a debug build — an IRT
# fit (2PL, 10,000 × 50) and the readers' check on the sample (lexical and extractive readers).
# Prints a Markdown table for the README. Needs scripts/package.sh to have run.
#
#   scripts/bench-install.sh
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$PROCTOR_ROOT"

packages="${PROCTOR_PACKAGES:-$CARGO_TARGET_DIR/packages}"
release="$CARGO_TARGET_DIR/release"
debug="$CARGO_TARGET_DIR/debug"
work=$(mktemp -d)
display=":$((300 + RANDOM % 100))"
cleanup() {
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The debug build is no longer what the tests use: build it here to compare.
[ -x "$debug/proctor" ] && [ -x "$debug/proctor-desktop" ] ||
  cargo build --locked -p proctor-cli -p proctor-desktop --features proctor-desktop/custom-protocol
deb=$(ls -t "$packages"/proctor_*.deb | head -1)
rpm=$(ls -t "$packages"/proctor-*.rpm 2>/dev/null | head -1 || true)
mb() { awk -v b="$1" 'BEGIN { printf "%.0f MB", b / 1e6 }'; }
installed_kib=$(dpkg-deb -f "$deb" Installed-Size)

"$release/proctor" demo --quick -p "$work/sample.proctor" >/dev/null

Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done

# Seconds from launch to a window titled with the project, and the resident memory (MB) of the
# app and every process it started, 5 s later.
start_up() {
  local binary=$1 started app window="" rss
  started=$(date +%s.%N)
  DISPLAY="$display" PROCTOR_DATA_DIR="$work/data" WEBKIT_DISABLE_COMPOSITING_MODE=1 \
    "$binary" "$work/sample.proctor" >/dev/null 2>&1 &
  app=$!
  for _ in $(seq 600); do
    window=$(DISPLAY="$display" xdotool search --name '— Proctor$' 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.02
  done
  local seconds
  seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  sleep 5
  rss=$(ps -o rss= --ppid "$app" --pid "$app" | awk '{ s += $1 } END { printf "%.0f", s / 1024 }')
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  echo "$seconds $rss"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

window_times() {
  local binary=$1 runs=() memory=()
  for _ in 1 2 3 4 5; do
    read -r seconds rss < <(start_up "$binary")
    runs+=("$seconds")
    memory+=("$rss")
  done
  echo "$(printf '%s\n' "${runs[@]}" | median) $(printf '%s\n' "${memory[@]}" | median)"
}

read -r release_start release_rss < <(window_times "$release/proctor-desktop")
read -r debug_start debug_rss < <(window_times "$debug/proctor-desktop")

python3 - "$work/responses.csv" <<'PY'
import math, random, sys
random.seed(7)
items = [(random.uniform(0.5, 2.0), random.gauss(0, 1)) for _ in range(50)]
with open(sys.argv[1], "w") as f:
    f.write("model," + ",".join(f"q{j}" for j in range(50)) + "\n")
    for i in range(10000):
        theta = random.gauss(0, 1)
        row = ["1" if random.random() < 1 / (1 + math.exp(-a * (theta - b))) else "0" for a, b in items]
        f.write(f"s{i}," + ",".join(row) + "\n")
PY

# Median wall time of 3 runs of a command, in seconds.
timed() {
  local times=()
  for _ in 1 2 3; do
    local started
    started=$(date +%s.%N)
    "$@" >/dev/null
    times+=("$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')")
  done
  printf '%s\n' "${times[@]}" | median
}

irt_release=$(timed "$release/proctor" irt fit --responses "$work/responses.csv" --no-errors --json)
irt_debug=$(timed "$debug/proctor" irt fit --responses "$work/responses.csv" --no-errors --json)
readers_release=$(timed "$release/proctor" readers check -p "$work/sample.proctor")
readers_debug=$(timed "$debug/proctor" readers check -p "$work/sample.proctor")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f×", b / a }'; }

echo
echo "| measure | release (what users run) | debug (the tests) | target |"
echo "|---|---|---|---|"
echo "| .deb package | $(mb "$(stat -c %s "$deb")") | – | – |"
[ -n "$rpm" ] && echo "| .rpm package | $(mb "$(stat -c %s "$rpm")") | – | – |"
echo "| installed size | $(awk -v k="$installed_kib" 'BEGIN { printf "%.0f MB", k * 1024 / 1e6 }') | – | – |"
echo "| window start-up on the sample (launch → window with the project, median of 5) | ${release_start} s | ${debug_start} s | < 2 s |"
echo "| idle memory, app + WebKit (5 s after start-up) | ${release_rss} MB | ${debug_rss} MB | – |"
echo "| IRT fit, 2PL 10,000 × 50, whole process | ${irt_release} s | ${irt_debug} s ($(ratio "$irt_release" "$irt_debug") slower) | – |"
echo "| readers' check on the sample, whole process | ${readers_release} s | ${readers_debug} s ($(ratio "$readers_release" "$readers_debug") slower) | – |"
