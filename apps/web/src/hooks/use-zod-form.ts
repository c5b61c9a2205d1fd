import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form form validated by a zod schema (usually the API's own contract): its fields hold what the
 * schema takes in, and submit hands over what the schema gives out (trimmed, defaulted, converted).
 */
export function useZodForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, defaultValues: DefaultValues<Input>) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}
