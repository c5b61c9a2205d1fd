import { beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { professionalForFile } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { tasks } from "./tasks.schema";

// 01:30 UTC on 11 March is still 22:30 on 10 March in São Paulo: "today" must be the 10th.
const NOW = "2026-03-11T01:30:00.000Z";
const TODAY = "2026-03-10";
const clock = fixedClock(NOW);
const t = professionalForFile({ clock });

/** A professional of its own, so list assertions see only the rows the test made. */
async function freshProfessional() {
  const { user, professional } = await t.make.professionalUser();
  return { professional, session: await t.login(user.email, user.password) };
}

const create = (payload: Record<string, unknown>, as = t.session) => t.request({ method: "POST", url: "/api/tasks", payload, session: as });
const update = (id: string, payload: Record<string, unknown>) => t.request({ method: "PUT", url: `/api/tasks/${id}`, payload, session: t.session });
const fieldMessages = (body: { details: { loc: (string | number)[]; msg: string }[] }) =>
  Object.fromEntries(body.details.map((d) => [d.loc.at(-1), d.msg]));

describe("tasks: create and read", () => {
  it("creates a task with the defaults and empty optional fields as null", async () => {
    const res = await create({ title: "  Ligar para o laboratório  ", description: "", due_date: "", patient_id: "" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: "Ligar para o laboratório",
      description: null,
      status: "todo",
      priority: "medium",
      due_date: null,
      patient_id: null,
      patient_name: null,
      completed_at: null,
    });

    const read = await t.request({ method: "GET", url: `/api/tasks/${res.json().id}`, session: t.session });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(res.json());
  });

  it("links one of the professional's own patients and answers its name", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Helena Prado" });
    const res = await create({ title: "Enviar laudo", priority: "urgent", due_date: "2026-03-12", patient_id: patient.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ priority: "urgent", due_date: "2026-03-12", patient_id: patient.id, patient_name: "Helena Prado" });
  });

  it("marks a task created as done with the time it was completed", async () => {
    const res = await create({ title: "Já feito", status: "done" });
    expect(res.json()).toMatchObject({ status: "done", completed_at: NOW });
  });

  it("validates with the spec's messages", async () => {
    const missing = await create({});
    expect(missing.statusCode).toBe(422);
    expect(fieldMessages(missing.json())).toEqual({ title: MSG.taskTitleRequired });

    const blank = await create({ title: "   ", status: "talvez", priority: "maxima", due_date: "10/03/2026", patient_id: "abc" });
    expect(blank.statusCode).toBe(422);
    expect(fieldMessages(blank.json())).toEqual({
      title: MSG.taskTitleRequired,
      status: "Status inválido",
      priority: "Prioridade inválida",
      due_date: "Data inválida (formato: AAAA-MM-DD)",
      patient_id: "Selecione um paciente válido",
    });

    const impossibleDay = await create({ title: "Prazo", due_date: "2026-02-30" });
    expect(impossibleDay.statusCode).toBe(422);
    expect(fieldMessages(impossibleDay.json())).toEqual({ due_date: "Data inválida" });
  });

  it("refuses a patient of another professional, or one that does not exist, as not found", async () => {
    const other = await t.make.professionalUser();
    const foreign = await t.make.patient(other.professional.id);
    for (const patientId of [foreign.id, "7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11"]) {
      const res = await create({ title: "Vincular", patient_id: patientId });
      expect(res.statusCode).toBe(422);
      expect(res.json().details).toEqual([{ loc: ["body", "patient_id"], msg: "Paciente não encontrado", type: "value_error" }]);
    }
  });

  it("answers 404 for an unknown task", async () => {
    const res = await t.request({ method: "GET", url: "/api/tasks/7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11", session: t.session });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Tarefa não encontrada" });
  });
});

