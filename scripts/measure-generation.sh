#!/usr/bin/env bash
# The offline generator on a real corpus no one here wrote: "The Debian Administrator's
# Handbook" (Raphaël Hertzog, Roland Mas; Debian package debian-handbook, its English HTML,
# 127 pages), as README "Generated exams on a real corpus" reports it.
#
#   scripts/measure-generation.sh [WORK_DIR] [COUNT]
#
# Downloads the package with apt-get (Debian's registry), imports the pages, prepares the corpus,
# generates COUNT (default 400) questions with seed 1, accepts every one that passed the filters,
# and lets every installed reader answer them with the source passage and closed book
# (`proctor readers check`). Prints the generation report and the check, and keeps them in
# WORK_DIR (default target/generation-check): generate.txt, check.json.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(realpath -m "${1:-$root/target/generation-check}")
count=${2:-400}
# shellcheck source=scripts/env.sh
source "$root/scripts/env.sh"
proctor=${PROCTOR_BIN:-$CARGO_TARGET_DIR/release/proctor}
[ -x "$proctor" ] || cargo build --locked --release -p proctor-cli --manifest-path "$root/Cargo.toml"

mkdir -p "$work"
cd "$work"
if ! ls debian-handbook_*.deb >/dev/null 2>&1; then
    apt-get download debian-handbook
fi
rm -rf pages handbook.proctor handbook.proctor.index
dpkg-deb -x debian-handbook_*.deb unpacked
mkdir pages
cp unpacked/usr/share/doc/debian-handbook/html/en-US/*.html pages/

"$proctor" init handbook.proctor
"$proctor" import documents pages -p handbook.proctor --topic "Debian Administrator's Handbook"
"$proctor" ingest -p handbook.proctor
"$proctor" generate -p handbook.proctor --exam Handbook --count "$count" --seed 1 | tee generate.txt
"$proctor" review accept -p handbook.proctor --exam Handbook --passing
"$proctor" readers check -p handbook.proctor --exam Handbook --json > check.json
"$proctor" readers check -p handbook.proctor --exam Handbook
