import { PAYMENT_METHOD_LABELS, formatCents, type LedgerIncomeLine } from "@clinora/contracts";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { formatDate } from "@/lib/format";
import { useLedgerMonth } from "../api/payments";

function receiptText(receipt: string | null): string {
  if (receipt === null) return "Recibo a emitir";
  return receipt === "emitido" ? "Recibo emitido" : `Recibo nº ${receipt}`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/** One payment received in the month, as a card that fits a phone's width. */
function IncomeLine({ line }: { line: LedgerIncomeLine }) {
  return (
    <li data-testid="ledger-income-line" className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="min-w-0 break-words">
          <span className="font-medium text-slate-900">{line.payer_name ?? line.description}</span>
          {line.payer_name ? <span className="text-slate-600"> · {line.description}</span> : null}
        </span>
        <span className="text-slate-600">{formatDate(line.payment_date)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Figure label="Forma" value={line.method ? PAYMENT_METHOD_LABELS[line.method] : "—"} />
        <Figure label="Valor" value={formatCents(line.amount_cents)} />
        <Figure label="Taxa" value={line.fee_cents === null ? "—" : formatCents(line.fee_cents)} />
        <Figure label="Líquido" value={formatCents(line.net_cents)} />
        <Figure label="Receita Saúde" value={receiptText(line.receipt)} />
      </dl>
    </li>
  );
}

/**
 * One month of the livro-caixa (docs/product/payments.md §7): the payments received by payment date and the expenses,
 * with the month's totals — the same reading as the month's CSV.
 */
export function LedgerMonthView({ month, title }: { month: string; title: string }) {
  const detail = useLedgerMonth(month);
  return (
    <section aria-labelledby="ledger-month-title" className="space-y-4 border-t border-slate-200 pt-4" data-testid="ledger-month">
      <h3 id="ledger-month-title" tabIndex={-1} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {detail.isPending ? <LoadingState text="Carregando o mês..." /> : null}
      {detail.isError ? <ErrorState message="Erro ao carregar o mês do livro-caixa" onRetry={() => void detail.refetch()} retrying={detail.isFetching} /> : null}
      {detail.data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-5" data-testid="ledger-month-totals">
            <Figure label="Receitas" value={formatCents(detail.data.totals.income_cents)} />
            <Figure label="Taxas" value={formatCents(detail.data.totals.fees_cents)} />
            <Figure label="Líquido" value={formatCents(detail.data.totals.net_cents)} />
            <Figure label="Despesas" value={formatCents(detail.data.totals.expenses_cents)} />
            <Figure label="Recibos pendentes" value={String(detail.data.totals.receipts_missing)} />
          </dl>
          <div className="space-y-2">
            <h4 className="text-sm font-semibold text-slate-900">Recebimentos ({detail.data.totals.payments})</h4>
            {detail.data.income.length === 0 ? (
              <p className="text-sm text-slate-600">Nenhum recebimento neste mês</p>
            ) : (
              <ul className="space-y-2">
                {detail.data.income.map((line) => (
                  <IncomeLine key={line.id} line={line} />
                ))}
              </ul>
            )}
          </div>
          <div className="space-y-2">
            <h4 className="text-sm font-semibold text-slate-900">Despesas</h4>
            {detail.data.expenses.length === 0 ? (
              <p className="text-sm text-slate-600">Nenhuma despesa neste mês</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {detail.data.expenses.map((e) => (
                  <li key={e.id} data-testid="ledger-expense-line" className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
                    <span className="min-w-0 break-words">
                      <span className="font-medium text-slate-900">{e.category}</span> · {formatDate(e.expense_date)}
                      {e.description ? ` · ${e.description}` : ""}
                    </span>
                    <span className="tabular-nums">{formatCents(e.amount_cents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
