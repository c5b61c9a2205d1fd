import { REMINDER_LEAD_HOURS, type ReminderSettings, type ReminderSettingsInputParsed } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { hhmm } from "../../platform/db/rows";
import type { MessagingGateway } from "../../platform/integrations/twilio/messaging-gateway";
import { enqueueJob } from "../../platform/jobs/job.repository";
import { PermanentJobError, type ClaimedJob, type JobDefinition } from "../../platform/jobs/worker";
import { AppError } from "../../platform/lib/app-error";
import type { TenantCaller } from "../../platform/lib/caller";
import type { Clock } from "../../platform/lib/clock";
import type { AppointmentService, PatientResponseOutcome, ScheduleActor } from "../appointments";
import { recordAudit } from "../audit";
import { lockProfessional, practiceSettingsOf } from "../professionals";
import type { InboundAnswerHook, MessagingService } from "../messaging";
import { freeTextWindowOpen } from "../messaging";
import { canSendBusinessInitiated } from "../consent";
import { reminderDecision } from "./reminder-decision";
import { matchReminderReply, type ReminderReplyIntent } from "./reminder-reply";
import { queueAllReminders, REMINDER_JOB, REMINDER_REPLY_JOB } from "./reminder-schedule";
import { REPLY_TEXTS, reminderText, reminderVariables } from "./reminder-texts";
import { reminderRepository } from "./reminder.repository";

export interface ReminderDeps {
  gateway: Pick<MessagingGateway, "configured">;
  messaging: MessagingService;
  appointments: AppointmentService;
  /** TWILIO_REMINDER_CONTENT_SID: the approved template; undefined when none is configured. */
  contentSid: string | undefined;
  wake: () => void;
  /** The session's amount and Pix, when the professional sends them with reminders (the payments module). */
  paymentNote?: ReminderPaymentNote;
}

/** What the reminders need of payments; app.ts passes the payments service (payments builds on nothing here). */
export interface ReminderPaymentNote {
  /** Outside any transaction: makes sure a provider's Pix is current (it may call the provider). */
  preparePaymentNote(professionalId: string, appointmentId: string): Promise<void>;
  /** Inside the caller's transaction: the text to add, or null. */
  paymentNote(tx: DbOrTx, professionalId: string, appointmentId: string): Promise<string | null>;
}

export type ReminderService = ReturnType<typeof reminderService>;

/**
 * WhatsApp reminders before appointments and the patient's answers to them (docs/decisions/017): the
 * `reminder.send` job, the `reminder.reply` job, the inbound hook that recognises a "1" or a "2", and the
 * professional's settings.
 */
