import type { Professional, ProfessionalProfileUpdate } from "@clinora/contracts";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useUpdateOwnProfile } from "../api/own-profile";

export interface SaveTexts {
  saved: string;
  failed: string;
}

/**
 * Saves one settings group through PUT /professionals/me with the group's toasts (docs/product/settings.md §8); field
 * messages of a 422 go next to their inputs, and the saved profile becomes the form's new starting point.
 */
export function useSaveProfileGroup<TValues extends FieldValues, TChanges extends ProfessionalProfileUpdate>(
  form: UseFormReturn<TValues, unknown, TChanges>,
  texts: SaveTexts,
  toFormValues: (profile: Professional) => TValues,
) {
  const update = useUpdateOwnProfile();
  const save = async (changes: TChanges) => {
    try {
      const profile = await update.mutateAsync(changes);
      form.reset(toFormValues(profile));
      toast.success(texts.saved);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, Object.keys(form.getValues()) as Path<TValues>[]);
      toast.error(texts.failed);
    }
  };
  return { onSubmit: form.handleSubmit(save), saving: update.isPending };
}
