// The analyst's journeys through the workbench, in headless Chromium against `proctor serve`:
// (a) a new project from dropped files to the leaderboard, (b) a question's answers, an edited
// key, version 2 and what must be answered again, (c) rename, tag, delete and undo, (d) from a
// compare count to its questions, (e) uploading from the browser, (f) re-indexing the corpus with
// other chunk settings, (g) a folder uploaded with its sub-folders as topics, a document's topic
// set, and an exam generated, reviewed and frozen from it. Each leaves a screenshot in
// ui/test-results/journey-*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shots, startServe, show, ui, withPage } from "./harness.mjs";
import { xlsx } from "./xlsx.mjs";

const sample = join(ui, "..", "crates", "sample", "data");
let serve;
let dataDir;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proctor-journeys-"));
  serve = await startServe(dataDir);
});

after(() => {
  serve?.process.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Drops files (name → bytes) on an element as a browser drag from the desktop would. */
async function dropFiles(page, target, files) {
  const payload = files.map(([name, bytes]) => ({ name, data: Buffer.from(bytes).toString("base64") }));
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const raw = atob(f.data);
      const bytes = new Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
      dt.items.add(new File([bytes], f.name));
    }
    return dt;
  }, payload);
  await target.dispatchEvent("dragover", { dataTransfer: transfer });
  await target.dispatchEvent("drop", { dataTransfer: transfer });
}

/** The sample exam's first `n` questions as spreadsheet rows, and their ids. */
function examRows(n) {
  const lines = readFileSync(join(sample, "exam.csv"), "utf8").trim().split("\n");
  // The sample's exam has no commas inside cells except in its source passages, which are the
  // last column: split the first nine fields and keep the rest as the passage.
  const rows = lines.slice(0, n + 1).map((line) => {
    const cells = line.split(",");
    return [...cells.slice(0, 9), cells.slice(9).join(",")];
  });
  return { rows, ids: rows.slice(1).map((r) => r[0]) };
}

/** A sample system's answers to the given questions, as CSV. */
function answersFor(file, ids) {
  const keep = new Set(ids);
  const lines = readFileSync(join(sample, "answers", file), "utf8").trim().split("\n");
  return [lines[0], ...lines.slice(1).filter((l) => keep.has(l.split(",")[0]))].join("\n") + "\n";
}

/** A page of the left navigation. */
const nav = (page, name) => page.getByRole("navigation", { name: "Workflow" }).getByRole("link", { name, exact: true });

async function noHorizontalScroll(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `the page scrolls sideways by ${wide}px`);
}

test("(a) a new project: drop documents, a spreadsheet exam and two answer files, see the leaderboard", async () => {
  await withPage(async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(serve.url);
    await page.getByLabel("Where to save it").fill(join(dataDir, "vendors.proctor"));
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByTestId("setup").waitFor();
    assert.match(await page.getByTestId("state-documents").innerText(), /No documents/i);

    const corpus = join(sample, "corpus", "Installation");
    const documents = readdirSync(corpus).map((name) => [name, readFileSync(join(corpus, name))]);
    await dropFiles(page, page.getByLabel("Drop zone for documents"), documents);
    await page.getByTestId("state-documents").filter({ hasText: `${documents.length} documents` }).waitFor({ timeout: 30000 });

    const { rows, ids } = examRows(15);
    await dropFiles(page, page.getByLabel("Drop zone for exam"), [["Vendor exam.xlsx", xlsx(rows)]]);
    await page.getByTestId("state-exam").filter({ hasText: "15 questions" }).waitFor({ timeout: 30000 });

    await dropFiles(page, page.getByLabel("Drop zone for systems"), [
      ["Atlas RAG.csv", answersFor("atlas-rag.csv", ids)],
      ["Echo Bot.csv", answersFor("echo-bot.csv", ids)],
    ]);
    await page.getByTestId("state-systems").filter({ hasText: "2 systems" }).waitFor({ timeout: 30000 });
    await noHorizontalScroll(page);
    await page.screenshot({ path: join(shots, "journey-a-setup.png"), fullPage: true });

    // The dropped files were uploaded into the project's folder.
    const uploaded = readdirSync(join(dataDir, "vendors.proctor.files"));
    assert.ok(uploaded.includes("Vendor exam.xlsx") && uploaded.includes("Atlas RAG.csv"), uploaded.join(", "));

    await page.getByRole("link", { name: "See the leaderboard" }).click();
    const board = page.getByTestId("leaderboard");
    await board.waitFor();
    const names = await board.locator("tbody tr .system").allInnerTexts();
    assert.deepEqual(names.sort(), ["Atlas RAG", "Echo Bot"]);
    assert.match(await page.getByTestId("version-picker").locator("option:checked").innerText(), /Vendor exam · version 1/);
    await noHorizontalScroll(page);
    await page.screenshot({ path: join(shots, "journey-a-leaderboard.png"), fullPage: true });

    // The exam's topic is renamed on Documents, for documents and questions alike.
    await nav(page, "Documents").click();
    await page.getByTestId("topics").getByText(/Topics \(1\)/).click();
    await page.getByRole("button", { name: "Rename Installation" }).click();
    await page.getByLabel("New name for Installation").fill("Setting up");
    await page.getByRole("button", { name: "Rename", exact: true }).click();
    await page.getByTestId("topics").getByText("Installation is now called Setting up.").waitFor();
    await show(page, "#/questions");
    await page.getByRole("listbox", { name: "Questions" }).getByRole("option").first().getByText("Setting up").waitFor();
  });
});

