import type { TaskSummary } from "@clinora/contracts";
import { CircleCheck, CircleDashed, Clock, ListTodo, TriangleAlert } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";

/** The five count cards of docs/product/tasks.md §2, over all the professional's tasks. */
export function TaskSummaryCards({ summary, loading }: { summary: TaskSummary | undefined; loading: boolean }) {
  const overdue = summary?.overdue ?? 0;
  return (
    <section aria-label="Resumo das tarefas" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
      <StatCard label="Total" value={summary?.total ?? 0} icon={ListTodo} loading={loading} delay={0} />
      <StatCard label="A fazer" value={summary?.todo ?? 0} icon={CircleDashed} tone="muted" loading={loading} delay={0.1} />
      <StatCard label="Em progresso" value={summary?.in_progress ?? 0} icon={Clock} tone="info" loading={loading} delay={0.2} />
      <StatCard label="Concluídas" value={summary?.done ?? 0} icon={CircleCheck} tone="success" loading={loading} delay={0.3} />
      <StatCard
        label="Vencidas"
        value={overdue}
        icon={TriangleAlert}
        tone={overdue > 0 ? "danger" : "muted"}
        loading={loading}
        delay={0.4}
        className="col-span-2 sm:col-span-1"
      />
    </section>
  );
}
