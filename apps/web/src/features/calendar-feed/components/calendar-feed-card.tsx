import { CalendarPlus, RotateCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/loading-state";
import { formatDateTimeLong } from "@/lib/format";
import { useCalendarFeed, useRegenerateCalendarFeed } from "../api/calendar-feed";

/**
 * The private iCalendar link (docs/decisions/015): for the iPhone, Outlook or any app that subscribes by URL, with
 * or without Google. Only the link's hash is kept on the server, so its address shows right after it is made;
 * later, making a new one is how to copy it again (and the old one stops working).
 */
export function CalendarFeedCard() {
  const { data, isLoading } = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const url = data?.url ?? null;

  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle icon={CalendarPlus}>Link da agenda (iCalendar)</CardTitle>
        <CardDescription>
          Assine este link no calendário do celular (iPhone, Outlook, Google) para ver seus próximos compromissos. Ele mostra
          só o tipo de consulta e o primeiro nome do paciente. Não compartilhe: quem tiver o link vê a sua agenda.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? <LoadingState text="Carregando..." className="py-4" /> : null}
        {url ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input readOnly value={url} aria-label="Link da agenda" onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
            <CopyButton value={url} label="Copiar" />
          </div>
        ) : null}
        {url ? (
          <p className="mt-2 text-sm">
            {/* webcal: opens the subscription dialog of the phone's calendar app (iPhone, macOS, Outlook). */}
            <a className="font-medium text-brand-700 underline" href={url.replace(/^https?:/, "webcal:")}>
              Assinar no calendário deste aparelho
            </a>
          </p>
        ) : null}
        {!isLoading && !url && data?.active ? (
          <p className="text-sm text-slate-600">
            Link ativo desde {formatDateTimeLong(data.created_at)}. Por segurança o endereço só aparece quando é gerado; gere um
            novo para copiar de novo (o anterior deixa de funcionar).
          </p>
        ) : null}
        {!isLoading && !data?.active ? <p className="text-sm text-slate-600">Nenhum link gerado ainda.</p> : null}
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant={data?.active ? "outline" : "primary"} disabled={regenerate.isPending || isLoading} onClick={() => (data?.active ? setConfirming(true) : regenerate.mutate())}>
          <RotateCw aria-hidden className={regenerate.isPending ? "animate-spin" : undefined} />
          {data?.active ? "Gerar novo link" : "Gerar link"}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Gerar um novo link?"
        description="O link atual deixa de funcionar: calendários que o assinaram param de receber seus compromissos até você assinar o novo."
        confirmLabel="Gerar novo link"
        onConfirm={() => regenerate.mutateAsync()}
      />
    </Card>
  );
}
