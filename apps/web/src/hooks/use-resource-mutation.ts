import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export interface ResourceMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The domain's root key: lists and stats refresh together (components/ui/README.md). */
  invalidates: QueryKey;
  /** Success toast, e.g. 'Lead criado com sucesso!'. */
  success: string;
  /** The spec's generic failure toast (part 1 §8), e.g. 'Erro ao criar lead'. */
  failure: string;
}

/**
 * A create/update/delete call with the spec's toasts. On failure the toast keeps the spec's generic text
 * and shows the server's Portuguese reason under it (a 422 field message, the 409 of a refused delete).
 */
export function useResourceMutation<Variables, Result>({
  mutationFn,
  invalidates,
  success,
  failure,
}: ResourceMutationOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      toast.success(success);
      return queryClient.invalidateQueries({ queryKey: invalidates });
    },
    onError: (error) => toast.error(failure, { description: serverDetail(error) ?? undefined }),
  });
}
