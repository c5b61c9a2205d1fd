/**
 * What Clinora asks of a payment provider (docs/decisions/035): one interface, so a second provider (Asaas,
 * Stripe) is a second adapter and not a second way of charging. Amounts are integer centavos on this side.
 */

export interface ProviderCredentials {
  accessToken: string;
}

export interface ProviderChargeRequest {
  /** Our charge id: the provider's external reference, read back by the webhook. */
  chargeId: string;
  amountCents: number;
  description: string;
  payerEmail: string;
  payerCpf: string | null;
  /** Where the provider posts its notifications (null: none, e.g. no PUBLIC_URL). */
  notificationUrl: string | null;
  expiresAt: Date;
  /**
   * The provider's payment this one replaces (an expired Pix), or null for the charge's first: it is part of the
   * idempotency key, so a retry of the same request makes one payment, and a Pix asked for after an expiry is new.
   */
  replaces: string | null;
}

export interface ProviderPix {
  paymentId: string;
  /** The copia-e-cola of the dynamic Pix. */
  qrCode: string;
  expiresAt: string | null;
}

export type ProviderPaymentStatus = "pending" | "approved" | "refunded" | "cancelled" | "other";

/** A payment as read from the provider, the only source the webhook trusts (never the notification's body). */
export interface ProviderPayment {
  paymentId: string;
  chargeId: string | null;
  status: ProviderPaymentStatus;
  amountCents: number;
  feeCents: number;
  netCents: number | null;
  paidAt: string | null;
  method: "pix" | "card" | "other";
}

export interface PaymentProviderClient {
  readonly name: "mercadopago";
  createPix(credentials: ProviderCredentials, request: ProviderChargeRequest): Promise<ProviderPix>;
  /** A checkout link the patient pays by card (or Pix) on the provider's page. */
  createLink(credentials: ProviderCredentials, request: ProviderChargeRequest): Promise<string>;
  getPayment(credentials: ProviderCredentials, paymentId: string): Promise<ProviderPayment>;
  /**
   * One call that only an accepted access token answers (Mercado Pago: the account's own profile), made before a
   * token is stored; a refused token throws a PaymentProviderError with `refused`.
   */
  verifyCredentials(credentials: ProviderCredentials): Promise<{ account: string | null }>;
  /** Whether a notification's signature is the provider's own (throws nothing). */
  verifyNotification(input: { secret: string; signature: string | undefined; requestId: string | undefined; dataId: string; nowMs: number }): boolean;
}

/**
 * The provider could not be reached or refused: the charge is left as it was and the caller says so. `refused`: it
 * answered that the credentials are not valid (HTTP 401 or 403), as opposed to not answering or failing.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
    readonly refused = false,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
