import type { FastifyBaseLogger } from "fastify";
import { DEFAULT_TIME_ZONE } from "@clinora/contracts";
import { todayIn } from "@clinora/contracts/zoned-time";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { openSecret } from "../../platform/lib/secret-box";
import { PaymentProviderError, type PaymentProviderClient, type ProviderPayment } from "../../platform/integrations/payments/payment-provider";
import { timeZoneOf } from "../professionals";
import { paymentsRepository } from "./payments.repository";

export type PaymentWebhookService = ReturnType<typeof paymentWebhookService>;

export interface MercadoPagoNotification {
  professionalId: string;
  signature: string | undefined;
  requestId: string | undefined;
  /** `data.id` of the query string (what the signature covers), else of the body. */
  dataId: string | undefined;
  type: string | undefined;
}

export type WebhookOutcome = "paid" | "refunded" | "expired" | "replayed" | "ignored";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORGED = "Notificação recusada: assinatura inválida";

/**
 * Mercado Pago's payment notifications (docs/product/payments.md §4): the `x-signature` checked with the
 * professional's secret (through the SDK's validator), then the payment read back from Mercado Pago with her token:
 * the body of a notification is never trusted. Each (payment, status) is handled once: a replay, a second copy at
 * the same moment or a hand "pago" already made change nothing. A payment for another practice's charge, or for
 * another amount, is ignored with a log line and nothing written.
 */
export function paymentWebhookService(db: Db, clock: Clock, deps: { provider: PaymentProviderClient; tokenKey: Buffer | undefined }) {
  return {
    async mercadopago(n: MercadoPagoNotification, log: FastifyBaseLogger): Promise<WebhookOutcome> {
      if (!UUID.test(n.professionalId)) throw AppError.notFound();
      // Read before any tenant is known: the webhook secret among them checks the rest.
      const settings = await paymentsRepository(db, n.professionalId).findSettings();
      if (!settings?.mercadopagoSecretSealed || !settings.mercadopagoTokenSealed || !deps.tokenKey) throw AppError.notFound();
      if (!n.dataId || !/^\w{1,64}$/.test(n.dataId)) throw new AppError(400, "Notificação sem data.id", "bad_request");
      const secret = openSecret(deps.tokenKey, settings.mercadopagoSecretSealed);
      if (!deps.provider.verifyNotification({ secret, signature: n.signature, requestId: n.requestId, dataId: n.dataId, nowMs: clock.now().getTime() })) {
        log.warn({ professionalId: n.professionalId, requestId: n.requestId }, "payment webhook: bad signature");
        throw new AppError(401, FORGED, "bad_signature");
      }
      if (n.type !== "payment") return "ignored";

      let payment: ProviderPayment;
      try {
        payment = await deps.provider.getPayment({ accessToken: openSecret(deps.tokenKey, settings.mercadopagoTokenSealed) }, n.dataId);
      } catch (error) {
        // Mercado Pago retries a notification that was not answered 2xx: a 503 asks for that.
        if (error instanceof PaymentProviderError) throw new AppError(503, "Mercado Pago indisponível; tente de novo", "provider_unavailable");
        throw error;
      }
      const timeZone = (await timeZoneOf(db, n.professionalId)) ?? DEFAULT_TIME_ZONE;

      return db.transaction(async (tx) => {
        const repo = paymentsRepository(tx, n.professionalId);
        const charge = payment.chargeId && UUID.test(payment.chargeId) ? await repo.findChargeForUpdate(payment.chargeId) : null;
        if (!charge) {
          log.warn({ professionalId: n.professionalId, paymentId: payment.paymentId }, "payment webhook: no such charge in this practice; ignored");
          return "ignored";
        }
        if (payment.amountCents !== charge.amountCents) {
          log.warn({ chargeId: charge.id, paymentId: payment.paymentId, paid: payment.amountCents, due: charge.amountCents }, "payment webhook: amount differs from the charge; ignored");
          return "ignored";
        }
        const eventKey = `${payment.paymentId}:${payment.status}`;
        if (payment.status === "approved") {
          if (!(await repo.recordEvent("mercadopago", eventKey, charge.id, "paid"))) return "replayed";
          const paidAt = payment.paidAt ? new Date(payment.paidAt) : clock.now();
          const changed = await repo.transition(charge.id, "open", {
            status: "paid",
            method: payment.method === "other" ? "other" : payment.method,
            paidAt,
            paymentDate: todayIn(timeZone, paidAt),
            feeCents: payment.feeCents,
            netCents: payment.netCents ?? charge.amountCents - payment.feeCents,
            provider: "mercadopago",
            providerPaymentId: payment.paymentId,
          });
          if (!changed) log.warn({ chargeId: charge.id, status: charge.status }, "payment webhook: paid at the provider, but the charge was no longer open");
          return changed ? "paid" : "replayed";
        }
        if (payment.status === "refunded") {
          if (!(await repo.recordEvent("mercadopago", eventKey, charge.id, "refunded"))) return "replayed";
          return (await repo.transition(charge.id, "paid", { status: "refunded" })) ? "refunded" : "replayed";
        }
        if (payment.status === "cancelled") {
          if (!(await repo.recordEvent("mercadopago", eventKey, charge.id, "expired"))) return "replayed";
          // The dynamic Pix expired: the charge stays a receber and the next Pix asked for is a new one.
          if (charge.status === "open" && charge.providerPaymentId === payment.paymentId) {
            await repo.updateCharge(charge.id, { providerQrCode: null, providerExpiresAt: null, providerLink: null });
          }
          return "expired";
        }
        return "ignored";
      });
    },
  };
}
