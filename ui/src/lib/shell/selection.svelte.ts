// A set of questions another page asked the Questions page to show ("right only for A"), so
// every count that summarises questions can open the questions behind it.
import { go } from "./route";

class QuestionSet {
  current = $state<{ label: string; ids: string[] } | null>(null);

  /** Shows `ids` on the Questions page under `label`. */
  open(label: string, ids: string[]) {
    this.current = { label, ids: [...ids] };
    go({ page: "questions", item: ids[0] ?? null });
  }

  clear() {
    this.current = null;
  }
}

export const questionSet = new QuestionSet();

/** Which rows of an answer sheet are on view. */
export type SheetFilter = "all" | "needs-look" | "by-hand" | "error" | "retried" | "without-source" | "source-missing";

// The rows of a system's answer sheet on view, kept across pages, so another page can open a
// sheet on some of its rows (the leaderboard's "⚑ 3 to read" opens the replies to read by hand).
class SheetView {
  current = $state<{ system: string; filter: SheetFilter } | null>(null);

  /** The rows on view of `system`'s sheet: every row unless others were chosen for it. */
  filterOf(system: string): SheetFilter {
    return this.current?.system === system ? this.current.filter : "all";
  }

  /** Shows `filter`'s rows of `system`'s sheet. */
  show(system: string, filter: SheetFilter) {
    this.current = { system, filter };
  }

  /** Opens `system`'s answer sheet on the Systems page with `filter`'s rows on view. */
  open(system: string, filter: SheetFilter) {
    this.show(system, filter);
    go({ page: "systems", item: system });
  }
}

export const sheetView = new SheetView();
