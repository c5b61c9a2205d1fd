import { WEB_CHAT_MESSAGE_MAX_LENGTH, WEB_CHAT_POLL_MS } from "@clinora/contracts/web-chat-limits";
import { ChatApiError, chatApi, type ChatMessage } from "./chat-api";
import { CLOSE_MESSAGE, READY_MESSAGE } from "./widget-protocol";
import "./chat.css";

/**
 * The public chat page (`/chat/<id>`, docs/decisions/016): plain TypeScript, no React, so the page and the embed
 * bubble stay small. The visitor token lives in localStorage (per clinic) and is the only key to the thread, so
 * the conversation survives a reload. New messages arrive by polling with a cursor.
 */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const root = $<HTMLElement>("chat");
const log = $<HTMLDivElement>("chat-log");
const form = $<HTMLFormElement>("chat-form");
const input = $<HTMLTextAreaElement>("chat-input");
const sendButton = $<HTMLButtonElement>("chat-send");
const statusLine = $<HTMLParagraphElement>("chat-status");

const publicId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
const embedded = new URLSearchParams(location.search).has("embed");
const storageKey = `clinora-chat:${publicId}`;
/** After the visitor writes, ask for the answer more often for a while. */
const FAST_POLL_MS = 1500;
const FAST_POLL_FOR_MS = 45_000;

const messages = new Map<string, ChatMessage>();
let token: string | null = readToken();
let cursor: string | null = null;
let assistantName = "Assistente";
/** Whether the virtual assistant answers now: without it nobody answers at once, so no "typing" dots are shown. */
let assistantOn = false;
let waitingSince = 0;
let pollTimer: number | undefined;
let sending = false;

function readToken(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null; // Storage blocked (private mode, third-party rules): the chat still works until the page closes.
  }
}

function saveToken(value: string | null) {
  token = value;
  try {
    if (value) localStorage.setItem(storageKey, value);
    else localStorage.removeItem(storageKey);
  } catch {
    /* see readToken */
  }
}

/** Times in the practice's zone (set from the clinic's answer), never the visitor's browser zone. */
let timeFormat = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "America/Sao_Paulo" });
const AUTHOR_LABEL = { visitor: "Você", professional: "Equipe da clínica" } as const;

function bubble(author: ChatMessage["author"] | "greeting", content: string, sentAt: string | null) {
  const item = document.createElement("div");
  item.className = `chat-msg chat-msg-${author === "visitor" ? "visitor" : "clinic"}`;
  const who = document.createElement("span");
  who.className = "chat-msg-author";
  who.textContent = author === "visitor" || author === "professional" ? AUTHOR_LABEL[author] : assistantName;
  const text = document.createElement("p");
  text.textContent = content; // Never HTML: the text is whatever somebody typed.
  item.append(who, text);
  if (sentAt) {
    const time = document.createElement("time");
    time.dateTime = sentAt;
    time.textContent = timeFormat.format(new Date(sentAt));
    item.append(time);
  }
  return item;
}

/** The "typing" dots after the visitor's message, while an answer is expected (hidden from screen readers). */
const typing = document.createElement("div");
typing.className = "chat-msg chat-msg-clinic chat-typing";
typing.setAttribute("aria-hidden", "true");
typing.innerHTML = "<span></span><span></span><span></span>";
const shown = new Set<string>();

/** Appends the messages not shown yet (the log only grows, so screen readers announce just the new ones). */
function render() {
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  if (!typing.isConnected) log.append(typing);
  const ordered = [...messages.values()].sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  for (const m of ordered) {
    if (shown.has(m.id)) continue;
    log.insertBefore(bubble(m.author, m.content, m.sent_at), typing);
    shown.add(m.id);
  }
  const last = ordered.at(-1);
  typing.hidden = !(assistantOn && last?.author === "visitor" && Date.now() - waitingSince < FAST_POLL_FOR_MS);
  if (atBottom || last?.author === "visitor") log.scrollTop = log.scrollHeight;
}

function showGreeting(text: string) {
  log.replaceChildren(bubble("greeting", text, null), typing);
}

function merge(list: ChatMessage[], next: string | null) {
  for (const m of list) messages.set(m.id, m);
  if (next) cursor = next;
  render();
}

function setStatus(text: string, tone: "info" | "error" = "info") {
  statusLine.textContent = text;
  statusLine.dataset.tone = tone;
}

function setReady(ready: boolean) {
  input.disabled = !ready;
  sendButton.disabled = !ready || sending || input.value.trim() === "";
  root.setAttribute("aria-busy", String(!ready));
}

