//! `proctor models`: the models folder, self-tests, and a model of one's own.

use super::*;

#[test]
fn models_list_and_self_test() {
    let out = proctor(&["models", "list"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for role in ["runtime", "embedder", "embedder-int8", "tokenizer"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(role))
            .unwrap_or_else(|| panic!("{stdout}"));
        assert!(line.ends_with("ok"), "{line}");
    }
    let out = proctor(&["models", "test", "--int8"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with("— works\n"),
        "{}",
        text(&out.stdout)
    );
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(["models", "list"])
        .env("PROCTOR_MODELS", dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("scripts/install-models.sh"),
        "{}",
        text(&out.stderr)
    );
}

/// More threads than the machine can use are refused before any model starts, with a message
/// that says how many it can, from the option and from PROCTOR_THREADS alike.
#[test]
fn thread_counts_beyond_the_machine_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("p.proctor");
    let p = project.to_str().unwrap();
    assert!(proctor(&["demo", "--quick", "-p", p]).status.success());
    let out = proctor(&["ingest", "-p", p, "--threads", "100000"]);
    assert!(!out.status.success());
    let said = text(&out.stderr);
    assert!(
        said.contains("100000 threads is more than this machine can use"),
        "{said}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(["ingest", "-p", p])
        .env("PROCTOR_THREADS", "1000")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("1000 threads is more than"),
        "{}",
        text(&out.stderr)
    );
}

/// A models folder of its own (the installed ONNX Runtime, no models) and the small graphs
/// `make_tiny_models.py` writes, in `dir`.
fn scratch_models(dir: &Path) -> (PathBuf, PathBuf) {
    let out = proctor(&["models", "list", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let installed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let path_of = |role: &str| -> PathBuf {
        installed["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["role"] == role)
            .and_then(|f| f["path"].as_str())
            .map_or_else(|| panic!("no {role} in {installed}"), PathBuf::from)
    };
    let folder = dir.join("models");
    std::fs::create_dir_all(&folder).unwrap();
    let manifest = serde_json::json!({"version": 1, "files": [
        {"path": path_of("runtime"), "role": "runtime", "description": "ONNX Runtime"}
    ]});
    std::fs::write(folder.join("manifest.json"), manifest.to_string()).unwrap();
    let tiny = dir.join("tiny");
    let python = std::env::var("PROCTOR_PYTHON").unwrap_or_else(|_| "python3".into());
    let status = Command::new(python)
        .arg(
            std::path::PathBuf::from(
                std::env::var_os("CARGO_MANIFEST_DIR")
                    .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
            )
            .join("../models/tests/make_tiny_models.py"),
        )
        .arg(path_of("tokenizer"))
        .arg(&tiny)
        .status()
        .unwrap();
    assert!(status.success());
    (folder, tiny)
}

#[test]
fn models_add_test_list_and_remove_a_users_model() {
    let dir = tempfile::tempdir().unwrap();
    let (folder, tiny) = scratch_models(dir.path());
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_proctor"))
            .args(args)
            .env("PROCTOR_MODELS", &folder)
            .output()
            .unwrap()
    };
    let model = tiny.join("pair-scorer.onnx");
    let tokenizer = tiny.join("tokenizer.json");
    let (model, tokenizer) = (model.to_str().unwrap(), tokenizer.to_str().unwrap());
    let out = run(&[
        "models",
        "add",
        model,
        "--tokenizer",
        tokenizer,
        "--role",
        "pair-scorer",
        "--name",
        "tiny-ce",
        "--description",
        "a test graph",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("ok     padding in a batch does not change a score"),
        "{stdout}"
    );
    assert!(stdout.ends_with("It passed its self-test.\n"), "{stdout}");
    let listed = text(&run(&["models", "list"]).stdout);
    let line = listed
        .lines()
        .find(|l| l.starts_with("tiny-ce"))
        .unwrap_or_else(|| panic!("{listed}"));
    assert!(
        line.contains("pair-scorer") && line.contains("a test graph"),
        "{line}"
    );
    let out = run(&["models", "test", "tiny-ce", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let test: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(test["passed"], true);
    // A graph that ignores the attention mask is refused, with the check that failed.
    let out = run(&[
        "models",
        "add",
        tiny.join("no-mask.onnx").to_str().unwrap(),
        "--tokenizer",
        tokenizer,
        "--role",
        "pair-scorer",
        "--name",
        "no-mask",
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("padding in a batch does not change a score"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["models", "remove", "tiny-ce"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&run(&["models", "list"]).stdout).contains("No models of your own yet"));
}

/// A model file swapped for another of the same size is listed as damaged and refused where it
/// would be used, with the file and the way out named.
#[test]
fn a_damaged_model_file_of_the_same_size_is_refused() {
    let out = proctor(&["models", "list", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let installed = PathBuf::from(listed["folder"].as_str().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(installed.join("manifest.json")).unwrap()).unwrap();
    for file in manifest["files"].as_array().unwrap() {
        let relative = file["path"].as_str().unwrap();
        let target = dir.path().join(relative);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        if file["role"] == "tokenizer" {
            let mut bytes = std::fs::read(installed.join(relative)).unwrap();
            let middle = bytes.len() / 2;
            bytes[middle] ^= 0x20;
            std::fs::write(&target, bytes).unwrap();
        } else {
            std::os::unix::fs::symlink(installed.join(relative), &target).unwrap();
        }
    }
    std::fs::write(dir.path().join("manifest.json"), manifest.to_string()).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_proctor"))
            .args(args)
            .env("PROCTOR_MODELS", dir.path())
            .env("XDG_CACHE_HOME", dir.path().join("cache"))
            .output()
            .unwrap()
    };
    let out = run(&["models", "list"]);
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("tokenizer"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.ends_with("DAMAGED"), "{stdout}");
    assert!(
        stdout
            .lines()
            .find(|l| l.starts_with("runtime"))
            .unwrap()
            .ends_with("ok"),
        "{stdout}"
    );
    let out = run(&["models", "test"]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("tokenizer.json is not the file the set-up installed")
            && err.contains("Re-run the set-up"),
        "{err}"
    );
}
