// The workbench at scale in Chromium: for each screen, the time from the address changing to
// the frame after the page has drawn its data (backend calls included), and whether the
// questions table scrolls without dropped frames. Run by scripts/bench-workbench.sh on the
// project crates/api/benches/workbench.rs built; prints Markdown rows for the README.
//
//   node ui/bench/screens.mjs <project.proctor>
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServe, withPage } from "../e2e/harness.mjs";

const project = process.argv[2];
if (!project) {
  console.error("usage: node ui/bench/screens.mjs <project.proctor>");
  process.exit(2);
}
const REPEATS = 5;

// Each screen: its address, what must be on the page once its data is drawn, and the budget.
const screens = [
  { name: "Set-up", hash: "#/setup", ready: "[data-testid=state-systems]", budget: 300 },
  { name: "Documents (200)", hash: "#/documents", ready: "[data-testid=documents] table.grid tbody tr", budget: 300 },
  { name: "Questions (2,000, virtualised)", hash: "#/questions", ready: "[aria-label=Questions] [role=option]", budget: 300 },
  { name: "Open one question (50 answers)", from: "#/questions", hash: "#/questions/q1000", ready: "[data-testid=answers] tbody tr:nth-child(50)", budget: 100 },
  { name: "Systems (50)", hash: "#/systems", ready: "[data-testid=system-row]:nth-child(50)", budget: 300 },
  { name: "One system's answer sheet", hash: "#/systems/System%2049", ready: "[data-testid=answer-sheet] tbody tr.line", budget: 300 },
  { name: "Results: leaderboard", hash: "#/results/leaderboard", ready: "[data-testid=leaderboard] tbody tr:nth-child(50)", budget: 300 },
  { name: "Results: compare two", hash: "#/results/compare", ready: "[data-testid=only-first]", budget: 300 },
  { name: "Results: topics radar (20 topics)", hash: "#/results/breakdown", ready: "svg[data-testid=radar]", budget: 300 },
  { name: "Results: IRT", hash: "#/results/irt", ready: "[data-testid=irt]", budget: 300 },
];

/** Milliseconds from setting `hash` to the frame after `ready` is on the page. */
async function open(page, hash, ready) {
  return page.evaluate(
    async ({ hash, ready }) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      const started = performance.now();
      window.location.hash = hash;
      for (;;) {
        await frame();
        if (document.querySelector(ready)) break;
        if (performance.now() - started > 30000) throw new Error(`${ready} did not appear`);
      }
      await frame();
      return performance.now() - started;
    },
    { hash, ready },
  );
}

/** The verdict column: choosing a baseline on the leaderboard until every row has its verdict. */
async function verdicts(page) {
  await open(page, "#/results/leaderboard", "[data-testid=leaderboard] tbody tr:nth-child(50)");
  return page.evaluate(async () => {
    const select = document.querySelector("select[aria-label='Baseline for significance']");
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    select.value = "";
    select.dispatchEvent(new Event("change"));
    await frame();
    const started = performance.now();
    select.value = "System 25";
    select.dispatchEvent(new Event("change"));
    for (;;) {
      await frame();
      const cells = document.querySelectorAll("[data-testid=versus] span[title]");
      if (cells.length >= 49) break;
      if (performance.now() - started > 30000) throw new Error("the verdicts did not appear");
    }
    await frame();
    return performance.now() - started;
  });
}

/** Scrolls the questions table top to bottom, 180 px a frame; the frame intervals. */
async function scroll(page) {
  await open(page, "#/questions", "[aria-label=Questions] [role=option]");
  return page.evaluate(async () => {
    const list = document.querySelector("[aria-label=Questions]");
    const intervals = [];
    let last = performance.now();
    while (list.scrollTop + list.clientHeight < list.scrollHeight - 1) {
      list.scrollTop += 180;
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      const now = performance.now();
      intervals.push(now - last);
      last = now;
    }
    return intervals;
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dataDir = mkdtempSync(join(tmpdir(), "proctor-bench-"));
const serve = await startServe(dataDir, {}, ["--project", project]);
try {
  await withPage(async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(serve.url);
    await page.getByTestId("setup").waitFor({ timeout: 60000 });
    console.log("| screen (Chromium, 1280 × 800) | until drawn, median ms | budget ms | share of budget |");
    console.log("|---|---:|---:|---:|");
    for (const screen of screens) {
      const times = [];
      for (let i = 0; i < REPEATS + 1; i++) {
        // From another page each time, so the screen is built anew.
        await open(page, screen.from ?? "#/start", screen.from ? "[aria-label=Questions] [role=option]" : "main");
        const ms = await open(page, screen.hash, screen.ready);
        if (i > 0) times.push(ms);
      }
      const ms = median(times);
      console.log(`| ${screen.name} | ${ms.toFixed(0)} | ${screen.budget} | ${(ms / screen.budget).toFixed(2)} |`);
    }
    const verdictTimes = [];
    for (let i = 0; i < REPEATS; i++) verdictTimes.push(await verdicts(page));
    const v = median(verdictTimes);
    console.log(`| Results: the verdict column for 49 systems (a baseline chosen) | ${v.toFixed(0)} | 300 | ${(v / 300).toFixed(2)} |`);
    const intervals = await scroll(page);
    const dropped = intervals.filter((ms) => ms > 1.5 * (1000 / 60)).length;
    console.log(
      `| Questions table scrolled top to bottom: ${intervals.length} frames | longest frame ${Math.max(...intervals).toFixed(0)} ms, median ${median(intervals).toFixed(0)} ms | ${dropped} dropped (> 25 ms) | — |`,
    );
  });
} finally {
  serve.process.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
