import { formatCents } from "@clinora/contracts";
import { formatDate } from "@/lib/format";
import { useCharges } from "../api/payments";
import { ChargeStatusBadge } from "./charge-status-badge";

/**
 * An appointment's payment state on Compromissos, the Painel and the appointment dialog (docs/product/payments.md
 * §10): the state of its charge (a cancelled one is no longer its charge), read from the one charges list every
 * payments screen shares, so a payment recorded anywhere shows everywhere. Nothing when it has no charge.
 */
export function AppointmentPaymentState({ appointmentId, variant }: { appointmentId: string; variant: "badge" | "detail" }) {
  const charges = useCharges();
  const charge = charges.data?.find((c) => c.appointment_id === appointmentId && c.status !== "cancelled");
  if (!charge) return null;
  if (variant === "badge") return <ChargeStatusBadge status={charge.status} named />;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="appointment-payment">
      <span className="font-medium">Pagamento:</span>
      <ChargeStatusBadge status={charge.status} />
      <span>{formatCents(charge.amount_cents)}</span>
      {charge.status === "paid" && charge.payment_date ? <span>em {formatDate(charge.payment_date)}</span> : null}
    </p>
  );
}
