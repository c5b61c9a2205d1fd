import { createHmac, timingSafeEqual } from "node:crypto";
import {
  inboundMediaKind,
  MSG,
  type MediaKind,
  type MessageMedia,
} from "@clinora/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../../../platform/db/client";
import type { Transcriber } from "../../../platform/integrations/llm/transcriber";
import { MediaRedirectRefused, twilioMediaReader } from "../../../platform/integrations/twilio/twilio-media";
import { enqueueJob, type EnqueueSpec } from "../../../platform/jobs/job.repository";
import { exponentialBackoffMs, PermanentJobError, type ClaimedJob, type JobContext, type JobDefinition } from "../../../platform/jobs/worker";
import type { Clock } from "../../../platform/lib/clock";
import { safetyCaseOf, safetyConversationValues } from "../../safety";
import { messageRepository } from "../message.repository";
import { queueSafetyAnswer } from "../safety-reply";
import type { ReplyJobOf } from "../inbound-rules";
import type { WhatsappOutboundService } from "../whatsapp-outbound.service";
import { looksLike } from "../../../platform/lib/file-signature";
import { isTwilioMediaUrl, MediaRejected, readLimited, type InboundFile } from "./media-rules";
import { mediaRepository, type MediaInfo } from "./media.repository";

/** Job types of a patient's files: fetch them from Twilio, then transcribe the voice notes. */
export const MEDIA_FETCH_JOB = "media.fetch";
export const MEDIA_TRANSCRIBE_JOB = "media.transcribe";
/** Tries of a fetch (Twilio busy or unreachable) before the thread says "Mídia indisponível". */
const FETCH_ATTEMPTS = 4;
/** Tries of a transcription before the thread says the audio could not be transcribed. */
const TRANSCRIBE_ATTEMPTS = 3;
/** One download's limit (16 MB over a slow link). */
const FETCH_TIMEOUT_MS = 60_000;
/** How long the link Twilio fetches a professional's file from stays valid. */
export const OUTBOUND_LINK_TTL_MS = 2 * 3600_000;

/** The API's view of a file; `url` only once it can be opened. */
export function toMediaDto(row: MediaInfo): MessageMedia {
  return {
    id: row.id,
    kind: row.kind,
    content_type: row.contentType,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    status: row.status,
    status_message: row.status === "ready" ? null : (row.statusMessage ?? (row.status === "pending" ? MSG.mediaPending : MSG.mediaUnavailable)),
    transcript: row.transcriptStatus === "done" ? row.transcript : null,
    transcript_status: row.transcriptStatus,
    url: row.status === "ready" ? `/api/conversations/${row.conversationId}/media/${row.id}` : null,
  };
}

/**
 * The link Twilio fetches a professional's file from: signed with a key derived from the Twilio auth token, for
 * this one purpose and file, until `expires` (ms since the epoch).
 */
