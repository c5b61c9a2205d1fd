import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  appointmentCancelResultSchema,
  appointmentCancelSchema,
  appointmentInputSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  availabilityRequestSchema,
  availabilityResponseSchema,
  errorResponseSchema,
  idParamSchema,
  listResponseSchema,
  todayAppointmentSchema,
  validationErrorSchema,
  type Appointment,
  type CancelNotice,
} from "@clinora/contracts";
import { tenantOf } from "../../platform/plugins/auth";
import type { AppointmentService } from "./appointment.service";

const access = { access: ["professional"] as const };
const tags = ["appointments"];
const writeErrors = { 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema };

/**
 * Tells a patient their appointment was cancelled (WhatsApp through the messaging module). The reminders module
 * builds it on messaging, so the app passes it in rather than this module importing it.
 */
export type NotifyCancelled = (professionalId: string, appointment: Appointment) => Promise<CancelNotice>;

export function appointmentRoutes(service: AppointmentService, notifyCancelled: NotifyCancelled) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/appointments",
      {
        config: access,
        schema: { tags, summary: "Meus compromissos, por data e horário", querystring: appointmentListQuerySchema, response: { 200: listResponseSchema(appointmentSchema) } },
      },
      (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      "/appointments/today/list",
      { config: access, schema: { tags, summary: "Compromissos de hoje (Painel)", response: { 200: z.array(todayAppointmentSchema) } } },
      (request) => service.today(tenantOf(request)),
    );

    r.post(
      "/appointments/availability",
      {
        config: access,
        schema: { tags, summary: "Horários livres e ocupados de uma data", body: availabilityRequestSchema, response: { 200: availabilityResponseSchema } },
      },
      (request) => service.dayAgenda(tenantOf(request), request.body),
    );

    r.get(
      "/appointments/:id",
      { config: access, schema: { tags, summary: "Um compromisso", params: idParamSchema, response: { 200: appointmentSchema, 404: errorResponseSchema } } },
      (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      "/appointments",
      { config: access, schema: { tags, summary: "Agendar compromisso", body: appointmentInputSchema, response: { 201: appointmentSchema, ...writeErrors } } },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put(
      "/appointments/:id",
      {
        config: access,
        schema: { tags, summary: "Atualizar compromisso", params: idParamSchema, body: appointmentInputSchema, response: { 200: appointmentSchema, ...writeErrors } },
      },
      (request) => service.update(tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      "/appointments/:id",
      {
        config: access,
        schema: { tags, summary: "Cancelar compromisso (mantido no histórico)", params: idParamSchema, response: { 200: appointmentSchema, 404: errorResponseSchema } },
      },
      (request) => service.cancel(tenantOf(request), request.params.id),
    );

    r.post(
      "/appointments/:id/remove",
      {
        config: access,
        schema: {
          tags,
          summary: "Excluir compromisso lançado por engano (sai da agenda e do histórico; recusado com prontuário ou pagamento)",
          params: idParamSchema,
          response: { 200: z.object({ id: z.string() }), 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      (request) => service.remove(tenantOf(request), request.params.id),
    );

    r.post(
      "/appointments/:id/cancel",
      {
        config: access,
        schema: {
          tags,
          summary: "Cancelar consulta (mantida no histórico, como cancelada); notify_patient: avisa o paciente pelo WhatsApp quando possível",
          params: idParamSchema,
          body: appointmentCancelSchema,
          response: { 200: appointmentCancelResultSchema, 404: errorResponseSchema, 422: validationErrorSchema },
        },
      },
      async (request) => {
        const caller = tenantOf(request);
        const appointment = await service.cancel(caller, request.params.id);
        return { appointment, notice: request.body.notify_patient ? await notifyCancelled(caller.professionalId, appointment) : null };
      },
    );
  };
}
