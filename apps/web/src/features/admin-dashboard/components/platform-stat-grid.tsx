import type { PlatformStats } from "@clinora/contracts";
import {
  CalendarCheck,
  CalendarDays,
  CalendarSync,
  ListChecks,
  MessageCircle,
  Stethoscope,
  TriangleAlert,
  UserCheck,
  UserPlus,
  UserRoundPlus,
  Users,
  type LucideIcon,
} from "lucide-react";
import { StatCard, type StatCardTone } from "@/components/ui/stat-card";

interface CardSpec {
  label: string;
  value: (s: PlatformStats) => string;
  icon: LucideIcon;
  tone?: (s: PlatformStats) => StatCardTone;
}

const count = (n: number) => n.toLocaleString("pt-BR");

/** The eleven cards of docs/product/admin.md §2.1, in its rows of 2, 3, 3 and 3. */
const ROWS: CardSpec[][] = [
  [
    { label: "Total de profissionais", value: (s) => count(s.total_professionals), icon: Stethoscope },
    { label: "Usuários ativos", value: (s) => count(s.active_users), icon: UserCheck, tone: () => "success" },
  ],
  [
    { label: "Total de pacientes", value: (s) => count(s.total_patients), icon: Users, tone: () => "info" },
    { label: "Consultas hoje", value: (s) => count(s.appointments_today), icon: CalendarCheck },
    { label: "Total de consultas", value: (s) => count(s.total_appointments), icon: CalendarDays, tone: () => "info" },
  ],
  [
    { label: "Novos usuários (7 dias)", value: (s) => count(s.new_users_7_days), icon: UserPlus },
    { label: "Novos pacientes (7 dias)", value: (s) => count(s.new_patients_7_days), icon: UserRoundPlus, tone: () => "info" },
    {
      label: "Alertas do sistema",
      value: (s) => count(s.system_alerts),
      icon: TriangleAlert,
      // Red above 0, grey otherwise (docs/product/admin.md §2.1).
      tone: (s) => (s.system_alerts > 0 ? "danger" : "muted"),
    },
  ],
  [
    { label: "WhatsApp conectados", value: (s) => count(s.whatsapp_connections), icon: MessageCircle, tone: () => "success" },
    { label: "Google Calendar conectados", value: (s) => count(s.google_calendar_connections), icon: CalendarSync, tone: () => "info" },
    { label: "Taxa de conclusão de tarefas", value: (s) => `${count(s.task_completion_rate)}%`, icon: ListChecks },
  ],
];

/** Seconds between two cards fading in: eleven cards from 0 to 1.1 s (docs/product/admin.md §9). */
const STAGGER_SECONDS = 0.11;

/** Position of each row's first card among all eleven. */
const ROW_STARTS = ROWS.map((_, r) => ROWS.slice(0, r).flat().length);

const delayOf = (position: number) => Math.round(position * STAGGER_SECONDS * 100) / 100;

export function PlatformStatGrid({ stats }: { stats: PlatformStats }) {
  return (
    <div className="space-y-4">
      {ROWS.map((row, r) => (
        <div key={row[0]!.label} className={row.length === 2 ? "grid gap-4 sm:grid-cols-2" : "grid gap-4 sm:grid-cols-3"}>
          {row.map((card, c) => (
            <StatCard
              key={card.label}
              label={card.label}
              value={card.value(stats)}
              icon={card.icon}
              tone={card.tone?.(stats) ?? "default"}
              delay={delayOf(ROW_STARTS[r]! + c)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
