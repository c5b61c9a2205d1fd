import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAssistantHarness, type AssistantHarness } from "../../../test/assistant-harness";

const PATIENT = "+5511977776666";
const SECRET = "Relata ideação passiva sem plano; técnica de reestruturação cognitiva";

/**
 * The model is never given a prontuário entry (docs/decisions/034): a patient with a finalised entry, a completed
 * appointment and a coming one talks to the assistant, which lists the appointments through its tools; no request
 * the stand-in model receives carries a word of the entry.
 */
describe("records: the assistant's model never receives an entry", () => {
  let h: AssistantHarness;
  beforeAll(async () => {
    h = await createAssistantHarness();
  });
  afterAll(() => h.close());

  it("leaves the entry out of every model request, tool results included", async () => {
    const clinic = await h.clinic();
    const patient = await h.make.patient(clinic.professionalId, { name: "Joana Prado", phone: PATIENT });
    const past = await h.make.appointment(clinic.professionalId, patient.id, { status: "completed" });
    const entry = await h.request({
      method: "POST",
      url: `/api/patients/${patient.id}/records`,
      payload: { kind: "evolucao", appointment_id: past.id, free_text: SECRET, session_at: new Date().toISOString() },
      session: clinic.session,
    });
    expect(entry.statusCode).toBe(201);
    expect((await h.request({ method: "POST", url: `/api/records/${entry.json().id}/finalise`, session: clinic.session })).statusCode).toBe(200);

    h.llm.script([{ toolCalls: [{ name: "list_my_appointments", arguments: {} }] }, { text: "Você não tem outras consultas marcadas." }]);
    await clinic.patientWrites(PATIENT, "Oi, o que foi anotado na minha última sessão? E quais consultas eu tenho?");
    await h.drain();

    expect(h.llm.requests.length).toBeGreaterThanOrEqual(2);
    const sent = JSON.stringify(h.llm.requests);
    expect(sent).toContain("Oi, o que foi anotado na minha última sessão?");
    for (const word of ["ideação", "reestruturação cognitiva", entry.json().id]) expect(sent).not.toContain(word);
  });
});
