// Browser check: the built UI, served by `proctor serve`, opens the sample project and shows its
// leaderboard. Uses playwright-core with Debian's chromium (no browser download).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { proctorBin, scratchModels, shots, startKeychain, startServe, ui, withPage, show } from "./harness.mjs";

let server;
let dataDir;
let url;
let models;
let keychain;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proctor-e2e-"));
  models = scratchModels(dataDir);
  keychain = await startKeychain(dataDir);
  const serve = await startServe(dataDir, { PROCTOR_MODELS: models.folder, ...keychain.env });
  server = serve.process;
  url = serve.url;
});

after(() => {
  server?.kill();
  keychain?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("opens the sample project and shows its leaderboard", async () => {
  await withPage(async (page) => {
    await page.goto(url);
    await page.getByRole("button", { name: "Open the sample project" }).click();
    // A project lands on Set-up: its checklist says what is there.
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    assert.match(await page.getByTestId("state-exam").innerText(), /120 questions/);
    await page.screenshot({ path: join(shots, "serve-setup.png"), fullPage: true });
    await page.getByRole("link", { name: "Results" }).click();
    const board = page.getByTestId("leaderboard");
    await board.waitFor({ timeout: 30000 });
    const rows = board.locator("tbody tr");
    assert.equal(await rows.count(), 7);
    assert.match(await rows.first().innerText(), /Atlas RAG/);
    assert.match(await rows.last().innerText(), /Echo Bot/);
    assert.equal(await page.getByTestId("project-name").innerText(), "Tidewater sample");
    await page.screenshot({ path: join(shots, "serve-summary.png"), fullPage: true });

    // The analyst's two best systems are compared at once (the pair's verdict is asked the weaker
    // against the stronger; the marker points from the first chosen); two close systems cannot
    // be told apart.
    await show(page, "#/results/compare");
    const comparison = page.getByTestId("comparison");
    await comparison.waitFor();
    assert.match(
      await comparison.getByTestId("compare-verdict").innerText(),
      /▲ Beacon Search's accuracy is 15\.8 points below Atlas RAG's: the difference is real \(exact McNemar/,
    );
    await page.getByLabel("First system").selectOption("Cobalt Assist");
    await comparison.getByText("could be luck").waitFor();
    // The secondary tests agree: far from significant.
    assert.match(await comparison.innerText(), /Wilcoxon signed-rank test \(secondary\)\s+p = 0\.8788/);
    await page.screenshot({ path: join(shots, "serve-compare.png"), fullPage: true });

    // Significance against a chosen baseline: a column with the difference and Lin's markers.
    await page.goBack();
    await page.getByLabel("Baseline for significance").selectOption("Echo Bot");
    const versus = page.getByTestId("leaderboard").getByTestId("versus");
    await versus.first().waitFor();
    assert.match(await versus.first().innerText(), /\+57\.5 ▲/);
    // Every system is above Echo Bot: each pair is asked the weaker against the stronger, so the
    // rows have their own families and the note says so.
    assert.match(
      await page.locator(".legend").first().innerText(),
      /exact McNemar, Holm-corrected within each group on view \(6 families: each pair is asked the weaker against the stronger/,
    );
    await page.getByTestId("leaderboard").screenshot({ path: join(shots, "serve-significance.png") });

    // Agreement with another leaderboard, from a file written here.
    const official = join(dataDir, "official.csv");
    writeFileSync(official, "system,score\nAtlas RAG,0.9\nBeacon Search,0.8\nCobalt Assist,0.7\nScribe Writer,0.6\nDrift QA,0.5\nBrief Writer,0.4\nEcho Bot,0.1\n");
    await show(page, "#/results/agreement");
    const correlate = page.getByTestId("correlate");
    await correlate.getByLabel(/Another leaderboard/).fill(official);
    await correlate.getByRole("button", { name: "Compare the rankings" }).click();
    const correlations = correlate.getByTestId("correlations");
    await correlations.waitFor();
    // The same order as Proctor's accuracy: τ = 1.
    assert.match(await correlations.innerText(), /official\.csv\s+7\s+1\.000/);

    // Item Response Theory: fitted from the page, one ability per system, the information
    // curve, and the questions worth a look.
    await show(page, "#/results/irt");
    const irt = page.getByTestId("irt");
    await irt.getByRole("button", { name: "Fit the model" }).click();
    await irt.getByTestId("abilities").waitFor({ timeout: 60000 });
    assert.equal(await irt.getByTestId("abilities").locator("circle").count(), 7);
    assert.match(await irt.innerText(), /2PL on 7 systems × 120 questions/);
    assert.match(await irt.innerText(), /Questions worth a look \(\d+ of 120\)/);
    // A question's characteristic curve, picked from the list.
    await irt.getByLabel("Show a question's curve").selectOption("tw-001");
    await irt.getByTestId("iccs").locator("polyline").first().waitFor();
    await irt.getByLabel("Show a question's curve").selectOption("tw-002");
    // The curves are the backend's series, fetched again for the new pick.
    await irt.getByTestId("iccs").locator("polyline").nth(1).waitFor();
    assert.equal(await irt.getByTestId("iccs").locator("polyline").count(), 2);
    await irt.screenshot({ path: join(shots, "serve-irt.png") });

    // Exam quality: five steps of dropping the weakest tenth, every step listed.
    await show(page, "#/results/quality");
    const improve = page.getByTestId("improve");
    await improve.getByRole("button", { name: "Find the weakest questions" }).click();
    const stepRows = improve.getByTestId("steps").locator("tbody tr");
    await stepRows.first().waitFor({ timeout: 60000 });
    assert.equal(await stepRows.count(), 6);
    assert.match(await stepRows.nth(1).innerText(), /^1\s+108\s+/);
    assert.match(await stepRows.last().innerText(), /^5\s+70\s+/);
    await improve.screenshot({ path: join(shots, "serve-improve.png") });

    // The topic radar starts with the analyst's first five systems (all seven of the sample are
    // theirs); ticking a sixth adds its outline.
    await show(page, "#/results/breakdown");
    const radar = page.getByTestId("radar");
    assert.equal(await radar.locator("polygon.system").count(), 5);
    assert.equal(await page.getByRole("checkbox", { name: "Echo Bot" }).isChecked(), false);
    await page.getByRole("checkbox", { name: "Echo Bot" }).check();
    assert.equal(await radar.locator("polygon.system").count(), 6);

    await page.getByRole("tab", { name: "Bloom levels" }).click();
    assert.match(await page.locator("table.categories").innerText(), /Remembering/);
    await page.getByText("How is this computed?").first().click();
    await page.screenshot({ path: join(shots, "serve-bloom.png"), fullPage: true });
  });
});

test("imports a system's answers from the page and ranks it", async () => {
  const answers = join(dataDir, "newcomer.csv");
  const rows = ["question_id,answer"];
  // Half letters; a quarter "I am not sure" (no answer); a quarter naming no choice (a look).
  const reply = (i) => (i % 2 ? "A" : i % 4 ? "Maybe the green one" : "I am not sure");
  for (let i = 1; i <= 120; i++) rows.push(`tw-${String(i).padStart(3, "0")},${reply(i)}`);
  writeFileSync(answers, rows.join("\n") + "\n");
  await withPage(async (page) => {
    await page.goto(url);
    // The server keeps the sample open from the first test: the page starts on its Set-up.
    await page.getByTestId("setup").waitFor();
    await page.getByText(/Other imports/).click();
    await page.getByLabel("What").selectOption("answers");
    await page.getByLabel("File or folder").fill(answers);
    await page.getByLabel("System name").fill("Newcomer");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const report = page.getByRole("status").filter({ hasText: "Imported" });
    await report.waitFor();
    assert.match(await report.innerText(), /Imported 120 of 120 records/);
    assert.match(await report.innerText(), /30 replies give no answer/);
    assert.match(await report.innerText(), /30 replies could not be read as one choice/);
    await page.screenshot({ path: join(shots, "serve-import.png"), fullPage: true });
    await show(page, "#/results/leaderboard");
    await page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Newcomer" }).waitFor();
    assert.equal(await page.getByTestId("leaderboard").locator("tbody tr").count(), 8);
    await page.goBack();
    await page.getByText(/Other imports/).click();
    await page.getByLabel("What").selectOption("answers");
    await page.getByLabel("File or folder").fill(answers);
    await page.getByLabel("System name").fill("Newcomer");

    // The same file again is refused, and the page says why.
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const refusal = page.locator("form.import [role=alert]");
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Newcomer already has answers/);

    // Its 30 replies that need a look are marked on the leaderboard; the mark opens them on its
    // answer sheet, where a person reads one by hand, every page counts it at once, and Undo
    // takes it back.
    await show(page, "#/results/leaderboard");
    const newcomer = page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Newcomer" });
    const mark = newcomer.getByTestId("to-read");
    assert.equal((await mark.innerText()).trim(), "⚑ 30 to read");
    assert.match(await mark.getAttribute("title"), /not right and not answered until a person reads them/);
    await mark.click();
    const sheet = page.getByTestId("answer-sheet");
    await sheet.waitFor();
    assert.equal(await sheet.getByRole("tab", { name: "needs a look (30)" }).getAttribute("aria-selected"), "true");
    assert.match(await sheet.getByTestId("sheet-counts").innerText(), /^Showing 30 \(needs a look\) of 120 questions: .*\b30 need a look\b/);
    const waiting = sheet.getByTestId("sheet-row").first();
    assert.match(await waiting.innerText(), /needs a look\s+Maybe the green one\s+needs a look: /);
    await waiting.getByRole("button", { name: "Read by hand" }).click();
    const hand = sheet.getByTestId("hand-reading");
    await hand.getByLabel(/^Why/).fill("green is choice B's colour");
    await hand.getByRole("group", { name: "The reply gives" }).getByRole("button").nth(1).click();
    const note = hand.getByTestId("hand-note");
    await note.waitFor();
    assert.equal(await hand.getByTestId("read-as").innerText(), "Read as: choice B by hand");
    assert.match(await note.innerText(), /Read by hand on \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Proctor's own reading: needs a look: .+\. Why: green is choice B's colour/);
    await sheet.getByRole("tab", { name: "needs a look (29)" }).waitFor();
    const overviewRow = page.getByTestId("system-row").filter({ hasText: "Newcomer" });
    await overviewRow.getByTestId("needs-look").filter({ hasText: "⚑ 29 replies need a look" }).waitFor();
    await page.screenshot({ path: join(shots, "serve-hand-reading.png"), fullPage: true });
    await show(page, "#/results/leaderboard");
    await newcomer.getByTestId("to-read").filter({ hasText: "⚑ 29 to read" }).waitFor();
    await page.goBack();
    await sheet.getByRole("tab", { name: "read by hand (1)" }).click();
    await sheet.getByTestId("sheet-counts").filter({ hasText: /^Showing 1 \(read by hand\) of 120 questions/ }).waitFor();
    const read = sheet.getByTestId("sheet-row");
    assert.equal(await read.count(), 1);
    assert.match(await read.innerText(), /Maybe the green one\s+choice B by hand\s+✎ by hand/);
    await read.getByRole("button", { name: "Undo" }).click();
    await sheet.getByRole("tab", { name: "needs a look (30)" }).waitFor();
    await overviewRow.getByTestId("needs-look").filter({ hasText: "⚑ 30 replies need a look" }).waitFor();
  });
});

test("grades the sample's articles in EXAM mode from the page", async () => {
  await withPage(async (page) => {
    await page.goto(url);
    // The sample is still open: its two article writers came with grades of their own.
    const panel = page.getByTestId("articles");
    await panel.waitFor({ timeout: 30000 });
    await panel.getByLabel("Reader").selectOption("lexical");
    await panel.getByRole("button", { name: "Grade the articles" }).click();
    // Imported grades are not overwritten unasked.
    await panel.getByRole("alert").filter({ hasText: "already has EXAM-mode outcomes on this exam" }).waitFor({ timeout: 30000 });
    await panel.getByLabel("replace the grades already there").check();
    await panel.getByRole("button", { name: "Grade the articles" }).click();
    // The job's progress shows while it runs, then the sentence of what was done.
    const done = panel.getByRole("status").filter({ hasText: "Graded" });
    await done.waitFor({ timeout: 60000 });
    assert.match(await done.innerText(), /Graded 3 sittings with the lexical reader: Brief Writer, Scribe Writer, gold articles/);
    await panel.screenshot({ path: join(shots, "serve-exam-mode.png") });
    // The writers keep their place on the leaderboard, graded now by this machine's reader.
    await show(page, "#/results/leaderboard");
    await page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Scribe Writer" }).waitFor();
  });
});

test("shows the built-in pipelines with their reader ceilings, and stays within the window", async () => {
  // The full demo: the sample plus 27 built-in pipelines (needs the installed models): 24 with
  // the three small readers, and the language model behind closed book, the oracle and hybrid top 1.
  const demo = join(dataDir, "demo.proctor");
  const built = spawnSync(proctorBin, ["demo", "-p", demo], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  await withPage(async (page) => {
    await page.goto(url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill(demo);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await show(page, "#/results/leaderboard");
    const board = page.getByTestId("leaderboard");
    // The vendors first; the 27 pipelines wait folded in their band below.
    const band = board.getByTestId("pipelines-band");
    await band.waitFor({ timeout: 30000 });
    assert.match(await band.innerText(), /Reference pipelines \(27\)/);
    assert.equal(await board.locator("tbody:not(.band) tr").count(), 7);
    await band.click();
    await board.locator("tbody tr", { hasText: "oracle · combined" }).waitFor();
    assert.equal(await board.locator("tbody:not(.band) tr").count(), 34);
    // A ceiling triangle on every pipeline bar except the four oracle pipelines themselves.
    assert.equal(await board.getByTestId("ceiling").count(), 23);
    assert.match(await page.locator(".legend").first().innerText(), /the reader's ceiling: .*combined 100\.0%/);
    // 34 systems and wide tables scroll inside their panels; the page itself fits the window.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 1280);
    await show(page, "#/results/breakdown");
    const heat = page.locator("table.categories tbody tr");
    assert.equal(await heat.count(), 34);
    await page.screenshot({ path: join(shots, "serve-pipelines.png"), fullPage: true });

    // Adaptive exams on the reference grid: half the questions, each pipeline calibrated on
    // the 33 other systems; the two groups' means when every system is checked.
    await show(page, "#/results/quality");
    const adaptive = page.getByTestId("adaptive");
    await adaptive.getByRole("button", { name: "Check adaptive exams" }).click();
    const groups = adaptive.getByTestId("adaptive-groups");
    await groups.waitFor({ timeout: 60000 });
    assert.match(await groups.innerText(), /The reference pipelines \(27\): adaptive [\d.]+ points/);
    assert.match(await groups.innerText(), /The systems being judged \(6\): adaptive [\d.]+ points/);
    await adaptive.getByTestId("adaptive-group").selectOption("pipelines");
    await adaptive.getByRole("button", { name: "Check adaptive exams" }).click();
    await adaptive.getByText(/each reference pipeline's accuracy/).waitFor({ timeout: 60000 });
    assert.match(await adaptive.getByTestId("adaptive-summary").innerText(), /27 checked, each with the questions calibrated on the other 33 systems/);
    assert.equal(await adaptive.locator("tbody tr").count(), 27);
    await adaptive.screenshot({ path: join(shots, "adaptive-grid.png") });

    // The hierarchical IRT model over the pipelines' factors, from the page.
    await show(page, "#/results/irt");
    const irt = page.getByTestId("irt");
    await irt.getByLabel("Systems").selectOption("pipelines");
    await irt.getByLabel(/sum of retriever, reader and top-k effects/).check();
    await irt.getByRole("button", { name: /Fit/ }).click();
    const effects = irt.getByTestId("effects");
    await effects.waitFor({ timeout: 60000 });
    assert.equal(await irt.getByTestId("abilities").locator("circle").count(), 27);
    assert.match(await effects.innerText(), /retriever\s+closed book\s+baseline/);
    assert.match(await effects.innerText(), /retriever\s+oracle\s+\+\d/);
    await irt.screenshot({ path: join(shots, "serve-irt-factors.png") });
  });
});

test("writes baseline articles from the page and sets EXAM beside ROUGE-1, with both ranks (000's Table 4)", async () => {
  // On the demo (prepared corpus): two extractive writers from Set-up's step 6, graded there by
  // the lexical reader with the sample's own writers and the gold articles.
  const demo = join(dataDir, "demo.proctor");
  await withPage(async (page) => {
    await page.goto(url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill(demo);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    const writers = page.getByTestId("writers");
    for (const [builder, system] of [["mmr", "extractive · MMR λ=0.3"], ["passage_match", "extractive · passage match"]]) {
      await writers.getByLabel("Writer").selectOption(builder);
      if (builder === "mmr") {
        // The λ sweep: EXAM and ROUGE-1 at every λ, nothing stored; a point sets the slider.
        await writers.getByRole("button", { name: "Try every λ" }).click();
        const sweep = writers.getByTestId("lambda-sweep");
        await sweep.waitFor({ timeout: 60000 });
        assert.equal(await sweep.locator("circle").count(), 11);
        assert.equal(await sweep.locator("path").count(), 2, "EXAM and ROUGE-1");
        await sweep.getByRole("button", { name: /^λ 0\.3: EXAM \d+\.\d%$/ }).click();
        assert.equal(await writers.locator("output").innerText(), "0.3");
        await writers.screenshot({ path: join(shots, "serve-lambda-sweep.png") });
        // Each candidate sentence's features, query by query (001's idf match, 003's overlap).
        const features = writers.getByTestId("sentence-features");
        await features.locator("summary").click();
        await features.locator("tbody tr").first().waitFor({ timeout: 30000 });
        await features.getByLabel("Query").selectOption("configuration/retention-window");
        await features.locator("tbody tr").first().filter({ hasText: /retention/i }).waitFor({ timeout: 30000 });
        assert.ok((await features.locator("tbody tr").count()) > 3);
        assert.ok((await features.locator("tbody td b").count()) > 0, "the query's words are marked");
        await features.screenshot({ path: join(shots, "serve-sentence-features.png") });
        await features.locator("summary").click();
      }
      await writers.getByRole("button", { name: "Write the articles" }).click();
      await writers.getByRole("status").filter({ hasText: `${system}: 30 articles` }).waitFor({ timeout: 60000 });
    }
    await writers.screenshot({ path: join(shots, "serve-writers.png") });
    const grading = page.getByTestId("articles");
    await grading.getByLabel("Reader").selectOption("lexical");
    await grading.getByLabel("replace the grades already there").check();
    await grading.getByRole("button", { name: "Grade the articles" }).click();
    await grading.getByRole("status").filter({ hasText: "Graded 5 sittings" }).waitFor({ timeout: 120000 });

    // The leaderboard's ROUGE-1 column leads to the view.
    await show(page, "#/results/leaderboard");
    const scribe = page.getByTestId("leaderboard").locator("tbody tr", { hasText: "Scribe Writer" });
    await scribe.getByRole("link", { name: /0\.\d{3} ± 0\.\d{3}/ }).click();
    const view = page.getByTestId("exam-rouge");
    await view.locator("tbody tr").first().waitFor({ timeout: 30000 });
    // Four writers and the gold row; the slope chart joins each system's two ranks.
    assert.equal(await view.locator("tbody tr").count(), 5);
    assert.equal(await view.getByTestId("slope-chart").locator("line").count(), 4);
    assert.match(await view.innerText(), /extractive · MMR λ=0\.3/);
    assert.match(await view.getByTestId("exam-rouge-agreement").innerText(), /Over 4 systems, Kendall's τ between the two rankings is -?\d\.\d\d/);
    await view.screenshot({ path: join(shots, "serve-exam-rouge.png") });
  });
});

test("scores the articles against the nuggets and breaks the formulations down (001, 003, 002)", async () => {
  // The demo carries the sample's nuggets (each document's facts) and 60 questions asked three
  // ways; its four article writers are the sample's two and the two written above.
  const demo = join(dataDir, "demo.proctor");
  await withPage(async (page) => {
    await page.goto(url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill(demo);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await show(page, "#/results/nuggets");
    const view = page.getByTestId("nuggets");
    const matrix = view.getByTestId("nugget-matrix");
    await matrix.waitFor({ timeout: 30000 });
    assert.equal(await matrix.locator("tbody tr").count(), 30, "one row per query");
    assert.match(await view.innerText(), /150 nuggets \(120 vital\) for 30 queries/);
    // Four writers and the gold articles; every writer but the best has the one verdict.
    assert.equal(await view.locator("table").first().locator("tbody tr").count(), 5);
    assert.equal(await view.getByTestId("nugget-verdicts").locator("li").count(), 3);
    assert.match(await view.getByTestId("nugget-verdicts").innerText(), /paired randomisation over queries, p/);
    // A cell opens the article with the nuggets it states marked.
    await matrix.locator("tbody tr").first().locator("td.cell button").first().click();
    const article = view.getByTestId("nugget-article");
    await article.locator("mark").first().waitFor({ timeout: 30000 });
    assert.match(await article.innerText(), /\d of 5 nuggets found/);
    await view.screenshot({ path: join(shots, "serve-nuggets.png") });
    await page.screenshot({ path: join(shots, "serve-results-nuggets-page.png") });
    await view.getByLabel("How a nugget is found").selectOption("nuggeteer");
    await view.getByText("Found at a weighted recall of at least").waitFor();

    await show(page, "#/results/formulations");
    const forms = page.getByTestId("formulations");
    const table = forms.getByTestId("pattern-table");
    await table.waitFor({ timeout: 30000 });
    assert.equal(await table.locator("tbody tr").count(), 8);
    assert.match(await forms.innerText(), /60 samples, each asked as Original, Rewritten, Human/);
    assert.match(await forms.getByTestId("attribution").innerText(), /Answerable without rewriting\s+\d+\.\d%/);
    assert.equal(await forms.getByTestId("formulation-sweep").locator("path").count(), 4);
    assert.ok((await forms.getByTestId("similarity-scatter").locator("circle").count()) > 1);
    assert.match(await forms.getByTestId("similarity-r").innerText(), /Over 60 samples, Rewritten against Human: Pearson's r = -?\d\.\d\d/);
    await forms.screenshot({ path: join(shots, "serve-formulations.png") });
  });
});

test("prepares the corpus and runs the built-in pipelines from the page, with progress", async () => {
  const quick = join(dataDir, "quick.proctor");
  const built = spawnSync(proctorBin, ["demo", "--quick", "-p", quick], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  await withPage(async (page) => {
    await page.goto(url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill(quick);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    const panel = page.getByTestId("pipelines");
    await panel.waitFor({ timeout: 30000 });

    await panel.getByRole("button", { name: "Prepare the corpus" }).click();
    await panel.getByText("The corpus is ready").waitFor({ timeout: 60000 });
    assert.match(await panel.innerText(), /chunks of up to 800 characters, by paragraph/);

    await panel.getByRole("button", { name: "Add them" }).click();
    await panel.getByText("27 pipelines are ready to sit the exam").waitFor();
    assert.match(await panel.innerText(), /3240 answers still to give/);

    await panel.getByRole("button", { name: "Run the pipelines" }).click();
    // The job's progress shows while it runs: its stage, a bar, counts.
    const job = page.getByTestId("job");
    await job.waitFor();
    assert.match(await job.innerText(), /Running the pipelines/);
    await job.getByText(/Answering: /).waitFor();
    await page.screenshot({ path: join(shots, "serve-run-progress.png") });
    // Stopped midway, the run keeps what it answered.
    // The header's job indicator shows it too, on every page.
    await page.getByTestId("job-indicator").waitFor();
    await job.getByRole("button", { name: "Stop" }).click();
    await panel.getByText(/Stopped\. What was finished is kept/).waitFor({ timeout: 30000 });

    // The corpus cut again by sentence (the chunk settings live on Documents, linked from the
    // pipelines' first step): the stopped run may not go on from other chunks.
    await panel.getByRole("link", { name: "Chunk settings" }).click();
    const chunking = page.getByTestId("chunking");
    await chunking.locator("summary").click();
    await chunking.getByLabel("Chunk size").fill("300");
    await chunking.getByLabel("Overlap").fill("0");
    await chunking.getByLabel("Packed from").selectOption("sentence");
    await chunking.getByRole("button", { name: "Re-index with these settings" }).click();
    await chunking.getByText(/documents are now \d+ chunks/).waitFor({ timeout: 60000 });
    assert.match(await chunking.locator("summary").innerText(), /chunks of up to 300 characters, by sentence/);
    await show(page, "#/setup");
    await panel.getByText(/chunks of up to 300 characters, by sentence/).waitFor();
    await panel.getByRole("button", { name: "Run the pipelines" }).click();
    await panel.getByText(/started this exam with another set-up/).waitFor({ timeout: 30000 });
    await panel.getByRole("button", { name: "Answer again from scratch" }).click();
    await panel.getByText(/Done: 3240 answers from 27 pipelines/).waitFor({ timeout: 600000 });
    assert.match(await panel.innerText(), /Every pipeline has answered the newest exam/);
    await panel.screenshot({ path: join(shots, "serve-pipelines-panel.png") });
    // The leaderboard now holds the pipelines too.
    await show(page, "#/results/leaderboard");
    await page.getByTestId("pipelines-band").click();
    await page.getByTestId("leaderboard").locator("tbody tr", { hasText: "oracle · combined" }).waitFor();
    assert.equal(await page.getByTestId("leaderboard").locator("tbody:not(.band) tr").count(), 34);
  });
});

test("generates an exam from the sample corpus, reviews it, freezes it and lets the pipelines sit it", async () => {
  const project = join(dataDir, "generate.proctor");
  const env = { ...process.env, PROCTOR_MODELS: models.folder };
  const built = spawnSync(proctorBin, ["demo", "--quick", "-p", project], { encoding: "utf8", env });
  assert.equal(built.status, 0, built.stderr);
  const ingested = spawnSync(proctorBin, ["ingest", "-p", project], { encoding: "utf8", env });
  assert.equal(ingested.status, 0, ingested.stderr);
  await withPage(async (page) => {
    await page.goto(url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill(project);
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByTestId("pipelines").waitFor({ timeout: 30000 });

    await show(page, "#/questions");
    await page.getByTestId("generate-tab").click();
    const generate = page.getByTestId("generate");
    assert.equal(await generate.getByTestId("generate-exam").inputValue(), "Generated exam");
    await generate.getByTestId("generate-count").fill("24");
    await generate.getByTestId("generate-start").click();
    await generate.getByText(/Wrote 24 questions for 'Generated exam'/).waitFor({ timeout: 60000 });
    const quality = page.getByTestId("generation-quality");
    assert.match(await quality.innerText(), /24\s*made/);
    // Answerable from the passages, not guessable without: a reader checks before anything is frozen.
    const reading = page.getByTestId("generated-reading");
    await reading.getByLabel("Reader").selectOption("lexical");
    await reading.getByTestId("read-generated").click();
    await reading.getByText(/This reader reads: .* with the passage against 0% without it/).waitFor({ timeout: 60000 });
    await page.screenshot({ path: join(shots, "serve-generate-quality.png"), fullPage: true });

    // One at a time: accept with the keyboard, edit, reject with a reason.
    const detail = page.getByTestId("generated-detail");
    await detail.getByTestId("accept").waitFor();
    const firstStem = await detail.locator("h2").innerText();
    await page.keyboard.press("a");
    await generate.getByText(/1 generated question accepted into version 1 of 'Generated exam'/).waitFor();
    await detail.getByTestId("edit-generated").click();
    await detail.getByLabel("Question").fill("Which value does the Tidewater guide give here, as the reviewer rewrote it?");
    await detail.getByRole("button", { name: "Save to draft" }).click();
    await generate.getByText(/edited \(the change is recorded\)/).waitFor();
    await detail.getByText("Edits").waitFor();
    await detail.getByTestId("accept").click();
    await generate.getByText(/1 generated question accepted into version 1 of 'Generated exam' \(now 2 questions\)/).waitFor();
    await detail.getByTestId("reject").click();
    await detail.getByTestId("reject-reason").fill("asks about a trivial detail");
    await detail.getByTestId("confirm-reject").click();
    await generate.getByText(/1 generated question rejected/).waitFor();
    await page.screenshot({ path: join(shots, "serve-generate-review.png"), fullPage: true });

    // In bulk: the rest that passed the filters.
    await generate.getByTestId("accept-shown").click();
    await generate.getByText(/generated questions accepted into version 1 of 'Generated exam'/).waitFor();
    const accepted = Number((await quality.locator("button", { hasText: "accepted" }).locator("strong").innerText()).trim());
    assert.ok(accepted >= 10, `accepted ${accepted}`);
    // How easy: every question was tried with a keyword lookup; a click lists the ones it answers.
    const difficulty = quality.getByTestId("difficulty");
    assert.match(await difficulty.innerText(), /A keyword lookup answers it\s*\d+(\.\d)?% \(\d+ of \d+\)/);
    await difficulty.getByRole("button", { name: "A keyword lookup answers it" }).click();
    assert.equal(await generate.getByTestId("review-filter").inputValue(), "lookup");

    // The exam's table shows the draft with the accepted questions; freeze it.
    await page.getByRole("tab", { name: "The exam" }).click();
    const banner = page.getByTestId("draft-banner");
    await banner.waitFor();
    assert.match(await page.locator(".page-head p").innerText(), new RegExp(`Generated exam, version 1 · ${accepted} questions`));
    assert.ok((await page.getByTestId("questions").innerText()).includes(firstStem));
    await banner.getByTestId("freeze").click();
    await page.getByText(/Version 1 is frozen/).waitFor();

    // The reference pipelines sit the new version.
    await show(page, "#/setup");
    const panel = page.getByTestId("pipelines");
    await panel.getByRole("button", { name: "Add them" }).click();
    await panel.getByText("27 pipelines are ready to sit the exam").waitFor();
    await panel.getByRole("button", { name: "Run the pipelines" }).click();
    const done = panel.getByText(/Done: \d+ answers from 27 pipelines/);
    const alert = panel.locator('[role="alert"]');
    await Promise.race([
      done.waitFor({ timeout: 600000 }),
      alert.waitFor({ timeout: 600000 }).then(async () => {
        await page.screenshot({ path: join(shots, "serve-generate-run-failed.png"), fullPage: true });
        throw new Error(await alert.innerText());
      }),
    ]);
    assert.match(await done.innerText(), new RegExp(`Done: ${27 * accepted} answers`));
    await show(page, "#/results/leaderboard");
    // With no system of one's own on this exam, the pipelines' band may already be open.
    const oracle = page.getByTestId("leaderboard").locator("tbody tr", { hasText: "oracle · combined" });
    await page.getByTestId("pipelines-band").waitFor();
    if (!(await oracle.isVisible())) await page.getByTestId("pipelines-band").click();
    await oracle.waitFor();
    await page.screenshot({ path: join(shots, "serve-generate-leaderboard.png"), fullPage: true });
  });
});

test("adds a model of one's own from the page, after its self-test", async () => {
  // Small ONNX graphs the model tests also use (not real models: plumbing only).
  const tiny = join(dataDir, "tiny");
  const python = process.env.PROCTOR_PYTHON ?? "python3";
  const made = spawnSync(python, [join(ui, "../crates/models/tests/make_tiny_models.py"), models.tokenizer, tiny], {
    encoding: "utf8",
  });
  assert.equal(made.status, 0, made.stderr);
  assert.ok(existsSync(join(tiny, "pair-scorer.onnx")));
  await withPage(async (page) => {
    await page.goto(url);
    // The quick project of the previous test is still open.
    const panel = page.getByTestId("pipelines");
    await panel.waitFor({ timeout: 30000 });
    await panel.getByText("Local models").click();
    const section = page.getByTestId("models");
    await section.getByText("Models folder").waitFor();
    assert.match(await section.innerText(), /all-MiniLM-L6-v2, fp32\s+\S+ MB\s+installed/);
    const fill = async (model, name) => {
      await section.getByLabel("ONNX file").fill(join(tiny, model));
      await section.getByLabel("Its tokenizer.json").fill(join(tiny, "tokenizer.json"));
      await section.getByLabel("Name").fill(name);
      await section.getByRole("button", { name: "Test and add" }).click();
    };
    // A graph that ignores the attention mask is refused, with the check it failed.
    await fill("no-mask.onnx", "no-mask");
    await section.getByRole("alert").filter({ hasText: "padding in a batch does not change a score" }).waitFor();
    await fill("pair-scorer.onnx", "tiny-ce");
    await section.getByText("tiny-ce: passed its self-test").waitFor({ timeout: 30000 });
    assert.match(await section.locator(".mine").innerText(), /tiny-ce\s+pair-scorer/);
    await section.screenshot({ path: join(shots, "serve-models.png") });
    // With a pair scorer there are more pipelines: hybrid + rerank, and the pair-scorer reader.
    await panel.getByRole("button", { name: "Add new ones" }).click();
    await panel.getByText("43 pipelines are ready to sit the exam").waitFor();
    await section.getByRole("button", { name: "Remove" }).click();
    await section.getByText("None yet.").waitFor();

    // A language model on a server: a small OpenAI-compatible one on 127.0.0.1 that names the
    // letter of the choice the passage mentions — for the right key only.
    const key = "sk-e2e-0123456789abcdef-9c1d";
    const keysSeen = new Set();
    const vendor = createServer((req, res) => {
      keysSeen.add(req.headers.authorization);
      if (req.headers.authorization !== `Bearer ${key}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: "bad key" }));
        return;
      }
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const prompt = JSON.parse(body).messages[0].content;
        const [passage, rest = ""] = prompt.split("Question: ");
        const line = rest.split("\n").find((l) => /^[A-D]\. /.test(l) && passage.includes(l.slice(3).trim()));
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: line ? line[0] : "A" } }] }));
      });
    });
    await new Promise((resolve) => vendor.listen(0, "127.0.0.1", resolve));
    try {
      await section.getByLabel("Kind of model").selectOption("endpoint");
      await section.getByLabel("Address (up to the API version)").fill(`http://127.0.0.1:${vendor.address().port}/v1`);
      await section.getByLabel("Model on the server").fill("reader-1");
      await section.getByLabel("Name").fill("vendor-reader");
      // The key goes into the OS keychain (a real Secret Service the test started), nowhere else.
      await section.getByLabel("API key").selectOption("keychain");
      await section.getByLabel("Keychain entry").fill("vendor-key");
      await section.getByLabel("Key", { exact: true }).fill(key);
      await section.getByRole("button", { name: "Test and add" }).click();
      await section.getByText("vendor-reader: passed its self-test").waitFor({ timeout: 30000 });
      assert.deepEqual([...keysSeen], [`Bearer ${key}`]);
      const mine = await section.locator(".mine").innerText();
      assert.match(mine, /language model reader-1 at http:\/\/127\.0\.0\.1:\d+\/v1, reads by letter/);
      assert.match(mine, /key from the OS keychain entry 'vendor-key' \(set, ends …9c1d\)/);
      assert.ok(!mine.includes("0123456789"));
      assert.equal(await section.getByLabel("Key", { exact: true }).inputValue(), "");
      // The LLM reader can now run on it: the choice appears where pipelines are run.
      const choice = panel.getByTestId("llm-choice");
      await choice.waitFor();
      assert.match(await choice.innerText(), /vendor-reader \(reader-1 on a server\)/);
      await section.screenshot({ path: join(shots, "serve-models-endpoint.png") });
      await section.getByRole("button", { name: "Remove" }).click();
      await section.getByText("None yet.").waitFor();
      await choice.waitFor({ state: "detached" });
    } finally {
      vendor.close();
    }
  });
});

test("shows a clear message when a project cannot be opened", async () => {
  await withPage(async (page) => {
    await page.goto(url);
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("Project file (.proctor)").fill("/nowhere/missing.proctor");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    assert.match(await alert.innerText(), /there is no project file at \/nowhere\/missing\.proctor/);
  });
});

test("refuses API calls without the session token", async () => {
  const origin = new URL(url).origin;
  const response = await fetch(`${origin}/api/summary`);
  assert.equal(response.status, 401);
  assert.equal((await response.json()).code, "unauthorized");
});
