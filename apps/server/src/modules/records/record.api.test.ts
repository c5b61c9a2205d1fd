import { describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { RECORD_SIGNATURE_NOTE } from "@clinora/contracts";
import { professionalForFile } from "../../../test/context";
import { ANA_SOUZA, hoursBefore, RECORDS_NOW as NOW } from "../../../test/records-moment";
import { fixedClock } from "../../platform/lib/clock";
import { recordEntries } from "./records.schema";
import { auditLog } from "../audit/audit.schema";
import { verifyAllChains } from "./index";
import { pdfText } from "../../../test/pdf-text";

const clock = fixedClock(NOW);
const t = professionalForFile({
  clock,
  profile: { ...ANA_SOUZA, licenseType: "CRP", licenseNumber: "06/123456", licenseState: "SP", clinicName: "Consultório Ana Souza" },
});

const evolucao = (overrides: Record<string, unknown> = {}) => ({
  kind: "evolucao",
  template_id: "psicologia.evolucao",
  fields: { modalidade: "Presencial", resumo: "Paciente relata melhora do sono." },
  free_text: "",
  session_at: hoursBefore(1),
  ...overrides,
});
const create = (patientId: string, payload: Record<string, unknown>, as = t.session) => t.request({ method: "POST", url: `/api/patients/${patientId}/records`, payload, session: as });
const save = (id: string, payload: Record<string, unknown>) => t.request({ method: "PUT", url: `/api/records/${id}`, payload, session: t.session });
const finalise = (id: string) => t.request({ method: "POST", url: `/api/records/${id}/finalise`, session: t.session });
const addendum = (id: string, payload: Record<string, unknown>) => t.request({ method: "POST", url: `/api/records/${id}/addenda`, payload, session: t.session });
const rowOf = async (id: string) => (await t.db.select().from(recordEntries).where(eq(recordEntries.id, id)))[0]!;
const auditCount = async (action: string, patientId: string) =>
  (await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, patientId))))[0]!.n;

describe("records: draft, finalise, adendo", () => {
  it("creates a draft with the author's snapshot, saves it, finalises it into the chain, and then refuses any change", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Beatriz Lima" });
    const appointment = await t.make.appointment(t.professionalId, patient.id, { status: "completed" });
    const created = await create(patient.id, evolucao({ appointment_id: appointment.id }));
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({
      status: "draft",
      kind: "evolucao",
      template_id: "psicologia.evolucao",
      template_version: 1,
      appointment_id: appointment.id,
      author: { name: "Ana Souza", council_type: "CRP", council_number: "06/123456", council_uf: "SP" },
      content_hash: null,
      created_at: NOW,
    });

    const saved = await save(draft.id, { template_id: "psicologia.evolucao", fields: { modalidade: "Online", resumo: "Resumo revisto" }, free_text: "Texto livre", session_at: hoursBefore(1) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ fields: { modalidade: "Online", resumo: "Resumo revisto" }, free_text: "Texto livre", status: "draft" });

    const done = await finalise(draft.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: "finalised", finalised_at: NOW, auto_finalised: false, previous_hash: null });
    expect(done.json().content_hash).toMatch(/^[0-9a-f]{64}$/);

    const before = await rowOf(draft.id);
    const edit = await save(draft.id, { free_text: "Reescrito", session_at: hoursBefore(1) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toMatch(/finalizada/);
    expect((await finalise(draft.id)).statusCode).toBe(409);
    expect(await rowOf(draft.id)).toEqual(before);

    // The next entry of the patient points to this one's hash.
    const second = (await create(patient.id, evolucao({ session_at: hoursBefore(0.5) }))).json();
    const secondDone = (await finalise(second.id)).json();
    expect(secondDone.previous_hash).toBe(done.json().content_hash);
  });

  it("adds an adendo under a finalised entry and leaves the original as it was", async () => {
    const patient = await t.make.patient(t.professionalId);
    const entry = (await create(patient.id, evolucao())).json();
    expect((await addendum(entry.id, { reason: "Correção", free_text: "Antes de finalizar" })).statusCode).toBe(409);
    const original = (await finalise(entry.id)).json();

    const res = await addendum(entry.id, { reason: "Data do encaminhamento errada", free_text: "O encaminhamento foi em 10/03, não 12/03." });
    expect(res.statusCode).toBe(201);
    const withAddendum = res.json();
    expect(withAddendum.content_hash).toBe(original.content_hash);
    expect(withAddendum.free_text).toBe(original.free_text);
    expect(withAddendum.addenda).toHaveLength(1);
    expect(withAddendum.addenda[0]).toMatchObject({
      addendum_of: entry.id,
      addendum_reason: "Data do encaminhamento errada",
      status: "finalised",
      previous_hash: original.content_hash,
    });
    expect((await addendum(withAddendum.addenda[0].id, { reason: "x", free_text: "y" })).statusCode).toBe(409);

    const missing = await addendum(entry.id, { reason: " ", free_text: "" });
    expect(missing.statusCode).toBe(422);
  });

  it("finalises a draft on its own 24 hours after the session, by the clock", async () => {
    const patient = await t.make.patient(t.professionalId);
    const recent = (await create(patient.id, evolucao({ session_at: hoursBefore(20) }))).json();
    const old = (await create(patient.id, evolucao({ session_at: hoursBefore(25) }))).json();

    const list = (await t.request({ method: "GET", url: `/api/patients/${patient.id}/records`, session: t.session })).json();
    const byId = Object.fromEntries(list.items.map((e: { id: string }) => [e.id, e]));
    expect(byId[old.id]).toMatchObject({ status: "finalised", auto_finalised: true });
    expect(byId[recent.id]).toMatchObject({ status: "draft" });

    // Five hours later (within the session's idle limit) the recent draft is 25 hours old too.
    clock.set(new Date(new Date(NOW).getTime() + 5 * 3_600_000));
    const late = await save(recent.id, { free_text: "Tarde demais", session_at: hoursBefore(20) });
    clock.set(NOW);
    expect(late.statusCode).toBe(409);
    expect((await rowOf(recent.id)).autoFinalised).toBe(true);
  });
});

