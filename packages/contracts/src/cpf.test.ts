import { describe, expect, it } from "vitest";
import { formatCpf, generateCpf, isValidCpf, normalizeCpf } from "./cpf";

describe("normalizeCpf", () => {
  it("keeps only the digits", () => {
    expect(normalizeCpf("529.982.247-25")).toBe("52998224725");
    expect(normalizeCpf(" 111 444 777 35 ")).toBe("11144477735");
    expect(normalizeCpf("")).toBe("");
  });
});

describe("isValidCpf", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09", "935.411.347-80", "000.000.001-91"])(
    "accepts %s",
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );

  it.each([
    ["wrong first check digit", "529.982.247-35"],
    ["wrong second check digit", "529.982.247-26"],
    ["both check digits swapped", "123.456.789-90"],
    ["all digits equal", "111.111.111-11"],
    ["all zeros", "00000000000"],
    ["too short", "5299822472"],
    ["too long", "529982247250"],
    ["letters", "529.982.247-2a"],
    ["empty", ""],
  ])("rejects %s (%s)", (_why, cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe("formatCpf", () => {
  it("formats 11 digits and leaves anything else alone", () => {
    expect(formatCpf("12345678909")).toBe("123.456.789-09");
    expect(formatCpf("123.456.789-09")).toBe("123.456.789-09");
    expect(formatCpf("1234")).toBe("1234");
  });
});

describe("generateCpf", () => {
  it("produces valid, digit-only CPFs", () => {
    let state = 42;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const cpf = generateCpf(random);
      expect(cpf).toMatch(/^\d{11}$/);
      expect(isValidCpf(cpf)).toBe(true);
      seen.add(cpf);
    }
    expect(seen.size).toBeGreaterThan(990);
  });

  it("never yields a CPF of equal digits, even from a constant source", () => {
    const values = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
    let i = 0;
    const cpf = generateCpf(() => values[i++ % values.length]!);
    expect(isValidCpf(cpf)).toBe(true);
  });
});
