#!/usr/bin/env bash
# The offline generator on real corpora no one here wrote, as README "Generated exams" reports
# them. Each corpus comes from a Debian package (apt-get download, Debian's registry):
#
#   handbook  "The Debian Administrator's Handbook" (debian-handbook), its English HTML pages
#   sqlite    SQLite's own documentation (sqlite3-doc), its HTML pages, site navigation and all
#   pdf       Debian Policy, the FHS, the Debian Reference and the gnuplot manual, as PDF
#             (debian-policy, debian-reference-en, gnuplot-doc; the Developer's Reference PDF is
#             left out: the PDF reader cannot read it, and the import says so)
#
#   scripts/measure-exams.sh CORPUS [WORK_DIR] [COUNT]
#
# Imports the documents (page furniture set aside), prepares the corpus, generates COUNT
# (default 200) questions with seed 1, accepts every one that passed the filters, reads them
# with the language model with and without their passages (which marks the guessable ones), and
# prints the README's row and 40 accepted questions drawn with seed 1 for reading by hand. Keeps
# everything in WORK_DIR (default target/exams-CORPUS): import.txt, generate.txt, review.json,
# row.md, sample.txt. PROCTOR_BIN picks the binary (default: the release build).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:?name a corpus: handbook, sqlite or pdf}
work=$(realpath -m "${2:-$root/target/exams-$corpus}")
count=${3:-200}
# shellcheck source=scripts/env.sh
source "$root/scripts/env.sh"
proctor=${PROCTOR_BIN:-$CARGO_TARGET_DIR/release/proctor}
[ -x "$proctor" ] || cargo build --locked --release -p proctor-cli --manifest-path "$root/Cargo.toml"

mkdir -p "$work"
cd "$work"
fetch() {
    ls "$1"_*.deb >/dev/null 2>&1 || apt-get download "$1"
    dpkg-deb -x "$1"_*.deb unpacked
}
rm -rf pages unpacked exam.proctor exam.proctor.index
mkdir pages unpacked
case "$corpus" in
handbook)
    fetch debian-handbook
    cp unpacked/usr/share/doc/debian-handbook/html/en-US/*.html pages/
    ;;
sqlite)
    fetch sqlite3-doc
    find unpacked/usr/share/doc/sqlite3 -maxdepth 1 -name '*.html' -exec cp {} pages/ \;
    ;;
pdf)
    fetch debian-policy
    fetch debian-reference-en
    fetch gnuplot-doc
    gunzip -c unpacked/usr/share/doc/debian-policy/policy.pdf.gz > pages/policy.pdf
    gunzip -c unpacked/usr/share/doc/debian-policy/fhs/fhs-3.0.pdf.gz > pages/fhs-3.0.pdf
    cp unpacked/usr/share/debian-reference/debian-reference.en.pdf pages/
    cp unpacked/usr/share/doc/gnuplot/gnuplot.pdf pages/
    ;;
*)
    echo "unknown corpus '$corpus': handbook, sqlite or pdf" >&2
    exit 2
    ;;
esac

"$proctor" init exam.proctor
"$proctor" import documents pages -p exam.proctor --topic "$corpus" | tee import.txt
"$proctor" ingest -p exam.proctor | tee ingest.txt
"$proctor" generate -p exam.proctor --exam Generated --count "$count" --seed 1 | tee generate.txt
"$proctor" review accept -p exam.proctor --exam Generated --passing
"$proctor" review read -p exam.proctor --exam Generated --reader language-model | tee read.txt
"$proctor" review list -p exam.proctor --exam Generated --json > review.json
python3 "$root/scripts/exam-row.py" "$corpus" import.txt ingest.txt review.json | tee row.md
python3 "$root/scripts/exam-row.py" --sample review.json > sample.txt
echo "40 accepted questions to read by hand: $work/sample.txt"
