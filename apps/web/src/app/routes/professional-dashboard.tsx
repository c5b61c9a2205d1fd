import { DEFAULT_TIME_ZONE, type Professional } from "@clinora/contracts";
import { toLocal, weekdayOf } from "@clinora/contracts/zoned-time";
import { CalendarCheck, CircleCheckBig, Clock, Gauge, MapPin, Moon, Stethoscope } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { StatCard } from "@/components/ui/stat-card";
import { useTodayAppointments } from "@/features/appointments/api/appointments";
import { AppointmentCard } from "@/features/appointments/components/appointment-card";
import { NextPatientCard } from "@/features/appointments/components/next-patient-card";
import { UpcomingAppointmentsCard } from "@/features/appointments/components/upcoming-appointments-card";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { useUrgentConversations } from "@/features/conversations/api/conversations";
import { UrgentConversationsCard } from "@/features/conversations/components/urgent-conversations-card";
import { ConfirmationsCard } from "@/features/professional-dashboard/components/confirmations-card";
import { dashboardFigures, greetingFor, greetingName } from "@/features/professional-dashboard/lib/dashboard-figures";
import { ownProfileQueryOptions } from "@/features/professionals/api/own-profile";
import { DashboardToggles } from "@/features/professionals/components/dashboard-toggles";
import { PaymentSummaryCards } from "@/features/payments/components/payment-summary-cards";
import { AppointmentPaymentState } from "@/features/payments/components/appointment-payment-state";
import { FillAppointmentPayment } from "@/features/appointments/components/appointment-payment-slot";
import { FirstStepsCard } from "@/features/professionals/components/first-steps-card";
import { PendingSessionsCard } from "@/features/records/components/pending-sessions-card";
import { RecordsDueCard } from "@/features/records/components/records-due-card";
import { formatLongDate } from "@/lib/format";

/** Before the profile loads: no working day, so no occupancy is made up. */
const NO_HOURS = { business_days: [], business_start: "00:00", business_end: "00:00" };

/** Painel (docs/product/appointments.md §2.1): greeting, toggles, today's figures, next patient and today's agenda. */
export function ProfessionalDashboardPage() {
  const user = useCurrentUser();
  // Always refetched on visit, like today's agenda: the Painel must not show a stale availability.
  const profileQuery = useQuery({ ...ownProfileQueryOptions(), staleTime: 0, retry: false });
  const todayQuery = useTodayAppointments();
  const urgentQuery = useUrgentConversations();

  // docs/product/appointments.md §2.1: a load failure is only logged; the page shows what it has.
  useEffect(() => {
    if (profileQuery.error) console.error("Erro ao carregar o perfil:", profileQuery.error);
    if (todayQuery.error) console.error("Erro ao carregar a agenda de hoje:", todayQuery.error);
    if (urgentQuery.error) console.error("Erro ao carregar as conversas urgentes:", urgentQuery.error);
  }, [profileQuery.error, todayQuery.error, urgentQuery.error]);

  const professional = profileQuery.data ?? user.professional;
  const now = toLocal(new Date(), professional?.timezone ?? DEFAULT_TIME_ZONE);
  const appointments = todayQuery.data ?? [];
  const figures = dashboardFigures(appointments, now.time, weekdayOf(now.date), professional ?? NO_HOURS);
  const loading = profileQuery.isPending || todayQuery.isPending;
  // Modo Zen: a calm Painel, today's agenda and the next patient only (docs/decisions/025-zen-and-availability.md).
  const calm = professional?.zen_mode === true;

  return (
    <>
      <PageHeader
        title="Painel"
        description={
          <>
            <span className="font-medium text-slate-700">
              {greetingFor(now.time)}, {greetingName(professional?.full_name, user.full_name)}!
            </span>{" "}
            {formatLongDate(now.date)}
          </>
        }
        actions={professional ? <DashboardToggles isAvailable={professional.is_available} zenMode={professional.zen_mode} /> : null}
      />

      {loading ? (
        <LoadingState text="Carregando seu painel..." />
      ) : (
        // Columns follow the room the page really has (container queries, in rem): with the browser's text at 200 %
        // the same window gets the narrower layout instead of four cramped figures and a squeezed side column.
        <div className="@container space-y-6">
          <UrgentConversationsCard conversations={urgentQuery.data?.items ?? []} total={urgentQuery.data?.total ?? 0} />
          <FirstStepsCard />
          {professional ? <PracticeLine professional={professional} /> : null}

          {calm ? (
            <p role="status" className="flex items-center gap-2 rounded-lg border border-indigo-100 bg-indigo-50/70 px-4 py-3 text-sm text-indigo-900">
              <Moon aria-hidden className="size-4 shrink-0 text-indigo-600" />
              Modo Zen: indicadores e pendências de confirmação ficam ocultos; só a agenda de hoje e o próximo paciente.
            </p>
          ) : (
            <section aria-label="Indicadores de hoje" className="grid grid-cols-1 gap-3 sm:gap-4 @xs:grid-cols-2 @2xl:grid-cols-4">
              <StatCard label="Consultas hoje" value={figures.today} icon={CalendarCheck} delay={0} />
              <StatCard label="Concluídas" value={figures.completed} icon={CircleCheckBig} tone="success" delay={0.1} />
              <StatCard label="Pendentes" value={figures.pending} icon={Clock} tone="warning" delay={0.2} />
              <StatCard
                label="Ocupação"
                value={figures.occupancy === null ? "—" : `${figures.occupancy}%`}
                icon={Gauge}
                tone="info"
                hint={figures.hours ? `do seu horário, ${figures.hours.start} às ${figures.hours.end}` : "hoje não é dia de atendimento"}
                delay={0.3}
              />
            </section>
          )}
          {calm ? null : (
            <section aria-label="Financeiro do mês">
              <PaymentSummaryCards receipts="when-due" />
            </section>
          )}

          <div className="grid gap-6 @3xl:grid-cols-3">
            <div className="min-w-0 space-y-6 @3xl:order-2">
              <NextPatientCard appointment={figures.next} />
              <PendingSessionsCard />
              <RecordsDueCard />
              {calm ? null : <ConfirmationsCard figures={figures.confirmations} />}
              <UpcomingAppointmentsCard appointments={figures.upcoming} />
            </div>
            <Card className="min-w-0 @3xl:order-1 @3xl:col-span-2">
              <CardHeader>
                <CardTitle>Agenda de hoje</CardTitle>
              </CardHeader>
              <CardContent>
                {appointments.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-slate-200 px-4 py-10 text-center text-sm text-slate-500">
                    Nenhuma consulta agendada para hoje
                  </p>
                ) : (
                  <FillAppointmentPayment component={AppointmentPaymentState}>
                    <ul className="space-y-3">
                      {appointments.map((appointment) => (
                        <li key={appointment.id}>
                          <AppointmentCard appointment={{ ...appointment, date: now.date }} />
                        </li>
                      ))}
                    </ul>
                  </FillAppointmentPayment>
                )}
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </>
  );
}

/** Specialty and address, as the dashboard shows them (docs/product/settings.md §3 "Professional profile"). */
function PracticeLine({ professional }: { professional: Professional }) {
  const place = [professional.clinic_address, [professional.clinic_city, professional.clinic_state].filter(Boolean).join("/")]
    .filter(Boolean)
    .join(" - ");
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
      <span className="inline-flex items-center gap-1.5">
        <Stethoscope aria-hidden className="size-4 shrink-0 text-brand-600" />
        {professional.specialty}
      </span>
      {place ? (
        <span className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden className="size-4 shrink-0 text-brand-600" />
          {place}
        </span>
      ) : null}
    </p>
  );
}
