import { z } from "zod";
import { isValidCpf, normalizeCpf } from "./cpf";
import { isoDateSchema, optionalText, requiredText } from "./common";

/** A charge's state (docs/product/payments.md §3): a receber, pago, isento, cancelado, estornado. */
export const CHARGE_STATUSES = ["open", "paid", "exempt", "cancelled", "refunded"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  open: "A receber",
  paid: "Pago",
  exempt: "Isento",
  cancelled: "Cancelado",
  refunded: "Estornado",
};

export const PAYMENT_METHODS = ["pix", "cash", "card", "transfer", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: "Pix",
  cash: "Dinheiro",
  card: "Cartão",
  transfer: "Transferência",
  other: "Outro",
};

export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PAYMENT_PROVIDERS = ["none", "mercadopago"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The largest amount one charge may carry: R$ 100.000,00 (a session priced above it is a typing mistake). */
export const MAX_AMOUNT_CENTS = 10_000_000;

/** When the patient gets the amount and the Pix on WhatsApp: with the reminder, or after the session. */
export const PIX_TIMINGS = ["reminder", "after_session"] as const;
export type PixTiming = (typeof PIX_TIMINGS)[number];

export const PAYMENT_TEXTS = {
  amountInvalid: "Informe um valor entre R$ 0,01 e R$ 100.000,00",
  cpfInvalid: "CPF inválido",
  pixKeyInvalid: "Chave Pix inválida para o tipo escolhido",
  typeRequired: "Informe o tipo de consulta",
  descriptionRequired: "Informe a descrição",
  payerRequired: "Informe o nome de quem paga",
  receiptNumberRequired: "Informe o número do recibo",
  monthInvalid: "Mês inválido (use AAAA-MM)",
  chargeNotFound: "Cobrança não encontrada",
  chargeNotOpen: "Esta cobrança não está a receber",
  chargeNotPaid: "Esta cobrança não está paga",
  noPixKey: "Cadastre sua chave Pix em Configurações para gerar o Pix",
  providerNotConfigured: "Conecte o Mercado Pago em Configurações para gerar o Pix dinâmico e o link",
  providerFailed: "O Mercado Pago não respondeu. Tente de novo em instantes.",
  providerTokenRefused: "O Mercado Pago recusou este access token. Copie de novo o access token de produção em Suas integrações › Credenciais.",
  providerCredentialsRequired: "Informe o access token e a assinatura secreta do Mercado Pago",
  noTokenKey: "O servidor não tem chave para guardar credenciais (CALENDAR_TOKEN_KEY)",
  categoryRequired: "Informe a categoria",
  expenseNotFound: "Despesa não encontrada",
  expenseFileNotFound: "Arquivo não encontrado",
} as const;

/** Why the message after the session did not go, as the charge tells the professional. */
export const PIX_MESSAGE_PROBLEMS = {
  no_phone: "Pix não enviado pelo WhatsApp: o paciente não tem celular cadastrado",
  not_configured: "Pix não enviado pelo WhatsApp: o consultório não tem número de WhatsApp conectado",
  no_sender: "Pix não enviado pelo WhatsApp: o consultório não tem número de WhatsApp conectado",
  opted_out: "Pix não enviado pelo WhatsApp: o paciente pediu para não receber mensagens",
  window_closed: "Pix não enviado pelo WhatsApp: fora da janela de 24 horas e sem modelo aprovado",
} as const;
export type PixMessageProblem = keyof typeof PIX_MESSAGE_PROBLEMS;

/** Integer centavos, positive and below the cap: never a float, never a negative (docs/product/payments.md §4). */
export const amountCentsSchema = z
  .number(PAYMENT_TEXTS.amountInvalid)
  .int(PAYMENT_TEXTS.amountInvalid)
  .min(1, PAYMENT_TEXTS.amountInvalid)
  .max(MAX_AMOUNT_CENTS, PAYMENT_TEXTS.amountInvalid);

export { formatCents } from "./money";

/**
 * Reads what a person types as an amount ("150", "150,5", "1.234,56", "R$ 80,00") into centavos; null when it is not
 * an amount. Done on digits, never through a float, so 0,29 is 29 and not 28.999….
 */
export function parseCents(input: string): number | null {
  const text = input.replace(/R\$|\s/g, "");
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const reais = Number(match[1]!.replaceAll(".", ""));
  const centavos = Number((match[2] ?? "0").padEnd(2, "0"));
  return reais * 100 + centavos;
}

/** A CPF given or left out; stored as its 11 digits. */
const optionalCpf = () =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? normalizeCpf(v) : null))
    .refine((v) => v === null || isValidCpf(v), PAYMENT_TEXTS.cpfInvalid);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is `key` a valid Pix key of this type (the DICT's formats: BCB Manual de Padrões para Iniciação do Pix)? */
export function isValidPixKey(type: PixKeyType, key: string): boolean {
  switch (type) {
    case "cpf":
      return /^\d{11}$/.test(key) && isValidCpf(key);
    case "cnpj":
      return /^\d{14}$/.test(key) && isValidCnpj(key);
    case "email":
      return key.length <= 77 && EMAIL.test(key);
    case "phone":
      return /^\+55\d{10,11}$/.test(key);
    case "random":
      return UUID.test(key);
  }
}

/** The key as the DICT stores it: digits only for CPF and CNPJ, +55… for a phone, lower case for e-mail and EVP. */
export function normalizePixKey(type: PixKeyType, raw: string): string {
  const key = raw.trim();
  switch (type) {
    case "cpf":
    case "cnpj":
      return key.replace(/\D/g, "");
    case "phone": {
      const digits = key.replace(/\D/g, "");
      return `+${digits.startsWith("55") && digits.length >= 12 ? digits : `55${digits}`}`;
    }
    case "email":
    case "random":
      return key.toLowerCase();
  }
}

/** CNPJ check digits (Receita Federal's modulus-11 rule). */
export function isValidCnpj(input: string): boolean {
  const d = input.replace(/\D/g, "");
  if (d.length !== 14 || /^(\d)\1+$/.test(d)) return false;
  const digit = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(d[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(d[12]) && digit(13) === Number(d[13]);
}

export const paymentSettingsSchema = z.object({
  pix_key_type: z.enum(PIX_KEY_TYPES).nullable(),
  pix_key: z.string().nullable(),
  merchant_name: z.string().nullable(),
  merchant_city: z.string().nullable(),
  council_registration: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Whether a Mercado Pago access token is stored (never the token itself). */
  mercadopago_connected: z.boolean(),
  /** The address to give Mercado Pago for its notifications (null until PUBLIC_URL is set). */
  mercadopago_webhook_url: z.string().nullable(),
  /** Reminders and confirmations on WhatsApp carry the amount and the Pix copia-e-cola. */
  send_pix_in_reminders: z.boolean(),
  /** When the Pix goes: with the reminder (and the confirmation), or in a message after the session. */
  pix_timing: z.enum(PIX_TIMINGS),
  /** After the session: how many minutes after its end the message goes (at once when marked concluded). */
  pix_after_minutes: z.number().int(),
  /** The public booking page shows each consultation type's price. */
  show_prices_on_booking_page: z.boolean(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const paymentSettingsInputSchema = z
  .object({
    pix_key_type: z.enum(PIX_KEY_TYPES, "Tipo de chave inválido").nullable().optional(),
    pix_key: z.string().trim().max(100).nullable().optional(),
    merchant_name: optionalText(25, "Use até 25 caracteres (limite do Pix)"),
    merchant_city: optionalText(15, "Use até 15 caracteres (limite do Pix)"),
    council_registration: optionalText(40),
    provider: z.enum(PAYMENT_PROVIDERS).default("none"),
    /**
     * Sent once to connect; never answered back. Empty keeps the stored one; a new one is checked with Mercado Pago
     * before it is stored. With provider "none" the stored token and secret are erased (disconnect).
     */
    mercadopago_access_token: z.string().trim().max(300).optional(),
    /** The "assinatura secreta" of the notifications, to verify x-signature. Empty keeps the stored one. */
    mercadopago_webhook_secret: z.string().trim().max(300).optional(),
    send_pix_in_reminders: z.boolean().default(false),
    pix_timing: z.enum(PIX_TIMINGS, "Escolha quando enviar o Pix").default("reminder"),
    pix_after_minutes: z
      .number("Informe os minutos")
      .int("Informe os minutos em números inteiros")
      .min(0, "Informe de 0 a 1440 minutos")
      .max(1440, "Informe de 0 a 1440 minutos")
      .default(60),
    show_prices_on_booking_page: z.boolean().default(false),
  })
  .transform((v, ctx) => {
    const type = v.pix_key_type ?? null;
    const key = v.pix_key ? normalizePixKey(type ?? "random", v.pix_key) : null;
    if ((type && !key) || (!type && key) || (type && key && !isValidPixKey(type, key))) {
      ctx.addIssue({ code: "custom", path: ["pix_key"], message: PAYMENT_TEXTS.pixKeyInvalid });
    }
    return { ...v, pix_key_type: type, pix_key: key };
  });
export type PaymentSettingsInput = z.output<typeof paymentSettingsInputSchema>;

export const consultationPriceSchema = z.object({
  appointment_type: z.string(),
  amount_cents: z.number().int(),
});
export type ConsultationPrice = z.infer<typeof consultationPriceSchema>;

export const pricesSchema = z.object({
  types: z.array(consultationPriceSchema),
  patients: z.array(z.object({ patient_id: z.uuid(), patient_name: z.string(), amount_cents: z.number().int() })),
});
export type Prices = z.infer<typeof pricesSchema>;

export const consultationPriceInputSchema = z.object({
  appointment_type: requiredText(PAYMENT_TEXTS.typeRequired, 80),
  amount_cents: amountCentsSchema,
});
export const patientPriceInputSchema = z.object({ amount_cents: amountCentsSchema.nullable() });

export const chargeSchema = z.object({
  id: z.uuid(),
  patient_id: z.uuid().nullable(),
  patient_name: z.string().nullable(),
  appointment_id: z.uuid().nullable(),
  appointment_date: z.string().nullable(),
  description: z.string(),
  amount_cents: z.number().int(),
  due_date: z.string(),
  status: z.enum(CHARGE_STATUSES),
  payer_name: z.string().nullable(),
  payer_cpf: z.string().nullable(),
  beneficiary_cpf: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  paid_at: z.string().nullable(),
  /** The local date of the payment in the practice's zone: the date of the Receita Saúde receipt and of the livro-caixa. */
  payment_date: z.string().nullable(),
  fee_cents: z.number().int().nullable(),
  net_cents: z.number().int().nullable(),
  receipt_number: z.string().nullable(),
  receipt_issued_at: z.string().nullable(),
  provider_link: z.string().nullable(),
  /** When the message after the session was handled (null: not yet, or not sent after the session). */
  pix_message_at: z.string().nullable(),
  /** Why that message could not go, in words for the professional; null when it went. */
  pix_message_problem: z.string().nullable(),
  created_at: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargeInputSchema = z
  .object({
    patient_id: z.uuid("Paciente inválido").nullable().optional(),
    appointment_id: z.uuid("Consulta inválida").nullable().optional(),
    description: optionalText(200),
    /** Left out for a session: the price of its type, or the patient's own. */
    amount_cents: amountCentsSchema.optional(),
    due_date: isoDateSchema.optional(),
    payer_name: optionalText(200),
    payer_cpf: optionalCpf(),
    beneficiary_cpf: optionalCpf(),
  });
export type ChargeInput = z.output<typeof chargeInputSchema>;

export const markPaidInputSchema = z.object({
  method: z.enum(PAYMENT_METHODS, "Forma de pagamento inválida"),
  /** The local date it was paid; today when left out. */
  payment_date: isoDateSchema.optional(),
  fee_cents: z.number().int().min(0).max(MAX_AMOUNT_CENTS).optional(),
});

export const chargeStatusInputSchema = z.object({ status: z.enum(["exempt", "cancelled"], "Situação inválida") });

export const chargeListQuerySchema = z.object({
  status: z.enum(CHARGE_STATUSES).optional(),
  patient_id: z.uuid().optional(),
  appointment_id: z.uuid().optional(),
});

export const pixSchema = z.object({
  /** The copia-e-cola (EMV BR Code). */
  brcode: z.string(),
  /** A PNG data URL of the QR of the same text. */
  qr_data_url: z.string(),
  amount_cents: z.number().int(),
  txid: z.string(),
  /** "static" from the professional's own key, "mercadopago" for a dynamic Pix that the provider confirms. */
  kind: z.enum(["static", "mercadopago"]),
  expires_at: z.string().nullable(),
  /** The card payment link (Mercado Pago only). */
  payment_link: z.string().nullable(),
});
export type PixCharge = z.infer<typeof pixSchema>;

export const receiptInputSchema = z.object({
  /** The number the Receita Saúde app gave; empty marks it issued with no number kept. */
  receipt_number: optionalText(60),
});

/** One payment waiting for its Receita Saúde receipt, every field as the app asks it (docs/product/payments.md §6). */
export const receiptDueSchema = z.object({
  charge_id: z.uuid(),
  payer_name: z.string().nullable(),
  payer_cpf: z.string().nullable(),
  beneficiary_cpf: z.string().nullable(),
  amount_cents: z.number().int(),
  amount_text: z.string(),
  payment_date: z.string(),
  description: z.string(),
  council_registration: z.string().nullable(),
});
export type ReceiptDue = z.infer<typeof receiptDueSchema>;

export const monthQuerySchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, PAYMENT_TEXTS.monthInvalid) });
export const yearQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

export const ledgerMonthSchema = z.object({
  month: z.string(),
  income_cents: z.number().int(),
  fees_cents: z.number().int(),
  expenses_cents: z.number().int(),
  payments: z.number().int(),
  receipts_missing: z.number().int(),
});
export type LedgerMonth = z.infer<typeof ledgerMonthSchema>;

export const ledgerYearSchema = z.object({ year: z.number().int(), months: z.array(ledgerMonthSchema) });
export type LedgerYear = z.infer<typeof ledgerYearSchema>;

export const paymentSummarySchema = z.object({
  month: z.string(),
  received_cents: z.number().int(),
  to_receive_cents: z.number().int(),
  receipts_due: z.number().int(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const expenseSchema = z.object({
  id: z.uuid(),
  expense_date: z.string(),
  category: z.string(),
  amount_cents: z.number().int(),
  description: z.string().nullable(),
  /** The expense's file (a nota fiscal, a receipt), downloaded at /payments/expenses/{id}/file; null without one. */
  file: z.object({ name: z.string(), content_type: z.string(), size_bytes: z.number().int() }).nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** One payment's line of a livro-caixa month, the same reading as that month's CSV. */
export const ledgerIncomeLineSchema = z.object({
  id: z.string(),
  payment_date: z.string(),
  description: z.string(),
  payer_name: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  amount_cents: z.number().int(),
  /** The provider's fee when known; null when none was recorded. */
  fee_cents: z.number().int().nullable(),
  net_cents: z.number().int(),
  /** The Receita Saúde receipt's number, "emitido" when marked issued without one, or null while it is due. */
  receipt: z.string().nullable(),
});
export type LedgerIncomeLine = z.infer<typeof ledgerIncomeLineSchema>;

/** GET /payments/ledger/month?month=YYYY-MM: one month's income lines and expenses with its totals. */
export const ledgerMonthDetailSchema = z.object({
  month: z.string(),
  income: z.array(ledgerIncomeLineSchema),
  expenses: z.array(expenseSchema),
  /** The year table's figures for the month (`ledgerMonthSchema`), with the net: income less fees. */
  totals: ledgerMonthSchema.omit({ month: true }).extend({ net_cents: z.number().int() }),
});
export type LedgerMonthDetail = z.infer<typeof ledgerMonthDetailSchema>;

/** `?file_name=` of an expense's file (the body is the file, Content-Type its type). */
export const expenseFileQuerySchema = z.object({
  file_name: z.string().trim().min(1, "Informe o nome do arquivo.").max(200, "O nome do arquivo pode ter até 200 caracteres."),
});

export const expenseInputSchema = z.object({
  expense_date: isoDateSchema,
  category: requiredText(PAYMENT_TEXTS.categoryRequired, 80),
  amount_cents: amountCentsSchema,
  description: optionalText(300),
});
