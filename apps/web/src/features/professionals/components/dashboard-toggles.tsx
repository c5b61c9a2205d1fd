import { LoaderCircle, Moon, Power } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useOwnProfileToggle } from "../api/own-profile";

export interface DashboardTogglesProps {
  isAvailable: boolean;
  zenMode: boolean;
}

/** What each toggle does, in one line under it (docs/decisions/025-zen-and-availability.md). */
export const ZEN_EXPLANATION = {
  on: "Modo Zen ativo: sem avisos de novas mensagens, exceto as urgentes, e um painel só com o essencial.",
  off: "Modo Zen silencia os avisos de novas mensagens, exceto os urgentes, e acalma o painel.",
} as const;
export const AVAILABILITY_EXPLANATION = {
  on: "Disponível: o assistente e o web chat oferecem seus horários livres aos pacientes.",
  off: "Indisponível: o assistente, o web chat e as sugestões de agendamento não oferecem horários.",
} as const;

/** Zen Mode and availability toggle buttons; each updates the server and reloads the Painel (docs/product/appointments.md §2.1). */
export function DashboardToggles({ isAvailable, zenMode }: DashboardTogglesProps) {
  const zen = useOwnProfileToggle("zen-mode");
  const availability = useOwnProfileToggle("availability");
  const zenNoteId = useId();
  const availabilityNoteId = useId();
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={zenMode ? "secondary" : "outline"}
          aria-pressed={zenMode}
          aria-describedby={zenNoteId}
          disabled={zen.isPending}
          onClick={() => zen.mutate(!zenMode)}
        >
          {zen.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Moon aria-hidden />}
          {zenMode ? "Modo Zen ativado" : "Modo Zen"}
        </Button>
        <Button
          variant="outline"
          aria-pressed={isAvailable}
          aria-describedby={availabilityNoteId}
          disabled={availability.isPending}
          onClick={() => availability.mutate(!isAvailable)}
          className={cn(isAvailable ? "border-emerald-300 text-emerald-800 hover:bg-emerald-50" : "border-slate-300 text-slate-600")}
        >
          {availability.isPending ? (
            <LoaderCircle aria-hidden className="animate-spin" />
          ) : (
            <Power aria-hidden className={isAvailable ? "text-emerald-600" : "text-slate-400"} />
          )}
          {isAvailable ? "Disponível" : "Indisponível"}
        </Button>
      </div>
      <div className="space-y-0.5 text-xs text-slate-500 sm:text-right">
        <p id={zenNoteId} data-testid="zen-explanation">
          {zenMode ? ZEN_EXPLANATION.on : ZEN_EXPLANATION.off}
        </p>
        <p id={availabilityNoteId} data-testid="availability-explanation" className={isAvailable ? undefined : "font-medium text-amber-800"}>
          {isAvailable ? AVAILABILITY_EXPLANATION.on : AVAILABILITY_EXPLANATION.off}
        </p>
      </div>
    </div>
  );
}
