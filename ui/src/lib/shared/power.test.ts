import { describe, expect, it } from "vitest";
import type { Verdict } from "../backend/types";
import { powerNote } from "./power";

const verdict = (over: Partial<Verdict>): Verdict => ({
  test: "exact McNemar",
  p_value: 0.8,
  adjusted_p_value: 0.8,
  family_size: 1,
  family: "one comparison",
  real: false,
  marker: "◦",
  sentence: "…",
  questions_needed: 2340,
  detectable_difference: 0.0621,
  ...over,
});

describe("powerNote", () => {
  it("says the questions needed and the smallest difference the exam detects", () => {
    expect(powerNote(verdict({}), 120)).toBe(
      "Telling these two apart with 80% power would take about 2,340 questions (this exam has 120); as often as they disagree, this exam detects differences of 6.2 points or more.",
    );
  });
  it("says nothing beside a real difference or without numbers", () => {
    expect(powerNote(verdict({ real: true }), 120)).toBeNull();
    expect(powerNote(verdict({ questions_needed: null, detectable_difference: null }), 120)).toBeNull();
  });
  it("says the count is before the family's correction", () => {
    expect(powerNote(verdict({ family_size: 24 }), 15)).toMatch(/\(this exam has 15\), before the correction for the 24 comparisons made together;/);
  });
  it("says when no number of questions would tell them apart", () => {
    expect(powerNote(verdict({ questions_needed: null }), 120)).toMatch(/^These two are right and wrong on different questions equally often/);
  });
});
