import { z } from "zod";
import { LEAD_STATUSES } from "./enums";
import { MSG } from "./messages";
import { optionalText, pageQuerySchema, requiredText } from "./common";

/** Leads page size (docs/product/admin.md §9). */
export const LEADS_PAGE_SIZE = 20;

/** A sales prospect (docs/product/admin.md §3 "Lead"); `contact_form` is an email or a phone. */
export const leadSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contact_form: z.string(),
  status: z.enum(LEAD_STATUSES),
  source: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;


/** Create and edit payload (docs/product/admin.md §4, §5): any status may be chosen; new is the default. */
export const leadInputSchema = z.object({
  name: requiredText(MSG.leadNameRequired).max(200),
  contact_form: requiredText(MSG.leadContactRequired).max(254),
  status: z.enum(LEAD_STATUSES, "Status inválido").default("new"),
  source: optionalText(100),
  notes: optionalText(5000),
});
export type LeadInput = z.input<typeof leadInputSchema>;
export type LeadInputParsed = z.output<typeof leadInputSchema>;

/** Newest first; `search` matches the name or the contact. */
export const leadListQuerySchema = pageQuerySchema.extend({
  status: z.enum(LEAD_STATUSES, "Status inválido").optional(),
  source: z.string().trim().max(100).optional(),
  search: z.string().trim().max(200).optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** docs/product/admin.md §3 "Lead stats": by_status holds every status, top_sources every source by count. */
export const leadStatsSchema = z.object({
  total: z.number().int(),
  by_status: z.record(z.enum(LEAD_STATUSES), z.number().int()),
  last_7_days: z.number().int(),
  last_30_days: z.number().int(),
  top_sources: z.array(z.object({ source: z.string(), count: z.number().int() })),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;
