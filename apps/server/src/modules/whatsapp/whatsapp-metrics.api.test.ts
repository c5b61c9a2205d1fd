import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { recordSafetyCheckNoVerdict } from "./whatsapp-metrics.repository";

const clock = fixedClock("2026-03-10T15:00:00Z");
const minutesAgo = (m: number) => new Date(clock.now().getTime() - m * 60_000);
const URL = "/api/whatsapp/metrics/overview";

let t: TestContext;
let adminSession: string;
let sessionA: string;
let sessionB: string;
let professionalA: string;
let professionalB: string;

beforeAll(async () => {
  t = await createTestContext({ clock });
  const admin = await t.make.admin();
  adminSession = await t.login(admin.email, admin.password);
  const a = await t.make.professionalUser();
  const b = await t.make.professionalUser();
  professionalA = a.professional.id;
  professionalB = b.professional.id;
  sessionA = await t.login(a.user.email, a.user.password);
  sessionB = await t.login(b.user.email, b.user.password);

  // Professional A: two waiting conversations (one for exactly 2 hours, with unread messages), one in progress.
  const stale = await t.make.conversation(professionalA, { patientName: "Maria Silva", phoneNumber: "+5511987650001", lastMessageAt: minutesAgo(120), unreadCount: 2 });
  await t.make.conversation(professionalA, { lastMessageAt: minutesAgo(119) });
  const patient = await t.make.patient(professionalA, { name: "João Pereira", phone: "+5511987650002" });
  const linked = await t.make.conversation(professionalA, { status: "in_progress", patientName: null, phoneNumber: null, patientId: patient.id, lastMessageAt: minutesAgo(10) });
  // Web chat never goes through Twilio: none of it counts.
  const webChat = await t.make.conversation(professionalA, { channel: "web_chat", lastMessageAt: minutesAgo(600), unreadCount: 1 });
  await t.make.message(webChat, { direction: "outbound", status: "failed", sentAt: minutesAgo(5) });
  await t.make.message(webChat, { direction: "inbound", sentAt: minutesAgo(1) });

  await t.make.message(stale, { direction: "inbound", sentAt: minutesAgo(120) });
  await t.make.message(stale, { direction: "inbound", sentAt: minutesAgo(60 * 24 + 1) }); // outside the window
  await t.make.message(stale, { direction: "outbound", status: "sent", sentAt: minutesAgo(100) });
  await t.make.message(stale, { direction: "outbound", status: "delivered", sentAt: minutesAgo(90) });
  await t.make.message(stale, { direction: "outbound", status: "read", sentAt: minutesAgo(80) });
  await t.make.message(stale, { direction: "outbound", status: "failed", sentAt: minutesAgo(60 * 24), content: "  Sua consulta\n está confirmada  " });
  await t.make.message(stale, { direction: "outbound", status: "failed", sentAt: minutesAgo(60 * 30) }); // outside the window
  await t.make.message(linked, { direction: "outbound", status: "failed", sentAt: minutesAgo(10), content: null });

  // Professional B: twelve failures, to see the list capped at ten.
  const other = await t.make.conversation(professionalB, { lastMessageAt: minutesAgo(30) });
  for (let i = 1; i <= 12; i++) await t.make.message(other, { direction: "outbound", status: "failed", sentAt: minutesAgo(i) });
});
afterAll(() => t.close());

