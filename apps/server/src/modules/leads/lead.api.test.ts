import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@clinora/contracts";
import { adminForFile } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { auditLog } from "../audit/audit.schema";

const NOW = "2026-03-10T15:00:00Z";
const clock = fixedClock(NOW);
const t = adminForFile({ clock });

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/leads${url}`, payload, session: t.session });

const daysAgo = (days: number) => new Date(new Date(NOW).getTime() - days * 24 * 60 * 60 * 1000);

/** A source no other test uses, so list filters can be checked against exactly known rows. */
const uniqueSource = () => `Origem ${randomUUID().slice(0, 8)}`;

describe("leads (admin)", () => {
  it("creates a lead as new by default, with the phone in E.164 and the email in lower case", async () => {
    const res = await call("POST", "", { name: "Dra. Conceição Lima", contact_form: "(21) 99876-1234", source: "Instagram", notes: "" });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: "Dra. Conceição Lima",
      contact_form: "+5521998761234",
      status: "new",
      source: "Instagram",
      notes: null,
      created_at: "2026-03-10T15:00:00.000Z",
    });
    expect((await call("GET", `/${created.id}`)).json()).toEqual(created);

    const email = await call("POST", "", { name: "Dr. Paulo", contact_form: "Paulo@Exemplo.com", status: "qualified" });
    expect(email.json()).toMatchObject({ contact_form: "paulo@exemplo.com", status: "qualified" });
    const other = await call("POST", "", { name: "Dr. Sem Número", contact_form: "instagram.com/drsemnumero" });
    expect(other.json().contact_form).toBe("instagram.com/drsemnumero");

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(trail.map((e) => e.action)).toEqual(["lead.created"]);
  });

  it("validates with the spec's messages (docs/product/admin.md §5)", async () => {
    const res = await call("POST", "", { name: " ", status: "talvez" });
    expect(res.statusCode).toBe(422);
    const msgs = Object.fromEntries(res.json().details.map((d: { loc: string[]; msg: string }) => [d.loc.at(-1), d.msg]));
    expect(msgs).toEqual({ name: MSG.leadNameRequired, contact_form: MSG.leadContactRequired, status: "Status inválido" });
  });

  it("lists newest first with paging and the status, source and search filters", async () => {
    const source = uniqueSource();
    await t.make.lead({ name: "João Araújo", contactForm: "joao@clinica.com", status: "contacted", source, createdAt: daysAgo(3) });
    await t.make.lead({ name: "Marina Costa", contactForm: "+5511987654321", status: "new", source, createdAt: daysAgo(1) });
    await t.make.lead({ name: "Pedro Alves", contactForm: "pedro@consultorio.com", status: "contacted", source, createdAt: daysAgo(2) });
    await t.make.lead({ name: "João de Outra Origem", contactForm: "x@y.com", source: uniqueSource() });

    const names = async (query: string) => {
      const res = await call("GET", `?source=${encodeURIComponent(source)}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().items.map((l: { name: string }) => l.name);
    };
    expect(await names("")).toEqual(["Marina Costa", "Pedro Alves", "João Araújo"]);
    expect(await names("status=contacted")).toEqual(["Pedro Alves", "João Araújo"]);
    expect(await names("search=joao")).toEqual(["João Araújo"]);
    expect(await names("search=ARAUJO")).toEqual(["João Araújo"]);
    expect(await names("search=consultorio")).toEqual(["Pedro Alves"]);
    expect(await names(`search=${encodeURIComponent("98765-4321")}`)).toEqual(["Marina Costa"]);
    expect(await names("search=50%25")).toEqual([]);

    const page = await call("GET", `?source=${encodeURIComponent(source)}&page=2&per_page=2`);
    expect(page.json()).toMatchObject({ total: 3, page: 2, per_page: 2, items: [{ name: "João Araújo" }] });
    expect((await call("GET", "")).json()).toMatchObject({ page: 1, per_page: 20 });
    expect((await call("GET", "?status=talvez")).statusCode).toBe(422);
  });

  it("counts by status, the last 7 and 30 days and the sources, most frequent first", async () => {
    const before = (await call("GET", "/stats")).json();
    const frequent = uniqueSource();
    const rare = uniqueSource();
    await t.make.lead({ status: "converted", source: frequent, createdAt: daysAgo(2) });
    await t.make.lead({ status: "converted", source: frequent, createdAt: daysAgo(10) });
    await t.make.lead({ status: "lost", source: frequent, createdAt: daysAgo(40) });
    await t.make.lead({ status: "lost", source: rare, createdAt: daysAgo(29) });
    await t.make.lead({ status: "new", source: null, createdAt: daysAgo(0) });

    const res = await call("GET", "/stats");
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(Object.keys(after.by_status).sort()).toEqual(["contacted", "converted", "lost", "new", "qualified"]);
    expect(after.total - before.total).toBe(5);
    expect(after.by_status.converted - before.by_status.converted).toBe(2);
    expect(after.by_status.lost - before.by_status.lost).toBe(2);
    expect(after.by_status.new - before.by_status.new).toBe(1);
    expect(after.by_status.qualified - before.by_status.qualified).toBe(0);
    expect(after.last_7_days - before.last_7_days).toBe(2);
    expect(after.last_30_days - before.last_30_days).toBe(4);
    const sources = after.top_sources.map((s: { source: string }) => s.source);
    expect(after.top_sources).toContainEqual({ source: frequent, count: 3 });
    expect(sources.indexOf(frequent)).toBeLessThan(sources.indexOf(rare));
    expect(sources).not.toContain(null);
  });

  it("updates any field, to any status", async () => {
    const lead = await t.make.lead({ name: "Dr. Renato", status: "converted" });
    clock.set("2026-03-10T16:00:00Z");
    const res = await call("PUT", `/${lead.id}`, { name: "Dr. Renato Souza", contact_form: "renato@exemplo.com", status: "new", source: "Evento", notes: "Retornar em abril" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Dr. Renato Souza",
      status: "new",
      source: "Evento",
      notes: "Retornar em abril",
      updated_at: "2026-03-10T16:00:00.000Z",
    });
    const invalid = await call("PUT", `/${lead.id}`, { name: "Dr. Renato Souza", contact_form: "" });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().details).toEqual([expect.objectContaining({ loc: ["body", "contact_form"], msg: MSG.leadContactRequired })]);
  });

  it("deletes a lead, and answers 404 for an unknown id", async () => {
    const lead = await t.make.lead();
    const res = await call("DELETE", `/${lead.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const [method, payload] of [["GET"], ["PUT", { name: "A", contact_form: "B" }], ["DELETE"]] as const) {
      const gone = await call(method, `/${lead.id}`, payload);
      expect(gone.statusCode, method).toBe(404);
      expect(gone.json(), method).toEqual({ detail: "Lead não encontrado" });
    }
  });
});
