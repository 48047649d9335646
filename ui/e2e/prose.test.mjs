// The analyst's real question, in headless Chromium against `proctor serve`: Vendor A from an
// answers file, Vendor B over HTTP (a server this test starts on 127.0.0.1) answering in prose
// as assistants do — some replies name two choices and hold neither. The run counts the
// replies that need a look; the analyst reads one by hand and the leaderboard and the verdict
// move with it; Vendor B also sits the exam asked without the choices (open answers, graded by
// the local reader); the report answers "A or B?" head to head. Screenshots in
// ui/test-results/prose-*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { proctorBin, shots, startServe, show, withPage } from "./harness.mjs";

let serve;
let dataDir;
let project;
let vendor;
let exam;
// The questions Vendor B's prose leaves undecided ("It could be B or D").
const undecided = (q) => q.number % 6 === 0;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proctor-prose-"));
  project = join(dataDir, "prose.proctor");
  const built = spawnSync(proctorBin, ["demo", "--quick", "-p", project], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  const file = join(dataDir, "exam.json");
  const exported = spawnSync(proctorBin, ["exam", "export", "-p", project, "--format", "json", "-o", file], { encoding: "utf8" });
  assert.equal(exported.status, 0, exported.stderr);
  exam = new Map(JSON.parse(readFileSync(file, "utf8")).map((q, i) => [q.id, { ...q, number: i + 1 }]));
  const letters = "ABCDEF";
  const other = (q) => (q.answer === "A" ? "B" : "A");
  const textOf = (q, letter) => q.choices?.[letters.indexOf(letter)] ?? q[letter] ?? letter;

  // Vendor A: an answers file of letters, every fourth one wrong.
  const answers = join(dataDir, "vendor-a.csv");
  const rows = [...exam.values()].map((q) => `${q.id},${q.number % 4 === 0 ? other(q) : q.answer}`);
  writeFileSync(answers, `question_id,answer\n${rows.join("\n")}\n`);
  const imported = spawnSync(proctorBin, ["import", "answers", answers, "-p", project, "--system", "Vendor A"], { encoding: "utf8" });
  assert.equal(imported.status, 0, imported.stderr);

  // Vendor B: prose in five styles, every fifth answer wrong, every sixth undecided; asked
  // without the choices (/open), the question's own passage on even questions, a passage of
  // another question on odd ones.
  const passages = [...exam.values()].map((q) => q.source_text ?? "");
  vendor = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const asked = JSON.parse(body);
      const q = exam.get(asked.id);
      response.setHeader("Content-Type", "application/json");
      if (request.url === "/open") {
        const passage = q.number % 2 === 0 ? passages[q.number - 1] : passages[(q.number + 60) % passages.length];
        response.end(JSON.stringify({ answer: passage }));
        return;
      }
      const meant = q.number % 5 === 0 ? other(q) : q.answer;
      const not = meant === "A" ? "C" : "A";
      const styles = [
        `Looking at the documentation, I would go with (${meant}).`,
        `Let me reason it through. Option ${not} looks plausible at first, but it does not match the guide.\n\nFinal answer: ${meant}`,
        `Not ${not} — the documentation says "${textOf(q, meant)}".`,
        `**Answer**\n\n**${meant}** — ${textOf(q, meant)}`,
        `${not} is wrong; it is ${meant}.`,
      ];
      const answer = undecided(q) ? `It could be ${meant} or ${not}; both fit the guide.` : styles[q.number % styles.length];
      response.end(JSON.stringify({ answer }));
    });
  });
  await new Promise((resolve) => vendor.listen(0, "127.0.0.1", resolve));
  serve = await startServe(dataDir);
});

