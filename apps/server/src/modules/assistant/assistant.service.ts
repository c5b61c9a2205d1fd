import { MSG, WEB_CHAT_TEXTS, type AiProvider, type AssistantTestRequest, type AssistantTestResponse } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import type { LlmClient, LlmMessage } from "../../platform/integrations/llm/llm-client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import type { ClaimedJob, JobDefinition } from "../../platform/jobs/worker";
import { findAssistantSwitch } from "../assistant-settings";
import { findPracticeWithSettings } from "./assistant-practice.repository";
import type { AppointmentService, ScheduleActor } from "../appointments";
import { patientByPhone, type PatientService } from "../patients";
import { practiceNamesOf } from "../professionals";
import { sendJobKey, type ConversationRow, type MediaInfo, type MessagingService } from "../messaging";
import { REPLY_JOB } from "./reply-job";
import { composeSystemPrompt, effectiveSettings, promptInstructions, type EffectiveAssistantSettings, type PracticeFacts } from "./assistant-prompt";
import { asksForPerson, TEXTS } from "./assistant-texts";
import { claimsAgendaChange, freeTimesFromToolResults, nothingChangedText } from "./safety/claims";
import { daysAndTimesGrounded, echoesPrompt, failedChangeText, sentencesAfterConfirmation, slotsFromToolResults, upcomingText, type ChangeAttempt, type GroundedSlot } from "./safety/agenda-facts";
import { agendaSecondOpinion, riskFlagged, type SafetyChecks } from "./safety/second-opinions";
import { patientWindow, safetyAnswerFor, safetyText } from "../safety";
import { HIGHEST_URGENCY } from "@clinora/contracts";
import { todayIn } from "@clinora/contracts/zoned-time";
import { paymentFactsText, type AssistantPayments } from "./assistant-payments";
import { assistantToolbox, visibleUpcoming, type ToolScope } from "./assistant-tools";
import { claimsPaymentReceived } from "./safety/payment-claims";

/**
 * The server's own answer to a message with files, or null when the model answers (a transcribed voice note, or a
 * file that did not arrive next to the patient's text). Photos and documents go to the professional: the assistant
 * never reads an exam or an image.
 */
export function mediaAnswer(files: readonly MediaInfo[], hasText: boolean): { text: string; handoff: boolean } | null {
  if (files.length === 0) return null;
  if (files.some((f) => f.kind !== "audio" && f.status === "ready")) return { text: MSG.assistantFileReceived, handoff: true };
  const audio = files.filter((f) => f.kind === "audio" && f.status === "ready");
  if (audio.some((f) => f.transcriptStatus === "done")) return null;
  if (hasText) return null;
  if (audio.some((f) => f.transcriptStatus === "no_provider")) return { text: MSG.assistantCannotListen, handoff: false };
  if (audio.length > 0) return { text: MSG.assistantAudioNotUnderstood, handoff: false };
  return { text: MSG.assistantFileNotReceived, handoff: false };
}

/**
 * Tool rounds per answer: enough to list, check and book; a model that loops past it is stopped (one last round
 * without tools makes it answer in words).
 */
const MAX_TOOL_ROUNDS = 4;
/** Messages of the current session the model sees (the newest ones). */
const CONTEXT_MESSAGES = 30;
/** Urgency of a conversation handed to the professional (an emergency or a crisis: modules/safety). */
const HANDOFF_URGENCY = 2;

export interface AssistantDeps {
  appointments: AppointmentService;
  patients: PatientService;
  messaging: MessagingService;
  /** The configured clients by provider (a provider without a key has none). */
  llm: Partial<Record<AiProvider, LlmClient>>;
  /**
   * Web chat: takes one model call from the visitor's daily allowance; false when it is used up
   * (docs/decisions/016). Without it, web-chat answers are not capped.
   */
  webChatModelCall?: (conversation: ConversationRow, timeZone: string) => Promise<boolean>;
  /** The second opinion and the risk check around the reply model (docs/decisions/030); none in some tests. */
  checks?: SafetyChecks;
  /**
   * Runs a queued job in this process at once (the worker's runNow): a reply's send goes out from the reply job
   * itself, one hop less than waiting for the queue (docs/decisions/036). Without it the send job sends it.
   */
  runJobNow?: (dedupeKey: string) => Promise<boolean>;
  /** Prices, the patient's charges and their Pix (the payments module); without it no payment tool is offered. */
  payments?: AssistantPayments;
}

/** How an answer is being given: the channel shapes the prompt; `allowModelCall` may stop it before a model call. */
interface ConverseOptions {
  channel: "whatsapp" | "web_chat";
  allowModelCall?: () => Promise<boolean>;
}

