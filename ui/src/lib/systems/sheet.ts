// The answer sheet's rows as the page shows them: which rows a filter keeps, the counts line,
// which replies a person can read by hand, and a hand reading in words. Presentation only: the
// verdicts and readings come ready-made from the backend.
import type { AnswerSheet, AnswerVerdict, HandNote, SheetRow } from "../backend/types";
import { utcTime } from "../shared/format";
import type { SheetFilter } from "../shell/selection.svelte";

/** Whether `row` is on view under `filter`. */
export function shows(row: SheetRow, filter: SheetFilter): boolean {
  switch (filter) {
    case "all":
      return true;
    case "needs-look":
      return row.verdict === "needs_look";
    case "by-hand":
      return row.hand !== null;
    case "error":
      return row.verdict === "error";
    case "retried":
      return (row.attempts ?? 1) > 1;
    case "without-source":
      return row.verdict === "right" && row.source_in_evidence === false;
    case "source-missing":
      return row.source_in_evidence === false;
  }
}

/** The filters a sheet offers: every sheet its replies to read (and, once there are some, those
 * read by hand); an endpoint's own answers also its errors, retries and evidence. */
export function filtersOf(sheet: AnswerSheet, current: SheetFilter): SheetFilter[] {
  const byHand: SheetFilter[] = current === "by-hand" || sheet.rows.some((r) => r.hand !== null) ? ["by-hand"] : [];
  const endpoint: SheetFilter[] = sheet.endpoint && !sheet.exam_mode ? ["error", "retried", "without-source", "source-missing"] : [];
  return ["all", "needs-look", ...byHand, ...endpoint];
}

const counted: [AnswerVerdict, (n: number) => string][] = [
  ["right", () => "right"],
  ["wrong", () => "wrong"],
  ["unanswered", () => "unanswered"],
  ["needs_look", (n) => (n === 1 ? "needs a look" : "need a look")],
  ["error", (n) => (n === 1 ? "error" : "errors")],
  ["missing", () => "to answer"],
];

/** The rows by outcome, in words: "60 right, 20 wrong, 3 need a look". */
export function countsLine(rows: SheetRow[]): string {
  const tally = new Map<AnswerVerdict, number>();
  for (const r of rows) tally.set(r.verdict, (tally.get(r.verdict) ?? 0) + 1);
  return counted
    .filter(([verdict]) => tally.has(verdict))
    .map(([verdict, words]) => {
      const n = tally.get(verdict) ?? 0;
      return `${n} ${words(n)}`;
    })
    .join(", ");
}

/** The letter of the choice at `index` (0 → "A"). */
export function letterOf(index: number): string {
  return String.fromCharCode(65 + index);
}

/** Whether a person can read `row`'s reply by hand: a reply the system itself sent (not an
 * error, not a reader's answer over its articles in EXAM mode). */
export function readable(sheet: AnswerSheet, row: SheetRow): boolean {
  return !sheet.exam_mode && row.reply !== null && row.verdict !== "error" && row.verdict !== "missing";
}

/** When a reply was read by hand, what it was read as before, and why. */
export function handLine(hand: HandNote): string {
  const before = hand.original ? ` Proctor's own reading: ${hand.original}.` : "";
  const why = hand.reason ? ` Why: ${hand.reason}` : "";
  return `Read by hand on ${utcTime(hand.at)}.${before}${why}`;
}

/** The next reply to read after `row` (in exam order, from the top again at the end), if any. */
export function nextToRead(rows: SheetRow[], row: SheetRow): SheetRow | null {
  const waiting = rows.filter((r) => r.verdict === "needs_look" && r.id !== row.id);
  return waiting.find((r) => r.number > row.number) ?? waiting[0] ?? null;
}
