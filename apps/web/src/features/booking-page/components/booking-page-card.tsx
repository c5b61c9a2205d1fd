import {
  BOOKING_DAYS_AHEAD_MAX,
  BOOKING_MIN_NOTICE_MAX_HOURS,
  BOOKING_SLUG_MAX_LENGTH,
  BOOKING_TYPE_DURATION_MAX,
  BOOKING_TYPE_DURATION_MIN,
  BOOKING_TYPE_NAME_MAX_LENGTH,
  BOOKING_TYPES_MAX,
  bookingPageSettingsInputSchema,
  type BookingPageSettings,
  type BookingPageSettingsInput,
} from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck, CircleAlert, Download, ExternalLink, Plus, Printer, Save, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { z } from "zod";
import { Controller, useFieldArray, useForm, type UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingState } from "@/components/ui/loading-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { isApiError, serverDetail } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useBookingPageQr, useBookingPageSettings, useSaveBookingPageSettings } from "../api/booking-page";
import { addressPrefix, downloadSvg, printQrSheet, qrFileName, qrPrintSheet, svgDataUrl } from "../lib/booking-page";

const SAVED = "Página de agendamento atualizada!";
const SAVE_FAILED = "Erro ao salvar a página de agendamento";
const LOAD_FAILED = "Não foi possível carregar a página de agendamento. Tente novamente.";
const NEW_TYPE = { name: "", duration: 30 };

type BookingPageFormValues = z.input<typeof bookingPageSettingsInputSchema>;

/** The form starts from the saved settings; the address is read-only and stays out of it. */
function formValues({ url: _url, ...settings }: BookingPageSettings): BookingPageFormValues {
  return settings;
}

/**
 * Consultas › Página de agendamento (docs/decisions/028): the public page where a patient picks a free
 * time and books it themselves. Its address and QR code to share, the switch, how soon and how far ahead the page
 * offers times, and the consultation types it offers with their lengths.
 */
/** `clinicName` heads the printed QR sheet (from the own profile, which the settings screen loads). */
export function BookingPageCard({ clinicName }: { clinicName: string | null }) {
  const query = useBookingPageSettings();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <CalendarCheck aria-hidden className="size-5 text-brand-600" />
          Página de agendamento
        </CardTitle>
        <CardDescription>
          Um endereço curto onde o paciente escolhe um horário livre, informa nome e WhatsApp e agenda sozinho. A consulta entra
          como pendente em Compromissos, marcada como &quot;Agendado pela página&quot;, e o paciente recebe a confirmação pelo
          WhatsApp.
        </CardDescription>
      </CardHeader>
      {query.data ? (
        <BookingPageForm settings={query.data} clinicName={clinicName} />
      ) : query.error ? (
        <CardContent>
          <ErrorState message={LOAD_FAILED} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </CardContent>
      ) : (
        <CardContent>
          <LoadingState text="Carregando página de agendamento..." />
        </CardContent>
      )}
    </Card>
  );
}

