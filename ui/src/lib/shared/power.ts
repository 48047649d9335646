// What a "could be luck" verdict means in questions (METHODS §11): the backend computes the
// numbers; this only says them.
import type { Verdict } from "../backend/types";

/** "Telling these two apart … would take about 2,340 questions (this exam has 120); …", or null
 *  for a real difference or a verdict without power numbers (EXAM scores). */
export function powerNote(verdict: Verdict, questions: number): string | null {
  if (verdict.real || (verdict.questions_needed === null && verdict.detectable_difference === null)) return null;
  const parts: string[] = [];
  if (verdict.questions_needed !== null) {
    const family = verdict.family_size > 1 ? `, before the correction for the ${verdict.family_size} comparisons made together` : "";
    parts.push(
      `Telling these two apart with 80% power would take about ${verdict.questions_needed.toLocaleString("en")} questions (this exam has ${questions.toLocaleString("en")})${family}`,
    );
  } else {
    parts.push("These two are right and wrong on different questions equally often: no number of questions tells them apart");
  }
  if (verdict.detectable_difference !== null) {
    parts.push(`as often as they disagree, this exam detects differences of ${(verdict.detectable_difference * 100).toFixed(1)} points or more`);
  }
  return `${parts.join("; ")}.`;
}
