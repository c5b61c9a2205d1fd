/**
 * The reminders module's public face: the reminders' service and routes, the function that (re)schedules one
 * appointment's reminder (the app hands it to the appointments), and the reminder's text the booking page's
 * confirmation shares.
 */
export { cancellationNotice } from "./cancellation-notice";
export { queueReminder } from "./reminder-schedule";
export { reminderText, reminderVariables } from "./reminder-texts";
export { reminderRoutes } from "./reminder.routes";
export { reminderService } from "./reminder.service";
