import { CalendarPlus, UserCheck, UserX, Users } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";
import { useUserStats } from "../api/users";

/** Total, active, suspended and new in the last 7 days (docs/product/admin.md §2.4). */
export function UserStats() {
  const stats = useUserStats();
  const value = (pick: (s: NonNullable<typeof stats.data>) => number) => (stats.data ? pick(stats.data) : 0);
  const loading = stats.isPending;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total de usuários" value={value((s) => s.total)} icon={Users} loading={loading} delay={0} />
      <StatCard label="Ativos" value={value((s) => s.by_status.active)} icon={UserCheck} tone="success" loading={loading} delay={0.1} />
      <StatCard label="Suspensos" value={value((s) => s.by_status.suspended)} icon={UserX} tone="warning" loading={loading} delay={0.2} />
      <StatCard label="Últimos 7 dias" value={value((s) => s.last_7_days)} icon={CalendarPlus} tone="info" hint="novos usuários" loading={loading} delay={0.3} />
    </div>
  );
}
