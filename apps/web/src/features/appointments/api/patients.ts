import type { Patient, patientSearchItemSchema } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export type PatientOption = z.infer<typeof patientSearchItemSchema>;

/** Spec part 2 §9: the patient search starts at 2 characters and brings 10 results. */
export const PATIENT_SEARCH_MIN_LENGTH = 2;
export const PATIENT_SEARCH_LIMIT = 10;

export const patientPickerKeys = {
  search: (text: string) => ["appointments", "patient-search", text] as const,
};

export function searchPatients(text: string, signal?: AbortSignal): Promise<PatientOption[]> {
  return api.get<PatientOption[]>("/patients/search", { query: { q: text, limit: PATIENT_SEARCH_LIMIT }, signal });
}

export function patientSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: patientPickerKeys.search(text),
    queryFn: ({ signal }) => searchPatients(text, signal),
    enabled: text.length >= PATIENT_SEARCH_MIN_LENGTH,
  });
}

export const usePatientSearch = (text: string) => useQuery(patientSearchQueryOptions(text));

export interface QuickPatientInput {
  name: string;
  /** null when left empty (spec part 2 §5). */
  email: string | null;
  phone: string | null;
}

/** Quick patient creation inside the appointment dialog. */
export function useQuickCreatePatient() {
  return useMutation({
    mutationFn: (input: QuickPatientInput) => api.post<Patient>("/patients", input),
    onSuccess: () => toast.success("Paciente criado com sucesso!"),
    onError: (error) => toast.error(serverDetail(error) ?? "Falha ao criar paciente"),
  });
}
