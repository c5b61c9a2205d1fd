import type { BookingPageSettings, BookingPageSettingsInput } from "@clinora/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api } from "@/lib/api-client";

export const bookingPageKeys = {
  all: ["booking-page"] as const,
  settings: () => ["booking-page", "settings"] as const,
  qr: (url: string) => ["booking-page", "qr", url] as const,
};

export function fetchBookingPageSettings(signal?: AbortSignal) {
  return api.get<BookingPageSettings>("/booking-page", { signal });
}

export const bookingPageSettingsQueryOptions = () =>
  queryOptions({ queryKey: bookingPageKeys.settings(), queryFn: ({ signal }) => fetchBookingPageSettings(signal) });

export const useBookingPageSettings = () => useQuery(bookingPageSettingsQueryOptions());

/**
 * The QR code of the page's address, as SVG text. It is fetched with the session like any API call (an <img src>
 * could not send it), keyed by the address so a new slug brings a new code.
 */
export function bookingPageQrQueryOptions(url: string) {
  return queryOptions({
    queryKey: bookingPageKeys.qr(url),
    queryFn: ({ signal }) => api.get<string>("/booking-page/qr.svg", { signal }),
    staleTime: Infinity,
  });
}

export const useBookingPageQr = (url: string) => useQuery(bookingPageQrQueryOptions(url));

/** PUT /booking-page: the switch, the address, the booking window and the consultation types offered. */
export const useSaveBookingPageSettings = () =>
  useResourceMutation({
    mutationFn: (input: BookingPageSettingsInput) => api.put<BookingPageSettings>("/booking-page", input),
    onSuccess: (settings, _input, queryClient) => queryClient.setQueryData(bookingPageKeys.settings(), settings),
  });
