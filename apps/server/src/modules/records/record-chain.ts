import { createHash } from "node:crypto";
import type { RecordVerifyResult } from "@clinora/contracts";
import type { RecordRow } from "./record.repository";

/** What a finalised entry's hash covers: its content, its author and its place, never its database-only columns. */
type Hashed = Pick<
  RecordRow,
  | "id"
  | "patientId"
  | "appointmentId"
  | "kind"
  | "templateId"
  | "templateVersion"
  | "fields"
  | "freeText"
  | "sessionAt"
  | "visibility"
  | "documentPurpose"
  | "documentRecipient"
  | "authorName"
  | "councilType"
  | "councilNumber"
  | "councilUf"
  | "addendumOf"
  | "addendumReason"
  | "chainSeq"
  | "finalisedAt"
>;

const sortedFields = (fields: Record<string, unknown>) => Object.fromEntries(Object.keys(fields).sort().map((k) => [k, fields[k]]));

/**
 * SHA-256 (hex) over the previous entry's hash and this entry's content as JSON with a fixed key order, so any change
 * to a finalised entry, or to one before it, changes every hash after it (docs/decisions/034).
 */
export function entryHash(entry: Hashed, previousHash: string | null): string {
  const canonical = JSON.stringify([
    previousHash ?? "",
    entry.id,
    entry.patientId,
    entry.appointmentId,
    entry.kind,
    entry.templateId,
    entry.templateVersion,
    sortedFields(entry.fields ?? {}),
    entry.freeText,
    entry.sessionAt.toISOString(),
    entry.visibility,
    entry.documentPurpose,
    entry.documentRecipient,
    entry.authorName,
    entry.councilType,
    entry.councilNumber,
    entry.councilUf,
    entry.addendumOf,
    entry.addendumReason,
    entry.chainSeq,
    entry.finalisedAt?.toISOString() ?? null,
  ]);
  return createHash("sha256").update(canonical, "utf8").digest("hex");
}

/**
 * Recomputes the chains of finalised entries given in patient then chain order, and names every break: a position
 * missing, a previous hash that is not the one before, or a content hash that no longer matches the row.
 */
export function verifyChains(rows: RecordRow[]): RecordVerifyResult {
  const breaks: RecordVerifyResult["breaks"] = [];
  const patientsSeen = new Set<string>();
  let patient: string | null = null;
  let previous: string | null = null;
  let expectedSeq = 1;
  for (const row of rows) {
    if (row.patientId !== patient) {
      patient = row.patientId;
      patientsSeen.add(patient);
      previous = null;
      expectedSeq = 1;
    }
    const at = { patient_id: row.patientId, entry_id: row.id };
    if (row.chainSeq !== expectedSeq) breaks.push({ ...at, reason: `posição ${row.chainSeq ?? "vazia"} onde se esperava ${expectedSeq}` });
    if ((row.previousHash ?? null) !== previous) breaks.push({ ...at, reason: "hash anterior não confere com a entrada anterior" });
    if (row.contentHash !== entryHash(row, row.previousHash)) breaks.push({ ...at, reason: "conteúdo alterado: o hash não confere" });
    previous = row.contentHash;
    expectedSeq = (row.chainSeq ?? expectedSeq) + 1;
  }
  return { patients: patientsSeen.size, entries: rows.length, breaks };
}
