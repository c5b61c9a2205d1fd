import { MESSAGE_STATUS_LABELS, type RecentFailure, type WhatsappMetrics } from "@clinora/contracts";
import { CheckCheck, Inbox, MessageSquareOff, Send, ServerCrash, TriangleAlert } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { StatCard } from "@/components/ui/stat-card";
import { formatDateTimeLong, formatPhone } from "@/lib/format";

/**
 * Outbound message statuses in delivery order; labels from the spec (docs/product/conversations-and-whatsapp.md §4). "Enviando" (queued) is not
 * counted: it lasts seconds, and the figures are Twilio's outcomes.
 */
const STATUS_BADGES: { status: keyof WhatsappMetrics["status_breakdown"]; tone: BadgeTone }[] = [
  { status: "sent", tone: "info" },
  { status: "delivered", tone: "success" },
  { status: "read", tone: "brand" },
  { status: "failed", tone: "danger" },
];

/** Anything to show: messages, waiting conversations, or background jobs that gave up (even without traffic). */
function hasTraffic(m: WhatsappMetrics): boolean {
  return m.last_message_at !== null || m.inbound_messages + m.outbound_messages + m.waiting_conversations + m.failed_jobs > 0;
}

function InfoTile({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-100">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function FailureItem({ failure }: { failure: RecentFailure }) {
  const phone = failure.phoneNumber ? formatPhone(failure.phoneNumber) : null;
  const contact = failure.patientName ?? phone ?? "Contato desconhecido";
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {contact}
          {failure.patientName && phone ? <span className="block font-normal text-slate-500 sm:ml-2 sm:inline">{phone}</span> : null}
        </p>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{failure.contentPreview ?? "Mensagem sem conteúdo"}</p>
      </div>
      <p className="shrink-0 text-xs text-slate-500">{formatDateTimeLong(failure.sentAt ?? "") || "Sem horário"}</p>
    </li>
  );
}

export interface WhatsappMetricsOverviewProps {
  metrics: WhatsappMetrics;
  /** Title of the empty state when there is no traffic at all. */
  emptyTitle: string;
}

/** The last-24-hours tiles, waiting figures, per-status badges and recent failures (docs/product/assistant.md §2, card 2). */
export function WhatsappMetricsOverview({ metrics, emptyTitle }: WhatsappMetricsOverviewProps) {
  if (!hasTraffic(metrics)) {
    return <EmptyState icon={MessageSquareOff} title={emptyTitle} description="Assim que houver mensagens, os indicadores aparecem aqui." />;
  }
  const failed = metrics.failed_messages;
  return (
    // Sized by its container: the panel is full width on the admin page and narrower on the assistant page.
    <div className="@container space-y-5">
      <div className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
        <StatCard label="Recebidas (24h)" value={metrics.inbound_messages} icon={Inbox} tone="info" />
        <StatCard label="Enviadas (24h)" value={metrics.outbound_messages} icon={Send} />
        <StatCard label="Entregues" value={metrics.delivered_messages} icon={CheckCheck} tone="success" />
        <StatCard label="Falhas" value={failed} icon={TriangleAlert} tone={failed > 0 ? "danger" : "muted"} />
      </div>
      {/* Only when something gave up: always 0 on a professional's own figures. */}
      {metrics.failed_jobs > 0 ? (
        <StatCard
          label="Tarefas em segundo plano com falha"
          value={metrics.failed_jobs}
          icon={ServerCrash}
          tone="danger"
          hint="Envios e respostas automáticas que falharam depois de todas as tentativas."
        />
      ) : null}

      <dl className="grid gap-3 @md:grid-cols-3">
        <InfoTile label="Última mensagem" value={formatDateTimeLong(metrics.last_message_at ?? "") || "Nenhuma mensagem"} />
        <InfoTile label="Conversas aguardando" value={metrics.waiting_conversations} />
        <InfoTile label="Não lidas em espera" value={metrics.unread_waiting_conversations} />
      </dl>

      {/* The assistant's checks that failed or timed out (docs/decisions/030): the reply went out anyway, on the rules alone. */}
      <section aria-labelledby="whatsapp-safety-checks-heading">
        <h3 id="whatsapp-safety-checks-heading" className="text-sm font-medium text-slate-700">
          Verificações de segurança do assistente sem resposta (24h)
        </h3>
        <p className="mt-0.5 text-xs text-slate-500">Falharam ou demoraram mais de 3 segundos; a resposta seguiu só com as regras do assistente.</p>
        <dl className="mt-2 grid gap-3 @md:grid-cols-2">
          <InfoTile label="Checagem de risco" value={metrics.safety_check_failures.risk} />
          <InfoTile label="Segunda opinião" value={metrics.safety_check_failures.second_opinion} />
        </dl>
      </section>

      <section aria-labelledby="whatsapp-status-heading">
        <h3 id="whatsapp-status-heading" className="text-sm font-medium text-slate-700">
          Mensagens enviadas por status (24h)
        </h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {STATUS_BADGES.map(({ status, tone }) => (
            <li key={status}>
              <Badge tone={tone} className="px-3 py-1 text-sm">
                {MESSAGE_STATUS_LABELS[status]}: <span className="font-semibold tabular-nums">{metrics.status_breakdown[status]}</span>
              </Badge>
            </li>
          ))}
        </ul>
      </section>

      {metrics.recent_failures.length > 0 ? (
        <section aria-labelledby="whatsapp-failures-heading">
          <h3 id="whatsapp-failures-heading" className="text-sm font-medium text-slate-700">
            Falhas recentes
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {metrics.recent_failures.map((failure) => (
              <FailureItem key={failure.messageId} failure={failure} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
