import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { appointmentKeys } from "@/features/appointments/api/appointments";
import { conversationKeys } from "@/features/conversations/api/conversations";
import { patientKeys } from "@/features/patients/api/patients";
import { taskKeys } from "@/features/tasks/api/tasks";
import { userKeys } from "@/features/users/api/users";
import type { DataChange } from "@/lib/data-changes";
import { refreshQueries } from "@/lib/refresh-queries";

/**
 * THE map from what changed to the other domains' queries it touches (docs/decisions/037). The mutation refreshes its
 * own domain through `invalidates`; this map adds the crossings, in one place the app owns, so features never import
 * each other for it.
 */
export const QUERIES_TOUCHED_BY: Record<DataChange, readonly QueryKey[]> = {
  "patient.changed": [appointmentKeys.all, taskKeys.all, conversationKeys.all],
  "patient.anonymised": [appointmentKeys.all, taskKeys.all, conversationKeys.all],
  "appointment.changed": [patientKeys.all],
  "professional.access_granted": [userKeys.all],
};

/** Refreshes the queries the given changes touch (the mutation cache calls it after each successful mutation). */
export async function refreshAfterChanges(queryClient: QueryClient, changes: readonly DataChange[]): Promise<void> {
  await refreshQueries(queryClient, [...new Set(changes.flatMap((change) => QUERIES_TOUCHED_BY[change]))]);
}
