import { describe, expect, it } from "vitest";
import { professionalForFile } from "../../../test/context";
import { ANA_SOUZA, hoursBefore, RECORDS_NOW as NOW } from "../../../test/records-moment";
import { fixedClock } from "../../platform/lib/clock";
import { pdfText } from "../../../test/pdf-text";

const clock = fixedClock(NOW);
const t = professionalForFile({ clock, profile: { ...ANA_SOUZA, specialty: "Fonoaudiologia" } });

const req = (method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>, as = t.session) => t.request({ method, url, payload, session: as });

const firstVersion = {
  name: "Avaliação fonoaudiológica",
  kind: "avaliacao",
  fields: [
    { label: "Queixa", type: "short_text", required: true },
    { label: "Observações", type: "long_text" },
    { label: "Modalidade", type: "choice", options: ["Presencial", "Online"] },
    { label: "Escore", type: "number" },
    { label: "Data do exame", type: "date" },
  ],
};

describe("records: the professional's own templates", () => {
  it("makes a template with the five field types, lists it first, and checks entries against it", async () => {
    const created = await req("POST", "/api/records/templates", firstVersion);
    expect(created.statusCode).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({ version: 1, kind: "avaliacao", name: "Avaliação fonoaudiológica", custom: true });
    expect(template.id).toMatch(/^custom\.[0-9a-f-]{36}$/);
    expect(template.fields.map((f: { key: string }) => f.key)).toEqual(["queixa", "observacoes", "modalidade", "escore", "data_do_exame"]);

    const list = (await req("GET", "/api/records/templates")).json();
    expect(list.templates[0]).toMatchObject({ id: template.id, version: 1, custom: true });

    const patient = await t.make.patient(t.professionalId, { name: "Beatriz Lima" });
    const bad = await req("POST", `/api/patients/${patient.id}/records`, {
      kind: "avaliacao",
      template_id: template.id,
      fields: { modalidade: "Domiciliar", escore: "alto", data_do_exame: "14/03/2026", inventado: "x" },
      session_at: hoursBefore(1),
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain("Valor inválido para este campo");
    expect(JSON.stringify(bad.json())).toContain("Campo que o modelo não tem");
    // The template is of another kind than the entry: refused.
    expect((await req("POST", `/api/patients/${patient.id}/records`, { kind: "evolucao", template_id: template.id, fields: {}, session_at: hoursBefore(1) })).statusCode).toBe(422);

    const entry = await req("POST", `/api/patients/${patient.id}/records`, {
      kind: "avaliacao",
      template_id: template.id,
      fields: { observacoes: "Voz rouca ao fim do dia", modalidade: "Online", escore: 42, data_do_exame: "2026-03-10" },
      session_at: hoursBefore(1),
    });
    expect(entry.statusCode).toBe(201);
    expect(entry.json()).toMatchObject({ template_id: template.id, template_version: 1, fields: { escore: 42, modalidade: "Online" } });
    // The required field must be filled before finalising.
    const early = await req("POST", `/api/records/${entry.json().id}/finalise`);
    expect(early.statusCode).toBe(422);
    expect(JSON.stringify(early.json())).toContain("Campo obrigatório");
  });

  it("editing writes a new version; an entry keeps the version it was written with, drafts included, and prints with its labels", async () => {
    const template = (await req("POST", "/api/records/templates", firstVersion)).json();
    const patient = await t.make.patient(t.professionalId, { name: "Carlos Dias" });
    const done = (
      await req("POST", `/api/patients/${patient.id}/records`, { kind: "avaliacao", template_id: template.id, fields: { queixa: "Disfonia", escore: 7 }, session_at: hoursBefore(3) })
    ).json();
    expect((await req("POST", `/api/records/${done.id}/finalise`)).statusCode).toBe(200);
    const draft = (await req("POST", `/api/patients/${patient.id}/records`, { kind: "avaliacao", template_id: template.id, fields: { queixa: "Rouquidão" }, session_at: hoursBefore(2) })).json();

    // Version 2: "Queixa" renamed (same key), "Escore" dropped, a new required field.
    const uuid = template.id.replace("custom.", "");
    const edited = await req("PUT", `/api/records/templates/${uuid}`, {
      name: "Avaliação fonoaudiológica",
      kind: "avaliacao",
      fields: [
        { key: "queixa", label: "Queixa principal", type: "short_text", required: true },
        { label: "Conduta", type: "long_text", required: true },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: template.id, version: 2, fields: [{ key: "queixa", label: "Queixa principal" }, { key: "conduta", required: true }] });
    expect((await req("GET", "/api/records/templates")).json().templates.filter((x: { id: string }) => x.id === template.id)).toMatchObject([{ version: 2 }]);
    // Each version stays readable: a draft written with version 1 is continued with its fields.
    expect((await req("GET", `/api/records/templates/${uuid}?version=1`)).json()).toMatchObject({ version: 1, fields: [{ key: "queixa", label: "Queixa" }, {}, {}, { key: "escore" }, {}] });
    expect((await req("GET", `/api/records/templates/${uuid}`)).json()).toMatchObject({ version: 2 });
    expect((await req("GET", `/api/records/templates/${uuid}?version=9`)).statusCode).toBe(404);

    // The finalised entry and the draft still point to version 1; saving the draft keeps it there, escore included.
    expect((await req("GET", `/api/records/${done.id}`)).json()).toMatchObject({ template_version: 1, fields: { queixa: "Disfonia", escore: 7 } });
    const saved = await req("PUT", `/api/records/${draft.id}`, { template_id: template.id, fields: { queixa: "Rouquidão", escore: 3 }, session_at: hoursBefore(2) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ template_version: 1, fields: { escore: 3 } });
    expect((await req("POST", `/api/records/${draft.id}/finalise`)).statusCode).toBe(200);

    // A new entry takes version 2 and is checked against it.
    const fresh = await req("POST", `/api/patients/${patient.id}/records`, { kind: "avaliacao", template_id: template.id, fields: { escore: 1 }, session_at: hoursBefore(1) });
    expect(fresh.statusCode).toBe(422);
    const v2 = await req("POST", `/api/patients/${patient.id}/records`, { kind: "avaliacao", template_id: template.id, fields: { queixa: "Pigarro", conduta: "Higiene vocal" }, session_at: hoursBefore(1) });
    expect(v2.json()).toMatchObject({ template_version: 2 });

    const pdf = await t.app.inject({ method: "GET", url: `/api/patients/${patient.id}/records.pdf`, headers: { "x-session-id": t.session } });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Escore");
    expect(text).toContain("Queixa principal");
    expect(text).toContain("Conduta");
  });

  it("refuses bad templates in Portuguese and another professional's template", async () => {
    const noFields = await req("POST", "/api/records/templates", { name: "Vazio", kind: "evolucao", fields: [] });
    expect(noFields.statusCode).toBe(422);
    expect(JSON.stringify(noFields.json())).toContain("O modelo precisa de pelo menos um campo");
    const oneOption = await req("POST", "/api/records/templates", { name: "Escolha", kind: "evolucao", fields: [{ label: "Tipo", type: "choice", options: ["Só uma"] }] });
    expect(JSON.stringify(oneOption.json())).toContain("Uma escolha precisa de pelo menos duas opções");
    const badType = await req("POST", "/api/records/templates", { name: "Tipo", kind: "evolucao", fields: [{ label: "Foto", type: "image" }] });
    expect(badType.statusCode).toBe(422);
    const repeated = await req("POST", "/api/records/templates", { name: "Repetido", kind: "evolucao", fields: [{ key: "a", label: "A", type: "number" }, { key: "a", label: "B", type: "number" }] });
    expect(JSON.stringify(repeated.json())).toContain("Campo repetido no modelo");

    const mine = (await req("POST", "/api/records/templates", firstVersion)).json();
    const { user, professional } = await t.make.professionalUser();
    const other = await t.login(user.email, user.password);
    expect((await req("GET", "/api/records/templates", undefined, other)).json().templates.map((x: { id: string }) => x.id)).not.toContain(mine.id);
    const theirPatient = await t.make.patient(professional.id, { name: "Paciente de outra" });
    const using = await req("POST", `/api/patients/${theirPatient.id}/records`, { kind: "avaliacao", template_id: mine.id, fields: {}, session_at: hoursBefore(1) }, other);
    expect(using.statusCode).toBe(422);
    expect(JSON.stringify(using.json())).toContain("Modelo de prontuário desconhecido");
  });
});
