/**
 * What the crisis check reads (docs/decisions/030): the patient's messages of the last 30 minutes (at most the last
 * 5), whatever the assistant answered in between, so a sentence split around an answer is read whole.
 */
export const RISK_WINDOW_MINUTES = 30;
export const RISK_WINDOW_MESSAGES = 5;

export interface WindowMessage {
  direction: string;
  content: string | null;
  transcript: string | null;
  sentAt: Date;
}

/** The patient's own texts (a voice note's transcript counts as text) inside the window, oldest first. */
export function patientWindow(messages: readonly WindowMessage[], now: Date): string[] {
  const since = now.getTime() - RISK_WINDOW_MINUTES * 60_000;
  return messages
    .filter((m) => m.direction === "inbound" && m.sentAt.getTime() >= since)
    .map((m) => [m.content?.trim(), m.transcript?.trim()].filter(Boolean).join(" "))
    .filter(Boolean)
    .slice(-RISK_WINDOW_MESSAGES);
}
