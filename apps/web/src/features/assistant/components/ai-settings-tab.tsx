import {
  AI_MAX_TEMPERATURE,
  AI_PROMPT_MIN_LENGTH,
  AI_TEMPERATURE_STEP,
  aiSettingsInputSchema,
  formatTemperature,
  roundToTemperatureStep,
  MSG,
  type AiModels,
  type AiProvider,
  type AiSettings,
  type AiSettingsInput,
} from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, RotateCw, Save } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingState } from "@/components/ui/loading-state";
import { Select, type SelectOption } from "@/components/ui/select";
import { Slider } from "@/components/ui/slider";
import { Textarea } from "@/components/ui/textarea";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toast } from "@/lib/toast";
import { useAiModels, useAiSettings, useSaveAiSettings } from "../api/ai-settings";

const PROVIDER_LABELS: Record<AiProvider, string> = { openai: "OpenAI", anthropic: "Anthropic" };

/** 'Configurações de IA': the assistant configuration shared by all professionals (docs/product/admin.md §2.4, §5). */
export function AiSettingsTab() {
  const settings = useAiSettings();
  const models = useAiModels();
  const failed = settings.isError || models.isError;
  useErrorToast(failed, MSG.aiSettingsLoadError);

  if (settings.isPending || models.isPending) return <LoadingState text="Carregando configurações..." />;
  if (failed) {
    const retry = () => {
      void settings.refetch();
      void models.refetch();
    };
    return (
      <Card>
        <ErrorState message={MSG.aiSettingsLoadError} onRetry={retry} retrying={settings.isFetching || models.isFetching} />
      </Card>
    );
  }
  // Keyed by the load time: 'Recarregar' and a save start the form again from the server's values.
  return (
    <AiSettingsForm
      key={settings.dataUpdatedAt}
      initial={settings.data}
      models={models.data}
      reloading={settings.isFetching}
      onReload={() => void settings.refetch()}
    />
  );
}

interface AiSettingsFormProps {
  initial: AiSettings;
  models: AiModels;
  reloading: boolean;
  onReload: () => void;
}

function AiSettingsForm({ initial, models, reloading, onReload }: AiSettingsFormProps) {
  const save = useSaveAiSettings();
  const form = useForm<AiSettingsInput>({ resolver: zodResolver(aiSettingsInputSchema), defaultValues: initial });
  const { errors } = form.formState;
  const provider = form.watch("provider");
  const temperature = form.watch("temperature");
  const maxTemperature = AI_MAX_TEMPERATURE[provider];
  // What the number box shows while typing; committed (or reverted) on blur.
  const [temperatureText, setTemperatureText] = useState(formatTemperature(initial.temperature));
  const promptLength = form.watch("system_prompt").trim().length;

  const providerOptions: SelectOption<AiProvider>[] = (Object.keys(models) as AiProvider[]).map((p) => ({ value: p, label: PROVIDER_LABELS[p] }));
  const modelOptions: SelectOption[] = (models[provider] ?? []).map((m) => ({ value: m, label: m }));

  const setTemperature = (value: number) => {
    form.setValue("temperature", value, { shouldDirty: true, shouldValidate: true });
    setTemperatureText(formatTemperature(value));
  };

  const changeProvider = (next: AiProvider) => {
    form.setValue("provider", next, { shouldDirty: true });
    form.setValue("model", models[next]?.[0] ?? "", { shouldDirty: true, shouldValidate: true });
    const max = AI_MAX_TEMPERATURE[next];
    if (form.getValues("temperature") > max) {
      setTemperature(max);
      toast.info(MSG.aiTemperatureClamped);
    }
  };

  const commitTypedTemperature = () => {
    const typed = Number(temperatureText.replace(",", "."));
    if (temperatureText.trim() === "" || Number.isNaN(typed) || typed < 0 || typed > maxTemperature) {
      setTemperatureText(formatTemperature(temperature));
      toast.error(MSG.aiTemperatureRange(formatTemperature(maxTemperature)));
      return;
    }
    setTemperature(roundToTemperatureStep(typed));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Configurações globais do assistente</CardTitle>
        <CardDescription>Valem para todos os profissionais. Cada profissional só liga ou desliga o assistente na própria conta.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <CardContent className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="provider"
              render={({ field }) => (
                <FormField label="Provedor" htmlFor="ai-provider" required error={errors.provider?.message}>
                  <Select options={providerOptions} value={field.value} onValueChange={changeProvider} onBlur={field.onBlur} />
                </FormField>
              )}
            />
            <Controller
              control={form.control}
              name="model"
              render={({ field }) => (
                <FormField label="Modelo" htmlFor="ai-model" required error={errors.model?.message}>
                  <Select options={modelOptions} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} placeholder="Selecione um modelo" />
                </FormField>
              )}
            />
          </div>

          <div className="space-y-2">
            <div className="flex items-center justify-between gap-3">
              <Label id="ai-temperature-label" htmlFor="ai-temperature-input">
                Temperatura
              </Label>
              <Input
                id="ai-temperature-input"
                // Text, not type="number": a number field shows the browser's decimal point ("0.7" in an English
                // browser); this one shows and accepts the decimal comma.
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={temperatureText}
                onChange={(event) => setTemperatureText(event.target.value)}
                onBlur={commitTypedTemperature}
                aria-describedby="ai-temperature-help"
                className="w-24 text-right tabular-nums"
              />
            </div>
            <Slider
              value={temperature}
              onValueChange={setTemperature}
              min={0}
              max={maxTemperature}
              step={AI_TEMPERATURE_STEP}
              aria-labelledby="ai-temperature-label"
              aria-valuetext={formatTemperature(temperature)}
            />
            <p id="ai-temperature-help" className="flex justify-between text-xs text-slate-500">
              <span>{formatTemperature(0)} · respostas mais previsíveis</span>
              <span>{formatTemperature(maxTemperature)} · mais criativas</span>
            </p>
            {errors.temperature ? (
              <p role="alert" className="text-xs font-medium text-red-600">
                {errors.temperature.message}
              </p>
            ) : null}
          </div>

          <FormField
            label="Prompt do sistema"
            htmlFor="ai-system-prompt"
            required
            error={errors.system_prompt?.message}
            description={`${promptLength} caracteres (mínimo ${AI_PROMPT_MIN_LENGTH}). Pode usar {assistant_name}, {clinic_name}, {specialty} e {business_hours}.`}
          >
            <Textarea rows={15} className="font-mono text-[13px]" {...form.register("system_prompt")} />
          </FormField>
        </CardContent>
        <CardFooter className="flex-col-reverse justify-end gap-2 sm:flex-row">
          <Button variant="outline" onClick={onReload} disabled={reloading || save.isPending} className="w-full sm:w-auto">
            <RotateCw aria-hidden className={reloading ? "animate-spin" : undefined} />
            Recarregar
          </Button>
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Save aria-hidden />}
            Salvar configurações
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
