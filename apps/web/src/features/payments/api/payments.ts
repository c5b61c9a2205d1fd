import type { Charge, Expense, LedgerMonthDetail, LedgerYear, PaymentMethod, PaymentProvider, PaymentSettings, PaymentSummary, PixCharge, Prices, ReceiptDue } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation, serverDetailOr } from "@/hooks/use-resource-mutation";
import { api, API_BASE } from "@/lib/api-client";
import { saveFile } from "@/lib/download";

export const paymentKeys = {
  all: ["payments"] as const,
  charges: () => ["payments", "charges"] as const,
  summary: () => ["payments", "summary"] as const,
  receipts: () => ["payments", "receipts-due"] as const,
  ledger: (year: number) => ["payments", "ledger", year] as const,
  ledgerMonth: (month: string) => ["payments", "ledger-month", month] as const,
  settings: () => ["payments", "settings"] as const,
  prices: () => ["payments", "prices"] as const,
  expenses: (month: string) => ["payments", "expenses", month] as const,
};

export const chargesQueryOptions = () => queryOptions({ queryKey: paymentKeys.charges(), queryFn: ({ signal }) => api.get<Charge[]>("/payments/charges", { signal }) });
export const useCharges = () => useQuery(chargesQueryOptions());
export const usePaymentSummary = () => useQuery({ queryKey: paymentKeys.summary(), queryFn: ({ signal }) => api.get<PaymentSummary>("/payments/summary", { signal }) });
export const useReceiptsDue = () => useQuery({ queryKey: paymentKeys.receipts(), queryFn: ({ signal }) => api.get<ReceiptDue[]>("/payments/receipts-due", { signal }) });
export const useLedger = (year: number) => useQuery({ queryKey: paymentKeys.ledger(year), queryFn: ({ signal }) => api.get<LedgerYear>("/payments/ledger", { query: { year }, signal }) });
/** One livro-caixa month's lines and totals; nothing is asked while no month is chosen. */
export const useLedgerMonth = (month: string | null) =>
  useQuery({
    queryKey: paymentKeys.ledgerMonth(month ?? ""),
    queryFn: ({ signal }) => api.get<LedgerMonthDetail>("/payments/ledger/month", { query: { month: month! }, signal }),
    enabled: month !== null,
  });
export const usePaymentSettings = () => useQuery({ queryKey: paymentKeys.settings(), queryFn: ({ signal }) => api.get<PaymentSettings>("/payments/settings", { signal }) });
export const usePrices = () => useQuery({ queryKey: paymentKeys.prices(), queryFn: ({ signal }) => api.get<Prices>("/payments/prices", { signal }) });

export function useCreateCharge() {
  return useResourceMutation({
    mutationFn: (input: { description: string; amount_cents: number; patient_id?: string | null; payer_cpf?: string | null }) => api.post<Charge>("/payments/charges", input),
    invalidates: [paymentKeys.all],
    success: "Cobrança criada!",
    failure: "Erro ao criar cobrança",
  });
}

export function useMarkPaid() {
  return useResourceMutation({
    mutationFn: ({ id, method }: { id: string; method: PaymentMethod }) => api.post<Charge>(`/payments/charges/${id}/paid`, { method }),
    invalidates: [paymentKeys.all],
    success: "Pagamento registrado!",
    failure: serverDetailOr("Erro ao registrar o pagamento"),
  });
}

export function useChargeStatus() {
  return useResourceMutation({
    mutationFn: ({ id, status }: { id: string; status: "exempt" | "cancelled" }) => api.post<Charge>(`/payments/charges/${id}/status`, { status }),
    invalidates: [paymentKeys.all],
    success: (c) => (c.status === "exempt" ? "Cobrança isenta." : "Cobrança cancelada."),
    failure: serverDetailOr("Erro ao mudar a cobrança"),
  });
}

export function usePix() {
  return useResourceMutation({
    mutationFn: (id: string) => api.post<PixCharge>(`/payments/charges/${id}/pix`),
    failure: serverDetailOr("Erro ao gerar o Pix"),
  });
}

export function useRecordReceipt() {
  return useResourceMutation({
    mutationFn: ({ id, receipt_number }: { id: string; receipt_number: string | null }) => api.put<Charge>(`/payments/charges/${id}/receipt`, { receipt_number }),
    invalidates: [paymentKeys.all],
    success: "Recibo registrado!",
    failure: "Erro ao registrar o recibo",
  });
}

