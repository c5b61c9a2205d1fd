/**
 * The conversations and messages of each professional with a WhatsApp number: the plan of conversations.data.ts
 * played with the professional's patients, timed back from now, each outbound message with a delivery status.
 */
import type { MessageStatus } from "@clinora/contracts";
import type * as s from "../../db/schema/index";
import type { DemoProfessional } from "./accounts.data";
import { CONVERSATION_PLAN, CONVERSATION_SCRIPTS, FAILURE_CODES } from "./conversations.data";
import { demoId, demoProfessionalId, MINUTE, rngFor, sha256 } from "./demo-random";
import type { PatientInsert } from "./patients.rows";
import { ASSISTANT_NAME } from "./settings.data";

/** One conversation per line of CONVERSATION_PLAN, each with a different patient, and its messages. */
export function conversationRows(p: DemoProfessional, patients: PatientInsert[], now: Date) {
  const professionalId = demoProfessionalId(p.key);
  const rng = rngFor(`conversations:${p.key}`);
  const people = rng.shuffle(patients);
  const conversations: (typeof s.conversations.$inferInsert)[] = [];
  const messages: (typeof s.messages.$inferInsert)[] = [];

  CONVERSATION_PLAN.forEach((plan, c) => {
    const patient = people[c]!;
    const first = patient.name.split(" ")[0]!;
    const lines = CONVERSATION_SCRIPTS[plan.script].lines.slice(0, rng.pick(plan.length)).map((line) =>
      line
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
        errorCode: failed ? rng.pick(FAILURE_CODES) : null,
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
