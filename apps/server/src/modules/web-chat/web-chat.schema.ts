import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { conversations } from "../messaging/messaging.schema";
import { professionals } from "../professionals/professionals.schema";

/**
 * A web-chat visitor (docs/decisions/016): the only key to its conversation is a random token kept in the visitor's
 * browser, of which only the SHA-256 is stored. Counts the model calls made for it today (the professional's day),
 * so a bot cannot run up the clinic's bill.
 */
export const webChatVisitors = pgTable(
  "web_chat_visitors",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    conversationId: belongsTo("conversation_id", () => conversations.id),
    tokenHash: text("token_hash").notNull(),
    /** The local day `llm_calls` counts (YYYY-MM-DD in the professional's zone). */
    llmDay: date("llm_day", { mode: "string" }),
    llmCalls: integer("llm_calls").notNull().default(0),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("web_chat_visitors_token_key").on(t.tokenHash),
    uniqueIndex("web_chat_visitors_conversation_key").on(t.conversationId),
    index("web_chat_visitors_professional_idx").on(t.professionalId, t.createdAt),
  ],
);