export function useSavePaymentSettings() {
  return useResourceMutation({
    mutationFn: (input: Record<string, unknown>) => api.put<PaymentSettings>("/payments/settings", input),
    invalidates: [paymentKeys.all],
    success: "Configurações de cobrança salvas!",
    failure: "Erro ao salvar",
  });
}

/** The settings as PUT /payments/settings takes them back: the read-only parts (connection, address) left out. */
export function paymentSettingsInput(settings: PaymentSettings): Record<string, unknown> {
  const { mercadopago_connected: _connected, mercadopago_webhook_url: _address, ...input } = settings;
  return input;
}

/**
 * Connects Mercado Pago (the server checks the token with it before storing anything) or disconnects it (provider
 * "none" erases the token and the secret). The screen shows a refusal on the field itself, so no failure toast here.
 */
export function useSavePaymentProvider() {
  return useResourceMutation({
    mutationFn: ({ settings, provider, accessToken, webhookSecret }: { settings: PaymentSettings; provider: PaymentProvider; accessToken?: string; webhookSecret?: string }) =>
      api.put<PaymentSettings>("/payments/settings", {
        ...paymentSettingsInput(settings),
        provider,
        ...(accessToken ? { mercadopago_access_token: accessToken } : {}),
        ...(webhookSecret ? { mercadopago_webhook_secret: webhookSecret } : {}),
      }),
    invalidates: [paymentKeys.all],
    success: (saved) => (saved.mercadopago_connected ? "Mercado Pago conectado!" : "Mercado Pago desconectado."),
  });
}

export function useSaveTypePrice() {
  return useResourceMutation({
    mutationFn: (input: { appointment_type: string; amount_cents: number }) => api.put<Prices>("/payments/prices/types", input),
    invalidates: [paymentKeys.prices()],
    success: "Preço salvo!",
    failure: "Erro ao salvar o preço",
  });
}

/** The month's livro-caixa CSV, read with the session and handed to the browser as a file. */
export async function downloadLedgerCsv(month: string) {
  const blob = await api.file(`${API_BASE}/payments/ledger/csv?month=${month}`);
  saveFile(blob, `livro-caixa-${month}.csv`);
}

/** A paid charge's "comprovante de pagamento" PDF (it does not replace the Receita Saúde receipt), as a file. */
export async function downloadPaymentProof(chargeId: string) {
  const blob = await api.file(`${API_BASE}/payments/charges/${chargeId}/comprovante.pdf`);
  saveFile(blob, `comprovante-${chargeId.slice(0, 8)}.pdf`);
}

export const useExpenses = (month: string) =>
  useQuery({ queryKey: paymentKeys.expenses(month), queryFn: ({ signal }) => api.get<Expense[]>("/payments/expenses", { query: { month }, signal }) });

export function useAddExpense() {
  return useResourceMutation({
    mutationFn: (input: { expense_date: string; category: string; amount_cents: number; description: string | null }) => api.post<Expense>("/payments/expenses", input),
    invalidates: [paymentKeys.all],
    success: "Despesa lançada!",
    failure: serverDetailOr("Erro ao lançar a despesa"),
  });
}

/** POST /api/payments/expenses/:id/file: the file's bytes as the body, its name in the query; replaces the one it had. */
export function useAttachExpenseFile() {
  return useResourceMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => api.upload<NonNullable<Expense["file"]>>(`/payments/expenses/${id}/file`, file, { query: { file_name: file.name } }),
    invalidates: [paymentKeys.all],
    success: "Arquivo anexado!",
    failure: serverDetailOr("Erro ao anexar o arquivo"),
  });
}

/** An expense's file, saved under its own name. */
export async function downloadExpenseFile(expense: Expense) {
  const blob = await api.file(`${API_BASE}/payments/expenses/${expense.id}/file`);
  saveFile(blob, expense.file?.name ?? `despesa-${expense.id.slice(0, 8)}`);
}

export function useRemoveExpense() {
  return useResourceMutation({
    mutationFn: (id: string) => api.delete<void>(`/payments/expenses/${id}`),
    invalidates: [paymentKeys.all],
    success: "Despesa removida.",
    failure: serverDetailOr("Erro ao remover a despesa"),
  });
}
