// The IRT workbench in headless Chromium against `proctor serve`, with no project open: a
// response file (LSAT7, 1,000 subjects × 5 items, as in R's mirt) uploaded from the page, fitted,
// its subjects, items and information curve shown.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shots, show, startServe, withPage } from "./harness.mjs";

let serve;
let dataDir;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proctor-irt-"));
  serve = await startServe(dataDir);
});

after(() => {
  serve?.process.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

function lsat7() {
  const counts = [12, 19, 1, 7, 3, 19, 3, 17, 10, 5, 3, 7, 7, 23, 8, 28, 7, 39, 11, 34, 14, 51, 15, 90, 6, 25, 7, 35, 18, 136, 32, 308];
  const lines = ["id,Item.1,Item.2,Item.3,Item.4,Item.5"];
  let k = 0;
  counts.forEach((count, pattern) => {
    for (let n = 0; n < count; n++) {
      const cells = [0, 1, 2, 3, 4].map((bit) => (pattern >> (4 - bit)) & 1);
      lines.push(`s${k++},${cells.join(",")}`);
    }
  });
  return lines.join("\n") + "\n";
}

test("a response file is fitted on the IRT workbench without a project", async () => {
  const file = join(dataDir, "lsat7.csv");
  writeFileSync(file, lsat7());
  await withPage(async (page) => {
    await page.goto(serve.url);
    await page.getByRole("link", { name: "IRT workbench" }).click();
    const bench = page.getByTestId("irt-workbench");
    await bench.waitFor();
    await bench.getByLabel("Upload a responses file").setInputFiles(file);
    await bench.getByText("Uploaded lsat7.csv").waitFor();
    await bench.getByLabel("Preset").selectOption("unpenalised");
    await bench.getByRole("button", { name: "Fit the model" }).click();
    const fit = page.getByTestId("irt-fit");
    await fit.waitFor({ timeout: 60000 });
    assert.match(await fit.innerText(), /lsat7\.csv \(wide\): 1000 subjects × 5 items, 0 missing cells/);
    // mirt's LSAT7 2PL: Item.3 discriminates most (a ≈ 1.71), Item.5 least (a ≈ 0.74).
    const rows = fit.getByTestId("irt-items").locator("tbody tr");
    assert.equal(await rows.count(), 5);
    assert.match(await rows.first().innerText(), /^Item\.5\s+0\.74/);
    assert.match(await rows.last().innerText(), /^Item\.3\s+1\.71/);
    assert.equal(await fit.getByTestId("irt-abilities").locator("tbody tr").count(), 200, "the first 200 of 1000");
    await fit.getByTestId("irt-information").locator("polyline").waitFor();
    await page.screenshot({ path: join(shots, "irt-workbench.png"), fullPage: true });

    // A bad file says where.
    const bad = join(dataDir, "bad.csv");
    writeFileSync(bad, "id,q1,q2\na,1,0\nb,0,maybe\n");
    await bench.getByLabel("Upload a responses file").setInputFiles(bad);
    await bench.getByText("Uploaded bad.csv").waitFor();
    await bench.getByRole("button", { name: "Fit the model" }).click();
    await bench.getByRole("alert").filter({ hasText: "bad.csv:3:q2: 'maybe' is not a response" }).waitFor();
  });
});

test("adaptive exams are checked against the whole exam on the sample", async () => {
  await withPage(async (page) => {
    await page.goto(serve.url);
    await page.getByRole("button", { name: "Open the sample project" }).click();
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await show(page, "#/results/quality");
    const panel = page.getByTestId("adaptive");
    await panel.getByRole("button", { name: "Check adaptive exams" }).click();
    const summary = panel.getByTestId("adaptive-summary");
    await summary.waitFor({ timeout: 60000 });
    assert.match(await summary.innerText(), /^Asking 60 of the 120 questions adaptively/);
    // Whether adaptive questions beat random ones is the project's one verdict, said once.
    assert.match(
      await panel.getByTestId("adaptive-verdict").innerText(),
      /^The adaptive exam's prediction error is [\d.]+ points (above|below) a random subset's: the difference (is real|could be luck) \(paired randomisation over systems, p/,
    );
    // One group of two bars (adaptive, random) per system checked.
    const chart = panel.getByTestId("adaptive-chart");
    assert.equal(await chart.locator("rect").count(), 2 * (await panel.locator("tbody tr").count()));
    await panel.getByText(/Not checked .*Drift QA/).waitFor();
    await page.screenshot({ path: join(shots, "adaptive-check.png"), fullPage: true });
    // Only one group checked: the sample has no reference pipelines, and says so; its
    // vendors alone are the six rows of before.
    const rows = await panel.locator("tbody tr").count();
    await panel.getByTestId("adaptive-group").selectOption("pipelines");
    await panel.getByRole("button", { name: "Check adaptive exams" }).click();
    await panel.getByRole("alert").filter({ hasText: "no reference pipelines sat this exam, so there is nothing to check" }).waitFor();
    await panel.getByTestId("adaptive-group").selectOption("systems");
    await panel.getByRole("button", { name: "Check adaptive exams" }).click();
    await panel.getByText(/each system being judged's accuracy/).waitFor({ timeout: 60000 });
    assert.equal(await panel.locator("tbody tr").count(), rows);
  });
});
