import type { Patient, PatientInputParsed, PATIENT_SORTS, patientSearchItemSchema } from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

/** docs/product/patients.md §9: the patients list asks for 100 per page. */
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

/**
 * Every read of /patients sits under the root key, the pickers and the privacy panel included: any patient change
 * (which invalidates `patientKeys.all`) refreshes them all.
 */
export const patientKeys = {
  all: ["patients"] as const,
  list: (params: PatientListParams) => ["patients", "list", params] as const,
  choices: (search: string) => ["patients", "choices", search] as const,
  privacy: (id: string) => ["patients", "privacy", id] as const,
  consents: (id: string) => ["patients", "privacy", id, "consents"] as const,
  accessLog: (id: string, page: number) => ["patients", "privacy", id, "access-log", page] as const,
  one: (id: string) => ["patients", "one", id] as const,
};

/** One patient by id (the prontuário's page shows whose record it is). */
export const usePatient = (id: string) =>
  useQuery({ queryKey: patientKeys.one(id), queryFn: ({ signal }) => api.get<Patient>(`/patients/${id}`, { signal }), enabled: Boolean(id) });

export function fetchPatients(params: PatientListParams, signal?: AbortSignal) {
  return api.get<PatientList>("/patients", { query: { ...params, per_page: PATIENTS_PER_PAGE }, signal });
}

/** `enabled` is false for a user without a professional profile: the list then stays empty (docs/product/patients.md §1). */
export function patientsQueryOptions(params: PatientListParams, enabled: boolean) {
  return queryOptions({
    queryKey: patientKeys.list(params),
    queryFn: ({ signal }) => fetchPatients(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const usePatients = (params: PatientListParams, enabled: boolean) => useQuery(patientsQueryOptions(params, enabled));

/** A patient as the pickers list it. */
export type PatientChoice = z.infer<typeof patientSearchItemSchema>;

/** The server searches from 2 characters on (docs/product/patients.md §9); below that the first names A-Z are shown. */
export const PATIENT_SEARCH_MIN_LENGTH = 2;
const SEARCH_LIMIT = 20;
const FIRST_PAGE = 50;

/** The server folds accents and case ("deb" finds Débora) and sorts as a Brazilian reads names. */
export function patientChoicesQueryOptions(text: string) {
  const searching = text.length >= PATIENT_SEARCH_MIN_LENGTH;
  return queryOptions({
    queryKey: patientKeys.choices(searching ? text : ""),
    queryFn: async ({ signal }): Promise<PatientChoice[]> => {
      if (searching) return api.get<PatientChoice[]>("/patients/search", { query: { q: text, limit: SEARCH_LIMIT }, signal });
      const page = await api.get<{ items: Patient[] }>("/patients", { query: { sort: "name", per_page: FIRST_PAGE }, signal });
      // Anonymised records are history only: never chosen for something new.
      return page.items.filter((p) => !p.anonymized_at).map(({ id, name, phone, email }) => ({ id, name, phone, email }));
    },
    placeholderData: keepPreviousData,
  });
}

export function useCreatePatient() {
  return useResourceMutation({
    mutationFn: (input: PatientInputParsed) => api.post<Patient>("/patients", input),
    invalidates: [patientKeys.all],
    success: "Paciente cadastrado com sucesso!",
    failure: "Erro ao salvar paciente",
  });
}

export function useUpdatePatient() {
  return useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: PatientInputParsed }) => api.put<Patient>(`/patients/${id}`, input),
    invalidates: [patientKeys.all],
    changes: ["patient.changed"],
    success: "Paciente atualizado com sucesso!",
    failure: "Erro ao salvar paciente",
  });
}

export interface QuickPatientInput {
  name: string;
  /** null when left empty (docs/product/patients.md §5). */
  email: string | null;
  phone: string | null;
}

/** Quick patient creation inside the appointment dialog; the patients' lists and every patient picker show the new name. */
export const useQuickCreatePatient = () =>
  useResourceMutation({
    mutationFn: (input: QuickPatientInput) => api.post<Patient>("/patients", input),
    success: "Paciente criado com sucesso!",
    failure: serverDetailOr("Falha ao criar paciente"),
    invalidates: [patientKeys.all],
  });
