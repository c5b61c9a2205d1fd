import { BOOKING_PUBLIC_API_PATH, BOOKING_TEXTS, BOOKING_TOKEN_PATTERN } from "@clinora/contracts/booking-page-limits";
import { formatCents } from "@clinora/contracts/money";
import { toE164BR } from "@clinora/contracts/phone";
import "./booking.css";
import { NO_CONNECTION, publicRequest, type PublicAnswer } from "@/lib/public-request";

/**
 * The public booking page (`/agendar/<slug>`, docs/decisions/028): plain TypeScript, no React, so the page stays
 * small and loads fast on a phone. The patient picks a consultation type, a day and a free time, gives name and
 * WhatsApp, and books. With `#remarcar=<token>` (the one-time link sent by WhatsApp) it moves that appointment.
 */

interface PageInfo {
  clinic_name: string;
  professional_name: string;
  address: string | null;
  time_zone_label: string;
  phone: string | null;
  whatsapp_confirmation: boolean;
  appointment_types: { name: string; duration: number; index: number; price_cents: number | null }[];
}
interface Times {
  duration: number;
  days: { date: string; label: string; times: string[] }[];
}
interface Nearest {
  date: string;
  time: string;
  label: string;
}
interface Result {
  status: "booked" | "reschedule_offered";
  message: string;
  when: string | null;
}
interface Failure {
  status: number;
  detail: string;
  fields: Record<string, string>;
  nearest: Nearest[];
}

const TOKEN_HEADER = "x-booking-token";
const TIMEOUT_MS = 15_000;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const main = $("bk-main");
const statusLine = $("bk-status");
const alertBox = $("bk-alert");
const form = $<HTMLFormElement>("booking-form");
const typesBox = $("bk-types");
const daySelect = $<HTMLSelectElement>("bk-day");
const timesBox = $("bk-times");
const timesEmpty = $("bk-times-empty");
const submit = $<HTMLButtonElement>("bk-submit");
const done = $("bk-done");
const existing = $<HTMLDetailsElement>("bk-existing");
const linkForm = $<HTMLFormElement>("bk-link-form");
const field = (name: string) => $<HTMLInputElement>(`bk-${name}`);

const slug = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
const token = (() => {
  const match = /(?:^#|&)remarcar=([^&]+)/.exec(location.hash);
  return match && BOOKING_TOKEN_PATTERN.test(match[1]!) ? match[1]! : null;
})();
const api = `${BOOKING_PUBLIC_API_PATH}/${encodeURIComponent(slug)}`;

let page: PageInfo | null = null;
let times: Times = { duration: 0, days: [] };
let type = 0;
let busy = false;

async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let answer: PublicAnswer;
  try {
    answer = await publicRequest(`${api}${path}`, { ...init, headers: token ? { [TOKEN_HEADER]: token } : {}, timeoutMs: TIMEOUT_MS });
  } catch {
    throw { status: 0, detail: NO_CONNECTION, fields: {}, nearest: [] } satisfies Failure;
  }
  const data = answer.data as (T & { detail?: string; details?: { loc?: (string | number)[]; msg?: string }[]; nearest?: Nearest[] }) | null;
  if (!answer.ok) {
    const fields: Record<string, string> = {};
    for (const d of data?.details ?? []) {
      const name = String(d.loc?.[1] ?? "");
      if (name && d.msg && !fields[name]) fields[name] = d.msg;
    }
    const first = Object.values(fields)[0];
    throw { status: answer.status, detail: first ?? data?.detail ?? "Não foi possível concluir. Tente novamente.", fields, nearest: data?.nearest ?? [] } satisfies Failure;
  }
  return data as T;
}

const asFailure = (error: unknown): Failure =>
  typeof error === "object" && error !== null && "detail" in error ? (error as Failure) : { status: 0, detail: "Algo deu errado. Tente novamente.", fields: {}, nearest: [] };

