import { MSG } from "@clinora/contracts";
import { FormField } from "@/components/ui/form-field";
import { Select, type SelectOption } from "@/components/ui/select";
import { useProfessionalOptions } from "../api/professionals";

/** The select's sentinel for "no professional": sent as null (docs/product/admin.md §5). */
const NONE = "none";

export interface ProfessionalLinkFieldProps {
  id: string;
  value: string | null | undefined;
  onChange: (professionalId: string | null) => void;
  /** The current link, listed even when the selection list cannot be loaded. */
  current?: { id: string; name: string | null } | null;
  error?: string;
}

/** Which professional record a professional user is linked to (offered only for role professional). */
export function ProfessionalLinkField({ id, value, onChange, current, error }: ProfessionalLinkFieldProps) {
  const professionals = useProfessionalOptions();
  const options: SelectOption[] = [{ value: NONE, label: "Nenhum" }];
  for (const p of professionals.data ?? []) options.push({ value: p.id, label: `${p.full_name} · ${p.specialty}` });
  if (current && !options.some((o) => o.value === current.id)) options.push({ value: current.id, label: current.name ?? "Profissional atual" });

  return (
    <FormField
      label="Profissional vinculado"
      htmlFor={id}
      error={error}
      description={professionals.isError ? MSG.professionalsLoadError : "Ligue a conta ao cadastro de um profissional."}
    >
      <Select options={options} value={value ?? NONE} onValueChange={(next) => onChange(next === NONE ? null : next)} />
    </FormField>
  );
}
