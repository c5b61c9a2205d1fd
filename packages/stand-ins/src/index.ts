export { startFakeTwilio } from "./fake-twilio";
export type {
  FakeTwilio,
  FakeTwilioCallback,
  FakeTwilioFailure,
  FakeTwilioMessage,
  FakeTwilioMediaFetch,
  FakeTwilioOptions,
  InboundMedia,
  InboundWhatsapp,
} from "./fake-twilio";
export { startFakeLlm, fakeVoiceNote, FAKE_RISK_WORDS, FAKE_TRANSCRIPT_MARKER, FAKE_TRANSCRIPTION_FAILS } from "./fake-llm";
export type { FakeClassification, FakeLlm, FakeLlmOptions, FakeModerationReply, FakeModerationRequest, FakeTranscriptionRequest } from "./fake-llm";
export { receptionistBrain, detectIntent, FAKE_ALARM_WORDS, parseDate, parseName, parseTime, todayFromSystem } from "./receptionist-brain";
export type { ReceptionistIntent } from "./receptionist-brain";
export type { BrainReply, BrainToolCall, LlmBrain, NormalizedLlmRequest, NormalizedToolCall, NormalizedTurn } from "./llm-types";
export type { RunningStandIn } from "./http-server";
export { FAKE_GOOGLE_ACCOUNT, startFakeGoogle } from "./fake-google";
export type { FakeGoogle, FakeGoogleCalendar, FakeGoogleEvent, FakeGoogleFailure, FakeGoogleOptions, FakeGoogleRequest } from "./fake-google";
export { startFakeMercadoPago } from "./fake-mercadopago";
export type { FakeMercadoPago, FakeMercadoPagoNotification, FakeMercadoPagoOptions, FakeMercadoPagoPayment } from "./fake-mercadopago";
