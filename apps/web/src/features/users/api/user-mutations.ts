import {
  MSG,
  type ProfessionalAccount,
  type ProfessionalAccountCreateInput,
  type User,
  type UserCreateInput,
  type UserUpdateInput,
} from "@clinora/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
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

/** With `cascade`, the user's professional and all its data go too (spec part 1 §7: both flags). */
export function deleteUser(id: string, cascade = false) {
  return api.delete(`/users/${id}`, { query: cascade ? { cascade_professional: true, confirm_cascade: true } : undefined });
}

/** Every change refreshes lists, stats and detail together (they share the root key). */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      toast.success("Usuário criado com sucesso!");
      return invalidate();
    },
    onError: (error) => toast.error(serverDetail(error) ?? MSG.createUserError),
  });
}

export function useCreateProfessionalAccount() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: createProfessionalAccount,
    onSuccess: () => {
      toast.success("Conta profissional criada com sucesso!");
      return invalidate();
    },
    onError: (error) => toast.error(serverDetail(error) ?? MSG.createUserError),
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserUpdateInput }) => updateUser(id, input),
    onSuccess: () => {
      toast.success("Usuário atualizado com sucesso!");
      return invalidate();
    },
    onError: (error) => toast.error(serverDetail(error) ?? MSG.editUserError),
  });
}

/** Notes of the user detail page: the same PUT with the notes field alone (spec part 1 §7). */
export function useSaveUserNotes() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, notes }: { id: string; notes: string }) => updateUser(id, { notes }),
    onSuccess: () => {
      toast.success(MSG.notesSaved);
      return invalidate();
    },
    onError: () => toast.error(MSG.notesSaveError),
  });
}

const suspendReactivateFailed = (error: unknown) =>
  toast.error(MSG.suspendReactivateError, { description: serverDetail(error) ?? MSG.actionError });

export function useSuspendUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => suspendUser(id, reason),
    onSuccess: () => {
      toast.success(MSG.userSuspended);
      return invalidate();
    },
    onError: suspendReactivateFailed,
  });
}

export function useReactivateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => reactivateUser(id),
    onSuccess: () => {
      toast.success(MSG.userReactivated);
      return invalidate();
    },
    onError: suspendReactivateFailed,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: string; cascade: boolean }) => deleteUser(id, cascade),
    onSuccess: () => {
      toast.success(MSG.userDeleted);
      return invalidate();
    },
    onError: (error) => toast.error(serverDetail(error) ?? MSG.deleteUserError),
  });
}

export type BulkUserAction = "activate" | "suspend" | "delete";

/** Spec part 1 §7: bulk suspension uses a fixed reason meaning mass suspension. */
export const MASS_SUSPENSION_REASON = "Suspensão em massa pelo administrador";

const BULK_RUNNERS: Record<BulkUserAction, (id: string) => Promise<unknown>> = {
  activate: reactivateUser,
  suspend: (id) => suspendUser(id, MASS_SUSPENSION_REASON),
  delete: (id) => deleteUser(id),
};

/** Runs the action one user at a time and stops at the first failure (spec part 1 §7). */
export function useBulkUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkUserAction; ids: readonly string[] }) =>
      processOneByOne(ids, BULK_RUNNERS[action]),
    onSuccess: (processed) => toast.success(MSG.usersProcessed(processed)),
    onError: (error) => {
      const stopped = error instanceof StoppedAtFailure ? error : null;
      const reason = serverDetail(stopped?.cause ?? error);
      const progress = stopped ? `${stopped.processed} usuário(s) processado(s) antes da falha.` : null;
      toast.error(MSG.bulkActionError, { description: [reason, progress].filter(Boolean).join(" ") || undefined });
    },
    onSettled: invalidate,
  });
}
