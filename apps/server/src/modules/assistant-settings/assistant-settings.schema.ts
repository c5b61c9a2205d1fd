import { boolean, integer, pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "../../platform/db/columns";
import { professionals } from "../professionals/professionals.schema";

/** The assistant configuration of one professional (docs/product/assistant.md §3 "Assistant settings"). */
export const assistantSettings = pgTable("assistant_settings", {
  professionalId: uuid("professional_id")
    .primaryKey()
    .references(() => professionals.id, { onDelete: "cascade" }),
  aiEnabled: boolean("ai_enabled").notNull().default(true),
  aiModel: text("ai_model").notNull().default("gpt-4o-mini"),
  aiRoleName: text("ai_role_name").default("Marge"),
  aiSystemPrompt: text("ai_system_prompt"),
  aiInstructions: text("ai_instructions"),
  aiTemperature: real("ai_temperature").notNull().default(0.7),
  aiMaxTokens: integer("ai_max_tokens").notNull().default(500),
  updatedAt: updatedAt(),
});
