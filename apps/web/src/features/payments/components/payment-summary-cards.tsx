import { formatCents } from "@clinora/contracts";
import { Receipt, TrendingUp, Wallet } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";
import { usePaymentSummary } from "../api/payments";

/**
 * This month's received and to-receive, and the receipts still to issue (docs/product/payments.md §2, §10): always
 * on Financeiro; on the Painel (`receipts="when-due"`) the receipts' card only while one is due.
 */
export function PaymentSummaryCards({ receipts = "always" }: { receipts?: "always" | "when-due" }) {
  const summary = usePaymentSummary();
  const loading = summary.isPending;
  const due = summary.data?.receipts_due ?? 0;
  const showReceipts = receipts === "always" || due > 0;
  return (
    // Columns by the room the cards really have (a container query, in rem), so a large amount at 200 % text still fits.
    <div className="@container">
      <div className={showReceipts ? "grid gap-3 @xl:grid-cols-3" : "grid gap-3 @md:grid-cols-2"}>
        <StatCard label="Recebido no mês" value={formatCents(summary.data?.received_cents ?? 0)} icon={TrendingUp} tone="success" loading={loading} />
        <StatCard label="A receber" value={formatCents(summary.data?.to_receive_cents ?? 0)} icon={Wallet} tone="warning" loading={loading} />
        {showReceipts ? <StatCard label="Recibos a emitir" value={String(due)} icon={Receipt} tone={due ? "danger" : "muted"} loading={loading} /> : null}
      </div>
    </div>
  );
}
