import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { firstStepsSchema } from "@clinora/contracts";
import { professionalIdOf } from "../../platform/plugins/auth";
import type { FirstStepsService } from "./first-steps.service";

const access = { access: ["professional"] as const };
const tags = ["professionals"];

export function firstStepsRoutes(service: FirstStepsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/professionals/me/first-steps",
      { config: access, schema: { tags, summary: "Primeiros passos do Painel", response: { 200: firstStepsSchema } } },
      (request) => service.get(professionalIdOf(request)),
    );

    r.post(
      "/professionals/me/first-steps/dismiss",
      { config: access, schema: { tags, summary: "Dispensar os primeiros passos", response: { 200: firstStepsSchema } } },
      (request) => service.dismiss(professionalIdOf(request)),
    );
  };
}
