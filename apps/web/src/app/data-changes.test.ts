import { MutationCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { appointmentKeys } from "@/features/appointments/api/appointments";
import { conversationKeys } from "@/features/conversations/api/conversations";
import { patientKeys } from "@/features/patients/api/patients";
import { professionalAccessKeys } from "@/features/professionals/api/professional-access";
import { taskKeys } from "@/features/tasks/api/tasks";
import { userKeys } from "@/features/users/api/users";
import { changesOf } from "@/lib/data-changes";
import { QUERIES_TOUCHED_BY, refreshAfterChanges } from "./data-changes";

/** A client holding one fresh query of each domain, refreshed by the map the way app/providers.tsx wires it. */
function clientWithData() {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onSuccess: (_d, _v, _c, mutation) => refreshAfterChanges(queryClient, changesOf(mutation.meta)) }),
  });
  const keys: Record<string, QueryKey> = {
    appointments: appointmentKeys.today(),
    tasks: taskKeys.summary(),
    conversations: conversationKeys.lists(),
    patients: patientKeys.choices(""),
    users: userKeys.stats(),
    access: professionalAccessKeys.of("p1"),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { items: [] });
  const stale = () => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated ?? false]));
  return { queryClient, stale };
}

describe("what a change touches in other domains", () => {
  const none = { appointments: false, tasks: false, conversations: false, patients: false, users: false, access: false };
  it.each([
    ["appointments, tasks and conversations when a patient is anonymised", "patient.anonymised", { appointments: true, tasks: true, conversations: true }],
    ["the patients' next and last appointments when an appointment changes", "appointment.changed", { patients: true }],
    ["the users' lists and the professional's Acesso panel when she is given a login", "professional.access_granted", { users: true, access: true }],
  ] as const)("refreshes %s, and nothing else", async (_what, change, touched) => {
    const { queryClient, stale } = clientWithData();
    await refreshAfterChanges(queryClient, [change]);
    expect(stale()).toEqual({ ...none, ...touched });
  });

  it("acts on the changes a successful mutation declares in its meta, as useResourceMutation passes them", async () => {
    const { queryClient, stale } = clientWithData();
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => "ok", meta: { changes: ["patient.changed"] } })
      .execute(undefined);
    expect(stale()).toEqual({ ...none, appointments: true, tasks: true, conversations: true });
  });

  it("refreshes nothing for a mutation that declares no change, or fails", async () => {
    const { queryClient, stale } = clientWithData();
    await queryClient.getMutationCache().build(queryClient, { mutationFn: async () => "ok" }).execute(undefined);
    const failing = queryClient.getMutationCache().build(queryClient, { mutationFn: async () => Promise.reject(new Error("no")), meta: { changes: ["patient.anonymised"] } });
    await expect(failing.execute(undefined)).rejects.toThrow("no");
    expect(stale()).toEqual(none);
  });

  it("names only other domains' roots", () => {
    for (const keys of Object.values(QUERIES_TOUCHED_BY)) for (const key of keys) expect(key).toHaveLength(1);
  });
});
