import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "../../../test/context";
import { appointments, auditLog, calendarConnections, calendarEventLinks } from "../../db/schema/index";

const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: "cliente.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "segredo",
  CALENDAR_TOKEN_KEY: Buffer.alloc(32, 1).toString("base64"),
};

async function professionalSession(t: TestContext) {
  const { user, professional } = await t.make.professionalUser();
  return { professionalId: professional.id, session: await t.login(user.email, user.password) };
}

describe("Google Calendar without the OAuth client configured", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("answers 503 with the 'not configured' message to status and disconnect", async () => {
    const { session } = await professionalSession(t);
    for (const [method, url] of [["GET", "/api/google-calendar/status"], ["DELETE", "/api/google-calendar/disconnect"]] as const) {
      const res = await t.request({ method, url, session });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ detail: MSG.googleCalendarNotConfigured });
    }
  });
});

describe("Google Calendar configured", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: GOOGLE_ENV });
  });
  afterAll(() => t.close());

  const status = async (session: string) => {
    const res = await t.request({ method: "GET", url: "/api/google-calendar/status", session });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("reports a professional who never connected as disconnected, in UTC", async () => {
    const { session } = await professionalSession(t);
    expect(await status(session)).toEqual({ connected: false, timezone: "UTC", last_synced_at: null, status: null, account_email: null, last_error: null });
  });

  it("reports a working connection and one in error", async () => {
    const ok = await professionalSession(t);
    await t.make.calendarConnection(ok.professionalId, { accountEmail: "agenda@gmail.com", timezone: "America/Sao_Paulo", lastSyncedAt: new Date("2026-03-10T14:46:00Z") });
    expect(await status(ok.session)).toEqual({
      connected: true,
      timezone: "America/Sao_Paulo",
      last_synced_at: "2026-03-10T14:46:00.000Z",
      status: "connected",
      account_email: "agenda@gmail.com",
      last_error: null,
    });

    const broken = await professionalSession(t);
    await t.make.calendarConnection(broken.professionalId, { status: "error", lastError: "invalid_grant" });
    expect(await status(broken.session)).toMatchObject({ connected: false, status: "error", last_error: "invalid_grant" });
  });

  it("disconnects only the caller: its connection and event links go, another professional's stay", async () => {
    const mine = await professionalSession(t);
    const other = await professionalSession(t);
    for (const { professionalId } of [mine, other]) {
      await t.make.calendarConnection(professionalId);
      const patient = await t.make.patient(professionalId);
      const [appointment] = await t.db
        .insert(appointments)
        .values({ professionalId, patientId: patient.id, appointmentDate: "2026-03-12", appointmentTime: "10:00", startsAt: new Date("2026-03-12T13:00:00Z"), endsAt: new Date("2026-03-12T13:50:00Z") })
        .returning();
      await t.db.insert(calendarEventLinks).values({ appointmentId: appointment!.id, professionalId, externalEventId: `evento-${professionalId}` });
    }

    const res = await t.request({ method: "DELETE", url: "/api/google-calendar/disconnect", session: mine.session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await status(mine.session)).toMatchObject({ connected: false, status: null });
    expect(await t.db.select().from(calendarEventLinks).where(eq(calendarEventLinks.professionalId, mine.professionalId))).toEqual([]);
    expect(await t.db.select().from(calendarConnections).where(eq(calendarConnections.professionalId, other.professionalId))).toHaveLength(1);
    expect(await t.db.select().from(calendarEventLinks).where(eq(calendarEventLinks.professionalId, other.professionalId))).toHaveLength(1);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.professionalId, mine.professionalId));
    expect(trail.map((e) => e.action)).toEqual(["google_calendar.disconnected"]);

    const again = await t.request({ method: "DELETE", url: "/api/google-calendar/disconnect", session: mine.session });
    expect(again.statusCode).toBe(200);
  });
});