/** The few properties this page sets on the elements it makes. */
interface Props {
  type?: string;
  name?: string;
  value?: string;
  checked?: boolean;
  className?: string;
  textContent?: string;
  ariaLabel?: string;
  ariaHidden?: string;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, children: (Node | string)[] = []): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props) as HTMLElementTagNameMap[K];
  node.append(...children);
  return node;
}

function setStatus(text: string) {
  statusLine.textContent = text;
}

/** The error above the form, focused so a screen reader reads it; `nearest` become buttons that pick that time. */
function showAlert(text: string, nearest: Nearest[] = []) {
  alertBox.replaceChildren(el("p", { textContent: text }));
  if (nearest.length) {
    const list = el("ul", { ariaLabel: "Horários livres mais próximos" });
    for (const n of nearest) {
      const button = el("button", { type: "button", className: "bk-button bk-secondary bk-nearest", textContent: n.label });
      button.addEventListener("click", () => void pickNearest(n));
      list.append(el("li", {}, [button]));
    }
    alertBox.append(list);
  }
  alertBox.hidden = false;
  alertBox.focus();
}

function clearErrors() {
  alertBox.hidden = true;
  alertBox.replaceChildren();
  for (const name of ["name", "phone", "email", "consent", "times"]) {
    $(`bk-${name}-error`).textContent = "";
    if (name !== "times") field(name).removeAttribute("aria-invalid");
  }
}

function fieldError(name: string, text: string) {
  $(`bk-${name}-error`).textContent = text;
  if (name !== "times") field(name).setAttribute("aria-invalid", "true");
}

function renderTypes() {
  if (!page) return;
  typesBox.replaceChildren(
    ...page.appointment_types.map((t) => {
      const input = el("input", { type: "radio", name: "type", value: String(t.index), checked: t.index === type });
      input.addEventListener("change", () => {
        type = t.index;
        void loadTimes();
      });
      return el("label", { className: "bk-option" }, [input, el("span", { textContent: t.name }), el("small", { textContent: t.price_cents === null ? `${t.duration} min` : `${t.duration} min · ${formatCents(t.price_cents)}` })]);
    }),
  );
}

function renderDays(keep?: { date: string; time: string }) {
  daySelect.replaceChildren(...times.days.map((d) => el("option", { value: d.date, textContent: d.label })));
  const empty = times.days.length === 0;
  timesEmpty.hidden = !empty;
  daySelect.disabled = empty;
  submit.disabled = empty;
  if (keep && times.days.some((d) => d.date === keep.date)) daySelect.value = keep.date;
  renderTimes(keep?.time);
}

function renderTimes(selected?: string) {
  const day = times.days.find((d) => d.date === daySelect.value);
  timesBox.replaceChildren(
    ...(day?.times ?? []).map((t) => {
      const input = el("input", { type: "radio", name: "time", value: t, checked: t === selected, ariaLabel: `${day!.label} às ${t}, ${page?.time_zone_label ?? ""}` });
      return el("label", { className: "bk-time" }, [input, el("span", { textContent: t, ariaHidden: "true" })]);
    }),
  );
}

async function loadTimes(keep?: { date: string; time: string }) {
  timesBox.setAttribute("aria-busy", "true");
  setStatus("Buscando horários livres…");
  try {
    times = await call<Times>(token ? "/reschedule/times" : `/times?type=${type}`);
    renderDays(keep);
    setStatus(times.days.length ? "" : "Não há horários livres nos próximos dias.");
  } catch (error) {
    setStatus("");
    showAlert(asFailure(error).detail);
  } finally {
    timesBox.removeAttribute("aria-busy");
  }
}

async function pickNearest(n: Nearest) {
  await loadTimes({ date: n.date, time: n.time });
  alertBox.hidden = true;
  const input = timesBox.querySelector<HTMLInputElement>(`input[value="${n.time}"]`);
  if (input) {
    input.checked = true;
    input.focus();
  }
}

function selectedTime(): { date: string; time: string } | null {
  const input = timesBox.querySelector<HTMLInputElement>("input:checked");
  return input ? { date: daySelect.value, time: input.value } : null;
}

