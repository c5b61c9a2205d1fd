import { describe, expect, it } from "vitest";
import type { PatientExport } from "@clinora/contracts";
import { professionalForFile } from "../../../test/context";
import { ANA_SOUZA, hoursBefore, RECORDS_NOW as NOW } from "../../../test/records-moment";
import { fixedClock } from "../../platform/lib/clock";

const clock = fixedClock(NOW);
const t = professionalForFile({ clock, profile: { ...ANA_SOUZA, licenseType: "CRP", licenseNumber: "06/123456", licenseState: "SP" } });

const req = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) => t.request({ method, url, payload, session: t.session });

/** A patient with a finalised evolução and its adendo, a draft, and a finalised registro documental sigiloso. */
async function patientWithRecord() {
  const patient = await t.make.patient(t.professionalId, { name: "Beatriz Lima" });
  const entry = (await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", free_text: "Relata melhora do sono.", session_at: hoursBefore(3) })).json();
  expect((await req("POST", `/api/records/${entry.id}/finalise`)).statusCode).toBe(200);
  const addendum = await req("POST", `/api/records/${entry.id}/addenda`, { reason: "Complemento", free_text: "Tarefa: diário do sono." });
  expect(addendum.statusCode).toBe(201);
  const draft = (await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", free_text: "Rascunho em andamento", session_at: hoursBefore(1) })).json();
  const secret = (
    await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", free_text: "Hipótese sigilosa", session_at: hoursBefore(2), visibility: "sigiloso" })
  ).json();
  expect((await req("POST", `/api/records/${secret.id}/finalise`)).statusCode).toBe(200);
  return { patient, entry, addendumId: addendum.json().addenda[0].id as string, draft, secret };
}

describe("records in the patient's LGPD export", () => {
  it("carries entries, adendos, authors and times, leaves the sigiloso out unless ticked, and logs which entries left", async () => {
    const { patient, entry, addendumId, draft, secret } = await patientWithRecord();

    const res = await req("GET", `/api/patients/${patient.id}/export`);
    expect(res.statusCode).toBe(200);
    const data = res.json() as PatientExport;
    expect(data.records.included_confidential).toBe(false);
    expect(data.records.confidential_left_out).toBe(1);
    // Oldest session first: the finalised evolução (3 h ago), then the draft (1 h ago); the sigiloso is left out.
    expect(data.records.entries.map((e) => e.id)).toEqual([entry.id, draft.id]);
    expect(data.records.entries[0]).toMatchObject({
      kind: "evolucao",
      free_text: "Relata melhora do sono.",
      status: "finalised",
      session_at: hoursBefore(3),
      created_at: NOW,
      finalised_at: NOW,
      author: { name: "Ana Souza", council_type: "CRP", council_number: "06/123456", council_uf: "SP" },
      addenda: [{ id: addendumId, addendum_reason: "Complemento", free_text: "Tarefa: diário do sono.", author: { name: "Ana Souza" } }],
    });
    expect(data.records.entries[0]!.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.records.entries[1]).toMatchObject({ status: "draft", free_text: "Rascunho em andamento" });
    expect(JSON.stringify(data)).not.toContain("Hipótese sigilosa");

    // The access log travels with it, the prontuário's reads and this export included.
    const actions = data.access_log.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["record.entry_created", "record.entry_finalised", "record.addendum_created", "record.exported", "patient.exported"]));
    const exported = data.access_log.find((a) => a.action === "record.exported")!;
    expect(exported.action_label).toBe("Exportou o prontuário com os dados do paciente");
    expect(exported.details).toMatchObject({ include_confidential: false });
    expect((exported.details as { entry_ids: string[] }).entry_ids.sort()).toEqual([entry.id, addendumId, draft.id].sort());

    // Ticked: the sigiloso comes too, and the log says so.
    const all = (await req("GET", `/api/patients/${patient.id}/export?include_confidential=true`)).json() as PatientExport;
    expect(all.records).toMatchObject({ included_confidential: true, confidential_left_out: 0 });
    expect(all.records.entries.map((e) => e.id)).toEqual([entry.id, secret.id, draft.id]);
    expect(all.records.entries[1]).toMatchObject({ visibility: "sigiloso", free_text: "Hipótese sigilosa" });
    const lastExport = all.access_log.find((a) => a.action === "record.exported" && (a.details as { include_confidential: boolean }).include_confidential);
    expect((lastExport!.details as { entry_ids: string[] }).entry_ids).toContain(secret.id);

    const bad = await req("GET", `/api/patients/${patient.id}/export?include_confidential=talvez`);
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain("Use true ou false");
  });

  it("prints the entries with their adendos on the printable page, escaped, and the sigiloso only when ticked", async () => {
    const { patient } = await patientWithRecord();
    await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", free_text: "<script>alert(1)</script>", session_at: hoursBefore(4) });

    const html = (await req("GET", `/api/patients/${patient.id}/export.html`)).body;
    expect(html).toContain("<h2>Prontuário (3)</h2>");
    expect(html).toContain("Relata melhora do sono.");
    expect(html).toContain("Adendo");
    expect(html).toContain("Tarefa: diário do sono.");
    expect(html).toContain("Ana Souza (CRP 06/123456/SP)");
    expect(html).toContain("1 registro documental sigiloso não foi incluído");
    expect(html).not.toContain("Hipótese sigilosa");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;");

    const ticked = (await req("GET", `/api/patients/${patient.id}/export.html?include_confidential=true`)).body;
    expect(ticked).toContain("Hipótese sigilosa");
    expect(ticked).toContain("registro documental sigiloso");
    expect(ticked).toContain("<h2>Prontuário (4)</h2>");
  });

  it("exports a patient with no record with an empty prontuário and logs no prontuário export", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Sem Registro" });
    const data = (await req("GET", `/api/patients/${patient.id}/export`)).json() as PatientExport;
    expect(data.records).toEqual({ included_confidential: false, confidential_left_out: 0, entries: [] });
    expect(data.access_log.map((a) => a.action)).not.toContain("record.exported");
  });
});
