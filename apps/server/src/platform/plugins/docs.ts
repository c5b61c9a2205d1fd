import type { FastifyInstance } from "fastify";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { API_PREFIX } from "../lib/api-paths";

export const DOCS_PREFIX = `${API_PREFIX}/docs`;

/** OpenAPI generated from the routes' zod schemas, with its UI at /api/docs (public by design). */
export async function registerDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Clinora API",
        description: "API da plataforma Clinora. Autentique com o cabeçalho X-Session-ID devolvido por POST /api/auth/login.",
        version: "0.1.0",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "header", name: "X-Session-ID" } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
