import { formatCents } from "@clinora/contracts";
import { Receipt, TrendingUp, Wallet } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";
import { usePaymentSummary } from "../api/payments";

/** This month's received and to-receive, and the receipts still to issue (docs/product/payments.md §8). */
export function PaymentSummaryCards() {
  const summary = usePaymentSummary();
  const loading = summary.isPending;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <StatCard label="Recebido no mês" value={formatCents(summary.data?.received_cents ?? 0)} icon={TrendingUp} tone="success" loading={loading} />
      <StatCard label="A receber" value={formatCents(summary.data?.to_receive_cents ?? 0)} icon={Wallet} tone="warning" loading={loading} />
      <StatCard label="Recibos a emitir" value={String(summary.data?.receipts_due ?? 0)} icon={Receipt} tone={summary.data?.receipts_due ? "danger" : "muted"} loading={loading} />
    </div>
  );
}
