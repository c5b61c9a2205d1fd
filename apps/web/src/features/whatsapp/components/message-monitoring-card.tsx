import { RefreshCw } from "lucide-react";
import { WhatsappHealthAlert } from "@/features/whatsapp/components/whatsapp-health-alert";
import { WhatsappMetricsOverview } from "@/features/whatsapp/components/whatsapp-metrics-overview";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { cn } from "@/lib/cn";
import { useWhatsappMetrics } from "@/features/whatsapp/api/whatsapp";

const METRICS_FAILED = "Não foi possível carregar os indicadores do WhatsApp.";

/** Card 2 of spec part 2 §2.7: the professional's own WhatsApp traffic over the last 24 hours. */
export function MessageMonitoringCard() {
  const metrics = useWhatsappMetrics();
  useErrorToast(metrics.error, METRICS_FAILED);
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle>Monitoramento de mensagens</CardTitle>
          <CardDescription>Últimas 24 horas</CardDescription>
        </div>
        <Button variant="outline" onClick={() => void metrics.refetch()} disabled={metrics.isFetching}>
          <RefreshCw aria-hidden className={cn(metrics.isFetching && "animate-spin")} />
          Atualizar indicadores
        </Button>
      </CardHeader>
      <CardContent className="space-y-5" aria-busy={metrics.isFetching}>
        {metrics.isPending ? (
          <LoadingState text="Carregando indicadores..." />
        ) : metrics.isError ? (
          <ErrorState message={METRICS_FAILED} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />
        ) : (
          <>
            <WhatsappHealthAlert metrics={metrics.data} audience="professional" />
            <WhatsappMetricsOverview metrics={metrics.data} emptyTitle="Nenhum dado de mensagens encontrado para este número" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
