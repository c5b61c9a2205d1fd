import { MSG, type CalendarStatus } from "@clinora/contracts";
import { CalendarDays, CircleAlert, Link2, RefreshCw, Unlink } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { formatDateTimeLong } from "@/lib/format";
import { useCalendarStatus, useConnectCalendar, useDisconnectCalendar, useSyncCalendar } from "../api/google-calendar";
import { calendarViewState } from "../lib/calendar-state";
import { BusyCalendarsSection } from "./busy-calendars-section";

/** Google Calendar tab (docs/product/google-calendar.md §2, §4): one-way sync from Clinora to the professional's calendar. */
export function GoogleCalendarPanel() {
  const { data, error, refetch, isFetching } = useCalendarStatus();
  const state = calendarViewState(data, error);
  const connect = useConnectCalendar();
  const sync = useSyncCalendar();
  const disconnect = useDisconnectCalendar();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  useErrorToast(state === "unavailable" ? error : null, MSG.googleCalendarStatusError);

  const notConfigured = state === "not_configured";
  const connected = state === "connected";

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle icon={CalendarDays}>Google Calendar</CardTitle>
          <CalendarBadge state={state} />
        </div>
        <CardDescription>
          Envia seus compromissos do Clinora para a sua agenda do Google. A sincronização é de mão única: o que
          mudar no Google não volta para o Clinora.
        </CardDescription>
      </CardHeader>

      <CardContent>
        {state === "loading" ? <LoadingState text="Verificando integração..." className="py-8" /> : null}
        {state === "unavailable" ? (
          <ErrorState message={MSG.googleCalendarStatusError} onRetry={() => void refetch()} retrying={isFetching} className="py-8" />
        ) : null}
        {notConfigured ? <NotConfiguredNotice /> : null}
        {data && state === "disconnected" ? <DisconnectedDetails status={data} /> : null}
        {data && connected ? <ConnectedDetails status={data} /> : null}
      </CardContent>

      {state === "loading" || state === "unavailable" ? null : (
        <CardFooter className="flex-col-reverse items-stretch sm:flex-row sm:justify-end">
          {connected ? (
            <>
              <Button variant="outline" onClick={() => setConfirmingDisconnect(true)} disabled={disconnect.isPending}>
                <Unlink aria-hidden />
                Desconectar
              </Button>
              <Button onClick={() => sync.mutate()} disabled={sync.isPending}>
                <RefreshCw aria-hidden className={sync.isPending ? "animate-spin" : undefined} />
                {sync.isPending ? "Sincronizando..." : "Sincronizar agora"}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" disabled title={notConfigured ? MSG.googleCalendarNotConfigured : "Conecte a agenda primeiro"}>
                <RefreshCw aria-hidden />
                Sincronizar agora
              </Button>
              <Button onClick={() => connect.mutate()} disabled={notConfigured || connect.isPending}>
                <Link2 aria-hidden />
                {connect.isPending ? "Abrindo o Google..." : data?.status === "error" ? "Reconectar Google Calendar" : "Conectar Google Calendar"}
              </Button>
            </>
          )}
        </CardFooter>
      )}

      <ConfirmDialog
        open={confirmingDisconnect}
        onOpenChange={setConfirmingDisconnect}
        tone="danger"
        title="Desconectar o Google Calendar?"
        description="Os compromissos deixam de ser enviados para a sua agenda. Os eventos já criados no Google continuam lá."
        confirmLabel="Desconectar"
        onConfirm={() => disconnect.mutateAsync()}
      />
    </Card>
  );
}

function CalendarBadge({ state }: { state: ReturnType<typeof calendarViewState> }) {
  if (state === "connected") return <Badge tone="success">Conectado</Badge>;
  if (state === "disconnected") return <Badge tone="neutral">Desconectado</Badge>;
  if (state === "not_configured") return <Badge tone="warning">Não configurado</Badge>;
  return null;
}

function NotConfiguredNotice() {
  return (
    <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-medium">{MSG.googleCalendarNotConfigured}</p>
      <p className="mt-1 text-amber-800">
        A integração com o Google Calendar ainda não foi ativada nesta plataforma. Fale com o suporte do Clinora para
        ativá-la.
      </p>
    </div>
  );
}

function DisconnectedDetails({ status }: { status: CalendarStatus }) {
  if (status.status === "error") {
    return (
      <div role="alert" className="flex gap-2.5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-medium">A conexão com o Google Calendar parou de funcionar. Reconecte para voltar a sincronizar.</p>
          {status.last_error ? <p className="mt-1 text-xs break-words text-red-700">{status.last_error}</p> : null}
          {status.busy_warning ? <p className="mt-1">{status.busy_warning}</p> : null}
        </div>
      </div>
    );
  }
  return (
    <p className="text-sm text-slate-600">
      Nenhuma agenda conectada. Ao conectar, você autoriza o Clinora a criar e atualizar eventos na sua agenda principal do Google.
    </p>
  );
}

function ConnectedDetails({ status }: { status: CalendarStatus }) {
  return (
    <>
      {status.busy_warning ? (
        <Alert tone="warning" className="mb-4">
          {status.busy_warning}
        </Alert>
      ) : null}
      <p className="mb-4 text-sm text-slate-600">
        Cada compromisso criado, alterado ou cancelado no Clinora (também pelo assistente) vai para a sua agenda em
        instantes, com o tipo de consulta e o primeiro nome do paciente. &quot;Sincronizar agora&quot; envia o que ainda
        estiver pendente.
      </p>
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <Detail label="Conta">{status.account_email ?? "Conta Google"}</Detail>
        <Detail label="Fuso horário da agenda">{status.timezone}</Detail>
        <Detail label="Última sincronização">
          {status.last_synced_at ? formatDateTimeLong(status.last_synced_at) : "Ainda não sincronizado"}
        </Detail>
      </dl>
      <BusyCalendarsSection />
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 truncate font-medium text-slate-900">{children}</dd>
    </div>
  );
}
