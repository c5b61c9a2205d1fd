import { DEFAULT_APPOINTMENT_TYPE, type AppointmentReminder, type AppointmentSource, type AppointmentStatus, type PatientResponse } from "@clinora/contracts";
import { format, isValid, parseISO } from "date-fns";
import { BellOff, BellRing, CalendarDays, CalendarX2, Mail, NotebookPen, Pencil, Phone, Timer, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatPhone } from "@/lib/format";
import { pagePath } from "@/lib/page-paths";
import { AppointmentPayment } from "./appointment-payment-slot";
import { AppointmentSourceBadge } from "./appointment-source-badge";
import { AppointmentStatusBadge } from "./appointment-status";
import { PatientResponseBadge } from "./patient-response-badge";

interface PatientContact {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

/**
 * What the card can show. The patient comes either as a `patient` object or as flat `patient_*` fields, and
 * the date/time under their long or short names (docs/product/appointments.md §2.1, §3).
 */
export interface AppointmentCardData {
  status: AppointmentStatus;
  /** With the patient and the start, a concluded appointment offers "Registrar evolução" (docs/product/records.md §6). */
  id?: string;
  patient_id?: string;
  starts_at?: string;
  /** Who booked it ("assistant", "booking_page" are marked); absent where the list does not say (today's agenda). */
  source?: AppointmentSource;
  /** The patient confirmed or cancelled it themselves (a reminder reply or the assistant). */
  patient_response?: PatientResponse | null;
  /** The WhatsApp reminder of its current time; absent where the list does not say (today's agenda). */
  reminder?: AppointmentReminder | null;
  appointment_date?: string;
  date?: string;
  appointment_time?: string;
  time?: string;
  appointment_type?: string;
  type?: string;
  duration?: number | null;
  notes?: string | null;
  patient?: PatientContact | null;
  patient_name?: string | null;
  patient_email?: string | null;
  patient_phone?: string | null;
}

export interface AppointmentCardProps {
  appointment: AppointmentCardData;
  onEdit?: () => void;
  /** Cancels the appointment; not offered once it is cancelled. */
  onDelete?: () => void;
}

/** The moment the card shows; an invalid date/time is logged and replaced by now (docs/product/appointments.md §2.1). */
function startOf(appointment: AppointmentCardData): Date {
  const date = appointment.appointment_date ?? appointment.date ?? format(new Date(), "yyyy-MM-dd");
  const time = (appointment.appointment_time ?? appointment.time ?? "00:00").slice(0, 5);
  const start = parseISO(`${date}T${time}`);
  if (isValid(start)) return start;
  console.error("Data/hora inválida no compromisso:", { date, time });
  return new Date();
}

/** One appointment: date, time, type, status, who booked it, duration, notes and the patient's contacts. */
export function AppointmentCard({ appointment, onEdit, onDelete }: AppointmentCardProps) {
  const start = startOf(appointment);
  const name = appointment.patient?.name ?? appointment.patient_name ?? "Paciente não informado";
  const email = appointment.patient?.email ?? appointment.patient_email;
  const phone = appointment.patient?.phone ?? appointment.patient_phone;
  const type = appointment.appointment_type ?? appointment.type ?? DEFAULT_APPOINTMENT_TYPE;

  return (
    <Card className="@container p-4 transition-shadow hover:shadow-md">
      {/*
        Side by side while the card is at least 16rem wide; a container query's rem follows the text size, so at
        200 % text on a phone time, details and actions stack instead of squeezing the name into a column.
      */}
      <div className="flex flex-col items-start gap-3 @3xs:flex-row">
        <div className="flex w-16 shrink-0 flex-col items-center rounded-lg bg-brand-50 py-2 text-brand-800">
          <span className="sr-only">Horário</span>
          <span className="text-lg leading-none font-semibold tabular-nums">{format(start, "HH:mm")}</span>
          {appointment.duration ? (
            <span className="mt-1 flex items-center gap-0.5 text-xs text-brand-700">
              <Timer aria-hidden className="size-3" />
              {appointment.duration} min
            </span>
          ) : null}
        </div>
        <div className="w-full min-w-0 flex-1 @3xs:w-auto">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 font-semibold break-words text-slate-900">{name}</h3>
            <AppointmentStatusBadge status={appointment.status} />
            <AppointmentSourceBadge source={appointment.source} />
            <PatientResponseBadge response={appointment.patient_response} status={appointment.status} />
            {appointment.id ? <AppointmentPayment appointmentId={appointment.id} variant="badge" /> : null}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">{type}</p>
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <Detail icon={CalendarDays} label="Data">
              {format(start, "dd/MM/yyyy")}
            </Detail>
            {email ? (
              <Detail icon={Mail} label="Email">
                {email}
              </Detail>
            ) : null}
            {phone ? (
              <Detail icon={Phone} label="Telefone">
                {formatPhone(phone)}
              </Detail>
            ) : null}
            {appointment.reminder?.outcome === "sent" ? (
              <Detail icon={BellRing} label="Lembrete">
                Lembrete enviado
              </Detail>
            ) : null}
          </dl>
          {appointment.reminder?.outcome === "skipped" && appointment.status !== "cancelled" ? (
            <p className="mt-2 flex items-start gap-1.5 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
              <BellOff aria-hidden className="mt-px size-3.5 shrink-0 text-amber-600" />
              <span>
                <span className="font-medium">Lembrete não enviado:</span> {appointment.reminder.reason_text ?? "motivo desconhecido."}
              </span>
            </p>
          ) : null}
          {appointment.notes ? <p className="mt-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{appointment.notes}</p> : null}
        </div>
        {onEdit || onDelete || canRecord(appointment) ? (
          <div className="flex shrink-0 gap-1">
            {canRecord(appointment) ? (
              <Button variant="ghost" size="icon" title="Registrar evolução" asChild>
                <Link
                  to={`${pagePath("ProfessionalPatientRecord")}?${new URLSearchParams({ paciente: appointment.patient_id!, compromisso: appointment.id!, inicio: appointment.starts_at! })}`}
                  aria-label={`Registrar evolução de ${name}`}
                >
                  <NotebookPen aria-hidden />
                </Link>
              </Button>
            ) : null}
            {onEdit ? (
              <Button variant="ghost" size="icon" aria-label={`Editar compromisso de ${name}`} onClick={onEdit}>
                <Pencil aria-hidden />
              </Button>
            ) : null}
            {onDelete && appointment.status !== "cancelled" ? (
              <Button variant="ghost" size="icon" aria-label={`Cancelar consulta de ${name}`} title="Cancelar consulta" onClick={onDelete} className="hover:bg-red-50 hover:text-red-600">
                <CalendarX2 aria-hidden />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** A concluded appointment whose patient and start are known: the session can be written in the prontuário. */
function canRecord(appointment: AppointmentCardProps["appointment"]) {
  return appointment.status === "completed" && Boolean(appointment.id && appointment.patient_id && appointment.starts_at);
}

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <dt className="sr-only">{label}</dt>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <dd className="truncate">{children}</dd>
    </div>
  );
}