/** The checks the server makes too, answered at once in the same words. */
function validate(): boolean {
  clearErrors();
  const problems: [string, string][] = [];
  if (!selectedTime()) problems.push(["times", BOOKING_TEXTS.timeRequired]);
  if (!token) {
    const name = field("name").value.trim();
    const phone = field("phone").value.trim();
    const email = field("email").value.trim();
    if (name.length < 2) problems.push(["name", BOOKING_TEXTS.nameRequired]);
    if (!phone) problems.push(["phone", BOOKING_TEXTS.phoneRequired]);
    else if (!/^\+55\d{2}9\d{8}$/.test(toE164BR(phone) ?? "")) problems.push(["phone", BOOKING_TEXTS.phoneInvalid]);
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push(["email", BOOKING_TEXTS.emailInvalid]);
    if (!field("consent").checked) problems.push(["consent", BOOKING_TEXTS.consentRequired]);
  }
  for (const [name, text] of problems) fieldError(name, text);
  if (problems.length) {
    showAlert(problems.length === 1 ? problems[0]![1] : `Corrija ${problems.length} campos para continuar.`);
    return false;
  }
  return true;
}

function finish(result: Result) {
  form.hidden = true;
  existing.hidden = true;
  done.hidden = false;
  $("bk-done-title").textContent = result.status === "booked" ? (token ? "Consulta remarcada" : "Horário reservado") : "Verifique seu WhatsApp";
  $("bk-done-text").textContent = result.when ? `${result.message} Horário: ${result.when} (${page?.time_zone_label ?? ""}).` : result.message;
  $("bk-done-change").replaceChildren(...howToChange(result));
  $("bk-done-title").focus();
  // The link works once: forget it, so a reload does not try it again.
  if (token) history.replaceState(null, "", location.pathname);
}

/**
 * How to change or cancel, in what the clinic really offers: an answer on WhatsApp only when the page can send
 * there, the clinic's phone (a link that dials) when it has one.
 */
function howToChange(result: Result): (Node | string)[] {
  const phone = page?.phone;
  // No WhatsApp message went (the answer says the clinic will call): none to answer.
  const messaged = result.message !== BOOKING_TEXTS.bookedByCall && result.message !== BOOKING_TEXTS.rescheduledByCall;
  const byWhatsapp = page?.whatsapp_confirmation && messaged ? "responda à mensagem da clínica no WhatsApp ou " : "";
  if (!phone) return [`Para remarcar ou cancelar, ${byWhatsapp}fale com a clínica.`];
  const call = el("a", { textContent: phone });
  call.href = `tel:${phone.replace(/[^\d+]/g, "")}`;
  return [`Para remarcar ou cancelar, ${byWhatsapp}ligue para `, call, "."];
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (busy || !validate()) return;
  const when = selectedTime()!;
  busy = true;
  submit.disabled = true;
  main.setAttribute("aria-busy", "true");
  setStatus(token ? "Remarcando…" : "Agendando…");
  try {
    const website = field("website").value;
    const result = token
      ? await call<Result>("/reschedule", { method: "POST", body: { ...when, website } })
      : await call<Result>("/bookings", {
          method: "POST",
          body: {
            type,
            ...when,
            name: field("name").value,
            phone: field("phone").value,
            email: field("email").value.trim() || undefined,
            consent_whatsapp: field("consent").checked,
            consent_assistant: field("consent-assistant").checked,
            website,
          },
        });
    setStatus("");
    finish(result);
  } catch (error) {
    const failure = asFailure(error);
    setStatus("");
    for (const [name, text] of Object.entries(failure.fields)) {
      const target = name === "consent_whatsapp" ? "consent" : name === "date" || name === "time" ? "times" : name;
      if (document.getElementById(`bk-${target}-error`)) fieldError(target, text);
    }
    // Taken meanwhile (409), or a day or time the page no longer offers (422 on date or time, e.g. a page left open
    // past the minimum notice): the list is read again, so it shows only what can be booked now.
    if (failure.status === 409 || "date" in failure.fields || "time" in failure.fields) await loadTimes();
    showAlert(failure.detail, failure.nearest);
  } finally {
    busy = false;
    submit.disabled = times.days.length === 0;
    main.removeAttribute("aria-busy");
  }
});

