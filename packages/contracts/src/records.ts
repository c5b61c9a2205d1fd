import { z } from "zod";
import { pageQuerySchema } from "./common";
import { foldAccents } from "./text-fold";

/**
 * The prontuário (docs/product/records.md): entries about a patient that only their author reads, locked once
 * finalised, corrected only by adendos.
 */

export const RECORD_KINDS = [
  "entrevista_inicial",
  "anamnese",
  "demanda_objetivos",
  "evolucao",
  "encaminhamento",
  "encerramento",
  "documento_emitido",
  "termo_consentimento",
  "plano_tratamento",
  "avaliacao",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RECORD_KIND_LABELS: Record<RecordKind, string> = {
  entrevista_inicial: "Entrevista inicial",
  anamnese: "Anamnese",
  demanda_objetivos: "Demanda e objetivos",
  evolucao: "Evolução",
  encaminhamento: "Encaminhamento",
  encerramento: "Encerramento",
  documento_emitido: "Documento emitido",
  termo_consentimento: "Termo de consentimento",
  plano_tratamento: "Plano de tratamento",
  avaliacao: "Avaliação",
};

export const RECORD_STATUSES = ["draft", "finalised"] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** "prontuario": part of the patient's export; "sigiloso": a registro documental the export leaves out unless ticked. */
export const RECORD_VISIBILITIES = ["prontuario", "sigiloso"] as const;
export type RecordVisibility = (typeof RECORD_VISIBILITIES)[number];

export const RECORD_PROFESSIONS = ["psicologia", "medicina", "odontologia", "outras"] as const;
export type RecordProfession = (typeof RECORD_PROFESSIONS)[number];

export const RECORD_FIELD_TYPES = ["short_text", "long_text", "choice", "number", "date"] as const;
export type RecordFieldType = (typeof RECORD_FIELD_TYPES)[number];

/** The longest free text or long field an entry takes (a long session note is ~10 000 characters). */
export const RECORD_TEXT_MAX = 50_000;
export const RECORD_SHORT_TEXT_MAX = 300;
/** A draft is finalised on its own this long after the session (docs/product/records.md §4). */
export const RECORD_AUTO_FINALISE_HOURS = 24;
/** Lei 13.787/2018 art. 6: kept 20 years from the last entry. */
export const RECORD_RETENTION_YEARS = 20;

/** Written on every printout and in the product: what the signature is, and no more (no ICP-Brasil, no NGS). */
export const RECORD_SIGNATURE_NOTE = "assinatura eletrônica simples (login, finalização e hash)";
export const RECORD_RETAINED_LABEL = "retido por obrigação legal (Lei 13.787/2018 art. 6; LGPD art. 16, I)";

export interface RecordTemplateField {
  key: string;
  label: string;
  type: RecordFieldType;
  options?: readonly string[];
  required?: boolean;
}

export interface RecordTemplate {
  id: string;
  version: number;
  profession: RecordProfession;
  kind: RecordKind;
  name: string;
  fields: readonly RecordTemplateField[];
  /** Made by the professional. */
  custom?: boolean;
}

const long = (key: string, label: string, required = false): RecordTemplateField => ({ key, label, type: "long_text", required });
const short = (key: string, label: string): RecordTemplateField => ({ key, label, type: "short_text" });

/** The built-in templates, per profession; a change to one is a new version, and an entry keeps the version it used. */
export const BUILT_IN_RECORD_TEMPLATES: readonly RecordTemplate[] = [
  {
    id: "psicologia.entrevista_inicial",
    version: 1,
    profession: "psicologia",
    kind: "entrevista_inicial",
    name: "Entrevista inicial",
    fields: [long("demanda", "Demanda", true), long("objetivos", "Objetivos"), long("historico", "Histórico relevante")],
  },
  {
    id: "psicologia.evolucao",
    version: 1,
    profession: "psicologia",
    kind: "evolucao",
    name: "Evolução",
    fields: [
      { key: "modalidade", label: "Modalidade", type: "choice", options: ["Presencial", "Online"], required: true },
      long("resumo", "Resumo da sessão", true),
      long("intervencoes", "Intervenções e técnicas"),
      long("plano", "Plano"),
    ],
  },
  {
    id: "psicologia.encaminhamento",
    version: 1,
    profession: "psicologia",
    kind: "encaminhamento",
    name: "Encaminhamento",
    fields: [short("destino", "Encaminhado a"), long("motivo", "Motivo", true)],
  },
  {
    id: "psicologia.encerramento",
    version: 1,
    profession: "psicologia",
    kind: "encerramento",
    name: "Encerramento",
    fields: [long("motivo", "Motivo do encerramento", true), long("sintese", "Síntese do processo")],
  },
  {
    id: "medicina.anamnese",
    version: 1,
    profession: "medicina",
    kind: "anamnese",
    name: "Anamnese",
    fields: [
      long("queixa", "Queixa principal", true),
      long("hda", "História da doença atual"),
      long("antecedentes", "Antecedentes"),
      long("medicacoes", "Medicações em uso"),
      short("alergias", "Alergias"),
    ],
  },
  {
    id: "medicina.evolucao",
    version: 1,
    profession: "medicina",
    kind: "evolucao",
    name: "Evolução (SOAP)",
    fields: [long("s", "Subjetivo", true), long("o", "Objetivo"), long("a", "Avaliação"), long("p", "Plano"), short("cid10", "CID-10 (opcional)")],
  },
  {
    id: "odontologia.anamnese",
    version: 1,
    profession: "odontologia",
    kind: "anamnese",
    name: "Anamnese",
    fields: [long("queixa", "Queixa principal", true), long("historico", "Histórico médico e odontológico"), short("alergias", "Alergias")],
  },
  {
    id: "odontologia.plano_tratamento",
    version: 1,
    profession: "odontologia",
    kind: "plano_tratamento",
    name: "Plano de tratamento",
    fields: [long("plano", "Plano", true)],
  },
  {
    id: "odontologia.evolucao",
    version: 1,
    profession: "odontologia",
    kind: "evolucao",
    name: "Evolução por procedimento",
    fields: [short("procedimento", "Procedimento"), short("dentes", "Dente(s) ou região"), long("descricao", "Descrição", true)],
  },
  {
    id: "outras.avaliacao",
    version: 1,
    profession: "outras",
    kind: "avaliacao",
    name: "Avaliação",
    fields: [long("avaliacao", "Avaliação", true), long("objetivos", "Objetivos")],
  },
  {
    id: "outras.evolucao",
    version: 1,
    profession: "outras",
    kind: "evolucao",
    name: "Evolução",
    fields: [long("resumo", "Resumo da sessão", true), long("plano", "Plano")],
  },
];

/** The profession whose templates a professional sees first, from the free-text specialty. */
export function professionOfSpecialty(specialty: string): RecordProfession {
  const s = foldAccents(specialty).toLowerCase();
  if (s.includes("psic")) return s.includes("psiquiat") ? "medicina" : "psicologia";
  if (s.includes("odont") || s.includes("dent")) return "odontologia";
  if (/medic|clinic|cardio|pediat|dermat|ginec|psiquiat|neuro|ortoped|endocrin/.test(s)) return "medicina";
  return "outras";
}

export const recordTemplateSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  profession: z.enum(RECORD_PROFESSIONS),
  kind: z.enum(RECORD_KINDS),
  name: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(RECORD_FIELD_TYPES),
      options: z.array(z.string()).optional(),
      required: z.boolean().optional(),
    }),
  ),
  /** Made by the professional (editable: each change is a new version). */
  custom: z.boolean().optional(),
});
export const recordTemplatesResponseSchema = z.object({ profession: z.enum(RECORD_PROFESSIONS), templates: z.array(recordTemplateSchema) });
export type RecordTemplatesResponse = z.infer<typeof recordTemplatesResponseSchema>;

