import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, formatCents, parseCents, type Charge, type PaymentMethod, type PixCharge } from "@clinora/contracts";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/loading-state";
import { Select } from "@/components/ui/select";
import { formatDate } from "@/lib/format";
import { downloadPaymentProof, useChargeStatus, useCharges, useCreateCharge, useMarkPaid, usePix } from "../api/payments";
import { toast } from "@/lib/toast";
import { ChargeStatusBadge } from "./charge-status-badge";
import { PixDialog } from "./pix-dialog";

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

function NewChargeForm() {
  const create = useCreateCharge();
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseCents(amount);
    if (cents === null || cents <= 0) return setError("Informe um valor, como 150,00");
    setError(undefined);
    create.mutate({ description, amount_cents: cents }, { onSuccess: () => (setDescription(""), setAmount("")) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
      <FormField label="Descrição" htmlFor="charge-description" required>
        <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
      </FormField>
      <FormField label="Valor (R$)" htmlFor="charge-amount" required error={error}>
        <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" placeholder="150,00" />
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        Nova cobrança
      </Button>
    </form>
  );
}

function ChargeRow({ charge, onPix }: { charge: Charge; onPix: (pix: PixCharge) => void }) {
  const [method, setMethod] = useState<PaymentMethod>("pix");
  const markPaid = useMarkPaid();
  const pix = usePix();
  const setStatus = useChargeStatus();
  return (
    <li className="flex flex-col gap-2 border-b border-slate-100 py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between" data-testid="charge-row">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {charge.patient_name ?? charge.payer_name ?? "Sem paciente"} · {formatCents(charge.amount_cents)}
        </p>
        <p className="text-sm text-slate-500">
          {charge.description} · vence {formatDate(charge.due_date)}
          {charge.payment_date ? ` · pago em ${formatDate(charge.payment_date)}` : ""}
          {charge.fee_cents ? ` · taxa ${formatCents(charge.fee_cents)}` : ""}
        </p>
        {charge.pix_message_problem ? (
          <p className="text-sm text-amber-800">{charge.pix_message_problem}. Envie o Pix por outro meio.</p>
        ) : charge.pix_message_at ? (
          <p className="text-sm text-slate-500">Pix enviado pelo WhatsApp depois da sessão</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ChargeStatusBadge status={charge.status} />
        {charge.status === "open" ? (
          <>
            <Button size="sm" variant="outline" disabled={pix.isPending} onClick={() => pix.mutate(charge.id, { onSuccess: onPix })}>
              Pix
            </Button>
            <Select aria-label="Forma de pagamento" options={METHOD_OPTIONS} value={method} onValueChange={setMethod} className="h-8 w-36" />
            <Button size="sm" disabled={markPaid.isPending} onClick={() => markPaid.mutate({ id: charge.id, method })}>
              Marcar como pago
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setStatus.mutate({ id: charge.id, status: "exempt" })}>
              Isentar
            </Button>
          </>
        ) : null}
        {charge.status === "paid" ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Comprovante de pagamento: ${charge.description}`}
            onClick={() => downloadPaymentProof(charge.id).catch(() => toast.error("Erro ao baixar o comprovante"))}
          >
            Comprovante
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function ChargesSection() {
  const charges = useCharges();
  const [pix, setPix] = useState<PixCharge | null>(null);
  const body = () => {
    if (charges.isPending) return <LoadingState text="Carregando cobranças..." />;
    if (charges.isError) return <ErrorState message="Erro ao carregar cobranças" onRetry={() => void charges.refetch()} retrying={charges.isFetching} />;
    if (charges.data.length === 0) return <EmptyState title="Nenhuma cobrança" description="Crie uma cobrança avulsa acima, ou a partir de uma consulta." />;
    return (
      <ul aria-label="Cobranças">
        {charges.data.map((c) => (
          <ChargeRow key={c.id} charge={c} onPix={setPix} />
        ))}
      </ul>
    );
  };
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Cobranças</h2>
      <NewChargeForm />
      {body()}
      <PixDialog pix={pix} onClose={() => setPix(null)} />
    </Card>
  );
}
