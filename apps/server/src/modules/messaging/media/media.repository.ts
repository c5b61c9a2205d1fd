import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../platform/db/client";
import { preparedStatement } from "../../../platform/db/prepared-statement";
import { messageMedia, messages } from "../messaging.schema";

export type MediaRow = typeof messageMedia.$inferSelect;
/** A file without its bytes (lists never read them). */
export type MediaInfo = Omit<MediaRow, "data">;

const info = {
  id: messageMedia.id,
  professionalId: messageMedia.professionalId,
  conversationId: messageMedia.conversationId,
  messageId: messageMedia.messageId,
  position: messageMedia.position,
  kind: messageMedia.kind,
  contentType: messageMedia.contentType,
  fileName: messageMedia.fileName,
  sizeBytes: messageMedia.sizeBytes,
  status: messageMedia.status,
  statusMessage: messageMedia.statusMessage,
  sourceUrl: messageMedia.sourceUrl,
  transcript: messageMedia.transcript,
  transcriptStatus: messageMedia.transcriptStatus,
  createdAt: messageMedia.createdAt,
  updatedAt: messageMedia.updatedAt,
};

/**
 * The files of messages (docs/decisions/026). The reads a screen makes are scoped by the professional; the jobs
 * read by message id (a job names its professional too).
 */
/** listOfMessage's read, on every assistant reply and every send: built once (docs/decisions/036). */
const filesOfMessage = preparedStatement(["messageId"], (db, p) => db.select(info).from(messageMedia).where(eq(messageMedia.messageId, p.messageId)).orderBy(asc(messageMedia.position)));

/** readyIdsOf's read, on every send: built once. */
const readyFilesOf = preparedStatement(["messageId"], (db, p) =>
  db
    .select({ id: messageMedia.id })
    .from(messageMedia)
    .where(and(eq(messageMedia.messageId, p.messageId), eq(messageMedia.status, "ready")))
    .orderBy(asc(messageMedia.position)),
);

export function mediaRepository(db: DbOrTx) {
  return {
    async insert(values: (typeof messageMedia.$inferInsert)[]) {
      if (values.length === 0) return [];
      return db.insert(messageMedia).values(values).returning(info);
    },

    /** The files of these messages of one professional, in their order, without their bytes. */
    async listOfMessages(professionalId: string, messageIds: readonly string[]): Promise<MediaInfo[]> {
      if (messageIds.length === 0) return [];
      return db
        .select(info)
        .from(messageMedia)
        .where(and(eq(messageMedia.professionalId, professionalId), inArray(messageMedia.messageId, [...messageIds])))
        .orderBy(asc(messageMedia.messageId), asc(messageMedia.position));
    },

    /** One file with its bytes, only within this professional's conversation. */
    async findOwn(professionalId: string, conversationId: string, id: string): Promise<MediaRow | null> {
      const [row] = await db
        .select()
        .from(messageMedia)
        .where(and(eq(messageMedia.professionalId, professionalId), eq(messageMedia.conversationId, conversationId), eq(messageMedia.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** A file the professional sent (an outbound message's), with its bytes: what Twilio fetches. */
    async findOutbound(id: string): Promise<MediaRow | null> {
      const [row] = await db
        .select({ media: messageMedia })
        .from(messageMedia)
        .innerJoin(messages, eq(messages.id, messageMedia.messageId))
        .where(and(eq(messageMedia.id, id), eq(messages.direction, "outbound"), eq(messageMedia.status, "ready")))
        .limit(1);
      return row?.media ?? null;
    },

    /** The ready files of an outbound message, for its send (ids only). */
    async readyIdsOf(messageId: string): Promise<string[]> {
      const rows = await readyFilesOf(db, { messageId });
      return rows.map((r) => r.id);
    },

    /** The files of one message (a job's), without their bytes. */
    async listOfMessage(messageId: string): Promise<MediaInfo[]> {
      return filesOfMessage(db, { messageId });
    },

    async readData(id: string): Promise<Buffer | null> {
      const [row] = await db.select({ data: messageMedia.data }).from(messageMedia).where(eq(messageMedia.id, id)).limit(1);
      return row?.data ?? null;
    },

    /** Moves a file on; a file already settled by an earlier run is left as it is when `onlyFrom` is given. */
    async update(id: string, values: Partial<Omit<MediaRow, "id" | "professionalId" | "conversationId" | "messageId" | "createdAt">>, onlyFrom?: { status?: MediaRow["status"]; transcriptStatus?: MediaRow["transcriptStatus"] }) {
      await db
        .update(messageMedia)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(messageMedia.id, id),
            onlyFrom?.status ? eq(messageMedia.status, onlyFrom.status) : undefined,
            onlyFrom?.transcriptStatus ? eq(messageMedia.transcriptStatus, onlyFrom.transcriptStatus) : undefined,
          ),
        );
    },

    /** Anonymisation: every file of these conversations goes (the thread keeps that there was one, not what). */
    async deleteOfConversations(professionalId: string, conversationIds: readonly string[]) {
      if (conversationIds.length === 0) return;
      await db.delete(messageMedia).where(and(eq(messageMedia.professionalId, professionalId), inArray(messageMedia.conversationId, [...conversationIds])));
    },

    /** Every file of these conversations with its bytes (the LGPD export). */
    async listWithDataOfConversations(professionalId: string, conversationIds: readonly string[]): Promise<MediaRow[]> {
      if (conversationIds.length === 0) return [];
      return db
        .select()
        .from(messageMedia)
        .where(and(eq(messageMedia.professionalId, professionalId), inArray(messageMedia.conversationId, [...conversationIds])))
        .orderBy(asc(messageMedia.createdAt), asc(messageMedia.position));
    },

    /** The voice notes' transcripts of messages, joined in order: what the assistant reads as the patient's words. */
    transcriptOf: (messageId: unknown) =>
      sql<string | null>`(select string_agg(mm.transcript, E'\\n' order by mm.position) from ${messageMedia} mm where mm.message_id = ${messageId} and mm.transcript_status = 'done' and mm.transcript <> '')`,
  };
}
