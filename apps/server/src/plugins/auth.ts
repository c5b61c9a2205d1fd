import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Role } from "@clinora/contracts";
import { AppError } from "../lib/app-error";
import type { AuthContext, TenantCaller } from "../lib/caller";
import type { SessionService } from "../modules/auth/session.service";

/**
 * Who may call a route. Every route under /api declares one in `config.access`; the route-access test fails
 * for any route that does not, so no route can be left open by omission.
 * - "public": no session (login, health, docs, provider webhooks that carry their own signature).
 * - a list of roles: a valid session whose user has one of them.
 */
export type Access = "public" | readonly Role[];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const SESSION_HEADER = "x-session-id";

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Resolves the session once per request and enforces the route's declared access. */
export function registerAuth(app: FastifyInstance, sessions: SessionService, registry: RegisteredRoute[]) {
  app.decorateRequest("auth", null);

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      registry.push({ method, url: route.url, access: route.config?.access });
    }
  });

  // A callback hook rather than an async one: public routes (health, webhooks, the web app) pass through without a
  // promise; only a route that needs the session waits for it.
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions;
    // Routes outside /api (static files, SPA fallback) and the 404 handler carry no access rule.
    if (!route.url?.startsWith("/api")) return done();
    const access = route.config?.access;
    if (access === undefined) {
      request.log.error({ url: route.url }, "route without declared access");
      return done(AppError.forbidden());
    }
    if (access === "public") return done();

    authenticate(request, sessions).then((auth) => {
      request.auth = auth;
      done(access.includes(auth.role) ? undefined : AppError.forbidden());
    }, done);
  });
}

async function authenticate(request: FastifyRequest, sessions: SessionService): Promise<AuthContext> {
  const header = request.headers[SESSION_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw AppError.unauthorized();
  return sessions.resolve(token);
}

/** The caller's tenant; for use in professional-only routes (the guard has already checked the role). */
export function professionalIdOf(request: FastifyRequest): string {
  return tenantOf(request).professionalId;
}

/** The caller as a professional with its tenant id and settings (and address, for the audit trail). */
export function tenantOf(request: FastifyRequest): TenantCaller {
  const auth = authOf(request);
  if (!auth.professionalId || !auth.practice) throw AppError.notFound("Perfil profissional não encontrado para este usuário");
  return { ...auth, professionalId: auth.professionalId, practice: auth.practice, ip: request.ip };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}

/** The caller with its address, for the audit trail of administrator actions. */
export function actorOf(request: FastifyRequest): AuthContext & { ip: string } {
  return { ...authOf(request), ip: request.ip };
}
