// Shared by the browser checks: `proctor serve` on the built UI, and Chromium through
// playwright-core (Debian's chromium; no browser download).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const ui = join(here, "..");
const targetDir = process.env.CARGO_TARGET_DIR ?? join(process.env.HOME ?? "/root", ".cache/proctor-target");
export const proctorBin = process.env.PROCTOR_BIN ?? join(targetDir, "release/proctor");
export const shots = join(ui, "test-results");

/** A models folder of the test's own: the installed runtime, embedder and tokenizer by absolute
 *  path, so models added from the page do not land in the user's folder. */
export function scratchModels(dataDir) {
  const installed = process.env.PROCTOR_MODELS ?? join(process.env.HOME ?? "/root", ".local/share/proctor/models");
  const manifest = JSON.parse(readFileSync(join(installed, "manifest.json"), "utf8"));
  const files = manifest.files.map((f) => ({ ...f, path: join(installed, f.path) }));
  const folder = join(dataDir, "models");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "manifest.json"), JSON.stringify({ version: 1, files }));
  return { folder, tokenizer: files.find((f) => f.role === "tokenizer").path };
}

const SESSION_BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
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
`;

/** A session bus and a Secret Service (GNOME Keyring) of the test's own, so keys saved from the
 *  page land in a real OS keychain that the test throws away; resolves to { env, stop }. */
export async function startKeychain(dir) {
  const home = join(dir, "keychain-home");
  mkdirSync(home, { recursive: true });
  // A bus without service activation: nothing but the daemon below may own the Secret Service
  // (an activated one would start locked, before ours is up).
  const config = join(dir, "session-bus.conf");
  writeFileSync(config, SESSION_BUS_CONFIG);
  const bus = spawn("dbus-daemon", [`--config-file=${config}`, "--nofork", "--print-address=1"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("dbus-daemon printed no address (scripts/setup.sh installs dbus)")), 10000);
    let seen = "";
    bus.stdout.on("data", (chunk) => {
      seen += chunk;
      if (seen.includes("\n")) {
        clearTimeout(timer);
        resolve(seen.trim());
      }
    });
    bus.on("error", reject);
  });
  // What a client of the keychain needs: the bus.
  const env = { DBUS_SESSION_BUS_ADDRESS: address };
  const keyring = spawn("gnome-keyring-daemon", ["--foreground", "--unlock", "--components=secrets"], {
    stdio: ["pipe", "ignore", "ignore"],
    env: { ...process.env, ...env, HOME: home, XDG_RUNTIME_DIR: home, XDG_DATA_HOME: join(home, "data") },
  });
  keyring.stdin.end("proctor-e2e");
  // Ready when the Secret Service answers.
  const deadline = Date.now() + 20000;
  for (;;) {
    const probe = spawnSync(proctorBin, ["keychain", "show", "probe"], { env: { ...process.env, ...env }, encoding: "utf8" });
    if (probe.status === 0) break;
    if (Date.now() > deadline) throw new Error(`the Secret Service did not start: ${probe.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    env,
    stop() {
      keyring.kill();
      bus.kill();
    },
  };
}

/** Starts `proctor serve` with its data in `dataDir` (and any further arguments); resolves to
 *  { process, url, token, origin }. */
export async function startServe(dataDir, env = {}, args = []) {
  mkdirSync(shots, { recursive: true });
  const server = spawn(proctorBin, ["serve", "--port", "0", "--ui", join(ui, "dist"), "--data-dir", dataDir, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("proctor serve did not print its address")), 20000);
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const match = seen.match(/http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
    server.on("exit", (code) => reject(new Error(`proctor serve exited with ${code}`)));
  });
  const parsed = new URL(url);
  return { process: server, url, token: parsed.searchParams.get("token"), origin: parsed.origin };
}

/** Calls a use case over HTTP as the page does; resolves to the parsed JSON (throws its {code, message}). */
export async function api(serve, name, body) {
  const response = await fetch(`${serve.origin}/api/${name}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${serve.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body ?? null),
  });
  const payload = await response.json();
  if (!response.ok) throw Object.assign(new Error(payload.message), payload);
  return payload;
}

export async function withPage(fn) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
      "--disable-component-update", "--no-first-run", "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await fn(page);
  } finally {
    await browser.close();
  }
}

/** Goes to a page of the app by its address (#/results/compare), as a deep link would. */
export async function show(page, hash) {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}
