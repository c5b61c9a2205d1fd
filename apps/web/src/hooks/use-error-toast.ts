import { useEffect } from "react";
import { toast } from "@/lib/toast";

/**
 * Shows `message` as an error toast whenever `error` becomes set (a query failed). The toast is keyed by its
 * text, so a failing poll updates one toast instead of stacking a new one every few seconds.
 */
export function useErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (error) toast.error(message, { id: message });
  }, [error, message]);
}
