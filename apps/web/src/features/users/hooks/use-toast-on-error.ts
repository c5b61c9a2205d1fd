import { useEffect } from "react";
import { toast } from "@/lib/toast";

/** Shows `message` as an error toast each time a query turns to error (spec part 1 §8 load failures). */
export function useToastOnError(isError: boolean, message: string) {
  useEffect(() => {
    if (isError) toast.error(message);
  }, [isError, message]);
}
