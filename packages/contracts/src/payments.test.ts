import { describe, expect, it } from "vitest";
import { formatCents, isValidCnpj, isValidPixKey, normalizePixKey, parseCents, paymentSettingsInputSchema, amountCentsSchema, chargeInputSchema } from "./payments";

describe("amounts in centavos", () => {
  it.each([
    [0, "R$ 0,00"],
    [1, "R$ 0,01"],
    [15000, "R$ 150,00"],
    [123456, "R$ 1.234,56"],
    [10000000, "R$ 100.000,00"],
    [-2550, "-R$ 25,50"],
  ])("formats %i as %s", (cents, text) => expect(formatCents(cents)).toBe(text));

  it.each([
    ["150", 15000],
    ["150,5", 15050],
    ["0,29", 29],
    ["1.234,56", 123456],
    ["R$ 80,00", 8000],
  ])("reads %s as %i centavos", (text, cents) => expect(parseCents(text)).toBe(cents));

  it.each(["", "abc", "1,234", "12.34", "-5", "1,2,3"])("refuses %j", (text) => expect(parseCents(text)).toBeNull());

  it("refuses a negative, a zero, a fraction of a centavo and an absurd amount", () => {
    for (const bad of [-100, 0, 10.5, 10_000_001]) expect(amountCentsSchema.safeParse(bad).success).toBe(false);
    expect(amountCentsSchema.safeParse(15000).success).toBe(true);
  });
});

describe("Pix keys", () => {
  it.each([
    ["cpf", "529.982.247-25", true],
    ["cpf", "529.982.247-26", false],
    ["cnpj", "11.222.333/0001-81", true],
    ["cnpj", "11.222.333/0001-80", false],
    ["email", "ana@exemplo.com.br", true],
    ["email", "ana@", false],
    ["phone", "(11) 98765-4321", true],
    ["phone", "1234", false],
    ["random", "123e4567-e12b-12d1-a456-426655440000", true],
    ["random", "not-a-uuid", false],
  ] as const)("%s %s valid: %s", (type, raw, valid) => {
    expect(isValidPixKey(type, normalizePixKey(type, raw))).toBe(valid);
  });

  it("normalises a phone to +55 and digits", () => expect(normalizePixKey("phone", "(11) 98765-4321")).toBe("+5511987654321"));
  it("checks a CNPJ's digits", () => expect(isValidCnpj("11222333000181")).toBe(true));

  it("settings refuse an invalid key with a Portuguese message on pix_key", () => {
    const r = paymentSettingsInputSchema.safeParse({ pix_key_type: "cpf", pix_key: "111.111.111-11" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["pix_key"], message: "Chave Pix inválida para o tipo escolhido" });
  });

  it("a charge refuses an invalid payer CPF", () => {
    const r = chargeInputSchema.safeParse({ description: "x", amount_cents: 100, payer_cpf: "123.456.789-00" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("CPF inválido");
  });
});