export const RECORD_MSG = {
  kindInvalid: "Tipo de entrada inválido",
  templateUnknown: "Modelo de prontuário desconhecido",
  templateNotFound: "Modelo não encontrado",
  fieldUnknown: "Campo que o modelo não tem",
  fieldRequired: "Campo obrigatório",
  fieldInvalid: "Valor inválido para este campo",
  textTooLong: `O texto pode ter no máximo ${RECORD_TEXT_MAX.toLocaleString("pt-BR")} caracteres`,
  shortTooLong: `No máximo ${RECORD_SHORT_TEXT_MAX} caracteres`,
  sessionAtInvalid: "Data e hora da sessão inválidas",
  reasonRequired: "Informe o motivo do adendo",
  addendumTextRequired: "Escreva o texto do adendo",
  documentRequired: "Informe a finalidade e o destinatário do documento",
  notFound: "Entrada do prontuário não encontrada",
  locked: "Esta entrada foi finalizada e não pode mais ser alterada; registre um adendo",
  notFinalised: "Só é possível registrar adendo em uma entrada finalizada",
  addendumOfAddendum: "Registre o adendo na entrada original",
  patientNotFound: "Paciente não encontrado",
  appointmentNotFound: "Compromisso não encontrado",
  anonymized: "Este paciente foi anonimizado",
  stillRetained: "O prontuário deste paciente ainda está no prazo de guarda (Lei 13.787/2018) e não pode ser eliminado",
  nothingToEliminate: "Este paciente não tem prontuário a eliminar",
} as const;

