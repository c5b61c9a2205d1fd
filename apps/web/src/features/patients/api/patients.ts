import type { Patient, PatientInputParsed, PATIENT_SORTS } from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

/** Spec part 2 §9: the patients list asks for 100 per page. */
export const PATIENTS_PER_PAGE = 100;

export type PatientSort = (typeof PATIENT_SORTS)[number];

export interface PatientListParams {
  /** Name, phone, email or CPF; the server ignores case and accents. */
  search?: string;
  sort: PatientSort;
}

interface PatientList {
  items: Patient[];
  total: number;
  page: number;
  per_page: number;
}

export const patientKeys = {
  all: ["patients"] as const,
  list: (params: PatientListParams) => ["patients", "list", params] as const,
};

export function fetchPatients(params: PatientListParams, signal?: AbortSignal) {
  return api.get<PatientList>("/patients", { query: { ...params, per_page: PATIENTS_PER_PAGE }, signal });
}

/** `enabled` is false for a user without a professional profile: the list then stays empty (spec part 2 §1). */
export function patientsQueryOptions(params: PatientListParams, enabled: boolean) {
  return queryOptions({
    queryKey: patientKeys.list(params),
    queryFn: ({ signal }) => fetchPatients(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const usePatients = (params: PatientListParams, enabled: boolean) => useQuery(patientsQueryOptions(params, enabled));

export function useCreatePatient() {
  return useResourceMutation({
    mutationFn: (input: PatientInputParsed) => api.post<Patient>("/patients", input),
    invalidates: patientKeys.all,
    success: "Paciente cadastrado com sucesso!",
    failure: "Erro ao salvar paciente",
  });
}

export function useUpdatePatient() {
  return useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: PatientInputParsed }) => api.put<Patient>(`/patients/${id}`, input),
    invalidates: patientKeys.all,
    success: "Paciente atualizado com sucesso!",
    failure: "Erro ao salvar paciente",
  });
}
