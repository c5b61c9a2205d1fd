import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ReminderOutcome } from "@clinora/contracts";
import { belongsTo, createdAt, id, updatedAt } from "../../platform/db/columns";
import { appointments } from "../appointments/appointments.schema";
import { conversations, messages } from "../messaging/messaging.schema";
import { professionals } from "../professionals/professionals.schema";

/**
 * One WhatsApp reminder of one appointment start (docs/decisions/017-whatsapp-reminders.md): written in the same
 * transaction as the message it queues, so a job that runs twice finds it and sends nothing more. Unique by
 * appointment and start: a moved appointment gets a reminder for its new time, never two for the same time.
 * A reminder that could not go out is kept as `skipped` with the reason the professional sees.
 */
export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    appointmentId: belongsTo("appointment_id", () => appointments.id),
    /** The appointment start this reminder was for. */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    leadHours: integer("lead_hours").notNull(),
    outcome: text("outcome").$type<ReminderOutcome>().notNull(),
    /** Why it was not sent (a REMINDER_SKIP_REASONS key); null when sent. */
    reason: text("reason"),
    /** "template" or "text" when sent. */
    mode: text("mode"),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("appointment_reminders_appointment_start_key").on(t.professionalId, t.appointmentId, t.startsAt),
    index("appointment_reminders_professional_conversation_idx").on(t.professionalId, t.conversationId, t.createdAt),
  ],
);
