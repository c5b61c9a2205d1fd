import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../../platform/db/columns";
import { professionals } from "../professionals/professionals.schema";

/** WhatsApp senders provisioned in Twilio and routed to one professional (docs/product/admin.md §2.5). */
export const twilioNumbers = pgTable(
  "twilio_numbers",
  {
    id: id(),
    /** `whatsapp:+5511987654321` */
    twilioNumber: text("twilio_number").notNull(),
    /** `+5511987654321` */
    e164Number: text("e164_number").notNull(),
    label: text("label"),
    professionalId: uuid("professional_id").references(() => professionals.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("twilio_numbers_number_key").on(t.twilioNumber),
    uniqueIndex("twilio_numbers_e164_key").on(t.e164Number),
    index("twilio_numbers_professional_idx").on(t.professionalId),
  ],
);
