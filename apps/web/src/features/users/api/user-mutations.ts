import {
  MSG,
  type ProfessionalAccount,
  type ProfessionalAccountCreateInput,
  type User,
  type UserCreateInput,
  type UserUpdateInput,
} from "@clinora/contracts";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { processOneByOne, StoppedAtFailure } from "../lib/process-one-by-one";
import { userKeys } from "./users";

export function createUser(input: UserCreateInput) {
  return api.post<User>("/users/", input);
}

export function createProfessionalAccount(input: ProfessionalAccountCreateInput) {
  return api.post<ProfessionalAccount>("/users/create-professional-account", input);
}

export function updateUser(id: string, input: UserUpdateInput) {
  return api.put<User>(`/users/${id}`, input);
}

export function suspendUser(id: string, reason: string) {
  return api.put<User>(`/users/${id}/suspend`, { reason });
}

export function reactivateUser(id: string) {
  return api.put<User>(`/users/${id}/reactivate`);
}

/** With `cascade`, the user's professional and all its data go too (docs/product/admin.md §7: both flags). */
export function deleteUser(id: string, cascade = false) {
  return api.delete(`/users/${id}`, { query: cascade ? { cascade_professional: true, confirm_cascade: true } : undefined });
}

/** Every change refreshes lists, stats and detail together (they share the root key). */
const refreshUsers = [userKeys.all];

export const useCreateUser = () =>
  useResourceMutation({
    mutationFn: createUser,
    success: "Usuário criado com sucesso!",
    failure: serverDetailOr(MSG.createUserError),
    invalidates: refreshUsers,
  });

export const useCreateProfessionalAccount = () =>
  useResourceMutation({
    mutationFn: createProfessionalAccount,
    success: "Conta profissional criada com sucesso!",
    failure: serverDetailOr(MSG.createUserError),
    invalidates: refreshUsers,
  });

export const useUpdateUser = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: UserUpdateInput }) => updateUser(id, input),
    success: "Usuário atualizado com sucesso!",
    failure: serverDetailOr(MSG.editUserError),
    invalidates: refreshUsers,
  });

/** Notes of the user detail page: the same PUT with the notes field alone (docs/product/admin.md §7). */
export const useSaveUserNotes = () =>
  useResourceMutation({
    mutationFn: ({ id, notes }: { id: string; notes: string }) => updateUser(id, { notes }),
    success: MSG.notesSaved,
    failure: () => toast.error(MSG.notesSaveError),
    invalidates: refreshUsers,
  });

const suspendReactivateFailed = (error: unknown) =>
  toast.error(MSG.suspendReactivateError, { description: serverDetail(error) ?? MSG.actionError });

export const useSuspendUser = () =>
  useResourceMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => suspendUser(id, reason),
    success: MSG.userSuspended,
    failure: suspendReactivateFailed,
    invalidates: refreshUsers,
  });

export const useReactivateUser = () =>
  useResourceMutation({
    mutationFn: (id: string) => reactivateUser(id),
    success: MSG.userReactivated,
    failure: suspendReactivateFailed,
    invalidates: refreshUsers,
  });

export const useDeleteUser = () =>
  useResourceMutation({
    mutationFn: ({ id, cascade }: { id: string; cascade: boolean }) => deleteUser(id, cascade),
    success: MSG.userDeleted,
    failure: serverDetailOr(MSG.deleteUserError),
    invalidates: refreshUsers,
  });

export type BulkUserAction = "activate" | "suspend" | "delete";

/** docs/product/admin.md §7: bulk suspension uses a fixed reason meaning mass suspension. */
export const MASS_SUSPENSION_REASON = "Suspensão em massa pelo administrador";

const BULK_RUNNERS: Record<BulkUserAction, (id: string) => Promise<unknown>> = {
  activate: reactivateUser,
  suspend: (id) => suspendUser(id, MASS_SUSPENSION_REASON),
  delete: (id) => deleteUser(id),
};

/** Runs the action one user at a time and stops at the first failure (docs/product/admin.md §7). */
export const useBulkUserAction = () =>
  useResourceMutation({
    mutationFn: ({ action, ids }: { action: BulkUserAction; ids: readonly string[] }) =>
      processOneByOne(ids, BULK_RUNNERS[action]),
    success: (processed) => MSG.usersProcessed(processed),
    // Users processed before a failure changed too: the lists refresh either way.
    failure: (error) => {
      const stopped = error instanceof StoppedAtFailure ? error : null;
      const reason = serverDetail(stopped?.cause ?? error);
      const progress = stopped ? `${stopped.processed} usuário(s) processado(s) antes da falha.` : null;
      toast.error(MSG.bulkActionError, { description: [reason, progress].filter(Boolean).join(" ") || undefined });
    },
    invalidates: refreshUsers,
    refreshesAfterFailure: refreshUsers,
  });
