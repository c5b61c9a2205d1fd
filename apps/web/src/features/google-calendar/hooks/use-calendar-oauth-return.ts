import { MSG } from "@clinora/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { refreshQueries } from "@/lib/refresh-queries";
import { toast } from "@/lib/toast";
import { googleCalendarKeys } from "../api/google-calendar";

const RESULT_PARAM = "google_calendar";
const MESSAGE_PARAM = "message";
const TOAST_ID = "google-calendar-oauth-return";

/**
 * After Google sends the browser back (docs/product/google-calendar.md §2): reads `google_calendar` (connected | error) and
 * `message`, shows a toast, then removes both from the address. Answers whether the page was opened that way.
 */
export function useCalendarOAuthReturn(): boolean {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const result = params.get(RESULT_PARAM);
  const message = params.get(MESSAGE_PARAM);

  useEffect(() => {
    if (result !== "connected" && result !== "error") return;
    // A fixed id: the effect may run twice (React's strict mode) before the address is cleaned.
    if (result === "connected") toast.success(MSG.googleCalendarConnected, { id: TOAST_ID });
    else toast.error(message || MSG.googleCalendarConnectError, { id: TOAST_ID });
    void refreshQueries(queryClient, [googleCalendarKeys.status()]);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RESULT_PARAM);
        next.delete(MESSAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [result, message, setParams, queryClient]);

  return result === "connected" || result === "error";
}
