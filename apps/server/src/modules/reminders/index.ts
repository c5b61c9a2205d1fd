/** The reminders module's public face: what other modules, the app and the tests may use. */
export { FREE_TEXT_WINDOW_MS } from "./reminder-decision";
export * from "./reminder-schedule";
export { reminderText, reminderVariables } from "./reminder-texts";
export * from "./reminder.routes";
export * from "./reminder.service";
