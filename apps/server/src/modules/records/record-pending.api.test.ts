import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";

// Sessions are placed relative to this instant, so the file passes on any day and hour.
const NOW = "2026-03-14T21:30:00.000Z";
const clock = fixedClock(NOW);
const hoursBefore = (h: number) => new Date(new Date(NOW).getTime() - h * 3_600_000);
let t: TestContext;
let session: string;
let professionalId: string;

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ clock, profile: { fullName: "Ana Souza", specialty: "Psicologia clínica" } }));
});
afterAll(() => t.close());

const appointmentAt = (patientId: string, startsAt: Date, status: "completed" | "confirmed" | "cancelled" = "completed", owner = professionalId) =>
  t.make.appointment(owner, patientId, { status, startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000) });
const pending = (as = session) => t.request({ method: "GET", url: "/api/records/pending-sessions", session: as });

describe("records: Sessões sem evolução", () => {
  it("lists concluded sessions of the last 7 days with no entry, newest first, and drops one once an entry is tied to it", async () => {
    const patient = await t.make.patient(professionalId, { name: "Beatriz Lima" });
    const other = await t.make.patient(professionalId, { name: "Carlos Dias" });
    const recent = await appointmentAt(patient.id, hoursBefore(3));
    const older = await appointmentAt(other.id, hoursBefore(6 * 24));
    await appointmentAt(patient.id, hoursBefore(8 * 24)); // concluded, but more than 7 days ago
    await appointmentAt(patient.id, hoursBefore(5), "confirmed"); // not concluded
    await appointmentAt(patient.id, hoursBefore(30), "cancelled");
    const written = await appointmentAt(other.id, hoursBefore(2 * 24));
    const created = await t.request({
      method: "POST",
      url: `/api/patients/${other.id}/records`,
      payload: { kind: "evolucao", free_text: "Sessão registrada.", session_at: written.startsAt.toISOString(), appointment_id: written.id },
      session,
    });
    expect(created.statusCode).toBe(201);
    // An anonymised patient cannot receive an entry: their sessions are not asked for.
    const gone = await t.make.patient(professionalId, { name: "Anônimo", anonymizedAt: hoursBefore(1) });
    await appointmentAt(gone.id, hoursBefore(4));

    const res = await pending();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      items: [
        { appointment_id: recent.id, patient_id: patient.id, patient_name: "Beatriz Lima", appointment_type: recent.appointmentType, starts_at: recent.startsAt.toISOString() },
        { appointment_id: older.id, patient_id: other.id, patient_name: "Carlos Dias", appointment_type: older.appointmentType, starts_at: older.startsAt.toISOString() },
      ],
    });

    // A draft tied to the session is enough: the evolução has been started.
    await t.request({
      method: "POST",
      url: `/api/patients/${patient.id}/records`,
      payload: { kind: "evolucao", free_text: "", session_at: recent.startsAt.toISOString(), appointment_id: recent.id },
      session,
    });
    expect((await pending()).json()).toMatchObject({ total: 1, items: [{ appointment_id: older.id }] });
  });

  it("shows another professional's sessions to no one but her, and refuses an administrator", async () => {
    const { professional: otherPro, user } = await t.make.professionalUser();
    const otherSession = await t.login(user.email, user.password);
    const theirs = await t.make.patient(otherPro.id, { name: "Paciente de outra" });
    await appointmentAt(theirs.id, hoursBefore(2), "completed", otherPro.id);

    const mine = (await pending()).json() as { items: { patient_name: string }[] };
    expect(mine.items.map((i) => i.patient_name)).not.toContain("Paciente de outra");
    expect((await pending(otherSession)).json()).toMatchObject({ total: 1, items: [{ patient_name: "Paciente de outra" }] });

    const admin = await t.make.admin();
    expect((await pending(await t.login(admin.email, admin.password))).statusCode).toBe(403);
  });
});
