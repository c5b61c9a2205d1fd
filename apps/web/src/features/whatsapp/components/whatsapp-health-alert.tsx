import type { WhatsappMetrics } from "@clinora/contracts";
import { Alert } from "@/components/ui/alert";

/** Whose screen the alert is on: the advice differs (docs/product/admin.md §8, docs/product/assistant.md §2). */
export type HealthAudience = "admin" | "professional";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function failureText(n: number, audience: HealthAudience): string {
  return audience === "admin"
    ? `${plural(n, "mensagem falhou", "mensagens falharam")} nas últimas 24 horas. Verifique o status no Twilio e reenvie manualmente.`
    : `${plural(n, "mensagem não foi entregue", "mensagens não foram entregues")} nas últimas 24 horas. Reenvie manualmente ou fale com a equipe Clinora.`;
}

function staleText(n: number, audience: HealthAudience): string {
  const waiting = `${plural(n, "conversa aguarda", "conversas aguardam")} resposta há mais de 2 horas.`;
  return audience === "admin" ? waiting : `${waiting} Faça o acompanhamento em Conversas.`;
}

/** Messages to a number no professional owns (administrators only): they reach no one until it is assigned. */
function unroutedText(n: number, lastNumber: string | null): string {
  const last = lastNumber ? ` (último: ${lastNumber})` : "";
  return `${plural(n, "mensagem recebida", "mensagens recebidas")} em números sem profissional atribuído${last}. Atribua o número a um profissional para que as mensagens cheguem em Conversas.`;
}

export interface WhatsappHealthAlertProps {
  metrics: WhatsappMetrics;
  audience: HealthAudience;
}

/**
 * Shown when messages failed, conversations wait for a reply for more than 2 hours (docs/product/admin.md §4) or messages
 * arrived at a number nobody owns (administrators; always 0 for a professional); destructive when something
 * failed, a warning otherwise. Renders nothing when all is well.
 */
export function WhatsappHealthAlert({ metrics, audience }: WhatsappHealthAlertProps) {
  const failed = metrics.failed_messages;
  const stale = metrics.stale_waiting_conversations;
  const unrouted = metrics.unrouted_inbound;
  if (failed === 0 && stale === 0 && unrouted === 0) return null;
  return (
    <Alert tone={failed > 0 ? "danger" : "warning"} title="Atenção à integração do WhatsApp">
      <ul className="space-y-1">
        {failed > 0 ? <li>{failureText(failed, audience)}</li> : null}
        {stale > 0 ? <li>{staleText(stale, audience)}</li> : null}
        {unrouted > 0 ? <li>{unroutedText(unrouted, metrics.last_unrouted_number)}</li> : null}
      </ul>
    </Alert>
  );
}
