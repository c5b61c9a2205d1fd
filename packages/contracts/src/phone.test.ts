import { describe, expect, it } from "vitest";
import { formatPhoneBR, toE164BR } from "./phone";

describe("toE164BR", () => {
  it.each([
    ["(11) 98765-4321", "+5511987654321"],
    ["11987654321", "+5511987654321"],
    ["11 98765 4321", "+5511987654321"],
    ["+55 11 98765-4321", "+5511987654321"],
    ["+55 (11) 98765-4321", "+5511987654321"],
    ["5511987654321", "+5511987654321"],
    ["+5511987654321", "+5511987654321"],
    ["0 11 98765-4321", "+5511987654321"],
    ["(11) 3456-7890", "+551134567890"],
    ["1134567890", "+551134567890"],
    ["551134567890", "+551134567890"],
    ["(92) 2345-6789", "+559223456789"],
    ["(99) 99123-4567", "+5599991234567"],
    ["  (21) 99876-5432  ", "+5521998765432"],
  ])("%s -> %s", (input, expected) => expect(toE164BR(input)).toBe(expected));

  it.each([
    ["+14155552671", "+14155552671"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+351912345678", "+351912345678"],
  ])("keeps the foreign E.164 number %s", (input, expected) => expect(toE164BR(input)).toBe(expected));

  it.each([
    ["empty", ""],
    ["DDD below 11", "(10) 98765-4321"],
    ["DDD 01", "(01) 98765-4321"],
    ["mobile not starting with 9", "(11) 88765-4321"],
    ["landline starting with 1", "(11) 1456-7890"],
    ["landline starting with 6", "(11) 6456-7890"],
    ["8-digit old mobile", "(11) 8765-4321"],
    ["too short", "1198765432"],
    ["too long", "119876543210"],
    ["letters", "11 9876A-4321"],
    ["+55 with a bad national number", "+55 11 8765-4321"],
    ["foreign number too short", "+1415555"],
    ["foreign number too long", "+1415555267123456"],
    ["leading zero country code", "+0123456789"],
    ["just a plus", "+"],
  ])("rejects %s (%s)", (_why, input) => expect(toE164BR(input)).toBeNull());
});

describe("formatPhoneBR", () => {
  it("formats Brazilian mobiles and landlines", () => {
    expect(formatPhoneBR("+5511987654321")).toBe("(11) 98765-4321");
    expect(formatPhoneBR("+551134567890")).toBe("(11) 3456-7890");
  });

  it("returns anything else as given", () => {
    expect(formatPhoneBR("+14155552671")).toBe("+14155552671");
    expect(formatPhoneBR("(11) 98765-4321")).toBe("(11) 98765-4321");
    expect(formatPhoneBR("")).toBe("");
  });

  it("round-trips with toE164BR", () => {
    for (const input of ["(11) 98765-4321", "(51) 3456-7890", "(92) 99123-4567"]) {
      expect(formatPhoneBR(toE164BR(input)!)).toBe(input);
    }
  });
});