/** Values of a template's fields: text, a number, or a date as YYYY-MM-DD; checked against the template by the server. */
export const recordFieldsSchema = z.record(z.string().max(60), z.union([z.string().max(RECORD_TEXT_MAX, RECORD_MSG.textTooLong), z.number(), z.null()]));

const entryBody = {
  template_id: z.string().max(80).nullish(),
  fields: recordFieldsSchema.default({}),
  free_text: z.string().max(RECORD_TEXT_MAX, RECORD_MSG.textTooLong).default(""),
  session_at: z.iso.datetime({ offset: true, error: RECORD_MSG.sessionAtInvalid }),
  visibility: z.enum(RECORD_VISIBILITIES).default("prontuario"),
  document_purpose: z.string().trim().max(RECORD_SHORT_TEXT_MAX, RECORD_MSG.shortTooLong).nullish(),
  document_recipient: z.string().trim().max(RECORD_SHORT_TEXT_MAX, RECORD_MSG.shortTooLong).nullish(),
};

export const recordEntryInputSchema = z
  .object({
    kind: z.enum(RECORD_KINDS, RECORD_MSG.kindInvalid),
    appointment_id: z.uuid("Selecione um compromisso válido").nullish(),
    ...entryBody,
  })
  .strict();
export type RecordEntryInput = z.input<typeof recordEntryInputSchema>;
export type RecordEntryInputParsed = z.output<typeof recordEntryInputSchema>;

/** Saving a draft: the same content, without the patient or appointment (those never move). */
export const recordDraftUpdateSchema = z.object(entryBody).strict();
export type RecordDraftUpdate = z.input<typeof recordDraftUpdateSchema>;
export type RecordDraftUpdateParsed = z.output<typeof recordDraftUpdateSchema>;

export const recordAddendumInputSchema = z
  .object({
    reason: z.string(RECORD_MSG.reasonRequired).trim().min(1, RECORD_MSG.reasonRequired).max(RECORD_SHORT_TEXT_MAX, RECORD_MSG.shortTooLong),
    free_text: z.string(RECORD_MSG.addendumTextRequired).trim().min(1, RECORD_MSG.addendumTextRequired).max(RECORD_TEXT_MAX, RECORD_MSG.textTooLong),
  })
  .strict();
export type RecordAddendumInput = z.input<typeof recordAddendumInputSchema>;

