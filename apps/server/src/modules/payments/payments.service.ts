import { Readable } from "node:stream";
import QRCode from "qrcode";
import {
  MEDIA_MAX_BYTES,
  MSG,
  PAYMENT_METHOD_LABELS,
  baseContentType,
  outboundMediaKind,
  PAYMENT_TEXTS,
  formatCents,
  type Charge,
  type ChargeInput,
  type Expense,
  type LedgerIncomeLine,
  type LedgerMonthDetail,
  type LedgerYear,
  type PaymentSettings,
  type PaymentSettingsInput,
  type PixCharge,
  type Prices,
  type ReceiptDue,
} from "@clinora/contracts";
import { todayIn } from "@clinora/contracts/zoned-time";
import type { Db, DbOrTx } from "../../platform/db/client";
import { iso, instantText } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import { looksLike } from "../../platform/lib/file-signature";
import type { Clock } from "../../platform/lib/clock";
import type { ClaimedJob, JobDefinition, JobRunResult } from "../../platform/jobs/worker";
import type { TenantCaller } from "../../platform/lib/caller";
import { openSecret, sealSecret } from "../../platform/lib/secret-box";
import { PaymentProviderError, type PaymentProviderClient } from "../../platform/integrations/payments/payment-provider";
import { paymentsRepository, type ChargeRow, type LedgerCursor, type SettingsRow } from "./payments.repository";
import { paymentNoteText } from "./payment-note";
import { AFTER_SESSION_PIX_JOB, afterSessionDueAt, afterSessionGreeting, pixMessageProblemText, queueAfterSessionPix, type PaymentMessenger } from "./after-session-pix";
import { renderPaymentProofPdf } from "./payment-proof-pdf";
import { staticBrCode, txidOf } from "./pix-brcode";

export type PaymentsService = ReturnType<typeof paymentsService>;

/** Payments read per batch for the livro-caixa CSV: the text is sent batch by batch, never built whole. */
export const LEDGER_CSV_BATCH = 2000;

export interface PaymentsDeps {
  provider: PaymentProviderClient;
  /** The AES-256-GCM key that seals the provider's access token (CALENDAR_TOKEN_KEY). */
  tokenKey: Buffer | undefined;
  publicUrl: string | undefined;
  /** Messaging's `sendToContact`, for the message after the session; without it that message is never sent. */
  messenger?: PaymentMessenger;
  /** TWILIO_RESEND_CONTENT_SID: the one-text template for the message after the session outside the 24-hour window. */
  resendContentSid?: string;
  /** Wakes the worker once a message is queued. */
  wake?: () => void;
}

/** The path Mercado Pago posts its notifications to, one per professional so the right secret checks each. */
export const mercadoPagoWebhookPath = (professionalId: string) => `/api/payments/webhooks/mercadopago/${professionalId}`;

