import { RefreshCw } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { Select } from "@/components/ui/select";
import { useErrorToast } from "@/hooks/use-error-toast";
import { cn } from "@/lib/cn";
import { useWhatsappMetrics, type ProfessionalOption } from "../api/whatsapp";
import { WhatsappHealthAlert, type HealthAudience } from "./whatsapp-health-alert";
import { WhatsappMetricsOverview } from "./whatsapp-metrics-overview";

const PLATFORM = "all";
const METRICS_FAILED = "Não foi possível carregar os indicadores do WhatsApp.";

/** Health panel of the admin's WhatsApp page: the whole platform or one professional, with a refresh action. */
export function WhatsappHealthCard({ professionals }: { professionals: ProfessionalOption[] }) {
  const [scope, setScope] = useState<string>(PLATFORM);
  const options = [
    { value: PLATFORM, label: "Toda a plataforma" },
    ...professionals.map((p) => ({ value: p.id, label: p.full_name })),
  ];
  return (
    <HealthCard
      audience="admin"
      title="Saúde da integração"
      description="Mensagens das últimas 24 horas e conversas aguardando resposta."
      refreshLabel="Atualizar"
      professionalId={scope === PLATFORM ? undefined : scope}
      emptyTitle={scope === PLATFORM ? "Nenhum dado de mensagens encontrado" : "Nenhum dado de mensagens encontrado para este profissional"}
      filter={<Select aria-label="Filtrar por profissional" options={options} value={scope} onValueChange={setScope} className="sm:w-64" />}
    />
  );
}

/** 'Monitoramento de mensagens' of the assistant page: the professional's own WhatsApp traffic over the last 24 hours. */
export function MessageMonitoringCard() {
  return (
    <HealthCard
      audience="professional"
      title="Monitoramento de mensagens"
      description="Últimas 24 horas"
      refreshLabel="Atualizar indicadores"
      emptyTitle="Nenhum dado de mensagens encontrado para este número"
    />
  );
}

interface HealthCardProps {
  audience: HealthAudience;
  title: string;
  description: string;
  refreshLabel: string;
  /** One professional's figures (admin); left out, the signed-in professional's own or the whole platform's. */
  professionalId?: string;
  emptyTitle: string;
  /** Shown before the refresh button. */
  filter?: ReactNode;
}

/** The last 24 hours of WhatsApp traffic: the health alert over the figures, and a refresh action. */
function HealthCard({ audience, title, description, refreshLabel, professionalId, emptyTitle, filter }: HealthCardProps) {
  const metrics = useWhatsappMetrics(professionalId);
  useErrorToast(metrics.error, METRICS_FAILED);

  const refresh = (
    <Button variant="outline" onClick={() => void metrics.refetch()} disabled={metrics.isFetching}>
      <RefreshCw aria-hidden className={cn(metrics.isFetching && "animate-spin")} />
      {refreshLabel}
    </Button>
  );
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {filter ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            {filter}
            {refresh}
          </div>
        ) : (
          refresh
        )}
      </CardHeader>
      <CardContent className="space-y-5" aria-busy={metrics.isFetching}>
        {metrics.isPending ? (
          <LoadingState text="Carregando indicadores..." />
        ) : metrics.isError ? (
          <ErrorState message={METRICS_FAILED} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />
        ) : (
          <>
            <WhatsappHealthAlert metrics={metrics.data} audience={audience} />
            <WhatsappMetricsOverview metrics={metrics.data} emptyTitle={emptyTitle} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
