import { APPOINTMENT_STATUSES, DEFAULT_TIME_ZONE, type Appointment } from "@clinora/contracts";
import { todayIn } from "@clinora/contracts/zoned-time";
import { CalendarPlus, CalendarX2, Plus } from "lucide-react";
import { lazy, Suspense, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { serverDetail } from "@/lib/api-client";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { toast } from "@/lib/toast";
import { useAppointmentsInPeriod, useCancelAppointment, useRemoveAppointment } from "@/features/appointments/api/appointments";
import { AppointmentListView } from "@/features/appointments/components/appointment-list-view";
import { AppointmentMonthView } from "@/features/appointments/components/appointment-month-view";
import { AppointmentSummaryCards } from "@/features/appointments/components/appointment-summary-cards";
import { AppointmentTimelineView } from "@/features/appointments/components/appointment-timeline-view";
import { AppointmentWeekView } from "@/features/appointments/components/appointment-week-view";
import { CancelAppointmentDialog } from "@/features/appointments/components/cancel-appointment-dialog";
import { RemoveAppointmentDialog } from "@/features/appointments/components/remove-appointment-dialog";
import type { AppointmentFormDialogProps } from "@/features/appointments/components/appointment-form-dialog";
import { FillPatientPicker } from "@/features/appointments/components/patient-picker-slot";
import { FillAppointmentPayment } from "@/features/appointments/components/appointment-payment-slot";
import { AppointmentPaymentState } from "@/features/payments/components/appointment-payment-state";
import { PeriodNavigator } from "@/features/appointments/components/period-navigator";
import { applyStatusFilter, summarize, type StatusFilter } from "@/features/appointments/lib/appointment-filters";
import { APPOINTMENT_VIEWS, periodLabel, periodOf, shiftAnchor, type AppointmentView } from "@/features/appointments/lib/calendar-period";
import { bringIntoView, TODAY_ANCHOR } from "@/features/appointments/lib/today-in-view";

const VIEW_LABELS: Record<AppointmentView, string> = { list: "Lista", timeline: "Linha do tempo", week: "Semana", month: "Mês" };

const FILTER_LABELS: Record<StatusFilter, string> = {
  all: "Todos",
  pending: "Pendentes",
  confirmed: "Confirmados",
  completed: "Concluídos",
  cancelled: "Cancelados",
};
const FILTER_OPTIONS = (["all", ...APPOINTMENT_STATUSES] as const).map((value) => ({ value, label: FILTER_LABELS[value] }));

const NO_APPOINTMENTS: Appointment[] = [];

/**
 * The form (with zod and the shared schemas) loads when the page is first used, not with the list: evaluating it
 * was a long task of the page's load (docs/decisions/019). It is asked for on the first pointer or keyboard use of the page, so
 * it has usually arrived by the time a button is clicked; until then an opened form shows once it has.
 */
const loadFormDialog = () =>
  Promise.all([import("@/features/appointments/components/appointment-form-dialog"), import("@/features/patients/components/patient-picker")]);
/** The form with the patients feature's picker in its patient slot. */
const AppointmentFormDialog = lazy(() =>
  loadFormDialog().then(([form, picker]) => ({
    default: (props: AppointmentFormDialogProps) => (
      <FillPatientPicker component={picker.PatientPicker}>
        <form.AppointmentFormDialog {...props} />
      </FillPatientPicker>
    ),
  })),
);

/** Signs that someone is using the page: the mouse moving over it, a touch, a key, a scroll. */
const FIRST_USE_EVENTS = ["pointerover", "pointerdown", "keydown", "focusin", "scroll"] as const;

/** Starts loading the form at the first use of the page. */
function usePreloadFormOnFirstUse(): void {
  useEffect(() => {
    const preload = () => {
      stop();
      loadFormDialog().catch(() => undefined);
    };
    const stop = () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, preload, { capture: true });
    };
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, preload, { capture: true, passive: true });
    return stop;
  }, []);
}

/** Default length of a new appointment when the profile has none (docs/product/appointments.md §9). */
const FALLBACK_DURATION = 50;

/**
 * The open dialog and its appointment. The appointment outlives `open`, so a closing dialog keeps its texts
 * until its exit animation ends.
 */
interface DialogState {
  kind: "form" | "cancel" | "remove";
  open: boolean;
  /** null: a new appointment. */
  appointment: Appointment | null;
}

