import { WEB_CHAT_PAGE_PATH } from "@clinora/contracts/web-chat-limits";
import { CLOSE_MESSAGE } from "./widget-protocol";

/**
 * The embed script (`<script src=".../widget.js" data-clinora-chat="<id>" async>`, docs/decisions/016): a chat
 * bubble in the corner of the clinic's site that opens the chat page in an iframe. It loads nothing else until
 * the visitor opens it, touches no page styles (its own elements in a shadow root) and speaks to the iframe only
 * through postMessage checked against the chat's origin.
 */
(() => {
  const script =
    (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>("script[data-clinora-chat]");
  const publicId = script?.dataset.clinoraChat;
  if (!script || !publicId || document.querySelector("[data-clinora-chat-host]")) return;
  const origin = new URL(script.src, location.href).origin;
  const label = script.dataset.label || "Converse com a clínica";

  const host = document.createElement("div");
  host.setAttribute("data-clinora-chat-host", "");
  const shadow = host.attachShadow({ mode: "open" });
  shadow.innerHTML = `<style>
  :host { all: initial; }
  .bubble { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; width: 60px; height: 60px; border: 0; border-radius: 50%;
    background: #007b71; color: #fff; cursor: pointer; box-shadow: 0 8px 24px rgb(15 23 42 / 25%); display: grid; place-items: center; }
  .bubble:hover { background: #006c64; }
  .bubble:focus-visible { outline: 3px solid #99f6e4; outline-offset: 2px; }
  .panel { position: fixed; right: 20px; bottom: 92px; z-index: 2147483000; width: 380px; height: min(600px, calc(100vh - 112px));
    border: 0; border-radius: 16px; overflow: hidden; box-shadow: 0 16px 48px rgb(15 23 42 / 30%); background: #fff; }
  .panel[hidden] { display: none; }
  iframe { width: 100%; height: 100%; border: 0; display: block; }
  @media (max-width: 480px) { .panel { inset: 0; width: 100%; height: 100%; border-radius: 0; } .open .bubble { display: none; } }
</style>
<div class="root">
  <div class="panel" role="dialog" aria-label="${label.replace(/[<>&"]/g, "")}" hidden></div>
  <button class="bubble" type="button" aria-expanded="false" aria-label="Abrir chat: ${label.replace(/[<>&"]/g, "")}">
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/></svg>
  </button>
</div>`;
  const root = shadow.querySelector<HTMLDivElement>(".root")!;
  const panel = shadow.querySelector<HTMLDivElement>(".panel")!;
  const bubble = shadow.querySelector<HTMLButtonElement>(".bubble")!;
  let frame: HTMLIFrameElement | null = null;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    root.classList.toggle("open", open);
    bubble.setAttribute("aria-expanded", String(open));
    bubble.setAttribute("aria-label", open ? "Fechar chat" : `Abrir chat: ${label}`);
    if (open && !frame) {
      // Created on first open: a visitor who never opens the chat costs the clinic's site nothing more.
      frame = document.createElement("iframe");
      frame.title = label;
      frame.src = `${origin}${WEB_CHAT_PAGE_PATH}/${encodeURIComponent(publicId)}?embed=1`;
      frame.allow = "clipboard-write";
      panel.append(frame);
    }
    if (open) frame?.focus();
    else bubble.focus();
  };

  bubble.addEventListener("click", () => setOpen(panel.hidden));
  window.addEventListener("message", (event) => {
    if (event.origin === origin && event.source === frame?.contentWindow && event.data === CLOSE_MESSAGE) setOpen(false);
  });
  (document.body ?? document.documentElement).append(host);
})();
