import { describe, expect, it } from "vitest";
import { duration, heat, interval, percent, utcTime, withError } from "./format";

describe("format", () => {
  it("formats shares as percentages", () => {
    expect(percent(0.8125)).toBe("81.3%");
    expect(percent(1)).toBe("100.0%");
    expect(percent(null)).toBe("–");
    expect(percent(Number.NaN)).toBe("–");
  });

  it("formats durations for people", () => {
    expect(duration(42.4)).toBe("42 s");
    expect(duration(135)).toBe("2 min 15 s");
    expect(duration(4000)).toBe("1 h 7 min");
    expect(duration(null)).toBe("–");
    expect(duration(-1)).toBe("–");
  });

  it("formats stored UTC times to the minute, and leaves anything else as it is", () => {
    expect(utcTime("2026-11-26T19:28:09.123Z")).toBe("2026-11-26 19:28 UTC");
    expect(utcTime("2026-11-26 07:05:00")).toBe("2026-11-26 07:05 UTC");
    expect(utcTime("yesterday")).toBe("yesterday");
  });

  it("formats intervals and standard errors", () => {
    expect(interval(0.74, 0.881)).toBe("74.0 – 88.1%");
    expect(interval(null, 0.5)).toBe("–");
    expect(withError(0.7166, 0.0331)).toBe("0.717 ± 0.033");
  });

  it("colours accuracy from red to green and clamps", () => {
    expect(heat(0)).toBe("hsl(0 70% 92%)");
    expect(heat(1)).toBe("hsl(120 70% 74%)");
    expect(heat(2)).toBe(heat(1));
    expect(heat(undefined)).toBe("transparent");
  });
});
