//! API keys in the OS keychain, end to end: a real Secret Service (GNOME Keyring on a D-Bus
//! session bus the test starts), `proctor keychain`, and an endpoint language model whose key
//! is read from the keychain and reaches a small OpenAI-compatible server on 127.0.0.1 — while
//! no file Proctor writes holds it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const KEY: &str = "sk-test-0123456789abcdefghij-7f3a";

const SESSION_BUS_CONFIG: &str = r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"#;

/// A process killed when the test ends, however it ends.
struct Daemon(Child);

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A session bus and a Secret Service on it, in their own home folder.
struct Keychain {
    bus: String,
    home: tempfile::TempDir,
    _daemons: Vec<Daemon>,
}

fn which(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

impl Keychain {
    fn start() -> Self {
        for program in ["dbus-daemon", "gnome-keyring-daemon"] {
            assert!(
                which(program),
                "{program} is not installed: scripts/setup.sh installs dbus and gnome-keyring"
            );
        }
        let home = tempfile::tempdir().unwrap();
        // A bus without service activation: nothing but the daemon below may own the Secret
        // Service (an activated one would start locked, before ours is up).
        let config = home.path().join("session-bus.conf");
        std::fs::write(&config, SESSION_BUS_CONFIG).unwrap();
        let mut bus = Command::new("dbus-daemon")
            .arg(format!("--config-file={}", config.display()))
            .args(["--nofork", "--print-address=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut address = String::new();
        BufReader::new(bus.stdout.take().unwrap())
            .read_line(&mut address)
            .unwrap();
        let bus_daemon = Daemon(bus);
        let address = address.trim().to_owned();
        assert!(!address.is_empty(), "dbus-daemon printed no address");
        let mut keyring = Command::new("gnome-keyring-daemon")
            .args(["--foreground", "--unlock", "--components=secrets"])
            .env("DBUS_SESSION_BUS_ADDRESS", &address)
            .env("HOME", home.path())
            .env("XDG_RUNTIME_DIR", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The login keyring's password, then end of input: it is created unlocked.
        let mut stdin = keyring.stdin.take().unwrap();
        stdin.write_all(b"proctor-test").unwrap();
        drop(stdin);
        let keychain = Self {
            bus: address,
            home,
            _daemons: vec![bus_daemon, Daemon(keyring)],
        };
        // Wait until the Secret Service answers.
        let started = Instant::now();
        loop {
            let out = keychain.proctor(&["keychain", "show", "probe"], None);
            if out.status.success() {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the Secret Service did not start: {}",
                text(&out.stderr)
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        keychain
    }

    /// `proctor` with this session bus (and `stdin` fed in).
    fn proctor(&self, args: &[&str], stdin: Option<&str>) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_proctor"))
            .args(args)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.bus)
            .env("HOME", self.home.path())
            .env("XDG_RUNTIME_DIR", self.home.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut pipe = child.stdin.take().unwrap();
        if let Some(input) = stdin {
            pipe.write_all(input.as_bytes()).unwrap();
        }
        drop(pipe);
        child.wait_with_output().unwrap()
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An OpenAI-compatible server that notes each request's Authorization header and answers every
/// question with the letters' log-probabilities, A likeliest (wrong keys get 401).
fn start_vendor(seen: Arc<Mutex<Vec<String>>>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let seen = Arc::clone(&seen);
            std::thread::spawn(move || serve(stream, &seen));
        }
    });
    url
}

fn serve(mut stream: TcpStream, seen: &Mutex<Vec<String>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let (mut length, mut authorization) = (0, String::new());
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        let lower = line.to_lowercase();
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if lower.starts_with("authorization:") {
            line["authorization:".len()..]
                .trim()
                .clone_into(&mut authorization);
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    seen.lock().unwrap().push(authorization.clone());
    let (status, reply) = if authorization == format!("Bearer {KEY}") {
        let top: Vec<String> = ["A", "B", "C", "D"]
            .iter()
            .enumerate()
            .map(|(i, l)| format!(r#"{{"token":"{l}","logprob":-{i}.5}}"#))
            .collect();
        (
            "200 OK",
            format!(
                r#"{{"choices":[{{"message":{{"role":"assistant","content":"A"}},"logprobs":{{"content":[{{"token":"A","logprob":-0.5,"top_logprobs":[{}]}}]}}}}]}}"#,
                top.join(",")
            ),
        )
    } else {
        ("401 Unauthorized", r#"{"error":"bad key"}"#.to_owned())
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
        reply.len()
    );
}

fn files_under(dir: &Path, into: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, into);
        } else {
            into.push(path);
        }
    }
}

#[test]
fn an_endpoint_key_is_read_from_the_os_keychain_and_written_nowhere() {
    let keychain = Keychain::start();
    // A models folder with none of the installed files: an endpoint needs none.
    let models = tempfile::tempdir().unwrap();
    std::fs::write(
        models.path().join("manifest.json"),
        r#"{"version": 1, "files": []}"#,
    )
    .unwrap();
    let models_arg = models.path().to_str().unwrap();

    // Nothing saved yet: the endpoint is refused with the entry named, and nothing is added.
    let seen = Arc::new(Mutex::new(Vec::new()));
    let url = start_vendor(Arc::clone(&seen));
    let add = [
        "models",
        "add-endpoint",
        "--url",
        &url,
        "--model",
        "reader-1",
        "--key-keychain",
        "vendor key",
        "--name",
        "vendor",
        "--models",
        models_arg,
    ];
    let refused = keychain.proctor(&add, None);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("the OS keychain entry 'vendor key', which holds nothing"),
        "{}",
        text(&refused.stderr)
    );
    assert!(
        seen.lock().unwrap().is_empty(),
        "nothing is sent without the key"
    );

    // The key is read from standard input, never from the command line.
    let saved = keychain.proctor(
        &["keychain", "set", "vendor key"],
        Some(&format!("{KEY}\n")),
    );
    assert!(saved.status.success(), "{}", text(&saved.stderr));
    assert_eq!(text(&saved.stdout).trim(), "vendor key: set, ends …7f3a");
    assert!(!text(&saved.stdout).contains("0123456789"));

    let added = keychain.proctor(&add, None);
    assert!(added.status.success(), "{}", text(&added.stderr));
    {
        let seen = seen.lock().unwrap();
        assert!(!seen.is_empty());
        assert!(
            seen.iter().all(|a| *a == format!("Bearer {KEY}")),
            "{seen:?}"
        );
    }
    let listed = keychain.proctor(&["models", "list", "--models", models_arg], None);
    assert!(
        text(&listed.stdout)
            .contains("key from the OS keychain entry 'vendor key' (set, ends …7f3a)"),
        "{}",
        text(&listed.stdout)
    );
    // No file in the models folder holds the key; the manifest names the entry.
    let mut files = Vec::new();
    files_under(models.path(), &mut files);
    assert!(!files.is_empty());
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        assert!(
            !text(&bytes).contains(KEY) && !text(&bytes).contains("0123456789abcdef"),
            "{} holds the key",
            file.display()
        );
    }
    let manifest = std::fs::read_to_string(models.path().join("user-models.json")).unwrap();
    assert!(
        manifest.contains("\"key_keychain\": \"vendor key\""),
        "{manifest}"
    );

    // Forgotten, the key is no longer sent: the self-test says where it was looked for.
    let forgotten = keychain.proctor(&["keychain", "forget", "vendor key"], None);
    assert_eq!(text(&forgotten.stdout).trim(), "vendor key: nothing saved");
    let retest = keychain.proctor(&["models", "test", "vendor", "--models", models_arg], None);
    assert!(!retest.status.success());
    assert!(
        text(&retest.stderr).contains("which holds nothing"),
        "{}",
        text(&retest.stderr)
    );
    // An empty key is refused and changes nothing.
    let empty = keychain.proctor(&["keychain", "set", "vendor key"], Some("  \n"));
    assert!(!empty.status.success());
    assert!(text(&empty.stderr).contains("the key is empty"));
}

#[test]
fn without_a_keychain_the_message_says_what_to_run_instead() {
    let home = tempfile::tempdir().unwrap();
    // A bus address nothing listens on.
    let out = Command::new(env!("CARGO_BIN_EXE_proctor"))
        .args(["keychain", "show", "anything"])
        .env(
            "DBUS_SESSION_BUS_ADDRESS",
            format!("unix:path={}", home.path().join("no-bus").display()),
        )
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let message = text(&out.stderr);
    assert!(
        message.contains("no OS keychain answered") && message.contains("environment variable"),
        "{message}"
    );
}
