import { describe, expect, it } from "vitest";
import { professionalForFile } from "../../../test/context";
import { ANA_SOUZA, hoursBefore, RECORDS_NOW as NOW } from "../../../test/records-moment";
import { fixedClock } from "../../platform/lib/clock";

const clock = fixedClock(NOW);
const t = professionalForFile({ clock, profile: ANA_SOUZA });
/** A session's start, `h` hours before NOW. */
const hoursAgo = (h: number) => new Date(hoursBefore(h));

const appointmentAt = (patientId: string, startsAt: Date, status: "completed" | "confirmed" | "cancelled" = "completed", owner = t.professionalId) =>
  t.make.appointment(owner, patientId, { status, startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000) });
const pending = (as = t.session) => t.request({ method: "GET", url: "/api/records/pending-sessions", session: as });

describe("records: Sessões sem evolução", () => {
  it("lists concluded sessions of the last 7 days with no entry, newest first, and drops one once an entry is tied to it", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Beatriz Lima" });
    const other = await t.make.patient(t.professionalId, { name: "Carlos Dias" });
    const recent = await appointmentAt(patient.id, hoursAgo(3));
    const older = await appointmentAt(other.id, hoursAgo(6 * 24));
    await appointmentAt(patient.id, hoursAgo(8 * 24)); // concluded, but more than 7 days ago
    await appointmentAt(patient.id, hoursAgo(5), "confirmed"); // not concluded
    await appointmentAt(patient.id, hoursAgo(30), "cancelled");
    const written = await appointmentAt(other.id, hoursAgo(2 * 24));
    const created = await t.request({
      method: "POST",
      url: `/api/patients/${other.id}/records`,
      payload: { kind: "evolucao", free_text: "Sessão registrada.", session_at: written.startsAt.toISOString(), appointment_id: written.id },
      session: t.session,
    });
    expect(created.statusCode).toBe(201);
    // An anonymised patient cannot receive an entry: their sessions are not asked for.
    const gone = await t.make.patient(t.professionalId, { name: "Anônimo", anonymizedAt: hoursAgo(1) });
    await appointmentAt(gone.id, hoursAgo(4));

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
      session: t.session,
    });
    expect((await pending()).json()).toMatchObject({ total: 1, items: [{ appointment_id: older.id }] });
  });

  it("shows another professional's sessions to no one but her, and refuses an administrator", async () => {
    const { professional: otherPro, user } = await t.make.professionalUser();
    const otherSession = await t.login(user.email, user.password);
    const theirs = await t.make.patient(otherPro.id, { name: "Paciente de outra" });
    await appointmentAt(theirs.id, hoursAgo(2), "completed", otherPro.id);

    const mine = (await pending()).json() as { items: { patient_name: string }[] };
    expect(mine.items.map((i) => i.patient_name)).not.toContain("Paciente de outra");
    expect((await pending(otherSession)).json()).toMatchObject({ total: 1, items: [{ patient_name: "Paciente de outra" }] });

    const admin = await t.make.admin();
    expect((await pending(await t.login(admin.email, admin.password))).statusCode).toBe(403);
  });
});
