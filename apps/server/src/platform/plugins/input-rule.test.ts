import { describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { invalidTexts, invalidTextsOf, isStorableText, toStorableText } from "./input-rule";

describe("isStorableText", () => {
  it.each([
    ["", true],
    ["João da Silva", true],
    ["emoji 😀 e acentuação ç", true],
    ["nulo \u0000", false],
    ["\ud83d", false],
    ["fim \ude00", false],
    ["\ude00\ud83d", false],
  ])("%j -> %s", (text, storable) => expect(isStorableText(text)).toBe(storable));
});

describe("toStorableText", () => {
  it.each([
    ["João 😀", "João 😀"],
    ["a\u0000b\u0000", "a\uFFFDb\uFFFD"],
    ["\ud83d fim \ude00", "\uFFFD fim \uFFFD"],
    ["\ude00\ud83d😀", "\uFFFD\uFFFD😀"],
  ])("%j -> %j", (text, stored) => {
    expect(toStorableText(text)).toBe(stored);
    expect(isStorableText(toStorableText(text))).toBe(true);
  });
});

describe("invalidTexts", () => {
  it("names every bad text and key at any depth, in order", () => {
    const value = { a: "ok", b: ["x", "y\u0000", { c: "\ud800" }], "d\u0000": { e: "não olhado" }, f: 1, g: null, h: true };
    expect(invalidTexts(value, "body").map((i) => i.loc)).toEqual([
      ["body", "b", 1],
      ["body", "b", 2, "c"],
      ["body", "d\u0000"],
    ]);
    expect(invalidTexts(value, "body")[0]).toEqual({ loc: ["body", "b", 1], msg: MSG.invalidCharacter, type: "invalid_character" });
  });

  it("walks a deeply nested body without exhausting the stack", () => {
    let deep: unknown = "fundo\u0000";
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    const found = invalidTexts(deep, "body");
    expect(found).toHaveLength(1);
    expect(found[0]!.loc).toHaveLength(200_001);
  });

  it("names at most 20 fields", () => {
    expect(invalidTexts(Array.from({ length: 100 }, () => "\u0000"), "body")).toHaveLength(20);
  });

  it("reads the parameters, the query and the body of a request", () => {
    expect(invalidTextsOf({ params: { id: "\u0000" }, query: { q: "a\u0000" }, body: "\u0000" }).map((i) => i.loc)).toEqual([
      ["params", "id"],
      ["querystring", "q"],
      ["body"],
    ]);
    expect(invalidTextsOf({ params: {}, query: {}, body: undefined })).toEqual([]);
  });
});
