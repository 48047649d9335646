// Who reads the replies Proctor's rules leave unsure (METHODS.md §13, step 3): by meaning (the
// embedder, on its own) and, if the user chose one, a language model checked on the labelled
// replies. Presentation only: the check and its margin come ready-made from the backend.
import type { UserModelInfo } from "../backend/types";

/** The models the user added that can be chosen to read unsure replies: language models
 *  whose check gave them a margin. */
export function replyReaders(models: readonly UserModelInfo[]): UserModelInfo[] {
  return models.filter((m) => m.role === "llm" && m.reads_replies);
}

/** The chosen reader while it is still one of `readers`; otherwise none (the replies wait for a
 *  person), as when the model was removed or its new check gave no margin. */
export function keptReader(chosen: string | null, readers: readonly UserModelInfo[]): string | null {
  return chosen !== null && readers.some((m) => m.name === chosen) ? chosen : null;
}

/** A phrase of the backend as a sentence: "not checked as a reply reader" → "Not checked as a
 *  reply reader." */
export function asSentence(phrase: string): string {
  const text = phrase.trim();
  if (text === "") return "";
  const capital = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** How many of a sitting's replies were read beyond the rules, in words ("3 read by meaning,
 *  1 by the language model"); null when none were. */
export function helpedLine(sitting: { by_meaning: number; by_model: number }): string | null {
  const parts: string[] = [];
  if (sitting.by_meaning > 0) parts.push(`${sitting.by_meaning} read by meaning`);
  if (sitting.by_model > 0) parts.push(`${sitting.by_model} ${parts.length ? "by" : "read by"} the language model`);
  return parts.length ? parts.join(", ") : null;
}
