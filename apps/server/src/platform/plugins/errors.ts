import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, type ValidationIssue } from "@clinora/contracts";
import { AppError } from "../lib/app-error";
import { isDatabaseUnavailable } from "../lib/db-errors";
import { ResponseShapeError } from "./serializer";

// zod's own messages (a wrong type, a value too long where the contracts give no text of their own) reach the
// 422 details: in Portuguese, as every text the API writes.
z.config(z.locales.ptBR());

/** The detail of a refusal by status, for the refusals that carry no text of their own. Nothing sent is repeated. */
const REFUSALS: Record<number, string> = {
  400: MSG.badRequest,
  404: MSG.routeNotFound,
  405: MSG.methodNotAllowed,
  408: MSG.requestTimeout,
  413: MSG.bodyTooLarge,
  414: MSG.urlTooLong,
  415: MSG.unsupportedMediaType,
  429: MSG.tooManyRequests,
  431: MSG.headersTooLarge,
};
export const refusalDetail = (status: number): string => REFUSALS[status] ?? MSG.badRequest;

/** Fastify's own 4xx codes, mapped to Portuguese details the user can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: MSG.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: MSG.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: MSG.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: MSG.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: MSG.invalidContentLength },
  // Raised by the router before any route or hook runs (frameworkErrors below).
  FST_ERR_BAD_URL: { status: 400, detail: MSG.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: MSG.urlTooLong },
};

/** Seconds a client is told to wait before trying again while the database does not answer. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The single error handler (docs/product/engineering-conventions.md §7): AppError -> its status and detail; schema failures -> 422
 * with `details`; Fastify's transport errors -> 4xx; a database that cannot be reached -> 503 (Retry-After, so
 * Twilio and the web app try again; docs/decisions/024); anything else -> 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError | AppError | Error, request, reply) => {
    if (rawError instanceof AppError) {
      const body: { detail: string; details?: ValidationIssue[] } = { detail: rawError.message };
      if (rawError.details) body.details = rawError.details;
      return reply.status(rawError.status).send(body);
    }

    const error = rawError as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      const details: ValidationIssue[] = error.validation.map((v) => ({
        loc: [where, ...v.instancePath.split("/").filter(Boolean)],
        msg: v.message ?? MSG.invalidData,
        type: v.keyword,
      }));
      return reply.status(422).send({ detail: MSG.invalidData, details });
    }

    if (rawError instanceof ResponseShapeError || isResponseSerializationError(error as never)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ detail: MSG.internalError });
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: known.detail });

    if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
      return reply.status(400).send({ detail: MSG.invalidJson });
    }

    // Another client error of Fastify or a plugin: its message is English and may repeat the request.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: refusalDetail(status) });

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ detail: MSG.databaseUnavailable });
    }

    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: MSG.internalError });
  });
}

/**
 * Fastify's `frameworkErrors`: the router's refusals of an address it cannot read (a broken percent-encoding,
 * FST_ERR_BAD_URL) or a path parameter over its length (414), raised before any route or hook runs, so the
 * security headers are written here. Fastify's own answer repeated the address.
 */
export function frameworkErrorAnswer(headers: Record<string, string>): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = FASTIFY_CLIENT_ERRORS[error.code];
    const status = known?.status ?? (error.statusCode && error.statusCode < 500 ? error.statusCode : 500);
    if (status >= 500) request.log.error({ err: error }, "framework error");
    return reply
      .headers(headers)
      .status(status)
      .send({ detail: known?.detail ?? (status >= 500 ? MSG.internalError : refusalDetail(status)) });
  };
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (headers or a
 * request line over the 16 KB limit, 431; a request that is not HTTP, 400; one too slow to arrive, 408), written
 * on the socket as the API writes every refusal: `{detail}` with the security headers.
 */
export function clientErrorAnswer(headers: Record<string, string>): NonNullable<FastifyServerOptions["clientErrorHandler"]> {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    // A connection reset: nobody is left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    this.log.trace({ err: error }, "client error");
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    const body = JSON.stringify({ detail: refusalDetail(status) });
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      "content-type: application/json; charset=utf-8",
      `content-length: ${Buffer.byteLength(body)}`,
      "connection: close",
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join("\r\n")}\r\n\r\n${body}`, () => socket.destroy());
  };
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node's own refusal of a request without one is a 400 with an
 * empty body, so the server takes the check over (`http.requireHostHeader: false` in app.ts) and answers it here,
 * first of the hooks, in the API's shape. HTTP/1.0 has no such rule.
 */
export function registerHostRule(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    if (request.headers.host || request.raw.httpVersionMajor !== 1 || request.raw.httpVersionMinor < 1) return done();
    const details: ValidationIssue[] = [{ loc: ["headers", "host"], msg: MSG.missingHost, type: "missing" }];
    // Answered as the connection closes: a client that left out Host cannot be relied on to frame a next request.
    reply.header("connection", "close").status(400).send({ detail: MSG.invalidData, details });
  });
}
