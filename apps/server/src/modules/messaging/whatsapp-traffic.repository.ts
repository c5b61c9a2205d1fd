import { and, desc, eq, gt, gte, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/client";
import { conversations, messages, systemEvents } from "./messaging.schema";
import { patients } from "../patients/patients.schema";
import { UNROUTED_INBOUND } from "./message.repository";

/**
 * WhatsApp traffic of one professional, or of the whole platform when `professionalId` is null (an
 * administrator's view). Web-chat conversations are left out: they never pass through Twilio.
 */
export function whatsappTrafficRepository(db: DbOrTx, professionalId: string | null) {
  const whatsappConversation = and(
    eq(conversations.channel, "whatsapp"),
    professionalId ? eq(conversations.professionalId, professionalId) : undefined,
  );
  const whatsappMessage = and(
    eq(conversations.channel, "whatsapp"),
    professionalId ? eq(messages.professionalId, professionalId) : undefined,
  );

  const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const latestWhere = (condition?: SQL) =>
    (condition ? sql`max(${messages.sentAt}) filter (where ${condition})` : sql`max(${messages.sentAt})`).mapWith(messages.sentAt);

  return {
    /** Message counts since `since` by direction and outbound status, and the latest message times ever. */
    async messageFigures(since: Date) {
      const recent = gte(messages.sentAt, since);
      const outboundRecent = (status: "sent" | "delivered" | "read" | "failed") =>
        countWhere(and(recent, eq(messages.direction, "outbound"), eq(messages.status, status))!);
      const [row] = await db
        .select({
          inbound: countWhere(and(recent, eq(messages.direction, "inbound"))!),
          outbound: countWhere(and(recent, eq(messages.direction, "outbound"))!),
          sent: outboundRecent("sent"),
          delivered: outboundRecent("delivered"),
          read: outboundRecent("read"),
          failed: outboundRecent("failed"),
          lastMessageAt: latestWhere(),
          lastInboundAt: latestWhere(eq(messages.direction, "inbound")),
          lastOutboundAt: latestWhere(eq(messages.direction, "outbound")),
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(whatsappMessage);
      return row!;
    },

    /** Conversations waiting for the professional: all, those idle since `staleBefore`, those with unread messages. */
    async waitingFigures(staleBefore: Date) {
      const waiting = eq(conversations.status, "waiting");
      const [row] = await db
        .select({
          waiting: countWhere(waiting),
          stale: countWhere(and(waiting, lte(conversations.lastMessageAt, staleBefore))!),
          unread: countWhere(and(waiting, gt(conversations.unreadCount, 0))!),
        })
        .from(conversations)
        .where(whatsappConversation);
      return row!;
    },

    /** Inbound messages since `since` to numbers no professional owns, and the number of the latest. */
    async unroutedInbound(since: Date) {
      const [row] = await db
        .select({ count: countWhere(sql`true`), lastNumber: sql<string | null>`(array_agg(${systemEvents.detail}->>'to' order by ${systemEvents.createdAt} desc))[1]` })
        .from(systemEvents)
        .where(and(eq(systemEvents.kind, UNROUTED_INBOUND), gte(systemEvents.createdAt, since)));
      return { count: row?.count ?? 0, lastNumber: row?.lastNumber ?? null };
    },

    /** Failed outbound messages since `since`, newest first. */
    recentFailures(since: Date, limit: number) {
      return db
        .select({
          id: messages.id,
          patientName: sql<string | null>`coalesce(${conversations.patientName}, ${patients.name})`,
          phoneNumber: sql<string | null>`coalesce(${conversations.phoneNumber}, ${patients.phone})`,
          sentAt: messages.sentAt,
          content: messages.content,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .leftJoin(patients, eq(patients.id, conversations.patientId))
        .where(and(whatsappMessage, eq(messages.direction, "outbound"), eq(messages.status, "failed"), gte(messages.sentAt, since)))
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(limit);
    },
  };
}
