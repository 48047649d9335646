import { describe, expect, it } from "vitest";
import { PALETTE, REFERENCE_GREYS, seriesColours } from "./palette";

describe("series colours", () => {
  it("gives the analyst's systems the palette in turn and the reference pipelines the greys", () => {
    expect(seriesColours([false, true, false, true])).toEqual([PALETTE[0], REFERENCE_GREYS[0], PALETTE[1], REFERENCE_GREYS[1]]);
    expect(seriesColours([])).toEqual([]);
  });
});
