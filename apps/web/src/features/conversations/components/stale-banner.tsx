import { STALE_WAITING_MINUTES } from "@clinora/contracts";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface StaleBannerProps {
  count: number;
  /** Shows the waiting conversations: status filter to waiting, search cleared, page 1 (docs/product/conversations-and-whatsapp.md §2.1). */
  onShowWaiting: () => void;
}

/** Long-waiting conversations (docs/product/conversations-and-whatsapp.md §2.1, §4); nothing when there are none. */
export function StaleBanner({ count, onShowWaiting }: StaleBannerProps) {
  if (count <= 0) return null;
  const hours = STALE_WAITING_MINUTES / 60;
  return (
    <div
      role="status"
      className="mb-4 flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2.5">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
        <span>
          <strong className="font-semibold">
            {count === 1 ? "1 conversa aguardando" : `${count} conversas aguardando`}
          </strong>{" "}
          resposta há {hours} horas ou mais. Responda assim que possível.
        </span>
      </p>
      <Button variant="link" size="sm" className="self-start px-0 text-red-700 sm:self-auto" onClick={onShowWaiting}>
        Ver conversas aguardando
      </Button>
    </div>
  );
}
