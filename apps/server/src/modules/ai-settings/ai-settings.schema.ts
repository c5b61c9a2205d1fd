import { integer, pgEnum, pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { AI_PROVIDERS } from "@clinora/contracts";
import { updatedAt } from "../../platform/db/columns";
import { users } from "../users/users.schema";

export const aiProvider = pgEnum("ai_provider", AI_PROVIDERS);

/** The global assistant configuration: a single row with id 1 (docs/product/admin.md §3 "Global AI settings"). */
export const aiSettings = pgTable("ai_settings", {
  id: integer("id").primaryKey().default(1),
  provider: aiProvider("provider").notNull().default("openai"),
  model: text("model").notNull().default("gpt-4o-mini"),
  temperature: real("temperature").notNull().default(0.7),
  systemPrompt: text("system_prompt").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
