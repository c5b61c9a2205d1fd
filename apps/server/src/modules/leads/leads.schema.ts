import { index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { LEAD_STATUSES } from "@clinora/contracts";
import { createdAt, id, updatedAt } from "../../platform/db/columns";

export const leadStatus = pgEnum("lead_status", LEAD_STATUSES);

/** Sales prospects tracked by administrators (docs/product/admin.md §3 "Lead"). */
export const leads = pgTable(
  "leads",
  {
    id: id(),
    name: text("name").notNull(),
    contactForm: text("contact_form").notNull(),
    status: leadStatus("status").notNull().default("new"),
    source: text("source"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("leads_created_idx").on(t.createdAt), index("leads_status_idx").on(t.status, t.createdAt)],
);