test("(b) a question's answers, a corrected key, version 2, and version 1 still reachable", async () => {
  await withPage(async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(serve.url);
    await nav(page, "Start").click();
    await page.getByRole("button", { name: "Open the sample project" }).click();
    await page.getByTestId("setup").waitFor();
    await show(page, "#/results/leaderboard");
    const atlasBefore = await page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Atlas RAG" }).locator(".accuracy strong").innerText();

    await show(page, "#/questions/tw-001");
    const detail = page.getByTestId("question-detail");
    await detail.getByText("Every system's answer").waitFor();
    const answers = detail.getByTestId("answers").locator("tbody tr");
    await answers.first().waitFor();
    assert.equal(await answers.count(), 8, "seven systems and the gold-articles reader");
    assert.match(await answers.filter({ hasText: "Atlas RAG" }).innerText(), /D\s+right/);
    await noHorizontalScroll(page);
    await page.screenshot({ path: join(shots, "journey-b-question.png"), fullPage: true });

    // The key becomes B: a change to what systems answer, so it opens draft version 2.
    await detail.getByTestId("edit-question").click();
    await page.getByLabel("Choice B is correct").check();
    await page.getByRole("button", { name: "Save to draft" }).click();
    const banner = page.getByTestId("draft-banner");
    await banner.getByText("Version 2 is a draft.").waitFor();
    assert.match(await banner.innerText(), /1 changed, 0 added, 0 retired/);
    assert.match(await page.getByTestId("version-picker").locator("option:checked").innerText(), /version 2 \(draft\)/);
    await page.screenshot({ path: join(shots, "journey-b-draft.png"), fullPage: true });
    await banner.getByTestId("freeze").click();
    await page.getByRole("status").filter({ hasText: "Version 2 is frozen" }).waitFor();
    assert.match(await page.getByRole("status").filter({ hasText: "Version 2 is frozen" }).innerText(), /1 question to answer/);

    // Every system must answer the changed question again; the rest carried over (the tenth
    // cell: "To answer", after "To read").
    await nav(page, "Systems").click();
    const atlas = page.getByTestId("system-row").filter({ hasText: "Atlas RAG" });
    await atlas.waitFor();
    assert.match(await atlas.innerText(), /v2, v1/);
    assert.equal(await atlas.locator("td").nth(9).innerText(), "1");
    await page.screenshot({ path: join(shots, "journey-b-to-answer.png"), fullPage: true });

    // One more answer file, picked in the browser: Atlas RAG answers tw-001 again.
    await nav(page, "Set-up").click();
    await page.getByTestId("pick-systems").setInputFiles({ name: "Atlas RAG.csv", mimeType: "text/csv", buffer: Buffer.from("question_id,answer\ntw-001,B\n") });
    await page.getByTestId("setup-messages").getByText(/Atlas RAG/).waitFor({ timeout: 30000 });
    await nav(page, "Systems").click();
    await page.getByTestId("system-row").filter({ hasText: "Atlas RAG" }).locator("td").nth(9).filter({ hasText: "0" }).waitFor();
    assert.equal(await page.getByTestId("system-row").filter({ hasText: "Beacon Search" }).locator("td").nth(9).innerText(), "1");

    // Version 1's results are where they were.
    await page.getByTestId("version-picker").selectOption({ label: "Tidewater product exam · version 1" });
    await show(page, "#/results/leaderboard");
    const v1 = page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Atlas RAG" }).locator(".accuracy strong");
    await v1.waitFor();
    assert.equal(await v1.innerText(), atlasBefore);
    await page.screenshot({ path: join(shots, "journey-b-version-1.png"), fullPage: true });
  });
});

