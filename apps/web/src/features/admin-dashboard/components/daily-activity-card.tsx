import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { CHART_DAYS, useDailyActivity } from "../api/admin-dashboard";
import { DailyActivityChart } from "./daily-activity-chart";

/** The chart under the cards; it fades in after the last card (1.1 s). */
export function DailyActivityCard() {
  const daily = useDailyActivity(CHART_DAYS);
  return (
    <Card className="animate-fade-in-up motion-reduce:animate-none" style={{ animationDelay: "1.2s" }}>
      <CardHeader>
        <CardTitle>Atividade dos últimos {CHART_DAYS} dias</CardTitle>
        <CardDescription>Novos pacientes e consultas agendadas por dia</CardDescription>
      </CardHeader>
      <CardContent aria-busy={daily.isPending}>
        {daily.isPending ? (
          <Skeleton className="h-60 w-full" />
        ) : daily.isError ? (
          <ErrorState message="Não foi possível carregar o gráfico." onRetry={() => void daily.refetch()} retrying={daily.isFetching} />
        ) : (
          <DailyActivityChart days={daily.data} />
        )}
      </CardContent>
    </Card>
  );
}
