import { createStaticPix, hasError } from "pix-utils";
import type { PixKeyType } from "@clinora/contracts";
import { foldAccents } from "@clinora/contracts/text-fold";

/** The txid of a static BR Code: up to 25 letters and digits (BCB Manual de Padrões para Iniciação do Pix, 62-05). */
export function txidOf(chargeId: string): string {
  return chargeId.replaceAll("-", "").slice(0, 25).toUpperCase();
}

export interface StaticPixInput {
  pixKeyType: PixKeyType;
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  amountCents: number;
  txid: string;
}

/** Letters without accents, as the EMV fields 59 and 60 allow (pix-utils upper-cases them). */
const plain = (text: string, max: number) =>
  foldAccents(text)
    .replace(/[^A-Za-z0-9 ]/g, "")
    .trim()
    .slice(0, max) || "CLINORA";

/**
 * The copia-e-cola of a static Pix with the amount and txid of one charge, built by pix-utils (EMV fields and
 * the CRC16-CCITT). The amount goes as reais with two decimals, computed from integer centavos.
 */
export function staticBrCode(input: StaticPixInput): string {
  const pix = createStaticPix({
    merchantName: plain(input.merchantName, 25),
    merchantCity: plain(input.merchantCity, 15),
    pixKey: input.pixKey,
    txid: input.txid,
    transactionAmount: input.amountCents / 100,
  });
  if (hasError(pix)) throw new Error(`BR Code refused: ${pix.message}`);
  return pix.toBRCode();
}
