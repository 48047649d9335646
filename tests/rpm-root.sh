#!/usr/bin/env bash
# The .rpm as rpm installs it: Proctor's .rpm installed by rpm 4.18 (Debian's) into an empty
# root, then from there: every file where a Fedora or openSUSE user gets it (the two programs,
# the menu entry, its icon, the file type, the models), the models found with no setting and
# their checksums right, `proctor demo --quick` run on the sample from the installed files, and
# `rpm -e` taking every file away again. Dependencies are not resolved (`--nodeps`): no rpm
# distribution's package registry is reachable here, so WebKitGTK and the rest are checked only
# as the package's declared requirements. Needs the package (scripts/package.sh).
set -euo pipefail
source "$(dirname "$0")/../scripts/env.sh"

packages="${PROCTOR_PACKAGES:-$CARGO_TARGET_DIR/packages}"
package=$(ls -t "$packages"/proctor-*.rpm 2>/dev/null | head -1 || true)
[ -n "$package" ] || { echo "no .rpm in $packages: run scripts/package.sh first"; exit 1; }
command -v rpm >/dev/null || { echo "rpm is missing (scripts/setup.sh installs it)"; exit 1; }

work=$(mktemp -d /var/tmp/proctor-rpm-root.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root" "$work/home"
export HOME="$work/home"
unset PROCTOR_MODELS XDG_DATA_HOME
# rpm as Debian ships it warns on every install that it is not Debian's way; that is not news.
rpmq() {
  local out status=0
  out=$(rpm --root "$root" --dbpath /var/lib/rpm "$@" 2>&1) || status=$?
  grep -v "should not be used directly\|assuming you know" <<<"$out" || true
  return "$status"
}

echo "== what it declares"
requires=$(rpm -qp --requires "$package" 2>/dev/null)
echo "$requires"
for needed in 'libwebkit2gtk-4.1.so.0' 'libgtk-3.so.0' 'shared-mime-info'; do
  grep -q "$needed" <<<"$requires" || { echo "the .rpm does not require $needed"; exit 1; }
done

echo "== rpm -i into an empty root"
rpmq --initdb
rpmq -i --nodeps "$package"
for file in usr/bin/proctor usr/bin/proctor-desktop usr/share/applications/Proctor.desktop \
  usr/share/icons/hicolor/256x256/apps/proctor-desktop.png usr/share/mime/packages/proctor.xml \
  usr/share/proctor/models/manifest.json; do
  [ -s "$root/$file" ] || { echo "the installed package has no /$file"; exit 1; }
done
grep -q '^Exec=proctor-desktop %f' "$root/usr/share/applications/Proctor.desktop" ||
  { echo "the menu entry does not open a project file"; exit 1; }
[ "$(rpmq -q proctor)" = "proctor-0.1.0-1.x86_64" ] || { echo "rpm does not know the package"; exit 1; }

echo "== the models, found with no setting"
listed=$("$root/usr/bin/proctor" models list)
echo "$listed"
grep -q "^Models folder: $root/usr/share/proctor/models" <<<"$listed" ||
  { echo "the installed proctor does not find the packaged models"; exit 1; }
[ "$(grep -c ' ok$' <<<"$listed")" -ge 5 ] || { echo "a packaged model is missing or damaged"; exit 1; }

# (--quick: the sample's own files only; the .deb's clean root runs the whole demo, pipelines
# and models included.)
echo "== proctor demo --quick from the installed files"
demo=$("$root/usr/bin/proctor" demo --quick -p "$work/home/demo.proctor")
echo "$demo" | head -20
grep -q "Atlas RAG" <<<"$demo" || { echo "the demo printed no leaderboard"; exit 1; }
[ -s "$work/home/demo.proctor" ] || { echo "the demo wrote no project"; exit 1; }

echo "== rpm -e"
rpmq -e proctor
left=$(find "$root/usr" -type f | wc -l)
[ "$left" -eq 0 ] || { echo "rpm -e left $left files"; find "$root/usr" -type f | head; exit 1; }
[ -s "$work/home/demo.proctor" ] || { echo "removing the package took the user's project"; exit 1; }
echo "the .rpm installs, runs and removes cleanly"
