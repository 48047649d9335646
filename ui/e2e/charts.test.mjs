// Charts and tables as files, in headless Chromium against `proctor serve` on the sample: the
// leaderboard as a PNG, CSV and workbook, the radar of topics as an SVG, Bloom bars, two systems
// side by side — drawn by the backend from the series on screen; and the report, chosen,
// previewed, exported, and printed to PDF.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api, shots, show, startServe, withPage } from "./harness.mjs";

let serve;
let dataDir;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proctor-charts-"));
  serve = await startServe(dataDir);
});

after(() => {
  serve?.process.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the leaderboard downloads as a PNG and the radar as an SVG of the systems it shows", async () => {
  await withPage(async (page) => {
    await page.goto(serve.url);
    await page.getByRole("button", { name: "Open the sample project" }).click();
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await show(page, "#/results/leaderboard");
    const save = page.getByTestId("chart-save-leaderboard");
    const [png] = await Promise.all([page.waitForEvent("download"), save.getByRole("button", { name: "PNG" }).click()]);
    assert.match(png.suggestedFilename(), /-leaderboard\.png$/);
    const bytes = readFileSync(await png.path());
    assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], "a PNG");
    assert.ok(bytes.length > 20000, `${bytes.length} bytes`);

    // The table beside it, as CSV and as an Excel workbook.
    const table = page.getByTestId("table-save-leaderboard");
    const [csv] = await Promise.all([page.waitForEvent("download"), table.getByRole("button", { name: "CSV" }).click()]);
    const lines = readFileSync(await csv.path(), "utf8").trim().split("\n");
    assert.match(lines[0], /^Rank,System,Group,Mode,Right/);
    assert.match(lines[1], /^1,Atlas RAG,system,answers,109,/);
    const [xlsx] = await Promise.all([page.waitForEvent("download"), table.getByRole("button", { name: "Excel" }).click()]);
    assert.match(xlsx.suggestedFilename(), /-Leaderboard\.xlsx$/);
    assert.equal(readFileSync(await xlsx.path()).subarray(0, 2).toString(), "PK", "a workbook (zip)");

    await show(page, "#/results/breakdown");
    const radar = page.getByTestId("chart-save-topics");
    await radar.waitFor();
    const [svg] = await Promise.all([page.waitForEvent("download"), radar.getByRole("button", { name: "SVG" }).click()]);
    const text = readFileSync(await svg.path(), "utf8");
    assert.match(text, /^<svg/);
    assert.match(text, /Accuracy per topic/);
    assert.doesNotMatch(text, /<script/);

    // Bloom levels as bars: drawn on the page from the backend's series, saved from the same.
    await page.getByRole("tab", { name: "Bloom levels" }).click();
    const bars = page.getByTestId("bars-bloom");
    await bars.waitFor();
    assert.ok((await bars.locator("rect").count()) >= 3 * 6, "a bar per shown system and level");
    await page.screenshot({ path: join(shots, "bloom-bars.png"), fullPage: true });
    const [bloom] = await Promise.all([page.waitForEvent("download"), page.getByTestId("chart-save-bloom").getByRole("button", { name: "SVG" }).click()]);
    const bloomSvg = readFileSync(await bloom.path(), "utf8");
    assert.match(bloomSvg, /Accuracy per Bloom level/);
    for (const system of ["Atlas RAG", "Beacon Search", "Cobalt Assist"]) assert.match(bloomSvg, new RegExp(system));

    // Two systems side by side, with the verdict, as a chart file too.
    await show(page, "#/results/compare");
    await page.getByTestId("compare-chart").waitFor();
    const [compare] = await Promise.all([page.waitForEvent("download"), page.getByTestId("chart-save-compare").getByRole("button", { name: "PNG" }).click()]);
    assert.match(compare.suggestedFilename(), /-compare\.png$/);
    await page.screenshot({ path: join(shots, "compare-chart.png"), fullPage: true });
  });
});

test("the report: choose sections, preview, export, and the download arrives", async () => {
  await withPage(async (page) => {
    await page.goto(serve.url);
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await page.getByRole("link", { name: "Report" }).click();
    const report = page.getByTestId("report");
    await report.waitFor();
    await report.getByRole("checkbox", { name: "Topics" }).uncheck();
    await report.getByLabel("The question it answers").fill("Which vendor should <we> buy?");
    const preview = page.frameLocator("[data-testid=report-preview]");
    await preview.getByText("Which vendor should <we> buy?").waitFor();
    await preview.getByRole("heading", { name: "Leaderboard" }).waitFor();
    assert.equal(await preview.getByRole("heading", { name: "Topics", exact: true }).count(), 0);
    await page.screenshot({ path: join(shots, "report-page.png"), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: "Export the report" }).click()]);
    assert.match(download.suggestedFilename(), /^report-.*\.html$/);
    const html = readFileSync(await download.path(), "utf8");
    assert.match(html, /Which vendor should &lt;we&gt; buy\?/);
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /<h2>Topics<\/h2>/);
    await report.getByText(/Downloaded report-/).waitFor();

    // The other files to hand over, from the same page: the exam as auto-rag-eval's exam.json,
    // the topics table as CSV.
    const files = page.getByTestId("report-files");
    const [exam] = await Promise.all([page.waitForEvent("download"), files.getByRole("button", { name: "auto-rag-eval's exam.json" }).click()]);
    assert.match(exam.suggestedFilename(), /\.exam\.json$/);
    const questions = JSON.parse(readFileSync(await exam.path(), "utf8"));
    assert.equal(questions.length, 120);
    assert.match(questions[0].correct_answer, /^[A-D]$/);
    const [topics] = await Promise.all([page.waitForEvent("download"), page.getByTestId("table-save-topics").getByRole("button", { name: "CSV" }).click()]);
    assert.match(readFileSync(await topics.path(), "utf8"), /^Topic,Questions,Atlas RAG,/);
  });
});

test("the whole report reads in Chromium without fetching anything, and prints to PDF", async () => {
  // An IRT fit, so the report has every section's content.
  await api(serve, "fit_irt", {
    exam: null,
    settings: null,
    hierarchical: false,
    baselines: [],
    selection: { systems: [], tagged: [] },
  });
  const report = await api(serve, "report", { exam: null, sections: [], question: "" });
  const file = join(dataDir, report.file_name);
  writeFileSync(file, report.html);
  await withPage(async (page) => {
    const fetched = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) fetched.push(request.url());
    });
    await page.goto(`file://${file}`);
    for (const heading of ["Leaderboard", "Articles: EXAM, ROUGE-1 and nuggets", "Formulations", "Topics", "Item Response Theory", "Exam quality", "The systems one by one", "Provenance"]) {
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    }
    assert.deepEqual(fetched, [], "a self-contained file fetches nothing");
    await page.screenshot({ path: join(shots, "report-chromium.png"), fullPage: true });
    const pdf = join(shots, "report.pdf");
    await page.pdf({ path: pdf, format: "A4", margin: { top: "15mm", bottom: "15mm", left: "12mm", right: "12mm" } });
    const info = execFileSync("pdfinfo", [pdf], { encoding: "utf8" });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    assert.ok(pages >= 3, `${pages} pages`);
    // The first page as a picture, for a person to look at (scripts/setup.sh installs poppler).
    execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, join(shots, "report-page-1")]);
    const text = execFileSync("pdftotext", ["-f", "1", "-l", "1", pdf, "-"], { encoding: "utf8" });
    assert.match(text, /Leaderboard/);
  });
});
