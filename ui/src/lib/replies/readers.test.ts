import { describe, expect, it } from "vitest";
import type { UserModelInfo } from "../backend/types";
import { asSentence, helpedLine, keptReader, replyReaders } from "./readers";

const model = (name: string, more: Partial<UserModelInfo> = {}): UserModelInfo => ({
  name,
  role: "llm",
  description: "",
  path: "",
  label: null,
  mode: "letter",
  endpoint_model: null,
  key: null,
  reply_reading: "not checked as a reply reader",
  reads_replies: false,
  ...more,
});

describe("replyReaders", () => {
  it("offers only language models whose check gave a margin", () => {
    const models = [
      model("checked", { reads_replies: true, reply_reading: "reads replies the rules leave unsure with a margin of 2.55" }),
      model("unchecked"),
      model("refused", { reply_reading: "on 206 labelled replies … — so it is not used" }),
      model("reranker", { role: "pair-scorer", mode: null, reply_reading: null, reads_replies: true }),
    ];
    expect(replyReaders(models).map((m) => m.name)).toEqual(["checked"]);
    expect(replyReaders([])).toEqual([]);
  });
});

describe("keptReader", () => {
  const readers = [model("qwen", { reads_replies: true })];
  it("keeps a choice that is still a reader", () => {
    expect(keptReader("qwen", readers)).toBe("qwen");
    expect(keptReader(null, readers)).toBeNull();
  });
  it("falls back to none when the model is no longer a reader", () => {
    expect(keptReader("removed", readers)).toBeNull();
    expect(keptReader("qwen", [])).toBeNull();
  });
});

describe("asSentence", () => {
  it("capitalises and ends the backend's phrase", () => {
    expect(asSentence("not checked as a reply reader")).toBe("Not checked as a reply reader.");
    expect(asSentence("reads replies with a margin of 2.55.")).toBe("Reads replies with a margin of 2.55.");
    expect(asSentence("  ")).toBe("");
  });
});

describe("helpedLine", () => {
  it("says what was read beyond the rules, or nothing", () => {
    expect(helpedLine({ by_meaning: 0, by_model: 0 })).toBeNull();
    expect(helpedLine({ by_meaning: 3, by_model: 0 })).toBe("3 read by meaning");
    expect(helpedLine({ by_meaning: 0, by_model: 2 })).toBe("2 read by the language model");
    expect(helpedLine({ by_meaning: 3, by_model: 1 })).toBe("3 read by meaning, 1 by the language model");
  });
});
