import { randomBytes } from "node:crypto";
import {
  WEB_CHAT_PAGE_PATH,
  WEB_CHAT_PUBLIC_ID_PATTERN,
  WEB_CHAT_TEXTS,
  WEB_CHAT_TOKEN_PATTERN,
  WEB_CHAT_WIDGET_PATH,
  type WebChatClinic,
  type WebChatMessage,
  type WebChatSettings,
  type WebChatStarted,
  type WebChatThread,
} from "@clinora/contracts";
import { todayIn } from "@clinora/contracts/zoned-time";
import type { WebChatLimits } from "../../config";
import type { Db, DbOrTx } from "../../platform/db/client";
import { isoInstant } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import { sha256Hex } from "../../platform/lib/crypto";
import type { AssistantService } from "../assistant";
import type { ConversationRow, MessagingService } from "../messaging";
import { practiceNameOf } from "../professionals";
import { webChatRepository } from "./web-chat.repository";

export type WebChatService = ReturnType<typeof webChatService>;

const MINUTE = 60_000;

type ThreadRow = Awaited<ReturnType<MessagingService["visitorThread"]>>[number];

const toMessage = (row: ThreadRow): WebChatMessage => ({
  id: row.id,
  author: row.direction === "inbound" ? "visitor" : row.sender === "professional" ? "professional" : "assistant",
  content: row.content ?? "",
  sent_at: isoInstant(row.sentAt),
});


/**
 * The public web chat (docs/decisions/016). A visitor's first message opens a `web_chat` conversation and hands the
 * visitor a random token, the only key to that thread from then on. Messages go through the same reply job as
 * WhatsApp (same assistant, settings and tools); replies are stored as delivered, nothing goes through Twilio.
 */
