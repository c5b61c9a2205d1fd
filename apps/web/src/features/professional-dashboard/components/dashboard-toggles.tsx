import { LoaderCircle, Moon, Power } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useDashboardToggle } from "../api/dashboard";

export interface DashboardTogglesProps {
  isAvailable: boolean;
  zenMode: boolean;
}

/** Zen Mode and availability toggle buttons; each updates the server and reloads the Painel (spec part 2 §2.1). */
export function DashboardToggles({ isAvailable, zenMode }: DashboardTogglesProps) {
  const zen = useDashboardToggle("zen-mode");
  const availability = useDashboardToggle("availability");
  return (
    <>
      <Button
        variant={zenMode ? "secondary" : "outline"}
        aria-pressed={zenMode}
        disabled={zen.isPending}
        onClick={() => zen.mutate(!zenMode)}
        title={zenMode ? "Notificações pausadas. Clique para desativar." : "Pausar notificações"}
      >
        {zen.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Moon aria-hidden />}
        {zenMode ? "Modo Zen ativado" : "Modo Zen"}
      </Button>
      <Button
        variant="outline"
        aria-pressed={isAvailable}
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
    </>
  );
}
