import { formatCents } from "@clinora/contracts";
import type { ChargeRow, SettingsRow } from "./payments.repository";
import { staticBrCode } from "./pix-brcode";

/**
 * The lines a WhatsApp reminder or confirmation adds about an open charge (docs/product/payments.md §6): the amount,
 * then the Pix copia-e-cola on a line of its own so the patient can copy it whole — Mercado Pago's when one is
 * current, else the static BR Code of the professional's key — and the card link when Mercado Pago gave one. With
 * neither a current Pix nor a key, the amount alone. Mercado Pago's Pix is sent only while it is connected: after a
 * disconnection nothing would confirm its payment.
 */
export function paymentNoteText(charge: ChargeRow, settings: SettingsRow, now: Date): string {
  const lines = [`${charge.appointmentId ? "Valor da consulta" : "Valor"}: ${formatCents(charge.amountCents)}.`];
  const connected = settings.provider === "mercadopago" && Boolean(settings.mercadopagoTokenSealed);
  const providerPix = connected && charge.providerQrCode && charge.providerExpiresAt && charge.providerExpiresAt > now ? charge.providerQrCode : null;
  const pix =
    providerPix ??
    (settings.pixKey && settings.pixKeyType
      ? staticBrCode({
          pixKeyType: settings.pixKeyType,
          pixKey: settings.pixKey,
          merchantName: settings.merchantName ?? "Clinora",
          merchantCity: settings.merchantCity ?? "Brasil",
          amountCents: charge.amountCents,
          txid: charge.txid,
        })
      : null);
  if (pix) lines.push("Pix copia e cola:", pix);
  if (providerPix && charge.providerLink) lines.push(`Ou pague com cartão: ${charge.providerLink}`);
  return lines.join("\n");
}
