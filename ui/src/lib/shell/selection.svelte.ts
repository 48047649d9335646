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
