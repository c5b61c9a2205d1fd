import { sql } from "drizzle-orm";
import { boolean, customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import type { ChargeStatus, PaymentMethod, PaymentProvider, PixKeyType, PixTiming } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { appointments } from "../appointments/appointments.schema";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

/**
 * A professional's payment settings (docs/decisions/035): the Pix key of the static BR Code, the Receita Saúde
 * registration, and the Mercado Pago credentials, sealed with the same AES-256-GCM key as the Google tokens.
 */
export const paymentSettings = pgTable("payment_settings", {
  professionalId: uuid("professional_id")
    .primaryKey()
    .references(() => professionals.id, { onDelete: "cascade" }),
  pixKeyType: text("pix_key_type").$type<PixKeyType>(),
  pixKey: text("pix_key"),
  merchantName: text("merchant_name"),
  merchantCity: text("merchant_city"),
  councilRegistration: text("council_registration"),
  provider: text("provider").$type<PaymentProvider>().notNull().default("none"),
  mercadopagoTokenSealed: text("mercadopago_token_sealed"),
  mercadopagoSecretSealed: text("mercadopago_secret_sealed"),
  sendPixInReminders: boolean("send_pix_in_reminders").notNull().default(false),
  /** When the Pix goes on WhatsApp: with the reminder, or in a message after the session (docs/decisions/035). */
  pixTiming: text("pix_timing").$type<PixTiming>().notNull().default("reminder"),
  /** After the session: minutes after its end at which the message goes, unless it was marked concluded before. */
  pixAfterMinutes: integer("pix_after_minutes").notNull().default(60),
  showPricesOnBookingPage: boolean("show_prices_on_booking_page").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The price of a consultation type (the booking page's types, by name), in centavos. */
export const consultationPrices = pgTable(
  "consultation_prices",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    appointmentType: text("appointment_type").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("consultation_prices_type_key").on(t.professionalId, t.appointmentType)],
);

/** A patient's own price (a social price), used instead of the type's for every session of hers. */
export const patientPrices = pgTable("patient_prices", {
  patientId: uuid("patient_id")
    .primaryKey()
    .references(() => patients.id, { onDelete: "cascade" }),
  professionalId: belongsTo("professional_id", () => professionals.id),
  amountCents: integer("amount_cents").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A charge: what a patient (or whoever pays for her) owes for a session, or for anything else. Once paid it is
 * also the payment: paid_at, payment_date (local, the Receita Saúde and livro-caixa date), method, fee and net.
 * A patient is never deleted while her charges must be kept (anonymising keeps them, docs/product/payments.md §9).
 */
export const charges = pgTable(
  "charges",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    patientId: uuid("patient_id").references(() => patients.id, { onDelete: "set null" }),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    dueDate: date("due_date").notNull(),
    status: text("status").$type<ChargeStatus>().notNull().default("open"),
    payerName: text("payer_name"),
    payerCpf: varchar("payer_cpf", { length: 11 }),
    beneficiaryCpf: varchar("beneficiary_cpf", { length: 11 }),
    method: text("method").$type<PaymentMethod>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentDate: date("payment_date"),
    feeCents: integer("fee_cents"),
    netCents: integer("net_cents"),
    /** The txid of the static BR Code (25 alphanumerics, from the id). */
    txid: text("txid").notNull(),
    provider: text("provider").$type<PaymentProvider>(),
    providerPaymentId: text("provider_payment_id"),
    providerQrCode: text("provider_qr_code"),
    providerExpiresAt: timestamp("provider_expires_at", { withTimezone: true }),
    providerLink: text("provider_link"),
    receiptNumber: text("receipt_number"),
    receiptIssuedAt: timestamp("receipt_issued_at", { withTimezone: true }),
    /** The message after the session: when it was handled (set once, so it never goes twice) and why it could not go. */
    pixMessageAt: timestamp("pix_message_at", { withTimezone: true }),
    pixMessageProblem: text("pix_message_problem"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("charges_professional_status_idx").on(t.professionalId, t.status, t.dueDate),
    // In the order the livro-caixa CSV reads its batches (payment date, paid at, id): each batch is an index range.
    index("charges_professional_payment_date_idx").on(t.professionalId, t.paymentDate, t.paidAt, t.id),
    index("charges_professional_patient_idx").on(t.professionalId, t.patientId),
    uniqueIndex("charges_appointment_key").on(t.appointmentId).where(sql`${t.appointmentId} is not null and ${t.status} <> 'cancelled'`),
    uniqueIndex("charges_provider_payment_key").on(t.provider, t.providerPaymentId).where(sql`${t.providerPaymentId} is not null`),
  ],
);

/** A provider notification already handled: the same event again is answered and ignored (idempotency). */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    provider: text("provider").$type<PaymentProvider>().notNull(),
    eventKey: text("event_key").notNull(),
    chargeId: uuid("charge_id").references(() => charges.id, { onDelete: "set null" }),
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_webhook_events_key").on(t.provider, t.eventKey)],
);

/** A deductible expense of the livro-caixa, entered by the professional. */
export const expenses = pgTable(
  "expenses",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    expenseDate: date("expense_date").notNull(),
    category: text("category").notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [index("expenses_professional_date_idx").on(t.professionalId, t.expenseDate)],
);

/** PostgreSQL's bytea as a Buffer (both drivers hand back bytes; PGlite a Uint8Array). */
const fileBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An expense's file (a nota fiscal, a receipt: PDF or image, the prontuário attachments' limits), one per expense,
 * stored in the practice's database so tenancy and every backup cover it; gone with its expense.
 */
export const expenseFiles = pgTable("expense_files", {
  expenseId: uuid("expense_id")
    .primaryKey()
    .references(() => expenses.id, { onDelete: "cascade" }),
  professionalId: belongsTo("professional_id", () => professionals.id),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  data: fileBytes("data").notNull(),
  createdAt: createdAt(),
});
