import { pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns";
import { professionals } from "../professionals/professionals.schema";

/** The private iCalendar subscription link of a professional: only the token's SHA-256 is kept. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    professionalId: uuid("professional_id")
      .primaryKey()
      .references(() => professionals.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_key").on(t.tokenHash)],
);