interface Answer {
  text: string;
  handoff: { reason: string; message?: string } | null;
  summaries: string[];
  /** The model raised the alarm (report_risk): `text` is the crisis text, the conversation goes to the highest urgency. */
  risk?: boolean;
}

/** One professional's practice as the assistant needs it: its facts, its schedule settings, its assistant settings. */
interface Practice {
  facts: PracticeFacts;
  actor: ScheduleActor;
  settings: EffectiveAssistantSettings;
  enabled: boolean;
}

export type AssistantService = ReturnType<typeof assistantService>;

export function assistantService(db: Db, clock: Clock, deps: AssistantDeps) {
  /** Whether a provider can answer: its client exists (its API key is set). */
  const providerReady = (provider: AiProvider) => Boolean(deps.llm[provider]);
  const loadPractice = async (tx: DbOrTx, professionalId: string): Promise<Practice | null> => {
    const found = await findPracticeWithSettings(tx, professionalId);
    if (!found) return null;
    const { professional, platform: global, own } = found;
    const settings = effectiveSettings({ global, own });
    const practice = professional.settings;
    return {
      facts: {
        professionalName: professional.fullName,
        clinicName: professional.clinicName,
        specialty: professional.specialty,
        address: professional.address,
        timeZone: practice.timeZone,
        businessDays: practice.businessDays,
        businessStart: practice.businessStart,
        businessEnd: practice.businessEnd,
        acceptingBookings: professional.isAvailable,
      },
      actor: { userId: null, role: "assistant", professionalId, practice, ip: null },
      settings,
      enabled: own?.ai_enabled ?? true,
    };
  };

  /** The tools' view of one conversation: the practice's schedule, this patient, real or simulated writes. */
  const toolScope = (practice: Practice, conversation: Pick<ToolScope, "patient" | "phone" | "dryRun" | "onPatientCreated" | "webChat">): ToolScope => ({
    ...conversation,
    actor: practice.actor,
    appointments: deps.appointments,
    patients: deps.patients,
    acceptingBookings: practice.facts.acceptingBookings,
    address: practice.facts.address,
    now: clock.now(),
    payments: deps.payments,
  });

  /** The model's turns with tool calls run by the toolbox, and the message the patient gets. */
  const converse = async (
    practice: Practice,
    history: LlmMessage[],
    scope: ToolScope,
    patient: { name: string | null; known: boolean },
    options: ConverseOptions = { channel: "whatsapp" },
  ): Promise<Answer> => {
    const llm = deps.llm[practice.settings.provider];
    if (!llm) throw new AppError(503, MSG.assistantTestNoProvider, "unavailable");
    const upcoming = await visibleUpcoming(scope, 5);
    const system = composeSystemPrompt({
      channel: options.channel,
      settings: practice.settings,
      practice: practice.facts,
      now: clock.now(),
      patient,
      upcoming: upcoming.map((a) => ({ date: a.date, time: a.time, type: a.appointment_type, status: a.status })),
    });
    const toolbox = assistantToolbox(scope);
    const messages = [...history];
    const confirmations: string[] = [];
    const summaries: string[] = [];
    const attempts: ChangeAttempt[] = [];
    let risk = false;
    let handoff: Answer["handoff"] = null;
    let text = "";

    for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
      if (options.allowModelCall && !(await options.allowModelCall())) {
        // The visitor's allowance ran out (maybe mid-answer): what the tools did is still confirmed.
        return { text: [...confirmations, WEB_CHAT_TEXTS.dailyLimitReached].join("\n\n"), handoff: { reason: "limite diário do chat" }, summaries };
      }
      // The last round offers no tools, so the model has to answer in words; tool calls it makes anyway are ignored.
      const offered = round < MAX_TOOL_ROUNDS ? toolbox.definitions : [];
      const response = await llm.complete({
        model: practice.settings.model,
        system,
        messages,
        tools: offered,
        temperature: practice.settings.temperature,
        maxTokens: practice.settings.maxTokens,
      });
      text = response.text.trim();
      if (response.toolCalls.length === 0 || offered.length === 0) break;
      messages.push({ role: "assistant", content: response.text || null, toolCalls: response.toolCalls });
      for (const call of response.toolCalls) {
        const outcome = await toolbox.call(call.name, call.arguments);
        messages.push({ role: "tool", toolCallId: call.id, name: call.name, content: JSON.stringify(outcome.result) });
        if (outcome.confirmation) confirmations.push(outcome.confirmation);
        if (outcome.summary) summaries.push(outcome.summary);
        if (outcome.handoff) handoff = outcome.handoff;
        if (outcome.change) attempts.push(outcome.change);
        if (outcome.risk) risk = true;
      }
      text = "";
      // The model raised the alarm: the server answers with the crisis text, and the turn ends here.
      if (risk) return { text: safetyText("crisis", practice.facts.professionalName), handoff: { reason: "alerta de risco" }, summaries, risk: true };
      if (handoff) break;
    }

    if (handoff) return { text: [...confirmations, handoff.message ?? TEXTS.handoff(practice.facts.professionalName)].join("\n\n"), handoff, summaries };
    const toolResults = messages.slice(history.length).flatMap((m) => (m.role === "tool" ? [m.content] : []));
    // Payment facts only from the server (docs/decisions/035): a model's text saying a payment was received is not
    // sent; the server writes what its data says, after what the agenda rules keep.
    const paymentClaim = claimsPaymentReceived(text);
    const reply = await agendaReply({
      practice,
      text: paymentClaim ? "" : text,
      confirmations,
      attempts,
      toolResults,
      upcoming: upcoming.map((a) => ({ date: a.date, time: a.time })),
      instructions: promptInstructions(practice.settings, practice.facts, options.channel),
    });
    if (paymentClaim) {
      const charges = scope.patient && !scope.webChat && deps.payments ? await deps.payments.chargesOfPatient(practice.actor.professionalId, scope.patient.id) : null;
      summaries.push("Falou de pagamento recebido: o sistema informou o que consta");
      return { text: [reply, paymentFactsText(charges)].filter(Boolean).join("\n\n"), handoff: null, summaries };
    }
    return { text: reply || TEXTS.empty, handoff: null, summaries };
  };

  /**
   * What the patient reads about the agenda (docs/decisions/030), decided by what the tools did this turn:
   * - a state-changing tool was called and none succeeded: the server's text (nothing changed, why, free times);
   * - a change succeeded: the server's confirmation first, then only model sentences that pass every check and
   *   name no day, time or appointment;
   * - no change attempted: the model's text only if no claim rule fires, every day and time it names is one the
   *   server gave, and the second opinion does not say "yes"; else the server's honest text.
   * A reply that echoes the prompt's instructions is never sent.
   */
  const agendaReply = async (turn: {
    practice: Practice;
    text: string;
    confirmations: string[];
    attempts: ChangeAttempt[];
    toolResults: string[];
    upcoming: GroundedSlot[];
    instructions: string;
  }): Promise<string> => {
    const { practice, text, confirmations, attempts } = turn;
    const freeTimes = freeTimesFromToolResults(turn.toolResults);
    const echo = text !== "" && echoesPrompt(text, turn.instructions);
    if (attempts.length > 0 && !attempts.some((a) => a.ok)) {
      // The failed tool's own server text (a duration refused) says why; otherwise the server says it, offering the
      // free times the refusal found (fresher than an earlier check of the same day), else those a tool returned.
      const fresh = freeTimesFromToolResults(turn.toolResults.filter((r) => r.includes('"nearest_free_times"')));
      return [...confirmations, confirmations.length > 0 ? "" : failedChangeText(attempts, fresh.length > 0 ? fresh : freeTimes)].filter(Boolean).join("\n\n");
    }
    if (attempts.some((a) => a.ok)) {
      const extra = echo ? "" : sentencesAfterConfirmation(text);
      const opinion = extra ? await agendaSecondOpinion(deps.checks, practice.settings.provider, practice.settings.model, extra, practice.actor.professionalId) : null;
      const keep = extra && !(opinion?.kind === "verdict" && opinion.yes);
      return [...confirmations, keep ? extra : ""].filter(Boolean).join("\n\n");
    }
    const honest = () => {
      const known = upcomingText(turn.upcoming);
      const base = nothingChangedText(freeTimes);
      return known ? base.replace("Ainda não fiz nenhuma alteração na sua agenda.", `Ainda não fiz nenhuma alteração na sua agenda. ${known}`) : base;
    };
    const prefix = confirmations.join("\n\n");
    const join = (own: string) => [prefix, own].filter(Boolean).join("\n\n");
    if (!text) return prefix;
    if (echo) return join(TEXTS.echoReplaced);
    if (claimsAgendaChange(text)) return join(honest());
    const grounding = {
      today: todayIn(practice.facts.timeZone, clock.now()),
      slots: [...turn.upcoming, ...slotsFromToolResults(turn.toolResults)],
      businessDays: practice.facts.businessDays,
      businessStart: practice.facts.businessStart,
      businessEnd: practice.facts.businessEnd,
    };
    if (!daysAndTimesGrounded(text, grounding)) return join(honest());
    const opinion = await agendaSecondOpinion(deps.checks, practice.settings.provider, practice.settings.model, text, practice.actor.professionalId);
    if (opinion?.kind === "verdict" && opinion.yes) return join(honest());
    return join(text);
  };

  /** The conversation's session (since it was last resolved, `rows`) as model turns, starting with the patient's. */
  const historyOf = (rows: Awaited<ReturnType<MessagingService["recentMessages"]>>): LlmMessage[] => {
    const turns: LlmMessage[] = [];
    for (const row of rows) {
      const content = [row.content?.trim(), row.transcript?.trim()].filter(Boolean).join("\n");
      if (!content) continue;
      const role = row.direction === "inbound" ? "user" : "assistant";
      const text = row.sender === "professional" ? `(mensagem escrita pela profissional) ${content}` : content;
      const last = turns[turns.length - 1];
      if (last && last.role === role) (last as { content: string }).content += `\n${text}`;
      else if (role === "user") turns.push({ role, content: text });
      else if (turns.length > 0) turns.push({ role: "assistant", content: text });
    }
    return turns;
  };

  /** Sends `text` as the reply to `messageId` and, for a handoff, passes the conversation to the professional. */
  const deliver = async (conversation: ConversationRow, messageId: string, text: string, handoffUrgency: number | null) => {
    const sentByCaller = deps.runJobNow !== undefined && conversation.channel === "whatsapp";
    // Stored only if nobody took the conversation over while the model was thinking: the assistant stays silent then.
    const queued = await deps.messaging.queueAssistantReply({ conversation, content: text, replyToMessageId: messageId, at: clock.now(), sentByCaller, handoffUrgency });
    // Committed: the reply leaves now, from this job. Its send job (due a little later) is the retry path.
    if (queued && sentByCaller) await deps.runJobNow!(sendJobKey(queued));
  };

  const loadConversation = async (job: ClaimedJob) => {
    const conversationId = String(job.payload.conversationId ?? "");
    if (!job.professionalId || !conversationId) return null;
    return deps.messaging.findConversation(db, job.professionalId, conversationId);
  };

  const replyJob: JobDefinition = {
    // The model's answer (and the send that follows) is most of its run.
    waitsOnNetwork: true,
    async run(job) {
      const messageId = String(job.payload.messageId ?? "");
      const conversationId = String(job.payload.conversationId ?? "");
      // The conversation, whether this message has its reply (and files) and the latest inbound one, in one read.
      const target = job.professionalId && conversationId ? await deps.messaging.replyTargetOf(job.professionalId, conversationId, messageId) : null;
      if (!target) return;
      const { conversation } = target;
      if (conversation.status !== "bot_handling") return;
      if (target.replied) return;
      // Several messages in a row get one answer: the job of the latest one gives it, with all of them in context.
      if (target.latestInboundId && target.latestInboundId !== messageId) return;

      const practice = await loadPractice(db, conversation.professionalId);
      if (!practice) return;
      if (!practice.enabled || !deps.llm[practice.settings.provider]) {
        await deps.messaging.updateConversation(db, conversation.professionalId, conversation.id, { status: "waiting" });
        return;
      }
      // The session's messages, read once: the model's context and the safety rules' window.
      const session = await deps.messaging.recentMessages(conversation.id, conversation.resolvedAt, CONTEXT_MESSAGES);
      const history = historyOf(session);
      const lastText = history.filter((m) => m.role === "user").at(-1)?.content ?? "";
      // Checked when each message arrived too; here again on the patient's messages of the last 30 minutes together,
      // whatever was answered in between (a sentence split around an answer), then by the vendor's risk check.
      const window = patientWindow(session, clock.now());
      const safety = safetyAnswerFor(window.join(" "), practice.facts.professionalName);
      if (safety) return deliver(conversation, messageId, safety.text, safety.urgency);
      if (await riskFlagged(deps.checks, window, practice.settings.model, conversation.professionalId)) {
        return deliver(conversation, messageId, safetyText("crisis", practice.facts.professionalName), HIGHEST_URGENCY);
      }
      if (asksForPerson(lastText)) return deliver(conversation, messageId, TEXTS.handoff(practice.facts.professionalName), HANDOFF_URGENCY);
      // A file: the assistant acknowledges a photo or a document and passes it on (it never interprets one), and
      // asks for text when a voice note could not be heard; a transcribed voice note goes on as typed text.
      // The message's own text matters only when it came with files (mediaAnswer answers null without any).
      const files = target.hasFiles ? await deps.messaging.filesOf(messageId) : [];
      const fileAnswer = files.length > 0 ? mediaAnswer(files, Boolean(await deps.messaging.textOf(messageId))) : null;
      if (fileAnswer) return deliver(conversation, messageId, fileAnswer.text, fileAnswer.handoff ? HANDOFF_URGENCY : null);

      const patientRow = conversation.patientId ? { id: conversation.patientId, name: conversation.patientName ?? "" } : null;
      const webChat = conversation.channel === "web_chat";
      const { professionalId } = conversation;
      const answer = await converse(
        practice,
        history,
        toolScope(practice, {
          patient: patientRow,
          phone: conversation.phoneNumber,
          dryRun: false,
          onPatientCreated: async (patient) => {
            await deps.messaging.updateConversation(db, professionalId, conversation.id, { patientId: patient.id, patientName: patient.name });
          },
          webChat: webChat
            ? {
                since: conversation.createdAt,
                findPatientByPhone: (phone) => patientByPhone(db, professionalId, phone),
                onContactLinked: async (patient, contact) => {
                  await deps.messaging.updateConversation(db, professionalId, conversation.id, {
                    patientId: patient.id,
                    patientName: contact.name,
                    phoneNumber: contact.phone,
                  });
                },
              }
            : undefined,
        }),
        { name: conversation.patientName, known: patientRow !== null },
        {
          channel: webChat ? "web_chat" : "whatsapp",
          allowModelCall: webChat && deps.webChatModelCall ? () => deps.webChatModelCall!(conversation, practice.facts.timeZone) : undefined,
        },
      );
      await deliver(conversation, messageId, answer.text, answer.risk ? HIGHEST_URGENCY : answer.handoff ? HANDOFF_URGENCY : null);
    },

    /** The model failed on every attempt: the patient is told a person will answer, never left in silence. */
    async onFailed(job) {
      const conversation = await loadConversation(job);
      if (!conversation) return;
      const professional = await practiceNamesOf(db, conversation.professionalId);
      await deliver(conversation, String(job.payload.messageId ?? ""), TEXTS.handoff(professional?.fullName ?? "a profissional"), HANDOFF_URGENCY);
    },

    backoffMs: (attempt) => 2000 * 2 ** (attempt - 1),
  };

  return {
    /** The assistant as a web-chat visitor meets it: its name and whether it answers now. */
    async presence(professionalId: string): Promise<{ assistantName: string; on: boolean } | null> {
      const practice = await loadPractice(db, professionalId);
      if (!practice) return null;
      return { assistantName: practice.settings.assistantName, on: Boolean(practice.enabled && deps.llm[practice.settings.provider]) };
    },

    /** Whether the assistant answers this professional's patients now: its switch on and a provider configured. */
    async isOn(tx: DbOrTx, professionalId: string) {
      const found = await findAssistantSwitch(tx, professionalId);
      return Boolean(found?.enabled && providerReady(found.provider));
    },

    providerReady,

    /**
     * "Testar assistente": the professional plays a patient; same prompt, model and tools, but bookings are only
     * simulated (nothing is written) and nothing goes through Twilio.
     */
    async test(caller: { professionalId: string }, request: AssistantTestRequest): Promise<AssistantTestResponse> {
      const practice = await loadPractice(db, caller.professionalId);
      if (!practice) throw AppError.notFound();
      const history: LlmMessage[] = request.messages.map((m) => (m.role === "patient" ? { role: "user", content: m.content } : { role: "assistant", content: m.content }));
      // A crisis or an emergency gets the server's answer, as a patient would, without the model.
      const patientTexts = request.messages.filter((m) => m.role === "patient").map((m) => m.content).slice(-5);
      const safety = safetyAnswerFor(patientTexts.join(" "), practice.facts.professionalName);
      if (safety) return { reply: safety.text, actions: [], handed_off: true };
      if (await riskFlagged(deps.checks, patientTexts, practice.settings.model, caller.professionalId)) {
        return { reply: safetyText("crisis", practice.facts.professionalName), actions: [], handed_off: true };
      }
      try {
        const answer = await converse(
          practice,
          history,
          toolScope(practice, { patient: null, phone: null, dryRun: true, onPatientCreated: async () => {} }),
          { name: null, known: false },
        );
        return { reply: answer.text, actions: answer.summaries.map((summary) => ({ tool: "agenda", summary })), handed_off: answer.handoff !== null };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(502, MSG.assistantTestFailed, "llm_failed");
      }
    },

    jobs: { [REPLY_JOB]: replyJob } as Record<string, JobDefinition>,
  };
}