export function outboundMediaSigner(authToken: string | undefined) {
  const key = authToken ? createHmac("sha256", authToken).update("clinora.outbound-media.v1").digest() : null;
  const sign = (mediaId: string, expires: number) => createHmac("sha256", key!).update(`outbound-media:${mediaId}:${expires}`).digest("base64url");
  return {
    configured: key !== null,
    path(mediaId: string, now: Date) {
      const expires = now.getTime() + OUTBOUND_LINK_TTL_MS;
      return `/api/media/outbound/${mediaId}?expires=${expires}&signature=${sign(mediaId, expires)}`;
    },
    verify(mediaId: string, expires: string | undefined, signature: string | undefined, now: Date): boolean {
      if (!key || !expires || !signature || !/^\d{1,16}$/.test(expires)) return false;
      if (Number(expires) < now.getTime()) return false;
      const expected = Buffer.from(sign(mediaId, Number(expires)));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;

/**
 * A patient's files (docs/decisions/026): the webhook records them as pending; a job fetches each from
 * Twilio with the account's credentials (only from Twilio's host, within 16 MB, of an accepted type, not empty or
 * broken), stores it, has the voice notes transcribed, then lets the assistant answer.
 */
export function mediaService(
  db: Db,
  clock: Clock,
  deps: {
    twilio: { accountSid?: string; authToken?: string; baseUrl?: string };
    transcriber: Transcriber | null;
    outbound: Pick<WhatsappOutboundService, "queue">;
    log: FastifyBaseLogger;
    /** The assistant's reply job, once a voice note is transcribed. */
    replyJob: ReplyJobOf;
  },
) {
  const twilioMedia = twilioMediaReader(deps.twilio);

  /** The job that fetches a message's files, in the webhook's transaction. */
  const fetchJobFor = (m: { professionalId: string; messageId: string; at: Date }): EnqueueSpec => ({
    type: MEDIA_FETCH_JOB,
    payload: { messageId: m.messageId },
    professionalId: m.professionalId,
    dedupeKey: `media:${m.messageId}`,
    maxAttempts: FETCH_ATTEMPTS,
    runAt: m.at,
  });

  /** Once every file of the message is settled: the assistant answers it (the reply job decides whether it should). */
  const queueReply = async (tx: DbOrTx, job: ClaimedJob, messageId: string) => {
    const conversationId = String(job.payload.conversationId ?? "");
    const found = conversationId ? conversationId : ((await mediaRepository(tx).listOfMessage(messageId))[0]?.conversationId ?? "");
    if (!found || !job.professionalId) return;
    await enqueueJob(tx, deps.replyJob({ professionalId: job.professionalId, conversationId: found, messageId, at: clock.now() }));
  };

  /** After the fetch: the voice notes to transcribe go to the transcription job; otherwise the assistant answers. */
  const afterFetch = async (job: ClaimedJob, messageId: string) => {
    const files = await mediaRepository(db).listOfMessage(messageId);
    if (files.some((f) => f.transcriptStatus === "pending")) {
      await enqueueJob(db, { type: MEDIA_TRANSCRIBE_JOB, payload: { messageId }, professionalId: job.professionalId, dedupeKey: `transcribe:${messageId}`, maxAttempts: TRANSCRIBE_ATTEMPTS, runAt: clock.now() });
    } else {
      await queueReply(db, job, messageId);
    }
  };

  /** Downloads one file from Twilio: its bytes, or MediaRejected (a rule broken), or an error worth retrying. */
  const download = async (file: MediaInfo, signal: AbortSignal): Promise<Buffer> => {
    if (!file.sourceUrl || !isTwilioMediaUrl(file.sourceUrl, deps.twilio.baseUrl)) throw new MediaRejected(MSG.mediaHostRefused);
    const response = await twilioMedia.get(file.sourceUrl, AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]));
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel().catch(() => undefined);
      throw new PermanentJobError(`Twilio answered HTTP ${response.status} for a media file`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`Twilio answered HTTP ${response.status} for a media file`);
    }
    const bytes = await readLimited(response);
    if (!looksLike(file.contentType, bytes)) throw new MediaRejected(MSG.mediaEmpty);
    return bytes;
  };

  const fetchJob: JobDefinition = {
    waitsOnNetwork: true,
    async run(job: ClaimedJob, ctx: JobContext) {
      const messageId = String(job.payload.messageId ?? "");
      const repo = mediaRepository(db);
      let retry: unknown = null;
      for (const file of await repo.listOfMessage(messageId)) {
        if (file.status !== "pending") continue;
        try {
          const data = await download(file, ctx.signal);
          await repo.update(
            file.id,
            { status: "ready", statusMessage: null, data, sizeBytes: data.length, transcriptStatus: file.kind === "audio" ? (deps.transcriber ? "pending" : "no_provider") : null },
            { status: "pending" },
          );
        } catch (error) {
          if (error instanceof MediaRejected) {
            if (error.detail === MSG.mediaHostRefused) deps.log.warn({ messageId, mediaId: file.id }, "media URL on a host other than Twilio's refused");
            await repo.update(file.id, { status: "rejected", statusMessage: error.detail }, { status: "pending" });
          } else if (error instanceof MediaRedirectRefused) {
            // A redirect away from Twilio's media hosts (docs/decisions/031): not followed, not retried.
            deps.log.warn({ messageId, mediaId: file.id, host: error.host }, error.message);
            await repo.update(file.id, { status: "failed", statusMessage: MSG.mediaUnavailable }, { status: "pending" });
          } else if (error instanceof PermanentJobError) {
            await repo.update(file.id, { status: "failed", statusMessage: MSG.mediaUnavailable }, { status: "pending" });
          } else {
            retry ??= error;
          }
        }
      }
      if (retry) throw retry;
      await afterFetch(job, messageId);
    },
    /** Still unreachable after every try: "Mídia indisponível", and the assistant answers what it has. */
    async onFailed(job) {
      const messageId = String(job.payload.messageId ?? "");
      const repo = mediaRepository(db);
      for (const file of await repo.listOfMessage(messageId)) {
        if (file.status === "pending") await repo.update(file.id, { status: "failed", statusMessage: MSG.mediaUnavailable }, { status: "pending" });
      }
      await afterFetch(job, messageId);
    },
    backoffMs: (attempt) => exponentialBackoffMs(attempt, 2000),
    timeoutMs: FETCH_TIMEOUT_MS * 2,
  };

  /**
   * A transcript is the patient's words: a crisis or an emergency in it is answered by the server at once and the
   * conversation goes to the professional, as for a typed message (docs/decisions/022).
   */
  const checkSafety = async (messageId: string, professionalId: string, transcript: string) => {
    const found = safetyCaseOf(transcript);
    if (!found) return;
    await db.transaction(async (tx) => {
      const repo = messageRepository(tx);
      const [file] = await mediaRepository(tx).listOfMessage(messageId);
      if (!file) return;
      const conversation = await repo.findConversation(professionalId, file.conversationId, { lock: true });
      if (!conversation) return;
      await repo.updateConversation(professionalId, conversation.id, safetyConversationValues(conversation));
      await queueSafetyAnswer(tx, deps.outbound, { conversation, messageId, found, at: clock.now() });
    });
  };

  const transcribeJob: JobDefinition = {
    // A transcription waits seconds on OpenAI: it must not hold a slot of CPU work meanwhile.
    waitsOnNetwork: true,
    async run(job: ClaimedJob, ctx: JobContext) {
      const messageId = String(job.payload.messageId ?? "");
      const repo = mediaRepository(db);
      const texts: string[] = [];
      for (const file of await repo.listOfMessage(messageId)) {
        if (file.transcriptStatus !== "pending") {
          if (file.transcriptStatus === "done" && file.transcript) texts.push(file.transcript);
          continue;
        }
        if (!deps.transcriber) {
          await repo.update(file.id, { transcriptStatus: "no_provider" }, { transcriptStatus: "pending" });
          continue;
        }
        const data = await repo.readData(file.id);
        if (!data) continue;
        const transcript = await deps.transcriber.transcribe({ data, fileName: file.fileName ?? `audio.${file.contentType.split("/")[1] ?? "ogg"}`, contentType: file.contentType }, ctx.signal);
        // An empty transcript (silence, noise) is a failed one: the patient is asked to write.
        await repo.update(file.id, transcript ? { transcriptStatus: "done", transcript } : { transcriptStatus: "failed" }, { transcriptStatus: "pending" });
        if (transcript) texts.push(transcript);
      }
      if (texts.length && job.professionalId) await checkSafety(messageId, job.professionalId, texts.join("\n"));
      await queueReply(db, job, messageId);
    },
    /** Every try failed or timed out: the thread says the audio could not be transcribed; the audio stays. */
    async onFailed(job) {
      const messageId = String(job.payload.messageId ?? "");
      const repo = mediaRepository(db);
      for (const file of await repo.listOfMessage(messageId)) {
        if (file.transcriptStatus === "pending") await repo.update(file.id, { transcriptStatus: "failed" }, { transcriptStatus: "pending" });
      }
      await queueReply(db, job, messageId);
    },
    backoffMs: (attempt) => exponentialBackoffMs(attempt, 3000),
  };

  return {
    fetchJobFor,

    /**
     * Records a message's files in the webhook's transaction: pending, or at once rejected when the type is not
     * accepted or the address is not Twilio's (logged). Returns the kinds, for the conversation's last message.
     */
    async recordInbound(tx: DbOrTx, m: { professionalId: string; conversationId: string; messageId: string; files: InboundFile[]; log?: FastifyBaseLogger }): Promise<MediaKind[]> {
      const rows = m.files.map((file, position) => {
        const kind = inboundMediaKind(file.contentType);
        const contentType = file.contentType.split(";")[0]!.trim().toLowerCase() || "application/octet-stream";
        const hostOk = isTwilioMediaUrl(file.url, deps.twilio.baseUrl);
        if (!hostOk) (m.log ?? deps.log).warn({ messageId: m.messageId, host: safeHost(file.url) }, "inbound media URL on a host other than Twilio's refused");
        const statusMessage = !hostOk ? MSG.mediaHostRefused : !kind ? MSG.mediaTypeNotAccepted : null;
        return {
          professionalId: m.professionalId,
          conversationId: m.conversationId,
          messageId: m.messageId,
          position,
          kind: kind ?? (contentType.startsWith("audio/") ? "audio" : contentType.startsWith("image/") ? "image" : "document"),
          contentType,
          status: statusMessage ? ("rejected" as const) : ("pending" as const),
          statusMessage,
          sourceUrl: hostOk ? file.url : null,
        };
      });
      await mediaRepository(tx).insert(rows);
      return rows.map((r) => r.kind);
    },

    jobs: { [MEDIA_FETCH_JOB]: fetchJob, [MEDIA_TRANSCRIBE_JOB]: transcribeJob } as Record<string, JobDefinition>,
  };
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