const overview = async (session: string, query = "") => {
  const res = await t.request({ method: "GET", url: `${URL}${query}`, session });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const OWN_FIGURES_A = {
  inbound_messages: 1,
  outbound_messages: 5,
  delivered_messages: 2,
  failed_messages: 2,
  status_breakdown: { sent: 1, delivered: 1, read: 1, failed: 2 },
  stale_waiting_conversations: 1,
  waiting_conversations: 2,
  unread_waiting_conversations: 1,
  last_message_at: minutesAgo(10).toISOString(),
  last_inbound_at: minutesAgo(120).toISOString(),
  last_outbound_at: minutesAgo(10).toISOString(),
};

describe("GET /api/whatsapp/metrics/overview", () => {
  it("gives a professional its own WhatsApp figures over the last 24 hours", async () => {
    const body = await overview(sessionA);
    expect(body).toMatchObject(OWN_FIGURES_A);
    expect(body.recent_failures).toEqual([
      { messageId: expect.any(String), patientName: "João Pereira", phoneNumber: "+5511987650002", sentAt: minutesAgo(10).toISOString(), contentPreview: null },
      { messageId: expect.any(String), patientName: "Maria Silva", phoneNumber: "+5511987650001", sentAt: minutesAgo(60 * 24).toISOString(), contentPreview: "Sua consulta está confirmada" },
    ]);
  });

  it("ignores the professional_id a professional sends", async () => {
    expect(await overview(sessionA, `?professional_id=${professionalB}`)).toEqual(await overview(sessionA));
  });

  it("lists at most ten recent failures, newest first", async () => {
    const body = await overview(sessionB);
    expect(body.failed_messages).toBe(12);
    expect(body.recent_failures.map((f: { sentAt: string }) => f.sentAt)).toEqual(
      Array.from({ length: 10 }, (_, i) => minutesAgo(i + 1).toISOString()),
    );
  });

  it("gives an administrator the whole platform, or one professional", async () => {
    const platform = await overview(adminSession);
    expect(platform).toMatchObject({ outbound_messages: 17, failed_messages: 14, waiting_conversations: 3, stale_waiting_conversations: 1 });
    expect(platform.recent_failures).toHaveLength(10);

    expect(await overview(adminSession, `?professional_id=${professionalA}`)).toEqual(await overview(sessionA));
  });

  it("answers zeros and nulls for a professional without traffic", async () => {
    const { user } = await t.make.professionalUser();
    const body = await overview(await t.login(user.email, user.password));
    expect(body).toEqual({
      inbound_messages: 0,
      outbound_messages: 0,
      delivered_messages: 0,
      failed_messages: 0,
      status_breakdown: { sent: 0, delivered: 0, read: 0, failed: 0 },
      stale_waiting_conversations: 0,
      waiting_conversations: 0,
      unread_waiting_conversations: 0,
      last_message_at: null,
      last_inbound_at: null,
      last_outbound_at: null,
      recent_failures: [],
      failed_jobs: 0,
      unrouted_inbound: 0,
      last_unrouted_number: null,
      safety_check_failures: { risk: 0, second_opinion: 0 },
    });
  });

  it("counts the assistant's safety checks that gave no verdict in the last 24 hours, by check and by professional", async () => {
    const { user, professional } = await t.make.professionalUser();
    const session = await t.login(user.email, user.password);
    const record = (check: "risk" | "second_opinion", why: string, at: Date) => recordSafetyCheckNoVerdict(t.db, at, { check, why, professionalId: professional.id });
    await record("risk", "timeout", minutesAgo(5));
    await record("risk", "failed", minutesAgo(60 * 24));
    await record("second_opinion", "invalid", minutesAgo(30));
    await record("second_opinion", "timeout", minutesAgo(60 * 24 + 1)); // outside the window
    expect((await overview(session)).safety_check_failures).toEqual({ risk: 2, second_opinion: 1 });
    expect((await overview(sessionB)).safety_check_failures).toEqual({ risk: 0, second_opinion: 0 });
    expect((await overview(adminSession, `?professional_id=${professional.id}`)).safety_check_failures).toEqual({ risk: 2, second_opinion: 1 });
    expect((await overview(adminSession)).safety_check_failures).toEqual({ risk: 2, second_opinion: 1 });
  });

  it("answers 404 to an administrator naming an unknown professional, 422 for a malformed id", async () => {
    const unknown = await t.request({ method: "GET", url: `${URL}?professional_id=${randomUUID()}`, session: adminSession });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: MSG.professionalNotFound });

    const malformed = await t.request({ method: "GET", url: `${URL}?professional_id=abc`, session: adminSession });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().details[0].loc).toEqual(["querystring", "professional_id"]);
  });
});
