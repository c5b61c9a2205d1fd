import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  errorResponseSchema,
  idParamSchema,
  okResponseSchema,
  twilioNumberCreateSchema,
  twilioNumberListSchema,
  twilioNumberSchema,
  twilioNumberUpdateSchema,
  validationErrorSchema,
} from "@clinora/contracts";
import { authOf } from "../../platform/plugins/auth";
import type { TwilioNumberService } from "./twilio-number.service";

const config = { access: ["admin"] as const };
const tags = ["whatsapp"];
const PATH = "/admin/whatsapp/twilio-numbers";

/** The administrator and its address, for the audit trail. */
const caller = (request: FastifyRequest) => ({ ...authOf(request), ip: request.ip });

export function twilioNumberRoutes(service: TwilioNumberService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(PATH, { config, schema: { tags, summary: "Números Twilio cadastrados", response: { 200: twilioNumberListSchema } } }, () => service.list());

    r.post(
      PATH,
      {
        config,
        schema: {
          tags,
          summary: "Cadastrar número Twilio",
          body: twilioNumberCreateSchema,
          response: { 201: twilioNumberSchema, 409: errorResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(caller(request), request.body)),
    );

    r.put(
      `${PATH}/:id`,
      {
        config,
        schema: {
          tags,
          summary: "Alterar rótulo ou profissional de um número",
          params: idParamSchema,
          body: twilioNumberUpdateSchema,
          response: { 200: twilioNumberSchema, 404: errorResponseSchema, 422: validationErrorSchema },
        },
      },
      (request) => service.update(caller(request), request.params.id, request.body),
    );

    r.delete(
      `${PATH}/:id`,
      { config, schema: { tags, summary: "Remover número Twilio", params: idParamSchema, response: { 200: okResponseSchema, 404: errorResponseSchema } } },
      (request) => service.remove(caller(request), request.params.id),
    );
  };
}
