// One verdict everywhere (METHODS.md §9, issue 9): on a project where the old code contradicted
// itself — 25 systems on a 15-question exam, where the compare panel's bootstrap interval called
// +40 points "real" while the leaderboard's Holm over every system called it chance — the
// leaderboard, the compare panel, the CLI and the HTTP API give the same verdict on the same
// pair, and accuracy counts errors as not right.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api, proctorBin, shots, show, startServe, withPage } from "./harness.mjs";

let dataDir;
let serve;
let project;

const QUESTIONS = 15;
const keys = Array.from({ length: QUESTIONS }, (_, i) => "ABCD"[i % 4]);
const wrong = (key) => (key === "A" ? "B" : "A");

function proctor(...args) {
  const out = spawnSync(proctorBin, args, { encoding: "utf8" });
  assert.equal(out.status, 0, `proctor ${args.join(" ")}: ${out.stderr}`);
  return out.stdout;
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proctor-verdict-"));
  project = join(dataDir, "vendors.proctor");
  const exam = ["id,question,A,B,C,D,answer"]
    .concat(keys.map((k, i) => `q${i + 1},Which setting controls option ${i + 1}?,alpha,beta,gamma,delta,${k}`))
    .join("\n");
  writeFileSync(join(dataDir, "exam.csv"), exam);
  proctor("init", project);
  proctor("import", "exam", join(dataDir, "exam.csv"), "-p", project);
  // Vendor A: right on 13 of 15. Vendor B: right on 7, the same 7 as A — 6 questions right for
  // A only, none for B only (+40 points). Vendor B also reports errors on two questions.
  const answers = (right, errors = []) =>
    ["question_id,answer,error"]
      .concat(keys.map((k, i) => (errors.includes(i) ? `q${i + 1},,timeout` : `q${i + 1},${right(i) ? k : wrong(k)},`)))
      .join("\n");
  const files = [
    ["Vendor A", answers((i) => i < 13)],
    ["Vendor B", answers((i) => i < 7, [13, 14])],
  ];
  for (let s = 0; s < 23; s++) {
    files.push([`Other ${String(s + 1).padStart(2, "0")}`, answers((i) => (i * 7 + s * 3) % 5 < 3)]);
  }
  for (const [name, csv] of files) {
    const file = join(dataDir, `${name}.csv`);
    writeFileSync(file, csv);
    proctor("import", "answers", file, "--system", name, "-p", project);
  }
  serve = await startServe(dataDir);
  await api(serve, "open_project", { path: project });
});

after(() => {
  serve?.process.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the same pair gets the same verdict in the leaderboard, the compare panel, the CLI and the API", async () => {
  // CLI.
  const cliPair = JSON.parse(proctor("compare", "Vendor A", "Vendor B", "-p", project, "--json"));
  const cliTable = JSON.parse(proctor("compare", "Vendor B", "-p", project, "--json"));
  const cliRow = cliTable.rows.find((r) => r.system === "Vendor A");
  // HTTP.
  const httpPair = await api(serve, "compare", { exam: null, first: "Vendor A", second: "Vendor B" });
  const httpTable = await api(serve, "significance", { exam: null, baseline: "Vendor B", group: null });
  const httpRow = httpTable.rows.find((r) => r.system === "Vendor A");
  // +40 points on 6 against 0 discordant questions: McNemar's p = 2/64, Holm over 24 comparisons.
  assert.equal(cliPair.difference.toFixed(4), "0.4000");
  assert.ok(Math.abs(cliPair.verdict.p_value - 2 / 64) < 1e-12, String(cliPair.verdict.p_value));
  assert.equal(cliPair.verdict.family_size, 24);
  for (const verdict of [cliRow.verdict, httpPair.verdict, httpRow.verdict]) {
    assert.deepEqual(verdict, cliPair.verdict);
  }
  // The old contradiction: the bootstrap interval excludes 0, yet the corrected verdict is luck;
  // the interval only shows the size now.
  assert.equal(cliPair.excludes_zero, true);
  assert.equal(cliPair.verdict.real, false);
  assert.match(cliPair.verdict.sentence, /could be luck \(exact McNemar, p = 0\.031, Holm over 24 comparisons/);

  // Errors count as not right: Vendor B has 7 right of 15, whatever its 2 errors were.
  const grades = JSON.parse(proctor("grade", "-p", project, "--json"));
  const b = grades.leaderboard.find((s) => s.system === "Vendor B");
  assert.equal(b.errors, 2);
  assert.equal(b.accuracy, 7 / 15);
  assert.equal(b.accuracy_on_answered, 7 / 13);

  // The UI says the same, in the leaderboard and in the compare panel.
  await withPage(async (page) => {
    await page.goto(serve.url);
    // An open project lands on Set-up; the leaderboard is one click (or one address) away.
    await page.getByTestId("setup").waitFor({ timeout: 30000 });
    await show(page, "#/results/leaderboard");
    const board = page.getByTestId("leaderboard");
    await board.waitFor({ timeout: 30000 });
    const bRow = board.locator("tbody tr", { hasText: "Vendor B" });
    assert.match(await bRow.innerText(), /46\.7%/);
    assert.match(await bRow.innerText(), /53\.8% on answered/);
    await page.getByLabel("Baseline for significance").selectOption("Vendor B");
    const aCell = board.locator("tbody tr", { hasText: "Vendor A" }).getByTestId("versus").locator("span").first();
    await aCell.waitFor();
    // The tooltip is the verdict, word for word, then what it would take to tell them apart.
    const title = await aCell.getAttribute("title");
    assert.ok(title.startsWith(`${cliPair.verdict.sentence} Telling these two apart`), title);
    assert.match(title, new RegExp(`about ${cliPair.verdict.questions_needed} questions \\(this exam has 15\\)`));
    assert.match(await aCell.innerText(), new RegExp(`\\+40\\.0 ${cliPair.verdict.marker}`));
    await show(page, "#/results/compare");
    await page.getByLabel("First system").selectOption("Vendor A");
    await page.getByLabel("Second system").selectOption("Vendor B");
    const verdict = page.getByTestId("compare-verdict");
    // Wait for the verdict on this pair (the panel answers each selection in turn); a pair is
    // always judged the weaker against the stronger, whichever way it is asked.
    await verdict.getByText("Vendor B's accuracy is 40.0 points below Vendor A's").waitFor();
    assert.equal((await verdict.innerText()).trim(), `${cliPair.verdict.marker} ${cliPair.verdict.sentence}`);
    await page.getByTestId("comparison").screenshot({ path: join(shots, "serve-one-verdict.png") });
  });
});