function BookingPageForm({ settings, clinicName }: { settings: BookingPageSettings; clinicName: string | null }) {
  const form = useForm({ resolver: zodResolver(bookingPageSettingsInputSchema), defaultValues: formValues(settings) });
  const { register, control, formState, handleSubmit, setError, reset } = form;
  const errors = formState.errors;
  const save = useSaveBookingPageSettings();
  /** Settings waiting for the professional to confirm a new address while the page is public. */
  const [moving, setMoving] = useState<BookingPageSettingsInput | null>(null);

  const store = async (input: BookingPageSettingsInput) => {
    try {
      const saved = await save.mutateAsync(input);
      reset(formValues(saved));
      toast.success(SAVED);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // The address belongs to another professional: the message goes next to it.
        const message = serverDetail(error) ?? SAVE_FAILED;
        setError("slug", { type: "server", message }, { shouldFocus: true });
        toast.error(message);
        return;
      }
      applyServerFieldErrors(error, setError, ["enabled", "slug", "min_notice_hours", "days_ahead", "appointment_types"]);
      toast.error(SAVE_FAILED);
    }
  };

  // A public page's address may already be on printed QR codes and posts: moving it asks first.
  const onSubmit = handleSubmit((input) => (settings.enabled && input.slug !== settings.slug ? setMoving(input) : store(input)));

  const prefix = addressPrefix(settings);
  // Registered here, before the fields below it, so a failed save focuses the first wrong field from the top.
  const slugField = register("slug");

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <CardContent className="space-y-6">
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <div className="flex flex-wrap items-center gap-3">
              <Switch id="booking-enabled" checked={field.value ?? false} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
              <Label htmlFor="booking-enabled" className="cursor-pointer">
                Receber agendamentos pela página
              </Label>
              <span className={field.value ? "text-sm font-medium text-emerald-700" : "text-sm text-slate-500"}>{field.value ? "Ativada" : "Desativada"}</span>
            </div>
          )}
        />

        {/* What the page promises follows what can happen (docs/decisions/033): said here before it goes live. */}
        {!settings.whatsapp_confirmation || !settings.has_phone ? (
          <Alert tone="warning" title="O que a página diz aos pacientes">
            {!settings.whatsapp_confirmation ? (
              <p>
                Nenhum número de WhatsApp envia mensagens por este consultório: a página não promete confirmação pelo WhatsApp e diz ao paciente que a
                clínica vai ligar para confirmar.
              </p>
            ) : null}
            {!settings.has_phone ? <p>Cadastre o telefone da clínica no seu perfil para a página mostrá-lo a quem quiser remarcar ou cancelar.</p> : null}
          </Alert>
        ) : null}

        <ShareSection settings={settings} clinicName={clinicName} />

        <section aria-labelledby="booking-rules-title" className="space-y-4">
          <h3 id="booking-rules-title" className="text-sm font-semibold text-slate-900">
            Endereço e horários oferecidos
          </h3>
          <FormField
            label="Endereço da página"
            htmlFor="booking-slug"
            description="Letras minúsculas, números e hífens, de 3 a 40 caracteres. Se mudar, o link e o QR code anteriores deixam de funcionar."
            error={errors.slug?.message}
          >
            {(control) => (
              <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-0">
                <span className="text-xs break-all text-slate-600 sm:max-w-[50%] sm:truncate sm:shrink-0 sm:rounded-l-lg sm:border sm:border-r-0 sm:border-slate-300 sm:bg-slate-50 sm:px-3 sm:py-2.5 sm:text-sm" title={prefix}>
                  {prefix}
                </span>
                <Input
                  {...control}
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={BOOKING_SLUG_MAX_LENGTH}
                  className="font-mono sm:rounded-l-none"
                  {...slugField}
                />
              </div>
            )}
          </FormField>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField
              label="Antecedência mínima (horas)"
              htmlFor="booking-min-notice"
              description={`De 0 a ${BOOKING_MIN_NOTICE_MAX_HOURS} horas entre o agendamento e o horário da consulta.`}
              error={errors.min_notice_hours?.message}
            >
              <Input type="number" inputMode="numeric" min={0} max={BOOKING_MIN_NOTICE_MAX_HOURS} step={1} {...register("min_notice_hours", { valueAsNumber: true })} />
            </FormField>
            <FormField
              label="Agenda aberta para os próximos (dias)"
              htmlFor="booking-days-ahead"
              description={`De 1 a ${BOOKING_DAYS_AHEAD_MAX} dias a partir de hoje.`}
              error={errors.days_ahead?.message}
            >
              <Input type="number" inputMode="numeric" min={1} max={BOOKING_DAYS_AHEAD_MAX} step={1} {...register("days_ahead", { valueAsNumber: true })} />
            </FormField>
          </div>
          <p className="text-xs text-slate-500">
            A página só oferece horários dentro dos dias e do horário de atendimento configurados acima, fora de compromissos já marcados.
          </p>
        </section>

        <ConsultationTypesFieldset form={form} />
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          <Save aria-hidden />
          {save.isPending ? "Salvando..." : "Salvar página de agendamento"}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={moving !== null}
        onOpenChange={(open) => (open ? undefined : setMoving(null))}
        title="Mudar o endereço da página?"
        description={`O link ${settings.url} e o QR code atual deixam de funcionar. Troque-os onde os divulgou e imprima o novo QR code.`}
        confirmLabel="Mudar endereço"
        onConfirm={() => (moving ? store(moving) : undefined)}
      />
    </form>
  );
}

/**
 * The consultation types the page offers, 1 to 10. Its own component so its fields register after the ones above
 * it, and a failed save focuses the first wrong field from the top.
 */
