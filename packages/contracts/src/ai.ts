import { z } from "zod";
import { AI_PROVIDERS } from "./enums";

/** Models offered per provider (spec part 1 §3, part 2 §9): GET /api/ai-settings/models. */
export const aiModelsSchema = z.object(Object.fromEntries(AI_PROVIDERS.map((p) => [p, z.array(z.string())])) as Record<(typeof AI_PROVIDERS)[number], z.ZodArray<z.ZodString>>);
export type AiModels = z.infer<typeof aiModelsSchema>;
