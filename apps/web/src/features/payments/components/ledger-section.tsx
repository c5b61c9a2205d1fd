import { formatCents } from "@clinora/contracts";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { downloadLedgerCsv, useLedger } from "../api/payments";
import { LedgerChart } from "./ledger-chart";
import { LedgerMonthView } from "./ledger-month";

const MONTHS = ["Janeiro", "Fevereiro", "Março", "Abril", "Maio", "Junho", "Julho", "Agosto", "Setembro", "Outubro", "Novembro", "Dezembro"];

/**
 * The livro-caixa's year: income by payment date and expenses by month, each month's CSV for the accountant; a month's
 * name opens its lines below the table.
 */
export function LedgerSection({ year }: { year: number }) {
  const ledger = useLedger(year);
  const [open, setOpen] = useState<number | null>(null);
  const download = (month: string) => downloadLedgerCsv(month).catch((error: unknown) => toast.error(serverDetail(error) ?? "Erro ao baixar o CSV"));
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Livro-caixa {year}</h2>
        <p className="text-sm text-slate-600">Receitas pela data do pagamento e despesas lançadas. Valores de apoio: o cálculo do Carnê-Leão é do seu contador.</p>
      </div>
      {ledger.isPending ? <LoadingState text="Carregando livro-caixa..." /> : null}
      {ledger.isError ? <ErrorState message="Erro ao carregar o livro-caixa" onRetry={() => void ledger.refetch()} retrying={ledger.isFetching} /> : null}
      {ledger.data ? <LedgerChart ledger={ledger.data} /> : null}
      {ledger.data ? (
        <div className="overflow-x-auto">
          <Table>
            <THead>
              <TR>
                <TH>Mês</TH>
                <TH className="text-right">Receitas</TH>
                <TH className="text-right">Despesas</TH>
                <TH className="text-right">Recibos pendentes</TH>
                <TH>
                  <span className="sr-only">CSV</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {ledger.data.months.map((m, i) => (
                <TR key={m.month} data-testid={`ledger-${m.month}`}>
                  <TD>
                    <Button
                      size="sm"
                      variant="link"
                      className="h-auto px-0"
                      aria-expanded={open === i}
                      aria-controls={open === i ? "ledger-month-title" : undefined}
                      aria-label={`Ver ${MONTHS[i]} de ${year}`}
                      onClick={() => setOpen(open === i ? null : i)}
                    >
                      {MONTHS[i]}
                    </Button>
                  </TD>
                  <TD className="text-right tabular-nums">{formatCents(m.income_cents)}</TD>
                  <TD className="text-right tabular-nums">{formatCents(m.expenses_cents)}</TD>
                  <TD className="text-right tabular-nums">{m.receipts_missing}</TD>
                  <TD>
                    <Button size="sm" variant="ghost" icon={Download} onClick={() => void download(m.month)} aria-label={`Baixar CSV de ${MONTHS[i]}`}>
                      CSV
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      ) : null}
      {open !== null ? <LedgerMonthView month={`${year}-${String(open + 1).padStart(2, "0")}`} title={`${MONTHS[open]} de ${year}`} /> : null}
    </Card>
  );
}
