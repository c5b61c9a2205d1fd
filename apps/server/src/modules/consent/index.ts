/**
 * The consent module's public face: a contact's choices about the WhatsApp channels (reminders, the assistant),
 * recorded by the professional, the booking page, a keyword or Twilio, and what they allow.
 */
export {
  canSendBusinessInitiated,
  consentEventsOf,
  keywordOf,
  OPT_IN_CONFIRMATION,
  OPT_OUT_CONFIRMATION,
  optedOutPatients,
  recordConsents,
  recordTwilioOptOut,
  recordWhatsappChoice,
  scrubConsentEvents,
  TWILIO_UNSUBSCRIBED,
} from "./consent.service";
export { latestByChannel, latestConsentStatus, type ConsentEventWithActor, type ConsentSubject } from "./consent.repository";
