// A vendor's live system sits the exam, in headless Chromium against `proctor serve`: add an
// HTTP endpoint (against a vendor-like server this test starts on 127.0.0.1, its key in an
// environment variable), try one question, run, stop, resume, and see latency, errors and cost
// beside accuracy — each count opening its questions, each question its request and reply.
// Also: the exam for vendors as a download, and an adaptive sitting that asks only 15 questions. Screenshots in ui/test-results/vendor-*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { proctorBin, shots, startServe, show, withPage } from "./harness.mjs";

const KEY = "sk-e2e-vendor-41c7d2b9e8a06f35";
let serve;
let dataDir;
let project;
let vendor;
const asked = new Map();

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proctor-vendors-"));
  project = join(dataDir, "vendor.proctor");
  const built = spawnSync(proctorBin, ["demo", "--quick", "-p", project], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  // The vendor knows the keys (from the exam as Proctor writes it) and answers after 150 ms:
  // every seventh question wrong, tw-010 with broken JSON, the passage as evidence on even ones.
  const file = join(dataDir, "exam.json");
  const exported = spawnSync(proctorBin, ["exam", "export", "-p", project, "--format", "json", "-o", file], { encoding: "utf8" });
  assert.equal(exported.status, 0, exported.stderr);
  const exam = new Map(JSON.parse(readFileSync(file, "utf8")).map((q, i) => [q.id, { ...q, number: i + 1 }]));
  vendor = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const id = JSON.parse(body).id;
      asked.set(id, (asked.get(id) ?? 0) + 1);
      const q = exam.get(id);
      setTimeout(() => {
        response.setHeader("Content-Type", "application/json");
        if (request.headers["x-api-key"] !== KEY) {
          response.statusCode = 401;
          response.end('{"error": "bad key"}');
        } else if (id === "tw-010") {
          response.end('{"answer": B');
        } else {
          const answer = q.number % 7 === 0 ? (q.answer === "A" ? "B" : "A") : q.answer;
          const contexts = q.number % 2 === 0 ? [{ id: `doc-${q.number}`, text: q.source_text ?? "" }] : [];
          response.end(JSON.stringify({ answer, contexts, usage: { prompt_tokens: 120, completion_tokens: 1 } }));
        }
      }, 150);
    });
  });
  await new Promise((resolve) => vendor.listen(0, "127.0.0.1", resolve));
  serve = await startServe(dataDir, { VENDOR_E2E_KEY: KEY });
});

