import { CONSENT_CHANNELS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, type ConsentChannel, type ConsentMethod, type ConsentStatus } from "@clinora/contracts";
import type { DbOrTx } from "../../platform/db/client";
import { recordAudit, type AuditActor } from "../audit";
import { consentRepository, type ConsentEventWithActor, type ConsentSubject } from "./consent.repository";
import { foldAccents } from "@clinora/contracts/text-fold";

/** Twilio's error for a message to a recipient who opted out (https://www.twilio.com/docs/api/errors/21610). */
export const TWILIO_UNSUBSCRIBED = "21610";

/** What the patient is told right after a keyword: the one automatic message an opted-out patient still gets. */
export const OPT_OUT_CONFIRMATION =
  "Pronto! Você não receberá mais mensagens automáticas (lembretes e assistente virtual) por este WhatsApp. Se mudar de ideia, envie VOLTAR. Para falar com a equipe, é só escrever aqui.";
export const OPT_IN_CONFIRMATION = "Pronto! Você voltará a receber lembretes e respostas do assistente virtual por este WhatsApp. Para parar, envie PARAR.";

/**
 * Whether a WhatsApp message is an opt-out ("PARAR", "SAIR", "STOP"…) or opt-in ("VOLTAR", "START") keyword: the
 * whole message, ignoring case, accents, spaces and final punctuation, so "Parar." counts and "não quero parar" does not.
 */
export function keywordOf(body: string): "opt_out" | "opt_in" | null {
  const word = foldAccents(body)
    .replace(/[\s\p{P}\p{S}]+/gu, "")
    .toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return "opt_out";
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return "opt_in";
  return null;
}

/**
 * Whether a business-initiated WhatsApp message (a reminder, anything not answering the patient) may go to this
 * contact now: it has a phone (an anonymised patient has none) and its latest choice for the channel is not a
 * withdrawal. Consent never recorded does not block: reminders rest on the care relationship (LGPD art. 11 II "f"),
 * and the patient can stop them at any time with one word (docs/decisions/018).
 */
export async function canSendBusinessInitiated(
  db: DbOrTx,
  professionalId: string,
  contact: { patientId: string | null; phone: string | null },
  channel: ConsentChannel = "whatsapp_reminders",
): Promise<boolean> {
  if (!contact.phone) return false;
  const latest = await consentRepository(db, professionalId).latestFor(channel, { phone: contact.phone, patientId: contact.patientId });
  return latest?.status !== "withdrawn";
}

/**
 * Records an opt-out or opt-in that came from WhatsApp (a keyword, or Twilio telling us the number unsubscribed) for
 * every WhatsApp channel at once, and writes it to the patient's access history when the phone is a patient's.
 */
export async function recordWhatsappChoice(
  tx: DbOrTx,
  choice: { professionalId: string; patientId: string | null; phone: string; status: ConsentStatus; method: "whatsapp_keyword" | "twilio_opt_out"; at: Date; note?: string },
) {
  const repo = consentRepository(tx, choice.professionalId);
  for (const channel of CONSENT_CHANNELS) {
    await repo.insert({ patientId: choice.patientId, phone: choice.phone, channel, status: choice.status, method: choice.method, note: choice.note ?? null, at: choice.at });
  }
  if (choice.patientId) {
    await recordAudit(tx, { userId: null, role: "patient", professionalId: choice.professionalId }, {
      action: "patient.consent_recorded",
      entityType: "patient",
      entityId: choice.patientId,
      details: { channel: "whatsapp", status: choice.status, method: choice.method },
    });
  }
}

/** A patient's consent events, newest first, with the name of whoever recorded each. */
export function consentEventsOf(db: DbOrTx, professionalId: string, subject: ConsentSubject): Promise<ConsentEventWithActor[]> {
  return consentRepository(db, professionalId).listForPatient(subject);
}

/** Anonymisation: the phone and notes of a patient's events go; the dates, channels and methods stay. */
export async function scrubConsentEvents(tx: DbOrTx, professionalId: string, subject: ConsentSubject) {
  await consentRepository(tx, professionalId).scrub(subject);
}

/**
 * Twilio answered 21610 for one of our messages (at send time or in a status callback): the number unsubscribed at
 * the WhatsApp/Twilio level, so it is recorded as a withdrawal the same way as a keyword. Once per number while it
 * stays withdrawn. `contact` is whose conversation the message belongs to.
 */
export async function recordTwilioOptOut(db: DbOrTx, contact: { professionalId: string; patientId: string | null; phone: string | null }, at: Date) {
  if (!contact.phone) return;
  const latest = await consentRepository(db, contact.professionalId).latestFor("whatsapp_reminders", { phone: contact.phone, patientId: contact.patientId });
  if (latest?.status === "withdrawn") return;
  await recordWhatsappChoice(db, { professionalId: contact.professionalId, patientId: contact.patientId, phone: contact.phone, status: "withdrawn", method: "twilio_opt_out", at, note: "Twilio 21610" });
}

/** The patients among `subjects` with a WhatsApp channel whose latest event is a withdrawal. */
export function optedOutPatients(db: DbOrTx, professionalId: string, subjects: ConsentSubject[]): Promise<Set<string>> {
  return consentRepository(db, professionalId).optedOut(subjects);
}

/**
 * A patient's consent given or withdrawn, on one or more channels: by the professional (in person, in writing, by
 * phone or email) or by the patient on one of our forms (the booking page). An event per channel, naming the user who
 * recorded it (none for the patient), each with its entry in the access history.
 */
export async function recordConsents(
  tx: DbOrTx,
  actor: AuditActor & { professionalId: string },
  consents: { patientId: string; phone: string | null; channels: readonly ConsentChannel[]; status: ConsentStatus; method: ConsentMethod; note: string | null; at: Date },
) {
  const repo = consentRepository(tx, actor.professionalId);
  for (const channel of consents.channels) {
    const { patientId, phone, status, method, note, at } = consents;
    await repo.insert({ patientId, phone, channel, status, method, note, actorUserId: actor.userId, at });
    await recordAudit(tx, actor, { action: "patient.consent_recorded", entityType: "patient", entityId: patientId, details: { channel, status, method } });
  }
}
