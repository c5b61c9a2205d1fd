import { and, desc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { ConsentChannel, ConsentMethod, ConsentStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { consentEvents } from "./consent.schema";
import { userNamesOf } from "../users";

export type ConsentEventRow = typeof consentEvents.$inferSelect;
export type ConsentEventWithActor = ConsentEventRow & { actorName: string | null };

export interface NewConsentEvent {
  patientId: string | null;
  phone: string | null;
  channel: ConsentChannel;
  status: ConsentStatus;
  method: ConsentMethod;
  note?: string | null;
  actorUserId?: string | null;
  at: Date;
}

/** Whose events these are: the patient's own, or those recorded by its phone before it was a patient. */
export interface ConsentSubject {
  id: string;
  phone: string | null;
}

/** The latest event of each channel among `events` (any order). */
export function latestByChannel<T extends { channel: ConsentChannel; at: Date }>(events: T[]): Map<ConsentChannel, T> {
  const latest = new Map<ConsentChannel, T>();
  for (const e of events) {
    const seen = latest.get(e.channel);
    if (!seen || e.at.getTime() > seen.at.getTime()) latest.set(e.channel, e);
  }
  return latest;
}

/** Who a channel's latest choice is looked up for: a phone (whoever it belongs to) or a patient. */
const contactIs = (by: { phone: SQLWrapper | string | null; patientId: SQLWrapper | string | null }) =>
  or(by.patientId ? eq(consentEvents.patientId, by.patientId) : undefined, by.phone ? eq(consentEvents.phone, by.phone) : undefined);

/**
 * The status of a channel's latest event for a contact, as a scalar subquery that another statement can select:
 * the webhook reads it together with the routing of the message (one round trip). The same lookup as `latestFor`.
 */
export function latestConsentStatus(
  professionalId: SQLWrapper,
  channel: ConsentChannel,
  by: { phone: SQLWrapper | string; patientId: SQLWrapper },
): SQL<ConsentStatus | null> {
  return sql<ConsentStatus | null>`(select ${consentEvents.status} from ${consentEvents} where ${and(
    eq(consentEvents.professionalId, professionalId),
    eq(consentEvents.channel, channel),
    contactIs(by),
  )} order by ${consentEvents.at} desc limit 1)`;
}

/** Consent events of ONE professional (docs/decisions/004): every query is scoped by it. */
export function consentRepository(db: DbOrTx, professionalId: string) {
  const own = eq(consentEvents.professionalId, professionalId);
  const ofSubject = (s: ConsentSubject) =>
    or(eq(consentEvents.patientId, s.id), s.phone ? and(isNull(consentEvents.patientId), eq(consentEvents.phone, s.phone)) : undefined);

  return {
    async insert(values: NewConsentEvent) {
      await db.insert(consentEvents).values({ ...values, professionalId });
    },

    /** A patient's events, newest first, with the name of whoever recorded each. */
    async listForPatient(subject: ConsentSubject): Promise<ConsentEventWithActor[]> {
      const events = await db
        .select()
        .from(consentEvents)
        .where(and(own, ofSubject(subject)))
        .orderBy(desc(consentEvents.at));
      const names = await userNamesOf(db, events.flatMap((event) => (event.actorUserId ? [event.actorUserId] : [])));
      return events.map((event) => ({ ...event, actorName: (event.actorUserId && names.get(event.actorUserId)) || null }));
    },

    /** The patients among `subjects` with a WhatsApp channel whose latest event is a withdrawal. */
    async optedOut(subjects: ConsentSubject[]): Promise<Set<string>> {
      if (subjects.length === 0) return new Set();
      const phones = subjects.map((s) => s.phone).filter((p): p is string => p !== null);
      const rows = await db
        .select({ patientId: consentEvents.patientId, phone: consentEvents.phone, channel: consentEvents.channel, status: consentEvents.status, at: consentEvents.at })
        .from(consentEvents)
        .where(
          and(
            own,
            or(
              inArray(consentEvents.patientId, subjects.map((s) => s.id)),
              phones.length ? and(isNull(consentEvents.patientId), inArray(consentEvents.phone, phones)) : undefined,
            ),
          ),
        );
      const out = new Set<string>();
      for (const s of subjects) {
        const mine = rows.filter((r) => r.patientId === s.id || (r.patientId === null && s.phone !== null && r.phone === s.phone));
        if ([...latestByChannel(mine).values()].some((e) => e.status === "withdrawn")) out.add(s.id);
      }
      return out;
    },

    /** The latest event of a channel for a phone (whoever it belongs to) or a patient. */
    async latestFor(channel: ConsentChannel, by: { phone: string | null; patientId: string | null }) {
      const who = contactIs(by);
      if (!who) return null;
      const [row] = await db
        .select()
        .from(consentEvents)
        .where(and(own, eq(consentEvents.channel, channel), who))
        .orderBy(desc(consentEvents.at))
        .limit(1);
      return row ?? null;
    },

    /** Anonymisation: the phone and notes of a patient's events go; the dates, channels and methods stay. */
    async scrub(subject: ConsentSubject) {
      await db.update(consentEvents).set({ phone: null, note: null, patientId: subject.id }).where(and(own, ofSubject(subject)));
    },
  };
}
