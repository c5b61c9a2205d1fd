import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { Role } from "@clinora/contracts";
import { isApiPath } from "../lib/api-paths";
import { AppError } from "../lib/app-error";
import type { AuthContext, TenantCaller } from "../lib/caller";

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

/** What the guard needs of the sessions: the caller behind a token, or an AppError (401/403). */
export interface SessionResolver {
  resolve(token: string): Promise<AuthContext>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/**
 * The onRequest hook that enforces one route's access, or none for a public route. Built once per route from
 * its declared access, so a request runs no check it does not need and never looks its route up: a global hook
 * read `request.routeOptions` (a new object each time) on every request, the health check's included.
 */
function guardFor(access: Access | undefined, url: string, sessions: SessionResolver): onRequestHookHandler | null {
  if (access === "public") return null;
  if (access === undefined) {
    return (request, _reply, done) => {
      request.log.error({ url }, "route without declared access");
      done(AppError.forbidden());
    };
  }
  return (request, _reply, done) => {
    authenticate(request, sessions).then((auth) => {
      request.auth = auth;
      done(access.includes(auth.role) ? undefined : AppError.forbidden());
    }, done);
  };
}

/** Resolves the session once per request and enforces the route's declared access. */
export function registerAuth(app: FastifyInstance, sessions: SessionResolver, registry: RegisteredRoute[]) {
  app.decorateRequest("auth", null);

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      registry.push({ method, url: route.url, access: route.config?.access });
    }
    // Routes outside /api (static files, the SPA fallback) carry no access rule; neither does the 404 handler.
    if (!isApiPath(route.url)) return;
    // A GET's HEAD twin comes here too, with the options as they were before this hook: it gets its own guard.
    const guard = guardFor(route.config?.access, route.url, sessions);
    if (!guard) return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    // Last of the route's onRequest hooks: the rate limit (registered before this plugin, app.ts) counts the request
    // first, so a flood of made-up session ids is refused before any of them is looked up (docs/decisions/031).
    route.onRequest = [...hooks, guard];
  });
}

async function authenticate(request: FastifyRequest, sessions: SessionResolver): Promise<AuthContext> {
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