test("(c) rename, tag and delete a system, then undo the delete", async () => {
  await withPage(async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(serve.url);
    await page.getByTestId("setup").waitFor();
    await show(page, "#/systems");
    const row = page.getByTestId("system-row").filter({ hasText: "Drift QA" });
    await row.getByRole("button", { name: "Rename or tag Drift QA" }).click();
    await page.getByLabel("New name").fill("Drift QA 2");
    await page.getByLabel("Tags").fill("llm=small, retriever=bm25");
    await page.getByRole("button", { name: "Save" }).click();
    const renamed = page.getByTestId("system-row").filter({ hasText: "Drift QA 2" });
    await renamed.waitFor();
    assert.match(await renamed.innerText(), /llm=small, retriever=bm25/);

    await renamed.getByRole("button", { name: "Delete Drift QA 2" }).click();
    await renamed.getByText("Delete Drift QA 2 and its answers?").waitFor();
    await renamed.getByRole("button", { name: "Delete", exact: true }).click();
    const undo = page.getByTestId("undo-delete");
    await undo.waitFor();
    assert.match(await undo.innerText(), /Deleted Drift QA 2 with its \d+ answers/);
    await page.getByTestId("system-row").filter({ hasText: "Drift QA" }).waitFor({ state: "detached" });
    await noHorizontalScroll(page);
    await page.screenshot({ path: join(shots, "journey-c-deleted.png"), fullPage: true });

    await undo.getByRole("button", { name: "Undo" }).click();
    await page.getByTestId("system-row").filter({ hasText: "Drift QA 2" }).waitFor();
    assert.equal(await page.getByTestId("undo-delete").count(), 0);

    // Its answer sheet, question by question.
    await page.getByRole("link", { name: "Drift QA 2" }).click();
    const sheet = page.getByTestId("answer-sheet");
    await sheet.waitFor();
    // Every question is on it: the counts add up to the exam, and the last row scrolls into view.
    const counts = await sheet.getByTestId("sheet-counts").innerText();
    const total = Number(counts.match(/^(\d+) questions/)?.[1]);
    assert.ok(total >= 120, counts);
    assert.equal([...counts.matchAll(/(\d+) (?:right|wrong|unanswered|needs? a look|error|to answer)/g)].reduce((sum, m) => sum + Number(m[1]), 0), total);
    await sheet.locator(".sheet-scroll").evaluate((el) => (el.scrollTop = el.scrollHeight));
    await sheet.locator("tr.line td.num", { hasText: new RegExp(`^${total}$`) }).waitFor();
    await page.screenshot({ path: join(shots, "journey-c-sheet.png"), fullPage: true });
  });
});

test("(d) from a compare count to the questions behind it", async () => {
  await withPage(async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(serve.url);
    await page.getByTestId("setup").waitFor();
    await show(page, "#/results/compare");
    const comparison = page.getByTestId("comparison");
    await comparison.waitFor();
    const first = await page.getByLabel("First system").inputValue();
    const count = Number(await comparison.getByTestId("only-first").innerText());
    assert.ok(count > 0);
    await comparison.getByTestId("only-first").click();
    const set = page.getByTestId("question-set");
    await set.waitFor();
    assert.match(await set.innerText(), new RegExp(`Showing the ${count} questions right only for ${first}`));
    const shown = page.getByRole("listbox", { name: "Questions" }).getByRole("option");
    assert.equal(await shown.first().getAttribute("aria-selected"), "true", "the first of them is open");
    // The first of them is open, and the first system got it right.
    const detail = page.getByTestId("question-detail");
    await detail.getByText("Every system's answer").waitFor();
    assert.match(await detail.getByTestId("answers").locator("tbody tr", { hasText: first }).first().innerText(), /right/);
    await page.screenshot({ path: join(shots, "journey-d-questions.png"), fullPage: true });
    await set.getByRole("button", { name: "Show every question" }).click();
    assert.equal(await page.getByTestId("question-set").count(), 0);
  });
});

