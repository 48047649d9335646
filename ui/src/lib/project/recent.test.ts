import { describe, expect, it } from "vitest";
import { recentProjects, rememberProject } from "./recent";

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [["proctor-recent", initial]]);
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe("recent projects", () => {
  it("puts the newest first, without duplicates, at most six", () => {
    const storage = memoryStorage();
    for (const p of ["a", "b", "c", "d", "e", "f", "g", "c"]) rememberProject(p, storage);
    expect(recentProjects(storage)).toEqual(["c", "g", "f", "e", "d", "b"]);
  });

  it("survives damaged storage", () => {
    expect(recentProjects(memoryStorage("{not json"))).toEqual([]);
    expect(recentProjects(memoryStorage('{"a": 1}'))).toEqual([]);
  });
});
