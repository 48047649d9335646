#!/usr/bin/env bash
# The package on a clean Debian 12, as a user gets it: a minimal root made by mmdebstrap from the
# configured Debian mirror, Proctor's .deb installed into it with apt (which pulls what is
# missing: WebKitGTK and the rest), then, as an ordinary user inside it: `proctor demo` on the
# sample (models found with no setting), `proctor report`, the desktop window opened on the
# sample under Xvfb with a screenshot (ui/test-results/clean-root-window.png), a project made by
# the previous schema opened and upgraded, and `apt remove` leaving the user's projects as they
# were. Needs root (chroot, mounts) and the package (scripts/package.sh).
#
# The base root (Debian's packages only, nothing of Proctor's) is cached in
# $PROCTOR_CLEAN_ROOT_CACHE for a week, and apt's downloads with it; each run unpacks a fresh
# copy, so nothing of an earlier run is left in it.
set -euo pipefail
source "$(dirname "$0")/../scripts/env.sh"
started=$SECONDS

packages="${PROCTOR_PACKAGES:-$CARGO_TARGET_DIR/packages}"
deb=$(ls -t "$packages"/proctor_*.deb 2>/dev/null | head -1 || true)
[ -n "$deb" ] || { echo "no package in $packages: run scripts/package.sh first"; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "the clean root needs root (chroot and mounts)"; exit 1; }
command -v mmdebstrap >/dev/null || { echo "mmdebstrap is missing (scripts/setup.sh installs it)"; exit 1; }

cache="${PROCTOR_CLEAN_ROOT_CACHE:-$HOME/.cache/proctor-clean-root}"
mkdir -p "$cache/archives/partial"
base="$cache/bookworm-base.tar"
shots="$PROCTOR_ROOT/ui/test-results"
mkdir -p "$shots"

mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
security=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | sed -n 2p)
mirror=${mirror:-http://deb.debian.org/debian}
security=${security:-http://deb.debian.org/debian-security}

if [ ! -f "$base" ] || [ -n "$(find "$base" -mtime +7)" ]; then
  echo "== making the base root from $mirror (cached in $base)"
  # mmdebstrap writes a tarball when the name ends in .tar.
  mmdebstrap --quiet --variant=apt --include=ca-certificates bookworm "${base%.tar}.partial.tar" \
    "deb $mirror bookworm main" "deb $mirror bookworm-updates main" "deb $security bookworm-security main"
  mv "${base%.tar}.partial.tar" "$base"
fi

root=$(mktemp -d /var/tmp/proctor-clean-root.XXXXXX)
display=":$((500 + RANDOM % 400))"
mounted=()
cleanup() {
  [ -n "${app:-}" ] && kill "$app" 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  rm -rf "$root"
}
trap cleanup EXIT

tar -C "$root" -xf "$base"
for place in proc dev dev/pts tmp/.X11-unix var/cache/apt/archives; do mkdir -p "$root/$place"; done
mount -t proc proc "$root/proc" && mounted+=("$root/proc")
mount --bind /dev "$root/dev" && mounted+=("$root/dev")
mount --bind /dev/pts "$root/dev/pts" && mounted+=("$root/dev/pts")
mount --bind "$cache/archives" "$root/var/cache/apt/archives" && mounted+=("$root/var/cache/apt/archives")
mkdir -p /tmp/.X11-unix
mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix" && mounted+=("$root/tmp/.X11-unix")
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
inside() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
as_user() { chroot "$root" runuser -u analyst -- env -i PATH=/usr/bin:/bin HOME=/home/analyst LANG=C.UTF-8 "$@"; }

echo "== installing $(basename "$deb") with apt"
step_started=$SECONDS
inside apt-get update -q -o Acquire::Retries=3 >/dev/null
inside env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  -o Acquire::Retries=3 "/tmp/$(basename "$deb")" >"$root/tmp/apt.log" 2>&1 \
  || { tail -30 "$root/tmp/apt.log"; echo "apt could not install the package"; exit 1; }
echo "   installed in $((SECONDS - step_started)) s; $(inside dpkg-query -W -f='${Installed-Size}' proctor) KiB"
building=$(inside dpkg-query -W -f='${Package}\n' | grep -E '^(gcc|g\+\+|cpp|cmake|clang.*|make|cargo|rustc|libc6-dev|.*-dev)$' || true)
[ -z "$building" ] || { echo "the package pulled in build tools: $building"; exit 1; }

inside useradd -m analyst

echo "== proctor demo, as a user, with the installed models"
as_user bash -c 'cd ~ && proctor models list && proctor demo' >"$root/tmp/demo.log" 2>&1 \
  || { tail -40 "$root/tmp/demo.log"; echo "proctor demo failed"; exit 1; }
grep -q "Models folder: /usr/share/proctor/models" "$root/tmp/demo.log" || { head -12 "$root/tmp/demo.log"; echo "the packaged models were not found"; exit 1; }
tail -5 "$root/tmp/demo.log"

echo "== proctor report"
as_user bash -c 'cd ~ && proctor report -p tidewater-sample.proctor -o report.html'
grep -q "</html>" "$root/home/analyst/report.html" || { echo "the report is not whole"; exit 1; }

echo "== a project made by the previous schema, opened and upgraded"
python3 - "$PROCTOR_ROOT/migrations" "$root/home/analyst/old.proctor" <<'PY'
import pathlib, sqlite3, sys
folder, target = pathlib.Path(sys.argv[1]), sys.argv[2]
files = sorted(folder.glob("*.sql"))[:-1]
db = sqlite3.connect(target)
db.execute("PRAGMA application_id = 1347568468")  # "PRCT"
for number, path in enumerate(files, 1):
    db.executescript(path.read_text())
    db.execute(f"PRAGMA user_version = {number}")
db.executescript("INSERT INTO topics (name) VALUES ('Old topic'); INSERT INTO systems (name, kind) VALUES ('Old system', 'answers');")
db.commit()
db.close()
PY
inside chown analyst: /home/analyst/old.proctor
as_user proctor check -p /home/analyst/old.proctor
python3 - "$root/home/analyst/old.proctor" "$PROCTOR_ROOT/migrations" <<'PY'
import pathlib, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
latest = len(list(pathlib.Path(sys.argv[2]).glob("*.sql")))
version = db.execute("PRAGMA user_version").fetchone()[0]
assert version == latest, f"schema {version}, expected {latest}"
assert db.execute("SELECT name FROM systems").fetchall() == [("Old system",)]
print(f"   upgraded to schema {version}, its data kept")
PY

echo "== the desktop window on the sample, under Xvfb"
Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
window_started=$SECONDS
chroot "$root" runuser -u analyst -- env -i PATH=/usr/bin:/bin HOME=/home/analyst LANG=C.UTF-8 \
  DISPLAY="$display" WEBKIT_DISABLE_COMPOSITING_MODE=1 proctor-desktop /home/analyst/tidewater-sample.proctor \
  >"$root/tmp/window.log" 2>&1 &
app=$!
window=""
for _ in $(seq 120); do
  kill -0 "$app" 2>/dev/null || { cat "$root/tmp/window.log"; echo "proctor-desktop exited"; exit 1; }
  window=$(DISPLAY="$display" xdotool search --name '— Proctor$' 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  sleep 0.5
done
[ -n "$window" ] || { cat "$root/tmp/window.log"; echo "no Proctor window with the project within 60 s"; exit 1; }
echo "   window with the project after $((SECONDS - window_started)) s"
sleep 2
DISPLAY="$display" import -window root "$shots/clean-root-window.png"
header=$(convert "$shots/clean-root-window.png" -format '%[pixel:p{640,12}]' info:)
case "$header" in
  "srgb(29,39,51)" | "rgb(29,39,51)" | "#1D2733"*) ;;
  *) echo "the UI's title bar is not on screen ($header)"; cat "$root/tmp/window.log"; exit 1 ;;
esac
echo "   screenshot: $shots/clean-root-window.png"
kill "$app" 2>/dev/null || true
app=""

echo "== apt remove leaves the user's projects"
before=$(cd "$root/home/analyst" && sha256sum tidewater-sample.proctor old.proctor report.html)
inside env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q proctor >/dev/null
after=$(cd "$root/home/analyst" && sha256sum tidewater-sample.proctor old.proctor report.html)
[ "$before" = "$after" ] || { echo "apt remove changed the user's files"; exit 1; }
[ ! -e "$root/usr/bin/proctor" ] && [ ! -e "$root/usr/share/proctor/models" ] || { echo "apt remove left Proctor behind"; exit 1; }

echo "clean root: 1 passed, 0 failed ($((SECONDS - started)) s)"
