import type { FirstStepKey } from "@clinora/contracts";
import { CircleCheck, Circle, X } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { pagePath } from "@/lib/page-paths";
import { useDismissFirstSteps, useFirstSteps } from "../api/first-steps";

/** Each step's text and where it is done (docs/product/settings.md "First steps"). */
const STEPS: Record<FirstStepKey, { label: string; to: string }> = {
  hours: { label: "Defina seus dias e horários de atendimento", to: `${pagePath("ClinicSettings")}?aba=consultas` },
  duration: { label: "Ajuste a duração da consulta", to: `${pagePath("ClinicSettings")}?aba=consultas` },
  patient: { label: "Cadastre seu primeiro paciente", to: pagePath("ProfessionalPatients") },
  whatsapp: { label: "Conecte o WhatsApp do consultório", to: `${pagePath("ClinicSettings")}?aba=whatsapp` },
  booking_page: { label: "Publique sua página de agendamento", to: `${pagePath("ClinicSettings")}?aba=consultas` },
};

/**
 * "Primeiros passos" on a new professional's Painel: five steps that tick themselves from her data, until she puts
 * the card away ("Dispensar"); it also goes once every step is done.
 */
export function FirstStepsCard() {
  const query = useFirstSteps();
  const dismiss = useDismissFirstSteps();
  const steps = query.data?.steps ?? [];
  const doneCount = steps.filter((s) => s.done).length;
  if (!query.data || query.data.dismissed || doneCount === steps.length) return null;

  return (
    <Card role="region" aria-labelledby="first-steps-title">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle id="first-steps-title">Primeiros passos</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            {doneCount} de {steps.length} feitos. Cada item se marca sozinho quando você o conclui.
          </p>
        </div>
        <Button variant="ghost" size="sm" icon={X} disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
          Dispensar
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-2">
          {steps.map(({ key, done }) => (
            <li key={key}>
              <Link
                to={STEPS[key].to}
                className="flex min-h-11 items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {done ? (
                  <CircleCheck aria-hidden className="size-5 shrink-0 text-emerald-600" />
                ) : (
                  <Circle aria-hidden className="size-5 shrink-0 text-slate-400" />
                )}
                <span className={done ? "text-slate-500 line-through" : undefined}>{STEPS[key].label}</span>
                <span className="sr-only">{done ? " (feito)" : " (a fazer)"}</span>
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