function schedulePoll() {
  window.clearTimeout(pollTimer);
  if (!token) return;
  const fast = Date.now() - waitingSince < FAST_POLL_FOR_MS;
  pollTimer = window.setTimeout(poll, fast ? FAST_POLL_MS : WEB_CHAT_POLL_MS);
}

async function poll() {
  if (!token) return;
  if (document.visibilityState === "hidden") return schedulePoll();
  try {
    const thread = await chatApi.thread(token, cursor);
    merge(thread.messages, thread.cursor);
    if (statusLine.dataset.tone === "error" && !sending) setStatus("");
  } catch (error) {
    if (error instanceof ChatApiError && error.status === 404) {
      // The thread is gone (or the token was replaced): start afresh.
      saveToken(null);
      messages.clear();
      shown.clear();
      cursor = null;
      log.replaceChildren(...[...log.children].slice(0, 1), typing);
      render();
      return;
    }
    setStatus("Sem conexão no momento. Tentando de novo…", "error");
  }
  schedulePoll();
}

async function submit(event: Event) {
  event.preventDefault();
  const content = input.value.trim();
  if (!content || sending) return;
  if (content.length > WEB_CHAT_MESSAGE_MAX_LENGTH) return setStatus(`A mensagem pode ter no máximo ${WEB_CHAT_MESSAGE_MAX_LENGTH} caracteres.`, "error");
  sending = true;
  setReady(true);
  setStatus("Enviando…");
  try {
    if (token) {
      const thread = await chatApi.send(token, content);
      merge(thread.messages, thread.cursor);
    } else {
      const started = await chatApi.start(publicId, content);
      saveToken(started.visitor_token);
      merge(started.messages, started.cursor);
    }
    input.value = "";
    autosize();
    waitingSince = Date.now();
    render();
    setStatus("");
  } catch (error) {
    setStatus(error instanceof ChatApiError ? error.message : "Não foi possível enviar. Tente novamente.", "error");
  } finally {
    sending = false;
    setReady(true);
    input.focus();
    schedulePoll();
  }
}

function autosize() {
  input.style.height = "auto";
  input.style.height = `${Math.min(input.scrollHeight, 120)}px`;
  sendButton.disabled = sending || input.value.trim() === "";
  const left = WEB_CHAT_MESSAGE_MAX_LENGTH - input.value.length;
  if (left <= 100) setStatus(`${left} caracteres restantes`);
  else if (statusLine.textContent?.endsWith("caracteres restantes")) setStatus("");
}

async function boot() {
  if (embedded) {
    const close = $<HTMLButtonElement>("chat-close");
    close.hidden = false;
    close.addEventListener("click", () => parent.postMessage(CLOSE_MESSAGE, "*"));
    document.addEventListener("keydown", (e) => e.key === "Escape" && parent.postMessage(CLOSE_MESSAGE, "*"));
    document.documentElement.classList.add("embedded");
  }
  form.addEventListener("submit", submit);
  input.addEventListener("input", autosize);
  input.addEventListener("keydown", (e) => {
    // Enter sends, Shift+Enter breaks the line (as in WhatsApp Web).
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) void submit(e);
  });
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && token && void poll());

  try {
    const clinic = await chatApi.clinic(publicId);
    assistantName = clinic.assistant_name;
    assistantOn = clinic.assistant_on;
    try {
      timeFormat = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: clinic.time_zone });
    } catch {
      /* An unknown zone name: keep Brasília's, the product's default. */
    }
    showGreeting(clinic.greeting);
    document.title = `Chat · ${clinic.clinic_name}`;
    $("chat-clinic").textContent = clinic.clinic_name;
    $("chat-subtitle").textContent = clinic.assistant_on ? `${clinic.assistant_name} · assistente virtual` : "Deixe sua mensagem";
  } catch (error) {
    $("chat-clinic").textContent = error instanceof ChatApiError && error.status === 404 ? "Chat não encontrado" : "Chat indisponível";
    setStatus(
      error instanceof ChatApiError && error.status === 404 ? "Este endereço de chat não existe. Confira o link com a clínica." : "Não foi possível carregar o chat. Tente novamente mais tarde.",
      "error",
    );
    root.setAttribute("aria-busy", "false");
    return;
  }
  render();
  setReady(true);
  if (token) await poll();
  if (embedded) parent.postMessage(READY_MESSAGE, "*");
  if (!embedded || document.hasFocus()) input.focus();
}

void boot();
