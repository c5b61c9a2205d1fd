import { LoaderCircle, Search, UserPlus, UserRound, X } from "lucide-react";
import { useEffect, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { formatPhone } from "@/lib/format";
import { toast } from "@/lib/toast";
import { PATIENT_SEARCH_MIN_LENGTH, usePatientSearch, useQuickCreatePatient, type PatientOption } from "../api/patients";

export interface PatientPickerProps {
  /** The chosen patient, or null. */
  value: PatientOption | null;
  onChange: (patient: PatientOption | null) => void;
  /** Id of the search box (the field's label points at it). */
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * Patient search (2+ characters, 300 ms debounce, 10 results) with a quick creation panel (name required,
 * email and phone optional), spec part 2 §2.2 and §5.
 */
export function PatientPicker({ value, onChange, id, ...aria }: PatientPickerProps) {
  const [text, setText] = useState("");
  const [creating, setCreating] = useState(false);
  const search = useDebouncedValue(text.trim());
  const results = usePatientSearch(search);

  useEffect(() => {
    if (results.isError) toast.error("Falha ao buscar pacientes");
  }, [results.isError]);

  if (value) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50/60 px-3 py-2">
        <UserRound aria-hidden className="size-5 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{value.name}</p>
          {value.phone || value.email ? (
            <p className="truncate text-xs text-slate-500">{[formatPhone(value.phone), value.email].filter(Boolean).join(" · ")}</p>
          ) : null}
        </div>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Trocar paciente (${value.name})`}>
          <X aria-hidden />
          Trocar
        </Button>
      </div>
    );
  }

  if (creating) {
    return (
      <QuickPatientForm
        initialName={text}
        onCancel={() => setCreating(false)}
        onCreated={(patient) => {
          setCreating(false);
          setText("");
          onChange(patient);
        }}
      />
    );
  }

  const searching = search.length >= PATIENT_SEARCH_MIN_LENGTH;
  const options = searching ? (results.data ?? []) : [];

  return (
    <div className="space-y-2">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          placeholder="Nome, telefone ou email"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
          {...aria}
        />
        {results.isFetching ? (
          <LoaderCircle aria-label="Buscando pacientes" className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-brand-600" />
        ) : null}
      </div>
      {text.trim().length > 0 && text.trim().length < PATIENT_SEARCH_MIN_LENGTH ? (
        <p className="text-xs text-slate-500">Digite pelo menos 2 caracteres para buscar.</p>
      ) : null}
      {options.length > 0 ? (
        <ul aria-label="Pacientes encontrados" className="max-h-52 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          {options.map((patient) => (
            <li key={patient.id}>
              <button
                type="button"
                onClick={() => onChange(patient)}
                className="flex w-full cursor-pointer flex-col items-start px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none"
              >
                <span className="text-sm font-medium text-slate-900">{patient.name}</span>
                {patient.phone || patient.email ? (
                  <span className="text-xs text-slate-500">{[formatPhone(patient.phone), patient.email].filter(Boolean).join(" · ")}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {searching && results.isSuccess && options.length === 0 && !results.isFetching ? (
        <p className="text-sm text-slate-500">Nenhum paciente encontrado.</p>
      ) : null}
      <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setCreating(true)}>
        <UserPlus aria-hidden />
        Cadastrar novo paciente
      </Button>
    </div>
  );
}

interface QuickPatientFormProps {
  initialName: string;
  onCancel: () => void;
  onCreated: (patient: PatientOption) => void;
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
