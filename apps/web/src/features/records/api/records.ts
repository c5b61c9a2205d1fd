import {
  CUSTOM_TEMPLATE_PREFIX,
  type AccessLogEntry,
  type ListResponse,
  type RecordAddendumInput,
  type RecordAttachment,
  type RecordDraftUpdate,
  type RecordEntry,
  type RecordEliminationDue,
  type RecordEliminationTermo,
  type RecordEntryInput,
  type RecordKind,
  type RecordPendingSessions,
  type RecordRetention,
  type RecordTemplate,
  type RecordTemplateInput,
  type RecordTemplatesResponse,
} from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/download";

export const RECORDS_PER_PAGE = 20;

/** Every read of the prontuário sits under one root key: a save, a finalisation or an adendo refreshes them all. */
export const recordKeys = {
  all: ["records"] as const,
  templates: ["records", "templates"] as const,
  list: (patientId: string, params: RecordListParams) => ["records", "list", patientId, params] as const,
  retention: (patientId: string) => ["records", "retention", patientId] as const,
  access: (patientId: string, page: number) => ["records", "access", patientId, page] as const,
  pendingSessions: ["records", "pending-sessions"] as const,
};

export interface RecordListParams {
  page: number;
  kind?: RecordKind;
  search?: string;
}

/** One version of the professional's own template: a draft written with an older version continues with it. */
export const useRecordTemplateVersion = (templateId: string | null | undefined, version: number | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ["records", "templates", templateId, version],
    queryFn: ({ signal }) => api.get<RecordTemplate>(`/records/templates/${templateId!.replace(CUSTOM_TEMPLATE_PREFIX, "")}`, { query: { version: version ?? undefined }, signal }),
    enabled: enabled && Boolean(templateId?.startsWith(CUSTOM_TEMPLATE_PREFIX)),
    staleTime: Infinity,
  });

export const useSaveRecordTemplate = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RecordTemplateInput }) =>
      id ? api.put<RecordTemplate>(`/records/templates/${id.replace(CUSTOM_TEMPLATE_PREFIX, "")}`, input) : api.post<RecordTemplate>("/records/templates", input),
    success: "Modelo salvo",
    failure: serverDetailOr("Não foi possível salvar o modelo"),
    invalidates: [recordKeys.templates],
  });

/** Attaches a PDF or image to a draft (the server checks type, size and bytes). */
export const useAttachRecordFile = () =>
  useResourceMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => api.upload<RecordEntry>(`/records/${id}/attachments`, file, { query: { file_name: file.name } }),
    success: "Arquivo anexado",
    failure: serverDetailOr("Não foi possível anexar o arquivo"),
    invalidates: [recordKeys.all],
  });

export const useRemoveRecordFile = () =>
  useResourceMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) => api.delete<RecordEntry>(`/records/${id}/attachments/${fileId}`),
    success: "Arquivo removido",
    failure: serverDetailOr("Não foi possível remover o arquivo"),
    invalidates: [recordKeys.all],
  });

/** Saves one of an entry's files; the server logs the download as an access. */
export const useDownloadRecordFile = () =>
  useResourceMutation({
    mutationFn: async ({ id, file }: { id: string; file: RecordAttachment }) => {
      const blob = await api.file(`/api/records/${id}/attachments/${file.id}?download=1`, { timeoutMs: 120_000 });
      saveFile(blob, file.file_name);
    },
    failure: serverDetailOr("Não foi possível baixar o arquivo"),
    invalidates: [recordKeys.all],
  });

/** Prontuários past retention, for the Painel (docs/product/records.md §7). */
export const useRecordsDueForElimination = () =>
  useQuery({ queryKey: ["records", "elimination-due"], queryFn: ({ signal }) => api.get<RecordEliminationDue>("/records/elimination/due", { signal }), staleTime: 0 });

/** The professional confirms the elimination; the server keeps a termo de eliminação. */
export const useEliminateRecord = () =>
  useResourceMutation({
    mutationFn: (patientId: string) => api.post<RecordEliminationTermo>(`/patients/${patientId}/records/eliminate`, { confirm: true }),
    success: "Prontuário eliminado; o termo de eliminação foi registrado",
    failure: serverDetailOr("Não foi possível eliminar o prontuário"),
    invalidates: [recordKeys.all],
  });

export const useRecordTemplates = () =>
  useQuery({ queryKey: recordKeys.templates, queryFn: ({ signal }) => api.get<RecordTemplatesResponse>("/records/templates", { signal }), staleTime: Infinity });

export function recordsQueryOptions(patientId: string, params: RecordListParams) {
  return queryOptions({
    queryKey: recordKeys.list(patientId, params),
    queryFn: ({ signal }) => api.get<ListResponse<RecordEntry>>(`/patients/${patientId}/records`, { query: { ...params, per_page: RECORDS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useRecords = (patientId: string, params: RecordListParams) => useQuery(recordsQueryOptions(patientId, params));

/** One entry (a draft being continued after a reload). */
export const useRecord = (id: string | null) =>
  useQuery({ queryKey: ["records", "one", id], queryFn: ({ signal }) => api.get<RecordEntry>(`/records/${id}`, { signal }), enabled: Boolean(id) });

/** "Sessões sem evolução" for the Painel: refetched on every visit, an entry written elsewhere drops its session. */
export const usePendingRecordSessions = () =>
  useQuery({ queryKey: recordKeys.pendingSessions, queryFn: ({ signal }) => api.get<RecordPendingSessions>("/records/pending-sessions", { signal }), staleTime: 0 });

export const useRecordRetention = (patientId: string) =>
  useQuery({ queryKey: recordKeys.retention(patientId), queryFn: ({ signal }) => api.get<RecordRetention>(`/patients/${patientId}/records/retention`, { signal }) });

/** "Acessos": the patient's access history, the prontuário's reads included (the server writes one row per read). */
export const useRecordAccess = (patientId: string, page: number) =>
  useQuery({
    queryKey: recordKeys.access(patientId, page),
    queryFn: ({ signal }) => api.get<ListResponse<AccessLogEntry>>(`/patients/${patientId}/access-log`, { query: { page, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
  });

export const createRecord = (patientId: string, input: RecordEntryInput) => api.post<RecordEntry>(`/patients/${patientId}/records`, input);
export const saveRecordDraft = (id: string, input: RecordDraftUpdate) => api.put<RecordEntry>(`/records/${id}`, input);

export const useFinaliseRecord = () =>
  useResourceMutation({
    mutationFn: (id: string) => api.post<RecordEntry>(`/records/${id}/finalise`),
    success: "Entrada finalizada",
    failure: serverDetailOr("Não foi possível finalizar a entrada"),
    invalidates: [recordKeys.all],
  });

export const useAddAddendum = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: RecordAddendumInput }) => api.post<RecordEntry>(`/records/${id}/addenda`, input),
    success: "Adendo registrado",
    failure: serverDetailOr("Não foi possível registrar o adendo"),
    invalidates: [recordKeys.all],
  });

/** The PDF, opened in a new tab to print (`print`) or saved as a file; the server logs it as an access. */
export const usePrintRecord = () =>
  useResourceMutation({
    mutationFn: async ({ patientId, print }: { patientId: string; print: boolean }) => {
      const blob = await api.file(`/api/patients/${patientId}/records.pdf`, { timeoutMs: 60_000 });
      const name = `prontuario-${patientId.slice(0, 8)}.pdf`;
      if (!print) return saveFile(blob, name);
      const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
      window.open(url, "_blank", "noopener");
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    failure: serverDetailOr("Não foi possível gerar o PDF"),
    invalidates: [recordKeys.all],
  });
