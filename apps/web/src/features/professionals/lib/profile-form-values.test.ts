import { describe, expect, it } from "vitest";
import { durationOrDefault } from "./profile-form-values";

describe("durationOrDefault", () => {
  it("keeps numbers and falls back to 50 otherwise (docs/product/settings.md §5)", () => {
    expect(durationOrDefault("45")).toBe(45);
    expect(durationOrDefault(" 90 ")).toBe(90);
    expect(durationOrDefault(10)).toBe(10);
    expect(durationOrDefault("")).toBe(50);
    expect(durationOrDefault("abc")).toBe(50);
    expect(durationOrDefault(undefined)).toBe(50);
  });
});
