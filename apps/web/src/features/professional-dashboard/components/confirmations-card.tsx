import { CircleCheckBig, Hourglass, UserX } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import type { ConfirmationFigures } from "../lib/dashboard-figures";

/** Today's confirmations at a glance (docs/decisions/017): confirmed, still awaiting, cancelled by the patient. */
export function ConfirmationsCard({ figures }: { figures: ConfirmationFigures }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Confirmações de hoje</CardTitle>
        <CardDescription>Respostas dos pacientes aos lembretes pelo WhatsApp.</CardDescription>
      </CardHeader>
      <CardContent className="@container">
        <ul className="grid gap-2 @3xs:grid-cols-3" aria-label="Confirmações de hoje">
          <Figure
            icon={CircleCheckBig}
            tone="text-emerald-700 bg-emerald-50"
            value={figures.confirmed}
            label="Confirmadas"
            hint={figures.confirmedByPatient > 0 ? `${figures.confirmedByPatient} pelo paciente` : undefined}
          />
          <Figure icon={Hourglass} tone="text-amber-800 bg-amber-50" value={figures.awaiting} label="Aguardando" />
          <Figure icon={UserX} tone="text-red-700 bg-red-50" value={figures.cancelledByPatient} label="Canceladas pelo paciente" />
        </ul>
      </CardContent>
    </Card>
  );
}

function Figure({ icon: Icon, tone, value, label, hint }: { icon: LucideIcon; tone: string; value: number; label: string; hint?: string }) {
  return (
    <li className={cn("flex min-w-0 flex-col items-center rounded-lg px-2 py-3 text-center", tone)}>
      <Icon aria-hidden className="size-4" />
      <span className="mt-1 text-2xl leading-none font-semibold tabular-nums">{value}</span>
      <span className="mt-1 text-xs leading-tight font-medium">{label}</span>
      {hint ? <span className="mt-0.5 text-[11px] leading-tight">{hint}</span> : null}
    </li>
  );
}