describe("records: refusals", () => {
  it("answers clear 4xx and writes nothing for bad input", async () => {
    const patient = await t.make.patient(t.professionalId);
    const countOf = async () => (await t.db.select({ n: count() }).from(recordEntries).where(eq(recordEntries.patientId, patient.id)))[0]!.n;

    const tooLong = await create(patient.id, evolucao({ free_text: "a".repeat(100_000) }));
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json())).toContain("no máximo");

    const unknownField = await create(patient.id, evolucao({ fields: { resumo: "ok", senha: "x" } }));
    expect(unknownField.statusCode).toBe(422);
    expect(unknownField.json().details).toEqual([{ loc: ["body", "fields", "senha"], msg: "Campo que o modelo não tem", type: "value_error" }]);

    const wrongChoice = await create(patient.id, evolucao({ fields: { modalidade: "Por carta" } }));
    expect(wrongChoice.statusCode).toBe(422);

    const otherPatient = await t.make.patient(t.professionalId);
    const appointment = await t.make.appointment(t.professionalId, otherPatient.id);
    const foreignAppointment = await create(patient.id, evolucao({ appointment_id: appointment.id }));
    expect(foreignAppointment.statusCode).toBe(422);

    const document = await create(patient.id, { kind: "documento_emitido", free_text: "Declaração de comparecimento", session_at: hoursBefore(1) });
    expect(document.statusCode).toBe(422);

    const draft = (await create(patient.id, evolucao({ fields: { modalidade: "Online" } }))).json();
    const incomplete = await finalise(draft.id);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().details).toEqual([{ loc: ["body", "fields", "resumo"], msg: "Campo obrigatório", type: "value_error" }]);
    expect(await countOf()).toBe(1);
  });

  it("another professional gets 404 on the patient and the entries; an administrator gets 403", async () => {
    const patient = await t.make.patient(t.professionalId);
    const entry = (await create(patient.id, evolucao())).json();
    await finalise(entry.id);

    const other = await t.make.professionalUser();
    const otherSession = await t.login(other.user.email, other.user.password);
    expect((await create(patient.id, evolucao(), otherSession)).statusCode).toBe(404);
    for (const url of [`/api/records/${entry.id}`, `/api/patients/${patient.id}/records`, `/api/patients/${patient.id}/records.pdf`]) {
      expect((await t.request({ method: "GET", url, session: otherSession })).statusCode, url).toBe(404);
    }
    expect((await t.request({ method: "POST", url: `/api/records/${entry.id}/addenda`, payload: { reason: "x", free_text: "y" }, session: otherSession })).statusCode).toBe(404);

    const admin = await t.make.admin();
    const adminSession = await t.login(admin.email, admin.password);
    for (const url of [`/api/records/${entry.id}`, `/api/patients/${patient.id}/records`, `/api/patients/${patient.id}/records.pdf`, "/api/records/templates"]) {
      expect((await t.request({ method: "GET", url, session: adminSession })).statusCode, url).toBe(403);
    }
  });
});

describe("records: the database itself refuses to change a finalised entry", () => {
  it("a raw UPDATE or DELETE of a finalised row fails; a draft row can still change", async () => {
    const patient = await t.make.patient(t.professionalId);
    const locked = (await create(patient.id, evolucao())).json();
    await finalise(locked.id);
    const draft = (await create(patient.id, evolucao())).json();

    await expect(t.db.execute(sql`update record_entries set free_text = 'adulterado' where id = ${locked.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from record_entries where id = ${locked.id}`)).rejects.toThrow();
    expect((await rowOf(locked.id)).freeText).toBe("");

    await t.db.execute(sql`update record_entries set free_text = 'ainda rascunho' where id = ${draft.id}`);
    expect((await rowOf(draft.id)).freeText).toBe("ainda rascunho");
  });

  it("verify recomputes every chain and names the entry whose content was tampered with", async () => {
    const patient = await t.make.patient(t.professionalId);
    const entry = (await create(patient.id, evolucao())).json();
    await finalise(entry.id);
    expect((await verifyAllChains(t.db)).breaks).toEqual([]);

    // Someone with the database's own rights turns the trigger off and rewrites the row.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table record_entries disable trigger record_entries_locked`);
      await tx.execute(sql`update record_entries set free_text = 'reescrito às escondidas' where id = ${entry.id}`);
      await tx.execute(sql`alter table record_entries enable trigger record_entries_locked`);
    });
    const result = await verifyAllChains(t.db);
    expect(result.breaks).toEqual([{ patient_id: patient.id, entry_id: entry.id, reason: "conteúdo alterado: o hash não confere" }]);
    expect(result.entries).toBeGreaterThan(1);
  });
});

