import { describe, expect, it } from "vitest";
import { sessionToken } from "./http";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe("sessionToken", () => {
  it("takes the token from the address and remembers it", () => {
    const storage = memoryStorage();
    expect(sessionToken({ search: "?token=abc" }, storage)).toBe("abc");
    expect(sessionToken({ search: "" }, storage)).toBe("abc");
  });

  it("is empty when the address never carried one", () => {
    expect(sessionToken({ search: "?x=1" }, memoryStorage())).toBe("");
  });
});