test("(e) uploads from the browser land in the project's folder, size-capped", async () => {
  // A server of its own, with a 1 MB cap on one file.
  const own = mkdtempSync(join(tmpdir(), "proctor-upload-"));
  const capped = await startServe(own, { PROCTOR_MAX_FILE_MB: "1" });
  try {
    await withPage(async (page) => {
      await page.goto(capped.url);
      await page.getByRole("button", { name: "Open the sample project" }).click();
      await page.getByTestId("setup").waitFor({ timeout: 30000 });
      const { rows } = examRows(5);
      await page.getByTestId("pick-exam").setInputFiles({ name: "Second exam.xlsx", mimeType: "application/octet-stream", buffer: xlsx(rows) });
      await page.getByTestId("setup-messages").getByText(/Imported Second exam\.xlsx: 5 added/).waitFor({ timeout: 30000 });
      const folder = readdirSync(own).find((f) => f.endsWith(".proctor.files"));
      assert.ok(folder && existsSync(join(own, folder, "Second exam.xlsx")));
      // The new exam goes on view; the sample's exam stays in the picker.
      await page.waitForFunction(() =>
        document.querySelector("[data-testid=version-picker]")?.selectedOptions[0]?.textContent?.includes("Second exam · version 1"));
      assert.ok((await page.getByTestId("version-picker").locator("option").allInnerTexts()).some((t) => t.startsWith("Tidewater product exam")));

      // Too large: refused with the reason, and nothing is left behind.
      await page.getByTestId("pick-systems").setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(1_200_000, "a") });
      await page.getByTestId("setup-messages").getByText(/huge\.csv: .*larger than/).waitFor({ timeout: 30000 });
      assert.ok(!existsSync(join(own, folder, "huge.csv")));
      await page.screenshot({ path: join(shots, "journey-e-upload.png"), fullPage: true });
    });
  } finally {
    capped.process.kill();
    rmSync(own, { recursive: true, force: true });
  }
});

test("(f) chunk settings and re-indexing on Documents", async () => {
  await withPage(async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(serve.url);
    await nav(page, "Start").click();
    await page.getByRole("button", { name: "Open the sample project" }).click();
    await page.getByTestId("setup").waitFor();
    await show(page, "#/documents");
    const panel = page.getByTestId("chunking");
    await panel.waitFor();
    const before = await panel.locator("summary").innerText();
    const chunksBefore = Number(before.match(/(\d+) chunks/)?.[1] ?? 0);
    await panel.locator("summary").click();
    // A nonsense setting is named, and the button stays off.
    await panel.getByLabel("Overlap").fill("5000");
    await panel.getByText("The overlap is between 0 and the chunk size.").waitFor();
    assert.ok(await panel.getByRole("button", { name: /index/i }).isDisabled());
    await panel.getByLabel("Chunk size").fill("300");
    await panel.getByLabel("Overlap").fill("30");
    await page.screenshot({ path: join(shots, "journey-f-settings.png"), fullPage: true });
    await panel.getByRole("button", { name: chunksBefore > 0 ? "Re-index with these settings" : "Index the corpus" }).click();
    await panel.getByRole("status").filter({ hasText: /documents are now \d+ chunks/ }).waitFor({ timeout: 120000 });
    const after = await panel.locator("summary").innerText();
    assert.match(after, /chunks of up to 300 characters, by paragraph/);
    const chunksAfter = Number(after.match(/(\d+) chunks/)?.[1] ?? 0);
    assert.ok(chunksAfter > chunksBefore, `smaller chunks make more of them (${chunksBefore} → ${chunksAfter})`);
    assert.equal(await panel.getByRole("button", { name: "Re-index", exact: true }).count(), 1, "the settings in force need no other label");
    // Larger chunks again: fewer of them.
    await panel.getByLabel("Chunk size").fill("1000");
    await panel.getByRole("button", { name: "Re-index with these settings" }).click();
    await panel.locator("summary").filter({ hasText: "up to 1000 characters" }).waitFor({ timeout: 120000 });
    const larger = Number((await panel.locator("summary").innerText()).match(/(\d+) chunks/)?.[1] ?? 0);
    assert.ok(larger > 0 && larger < chunksAfter, `larger chunks make fewer of them (${chunksAfter} → ${larger})`);
    // The table counts each document's new chunks.
    await page.waitForFunction(
      (want) => [...document.querySelectorAll("table.grid tbody tr td:nth-child(5)")].reduce((sum, td) => sum + Number(td.textContent), 0) === want,
      larger,
    );
    await noHorizontalScroll(page);
    await page.screenshot({ path: join(shots, "journey-f-reindex.png"), fullPage: true });
  });
});

