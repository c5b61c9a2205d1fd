import { MercadoPagoConfig, Payment, Preference, User, WebhookSignatureValidator } from "mercadopago";
import { AppConfig } from "mercadopago/dist/utils/config";
import { PaymentProviderError, type PaymentProviderClient, type ProviderChargeRequest, type ProviderCredentials, type ProviderPayment, type ProviderPaymentStatus } from "./payment-provider";

/** How far a notification's `ts` may be from our clock: Mercado Pago retries for hours, each with a fresh signature. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** One call gives up after this; the SDK's own retries are off, the professional can press again. */
const TIMEOUT_MS = 10_000;

const toCents = (reais: number | undefined | null) => Math.round((reais ?? 0) * 100);
const toReais = (cents: number) => cents / 100;

function statusOf(status: string | undefined): ProviderPaymentStatus {
  switch (status) {
    case "pending":
    case "in_process":
    case "authorized":
      return "pending";
    case "approved":
      return "approved";
    case "refunded":
    case "charged_back":
      return "refunded";
    case "cancelled":
    case "rejected":
      return "cancelled";
    default:
      return "other";
  }
}

const wrap = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    // The SDK's errors carry the HTTP status; 401 and 403 are Mercado Pago refusing the access token.
    const status = (error as { status?: unknown } | null)?.status;
    throw new PaymentProviderError(`Mercado Pago ${what} failed`, error, status === 401 || status === 403);
  }
};

/**
 * Mercado Pago through its official Node SDK (`mercadopago`). The SDK has no per-client base URL: its one origin
 * is `AppConfig.BASE_URL`, which `baseUrl` (MERCADOPAGO_BASE_URL, a local stand-in in the tests and the demo)
 * replaces for the process. Docs: https://www.mercadopago.com.br/developers/pt/reference/payments/_payments/post
 * and, for the signature, https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks.
 */
export function createMercadoPagoClient(options: { baseUrl?: string } = {}): PaymentProviderClient {
  if (options.baseUrl) (AppConfig as unknown as { BASE_URL: string }).BASE_URL = options.baseUrl.replace(/\/$/, "");
  const sdk = (credentials: ProviderCredentials) =>
    new MercadoPagoConfig({ accessToken: credentials.accessToken, options: { timeout: TIMEOUT_MS, maxRetries: 0 } });

  const payerOf = (request: ProviderChargeRequest) => ({
    email: request.payerEmail,
    ...(request.payerCpf ? { identification: { type: "CPF", number: request.payerCpf } } : {}),
  });

  return {
    name: "mercadopago",

    async createPix(credentials, request) {
      const created = await wrap("payment create", () =>
        new Payment(sdk(credentials)).create({
          body: {
            transaction_amount: toReais(request.amountCents),
            description: request.description,
            payment_method_id: "pix",
            external_reference: request.chargeId,
            date_of_expiration: request.expiresAt.toISOString(),
            payer: payerOf(request),
            ...(request.notificationUrl ? { notification_url: request.notificationUrl } : {}),
          },
          // Mercado Pago answers a repeated key with the payment it first made, however old: see `replaces`.
          requestOptions: { idempotencyKey: `pix-${request.chargeId}-${request.amountCents}-${request.replaces ?? "first"}` },
        }),
      );
      const qrCode = created.point_of_interaction?.transaction_data?.qr_code;
      if (!created.id || !qrCode) throw new PaymentProviderError("Mercado Pago answered a Pix without its code");
      return { paymentId: String(created.id), qrCode, expiresAt: created.date_of_expiration ?? null };
    },

    async createLink(credentials, request) {
      const preference = await wrap("preference create", () =>
        new Preference(sdk(credentials)).create({
          body: {
            items: [{ id: request.chargeId, title: request.description, quantity: 1, unit_price: toReais(request.amountCents), currency_id: "BRL" }],
            external_reference: request.chargeId,
            expires: true,
            expiration_date_to: request.expiresAt.toISOString(),
            ...(request.notificationUrl ? { notification_url: request.notificationUrl } : {}),
          },
        }),
      );
      if (!preference.init_point) throw new PaymentProviderError("Mercado Pago answered a preference without its link");
      return preference.init_point;
    },

    async getPayment(credentials, paymentId): Promise<ProviderPayment> {
      const p = await wrap("payment get", () => new Payment(sdk(credentials)).get({ id: paymentId }));
      const fee = (p.fee_details ?? []).reduce((sum, f) => sum + toCents(f.amount), 0);
      const net = p.transaction_details?.net_received_amount;
      return {
        paymentId: String(p.id),
        chargeId: p.external_reference ?? null,
        status: statusOf(p.status),
        amountCents: toCents(p.transaction_amount),
        feeCents: fee,
        netCents: net === undefined || net === null ? null : toCents(net),
        paidAt: p.date_approved ?? null,
        method: p.payment_method_id === "pix" ? "pix" : p.payment_type_id === "credit_card" || p.payment_type_id === "debit_card" ? "card" : "other",
      };
    },

    // The SDK's User client: GET /users/me, the profile of the account that owns the token.
    async verifyCredentials(credentials) {
      const me = await wrap("user get", () => new User(sdk(credentials)).get());
      return { account: me.nickname ?? me.email ?? null };
    },

    verifyNotification({ secret, signature, requestId, dataId, nowMs }) {
      try {
        WebhookSignatureValidator.validate({
          xSignature: signature,
          xRequestId: requestId,
          dataId,
          secret,
          toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
          now: () => nowMs,
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}
