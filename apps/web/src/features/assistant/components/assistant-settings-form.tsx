import {
  ASSISTANT_MAX_TOKENS,
  ASSISTANT_MODELS,
  ASSISTANT_TEMPERATURE,
  ASSISTANT_TEXT_MAX,
  assistantSettingsInputSchema,
  MSG,
  type AssistantSettings,
  type AssistantSettingsInput,
} from "@clinora/contracts";
import { LoaderCircle } from "lucide-react";
import { Controller, type FieldErrors } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SelectFormField } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/lib/toast";
import { useAssistantModels, useSaveAssistantSettings } from "../api/assistant-settings";

/** Saved settings as form values: text inputs hold "" rather than null. */
const valuesOf = (s: AssistantSettings): AssistantSettingsInput => ({
  ...s,
  ai_role_name: s.ai_role_name ?? "",
  ai_system_prompt: s.ai_system_prompt ?? "",
  ai_instructions: s.ai_instructions ?? "",
});

/** docs/product/assistant.md §5: a temperature or max tokens that is not a number is announced with its own toast. */
function toastNonNumeric(errors: FieldErrors<AssistantSettingsInput>) {
  if ([errors.ai_temperature?.message, errors.ai_max_tokens?.message].includes(MSG.assistantNumbersInvalid)) {
    toast.error(MSG.assistantNumbersInvalid);
  }
}

/** Card 4 of docs/product/assistant.md §2; validated with the same schema as the server. */
export function AssistantSettingsForm({ settings }: { settings: AssistantSettings }) {
  const models = useAssistantModels();
  const save = useSaveAssistantSettings();
  const form = useZodForm(assistantSettingsInputSchema, valuesOf(settings));
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      form.reset(valuesOf(await save.mutateAsync(input)));
    } catch {
      // Toasted by the mutation; the form keeps what was typed.
    }
  }, toastNonNumeric);

  const modelOptions = (models.data ?? ASSISTANT_MODELS).map((model) => ({ value: model, label: model }));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <Controller
        control={form.control}
        name="ai_enabled"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-100">
            <div>
              <Label htmlFor="assistant-enabled">Assistente virtual</Label>
              <p className="text-xs text-slate-500">Responde automaticamente as mensagens dos pacientes.</p>
            </div>
            <div className="flex items-center gap-3">
              {field.value ? <Badge tone="success">Ativado</Badge> : <Badge>Desativado</Badge>}
              <Switch id="assistant-enabled" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </div>
          </div>
        )}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <SelectFormField control={form.control} name="ai_model" label="Modelo" htmlFor="assistant-model" options={modelOptions} />
        <FormField
          label="Nome do assistente"
          htmlFor="assistant-role-name"
          description="Aparece nas mensagens de boas-vindas."
          error={errors.ai_role_name?.message}
        >
          <Input placeholder="Marge" maxLength={ASSISTANT_TEXT_MAX.roleName} {...form.register("ai_role_name")} />
        </FormField>
      </div>

      <FormField
        label="Prompt do sistema"
        htmlFor="assistant-system-prompt"
        description="Opcional. Pode usar {assistant_name}, {clinic_name}, {specialty} e {business_hours}. Em branco, o assistente usa o prompt padrão seguro."
        error={errors.ai_system_prompt?.message}
      >
        <Textarea rows={5} {...form.register("ai_system_prompt")} />
      </FormField>

      <FormField
        label="Instruções adicionais"
        htmlFor="assistant-instructions"
        description="Opcional. Regras extras, ex.: não informar valores de consulta pelo WhatsApp."
        error={errors.ai_instructions?.message}
      >
        <Textarea rows={4} {...form.register("ai_instructions")} />
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Temperatura" htmlFor="assistant-temperature" description="0 = mais objetivo, 2 = mais criativo." error={errors.ai_temperature?.message}>
          <Input type="number" inputMode="decimal" {...ASSISTANT_TEMPERATURE} {...form.register("ai_temperature")} />
        </FormField>
        <FormField
          label="Máximo de tokens"
          htmlFor="assistant-max-tokens"
          description={`Tamanho máximo de cada resposta: de ${ASSISTANT_MAX_TOKENS.min} a ${ASSISTANT_MAX_TOKENS.max}, em passos de ${ASSISTANT_MAX_TOKENS.step}.`}
          error={errors.ai_max_tokens?.message}
        >
          <Input type="number" inputMode="numeric" {...ASSISTANT_MAX_TOKENS} {...form.register("ai_max_tokens")} />
        </FormField>
      </div>

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          Salvar configurações
        </Button>
      </div>
    </form>
  );
}
