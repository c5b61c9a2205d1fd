import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MEDIA_MAX_BYTES, MSG } from "@clinora/contracts";
import { AppError } from "../lib/app-error";

/** The body limit of a route whose body is a file: WhatsApp's 16 MB, the limit of every file the product keeps. */
export const FILE_BODY_LIMIT = MEDIA_MAX_BYTES;

/** A scope of file routes, with the zod type provider like every other route. */
export type FileRoutes = ReturnType<typeof zodScope>;
const zodScope = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();

/**
 * Registers routes whose body is one file (any Content-Type, read as bytes, up to FILE_BODY_LIMIT) in a scope of
 * their own, so every other route keeps JSON only and the 1 MiB limit; a larger body is a 413 with the attachments'
 * message. Used by the conversation attachments, the prontuário's files and the expenses' files.
 */
export function registerFileRoutes(app: FastifyInstance, routes: (scope: FileRoutes) => void) {
  return app.register(async (scope) => {
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: FILE_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error) => {
      if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new AppError(413, MSG.attachmentTooLarge, "payload_too_large");
      throw error;
    });
    routes(zodScope(scope));
  });
}

/** The uploaded file of a file route: its bytes and declared type; 415 when the body did not come as bytes. */
export function fileBodyOf(request: FastifyRequest): { data: Buffer; contentType: string | undefined } {
  if (!Buffer.isBuffer(request.body)) throw new AppError(415, MSG.attachmentTypeNotAccepted, "unsupported_media_type");
  return { data: request.body, contentType: request.headers["content-type"] };
}
