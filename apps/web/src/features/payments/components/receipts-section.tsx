import { formatCpf, type ReceiptDue } from "@clinora/contracts";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/loading-state";
import { formatDate } from "@/lib/format";
import { useRecordReceipt, useReceiptsDue } from "../api/payments";

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex items-center justify-between gap-2 text-sm">
      <span className="text-slate-500">{label}</span>
      <span className="flex items-center gap-1 font-medium text-slate-900">
        {value ?? "—"}
        {value ? <CopyButton value={value} label={`Copiar ${label.toLowerCase()}`} iconOnly size="sm" variant="ghost" /> : null}
      </span>
    </div>
  );
}

function ReceiptCard({ receipt }: { receipt: ReceiptDue }) {
  const [number, setNumber] = useState("");
  const record = useRecordReceipt();
  const inputId = `receipt-number-${receipt.charge_id}`;
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="receipt-due">
      <Field label="CPF do pagador" value={receipt.payer_cpf ? formatCpf(receipt.payer_cpf) : null} />
      <Field label="CPF do beneficiário" value={receipt.beneficiary_cpf ? formatCpf(receipt.beneficiary_cpf) : null} />
      <Field label="Valor" value={receipt.amount_text} />
      <Field label="Data do pagamento" value={formatDate(receipt.payment_date)} />
      <Field label="Descrição" value={receipt.description} />
      <Field label="Registro no conselho" value={receipt.council_registration} />
      <div className="flex flex-col gap-2 pt-1 sm:flex-row sm:items-center">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          Número do recibo
        </label>
        <Input id={inputId} value={number} onChange={(e) => setNumber(e.target.value)} className="sm:w-56" />
        <Button size="sm" disabled={record.isPending} onClick={() => record.mutate({ id: receipt.charge_id, receipt_number: number.trim() || null })}>
          Marcar como emitido
        </Button>
      </div>
    </li>
  );
}

/** The Receita Saúde queue: every payment received with no receipt yet (docs/product/payments.md §6). */
export function ReceiptsSection() {
  const due = useReceiptsDue();
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Recibos a emitir (Receita Saúde)</h2>
        <p className="text-sm text-slate-600">
          Emita cada recibo no app Receita Saúde ou no Carnê-Leão Web, na data do pagamento, e cole aqui o número. O Clinora não entra no gov.br.
        </p>
      </div>
      {due.isPending ? <LoadingState text="Carregando recibos..." /> : null}
      {due.isError ? <ErrorState message="Erro ao carregar recibos" onRetry={() => void due.refetch()} retrying={due.isFetching} /> : null}
      {due.data?.length === 0 ? <p className="text-sm text-slate-600">Nenhum recibo a emitir.</p> : null}
      {due.data && due.data.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Recibos a emitir">
          {due.data.map((r) => (
            <ReceiptCard key={r.charge_id} receipt={r} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
