//! Embeds the built UI (`ui/dist`) into the binary, so `proctor serve` works from any folder.
//! Without a built UI the server still builds; its pages then say how to build one.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.is_file() {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dist = manifest.join("../../ui/dist");
    println!("cargo::rerun-if-changed={}", dist.display());
    let mut found = Vec::new();
    files(&dist, &mut found);
    let mut code = String::from(
        "/// The built UI: (path below `/`, contents).\npub static UI_FILES: &[(&str, &[u8])] = &[\n",
    );
    for path in &found {
        let relative = path
            .strip_prefix(&dist)
            .expect("found below dist")
            .to_string_lossy()
            .replace('\\', "/");
        let absolute = path.canonicalize().expect("a file just listed");
        writeln!(
            code,
            "    ({relative:?}, include_bytes!({:?})),",
            absolute.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("ui_files.rs");
    std::fs::write(out, code).expect("writing the embedded UI list");
}
