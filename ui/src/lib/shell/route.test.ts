import { describe, expect, it } from "vitest";
import { parseRoute, routeHash } from "./route";

describe("routes", () => {
  it("read the page and the item on view, and write them back", () => {
    expect(parseRoute("#/questions/tw-001")).toEqual({ page: "questions", item: "tw-001" });
    expect(parseRoute("#/systems/Atlas%20RAG%2Fv2")).toEqual({ page: "systems", item: "Atlas RAG/v2" });
    expect(routeHash({ page: "systems", item: "Atlas RAG/v2" })).toBe("#/systems/Atlas%20RAG%2Fv2");
    expect(parseRoute(routeHash({ page: "results", item: "compare" }))).toEqual({ page: "results", item: "compare" });
  });

  it("take anything unknown or broken as the start page or a raw item", () => {
    expect(parseRoute("")).toEqual({ page: "start", item: null });
    expect(parseRoute("#/nowhere/x")).toEqual({ page: "start", item: "x" });
    expect(parseRoute("#/questions/%E0%A4%A")).toEqual({ page: "questions", item: "%E0%A4%A" });
  });
});
