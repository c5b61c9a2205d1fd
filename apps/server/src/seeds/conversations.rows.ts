/**
 * The conversations and messages of each professional with a WhatsApp number: the plan of conversations.data.ts
 * played with the professional's patients, timed back from now, each outbound message with a delivery status.
 */
import type { MessageStatus } from "@clinora/contracts";
import { addDays, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import type * as s from "../tables";
import { DEMO_PROFESSIONALS, type DemoProfessional } from "./accounts.data";
import { CONVERSATION_PLAN, CONVERSATION_SCRIPTS, FAILURE_CODES } from "./conversations.data";
import { demoId, demoProfessionalId, MINUTE, rngFor, sha256 } from "./demo-random";
import type { PatientInsert } from "./patients.rows";
import { ASSISTANT_NAME } from "./settings.data";

type AppointmentInsert = typeof s.appointments.$inferInsert;

/** How a patient names a weekday in a message ("terça"), Sunday first like Date.getDay(). */
export const WEEKDAY_WORDS = ["domingo", "segunda", "terça", "quarta", "quinta", "sexta", "sábado"];

/** "09:00" -> "9h", "15:30" -> "15h30": how people write a time in a message. */
export function spokenTime(time: string): string {
  const [h, m] = time.split(":");
  return `${Number(h)}h${m === "00" ? "" : m}`;
}

/**
 * The appointment a booking thread speaks of: still to come, on one of the next six days (so its weekday names
 * exactly one date), earliest first.
 */
function nextBooking(appointments: AppointmentInsert[], patientId: string, today: string, now: Date) {
  const horizon = addDays(today, 6);
  return appointments
    .filter(
      (a) =>
        a.patientId === patientId &&
        (a.status === "pending" || a.status === "confirmed") &&
        a.startsAt > now &&
        a.appointmentDate > today &&
        a.appointmentDate <= horizon,
    )
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
}

/**
 * One conversation per line of CONVERSATION_PLAN, each with a different patient, and its messages. A thread that
 * speaks of a booking goes to a patient who has one in the coming days, and names its weekday and time.
 */
export function conversationRows(p: DemoProfessional, patients: PatientInsert[], appointments: AppointmentInsert[], now: Date) {
  const professionalId = demoProfessionalId(p.key);
  const rng = rngFor(`conversations:${p.key}`);
  const people = rng.shuffle(patients);
  const today = todayIn(p.profile.timezone, now);
  const variety = Math.max(0, DEMO_PROFESSIONALS.findIndex((d) => d.key === p.key));
  const used = new Set<string>();
  const conversations: (typeof s.conversations.$inferInsert)[] = [];
  const messages: (typeof s.messages.$inferInsert)[] = [];

  CONVERSATION_PLAN.forEach((plan, c) => {
    const script: { lines: (string | string[])[]; booking?: true } = CONVERSATION_SCRIPTS[plan.script];
    const patient = people.find((candidate) => !used.has(candidate.id!) && (!script.booking || nextBooking(appointments, candidate.id!, today, now)));
    if (!patient) throw new Error(`Demo: no patient of ${p.key} fits the "${plan.script}" conversation`);
    used.add(patient.id!);
    const booking = script.booking ? nextBooking(appointments, patient.id!, today, now)! : undefined;
    const first = patient.name.split(" ")[0]!;
    const lines = script.lines.slice(0, rng.pick(plan.length)).map((choice) =>
      (typeof choice === "string" ? choice : choice[variety % choice.length]!)
        .replaceAll("{day}", booking ? WEEKDAY_WORDS[weekdayOf(booking.appointmentDate)]! : "{day}")
        .replaceAll("{time}", booking ? spokenTime(booking.appointmentTime) : "{time}")
        .replaceAll("{first}", first)
        .replaceAll("{clinic}", p.profile.clinicName)
        .replaceAll("{address}", `${p.profile.clinicAddress}, ${p.profile.clinicCity}`)
        .replaceAll("{assistant}", ASSISTANT_NAME),
    );
    // Walk back from the last message, a few minutes between replies.
    const sentAt: Date[] = [];
    let t = now.getTime() - rng.int(plan.age[0], plan.age[1]) * MINUTE;
    for (let i = lines.length - 1; i >= 0; i--) {
      sentAt[i] = new Date(t);
      t -= rng.int(1, 12) * MINUTE + rng.int(0, 59) * 1000;
    }
    const conversationId = demoId(`conversation:${p.key}:${c}`);
    lines.forEach((content, i) => {
      const outbound = i % 2 === 1;
      const key = `message:${p.key}:${c}:${i}`;
      const ageMinutes = (now.getTime() - sentAt[i]!.getTime()) / MINUTE;
      const failed = outbound && plan.failed === i;
      const status: MessageStatus | null = !outbound
        ? null
        : failed ? "failed"
        : ageMinutes < 10 ? "sent"
        : ageMinutes < 120 ? (rng.chance(0.6) ? "delivered" : "read")
        : rng.chance(0.85) ? "read" : "delivered";
      messages.push({
        id: demoId(key),
        professionalId,
        conversationId,
        direction: outbound ? "outbound" : "inbound",
        // A person answers the conversations in progress; the assistant the others.
        sender: !outbound ? "patient" : plan.status === "in_progress" ? "professional" : "assistant",
        content,
        status,
        externalId: plan.channel === "whatsapp" ? `SM${sha256(`sid:${key}`).slice(0, 32)}` : null,
        errorCode: failed ? FAILURE_CODES[(variety + c) % FAILURE_CODES.length]! : null,
        sentAt: sentAt[i]!,
        createdAt: sentAt[i]!,
        updatedAt: sentAt[i]!,
      });
    });
    let trailingInbound = 0;
    for (let i = lines.length - 1; i >= 0 && i % 2 === 0; i--) trailingInbound++;
    const last = lines.length - 1;
    const lastInbound = last % 2 === 0 ? last : last - 1;
    conversations.push({
      id: conversationId,
      professionalId,
      patientId: patient.id,
      patientName: patient.name,
      phoneNumber: patient.phone,
      channel: plan.channel,
      status: plan.status,
      lastMessage: lines[last]!,
      lastMessageAt: sentAt[last]!,
      lastInboundAt: sentAt[lastInbound] ?? null,
      resolvedAt: plan.status === "resolved" ? sentAt[last]! : null,
      unreadCount: plan.status === "waiting" || plan.status === "in_progress" ? trailingInbound : 0,
      urgency: plan.urgency,
      createdAt: sentAt[0]!,
      updatedAt: sentAt[last]!,
    });
  });
  return { conversations, messages };
}