/** A dynamic Pix lives for a day: long enough for the patient to pay after the session, short enough to be current. */
const PROVIDER_PIX_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function toChargeDto(row: ChargeRow): Charge {
  return {
    id: row.id,
    patient_id: row.patientId,
    patient_name: row.patientName,
    appointment_id: row.appointmentId,
    appointment_date: row.appointmentDate,
    description: row.description,
    amount_cents: row.amountCents,
    due_date: row.dueDate,
    status: row.status,
    payer_name: row.payerName,
    payer_cpf: row.payerCpf,
    beneficiary_cpf: row.beneficiaryCpf,
    method: row.method,
    paid_at: iso(row.paidAt),
    payment_date: row.paymentDate,
    fee_cents: row.feeCents,
    net_cents: row.netCents,
    receipt_number: row.receiptNumber,
    receipt_issued_at: iso(row.receiptIssuedAt),
    provider_link: row.providerLink,
    pix_message_at: iso(row.pixMessageAt),
    pix_message_problem: pixMessageProblemText(row.pixMessageProblem),
    created_at: instantText(row.createdAt),
  };
}

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** A character that may need quoting or defusing: most cells have none and are written as they are. */
const CSV_CARE = /[";\n\r\t=+\-@]/;
/** One CSV field (RFC 4180), and a leading =,+,-,@ neutralised so a spreadsheet never runs it as a formula. */
const csvField = (value: string | number | null) => {
  let text = value === null ? "" : String(value);
  if (!CSV_CARE.test(text)) return text;
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+,\d{2}$/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
/** Centavos as the accountant's spreadsheet reads a pt-BR number: 1234,56 (no thousands separator). */
export const csvAmount = (cents: number) => {
  // On the absolute value: an expense under R$ 1 is -0,50, never 0,50 (Math.trunc(-0.5) is -0, written "0").
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
};

export function paymentsService(db: Db, clock: Clock, deps: PaymentsDeps) {
  const settingsDto = (row: SettingsRow | null, professionalId: string): PaymentSettings => ({
    pix_key_type: row?.pixKeyType ?? null,
    pix_key: row?.pixKey ?? null,
    merchant_name: row?.merchantName ?? null,
    merchant_city: row?.merchantCity ?? null,
    council_registration: row?.councilRegistration ?? null,
    provider: row?.provider ?? "none",
    mercadopago_connected: Boolean(row?.mercadopagoTokenSealed),
    mercadopago_webhook_url: deps.publicUrl ? `${deps.publicUrl}${mercadoPagoWebhookPath(professionalId)}` : null,
    send_pix_in_reminders: row?.sendPixInReminders ?? false,
    pix_timing: row?.pixTiming ?? "reminder",
    pix_after_minutes: row?.pixAfterMinutes ?? 60,
    show_prices_on_booking_page: row?.showPricesOnBookingPage ?? false,
  });

  const loadCharge = async (tx: DbOrTx, professionalId: string, id: string) => {
    const row = await paymentsRepository(tx, professionalId).findCharge(id);
    if (!row) throw AppError.notFound(PAYMENT_TEXTS.chargeNotFound);
    return row;
  };

  /** The price of a session: the patient's own, else her consultation type's; null when neither is set. */
  const priceOf = async (tx: DbOrTx, professionalId: string, patientId: string | null, appointmentType: string | null) => {
    const repo = paymentsRepository(tx, professionalId);
    const own = patientId ? await repo.findPatientPrice(patientId) : null;
    if (own !== null) return own;
    return appointmentType ? repo.findTypePrice(appointmentType) : null;
  };

  const credentialsOf = (settings: SettingsRow | null) => {
    if (!settings || settings.provider !== "mercadopago" || !settings.mercadopagoTokenSealed || !deps.tokenKey) return null;
    return { accessToken: openSecret(deps.tokenKey, settings.mercadopagoTokenSealed) };
  };

  /** The Pix of an open charge (see `pix`), for the screens and for the reminders. */
  const pixOf = async (professionalId: string, id: string): Promise<PixCharge> => {
    const repo = paymentsRepository(db, professionalId);
    const charge = await loadCharge(db, professionalId, id);
    if (charge.status !== "open") throw AppError.conflict(PAYMENT_TEXTS.chargeNotOpen);
    const settings = await repo.findSettings();
    const credentials = credentialsOf(settings);
    if (credentials) {
      const now = clock.now();
      const current = charge.providerQrCode && charge.providerExpiresAt && charge.providerExpiresAt > now;
      if (!current) {
        const request = {
          chargeId: charge.id,
          amountCents: charge.amountCents,
          description: charge.description,
          payerEmail: "pagador@clinora.app",
          payerCpf: charge.payerCpf,
          notificationUrl: deps.publicUrl ? `${deps.publicUrl}${mercadoPagoWebhookPath(professionalId)}` : null,
          expiresAt: new Date(now.getTime() + PROVIDER_PIX_LIFETIME_MS),
          replaces: charge.providerPaymentId,
        };
        try {
          const created = await deps.provider.createPix(credentials, request);
          const link = await deps.provider.createLink(credentials, request);
          await repo.updateCharge(id, {
            provider: "mercadopago",
            providerPaymentId: created.paymentId,
            providerQrCode: created.qrCode,
            providerExpiresAt: created.expiresAt ? new Date(created.expiresAt) : request.expiresAt,
            providerLink: link,
          });
        } catch (error) {
          if (error instanceof PaymentProviderError) throw new AppError(502, PAYMENT_TEXTS.providerFailed, "provider_failed");
          throw error;
        }
      }
      const fresh = await loadCharge(db, professionalId, id);
      return {
        brcode: fresh.providerQrCode!,
        qr_data_url: await QRCode.toDataURL(fresh.providerQrCode!, { errorCorrectionLevel: "M", margin: 1 }),
        amount_cents: fresh.amountCents,
        txid: fresh.txid,
        kind: "mercadopago",
        expires_at: iso(fresh.providerExpiresAt),
        payment_link: fresh.providerLink,
      };
    }
    if (!settings?.pixKey || !settings.pixKeyType) throw AppError.conflict(PAYMENT_TEXTS.noPixKey);
    const brcode = staticBrCode({
      pixKeyType: settings.pixKeyType,
      pixKey: settings.pixKey,
      merchantName: settings.merchantName ?? "Clinora",
      merchantCity: settings.merchantCity ?? "Brasil",
      amountCents: charge.amountCents,
      txid: charge.txid,
    });
    return {
      brcode,
      qr_data_url: await QRCode.toDataURL(brcode, { errorCorrectionLevel: "M", margin: 1 }),
      amount_cents: charge.amountCents,
      txid: charge.txid,
      kind: "static",
      expires_at: null,
      payment_link: null,
    };
  };

  /**
   * The message after the session (docs/product/payments.md §6): once the session is over (marked concluded, or the
   * set minutes after its end), while its charge is still open and no message was handled for it, the amount and the
   * Pix go to the patient through messaging (consent, opt-out, window and template decided there). The charge is
   * claimed in the same transaction as the message is queued, so a repeated or concurrent run sends nothing; when it
   * cannot go, the charge keeps the reason for the professional's screen.
   */
  const sendAfterSessionPix = async (job: ClaimedJob): Promise<void | JobRunResult> => {
    const professionalId = job.professionalId;
    const appointmentId = typeof job.payload.appointmentId === "string" ? job.payload.appointmentId : null;
    const messenger = deps.messenger;
    if (!professionalId || !appointmentId || !messenger) return;
    const repo = paymentsRepository(db, professionalId);
    const settings = await repo.findSettings();
    if (!settings?.sendPixInReminders || settings.pixTiming !== "after_session") return;
    const appointment = await repo.findAppointment(appointmentId);
    if (!appointment || appointment.status === "cancelled") return;
    const dueAt = afterSessionDueAt(appointment, settings.pixAfterMinutes, clock.now());
    if (dueAt > clock.now()) return { runAgainAt: dueAt };
    const open = (await repo.listCharges({ appointmentId })).find((c) => c.status === "open" && !c.pixMessageAt);
    if (!open) return;
    // Mercado Pago's Pix is asked for outside the transaction; a provider that fails leaves the static Pix.
    if (credentialsOf(settings)) await pixOf(professionalId, open.id).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
    const sent = await db.transaction(async (tx) => {
      const txRepo = paymentsRepository(tx, professionalId);
      if (!(await txRepo.claimPixMessage(open.id, clock.now()))) return false;
      const charge = await txRepo.findCharge(open.id);
      const patient = charge?.patientId ? await txRepo.findPatient(charge.patientId) : null;
      if (!charge || !patient?.phone) {
        await txRepo.updateCharge(open.id, { pixMessageProblem: "no_phone" });
        return false;
      }
      const text = `${afterSessionGreeting(patient.name)}\n${paymentNoteText(charge, settings, clock.now())}`;
      const outcome = await messenger.sendToContact(tx, {
        professionalId,
        phone: patient.phone,
        patientId: patient.id,
        patientName: patient.name,
        text,
        // A template's variable cannot hold line breaks: outside the window the same words go on one line.
        template: deps.resendContentSid ? { contentSid: deps.resendContentSid, variables: { "1": text.replace(/\s*\n\s*/g, " ") }, content: text } : undefined,
        sender: "assistant",
      });
      if (!outcome.sent) await txRepo.updateCharge(open.id, { pixMessageProblem: outcome.reason });
      return outcome.sent;
    });
    if (sent) deps.wake?.();
  };

  const jobs: Record<string, JobDefinition> = {
    [AFTER_SESSION_PIX_JOB]: { run: sendAfterSessionPix, waitsOnNetwork: true },
  };

  return {
    jobs,

    async getSettings({ professionalId }: TenantCaller): Promise<PaymentSettings> {
      return settingsDto(await paymentsRepository(db, professionalId).findSettings(), professionalId);
    },

    async updateSettings({ professionalId }: TenantCaller, input: PaymentSettingsInput): Promise<PaymentSettings> {
      const repo = paymentsRepository(db, professionalId);
      const current = await repo.findSettings();
      const connecting = input.provider === "mercadopago";
      const seal = (value: string | undefined, stored: string | null | undefined, field: string) => {
        // "Sem provedor" is a disconnection: the credentials are erased, never kept aside.
        if (!connecting) return null;
        if (!value) return stored ?? null;
        if (!deps.tokenKey) throw AppError.validation([{ field, msg: PAYMENT_TEXTS.noTokenKey }]);
        return sealSecret(deps.tokenKey, value);
      };
      const token = seal(input.mercadopago_access_token, current?.mercadopagoTokenSealed, "mercadopago_access_token");
      const secret = seal(input.mercadopago_webhook_secret, current?.mercadopagoSecretSealed, "mercadopago_webhook_secret");
      if (connecting && (!token || !secret)) {
        throw AppError.validation([{ field: "mercadopago_access_token", msg: PAYMENT_TEXTS.providerCredentialsRequired }]);
      }
      // A new token is checked with Mercado Pago before anything is stored: a refused one is the field's error.
      if (connecting && input.mercadopago_access_token) {
        try {
          await deps.provider.verifyCredentials({ accessToken: input.mercadopago_access_token });
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          if (error.refused) throw AppError.validation([{ field: "mercadopago_access_token", msg: PAYMENT_TEXTS.providerTokenRefused }]);
          throw new AppError(502, PAYMENT_TEXTS.providerFailed, "provider_failed");
        }
      }
      await repo.upsertSettings({
        pixKeyType: input.pix_key_type,
        pixKey: input.pix_key,
        merchantName: input.merchant_name ?? null,
        merchantCity: input.merchant_city ?? null,
        councilRegistration: input.council_registration ?? null,
        provider: input.provider,
        mercadopagoTokenSealed: token,
        mercadopagoSecretSealed: secret,
        sendPixInReminders: input.send_pix_in_reminders,
        pixTiming: input.pix_timing,
        pixAfterMinutes: input.pix_after_minutes,
        showPricesOnBookingPage: input.show_prices_on_booking_page,
      });
      // The upcoming sessions follow the new choice; a session already over is never messaged for a change of setting.
      await db.transaction(async (tx) => {
        for (const charge of await paymentsRepository(tx, professionalId).listOpenSessionCharges(clock.now())) await queueAfterSessionPix(tx, clock, professionalId, charge.appointmentId);
      });
      return settingsDto(await repo.findSettings(), professionalId);
    },

    async prices({ professionalId }: TenantCaller): Promise<Prices> {
      const repo = paymentsRepository(db, professionalId);
      const [types, patients] = await Promise.all([repo.listTypePrices(), repo.listPatientPrices()]);
      return {
        types: types.map((t) => ({ appointment_type: t.appointmentType, amount_cents: t.amountCents })),
        patients: patients.map((p) => ({ patient_id: p.patientId, patient_name: p.patientName, amount_cents: p.amountCents })),
      };
    },

    async setTypePrice(caller: TenantCaller, appointmentType: string, amountCents: number) {
      await paymentsRepository(db, caller.professionalId).upsertTypePrice(appointmentType, amountCents);
      return this.prices(caller);
    },

    async removeTypePrice(caller: TenantCaller, appointmentType: string) {
      await paymentsRepository(db, caller.professionalId).deleteTypePrice(appointmentType);
      return this.prices(caller);
    },

    async setPatientPrice(caller: TenantCaller, patientId: string, amountCents: number | null) {
      const repo = paymentsRepository(db, caller.professionalId);
      if (!(await repo.findPatient(patientId))) throw AppError.notFound("Paciente não encontrado");
      await repo.setPatientPrice(patientId, amountCents);
      return this.prices(caller);
    },

    async list({ professionalId }: TenantCaller, q: { status?: Charge["status"]; patient_id?: string; appointment_id?: string }) {
      const rows = await paymentsRepository(db, professionalId).listCharges({ status: q.status, patientId: q.patient_id, appointmentId: q.appointment_id });
      return rows.map(toChargeDto);
    },

    async get({ professionalId }: TenantCaller, id: string) {
      return toChargeDto(await loadCharge(db, professionalId, id));
    },

    /**
     * A charge for a session (its amount from the prices when not given) or for anything else. One open charge per
     * appointment: a second is a 409.
     */
    async create({ professionalId, practice }: TenantCaller, input: ChargeInput): Promise<Charge> {
      return db.transaction(async (tx) => {
        const repo = paymentsRepository(tx, professionalId);
        let patientId = input.patient_id ?? null;
        let appointmentType: string | null = null;
        let dueDate = input.due_date ?? todayIn(practice.timeZone, clock.now());
        let sessionEndsAt: Date | null = null;
        if (input.appointment_id) {
          const appointment = await repo.findAppointment(input.appointment_id);
          if (!appointment) throw AppError.validation([{ field: "appointment_id", msg: "Consulta não encontrada" }]);
          if ((await repo.listCharges({ appointmentId: appointment.id })).some((c) => c.status !== "cancelled")) {
            throw AppError.conflict("Esta consulta já tem uma cobrança");
          }
          patientId = appointment.patientId;
          appointmentType = appointment.appointmentType;
          dueDate = input.due_date ?? appointment.appointmentDate;
          sessionEndsAt = appointment.endsAt;
        }
        const patient = patientId ? await repo.findPatient(patientId) : null;
        if (patientId && !patient) throw AppError.validation([{ field: "patient_id", msg: "Paciente não encontrado" }]);
        const amount = input.amount_cents ?? (await priceOf(tx, professionalId, patientId, appointmentType));
        if (amount === null) throw AppError.validation([{ field: "amount_cents", msg: "Informe o valor ou cadastre o preço deste tipo de consulta" }]);
        const description = input.description ?? (appointmentType ? `${appointmentType} em ${dueDate.split("-").reverse().join("/")}` : null);
        if (!description) throw AppError.validation([{ field: "description", msg: PAYMENT_TEXTS.descriptionRequired }]);
        const id = crypto.randomUUID();
        await repo.insertCharge({
          id,
          patientId,
          appointmentId: input.appointment_id ?? null,
          description,
          amountCents: amount,
          dueDate,
          payerName: input.payer_name ?? patient?.name ?? null,
          payerCpf: input.payer_cpf ?? patient?.cpf ?? null,
          beneficiaryCpf: input.beneficiary_cpf ?? null,
          txid: txidOf(id),
        });
        // A session's charge made by hand before the session ends gets the message after it, as an automatic one does.
        if (input.appointment_id && sessionEndsAt && sessionEndsAt > clock.now()) await queueAfterSessionPix(tx, clock, professionalId, input.appointment_id);
        return toChargeDto(await loadCharge(tx, professionalId, id));
      });
    },

    /** "Marcar como pago" by hand: only an open charge; a second writer at once changes nothing (409). */
    async markPaid({ professionalId, practice }: TenantCaller, id: string, input: { method: Charge["method"] & string; payment_date?: string; fee_cents?: number }) {
      const current = await loadCharge(db, professionalId, id);
      const today = todayIn(practice.timeZone, clock.now());
      if (input.payment_date && input.payment_date > today) throw AppError.validation([{ field: "payment_date", msg: "A data do pagamento não pode ser futura" }]);
      const fee = input.fee_cents ?? null;
      if (fee !== null && fee > current.amountCents) throw AppError.validation([{ field: "fee_cents", msg: "A taxa não pode passar do valor" }]);
      const changed = await paymentsRepository(db, professionalId).transition(id, "open", {
        status: "paid",
        method: input.method,
        paidAt: clock.now(),
        paymentDate: input.payment_date ?? today,
        feeCents: fee,
        netCents: fee === null ? null : current.amountCents - fee,
      });
      if (!changed) throw AppError.conflict(PAYMENT_TEXTS.chargeNotOpen);
      return toChargeDto(await loadCharge(db, professionalId, id));
    },

    /** Isento or cancelado: only from a receber. */
    async setStatus({ professionalId }: TenantCaller, id: string, status: "exempt" | "cancelled") {
      await loadCharge(db, professionalId, id);
      if (!(await paymentsRepository(db, professionalId).transition(id, "open", { status }))) throw AppError.conflict(PAYMENT_TEXTS.chargeNotOpen);
      return toChargeDto(await loadCharge(db, professionalId, id));
    },

    /** The Pix of an open charge: Mercado Pago's dynamic one (and its card link) when connected, else the static BR Code. */
    async pix({ professionalId }: TenantCaller, id: string): Promise<PixCharge> {
      return pixOf(professionalId, id);
    },

    /**
     * Before a reminder's transaction (docs/product/payments.md §6): when the professional sends the Pix with her
     * reminders and Mercado Pago is connected, makes sure the appointment's open charge has a current dynamic Pix, so
     * the message can carry it. A provider that fails leaves the reminder to go with the static Pix or the amount.
     */
    async preparePaymentNote(professionalId: string, appointmentId: string): Promise<void> {
      const repo = paymentsRepository(db, professionalId);
      const settings = await repo.findSettings();
      if (!settings?.sendPixInReminders || settings.pixTiming !== "reminder" || !credentialsOf(settings)) return;
      const charge = (await repo.listCharges({ appointmentId })).find((c) => c.status === "open");
      if (!charge) return;
      try {
        await pixOf(professionalId, charge.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    },

    /**
     * What a WhatsApp reminder or confirmation adds about the session's payment (docs/product/payments.md §6): the
     * amount and the Pix copia-e-cola (Mercado Pago's current one, else the static BR Code of the professional's key)
     * and the card link when there is one; null when the professional does not send it or nothing is open. Reads
     * only, inside the caller's transaction.
     */
    async paymentNote(tx: DbOrTx, professionalId: string, appointmentId: string): Promise<string | null> {
      const repo = paymentsRepository(tx, professionalId);
      const settings = await repo.findSettings();
      if (!settings?.sendPixInReminders || settings.pixTiming !== "reminder") return null;
      const charge = (await repo.listCharges({ appointmentId })).find((c) => c.status === "open");
      if (!charge) return null;
      return paymentNoteText(charge, settings, clock.now());
    },
    /** Every payment received with no Receita Saúde receipt yet, each field as the app asks it. */
    async receiptsDue({ professionalId }: TenantCaller): Promise<ReceiptDue[]> {
      const repo = paymentsRepository(db, professionalId);
      const [rows, settings] = await Promise.all([repo.listReceiptsDue(), repo.findSettings()]);
      return rows.map((r) => ({
        charge_id: r.id,
        payer_name: r.payerName,
        payer_cpf: r.payerCpf,
        beneficiary_cpf: r.beneficiaryCpf,
        amount_cents: r.amountCents,
        amount_text: formatCents(r.amountCents),
        payment_date: r.paymentDate!,
        description: r.description,
        council_registration: settings?.councilRegistration ?? null,
      }));
    },

    /**
     * The patient's "comprovante de pagamento" of a paid charge as a PDF (docs/product/payments.md §6); it says it
     * does not replace the Receita Saúde receipt. A charge not paid is a 409.
     */
    async proofPdf({ professionalId, practice }: TenantCaller, id: string): Promise<Buffer> {
      const repo = paymentsRepository(db, professionalId);
      const charge = await loadCharge(db, professionalId, id);
      if (charge.status !== "paid" || !charge.paymentDate) throw AppError.conflict(PAYMENT_TEXTS.chargeNotPaid);
      const [settings, letterhead] = await Promise.all([repo.findSettings(), repo.findLetterhead()]);
      return renderPaymentProofPdf({
        professional: { name: letterhead?.name ?? "", clinicName: letterhead?.clinicName ?? null, councilRegistration: settings?.councilRegistration ?? null },
        charge: {
          id: charge.id,
          description: charge.description,
          amountCents: charge.amountCents,
          paymentDate: charge.paymentDate,
          method: charge.method ? PAYMENT_METHOD_LABELS[charge.method] : null,
          payerName: charge.payerName,
          payerCpf: charge.payerCpf,
          beneficiaryCpf: charge.beneficiaryCpf,
        },
        generatedAt: clock.now(),
        timeZone: practice.timeZone,
      });
    },

    /** The number the Receita Saúde app gave (or none): the payment leaves the queue. */
    async recordReceipt({ professionalId }: TenantCaller, id: string, receiptNumber: string | null) {
      const charge = await loadCharge(db, professionalId, id);
      if (charge.status !== "paid") throw AppError.conflict(PAYMENT_TEXTS.chargeNotPaid);
      await paymentsRepository(db, professionalId).updateCharge(id, { receiptNumber, receiptIssuedAt: clock.now() });
      return toChargeDto(await loadCharge(db, professionalId, id));
    },

    /** The livro-caixa's twelve months: income by payment date (less refunds), fees, expenses. */
    async ledgerYear({ professionalId }: TenantCaller, year: number): Promise<LedgerYear> {
      const repo = paymentsRepository(db, professionalId);
      const [income, spent] = await Promise.all([repo.incomeByMonth(year), repo.expensesByMonth(year)]);
      const months = Array.from({ length: 12 }, (_, i) => {
        const month = `${year}-${String(i + 1).padStart(2, "0")}`;
        const inc = income.find((r) => r.month === month);
        const exp = spent.find((r) => r.month === month);
        return {
          month,
          income_cents: Number(inc?.income ?? 0),
          fees_cents: Number(inc?.fees ?? 0),
          expenses_cents: Number(exp?.total ?? 0),
          payments: Number(inc?.payments ?? 0),
          receipts_missing: Number(inc?.receiptsMissing ?? 0),
        };
      });
      return { year, months };
    },

    /** The month's livro-caixa as CSV for the accountant: one line per payment and per expense, by date. */
    ledgerCsv({ professionalId }: TenantCaller, month: string): Readable {
      const repo = paymentsRepository(db, professionalId);
      const { from, to } = monthBounds(month);
      const line = (cells: (string | null)[]) => `${cells.map(csvField).join(";")}\r\n`;
      async function* text() {
        // Semicolons and CRLF, the way a pt-BR spreadsheet opens a CSV; a BOM so accents show.
        yield `\uFEFF${line(["data", "tipo", "descricao", "pagador", "cpf_pagador", "cpf_beneficiario", "forma", "valor", "taxa", "recibo_receita_saude"])}`;
        // A month's expenses are few: read at once, merged by date after each day's payments.
        const spent = await repo.expensesBetween(from, to);
        let next = 0;
        const expensesBefore = (date: string | null) => {
          let out = "";
          while (next < spent.length && (date === null || spent[next]!.expenseDate < date)) {
            const e = spent[next++]!;
            out += line([e.expenseDate, "despesa", e.description ? `${e.category}: ${e.description}` : e.category, "", "", "", "", csvAmount(-e.amountCents), "", ""]);
          }
          return out;
        };
        // Payments by batches: each batch's lines are written and sent while the next is read.
        for await (const batch of ledgerBatches(repo, from, to)) {
          let chunk = "";
          for (const p of batch) {
            if (next < spent.length) chunk += expensesBefore(p.paymentDate);
            // The date (a date column), the method's label and the amounts are ours and safe; the rest is escaped.
            const method = p.method ? PAYMENT_METHOD_LABELS[p.method] : "";
            const fee = p.feeCents === null ? "" : csvAmount(p.feeCents);
            chunk += `${p.paymentDate};receita;${csvField(p.description)};${csvField(p.payerName)};${csvField(p.payerCpf)};${csvField(p.beneficiaryCpf)};${method};${csvAmount(p.amountCents)};${fee};${csvField(p.receipt)}\r\n`;
          }
          if (chunk) yield chunk;
        }
        const rest = expensesBefore(null);
        if (rest) yield rest;
      }
      return Readable.from(text(), { objectMode: false });
    },

    /**
     * One month of the livro-caixa on screen: the CSV's payment lines (the same reading, batch by batch) and the
     * month's expenses, with totals computed from exactly those lines.
     */
    async ledgerMonth({ professionalId }: TenantCaller, month: string): Promise<LedgerMonthDetail> {
      const repo = paymentsRepository(db, professionalId);
      const { from, to } = monthBounds(month);
      const income: LedgerIncomeLine[] = [];
      for await (const batch of ledgerBatches(repo, from, to)) {
        for (const p of batch) {
          const amount = Number(p.amountCents);
          const fee = p.feeCents === null ? null : Number(p.feeCents);
          income.push({ id: p.id, payment_date: p.paymentDate, description: p.description, payer_name: p.payerName, method: p.method, amount_cents: amount, fee_cents: fee, net_cents: amount - (fee ?? 0), receipt: p.receipt });
        }
      }
      const spent = (await repo.expensesBetween(from, to)).map(toExpenseDto);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      return {
        month,
        income,
        expenses: spent,
        totals: {
          income_cents: sum(income.map((l) => l.amount_cents)),
          fees_cents: sum(income.map((l) => l.fee_cents ?? 0)),
          net_cents: sum(income.map((l) => l.net_cents)),
          expenses_cents: sum(spent.map((e) => e.amount_cents)),
          payments: income.length,
          receipts_missing: income.filter((l) => l.receipt === null).length,
        },
      };
    },

    async expenses({ professionalId }: TenantCaller, month: string): Promise<Expense[]> {
      const { from, to } = monthBounds(month);
      return (await paymentsRepository(db, professionalId).expensesBetween(from, to)).map(toExpenseDto);
    },

    async addExpense({ professionalId }: TenantCaller, input: { expense_date: string; category: string; amount_cents: number; description?: string | null }): Promise<Expense> {
      const e = await paymentsRepository(db, professionalId).insertExpense({ expenseDate: input.expense_date, category: input.category, amountCents: input.amount_cents, description: input.description ?? null });
      return { id: e.id, expense_date: e.expenseDate, category: e.category, amount_cents: e.amountCents, description: e.description, file: null };
    },

    /**
     * Attaches a file to an expense (a PDF or an image, the prontuário attachments' types, limit and signature check),
     * replacing the one it had; answers the file's description.
     */
    async putExpenseFile({ professionalId }: TenantCaller, id: string, file: { data: Buffer; contentType: string | undefined }, fileName: string) {
      const repo = paymentsRepository(db, professionalId);
      if (!(await repo.findExpense(id))) throw AppError.notFound(PAYMENT_TEXTS.expenseNotFound);
      if (!outboundMediaKind(file.contentType)) throw new AppError(415, MSG.attachmentTypeNotAccepted, "unsupported_media_type");
      if (file.data.length > MEDIA_MAX_BYTES) throw new AppError(413, MSG.attachmentTooLarge, "payload_too_large");
      if (file.data.length === 0) throw AppError.validation([{ field: "body", msg: MSG.attachmentEmpty }]);
      if (!looksLike(file.contentType!, file.data)) throw AppError.validation([{ field: "body", msg: MSG.mediaEmpty }]);
      const contentType = baseContentType(file.contentType);
      await repo.putExpenseFile(id, { fileName, contentType, data: file.data });
      return { name: fileName, content_type: contentType, size_bytes: file.data.length };
    },

    /** An expense's file, for its professional only (another practice's id is a 404). */
    async expenseFile({ professionalId }: TenantCaller, id: string) {
      const file = await paymentsRepository(db, professionalId).findExpenseFile(id);
      if (!file) throw AppError.notFound(PAYMENT_TEXTS.expenseFileNotFound);
      return file;
    },

    async removeExpense({ professionalId }: TenantCaller, id: string) {
      if (!(await paymentsRepository(db, professionalId).deleteExpense(id))) throw AppError.notFound("Despesa não encontrada");
    },

    /** The Painel's figures: this month's received and to-receive, and the receipts still to issue. */
    async summary({ professionalId, practice }: TenantCaller) {
      const month = todayIn(practice.timeZone, clock.now()).slice(0, 7);
      const { from, to } = monthBounds(month);
      const row = await paymentsRepository(db, professionalId).summary(from, to);
      return { month, received_cents: Number(row.received), to_receive_cents: Number(row.toReceive), receipts_due: Number(row.receiptsDue) };
    },

    /**
     * The assistant's view of money (docs/product/payments.md §6): the consultation types' prices and, for a known
     * patient, her own price. Read-only facts the server writes to the patient.
     */
    async pricesFor(professionalId: string, patientId: string | null) {
      const repo = paymentsRepository(db, professionalId);
      const [types, own] = await Promise.all([repo.listTypePrices(), patientId ? repo.findPatientPrice(patientId) : Promise.resolve(null)]);
      return { types: types.map((t) => ({ appointmentType: t.appointmentType, amountCents: t.amountCents })), ownCents: own };
    },

    /** A patient's charges as the assistant may state them: the server's states, newest due first. */
    async chargesOfPatient(professionalId: string, patientId: string) {
      const rows = await paymentsRepository(db, professionalId).listCharges({ patientId });
      return rows.map((c) => ({ id: c.id, description: c.description, amountCents: c.amountCents, status: c.status, dueDate: c.dueDate, paymentDate: c.paymentDate }));
    },

    /**
     * The amount, Pix copia-e-cola and card link of one open charge of the patient's, as the assistant sends it:
     * Mercado Pago's current Pix (asked for now when needed, unless `prepare` is false), else the static one.
     */
    async chargeNoteFor(professionalId: string, chargeId: string, options: { prepare: boolean }): Promise<string | null> {
      const repo = paymentsRepository(db, professionalId);
      const settings = await repo.findSettings();
      if (options.prepare && credentialsOf(settings)) {
        try {
          await pixOf(professionalId, chargeId);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      const charge = await repo.findCharge(chargeId);
      if (!charge || charge.status !== "open" || !settings) return charge?.status === "open" ? `Valor: ${formatCents(charge.amountCents)}.` : null;
      return paymentNoteText(charge, settings, clock.now());
    },

    /** The open charge of an appointment, if any (the Compromissos badge, the reminder). */
    async ofAppointment(professionalId: string, appointmentId: string) {
      const rows = await paymentsRepository(db, professionalId).listCharges({ appointmentId });
      return rows.find((r) => r.status !== "cancelled") ?? null;
    },
  };
}

/** The month's paid charges in (payment date, paid at, id) order, a keyset batch at a time: the CSV's and the month view's reading. */
async function* ledgerBatches(repo: ReturnType<typeof paymentsRepository>, from: string, to: string) {
  let after: LedgerCursor | null = null;
  for (;;) {
    const batch = await repo.ledgerLinesPage(from, to, after, LEDGER_CSV_BATCH);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < LEDGER_CSV_BATCH) return;
    after = { paymentDate: last.paymentDate, paidAt: last.paidAt, id: last.id };
  }
}

function toExpenseDto(e: Awaited<ReturnType<ReturnType<typeof paymentsRepository>["expensesBetween"]>>[number]): Expense {
  return {
    id: e.id,
    expense_date: e.expenseDate,
    category: e.category,
    amount_cents: e.amountCents,
    description: e.description,
    file: e.fileName && e.fileContentType && e.fileSize !== null ? { name: e.fileName, content_type: e.fileContentType, size_bytes: e.fileSize } : null,
  };
}
