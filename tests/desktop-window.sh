#!/usr/bin/env bash
# The real desktop window under Xvfb: starts proctor-desktop on the sample project, waits until
# the window's title names the open project (the UI sets it once the summary has loaded), checks
# the UI's own title bar is drawn, and saves a screenshot to ui/test-results/desktop-window.png.
set -euo pipefail
source "$(dirname "$0")/../scripts/env.sh"

shots="$PROCTOR_ROOT/ui/test-results"
mkdir -p "$shots"
shot="$shots/desktop-window.png"
work=$(mktemp -d)
display=":$((90 + RANDOM % 400))"

cleanup() {
  [ -n "${app:-}" ] && kill "$app" 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done

DISPLAY="$display" PROCTOR_DATA_DIR="$work/data" WEBKIT_DISABLE_COMPOSITING_MODE=1 \
  "$PROCTOR_DESKTOP_BIN" --sample >"$work/app.log" 2>&1 &
app=$!

window=""
for _ in $(seq 120); do
  kill -0 "$app" 2>/dev/null || { echo "proctor-desktop exited:"; cat "$work/app.log"; exit 1; }
  window=$(DISPLAY="$display" xdotool search --name '^Tidewater sample — Proctor$' 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  sleep 0.5
done
if [ -z "$window" ]; then
  echo "no window titled 'Tidewater sample — Proctor' within 60 s: the sample project did not load"
  DISPLAY="$display" import -window root "$shot" 2>/dev/null || true
  cat "$work/app.log"
  exit 1
fi

sleep 1 # let WebKit paint the last frame before the screenshot
DISPLAY="$display" import -window root "$shot"
header=$(convert "$shot" -format '%[pixel:p{640,12}]' info:)
echo "screenshot: $shot (window $window, title bar colour $header)"
case "$header" in
  "srgb(29,39,51)" | "rgb(29,39,51)" | "#1D2733"*) ;;
  *) echo "the UI's title bar is not on screen"; cat "$work/app.log"; exit 1 ;;
esac
echo "desktop window: 1 passed, 0 failed"
