import { type Lead, LEAD_STATUSES, type LeadInputParsed, type LeadListQuery, type LeadStats, type LeadStatus, toE164BR } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import type { Actor } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { leadRepository, type LeadRow, type LeadWrite } from "./lead.repository";
import { isoInstant } from "../../platform/db/rows";

export type LeadService = ReturnType<typeof leadService>;


const NOT_FOUND = "Lead não encontrado";
const DAY = 24 * 60 * 60 * 1000;

function toLeadDto(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    contact_form: row.contactForm,
    status: row.status,
    source: row.source,
    notes: row.notes,
    created_at: isoInstant(row.createdAt),
    updated_at: isoInstant(row.updatedAt),
  };
}

/**
 * An email is kept in lower case; a Brazilian phone is stored in E.164 (docs/product/patients.md §10.1); any other
 * contact (a foreign number, a social profile) is kept as typed, since the spec only asks for one.
 */
function normalizeContact(contact: string): string {
  if (contact.includes("@")) return contact.toLowerCase();
  return toE164BR(contact) ?? contact;
}

function toWrite(input: LeadInputParsed): LeadWrite {
  return {
    name: input.name,
    contactForm: normalizeContact(input.contact_form),
    status: input.status,
    source: input.source ?? null,
    notes: input.notes ?? null,
  };
}

export function leadService(db: Db, clock: Clock) {
  const repo = leadRepository(db);
  return {
    /** Newest first, filtered by status, source and a name-or-contact search. */
    async list(q: LeadListQuery) {
      const { rows, total } = await repo.list({ status: q.status, source: q.source || undefined, search: q.search || undefined }, pageWindow(q));
      return pageOf(rows.map(toLeadDto), total, q);
    },

    /** Figures of the five cards and the source filter's options (docs/product/admin.md §2.3). */
    async stats(): Promise<LeadStats> {
      const now = clock.now().getTime();
      const [counts, byStatus, bySource] = await Promise.all([
        repo.countCreatedSince(new Date(now - 7 * DAY), new Date(now - 30 * DAY)),
        repo.countByStatus(),
        repo.countBySource(),
      ]);
      const zeroes = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
      return {
        total: counts.total,
        by_status: { ...zeroes, ...Object.fromEntries(byStatus.map((r) => [r.status, r.count])) },
        last_7_days: counts.last7Days,
        last_30_days: counts.last30Days,
        top_sources: bySource,
      };
    },

    async get(id: string) {
      const row = await repo.findById(id);
      if (!row) throw AppError.notFound(NOT_FOUND);
      return toLeadDto(row);
    },

    async create(actor: Actor, input: LeadInputParsed) {
      const values = toWrite(input);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await leadRepository(tx).insert({ ...values, createdAt: now, updatedAt: now });
        await recordAudit(tx, actor, { action: "lead.created", entityType: "lead", entityId: row.id });
        return toLeadDto(row);
      });
    },

    async update(actor: Actor, id: string, input: LeadInputParsed) {
      const values = toWrite(input);
      return db.transaction(async (tx) => {
        const row = await leadRepository(tx).update(id, { ...values, updatedAt: clock.now() });
        if (!row) throw AppError.notFound(NOT_FOUND);
        await recordAudit(tx, actor, { action: "lead.updated", entityType: "lead", entityId: id });
        return toLeadDto(row);
      });
    },

    async remove(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        if (!(await leadRepository(tx).delete(id))) throw AppError.notFound(NOT_FOUND);
        await recordAudit(tx, actor, { action: "lead.deleted", entityType: "lead", entityId: id });
      });
    },
  };
}
