import type { UserProfessionalOverview } from "@clinora/contracts";
import { CalendarDays, ListTodo, MessagesSquare, Users } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";

/** Patients, appointments, tasks and conversations of the linked professional (docs/product/admin.md §2.6). */
export function ProfessionalCounters({ counters }: { counters: UserProfessionalOverview["counters"] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Pacientes" value={counters.patients} icon={Users} />
      <StatCard label="Consultas" value={counters.appointments} icon={CalendarDays} tone="info" />
      <StatCard label="Tarefas" value={counters.tasks} icon={ListTodo} tone="warning" />
      <StatCard label="Conversas" value={counters.conversations} icon={MessagesSquare} tone="success" />
    </div>
  );
}
