import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "@clinora/contracts";
import type { Database } from "../../platform/db/client";

const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });

/** Liveness and readiness in one: answers 503 when the database does not answer. */
export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/health",
      {
        config: { access: "public" },
        schema: { tags: ["health"], summary: "Estado do serviço", response: { 200: healthSchema, 503: errorResponseSchema } },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: "ok" as const, database: database.kind };
        } catch (err) {
          request.log.error({ err }, "health check failed");
          return reply.status(503).send({ detail: "Banco de dados indisponível" });
        }
      },
    );
  };
}
