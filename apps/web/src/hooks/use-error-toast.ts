import { useEffect } from "react";
import { toast } from "@/lib/toast";

/**
 * Shows `message` as an error toast each time a query fails (spec part 1 §8 "Erro ao carregar ..."), once per
 * failure rather than on every render. Pass the query's `errorUpdatedAt` as `failedAt`.
 */
export function useErrorToast(isError: boolean, failedAt: number, message: string): void {
  useEffect(() => {
    if (isError) toast.error(message);
  }, [isError, failedAt, message]);
}
