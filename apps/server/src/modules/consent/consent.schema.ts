import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ConsentChannel, ConsentMethod, ConsentStatus } from "@clinora/contracts";
import { belongsTo, id } from "../../platform/db/columns";
import { patients } from "../patients/patients.schema";
import { professionals } from "../professionals/professionals.schema";

/**
 * Every time a patient gave or withdrew consent for a channel, and how (LGPD art. 8 §5: consent may be withdrawn at
 * any time; art. 18 IX). Append-only: the current state of a channel is its latest row. A WhatsApp keyword from a
 * number that is no patient yet is kept by phone and applies once a patient has that phone.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: id(),
    professionalId: belongsTo("professional_id", () => professionals.id),
    patientId: uuid("patient_id").references(() => patients.id, { onDelete: "cascade" }),
    /** E.164, when the event came from a phone (a WhatsApp keyword, Twilio's 21610). */
    phone: text("phone"),
    channel: text("channel").$type<ConsentChannel>().notNull(),
    status: text("status").$type<ConsentStatus>().notNull(),
    method: text("method").$type<ConsentMethod>().notNull(),
    note: text("note"),
    /** The user who recorded it; null when the patient did it on WhatsApp. */
    actorUserId: uuid("actor_user_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_events_professional_patient_idx").on(t.professionalId, t.patientId, t.at),
    index("consent_events_professional_phone_idx").on(t.professionalId, t.phone, t.at),
  ],
);
