import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { auditLog } from "../audit/audit.schema";

const clock = fixedClock("2026-03-10T15:00:00Z");
const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);

let t: TestContext;
let session: string;
let professionalId: string;
let ids: Record<"joao" | "maria" | "recent" | "inProgress" | "resolved" | "silent", string>;

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ clock }));
  const make = (overrides: Parameters<TestContext["make"]["conversation"]>[1]) => t.make.conversation(professionalId, overrides);
  const joao = await make({ patientName: "João Conceição", phoneNumber: "+5511987654321", lastMessage: "Preciso remarcar a consulta", lastMessageAt: minutesAgo(130), unreadCount: 2 });
  const maria = await make({ patientName: "Maria Souza", channel: "web_chat", lastMessage: "Bom dia", lastMessageAt: minutesAgo(120) });
  const recent = await make({ patientName: "Carla Dias", lastMessage: "Obrigada", lastMessageAt: minutesAgo(119) });
  const inProgress = await make({ patientName: "Pedro Lima", status: "in_progress", lastMessageAt: minutesAgo(300) });
  const resolved = await make({ patientName: "Rita Alves", status: "resolved", channel: "web_chat", lastMessageAt: minutesAgo(10) });
  const silent = await make({ patientName: "Bruno Reis", status: "bot_handling", lastMessage: null, lastMessageAt: null });
  ids = { joao: joao.id, maria: maria.id, recent: recent.id, inProgress: inProgress.id, resolved: resolved.id, silent: silent.id };
});
afterAll(() => t.close());

const list = async (query = "") => {
  const res = await t.request({ method: "GET", url: `/api/conversations${query}`, session });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: string; patient_name: string }[]; total: number; page: number; per_page: number; stale_waiting: number };
};
const names = async (query: string) => (await list(query)).items.map((c) => c.patient_name);

describe("GET /api/conversations", () => {
  it("lists newest activity first, 20 a page, with the stale waiting count", async () => {
    const page = await list();
    expect(page.items.map((c) => c.id)).toEqual([ids.resolved, ids.recent, ids.maria, ids.joao, ids.inProgress, ids.silent]);
    expect(page).toMatchObject({ total: 6, page: 1, per_page: 20, stale_waiting: 2 });
    expect(page.items[3]).toEqual({
      id: ids.joao,
      patient_id: null,
      patient_name: "João Conceição",
      phone_number: "+5511987654321",
      status: "waiting",
      channel: "whatsapp",
      last_message: "Preciso remarcar a consulta",
      last_message_at: minutesAgo(130).toISOString(),
      unread_count: 2,
      urgency: 0,
      failed_reply: false,
    });
  });

  it("filters by status and channel; the stale count ignores the filters", async () => {
    expect(await names("?status=waiting")).toEqual(["Carla Dias", "Maria Souza", "João Conceição"]);
    expect(await names("?channel=web_chat")).toEqual(["Rita Alves", "Maria Souza"]);
    expect(await names("?status=waiting&channel=web_chat")).toEqual(["Maria Souza"]);
    expect(await names("?status=bot_handling")).toEqual(["Bruno Reis"]);
    expect((await list("?status=resolved")).stale_waiting).toBe(2);
  });

  it("searches patient name (without accents), phone and last message", async () => {
    expect(await names("?search=joao%20conceicao")).toEqual(["João Conceição"]);
    expect(await names("?search=SOUZA")).toEqual(["Maria Souza"]);
    expect(await names(`?search=${encodeURIComponent("(11) 98765-4321")}`)).toEqual(["João Conceição"]);
    expect(await names("?search=remarcar")).toEqual(["João Conceição"]);
    expect(await names("?search=50%25")).toEqual([]);
  });

  it("pages through the list", async () => {
    const other = await t.make.professionalUser();
    const otherSession = await t.login(other.user.email, other.user.password);
    for (let i = 0; i < 22; i++) await t.make.conversation(other.professional.id, { lastMessageAt: minutesAgo(i) });
    const page = (n: number) => t.request({ method: "GET", url: `/api/conversations?page=${n}`, session: otherSession }).then((r) => r.json());
    const [first, second] = await Promise.all([page(1), page(2)]);
    expect(first.items).toHaveLength(20);
    expect(second).toMatchObject({ total: 22, page: 2, per_page: 20 });
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((c: { id: string }) => c.id)).size).toBe(22);
  });

  it("refuses unknown filter values", async () => {
    const res = await t.request({ method: "GET", url: "/api/conversations?status=talvez&channel=sms", session });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ["querystring", "status"], msg: "Status inválido" }),
        expect.objectContaining({ loc: ["querystring", "channel"], msg: "Canal inválido" }),
      ]),
    );
  });
});

describe("GET /api/conversations/:id", () => {
  it("answers the thread oldest first and marks the conversation read", async () => {
    const conversation = { id: ids.joao, professionalId };
    await t.make.message(conversation, { content: "Preciso remarcar a consulta", sentAt: minutesAgo(130) });
    await t.make.message(conversation, { content: "Olá, bom dia", sentAt: minutesAgo(150) });
    await t.make.message(conversation, { content: "Bom dia! Em que posso ajudar?", direction: "outbound", status: "read", sentAt: minutesAgo(140) });

    const res = await t.request({ method: "GET", url: `/api/conversations/${ids.joao}`, session });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ id: ids.joao, unread_count: 0, status: "waiting" });
    expect(detail.messages.map((m: { content: string }) => m.content)).toEqual(["Olá, bom dia", "Bom dia! Em que posso ajudar?", "Preciso remarcar a consulta"]);
    expect(detail.messages[1]).toMatchObject({ direction: "outbound", status: "read", sent_at: minutesAgo(140).toISOString() });
    expect(detail.messages[0].status).toBeNull();

    const listed = (await list("?search=joao")).items[0];
    expect(listed).toMatchObject({ unread_count: 0 });
  });

  it("answers 404 for an unknown id", async () => {
    const res = await t.request({ method: "GET", url: "/api/conversations/7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11", session });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Conversa não encontrada" });
  });
});

describe("PUT /api/conversations/:id", () => {
  it("resolves a conversation and records who did it", async () => {
    const res = await t.request({ method: "PUT", url: `/api/conversations/${ids.recent}`, payload: { status: "resolved" }, session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.recent, status: "resolved" });
    expect(await names("?status=resolved")).toEqual(["Rita Alves", "Carla Dias"]);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids.recent));
    expect(entry).toMatchObject({ action: "conversation.status_changed", professionalId, details: { from: "waiting", to: "resolved" } });
  });

  it("validates the status and answers 404 for an unknown id", async () => {
    const bad = await t.request({ method: "PUT", url: `/api/conversations/${ids.maria}`, payload: { status: "archived" }, session });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0]).toMatchObject({ loc: ["body", "status"], msg: "Status inválido" });

    const missing = await t.request({ method: "PUT", url: "/api/conversations/7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11", payload: { status: "resolved" }, session });
    expect(missing.statusCode).toBe(404);
  });
});
