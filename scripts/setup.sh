#!/usr/bin/env bash
# Installs everything Proctor needs on a fresh Debian 12 machine, builds it (the release build the
# tests use and the packages users install hold), installs the package on this machine and
# runs the demo with the installed `proctor`. Idempotent: a second run only rebuilds what changed.
#
#   scripts/setup.sh                   install, build, package, install the package, run the demo
#   scripts/setup.sh --no-demo         install and build the release build only (what the test
#                                      command uses; it packages as a test stage of its own)
#   scripts/setup.sh --stronger-model  also install the opt-in stronger reader, Qwen2.5-Coder-
#                                      1.5B-Instruct (1.1 GB; scripts/install-stronger-model.sh)
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$PROCTOR_ROOT"

step() { printf '\n== %s\n' "$*"; }

demo=1
stronger=0
for argument in "$@"; do
  case "$argument" in
    --no-demo) demo=0 ;;
    --stronger-model) stronger=1 ;;
    *) echo "setup: unknown option $argument (known: --no-demo, --stronger-model)" >&2; exit 2 ;;
  esac
done

APT_PACKAGES=(
  # Tauri 2 / WebKitGTK build dependencies
  libwebkit2gtk-4.1-dev libgtk-3-dev libsoup-3.0-dev libjavascriptcoregtk-4.1-dev librsvg2-dev
  libayatana-appindicator3-dev build-essential pkg-config libssl-dev file xdg-utils curl
  # llama.cpp (the local language model reader) is built from source: cmake, and libclang for
  # its Rust bindings
  cmake clang libclang-dev
  # the offline exam generator's part-of-speech lexicon, embedded at build time (crates/exam/build.rs)
  wordnet-base
  # API keys in the OS keychain (Secret Service over D-Bus); gnome-keyring gives the tests one
  libdbus-1-dev dbus gnome-keyring
  # tests: a virtual display for the real window, Chromium for the browser checks, fonts, screenshots
  xvfb xauth xdotool chromium fonts-dejavu-core imagemagick poppler-utils
  # tests: a clean Debian 12 root to install the .deb into; rpm to install the .rpm
  mmdebstrap rpm
)

missing=()
for package in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  step "Installing system packages: ${missing[*]}"
  sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -q -o DPkg::Lock::Timeout=600
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}"
fi

# rust-toolchain.toml pins 1.95.0; where rustup only has it as "stable", link the name.
pinned=$(sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)
if ! rustup toolchain list | grep -q "^$pinned"; then
  step "Linking the installed stable toolchain as $pinned"
  rustup toolchain link "$pinned" "$(rustup run stable rustc --print sysroot)"
fi

step "Installing the Python reference tools (venv: $PROCTOR_VENV)"
requirements=scripts/reference-requirements.txt
if [ ! -x "$PROCTOR_VENV/bin/python" ]; then
  python3 -m venv "$PROCTOR_VENV"
fi
if ! cmp -s "$requirements" "$PROCTOR_VENV/.installed-requirements"; then
  "$PROCTOR_VENV/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$PROCTOR_VENV/.installed-requirements"
fi

step "Installing the local models (ONNX Runtime, all-MiniLM-L6-v2, Gemma 3 270M) into $PROCTOR_MODELS"
scripts/install-models.sh

step "Installing the UI's npm packages"
if [ ! -d ui/node_modules ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
  (cd ui && npm ci --no-audit --no-fund)
fi

step "Building the UI"
(cd ui && npm run build --silent)

step "Building Proctor (command line, server, desktop app)"
# One release build of the whole workspace with the features the tests and the packages use, so
# that every dependency is compiled once (llama.cpp and Tauri dominate a cold build: building a
# debug build for the tests as well would compile them twice, the cold CI run past an hour).
# All targets: the tests' dependencies switch on features of shared crates (getrandom, uuid), and
# a build without them would be built again, Tauri and all, for the tests.
cargo build --release --locked --workspace --all-targets --features proctor-desktop/custom-protocol

if ((stronger)); then
  step "Installing the stronger reader (Qwen2.5-Coder-1.5B-Instruct, 1.1 GB)"
  scripts/install-stronger-model.sh
fi

if ((demo)); then
  step "Packaging the release app (scripts/package.sh)"
  scripts/package.sh --deb
  step "Installing the package on this machine"
  sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  deb=$(ls -t "${PROCTOR_PACKAGES:-$CARGO_TARGET_DIR/packages}"/proctor_*.deb | head -1)
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --reinstall \
    -o DPkg::Lock::Timeout=600 "$deb"
  step "Running the demo on the sample project, with the installed proctor"
  /usr/bin/proctor demo --force -p "$PROCTOR_ROOT/tidewater-sample.proctor"
  cat <<MSG

Next:
  desktop app:  Proctor in the applications menu, or: proctor-desktop tidewater-sample.proctor
  in a browser: proctor serve -p tidewater-sample.proctor   then open the printed address
MSG
fi