daySelect.addEventListener("change", () => renderTimes());

linkForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = $<HTMLInputElement>("bk-link-phone");
  const error = $("bk-link-error");
  const phone = input.value.trim();
  if (!/^\+55\d{2}9\d{8}$/.test(toE164BR(phone) ?? "")) {
    error.textContent = phone ? BOOKING_TEXTS.phoneInvalid : BOOKING_TEXTS.phoneRequired;
    input.setAttribute("aria-invalid", "true");
    input.focus();
    return;
  }
  error.textContent = "";
  input.removeAttribute("aria-invalid");
  try {
    finish(await call<Result>("/reschedule-link", { method: "POST", body: { phone, website: field("website").value } }));
  } catch (failure) {
    error.textContent = asFailure(failure).detail;
    input.focus();
  }
});

/** Shows the main part and the footer, at the moment the header holds its final text. */
function reveal() {
  main.hidden = false;
  $("bk-footer").hidden = false;
}

async function start() {
  // The page and its first free times are asked for at once, and everything is drawn in one go once both answered,
  // so nothing on the page moves after it appears (no layout shift; docs/decisions/033).
  const firstTimes = token ? null : call<Times>(`/times?type=0`).catch((error: unknown) => error as Failure);
  try {
    page = await call<PageInfo>("");
  } catch (error) {
    const failure = asFailure(error);
    setStatus("");
    $("bk-clinic").textContent = failure.status === 404 ? BOOKING_TEXTS.pageNotFound : "Agendar consulta";
    $("bk-professional").textContent = "";
    reveal();
    if (failure.status !== 404) showAlert(failure.detail);
    main.removeAttribute("aria-busy");
    return;
  }
  const info = page;
  const showHeader = () => {
    document.title = `Agendar consulta · ${info.clinic_name}`;
    $("bk-clinic").textContent = info.clinic_name;
    $("bk-professional").textContent = info.professional_name === info.clinic_name ? "" : info.professional_name;
    $("bk-address").textContent = info.address ?? "";
  };
  $("bk-zone").textContent = `(${page.time_zone_label})`;
  timesBox.setAttribute("aria-label", `Horários livres, ${page.time_zone_label}`);
  if (!page.whatsapp_confirmation) {
    // No number can send: the page promises a call, not a WhatsApp message.
    $("bk-phone-label").textContent = "Celular com DDD";
    $("bk-phone-hint").textContent = "A clínica liga para este número para confirmar.";
  }
  type = page.appointment_types[0]?.index ?? 0;

  if (token) {
    try {
      const info = await call<{ type_name: string; duration: number; when: string }>("/reschedule");
      const note = $("bk-reschedule-note");
      note.textContent = `Remarcar sua consulta (${info.type_name}, ${info.duration} min) de ${info.when}. Escolha o novo horário.`;
      note.hidden = false;
      $("bk-types-set").hidden = true;
      $("bk-contact").hidden = true;
      $("bk-times-legend").textContent = "Novo dia e horário";
      submit.textContent = "Remarcar";
    } catch (error) {
      showHeader();
      reveal();
      setStatus("");
      showAlert(asFailure(error).detail);
      main.removeAttribute("aria-busy");
      return;
    }
  } else {
    renderTypes();
  }
  const first = firstTimes ? await firstTimes : null;
  if (first && "days" in first && type === 0) {
    times = first;
    renderDays();
    setStatus(times.days.length ? "" : "Não há horários livres nos próximos dias.");
  } else {
    await loadTimes();
  }
  showHeader();
  reveal();
  form.hidden = false;
  // The reschedule link goes by WhatsApp: offered only where a message can go.
  existing.hidden = Boolean(token) || !info.whatsapp_confirmation;
  main.removeAttribute("aria-busy");
}

// A reschedule link opened in the tab that already shows the page: start again in that mode.
addEventListener("hashchange", () => location.reload());

void start();
