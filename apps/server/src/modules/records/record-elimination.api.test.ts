import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { auditLog, recordAttachments, recordEntries } from "../../tables";
import { verifyAllChains } from "./index";

// Entries are written at WRITTEN; the clock then moves to just before and just after 20 years later.
const WRITTEN = "2026-03-14T21:30:00.000Z";
const clock = fixedClock(WRITTEN);
/** Moves the clock and signs in again: a session does not last years. */
const at = async (iso: string) => {
  clock.set(iso);
  session = await login();
};
let t: TestContext;
let session: string;
let professionalId: string;
let login: () => Promise<string>;

beforeAll(async () => {
  const ctx = await contextWithProfessional({ clock, profile: { fullName: "Ana Souza", specialty: "Psicologia clínica" } });
  ({ t, session, professional: { id: professionalId } } = ctx);
  login = () => t.login(ctx.user.email, ctx.user.password);
});
afterAll(() => t.close());

const req = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) => t.request({ method, url, payload, session });

describe("records: elimination after retention", () => {
  it("lists a record only once its 20 years have passed, eliminates it on confirmation, keeps the termo, and other chains still verify", async () => {
    await at(WRITTEN);
    const old = await t.make.patient(professionalId, { name: "Beatriz Lima" });
    const kept = await t.make.patient(professionalId, { name: "Carlos Dias" });
    for (const patient of [old, kept]) {
      const entry = (await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", free_text: "Sessão", session_at: "2026-03-14T20:00:00.000Z" })).json();
      await req("POST", `/api/records/${entry.id}/finalise`);
      await req("POST", `/api/records/${entry.id}/addenda`, { reason: "Complemento", free_text: "Adendo" });
      const draft = (await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", free_text: "Rascunho", session_at: "2026-03-14T21:00:00.000Z" })).json();
      await t.request({ method: "POST", url: `/api/records/${draft.id}/attachments?file_name=a.pdf`, payload: Buffer.from("%PDF-1.4\n%%EOF\n"), headers: { "content-type": "application/pdf" }, session });
    }
    // Carlos has a later entry, a year after: his 20 years count from it.
    await at("2027-03-14T21:30:00.000Z");
    await req("POST", `/api/patients/${kept.id}/records`, { kind: "evolucao", free_text: "Retorno", session_at: "2027-03-14T20:00:00.000Z" });

    // A day before the 20 years: nothing is due, and an elimination is refused with nothing deleted.
    await at("2046-03-13T21:30:00.000Z");
    expect((await req("GET", "/api/records/elimination/due")).json()).toEqual({ retention_years: 20, items: [] });
    const early = await req("POST", `/api/patients/${old.id}/records/eliminate`, { confirm: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe("O prontuário deste paciente ainda está no prazo de guarda (Lei 13.787/2018) e não pode ser eliminado");

    // A day after: Beatriz's record is due, Carlos's is not.
    await at("2046-03-15T21:30:00.000Z");
    const due = (await req("GET", "/api/records/elimination/due")).json();
    expect(due.items).toEqual([{ patient_id: old.id, patient_name: "Beatriz Lima", entries: 3, last_entry_at: WRITTEN, retained_until: "2046-03-14T21:30:00.000Z" }]);

    expect((await req("POST", `/api/patients/${old.id}/records/eliminate`, {})).statusCode).toBe(422);
    const done = await req("POST", `/api/patients/${old.id}/records/eliminate`, { confirm: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: expect.any(String), patient_id: old.id, entries: 3, last_entry_at: WRITTEN, eliminated_by: "Ana Souza", eliminated_at: "2046-03-15T21:30:00.000Z" });

    const left = async (patientId: string) => (await t.db.select({ n: count() }).from(recordEntries).where(eq(recordEntries.patientId, patientId)))[0]!.n;
    expect(await left(old.id)).toBe(0);
    expect(await left(kept.id)).toBe(4);
    expect((await t.db.select({ n: count() }).from(recordAttachments))[0]!.n).toBe(1);
    expect((await req("GET", "/api/records/eliminations")).json()).toEqual([done.json()]);
    expect((await req("GET", "/api/records/elimination/due")).json().items).toEqual([]);
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, "record.eliminated"));
    expect(logged.map((r) => [r.entityId, r.details])).toEqual([[old.id, { entries: 3, termo_id: done.json().id }]]);
    expect((await verifyAllChains(t.db)).breaks).toEqual([]);

    // Nothing left to eliminate a second time.
    expect((await req("POST", `/api/patients/${old.id}/records/eliminate`, { confirm: true })).statusCode).toBe(409);
  });
});

describe("records: a raised retention (RECORD_RETENTION_YEARS=25)", () => {
  it("keeps the record 25 years, for the elimination list and for the retention shown", async () => {
    const longClock = fixedClock(WRITTEN);
    const ctx = await contextWithProfessional({ clock: longClock, env: { RECORD_RETENTION_YEARS: "25" }, profile: { fullName: "Ana Souza", specialty: "Psicologia clínica" } });
    try {
      const patient = await ctx.t.make.patient(ctx.professional.id, { name: "Beatriz Lima" });
      const as = async () => ctx.t.login(ctx.user.email, ctx.user.password);
      await ctx.t.request({ method: "POST", url: `/api/patients/${patient.id}/records`, payload: { kind: "evolucao", free_text: "Sessão", session_at: "2026-03-14T20:00:00.000Z" }, session: ctx.session });
      const retention = (await ctx.t.request({ method: "GET", url: `/api/patients/${patient.id}/records/retention`, session: ctx.session })).json();
      expect(retention.retained_until).toBe("2051-03-14T21:30:00.000Z");

      longClock.set("2047-03-14T21:30:00.000Z");
      let session = await as();
      expect((await ctx.t.request({ method: "GET", url: "/api/records/elimination/due", session })).json()).toEqual({ retention_years: 25, items: [] });
      expect((await ctx.t.request({ method: "POST", url: `/api/patients/${patient.id}/records/eliminate`, payload: { confirm: true }, session })).statusCode).toBe(409);

      longClock.set("2051-03-15T21:30:00.000Z");
      session = await as();
      expect((await ctx.t.request({ method: "GET", url: "/api/records/elimination/due", session })).json().items).toMatchObject([{ patient_id: patient.id, entries: 1 }]);
    } finally {
      await ctx.t.close();
    }
  });
});
