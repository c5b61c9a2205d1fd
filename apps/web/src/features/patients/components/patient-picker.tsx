import { LoaderCircle, UserPlus, UserRound, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PatientCombobox } from "@/features/patients/components/patient-combobox";
import { formatPhone } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useQuickCreatePatient, type PatientChoice } from "../api/patients";

export interface PatientPickerProps {
  /** The chosen patient, or null. */
  value: PatientChoice | null;
  onChange: (patient: PatientChoice | null) => void;
  /** Id of the search box (the field's label points at it). */
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * The shared patient combobox (accent-insensitive search, 300 ms debounce) with a quick creation panel (name
 * required, email and phone optional), docs/product/appointments.md §2.2 and §5.
 */
export function PatientPicker({ value, onChange, id, ...aria }: PatientPickerProps) {
  const [creating, setCreating] = useState(false);
  // Choosing swaps the search box for the chosen card (and Trocar the other way round): the element that had the
  // focus is gone, and the dialog would take it. The focus goes to what replaced it instead (WCAG 2.4.3).
  const focusNext = useRef<"chosen" | "search" | null>(null);
  const chosenButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusNext.current === "chosen" && value) chosenButton.current?.focus();
    if (focusNext.current === "search" && !value) document.getElementById(id)?.focus();
    focusNext.current = null;
  }, [value, id]);
  const choose = (patient: PatientChoice | null) => {
    focusNext.current = patient ? "chosen" : "search";
    onChange(patient);
  };

  if (value) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50/60 px-3 py-2">
        <UserRound aria-hidden className="size-5 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium break-words text-slate-900">{value.name}</p>
          {value.phone || value.email ? (
            <p className="truncate text-xs text-slate-500">{[formatPhone(value.phone), value.email].filter(Boolean).join(" · ")}</p>
          ) : null}
        </div>
        <Button ref={chosenButton} variant="ghost" size="sm" onClick={() => choose(null)} aria-label={`Trocar paciente (${value.name})`}>
          <X aria-hidden />
          Trocar
        </Button>
      </div>
    );
  }

  if (creating) {
    return (
      <QuickPatientForm
        initialName=""
        onCancel={() => setCreating(false)}
        onCreated={(patient) => {
          setCreating(false);
          choose(patient);
        }}
      />
    );
  }

  return (
    <div className="space-y-2">
      <PatientCombobox
        id={id}
        value={null}
        onChange={(patient) => {
          if (patient) choose(patient);
        }}
        placeholder="Buscar paciente pelo nome, telefone ou email"
        showContact
        {...aria}
      />
      <Button variant="link" size="sm" className="h-auto min-h-0 px-0 py-0" onClick={() => setCreating(true)}>
        <UserPlus aria-hidden />
        Cadastrar novo paciente
      </Button>
    </div>
  );
}

interface QuickPatientFormProps {
  initialName: string;
  onCancel: () => void;
  onCreated: (patient: PatientChoice) => void;
}

/** Not a <form>: it sits inside the appointment form, and Enter must create the patient, not the appointment. */
function QuickPatientForm({ initialName, onCancel, onCreated }: QuickPatientFormProps) {
  const [name, setName] = useState(initialName.trim());
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const create = useQuickCreatePatient();

  const submit = async () => {
    if (!name.trim()) {
      toast.error("Nome do paciente é obrigatório");
      return;
    }
    const patient = await create.mutateAsync({ name: name.trim(), email: email.trim() || null, phone: phone.trim() || null }).catch(() => null);
    if (patient) onCreated({ id: patient.id, name: patient.name, email: patient.email, phone: patient.phone });
  };

  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void submit();
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/70 p-3" onKeyDown={submitOnEnter}>
      <legend className="px-1 text-sm font-medium text-slate-700">Novo paciente</legend>
      <div className="space-y-1.5">
        <Label htmlFor="quick-patient-name">
          Nome<span aria-hidden className="ml-0.5 text-red-600">*</span>
        </Label>
        <Input id="quick-patient-name" autoFocus aria-required value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="quick-patient-email">Email</Label>
          <Input id="quick-patient-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="quick-patient-phone">Telefone</Label>
          <Input id="quick-patient-phone" type="tel" placeholder="(11) 98765-4321" value={phone} onChange={(event) => setPhone(event.target.value)} />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={create.isPending}>
          Voltar à busca
        </Button>
        <Button size="sm" onClick={() => void submit()} disabled={create.isPending}>
          {create.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <UserPlus aria-hidden />}
          Criar paciente
        </Button>
      </div>
    </fieldset>
  );
}
