/**
 * The safety module's public face: the rules that read a patient's words for a crisis or an emergency, and the
 * server's own answer to them (docs/decisions/022). Pure text rules: no database, no other module.
 */
export { safetyCaseOf, type SafetyCase } from "./crisis";
export { expandChatSpelling, normalizeForRules, sentencesOf, type Sentence } from "./normalize";
export { SAFETY_TEXTS, safetyAnswerFor, safetyConversationValues, safetyText, withTitle } from "./safety-answer";
export { patientWindow, RISK_WINDOW_MESSAGES, RISK_WINDOW_MINUTES, type WindowMessage } from "./window";
