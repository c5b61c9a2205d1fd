import type { AccessLogEntry, ConsentInput, Patient, PatientConsents, PatientExport } from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/download";
import { patientKeys } from "./patients";

interface AccessLogPage {
  items: AccessLogEntry[];
  total: number;
  page: number;
  per_page: number;
}

export const ACCESS_LOG_PER_PAGE = 20;

export function consentsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: patientKeys.consents(patientId),
    queryFn: ({ signal }) => api.get<PatientConsents>(`/patients/${patientId}/consents`, { signal }),
  });
}
export const usePatientConsents = (patientId: string, enabled: boolean) => useQuery({ ...consentsQueryOptions(patientId), enabled });

export function accessLogQueryOptions(patientId: string, page: number) {
  return queryOptions({
    queryKey: patientKeys.accessLog(patientId, page),
    queryFn: ({ signal }) => api.get<AccessLogPage>(`/patients/${patientId}/access-log`, { query: { page, per_page: ACCESS_LOG_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useAccessLog = (patientId: string, page: number, enabled: boolean) => useQuery({ ...accessLogQueryOptions(patientId, page), enabled });


const exportName = (patientId: string, ext: string) => `dados-paciente-${patientId.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}.${ext}`;

export type ExportFormat = "html" | "json";

/** Downloads everything the practice holds about the patient (the server logs the export). */
export function useExportPatient() {
  return useResourceMutation({
    // Registros documentais sigilosos of the prontuário go only when the professional ticks them (docs/product/records.md §6).
    mutationFn: async ({ patientId, format, includeConfidential = false }: { patientId: string; format: ExportFormat; includeConfidential?: boolean }) => {
      const query = includeConfidential ? { include_confidential: "true" } : undefined;
      if (format === "html") {
        const html = await api.get<string>(`/patients/${patientId}/export.html`, { query, timeoutMs: 60_000 });
        saveFile(new Blob([html], { type: "text/html;charset=utf-8" }), exportName(patientId, "html"));
      } else {
        const data = await api.get<PatientExport>(`/patients/${patientId}/export`, { query, timeoutMs: 60_000 });
        saveFile(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), exportName(patientId, "json"));
      }
    },
    // The export is written to the access log, failed or not; the dialog shows its own error.
    invalidates: ({ patientId }) => [patientKeys.privacy(patientId)],
    refreshesAfterFailure: ({ patientId }) => [patientKeys.privacy(patientId)],
  });
}

export function useRecordConsent(patientId: string) {
  return useResourceMutation({
    mutationFn: (input: ConsentInput) => api.post<PatientConsents>(`/patients/${patientId}/consents`, input),
    invalidates: [patientKeys.all],
    success: "Consentimento registrado",
    failure: "Erro ao registrar consentimento",
  });
}

export function useAnonymizePatient(patientId: string) {
  return useResourceMutation({
    mutationFn: () => api.post<Patient>(`/patients/${patientId}/anonymize`, { confirm: true }),
    invalidates: [patientKeys.all],
    changes: ["patient.anonymised"],
    success: "Paciente anonimizado",
    failure: "Erro ao anonimizar paciente",
  });
}