export function webChatService(
  db: Db,
  clock: Clock,
  deps: {
    assistant: AssistantService;
    messaging: Pick<MessagingService, "openWebChatConversation" | "receiveWebChat" | "findConversation" | "visitorMessagesSince" | "visitorThread">;
    limits: WebChatLimits;
    publicUrl?: string;
    wake: () => void;
  },
) {
  const repo = webChatRepository(db);

  const clinicOrNotFound = async (publicId: string) => {
    const clinic = WEB_CHAT_PUBLIC_ID_PATTERN.test(publicId) ? await repo.findClinicByPublicId(publicId) : null;
    if (!clinic) throw AppError.notFound(WEB_CHAT_TEXTS.chatNotFound);
    return clinic;
  };

  /** The visitor holding this token, or 404: a wrong token looks exactly like a thread that does not exist. */
  const visitorOrNotFound = async (token: string | undefined) => {
    const found = token && WEB_CHAT_TOKEN_PATTERN.test(token) ? await repo.findVisitorByTokenHash(sha256Hex(token)) : null;
    if (!found) throw AppError.notFound(WEB_CHAT_TEXTS.threadNotFound);
    return found;
  };

  const assistantNameOf = async (professionalId: string) => (await deps.assistant.presence(professionalId))?.assistantName ?? "Assistente";

  /** Stores the visitor's message through messaging; the assistant takes it when it answers this clinic now. */
  const receive = async (tx: DbOrTx, conversation: ConversationRow, content: string, at: Date) =>
    deps.messaging.receiveWebChat(tx, conversation, content, at, await deps.assistant.isOn(tx, conversation.professionalId));

  const threadOf = async (professionalId: string, conversationId: string, since: Date | null) => {
    const rows = await deps.messaging.visitorThread(professionalId, conversationId, since);
    const last = rows.at(-1);
    return { messages: rows.map(toMessage), cursor: last ? isoInstant(last.sentAt) : since ? isoInstant(since) : null };
  };

  return {
    /** What the chat page shows before the first message: the clinic, the assistant's name and a greeting. */
    async clinic(publicId: string): Promise<WebChatClinic> {
      const clinic = await clinicOrNotFound(publicId);
      const presence = await deps.assistant.presence(clinic.id);
      const name = practiceNameOf(clinic);
      const assistantName = presence?.assistantName ?? "Assistente";
      // The chat's header already names the clinic: the greeting does not put a preposition before a name it cannot
      // inflect ("de Espaço…" for "do Espaço…", "de Clínica…" for "da Clínica…").
      const greeting = presence?.on
        ? `Olá! Sou ${assistantName}, assistente virtual deste atendimento. Posso ajudar com horários e agendamentos. Como posso ajudar?`
        : "Olá! Deixe sua mensagem e a nossa equipe responde por aqui assim que possível.";
      return { clinic_name: name, assistant_name: assistantName, assistant_on: Boolean(presence?.on), greeting, time_zone: clinic.timeZone };
    },

    /** The visitor's first message: a new conversation and its token (shown this once; only the hash is kept). */
    async start(publicId: string, content: string): Promise<WebChatStarted> {
      const clinic = await clinicOrNotFound(publicId);
      const token = randomBytes(32).toString("base64url");
      const now = clock.now();
      const conversationId = await db.transaction(async (tx) => {
        const conversation = await deps.messaging.openWebChatConversation(tx, clinic.id, now);
        await webChatRepository(tx).insertVisitor({ professionalId: clinic.id, conversationId: conversation.id, tokenHash: sha256Hex(token), lastSeenAt: now });
        // A new conversation has no status of its own yet: the assistant takes it when it is on.
        await receive(tx, { ...conversation, status: "resolved" }, content, now);
        return conversation.id;
      });
      deps.wake();
      const thread = await threadOf(clinic.id, conversationId, null);
      return { clinic_name: practiceNameOf(clinic), assistant_name: await assistantNameOf(clinic.id), ...thread, visitor_token: token };
    },

    /** The visitor's next message; at most `visitorMessagesPerMinute` a minute per visitor (429 after). */
    async send(token: string | undefined, content: string): Promise<WebChatThread> {
      const { visitor, ...clinic } = await visitorOrNotFound(token);
      const now = clock.now();
      if ((await deps.messaging.visitorMessagesSince(visitor.conversationId, new Date(now.getTime() - MINUTE))) >= deps.limits.visitorMessagesPerMinute) {
        throw AppError.tooManyRequests(WEB_CHAT_TEXTS.tooManyMessages);
      }
      await db.transaction(async (tx) => {
        const current = await deps.messaging.findConversation(tx, visitor.professionalId, visitor.conversationId, { lock: true });
        if (!current) throw AppError.notFound(WEB_CHAT_TEXTS.threadNotFound);
        await receive(tx, current, content, now);
      });
      deps.wake();
      const thread = await threadOf(visitor.professionalId, visitor.conversationId, now);
      return { clinic_name: practiceNameOf(clinic), assistant_name: await assistantNameOf(visitor.professionalId), ...thread };
    },

    /** The visitor's thread (after a reload: all of it; while open: what came at or after `since`). */
    async thread(token: string | undefined, since: string | undefined): Promise<WebChatThread> {
      const { visitor, ...clinic } = await visitorOrNotFound(token);
      const thread = await threadOf(visitor.professionalId, visitor.conversationId, since ? new Date(since) : null);
      return { clinic_name: practiceNameOf(clinic), assistant_name: await assistantNameOf(visitor.professionalId), ...thread };
    },

    /** The professional's public chat link and embed snippet; the public id is made the first time. */
    async settings(caller: TenantCaller, origin: string): Promise<WebChatSettings> {
      const publicId = (await repo.findPublicIdOf(caller.professionalId)) ?? (await repo.assignPublicId(caller.professionalId, randomBytes(16).toString("base64url")));
      if (!publicId) throw AppError.notFound();
      const base = deps.publicUrl ?? origin;
      const widgetUrl = `${base}${WEB_CHAT_WIDGET_PATH}`;
      return {
        public_id: publicId,
        chat_url: `${base}${WEB_CHAT_PAGE_PATH}/${publicId}`,
        widget_url: widgetUrl,
        embed_snippet: `<script src="${widgetUrl}" data-clinora-chat="${publicId}" async></script>`,
      };
    },
  };
}

/**
 * The daily allowance of model calls of each web-chat visitor, taken by the assistant's reply job before every
 * model call (docs/decisions/016): the day is the professional's, the count is atomic in the database.
 */
export function webChatAllowance(db: Db, clock: Clock, limits: Pick<WebChatLimits, "llmCallsPerDay">) {
  return (conversation: Pick<ConversationRow, "id">, timeZone: string): Promise<boolean> =>
    webChatRepository(db).takeModelCall(conversation.id, todayIn(timeZone, clock.now()), limits.llmCallsPerDay);
}
