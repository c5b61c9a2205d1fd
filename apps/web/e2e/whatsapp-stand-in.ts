import type { APIRequestContext } from "@playwright/test";

/**
 * The e2e server's Twilio stand-in (on E2E_PORT + 1), as the flows that follow a WhatsApp message read it, and the
 * demo professional Ana's sending number.
 */
export const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
export const ANA_NUMBER = "whatsapp:+5511940000001";

/** A mobile number no other flow uses. */
export const randomPhone = () => `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

/** What the stand-in sent to `phone` (E.164), oldest first. */
export async function sentTo(request: APIRequestContext, phone: string): Promise<{ body: string }[]> {
  const res = await request.get(`${phoneUrl}/sent?to=${encodeURIComponent(`whatsapp:${phone}`)}`);
  return ((await res.json()) as { messages: { body: string }[] }).messages;
}

/** Local date and time in São Paulo (the demo practice's zone) of `instant`. */
export function saoPauloLocal(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
