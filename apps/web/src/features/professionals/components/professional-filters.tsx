import type { ProfessionalStats } from "@clinora/contracts";
import { SearchInput } from "@/components/ui/search-input";
import { Select, type SelectOption } from "@/components/ui/select";

/** Sentinel of every "all" option: a select option may not carry "" (docs/product/admin.md §5). */
export const ALL = "all";

export type AvailabilityFilter = typeof ALL | "available" | "unavailable";

export interface ProfessionalFilterValues {
  search: string;
  specialty: string;
  city: string;
  availability: AvailabilityFilter;
}

export const NO_PROFESSIONAL_FILTERS: ProfessionalFilterValues = { search: "", specialty: ALL, city: ALL, availability: ALL };

const AVAILABILITY_OPTIONS: SelectOption<AvailabilityFilter>[] = [
  { value: ALL, label: "Todas as disponibilidades" },
  { value: "available", label: "Disponíveis" },
  { value: "unavailable", label: "Indisponíveis" },
];

export interface ProfessionalFiltersProps {
  values: ProfessionalFilterValues;
  onChange: (change: Partial<ProfessionalFilterValues>) => void;
  /** Source of the specialty and city options (docs/product/admin.md §2.2). */
  stats: ProfessionalStats | undefined;
}

export function ProfessionalFilters({ values, onChange, stats }: ProfessionalFiltersProps) {
  const specialtyOptions: SelectOption[] = [
    { value: ALL, label: "Todas as especialidades" },
    ...(stats?.by_specialty ?? []).map(({ specialty }) => ({ value: specialty, label: specialty })),
  ];
  const cityOptions: SelectOption[] = [
    { value: ALL, label: "Todas as cidades" },
    ...(stats?.by_city ?? []).map(({ city }) => ({ value: city, label: city })),
  ];

  return (
    <div className="grid gap-3 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,1.2fr)_repeat(3,minmax(0,1fr))]">
      <SearchInput
        value={values.search}
        onValueChange={(search) => onChange({ search })}
        placeholder="Nome, email ou especialidade"
        aria-label="Buscar profissionais nesta página"
        className="sm:col-span-2 lg:col-span-1"
      />
      <Select aria-label="Especialidade" options={specialtyOptions} value={values.specialty} onValueChange={(specialty) => onChange({ specialty })} />
      <Select aria-label="Cidade" options={cityOptions} value={values.city} onValueChange={(city) => onChange({ city })} />
      <Select
        aria-label="Disponibilidade"
        options={AVAILABILITY_OPTIONS}
        value={values.availability}
        onValueChange={(availability) => onChange({ availability })}
      />
    </div>
  );
}
