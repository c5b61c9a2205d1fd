import type { TwilioNumber, TwilioNumberCreate, TwilioNumberList, TwilioNumberUpdate } from "@clinora/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const PATH = "/admin/whatsapp/twilio-numbers";

export const twilioNumberKeys = {
  all: ["twilio-numbers"] as const,
  list: () => ["twilio-numbers", "list"] as const,
};

export function fetchTwilioNumbers(signal?: AbortSignal) {
  return api.get<TwilioNumberList>(PATH, { signal });
}

export function twilioNumbersQueryOptions() {
  return queryOptions({
    queryKey: twilioNumberKeys.list(),
    queryFn: ({ signal }) => fetchTwilioNumbers(signal),
    select: (answer) => answer.data.numbers,
  });
}

export const useTwilioNumbers = () => useQuery(twilioNumbersQueryOptions());

/** Spec part 1 §8: the server's detail when the answer carries one, else the generic text. */
function useTwilioNumberMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>, success: string, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      toast.success(success);
      return queryClient.invalidateQueries({ queryKey: twilioNumberKeys.all });
    },
    onError: (error) => toast.error(serverDetail(error) ?? failure),
  });
}

const SAVE_FAILED = "Não foi possível salvar o número.";

export const useCreateTwilioNumber = () =>
  useTwilioNumberMutation((input: TwilioNumberCreate) => api.post<TwilioNumber>(PATH, input), "Número cadastrado com sucesso!", SAVE_FAILED);

export const useUpdateTwilioNumber = () =>
  useTwilioNumberMutation(
    ({ id, input }: { id: string; input: TwilioNumberUpdate }) => api.put<TwilioNumber>(`${PATH}/${id}`, input),
    "Número atualizado com sucesso!",
    SAVE_FAILED,
  );

export const useDeleteTwilioNumber = () =>
  useTwilioNumberMutation((id: string) => api.delete(`${PATH}/${id}`), "Número removido com sucesso!", "Não foi possível remover o número.");