describe("records: access log and printout", () => {
  it("logs one access row per read, naming the entries, and shows them under Acessos", async () => {
    const patient = await t.make.patient(t.professionalId);
    const entry = (await create(patient.id, evolucao())).json();

    expect(await auditCount("record.entry_viewed", patient.id)).toBe(0);
    await t.request({ method: "GET", url: `/api/records/${entry.id}`, session: t.session, headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(await auditCount("record.entry_viewed", patient.id)).toBe(1);
    await t.request({ method: "GET", url: `/api/patients/${patient.id}/records`, session: t.session });
    await t.request({ method: "GET", url: `/api/patients/${patient.id}/records`, session: t.session });
    expect(await auditCount("record.timeline_viewed", patient.id)).toBe(2);

    const log = (await t.request({ method: "GET", url: `/api/patients/${patient.id}/access-log`, session: t.session })).json();
    const viewed = log.items.find((i: { action: string }) => i.action === "record.entry_viewed");
    expect(viewed).toMatchObject({ action_label: "Leu uma entrada do prontuário", actor_name: expect.any(String), details: { entry_ids: [entry.id] } });
    // The trail never holds what was written.
    expect(JSON.stringify(log)).not.toContain("melhora do sono");
  });

  it("prints the prontuário as a PDF with letterhead, entries, adendos, pages and the chain's last hash", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Carolina Mendes", cpf: "52998224725", birthDate: "1990-05-20" });
    const entry = (await create(patient.id, evolucao({ free_text: "Trabalhamos respiração diafragmática." }))).json();
    await finalise(entry.id);
    const withAddendum = (await addendum(entry.id, { reason: "Complemento", free_text: "Tarefa de casa: diário do sono." })).json();

    const res = await t.request({ method: "GET", url: `/api/patients/${patient.id}/records.pdf`, session: t.session });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      "Ana Souza",
      "CRP 06/123456/SP",
      "Consultório Ana Souza",
      "Carolina Mendes",
      "529.982.247-25",
      "20/05/1990",
      "Evolução",
      "Trabalhamos respiração diafragmática.",
      "Resumo da sessão",
      "Adendo",
      "Motivo do adendo: Complemento",
      "Tarefa de casa: diário do sono.",
      "Página 1 de 1",
      "Gerado em 14/03/2026 18:30",
      RECORD_SIGNATURE_NOTE,
      withAddendum.addenda[0].content_hash,
    ]) {
      expect(text.replace(/\s+/g, " "), expected).toContain(expected);
    }
    expect(await auditCount("record.printed", patient.id)).toBe(1);
  });
});

describe("records: retention against anonymisation", () => {
  it("anonymising a patient with a retained record restricts it: contact data goes, the record and its identifiers stay", async () => {
    const patient = await t.make.patient(t.professionalId, {
      name: "Daniela Rocha",
      cpf: "11144477735",
      birthDate: "1985-02-10",
      phone: "+5511955554444",
      email: "daniela@example.com",
      address: "Rua A, 1",
      notes: "Prefere manhãs",
    });
    const entry = (await create(patient.id, evolucao())).json();
    await finalise(entry.id);

    const res = await t.request({ method: "POST", url: `/api/patients/${patient.id}/anonymize`, payload: { confirm: true }, session: t.session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Daniela Rocha", cpf: "11144477735", birth_date: "1985-02-10", phone: null, email: null, address: null, notes: null, anonymized_at: NOW });

    const retention = (await t.request({ method: "GET", url: `/api/patients/${patient.id}/records/retention`, session: t.session })).json();
    expect(retention).toEqual({
      entries: 1,
      last_entry_at: NOW,
      retained_until: "2046-03-14T21:30:00.000Z",
      restricted: true,
      label: "retido por obrigação legal (Lei 13.787/2018 art. 6; LGPD art. 16, I)",
    });
    const timeline = (await t.request({ method: "GET", url: `/api/patients/${patient.id}/records`, session: t.session })).json();
    expect(timeline.items.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    const pdf = await t.request({ method: "GET", url: `/api/patients/${patient.id}/records.pdf`, session: t.session });
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, " ")).toContain("retido por obrigação legal");
    // No new entry for a restricted patient.
    expect((await create(patient.id, evolucao())).statusCode).toBe(409);
  });

  it("a patient without a record is anonymised as before", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Elisa Nunes", cpf: "39053344705" });
    const res = await t.request({ method: "POST", url: `/api/patients/${patient.id}/anonymize`, payload: { confirm: true }, session: t.session });
    expect(res.json()).toMatchObject({ name: "Paciente anonimizado", cpf: null });
  });
});
