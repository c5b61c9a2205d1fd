import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { WhatsappHealthAlert } from "@/features/whatsapp/components/whatsapp-health-alert";
import { WhatsappMetricsOverview } from "@/features/whatsapp/components/whatsapp-metrics-overview";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { Select } from "@/components/ui/select";
import { useErrorToast } from "@/hooks/use-error-toast";
import { cn } from "@/lib/cn";
import { useWhatsappMetrics } from "@/features/whatsapp/api/whatsapp";
import type { ProfessionalOption } from "@/features/professionals/api/professional-options-whatsapp";

const PLATFORM = "all";
const METRICS_FAILED = "Não foi possível carregar os indicadores do WhatsApp.";

/** Health panel of spec part 1 §2.7: the whole platform or one professional, with a refresh action. */
export function WhatsappHealthCard({ professionals }: { professionals: ProfessionalOption[] }) {
  const [scope, setScope] = useState<string>(PLATFORM);
  const metrics = useWhatsappMetrics(scope === PLATFORM ? undefined : scope);
  useErrorToast(metrics.error, METRICS_FAILED);

  const options = [
    { value: PLATFORM, label: "Toda a plataforma" },
    ...professionals.map((p) => ({ value: p.id, label: p.full_name })),
  ];

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle>Saúde da integração</CardTitle>
          <CardDescription>Mensagens das últimas 24 horas e conversas aguardando resposta.</CardDescription>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Select aria-label="Filtrar por profissional" options={options} value={scope} onValueChange={setScope} className="sm:w-64" />
          <Button variant="outline" onClick={() => void metrics.refetch()} disabled={metrics.isFetching}>
            <RefreshCw aria-hidden className={cn(metrics.isFetching && "animate-spin")} />
            Atualizar
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-5" aria-busy={metrics.isFetching}>
        {metrics.isPending ? (
          <LoadingState text="Carregando indicadores..." />
        ) : metrics.isError ? (
          <ErrorState message={METRICS_FAILED} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />
        ) : (
          <>
            <WhatsappHealthAlert metrics={metrics.data} audience="admin" />
            <WhatsappMetricsOverview
              metrics={metrics.data}
              emptyTitle={scope === PLATFORM ? "Nenhum dado de mensagens encontrado" : "Nenhum dado de mensagens encontrado para este profissional"}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
