import type { TwilioNumber, TwilioNumberCreate, TwilioNumberList, TwilioNumberUpdate } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { serverDetailOr, useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";
import { whatsappKeys } from "./whatsapp";

const PATH = "/admin/whatsapp/twilio-numbers";

export function fetchTwilioNumbers(signal?: AbortSignal) {
  return api.get<TwilioNumberList>(PATH, { signal });
}

export function twilioNumbersQueryOptions() {
  return queryOptions({
    queryKey: whatsappKeys.numbers(),
    queryFn: ({ signal }) => fetchTwilioNumbers(signal),
    select: (answer) => answer.data.numbers,
  });
}

export const useTwilioNumbers = () => useQuery(twilioNumbersQueryOptions());

const SAVE_FAILED = "Não foi possível salvar o número.";

// docs/product/admin.md §8: the server's detail when the answer carries one, else the generic text.
export const useCreateTwilioNumber = () =>
  useResourceMutation({
    mutationFn: (input: TwilioNumberCreate) => api.post<TwilioNumber>(PATH, input),
    success: "Número cadastrado com sucesso!",
    failure: serverDetailOr(SAVE_FAILED),
    invalidates: [whatsappKeys.numbers()],
  });

export const useUpdateTwilioNumber = () =>
  useResourceMutation({
    mutationFn: ({ id, input }: { id: string; input: TwilioNumberUpdate }) => api.put<TwilioNumber>(`${PATH}/${id}`, input),
    success: "Número atualizado com sucesso!",
    failure: serverDetailOr(SAVE_FAILED),
    invalidates: [whatsappKeys.numbers()],
  });

export const useDeleteTwilioNumber = () =>
  useResourceMutation({
    mutationFn: (id: string) => api.delete(`${PATH}/${id}`),
    success: "Número removido com sucesso!",
    failure: serverDetailOr("Não foi possível remover o número."),
    invalidates: [whatsappKeys.numbers()],
  });