export const recordAuthorSchema = z.object({
  name: z.string(),
  council_type: z.string().nullable(),
  council_number: z.string().nullable(),
  council_uf: z.string().nullable(),
});

const entryShape = {
  id: z.uuid(),
  patient_id: z.uuid(),
  appointment_id: z.uuid().nullable(),
  kind: z.enum(RECORD_KINDS),
  kind_label: z.string(),
  template_id: z.string().nullable(),
  template_version: z.number().int().nullable(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  free_text: z.string(),
  session_at: z.string(),
  visibility: z.enum(RECORD_VISIBILITIES),
  document_purpose: z.string().nullable(),
  document_recipient: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  author: recordAuthorSchema,
  addendum_of: z.uuid().nullable(),
  addendum_reason: z.string().nullable(),
  content_hash: z.string().nullable(),
  previous_hash: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finalised_at: z.string().nullable(),
  /** Locked by the automatic rule rather than by "Finalizar". */
  auto_finalised: z.boolean(),
};
export const recordAddendumSchema = z.object(entryShape);

/** A PDF or image on an entry (docs/product/records.md §3): WhatsApp media's types and 16 MB limit. */
export const recordAttachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
});
export type RecordAttachment = z.infer<typeof recordAttachmentSchema>;
export const recordEntrySchema = z.object({ ...entryShape, addenda: z.array(recordAddendumSchema), attachments: z.array(recordAttachmentSchema).default([]) });
export type RecordEntry = z.infer<typeof recordEntrySchema>;
export type RecordAddendum = z.infer<typeof recordAddendumSchema>;

export const recordListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(RECORD_KINDS, RECORD_MSG.kindInvalid).optional(),
  search: z.string().trim().max(200).optional(),
});
export type RecordListQuery = z.infer<typeof recordListQuerySchema>;

export const recordRetentionSchema = z.object({
  entries: z.number().int(),
  last_entry_at: z.string().nullable(),
  retained_until: z.string().nullable(),
  restricted: z.boolean(),
  label: z.string().nullable(),
});
export type RecordRetention = z.infer<typeof recordRetentionSchema>;

export const recordVerifyResultSchema = z.object({
  patients: z.number().int(),
  entries: z.number().int(),
  breaks: z.array(z.object({ patient_id: z.string(), entry_id: z.string(), reason: z.string() })),
});
export type RecordVerifyResult = z.infer<typeof recordVerifyResultSchema>;

/** How far back the Painel looks for concluded sessions with no entry ("Sessões sem evolução"). */
export const RECORD_PENDING_SESSION_DAYS = 7;

/** A concluded appointment of the last 7 days with no prontuário entry tied to it. */
export const recordPendingSessionSchema = z.object({
  appointment_id: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  appointment_type: z.string(),
  starts_at: z.string(),
});
export type RecordPendingSession = z.infer<typeof recordPendingSessionSchema>;
export const recordPendingSessionsSchema = z.object({ items: z.array(recordPendingSessionSchema), total: z.number().int() });
export type RecordPendingSessions = z.infer<typeof recordPendingSessionsSchema>;

/**
 * The prontuário in the patient's LGPD export (docs/product/records.md §6): every entry with its adendos, authors and
 * times, oldest session first. Registros documentais sigilosos are left out unless the professional ticks them.
 */
export const recordExportSchema = z.object({
  included_confidential: z.boolean(),
  /** How many sigiloso entries were left out (0 when they were included). */
  confidential_left_out: z.number().int(),
  /** Each entry's files travel with their bytes (base64). */
  entries: z.array(recordEntrySchema.extend({ attachments: z.array(recordAttachmentSchema.extend({ data_base64: z.string() })) })),
});
export type RecordExport = z.infer<typeof recordExportSchema>;

/** `?include_confidential=true` on the patient's export: the professional ticked "registros sigilosos". */
export const recordExportQuerySchema = z.object({ include_confidential: z.enum(["true", "false"], "Use true ou false").optional() });

