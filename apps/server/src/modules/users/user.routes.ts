import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponseSchema, idParamSchema, listResponseSchema, userListQuerySchema, userSchema } from "@clinora/contracts";
import type { UserService } from "./user.service";

export function userRoutes(service: UserService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      "/users",
      {
        config: { access: ["admin"] },
        schema: { tags: ["users"], summary: "Listar usuários", querystring: userListQuerySchema, response: { 200: listResponseSchema(userSchema) } },
      },
      (request) => service.list(request.query),
    );
    r.get(
      "/users/:id",
      {
        config: { access: ["admin"] },
        schema: { tags: ["users"], summary: "Detalhe de um usuário", params: idParamSchema, response: { 200: userSchema, 404: errorResponseSchema } },
      },
      (request) => service.get(request.params.id),
    );
  };
}
