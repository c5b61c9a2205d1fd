import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema, MSG } from "@clinora/contracts";
import { AppError } from "../../../platform/lib/app-error";
import type { Clock } from "../../../platform/lib/clock";
import type { Db } from "../../../platform/db/client";
import { mediaRepository, type MediaRow } from "./media.repository";
import { defaultFileName } from "./media-rules";
import type { outboundMediaSigner } from "./media.service";

/** RFC 6266 / RFC 8187: an ASCII fallback name and the UTF-8 one. */
function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "_") || "arquivo";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stored file as the answer: its own type (only accepted types are ever stored), its name, never sniffed. */
export function sendFileBytes(reply: FastifyReply, row: MediaRow, download: boolean) {
  const name = row.fileName ?? defaultFileName(row.kind, row.contentType, row.id);
  return reply
    .header("content-type", row.contentType)
    .header("content-length", row.data!.length)
    .header("content-disposition", contentDisposition(download ? "attachment" : "inline", name))
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(row.data);
}

const outboundParams = z.object({ mediaId: z.uuid(MSG.attachmentLinkInvalid) });
const outboundQuery = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });

/**
 * The public link Twilio fetches a professional's file from (docs/decisions/026): no session, only the signature, which names
 * this file and this purpose and expires (docs/decisions/026). Anything else is a plain 404.
 */
export function outboundMediaRoutes(db: Db, clock: Clock, signer: ReturnType<typeof outboundMediaSigner>) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/media/outbound/:mediaId",
      {
        config: { access: "public" as const },
        schema: { tags: ["conversations"], summary: "Arquivo enviado pelo profissional, buscado pelo Twilio (link assinado e temporário)", params: outboundParams, querystring: outboundQuery, response: { 404: errorResponseSchema } },
      },
      async (request, reply) => {
        const { mediaId } = request.params;
        if (!signer.verify(mediaId, request.query.expires, request.query.signature, clock.now())) throw AppError.notFound(MSG.attachmentLinkInvalid);
        const row = await mediaRepository(db).findOutbound(mediaId);
        if (!row?.data) throw AppError.notFound(MSG.attachmentLinkInvalid);
        return sendFileBytes(reply, row, false);
      },
    );
  };
}