/** Limits of a template the professional makes herself. */
export const RECORD_TEMPLATE_MAX_FIELDS = 30;
export const RECORD_TEMPLATE_MAX_OPTIONS = 20;
export const CUSTOM_TEMPLATE_PREFIX = "custom.";

export const recordTemplateFieldInputSchema = z
  .object({
    /** Kept from the previous version so entries and the new version share the field; made from the label when absent. */
    key: z.string().regex(/^[a-z0-9_]{1,40}$/, "Chave de campo inválida").optional(),
    label: z.string().trim().min(1, "Dê um nome ao campo").max(80, "No máximo 80 caracteres"),
    type: z.enum(RECORD_FIELD_TYPES, "Tipo de campo inválido"),
    options: z.array(z.string().trim().min(1, "Opção vazia").max(80, "No máximo 80 caracteres")).max(RECORD_TEMPLATE_MAX_OPTIONS, `No máximo ${RECORD_TEMPLATE_MAX_OPTIONS} opções`).optional(),
    required: z.boolean().default(false),
  })
  .strict()
  .refine((f) => f.type !== "choice" || (f.options?.length ?? 0) >= 2, { message: "Uma escolha precisa de pelo menos duas opções", path: ["options"] });

export const recordTemplateInputSchema = z
  .object({
    name: z.string().trim().min(1, "Dê um nome ao modelo").max(80, "No máximo 80 caracteres"),
    kind: z.enum(RECORD_KINDS, RECORD_MSG.kindInvalid),
    fields: z
      .array(recordTemplateFieldInputSchema)
      .min(1, "O modelo precisa de pelo menos um campo")
      .max(RECORD_TEMPLATE_MAX_FIELDS, `No máximo ${RECORD_TEMPLATE_MAX_FIELDS} campos`),
  })
  .strict();
export type RecordTemplateInput = z.input<typeof recordTemplateInputSchema>;
export type RecordTemplateInputParsed = z.output<typeof recordTemplateInputSchema>;

/** `?version=N` on one of her templates; the latest when absent. */
export const recordTemplateVersionQuerySchema = z.object({ version: z.coerce.number("Versão inválida").int("Versão inválida").min(1, "Versão inválida").optional() });

/** `?file_name=` of a file attached to a draft (the body is the file, Content-Type its type). */
export const recordAttachmentQuerySchema = z.object({
  file_name: z.string().trim().min(1, "Informe o nome do arquivo.").max(200, "O nome do arquivo pode ter até 200 caracteres."),
});
export const recordAttachmentParamSchema = z.object({ id: z.uuid("Entrada do prontuário não encontrada"), fileId: z.uuid("Arquivo não encontrado") });
export const recordAttachmentDownloadQuerySchema = z.object({ download: z.enum(["0", "1"]).optional() });
export const RECORD_ATTACHMENT_MSG = {
  notFound: "Arquivo não encontrado",
  draftOnly: "Arquivos só podem ser anexados ou removidos enquanto a entrada é rascunho",
} as const;

/** A prontuário past retention, due for the professional's decision (docs/product/records.md §7). */
export const recordEliminationDueSchema = z.object({
  retention_years: z.number().int(),
  items: z.array(z.object({ patient_id: z.string(), patient_name: z.string(), entries: z.number().int(), last_entry_at: z.string(), retained_until: z.string() })),
});
export type RecordEliminationDue = z.infer<typeof recordEliminationDueSchema>;

/** A termo de eliminação: who eliminated which patient's prontuário, when, and how many entries went. */
export const recordEliminationTermoSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  entries: z.number().int(),
  last_entry_at: z.string(),
  eliminated_by: z.string(),
  eliminated_at: z.string(),
});
export type RecordEliminationTermo = z.infer<typeof recordEliminationTermoSchema>;

/** The professional's explicit confirmation: elimination cannot be undone. */
export const recordEliminateInputSchema = z.object({ confirm: z.literal(true, "Confirme que a eliminação não pode ser desfeita") }).strict();
