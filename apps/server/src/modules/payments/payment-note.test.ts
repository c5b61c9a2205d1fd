import { describe, expect, it } from "vitest";
import { paymentNoteText } from "./payment-note";
import type { ChargeRow, SettingsRow } from "./payments.repository";

const now = new Date("2026-03-10T15:00:00Z");
const charge = {
  appointmentId: "a1",
  amountCents: 18000,
  txid: "CLINORA1",
  providerQrCode: "00020126580014br.gov.bcb.pix-MERCADO-PAGO",
  providerExpiresAt: new Date("2026-03-11T15:00:00Z"),
  providerLink: "https://mercadopago.example/checkout/1",
} as ChargeRow;
const key = { pixKeyType: "cpf", pixKey: "52998224725", merchantName: "Dra. Ana", merchantCity: "Sao Paulo" } as const;

describe("the payment lines of a reminder", () => {
  it("carry Mercado Pago's current Pix and card link while it is connected", () => {
    const text = paymentNoteText(charge, { ...key, provider: "mercadopago", mercadopagoTokenSealed: "v1.sealed" } as SettingsRow, now);
    expect(text).toContain(charge.providerQrCode!);
    expect(text).toContain(`Ou pague com cartão: ${charge.providerLink}`);
  });

  it("after a disconnection carry the key's static Pix, never the old dynamic one nobody would confirm", () => {
    const text = paymentNoteText(charge, { ...key, provider: "none", mercadopagoTokenSealed: null } as SettingsRow, now);
    expect(text).not.toContain(charge.providerQrCode!);
    expect(text).not.toContain("cartão");
    expect(text).toMatch(/Pix copia e cola:\n000201/);
    expect(text).toContain("52998224725");
  });
});
