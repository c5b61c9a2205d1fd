import { MSG, type GoogleCalendarChoice } from "@clinora/contracts";
import { Link2, Save } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { LoadingState } from "@/components/ui/loading-state";
import { isApiError, serverDetail } from "@/lib/api-client";
import { useConnectCalendar, useGoogleCalendars, useSaveBusyCalendars } from "../api/google-calendar";

/**
 * "Horários ocupados no Google" (docs/decisions/027): the account's calendars, each with a box that makes its busy
 * times block the times Clinora offers (appointment dialog, assistant, web chat, booking page).
 */
export function BusyCalendarsSection() {
  const headingId = useId();
  const { data, error, isPending, refetch, isFetching } = useGoogleCalendars(true);
  const save = useSaveBusyCalendars();
  const connect = useConnectCalendar();
  // 409: the grant predates the calendar-list and free/busy permissions, or Google stopped accepting it.
  const needsConsent = isApiError(error) && error.status === 409;
  const [chosen, setChosen] = useState<Set<string> | null>(null);

  // The boxes start from what the server holds, and again after each save.
  useEffect(() => {
    if (data) setChosen(new Set(data.calendars.filter((c) => c.blocks_busy_times).map((c) => c.id)));
  }, [data]);

  const saved = new Set(data?.calendars.filter((c) => c.blocks_busy_times).map((c) => c.id) ?? []);
  const changed = chosen !== null && (chosen.size !== saved.size || [...chosen].some((id) => !saved.has(id)));

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current ?? []);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {MSG.googleBusyTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{MSG.googleBusyIntro}</p>

      {isPending ? <LoadingState text={MSG.googleBusyLoading} className="py-6" /> : null}
      {error ? (
        <Alert tone="warning" className="mt-3">
          <p>{needsConsent ? MSG.googleBusyNeedsConsent : (serverDetail(error) ?? MSG.googleBusyListError)}</p>
          {needsConsent ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={() => connect.mutate()} disabled={connect.isPending}>
              <Link2 aria-hidden />
              {connect.isPending ? "Abrindo o Google..." : "Permitir acesso às agendas no Google"}
            </Button>
          ) : (
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()} disabled={isFetching}>
              Tentar novamente
            </Button>
          )}
        </Alert>
      ) : null}
      {data && data.calendars.length === 0 ? <p className="mt-3 text-sm text-slate-600">{MSG.googleBusyNoCalendars}</p> : null}
      {data && data.calendars.length > 0 && chosen ? (
        <form
          className="mt-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate([...chosen]);
          }}
        >
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {data.calendars.map((calendar) => (
              <CalendarRow key={calendar.id} calendar={calendar} checked={chosen.has(calendar.id)} onChange={(on) => toggle(calendar.id, on)} />
            ))}
          </ul>
          <div className="mt-3 flex justify-end">
            <Button type="submit" disabled={!changed || save.isPending}>
              <Save aria-hidden />
              {save.isPending ? "Salvando..." : MSG.googleBusySave}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function CalendarRow({ calendar, checked, onChange }: { calendar: GoogleCalendarChoice; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 px-3.5 py-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onChange(state === true)} className="mt-0.5" />
      <label htmlFor={id} className="min-w-0 cursor-pointer text-sm">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-slate-900">{calendar.name}</span>
          {calendar.primary ? <Badge tone="neutral">{MSG.googleBusyPrimary}</Badge> : null}
        </span>
        <span className="mt-0.5 block text-slate-600">{MSG.googleBusyCheckbox}</span>
      </label>
    </li>
  );
}