after(() => {
  serve?.process.kill();
  vendor?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("add an endpoint, try one question, run, stop, resume, and read what it cost", async () => {
  const address = `http://127.0.0.1:${vendor.address().port}/ask`;
  await withPage(async (page) => {
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill(project);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await show(page, "#/systems");
    await page.getByRole("button", { name: "Add an HTTP endpoint" }).click();
    const form = page.getByTestId("endpoint-form");
    await form.getByRole("radio", { name: /Generic JSON RAG endpoint/ }).click();
    await form.getByLabel("System name").fill("Vendor E2E");
    await form.getByLabel("Address").fill(address);
    await form.getByLabel("Value comes from").selectOption("environment");
    await form.getByLabel("Variable or entry").fill("VENDOR_E2E_KEY");
    await form.getByLabel("Question to try").fill("tw-002");
    await form.getByRole("button", { name: "Try one question" }).click();
    const tried = form.getByTestId("try-result");
    await tried.waitFor();
    assert.match(await tried.getByTestId("try-request").innerText(), /X-API-Key: ••• \(from \$VENDOR_E2E_KEY\)/);
    assert.doesNotMatch(await tried.innerText(), new RegExp(KEY));
    assert.match(await tried.getByTestId("try-mapping").innerText(), /the letter [A-D] — right/);
    await page.screenshot({ path: join(shots, "vendor-try.png"), fullPage: true });

    await form.getByRole("button", { name: "Add the system" }).click();
    await form.getByTestId("secret-status").getByText(/VENDOR_E2E_KEY \(set, ends …6f35\)/).waitFor();
    await form.getByRole("button", { name: "Close" }).click();

    // Run, stop part-way, run again: it resumes.
    const run = page.getByTestId("endpoint-run");
    await run.getByRole("button", { name: "Run", exact: true }).click();
    const job = run.getByTestId("job");
    await job.waitFor();
    await job.getByText(/^(2\d|[3-9]\d) of 120/).waitFor({ timeout: 30000 });
    await page.screenshot({ path: join(shots, "vendor-running.png"), fullPage: true });
    await job.getByRole("button", { name: "Stop" }).click();
    await run.getByText(/Stopped\. The answers so far are kept/).waitFor({ timeout: 30000 });
    const stoppedAt = [...asked.values()].reduce((a, b) => a + b, 0);
    assert.ok(stoppedAt < 120, `stopped after ${stoppedAt} requests`);
    await run.getByRole("button", { name: "Run", exact: true }).click();
    const report = run.getByTestId("endpoint-run-report");
    await report.waitFor({ timeout: 60000 });
    const resumed = (await report.innerText()).match(/Vendor E2E: asked (\d+) \(\d+ answered, [01] errors; (\d+) before\)/);
    assert.ok(resumed, await report.innerText());
    assert.equal(Number(resumed[1]) + Number(resumed[2]), 120, "the second run asked only what the first left");
    assert.equal(asked.size, 120);
    const repeated = [...asked.values()].filter((n) => n > 1).length;
    assert.ok(repeated <= 4, `${repeated} questions asked twice (only those in flight at the stop may be)`);

    // Speed, errors and cost beside accuracy; the error count opens its question.
    const row = page.getByTestId("operations-row").filter({ hasText: "Vendor E2E" });
    await row.getByText(/ms/).first().waitFor();
    const cells = await row.innerText();
    assert.match(cells, /\d+\.\d%/);
    assert.match(cells, /0\.8%/, "1 error of 120");
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no horizontal scrolling");
    await page.screenshot({ path: join(shots, "vendor-operations.png"), fullPage: true });
    await row.getByRole("button", { name: "1", exact: true }).first().click();
    const sheet = page.getByTestId("answer-sheet");
    await sheet.waitFor();
    assert.match(await sheet.getByTestId("sheet-counts").innerText(), /Showing 1 \(errors\) of 120 questions/);
    await sheet.locator("tr.line").first().getByRole("button").click();
    const exchange = sheet.getByTestId("exchange");
    await exchange.getByText(/the reply is not JSON/).waitFor();
    assert.match(await exchange.innerText(), /X-API-Key: ••• \(from \$VENDOR_E2E_KEY\)/);
    await page.screenshot({ path: join(shots, "vendor-exchange.png"), fullPage: true });

    // The exam for vendors, as a download.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exam for vendors as CSV" }).click()]);
    assert.match(download.suggestedFilename(), /for-vendors\.csv$/);
    const saved = readFileSync(await download.path(), "utf8");
    assert.match(saved, /^question_id,question,A,B,C,D,query,answer\n/);

    // Fewer questions: from scratch, an adaptive sitting of at most 15 questions asks the vendor
    // 15 and predicts the whole exam.
    const before = [...asked.values()].reduce((a, b) => a + b, 0);
    await run.getByLabel("Forget their answers on this exam and ask everything again").check();
    await run.getByTestId("adaptive").check();
    await run.getByLabel("At most this many questions").fill("15");
    await run.getByLabel("Stop at standard error").fill("0");
    await run.getByRole("button", { name: "Run", exact: true }).click();
    const estimate = run.getByTestId("adaptive-estimate");
    await estimate.waitFor({ timeout: 60000 });
    const text = await estimate.innerText();
    assert.match(text, /Adaptive: 15 of 120 questions · predicted accuracy on the whole exam \d+% \(\d+–\d+%\) · ability -?\d\.\d\d ± \d\.\d\d, calibrated on \d+ systems/);
    assert.equal([...asked.values()].reduce((a, b) => a + b, 0) - before, 15, "only the 15 chosen questions were sent");
    await run.screenshot({ path: join(shots, "vendor-adaptive.png") });
  });
});