function ConsultationTypesFieldset({ form }: { form: UseFormReturn<BookingPageFormValues, unknown, BookingPageSettingsInput> }) {
  const { control, register, setFocus, formState } = form;
  const errors = formState.errors;
  const types = useFieldArray({ control, name: "appointment_types" });
  const typesErrorId = useId();
  const typesError = errors.appointment_types?.message ?? errors.appointment_types?.root?.message;

  const removeType = (index: number) => {
    types.remove(index);
    // Focus stays in the list: on the row that took its place, or the one before it.
    const next = Math.min(index, types.fields.length - 2);
    setTimeout(() => setFocus(`appointment_types.${next}.name`), 0);
  };

  return (
    <fieldset aria-describedby={typesError ? typesErrorId : undefined} className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Tipos de consulta oferecidos</legend>
      <p className="text-xs text-slate-500">
        O paciente escolhe um deles; a duração define os horários livres que a página mostra. De 1 a {BOOKING_TYPES_MAX} tipos, de{" "}
        {BOOKING_TYPE_DURATION_MIN} a {BOOKING_TYPE_DURATION_MAX} minutos.
      </p>
      <ol className="space-y-3">
        {types.fields.map((field, index) => {
          const rowErrors = errors.appointment_types?.[index];
          return (
            <li key={field.id} className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem_auto]">
              <FormField
                className="col-span-2 sm:col-span-1"
                label={
                  <>
                    Nome<span className="sr-only"> do tipo {index + 1}</span>
                  </>
                }
                htmlFor={`booking-type-${field.id}-name`}
                error={rowErrors?.name?.message}
              >
                <Input maxLength={BOOKING_TYPE_NAME_MAX_LENGTH} placeholder="Ex.: Primeira consulta" {...register(`appointment_types.${index}.name`)} />
              </FormField>
              <FormField
                label={
                  <>
                    Duração (min)<span className="sr-only"> do tipo {index + 1}</span>
                  </>
                }
                htmlFor={`booking-type-${field.id}-duration`}
                error={rowErrors?.duration?.message}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={BOOKING_TYPE_DURATION_MIN}
                  max={BOOKING_TYPE_DURATION_MAX}
                  step={5}
                  {...register(`appointment_types.${index}.duration`, { valueAsNumber: true })}
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="mt-6 hover:bg-red-50 hover:text-red-600"
                aria-label={`Remover tipo ${index + 1}`}
                disabled={types.fields.length <= 1}
                onClick={() => removeType(index)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          );
        })}
      </ol>
      {typesError ? (
        <p id={typesErrorId} role="alert" className="flex items-start gap-1.5 text-xs font-medium text-red-600">
          <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          {typesError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button icon={Plus} variant="outline" disabled={types.fields.length >= BOOKING_TYPES_MAX} onClick={() => types.append(NEW_TYPE)}>
          Adicionar tipo
        </Button>
        <span className="text-xs text-slate-500">
          {types.fields.length} de {BOOKING_TYPES_MAX}
        </span>
      </div>
    </fieldset>
  );
}

/** The saved address, to copy or open, and its QR code, to download or print. */
function ShareSection({ settings, clinicName }: { settings: BookingPageSettings; clinicName: string | null }) {
  const qr = useBookingPageQr(settings.url);
  const svg = qr.data ?? null;

  return (
    <section aria-labelledby="booking-share-title" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-[12px] sm:p-4">
      <h3 id="booking-share-title" className="text-sm font-semibold text-slate-900">
        Compartilhe com os pacientes
      </h3>
      {!settings.enabled ? (
        <Alert tone="info">
          <p>A página está desativada: quem abrir o endereço não consegue agendar. Ative e salve para receber agendamentos.</p>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex shrink-0 flex-col items-center gap-2">
          {svg ? (
            <img src={svgDataUrl(svg)} alt={`QR code do endereço ${settings.url}`} width={160} height={160} className="size-40 rounded-md border border-slate-200 bg-white p-1" />
          ) : qr.error ? (
            <div className="flex size-40 flex-col items-center justify-center gap-2 rounded-md border border-slate-200 bg-white p-2 text-center text-xs text-slate-600">
              Não foi possível carregar o QR code.
              <Button type="button" variant="outline" size="sm" onClick={() => void qr.refetch()}>
                Tentar novamente
              </Button>
            </div>
          ) : (
            <div className="size-40">
              <Skeleton aria-hidden className="size-40" />
              <span className="sr-only">Carregando QR code...</span>
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor="booking-url">Link da página</Label>
            <Input id="booking-url" readOnly value={settings.url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs sm:text-sm" />
          </div>
          {/* Two buttons a row on a phone, one at 200 % text (a column of 8 rem no longer fits twice). */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(8rem,1fr))] gap-2 sm:flex sm:flex-wrap">
            <CopyButton value={settings.url} label="Copiar link" />
            <Button asChild variant="outline">
              <a href={settings.url} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden />
                Abrir página
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            </Button>
            <Button type="button" variant="outline" disabled={!svg} onClick={() => svg && downloadSvg(svg, qrFileName(settings.slug))}>
              <Download aria-hidden />
              Baixar QR code
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!svg}
              onClick={() => svg && printQrSheet(qrPrintSheet({ svg, url: settings.url, clinicName }))}
            >
              <Printer aria-hidden />
              Imprimir
            </Button>
          </div>
          <p className="text-xs text-slate-500">Coloque o link no Instagram, no Google e na assinatura do e-mail; imprima o QR code para a recepção.</p>
        </div>
      </div>
    </section>
  );
}
