#!/usr/bin/env bash
# Builds Proctor's release app and packages it for users with Tauri's bundler: a .deb (Debian,
# Ubuntu) and an .rpm (Fedora, openSUSE) holding the desktop app with its menu entry and icon,
# the `proctor` command, the UI (embedded in both), and the local models with their checksums
# (ONNX Runtime, all-MiniLM-L6-v2 and its int8 copy, Gemma 3 270M) under
# /usr/share/proctor/models, where the app finds them without any setting. `.proctor` files open
# in Proctor. Both formats are built offline from what scripts/setup.sh installed.
#
#   scripts/package.sh            build both packages into $PROCTOR_PACKAGES
#   scripts/package.sh --deb      only the .deb
#
# The packages land in $PROCTOR_PACKAGES (default: $CARGO_TARGET_DIR/packages).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$PROCTOR_ROOT"

bundles="deb,rpm"
for argument in "$@"; do
  case "$argument" in
    --deb) bundles="deb" ;;
    *) echo "package: unknown option $argument (known: --deb)" >&2; exit 2 ;;
  esac
done

step() { printf '\n== %s\n' "$*"; }
out="${PROCTOR_PACKAGES:-$CARGO_TARGET_DIR/packages}"
stage="$CARGO_TARGET_DIR/package-stage"
started=$SECONDS

[ -f "$PROCTOR_MODELS/manifest.json" ] || { echo "package: no models in $PROCTOR_MODELS (run scripts/setup.sh)" >&2; exit 1; }
[ -x ui/node_modules/.bin/tauri ] || { echo "package: the Tauri command is missing (run scripts/setup.sh)" >&2; exit 1; }

step "Building the UI"
(cd ui && npm run build --silent)

step "Building the release app: the command line and the desktop app, in one build"
# The whole workspace, as scripts/setup.sh builds it (all targets, the same features), so that
# nothing is built twice.
cargo build --release --locked --workspace --all-targets --features proctor-desktop/custom-protocol

step "Staging the models and the package's extra files"
rm -rf "$stage"
mkdir -p "$stage/models" "$stage/mime"
# Only the files set-up installed (the manifest's), not models a user added; hard links where
# the file system allows, so nothing large is copied.
python3 - "$PROCTOR_MODELS" "$stage/models" <<'PY'
import json, os, shutil, sys
source, target = sys.argv[1], sys.argv[2]
manifest = json.load(open(os.path.join(source, "manifest.json")))
for entry in manifest["files"]:
    src = os.path.realpath(os.path.join(source, entry["path"]))
    dst = os.path.join(target, entry["path"])
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
shutil.copy2(os.path.join(source, "manifest.json"), os.path.join(target, "manifest.json"))
PY
cat > "$stage/mime/proctor.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="application/x-proctor-project">
    <sub-class-of type="application/vnd.sqlite3"/>
    <comment>Proctor project</comment>
    <glob pattern="*.proctor"/>
  </mime-type>
</mime-info>
XML
cat > "$stage/proctor.desktop" <<'DESKTOP'
[Desktop Entry]
Categories={{categories}}
Comment={{comment}}
Exec={{exec}} %f
Icon={{icon}}
Name={{name}}
Terminal=false
Type=Application
MimeType=application/x-proctor-project;
StartupWMClass=proctor-desktop
DESKTOP

# What the packages need at run time beyond what Tauri declares (WebKitGTK, GTK): the keychain
# (D-Bus) and the C++ runtime ONNX Runtime and llama.cpp use. Nothing for building.
python3 - "$stage" "$CARGO_TARGET_DIR/release/proctor" <<'PY'
import json, sys
stage, cli = sys.argv[1], sys.argv[2]
files = {
    "/usr/bin/proctor": cli,
    "/usr/share/proctor/models": f"{stage}/models",
    "/usr/share/mime/packages/proctor.xml": f"{stage}/mime/proctor.xml",
    # The exam generator embeds a part-of-speech list derived from WordNet 3.0, whose licence
    # asks for its notice in every copy.
    "/usr/share/doc/proctor/WordNet-LICENSE": "/usr/share/doc/wordnet-base/copyright",
}
config = {
    "bundle": {
        "linux": {
            "deb": {
                "files": files,
                "depends": ["libdbus-1-3", "libstdc++6", "libgcc-s1", "shared-mime-info", "desktop-file-utils"],
                "desktopTemplate": f"{stage}/proctor.desktop",
                "section": "science",
            },
            "rpm": {
                "files": files,
                "depends": ["dbus-libs", "libstdc++", "shared-mime-info"],
                "desktopTemplate": f"{stage}/proctor.desktop",
            },
        },
    }
}
json.dump(config, open(f"{stage}/tauri.package.json", "w"), indent=2)
PY

step "Bundling ($bundles)"
ui/node_modules/.bin/tauri bundle --ci --bundles "$bundles" --config "$stage/tauri.package.json"

# Named as the packages are called (the bundler names the files after the product, "Proctor").
mkdir -p "$out"
rm -f "$out"/*.deb "$out"/*.rpm
for deb in "$CARGO_TARGET_DIR"/release/bundle/deb/*.deb; do
  [ -e "$deb" ] || continue
  fields=$(dpkg-deb -f "$deb" Package Version Architecture | awk '{print $2}' | paste -sd_)
  cp "$deb" "$out/$fields.deb"
done
for rpm in "$CARGO_TARGET_DIR"/release/bundle/rpm/*.rpm; do
  [[ $bundles == *rpm* && -e "$rpm" ]] || continue
  name=$(basename "$rpm")
  cp "$rpm" "$out/proctor${name#Proctor}"
done
step "Packages in $out ($((SECONDS - started)) s)"
ls -l "$out"
