/**
 * Limits and texts of the web chat (docs/decisions/016) without any import, so the chat page and the embed
 * script (which must stay small and never load the app) can share them with the server.
 */

/** Longest message a visitor may send. */
export const WEB_CHAT_MESSAGE_MAX_LENGTH = 1000;
/** How often the open chat asks for new messages, and how long it keeps asking fast after the visitor writes. */
export const WEB_CHAT_POLL_MS = 3000;
/** The visitor token: 32 random bytes in base64url (43 characters); only its SHA-256 is stored. */
export const WEB_CHAT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The clinic's public chat id: 16 random bytes in base64url (22 characters), never a database id. */
export const WEB_CHAT_PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Header that carries the visitor token (never the address: addresses end up in logs and referrers). */
export const WEB_CHAT_TOKEN_HEADER = "x-visitor-token";
/** Where the public chat page lives; the id follows. */
export const WEB_CHAT_PAGE_PATH = "/chat";
/** The embed script, at the site's root so its address never changes between releases. */
export const WEB_CHAT_WIDGET_PATH = "/widget.js";

export const WEB_CHAT_TEXTS = {
  messageTooLong: `A mensagem pode ter no máximo ${WEB_CHAT_MESSAGE_MAX_LENGTH} caracteres.`,
  messageRequired: "Escreva uma mensagem.",
  chatNotFound: "Chat não encontrado.",
  threadNotFound: "Conversa não encontrada. Comece uma nova conversa.",
  tooManyMessages: "Você enviou muitas mensagens em pouco tempo. Aguarde um minuto e tente novamente.",
  tooManyRequests: "Muitas requisições. Tente novamente em instantes.",
  /** What the visitor reads once the assistant's daily allowance for this chat is used up. */
  dailyLimitReached:
    "Obrigado pela mensagem! Por hoje o atendimento automático deste chat chegou ao limite, mas a equipe da clínica já foi avisada e vai responder por aqui assim que possível.",
} as const;