/** Compromissos (docs/product/appointments.md §2.2): summary, four views over one period, status filter, create/edit/cancel. */
export function AppointmentsPage() {
  const { professional } = useCurrentUser();
  const today = todayIn(professional?.timezone ?? DEFAULT_TIME_ZONE, new Date());
  const [view, setView] = useState<AppointmentView>("list");
  const [selectedDate, setSelectedDate] = useState(today);
  const [statusFilter, setStatusFilter] = useState<StatusFilter>("all");
  const [dialog, setDialog] = useState<DialogState>({ kind: "form", open: false, appointment: null });
  // Mounted from the first opening on, and then kept, so that it closes with its exit animation as before.
  const [formUsed, setFormUsed] = useState(false);
  usePreloadFormOnFirstUse();

  const period = periodOf(view, selectedDate);
  const query = useAppointmentsInPeriod(period);
  const cancel = useCancelAppointment();
  const remove = useRemoveAppointment();
  // New data renders as a deferred value, in a background render React splits into short tasks, rather than in one
  // long task when it arrives (docs/decisions/019); meanwhile the page keeps what it showed. The list view then adds its days
  // a few at a time.
  const data = useDeferredValue(query.data);
  const loading = data === undefined && !query.isError;
  const all = data ?? NO_APPOINTMENTS;
  const visible = useMemo(() => applyStatusFilter(all, statusFilter), [all, statusFilter]);

  useEffect(() => {
    if (query.isError) toast.error(serverDetail(query.error) ?? "Falha ao carregar compromissos");
  }, [query.isError, query.error]);

  const actions = {
    onEdit: (appointment: Appointment) => openForm(appointment),
    onCancel: (appointment: Appointment) => setDialog({ kind: "cancel", open: true, appointment }),
  };
  function openForm(appointment: Appointment | null) {
    setFormUsed(true);
    setDialog({ kind: "form", open: true, appointment });
  }
  const openNew = () => openForm(null);
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  const label = periodLabel(view, selectedDate);

  // The page opens at today, and "Hoje" brings it back into view, once the views show today's period.
  const [showToday, setShowToday] = useState(true);
  const views = useRef<HTMLDivElement>(null);
  const showsPeriod = data !== undefined && data === query.data && !query.isPlaceholderData;
  useLayoutEffect(() => {
    if (!showToday || !showsPeriod) return;
    const anchor = views.current?.querySelector(`[${TODAY_ANCHOR}]`);
    if (anchor) bringIntoView(anchor, view === "list" ? "start" : "nearest");
    setShowToday(false);
  }, [showToday, showsPeriod, view, visible]);
  const goToToday = () => {
    setSelectedDate(today);
    setShowToday(true);
  };

  const body = () => {
    if (loading) return <LoadingState text="Carregando compromissos..." />;
    if (query.isError) return <ErrorState message="Falha ao carregar compromissos" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return (
      <>
        <TabsContent value="list">
          {visible.length === 0 ? (
            <EmptyState
              icon={CalendarX2}
              title="Nenhum compromisso encontrado"
              description="Não há compromissos neste período com o filtro escolhido."
              action={
                <Button onClick={openNew}>
                  <CalendarPlus aria-hidden />
                  Novo compromisso
                </Button>
              }
            />
          ) : (
            <AppointmentListView appointments={visible} today={today} {...actions} />
          )}
        </TabsContent>
        <TabsContent value="timeline">
          <AppointmentTimelineView appointments={visible} date={selectedDate} isToday={selectedDate === today} onEdit={actions.onEdit} />
        </TabsContent>
        <TabsContent value="week">
          <AppointmentWeekView appointments={visible} selectedDate={selectedDate} today={today} onSelectDate={setSelectedDate} {...actions} />
        </TabsContent>
        <TabsContent value="month">
          <AppointmentMonthView appointments={visible} selectedDate={selectedDate} today={today} onSelectDate={setSelectedDate} {...actions} />
        </TabsContent>
      </>
    );
  };

  const cancelling = dialog.kind === "cancel" ? dialog.appointment : null;

  return (
    <FillAppointmentPayment component={AppointmentPaymentState}>
      <PageHeader
        title="Compromissos"
        description="Sua agenda de consultas em lista, linha do tempo, semana e mês."
        actions={<Button icon={Plus} onClick={openNew}>Novo compromisso</Button>}
      />

      <AppointmentSummaryCards summary={summarize(all)} periodLabel={label} loading={loading} />

      <Tabs value={view} onValueChange={(next) => setView(next as AppointmentView)} className="mt-6">
        <Card className="p-3 sm:p-5">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <TabsList aria-label="Visualização">
              {APPOINTMENT_VIEWS.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {VIEW_LABELS[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            <Select<StatusFilter>
              aria-label="Filtrar por status"
              options={FILTER_OPTIONS}
              value={statusFilter}
              onValueChange={setStatusFilter}
              className="lg:w-48"
            />
          </div>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <PeriodNavigator
              view={view}
              label={label}
              onPrevious={() => setSelectedDate(shiftAnchor(view, selectedDate, -1))}
              onToday={goToToday}
              onNext={() => setSelectedDate(shiftAnchor(view, selectedDate, 1))}
            />
          </div>
        </Card>
        <div ref={views}>{body()}</div>
      </Tabs>

      {formUsed ? (
        <Suspense fallback={null}>
          <AppointmentFormDialog
            open={dialog.kind === "form" && dialog.open}
            onOpenChange={(open) => !open && closeDialog()}
            // While the deletion dialog takes over, the closing form keeps its appointment (no flash of an empty form).
            appointment={dialog.kind !== "cancel" ? dialog.appointment : null}
            defaultDate={selectedDate}
            defaultDuration={professional?.appointment_duration ?? FALLBACK_DURATION}
            timeZone={professional?.timezone ?? DEFAULT_TIME_ZONE}
            onRemove={(appointment) => setDialog({ kind: "remove", open: true, appointment })}
            onSaved={(saved) => {
              closeDialog();
              // Show the day the appointment now sits on.
              setSelectedDate(saved.appointment_date);
            }}
          />
        </Suspense>
      ) : null}

      <CancelAppointmentDialog
        open={dialog.kind === "cancel" && dialog.open}
        onOpenChange={(open) => !open && closeDialog()}
        appointment={cancelling}
        practiceName={professional?.clinic_name?.trim() || professional?.full_name || "a clínica"}
        onConfirm={(input) => cancel.mutateAsync(input)}
      />

      <RemoveAppointmentDialog
        open={dialog.kind === "remove" && dialog.open}
        onOpenChange={(open) => !open && closeDialog()}
        appointment={dialog.kind === "remove" ? dialog.appointment : null}
        onConfirm={(id) => remove.mutateAsync(id)}
      />
    </FillAppointmentPayment>
  );
}
