#!/usr/bin/env bash
# The real desktop window under Xvfb: starts proctor-desktop on the sample project, takes a
# screenshot of the screen, and checks that the summary rendered (the dark title bar of the UI
# and the green cells of the topic table are on screen). Saves ui/test-results/desktop-window.png.
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

# Poll until the summary is on screen (or 60 s pass).
green=0
for _ in $(seq 60); do
  sleep 1
  kill -0 "$app" 2>/dev/null || { echo "proctor-desktop exited:"; cat "$work/app.log"; exit 1; }
  DISPLAY="$display" import -window root "$shot" 2>/dev/null || continue
  # Pixels (at quarter size) of the topic table's green cells: G well above R and B.
  green=$(convert "$shot" -resize 25% -fx 'g > r + 0.12 && g > b + 0.08 ? 1 : 0' -format '%[fx:round(mean*w*h)]' info: 2>/dev/null || echo 0)
  [ "${green:-0}" -gt 150 ] && break
done

header=$(convert "$shot" -format '%[pixel:p{640,12}]' info:)
echo "screenshot: $shot (green pixels: $green, title bar: $header)"
case "$header" in
  "srgb(29,39,51)"|"rgb(29,39,51)"|"#1D2733"*) ;;
  *) echo "the UI's title bar is not on screen"; cat "$work/app.log"; exit 1 ;;
esac
if [ "${green:-0}" -le 150 ]; then
  echo "the sample project's summary did not render"
  cat "$work/app.log"
  exit 1
fi
echo "desktop window: 1 passed, 0 failed"
