import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { MSG, type ValidationIssue } from "@clinora/contracts";
import { AppError } from "../lib/app-error";
import { isDatabaseUnavailable } from "../lib/db-errors";
import { ResponseShapeError } from "./serializer";

/** Fastify's own 4xx codes, mapped to Portuguese details the user can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: MSG.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: MSG.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: MSG.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: "Tipo de conteúdo não suportado; envie application/json" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: "Content-Length inválido" },
};

/** Seconds a client is told to wait before trying again while the database does not answer. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The single error handler (CONVENTIONS.md §7): AppError -> its status and detail; schema failures -> 422
 * with `details`; Fastify's transport errors -> 4xx; a database that cannot be reached -> 503 (Retry-After, so
 * Twilio and the web app try again; docs/decisions/022); anything else -> 500 without internals.
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
        msg: v.message ?? MSG.validationFailed,
        type: v.keyword,
      }));
      return reply.status(422).send({ detail: MSG.validationFailed, details });
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

    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ detail: MSG.tooManyRequests });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message || MSG.genericError });
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ detail: MSG.databaseUnavailable });
    }

    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: MSG.internalError });
  });
}
