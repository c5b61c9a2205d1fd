import { MSG } from "@clinora/contracts";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { HelmetOptions } from "helmet";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Config, TrustProxy } from "./config";
import type { Database } from "./platform/db/client";
import { API_PREFIX, isUnderPath } from "./platform/lib/api-paths";
import { systemClock, type Clock } from "./platform/lib/clock";
import { registerAuth, type RegisteredRoute } from "./platform/plugins/auth";
import { registerCompression } from "./platform/plugins/compression";
import { DOCS_PREFIX, registerDocs } from "./platform/plugins/docs";
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorHandling, registerHostRule } from "./platform/plugins/errors";
import { registerInputRule } from "./platform/plugins/input-rule";
import { registerRateLimit } from "./platform/plugins/rate-limit";
import { apiSecurityHeaders, registerSecurityHeaders, securityHeaders } from "./platform/plugins/security-headers";
import { responseSerializerCompiler } from "./platform/plugins/serializer";
import { registerWeb } from "./platform/plugins/web";
import { authRoutes } from "./modules/auth";
import { authService } from "./modules/auth";
import { sessionService } from "./modules/auth";
import { healthRoutes } from "./modules/health";
import { adminDashboardRoutes } from "./modules/admin-dashboard";
import { adminDashboardService } from "./modules/admin-dashboard";
import { firstStepsRoutes, firstStepsService, professionalRoutes } from "./modules/professionals";
import { professionalService } from "./modules/professionals";
import { leadRoutes } from "./modules/leads";
import { leadService } from "./modules/leads";
import { patientRoutes } from "./modules/patients";
import { patientService } from "./modules/patients";
import { taskRoutes } from "./modules/tasks";
import { taskService } from "./modules/tasks";
import { appointmentRoutes } from "./modules/appointments";
import { appointmentService } from "./modules/appointments";
import { professionalToggleRoutes } from "./modules/professionals";
import { professionalTogglesService } from "./modules/professionals";
import { userRoutes } from "./modules/users";
import { aiSettingsRoutes } from "./modules/ai-settings";
import { globalAiSettingsRoutes } from "./modules/ai-settings";
import { globalAiSettingsService } from "./modules/ai-settings";
import { whatsappConfigRoutes } from "./modules/whatsapp";
import { whatsappConfigService } from "./modules/whatsapp";
import { twilioNumberRoutes } from "./modules/whatsapp";
import { twilioNumberService } from "./modules/whatsapp";
import { whatsappMetricsRoutes } from "./modules/whatsapp";
import { whatsappMetricsService } from "./modules/whatsapp";
import { assistantSettingsRoutes } from "./modules/assistant-settings";
import { assistantSettingsService } from "./modules/assistant-settings";
import { userService } from "./modules/users";
import { conversationRoutes } from "./modules/messaging";
import { conversationService } from "./modules/messaging";
import { messagingService } from "./modules/messaging";
import { whatsappInboundService } from "./modules/messaging";
import { professionalProfileRoutes } from "./modules/professionals";
import { professionalProfileService } from "./modules/professionals";
import { googleCalendarRoutes } from "./modules/google-calendar";
import { googleCalendarService } from "./modules/google-calendar";
import { calendarSyncService } from "./modules/google-calendar";
import { calendarBusyService } from "./modules/google-calendar";
import { calendarFeedRoutes } from "./modules/calendar-feed";
import { calendarFeedService } from "./modules/calendar-feed";
import { createGoogleCalendarClient } from "./platform/integrations/google-calendar/google-calendar-client";
import { professionalAccountService } from "./modules/users";
import { createTwilioGateway } from "./platform/integrations/twilio/twilio-gateway";
import { createOpenAiClient } from "./platform/integrations/llm/openai-client";
import { createAnthropicClient } from "./platform/integrations/llm/anthropic-client";
import { createOpenAiModeration } from "./platform/integrations/llm/moderation";
import { CHECK_TIMEOUT_MS, emptyCheckStats, type SafetyChecks } from "./modules/assistant";
import { createWorker, wakeAfterCommit, type JobWorker } from "./platform/jobs/worker";
import { JOBS_CHANNEL, notifiedJobTypes } from "./platform/jobs/job.repository";
import { sampleEventLoopDelay } from "./platform/lib/event-loop-load";
import { whatsappWebhookService } from "./modules/whatsapp";
import { whatsappWebhookRoutes } from "./modules/whatsapp";
import { assistantService, replyJobFor } from "./modules/assistant";
import { assistantRoutes } from "./modules/assistant";
import { webChatAllowance, webChatService } from "./modules/web-chat";
import { webChatRoutes } from "./modules/web-chat";
import { privacyRoutes } from "./modules/privacy";
import { backupJobs } from "./modules/backups";
import { optedOutPatients } from "./modules/consent";
import { privacyService } from "./modules/privacy";
import { cancellationNotice, queueReminder, reminderService } from "./modules/reminders";
import { reminderRoutes } from "./modules/reminders";
import { createOpenAiTranscriber } from "./platform/integrations/llm/transcriber";
import { mediaService, outboundMediaSigner } from "./modules/messaging";
import { outboundMediaRoutes } from "./modules/messaging";
import { bookingPageService, followDefaultDuration } from "./modules/booking-page";
import { bookingPageRoutes } from "./modules/booking-page";
import { appointmentHasRecordEntries, recordRoutes, recordService } from "./modules/records";
import { appointmentHasPayment, paymentRoutes, paymentsService, paymentWebhookService, queueAfterSessionPix, syncAppointmentCharge } from "./modules/payments";
import { createMercadoPagoClient } from "./platform/integrations/payments/mercadopago-client";

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Called on the bare instance before any hook or route is added (tests use it to observe or replace every route). */
  instrument?: (app: FastifyInstance) => void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route with its declared access, for the route-access test. */
    routeRegistry: RegisteredRoute[];
    /** The background job worker; server.ts starts it, app.close() stops it (tests may drain it instead). */
    worker: JobWorker;
  }
}

