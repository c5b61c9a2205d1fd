import type { Patient } from "@clinora/contracts";
import { CalendarCheck, CalendarClock, Cake, Clock, FileText, Mail, MessageSquareOff, NotebookPen, Pencil, Phone, ShieldCheck, StickyNote, UserX } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDate, formatDayMonth, formatPhone } from "@/lib/format";
import { pagePath } from "@/lib/page-paths";

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

function DetailLine({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm text-slate-600">
      <Icon aria-hidden className="size-4 shrink-0 text-slate-400" />
      <span className="min-w-0 truncate">{children}</span>
    </p>
  );
}

export interface PatientCardProps {
  patient: Patient;
  /** "Ver detalhes": the read-only view. */
  onOpen: (patient: Patient) => void;
  /** The pencil: straight to the form. */
  onEdit: (patient: Patient) => void;
  /** Opens the patient's data rights (LGPD): export, consent, access history, anonymisation. */
  onPrivacy: (patient: Patient) => void;
}

/** A patient in the grid of docs/product/patients.md §2: contacts, appointment and record badges, details, actions. */
export function PatientCard({ patient, onOpen, onEdit, onPrivacy }: PatientCardProps) {
  const titleId = `patient-${patient.id}-name`;
  const anonymized = patient.anonymized_at !== null;
  const hasBadges =
    patient.next_appointment || patient.last_appointment || patient.medical_history || patient.notes || anonymized || patient.whatsapp_opted_out;

  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col p-5">
      <div className="flex items-start gap-3">
        <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
          {initialsOf(patient.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold break-words text-slate-900" title={patient.name}>
            {patient.name}
          </h2>
          <p className="text-xs text-slate-500">Cadastrado em {formatDate(patient.created_date)}</p>
        </div>
        <div className="-mt-1 -mr-2 flex">
          <Button variant="ghost" size="icon" aria-label={`Privacidade e dados (LGPD) de ${patient.name}`} title="Privacidade e dados (LGPD)" onClick={() => onPrivacy(patient)}>
            <ShieldCheck aria-hidden />
          </Button>
          {anonymized ? null : (
            <Button variant="ghost" size="icon" aria-label={`Editar ${patient.name}`} onClick={() => onEdit(patient)}>
              <Pencil aria-hidden />
            </Button>
          )}
        </div>
      </div>

      <div className="mt-4 space-y-1.5">
        <DetailLine icon={Phone}>{patient.phone ? formatPhone(patient.phone) : "Sem telefone"}</DetailLine>
        <DetailLine icon={Mail}>{patient.email ?? "Sem email"}</DetailLine>
      </div>

      {hasBadges ? (
        <div className="mt-3 flex flex-wrap gap-1.5">
          {anonymized ? (
            <Badge tone="neutral">
              <UserX aria-hidden />
              Anonimizado
            </Badge>
          ) : null}
          {patient.whatsapp_opted_out && !anonymized ? (
            <Badge tone="danger" title="O paciente pediu para não receber mensagens automáticas no WhatsApp">
              <MessageSquareOff aria-hidden />
              WhatsApp: não enviar
            </Badge>
          ) : null}
          {patient.next_appointment ? (
            <Badge tone="brand" title={`Próxima consulta: ${formatDate(patient.next_appointment.date)} às ${patient.next_appointment.time}`}>
              <CalendarClock aria-hidden />
              Próxima: {formatDayMonth(patient.next_appointment.date)}
            </Badge>
          ) : null}
          {patient.last_appointment ? (
            <Badge tone="neutral" title={`Última consulta realizada: ${formatDate(patient.last_appointment)}`}>
              <CalendarCheck aria-hidden />
              Última: {formatDayMonth(patient.last_appointment)}
            </Badge>
          ) : null}
          {patient.medical_history ? (
            <Badge tone="purple">
              <FileText aria-hidden />
              Histórico
            </Badge>
          ) : null}
          {patient.notes ? (
            <Badge tone="warning">
              <StickyNote aria-hidden />
              Notas
            </Badge>
          ) : null}
        </div>
      ) : null}

      {patient.birth_date || patient.preferred_time ? (
        <div className="mt-3 space-y-1.5 border-t border-slate-100 pt-3">
          {patient.birth_date ? <DetailLine icon={Cake}>Nascimento: {formatDate(patient.birth_date)}</DetailLine> : null}
          {patient.preferred_time ? <DetailLine icon={Clock}>Horário preferido: {patient.preferred_time}</DetailLine> : null}
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button variant="outline" className="flex-1" onClick={() => (anonymized ? onPrivacy(patient) : onOpen(patient))} aria-label={`Ver detalhes de ${patient.name}`}>
          Ver detalhes
        </Button>
        <Button variant="outline" className="flex-1" icon={NotebookPen} asChild>
          <Link to={`${pagePath("ProfessionalPatientRecord")}?paciente=${patient.id}`} aria-label={`Prontuário de ${patient.name}`}>
            Prontuário
          </Link>
        </Button>
      </div>
    </Card>
  );
}
