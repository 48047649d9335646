import { describe, expect, it } from "vitest";
import { sessionToken, sseEvents } from "./http";

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

describe("sseEvents", () => {
  it("splits complete events and keeps the unfinished rest", () => {
    const { events, rest } = sseEvents('event: job\ndata: {"id":1}\n\n: keep-alive\n\nevent: job\r\ndata: {"id":2}\r\n\r\nevent: jo');
    expect(events).toEqual([
      { event: "job", data: '{"id":1}' },
      { event: "job", data: '{"id":2}' },
    ]);
    expect(rest).toBe("event: jo");
  });
});
