import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reminderSettingsInputSchema, reminderSettingsSchema, validationErrorSchema } from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { ReminderService } from "./reminder.service";

const config = { access: ["professional"] as const };
const tags = ["reminders"];
const PATH = "/professionals/me/reminders";

export function reminderRoutes(service: ReminderService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      PATH,
      { config, schema: { tags, summary: "Lembretes de consulta pelo WhatsApp", response: { 200: reminderSettingsSchema } } },
      (request) => service.getSettings(tenantOf(request)),
    );

    r.put(
      PATH,
      {
        config,
        schema: {
          tags,
          summary: "Ligar, desligar ou mudar a antecedência dos lembretes",
          body: reminderSettingsInputSchema,
          response: { 200: reminderSettingsSchema, 422: validationErrorSchema },
        },
      },
      (request) => service.updateSettings(tenantOf(request), request.body),
    );
  };
}