/** 1 MiB (docs/product/security-and-privacy.md §4). */
export const BODY_LIMIT = 1024 * 1024;

/** Log levels at which each request is logged (received, answered). */
const REQUEST_LOG_LEVELS = new Set(["debug", "trace"]);

/**
 * While the server closes, Node's server.close() ends the keep-alive connections idle at that moment and then
 * waits for the others; one that goes idle only afterwards (its last answer was still on its way) would hold the
 * close (a SIGTERM, a restart) until the client drops it, up to the keep-alive timeout (72 s). Such connections are
 * ended as they go idle, checked every 100 ms until the server has closed. Found by a test whose close waited on a
 * Twilio status callback's connection.
 */
function closeConnectionsAsTheyGoIdle(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook("preClose", (done) => {
    timer = setInterval(() => app.server.closeIdleConnections(), 100);
    timer.unref();
    done();
  });
  app.addHook("onClose", (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

/** helmet's options for the web app's documents (the API's answers get apiSecurityHeaders, derived from them). */
const DOCUMENT_SECURITY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Conversas shows a thread's photos and voice notes through object URLs of files read with the session header.
      imgSrc: ["'self'", "data:", "blob:"],
      mediaSrc: ["'self'", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
};

/**
 * The headers of a refusal written before any hook runs (plugins/errors.ts): the API's, whatever the address, as
 * such an answer is JSON and never a page.
 */
const REFUSAL_HEADERS = apiSecurityHeaders(securityHeaders(DOCUMENT_SECURITY));

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count is given as a function: Fastify trusts no hop at all for a
 * plain number (it cannot tell the proxy from a client that reached the server directly), and proxy-addr's rule
 * for a function of (address, hop) is the usual one: the n nearest hops are proxies, the next entry is the client.
 * Addresses and ranges go as they are (docs/decisions/031).
 */
export function trustedProxies(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

/** Builds the whole application from its dependencies; never listens (see server.ts). */
export async function buildApp({ config, database, clock = systemClock, instrument }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ["req.headers.authorization", 'req.headers["x-session-id"]'] },
    // Two log lines per request were a third of a trivial request's CPU (docs/decisions/012): requests are logged
    // at debug and trace; at the default level only what goes wrong (errors, 5xx, warnings) is written.
    logController: new LogController({ disableRequestLogging: !REQUEST_LOG_LEVELS.has(config.logLevel) }),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustedProxies(config.trustProxy),
    // A request without Host is refused by registerHostRule in the API's shape instead of Node's empty 400.
    http: { requireHostHeader: false },
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals made before any hook runs (an unreadable address, an over-long one) answer as the API does.
    frameworkErrors: frameworkErrorAnswer(REFUSAL_HEADERS),
    clientErrorHandler: clientErrorAnswer(REFUSAL_HEADERS),
  });
  instrument?.(app);
  closeConnectionsAsTheyGoIdle(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  // First of the hooks, so every answer carries them (a 401 from the session check too).
  registerSecurityHeaders(app, DOCUMENT_SECURITY);
  registerHostRule(app);
  // The API speaks JSON only; anything else is refused with 415 instead of reaching the schemas as text.
  app.removeContentTypeParser("text/plain");
  // No text the database cannot store (a NUL character) reaches a route, on any route.
  registerInputRule(app);
  // Before every route, so each one compresses its larger answers.
  await registerCompression(app);

  const db = database.db;
  const sessions = sessionService(db, clock);

  // Outside systems, each behind its interface (docs/product/engineering-conventions.md §9), pointed at local stand-ins by the *_BASE_URL settings.
  const gateway = createTwilioGateway(config.twilio);
  const llm = {
    openai: config.openai.apiKey ? createOpenAiClient({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, timeoutMs: config.llmTimeoutMs }) : undefined,
    anthropic: config.anthropic.apiKey
      ? createAnthropicClient({ apiKey: config.anthropic.apiKey, baseUrl: config.anthropic.baseUrl, timeoutMs: config.llmTimeoutMs })
      : undefined,
  };
  const calendarProvider = createGoogleCalendarClient(config.google);
  // The checks around the reply model (docs/decisions/030): the same vendors, with a short time-out of their own.
  const quick = { timeoutMs: CHECK_TIMEOUT_MS };
  const safetyChecks: SafetyChecks = {
    secondOpinion: { enabled: config.safetyChecks.secondOpinion, model: config.safetyChecks.secondOpinionModel },
    riskCheck: { enabled: config.safetyChecks.riskCheck, model: config.safetyChecks.riskModel },
    llm: {
      openai: config.openai.apiKey ? createOpenAiClient({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, ...quick }) : undefined,
      anthropic: config.anthropic.apiKey ? createAnthropicClient({ apiKey: config.anthropic.apiKey, baseUrl: config.anthropic.baseUrl, ...quick }) : undefined,
    },
    moderation: config.openai.apiKey ? createOpenAiModeration({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, ...quick }) : null,
    log: (event, details) => app.log.warn(details, event),
    stats: emptyCheckStats(),
    // Counted durably for the WhatsApp health figures, so several server processes add up.
    recordNoVerdict: (entry) => whatsappMetrics.recordSafetyCheckNoVerdict(entry),
  };
  const paymentProvider = createMercadoPagoClient(config.mercadopago);

  // The worker and the listener exist only below; the services that wake the worker reach it through this function.
  const wake = () => wakeAfterCommit(worker, jobWakeups);
  // The services the screens and the background jobs share.
  const appointments = appointmentService(db, clock, {
    wake,
    queueReminder: (tx, professionalId, appointmentId, options) => queueReminder(tx, clock, professionalId, appointmentId, options),
    appointmentChanged: async (tx, professionalId, appointmentId, change) => {
      await syncAppointmentCharge(tx, professionalId, appointmentId, change);
      await queueAfterSessionPix(tx, clock, professionalId, appointmentId);
    },
    removalRefusal: async (tx, professionalId, appointmentId) => {
      if (await appointmentHasRecordEntries(tx, professionalId, appointmentId)) return MSG.appointmentRemovalHasRecord;
      if (await appointmentHasPayment(tx, professionalId, appointmentId)) return MSG.appointmentRemovalHasPayment;
      return null;
    },
  });
  const patients = patientService(db, clock, { optedOut: optedOutPatients });
  // Voice notes are transcribed by OpenAI's audio API whatever the assistant's provider (docs/decisions/026).
  const transcriber = config.openai.apiKey
    ? createOpenAiTranscriber({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, timeoutMs: config.openai.transcriptionTimeoutMs, model: config.openai.transcriptionModel })
    : null;
  const mediaSigner = outboundMediaSigner(config.twilio.authToken);
  // Conversations and messages: every module reads and writes them through this service.
  const messaging = messagingService(db, clock, { gateway, publicUrl: config.publicUrl, mediaSigner, replyJob: replyJobFor });
  const whatsappMetrics = whatsappMetricsService(db, clock, { messaging });
  const media = mediaService(db, clock, { twilio: config.twilio, transcriber, outbound: messaging, log: app.log, replyJob: replyJobFor });
  const payments = paymentsService(db, clock, {
    provider: paymentProvider,
    tokenKey: config.google.tokenKey,
    publicUrl: config.publicUrl,
    messenger: messaging,
    resendContentSid: config.resendContentSid,
    wake,
  });
  const assistant = assistantService(db, clock, {
    payments,
    appointments,
    patients,
    messaging,
    llm,
    checks: safetyChecks,
    webChatModelCall: webChatAllowance(db, clock, config.webChat),
    runJobNow: (dedupeKey) => worker.runNow(dedupeKey),
  });
  const calendarSync = calendarSyncService(db, clock, {
    provider: calendarProvider,
    tokenKey: config.google.tokenKey,
    publicUrl: config.publicUrl,
    ownEventsChanged: (professionalId) => calendarBusy.ownEventsChanged(professionalId),
  });
  const calendarBusy = calendarBusyService(db, clock, { provider: calendarProvider, sync: calendarSync, tokenKey: config.google.tokenKey, wake });
  const reminders = reminderService(db, clock, { gateway, messaging, appointments, contentSid: config.reminderContentSid, wake, paymentNote: payments });
  // While the event loop runs late, the worker steps back so requests (a webhook must answer in milliseconds) go first.
  const loopLoad = sampleEventLoopDelay({ limitMs: config.worker.loopDelayLimitMs });
  const worker = createWorker(db, {
    handlers: {
      ...messaging.jobs,
      ...media.jobs,
      ...assistant.jobs,
      ...calendarSync.jobs,
      ...calendarBusy.jobs,
      ...reminders.jobs,
      ...payments.jobs,
      ...backupJobs({ database, databaseUrl: config.databaseUrl, dir: config.backup.dir, keep: config.backup.keep, everyHours: config.backup.everyHours, passphrase: config.backup.passphrase, clock, log: app.log }),
    },
    concurrency: config.worker.concurrency,
    networkConcurrency: config.worker.networkConcurrency,
    busy: loopLoad.busy,
    lockTimeoutMs: config.worker.lockTimeoutMs,
    clock,
    log: app.log,
  });
  const webChat = webChatService(db, clock, { assistant, messaging, limits: config.webChat, publicUrl: config.publicUrl, wake });
  app.decorate("worker", worker);
  // On PostgreSQL a job enqueued by any process wakes every worker at once; polling stays as the fallback. The
  // embedded database has one process: wake() after a commit is enough there.
  // The notification names the types inserted, so only the pools they run in claim (a reply wakes no CPU claim).
  const jobWakeups = database.listen?.(JOBS_CHANNEL, (payload) => worker.wake(notifiedJobTypes(payload)), (error) => app.log.warn({ err: error }, "job notifications: listening connection lost; reconnecting"));
  app.addHook("onClose", async () => {
    loopLoad.stop();
    await jobWakeups?.stop();
    await worker.stop();
  });
  const webhook = whatsappWebhookService({
    gateway,
    publicUrl: config.publicUrl,
    inbound: whatsappInboundService(db, clock, { providerReady: assistant.providerReady, replyJob: replyJobFor, outbound: messaging, answers: reminders.answers, media }),
    outbound: messaging,
    wake,
  });
  const registry: RegisteredRoute[] = [];
  app.decorate("routeRegistry", registry);

  // The docs UI and its assets are public; declared here because the plugin registers its own routes.
  app.addHook("onRoute", (route) => {
    if (isUnderPath(route.url, DOCS_PREFIX)) route.config = { ...route.config, access: "public" };
  });
  // Before the session guard, so its hook is added to each route first: every request is counted before any lookup.
  await registerRateLimit(app, { db, clock, maxPerMinute: config.rateLimitPerMinute });
  registerAuth(app, sessions, registry);
  await registerDocs(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(authRoutes(authService(db, sessions, clock)));
      await api.register(professionalRoutes(professionalService(db, clock)));
      await api.register(leadRoutes(leadService(db, clock)));
      await api.register(adminDashboardRoutes(adminDashboardService(db, clock)));
      await api.register(userRoutes(userService(db, clock, sessions), professionalAccountService(db, clock)));
      await api.register(patientRoutes(patients));
      await api.register(privacyRoutes(privacyService(db, clock, { patients, messaging, recordRetentionYears: config.recordRetentionYears })));
      await api.register(taskRoutes(taskService(db, clock)));
      await api.register(recordRoutes(recordService(db, clock, { retentionYears: config.recordRetentionYears })));
      await api.register(appointmentRoutes(appointments, cancellationNotice(db, { messaging, resendContentSid: config.resendContentSid, wake })));
      await api.register(professionalToggleRoutes(professionalTogglesService(db)));
      await api.register(aiSettingsRoutes());
      await api.register(globalAiSettingsRoutes(globalAiSettingsService(db, clock)));
      await api.register(whatsappConfigRoutes(whatsappConfigService(db, config, messaging)));
      await api.register(conversationRoutes(conversationService(db, clock, { outbound: messaging, wake, resendContentSid: config.resendContentSid })));
      await api.register(whatsappWebhookRoutes(webhook));
      await api.register(outboundMediaRoutes(db, clock, mediaSigner));
      await api.register(assistantRoutes(assistant));
      await api.register(professionalProfileRoutes(professionalProfileService(db, { duration: followDefaultDuration })));
      await api.register(firstStepsRoutes(firstStepsService(db, clock, (tx, id) => messaging.senderOf(tx, id))));
      await api.register(
        googleCalendarRoutes(
          googleCalendarService(db, clock, { provider: calendarProvider, sync: calendarSync, tokenKey: config.google.tokenKey, publicUrl: config.publicUrl, wake }),
          calendarBusy,
          { publicUrl: config.publicUrl },
        ),
      );
      await api.register(calendarFeedRoutes(calendarFeedService(db, clock, { publicUrl: config.publicUrl })));
      await api.register(twilioNumberRoutes(twilioNumberService(db)));
      await api.register(whatsappMetricsRoutes(whatsappMetrics));
      await api.register(assistantSettingsRoutes(assistantSettingsService(db)));
      await api.register(webChatRoutes(webChat, config.webChat));
      await api.register(reminderRoutes(reminders));
      await api.register(
        paymentRoutes(
          payments,
          paymentWebhookService(db, clock, { provider: paymentProvider, tokenKey: config.google.tokenKey }),
        ),
      );
      await api.register(
        bookingPageRoutes(
          bookingPageService(db, clock, {
            appointments,
            messaging,
            gateway,
            reminderContentSid: config.reminderContentSid,
            resendContentSid: config.resendContentSid,
            publicUrl: config.publicUrl,
            wake,
          }),
          { readsPerMinute: config.bookingPageReadsPerMinute },
        ),
      );
    },
    { prefix: API_PREFIX },
  );

  await registerWeb(app, config.webDistDir);
  return app;
}
