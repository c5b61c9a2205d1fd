import { REMINDER_LEAD_HOURS, REMINDER_LEAD_LABELS, type ReminderLeadHours, type ReminderSettings } from "@clinora/contracts";
import { BellRing, Save } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { LoadingState } from "@/components/ui/loading-state";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/toast";
import { useReminderSettings, useSaveReminderSettings } from "../api/reminder-settings";

const SAVED = "Lembretes atualizados!";
const SAVE_FAILED = "Erro ao salvar os lembretes";
const LOAD_FAILED = "Não foi possível carregar os lembretes. Tente novamente.";

const LEAD_OPTIONS = REMINDER_LEAD_HOURS.map((hours) => ({ value: String(hours), label: REMINDER_LEAD_LABELS[hours] }));

/** Consultas › Lembretes pelo WhatsApp (docs/decisions/017): on/off, lead time, and what stops reminders from going out. */
export function ReminderSettingsCard() {
  const query = useReminderSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={BellRing}>Lembretes pelo WhatsApp</CardTitle>
        <CardDescription>
          Antes de cada consulta pendente ou confirmada, o paciente recebe um lembrete e pode responder 1 para confirmar ou 2 para
          cancelar. A resposta aparece em Compromissos como &quot;confirmado pelo paciente&quot;.
        </CardDescription>
      </CardHeader>
      {query.data ? (
        <ReminderSettingsForm key={`${query.data.enabled}-${query.data.lead_hours}`} settings={query.data} />
      ) : query.error ? (
        <CardContent>
          <ErrorState message={LOAD_FAILED} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </CardContent>
      ) : (
        <CardContent>
          <LoadingState text="Carregando lembretes..." />
        </CardContent>
      )}
    </Card>
  );
}

function ReminderSettingsForm({ settings }: { settings: ReminderSettings }) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [leadHours, setLeadHours] = useState(String(settings.lead_hours));
  const save = useSaveReminderSettings();
  const changed = enabled !== settings.enabled || Number(leadHours) !== settings.lead_hours;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ enabled, lead_hours: Number(leadHours) as ReminderLeadHours });
      toast.success(SAVED);
    } catch {
      toast.error(SAVE_FAILED);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Switch id="reminders-enabled" checked={enabled} onCheckedChange={setEnabled} />
          <Label htmlFor="reminders-enabled" className="cursor-pointer">
            Enviar lembretes aos pacientes
          </Label>
          <span className={enabled ? "text-sm font-medium text-emerald-700" : "text-sm text-slate-500"}>{enabled ? "Ativado" : "Desativado"}</span>
        </div>
        <div className="max-w-sm">
          <FormField label="Antecedência do lembrete" htmlFor="reminders-lead" description="Consultas marcadas dentro desse prazo recebem o lembrete na hora, se faltar mais de 1 hora.">
            <Select options={LEAD_OPTIONS} value={leadHours} onValueChange={setLeadHours} disabled={!enabled} />
          </FormField>
        </div>
        {!settings.template_configured ? (
          <Alert tone="warning" title="Nenhum modelo de mensagem aprovado está configurado">
            <p>
              O WhatsApp só aceita mensagens iniciadas pelo consultório com um modelo aprovado. Sem ele, o lembrete só é enviado a
              pacientes que escreveram nas últimas 24 horas; os demais ficam sem lembrete, com o motivo indicado em Compromissos. Peça ao
              suporte para configurar o modelo de lembrete.
            </p>
          </Alert>
        ) : null}
        {!settings.sender_assigned ? (
          <Alert tone="warning" title="Nenhum número de WhatsApp atribuído">
            <p>Os lembretes saem do número do consultório. Peça ao suporte para atribuir um número.</p>
          </Alert>
        ) : null}
        <p className="text-xs text-slate-500">O Modo Zen silencia as notificações para você, não os lembretes aos pacientes.</p>
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="submit" disabled={save.isPending || !changed} className="w-full sm:w-auto">
          <Save aria-hidden />
          {save.isPending ? "Salvando..." : "Salvar lembretes"}
        </Button>
      </CardFooter>
    </form>
  );
}
