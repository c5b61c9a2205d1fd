import { TWILIO_WEBHOOK_PATH, type Professional, type WhatsappConfig, type WhatsappMetrics } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * The WhatsApp calls read by more than one area (the admin's WhatsApp page, the professional's assistant page,
 * settings): the caller's number and webhook, and the health figures.
 */
export const whatsappKeys = {
  all: ["whatsapp"] as const,
  config: () => ["whatsapp", "config"] as const,
  /** `professionalId` undefined: the caller's own figures (professional) or the platform's (admin). */
  metrics: (professionalId?: string) => ["whatsapp", "metrics", professionalId ?? "all"] as const,
  numbers: () => ["whatsapp", "twilio-numbers"] as const,
};

export function fetchWhatsappConfig(signal?: AbortSignal) {
  return api.get<WhatsappConfig>("/whatsapp/config", { signal });
}

export function whatsappConfigQueryOptions() {
  return queryOptions({ queryKey: whatsappKeys.config(), queryFn: ({ signal }) => fetchWhatsappConfig(signal) });
}

export const useWhatsappConfig = () => useQuery(whatsappConfigQueryOptions());

export function fetchWhatsappMetrics(professionalId: string | undefined, signal?: AbortSignal) {
  return api.get<WhatsappMetrics>("/whatsapp/metrics/overview", { query: { professional_id: professionalId }, signal });
}

export function whatsappMetricsQueryOptions(professionalId?: string) {
  return queryOptions({
    queryKey: whatsappKeys.metrics(professionalId),
    queryFn: ({ signal }) => fetchWhatsappMetrics(professionalId, signal),
  });
}

export const useWhatsappMetrics = (professionalId?: string) => useQuery(whatsappMetricsQueryOptions(professionalId));

/** The central webhook: PUBLIC_URL's when the server knows it, else this site's origin (docs/product/admin.md §2.5). */
export function webhookUrlOf(config: WhatsappConfig | undefined): string {
  return config?.data.webhookUrl ?? `${window.location.origin}${TWILIO_WEBHOOK_PATH}`;
}

/** A professional as the admin's WhatsApp screen lists them (a number's owner, the metrics filter); the screen loads them. */
export type ProfessionalOption = Pick<Professional, "id" | "full_name" | "email">;