describe("tasks: update and delete", () => {
  it("completes with the status alone and clears the completion when reopened", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Otávio Lima" });
    const task = (await create({ title: "Revisar prontuário", description: "Sessão 3", priority: "high", due_date: "2026-03-09", patient_id: patient.id })).json();

    clock.set("2026-03-11T02:00:00.000Z");
    const done = await update(task.id, { status: "done" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: "done", completed_at: "2026-03-11T02:00:00.000Z", title: "Revisar prontuário", description: "Sessão 3", priority: "high", patient_name: "Otávio Lima" });

    // Saving the form again keeps the original completion time.
    clock.set("2026-03-11T03:00:00.000Z");
    const edited = await update(task.id, { ...task, title: "Revisar prontuário completo", status: "done" });
    expect(edited.json()).toMatchObject({ title: "Revisar prontuário completo", completed_at: "2026-03-11T02:00:00.000Z" });

    const reopened = await update(task.id, { status: "todo" });
    expect(reopened.json()).toMatchObject({ status: "todo", completed_at: null, title: "Revisar prontuário completo" });
    clock.set(NOW);
  });

  it("replaces every field with a full payload; omitted optional fields become null", async () => {
    const patient = await t.make.patient(t.professionalId);
    const task = (await create({ title: "Antigo", description: "desc", priority: "low", due_date: "2026-03-20", patient_id: patient.id })).json();
    const res = await update(task.id, { title: "Novo", status: "in_progress" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Novo", status: "in_progress", priority: "medium", description: null, due_date: null, patient_id: null, patient_name: null });
  });

  it("asks for the title unless the payload is the status alone", async () => {
    const task = (await create({ title: "Parcial" })).json();
    for (const payload of [{}, { priority: "high" }, { status: "done", description: "x" }]) {
      const res = await update(task.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldMessages(res.json())).toEqual({ title: MSG.taskTitleRequired });
    }
    const badStatus = await update(task.id, { status: "arquivada" });
    expect(fieldMessages(badStatus.json())).toEqual({ status: "Status inválido" });
    const foreign = await t.make.patient((await t.make.professionalUser()).professional.id);
    expect((await update(task.id, { title: "Parcial", patient_id: foreign.id })).statusCode).toBe(422);
    expect((await t.request({ method: "GET", url: `/api/tasks/${task.id}`, session: t.session })).json()).toMatchObject({ title: "Parcial", status: "todo" });
  });

  it("deletes a task (204), then answers 404 for it", async () => {
    const task = (await create({ title: "Descartável" })).json();
    const res = await t.request({ method: "DELETE", url: `/api/tasks/${task.id}`, session: t.session });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await t.request({ method: "GET", url: `/api/tasks/${task.id}`, session: t.session })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/tasks/${task.id}`, session: t.session })).statusCode).toBe(404);
    expect((await update(task.id, { status: "done" })).statusCode).toBe(404);
  });
});

describe("tasks: list, filters and summary", () => {
  let list: (query: string) => Promise<string[]>;
  let sessionOf: string;
  let patientId: string;

  beforeAll(async () => {
    const fresh = await freshProfessional();
    sessionOf = fresh.session;
    const id = fresh.professional.id;
    patientId = (await t.make.patient(id, { name: "Joana" })).id;
    const task = (title: string, o: Partial<typeof tasks.$inferInsert> = {}) => t.make.task(id, { title, ...o });
    await task("Vencida ontem", { dueDate: "2026-03-09", priority: "low" });
    await task("Vencida e feita", { dueDate: "2026-03-01", status: "done" });
    await task("Hoje urgente", { dueDate: TODAY, priority: "urgent", status: "in_progress" });
    await task("Hoje baixa", { dueDate: TODAY, priority: "low", patientId });
    await task("Amanhã UTC", { dueDate: "2026-03-11", priority: "high" });
    await task("Fim da semana", { dueDate: "2026-03-17", description: "Reunião de supervisão" });
    await task("Depois da semana", { dueDate: "2026-03-18" });
    await task("Sem prazo", { priority: "urgent" });
    await task("Concluída hoje", { dueDate: TODAY, status: "done", patientId });
    list = async (query) => {
      const res = await t.request({ method: "GET", url: `/api/tasks?${query}`, session: sessionOf });
      expect(res.statusCode, query).toBe(200);
      return res.json().items.map((x: { title: string }) => x.title);
    };
  });

  it("lists open tasks first, then by due date (undated last), then by priority", async () => {
    expect(await list("")).toEqual([
      "Vencida ontem",
      "Hoje urgente",
      "Hoje baixa",
      "Amanhã UTC",
      "Fim da semana",
      "Depois da semana",
      "Sem prazo",
      "Vencida e feita",
      "Concluída hoje",
    ]);
  });

  it("computes today, the next 7 days and overdue in the professional's time zone", async () => {
    expect(await list("due=today")).toEqual(["Hoje urgente", "Hoje baixa", "Concluída hoje"]);
    expect(await list("due=next_7_days")).toEqual(["Hoje urgente", "Hoje baixa", "Amanhã UTC", "Fim da semana", "Concluída hoje"]);
    expect(await list("due=overdue")).toEqual(["Vencida ontem"]);
    expect(await list("due=all")).toHaveLength(9);
  });

  it("filters by status, priority, patient and accent-insensitive text in title or description", async () => {
    expect(await list("status=in_progress")).toEqual(["Hoje urgente"]);
    expect(await list("status=done")).toEqual(["Vencida e feita", "Concluída hoje"]);
    expect(await list("priority=urgent")).toEqual(["Hoje urgente", "Sem prazo"]);
    expect(await list(`patient_id=${patientId}`)).toEqual(["Hoje baixa", "Concluída hoje"]);
    expect(await list("search=amanha")).toEqual(["Amanhã UTC"]);
    expect(await list("search=REUNIAO")).toEqual(["Fim da semana"]);
    expect(await list("search=conclu%C3%ADda")).toEqual(["Concluída hoje"]);
    expect(await list("search=100%25")).toEqual([]);
    expect(await list("status=todo&due=today&priority=low")).toEqual(["Hoje baixa"]);
  });

  it("pages the list and answers the total", async () => {
    const res = await t.request({ method: "GET", url: "/api/tasks?per_page=2&page=2", session: sessionOf });
    expect(res.json()).toMatchObject({ total: 9, page: 2, per_page: 2 });
    expect(res.json().items.map((x: { title: string }) => x.title)).toEqual(["Hoje baixa", "Amanhã UTC"]);
    expect((await t.request({ method: "GET", url: "/api/tasks", session: sessionOf })).json().per_page).toBe(100);
  });

  it.each([
    ["per_page=101", "per_page"],
    ["due=amanha", "due"],
    ["status=feita", "status"],
    ["priority=alta", "priority"],
    ["patient_id=123", "patient_id"],
  ])("refuses the query %s with 422", async (query, field) => {
    const res = await t.request({ method: "GET", url: `/api/tasks?${query}`, session: sessionOf });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].loc).toEqual(["querystring", field]);
  });

  it("summarises every task; overdue leaves out done and undated tasks", async () => {
    const res = await t.request({ method: "GET", url: "/api/tasks/summary", session: sessionOf });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 9, todo: 6, in_progress: 1, done: 2, overdue: 1 });
  });
});

describe("tasks: summary beyond one page", () => {
  it("counts all tasks even past the list's 100 per page", async () => {
    const fresh = await freshProfessional();
    const rows = Array.from({ length: 105 }, (_, i) => ({
      professionalId: fresh.professional.id,
      title: `Tarefa ${i}`,
      status: i % 3 === 0 ? ("done" as const) : ("todo" as const),
      dueDate: i < 10 ? "2026-03-01" : null,
    }));
    await t.db.insert(tasks).values(rows);
    const summary = (await t.request({ method: "GET", url: "/api/tasks/summary", session: fresh.session })).json();
    expect(summary).toEqual({ total: 105, todo: 70, in_progress: 0, done: 35, overdue: 6 });
    const page = (await t.request({ method: "GET", url: "/api/tasks", session: fresh.session })).json();
    expect(page).toMatchObject({ total: 105, per_page: 100 });
    expect(page.items).toHaveLength(100);
  });
});
