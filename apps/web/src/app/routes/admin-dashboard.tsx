import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { EMPTY_PLATFORM_STATS, usePlatformStats } from "@/features/admin-dashboard/api/admin-dashboard";
import { DailyActivityCard } from "@/features/admin-dashboard/components/daily-activity-card";
import { PlatformStatGrid } from "@/features/admin-dashboard/components/platform-stat-grid";

/** docs/product/admin.md §2.1: platform figures, zeros when they cannot be loaded. */
export function AdminDashboardPage() {
  const stats = usePlatformStats();
  return (
    <>
      <PageHeader title="Painel" description="Visão geral da plataforma" />
      {stats.isPending ? (
        <LoadingState text="Carregando indicadores..." />
      ) : (
        <div className="space-y-6">
          <PlatformStatGrid stats={stats.data ?? EMPTY_PLATFORM_STATS} />
          <DailyActivityCard />
        </div>
      )}
    </>
  );
}