/** A small product manual as a site: a menu on every page, two sub-folders. */
function manualSite(root) {
  const menu = `<nav><a href="/">Home</a> <a href="/docs">Documentation</a> <a href="/dl">Download</a></nav>`;
  const pages = {
    "Billing/invoices.html": [
      "Invoices are issued on the first working day of each month and are due within 30 days.",
      "The billing service keeps every invoice as a PDF in /var/lib/relay/invoices for 7 years.",
      "A late payment fee of 2 percent is added after 45 days without payment.",
      "Customers in the European Union are billed by Relay Europe GmbH in Dublin.",
    ],
    "Billing/refunds.html": [
      "Refunds are paid back to the original card within 10 days of approval.",
      "The refund ledger is written to /var/log/relay/refunds.log every night.",
      "A refund above 500 euros needs the approval of the Finance Office in Lisbon.",
      "Partial refunds keep the original invoice number with a suffix of 3 letters.",
    ],
    "Setup/install.html": [
      "The relay agent needs 512 MB of free memory and 2 GB of disk space to start.",
      "Its configuration file is /etc/relay/agent.conf, read once at start-up.",
      "The installer registers the agent with the Control Tower service on port 8443.",
      "Logs rotate after 14 days, and the newest 5 files are kept compressed.",
    ],
    "Setup/upgrade.html": [
      "An upgrade keeps the configuration in /etc/relay/agent.conf and replaces the binaries.",
      "The agent refuses to start when the schema in /var/lib/relay/state.db is older than 90 days.",
      "Rolling back to the previous release takes about 3 minutes on a typical server.",
      "The Release Board in Toronto announces every upgrade 21 days in advance.",
    ],
  };
  for (const [path, sentences] of Object.entries(pages)) {
    const file = join(root, "manual", path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, `<html><head><title>${path}</title></head><body>${menu}<main><h1>${path}</h1>${sentences.map((s) => `<p>${s}</p>`).join("")}</main></body></html>`);
  }
  return join(root, "manual");
}

test("(g) a folder upload keeps its topics; a document's topic set; an exam generated, reviewed and frozen", async () => {
  const own = mkdtempSync(join(tmpdir(), "proctor-folder-"));
  const manual = manualSite(own);
  try {
    await withPage(async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(serve.url);
      await nav(page, "Start").click();
      await page.getByLabel("Where to save it").fill(join(dataDir, "manual.proctor"));
      await page.getByRole("button", { name: "Create" }).click();
      await page.getByTestId("setup").waitFor();
      // The browser's folder picker: every file with its sub-folder, imported together.
      await page.getByTestId("pick-documents-folder").setInputFiles(manual);
      await page.getByTestId("state-documents").filter({ hasText: "4 documents" }).waitFor({ timeout: 30000 });
      await page.getByTestId("setup-messages").getByText(/navigation left out: 4 lines/).waitFor();
      await page.screenshot({ path: join(shots, "journey-g-folder.png"), fullPage: true });

      await show(page, "#/documents");
      await page.getByText("4 documents in 2 topics").waitFor();
      assert.match(await page.locator("table.grid").innerText(), /Billing[\s\S]*Setup/);
      // One document under a topic of its own.
      await page.getByLabel("Tick upgrade.html").check();
      await page.getByLabel("Topic for the ticked documents").fill("Upgrades");
      await page.getByRole("button", { name: "Put under this topic" }).click();
      await page.getByText("4 documents in 3 topics").waitFor();
      await page.getByText("1 document is under Upgrades now.").waitFor();
      await page.screenshot({ path: join(shots, "journey-g-topics.png"), fullPage: true });

      // Prepare the corpus, generate, review, freeze.
      const panel = page.getByTestId("chunking");
      await panel.locator("summary").click();
      await panel.getByRole("button", { name: "Index the corpus" }).click();
      await panel.getByRole("status").filter({ hasText: /documents are now \d+ chunks/ }).waitFor({ timeout: 120000 });
      await show(page, "#/questions");
      await page.getByTestId("generate-tab").click();
      const generate = page.getByTestId("generate");
      await generate.getByTestId("generate-exam").fill("Manual exam");
      await generate.getByTestId("generate-count").fill("10");
      await generate.getByTestId("generate-start").click();
      await generate.getByText(/Wrote \d+ questions for 'Manual exam'/).waitFor({ timeout: 120000 });
      const quality = page.getByTestId("generation-quality");
      assert.match(await quality.getByTestId("difficulty").innerText(), /A keyword lookup answers it/);
      await page.screenshot({ path: join(shots, "journey-g-generated.png"), fullPage: true });
      await generate.getByTestId("accept-shown").click();
      await generate.getByText(/accepted into version 1 of 'Manual exam'/).waitFor();
      await page.getByRole("tab", { name: "The exam" }).click();
      const banner = page.getByTestId("draft-banner");
      await banner.waitFor();
      await banner.getByTestId("freeze").click();
      await page.getByText(/Version 1 is frozen/).waitFor();
      await page.screenshot({ path: join(shots, "journey-g-frozen.png"), fullPage: true });
    });
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
});
