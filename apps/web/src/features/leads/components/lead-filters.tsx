import type { LeadStats, LeadStatus } from "@clinora/contracts";
import { SearchInput } from "@/components/ui/search-input";
import { Select, type SelectOption } from "@/components/ui/select";
import { LEAD_STATUS_OPTIONS } from "../lib/lead-status-options";

/** Sentinel of every "all" option: a select option may not carry "" (docs/product/admin.md §5). */
export const ALL = "all";

export interface LeadFilterValues {
  search: string;
  status: typeof ALL | LeadStatus;
  source: string;
}

export const NO_LEAD_FILTERS: LeadFilterValues = { search: "", status: ALL, source: ALL };

const STATUS_FILTER_OPTIONS: SelectOption<typeof ALL | LeadStatus>[] = [
  { value: ALL, label: "Todos os status" },
  ...LEAD_STATUS_OPTIONS,
];

export interface LeadFiltersProps {
  values: LeadFilterValues;
  onChange: (change: Partial<LeadFilterValues>) => void;
  /** Source of the source filter's options (docs/product/admin.md §2.3). */
  stats: LeadStats | undefined;
}

export function LeadFilters({ values, onChange, stats }: LeadFiltersProps) {
  const sourceOptions: SelectOption[] = [
    { value: ALL, label: "Todas as origens" },
    ...(stats?.top_sources ?? []).map(({ source }) => ({ value: source, label: source })),
  ];
  return (
    <div className="grid gap-3 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
      <SearchInput
        value={values.search}
        onValueChange={(search) => onChange({ search })}
        placeholder="Buscar por nome ou contato"
        aria-label="Buscar leads"
        className="sm:col-span-2 lg:col-span-1"
      />
      <Select aria-label="Status" options={STATUS_FILTER_OPTIONS} value={values.status} onValueChange={(status) => onChange({ status })} />
      <Select aria-label="Origem" options={sourceOptions} value={values.source} onValueChange={(source) => onChange({ source })} />
    </div>
  );
}
