import { useEffect } from "react";
import { toast } from "@/lib/toast";

/** Shows `message` as an error toast each time `failed` turns true, e.g. a query's `isError` (spec part 2 §8). */
export function useErrorToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) toast.error(message);
  }, [failed, message]);
}
