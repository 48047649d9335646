import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { latest } from "./latest";

describe("latest", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks once the inputs rest, and hands over only the latest answer", async () => {
    const ask = latest<string>(100);
    const seen: string[] = [];
    const resolvers: ((v: string) => void)[] = [];
    const request = () => new Promise<string>((resolve) => resolvers.push(resolve));
    // A first request is cancelled before it is sent.
    const cancel = ask(request, (v) => seen.push(v), () => seen.push("error"));
    vi.advanceTimersByTime(50);
    cancel();
    vi.advanceTimersByTime(100);
    expect(resolvers.length).toBe(0);
    // Two requests are sent; the older one's answer arrives last and is dropped.
    ask(request, (v) => seen.push(v), () => seen.push("error"));
    vi.advanceTimersByTime(100);
    ask(request, (v) => seen.push(v), () => seen.push("error"));
    vi.advanceTimersByTime(100);
    expect(resolvers.length).toBe(2);
    resolvers[1]?.("new");
    resolvers[0]?.("old");
    await vi.runAllTimersAsync();
    expect(seen).toEqual(["new"]);
  });

  it("drops an older request's error too", async () => {
    const ask = latest<string>(0);
    const seen: string[] = [];
    const rejecters: ((e: unknown) => void)[] = [];
    const request = () => new Promise<string>((_, reject) => rejecters.push(reject));
    ask(request, (v) => seen.push(v), () => seen.push("old error"));
    vi.advanceTimersByTime(1);
    ask(request, (v) => seen.push(v), () => seen.push("new error"));
    vi.advanceTimersByTime(1);
    rejecters[0]?.(new Error("old"));
    rejecters[1]?.(new Error("new"));
    await vi.runAllTimersAsync();
    expect(seen).toEqual(["new error"]);
  });
});
