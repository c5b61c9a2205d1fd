import { WEB_CHAT_TOKEN_HEADER } from "@clinora/contracts/web-chat-limits";
import { NO_CONNECTION, publicRequest, type PublicAnswer } from "@/lib/public-request";

/** The shapes of the public chat API (packages/contracts/src/web-chat.ts), without zod: this page stays small. */
export interface ChatMessage {
  id: string;
  author: "visitor" | "assistant" | "professional";
  content: string;
  sent_at: string;
}

export interface ChatClinic {
  clinic_name: string;
  assistant_name: string;
  assistant_on: boolean;
  greeting: string;
  time_zone: string;
}

export interface ChatThread {
  clinic_name: string;
  assistant_name: string;
  messages: ChatMessage[];
  cursor: string | null;
}

/** A failed call: the status and the server's Portuguese detail (or a generic one). */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

async function call<T>(path: string, init: { method?: string; token?: string | null; body?: unknown } = {}): Promise<T> {
  let answer: PublicAnswer;
  try {
    answer = await publicRequest(`/api/public/chat${path}`, {
      method: init.method,
      headers: init.token ? { [WEB_CHAT_TOKEN_HEADER]: init.token } : {},
      body: init.body,
      timeoutMs: TIMEOUT_MS,
    });
  } catch {
    throw new ChatApiError(0, NO_CONNECTION);
  }
  const data = answer.data as ({ detail?: string; details?: { msg?: string }[] } & T) | null;
  if (!answer.ok) {
    const detail = data?.details?.[0]?.msg ?? data?.detail ?? "Não foi possível enviar. Tente novamente.";
    throw new ChatApiError(answer.status, detail);
  }
  return data as T;
}

export const chatApi = {
  clinic: (publicId: string) => call<ChatClinic>(`/clinics/${encodeURIComponent(publicId)}`),
  start: (publicId: string, content: string) =>
    call<ChatThread & { visitor_token: string }>(`/clinics/${encodeURIComponent(publicId)}/conversations`, { method: "POST", body: { content } }),
  send: (token: string, content: string) => call<ChatThread>("/thread/messages", { method: "POST", token, body: { content } }),
  thread: (token: string, since: string | null) => call<ChatThread>(`/thread${since ? `?since=${encodeURIComponent(since)}` : ""}`, { token }),
};