after(() => {
  serve?.process.kill();
  vendor?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function addEndpoint(page, name, path, open) {
  await show(page, "#/systems");
  await page.getByRole("button", { name: "Add an HTTP endpoint" }).click();
  const form = page.getByTestId("endpoint-form");
  await form.getByRole("radio", { name: /Generic JSON RAG endpoint/ }).click();
  await form.getByLabel("System name").fill(name);
  await form.getByLabel("Address").fill(`http://127.0.0.1:${vendor.address().port}${path}`);
  if (open) {
    await form.getByLabel("Asks for").selectOption("open");
    await form.getByTestId("open-note").waitFor();
    await form.getByLabel("Request body").fill('{"id": "{{id}}", "question": "{{question}}"}');
  }
  // The generic preset's header carries a key; this vendor needs none.
  await form.getByRole("button", { name: "Remove header" }).first().click();
  await form.getByLabel("Evidence path").fill("");
  await form.getByRole("button", { name: "Add the system" }).click();
  await form.getByRole("button", { name: "Close" }).click();
}

async function runOnly(page, name) {
  const run = page.getByTestId("endpoint-run");
  // The systems to run are ticked by name: only this one.
  for (const box of await run.locator("input[type=checkbox][value]").all()) {
    if ((await box.getAttribute("value")) === name) await box.check();
    else await box.uncheck();
  }
  await run.getByRole("button", { name: "Run", exact: true }).click();
  const report = run.getByTestId("endpoint-run-report");
  await report.waitFor({ timeout: 60000 });
  return report;
}

test("prose replies are read, the undecided ones counted and read by hand; open answers; A or B head to head", async () => {
  const waiting = [...exam.values()].filter(undecided).length;
  await withPage(async (page) => {
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill(project);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByTestId("setup").waitFor({ timeout: 30000 });

    // Vendor B answers in prose: the run says how many replies need a look.
    await addEndpoint(page, "Vendor B", "/ask", false);
    const report = await runOnly(page, "Vendor B");
    const said = await report.innerText();
    assert.match(said, new RegExp(`Vendor B: asked 120 \\(${120 - waiting} answered, ${waiting} need a look, 0 errors; 0 before\\)`), said);
    await page.screenshot({ path: join(shots, "prose-run.png"), fullPage: true });

    // The leaderboard marks them; every readable reply was read as meant (every fifth wrong).
    await show(page, "#/results/leaderboard");
    const row = page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Vendor B" });
    assert.equal((await row.getByTestId("to-read").innerText()).trim(), `⚑ ${waiting} to read`);
    const readable = [...exam.values()].filter((q) => !undecided(q));
    const right = readable.filter((q) => q.number % 5 !== 0).length;
    assert.match(await row.innerText(), new RegExp(`${((100 * right) / 120).toFixed(1)}%`));

    // A or B: the verdict says how many replies wait.
    await show(page, "#/results/compare");
    await page.getByLabel("First system").selectOption("Vendor A");
    await page.getByLabel("Second system").selectOption("Vendor B");
    const verdict = page.getByTestId("compare-verdict");
    await verdict.getByText(new RegExp(`${waiting} of Vendor B's replies still need a look`)).waitFor();
    await page.screenshot({ path: join(shots, "prose-verdict-before.png"), fullPage: true });

    // One is read by hand (as its writer meant: the first choice it names); everything moves.
    await show(page, "#/results/leaderboard");
    await row.getByTestId("to-read").click();
    const sheet = page.getByTestId("answer-sheet");
    await sheet.waitFor();
    const first = sheet.getByTestId("sheet-row").first();
    // The row starts with the question's number in the exam.
    const number = Number((await first.innerText()).match(/^\s*(\d+)/)?.[1]);
    const q = [...exam.values()].find((e) => e.number === number);
    assert.ok(q && undecided(q), await first.innerText());
    const meant = q.number % 5 === 0 ? other(q) : q.answer;
    await first.getByRole("button", { name: "Read by hand" }).click();
    const hand = sheet.getByTestId("hand-reading");
    await hand.getByLabel(/^Why/).fill("it names the first choice first");
    await hand.getByRole("group", { name: "The reply gives" }).getByRole("button", { name: new RegExp(`^${meant}\\b`) }).click();
    await hand.getByTestId("hand-note").waitFor();
    await sheet.getByRole("tab", { name: `needs a look (${waiting - 1})` }).waitFor();
    await page.screenshot({ path: join(shots, "prose-hand-reading.png"), fullPage: true });
    await show(page, "#/results/leaderboard");
    await row.getByTestId("to-read").filter({ hasText: `⚑ ${waiting - 1} to read` }).waitFor();
    await show(page, "#/results/compare");
    await page.getByLabel("First system").selectOption("Vendor A");
    await page.getByLabel("Second system").selectOption("Vendor B");
    await verdict.getByText(new RegExp(`${waiting - 1} of Vendor B's replies still need a look`)).waitFor();

    // Open answers: Vendor B asked without the choices; the reader grades its free answers.
    await addEndpoint(page, "Vendor B (open)", "/open", true);
    const open = await runOnly(page, "Vendor B (open)");
    await open.getByTestId("open-grade").getByText(/the lexical reader answered from the free answers: \d+ right of 120; given each question's source passage instead it gets \d+\.\d% \(its ceiling\)/).waitFor();
    await show(page, "#/results/leaderboard");
    const openRow = page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Vendor B (open)" });
    assert.match(await openRow.innerText(), /open answers/);
    await openRow.getByTestId("ceiling").waitFor({ state: "attached" });
    await page.screenshot({ path: join(shots, "prose-open.png"), fullPage: true });

    // The report: only the two vendors, head to head.
    await show(page, "#/report");
    const covers = page.getByTestId("report");
    // "only" keeps one system; a tick adds the other.
    await covers.getByRole("button", { name: "Only Vendor A" }).click();
    await covers.locator(".row label.check", { hasText: /^\s*Vendor B\s*$/ }).locator("input").check();
    assert.deepEqual(
      await covers.locator(".row label.check input:checked").evaluateAll((boxes) => boxes.map((b) => b.parentElement.textContent.trim()).sort()),
      ["Vendor A", "Vendor B"],
    );
    const preview = page.frameLocator("[data-testid=report-preview]");
    await preview.locator("section.pair").first().waitFor({ timeout: 30000 });
    const pairs = await preview.locator("section.pair").count();
    assert.equal(pairs, 1);
    const pair = await preview.locator("section.pair").innerText();
    assert.match(pair, /Vendor A and Vendor B|Vendor B and Vendor A/);
    assert.match(pair, /Where they differ/);
    const body = await preview.locator("body").innerText();
    assert.match(body, /2 of the \d+ systems that sat it: Vendor A, Vendor B|2 of the \d+ systems that sat it: Vendor B, Vendor A/);
    assert.match(body, /Replies read by hand/);
    await page.screenshot({ path: join(shots, "prose-report.png"), fullPage: true });
  });
});

function other(q) {
  return q.answer === "A" ? "B" : "A";
}
