// Charts as files, in headless Chromium against `proctor serve` on the sample: the leaderboard
// as a PNG and the radar of topics as an SVG, downloaded from the Results page — drawn by the
// backend from the series on screen, with the systems the radar shows.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shots, show, startServe, withPage } from "./harness.mjs";

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

    await show(page, "#/results/breakdown");
    const radar = page.getByTestId("chart-save-topics");
    await radar.waitFor();
    const [svg] = await Promise.all([page.waitForEvent("download"), radar.getByRole("button", { name: "SVG" }).click()]);
    const text = readFileSync(await svg.path(), "utf8");
    assert.match(text, /^<svg/);
    assert.match(text, /Accuracy per topic/);
    assert.doesNotMatch(text, /<script/);
  });
});

test("the report: choose sections, preview, export, and the download arrives", async () => {
  await withPage(async (page) => {
    await page.goto(serve.url);
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await page.getByRole("link", { name: "Report" }).click();
    const report = page.getByTestId("report");
    await report.waitFor();
    await report.getByLabel("Topics").uncheck();
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
  });
});
