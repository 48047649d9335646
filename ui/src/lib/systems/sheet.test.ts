import { describe, expect, it } from "vitest";
import type { AnswerSheet, AnswerVerdict, SheetRow } from "../backend/types";
import { countsLine, filtersOf, handLine, letterOf, nextToRead, readable, shows } from "./sheet";

const row = (number: number, verdict: AnswerVerdict, more: Partial<SheetRow> = {}): SheetRow => ({
  id: `q-${number}`,
  number,
  stem: "Which port?",
  key: "A",
  choice: null,
  verdict,
  reply: verdict === "missing" ? null : "It could be B or C",
  choices: ["80", "443", "8080"],
  reading: null,
  hand: null,
  latency_ms: null,
  attempts: null,
  source_in_evidence: null,
  ...more,
});

const sheet = (rows: SheetRow[], more: Partial<AnswerSheet> = {}): AnswerSheet => ({
  system: "Newcomer",
  exam: { exam: "tidewater", version: 1, frozen: true, questions: rows.length },
  exam_mode: false,
  endpoint: false,
  rows,
  ...more,
});

const hand = { original: "needs a look: it names B and C and commits to none of them", reason: "it hedges, then says 443", at: "2026-11-26T19:28:09.123Z" };

describe("the answer sheet", () => {
  it("keeps the rows of each filter", () => {
    const rows = [row(1, "right"), row(2, "needs_look"), row(3, "wrong", { hand }), row(4, "error", { attempts: 3 })];
    expect(rows.filter((r) => shows(r, "all")).map((r) => r.number)).toEqual([1, 2, 3, 4]);
    expect(rows.filter((r) => shows(r, "needs-look")).map((r) => r.number)).toEqual([2]);
    expect(rows.filter((r) => shows(r, "by-hand")).map((r) => r.number)).toEqual([3]);
    expect(rows.filter((r) => shows(r, "retried")).map((r) => r.number)).toEqual([4]);
  });

  it("offers the replies to read on every sheet, those read by hand once there are some, and an endpoint's own filters", () => {
    expect(filtersOf(sheet([row(1, "right")]), "all")).toEqual(["all", "needs-look"]);
    expect(filtersOf(sheet([row(1, "right", { hand })]), "all")).toEqual(["all", "needs-look", "by-hand"]);
    expect(filtersOf(sheet([row(1, "right")]), "by-hand")).toEqual(["all", "needs-look", "by-hand"]);
    expect(filtersOf(sheet([row(1, "right")], { endpoint: true }), "all")).toEqual([
      "all",
      "needs-look",
      "error",
      "retried",
      "without-source",
      "source-missing",
    ]);
    expect(filtersOf(sheet([row(1, "right")], { endpoint: true, exam_mode: true }), "all")).toEqual(["all", "needs-look"]);
  });

  it("counts the rows by outcome, in the order of the columns, in words", () => {
    const rows = [row(1, "right"), row(2, "right"), row(3, "needs_look"), row(4, "needs_look"), row(5, "error"), row(6, "missing")];
    expect(countsLine(rows)).toBe("2 right, 2 need a look, 1 error, 1 to answer");
    expect(countsLine([row(1, "needs_look"), row(2, "error"), row(3, "error")])).toBe("1 needs a look, 2 errors");
    expect(countsLine([])).toBe("");
  });

  it("lets a person read the replies a system sent, not its errors, gaps or EXAM-mode answers", () => {
    const s = sheet([]);
    expect(readable(s, row(1, "needs_look"))).toBe(true);
    expect(readable(s, row(1, "right"))).toBe(true);
    expect(readable(s, row(1, "error"))).toBe(false);
    expect(readable(s, row(1, "missing"))).toBe(false);
    expect(readable(s, row(1, "unanswered", { reply: null }))).toBe(false);
    expect(readable(sheet([], { exam_mode: true }), row(1, "needs_look"))).toBe(false);
  });

  it("says when a reply was read by hand, what Proctor read before, and why", () => {
    expect(handLine(hand)).toBe(
      "Read by hand on 2026-11-26 19:28 UTC. Proctor's own reading: needs a look: it names B and C and commits to none of them. Why: it hedges, then says 443",
    );
    expect(handLine({ original: null, reason: null, at: "2026-11-26T07:05:00Z" })).toBe("Read by hand on 2026-11-26 07:05 UTC.");
  });

  it("names the choices by letter and finds the next reply to read, from the top again at the end", () => {
    expect([0, 1, 25].map(letterOf)).toEqual(["A", "B", "Z"]);
    const rows = [row(1, "needs_look"), row(2, "right"), row(3, "needs_look"), row(4, "needs_look")];
    expect(nextToRead(rows, rows[0]!)?.number).toBe(3);
    expect(nextToRead(rows, rows[3]!)?.number).toBe(1);
    expect(nextToRead([row(1, "needs_look")], row(1, "needs_look"))).toBeNull();
  });
});
