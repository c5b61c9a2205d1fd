import { CircleCheck, CircleMinus } from "lucide-react";
import { Badge } from "@/components/ui/badge";

export function AvailabilityBadge({ available }: { available: boolean }) {
  return available ? (
    <Badge tone="success">
      <CircleCheck aria-hidden />
      Disponível
    </Badge>
  ) : (
    <Badge tone="neutral">
      <CircleMinus aria-hidden />
      Indisponível
    </Badge>
  );
}