export function reminderService(db: Db, clock: Clock, deps: ReminderDeps) {
  const toSettings = async (tx: DbOrTx, professionalId: string, row: { enabled: boolean; leadHours: number }): Promise<ReminderSettings> => ({
    enabled: row.enabled,
    lead_hours: row.leadHours,
    lead_options: [...REMINDER_LEAD_HOURS],
    template_configured: Boolean(deps.contentSid),
    sender_assigned: (await deps.messaging.senderOf(tx, professionalId)) !== null,
  });

  /** The patient, acting on their own appointment through the schedule's services (audit role "patient"). */
  const patientActor = async (professionalId: string): Promise<ScheduleActor | null> => {
    const practice = await practiceSettingsOf(db, professionalId);
    return practice ? { userId: null, role: "patient", professionalId, ip: null, practice } : null;
  };

  /**
   * Sends the reminder of one appointment, or records why it cannot, exactly once per appointment start: the
   * reminder row and the queued message commit together under the schedule lock, so a second run (a retry, a
   * restart after SIGKILL, a re-armed job) finds the row and stops. The message itself goes through the outbound
   * send job, whose in-doubt check keeps Twilio from getting it twice.
   */
  const sendJob: JobDefinition = {
    waitsOnNetwork: true,
    async run(job: ClaimedJob) {
      const appointmentId = String(job.payload.appointmentId ?? "");
      const jobLeadHours = Number(job.payload.leadHours);
      const professionalId = job.professionalId;
      if (!professionalId || !appointmentId || !Number.isFinite(jobLeadHours)) throw new PermanentJobError("reminder job without appointment");
      // A provider's Pix is asked for before the transaction, never while the schedule lock is held.
      await deps.paymentNote?.preparePaymentNote(professionalId, appointmentId);
      await db.transaction(async (tx) => {
        // The same lock as every schedule change: an edit and this run see each other whole.
        if (!(await lockProfessional(tx, professionalId))) return;
        const repo = reminderRepository(tx, professionalId);
        const now = clock.now();
        const facts = await repo.findAppointmentFacts(appointmentId);
        const earlier = facts ? await repo.findForStart(appointmentId, facts.startsAt) : null;
        const phone = facts?.patientPhone ?? null;
        const conversation = phone ? await deps.messaging.lockWhatsappConversation(tx, professionalId, phone) : null;
        const decision = reminderDecision({
          now,
          appointment: facts ? { status: facts.status, startsAt: facts.startsAt } : null,
          settings: { enabled: facts?.remindersEnabled ?? false, leadHours: facts?.leadHours ?? jobLeadHours },
          jobLeadHours,
          alreadySent: earlier?.outcome === "sent",
          patientPhone: phone,
          patientOptedOut: Boolean(phone && facts && !(await canSendBusinessInitiated(tx, professionalId, { patientId: facts.patientId, phone }))),
          senderNumber: await deps.messaging.senderOf(tx, professionalId),
          twilioConfigured: deps.gateway.configured,
          templateConfigured: Boolean(deps.contentSid),
          lastInboundAt: conversation?.lastInboundAt ?? null,
        });
        if (decision.action === "none" || !facts) return;
        const base = { appointmentId, startsAt: facts.startsAt, leadHours: facts.leadHours, at: now };
        if (decision.action === "skip") {
          await repo.record({ ...base, outcome: "skipped", reason: decision.reason, mode: null, conversationId: conversation?.id ?? null, messageId: null });
          return;
        }
        const thread = conversation ?? (await deps.messaging.openWhatsappConversation(tx, { professionalId, phone: phone!, patientId: facts.patientId, patientName: facts.patientName }));
        const text = { patientName: facts.patientName, date: facts.appointmentDate, time: hhmm(facts.appointmentTime), practiceName: facts.clinicName || facts.professionalName };
        const note = (await deps.paymentNote?.paymentNote(tx, professionalId, appointmentId)) ?? null;
        const asTemplate = decision.mode === "template" && deps.contentSid;
        const messageId = await deps.messaging.queue(tx, {
          conversation: thread,
          content: note && !asTemplate ? `${reminderText(text)}\n\n${note}` : reminderText(text),
          sender: "assistant",
          at: now,
          template: asTemplate ? { contentSid: deps.contentSid!, variables: reminderVariables(text) } : undefined,
        });
        // An approved template has no room for the Pix: it follows as free text while the patient's 24-hour window is
        // open; otherwise the confirmation answering the patient's "1" carries it.
        const windowOpen = freeTextWindowOpen(conversation?.lastInboundAt ?? null, now);
        if (note && asTemplate && windowOpen) await deps.messaging.queue(tx, { conversation: thread, content: note, sender: "assistant", at: now });
        await repo.record({ ...base, outcome: "sent", reason: null, mode: decision.mode, conversationId: thread.id, messageId });
      });
    },
  };

  const replyText = (outcome: PatientResponseOutcome) => {
    const a = outcome.appointment;
    if (outcome.result === "closed" || !a) return REPLY_TEXTS.closed;
    return REPLY_TEXTS[outcome.result === "already_cancelled" ? "alreadyCancelled" : outcome.result]({ date: a.date, time: a.time });
  };

  /** A patient's "1" / "2": the appointment changes through the schedule's service, and the patient is told. */
  const replyJob: JobDefinition = {
    async run(job: ClaimedJob) {
      const { messageId, conversationId, appointmentId, intent } = job.payload as { messageId?: string; conversationId?: string; appointmentId?: string; intent?: ReminderReplyIntent };
      const professionalId = job.professionalId;
      if (!professionalId || !messageId || !conversationId || !appointmentId || !intent) throw new PermanentJobError("reminder reply job without its message");
      // Answered already (an earlier run committed): the change and the answer were one transaction.
      if (await deps.messaging.hasReply(db, messageId)) return;
      const actor = await patientActor(professionalId);
      if (!actor) return;
      await deps.appointments.respondAsPatient(actor, appointmentId, intent === "confirm" ? "confirmed" : "cancelled", async (tx, outcome) => {
        const conversation = await deps.messaging.findConversation(tx, professionalId, conversationId, { lock: true });
        if (!conversation) return;
        const note = outcome.result === "confirmed" ? await deps.paymentNote?.paymentNote(tx, professionalId, appointmentId) : null;
        const content = note ? `${replyText(outcome)}\n\n${note}` : replyText(outcome);
        await deps.messaging.queue(tx, { conversation, content, sender: "assistant", replyToMessageId: messageId, at: clock.now() });
      });
    },
  };

  /** Recognises a clear answer to the conversation's latest reminder and queues its handling (InboundAnswerHook). */
  const answers: InboundAnswerHook = async (tx, message) => {
    const intent = matchReminderReply(message.body);
    if (!intent) return false;
    const reminder = await reminderRepository(tx, message.professionalId).findLatestSentInConversation(message.conversationId, message.at);
    if (!reminder) return false;
    await enqueueJob(tx, {
      type: REMINDER_REPLY_JOB,
      payload: { messageId: message.messageId, conversationId: message.conversationId, appointmentId: reminder.appointmentId, intent },
      professionalId: message.professionalId,
      dedupeKey: `reminder-reply:${message.messageId}`,
      runAt: message.at,
    });
    return true;
  };

  return {
    async getSettings(caller: TenantCaller): Promise<ReminderSettings> {
      const row = await reminderRepository(db, caller.professionalId).findSettings();
      if (!row) throw AppError.notFound();
      return toSettings(db, caller.professionalId, row);
    },

    /** Saves the switch and the lead time, and moves every upcoming appointment's reminder to follow them. */
    async updateSettings(caller: TenantCaller, input: ReminderSettingsInputParsed): Promise<ReminderSettings> {
      const result = await db.transaction(async (tx) => {
        await lockProfessional(tx, caller.professionalId);
        const repo = reminderRepository(tx, caller.professionalId);
        const before = await repo.findSettings();
        const row = await repo.updateSettings({ enabled: input.enabled, leadHours: input.lead_hours });
        if (!before || !row) throw AppError.notFound();
        await recordAudit(tx, caller, {
          action: "reminders.settings_updated",
          entityType: "professional",
          entityId: caller.professionalId,
          details: { enabled: row.enabled, lead_hours: row.leadHours },
        });
        if (before.enabled !== row.enabled || before.leadHours !== row.leadHours) await queueAllReminders(tx, clock, caller.professionalId);
        return toSettings(tx, caller.professionalId, row);
      });
      deps.wake();
      return result;
    },

    answers,
    jobs: { [REMINDER_JOB]: sendJob, [REMINDER_REPLY_JOB]: replyJob } as Record<string, JobDefinition>,
  };
}
