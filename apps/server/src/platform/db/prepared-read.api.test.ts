import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import type { Database, Db } from "./client";
import { preparedRead, type Placeholders } from "./prepared-read";
import { appointmentReminders, appointments, patients } from "../../tables";
import { openTestDatabase } from "../../../test/context";
import { factories } from "../../../test/factories";

const selection = {
  id: appointments.id,
  date: appointments.appointmentDate,
  time: appointments.appointmentTime,
  duration: appointments.duration,
  status: appointments.status,
  notes: appointments.notes,
  startsAt: appointments.startsAt,
  patientName: patients.name,
  reminderOutcome: appointmentReminders.outcome,
  reminderAt: appointmentReminders.updatedAt,
  label: sql<string>`${patients.name} || ' ' || ${appointments.appointmentTime}`,
};
const PARAMS = ["professionalId", "from", "limit"] as const;

/** What the prepared read runs, written as a plain Drizzle query for `p` (placeholders or values). */
const query = (db: Db, p: Placeholders<(typeof PARAMS)[number]> | { professionalId: string; from?: string; limit: number }) =>
  db
    .select(selection)
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(
      appointmentReminders,
      and(eq(appointmentReminders.appointmentId, appointments.id), eq(appointmentReminders.startsAt, appointments.startsAt)),
    )
    .where(and(eq(appointments.professionalId, p.professionalId!), p.from ? gte(appointments.appointmentDate, p.from) : undefined))
    .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime))
    .limit(p.limit!);

let database: Database;
let db: Db;
let professionalId: string;
let built = 0;
const read = preparedRead(selection, PARAMS, (handle, p) => {
  built++;
  return query(handle as Db, p);
});

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const make = factories(db);
  const professional = await make.professional();
  professionalId = professional.id;
  const patient = await make.patient(professionalId, { name: "Joana Prado" });
  const first = await make.appointment(professionalId, patient.id, { appointmentDate: "2026-03-10", appointmentTime: "09:00", notes: "Primeira" });
  await make.appointment(professionalId, patient.id, { appointmentDate: "2026-03-12", appointmentTime: "14:30" });
  await db.insert(appointmentReminders).values({
    professionalId,
    appointmentId: first.id,
    startsAt: first.startsAt,
    leadHours: 24,
    outcome: "sent",
    updatedAt: new Date("2026-03-09T12:00:00.123Z"),
  });
  // Another professional's appointment, which no read of this one may return.
  const other = await make.professional();
  await make.appointment(other.id, (await make.patient(other.id)).id, { appointmentDate: "2026-03-11" });
});

afterAll(async () => {
  await database?.close();
});

describe("preparedRead", () => {
  it("gives the rows Drizzle's own query gives, with instants as ISO text and a left join's missing columns null", async () => {
    const rows = await read(db, { professionalId, limit: 10 });
    const plain = await query(db, { professionalId, limit: 10 });
    expect(rows).toEqual(plain.map((row) => ({ ...row, startsAt: row.startsAt.toISOString(), reminderAt: row.reminderAt?.toISOString() ?? null })));
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first).toMatchObject({ date: "2026-03-10", notes: "Primeira", patientName: "Joana Prado", reminderOutcome: "sent", label: "Joana Prado 09:00:00" });
    expect(first!.startsAt).toBe("2026-03-10T12:00:00.000Z");
    expect(first!.reminderAt).toBe("2026-03-09T12:00:00.123Z");
    expect(second).toMatchObject({ date: "2026-03-12", notes: null, reminderOutcome: null, reminderAt: null });
    expect(Object.keys(first!)).toEqual(Object.keys(selection));
  });

  it("prepares each set of given parameters once, and fills only the values on later calls", async () => {
    built = 0;
    const later = await read(db, { professionalId, from: "2026-03-11", limit: 10 });
    expect(later.map((r) => r.date)).toEqual(["2026-03-12"]);
    expect(await read(db, { professionalId, from: "2026-03-01", limit: 1 })).toHaveLength(1);
    expect(await read(db, { professionalId, from: undefined, limit: 10 })).toHaveLength(2);
    // The shape with `from` was new (built once); the one without it was built by the first test.
    expect(built).toBe(1);
  });

  it("runs inside a transaction, where it sees the transaction's own writes", async () => {
    await db
      .transaction(async (tx) => {
        const patient = (await tx.select({ id: patients.id }).from(patients).where(eq(patients.professionalId, professionalId)))[0]!;
        await factories(tx as unknown as Db).appointment(professionalId, patient.id, { appointmentDate: "2026-03-20" });
        expect(await read(tx, { professionalId, limit: 10 })).toHaveLength(3);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect(await read(db, { professionalId, limit: 10 })).toHaveLength(2);
  });

  it("decodes expressions with their own decoder (a count is a number)", async () => {
    const total = preparedRead({ n: count() }, ["professionalId"], (handle, p) =>
      handle.select({ n: count() }).from(appointments).where(eq(appointments.professionalId, p.professionalId!)),
    );
    expect(await total(db, { professionalId })).toEqual([{ n: 2 }]);
  });
});
