import type { Patient } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface PatientOption {
  id: string;
  name: string;
}

/** Same page size as the patients screen (spec part 2 §9). */
const PATIENT_OPTIONS_LIMIT = 100;

/** The professional's patients by name, to link a task to one or filter the list by one. */
export async function fetchPatientOptions(signal?: AbortSignal): Promise<PatientOption[]> {
  const page = await api.get<{ items: Patient[] }>("/patients", {
    query: { per_page: PATIENT_OPTIONS_LIMIT, sort: "name" },
    signal,
  });
  return page.items.map(({ id, name }) => ({ id, name }));
}

export function patientOptionsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ["task-patient-options"] as const,
    queryFn: ({ signal }) => fetchPatientOptions(signal),
    enabled,
  });
}

export const usePatientOptions = (enabled: boolean) => useQuery(patientOptionsQueryOptions(enabled));
