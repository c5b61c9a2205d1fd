/**
 * What a mutation changed that other domains show: a mutation declares it (`useResourceMutation({ changes })`) and
 * app/data-changes.ts names the queries it touches, so a feature refreshes another domain's data without importing it
 * (docs/decisions/037).
 */
export type DataChange =
  /** A patient's name, phone or e-mail changed: appointments, tasks and conversations show them. */
  | "patient.changed"
  /** A patient was anonymised: their name leaves appointments, tasks and conversations. */
  | "patient.anonymised"
  /** An appointment was booked, moved, cancelled or answered: the patients' "Próxima" and "Última" follow it. */
  | "appointment.changed"
  /** A professional was given her login (her profile's "Acesso"): the users' lists, and the panel itself, show it. */
  | "professional.access_granted";

/** The changes a mutation declared, from its meta (anything else is ignored). */
export function changesOf(meta: Record<string, unknown> | undefined): DataChange[] {
  const changes = meta?.changes;
  return Array.isArray(changes) ? (changes as DataChange[]) : [];
}
