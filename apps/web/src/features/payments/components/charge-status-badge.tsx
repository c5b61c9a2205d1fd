import { CHARGE_STATUS_LABELS, type ChargeStatus } from "@clinora/contracts";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const STATUS_TONES: Record<ChargeStatus, BadgeTone> = { open: "warning", paid: "success", exempt: "neutral", cancelled: "neutral", refunded: "danger" };

/**
 * A charge's state as a badge, from the server's own state (never guessed on this side). `named` adds "Pagamento:"
 * for screen readers where the badge sits among an appointment's other states.
 */
export function ChargeStatusBadge({ status, named = false }: { status: ChargeStatus; named?: boolean }) {
  return (
    <Badge tone={STATUS_TONES[status]}>
      {named ? <span className="sr-only">Pagamento: </span> : null}
      {CHARGE_STATUS_LABELS[status]}
    </Badge>
  );
}
