import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { ConsentChannel, ConsentMethod, ConsentStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../db/client";
import { consentEvents, users } from "../../db/schema/index";

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
      const rows = await db
        .select({ event: consentEvents, actorName: users.fullName })
        .from(consentEvents)
        .leftJoin(users, eq(users.id, consentEvents.actorUserId))
        .where(and(own, ofSubject(subject)))
        .orderBy(desc(consentEvents.at));
      return rows.map((r) => ({ ...r.event, actorName: r.actorName }));
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
      const who = or(
        by.patientId ? eq(consentEvents.patientId, by.patientId) : undefined,
        by.phone ? eq(consentEvents.phone, by.phone) : undefined,
      );
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
