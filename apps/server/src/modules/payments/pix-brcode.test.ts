import { describe, expect, it } from "vitest";
import { parsePix } from "pix-utils";
import { staticBrCode, txidOf } from "./pix-brcode";

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), the BR Code's field 63, written out here to check the library. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** EMV TLV fields of a BR Code, top level: id -> value. */
function fields(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < code.length; ) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    out.set(id, code.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

// The example of the BCB's "Manual de Padrões para Iniciação do Pix" (Anexo: BR Code estático), CRC 1D3D.
const BCB_EXAMPLE = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("static BR Code", () => {
  it("the CRC check used here agrees with the BCB manual's own example", () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });

  it("builds the BCB example's fields with the charge's amount and txid, and a valid CRC16", () => {
    const code = staticBrCode({
      pixKeyType: "random",
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Fulano de Tal",
      merchantCity: "Brasília",
      amountCents: 15000,
      txid: "CLINORA0001",
    });
    expect(code).toBe(
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000520400005303986540615" +
        "0.005802BR5913FULANO DE TAL6008BRASILIA6215051" +
        "1CLINORA00016304" +
        crc16(code.slice(0, -4)),
    );
    const f = fields(code);
    expect(f.get("00")).toBe("01");
    expect(f.get("26")).toBe("0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000");
    expect(f.get("53")).toBe("986");
    expect(f.get("54")).toBe("150.00");
    expect(f.get("58")).toBe("BR");
    expect(f.get("62")).toBe("0511CLINORA0001");
    expect(f.get("63")).toBe(crc16(code.slice(0, -4)));
  });

  it.each([
    [1, "0.01"],
    [29, "0.29"],
    [10, "0.10"],
    [123456, "1234.56"],
    [9999999, "99999.99"],
    [10000000, "100000.00"],
  ])("%i centavos go as %s in field 54, never a float's rounding", (cents, text) => {
    const code = staticBrCode({ pixKeyType: "cpf", pixKey: "52998224725", merchantName: "Ana", merchantCity: "Recife", amountCents: cents, txid: "T1" });
    expect(fields(code).get("54")).toBe(text);
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
  });

  it("is read back by a parser with the same key, amount and txid", () => {
    const code = staticBrCode({ pixKeyType: "email", pixKey: "ana@exemplo.com.br", merchantName: "Ana Psicóloga", merchantCity: "São Paulo", amountCents: 18050, txid: txidOf("6f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0") });
    const parsed = parsePix(code);
    expect(parsed).toMatchObject({ type: "STATIC", pixKey: "ana@exemplo.com.br", transactionAmount: 180.5, merchantName: "ANA PSICOLOGA", merchantCity: "SAO PAULO", txid: "6F1E2D3C4B5A69788796A5B4C" });
  });

  it("txid: 25 letters and digits from the charge id", () => {
    expect(txidOf("6f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")).toMatch(/^[A-Z0-9]{25}$/);
  });
});
