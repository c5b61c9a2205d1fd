import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { contextWithProfessional, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";

const clock = fixedClock("2026-03-10T15:00:00Z");

let t: TestContext;
let session: string;
let professionalId: string;

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ clock }));
  await t.make.twilioNumber({ professionalId });
});
afterAll(() => t.close());

/** A resolved WhatsApp conversation whose patient wrote 10 minutes ago, with the clinic's replies given. */
async function resolvedWith(...replies: { errorCode: string | null; status: "failed" | "sent" }[]) {
  const conversation = await t.make.conversation(professionalId, { status: "resolved", lastInboundAt: new Date(clock.now().getTime() - 600_000) });
  const messages = [];
  for (const r of replies) messages.push(await t.make.message(conversation, { direction: "outbound", sender: "assistant", content: "Sua consulta está confirmada.", ...r }));
  return { conversation, messages };
}

const listed = async (id: string) => {
  const res = await t.request({ method: "GET", url: "/api/conversations?per_page=100", session });
  return (res.json() as { items: { id: string; failed_reply: boolean }[] }).items.find((c) => c.id === id)!;
};

describe("a reply that failed stays visible", () => {
  it("marks the conversation in the list even when resolved, until each failed reply is dismissed", async () => {
    const { conversation, messages } = await resolvedWith({ status: "failed", errorCode: "63003" }, { status: "failed", errorCode: "30008" });
    const fine = await resolvedWith({ status: "sent", errorCode: null });
    expect(await listed(conversation.id)).toMatchObject({ status: "resolved", failed_reply: true });
    expect(await listed(fine.conversation.id)).toMatchObject({ failed_reply: false });

    const first = await t.request({ method: "POST", url: `/api/conversations/${conversation.id}/messages/${messages[0]!.id}/dismiss-failure`, session });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().messages.find((m: { id: string }) => m.id === messages[0]!.id)).toMatchObject({ status: "failed", failure_dismissed: true });
    // The other failure still stands.
    expect(first.json().failed_reply).toBe(true);
    expect(await listed(conversation.id)).toMatchObject({ failed_reply: true });

    const second = await t.request({ method: "POST", url: `/api/conversations/${conversation.id}/messages/${messages[1]!.id}/dismiss-failure`, session });
    expect(second.json().failed_reply).toBe(false);
    expect(await listed(conversation.id)).toMatchObject({ failed_reply: false });

    // A message that did not fail, or one of another conversation: 404.
    const sent = await t.request({ method: "POST", url: `/api/conversations/${fine.conversation.id}/messages/${fine.messages[0]!.id}/dismiss-failure`, session });
    expect(sent.statusCode).toBe(404);
    const elsewhere = await t.request({ method: "POST", url: `/api/conversations/${fine.conversation.id}/messages/${messages[1]!.id}/dismiss-failure`, session });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("offers no resend where it cannot succeed, says what to do instead, and names no vendor", async () => {
    const { conversation, messages } = await resolvedWith({ status: "failed", errorCode: "63003" }, { status: "failed", errorCode: "30008" }, { status: "failed", errorCode: "99999" });
    const detail = (await t.request({ method: "GET", url: `/api/conversations/${conversation.id}`, session })).json() as {
      messages: { id: string; resendable: boolean; error_message: string }[];
    };
    const byId = new Map(detail.messages.map((m) => [m.id, m]));
    expect(byId.get(messages[0]!.id)).toMatchObject({ resendable: false, error_message: expect.stringContaining("ligue para o paciente") });
    expect(byId.get(messages[1]!.id)).toMatchObject({ resendable: true });
    expect(byId.get(messages[2]!.id)).toMatchObject({ resendable: true, error_message: "Falha na entrega (código 99999). Tente reenviar mais tarde." });
    for (const m of detail.messages) expect(m.error_message).not.toMatch(/twilio/i);

    const refused = await t.request({ method: "POST", url: `/api/conversations/${conversation.id}/messages/${messages[0]!.id}/resend`, session });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: MSG.resendCannotSucceed });
  });

  it("keeps another professional out", async () => {
    const { conversation, messages } = await resolvedWith({ status: "failed", errorCode: "30008" });
    const { user } = await t.make.professionalUser();
    const other = await t.login(user.email, user.password);
    const res = await t.request({ method: "POST", url: `/api/conversations/${conversation.id}/messages/${messages[0]!.id}/dismiss-failure`, session: other });
    expect(res.statusCode).toBe(404);
    expect(await listed(conversation.id)).toMatchObject({ failed_reply: true });
  });
});
