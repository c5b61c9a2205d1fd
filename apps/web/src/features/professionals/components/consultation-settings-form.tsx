import {
  MAX_APPOINTMENT_DURATION,
  MIN_APPOINTMENT_DURATION,
  MSG,
  consultationSettingsSchema,
  type Professional,
} from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SelectFormField } from "@/components/ui/select";
import { TimeField } from "@/components/ui/time-field";
import { useSaveProfileGroup } from "../hooks/use-save-profile-group";
import { consultationFormValues, durationOrDefault } from "../lib/profile-form-values";
import { TIME_ZONE_OPTIONS, WEEKDAY_OPTIONS } from "../lib/schedule-labels";
import { SettingsFormCard } from "./settings-form-card";

/** Consultas: consultation length and business hours (docs/product/appointments.md §10.1), used by availability. */
export function ConsultationSettingsForm({ profile }: { profile: Professional }) {
  const form = useForm({ resolver: zodResolver(consultationSettingsSchema), defaultValues: consultationFormValues(profile) });
  const { onSubmit, saving } = useSaveProfileGroup(
    form,
    { saved: MSG.consultationSaved, failed: MSG.consultationSaveError },
    consultationFormValues,
  );
  const { register, control, formState } = form;
  const errors = formState.errors;

  return (
    <SettingsFormCard
      title="Consultas e horário de atendimento"
      description="A duração padrão e os horários em que a agenda oferece vagas."
      onSubmit={onSubmit}
      saving={saving}
    >
      <FormField
        label="Duração padrão da consulta (minutos)"
        htmlFor="consultation-duration"
        description={`Entre ${MIN_APPOINTMENT_DURATION} e ${MAX_APPOINTMENT_DURATION} minutos.`}
        error={errors.appointment_duration?.message}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_APPOINTMENT_DURATION}
          max={MAX_APPOINTMENT_DURATION}
          step={5}
          {...register("appointment_duration", { setValueAs: durationOrDefault })}
        />
      </FormField>
      <SelectFormField control={control} name="timezone" label="Fuso horário" htmlFor="consultation-timezone" options={TIME_ZONE_OPTIONS} />

      <Controller
        control={control}
        name="business_days"
        render={({ field, fieldState }) => (
          <fieldset className="sm:col-span-2" aria-describedby={fieldState.error ? "consultation-days-error" : undefined}>
            <legend className="text-sm font-medium text-slate-700">Dias de atendimento</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
              {WEEKDAY_OPTIONS.map((day) => {
                const checked = field.value.includes(day.value);
                return (
                  <label
                    key={day.value}
                    className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-700 transition-colors hover:bg-slate-50 has-data-[state=checked]:border-brand-300 has-data-[state=checked]:bg-brand-50/60"
                  >
                    <Checkbox
                      checked={checked}
                      onCheckedChange={(next) =>
                        field.onChange(next === true ? [...field.value, day.value] : field.value.filter((d) => d !== day.value))
                      }
                      onBlur={field.onBlur}
                    />
                    {day.label}
                  </label>
                );
              })}
            </div>
            {fieldState.error ? (
              <p id="consultation-days-error" role="alert" className="mt-1.5 flex items-start gap-1.5 text-xs font-medium text-red-600">
                <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
                {fieldState.error.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />

      <Controller
        control={control}
        name="business_start"
        render={({ field, fieldState }) => (
          <FormField label="Início do atendimento" htmlFor="consultation-start" error={fieldState.error?.message}>
            {(props) => <TimeField {...props} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />}
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="business_end"
        render={({ field, fieldState }) => (
          <FormField label="Fim do atendimento" htmlFor="consultation-end" error={fieldState.error?.message}>
            {(props) => <TimeField {...props} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />}
          </FormField>
        )}
      />
    </SettingsFormCard>
  );
}
