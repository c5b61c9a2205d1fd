import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUserSchema, errorResponseSchema, loginRequestSchema, loginResponseSchema, okResponseSchema, ROLES } from "@clinora/contracts";
import { authOf } from "../../platform/plugins/auth";
import type { AuthService } from "./auth.service";

export function authRoutes(service: AuthService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      "/auth/login",
      {
        config: { access: "public" },
        schema: {
          tags: ["auth"],
          summary: "Entrar com email e senha",
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      (request) => service.login(request.body, { ip: request.ip, userAgent: request.headers["user-agent"] }),
    );

    r.post(
      "/auth/logout",
      { config: { access: ROLES }, schema: { tags: ["auth"], summary: "Encerrar a sessão", response: { 200: okResponseSchema } } },
      async (request) => {
        await service.logout(authOf(request).sessionId);
        return { ok: true as const };
      },
    );

    r.get(
      "/auth/me",
      { config: { access: ROLES }, schema: { tags: ["auth"], summary: "Usuário atual", response: { 200: currentUserSchema } } },
      (request) => service.me(authOf(request).userId),
    );
  };
}
