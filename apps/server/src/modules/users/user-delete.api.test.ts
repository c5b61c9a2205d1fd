import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { contextWithAdmin, type TestContext } from "../../../test/context";
import { rowsOf } from "../../platform/db/rows";
import * as s from "../../tables";

let t: TestContext;
let session: string;

beforeAll(async () => {
  ({ t, session } = await contextWithAdmin());
});
afterAll(() => t.close());

const remove = (id: string, query = "") => t.request({ method: "DELETE", url: `/api/users/${id}${query}`, session });

let numbersIssued = 0;

/** A professional with a row in every table that holds practice data. */
async function professionalWithData() {
  const { user, professional } = await t.make.professionalUser();
  const professionalId = professional.id;
  const patient = await t.make.patient(professionalId);
  const [appointment] = await t.db
    .insert(s.appointments)
    .values({ professionalId, patientId: patient.id, appointmentDate: "2026-03-10", appointmentTime: "10:00", startsAt: new Date("2026-03-10T13:00:00Z"), endsAt: new Date("2026-03-10T13:50:00Z") })
    .returning();
  await t.db.insert(s.tasks).values({ professionalId, patientId: patient.id, title: "Enviar recibo" });
  const [conversation] = await t.db.insert(s.conversations).values({ professionalId, patientId: patient.id, phoneNumber: "+5511987654321" }).returning();
  await t.db.insert(s.messages).values({ professionalId, conversationId: conversation!.id, direction: "inbound", content: "Olá" });
  await t.db.insert(s.assistantSettings).values({ professionalId });
  await t.db.insert(s.calendarConnections).values({ professionalId });
  await t.db.insert(s.calendarEventLinks).values({ professionalId, appointmentId: appointment!.id, externalEventId: "evt-1" });
  await t.db.insert(s.jobs).values({ type: "whatsapp.send", professionalId });
  const e164 = `+55119400${String(++numbersIssued).padStart(5, "0")}`;
  const [number] = await t.db.insert(s.twilioNumbers).values({ twilioNumber: `whatsapp:${e164}`, e164Number: e164, professionalId }).returning();
  return { user, professionalId, twilioNumberId: number!.id };
}

/** Rows per table that carry this professional's id, over every table with a professional_id column. */
async function rowsOwnedBy(professionalId: string): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.db.execute(sql`select table_name from information_schema.columns where column_name = 'professional_id' and table_schema = 'public' order by table_name`),
  ).map((r) => r.table_name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where professional_id = ${professionalId}`));
    counts[table] = row!.n;
  }
  const [own] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from professionals where id = ${professionalId}`));
  counts.professionals = own!.n;
  return counts;
}

describe("delete user", () => {
  it("removes only the user by default, and with only one of the two flags", async () => {
    for (const query of ["", "?cascade_professional=true", "?cascade_professional=true&confirm_cascade=false"]) {
      const { user, professionalId } = await professionalWithData();
      const theirSession = await t.login(user.email, user.password);
      const res = await remove(user.id, query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await t.request({ method: "GET", url: `/api/users/${user.id}`, session })).statusCode).toBe(404);
      expect((await t.request({ method: "GET", url: "/api/auth/me", session: theirSession })).statusCode).toBe(401);
      expect(await rowsOwnedBy(professionalId), query).toMatchObject({ professionals: 1, patients: 1, appointments: 1, tasks: 1, conversations: 1, messages: 1 });
    }
  });

  it("with both flags removes the professional and every row of its data, keeping the number unassigned and the audit trail", async () => {
    const target = await professionalWithData();
    const bystander = await professionalWithData();
    const bystanderBefore = await rowsOwnedBy(bystander.professionalId);

    const res = await remove(target.user.id, "?cascade_professional=true&confirm_cascade=true");
    expect(res.statusCode).toBe(200);

    const left = await rowsOwnedBy(target.professionalId);
    const { audit_log: auditRows, ...tenantRows } = left;
    expect(Object.values(tenantRows).every((n) => n === 0), JSON.stringify(left)).toBe(true);
    expect(auditRows).toBeGreaterThan(0);
    const [number] = await t.db.select().from(s.twilioNumbers).where(eq(s.twilioNumbers.id, target.twilioNumberId));
    expect(number).toMatchObject({ professionalId: null });
    const [entry] = await t.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "user.deleted"), eq(s.auditLog.entityId, target.user.id)));
    expect(entry?.details).toMatchObject({ email: target.user.email, professional_deleted: true });

    expect(await rowsOwnedBy(bystander.professionalId)).toEqual(bystanderBefore);
  });

  it("refuses to delete a practice that holds finalised prontuário entries, and deletes nothing", async () => {
    const target = await professionalWithData();
    const [patient] = await t.db.select().from(s.patients).where(eq(s.patients.professionalId, target.professionalId));
    await t.db.insert(s.recordEntries).values({
      professionalId: target.professionalId,
      patientId: patient!.id,
      kind: "evolucao",
      sessionAt: new Date("2026-03-10T13:00:00Z"),
      status: "finalised",
      authorName: "Dra. Teste",
    });
    const before = await rowsOwnedBy(target.professionalId);

    const res = await remove(target.user.id, "?cascade_professional=true&confirm_cascade=true");
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain("20 anos");
    expect(await rowsOwnedBy(target.professionalId)).toEqual(before);
    const [user] = await t.db.select().from(s.users).where(eq(s.users.id, target.user.id));
    expect(user).toBeDefined();
  });

  it("rejects a flag that is not a boolean", async () => {
    const { user } = await professionalWithData();
    const res = await remove(user.id, "?cascade_professional=talvez");
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].loc).toEqual(["querystring", "cascade_professional"]);
  });
});
